/*
 * folded.c — folded flame-graph stacks (see folded.h): one string per instruction built into
 * a reused buffer, summed through a keymap, then sorted and printed.
 */
#include "report/folded.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/keymap.h"
#include "report/report_stacks.h"

/* Append a frame separator (';') then the name with ';' and line breaks replaced. */
static void put_frame(char *buf, size_t n, size_t *o, const char *s)
{
	if (*o + 1 < n)
		buf[(*o)++] = ';';
	buf[*o] = 0;
	for (; *s && *o + 1 < n; s++)
		buf[(*o)++] = (*s == ';' || *s == '\n' || *s == '\r') ? '_' : *s;
	buf[*o] = 0;
}

static void put_name(char *buf, size_t n, size_t *o, const char *s)
{
	for (; *s && *o + 1 < n; s++)
		buf[(*o)++] = (*s == ';' || *s == '\n' || *s == '\r') ? '_' : *s;
	buf[*o] = 0;
}

struct folded_line {
	const char *stack;
	double count;
};

static int line_cmp(const void *a, const void *b)
{
	return strcmp(((const struct folded_line *)a)->stack, ((const struct folded_line *)b)->stack);
}

#define FOLDED_DEPTH_MAX 1024

/* The line of stack s: the outermost frame's image, then the function path. */
static void folded_stack_line(const struct report_profile *p, const struct report_stack *s,
			      unsigned flags, char *buf, size_t n)
{
	uint32_t fn[FOLDED_DEPTH_MAX];
	size_t o = 0, k = report_stacks_names(p, s, fn, NULL, FOLDED_DEPTH_MAX);
	const struct report_stack_frame *leaf = &p->stack_frames[s->frame0 + s->n - 1];
	buf[0] = 0;
	put_name(buf, n, &o, report_basename(p->images[p->stack_frames[s->frame0].image].path));
	for (size_t j = 0; j < k && j < FOLDED_DEPTH_MAX; j++)
		put_frame(buf, n, &o, fn[j] == REPORT_NO_FUNC ? "[unknown]" : p->funcs[fn[j]].name);
	if (flags & FOLDED_INSNS) {
		char a[32];
		snprintf(a, sizeof(a), "0x%" PRIx64, leaf->offset);
		put_frame(buf, n, &o, a);
	}
}

long folded_write(const struct report_profile *p, size_t event, unsigned flags, FILE *out)
{
	struct keymap km;
	double *sum = NULL;
	size_t cap = 0;
	long rc = 0;
	char buf[16384];
	int stacks = report_stacks_has(p, event);
	keymap_init(&km);
	for (size_t i = 0; i < (stacks ? p->nstacks : p->ninsns); i++) {
		double v;
		if (stacks) {
			const struct report_stack *s = &p->stacks[i];
			v = s->event == event ? s->count : 0;
			if (v == 0)
				continue;
			folded_stack_line(p, s, flags, buf, sizeof(buf));
		} else {
			const struct report_insn *in = &p->insns[i];
			size_t o = 0;
			v = p->counts[i * p->nevents + event];
			if (v == 0)
				continue;
			buf[0] = 0;
			put_name(buf, sizeof(buf), &o, report_basename(p->images[in->image].path));
			if (!in->nframes)
				put_frame(buf, sizeof(buf), &o, "[unknown]");
			for (uint32_t k = in->nframes; k-- > 0;)
				put_frame(buf, sizeof(buf), &o,
					  p->funcs[p->frames[in->frame0 + k].func].name);
			if (flags & FOLDED_INSNS) {
				char a[32];
				snprintf(a, sizeof(a), "0x%" PRIx64, in->offset);
				put_frame(buf, sizeof(buf), &o, a);
			}
		}
		int added, k = keymap_get(&km, buf, "", 0, &added);
		if (k < 0) {
			rc = k;
			goto out;
		}
		if ((size_t)k >= cap) {
			size_t c = cap ? 2 * cap : 256;
			double *w = realloc(sum, c * sizeof(*w));
			if (!w) {
				rc = -ENOMEM;
				goto out;
			}
			sum = w;
			cap = c;
		}
		if (added)
			sum[k] = 0;
		sum[k] += v;
	}
	struct folded_line *lines = malloc((km.n + 1) * sizeof(*lines));
	if (!lines) {
		rc = -ENOMEM;
		goto out;
	}
	for (size_t k = 0; k < km.n; k++) {
		lines[k].stack = km.keys[k].a;
		lines[k].count = sum[k];
	}
	if (km.n) /* qsort needs a non-NULL base even for 0 items */
		qsort(lines, km.n, sizeof(*lines), line_cmp);
	for (size_t k = 0; k < km.n; k++) {
		double c = lines[k].count;
		if (c == floor(c) && fabs(c) < 9e15)
			fprintf(out, "%s %" PRId64 "\n", lines[k].stack, (int64_t)c);
		else {
			char num[64];
			snprintf(num, sizeof(num), "%.3f", c);
			char *e = num + strlen(num) - 1;
			while (*e == '0')
				*e-- = 0;
			if (*e == '.')
				*e = 0;
			fprintf(out, "%s %s\n", lines[k].stack, num);
		}
	}
	rc = (long)km.n;
	free(lines);
out:
	free(sum);
	keymap_free(&km);
	return rc;
}
