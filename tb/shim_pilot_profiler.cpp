// Ports of rtl/pilot_profiler.v for the lockstep harness (tb/vshim.hpp).
#include "Vpilot_profiler.h"
#include "vshim.hpp"

DRF_SHIM(pilot_profiler)
{
    return {PORT(rst),       PORT(launch),   PORT(launch_id), PORT(acc_warp), PORT(acc_valid),
            PORT(acc_reg),   PORT(fin),      PORT(fin_warp),  PORT(cnt_addr), PORT(mask),
            PORT(pilot_id),  PORT(sorting),  PORT(top_valid), PORT(top),      PORT(cnt_data),
            PORT(err_reg)};
}
