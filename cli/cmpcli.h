/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf compare (docs/compare.md): the four papers' techniques side by side on the same kernels,
 * one register-file, energy and ageing model (docs/compare.md). */
#ifndef CLI_CMPCLI_H
#define CLI_CMPCLI_H

#define COMPARE_SYNOPSIS "deltarf compare TRACE... [--chips N] [--years Y] [--gpu NAME|FILE]" \
                         " [--json FILE]"
int cmd_compare(int argc, char **argv);

#endif
