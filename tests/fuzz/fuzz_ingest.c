/*
 * fuzz_ingest.c — libFuzzer target over the line parser of `robin ingest` (ingest_line.c):
 * the input is split into lines as getline does and every line is parsed. Each ends parsed
 * or in a one-line printable reason (robin ingest prefixes FILE:LINE). A parsed record obeys
 * the documented ranges, and written back in canonical form it parses to the same record.
 *
 * FUZZ_SOURCES: src/profile/ingest_line.c src/util/text.c src/profile/profile_db.c src/profile/symbols_source.c src/profile/profile_db_batch.c src/profile/profile_db_read.c src/profile/sample_chunk.c
 * FUZZ_LIBS: -lsqlite3 -lm
 * FUZZ_ARGS: -max_len=2048 -dict=tests/fuzz/ingest.dict
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile/ingest_line.h"

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "check failed: %s (line %d)\n", #c, __LINE__); \
	__builtin_trap(); } } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_message(const char *err)
{
	size_t n = strnlen(err, INGEST_LINE_ERR_LEN);
	CHECK(n > 0 && n < INGEST_LINE_ERR_LEN);
	for (size_t i = 0; i < n; i++)
		CHECK((unsigned char)err[i] >= 0x20 && err[i] != 0x7f);
}

/* A field: non-empty, without separators. */
static void check_field(const char *s)
{
	CHECK(s && *s);
	CHECK(!strpbrk(s, " \t\r\n"));
}

static int str_eq(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* Write l back as a line in canonical form; returns its length or -1. */
static int unparse(const struct ingest_line *l, char *buf, size_t n)
{
	switch (l->kind) {
	case INGEST_LINE_BLANK:
		return snprintf(buf, n, "# blank\n");
	case INGEST_LINE_COMMIT:
		return snprintf(buf, n, "commit\n");
	case INGEST_LINE_SAMPLE:
		return snprintf(buf, n, "%s %#llx %s %llu\n", l->image, (unsigned long long)l->offset,
				l->event, (unsigned long long)l->count);
	case INGEST_LINE_EVENT:
		return snprintf(buf, n, "event %s period=%llu divisor=%u\n", l->event,
				(unsigned long long)l->period, l->divisor);
	case INGEST_LINE_IMAGE:
		return snprintf(buf, n, "image %s%s%s%s%s size=%llu\n", l->image,
				l->build_id ? " build-id=" : "", l->build_id ? l->build_id : "",
				l->arch ? " arch=" : "", l->arch ? l->arch : "",
				(unsigned long long)l->size_bytes);
	case INGEST_LINE_DETAIL:
		return snprintf(buf, n, "detail %s %llu %s %s %lld %llu %.17g\n", l->image,
				(unsigned long long)l->offset, l->event, l->detail_kind,
				(long long)l->key, (unsigned long long)l->count, l->value);
	}
	return -1;
}

static void check_record(const struct ingest_line *l)
{
	switch (l->kind) {
	case INGEST_LINE_BLANK:
	case INGEST_LINE_COMMIT:
		return;
	case INGEST_LINE_SAMPLE:
		CHECK(l->count <= (uint64_t)INT64_MAX);
		/* fall through */
	case INGEST_LINE_DETAIL:
		check_field(l->image);
		check_field(l->event);
		CHECK(l->image_unknown == ingest_line_unknown_image(l->image));
		if (l->kind == INGEST_LINE_DETAIL) {
			check_field(l->detail_kind);
			CHECK(isfinite(l->value));
		}
		return;
	case INGEST_LINE_EVENT:
		check_field(l->event);
		CHECK(l->divisor >= 1);
		return;
	case INGEST_LINE_IMAGE:
		check_field(l->image);
		CHECK(!ingest_line_unknown_image(l->image));
		if (l->build_id)
			CHECK(strspn(l->build_id, "0123456789abcdef") == strlen(l->build_id));
		if (l->arch)
			CHECK(!strpbrk(l->arch, " \t\r\n"));
		return;
	}
	CHECK(!"unknown kind");
}

static void check_same(const struct ingest_line *a, const struct ingest_line *b)
{
	CHECK(a->kind == b->kind);
	CHECK(str_eq(a->image, b->image) && a->image_unknown == b->image_unknown);
	CHECK(str_eq(a->event, b->event) && str_eq(a->detail_kind, b->detail_kind));
	CHECK(a->offset == b->offset && a->count == b->count && a->key == b->key);
	CHECK(a->period == b->period && a->divisor == b->divisor);
	CHECK(a->size_bytes == b->size_bytes);
	/* An empty build-id= or arch= is given, but empty. */
	CHECK(str_eq(a->build_id, b->build_id) && str_eq(a->arch, b->arch));
	CHECK(a->value == b->value);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (size_t i = 0; i < size;) {
		const uint8_t *nl = memchr(data + i, '\n', size - i);
		size_t n = nl ? (size_t)(nl - data - i) + 1 : size - i;
		char *line = malloc(n + 1);
		if (!line)
			return 0;
		memcpy(line, data + i, n);
		line[n] = 0;
		struct ingest_line l;
		char err[INGEST_LINE_ERR_LEN] = "";
		int rc = ingest_line_parse(line, n, &l, err);
		if (rc) {
			CHECK(rc == -EINVAL);
			check_message(err);
		} else {
			check_record(&l);
			char again[4096 + 64];
			int len = unparse(&l, again, sizeof(again));
			if (len > 0 && (size_t)len < sizeof(again)) {
				struct ingest_line l2;
				rc = ingest_line_parse(again, (size_t)len, &l2, err);
				if (rc)
					fprintf(stderr, "canonical line does not parse: %s: %s", err, again);
				CHECK(rc == 0);
				check_same(&l, &l2);
			}
		}
		free(line);
		i += n;
	}
	return 0;
}
