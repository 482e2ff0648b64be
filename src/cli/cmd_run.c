/*
 * cmd_run.c — `robin run [options] [--] PROG [ARGS]`: run a riscv64 Linux program on the
 * emulator as qemu-riscv64 would. The guest's stdout, stderr and exit status are robin's; a
 * guest fault prints one line and exits with 128+signal. Options add statistics, an
 * instruction limit, a commit trace, and deterministic time and randomness.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "emu/emu.h"
#include "util/json.h"

extern char **environ;

#define RUN_EXIT_LIMIT 124  /* --max-insns reached, as timeout(1) reports a timeout */

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
		"  --sysroot DIR       where PT_INTERP and absolute guest paths are looked up first\n"
		"                      (default /usr/riscv64-linux-gnu)\n"
		"  --seed N            seed for getrandom and AT_RANDOM (default 0)\n"
		"  --virtual-time      clocks derive from the instruction count (1 ns each):\n"
		"                      same program, arguments and seed give the same run\n"
		"  --max-insns N       stop after N instructions; exit status %d\n"
		"  --trace N           commit trace of the first N instructions on stderr:\n"
		"                      seq, pc, encoding, disassembly, register written\n"
		"  --trace-file FILE   write the trace to FILE instead of stderr\n"
		"  --stats             print instructions, host seconds and MIPS on stderr\n"
		"  --stats-json FILE   write them as JSON (instructions, host_seconds, mips,\n"
		"                      exit_code, status, signal)\n"
		"  --help              this text\n"
		"\n"
		"exit status: the guest's; 128+signal after a guest fault; %d at --max-insns;\n"
		"127 if PROG does not exist, 126 if it cannot be executed, 1 if it is not a valid\n"
		"riscv64 ELF program, 2 for usage errors.\n",
		RUN_EXIT_LIMIT, RUN_EXIT_LIMIT);
}

static int run_parse_u64(const char *opt, const char *s, uint64_t *out)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 0);
	if (!*s || *end || errno || s[0] == '-') {
		fprintf(stderr, "robin run: %s needs a non-negative integer, got '%s'\n", opt, s);
		return -1;
	}
	*out = v;
	return 0;
}

static double run_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Open the trace file on a high descriptor so the guest's own descriptors number as they
 * would without robin. */
static FILE *run_open_trace(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return NULL;
	int high = fcntl(fd, F_DUPFD_CLOEXEC, 900);
	if (high >= 0) {
		close(fd);
		fd = high;
	}
	FILE *f = fdopen(fd, "w");
	if (!f)
		close(fd);
	return f;
}

int cmd_run(int argc, char **argv)
{
	struct emu_config cfg = { 0 };
	const char *stats_json = NULL, *trace_file = NULL;
	int stats = 0, i;
	uint64_t max_insns = 0, trace_n = 0;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--")) {
			i++;
			break;
		}
		if (a[0] != '-')
			break;
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;
		int needs = !strcmp(a, "--sysroot") || !strcmp(a, "--seed") || !strcmp(a, "--max-insns") ||
			    !strcmp(a, "--trace") || !strcmp(a, "--trace-file") || !strcmp(a, "--stats-json");
		if (needs && !val) {
			fprintf(stderr, "robin run: %s needs a value\n", a);
			return 2;
		}
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			run_usage(stdout);
			return 0;
		} else if (!strcmp(a, "--sysroot")) {
			cfg.sysroot = val, i++;
		} else if (!strcmp(a, "--seed")) {
			if (run_parse_u64(a, val, &cfg.seed))
				return 2;
			i++;
		} else if (!strcmp(a, "--max-insns")) {
			if (run_parse_u64(a, val, &max_insns))
				return 2;
			i++;
		} else if (!strcmp(a, "--trace")) {
			if (run_parse_u64(a, val, &trace_n))
				return 2;
			i++;
		} else if (!strcmp(a, "--trace-file")) {
			trace_file = val, i++;
		} else if (!strcmp(a, "--stats-json")) {
			stats_json = val, i++;
		} else if (!strcmp(a, "--stats")) {
			stats = 1;
		} else if (!strcmp(a, "--virtual-time")) {
			cfg.virtual_time = 1;
		} else {
			fprintf(stderr, "robin run: unknown option '%s' (see robin run --help)\n", a);
			return 2;
		}
	}
	if (i >= argc) {
		fprintf(stderr, "robin run: no program given (see robin run --help)\n");
		return 2;
	}
	const char *prog = argv[i];
	FILE *trace = NULL;
	if (trace_n) {
		if (trace_file) {
			trace = run_open_trace(trace_file);
			if (!trace) {
				fprintf(stderr, "robin run: cannot write trace file %s: %s\n", trace_file,
					strerror(errno));
				return 1;
			}
		} else {
			trace = stderr;
		}
		cfg.trace = trace;
		cfg.trace_insns = trace_n;
	}

	struct emu *e = NULL;
	int rc = 1;
	int err = emu_create(&cfg, &e);
	if (err) {
		fprintf(stderr, "robin: cannot create the emulator: %s\n", strerror(-err));
		goto out;
	}
	err = emu_load(e, prog, argc - i, argv + i, environ);
	if (err) {
		fprintf(stderr, "robin: %s\n", emu_error(e));
		rc = err == -ENOENT ? 127 : err == -EACCES ? 126 : 1;
		goto out;
	}
	double t0 = run_now();
	enum emu_status st = emu_run(e, max_insns);
	double secs = run_now() - t0;
	uint64_t n = emu_instret(e);
	const char *status = "exited";
	int sig = 0;
	switch (st) {
	case EMU_EXITED:
		rc = emu_exit_code(e);
		break;
	case EMU_FAULT:
		sig = emu_fault_signal(e);
		rc = 128 + sig;
		status = "fault";
		fprintf(stderr, "robin: %s\n", emu_fault_message(e));
		break;
	case EMU_LIMIT:
	default:
		rc = RUN_EXIT_LIMIT;
		status = "limit";
		fprintf(stderr, "robin: stopped after %" PRIu64 " instructions (--max-insns)\n", n);
		break;
	}
	double mips = secs > 0 ? (double)n / secs / 1e6 : 0;
	if (stats)
		fprintf(stderr, "robin: %" PRIu64 " instructions in %.3f s (%.1f MIPS), %s, exit status %d\n",
			n, secs, mips, status, rc);
	if (stats_json) {
		FILE *f = fopen(stats_json, "w");
		if (!f) {
			fprintf(stderr, "robin run: cannot write %s: %s\n", stats_json, strerror(errno));
		} else {
			struct json j;
			json_init(&j, f, 1);
			json_object_begin(&j);
			json_kv_string(&j, "program", prog);
			json_kv_uint(&j, "instructions", n);
			json_kv_double(&j, "host_seconds", secs);
			json_kv_double(&j, "mips", mips);
			json_kv_int(&j, "exit_code", rc);
			json_kv_string(&j, "status", status);
			json_kv_int(&j, "signal", sig);
			json_object_end(&j);
			json_end(&j);
			fclose(f);
		}
	}
out:
	if (trace && trace != stderr)
		fclose(trace);
	else if (trace)
		fflush(trace);
	emu_destroy(e);
	return rc;
}
