/*
 * diff_rt.c — guest runtime of robin's differential test (riscv64, built with the generated
 * diff_tests.c). For every test function it runs the cross product of the edge operands of
 * its pools (a prefix of each pool, sized per arity) and then seeded random operands, in
 * every frm value for dynamic-rounding tests, and prints one line per case: name, rounding
 * mode, operands, results, memory, and fflags (preset, then after) in hex. The output is
 * identical on any correct RV64GC implementation; run it under qemu-riscv64 and robin and
 * compare.
 *
 *   diff [--seed N] [--random N] [--edges1 N] [--edges2 N] [--edges3 N]
 *        [--only NAME[,NAME...]] [--part I/N] [--list] [--newer]
 *
 * --newer runs only the tests of extensions qemu-riscv64 7.2 lacks (Zicond, Zicbo*, Zawrs,
 * Zimop, Zcb, Zcmop, Zfa), which robin must reproduce against tests/diff/golden/; without it
 * they are left out.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diff.h"
#include "diff_rand.h"

/* ---- operand pools, most telling values first (runs may use a prefix) -------------------- */

static const uint64_t pool_s[] = {
	BOX(0), BOX(0x80000000), BOX(0x3f800000), BOX(0xbf800000), BOX(0x7f800000),
	BOX(0xff800000), BOX(0x7fc00000), BOX(0x7f800001), 0x000000003f800000ull,
	BOX(0xffc00001), BOX(0x7fbfffff), BOX(0x00000001), BOX(0x807fffff), BOX(0x00800000),
	BOX(0x80800000), BOX(0x7f7fffff), BOX(0xff7fffff), BOX(0x3f800001), BOX(0x3f7fffff),
	BOX(0x33800000), BOX(0x3fc00000), BOX(0xc0200000), BOX(0x3f000000), BOX(0xbf000000),
	BOX(0x40400000), BOX(0x4effffff), BOX(0x4f000000), BOX(0xcf000000), BOX(0x4f800000),
	BOX(0x5f000000), BOX(0xdf000000), BOX(0x5f800000), BOX(0x4b800001), BOX(0x00800001),
	BOX(0x3f7ffffe), BOX(0x1a000000), BOX(0x99800000), BOX(0x7f000000), BOX(0x0d800000),
	0x7ff0000000000000ull, 0xfffffffe3f800000ull,
};

static const uint64_t pool_d[] = {
	0, 0x8000000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
	0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull,
	0x7ff0000000000001ull, 0xfff8000000000001ull, 0x7ff7ffffffffffffull,
	0x0000000000000001ull, 0x800fffffffffffffull, 0x0010000000000000ull,
	0x8010000000000000ull, 0x7fefffffffffffffull, 0xffefffffffffffffull,
	0x3ff0000000000001ull, 0x3fefffffffffffffull, 0x3ca0000000000000ull,
	0x3ff8000000000000ull, 0xc004000000000000ull, 0x3fe0000000000000ull,
	0xbfe0000000000000ull, 0x4008000000000000ull, 0x41dfffffffe00000ull,
	0xc1e0000000100000ull, 0x41e0000000000000ull, 0x41efffffffe00000ull,
	0x41f0000000000000ull, 0x43e0000000000000ull, 0xc3e0000000000000ull,
	0x43f0000000000000ull, 0x43efffffffffffffull, 0x47efffffe0000000ull,
	0x47effffff0000000ull, 0x3690000000000000ull, 0x380ffffff0000000ull,
	0x3ff0000010000000ull, 0x1e50000000000000ull, 0x9e40000000000000ull,
	0x36a0000000000000ull, 0x3feffffffffffffeull, 0x41effffffff00000ull,
};

#define BOXH(v) (0xffffffffffff0000ull | (uint16_t)(v))

static const uint64_t pool_h[] = {
	BOXH(0), BOXH(0x8000), BOXH(0x3c00), BOXH(0xbc00), BOXH(0x7c00), BOXH(0xfc00),
	BOXH(0x7e00), BOXH(0x7c01), 0x0000000000003c00ull, BOXH(0xfe01), BOXH(0x7dff),
	BOXH(0x0001), BOXH(0x83ff), BOXH(0x0400), BOXH(0x8400), BOXH(0x7bff), BOXH(0xfbff),
	BOXH(0x3c01), BOXH(0x3bff), BOXH(0x1400), BOXH(0x3e00), BOXH(0xc100), BOXH(0x3800),
	BOXH(0xb800), BOXH(0x4200), BOXH(0x7800), BOXH(0x5bff), BOXH(0x6400), BOXH(0x0401),
	BOXH(0x3bfe), BOXH(0x3555), BOXH(0x0200), BOXH(0x8001), BOXH(0x4b80), BOXH(0xd640),
	BOXH(0x7a00), 0xffffffff00003c00ull, 0xfffe00003c00ull,
};

static const uint64_t *const pools[DIFF_POOL_COUNT] = { pool_x, pool_s, pool_d, pool_h };
static const unsigned pool_len[DIFF_POOL_COUNT] = { NELEM(pool_x), NELEM(pool_s), NELEM(pool_d),
                                                    NELEM(pool_h) };

static long exp_of(uint64_t v, int E, int M)
{
	return (long)((v >> M) & ((1ull << E) - 1));
}

static uint64_t rand_operand(int pool, int idx, const uint64_t *prev)
{
	if (pool == DIFF_POOL_X)
		return rand_x();
	int E = pool == DIFF_POOL_S ? 8 : pool == DIFF_POOL_H ? 5 : 11;
	int M = pool == DIFF_POOL_S ? 23 : pool == DIFF_POOL_H ? 10 : 52;
	long bias = (1L << (E - 1)) - 1;
	long ef = -1;
	uint64_t r = rng();
	/* relate exponents so that additions cancel and fused products meet their addend */
	if (idx == 1 && r % 2)
		ef = exp_of(prev[0], E, M) + (long)((r >> 8) % 7) - 3;
	else if (idx == 1 && r % 4 == 2)
		ef = exp_of(prev[0], E, M) + (long)((r >> 8) % 61) - 30;
	else if (idx == 2 && r % 2)
		ef = exp_of(prev[0], E, M) + exp_of(prev[1], E, M) - bias + (long)((r >> 8) % 7) - 3;
	uint64_t v = rand_fp(E, M, ef);
	if (pool == DIFF_POOL_S) {
		if (rng() % 64 == 0)
			return v | (rng() << 32);                          /* not NaN-boxed */
		return BOX(v);
	}
	if (pool == DIFF_POOL_H) {
		if (rng() % 64 == 0)
			return v | (rng() << 16);                          /* not NaN-boxed */
		return BOXH(v);
	}
	return v;
}

/* ---- output ---------------------------------------------------------------------------- */

static char outbuf[1 << 16];
static size_t outlen;

static void out_flush(void)
{
	size_t off = 0;
	while (off < outlen) {
		ssize_t n = write(1, outbuf + off, outlen - off);
		if (n <= 0)
			_exit(3);
		off += (size_t)n;
	}
	outlen = 0;
}

/* Make room for one line (cases print well under 512 bytes; names are short). */
static void out_reserve(void)
{
	if (outlen + 512 > sizeof(outbuf))
		out_flush();
}

static void out_str(const char *s)
{
	while (*s) {
		if (outlen == sizeof(outbuf))
			out_flush();
		outbuf[outlen++] = *s++;
	}
}

/* " " and v in hex without leading zeros; the caller reserved room. */
static void out_hex(uint64_t v)
{
	int n = v ? (64 - __builtin_clzll(v) + 3) / 4 : 1;
	char *p = outbuf + outlen;
	p[0] = ' ';
	for (int i = n; i > 0; i--, v >>= 4)
		p[i] = "0123456789abcdef"[v & 15];
	outlen += (size_t)n + 1;
}

static void out_dec(uint64_t v)
{
	char tmp[24];
	int n = 0;
	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n) {
		char c[2] = { tmp[--n], 0 };
		out_str(c);
	}
}

/* ---- running ----------------------------------------------------------------------------- */

static uint64_t cases;

/* Trap tests run under handlers for SIGILL and SIGTRAP that jump back (SA_NODEFER: the
 * signal stays unblocked after leaving the handler by siglongjmp). */
static sigjmp_buf trap_env;
static volatile sig_atomic_t trap_armed;

static const char *running;  /* the test being run, for an unexpected signal's report */

/* An unexpected SIGILL/SIGTRAP (an emulator that lacks an instruction) ends the run, but what
 * was printed so far is kept, and where it stopped: the comparison then shows the first
 * differing line instead of an empty output. */
static void on_trap(int sig)
{
	if (trap_armed)
		siglongjmp(trap_env, sig);
	out_str("# unexpected signal ");
	out_dec((uint64_t)sig);
	out_str(" in ");
	out_str(running ? running : "?");
	out_str("\n");
	out_flush();
	_exit(128 + sig);
}

static void install_trap_handlers(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_trap;
	sa.sa_flags = SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGILL, &sa, NULL);
	sigaction(SIGTRAP, &sa, NULL);
}

/* Run a test that may trap; returns the signal number, or 0. */
static int run_trapping(const struct diff_test *t, const uint64_t *in, uint64_t *out,
                        uint64_t *mem)
{
	int sig = sigsetjmp(trap_env, 0);
	if (sig == 0) {
		trap_armed = 1;
		t->fn(in, out, mem);
	}
	trap_armed = 0;
	return sig;
}

static void run_case(const struct diff_test *t, const uint64_t *ops, uint64_t idx)
{
	unsigned nfrm = t->dyn == 2 ? 3 : t->dyn ? 5 : 1;
	for (unsigned k = 0; k < nfrm; k++) {
		uint64_t in[5], out[8] = { 0 }, mem[8] __attribute__((aligned(64)));
		unsigned frm;
		if (t->dyn == 2)
			frm = 5 + k;                              /* invalid: must trap */
		else if (t->dyn)
			frm = k;
		else if (t->static_rm <= 4)
			frm = (t->static_rm + 1 + (unsigned)(idx % 4)) % 5; /* never the static mode */
		else
			frm = (unsigned)(idx % 5);
		for (int i = 0; i < 3; i++)
			in[i] = i < t->nsrc ? ops[i] : 0;
		in[3] = idx % 4 == 3 ? ((idx * 0x9e37u) >> 3) & 0x1f : 0;  /* flags accrue */
		in[4] = frm;
		mem[0] = in[0];
		mem[1] = in[1];
		mem[2] = in[2];
		mem[3] = ~in[1];
		for (int i = 0; i < 4; i++)
			mem[4 + i] = ~mem[i];
		out_reserve();
		int sig = 0;
		if (t->trap)
			sig = run_trapping(t, in, out, mem);
		else
			t->fn(in, out, mem);

		out_str(t->name);
		out_str(" ");
		if (t->dyn) {
			out_str("dyn");
			out_dec(frm);
		} else {
			out_str(t->rm[0] ? t->rm : "-");
		}
		for (int i = 0; i < t->nsrc; i++)
			out_hex(ops[i]);
		out_str(" ->");
		if (sig) {
			out_str(" sig");
			out_hex((uint64_t)sig);
			out_str("\n");
			cases++;
			continue;
		}
		for (int i = 0; i < t->nout; i++)
			out_hex(out[i]);
		if (t->mem) {
			out_str(" mem");
			for (int i = 0; i < 4; i++)
				out_hex(mem[i]);
		}
		if (t->fflags) {
			out_str(" fl");
			out_hex(in[3]);
			out_hex(out[7]);
		}
		out_str("\n");
		cases++;
	}
}

static uint64_t hash_str(uint64_t h, const char *s)
{
	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ull;
	return h;
}

static int name_selected(const char *name, const char *only)
{
	if (!only)
		return 1;
	size_t base = strcspn(name, "/");
	for (const char *p = only; *p;) {
		size_t n = strcspn(p, ",");
		if ((n == base && !strncmp(p, name, n)) || (n == strlen(name) && !strncmp(p, name, n)))
			return 1;
		p += n;
		if (*p == ',')
			p++;
	}
	return 0;
}

static void usage(void)
{
	out_str("usage: diff [--seed N] [--random N] [--edges1 N] [--edges2 N] [--edges3 N] "
	        "[--only NAME,...] [--part I/N] [--list] [--newer]\n");
	out_flush();
	_exit(2);
}

int main(int argc, char **argv)
{
	uint64_t seed = 1, nrandom = 16;
	unsigned edges[4] = { 0, 64, 64, 12 };
	unsigned part = 0, nparts = 1;
	const char *only = NULL;
	int list = 0, newer = 0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--list")) {
			list = 1;
			continue;
		}
		if (!strcmp(a, "--newer")) {
			newer = 1;
			continue;
		}
		if (!v)
			usage();
		i++;
		if (!strcmp(a, "--seed"))
			seed = strtoull(v, NULL, 0);
		else if (!strcmp(a, "--random"))
			nrandom = strtoull(v, NULL, 0);
		else if (!strncmp(a, "--edges", 7) && a[7] >= '1' && a[7] <= '3' && !a[8])
			edges[a[7] - '0'] = (unsigned)strtoul(v, NULL, 0);
		else if (!strcmp(a, "--only"))
			only = v;
		else if (!strcmp(a, "--part")) {
			char *end;
			part = (unsigned)strtoul(v, &end, 10);
			nparts = *end == '/' ? (unsigned)strtoul(end + 1, NULL, 10) : 0;
			if (!nparts || part >= nparts)
				usage();
		} else
			usage();
	}

	install_trap_handlers();
	uint64_t ntest_run = 0;
	for (unsigned ti = 0; ti < diff_ntests; ti++) {
		const struct diff_test *t = &diff_tests[ti];
		if (ti % nparts != part || !name_selected(t->name, only) || t->newer != newer)
			continue;
		ntest_run++;
		running = t->name;
		if (list) {
			out_str(t->name);
			out_str(" ");
			out_str(t->rm[0] ? t->rm : "-");
			out_str("\n");
			continue;
		}
		uint64_t ops[3] = { 0, 0, 0 }, idx = 0;
		/* edges: the cross product of each operand pool's first edges[nsrc] values */
		unsigned lim[3], cnt[3] = { 0, 0, 0 };
		for (int i = 0; i < t->nsrc; i++) {
			lim[i] = pool_len[t->pool[i]];
			if (lim[i] > edges[t->nsrc])
				lim[i] = edges[t->nsrc];
		}
		int any = t->nsrc == 0 || edges[t->nsrc] > 0;
		while (any) {
			for (int i = 0; i < t->nsrc; i++)
				ops[i] = pools[t->pool[i]][cnt[i]];
			run_case(t, ops, idx++);
			int i = t->nsrc - 1;
			while (i >= 0 && ++cnt[i] == lim[i])
				cnt[i--] = 0;
			if (i < 0)
				break;
		}
		/* random operands, from a stream of their own per test and seed */
		if (t->nsrc == 0)
			continue;
		rng_state = hash_str(hash_str(seed * 0x2545f4914f6cdd1dull, t->name), t->rm);
		for (uint64_t r = 0; r < nrandom; r++) {
			for (int i = 0; i < t->nsrc; i++)
				ops[i] = rand_operand(t->pool[i], i, ops);
			run_case(t, ops, idx++);
		}
	}
	out_str("# tests ");
	out_dec(ntest_run);
	out_str(" cases ");
	out_dec(cases);
	out_str("\n");
	out_flush();
	return 0;
}
