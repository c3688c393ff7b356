// Ports of rtl/pv_bank_org.v for the lockstep harness (tb/vshim.hpp).
#include "Vpv_bank_org.h"
#include "vshim.hpp"

DRF_SHIM(pv_bank_org)
{
    return {PORT(rst),       PORT(reorg),     PORT(delay),      PORT(wr),        PORT(wr_v),
            PORT(wr_sb0),    PORT(wr_sb1),    PORT(wr_slow),    PORT(lk_v),      PORT(lk_sb0),
            PORT(lk_sb1),    PORT(lk_slow),   PORT(busy),       PORT(boundary),  PORT(err),
            PORT(table_sb0), PORT(table_sb1), PORT(table_slow)};
}
