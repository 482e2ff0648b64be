/* fpsticky: FP arithmetic with the accrued flags already set. robin's fast loop computes
 * double add/sub/mul/div/sqrt/fused multiply-adds, single add/sub/mul and double compares on
 * the host when fflags already holds NX (then only the result matters); this program runs each
 * of them on edge and pseudo-random operands with fflags preset to every value 0..31 in turn
 * and in the dynamic rounding modes RNE and RTZ, and prints a checksum of every result and the
 * flags after it, per operation — to be compared with qemu-riscv64. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const uint64_t edge_d[] = {
	0x0000000000000000ull, 0x8000000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
	0x0000000000000001ull, 0x8000000000000001ull, 0x000fffffffffffffull, 0x0010000000000000ull,
	0x0020000000000000ull, 0x0010000000000001ull, 0x7fefffffffffffffull, 0xffefffffffffffffull,
	0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull, 0x7ff4000000000000ull,
	0x3ff0000000000001ull, 0x3cb0000000000000ull, 0x4340000000000000ull, 0x3fe0000000000000ull,
	0x1ff0000000000000ull, 0x5ff0000000000000ull, 0x2000000000000000ull, 0x0030000000000000ull,
};
static const uint32_t edge_s[] = {
	0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x00000001u, 0x007fffffu, 0x00800000u,
	0x01000000u, 0x00800001u, 0x7f7fffffu, 0xff7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u,
	0x7fa00000u, 0x3f800001u, 0x33800000u, 0x4b800000u, 0x1f800000u, 0x5f800000u, 0x20000000u,
};
#define NED (sizeof(edge_d) / sizeof(edge_d[0]))
#define NES (sizeof(edge_s) / sizeof(edge_s[0]))

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next(void)
{
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	return rng;
}

/* A random double: mostly moderate exponents, sometimes near the extremes. */
static uint64_t rand_d(void)
{
	uint64_t r = next();
	unsigned k = r & 7;
	if (k == 0)
		return edge_d[(r >> 8) % NED];
	uint64_t ex = k < 5 ? 1023 - 30 + ((r >> 8) % 60) : ((r >> 8) % 2047);
	return (r & 0x800fffffffffffffull) | (ex << 52);
}

static uint32_t rand_s(void)
{
	uint64_t r = next();
	unsigned k = r & 7;
	if (k == 0)
		return edge_s[(r >> 8) % NES];
	uint32_t ex = k < 5 ? 127 - 15 + (uint32_t)((r >> 8) % 30) : (uint32_t)((r >> 8) % 255);
	return (uint32_t)(r & 0x807fffffu) | (ex << 23);
}

static uint64_t sum[32];

static void mix(int op, uint64_t v, unsigned fl)
{
	uint64_t h = (sum[op] ^ v ^ ((uint64_t)fl << 59)) * 0x100000001b3ull;
	sum[op] = (h ^ (h >> 29)) + fl;  /* the shift keeps a sign-bit difference from cancelling */
}

#define OP_D2(idx, insn)                                                                     \
	do {                                                                                 \
		double r_;                                                                   \
		unsigned fl_;                                                                \
		__asm__ volatile("fsflags %[p]\n" insn " %[r], %[a], %[b]\nfrflags %[f]"     \
				 : [r] "=&f"(r_), [f] "=&r"(fl_)                             \
				 : [a] "f"(a), [b] "f"(b), [p] "r"(pre));                    \
		uint64_t v_; memcpy(&v_, &r_, 8); mix(idx, v_, fl_);                          \
	} while (0)
#define OP_D3(idx, insn)                                                                     \
	do {                                                                                 \
		double r_;                                                                   \
		unsigned fl_;                                                                \
		__asm__ volatile("fsflags %[p]\n" insn " %[r], %[a], %[b], %[c]\nfrflags %[f]" \
				 : [r] "=&f"(r_), [f] "=&r"(fl_)                             \
				 : [a] "f"(a), [b] "f"(b), [c] "f"(c), [p] "r"(pre));        \
		uint64_t v_; memcpy(&v_, &r_, 8); mix(idx, v_, fl_);                          \
	} while (0)
#define OP_S2(idx, insn)                                                                     \
	do {                                                                                 \
		float r_;                                                                    \
		unsigned fl_;                                                                \
		__asm__ volatile("fsflags %[p]\n" insn " %[r], %[a], %[b]\nfrflags %[f]"     \
				 : [r] "=&f"(r_), [f] "=&r"(fl_)                             \
				 : [a] "f"(as), [b] "f"(bs), [p] "r"(pre));                  \
		uint32_t v_; memcpy(&v_, &r_, 4); mix(idx, v_, fl_);                          \
	} while (0)
#define OP_CMP(idx, insn)                                                                    \
	do {                                                                                 \
		long r_;                                                                     \
		unsigned fl_;                                                                \
		__asm__ volatile("fsflags %[p]\n" insn " %[r], %[a], %[b]\nfrflags %[f]"     \
				 : [r] "=&r"(r_), [f] "=&r"(fl_)                             \
				 : [a] "f"(a), [b] "f"(b), [p] "r"(pre));                    \
		mix(idx, (uint64_t)r_, fl_);                                                 \
	} while (0)

static const char *const names[] = {
	"fadd.d", "fsub.d", "fmul.d", "fdiv.d", "fsqrt.d", "fmadd.d", "fmsub.d", "fnmadd.d",
	"fnmsub.d", "fadd.s", "fsub.s", "fmul.s", "feq.d", "flt.d", "fle.d", "fsub.d",
	"fmul.d rtz", "fmadd.d rtz", "fsgnj.d", "fsgnjn.d", "fsgnjx.d", "fcvt.d.s", "fcvt.d.w",
	"fcvt.d.l", "fcvt.d.l 2^k", "fcvt.l.d rtz", "fcvt.l.d k+.5", "fcvt.l.d dyn",
	"fcvt.l.d dyn k+.5", "fcvt.l.d rne", "fcvt.l.d rdn", "fcvt.l.d rup",
};

/* one-operand operations: RT is the C type of the result, rcon / acon the constraints ("f" or
 * "r") of the result and of the operand av */
#define OP_CVT(idx, insn, rcon, RT, acon, av)                                                \
	do {                                                                                 \
		RT r_;                                                                       \
		unsigned fl_;                                                                \
		__asm__ volatile("fsflags %[p]\n" insn " %[r], %[a]\nfrflags %[f]"           \
				 : [r] "=&" rcon(r_), [f] "=&r"(fl_) : [a] acon(av), [p] "r"(pre)); \
		uint64_t v_ = 0; memcpy(&v_, &r_, sizeof(r_)); mix(idx, v_, fl_);            \
	} while (0)

int main(void)
{
	for (int rm = 0; rm < 2; rm++) {
		unsigned frm = rm ? 1 : 0;  /* RNE, then RTZ through frm */
		__asm__ volatile("fsrm %0" ::"r"(frm));
		for (int i = 0; i < 20000; i++) {
			uint64_t ab = i < (int)(NED * NED) ? edge_d[i % NED] : rand_d();
			uint64_t bb = i < (int)(NED * NED) ? edge_d[i / NED] : rand_d();
			uint64_t cb = rand_d();
			uint32_t asb = i < (int)(NES * NES) ? edge_s[i % NES] : rand_s();
			uint32_t bsb = i < (int)(NES * NES) ? edge_s[i / NES] : rand_s();
			double a, b, c;
			float as, bs;
			memcpy(&a, &ab, 8), memcpy(&b, &bb, 8), memcpy(&c, &cb, 8);
			memcpy(&as, &asb, 4), memcpy(&bs, &bsb, 4);
			unsigned pre = (unsigned)(i % 32);
			OP_D2(0, "fadd.d");
			OP_D2(1, "fsub.d");
			OP_D2(2, "fmul.d");
			OP_D2(3, "fdiv.d");
			{
				double r_;
				unsigned fl_;
				__asm__ volatile("fsflags %[p]\nfsqrt.d %[r], %[a]\nfrflags %[f]"
						 : [r] "=&f"(r_), [f] "=&r"(fl_) : [a] "f"(a), [p] "r"(pre));
				uint64_t v_; memcpy(&v_, &r_, 8); mix(4, v_, fl_);
			}
			OP_D3(5, "fmadd.d");
			OP_D3(6, "fmsub.d");
			OP_D3(7, "fnmadd.d");
			OP_D3(8, "fnmsub.d");
			OP_S2(9, "fadd.s");
			OP_S2(10, "fsub.s");
			OP_S2(11, "fmul.s");
			OP_CMP(12, "feq.d");
			OP_CMP(13, "flt.d");
			OP_CMP(14, "fle.d");
			OP_D2(15, "fsub.d");   /* again, after the compares; static RTZ below */
			{
				double r_;
				unsigned fl_;
				__asm__ volatile("fsflags %[p]\nfmul.d %[r], %[a], %[b], rtz\nfrflags %[f]"
						 : [r] "=&f"(r_), [f] "=&r"(fl_) : [a] "f"(a), [b] "f"(b), [p] "r"(pre));
				uint64_t v_; memcpy(&v_, &r_, 8); mix(16, v_, fl_);
			}
			{
				double r_;
				unsigned fl_;
				__asm__ volatile("fsflags %[p]\nfmadd.d %[r], %[a], %[b], %[c], rtz\nfrflags %[f]"
						 : [r] "=&f"(r_), [f] "=&r"(fl_)
						 : [a] "f"(a), [b] "f"(b), [c] "f"(c), [p] "r"(pre));
				uint64_t v_; memcpy(&v_, &r_, 8); mix(17, v_, fl_);
			}
			OP_D2(18, "fsgnj.d");
			OP_D2(19, "fsgnjn.d");
			OP_D2(20, "fsgnjx.d");
			OP_CVT(21, "fcvt.d.s", "f", double, "f", as);
			OP_CVT(22, "fcvt.d.w", "f", double, "r", (long)ab);
			OP_CVT(23, "fcvt.d.l", "f", double, "r", (long)ab);
			/* integers of every magnitude: exact below 2^53, rounded above */
			long k = (long)ab >> (i % 64);
			OP_CVT(24, "fcvt.d.l", "f", double, "r", k);
			OP_CVT(25, "fcvt.l.d %[r], %[a], rtz\n#", "r", long, "f", a);
			double kh = (double)k + (i & 1 ? 0.5 : 0.0);  /* integral or not, in range or not */
			OP_CVT(26, "fcvt.l.d %[r], %[a], rtz\n#", "r", long, "f", kh);
			OP_CVT(27, "fcvt.l.d %[r], %[a], dyn\n#", "r", long, "f", a);
			OP_CVT(28, "fcvt.l.d %[r], %[a], dyn\n#", "r", long, "f", kh);
			OP_CVT(29, "fcvt.l.d %[r], %[a], rne\n#", "r", long, "f", kh);
			OP_CVT(30, "fcvt.l.d %[r], %[a], rdn\n#", "r", long, "f", i & 2 ? a : kh);
			OP_CVT(31, "fcvt.l.d %[r], %[a], rup\n#", "r", long, "f", i & 2 ? a : kh);
		}
	}
	for (unsigned k = 0; k < sizeof(names) / sizeof(names[0]); k++)
		printf("%-12s %016llx\n", names[k], (unsigned long long)sum[k]);
	return 0;
}
