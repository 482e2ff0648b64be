/*
 * campaign_memsig.c — the sampled memory signature (`robin simpoint run --mem-sample N`,
 * docs/robin-simpoint.md "The memory dimension"): instead of a second, functional pass that
 * runs every access through the exact caches (campaign_mem.c), the vectors pass itself has the
 * translated code log its loads' and stores' addresses and sees one cache line in N of them
 * (emu_set_access_hook: every access to a sampled line, none to the others). The sampled
 * lines' LRU reuse distances (shards.c), times N, estimate each access's distance among all
 * lines; an access misses a level of C lines when its distance is C or more (fully
 * associative LRU: the levels' sets, the next-line prefetcher, the TLBs and the instruction
 * side are not modelled). Each interval's estimate of the warm clock,
 *
 *   cycles = instructions + accesses·(2·l1d_cycles + 1)/3      (two loads to a store)
 *            + L1 misses·(the next level's latency) + L2 misses·llc_cycles
 *            + LLC misses·(DRAM controller + RCD + CAS at freq_mhz),
 *
 * goes to mem.txt in the memory pass's format, so the memory dimension and the splitting of
 * clusters read it as they read the pass's; memsig.txt keeps the counts it came from:
 *   "S one_in N levels L1D_lines [L2_lines] LLC_lines"
 *   "I index instructions accesses samples misses_l1 [misses_l2] misses_llc short age_0 ..
 *    age_39" per interval (accesses: all the translated code logged, not sampled; the rest:
 *   sampled ones; short: LLC hits on a line last used before the interval's start minus the
 *   points' fixed warming; age_k: LLC hits on a line last used 2^k to 2^(k+1) - 1
 *   instructions before the interval's start).
 * mem.txt's fourth number is the hits a point of the interval misses, at the DRAM latency,
 * scaled: the cycles it spends in misses the program does not take, because its functional
 * warming begins after the line's last use (the points' warming bias, which campaign_estimate
 * reports); its fifth, that point's warming: the fixed one, or by default the shortest power
 * of two from 2M to 64M instructions whose such misses cost at most 0.5% of the interval's
 * instructions in cycles (memsig_warm; the ages are what the memory reference reuse latency
 * of Haskins and Skadron's warm-up measures, from a sample).
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"
#include "campaign/campaign_priv.h"

static int memsig_grow(struct campaign_memsig *m, size_t i)
{
	if (i < m->n_cnt)
		return 0;
	size_t n = m->n_cnt ? m->n_cnt : 64;
	while (n <= i)
		n *= 2;
	uint64_t (*c)[6] = realloc(m->cnt, n * sizeof(*c));
	if (!c)
		return -ENOMEM;
	m->cnt = c;
	uint32_t (*a)[CAMPAIGN_MEMSIG_AGES] = realloc(m->age, n * sizeof(*a));
	if (!a)
		return -ENOMEM;
	m->age = a;
	memset(c + m->n_cnt, 0, (n - m->n_cnt) * sizeof(*c));
	memset(a + m->n_cnt, 0, (n - m->n_cnt) * sizeof(*a));
	m->n_cnt = n;
	return 0;
}

/* interval i ended: the accesses logged since the last one ended are its */
static void memsig_interval_done(void *ctx, size_t i)
{
	struct campaign_memsig *m = ctx;
	if (memsig_grow(m, i)) {
		m->err = -ENOMEM;
		return;
	}
	uint64_t seen = emu_accesses_seen(m->emu);
	m->cnt[i][0] = seen - m->seen;
	m->seen = seen;
}

static void memsig_access(void *ctx, uint64_t addr)
{
	struct campaign_memsig *m = ctx;
	size_t i = m->bbv->n_intervals;
	if (i >= m->n_cnt && memsig_grow(m, i)) {
		m->err = -ENOMEM;
		return;
	}
	const struct bbv *b = m->bbv;
	uint64_t prev = 0, d = shards_access(&m->sh, addr >> m->line_shift, b->run_insns, &prev);
	uint64_t *c = m->cnt[i];
	c[4]++;
	/* the distance among all lines: the sampled one times N (cold: a miss everywhere) */
	double far = d >= SHARDS_COLD - 1 ? INFINITY : (double)d * m->one_in;
	for (unsigned l = 0; l < m->levels; l++)
		c[1 + l] += far >= (double)m->lines[l];
	/* a hit in the LLC whose line was last used before a point here would begin its
	 * warming: the point misses it, the program does not */
	if (far < (double)m->lines[m->levels - 1] && prev < b->interval_begin) {
		c[5] += b->interval_begin > m->warmup && prev < b->interval_begin - m->warmup;
		uint64_t age = b->interval_begin - prev;
		unsigned k = 63u - (unsigned)__builtin_clzll(age);
		m->age[i][k < CAMPAIGN_MEMSIG_AGES ? k : CAMPAIGN_MEMSIG_AGES - 1]++;
	}
}

int campaign_memsig_begin(struct campaign_memsig *m, struct emu *e, struct bbv *b,
                          const struct core_config *cfg, uint32_t one_in,
                          const struct campaign_opts *o)
{
	memset(m, 0, sizeof(*m));
	m->emu = e;
	m->warmup = o->warmup;
	m->warm_min = o->warm_min;
	m->warm_max = o->warm_max;
	if (one_in < 1 || !cfg->line_bytes || (cfg->line_bytes & (cfg->line_bytes - 1)))
		return -EINVAL;
	m->bbv = b;
	m->cfg = *cfg;
	m->line_shift = (unsigned)__builtin_ctz(cfg->line_bytes);
	uint64_t below = ((uint64_t)1 << 32) / one_in;
	if (below > UINT32_MAX)
		below = UINT32_MAX;
	m->one_in = (double)((uint64_t)1 << 32) / (double)below;
	m->lines[m->levels++] = (uint64_t)cfg->l1d_kb * 1024 / cfg->line_bytes;
	if (cfg->l2_kb)
		m->lines[m->levels++] = (uint64_t)cfg->l2_kb * 1024 / cfg->line_bytes;
	m->lines[m->levels++] = (uint64_t)cfg->llc_kb * 1024 / cfg->line_bytes;
	if (shards_init(&m->sh))
		return -ENOMEM;
	if (emu_set_access_hook(e, memsig_access, m, m->line_shift, (uint32_t)below)) {
		shards_free(&m->sh);
		return -ENOTSUP;
	}
	b->interval_done = memsig_interval_done;
	b->interval_ctx = m;
	return 0;
}

/* Interval i's point warming (the fixed one, or the shortest of warm_min, 2·warm_min, ...,
 * warm_max whose misses the program does not take cost at most CAMPAIGN_WARM_AUTO_SHORT of
 * insns cycles, or warm_max: the interval's instructions, not its warm cycles, which wait for
 * every miss in turn and run 2-4 times the detailed cycles) and those misses' cycles at dram
 * each: the hits on lines whose last use lies in an age bucket that reaches past the warming
 * start.
 * A point that warms from the program's start misses nothing the program does not. */
static uint64_t memsig_warm(const struct campaign_memsig *m, size_t i, uint64_t begin,
                            double insns, double dram, double *short_cyc)
{
	if (!m->warm_max) {
		*short_cyc = m->one_in * (double)m->cnt[i][5] * dram;
		return m->warmup;
	}
	uint64_t w = m->warm_min ? m->warm_min : 1;
	for (;;) {
		double n = 0;
		for (unsigned k = 0; k < CAMPAIGN_MEMSIG_AGES; k++)
			if (k + 1 >= 64 || ((uint64_t)1 << (k + 1)) > w)
				n += m->age[i][k];
		*short_cyc = begin <= w ? 0 : m->one_in * n * dram;
		if (*short_cyc <= CAMPAIGN_WARM_AUTO_SHORT * insns || w >= m->warm_max)
			return w;
		w = w > m->warm_max / 2 ? m->warm_max : 2 * w;
	}
}

int campaign_memsig_finish(struct campaign_memsig *m, struct emu *e, const char *dir,
                           double weight)
{
	emu_set_access_hook(e, NULL, NULL, 0, 0);
	m->bbv->interval_done = NULL;
	char txt[PATH_MAX], dim[PATH_MAX], raw[PATH_MAX];
	if (m->err || campaign_path(txt, sizeof(txt), dir, "mem.txt") ||
	    campaign_path(dim, sizeof(dim), dir, "memdim") ||
	    campaign_path(raw, sizeof(raw), dir, "memsig.txt"))
		return m->err ? m->err : -ENAMETOOLONG;
	const struct bbv *b = m->bbv;
	if (b->n_intervals && memsig_grow(m, b->n_intervals))
		return -ENOMEM;
	const struct core_config *g = &m->cfg;
	double per_access = (2.0 * g->l1d_cycles + 1.0) / 3.0;
	double lat[3];  /* what a miss at level k adds: the next level's latency, the last DRAM's */
	unsigned l = 0;
	lat[l++] = g->l2_kb ? g->l2_cycles : g->llc_cycles;
	if (g->l2_kb)
		lat[l++] = g->llc_cycles;
	lat[l] = (g->dram_ctrl_ns + g->dram_trcd_ns + g->dram_tcas_ns) * g->freq_mhz / 1000.0;
	FILE *ft = fopen(txt, "w"), *fd = fopen(dim, "w"), *fr = fopen(raw, "w");
	if (!ft || !fd || !fr) {
		if (ft)
			fclose(ft);
		if (fd)
			fclose(fd);
		if (fr)
			fclose(fr);
		return -EIO;
	}
	fprintf(fr, "S one_in %.6g levels", m->one_in);
	for (unsigned k = 0; k < m->levels; k++)
		fprintf(fr, " %" PRIu64, m->lines[k]);
	fputc('\n', fr);
	for (size_t i = 0; i < b->n_intervals; i++) {
		uint64_t end = i + 1 < b->n_intervals ? b->starts[i + 1] : b->interval_begin;
		uint64_t insns = end - b->starts[i];
		const uint64_t *c = m->cnt[i];
		double cyc = (double)insns + (double)c[0] * per_access;
		for (unsigned k = 0; k < m->levels; k++)
			cyc += m->one_in * (double)c[1 + k] * lat[k];
		double cpi = insns ? cyc / (double)insns : 1, short_cyc;
		uint64_t warm = memsig_warm(m, i, b->starts[i], (double)insns, lat[m->levels - 1],
		                            &short_cyc);
		fprintf(ft, "I %zu %" PRIu64 " %.0f %.0f %" PRIu64 "\n", i, insns, cyc, short_cyc,
		        warm);
		fprintf(fd, "%.6f\n", weight * log(cpi > 0 ? cpi : 1));
		fprintf(fr, "I %zu %" PRIu64, i, insns);
		fprintf(fr, " %" PRIu64 " %" PRIu64, c[0], c[4]);
		for (unsigned k = 0; k < m->levels; k++)
			fprintf(fr, " %" PRIu64, c[1 + k]);
		fprintf(fr, " %" PRIu64, c[5]);
		for (unsigned k = 0; k < CAMPAIGN_MEMSIG_AGES; k++)
			fprintf(fr, " %" PRIu32, m->age[i][k]);
		fputc('\n', fr);
	}
	int rc = fclose(ft) | fclose(fd) | fclose(fr);
	return rc ? -EIO : 0;
}

void campaign_memsig_free(struct campaign_memsig *m)
{
	shards_free(&m->sh);
	free(m->cnt);
	free(m->age);
	m->cnt = NULL;
	m->age = NULL;
	m->n_cnt = 0;
}
