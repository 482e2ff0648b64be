/*
 * chase_l1 — stall-intensive code: pointer chasing through a random cyclic ring of 64-byte
 * nodes (one per cache line) spanning 16 KiB, which fits the L1 data cache: each step costs
 * the L1 load-to-use latency.
 * Every load's address depends on the previous load, so there is no
 * memory-level parallelism: commit stalls on one load at a time (the lbm-style "non-hidden
 * miss" of seed 004_b28092482852db08.txt, in its purest form).
 * Self-check: the ring is one cycle through every node (Sattolo's shuffle), verified by a walk.
 * Size: SIZE x 400 Ki steps.
 */
#include "workload.h"

#define CHASE_BYTES (16u * 1024u)

struct chase_node {
	struct chase_node *next;
	uint64_t payload[7];  /* pads the node to one 64-byte line */
};

/* Link the nodes into a single random cycle (Sattolo's algorithm over an index permutation). */
static void chase_build(struct chase_node *nodes, uint32_t n, struct wl_rng *rng)
{
	uint32_t *perm = malloc(n * sizeof *perm);
	if (!perm) {
		fprintf(stderr, "chase_l1: out of memory\n");
		exit(2);
	}
	for (uint32_t i = 0; i < n; i++)
		perm[i] = i;
	for (uint32_t i = n - 1; i > 0; i--) {
		uint32_t j = (uint32_t)wl_rand_below(rng, i);  /* j < i: one single cycle */
		uint32_t t = perm[i];
		perm[i] = perm[j];
		perm[j] = t;
	}
	for (uint32_t i = 0; i < n; i++) {
		nodes[perm[i]].next = &nodes[perm[(i + 1) % n]];
		nodes[perm[i]].payload[0] = perm[i];
	}
	free(perm);
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
	chase_build(nodes, n, &rng);

	/* one full lap must come back to the start and visit every node once */
	uint64_t lap_acc = 0;
	struct chase_node *end = chase_walk(nodes, n, &lap_acc);
	int ok = end == nodes && lap_acc == (uint64_t)n * (n - 1) / 2;

	uint64_t acc = 0;
	struct chase_node *p = chase_walk(nodes, size * 409600u, &acc);
	uint64_t sum = wl_mix(wl_mix(0, acc), (uint64_t)(p - nodes));
	free(nodes);
	return wl_finish("chase_l1", size, sum, 0xc1776c7536b19c78ull, ok);
}
