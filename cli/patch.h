/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf patch: DC-Patch on real traces (dc-patch paper Section V-A, Figs. 2, 3, 5 and 6),
 * the command-line front end of eval/patch/patch.h. */
#ifndef CLI_PATCH_H
#define CLI_PATCH_H

/* argv[0] is "patch"; returns the exit status. */
#define PATCH_SYNOPSIS "deltarf patch TRACE --scenario common|clustered|dispersed [--seed S]" \
                       " [--maps K] [--map packed|recorded] [--buffer-mb M] [--gpu NAME|FILE]" \
                       " [--json|--md-row]"
int cmd_patch(int argc, char **argv);

#endif
