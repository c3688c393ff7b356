// Ports of rtl/pilot_rf.v for the lockstep harness (tb/vshim.hpp).
#include "Vpilot_rf.h"
#include "vshim.hpp"

DRF_SHIM(pilot_rf)
{
    return {PORT(rst),      PORT(tbl_apply), PORT(tbl_top),  PORT(warp_start), PORT(start_warp),
            PORT(warp_end), PORT(end_warp),  PORT(req),      PORT(req_we),     PORT(req_warp),
            PORT(req_reg),  PORT(req_tag),   PORT(req_wdata), PORT(mode),      PORT(gen),
            PORT(live),     PORT(warp_gen),  PORT(accept),   PORT(stall),      PORT(err_req),
            PORT(err_warp), PORT(err_tbl),   PORT(acc_frf),  PORT(acc_loc),    PORT(acc_lat),
            PORT(rvalid),   PORT(rdata),     PORT(rtag)};
}
