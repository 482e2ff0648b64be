/*
 * sample_chunk.c — encode, decode and merge the packed per-offset counts of one chunk
 * (see sample_chunk.h and docs/profile-db.md).
 */
#include "profile/sample_chunk.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int buf_reserve(struct sample_chunk_buf *b, size_t more)
{
	if (b->len + more <= b->cap)
		return 0;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < b->len + more)
		cap *= 2;
	uint8_t *p = realloc(b->data, cap);
	if (!p)
		return -ENOMEM;
	b->data = p;
	b->cap = cap;
	return 0;
}

static void put_varint(struct sample_chunk_buf *b, uint64_t v)
{
	while (v >= 0x80) {
		b->data[b->len++] = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	b->data[b->len++] = (uint8_t)v;
}

/* Read one LEB128 varint at *pos; returns 0 or -EILSEQ. */
static int get_varint(const uint8_t *data, size_t len, size_t *pos, uint64_t *v)
{
	uint64_t r = 0;
	for (unsigned shift = 0; shift < 64; shift += 7) {
		if (*pos >= len)
			return -EILSEQ;
		uint8_t byte = data[(*pos)++];
		if (shift == 63 && (byte & 0x7e))
			return -EILSEQ;
		r |= (uint64_t)(byte & 0x7f) << shift;
		if (!(byte & 0x80)) {
			*v = r;
			return 0;
		}
	}
	return -EILSEQ;
}

/* Iterator over a blob with full validation. */
struct reader {
	const uint8_t *data;
	size_t len, pos;
	uint64_t base, prev;
	int first;
};

/* Next entry: 1 = got one, 0 = end, -EILSEQ = malformed. */
static int reader_next(struct reader *r, uint64_t *offset, uint64_t *count)
{
	if (r->pos >= r->len)
		return 0;
	uint64_t delta, c;
	if (get_varint(r->data, r->len, &r->pos, &delta) || get_varint(r->data, r->len, &r->pos, &c))
		return -EILSEQ;
	if ((!r->first && delta == 0) || c == 0 || c > (uint64_t)INT64_MAX)
		return -EILSEQ;
	uint64_t from = r->first ? r->base : r->prev;
	/* from - base < SPAN, so this cannot wrap even in the top window of the address space */
	if (delta >= SAMPLE_CHUNK_SPAN || from - r->base + delta >= SAMPLE_CHUNK_SPAN)
		return -EILSEQ;
	r->prev = from + delta;
	r->first = 0;
	*offset = r->prev;
	*count = c;
	return 1;
}

int sample_chunk_decode(const uint8_t *data, size_t len, uint64_t base,
			int (*fn)(void *arg, uint64_t offset, uint64_t count), void *arg,
			uint64_t *n_entries, uint64_t *total)
{
	struct reader r = { data, len, 0, base, base, 1 };
	uint64_t n = 0, sum = 0, off, c;
	int rc;
	if (base & (SAMPLE_CHUNK_SPAN - 1))
		return -EILSEQ;
	while ((rc = reader_next(&r, &off, &c)) == 1) {
		n++;
		if (sum + c < sum || sum + c > (uint64_t)INT64_MAX)
			return -EILSEQ;
		sum += c;
		if (fn) {
			int frc = fn(arg, off, c);
			if (frc)
				return frc;
		}
	}
	if (rc < 0)
		return rc;
	if (n_entries)
		*n_entries = n;
	if (total)
		*total = sum;
	return 0;
}

int sample_chunk_merge(const uint8_t *old, size_t old_len, uint64_t base,
		       const struct sample_chunk_entry *add, size_t n_add,
		       struct sample_chunk_buf *out, uint64_t *new_offsets,
		       uint64_t *n_entries, uint64_t *total)
{
	struct reader r = { old, old_len, 0, base, base, 1 };
	uint64_t o_off = 0, o_cnt = 0, prev = base, n = 0, sum = 0, fresh = 0;
	int have_old, first = 1;
	size_t i = 0;

	out->len = 0;
	if (base & (SAMPLE_CHUNK_SPAN - 1))
		return -EINVAL;
	/* Worst case: every entry is two 10-byte varints. */
	if (buf_reserve(out, (old_len + 20 * n_add)))
		return -ENOMEM;
	have_old = reader_next(&r, &o_off, &o_cnt);
	if (have_old < 0)
		return have_old;
	while (have_old || i < n_add) {
		uint64_t off, c;
		if (have_old && (i >= n_add || o_off < add[i].offset)) {
			off = o_off;
			c = o_cnt;
			have_old = reader_next(&r, &o_off, &o_cnt);
		} else if (have_old && o_off == add[i].offset) {
			off = o_off;
			c = o_cnt + add[i].count;
			if (c < o_cnt || c > (uint64_t)INT64_MAX)
				return -EOVERFLOW;
			i++;
			have_old = reader_next(&r, &o_off, &o_cnt);
		} else {
			off = add[i].offset;
			c = add[i].count;
			i++;
			fresh++;
		}
		if (have_old < 0)
			return have_old;
		if (c == 0 || off < base || off - base >= SAMPLE_CHUNK_SPAN || (!first && off <= prev))
			return -EINVAL;
		put_varint(out, off - (first ? base : prev));
		put_varint(out, c);
		prev = off;
		first = 0;
		n++;
		if (sum + c > (uint64_t)INT64_MAX || sum + c < sum)
			return -EOVERFLOW;
		sum += c;
	}
	*new_offsets = fresh;
	*n_entries = n;
	*total = sum;
	return 0;
}

void sample_chunk_buf_free(struct sample_chunk_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}
