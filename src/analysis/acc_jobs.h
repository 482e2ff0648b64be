/*
 * acc_jobs.h — an experiment's workloads simulated in child processes, --jobs at a time: each
 * child simulates one workload and writes its result (plain data of a fixed size) to a pipe;
 * the parent collects the results in workload order and names every failure on stderr as
 * "robin accuracy: NAME: message". A workload that crashes its simulation loses only its own
 * result. Entry point: acc_jobs_run.
 */
#ifndef ROBIN_ANALYSIS_ACC_JOBS_H
#define ROBIN_ANALYSIS_ACC_JOBS_H

#include <stddef.h>

#define ACC_JOBS_MAX 64            /* children at a time */
#define ACC_JOBS_MSG_MAX 256

/* The head of every result: whether the workload ran and, if not, why. */
struct acc_jobs_status {
	int ok;
	char msg[ACC_JOBS_MSG_MAX];
};

/* What an experiment hands the runner; ctx is passed back to every hook. */
struct acc_jobs_ops {
	/* In the child: simulate workload idx into result (result_size bytes, zeroed, starting
	 * with struct acc_jobs_status: ok set on success, else msg). */
	void (*simulate)(void *ctx, size_t idx, void *result);
	/* In the child, before it exits: free the parent's blocks it inherited (may be NULL). */
	void (*release)(void *ctx);
	/* In the parent: the name of workload idx for messages. */
	const char *(*name)(void *ctx, size_t idx);
	/* In the parent, after workload idx ran: done of n finished, seconds since it started
	 * (may be NULL: no progress). */
	void (*progress)(void *ctx, size_t idx, size_t done, size_t n, double seconds);
};

/* Simulate workloads 0..n) with at most jobs (1..ACC_JOBS_MAX) children at a time into
 * results (n blocks of result_size bytes, each starting with struct acc_jobs_status).
 * Returns 0 when every workload ran, -ECHILD when some did not (each named on stderr), or
 * -errno when a child could not be started (after a message; the results of the workloads
 * not collected stay as they were). */
int acc_jobs_run(const struct acc_jobs_ops *ops, void *ctx, size_t n, unsigned jobs,
		 void *results, size_t result_size) __attribute__((warn_unused_result));

/* Seconds on the monotonic clock. */
double acc_jobs_now(void);

#endif
