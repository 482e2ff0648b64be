/*
 * report_profile.c — builder, sort and per-function aggregation of the in-memory profile
 * (see report_profile.h). Instructions and functions are found through open-addressing
 * hash tables while building; report_profile_finish sorts instructions by (image, offset).
 */
#include "report/report_profile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static uint64_t mix64(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ull;
	x ^= x >> 33;
	return x;
}

static uint64_t str_hash(const char *s, uint64_t h)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static char *dup_or_empty(const char *s)
{
	return strdup(s ? s : "");
}

static int grow(void **v, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return 0;
	size_t c = *cap ? *cap : 16;
	while (c < need)
		c *= 2;
	void *n = realloc(*v, c * elem);
	if (!n)
		return -ENOMEM;
	*v = n;
	*cap = c;
	return 0;
}

void report_profile_init(struct report_profile *p)
{
	memset(p, 0, sizeof(*p));
}

void report_profile_free(struct report_profile *p)
{
	for (size_t i = 0; i < p->nevents; i++)
		free(p->events[i].name);
	for (size_t i = 0; i < p->nimages; i++) {
		free(p->images[i].path);
		free(p->images[i].build_id);
	}
	for (size_t i = 0; i < p->nfuncs; i++) {
		free(p->funcs[i].name);
		free(p->funcs[i].file);
	}
	for (size_t i = 0; i < p->ndetail_names; i++)
		free(p->detail_names[i]);
	free(p->events);
	free(p->images);
	free(p->funcs);
	free(p->frames);
	free(p->insns);
	free(p->counts);
	free(p->detail_names);
	free(p->detail);
	free(p->insn_slots);
	free(p->func_slots);
	free(p->stacks);
	free(p->stack_frames);
	memset(p, 0, sizeof(*p));
}

int report_profile_add_event(struct report_profile *p, const char *name, uint64_t period)
{
	if (p->ninsns)
		return -EINVAL;
	struct report_event *e = realloc(p->events, (p->nevents + 1) * sizeof(*e));
	if (!e)
		return -ENOMEM;
	p->events = e;
	e[p->nevents].name = dup_or_empty(name);
	if (!e[p->nevents].name)
		return -ENOMEM;
	e[p->nevents].period = period;
	e[p->nevents].total = 0;
	return (int)p->nevents++;
}

int report_profile_add_image(struct report_profile *p, const char *path, const char *build_id,
			     int64_t db_id)
{
	struct report_image *im = realloc(p->images, (p->nimages + 1) * sizeof(*im));
	if (!im)
		return -ENOMEM;
	p->images = im;
	im += p->nimages;
	im->path = dup_or_empty(path);
	im->build_id = dup_or_empty(build_id);
	im->db_id = db_id;
	im->arch[0] = 0;
	if (!im->path || !im->build_id) {
		free(im->path);
		free(im->build_id);
		return -ENOMEM;
	}
	return (int)p->nimages++;
}

/* Rebuild a hash table of `n` entries with hash function `h`. */
static int rehash(uint32_t **slots, size_t *cap, size_t n,
		  uint64_t (*h)(const struct report_profile *, size_t), const struct report_profile *p)
{
	size_t c = 64;
	while (c < 2 * (n + 1))
		c *= 2;
	uint32_t *s = calloc(c, sizeof(*s));
	if (!s)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		size_t k = h(p, i) & (c - 1);
		while (s[k])
			k = (k + 1) & (c - 1);
		s[k] = (uint32_t)i + 1;
	}
	free(*slots);
	*slots = s;
	*cap = c;
	return 0;
}

static uint64_t func_key(uint32_t image, const char *name, uint64_t start)
{
	return mix64(str_hash(name, 1469598103934665603ull) ^ mix64(((uint64_t)image << 48) ^ start));
}

static uint64_t func_hash(const struct report_profile *p, size_t i)
{
	return func_key(p->funcs[i].image, p->funcs[i].name, p->funcs[i].start);
}

static uint64_t insn_key(uint32_t image, uint64_t offset)
{
	return mix64(offset * 0x9e3779b97f4a7c15ull ^ image);
}

static uint64_t insn_hash(const struct report_profile *p, size_t i)
{
	return insn_key(p->insns[i].image, p->insns[i].offset);
}

int report_profile_func(struct report_profile *p, uint32_t image, const char *name,
			const char *file, uint64_t start, uint32_t start_line)
{
	if (!name)
		name = "";
	if (p->func_slots_cap) {
		size_t m = p->func_slots_cap - 1, k = func_key(image, name, start) & m;
		for (; p->func_slots[k]; k = (k + 1) & m) {
			struct report_func *f = &p->funcs[p->func_slots[k] - 1];
			if (f->image == image && f->start == start && !strcmp(f->name, name))
				return (int)(p->func_slots[k] - 1);
		}
	}
	if (grow((void **)&p->funcs, &p->cap_funcs, p->nfuncs + 1, sizeof(*p->funcs)))
		return -ENOMEM;
	struct report_func *f = &p->funcs[p->nfuncs];
	f->name = strdup(name);
	f->file = dup_or_empty(file);
	if (!f->name || !f->file) {
		free(f->name);
		free(f->file);
		return -ENOMEM;
	}
	f->image = image;
	f->start = start;
	f->start_line = start_line;
	p->nfuncs++;
	if (2 * (p->nfuncs + 1) > p->func_slots_cap) {
		if (rehash(&p->func_slots, &p->func_slots_cap, p->nfuncs, func_hash, p))
			return -ENOMEM;
	} else {
		size_t m = p->func_slots_cap - 1, k = func_key(image, name, start) & m;
		while (p->func_slots[k])
			k = (k + 1) & m;
		p->func_slots[k] = (uint32_t)p->nfuncs;
	}
	return (int)(p->nfuncs - 1);
}

static int grow_detail(struct report_profile *p, size_t ninsns)
{
	if (!p->ndetail_names)
		return 0;
	size_t per = p->nevents * p->ndetail_names;
	double *d = realloc(p->detail, (ninsns ? ninsns : 1) * per * sizeof(*d));
	if (!d)
		return -ENOMEM;
	p->detail = d;
	return 0;
}

int report_profile_insn(struct report_profile *p, uint32_t image, uint64_t offset,
			const struct report_frame *frames, uint32_t nframes)
{
	if (p->insn_slots_cap) {
		size_t m = p->insn_slots_cap - 1, k = insn_key(image, offset) & m;
		for (; p->insn_slots[k]; k = (k + 1) & m) {
			struct report_insn *in = &p->insns[p->insn_slots[k] - 1];
			if (in->image == image && in->offset == offset)
				return (int)(p->insn_slots[k] - 1);
		}
	}
	size_t old_cap = p->cap_insns;
	if (grow((void **)&p->insns, &p->cap_insns, p->ninsns + 1, sizeof(*p->insns)))
		return -ENOMEM;
	if (p->cap_insns != old_cap) {
		size_t ne = p->nevents ? p->nevents : 1;
		double *c = realloc(p->counts, p->cap_insns * ne * sizeof(*c));
		if (!c)
			return -ENOMEM;
		p->counts = c;
		if (grow_detail(p, p->cap_insns))
			return -ENOMEM;
	}
	if (grow((void **)&p->frames, &p->cap_frames, p->nframes + nframes, sizeof(*p->frames)))
		return -ENOMEM;
	struct report_insn *in = &p->insns[p->ninsns];
	in->image = image;
	in->offset = offset;
	in->frame0 = (uint32_t)p->nframes;
	in->nframes = nframes;
	if (nframes)
		memcpy(&p->frames[p->nframes], frames, nframes * sizeof(*frames));
	p->nframes += nframes;
	for (size_t e = 0; e < p->nevents; e++)
		p->counts[p->ninsns * p->nevents + e] = 0;
	if (p->ndetail_names)
		memset(&p->detail[p->ninsns * p->nevents * p->ndetail_names], 0,
		       p->nevents * p->ndetail_names * sizeof(double));
	p->ninsns++;
	if (2 * (p->ninsns + 1) > p->insn_slots_cap) {
		if (rehash(&p->insn_slots, &p->insn_slots_cap, p->ninsns, insn_hash, p))
			return -ENOMEM;
	} else {
		size_t m = p->insn_slots_cap - 1, k = insn_key(image, offset) & m;
		while (p->insn_slots[k])
			k = (k + 1) & m;
		p->insn_slots[k] = (uint32_t)p->ninsns;
	}
	return (int)(p->ninsns - 1);
}

void report_profile_add_count(struct report_profile *p, uint32_t insn, uint32_t event,
			      double count)
{
	p->counts[(size_t)insn * p->nevents + event] += count;
}

int report_profile_set_detail_names(struct report_profile *p, const char *const *names,
				    size_t n)
{
	if (p->ndetail_names || !n)
		return -EINVAL;
	p->detail_names = calloc(n, sizeof(char *));
	if (!p->detail_names)
		return -ENOMEM;
	p->ndetail_names = n;
	for (size_t i = 0; i < n; i++)
		if (!(p->detail_names[i] = dup_or_empty(names[i])))
			return -ENOMEM;
	if (grow_detail(p, p->cap_insns))
		return -ENOMEM;
	memset(p->detail, 0, p->ninsns * p->nevents * n * sizeof(double));
	return 0;
}

void report_profile_add_detail(struct report_profile *p, uint32_t insn, uint32_t event,
			       uint32_t k, double count)
{
	p->detail[((size_t)insn * p->nevents + event) * p->ndetail_names + k] += count;
}

static int insn_cmp(const void *a, const void *b, void *arg)
{
	const struct report_profile *p = arg;
	const struct report_insn *x = &p->insns[*(const uint32_t *)a];
	const struct report_insn *y = &p->insns[*(const uint32_t *)b];
	if (x->image != y->image)
		return x->image < y->image ? -1 : 1;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

int report_profile_finish(struct report_profile *p)
{
	size_t n = p->ninsns, ne = p->nevents, nd = p->ndetail_names;
	uint32_t *perm = malloc((n ? n : 1) * sizeof(*perm));
	struct report_insn *insns = malloc((n ? n : 1) * sizeof(*insns));
	double *counts = malloc((n * ne + 1) * sizeof(*counts));
	double *detail = nd ? malloc((n * ne * nd + 1) * sizeof(*detail)) : NULL;
	int rc = -ENOMEM;
	if (!perm || !insns || !counts || (nd && !detail))
		goto out;
	for (size_t i = 0; i < n; i++)
		perm[i] = (uint32_t)i;
	if (n) /* qsort needs a non-NULL base even for 0 items */
		qsort_r(perm, n, sizeof(*perm), insn_cmp, p);
	for (size_t i = 0; i < n; i++) {
		insns[i] = p->insns[perm[i]];
		memcpy(&counts[i * ne], &p->counts[perm[i] * ne], ne * sizeof(double));
		if (nd)
			memcpy(&detail[i * ne * nd], &p->detail[perm[i] * ne * nd],
			       ne * nd * sizeof(double));
	}
	/* stack frames follow their instructions to the new order (perm reused as inverse) */
	if (p->nstack_frames) {
		uint32_t *inv = malloc(n * sizeof(*inv));
		if (!inv)
			goto out;
		for (size_t i = 0; i < n; i++)
			inv[perm[i]] = (uint32_t)i;
		for (size_t k = 0; k < p->nstack_frames; k++)
			p->stack_frames[k].insn = inv[p->stack_frames[k].insn];
		free(inv);
	}
	free(p->insns);
	free(p->counts);
	free(p->detail);
	p->insns = insns;
	p->counts = counts;
	p->detail = detail;
	p->cap_insns = n;
	insns = NULL;
	counts = NULL;
	detail = NULL;
	for (size_t e = 0; e < ne; e++) {
		p->events[e].total = 0;
		for (size_t i = 0; i < n; i++)
			p->events[e].total += p->counts[i * ne + e];
	}
	free(p->insn_slots);
	p->insn_slots = NULL;
	p->insn_slots_cap = 0;
	p->finished = 1;
	rc = 0;
out:
	free(perm);
	free(insns);
	free(counts);
	free(detail);
	return rc;
}

uint32_t report_insn_func(const struct report_profile *p, const struct report_insn *in)
{
	if (!in->nframes)
		return REPORT_NO_FUNC;
	return p->frames[in->frame0 + in->nframes - 1].func;
}

const struct report_frame *report_insn_leaf(const struct report_profile *p,
					    const struct report_insn *in)
{
	return in->nframes ? &p->frames[in->frame0] : NULL;
}

double *report_profile_by_func(const struct report_profile *p)
{
	size_t rows = p->nfuncs + p->nimages, ne = p->nevents;
	double *out = calloc(rows * ne + 1, sizeof(*out));
	if (!out)
		return NULL;
	for (size_t i = 0; i < p->ninsns; i++) {
		uint32_t f = report_insn_func(p, &p->insns[i]);
		size_t row = f == REPORT_NO_FUNC ? p->nfuncs + p->insns[i].image : f;
		for (size_t e = 0; e < ne; e++)
			out[row * ne + e] += p->counts[i * ne + e];
	}
	return out;
}

const char *report_profile_row_name(const struct report_profile *p, size_t row)
{
	return row < p->nfuncs ? p->funcs[row].name : "[unknown]";
}

uint32_t report_profile_row_image(const struct report_profile *p, size_t row)
{
	return row < p->nfuncs ? p->funcs[row].image : (uint32_t)(row - p->nfuncs);
}

int report_profile_event(const struct report_profile *p, const char *name)
{
	for (size_t e = 0; e < p->nevents; e++)
		if (!strcmp(p->events[e].name, name))
			return (int)e;
	return -1;
}

int report_profile_primary_event(const struct report_profile *p, const char *first)
{
	int e = first ? report_profile_event(p, first) : -1;
	if (e < 0)
		e = report_profile_event(p, "oracle");
	if (e < 0)
		e = report_profile_event(p, "cycles");
	return e < 0 ? 0 : e;
}

double report_pct(double v, double total)
{
	return total > 0 ? 100.0 * v / total : 0.0;
}

const char *report_basename(const char *path)
{
	const char *s = strrchr(path, '/');
	return s && s[1] ? s + 1 : path;
}
