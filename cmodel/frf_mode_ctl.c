/* SPDX-License-Identifier: Apache-2.0 */
/* FRF_high / FRF_low switch (pilot paper Section IV-C): fmc_step() mirrors
 * rtl/frf_mode_ctl.v cycle by cycle. After a reset the FRF is in FRF_high until the first
 * epoch ends (docs/pilot-decisions.md). */
#include "frf_mode_ctl.h"

void fmc_reset(fmc_state *st)
{
    *st = (fmc_state){.pos = 0, .icount = 0, .mode = true};
}

void fmc_step(const fmc_cfg *c, fmc_state *st, const fmc_in *in, fmc_out *out)
{
    const unsigned issue = in->issue & FMC_ISSUE_MASK;
    const unsigned n = issue > DRF_PILOT_ISSUE_MAX ? DRF_PILOT_ISSUE_MAX : issue;
    const unsigned total = st->icount + n;
    out->mode = st->mode;
    out->epoch_last = st->pos == c->epoch - 1;
    out->icount = st->icount;
    out->err_issue = issue > DRF_PILOT_ISSUE_MAX;

    if (in->rst) {
        fmc_reset(st);
    } else if (out->epoch_last) {
        st->mode = fmc_next_high(c, total);
        st->pos = 0;
        st->icount = 0;
    } else {
        st->pos++;
        st->icount = (uint16_t)total;
    }
}
