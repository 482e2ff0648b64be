/*
 * sim_pics.c — PICS in `robin sim --profile`: JSON, listing, database rows (sim_pics.h).
 */
#include "sim/sim_pics.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/pics_eval.h"
#include "sim/sim_profile.h"

int sim_pics_active(const struct pmu *p)
{
	for (size_t i = 0; i < pmu_unit_count(p); i++)
		if (pmu_unit_at(p, i)->model->psv_events)
			return 1;
	return 0;
}

uint32_t sim_pics_models(uint32_t models)
{
	for (size_t i = 0; i < pmu_model_count(); i++)
		if ((models & (1u << i)) && pmu_model_at(i)->psv_events)
			return models | 1u << pmu_model_index("golden");
	return models;
}

static const struct pmu_unit *sim_pics_golden(const struct pmu *p)
{
	return pmu_unit_find(p, "golden");
}

/* Every PSV profiler's PICS error against the golden reference g, handed to emit (e NULL: no
 * samples). Returns 0 or -errno. */
static int sim_pics_errors(struct pmu *p, struct code_map *m, const struct pmu_unit *g,
			   void (*emit)(void *ctx, const struct pmu_unit *u,
					const struct profile_error *e),
			   void *ctx)
{
	for (size_t i = 0; i < pmu_unit_count(p); i++) {
		const struct pmu_unit *u = pmu_unit_at(p, i);
		if (!u->model->psv_events || u->model->every_cycle)
			continue;
		struct profile_error e[PMU_EVAL_GRAN_N];
		int rc = pics_eval_error(m, &u->pics, &g->pics, u->model->psv_events, e);
		if (rc && rc != -ENODATA)
			return rc;
		emit(ctx, u, rc ? NULL : e);
	}
	return 0;
}

static void sim_pics_error_json(void *ctx, const struct pmu_unit *u, const struct profile_error *e)
{
	sim_profile_json_error(ctx, u, e);
}

static void sim_pics_error_print(void *ctx, const struct pmu_unit *u,
				 const struct profile_error *e)
{
	sim_profile_print_error(ctx, u, e);
}

int sim_pics_json(struct json *j, struct pmu *p, struct code_map *m, unsigned top)
{
	const struct pmu_unit *g = sim_pics_golden(p);
	if (!g)
		return 0;
	json_key(j, "pics_error");
	json_object_begin(j);
	int erc = sim_pics_errors(p, m, g, sim_pics_error_json, j);
	if (erc)
		return erc;
	json_object_end(j);
	json_key(j, "pics_top");
	json_object_begin(j);
	struct pmu_eval_top *t = calloc(top ? top : 1, sizeof(*t));
	uint64_t *units = malloc(PICS_EVAL_SIGS * sizeof(*units));
	int rc = 0;
	if (!t || !units) {
		rc = -ENOMEM;
		goto out;
	}
	for (size_t i = 0; i < pmu_unit_count(p); i++) {
		const struct pmu_unit *u = pmu_unit_at(p, i);
		if (!u->model->psv_events)
			continue;
		int n = pmu_eval_top(m, &u->prof, t, top);
		if (n < 0) {
			rc = n;
			goto out;
		}
		json_key(j, u->model->name);
		json_array_begin(j);
		for (int k = 0; k < n; k++) {
			char pc[32];
			snprintf(pc, sizeof(pc), "0x%" PRIx64, t[k].pc);
			json_object_begin(j);
			json_kv_string(j, "pc", pc);
			json_kv_string(j, "function", t[k].func);
			json_kv_string(j, "location", t[k].where);
			json_kv_string(j, "disasm", t[k].disasm);
			json_kv_double(j, "share", t[k].share);
			uint64_t tot = pics_eval_components(&u->pics, t[k].pc, u->model->psv_events, units);
			json_key(j, "components");
			json_object_begin(j);
			for (uint32_t s = 0; s < PICS_EVAL_SIGS && tot; s++) {
				if (!units[s])
					continue;
				char name[PSV_NAME_MAX];
				psv_name(s, name, sizeof(name));
				json_kv_double(j, name, (double)units[s] / (double)tot);
			}
			json_object_end(j);
			json_object_end(j);
		}
		json_array_end(j);
	}
out:
	json_object_end(j);
	free(t);
	free(units);
	return rc;
}

int sim_pics_print(FILE *out, struct pmu *p, struct code_map *m, unsigned top)
{
	const struct pmu_unit *g = sim_pics_golden(p);
	if (!g)
		return 0;
	fprintf(out, "\n  %-9s %9s %10s %12s %9s  (PICS error against the golden reference, 004 "
	        "Paper B §4)\n", "profiler", "samples", "instr.", "basic block", "function");
	int erc = sim_pics_errors(p, m, g, sim_pics_error_print, out);
	if (erc)
		return erc;
	if (!top)
		return 0;
	struct pmu_eval_top *t = calloc(top, sizeof(*t));
	uint64_t *units = malloc(PICS_EVAL_SIGS * sizeof(*units));
	int n = -ENOMEM;
	if (t && units)
		n = pmu_eval_top(m, &g->prof, t, top);
	if (n >= 0)
		fprintf(out, "\ntop %u instructions of the golden reference with their PICS (share of "
		        "all cycles; signature shares of the instruction's cycles)\n", top);
	for (int k = 0; k < n; k++) {
		char stack[256], dis[CODE_MAP_TEXT_MAX];
		double du[PICS_EVAL_SIGS];
		snprintf(dis, sizeof(dis), "%s", t[k].disasm);
		for (char *c = dis; *c; c++)
			if (*c == '\t')
				*c = ' ';
		uint64_t tot = pics_eval_components(&g->pics, t[k].pc, PSV_ALL, units);
		for (uint32_t s = 0; s < PICS_EVAL_SIGS; s++)
			du[s] = (double)units[s];
		pics_eval_stack_text(du, (double)tot, 4, stack, sizeof(stack));
		fprintf(out, "  %6.2f%%  %10" PRIx64 "  %-28.28s %-30.30s [%s]\n", 100 * t[k].share,
		        t[k].pc, t[k].where, dis, stack);
	}
	free(t);
	free(units);
	return n < 0 ? n : 0;
}

int sim_pics_name_keys(struct profile_db *db, const struct pmu *p)
{
	uint8_t used[PICS_EVAL_SIGS] = { 0 };
	for (size_t i = 0; i < pmu_unit_count(p); i++) {
		const struct pmu_profile *q = &pmu_unit_at(p, i)->pics;
		for (size_t k = 0; k < q->n; k++)
			used[psv_key_sig(q->e[k].pc)] = 1;
	}
	for (int b = 0; b < PSV_BITS; b++)
		used[1u << b] = 1;   /* the single events, so readers can name any key by its bits */
	int rc = 0;
	for (uint32_t s = 0; s < PICS_EVAL_SIGS && !rc; s++) {
		char name[PSV_NAME_MAX];
		if (!used[s])
			continue;
		psv_name(s, name, sizeof(name));
		rc = profile_db_detail_key_name(db, PROFILE_DB_KIND_PSV, s, name);
	}
	return rc;
}

int sim_pics_add_details(struct profile_db_batch *b, int event, int64_t image_id,
			 uint64_t offset, const struct pmu_unit *u, uint64_t pc)
{
	if (!u->model->psv_events || pc >= PSV_KEY_PC_MAX)
		return 0;
	int rc = 0;
	for (uint32_t s = 0; s < PICS_EVAL_SIGS && !rc; s++) {
		const struct pmu_entry *e = pmu_profile_find(&u->pics, psv_key(pc, s));
		if (e)
			rc = profile_db_batch_add_detail(b, event, image_id, offset, PROFILE_DB_KIND_PSV,
			                                 s, e->total, 0);
	}
	return rc;
}
