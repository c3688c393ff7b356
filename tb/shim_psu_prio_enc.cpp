// Ports of rtl/psu_prio_enc.v (default WIDTH = 1024) for the lockstep harness (tb/vshim.hpp).
#include "Vpsu_prio_enc.h"
#include "vshim.hpp"

DRF_SHIM(psu_prio_enc)
{
    return {PORT(in), PORT(valid), PORT(index)};
}
