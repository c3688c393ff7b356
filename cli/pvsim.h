/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf pv: the PV/NBTI banked-RF evaluation on a trace (pv-nbti-banked-rf paper Sections
 * 3.1, 4.1, 6.2), the command-line front end of eval/pv/pv_eval.h. */
#ifndef CLI_PVSIM_H
#define CLI_PVSIM_H

/* argv[0] is "pv"; returns the exit status. */
#define PV_SYNOPSIS "deltarf pv TRACE [--chips N] [--years Y] [--t0 nbti|pv] [--gpu NAME|FILE] [--json]"
int cmd_pv(int argc, char **argv);

#endif
