/*
 * cmd_run.c — `robin run [options] [--] PROG [ARGS]`: run a riscv64 Linux program on the
 * emulator as qemu-riscv64 would. The guest's stdout, stderr and exit status are robin's; a
 * guest fault prints one line and exits with 128+signal. The emulator options (cli/emu_opts.h,
 * shared with `robin sim`) add an instruction limit, a commit trace, and deterministic time
 * and randomness; --stats and --stats-json report instructions, time and MIPS.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli_args.h"
#include "cli/cli.h"
#include "cli/emu_opts.h"
#include "analysis/etrace_run.h"
#include "emu/bbv.h"
#include "emu/checkpoint.h"
#include "emu/emu.h"
#include "util/json.h"
#include "util/outfile.h"
#include "util/text.h"

static void run_usage(FILE *out)
{
	fprintf(out,
		"usage: robin run [options] [--] PROG [ARGS...]\n"
		"\n"
		"Runs the riscv64 Linux program PROG (static, static-pie or dynamic, built for\n"
		"RV64GC) in robin's emulator, as qemu-riscv64 would. The guest's output and exit\n"
		"status are robin's. A guest fault prints one line and exits with 128+signal\n"
		"(SIGILL 132, SIGTRAP 133, SIGABRT 134, SIGBUS 135, SIGSEGV 139).\n"
		"\n"
		"options:\n"
		"%s"
		"  --stats             print instructions, host seconds (wall and CPU) and MIPS on\n"
		"                      stderr\n"
		"  --stats-json FILE   write them as JSON (instructions, host_seconds, cpu_seconds,\n"
		"                      mips, mips_cpu, exit_code, status, signal)\n"
		"  --etrace FILE       write an E-Trace instruction trace, decode it and compare its\n"
		"                      block counts with the run's (docs/etrace.md)\n"
		"  --etrace-verify FILE  decode an existing trace of the same program instead\n"
		"  --etrace-return-stack N  implicit-return stack entries (a power of two up to\n"
		"                      1024, or 0; default 32)\n"
		"  --bbv FILE          write basic-block vectors for SimPoint (T:id:count lines)\n"
		"  --bbv-interval N    instructions per vector (default 100000000)\n"
		"  --bbv-map FILE      the block-to-PC and interval map (default FILE.map)\n"
		"  --checkpoint-at N[,N...]  save the architectural state when N instructions have\n"
		"                      run, into --checkpoint-dir as insn-N.ckpt (docs/checkpoint.md)\n"
		"  --checkpoint-dir D  where checkpoints go (default .)\n"
		"  --restore CKPT      continue the program saved in CKPT instead of starting PROG\n"
		"  --help              this text\n"
		"\n"
		"exit status: the guest's; 128+signal after a guest fault; %d at --max-insns;\n"
		"127 if PROG does not exist, 126 if it cannot be executed, 1 if it is not a valid\n"
		"riscv64 ELF program, 2 for usage errors.\n",
		emu_opts_help, SIM_GUEST_EXIT_LIMIT);
}

static double run_clock(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* --stats-json: 0, or -1 after one line "robin run: FILE: reason". */
static int run_write_json(const char *path, const struct emu *e, const char *prog, uint64_t n,
			  double secs, double cpu, int rc, const char *status, int sig,
			  const struct etrace_run *et)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "robin run: %s: %s\n", path, strerror(errno));
		return -1;
	}
	struct json j;
	json_init(&j, f, 1);
	json_object_begin(&j);
	json_kv_string(&j, "program", prog);
	json_kv_uint(&j, "instructions", n);
	json_kv_double(&j, "host_seconds", secs);
	json_kv_double(&j, "cpu_seconds", cpu);
	json_kv_double(&j, "mips", secs > 0 ? (double)n / secs / 1e6 : 0);
	json_kv_double(&j, "mips_cpu", cpu > 0 ? (double)n / cpu / 1e6 : 0);
	json_kv_int(&j, "exit_code", rc);
	json_kv_string(&j, "status", status);
	json_kv_int(&j, "signal", sig);
	uint64_t jb, jbytes;
	emu_jit_stats(e, &jb, &jbytes);
	json_kv_uint(&j, "translated_blocks", jb);
	json_kv_uint(&j, "translated_bytes", jbytes);
	if (et)
		etrace_run_json(et, &j);
	json_object_end(&j);
	json_end(&j);
	int err = outfile_close(f);
	if (err)
		fprintf(stderr, "robin run: %s: %s\n", path, strerror(-err));
	return err ? -1 : 0;
}

/* --stats of a threaded guest: one line per thread with the instructions it retired. */
static void run_print_threads(const struct emu *e)
{
	size_t n = emu_threads(e, NULL, 0);
	if (n < 2)
		return;
	struct emu_thread_info *t = calloc(n, sizeof(*t));
	if (!t)
		return;
	emu_threads(e, t, n);
	for (size_t i = 0; i < n; i++)
		fprintf(stderr, "robin: thread %d: %" PRIu64 " instructions\n", t[i].tid, t[i].instret);
	free(t);
}

#define RUN_MAX_CHECKPOINTS 4096

/* "N,N,..." ascending; returns how many, or -1 after a message. */
static int run_parse_checkpoints(const char *list, uint64_t *at)
{
	int n = 0;
	const char *p = list;
	while (*p) {
		char num[32];
		size_t len = strcspn(p, ",");
		if (!len || len >= sizeof(num) || n == RUN_MAX_CHECKPOINTS)
			goto bad;
		memcpy(num, p, len);
		num[len] = 0;
		if (text_parse_u64(num, &at[n]) || (n && at[n] <= at[n - 1]))
			goto bad;
		n++;
		p += len;
		if (*p == ',' && *++p == 0)
			goto bad;
	}
	if (n)
		return n;
bad:
	fprintf(stderr, "robin run: --checkpoint-at needs ascending instruction counts N,N,... "
	        "(at most %d), got '%s'\n", RUN_MAX_CHECKPOINTS, list);
	return -1;
}

/* --bbv: the vectors file, the map file and the counter. */
struct run_bbv {
	struct bbv b;
	FILE *out;
	const char *path;
	char map[4096];
};

static int run_bbv_start(struct run_bbv *r, struct emu *e, const char *path, const char *map,
                         uint64_t interval)
{
	r->path = path;
	if ((size_t)snprintf(r->map, sizeof(r->map), "%s%s", map ? map : path, map ? "" : ".map") >=
	    sizeof(r->map)) {
		fprintf(stderr, "robin run: --bbv path too long\n");
		return -1;
	}
	r->out = fopen(path, "w");
	if (!r->out) {
		fprintf(stderr, "robin run: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (bbv_init(&r->b, e, interval, r->out)) {
		fprintf(stderr, "robin run: out of memory for --bbv\n");
		fclose(r->out);
		r->out = NULL;
		return -1;
	}
	return 0;
}

static int run_bbv_finish(struct run_bbv *r, struct emu *e)
{
	int err = bbv_finish(&r->b, e);
	if (fclose(r->out) && !err)
		err = -EIO;
	if (err)
		fprintf(stderr, "robin run: cannot write %s: %s\n", r->path, strerror(-err));
	FILE *m = fopen(r->map, "w");
	if (!m || bbv_write_map(&r->b, m)) {
		fprintf(stderr, "robin run: cannot write %s: %s\n", r->map, strerror(errno ? errno : EIO));
		err = -EIO;
	}
	if (m)
		fclose(m);
	bbv_free(&r->b);
	return err;
}

int cmd_run(int argc, char **argv)
{
	struct emu_opts eo = { 0 };
	const char *stats_json = NULL, *bbv_path = NULL, *bbv_map = NULL, *etrace = NULL;
	int etrace_verify = 0;
	uint64_t etrace_rs = 32;
	struct etrace_run *et = NULL;
	uint64_t bbv_interval = 100000000;
	const char *ckpt_dir = ".", *restore = NULL, *ckpt_list = NULL;
	int stats = 0, i;
	for (i = 1; emu_opts_more(argc, argv, &i); i++) {
		const char *a = argv[i];
		int t = emu_opts_take(&eo, "run", argc, argv, &i);
		if (t < 0)
			return 2;
		if (t > 0)
			continue;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			run_usage(stdout);
			return 0;
		} else if (!strcmp(a, "--stats")) {
			stats = 1;
		} else if (!strcmp(a, "--stats-json")) {
			if (i + 1 >= argc) {
				fprintf(stderr, "robin run: --stats-json needs a value\n");
				return 2;
			}
			stats_json = argv[++i];
		} else if (!strcmp(a, "--etrace") || !strcmp(a, "--etrace-verify")) {
			if (i + 1 >= argc) {
				fprintf(stderr, "robin run: %s needs a value\n", a);
				return 2;
			}
			etrace_verify = !strcmp(a, "--etrace-verify");
			etrace = argv[++i];
		} else if (!strcmp(a, "--etrace-return-stack")) {
			if (i + 1 >= argc || text_parse_u64(argv[i + 1], &etrace_rs) ||
			    etrace_rs > 1024 || (etrace_rs & (etrace_rs - 1))) {
				fprintf(stderr, "robin run: --etrace-return-stack needs 0 or a power of "
				        "two up to 1024\n");
				return 2;
			}
			i++;
		} else if (!strcmp(a, "--checkpoint-at") || !strcmp(a, "--checkpoint-dir") ||
		           !strcmp(a, "--restore")) {
			if (i + 1 >= argc) {
				fprintf(stderr, "robin run: %s needs a value\n", a);
				return 2;
			}
			const char **dst = !strcmp(a, "--restore") ? &restore :
			                   !strcmp(a, "--checkpoint-dir") ? &ckpt_dir : &ckpt_list;
			*dst = argv[++i];
		} else if (!strcmp(a, "--bbv") || !strcmp(a, "--bbv-map") ||
		           !strcmp(a, "--bbv-interval")) {
			if (i + 1 >= argc) {
				fprintf(stderr, "robin run: %s needs a value\n", a);
				return 2;
			}
			const char *v = argv[++i];
			if (!strcmp(a, "--bbv"))
				bbv_path = v;
			else if (!strcmp(a, "--bbv-map"))
				bbv_map = v;
			else if (text_parse_u64(v, &bbv_interval) || !bbv_interval) {
				fprintf(stderr, "robin run: --bbv-interval needs a positive integer, got "
				        "'%s'\n", v);
				return 2;
			}
		} else {
			return emu_opts_unknown("run", a);
		}
	}
	uint64_t ckpt_at[RUN_MAX_CHECKPOINTS];
	int n_ckpt = 0;
	if (ckpt_list && (n_ckpt = run_parse_checkpoints(ckpt_list, ckpt_at)) < 0)
		return 2;
	if (restore && i < argc) {
		fprintf(stderr, "robin run: --restore takes no program\n");
		return 2;
	}
	if (cli_args_tail("run", &argc, argv, i))
		return 2;
	if (!restore && emu_opts_program("run", argc, i))
		return 2;
	const char *prog = restore ? restore : argv[i];
	struct emu *e = NULL;
	int rc = restore ? sim_guest_restore(&eo, "run", restore, &e) :
	                   sim_guest_start(&eo, "run", argc - i, argv + i, &e);
	if (rc)
		goto out;
	struct run_bbv rb;  /* ~190 KiB, set up only with --bbv: zeroing it cost ~48 page faults */
	if (bbv_path && run_bbv_start(&rb, e, bbv_path, bbv_map, bbv_interval)) {
		rc = 1;
		goto out;
	}
	if (etrace && !(et = etrace_run_start(e, etrace, etrace_verify, (unsigned)etrace_rs))) {
		fprintf(stderr, "robin run: out of memory for --etrace\n");
		rc = 1;
		goto out;
	}
	double t0 = run_clock(CLOCK_MONOTONIC), c0 = run_clock(CLOCK_PROCESS_CPUTIME_ID);
	enum emu_status st = EMU_FAULT;
	char err[1024];
	if (checkpoint_run_saving(e, eo.max_insns, ckpt_at, (size_t)n_ckpt, ckpt_dir, &st, err,
				  sizeof(err))) {
		fprintf(stderr, "robin run: %s\n", err);
		rc = 1;
		goto out;
	}
	double secs = run_clock(CLOCK_MONOTONIC) - t0;
	double cpu = run_clock(CLOCK_PROCESS_CPUTIME_ID) - c0;
	uint64_t n = emu_instret(e);
	const char *status;
	int sig;
	rc = sim_guest_finish(e, st, &status, &sig);
	if (bbv_path && run_bbv_finish(&rb, e) && !rc)
		rc = 1;
	if (et && etrace_run_finish(et) && !rc)
		rc = 1;
	if (et && stats)
		etrace_run_print(et, stderr);
	if (stats)
		fprintf(stderr,
			"robin: %" PRIu64 " instructions in %.3f s (%.1f MIPS; CPU %.3f s, %.1f MIPS), %s, exit status %d\n",
			n, secs, secs > 0 ? (double)n / secs / 1e6 : 0, cpu,
			cpu > 0 ? (double)n / cpu / 1e6 : 0, status, rc);
	if (stats)
		run_print_threads(e);
	if (stats_json && run_write_json(stats_json, e, prog, n, secs, cpu, rc, status, sig, et) &&
	    !rc)
		rc = 1;
out:
	if (sim_guest_close(&eo, "run") && !rc)
		rc = 1;
	etrace_run_free(et);
	emu_destroy_at_exit(e);  /* main returns rc: the exit drops the mappings */
	return rc;
}
