/* ibs_chase: the linked-list pointer chase of 003_b4067ee07181a84e.txt Figure 2: a random
 * single-cycle ring of 64-byte nodes (one per cache line) spanning KIB KiB (argv[1], default
 * 16), walked STEPS times (argv[2], default 20000) after one warming pass. Each load's address
 * is the previous load's value, so every step is served by the level the ring fits in.
 * Prints the node reached. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
	struct node *next;
	uint64_t pad[7];
};

static __attribute__((noinline)) struct node *chase(struct node *p, long steps)
{
	while (steps--)
		p = p->next;
	return p;
}

int main(int argc, char **argv)
{
	long kib = argc > 1 ? atol(argv[1]) : 16, steps = argc > 2 ? atol(argv[2]) : 20000;
	size_t n = (size_t)kib * 1024 / sizeof(struct node);
	if (n < 2 || steps < 0) {
		fprintf(stderr, "ibs_chase: KIB must be >= 1 and STEPS >= 0\n");
		return 2;
	}
	struct node *nodes = aligned_alloc(4096, n * sizeof(struct node));
	uint32_t *perm = malloc(n * sizeof(uint32_t));
	if (!nodes || !perm)
		return 2;
	for (size_t i = 0; i < n; i++)
		perm[i] = (uint32_t)i;
	uint64_t x = 0x9e3779b97f4a7c15ull;
	for (size_t i = n - 1; i > 0; i--) {   /* Sattolo: one cycle through every node */
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		size_t j = x % i;
		uint32_t t = perm[i];
		perm[i] = perm[j];
		perm[j] = t;
	}
	for (size_t i = 0; i < n; i++)
		nodes[i].next = &nodes[perm[i]];
	free(perm);
	struct node *p = chase(&nodes[0], (long)n);   /* warm: one lap */
	p = chase(p, steps);
	printf("ibs_chase %ld KiB %ld steps: node %ld\n", kib, steps, (long)(p - nodes));
	return 0;
}
