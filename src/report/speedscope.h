/*
 * speedscope.h — a report_profile as a speedscope file (https://www.speedscope.app, its
 * "sampled" profile type): one shared frame per function, one profile per event whose samples
 * are the stored call stacks (outermost frame first, inline chains expanded) with their sample
 * counts as weights; an event without stacks gives one-frame samples per function.
 */
#ifndef ROBIN_REPORT_SPEEDSCOPE_H
#define ROBIN_REPORT_SPEEDSCOPE_H

#include <stdio.h>

#include "report/report_profile.h"

/* Write `p` (finished) to out as speedscope JSON named `name`. Returns the number of samples
 * (weighted stacks) written, or -ENOMEM. */
long speedscope_write(const struct report_profile *p, const char *name, FILE *out);

#endif
