/*
 * flame_html.c — the HTML report's flame graph (see flame_html.h). The stacks of the event are
 * merged into a tree of function paths (children found by a scan of their siblings, as a
 * stack shares most of its path with the previous ones); every node wider than
 * FLAME_MIN_FRAC of the total becomes one <g> with its fraction offsets in data attributes,
 * which the zoom script rescales.
 */
#include "report/flame_html.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "report/report_stacks.h"
#include "report/svg.h"

#define FLAME_DEPTH 1024
#define FLAME_WIDTH_PX 1160
#define FLAME_ROW_PX 17
#define FLAME_MIN_FRAC 0.0005       /* narrower frames are not drawn (under 0.6 px) */

struct flame_node {
	uint32_t row;               /* by_func row (the function) */
	uint32_t child, next;       /* first child, next sibling (0 = none; 0 is the root) */
	uint32_t depth;
	double value;               /* samples of the stacks through this node */
};

struct flame {
	struct flame_node *n;
	size_t len, cap;
};

static long flame_child(struct flame *f, uint32_t parent, uint32_t row)
{
	uint32_t *link = &f->n[parent].child;
	for (uint32_t c = *link; c; c = f->n[c].next) {
		if (f->n[c].row == row)
			return c;
		link = &f->n[c].next;
	}
	if (f->len == f->cap) {
		size_t cap = f->cap ? 2 * f->cap : 1024;
		struct flame_node *v = realloc(f->n, cap * sizeof(*v));
		if (!v)
			return -ENOMEM;
		f->n = v;
		f->cap = cap;
		link = &f->n[parent].child; /* the array moved: find the list's end again */
		while (*link)
			link = &f->n[*link].next;
	}
	uint32_t i = (uint32_t)f->len++;
	f->n[i] = (struct flame_node){ row, 0, 0, f->n[parent].depth + 1, 0 };
	*link = i;
	return i;
}

/* A warm colour from the name (stable across pages), as flame graphs are drawn. */
static void flame_colour(const char *s, char *buf, size_t n)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (uint8_t)*s) * 16777619u;
	snprintf(buf, n, "rgb(%u,%u,%u)", 205 + h % 50, 80 + (h >> 8) % 120, 40 + (h >> 16) % 40);
}

static void flame_draw(FILE *out, const struct report_profile *p, const struct flame *f,
		       uint32_t i, double x, uint32_t maxdepth, double total)
{
	const struct flame_node *nd = &f->n[i];
	double w = nd->value / total;
	if (w < FLAME_MIN_FRAC)
		return;
	const char *name = i ? report_profile_row_name(p, nd->row) : "all";
	char col[32];
	flame_colour(name, col, sizeof(col));
	fprintf(out, "<g class=\"fg\" data-x=\"%.9f\" data-w=\"%.9f\" data-d=\"%u\" data-v=\"%.17g\">"
		"<title>", x, w, nd->depth, nd->value);
	svg_escape(out, name);
	fprintf(out, " (%.2f samples, %.2f%%)</title><rect x=\"%.1f\" y=\"%u\" width=\"%.1f\" "
		"height=\"%u\" fill=\"%s\" rx=\"2\"/><text x=\"%.1f\" y=\"%u\">", nd->value,
		100 * w, x * FLAME_WIDTH_PX, (maxdepth - nd->depth) * FLAME_ROW_PX,
		w * FLAME_WIDTH_PX, FLAME_ROW_PX - 1, col, x * FLAME_WIDTH_PX + 3,
		(maxdepth - nd->depth) * FLAME_ROW_PX + 12);
	svg_escape(out, name);
	fputs("</text></g>\n", out);
	for (uint32_t c = nd->child; c; c = f->n[c].next) {
		flame_draw(out, p, f, c, x, maxdepth, total);
		x += f->n[c].value / total;
	}
}

/* Zoom (click), reset (click the root), search (regular expression over the names);
 * labels are clipped to their frame's width. */
static const char flame_js[] =
	"(function(){"
	"var svg=document.getElementById('flame');if(!svg)return;"
	"var W=+svg.getAttribute('data-width'),gs=svg.querySelectorAll('g.fg');"
	"function label(g,w){var t=g.querySelector('text'),n=g.querySelector('title').textContent;"
	"n=n.replace(/ \\([^(]*\\)$/,'');var c=Math.floor((w-6)/7);"
	"t.textContent=c<3?'':(n.length>c?n.slice(0,c-2)+'..':n);}"
	"function zoom(z){var x0=+z.getAttribute('data-x'),w0=+z.getAttribute('data-w'),"
	"d0=+z.getAttribute('data-d');"
	"gs.forEach(function(g){var x=+g.getAttribute('data-x'),w=+g.getAttribute('data-w'),"
	"d=+g.getAttribute('data-d'),r=g.querySelector('rect'),t=g.querySelector('text');"
	"var inside=x>=x0-1e-9&&x+w<=x0+w0+1e-9,below=d<d0&&x<=x0+1e-9&&x+w>=x0+w0-1e-9;"
	"if(d>=d0&&inside){var nx=(x-x0)/w0*W,nw=w/w0*W;g.style.display='';"
	"r.setAttribute('x',nx);r.setAttribute('width',nw);t.setAttribute('x',nx+3);label(g,nw);}"
	"else if(below){g.style.display='';r.setAttribute('x',0);r.setAttribute('width',W);"
	"t.setAttribute('x',3);label(g,W);g.style.opacity='0.6';return;}"
	"else g.style.display='none';g.style.opacity='';});}"
	"gs.forEach(function(g){g.addEventListener('click',function(){zoom(g);});});"
	"var root=svg.querySelector('g.fg[data-d=\"0\"]');if(root)zoom(root);"
	"var box=document.getElementById('flame-search'),res=document.getElementById('flame-match');"
	"box.addEventListener('input',function(){var re=null;"
	"try{re=box.value?new RegExp(box.value):null;}catch(e){res.textContent='bad expression';return;}"
	"var spans=[];gs.forEach(function(g){var r=g.querySelector('rect');"
	"var n=g.querySelector('title').textContent.replace(/ \\([^(]*\\)$/,'');"
	"if(!r.hasAttribute('data-fill'))r.setAttribute('data-fill',r.getAttribute('fill'));"
	"var m=re&&re.test(n);r.setAttribute('fill',m?'rgb(190,90,230)':r.getAttribute('data-fill'));"
	"if(m)spans.push([+g.getAttribute('data-x'),+g.getAttribute('data-w')]);});"
	"spans.sort(function(a,b){return a[0]-b[0];});var s=0,end=-1;"
	"spans.forEach(function(p){var a=Math.max(p[0],end),b=p[0]+p[1];if(b>a){s+=b-a;end=b;}});"
	"res.textContent=re?('matched '+(100*s).toFixed(2)+'% of the samples'):'';});"
	"})();";

int flame_html_write(FILE *out, const struct report_profile *p, size_t ev)
{
	struct flame f = { 0 };
	uint32_t *path = malloc(FLAME_DEPTH * sizeof(*path));
	int rc = -ENOMEM;
	if (!path || !report_stacks_has(p, ev)) {
		rc = path ? 0 : -ENOMEM;
		goto out;
	}
	f.cap = 1024;
	if (!(f.n = malloc(f.cap * sizeof(*f.n))))
		goto out;
	f.n[0] = (struct flame_node){ 0, 0, 0, 0, 0 };
	f.len = 1;
	uint32_t maxdepth = 0;
	for (size_t i = 0; i < p->nstacks; i++) {
		const struct report_stack *s = &p->stacks[i];
		if (s->event != ev || s->count <= 0)
			continue;
		size_t n = report_stacks_rows(p, s, path, FLAME_DEPTH);
		uint32_t at = 0;
		f.n[0].value += s->count;
		for (size_t k = 0; k < n && k < FLAME_DEPTH; k++) {
			long c = flame_child(&f, at, path[k]);
			if (c < 0)
				goto out;
			at = (uint32_t)c;
			f.n[at].value += s->count;
			if (f.n[at].depth > maxdepth)
				maxdepth = f.n[at].depth;
		}
	}
	double total = f.n[0].value;
	fputs("<h2 id=\"flame-graph\">Flame graph</h2>\n<p class=\"note\">", out);
	svg_escape(out, p->events[ev].name);
	fprintf(out, ": %.2f samples by calling context, the outermost frame at the bottom; a "
		"frame's width is its samples. Click a frame to zoom, the bottom bar to reset. "
		"<input id=\"flame-search\" placeholder=\"search (regular expression)\" size=\"28\">"
		" <span id=\"flame-match\"></span></p>\n", total);
	fprintf(out, "<svg id=\"flame\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" "
		"height=\"%u\" data-width=\"%u\" style=\"font:11px sans-serif;cursor:pointer\">\n",
		FLAME_WIDTH_PX, (maxdepth + 1) * FLAME_ROW_PX, FLAME_WIDTH_PX);
	if (total > 0)
		flame_draw(out, p, &f, 0, 0, maxdepth, total);
	fprintf(out, "</svg>\n<script>%s</script>\n", flame_js);
	rc = ferror(out) ? -EIO : 0;
out:
	free(f.n);
	free(path);
	return rc;
}
