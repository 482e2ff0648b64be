/*
 * acc_cores.c — `robin accuracy --cores N` (acc_cores.h).
 */
#include "cli/sim_opts.h"
#include "cli/acc_cores.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_args.h"
#include "cli/core_opts.h"
#include "cli/emu_opts.h"
#include "sim/sim.h"

#define ACC_CORES_PROFILERS "tip,tip-ilp,nci,nci-ilp,lci,software,dispatch,fetch"
#define ACC_CORES_PERIOD "1009"

static void acc_cores_usage(FILE *out)
{
	fprintf(out,
	        "usage: robin accuracy --cores N [options] [--] PROG [ARGS...]\n"
	        "\n"
	        "Runs the threaded riscv64 program PROG on N simulated cores (robin sim --cores)\n"
	        "with the profilers of robin accuracy (" ACC_CORES_PROFILERS ") attached per\n"
	        "thread, all sampling the same cycles, and prints per thread each profiler's\n"
	        "samples and its error against that thread's Oracle at instruction, basic-block\n"
	        "and function level (seed 004 Paper A: e = (c_total - c_correct) / c_total).\n"
	        "\n"
	        "options:\n"
	        "  --cores N           cores (1 to 64)\n"
	        "  --profile LIST      other profilers instead (the Oracle is always there)\n"
	        "  --period CYCLES     sampling period (default " ACC_CORES_PERIOD ")\n"
	        "  --freq HZ, --random, --db FILE, --sample-seed N  as robin sim\n"
	        "  --stats-json FILE   robin sim --cores's statistics, threads[] with each\n"
	        "                      profiler's errors\n"
	        "  --quiet             no simulation summary on stderr\n"
	        "\n"
	        "core options:\n%s"
	        "\n"
	        "emulator options:\n%s",
	        core_opts_help, emu_opts_help);
}

int acc_cores_main(int argc, char **argv)
{
	struct core_opts co = { 0 };
	struct emu_opts eo = { 0 };
	struct sim_spec *sp = malloc(sizeof(*sp));
	int i, rc = 2;
	if (!sp) {
		fprintf(stderr, "robin accuracy: out of memory\n");
		return 1;
	}
	sim_spec_init(sp, "accuracy");
	struct sim_profile_opts *po = &sp->po[0];
	for (i = 1; emu_opts_more(argc, argv, &i); i++) {
		const char *a = argv[i];
		int t = core_opts_take(&co, argc, argv, &i);
		if (!t)
			t = emu_opts_take(&eo, "accuracy", argc, argv, &i);
		if (!t)
			t = sim_profile_take(po, "accuracy", argc, argv, &i);
		if (t < 0)
			goto out;
		if (t)
			continue;
		if ((!strcmp(a, "--cores") || !strcmp(a, "--stats-json")) && i + 1 >= argc) {
			fprintf(stderr, "robin accuracy: %s needs a value\n", a);
			goto out;
		}
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			acc_cores_usage(stdout);
			rc = 0;
			goto out;
		} else if (!strcmp(a, "--cores")) {
			if (sim_cores_parse(argv[++i], &sp->ncores))
				goto out;
		} else if (!strcmp(a, "--stats-json")) {
			sp->stats_json = argv[++i];
		} else if (!strcmp(a, "--quiet")) {
			sp->quiet = 1;
		} else {
			rc = emu_opts_unknown("accuracy", a);
			goto out;
		}
	}
	if (cli_args_tail("accuracy", &argc, argv, i) || emu_opts_program("accuracy", argc, i))
		goto out;
	char *defaults[] = { "accuracy", "--profile", ACC_CORES_PROFILERS, "--period",
	                     ACC_CORES_PERIOD };
	int k = 1;
	if (!po->list && sim_profile_take(po, "accuracy", 3, defaults, &k) != 1)
		goto out;
	k = 3;
	if (!po->period && po->freq_hz <= 0 && sim_profile_take(po, "accuracy", 5, defaults, &k) != 1)
		goto out;
	if (core_opts_build(&co, "accuracy", &sp->cfg))
		goto out;
	sp->npo = 1;
	sp->preset = co.preset;
	sp->eo = &eo;
	sp->argc = argc - i;
	sp->argv = argv + i;
	sp->command = "robin accuracy --cores";
	sp->table = stdout;
	sp->progress = 0;
	rc = sim_run(sp);
out:
	free(sp);
	return rc;
}
