/*
 * profile_db_summary.h — what a profile database holds, summed up: the counts of epochs,
 * runs, images, profiles and batches, the file's size, and the samples per event with their
 * unknown-image share (`robin db info`); and the runs a selection's profiles come from
 * (`robin report`). Entry points: profile_db_summary_load, profile_db_summary_runs.
 */
#ifndef ROBIN_PROFILE_DB_SUMMARY_H
#define ROBIN_PROFILE_DB_SUMMARY_H

#include <stddef.h>
#include <stdint.h>

#include "profile/profile_db.h"

struct profile_db_summary_event {
	char *name;
	double samples;            /* stored counts / divisor, summed over its profiles */
	double unknown;            /* of which in the unknown image */
};

struct profile_db_summary {
	uint64_t size_bytes, wal_bytes;      /* the database file and its WAL file (0: none) */
	size_t epochs, runs, profiles, batches;
	size_t images;                       /* the unknown image not counted */
	int64_t current_epoch;               /* the newest epoch, 0 when there is none */
	int64_t current_epoch_start_ns;
	struct profile_db_summary_event *events; /* in the order their profiles are listed */
	size_t nevents;
};

/* Sum up db into out. Returns 0, or -errno (profile_db_error says why, except -ENOMEM). */
int profile_db_summary_load(struct profile_db *db, struct profile_db_summary *out)
	__attribute__((warn_unused_result));

/* Release what profile_db_summary_load allocated. */
void profile_db_summary_free(struct profile_db_summary *s);

/* The runs whose profiles f selects, by id: *sel holds shallow copies of elements of *all
 * (free *all with profile_db_runs_free, *sel with free). Returns 0 or -errno. */
int profile_db_summary_runs(struct profile_db *db, const struct profile_db_filter *f,
			    struct profile_db_run **all, size_t *nall, struct profile_db_run **sel,
			    size_t *nsel) __attribute__((warn_unused_result));

#endif
