/*
 * pipeline.c — a long multi-phase workload for sampled simulation (robin simpoint run; not
 * in the 17-workload suite): each round runs some of five phases with different behaviour on
 * an out-of-order core, in an order that varies by round, about 1 billion instructions at the
 * default size 10 (size N: N rounds):
 *   compress  LZ77-style matching with a hash chain over generated text (branchy integer)
 *   sort      LSD radix sort of 256K keys (streaming stores, scatter)
 *   stencil   5-point Jacobi sweeps over a 512x512 grid of doubles (FP, streaming)
 *   graph     breadth-first search of a random graph of 256K nodes (pointer chasing)
 *   parse     tokenising generated markup into a tree whose shape depends on the round,
 *             as xalancbmk's input decides its work
 * Self-checks: the sort is ordered, BFS reaches every node, the parse tree is balanced.
 */
#include "../workload.h"

#define TEXT_BYTES (256u << 10)
#define HASH_BITS 15
#define SORT_N (256u << 10)
#define GRID 512
#define NODES (256u << 10)
#define DEGREE 8
#define MARKUP_BYTES (192u << 10)

static uint8_t text[TEXT_BYTES];
static int32_t head[1u << HASH_BITS], chain[TEXT_BYTES];
static uint32_t keys[SORT_N], tmp[SORT_N];
static double grid_a[GRID][GRID], grid_b[GRID][GRID];
static uint32_t adj[NODES * DEGREE], queue[NODES];
static int32_t dist[NODES];
static char markup[MARKUP_BYTES];
static uint32_t depth_count[64];

static WL_HOT uint64_t phase_compress(struct wl_rng *r)
{
	/* text from a small vocabulary, so matches exist */
	static const char *const words[] = { "the ", "core ", "commits ", "stalls ", "on ", "a ",
	                                     "load ", "miss ", "branch ", "flush ", "\n" };
	uint32_t n = 0;
	while (n < TEXT_BYTES - 16) {
		const char *w = words[wl_rand_below(r, 11)];
		while (*w && n < TEXT_BYTES)
			text[n++] = (uint8_t)*w++;
	}
	memset(head, -1, sizeof(head));
	uint64_t out = 0, lit = 0, matched = 0;
	for (uint32_t i = 0; i + 3 < n;) {
		uint32_t h = ((uint32_t)text[i] * 2654435761u ^ (uint32_t)text[i + 1] * 40503u ^ text[i + 2]) &
		             ((1u << HASH_BITS) - 1);
		int32_t cand = head[h];
		uint32_t best = 0;
		for (int tries = 0; cand >= 0 && tries < 16; tries++, cand = chain[cand]) {
			uint32_t l = 0;
			while (i + l < n && l < 258 && text[cand + l] == text[i + l])
				l++;
			if (l > best)
				best = l;
		}
		chain[i] = head[h];
		head[h] = (int32_t)i;
		if (best >= 4) {
			out = wl_mix(out, best);
			matched += best;
			i += best;
		} else {
			lit++;
			i++;
		}
	}
	return wl_mix(out, lit * 1000003u + matched);
}

static WL_HOT uint64_t phase_sort(struct wl_rng *r, int *ok)
{
	for (uint32_t i = 0; i < SORT_N; i++)
		keys[i] = (uint32_t)wl_rand64(r);
	for (int shift = 0; shift < 32; shift += 8) {
		uint32_t count[257] = { 0 };
		for (uint32_t i = 0; i < SORT_N; i++)
			count[((keys[i] >> shift) & 255) + 1]++;
		for (int b = 0; b < 256; b++)
			count[b + 1] += count[b];
		for (uint32_t i = 0; i < SORT_N; i++)
			tmp[count[(keys[i] >> shift) & 255]++] = keys[i];
		memcpy(keys, tmp, sizeof(keys));
	}
	uint64_t h = 0;
	for (uint32_t i = 1; i < SORT_N; i++) {
		if (keys[i - 1] > keys[i])
			*ok = 0;
		if (!(i & 1023))
			h = wl_mix(h, keys[i]);
	}
	return h;
}

static WL_HOT uint64_t phase_stencil(int sweeps)
{
	for (int s = 0; s < sweeps; s++) {
		for (int i = 1; i < GRID - 1; i++)
			for (int j = 1; j < GRID - 1; j++)
				grid_b[i][j] = 0.2 * (grid_a[i][j] + grid_a[i - 1][j] + grid_a[i + 1][j] +
				                      grid_a[i][j - 1] + grid_a[i][j + 1]);
		for (int i = 1; i < GRID - 1; i++)
			for (int j = 1; j < GRID - 1; j++)
				grid_a[i][j] = grid_b[i][j];
	}
	return wl_mix_double(0, grid_a[GRID / 2][GRID / 3]);
}

static WL_HOT uint64_t phase_graph(struct wl_rng *r, int *ok)
{
	/* a ring (so that everything is reachable) plus random edges */
	for (uint32_t v = 0; v < NODES; v++) {
		adj[v * DEGREE] = (v + 1) % NODES;
		for (int k = 1; k < DEGREE; k++)
			adj[v * DEGREE + k] = (uint32_t)wl_rand_below(r, NODES);
		dist[v] = -1;
	}
	uint32_t qh = 0, qt = 0, src = (uint32_t)wl_rand_below(r, NODES);
	dist[src] = 0;
	queue[qt++] = src;
	uint64_t sum = 0;
	while (qh < qt) {
		uint32_t v = queue[qh++];
		for (int k = 0; k < DEGREE; k++) {
			uint32_t w = adj[v * DEGREE + k];
			if (dist[w] < 0) {
				dist[w] = dist[v] + 1;
				sum += (uint64_t)dist[w];
				queue[qt++] = w;
			}
		}
	}
	if (qt != NODES)
		*ok = 0;
	return wl_mix(sum, qt);
}

static WL_HOT uint64_t phase_parse(struct wl_rng *r, int round, int *ok)
{
	/* the input decides the work: deeper nesting and longer text on some rounds */
	int max_depth = 4 + (round % 3) * 12;
	uint32_t n = 0, depth = 0;
	while (n < MARKUP_BYTES - 64) {
		uint64_t x = wl_rand_below(r, 100);
		if (depth < (uint32_t)max_depth && x < 30) {
			n += (uint32_t)snprintf(markup + n, 16, "<t%u>", (unsigned)(x % 7));
			depth++;
		} else if (depth && x < 55) {
			memcpy(markup + n, "</>", 3);
			n += 3;
			depth--;
		} else {
			for (uint64_t k = 0; k < 3 + x % 9; k++)
				markup[n++] = (char)('a' + (x + k) % 26);
			markup[n++] = ' ';
		}
	}
	while (depth--) {
		memcpy(markup + n, "</>", 3);
		n += 3;
	}
	/* parse it back */
	memset(depth_count, 0, sizeof(depth_count));
	uint64_t h = 0;
	int d = 0;
	for (uint32_t i = 0; i < n; i++) {
		char c = markup[i];
		if (c == '<' && markup[i + 1] == '/') {
			d--;
			i += 2;
		} else if (c == '<') {
			unsigned tag = (unsigned)(markup[i + 2] - '0');
			d++;
			depth_count[d & 63]++;
			h = wl_mix(h, tag * 64u + (unsigned)d);
			i += 3;
		} else if (c != ' ') {
			h = h * 31 + (uint64_t)c;
		}
		if (d < 0)
			*ok = 0;
	}
	if (d != 0)
		*ok = 0;
	return h;
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	struct wl_rng r;
	wl_rng_seed(&r, 2024);
	for (int i = 0; i < GRID; i++)
		for (int j = 0; j < GRID; j++)
			grid_a[i][j] = (double)((i * 31 + j * 17) % 101);
	/* which phases each round runs: C compress, S sort, T stencil, G graph, P parse */
	static const char *const plan[] = { "CSPT", "GPC", "TTS", "PGCP", "SCG", "TPPC", "GGS",
	                                    "CPT", "STG", "PCGS" };
	uint64_t sum = 0;
	int ok = 1;
	for (unsigned round = 0; round < size; round++) {
		for (const char *p = plan[round % 10]; *p; p++) {
			uint64_t v = 0;
			switch (*p) {
			case 'C': v = phase_compress(&r); break;
			case 'S': v = phase_sort(&r, &ok); break;
			case 'T': v = phase_stencil(6); break;
			case 'G': v = phase_graph(&r, &ok); break;
			case 'P': v = phase_parse(&r, (int)round, &ok); break;
			}
			sum = wl_mix(sum, v);
		}
		printf("round %u %s %016" PRIx64 "\n", round, plan[round % 10], sum);
	}
	return wl_finish("pipeline", size, sum, 0xa5b8ca15b227fb4bull, ok);
}
