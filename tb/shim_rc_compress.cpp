// Ports of rtl/rc_compress.v for the lockstep harness (tb/vshim.hpp).
#include "Vrc_compress.h"
#include "vshim.hpp"

DRF_SHIM(rc_compress)
{
    return {PORT(rst), PORT(start), PORT(divergent), PORT(dst), PORT(sw_data), PORT(state),
            PORT(w_en_delta), PORT(w_en_c), PORT(comp_deltas), PORT(final_st), PORT(w_en_st),
            PORT(compr), PORT(compr_final), PORT(pg), PORT(st_reg), PORT(st_c0),
            PORT(st_log2de), PORT(st_log2db), PORT(ref_log2de), PORT(ref_log2db)};
}
