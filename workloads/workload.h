/*
 * workload.h — the few helpers every workload shares: a deterministic PRNG (splitmix64-seeded
 * xorshift64*), the optional size argument, a checksum mixer and the closing line.
 * Workloads are single-threaded, read no clock, environment or device, so their output and
 * dynamic instruction count depend only on the size argument.
 *
 * Every workload ends with one line, `NAME size N checksum 0x... ok|unchecked|MISMATCH`,
 * through wl_finish(), and exits 0 only when its self-checks pass (and, at the default size,
 * when the checksum equals the reference value recorded from qemu-riscv64).
 */
#ifndef ROBIN_WORKLOAD_H
#define ROBIN_WORKLOAD_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- deterministic pseudo-random numbers -------------------------------------------------- */

struct wl_rng {
	uint64_t s;  /* xorshift64* state, never 0 */
};

/* Seed a generator; the same seed always yields the same sequence. */
static inline void wl_rng_seed(struct wl_rng *r, uint64_t seed)
{
	/* splitmix64 step so that small seeds still give well-mixed states */
	uint64_t z = seed + 0x9e3779b97f4a7c15ull;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	z ^= z >> 31;
	r->s = z ? z : 0x2545f4914f6cdd1dull;
}

/* Next 64 random bits. */
static inline uint64_t wl_rand64(struct wl_rng *r)
{
	uint64_t x = r->s;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	r->s = x;
	return x * 0x2545f4914f6cdd1dull;
}

/* Uniform in [0, n) for n > 0 (multiply-shift; bias is below 2^-32 for the sizes used). */
static inline uint64_t wl_rand_below(struct wl_rng *r, uint64_t n)
{
	return (uint64_t)(((unsigned __int128)wl_rand64(r) * n) >> 64);
}

/* Uniform double in [0, 1). */
static inline double wl_rand_unit(struct wl_rng *r)
{
	return (double)(wl_rand64(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* Keep a hot function out of line and unrenamed (no .constprop/.isra clones), so profiles
 * attribute its time to a symbol with its source name. */
#define WL_HOT __attribute__((noinline, noclone))

/* ---- size argument ------------------------------------------------------------------------- */

/* The default of the size argument: every workload's reference run. Work grows roughly in
 * proportion to the size; size 1 is a tenth of the reference run (for sanitizer-built tests). */
#define WL_SIZE_DEFAULT 10u

/* The optional first argument scales the work: `prog [SIZE]`, SIZE a positive integer
 * (default WL_SIZE_DEFAULT). Returns it; prints a one-line error and exits 2 when malformed. */
static inline unsigned wl_size(int argc, char **argv)
{
	if (argc < 2)
		return WL_SIZE_DEFAULT;
	char *end;
	unsigned long v = strtoul(argv[1], &end, 10);
	if (*argv[1] == '\0' || *end != '\0' || v == 0 || v > 1000000) {
		fprintf(stderr, "%s: size argument '%s' is not an integer in 1..1000000\n",
		        argv[0], argv[1]);
		exit(2);
	}
	return (unsigned)v;
}

/* ---- checksums ------------------------------------------------------------------------------ */

/* Fold a 64-bit value into a running checksum (order-sensitive). */
static inline uint64_t wl_mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdull;
}

/* Fold a double in by its bit pattern (results must be bit-exact across emulators). */
static inline uint64_t wl_mix_double(uint64_t h, double d)
{
	uint64_t bits;
	memcpy(&bits, &d, sizeof bits);
	return wl_mix(h, bits);
}

/* Print the closing line and return the process exit status: 0 when the self-checks passed
 * (`selfcheck_ok`) and, at the default size, `sum` equals `expected`; 1 otherwise. */
static inline int wl_finish(const char *name, unsigned size, uint64_t sum, uint64_t expected,
                            int selfcheck_ok)
{
	const char *verdict;
	int rc = 0;
	if (!selfcheck_ok) {
		verdict = "SELFCHECK-FAILED";
		rc = 1;
	} else if (size != WL_SIZE_DEFAULT) {
		verdict = "unchecked";
	} else if (sum != expected) {
		verdict = "MISMATCH";
		rc = 1;
	} else {
		verdict = "ok";
	}
	printf("%s size %u checksum 0x%016" PRIx64 " %s\n", name, size, sum, verdict);
	if (rc && selfcheck_ok)
		printf("%s expected checksum 0x%016" PRIx64 "\n", name, expected);
	return rc;
}

#endif
