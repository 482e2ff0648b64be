/*
 * pprof.h — write a report_profile as a gzip-compressed pprof profile (profile.proto: the
 * messages are declared in src/report/pprof.proto and compiled with protoc-c at build time).
 * One sample type per event (type = event name, unit "count"); one Sample and one Location
 * per instruction with samples (address = the instruction's offset, see profile_db.h), or,
 * when the profile holds call stacks, one Location per instruction on them and one Sample
 * per stack and event with its locations leaf first (the caller frames' call sites); one
 * Mapping per image; Functions and Lines from symbolisation, inlined frames first as pprof
 * expects. Sample values are integers: samples x period when the event's period is known
 * (estimated events, exact for divided counts), else samples rounded to the nearest integer.
 */
#ifndef ROBIN_REPORT_PPROF_H
#define ROBIN_REPORT_PPROF_H

#include <stddef.h>
#include <stdint.h>

#include "report/report_profile.h"

struct pprof_stats {
	size_t samples, locations, functions, mappings, strings;
	size_t bytes_packed;    /* before compression */
};

/* Write `p` (finished) to `path`. `comment` (may be NULL) goes into Profile.comment;
 * time_ns into time_nanos (0 = unset). Returns 0 or -errno with one line in err (512). */
int pprof_write(const struct report_profile *p, const char *path, const char *comment,
		int64_t time_ns, struct pprof_stats *stats, char *err)
	__attribute__((warn_unused_result));

/* The integer value pprof_write stores for `count` samples of event e. */
int64_t pprof_value(const struct report_profile *p, size_t e, double count);

#endif
