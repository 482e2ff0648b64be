/*
 * dcpi_freq.c — frequency and cpi of every instruction from its cycle samples
 * (002_767b26a0b68559db.txt §6.1.2-6.1.5):
 *  - equivalence classes: two blocks or edges execute equally often when they are cycle
 *    equivalent in the CFG closed by an exit→entry edge (Johnson, Pearson and Pingali 1994;
 *    blocks split into in/out nodes joined by a block edge). In that strongly connected
 *    graph, cycle equivalence is that of the undirected graph, where two edges are
 *    equivalent iff removing both disconnects it: for each edge e, the bridges of the graph
 *    without e are e's class (O(E²); procedures are small). DCPI's extension for infinite
 *    loops: a block from which the exit cannot be reached gets an edge to the exit (the
 *    highest such block first, until every block reaches it). With missing edges (an
 *    unresolved indirect jump) every block and edge is its own class;
 *  - per class, the issue-point ratios S_i/M_i (∑S/∑M from the producer j+1..i when i
 *    depends on an earlier j of its block), the lowest cluster (max ≤ 1.5 × min) that passes
 *    the anomaly rules (at least a quarter of the issue points; no other instruction of the
 *    class implied to stall more than DCPI_STALL_MAX_CYCLES), trimmed, then F from the pooled
 *    samples of every issue point whose count agrees with F within its Poisson noise
 *    (dcpi_band, from the cluster's mean until it settles); ∑S/∑M for classes with few
 *    samples or no acceptable cluster;
 *  - with the run's event counts (dcpi_proc_estimate_events): an instruction misses or
 *    mispredicts at most once per execution, so its class runs at least as often as its
 *    largest count (the floor; no estimate, sampled or propagated, falls below it). When the
 *    floor is a fair share of what the lowest ratio claims (DCPI_FLOOR_SHARE), an issue
 *    point whose stalling events (own D-TLB and I-cache misses, the D-cache misses of the
 *    load it waits for) reach half the floor stalls on most proven executions: its ratio
 *    measures its stall, not F (§6.1.3's first challenge), and it is left out of the
 *    clusters (still counted for the quarter rule). A class with every issue point left
 *    out so gets its floor, low confidence (colwalk's column loop: the lwu waits for its
 *    own D-TLB walk and the add for its D-cache miss on every execution);
 *  - local propagation over the flow equations, each estimate copied to its class, no
 *    negative estimates;
 *  - confidence from the number and spread of the ratios used, the samples behind them and
 *    whether the estimate was propagated: high with three or more ratios within 1.25 of each
 *    other and 100 samples, medium with two and 40 samples, low when the estimate rests on
 *    one issue point (it may stall every time: §6.1.3's first challenge) or on ∑S/∑M.
 */
#include "analysis/dcpi.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DCPI_CLUSTER_SPREAD 1.25    /* max ratio / min ratio within a cluster (§6.1.3) */
#define DCPI_CLUSTER_MIN_FRAC 0.25  /* a cluster holds at least this share of issue points */
#define DCPI_FEW_SAMPLES 40.0       /* below: F = ∑S/∑M over the class */
#define DCPI_STALL_MAX_CYCLES 1000.0/* an implied stall beyond this is an anomaly */
#define DCPI_EQUIV_MAX_EDGES 16000  /* larger graphs: one class per block and edge */
#define DCPI_EVENT_STALLED 0.5      /* an issue point whose stalling events reach this share
                                       of its class's floor is left out of the clusters */
#define DCPI_SAMPLED_FLOOR_SLACK 1.15 /* a floor from event samples stays within this of the
                                         class's lowest ratio (pairing shifts, noise) */
#define DCPI_CONF_HIGH_SAMPLES 400.0  /* samples behind the averaged ratios for high confidence:
                                         sampling noise alone is 1/sqrt(s), two deviations 10% */
#define DCPI_CONF_MEDIUM_SAMPLES 160.0 /* ... for medium: two deviations 16% */
#define DCPI_TRIM_SAMPLES 16.0      /* fewer samples: a ratio too noisy to trim (dcpi_trim) */
#define DCPI_BAND_SD 2.0            /* an issue point within this many deviations of its expected
                                       count F*M_i measures no stall (dcpi_band) */
#define DCPI_BAND_ITERS 32          /* band steps at most (it settles in a few) */
#define DCPI_FLOOR_SHARE (1.0 / 32) /* ... when the floor is this share of the lowest ratio
                                       (colwalk's is 1/15; the suite measures the same with
                                       1/128, and colwalk falls back to 3.4% with 1/8) */

/* ---- cycle equivalence ------------------------------------------------------------------ */

struct dcpi_graph {
	size_t nv, ne;
	uint32_t *eu, *ev;          /* undirected edge ends */
	uint32_t *adj_start, *adj;  /* CSR: adj holds edge ids */
};

static uint32_t dcpi_uf_find(uint32_t *uf, uint32_t x)
{
	while (uf[x] != x) {
		uf[x] = uf[uf[x]];
		x = uf[x];
	}
	return x;
}

/* Union with every bridge of g without edge `skip` (iterative Tarjan from node 0). */
static void dcpi_bridges(const struct dcpi_graph *g, uint32_t skip, uint32_t *tin, uint32_t *low,
			 uint32_t *stack_v, uint32_t *stack_e, uint32_t *it, uint32_t *uf)
{
	for (size_t v = 0; v < g->nv; v++)
		tin[v] = UINT32_MAX;
	uint32_t timer = 0, sp = 0;
	tin[0] = low[0] = timer++;
	stack_v[0] = 0;
	stack_e[0] = UINT32_MAX;
	it[0] = g->adj_start[0];
	sp = 1;
	while (sp) {
		uint32_t v = stack_v[sp - 1], pe = stack_e[sp - 1];
		if (it[v] < g->adj_start[v + 1]) {
			uint32_t e = g->adj[it[v]++];
			if (e == skip || e == pe)
				continue;
			uint32_t w = g->eu[e] == v ? g->ev[e] : g->eu[e];
			if (tin[w] == UINT32_MAX) {
				tin[w] = low[w] = timer++;
				it[w] = g->adj_start[w];
				stack_v[sp] = w;
				stack_e[sp] = e;
				sp++;
			} else if (tin[w] < low[v]) {
				low[v] = tin[w];
			}
			continue;
		}
		sp--;
		if (sp) {
			uint32_t u = stack_v[sp - 1];
			if (low[v] < low[u])
				low[u] = low[v];
			if (low[v] > tin[u]) {
				uint32_t a = dcpi_uf_find(uf, pe), b = dcpi_uf_find(uf, skip);
				uf[a] = b;
			}
		}
	}
}

/* Blocks reachable from the entry (reach[b] = 1). */
static void dcpi_reach(const struct dcpi_proc *p, uint8_t *reach, uint32_t *work)
{
	size_t n = 0;
	memset(reach, 0, p->nblocks);
	reach[0] = 1;
	work[n++] = 0;
	while (n) {
		uint32_t b = work[--n];
		for (size_t e = 0; e < p->nedges; e++)
			if (p->edges[e].from == b && p->edges[e].to != DCPI_NONE && !reach[p->edges[e].to]) {
				reach[p->edges[e].to] = 1;
				work[n++] = p->edges[e].to;
			}
	}
}

/* Blocks that reach the exit (out[b] = 1), among `reach`. */
static void dcpi_coreach(const struct dcpi_proc *p, const uint8_t *reach, uint8_t *out)
{
	memset(out, 0, p->nblocks);
	for (int changed = 1; changed;) {
		changed = 0;
		for (size_t e = 0; e < p->nedges; e++) {
			const struct dcpi_edge *x = &p->edges[e];
			if (x->from == DCPI_NONE || !reach[x->from] || out[x->from])
				continue;
			if (x->to == DCPI_NONE || out[x->to]) {
				out[x->from] = 1;
				changed = 1;
			}
		}
	}
}

static int dcpi_add_exit_edge(struct dcpi_proc *p, uint32_t b)
{
	struct dcpi_edge *e = realloc(p->edges, (p->nedges + 1) * sizeof(*e));
	if (!e)
		return -ENOMEM;
	p->edges = e;
	p->edges[p->nedges++] = (struct dcpi_edge){ .from = b, .to = DCPI_NONE, .cls = DCPI_NONE,
	                                             .freq = NAN };
	return 0;
}

/* Classes for the blocks and edges: cls of a block / edge, DCPI_NONE when unreachable. */
static int dcpi_classes(struct dcpi_proc *p)
{
	size_t nb = p->nblocks;
	int rc = -ENOMEM;
	uint8_t *reach = malloc(nb), *co = malloc(nb);
	uint32_t *work = malloc((nb + 1) * sizeof(*work));
	uint32_t *uf = NULL, *tin = NULL, *low = NULL, *sv = NULL, *se = NULL, *it = NULL;
	struct dcpi_graph g = { 0 };
	if (!reach || !co || !work)
		goto out;
	dcpi_reach(p, reach, work);
	/* infinite loops: link the highest block that cannot reach the exit to it */
	for (;;) {
		dcpi_coreach(p, reach, co);
		uint32_t pick = DCPI_NONE;
		for (size_t b = 0; b < nb; b++)
			if (reach[b] && !co[b])
				pick = (uint32_t)b;
		if (pick == DCPI_NONE)
			break;
		if ((rc = dcpi_add_exit_edge(p, pick)))
			goto out;
		p->infinite_loops++;
		rc = -ENOMEM;
	}
	/* ids: block b = b, edge e = nb + e, the closing exit→entry edge = nb + nedges */
	size_t ne = nb + p->nedges + 1;
	g.nv = 2 * nb + 2;
	uf = malloc(ne * sizeof(*uf));
	g.eu = malloc(ne * sizeof(*g.eu));
	g.ev = malloc(ne * sizeof(*g.ev));
	if (!uf || !g.eu || !g.ev)
		goto out;
	uint32_t entry = (uint32_t)(2 * nb), exitv = entry + 1;
	size_t k = 0;
	for (size_t i = 0; i < ne; i++)
		uf[i] = (uint32_t)i;
	int graph = !p->missing_edges;
	for (size_t b = 0; b < nb; b++)
		if (reach[b]) {
			g.eu[k] = (uint32_t)(2 * b);
			g.ev[k] = (uint32_t)(2 * b + 1);
			uf[b] = (uint32_t)b;
			k++;
		}
	/* edge ids in g are dense over the reachable part: map them back through gid[] */
	uint32_t *gid = malloc(ne * sizeof(*gid));
	if (!gid)
		goto out;
	k = 0;
	for (size_t b = 0; b < nb; b++)
		if (reach[b])
			gid[k++] = (uint32_t)b;
	for (size_t e = 0; e < p->nedges; e++) {
		const struct dcpi_edge *x = &p->edges[e];
		if (x->from != DCPI_NONE && !reach[x->from])
			continue;
		g.eu[k] = x->from == DCPI_NONE ? entry : 2 * x->from + 1;
		g.ev[k] = x->to == DCPI_NONE ? exitv : 2 * x->to;
		gid[k++] = (uint32_t)(nb + e);
	}
	g.eu[k] = exitv;
	g.ev[k] = entry;
	gid[k++] = (uint32_t)(nb + p->nedges);
	g.ne = k;
	if (g.ne > DCPI_EQUIV_MAX_EDGES)
		graph = 0;
	if (graph) {
		g.adj_start = calloc(g.nv + 1, sizeof(*g.adj_start));
		g.adj = malloc(2 * g.ne * sizeof(*g.adj));
		tin = malloc(g.nv * sizeof(*tin));
		low = malloc(g.nv * sizeof(*low));
		sv = malloc((g.nv + 1) * sizeof(*sv));
		se = malloc((g.nv + 1) * sizeof(*se));
		it = malloc(g.nv * sizeof(*it));
		uint32_t *luf = malloc(g.ne * sizeof(*luf));
		if (!g.adj_start || !g.adj || !tin || !low || !sv || !se || !it || !luf) {
			free(luf);
			free(gid);
			goto out;
		}
		/* node 0 must be the entry for the DFS: rotate node ids by `entry` */
		for (size_t e = 0; e < g.ne; e++) {
			g.eu[e] = (uint32_t)((g.eu[e] + g.nv - entry) % g.nv);
			g.ev[e] = (uint32_t)((g.ev[e] + g.nv - entry) % g.nv);
			g.adj_start[g.eu[e] + 1]++;
			g.adj_start[g.ev[e] + 1]++;
		}
		for (size_t v = 0; v < g.nv; v++)
			g.adj_start[v + 1] += g.adj_start[v];
		uint32_t *fill = it;
		memcpy(fill, g.adj_start, g.nv * sizeof(*fill));
		for (size_t e = 0; e < g.ne; e++) {
			g.adj[fill[g.eu[e]]++] = (uint32_t)e;
			g.adj[fill[g.ev[e]]++] = (uint32_t)e;
		}
		for (size_t e = 0; e < g.ne; e++)
			luf[e] = (uint32_t)e;
		for (size_t e = 0; e < g.ne; e++)
			dcpi_bridges(&g, (uint32_t)e, tin, low, sv, se, it, luf);
		for (size_t e = 0; e < g.ne; e++)
			uf[gid[e]] = gid[dcpi_uf_find(luf, (uint32_t)e)];
		free(luf);
	}
	free(gid);
	/* dense class numbers */
	uint32_t *num = malloc(ne * sizeof(*num));
	if (!num)
		goto out;
	for (size_t i = 0; i < ne; i++)
		num[i] = DCPI_NONE;
	p->nclasses = 0;
	for (size_t b = 0; b < nb; b++) {
		if (!reach[b]) {
			p->blocks[b].cls = (uint32_t)p->nclasses++;  /* alone: its own samples only */
			continue;
		}
		uint32_t r = uf[b];
		if (num[r] == DCPI_NONE)
			num[r] = (uint32_t)p->nclasses++;
		p->blocks[b].cls = num[r];
	}
	for (size_t e = 0; e < p->nedges; e++) {
		struct dcpi_edge *x = &p->edges[e];
		if (x->from != DCPI_NONE && !reach[x->from]) {
			x->cls = (uint32_t)p->nclasses++;
			continue;
		}
		uint32_t r = uf[nb + e];
		if (num[r] == DCPI_NONE)
			num[r] = (uint32_t)p->nclasses++;
		x->cls = num[r];
	}
	free(num);
	p->classes = calloc(p->nclasses ? p->nclasses : 1, sizeof(*p->classes));
	if (!p->classes)
		goto out;
	for (size_t c = 0; c < p->nclasses; c++)
		p->classes[c].freq = NAN;
	rc = 0;
out:
	free(reach);
	free(co);
	free(work);
	free(uf);
	free(g.eu);
	free(g.ev);
	free(g.adj_start);
	free(g.adj);
	free(tin);
	free(low);
	free(sv);
	free(se);
	free(it);
	return rc;
}

/* ---- estimates from the samples ------------------------------------------------------------ */

struct dcpi_ratio {
	double r, samples, m;        /* S/M, S and M of the issue point's range */
	uint32_t insn;
	uint8_t in_band;             /* averaged into the estimate (dcpi_band) */
};

static int dcpi_ratio_cmp(const void *a, const void *b)
{
	double x = ((const struct dcpi_ratio *)a)->r, y = ((const struct dcpi_ratio *)b)->r;
	return x < y ? -1 : x > y;
}

/* The instructions [*from, *to] whose samples make the ratio of issue point i: i, from the
 * instruction after its producer j when it depends on an earlier j of its block with
 * instructions between (§6.1.3, fourth challenge), to the last instruction the schedule
 * issues together with i (when the pairing shifts at run time, after a stall, samples move
 * between the members of an issue group). */
static void dcpi_point_range(const struct dcpi_proc *p, uint32_t i, uint32_t *from, uint32_t *to)
{
	const struct dcpi_insn *x = &p->insns[i];
	*from = i;
	if (x->static_kind == DCPI_STATIC_DEP && x->static_by != DCPI_NONE && x->static_by + 1 < i &&
	    p->insns[x->static_by].block == x->block)
		*from = x->static_by + 1;
	*to = i;
	const struct dcpi_block *b = &p->blocks[x->block];
	while (*to + 1 < b->first + b->n && !p->insns[*to + 1].m_cycles)
		(*to)++;
}

/* ∑M over issue point i's range (dcpi_point_range). */
static double dcpi_point_m(const struct dcpi_proc *p, uint32_t i)
{
	uint32_t from, to;
	dcpi_point_range(p, i, &from, &to);
	double m = 0;
	for (uint32_t k = from; k <= to; k++)
		m += p->insns[k].m_cycles;
	return m;
}

/* The ratio of issue point i: ∑S/∑M over its range (dcpi_point_range). */
static double dcpi_point_ratio(const struct dcpi_proc *p, uint32_t i, double *samples)
{
	uint32_t from, to;
	dcpi_point_range(p, i, &from, &to);
	double s = 0, m = 0;
	for (uint32_t k = from; k <= to; k++) {
		s += p->insns[k].samples;
		m += p->insns[k].m_cycles;
	}
	*samples = s;
	return s / m;
}

/* The events that can stall the instructions of issue point i's range at the head of issue,
 * the most of any of them: its own D-TLB misses (a load or store waits for the walk) and
 * I-cache misses, and the D-cache misses of the load of its block it waits for. */
static double dcpi_point_events(const struct dcpi_proc *p, const struct dcpi_events *ev,
				uint32_t i)
{
	uint32_t from, to;
	dcpi_point_range(p, i, &from, &to);
	const double *dtlb = ev->count[DCPI_EV_DTLB], *imiss = ev->count[DCPI_EV_IMISS];
	const double *dmiss = ev->count[DCPI_EV_DMISS];
	double most = 0;
	for (uint32_t k = from; k <= to; k++) {
		const struct dcpi_insn *x = &p->insns[k];
		double n = (dtlb ? dtlb[k] : 0) + (imiss ? imiss[k] : 0);
		if (dmiss && x->dep_on != DCPI_NONE && (p->insns[x->dep_on].in.cls == ISA_CLASS_LOAD ||
		                                        p->insns[x->dep_on].in.cls == ISA_CLASS_AMO))
			n += dmiss[x->dep_on];
		if (n > most)
			most = n;
	}
	return most;
}

/* Trim an accepted cluster [*a, *z) of the sorted ratios to the issue points that agree with
 * its lowest within their sampling noise: a stall only adds samples, so a ratio that sits
 * above the cluster's mean by more than two standard deviations of its own count (1/sqrt(s))
 * measures a stall, not F (chase_dram's fill loop: a store at 1016, the store after it at
 * 1202, 6 deviations apart, and the mean 9% high). Points with few samples stay (their noise
 * covers the whole cluster); the mean is taken again until nothing is dropped. A point that
 * issues right after the lowest one (the next group of its block, or across the back edge
 * of a block that loops on itself) stays too: when the lowest issues early, paired with what
 * precedes it, the samples it loses show up on the group after it, and the two straddle F
 * (copy's loop: the bne 6.5% low, the next iteration's ld 7% high). */
static int dcpi_follows(const struct dcpi_proc *p, uint32_t l, uint32_t h)
{
	uint32_t lf, lt, hf, ht;
	dcpi_point_range(p, l, &lf, &lt);
	dcpi_point_range(p, h, &hf, &ht);
	const struct dcpi_block *b = &p->blocks[p->insns[l].block];
	if (p->insns[h].block != p->insns[l].block)
		return 0;
	if (lt + 1 == hf)
		return 1;
	uint32_t head = b->first;  /* the first group of the next iteration */
	while (head < b->first + b->n && !p->insns[head].m_cycles)
		head++;
	if (lt + 1 != b->first + b->n || hf != head)
		return 0;
	for (size_t e = 0; e < p->nedges; e++)
		if (p->edges[e].from == p->insns[l].block && p->edges[e].to == p->insns[l].block)
			return 1;
	return 0;
}

static void dcpi_trim(const struct dcpi_proc *p, const struct dcpi_ratio *ratios, size_t a,
		      size_t *z, double *f)
{
	while (*z - a > 1) {
		size_t q = *z - 1;
		if (ratios[q].samples < DCPI_TRIM_SAMPLES ||
		    ratios[q].r - *f <= 2 / sqrt(ratios[q].samples) * *f ||
		    dcpi_follows(p, ratios[a].insn, ratios[q].insn))
			return;
		double sum = 0;
		(*z)--;
		for (size_t k = a; k < *z; k++)
			sum += ratios[k].r;
		*f = sum / (double)(*z - a);
	}
}

/* The estimate from every issue point whose samples agree with F (§6.1.3's issue points,
 * all of them): point i expects F*M_i samples, a Poisson count off by sqrt(F*M_i), so a point
 * within DCPI_BAND_SD of those deviations (and half a sample) of it shows no stall; F is
 * ∑S/∑M over those points (the maximum-likelihood estimate from their pooled samples),
 * repeated from the accepted cluster's mean until the set settles. The lowest cluster of a
 * class whose points have a few samples each is the low tail of their noise (duk, mawk: a
 * third of the samples in classes under 400 samples estimated more than 5% low); the band
 * gathers every stall-free point, and its noise is that of the expected count, so a point
 * with few samples is judged as one with many. Returns the samples behind F (0: no point
 * agrees). */
static double dcpi_band(struct dcpi_ratio *ratios, size_t n, double *f)
{
	double got = 0;
	for (int it = 0; it < DCPI_BAND_ITERS; it++) {
		double s = 0, m = 0;
		for (size_t q = 0; q < n; q++) {
			double want = *f * ratios[q].m;
			double sd = sqrt(want > 1 ? want : 1);
			ratios[q].in_band = fabs(ratios[q].samples - want) <= DCPI_BAND_SD * sd + 0.5;
			if (ratios[q].in_band) {
				s += ratios[q].samples;
				m += ratios[q].m;
			}
		}
		got = s;
		if (!(m > 0) || !(s > 0))
			return got;
		double nf = s / m;
		if (fabs(nf - *f) <= 1e-9 * *f) {
			*f = nf;
			return got;
		}
		*f = nf;
	}
	return got;
}

/* Estimate class c from its issue points; ratios[] is scratch of ninsns entries; point_ev[i]
 * holds the events that stall issue point i in the run (per period, as floor_freq; NULL:
 * none known). */
static void dcpi_estimate_class(struct dcpi_proc *p, uint32_t c, struct dcpi_ratio *ratios,
				const double *point_ev)
{
	struct dcpi_class *k = &p->classes[c];
	size_t n = 0;
	double sum_s = 0, sum_m = 0, lowest = INFINITY;
	/* events matter when they prove a fair share of the executions the lowest ratio claims;
	 * a few misses (a cold I-cache line) say nothing about the class's stalls */
	for (size_t b = 0; b < p->nblocks; b++)
		if (p->blocks[b].cls == c)
			for (uint32_t i = p->blocks[b].first; i < p->blocks[b].first + p->blocks[b].n; i++)
				if (p->insns[i].m_cycles && p->insns[i].ratio < lowest)
					lowest = p->insns[i].ratio;
	if (!(k->floor_freq >= DCPI_FLOOR_SHARE * lowest))
		point_ev = NULL;
	/* a block head that can pair with its predecessor's last instruction may spend 0 cycles
	 * at the head where M_i says 1 (bsearch's loop head: 0.77): its ratio is left out when
	 * the class has at least two other issue points to cluster (it counts for the quarter
	 * rule); with one other, that one may stall on every execution and the head is the
	 * better bound */
	int heads_out = 0;
	uint32_t heads = 0;
	for (size_t b = 0; b < p->nblocks; b++)
		if (p->blocks[b].cls == c)
			for (uint32_t i = p->blocks[b].first; i < p->blocks[b].first + p->blocks[b].n; i++)
				if (p->insns[i].m_cycles && !p->insns[i].head_pairs)
					heads_out++;
	heads_out = heads_out >= 2;
	for (size_t b = 0; b < p->nblocks; b++) {
		const struct dcpi_block *bl = &p->blocks[b];
		if (bl->cls != c)
			continue;
		for (uint32_t i = bl->first; i < bl->first + bl->n; i++) {
			sum_s += p->insns[i].samples;
			sum_m += p->insns[i].m_cycles;
			if (!p->insns[i].m_cycles)
				continue;
			if (point_ev && k->floor_freq > 0 &&
			    point_ev[i] >= DCPI_EVENT_STALLED * k->floor_freq) {
				k->event_stalled++;
				continue;
			}
			if (heads_out && p->insns[i].head_pairs) {
				heads++;
				continue;
			}
			double s;
			ratios[n].r = dcpi_point_ratio(p, i, &s);
			ratios[n].samples = s;
			ratios[n].m = ratios[n].r > 0 ? s / ratios[n].r : dcpi_point_m(p, i);
			ratios[n].insn = i;
			n++;
		}
	}
	k->issue_points = (uint32_t)n + k->event_stalled + heads;
	if (!n && k->event_stalled) {
		k->freq = k->floor_freq;  /* every issue point stalls on its events */
		k->conf = DCPI_CONF_LOW;
		return;
	}
	if (!n || sum_m <= 0)
		return;  /* no issue point: only propagation can tell */
	if (sum_s < DCPI_FEW_SAMPLES) {
		k->freq = sum_s / sum_m;
		k->conf = DCPI_CONF_LOW;
		return;
	}
	qsort(ratios, n, sizeof(*ratios), dcpi_ratio_cmp);
	/* a quarter of all the class's issue points, those left out for their events included */
	size_t need = (size_t)ceil(DCPI_CLUSTER_MIN_FRAC * (double)k->issue_points);
	if (need < 1)
		need = 1;
	for (size_t a = 0; a < n; a++) {
		size_t z = a;
		double sum = 0, samples = 0;
		while (z < n && ratios[z].r <= DCPI_CLUSTER_SPREAD * ratios[a].r) {
			sum += ratios[z].r;
			samples += ratios[z].samples;
			z++;
		}
		if (z - a < need || !(sum > 0))
			continue;
		double f = sum / (double)(z - a);
		/* would another instruction of the class stall unreasonably long at this F? */
		int anomalous = 0;
		for (size_t b = 0; b < p->nblocks && !anomalous; b++) {
			const struct dcpi_block *bl = &p->blocks[b];
			if (bl->cls != c)
				continue;
			for (uint32_t i = bl->first; i < bl->first + bl->n; i++)
				if (p->insns[i].samples / f - p->insns[i].m_cycles > DCPI_STALL_MAX_CYCLES) {
					anomalous = 1;
					break;
				}
		}
		if (anomalous)
			continue;
		dcpi_trim(p, ratios, a, &z, &f);
		double cluster_f = f, band_samples = dcpi_band(ratios, n, &f);
		double lo = INFINITY, hi = 0;
		uint32_t used = 0;
		for (size_t q = 0; q < n; q++)
			if (ratios[q].in_band) {
				used++;
				lo = ratios[q].r < lo ? ratios[q].r : lo;
				hi = ratios[q].r > hi ? ratios[q].r : hi;
			}
		if (used && band_samples > 0) {
			samples = band_samples;
			for (size_t q = 0; q < n; q++)
				p->insns[ratios[q].insn].ratio_used = ratios[q].in_band;
			k->used = used;
			k->spread = lo > 0 ? hi / lo : INFINITY;
		} else {  /* no point agrees with any F near the cluster: its mean */
			f = cluster_f;
			for (size_t q = a; q < z; q++)
				p->insns[ratios[q].insn].ratio_used = 1;
			k->used = (uint32_t)(z - a);
			k->spread = ratios[z - 1].r / ratios[a].r;
		}
		k->freq = f;
		if (k->used >= 3 && k->spread <= 1.25 && samples >= DCPI_CONF_HIGH_SAMPLES)
			k->conf = DCPI_CONF_HIGH;
		else if (k->used >= 2 && samples >= DCPI_CONF_MEDIUM_SAMPLES)
			k->conf = DCPI_CONF_MEDIUM;
		else
			k->conf = DCPI_CONF_LOW;
		return;
	}
	k->freq = sum_s / sum_m;
	k->conf = DCPI_CONF_LOW;
}

/* ---- local propagation (§6.1.4) ------------------------------------------------------------ */

static int dcpi_set(struct dcpi_proc *p, uint32_t cls, double f, uint8_t conf)
{
	struct dcpi_class *k = &p->classes[cls];
	if (!isnan(k->freq))
		return 0;
	k->freq = f < k->floor_freq ? k->floor_freq : f;
	k->conf = conf > DCPI_CONF_LOW ? conf - 1 : DCPI_CONF_LOW;
	k->propagated = 1;
	return 1;
}

static double dcpi_cls_freq(const struct dcpi_proc *p, uint32_t cls)
{
	return p->classes[cls].freq;
}

/* One side of block b: incoming (dir 0) or outgoing (dir 1) edges. */
static int dcpi_propagate_side(struct dcpi_proc *p, uint32_t b, int dir)
{
	double known = 0;
	uint32_t unknown = DCPI_NONE, nunknown = 0;
	uint8_t conf = DCPI_CONF_HIGH;
	int any = 0;
	for (size_t e = 0; e < p->nedges; e++) {
		const struct dcpi_edge *x = &p->edges[e];
		if ((dir ? x->from : x->to) != b)
			continue;
		any = 1;
		double f = dcpi_cls_freq(p, x->cls);
		if (isnan(f)) {
			if (unknown != x->cls)
				nunknown++;
			unknown = x->cls;
		} else {
			known += f;
			if (p->classes[x->cls].conf < conf)
				conf = p->classes[x->cls].conf;
		}
	}
	if (!any || (!dir && p->missing_edges))
		return 0;  /* a boundary block, or incoming edges that may be missing */
	uint32_t bc = p->blocks[b].cls;
	double fb = dcpi_cls_freq(p, bc);
	if (!nunknown && isnan(fb))
		return dcpi_set(p, bc, known, conf);
	if (nunknown == 1 && !isnan(fb)) {
		uint8_t c2 = p->classes[bc].conf < conf ? p->classes[bc].conf : conf;
		/* every unknown edge on this side is in the one class: split evenly */
		uint32_t members = 0;
		for (size_t e = 0; e < p->nedges; e++)
			if ((dir ? p->edges[e].from : p->edges[e].to) == b && p->edges[e].cls == unknown)
				members++;
		return dcpi_set(p, unknown, (fb - known) / members, c2);
	}
	return 0;
}

static void dcpi_propagate(struct dcpi_proc *p)
{
	for (size_t pass = 0; pass < 2 * (p->nblocks + p->nedges) + 2; pass++) {
		int changed = 0;
		for (uint32_t b = 0; b < p->nblocks; b++)
			for (int dir = 0; dir < 2; dir++)
				changed |= dcpi_propagate_side(p, b, dir);
		if (!changed)
			break;
	}
}

/* ---- reconciliation with the flow of better estimates -------------------------------------- */

/* A class whose estimate rests on one issue point or on ∑S/∑M overestimates F whenever that
 * point stalls on every execution (§6.1.3's first challenge: both arms of an unpredictable
 * branch, whose first instruction holds the refetch after each mispredict; a short block
 * after a call or a load miss). Local propagation never revisits an estimate, so the flow
 * equations around such a class stay violated: a block estimated with confidence `level` or
 * better whose edges on one side sum to more than it, the excess on edges below `level`,
 * proves those edges high; they are scaled down together to meet it (stalls inflate
 * estimates by a factor, so the factor is shared), and a block below `level` whose edges on
 * one side are all at `level` or better and sum to less than it takes their sum. Estimates
 * are only lowered, never below their floor, each class at most once; the result is one
 * level below its sources, as a propagated estimate (§6.1.4 mentions a global constraint
 * solver; this is its local form). */
static int dcpi_trusted(const struct dcpi_proc *p, uint32_t c, uint8_t level)
{
	const struct dcpi_class *k = &p->classes[c];
	return !isnan(k->freq) && (k->conf >= level || k->reconciled);
}

static void dcpi_lower(struct dcpi_proc *p, uint32_t c, double f, uint8_t level)
{
	struct dcpi_class *k = &p->classes[c];
	k->freq = f < k->floor_freq ? k->floor_freq : f;
	k->conf = level > DCPI_CONF_LOW ? level - 1 : DCPI_CONF_LOW;
	k->reconciled = 1;
}

static int dcpi_reconcile_side(struct dcpi_proc *p, uint32_t b, int dir, uint8_t level)
{
	double known = 0, low = 0;
	int any = 0, nlow = 0;
	/* with missing edges any block may be the target of the unresolved jump: its known
	 * incoming edges sum to at most its frequency, an inequality; what leaves a block is
	 * known unless it ends in that jump (then it has no edges) */
	int bound = !dir && p->missing_edges;
	for (size_t e = 0; e < p->nedges; e++) {
		const struct dcpi_edge *x = &p->edges[e];
		if ((dir ? x->from : x->to) != b)
			continue;
		any = 1;
		double f = p->classes[x->cls].freq;
		if (isnan(f))
			return 0;  /* an unknown edge: the side says nothing */
		if (dcpi_trusted(p, x->cls, level)) {
			known += f;
		} else {
			low += f;
			nlow++;
		}
	}
	uint32_t bc = p->blocks[b].cls;
	double fb = p->classes[bc].freq;
	if (!any || isnan(fb))
		return 0;
	if (dcpi_trusted(p, bc, level)) {
		double target = fb - known;
		if (!nlow || !(target > 0) || low <= target)
			return 0;
		double scale = target / low;
		int changed = 0;
		uint32_t first = DCPI_NONE, second = DCPI_NONE;
		int shared = 0;  /* several classes share the excess: their split is a guess */
		for (size_t e = 0; e < p->nedges; e++) {
			const struct dcpi_edge *x = &p->edges[e];
			if ((dir ? x->from : x->to) != b || dcpi_trusted(p, x->cls, level))
				continue;
			if (first == DCPI_NONE)
				first = x->cls;
			else if (x->cls != first && second == DCPI_NONE)
				second = x->cls, shared = 1;
			else if (x->cls != first && x->cls != second)
				shared = 2;
		}
		/* more than two (an indirect jump's targets, a join of many): one factor would move
		 * the right estimates as far as the wrong one */
		if (shared > 1)
			return 0;
		for (size_t e = 0; e < p->nedges; e++) {
			const struct dcpi_edge *x = &p->edges[e];
			if ((dir ? x->from : x->to) != b || dcpi_trusted(p, x->cls, level))
				continue;
			dcpi_lower(p, x->cls, p->classes[x->cls].freq * scale,
			           shared ? DCPI_CONF_LOW : level);
			changed = 1;
		}
		return changed;
	}
	if (!nlow && known < fb && bc != DCPI_NONE && !bound) {
		/* every edge is trusted: the block runs as often as they sum to */
		int own = 0;
		for (size_t e = 0; e < p->nedges; e++) {
			const struct dcpi_edge *x = &p->edges[e];
			if ((dir ? x->from : x->to) == b && x->cls == bc)
				own = 1;
		}
		if (own)
			return 0;
		dcpi_lower(p, bc, known, level);
		return 1;
	}
	return 0;
}

static void dcpi_reconcile(struct dcpi_proc *p)
{
	for (uint8_t level = DCPI_CONF_HIGH; level >= DCPI_CONF_MEDIUM; level--)
		for (size_t pass = 0; pass < p->nblocks + 2; pass++) {
			int changed = 0;
			for (uint32_t b = 0; b < p->nblocks; b++)
				for (int dir = 0; dir < 2; dir++)
					changed |= dcpi_reconcile_side(p, b, dir, level);
			if (!changed)
				break;
		}
}

int dcpi_proc_estimate(struct dcpi_proc *p)
{
	return dcpi_proc_estimate_events(p, NULL, 0);
}

int dcpi_proc_estimate_events(struct dcpi_proc *p, const struct dcpi_events *ev,
			      double period_cycles)
{
	free(p->classes);
	p->classes = NULL;
	int rc = dcpi_classes(p);
	if (rc)
		return rc;
	size_t nn = p->ninsns ? p->ninsns : 1;
	struct dcpi_ratio *ratios = malloc(nn * sizeof(*ratios));
	double *point_ev = NULL;
	int events = 0;
	for (int e = 0; ev && period_cycles > 0 && e < DCPI_EV_COUNT; e++)
		events |= ev->count[e] != NULL;
	if (!ratios || (events && !(point_ev = calloc(nn, sizeof(*point_ev))))) {
		free(ratios);
		return -ENOMEM;
	}
	for (size_t i = 0; i < p->ninsns; i++) {
		p->insns[i].ratio_used = 0;
		p->insns[i].ratio = 0;
		if (p->insns[i].m_cycles) {
			double s;
			p->insns[i].ratio = dcpi_point_ratio(p, (uint32_t)i, &s);
			if (point_ev)
				point_ev[i] = dcpi_point_events(p, ev, (uint32_t)i) / period_cycles;
		}
		/* at most one event of a kind per execution: the class runs at least this often
		 * (a count estimated from samples, less its sampling noise) */
		struct dcpi_class *k = &p->classes[p->blocks[p->insns[i].block].cls];
		for (int e = 0; events && e < DCPI_EV_COUNT; e++) {
			if (!ev->count[e])
				continue;
			double n = ev->count[e][i];
			if (ev->period[e] > 1)
				n -= sqrt(n * ev->period[e]);
			if (n / period_cycles > k->floor_freq)
				k->floor_freq = n / period_cycles;

		}
	}
	/* a floor from event samples rests on where the skid put them: several accesses' misses
	 * can land on one (lbm's stream loop: 3.1 times the executions). Every issue point's
	 * ratio is at least F but for noise and pairing shifts, so a sampled floor above the
	 * class's lowest ratio by more than DCPI_SAMPLED_FLOOR_SLACK is misattributed: it is cut
	 * there (exact counts prove their floor) */
	int sampled = 0;
	for (int e = 0; events && e < DCPI_EV_COUNT; e++)
		sampled |= ev->count[e] && ev->period[e] > 1;
	for (uint32_t c = 0; sampled && c < p->nclasses; c++) {
		double lowest = INFINITY;
		for (size_t i = 0; i < p->ninsns; i++)
			if (p->insns[i].m_cycles && p->blocks[p->insns[i].block].cls == c &&
			    p->insns[i].ratio < lowest)
				lowest = p->insns[i].ratio;
		if (p->classes[c].floor_freq > DCPI_SAMPLED_FLOOR_SLACK * lowest)
			p->classes[c].floor_freq = DCPI_SAMPLED_FLOOR_SLACK * lowest;
	}
	for (uint32_t c = 0; c < p->nclasses; c++) {
		struct dcpi_class *k = &p->classes[c];
		dcpi_estimate_class(p, c, ratios, point_ev);
		if (!isnan(k->freq) && k->freq < k->floor_freq)
			k->freq = k->floor_freq;
	}
	free(ratios);
	free(point_ev);
	dcpi_propagate(p);
	dcpi_reconcile(p);
	for (uint32_t c = 0; c < p->nclasses; c++)
		if (isnan(p->classes[c].freq) && p->classes[c].floor_freq > 0) {
			p->classes[c].freq = p->classes[c].floor_freq;  /* the events' proof alone */
			p->classes[c].conf = DCPI_CONF_LOW;
		}
	for (size_t b = 0; b < p->nblocks; b++) {
		struct dcpi_block *bl = &p->blocks[b];
		const struct dcpi_class *k = &p->classes[bl->cls];
		bl->freq = k->freq;
		bl->conf = isnan(k->freq) ? DCPI_CONF_NONE : k->conf;
		bl->propagated = k->propagated;
		for (uint32_t i = bl->first; i < bl->first + bl->n; i++) {
			struct dcpi_insn *x = &p->insns[i];
			x->freq = bl->freq;
			x->conf = bl->conf;
			x->cpi = x->freq > 0 ? x->samples / x->freq : NAN;
			x->dyn_cycles = x->cpi > x->m_cycles ? x->cpi - x->m_cycles : 0;
			x->gain_cycles = x->cpi < x->m_cycles ? x->m_cycles - x->cpi : 0;
		}
	}
	for (size_t e = 0; e < p->nedges; e++) {
		p->edges[e].freq = p->classes[p->edges[e].cls].freq;
		p->edges[e].conf = isnan(p->edges[e].freq) ? DCPI_CONF_NONE
		                                           : p->classes[p->edges[e].cls].conf;
	}
	return 0;
}
