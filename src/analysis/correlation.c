/*
 * correlation.c — Pearson's r (correlation.h), from the centred sums so that large counts
 * keep their precision.
 */
#include "analysis/correlation.h"

#include <math.h>

double correlation_pearson(const double *x, const double *y, size_t n)
{
	if (n < 3)
		return NAN;
	double mx = 0, my = 0;
	for (size_t i = 0; i < n; i++) {
		mx += x[i];
		my += y[i];
	}
	mx /= (double)n;
	my /= (double)n;
	double sxy = 0, sxx = 0, syy = 0;
	for (size_t i = 0; i < n; i++) {
		sxy += (x[i] - mx) * (y[i] - my);
		sxx += (x[i] - mx) * (x[i] - mx);
		syy += (y[i] - my) * (y[i] - my);
	}
	return sxx > 0 && syy > 0 ? sxy / sqrt(sxx * syy) : NAN;
}
