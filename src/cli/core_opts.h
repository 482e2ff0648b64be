/*
 * core_opts.h — the timing-model options that `robin sim` and `robin config` share:
 * --preset NAME, --config FILE and --set KEY=VALUE (also --preset=NAME etc.). The preset
 * applies first, then files and settings in command-line order.
 */
#ifndef ROBIN_CLI_CORE_OPTS_H
#define ROBIN_CLI_CORE_OPTS_H

#include "core/config.h"

#define CORE_OPTS_MAX 256

struct core_opts {
	const char *preset;                 /* NULL = boom-large */
	int nops;
	char kind[CORE_OPTS_MAX];           /* 'c' = --config FILE, 's' = --set KEY=VALUE */
	const char *arg[CORE_OPTS_MAX];
};

/* If argv[*i] is one of the options above, consume it (and its value, advancing *i) and
 * return 1; return 0 if it is not; -1 after printing an error to stderr (missing value). */
int core_opts_take(struct core_opts *o, int argc, char **argv, int *i);

/* Build and validate the configuration. Returns 0, or -errno after printing
 * "robin <cmd>: <what is wrong, naming the key or file>" to stderr. */
int core_opts_build(const struct core_opts *o, const char *cmd, struct core_config *cfg);

/* The help lines for these options. */
extern const char core_opts_help[];

#endif
