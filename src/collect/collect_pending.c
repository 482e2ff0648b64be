/*
 * collect_pending.c — samples held until the database takes them, and their journal file
 * (see collect_pending.h).
 */
#include "collect/collect_pending.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const kind_names[COLLECT_PENDING_NKINDS] = {
	NULL, "event_bits", "latency", "ibs_dc_miss_lat", "ibs_fetch_lat",
	"ibs_data_src",
};

const char *collect_pending_kind_name(int kind)
{
	return kind > 0 && kind < COLLECT_PENDING_NKINDS ? kind_names[kind] : NULL;
}

int collect_pending_event(struct collect_pending *p, const char *name, uint64_t period,
			  uint32_t *ix)
{
	if (strlen(name) >= COLLECT_PENDING_NAME_MAX || !*name || strchr(name, ' ') ||
	    strchr(name, '\n'))
		return -EINVAL;
	for (uint32_t i = 0; i < p->n_events; i++)
		if (p->events[i].period == period && !strcmp(p->events[i].name, name)) {
			*ix = i;
			return 0;
		}
	if (p->n_events == p->cap_events) {
		uint32_t cap = p->cap_events ? p->cap_events * 2 : 8;
		struct collect_pending_event *e = realloc(p->events, cap * sizeof *e);
		if (!e)
			return -ENOMEM;
		p->events = e;
		p->cap_events = cap;
	}
	struct collect_pending_event *e = &p->events[p->n_events];
	memset(e, 0, sizeof *e);
	snprintf(e->name, sizeof e->name, "%s", name);
	e->period = period;
	*ix = p->n_events++;
	return 0;
}

int collect_pending_image(struct collect_pending *p, const char *path, const char *build_id,
			  uint64_t size_bytes, const char *arch, uint32_t *ix)
{
	if (!build_id)
		build_id = "";
	if (!arch)
		arch = "";
	if (!path || !*path || strlen(build_id) > 40 || strlen(arch) > 15 || strchr(arch, ' ') ||
	    strchr(build_id, ' '))
		return -EINVAL;
	for (uint32_t i = 0; i < p->n_images; i++)
		if (!strcmp(p->images[i].build_id, build_id) && !strcmp(p->images[i].path, path)) {
			*ix = i + 1;
			return 0;
		}
	if (p->n_images == p->cap_images) {
		uint32_t cap = p->cap_images ? p->cap_images * 2 : 64;
		struct collect_pending_image *v = realloc(p->images, cap * sizeof *v);
		if (!v)
			return -ENOMEM;
		p->images = v;
		p->cap_images = cap;
	}
	struct collect_pending_image *im = &p->images[p->n_images];
	memset(im, 0, sizeof *im);
	if (!(im->path = strdup(path)))
		return -ENOMEM;
	snprintf(im->build_id, sizeof im->build_id, "%s", build_id);
	snprintf(im->arch, sizeof im->arch, "%s", arch);
	im->size_bytes = size_bytes;
	*ix = ++p->n_images;
	return 0;
}

static uint64_t slot_hash(uint32_t event, uint32_t image, uint64_t offset, int kind, int64_t key)
{
	uint64_t h = offset * 0x9e3779b97f4a7c15ull;
	h ^= ((uint64_t)image << 20 | (uint64_t)event << 4 | (uint64_t)kind) * 0xc2b2ae3d27d4eb4full;
	h ^= (uint64_t)key * 0x165667b19e3779f9ull;
	return h ^ (h >> 29);
}

static struct collect_pending_slot *slot_find(struct collect_pending_slot *slots, size_t cap,
					      uint32_t event, uint32_t image, uint64_t offset,
					      int kind, int64_t key)
{
	size_t mask = cap - 1;
	for (size_t i = slot_hash(event, image, offset, kind, key) & mask;; i = (i + 1) & mask) {
		struct collect_pending_slot *s = &slots[i];
		if (!s->used || (s->offset == offset && s->image == image && s->event == event &&
				 s->kind == kind && s->key == key))
			return s;
	}
}

static int slots_grow(struct collect_pending *p)
{
	size_t cap = p->cap_slots ? p->cap_slots * 2 : 1024;
	struct collect_pending_slot *v = calloc(cap, sizeof *v);
	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < p->cap_slots; i++) {
		const struct collect_pending_slot *o = &p->slots[i];
		if (o->used)
			*slot_find(v, cap, o->event, o->image, o->offset, o->kind, o->key) = *o;
	}
	free(p->slots);
	p->slots = v;
	p->cap_slots = cap;
	return 0;
}

int collect_pending_add(struct collect_pending *p, uint32_t event, uint32_t image,
			uint64_t offset, int kind, int64_t key, uint64_t count, double value)
{
	if (event >= p->n_events || image > p->n_images || kind < 0 ||
	    kind >= COLLECT_PENDING_NKINDS)
		return -EINVAL;
	if ((p->n_slots + 1) * 10 > p->cap_slots * 7) {
		int rc = slots_grow(p);
		if (rc)
			return rc;
	}
	struct collect_pending_slot *s = slot_find(p->slots, p->cap_slots, event, image, offset,
						   kind, key);
	if (!s->used) {
		*s = (struct collect_pending_slot){ .offset = offset, .key = key, .event = event,
						    .image = image, .kind = (uint8_t)kind, .used = 1 };
		p->n_slots++;
	}
	s->count += count;
	s->value += value;
	if (kind == COLLECT_PENDING_COUNT)
		p->samples += count;
	return 0;
}

int collect_pending_stack(struct collect_pending *p, uint32_t event, const uint32_t *image,
			  const uint64_t *offset, size_t n, uint64_t count)
{
	if (event >= p->n_events || !n)
		return -EINVAL;
	for (size_t i = 0; i < n; i++)
		if (image[i] > p->n_images)
			return -EINVAL;
	size_t need = p->n_stk + 3 + 2 * n;
	if (need > p->cap_stk) {
		size_t cap = p->cap_stk ? p->cap_stk : 4096;
		while (cap < need)
			cap *= 2;
		uint64_t *v = realloc(p->stk, cap * sizeof *v);
		if (!v)
			return -ENOMEM;
		p->stk = v;
		p->cap_stk = cap;
	}
	uint64_t *w = p->stk + p->n_stk;
	w[0] = event;
	w[1] = count;
	w[2] = n;
	for (size_t i = 0; i < n; i++) {
		w[3 + 2 * i] = image[i];
		w[4 + 2 * i] = offset[i];
	}
	p->n_stk = need;
	p->stacks++;
	return 0;
}

void collect_pending_clear_stacks(struct collect_pending *p)
{
	p->n_stk = 0;
	p->stacks = 0;
}

void collect_pending_clear(struct collect_pending *p)
{
	if (p->slots)
		memset(p->slots, 0, p->cap_slots * sizeof *p->slots);
	p->n_slots = 0;
	p->samples = 0;
}

void collect_pending_free(struct collect_pending *p)
{
	for (uint32_t i = 0; i < p->n_images; i++)
		free(p->images[i].path);
	free(p->images);
	free(p->events);
	free(p->slots);
	free(p->stk);
	memset(p, 0, sizeof *p);
}

/* ---- the journal file ----------------------------------------------------------------------- */

#define JOURNAL_MAGIC "robin-journal 1"

static void put_path(FILE *f, const char *s)
{
	for (; *s; s++)
		if (*s == '%' || *s == '\n' || *s == '\r')
			fprintf(f, "%%%02X", (unsigned char)*s);
		else
			fputc(*s, f);
}

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 :
	       c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Undo put_path in place; -1 for a bad escape. */
static int get_path(char *s)
{
	char *w = s;
	for (const char *r = s; *r; r++) {
		if (*r != '%') {
			*w++ = *r;
			continue;
		}
		int hi = hexval(r[1]), lo = hi < 0 ? -1 : hexval(r[2]);
		if (lo < 0)
			return -1;
		*w++ = (char)(hi * 16 + lo);
		r += 2;
	}
	*w = 0;
	return 0;
}

int collect_pending_journal_write(const struct collect_pending *p, const char *path, char *err,
				  size_t err_size)
{
	char tmp[4200];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0) {
		int rc = -errno;
		snprintf(err, err_size, "%s: %s", tmp, strerror(-rc));
		return rc;
	}
	FILE *f = fdopen(fd, "w");
	if (!f) {
		int rc = -errno;
		close(fd);
		unlink(tmp);
		snprintf(err, err_size, "%s: %s", tmp, strerror(-rc));
		return rc;
	}
	fprintf(f, "%s\n", JOURNAL_MAGIC);
	for (uint32_t i = 0; i < p->n_events; i++)
		fprintf(f, "event %" PRIu32 " %" PRIu64 " %s\n", i, p->events[i].period,
			p->events[i].name);
	for (uint32_t i = 0; i < p->n_images; i++) {
		const struct collect_pending_image *im = &p->images[i];
		fprintf(f, "image %" PRIu32 " %" PRIu64 " %s %s ", i + 1, im->size_bytes,
			im->arch[0] ? im->arch : "-", im->build_id[0] ? im->build_id : "-");
		put_path(f, im->path);
		fputc('\n', f);
	}
	for (size_t i = 0; i < p->cap_slots; i++) {
		const struct collect_pending_slot *s = &p->slots[i];
		if (!s->used)
			continue;
		if (s->kind == COLLECT_PENDING_COUNT)
			fprintf(f, "c %" PRIu32 " %" PRIu32 " %" PRIu64 " %" PRIu64 "\n", s->event,
				s->image, s->offset, s->count);
		else
			fprintf(f, "d %" PRIu32 " %" PRIu32 " %" PRIu64 " %u %" PRId64 " %" PRIu64
				" %.17g\n", s->event, s->image, s->offset, (unsigned)s->kind, s->key,
				s->count, s->value);
	}
	for (size_t at = 0; at < p->n_stk; at += 3 + 2 * p->stk[at + 2]) {
		const uint64_t *w = p->stk + at;
		fprintf(f, "s %" PRIu64 " %" PRIu64 " %" PRIu64, w[0], w[1], w[2]);
		for (uint64_t i = 0; i < w[2]; i++)
			fprintf(f, " %" PRIu64 " %" PRIu64, w[3 + 2 * i], w[4 + 2 * i]);
		fputc('\n', f);
	}
	fprintf(f, "end %" PRIu64 "\n", p->samples);
	int rc = 0;
	if (fflush(f) || fsync(fileno(f)))
		rc = -errno;
	if (fclose(f) && !rc)
		rc = -errno;
	if (!rc && rename(tmp, path))
		rc = -errno;
	if (rc) {
		unlink(tmp);
		snprintf(err, err_size, "writing %s: %s", path, strerror(-rc));
	}
	return rc;
}

/* An "s EVENT COUNT N IMAGE OFFSET ..." line (after "s ") into j; 0 or -1. */
static int journal_stack(struct collect_pending *j, const char *p)
{
	uint64_t v[3 + 2 * 256];
	size_t k = 0;
	while (*p && k < sizeof v / sizeof v[0]) {
		char *end;
		if (*p < '0' || *p > '9')
			return -1;
		errno = 0;
		v[k++] = strtoull(p, &end, 10);
		if (errno || (*end && *end != ' '))
			return -1;
		p = *end ? end + 1 : end;
	}
	if (*p || k < 3 || v[2] == 0 || v[2] > 256 || k != 3 + 2 * v[2] || v[0] > UINT32_MAX)
		return -1;
	uint32_t image[256];
	uint64_t offset[256];
	for (uint64_t i = 0; i < v[2]; i++) {
		if (v[3 + 2 * i] > UINT32_MAX)
			return -1;
		image[i] = (uint32_t)v[3 + 2 * i];
		offset[i] = v[4 + 2 * i];
	}
	return collect_pending_stack(j, (uint32_t)v[0], image, offset, (size_t)v[2], v[1]) ? -1 : 0;
}

/* Parse one journal line into `j` (a fresh collect_pending); 1 at "end", 0 to go on, -1 bad. */
static int journal_line(struct collect_pending *j, char *line, int *ended, uint64_t *end_samples)
{
	uint32_t a, b;
	uint64_t u, v, cnt;
	int64_t key;
	unsigned kind;
	double val;
	int n = 0;
	char c1[32], c2[64], name[COLLECT_PENDING_NAME_MAX];
	if (*ended)
		return -1;
	if (sscanf(line, "event %" SCNu32 " %" SCNu64 " %63s%n", &a, &u, name, &n) == 3 &&
	    !line[n]) {
		uint32_t ix;
		return a == j->n_events && !collect_pending_event(j, name, u, &ix) ? 0 : -1;
	}
	if (sscanf(line, "image %" SCNu32 " %" SCNu64 " %31s %63s %n", &a, &u, c1, c2, &n) == 4 &&
	    n > 0 && line[n]) {
		uint32_t ix;
		char *path = line + n;
		if (a != j->n_images + 1 || get_path(path))
			return -1;
		return collect_pending_image(j, path, strcmp(c2, "-") ? c2 : "", u,
					     strcmp(c1, "-") ? c1 : "", &ix) ? -1 : 0;
	}
	if (sscanf(line, "c %" SCNu32 " %" SCNu32 " %" SCNu64 " %" SCNu64 "%n", &a, &b, &u, &cnt,
		   &n) == 4 && !line[n])
		return collect_pending_add(j, a, b, u, COLLECT_PENDING_COUNT, 0, cnt, 0) ? -1 : 0;
	if (sscanf(line, "d %" SCNu32 " %" SCNu32 " %" SCNu64 " %u %" SCNd64 " %" SCNu64 " %lf%n",
		   &a, &b, &u, &kind, &key, &cnt, &val, &n) == 7 && !line[n])
		return kind && collect_pending_add(j, a, b, u, (int)kind, key, cnt, val) == 0 ? 0 : -1;
	if (line[0] == 's' && line[1] == ' ')
		return journal_stack(j, line + 2);
	if (sscanf(line, "end %" SCNu64 "%n", &v, &n) == 1 && !line[n]) {
		*ended = 1;
		*end_samples = v;
		return 0;
	}
	return -1;
}

int collect_pending_journal_read(struct collect_pending *p, const char *path, uint64_t *samples,
				 char *err, size_t err_size)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		int rc = -errno;
		snprintf(err, err_size, "%s: %s", path, strerror(-rc));
		return rc;
	}
	struct collect_pending j;
	memset(&j, 0, sizeof j);
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	unsigned long lineno = 0;
	int ended = 0, rc = 0;
	uint64_t end_samples = 0;
	while ((len = getline(&line, &cap, f)) > 0) {
		lineno++;
		if (line[len - 1] != '\n') {
			rc = -EBADMSG; /* a cut-off last line */
			break;
		}
		line[len - 1] = 0;
		if (lineno == 1 ? strcmp(line, JOURNAL_MAGIC) != 0
				: journal_line(&j, line, &ended, &end_samples) < 0) {
			rc = -EBADMSG;
			break;
		}
	}
	free(line);
	if (ferror(f) && !rc)
		rc = -EIO;
	fclose(f);
	if (!rc && (!ended || end_samples != j.samples)) {
		rc = -EBADMSG;
		lineno++;
	}
	if (rc) {
		snprintf(err, err_size, "%s:%lu: %s", path, lineno,
			 rc == -EBADMSG ? (ended || lineno > 1 ? "not a valid robin journal line "
							       "(or the file is cut short)"
							     : "not a robin journal")
					: strerror(-rc));
		collect_pending_free(&j);
		return rc;
	}
	/* merge, renumbering events and images into p's */
	for (size_t i = 0; i < j.cap_slots && !rc; i++) {
		const struct collect_pending_slot *s = &j.slots[i];
		if (!s->used)
			continue;
		uint32_t ev, im = 0;
		const struct collect_pending_event *e = &j.events[s->event];
		rc = collect_pending_event(p, e->name, e->period, &ev);
		if (!rc && s->image) {
			const struct collect_pending_image *g = &j.images[s->image - 1];
			rc = collect_pending_image(p, g->path, g->build_id, g->size_bytes, g->arch, &im);
		}
		if (!rc)
			rc = collect_pending_add(p, ev, im, s->offset, s->kind, s->key, s->count,
						 s->value);
	}
	for (size_t at = 0; !rc && at < j.n_stk; at += 3 + 2 * j.stk[at + 2]) {
		const uint64_t *w = j.stk + at;
		uint32_t ev, image[256];
		uint64_t offset[256];
		const struct collect_pending_event *e = &j.events[w[0]];
		rc = collect_pending_event(p, e->name, e->period, &ev);
		for (uint64_t i = 0; !rc && i < w[2]; i++) {
			image[i] = 0;
			offset[i] = w[4 + 2 * i];
			if (w[3 + 2 * i]) {
				const struct collect_pending_image *g = &j.images[w[3 + 2 * i] - 1];
				rc = collect_pending_image(p, g->path, g->build_id, g->size_bytes, g->arch,
							   &image[i]);
			}
		}
		if (!rc)
			rc = collect_pending_stack(p, ev, image, offset, (size_t)w[2], w[1]);
	}
	if (rc)
		snprintf(err, err_size, "%s: %s", path, strerror(-rc));
	else
		*samples = j.samples;
	collect_pending_free(&j);
	return rc;
}
