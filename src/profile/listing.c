/*
 * listing.c — builds the per-instruction listing of one function: finds the function among
 * the profiled images, disassembles it (disasm.h), attaches source positions (symbols.h),
 * attributes every event's samples and the commit-state details to instructions.
 */
#include "profile/listing.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "profile/disasm.h"
#include "util/regfile.h"

struct listing_source {
	char *file;
	char *text;        /* whole file, newlines replaced by NUL */
	char **lines;      /* lines[0] is line 1 */
	size_t n_lines;
	struct listing_source *next;
};

static int find_event(char **events, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(events[i], name))
			return (int)i;
	return -1;
}

static int str_cmp(const void *pa, const void *pb)
{
	return strcmp(*(char *const *)pa, *(char *const *)pb);
}

static int build_events(struct listing *l, const struct profile_db_filter *f,
			const struct profile_db_profile *p, size_t np)
{
	size_t cap = (f ? f->n_events : 0) + np + 1;
	if (!(l->events = calloc(cap, sizeof(*l->events))))
		return -ENOMEM;
	if (f && f->n_events) {
		for (size_t i = 0; i < f->n_events; i++)
			if (find_event(l->events, l->n_events, f->events[i]) < 0 &&
			    !(l->events[l->n_events++] = strdup(f->events[i])))
				return -ENOMEM;
	} else {
		for (size_t i = 0; i < np; i++)
			if (find_event(l->events, l->n_events, p[i].event) < 0 &&
			    !(l->events[l->n_events++] = strdup(p[i].event)))
				return -ENOMEM;
		if (l->n_events) /* qsort needs a non-NULL base even for 0 items */
			qsort(l->events, l->n_events, sizeof(*l->events), str_cmp);
	}
	size_t n = l->n_events ? l->n_events : 1;
	l->func_totals = calloc(n, sizeof(double));
	l->image_totals = calloc(n, sizeof(double));
	l->all_totals = calloc(n, sizeof(double));
	return l->func_totals && l->image_totals && l->all_totals ? 0 : -ENOMEM;
}

/* Resolve `func` in one symbol table: a name, or "0x..." for the function containing it. */
static const struct symbols_func *resolve(const struct symbols *s, const char *func)
{
	if (func[0] == '0' && (func[1] == 'x' || func[1] == 'X')) {
		char *end;
		unsigned long long off = strtoull(func, &end, 16);
		if (*end == 0)
			return symbols_lookup(s, off);
	}
	return symbols_find_func(s, func);
}

/* Find the one image holding `func`; keeps its symbols open in l->sym. */
static int find_function(struct listing *l, const struct profile_db_profile *p, size_t np,
			 int64_t unknown_id, const char *func, char *err)
{
	char found[LISTING_ERR_MAX / 2] = "";
	int n_found = 0;
	for (size_t i = 0; i < np; i++) {
		int seen = 0;
		for (size_t k = 0; k < i && !seen; k++)
			seen = p[k].image_id == p[i].image_id;
		if (seen || p[i].image_id == unknown_id)
			continue;
		struct symbols *s;
		char serr[SYMBOLS_ERR_MAX];
		if (symbols_open(p[i].image_path, p[i].build_id, &s, serr))
			continue;
		const struct symbols_func *fn = resolve(s, func);
		if (!fn) {
			symbols_close(s);
			continue;
		}
		size_t used = strlen(found);
		snprintf(found + used, sizeof(found) - used, "%s%s", n_found ? ", " : "",
			 p[i].image_path);
		if (n_found++ == 0) {
			l->sym = s;
			l->image_id = p[i].image_id;
			l->image_path = strdup(p[i].image_path);
			l->func = strdup(fn->name);
			l->start = fn->start;
			l->size = fn->size;
			snprintf(l->arch, sizeof(l->arch), "%s",
				 *p[i].arch ? p[i].arch : symbols_ident(s)->arch);
			if (!l->image_path || !l->func)
				return -ENOMEM;
		} else {
			symbols_close(s);
		}
	}
	if (n_found == 0) {
		snprintf(err, LISTING_ERR_MAX, "no function '%s' in the profiled images that match "
			 "(images must be readable at their recorded path or by build-id)", func);
		return -ENOENT;
	}
	if (n_found > 1) {
		snprintf(err, LISTING_ERR_MAX, "'%.200s' is in several images (%s); choose one with "
			 "--image", func, found);
		return -EEXIST;
	}
	return 0;
}

static int add_insn(struct listing *l, size_t *cap, uint64_t offset, unsigned len,
		    const char *text)
{
	if (l->n_insns == *cap) {
		size_t nc = *cap ? *cap * 2 : 64;
		struct listing_insn *nv = realloc(l->insns, nc * sizeof(*nv));
		if (!nv)
			return -ENOMEM;
		l->insns = nv;
		*cap = nc;
	}
	struct listing_insn *in = &l->insns[l->n_insns];
	memset(in, 0, sizeof(*in));
	in->offset = offset;
	in->len = len;
	snprintf(in->text, sizeof(in->text), "%s", text);
	if (!(in->values = calloc(l->n_events ? l->n_events : 1, sizeof(double))))
		return -ENOMEM;
	l->n_insns++;
	return 0;
}

/* Disassemble [start, start + size). Leaves n_insns 0 when the code is not readable. */
static int disassemble(struct listing *l, size_t *cap)
{
	struct disasm *d;
	if (l->size == 0 || l->size > (64u << 20) || disasm_open(l->arch, &d))
		return 0;
	uint8_t *code = malloc(l->size);
	int rc = 0;
	if (!code) {
		disasm_close(d);
		return -ENOMEM;
	}
	size_t got = symbols_read(l->sym, l->start, code, l->size);
	for (size_t at = 0; at < got && !rc;) {
		char text[LISTING_TEXT_MAX];
		size_t len = disasm_one(d, code + at, got - at, l->start + at, text, sizeof(text));
		if (!len)
			break;
		rc = add_insn(l, cap, l->start + at, (unsigned)len, text);
		at += len;
	}
	free(code);
	disasm_close(d);
	return rc;
}

/* Index of the instruction containing offset (the last one starting at or before it). */
static size_t insn_at(const struct listing *l, uint64_t offset)
{
	size_t lo = 0, hi = l->n_insns;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (l->insns[mid].offset <= offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? lo - 1 : 0;
}

struct attrib {
	struct listing *l;
	int ev;
	double scale;
	size_t *cap;
	int rc;
};

/* No readable code: one row per sampled offset, inserted in order. */
static int attrib_nocode(void *arg, uint64_t offset, uint64_t count)
{
	struct attrib *a = arg;
	struct listing *l = a->l;
	size_t i = l->n_insns ? insn_at(l, offset) : 0;
	if (!l->n_insns || l->insns[i].offset != offset) {
		if (add_insn(l, a->cap, offset, 0, ""))
			return -ENOMEM;
		struct listing_insn tmp = l->insns[l->n_insns - 1];
		size_t pos = l->n_insns - 1;
		while (pos > 0 && l->insns[pos - 1].offset > offset) {
			l->insns[pos] = l->insns[pos - 1];
			pos--;
		}
		l->insns[pos] = tmp;
		i = pos;
	}
	l->insns[i].values[a->ev] += (double)count * a->scale;
	return 0;
}

static int attrib_fn(void *arg, uint64_t offset, uint64_t count)
{
	struct attrib *a = arg;
	a->l->insns[insn_at(a->l, offset)].values[a->ev] += (double)count * a->scale;
	return 0;
}

static int attribute(struct profile_db *db, struct listing *l,
		     const struct profile_db_profile *p, size_t np, size_t *cap)
{
	int rc;
	uint64_t end = l->start + l->size;
	for (size_t i = 0; i < np; i++) {
		int ev = find_event(l->events, l->n_events, p[i].event);
		if (ev < 0)
			continue;
		double samples = (double)p[i].total_count / p[i].count_divisor;
		l->all_totals[ev] += samples;
		if (p[i].image_id != l->image_id)
			continue;
		l->image_totals[ev] += samples;
		struct attrib a = { l, ev, 1.0 / p[i].count_divisor, cap, 0 };
		rc = profile_db_counts_each(db, p[i].id, l->start, end,
					    l->no_code ? attrib_nocode : attrib_fn, &a);
		if (rc)
			return rc;
	}
	for (size_t k = 0; k < l->n_insns; k++)
		for (size_t e = 0; e < l->n_events; e++)
			l->func_totals[e] += l->insns[k].values[e];
	/* Commit-state details: of the first column that has any. */
	l->commit_event = -1;
	for (size_t e = 0; e < l->n_events && l->commit_event < 0; e++) {
		for (size_t i = 0; i < np; i++) {
			if (p[i].image_id != l->image_id || strcmp(p[i].event, l->events[e]))
				continue;
			struct profile_db_detail *d;
			size_t nd;
			if ((rc = profile_db_details(db, p[i].id, l->start, end,
						     PROFILE_DB_KIND_COMMIT_STATE, &d, &nd)))
				return rc;
			for (size_t k = 0; k < nd && l->n_insns; k++) {
				if (d[k].key < 0 || d[k].key >= PROFILE_DB_COMMIT_COUNT)
					continue;
				l->insns[insn_at(l, d[k].offset)].commit[d[k].key] +=
					(double)d[k].count / p[i].count_divisor;
				l->commit_event = (int)e;
			}
			free(d);
		}
	}
	return 0;
}

static void attach_lines(struct listing *l)
{
	const char *pf = NULL;
	int pl = -1;
	for (size_t k = 0; k < l->n_insns; k++) {
		struct listing_insn *in = &l->insns[k];
		symbols_line(l->sym, in->offset, &in->src);
		const char *f = in->src.n ? in->src.at[0].file : NULL;
		int line = in->src.n ? in->src.at[0].line : -1;
		in->src_changed = in->src.n && (line != pl || !pf || !f || strcmp(f, pf));
		pf = f;
		pl = line;
	}
}

int listing_build(struct profile_db *db, const struct profile_db_filter *f, const char *func,
		  struct listing *out, char *err)
{
	struct profile_db_profile *p = NULL;
	size_t np = 0, cap = 0;
	int rc;

	memset(out, 0, sizeof(*out));
	out->commit_event = -1;
	err[0] = 0;
	if ((rc = profile_db_profiles(db, f, &p, &np))) {
		snprintf(err, LISTING_ERR_MAX, "%s", profile_db_error(db));
		return rc;
	}
	if ((rc = build_events(out, f, p, np)))
		goto out;
	if (np == 0) {  /* the selection, not the function, matched nothing */
		snprintf(err, LISTING_ERR_MAX, "%s: no profile matches", profile_db_path(db));
		rc = -ESRCH;
		goto out;
	}
	if ((rc = find_function(out, p, np, profile_db_image_unknown_id(db), func, err)))
		goto out;
	if ((rc = disassemble(out, &cap)))
		goto out;
	out->no_code = out->n_insns == 0;
	if ((rc = attribute(db, out, p, np, &cap))) {
		if (!err[0])
			snprintf(err, LISTING_ERR_MAX, "%s", profile_db_error(db));
		goto out;
	}
	attach_lines(out);
out:
	if (rc && !err[0])
		snprintf(err, LISTING_ERR_MAX, "%s", rc == -ENOMEM ? "out of memory" : strerror(-rc));
	profile_db_profiles_free(p, np);
	if (rc)
		listing_free(out);
	return rc;
}

long listing_index(const struct listing *l, uint64_t off)
{
	size_t lo = 0, hi = l->n_insns;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (l->insns[mid].offset < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < l->n_insns && l->insns[lo].offset == off ? (long)lo : -1;
}

int listing_walk_event(struct profile_db *db, const struct profile_db_filter *f,
		       const struct listing *l, const char *event, const struct listing_walk *w,
		       int *present)
{
	struct profile_db_profile *p = NULL;
	size_t np = 0;
	*present = 0;
	int rc = profile_db_event_profiles(db, f, event, &p, &np);
	for (size_t i = 0; i < np && !rc; i++) {
		if (p[i].image_id != l->image_id)
			continue;
		*present = 1;
		if (w->count) {
			struct profile_db_count *c = NULL;
			size_t nc = 0;
			if ((rc = profile_db_counts(db, p[i].id, l->start, l->start + l->size, &c, &nc)))
				break;
			for (size_t k = 0; k < nc; k++) {
				long x = listing_index(l, c[k].offset);
				if (x >= 0)
					w->count(w->arg, (size_t)x, &c[k]);
			}
			free(c);
		}
		struct profile_db_detail *d = NULL;
		size_t nd = 0;
		if ((rc = profile_db_details(db, p[i].id, l->start, l->start + l->size, 0, &d, &nd)))
			break;
		for (size_t k = 0; k < nd; k++) {
			long x = listing_index(l, d[k].offset);
			const char *kind = profile_db_detail_kind_name(db, d[k].kind);
			if (x >= 0 && kind)
				w->detail(w->arg, (size_t)x, kind, &d[k]);
		}
		free(d);
	}
	profile_db_profiles_free(p, np);
	return rc;
}

void listing_free(struct listing *l)
{
	for (size_t k = 0; k < l->n_insns; k++)
		free(l->insns[k].values);
	free(l->insns);
	for (size_t e = 0; e < l->n_events; e++)
		free(l->events[e]);
	free(l->events);
	free(l->func_totals);
	free(l->image_totals);
	free(l->all_totals);
	free(l->image_path);
	free(l->func);
	symbols_close(l->sym);
	while (l->sources) {
		struct listing_source *s = l->sources;
		l->sources = s->next;
		free(s->file);
		free(s->text);
		free(s->lines);
		free(s);
	}
	memset(l, 0, sizeof(*l));
	l->commit_event = -1;
}

static struct listing_source *source_load(const char *file)
{
	struct listing_source *s = calloc(1, sizeof(*s));
	int fd = regfile_open(file);  /* a source path may name a FIFO by now */
	FILE *fp = fd >= 0 ? fdopen(fd, "r") : NULL;
	if (fd >= 0 && !fp)
		close(fd);
	if (!s || !(s->file = strdup(file)))
		goto fail;
	if (fp) {
		size_t cap = 0, len = 0;
		char buf[65536];
		size_t n;
		while ((n = fread(buf, 1, sizeof(buf), fp)) > 0 && len < (64u << 20)) {
			if (len + n + 1 > cap) {
				cap = (len + n + 1) * 2;
				char *nt = realloc(s->text, cap);
				if (!nt)
					goto fail;
				s->text = nt;
			}
			memcpy(s->text + len, buf, n);
			len += n;
		}
		fclose(fp);
		fp = NULL;
		if (!s->text)
			return s;
		s->text[len] = 0;
		size_t lines = 1;
		for (size_t i = 0; i < len; i++)
			lines += s->text[i] == '\n';
		if (!(s->lines = calloc(lines, sizeof(*s->lines))))
			goto fail;
		char *at = s->text;
		for (char *nl; (nl = strchr(at, '\n')); at = nl + 1) {
			*nl = 0;
			s->lines[s->n_lines++] = at;
		}
		if (*at)
			s->lines[s->n_lines++] = at;
		for (size_t i = 0; i < s->n_lines; i++) {  /* drop CR of CRLF files */
			size_t ln = strlen(s->lines[i]);
			if (ln && s->lines[i][ln - 1] == '\r')
				s->lines[i][ln - 1] = 0;
		}
	}
	return s;
fail:
	if (fp)
		fclose(fp);
	if (s) {
		free(s->file);
		free(s->text);
		free(s->lines);
		free(s);
	}
	return NULL;
}

const char *listing_source_text(struct listing *l, const char *file, int line)
{
	struct listing_source *s;
	if (!file || line <= 0)
		return NULL;
	for (s = l->sources; s; s = s->next)
		if (!strcmp(s->file, file))
			break;
	if (!s) {
		if (!(s = source_load(file)))
			return NULL;
		s->next = l->sources;
		l->sources = s;
	}
	return (size_t)line <= s->n_lines ? s->lines[line - 1] : NULL;
}
