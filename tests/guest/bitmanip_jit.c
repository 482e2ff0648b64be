/* bitmanip_jit: the Zba, Zbb, Zbs and Zicond operations robin runs by block kinds of their own
 * (src/emu/block.c) and translates to host code (src/emu/jit.c), each run many times on edge
 * operands so its block is hot: 0, 1, -1, INT64_MIN, INT64_MAX, 0x80000000, 0xffffffff, 0x7f,
 * 0x80, shift amounts 0, 31, 32, 63 and above 63 (masked), with the destination equal to a
 * source, both sources equal, x0 as a source and as the destination. Prints a checksum per
 * operation, to be compared with qemu-riscv64 (-cpu rv64,zba=true,zbb=true,zbs=true) and with
 * robin's interpreter (`--jit 0`).
 *
 *   bitmanip_jit            Zba, Zbb, Zbs (what Debian's qemu 7.2 runs)
 *   bitmanip_jit zicond     czero.eqz, czero.nez (encoded with .insn: binutils 2.40 lacks them)
 *   bitmanip_jit bench N    N rounds of a loop of Zba/Zbb/Zbs operations (a timing; prints a sum)
 *
 * Built with -march=rv64gc_zba_zbb_zbs (its own Makefile rule). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mix.h"

static const uint64_t edge[] = {
	0, 1, 2, 7, 8, 31, 32, 33, 63, 64, 65, 127, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff,
	0x7fffffffull, 0x80000000ull, 0xffffffffull, 0x100000000ull, 0x123456789abcdef0ull,
	0x7fffffffffffffffull, 0x8000000000000000ull, 0xfffffffffffffffeull, 0xffffffffffffffffull,
	0xffffffff80000000ull, 0x00ff00000000ff00ull, 0xdeadbeefcafef00dull, 0x0100000000000001ull,
};
#define NE (sizeof(edge) / sizeof(edge[0]))


/* Register-register: rd distinct, rd = rs1, rs1 = rs2, x0 as a source (each side) and as the
 * result. I(d, s, t) spells the instruction with those operands. */
#define RR(name, I)                                                                          \
	static void t_##name(uint64_t a, uint64_t b)                                         \
	{                                                                                   \
		uint64_t r0, r1, r2, r3 = a, r4, r5;                                        \
		__asm__ volatile(I("%0", "%6", "%7") "\n\t" I("%1", "%7", "%6") "\n\t"       \
				 I("%2", "%6", "%6") "\n\t" I("%3", "%3", "%7") "\n\t"       \
				 I("%4", "zero", "%7") "\n\t" I("%5", "%6", "zero") "\n\t"   \
				 I("zero", "%6", "%7")                                      \
				 : "=&r"(r0), "=&r"(r1), "=&r"(r2), "+&r"(r3), "=&r"(r4),     \
				   "=&r"(r5)                                                \
				 : "r"(a), "r"(b));                                         \
		mix(r0), mix(r1), mix(r2), mix(r3), mix(r4), mix(r5);                       \
	}
#define I_sh1add(d, s, t) "sh1add " d "," s "," t
#define I_sh2add(d, s, t) "sh2add " d "," s "," t
#define I_sh3add(d, s, t) "sh3add " d "," s "," t
#define I_add_uw(d, s, t) "add.uw " d "," s "," t
#define I_sh1add_uw(d, s, t) "sh1add.uw " d "," s "," t
#define I_sh2add_uw(d, s, t) "sh2add.uw " d "," s "," t
#define I_sh3add_uw(d, s, t) "sh3add.uw " d "," s "," t
#define I_andn(d, s, t) "andn " d "," s "," t
#define I_orn(d, s, t) "orn " d "," s "," t
#define I_xnor(d, s, t) "xnor " d "," s "," t
#define I_max(d, s, t) "max " d "," s "," t
#define I_maxu(d, s, t) "maxu " d "," s "," t
#define I_min(d, s, t) "min " d "," s "," t
#define I_minu(d, s, t) "minu " d "," s "," t
#define I_rol(d, s, t) "rol " d "," s "," t
#define I_ror(d, s, t) "ror " d "," s "," t
#define I_rolw(d, s, t) "rolw " d "," s "," t
#define I_rorw(d, s, t) "rorw " d "," s "," t
#define I_bclr(d, s, t) "bclr " d "," s "," t
#define I_bext(d, s, t) "bext " d "," s "," t
#define I_binv(d, s, t) "binv " d "," s "," t
#define I_bset(d, s, t) "bset " d "," s "," t
/* Zicond: czero.eqz is funct7 7, funct3 5; czero.nez funct3 7 (OP opcode 0x33) */
#define I_czero_eqz(d, s, t) ".insn r 0x33, 5, 7, " d "," s "," t
#define I_czero_nez(d, s, t) ".insn r 0x33, 7, 7, " d "," s "," t

RR(sh1add, I_sh1add) RR(sh2add, I_sh2add) RR(sh3add, I_sh3add) RR(add_uw, I_add_uw)
RR(sh1add_uw, I_sh1add_uw) RR(sh2add_uw, I_sh2add_uw) RR(sh3add_uw, I_sh3add_uw)
RR(andn, I_andn) RR(orn, I_orn) RR(xnor, I_xnor) RR(max, I_max) RR(maxu, I_maxu)
RR(min, I_min) RR(minu, I_minu) RR(rol, I_rol) RR(ror, I_ror) RR(rolw, I_rolw)
RR(rorw, I_rorw) RR(bclr, I_bclr) RR(bext, I_bext) RR(binv, I_binv) RR(bset, I_bset)
RR(czero_eqz, I_czero_eqz) RR(czero_nez, I_czero_nez)

/* Unary: rd distinct, rd = rs1, x0 as the source and as the result. */
#define UN(name, insn)                                                                       \
	static void t_##name(uint64_t a, uint64_t b)                                         \
	{                                                                                   \
		uint64_t r0, r1 = a, r2;                                                    \
		(void)b;                                                                    \
		__asm__ volatile(insn " %0,%3\n\t" insn " %1,%1\n\t" insn " %2,zero\n\t"     \
				 insn " zero,%3"                                            \
				 : "=&r"(r0), "+&r"(r1), "=&r"(r2) : "r"(a));               \
		mix(r0), mix(r1), mix(r2);                                                  \
	}
UN(clz, "clz") UN(ctz, "ctz") UN(cpop, "cpop") UN(clzw, "clzw") UN(ctzw, "ctzw")
UN(cpopw, "cpopw") UN(sext_b, "sext.b") UN(sext_h, "sext.h") UN(zext_h, "zext.h")
UN(orc_b, "orc.b") UN(rev8, "rev8")

/* Register-immediate, four immediates, rd = rs1 in the last. */
#define RI(name, insn, i0, i1, i2, i3)                                                       \
	static void t_##name(uint64_t a, uint64_t b)                                         \
	{                                                                                   \
		uint64_t r0, r1, r2, r3 = a;                                                \
		(void)b;                                                                    \
		__asm__ volatile(insn " %0,%4," #i0 "\n\t" insn " %1,%4," #i1 "\n\t"         \
				 insn " %2,%4," #i2 "\n\t" insn " %3,%3," #i3 "\n\t"           \
				 insn " zero,%4," #i1                                       \
				 : "=&r"(r0), "=&r"(r1), "=&r"(r2), "+&r"(r3) : "r"(a));      \
		mix(r0), mix(r1), mix(r2), mix(r3);                                         \
	}
RI(slli_uw, "slli.uw", 0, 1, 32, 63) RI(slli_uw2, "slli.uw", 31, 7, 33, 3)
RI(rori, "rori", 0, 1, 32, 63) RI(rori2, "rori", 31, 8, 33, 56)
RI(roriw, "roriw", 0, 1, 16, 31) RI(bclri, "bclri", 0, 1, 31, 63) RI(bclri2, "bclri", 32, 7, 8, 62)
RI(bexti, "bexti", 0, 1, 31, 63) RI(bexti2, "bexti", 32, 7, 8, 62)
RI(binvi, "binvi", 0, 1, 31, 63) RI(binvi2, "binvi", 32, 7, 8, 62)
RI(bseti, "bseti", 0, 1, 31, 63) RI(bseti2, "bseti", 32, 7, 8, 62)

struct test { const char *name; void (*fn)(uint64_t, uint64_t); };
#define T(n) { #n, t_##n },
static const struct test tests[] = {
	T(sh1add) T(sh2add) T(sh3add) T(add_uw) T(sh1add_uw) T(sh2add_uw) T(sh3add_uw)
	T(slli_uw) T(slli_uw2)
	T(andn) T(orn) T(xnor) T(clz) T(ctz) T(cpop) T(clzw) T(ctzw) T(cpopw) T(max) T(maxu)
	T(min) T(minu) T(sext_b) T(sext_h) T(zext_h) T(rol) T(ror) T(rolw) T(rorw) T(rori)
	T(rori2) T(roriw) T(orc_b) T(rev8)
	T(bclr) T(bclri) T(bclri2) T(bext) T(bexti) T(bexti2) T(binv) T(binvi) T(binvi2)
	T(bset) T(bseti) T(bseti2)
};
static const struct test zicond[] = { T(czero_eqz) T(czero_nez) };
#undef T

static void run(const struct test *t, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		hash = MIX_START;
		for (int rep = 0; rep < 3; rep++)
			for (size_t i = 0; i < NE; i++)
				for (size_t j = 0; j < NE; j++)
					t[k].fn(edge[i], edge[j]);
		printf("%-10s %016llx\n", t[k].name, (unsigned long long)hash);
	}
}

/* One loop body of the common operations (no calls: one block per iteration). */
static uint64_t bench(long rounds)
{
	uint64_t a = 0x123456789abcdef0ull, b = 0x0fedcba987654321ull, s = 0;
	for (long r = 0; r < rounds; r++) {
		uint64_t t0, t1, t2, t3, t4, t5, t6, t7;
		__asm__ volatile("sh1add %0,%8,%9\n\tsh3add.uw %1,%9,%8\n\tandn %2,%8,%9\n\t"
				 "clz %3,%9\n\tctz %4,%8\n\tcpop %5,%8\n\tmax %6,%8,%9\n\t"
				 "minu %7,%8,%9\n\t"
				 "ror %0,%0,%3\n\trev8 %1,%1\n\tsext.h %2,%2\n\tzext.h %3,%3\n\t"
				 "bset %4,%4,%8\n\tbext %5,%5,%9\n\trori %6,%6,13\n\txnor %7,%7,%0\n\t"
				 "sh2add %0,%0,%5\n\tmin %1,%1,%4\n\t"
				 "orn %2,%2,%6\n\tbinvi %3,%3,17"
				 : "=&r"(t0), "=&r"(t1), "=&r"(t2), "=&r"(t3), "=&r"(t4), "=&r"(t5),
				   "=&r"(t6), "=&r"(t7)
				 : "r"(a), "r"(b));
		s += t0 ^ t1 ^ t2 ^ t3 ^ t4 ^ t5 ^ t6 ^ t7;
		a = a * 6364136223846793005ull + 1442695040888963407ull;
		b ^= a >> 7;
	}
	return s;
}

int main(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[1], "bench")) {
		printf("bench %016llx\n", (unsigned long long)bench(atol(argv[2])));
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "zicond"))
		run(zicond, sizeof(zicond) / sizeof(zicond[0]));
	else
		run(tests, sizeof(tests) / sizeof(tests[0]));
	return 0;
}
