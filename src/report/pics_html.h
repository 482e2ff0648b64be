/*
 * pics_html.h — per-instruction cycle stacks (PICS, 004_b28092482852db08.txt Paper B) in the
 * HTML report: the hottest instructions of a PICS profile (robin sim --profile tea --db)
 * drawn as horizontal bars to scale, one colour per signature, a legend, and hover text with
 * the cycles (or samples) of each signature. Loaded from the database's psv rows
 * (profile/pics_read.h); html.c writes the section when the page has one.
 * Entry points: pics_html_load, pics_html_write, pics_html_free.
 */
#ifndef ROBIN_REPORT_PICS_HTML_H
#define ROBIN_REPORT_PICS_HTML_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "profile/pics_read.h"
#include "report/report_profile.h"

#define PICS_HTML_LABEL_MAX 96

struct pics_html {
	char event[PICS_READ_EVENT_MAX];
	const char *unit;              /* "cycles" (golden) or "samples" */
	size_t nrows;                  /* instructions, heaviest first */
	char (*labels)[PICS_HTML_LABEL_MAX];  /* "lbm_step+0x676" */
	size_t nsig;                   /* signatures used (series), in key order */
	char (*sig_names)[64];
	double *v;                     /* v[row * nsig + s] */
};

/* The `top` heaviest instructions of the PICS event among the profiles matching f (see
 * pics_read_event), labelled through p's symbols. Returns 0, -ENOENT when no profile has
 * PICS, or -errno. */
int pics_html_load(struct profile_db *db, const struct profile_db_filter *f,
		   const struct report_profile *p, size_t top, struct pics_html *out)
	__attribute__((warn_unused_result));

/* The page section: heading, note and chart. */
void pics_html_write(FILE *out, const struct pics_html *ph);

void pics_html_free(struct pics_html *ph);

#endif
