/*
 * chase.h — the pointer chase shared by chase_l1, chase_llc and chase_dram: a random cyclic
 * ring of 64-byte nodes (one per cache line) whose size picks the level of the memory
 * hierarchy that serves every step. Every load's address depends on the previous load, so
 * there is no memory-level parallelism: commit stalls on one load at a time (the lbm-style
 * "non-hidden miss" of seed 004_b28092482852db08.txt, in its purest form).
 * Self-check: the successors form a permutation without fixed points (Sattolo: one cycle).
 */
#ifndef ROBIN_WORKLOAD_CHASE_H
#define ROBIN_WORKLOAD_CHASE_H

#include "workload.h"

struct chase_node {
	struct chase_node *next;
	uint64_t payload[7];  /* pads the node to one 64-byte line */
};

/* Link all nodes into one random ring: Sattolo's shuffle of the successor indices (kept in
 * payload[1]) yields a permutation that is a single cycle through every node; a sequential pass
 * turns the indices into pointers. Returns 1 if the successors form a permutation (each node
 * is the successor of exactly one node) in which no node is its own successor. */
static int chase_build(const char *name, struct chase_node *nodes, uint32_t n, struct wl_rng *rng)
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
		fprintf(stderr, "%s: out of memory\n", name);
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

/* The whole program: build a ring of ring_bytes, walk SIZE x steps_per_size steps, check the
 * result against expected (the checksum at the default size). Returns main's exit status. */
static int chase_main(int argc, char **argv, const char *name, uint32_t ring_bytes,
                      uint32_t steps_per_size, uint64_t expected)
{
	unsigned size = wl_size(argc, argv);
	uint32_t n = ring_bytes / sizeof(struct chase_node);
	struct chase_node *nodes = aligned_alloc(64, ring_bytes);
	if (!nodes) {
		fprintf(stderr, "%s: out of memory\n", name);
		return 2;
	}
	struct wl_rng rng;
	wl_rng_seed(&rng, n);
	int ok = chase_build(name, nodes, n, &rng);

	uint64_t acc = 0;
	struct chase_node *p = chase_walk(nodes, (uint64_t)size * steps_per_size, &acc);
	uint64_t sum = wl_mix(wl_mix(0, acc), (uint64_t)(p - nodes));
	free(nodes);
	return wl_finish(name, size, sum, expected, ok);
}

#endif
