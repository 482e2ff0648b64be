/*
 * svg.h — inline SVG charts for the HTML report: grouped horizontal bars (one group per row,
 * one bar per series, e.g. procedures x events) and 100%-stacked horizontal bars (one bar per
 * row split into categories, e.g. a procedure's cycle stack). Text is XML-escaped; sizes are
 * in CSS pixels; colours come from one fixed palette so legends match across charts.
 */
#ifndef ROBIN_REPORT_SVG_H
#define ROBIN_REPORT_SVG_H

#include <stddef.h>
#include <stdio.h>

struct svg_chart {
	const char *title;          /* drawn above the chart, may be NULL */
	const char *const *rows;    /* nrows labels */
	size_t nrows;
	const char *const *series;  /* nseries names (legend) */
	size_t nseries;
	const double *v;            /* v[row * nseries + s] */
	int width_px;               /* total width (default 960 when 0) */
};

/* The palette colour of series i ("#rrggbb"). */
const char *svg_color(size_t i);

/* Write text with &, <, >, " and ' escaped. */
void svg_escape(FILE *out, const char *s);

/* Grouped bars: each value is drawn to scale against the largest value and labelled as a
 * percentage (values are fractions). */
void svg_grouped_bars(FILE *out, const struct svg_chart *c);

/* 100%-stacked bars: each row is normalised to its own sum; segments wider than the label
 * carry their percentage; rows whose sum is 0 are drawn empty. */
void svg_stacked_bars(FILE *out, const struct svg_chart *c);

/* Stacked bars to scale: each row's length is its sum against the largest row's; hover text
 * gives each segment's value in `unit` ("cycles") and its share of the row. */
void svg_stacked_bars_scaled(FILE *out, const struct svg_chart *c, const char *unit);

#endif
