/*
 * ibs_fig2.c — IBS DcMissLat by data source for the HTML report (see ibs_fig2.h).
 */
#include "report/ibs_fig2.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report/svg.h"

static unsigned ibs_fig2_bucket_index(uint32_t bucket)
{
	unsigned i = 0;
	for (uint32_t b = bucket; b; b >>= 1)
		i++;
	return i < IBS_FIG2_BUCKETS ? i : IBS_FIG2_BUCKETS - 1;
}

/* Keep the IBS_FIG2_LOADS loads with the most samples: insert c if it ranks. */
static void ibs_fig2_rank(struct ibs_fig2 *f, const struct ibs_fig2_load *c)
{
	size_t at = f->nloads < IBS_FIG2_LOADS ? f->nloads++ : IBS_FIG2_LOADS;
	while (at > 0 && f->load[at - 1].samples < c->samples) {
		if (at < IBS_FIG2_LOADS)
			f->load[at] = f->load[at - 1];
		at--;
	}
	if (at < IBS_FIG2_LOADS)
		f->load[at] = *c;
}

int ibs_fig2_load(struct profile_db *db, const struct profile_db_filter *f, struct ibs_fig2 *out)
{
	memset(out, 0, sizeof(*out));
	struct profile_db_profile *p = NULL;
	size_t np = 0;
	int rc = profile_db_event_profiles(db, f, "ibs-op", &p, &np);
	struct ibs_fig2_load *cur = calloc(1, sizeof(*cur));
	if (!rc && !cur)
		rc = -ENOMEM;
	for (size_t i = 0; i < np && !rc; i++) {
		struct profile_db_detail *d = NULL;
		size_t nd = 0;
		if ((rc = profile_db_details(db, p[i].id, 0, UINT64_MAX, 0, &d, &nd)))
			break;
		const char *base = strrchr(p[i].image_path ? p[i].image_path : "?", '/');
		base = base ? base + 1 : (p[i].image_path ? p[i].image_path : "?");
		for (size_t k = 0; k < nd;) {
			uint64_t off = d[k].offset;
			memset(cur, 0, sizeof(*cur));
			snprintf(cur->where, sizeof(cur->where), "%s+0x%" PRIx64, base, off);
			for (; k < nd && d[k].offset == off; k++) {
				const char *kn = profile_db_detail_kind_name(db, d[k].kind);
				if (!kn || strcmp(kn, "ibs_data_src"))
					continue;
				enum ibs_src s = IBS_DATA_SRC_KEY_SRC(d[k].key);
				if ((unsigned)s >= IBS_SRC_N)
					continue;
				cur->n[s][ibs_fig2_bucket_index(IBS_DATA_SRC_KEY_BUCKET(d[k].key))] +=
					d[k].count;
				cur->lat_sum[s] += d[k].value;
				cur->samples += d[k].count;
			}
			if (cur->samples)
				ibs_fig2_rank(out, cur);
		}
		free(d);
	}
	free(cur);
	profile_db_profiles_free(p, np);
	return rc;
}

void ibs_fig2_free(struct ibs_fig2 *f)
{
	f->nloads = 0;
}

void ibs_fig2_html(FILE *out, const struct ibs_fig2 *f)
{
	if (!f->nloads)
		return;
	fputs("<h2>IBS data-cache miss latency by data source</h2>\n<p class=\"note\">For the "
	      "sampled loads with the most IBS op samples (event ibs-op), the distribution of "
	      "DcMissLat split by where the data came from, as Figure 2 of "
	      "003_b4067ee07181a84e.txt shows it; an L1 hit has no miss latency (bucket 0). "
	      "Bars: share of the load's samples per latency bucket (cycles, powers of "
	      "two).</p>\n", out);
	for (size_t i = 0; i < f->nloads; i++) {
		const struct ibs_fig2_load *l = &f->load[i];
		fputs("<h3>", out);
		svg_escape(out, l->where);
		fprintf(out, " (%" PRIu64 " samples)</h3>\n<table><tr><th>source</th><th>samples</th>"
		        "<th>share</th><th>mean DcMissLat (cycles)</th></tr>\n", l->samples);
		const char *series[IBS_SRC_N];
		size_t ns = 0, src_of[IBS_SRC_N];
		for (int s = IBS_SRC_L1; s < IBS_SRC_N; s++) {
			uint64_t n = 0;
			for (int b = 0; b < IBS_FIG2_BUCKETS; b++)
				n += l->n[s][b];
			if (!n)
				continue;
			fprintf(out, "<tr><td>%s</td><td>%" PRIu64 "</td><td>%.1f%%</td><td>%.1f</td>"
			        "</tr>\n", ibs_src_perf_name((enum ibs_src)s), n,
			        100.0 * (double)n / (double)l->samples, l->lat_sum[s] / (double)n);
			src_of[ns] = (size_t)s;
			series[ns++] = ibs_src_perf_name((enum ibs_src)s);
		}
		fputs("</table>\n", out);
		int lo = IBS_FIG2_BUCKETS, hi = -1;
		for (int b = 0; b < IBS_FIG2_BUCKETS; b++)
			for (size_t s = 0; s < ns; s++)
				if (l->n[src_of[s]][b]) {
					lo = b < lo ? b : lo;
					hi = b > hi ? b : hi;
				}
		if (hi < 0)
			continue;
		char labels[IBS_FIG2_BUCKETS][32];
		const char *rows[IBS_FIG2_BUCKETS];
		double v[IBS_FIG2_BUCKETS * IBS_SRC_N];
		size_t nr = 0;
		for (int b = lo; b <= hi; b++, nr++) {
			if (b == 0)
				snprintf(labels[nr], sizeof(labels[nr]), "0 (no miss)");
			else
				snprintf(labels[nr], sizeof(labels[nr]), "%u-%u cycles", 1u << (b - 1),
				         (1u << b) - 1);
			rows[nr] = labels[nr];
			for (size_t s = 0; s < ns; s++)
				v[nr * ns + s] = (double)l->n[src_of[s]][b] / (double)l->samples;
		}
		struct svg_chart c = { .title = l->where, .rows = rows, .nrows = nr,
		                       .series = series, .nseries = ns, .v = v, .width_px = 720 };
		svg_grouped_bars(out, &c);
	}
}
