/*
 * sim_profileme.c — ProfileMe for `robin sim`: options, set-up, stderr summary, JSON and
 * database storage (see sim_profileme.h).
 */
#include "sim/sim_profileme.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/pm_paths.h"
#include "analysis/profileme_est.h"
#include "profile/profile_db.h"
#include "util/text.h"

int sim_pm_create(const struct sim_pm_opts *o, const char *cmd, const struct core_config *cfg,
		  FILE *raw, struct pm **out)
{
	struct pm_config pc = {
		.interval = o->interval ? o->interval : SIM_PM_INTERVAL_DEFAULT,
		.paired = o->paired,
		.window = o->window ? o->window : cfg->rob_entries + cfg->fetch_buffer,
		.history_bits = o->history_bits ? o->history_bits : SIM_PM_HISTORY_DEFAULT,
		.seed = o->seed ? o->seed : 1,
		.issue_width = cfg->decode_width,
		.ipc_window_cycles = 30,
		.keep_samples = 20000,
		.keep_path_max = 64,
		.raw = raw,
		.fetch_slots = o->fetch_slots ? cfg->fetch_width : 0,
	};
	int rc = pm_create(&pc, out);
	if (rc)
		fprintf(stderr, "robin %s: cannot set up ProfileMe: %s\n", cmd, strerror(-rc));
	return rc;
}

/* ---- summary ------------------------------------------------------------------------------- */

static int sim_pm_cmp_samples(const void *a, const void *b)
{
	const struct pm_pc *x = *(const struct pm_pc *const *)a, *y = *(const struct pm_pc *const *)b;
	return x->samples < y->samples ? 1 : x->samples > y->samples ? -1
	       : x->pc < y->pc ? -1 : x->pc > y->pc;
}

static double sim_pm_avg(const struct pm_pc *e, enum pm_lat l)
{
	return e->lat_n[l] ? (double)e->lat_sum[l] / (double)e->lat_n[l] : NAN;
}

int sim_pm_print(FILE *out, struct pm *p, struct code_map *m, unsigned top)
{
	const struct pm_stats *st = pm_stats(p);
	const struct pm_config *c = pm_config(p);
	size_t n;
	const struct pm_pc *pcs = pm_pcs(p, &n);
	fprintf(out, "robin sim: ProfileMe sampled one in %" PRIu64 " fetched instructions%s: %"
	        PRIu64 " records (%" PRIu64 " retired, %" PRIu64 " aborted on the wrong path, %"
	        PRIu64 " flushed behind a trap), %" PRIu64 " pairs, %" PRIu64 " dropped\n",
	        c->interval, c->paired ? " (paired)" : "", st->samples, st->retired,
	        st->aborted[PM_ABORT_WRONG_PATH], st->aborted[PM_ABORT_TRAP], st->pairs,
	        st->dropped);
	if (c->fetch_slots) {
		struct pm_est e;
		pm_est_count(st->empty_samples, (double)c->interval, &e);
		fprintf(out, "  fetch slots (%u a cycle): %" PRIu64 " tagged, %" PRIu64 " empty; empty "
		        "slots estimated %.0f (95%% %.0f..%.0f), exact %" PRIu64 " of %" PRIu64 "\n",
		        c->fetch_slots, st->slot_samples, st->empty_samples, e.est, e.lo, e.hi,
		        st->x_empty_slots, st->slots);
	}
	for (int k = 0; k < PM_PROP_N; k++) {
		struct pm_envelope env;
		pm_est_envelope(pcs, n, (enum pm_prop)k, pm_est_interval(c), &env);
		fprintf(out, "  %-12s estimates kS inside 1 +- 1/sqrt(k) of the exact count: %zu of "
		        "%zu PCs (%.1f%%), inside the 95%% interval: %.1f%%\n", pm_prop_name(k),
		        env.inside, env.points, 100 * env.fraction,
		        env.points ? 100.0 * (double)env.in95 / (double)env.points : 0.0);
	}
	if (c->paired) {
		struct pm_wasted_eval we;
		if (pm_est_wasted_eval(pcs, n, c, 10, &we))
			return -ENOMEM;
		fprintf(out, "  wasted issue slots (C = %u, W = %u): Pearson r %.3f over %zu PCs, top "
		        "%zu error %.1f%%\n", c->issue_width, c->window, we.pearson, we.points,
		        we.top, 100 * we.top_rel_error);
	}
	struct pm_paths_result pr;
	if (pm_paths_eval(p, m, SIM_PM_PATH_SAMPLES, SIM_PM_PATH_WINDOW, &pr))
		return -ENOMEM;
	fprintf(out, "  path reconstruction success (%zu samples; history length 1, 4, 8, 12):\n",
	        pr.samples);
	for (int mode = 0; mode < PM_PATH_MODES; mode++)
		for (int sch = 0; sch < PM_PATH_SCHEMES; sch++) {
			fprintf(out, "    %-5s %-8s", pm_path_mode_name((enum pm_path_mode)mode),
			        pm_path_scheme_name((enum pm_path_scheme)sch));
			for (unsigned h = 1; h <= PM_PATHS_MAX_HIST; h += h == 1 ? 3 : 4) {
				double r = pm_paths_rate(&pr, (enum pm_path_scheme)sch, (enum pm_path_mode)mode, h);
				if (r < 0)
					fprintf(out, "      -");
				else
					fprintf(out, " %5.1f%%", 100 * r);
			}
			fputc('\n', out);
		}
	fprintf(out, "  windowed IPC (%u cycles): mean %.3f, retire-weighted mean %.3f, std %.1f%% "
	        "of it, max/min %.1f\n", c->ipc_window_cycles, st->ipc_mean, st->ipc_wmean,
	        st->ipc_wmean > 0 ? 100 * st->ipc_wstd / st->ipc_wmean : 0.0,
	        st->ipc_min_nonzero > 0 ? st->ipc_max / st->ipc_min_nonzero : 0.0);
	if (!top || !n)
		return 0;
	const struct pm_pc **v = malloc(n * sizeof(*v));
	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		v[i] = &pcs[i];
	qsort(v, n, sizeof(*v), sim_pm_cmp_samples);
	fprintf(out, "\ntop %u instructions by ProfileMe samples\n  %7s %8s %10s %7s %6s %6s %6s "
	        "%6s %6s  %10s  %-28s %s\n", top, "samples", "retired", "est.", "exact", "f->m",
	        "m->r", "r->i", "i->rr", "rr->r", "pc", "function", "disassembly");
	for (size_t i = 0; i < n && i < top && v[i]->samples; i++) {
		const struct pm_pc *e = v[i];
		struct code_loc l;
		char where[CODE_MAP_TEXT_MAX], src[CODE_MAP_TEXT_MAX], dis[CODE_MAP_TEXT_MAX];
		if (code_map_locate(m, e->pc, &l)) {
			free(v);
			return -ENOMEM;
		}
		code_map_describe(m, &l, e->pc, e->insn, where, src, dis);
		for (char *t = dis; *t; t++)
			if (*t == '\t')
				*t = ' ';
		fprintf(out, "  %7" PRIu64 " %7.1f%% %10.4g %7" PRIu64 " %6.1f %6.1f %6.1f %6.1f %6.1f  "
		        "%10" PRIx64 "  %-28.28s %s\n", e->samples,
		        100.0 * (double)e->retired / (double)e->samples,
		        (double)e->retired * pm_est_interval(c), e->x_retired,
		        sim_pm_avg(e, PM_LAT_FETCH_MAP), sim_pm_avg(e, PM_LAT_MAP_READY),
		        sim_pm_avg(e, PM_LAT_READY_ISSUE), sim_pm_avg(e, PM_LAT_ISSUE_RETREADY),
		        sim_pm_avg(e, PM_LAT_RETREADY_RETIRE), e->pc, where, dis);
	}
	free(v);
	return 0;
}

/* ---- JSON ---------------------------------------------------------------------------------- */

int sim_pm_json(struct json *j, struct pm *p, struct code_map *m)
{
	const struct pm_stats *st = pm_stats(p);
	const struct pm_config *c = pm_config(p);
	size_t n;
	const struct pm_pc *pcs = pm_pcs(p, &n);
	json_key(j, "profileme");
	json_object_begin(j);
	json_kv_uint(j, "interval", c->interval);
	json_kv_int(j, "paired", c->paired);
	json_kv_uint(j, "window", c->window);
	json_kv_uint(j, "history_bits", c->history_bits);
	json_kv_uint(j, "issue_width", c->issue_width);
	json_kv_uint(j, "fetched", st->fetched);
	json_kv_uint(j, "samples", st->samples);
	json_kv_uint(j, "pairs", st->pairs);
	json_kv_uint(j, "retired", st->retired);
	uint64_t ab = 0;
	for (int a = 1; a < PM_ABORT_N; a++)
		ab += st->aborted[a];
	json_kv_uint(j, "aborted", ab);
	json_key(j, "aborted_by_reason");
	json_object_begin(j);
	for (int a = 1; a < PM_ABORT_N; a++)
		json_kv_uint(j, pm_abort_name((enum pm_abort)a), st->aborted[a]);
	json_object_end(j);
	json_kv_uint(j, "dropped", st->dropped);
	json_kv_uint(j, "exact_retired", st->x_retired);
	if (c->fetch_slots) {
		struct pm_est e;
		pm_est_count(st->empty_samples, (double)c->interval, &e);
		json_key(j, "fetch_slots");
		json_object_begin(j);
		json_kv_uint(j, "per_cycle", c->fetch_slots);
		json_kv_uint(j, "tagged", st->slot_samples);
		json_kv_uint(j, "empty_samples", st->empty_samples);
		json_kv_double(j, "empty_est", e.est);
		json_kv_double(j, "empty_lo95", e.lo);
		json_kv_double(j, "empty_hi95", e.hi);
		json_kv_uint(j, "empty_exact", st->x_empty_slots);
		json_kv_uint(j, "slots_exact", st->slots);
		json_object_end(j);
	}
	json_key(j, "envelope_fraction");
	json_object_begin(j);
	struct pm_envelope env[PM_PROP_N];
	for (int k = 0; k < PM_PROP_N; k++) {
		pm_est_envelope(pcs, n, (enum pm_prop)k, pm_est_interval(c), &env[k]);
		json_kv_double(j, pm_prop_name(k), env[k].fraction);
	}
	json_object_end(j);
	json_key(j, "envelope_points");
	json_object_begin(j);
	for (int k = 0; k < PM_PROP_N; k++)
		json_kv_uint(j, pm_prop_name(k), env[k].points);
	json_object_end(j);
	json_key(j, "wasted_slots_pearson");
	struct pm_wasted_eval we = { .pearson = NAN, .top_rel_error = NAN };
	if (c->paired && pm_est_wasted_eval(pcs, n, c, 10, &we))
		return -ENOMEM;
	if (isfinite(we.pearson))
		json_double(j, we.pearson);
	else
		json_null(j);
	json_kv_uint(j, "wasted_slots_points", we.points);
	json_key(j, "wasted_slots_top10_error");
	if (isfinite(we.top_rel_error))
		json_double(j, we.top_rel_error);
	else
		json_null(j);
	struct pm_paths_result pr;
	if (pm_paths_eval(p, m, SIM_PM_PATH_SAMPLES, SIM_PM_PATH_WINDOW, &pr))
		return -ENOMEM;
	for (int mode = 0; mode < PM_PATH_MODES; mode++) {
		json_key(j, mode == PM_PATH_INTRA ? "path_success" : "path_success_inter");
		json_object_begin(j);
		for (int sch = 0; sch < PM_PATH_SCHEMES; sch++) {
			json_key(j, pm_path_scheme_name((enum pm_path_scheme)sch));
			json_object_begin(j);
			for (unsigned h = 1; h <= pr.max_hist; h++) {
				double r = pm_paths_rate(&pr, (enum pm_path_scheme)sch, (enum pm_path_mode)mode, h);
				char key[8];
				snprintf(key, sizeof(key), "%u", h);
				json_key(j, key);
				if (r < 0)
					json_null(j);
				else
					json_double(j, r);
			}
			json_object_end(j);
		}
		json_object_end(j);
	}
	json_kv_uint(j, "path_samples", pr.samples);
	json_kv_uint(j, "path_pair_window", pr.pair_window);
	json_key(j, "windowed_ipc");
	json_object_begin(j);
	json_kv_uint(j, "window_cycles", c->ipc_window_cycles);
	json_kv_uint(j, "windows", st->ipc_windows);
	json_kv_double(j, "mean", st->ipc_mean);
	json_kv_double(j, "weighted_mean", st->ipc_wmean);
	json_kv_double(j, "weighted_std", st->ipc_wstd);
	json_kv_double(j, "max", st->ipc_max);
	json_kv_double(j, "min_nonzero", st->ipc_min_nonzero);
	json_object_end(j);
	/* per PC (sampled ones): the data of Figure 3 and Figure 7 */
	json_key(j, "pcs");
	json_array_begin(j);
	double si = pm_est_interval(c);
	for (size_t i = 0; i < n; i++) {
		const struct pm_pc *e = &pcs[i];
		if (!e->samples)
			continue;
		char pc[32];
		snprintf(pc, sizeof(pc), "0x%" PRIx64, e->pc);
		json_object_begin(j);
		json_kv_string(j, "pc", pc);
		struct code_loc l;
		if (code_map_locate(m, e->pc, &l))
			return -ENOMEM;
		json_kv_string(j, "function", l.func ? l.func->name : "");
		json_kv_uint(j, "samples", e->samples);
		json_kv_uint(j, "retired", e->retired);
		json_kv_uint(j, "exact_retired", e->x_retired);
		json_kv_uint(j, "dcache_miss", e->ev[PM_EV_DCACHE_MISS]);
		json_kv_uint(j, "exact_dcache_miss", e->x_dcache_miss);
		json_kv_double(j, "latency_est", (double)e->ready_lat_sum * si);
		json_kv_uint(j, "exact_latency", e->x_ready_lat);
		if (c->paired) {
			json_kv_double(j, "wasted_est", pm_est_wasted(e, c));
			json_kv_int(j, "exact_wasted", e->x_wasted);
		}
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
	return 0;
}

/* ---- the profile database ------------------------------------------------------------------ */

enum { SIM_PM_PAIR_FIRST, SIM_PM_PAIR_SECOND, SIM_PM_PAIR_UF, SIM_PM_PAIR_UB, SIM_PM_PAIR_LI,
       SIM_PM_PAIR_WASTED, SIM_PM_PAIR_N };
static const char *const sim_pm_pair_keys[SIM_PM_PAIR_N] = {
	"first", "second", "useful_forward", "useful_backward", "latency_sum", "wasted_est",
};
enum { SIM_PM_TRUTH_FETCHED, SIM_PM_TRUTH_RETIRED, SIM_PM_TRUTH_DCACHE_MISS,
       SIM_PM_TRUTH_READY_LAT, SIM_PM_TRUTH_WASTED, SIM_PM_TRUTH_N };
static const char *const sim_pm_truth_keys[SIM_PM_TRUTH_N] = {
	"fetched", "retired", "dcache_miss", "ready_latency", "wasted_slots",
};

struct sim_pm_kinds {
	int ev, abort, pair, truth, lat[PM_LAT_N];
};

static int sim_pm_declare(struct profile_db *db, struct sim_pm_kinds *k)
{
	int rc = profile_db_detail_kind(db, "pm_event", "ProfileMe event register bit",
	                                "", &k->ev);
	for (int b = 0; b < PM_EV_N && !rc; b++)
		rc = profile_db_detail_key_name(db, k->ev, b, pm_event_name((enum pm_event)b));
	if (!rc)
		rc = profile_db_detail_kind(db, "pm_abort", "why the sampled instruction left",
		                            "", &k->abort);
	for (int a = 0; a < PM_ABORT_N && !rc; a++)
		rc = profile_db_detail_key_name(db, k->abort, a, pm_abort_name((enum pm_abort)a));
	if (!rc)
		rc = profile_db_detail_kind(db, "pm_pair", "paired-sampling statistic",
		                            "cycles (latency_sum)", &k->pair);
	for (int a = 0; a < SIM_PM_PAIR_N && !rc; a++)
		rc = profile_db_detail_key_name(db, k->pair, a, sim_pm_pair_keys[a]);
	if (!rc)
		rc = profile_db_detail_kind(db, "pm_truth", "exact count of the simulation",
		                            "the exact value", &k->truth);
	for (int a = 0; a < SIM_PM_TRUTH_N && !rc; a++)
		rc = profile_db_detail_key_name(db, k->truth, a, sim_pm_truth_keys[a]);
	for (int l = 0; l < PM_LAT_N && !rc; l++) {
		char name[64];
		snprintf(name, sizeof(name), "pm_latency_%s", pm_lat_name((enum pm_lat)l));
		rc = profile_db_detail_kind(db, name, "histogram bucket lower bound in cycles",
		                            "sum of the latencies in cycles", &k->lat[l]);
	}
	return rc;
}

static int sim_pm_add(struct profile_db *db, struct profile_db_batch *b, struct pm *p,
		      struct code_map *m, const struct sim_pm_kinds *k)
{
	const struct pm_config *c = pm_config(p);
	int ev_s, ev_r, ev_d, rc;
	/* the period of the estimators' events is S of kS: fetched instructions per record */
	uint64_t s = (uint64_t)llround(pm_est_interval(c));
	if (!s)
		s = 1;
	if ((rc = profile_db_batch_event(b, "profileme", c->interval, 1, &ev_s)) ||
	    (rc = profile_db_batch_event(b, "profileme-retired", s, 1, &ev_r)) ||
	    (rc = profile_db_batch_event(b, "profileme-dcache-miss", s, 1, &ev_d)))
		return rc;
	size_t n;
	const struct pm_pc *pcs = pm_pcs(p, &n);
	for (size_t i = 0; i < n && !rc; i++) {
		const struct pm_pc *e = &pcs[i];
		int64_t img;
		uint64_t off;
		if ((rc = sim_profile_locate(db, m, e->pc, &img, &off)))
			break;
		const uint64_t truth[SIM_PM_TRUTH_N] = { e->x_fetched, e->x_retired, e->x_dcache_miss,
		                                         e->x_ready_lat, 0 };
		/* the exact truth rides on the samples' profile as detail rows (count 0 for a PC
		 * never sampled) */
		if ((rc = profile_db_batch_add(b, ev_s, img, off, e->samples)))
			break;
		for (int t = 0; t < SIM_PM_TRUTH_N && !rc; t++)
			rc = profile_db_batch_add_detail(b, ev_s, img, off, k->truth, t,
			                                 t == SIM_PM_TRUTH_WASTED ? 1 : truth[t],
			                                 t == SIM_PM_TRUTH_WASTED ? (double)e->x_wasted
			                                 : (double)truth[t]);
		if (!e->samples || rc)
			continue;
		if (e->retired && (rc = profile_db_batch_add(b, ev_r, img, off, e->retired)))
			break;
		if (e->ev[PM_EV_DCACHE_MISS] &&
		    (rc = profile_db_batch_add(b, ev_d, img, off, e->ev[PM_EV_DCACHE_MISS])))
			break;
		for (int bit = 0; bit < PM_EV_N && !rc; bit++)
			if (e->ev[bit])
				rc = profile_db_batch_add_detail(b, ev_s, img, off, k->ev, bit, e->ev[bit], 0);
		for (int a = 0; a < PM_ABORT_N && !rc; a++) {
			uint64_t cnt = a ? e->aborted[a] : e->retired;
			if (cnt)
				rc = profile_db_batch_add_detail(b, ev_s, img, off, k->abort, a, cnt, 0);
		}
		const uint64_t pair[SIM_PM_PAIR_N] = { e->pair_first, e->pair_second, e->u_f, e->u_b,
		                                       e->l_i, 0 };
		if (c->paired && e->l_i && !rc)
			rc = profile_db_batch_add_detail(b, ev_s, img, off, k->pair, SIM_PM_PAIR_WASTED, 1,
			                                 pm_est_wasted(e, c));
		for (int a = 0; a < SIM_PM_PAIR_WASTED && !rc; a++)
			if (pair[a])
				rc = profile_db_batch_add_detail(b, ev_s, img, off, k->pair, a,
				                                 a == SIM_PM_PAIR_LI ? 1 : pair[a],
				                                 (double)pair[a]);
		for (int lt = 0; lt < PM_LAT_N && !rc; lt++) {
			for (unsigned h = 0; h < PM_HIST_N && !rc; h++)
				if (e->lat_hist[lt][h])
					rc = profile_db_batch_add_detail(b, ev_s, img, off, k->lat[lt],
					                                 pm_hist_floor(h), e->lat_hist[lt][h], 0);
			/* key -1: all the samples that reached both stages and their latency sum */
			if (e->lat_n[lt] && !rc)
				rc = profile_db_batch_add_detail(b, ev_s, img, off, k->lat[lt], -1,
				                                 e->lat_n[lt], (double)e->lat_sum[lt]);
		}
	}
	return rc;
}

int sim_pm_store(const char *path, const char *cmd, const struct sim_profile_run *run,
		 struct pm *p, struct code_map *m, FILE *info)
{
	struct profile_db *db = NULL;
	struct profile_db_batch *b = NULL;
	int64_t run_id = 0;
	path = profile_db_default_path(path);
	int rc = sim_profile_run_begin(path, cmd, run, m, &db, &run_id);
	if (rc)
		return rc;
	struct sim_pm_kinds k;
	if ((rc = sim_pm_declare(db, &k)) || (rc = profile_db_batch_new(db, 0, run_id, &b)))
		goto out;
	if ((rc = sim_pm_add(db, b, p, m, &k)) || (rc = profile_db_batch_commit(b, NULL)))
		goto out;
	const struct pm_stats *st = pm_stats(p);
	if ((rc = profile_db_run_set_total(db, run_id, "pm_samples", (double)st->samples)) ||
	    (rc = profile_db_run_set_total(db, run_id, "pm_fetched", (double)st->fetched)) ||
	    (rc = profile_db_run_set_total(db, run_id, "pm_interval",
	                                   (double)pm_config(p)->interval)))
		goto out;
	rc = sim_profile_run_finish(db, run_id, run);
out:
	if (rc)
		fprintf(stderr, "robin %s: cannot store the ProfileMe profiles: %s\n", cmd,
		        rc == -ENOMEM ? "out of memory" : profile_db_error(db));
	else if (info)
		fprintf(info, "robin %s: ProfileMe profiles stored in %s as run %" PRId64
		        " (events: profileme profileme-retired profileme-dcache-miss)\n", cmd, path,
		        run_id);
	profile_db_batch_free(b);
	profile_db_close(db);
	return rc;
}
