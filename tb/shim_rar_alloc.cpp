// Ports of rtl/rar_alloc.v for the lockstep harness (tb/vshim.hpp).
#include "Vrar_alloc.h"
#include "vshim.hpp"

DRF_SHIM(rar_alloc)
{
    return {PORT(rst), PORT(configure), PORT(cfg_n), PORT(alloc), PORT(free), PORT(free_id),
            PORT(grant), PORT(win_id), PORT(reg_base), PORT(s), PORT(n), PORT(busy),
            PORT(full), PORT(err_alloc), PORT(err_free), PORT(err_cfg)};
}
