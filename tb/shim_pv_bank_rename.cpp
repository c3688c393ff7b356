// Ports of rtl/pv_bank_rename.v for the lockstep harness (tb/vshim.hpp).
#include "Vpv_bank_rename.h"
#include "vshim.hpp"

DRF_SHIM(pv_bank_rename)
{
    return {PORT(rst),      PORT(launch),  PORT(launch_block), PORT(launch_last_warp),
            PORT(lk_block), PORT(lk_bank), PORT(lk_vbank),     PORT(err)};
}
