/*
 * sim_guest.h — a guest as every command that runs one starts and ends it, so `robin run` and
 * `robin sim` run it identically: the emulator options (struct emu_opts, parsed by
 * cli/emu_opts.c), loading PROG with the exit statuses of a shell (127 missing, 126 not
 * executable, 1 not a riscv64 program) or restoring a checkpoint, and the final status (the
 * guest's exit code, 128+signal with a one-line message after a fault, 124 at --max-insns).
 */
#ifndef ROBIN_SIM_SIM_GUEST_H
#define ROBIN_SIM_SIM_GUEST_H

#include <stdint.h>
#include <stdio.h>

#include "emu/emu.h"

#define SIM_GUEST_EXIT_LIMIT 124  /* --max-insns reached, as timeout(1) reports a timeout */
#define EMU_OPTS_EXEC_MAX 32
#define EMU_OPTS_ENV_MAX 64

struct emu_opts {
	struct emu_config cfg;
	uint64_t max_insns;
	uint64_t trace_n;
	const char *trace_file;
	FILE *trace;
	char *exec_argv[EMU_OPTS_EXEC_MAX];  /* "robin run OPTIONS --" for a guest execve */
	int n_exec;
	char **envp;                         /* the guest's environment as given (NULL: built
	                                        from the rules below) */
	int hermetic_req;                    /* 0: the command's default (hermetic but for
	                                        `run`), 1: --hermetic, 2: --host-env */
	char *env_extra[EMU_OPTS_ENV_MAX];   /* --env VAR=VALUE, in order */
	int n_env;
	char **env_built;                    /* the environment sim_guest_start built (freed by
	                                        sim_guest_close) */
};

/* Open the trace, create the emulator and load argv[0] with its arguments. Returns 0 with
 * *out set, or the exit status to return after printing why. */
int sim_guest_start(struct emu_opts *o, const char *cmd, int argc, char **argv, struct emu **out);

/* How the run ended: prints the fault or limit line on stderr, sets *status ("exited",
 * "fault", "limit") and *sig, and returns the exit status robin should return. */
int sim_guest_finish(struct emu *e, enum emu_status st, const char **status, int *sig);

/* As sim_guest_start, but the state comes from checkpoint `ckpt` (checkpoint.h) instead of a
 * program. Returns 0 with *out set, or 1 after printing the one-line reason. */
int sim_guest_restore(struct emu_opts *o, const char *cmd, const char *ckpt, struct emu **out);

/* Close the trace (flush it if it is stderr), checking that every line reached it. Returns 0,
 * or 1 after one line "robin CMD: FILE: reason" on stderr (cmd NULL: no line). Closing twice
 * is harmless. */
int sim_guest_close(struct emu_opts *o, const char *cmd);

#endif
