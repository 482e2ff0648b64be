/*
 * selector.h — the profile selector syntax of `robin diff A B`, the filter options every
 * report command shares, and the id lists of `robin stats --runs/--epochs`. A selector is terms joined by '/':
 *     run:3            profiles of run 3          epoch:2         profiles of epoch 2
 *     event:tip        event tip (event:a,b: several)
 *     image:PATH       an image path, or a suffix after a '/' ("libc.so.6")
 *     3                a bare number is a run id
 * e.g. `run:3/event:tip` vs `run:3/event:oracle`, or `epoch:1` vs `epoch:2`. An image path may
 * itself hold '/': only a '/' followed by "run:", "epoch:", "event:" or "image:" ends a term.
 * A selector is applied on top of the command's --epoch/--run/--image/--event options: the
 * terms it names replace those options, the others still apply.
 */
#ifndef ROBIN_REPORT_SELECTOR_H
#define ROBIN_REPORT_SELECTOR_H

#include <stddef.h>
#include <stdint.h>

#include "profile/profile_db.h"

struct report_selector {
	int64_t epoch_id;      /* 0 = not given */
	int64_t run_id;        /* 0 = not given */
	char *image;           /* NULL = not given */
	char **events;         /* NULL / 0 = not given */
	size_t n_events;
};

/* Parse `text`; on error returns -EINVAL with one line in err (256 bytes) naming the term. */
int report_selector_parse(const char *text, struct report_selector *out, char *err)
	__attribute__((warn_unused_result));

/* Setters used by option parsing (they replace what was set). Return 0, -EINVAL with err
 * ("--run: 'x' is not a positive integer"), or -ENOMEM. */
int report_selector_set(struct report_selector *s, const char *key, const char *value,
			char *err) __attribute__((warn_unused_result));

/* dst = base with the terms `over` names replacing base's. Returns 0 or -ENOMEM. */
int report_selector_merge(const struct report_selector *base,
			  const struct report_selector *over, struct report_selector *dst)
	__attribute__((warn_unused_result));

/* A database filter that points into `s` (valid while s lives). */
void report_selector_filter(const struct report_selector *s, struct profile_db_filter *f);

/* The selector as text in its own syntax ("run:3/event:tip"; "all" when empty). */
void report_selector_format(const struct report_selector *s, char *buf, size_t n);

/* Parse an id list of --runs / --epochs, "1,2,5-8" (ids > 0, a range at most 100001 long),
 * into *ids (malloc'd, *n of them, at least one). Returns 0, -EINVAL or -ENOMEM. */
int report_selector_id_list(const char *s, int64_t **ids, size_t *n)
	__attribute__((warn_unused_result));

void report_selector_free(struct report_selector *s);

#endif
