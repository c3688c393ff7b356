/* SPDX-License-Identifier: Apache-2.0 */
/* deltarf: the command-line front end of the C golden models and the trace evaluations of the
 * four papers (its verbs: cli/verbs.c). */
#include "verbs.h"

int main(int argc, char **argv)
{
    return deltarf_main(argc, argv);
}
