/*
 * collect_store.h — the collector's sink into the profile database (profile/profile_db.h):
 * resolved counts go into one ingestion batch per flush, images are added with their build-id
 * on first use, IBS fields become detail rows. Also creates a new database file readable by
 * its owner only (mode 0600 unless told otherwise). Entry points: collect_store_open,
 * collect_store_sink, collect_store_commit, collect_store_close.
 */
#ifndef ROBIN_COLLECT_COLLECT_STORE_H
#define ROBIN_COLLECT_COLLECT_STORE_H

#include <stdint.h>
#include <sys/types.h>

#include "collect/collector.h"
#include "collect/perf_sys.h"

struct profile_db;

struct collect_store {
	struct profile_db *db;
	struct profile_db_batch *batch;
	int64_t run_id;                       /* 0: continuous collection */
	int ev[PERF_SYS_MAX_EVENTS];          /* batch event handles */
	size_t n_events;
	struct perf_sys_event events[PERF_SYS_MAX_EVENTS];
	int kind_bits, kind_lat_op, kind_lat_fetch, kind_src; /* detail kinds, 0 = not yet
	                                                       looked up */
	int bits_named[PERF_SYS_MAX_EVENTS];
	uint64_t committed_samples;           /* samples committed so far */
	uint64_t commits;
	char err[512];
};

/* Create `path` with `mode` if it does not exist (so it is never world-readable by accident),
 * then open it as a profile database writer. */
int collect_store_open(struct collect_store *s, const char *path, mode_t mode,
		       const struct perf_sys_event *events, size_t n_events)
	__attribute__((warn_unused_result));

/* Bind later batches to a run (0 = none). */
void collect_store_set_run(struct collect_store *s, int64_t run_id);

/* The collector sink that writes into this store. */
struct collector_sink collect_store_sink(struct collect_store *s);

/* Commit what the sink received since the last commit (one transaction). */
int collect_store_commit(struct collect_store *s) __attribute__((warn_unused_result));

/* Start a new epoch (committing first). */
int collect_store_new_epoch(struct collect_store *s, const char *note, int64_t *epoch_id)
	__attribute__((warn_unused_result));

void collect_store_close(struct collect_store *s);

#endif
