// Ports of rtl/rc_decompress.v for the lockstep harness (tb/vshim.hpp).
#include "Vrc_decompress.h"
#include "vshim.hpp"

DRF_SHIM(rc_decompress)
{
    return {PORT(c0), PORT(log2de), PORT(log2db), PORT(sw), PORT(comp)};
}
