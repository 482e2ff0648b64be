/*
 * ingest_line.h — one line of robin's text ingestion format (docs/robin-ingest.md): a sample
 * "IMAGE OFFSET EVENT COUNT" or an event/image/detail/commit directive, split and checked
 * without a database. `robin ingest` applies the parsed records through the batch API.
 */
#ifndef ROBIN_PROFILE_INGEST_LINE_H
#define ROBIN_PROFILE_INGEST_LINE_H

#include <stddef.h>
#include <stdint.h>

#define INGEST_LINE_ERR_LEN 256

enum ingest_line_kind {
	INGEST_LINE_BLANK,   /* empty or '#' comment */
	INGEST_LINE_SAMPLE,  /* IMAGE OFFSET EVENT COUNT */
	INGEST_LINE_EVENT,   /* event NAME [period=N] [divisor=N] */
	INGEST_LINE_IMAGE,   /* image PATH [build-id=HEX] [arch=NAME] [size=N] */
	INGEST_LINE_DETAIL,  /* detail IMAGE OFFSET EVENT KIND KEY COUNT [VALUE] */
	INGEST_LINE_COMMIT,  /* commit */
};

/* A parsed line; the strings point into the line that was parsed. */
struct ingest_line {
	enum ingest_line_kind kind;
	const char *image;      /* SAMPLE, DETAIL: the IMAGE field; IMAGE: PATH */
	int image_unknown;      /* SAMPLE, DETAIL: IMAGE is '-' or '[unknown]' (no image) */
	const char *event;      /* SAMPLE, DETAIL, EVENT: the event name */
	uint64_t offset;        /* SAMPLE, DETAIL */
	uint64_t count;         /* SAMPLE: <= INT64_MAX; DETAIL */
	uint64_t period;        /* EVENT: 0 when not given (unknown) */
	uint32_t divisor;       /* EVENT: >= 1, 1 when not given */
	const char *build_id;   /* IMAGE: lower-case hex, NULL when not given */
	const char *arch;       /* IMAGE: NULL when not given */
	uint64_t size_bytes;    /* IMAGE: 0 when not given */
	const char *detail_kind; /* DETAIL: the KIND name */
	int64_t key;            /* DETAIL */
	double value;           /* DETAIL: finite, 0 when not given */
};

/* Whether an IMAGE field means "no image" ('-' or '[unknown]'). */
int ingest_line_unknown_image(const char *path);

/* Parse one line: len bytes (with or without its '\n') followed by a NUL, as getline gives
 * it; the line is modified (fields are NUL-terminated in place). Returns 0 with *out filled,
 * or -EINVAL with a one-line printable reason in err (INGEST_LINE_ERR_LEN bytes, without file
 * and line number; untrusted text in it is truncated, control characters escaped). A NUL
 * byte inside the line is an error. */
int ingest_line_parse(char *line, size_t len, struct ingest_line *out, char *err);

#endif
