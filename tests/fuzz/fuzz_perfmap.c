/*
 * fuzz_perfmap.c — libFuzzer target over the perf map reader (src/collect/perfmap.c), which
 * parses files other programs write (/tmp/perf-PID.map, any user's). The input is a map file's
 * bytes. Checks that every entry passed on is well formed (size > 0, no range past 2^64, a
 * non-empty name inside the input without a newline or other control character but tab),
 * that every line is either an entry or counted malformed, and that reading the input in two
 * parts split anywhere — as a map that grows between two commits is read — yields the same
 * entries and counts as reading it whole.
 *
 * FUZZ_SOURCES: src/collect/perfmap.c
 * FUZZ_LIBS:
 * FUZZ_ARGS: -max_len=8192
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/perfmap.h"

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "check failed: %s (line %d)\n", #c, __LINE__); \
	__builtin_trap(); } } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct seen {
	const char *base;
	size_t size;
	uint64_t hash;      /* over the entries, in order */
};

static int entry(void *arg, const struct perfmap_sym *s)
{
	struct seen *v = arg;
	CHECK(s->size > 0 && s->start + s->size > s->start);
	CHECK(s->name_len > 0 && s->name >= v->base && s->name + s->name_len <= v->base + v->size);
	for (size_t i = 0; i < s->name_len; i++)
		CHECK((unsigned char)s->name[i] >= 0x20 || s->name[i] == '\t');
	uint64_t h = v->hash ^ s->start;
	h = (h * 1099511628211ull) ^ s->size;
	for (size_t i = 0; i < s->name_len; i++)
		h = (h ^ (unsigned char)s->name[i]) * 1099511628211ull;
	v->hash = h * 1099511628211ull;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	struct perfmap_reader whole = { 0 };
	struct seen a = { buf, size, 0 };
	size_t used;
	CHECK(perfmap_parse_buf(buf, size, 1, &whole, entry, &a, &used) == 0);
	CHECK(used == size);
	size_t lines = 0, empty = 0, start = 0;
	for (size_t i = 0; i <= size; i++)
		if (i == size || buf[i] == '\n') {
			if (i < size || i > start) {
				lines++;
				empty += i == start;
			}
			start = i + 1;
		}
	CHECK(whole.entries + whole.malformed + empty == lines);

	/* two reads, split at a point the input picks: the first takes complete lines only */
	size_t cut = size ? (size_t)data[0] * size / 256 : 0;
	struct perfmap_reader two = { 0 };
	struct seen b = { buf, size, 0 };
	CHECK(perfmap_parse_buf(buf, cut, 0, &two, entry, &b, &used) == 0);
	CHECK(used <= cut && (used == 0 || buf[used - 1] == '\n'));
	size_t used2;
	CHECK(perfmap_parse_buf(buf + used, size - used, 1, &two, entry, &b, &used2) == 0);
	CHECK(used + used2 == size);
	CHECK(two.entries == whole.entries && two.malformed == whole.malformed && b.hash == a.hash);
	return 0;
}
