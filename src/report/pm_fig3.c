/*
 * pm_fig3.c — ProfileMe's Figure 3 (convergence of per-PC estimates) for the HTML report
 * (see pm_fig3.h).
 */
#include "report/pm_fig3.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/svg.h"

static const char *const pm_fig3_event[2] = { "profileme-retired", "profileme-dcache-miss" };
static const int64_t pm_fig3_truth_key[2] = { 1, 2 };  /* pm_truth: retired, dcache_miss */

/* Exact counts of one image and run: the pm_truth details of its "profileme" profile. */
static int pm_fig3_truth(struct profile_db *db, const struct profile_db_profile *all, size_t n,
			 const struct profile_db_profile *p, struct profile_db_detail **d,
			 size_t *nd)
{
	*d = NULL;
	*nd = 0;
	for (size_t i = 0; i < n; i++)
		if (!strcmp(all[i].event, "profileme") && all[i].image_id == p->image_id &&
		    all[i].run_id == p->run_id)
			return profile_db_details(db, all[i].id, 0, UINT64_MAX, 0, d, nd);
	return 0;
}

int pm_fig3_load(struct profile_db *db, const struct profile_db_filter *f, struct pm_fig3 *out)
{
	memset(out, 0, sizeof(*out));
	const char *ev[3] = { "profileme", pm_fig3_event[0], pm_fig3_event[1] };
	struct profile_db_filter pf = f ? *f : (struct profile_db_filter){ 0 };
	pf.events = ev;
	pf.n_events = 3;
	struct profile_db_profile *p = NULL;
	size_t np = 0;
	int rc = profile_db_profiles(db, &pf, &p, &np);
	for (size_t i = 0; i < np && !rc; i++) {
		int which = !strcmp(p[i].event, pm_fig3_event[0]) ? 0
		            : !strcmp(p[i].event, pm_fig3_event[1]) ? 1 : -1;
		if (which < 0 || !p[i].period)
			continue;
		struct profile_db_detail *d = NULL;
		struct profile_db_count *c = NULL;
		size_t nd = 0, nc = 0;
		if ((rc = pm_fig3_truth(db, p, np, &p[i], &d, &nd)) ||
		    (rc = profile_db_counts(db, p[i].id, 0, UINT64_MAX, &c, &nc))) {
			free(d);
			break;
		}
		struct pm_fig3_point *w = realloc(out->pt[which], (out->n[which] + nc + 1) * sizeof(*w));
		if (!w) {
			free(c);
			free(d);
			rc = -ENOMEM;
			break;
		}
		out->pt[which] = w;
		/* counts and details are both ascending by offset: merge */
		size_t k = 0;
		for (size_t j = 0; j < nc; j++) {
			while (k < nd && d[k].offset < c[j].offset)
				k++;
			double exact = 0;
			for (size_t q = k; q < nd && d[q].offset == c[j].offset; q++)
				if (d[q].key == pm_fig3_truth_key[which] &&
				    !strcmp(profile_db_detail_kind_name(db, d[q].kind) ?
				            profile_db_detail_kind_name(db, d[q].kind) : "", "pm_truth"))
					exact = d[q].value;
			/* as the estimators do: PCs with at least one expected sample */
			if (exact < (double)p[i].period || !c[j].count)
				continue;
			w[out->n[which]++] = (struct pm_fig3_point){
				(double)c[j].count, (double)c[j].count * (double)p[i].period / exact };
		}
		free(c);
		free(d);
	}
	profile_db_profiles_free(p, np);
	if (rc)
		pm_fig3_free(out);
	return rc;
}

void pm_fig3_free(struct pm_fig3 *f)
{
	for (int i = 0; i < 2; i++) {
		free(f->pt[i]);
		f->pt[i] = NULL;
		f->n[i] = 0;
	}
}

/* Scatter: x = log10 k, y = ratio (0..3), envelope 1 ± 1/√k. */
static void pm_fig3_svg(FILE *out, const struct pm_fig3_point *pt, size_t n, const char *title)
{
	const double W = 420, H = 260, L = 44, B = 30, T = 18;
	double kmax = 10;
	for (size_t i = 0; i < n; i++)
		if (pt[i].k > kmax)
			kmax = pt[i].k;
	double xmax = ceil(log10(kmax));
	fprintf(out, "<svg class=\"chart\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
	        "role=\"img\"><title>", W, H, W, H);
	svg_escape(out, title);
	fputs("</title>\n", out);
#define PX(x) (L + (x) / xmax * (W - L - 8))
#define PY(y) (T + (1 - ((y) > 3 ? 3 : (y)) / 3) * (H - T - B))
	fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>\n",
	        L, PY(0), W - 8, PY(0));
	fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>\n",
	        L, PY(0), L, PY(3));
	for (int y = 0; y <= 3; y++)
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%d</text>\n",
		        L - 4, PY(y) + 3, y);
	for (int x = 0; x <= (int)xmax; x++)
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"middle\">1e%d"
		        "</text>\n", PX(x), H - B + 14, x);
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\">samples "
	        "with the property (k)</text>\n", (L + W) / 2, H - 3);
	fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#aaa\" "
	        "stroke-dasharray=\"3 3\"/>\n", L, PY(1), W - 8, PY(1));
	for (int s = -1; s <= 1; s += 2) {
		fputs("<polyline fill=\"none\" stroke=\"#c0392b\" points=\"", out);
		for (int i = 0; i <= 60; i++) {
			double x = xmax * i / 60.0, k = pow(10, x);
			fprintf(out, "%.1f,%.1f ", PX(x), PY(1 + s / sqrt(k) < 0 ? 0 : 1 + s / sqrt(k)));
		}
		fputs("\"/>\n", out);
	}
	for (size_t i = 0; i < n; i++)
		fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"1.6\" fill=\"%s\" "
		        "fill-opacity=\"0.55\"/>\n", PX(log10(pt[i].k)), PY(pt[i].ratio), svg_color(0));
#undef PX
#undef PY
	fputs("</svg>\n", out);
}

void pm_fig3_html(FILE *out, const struct pm_fig3 *f)
{
	if (!f->n[0] && !f->n[1])
		return;
	static const char *const name[2] = { "retire count", "D-cache misses" };
	static const double edge[] = { 1, 2, 4, 16, 64, 256, INFINITY };
	fputs("<h2>ProfileMe: estimates against the exact counts (Figure 3 of "
	      "000_424085ad3398c1f4.txt)</h2>\n<p class=\"note\">Each point is one PC: k samples "
	      "with the property, the estimate kS over the simulation's exact count. Two thirds "
	      "of the points are expected inside 1 &plusmn; 1/&radic;k (red).</p>\n<table>"
	      "<thead><tr><th>property</th><th>k</th><th>PCs</th><th>inside the envelope</th>"
	      "</tr></thead><tbody>\n", out);
	for (int p = 0; p < 2; p++) {
		size_t tot = 0, tin = 0;
		for (size_t b = 0; b + 1 < sizeof(edge) / sizeof(edge[0]); b++) {
			size_t cnt = 0, in = 0;
			for (size_t i = 0; i < f->n[p]; i++) {
				const struct pm_fig3_point *q = &f->pt[p][i];
				if (q->k < edge[b] || q->k >= edge[b + 1])
					continue;
				cnt++;
				in += fabs(q->ratio - 1) <= 1 / sqrt(q->k);
			}
			tot += cnt;
			tin += in;
			if (!cnt)
				continue;
			fprintf(out, "<tr><td>%s</td><td>%.0f", name[p], edge[b]);
			if (isinf(edge[b + 1]))
				fputs("+", out);
			else if (edge[b + 1] - 1 > edge[b])
				fprintf(out, "&ndash;%.0f", edge[b + 1] - 1);
			fprintf(out, "</td><td>%zu</td><td>%.1f%%</td></tr>\n", cnt,
			        100.0 * (double)in / (double)cnt);
		}
		if (tot)
			fprintf(out, "<tr><td>%s</td><td>all</td><td>%zu</td><td>%.1f%%</td></tr>\n",
			        name[p], tot, 100.0 * (double)tin / (double)tot);
	}
	fputs("</tbody></table>\n<div>", out);
	for (int p = 0; p < 2; p++)
		if (f->n[p])
			pm_fig3_svg(out, f->pt[p], f->n[p], name[p]);
	fputs("</div>\n", out);
}
