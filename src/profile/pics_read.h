/*
 * pics_read.h — per-instruction cycle stacks (PICS, 004_b28092482852db08.txt Paper B) read
 * back from a profile database: the `psv` detail rows (docs/profile-db.md) that `robin sim
 * --profile tea,...` stores per offset and signature. Which event to show, and the rows of
 * one image's offset range. `robin annotate --pics`, `robin prof --pics` and the HTML report
 * read PICS through it.
 * Entry points: pics_read_event, pics_read_range.
 */
#ifndef ROBIN_PROFILE_PICS_READ_H
#define ROBIN_PROFILE_PICS_READ_H

#include <stddef.h>
#include <stdint.h>

#include "profile/profile_db.h"

#define PICS_READ_EVENT_MAX 64

/* The event whose PICS to show among the profiles matching f: the first of f's events that
 * has psv rows, else "tea", else "golden", else the first by name that has any. Returns 0,
 * -ENOENT when no matching profile has psv rows, or -errno. */
int pics_read_event(struct profile_db *db, const struct profile_db_filter *f, char *event,
		    size_t n) __attribute__((warn_unused_result));

/* Calls fn(arg, offset, signature, units) for every psv row of `event`'s profiles matching
 * f (epoch, run) in image image_id with lo <= offset < hi; units = count / count_divisor
 * (samples, or cycles for golden). Returns 0 or -errno. */
int pics_read_range(struct profile_db *db, const struct profile_db_filter *f, const char *event,
		    int64_t image_id, uint64_t lo, uint64_t hi,
		    void (*fn)(void *arg, uint64_t offset, uint32_t sig, double units), void *arg)
	__attribute__((warn_unused_result));

#endif
