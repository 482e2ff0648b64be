/*
 * text.c — quoting untrusted text for error messages and strict number parsing (text.h).
 */
#include "util/text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *text_quote(char q[TEXT_QUOTE_LEN], const char *s)
{
	size_t w = 0;
	for (size_t i = 0; s[i]; i++) {
		unsigned char ch = (unsigned char)s[i];
		int ctrl = ch < 0x20 || ch == 0x7f;
		/* a multi-byte UTF-8 character is kept whole or not at all */
		size_t need = ch >= 0xf0 ? 4 : ch >= 0xe0 ? 3 : ch >= 0xc0 ? 2 : 1;
		if (w + (ctrl ? 4 : need) > TEXT_QUOTE_CHARS) {
			memcpy(q + w, "...", 4);
			return q;
		}
		if (ctrl)
			w += (size_t)snprintf(q + w, TEXT_QUOTE_LEN - w, "\\x%02x", ch);
		else
			q[w++] = (char)ch;
	}
	q[w] = 0;
	return q;
}

int text_parse_u64(const char *s, uint64_t *v)
{
	char *end;
	if (!s || !*s || *s == '-' || *s == '+')
		return -1;
	errno = 0;
	unsigned long long x = strtoull(s, &end, 0);
	if (errno || *end)
		return -1;
	*v = x;
	return 0;
}
