/*
 * emu_opts.h — the emulator options and the program-ending rules that `robin run` and
 * `robin sim` share, so both run a guest identically: --sysroot, --seed, --virtual-time,
 * --max-insns, --trace N, --trace-file FILE; loading PROG with the exit statuses of a shell
 * (127 missing, 126 not executable, 1 not a riscv64 program); and the final status (the
 * guest's exit code, 128+signal with a one-line message after a fault, 124 at --max-insns).
 * Also the option loop of the commands that run a program (run, sim, accuracy).
 */
#ifndef ROBIN_CLI_EMU_OPTS_H
#define ROBIN_CLI_EMU_OPTS_H

#include <stdint.h>
#include <stdio.h>

#include "emu/emu.h"

#define EMU_OPTS_EXIT_LIMIT 124  /* --max-insns reached, as timeout(1) reports a timeout */
#define EMU_OPTS_EXEC_MAX 32

struct emu_opts {
	struct emu_config cfg;
	uint64_t max_insns;
	uint64_t trace_n;
	const char *trace_file;
	FILE *trace;
	char *exec_argv[EMU_OPTS_EXEC_MAX];  /* "robin run OPTIONS --" for a guest execve */
	int n_exec;
};

/* The help lines for these options. */
extern const char emu_opts_help[];

/* The option loop of the commands that run a program (run, sim, accuracy):
 *     for (i = 1; emu_opts_more(argc, argv, &i); i++)
 * is true while argv[*i] is an option; it stops at the first operand (the program) or the
 * end, and after "--" (stepping over it). */
int emu_opts_more(int argc, char **argv, int *i);

/* Prints "robin CMD: unknown option 'ARG' (see robin CMD --help)"; returns exit status 2. */
int emu_opts_unknown(const char *cmd, const char *arg);

/* Whether the loop left a program at argv[i]: 0, or 2 after "robin CMD: no program given". */
int emu_opts_program(const char *cmd, int argc, int i);

/* If argv[*i] is one of the options above, consume it (and its value, advancing *i) and
 * return 1; 0 if it is not; -1 after printing "robin <cmd>: ..." for a bad or missing value. */
int emu_opts_take(struct emu_opts *o, const char *cmd, int argc, char **argv, int *i);

/* Open the trace, create the emulator and load argv[0] with its arguments. Returns 0 with
 * *out set, or the exit status to return after printing why. */
int emu_opts_start(struct emu_opts *o, const char *cmd, int argc, char **argv, struct emu **out);

/* How the run ended: prints the fault or limit line on stderr, sets *status ("exited",
 * "fault", "limit") and *sig, and returns the exit status robin should return. */
int emu_opts_finish(struct emu *e, enum emu_status st, const char **status, int *sig);

/* As emu_opts_start, but the state comes from checkpoint `ckpt` (checkpoint.h) instead of a
 * program. Returns 0 with *out set, or 1 after printing the one-line reason. */
int emu_opts_restore(struct emu_opts *o, const char *cmd, const char *ckpt, struct emu **out);

/* Close the trace (flush it if it is stderr). */
void emu_opts_close(struct emu_opts *o);

#endif
