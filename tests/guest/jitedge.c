/* jitedge: the integer, memory and branch operations robin translates to host code (src/emu/
 * jit.c), each run many times on edge operands so its block is hot: every RV64I/M register and
 * immediate operation the translator knows (division by 0 and -1 included), with the destination equal to a source, sources
 * equal, x0 as source and as destination; loads and stores of every size at every offset
 * across a page end (the access straddles two pages), from a page that cannot be read and
 * to one that cannot be written (SIGSEGV caught, the loop goes on); every conditional branch
 * taken and not; instructions left to the interpreter between translated ones, with FP
 * results that depend on the rounding mode they set. Prints a checksum per operation — to be compared with qemu-riscv64 and with
 * robin's interpreter (`--jit 0`). */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "mix.h"

static const uint64_t edge[] = {
	0, 1, 2, 3, 31, 32, 63, 64, 65, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff,
	0x7fffffffull, 0x80000000ull, 0xffffffffull, 0x100000000ull, 0x123456789abcdef0ull,
	0x7fffffffffffffffull, 0x8000000000000000ull, 0xfffffffffffffffeull, 0xffffffffffffffffull,
	0xffffffff80000000ull, 0x00000000fffff800ull, 0xdeadbeefcafef00dull,
};
#define NE (sizeof(edge) / sizeof(edge[0]))


/* Register-register: rd distinct, rd = rs1, rs1 = rs2, x0 as a source and as the result. */
#define RR(name, insn)                                                                      \
	static void t_##name(uint64_t a, uint64_t b)                                         \
	{                                                                                   \
		uint64_t r0, r1, r2, r3 = a, r4;                                            \
		__asm__ volatile(insn " %0,%5,%6\n\t" insn " %1,%6,%5\n\t" insn " %2,%5,%5\n\t" \
				 insn " %3,%3,%6\n\t" insn " %4,zero,%6\n\t" insn " zero,%5,%6" \
				 : "=&r"(r0), "=&r"(r1), "=&r"(r2), "+&r"(r3), "=&r"(r4)      \
				 : "r"(a), "r"(b));                                         \
		mix(r0), mix(r1), mix(r2), mix(r3), mix(r4);                                \
	}
RR(add, "add") RR(sub, "sub") RR(sll, "sll") RR(slt, "slt") RR(sltu, "sltu") RR(xor, "xor")
RR(srl, "srl") RR(sra, "sra") RR(or, "or") RR(and, "and") RR(addw, "addw") RR(subw, "subw")
RR(sllw, "sllw") RR(srlw, "srlw") RR(sraw, "sraw") RR(mul, "mul") RR(mulw, "mulw")
RR(mulhu, "mulhu") RR(div, "div") RR(divu, "divu") RR(rem, "rem") RR(remu, "remu")
RR(divw, "divw") RR(divuw, "divuw") RR(remw, "remw") RR(remuw, "remuw")

/* Register-immediate, four immediates, rd = rs1 in one of them. */
#define RI(name, insn, i0, i1, i2, i3)                                                       \
	static void t_##name(uint64_t a, uint64_t b)                                         \
	{                                                                                   \
		uint64_t r0, r1, r2, r3 = a;                                                \
		(void)b;                                                                    \
		__asm__ volatile(insn " %0,%4," #i0 "\n\t" insn " %1,%4," #i1 "\n\t"         \
				 insn " %2,%4," #i2 "\n\t" insn " %3,%3," #i3                   \
				 : "=&r"(r0), "=&r"(r1), "=&r"(r2), "+&r"(r3) : "r"(a));      \
		mix(r0), mix(r1), mix(r2), mix(r3);                                         \
	}
RI(addi, "addi", 0, 1, -2048, 2047) RI(slti, "slti", 0, -1, 2047, -2048)
RI(sltiu, "sltiu", 0, -1, 2047, 1) RI(xori, "xori", -1, 0, 2047, -2048)
RI(ori, "ori", -1, 0, 1365, -2048) RI(andi, "andi", -1, 0, 255, -2048)
RI(slli, "slli", 0, 1, 32, 63) RI(srli, "srli", 0, 1, 32, 63) RI(srai, "srai", 0, 1, 32, 63)
RI(addiw, "addiw", 0, 1, -2048, 2047) RI(slliw, "slliw", 0, 1, 16, 31)
RI(srliw, "srliw", 0, 1, 16, 31) RI(sraiw, "sraiw", 0, 1, 16, 31)

/* lui / auipc: values, and the PC-relative one differs per call site */
static void t_lui(uint64_t a, uint64_t b)
{
	uint64_t r0, r1, r2;
	(void)b;
	__asm__ volatile("lui %0,0x80000\n\tlui %1,0x7ffff\n\tauipc %2,0x12345\n\tsub %2,%2,%3"
			 : "=&r"(r0), "=&r"(r1), "=&r"(r2) : "r"(a));
	mix(r0), mix(r1);
	(void)r2;  /* depends on where the program is loaded: not mixed */
}

/* Conditional branches: r = 1 when not taken. */
#define BR(name, insn)                                                                      \
	static void t_##name(uint64_t a, uint64_t b)                                         \
	{                                                                                   \
		uint64_t r0 = 0, r1 = 0, r2 = 0;                                            \
		__asm__ volatile(insn " %3,%4,1f\n\taddi %0,%0,1\n1:\t" insn " %4,%3,2f\n\t"   \
				 "addi %1,%1,1\n2:\t" insn " %3,zero,3f\n\taddi %2,%2,1\n3:"    \
				 : "+r"(r0), "+r"(r1), "+r"(r2) : "r"(a), "r"(b));           \
		mix(r0 | r1 << 1 | r2 << 2);                                                \
	}
BR(beq, "beq") BR(bne, "bne") BR(blt, "blt") BR(bge, "bge") BR(bltu, "bltu") BR(bgeu, "bgeu")

/* Instructions the translator leaves to the interpreter (fsrm, frrm) between translated ones,
 * and FP results that depend on the dynamic rounding mode fsrm just set (RNE or RTZ). */
static void t_gen(uint64_t a, uint64_t b)
{
	uint64_t r0, r1, bits;
	double d, three = 3.0;
	__asm__ volatile("add %0,%4,%5\n\tfsrm %6\n\tfrrm %1\n\tadd %0,%0,%1\n\t"
			 "fcvt.d.l %2,%0\n\tfdiv.d %2,%2,%7\n\tfsrm zero\n\tfmv.x.d %3,%2"
			 : "=&r"(r0), "=&r"(r1), "=&f"(d), "=&r"(bits)
			 : "r"(a), "r"(b), "r"(b & 1), "f"(three));
	mix(r0), mix(r1), mix(bits);
}

struct test { const char *name; void (*fn)(uint64_t, uint64_t); };
static const struct test tests[] = {
#define T(n) { #n, t_##n },
	T(add) T(sub) T(sll) T(slt) T(sltu) T(xor) T(srl) T(sra) T(or) T(and) T(addw) T(subw)
	T(sllw) T(srlw) T(sraw) T(mul) T(mulw) T(mulhu) T(div) T(divu) T(rem) T(remu) T(divw)
	T(divuw) T(remw) T(remuw) T(addi) T(slti) T(sltiu) T(xori) T(ori) T(andi)
	T(slli) T(srli) T(srai) T(addiw) T(slliw) T(srliw) T(sraiw) T(lui) T(beq) T(bne) T(blt)
	T(bge) T(bltu) T(bgeu) T(gen)
#undef T
};

/* ---- memory ---- */
static sigjmp_buf jb;
static volatile int faults;
static void on_segv(int sig)
{
	(void)sig;
	faults++;
	siglongjmp(jb, 1);
}

/* Loads of every size and signedness at p (two loads per block so it is translated). */
static uint64_t loads(const uint8_t *p)
{
	uint64_t s = 0, v;
	__asm__ volatile("lb %0,0(%1)" : "=r"(v) : "r"(p)); s = s * 31 + v;
	__asm__ volatile("lbu %0,0(%1)" : "=r"(v) : "r"(p)); s = s * 31 + v;
	__asm__ volatile("lh %0,0(%1)" : "=r"(v) : "r"(p)); s = s * 31 + v;
	__asm__ volatile("lhu %0,0(%1)" : "=r"(v) : "r"(p)); s = s * 31 + v;
	__asm__ volatile("lw %0,0(%1)" : "=r"(v) : "r"(p)); s = s * 31 + v;
	__asm__ volatile("lwu %0,0(%1)" : "=r"(v) : "r"(p)); s = s * 31 + v;
	__asm__ volatile("ld %0,0(%1)" : "=r"(v) : "r"(p)); s = s * 31 + v;
	__asm__ volatile("ld %0,-8(%1)" : "=r"(v) : "r"(p + 8)); s = s * 31 + v;
	return s;
}

static void stores(uint8_t *p, uint64_t v)
{
	__asm__ volatile("sb %0,0(%1)\n\tsh %0,1(%1)\n\tsw %0,3(%1)\n\tsd %0,7(%1)" : : "r"(v), "r"(p) : "memory");
}

int main(void)
{
	for (size_t t = 0; t < sizeof(tests) / sizeof(tests[0]); t++) {
		hash = MIX_START;
		for (int rep = 0; rep < 3; rep++)
			for (size_t i = 0; i < NE; i++)
				for (size_t k = 0; k < NE; k++)
					tests[t].fn(edge[i], edge[k]);
		printf("%-6s %016llx\n", tests[t].name, (unsigned long long)hash);
	}

	/* three pages: readable+writable, readable+writable, then none */
	long pg = 4096;
	uint8_t *m = mmap(NULL, 3 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return 1;
	for (long i = 0; i < 2 * pg; i++)
		m[i] = (uint8_t)(i * 7 + 3);
	mprotect(m + 2 * pg, pg, PROT_NONE);
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_segv;
	sa.sa_flags = SA_NODEFER;
	sigaction(SIGSEGV, &sa, NULL);

	/* across the first page end, and across the end of the readable memory */
	hash = MIX_START;
	for (int rep = 0; rep < 40; rep++)
		for (long off = pg - 16; off < pg + 8; off++) {
			stores(m + off - 4, (uint64_t)rep * 0x0101010101010101ull + (uint64_t)off);
			mix(loads(m + off));
		}
	printf("cross  %016llx\n", (unsigned long long)hash);
	hash = MIX_START;
	volatile long off;
	for (off = 2 * pg - 16; off < 2 * pg + 4; off++) {
		for (volatile int rep = 0; rep < 20; rep++) {
			if (sigsetjmp(jb, 1) == 0)
				mix(loads(m + off));
			if (sigsetjmp(jb, 1) == 0)
				stores(m + off - 12, (uint64_t)off);
		}
	}
	printf("fault  %016llx faults %d\n", (unsigned long long)hash, faults);
	/* stores to a read-only page, hot */
	mprotect(m, pg, PROT_READ);
	faults = 0;
	for (volatile int rep = 0; rep < 50; rep++)
		if (sigsetjmp(jb, 1) == 0)
			stores(m + 100 + rep, (uint64_t)rep);
	printf("rofault %d byte %d\n", faults, m[100]);
	return 0;
}
