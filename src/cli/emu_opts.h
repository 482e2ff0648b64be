/*
 * emu_opts.h — the emulator options that `robin run` and `robin sim` share (--sysroot, --seed,
 * --virtual-time, --max-insns, --quantum, --trace N, --trace-file FILE, --jit) into struct
 * emu_opts (sim/sim_guest.h), and the option loop of the commands that run a program (run,
 * sim, accuracy).
 */
#ifndef ROBIN_CLI_EMU_OPTS_H
#define ROBIN_CLI_EMU_OPTS_H

#include <stdint.h>
#include <stdio.h>

#include "sim/sim_guest.h"

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

#endif
