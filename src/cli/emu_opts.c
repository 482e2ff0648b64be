/*
 * emu_opts.c — the emulator options of the commands that run a guest (see emu_opts.h).
 */
#include "cli/cli_args.h"
#include "cli/emu_opts.h"
#include "emu/hart.h"
#include "isa/isa_ext.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

const char emu_opts_help[] =
	"  --sysroot DIR       where PT_INTERP and absolute guest paths are looked up first\n"
	"                      (default /usr/riscv64-linux-gnu)\n"
	"  --seed N            seed for getrandom and AT_RANDOM (default 0)\n"
	"  --virtual-time      clocks derive from the instruction count (1 ns each):\n"
	"                      same program, arguments and seed give the same run\n"
	"  --max-insns N       stop after N instructions; exit status 124\n"
	"  --quantum N         guest threads take turns of N instructions (default 100000)\n"
	"  --trace N           commit trace of the first N instructions on stderr:\n"
	"                      seq, pc, encoding, disassembly, register written\n"
	"  --trace-file FILE   write the trace to FILE instead of stderr\n"
	"  --jit N             translate a block to host code on its N-th entry (default 16);\n"
	"                      0: interpret every block (the results are the same)\n"
	"  --hermetic          the guest's world is fixed (the default of robin sim): pids and\n"
	"                      tids from 1000 in creation order, the program seen as\n"
	"                      /robin/NAME, the environment PATH and HOME only (plus --env),\n"
	"                      uname \"robin\", clocks from a fixed origin; docs/hermetic.md\n"
	"  --host-env          the guest sees the host's environment, pids, program path and\n"
	"                      uname (the default of robin run)\n"
	"  --env VAR=VALUE     add VAR to the guest's environment (repeatable)\n"
	"  --isa NAME          the ISA the guest sees: rv64gc, rva22 or rva23 (default), each\n"
	"                      optionally followed by _EXT for more extensions (rva23_zfh_zbc);\n"
	"                      instructions outside it raise SIGILL; docs/isa.md\n"
	"  --perf-map          name the host code of translated blocks in /tmp/perf-PID.map\n"
	"                      (guest:FUNCTION+0xOFF), so robin record and perf attribute\n"
	"                      robin's own time to guest code; docs/robin-run.md\n"
	"  --vlen BITS         the vector registers' length when the ISA has V: 128 (default),\n"
	"                      256, 512 or 1024; docs/vector.md\n";

static int emu_opts_u64(const char *cmd, const char *opt, const char *s, uint64_t *out)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 0);
	if (!*s || *end || errno || s[0] == '-') {
		fprintf(stderr, "robin %s: %s needs a non-negative integer, got '%s'\n", cmd, opt, s);
		return -1;
	}
	*out = v;
	return 0;
}

int emu_opts_more(int argc, char **argv, int *i)
{
	if (*i < argc && !strcmp(argv[*i], "--")) {
		(*i)++;
		return 0;
	}
	return *i < argc && argv[*i][0] == '-';
}

int emu_opts_unknown(const char *cmd, const char *arg)
{
	if (cli_args_reject(cmd, arg))
		return 2;
	fprintf(stderr, "robin %s: unknown option '%s' (see robin %s --help)\n", cmd, arg, cmd);
	return 2;
}

int emu_opts_program(const char *cmd, int argc, int i)
{
	if (i < argc)
		return 0;
	fprintf(stderr, "robin %s: no program given (see robin %s --help)\n", cmd, cmd);
	return 2;
}

/* Remember an option for the command a guest execve runs (emu_config.exec_argv). */
static void emu_opts_keep(struct emu_opts *o, const char *opt, const char *val)
{
	if (o->n_exec + 6 >= EMU_OPTS_EXEC_MAX)
		return;
	if (!o->n_exec) {
		o->exec_argv[o->n_exec++] = "robin";
		o->exec_argv[o->n_exec++] = "run";
	}
	o->exec_argv[o->n_exec++] = (char *)opt;
	if (val)
		o->exec_argv[o->n_exec++] = (char *)val;
}

int emu_opts_take(struct emu_opts *o, const char *cmd, int argc, char **argv, int *i)
{
	const char *a = argv[*i];
	if (!strcmp(a, "--virtual-time")) {
		o->cfg.virtual_time = 1;
		emu_opts_keep(o, a, NULL);
		return 1;
	}
	if (!strcmp(a, "--perf-map")) {
		o->cfg.perf_map = 1;
		emu_opts_keep(o, a, NULL);
		return 1;
	}
	if (!strcmp(a, "--hermetic") || !strcmp(a, "--host-env")) {
		o->hermetic_req = !strcmp(a, "--hermetic") ? 1 : 2;
		return 1;
	}
	if (!strcmp(a, "--env") || !strcmp(a, "--hermetic-ids")) {
		if (*i + 1 >= argc) {
			fprintf(stderr, "robin %s: %s needs a value\n", cmd, a);
			return -1;
		}
		const char *val = argv[++*i];
		if (!strcmp(a, "--hermetic-ids")) {  /* a hermetic guest's execve: its ids */
			o->cfg.hermetic_ids = val;
			return 1;
		}
		if (!strchr(val, '=') || val[0] == '=') {
			fprintf(stderr, "robin %s: --env needs VAR=VALUE, got '%s'\n", cmd, val);
			return -1;
		}
		if (o->n_env == EMU_OPTS_ENV_MAX) {
			fprintf(stderr, "robin %s: at most %d --env\n", cmd, EMU_OPTS_ENV_MAX);
			return -1;
		}
		o->env_extra[o->n_env++] = (char *)val;
		return 1;
	}
	int needs = !strcmp(a, "--sysroot") || !strcmp(a, "--seed") || !strcmp(a, "--max-insns") ||
	            !strcmp(a, "--trace") || !strcmp(a, "--trace-file") || !strcmp(a, "--quantum") ||
	            !strcmp(a, "--jit") || !strcmp(a, "--isa") || !strcmp(a, "--vlen");
	if (!needs)
		return 0;
	if (*i + 1 >= argc) {
		fprintf(stderr, "robin %s: %s needs a value\n", cmd, a);
		return -1;
	}
	const char *val = argv[++*i];
	if (strcmp(a, "--trace") && strcmp(a, "--trace-file"))
		emu_opts_keep(o, a, val);
	if (!strcmp(a, "--quantum")) {
		if (emu_opts_u64(cmd, a, val, &o->cfg.quantum))
			return -1;
		if (!o->cfg.quantum) {
			fprintf(stderr, "robin %s: --quantum needs a positive integer, got '%s'\n", cmd, val);
			return -1;
		}
		return 1;
	}
	if (!strcmp(a, "--isa")) {
		char why[200];
		if (isa_ext_parse(val, &o->cfg.isa_ext, why, sizeof(why))) {
			fprintf(stderr, "robin %s: --isa: %s\n", cmd, why);
			return -1;
		}
		return 1;
	}
	if (!strcmp(a, "--vlen")) {
		uint64_t n;
		if (emu_opts_u64(cmd, a, val, &n))
			return -1;
		if (n < HART_VLEN_MIN || n > HART_VLEN_MAX || (n & (n - 1))) {
			fprintf(stderr, "robin %s: --vlen needs 128, 256, 512 or 1024, got '%s'\n", cmd,
			        val);
			return -1;
		}
		o->cfg.vlen = (uint32_t)n;
		return 1;
	}
	if (!strcmp(a, "--jit")) {
		uint64_t n;
		if (emu_opts_u64(cmd, a, val, &n))
			return -1;
		if (n > UINT32_MAX) {
			fprintf(stderr, "robin %s: --jit needs at most %u, got '%s'\n", cmd, UINT32_MAX, val);
			return -1;
		}
		o->cfg.no_jit = n == 0;
		o->cfg.jit_hot = (uint32_t)n;
		return 1;
	}
	if (!strcmp(a, "--sysroot"))
		o->cfg.sysroot = val;
	else if (!strcmp(a, "--seed"))
		return emu_opts_u64(cmd, a, val, &o->cfg.seed) ? -1 : 1;
	else if (!strcmp(a, "--max-insns"))
		return emu_opts_u64(cmd, a, val, &o->max_insns) ? -1 : 1;
	else if (!strcmp(a, "--trace"))
		return emu_opts_u64(cmd, a, val, &o->trace_n) ? -1 : 1;
	else
		o->trace_file = val;
	return 1;
}
