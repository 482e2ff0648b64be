/*
 * sim_profile.c — simulated profilers for `robin sim` / `robin accuracy`: options, PMU set-up,
 * code map, database storage, JSON and the stderr listing (see sim_profile.h).
 */
#include "sim/sim_profile.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/cycle_stack.h"
#include "analysis/pmu_eval.h"
#include "sim/sim_ctr.h"
#include "sim/sim_ibs.h"
#include "sim/sim_pics.h"
#include "sim/sim_sscof.h"
#include "sim/sim_stacks.h"
#include "pmu/pcs.h"
#include "pmu/sampler.h"
#include "profile/profile_db.h"

uint64_t sim_profile_period(const struct sim_profile_opts *o, const struct core_config *cfg)
{
	if (o->period)
		return o->period;
	return sampler_period_from_hz(o->freq_hz > 0 ? o->freq_hz : SAMPLER_DEFAULT_HZ,
	                              cfg->freq_mhz * 1e6);
}

int sim_profile_pmu(const struct sim_profile_opts *o, const char *cmd,
		    const struct core_config *cfg, struct pmu **out)
{
	struct pmu_config pc = {
		.period_cycles = sim_profile_period(o, cfg),
		.random = o->random,
		.seed = o->seed ? o->seed : 1,
		.commit_width = cfg->commit_width,
		.models = sim_pics_models(o->models | (1u << pmu_model_index("oracle"))),
		.stacks = o->stacks,
		.pcs_event = o->pcs_event,
		.pcs_period = o->pcs_period,
		.ibs_ops_period = o->ibs_ops,
		.ctr_depth = o->ctr_depth, .ctr_filter = o->ctr_filter, .ctr_period = o->ctr_period,
		.sscof_event = o->sscof_event,
		.sscof_period = o->sscof_period,
		.sscof_irq_cycles = cfg->sscof_irq_cycles,
	};
	int rc = pmu_create(&pc, out);
	if (rc)
		fprintf(stderr, "robin %s: cannot set up the profilers: %s\n", cmd, strerror(-rc));
	return rc;
}

/* ---- the profile database --------------------------------------------------------------- */

int sim_profile_image_id(struct profile_db *db, struct code_map *m, int k, int64_t *id)
{
	struct code_map_image *im = &m->im[k];
	if (!im->db_id) {
		int rc = profile_db_image_add(db, im->path, im->ident.build_id, im->ident.size_bytes,
		                              im->ident.arch, &im->db_id);
		if (rc)
			return rc;
	}
	*id = im->db_id;
	return 0;
}

/* Declare the detail kind "cycle_stack" with its key names (the tools show it). */
static int sim_profile_kinds(struct profile_db *db, int *cs_kind)
{
	int rc = profile_db_detail_kind(db, "cycle_stack",
	                                "cycle-stack category of 004 Paper A §3.1 (execute, ALU/"
	                                "load/store stall, mispredict, misc flush, front-end)", "",
	                                cs_kind);
	for (int c = 0; c < PMU_CAT_N && !rc; c++)
		rc = profile_db_detail_key_name(db, *cs_kind, c,
		                                cycle_stack_name((enum cycle_stack_cat)c));
	return rc;
}

static int sim_profile_add_unit(struct profile_db *db, struct profile_db_batch *b,
				const struct pmu_unit *u, uint64_t period, struct code_map *m,
				int cs_kind)
{
	const struct pmu_profile *p = &u->prof;
	if (u->period_events)
		period = u->period_events;  /* sampled every N events */
	int ev, rc = profile_db_batch_event(b, u->model->name, u->model->every_cycle ? 1 : period,
	                                    (uint32_t)p->divisor, &ev);
	for (size_t i = 0; i < p->n && !rc; i++) {
		const struct pmu_entry *e = &p->e[i];
		struct code_loc l;
		int64_t img = 0;
		if ((rc = code_map_locate(m, e->pc, &l)))
			break;
		if (l.image >= 0 && (rc = sim_profile_image_id(db, m, l.image, &img)))
			break;
		uint64_t off = l.image >= 0 ? l.offset : e->pc;
		if ((rc = profile_db_batch_add(b, ev, img, off, e->total)))
			break;
		uint64_t st[PROFILE_DB_COMMIT_COUNT] = { 0 };
		for (int c = 0; c < PMU_CAT_N && !rc; c++) {
			if (!e->cat[c])
				continue;
			st[pmu_cat_state((enum pmu_cat)c)] += e->cat[c];
			rc = profile_db_batch_add_detail(b, ev, img, off, cs_kind, c, e->cat[c], 0);
		}
		for (int s = 0; s < PROFILE_DB_COMMIT_COUNT && !rc; s++)
			if (st[s])
				rc = profile_db_batch_add_detail(b, ev, img, off,
				                                 PROFILE_DB_KIND_COMMIT_STATE, s, st[s], 0);
		if (!rc)
			rc = sim_pics_add_details(b, ev, img, off, u, e->pc);
	}
	return rc;
}

int sim_profile_db_ready(const char *path, const char *cmd)
{
	char err[PROFILE_DB_ERR_MAX];
	struct profile_db *db = NULL;
	path = profile_db_default_path(path);
	int rc = profile_db_open(path, PROFILE_DB_CREATE, &db, err);
	if (!rc && (rc = profile_db_check_writable(db)))
		snprintf(err, sizeof(err), "%s", profile_db_error(db));
	if (rc)
		fprintf(stderr, "robin %s: %s (checked before simulating)\n", cmd, err);
	profile_db_close(db);
	return rc;
}

int sim_profile_run_begin(const char *path, const char *cmd, const struct sim_profile_run *run,
			  struct code_map *m, struct profile_db **db, int64_t *run_id)
{
	char err[PROFILE_DB_ERR_MAX], host[256] = "";
	*run_id = 0;
	int rc = profile_db_open(profile_db_default_path(path), PROFILE_DB_CREATE, db, err);
	if (rc) {
		fprintf(stderr, "robin %s: %s\n", cmd, err);
		profile_db_close(*db);
		*db = NULL;
		return rc;
	}
	gethostname(host, sizeof(host) - 1);
	struct profile_db_run_info ri = {
		.command = run->command, .config = run->config, .host = host, .simulated = 1,
	};
	for (size_t i = 0; i < m->nim; i++)
		m->im[i].db_id = 0;
	/* the run, its profiles and totals land together or not at all: one transaction from
	 * here to sim_profile_run_finish (closing without it rolls back) */
	if ((rc = profile_db_transaction_begin(*db)) || (rc = profile_db_run_begin(*db, &ri, run_id))) {
		fprintf(stderr, "robin %s: cannot store the profiles: %s\n", cmd,
		        profile_db_error(*db));
		profile_db_close(*db);
		*db = NULL;
	}
	return rc;
}

int sim_profile_run_finish(struct profile_db *db, int64_t run_id,
			   const struct sim_profile_run *run)
{
	int rc;
	if ((rc = profile_db_run_set_total(db, run_id, "cycles", (double)run->cycles)) ||
	    (rc = profile_db_run_set_total(db, run_id, "instructions", (double)run->instructions)))
		return rc;
	if (run->has_exit && (rc = profile_db_run_set_exit(db, run_id, run->exit_status)))
		return rc;
	if ((rc = profile_db_run_end(db, run_id, 0)))
		return rc;
	return profile_db_transaction_commit(db);
}

int sim_profile_locate(struct profile_db *db, struct code_map *m, uint64_t pc, int64_t *image,
		       uint64_t *offset)
{
	struct code_loc l;
	int rc = code_map_locate(m, pc, &l);
	*image = 0;
	*offset = pc;
	if (rc || l.image < 0)
		return rc;
	*offset = l.offset;
	return sim_profile_image_id(db, m, l.image, image);
}

/* Store units u[0..n) (p, when not NULL, their PMU for the PICS key names) as one run. */
static int sim_profile_store_impl(const char *path, const char *cmd,
				  const struct sim_profile_run *run, const struct pmu *p,
				  const struct pmu_unit *const *u, size_t n, uint64_t period,
				  double samples, struct code_map *m, FILE *info)
{
	struct profile_db *db = NULL;
	struct profile_db_batch *b = NULL;
	int64_t run_id = 0;
	path = profile_db_default_path(path);
	int rc = sim_profile_run_begin(path, cmd, run, m, &db, &run_id);
	if (rc)
		return rc;
	int cs_kind;
	if ((rc = sim_profile_kinds(db, &cs_kind)) || (p && (rc = sim_pics_name_keys(db, p))) ||
	    (rc = profile_db_batch_new(db, 0, run_id, &b)))
		goto out;
	for (size_t i = 0; i < n && !rc; i++)
		rc = sim_profile_add_unit(db, b, u[i], period, m, cs_kind);
	if (!rc && p)
		rc = sim_ibs_store(db, b, p, m);
	if (rc || (rc = profile_db_batch_commit(b, NULL)))
		goto out;
	if (p && run->calls && (rc = sim_stacks_store(db, run_id, p, run->calls, m)))
		goto out;
	if ((rc = profile_db_run_set_total(db, run_id, "samples", samples)) ||
	    (rc = profile_db_run_set_total(db, run_id, "sample_period_cycles", (double)period)))
		goto out;
	rc = sim_profile_run_finish(db, run_id, run);
out:
	if (rc && db)
		profile_db_transaction_rollback(db);
	if (rc)
		fprintf(stderr, "robin %s: cannot store the profiles: %s\n", cmd,
		        rc == -ENOMEM ? "out of memory" : profile_db_error(db));
	else if (info)
		fprintf(info, "robin %s: profiles stored in %s as run %" PRId64 " (events:", cmd, path,
		        run_id);
	if (!rc && info) {
		for (size_t i = 0; i < n; i++)
			fprintf(info, " %s", u[i]->model->name);
		fprintf(info, ")\n");
	}
	profile_db_batch_free(b);
	profile_db_close(db);
	return rc;
}

int sim_profile_store(const char *path, const char *cmd, const struct sim_profile_run *run,
		      struct pmu *p, struct code_map *m, FILE *info)
{
	const struct pmu_unit *u[PMU_MAX_MODELS];
	size_t n = pmu_unit_count(p);
	for (size_t i = 0; i < n && i < PMU_MAX_MODELS; i++)
		u[i] = pmu_unit_at(p, i);
	return sim_profile_store_impl(path, cmd, run, p, u, n < PMU_MAX_MODELS ? n : PMU_MAX_MODELS,
	                              pmu_period(p), (double)pmu_samples_taken(p), m, info);
}

int sim_profile_store_units(const char *path, const char *cmd, const struct sim_profile_run *run,
			    const struct pmu_unit *const *u, size_t n, uint64_t period,
			    double samples, struct code_map *m, FILE *info)
{
	return sim_profile_store_impl(path, cmd, run, NULL, u, n, period, samples, m, info);
}

/* ---- JSON and listing -------------------------------------------------------------------- */

void sim_profile_json_error(struct json *j, const struct pmu_unit *u,
			    const struct profile_error *e)
{
	json_key(j, u->model->name);
	json_object_begin(j);
	for (int g = 0; g < PMU_EVAL_GRAN_N; g++) {
		json_key(j, pmu_eval_gran_name((enum pmu_eval_gran)g));
		if (!e)
			json_null(j);
		else
			json_double(j, e[g].error);
	}
	json_kv_uint(j, "samples", u->samples);
	json_kv_uint(j, "unresolved", u->unresolved);
	json_object_end(j);
}

static const struct pmu_unit *sim_profile_oracle(const struct pmu *p)
{
	return pmu_unit_find(p, "oracle");
}

int sim_profile_json(struct json *j, struct pmu *p, struct code_map *m, unsigned top)
{
	const struct pmu_unit *o = sim_profile_oracle(p);
	int rc = 0;
	json_key(j, "sampling");
	json_object_begin(j);
	json_kv_uint(j, "period_cycles", pmu_period(p));
	json_kv_uint(j, "samples", pmu_samples_taken(p));
	json_object_end(j);
	json_key(j, "profile_error");
	json_object_begin(j);
	for (size_t i = 0; i < pmu_unit_count(p); i++) {
		const struct pmu_unit *u = pmu_unit_at(p, i);
		if (u->model->every_cycle)
			continue;
		struct profile_error e[PMU_EVAL_GRAN_N];
		rc = pmu_eval_error(m, &u->prof, &o->prof, e);
		if (rc && rc != -ENODATA)
			return rc;
		sim_profile_json_error(j, u, rc ? NULL : e);
	}
	json_object_end(j);
	json_key(j, "top");
	json_object_begin(j);
	struct pmu_eval_top *t = calloc(top ? top : 1, sizeof(*t));
	if (!t)
		return -ENOMEM;
	for (size_t i = 0; i < pmu_unit_count(p); i++) {
		const struct pmu_unit *u = pmu_unit_at(p, i);
		int n = pmu_eval_top(m, &u->prof, t, top);
		if (n < 0) {
			free(t);
			return n;
		}
		json_key(j, u->model->name);
		json_array_begin(j);
		for (int k = 0; k < n; k++) {
			json_object_begin(j);
			char pc[32];
			snprintf(pc, sizeof(pc), "0x%" PRIx64, t[k].pc);
			json_kv_string(j, "pc", pc);
			json_kv_string(j, "function", t[k].func);
			json_kv_string(j, "location", t[k].where);
			json_kv_string(j, "source", t[k].source);
			json_kv_string(j, "disasm", t[k].disasm);
			json_kv_double(j, "share", t[k].share);
			json_object_end(j);
		}
		json_array_end(j);
	}
	free(t);
	json_object_end(j);
	sim_sscof_json(j, p);
	rc = sim_pics_json(j, p, m, top);
	rc = rc ? rc : sim_ctr_json(j, p);
	return rc ? rc : sim_ibs_json(j, p, m);
}

void sim_profile_print_error(FILE *out, const struct pmu_unit *u, const struct profile_error *e)
{
	if (!e)
		fprintf(out, "  %-9s %9" PRIu64 "  (no samples)\n", u->model->name, u->samples);
	else
		fprintf(out, "  %-9s %9" PRIu64 " %9.2f%% %11.2f%% %8.2f%%\n", u->model->name,
		        u->samples, 100 * e[PMU_EVAL_INSN].error, 100 * e[PMU_EVAL_BLOCK].error,
		        100 * e[PMU_EVAL_FUNC].error);
}

static double sim_profile_share_of(const struct pmu_profile *p, uint64_t pc)
{
	const struct pmu_entry *e = pmu_profile_find(p, pc);
	return e && p->total ? (double)e->total / (double)p->total : 0.0;
}

/* The listing's text column: disassembly with the tab as spaces. */
static void sim_profile_detab(const char *in, char *out, size_t n)
{
	size_t k = 0;
	for (; *in && k + 1 < n; in++) {
		if (*in == '\t') {
			while (k < 8 && k + 1 < n)
				out[k++] = ' ';
			if (k >= 8 && k + 1 < n && out[k - 1] != ' ')
				out[k++] = ' ';
		} else {
			out[k++] = *in;
		}
	}
	out[k] = 0;
}

static void sim_profile_row(FILE *out, const struct pmu_eval_top *t, double a, double b)
{
	char dis[CODE_MAP_TEXT_MAX];
	sim_profile_detab(t->disasm, dis, sizeof(dis));
	fprintf(out, "  %6.2f%% %6.2f%%  %10" PRIx64 "  %-28.28s %-22.22s %s\n", 100 * a, 100 * b,
	        t->pc, t->where, t->source[0] ? t->source : "-", dis);
}

int sim_profile_print(FILE *out, struct pmu *p, struct code_map *m, unsigned top,
		      double freq_mhz)
{
	const struct pmu_unit *o = sim_profile_oracle(p);
	uint64_t period = pmu_period(p);
	double cycles = (double)o->prof.total / (double)o->prof.divisor;
	fprintf(out, "robin sim: profilers sampled every %" PRIu64 " cycles (%.4g Hz at %.0f MHz): "
	        "%" PRIu64 " samples over %.0f cycles\n", period, freq_mhz * 1e6 / (double)period,
	        freq_mhz, pmu_samples_taken(p), cycles);
	if (pmu_samples_taken(p) < 1000 && cycles >= 10000.0 * 64)
		fprintf(out, "  (few samples: the errors below are mostly statistical; --period %.0f "
		        "would give about 10000)\n", cycles / 10000.0);
	fprintf(out, "  %-9s %9s %10s %12s %9s  (profile error against the Oracle, 004 Paper A "
	        "§4)\n", "profiler", "samples", "instr.", "basic block", "function");
	for (size_t i = 0; i < pmu_unit_count(p); i++) {
		const struct pmu_unit *u = pmu_unit_at(p, i);
		if (u->model->every_cycle)
			continue;
		struct profile_error e[PMU_EVAL_GRAN_N];
		int rc = pmu_eval_error(m, &u->prof, &o->prof, e);
		if (rc && rc != -ENODATA)
			return rc;
		sim_profile_print_error(out, u, rc ? NULL : e);
	}
	sim_sscof_print(out, p);
	if (!top) {
		int rc = sim_pics_print(out, p, m, 0);
		rc = rc ? rc : sim_ctr_print(out, p);
		return rc ? rc : sim_ibs_print(out, p, m);
	}
	struct pmu_eval_top *t = calloc(top, sizeof(*t));
	if (!t)
		return -ENOMEM;
	int n = pmu_eval_top(m, &o->prof, t, top);
	if (n < 0)
		goto fail;
	fprintf(out, "\ntop %u instructions of the Oracle (share of all cycles; cycle stack of each)\n",
	        top);
	for (int k = 0; k < n; k++) {
		char dis[CODE_MAP_TEXT_MAX], stack[160] = "";
		sim_profile_detab(t[k].disasm, dis, sizeof(dis));
		for (int c = 0; c < PMU_CAT_N; c++)
			if (t[k].cat_share[c] >= 0.005)
				snprintf(stack + strlen(stack), sizeof(stack) - strlen(stack), "%s%s %.0f%%",
				         stack[0] ? ", " : "", pmu_cat_name((enum pmu_cat)c),
				         100 * t[k].cat_share[c]);
		fprintf(out, "  %6.2f%%  %10" PRIx64 "  %-28.28s %-22.22s %-26s [%s]\n",
		        100 * t[k].share, t[k].pc, t[k].where, t[k].source[0] ? t[k].source : "-",
		        dis, stack);
	}
	for (size_t i = 0; i < pmu_unit_count(p); i++) {
		const struct pmu_unit *u = pmu_unit_at(p, i);
		if (u->model->every_cycle)
			continue;
		if ((n = pmu_eval_top(m, &u->prof, t, top)) < 0)
			goto fail;
		fprintf(out, "\ntop %u instructions of %s, next to the Oracle's share of the same "
		        "instruction\n  %7s %7s  %10s  %-28s %-22s %s\n", top, u->model->name,
		        u->model->name, "oracle", "pc", "function", "source", "disassembly");
		for (int k = 0; k < n; k++)
			sim_profile_row(out, &t[k], t[k].share, sim_profile_share_of(&o->prof, t[k].pc));
	}
	free(t);
	n = sim_pics_print(out, p, m, top);
	n = n ? n : sim_ctr_print(out, p);
	return n ? n : sim_ibs_print(out, p, m);
fail:
	free(t);
	return n;
}

/* ---- the program's code ------------------------------------------------------------------ */

int sim_profile_code_map(struct emu *e, struct code_map *m)
{
	struct emu_image_info im[EMU_MAX_IMAGES];
	size_t n = emu_images(e, im, EMU_MAX_IMAGES);
	for (size_t i = 0; i < n && i < EMU_MAX_IMAGES; i++) {
		int rc = code_map_add(m, im[i].path, im[i].start, im[i].end, im[i].bias);
		if (rc == -ENOMEM)
			return rc;
		/* an overlapping range (a remapped region) keeps the first registration */
	}
	return 0;
}
