// Ports of rtl/pv_rf.v for the lockstep harness (tb/vshim.hpp).
#include "Vpv_rf.h"
#include "vshim.hpp"

DRF_SHIM(pv_rf)
{
    return {PORT(rst),          PORT(launch),     PORT(launch_block), PORT(launch_first),
            PORT(launch_last),  PORT(retire),     PORT(retire_block), PORT(reorg),
            PORT(reorg_kshift), PORT(delay),      PORT(req),          PORT(we),
            PORT(warp),         PORT(reg_id),     PORT(wdata),        PORT(grant),
            PORT(stall),        PORT(err_access), PORT(err_launch),   PORT(err_retire),
            PORT(err_reorg),    PORT(vbank),      PORT(sb0),          PORT(sb1),
            PORT(slow),         PORT(org_busy),   PORT(rdata)};
}
