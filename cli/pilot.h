/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf pilot TRACE [--n N] [--json]: the pilot register file's evaluation on one trace (pilot paper
 * Sections II, III-A, IV-C, V; eval/pilot/pilot_eval.c, docs/pilot-eval.md). */
#ifndef CLI_PILOT_H
#define CLI_PILOT_H

/* argv[0] is "pilot"; returns the exit status (0, 1 bad trace, 2 usage). */
#define PILOT_SYNOPSIS "deltarf pilot TRACE [--n N] [--gpu NAME|FILE] [--json]"
int cmd_pilot(int argc, char **argv);

#endif
