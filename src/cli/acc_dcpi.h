/*
 * acc_dcpi.h — `robin accuracy --dcpi`: DCPI's frequency estimation (002_767b26a0b68559db.txt
 * §6.2, Figures 8-10) measured on the workload suite. Each workload is simulated by a child
 * `robin sim` with issue-head samples and the exact dcpix/dcpix-taken counts stored in one
 * database; the evaluation of all runs is then printed as `robin calc --evaluate` does.
 * cmd_accuracy.c parses the options and resolves the workloads; this file runs them.
 */
#ifndef ROBIN_CLI_ACC_DCPI_H
#define ROBIN_CLI_ACC_DCPI_H

#include <stddef.h>
#include <stdint.h>

#include "core/config.h"

struct acc_dcpi_opts {
	const struct core_config *core;  /* the core every workload runs on */
	uint64_t period_cycles;          /* issue-head sampling period */
	const char *size;                /* the workloads' size argument, NULL = default */
	const char *db_path;             /* keep the database here, NULL = a temporary one */
	int json, quiet;
};

/* Simulate workloads names[i] (programs paths[i]) and print the evaluation. Returns the exit
 * status: 0, or 1 after a one-line error on stderr. */
int acc_dcpi_run(const struct acc_dcpi_opts *o, const char *const *names,
		 const char *const *paths, size_t n);

#endif
