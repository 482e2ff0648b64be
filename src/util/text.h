/*
 * text.h — small helpers for untrusted text shared by robin's parsers (--config files,
 * `robin ingest` lines, command-line numbers): quoting a string for a one-line error message,
 * and strict unsigned number parsing.
 */
#ifndef ROBIN_UTIL_TEXT_H
#define ROBIN_UTIL_TEXT_H

#include <stdint.h>

/* Longest text kept by text_quote, and the buffer size it needs (the text, "..." and NUL). */
#define TEXT_QUOTE_CHARS 64
#define TEXT_QUOTE_LEN   (TEXT_QUOTE_CHARS + 4)

/* s made fit for a one-line message, written to q (TEXT_QUOTE_LEN bytes): control characters
 * as \xNN, cut after TEXT_QUOTE_CHARS characters with "..." appended. Returns q. */
const char *text_quote(char q[TEXT_QUOTE_LEN], const char *s);

/* Parses s as an unsigned decimal, 0x hex or 0-prefixed octal number (strtoull base 0) with
 * no sign, no space and nothing after it. Returns 0 and sets *v, or -1 (s NULL or empty,
 * not a number, or out of range). */
int text_parse_u64(const char *s, uint64_t *v);

#endif
