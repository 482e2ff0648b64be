/*
 * sim_ibs.c — Table 1 and Figure 2 of 003_b4067ee07181a84e.txt on a simulated run, and the
 * IBS derived events, from the raw samples of the simulated IBS op unit decoded by
 * collect/ibs.c (see sim_ibs.h).
 */
#include "sim/sim_ibs.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_profile.h"
#include "collect/ibs.h"
#include "pmu/ibs_unit.h"
#include "pmu/pcs.h"

#define SIM_IBS_ROWS_MAX 64       /* Table 1 rows (instructions of the hot function) */
#define SIM_IBS_LOADS_MAX 4       /* Figure 2: the loads with the most samples */
#define SIM_IBS_HIST_MAX 20       /* power-of-two latency buckets: 0, 1, 2, ... 2^18 */

/* One decoded sample. */
struct sim_ibs_sample {
	uint64_t pc;
	struct ibs_op op;
};

/* The decoded samples of the ibs unit sorted by pc, with the weight of one sample in ops
 * (dispatched ops per tagged op). */
struct sim_ibs_set {
	struct sim_ibs_sample *s;
	size_t n;
	struct ibs_unit_log log;
	double weight;
	uint64_t bad;             /* payloads the decoder refused (none expected) */
	uint64_t der[IBS_OPD_N];  /* derived events over all samples */
};

static int sim_ibs_cmp_pc(const void *a, const void *b)
{
	const struct sim_ibs_sample *x = a, *y = b;
	return x->pc < y->pc ? -1 : x->pc > y->pc;
}

/* Decode the unit's log. Returns 0 (set->n may be 0), -ENOENT without an ibs unit, -ENOMEM. */
static int sim_ibs_load(const struct pmu *p, struct sim_ibs_set *set)
{
	memset(set, 0, sizeof(*set));
	const struct pmu_unit *u = pmu_unit_find(p, "ibs");
	if (!u || ibs_unit_raw(u, &set->log))
		return -ENOENT;
	if (set->log.n && !(set->s = malloc(set->log.n * sizeof(*set->s))))
		return -ENOMEM;
	for (size_t i = 0; i < set->log.n; i++) {
		struct sim_ibs_sample *d = &set->s[set->n];
		if (ibs_op_decode(set->log.raw + i * IBS_OP_RAW_BYTES, IBS_OP_RAW_BYTES, &d->op) ||
		    !d->op.rip_valid) {
			set->bad++;
			continue;
		}
		d->pc = d->op.rip;
		ibs_op_derive(&d->op, set->der);
		set->n++;
	}
	qsort(set->s, set->n, sizeof(*set->s), sim_ibs_cmp_pc);
	set->weight = set->log.tagged ? (double)set->log.dispatched / (double)set->log.tagged : 0;
	return 0;
}

/* The IBS op bit that records the event PCS counts. */
static uint32_t sim_ibs_bit_of(uint32_t event)
{
	switch (event) {
	case PROBE_EV_DTLB_MISS:
		return IBS_OP_DTLB_L1_MISS;
	case PROBE_EV_DCACHE_MISS:
		return IBS_OP_DC_MISS;
	case PROBE_EV_MISPREDICT:
		return IBS_OP_BR_MISPREDICT;
	default:
		return 0;
	}
}

/* ---- Table 1 ------------------------------------------------------------------------------ */

struct sim_ibs_row {
	uint64_t pc;
	const struct isa_insn *insn;
	uint64_t exact, pcs_samples, ibs_samples;
	char where[CODE_MAP_TEXT_MAX], source[CODE_MAP_TEXT_MAX], disasm[CODE_MAP_TEXT_MAX];
};

struct sim_ibs_table {
	uint32_t event;
	uint64_t period;                 /* PCS: events per sample */
	uint64_t exact_total, pcs_total, ibs_total;  /* events; samples; event samples */
	double ibs_weight;
	int has_ibs;
	uint64_t top_pc;                 /* the instruction with the most exact events */
	struct sim_ibs_row *rows;        /* the hot function's instructions, by pc */
	size_t n;
};

static int sim_ibs_row_cmp(const void *a, const void *b)
{
	const struct sim_ibs_row *x = a, *y = b;
	return x->pc < y->pc ? -1 : x->pc > y->pc;
}

static struct sim_ibs_row *sim_ibs_row_of(struct sim_ibs_row *r, size_t *n, size_t cap,
					  uint64_t pc, const struct isa_insn *in)
{
	for (size_t i = 0; i < *n; i++)
		if (r[i].pc == pc) {
			if (!r[i].insn)
				r[i].insn = in;
			return &r[i];
		}
	if (*n == cap)
		return NULL;
	memset(&r[*n], 0, sizeof(r[*n]));
	r[*n].pc = pc;
	r[*n].insn = in;
	return &r[(*n)++];
}

/* Build Table 1 for the attached pcs unit. Returns 0, -ENOENT (no pcs, or it counts cycles,
 * or no event happened), -ENOMEM. */
static int sim_ibs_table(struct pmu *p, struct code_map *m, const struct sim_ibs_set *set,
			 struct sim_ibs_table *t)
{
	memset(t, 0, sizeof(*t));
	const struct pmu_unit *u = pmu_unit_find(p, "pcs");
	const struct pmu_profile *exact;
	if (!u || pcs_unit_exact(u, &exact, &t->event, &t->period) || !exact || !exact->n)
		return -ENOENT;
	const struct pmu_entry *top = &exact->e[0];
	for (size_t i = 0; i < exact->n; i++) {
		t->exact_total += exact->e[i].total;
		if (exact->e[i].total > top->total)
			top = &exact->e[i];
	}
	t->top_pc = top->pc;
	struct code_loc hot;
	int rc = code_map_locate(m, top->pc, &hot);
	if (rc)
		return rc;
	t->pcs_total = u->samples;
	t->has_ibs = pmu_unit_find(p, "ibs") != NULL;
	t->ibs_weight = set->weight;
	uint32_t bit = sim_ibs_bit_of(t->event);
	size_t cap = exact->n + u->prof.n + set->n + 1;
	struct sim_ibs_row *r = calloc(cap, sizeof(*r));
	if (!r)
		return -ENOMEM;
	size_t n = 0;
	for (size_t i = 0; i < exact->n; i++)
		sim_ibs_row_of(r, &n, cap, exact->e[i].pc, exact->e[i].insn)->exact =
			exact->e[i].total;
	for (size_t i = 0; i < u->prof.n; i++)
		sim_ibs_row_of(r, &n, cap, u->prof.e[i].pc, u->prof.e[i].insn)->pcs_samples =
			u->prof.e[i].total / u->prof.divisor;
	const struct pmu_unit *ibs = pmu_unit_find(p, "ibs");
	for (size_t i = 0; i < set->n; i++) {
		if (!(set->s[i].op.bits & bit))
			continue;
		const struct pmu_entry *e = ibs ? pmu_profile_find(&ibs->prof, set->s[i].pc) : NULL;
		sim_ibs_row_of(r, &n, cap, set->s[i].pc, e ? e->insn : NULL)->ibs_samples++;
		t->ibs_total++;
	}
	/* keep the hot function's rows (the pc's own row when outside every function) */
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		struct code_loc l;
		if ((rc = code_map_locate(m, r[i].pc, &l))) {
			free(r);
			return rc;
		}
		if (l.image != hot.image || l.func != hot.func || (!l.func && r[i].pc != top->pc))
			continue;
		code_map_describe(m, &l, r[i].pc, r[i].insn, r[i].where, r[i].source, r[i].disasm);
		r[k++] = r[i];
	}
	qsort(r, k, sizeof(*r), sim_ibs_row_cmp);
	t->rows = r;
	t->n = k < SIM_IBS_ROWS_MAX ? k : SIM_IBS_ROWS_MAX;
	return 0;
}

static const struct sim_ibs_row *sim_ibs_top_row(const struct sim_ibs_table *t)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->rows[i].pc == t->top_pc)
			return &t->rows[i];
	return NULL;
}

static double sim_ibs_frac(uint64_t a, uint64_t b)
{
	return b ? (double)a / (double)b : 0.0;
}

/* ---- Figure 2 ----------------------------------------------------------------------------- */

struct sim_ibs_src_stat {
	uint64_t samples, lat_sum;
	uint32_t lat_min, lat_max, lat_median;
	uint64_t hist[SIM_IBS_HIST_MAX];   /* by ibs_latency_bucket: 0, 1, 2, 4, ... */
};

struct sim_ibs_load {
	uint64_t pc;
	size_t first, n;                   /* its samples in the sorted set */
	struct sim_ibs_src_stat src[IBS_SRC_N];
};

static unsigned sim_ibs_hist_index(uint32_t lat)
{
	unsigned i = 0;
	for (uint64_t b = ibs_latency_bucket(lat); b; b >>= 1)
		i++;
	return i < SIM_IBS_HIST_MAX ? i : SIM_IBS_HIST_MAX - 1;
}

static int sim_ibs_cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

/* The loads with the most samples (up to SIM_IBS_LOADS_MAX), each with its latency
 * distribution per data source. An L1 hit has no miss latency (DcMissLat is valid with
 * DcMiss only): it counts with latency 0. Returns the number filled, or -ENOMEM. */
static int sim_ibs_loads(const struct sim_ibs_set *set, struct sim_ibs_load *out)
{
	int n = 0;
	for (size_t i = 0; i < set->n;) {
		size_t j = i, loads = 0;
		while (j < set->n && set->s[j].pc == set->s[i].pc)
			loads += !!(set->s[j++].op.bits & IBS_OP_LOAD);
		if (loads) {
			int at = n < SIM_IBS_LOADS_MAX ? n++ : SIM_IBS_LOADS_MAX;
			while (at > 0 && out[at - 1].n < loads) {
				if (at < SIM_IBS_LOADS_MAX)
					out[at] = out[at - 1];
				at--;
			}
			if (at < SIM_IBS_LOADS_MAX)
				out[at] = (struct sim_ibs_load){ .pc = set->s[i].pc, .first = i,
				                                 .n = loads };
		}
		i = j;
	}
	uint32_t *lat = malloc((set->n + 1) * sizeof(*lat));
	if (!lat)
		return -ENOMEM;
	for (int k = 0; k < n; k++) {
		struct sim_ibs_load *ld = &out[k];
		for (int s = IBS_SRC_L1; s < IBS_SRC_N; s++) {
			struct sim_ibs_src_stat *st = &ld->src[s];
			size_t m = 0;
			for (size_t i = ld->first; i < set->n && set->s[i].pc == ld->pc; i++) {
				const struct ibs_op *op = &set->s[i].op;
				if ((int)ibs_op_source(op) != s)
					continue;
				uint32_t l = op->bits & IBS_OP_DC_MISS ? op->dc_miss_lat_cycles : 0;
				lat[m++] = l;
				st->lat_sum += l;
				st->hist[sim_ibs_hist_index(l)]++;
			}
			st->samples = m;
			if (!m)
				continue;
			qsort(lat, m, sizeof(*lat), sim_ibs_cmp_u32);
			st->lat_min = lat[0];
			st->lat_max = lat[m - 1];
			st->lat_median = lat[m / 2];
		}
	}
	free(lat);
	return n;
}

/* ---- IBS fetch ---------------------------------------------------------------------------- */

/* Derive the fetch unit's samples; -ENOENT when ibs-fetch is not attached. */
static int sim_ibs_fetch(struct pmu *p, struct ibs_unit_log *log, uint64_t *der, uint64_t *bad)
{
	const struct pmu_unit *u = pmu_unit_find(p, "ibs-fetch");
	if (!u || ibs_unit_raw_fetch(u, log))
		return -ENOENT;
	*bad = 0;
	for (size_t i = 0; i < log->n; i++) {
		struct ibs_fetch f;
		if (ibs_fetch_decode(log->raw + i * IBS_FETCH_RAW_BYTES, IBS_FETCH_RAW_BYTES, &f))
			(*bad)++;
		else
			ibs_fetch_derive(&f, der);
	}
	return 0;
}

static void sim_ibs_fetch_print(FILE *out, struct pmu *p)
{
	struct ibs_unit_log log;
	uint64_t der[IBS_FD_N] = { 0 }, bad;
	if (sim_ibs_fetch(p, &log, der, &bad))
		return;
	fprintf(out, "\nIBS fetch sampling: %zu samples (%" PRIu64 " refused by the decoder)\n  "
	        "derived events:", log.n, bad);
	for (unsigned i = 0; i < IBS_FD_N; i++)
		fprintf(out, "%s %s %" PRIu64, i ? "," : "", ibs_fetch_derived_name(i), der[i]);
	fprintf(out, "\n  I-cache miss rate %.2f%% of sampled fetches, average fetch latency %.1f "
	        "cycles\n", 100.0 * sim_ibs_frac(der[IBS_FD_IC_MISS], der[IBS_FD_ATTEMPTED]),
	        der[IBS_FD_COMPLETED] ? (double)der[IBS_FD_LAT_CYCLES] / (double)der[IBS_FD_COMPLETED]
	                               : 0.0);
}

static void sim_ibs_fetch_json(struct json *j, struct pmu *p)
{
	struct ibs_unit_log log;
	uint64_t der[IBS_FD_N] = { 0 }, bad;
	if (sim_ibs_fetch(p, &log, der, &bad))
		return;
	json_key(j, "ibs_fetch");
	json_object_begin(j);
	json_kv_uint(j, "samples", log.n);
	json_kv_uint(j, "dropped", log.dropped + bad);
	json_key(j, "derived");
	json_object_begin(j);
	for (unsigned i = 0; i < IBS_FD_N; i++)
		json_kv_uint(j, ibs_fetch_derived_name(i), der[i]);
	json_object_end(j);
	json_object_end(j);
}

/* ---- output ------------------------------------------------------------------------------- */

static void sim_ibs_detab(const char *in, char *out, size_t n)
{
	size_t k = 0;
	for (; *in && k + 1 < n; in++)
		out[k++] = *in == '\t' ? ' ' : *in;
	out[k] = 0;
}

int sim_ibs_print(FILE *out, struct pmu *p, struct code_map *m)
{
	struct sim_ibs_set set;
	int rc = sim_ibs_load(p, &set);
	if (rc && rc != -ENOENT)
		return rc;
	int has_ibs = rc == 0;
	if (has_ibs) {
		fprintf(out, "\nIBS op sampling (003_b4067ee07181a84e.txt; counter of %s): %zu samples, "
		        "%" PRIu64 " tagged ops lost to a squash, %" PRIu64 " ops dispatched (%.1f per "
		        "tagged op)\n", set.log.ops_mode ? "dispatched ops" : "cycles", set.n,
		        set.log.lost, set.log.dispatched, set.weight);
		if (set.bad || set.log.dropped)
			fprintf(out, "  (%" PRIu64 " samples refused by the decoder, %" PRIu64 " dropped "
			        "for lack of memory)\n", set.bad, set.log.dropped);
		fprintf(out, "  derived events:");
		for (unsigned i = 0; i < IBS_OPD_N; i++)
			if (set.der[i])
				fprintf(out, "%s %s %" PRIu64, i % 5 ? "," : "\n   ", ibs_op_derived_name(i),
				        set.der[i]);
		fprintf(out, "\n");
		if (set.der[IBS_OPD_LOAD])
			fprintf(out, "  DC miss rate %.2f%% of sampled loads, average DC miss latency "
			        "%.1f cycles\n", 100.0 * sim_ibs_frac(set.der[IBS_OPD_DC_MISS],
			        set.der[IBS_OPD_LOAD]), set.der[IBS_OPD_DC_MISS]
			        ? (double)set.der[IBS_OPD_DC_MISS_LAT_CYCLES] / (double)set.der[IBS_OPD_DC_MISS]
			        : 0.0);
		struct sim_ibs_load ld[SIM_IBS_LOADS_MAX];
		int nl = sim_ibs_loads(&set, ld);
		if (nl < 0) {
			free(set.s);
			return nl;
		}
		for (int k = 0; k < nl; k++) {
			struct code_loc l;
			char where[CODE_MAP_TEXT_MAX], src[CODE_MAP_TEXT_MAX], dis[CODE_MAP_TEXT_MAX];
			if ((rc = code_map_locate(m, ld[k].pc, &l))) {
				free(set.s);
				return rc;
			}
			code_map_describe(m, &l, ld[k].pc, NULL, where, src, dis);
			fprintf(out, "  load %" PRIx64 " %s: %zu samples, DcMissLat by data source "
			        "(Figure 2; power-of-two buckets)\n", ld[k].pc, where, ld[k].n);
			for (int s = IBS_SRC_L1; s < IBS_SRC_N; s++) {
				const struct sim_ibs_src_stat *st = &ld[k].src[s];
				if (!st->samples)
					continue;
				fprintf(out, "    %-14s %7" PRIu64 " samples  latency min %u median %u mean "
				        "%.1f max %u |", ibs_src_perf_name((enum ibs_src)s), st->samples,
				        st->lat_min, st->lat_median,
				        (double)st->lat_sum / (double)st->samples, st->lat_max);
				for (int b = 0; b < SIM_IBS_HIST_MAX; b++)
					if (st->hist[b])
						fprintf(out, " %" PRIu64 ":%" PRIu64, b ? (uint64_t)1 << (b - 1) : (uint64_t)0,
						        st->hist[b]);
				fprintf(out, "\n");
			}
		}
	}
	sim_ibs_fetch_print(out, p);
	struct sim_ibs_table t;
	rc = sim_ibs_table(p, m, &set, &t);
	if (rc == 0) {
		fprintf(out, "\nevent attribution (003 Table 1): %s per instruction of the hot "
		        "function; exact = every event the simulator counted, estimates = samples x "
		        "weight (PCS: %" PRIu64 " events per sample; IBS: %.1f ops per sample)\n",
		        pcs_event_name(t.event), t.period, t.ibs_weight);
		fprintf(out, "  %10s %10s %12s %8s %12s %8s  %s\n", "pc", "exact", "pcs", "samples",
		        "ibs", "samples", "disassembly");
		for (size_t i = 0; i < t.n; i++) {
			const struct sim_ibs_row *r = &t.rows[i];
			char dis[CODE_MAP_TEXT_MAX];
			sim_ibs_detab(r->disasm, dis, sizeof(dis));
			fprintf(out, "  %10" PRIx64 " %10" PRIu64 " %12.0f %8" PRIu64, r->pc, r->exact,
			        (double)r->pcs_samples * (double)t.period, r->pcs_samples);
			if (t.has_ibs)
				fprintf(out, " %12.0f %8" PRIu64, (double)r->ibs_samples * t.ibs_weight,
				        r->ibs_samples);
			else
				fprintf(out, " %12s %8s", "-", "-");
			fprintf(out, "  %s\n", dis);
		}
		const struct sim_ibs_row *top = sim_ibs_top_row(&t);
		if (top)
			fprintf(out, "  on %" PRIx64 " (%.1f%% of the exact events): PCS %.1f%% of %" PRIu64
			        " samples, IBS %.1f%% of %" PRIu64 " event samples\n", top->pc,
			        100 * sim_ibs_frac(top->exact, t.exact_total),
			        100 * sim_ibs_frac(top->pcs_samples, t.pcs_total), t.pcs_total,
			        100 * sim_ibs_frac(top->ibs_samples, t.ibs_total), t.ibs_total);
		free(t.rows);
	}
	free(set.s);
	return rc == -ENOENT ? 0 : rc;
}

static void sim_ibs_json_table(struct json *j, const struct sim_ibs_table *t)
{
	json_key(j, "event_attribution");
	json_object_begin(j);
	json_kv_string(j, "event", pcs_event_name(t->event));
	json_kv_uint(j, "pcs_period_events", t->period);
	json_kv_double(j, "ibs_ops_per_sample", t->ibs_weight);
	json_kv_uint(j, "exact_total", t->exact_total);
	json_kv_uint(j, "pcs_samples", t->pcs_total);
	json_kv_uint(j, "ibs_event_samples", t->ibs_total);
	char pc[32];
	snprintf(pc, sizeof(pc), "0x%" PRIx64, t->top_pc);
	json_kv_string(j, "culprit_pc", pc);
	const struct sim_ibs_row *top = sim_ibs_top_row(t);
	json_kv_double(j, "culprit_exact_share", top ? sim_ibs_frac(top->exact, t->exact_total) : 0);
	json_kv_double(j, "culprit_pcs_share", top ? sim_ibs_frac(top->pcs_samples, t->pcs_total)
	                                           : 0);
	json_kv_double(j, "culprit_ibs_share", top ? sim_ibs_frac(top->ibs_samples, t->ibs_total)
	                                           : 0);
	json_key(j, "rows");
	json_array_begin(j);
	for (size_t i = 0; i < t->n; i++) {
		const struct sim_ibs_row *r = &t->rows[i];
		json_object_begin(j);
		snprintf(pc, sizeof(pc), "0x%" PRIx64, r->pc);
		json_kv_string(j, "pc", pc);
		json_kv_string(j, "location", r->where);
		json_kv_string(j, "disasm", r->disasm);
		json_kv_uint(j, "exact", r->exact);
		json_kv_double(j, "pcs", (double)r->pcs_samples * (double)t->period);
		json_kv_uint(j, "pcs_samples", r->pcs_samples);
		if (t->has_ibs) {
			json_kv_double(j, "ibs", (double)r->ibs_samples * t->ibs_weight);
			json_kv_uint(j, "ibs_samples", r->ibs_samples);
		} else {
			json_key(j, "ibs");
			json_null(j);
		}
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}

static int sim_ibs_json_ops(struct json *j, const struct sim_ibs_set *set,
			    const struct sim_ibs_load *ld, int nl, struct code_map *m)
{
	json_key(j, "ibs_op");
	json_object_begin(j);
	json_kv_string(j, "counter", set->log.ops_mode ? "ops" : "cycles");
	json_kv_uint(j, "samples", set->n);
	json_kv_uint(j, "tagged", set->log.tagged);
	json_kv_uint(j, "lost", set->log.lost);
	json_kv_uint(j, "dropped", set->log.dropped + set->bad);
	json_kv_uint(j, "dispatched", set->log.dispatched);
	json_key(j, "derived");
	json_object_begin(j);
	for (unsigned i = 0; i < IBS_OPD_N; i++)
		json_kv_uint(j, ibs_op_derived_name(i), set->der[i]);
	json_object_end(j);
	json_key(j, "loads");
	json_array_begin(j);
	for (int k = 0; k < nl; k++) {
		json_object_begin(j);
		char pc[32];
		snprintf(pc, sizeof(pc), "0x%" PRIx64, ld[k].pc);
		json_kv_string(j, "pc", pc);
		struct code_loc l;
		char where[CODE_MAP_TEXT_MAX], src[CODE_MAP_TEXT_MAX], dis[CODE_MAP_TEXT_MAX];
		int rc = code_map_locate(m, ld[k].pc, &l);
		if (rc)
			return rc;
		code_map_describe(m, &l, ld[k].pc, NULL, where, src, dis);
		json_kv_string(j, "location", where);
		json_kv_uint(j, "samples", ld[k].n);
		json_key(j, "sources");
		json_object_begin(j);
		for (int s = IBS_SRC_L1; s < IBS_SRC_N; s++) {
			const struct sim_ibs_src_stat *st = &ld[k].src[s];
			if (!st->samples)
				continue;
			json_key(j, ibs_src_name((enum ibs_src)s));
			json_object_begin(j);
			json_kv_string(j, "perf_mem", ibs_src_perf_name((enum ibs_src)s));
			json_kv_uint(j, "samples", st->samples);
			json_kv_uint(j, "lat_min", st->lat_min);
			json_kv_uint(j, "lat_median", st->lat_median);
			json_kv_double(j, "lat_mean", (double)st->lat_sum / (double)st->samples);
			json_kv_uint(j, "lat_max", st->lat_max);
			json_key(j, "histogram");
			json_array_begin(j);
			for (int b = 0; b < SIM_IBS_HIST_MAX; b++) {
				if (!st->hist[b])
					continue;
				json_array_begin(j);
				json_uint(j, b ? (uint64_t)1 << (b - 1) : 0);
				json_uint(j, st->hist[b]);
				json_array_end(j);
			}
			json_array_end(j);
			json_object_end(j);
		}
		json_object_end(j);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
	return 0;
}

int sim_ibs_json(struct json *j, struct pmu *p, struct code_map *m)
{
	struct sim_ibs_set set;
	int rc = sim_ibs_load(p, &set);
	if (rc && rc != -ENOENT)
		return rc;
	if (rc == 0) {
		struct sim_ibs_load ld[SIM_IBS_LOADS_MAX];
		int nl = sim_ibs_loads(&set, ld);
		if (nl < 0) {
			free(set.s);
			return nl;
		}
		if ((rc = sim_ibs_json_ops(j, &set, ld, nl, m))) {
			free(set.s);
			return rc;
		}
	}
	sim_ibs_fetch_json(j, p);
	struct sim_ibs_table t;
	rc = sim_ibs_table(p, m, &set, &t);
	if (rc == 0) {
		sim_ibs_json_table(j, &t);
		free(t.rows);
	}
	free(set.s);
	return rc == -ENOENT ? 0 : rc;
}

/* The detail-kind id of a row's kind name (declared on first use; event_bits is predefined
 * and its keys are named once per event kind: op or fetch bit names). */
static int sim_ibs_kind(struct profile_db *db, const char *name, int fetch, int *ids, int *k)
{
	static const char *const names[] = { "event_bits", "ibs_dc_miss_lat", "ibs_data_src",
	                                     "ibs_fetch_lat" };
	for (int i = 0; i < 4; i++) {
		if (strcmp(name, names[i]))
			continue;
		if (ids[i]) {
			*k = ids[i];
			return 0;
		}
		int rc = 0;
		if (i == 0) {
			ids[i] = PROFILE_DB_KIND_EVENT_BITS;
			for (unsigned b = 0; !rc; b++) {
				const char *bn = fetch ? ibs_fetch_bit_name(b) : ibs_op_bit_name(b);
				if (!bn)
					break;
				rc = profile_db_detail_key_name(db, ids[i], (int64_t)1 << b, bn);
			}
		} else {
			rc = profile_db_detail_kind(db, name, i == 2 ? IBS_DATA_SRC_KIND_KEY_DESC :
			                            "histogram bucket lower bound in cycles (0, then "
			                            "powers of two)", "sum of the latencies in cycles",
			                            &ids[i]);
		}
		*k = ids[i];
		return rc;
	}
	return -EINVAL;
}

/* One sample at pc with its detail rows into event ev, in units of `count` (the event's
 * count divisor); fetch: its count is already stored (the ibs-fetch unit's profile). */
static int sim_ibs_store_one(struct profile_db *db, struct profile_db_batch *b, struct code_map *m,
			     int ev, uint64_t pc, const struct ibs_detail_row *rows, size_t n,
			     int fetch, uint64_t count, int *ids)
{
	int64_t img;
	uint64_t off;
	int rc = sim_profile_locate(db, m, pc, &img, &off);
	if (!rc && !fetch)
		rc = profile_db_batch_add(b, ev, img, off, count);
	for (size_t k = 0; k < n && !rc; k++) {
		int kind;
		if (!(rc = sim_ibs_kind(db, rows[k].kind, fetch, ids, &kind)))
			rc = profile_db_batch_add_detail(b, ev, img, off, kind, rows[k].key, count,
			                                 rows[k].value);
	}
	return rc;
}

int sim_ibs_store(struct profile_db *db, struct profile_db_batch *b, const struct pmu *p,
		  struct code_map *m)
{
	int ev, ids[4] = { 0 }, rc = 0;
	struct ibs_detail_row rows[IBS_OP_DETAIL_MAX];
	const struct pmu_unit *u = pmu_unit_find(p, "ibs-fetch");
	struct ibs_unit_log log;
	if (u && !ibs_unit_raw_fetch(u, &log)) {
		/* the unit's profile is stored as event ibs-fetch (one sample per log entry) */
		if ((ev = profile_db_batch_event_find(b, "ibs-fetch")) < 0)
			return -ENOENT;
		for (size_t i = 0; i < log.n && !rc; i++) {
			struct ibs_fetch f;
			if (ibs_fetch_decode(log.raw + i * IBS_FETCH_RAW_BYTES, IBS_FETCH_RAW_BYTES, &f))
				continue;
			size_t n = ibs_fetch_detail_rows(&f, rows);
			rc = sim_ibs_store_one(db, b, m, ev, f.addr, rows, n, 1, u->prof.divisor, ids);
		}
		if (rc)
			return rc;
	}
	struct sim_ibs_set set;
	rc = sim_ibs_load(p, &set);
	if (rc)
		return rc == -ENOENT ? 0 : rc;
	u = pmu_unit_find(p, "ibs");
	uint64_t period = u->cfg->ibs_ops_period ? u->cfg->ibs_ops_period : pmu_period(p);
	int op_ids[4] = { 0 };
	rc = profile_db_batch_event(b, "ibs-op", period, 1, &ev);
	for (size_t i = 0; i < set.n && !rc; i++) {
		size_t n = ibs_op_detail_rows(&set.s[i].op, rows);
		rc = sim_ibs_store_one(db, b, m, ev, set.s[i].pc, rows, n, 0, 1, op_ids);
	}
	free(set.s);
	return rc;
}
