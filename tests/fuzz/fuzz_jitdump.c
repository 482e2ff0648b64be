/*
 * fuzz_jitdump.c — libFuzzer target over the jitdump reader (src/collect/jitdump.c), which
 * parses files other programs write (jit-PID.dump, mapped by any process robin samples). The
 * input is a jitdump file's bytes. Checks that every entry passed on is well formed (size > 0,
 * no range past 2^64, a non-empty name without a control character but tab, a load's name
 * inside the input), that the bytes consumed stay inside the input, and that the results are
 * the same however the file is read: whole; in two parts split anywhere (a file that grows
 * between two commits: the first read sees only a prefix); and through windows smaller than
 * the file, as jitdump_read's buffer sees a large file (records reaching past the window are
 * parsed from their first bytes and skipped by their size).
 *
 * FUZZ_SOURCES: src/collect/jitdump.c src/collect/perfmap.c
 * FUZZ_LIBS:
 * FUZZ_ARGS: -max_len=16384
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/jitdump.h"

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "check failed: %s (line %d)\n", #c, __LINE__); \
	__builtin_trap(); } } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct seen {
	uint64_t hash;      /* over the entries, in order */
};

static int entry(void *arg, const struct perfmap_sym *s)
{
	struct seen *v = arg;
	CHECK(s->size > 0 && s->start + s->size > s->start);
	CHECK(s->name_len > 0 && s->name_len <= JITDUMP_NAME_MAX);
	for (size_t i = 0; i < s->name_len; i++)
		CHECK((unsigned char)s->name[i] >= 0x20 || s->name[i] == '\t');
	uint64_t h = v->hash ^ s->start;
	h = (h * 1099511628211ull) ^ s->size;
	for (size_t i = 0; i < s->name_len; i++)
		h = (h ^ (unsigned char)s->name[i]) * 1099511628211ull;
	v->hash = h * 1099511628211ull;
	return 0;
}

/* Read data[0, size) as jitdump_read would with a `win`-byte buffer, the file holding `size`
 * bytes; returns the bytes consumed. */
static uint64_t windowed(const uint8_t *data, size_t size, size_t win, struct jitdump_reader *r,
			 struct seen *v)
{
	while (!r->bad && r->pos < size) {
		size_t len = size - r->pos < win ? size - (size_t)r->pos : win;
		uint64_t used;
		CHECK(jitdump_parse_buf(data + r->pos, len, size - r->pos, r, entry, v, &used) == 0);
		CHECK(used <= size - r->pos);
		r->pos += used;
		if (!used)
			break;
	}
	return r->pos;
}

static int same(const struct jitdump_reader *a, const struct jitdump_reader *b)
{
	return a->entries == b->entries && a->malformed == b->malformed &&
	       a->records == b->records && a->bad == b->bad && a->header_done == b->header_done;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct jitdump_reader whole = { 0 };
	struct seen a = { 0 };
	uint64_t used;
	CHECK(jitdump_parse_buf(data, size, size, &whole, entry, &a, &used) == 0);
	CHECK(used <= size);
	CHECK(whole.entries + whole.malformed <= whole.records + 1);
	if (!whole.bad && whole.header_done && used < size) { /* stopped at a partial record */
		CHECK(size - used < 16 || (uint64_t)(data[used + 4] | data[used + 5] << 8 |
			(uint32_t)data[used + 6] << 16 | (uint32_t)data[used + 7] << 24) > size - used);
	}

	/* two reads, split at a point the input picks: the file held only `cut` bytes first */
	size_t cut = size ? (size_t)data[size - 1] * size / 256 : 0;
	struct jitdump_reader two = { 0 };
	struct seen b = { 0 };
	uint64_t u1, u2;
	CHECK(jitdump_parse_buf(data, cut, cut, &two, entry, &b, &u1) == 0);
	CHECK(u1 <= cut);
	CHECK(jitdump_parse_buf(data + u1, size - u1, size - u1, &two, entry, &b, &u2) == 0);
	CHECK(u1 + u2 == used && same(&two, &whole) && b.hash == a.hash);

	/* through a window smaller than the file: the largest fixed part + name must fit */
	struct jitdump_reader w = { 0 };
	struct seen c = { 0 };
	CHECK(windowed(data, size, JITDUMP_LOAD_FIXED + JITDUMP_NAME_MAX + 1 + 7, &w, &c) == used);
	CHECK(same(&w, &whole) && c.hash == a.hash);

	jitdump_reader_free(&whole);
	jitdump_reader_free(&two);
	jitdump_reader_free(&w);
	return 0;
}
