/*
 * json.c — streaming JSON writer (see json.h).
 */
#include "util/json.h"

#include <assert.h>
#include <inttypes.h>
#include <math.h>

void json_init(struct json *j, FILE *out, int pretty)
{
	j->out = out;
	j->depth = 0;
	j->pretty = pretty;
	j->count[0] = 0;
	j->after_key = 0;
}

static void indent(struct json *j)
{
	if (!j->pretty)
		return;
	fputc('\n', j->out);
	for (int i = 0; i < j->depth; i++)
		fputs("  ", j->out);
}

/* Separator and indentation before a value (or a key). */
static void before_value(struct json *j)
{
	if (j->after_key) {
		j->after_key = 0;
		return;
	}
	if (j->count[j->depth]++ > 0)
		fputc(',', j->out);
	if (j->depth > 0)
		indent(j);
}

static void open(struct json *j, char c)
{
	before_value(j);
	fputc(c, j->out);
	assert(j->depth + 1 < JSON_MAX_DEPTH);
	j->count[++j->depth] = 0;
}

static void close(struct json *j, char c)
{
	int had = j->count[j->depth];
	assert(j->depth > 0);
	j->depth--;
	if (had)
		indent(j);
	fputc(c, j->out);
}

void json_object_begin(struct json *j) { open(j, '{'); }
void json_object_end(struct json *j) { close(j, '}'); }
void json_array_begin(struct json *j) { open(j, '['); }
void json_array_end(struct json *j) { close(j, ']'); }

static void put_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
		switch (*p) {
		case '"': fputs("\\\"", out); break;
		case '\\': fputs("\\\\", out); break;
		case '\n': fputs("\\n", out); break;
		case '\r': fputs("\\r", out); break;
		case '\t': fputs("\\t", out); break;
		default:
			if (*p < 0x20)
				fprintf(out, "\\u%04x", *p);
			else
				fputc(*p, out);
		}
	}
	fputc('"', out);
}

void json_key(struct json *j, const char *key)
{
	before_value(j);
	put_string(j->out, key);
	fputs(j->pretty ? ": " : ":", j->out);
	j->after_key = 1;
}

void json_string(struct json *j, const char *s) { before_value(j); put_string(j->out, s); }
void json_int(struct json *j, int64_t v) { before_value(j); fprintf(j->out, "%" PRId64, v); }
void json_uint(struct json *j, uint64_t v) { before_value(j); fprintf(j->out, "%" PRIu64, v); }
void json_bool(struct json *j, int v) { before_value(j); fputs(v ? "true" : "false", j->out); }
void json_null(struct json *j) { before_value(j); fputs("null", j->out); }

void json_double(struct json *j, double v)
{
	before_value(j);
	if (isfinite(v))
		fprintf(j->out, "%.17g", v);
	else
		fputs("null", j->out);
}

void json_kv_string(struct json *j, const char *k, const char *s) { json_key(j, k); json_string(j, s); }
void json_kv_int(struct json *j, const char *k, int64_t v) { json_key(j, k); json_int(j, v); }
void json_kv_uint(struct json *j, const char *k, uint64_t v) { json_key(j, k); json_uint(j, v); }
void json_kv_double(struct json *j, const char *k, double v) { json_key(j, k); json_double(j, v); }

void json_end(struct json *j)
{
	fputc('\n', j->out);
	fflush(j->out);
}
