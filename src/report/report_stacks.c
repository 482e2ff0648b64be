/*
 * report_stacks.c — call stacks for the report tools (see report_stacks.h).
 */
#include "report/report_stacks.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_load.h"

struct stacks_load {
	struct report_profile *p;
	struct profile_db_image *im;   /* every image of the database, for frames' images */
	size_t nim;
	uint32_t event;
	double div;
	int rc;
};

static int stacks_image(struct stacks_load *c, int64_t db_id, uint32_t *out)
{
	struct report_profile *p = c->p;
	for (size_t i = 0; i < p->nimages; i++) {
		if (p->images[i].db_id == db_id) {
			*out = (uint32_t)i;
			return 0;
		}
	}
	for (size_t i = 0; i < c->nim; i++) {
		if (c->im[i].id != db_id)
			continue;
		int k = report_profile_add_image(p, c->im[i].path, c->im[i].build_id, db_id);
		if (k < 0)
			return k;
		snprintf(p->images[k].arch, sizeof(p->images[k].arch), "%s", c->im[i].arch);
		*out = (uint32_t)k;
		return 0;
	}
	return -ENOENT;
}

int report_stacks_add(struct report_profile *p, uint32_t ev, const struct report_stack_frame *f,
		      size_t n, double count)
{
	if (p->nstacks == p->cap_stacks) {
		size_t cap = p->cap_stacks ? 2 * p->cap_stacks : 256;
		struct report_stack *v = realloc(p->stacks, cap * sizeof(*v));
		if (!v)
			return -ENOMEM;
		p->stacks = v;
		p->cap_stacks = cap;
	}
	if (p->nstack_frames + n > p->cap_stack_frames) {
		size_t cap = p->cap_stack_frames ? p->cap_stack_frames : 1024;
		while (cap < p->nstack_frames + n)
			cap *= 2;
		struct report_stack_frame *v = realloc(p->stack_frames, cap * sizeof(*v));
		if (!v)
			return -ENOMEM;
		p->stack_frames = v;
		p->cap_stack_frames = cap;
	}
	memcpy(&p->stack_frames[p->nstack_frames], f, n * sizeof(*f));
	p->stacks[p->nstacks++] = (struct report_stack){
		(uint32_t)p->nstack_frames, (uint32_t)n, ev, count,
	};
	p->nstack_frames += n;
	return 0;
}

#define STACKS_LOAD_DEPTH 4096

static int stacks_one(void *arg, const struct profile_db_frame *f, size_t n, uint64_t count)
{
	struct stacks_load *c = arg;
	struct report_profile *p = c->p;
	struct report_stack_frame out[STACKS_LOAD_DEPTH];
	if (n > STACKS_LOAD_DEPTH) { /* keep the innermost frames */
		f += n - STACKS_LOAD_DEPTH;
		n = STACKS_LOAD_DEPTH;
	}
	for (size_t i = 0; i < n; i++) {
		uint32_t img;
		int rc = stacks_image(c, f[i].image_id, &img);
		if (rc)
			return c->rc = rc;
		int in = report_profile_insn(p, img, f[i].offset, NULL, 0);
		if (in < 0)
			return c->rc = in;
		out[i] = (struct report_stack_frame){ img, (uint32_t)in, f[i].offset };
	}
	int rc = report_stacks_add(p, c->event, out, n, (double)count / c->div);
	return rc ? (c->rc = rc) : 0;
}

int report_stacks_load(struct profile_db *db, struct report_profile *p,
		       const struct profile_db_profile *pr, size_t npr, const int *pimage,
		       const int *pevent, char *err)
{
	struct stacks_load c = { .p = p };
	int rc = profile_db_images(db, &c.im, &c.nim);
	(void)pimage;
	for (size_t i = 0; i < npr && !rc; i++) {
		c.event = (uint32_t)pevent[i];
		c.div = pr[i].count_divisor ? pr[i].count_divisor : 1;
		rc = profile_db_stack_counts(db, pr[i].id, stacks_one, &c);
		if (c.rc) {
			rc = c.rc;
			snprintf(err, REPORT_ERR_MAX, "%s: %s loading stacks", profile_db_path(db),
				 rc == -ENOMEM ? "out of memory" : "a frame in an unknown image");
			break;
		}
		if (rc)
			snprintf(err, REPORT_ERR_MAX, "%s", profile_db_error(db));
	}
	profile_db_images_free(c.im, c.nim);
	return rc;
}

int report_stacks_has(const struct report_profile *p, size_t ev)
{
	for (size_t i = 0; i < p->nstacks; i++)
		if (p->stacks[i].event == ev)
			return 1;
	return 0;
}

size_t report_stacks_names(const struct report_profile *p, const struct report_stack *s,
			   uint32_t *func, uint32_t *img, size_t max)
{
	size_t k = 0;
	for (uint32_t i = 0; i < s->n; i++) {
		const struct report_stack_frame *sf = &p->stack_frames[s->frame0 + i];
		const struct report_insn *in = &p->insns[sf->insn];
		if (!in->nframes) {
			if (k < max) {
				func[k] = REPORT_NO_FUNC;
				if (img)
					img[k] = sf->image;
			}
			k++;
			continue;
		}
		for (uint32_t j = in->nframes; j-- > 0; k++) {
			if (k < max) {
				func[k] = p->frames[in->frame0 + j].func;
				if (img)
					img[k] = sf->image;
			}
		}
	}
	return k;
}

#define STACKS_NAMES_MAX 4096

size_t report_stacks_rows(const struct report_profile *p, const struct report_stack *s,
			  uint32_t *rows, size_t max)
{
	uint32_t img[STACKS_NAMES_MAX];
	size_t n = report_stacks_names(p, s, rows, img, max < STACKS_NAMES_MAX ? max :
							  STACKS_NAMES_MAX);
	for (size_t k = 0; k < n && k < max && k < STACKS_NAMES_MAX; k++)
		if (rows[k] == REPORT_NO_FUNC)
			rows[k] = (uint32_t)(p->nfuncs + img[k]);
	return n;
}

uint32_t report_stacks_leaf_row(const struct report_profile *p, const struct report_stack *s)
{
	const struct report_stack_frame *leaf = &p->stack_frames[s->frame0 + s->n - 1];
	uint32_t f = report_insn_func(p, &p->insns[leaf->insn]);
	return f == REPORT_NO_FUNC ? (uint32_t)(p->nfuncs + leaf->image) : f;
}

int report_stacks_by_func(const struct report_profile *p, size_t ev, double **self,
			  double **total)
{
	size_t rows = p->nfuncs + p->nimages;
	uint32_t *row = malloc(STACKS_NAMES_MAX * sizeof(*row));
	uint32_t *seen = calloc(rows ? rows : 1, sizeof(*seen)); /* stack index + 1 last counted */
	*self = calloc(rows ? rows : 1, sizeof(double));
	*total = calloc(rows ? rows : 1, sizeof(double));
	if (!row || !seen || !*self || !*total) {
		free(row);
		free(seen);
		free(*self);
		free(*total);
		*self = *total = NULL;
		return -ENOMEM;
	}
	for (size_t i = 0; i < p->nstacks; i++) {
		const struct report_stack *s = &p->stacks[i];
		if (s->event != ev)
			continue;
		size_t n = report_stacks_rows(p, s, row, STACKS_NAMES_MAX);
		if (n > STACKS_NAMES_MAX)
			n = STACKS_NAMES_MAX;
		for (size_t k = 0; k < n; k++) {
			if (seen[row[k]] != i + 1) {
				seen[row[k]] = (uint32_t)(i + 1);
				(*total)[row[k]] += s->count;
			}
		}
		(*self)[report_stacks_leaf_row(p, s)] += s->count;
	}
	free(row);
	free(seen);
	return 0;
}
