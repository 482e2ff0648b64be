/*
 * html.c — the self-contained HTML report page (see html.h). Tables are plain HTML with the
 * numbers in data-v attributes for sorting; charts are inline SVG from svg.c; the script at
 * the top records any script error into the DOM, the script at the bottom makes tables
 * sortable and marks the page ready (the render test checks both).
 */
#include "report/html.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis/cycle_stack.h"
#include "isa/isa.h"
#include "profile/disasm.h"
#include "report/flame_html.h"
#include "report/svg.h"

#define esc svg_escape

static const char html_css[] =
	"body{font:14px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;margin:24px;"
	"color:#1d2330;background:#fff}"
	"h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;"
	"border-bottom:1px solid #d5d9e0;padding-bottom:4px}"
	".meta{color:#5b6475}code,pre,.mono{font-family:ui-monospace,'DejaVu Sans Mono',monospace;"
	"font-size:12.5px}"
	"table{border-collapse:collapse;margin:6px 0}th,td{padding:3px 8px;text-align:right;"
	"border-bottom:1px solid #eceef2;vertical-align:top}"
	"th{background:#f2f4f7;cursor:pointer;user-select:none;white-space:nowrap}"
	"th.sorted-desc:after{content:' \\25BE'}th.sorted-asc:after{content:' \\25B4'}"
	"td.l,th.l{text-align:left}tr:hover td{background:#f7f9fc}"
	".bar{position:relative;width:160px;height:12px;background:#eef1f5;display:inline-block}"
	".bar span{position:absolute;left:0;top:0;bottom:0;background:#4e79a7}"
	"svg.chart text{font:12px system-ui,sans-serif;fill:#1d2330}svg.chart .ct{font-weight:600}"
	"svg.chart .bv{fill:#5b6475;font-size:11px}svg.chart .sv{fill:#fff;font-size:11px}"
	"svg.chart .bg{fill:#eef1f5}"
	"details pre{background:#f6f8fa;padding:8px;max-height:240px;overflow:auto}"
	"#robin-errors{color:#b00020;white-space:pre}"
	".note{color:#5b6475;font-size:12.5px}";

/* Runs before anything else: any script error is kept on the root element and shown. */
static const char html_js_head[] =
	"window.robinErrors=[];"
	"window.addEventListener('error',function(e){"
	"window.robinErrors.push(String(e.message||e));"
	"document.documentElement.setAttribute('data-robin-errors',String(window.robinErrors.length));"
	"var d=document.getElementById('robin-errors');if(d)d.textContent=window.robinErrors.join('\\n');"
	"});";

/* Sortable tables (click a header; numbers sort by data-v), then mark the page ready. */
static const char html_js_tail[] =
	"(function(){"
	"function key(td){var v=td.getAttribute('data-v');return v===null?td.textContent:parseFloat(v);}"
	"document.querySelectorAll('table.sortable').forEach(function(t){"
	"var ths=t.querySelectorAll('thead th');"
	"ths.forEach(function(th,i){th.addEventListener('click',function(){"
	"var desc=!th.classList.contains('sorted-desc');"
	"ths.forEach(function(h){h.classList.remove('sorted-desc','sorted-asc');});"
	"th.classList.add(desc?'sorted-desc':'sorted-asc');"
	"var tb=t.tBodies[0];var rows=Array.prototype.slice.call(tb.rows);"
	"rows.sort(function(a,b){var x=key(a.cells[i]),y=key(b.cells[i]);"
	"var c=(typeof x==='number'&&typeof y==='number')?x-y:String(x).localeCompare(String(y));"
	"return desc?-c:c;});"
	"rows.forEach(function(r){tb.appendChild(r);});});});});"
	"if(window.robinErrors.length){document.getElementById('robin-errors').textContent="
	"window.robinErrors.join('\\n');}"
	"document.documentElement.setAttribute('data-robin-ready','1');"
	"})();";

/* Order rows by the primary column, then by the others in column order (descending), then
 * by index. */
static int cmp_desc_by(const double *v, size_t stride, size_t col, size_t a, size_t b)
{
	for (size_t k = 0; k < stride; k++) {
		size_t c = k == 0 ? col : (k <= col ? k - 1 : k);
		double x = v[a * stride + c], y = v[b * stride + c];
		if (x != y)
			return x > y ? -1 : 1;
	}
	return a < b ? -1 : a > b;
}

/* Indices 0..n-1 sorted with cmp_desc_by (bottom-up merge sort). */
static size_t *order_desc(const double *v, size_t n, size_t stride, size_t col)
{
	size_t *ix = malloc((n + 1) * sizeof(*ix));
	size_t *tmp = malloc((n + 1) * sizeof(*tmp));
	if (!ix || !tmp) {
		free(ix);
		free(tmp);
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		ix[i] = i;
	for (size_t w = 1; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
			size_t i = lo, j = mid, k = lo;
			while (i < mid && j < hi)
				tmp[k++] = cmp_desc_by(v, stride, col, ix[i], ix[j]) <= 0 ? ix[i++] : ix[j++];
			while (i < mid)
				tmp[k++] = ix[i++];
			while (j < hi)
				tmp[k++] = ix[j++];
		}
		memcpy(ix, tmp, n * sizeof(*ix));
	}
	free(tmp);
	return ix;
}

static int any_nonzero(const double *v, size_t stride, size_t row)
{
	for (size_t k = 0; k < stride; k++)
		if (v[row * stride + k] != 0)
			return 1;
	return 0;
}

static void fmt_time(FILE *out, int64_t ns)
{
	time_t t = (time_t)(ns / 1000000000);
	struct tm tm;
	char buf[64];
	if (!ns || !gmtime_r(&t, &tm)) {
		fputs("\xe2\x80\x94", out);
		return;
	}
	strftime(buf, sizeof(buf), "%Y-%m-%d %H:%M:%S UTC", &tm);
	fputs(buf, out);
}

static void num_cell(FILE *out, double v)
{
	if (v == floor(v) && fabs(v) < 1e15)
		fprintf(out, "<td data-v=\"%.17g\">%.0f</td>", v, v);
	else
		fprintf(out, "<td data-v=\"%.17g\">%.2f</td>", v, v);
}

static void pct_cell(FILE *out, double frac)
{
	if (!isfinite(frac))
		fputs("<td data-v=\"0\">\xe2\x80\x94</td>", out);
	else
		fprintf(out, "<td data-v=\"%.17g\">%.2f%%</td>", frac, 100 * frac);
}

static void section_runs(const struct html_page *pg, FILE *out)
{
	fputs("<h2 id=\"runs\">Runs</h2>\n", out);
	if (!pg->nruns) {
		fputs("<p class=\"note\">The selected profiles belong to no run (continuous "
		      "collection).</p>\n", out);
		return;
	}
	fputs("<table class=\"sortable\"><thead><tr><th>run</th><th>epoch</th><th class=\"l\">"
	      "command</th><th class=\"l\">kind</th><th class=\"l\">host</th><th class=\"l\">start</th>"
	      "<th>duration s</th><th>exit</th><th class=\"l\">totals</th></tr></thead><tbody>\n", out);
	for (size_t i = 0; i < pg->nruns; i++) {
		const struct profile_db_run *r = &pg->runs[i];
		fprintf(out, "<tr><td data-v=\"%" PRId64 "\">%" PRId64 "</td><td data-v=\"%" PRId64
			"\">%" PRId64 "</td><td class=\"l mono\">", r->id, r->id, r->epoch_id, r->epoch_id);
		esc(out, r->command);
		fprintf(out, "</td><td class=\"l\">%s</td><td class=\"l\">",
			r->simulated ? "simulated" : "real machine");
		esc(out, r->host);
		fputs("</td><td class=\"l\">", out);
		fmt_time(out, r->start_ns);
		if (r->end_ns && r->end_ns >= r->start_ns)
			fprintf(out, "</td><td data-v=\"%.9g\">%.3f</td>",
				(r->end_ns - r->start_ns) / 1e9, (r->end_ns - r->start_ns) / 1e9);
		else
			fputs("</td><td data-v=\"0\">\xe2\x80\x94</td>", out);
		if (r->has_exit_status)
			fprintf(out, "<td data-v=\"%d\">%d</td>", r->exit_status, r->exit_status);
		else
			fputs("<td data-v=\"0\">\xe2\x80\x94</td>", out);
		fputs("<td class=\"l mono\">", out);
		for (size_t k = 0; k < r->n_totals; k++) {
			esc(out, r->total_keys[k]);
			fprintf(out, "=%.15g%s", r->total_values[k], k + 1 < r->n_totals ? "<br>" : "");
		}
		if (r->config && *r->config) {
			fputs("<details><summary>configuration</summary><pre>", out);
			esc(out, r->config);
			fputs("</pre></details>", out);
		}
		fputs("</td></tr>\n", out);
	}
	fputs("</tbody></table>\n", out);
}

static void section_events(const struct html_page *pg, FILE *out)
{
	const struct report_profile *p = pg->p;
	fputs("<h2 id=\"events\">Events</h2>\n<table><thead><tr><th class=\"l\">event</th>"
	      "<th>samples</th><th>period</th><th>estimated events</th><th>instructions</th>"
	      "</tr></thead><tbody>\n", out);
	for (size_t e = 0; e < p->nevents; e++) {
		size_t n = 0;
		for (size_t i = 0; i < p->ninsns; i++)
			n += p->counts[i * p->nevents + e] != 0;
		fputs("<tr><td class=\"l\">", out);
		esc(out, p->events[e].name);
		fputs(e == pg->primary ? " (orders the tables)</td>" : "</td>", out);
		num_cell(out, p->events[e].total);
		if (p->events[e].period)
			fprintf(out, "<td>%" PRIu64 "</td>", p->events[e].period);
		else
			fputs("<td>unknown</td>", out);
		if (p->events[e].period)
			num_cell(out, p->events[e].total * (double)p->events[e].period);
		else
			fputs("<td>\xe2\x80\x94</td>", out);
		fprintf(out, "<td>%zu</td></tr>\n", n);
	}
	fputs("</tbody></table>\n", out);
}

/* Shares per procedure row; returns malloc'd (rows x nevents) of fractions. */
static double *row_shares(const struct report_profile *p, const double *byf, size_t nrows)
{
	double *s = calloc(nrows * p->nevents + 1, sizeof(*s));
	if (!s)
		return NULL;
	for (size_t r = 0; r < nrows; r++)
		for (size_t e = 0; e < p->nevents; e++)
			s[r * p->nevents + e] = p->events[e].total > 0 ?
						byf[r * p->nevents + e] / p->events[e].total : 0;
	return s;
}

static const char *row_file(const struct report_profile *p, size_t row)
{
	return row < p->nfuncs ? p->funcs[row].file : "";
}

static int section_procs(const struct html_page *pg, FILE *out, const double *byf,
			 const size_t *ord, size_t nshow)
{
	const struct report_profile *p = pg->p;
	size_t ne = p->nevents, pe = pg->primary;
	size_t nrows = p->nfuncs + p->nimages;
	fprintf(out, "<h2 id=\"procedures\">Procedures</h2>\n<p class=\"note\">%zu procedures "
		"in the order of their <b>", nshow);
	esc(out, p->events[pe].name);
	fputs("</b> samples (dcpiprof's view), then of the other events; click a column to "
	      "sort.</p>\n", out);
	fputs("<table class=\"sortable\" id=\"proc-table\"><thead><tr><th>#</th>", out);
	for (size_t e = 0; e < ne; e++) {
		fputs("<th>", out);
		esc(out, p->events[e].name);
		fputs("</th><th>%</th>", out);
	}
	fputs("<th>cum%</th><th class=\"l\">share</th><th class=\"l\">procedure</th>"
	      "<th class=\"l\">image</th><th class=\"l\">source file</th></tr></thead><tbody>\n", out);
	double cum = 0, tot = p->events[pe].total;
	for (size_t k = 0; k < nshow; k++) {
		size_t r = ord[k];
		double v = byf[r * ne + pe];
		cum += v;
		fprintf(out, "<tr><td data-v=\"%zu\">%zu</td>", k + 1, k + 1);
		for (size_t e = 0; e < ne; e++) {
			num_cell(out, byf[r * ne + e]);
			pct_cell(out, p->events[e].total > 0 ? byf[r * ne + e] / p->events[e].total : NAN);
		}
		pct_cell(out, tot > 0 ? cum / tot : NAN);
		fprintf(out, "<td class=\"l\" data-v=\"%.17g\"><span class=\"bar\"><span style=\"width:"
			"%.1f%%\"></span></span></td><td class=\"l mono\">", tot > 0 ? v / tot : 0,
			tot > 0 ? 100 * v / tot : 0);
		esc(out, report_profile_row_name(p, r));
		fputs("</td><td class=\"l\">", out);
		esc(out, report_basename(p->images[report_profile_row_image(p, r)].path));
		fputs("</td><td class=\"l mono\">", out);
		esc(out, report_basename(row_file(p, r)));
		fputs("</td></tr>\n", out);
	}
	fputs("</tbody></table>\n", out);
	if (nshow < nrows) {
		size_t rest = 0;
		for (size_t k = nshow; k < nrows; k++)
			rest += any_nonzero(byf, ne, ord[k]);
		if (rest)
			fprintf(out, "<p class=\"note\">%zu more procedures with samples are not shown "
				"(--top-procs).</p>\n", rest);
	}
	/* procedures x events chart */
	size_t nchart = nshow < 15 ? nshow : 15;
	const char **labels = calloc(nchart + 1, sizeof(*labels));
	const char **series = calloc(ne + 1, sizeof(*series));
	double *shares = row_shares(p, byf, nrows);
	double *v = calloc(nchart * ne + 1, sizeof(*v));
	int rc = 0;
	if (!labels || !series || !shares || !v) {
		rc = -ENOMEM;
		goto out;
	}
	for (size_t k = 0; k < nchart; k++) {
		labels[k] = report_profile_row_name(p, ord[k]);
		memcpy(&v[k * ne], &shares[ord[k] * ne], ne * sizeof(*v));
	}
	for (size_t e = 0; e < ne; e++)
		series[e] = p->events[e].name;
	struct svg_chart c = { "Share of each event's samples, top procedures", labels, nchart,
			       series, ne, v, 0 };
	if (nchart) {
		fputs("<div id=\"proc-chart\">", out);
		svg_grouped_bars(out, &c);
		fputs("</div>\n", out);
	}
out:
	free(labels);
	free(series);
	free(shares);
	free(v);
	return rc;
}

struct dis_cache {
	struct disasm *d[4];
	char arch[4][16];
	int n;
};

static struct disasm *dis_get(struct dis_cache *dc, const char *arch)
{
	for (int i = 0; i < dc->n; i++)
		if (!strcmp(dc->arch[i], arch))
			return dc->d[i];
	if (dc->n == 4 || !arch[0])
		return NULL;
	if (disasm_open(arch, &dc->d[dc->n]) != 0)
		dc->d[dc->n] = NULL;
	snprintf(dc->arch[dc->n], sizeof(dc->arch[0]), "%s", arch);
	return dc->d[dc->n++];
}

static void section_insns(const struct html_page *pg, FILE *out, const size_t *ord, size_t nshow)
{
	const struct report_profile *p = pg->p;
	size_t ne = p->nevents, pe = pg->primary;
	struct dis_cache dc = { 0 };
	fprintf(out, "<h2 id=\"instructions\">Hot instructions</h2>\n<p class=\"note\">%zu "
		"instructions in the order of their <b>", nshow);
	esc(out, p->events[pe].name);
	fputs("</b> samples, with disassembly and source line (inlined frames first).</p>\n"
	      "<table class=\"sortable\" id=\"insn-table\"><thead><tr><th>#</th><th class=\"l\">"
	      "address</th>", out);
	for (size_t e = 0; e < ne; e++) {
		fputs("<th>", out);
		esc(out, p->events[e].name);
		fputs("</th><th>%</th>", out);
	}
	fputs("<th class=\"l\">instruction</th><th class=\"l\">source</th><th class=\"l\">"
	      "procedure</th><th class=\"l\">image</th></tr></thead><tbody>\n", out);
	for (size_t k = 0; k < nshow; k++) {
		size_t i = ord[k];
		const struct report_insn *in = &p->insns[i];
		const struct report_image *im = &p->images[in->image];
		fprintf(out, "<tr><td data-v=\"%zu\">%zu</td><td class=\"l mono\" data-v=\"%" PRIu64
			"\">%" PRIx64 "</td>", k + 1, k + 1, in->offset, in->offset);
		for (size_t e = 0; e < ne; e++) {
			num_cell(out, p->counts[i * ne + e]);
			pct_cell(out, p->events[e].total > 0 ? p->counts[i * ne + e] / p->events[e].total
							     : NAN);
		}
		char text[128] = "";
		uint8_t code[16];
		struct disasm *d = pg->im ? dis_get(&dc, im->arch) : NULL;
		size_t n = d ? report_images_read(pg->im, in->image, in->offset, code, sizeof(code)) : 0;
		if (n && !disasm_one(d, code, n, in->offset, text, sizeof(text)))
			text[0] = 0;
		for (char *t = text; *t; t++)
			if (*t == '\t')
				*t = ' ';  /* objdump's tab between mnemonic and operands */
		fputs("<td class=\"l mono\">", out);
		esc(out, text[0] ? text : "\xe2\x80\x94");
		fputs("</td><td class=\"l mono\">", out);
		const struct report_frame *leaf = report_insn_leaf(p, in);
		if (leaf && leaf->line)
			fprintf(out, "%s:%u", report_basename(p->funcs[leaf->func].file), leaf->line);
		fputs("</td><td class=\"l mono\">", out);
		if (!in->nframes)
			fputs("[unknown]", out);
		for (uint32_t f = 0; f < in->nframes; f++) {
			if (f)
				fputs(" \xe2\x86\x90 ", out);  /* inlined into */
			esc(out, p->funcs[p->frames[in->frame0 + f].func].name);
		}
		fputs("</td><td class=\"l\">", out);
		esc(out, report_basename(im->path));
		fputs("</td></tr>\n", out);
	}
	fputs("</tbody></table>\n", out);
	for (int i = 0; i < dc.n; i++)
		disasm_close(dc.d[i]);
}

/* Index of each commit-state name among the detail names, or -1 (all four must exist or be
 * absent; returns 0 when the details are not commit states). */
static int commit_state_map(const struct report_profile *p, int map[4])
{
	int any = 0;
	for (int s = 0; s < 4; s++) {
		map[s] = -1;
		for (size_t k = 0; k < p->ndetail_names; k++)
			if (!strcmp(p->detail_names[k], profile_db_commit_state_name(s)))
				map[s] = (int)k;
		any |= map[s] >= 0;
	}
	for (size_t k = 0; k < p->ndetail_names; k++) {
		int known = 0;
		for (int s = 0; s < 4; s++)
			known |= map[s] == (int)k;
		if (!known)
			return 0;
	}
	return any;
}

static int section_stacks(const struct html_page *pg, FILE *out, const double *byf,
			  const size_t *ord, size_t nshow)
{
	const struct report_profile *p = pg->p;
	size_t ne = p->nevents, nd = p->ndetail_names, nrows = p->nfuncs + p->nimages;
	int rc = -ENOMEM, map[4];
	(void)byf;
	/* events that have details */
	double *ev_sum = calloc(ne * nd + 1, sizeof(*ev_sum));
	double *fn_sum = calloc(nrows * nd + 1, sizeof(*fn_sum));
	double *fn_cs = calloc(nrows * CYCLE_STACK_COUNT + 1, sizeof(*fn_cs));
	double *ev_cs = calloc(ne * CYCLE_STACK_COUNT + 1, sizeof(*ev_cs));
	const char **labels = calloc(nrows + ne + 1, sizeof(*labels));
	const char **series = calloc(nd + CYCLE_STACK_COUNT + 1, sizeof(*series));
	double *v = calloc((nrows + ne) * (nd + CYCLE_STACK_COUNT) + 1, sizeof(*v));
	if (!ev_sum || !fn_sum || !fn_cs || !ev_cs || !labels || !series || !v)
		goto out;
	int states = commit_state_map(p, map);
	size_t stack_event = SIZE_MAX;  /* the event whose stacks are shown per procedure */
	for (size_t i = 0; i < p->ninsns; i++) {
		const struct report_insn *in = &p->insns[i];
		uint32_t f = report_insn_func(p, in);
		size_t row = f == REPORT_NO_FUNC ? p->nfuncs + in->image : f;
		struct isa_insn dec;
		int have_dec = 0;
		if (states && !strcmp(p->images[in->image].arch, "riscv64") && pg->im) {
			uint8_t code[4] = { 0 };
			size_t n = report_images_read(pg->im, in->image, in->offset, code, 4);
			uint32_t raw = (uint32_t)code[0] | (uint32_t)code[1] << 8 |
				       (uint32_t)code[2] << 16 | (uint32_t)code[3] << 24;
			have_dec = n >= 2 && isa_decode(raw, &dec) > 0 && (size_t)dec.len <= n;
		}
		for (size_t e = 0; e < ne; e++)
			for (size_t k = 0; k < nd; k++) {
				double d = p->detail[(i * ne + e) * nd + k];
				if (d == 0)
					continue;
				ev_sum[e * nd + k] += d;
				if (stack_event == SIZE_MAX)
					stack_event = e;
				if (e == stack_event)
					fn_sum[row * nd + k] += d;
				if (states) {
					int s = 0;
					while (s < 4 && map[s] != (int)k)
						s++;
					enum cycle_stack_cat c = cycle_stack_classify(s, have_dec ? &dec : NULL);
					ev_cs[e * CYCLE_STACK_COUNT + c] += d;
					if (e == stack_event)
						fn_cs[row * CYCLE_STACK_COUNT + c] += d;
				}
			}
	}
	rc = 0;
	if (stack_event == SIZE_MAX)
		goto out;
	fputs("<h2 id=\"cycle-stacks\">Cycle stacks</h2>\n<p class=\"note\">Where each event's "
	      "samples went, by the categories recorded with the profile (normalised per row, as "
	      "the cycle stacks of 004_b28092482852db08.txt Figure A.7)", out);
	if (states)
		fputs(", and the categories of its Paper A \xc2\xa7" "3.1: commit states split by the "
		      "type of the instruction (stalls: load, store, ALU; flushes: branch mispredict "
		      "or misc)", out);
	fputs(".</p>\n<div id=\"stack-charts\">", out);
	/* per event, recorded categories */
	size_t nrow = 0;
	for (size_t e = 0; e < ne; e++) {
		double s = 0;
		for (size_t k = 0; k < nd; k++)
			s += ev_sum[e * nd + k];
		if (s == 0)
			continue;
		labels[nrow] = p->events[e].name;
		memcpy(&v[nrow * nd], &ev_sum[e * nd], nd * sizeof(*v));
		nrow++;
	}
	for (size_t k = 0; k < nd; k++)
		series[k] = p->detail_names[k];
	struct svg_chart c = { "Per event", labels, nrow, series, nd, v, 0 };
	svg_stacked_bars(out, &c);
	/* per procedure for the first event with details */
	size_t np = 0;
	for (size_t k = 0; k < nshow && np < 15; k++) {
		double s = 0;
		for (size_t d = 0; d < nd; d++)
			s += fn_sum[ord[k] * nd + d];
		if (s == 0)
			continue;
		labels[np] = report_profile_row_name(p, ord[k]);
		memcpy(&v[np * nd], &fn_sum[ord[k] * nd], nd * sizeof(*v));
		np++;
	}
	char title[160];
	snprintf(title, sizeof(title), "Per procedure (%s)", p->events[stack_event].name);
	struct svg_chart c2 = { title, labels, np, series, nd, v, 0 };
	if (np)
		svg_stacked_bars(out, &c2);
	if (states) {
		for (size_t k = 0; k < CYCLE_STACK_COUNT; k++)
			series[k] = cycle_stack_name((enum cycle_stack_cat)k);
		nrow = 0;
		for (size_t e = 0; e < ne; e++) {
			double s = 0;
			for (size_t k = 0; k < CYCLE_STACK_COUNT; k++)
				s += ev_cs[e * CYCLE_STACK_COUNT + k];
			if (s == 0)
				continue;
			labels[nrow] = p->events[e].name;
			memcpy(&v[nrow * CYCLE_STACK_COUNT], &ev_cs[e * CYCLE_STACK_COUNT],
			       CYCLE_STACK_COUNT * sizeof(*v));
			nrow++;
		}
		struct svg_chart c3 = { "Cycle-stack categories per event", labels, nrow, series,
					CYCLE_STACK_COUNT, v, 0 };
		svg_stacked_bars(out, &c3);
		np = 0;
		for (size_t k = 0; k < nshow && np < 15; k++) {
			double s = 0;
			for (size_t d = 0; d < CYCLE_STACK_COUNT; d++)
				s += fn_cs[ord[k] * CYCLE_STACK_COUNT + d];
			if (s == 0)
				continue;
			labels[np] = report_profile_row_name(p, ord[k]);
			memcpy(&v[np * CYCLE_STACK_COUNT], &fn_cs[ord[k] * CYCLE_STACK_COUNT],
			       CYCLE_STACK_COUNT * sizeof(*v));
			np++;
		}
		snprintf(title, sizeof(title), "Cycle-stack categories per procedure (%s)",
			 p->events[stack_event].name);
		struct svg_chart c4 = { title, labels, np, series, CYCLE_STACK_COUNT, v, 0 };
		if (np)
			svg_stacked_bars(out, &c4);
	}
	fputs("</div>\n", out);
out:
	free(ev_sum);
	free(fn_sum);
	free(fn_cs);
	free(ev_cs);
	free(labels);
	free(series);
	free(v);
	return rc;
}

int html_report_write(const struct html_page *pg, FILE *out)
{
	const struct report_profile *p = pg->p;
	const char *title = pg->title ? pg->title : "robin report";
	size_t ne = p->nevents, nrows = p->nfuncs + p->nimages;
	size_t top_procs = pg->top_procs ? pg->top_procs : 25;
	size_t top_insns = pg->top_insns ? pg->top_insns : 30;
	size_t *pord = NULL, *iord = NULL;
	int rc = -ENOMEM;
	double *byf = report_profile_by_func(p);
	if (!byf || !ne)
		goto out;
	pord = order_desc(byf, nrows, ne, pg->primary);
	iord = order_desc(p->counts, p->ninsns, ne, pg->primary);
	if (!pord || !iord)
		goto out;
	size_t nproc = 0, ninsn = 0;
	while (nproc < nrows && nproc < top_procs && any_nonzero(byf, ne, pord[nproc]))
		nproc++;
	while (ninsn < p->ninsns && ninsn < top_insns && any_nonzero(p->counts, ne, iord[ninsn]))
		ninsn++;

	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width\">\n<title>", out);
	esc(out, title);
	fprintf(out, "</title>\n<style>%s</style>\n<script>%s</script>\n</head>\n<body>\n",
		html_css, html_js_head);
	fputs("<h1>", out);
	esc(out, title);
	fputs("</h1>\n<div class=\"meta\">database <code>", out);
	esc(out, pg->db_path ? pg->db_path : "");
	fputs("</code> \xc2\xb7 selection <code>", out);
	esc(out, pg->selection ? pg->selection : "all");
	fprintf(out, "</code> \xc2\xb7 %zu instructions in %zu procedures of %zu image(s)", p->ninsns,
		p->nfuncs, p->nimages);
	if (pg->generated_ns) {
		fputs(" \xc2\xb7 generated ", out);
		fmt_time(out, pg->generated_ns);
	}
	fputs("</div>\n<div id=\"robin-errors\"></div>\n", out);
	section_runs(pg, out);
	section_events(pg, out);
	if ((rc = flame_html_write(out, p, pg->primary)))
		goto out;
	rc = -ENOMEM;
	if (section_procs(pg, out, byf, pord, nproc))
		goto out;
	section_insns(pg, out, iord, ninsn);
	if (p->ndetail_names && section_stacks(pg, out, byf, pord, nproc))
		goto out;
	if (pg->pics)
		pics_html_write(out, pg->pics);
	if (pg->pm_fig3)
		pm_fig3_html(out, pg->pm_fig3);
	if (pg->ibs_fig2)
		ibs_fig2_html(out, pg->ibs_fig2);
	fprintf(out, "<p class=\"note\">Written by robin. Self-contained: no network "
		"resources.</p>\n<script>%s</script>\n</body></html>\n", html_js_tail);
	rc = ferror(out) ? -EIO : 0;
out:
	free(byf);
	free(pord);
	free(iord);
	return rc;
}
