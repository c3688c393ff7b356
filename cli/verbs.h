/* SPDX-License-Identifier: Apache-2.0 */
/* The deltarf command line as a function: the program's main (cli/deltarf.c) and the fuzzers
 * (fuzz/fuzz_args.c) call it. */
#ifndef CLI_VERBS_H
#define CLI_VERBS_H

/* Runs the command line argv[0..argc): 0 done, 1 bad input or an I/O error, 2 a usage error. */
int deltarf_main(int argc, char **argv);

#endif
