/*
 * jit.c — translation of a block's ops to x86-64 host code (see jit.h for the contract).
 *
 * Each op becomes a few host instructions on the guest registers, the int ones a block uses
 * most in host registers, the others in struct hart (int registers at xb - 128, FP registers
 * at xb + 128, from rdi), with no dispatch between ops. The semantics are
 * block.c's handlers', op for op; where a handler has a fast case and a slow one, the code
 * does the fast case and returns the op's index for anything else, before writing anything,
 * so the handler does the whole op exactly:
 *
 *   - loads and stores go straight to host memory below gmem's jit_limit, else return (the
 *     handler takes gmem's slow path); the host pages carry the guest's permissions (stores:
 *     writable and holding no decoded code), so a host fault at the access goes to the same
 *     return (jit_fault.c): the handler's faults, self-modifying code;
 *   - FP arithmetic assumes what the caller checked at entry (fflags holds NX, frm is RNE, as
 *     block.c's FPD_OK; after a translated fsflags each FP op tests NX itself) and keeps a
 *     result only when it is plain (finite, exponent >= 2: no flag but NX, and NX is accrued)
 *     or a zero block.c's rules make exact; a non-finite operand gives a non-plain result, so
 *     every NaN, infinity and tiny result returns to the handler, which knows the exact rules;
 *   - division by 0 or (signed) -1 returns to the handler;
 *   - Zbb's clz / ctz use lzcnt / tzcnt when the host has them (env->host_lzcnt, host_bmi1),
 *     else bsr / bsf with the zero case by cmov; cpop without POPCNT stops the translation
 *     before it (the handler runs it);
 *   - leaving the block (a taken branch, a jump, its end) counts the block's instructions in
 *     the run's count and goes on to the next translated block when it can (emit_exit).
 *
 * Registers: rdi = xb, rsi = guest memory base, rdx = jit_limit; rax and rcx are scratch,
 * xmm0-xmm3 too (xmm3 keeps rdx across mul and div, r8 across orc.b); rbx, rbp, r12, r13
 * hold sp, a5, a4 and a0 in all translated code (JIT_PINS: jit_enter loads and stores them),
 * r11 the instructions the run may still run (ROOM, counting down); r14, r15, r10, r8, r9 other guest int registers,
 * given out op by op (xr_prepare) and stored back at every exit when written (r8 is scratch
 * in an indirect jump's look-up, after that); jit_enter saves the callee-saved ones around
 * the code.
 *
 * The code of a block: a JIT_ENTER return (jit_retire's target), the chain entry, which falls
 * into the body; the exits a condition takes (jcc) go to stubs after the body, one per
 * distinct exit and set of registers to store; then a loop's checks.
 */
#include <stddef.h>
#include <string.h>

#include "emu/gmem.h"
#include "emu/hart.h"
#include "emu/jit.h"

#if defined(__x86_64__)

enum { RAX = 0, RCX = 1, RDX = 2, RBX = 3, RBP = 5, RSI = 6, RDI = 7, R8 = 8, R9 = 9, R10 = 10,
       R11 = 11, R12 = 12, R13 = 13, R14 = 14, R15 = 15 };
enum { CC_B = 2, CC_AE = 3, CC_E = 4, CC_NE = 5, CC_BE = 6, CC_A = 7, CC_S = 8, CC_P = 0xa, CC_L = 0xc,
       CC_GE = 0xd, CC_LE = 0xe, CC_G = 0xf };

#define XB RDI  /* int register i at [rdi + 8 * i - 128] */
#define FB XB   /* FP register i at [rdi + 8 * i + 128] */

#define JIT_MAX_FIX 2048

/* Guest int registers pinned to host registers in all translated code: jit_enter loads them
 * before it calls the code and stores them back after it, so blocks chain into each other
 * with them in place. The ones RISC-V compilers use most (sp and the first argument and
 * temporary registers: a5, a4, a0 are gcc's favourites), in registers a call preserves.
 * X(guest register, its offset from xb, host register name, its number). */
#define JIT_PINS(X) X(2, -112, rbx, RBX) X(15, -8, rbp, RBP) X(14, -16, r12, R12) \
			X(10, -48, r13, R13)
#define JIT_PIN_TAB(i, d, name, r) [i] = r + 1,
static const int8_t jit_pin[32] = { JIT_PINS(JIT_PIN_TAB) };  /* host register + 1, 0: none */

/* The host registers given out to the other guest int registers within a block (xr_prepare),
 * best first: the rest of those a call preserves (jit_enter saves them), then r10, r8, r9. */
static const uint8_t jit_xr_host[] = { R14, R15, R10, R8, R9 };
/* The instructions the run may still run before its limit live in r11 in translated code,
 * counting down (jit.h's room: jit_enter loads it, the caller having taken the first block's
 * instructions off already): each entry takes its block's instructions off and leaves when
 * that borrows (sub r11, n; jb), an exit that ran fewer gives the rest back (in its stub,
 * off the hot path), and every return to block_run stores the count, env->limit - r11, to
 * env->icount. A block that runs to its end costs the count one sub and a jb. */
#define ROOM R11
#define JIT_XR_N ((int)sizeof(jit_xr_host))

#define JIT_MAX_OPS 256

struct jbuf {
	uint8_t *p, *end;
	int full;
	/* jumps to exit stubs: where their rel32 is, and the value the stub returns */
	uint32_t fix_at[JIT_MAX_FIX];
	uint32_t fix_ret[JIT_MAX_FIX];
	uint32_t fix_dirty[JIT_MAX_FIX];  /* the guest registers its stub stores back */
	uint32_t n_fix;
	/* host memory accesses: where each is, and the fix of its op's exit (jit_fault.c) */
	uint32_t flt_at[JIT_MAX_SLOTS], flt_fix[JIT_MAX_SLOTS], n_flt;
	uint8_t *start;
	int fp_env;     /* the code assumes fflags.NX and frm RNE (checked by the caller) */
	int nx_check;   /* an fsflags was translated: later FP ops test NX themselves */
	uint32_t checked;       /* guest int registers (bits) whose value an access of the block
	                           checked against jit_limit, not written since (mem_addr); sp
	                           always (JIT_SP_BELOW: its every write is checked) */
	int sp_written;         /* the op being emitted wrote sp */
	uint32_t fboxed;        /* FP registers (bits) the code wrote NaN-boxed binary32 values
	                           to earlier in the block: their box needs no test (fp_boxed) */
	int8_t host_of[32];     /* guest int register -> host register, -1: in struct hart */
	uint32_t loaded, dirty; /* guest registers (bits) in their host register now, written
	                           (pinned ones are always loaded, never dirty) */
	uint32_t use[32];       /* reads and writes of each guest register, counted as emitted */
	/* the registers of jit_xr_host are given out op by op in the second pass (xr_prepare):
	 * occ[s] is the guest register jit_xr_host[s] holds (0: none) */
	uint8_t occ[JIT_XR_N];
	uint32_t cur_k;                       /* the op being emitted */
	uint32_t opuse[JIT_MAX_OPS], opread[JIT_MAX_OPS];  /* the first pass's accesses of each
	                                         op (guest registers, bits; not the pinned) */
	uint8_t fix_occ[JIT_MAX_FIX][JIT_XR_N];  /* occ at each jump to an exit stub */
	uint32_t written;       /* guest registers written (bits), counted as emitted */
	int self_loop;          /* an exit goes to the block's own start (to the loop's checks) */
	int loop_ready;         /* ... and loop_top is known (the second pass): loop_inline */
	uint32_t loop_last;     /* ... the last op with such an exit (the loop's body: 0 ..) */
	int rax_next;           /* rax still holds an indirect jump's target (h->next_pc) */
	uint32_t loop_top;      /* where those go on after the checks (after the preloads) */
	uint32_t loop_dirty;    /* the written registers a self-loop keeps in host registers */
	uint8_t loop_occ[JIT_XR_N];  /* occ at loop_top */
	uint32_t loop_ref[JIT_MAX_SLOTS], n_loop_ref;  /* rel32s of jumps to the loop's checks */
	const struct jit_env *env;
	const struct jit_block *blk;
	const struct jit_op *ops;
	struct jit_code *out;
};

static void b8(struct jbuf *j, uint32_t v)
{
	if (j->p < j->end)
		*j->p++ = (uint8_t)v;
	else
		j->full = 1;
}

static void b32(struct jbuf *j, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		b8(j, v >> (8 * i));
}

/* Opcode bytes are given as a number, most significant byte first (0x0fb6 = 0f b6). */
static void opbytes(struct jbuf *j, uint32_t opc)
{
	if (opc > 0xffff)
		b8(j, opc >> 16);
	if (opc > 0xff)
		b8(j, opc >> 8);
	b8(j, opc);
}

/* [prefix] [REX] opcode modrm [sib] [disp] for reg, [base + index + disp] (index < 0: none).
 * rex8: an 8-bit register operand in 4..7 needs a REX prefix to mean sil/dil/spl/bpl. */
static void op_m(struct jbuf *j, uint32_t prefix, int w, uint32_t opc, int reg, int base, int index,
		 int32_t disp, int rex8)
{
	if (prefix)
		b8(j, prefix);
	int idx = index < 0 ? 0 : index;
	uint32_t rex = 0x40 | (w ? 8 : 0) | ((reg >> 3) & 1) << 2 | ((idx >> 3) & 1) << 1 | ((base >> 3) & 1);
	if (rex != 0x40 || rex8)
		b8(j, rex);
	opbytes(j, opc);
	int mod = disp == 0 && (base & 7) != 5 ? 0 : (disp >= -128 && disp <= 127 ? 1 : 2);
	if (index < 0 && (base & 7) != 4) {
		b8(j, (uint32_t)(mod << 6 | (reg & 7) << 3 | (base & 7)));
	} else if (index < 0) {
		/* rsp / r12 as the base: a SIB byte with no index */
		b8(j, (uint32_t)(mod << 6 | (reg & 7) << 3 | 4));
		b8(j, 0x24);
	} else {
		b8(j, (uint32_t)(mod << 6 | (reg & 7) << 3 | 4));
		b8(j, (uint32_t)((idx & 7) << 3 | (base & 7)));
	}
	if (mod == 1)
		b8(j, (uint32_t)disp);
	else if (mod == 2)
		b32(j, (uint32_t)disp);
}

/* register-register form: reg, rm */
static void op_r(struct jbuf *j, uint32_t prefix, int w, uint32_t opc, int reg, int rm)
{
	if (prefix)
		b8(j, prefix);
	uint32_t rex = 0x40 | (w ? 8 : 0) | ((reg >> 3) & 1) << 2 | ((rm >> 3) & 1);
	if (rex != 0x40)
		b8(j, rex);
	opbytes(j, opc);
	b8(j, (uint32_t)(0xc0 | (reg & 7) << 3 | (rm & 7)));
}

#define XD(i) ((int32_t)(i) * 8 - 128)
#define FD(i) ((int32_t)(i) * 8 + 128)
/* other hart fields, from rdi */
#define HD(field) ((int32_t)(offsetof(struct hart, field) - offsetof(struct hart, x)) - 128)

/* A short forward jump within an op's code: jcc rel8 (cc < 0: jmp rel8), patched by land(). */
static uint8_t *jshort(struct jbuf *j, int cc)
{
	b8(j, cc < 0 ? 0xeb : 0x70 | (uint32_t)cc);
	b8(j, 0);
	return j->full ? NULL : j->p - 1;
}

static void land(struct jbuf *j, uint8_t *at)
{
	if (at && !j->full)
		*at = (uint8_t)(j->p - (at + 1));
}

static void ret_imm(struct jbuf *j, uint32_t v)
{
	b8(j, 0xb8);  /* mov eax, v; ret */
	b32(j, v);
	b8(j, 0xc3);
}

/* ---- guest int registers in host registers ----
 * Besides the pinned ones (JIT_PINS), a translation keeps the guest registers it uses most
 * (jbuf.host_of) in host registers: one is loaded from struct hart at its first read, written
 * at its writes, and stored back (when written) at every exit, so struct hart holds every
 * guest register but the pinned ones whenever the code returns (jit_enter stores those) or
 * goes on to another block. The code of a block is straight-line (a condition's exit jumps
 * to a stub after the body and never comes back), so which are loaded and which written
 * (jbuf.loaded, jbuf.dirty) is known at each point of the translation, and each exit stub
 * stores the ones written before it. */

/* The host register guest register i lives in, loaded now when this is its first read in the
 * block; -1 when it stays in struct hart. */
static int xr_read(struct jbuf *j, int i)
{
	j->use[i]++;
	if (!jit_pin[i] && j->cur_k < JIT_MAX_OPS) {
		j->opuse[j->cur_k] |= 1u << i;
		j->opread[j->cur_k] |= 1u << i;
	}
	int r = j->host_of[i];
	if (r < 0)
		return -1;
	if (!(j->loaded & (1u << i))) {
		op_m(j, 0, 1, 0x8b, r, XB, -1, XD(i), 0);
		j->loaded |= 1u << i;
	}
	return r;
}

/* The same for a write of the whole of guest register i (i != 0): no load, it is written. */
static int xr_write(struct jbuf *j, int i)
{
	j->use[i]++;
	j->checked &= ~(1u << i);
	if (i == 2)
		j->sp_written = 1;
	if (!jit_pin[i] && j->cur_k < JIT_MAX_OPS)
		j->opuse[j->cur_k] |= 1u << i;
	j->written |= 1u << i;
	int r = j->host_of[i];
	if (r >= 0 && !jit_pin[i]) {
		j->loaded |= 1u << i;
		j->dirty |= 1u << i;
	}
	return r;
}

/* [prefix] [REX] opcode modrm with guest int register i (read) as the r/m operand: its host
 * register or its place in struct hart. An 8-bit operand must have w set (a REX prefix, so
 * that rm 5 means bpl). */
static void op_x(struct jbuf *j, uint32_t prefix, int w, uint32_t opc, int reg, int i)
{
	int r = xr_read(j, i);
	if (r >= 0)
		op_r(j, prefix, w, opc, reg, r);
	else
		op_m(j, prefix, w, opc, reg, XB, -1, XD(i), 0);
}

/* Store the guest registers of mask (written in host registers) to struct hart. */
static void xr_writeback(struct jbuf *j, uint32_t mask)
{
	for (int i = 1; i < 32; i++)
		if (mask & (1u << i))
			op_m(j, 0, 1, 0x89, j->host_of[i], XB, -1, XD(i), 0);
}

/* Make occ (and host_of) o: the mapping at an exit stub's jump or at a loop's top. */
static void xr_set_occ(struct jbuf *j, const uint8_t *o)
{
	for (int q = 0; q < JIT_XR_N; q++)
		if (j->occ[q])
			j->host_of[j->occ[q]] = -1;
	memcpy(j->occ, o, JIT_XR_N);
	for (int q = 0; q < JIT_XR_N; q++)
		if (j->occ[q])
			j->host_of[j->occ[q]] = (int8_t)jit_xr_host[q];
}

/* A loop's way back to its top: the registers given out since then
 * go back to those of loop_occ (stored when written, the top's loaded), dirty or not, so
 * that the state is the top's: loop_occ's registers loaded, loop_dirty's counted written. */
static void xr_to_loop_top(struct jbuf *j, uint32_t dirty)
{
	for (int q = 0; q < JIT_XR_N; q++) {
		int g = j->occ[q], t = j->loop_occ[q], h = jit_xr_host[q];
		if (g == t)
			continue;
		if (g && (dirty & (1u << g)))
			op_m(j, 0, 1, 0x89, h, XB, -1, XD(g), 0);  /* mov [g], h */
	}
	for (int q = 0; q < JIT_XR_N; q++) {
		int g = j->occ[q], t = j->loop_occ[q], h = jit_xr_host[q];
		if (g != t && t)
			op_m(j, 0, 1, 0x8b, h, XB, -1, XD(t), 0);  /* mov h, [t] */
	}
}

/* The first op after k that uses guest register i (n: none). */
static uint32_t xr_next_use(const struct jbuf *j, int i, uint32_t k, uint32_t n)
{
	for (uint32_t q = k + 1; q < n && q < JIT_MAX_OPS; q++)
		if (j->opuse[q] & (1u << i))
			return q;
	return n;
}

/* Before op k of n (dynamic allocation): give the registers it uses (the first pass's
 * record) that are used again later a register of jit_xr_host, evicting the one whose next
 * use is farthest (stored back when written) when it is used later than this one; load those
 * the op reads. All of it before the op's code, so that no exit of the op sees a register
 * change hands. */
static void xr_prepare(struct jbuf *j, uint32_t k, uint32_t n)
{
	if (k >= JIT_MAX_OPS)
		return;
	uint32_t need = j->opuse[k], busy = 0;
	for (int s = 0; s < JIT_XR_N; s++)
		if (j->occ[s] && (need & (1u << j->occ[s])))
			busy |= 1u << s;
	for (int i = 1; i < 32; i++) {
		if (!(need & (1u << i)) || j->host_of[i] >= 0)
			continue;
		uint32_t nu = xr_next_use(j, i, k, n);
		if (nu >= n)
			continue;  /* not used again: its memory operand costs no more */
		int best = -1;
		uint32_t far = 0;
		for (int s = 0; s < JIT_XR_N; s++) {
			if (busy & (1u << s))
				continue;
			uint32_t f = j->occ[s] ? xr_next_use(j, j->occ[s], k, n) : n + 1;
			if (best < 0 || f > far) {
				best = s;
				far = f;
			}
		}
		if (best < 0 || far <= nu)
			continue;
		int h = jit_xr_host[best], g = j->occ[best];
		if (g) {
			if (j->dirty & (1u << g))
				op_m(j, 0, 1, 0x89, h, XB, -1, XD(g), 0);  /* mov [g], h */
			j->host_of[g] = -1;
			j->loaded &= ~(1u << g);
			j->dirty &= ~(1u << g);
		}
		j->occ[best] = (uint8_t)i;
		j->host_of[i] = (int8_t)h;
		busy |= 1u << best;
		if (j->opread[k] & (1u << i)) {
			op_m(j, 0, 1, 0x8b, h, XB, -1, XD(i), 0);          /* mov h, [i] */
			j->loaded |= 1u << i;
		}
	}
}

/* guest int register i <- a 64-bit value known now */
static void st_x_imm(struct jbuf *j, int i, uint64_t v)
{
	if (!i)
		return;
	int r = xr_write(j, i);
	if ((int64_t)v >= INT32_MIN && (int64_t)v <= INT32_MAX) {
		if (r >= 0)
			op_r(j, 0, 1, 0xc7, 0, r);                  /* mov r, imm32 */
		else
			op_m(j, 0, 1, 0xc7, 0, XB, -1, XD(i), 0);   /* mov qword [i], imm32 */
		b32(j, (uint32_t)v);
	} else {
		int t = r >= 0 ? r : RAX;
		b8(j, 0x48 | (uint32_t)(t >> 3));
		b8(j, 0xb8 + (uint32_t)(t & 7));  /* movabs t, imm64 */
		b32(j, (uint32_t)v);
		b32(j, (uint32_t)(v >> 32));
		if (r < 0)
			op_m(j, 0, 1, 0x89, RAX, XB, -1, XD(i), 0);
	}
}

/* host reg <- guest int register i (64 bits) */
static void ld_x(struct jbuf *j, int reg, int i) { op_x(j, 0, 1, 0x8b, reg, i); }
/* guest int register i <- host reg; x0 is never written */
static void st_x(struct jbuf *j, int i, int reg)
{
	if (!i)
		return;
	int r = xr_write(j, i);
	if (r >= 0)
		op_r(j, 0, 1, 0x8b, r, reg);
	else
		op_m(j, 0, 1, 0x89, reg, XB, -1, XD(i), 0);
}
/* A host register holding guest int register i: its own, else tmp loaded with it. */
static int x_in(struct jbuf *j, int i, int tmp)
{
	int r = xr_read(j, i);
	if (r >= 0)
		return r;
	op_m(j, 0, 1, 0x8b, tmp, XB, -1, XD(i), 0);
	return tmp;
}

/* Computing rd from rs1 (and rs2, or -1): the host register to compute it in, holding rs1
 * (64 bits, or the low 32 when !w) on return: rd's own register when it has one (rs1 moved
 * there; not when rs2 is rd and rs1 is not: its value is still needed), else rax. rd_set
 * then makes it rd's value; no exit may come between them (an exit stub would store the
 * register, holding neither rd's old value nor its new one). */
static int rd_from(struct jbuf *j, int rd, int rs1, int rs2, int w)
{
	int t = rd ? j->host_of[rd] : -1;
	if (t < 0 || (rs2 == rd && rs1 != rd))
		t = RAX;
	if (t == RAX || rs1 != rd)
		op_x(j, 0, w, 0x8b, t, rs1);
	else
		xr_read(j, rd);
	return t;
}

/* rd <- host register t (from rd_from), its low 32 bits sign-extended when sext */
static void rd_set(struct jbuf *j, int rd, int t, int sext)
{
	if (sext)
		op_r(j, 0, 1, 0x63, t, t);  /* movsxd t, t */
	if (t == RAX)
		st_x(j, rd, RAX);
	else
		xr_write(j, rd);
}

static void ld_f(struct jbuf *j, int reg, int i) { op_m(j, 0, 1, 0x8b, reg, FB, -1, FD(i), 0); }
/* f[i] <- host reg, not known to be NaN-boxed */
static void st_f(struct jbuf *j, int i, int reg)
{
	op_m(j, 0, 1, 0x89, reg, FB, -1, FD(i), 0);
	j->fboxed &= ~(1u << i);
}
/* f[i] <- host reg holding a NaN-boxed binary32 */
static void st_f_boxed(struct jbuf *j, int i, int reg)
{
	op_m(j, 0, 1, 0x89, reg, FB, -1, FD(i), 0);
	j->fboxed |= 1u << i;
}

/* Does exit v go to the block's own start (a loop of one block)? */
static int self_exit(const struct jbuf *j, uint32_t v)
{
	return (v & JIT_TAKEN) && j->blk->pc && (uint64_t)j->ops[v & 0xffff].imm == j->blk->pc;
}

/* jcc rel32 to the exit stub returning ret (cc < 0: jmp rel32) */
static void jcc_exit(struct jbuf *j, int cc, uint32_t ret)
{
	if (self_exit(j, ret)) {
		j->self_loop = 1;
		if ((ret & 0xffff) > j->loop_last)
			j->loop_last = ret & 0xffff;
	}
	if (cc < 0) {
		b8(j, 0xe9);
	} else {
		b8(j, 0x0f);
		b8(j, 0x80 | (uint32_t)cc);
	}
	if (j->n_fix < JIT_MAX_FIX) {
		j->fix_at[j->n_fix] = (uint32_t)(j->p - j->start);
		j->fix_dirty[j->n_fix] = j->dirty;
		memcpy(j->fix_occ[j->n_fix], j->occ, sizeof(j->occ));
		j->fix_ret[j->n_fix++] = ret;
	} else {
		j->full = 1;
	}
	b32(j, 0);
}

/* An exit stub returning ret with no jump to it: where a host fault in the access that comes
 * next (mem_access) goes, for an access with no check before it */
static void fix_only(struct jbuf *j, uint32_t ret)
{
	if (j->n_fix < JIT_MAX_FIX) {
		j->fix_at[j->n_fix] = UINT32_MAX;
		j->fix_dirty[j->n_fix] = j->dirty;
		memcpy(j->fix_occ[j->n_fix], j->occ, sizeof(j->occ));
		j->fix_ret[j->n_fix++] = ret;
	} else {
		j->full = 1;
	}
}

/* ALU op with an immediate: 81 /digit id (83 /digit ib when it fits) */
static void alu_imm(struct jbuf *j, int w, int digit, int reg, int32_t imm)
{
	if (imm >= -128 && imm <= 127) {
		op_r(j, 0, w, 0x83, digit, reg);
		b8(j, (uint32_t)imm);
	} else {
		op_r(j, 0, w, 0x81, digit, reg);
		b32(j, (uint32_t)imm);
	}
}

/* env->count_runs: rcx <- &ctr[cnt], the counter of the run of cnt instructions (marked as one
 * the code adds to: jit_code.ctr_mask) */
static void emit_ctr_at(struct jbuf *j, uint32_t cnt)
{
	uint64_t at = (uint64_t)(uintptr_t)(j->blk->ctr + cnt);
	j->out->ctr_mask[cnt / 64] |= 1ull << (cnt % 64);
	b8(j, 0x48);
	b8(j, 0xb9);                                           /* movabs rcx, &ctr[cnt] */
	b32(j, (uint32_t)at);
	b32(j, (uint32_t)(at >> 32));
}

/* ... one more on it (CF: it wrapped from UINT64_MAX), and the block's touched word, after
 * its counters and their mask, set (a mov: CF stays) */
static void emit_ctr_bump(struct jbuf *j, uint32_t cnt)
{
	op_m(j, 0, 1, 0x83, 0, RCX, -1, 0, 0);                 /* add qword [rcx], 1 */
	b8(j, 1);
	int32_t flag = (int32_t)((j->blk->n_insns + 1u + JIT_CTR_MASK_WORDS - cnt) * 8);
	op_m(j, 0, 0, 0xc6, 0, RCX, -1, flag, 0);              /* mov byte [rcx + flag], 1 */
	b8(j, 1);
}

/* A loop of one block going round at op k (its instructions 0..k ran) straight from the
 * code of the op, when nothing has to move first: the registers are where the loop's top
 * has them, no run log, no translated fsflags before (the FP assumptions the entry checked
 * still hold): sub r11, k + 1 (the round's unused instructions back, the next round's
 * taken) and on to loop_top unless that borrows; else the count as it was and on to the
 * usual exit (whose loop checks then return JIT_ENTER). A conditional exit (cc >= 0) goes
 * round only when cc holds. 1 when it was emitted so, 0 when the usual exit must be. */
static int loop_inline(struct jbuf *j, int cc, uint32_t k)
{
	const int count = j->env->count_runs;
	if (!j->loop_ready || (j->env->log_runs && !count) || j->nx_check ||
	    memcmp(j->occ, j->loop_occ, JIT_XR_N))
		return 0;
	uint8_t *skip = cc >= 0 ? jshort(j, cc ^ 1) : NULL;
	if (count) {
		/* the round's run counted as the exit would (emit_run_count), or the usual exit
		 * while it is logged */
		emit_ctr_at(j, k + 1);
		op_m(j, 0, 1, 0x83, 7, RCX, -1, 0, 0);            /* cmp qword [rcx], -1 */
		b8(j, 0xff);
		jcc_exit(j, CC_E, k | JIT_TAKEN);                 /* je: the usual exit logs it */
		if (j->blk->cont) {
			op_m(j, 0, 0, 0x80, 7, XB, -1, j->env->force_log, 0);  /* cmp byte [force], 0 */
			b8(j, 0);
			jcc_exit(j, CC_NE, k | JIT_TAKEN);        /* jne: ... likewise */
		}
		emit_ctr_bump(j, k + 1);
	}
	alu_imm(j, 1, 5, ROOM, (int32_t)(k + 1));                 /* sub r11, k + 1 */
	b8(j, 0x0f);
	b8(j, 0x80 | CC_AE);                                      /* jae loop_top */
	b32(j, (uint32_t)((int32_t)j->loop_top - (int32_t)(j->p - j->start + 4)));
	alu_imm(j, 1, 0, ROOM, (int32_t)(k + 1));                 /* add r11, k + 1 */
	if (count) {
		op_m(j, 0, 1, 0x83, 5, RCX, -1, 0, 0);            /* sub qword [rcx], 1: the */
		b8(j, 1);                                         /* usual exit counts it */
	}
	jcc_exit(j, -1, k | JIT_TAKEN);                           /* jmp: the usual exit */
	land(j, skip);
	return 1;
}

static void shift_imm(struct jbuf *j, int w, int digit, int reg, uint32_t n)
{
	op_r(j, 0, w, 0xc1, digit, reg);
	b8(j, n);
}

/* rax <- sign-extended eax, then to guest register rd */
static void st_x_sext32(struct jbuf *j, int rd)
{
	op_r(j, 0, 1, 0x63, RAX, RAX);  /* movsxd rax, eax */
	st_x(j, rd, RAX);
}

/* setcc al; movzx eax, al; to rd */
static void st_x_cc(struct jbuf *j, int cc, int rd)
{
	op_r(j, 0, 0, 0x0f90 | (uint32_t)cc, 0, RAX);
	op_r(j, 0, 0, 0x0fb6, RAX, RAX);
	st_x(j, rd, RAX);
}

/* Every access's address logged (env->log_mem without log_sample: the memory trace, which
 * reads a logged address as one that passed the check against jit_limit): no access goes
 * unchecked, sp included. A sampled log takes unchecked ones too (the address as register +
 * displacement: emit_mem_log). */
static int jit_log_all(const struct jit_env *env)
{
	return env->log_mem && !env->log_sample;
}

/* The guest address rs1 + imm of op k's access as a host register and a displacement
 * (*disp): exits (to k) unless it is below jit_limit (rdx), and the access that follows
 * (mem_access) faults on the host where the guest may not make it. The register holds the
 * address (rax, or rs1's own when imm is 0) with *disp 0; or, when an access earlier in the
 * block checked rs1 (not written since: jbuf.checked) and no log wants the address, rs1
 * itself with *disp imm and no check: the address is within 4 KiB of one below jit_limit,
 * so inside the guest's space or gmem's guards (GMEM_GUARD), where the access faults. */
static int mem_addr(struct jbuf *j, const struct jit_op *o, uint32_t k, int32_t *disp)
{
	*disp = 0;
	if ((j->checked & (1u << o->rs1)) && !jit_log_all(j->env)) {
		fix_only(j, k);  /* a host fault in the access: the op's exit */
		*disp = (int32_t)o->imm;
		return x_in(j, o->rs1, RAX);
	}
	int a = xr_read(j, o->rs1);
	j->checked |= 1u << o->rs1;  /* the code goes on only when the check passed */
	if (a >= 0 && !o->imm) {
		/* the address is rs1's host register itself */
		op_r(j, 0, 1, 0x3b, a, RDX);  /* cmp a, rdx */
		jcc_exit(j, CC_AE, k);
		return a;
	}
	if (a >= 0) {
		op_m(j, 0, 1, 0x8d, RAX, a, -1, (int32_t)o->imm, 0);  /* lea rax, [rs1 + imm] */
	} else {
		ld_x(j, RAX, o->rs1);
		if (o->imm)
			alu_imm(j, 1, 0, RAX, (int32_t)o->imm);
	}
	op_r(j, 0, 1, 0x3b, RAX, RDX);  /* cmp rax, rdx */
	jcc_exit(j, CC_AE, k);
	return RAX;
}

/* The host access comes next: a fault there leaves through the exit mem_addr's check takes
 * (the last fix). */
static void mem_access(struct jbuf *j)
{
	if (j->n_flt < JIT_MAX_SLOTS && j->n_fix > 0) {
		j->flt_at[j->n_flt] = (uint32_t)(j->p - j->start);
		j->flt_fix[j->n_flt++] = j->n_fix - 1;
	} else {
		j->full = 1;
	}
}

/* rax |= 0xffffffff00000000: a binary32 in eax NaN-boxed (rcx is clobbered) */
static void nan_box(struct jbuf *j)
{
	b8(j, 0x48);
	b8(j, 0xb9);  /* movabs rcx, 0xffffffff00000000 */
	b32(j, 0);
	b32(j, 0xffffffffu);
	op_r(j, 0, 1, 0x0b, RAX, RCX);  /* or rax, rcx */
}

/* Sign injection into rax (rs1's bits) from rcx (the sign bit alone, at bit `sign`): the
 * sign replaced (fsgnj, fsgnjn) or flipped by it (fsgnjx). */
static void sgnj_apply(struct jbuf *j, int x, uint32_t sign)
{
	if (!x) {
		op_r(j, 0, 1, 0x0fba, 6, RAX);  /* btr rax, sign */
		b8(j, sign);
		op_r(j, 0, 1, 0x0b, RAX, RCX);  /* or rax, rcx */
	} else {
		op_r(j, 0, 1, 0x33, RAX, RCX);  /* xor rax, rcx */
	}
}

/* The FP result in xmm0 to f[rd] when plain (exponent 2..0x7fe), or when it is a zero the
 * rule allows (block.c's: ZERO_ANY a sum's zero is exact; ZERO_OPERAND a product's zero is
 * exact when f[za] or f[zc] is zero), else exit to k. single: binary32, NaN-boxed. */
enum { ZERO_NONE, ZERO_ANY, ZERO_OPERAND };
static void fp_keep(struct jbuf *j, int single, int rd, uint32_t k, int zero, int za, int zc)
{
	op_r(j, 0x66, !single, 0x0f7e, 0, RAX);       /* movq rax, xmm0 (movd eax) */
	op_m(j, 0, !single, 0x8d, RCX, RAX, RAX, 0, 0);  /* lea rcx, [rax + rax]: no sign, */
	shift_imm(j, !single, 5, RCX, single ? 24 : 53); /* shr: the exponent */
	alu_imm(j, 0, 5, RCX, 2);
	alu_imm(j, 0, 7, RCX, single ? 0xfd : 0x7fd);
	if (zero == ZERO_NONE) {
		jcc_exit(j, CC_AE, k);
	} else {
		uint8_t *ok = jshort(j, CC_B), *ok2 = NULL;
		op_r(j, 0, !single, 0x8b, RCX, RAX);  /* a zero: its bits shifted left by one are 0 */
		op_r(j, 0, !single, 0x03, RCX, RCX);
		jcc_exit(j, CC_NE, k);
		if (zero == ZERO_OPERAND) {
			op_m(j, 0, !single, 0x8b, RCX, FB, -1, FD(za), 0);
			op_r(j, 0, !single, 0x03, RCX, RCX);
			ok2 = jshort(j, CC_E);
			op_m(j, 0, !single, 0x8b, RCX, FB, -1, FD(zc), 0);
			op_r(j, 0, !single, 0x03, RCX, RCX);
			jcc_exit(j, CC_NE, k);
		}
		land(j, ok);
		land(j, ok2);
	}
	if (single) {
		nan_box(j);
		st_f_boxed(j, rd, RAX);
	} else {
		st_f(j, rd, RAX);
	}
}

/* exit to k unless f[i] is NaN-boxed (its upper half all ones); no test when the block's
 * code boxed it (the code is straight-line: what ran before this op in the block did so) */
static void fp_boxed(struct jbuf *j, int i, uint32_t k)
{
	if (j->fboxed & (1u << i))
		return;
	op_m(j, 0, 0, 0x8b, RCX, FB, -1, FD(i) + 4, 0);  /* mov ecx, upper half */
	alu_imm(j, 0, 7, RCX, -1);
	jcc_exit(j, CC_NE, k);
}

/* An op that relies on fflags holding NX and frm being RNE: the caller checks both before the
 * code runs; after a translated fsflags (which may clear NX) the op tests NX itself. */
static void fp_need(struct jbuf *j, uint32_t k)
{
	j->fp_env = 1;
	if (j->nx_check) {
		op_m(j, 0, 0, 0xf6, 0, XB, -1, HD(fflags), 0);  /* test byte [fflags], NX */
		b8(j, 1);
		jcc_exit(j, CC_E, k);
	}
}

/* rd <- rs1 / rs2 or rs1 % rs2 (w: the W forms, 32 bits, sign-extended), when the divisor is
 * neither 0 nor (signed) -1, else exit to k: exec_div.h's results for those need no trap */
static void emit_div(struct jbuf *j, const struct jit_op *o, uint32_t k, int sign, int rem, int w)
{
	op_x(j, 0, !w, 0x8b, RCX, o->rs2);  /* mov rcx, [rs2] */
	op_r(j, 0, !w, 0x85, RCX, RCX);                    /* test rcx, rcx */
	jcc_exit(j, CC_E, k);
	if (sign) {
		alu_imm(j, !w, 7, RCX, -1);
		jcc_exit(j, CC_E, k);
	}
	op_r(j, 0x66, 1, 0x0f6e, 3, RDX);                  /* movq xmm3, rdx: div clobbers it */
	op_x(j, 0, !w, 0x8b, RAX, o->rs1);
	if (sign) {
		if (!w)
			b8(j, 0x48);
		b8(j, 0x99);                                /* cqo / cdq */
	} else {
		op_r(j, 0, 0, 0x33, RDX, RDX);              /* xor edx, edx */
	}
	op_r(j, 0, !w, 0xf7, sign ? 7 : 6, RCX);           /* idiv / div rcx */
	if (rem)
		op_r(j, 0, !w, 0x8b, RAX, RDX);
	op_r(j, 0x66, 1, 0x0f7e, 3, RDX);                  /* movq rdx, xmm3 */
	if (w)
		op_r(j, 0, 1, 0x63, RAX, RAX);              /* movsxd rax, eax */
	st_x(j, o->rd, RAX);
}

/* xmm<reg> <- f[i] (movsd) */
static void ld_xmm(struct jbuf *j, int reg, int i) { op_m(j, 0xf2, 0, 0x0f10, reg, FB, -1, FD(i), 0); }

/* rax <- a 64-bit constant */
static void mov_rax_imm64(struct jbuf *j, uint64_t v)
{
	b8(j, 0x48);
	b8(j, 0xb8);
	b32(j, (uint32_t)v);
	b32(j, (uint32_t)(v >> 32));
}

/* return { v, the block } to the caller (rdx: the block, as jit_ret), the run's count
 * (env->limit - r11) in env->icount */
static void emit_return(struct jbuf *j, uint32_t v)
{
	b8(j, 0x48);  /* mov rax, [rdi + limit] (disp32) */
	b8(j, 0x8b);
	b8(j, 0x87);
	b32(j, (uint32_t)j->env->limit);
	b8(j, 0x4c);  /* sub rax, r11 */
	b8(j, 0x29);
	b8(j, 0xd8);
	b8(j, 0x48);  /* mov [rdi + icount], rax (disp32) */
	b8(j, 0x89);
	b8(j, 0x87);
	b32(j, (uint32_t)j->env->icount);
	b8(j, 0x48);
	b8(j, 0xba);  /* movabs rdx, block */
	b32(j, (uint32_t)(uintptr_t)j->blk->block);
	b32(j, (uint32_t)((uint64_t)(uintptr_t)j->blk->block >> 32));
	ret_imm(j, v);
}

/* env->count_runs: the entry at [rcx] gets its second word, r11 + the block's instructions
 * (env->limit less it: the count at the block's start), and rcx moves past both. */
static void emit_log_start(struct jbuf *j)
{
	int32_t n = (int32_t)j->blk->n_insns;
	op_m(j, 0, 1, 0x89, ROOM, RCX, -1, 8, 0);              /* mov [rcx + 8], r11 */
	op_m(j, 0, 1, n <= 127 ? 0x83 : 0x81, 0, RCX, -1, 8, 0);  /* add qword [rcx + 8], n */
	if (n <= 127)
		b8(j, (uint32_t)n);
	else
		b32(j, (uint32_t)n);
	alu_imm(j, 1, 0, RCX, 16);                             /* add rcx, 16 */
}

/* Append the 64-bit entry to the run log (env->log_runs; rcx is free at an exit). */
static void emit_run_log(struct jbuf *j, uint64_t entry)
{
	int32_t at = j->env->run_log;
	op_m(j, 0, 1, 0x8b, RCX, XB, -1, at, 0);               /* mov rcx, [rdi + run_log] */
	op_m(j, 0, 0, 0xc7, 0, RCX, -1, 0, 0);                 /* mov dword [rcx], low */
	b32(j, (uint32_t)entry);
	op_m(j, 0, 0, 0xc7, 0, RCX, -1, 4, 0);                 /* mov dword [rcx + 4], high */
	b32(j, (uint32_t)(entry >> 32));
	if (j->env->count_runs)
		emit_log_start(j);
	else
		alu_imm(j, 1, 0, RCX, 8);                      /* add rcx, 8 */
	op_m(j, 0, 1, 0x89, RCX, XB, -1, at, 0);               /* mov [rdi + run_log], rcx */
}

/* env->count_runs: one more execution of the run of cnt instructions on its counter; logged
 * (entry) while the counter reads UINT64_MAX (it wraps: the code puts it back, and block_run
 * sets it to 0 once the hook may count the run). */
static void emit_run_count(struct jbuf *j, uint32_t cnt, uint64_t entry)
{
	uint8_t *forced = NULL;
	if (j->blk->cont) {
		op_m(j, 0, 0, 0x80, 7, XB, -1, j->env->force_log, 0);  /* cmp byte [force], 0 */
		b8(j, 0);
		forced = jshort(j, CC_NE);                     /* jne: logged as it is */
	}
	emit_ctr_at(j, cnt);
	emit_ctr_bump(j, cnt);
	uint8_t *skip = jshort(j, CC_AE);                      /* jnc: counted */
	op_m(j, 0, 1, 0xc7, 0, RCX, -1, 0, 0);                 /* mov qword [rcx], -1: logged */
	b32(j, 0xffffffffu);                                   /* until block_run counts it */
	if (forced) {
		uint8_t *log = jshort(j, -1);                  /* jmp: log it */
		land(j, forced);
		op_m(j, 0, 0, 0xc6, 0, XB, -1, j->env->force_log, 0);  /* mov byte [force], 0 */
		b8(j, 0);
		land(j, log);
	}
	emit_run_log(j, entry);
	land(j, skip);
}

/* Append the guest address, host register a + disp, to the log (env->log_mem; rcx is free
 * before an access; disp is 0 but with env->log_sample); with env->log_sample only when its
 * line is in the sample. */
static void emit_mem_log(struct jbuf *j, int a, int32_t disp)
{
	const struct jit_env *env = j->env;
	int32_t at = env->run_log;
	uint8_t *skip = NULL;
	if (env->log_sample) {
		if (disp)
			op_m(j, 0, 1, 0x8d, RCX, a, -1, disp, 0);      /* lea rcx, [a + disp] */
		else
			op_r(j, 0, 1, 0x8b, RCX, a);                   /* mov rcx, a */
		shift_imm(j, 1, 5, RCX, env->sample_shift);            /* shr rcx, shift */
		op_m(j, 0, 1, 0x0faf, RCX, XB, -1, env->hash_k, 0);    /* imul rcx, [rdi + hash_k] */
		shift_imm(j, 1, 5, RCX, 32);                           /* shr rcx, 32 */
		alu_imm(j, 0, 7, RCX, (int32_t)env->sample_below);     /* cmp ecx, below */
		skip = jshort(j, CC_AE);                               /* jae: not sampled */
	}
	op_m(j, 0, 1, 0x8b, RCX, XB, -1, at, 0);               /* mov rcx, [rdi + run_log] */
	op_m(j, 0, 1, 0x89, a, RCX, -1, 0, 0);                 /* mov [rcx], a */
	if (disp) {
		op_m(j, 0, 1, 0x81, 0, RCX, -1, 0, 0);         /* add qword [rcx], disp */
		b32(j, (uint32_t)disp);
	}
	if (env->count_runs)
		emit_log_start(j);
	else
		alu_imm(j, 1, 0, RCX, 8);                      /* add rcx, 8 */
	op_m(j, 0, 1, 0x89, RCX, XB, -1, at, 0);               /* mov [rdi + run_log], rcx */
	land(j, skip);
}

/* The code of exit v (jit.h's return values): the instructions of the block up to it counted
 * in the run's instruction count (when it leaves the block); a static target (a taken branch,
 * jal/j, the block's end) goes on through a jmp rel32: first to the "leave" code after it,
 * which returns and tells block_run where the rel32 is (e->jit_link, and the target in
 * e->jit_link_pc), then, once block_run has patched it (jit_link), straight to the target
 * block's chain entry (jit_code.chain). */
static void emit_exit(struct jbuf *j, uint32_t v, uint32_t dirty)
{
	uint32_t k = v & 0xffff;
	int self = self_exit(j, v);
	/* a loop of one block puts its registers back where its top has them */
	if (self)
		xr_to_loop_top(j, dirty);
	else
		xr_writeback(j, dirty);
	uint32_t n = j->blk->n_insns;
	if (!(v & JIT_LEFT)) {
		/* none of the block's instructions counted here (block_run counts those before
		 * op k): all of them back */
		alu_imm(j, 1, 0, ROOM, (int32_t)n);  /* add r11, n */
		emit_return(j, v);
		return;
	}
	uint32_t cnt = (v & JIT_END) ? n : k + 1;
	uint64_t entry = JIT_RUN_TAG | (uint64_t)cnt << JIT_RUN_PTR_BITS |
			 (uint64_t)(uintptr_t)j->blk->block;
	/* count_runs: a run that leaves a basic block open (the block's end, not at a branch or
	 * jump) is logged, and so is the next one, which continues that basic block: flagged when
	 * that block's code tests the flag (tail_goes_on), else interpreted after a return */
	int open = j->env->count_runs && (v & JIT_END) && j->blk->open_end;
	if (j->env->count_runs && !open) {
		emit_run_count(j, cnt, entry);
	} else if (j->env->log_runs) {
		emit_run_log(j, entry);
		if (open && j->blk->tail_goes_on) {
			op_m(j, 0, 0, 0xc6, 0, XB, -1, j->env->force_log, 0);
			b8(j, 1);                      /* mov byte [rdi + force], 1: log the next run */
			open = 0;                      /* and go on to it */
		}
	}
	if (cnt < n)
		alu_imm(j, 1, 0, ROOM, (int32_t)(n - cnt));  /* add r11, the ones not run */
	if (open) {
		emit_return(j, v);  /* block_run runs the next block interpreted */
		return;
	}
	if (self) {
		/* to the block's own start: the registers stay where they are (emit_entry_check) */
		j->self_loop = 1;
		if (k > j->loop_last)
			j->loop_last = k;
		if (j->n_loop_ref >= JIT_MAX_SLOTS) {
			j->full = 1;
			return;
		}
		b8(j, 0xe9);
		j->loop_ref[j->n_loop_ref++] = (uint32_t)(j->p - j->start);
		b32(j, 0);
		return;
	}
	if (v & JIT_INDIRECT) {
		/* the target's block in the jump cache, translated: on through its chain entry */
		const struct jit_env *env = j->env;
		if (!j->rax_next)
			op_m(j, 0, 1, 0x8b, RAX, XB, -1, HD(next_pc), 0);
		/* the entry's offset, ((pc >> 1) & mask) * 16, is (pc * 8) & (mask * 16): pc is even */
		b8(j, 0x8d);
		b8(j, 0x0c);
		b8(j, 0xc5);
		b32(j, 0);                                        /* lea ecx, [rax * 8] */
		alu_imm(j, 0, 4, RCX, (int32_t)(env->jc_mask << 4));  /* and ecx, mask * 16 */
		op_r(j, 0, 1, 0x8b, R8, RAX);
		op_r(j, 0, 1, 0xf7, 2, R8);                       /* not r8 */
		op_m(j, 0, 1, 0x3b, R8, XB, RCX, env->jc, 0);     /* cmp r8, [rdi + rcx + jc] (~PC) */
		uint8_t *miss = jshort(j, CC_NE);
		op_m(j, 0, 1, 0x8b, R8, XB, RCX, env->jc + 8, 0); /* mov r8, [... + 8]: the block */
		op_m(j, 0, 1, 0x8b, RCX, R8, -1, env->chain_of, 0);
		op_r(j, 0, 1, 0x85, RCX, RCX);                    /* test rcx, rcx */
		uint8_t *miss2 = jshort(j, CC_E);
		b8(j, 0xff);
		b8(j, 0xe1);                                      /* jmp rcx */
		land(j, miss);
		land(j, miss2);
		op_m(j, 0, 1, 0x89, RAX, XB, -1, HD(next_pc), 0);  /* the target, for block_run */
		emit_return(j, v);
		return;
	}
	/* jmp rel32, to the leave code right after it until block_run patches the rel32 */
	b8(j, 0xe9);
	uint32_t rel_at = (uint32_t)(j->p - j->start);
	b32(j, 0);
	uint64_t target = (v & JIT_END) ? j->blk->pc_end : (uint64_t)j->ops[k].imm;
	mov_rax_imm64(j, target);
	op_m(j, 0, 1, 0x89, RAX, XB, -1, j->env->link_pc, 0);
	/* lea rax, [rip + the rel32] */
	b8(j, 0x48);
	b8(j, 0x8d);
	b8(j, 0x05);
	b32(j, rel_at - (uint32_t)(j->p - j->start + 4));
	op_m(j, 0, 1, 0x89, RAX, XB, -1, j->env->link, 0);
	emit_return(j, v);
}

/* One op; returns 0 when it was translated, 1 when it was and it left the block (its code
 * returned), -1 when the block's code must stop before it. */
static int emit_op(struct jbuf *j, const struct jit_op *o, uint32_t k, int host_fma)
{
	int32_t imm32 = (int32_t)o->imm;
	switch ((enum block_kind)o->kind) {
	case BK_NOP:
		return 0;
	case BK_LI:
		st_x_imm(j, o->rd, (uint64_t)o->imm);
		return 0;
	case BK_ADDI:
		if (o->rd == o->rs1) {
			/* add qword [rd], imm (add r, imm in its host register) */
			int r = xr_read(j, o->rd);
			if (xr_write(j, o->rd) >= 0) {
				alu_imm(j, 1, 0, r, imm32);
			} else if (imm32 >= -128 && imm32 <= 127) {
				op_m(j, 0, 1, 0x83, 0, XB, -1, XD(o->rd), 0);
				b8(j, (uint32_t)imm32);
			} else {
				op_m(j, 0, 1, 0x81, 0, XB, -1, XD(o->rd), 0);
				b32(j, (uint32_t)imm32);
			}
			return 0;
		}
		if (!imm32 && j->host_of[o->rd] < 0) {
			/* mv to a register in struct hart: straight from rs1's host register */
			st_x(j, o->rd, x_in(j, o->rs1, RAX));
			return 0;
		}
	{
		int t = rd_from(j, o->rd, o->rs1, -1, 1);
		if (imm32)
			alu_imm(j, 1, 0, t, imm32);
		rd_set(j, o->rd, t, 0);
		return 0;
	}
	case BK_XORI: case BK_ORI: case BK_ANDI: {
		int t = rd_from(j, o->rd, o->rs1, -1, 1);
		alu_imm(j, 1, o->kind == BK_XORI ? 6 : o->kind == BK_ORI ? 1 : 4, t, imm32);
		rd_set(j, o->rd, t, 0);
		return 0;
	}
	case BK_SLTI: case BK_SLTIU:
		/* the immediate sign-extends to 64 bits as in RV */
		alu_imm(j, 1, 7, x_in(j, o->rs1, RAX), imm32);
		st_x_cc(j, o->kind == BK_SLTI ? CC_L : CC_B, o->rd);
		return 0;
	case BK_SLLI: case BK_SRLI: case BK_SRAI: {
		int t = rd_from(j, o->rd, o->rs1, -1, 1);
		shift_imm(j, 1, o->kind == BK_SLLI ? 4 : o->kind == BK_SRLI ? 5 : 7, t, (uint32_t)o->imm & 63);
		rd_set(j, o->rd, t, 0);
		return 0;
	}
	case BK_ADDIW: {
		if (!imm32) {
			/* sext.w: movsxd from rs1 (its register or its low word in struct hart) */
			int t = j->host_of[o->rd] >= 0 ? j->host_of[o->rd] : RAX;
			op_x(j, 0, 1, 0x63, t, o->rs1);  /* movsxd t, rs1d */
			rd_set(j, o->rd, t, 0);
			return 0;
		}
		int t = rd_from(j, o->rd, o->rs1, -1, 0);
		if (imm32)
			alu_imm(j, 0, 0, t, imm32);
		rd_set(j, o->rd, t, 1);
		return 0;
	}
	case BK_SLLIW: case BK_SRLIW: case BK_SRAIW: {
		int t = rd_from(j, o->rd, o->rs1, -1, 0);  /* mov eax, dword [rs1] */
		shift_imm(j, 0, o->kind == BK_SLLIW ? 4 : o->kind == BK_SRLIW ? 5 : 7, t, (uint32_t)o->imm & 31);
		rd_set(j, o->rd, t, 1);
		return 0;
	}
	case BK_ADD: case BK_SUB: case BK_XOR: case BK_OR: case BK_AND: case BK_MUL: {
		uint32_t opc = o->kind == BK_ADD ? 0x03 : o->kind == BK_SUB ? 0x2b : o->kind == BK_XOR ? 0x33 :
			       o->kind == BK_OR ? 0x0b : o->kind == BK_AND ? 0x23 : 0x0faf;
		/* sub is the one that does not commute: rd = rs2 op rs1 when rd is rs2 (computed in
		 * rd's register, not through rax) */
		int a = o->rs1, b = o->rs2;
		if (o->kind != BK_SUB && b == o->rd && a != o->rd)
			a = o->rs2, b = o->rs1;
		int t = rd_from(j, o->rd, a, b, 1);
		op_x(j, 0, 1, opc, t, b);
		rd_set(j, o->rd, t, 0);
		return 0;
	}
	case BK_ADDW: case BK_SUBW: case BK_MULW: {
		uint32_t opc = o->kind == BK_ADDW ? 0x03 : o->kind == BK_SUBW ? 0x2b : 0x0faf;
		int a = o->rs1, b = o->rs2;
		if (o->kind != BK_SUBW && b == o->rd && a != o->rd)
			a = o->rs2, b = o->rs1;
		int t = rd_from(j, o->rd, a, b, 0);
		op_x(j, 0, 0, opc, t, b);
		rd_set(j, o->rd, t, 1);
		return 0;
	}
	case BK_SLT: case BK_SLTU:
		op_x(j, 0, 1, 0x3b, x_in(j, o->rs1, RAX), o->rs2);  /* cmp rs1, rs2 */
		st_x_cc(j, o->kind == BK_SLT ? CC_L : CC_B, o->rd);
		return 0;
	case BK_SLL: case BK_SRL: case BK_SRA: {
		/* x86 masks a 64-bit shift count to 6 bits, as RV64 does */
		int digit = o->kind == BK_SLL ? 4 : o->kind == BK_SRL ? 5 : 7;
		ld_x(j, RAX, o->rs1);
		op_x(j, 0, 0, 0x8b, RCX, o->rs2);  /* mov ecx, [rs2] */
		op_r(j, 0, 1, 0xd3, digit, RAX);
		st_x(j, o->rd, RAX);
		return 0;
	}
	case BK_SLLW: case BK_SRLW: case BK_SRAW: {
		int digit = o->kind == BK_SLLW ? 4 : o->kind == BK_SRLW ? 5 : 7;
		op_x(j, 0, 0, 0x8b, RAX, o->rs1);
		op_x(j, 0, 0, 0x8b, RCX, o->rs2);
		op_r(j, 0, 0, 0xd3, digit, RAX);  /* 32-bit: count masked to 5 bits */
		st_x_sext32(j, o->rd);
		return 0;
	}
	case BK_LB: case BK_LH: case BK_LW: case BK_LD: case BK_LBU: case BK_LHU: case BK_LWU:
	case BK_FLW: case BK_FLD: {
		int32_t d;
		int ix = mem_addr(j, o, k, &d);
		if (j->env->log_mem)
			emit_mem_log(j, ix, d);
		/* an int load goes straight to rd's host register when it has one */
		int fp = o->kind == BK_FLW || o->kind == BK_FLD;
		int t = !fp && j->host_of[o->rd] >= 0 ? j->host_of[o->rd] : RCX;
		mem_access(j);
		switch (o->kind) {
		case BK_LB: op_m(j, 0, 1, 0x0fbe, t, RSI, ix, d, 0); break;   /* movsx t, byte */
		case BK_LH: op_m(j, 0, 1, 0x0fbf, t, RSI, ix, d, 0); break;   /* movsx t, word */
		case BK_LW: op_m(j, 0, 1, 0x63, t, RSI, ix, d, 0); break;     /* movsxd t, dword */
		case BK_LBU: op_m(j, 0, 0, 0x0fb6, t, RSI, ix, d, 0); break;  /* movzx t32, byte */
		case BK_LHU: op_m(j, 0, 0, 0x0fb7, t, RSI, ix, d, 0); break;  /* movzx t32, word */
		case BK_LWU: case BK_FLW:
			op_m(j, 0, 0, 0x8b, t, RSI, ix, d, 0); break;         /* mov t32, dword */
		default: op_m(j, 0, 1, 0x8b, t, RSI, ix, d, 0); break;        /* mov t, qword */
		}
		if (o->kind == BK_FLW) {
			/* NaN-boxed: the low half loaded, the upper half all ones */
			op_m(j, 0, 0, 0x89, RCX, FB, -1, FD(o->rd), 0);      /* mov [rd], ecx */
			op_m(j, 0, 0, 0xc7, 0, FB, -1, FD(o->rd) + 4, 0);    /* mov dword [rd + 4], */
			b32(j, 0xffffffffu);                                 /* -1 */
			j->fboxed |= 1u << o->rd;
		} else if (o->kind == BK_FLD) {
			st_f(j, o->rd, RCX);
		} else if (t == RCX) {
			st_x(j, o->rd, RCX);
		} else {
			xr_write(j, o->rd);
		}
		return 0;
	}
	case BK_SB: case BK_SH: case BK_SW: case BK_SD: case BK_FSW: case BK_FSD: {
		uint32_t sz = o->kind == BK_SB ? 1 : o->kind == BK_SH ? 2 :
			      o->kind == BK_SW || o->kind == BK_FSW ? 4 : 8;
		int32_t d;
		int ix = mem_addr(j, o, k, &d);
		if (j->env->log_mem)
			emit_mem_log(j, ix, d);
		int v = RCX;  /* the value: rs2's host register when it has one */
		if (o->kind == BK_FSW || o->kind == BK_FSD) {
			ld_f(j, RCX, o->rs2);
		} else if (o->rs2 == 0) {
			/* x0: the immediate 0 (mov byte/word/dword/qword [rsi + ix], 0) */
			mem_access(j);
			if (sz == 1) {
				op_m(j, 0, 0, 0xc6, 0, RSI, ix, d, 0);
				b8(j, 0);
			} else {
				op_m(j, sz == 2 ? 0x66 : 0, sz == 8, 0xc7, 0, RSI, ix, d, 0);
				if (sz == 2)
					b8(j, 0), b8(j, 0);
				else
					b32(j, 0);
			}
			return 0;
		} else {
			v = x_in(j, o->rs2, RCX);
		}
		mem_access(j);
		switch (sz) {
		case 1: op_m(j, 0, 0, 0x88, v, RSI, ix, d, 1); break;  /* REX: bpl, not ch */
		case 2: op_m(j, 0x66, 0, 0x89, v, RSI, ix, d, 0); break;
		case 4: op_m(j, 0, 0, 0x89, v, RSI, ix, d, 0); break;
		default: op_m(j, 0, 1, 0x89, v, RSI, ix, d, 0); break;
		}
		return 0;
	}
	case BK_FADD_D: case BK_FSUB_D: case BK_FMUL_D: case BK_FDIV_D: {
		uint32_t opc = o->kind == BK_FADD_D ? 0x0f58 : o->kind == BK_FSUB_D ? 0x0f5c :
			       o->kind == BK_FMUL_D ? 0x0f59 : 0x0f5e;
		fp_need(j, k);
		ld_xmm(j, 0, o->rs1);
		op_m(j, 0xf2, 0, opc, 0, FB, -1, FD(o->rs2), 0);
		fp_keep(j, 0, o->rd, k, o->kind == BK_FMUL_D ? ZERO_OPERAND : o->kind == BK_FDIV_D ? ZERO_NONE : ZERO_ANY,
			o->rs1, o->rs2);
		return 0;
	}
	case BK_FADD_S: case BK_FSUB_S: case BK_FMUL_S: {
		uint32_t opc = o->kind == BK_FADD_S ? 0x0f58 : o->kind == BK_FSUB_S ? 0x0f5c : 0x0f59;
		fp_need(j, k);
		fp_boxed(j, o->rs1, k);
		fp_boxed(j, o->rs2, k);
		op_m(j, 0xf3, 0, 0x0f10, 0, FB, -1, FD(o->rs1), 0);  /* movss xmm0, [rs1] */
		op_m(j, 0xf3, 0, opc, 0, FB, -1, FD(o->rs2), 0);     /* addss/subss/mulss */
		fp_keep(j, 1, o->rd, k, o->kind == BK_FMUL_S ? ZERO_OPERAND : ZERO_ANY, o->rs1, o->rs2);
		return 0;
	}
	case BK_FSQRT_D:
		fp_need(j, k);
		op_m(j, 0xf2, 0, 0x0f51, 0, FB, -1, FD(o->rs1), 0);  /* sqrtsd xmm0, [rs1] */
		fp_keep(j, 0, o->rd, k, ZERO_NONE, 0, 0);
		return 0;
	case BK_FMA_D:
		if (!host_fma)
			return -1;
		fp_need(j, k);
		/* xmm0 = rs3 (sign flipped by imm bit 62), xmm1 = rs1 (by bit 63), xmm2 = rs2;
		 * vfmadd231sd xmm0, xmm1, xmm2: xmm0 = xmm1 * xmm2 + xmm0, rounded once */
		ld_f(j, RAX, o->rs3);
		if ((uint64_t)o->imm & (1ull << 62)) {
			op_r(j, 0, 1, 0x0fba, 7, RAX);  /* btc rax, 63 */
			b8(j, 63);
		}
		op_r(j, 0x66, 1, 0x0f6e, 0, RAX);       /* movq xmm0, rax */
		ld_f(j, RAX, o->rs1);
		if ((uint64_t)o->imm & (1ull << 63)) {
			op_r(j, 0, 1, 0x0fba, 7, RAX);
			b8(j, 63);
		}
		op_r(j, 0x66, 1, 0x0f6e, 1, RAX);       /* movq xmm1, rax */
		ld_xmm(j, 2, o->rs2);
		b8(j, 0xc4); b8(j, 0xe2); b8(j, 0xf1); b8(j, 0xb9); b8(j, 0xc2);
		fp_keep(j, 0, o->rd, k, ZERO_OPERAND, o->rs1, o->rs2);
		return 0;
	case BK_FDIV_S:
		/* as fdiv.d: a zero, infinite or NaN operand gives a result that is not plain */
		fp_need(j, k);
		fp_boxed(j, o->rs1, k);
		fp_boxed(j, o->rs2, k);
		op_m(j, 0xf3, 0, 0x0f10, 0, FB, -1, FD(o->rs1), 0);  /* movss xmm0, [rs1] */
		op_m(j, 0xf3, 0, 0x0f5e, 0, FB, -1, FD(o->rs2), 0);  /* divss xmm0, [rs2] */
		fp_keep(j, 1, o->rd, k, ZERO_NONE, 0, 0);
		return 0;
	case BK_FMA_S:
		if (!host_fma)
			return -1;
		/* as BK_FMA_D on binary32: the sign flips on bit 31, vfmadd231ss */
		fp_need(j, k);
		fp_boxed(j, o->rs1, k);
		fp_boxed(j, o->rs2, k);
		fp_boxed(j, o->rs3, k);
		op_m(j, 0, 0, 0x8b, RAX, FB, -1, FD(o->rs3), 0);  /* mov eax, rs3's low half */
		if ((uint64_t)o->imm & (1ull << 62)) {
			op_r(j, 0, 0, 0x0fba, 7, RAX);  /* btc eax, 31 */
			b8(j, 31);
		}
		op_r(j, 0x66, 0, 0x0f6e, 0, RAX);       /* movd xmm0, eax */
		op_m(j, 0, 0, 0x8b, RAX, FB, -1, FD(o->rs1), 0);
		if ((uint64_t)o->imm & (1ull << 63)) {
			op_r(j, 0, 0, 0x0fba, 7, RAX);
			b8(j, 31);
		}
		op_r(j, 0x66, 0, 0x0f6e, 1, RAX);       /* movd xmm1, eax */
		op_m(j, 0xf3, 0, 0x0f10, 2, FB, -1, FD(o->rs2), 0);  /* movss xmm2, [rs2] */
		b8(j, 0xc4); b8(j, 0xe2); b8(j, 0x71); b8(j, 0xb9); b8(j, 0xc2);  /* vfmadd231ss */
		fp_keep(j, 1, o->rd, k, ZERO_OPERAND, o->rs1, o->rs2);
		return 0;
	case BK_FEQ_S: case BK_FLT_S: case BK_FLE_S:
		/* NaN-boxed operands; ucomiss: unordered (a NaN) sets PF: the handler decides NV */
		fp_boxed(j, o->rs1, k);
		fp_boxed(j, o->rs2, k);
		op_m(j, 0xf3, 0, 0x0f10, 0, FB, -1, FD(o->rs1), 0);  /* movss xmm0, [rs1] */
		op_m(j, 0, 0, 0x0f2e, 0, FB, -1, FD(o->rs2), 0);     /* ucomiss xmm0, [rs2] */
		jcc_exit(j, CC_P, k);
		st_x_cc(j, o->kind == BK_FEQ_S ? CC_E : o->kind == BK_FLT_S ? CC_B : CC_BE, o->rd);
		return 0;
	case BK_FSGNJ_S: case BK_FSGNJN_S: case BK_FSGNJX_S:
		/* NaN-boxed operands (else the handler's canonical NaN): bit 31 as fsgnj*.d's
		 * bit 63; the result stays boxed */
		fp_boxed(j, o->rs1, k);
		fp_boxed(j, o->rs2, k);
		ld_f(j, RAX, o->rs1);
		ld_f(j, RCX, o->rs2);
		if (o->kind == BK_FSGNJN_S)
			op_r(j, 0, 0, 0xf7, 2, RCX);        /* not ecx */
		alu_imm(j, 0, 4, RCX, (int32_t)0x80000000u);  /* and ecx, sign: rcx's upper half 0 */
		sgnj_apply(j, o->kind == BK_FSGNJX_S, 31);
		st_f_boxed(j, o->rd, RAX);
		return 0;
	case BK_FCVT_W_S: case BK_FCVT_W_S_RNE:
		/* a NaN-boxed |x| < 2^31: in range, no NV; inexact only raises NX, accrued
		 * (fp_need). Truncated (cvttss2si) or to nearest (cvtss2si, the host's RNE) */
		fp_need(j, k);
		fp_boxed(j, o->rs1, k);
		op_m(j, 0, 0, 0x8b, RAX, FB, -1, FD(o->rs1), 0);  /* mov eax, the binary32 */
		shift_imm(j, 0, 5, RAX, 23);                      /* shr eax, 23 */
		alu_imm(j, 0, 4, RAX, 0xff);
		alu_imm(j, 0, 7, RAX, 127 + 31);
		jcc_exit(j, CC_AE, k);
		op_m(j, 0xf3, 0, o->kind == BK_FCVT_W_S ? 0x0f2c : 0x0f2d, RAX, FB, -1, FD(o->rs1), 0);
		op_r(j, 0, 1, 0x63, RAX, RAX);                    /* movsxd rax, eax */
		st_x(j, o->rd, RAX);
		return 0;
	case BK_MULH: case BK_MULHU:
		/* the high half of the signed (imul) or unsigned (mul) product */
		op_r(j, 0x66, 1, 0x0f6e, 3, RDX);                       /* movq xmm3, rdx: mul clobbers it */
		ld_x(j, RAX, o->rs1);
		op_x(j, 0, 1, 0xf7, o->kind == BK_MULH ? 5 : 4, o->rs2);  /* imul / mul qword [rs2] */
		op_r(j, 0, 1, 0x8b, RAX, RDX);
		op_r(j, 0x66, 1, 0x0f7e, 3, RDX);                       /* movq rdx, xmm3 */
		st_x(j, o->rd, RAX);
		return 0;
	case BK_FCVT_S_W: case BK_FCVT_S_L:
		/* any int32 / int64 rounds to a finite binary32 (RNE): exact, or inexact (NX,
		 * accrued: fp_need) */
		fp_need(j, k);
		op_x(j, 0xf3, o->kind == BK_FCVT_S_L, 0x0f2a, 0, o->rs1);  /* cvtsi2ss xmm0, rs1 */
		op_r(j, 0x66, 0, 0x0f7e, 0, RAX);                          /* movd eax, xmm0 */
		nan_box(j);
		st_f_boxed(j, o->rd, RAX);
		return 0;
	case BK_FCVT_S_D:
		/* narrowed: kept when plain (no overflow, no underflow; NaN and infinity are
		 * not plain); a zero result goes to the handler */
		fp_need(j, k);
		op_m(j, 0xf2, 0, 0x0f5a, 0, FB, -1, FD(o->rs1), 0);  /* cvtsd2ss xmm0, [rs1] */
		fp_keep(j, 1, o->rd, k, ZERO_NONE, 0, 0);
		return 0;
	case BK_FCVT_W_D: case BK_FCVT_W_D_RNE:
		/* |x| < 2^31: in range, no NV; inexact only raises NX, accrued (fp_need) */
		fp_need(j, k);
		ld_f(j, RAX, o->rs1);
		shift_imm(j, 1, 5, RAX, 52);
		alu_imm(j, 0, 4, RAX, 0x7ff);
		alu_imm(j, 0, 7, RAX, 1023 + 31);
		jcc_exit(j, CC_AE, k);
		op_m(j, 0xf2, 0, o->kind == BK_FCVT_W_D ? 0x0f2c : 0x0f2d, RAX, FB, -1, FD(o->rs1), 0);
		op_r(j, 0, 1, 0x63, RAX, RAX);                    /* movsxd rax, eax */
		st_x(j, o->rd, RAX);
		return 0;
	case BK_FMV_X_W:
		op_m(j, 0, 1, 0x63, RAX, FB, -1, FD(o->rs1), 0);  /* movsxd rax, the low half */
		st_x(j, o->rd, RAX);
		return 0;
	case BK_FMV_W_X:
		op_x(j, 0, 0, 0x8b, RAX, o->rs1);                 /* mov eax, rs1's low half */
		nan_box(j);
		st_f_boxed(j, o->rd, RAX);
		return 0;
	case BK_FEQ_D: case BK_FLT_D: case BK_FLE_D:
		/* ucomisd: unordered (a NaN) sets PF: the handler decides NV */
		ld_xmm(j, 0, o->rs1);
		op_m(j, 0x66, 0, 0x0f2e, 0, FB, -1, FD(o->rs2), 0);
		jcc_exit(j, CC_P, k);
		st_x_cc(j, o->kind == BK_FEQ_D ? CC_E : o->kind == BK_FLT_D ? CC_B : CC_BE, o->rd);
		return 0;
	case BK_FSGNJ_D: case BK_FSGNJN_D: case BK_FSGNJX_D:
		ld_f(j, RAX, o->rs1);
		if (o->rs1 == o->rs2) {
			/* fmv.d / fneg.d / fabs.d */
			if (o->kind != BK_FSGNJ_D) {
				op_r(j, 0, 1, 0x0fba, o->kind == BK_FSGNJN_D ? 7 : 6, RAX);  /* btc / btr */
				b8(j, 63);
			}
		} else {
			ld_f(j, RCX, o->rs2);
			if (o->kind == BK_FSGNJN_D)
				op_r(j, 0, 1, 0xf7, 2, RCX);    /* not rcx */
			shift_imm(j, 1, 5, RCX, 63);        /* shr rcx, 63 */
			shift_imm(j, 1, 4, RCX, 63);        /* shl rcx, 63: the sign bit alone */
			sgnj_apply(j, o->kind == BK_FSGNJX_D, 63);
		}
		st_f(j, o->rd, RAX);
		return 0;
	case BK_FMV_D_X:
		ld_x(j, RAX, o->rs1);
		st_f(j, o->rd, RAX);
		return 0;
	case BK_FMV_X_D:
		ld_f(j, RAX, o->rs1);
		st_x(j, o->rd, RAX);
		return 0;
	case BK_FCVT_D_W:
		/* every int32 is a binary64: exact in any mode (the entry check covers a dynamic
		 * rounding mode's validity) */
		fp_need(j, k);
		op_x(j, 0xf2, 0, 0x0f2a, 0, o->rs1);  /* cvtsi2sd xmm0, dword [rs1] */
		op_r(j, 0x66, 1, 0x0f7e, 0, RAX);
		st_f(j, o->rd, RAX);
		return 0;
	case BK_FCVT_D_WU:
		/* every uint32 is a binary64: exact in any mode */
		fp_need(j, k);
		op_x(j, 0, 0, 0x8b, RAX, o->rs1);          /* mov eax, dword [rs1]: zero-extended */
		op_r(j, 0xf2, 1, 0x0f2a, 0, RAX);          /* cvtsi2sd xmm0, rax */
		op_r(j, 0x66, 1, 0x0f7e, 0, RAX);
		st_f(j, o->rd, RAX);
		return 0;
	case BK_FCVT_D_LU:
		/* below 2^63 the signed conversion is the unsigned one (RNE; inexact raises NX,
		 * accrued); from 2^63 on, the handler */
		fp_need(j, k);
		ld_x(j, RAX, o->rs1);
		op_r(j, 0, 1, 0x85, RAX, RAX);             /* test rax, rax */
		jcc_exit(j, CC_S, k);
		op_r(j, 0xf2, 1, 0x0f2a, 0, RAX);          /* cvtsi2sd xmm0, rax */
		op_r(j, 0x66, 1, 0x0f7e, 0, RAX);
		st_f(j, o->rd, RAX);
		return 0;
	case BK_FCVT_WU_D: case BK_FCVT_LU_D:
		/* 0 <= x < 2^32 (2^63): in range, no NV; truncation inexact only raises NX,
		 * accrued. Negative values (-0 and (-1, 0) included), NaNs and the rest: the
		 * handler. fcvt.wu.d's 32-bit result is sign-extended. */
		fp_need(j, k);
		ld_f(j, RAX, o->rs1);
		op_r(j, 0, 1, 0x85, RAX, RAX);             /* test rax, rax */
		jcc_exit(j, CC_S, k);
		shift_imm(j, 1, 5, RAX, 52);
		alu_imm(j, 0, 7, RAX, o->kind == BK_FCVT_WU_D ? 1023 + 32 : 1023 + 63);
		jcc_exit(j, CC_AE, k);
		op_m(j, 0xf2, 1, 0x0f2c, RAX, FB, -1, FD(o->rs1), 0);  /* cvttsd2si rax, [rs1] */
		if (o->kind == BK_FCVT_WU_D)
			op_r(j, 0, 1, 0x63, RAX, RAX);         /* movsxd rax, eax */
		st_x(j, o->rd, RAX);
		return 0;
	case BK_FCVT_D_L:
		/* |v| <= 2^53: exact */
		fp_need(j, k);
		ld_x(j, RAX, o->rs1);
		b8(j, 0x48); b8(j, 0xb9); b32(j, 0); b32(j, 1u << 21);  /* movabs rcx, 2^53 */
		op_r(j, 0, 1, 0x03, RCX, RAX);                           /* add rcx, rax */
		shift_imm(j, 1, 5, RCX, 54);                             /* shr rcx, 54 */
		jcc_exit(j, CC_NE, k);  /* v + 2^53 >= 2^54 (v = 2^53 too, exact: the handler) */
		op_r(j, 0xf2, 1, 0x0f2a, 0, RAX);                        /* cvtsi2sd xmm0, rax */
		op_r(j, 0x66, 1, 0x0f7e, 0, RAX);
		st_f(j, o->rd, RAX);
		return 0;
	case BK_DIV: emit_div(j, o, k, 1, 0, 0); return 0;
	case BK_DIVU: emit_div(j, o, k, 0, 0, 0); return 0;
	case BK_REM: emit_div(j, o, k, 1, 1, 0); return 0;
	case BK_REMU: emit_div(j, o, k, 0, 1, 0); return 0;
	case BK_DIVW: emit_div(j, o, k, 1, 0, 1); return 0;
	case BK_DIVUW: emit_div(j, o, k, 0, 0, 1); return 0;
	case BK_REMW: emit_div(j, o, k, 1, 1, 1); return 0;
	case BK_REMUW: emit_div(j, o, k, 0, 1, 1); return 0;
	case BK_FCVT_L_D: case BK_FCVT_L_D_RNE: case BK_FCVT_L_D_RDN: case BK_FCVT_L_D_RUP:
		/* |x| < 2^63: in range (no NV); inexact only raises NX, accrued (fp_need). Truncated
		 * (cvttsd2si), rounded in the host's mode, RNE (cvtsd2si), or floor / ceil (SSE4.1's
		 * roundsd, then exact) */
		if ((o->kind == BK_FCVT_L_D_RDN || o->kind == BK_FCVT_L_D_RUP) && !j->env->host_sse41)
			return -1;
		fp_need(j, k);
		ld_f(j, RAX, o->rs1);
		shift_imm(j, 1, 5, RAX, 52);
		alu_imm(j, 0, 4, RAX, 0x7ff);
		alu_imm(j, 0, 7, RAX, 1023 + 63);
		jcc_exit(j, CC_AE, k);
		if (o->kind == BK_FCVT_L_D || o->kind == BK_FCVT_L_D_RNE) {
			op_m(j, 0xf2, 1, o->kind == BK_FCVT_L_D ? 0x0f2c : 0x0f2d, RAX, FB, -1, FD(o->rs1), 0);
		} else {
			op_m(j, 0x66, 0, 0x0f3a0b, 0, FB, -1, FD(o->rs1), 0);  /* roundsd xmm0, [rs1], mode */
			b8(j, o->kind == BK_FCVT_L_D_RDN ? 1 : 2);
			op_r(j, 0xf2, 1, 0x0f2c, RAX, 0);                     /* cvttsd2si rax, xmm0 */
		}
		st_x(j, o->rd, RAX);
		return 0;
	case BK_FCVT_D_S:
		/* a NaN-boxed non-NaN binary32 widens exactly */
		fp_need(j, k);
		fp_boxed(j, o->rs1, k);
		op_m(j, 0, 0, 0x8b, RCX, FB, -1, FD(o->rs1), 0);
		alu_imm(j, 0, 4, RCX, 0x7fffffff);
		alu_imm(j, 0, 7, RCX, 0x7f800000);
		jcc_exit(j, CC_A, k);
		op_m(j, 0xf3, 0, 0x0f5a, 0, FB, -1, FD(o->rs1), 0);  /* cvtss2sd xmm0, [rs1] */
		op_r(j, 0x66, 1, 0x0f7e, 0, RAX);
		st_f(j, o->rd, RAX);
		return 0;
	case BK_FFLAGS_RW:
		/* fsflags: may clear NX, so later FP ops test it (fp_need) */
		op_m(j, 0, 0, 0x8b, RAX, XB, -1, HD(fflags), 0);
		alu_imm(j, 0, 4, RAX, 31);
		op_x(j, 0, 0, 0x8b, RCX, o->rs1);
		alu_imm(j, 0, 4, RCX, 31);
		op_m(j, 0, 0, 0x89, RCX, XB, -1, HD(fflags), 0);
		st_x(j, o->rd, RAX);
		j->nx_check = 1;
		return 0;
	case BK_FFLAGS_RS:
		/* frflags / csrrs rd, fflags, rs1: flags can only be added, so NX stays accrued */
		op_m(j, 0, 0, 0x8b, RAX, XB, -1, HD(fflags), 0);        /* mov eax, fflags */
		alu_imm(j, 0, 4, RAX, 31);
		if (o->rs1) {
			op_x(j, 0, 0, 0x8b, RCX, o->rs1);
			op_r(j, 0, 0, 0x0b, RCX, RAX);                  /* or ecx, eax */
			alu_imm(j, 0, 4, RCX, 31);
			op_m(j, 0, 0, 0x89, RCX, XB, -1, HD(fflags), 0);
		}
		st_x(j, o->rd, RAX);
		return 0;
	case BK_FRM_R:
		/* frrm: the CSR reads frm's three bits */
		op_m(j, 0, 0, 0x8b, RAX, XB, -1, HD(frm), 0);           /* mov eax, frm */
		alu_imm(j, 0, 4, RAX, 7);
		st_x(j, o->rd, RAX);
		return 0;
	/* ---- Zba, Zbb, Zbs, Zicond (exec_b.c's semantics) ---- */
	case BK_SH1ADD: case BK_SH2ADD: case BK_SH3ADD:
	case BK_ADD_UW: case BK_SH1ADD_UW: case BK_SH2ADD_UW: case BK_SH3ADD_UW: {
		static const uint8_t sh[] = { [BK_SH1ADD] = 1, [BK_SH2ADD] = 2, [BK_SH3ADD] = 3,
					      [BK_SH1ADD_UW] = 1, [BK_SH2ADD_UW] = 2, [BK_SH3ADD_UW] = 3 };
		int uw = o->kind >= BK_ADD_UW;
		op_x(j, 0, !uw, 0x8b, RAX, o->rs1);  /* mov rax / eax (zero-extends) */
		if (sh[o->kind])
			shift_imm(j, 1, 4, RAX, sh[o->kind]);           /* shl rax, n */
		op_x(j, 0, 1, 0x03, RAX, o->rs2);    /* add rax, [rs2] */
		st_x(j, o->rd, RAX);
		return 0;
	}
	case BK_SLLI_UW:
		op_x(j, 0, 0, 0x8b, RAX, o->rs1);    /* mov eax, dword [rs1] */
		shift_imm(j, 1, 4, RAX, (uint32_t)o->imm & 63);
		st_x(j, o->rd, RAX);
		return 0;
	case BK_ANDN: case BK_ORN:
		ld_x(j, RCX, o->rs2);
		op_r(j, 0, 1, 0xf7, 2, RCX);                        /* not rcx */
		op_x(j, 0, 1, o->kind == BK_ANDN ? 0x23 : 0x0b, RCX, o->rs1);
		st_x(j, o->rd, RCX);
		return 0;
	case BK_XNOR:
		ld_x(j, RAX, o->rs1);
		op_x(j, 0, 1, 0x33, RAX, o->rs2);    /* xor rax, [rs2] */
		op_r(j, 0, 1, 0xf7, 2, RAX);                        /* not rax */
		st_x(j, o->rd, RAX);
		return 0;
	case BK_CLZ: case BK_CLZW: {
		int w = o->kind == BK_CLZ;
		if (j->env->host_lzcnt) {
			op_x(j, 0xf3, w, 0x0fbd, RAX, o->rs1);  /* lzcnt: the width for 0 */
		} else {
			/* bsr: the index of the highest set bit, ZF for 0 (then rax is undefined: the
			 * cmov makes it 2 * width - 1); clz = index ^ (width - 1) */
			b8(j, 0xb9);
			b32(j, w ? 127 : 63);                                /* mov ecx, 2 * width - 1 */
			op_x(j, 0, w, 0x0fbd, RAX, o->rs1);
			op_r(j, 0, w, 0x0f40 | CC_E, RAX, RCX);              /* cmovz */
			alu_imm(j, 0, 6, RAX, w ? 63 : 31);                  /* xor eax, width - 1 */
		}
		st_x(j, o->rd, RAX);
		return 0;
	}
	case BK_CTZ: case BK_CTZW: {
		int w = o->kind == BK_CTZ;
		if (j->env->host_bmi1) {
			op_x(j, 0xf3, w, 0x0fbc, RAX, o->rs1);  /* tzcnt: the width for 0 */
		} else {
			b8(j, 0xb9);
			b32(j, w ? 64 : 32);                                 /* mov ecx, width */
			op_x(j, 0, w, 0x0fbc, RAX, o->rs1);   /* bsf (ZF for 0) */
			op_r(j, 0, w, 0x0f40 | CC_E, RAX, RCX);              /* cmovz */
		}
		st_x(j, o->rd, RAX);
		return 0;
	}
	case BK_CPOP: case BK_CPOPW:
		if (!j->env->host_popcnt)
			return -1;
		op_x(j, 0xf3, o->kind == BK_CPOP, 0x0fb8, RAX, o->rs1);  /* popcnt */
		st_x(j, o->rd, RAX);
		return 0;
	case BK_MAX: case BK_MAXU: case BK_MIN: case BK_MINU: {
		/* rs2 replaces rs1 unless rs1 is the greater (the smaller) */
		static const uint8_t cc[] = { [BK_MAX] = CC_LE, [BK_MAXU] = CC_BE,
					      [BK_MIN] = CC_GE, [BK_MINU] = CC_AE };
		ld_x(j, RAX, o->rs1);
		ld_x(j, RCX, o->rs2);
		op_r(j, 0, 1, 0x3b, RAX, RCX);                      /* cmp rax, rcx */
		op_r(j, 0, 1, 0x0f40 | cc[o->kind], RAX, RCX);      /* cmovcc rax, rcx */
		st_x(j, o->rd, RAX);
		return 0;
	}
	case BK_SEXT_B: case BK_SEXT_H: case BK_ZEXT_H:
		/* movsx rax, byte / word [rs1]; movzx eax, word [rs1] */
		op_x(j, 0, o->kind != BK_ZEXT_H, o->kind == BK_SEXT_B ? 0x0fbe : o->kind == BK_SEXT_H ? 0x0fbf : 0x0fb7,
		     RAX, o->rs1);
		st_x(j, o->rd, RAX);
		return 0;
	case BK_ROL: case BK_ROR: case BK_ROLW: case BK_RORW: {
		/* x86 masks the count of a 64-bit rotation to 6 bits, of a 32-bit one to 5: as RV */
		int w = o->kind == BK_ROL || o->kind == BK_ROR;
		op_x(j, 0, w, 0x8b, RAX, o->rs1);
		op_x(j, 0, 0, 0x8b, RCX, o->rs2);    /* mov ecx, [rs2] */
		op_r(j, 0, w, 0xd3, o->kind == BK_ROL || o->kind == BK_ROLW ? 0 : 1, RAX);  /* rol/ror, cl */
		if (w)
			st_x(j, o->rd, RAX);
		else
			st_x_sext32(j, o->rd);
		return 0;
	}
	case BK_RORI:
		ld_x(j, RAX, o->rs1);
		shift_imm(j, 1, 1, RAX, (uint32_t)o->imm & 63);     /* ror rax, n */
		st_x(j, o->rd, RAX);
		return 0;
	case BK_RORIW:
		op_x(j, 0, 0, 0x8b, RAX, o->rs1);
		shift_imm(j, 0, 1, RAX, (uint32_t)o->imm & 31);     /* ror eax, n */
		st_x_sext32(j, o->rd);
		return 0;
	case BK_REV8:
		ld_x(j, RAX, o->rs1);
		b8(j, 0x48); b8(j, 0x0f); b8(j, 0xc8);              /* bswap rax */
		st_x(j, o->rd, RAX);
		return 0;
	case BK_ORC_B:
		/* block.c's block_orc_b: m = (((v & lo7) + lo7) | v) & ~lo7; (m - (m >> 7)) | m */
		ld_x(j, RAX, o->rs1);
		op_r(j, 0x66, 1, 0x0f6e, 3, R8);                    /* movq xmm3, r8: r8 may hold a guest register */
		b8(j, 0x48); b8(j, 0xb9); b32(j, 0x7f7f7f7fu); b32(j, 0x7f7f7f7fu);  /* movabs rcx, lo7 */
		op_r(j, 0, 1, 0x8b, R8, RCX);                       /* mov r8, rcx */
		op_r(j, 0, 1, 0x23, R8, RAX);                       /* and r8, rax */
		op_r(j, 0, 1, 0x03, R8, RCX);                       /* add r8, rcx */
		op_r(j, 0, 1, 0x0b, R8, RAX);                       /* or r8, rax */
		op_r(j, 0, 1, 0xf7, 2, RCX);                        /* not rcx */
		op_r(j, 0, 1, 0x23, R8, RCX);                       /* and r8, rcx: m */
		op_r(j, 0, 1, 0x8b, RAX, R8);
		shift_imm(j, 1, 5, RAX, 7);                         /* rax = m >> 7 */
		op_r(j, 0, 1, 0x8b, RCX, R8);
		op_r(j, 0, 1, 0x2b, RCX, RAX);                      /* rcx = m - (m >> 7) */
		op_r(j, 0, 1, 0x0b, RCX, R8);                       /* | m */
		op_r(j, 0x66, 1, 0x0f7e, 3, R8);                    /* movq r8, xmm3 */
		st_x(j, o->rd, RCX);
		return 0;
	case BK_BCLR: case BK_BINV: case BK_BSET: case BK_BEXT: {
		/* btr / btc / bts / bt rax, rcx: a register operand's bit index is taken mod 64 */
		uint32_t opc = o->kind == BK_BCLR ? 0x0fb3 : o->kind == BK_BINV ? 0x0fbb :
			       o->kind == BK_BSET ? 0x0fab : 0x0fa3;
		ld_x(j, RAX, o->rs1);
		ld_x(j, RCX, o->rs2);
		op_r(j, 0, 1, opc, RCX, RAX);
		if (o->kind == BK_BEXT)
			st_x_cc(j, CC_B, o->rd);                    /* the bit, in CF */
		else
			st_x(j, o->rd, RAX);
		return 0;
	}
	case BK_BCLRI: case BK_BINVI: case BK_BSETI: case BK_BEXTI:
		ld_x(j, RAX, o->rs1);
		op_r(j, 0, 1, 0x0fba, o->kind == BK_BCLRI ? 6 : o->kind == BK_BINVI ? 7 : o->kind == BK_BSETI ? 5 : 4,
		     RAX);                                          /* btr / btc / bts / bt rax, n */
		b8(j, (uint32_t)o->imm & 63);
		if (o->kind == BK_BEXTI)
			st_x_cc(j, CC_B, o->rd);
		else
			st_x(j, o->rd, RAX);
		return 0;
	case BK_CZERO_EQZ: case BK_CZERO_NEZ:
		op_r(j, 0, 0, 0x33, RAX, RAX);                      /* xor eax, eax */
		op_x(j, 0, 1, 0x83, 7, o->rs2);      /* cmp qword [rs2], 0 */
		b8(j, 0);
		op_x(j, 0, 1, 0x0f40 | (o->kind == BK_CZERO_EQZ ? CC_NE : CC_E), RAX, o->rs1);
		st_x(j, o->rd, RAX);
		return 0;
	/* leaving the block: the link written, then the target */
	case BK_JAL: case BK_J:
		if (o->rd == 2)
			return -1;  /* sp written by a jump: the handler (JIT_SP_BELOW) */
		st_x_imm(j, o->rd, o->pc + o->len);
		if (!(self_exit(j, k | JIT_TAKEN) && loop_inline(j, -1, k)))
			emit_exit(j, k | JIT_TAKEN, j->dirty);
		return 1;
	case BK_JALR: case BK_JR:
		if (o->rd == 2)
			return -1;  /* sp written by a jump: the handler (JIT_SP_BELOW) */
		ld_x(j, RAX, o->rs1);
		if (imm32)
			alu_imm(j, 1, 0, RAX, imm32);
		alu_imm(j, 1, 4, RAX, -2);                              /* and rax, ~1 */
		/* the link is written without rax unless it is a 64-bit immediate going to
		 * memory: then the target goes to h->next_pc first, and the exit reads it back
		 * (else the exit stores it when it returns) */
		j->rax_next = !o->rd || j->host_of[o->rd] >= 0 ||
			      (int64_t)(o->pc + o->len) == (int32_t)(o->pc + o->len);
		if (!j->rax_next)
			op_m(j, 0, 1, 0x89, RAX, XB, -1, HD(next_pc), 0);
		st_x_imm(j, o->rd, o->pc + o->len);
		emit_exit(j, k | JIT_INDIRECT, j->dirty);
		j->rax_next = 0;
		return 1;
	case BK_END:
		emit_exit(j, k | JIT_END, j->dirty);
		return 1;
	case BK_BEQ: case BK_BNE: case BK_BLT: case BK_BGE: case BK_BLTU: case BK_BGEU: {
		static const uint8_t cc[] = { [BK_BEQ] = CC_E, [BK_BNE] = CC_NE, [BK_BLT] = CC_L,
					      [BK_BGE] = CC_GE, [BK_BLTU] = CC_B, [BK_BGEU] = CC_AE };
		/* against x0 (beqz, bnez, bltz, bgez, blez, bgtz): test r, r, whose flags are those
		 * of cmp r, 0 (CF and OF clear); 0 against rs2 is rs2 against 0 with the condition
		 * reversed */
		static const uint8_t cc0[] = { [BK_BEQ] = CC_E, [BK_BNE] = CC_NE, [BK_BLT] = CC_G,
					       [BK_BGE] = CC_LE, [BK_BLTU] = CC_NE, [BK_BGEU] = CC_E };
		if (o->rs2 == 0 || o->rs1 == 0) {
			int r = x_in(j, o->rs2 == 0 ? o->rs1 : o->rs2, RAX);
			op_r(j, 0, 1, 0x85, r, r);  /* test r, r */
			int c = o->rs2 == 0 ? cc[o->kind] : cc0[o->kind];
			if (!(self_exit(j, k | JIT_TAKEN) && loop_inline(j, c, k)))
				jcc_exit(j, c, k | JIT_TAKEN);
			return 0;
		}
		op_x(j, 0, 1, 0x3b, x_in(j, o->rs1, RAX), o->rs2);  /* cmp rs1, rs2 */
		if (!(self_exit(j, k | JIT_TAKEN) && loop_inline(j, cc[o->kind], k)))
			jcc_exit(j, cc[o->kind], k | JIT_TAKEN);
		return 0;
	}
	default:
		return -1;
	}
}

/* Only the pinned guest registers in host registers (loaded). */
static void xr_pin(struct jbuf *j)
{
	j->loaded = 0;
	for (int i = 0; i < 32; i++) {
		j->host_of[i] = (int8_t)(jit_pin[i] - 1);
		if (jit_pin[i])
			j->loaded |= 1u << i;
	}
}

/* After the first pass, for a loop of one block: the guest registers the loop's body (ops 0
 * to the last that goes back to the start) uses get host registers, those used by most of
 * its ops first (then the most used in the whole block): each goes round the loop in its
 * host register, loaded once at the loop's top; the loop's top starts from them. One used
 * only after the loop gets none there (the op-by-op allocation may give it one). */
static void xr_allocate(struct jbuf *j, uint32_t loop_last)
{
	uint32_t in_loop[32] = { 0 };
	for (uint32_t q = 0; q <= loop_last && q < JIT_MAX_OPS; q++)
		for (int i = 1; i < 32; i++)
			in_loop[i] += (j->opuse[q] >> i) & 1;
	xr_pin(j);
	for (int h = 0; h < JIT_XR_N; h++) {
		int best = 0;
		for (int i = 1; i < 32; i++)
			if (j->host_of[i] < 0 && in_loop[i] &&
			    (!best || in_loop[i] > in_loop[best] ||
			     (in_loop[i] == in_loop[best] && j->use[i] > j->use[best])))
				best = i;
		if (!best)
			break;
		j->host_of[best] = (int8_t)jit_xr_host[h];
	}
}

/* Entering the block: would it run past the run's limit (r11 would borrow: the instruction
 * limit or a pending asynchronous request, whichever comes first), does
 * its FP code (fp) find NX and RNE? The chain entry (!loop) returns JIT_ENTER then (block_run
 * takes the block from the lookup), else falls through to the body after it. A loop of one
 * block (loop) stores back the registers of loop_dirty and returns JIT_ENTER, else goes on at
 * loop_top. A dead block is no concern: its page drops only in a handler, and jit_retire
 * then turns its chain entry into a jump to the JIT_ENTER return before it. */
static void emit_entry_check(struct jbuf *j, int fp, int loop)
{
	alu_imm(j, 1, 5, ROOM, (int32_t)j->blk->n_insns);  /* sub r11, n */
	if (!loop) {
		jcc_exit(j, CC_B, JIT_ENTER);  /* its stub gives the n back (emit_exit) */
		if (fp) {
			op_m(j, 0, 0, 0xf6, 0, XB, -1, HD(fflags), 0);  /* test byte [fflags], NX */
			b8(j, 1);
			jcc_exit(j, CC_E, JIT_ENTER);
			op_m(j, 0, 0, 0x83, 7, XB, -1, HD(frm), 0);     /* cmp dword [frm], RNE */
			b8(j, 0);
			jcc_exit(j, CC_NE, JIT_ENTER);
		}
		return;
	}
	uint8_t *no1 = jshort(j, CC_B), *no2 = NULL, *no3 = NULL;
	if (fp) {
		op_m(j, 0, 0, 0xf6, 0, XB, -1, HD(fflags), 0);
		b8(j, 1);
		no2 = jshort(j, CC_E);
		op_m(j, 0, 0, 0x83, 7, XB, -1, HD(frm), 0);
		b8(j, 0);
		no3 = jshort(j, CC_NE);
	}
	b8(j, 0xe9);  /* jmp loop_top */
	b32(j, (uint32_t)((int32_t)j->loop_top - (int32_t)(j->p - j->start + 4)));
	land(j, no1);
	land(j, no2);
	land(j, no3);
	xr_writeback(j, j->loop_dirty);
	alu_imm(j, 1, 0, ROOM, (int32_t)j->blk->n_insns);  /* add r11, n: not run */
	emit_return(j, JIT_ENTER);
}

/* The JIT_ENTER return before the chain entry (emit_return's 33 bytes), which jit_retire's
 * short jump goes back to. */
#define JIT_DEAD_STUB 33

int jit_translate(const struct jit_env *env, const struct jit_block *blk, const struct jit_op *ops,
		  uint32_t n, uint8_t *buf, uint32_t cap, struct jit_code *out)
{
	static struct jbuf jb;  /* one translation at a time (the emulator is single-threaded) */
	struct jbuf *j = &jb;
	uint32_t k = 0;
	int r = 0;
	/* twice: first with every guest register in struct hart, counting how often each is
	 * read or written; then with the most used in host registers */
	xr_pin(j);
	int self_loop = 0, fp = 0;
	uint32_t written = 0, loop_last = 0;
	for (int pass = 0; pass < 2; pass++) {
		j->start = j->p = buf;
		j->end = buf + cap;
		j->full = 0;
		j->n_fix = j->n_loop_ref = j->n_flt = 0;
		j->fp_env = j->nx_check = 0;
		j->fboxed = 0;
		j->checked = jit_log_all(env) ? 0 : 1u << 2;  /* sp: JIT_SP_BELOW */
		xr_pin(j);  /* j->loaded: the pinned registers */
		memset(j->occ, 0, sizeof(j->occ));
		memset(j->loop_occ, 0, sizeof(j->loop_occ));
		/* the second pass gives registers out op by op (xr_prepare); a loop of one block
		 * starts from its most used ones (xr_allocate), preloaded at its top */
		if (pass && self_loop) {
			xr_allocate(j, loop_last);
			for (int q = 0; q < JIT_XR_N; q++)
				for (int i = 1; i < 32; i++)
					if (j->host_of[i] == jit_xr_host[q] && !jit_pin[i])
						j->occ[q] = (uint8_t)i;
		}
		if (!pass) {
			memset(j->opuse, 0, sizeof(j->opuse));
			memset(j->opread, 0, sizeof(j->opread));
		}
		j->cur_k = JIT_MAX_OPS;  /* the entry code: no op's */
		j->dirty = j->written = 0;
		j->self_loop = 0;
		j->loop_last = 0;
		j->loop_ready = 0;
		memset(j->use, 0, sizeof(j->use));
		j->env = env;
		j->blk = blk;
		j->ops = ops;
		j->out = out;
		memset(out->ctr_mask, 0, sizeof(out->ctr_mask));
		/* a dead block's chain entry returns JIT_ENTER (jit_retire) from here */
		emit_return(j, JIT_ENTER);
		if (j->p - j->start != JIT_DEAD_STUB)
			return -1;
		/* the chain entry other blocks' exits jump to: its checks, then the body (with the
		 * FP checks when the first pass found FP ops that need them) */
		out->chain = (uint32_t)(j->p - j->start);
		emit_entry_check(j, fp, 0);
		/* the entry block_run calls */
		out->body = (uint32_t)(j->p - j->start);
		if (self_loop) {
			/* a loop of one block: every allocated register loaded here, and every one the
			 * block writes counted as written from here on, so that the state is the same
			 * at the top of each iteration (loop_top) and at each exit */
			for (int i = 1; i < 32; i++)
				if (j->host_of[i] >= 0 && !jit_pin[i]) {
					op_m(j, 0, 1, 0x8b, j->host_of[i], XB, -1, XD(i), 0);
					j->loaded |= 1u << i;
					if (written & (1u << i))
						j->dirty |= 1u << i;
				}
			j->loop_dirty = j->dirty;
			memcpy(j->loop_occ, j->occ, JIT_XR_N);
			j->loop_top = (uint32_t)(j->p - j->start);
			j->loop_ready = 1;
		}
		k = 0;
		r = 0;
		for (; k < n; k++) {
			if (pass)
				xr_prepare(j, k, n);
			j->cur_k = pass ? JIT_MAX_OPS : k;  /* the first pass records the accesses */
			j->sp_written = 0;
			if ((r = emit_op(j, &ops[k], k, env->host_fma)) != 0)
				break;
			if (j->sp_written && !jit_log_all(env)) {
				/* sp stays below jit_limit in translated code (jit.h): on to op k + 1's
				 * handler, op k done, when it does not */
				op_r(j, 0, 1, 0x3b, jit_pin[2] - 1, RDX);  /* cmp rbx, rdx */
				jcc_exit(j, CC_AE, k + 1);
				j->checked |= 1u << 2;
			}
		}
		j->cur_k = JIT_MAX_OPS;
		if (k == 0 && r < 0)
			return -1;
		if (pass == 0) {
			self_loop = j->self_loop;
			loop_last = j->loop_last;
			written = j->written;
			fp = j->fp_env;
		}
	}
	if (r > 0)
		k++;  /* it left the block */
	else
		emit_exit(j, k, j->dirty);
	/* exit stubs, one per distinct exit (and set of registers to store back) */
	static uint32_t stub_ret[JIT_MAX_FIX], stub_dirty[JIT_MAX_FIX], stub_at[JIT_MAX_FIX];
	static uint32_t stub_fix[JIT_MAX_FIX];  /* a fix that jumps to the stub */
	uint32_t n_stub = 0;
	static uint32_t fix_stub[JIT_MAX_FIX];  /* the stub each fix jumps to */
	for (uint32_t i = 0; i < j->n_fix; i++) {
		uint32_t s = 0;
		while (s < n_stub && (stub_ret[s] != j->fix_ret[i] || stub_dirty[s] != j->fix_dirty[i] ||
				      memcmp(j->fix_occ[stub_fix[s]], j->fix_occ[i], JIT_XR_N)))
			s++;
		if (s == n_stub) {
			stub_ret[n_stub] = j->fix_ret[i];
			stub_dirty[n_stub] = j->fix_dirty[i];
			stub_fix[n_stub] = i;
			stub_at[n_stub++] = (uint32_t)(j->p - j->start);
			xr_set_occ(j, j->fix_occ[i]);  /* the registers where they were at the jump */
			emit_exit(j, j->fix_ret[i], j->fix_dirty[i]);
		}
		if (j->full)
			return -1;
		uint32_t rel = stub_at[s] - (j->fix_at[i] + 4);
		if (j->fix_at[i] != UINT32_MAX)
			memcpy(buf + j->fix_at[i], &rel, 4);
		fix_stub[i] = stub_at[s];
	}
	out->n_fault = j->n_flt;
	for (uint32_t i = 0; i < j->n_flt; i++) {
		out->fault_at[i] = j->flt_at[i];
		out->fault_to[i] = fix_stub[j->flt_fix[i]];
	}
	/* a loop of this one block goes on at loop_top with its registers where they are, after
	 * the chain entry's checks; else it stores them back and returns as the chain entry does */
	if (j->self_loop) {
		uint32_t at = (uint32_t)(j->p - j->start);
		for (uint32_t i = 0; i < j->n_loop_ref; i++) {
			uint32_t rel = at - (j->loop_ref[i] + 4);
			memcpy(buf + j->loop_ref[i], &rel, 4);
		}
		xr_set_occ(j, j->loop_occ);
		emit_entry_check(j, fp, 1);
	}
	if (j->full)
		return -1;
	out->len = (uint32_t)(j->p - j->start);
	out->n_ops = k;
	out->fp_env = j->fp_env;
	out->sp_below = !jit_log_all(env);
	return 0;
}

void jit_retire(uint8_t *chain_w)
{
	chain_w[0] = 0xeb;  /* jmp rel8 back to the JIT_ENTER return */
	chain_w[1] = (uint8_t)(-(JIT_DEAD_STUB + 2));
}

void jit_install(uint8_t *dst, uint8_t *dst_w, const uint8_t *buf, const struct jit_code *c)
{
	(void)dst;  /* the code is position-independent: its jumps between blocks are patched */
	memcpy(dst_w, buf, c->len);
}

void jit_link(uint8_t *rel_w, const uint8_t *rel, const void *chain)
{
	int32_t v = (int32_t)((const uint8_t *)chain - (rel + 4));
	memcpy(rel_w, &v, 4);
}

int jit_host_supported(void) { return 1; }

/* jit_enter(xb, base, limit, code, room): room to r11; rbx, rbp and r12-r15 saved around the call of the code
 * (the code keeps guest registers in them; it uses no stack but its return address), the
 * pinned guest registers loaded before it and stored back after it */
#define JIT_PIN_CHECK(i, d, name, r) _Static_assert(d == XD(i), "JIT_PINS: x" #i "'s offset");
JIT_PINS(JIT_PIN_CHECK)
#define JIT_PIN_LOAD(i, d, name, r) "\tmov " #d "(%rdi), %" #name "\n"
#define JIT_PIN_STORE(i, d, name, r) "\tmov %" #name ", " #d "(%rdi)\n"
__asm__(".text\n"
	".globl jit_enter\n"
	".type jit_enter, @function\n"
	"jit_enter:\n"
	"\tpush %rbx\n\tpush %rbp\n\tpush %r12\n\tpush %r13\n\tpush %r14\n\tpush %r15\n"
	"\tpush %rdi\n"
	"\tmov %r8, %r11\n"
	JIT_PINS(JIT_PIN_LOAD)
	"\tcall *%rcx\n"
	"\tpop %rdi\n"
	JIT_PINS(JIT_PIN_STORE)
	"\tpop %r15\n\tpop %r14\n\tpop %r13\n\tpop %r12\n\tpop %rbp\n\tpop %rbx\n"
	"\tret\n"
	".size jit_enter, .-jit_enter\n");

#else

int jit_translate(const struct jit_env *env, const struct jit_block *blk, const struct jit_op *ops,
		  uint32_t n, uint8_t *buf, uint32_t cap, struct jit_code *out)
{
	(void)env, (void)blk, (void)ops, (void)n, (void)buf, (void)cap, (void)out;
	return -1;
}

void jit_install(uint8_t *dst, uint8_t *dst_w, const uint8_t *buf, const struct jit_code *c)
{
	(void)dst, (void)dst_w, (void)buf, (void)c;
}

int jit_host_supported(void) { return 0; }

void jit_retire(uint8_t *chain_w) { (void)chain_w; }

struct jit_ret jit_enter(uint8_t *xb, uint8_t *base, uint64_t limit, const void *code,
			 uint64_t icount)
{
	(void)xb, (void)base, (void)limit, (void)code, (void)icount;
	return (struct jit_ret){ 0, NULL };
}

#endif
