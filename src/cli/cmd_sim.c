/*
 * cmd_sim.c — `robin sim [options] [--] PROG [ARGS]`: run a riscv64 Linux program on the
 * cycle-level out-of-order core. The guest runs on the emulator exactly as under `robin run`
 * (same output, same exit status); the core times it and prints on stderr the cycles, IPC,
 * branch and cache MPKI and the commit-stage cycle stack, optionally as JSON, and can write
 * a gem5 O3PipeView file for an instruction window.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_args.h"
#include "cli/cli.h"
#include "cli/core_opts.h"
#include "cli/emu_opts.h"
#include "cli/sim_opts.h"
#include "sim/sim.h"
#include "util/text.h"

static void sim_usage(FILE *out)
{
	fprintf(out,
	        "usage: robin sim [options] [--] PROG [ARGS...]\n"
	        "\n"
	        "Runs the riscv64 Linux program PROG on robin's cycle-level out-of-order core (a\n"
	        "BOOM-like model driven by the emulator). The guest's output and exit status are\n"
	        "those of `robin run`; on stderr follows a summary: cycles, instructions, IPC,\n"
	        "branch MPKI, MPKI per cache level and the commit-stage cycle stack (computing,\n"
	        "stalled by the ROB head's class, flushed by cause, drained by cause).\n"
	        "\n"
	        "core options:\n%s%s"
	        "\n"
	        "emulator options:\n%s"
	        "  --host-time         the guest reads the host's clocks; by default its clocks\n"
	        "                      and interval timers advance with the simulated cycles at\n"
	        "                      freq_mhz (--virtual-time: one ns per instruction)\n"
	        "\n"
	        "profiling options (seed 004 Paper A: all profilers sample the same cycles):\n%s"
	        "\n"
	        "ProfileMe options (instruction sampling, docs/profileme.md):\n%s"
	        "\n"
	        "profiling co-processor (001_df4aea695fbcd9aa.txt, docs/coproc.md):\n%s"
	        "\n"
	        "output options:\n"
	        "  --stats-json FILE   write the statistics as JSON (cycles, instructions, ipc,\n"
	        "                      host_seconds, mips, cycle_stack, caches, branches, config;\n"
	        "                      with --profile also profile_error and top)\n"
	        "  --pipeview FILE     write gem5's O3PipeView format (Konata; o3-pipeview.py\n"
	        "                      --cycle-time 1000)\n"
	        "  --pipeview-window START:END\n"
	        "                      only instructions START..END-1 (0-based, as `robin run\n"
	        "                      --trace` numbers them) and the wrong path fetched among them\n"
	        "sampled simulation (docs/robin-simpoint.md):\n"
	        "  --restore CKPT      start from a checkpoint of robin run --checkpoint-at (no PROG)\n"
	        "  --warmup W          first run W instructions functionally, warming caches, TLBs\n"
	        "                      and the branch predictor; they are not reported\n"
	        "  --warmup-predictor P  only the last P of them train the branch predictor (the\n"
	        "                      ones before warm the TLBs and caches alone, at less cost;\n"
	        "                      default all; one core)\n"
	        "  --insns L           then simulate L instructions in detail and report only them\n"
	        "  --smarts U:W:k      SMARTS: measure one unit of U instructions in every k, after W\n"
	        "                      of detailed warming, warming functionally in between; CPI\n"
	        "                      with its confidence interval\n"
	        "  --probe-check       attach a consumer that reads every probe and checks the\n"
	        "                      probe contract (exit 1 on an inconsistency)\n"
	        "  --quiet             no summary\n"
	        "  --no-progress       no progress line (shown when stderr is a terminal)\n"
	        "  --help              this text\n"
	        "\n"
	        "exit status: as `robin run`; 1 if the core stopped (deadlock watchdog).\n",
	        core_opts_help, SIM_CORES_HELP, emu_opts_help, sim_profile_help, sim_pm_help, sim_coproc_help);
}

/* argv as one line (for the profile database's run record). */
static char *sim_join_args(int argc, char **argv)
{
	size_t n = 16;
	for (int i = 0; i < argc; i++)
		n += strlen(argv[i]) + 1;
	char *s = malloc(n);
	if (!s)
		return NULL;
	strcpy(s, "robin");
	for (int i = 0; i < argc; i++) {
		strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

static int sim_parse_window(const char *s, uint64_t *start, uint64_t *end)
{
	char *colon;
	errno = 0;
	unsigned long long a = strtoull(s, &colon, 0);
	if (errno || colon == s || *colon != ':' || s[0] == '-')
		return -1;
	char *rest;
	unsigned long long b = strtoull(colon + 1, &rest, 0);
	if (errno || rest == colon + 1 || *rest || colon[1] == '-' || b <= a)
		return -1;
	*start = a;
	*end = b;
	return 0;
}

int cmd_sim(int argc, char **argv)
{
	struct core_opts co = { 0 };
	struct emu_opts eo = { 0 };
	struct sim_spec *sp = malloc(sizeof(*sp));
	char *cmdline = NULL;
	int i, rc = 2;
	if (!sp) {
		fprintf(stderr, "robin sim: out of memory\n");
		return 1;
	}
	sim_spec_init(sp, "sim");
	struct sim_profile_opts *po = &sp->po[0];
	uint64_t wpred = UINT64_MAX;  /* --warmup-predictor */
	for (i = 1; emu_opts_more(argc, argv, &i); i++) {
		const char *a = argv[i];
		int t = core_opts_take(&co, argc, argv, &i);
		if (!t)
			t = emu_opts_take(&eo, "sim", argc, argv, &i);
		if (!t)
			t = sim_profile_take(po, "sim", argc, argv, &i);
		if (!t)
			t = sim_pm_take(&sp->pmo[0], "sim", argc, argv, &i);
		if (!t)
			t = sim_coproc_take(&sp->cpo, argc, argv, &i);
		if (t < 0)
			goto out;
		if (t)
			continue;
		int needs = !strcmp(a, "--stats-json") || !strcmp(a, "--pipeview") ||
		            !strcmp(a, "--pipeview-window") || !strcmp(a, "--restore") ||
		            !strcmp(a, "--warmup") || !strcmp(a, "--insns") || !strcmp(a, "--smarts") ||
		            !strcmp(a, "--cores") || !strcmp(a, "--warmup-predictor");
		if (needs && i + 1 >= argc) {
			fprintf(stderr, "robin sim: %s needs a value\n", a);
			goto out;
		}
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			sim_usage(stdout);
			rc = 0;
			goto out;
		} else if (!strcmp(a, "--stats-json")) {
			sp->stats_json = argv[++i];
		} else if (!strcmp(a, "--pipeview")) {
			sp->pipeview = argv[++i];
		} else if (!strcmp(a, "--pipeview-window")) {
			if (sim_parse_window(argv[++i], &sp->pv_start, &sp->pv_end)) {
				fprintf(stderr, "robin sim: --pipeview-window needs START:END with START < "
				        "END, got '%s'\n", argv[i]);
				goto out;
			}
		} else if (!strcmp(a, "--cores")) {
			if (sim_cores_parse(argv[++i], &sp->ncores))
				goto out;
		} else if (!strcmp(a, "--smarts")) {
			if (sim_smarts_parse(argv[++i], &sp->smarts))
				goto out;
		} else if (!strcmp(a, "--restore")) {
			sp->restore = argv[++i];
		} else if (!strcmp(a, "--warmup") || !strcmp(a, "--insns")) {
			uint64_t *dst = a[2] == 'w' ? &sp->warmup : &sp->insns;
			if (text_parse_u64(argv[++i], dst) || (a[2] == 'i' && !*dst)) {
				fprintf(stderr, "robin sim: %s needs a %s integer, got '%s'\n", a,
				        a[2] == 'w' ? "non-negative" : "positive", argv[i]);
				goto out;
			}
		} else if (!strcmp(a, "--warmup-predictor")) {
			if (text_parse_u64(argv[++i], &wpred) || wpred == UINT64_MAX) {
				fprintf(stderr, "robin sim: --warmup-predictor needs a non-negative integer, "
				        "got '%s'\n", argv[i]);
				goto out;
			}
		} else if (!strcmp(a, "--probe-check")) {
			sp->probe_check = 1;
		} else if (!strcmp(a, "--quiet")) {
			sp->quiet = 1;
		} else if (!strcmp(a, "--host-time")) {
			sp->host_time = 1;
		} else if (!strcmp(a, "--no-progress")) {
			sp->progress = 0;
		} else {
			rc = emu_opts_unknown("sim", a);
			goto out;
		}
	}
	if (wpred != UINT64_MAX && (!sp->warmup || sp->ncores || sp->smarts.unit)) {
		fprintf(stderr, "robin sim: --warmup-predictor goes with --warmup on one core\n");
		goto out;
	}
	sp->warmup_mem_only = wpred < sp->warmup ? sp->warmup - wpred : 0;
	if (sp->restore && i < argc) {
		fprintf(stderr, "robin sim: --restore takes no program\n");
		goto out;
	}
	if (cli_args_tail("sim", &argc, argv, i))
		goto out;
	if (!sp->restore && emu_opts_program("sim", argc, i))
		goto out;
	/* --vlen is the core's vlen too, before --set and --config (which may contradict it:
	 * sim_vlen_match says so) */
	char vlen_kv[32];
	if (eo.cfg.vlen && co.nops < CORE_OPTS_MAX) {
		snprintf(vlen_kv, sizeof(vlen_kv), "vlen=%u", eo.cfg.vlen);
		memmove(&co.kind[1], &co.kind[0], (size_t)co.nops * sizeof(co.kind[0]));
		memmove(&co.arg[1], &co.arg[0], (size_t)co.nops * sizeof(co.arg[0]));
		co.kind[0] = 's';
		co.arg[0] = vlen_kv;
		co.nops++;
	}
	if (core_opts_build(&co, "sim", &sp->cfg) || sim_vlen_match(&sp->cfg, &eo, "sim"))
		goto out;
	cmdline = sim_join_args(argc, argv);
	sp->command = cmdline ? cmdline : "robin sim";
	sp->preset = co.preset;
	sp->eo = &eo;
	sp->npo = po->list ? 1 : 0;
	if (!sp->restore) {
		sp->argc = argc - i;
		sp->argv = argv + i;
	}
	rc = sim_run(sp);
out:
	free(cmdline);
	free(sp);
	return rc;
}
