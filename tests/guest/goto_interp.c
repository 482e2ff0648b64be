/* goto_interp: a bytecode interpreter dispatching with computed gotos (a label table, gcc's
 * `goto *labels[op]`) and one dispatching with a switch, for the CFG's resolution of indirect
 * jumps (unit test 547, e2e 547). Runs a fixed program a number of times given by argv[1]
 * (default 2000) and prints its result. */
#include <stdio.h>
#include <stdlib.h>

enum { OP_PUSH, OP_ADD, OP_SUB, OP_MUL, OP_DUP, OP_SWAP, OP_JNZ, OP_DEC, OP_HALT, OP_XOR };

static const unsigned char prog[] = {
	OP_PUSH, 7, OP_PUSH, 40,           /* acc, counter */
	OP_SWAP, OP_DUP, OP_MUL, OP_PUSH, 3, OP_XOR, OP_PUSH, 5, OP_ADD, OP_PUSH, 1, OP_SUB,
	OP_SWAP, OP_DEC, OP_DUP, OP_JNZ, 4, /* loop while counter */
	OP_HALT,
};

/* Computed goto: the label table lives in read-only data as absolute code addresses. */
__attribute__((noinline)) long goto_interp_run(const unsigned char *pc0, long seed)
{
	static const void *const goto_labels[] = {
		&&op_push, &&op_add, &&op_sub, &&op_mul, &&op_dup, &&op_swap, &&op_jnz, &&op_dec,
		&&op_halt, &&op_xor,
	};
	long st[16], *sp = st;
	const unsigned char *pc = pc0;
	*sp++ = seed;
#define NEXT goto *goto_labels[*pc++]
	NEXT;
op_push: *sp++ = *pc++; NEXT;
op_add: sp--; sp[-1] += sp[0]; NEXT;
op_sub: sp--; sp[-1] -= sp[0]; NEXT;
op_mul: sp--; sp[-1] = (sp[-1] * sp[0]) & 0xffffff; NEXT;
op_dup: *sp = sp[-1]; sp++; NEXT;
op_swap: { long t = sp[-1]; sp[-1] = sp[-2]; sp[-2] = t; } NEXT;
op_jnz: sp--; if (sp[0]) pc = pc0 + *pc; else pc++; NEXT;
op_dec: sp[-1]--; NEXT;
op_xor: sp--; sp[-1] ^= sp[0]; NEXT;
op_halt: return sp[-1] + st[0];
#undef NEXT
}

/* The same machine as a switch: a jump table gcc resolves by the opcode's range check. */
__attribute__((noinline)) long switch_interp_run(const unsigned char *pc0, long seed)
{
	long st[16], *sp = st;
	const unsigned char *pc = pc0;
	*sp++ = seed;
	for (;;) {
		switch (*pc++) {
		case OP_PUSH: *sp++ = *pc++; break;
		case OP_ADD: sp--; sp[-1] += sp[0]; break;
		case OP_SUB: sp--; sp[-1] -= sp[0]; break;
		case OP_MUL: sp--; sp[-1] = (sp[-1] * sp[0]) & 0xffffff; break;
		case OP_DUP: *sp = sp[-1]; sp++; break;
		case OP_SWAP: { long t = sp[-1]; sp[-1] = sp[-2]; sp[-2] = t; } break;
		case OP_JNZ: sp--; if (sp[0]) pc = pc0 + *pc; else pc++; break;
		case OP_DEC: sp[-1]--; break;
		case OP_XOR: sp--; sp[-1] ^= sp[0]; break;
		case OP_HALT: return sp[-1] + st[0];
		default: abort();
		}
	}
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 2000, a = 0, b = 0;
	for (long i = 0; i < n; i++) {
		a += goto_interp_run(prog, i);
		b += switch_interp_run(prog, i);
	}
	printf("%ld %ld\n", a, b);
	return a != b;
}
