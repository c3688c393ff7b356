// Ports of rtl/dcp_compress.v (DC-Patch Com unit, dc-patch paper Section IV-C) for the
// lockstep harness (tb/vshim.hpp).
#include "Vdcp_compress.h"
#include "vshim.hpp"

DRF_SHIM(dcp_compress)
{
    return {PORT(rst), PORT(start), PORT(divergent), PORT(blk_data), PORT(c_compr),
            PORT(cdata_c0), PORT(cdata_log2de), PORT(cdata_log2db), PORT(done),
            PORT(compressed), PORT(misp), PORT(replay_valid), PORT(replay_blk),
            PORT(replay_data), PORT(busy), PORT(err_busy)};
}
