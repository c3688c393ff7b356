// Ports of rtl/rar_phys.v for the lockstep harness (tb/vshim.hpp).
#include "Vrar_phys.h"
#include "vshim.hpp"

DRF_SHIM(rar_phys)
{
    return {PORT(reg_base), PORT(n), PORT(s), PORT(index), PORT(reg_phys), PORT(overflow),
            PORT(err)};
}
