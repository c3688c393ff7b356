// Ports of rtl/psu.v for the lockstep harness (tb/vshim.hpp).
#include "Vpsu.h"
#include "vshim.hpp"

DRF_SHIM(psu)
{
    return {PORT(rst),      PORT(load_map), PORT(faulty),   PORT(take_c),   PORT(take_u),
            PORT(rel),      PORT(rel_entry), PORT(rel_blk), PORT(rel_c),    PORT(pc_valid),
            PORT(pc_entry), PORT(pc_blk),   PORT(pc_tier),  PORT(pu_valid), PORT(pu_entry),
            PORT(err),      PORT(bitmap)};
}
