/*
 * vdiff_rt.c — guest program of robin's vector differential test (riscv64, V 1.0). It runs
 * seeded random sequences of vector instructions and prints, after every instruction, the
 * architectural state it leaves: vl, vtype, vstart, vxsat, fflags, the x or f result, and a
 * hash of all 32 vector registers (vlenb bytes each) and of the scratch memory the loads
 * and stores use. Run it under qemu-riscv64 -cpu rv64,v=true,vlen=N and under robin run
 * --vlen N: the outputs must be identical line for line (tests/diff/vrun.sh compares them
 * and groups the differences by instruction).
 *
 * The instructions come from isa_table.def's V rows (each encoded from its match with random
 * operand fields), so the test grows with the table. A sequence is planned whole (the
 * generator predicts the vl and vtype each vset leaves), each step written into a code stub
 * of its own (x and f operands loaded from a context block, an index-register fill and a
 * vstart when the step has them, the instruction, the results stored back), and then the
 * stubs are called one at a time under handlers for SIGILL/SIGSEGV/SIGBUS: a trap is part of
 * the output ("sig N"), so illegal encodings (misaligned register groups, overlaps, vill, SEW
 * the row does not allow ...) must trap alike. A sequence starts from a random register file
 * and random scratch memory; every step draws a vxrm and an frm.
 *
 *   vdiff [--seed N] [--seqs N] [--first N] [--len N] [--rows R,...] [--exclude R,...]
 *         [--dump] [--probe] [--list] [--legal] [--fp16] [--zvbb] [--vstart-any] [--trace]
 *
 * --seqs sequences starting at number --first (default 0) of seed --seed, each of 2..--len
 * steps; --rows only these rows (plus the vset rows that configure them), --exclude never
 * these; --dump prints every vector register after each step (for one sequence: --first S
 * --seqs 1); --probe runs every row a few times after a fitting vsetvli instead (which rows
 * an emulator lacks); --list prints the rows covered (name, mnemonic, timing class); --legal
 * makes only legal steps (no deliberately illegal groups or vtypes, no vstart, valid frm),
 * so what differs is a value, not a trap policy. --fp16 lets vector FP arithmetic run at
 * SEW=16 (Zvfh: qemu 7.2 has it without a property; robin's rva23 has only Zvfhmin, whose two
 * conversions are always generated); --zvbb adds the Zvbb rows (qemu 7.2 lacks them);
 * --vstart-any lets a random vstart reach past the element count (vstart_limit); --trace
 * prints each instruction to stderr before it runs.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "isa/isa.h"
#include "diff_rand.h"

/* ---- the rows --------------------------------------------------------------------------- */

struct vrow {
	const char *name;
	uint32_t match, mask, fmt, cls, flags;
	const char *req;
};

static const struct vrow table[] = {
#define INSN(name, match, mask, fmt, cls, flags, req) \
	{ #name, match, mask, fmt, cls, flags, #req },
#include "isa/isa_table.def"
#undef INSN
};

enum { K_VSET, K_LOAD, K_STORE, K_OP };
enum { O_NONE, O_VEC, O_MASK, O_ONE, O_X, O_F, O_IMM };        /* operand kinds */
enum { M_UNIT, M_FF, M_WHOLE, M_MASK, M_STRIDED, M_INDEXED };   /* memory addressing modes */

/* What the generator knows of a row: operand kinds, each vector operand's EMUL relative to
 * LMUL (log2), the SEWs it is meant for. It need not know every legality rule: whatever it
 * generates, the two emulators must agree, trap included. */
struct shape {
	const struct vrow *row;
	char pname[32];          /* mnemonic: '_' -> '.' */
	uint8_t kind, vd, vs2, vs1;
	int8_t dd, d2, d1;       /* EMUL log2 - LMUL log2 of vd, vs2, vs1 (O_VEC) */
	uint8_t ei16;            /* vs1 has EEW 16 (vrgatherei16) */
	uint8_t sew_ok;          /* bit k: SEW 8 << k is meant */
	uint8_t separate;        /* vd should not overlap the sources (widening, gathers ...) */
	uint8_t mop, eewl, nreg; /* memory: mode, EEW log2 bytes, whole-register count */
	uint8_t vm_fixed;        /* the vm bit is part of the opcode */
	uint8_t enabled;
	uint8_t policy_sew;      /* SEWs (bits as sew_ok) where robin's rva23 (Zvfhmin, no Zvfh)
	                            refuses the row and qemu 7.2 (binary16 with F) runs it: never
	                            generated, not even as a deliberate trap, unless --fp16 */
};

static struct shape shapes[sizeof(table) / sizeof(table[0])];
static unsigned nshapes;
static int opt_fp16, opt_zvbb;

static int starts(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

static int ends(const char *s, const char *p)
{
	size_t n = strlen(s), m = strlen(p);
	return n >= m && !strcmp(s + n - m, p);
}

#define S8 1
#define S16 2
#define S32 4
#define S64 8

static void classify(const struct vrow *r, struct shape *s)
{
	const char *n = r->name;
	memset(s, 0, sizeof(*s));
	s->row = r;
	size_t i;
	for (i = 0; n[i] && i < sizeof(s->pname) - 1; i++)
		s->pname[i] = n[i] == '_' ? '.' : n[i];
	s->sew_ok = S8 | S16 | S32 | S64;
	s->vm_fixed = (r->mask >> 25) & 1;
	if (r->cls == ISA_CLASS_VSET) {
		s->kind = K_VSET;
		return;
	}
	if (r->fmt == ISA_FMT_VMEM || r->fmt == ISA_FMT_VMEM_S || r->fmt == ISA_FMT_VMEM_X) {
		unsigned sz = ISA_T_SIZE_OF(r->flags);
		s->kind = r->cls == ISA_CLASS_VLOAD ? K_LOAD : K_STORE;
		s->eewl = (uint8_t)(sz == 8 ? 3 : sz == 4 ? 2 : sz == 2 ? 1 : 0);
		if (r->fmt == ISA_FMT_VMEM_S)
			s->mop = M_STRIDED;
		else if (r->fmt == ISA_FMT_VMEM_X)
			s->mop = M_INDEXED;
		else if (strstr(n, "ff_"))
			s->mop = M_FF;
		else if ((n[1] == 'l' || n[1] == 's') && n[2] >= '1' && n[2] <= '8') {
			s->mop = M_WHOLE;
			s->nreg = (uint8_t)(n[2] - '0');
		} else if (!strcmp(n, "vlm_v") || !strcmp(n, "vsm_v"))
			s->mop = M_MASK;
		else
			s->mop = M_UNIT;
		return;
	}
	s->kind = K_OP;
	unsigned f3 = (r->match >> 12) & 7;
	s->vd = r->flags & ISA_T_RD_X ? O_X : r->flags & ISA_T_RD_F ? O_F : O_VEC;
	s->vs2 = r->flags & ISA_T_NO_RS2 ? O_NONE : O_VEC;
	s->vs1 = r->flags & ISA_T_NO_RS1 ? O_NONE : f3 <= 2 ? O_VEC : f3 == 3 ? O_IMM
	         : f3 == 5 ? O_F : O_X;
	int fp = f3 == 1 || f3 == 5;
	if (fp)
		s->sew_ok = S32 | S64 | (opt_fp16 ? S16 : 0);
	int red = strstr(n, "red") != NULL;
	if (starts(n, "vw") || starts(n, "vfw")) {                  /* widening */
		s->dd = 1;
		if (strstr(n, "_w"))
			s->d2 = 1;
		s->sew_ok &= S8 | S16 | S32;
		s->separate = 1;
		if (!strcmp(n, "vfwcvt_f_f_v"))
			s->sew_ok = S16 | S32;                      /* Zvfhmin at SEW 16 */
		else if (starts(n, "vfwcvt_f_x"))
			s->sew_ok = S16 | S32 | (opt_fp16 ? S8 : 0);  /* integer source */
		if (red) {
			s->vd = s->vs1 = O_ONE;
			s->dd = 0;
			s->separate = 0;
		}
	} else if (starts(n, "vnsr") || starts(n, "vnclip") || starts(n, "vfncvt")) {
		s->d2 = 1;
		s->sew_ok &= S8 | S16 | S32;
		s->separate = 1;
		if (!strcmp(n, "vfncvt_f_f_w"))
			s->sew_ok = S16 | S32;                      /* Zvfhmin at SEW 16 */
		else if (starts(n, "vfncvt_x") || starts(n, "vfncvt_xu") || starts(n, "vfncvt_rtz"))
			s->sew_ok = S16 | S32 | (opt_fp16 ? S8 : 0);  /* integer destination */
	} else if (starts(n, "vzext") || starts(n, "vsext")) {
		int k = n[8] - '0';                                 /* vf2, vf4, vf8 */
		s->d2 = (int8_t)(k == 2 ? -1 : k == 4 ? -2 : -3);
		s->sew_ok = k == 2 ? S16 | S32 | S64 : k == 4 ? S32 | S64 : S64;
		s->separate = 1;
	} else if (ends(n, "_mm")) {
		s->vd = s->vs2 = s->vs1 = O_MASK;
	} else if (!strcmp(n, "vcpop_m") || !strcmp(n, "vfirst_m")) {
		s->vs2 = O_MASK;
	} else if (!strcmp(n, "vmsbf_m") || !strcmp(n, "vmsif_m") || !strcmp(n, "vmsof_m")) {
		s->vd = s->vs2 = O_MASK;
		s->separate = 1;
	} else if (!strcmp(n, "viota_m")) {
		s->vs2 = O_MASK;
		s->separate = 1;
	} else if (starts(n, "vms") || starts(n, "vmadc") || starts(n, "vmsbc") || starts(n, "vmf")) {
		s->vd = O_MASK;                                     /* compares, carries */
	} else if (!strcmp(n, "vmv_x_s") || !strcmp(n, "vfmv_f_s")) {
		s->vs2 = O_ONE;
	} else if (!strcmp(n, "vmv_s_x") || !strcmp(n, "vfmv_s_f")) {
		s->vd = O_ONE;
	} else if (red) {
		s->vd = s->vs1 = O_ONE;
	} else if (!strcmp(n, "vcompress_vm")) {
		s->vs1 = O_MASK;
		s->separate = 1;
	} else if (starts(n, "vrgather") || strstr(n, "slideup") || strstr(n, "slide1up")) {
		s->separate = 1;
		s->ei16 = starts(n, "vrgatherei16");
	} else if (starts(n, "vmv") && n[3] >= '1' && n[3] <= '8' && n[4] == 'r') {
		s->nreg = (uint8_t)(n[3] - '0');                    /* vmv<n>r.v */
	}
}

/* ---- state ------------------------------------------------------------------------------ */

#define SCR (16u << 10)      /* scratch memory, between inaccessible regions of its size */
#define NXR 7                /* x operands: t0, t1, t2, t3 .. t6 */
#define NFR 8                /* f operands: ft0 .. ft7 */
static const uint8_t xregs[NXR] = { 5, 6, 7, 28, 29, 30, 31 };

struct ctx {
	uint64_t x[NXR];
	uint64_t f[NFR];
};

static unsigned vlenb;
static uint8_t *scratch;              /* SCR bytes; SCR bytes either side are PROT_NONE */
static uint32_t *code;                /* one stub per step of the sequence (write_stub) */
static uint8_t regs[32 * 128] __attribute__((aligned(64)));

#define MAXSTEPS 64                   /* steps per sequence at most */
#define STUBW 40                      /* words per stub */
static uint8_t fills[MAXSTEPS][8 * 128] __attribute__((aligned(64)));  /* index fills */

static uint32_t enc_i(uint32_t op, uint32_t f3, uint32_t rd, uint32_t rs1, uint32_t imm)
{
	return imm << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}

static uint32_t enc_s(uint32_t op, uint32_t f3, uint32_t rs2, uint32_t rs1, uint32_t imm)
{
	return (imm >> 5) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (imm & 31) << 7 | op;
}

static void map_code(void)
{
	code = mmap(NULL, MAXSTEPS * STUBW * 4, PROT_READ | PROT_WRITE | PROT_EXEC,
	            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (code == MAP_FAILED) {
		perror("vdiff: mmap");
		exit(2);
	}
}

/* ---- traps ------------------------------------------------------------------------------ */

static sigjmp_buf trap_env;
static volatile sig_atomic_t trap_armed;
static const char *running = "start";

static void on_trap(int sig)
{
	if (trap_armed) {
		trap_armed = 0;
		siglongjmp(trap_env, sig);
	}
	fflush(stdout);
	char msg[96];
	int n = snprintf(msg, sizeof(msg), "# unexpected signal %d in %s\n", sig, running);
	if (write(1, msg, (size_t)n) < 0)
		_exit(3);
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
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	sigaction(SIGTRAP, &sa, NULL);
}

/* ---- reading and writing the vector state ----------------------------------------------- */

struct vstate {
	uint64_t vl, vtype, vstart, vxsat, fflags;
};

static void read_csrs(struct vstate *s)
{
	__asm__ volatile("csrr %0, vl" : "=r"(s->vl));
	__asm__ volatile("csrr %0, vtype" : "=r"(s->vtype));
	__asm__ volatile("csrr %0, vstart" : "=r"(s->vstart));
	__asm__ volatile("csrr %0, vxsat" : "=r"(s->vxsat));
	__asm__ volatile("frflags %0" : "=r"(s->fflags));
}

/* All 32 registers into regs[] (whole-register stores need no vtype; vstart must be 0). */
static void dump_regs(void)
{
	running = "the register dump (vs8r.v)";
	__asm__ volatile("csrw vstart, zero\n\t"
	                 "vs8r.v v0, (%0)\n\tvs8r.v v8, (%1)\n\t"
	                 "vs8r.v v16, (%2)\n\tvs8r.v v24, (%3)"
	                 :
	                 : "r"(regs), "r"(regs + 8 * vlenb), "r"(regs + 16 * vlenb),
	                   "r"(regs + 24 * vlenb)
	                 : "memory");
}

static void load_regs(void)
{
	running = "the register fill (vl8re8.v)";
	__asm__ volatile("csrw vstart, zero\n\t"
	                 "vl8re8.v v0, (%0)\n\tvl8re8.v v8, (%1)\n\t"
	                 "vl8re8.v v16, (%2)\n\tvl8re8.v v24, (%3)"
	                 :
	                 : "r"(regs), "r"(regs + 8 * vlenb), "r"(regs + 16 * vlenb),
	                   "r"(regs + 24 * vlenb)
	                 : "memory");
}

static uint64_t hash_bytes(uint64_t h, const uint8_t *p, size_t n)
{
	const uint64_t *w = (const uint64_t *)p;
	for (size_t i = 0; i < n / 8; i++) {
		h = (h ^ w[i]) * 0x9e3779b97f4a7c15ull;
		h ^= h >> 29;
	}
	return h;
}

/* ---- random values -------------------------------------------------------------------- */

static uint64_t rnd(uint64_t n)
{
	return n ? rng() % n : 0;
}

static uint64_t rand_elem64(unsigned pat)
{
	switch (pat) {
	case 0: return rng();
	case 1: return rand_x();
	case 2: return rand_fp(8, 23, -1) | rand_fp(8, 23, -1) << 32;
	case 3: return rand_fp(11, 52, -1);
	case 4: return rand_fp(5, 10, -1) | rand_fp(5, 10, -1) << 16 | rand_fp(5, 10, -1) << 32 |
		       rand_fp(5, 10, -1) << 48;
	case 5: return rng() & 0x0f0f0f0f0f0f0f0full & (rng() | rng());  /* small lanes */
	case 6: return rng() & rng() & rng();                            /* sparse masks */
	default: return rng() & 1 ? ~0ull : 0;
	}
}

/* Fill n bytes (a multiple of 64) with random content, one pattern per 64-byte block. */
static void rand_fill(uint8_t *p, size_t n)
{
	for (size_t b = 0; b < n; b += 64) {
		unsigned pat = (unsigned)rnd(8);
		for (size_t i = 0; i < 64; i += 8) {
			uint64_t v = rand_elem64(pat);
			memcpy(p + b + i, &v, 8);
		}
	}
}

static uint64_t rand_freg(void)
{
	switch (rnd(8)) {
	case 0: case 1: case 2: return BOX(rand_fp(8, 23, -1));
	case 3: case 4: return rand_fp(11, 52, -1);
	case 5: return 0xffffffffffff0000ull | rand_fp(5, 10, -1);
	case 6: return pool_x[rnd(NELEM(pool_x))];                   /* some not NaN-boxed */
	default: return BOX(rand_fp(8, 23, -1));
	}
}

/* ---- generating one step --------------------------------------------------------------- */

static int sew_l, lmul_l, vill;       /* the current vtype (SEW log2 bytes, LMUL log2) */
static uint64_t cur_vl, cur_vtype;
static int vl_exact;                   /* cur_vl is vl, not only a bound (no ff load since) */
static int opt_vstart_any;             /* --vstart-any: vstart also at or past the count */
static int legal_only;                 /* --probe, --legal: no deliberately illegal operands,
                                          no vstart, no invalid frm */

static void note_vtype(uint64_t vtype, uint64_t vl)
{
	vill = (int)(vtype >> 63);
	sew_l = (int)((vtype >> 3) & 7);
	int m = (int)(vtype & 7);
	lmul_l = m >= 4 ? m - 8 : m;
	cur_vl = vl;
	cur_vtype = vtype;
}

static int emul_ok(int e)
{
	return e >= -3 && e <= 3;
}

/* Does the current vtype suit the row (EMULs in range, SEW meant for it)? */
static int fits(const struct shape *s, int sl, int ll)
{
	if (s->kind == K_VSET)
		return 1;
	if (s->kind == K_LOAD || s->kind == K_STORE) {
		if (s->mop == M_WHOLE || s->mop == M_MASK)
			return 1;
		int e = s->eewl - sl + ll;
		if (!emul_ok(e))
			return 0;
		return 1;
	}
	if (!(s->sew_ok & (1 << sl)))
		return 0;
	if (s->nreg)
		return 1;
	if ((s->vd == O_VEC && !emul_ok(ll + s->dd)) || (s->vs2 == O_VEC && !emul_ok(ll + s->d2)))
		return 0;
	if (s->ei16 && !emul_ok(1 - sl + ll))
		return 0;
	if (sl + s->dd > 3 || sl + s->d2 > 3 || sl + s->d2 < 0)
		return 0;
	return 1;
}

static int legal_vtype(int sl, int ll)
{
	return sl <= 3 && ll >= -3 && ll <= 3 && (8 << sl) <= (ll >= 0 ? 64 : 64 >> -ll);
}

static uint32_t vtypei(int sl, int ll, int ta, int ma)
{
	return (uint32_t)(ma << 7 | ta << 6 | sl << 3 | (ll & 7));
}

static uint64_t rand_avl(void)
{
	switch (rnd(10)) {
	case 0: return 0;
	case 1: return rng();
	case 2: return 1 + rnd(3);
	case 3: case 4: return 1 + rnd(16);
	case 5: return (vlenb * 8) >> rnd(7);                  /* a VLMAX of some vtype */
	default: return rnd(vlenb * 8 * 2 + 2);
	}
}

struct step {
	uint32_t word;
	const struct shape *s;
	int xrd, frd;                 /* the x/f result register to print, or -1 */
	int store;                    /* may write memory */
	int fill_reg, fill_n;         /* index registers to fill first (indexed memory), or -1 */
	uint8_t fill_eew;
	int set_vstart;               /* csrw vstart first, or -1 */
	unsigned vxrm, frm;           /* set before the step */
	uint64_t pvl, pvtype;         /* the vl (at most) and vtype the generator planned with */
	struct ctx c;
};

#define NOP 0x00000013u
static uint32_t fill_match[9];        /* vl<n>re8.v */

/* Step i's stub, called as stub(ctx, fill, vstart) (a0, a1, a2): loads t0..t6 and ft0..ft7
 * from ctx, fills the index registers from fill (whole-register load), sets vstart, runs the
 * instruction, stores t0..t6 and ft0..ft7 back. */
static void write_stub(unsigned i, const struct step *st)
{
	uint32_t *p = code + i * STUBW;
	unsigned n = 0;
	for (unsigned k = 0; k < NXR; k++)
		p[n++] = enc_i(0x03, 3, xregs[k], 10, 8 * k);              /* ld */
	for (unsigned k = 0; k < NFR; k++)
		p[n++] = enc_i(0x07, 3, k, 10, 8 * (NXR + k));             /* fld */
	p[n++] = st->fill_reg >= 0 ? fill_match[st->fill_n] | (uint32_t)st->fill_reg << 7 |
	                             11u << 15 : NOP;
	p[n++] = st->set_vstart >= 0 ? 0x008u << 20 | 12u << 15 | 1u << 12 | 0x73 : NOP;
	p[n++] = st->word;
	for (unsigned k = 0; k < NXR; k++)
		p[n++] = enc_s(0x23, 3, xregs[k], 10, 8 * k);              /* sd */
	for (unsigned k = 0; k < NFR; k++)
		p[n++] = enc_s(0x27, 3, k, 10, 8 * (NXR + k));             /* fsd */
	p[n++] = 0x00008067;                                               /* ret */
}

static const struct shape *vset_shape[3];  /* vsetvli, vsetivli, vsetvl */
static uint8_t *cur_fill;                  /* the index fill of the step being generated */

/* The vtype and vl a vset leaves (as qemu's helper_vsetvl computes them): the generator
 * plans a whole sequence before running it. keep: rd = rs1 = x0 (AVL = vl). */
static void predict_vset(uint64_t vt, uint64_t avl, int keep)
{
	int sl = (int)((vt >> 3) & 7), m = (int)(vt & 7), ll = m >= 4 ? m - 8 : m;
	if ((vt >> 63) || (vt & 0x7fffffffffffff00ull) || m == 4 || !legal_vtype(sl, ll)) {
		note_vtype(1ull << 63, 0);
		return;
	}
	uint64_t vlmax = ll >= 0 ? ((uint64_t)vlenb >> sl) << ll : ((uint64_t)vlenb >> sl) >> -ll;
	uint64_t a = keep ? cur_vl : avl;
	if (keep && !vl_exact)
		a = vlmax + 1;             /* an ff load may have cut vl: a bound only */
	else
		vl_exact = 1;
	note_vtype(vt, a < vlmax ? a : vlmax);
}

static int rand_xi(void)
{
	return (int)rnd(NXR);
}

/* A vsetvli/vsetivli/vsetvl; fit: a vtype the row suits, else any (some reserved). */
static void gen_vset(struct step *st, const struct shape *fit)
{
	int sl, ll, ta = (int)rnd(2), ma = (int)rnd(2), tries = 0;
	uint64_t vt;
	do {
		sl = (int)rnd(4);
		ll = (int)rnd(7) - 3;
		tries++;
	} while ((!legal_vtype(sl, ll) || (fit && !fits(fit, sl, ll))) && tries < 64);
	vt = vtypei(sl, ll, ta, ma);
	if (!fit && !legal_only && rnd(12) == 0) {
		switch (rnd(4)) {                                   /* reserved vtypes: vill */
		case 0: vt = (vt & ~7ull) | 4; break;
		case 1: vt = (vt & ~0x38ull) | (4 + rnd(4)) << 3; break;
		case 2: vt |= 1ull << (8 + rnd(3)); break;
		default: vt = vtypei((int)rnd(4), -(int)rnd(4), ta, ma); break;
		}
	}
	int form = (int)rnd(20);
	int rdi = rand_xi(), rsi = rand_xi();
	int rd = rnd(6) ? xregs[rdi] : 0;
	st->xrd = rd ? rdi : -1;
	if (form < 12) {                                            /* vsetvli */
		int rs1 = xregs[rsi];
		if (!legal_only && rnd(12) == 0)
			rs1 = 0;                                    /* vl = VLMAX or kept */
		st->c.x[rsi] = rand_avl();
		predict_vset(vt & 0x7ff, rs1 ? st->c.x[rsi] : ~0ull, !rs1 && !rd);
		st->s = vset_shape[0];
		st->word = st->s->row->match | (uint32_t)(vt & 0x7ff) << 20 | (uint32_t)rs1 << 15 |
		           (uint32_t)rd << 7;
	} else if (form < 17) {                                     /* vsetivli */
		uint32_t uimm = (uint32_t)rnd(32);
		predict_vset(vt & 0x3ff, uimm, 0);
		st->s = vset_shape[1];
		st->word = st->s->row->match | (uint32_t)(vt & 0x3ff) << 20 | uimm << 15 |
		           (uint32_t)rd << 7;
	} else {                                                    /* vsetvl */
		int rs2i = (rsi + 1 + (int)rnd(NXR - 1)) % NXR;
		st->c.x[rsi] = rand_avl();
		st->c.x[rs2i] = vt | (!fit && !legal_only && rnd(16) == 0 ? 1ull << (8 + rnd(56)) : 0);
		predict_vset(st->c.x[rs2i], st->c.x[rsi], 0);
		st->s = vset_shape[2];
		st->word = st->s->row->match | (uint32_t)xregs[rs2i] << 20 |
		           (uint32_t)xregs[rsi] << 15 | (uint32_t)rd << 7;
	}
}

/* A register group of 2^e registers (e <= 0: one), aligned; now and then any register. */
static int pick_group(int e)
{
	int g = e > 0 ? 1 << e : 1;
	if (!legal_only && rnd(40) == 0)
		return (int)rnd(32);
	return (int)rnd((uint64_t)(32 / g)) * g;
}

static int overlaps(int a, int na, int b, int nb)
{
	return a < b + nb && b < a + na;
}

static int gsize(int e)
{
	return e > 0 ? 1 << e : 1;
}

static void gen_mem(struct step *st, const struct shape *s, uint32_t *f)
{
	int nf = 1, g = 1, gi = 1, vd, masked = (int)rnd(2);
	int eb = 1 << s->eewl, sb = 1 << sew_l;
	uint64_t evl = cur_vl;
	int base_i = rand_xi(), stride_i = (base_i + 1 + (int)rnd(NXR - 1)) % NXR;
	if (s->mop == M_WHOLE) {
		g = s->nreg;
		vd = legal_only || rnd(30) ? (int)rnd((uint64_t)(32 / g)) * g : (int)rnd(32);
		evl = (uint64_t)g * vlenb / (uint64_t)eb;
		masked = 0;
	} else if (s->mop == M_MASK) {
		vd = (int)rnd(32);
		evl = (cur_vl + 7) / 8;
		masked = 0;
	} else {
		int e = s->mop == M_INDEXED ? lmul_l : s->eewl - sew_l + lmul_l;
		g = gsize(e);
		if (rnd(3) == 0 && (g < 8 || (!legal_only && rnd(16) == 0))) {
			do
				nf = 2 + (int)rnd(7);
			while (nf * g > 8 && (legal_only || rnd(16)));
		}
		vd = pick_group(e);
		for (int t = 0; t < 8 && vd + nf * g > 32; t++)
			vd = pick_group(e);
		if (masked && vd == 0 && (legal_only || rnd(10)))
			vd = g * (1 + (int)rnd((uint64_t)(32 / g - 1)));
	}
	*f |= (uint32_t)vd << 7 | (uint32_t)xregs[base_i] << 15 | (uint32_t)(nf - 1) << 29 |
	      (uint32_t)!masked << 25;
	/* element extent: bytes from the base an element's segment starts at, and its size */
	int esz = (s->mop == M_INDEXED ? sb : eb) * nf;
	int64_t lo = 0, hi = (int64_t)evl * esz;
	if (s->mop == M_STRIDED) {
		int64_t str;
		switch (rnd(6)) {
		case 0: str = 0; break;
		case 1: str = esz; break;
		case 2: str = -esz; break;
		default: str = ((int64_t)rnd(65) - 32) * (rnd(4) ? eb : 1); break;
		}
		if (evl > 1 && (int64_t)(evl - 1) * (str < 0 ? -str : str) + esz > (int64_t)SCR)
			str = rnd(2) ? esz : 0;
		lo = str < 0 ? str * (int64_t)(evl ? evl - 1 : 0) : 0;
		hi = (str > 0 ? str * (int64_t)(evl ? evl - 1 : 0) : 0) + esz;
		st->c.x[stride_i] = (uint64_t)str;
		*f |= (uint32_t)xregs[stride_i] << 20;
	}
	if (s->mop == M_INDEXED) {
		int ei = s->eewl - sew_l + lmul_l;
		gi = gsize(ei);
		int vi = pick_group(ei);
		for (int t = 0; t < 12 && overlaps(vi, gi, vd, nf * g); t++)
			vi = pick_group(ei);
		if (!legal_only && rnd(16) == 0)
			vi = vd;                                    /* overlaps the data */
		*f |= (uint32_t)vi << 20;
		/* the index group holds offsets in [0, SCR - esz], aligned to the data SEW */
		if (emul_ok(ei) && vi % gi == 0 && vi + gi <= 32) {
			uint64_t lim = (SCR - (uint64_t)esz) / (uint64_t)sb;
			if (eb == 1 && lim > 255u / (unsigned)sb)
				lim = 255u / (unsigned)sb;
			for (unsigned k = 0; k < (unsigned)gi * vlenb / (unsigned)eb; k++) {
				uint64_t off = rnd(lim + 1) * (uint64_t)sb;
				memcpy(cur_fill + k * (unsigned)eb, &off, (size_t)eb);
			}
			st->fill_reg = vi;
			st->fill_n = gi;
		}
		lo = 0;
		hi = 0;
	}
	uint64_t base;
	if (hi - lo > (int64_t)SCR || s->mop == M_INDEXED)
		base = 0;     /* indexed: the offsets span the scratch; else an illegal group */
	else
		base = (uint64_t)(-lo) + rnd((uint64_t)((int64_t)SCR - (hi - lo)) / (uint64_t)eb + 1)
		       * (uint64_t)eb;
	if (s->mop == M_FF && evl && rnd(3) == 0)                   /* fault past element k */
		base = SCR - (legal_only ? 1 + rnd(evl) : rnd(evl)) * (uint64_t)esz -
		       (rnd(4) ? 0 : (uint64_t)eb);
	else if (!legal_only && rnd(200) == 0)
		base = SCR - (uint64_t)eb;                          /* may fault */
	st->c.x[base_i] = (uint64_t)(uintptr_t)scratch + base;
	st->store = s->kind == K_STORE;
}

static void gen_op(struct step *st, const struct shape *s, uint32_t *f)
{
	int masked = s->vm_fixed ? !((s->row->match >> 25) & 1) : (int)rnd(2);
	int vd = 0, vs2 = 0, vs1 = 0, nd = 1, n2 = 1, n1 = 1;
	if (s->nreg) {
		nd = n2 = s->nreg;
		vd = pick_group(__builtin_ctz(s->nreg));
		vs2 = pick_group(__builtin_ctz(s->nreg));
	} else {
		if (s->vs2 == O_VEC) {
			vs2 = pick_group(lmul_l + s->d2);
			n2 = gsize(lmul_l + s->d2);
		} else if (s->vs2 == O_MASK || s->vs2 == O_ONE) {
			vs2 = (int)rnd(32);
		}
		switch (s->vs1) {
		case O_VEC: {
			int e = s->ei16 ? 1 - sew_l + lmul_l : lmul_l + s->d1;
			vs1 = pick_group(e);
			n1 = gsize(e);
			break;
		}
		case O_MASK: case O_ONE: vs1 = (int)rnd(32); break;
		case O_X: {
			int i = rand_xi();
			vs1 = xregs[i];
			if (rnd(3) == 0)
				st->c.x[i] = rnd(2) ? rnd(vlenb * 8 + 4) : rnd(8);  /* slides, gathers */
			break;
		}
		case O_F: vs1 = (int)rnd(NFR); break;
		case O_IMM: vs1 = (int)rnd(32); break;
		default: break;
		}
		if (s->vd == O_VEC) {
			int e = lmul_l + s->dd;
			nd = gsize(e);
			for (int t = 0; t < 32; t++) {
				vd = pick_group(e);
				if (masked && vd == 0 && (legal_only || rnd(10)))
					continue;
				if (s->separate && (legal_only || rnd(10)) &&
				    ((s->vs2 != O_NONE && overlaps(vd, nd, vs2, n2)) ||
				     ((s->vs1 == O_VEC || s->vs1 == O_MASK) && overlaps(vd, nd, vs1, n1))))
					continue;
				break;
			}
		} else if (s->vd == O_MASK || s->vd == O_ONE) {
			for (int t = 0; t < 12; t++) {
				vd = (int)rnd(32);
				if (s->vd == O_ONE && masked && vd == 0 && (legal_only || rnd(10)))
					continue;
				/* a mask result may be the first register of a source group, else
				 * outside it (vmsbf/vmsif/vmsof: never on its source) */
				int bad = s->separate ? overlaps(vd, 1, vs2, n2)
				        : s->vd == O_MASK && s->vs2 == O_VEC &&
				          ((overlaps(vd, 1, vs2, n2) && vd != vs2) ||
				           (s->vs1 == O_VEC && overlaps(vd, 1, vs1, n1) && vd != vs1));
				if (bad && (legal_only || rnd(10)))
					continue;
				break;
			}
		} else if (s->vd == O_X) {
			int i = rand_xi();
			vd = xregs[i];
			st->xrd = i;
		} else if (s->vd == O_F) {
			vd = (int)rnd(NFR);
			st->frd = vd;
		}
	}
	*f |= (uint32_t)vd << 7 | (uint32_t)vs1 << 15 | (uint32_t)vs2 << 20 | (uint32_t)!masked << 25;
	if (s->row->mask == 0xf800707fu)                            /* vror.vi: imm bit 5 */
		*f |= (uint32_t)rnd(2) << 26;
}

/* The bound a random vstart stays below: the step's element count (vl; whole-register
 * moves, loads and stores: their registers' elements; vlm/vsm: its bytes). qemu 7.2 leaves
 * vstart as it is when vstart >= that count (the specification, and robin, reset it to 0;
 * --vstart-any goes past it), and vmv<n>r.v past it crashes qemu 7.2 (SIGSEGV). None after a
 * fault-only-first load: vl may be shorter than planned. */
static uint64_t vstart_limit(const struct shape *s)
{
	uint64_t n = cur_vl;
	if (s->nreg)
		n = ((uint64_t)s->nreg * vlenb) >> (s->kind == K_OP ? sew_l : s->eewl);
	else if (s->mop == M_MASK && s->kind != K_OP)
		n = (cur_vl + 7) / 8;
	if (opt_vstart_any && !(s->kind == K_OP && s->nreg))
		return n + 4;
	if (!vl_exact && !s->nreg)
		return 0;
	return n;
}

static void plan(struct step *st)
{
	st->pvl = cur_vl;
	st->pvtype = cur_vtype;
}

static const struct shape **enabled;
static unsigned nenabled;

static void step_init(struct step *st)
{
	memset(st, 0, sizeof(*st));
	st->xrd = st->frd = st->fill_reg = st->set_vstart = -1;
	st->vxrm = (unsigned)rnd(4);
	st->frm = (unsigned)(legal_only || rnd(50) ? rnd(5) : 5 + rnd(3));  /* some invalid */
	for (int i = 0; i < NXR; i++)
		st->c.x[i] = rand_x();
	for (int i = 0; i < NFR; i++)
		st->c.f[i] = rand_freg();
}

/* The instruction of row s (not a vset) under the current vtype into *st. */
static void gen_instr(struct step *st, const struct shape *s)
{
	step_init(st);
	st->s = s;
	uint32_t f = 0;
	if (s->kind == K_OP)
		gen_op(st, s, &f);
	else
		gen_mem(st, s, &f);
	st->word = s->row->match | (f & ~s->row->mask);
}

/* ---- running ---------------------------------------------------------------------------- */

static int opt_dump, opt_trace;

static void print_regs(void)
{
	for (int r = 0; r < 32; r++) {
		printf("  v%-2d ", r);
		for (int b = (int)vlenb - 1; b >= 0; b--)
			printf("%02x", regs[r * (int)vlenb + b]);
		printf("\n");
	}
}

/* Run step i of the written sequence and print its line. */
static void run_step(struct step *st, unsigned seq, unsigned idx)
{
	uint64_t vxrm = st->vxrm, frm = st->frm;
	__asm__ volatile("csrw vxrm, %0" : : "r"(vxrm));
	__asm__ volatile("fsrm %0" : : "r"(frm));
	if (opt_trace)                        /* before the instruction: an emulator may die */
		fprintf(stderr, "%u.%u %s %08x\n", seq, idx, st->s->pname, st->word);
	running = st->s->pname;
	void (*fn)(struct ctx *, const uint8_t *, uint64_t) =
		(void (*)(struct ctx *, const uint8_t *, uint64_t))(uintptr_t)(code + idx * STUBW);
	int sig = sigsetjmp(trap_env, 0);
	if (sig == 0) {
		trap_armed = 1;
		fn(&st->c, fills[idx], (uint64_t)(st->set_vstart > 0 ? st->set_vstart : 0));
		trap_armed = 0;
	}
	struct vstate vs;
	read_csrs(&vs);
	dump_regs();
	uint64_t h = hash_bytes(0x1234567, regs, 32 * (size_t)vlenb);
	if (st->store)
		h = hash_bytes(h, scratch, SCR);
	printf("%u.%u %s %08x vxrm %u frm %u", seq, idx, st->s->pname, st->word, (unsigned)vxrm,
	       (unsigned)frm);
	if (st->set_vstart >= 0)
		printf(" vstart0 %d", st->set_vstart);
	printf(" ->");
	if (sig)
		printf(" sig %d", sig);
	printf(" vl %lu vtype %lx vstart %lu vxsat %lu fflags %lx", (unsigned long)vs.vl,
	       (unsigned long)vs.vtype, (unsigned long)vs.vstart, (unsigned long)vs.vxsat,
	       (unsigned long)vs.fflags);
	if (!sig && st->xrd >= 0)
		printf(" x %lx", (unsigned long)st->c.x[st->xrd]);
	if (!sig && st->frd >= 0)
		printf(" f %lx", (unsigned long)st->c.f[st->frd]);
	printf(" h %016lx\n", (unsigned long)h);
	if (opt_dump)
		print_regs();
	if (vs.vtype != st->pvtype || vs.vl > st->pvl)    /* the plan was wrong: a bug here */
		printf("# planned vl %lu vtype %lx\n", (unsigned long)st->pvl,
		       (unsigned long)st->pvtype);
}

/* Write the stubs of steps[0..n-1] and run them. */
static void run_seq(struct step *steps, unsigned n, unsigned seq)
{
	for (unsigned i = 0; i < n; i++)
		write_stub(i, &steps[i]);
	__asm__ volatile("fence.i" ::: "memory");
	for (unsigned i = 0; i < n; i++)
		run_step(&steps[i], seq, i);
}

static uint64_t hash_str(uint64_t h, const char *s)
{
	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ull;
	return h;
}

/* A new sequence: random registers, scratch memory, fflags and vxsat cleared. */
static void start_seq(uint64_t seed, uint64_t seq, const char *salt)
{
	rng_state = hash_str(seed * 0x2545f4914f6cdd1dull + seq * 0x9e3779b97f4a7c15ull, salt);
	rand_fill(regs, 32 * (size_t)vlenb);
	load_regs();
	rand_fill(scratch, SCR);
	__asm__ volatile("csrw vxsat, zero\n\tfsflags zero");
	/* vtype as after reset: vill (the first step configures it) */
	__asm__ volatile("vsetvl zero, zero, %0" : : "r"(1ull << 63));
	note_vtype(1ull << 63, 0);
	vl_exact = 1;
}

static int in_list(const char *name, const char *list)
{
	if (!list)
		return 0;
	size_t n = strlen(name);
	for (const char *p = list; *p;) {
		size_t k = strcspn(p, ",");
		if (k == n && !strncmp(p, name, n))
			return 1;
		p += k;
		if (*p == ',')
			p++;
	}
	return 0;
}

static void usage(void)
{
	fprintf(stderr, "usage: vdiff [--seed N] [--seqs N] [--first N] [--len N] [--rows R,...] "
	                "[--exclude R,...] [--dump] [--probe] [--list] [--legal] [--fp16] [--zvbb] "
	                "[--vstart-any] [--trace]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	uint64_t seed = 1, nseq = 100, first = 0, len = 16;
	const char *only = NULL, *excl = NULL;
	int list = 0, probe = 0;
	static char obuf[1 << 16];
	setvbuf(stdout, obuf, _IOFBF, sizeof(obuf));
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--list"))
			list = 1;
		else if (!strcmp(a, "--probe"))
			probe = 1;
		else if (!strcmp(a, "--dump"))
			opt_dump = 1;
		else if (!strcmp(a, "--legal"))
			legal_only = 1;
		else if (!strcmp(a, "--vstart-any"))
			opt_vstart_any = 1;
		else if (!strcmp(a, "--trace"))
			opt_trace = 1;
		else if (!strcmp(a, "--fp16"))
			opt_fp16 = 1;
		else if (!strcmp(a, "--zvbb"))
			opt_zvbb = 1;
		else if (!v)
			usage();
		else {
			i++;
			if (!strcmp(a, "--seed"))
				seed = strtoull(v, NULL, 0);
			else if (!strcmp(a, "--seqs"))
				nseq = strtoull(v, NULL, 0);
			else if (!strcmp(a, "--first"))
				first = strtoull(v, NULL, 0);
			else if (!strcmp(a, "--len"))
				len = strtoull(v, NULL, 0);
			else if (!strcmp(a, "--rows"))
				only = v;
			else if (!strcmp(a, "--exclude"))
				excl = v;
			else
				usage();
		}
	}
	if (len < 2)
		len = 2;
	if (len > MAXSTEPS - 2)
		len = MAXSTEPS - 2;

	static const struct shape *en[sizeof(table) / sizeof(table[0])];
	enabled = en;
	for (unsigned i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		const struct vrow *r = &table[i];
		if (!ISA_CLASS_IS_V(r->cls) || (!opt_zvbb && !strcmp(r->req, "ZVBB")))
			continue;
		struct shape *s = &shapes[nshapes++];
		int fp16 = opt_fp16;
		opt_fp16 = 1;
		classify(r, s);
		uint8_t wide = s->sew_ok;
		opt_fp16 = fp16;
		classify(r, s);
		s->policy_sew = (uint8_t)(wide & ~s->sew_ok);
		if (!strcmp(r->name, "vsetvli"))
			vset_shape[0] = s;
		else if (!strcmp(r->name, "vsetivli"))
			vset_shape[1] = s;
		else if (!strcmp(r->name, "vsetvl"))
			vset_shape[2] = s;
		s->enabled = (!only || in_list(r->name, only)) && !in_list(r->name, excl);
		if (s->enabled)
			en[nenabled++] = s;
	}
	if (list) {
		static const char *const cls[] = { "vset", "valu", "vmul", "vdiv", "vfp", "vfdiv",
		                                   "vperm", "vred", "vload", "vstore" };
		for (unsigned i = 0; i < nenabled; i++)
			printf("%s %s %s\n", en[i]->row->name, en[i]->pname,
			       cls[en[i]->row->cls - ISA_CLASS_VSET]);
		printf("# rows %u\n", nenabled);
		return 0;
	}

	install_trap_handlers();
	__asm__ volatile("csrr %0, vlenb" : "=r"(vlenb));
	if (vlenb == 0 || vlenb > 128) {
		printf("# vlenb %u: no vector unit to test\n", vlenb);
		return 2;
	}
	/* the scratch buffer between two inaccessible regions of its size: an access the
	 * generator lets fault (base near the end plus an offset or stride up to SCR) faults
	 * there, whatever else the emulator mapped around it */
	uint8_t *m = mmap(NULL, 3 * SCR, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED || mprotect(m, SCR, PROT_NONE) || mprotect(m + 2 * SCR, SCR, PROT_NONE)) {
		perror("vdiff: scratch");
		return 2;
	}
	scratch = m + SCR;
	map_code();
	for (unsigned i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		if (starts(table[i].name, "vl") && ends(table[i].name, "re8_v"))
			fill_match[table[i].name[2] - '0'] = table[i].match;
	printf("# vdiff vlenb %u seed %lu rows %u%s%s\n", vlenb, (unsigned long)seed, nenabled,
	       opt_fp16 ? " fp16" : "", opt_zvbb ? " zvbb" : "");

	uint64_t nsteps = 0;
	static struct step steps[MAXSTEPS];
	if (probe) {
		/* every enabled row four times, each after a fitting vsetvli */
		legal_only = 1;
		for (unsigned i = 0; i < nenabled; i++)
			for (unsigned k = 0; k < 4; k++) {
				start_seq(seed, k, en[i]->row->name);
				step_init(&steps[0]);
				gen_vset(&steps[0], en[i]);
				plan(&steps[0]);
				cur_fill = fills[1];
				if (en[i]->kind == K_VSET) {
					step_init(&steps[1]);
					gen_vset(&steps[1], NULL);
				} else {
					gen_instr(&steps[1], en[i]);
				}
				plan(&steps[1]);
				run_seq(steps, 2, i * 4 + k);
				nsteps += 2;
			}
	} else {
		for (uint64_t q = first; q < first + nseq; q++) {
			start_seq(seed, q, "seq");
			unsigned n = 2 + (unsigned)rnd(len - 1), idx = 0;
			while (idx < n) {
				const struct shape *s = rnd(10) && nenabled ? enabled[rnd(nenabled)] : NULL;
				if (!s || s->kind == K_VSET) {
					step_init(&steps[idx]);
					gen_vset(&steps[idx], NULL);
					plan(&steps[idx++]);
					continue;
				}
				/* mostly a vtype the row suits first; else as it is (may trap) */
				if ((vill || !fits(s, sew_l, lmul_l)) &&
				    (legal_only || rnd(10) || (s->policy_sew >> sew_l & 1))) {
					step_init(&steps[idx]);
					gen_vset(&steps[idx], s);
					plan(&steps[idx++]);
				}
				cur_fill = fills[idx];
				gen_instr(&steps[idx], s);
				/* now and then a vstart below the element count (vstart_limit) */
				uint64_t vmax = vstart_limit(s);
				if (vmax && rnd(40) == 0 && !legal_only)
					steps[idx].set_vstart = (int)rnd(vmax);
				if (s->kind == K_LOAD && s->mop == M_FF)
					vl_exact = 0;
				plan(&steps[idx++]);
			}
			run_seq(steps, idx, (unsigned)q);
			nsteps += idx;
		}
	}
	printf("# steps %lu\n", (unsigned long)nsteps);
	return 0;
}
