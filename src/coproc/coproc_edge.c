/*
 * coproc_edge.c — the host sides of the edge and memory-dependence programs (coproc_edge.h):
 * on each interrupt copy the co-processor's table out into a pair-keyed count table (charged
 * as interrupt_cycles + sample_cycles per record), then re-arm. Conventions of
 * coproc/edge_profile.s: CAM keys = branch PCs, b0 taken and b1 not-taken counts (2 bytes);
 * of coproc/memdep_profile.s: a table of c1 + 1 entries, load pc and store pc at b1 and b2
 * (4 bytes), count at b3 (2 bytes).
 */
#include "coproc/coproc_edge.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "coproc/coproc_map.h"

struct pair_host {
	struct coproc_pair_count *v;
	size_t n, cap;
	struct coproc_map map;
	int oom;
};

static int pair_init(struct coproc *cp, void **state)
{
	(void)cp;
	*state = calloc(1, sizeof(struct pair_host));
	return *state ? 0 : -ENOMEM;
}

static void pair_destroy(void *state)
{
	struct pair_host *h = state;
	if (!h)
		return;
	free(h->v);
	coproc_map_free(&h->map);
	free(h);
}

static void pair_add(struct pair_host *h, uint32_t a, uint32_t b, uint64_t n1, uint64_t n2)
{
	int64_t k = coproc_map_get(&h->map, a, b);
	if (k < 0) {
		if (h->n == h->cap) {
			size_t cap = h->cap ? 2 * h->cap : 256;
			struct coproc_pair_count *v = realloc(h->v, cap * sizeof(*v));
			if (!v) {
				h->oom = 1;
				return;
			}
			h->v = v;
			h->cap = cap;
		}
		if (coproc_map_put(&h->map, a, b, (uint32_t)h->n)) {
			h->oom = 1;
			return;
		}
		k = (int64_t)h->n;
		h->v[h->n++] = (struct coproc_pair_count){ a, b, 0, 0 };
	}
	h->v[k].n1 += n1;
	h->v[k].n2 += n2;
}

static uint64_t edge_copy(struct coproc *cp, struct pair_host *h)
{
	const struct coproc_engine *e = &cp->eng;
	uint64_t n = 0;
	for (uint32_t k = 0; k < e->cam_entries; k++) {
		uint64_t t = coproc_data_get(e, e->b[0], k, 2);
		uint64_t nt = coproc_data_get(e, e->b[1], k, 2);
		if (!t && !nt)
			continue;
		pair_add(h, e->cam_key[k], 0, t, nt);
		n++;
	}
	cp->st.records_copied += n;
	return cp->cfg.interrupt_cycles + n * cp->cfg.sample_cycles;
}

static uint64_t memdep_copy(struct coproc *cp, struct pair_host *h, int clear)
{
	struct coproc_engine *e = &cp->eng;
	uint64_t n = 0, entries = e->c[1] + 1;
	for (uint32_t k = 0; k < entries; k++) {
		uint64_t cnt = coproc_data_get(e, e->b[3], k, 2);
		if (!cnt)
			continue;
		pair_add(h, (uint32_t)coproc_data_get(e, e->b[1], k, 4),
		         (uint32_t)coproc_data_get(e, e->b[2], k, 4), cnt, 0);
		n++;
		if (clear)
			memset(e->data + ((e->b[3] + 2 * k) & (e->data_bytes - 1) & ~1u), 0, 2);
	}
	cp->st.records_copied += n;
	return cp->cfg.interrupt_cycles + n * cp->cfg.sample_cycles;
}

static uint64_t edge_interrupt(struct coproc *cp, void *state)
{
	uint64_t c = edge_copy(cp, state);
	coproc_rearm(cp);
	return c;
}

static uint64_t edge_finish(struct coproc *cp, void *state)
{
	return edge_copy(cp, state);
}

static uint64_t memdep_interrupt(struct coproc *cp, void *state)
{
	/* the window of recent stores (CAM and b0) survives: only the table is emptied */
	uint64_t c = memdep_copy(cp, state, 1);
	cp->eng.i[2] = 0;
	cp->eng.halted = 0;
	return c;
}

static uint64_t memdep_finish(struct coproc *cp, void *state)
{
	return memdep_copy(cp, state, 0);
}

const struct coproc_host coproc_host_edge = {
	.name = "edge", .init = pair_init, .on_interrupt = edge_interrupt,
	.finish = edge_finish, .destroy = pair_destroy,
};

const struct coproc_host coproc_host_memdep = {
	.name = "memdep", .init = pair_init, .on_interrupt = memdep_interrupt,
	.finish = memdep_finish, .destroy = pair_destroy,
};

static int pair_results(const struct coproc *cp, const struct coproc_host *want,
			struct coproc_pair_count **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	if (cp->host != want)
		return -EINVAL;
	const struct pair_host *h = cp->host_state;
	*out = malloc((h->n ? h->n : 1) * sizeof(**out));
	if (!*out)
		return -ENOMEM;
	if (h->n)
		memcpy(*out, h->v, h->n * sizeof(**out));
	*n = h->n;
	return 0;
}

int coproc_edge_results(const struct coproc *cp, struct coproc_pair_count **out, size_t *n)
{
	return pair_results(cp, &coproc_host_edge, out, n);
}

int coproc_memdep_results(const struct coproc *cp, struct coproc_pair_count **out, size_t *n)
{
	return pair_results(cp, &coproc_host_memdep, out, n);
}
