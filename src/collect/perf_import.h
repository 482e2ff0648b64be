/*
 * perf_import.h — `robin ingest perf.data`: the samples of a perf.data file (perf_data.h)
 * mapped to images through the collector's image maps (procmap.h: MMAP/MMAP2/COMM/FORK/EXIT
 * records, build-ids from the file's BUILD_ID feature) and stored as one run in the profile
 * database, one event per perf event (counts are samples; the period is the attr's fixed
 * period, 0 in frequency mode). Committed every `batch_samples` samples, so a cut or corrupt
 * file keeps everything read before the bad record, whose offset is reported. Callchains
 * are stored as stacks. Records are imported in time order as perf report reads them (when
 * every event has PERF_SAMPLE_TIME and sample_id_all): perf writes each CPU's buffer in turn,
 * so an exec on one CPU can follow in the file the mmaps and samples it precedes on another;
 * a FINISHED_ROUND lets out what is no newer than the round before it.
 */
#ifndef ROBIN_COLLECT_PERF_IMPORT_H
#define ROBIN_COLLECT_PERF_IMPORT_H

#include <stdint.h>

#include "collect/perf_data.h"

struct profile_db;

struct perf_import_opts {
	int64_t epoch_id;          /* 0: the current epoch */
	const char *run_command;   /* NULL: perf's command line from the file */
	uint64_t batch_samples;    /* commit after this many samples (0: 100000) */
};

struct perf_import_result {
	uint64_t records, samples, unknown_samples, lost_samples;
	uint64_t committed_samples, batches;
	int64_t run_id;            /* 0 when the file held no sample (nothing stored) */
	uint64_t stop_offset;      /* where reading ended (the bad record when it failed) */
	char unsupported[512];     /* what the file holds that robin skipped, "" if nothing */
};

/* Import path into db. Returns 0; -EINVAL with err "PATH: record at offset 0x..: what" when
 * the data section is cut or corrupt (what came before is committed: res says how much); or
 * another -errno with err set (nothing stored when the file could not be opened). */
int perf_import_file(struct profile_db *db, const char *path, const struct perf_import_opts *o,
		     struct perf_import_result *res, char *err, size_t err_n)
	__attribute__((warn_unused_result));

/* Whether the file at path starts with perf.data's magic ("PERFILE2" or its big-endian
 * form). */
int perf_import_is_perf_data(const char *path);

#endif
