/*
 * cmd_sim.c — `robin sim [options] [--] PROG [ARGS]`: run a riscv64 Linux program on the
 * cycle-level out-of-order core. The guest runs on the emulator exactly as under `robin run`
 * (same output, same exit status); the core times it and prints on stderr the cycles, IPC,
 * branch and cache MPKI and the commit-stage cycle stack, optionally as JSON, and can write
 * a gem5 O3PipeView file for an instruction window.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/sim_opts.h"
#include "cli/cli_args.h"
#include "cli/cli.h"
#include "cli/core_opts.h"
#include "cli/emu_opts.h"
#include "sim/sim_coproc.h"
#include "sim/sim_cores.h"
#include "sim/sim_profile.h"
#include "sim/sim_profileme.h"
#include "sim/sim_smarts.h"
#include "core/core.h"
#include "core/pipeview.h"
#include "core/probe_check.h"
#include "core/source.h"
#include "util/json.h"
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

static double sim_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

struct sim_progress {
	double t0, last;
};

static void sim_progress_line(void *ctx, const struct core *c)
{
	struct sim_progress *p = ctx;
	double t = sim_now();
	if (t - p->last < 0.5)
		return;
	p->last = t;
	const struct core_stats *s = core_stats(c);
	uint64_t cycles = core_cycle(c);
	fprintf(stderr, "\r\033[Krobin sim: %.1fM instructions, %.1fM cycles, IPC %.3f, %.2f MIPS",
	        (double)s->instructions / 1e6, (double)cycles / 1e6,
	        cycles ? (double)s->instructions / (double)cycles : 0.0,
	        (double)s->instructions / (t - p->t0) / 1e6);
	fflush(stderr);
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

/* Functional warming for --warmup: n instructions on the emulator, each handed to the core's
 * caches, TLBs and predictor; then the core's statistics restart. EMU_RUNNING, or how the
 * program ended during warming. */
static enum emu_status sim_warm(struct emu *e, struct core *c, uint64_t n,
				 struct callstack *calls)
{
	struct emu_dyn d;
	for (uint64_t k = 0; k < n; k++) {
		enum emu_status st = emu_step(e, &d);
		if (st != EMU_RUNNING)
			return st;
		if (calls)
			callstack_step(calls, e, &d);
		core_warm(c, &d);
	}
	core_warm_done(c);
	return EMU_RUNNING;
}

int cmd_sim(int argc, char **argv)
{
	struct core_opts co = { 0 };
	struct emu_opts eo = { 0 };
	struct sim_profile_opts po = { .top = SIM_PROFILE_TOP_DEFAULT };
	struct sim_pm_opts pmo = { 0 };
	struct sim_coproc_opts cpo = { 0 };
	struct sim_coproc *scp = NULL;
	const char *stats_json = NULL, *pipeview_path = NULL;
	uint64_t pv_start = 0, pv_end = UINT64_MAX, warmup = 0, detail = 0;
	const char *restore = NULL;
	struct smarts_opts smarts = { 0 };
	int quiet = 0, progress = 1, check = 0, host_time = 0, i;
	unsigned ncores = 0;
	for (i = 1; emu_opts_more(argc, argv, &i); i++) {
		const char *a = argv[i];
		int t = core_opts_take(&co, argc, argv, &i);
		if (!t)
			t = emu_opts_take(&eo, "sim", argc, argv, &i);
		if (!t)
			t = sim_profile_take(&po, "sim", argc, argv, &i);
		if (!t)
			t = sim_pm_take(&pmo, "sim", argc, argv, &i);
		if (!t)
			t = sim_coproc_take(&cpo, argc, argv, &i);
		if (t < 0)
			return 2;
		if (t)
			continue;
		int needs = !strcmp(a, "--stats-json") || !strcmp(a, "--pipeview") ||
		            !strcmp(a, "--pipeview-window") || !strcmp(a, "--restore") ||
		            !strcmp(a, "--warmup") || !strcmp(a, "--insns") || !strcmp(a, "--smarts") ||
		            !strcmp(a, "--cores");
		if (needs && i + 1 >= argc) {
			fprintf(stderr, "robin sim: %s needs a value\n", a);
			return 2;
		}
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			sim_usage(stdout);
			return 0;
		} else if (!strcmp(a, "--stats-json")) {
			stats_json = argv[++i];
		} else if (!strcmp(a, "--pipeview")) {
			pipeview_path = argv[++i];
		} else if (!strcmp(a, "--pipeview-window")) {
			if (sim_parse_window(argv[++i], &pv_start, &pv_end)) {
				fprintf(stderr, "robin sim: --pipeview-window needs START:END with START < "
				        "END, got '%s'\n", argv[i]);
				return 2;
			}
		} else if (!strcmp(a, "--cores")) {
			if (sim_cores_parse(argv[++i], &ncores))
				return 2;
		} else if (!strcmp(a, "--smarts")) {
			if (sim_smarts_parse(argv[++i], &smarts))
				return 2;
		} else if (!strcmp(a, "--restore")) {
			restore = argv[++i];
		} else if (!strcmp(a, "--warmup") || !strcmp(a, "--insns")) {
			uint64_t *dst = a[2] == 'w' ? &warmup : &detail;
			if (text_parse_u64(argv[++i], dst) || (a[2] == 'i' && !*dst)) {
				fprintf(stderr, "robin sim: %s needs a %s integer, got '%s'\n", a,
				        a[2] == 'w' ? "non-negative" : "positive", argv[i]);
				return 2;
			}
		} else if (!strcmp(a, "--probe-check")) {
			check = 1;
		} else if (!strcmp(a, "--quiet")) {
			quiet = 1;
		} else if (!strcmp(a, "--host-time")) {
			host_time = 1;
		} else if (!strcmp(a, "--no-progress")) {
			progress = 0;
		} else {
			return emu_opts_unknown("sim", a);
		}
	}
	if (restore && i < argc) {
		fprintf(stderr, "robin sim: --restore takes no program\n");
		return 2;
	}
	if (cli_args_tail("sim", &argc, argv, i))
		return 2;
	if (!restore && emu_opts_program("sim", argc, i))
		return 2;
	const char *prog = restore ? restore : argv[i];
	struct core_config cfg;
	if (core_opts_build(&co, "sim", &cfg))
		return 2;
	if (pmo.any && !pmo.on) {
		fprintf(stderr, "robin sim: --pm-* options need --profileme\n");
		return 2;
	}
	if (!po.list && (((po.db_path || po.top_set) && !pmo.on) || po.period || po.freq_hz > 0 ||
	                 po.random)) {
		fprintf(stderr, "robin sim: --db, --freq, --period, --random and --top need --profile "
		        "LIST|all (--db and --top also go with --profileme)\n");
		return 2;
	}
	if (cpo.any && !cpo.path) {
		fprintf(stderr, "robin sim: the --coproc-* options need --coproc FILE.s\n");
		return 2;
	}
	if (po.period && po.freq_hz > 0) {
		fprintf(stderr, "robin sim: --freq and --period exclude each other\n");
		return 2;
	}
	struct pmu *pmu = NULL;
	struct pm *pm = NULL;
	FILE *pm_raw = NULL;
	struct code_map cmap;
	struct callstack *calls = NULL;
	code_map_init(&cmap);

	int rc = 1;
	struct emu *e = NULL;
	struct core *c = NULL;
	struct pipeview *pv = NULL;
	FILE *pvf = NULL;
	if (pipeview_path) {
		pvf = fopen(pipeview_path, "w");
		if (!pvf) {
			fprintf(stderr, "robin sim: cannot write %s: %s\n", pipeview_path, strerror(errno));
			return 1;
		}
	}
	int st = restore ? sim_guest_restore(&eo, "sim", restore, &e) :
	                   sim_guest_start(&eo, "sim", argc - i, argv + i, &e);
	if (st) {
		rc = st;
		goto out;
	}
	if (ncores) {
		if (host_time && eo.cfg.virtual_time) {
			fprintf(stderr, "robin sim: --host-time and --virtual-time exclude each other\n");
			rc = 2;
			goto out;
		}
		if (restore || warmup || detail || smarts.unit || pvf || pmo.on || cpo.path || check ||
		    po.want_stacks) {
			fprintf(stderr, "robin sim: --cores goes with the core, emulator and --profile "
			        "options only (not --restore, --warmup, --insns, --smarts, --pipeview, "
			        "--profileme, --coproc, --probe-check, --stacks)\n");
			rc = 2;
			goto out;
		}
		char *cmdline = sim_join_args(argc, argv);
		struct sim_cores_args ca = {
			.n = ncores, .cfg = &cfg, .preset = co.preset, .eo = &eo, .po = &po,
			.prog = prog, .stats_json = stats_json,
			.command = cmdline ? cmdline : "robin sim", .quiet = quiet,
			.guest_clock = !host_time && !eo.cfg.virtual_time,
		};
		rc = sim_cores_run(e, &ca);
		free(cmdline);
		goto out;
	}
	struct source_emu se;
	struct core_source src;
	source_emu_init(&se, e, detail ? detail : eo.max_insns, &src);
	if (po.list && po.want_stacks) {
		if (callstack_create(&calls)) {
			fprintf(stderr, "robin sim: out of memory for the shadow stack\n");
			goto out;
		}
		se.calls = calls;
		po.stacks = 1;
	}
	int err = core_create(&cfg, &src, &c);
	if (err) {
		fprintf(stderr, "robin sim: cannot create the core: %s\n", strerror(-err));
		goto out;
	}
	if (host_time && eo.cfg.virtual_time) {
		fprintf(stderr, "robin sim: --host-time and --virtual-time exclude each other\n");
		rc = 2;
		goto out;
	}
	if (!host_time && !eo.cfg.virtual_time)
		core_guest_clock(c, e);  /* the guest's time is the simulated time */
	if (warmup || restore) {
		enum emu_status ws = sim_warm(e, c, warmup, calls);
		if (ws != EMU_RUNNING) {
			fprintf(stderr, "robin sim: the program ended during --warmup, after %" PRIu64
			        " instructions\n", emu_instret(e));
			goto out;
		}
	}
	if (pvf) {
		struct probe_consumer pc;
		if (pipeview_create(pvf, pv_start, pv_end, &pv) ||
		    (pipeview_consumer(pv, &pc), core_attach(c, &pc))) {
			fprintf(stderr, "robin sim: cannot set up the pipeline view\n");
			goto out;
		}
	}
	if (po.list) {
		struct probe_consumer pc;
		if (po.db_path && sim_profile_db_ready(po.db_path, "sim"))
			goto out;  /* a database that cannot take the profiles fails now, not after */
		if (sim_profile_pmu(&po, "sim", &cfg, &pmu))
			goto out;
		pmu_consumer(pmu, &pc);
		if (core_attach(c, &pc)) {
			fprintf(stderr, "robin sim: cannot attach the profilers\n");
			goto out;
		}
	}
	if (pmo.on) {
		struct probe_consumer pc;
		if (pmo.raw_path && !(pm_raw = fopen(pmo.raw_path, "w"))) {
			fprintf(stderr, "robin sim: cannot write %s: %s\n", pmo.raw_path, strerror(errno));
			goto out;
		}
		if (sim_pm_create(&pmo, "sim", &cfg, pm_raw, &pm))
			goto out;
		pm_consumer(pm, &pc);
		if (core_attach(c, &pc)) {
			fprintf(stderr, "robin sim: cannot attach ProfileMe\n");
			goto out;
		}
	}
	if (cpo.path && (rc = sim_coproc_attach(&cpo, c, &scp)))
		goto out;
	rc = 1;
	struct probe_check pcheck;
	if (check) {
		struct probe_consumer pc;
		probe_check_init(&pcheck, &pc);
		if (core_attach(c, &pc)) {
			fprintf(stderr, "robin sim: cannot attach the probe check\n");
			goto out;
		}
	}
	if (smarts.unit) {
		rc = sim_smarts(e, c, &se, &smarts, prog, stats_json);
		goto out;
	}
	struct sim_progress prog_state = { sim_now(), sim_now() };
	int tty = progress && isatty(STDERR_FILENO);
	if (tty)
		core_set_progress(c, sim_progress_line, &prog_state, 1u << 20);
	double t0 = sim_now();
	err = core_run(c, stderr);
	double secs = sim_now() - t0;
	if (tty)
		fprintf(stderr, "\r\033[K");
	if (pv)
		pipeview_finish(pv);
	const struct core_stats *s = core_stats(c);
	uint64_t sum = 0;
	for (unsigned k = 0; k < CORE_STACK_N; k++)
		sum += s->stack[k];
	if (sum != s->cycles) {
		fprintf(stderr, "robin sim: internal error: the cycle stack sums to %" PRIu64 " of %"
		        PRIu64 " cycles\n", sum, s->cycles);
		abort();
	}
	const char *status = "error";
	int sig = 0;
	if (err) {
		fprintf(stderr, "robin sim: the core stopped after %" PRIu64 " cycles and %" PRIu64
		        " instructions (%s)\n", s->cycles, s->instructions,
		        err == -ETIMEDOUT ? "deadlock watchdog" : strerror(-err));
		rc = 1;
	} else {
		if (detail && se.status == EMU_LIMIT) {
			status = "limit";  /* --insns reached: the expected end */
			rc = 0;
		} else {
			rc = sim_guest_finish(e, se.status == EMU_RUNNING ? EMU_EXITED : se.status, &status,
			                     &sig);
		}
	}
	if (check && probe_check_report(&pcheck, s, stderr) && !rc)
		rc = 1;
	if (!quiet) {
		fprintf(stderr, "robin sim: %s, %.3f s host time, %.2f MIPS\n", prog, secs,
		        secs > 0 ? (double)s->instructions / secs / 1e6 : 0.0);
		core_print_summary(c, stderr);
	}
	if (scp) {
		char *cmdline = sim_join_args(argc, argv);
		if (sim_coproc_finish(scp, c, &cfg, &eo, e, argc - i, argv + i,
		                      cmdline ? cmdline : "robin sim", quiet ? NULL : stderr))
			rc = rc ? rc : 1;
		free(cmdline);
	}
	if (pmu) {
		pmu_finish(pmu);
		if (sim_profile_code_map(e, &cmap) ||
		    (!quiet && sim_profile_print(stderr, pmu, &cmap, po.top, cfg.freq_mhz))) {
			fprintf(stderr, "robin sim: out of memory while evaluating the profiles\n");
			rc = rc ? rc : 1;
		}
		if (po.db_path) {
			char *cmdline = sim_join_args(argc, argv), *cfgtext = NULL;
			size_t cfglen = 0;
			FILE *cf = open_memstream(&cfgtext, &cfglen);
			if (cf) {
				config_dump(&cfg, cf);
				fclose(cf);
			}
			struct sim_profile_run run = {
				.command = cmdline ? cmdline : "robin sim", .config = cfgtext ? cfgtext : "",
				.cycles = s->cycles, .instructions = s->instructions,
				.exit_status = rc, .has_exit = !err, .calls = calls,
			};
			if (calls && !quiet) {
				struct callstack_stats cst;
				callstack_stats(calls, &cst);
				fprintf(stderr, "robin sim: shadow stack: %" PRIu64 " calls, %" PRIu64
				        " returns, %" PRIu64 " unwinds, %" PRIu64 " signals (%" PRIu64
				        " returned), max depth %u, %u calling contexts\n", cst.calls,
				        cst.returns, cst.unwinds, cst.signals, cst.sigreturns,
				        cst.max_depth, cst.contexts);
			}
			if (sim_profile_store(po.db_path, "sim", &run, pmu, &cmap, quiet ? NULL : stderr))
				rc = rc ? rc : 1;
			free(cmdline);
			free(cfgtext);
		}
	}
	if (pm) {
		pm_end_cycles(pm, core_stats(c)->cycles);
		pm_finish(pm);
		if ((!pmu && sim_profile_code_map(e, &cmap)) ||
		    (!quiet && sim_pm_print(stderr, pm, &cmap, po.top_set ? po.top
		                                                        : SIM_PROFILE_TOP_DEFAULT))) {
			fprintf(stderr, "robin sim: out of memory while evaluating ProfileMe\n");
			rc = rc ? rc : 1;
		}
		if (pm_raw && (fflush(pm_raw) || ferror(pm_raw))) {
			fprintf(stderr, "robin sim: cannot write %s: %s\n", pmo.raw_path, strerror(errno));
			rc = rc ? rc : 1;
		}
		if (po.db_path) {
			char *cmdline = sim_join_args(argc, argv);
			struct sim_profile_run run = {
				.command = cmdline ? cmdline : "robin sim", .config = "",
				.cycles = s->cycles, .instructions = s->instructions,
				.exit_status = rc, .has_exit = !err,
			};
			if (sim_pm_store(po.db_path, "sim", &run, pm, &cmap, quiet ? NULL : stderr))
				rc = rc ? rc : 1;
			free(cmdline);
		}
	}
	if (stats_json) {
		FILE *f = fopen(stats_json, "w");
		if (!f) {
			fprintf(stderr, "robin sim: cannot write %s: %s\n", stats_json, strerror(errno));
			rc = rc ? rc : 1;
		} else {
			struct json j;
			json_init(&j, f, 1);
			json_object_begin(&j);
			json_kv_string(&j, "program", prog);
			json_kv_string(&j, "preset", co.preset ? co.preset : "boom-large");
			json_kv_int(&j, "exit_code", rc);
			json_kv_string(&j, "status", status);
			json_kv_int(&j, "signal", sig);
			core_write_stats_json(c, &j, secs);
			if (scp)
				sim_coproc_json(scp, &j);
			if (pmu && sim_profile_json(&j, pmu, &cmap,
			                            po.top_set && po.top ? po.top : SIM_PROFILE_TOP_DEFAULT)) {
				fprintf(stderr, "robin sim: out of memory while writing %s\n", stats_json);
				rc = rc ? rc : 1;
			}
			if (pm && sim_pm_json(&j, pm, &cmap)) {
				fprintf(stderr, "robin sim: out of memory while writing %s\n", stats_json);
				rc = rc ? rc : 1;
			}
			json_object_end(&j);
			json_end(&j);
			fclose(f);
		}
	}
out:
	code_map_free(&cmap);
	sim_coproc_destroy(scp);
	pmu_destroy(pmu);
	callstack_destroy(calls);
	pm_destroy(pm);
	if (pm_raw)
		fclose(pm_raw);
	pipeview_destroy(pv);
	if (pvf)
		fclose(pvf);
	core_destroy(c);
	sim_guest_close(&eo);
	emu_destroy(e);
	return rc;
}
