/*
 * sample_chunk.h — the packed encoding of per-offset counts in sample_chunk.data
 * (docs/profile-db.md): entries of one 16 KiB offset window as LEB128 (delta, count) pairs.
 * Decoding validates everything, so a damaged blob is an error, never a crash.
 */
#ifndef ROBIN_PROFILE_SAMPLE_CHUNK_H
#define ROBIN_PROFILE_SAMPLE_CHUNK_H

#include <stddef.h>
#include <stdint.h>

#define SAMPLE_CHUNK_SPAN 16384u  /* offsets per chunk window */

static inline uint64_t sample_chunk_base(uint64_t offset)
{
	return offset & ~(uint64_t)(SAMPLE_CHUNK_SPAN - 1);
}

struct sample_chunk_entry {
	uint64_t offset;
	uint64_t count;
};

/* A growable byte buffer for encoding. */
struct sample_chunk_buf {
	uint8_t *data;
	size_t len, cap;
};

/* Decode a chunk blob: calls fn(arg, offset, count) per entry in ascending order. Returns 0,
 * fn's non-zero return value, or -EILSEQ when the blob is malformed (truncated varint, delta
 * 0, offset outside the window, zero count, overflow). *n_entries and *total (may be NULL)
 * receive the entry count and the sum of counts of a fully decoded blob. */
int sample_chunk_decode(const uint8_t *data, size_t len, uint64_t base,
			int (*fn)(void *arg, uint64_t offset, uint64_t count), void *arg,
			uint64_t *n_entries, uint64_t *total);

/* Merge sorted, duplicate-free `add` entries (all inside the window of `base`, counts >= 1)
 * into the blob `old` (len may be 0): counts of equal offsets add up. The result goes to
 * `out` (reset first). *new_offsets receives how many offsets were not in `old`,
 * *n_entries and *total describe the result. Returns 0, -EILSEQ (old is malformed),
 * -EINVAL (base not a window start, or `add` breaks the rules above), -EOVERFLOW (a count
 * would exceed INT64_MAX) or -ENOMEM. */
int sample_chunk_merge(const uint8_t *old, size_t old_len, uint64_t base,
		       const struct sample_chunk_entry *add, size_t n_add,
		       struct sample_chunk_buf *out, uint64_t *new_offsets,
		       uint64_t *n_entries, uint64_t *total);

void sample_chunk_buf_free(struct sample_chunk_buf *b);

#endif
