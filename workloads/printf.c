/*
 * printf — real library code: glibc's snprintf() formatting integers (%d, %u, %x, %o, padded
 * and signed), doubles (%f, %e, %g and the round-trip %.17g, which runs glibc's multi-precision
 * conversion) and strings with widths, then strtod()/strtoul() parsing the text back. Long,
 * branchy library code paths with many calls, table lookups and multiplications.
 * Self-check: every %.17g double parses back bit-exactly and every %lx integer too.
 * Size: SIZE x 120 records.
 */
#include "workload.h"

static uint64_t pf_hash(uint64_t h, const char *s, int n)
{
	for (int i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	static const char *const names[] = { "alpha", "beta", "gamma", "delta", "epsilon", "zeta" };
	char buf[512];
	struct wl_rng rng;
	wl_rng_seed(&rng, 1200);
	uint64_t h = 0xcbf29ce484222325ull, chars = 0;
	int ok = 1;
	for (unsigned rec = 0; rec < size * 120u; rec++) {
		uint64_t u = wl_rand64(&rng);
		int32_t i = (int32_t)(u >> 17);
		double d = (wl_rand_unit(&rng) - 0.5) * 1e6 / (1.0 + (double)(u & 0xff));
		double tiny = wl_rand_unit(&rng) * 1e-200;
		int n = snprintf(buf, sizeof buf, "%6u|%-8s|%+d|%08x|%o|%lx|%.3f|%e|%g|%12.5g|%s\n",
		                 rec, names[u % 6], i, (unsigned)u, (unsigned)(u >> 40), (unsigned long)u,
		                 d, d * 1e-3, d, tiny, names[(u >> 8) % 6]);
		ok &= n > 0 && n < (int)sizeof buf;
		h = pf_hash(h, buf, n);
		chars += (uint64_t)n;

		int m = snprintf(buf, sizeof buf, "%.17g %lx", d, (unsigned long)u);
		h = pf_hash(h, buf, m);
		char *end;
		double back = strtod(buf, &end);
		unsigned long uback = strtoul(end, NULL, 16);
		ok &= memcmp(&back, &d, sizeof d) == 0 && uback == u;
	}
	h = wl_mix(h, chars);
	return wl_finish("printf", size, h, 0xa8c60cecc5fb59daull, ok);
}
