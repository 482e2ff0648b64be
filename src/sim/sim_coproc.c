/*
 * sim_coproc.c — `robin sim --coproc PROG.s` (sim_coproc.h): the profiling co-processor of
 * 001_df4aea695fbcd9aa.txt on the simulated core. The overhead is measured as the paper
 * measures it, extra cycles of the program against a run without profiling; the value profile
 * is compared with the exact one (§5.2, Figure 5) and with simple sampling at equal overhead
 * (Figure 1); edge and memory-dependence profiles with their exact counterparts.
 */
#include "sim/sim_coproc.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/code_map.h"
#include "sim/sim_profile.h"
#include "coproc/coproc.h"
#include "coproc/coproc_edge.h"
#include "coproc/coproc_truth.h"
#include "coproc/coproc_value.h"
#include "profile/profile_db.h"
#include "report/svg.h"
#include "util/text.h"

struct sim_coproc {
	struct sim_coproc_opts o;
	struct coproc *cp;
	struct coproc_truth *truth;
	struct core *core;
	uint64_t cycles, instructions, base_cycles;
	int have_base;
	double overhead_fraction;
	uint64_t overhead_cycles;
	/* value */
	struct coproc_value_est *est;
	size_t nest;
	struct coproc_value_eval ve;
	struct coproc_fig5_point *pts;
	size_t npts;
	struct coproc_value_info vi;
	/* edges / memdep */
	struct coproc_pair_eval pe;
	int kind;                     /* 0 value, 1 edge, 2 memdep, 3 none */
};

int sim_coproc_create(const struct sim_coproc_opts *o, void (*charge)(void *ctx, uint64_t n),
		      void *charge_ctx, struct sim_coproc **out)
{
	*out = NULL;
	struct coproc_prog prog;
	char err[512];
	int rc = coproc_asm_file(o->path, &prog, err, sizeof(err));
	if (rc) {
		fprintf(stderr, "robin sim: --coproc: %s\n", err);
		return rc == -EINVAL ? 2 : 1;
	}
	struct coproc_config cfg;
	coproc_config_default(&cfg);
	double scale = o->mem_scale ? o->mem_scale : 1;
	cfg.cam_bytes = (uint32_t)(cfg.cam_bytes * scale);
	cfg.data_bytes = (uint32_t)(cfg.data_bytes * scale);
	if (o->clock_ratio)
		cfg.clock_ratio = o->clock_ratio;
	if (o->buffer_bytes)
		cfg.buffer_bytes = o->buffer_bytes;
	if (o->interrupt_cycles)
		cfg.interrupt_cycles = o->interrupt_cycles - 1;
	if (o->sample_cycles)
		cfg.sample_cycles = o->sample_cycles - 1;
	if (o->resample_set)
		cfg.resample_cycles = o->resample_cycles;
	struct sim_coproc *s = calloc(1, sizeof(*s));
	if (!s)
		return 1;
	s->o = *o;
	s->kind = !strcmp(prog.host, "value") ? 0 : !strcmp(prog.host, "edge") ? 1 :
	          !strcmp(prog.host, "memdep") ? 2 : 3;
	rc = coproc_create(&cfg, &prog, &s->cp, err, sizeof(err));
	if (rc) {
		fprintf(stderr, "robin sim: --coproc %s: %s\n", o->path,
		        rc == -ENOMEM ? "out of memory" : err);
		free(s);
		return rc == -EINVAL ? 2 : 1;
	}
	coproc_set_charge(s->cp, charge, charge_ctx);
	if (coproc_truth_create(s->kind == 1, s->kind == 2 ? (int)(cfg.cam_bytes / 4) : 0,
	                        cfg.seed, &s->truth)) {
		sim_coproc_destroy(s);
		return 1;
	}
	*out = s;
	return 0;
}

void sim_coproc_consumers(struct sim_coproc *s, struct probe_consumer *cp,
			  struct probe_consumer *truth)
{
	coproc_consumer(s->cp, cp);
	coproc_truth_consumer(s->truth, truth);
}

/* ---- Figure 5 as an SVG scatter ------------------------------------------------------------- */

static int sim_coproc_svg(const struct sim_coproc *s, const char *path)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -errno;
	const int W = 480, M = 50;
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
	        "font-family=\"sans-serif\" font-size=\"11\">\n", W + M + 10, W + M + 30);
	fprintf(f, "<text x=\"%d\" y=\"14\">", M);
	svg_escape(f, s->o.path);
	fprintf(f, ": estimated vs true invariance, %zu pairs (%.1f%% within 5 points)</text>\n",
	        s->npts, s->ve.qualifying ? 100.0 * (double)s->ve.within5 / (double)s->ve.qualifying
	                                  : 0.0);
	int y0 = 20;
	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
	        "stroke=\"#888\"/>\n", M, y0, W, W);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#444\" "
	        "stroke-dasharray=\"6,3\"/>\n", M, y0 + W, M + W, y0);
	for (int d = -1; d <= 1; d += 2)
		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%d\" stroke=\"#aaa\" "
		        "stroke-dasharray=\"2,3\"/>\n", M, y0 + W - (d * 0.05) * W,
		        M + W - (d > 0 ? 0.05 * W : 0), y0 + (d < 0 ? (int)(0.05 * W) : 0));
	for (int t = 0; t <= 4; t++) {
		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%d%%</text>\n",
		        M + t * W / 4, y0 + W + 14, t * 25);
		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d%%</text>\n", M - 4,
		        y0 + W - t * W / 4 + 4, t * 25);
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">true invariance</text>\n",
	        M + W / 2, y0 + W + 28);
	for (size_t i = 0; i < s->npts; i++) {
		const struct coproc_fig5_point *p = &s->pts[i];
		double x = M + p->true_inv * W, y = y0 + W - p->est_inv * W;
		/* as the paper: x below 1000 instances, triangle to 10000, square above */
		if (p->count < 1000)
			fprintf(f, "<path d=\"M%.1f %.1fl6 6m0 -6l-6 6\" stroke=\"%s\"/>\n", x - 3,
			        y - 3, svg_color(0));
		else if (p->count < 10000)
			fprintf(f, "<path d=\"M%.1f %.1fl4 7h-8z\" fill=\"none\" stroke=\"%s\"/>\n", x,
			        y - 4, svg_color(1));
		else
			fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"6\" height=\"6\" fill=\"none\" "
			        "stroke=\"%s\"/>\n", x - 3, y - 3, svg_color(2));
	}
	fprintf(f, "</svg>\n");
	return fclose(f) ? -errno : 0;
}

/* ---- the value profile in the profile database ---------------------------------------------- */

/* A full PC for the low 32 bits a slot kept: the mapped code address with those bits. */
static uint64_t sim_coproc_full_pc(const struct code_map *m, uint32_t pc32)
{
	for (size_t i = 0; i < m->nr; i++) {
		uint64_t hi = m->r[i].start & ~0xffffffffull;
		for (int k = 0; k < 2; k++) {
			uint64_t pc = hi + ((uint64_t)k << 32) + pc32;
			if (pc >= m->r[i].start && pc < m->r[i].end)
				return pc;
		}
	}
	return pc32;
}

static int sim_coproc_store(struct sim_coproc *s, struct code_map *m, const char *command)
{
	char err[PROFILE_DB_ERR_MAX];
	struct profile_db *db = NULL;
	struct profile_db_batch *b = NULL;
	int64_t run_id = 0;
	const char *path = profile_db_default_path(s->o.db_path);
	int rc = profile_db_open(path, PROFILE_DB_CREATE, &db, err);
	if (rc) {
		fprintf(stderr, "robin sim: %s\n", err);
		return rc;
	}
	struct profile_db_run_info ri = { .command = command, .simulated = 1 };
	int kind, ev;
	if ((rc = profile_db_run_begin(db, &ri, &run_id)) ||
	    (rc = profile_db_detail_kind(db, "load_value", "a loaded value (low 32 bits)",
	                                 "estimated invariance (A.6 of 001_df4aea695fbcd9aa.txt)",
	                                 &kind)) ||
	    (rc = profile_db_batch_new(db, 0, run_id, &b)) ||
	    (rc = profile_db_batch_event(b, "coproc-value", 0, 1, &ev)))
		goto out;
	for (size_t i = 0; i < m->nim; i++)
		m->im[i].db_id = 0;
	uint32_t last_pc = 0;
	for (size_t i = 0; i < s->nest && !rc; i++) {
		const struct coproc_value_est *e = &s->est[i];
		uint64_t pc = sim_coproc_full_pc(m, e->pc32);
		struct code_loc l;
		int64_t img = 0;
		if ((rc = code_map_locate(m, pc, &l)))
			break;
		if (l.image >= 0 && (rc = sim_profile_image_id(db, m, l.image, &img)))
			break;
		uint64_t off = l.image >= 0 ? l.offset : pc;
		if (i == 0 || e->pc32 != last_pc)
			rc = profile_db_batch_add(b, ev, img, off, e->samples);
		last_pc = e->pc32;
		if (!rc)
			rc = profile_db_batch_add_detail(b, ev, img, off, kind, e->value,
			                                 (uint64_t)(e->inv * (double)e->samples + 0.5),
			                                 e->inv);
	}
	if (rc || (rc = profile_db_batch_commit(b, NULL)) ||
	    (rc = profile_db_run_set_total(db, run_id, "cycles", (double)s->cycles)) ||
	    (rc = profile_db_run_set_total(db, run_id, "instructions", (double)s->instructions)) ||
	    (rc = profile_db_run_set_total(db, run_id, "coproc_overhead_cycles",
	                                   (double)s->overhead_cycles)))
		goto out;
	rc = profile_db_run_end(db, run_id, 0);
out:
	if (rc)
		fprintf(stderr, "robin sim: cannot store the value profile: %s\n",
		        rc == -ENOMEM ? "out of memory" : profile_db_error(db));
	profile_db_batch_free(b);
	profile_db_close(db);
	return rc;
}

/* ---- after the run ---------------------------------------------------------------------------- */

static void sim_coproc_print(const struct sim_coproc *s, FILE *out)
{
	const struct coproc *cp = s->cp;
	const struct coproc_stats *st = &cp->st;
	fprintf(out, "robin sim: co-processor %s (host %s): %u B associative array (%u slots), "
	        "%u B data array, %u B sample buffer (%u samples of %u B), clock 1/%u\n",
	        s->o.path, cp->prog.host, cp->cfg.cam_bytes, cp->eng.cam_entries,
	        cp->cfg.data_bytes, cp->cfg.buffer_bytes, cp->buf.cap, cp->buf.entry_bytes,
	        cp->cfg.clock_ratio);
	fprintf(out, "  samples %" PRIu64 " (dropped %" PRIu64 " = %.2f%% with the buffer full), "
	        "processed %" PRIu64 ", interrupts %" PRIu64 " (+%" PRIu64 " re-sampling), records "
	        "copied %" PRIu64 "\n", st->samples, st->dropped,
	        st->samples ? 100.0 * (double)st->dropped / (double)st->samples : 0.0,
	        st->processed, st->interrupts, st->timer_interrupts, st->records_copied);
	fprintf(out, "  engine: %" PRIu64 " busy cycles, %.2f cycles per sample (at most %" PRIu64
	        "), %" PRIu64 " branch mispredictions%s\n", cp->eng.cycles,
	        st->processed ? (double)cp->eng.cycles / (double)st->processed : 0.0,
	        st->max_cycles_per_sample, cp->eng.mispredicts,
	        cp->eng.fault ? " — STOPPED: the program ran off the microcode" : "");
	if (s->have_base)
		fprintf(out, "  overhead: %" PRIu64 " cycles with the co-processor (%" PRIu64
		        " charged) + %" PRIu64 " final copy vs %" PRIu64 " without: %.3f%%\n",
		        s->cycles, st->charged_cycles, st->final_cycles, s->base_cycles,
		        100.0 * s->overhead_fraction);
	else
		fprintf(out, "  overhead: %" PRIu64 " cycles charged + %" PRIu64 " final copy over %"
		        PRIu64 " program cycles: %.3f%% (no run without the co-processor)\n",
		        st->charged_cycles, st->final_cycles, s->cycles - st->charged_cycles,
		        100.0 * s->overhead_fraction);
	if (s->kind == 0) {
		const struct coproc_value_eval *v = &s->ve;
		fprintf(out, "  value profile: %" PRIu64 " static loads recorded, %" PRIu64 " copy and %"
		        PRIu64 " thrash interrupts, up to %u PC filter 1 regions, %" PRIu64
		        " loads masked at the end\n", s->vi.loads, s->vi.copy_interrupts,
		        s->vi.thrash_interrupts, 1u << s->vi.max_partition_bits, s->vi.masked);
		fprintf(out, "  exact profile: %" PRIu64 " loads, %" PRIu64 " static, %" PRIu64
		        " <load, value> pairs; qualifying (>= %d instances, >= %.0f%%): %" PRIu64 "\n",
		        v->loads, v->static_loads, v->pairs, COPROC_QUAL_MIN_COUNT,
		        100 * COPROC_QUAL_MIN_INV, v->qualifying);
		if (v->qualifying) {
			fprintf(out, "  co-processor: %" PRIu64 " of %" PRIu64 " within 5 points (%.1f%%), "
			        "%" PRIu64 " estimated at all, weighted RMS error %.2f points\n",
			        v->within5, v->qualifying,
			        100.0 * (double)v->within5 / (double)v->qualifying, v->estimated, v->wrms);
			fprintf(out, "  simple sampling at equal overhead (one load in %" PRIu64 " on "
			        "average, %" PRIu64 " samples, %" PRIu64 " cycles): %" PRIu64 " within 5 "
			        "points (%.1f%%), weighted RMS error %.2f points\n", v->simple_period,
			        v->simple_samples, v->simple_cycles, v->simple_within5,
			        100.0 * (double)v->simple_within5 / (double)v->qualifying, v->simple_wrms);
			unsigned top = s->o.top ? s->o.top - 1 : 10;
			if (top && s->npts) {
				fprintf(out, "  Figure 5, qualifying pairs by frequency%s:\n"
				        "    %-18s %-10s %10s %8s %8s %8s\n",
				        s->npts > top ? " (the most frequent)" : "", "load pc", "value",
				        "instances", "true", "coproc", "simple");
				for (size_t i = 0; i < s->npts && i < top; i++) {
					const struct coproc_fig5_point *p = &s->pts[i];
					fprintf(out, "    0x%-16" PRIx64 " 0x%08x %10" PRIu64 " %7.1f%% %7.1f%% "
					        "%7.1f%%\n", p->pc, p->value, p->count, 100 * p->true_inv,
					        100 * p->est_inv, 100 * p->simple_inv);
				}
			}
		}
	} else if (s->kind != 3) {
		const struct coproc_pair_eval *e = &s->pe;
		fprintf(out, "  %s: %" PRIu64 " %s executed >= %d times, %" PRIu64 " reported, %"
		        PRIu64 " %s", s->kind == 1 ? "edge profile" : "memory dependences", e->items,
		        s->kind == 1 ? "branches" : "loads with dependences", COPROC_QUAL_MIN_COUNT,
		        e->covered, e->within5,
		        s->kind == 1 ? "with the taken fraction within 5 points" :
		                       "with the dominant store found");
		if (s->kind == 1)
			fprintf(out, ", weighted RMS error %.2f points", e->wrms);
		fprintf(out, "\n");
	}
	if (coproc_truth_oom(s->truth))
		fprintf(out, "  warning: out of memory: the exact profile is incomplete\n");
}

int sim_coproc_finish(struct sim_coproc *s, uint64_t cycles, uint64_t instructions,
		      const uint64_t *base_cycles, struct code_map *m, const char *command,
		      const char *svg_path, FILE *out)
{
	struct coproc *cp = s->cp;
	coproc_finish(cp);
	s->cycles = cycles;
	s->instructions = instructions;
	if (base_cycles) {
		s->base_cycles = *base_cycles;
		s->have_base = 1;
	}
	uint64_t with = s->cycles + cp->st.final_cycles;
	if (s->have_base) {
		s->overhead_cycles = with > s->base_cycles ? with - s->base_cycles : 0;
		s->overhead_fraction = s->base_cycles ? (double)s->overhead_cycles /
		                                        (double)s->base_cycles : 0;
	} else {
		s->overhead_cycles = cp->st.charged_cycles + cp->st.final_cycles;
		uint64_t prog = s->cycles - cp->st.charged_cycles;
		s->overhead_fraction = prog ? (double)s->overhead_cycles / (double)prog : 0;
	}
	int rc = 0;
	if (s->kind == 0) {
		if (coproc_value_estimates(cp, &s->est, &s->nest) ||
		    coproc_value_info(cp, &s->vi) ||
		    coproc_truth_eval_value(s->truth, s->est, s->nest, s->overhead_cycles,
		                            cp->cfg.interrupt_cycles + cp->cfg.sample_cycles, &s->ve,
		                            &s->pts, &s->npts))
			rc = -ENOMEM;
	} else if (s->kind != 3) {
		struct coproc_pair_count *r = NULL;
		size_t n = 0;
		rc = s->kind == 1 ? coproc_edge_results(cp, &r, &n) : coproc_memdep_results(cp, &r, &n);
		if (!rc)
			rc = s->kind == 1 ? coproc_truth_eval_edges(s->truth, r, n, &s->pe)
			                  : coproc_truth_eval_memdep(s->truth, r, n, &s->pe);
		free(r);
	}
	if (rc) {
		fprintf(stderr, "robin sim: out of memory while evaluating the co-processor\n");
		return 1;
	}
	if (out)
		sim_coproc_print(s, out);
	if (svg_path) {
		if (s->kind != 0) {
			fprintf(stderr, "robin sim: --coproc-svg draws the value profile; %s is not one\n",
			        s->o.path);
			return 1;
		}
		if ((rc = sim_coproc_svg(s, svg_path))) {
			fprintf(stderr, "robin sim: cannot write %s: %s\n", svg_path, strerror(-rc));
			return 1;
		}
	}
	if (s->o.db_path) {
		if (s->kind != 0) {
			fprintf(stderr, "robin sim: --coproc-db stores a value profile; %s is not one\n",
			        s->o.path);
			return 1;
		}
		if (sim_coproc_store(s, m, command))
			return 1;
		if (out)
			fprintf(out, "  value profile stored in %s (event coproc-value, detail "
			        "load_value)\n", profile_db_default_path(s->o.db_path));
	}
	return 0;
}

void sim_coproc_json(const struct sim_coproc *s, struct json *j)
{
	const struct coproc *cp = s->cp;
	const struct coproc_stats *st = &cp->st;
	json_key(j, "coproc");
	json_object_begin(j);
	json_kv_string(j, "program", s->o.path);
	json_kv_string(j, "host", cp->prog.host);
	json_kv_uint(j, "cam_bytes", cp->cfg.cam_bytes);
	json_kv_uint(j, "data_bytes", cp->cfg.data_bytes);
	json_kv_uint(j, "buffer_bytes", cp->cfg.buffer_bytes);
	json_kv_uint(j, "clock_ratio", cp->cfg.clock_ratio);
	json_kv_uint(j, "samples", st->samples);
	json_kv_uint(j, "dropped", st->dropped);
	json_kv_uint(j, "processed", st->processed);
	json_kv_uint(j, "interrupts", st->interrupts);
	json_kv_uint(j, "timer_interrupts", st->timer_interrupts);
	json_kv_uint(j, "records_copied", st->records_copied);
	json_kv_uint(j, "charged_cycles", st->charged_cycles);
	json_kv_uint(j, "final_cycles", st->final_cycles);
	json_kv_uint(j, "engine_cycles", cp->eng.cycles);
	json_kv_uint(j, "engine_mispredicts", cp->eng.mispredicts);
	json_kv_uint(j, "max_cycles_per_sample", st->max_cycles_per_sample);
	json_kv_uint(j, "cycles", s->cycles);
	if (s->have_base)
		json_kv_uint(j, "baseline_cycles", s->base_cycles);
	else
		json_kv_string(j, "baseline_cycles", "not run");
	json_kv_uint(j, "overhead_cycles", s->overhead_cycles);
	json_kv_double(j, "overhead_fraction", s->overhead_fraction);
	if (s->kind == 0) {
		const struct coproc_value_eval *v = &s->ve;
		json_kv_uint(j, "loads", v->loads);
		json_kv_uint(j, "static_loads", v->static_loads);
		json_kv_uint(j, "qualifying_pairs", v->qualifying);
		json_kv_uint(j, "within_5pct", v->within5);
		json_kv_double(j, "within_5pct_fraction",
		               v->qualifying ? (double)v->within5 / (double)v->qualifying : 0.0);
		json_kv_double(j, "weighted_rms_points", v->wrms);
		json_kv_uint(j, "copy_interrupts", s->vi.copy_interrupts);
		json_kv_uint(j, "thrash_interrupts", s->vi.thrash_interrupts);
		json_key(j, "simple");
		json_object_begin(j);
		json_kv_uint(j, "period_loads", v->simple_period);
		json_kv_uint(j, "samples", v->simple_samples);
		json_kv_uint(j, "overhead_cycles", v->simple_cycles);
		json_kv_double(j, "within_5pct_fraction",
		               v->qualifying ? (double)v->simple_within5 / (double)v->qualifying : 0.0);
		json_kv_double(j, "weighted_rms_points", v->simple_wrms);
		json_object_end(j);
	} else if (s->kind != 3) {
		json_kv_uint(j, "qualifying", s->pe.items);
		json_kv_uint(j, "covered", s->pe.covered);
		json_kv_double(j, "within_5pct_fraction",
		               s->pe.items ? (double)s->pe.within5 / (double)s->pe.items : 0.0);
		json_kv_double(j, "weighted_rms_points", s->pe.wrms);
	}
	json_object_end(j);
}

void sim_coproc_destroy(struct sim_coproc *s)
{
	if (!s)
		return;
	coproc_destroy(s->cp);
	coproc_truth_destroy(s->truth);
	free(s->est);
	free(s->pts);
	free(s);
}
