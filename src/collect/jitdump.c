/*
 * jitdump.c — reading jitdump files incrementally (see jitdump.h).
 */
#include "collect/jitdump.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct jd_slot {
	uint64_t code_index;
	char *name;            /* NULL: empty slot */
	size_t len;
};

struct jitdump_index {
	struct jd_slot *v;
	size_t cap, n;         /* cap: a power of two */
};

static uint32_t rd32(const unsigned char *p)
{
	uint32_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

static uint64_t rd64(const unsigned char *p)
{
	uint64_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

static size_t slot_of(const struct jitdump_index *x, uint64_t key)
{
	uint64_t h = (key ^ (key >> 29)) * 0x9E3779B97F4A7C15ull;
	size_t i = (size_t)(h >> 17) & (x->cap - 1);
	while (x->v[i].name && x->v[i].code_index != key)
		i = (i + 1) & (x->cap - 1);
	return i;
}

static const struct jd_slot *index_get(const struct jitdump_index *x, uint64_t key)
{
	if (!x || !x->cap)
		return NULL;
	const struct jd_slot *s = &x->v[slot_of(x, key)];
	return s->name ? s : NULL;
}

static int index_put(struct jitdump_reader *r, uint64_t key, const char *name, size_t len)
{
	struct jitdump_index *x = r->idx;
	if (!x && !(x = r->idx = calloc(1, sizeof *x)))
		return -ENOMEM;
	if ((x->n + 1) * 4 > x->cap * 3) {
		struct jitdump_index y = { NULL, x->cap ? x->cap * 2 : 256, 0 };
		if (!(y.v = calloc(y.cap, sizeof *y.v)))
			return -ENOMEM;
		for (size_t i = 0; i < x->cap; i++)
			if (x->v[i].name)
				y.v[slot_of(&y, x->v[i].code_index)] = x->v[i];
		y.n = x->n;
		free(x->v);
		*x = y;
	}
	char *copy = malloc(len + 1);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, name, len);
	copy[len] = 0;
	struct jd_slot *s = &x->v[slot_of(x, key)];
	if (s->name)
		free(s->name);
	else
		x->n++;
	*s = (struct jd_slot){ key, copy, len };
	return 0;
}

void jitdump_reader_free(struct jitdump_reader *r)
{
	if (!r->idx)
		return;
	for (size_t i = 0; i < r->idx->cap; i++)
		free(r->idx->v[i].name);
	free(r->idx->v);
	free(r->idx);
	r->idx = NULL;
}

static int name_ok(const unsigned char *s, size_t len)
{
	if (!len)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (s[i] < 0x20 && s[i] != '\t')
			return 0;
	return 1;
}

/* One complete record of `total` bytes, of which rec[0, vis) are here: 1 when it was used
 * (*cb holds the callback's value), 0 when malformed, -ENOMEM. */
static int record(const unsigned char *rec, uint64_t vis, uint32_t total, struct jitdump_reader *r,
		  perfmap_fn fn, void *arg, int *cb)
{
	uint32_t id = rd32(rec);
	struct perfmap_sym s;
	if (id == JITDUMP_CODE_LOAD) {
		if (total < JITDUMP_LOAD_FIXED + 2)
			return 0;
		const unsigned char *name = rec + JITDUMP_LOAD_FIXED;
		uint64_t room = vis - JITDUMP_LOAD_FIXED;
		const unsigned char *nul = memchr(name, 0, room < JITDUMP_NAME_MAX + 1 ? room
								      : JITDUMP_NAME_MAX + 1);
		if (!nul)
			return 0;
		s.start = rd64(rec + 32);
		s.size = rd64(rec + 40);
		s.name = (const char *)name;
		s.name_len = (size_t)(nul - name);
		uint64_t code_index = rd64(rec + 48);
		if (!s.size || s.start + s.size < s.start || !name_ok(name, s.name_len) ||
		    s.size > total - JITDUMP_LOAD_FIXED - s.name_len - 1)
			return 0;
		int rc = index_put(r, code_index, s.name, s.name_len);
		if (rc)
			return rc;
	} else if (id == JITDUMP_CODE_MOVE) {
		if (total < JITDUMP_MOVE_FIXED)
			return 0;
		const struct jd_slot *k = index_get(r->idx, rd64(rec + 56));
		s.start = rd64(rec + 40);
		s.size = rd64(rec + 48);
		if (!k || !s.size || s.start + s.size < s.start)
			return 0;
		s.name = k->name;
		s.name_len = k->len;
	} else {
		return 1; /* debug info, unwinding info, close, future kinds: not needed */
	}
	r->entries++;
	*cb = fn(arg, &s);
	return 1;
}

int jitdump_parse_buf(const unsigned char *buf, size_t len, uint64_t avail,
		      struct jitdump_reader *r, perfmap_fn fn, void *arg, uint64_t *used)
{
	uint64_t at = 0;
	int rc = 0;
	if (avail < len)
		avail = len;
	if (!r->header_done && !r->bad) {
		if (len < 12)
			goto out;
		uint32_t total = rd32(buf + 8);
		if (rd32(buf) != JITDUMP_MAGIC || rd32(buf + 4) == 0 || total < 40 ||
		    total > JITDUMP_HEADER_MAX) {
			r->bad = 1;
			goto out;
		}
		if (len < total)
			goto out; /* wait for the whole header */
		r->header_done = 1;
		at = total;
	}
	while (!r->bad && !rc && at + 16 <= len) {
		uint32_t id = rd32(buf + at), total = rd32(buf + at + 4);
		if (total < 16) {
			r->bad = 1; /* the next record cannot be found */
			r->malformed++;
			break;
		}
		if (at + total > avail)
			break; /* partial: resume at it next time */
		uint64_t need = id == JITDUMP_CODE_LOAD ? JITDUMP_LOAD_FIXED + JITDUMP_NAME_MAX + 1
			      : id == JITDUMP_CODE_MOVE ? JITDUMP_MOVE_FIXED : 16;
		if (need > total)
			need = total;
		uint64_t vis = len - at < total ? len - at : total;
		int k = 0;
		if (vis < need && at > 0)
			break; /* read again from this record */
		if (vis >= need) {
			k = record(buf + at, vis, total, r, fn, arg, &rc);
			if (k < 0) {
				rc = k;
				break; /* not consumed: tried again next time */
			}
		}
		if (k == 0)
			r->malformed++;
		r->records++;
		at += total;
	}
out:
	*used = at;
	return rc;
}

int jitdump_read(const char *path, struct jitdump_reader *r, perfmap_fn fn, void *arg)
{
	if (r->bad)
		return 0;
	uint64_t size;
	int fd = perfmap_open(path, &size);
	if (fd < 0)
		return fd;
	if (size < r->pos) { /* truncated and rewritten: a new file */
		r->pos = 0;
		r->header_done = 0;
	}
	size_t cap = 1 << 16;
	unsigned char *buf = malloc(cap);
	int rc = buf ? 0 : -ENOMEM;
	while (!rc && !r->bad && r->pos < size) {
		uint64_t avail = size - r->pos;
		size_t want = avail < cap ? (size_t)avail : cap, have = 0;
		while (have < want) {
			ssize_t got = pread(fd, buf + have, want - have, (off_t)(r->pos + have));
			if (got < 0 && errno == EINTR)
				continue;
			if (got <= 0) {
				if (got < 0)
					rc = -errno;
				break;
			}
			have += (size_t)got;
		}
		if (rc || !have)
			break;
		uint64_t used;
		rc = jitdump_parse_buf(buf, have, have < want ? have : avail, r, fn, arg, &used);
		r->pos += used;
		if (!used)
			break;
	}
	free(buf);
	close(fd);
	return rc;
}
