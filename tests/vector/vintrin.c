/*
 * vintrin.c — a V 1.0 guest program written with clang 14's RVV intrinsics (the names
 * without the __riscv_ prefix), built by clang -march=rv64gcv (Makefile: build/guest/vector/).
 * Each part computes something with vector instructions, checks it against a scalar
 * computation and prints one line: its checksum and "ok" or "BAD". The loops are strip-mined
 * with vsetvl, so the output is the same at every VLEN (vlenb goes to stderr); the program
 * exits 1 if a part is BAD.
 *
 * Parts: unit-stride loads and stores (LMUL 2), strided loads (matrix columns), segment
 * loads and stores (interleaved pairs), fault-only-first loads (strlen up to an unmapped
 * page), masks (compares, vcpop, vfirst, masked arithmetic, vmerge, vcompress), widening
 * (i16 products into i32, f32 sums into f64), reductions (integer sum/max/min, ordered and
 * unordered FP sums), gathers (vrgather, indexed loads), slides (a three-point stencil) and
 * FP multiply-add (saxpy).
 */
#include <math.h>
#include <riscv_vector.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static int bad;

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdull;
}

static void report(const char *name, uint64_t sum, int ok)
{
	printf("%-12s checksum %016llx %s\n", name, (unsigned long long)sum, ok ? "ok" : "BAD");
	bad |= !ok;
}

static uint32_t seed = 12345;

static uint32_t rnd(void)
{
	seed = seed * 1664525u + 1013904223u;
	return seed >> 7;
}

#define N 1000

static int32_t ia[N], ib[N], ic[N];
static int16_t sa[N], sb[N];
static float fa[N], fb[N], fc[N];

/* c = a * 3 + b, unit-stride at LMUL 2 */
static void part_unit(void)
{
	size_t n = N;
	const int32_t *pa = ia, *pb = ib;
	int32_t *pc = ic;
	while (n) {
		size_t vl = vsetvl_e32m2(n);
		vint32m2_t a = vle32_v_i32m2(pa, vl), b = vle32_v_i32m2(pb, vl);
		vse32_v_i32m2(pc, vadd_vv_i32m2(vmul_vx_i32m2(a, 3, vl), b, vl), vl);
		pa += vl, pb += vl, pc += vl, n -= vl;
	}
	uint64_t h = 0;
	int ok = 1;
	for (int i = 0; i < N; i++) {
		ok &= ic[i] == (int32_t)((uint32_t)ia[i] * 3u + (uint32_t)ib[i]);
		h = mix(h, (uint32_t)ic[i]);
	}
	report("unit-stride", h, ok);
}

/* column sums of a 40 x 25 row-major matrix (ia), strided loads down each column */
#define ROWS 40
#define COLS 25
static void part_strided(void)
{
	uint64_t h = 0;
	int ok = 1;
	for (int c = 0; c < COLS; c++) {
		size_t n = ROWS;
		const int32_t *p = ia + c;
		vint32m1_t acc = vmv_v_x_i32m1(0, 1);
		while (n) {
			size_t vl = vsetvl_e32m1(n);
			vint32m1_t v = vlse32_v_i32m1(p, COLS * sizeof(int32_t), vl);
			acc = vredsum_vs_i32m1_i32m1(acc, v, acc, vl);
			p += vl * COLS, n -= vl;
		}
		int32_t s = vmv_x_s_i32m1_i32(acc), ref = 0;
		for (int r = 0; r < ROWS; r++)
			ref = (int32_t)((uint32_t)ref + (uint32_t)ia[r * COLS + c]);
		ok &= s == ref;
		h = mix(h, (uint32_t)s);
	}
	report("strided", h, ok);
}

/* interleaved (re, im) pairs: |z|^2 per pair, and the pairs stored back swapped */
static void part_segment(void)
{
	static int32_t z[N], w[N], m2[N / 2];
	memcpy(z, ia, sizeof(z));
	for (int i = 0; i < N; i++)
		z[i] &= 0x7fff;
	size_t n = N / 2;
	const int32_t *pz = z;
	int32_t *pw = w, *pm = m2;
	while (n) {
		size_t vl = vsetvl_e32m1(n);
		vint32m1_t re, im;
		vlseg2e32_v_i32m1(&re, &im, pz, vl);
		vint32m1_t m = vmacc_vv_i32m1(vmul_vv_i32m1(re, re, vl), im, im, vl);
		vse32_v_i32m1(pm, m, vl);
		vsseg2e32_v_i32m1(pw, im, re, vl);
		pz += 2 * vl, pw += 2 * vl, pm += vl, n -= vl;
	}
	uint64_t h = 0;
	int ok = 1;
	for (int i = 0; i < N / 2; i++) {
		ok &= m2[i] == z[2 * i] * z[2 * i] + z[2 * i + 1] * z[2 * i + 1];
		ok &= w[2 * i] == z[2 * i + 1] && w[2 * i + 1] == z[2 * i];
		h = mix(mix(h, (uint32_t)m2[i]), (uint32_t)w[2 * i]);
	}
	report("segment", h, ok);
}

/* strlen with fault-only-first loads: strings end right before an unmapped page, so a full
 * vector load would fault; vle8ff stops (trims vl) at the page instead */
static size_t vstrlen(const char *s)
{
	size_t len = 0;
	for (;;) {
		size_t vl = vsetvlmax_e8m1(), got;
		vuint8m1_t v = vle8ff_v_u8m1((const uint8_t *)s + len, &got, vl);
		vbool8_t z = vmseq_vx_u8m1_b8(v, 0, got);
		long first = vfirst_m_b8(z, got);
		if (first >= 0)
			return len + (size_t)first;
		len += got;
	}
}

static void part_ff(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *m = mmap(NULL, 2 * (size_t)pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
	               -1, 0);
	if (m == MAP_FAILED || mprotect(m + pg, (size_t)pg, PROT_NONE)) {
		report("fault-first", 0, 0);
		return;
	}
	uint64_t h = 0;
	int ok = 1;
	for (int len = 0; len < 300; len += 7) {
		char *s = m + pg - len - 1;
		for (int i = 0; i < len; i++)
			s[i] = (char)('a' + (i * 7 + len) % 26);
		s[len] = 0;
		size_t got = vstrlen(s);
		ok &= got == (size_t)len && got == strlen(s);
		h = mix(h, got);
	}
	/* a string in the middle of the page too */
	strcpy(m + 100, "fault-only-first");
	ok &= vstrlen(m + 100) == 16;
	munmap(m, 2 * (size_t)pg);
	report("fault-first", h, ok);
}

/* masks: count of a[i] > t (vmsgt, vcpop), first index of a[i] == x (vfirst), c = a + b where
 * a is odd (masked add), d = a < 0 ? -a : a (vmerge), the positive elements packed
 * (vcompress) */
static void part_masks(void)
{
	static int32_t c[N], d[N], pk[N];
	unsigned long cnt = 0;
	long first = -1;
	size_t n = N, off = 0, npk = 0;
	const int32_t t = 1 << 20, x = ia[777];
	while (n) {
		size_t vl = vsetvl_e32m1(n);
		vint32m1_t a = vle32_v_i32m1(ia + off, vl), b = vle32_v_i32m1(ib + off, vl);
		cnt += vcpop_m_b32(vmsgt_vx_i32m1_b32(a, t, vl), vl);
		if (first < 0) {
			long f = vfirst_m_b32(vmseq_vx_i32m1_b32(a, x, vl), vl);
			if (f >= 0)
				first = (long)off + f;
		}
		vbool32_t odd = vmsne_vx_i32m1_b32(vand_vx_i32m1(a, 1, vl), 0, vl);
		vse32_v_i32m1(c + off, vadd_vv_i32m1_m(odd, a, a, b, vl), vl);
		vbool32_t neg = vmslt_vx_i32m1_b32(a, 0, vl);
		vse32_v_i32m1(d + off, vmerge_vvm_i32m1(neg, a, vneg_v_i32m1(a, vl), vl), vl);
		vbool32_t pos = vmsgt_vx_i32m1_b32(a, 0, vl);
		vint32m1_t packed = vcompress_vm_i32m1(pos, a, a, vl);
		size_t np = vcpop_m_b32(pos, vl);
		vse32_v_i32m1(pk + npk, packed, np);
		npk += np;
		off += vl, n -= vl;
	}
	unsigned long rcnt = 0;
	long rfirst = -1;
	size_t rnpk = 0;
	int ok = 1;
	uint64_t h = 0;
	for (int i = 0; i < N; i++) {
		rcnt += ia[i] > t;
		if (rfirst < 0 && ia[i] == x)
			rfirst = i;
		int32_t rc = ia[i] & 1 ? (int32_t)((uint32_t)ia[i] + (uint32_t)ib[i]) : ia[i];
		int32_t rd = ia[i] < 0 ? (int32_t)(0u - (uint32_t)ia[i]) : ia[i];
		ok &= c[i] == rc && d[i] == rd;
		if (ia[i] > 0)
			ok &= pk[rnpk++] == ia[i];
		h = mix(mix(h, (uint32_t)c[i]), (uint32_t)d[i]);
	}
	ok &= cnt == rcnt && first == rfirst && npk == rnpk;
	h = mix(mix(mix(h, cnt), (uint64_t)first), npk);
	report("masks", h, ok);
}

/* widening: dot product of i16 vectors through i32 products (vwmul) summed into i64
 * (vwredsum), and f32 + f32 -> f64 sums (vfwadd) */
static void part_widening(void)
{
	size_t n = N, off = 0;
	vint64m1_t acc = vmv_v_x_i64m1(0, 1);
	static double wd[N];
	while (n) {
		size_t vl = vsetvl_e16m1(n);
		vint16m1_t a = vle16_v_i16m1(sa + off, vl), b = vle16_v_i16m1(sb + off, vl);
		vint32m2_t p = vwmul_vv_i32m2(a, b, vl);
		acc = vwredsum_vs_i32m2_i64m1(acc, p, acc, vl);
		off += vl, n -= vl;
	}
	for (n = N, off = 0; n;) {
		size_t vl = vsetvl_e32m1(n);
		vfloat64m2_t s = vfwadd_vv_f64m2(vle32_v_f32m1(fa + off, vl),
		                                 vle32_v_f32m1(fb + off, vl), vl);
		vse64_v_f64m2(wd + off, s, vl);
		off += vl, n -= vl;
	}
	int64_t dot = vmv_x_s_i64m1_i64(acc), ref = 0;
	for (int i = 0; i < N; i++)
		ref += (int32_t)sa[i] * sb[i];
	int ok = dot == ref;
	uint64_t h = mix(0, (uint64_t)dot);
	for (int i = 0; i < N; i++) {
		double r = (double)fa[i] + (double)fb[i];
		uint64_t bits;
		memcpy(&bits, &wd[i], 8);
		ok &= wd[i] == r;
		h = mix(h, bits);
	}
	report("widening", h, ok);
}

/* reductions: integer sum, max, unsigned min; FP ordered sum (exact order: the same at every
 * VLEN) and unordered sum (within a tolerance; its checksum is of the rounded value) */
static void part_reductions(void)
{
	size_t n = N, off = 0;
	vint32m1_t sum = vmv_v_x_i32m1(0, 1), mx = vmv_v_x_i32m1(INT32_MIN, 1);
	vuint32m1_t mn = vmv_v_x_u32m1(UINT32_MAX, 1);
	vfloat32m1_t fo = vfmv_v_f_f32m1(0.0f, 1), fu = vfmv_v_f_f32m1(0.0f, 1);
	while (n) {
		size_t vl = vsetvl_e32m2(n);
		vint32m2_t a = vle32_v_i32m2(ia + off, vl);
		sum = vredsum_vs_i32m2_i32m1(sum, a, sum, vl);
		mx = vredmax_vs_i32m2_i32m1(mx, a, mx, vl);
		mn = vredminu_vs_u32m2_u32m1(mn, vreinterpret_v_i32m2_u32m2(a), mn, vl);
		vfloat32m2_t f = vle32_v_f32m2(fa + off, vl);
		fo = vfredosum_vs_f32m2_f32m1(fo, f, fo, vl);
		fu = vfredusum_vs_f32m2_f32m1(fu, f, fu, vl);
		off += vl, n -= vl;
	}
	int32_t s = vmv_x_s_i32m1_i32(sum), m = vmv_x_s_i32m1_i32(mx);
	uint32_t u = vmv_x_s_u32m1_u32(mn);
	float o = vfmv_f_s_f32m1_f32(fo), un = vfmv_f_s_f32m1_f32(fu);
	int32_t rs = 0, rm = INT32_MIN;
	uint32_t ru = UINT32_MAX;
	float ro = 0.0f;
	for (int i = 0; i < N; i++) {
		rs = (int32_t)((uint32_t)rs + (uint32_t)ia[i]);
		rm = ia[i] > rm ? ia[i] : rm;
		ru = (uint32_t)ia[i] < ru ? (uint32_t)ia[i] : ru;
		ro += fa[i];
	}
	uint32_t ob;
	memcpy(&ob, &o, 4);
	int ok = s == rs && m == rm && u == ru && o == ro && fabsf(un - ro) <= 1e-3f * fabsf(ro) + 1e-3f;
	uint64_t h = mix(mix(mix(mix(mix(0, (uint32_t)s), (uint32_t)m), u), ob),
	                 (uint64_t)llroundf(un * 100.0f));
	report("reductions", h, ok);
}

/* gathers: reverse each vector-sized chunk (vrgather with vl-1-vid), and a permutation
 * through an index table (indexed-unordered loads) */
static void part_gathers(void)
{
	static int32_t rev[N], perm[N];
	static uint32_t idx[N];
	for (int i = 0; i < N; i++)
		idx[i] = (uint32_t)(((i * 617) % N) * 4);                /* byte offsets */
	size_t n = N, off = 0;
	int ok = 1;
	while (n) {
		size_t vl = vsetvl_e32m1(n);
		vuint32m1_t id = vid_v_u32m1(vl);
		vuint32m1_t ri = vrsub_vx_u32m1(id, (uint32_t)(vl - 1), vl);
		vuint32m1_t a = vle32_v_u32m1((const uint32_t *)ia + off, vl);
		vse32_v_u32m1((uint32_t *)rev + off, vrgather_vv_u32m1(a, ri, vl), vl);
		vuint32m1_t ix = vle32_v_u32m1(idx + off, vl);
		vse32_v_i32m1(perm + off, vluxei32_v_i32m1(ib, ix, vl), vl);
		for (size_t k = 0; k < vl; k++)
			ok &= rev[off + k] == ia[off + vl - 1 - k];
		off += vl, n -= vl;
	}
	uint64_t h = 0;
	for (int i = 0; i < N; i++) {
		ok &= perm[i] == ib[(i * 617) % N];
		h = mix(h, (uint32_t)perm[i]);
	}
	/* the reversal depends on the chunk size (VLEN): its check only, no checksum */
	report("gathers", h, ok);
}

/* slides: y[i] = x[i-1] + 2 x[i] + x[i+1] (x[-1] = x[N] = 0), each chunk's neighbours slid in
 * with vslide1up / vslide1down from the scalars on either side */
static void part_slides(void)
{
	static int32_t y[N];
	size_t n = N, off = 0;
	while (n) {
		size_t vl = vsetvl_e32m1(n);
		vint32m1_t x = vle32_v_i32m1(ia + off, vl);
		int32_t left = off ? ia[off - 1] : 0, right = off + vl < N ? ia[off + vl] : 0;
		vint32m1_t l = vslide1up_vx_i32m1(x, left, vl);
		vint32m1_t r = vslide1down_vx_i32m1(x, right, vl);
		vint32m1_t s = vadd_vv_i32m1(vadd_vv_i32m1(l, r, vl), vsll_vx_i32m1(x, 1, vl), vl);
		/* and a slideup/slidedown pair that must give x back */
		vint32m1_t up = vslideup_vx_i32m1(vmv_v_x_i32m1(0, vl), x, 1, vl);
		vint32m1_t back = vslidedown_vx_i32m1(up, up, 1, vl);
		back = vslideup_vx_i32m1(back, vslidedown_vx_i32m1(x, x, vl - 1, vl), vl - 1,
		                         vl);                             /* the last element */
		vse32_v_i32m1(y + off, vsub_vv_i32m1(vadd_vv_i32m1(s, back, vl), x, vl), vl);
		off += vl, n -= vl;
	}
	uint64_t h = 0;
	int ok = 1;
	for (int i = 0; i < N; i++) {
		uint32_t l = i ? (uint32_t)ia[i - 1] : 0, r = i + 1 < N ? (uint32_t)ia[i + 1] : 0;
		int32_t ref = (int32_t)(l + r + 2u * (uint32_t)ia[i]);
		ok &= y[i] == ref;
		h = mix(h, (uint32_t)y[i]);
	}
	report("slides", h, ok);
}

/* saxpy: c = 1.5 a + b with vfmacc (fused; the reference uses fmaf), dynamic rounding */
static void part_saxpy(void)
{
	size_t n = N, off = 0;
	while (n) {
		size_t vl = vsetvl_e32m4(n);
		vfloat32m4_t b = vle32_v_f32m4(fb + off, vl);
		vfloat32m4_t a = vle32_v_f32m4(fa + off, vl);
		vse32_v_f32m4(fc + off, vfmacc_vf_f32m4(b, 1.5f, a, vl), vl);
		off += vl, n -= vl;
	}
	uint64_t h = 0;
	int ok = 1;
	for (int i = 0; i < N; i++) {
		float r = fmaf(1.5f, fa[i], fb[i]);
		uint32_t bits;
		memcpy(&bits, &fc[i], 4);
		ok &= fc[i] == r;
		h = mix(h, bits);
	}
	report("saxpy", h, ok);
}

int main(void)
{
	for (int i = 0; i < N; i++) {
		ia[i] = (int32_t)(rnd() ^ (rnd() << 16));
		ib[i] = (int32_t)rnd() - (1 << 24);
		sa[i] = (int16_t)rnd();
		sb[i] = (int16_t)rnd();
		fa[i] = (float)((int32_t)(rnd() % 20001) - 10000) / 64.0f;
		fb[i] = (float)(rnd() % 1000) / 3.0f;
	}
	fprintf(stderr, "vintrin: vlenb %lu\n", (unsigned long)(vsetvlmax_e8m1()));
	part_unit();
	part_strided();
	part_segment();
	part_ff();
	part_masks();
	part_widening();
	part_reductions();
	part_gathers();
	part_slides();
	part_saxpy();
	printf("vintrin %s\n", bad ? "BAD" : "ok");
	return bad;
}
