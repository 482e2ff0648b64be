/*
 * correlation.h — the sample correlation the experiments report: Pearson's r between two
 * series (TEA's event counts vs PICS components, ProfileMe's wasted-slot estimates vs the
 * exact values, DCPI's I-cache stall cycles vs miss counts per procedure).
 */
#ifndef ROBIN_ANALYSIS_CORRELATION_H
#define ROBIN_ANALYSIS_CORRELATION_H

#include <stddef.h>

/* Pearson's r of x[0..n-1] and y[0..n-1]; NAN with fewer than 3 points or when either series
 * is constant. */
double correlation_pearson(const double *x, const double *y, size_t n);

#endif
