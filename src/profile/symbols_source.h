/*
 * symbols_source.h — function symbols kept outside any ELF file: the profile database stores
 * the entries of JIT compilers' perf maps (docs/collect.md, "JIT-compiled code") for their
 * synthetic images, and every open database registers itself here as a source, so that
 * symbols_open names such an image's code from whichever open database holds its entries.
 * Deliberately free of other dependencies (a database reader links it without libelf).
 */
#ifndef ROBIN_PROFILE_SYMBOLS_SOURCE_H
#define ROBIN_PROFILE_SYMBOLS_SOURCE_H

#include <stddef.h>
#include <stdint.h>

/* One stored entry: [start, start + size) named `name`, in the order they were written
 * (a later entry overrides an earlier one where they overlap). */
typedef int (*symbols_source_row_fn)(void *arg, uint64_t start, uint64_t size, const char *name);

/* A source: calls row() for each entry of image (path, build_id); returns the number of
 * entries (0: none here) or -errno; a non-zero row() return stops it and is returned. */
typedef int64_t (*symbols_source_fn)(void *src, const char *path, const char *build_id,
				     symbols_source_row_fn row, void *arg);

/* Register / unregister a source (at most 16 at once; -ENOSPC beyond). */
int symbols_source_add(symbols_source_fn fn, void *src);
void symbols_source_remove(void *src);

/* Ask the sources in registration order; the first with entries answers. Returns the number
 * of entries passed to row() (0: no source knows the image) or a negative error. */
int64_t symbols_source_query(const char *path, const char *build_id, symbols_source_row_fn row,
			     void *arg);

#endif
