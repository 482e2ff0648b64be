/*
 * report_load.h — fill a report_profile from the profile database: every profile that
 * matches a filter, summed per (image, offset) with one column per event (counts divided by
 * each profile's count_divisor, i.e. samples), symbolised through symbols.h (function, source
 * line, inline chain), and optionally with one kind of detail rows (cycle-stack categories:
 * a writer's `cycle_stack` kind when present, else `commit_state`).
 * The opened images stay in a report_images cache for disassembly (report_images_read).
 */
#ifndef ROBIN_REPORT_LOAD_H
#define ROBIN_REPORT_LOAD_H

#include <stddef.h>
#include <stdint.h>

#include "profile/profile_db.h"
#include "report/report_profile.h"

struct symbols;

/* Symbol tables of the images of a report_profile, by image index (NULL: not readable). */
struct report_images {
	struct symbols **syms;
	size_t n;
	size_t unreadable;      /* images (other than [unknown]) whose file could not be opened */
	char first_error[512];  /* the first of those errors, "" if none */
};

#define REPORT_LOAD_DETAILS 0x1u  /* also load cycle-stack details */
#define REPORT_LOAD_NO_SYMBOLS 0x2u /* do not symbolise (faster; every row is [unknown]) */
#define REPORT_LOAD_STACKS 0x4u   /* also load call stacks (report_stacks.h) */

/* Load the profiles matching `f` (NULL = all) into `out` (initialised by the call) and, if
 * `images` is non-NULL, keep the opened symbol tables there (free with
 * report_images_free). Events are ordered as f->events lists them, the others by name.
 * Returns 0, -ENOENT when no profile matches (err says which filter), or -errno with one
 * line in err (REPORT_ERR_MAX bytes). */
#define REPORT_ERR_MAX 512
int report_load(struct profile_db *db, const struct profile_db_filter *f, unsigned flags,
		struct report_profile *out, struct report_images *images, char *err)
	__attribute__((warn_unused_result));

void report_images_free(struct report_images *im);

/* Copy up to n code bytes of image `image` at `offset`; returns bytes copied (0 if unknown). */
size_t report_images_read(const struct report_images *im, uint32_t image, uint64_t offset,
			  uint8_t *buf, size_t n);

/* Describe a filter in one line ("run 3, event tip") for messages and headings. */
void report_filter_describe(const struct profile_db_filter *f, char *buf, size_t n);

#endif
