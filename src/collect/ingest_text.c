/*
 * ingest_text.c — robin's text ingestion format into the profile database (see
 * ingest_text.h): each parsed line applied through the batch API, images registered once
 * (identified from their files unless declared), the run created just before the first
 * commit so that an input that fails before it leaves no trace.
 */
#include "collect/ingest_text.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "profile/ingest_line.h"
#include "profile/profile_db.h"
#include "profile/symbols.h"

struct ingest_text_image {
	char *path;
	int64_t id;
};

struct ingest_text {
	struct profile_db *db;
	struct profile_db_batch *batch;
	const char *file;
	const struct ingest_text_opts *o;
	struct ingest_text_result *r;
	int64_t run_id;
	struct ingest_text_image *images;
	size_t n_images, last_image;
	uint64_t lines_in_batch;
};

/* Set r->err to the message (NULL when even that finds no memory); returns -1. */
static int ingest_text_fail(struct ingest_text *g, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int ingest_text_fail(struct ingest_text *g, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (vasprintf(&g->r->err, fmt, ap) < 0)
		g->r->err = NULL;
	va_end(ap);
	return -1;
}

/* The same, prefixed with "FILE:LINE: " of the line being read. */
static int ingest_text_fail_line(struct ingest_text *g, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int ingest_text_fail_line(struct ingest_text *g, const char *fmt, ...)
{
	va_list ap;
	char *what;
	va_start(ap, fmt);
	int n = vasprintf(&what, fmt, ap);
	va_end(ap);
	if (n < 0)
		return ingest_text_fail(g, "out of memory");
	ingest_text_fail(g, "%s:%lu: %s", g->file, g->r->lines, what);
	free(what);
	return -1;
}

/* Register an image with explicit attributes (or read from the file when identify is on). */
static int ingest_text_add_image(struct ingest_text *g, const char *path, const char *build_id,
				 const char *arch, uint64_t size, int64_t *id)
{
	struct elf_image_ident ident;
	if (g->o->identify && !build_id && !arch && !size &&
	    symbols_identify(path, &ident, NULL) == 0) {
		build_id = ident.build_id;
		arch = ident.arch;
		size = ident.size_bytes;
	}
	if (profile_db_image_add(g->db, path, build_id, size, arch, id))
		return ingest_text_fail_line(g, "%s", profile_db_error(g->db));
	struct ingest_text_image *nv = realloc(g->images, (g->n_images + 1) * sizeof(*nv));
	if (!nv || !(nv[g->n_images].path = strdup(path))) {
		if (nv)
			g->images = nv;
		return ingest_text_fail_line(g, "out of memory");
	}
	g->images = nv;
	nv[g->n_images].id = *id;
	g->last_image = g->n_images++;
	return 0;
}

static int ingest_text_image_id(struct ingest_text *g, const char *path, int64_t *id)
{
	if (ingest_line_unknown_image(path)) {
		*id = 0;
		return 0;
	}
	if (g->n_images && !strcmp(g->images[g->last_image].path, path)) {
		*id = g->images[g->last_image].id;
		return 0;
	}
	for (size_t i = 0; i < g->n_images; i++)
		if (!strcmp(g->images[i].path, path)) {
			g->last_image = i;
			*id = g->images[i].id;
			return 0;
		}
	return ingest_text_add_image(g, path, NULL, NULL, 0, id);
}

static int ingest_text_event(struct ingest_text *g, const char *name, int *ev)
{
	/* Undeclared events: period unknown, divisor 1. */
	if ((*ev = profile_db_batch_event_find(g->batch, name)) >= 0 ||
	    profile_db_batch_event(g->batch, name, 0, 1, ev) == 0)
		return 0;
	return ingest_text_fail_line(g, "%s", profile_db_error(g->db));
}

/* The run row is created just before the first commit, so that an input that fails before
 * it leaves no trace. */
static int ingest_text_ensure_run(struct ingest_text *g)
{
	char host[256] = "";
	if (!g->o->run_command || g->run_id)
		return 0;
	gethostname(host, sizeof(host) - 1);
	struct profile_db_run_info ri = { .command = g->o->run_command, .host = host,
					  .simulated = g->o->simulated };
	if (profile_db_run_begin(g->db, &ri, &g->run_id))
		return ingest_text_fail(g, "%s", profile_db_error(g->db));
	profile_db_batch_set_run(g->batch, g->run_id);
	return 0;
}

static int ingest_text_commit(struct ingest_text *g)
{
	int64_t id;
	if (ingest_text_ensure_run(g))
		return -1;
	if (profile_db_batch_commit(g->batch, &id))
		return ingest_text_fail(g, "%s", profile_db_error(g->db));
	g->r->batches++;
	g->lines_in_batch = 0;
	if (g->o->on_commit)
		g->o->on_commit(g->o->arg, id);
	return 0;
}

/* `image PATH [build-id=HEX] [arch=NAME] [size=N]` */
static int ingest_text_do_image(struct ingest_text *g, const struct ingest_line *l)
{
	int64_t id;
	for (size_t i = 0; i < g->n_images; i++)
		if (!strcmp(g->images[i].path, l->image))
			return ingest_text_fail_line(g, "image %s declared after its first use",
						     l->image);
	return ingest_text_add_image(g, l->image, l->build_id ? l->build_id : "",
				     l->arch ? l->arch : "", l->size_bytes, &id);
}

/* `detail IMAGE OFFSET EVENT KIND KEY COUNT [VALUE]` */
static int ingest_text_do_detail(struct ingest_text *g, const struct ingest_line *l)
{
	int64_t img;
	int ev, kind;
	if (ingest_text_image_id(g, l->image, &img) || ingest_text_event(g, l->event, &ev))
		return -1;
	if (profile_db_detail_kind(g->db, l->detail_kind, "", "", &kind) ||
	    profile_db_batch_add_detail(g->batch, ev, img, l->offset, kind, l->key, l->count,
					l->value))
		return ingest_text_fail_line(g, "%s", profile_db_error(g->db));
	return 0;
}

/* `IMAGE OFFSET EVENT COUNT` */
static int ingest_text_do_sample(struct ingest_text *g, const struct ingest_line *l)
{
	int64_t img;
	int ev;
	if (ingest_text_image_id(g, l->image, &img) || ingest_text_event(g, l->event, &ev))
		return -1;
	if (profile_db_batch_add(g->batch, ev, img, l->offset, l->count))
		return ingest_text_fail_line(g, "%s", profile_db_error(g->db));
	g->r->samples += l->count;
	if (g->o->batch_lines && ++g->lines_in_batch >= g->o->batch_lines)
		return ingest_text_commit(g);
	return 0;
}

/* One parsed line. */
static int ingest_text_apply(struct ingest_text *g, const struct ingest_line *l)
{
	int ev;
	switch (l->kind) {
	case INGEST_LINE_BLANK:
		return 0;
	case INGEST_LINE_EVENT:  /* `event NAME [period=N] [divisor=N]` */
		if (profile_db_batch_event(g->batch, l->event, l->period, l->divisor, &ev))
			return ingest_text_fail_line(g, "%s", profile_db_error(g->db));
		return 0;
	case INGEST_LINE_IMAGE:
		return ingest_text_do_image(g, l);
	case INGEST_LINE_DETAIL:
		return ingest_text_do_detail(g, l);
	case INGEST_LINE_COMMIT:
		return ingest_text_commit(g);
	case INGEST_LINE_SAMPLE:
		return ingest_text_do_sample(g, l);
	}
	return 0;
}

static int ingest_text_stream(struct ingest_text *g, FILE *in)
{
	char *buf = NULL;
	size_t cap = 0;
	ssize_t len;
	int rc = 0;
	while (!rc && (len = getline(&buf, &cap, in)) >= 0) {
		struct ingest_line l;
		char err[INGEST_LINE_ERR_LEN];
		g->r->lines++;
		if (ingest_line_parse(buf, (size_t)len, &l, err))
			rc = ingest_text_fail_line(g, "%s", err);
		else
			rc = ingest_text_apply(g, &l);
	}
	if (!rc && ferror(in))
		rc = ingest_text_fail(g, "%s: read error: %s", g->file, strerror(errno));
	free(buf);
	return rc;
}

int ingest_text_read(struct profile_db *db, FILE *in, const char *file,
		     const struct ingest_text_opts *o, struct ingest_text_result *r)
{
	struct ingest_text g = { .db = db, .file = file, .o = o, .r = r };
	int rc = -1;
	memset(r, 0, sizeof(*r));
	if (profile_db_batch_new(db, o->epoch_id, 0, &g.batch)) {
		ingest_text_fail(&g, "%s", profile_db_error(db));
		goto out;
	}
	if (ingest_text_stream(&g, in))
		goto out;
	if ((profile_db_batch_samples(g.batch) || r->batches == 0) && ingest_text_commit(&g))
		goto out;
	if (g.run_id && (profile_db_run_end(db, g.run_id, 0) ||
			 profile_db_run_set_total(db, g.run_id, "samples", (double)r->samples))) {
		ingest_text_fail(&g, "%s", profile_db_error(db));
		goto out;
	}
	rc = 0;
out:
	for (size_t i = 0; i < g.n_images; i++)
		free(g.images[i].path);
	free(g.images);
	profile_db_batch_free(g.batch);
	return rc;
}
