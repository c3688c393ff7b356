/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf sim: the aging paper's Section 6 evaluation (duty cycles, dVth, energy) of the
 * Section 5 schemes on one register trace (eval/sim/sim.h). */
#ifndef CLI_SIM_H
#define CLI_SIM_H

#define SIM_SYNOPSIS "deltarf sim TRACE [--scheme S]... [--map packed|recorded]" \
                     " [--dispatch fill|passes|stream] [--repeat R] [--buffer-mb M] [--json]" \
                     " [--plots DIR] [--gpu NAME|FILE]"
int cmd_sim(int argc, char **argv);

#endif
