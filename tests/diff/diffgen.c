/*
 * diffgen.c — writes the guest side of robin's differential test: one small function with
 * inline asm per (instruction, variant, rounding mode) for every row of isa_table.def, plus
 * the table tests/diff/diff_rt.c walks, and trap tests (reserved and invalid dynamic rounding
 * modes for every row with an rm field, ebreak). Rows without a template make it fail, so the
 * test grows with the ISA table. Host tool: `diffgen > diff_tests.c`; the output is riscv64 C.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"

/* ---- the rows to cover ------------------------------------------------------------------ */

static const struct row {
	const char *name;
	uint32_t match, mask, fmt, cls, flags;
	const char *req;
} rows[] = {
#define INSN(name, match, mask, fmt, cls, flags, req) { #name, match, mask, fmt, cls, flags, #req },
#include "isa/isa_table.def"
#undef INSN
};
#define NROWS (sizeof(rows) / sizeof(rows[0]))
static int covered[NROWS];

/* The compressed encodings (each expands to a base row; tested in their own right). */
static const char *const rvc_rows[] = {
#define RVC(name, match, mask, base, kind, cons, req) #name,
#include "isa/isa_rvc_table.def"
#undef RVC
};
#define NRVC (sizeof(rvc_rows) / sizeof(rvc_rows[0]))
static int rvc_covered[NRVC];

/* What qemu-riscv64 7.2 (Debian 12) cannot run: the tests of these reqs are "newer" ones,
 * compared with a golden output of a newer qemu (run.sh, tests/diff/golden/). */
static int req_is_newer(const char *req)
{
	static const char *const newer[] = { "ZICOND", "ZICBOM", "ZICBOZ", "ZAWRS", "ZIMOP",
	                                     "ZFA", "ZFA_ZFH" };
	for (size_t i = 0; i < sizeof(newer) / sizeof(newer[0]); i++)
		if (!strcmp(req, newer[i]))
			return 1;
	return 0;
}

static const struct row *row_named(const char *name)
{
	for (size_t i = 0; i < NROWS; i++)
		if (!strcmp(rows[i].name, name))
			return &rows[i];
	fprintf(stderr, "diffgen: '%s' is not a row of isa_table.def\n", name);
	exit(1);
}

/* Rows the differential test does not run as a test case, and why. */
static const struct { const char *row, *why; } excluded[] = {
	{ "ecall", "every guest program runs it (write, exit_group); its effects are the output" },
	{ "cbo_inval", "Linux does not enable it for user mode, so robin raises SIGILL (as on "
	               "Linux); qemu-riscv64 runs it as a no-op: no reference to compare with" },
};

static void mark(const char *row)
{
	for (size_t i = 0; i < NROWS; i++)
		if (!strcmp(rows[i].name, row)) {
			covered[i] = 1;
			return;
		}
	fprintf(stderr, "diffgen: template for '%s', which is not a row of isa_table.def\n", row);
	exit(1);
}

static void mark_rvc(const char *row)
{
	for (size_t i = 0; i < NRVC; i++)
		if (!strcmp(rvc_rows[i], row)) {
			rvc_covered[i] = 1;
			return;
		}
	fprintf(stderr, "diffgen: template for '%s', which is not a row of isa_rvc_table.def\n",
	        row);
	exit(1);
}

/* "fcvt_w_s" -> "fcvt.w.s" */
static const char *mnemonic(const char *row)
{
	static char buf[64];
	size_t i;
	for (i = 0; row[i] && i < sizeof(buf) - 1; i++)
		buf[i] = row[i] == '_' ? '.' : row[i];
	buf[i] = 0;
	return buf;
}

/* ---- emitting test functions ------------------------------------------------------------- */

enum { POOL_X, POOL_S, POOL_D, POOL_H };
static const char *const pool_names[] = { "DIFF_POOL_X", "DIFF_POOL_S", "DIFF_POOL_D",
                                          "DIFF_POOL_H" };
static const char *const rm_names[] = { "rne", "rtz", "rdn", "rup", "rmm" };
#define RM_DYN 7
#define RM_NONE 0xff

struct test {
	char name[64];
	char rm[8];
	int nsrc, pool[3], dyn, static_rm, nout, fflags, mem, trap, newer;
};

static int next_trap, next_bad_frm;  /* flags for the next finish() */
static int cur_newer;                /* the tests being written are newer ones (diff.h) */

static struct test *tests;
static size_t ntests, cap_tests;

/* The asm body under construction, one instruction per line. */
static char body[4096];
static size_t body_len;

static void line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void line(const char *fmt, ...)
{
	va_list ap;
	char tmp[512];
	va_start(ap, fmt);
	vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	int n = snprintf(body + body_len, sizeof(body) - body_len, "\t\t\"%s\\n\\t\"\n", tmp);
	if (n < 0 || (size_t)n >= sizeof(body) - body_len) {
		fprintf(stderr, "diffgen: asm body too long\n");
		exit(1);
	}
	body_len += (size_t)n;
}

/* Write the function for the body built with line() and record its table entry. */
static void finish(const char *name, const char *variant, unsigned rm, int nsrc, const int *pools,
                   int nout, int fflags, int mem)
{
	if (ntests == cap_tests) {
		cap_tests = cap_tests ? 2 * cap_tests : 256;
		tests = realloc(tests, cap_tests * sizeof(*tests));
		if (!tests) {
			perror("diffgen");
			exit(1);
		}
	}
	struct test *t = &tests[ntests];
	memset(t, 0, sizeof(*t));
	snprintf(t->name, sizeof(t->name), "%s%s%s", name, variant ? "/" : "", variant ? variant : "");
	snprintf(t->rm, sizeof(t->rm), "%s", rm == RM_NONE ? "" : rm == RM_DYN ? "dyn" : rm_names[rm]);
	t->nsrc = nsrc;
	for (int i = 0; i < nsrc; i++)
		t->pool[i] = pools[i];
	t->dyn = next_bad_frm ? 2 : rm == RM_DYN;
	t->trap = next_trap;
	next_trap = next_bad_frm = 0;
	t->static_rm = rm <= 4 ? (int)rm : RM_NONE;
	t->nout = nout;
	t->fflags = fflags;
	t->mem = mem;
	t->newer = cur_newer;

	printf("/* %s %s */\n", t->name, t->rm);
	printf("static void t_%zu(const uint64_t *in, uint64_t *out, uint64_t *mem)\n{\n", ntests);
	printf("\tuint64_t o0, o1, o2, o3, fl;\n");
	printf("\t__asm__ volatile(\n%s", body);
	printf("\t\t: [o0] \"=&r\"(o0), [o1] \"=&r\"(o1), [o2] \"=&r\"(o2), [o3] \"=&r\"(o3),"
	       " [fl] \"=&r\"(fl)\n");
	printf("\t\t: [i0] \"r\"(in[0]), [i1] \"r\"(in[1]), [i2] \"r\"(in[2]), [pre] \"r\"(in[3]),"
	       " [frm] \"r\"(in[4]), [m] \"r\"(mem + 1)\n");
	printf("\t\t: \"ft0\", \"ft1\", \"ft2\", \"ft3\", \"fa0\", \"t0\", \"t1\", \"a0\","
	       " \"a1\", \"ra\", \"memory\");\n");
	printf("\tout[0] = o0; out[1] = o1; out[2] = o2; out[3] = o3; out[7] = fl;\n}\n\n");
	body_len = 0;
	body[0] = 0;
	ntests++;
}

/* Most integer tests read no fflags; they still get fl defined. */
static void no_flags(void)
{
	line("li %%[fl], 0");
}

/* ---- F and D ---------------------------------------------------------------------------- */

/* RAW, RM_RAW: gas 2.40 does not know the instruction (Zfa): the word is the row's match
 * with the registers (f0, f1, f2 -> f3 or t1) and, for RM_RAW, the rounding mode put in. */
enum { NO_RM, RM, RM_INSN, RAW, RM_RAW };

struct fp_op {
	const char *row;
	const char *sig;   /* "d=ss": destination kind = source kinds; s/d/h = f reg, x = int reg */
	int rm;            /* NO_RM, RM, RM_INSN (gas takes no rm: .insn r), RAW, RM_RAW */
	unsigned funct7, rs2; /* for RM_INSN */
};

static const struct fp_op fp_ops[] = {
	{ "fadd_s", "s=ss", RM, 0, 0 }, { "fsub_s", "s=ss", RM, 0, 0 },
	{ "fmul_s", "s=ss", RM, 0, 0 }, { "fdiv_s", "s=ss", RM, 0, 0 },
	{ "fsqrt_s", "s=s", RM, 0, 0 },
	{ "fmadd_s", "s=sss", RM, 0, 0 }, { "fmsub_s", "s=sss", RM, 0, 0 },
	{ "fnmsub_s", "s=sss", RM, 0, 0 }, { "fnmadd_s", "s=sss", RM, 0, 0 },
	{ "fsgnj_s", "s=ss", NO_RM, 0, 0 }, { "fsgnjn_s", "s=ss", NO_RM, 0, 0 },
	{ "fsgnjx_s", "s=ss", NO_RM, 0, 0 },
	{ "fmin_s", "s=ss", NO_RM, 0, 0 }, { "fmax_s", "s=ss", NO_RM, 0, 0 },
	{ "fcvt_w_s", "x=s", RM, 0, 0 }, { "fcvt_wu_s", "x=s", RM, 0, 0 },
	{ "fcvt_l_s", "x=s", RM, 0, 0 }, { "fcvt_lu_s", "x=s", RM, 0, 0 },
	{ "fmv_x_w", "x=s", NO_RM, 0, 0 },
	{ "feq_s", "x=ss", NO_RM, 0, 0 }, { "flt_s", "x=ss", NO_RM, 0, 0 },
	{ "fle_s", "x=ss", NO_RM, 0, 0 }, { "fclass_s", "x=s", NO_RM, 0, 0 },
	{ "fcvt_s_w", "s=x", RM, 0, 0 }, { "fcvt_s_wu", "s=x", RM, 0, 0 },
	{ "fcvt_s_l", "s=x", RM, 0, 0 }, { "fcvt_s_lu", "s=x", RM, 0, 0 },
	{ "fmv_w_x", "s=x", NO_RM, 0, 0 },

	{ "fadd_d", "d=dd", RM, 0, 0 }, { "fsub_d", "d=dd", RM, 0, 0 },
	{ "fmul_d", "d=dd", RM, 0, 0 }, { "fdiv_d", "d=dd", RM, 0, 0 },
	{ "fsqrt_d", "d=d", RM, 0, 0 },
	{ "fmadd_d", "d=ddd", RM, 0, 0 }, { "fmsub_d", "d=ddd", RM, 0, 0 },
	{ "fnmsub_d", "d=ddd", RM, 0, 0 }, { "fnmadd_d", "d=ddd", RM, 0, 0 },
	{ "fsgnj_d", "d=dd", NO_RM, 0, 0 }, { "fsgnjn_d", "d=dd", NO_RM, 0, 0 },
	{ "fsgnjx_d", "d=dd", NO_RM, 0, 0 },
	{ "fmin_d", "d=dd", NO_RM, 0, 0 }, { "fmax_d", "d=dd", NO_RM, 0, 0 },
	{ "fcvt_s_d", "s=d", RM, 0, 0 },
	{ "fcvt_d_s", "d=s", RM_INSN, 0x21, 0 },
	{ "feq_d", "x=dd", NO_RM, 0, 0 }, { "flt_d", "x=dd", NO_RM, 0, 0 },
	{ "fle_d", "x=dd", NO_RM, 0, 0 }, { "fclass_d", "x=d", NO_RM, 0, 0 },
	{ "fcvt_w_d", "x=d", RM, 0, 0 }, { "fcvt_wu_d", "x=d", RM, 0, 0 },
	{ "fcvt_l_d", "x=d", RM, 0, 0 }, { "fcvt_lu_d", "x=d", RM, 0, 0 },
	{ "fcvt_d_w", "d=x", RM_INSN, 0x69, 0 }, { "fcvt_d_wu", "d=x", RM_INSN, 0x69, 1 },
	{ "fcvt_d_l", "d=x", RM, 0, 0 }, { "fcvt_d_lu", "d=x", RM, 0, 0 },
	{ "fmv_x_d", "x=d", NO_RM, 0, 0 }, { "fmv_d_x", "d=x", NO_RM, 0, 0 },

	/* Zfh, Zfhmin (qemu-riscv64 7.2 with Zfh=true) */
	{ "fadd_h", "h=hh", RM, 0, 0 }, { "fsub_h", "h=hh", RM, 0, 0 },
	{ "fmul_h", "h=hh", RM, 0, 0 }, { "fdiv_h", "h=hh", RM, 0, 0 },
	{ "fsqrt_h", "h=h", RM, 0, 0 },
	{ "fmadd_h", "h=hhh", RM, 0, 0 }, { "fmsub_h", "h=hhh", RM, 0, 0 },
	{ "fnmsub_h", "h=hhh", RM, 0, 0 }, { "fnmadd_h", "h=hhh", RM, 0, 0 },
	{ "fsgnj_h", "h=hh", NO_RM, 0, 0 }, { "fsgnjn_h", "h=hh", NO_RM, 0, 0 },
	{ "fsgnjx_h", "h=hh", NO_RM, 0, 0 },
	{ "fmin_h", "h=hh", NO_RM, 0, 0 }, { "fmax_h", "h=hh", NO_RM, 0, 0 },
	{ "feq_h", "x=hh", NO_RM, 0, 0 }, { "flt_h", "x=hh", NO_RM, 0, 0 },
	{ "fle_h", "x=hh", NO_RM, 0, 0 }, { "fclass_h", "x=h", NO_RM, 0, 0 },
	{ "fcvt_w_h", "x=h", RM, 0, 0 }, { "fcvt_wu_h", "x=h", RM, 0, 0 },
	{ "fcvt_l_h", "x=h", RM, 0, 0 }, { "fcvt_lu_h", "x=h", RM, 0, 0 },
	{ "fcvt_h_w", "h=x", RM, 0, 0 }, { "fcvt_h_wu", "h=x", RM, 0, 0 },
	{ "fcvt_h_l", "h=x", RM, 0, 0 }, { "fcvt_h_lu", "h=x", RM, 0, 0 },
	{ "fmv_x_h", "x=h", NO_RM, 0, 0 }, { "fmv_h_x", "h=x", NO_RM, 0, 0 },
	{ "fcvt_s_h", "s=h", RM_INSN, 0x20, 2 }, { "fcvt_h_s", "h=s", RM, 0, 0 },
	{ "fcvt_d_h", "d=h", RM_INSN, 0x21, 2 }, { "fcvt_h_d", "h=d", RM, 0, 0 },

	/* Zfa (newer: gas 2.40 does not know it, qemu-riscv64 7.2 cannot run it) */
	{ "fminm_s", "s=ss", RAW, 0, 0 }, { "fmaxm_s", "s=ss", RAW, 0, 0 },
	{ "fminm_d", "d=dd", RAW, 0, 0 }, { "fmaxm_d", "d=dd", RAW, 0, 0 },
	{ "fminm_h", "h=hh", RAW, 0, 0 }, { "fmaxm_h", "h=hh", RAW, 0, 0 },
	{ "fround_s", "s=s", RM_RAW, 0, 0 }, { "froundnx_s", "s=s", RM_RAW, 0, 0 },
	{ "fround_d", "d=d", RM_RAW, 0, 0 }, { "froundnx_d", "d=d", RM_RAW, 0, 0 },
	{ "fround_h", "h=h", RM_RAW, 0, 0 }, { "froundnx_h", "h=h", RM_RAW, 0, 0 },
	{ "fcvtmod_w_d", "x=d", RAW, 0, 0 },
	{ "fleq_s", "x=ss", RAW, 0, 0 }, { "fltq_s", "x=ss", RAW, 0, 0 },
	{ "fleq_d", "x=dd", RAW, 0, 0 }, { "fltq_d", "x=dd", RAW, 0, 0 },
	{ "fleq_h", "x=hh", RAW, 0, 0 }, { "fltq_h", "x=hh", RAW, 0, 0 },
};

static int pool_of(char k)
{
	return k == 'x' ? POOL_X : k == 's' ? POOL_S : k == 'h' ? POOL_H : POOL_D;
}

/* One FP test: `same` makes every source the same register (fmv.s/fneg.s/fabs.s forms). */
static void emit_fp(const struct fp_op *op, unsigned rm, int same)
{
	const char *srcs = op->sig + 2;
	int nsrc = (int)strlen(srcs), pools[3];
	char operands[128], src[3][16];
	int dest_x = op->sig[0] == 'x';

	line("fsrm %%[frm]");
	for (int i = 0; i < nsrc; i++) {
		int k = same ? 0 : i;
		pools[i] = pool_of(srcs[i]);
		if (srcs[i] == 'x') {
			snprintf(src[i], sizeof(src[i]), "%%[i%d]", k);
		} else {
			snprintf(src[i], sizeof(src[i]), "ft%d", k);
			if (!same || i == 0)
				line("fmv.d.x ft%d, %%[i%d]", i, i);
		}
	}
	line("fsflags %%[pre]");
	const char *rd = dest_x ? "%[o0]" : "ft3";
	if (op->rm == RM_INSN) {
		line(".insn r 0x53, %u, 0x%x, %s, %s, x%u", rm, op->funct7, rd, src[0], op->rs2);
	} else if (op->rm == RAW || op->rm == RM_RAW) {
		/* sources f0, f1, f2 (all f0 when `same`), destination f3 or t1 (x6) */
		const struct row *r = row_named(op->row);
		uint32_t w = r->match | (dest_x ? 6u : 3u) << 7;
		if (!same && nsrc >= 2)
			w |= 1u << 20;
		if (!same && nsrc >= 3)
			w |= 2u << 27;
		if (op->rm == RM_RAW)
			w |= rm << 12;
		line(".insn 0x%08x", w);
		if (dest_x)
			line("mv %%[o0], t1");
	} else {
		int n = snprintf(operands, sizeof(operands), "%s", rd);
		for (int i = 0; i < nsrc; i++)
			n += snprintf(operands + n, sizeof(operands) - (size_t)n, ", %s", src[i]);
		if (op->rm == RM)
			snprintf(operands + n, sizeof(operands) - (size_t)n, ", %s",
			         rm == RM_DYN ? "dyn" : rm_names[rm]);
		line("%s %s", mnemonic(op->row), operands);
	}
	line("frflags %%[fl]");
	if (!dest_x)
		line("fmv.x.d %%[o0], ft3");
	finish(mnemonic(op->row), same ? "same" : NULL,
	       op->rm == NO_RM || op->rm == RAW ? RM_NONE : rm, same ? 1 : nsrc, pools, 1, 1, 0);
}

static void gen_fp(void)
{
	for (size_t i = 0; i < sizeof(fp_ops) / sizeof(fp_ops[0]); i++) {
		const struct fp_op *op = &fp_ops[i];
		mark(op->row);
		cur_newer = req_is_newer(row_named(op->row)->req);
		if (op->rm == NO_RM || op->rm == RAW) {
			emit_fp(op, RM_NONE, 0);
			if (!strncmp(op->row, "fsgnj", 5) || !strncmp(op->row, "fminm", 5) ||
			    !strncmp(op->row, "fmaxm", 5))
				emit_fp(op, RM_NONE, 1);
			continue;
		}
		for (unsigned rm = 0; rm <= 4; rm++)
			emit_fp(op, rm, 0);
		emit_fp(op, RM_DYN, 0);
	}
	cur_newer = 0;
}

/* FP loads and stores: flw/fld at several offsets (the loaded single is NaN-boxed),
 * fsw/fsd of register images (fsw stores the low word whether boxed or not). */
static void gen_fp_mem(void)
{
	static const int offs_w[] = { -8, -4, 0, 4, 8 }, offs_d[] = { -8, 0, 8 };
	const int px[3] = { POOL_X, POOL_X, POOL_X };
	char v[16];
	mark("flw");
	mark("fld");
	mark("fsw");
	mark("fsd");
	for (size_t i = 0; i < 5; i++) {
		no_flags();
		line("flw ft0, %d(%%[m])", offs_w[i]);
		line("fmv.x.d %%[o0], ft0");
		snprintf(v, sizeof(v), "%d", offs_w[i]);
		finish("flw", v, RM_NONE, 3, px, 1, 0, 0);
	}
	for (size_t i = 0; i < 3; i++) {
		no_flags();
		line("fld ft0, %d(%%[m])", offs_d[i]);
		line("fmv.x.d %%[o0], ft0");
		snprintf(v, sizeof(v), "%d", offs_d[i]);
		finish("fld", v, RM_NONE, 3, px, 1, 0, 0);
	}
	for (size_t i = 0; i < 5; i++) {
		const int p[3] = { POOL_S, POOL_X, POOL_X };
		no_flags();
		line("fmv.d.x ft0, %%[i0]");
		line("fsw ft0, %d(%%[m])", offs_w[i]);
		snprintf(v, sizeof(v), "%d", offs_w[i]);
		finish("fsw", v, RM_NONE, 3, p, 0, 0, 1);
	}
	for (size_t i = 0; i < 3; i++) {
		const int p[3] = { POOL_D, POOL_X, POOL_X };
		no_flags();
		line("fmv.d.x ft0, %%[i0]");
		line("fsd ft0, %d(%%[m])", offs_d[i]);
		snprintf(v, sizeof(v), "%d", offs_d[i]);
		finish("fsd", v, RM_NONE, 3, p, 0, 0, 1);
	}
	/* Zfhmin: flh NaN-boxes the loaded half; fsh stores the low half whether boxed or not */
	static const int offs_h[] = { -8, -2, 0, 2, 6, 8 };
	mark("flh");
	mark("fsh");
	for (size_t i = 0; i < 6; i++) {
		no_flags();
		line("flh ft0, %d(%%[m])", offs_h[i]);
		line("fmv.x.d %%[o0], ft0");
		snprintf(v, sizeof(v), "%d", offs_h[i]);
		finish("flh", v, RM_NONE, 3, px, 1, 0, 0);
	}
	for (size_t i = 0; i < 6; i++) {
		const int p[3] = { POOL_H, POOL_X, POOL_X };
		no_flags();
		line("fmv.d.x ft0, %%[i0]");
		line("fsh ft0, %d(%%[m])", offs_h[i]);
		snprintf(v, sizeof(v), "%d", offs_h[i]);
		finish("fsh", v, RM_NONE, 3, p, 0, 0, 1);
	}
}

/* Zfa fli.s, fli.d, fli.h: every index of the constant table (newer) */
static void gen_fli(void)
{
	static const char *const fli[] = { "fli_s", "fli_d", "fli_h" };
	const int px[3] = { POOL_X, POOL_X, POOL_X };
	char v[16];
	cur_newer = 1;
	for (int k = 0; k < 3; k++) {
		const struct row *r = row_named(fli[k]);
		mark(fli[k]);
		for (unsigned idx = 0; idx < 32; idx++) {
			line("fsflags %%[pre]");
			line("fmv.d.x ft3, zero");
			line(".insn 0x%08x", r->match | idx << 15 | 3u << 7);  /* fli ft3, idx */
			line("frflags %%[fl]");
			line("fmv.x.d %%[o0], ft3");
			snprintf(v, sizeof(v), "%u", idx);
			finish(mnemonic(fli[k]), v, RM_NONE, 0, px, 1, 1, 0);
		}
	}
	cur_newer = 0;
}

/* ---- RV64I and M ------------------------------------------------------------------------ */

static const char *const int_rr[] = {
	"add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and",
	"addw", "subw", "sllw", "srlw", "sraw",
	"mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu",
	"mulw", "divw", "divuw", "remw", "remuw",
};

static void gen_int(void)
{
	const int px[3] = { POOL_X, POOL_X, POOL_X };
	char v[32];
	for (size_t i = 0; i < sizeof(int_rr) / sizeof(int_rr[0]); i++) {
		mark(int_rr[i]);
		no_flags();
		line("%s %%[o0], %%[i0], %%[i1]", int_rr[i]);
		finish(int_rr[i], NULL, RM_NONE, 2, px, 1, 0, 0);
		/* all three operands the same register */
		no_flags();
		line("mv %%[o0], %%[i0]");
		line("%s %%[o0], %%[o0], %%[o0]", int_rr[i]);
		finish(int_rr[i], "same", RM_NONE, 1, px, 1, 0, 0);
	}

	static const char *const imm_ops[] = { "addi", "slti", "sltiu", "xori", "ori", "andi",
	                                       "addiw" };
	static const int imms[] = { 0, 1, -1, 2047, -2048, 0x555, -1366 };
	for (size_t i = 0; i < sizeof(imm_ops) / sizeof(imm_ops[0]); i++) {
		mark(imm_ops[i]);
		for (size_t j = 0; j < sizeof(imms) / sizeof(imms[0]); j++) {
			no_flags();
			line("%s %%[o0], %%[i0], %d", imm_ops[i], imms[j]);
			snprintf(v, sizeof(v), "%d", imms[j]);
			finish(imm_ops[i], v, RM_NONE, 1, px, 1, 0, 0);
		}
	}

	static const char *const sh64[] = { "slli", "srli", "srai" }, *const sh32[] = { "slliw",
	                                    "srliw", "sraiw" };
	static const int shamt64[] = { 0, 1, 31, 32, 63 }, shamt32[] = { 0, 1, 31 };
	for (size_t i = 0; i < 3; i++) {
		mark(sh64[i]);
		mark(sh32[i]);
		for (size_t j = 0; j < 5; j++) {
			no_flags();
			line("%s %%[o0], %%[i0], %d", sh64[i], shamt64[j]);
			snprintf(v, sizeof(v), "%d", shamt64[j]);
			finish(sh64[i], v, RM_NONE, 1, px, 1, 0, 0);
		}
		for (size_t j = 0; j < 3; j++) {
			no_flags();
			line("%s %%[o0], %%[i0], %d", sh32[i], shamt32[j]);
			snprintf(v, sizeof(v), "%d", shamt32[j]);
			finish(sh32[i], v, RM_NONE, 1, px, 1, 0, 0);
		}
	}

	static const unsigned uimms[] = { 0, 1, 0x7ffff, 0x80000, 0xfffff, 0x12345 };
	mark("lui");
	mark("auipc");
	for (size_t j = 0; j < sizeof(uimms) / sizeof(uimms[0]); j++) {
		snprintf(v, sizeof(v), "0x%x", uimms[j]);
		no_flags();
		line("lui %%[o0], 0x%x", uimms[j]);
		finish("lui", v, RM_NONE, 0, px, 1, 0, 0);
		/* auipc: the result minus its own address is the immediate */
		no_flags();
		line("1: auipc %%[o0], 0x%x", uimms[j]);
		line("lla %%[o1], 1b");
		line("sub %%[o0], %%[o0], %%[o1]");
		finish("auipc", v, RM_NONE, 0, px, 1, 0, 0);
	}

	/* jal/jalr: the link must be the address after the jump, the target taken exactly
	 * (jalr clears bit 0 of the sum, and reads rs1 before writing rd when they are equal). */
	mark("jal");
	no_flags();
	line("jal %%[o0], 2f");
	line("1: li %%[o0], 0x99");
	line("2: lla %%[o1], 1b");
	line("sub %%[o0], %%[o0], %%[o1]");
	finish("jal", NULL, RM_NONE, 0, px, 1, 0, 0);
	no_flags();
	line("j 2f");
	line("1: lla %%[o1], 3f");
	line("sub %%[o0], %%[o0], %%[o1]");
	line("j 4f");
	line("2: jal %%[o0], 1b");
	line("3: li %%[o0], 0x77");
	line("4:");
	finish("jal", "back", RM_NONE, 0, px, 1, 0, 0);

	static const struct { const char *v; int adj, imm, same; } jalr_v[] = {
		{ "0", 0, 0, 0 }, { "odd", 1, 0, 0 }, { "neg", 100, -100, 0 }, { "pos", -2000, 2000, 0 },
		{ "odd-imm", 0, 1, 0 }, { "rd=rs1", 4, -4, 1 },
	};
	mark("jalr");
	for (size_t j = 0; j < sizeof(jalr_v) / sizeof(jalr_v[0]); j++) {
		const char *base = jalr_v[j].same ? "%[o0]" : "%[o1]";
		no_flags();
		line("lla %s, 2f", base);
		line("addi %s, %s, %d", base, base, jalr_v[j].adj);
		line("jalr %%[o0], %d(%s)", jalr_v[j].imm, base);
		line("1: li %%[o0], 0x99");
		line("2: lla %%[o1], 1b");
		line("sub %%[o0], %%[o0], %%[o1]");
		finish("jalr", jalr_v[j].v, RM_NONE, 0, px, 1, 0, 0);
	}

	static const char *const br[] = { "beq", "bne", "blt", "bge", "bltu", "bgeu" };
	for (size_t i = 0; i < 6; i++) {
		mark(br[i]);
		no_flags();
		line("li %%[o0], 1");
		line("%s %%[i0], %%[i1], 1f", br[i]);
		line("li %%[o0], 0");
		line("1:");
		finish(br[i], NULL, RM_NONE, 2, px, 1, 0, 0);
		/* backward */
		no_flags();
		line("li %%[o0], 0");
		line("j 2f");
		line("1: li %%[o0], 1");
		line("j 3f");
		line("2: %s %%[i0], %%[i1], 1b", br[i]);
		line("3:");
		finish(br[i], "back", RM_NONE, 2, px, 1, 0, 0);
	}
}

/* Loads and stores at offsets around m = &mem[1] (natural alignment). */
static void gen_int_mem(void)
{
	static const struct { const char *row; int offs[6]; int n; } loads[] = {
		{ "lb", { -8, -1, 0, 1, 7, 8 }, 6 }, { "lbu", { -8, -1, 0, 1, 7, 8 }, 6 },
		{ "lh", { -8, -2, 0, 2, 6, 8 }, 6 }, { "lhu", { -8, -2, 0, 2, 6, 8 }, 6 },
		{ "lw", { -8, -4, 0, 4, 8 }, 5 }, { "lwu", { -8, -4, 0, 4, 8 }, 5 },
		{ "ld", { -8, 0, 8 }, 3 },
	}, stores[] = {
		{ "sb", { -8, -1, 0, 1, 7, 8 }, 6 }, { "sh", { -8, -2, 0, 2, 6, 8 }, 6 },
		{ "sw", { -8, -4, 0, 4, 8 }, 5 }, { "sd", { -8, 0, 8 }, 3 },
	};
	const int px[3] = { POOL_X, POOL_X, POOL_X };
	char v[16];
	for (size_t i = 0; i < sizeof(loads) / sizeof(loads[0]); i++) {
		mark(loads[i].row);
		for (int j = 0; j < loads[i].n; j++) {
			no_flags();
			line("%s %%[o0], %d(%%[m])", loads[i].row, loads[i].offs[j]);
			snprintf(v, sizeof(v), "%d", loads[i].offs[j]);
			finish(loads[i].row, v, RM_NONE, 3, px, 1, 0, 0);
		}
	}
	for (size_t i = 0; i < sizeof(stores) / sizeof(stores[0]); i++) {
		mark(stores[i].row);
		for (int j = 0; j < stores[i].n; j++) {
			no_flags();
			line("%s %%[i0], %d(%%[m])", stores[i].row, stores[i].offs[j]);
			snprintf(v, sizeof(v), "%d", stores[i].offs[j]);
			finish(stores[i].row, v, RM_NONE, 3, px, 0, 0, 1);
		}
	}
}

/* ---- Zba, Zbb, Zbs, Zbc, Zbkb (qemu-riscv64 7.2 with zba, zbb, zbc, zbs, zbkb) ----------- */

static void gen_bitmanip(void)
{
	static const char *const rr[] = {
		"sh1add", "sh2add", "sh3add", "add_uw", "sh1add_uw", "sh2add_uw", "sh3add_uw",
		"andn", "orn", "xnor", "max", "maxu", "min", "minu", "rol", "ror", "rolw", "rorw",
		"bclr", "bext", "binv", "bset", "clmul", "clmulr", "clmulh",
		"pack", "packh", "packw",
	};
	static const char *const un[] = { "clz", "ctz", "cpop", "clzw", "ctzw", "cpopw", "sext_b",
	                                   "sext_h", "zext_h", "orc_b", "rev8", "brev8" };
	static const char *const sh64[] = { "slli_uw", "rori", "bclri", "bexti", "binvi", "bseti" };
	static const int shamt64[] = { 0, 1, 31, 32, 63 }, shamt32[] = { 0, 1, 31 };
	const int px[3] = { POOL_X, POOL_X, POOL_X };
	char v[32];
	for (size_t i = 0; i < sizeof(rr) / sizeof(rr[0]); i++) {
		const char *mn = mnemonic(rr[i]);
		char name[32];
		snprintf(name, sizeof(name), "%s", mn);
		mark(rr[i]);
		no_flags();
		line("%s %%[o0], %%[i0], %%[i1]", name);
		finish(name, NULL, RM_NONE, 2, px, 1, 0, 0);
		no_flags();
		line("mv %%[o0], %%[i0]");
		line("%s %%[o0], %%[o0], %%[o0]", name);
		finish(name, "same", RM_NONE, 1, px, 1, 0, 0);
	}
	/* packw with rs2 = x0 is zext.h's encoding (the zext_h row) */
	no_flags();
	line("zext.h %%[o0], %%[i0]");
	finish("zext.h", NULL, RM_NONE, 1, px, 1, 0, 0);
	mark("zext_h");
	for (size_t i = 0; i < sizeof(un) / sizeof(un[0]); i++) {
		if (!strcmp(un[i], "zext_h"))
			continue;
		const char *mn = mnemonic(un[i]);
		char name[32];
		snprintf(name, sizeof(name), "%s", mn);
		mark(un[i]);
		no_flags();
		line("%s %%[o0], %%[i0]", name);
		finish(name, NULL, RM_NONE, 1, px, 1, 0, 0);
	}
	for (size_t i = 0; i < sizeof(sh64) / sizeof(sh64[0]); i++) {
		const char *mn = mnemonic(sh64[i]);
		char name[32];
		snprintf(name, sizeof(name), "%s", mn);
		mark(sh64[i]);
		for (size_t j = 0; j < 5; j++) {
			no_flags();
			line("%s %%[o0], %%[i0], %d", name, shamt64[j]);
			snprintf(v, sizeof(v), "%d", shamt64[j]);
			finish(name, v, RM_NONE, 1, px, 1, 0, 0);
		}
	}
	mark("roriw");
	for (size_t j = 0; j < 3; j++) {
		no_flags();
		line("roriw %%[o0], %%[i0], %d", shamt32[j]);
		snprintf(v, sizeof(v), "%d", shamt32[j]);
		finish("roriw", v, RM_NONE, 1, px, 1, 0, 0);
	}
}

/* ---- newer integer rows: Zicond, Zicbom/Zicboz, Zawrs, Zimop (gas 2.40 does not know
 * Zicond or Zimop: .insn words; registers t0 = x5, t1 = x6, a1 = x11 there) ----------------- */

static void gen_newer_int(void)
{
	const int px[3] = { POOL_X, POOL_X, POOL_X };
	char v[32];
	cur_newer = 1;
	static const struct { const char *row; unsigned f3; } cz[] = {
		{ "czero_eqz", 5 }, { "czero_nez", 7 },
	};
	for (int i = 0; i < 2; i++) {
		mark(cz[i].row);
		no_flags();
		line(".insn r 0x33, %u, 7, %%[o0], %%[i0], %%[i1]", cz[i].f3);
		finish(mnemonic(cz[i].row), NULL, RM_NONE, 2, px, 1, 0, 0);
		no_flags();
		line("mv %%[o0], %%[i0]");
		line(".insn r 0x33, %u, 7, %%[o0], %%[o0], %%[o0]", cz[i].f3);
		finish(mnemonic(cz[i].row), "same", RM_NONE, 1, px, 1, 0, 0);
		no_flags();
		line(".insn r 0x33, %u, 7, %%[o0], %%[i0], zero", cz[i].f3);
		finish(mnemonic(cz[i].row), "x0", RM_NONE, 1, px, 1, 0, 0);
	}

	/* cbo.zero zeroes the 64-byte block holding rs1 (mem[0..7], aligned): mem[0..3] are
	 * printed, mem[4..7] read back into o0..o3; rs1 anywhere in the block. clean and flush
	 * change no data a program can see. */
	mark("cbo_zero");
	static const int zoff[] = { -8, 0, 17, 55 };
	for (int j = 0; j < 4; j++) {
		no_flags();
		line("addi t0, %%[m], %d", zoff[j]);
		line("cbo.zero (t0)");
		line("ld %%[o0], 24(%%[m])");
		line("ld %%[o1], 32(%%[m])");
		line("ld %%[o2], 40(%%[m])");
		line("ld %%[o3], 48(%%[m])");
		snprintf(v, sizeof(v), "%d", zoff[j]);
		next_trap = 1;
		finish("cbo.zero", v, RM_NONE, 3, px, 4, 0, 1);
	}
	static const char *const cbo[] = { "cbo_clean", "cbo_flush" };  /* cbo.inval: excluded[] */
	for (int i = 0; i < 2; i++) {
		mark(cbo[i]);
		no_flags();
		line("%s (%%[m])", mnemonic(cbo[i]));
		line("ld %%[o0], 0(%%[m])");
		next_trap = 1;
		finish(mnemonic(cbo[i]), NULL, RM_NONE, 3, px, 1, 0, 1);
	}
	static const char *const wrs[] = { "wrs_nto", "wrs_sto" };
	for (int i = 0; i < 2; i++) {
		mark(wrs[i]);
		no_flags();
		line(".insn 0x%08x", row_named(wrs[i])->match);
		line("li %%[o0], 1");
		next_trap = 1;
		finish(mnemonic(wrs[i]), NULL, RM_NONE, 0, px, 1, 0, 0);
		/* after an lr (a reservation to wait on) */
		no_flags();
		line("lr.d %%[o1], (%%[m])");
		line(".insn 0x%08x", row_named(wrs[i])->match);
		line("li %%[o0], 1");
		next_trap = 1;
		finish(mnemonic(wrs[i]), "lr", RM_NONE, 3, px, 2, 0, 0);
	}

	/* mop.r.n (n 0..31) and mop.rr.n (n 0..7) write 0 to rd (t1, preset to i0) */
	mark("mop_r");
	mark("mop_rr");
	for (unsigned n = 0; n < 40; n++) {
		uint32_t w;
		if (n < 32)
			w = row_named("mop_r")->match | (n >> 4 & 1) << 30 | (n >> 2 & 3) << 26 |
			    (n & 3) << 20 | 5u << 15 | 6u << 7;
		else
			w = row_named("mop_rr")->match | ((n - 32) >> 2 & 1) << 30 |
			    ((n - 32) & 3) << 26 | 11u << 20 | 5u << 15 | 6u << 7;
		no_flags();
		line("mv t1, %%[i0]");
		line("mv t0, %%[i0]");
		line("mv a1, %%[i0]");
		line(".insn 0x%08x", w);
		line("mv %%[o0], t1");
		line("mv %%[o1], t0");
		snprintf(v, sizeof(v), "%u", n < 32 ? n : n - 32);
		finish(n < 32 ? "mop.r" : "mop.rr", v, RM_NONE, 1, px, 2, 0, 0);
	}
	cur_newer = 0;
}

/* ---- Zcb, Zcmop (newer: 16-bit .insn words; rd'/rs1' a0 = 2, rs2'/rs1' a1 = 3) ---------- */

static void gen_newer_rvc(void)
{
	const int px[3] = { POOL_X, POOL_X, POOL_X };
	char v[32];
	cur_newer = 1;
	/* loads and stores off a1 = m: uimm 0..3 (bytes), 0 and 2 (halves) */
	static const struct { const char *row; unsigned base; int halves, store; } ls[] = {
		{ "c_lbu", 0x8000, 0, 0 }, { "c_lhu", 0x8400, 1, 0 }, { "c_lh", 0x8440, 1, 0 },
		{ "c_sb", 0x8800, 0, 1 }, { "c_sh", 0x8c00, 1, 1 },
	};
	for (size_t i = 0; i < sizeof(ls) / sizeof(ls[0]); i++) {
		mark_rvc(ls[i].row);
		for (unsigned off = 0; off < 4; off += ls[i].halves ? 2 : 1) {
			/* uimm[0] is bit 6, uimm[1] bit 5 */
			unsigned w = ls[i].base | 3u << 7 | 2u << 2 | (off >> 1 & 1) << 5;
			if (!ls[i].halves)
				w |= (off & 1) << 6;
			no_flags();
			line("mv a1, %%[m]");
			if (ls[i].store) {
				line("mv a0, %%[i0]");
				line(".insn 0x%04x", w);
			} else {
				line(".insn 0x%04x", w);
				line("mv %%[o0], a0");
			}
			snprintf(v, sizeof(v), "%u", off);
			finish(mnemonic(ls[i].row), v, RM_NONE, 3, px, ls[i].store ? 0 : 1, 0,
			       ls[i].store);
		}
	}
	static const struct { const char *row; unsigned w; } un[] = {
		{ "c_zext_b", 0x9c61 }, { "c_sext_b", 0x9c65 }, { "c_zext_h", 0x9c69 },
		{ "c_sext_h", 0x9c6d }, { "c_zext_w", 0x9c71 }, { "c_not", 0x9c75 },
	};
	for (size_t i = 0; i < sizeof(un) / sizeof(un[0]); i++) {
		mark_rvc(un[i].row);
		no_flags();
		line("mv a0, %%[i0]");
		line(".insn 0x%04x", un[i].w | 2u << 7);
		line("mv %%[o0], a0");
		finish(mnemonic(un[i].row), NULL, RM_NONE, 1, px, 1, 0, 0);
	}
	mark_rvc("c_mul");
	no_flags();
	line("mv a0, %%[i0]");
	line("mv a1, %%[i1]");
	line(".insn 0x%04x", 0x9c41u | 2u << 7 | 3u << 2);  /* c.mul a0, a1 */
	line("mv %%[o0], a0");
	finish("c.mul", NULL, RM_NONE, 2, px, 1, 0, 0);
	no_flags();
	line("mv a0, %%[i0]");
	line(".insn 0x%04x", 0x9c41u | 2u << 7 | 2u << 2);  /* c.mul a0, a0 */
	line("mv %%[o0], a0");
	finish("c.mul", "same", RM_NONE, 1, px, 1, 0, 0);

	/* c.mop.n, n odd 1..15: writes nothing (x[n] keeps its value; checked for ra = x1, t0 =
	 * x5, the others are registers the compiler may hold values in) */
	mark_rvc("c_mop");
	for (unsigned n = 1; n < 16; n += 2) {
		no_flags();
		line("mv ra, %%[i0]");
		line("mv t0, %%[i0]");
		line(".insn 0x%04x", 0x6001u | n << 7);
		line("mv %%[o0], ra");
		line("mv %%[o1], t0");
		snprintf(v, sizeof(v), "%u", n);
		finish("c.mop", v, RM_NONE, 1, px, 2, 0, 0);
	}
	cur_newer = 0;
}

/* ---- A ------------------------------------------------------------------------------------ */

static void gen_amo(void)
{
	static const char *const ops[] = { "amoswap", "amoadd", "amoxor", "amoand", "amoor",
	                                   "amomin", "amomax", "amominu", "amomaxu" };
	static const char *const ord[] = { "", ".aq", ".rl", ".aqrl" };
	const int px[3] = { POOL_X, POOL_X, POOL_X };
	char row[32], mn[40];
	for (int w = 0; w < 2; w++) {
		const char *sz = w ? "d" : "w";
		for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
			snprintf(row, sizeof(row), "%s_%s", ops[i], sz);
			mark(row);
			for (int o = 0; o < 4; o++) {
				/* mem[1] is the word operated on; .w also at its upper half */
				snprintf(mn, sizeof(mn), "%s.%s%s", ops[i], sz, ord[o]);
				no_flags();
				line("%s %%[o0], %%[i2], (%%[m])", mn);
				finish(mnemonic(row), o ? ord[o] + 1 : NULL, RM_NONE, 3, px, 1, 0, 1);
			}
			if (!w) {
				no_flags();
				line("addi t0, %%[m], 4");
				line("%s.w %%[o0], %%[i2], (t0)", ops[i]);
				finish(mnemonic(row), "hi", RM_NONE, 3, px, 1, 0, 1);
			}
			/* rd = x0: memory still updated */
			no_flags();
			line("%s.%s zero, %%[i2], (%%[m])", ops[i], sz);
			line("li %%[o0], 0");
			finish(mnemonic(row), "rd0", RM_NONE, 3, px, 1, 0, 1);
		}
		/* LR/SC: a pair succeeds (0), an SC without a reservation or to another address
		 * fails (1) and stores nothing; every SC ends the reservation */
		snprintf(row, sizeof(row), "lr_%s", sz);
		mark(row);
		snprintf(row, sizeof(row), "sc_%s", sz);
		mark(row);
		no_flags();
		line("lr.%s %%[o0], (%%[m])", sz);
		line("sc.%s %%[o1], %%[i2], (%%[m])", sz);
		finish(w ? "lr.d+sc.d" : "lr.w+sc.w", NULL, RM_NONE, 3, px, 2, 0, 1);
		no_flags();
		line("lr.%s.aq %%[o0], (%%[m])", sz);
		line("sc.%s.rl %%[o1], %%[i2], (%%[m])", sz);
		line("sc.%s %%[o2], %%[i0], (%%[m])", sz);
		finish(w ? "lr.d+sc.d+sc.d" : "lr.w+sc.w+sc.w", NULL, RM_NONE, 3, px, 3, 0, 1);
		no_flags();
		line("sc.%s %%[o1], %%[i2], (%%[m])", sz);
		line("li %%[o0], 0");
		finish(w ? "sc.d" : "sc.w", "noreservation", RM_NONE, 3, px, 2, 0, 1);
		no_flags();
		line("lr.%s %%[o0], (%%[m])", sz);
		line("addi t0, %%[m], 8");
		line("sc.%s %%[o1], %%[i2], (t0)", sz);
		finish(w ? "lr.d+sc.d" : "lr.w+sc.w", "otheraddress", RM_NONE, 3, px, 2, 0, 1);
	}
}

/* ---- Zicsr on the FP CSRs, fences ----------------------------------------------------------- */

static void gen_csr(void)
{
	static const char *const csrs[] = { "fflags", "frm", "fcsr" };
	static const char *const rr[] = { "csrrw", "csrrs", "csrrc" };
	static const int uimm[] = { 0, 1, 5, 31 };
	const int px[3] = { POOL_X, POOL_X, POOL_X };
	char v[32], mn[16];
	for (int i = 0; i < 3; i++) {
		mark(rr[i]);
		snprintf(mn, sizeof(mn), "%si", rr[i]);
		mark(mn);
		for (int c = 0; c < 3; c++) {
			/* preset fcsr from i0 (upper bits must be ignored), operate with i1, read back */
			no_flags();
			line("csrw fcsr, %%[i0]");
			line("%s %%[o0], %s, %%[i1]", rr[i], csrs[c]);
			line("csrr %%[o1], fcsr");
			finish(rr[i], csrs[c], RM_NONE, 2, px, 2, 0, 0);
			no_flags();
			line("csrw fcsr, %%[i0]");
			line("%s %%[o0], %s, zero", rr[i], csrs[c]);
			line("csrr %%[o1], fcsr");
			snprintf(v, sizeof(v), "%s,zero", csrs[c]);
			finish(rr[i], v, RM_NONE, 1, px, 2, 0, 0);
			for (int k = 0; k < 4; k++) {
				no_flags();
				line("csrw fcsr, %%[i0]");
				line("%s %%[o0], %s, %d", mn, csrs[c], uimm[k]);
				line("csrr %%[o1], fcsr");
				snprintf(v, sizeof(v), "%s,%d", csrs[c], uimm[k]);
				finish(mn, v, RM_NONE, 1, px, 2, 0, 0);
			}
		}
	}
	mark("fence");
	mark("fence_i");
	static const struct { const char *text, *name, *variant; } fences[] = {
		{ "fence", "fence", NULL }, { "fence rw, rw", "fence", "rw,rw" },
		{ "fence r, w", "fence", "r,w" }, { "fence.tso", "fence", "tso" },
		{ "fence iorw, iorw", "fence", "iorw,iorw" }, { "fence.i", "fence.i", NULL },
	};
	for (size_t i = 0; i < sizeof(fences) / sizeof(fences[0]); i++) {
		no_flags();
		line("%s", fences[i].text);
		line("li %%[o0], 1");
		finish(fences[i].name, fences[i].variant, RM_NONE, 0, px, 1, 0, 0);
	}
}

/* ---- RVC -------------------------------------------------------------------------------
 * Every compressed encoding written explicitly (c.* mnemonics), on the 3-bit registers a0/a1
 * and fa0, with immediates at the ends of their ranges; sp-relative forms use a stack area of
 * their own below sp. */
static void gen_rvc(void)
{
	const int px[3] = { POOL_X, POOL_X, POOL_X };
	const int pd[3] = { POOL_D, POOL_X, POOL_X };
	char v[32];
	struct { const char *row, *mn; int imms[5], n; } ri[] = {
		{ "c_addi", "c.addi", { 1, -1, 31, -32 }, 4 },
		{ "c_addiw", "c.addiw", { 0, 1, -1, 31, -32 }, 5 },
		{ "c_andi", "c.andi", { 0, -1, 31, -32 }, 4 },
		{ "c_srli", "c.srli", { 1, 31, 32, 63 }, 4 },
		{ "c_srai", "c.srai", { 1, 31, 32, 63 }, 4 },
		{ "c_slli", "c.slli", { 1, 31, 32, 63 }, 4 },
	};
	for (size_t i = 0; i < sizeof(ri) / sizeof(ri[0]); i++) {
		mark_rvc(ri[i].row);
		for (int j = 0; j < ri[i].n; j++) {
			no_flags();
			line("mv a0, %%[i0]");
			line("%s a0, %d", ri[i].mn, ri[i].imms[j]);
			line("mv %%[o0], a0");
			snprintf(v, sizeof(v), "%d", ri[i].imms[j]);
			finish(ri[i].mn, v, RM_NONE, 1, px, 1, 0, 0);
		}
	}
	mark_rvc("c_li");
	static const int li[] = { 0, -1, 31, -32 };
	for (int j = 0; j < 4; j++) {
		no_flags();
		line("c.li a0, %d", li[j]);
		line("mv %%[o0], a0");
		snprintf(v, sizeof(v), "%d", li[j]);
		finish("c.li", v, RM_NONE, 0, px, 1, 0, 0);
	}
	mark_rvc("c_lui");
	static const unsigned lui[] = { 1, 0x1f, 0xfffe0, 0xfffff };
	for (int j = 0; j < 4; j++) {
		no_flags();
		line("c.lui a0, 0x%x", lui[j]);
		line("mv %%[o0], a0");
		snprintf(v, sizeof(v), "0x%x", lui[j]);
		finish("c.lui", v, RM_NONE, 0, px, 1, 0, 0);
	}
	no_flags();
	line("c.nop");
	line("li %%[o0], 1");
	finish("c.nop", NULL, RM_NONE, 0, px, 1, 0, 0);

	static const char *const rr[] = { "c_sub", "c_xor", "c_or", "c_and", "c_subw", "c_addw",
	                                   "c_add" };
	for (size_t i = 0; i < sizeof(rr) / sizeof(rr[0]); i++) {
		mark_rvc(rr[i]);
		no_flags();
		line("mv a0, %%[i0]");
		line("mv a1, %%[i1]");
		line("%s a0, a1", mnemonic(rr[i]));
		line("mv %%[o0], a0");
		finish(mnemonic(rr[i]), NULL, RM_NONE, 2, px, 1, 0, 0);
	}
	mark_rvc("c_mv");
	no_flags();
	line("c.mv a0, %%[i0]");
	line("mv %%[o0], a0");
	finish("c.mv", NULL, RM_NONE, 1, px, 1, 0, 0);

	/* loads and stores off a1 = &mem[0] */
	static const struct { const char *row, *mn; int offs[4], n, fp, store; } ls[] = {
		{ "c_lw", "c.lw", { 0, 4, 12, 20 }, 4, 0, 0 },
		{ "c_ld", "c.ld", { 0, 8, 24 }, 3, 0, 0 },
		{ "c_fld", "c.fld", { 0, 8, 24 }, 3, 1, 0 },
		{ "c_sw", "c.sw", { 0, 4, 12, 20 }, 4, 0, 1 },
		{ "c_sd", "c.sd", { 0, 8, 24 }, 3, 0, 1 },
		{ "c_fsd", "c.fsd", { 0, 8, 24 }, 3, 1, 1 },
	};
	for (size_t i = 0; i < sizeof(ls) / sizeof(ls[0]); i++) {
		mark_rvc(ls[i].row);
		for (int j = 0; j < ls[i].n; j++) {
			const char *reg = ls[i].fp ? "fa0" : "a0";
			no_flags();
			line("addi a1, %%[m], -8");
			if (ls[i].store) {
				line(ls[i].fp ? "fmv.d.x fa0, %%[i0]" : "mv a0, %%[i0]");
				line("%s %s, %d(a1)", ls[i].mn, reg, ls[i].offs[j]);
			} else {
				line("%s %s, %d(a1)", ls[i].mn, reg, ls[i].offs[j]);
				line(ls[i].fp ? "fmv.x.d %%[o0], fa0" : "mv %%[o0], a0");
			}
			snprintf(v, sizeof(v), "%d", ls[i].offs[j]);
			finish(ls[i].mn, v, RM_NONE, 3, ls[i].fp && ls[i].store ? pd : px,
			       ls[i].store ? 0 : 1, 0, ls[i].store);
		}
	}
	/* sp-relative: a 64-byte area of their own below sp */
	static const struct { const char *row, *mn; int off, fp, store; } sp[] = {
		{ "c_lwsp", "c.lwsp", 4, 0, 0 }, { "c_lwsp", "c.lwsp", 12, 0, 0 },
		{ "c_ldsp", "c.ldsp", 8, 0, 0 }, { "c_ldsp", "c.ldsp", 0, 0, 0 },
		{ "c_fldsp", "c.fldsp", 8, 1, 0 },
		{ "c_swsp", "c.swsp", 4, 0, 1 }, { "c_sdsp", "c.sdsp", 8, 0, 1 },
		{ "c_fsdsp", "c.fsdsp", 8, 1, 1 },
	};
	for (size_t i = 0; i < sizeof(sp) / sizeof(sp[0]); i++) {
		const char *reg = sp[i].fp ? "fa0" : "a0";
		mark_rvc(sp[i].row);
		no_flags();
		line("addi sp, sp, -64");
		line("sd %%[i1], 0(sp)");
		line("sd %%[i2], 8(sp)");
		if (sp[i].store) {
			line(sp[i].fp ? "fmv.d.x fa0, %%[i0]" : "mv a0, %%[i0]");
			line("%s %s, %d(sp)", sp[i].mn, reg, sp[i].off);
			line("ld %%[o0], 0(sp)");
			line("ld %%[o1], 8(sp)");
		} else {
			line("%s %s, %d(sp)", sp[i].mn, reg, sp[i].off);
			line(sp[i].fp ? "fmv.x.d %%[o0], fa0" : "mv %%[o0], a0");
			line("li %%[o1], 0");
		}
		line("addi sp, sp, 64");
		snprintf(v, sizeof(v), "%d", sp[i].off);
		finish(sp[i].mn, v, RM_NONE, 3, sp[i].fp && sp[i].store ? pd : px, 2, 0, 0);
	}
	/* sp arithmetic */
	mark_rvc("c_addi4spn");
	static const int a4[] = { 4, 1020 };
	for (int j = 0; j < 2; j++) {
		no_flags();
		line("c.addi4spn a0, sp, %d", a4[j]);
		line("sub %%[o0], a0, sp");
		snprintf(v, sizeof(v), "%d", a4[j]);
		finish("c.addi4spn", v, RM_NONE, 0, px, 1, 0, 0);
	}
	mark_rvc("c_addi16sp");
	no_flags();
	line("mv t1, sp");
	line("c.addi16sp sp, -512");
	line("sub %%[o0], t1, sp");
	line("c.addi16sp sp, 496");
	line("c.addi16sp sp, 16");
	line("sub %%[o1], t1, sp");
	finish("c.addi16sp", NULL, RM_NONE, 0, px, 2, 0, 0);

	/* control transfer */
	mark_rvc("c_j");
	no_flags();
	line("li %%[o0], 0");
	line("c.j 2f");
	line("li %%[o0], 0x99");
	line("2:");
	finish("c.j", NULL, RM_NONE, 0, px, 1, 0, 0);
	static const char *const bz[] = { "c_beqz", "c_bnez" };
	for (int i = 0; i < 2; i++) {
		mark_rvc(bz[i]);
		no_flags();
		line("mv a0, %%[i0]");
		line("li %%[o0], 1");
		line("%s a0, 1f", mnemonic(bz[i]));
		line("li %%[o0], 0");
		line("1:");
		finish(mnemonic(bz[i]), NULL, RM_NONE, 1, px, 1, 0, 0);
	}
	mark_rvc("c_jr");
	no_flags();
	line("lla a0, 2f");
	line("li %%[o0], 0");
	line("c.jr a0");
	line("li %%[o0], 0x99");
	line("2:");
	finish("c.jr", NULL, RM_NONE, 0, px, 1, 0, 0);
	mark_rvc("c_jalr");
	no_flags();
	line("lla a0, 2f");
	line("c.jalr a0");
	line("1: li ra, 0x99");
	line("2: lla %%[o1], 1b");
	line("sub %%[o0], ra, %%[o1]");
	finish("c.jalr", NULL, RM_NONE, 0, px, 1, 0, 0);
	mark_rvc("c_ebreak");
	no_flags();
	line("c.ebreak");
	line("li %%[o0], 0x7e57");
	next_trap = 1;
	finish("c.ebreak", NULL, RM_NONE, 0, px, 1, 0, 0);
}

/* ---- traps ------------------------------------------------------------------------------
 * Every row with a rounding-mode field, encoded from its isa_table.def match with the
 * reserved static modes 5 and 6, and with rm = dyn under the invalid frm values 5, 6, 7: each
 * must raise SIGILL. ebreak must raise SIGTRAP. */
static void gen_traps(void)
{
	const int px[3] = { POOL_X, POOL_X, POOL_X };
	char v[16];
	for (size_t i = 0; i < NROWS; i++) {
		const struct row *r = &rows[i];
		if (!(r->flags & ISA_T_RM))
			continue;
		uint32_t w = r->match;
		w |= (r->flags & ISA_T_RD_F ? 3u : 6u) << 7;          /* f3 or t1 */
		w |= (r->flags & ISA_T_RS1_F ? 0u : 5u) << 15;        /* f0 or t0 */
		if (r->fmt == ISA_FMT_R4)
			w |= 1u << 20 | 2u << 27;                     /* f1, f2 */
		else if (!(r->flags & ISA_T_NO_RS2))
			w |= 1u << 20;                                /* f1 */
		cur_newer = req_is_newer(r->req);
		for (unsigned rm = 5; rm <= 7; rm++) {
			no_flags();
			line("fsrm %%[frm]");
			line("fmv.d.x ft0, %%[i0]");
			line("fmv.d.x ft1, %%[i0]");
			line("fmv.d.x ft2, %%[i0]");
			line("mv t0, %%[i0]");
			line(".insn 0x%08x", (w & ~(7u << 12)) | rm << 12);  /* no $d region */
			line("li %%[o0], 0x7e57");                    /* reached: no trap */
			snprintf(v, sizeof(v), rm == 7 ? "badfrm" : "rm%u", rm);
			next_trap = 1;
			next_bad_frm = rm == 7;
			finish(mnemonic(r->name), v, RM_NONE, 0, px, 1, 0, 0);
		}
		cur_newer = 0;
	}
	mark("ebreak");
	no_flags();
	line("ebreak");
	line("li %%[o0], 0x7e57");
	next_trap = 1;
	finish("ebreak", NULL, RM_NONE, 0, px, 1, 0, 0);
}

int main(void)
{
	printf("/* Generated by tests/diff/diffgen.c from isa_table.def; do not edit. */\n");
	printf("#include <stdint.h>\n#include \"diff.h\"\n\n");
	gen_int();
	gen_int_mem();
	gen_bitmanip();
	gen_newer_int();
	gen_newer_rvc();  /* the integer --newer tests before the FP ones */
	gen_amo();
	gen_csr();
	gen_fp();
	gen_fp_mem();
	gen_fli();
	gen_traps();
	gen_rvc();

	int missing = 0;
	for (size_t i = 0; i < NROWS; i++) {
		/* the vector rows are covered by the random sequences of vdiff_rt.c (vrun.sh) */
		int ex = ISA_CLASS_IS_V(rows[i].cls);
		for (size_t j = 0; j < sizeof(excluded) / sizeof(excluded[0]); j++)
			ex |= !strcmp(excluded[j].row, rows[i].name);
		if (!covered[i] && !ex) {
			fprintf(stderr, "diffgen: no differential-test template for row '%s'\n",
			        rows[i].name);
			missing++;
		}
	}
	for (size_t i = 0; i < NRVC; i++)
		if (!rvc_covered[i]) {
			fprintf(stderr, "diffgen: no differential-test template for compressed row '%s'\n",
			        rvc_rows[i]);
			missing++;
		}
	if (missing)
		return 1;

	printf("const struct diff_test diff_tests[] = {\n");
	for (size_t i = 0; i < ntests; i++) {
		const struct test *t = &tests[i];
		printf("\t{ \"%s\", \"%s\", %d, { %s, %s, %s }, %d, %d, %d, %d, %d, %d, %d, "
		       "t_%zu },\n",
		       t->name, t->rm, t->nsrc, pool_names[t->pool[0]], pool_names[t->pool[1]],
		       pool_names[t->pool[2]], t->dyn, t->static_rm, t->nout, t->fflags, t->mem,
		       t->trap, t->newer, i);
	}
	printf("};\nconst unsigned diff_ntests = %zu;\n", ntests);
	free(tests);
	return 0;
}
