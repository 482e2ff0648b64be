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
#include "sim/sim_cores.h"
#include "sim/sim_profile.h"

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
	struct sim_profile_opts po = { .top = SIM_PROFILE_TOP_DEFAULT };
	const char *stats_json = NULL;
	unsigned ncores = 0;
	int quiet = 0, i;
	for (i = 1; emu_opts_more(argc, argv, &i); i++) {
		const char *a = argv[i];
		int t = core_opts_take(&co, argc, argv, &i);
		if (!t)
			t = emu_opts_take(&eo, "accuracy", argc, argv, &i);
		if (!t)
			t = sim_profile_take(&po, "accuracy", argc, argv, &i);
		if (t < 0)
			return 2;
		if (t)
			continue;
		if ((!strcmp(a, "--cores") || !strcmp(a, "--stats-json")) && i + 1 >= argc) {
			fprintf(stderr, "robin accuracy: %s needs a value\n", a);
			return 2;
		}
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			acc_cores_usage(stdout);
			return 0;
		} else if (!strcmp(a, "--cores")) {
			if (sim_cores_parse(argv[++i], &ncores))
				return 2;
		} else if (!strcmp(a, "--stats-json")) {
			stats_json = argv[++i];
		} else if (!strcmp(a, "--quiet")) {
			quiet = 1;
		} else {
			return emu_opts_unknown("accuracy", a);
		}
	}
	if (cli_args_tail("accuracy", &argc, argv, i) || emu_opts_program("accuracy", argc, i))
		return 2;
	char *defaults[] = { "accuracy", "--profile", ACC_CORES_PROFILERS, "--period",
	                     ACC_CORES_PERIOD };
	int k = 1;
	if (!po.list && sim_profile_take(&po, "accuracy", 3, defaults, &k) != 1)
		return 2;
	k = 3;
	if (!po.period && po.freq_hz <= 0 && sim_profile_take(&po, "accuracy", 5, defaults, &k) != 1)
		return 2;
	struct core_config cfg;
	if (core_opts_build(&co, "accuracy", &cfg))
		return 2;
	struct emu *e = NULL;
	int rc = sim_guest_start(&eo, "accuracy", argc - i, argv + i, &e);
	if (!rc) {
		struct sim_cores_args ca = {
			.n = ncores, .cfg = &cfg, .preset = co.preset, .eo = &eo, .po = &po,
			.prog = argv[i], .stats_json = stats_json, .command = "robin accuracy --cores",
			.quiet = quiet, .guest_clock = !eo.cfg.virtual_time, .table = stdout,
		};
		rc = sim_cores_run(e, &ca);
	}
	sim_guest_close(&eo);
	emu_destroy(e);
	return rc;
}
