/*
 * collect_record.h — `robin record`'s work: start a command as a child that waits until its
 * events exist, follow it and its children with perf_event_open (falling back to user space
 * only where kernel samples are not permitted), store the samples in the profile database
 * as one run committed every few seconds, and give the run its totals when the command ends.
 * Entry points: collect_record_start, collect_record_run, collect_record_close,
 * collect_record_overhead.
 */
#ifndef ROBIN_COLLECT_COLLECT_RECORD_H
#define ROBIN_COLLECT_COLLECT_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "collect/collect_opts.h"
#include "collect/collect_store.h"
#include "collect/collector.h"
#include "profile/profile_db.h"

struct collect_record {
	struct collect_store store;
	struct collector_config cfg;
	struct collector *c;
	const char *db_path;           /* the database written */
	pid_t child;
	int go_fd, fail_fd;            /* the child waits on go; fail brings back exec's errno */
	char why[256];                 /* why these events (collect_opts_events) */
	const char *mode;              /* "user and kernel space" or why user space only */
	struct collector_stats st;     /* after start: the path; after run: every count */
	int64_t run_id;                /* 0 when the run could not be created */
	char run_err[PROFILE_DB_ERR_MAX]; /* why it could not, "" if it was */
	int exec_errno;                /* the command could not be executed: why */
	int exit_status;               /* the command's, 128 + signal when killed */
	int store_rc;                  /* writing the database failed (store_err says why) */
	const char *store_err;
	char err[512];                 /* collect_record_start's failure */
};

/* Choose the events of o, open the database, start cmd (argv, NULL-terminated) stopped
 * before its exec, and open its events. Returns 0, or -1 with one line in r->err (nothing
 * left running; a database file this call created is removed again). */
int collect_record_start(struct collect_record *r, const struct collect_opts *o, char **cmd)
	__attribute__((warn_unused_result));

/* Create the run (ncmd words of cmd as its command line), let the command run, commit every
 * flush_s seconds (0: at the end only) until it exits, then store the rest and the run's
 * totals. The outcome is in r: run_err, exec_errno, exit_status, store_rc, st. */
void collect_record_run(struct collect_record *r, const struct collect_opts *o, int ncmd,
			char **cmd, unsigned flush_s);

/* A warning when the sampling itself probably dominates the profile: the kernel throttled
 * the events, or at a rate above 10 kHz more than half of the samples fell in the kernel.
 * Writes it (without "robin record: ") into buf and returns 1, or returns 0. */
int collect_record_overhead(unsigned freq_hz, const struct collector_stats *st, char *buf,
			    size_t n);

/* Close the events and the database. */
void collect_record_close(struct collect_record *r);

#endif
