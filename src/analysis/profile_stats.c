/*
 * profile_stats.c — per-unit statistics across sample sets (see profile_stats.h).
 */
#include "analysis/profile_stats.h"

#include <math.h>

void profile_stats_compute(const double *v, size_t n, struct profile_stats *out)
{
	out->n = n;
	out->sum = 0;
	out->min = n ? v[0] : 0;
	out->max = n ? v[0] : 0;
	for (size_t i = 0; i < n; i++) {
		out->sum += v[i];
		if (v[i] < out->min)
			out->min = v[i];
		if (v[i] > out->max)
			out->max = v[i];
	}
	out->mean = n ? out->sum / (double)n : 0;
	double ss = 0;  /* two passes: exact enough for counts up to 2^53 */
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - out->mean) * (v[i] - out->mean);
	out->stddev = n > 1 ? sqrt(ss / (double)(n - 1)) : 0;
	out->range_of_sum = out->sum != 0 ? (out->max - out->min) / out->sum : NAN;
	out->range_of_mean = out->mean != 0 ? (out->max - out->min) / out->mean : NAN;
}
