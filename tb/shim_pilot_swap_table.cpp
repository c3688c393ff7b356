// Ports of rtl/pilot_swap_table.v for the lockstep harness (tb/vshim.hpp).
#include "Vpilot_swap_table.h"
#include "vshim.hpp"

DRF_SHIM(pilot_swap_table)
{
    return {PORT(rst), PORT(clear), PORT(apply), PORT(top), PORT(look), PORT(phys), PORT(frf),
            PORT(entries), PORT(err_apply)};
}
