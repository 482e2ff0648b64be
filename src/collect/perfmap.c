/*
 * perfmap.c — reading perf map files incrementally (see perfmap.h).
 */
#include "collect/perfmap.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A hex number at s[*i] (0x optional, 1..16 digits) followed by a space. */
static int hex_field(const char *s, size_t len, size_t *i, uint64_t *out)
{
	size_t j = *i, digits = 0;
	uint64_t v = 0;
	if (j + 1 < len && s[j] == '0' && (s[j + 1] == 'x' || s[j + 1] == 'X'))
		j += 2;
	for (; j < len && s[j] != ' '; j++, digits++) {
		char c = s[j];
		unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0')
			   : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
			   : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10) : 16u;
		if (d == 16 || digits == 16)
			return -EINVAL;
		v = v << 4 | d;
	}
	if (!digits || j == len)
		return -EINVAL;
	*i = j + 1;
	*out = v;
	return 0;
}

int perfmap_parse_line(const char *line, size_t len, struct perfmap_sym *out)
{
	size_t i = 0;
	if (len && line[len - 1] == '\r')
		len--;
	if (hex_field(line, len, &i, &out->start) || hex_field(line, len, &i, &out->size))
		return -EINVAL;
	if (out->size == 0 || out->start + out->size < out->start || i >= len)
		return -EINVAL;
	for (size_t j = i; j < len; j++)
		if ((unsigned char)line[j] < 0x20 && line[j] != '\t')
			return -EINVAL;
	out->name = line + i;
	out->name_len = len - i;
	return 0;
}

int perfmap_parse_buf(const char *buf, size_t len, int final, struct perfmap_reader *r,
		      perfmap_fn fn, void *arg, size_t *used)
{
	size_t at = 0;
	int rc = 0;
	while (at < len && !rc) {
		const char *nl = memchr(buf + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - buf) : len;
		if (!nl && !final)
			break;
		struct perfmap_sym s;
		if (end - at > PERFMAP_LINE_MAX || perfmap_parse_line(buf + at, end - at, &s)) {
			if (end > at) /* empty lines are not entries, nor errors */
				r->malformed++;
		} else {
			r->entries++;
			rc = fn(arg, &s);
		}
		at = nl ? end + 1 : end;
	}
	*used = at;
	return rc;
}

int perfmap_open(const char *path, uint64_t *size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	struct stat st;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return -EINVAL;
	}
	*size = (uint64_t)st.st_size;
	return fd;
}

int perfmap_read(const char *path, struct perfmap_reader *r, perfmap_fn fn, void *arg)
{
	uint64_t fsize;
	int fd = perfmap_open(path, &fsize);
	if (fd < 0)
		return fd;
	if (fsize < r->pos)
		r->pos = 0; /* truncated and rewritten: a new map */
	size_t cap = 1 << 16, have = 0;
	char *buf = malloc(cap);
	int rc = buf ? 0 : -ENOMEM, skipping = 0;
	while (!rc) {
		ssize_t got = pread(fd, buf + have, cap - have, (off_t)(r->pos + have));
		if (got < 0) {
			if (errno != EINTR)
				rc = -errno;
			continue;
		}
		have += (size_t)got;
		if (skipping) { /* the rest of an over-long line */
			char *nl = memchr(buf, '\n', have);
			size_t k = nl ? (size_t)(nl - buf) + 1 : have;
			r->pos += k;
			memmove(buf, buf + k, have - k);
			have -= k;
			skipping = !nl;
		}
		size_t used;
		rc = perfmap_parse_buf(buf, have, 0, r, fn, arg, &used);
		r->pos += used;
		memmove(buf, buf + used, have - used);
		have -= used;
		if (have == cap) { /* one line fills the buffer: skip it */
			r->malformed++;
			r->pos += have;
			have = 0;
			skipping = 1;
			continue;
		}
		if (got == 0)
			break; /* an unfinished last line waits for the next read */
	}
	free(buf);
	close(fd);
	return rc;
}
