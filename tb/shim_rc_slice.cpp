// Ports of rtl/rc_slice.v for the lockstep harness (tb/vshim.hpp).
#include "Vrc_slice.h"
#include "vshim.hpp"

DRF_SHIM(rc_slice)
{
    return {PORT(rst), PORT(wr_start), PORT(wr_reg), PORT(wr_mask), PORT(wr_data),
            PORT(rd_en_a), PORT(rd_reg_a), PORT(rd_sw_a), PORT(rd_en_b), PORT(rd_reg_b),
            PORT(rd_sw_b), PORT(rd_valid_a), PORT(rd_data_a), PORT(rd_valid_b),
            PORT(rd_data_b), PORT(wr_phase), PORT(wr_overlap), PORT(mov), PORT(wake),
            PORT(pg)};
}
