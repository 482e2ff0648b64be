/*
 * folded.h — flame-graph "folded" lines from a report_profile: `image;function count`, with
 * the inline chain when DWARF has one (`image;caller;inlined count`, outermost first) and,
 * optionally, the instruction address as a leaf frame (`image;function;0x1a2b count`).
 * Identical stacks are merged; lines are sorted. ';' and line breaks inside names become
 * '_'. Counts are the event's samples (printed as integers when integral, else with up to
 * three decimals, which flamegraph.pl accepts).
 */
#ifndef ROBIN_REPORT_FOLDED_H
#define ROBIN_REPORT_FOLDED_H

#include <stdio.h>

#include "report/report_profile.h"

#define FOLDED_INSNS 0x1u  /* instruction address as the leaf frame */

/* Write the folded stacks of event `event` of `p` (finished) to out. Returns the number of
 * lines written, or -ENOMEM. */
long folded_write(const struct report_profile *p, size_t event, unsigned flags, FILE *out);

#endif
