/*
 * fuzz_chunk.c — libFuzzer target over the packed per-offset count chunks of the profile
 * database (sample_chunk.c; the only blob column: detail rows are plain integer columns).
 * Input: byte 0 picks the window base (0, the top window of the address space, or a middle
 * one), byte 1 how many of the following bytes are the blob; the rest are 3-byte (offset, count)
 * additions. Checks that decoding a blob ends in -EILSEQ or in ascending in-window entries whose
 * re-encoding decodes to the same entries, and that merging the additions into the blob fails
 * exactly when the blob is malformed (or a count overflows) and otherwise adds up per offset.
 *
 * FUZZ_SOURCES: src/profile/sample_chunk.c
 * FUZZ_LIBS:
 * FUZZ_ARGS: -max_len=4096
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile/sample_chunk.h"

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "check failed: %s (line %d)\n", #c, __LINE__); \
	__builtin_trap(); } } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct list {
	struct sample_chunk_entry *e;
	size_t n, cap;
};

static int list_push(void *arg, uint64_t offset, uint64_t count)
{
	struct list *l = arg;
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 64;
		struct sample_chunk_entry *p = realloc(l->e, cap * sizeof(*p));
		if (!p)
			return -ENOMEM;
		l->e = p;
		l->cap = cap;
	}
	l->e[l->n].offset = offset;
	l->e[l->n].count = count;
	l->n++;
	return 0;
}

static int stop_at_third(void *arg, uint64_t offset, uint64_t count)
{
	(void)offset;
	(void)count;
	return ++*(int *)arg == 3 ? 42 : 0;
}

static int entry_cmp(const void *pa, const void *pb)
{
	const struct sample_chunk_entry *a = pa, *b = pb;
	return a->offset < b->offset ? -1 : a->offset > b->offset;
}

static uint64_t pick_base(uint8_t b)
{
	if (b == 0)
		return 0;
	if (b == 0xff)
		return sample_chunk_base(UINT64_MAX);
	if (b == 0xfe)
		return 12345;  /* unaligned: always malformed */
	return ((uint64_t)b << 40) | ((uint64_t)b * SAMPLE_CHUNK_SPAN);
}

/* The entries decoded from blob must describe it exactly; returns the decode status. */
static int decode_checked(const uint8_t *blob, size_t len, uint64_t base, struct list *out)
{
	uint64_t n = ~0ull, total = ~0ull;
	out->n = 0;
	int rc = sample_chunk_decode(blob, len, base, list_push, out, &n, &total);
	if (rc) {
		CHECK(rc == -EILSEQ);
		CHECK(n == ~0ull && total == ~0ull);
		return rc;
	}
	CHECK(n == out->n);
	uint64_t sum = 0;
	for (size_t i = 0; i < out->n; i++) {
		const struct sample_chunk_entry *e = &out->e[i];
		CHECK(e->offset >= base && e->offset - base < SAMPLE_CHUNK_SPAN);
		CHECK(i == 0 || e->offset > out->e[i - 1].offset);
		CHECK(e->count >= 1 && e->count <= (uint64_t)INT64_MAX);
		sum += e->count;
		CHECK(sum <= (uint64_t)INT64_MAX);
	}
	CHECK(sum == total);
	/* Without a callback, and with one that stops early, the result is consistent. */
	uint64_t n2, t2;
	CHECK(sample_chunk_decode(blob, len, base, NULL, NULL, &n2, &t2) == 0);
	CHECK(n2 == n && t2 == total);
	int seen = 0;
	CHECK(sample_chunk_decode(blob, len, base, stop_at_third, &seen, NULL, NULL) ==
	      (n >= 3 ? 42 : 0));
	return 0;
}

static void round_trip(const struct list *l, uint64_t base)
{
	struct sample_chunk_buf buf = { 0 }, again = { 0 };
	struct list back = { 0 };
	uint64_t fresh, n, total;
	CHECK(sample_chunk_merge(NULL, 0, base, l->e, l->n, &buf, &fresh, &n, &total) == 0);
	CHECK(fresh == l->n && n == l->n);
	CHECK(decode_checked(buf.data, buf.len, base, &back) == 0);
	CHECK(back.n == l->n);
	CHECK(!l->n || !memcmp(back.e, l->e, l->n * sizeof(*l->e)));
	/* Re-encoding is canonical: merging nothing into it gives the same bytes. */
	CHECK(sample_chunk_merge(buf.data, buf.len, base, NULL, 0, &again, &fresh, &n, &total) == 0);
	CHECK(fresh == 0 && again.len == buf.len);
	CHECK(!buf.len || !memcmp(again.data, buf.data, buf.len));
	sample_chunk_buf_free(&buf);
	sample_chunk_buf_free(&again);
	free(back.e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2)
		return 0;
	uint64_t base = pick_base(data[0]);
	size_t blob_len = data[1] < size - 2 ? data[1] : size - 2;
	const uint8_t *blob = data + 2, *rest = blob + blob_len;
	size_t rest_len = size - 2 - blob_len;

	/* Additions: sorted, duplicate-free, inside the window, counts >= 1. */
	struct sample_chunk_entry add[1400];
	size_t n_add = 0;
	for (size_t i = 0; i + 3 <= rest_len && n_add < sizeof(add) / sizeof(add[0]); i += 3) {
		add[n_add].offset = base + ((rest[i] | (uint64_t)rest[i + 1] << 8) &
					    (SAMPLE_CHUNK_SPAN - 1));
		add[n_add].count = rest[i + 2] == 0xff ? (uint64_t)INT64_MAX : rest[i + 2] + 1u;
		n_add++;
	}
	qsort(add, n_add, sizeof(add[0]), entry_cmp);
	size_t w = 0;
	for (size_t r = 0; r < n_add; r++)
		if (!w || add[r].offset != add[w - 1].offset)
			add[w++] = add[r];
	n_add = w;

	struct list old = { 0 };
	int drc = decode_checked(blob, blob_len, base, &old);
	if (drc == 0)
		round_trip(&old, base);

	struct sample_chunk_buf out = { 0 };
	uint64_t fresh = ~0ull, n = ~0ull, total = ~0ull;
	int mrc = sample_chunk_merge(blob, blob_len, base, add, n_add, &out, &fresh, &n, &total);
	if (base & (SAMPLE_CHUNK_SPAN - 1)) {
		CHECK(drc == -EILSEQ && mrc == -EINVAL);
	} else if (drc) {
		CHECK(mrc == -EILSEQ || mrc == -EOVERFLOW);
	} else {
		/* The expected result: old and add merged by offset, counts added. */
		struct list want = { 0 };
		size_t i = 0, j = 0;
		uint64_t want_fresh = 0, sum = 0;
		int overflow = 0;
		while (i < old.n || j < n_add) {
			struct sample_chunk_entry e;
			if (j >= n_add || (i < old.n && old.e[i].offset < add[j].offset)) {
				e = old.e[i++];
			} else if (i < old.n && old.e[i].offset == add[j].offset) {
				e = old.e[i++];
				if (e.count + add[j].count > (uint64_t)INT64_MAX)
					overflow = 1;
				e.count += add[j++].count;
			} else {
				e = add[j++];
				want_fresh++;
			}
			if (sum + e.count > (uint64_t)INT64_MAX)
				overflow = 1;
			sum += e.count;
			CHECK(list_push(&want, e.offset, e.count) == 0);
		}
		if (overflow) {
			CHECK(mrc == -EOVERFLOW);
		} else {
			CHECK(mrc == 0);
			CHECK(fresh == want_fresh && n == want.n && total == sum);
			struct list got = { 0 };
			CHECK(decode_checked(out.data, out.len, base, &got) == 0);
			CHECK(got.n == want.n);
			CHECK(!got.n || !memcmp(got.e, want.e, got.n * sizeof(*got.e)));
			free(got.e);
		}
		free(want.e);
	}
	sample_chunk_buf_free(&out);
	free(old.e);
	return 0;
}
