/*
 * ingest_line.c — split and check one line of robin's text ingestion format (ingest_line.h,
 * docs/robin-ingest.md). Pure parsing: numbers, attributes, field counts and detail keys are
 * checked here; what needs the database (events, images, detail kinds) is left to the caller.
 */
#include "profile/ingest_line.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile/profile_db.h"
#include "util/text.h"

#define INGEST_LINE_MAX_FIELDS 8

static int ingest_line_fail(char *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int ingest_line_fail(char *err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, INGEST_LINE_ERR_LEN, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* "Bad <what> '<token>'" with the token quoted. */
static int ingest_line_bad(char *err, const char *what, const char *tok)
{
	char q[TEXT_QUOTE_LEN];
	return ingest_line_fail(err, "bad %s '%s'", what, text_quote(q, tok));
}

/* tok is "key=VALUE": *val = VALUE. */
static int ingest_line_attr(const char *tok, const char *key, const char **val)
{
	size_t n = strlen(key);
	if (strncmp(tok, key, n) || tok[n] != '=')
		return 0;
	*val = tok + n + 1;
	return 1;
}

int ingest_line_unknown_image(const char *path)
{
	return !strcmp(path, "-") || !strcmp(path, PROFILE_DB_UNKNOWN_IMAGE_PATH);
}

/* `event NAME [period=N] [divisor=N]` */
static int ingest_line_event(char **tok, int nt, struct ingest_line *out, char *err)
{
	const char *v;
	uint64_t divisor = 1;
	char q[TEXT_QUOTE_LEN];
	if (nt < 2)
		return ingest_line_fail(err, "event needs a NAME");
	out->event = tok[1];
	for (int k = 2; k < nt; k++) {
		if (ingest_line_attr(tok[k], "period", &v)) {
			if (text_parse_u64(v, &out->period))
				return ingest_line_bad(err, "period", v);
		} else if (ingest_line_attr(tok[k], "divisor", &v)) {
			if (text_parse_u64(v, &divisor) || !divisor || divisor > UINT32_MAX)
				return ingest_line_bad(err, "divisor", v);
		} else {
			return ingest_line_fail(err, "unknown event attribute '%s'",
						text_quote(q, tok[k]));
		}
	}
	out->divisor = (uint32_t)divisor;
	return 0;
}

/* `image PATH [build-id=HEX] [arch=NAME] [size=N]` */
static int ingest_line_image(char **tok, int nt, struct ingest_line *out, char *err)
{
	const char *v;
	char q[TEXT_QUOTE_LEN];
	if (nt < 2 || ingest_line_unknown_image(tok[1]))
		return ingest_line_fail(err, "image needs a PATH");
	out->image = tok[1];
	for (int k = 2; k < nt; k++) {
		if (ingest_line_attr(tok[k], "build-id", &v)) {
			out->build_id = v;
			for (const char *p = v; *p; p++)
				if (!strchr("0123456789abcdef", *p))
					return ingest_line_fail(err, "build-id must be lower-case hex");
		} else if (ingest_line_attr(tok[k], "arch", &v)) {
			out->arch = v;
		} else if (ingest_line_attr(tok[k], "size", &v)) {
			if (text_parse_u64(v, &out->size_bytes))
				return ingest_line_bad(err, "size", v);
		} else {
			return ingest_line_fail(err, "unknown image attribute '%s'",
						text_quote(q, tok[k]));
		}
	}
	return 0;
}

/* A detail KEY: an integer, or for commit_state one of the state names. */
static int ingest_line_key(const char *kind, const char *s, int64_t *key)
{
	for (int k = 0; k < PROFILE_DB_COMMIT_COUNT; k++)
		if (!strcmp(kind, "commit_state") && !strcmp(s, profile_db_commit_state_name(k))) {
			*key = k;
			return 0;
		}
	char *end;
	errno = 0;
	long long v = strtoll(s, &end, 0);
	if (errno || !*s || *end)
		return -1;
	*key = v;
	return 0;
}

/* `detail IMAGE OFFSET EVENT KIND KEY COUNT [VALUE]` */
static int ingest_line_detail(char **tok, int nt, struct ingest_line *out, char *err)
{
	char q[TEXT_QUOTE_LEN], q2[TEXT_QUOTE_LEN];
	if (nt != 7 && nt != 8)
		return ingest_line_fail(err, "detail wants IMAGE OFFSET EVENT KIND KEY COUNT [VALUE]");
	if (text_parse_u64(tok[2], &out->offset))
		return ingest_line_bad(err, "offset", tok[2]);
	if (text_parse_u64(tok[6], &out->count))
		return ingest_line_bad(err, "count", tok[6]);
	if (nt == 8) {
		char *end;
		out->value = strtod(tok[7], &end);
		/* NaN would be stored as NULL, which the detail table refuses at commit time */
		if (*end || end == tok[7] || !isfinite(out->value))
			return ingest_line_bad(err, "value", tok[7]);
	}
	if (ingest_line_key(tok[4], tok[5], &out->key))
		return ingest_line_fail(err, "bad key '%s' for kind %s", text_quote(q, tok[5]),
					text_quote(q2, tok[4]));
	out->image = tok[1];
	out->image_unknown = ingest_line_unknown_image(tok[1]);
	out->event = tok[3];
	out->detail_kind = tok[4];
	return 0;
}

/* `IMAGE OFFSET EVENT COUNT` */
static int ingest_line_sample(char **tok, int nt, struct ingest_line *out, char *err)
{
	if (nt != 4)
		return ingest_line_fail(err, "expected IMAGE OFFSET EVENT COUNT (or a directive), "
					"got %d fields", nt);
	if (text_parse_u64(tok[1], &out->offset))
		return ingest_line_bad(err, "offset", tok[1]);
	if (text_parse_u64(tok[3], &out->count) || out->count > INT64_MAX)
		return ingest_line_bad(err, "count", tok[3]);
	out->image = tok[0];
	out->image_unknown = ingest_line_unknown_image(tok[0]);
	out->event = tok[2];
	return 0;
}

int ingest_line_parse(char *line, size_t len, struct ingest_line *out, char *err)
{
	char *tok[INGEST_LINE_MAX_FIELDS + 1], *save, *p;
	int nt = 0;
	memset(out, 0, sizeof(*out));
	out->divisor = 1;
	if (memchr(line, 0, len))
		return ingest_line_fail(err, "NUL byte in line");
	for (p = strtok_r(line, " \t\r\n", &save); p && nt <= INGEST_LINE_MAX_FIELDS;
	     p = strtok_r(NULL, " \t\r\n", &save))
		tok[nt++] = p;
	if (nt == 0 || tok[0][0] == '#')
		return 0;
	if (nt > INGEST_LINE_MAX_FIELDS)
		return ingest_line_fail(err, "too many fields");
	if (!strcmp(tok[0], "event")) {
		out->kind = INGEST_LINE_EVENT;
		return ingest_line_event(tok, nt, out, err);
	}
	if (!strcmp(tok[0], "image")) {
		out->kind = INGEST_LINE_IMAGE;
		return ingest_line_image(tok, nt, out, err);
	}
	if (!strcmp(tok[0], "detail")) {
		out->kind = INGEST_LINE_DETAIL;
		return ingest_line_detail(tok, nt, out, err);
	}
	if (!strcmp(tok[0], "commit")) {
		out->kind = INGEST_LINE_COMMIT;
		return nt == 1 ? 0 : ingest_line_fail(err, "commit takes no argument");
	}
	out->kind = INGEST_LINE_SAMPLE;
	return ingest_line_sample(tok, nt, out, err);
}
