/*
 * chase_l1 — stall-intensive code: pointer chasing through a random cyclic ring of 64-byte
 * nodes (one per cache line) spanning 16 KiB, which fits the L1 data cache: each step costs
 * the L1 load-to-use latency.
 * Every load's address depends on the previous load, so there is no
 * memory-level parallelism: commit stalls on one load at a time (the lbm-style "non-hidden
 * miss" of seed 004_b28092482852db08.txt, in its purest form).
 * Self-check: the ring is one cycle through every node (its links are verified).
 * Size: SIZE x 400 Ki steps.
 */
#include "workload.h"

#define CHASE_BYTES (16u * 1024u)

struct chase_node {
	struct chase_node *next;
	uint64_t payload[7];  /* pads the node to one 64-byte line */
};

/* Link all nodes into one ring in a random order (Fisher-Yates shuffle of the node indices;
 * node perm[i] points to node perm[i + 1]). Returns 1 if the links check out: perm is a
 * permutation and every node points to its successor, which makes the ring one cycle through
 * every node. The check reads the nodes in shuffled but independent order, so it costs far
 * less than a dependent lap through the ring. */
static int chase_build(struct chase_node *nodes, uint32_t n, struct wl_rng *rng)
{
	uint32_t *perm = malloc(n * sizeof *perm);
	uint8_t *seen = calloc(n / 8 + 1, 1);
	if (!perm || !seen) {
		fprintf(stderr, "chase_l1: out of memory\n");
		exit(2);
	}
	for (uint32_t i = 0; i < n; i++)
		perm[i] = i;
	for (uint32_t i = n - 1; i > 0; i--) {
		uint32_t j = (uint32_t)wl_rand_below(rng, i + 1);
		uint32_t t = perm[i];
		perm[i] = perm[j];
		perm[j] = t;
	}
	for (uint32_t i = 0; i + 1 < n; i++) {
		nodes[perm[i]].next = &nodes[perm[i + 1]];
		nodes[perm[i]].payload[0] = perm[i];
	}
	nodes[perm[n - 1]].next = &nodes[perm[0]];
	nodes[perm[n - 1]].payload[0] = perm[n - 1];

	int ok = 1;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t p = perm[i];
		ok &= !(seen[p / 8] & (1u << (p % 8)));
		seen[p / 8] |= (uint8_t)(1u << (p % 8));
		ok &= nodes[p].next == &nodes[perm[i + 1 < n ? i + 1 : 0]] && nodes[p].payload[0] == p;
	}
	free(seen);
	free(perm);
	return ok;
}

static WL_HOT struct chase_node *chase_walk(struct chase_node *p, uint64_t steps,
                                           uint64_t *acc)
{
	uint64_t a = 0;
	for (uint64_t s = 0; s < steps; s++) {
		p = p->next;
		a += p->payload[0];
	}
	*acc += a;
	return p;
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	uint32_t n = CHASE_BYTES / sizeof(struct chase_node);
	struct chase_node *nodes = aligned_alloc(64, CHASE_BYTES);
	if (!nodes) {
		fprintf(stderr, "chase_l1: out of memory\n");
		return 2;
	}
	struct wl_rng rng;
	wl_rng_seed(&rng, n);
	int ok = chase_build(nodes, n, &rng);

	uint64_t acc = 0;
	struct chase_node *p = chase_walk(nodes, size * 409600u, &acc);
	uint64_t sum = wl_mix(wl_mix(0, acc), (uint64_t)(p - nodes));
	free(nodes);
	return wl_finish("chase_l1", size, sum, 0xc1776c7536b19c78ull, ok);
}
