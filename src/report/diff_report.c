/*
 * diff_report.c — two profiles side by side and the profile error between them (see
 * diff_report.h). Rows of the two sides are joined through a keymap on (image path,
 * procedure) or (image path, offset); basic blocks come from a CFG built per function from
 * the image's code, cached by (image path, function start).
 */
#include "report/diff_report.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cfg.h"
#include "profile/disasm.h"
#include "profile/symbols.h"
#include "report/keymap.h"

static int load_side(struct profile_db *db, const struct report_selector *base, const char *text,
		     const char *which, struct diff_side *side, char *err)
{
	struct report_selector sel, merged;
	struct profile_db_filter f;
	char e[256];
	int rc = report_selector_parse(text, &sel, e);
	if (rc) {
		snprintf(err, REPORT_ERR_MAX, "%s: %s", which, rc == -ENOMEM ? "out of memory" : e);
		return rc;
	}
	rc = report_selector_merge(base, &sel, &merged);
	report_selector_free(&sel);
	if (rc) {
		snprintf(err, REPORT_ERR_MAX, "out of memory");
		return rc;
	}
	report_selector_filter(&merged, &f);
	char resolved[256];
	report_selector_format(&merged, resolved, sizeof(resolved));
	rc = report_load(db, &f, 0, &side->p, &side->im, err);
	if (rc) {
		char e2[REPORT_ERR_MAX];
		snprintf(e2, sizeof(e2), "%s (%s): %s", which, text, err);
		memcpy(err, e2, REPORT_ERR_MAX);
		report_selector_free(&merged);
		return rc;
	}
	report_selector_free(&merged);
	if (side->p.nevents != 1) {
		size_t o = 0;
		char list[200] = "";
		for (size_t i = 0; i < side->p.nevents && o < sizeof(list); i++)
			o += (size_t)snprintf(list + o, sizeof(list) - o, "%s%s", i ? ", " : "",
					      side->p.events[i].name);
		snprintf(err, REPORT_ERR_MAX, "%s (%s) has several events (%s): add /event:NAME or "
			 "--event", which, text, list);
		return -EINVAL;
	}
	side->event = side->p.events[0].name;
	side->total = side->p.events[0].total;
	if (!strcmp(text, resolved))
		snprintf(side->label, sizeof(side->label), "%s", text);
	else
		snprintf(side->label, sizeof(side->label), "%s = %s", text, resolved);
	if (!strstr(resolved, "event:")) {
		size_t l = strlen(side->label);
		snprintf(side->label + l, sizeof(side->label) - l, " (event %s)", side->event);
	}
	return 0;
}

/* ---- rows ------------------------------------------------------------------------------ */

struct row_builder {
	struct keymap km;
	size_t cap;
	struct disasm *dis[4];      /* opened per arch on demand */
	char dis_arch[4][16];
	int ndis;
};

static struct disasm *get_disasm(struct row_builder *rb, const char *arch)
{
	if (!arch[0])
		return NULL;
	for (int i = 0; i < rb->ndis; i++)
		if (!strcmp(rb->dis_arch[i], arch))
			return rb->dis[i];
	if (rb->ndis == 4)
		return NULL;
	struct disasm *d = NULL;
	if (disasm_open(arch, &d) != 0)
		d = NULL;
	snprintf(rb->dis_arch[rb->ndis], sizeof(rb->dis_arch[0]), "%s", arch);
	rb->dis[rb->ndis++] = d;
	return d;
}

static int add_row(struct diff_report *r, struct row_builder *rb, const char *image,
		   const char *name, uint64_t offset, int side, double v, struct diff_row **out)
{
	int added, k = keymap_get(&rb->km, image, r->unit == DIFF_BY_INSN ? "" : name, offset,
				  &added);
	if (k < 0)
		return k;
	if (added) {
		if (r->nrows == rb->cap) {
			size_t c = rb->cap ? 2 * rb->cap : 64;
			struct diff_row *w = realloc(r->rows, c * sizeof(*w));
			if (!w)
				return -ENOMEM;
			r->rows = w;
			rb->cap = c;
		}
		struct diff_row *row = &r->rows[r->nrows];
		memset(row, 0, sizeof(*row));
		row->image = strdup(image);
		row->name = strdup(name);
		row->offset = offset;
		if (!row->image || !row->name) {
			free(row->image);
			free(row->name);
			return -ENOMEM;
		}
		r->nrows++;
	}
	struct diff_row *row = &r->rows[k];
	if (side)
		row->b += v;
	else
		row->a += v;
	*out = row;
	return 0;
}

static int side_rows(struct diff_report *r, struct row_builder *rb, int s)
{
	struct diff_side *side = &r->side[s];
	struct report_profile *p = &side->p;
	struct diff_row *row;
	int rc;
	if (r->unit == DIFF_BY_PROCEDURE) {
		double *byf = report_profile_by_func(p);
		if (!byf)
			return -ENOMEM;
		for (size_t i = 0; i < p->nfuncs + p->nimages; i++) {
			if (byf[i] == 0)
				continue;
			rc = add_row(r, rb, p->images[report_profile_row_image(p, i)].path,
				     report_profile_row_name(p, i), 0, s, byf[i], &row);
			if (rc) {
				free(byf);
				return rc;
			}
		}
		free(byf);
		return 0;
	}
	for (size_t i = 0; i < p->ninsns; i++) {
		const struct report_insn *in = &p->insns[i];
		double v = p->counts[i];
		if (v == 0)
			continue;
		uint32_t f = report_insn_func(p, in);
		const struct report_image *im = &p->images[in->image];
		rc = add_row(r, rb, im->path, f == REPORT_NO_FUNC ? "[unknown]" : p->funcs[f].name,
			     in->offset, s, v, &row);
		if (rc)
			return rc;
		if (!row->source) {
			const struct report_frame *leaf = report_insn_leaf(p, in);
			char buf[300] = "";
			if (leaf && leaf->line)
				snprintf(buf, sizeof(buf), "%s:%u",
					 report_basename(p->funcs[leaf->func].file), leaf->line);
			row->source = strdup(buf);
			if (!row->source)
				return -ENOMEM;
		}
		if (!row->text) {
			char text[128] = "";
			uint8_t code[16];
			struct disasm *d = get_disasm(rb, im->arch);
			size_t n = d ? report_images_read(&side->im, in->image, in->offset, code,
							    sizeof(code)) : 0;
			if (n && !disasm_one(d, code, n, in->offset, text, sizeof(text)))
				text[0] = 0;
			for (char *t = text; *t; t++)
				if (*t == '\t')
					*t = ' ';  /* objdump separates mnemonic and operands by a tab */
			row->text = strdup(text);
			if (!row->text)
				return -ENOMEM;
		}
	}
	return 0;
}

static int row_cmp(const void *x, const void *y)
{
	const struct diff_row *a = x, *b = y;
	double da = fabs(a->delta), db = fabs(b->delta);
	if (da != db)
		return da > db ? -1 : 1;
	double ma = fmax(a->sa, a->sb), mb = fmax(b->sa, b->sb);
	if (ma != mb)
		return ma > mb ? -1 : 1;
	int c = strcmp(a->image, b->image);
	if (c)
		return c;
	if (a->offset != b->offset)
		return a->offset < b->offset ? -1 : 1;
	return strcmp(a->name, b->name);
}

/* ---- error metric ---------------------------------------------------------------------- */

struct unit_vec {
	struct profile_error_unit *v;
	size_t n, cap;
};

static int unit_push(struct unit_vec *u, uint64_t key, double count)
{
	if (u->n == u->cap) {
		size_t c = u->cap ? 2 * u->cap : 256;
		struct profile_error_unit *w = realloc(u->v, c * sizeof(*w));
		if (!w)
			return -ENOMEM;
		u->v = w;
		u->cap = c;
	}
	u->v[u->n].key = key;
	u->v[u->n].count = count;
	u->n++;
	return 0;
}

struct cfg_cache {
	struct keymap km;          /* (image path, "", function start) */
	struct cfg *g;             /* per entry; nblocks 0 when the code did not decode */
	size_t cap;
};

/* The start of the basic block holding the instruction, or 0 with *ok = 0. */
static int block_start(struct cfg_cache *cc, const struct diff_side *side,
		       const struct report_insn *in, uint64_t *start, int *ok)
{
	const struct report_image *im = &side->p.images[in->image];
	struct symbols *s = in->image < side->im.n ? side->im.syms[in->image] : NULL;
	*ok = 0;
	if (!s || strcmp(im->arch, "riscv64"))
		return 0;
	const struct symbols_func *fn = symbols_lookup(s, in->offset);
	if (!fn || !fn->size || fn->size > (64u << 20))
		return 0;
	int added, k = keymap_get(&cc->km, im->path, "", fn->start, &added);
	if (k < 0)
		return k;
	if (added) {
		if (cc->km.n > cc->cap) {
			size_t c = cc->cap ? 2 * cc->cap : 64;
			struct cfg *w = realloc(cc->g, c * sizeof(*w));
			if (!w)
				return -ENOMEM;
			cc->g = w;
			cc->cap = c;
		}
		memset(&cc->g[k], 0, sizeof(cc->g[k]));
		uint8_t *code = malloc(fn->size);
		if (!code)
			return -ENOMEM;
		size_t n = symbols_read(s, fn->start, code, fn->size);
		int rc = n ? cfg_build(code, n, fn->start, &cc->g[k]) : 0;
		free(code);
		if (rc == -ENOMEM)
			return rc;
	}
	uint32_t b = cfg_block_of(&cc->g[k], in->offset);
	if (b == CFG_NONE)
		return 0;
	*start = cc->g[k].blocks[b].start;
	*ok = 1;
	return 0;
}

static int side_units(struct diff_report *r, int s, struct keymap km[DIFF_GRAN_COUNT],
		      struct unit_vec u[DIFF_GRAN_COUNT], struct cfg_cache *cc)
{
	struct diff_side *side = &r->side[s];
	struct report_profile *p = &side->p;
	int rc, k;
	for (size_t i = 0; i < p->ninsns; i++) {
		const struct report_insn *in = &p->insns[i];
		const char *path = p->images[in->image].path;
		double v = p->counts[i];
		if (v == 0)
			continue;
		if ((k = keymap_get(&km[DIFF_GRAN_INSN], path, "", in->offset, NULL)) < 0 ||
		    (rc = unit_push(&u[DIFF_GRAN_INSN], (uint64_t)k, v)))
			return k < 0 ? k : rc;
		uint64_t start;
		int ok;
		if ((rc = block_start(cc, side, in, &start, &ok)))
			return rc;
		if (!ok)
			r->err[DIFF_GRAN_BLOCK].fallback_samples += v;
		k = keymap_get(&km[DIFF_GRAN_BLOCK], path, ok ? "bb" : "insn", ok ? start : in->offset,
			       NULL);
		if (k < 0 || (rc = unit_push(&u[DIFF_GRAN_BLOCK], (uint64_t)k, v)))
			return k < 0 ? k : rc;
	}
	double *byf = report_profile_by_func(p);
	if (!byf)
		return -ENOMEM;
	for (size_t i = 0; i < p->nfuncs + p->nimages; i++) {
		if (byf[i] == 0)
			continue;
		k = keymap_get(&km[DIFF_GRAN_FUNC], p->images[report_profile_row_image(p, i)].path,
			       report_profile_row_name(p, i), 0, NULL);
		if (k < 0 || (rc = unit_push(&u[DIFF_GRAN_FUNC], (uint64_t)k, byf[i]))) {
			free(byf);
			return k < 0 ? k : rc;
		}
	}
	free(byf);
	return 0;
}

static int compute_errors(struct diff_report *r)
{
	struct keymap km[DIFF_GRAN_COUNT];
	struct unit_vec u[2][DIFF_GRAN_COUNT];
	struct cfg_cache cc;
	int rc = 0;
	memset(u, 0, sizeof(u));
	memset(&cc, 0, sizeof(cc));
	keymap_init(&cc.km);
	for (int g = 0; g < DIFF_GRAN_COUNT; g++)
		keymap_init(&km[g]);
	for (int s = 0; s < 2 && !rc; s++)
		rc = side_units(r, s, km, u[s], &cc);
	int ref = r->reference, prof = 1 - ref;
	for (int g = 0; g < DIFF_GRAN_COUNT && !rc; g++) {
		rc = profile_error_compute(u[prof][g].v, u[prof][g].n, u[ref][g].v, u[ref][g].n,
					   &r->err[g].e);
		r->err[g].valid = rc == 0;
		if (rc == -ENODATA)
			rc = 0;
	}
	for (int g = 0; g < DIFF_GRAN_COUNT; g++) {
		keymap_free(&km[g]);
		free(u[0][g].v);
		free(u[1][g].v);
	}
	for (size_t i = 0; i < cc.km.n; i++)
		cfg_free(&cc.g[i]);
	free(cc.g);
	keymap_free(&cc.km);
	return rc;
}

int diff_report_build(struct profile_db *db, const struct report_selector *base,
		      const char *a, const char *b, enum diff_unit unit, int reference,
		      struct diff_report *r, char *err)
{
	struct row_builder rb;
	int rc;
	memset(r, 0, sizeof(*r));
	memset(&rb, 0, sizeof(rb));
	keymap_init(&rb.km);
	r->unit = unit;
	r->reference = reference;
	err[0] = 0;
	if ((rc = load_side(db, base, a, "A", &r->side[0], err)) ||
	    (rc = load_side(db, base, b, "B", &r->side[1], err)))
		goto out;
	for (int s = 0; s < 2 && !rc; s++)
		rc = side_rows(r, &rb, s);
	if (rc)
		goto out;
	for (size_t i = 0; i < r->nrows; i++) {
		struct diff_row *row = &r->rows[i];
		row->sa = r->side[0].total > 0 ? row->a / r->side[0].total : 0;
		row->sb = r->side[1].total > 0 ? row->b / r->side[1].total : 0;
		row->delta = row->sb - row->sa;
	}
	if (r->nrows) /* qsort needs a non-NULL base even for 0 items */
		qsort(r->rows, r->nrows, sizeof(*r->rows), row_cmp);
	if (reference >= 0)
		rc = compute_errors(r);
out:
	for (int i = 0; i < rb.ndis; i++)
		disasm_close(rb.dis[i]);
	keymap_free(&rb.km);
	if (rc && !err[0])
		snprintf(err, REPORT_ERR_MAX, "%s", rc == -ENOMEM ? "out of memory" : "failed");
	if (rc)
		diff_report_free(r);
	return rc;
}

/* ---- output ---------------------------------------------------------------------------- */

enum { D_A, D_SA, D_B, D_SB, D_DELTA, D_NAME, D_IMAGE, D_NCOLS };
enum { I_ADDR, I_A, I_SA, I_B, I_SB, I_DELTA, I_NAME, I_SOURCE, I_TEXT, I_IMAGE, I_NCOLS };

static const struct table_col diff_proc_cols[D_NCOLS] = {
	[D_A] = { "A", "a", TABLE_F, 0 },
	[D_SA] = { "A%", "share_a", TABLE_PCT, 2 },
	[D_B] = { "B", "b", TABLE_F, 0 },
	[D_SB] = { "B%", "share_b", TABLE_PCT, 2 },
	[D_DELTA] = { "B%-A%", "delta", TABLE_PCT, 2 },
	[D_NAME] = { "procedure", "procedure", TABLE_STR, 0 },
	[D_IMAGE] = { "image", "image", TABLE_STR, 0 },
};

static const struct table_col diff_insn_cols[I_NCOLS] = {
	[I_ADDR] = { "address", "offset", TABLE_HEX, 0 },
	[I_A] = { "A", "a", TABLE_F, 0 },
	[I_SA] = { "A%", "share_a", TABLE_PCT, 2 },
	[I_B] = { "B", "b", TABLE_F, 0 },
	[I_SB] = { "B%", "share_b", TABLE_PCT, 2 },
	[I_DELTA] = { "B%-A%", "delta", TABLE_PCT, 2 },
	[I_NAME] = { "procedure", "procedure", TABLE_STR, 0 },
	[I_SOURCE] = { "source", "source", TABLE_STR, 0 },
	[I_TEXT] = { "instruction", "instruction", TABLE_STR, 0 },
	[I_IMAGE] = { "image", "image", TABLE_STR, 0 },
};

static int fill_table(const struct diff_report *r, struct table *t, struct table_col *cols,
		      size_t top)
{
	int insn = r->unit == DIFF_BY_INSN;
	int prec = 0;
	for (size_t i = 0; i < r->nrows; i++)
		if (r->rows[i].a != floor(r->rows[i].a) || r->rows[i].b != floor(r->rows[i].b))
			prec = 2;
	memcpy(cols, insn ? diff_insn_cols : diff_proc_cols,
	       (insn ? I_NCOLS : D_NCOLS) * sizeof(*cols));
	cols[insn ? I_A : D_A].prec = prec;
	cols[insn ? I_B : D_B].prec = prec;
	table_init(t, cols, insn ? I_NCOLS : D_NCOLS);
	size_t n = top && top < r->nrows ? top : r->nrows;
	for (size_t i = 0; i < n; i++) {
		const struct diff_row *w = &r->rows[i];
		int row = table_add_row(t);
		if (row < 0)
			return row;
		int o = insn ? 1 : 0;
		if (insn)
			table_set_uint(t, row, I_ADDR, w->offset);
		table_set_double(t, row, o + D_A, w->a);
		table_set_double(t, row, o + D_SA, w->sa);
		table_set_double(t, row, o + D_B, w->b);
		table_set_double(t, row, o + D_SB, w->sb);
		table_set_double(t, row, o + D_DELTA, w->delta);
		if (table_set_str(t, row, o + D_NAME, w->name))
			return -ENOMEM;
		if (insn && (table_set_str(t, row, I_SOURCE, w->source ? w->source : "") ||
			     table_set_str(t, row, I_TEXT, w->text ? w->text : "") ||
			     table_set_str(t, row, I_IMAGE, report_basename(w->image))))
			return -ENOMEM;
		if (!insn && table_set_str(t, row, D_IMAGE, report_basename(w->image)))
			return -ENOMEM;
	}
	return 0;
}

static const char *const gran_names[DIFF_GRAN_COUNT] = { "instruction", "basic-block",
							  "function" };

void diff_report_print(const struct diff_report *r, enum table_format fmt, size_t top,
		       FILE *out)
{
	struct table_col cols[I_NCOLS];
	struct table t;
	struct json j;
	if (fill_table(r, &t, cols, top)) {
		table_free(&t);
		fprintf(out, "out of memory\n");
		return;
	}
	const char *ab = "AB";
	if (fmt == TABLE_CSV) {
		table_print(&t, TABLE_CSV, out, NULL);
	} else if (fmt == TABLE_JSON) {
		json_init(&j, out, 1);
		json_object_begin(&j);
		json_key(&j, "sides");
		json_array_begin(&j);
		for (int s = 0; s < 2; s++) {
			json_object_begin(&j);
			json_kv_string(&j, "side", s ? "B" : "A");
			json_kv_string(&j, "selector", r->side[s].label);
			json_kv_string(&j, "event", r->side[s].event);
			json_kv_double(&j, "samples", r->side[s].total);
			json_object_end(&j);
		}
		json_array_end(&j);
		json_kv_string(&j, "unit", r->unit == DIFF_BY_INSN ? "instruction" : "procedure");
		json_key(&j, "rows");
		table_print(&t, TABLE_JSON, out, &j);
		if (r->reference >= 0) {
			json_key(&j, "error");
			json_object_begin(&j);
			json_kv_string(&j, "reference", r->reference ? "B" : "A");
			for (int g = 0; g < DIFF_GRAN_COUNT; g++) {
				json_key(&j, gran_names[g]);
				if (!r->err[g].valid) {
					json_null(&j);
					continue;
				}
				json_object_begin(&j);
				json_kv_double(&j, "c_total", r->err[g].e.c_total);
				json_kv_double(&j, "c_correct", r->err[g].e.c_correct);
				json_kv_double(&j, "error", r->err[g].e.error);
				json_kv_uint(&j, "units", r->err[g].e.units);
				if (g == DIFF_GRAN_BLOCK)
					json_kv_double(&j, "undecoded_samples", r->err[g].fallback_samples);
				json_object_end(&j);
			}
			json_object_end(&j);
		}
		json_object_end(&j);
		json_end(&j);
	} else {
		for (int s = 0; s < 2; s++)
			fprintf(out, "%c: %s, %.*f samples\n", ab[s], r->side[s].label,
				r->side[s].total == floor(r->side[s].total) ? 0 : 2, r->side[s].total);
		fputc('\n', out);
		table_print(&t, TABLE_TEXT, out, NULL);
		size_t n = top && top < r->nrows ? top : r->nrows;
		if (n < r->nrows)
			fprintf(out, "(%zu more rows; --top 0 shows all)\n", r->nrows - n);
		if (r->reference >= 0) {
			int ref = r->reference;
			fprintf(out, "\nProfile error of %c against reference %c "
				"(e = (c_total - c_correct) / c_total, 004_b28092482852db08.txt Paper A "
				"\xc2\xa7" "4):\n", ab[1 - ref], ab[ref]);
			fprintf(out, "%-12s  %14s  %14s  %8s  %8s\n", "granularity", "c_total",
				"c_correct", "error", "units");
			for (int g = 0; g < DIFF_GRAN_COUNT; g++) {
				const struct diff_error *e = &r->err[g];
				if (!e->valid) {
					fprintf(out, "%-12s  (no samples on one side)\n", gran_names[g]);
					continue;
				}
				fprintf(out, "%-12s  %14.2f  %14.2f  %7.2f%%  %8zu\n", gran_names[g],
					e->e.c_total, e->e.c_correct, 100 * e->e.error, e->e.units);
			}
			const struct diff_error *bb = &r->err[DIFF_GRAN_BLOCK];
			if (bb->valid && bb->fallback_samples > 0)
				fprintf(out, "note: %.2f samples are in code robin could not decode (not "
					"riscv64, or the image is unreadable); each of their instructions "
					"counts as its own basic block\n", bb->fallback_samples);
		}
	}
	table_free(&t);
}

void diff_report_free(struct diff_report *r)
{
	for (size_t i = 0; i < r->nrows; i++) {
		free(r->rows[i].image);
		free(r->rows[i].name);
		free(r->rows[i].source);
		free(r->rows[i].text);
	}
	free(r->rows);
	for (int s = 0; s < 2; s++) {
		report_profile_free(&r->side[s].p);
		report_images_free(&r->side[s].im);
	}
	memset(r, 0, sizeof(*r));
}
