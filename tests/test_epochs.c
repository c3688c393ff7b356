/* SPDX-License-Identifier: Apache-2.0 */
/* Unit tests of the Pilot RF's epochs on the issue model (eval/timeline/epochs.c; pilot paper Sec. IV-C,
 * V-B): an epoch runs in FRF_low when the one before it issued fewer than the threshold, idle
 * epochs count as none issued, issues may arrive out of cycle order within the open epochs,
 * compute units are apart, and a reset context counts as a fresh one. */
#include "check.h"
#include "eval/timeline/epochs.h"

static const fmc_cfg rule = {50, 11}; /* deltarf pilot's: a GCN CU's 50 slots, 11 of them */

/* n instructions of one access each in [cycle, cycle + n) of compute unit g. */
static void issue(ep_state *e, unsigned g, uint64_t cycle, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        ep_add(e, g, cycle + i, 1, true);
}

static void run(ep_state *e, ep_counts *out)
{
    ep_reset(e, &rule);
    ep_advance(e, 1000);
    issue(e, 0, 1010, 12); /* epoch 20: 12 issued -> epoch 21 high */
    issue(e, 0, 1060, 5);  /* epoch 21: high, 5 issued -> epoch 22 low */
    ep_add(e, 0, 1120, 3, false); /* epoch 22 (low): 3 more accesses, before ... */
    ep_add(e, 0, 1101, 4, true);  /* ... an issue at an earlier cycle of the same epoch */
    ep_advance(e, 1150);          /* epochs 20-22 final */
    issue(e, 0, 1400, 20); /* epoch 28 after idle epochs: low; 20 issued */
    issue(e, 0, 1450, 2);  /* epoch 29: high */
    issue(e, 1, 1450, 2);  /* another compute unit's first epoch: none before it, low */
    *out = ep_finish(e);
}

int main(void)
{
    check_counts c = {0, 0};
    ep_state *e = ep_new();
    CHECK(&c, e != NULL);
    if (e == NULL)
        return check_done(&c, "test_epochs");
    ep_counts n;
    run(e, &n);
    /* low: epoch 20 (first), 22 (5 < 11), 28 (after idle), unit 1's first */
    CHECK(&c, n.epochs == 6 && n.low_epochs == 4);
    CHECK(&c, n.accesses == 12 + 5 + 7 + 20 + 2 + 2);
    CHECK(&c, n.low_accesses == 12 + 7 + 20 + 2);
    ep_counts again;
    run(e, &again); /* reused */
    CHECK(&c, again.accesses == n.accesses && again.low_accesses == n.low_accesses &&
                  again.epochs == n.epochs && again.low_epochs == n.low_epochs);
    ep_free(e);
    return check_done(&c, "test_epochs");
}
