/*
 * json.h — a small streaming JSON writer to a FILE*, shared by every command that prints
 * --json or writes --stats-json. Commas and nesting are tracked for the caller; strings are
 * escaped per RFC 8259. Non-finite doubles are written as null.
 */
#ifndef ROBIN_UTIL_JSON_H
#define ROBIN_UTIL_JSON_H

#include <stdint.h>
#include <stdio.h>

#define JSON_MAX_DEPTH 32

struct json {
	FILE *out;
	int depth;
	int pretty;                    /* indent with two spaces per level */
	int count[JSON_MAX_DEPTH];     /* values written at each level */
	int after_key;                 /* a key was written; the next value follows it */
};

void json_init(struct json *j, FILE *out, int pretty);
void json_object_begin(struct json *j);
void json_object_end(struct json *j);
void json_array_begin(struct json *j);
void json_array_end(struct json *j);
void json_key(struct json *j, const char *key);
void json_string(struct json *j, const char *s);
void json_int(struct json *j, int64_t v);
void json_uint(struct json *j, uint64_t v);
void json_double(struct json *j, double v);
void json_bool(struct json *j, int v);
void json_null(struct json *j);
/* key + value in one call */
void json_kv_string(struct json *j, const char *key, const char *s);
void json_kv_int(struct json *j, const char *key, int64_t v);
void json_kv_uint(struct json *j, const char *key, uint64_t v);
void json_kv_double(struct json *j, const char *key, double v);
/* Finish: newline after the top-level value. */
void json_end(struct json *j);

#endif
