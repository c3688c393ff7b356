// Ports of rtl/rc_ctable.v for the lockstep harness (tb/vshim.hpp).
#include "Vrc_ctable.h"
#include "vshim.hpp"

DRF_SHIM(rc_ctable)
{
    return {PORT(rst), PORT(we), PORT(waddr), PORT(wv), PORT(wc0), PORT(wlog2de),
            PORT(wlog2db), PORT(ra), PORT(rb), PORT(rw), PORT(va), PORT(c0a), PORT(log2dea),
            PORT(log2dba), PORT(vb), PORT(c0b), PORT(log2deb), PORT(log2dbb), PORT(vw)};
}
