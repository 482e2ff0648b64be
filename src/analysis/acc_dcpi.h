/*
 * acc_dcpi.h — DCPI's frequency estimation (002_767b26a0b68559db.txt §6.2, Figures 8-10)
 * measured on the workload suite (`robin accuracy --dcpi`): every workload is simulated by a
 * child `robin sim` with issue-head samples, the exact dcpix/dcpix-taken counts and the event
 * counts the estimate uses (as bench/dcpi.sh), all stored in one database that the evaluation
 * (report/dcpi_report.h) then reads. Entry points: acc_dcpi_run, acc_dcpi_cleanup.
 */
#ifndef ROBIN_ANALYSIS_ACC_DCPI_H
#define ROBIN_ANALYSIS_ACC_DCPI_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/acc_suite.h"
#include "core/config.h"

struct acc_dcpi_opts {
	const struct core_config *core;  /* the core every workload runs on */
	uint64_t period_cycles;          /* issue-head sampling period */
	const char *size;                /* the workloads' size argument, NULL = default */
	const char *db_path;             /* keep the database here, NULL = a temporary one */
	int quiet;                       /* no progress lines on stderr */
	uint64_t max_insns;              /* stop each workload after this many, 0 = whole */
};

/* The files of a run: the core configuration `robin sim` reads and the database. */
struct acc_dcpi_files {
	char cfg[2048];                  /* temporary, "" before it exists */
	char tmpdb[2100];                /* the temporary database, "" when db_path is given */
	const char *db;                  /* the database the runs are stored in */
};

/* Simulate workloads w[0..n) into one database (f->db). Returns 0, or -1 after a line
 * "robin accuracy: ..." on stderr; remove the temporary files with acc_dcpi_cleanup either
 * way. */
int acc_dcpi_run(const struct acc_dcpi_opts *o, const struct acc_suite_workload *w, size_t n,
		 struct acc_dcpi_files *f) __attribute__((warn_unused_result));

/* Remove the temporary configuration and database (with its -wal and -shm) of f. */
void acc_dcpi_cleanup(struct acc_dcpi_files *f);

#endif
