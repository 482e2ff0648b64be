/*
 * cmd_coproc.c — `robin coproc asm FILE.s`: assemble a program for the profiling
 * co-processor (docs/coproc.md) and print its listing: the filter and start table, the
 * sample fields, the read-only registers and each 48-bit word with its operations. Errors
 * name the file, line and column. Running a program is `robin sim --coproc FILE.s`.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli_args.h"
#include "cli/cli.h"
#include "coproc/coproc.h"

static void coproc_usage(FILE *out)
{
	fprintf(out,
	        "usage: robin coproc asm [--quiet] FILE.s\n"
	        "\n"
	        "Assembles microcode for the profiling co-processor (docs/coproc.md) and prints\n"
	        "the listing; with --quiet prints only \"FILE.s: N words\". Exit status 1 with\n"
	        "one line FILE:LINE:COLUMN: what, when the program is wrong.\n"
	        "Programs shipped with robin: coproc/value_profile.s, coproc/edge_profile.s,\n"
	        "coproc/memdep_profile.s. Run one with `robin sim --coproc FILE.s PROG`.\n");
}

int cmd_coproc(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		coproc_usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	if (strcmp(argv[1], "asm")) {
		fprintf(stderr, "robin coproc: unknown subcommand '%s' (asm)\n", argv[1]);
		return 2;
	}
	int quiet = 0, i = 2;
	if (i < argc && !strcmp(argv[i], "--quiet")) {
		quiet = 1;
		i++;
	}
	if (i < argc && cli_args_reject("coproc asm", argv[i]))
		return 2;
	if (i + 1 != argc) {
		fprintf(stderr, "robin coproc asm: give one FILE.s\n");
		return 2;
	}
	struct coproc_prog p;
	char err[512];
	if (coproc_asm_file(argv[i], &p, err, sizeof(err))) {
		fprintf(stderr, "robin coproc asm: %s\n", err);
		return 1;
	}
	if (quiet)
		printf("%s: %u words\n", argv[i], p.n_words);
	else
		coproc_prog_print(&p, stdout);
	return 0;
}
