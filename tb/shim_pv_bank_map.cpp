// Ports of rtl/pv_bank_map.v for the lockstep harness (tb/vshim.hpp).
#include "Vpv_bank_map.h"
#include "vshim.hpp"

DRF_SHIM(pv_bank_map)
{
    return {PORT(warp), PORT(reg_id), PORT(fast_regs), PORT(bank), PORT(bank_fba), PORT(fba_fast)};
}
