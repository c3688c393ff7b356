/* SPDX-License-Identifier: Apache-2.0 */
/* The deltarf command line's verbs and their dispatch (deltarf_main): the record verbs of the
 * C golden models (aging paper Sections 5.1-5.2, pilot Figs. 6-7, PV 3.3-4.2), DC-Patch fault
 * maps (dc-patch Section II-B, Table 1) and the trace evaluations. Linked by the fuzzers too. */
#include <stdio.h>
#include <string.h>

#include <errno.h>
#include <stdlib.h>

#include "verbs.h"

#include "deltarf_version.h"
#include "faultmap.h"
#include "lineread.h"
#include "patch.h"
#include "pilot.h"
#include "pvcli.h"
#include "pvsim.h"
#include "cmpcli.h"
#include "records.h"
#include "sim.h"
#include "swap.h"

#define PROG "deltarf"

/* Parses the current record and writes its result line; false (message set) on bad input. */
typedef bool (*record_fn)(lr_reader *r, FILE *out);

static void print_usage_lines(void);

static void print_help(void)
{
    print_usage_lines();
    printf("\n"
           "RC register compression of the aging paper (Section 5.1, Eq. 2, block size %d).\n"
           "Reads FILE, or standard input when FILE is absent or \"-\", one record per line.\n"
           "Blank lines and lines whose first non-blank character is '#' are skipped.\n"
           "Lines hold at most %d bytes. Words are separated by blanks; a hex word has\n"
           "1-8 hex digits of either case and an optional 0x prefix.\n"
           "\n"
           "compress    in:  %d hex words, the components C0..C%d of one register\n"
           "            out: \"C <C0> <log2de> <log2db>\" (C0 as 8 lowercase hex digits;\n"
           "                 codes 0-%d give the delta 2^code, %d a zero delta),\n"
           "                 or \"U\" when the register is not compressible\n"
           "decompress  in:  \"<C0> <log2de> <log2db>\", C0 a hex word, codes decimal 0-%d\n"
           "            out: the %d components as 8-digit lowercase hex words\n"
           "            (a compress output line \"C <C0> <log2de> <log2db>\" is accepted)\n"
           "rar         in:  \"<reg_base> <N> <s> <index>\", decimal\n"
           "            out: reg_phys = reg_base + (s + index) %% N through Fig. 11's logic;\n"
           "                 index >= N, s >= N, N = 0 or reg_base + N > %d is bad input\n"
           "swap        in:  \"<compiler top-n> ; <pilot top-n>\", %d register numbers each\n"
           "                 (0-%d, optional R prefix), pilot paper Figs. 6-7\n"
           "            out: the swapping table after reset, after the compiler's top-n and\n"
           "                 after the pilot's, %d lines \"<v|i> R<original> R<mapped>\" each,\n"
           "                 then a blank line\n"
           "pilot       TRACE: top-k access shares, FRF shares, FRF_low share, energy\n"
           "                 (pilot paper Sections II, V; docs/pilot-eval.md)\n"
           "pvorg       in:  32 sub-bank delays, decimal (fraction allowed), lower is faster\n"
           "            out: 16 lines \"<virtual bank> <sub-bank> <sub-bank> fast|slow\"\n"
           "                 (PV paper Section 4.2.2: ranked by delay, ties to the lower ID)\n"
           "rename      in:  \"<last_warp>\" (0-47)\n"
           "            out: the virtual banks of banks 0..15 (PV paper Section 4.2.1)\n"
           "bank        in:  \"<warp> <reg> <last_warp>\" (0-47, 0-63, 0-47)\n"
           "            out: \"<bank> <virtual bank>\": Eq. (3) bank renamed with last_warp's row\n"
           "faultmap    out: a seeded fault map of the scenario (DC-Patch Table 1, ECP rule):\n"
           "                 %d lines of %d block bits, block 0 first, 1 = faulty\n"
           "\n"
           "Bad input: one line \"" PROG ": FILE:LINE: message\" on stderr, exit status 1\n"
           "(results of the lines before it are already written). Usage errors exit 2.\n",
           DRF_BLOCK_SIZE, LR_MAX_LINE, DRF_COMPONENTS, DRF_COMPONENTS - 1, DRF_MAX_LOG2,
           DRF_CODE_ZERO, RECORD_CODE_MAX, DRF_COMPONENTS, DRF_REGS, DRF_PILOT_N, DRF_PILOT_REGS - 1,
           DRF_PILOT_ENTRIES, DRF_REGS, FM_BLOCKS);
}

static int usage_error(const char *problem, const char *arg);

/* deltarf faultmap --scenario NAME [--seed S] (argv[0] "faultmap"): writes a generated map. */
static int faultmap_command(int argc, char **argv)
{
    enum fm_scenario scenario = FM_SCENARIOS;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i += 2) {
        if (i + 1 >= argc)
            return usage_error("missing value for", argv[i]);
        if (strcmp(argv[i], "--scenario") == 0) {
            if (!fm_scenario_parse(argv[i + 1], &scenario))
                return usage_error("unknown scenario (common, clustered, dispersed)", argv[i + 1]);
        } else if (strcmp(argv[i], "--seed") == 0) {
            char *end;
            errno = 0;
            seed = strtoull(argv[i + 1], &end, 10);
            if (errno || *end || end == argv[i + 1] || argv[i + 1][0] == '-')
                return usage_error("bad seed", argv[i + 1]);
        } else {
            return usage_error("unknown option", argv[i]);
        }
    }
    if (scenario == FM_SCENARIOS)
        return usage_error("faultmap needs --scenario", NULL);
    fm_map m;
    fm_generate(scenario, seed, &m);
    char comment[96];
    snprintf(comment, sizeof comment, "scenario %s, seed %llu", fm_scenario_name(scenario),
             (unsigned long long)seed);
    fm_write(stdout, &m, comment);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fputs(PROG ": <stdout>: write error\n", stderr);
        return 1;
    }
    return 0;
}

/* The verbs: the usage lines of --help, the usage error's list and --usage-table, from which
 * `make readme` writes README.md's CLI section (tools/gen/readme_cli.py). */
static const struct verb {
    const char *name;
    const char *synopsis;
    const char *summary;
    record_fn record;                   /* a verb of records: FILE or standard input ("-") */
    int (*command)(int argc, char **argv); /* else a verb with options, argv[0] the verb */
} verbs[] = {
    {"compress", PROG " compress [FILE]",
     "RC compression (aging 5.1.1): 64 hex words a line -> \"C <c0> <log2de> <log2db>\" or \"U\"",
     compress_record, NULL},
    {"decompress", PROG " decompress [FILE]",
     "RC decompression (aging 5.1.2): \"<c0> <log2de> <log2db>\" a line -> 64 hex words",
     decompress_record, NULL},
    {"rar", PROG " rar [FILE]",
     "RAR (aging 5.2, Fig. 11): \"<reg_base> <N> <s> <index>\" a line -> reg_phys", rar_record,
     NULL},
    {"swap", PROG " swap [FILE]",
     "Pilot RF swapping table (pilot Figs. 6-7): \"<compiler top-n> ; <pilot top-n>\" a line -> "
     "the table after each", swap_record, NULL},
    {"pvorg", PROG " pvorg [FILE]",
     "RF-BRO (PV 4.2.2): 32 sub-bank delays a line -> 16 \"<vbank> <sb> <sb> fast|slow\"",
     pvorg_record, NULL},
    {"rename", PROG " rename [FILE]",
     "bank renaming (PV 4.2.1): \"<last_warp>\" a line -> the virtual banks of banks 0..15",
     rename_record, NULL},
    {"bank", PROG " bank [FILE]",
     "Eq. (3) mapping (PV 3.3.1): \"<warp> <reg> <last_warp>\" a line -> \"<bank> <virtual bank>\"",
     bank_record, NULL},
    {"faultmap", PROG " faultmap --scenario common|clustered|dispersed [--seed S]",
     "a seeded DC-Patch fault map (DC-Patch Table 1, ECP rule)", NULL, faultmap_command},
    {"sim", SIM_SYNOPSIS,
     "a trace under baseline, rar, rc, rc+rar, wc, argo: write patterns, 0/1/off time, longest "
     "duty cycles, dVth, wake-ups, special MOVs, energy (aging 6)", NULL, cmd_sim},
    {"patch", PATCH_SYNOPSIS,
     "a trace through the DC-Patch slice on K fault maps, every read checked; Fig. 8 energy, "
     "perf overhead (DC-Patch V)", NULL,
     cmd_patch},
    {"pilot", PILOT_SYNOPSIS,
     "Pilot RF on a trace: top-k access shares, FRF shares, FRF_low share and energy on the "
     "issue model (pilot II, V)",
     NULL, cmd_pilot},
    {"compare", COMPARE_SYNOPSIS,
     "every technique of the four papers on the same traces, read once: RF energy, NBTI "
     "guardband, extra cycles, area against one baseline (docs/compare.md)", NULL, cmd_compare},
    {"pv", PV_SYNOPSIS,
     "PV/NBTI banked RF on a trace: 7 schemes over N VARIUS chips, guardband after Y years "
     "(PV 6)", NULL, cmd_pv},
};
enum { N_VERBS = sizeof verbs / sizeof verbs[0] };

static void print_usage_lines(void)
{
    for (unsigned i = 0; i < N_VERBS; i++)
        printf("%s%s\n", i ? "       " : "usage: ", verbs[i].synopsis);
    printf("       " PROG " --help | --usage-table | --version\n");
}

/* --usage-table: one "verb<TAB>synopsis<TAB>summary" line a verb. */
static int print_usage_table(void)
{
    for (unsigned i = 0; i < N_VERBS; i++)
        printf("%s\t%s\t%s\n", verbs[i].name, verbs[i].synopsis, verbs[i].summary);
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}

static int usage_error(const char *problem, const char *arg)
{
    fprintf(stderr, PROG ": %s%s%s%s; usage: " PROG " ", problem, arg ? " '" : "", arg ? arg : "",
            arg ? "'" : "");
    for (unsigned i = 0; i < N_VERBS; i++)
        fprintf(stderr, "%s%s", i ? "|" : "", verbs[i].name);
    fputs(" ..., " PROG " --help\n", stderr);
    return 2;
}

static const struct verb *find_verb(const char *name)
{
    for (unsigned i = 0; i < N_VERBS; i++)
        if (strcmp(verbs[i].name, name) == 0)
            return &verbs[i];
    return NULL;
}

static bool wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return true;
    return false;
}

/* Runs one record function over every record of path (NULL or "-": stdin). */
static int run_records(record_fn run, const char *path)
{
    lr_reader r;
    if (!lr_open(&r, path)) {
        lr_report(&r, PROG);
        return 1;
    }
    enum lr_status st;
    while ((st = lr_next(&r)) == LR_RECORD && run(&r, stdout))
        ;
    lr_close(&r);
    if (st != LR_EOF) {
        lr_report(&r, PROG);
        return 1;
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fputs(PROG ": <stdout>: write error\n", stderr);
        return 1;
    }
    return 0;
}

int deltarf_main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        if (argc > 2)
            return usage_error("unexpected argument", argv[2]);
        printf(PROG " %s\n", deltarf_version());
        return 0;
    }
    if (wants_help(argc, argv)) {
        print_help();
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "--usage-table") == 0)
        return print_usage_table();
    if (argc < 2)
        return usage_error("missing subcommand", NULL);
    const struct verb *v = find_verb(argv[1]);
    if (v == NULL)
        return usage_error("unknown subcommand", argv[1]);
    if (v->command)
        return v->command(argc - 1, argv + 1);
    if (argc > 3)
        return usage_error("unexpected argument", argv[3]);
    const char *path = argc == 3 ? argv[2] : NULL;
    if (path != NULL && path[0] == '-' && path[1] != '\0')
        return usage_error("unknown option", path);
    return run_records(v->record, path);
}
