/*
 * bbvcount — code whose basic blocks the emulator's blocks split (e2e 258): a loop whose body
 * crosses a page boundary (the block before it ends at the page's end without a branch, the
 * one after it continues the same basic block), later entered at the page's start directly
 * (the same run, now starting its own basic block) and in its last instructions before the
 * boundary (the basic block continued from another start), and a loop of 200 straight-line
 * instructions (more than an emulator block holds). Translated code that counts its runs for
 * the basic-block vectors must log a run that continues an open basic block and must not
 * count it before it has run on its own (docs/robin-run.md, "Counted runs").
 */
#include <stdio.h>

long cross_loop(long n);
long cross_mid(long n);
long cross_late(long n);
long long_block(long n);

__asm__(
	"	.text\n"
	"	.option push\n"
	"	.option norvc\n"
	"	.balign 4096\n"
	"	.skip 4096 - 48\n"
	"	.globl cross_loop\n"
	"cross_loop:\n"
	"	li t0, 0\n"
	"1:	addi t0, t0, 1\n"
	"	addi t0, t0, 1\n"
	"	addi t0, t0, 1\n"
	"	addi t0, t0, 1\n"
	"	addi t0, t0, 1\n"
	"	addi t0, t0, 1\n"
	"	.globl cross_late\n"
	"cross_late:\n"
	"	addi t0, t0, 1\n"
	"	addi t0, t0, 1\n"
	"	addi t0, t0, 1\n"
	"	addi t0, t0, 1\n"
	"	addi t0, t0, 1\n"
	/* the page boundary */
	"	.globl cross_mid\n"
	"cross_mid:\n"
	"	addi t0, t0, 2\n"
	"	addi t0, t0, 2\n"
	"	addi a0, a0, -1\n"
	"	bnez a0, 1b\n"
	"	mv a0, t0\n"
	"	ret\n"
	"	.globl long_block\n"
	"long_block:\n"
	"	li t1, 0\n"
	"2:\n"
	"	.rept 200\n"
	"	addi t1, t1, 3\n"
	"	.endr\n"
	"	addi a0, a0, -1\n"
	"	bnez a0, 2b\n"
	"	mv a0, t1\n"
	"	ret\n"
	"	.option pop\n");

int main(void)
{
	long s = 0;
	for (int r = 0; r < 3; r++) {
		s += cross_loop(3000);
		s += cross_mid(2000) & 0xffff;  /* t0 is whatever it held: only its low bits */
		for (int k = 0; k < 300; k++)   /* the page's first basic block continued from */
			s += cross_late(3) & 0xff;  /* another start, then the loop's */
		s += long_block(400);
	}
	printf("bbvcount %ld\n", s);
	return 0;
}
