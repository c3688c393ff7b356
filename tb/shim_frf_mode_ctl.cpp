// Ports of rtl/frf_mode_ctl.v for the lockstep harness (tb/vshim.hpp).
#include "Vfrf_mode_ctl.h"
#include "vshim.hpp"

DRF_SHIM(frf_mode_ctl)
{
    return {PORT(rst), PORT(issue), PORT(mode), PORT(epoch_last), PORT(icount), PORT(err_issue)};
}
