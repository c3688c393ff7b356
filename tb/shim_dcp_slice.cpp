// Ports of rtl/dcp_slice.v for the lockstep harness (tb/vshim.hpp).
#include "Vdcp_slice.h"
#include "vshim.hpp"

DRF_SHIM(dcp_slice)
{
    return {PORT(rst), PORT(load_map), PORT(faulty), PORT(wr_start), PORT(wr_reg),
            PORT(wr_mask), PORT(wr_data), PORT(rd_start_a), PORT(rd_reg_a), PORT(rd_start_b),
            PORT(rd_reg_b), PORT(dealloc), PORT(reg_base), PORT(n), PORT(rd_valid_a),
            PORT(rd_blk_a), PORT(rd_data_a), PORT(rd_valid_b), PORT(rd_blk_b), PORT(rd_data_b),
            PORT(wr_busy), PORT(stall), PORT(wr_refused), PORT(mov), PORT(err_lds_full),
            PORT(err_rel), PORT(psu_err), PORT(dealloc_busy), PORT(err_dealloc),
            PORT(relq_valid), PORT(bitmap), PORT(lds_used), PORT(ev_done), PORT(ev_kind),
            PORT(ev_misp), PORT(ev_compressed)};
}
