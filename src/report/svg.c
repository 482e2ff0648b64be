/*
 * svg.c — grouped and stacked horizontal bar charts as inline SVG (see svg.h).
 */
#include "report/svg.h"

#include <math.h>
#include <string.h>

static const char *const svg_palette[] = {
	"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
	"#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
};

const char *svg_color(size_t i)
{
	return svg_palette[i % (sizeof(svg_palette) / sizeof(*svg_palette))];
}

void svg_escape(FILE *out, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&#39;", out); break;
		default: fputc(*s, out);
		}
	}
}

/* Label text clipped to about max_chars characters (an ellipsis marks the cut). */
static void label(FILE *out, const char *s, size_t max_chars)
{
	size_t n = strlen(s);
	if (n <= max_chars) {
		svg_escape(out, s);
		return;
	}
	char buf[256];
	size_t k = max_chars - 1 < sizeof(buf) - 1 ? max_chars - 1 : sizeof(buf) - 1;
	memcpy(buf, s, k);
	buf[k] = 0;
	svg_escape(out, buf);
	fputs("\xe2\x80\xa6", out);
}

enum { LABEL_W = 260, ROW_GAP = 8, BAR_H = 14, LEGEND_H = 24, TITLE_H = 22 };

static int series_used(const struct svg_chart *c, size_t s)
{
	for (size_t r = 0; r < c->nrows; r++)
		if (isfinite(c->v[r * c->nseries + s]) && c->v[r * c->nseries + s] > 0)
			return 1;
	return 0;
}

/* The legend: series with no value above zero are left out. */
static void legend(FILE *out, const struct svg_chart *c, int y)
{
	int x = LABEL_W;
	for (size_t s = 0; s < c->nseries; s++) {
		if (!series_used(c, s) && c->nrows)
			continue;
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>", x,
			y, svg_color(s));
		fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"lg\">", x + 16, y + 10);
		svg_escape(out, c->series[s]);
		fputs("</text>", out);
		x += 28 + 7 * (int)strlen(c->series[s]);
	}
}

void svg_grouped_bars(FILE *out, const struct svg_chart *c)
{
	int width = c->width_px ? c->width_px : 960;
	int plot_w = width - LABEL_W - 70;
	int group_h = (int)c->nseries * BAR_H + ROW_GAP;
	int top = (c->title ? TITLE_H : 0) + LEGEND_H;
	int height = top + (int)c->nrows * group_h + 4;
	double max = 0;
	for (size_t i = 0; i < c->nrows * c->nseries; i++)
		if (isfinite(c->v[i]) && c->v[i] > max)
			max = c->v[i];
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"%d\" "
		"height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">", width, height, width, height);
	if (c->title) {
		fputs("<text x=\"0\" y=\"15\" class=\"ct\">", out);
		svg_escape(out, c->title);
		fputs("</text>", out);
	}
	legend(out, c, top - LEGEND_H + 4);
	for (size_t r = 0; r < c->nrows; r++) {
		int y0 = top + (int)r * group_h;
		fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"rl\" text-anchor=\"end\">", LABEL_W - 8,
			y0 + group_h / 2 + 2);
		label(out, c->rows[r], 36);
		fputs("</text>", out);
		for (size_t s = 0; s < c->nseries; s++) {
			double v = c->v[r * c->nseries + s];
			if (!isfinite(v) || v < 0)
				v = 0;
			double w = max > 0 ? plot_w * v / max : 0;
			int y = y0 + (int)s * BAR_H;
			fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\">"
				"<title>", LABEL_W, y, w, BAR_H - 2, svg_color(s));
			svg_escape(out, c->rows[r]);
			fputs(" \xe2\x80\x94 ", out);
			svg_escape(out, c->series[s]);
			fprintf(out, ": %.2f%%</title></rect>", 100 * v);
			fprintf(out, "<text x=\"%.1f\" y=\"%d\" class=\"bv\">%.1f%%</text>",
				LABEL_W + w + 4, y + BAR_H - 4, 100 * v);
		}
	}
	fputs("</svg>\n", out);
}

static void svg_stacked(FILE *out, const struct svg_chart *c, const char *unit, int absolute)
{
	int width = c->width_px ? c->width_px : 960;
	int plot_w = width - LABEL_W - 20;
	int row_h = 2 * BAR_H;
	int top = (c->title ? TITLE_H : 0) + LEGEND_H;
	int height = top + (int)c->nrows * row_h + 4;
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"%d\" "
		"height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">", width, height, width, height);
	if (c->title) {
		fputs("<text x=\"0\" y=\"15\" class=\"ct\">", out);
		svg_escape(out, c->title);
		fputs("</text>", out);
	}
	legend(out, c, top - LEGEND_H + 4);
	double scale = 0;   /* absolute: the largest row's sum */
	for (size_t r = 0; r < c->nrows && absolute; r++) {
		double sum = 0;
		for (size_t s = 0; s < c->nseries; s++)
			if (isfinite(c->v[r * c->nseries + s]) && c->v[r * c->nseries + s] > 0)
				sum += c->v[r * c->nseries + s];
		scale = sum > scale ? sum : scale;
	}
	for (size_t r = 0; r < c->nrows; r++) {
		int y = top + (int)r * row_h;
		double sum = 0;
		for (size_t s = 0; s < c->nseries; s++)
			if (isfinite(c->v[r * c->nseries + s]) && c->v[r * c->nseries + s] > 0)
				sum += c->v[r * c->nseries + s];
		double den = absolute && scale > 0 ? scale : sum;
		fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"rl\" text-anchor=\"end\">", LABEL_W - 8,
			y + BAR_H);
		label(out, c->rows[r], 36);
		fputs("</text>", out);
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" class=\"bg\"/>",
			LABEL_W, y + 2, plot_w, row_h - 6);
		double x = LABEL_W;
		for (size_t s = 0; s < c->nseries && sum > 0; s++) {
			double v = c->v[r * c->nseries + s];
			if (!isfinite(v) || v <= 0)
				continue;
			double w = plot_w * v / den;
			fprintf(out, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\">"
				"<title>", x, y + 2, w, row_h - 6, svg_color(s));
			svg_escape(out, c->rows[r]);
			fputs(" \xe2\x80\x94 ", out);
			svg_escape(out, c->series[s]);
			fprintf(out, ": %.1f%%", 100 * v / sum);
			if (unit)
				fprintf(out, ", %.6g %s", v, unit);
			fputs("</title></rect>", out);
			if (w > 44)
				fprintf(out, "<text x=\"%.1f\" y=\"%d\" class=\"sv\">%.0f%%</text>", x + 4,
					y + BAR_H + 1, 100 * v / sum);
			x += w;
		}
	}
	fputs("</svg>\n", out);
}

void svg_stacked_bars(FILE *out, const struct svg_chart *c)
{
	svg_stacked(out, c, NULL, 0);
}

void svg_stacked_bars_scaled(FILE *out, const struct svg_chart *c, const char *unit)
{
	svg_stacked(out, c, unit, 1);
}
