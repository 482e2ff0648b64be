/* x0ops: the base integer operations with x0 as an operand, the way compilers write li, mv,
 * sext.w, neg, beqz, bgtz or `sd zero` (robin's blocks turn the first ones into ops that read
 * no x0, src/emu/block.c; its translated code tests a register against x0 and stores the
 * immediate 0, src/emu/jit.c). Each is run many times on edge operands so its block is hot,
 * and prints a checksum per group, to be compared with qemu-riscv64 and with robin's
 * interpreter (`--jit 0`). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mix.h"

static const uint64_t edge[] = {
	0, 1, 2, 7, 31, 32, 63, 64, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0x7fffffffull,
	0x80000000ull, 0xffffffffull, 0x100000000ull, 0x123456789abcdef0ull,
	0x7fffffffffffffffull, 0x8000000000000000ull, 0xfffffffffffffffeull,
	0xffffffffffffffffull, 0xffffffff80000000ull, 0xdeadbeefcafef00dull,
};
#define NE (sizeof(edge) / sizeof(edge[0]))


/* register-register: x0 as the first source, as the second, as both */
#define RR(op)                                                                               \
	static void t_##op(uint64_t a)                                                       \
	{                                                                                   \
		uint64_t r0, r1, r2 = a;                                                    \
		__asm__ volatile(#op " %0, zero, %3\n\t" #op " %1, %3, zero\n\t"            \
				 #op " %2, zero, zero"                                      \
				 : "=&r"(r0), "=&r"(r1), "+&r"(r2) : "r"(a));               \
		mix(r0), mix(r1), mix(r2);                                                  \
	}
RR(add) RR(sub) RR(and) RR(or) RR(xor) RR(addw) RR(subw) RR(mul) RR(mulw) RR(sll) RR(srl)
RR(sra) RR(slt) RR(sltu) RR(sllw) RR(srlw) RR(sraw)

/* register-immediate with x0 as the source: small, negative and large immediates */
#define RI(op, i1, i2, i3)                                                                   \
	static void t_##op(uint64_t a)                                                       \
	{                                                                                   \
		uint64_t r0 = a, r1 = a, r2 = a;                                            \
		__asm__ volatile(#op " %0, zero, " #i1 "\n\t" #op " %1, zero, " #i2 "\n\t"  \
				 #op " %2, zero, " #i3                                      \
				 : "+&r"(r0), "+&r"(r1), "+&r"(r2));                        \
		mix(r0), mix(r1), mix(r2);                                                  \
	}
RI(addi, 5, -1, 2047) RI(ori, 5, -1, -2048) RI(xori, 0, -7, 2047) RI(andi, 5, -1, 2047)
RI(addiw, 5, -1, -2048) RI(slli, 1, 31, 63) RI(srli, 1, 31, 63) RI(srai, 1, 31, 63)
RI(slliw, 1, 5, 31) RI(srliw, 1, 5, 31) RI(sraiw, 1, 5, 31) RI(slti, 1, -1, 0)
RI(sltiu, 1, -1, 0)

/* a branch against x0 (both ways round): 1 when taken */
#define BR(op)                                                                               \
	static void t_##op(uint64_t a)                                                       \
	{                                                                                   \
		uint64_t r0 = 0, r1 = 0;                                                    \
		__asm__ volatile(#op " %2, zero, 1f\n\tli %0, 1\n1:\n\t"                     \
				 #op " zero, %2, 2f\n\tli %1, 1\n2:"                        \
				 : "+&r"(r0), "+&r"(r1) : "r"(a));                          \
		mix(r0 << 1 | r1);                                                          \
	}
BR(beq) BR(bne) BR(blt) BR(bge) BR(bltu) BR(bgeu)

/* stores of x0 of each size, at each offset of a word, into a buffer of ones */
static void t_stores(uint64_t a)
{
	unsigned char buf[24];
	memset(buf, 0xff, sizeof(buf));
	unsigned char *p = buf + (a & 7);
	__asm__ volatile("sb zero, 0(%0)\n\tsh zero, 3(%0)\n\tsw zero, 6(%0)\n\tsd zero, 10(%0)"
			 : : "r"(p) : "memory");
	for (unsigned i = 0; i < sizeof(buf); i += 8) {
		uint64_t w;
		memcpy(&w, buf + i, 8);
		mix(w);
	}
}

struct test {
	const char *name;
	void (*fn)(uint64_t);
};
#define T(op) { #op, t_##op },
static const struct test tests[] = {
	T(add) T(sub) T(and) T(or) T(xor) T(addw) T(subw) T(mul) T(mulw) T(sll) T(srl) T(sra)
	T(slt) T(sltu) T(sllw) T(srlw) T(sraw)
	T(addi) T(ori) T(xori) T(andi) T(addiw) T(slli) T(srli) T(srai) T(slliw) T(srliw)
	T(sraiw) T(slti) T(sltiu)
	T(beq) T(bne) T(blt) T(bge) T(bltu) T(bgeu)
	T(stores)
};

int main(void)
{
	for (size_t t = 0; t < sizeof(tests) / sizeof(tests[0]); t++) {
		hash = MIX_START;
		/* 40 rounds: the blocks are entered well past the translation threshold */
		for (int round = 0; round < 40; round++)
			for (size_t i = 0; i < NE; i++)
				tests[t].fn(edge[i] + (uint64_t)round * (round & 1));
		printf("%s %016llx\n", tests[t].name, (unsigned long long)hash);
	}
	return 0;
}
