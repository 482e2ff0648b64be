/* 531: the ProfileMe unit and its estimators on hand-built lifecycle records: one tag per
 * interval on average over fetched (correct and wrong-path) instructions, aborted samples
 * kept with their reason, Table 1 latencies, pairs 1..W apart, the exact wasted issue slots
 * of a known schedule, the raw line format, and the estimators (kS, √(1/k), 95% interval,
 * envelope, Pearson, §5.2.3's wasted slots). */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/correlation.h"
#include "analysis/profileme_est.h"
#include "isa/isa.h"
#include "pmu/profileme.h"

static struct isa_insn ins_alu = { .cls = ISA_CLASS_ALU, .len = 4 };
static struct isa_insn ins_load = { .cls = ISA_CLASS_LOAD, .len = 4, .size = 8 };

static struct pm_config base_cfg(void)
{
	struct pm_config c = {
		.interval = 10, .window = 8, .history_bits = 4, .seed = 7, .issue_width = 4,
		.ipc_window_cycles = 30, .keep_samples = 100, .keep_path_max = 8,
	};
	return c;
}

/* A committed record: fetched at t, renamed t+2, ready t+3, issued t+4, complete t+4+lat,
 * committed two cycles later. */
static struct probe_insn rec(uint64_t seq, uint64_t pc, uint64_t t, uint64_t lat,
			     const struct isa_insn *in)
{
	struct probe_insn r = {
		.seq = seq, .path_seq = seq, .pc = pc, .insn = in, .t_fetch = t, .t_decode = t + 1,
		.t_rename = t + 2, .t_dispatch = t + 2, .t_ready = t + 3, .t_issue = t + 4,
		.t_complete = t + 4 + lat, .t_end = t + 6 + lat, .ghist = 0xabcd, .committed = 1,
	};
	return r;
}

static void test_sampling_rate_and_truth(void **state)
{
	(void)state;
	struct pm_config c = base_cfg();
	struct pm *p;
	assert_int_equal(pm_create(&c, &p), 0);
	struct probe_consumer pc;
	pm_consumer(p, &pc);
	/* 10000 instructions on 4 PCs, one fetched per cycle; every 5th is squashed on the
	 * wrong path, every 7th correct-path one is a load missing in the D-cache */
	for (uint64_t s = 1; s <= 10000; s++) {
		struct probe_insn r = rec(s, 0x1000 + 4 * (s % 4), s, 1, s % 7 ? &ins_alu : &ins_load);
		if (s % 5 == 0) {
			r.committed = 0;
			r.wrong_path = 1;
			r.t_end = r.t_issue;
			r.t_complete = PROBE_NEVER;
		} else if (s % 7 == 0) {
			r.events = PROBE_EV_DCACHE_MISS;
		}
		pc.on_insn(pc.ctx, &r);
	}
	pm_finish(p);
	const struct pm_stats *st = pm_stats(p);
	assert_int_equal(st->fetched, 10000);
	/* 1000 expected: a count of uniform gaps 1..19 lies within ±10% */
	assert_true(st->samples > 900 && st->samples < 1100);
	assert_int_equal(st->samples, st->retired + st->aborted[PM_ABORT_WRONG_PATH]);
	/* a fifth of the samples are wrong-path ones, kept with their reason */
	assert_true(st->aborted[PM_ABORT_WRONG_PATH] > 140 && st->aborted[PM_ABORT_WRONG_PATH] < 260);
	assert_int_equal(st->x_retired, 8000);
	size_t n;
	const struct pm_pc *pcs = pm_pcs(p, &n);
	assert_int_equal(n, 4);
	uint64_t xr = 0, xd = 0, k = 0;
	for (size_t i = 0; i < n; i++) {
		xr += pcs[i].x_retired;
		xd += pcs[i].x_dcache_miss;
		k += pcs[i].samples;
		/* Table 1: fetch->map 2, map->ready 1, ready->issue 1, issue->retire-ready 2 */
		if (pcs[i].lat_n[PM_LAT_FETCH_MAP]) {
			assert_int_equal(pcs[i].lat_sum[PM_LAT_FETCH_MAP], 2 * pcs[i].lat_n[PM_LAT_FETCH_MAP]);
			assert_int_equal(pcs[i].lat_sum[PM_LAT_MAP_READY], pcs[i].lat_n[PM_LAT_MAP_READY]);
		}
		if (pcs[i].lat_n[PM_LAT_ISSUE_RETREADY])
			assert_int_equal(pcs[i].lat_sum[PM_LAT_ISSUE_RETREADY],
			                 2 * pcs[i].lat_n[PM_LAT_ISSUE_RETREADY]);
		/* one fetched per cycle, every instruction in progress 6 cycles (fetch to
		 * retire-ready): 24 slots minus the 5 other retiring ones issued in the window, or
		 * 4 or 3 when one or two of them were squashed: 19..21 per retirement */
		if (pcs[i].x_retired)
			assert_true(pcs[i].x_wasted >= (int64_t)pcs[i].x_retired * 19 &&
			            pcs[i].x_wasted <= (int64_t)pcs[i].x_retired * 21);
	}
	assert_int_equal(xr, 8000);
	assert_int_equal(xd, 10000 / 7 - 10000 / 35);
	assert_int_equal(k, st->samples);
	pm_destroy(p);
}

static void test_pairs_and_raw(void **state)
{
	(void)state;
	struct pm_config c = base_cfg();
	c.paired = 1;
	char *buf = NULL;
	size_t len = 0;
	c.raw = open_memstream(&buf, &len);
	assert_non_null(c.raw);
	struct pm *p;
	assert_int_equal(pm_create(&c, &p), 0);
	struct probe_consumer pc;
	pm_consumer(p, &pc);
	/* deliver in reverse order within blocks of 16, as squashes do */
	for (uint64_t b = 0; b < 500; b++)
		for (uint64_t s = b * 16 + 16; s > b * 16; s--) {
			struct probe_insn r = rec(s, 0x2000 + 2 * (s % 8), s / 4, 3, &ins_alu);
			pc.on_insn(pc.ctx, &r);
		}
	pm_finish(p);
	fclose(c.raw);
	const struct pm_stats *st = pm_stats(p);
	assert_true(st->pairs > 700 && st->pairs < 900);
	assert_int_equal(st->samples, 2 * st->pairs);
	size_t nk;
	const struct pm_kept *k = pm_kept(p, &nk);
	assert_int_equal(nk, 100);
	for (size_t i = 0; i < nk; i++) {
		assert_int_equal(k[i].s.n, 2);
		assert_true(k[i].s.dist >= 1 && k[i].s.dist <= 8);
		assert_int_equal(k[i].s.rec[1].seq - k[i].s.rec[0].seq, k[i].s.dist);
		assert_int_equal(k[i].s.rec[0].ghist, 0xd);  /* 4 history bits */
		/* the intra-pair fetch latency: one fetch cycle per 4 fetch numbers */
		assert_int_equal(k[i].s.fetch_gap,
		                 (int64_t)(k[i].s.rec[1].seq / 4) - (int64_t)(k[i].s.rec[0].seq / 4));
	}
	/* raw: "A seq pc ctx addr ghist events reason 6 latencies dist gap", then "B ..." */
	char tag, reason[16];
	unsigned long long seq, pcv, ctx, addr, gh, ev;
	assert_int_equal(sscanf(buf, "%c %llu %llx %llu %llx %llx %llx %15s", &tag, &seq, &pcv,
	                        &ctx, &addr, &gh, &ev, reason), 8);
	assert_int_equal(tag, 'A');
	assert_string_equal(reason, "retired");
	assert_true(ev & (1u << PM_EV_RETIRED));
	size_t lines = 0;
	for (char *q = buf; *q; q++)
		lines += *q == '\n';
	assert_int_equal(lines, st->samples);
	/* pair lines end with the distance and the fetch gap of the kept sample */
	char want[64];
	snprintf(want, sizeof(want), " %u %lld\n", k[0].s.dist, (long long)k[0].s.fetch_gap);
	assert_non_null(strstr(buf, want));
	free(buf);
	pm_destroy(p);
}

static void test_estimators(void **state)
{
	(void)state;
	struct pm_est e;
	pm_est_count(100, 1000, &e);
	assert_true(fabs(e.est - 100000) < 1e-9);
	assert_true(fabs(e.cv - 0.1) < 1e-12);
	assert_true(fabs(e.lo - 100000 * (1 - 0.196)) < 1e-6);
	assert_true(fabs(e.hi - 100000 * (1 + 0.196)) < 1e-6);
	pm_est_count(0, 1000, &e);
	assert_true(e.est == 0 && e.hi == 3000 && isinf(e.cv));
	struct pm_pc pcs[3];
	memset(pcs, 0, sizeof(pcs));
	pcs[0].retired = 100; pcs[0].x_retired = 105000;   /* |0.952 - 1| < 0.1: inside */
	pcs[1].retired = 4;   pcs[1].x_retired = 8000;     /* ratio 0.5, envelope 0.5: inside */
	pcs[2].retired = 25;  pcs[2].x_retired = 15000;    /* ratio 1.67 > 1.2: outside */
	struct pm_envelope env;
	pm_est_envelope(pcs, 3, PM_PROP_RETIRE_COUNT, 1000, &env);
	assert_int_equal(env.points, 3);
	assert_int_equal(env.inside, 2);
	double x[4] = { 1, 2, 3, 4 }, y[4] = { 2, 4, 6, 8 }, z[4] = { 8, 6, 4, 2 };
	assert_true(fabs(correlation_pearson(x, y, 4) - 1) < 1e-12);
	assert_true(fabs(correlation_pearson(x, z, 4) + 1) < 1e-12);
	assert_true(isnan(correlation_pearson(x, y, 2)));
	struct pm_config c = base_cfg();
	struct pm_pc w = { .l_i = 100, .u_f = 3, .u_b = 2 };
	/* L_I C S/2 - U_I W S = 100*4*10/2 - 5*8*10 */
	assert_true(fabs(pm_est_wasted(&w, &c) - (2000 - 400)) < 1e-9);
	c.paired = 1;
	assert_true(pm_est_interval(&c) == 5);
}

static void test_bad_config(void **state)
{
	(void)state;
	struct pm *p;
	struct pm_config c = base_cfg();
	c.interval = 0;
	assert_int_equal(pm_create(&c, &p), -EINVAL);
	c = base_cfg();
	c.history_bits = 65;
	assert_int_equal(pm_create(&c, &p), -EINVAL);
	c = base_cfg();
	c.paired = 1;
	c.window = 0;
	assert_int_equal(pm_create(&c, &p), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sampling_rate_and_truth),
		cmocka_unit_test(test_pairs_and_raw),
		cmocka_unit_test(test_estimators),
		cmocka_unit_test(test_bad_config),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
