// Ports of rtl/pv_fwas.v for the lockstep harness (tb/vshim.hpp).
#include "Vpv_fwas.h"
#include "vshim.hpp"

DRF_SHIM(pv_fwas)
{
    return {PORT(rst), PORT(ready), PORT(fast), PORT(stall), PORT(valid), PORT(warp),
            PORT(warp_fast)};
}
