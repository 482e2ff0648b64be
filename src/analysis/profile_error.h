/*
 * profile_error.h — the profile error metric of 004_b28092482852db08.txt Paper A §4:
 * e = (c_total - c_correct) / c_total. A profile and a reference (the Oracle, or any profile
 * chosen as reference) are each a set of (unit, count) pairs, where a unit is an instruction,
 * a basic block or a function, encoded by the caller as a 64-bit key. Each profile is
 * normalised to shares; c_total is the reference's total and c_correct =
 * c_total * sum over units of min(share_profile, share_reference), so that
 * e = sum over units of |share_profile - share_reference| / 2.
 */
#ifndef ROBIN_ANALYSIS_PROFILE_ERROR_H
#define ROBIN_ANALYSIS_PROFILE_ERROR_H

#include <stddef.h>
#include <stdint.h>

struct profile_error_unit {
	uint64_t key;      /* caller's unit id; keys may repeat (their counts add) */
	double count;
};

struct profile_error {
	double total_profile;    /* sum of the profile's counts */
	double total_reference;  /* sum of the reference's counts = c_total */
	double c_total;
	double c_correct;        /* reference cycles the profile attributes to the right unit */
	double error;            /* (c_total - c_correct) / c_total, in [0, 1] */
	size_t units;            /* distinct units seen on either side */
};

/* Compute the error of `prof` against `ref`. The arrays are not modified. Returns 0, -ENODATA
 * when either side has a zero total, or -ENOMEM. */
int profile_error_compute(const struct profile_error_unit *prof, size_t nprof,
			  const struct profile_error_unit *ref, size_t nref,
			  struct profile_error *out) __attribute__((warn_unused_result));

#endif
