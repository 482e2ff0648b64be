/*
 * profile_stats.h — the statistics dcpistats prints for one unit (a procedure) across N
 * sample sets (runs or epochs): sum, mean, sample standard deviation, min, max and the
 * normalised range. 002_767b26a0b68559db.txt Figure 3 prints range% = (max - min) / sum (its
 * smooth_ row: (88075 - 38155) / 441040 = 11.3%); robin prints that and (max - min) / mean.
 */
#ifndef ROBIN_ANALYSIS_PROFILE_STATS_H
#define ROBIN_ANALYSIS_PROFILE_STATS_H

#include <stddef.h>

struct profile_stats {
	size_t n;              /* number of sets */
	double sum, mean;
	double stddev;         /* sample standard deviation (divides by n - 1); 0 when n < 2 */
	double min, max;
	double range_of_sum;   /* (max - min) / sum, the paper's range%; NAN when sum == 0 */
	double range_of_mean;  /* (max - min) / mean; NAN when mean == 0 */
};

/* Summarise v[0..n-1] (one value per set; a set where the unit has no samples counts as 0). */
void profile_stats_compute(const double *v, size_t n, struct profile_stats *out);

#endif
