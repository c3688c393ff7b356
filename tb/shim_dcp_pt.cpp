// Ports of rtl/dcp_pt.v (dc-patch paper Sections IV-B, IV-D) for the lockstep harness
// (tb/vshim.hpp).
#include "Vdcp_pt.h"
#include "vshim.hpp"

DRF_SHIM(dcp_pt)
{
    return {PORT(rst),        PORT(src0),       PORT(src1),       PORT(dest),
            PORT(we),         PORT(waddr),      PORT(wv),         PORT(wc),
            PORT(wm),         PORT(wentry),     PORT(wblk),       PORT(dealloc),
            PORT(reg_base),   PORT(n),          PORT(v_src0),     PORT(c_src0),
            PORT(m_src0),     PORT(entry_src0), PORT(blk_src0),   PORT(v_src1),
            PORT(c_src1),     PORT(m_src1),     PORT(entry_src1), PORT(blk_src1),
            PORT(v_dest),     PORT(c_dest),     PORT(m_dest),     PORT(entry_dest),
            PORT(blk_dest),   PORT(rel_valid),  PORT(rel_c),      PORT(rel_m),
            PORT(rel_entry),  PORT(rel_blk),    PORT(busy),       PORT(err_busy),
            PORT(err_window), PORT(err_conflict)};
}
