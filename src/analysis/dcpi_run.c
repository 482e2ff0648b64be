/*
 * dcpi_run.c — load a run's cycle samples (and its truth) from the profile database and
 * analyse its procedures with DCPI's estimators (see dcpi_run.h).
 */
#include "analysis/dcpi_run.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile/symbols.h"

/* One profile's counts, or several runs' summed (dcpi_run_set), ascending by offset, in
 * samples (or executions). */
struct dcpi_counts {
	uint64_t *off;
	double *v;
	size_t n;
};

/* Add profile p's counts (divided by its count_divisor) to k, keeping k sorted by offset. */
static int dcpi_counts_add(struct profile_db *db, const struct profile_db_profile *p,
			   struct dcpi_counts *k)
{
	struct profile_db_count *c = NULL;
	size_t n = 0;
	double div = p->count_divisor ? p->count_divisor : 1;
	int rc = profile_db_counts(db, p->id, 0, UINT64_MAX, &c, &n);
	if (rc)
		return rc;
	size_t cap = k->n + n ? k->n + n : 1, i = 0, j = 0, m = 0;
	uint64_t *off = malloc(cap * sizeof(*off));
	double *v = malloc(cap * sizeof(*v));
	if (!off || !v) {
		free(off);
		free(v);
		free(c);
		return -ENOMEM;
	}
	while (i < k->n || j < n) {
		if (j == n || (i < k->n && k->off[i] < c[j].offset)) {
			off[m] = k->off[i];
			v[m++] = k->v[i++];
		} else if (i == k->n || c[j].offset < k->off[i]) {
			off[m] = c[j].offset;
			v[m++] = (double)c[j++].count / div;
		} else {
			off[m] = k->off[i];
			v[m++] = k->v[i++] + (double)c[j++].count / div;
		}
	}
	free(c);
	free(k->off);
	free(k->v);
	k->off = off;
	k->v = v;
	k->n = m;
	return 0;
}

static void dcpi_counts_free(struct dcpi_counts *k)
{
	free(k->off);
	free(k->v);
	memset(k, 0, sizeof(*k));
}

static double dcpi_counts_at(const struct dcpi_counts *k, uint64_t off)
{
	size_t lo = 0, hi = k->n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (k->off[mid] < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < k->n && k->off[lo] == off ? k->v[lo] : 0;
}

/* The run's configuration dump applied to the defaults. */
static int dcpi_run_config(struct profile_db *db, int64_t run_id, struct core_config *c,
			   int *found)
{
	struct profile_db_run *runs = NULL;
	size_t n = 0;
	char err[CONFIG_ERR_LEN];
	config_defaults(c);
	*found = 0;
	int rc = profile_db_runs(db, 0, &runs, &n);
	if (rc)
		return rc;
	for (size_t i = 0; i < n; i++) {
		if (runs[i].id != run_id || !runs[i].config || !*runs[i].config)
			continue;
		char *text = strdup(runs[i].config);
		if (!text) {
			rc = -ENOMEM;
			break;
		}
		char *save = NULL;
		for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
			while (*line == ' ' || *line == '\t')
				line++;
			if (!*line || *line == '#')
				continue;
			if (config_set_kv(c, line, err) == 0)
				*found = 1;
		}
		free(text);
	}
	profile_db_runs_free(runs, n);
	return rc;
}

/* The profile of `event` in run/image, or NULL. */
static const struct profile_db_profile *dcpi_find(const struct profile_db_profile *p, size_t n,
						  const char *event, int64_t run, int64_t image)
{
	for (size_t i = 0; i < n; i++)
		if (p[i].run_id == run && p[i].image_id == image && !strcmp(p[i].event, event))
			return &p[i];
	return NULL;
}

static int dcpi_func_add(struct dcpi_run *r, size_t *cap, const struct symbols_func *sf)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->f[i].start == sf->start)
			return 0;
	if (r->n == *cap) {
		size_t nc = *cap ? 2 * *cap : 16;
		struct dcpi_func *f = realloc(r->f, nc * sizeof(*f));
		if (!f)
			return -ENOMEM;
		r->f = f;
		*cap = nc;
	}
	struct dcpi_func *f = &r->f[r->n];
	memset(f, 0, sizeof(*f));
	f->start = sf->start;
	f->size = sf->size;
	if (!(f->name = strdup(sf->name ? sf->name : "?")))
		return -ENOMEM;
	r->n++;
	return 0;
}

const char *const dcpi_run_event_names[DCPI_EV_COUNT] = {
	"dcpix-imiss", "dcpix-dmiss", "dcpix-dtlb", "dcpix-mispredict",
};

const char *const dcpi_run_sampled_names[DCPI_EV_COUNT] = {
	"dcpi-imiss", "dcpi-dmiss", "dcpi-dtlb", "dcpi-mispredict",
};

const char *dcpi_run_event(const struct profile_db_filter *flt)
{
	return flt && flt->n_events == 1 && flt->events[0] ? flt->events[0] : DCPI_RUN_EVENT;
}

/* The function `func` names (a symbol, or 0xOFFSET inside it) in an image, or NULL. */
static const struct symbols_func *dcpi_run_func(const struct symbols *sym, const char *func)
{
	if (!strncmp(func, "0x", 2)) {
		char *end;
		unsigned long long off = strtoull(func, &end, 16);
		return *end ? NULL : symbols_lookup(sym, off);
	}
	return symbols_find_func(sym, func);
}

/* The image's bytes for the jump tables of dcpi_proc_build_image. */
static size_t dcpi_run_read(void *ctx, uint64_t addr, uint8_t *buf, size_t n)
{
	return symbols_read(ctx, addr, buf, n);
}

/* Analyse one procedure: bytes, schedule, samples, truth, estimates, culprits. */
static int dcpi_func_analyse(struct profile_db *db, struct dcpi_run *r, struct symbols *sym,
			     const struct cfg_image *img, struct dcpi_func *f, const struct dcpi_counts *ih,
			     const struct dcpi_counts *cnt, const struct dcpi_counts *tk,
			     const struct dcpi_counts *evc, const struct dcpi_counts *evs,
			     const struct profile_db_profile *const *ihp, size_t nihp)
{
	uint8_t *code = malloc(f->size ? f->size : 1);
	if (!code)
		return -ENOMEM;
	size_t got = symbols_read(sym, f->start, code, f->size);
	int rc = got >= 2 ? dcpi_proc_build_image(code, got & ~(size_t)1, f->start, &r->core, img,
	                                          &f->proc)
	                  : -EINVAL;
	free(code);
	if (rc)
		return rc;
	struct dcpi_proc *p = &f->proc;
	for (size_t i = 0; i < p->ninsns; i++)
		p->insns[i].samples = dcpi_counts_at(ih, p->insns[i].addr);
	size_t n = p->ninsns ? p->ninsns : 1;
	if (r->has_count && !(f->count = calloc(n, sizeof(*f->count))))
		return -ENOMEM;
	if (r->has_taken && !(f->taken = calloc(n, sizeof(*f->taken))))
		return -ENOMEM;
	for (int e = 0; e < DCPI_EV_COUNT; e++)
		if (r->has_ev[e] && !(f->ev[e] = calloc(n, sizeof(*f->ev[e]))))
			return -ENOMEM;
	for (size_t i = 0; i < p->ninsns; i++) {
		if (f->count)
			f->count[i] = dcpi_counts_at(cnt, p->insns[i].addr);
		if (f->taken)
			f->taken[i] = dcpi_counts_at(tk, p->insns[i].addr);
		for (int e = 0; e < DCPI_EV_COUNT; e++)
			if (f->ev[e])
				f->ev[e][i] = dcpi_counts_at(&evc[e], p->insns[i].addr);
	}
	/* the true stall cause of each sample: what issue-head records (every run's) */
	if (strcmp(r->event, DCPI_RUN_EVENT))
		nihp = 0;
	for (size_t m = 0; m < nihp; m++) {
		struct profile_db_detail *d = NULL;
		size_t nd = 0;
		double div = ihp[m]->count_divisor ? ihp[m]->count_divisor : 1;
		if ((rc = profile_db_details(db, ihp[m]->id, f->start, f->start + f->size, 0, &d,
		                             &nd)))
			return rc;
		for (size_t k = 0; k < nd; k++) {
			const char *kn = profile_db_detail_kind_name(db, d[k].kind);
			if (!kn || strcmp(kn, "cycle_stack") || d[k].key < 0 || d[k].key >= PMU_CAT_N)
				continue;
			uint32_t i = dcpi_proc_insn_at(p, d[k].offset);
			if (i == DCPI_NONE)
				continue;
			if (!f->cause && !(f->cause = calloc(n, sizeof(*f->cause)))) {
				free(d);
				return -ENOMEM;
			}
			f->cause[i][d[k].key] += (double)d[k].count / div;
		}
		free(d);
	}
	if (f->cause)
		r->has_cause = 1;
	/* the event counts the estimates use: the exact ones (the upper bound), or the samples
	 * moved back over the skid to their instructions */
	struct dcpi_events ev;
	memset(&ev, 0, sizeof(ev));
	for (int e = 0; e < DCPI_EV_COUNT; e++) {
		if (r->events == DCPI_RUN_EVENTS_ORACLE && f->ev[e]) {
			if (!(f->est_ev[e] = malloc(n * sizeof(*f->est_ev[e]))))
				return -ENOMEM;
			memcpy(f->est_ev[e], f->ev[e], p->ninsns * sizeof(*f->est_ev[e]));
			ev.period[e] = 1;
		} else if (r->events == DCPI_RUN_EVENTS_SAMPLED && r->has_sampled[e]) {
			double *s = calloc(n, sizeof(*s));
			if (!s || !(f->est_ev[e] = malloc(n * sizeof(*f->est_ev[e])))) {
				free(s);
				return -ENOMEM;
			}
			for (size_t i = 0; i < p->ninsns; i++)
				s[i] = dcpi_counts_at(&evs[e], p->insns[i].addr);
			dcpi_proc_unskid(p, (enum dcpi_event)e, s, r->ev_period[e], f->est_ev[e]);
			free(s);
			ev.period[e] = r->ev_period[e];
		}
		ev.count[e] = f->est_ev[e];
	}
	if ((rc = dcpi_proc_estimate_events(p, &ev, r->period)))
		return rc;
	dcpi_proc_culprits(p, &ev, r->period);
	return 0;
}

/* A merged run's exact counts and event samples (NULL where it has none). */
struct dcpi_member {
	const struct profile_db_profile *count, *taken, *ev[DCPI_EV_COUNT],
		*sampled[DCPI_EV_COUNT];
};

int dcpi_run_set_has(const struct dcpi_run_set *set, int64_t id)
{
	if (set->all)
		return 1;
	for (size_t i = 0; i < set->n; i++)
		if (set->ids[i] == id)
			return 1;
	return 0;
}

/* The runs' stored configurations must agree (the schedule is built from one). */
static int dcpi_set_configs(struct profile_db *db, const struct profile_db_profile *const *mem,
			    size_t nmem, char *err)
{
	struct profile_db_run *runs = NULL;
	size_t n = 0;
	const char *first = NULL;
	int rc = profile_db_runs(db, 0, &runs, &n);
	if (rc) {
		snprintf(err, DCPI_RUN_ERR_MAX, "cannot read the runs: %s", profile_db_error(db));
		return rc;
	}
	for (size_t m = 0; m < nmem && !rc; m++)
		for (size_t i = 0; i < n; i++) {
			if (runs[i].id != mem[m]->run_id)
				continue;
			const char *c = runs[i].config ? runs[i].config : "";
			if (!m)
				first = c;
			else if (first && strcmp(first, c)) {
				snprintf(err, DCPI_RUN_ERR_MAX, "run %lld was simulated with another core "
				         "configuration than run %lld: not merged",
				         (long long)mem[m]->run_id, (long long)mem[0]->run_id);
				rc = -EINVAL;
			}
			break;
		}
	profile_db_runs_free(runs, n);
	return rc;
}

int dcpi_run_load(struct profile_db *db, const struct profile_db_filter *flt, const char *func,
		  const struct core_config *core_override, enum dcpi_run_events use_events,
		  struct dcpi_run *r, char *err)
{
	return dcpi_run_load_set(db, flt, NULL, func, core_override, use_events, r, err);
}

int dcpi_run_load_set(struct profile_db *db, const struct profile_db_filter *flt,
		      const struct dcpi_run_set *set, const char *func,
		      const struct core_config *core_override, enum dcpi_run_events use_events,
		      struct dcpi_run *r, char *err)
{
	memset(r, 0, sizeof(*r));
	r->events = use_events;
	struct profile_db_filter f = flt ? *flt : (struct profile_db_filter){ 0 };
	if (set)
		f.run_id = 0;
	const char *ev = dcpi_run_event(flt);
	const char *events[3 + 2 * DCPI_EV_COUNT] = { ev, "dcpix", "dcpix-taken" };
	for (int e = 0; e < DCPI_EV_COUNT; e++) {
		events[3 + e] = dcpi_run_event_names[e];
		events[3 + DCPI_EV_COUNT + e] = dcpi_run_sampled_names[e];
	}
	f.events = events;
	f.n_events = 3 + 2 * DCPI_EV_COUNT;
	struct profile_db_profile *pr = NULL;
	size_t npr = 0, nmem = 0;
	const struct profile_db_profile **mem = NULL;
	struct dcpi_member *tr = NULL;
	struct symbols *sym = NULL;
	struct dcpi_counts ih = { 0 }, cnt = { 0 }, tk = { 0 }, evc[DCPI_EV_COUNT] = { { 0 } };
	struct dcpi_counts evs[DCPI_EV_COUNT] = { { 0 } };
	int rc = profile_db_profiles(db, &f, &pr, &npr);
	if (rc) {
		snprintf(err, DCPI_RUN_ERR_MAX, "cannot read the profiles: %s", profile_db_error(db));
		return rc;
	}
	const struct profile_db_profile *best = NULL;
	for (size_t i = 0; i < npr; i++) {
		if (strcmp(pr[i].event, ev) || (set && !dcpi_run_set_has(set, pr[i].run_id)))
			continue;
		if (!best || pr[i].run_id > best->run_id ||
		    (pr[i].run_id == best->run_id && pr[i].total_count > best->total_count))
			best = &pr[i];
	}
	/* a named function: the image of that run which has it, the most sampled first */
	if (best && func) {
		const struct profile_db_profile *pick = NULL;
		for (size_t i = 0; i < npr; i++) {
			const struct profile_db_profile *c = &pr[i];
			if (strcmp(c->event, ev) || c->run_id != best->run_id ||
			    (pick && c->total_count <= pick->total_count))
				continue;
			char e2[SYMBOLS_ERR_MAX];
			struct symbols *s = NULL;
			if (symbols_open(c->image_path, c->build_id, &s, e2))
				continue;
			if (dcpi_run_func(s, func))
				pick = c;
			symbols_close(s);
		}
		if (pick)
			best = pick;
	}
	if (!best) {
		snprintf(err, DCPI_RUN_ERR_MAX, "no %s samples in the database%s (simulate with robin "
		         "sim --preset inorder-dual --profile dcpi --db FILE)", ev,
		         set && !set->all ? " for those runs" : "");
		rc = -ENOENT;
		goto out;
	}
	/* the runs merged: the sample profiles of best's image (its path) in every run of the set,
	 * newest first; a run whose image at that path is another binary is refused */
	if (!(mem = calloc(npr, sizeof(*mem)))) {
		rc = -ENOMEM;
		snprintf(err, DCPI_RUN_ERR_MAX, "out of memory");
		goto out;
	}
	mem[nmem++] = best;
	for (size_t i = npr; set && i-- > 0;) {
		const struct profile_db_profile *c = &pr[i];
		if (c == best || strcmp(c->event, ev) || !dcpi_run_set_has(set, c->run_id) ||
		    strcmp(c->image_path ? c->image_path : "", best->image_path ? best->image_path : ""))
			continue;
		if (c->run_id == best->run_id)
			continue;  /* one profile per run and image */
		if (c->image_id != best->image_id ||
		    strcmp(c->build_id ? c->build_id : "", best->build_id ? best->build_id : "")) {
			snprintf(err, DCPI_RUN_ERR_MAX, "run %lld: %s is another binary (build-id %s, "
			         "run %lld's %s): not merged", (long long)c->run_id, c->image_path,
			         c->build_id && *c->build_id ? c->build_id : "none",
			         (long long)best->run_id,
			         best->build_id && *best->build_id ? best->build_id : "none");
			rc = -EINVAL;
			goto out;
		}
		if (c->period != best->period) {
			snprintf(err, DCPI_RUN_ERR_MAX, "run %lld sampled every %llu cycles, run %lld "
			         "every %llu: not merged", (long long)c->run_id,
			         (unsigned long long)c->period, (long long)best->run_id,
			         (unsigned long long)best->period);
			rc = -EINVAL;
			goto out;
		}
		mem[nmem++] = c;
	}
	for (size_t k = 0; set && k < set->n; k++) {
		size_t m = 0;
		while (m < nmem && mem[m]->run_id != set->ids[k])
			m++;
		if (m == nmem) {
			snprintf(err, DCPI_RUN_ERR_MAX, "run %lld has no %s samples of %s",
			         (long long)set->ids[k], ev, best->image_path ? best->image_path : "?");
			rc = -ENOENT;
			goto out;
		}
	}
	if (nmem > 1 && !core_override && (rc = dcpi_set_configs(db, mem, nmem, err)))
		goto out;
	r->event = ev;
	r->run_id = best->run_id;
	r->image_id = best->image_id;
	r->runs = nmem;
	r->period = best->period ? (double)best->period : 1;
	for (size_t m = 0; m < nmem; m++)
		r->samples += (double)mem[m]->total_count /
		              (mem[m]->count_divisor ? mem[m]->count_divisor : 1);
	if (!(r->image_path = strdup(best->image_path ? best->image_path : "?"))) {
		rc = -ENOMEM;
		goto out;
	}
	/* the truth and the event profiles of every merged run; a kind counts only when every
	 * run has it (a partial sum is no exact count) */
	if (!(tr = calloc(nmem, sizeof(*tr)))) {
		rc = -ENOMEM;
		goto out;
	}
	int all_c = 1, all_t = 1, all_e[DCPI_EV_COUNT], all_s[DCPI_EV_COUNT];
	for (int e = 0; e < DCPI_EV_COUNT; e++)
		all_e[e] = all_s[e] = 1;
	for (size_t m = 0; m < nmem; m++) {
		int64_t run = mem[m]->run_id, img = mem[m]->image_id;
		struct dcpi_member *t = &tr[m];
		all_c &= (t->count = dcpi_find(pr, npr, "dcpix", run, img)) != NULL;
		all_t &= (t->taken = dcpi_find(pr, npr, "dcpix-taken", run, img)) != NULL;
		for (int e = 0; e < DCPI_EV_COUNT; e++) {
			all_e[e] &= (t->ev[e] = dcpi_find(pr, npr, dcpi_run_event_names[e], run, img))
			            != NULL;
			all_s[e] &= (t->sampled[e] = dcpi_find(pr, npr, dcpi_run_sampled_names[e], run,
			                                       img)) != NULL;
			if (t->sampled[e] && tr[0].sampled[e] &&
			    t->sampled[e]->period != tr[0].sampled[e]->period)
				all_s[e] = 0;  /* event samples of different periods: not summed */
		}
	}
	if (core_override) {
		r->core = *core_override;
		r->core_from_run = 1;
	} else if ((rc = dcpi_run_config(db, r->run_id, &r->core, &r->core_from_run))) {
		snprintf(err, DCPI_RUN_ERR_MAX, "cannot read run %lld: %s", (long long)r->run_id,
		         profile_db_error(db));
		goto out;
	}
	char serr[SYMBOLS_ERR_MAX];
	if ((rc = symbols_open(best->image_path, best->build_id, &sym, serr))) {
		snprintf(err, DCPI_RUN_ERR_MAX, "%s", serr);
		goto out;
	}
	for (size_t m = 0; m < nmem && !rc; m++) {
		if ((rc = dcpi_counts_add(db, mem[m], &ih)) ||
		    (all_c && (rc = dcpi_counts_add(db, tr[m].count, &cnt))) ||
		    (all_t && (rc = dcpi_counts_add(db, tr[m].taken, &tk))))
			break;
		for (int e = 0; e < DCPI_EV_COUNT && !rc; e++)
			if ((all_e[e] && (rc = dcpi_counts_add(db, tr[m].ev[e], &evc[e]))) ||
			    (all_s[e] && (rc = dcpi_counts_add(db, tr[m].sampled[e], &evs[e]))))
				break;
	}
	if (rc) {
		snprintf(err, DCPI_RUN_ERR_MAX, "cannot read the counts: %s", rc == -ENOMEM
		         ? "out of memory" : profile_db_error(db));
		goto out;
	}
	r->has_count = all_c;
	r->has_taken = all_t;
	for (int e = 0; e < DCPI_EV_COUNT; e++) {
		r->has_ev[e] = all_e[e];
		r->has_sampled[e] = all_s[e];
		r->ev_period[e] = all_s[e] && tr[0].sampled[e]->period
		                  ? (double)tr[0].sampled[e]->period : 1;
	}
	size_t cap = 0;
	if (func) {
		const struct symbols_func *sf = dcpi_run_func(sym, func);
		if (!sf) {
			snprintf(err, DCPI_RUN_ERR_MAX, "no function '%s' in %s", func, r->image_path);
			rc = -ENOENT;
			goto out;
		}
		rc = dcpi_func_add(r, &cap, sf);
	} else {
		for (size_t i = 0; i < ih.n && !rc; i++) {
			const struct symbols_func *sf = symbols_lookup(sym, ih.off[i]);
			if (sf && sf->size)
				rc = dcpi_func_add(r, &cap, sf);
		}
	}
	if (rc) {
		snprintf(err, DCPI_RUN_ERR_MAX, "out of memory");
		goto out;
	}
	struct cfg_image img = { dcpi_run_read, sym, NULL, 0 };
	if ((rc = symbols_code_pointers(sym, &img.code_ptrs, &img.n_code_ptrs))) {
		snprintf(err, DCPI_RUN_ERR_MAX, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < r->n; i++) {
		rc = dcpi_func_analyse(db, r, sym, &img, &r->f[i], &ih, &cnt, &tk, evc, evs, mem, nmem);
		if (rc == -EINVAL) {
			rc = 0;  /* no decodable code: nothing to analyse */
			continue;
		}
		if (rc) {
			snprintf(err, DCPI_RUN_ERR_MAX, "cannot analyse %s: %s", r->f[i].name,
			         rc == -ENOMEM ? "out of memory" : profile_db_error(db));
			goto out;
		}
	}
out:
	dcpi_counts_free(&ih);
	dcpi_counts_free(&cnt);
	dcpi_counts_free(&tk);
	for (int e = 0; e < DCPI_EV_COUNT; e++) {
		dcpi_counts_free(&evc[e]);
		dcpi_counts_free(&evs[e]);
	}
	free(mem);
	free(tr);
	symbols_close(sym);
	profile_db_profiles_free(pr, npr);
	if (rc)
		dcpi_run_free(r);
	return rc;
}

void dcpi_run_free(struct dcpi_run *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->f[i].name);
		free(r->f[i].count);
		free(r->f[i].taken);
		for (int e = 0; e < DCPI_EV_COUNT; e++) {
			free(r->f[i].ev[e]);
			free(r->f[i].est_ev[e]);
		}
		free(r->f[i].cause);
		dcpi_proc_free(&r->f[i].proc);
	}
	free(r->f);
	free(r->image_path);
	memset(r, 0, sizeof(*r));
}

int dcpi_run_list(struct profile_db *db, const struct profile_db_filter *flt,
		  struct dcpi_run_ref **out, size_t *n)
{
	struct profile_db_filter f = flt ? *flt : (struct profile_db_filter){ 0 };
	const char *events[] = { dcpi_run_event(flt) };
	f.events = events;
	f.n_events = 1;
	struct profile_db_profile *pr = NULL;
	size_t npr = 0;
	*out = NULL;
	*n = 0;
	int rc = profile_db_profiles(db, &f, &pr, &npr);
	if (rc)
		return rc;
	if (npr && !(*out = calloc(npr, sizeof(**out))))
		rc = -ENOMEM;
	/* profiles come ordered by (epoch, run, image, event): one per run and image */
	for (size_t i = 0; i < npr && !rc; i++) {
		struct dcpi_run_ref *x = &(*out)[*n];
		x->run_id = pr[i].run_id;
		if (!(x->image = strdup(pr[i].image_path ? pr[i].image_path : "")))
			rc = -ENOMEM;
		else
			(*n)++;
	}
	profile_db_profiles_free(pr, npr);
	if (rc) {
		dcpi_run_list_free(*out, *n);
		*out = NULL;
		*n = 0;
	}
	return rc;
}

void dcpi_run_list_free(struct dcpi_run_ref *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(r[i].image);
	free(r);
}
