// Ports of rtl/pv_busy_arb.v for the lockstep harness (tb/vshim.hpp).
#include "Vpv_busy_arb.h"
#include "vshim.hpp"

DRF_SHIM(pv_busy_arb)
{
    return {PORT(rst),   PORT(req),   PORT(slow), PORT(sb0),    PORT(sb1),
            PORT(grant), PORT(stall), PORT(busy), PORT(sb_busy)};
}
