/*
 * chase_dram — stall-intensive code: pointer chasing through a random cyclic ring of 64-byte
 * nodes (one per cache line) spanning 64 MiB, far beyond any last-level cache: every step is
 * a DRAM access and, with 16 Ki pages visited in random order, a TLB miss as well.
 * Every load's address depends on the previous load, so there is no
 * memory-level parallelism: commit stalls on one load at a time (the lbm-style "non-hidden
 * miss" of seed 004_b28092482852db08.txt, in its purest form).
 * Self-check: the successors form a permutation without fixed points (Sattolo: one cycle).
 * Size: SIZE x 40 Ki steps.
 */
#include "workload.h"

#define CHASE_BYTES (64u * 1024u * 1024u)

struct chase_node {
	struct chase_node *next;
	uint64_t payload[7];  /* pads the node to one 64-byte line */
};

/* Link all nodes into one random ring: Sattolo's shuffle of the successor indices (kept in
 * payload[1]) yields a permutation that is a single cycle through every node; a sequential pass
 * turns the indices into pointers. Returns 1 if the successors form a permutation (each node
 * is the successor of exactly one node) in which no node is its own successor. */
static int chase_build(struct chase_node *nodes, uint32_t n, struct wl_rng *rng)
{
	for (uint32_t i = 0; i < n; i++) {
		nodes[i].payload[0] = i;
		nodes[i].payload[1] = i;
	}
	for (uint32_t i = n - 1; i > 0; i--) {
		uint32_t j = (uint32_t)wl_rand_below(rng, i);  /* j < i: Sattolo, one single cycle */
		uint64_t t = nodes[i].payload[1];
		nodes[i].payload[1] = nodes[j].payload[1];
		nodes[j].payload[1] = t;
	}
	uint8_t *seen = calloc(n / 8 + 1, 1);
	if (!seen) {
		fprintf(stderr, "chase_dram: out of memory\n");
		exit(2);
	}
	int ok = 1;
	for (uint32_t i = 0; i < n; i++) {
		uint64_t s = nodes[i].payload[1];
		ok &= s < n && s != i && !(seen[s / 8] & (1u << (s % 8)));
		seen[s / 8] |= (uint8_t)(1u << (s % 8));
		nodes[i].next = &nodes[s];
	}
	free(seen);
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
		fprintf(stderr, "chase_dram: out of memory\n");
		return 2;
	}
	struct wl_rng rng;
	wl_rng_seed(&rng, n);
	int ok = chase_build(nodes, n, &rng);

	uint64_t acc = 0;
	struct chase_node *p = chase_walk(nodes, size * 40960u, &acc);
	uint64_t sum = wl_mix(wl_mix(0, acc), (uint64_t)(p - nodes));
	free(nodes);
	return wl_finish("chase_dram", size, sum, 0x6b88de91dc8f50b1ull, ok);
}
