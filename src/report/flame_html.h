/*
 * flame_html.h — a flame graph of one event's call stacks for the HTML report: a
 * self-contained inline SVG (one rectangle per calling-context node, width = samples, the
 * outermost frame at the bottom) with a little JavaScript to zoom into a frame by clicking it
 * (click the bottom bar to reset) and to search frames by regular expression (matches turn
 * purple, their share is shown). Built from report_profile.stacks (report_stacks.h).
 */
#ifndef ROBIN_REPORT_FLAME_HTML_H
#define ROBIN_REPORT_FLAME_HTML_H

#include <stddef.h>
#include <stdio.h>

#include "report/report_profile.h"

/* Write the flame-graph section of event ev (nothing when it has no stacks). Returns 0 or
 * -ENOMEM. */
int flame_html_write(FILE *out, const struct report_profile *p, size_t ev)
	__attribute__((warn_unused_result));

#endif
