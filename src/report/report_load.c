/*
 * report_load.c — database → report_profile (see report_load.h): list the matching profiles,
 * decode their counts, symbolise each distinct instruction once, then attach details.
 */
#include "report/report_load.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile/symbols.h"
#include "report/report_stacks.h"

static int event_name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void report_filter_describe(const struct profile_db_filter *f, char *buf, size_t n)
{
	size_t o = 0;
	buf[0] = 0;
#define PUT(...) do { if (o < n) o += (size_t)snprintf(buf + o, n - o, __VA_ARGS__); } while (0)
	if (!f) {
		PUT("all profiles");
		return;
	}
	if (f->epoch_id)
		PUT("%sepoch %" PRId64, o ? ", " : "", f->epoch_id);
	if (f->run_id)
		PUT("%srun %" PRId64, o ? ", " : "", f->run_id);
	if (f->image)
		PUT("%simage %s", o ? ", " : "", f->image);
	for (size_t i = 0; i < f->n_events; i++)
		PUT("%s%s%s", i ? "," : (o ? ", event " : "event "), "", f->events[i]);
	if (!o)
		PUT("all profiles");
#undef PUT
}

/* Order the events: those named in the filter first, in filter order, the others by name. */
static int collect_events(const struct profile_db_filter *f, const struct profile_db_profile *pr,
			  size_t npr, char ***names, size_t *nnames)
{
	char **v = calloc(npr + (f ? f->n_events : 0) + 1, sizeof(*v));
	size_t n = 0, fixed = 0;
	if (!v)
		return -ENOMEM;
	if (f)
		for (size_t i = 0; i < f->n_events; i++) {
			int seen = 0;
			for (size_t k = 0; k < n; k++)
				seen |= !strcmp(v[k], f->events[i]);
			int present = 0;
			for (size_t k = 0; k < npr; k++)
				present |= !strcmp(pr[k].event, f->events[i]);
			if (!seen && present)
				v[n++] = (char *)f->events[i];
		}
	fixed = n;
	for (size_t k = 0; k < npr; k++) {
		int seen = 0;
		for (size_t i = 0; i < n; i++)
			seen |= !strcmp(v[i], pr[k].event);
		if (!seen)
			v[n++] = pr[k].event;
	}
	qsort(v + fixed, n - fixed, sizeof(*v), event_name_cmp);
	*names = v;
	*nnames = n;
	return 0;
}

static int image_index(struct report_profile *p, const struct profile_db_profile *pr)
{
	for (size_t i = 0; i < p->nimages; i++)
		if (p->images[i].db_id == pr->image_id)
			return (int)i;
	int i = report_profile_add_image(p, pr->image_path, pr->build_id, pr->image_id);
	if (i >= 0)
		snprintf(p->images[i].arch, sizeof(p->images[i].arch), "%s", pr->arch ? pr->arch : "");
	return i;
}

/* Symbolise instruction i: frames innermost first, the containing symbol last. */
static int symbolise(struct report_profile *p, struct symbols *s, size_t i,
		     struct report_frame *fr, uint32_t *nfr)
{
	struct report_insn *in = &p->insns[i];
	const struct symbols_func *sym = symbols_lookup(s, in->offset);
	struct elf_line ln;
	*nfr = 0;
	if (!sym)
		return 0;
	if (symbols_line(s, in->offset, &ln) != 0)
		ln.n = 0;
	for (int k = 0; k + 1 < ln.n && *nfr + 1 < ELF_LINE_INLINE_MAX; k++) {
		int f = report_profile_func(p, in->image, ln.at[k].func ? ln.at[k].func : "[inlined]",
					    ln.at[k].file, 0, 0);
		if (f < 0)
			return f;
		fr[*nfr].func = (uint32_t)f;
		fr[*nfr].line = ln.at[k].line > 0 ? (uint32_t)ln.at[k].line : 0;
		(*nfr)++;
	}
	const char *file = ln.n ? ln.at[ln.n - 1].file : NULL;
	int f = report_profile_func(p, in->image, sym->name, file, sym->start, 0);
	if (f < 0)
		return f;
	fr[*nfr].func = (uint32_t)f;
	fr[*nfr].line = ln.n && ln.at[ln.n - 1].line > 0 ? (uint32_t)ln.at[ln.n - 1].line : 0;
	(*nfr)++;
	return 0;
}

/* Attach frames to every instruction (they were added without). */
static int symbolise_all(struct report_profile *p, struct report_images *im)
{
	struct report_frame fr[ELF_LINE_INLINE_MAX];
	for (size_t i = 0; i < p->ninsns; i++) {
		struct symbols *s = im->syms[p->insns[i].image];
		uint32_t n = 0;
		if (!s)
			continue;
		int rc = symbolise(p, s, i, fr, &n);
		if (rc)
			return rc;
		if (!n)
			continue;
		if (p->nframes + n > p->cap_frames) {
			size_t c = p->cap_frames ? p->cap_frames * 2 : 256;
			while (c < p->nframes + n)
				c *= 2;
			struct report_frame *v = realloc(p->frames, c * sizeof(*v));
			if (!v)
				return -ENOMEM;
			p->frames = v;
			p->cap_frames = c;
		}
		memcpy(&p->frames[p->nframes], fr, n * sizeof(*fr));
		p->insns[i].frame0 = (uint32_t)p->nframes;
		p->insns[i].nframes = n;
		p->nframes += n;
	}
	return 0;
}

static void open_images(struct report_profile *p, struct report_images *im)
{
	for (size_t i = 0; i < p->nimages; i++) {
		char e[SYMBOLS_ERR_MAX];
		if (!strcmp(p->images[i].path, PROFILE_DB_UNKNOWN_IMAGE_PATH))
			continue;
		if (symbols_open(p->images[i].path, p->images[i].build_id, &im->syms[i], e) != 0) {
			im->syms[i] = NULL;
			if (!im->unreadable++)
				snprintf(im->first_error, sizeof(im->first_error), "%s", e);
			continue;
		}
		if (!p->images[i].arch[0])
			snprintf(p->images[i].arch, sizeof(p->images[i].arch), "%s",
				 symbols_ident(im->syms[i])->arch);
	}
}

/* The detail kind to show: `cycle_stack` if any profile has it, else commit_state. */
static int load_details(struct profile_db *db, struct report_profile *p,
			const struct profile_db_profile *pr, size_t npr, const int *pimage,
			const int *pevent, char *err)
{
	struct profile_db_detail **rows = calloc(npr + 1, sizeof(*rows));
	size_t *nrows = calloc(npr + 1, sizeof(*nrows));
	int64_t *keys = NULL;
	size_t nkeys = 0;
	int rc = -ENOMEM, kind = PROFILE_DB_KIND_COMMIT_STATE, cs_kind = -1;
	const char **names = NULL;
	if (!rows || !nrows)
		goto out;
	/* Find whether a cycle_stack kind exists without creating it in a read-only db: look for
	 * rows of any kind and pick by name. */
	size_t total = 0;
	for (size_t i = 0; i < npr; i++) {
		rc = profile_db_details(db, pr[i].id, 0, UINT64_MAX, 0, &rows[i], &nrows[i]);
		if (rc) {
			snprintf(err, REPORT_ERR_MAX, "%s", profile_db_error(db));
			goto out;
		}
		for (size_t k = 0; k < nrows[i]; k++) {
			const char *kn = profile_db_detail_kind_name(db, rows[i][k].kind);
			if (kn && !strcmp(kn, "cycle_stack"))
				cs_kind = rows[i][k].kind;
		}
		total += nrows[i];
	}
	rc = 0;
	if (!total)
		goto out;
	if (cs_kind > 0)
		kind = cs_kind;
	keys = malloc(total * sizeof(*keys));
	if (!keys) {
		rc = -ENOMEM;
		goto out;
	}
	for (size_t i = 0; i < npr; i++)
		for (size_t k = 0; k < nrows[i]; k++) {
			if (rows[i][k].kind != kind)
				continue;
			size_t j = 0;
			while (j < nkeys && keys[j] != rows[i][k].key)
				j++;
			if (j == nkeys)
				keys[nkeys++] = rows[i][k].key;
		}
	if (!nkeys)
		goto out;
	for (size_t a = 1; a < nkeys; a++)  /* insertion sort: few keys */
		for (size_t b = a; b > 0 && keys[b - 1] > keys[b]; b--) {
			int64_t t = keys[b];
			keys[b] = keys[b - 1];
			keys[b - 1] = t;
		}
	names = calloc(nkeys, sizeof(*names));
	char (*buf)[32] = calloc(nkeys, sizeof(*buf));
	if (!names || !buf) {
		free(buf);
		rc = -ENOMEM;
		goto out;
	}
	for (size_t j = 0; j < nkeys; j++) {
		names[j] = profile_db_detail_key_lookup(db, kind, keys[j]);
		if (!names[j]) {
			snprintf(buf[j], sizeof(buf[j]), "key %" PRId64, keys[j]);
			names[j] = buf[j];
		}
	}
	rc = report_profile_set_detail_names(p, names, nkeys);
	free(buf);
	if (rc)
		goto out;
	for (size_t i = 0; i < npr; i++) {
		double div = pr[i].count_divisor ? pr[i].count_divisor : 1;
		for (size_t k = 0; k < nrows[i]; k++) {
			const struct profile_db_detail *d = &rows[i][k];
			if (d->kind != kind)
				continue;
			size_t j = 0;
			while (keys[j] != d->key)
				j++;
			int in = report_profile_insn(p, (uint32_t)pimage[i], d->offset, NULL, 0);
			if (in < 0) {
				rc = in;
				goto out;
			}
			report_profile_add_detail(p, (uint32_t)in, (uint32_t)pevent[i], (uint32_t)j,
						  (double)d->count / div);
		}
	}
out:
	if (rows)
		for (size_t i = 0; i < npr; i++)
			free(rows[i]);
	free(rows);
	free(nrows);
	free(keys);
	free(names);
	if (rc == -ENOMEM)
		snprintf(err, REPORT_ERR_MAX, "out of memory reading details");
	return rc;
}

struct count_ctx {
	struct report_profile *p;
	uint32_t image, event;
	double div;
	int rc;
};

static int count_one(void *arg, uint64_t offset, uint64_t count)
{
	struct count_ctx *c = arg;
	int in = report_profile_insn(c->p, c->image, offset, NULL, 0);
	if (in < 0)
		return c->rc = in;
	report_profile_add_count(c->p, (uint32_t)in, c->event, (double)count / c->div);
	return 0;
}

int report_load(struct profile_db *db, const struct profile_db_filter *f, unsigned flags,
		struct report_profile *out, struct report_images *images, char *err)
{
	struct profile_db_profile *pr = NULL;
	size_t npr = 0, nev = 0;
	char **ev = NULL;
	int *pimage = NULL, *pevent = NULL;
	struct report_images local = { 0 };
	struct report_images *im = images ? images : &local;
	int rc;

	report_profile_init(out);
	memset(im, 0, sizeof(*im));
	err[0] = 0;
	rc = profile_db_profiles(db, f, &pr, &npr);
	if (rc) {
		snprintf(err, REPORT_ERR_MAX, "%s", profile_db_error(db));
		goto out;
	}
	if (!npr) {
		char d[256];
		report_filter_describe(f, d, sizeof(d));
		snprintf(err, REPORT_ERR_MAX, "%s: no profile matches %s", profile_db_path(db), d);
		rc = -ENOENT;
		goto out;
	}
	rc = -ENOMEM;
	if (collect_events(f, pr, npr, &ev, &nev))
		goto out_nomem;
	pimage = calloc(npr, sizeof(*pimage));
	pevent = calloc(npr, sizeof(*pevent));
	if (!pimage || !pevent)
		goto out_nomem;
	for (size_t e = 0; e < nev; e++) {
		uint64_t period = UINT64_MAX;
		for (size_t i = 0; i < npr; i++)
			if (!strcmp(pr[i].event, ev[e]))
				period = period == UINT64_MAX || period == pr[i].period ? pr[i].period : 0;
		if (report_profile_add_event(out, ev[e], period == UINT64_MAX ? 0 : period) < 0)
			goto out_nomem;
	}
	for (size_t i = 0; i < npr; i++) {
		pimage[i] = image_index(out, &pr[i]);
		if (pimage[i] < 0)
			goto out_nomem;
		pevent[i] = report_profile_event(out, pr[i].event);
	}
	for (size_t i = 0; i < npr; i++) {
		struct count_ctx c = { out, (uint32_t)pimage[i], (uint32_t)pevent[i],
				       pr[i].count_divisor ? pr[i].count_divisor : 1, 0 };
		rc = profile_db_counts_each(db, pr[i].id, 0, UINT64_MAX, count_one, &c);
		if (c.rc)
			goto out_nomem;
		if (rc) {
			snprintf(err, REPORT_ERR_MAX, "%s", profile_db_error(db));
			goto out;
		}
	}
	if ((flags & REPORT_LOAD_STACKS) &&
	    (rc = report_stacks_load(db, out, pr, npr, pimage, pevent, err)))
		goto out;
	if (flags & REPORT_LOAD_DETAILS) {
		rc = load_details(db, out, pr, npr, pimage, pevent, err);
		if (rc)
			goto out;
	}
	im->n = out->nimages;
	im->syms = calloc(im->n + 1, sizeof(*im->syms));
	if (!im->syms)
		goto out_nomem;
	if (!(flags & REPORT_LOAD_NO_SYMBOLS)) {
		open_images(out, im);
		if (symbolise_all(out, im))
			goto out_nomem;
	}
	rc = report_profile_finish(out);
	if (rc)
		goto out_nomem;
	goto out;
out_nomem:
	rc = -ENOMEM;
	snprintf(err, REPORT_ERR_MAX, "%s: out of memory loading profiles", profile_db_path(db));
out:
	if (rc)
		report_profile_free(out);
	if (rc || !images)
		report_images_free(im);
	profile_db_profiles_free(pr, npr);
	free(ev);
	free(pimage);
	free(pevent);
	return rc;
}

void report_images_free(struct report_images *im)
{
	if (!im)
		return;
	for (size_t i = 0; i < im->n && im->syms; i++)
		symbols_close(im->syms[i]);
	free(im->syms);
	im->syms = NULL;
	im->n = 0;
}

size_t report_images_read(const struct report_images *im, uint32_t image, uint64_t offset,
			  uint8_t *buf, size_t n)
{
	if (!im || image >= im->n || !im->syms[image])
		return 0;
	return symbols_read(im->syms[image], offset, buf, n);
}
