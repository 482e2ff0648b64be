/*
 * collect_store.h — the collector's sink into the profile database (profile/profile_db.h):
 * resolved counts go into one ingestion batch per flush, images are added with their build-id
 * on first use, IBS fields become detail rows. Also creates a new database file readable by
 * its owner only (mode 0600 unless told otherwise). Counts are held independently of database
 * ids (collect/collect_pending.h) until a commit stores them, so a commit that fails (disk
 * full) loses nothing and the next one retries; with a journal path set, what is held can be
 * saved to that file and replayed by a later store. Entry points: collect_store_open,
 * collect_store_sink, collect_store_commit, collect_store_journal_*, collect_store_close.
 */
#ifndef ROBIN_COLLECT_COLLECT_STORE_H
#define ROBIN_COLLECT_COLLECT_STORE_H

#include <stdint.h>
#include <sys/types.h>

#include "collect/collect_pending.h"
#include "collect/collector.h"
#include "collect/perf_sys.h"

struct profile_db;

struct collect_store {
	struct profile_db *db;
	struct collect_pending pend;          /* counts not yet stored */
	uint32_t *image_ix;                   /* cimage index -> pend image (0 = not yet) */
	uint32_t n_image_ix;
	int64_t run_id;                       /* 0: continuous collection */
	size_t n_events;
	struct perf_sys_event events[PERF_SYS_MAX_EVENTS];
	int kind_bits, kind_lat_op, kind_lat_fetch, kind_src; /* detail kinds, 0 = not yet
	                                                       looked up */
	int bits_named[PERF_SYS_MAX_EVENTS];
	uint64_t committed_samples;           /* samples committed so far */
	uint64_t commits;
	uint64_t add_errors;                  /* counts the sink could not hold (no memory) */
	struct cimage **jits;                 /* JIT images sampled: their perf maps are read at
	                                         every commit */
	size_t n_jits, cap_jits;
	uint64_t jit_symbols, jit_malformed;  /* JIT entries stored, perf map lines skipped */
	uint64_t jit_dump_malformed, jit_dump_bad; /* jitdump records skipped, files with a bad header */
	uint64_t jit_read_ns, jit_reads;      /* time spent reading and storing them */
	char journal[4096];                   /* journal path, "" = none */
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

/* Commit everything held (what the sink received since the last successful commit, and any
 * replayed journal) in one transaction; on success forget it and remove the journal file. On
 * failure everything stays held and s->err says why (-ENOSPC: disk full). Then the perf maps
 * of the JIT images sampled so far are read from where the last commit stopped and their new
 * entries stored as the images' symbols (a map that cannot be read is skipped silently; one
 * that cannot be stored is read again next time). */
int collect_store_commit(struct collect_store *s) __attribute__((warn_unused_result));

/* Samples held, not yet stored. */
uint64_t collect_store_pending_samples(const struct collect_store *s);

/* Call stacks (-g) held, not yet stored. */
uint64_t collect_store_pending_stacks(const struct collect_store *s);

/* Use `path` as the journal (NULL or "" = none). */
void collect_store_journal(struct collect_store *s, const char *path);

/* Save everything held to the journal file (replacing it); 0 without writing when nothing is
 * held. -EINVAL when no journal path is set. */
int collect_store_journal_save(struct collect_store *s) __attribute__((warn_unused_result));

/* Add the journal file's content to what is held (it is removed by the next successful
 * commit); *samples receives its sample count. -ENOENT when there is none; -EBADMSG for a
 * malformed file (nothing added; s->err names file and line). */
int collect_store_journal_replay(struct collect_store *s, uint64_t *samples)
	__attribute__((warn_unused_result));

/* Start a new epoch (committing first). */
int collect_store_new_epoch(struct collect_store *s, const char *note, int64_t *epoch_id)
	__attribute__((warn_unused_result));

void collect_store_close(struct collect_store *s);

#endif
