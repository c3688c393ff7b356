// Ports of rtl/dcp_decompress.v (DC-Patch Dec unit, dc-patch paper Section IV-C) for the
// lockstep harness (tb/vshim.hpp).
#include "Vdcp_decompress.h"
#include "vshim.hpp"

DRF_SHIM(dcp_decompress)
{
    return {PORT(rst), PORT(load), PORT(c0), PORT(log2de), PORT(log2db), PORT(valid),
            PORT(blk), PORT(data)};
}
