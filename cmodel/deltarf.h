/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf: the umbrella header of the bit-accurate C golden models of the papers' GPU
 * register-file mechanisms: RC compression (aging paper 5.1), RAR (5.2), DC-Patch (Sections
 * II-IV), the pilot register file (pilot paper III-V). One header per block below; the calls
 * and an example of each are in docs/api.md. */
#ifndef DELTARF_DELTARF_H
#define DELTARF_DELTARF_H

#include "deltarf_version.h"
#include "drf_api.h"
#include "drf_params.h"

#include "rc_compress.h"
#include "rc_ctable.h"
#include "rc_decompress.h"
#include "rc_delta.h"
#include "rc_slice.h"

#include "rar.h"

#include "dcp_beats.h"
#include "dcp_compress.h"
#include "dcp_decompress.h"
#include "dcp_pt.h"
#include "dcp_slice.h"
#include "faultmap.h"
#include "psu.h"

#include "frf_mode_ctl.h"
#include "pilot_profiler.h"
#include "pilot_rf.h"
#include "pilot_swap_table.h"

#endif
