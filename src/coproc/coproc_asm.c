/*
 * coproc_asm.c — assembler for the co-processor's microcode (coproc_asm.h, docs/coproc.md).
 * Two passes over the lines: the first assigns word addresses to labels, the second encodes.
 * Every error stops at the first problem and names line and column.
 */
#include "coproc/coproc_asm.h"
#include "coproc/coproc.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const coproc_alu_names[COPROC_ALU_COUNT] = {
	"nop", "mov", "add", "sub", "addw", "and", "or", "xor", "shl", "shr", "inc", "dec",
	"rand", "cmp",
};
const char *const coproc_mem_names[COPROC_MEM_COUNT] = {
	"", "cmatch", "cwrite", "cinval", "cclear", "ldb", "ldh", "ldw", "ldd", "stb", "sth",
	"stw", "std", "incb", "inch", "dclear",
};
const char *const coproc_cond_names[COPROC_BR_COUNT] = {
	"never", "always", "z", "nz", "sat", "nsat", "lt", "ge", "eq", "ne", "hit", "miss",
	"msat", "nmsat",
};
const char *const coproc_field_names[COPROC_F_COUNT] = {
	"pc", "value", "addr", "insn", "class", "rd", "rs1", "rs2", "imm", "target", "taken",
	"events", "size", "latency", "vlo",
};

#define ASM_MAX_LABELS 128
#define ASM_NAME 32

struct asm_label {
	char name[ASM_NAME];
	unsigned addr;
};

struct asm_state {
	const char *name;          /* file name for messages */
	char *err;
	size_t errn;
	unsigned line;
	const char *line_start;
	struct asm_label labels[ASM_MAX_LABELS];
	unsigned n_labels;
	struct coproc_prog *p;
	int pass;
	unsigned addr;             /* word being assembled */
	/* directives that name labels, resolved after pass 1 */
	int target_set[COPROC_NTARGET];
	unsigned const_line[COPROC_NCONST];   /* line of each .const (0: not yet defined) */
	unsigned base_line[COPROC_NBASE];     /* and of each .base */
};

/* The length of s[0..n) without a UTF-8 character cut at its end (a message cut by snprintf
 * must stay valid UTF-8). */
static size_t asm_utf8_cut(const char *s, size_t n)
{
	size_t j = n;
	while (j > 0 && n - j < 3 && ((unsigned char)s[j - 1] & 0xc0) == 0x80)
		j--;
	if (j == 0 || (unsigned char)s[j - 1] < 0xc0)
		return n;
	unsigned char lead = (unsigned char)s[j - 1];
	size_t need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
	return n - (j - 1) < need ? j - 1 : n;
}

__attribute__((format(printf, 3, 4)))
static int asm_fail(struct asm_state *s, const char *at, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	int m = vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (m >= (int)sizeof(msg))
		msg[asm_utf8_cut(msg, sizeof(msg) - 1)] = 0;
	unsigned col = at ? (unsigned)(at - s->line_start) + 1 : 1;
	if (!s->errn)
		return -EINVAL;
	m = snprintf(s->err, s->errn, "%s:%u:%u: %s", s->name, s->line, col, msg);
	if (m >= (int)s->errn)
		s->err[asm_utf8_cut(s->err, s->errn - 1)] = 0;
	return -EINVAL;
}

static const char *asm_skip(const char *c)
{
	while (*c == ' ' || *c == '\t')
		c++;
	return c;
}

/* A word token ([A-Za-z0-9_.]+) at c: its length (0 if none). */
static size_t asm_word(const char *c)
{
	size_t n = 0;
	while (isalnum((unsigned char)c[n]) || c[n] == '_' || c[n] == '.')
		n++;
	return n;
}

static int asm_eq(const char *c, size_t n, const char *w)
{
	return strlen(w) == n && !strncmp(c, w, n);
}

/* An operand at *c: v0-3, i0-7, c0-3, f.NAME, zero. Returns the code or -1 (error set). */
static int asm_operand(struct asm_state *s, const char **c)
{
	const char *t = asm_skip(*c);
	size_t n = asm_word(t);
	if (!n) {
		asm_fail(s, t, "expected an operand (v0-v3, i0-i7, c0-c3, f.FIELD or zero)");
		return -1;
	}
	int code = -1;
	if (asm_eq(t, n, "zero")) {
		code = COPROC_OP_ZERO;
	} else if (n == 2 && t[0] == 'v' && t[1] >= '0' && t[1] < '0' + COPROC_NVAL) {
		code = COPROC_OP_V0 + (t[1] - '0');
	} else if (n == 2 && t[0] == 'i' && t[1] >= '0' && t[1] < '0' + COPROC_NIDX) {
		code = COPROC_OP_I0 + (t[1] - '0');
	} else if (n == 2 && t[0] == 'c' && t[1] >= '0' && t[1] < '0' + COPROC_NCONST) {
		code = COPROC_OP_C0 + (t[1] - '0');
	} else if (n > 2 && t[0] == 'f' && t[1] == '.') {
		for (int f = 0; f < COPROC_F_COUNT; f++)
			if (asm_eq(t + 2, n - 2, coproc_field_names[f]))
				code = COPROC_OP_F0 + f;
		if (code < 0) {
			asm_fail(s, t, "unknown field '%.*s' (fields: pc value addr insn class rd rs1 "
			         "rs2 imm target taken events size latency vlo)", (int)n, t);
			return -1;
		}
	}
	if (code < 0) {
		asm_fail(s, t, "unknown operand '%.*s' (v0-v3, i0-i7, c0-c3, f.FIELD or zero)",
		         (int)n, t);
		return -1;
	}
	*c = t + n;
	return code;
}

static int asm_writable(int code)
{
	return code >= COPROC_OP_V0 && code < COPROC_OP_C0;
}

static int asm_comma(struct asm_state *s, const char **c)
{
	const char *t = asm_skip(*c);
	if (*t != ',') {
		asm_fail(s, t, "expected ','");
		return -1;
	}
	*c = t + 1;
	return 0;
}

static int asm_end(struct asm_state *s, const char *c)
{
	c = asm_skip(c);
	if (*c && *c != '|') {
		asm_fail(s, c, "unexpected '%.*s' after the operation", (int)(asm_word(c) ? asm_word(c) : 1), c);
		return -1;
	}
	return 0;
}

/* An index register iN; returns N or -1. */
static int asm_index(struct asm_state *s, const char **c)
{
	const char *t = asm_skip(*c);
	int op = asm_operand(s, c);
	if (op < 0)
		return -1;
	if (op < COPROC_OP_I0 || op >= COPROC_OP_C0) {
		asm_fail(s, t, "expected an index register i0-i7");
		return -1;
	}
	return op - COPROC_OP_I0;
}

/* bN[iM] */
static int asm_address(struct asm_state *s, const char **c, unsigned *base, unsigned *idx)
{
	const char *t = asm_skip(*c);
	if (t[0] != 'b' || t[1] < '0' || t[1] >= '0' + COPROC_NBASE || t[2] != '[')
		return asm_fail(s, t, "expected a data-array address bN[iM] (b0-b7, i0-i7)"), -1;
	*base = (unsigned)(t[1] - '0');
	const char *q = t + 3;
	int i = asm_index(s, &q);
	if (i < 0)
		return -1;
	q = asm_skip(q);
	if (*q != ']')
		return asm_fail(s, q, "expected ']'"), -1;
	*idx = (unsigned)i;
	*c = q + 1;
	return 0;
}

/* A number: decimal or 0x hex, optionally negative. */
static int asm_number(struct asm_state *s, const char **c, int64_t *v)
{
	const char *t = asm_skip(*c);
	char *e;
	errno = 0;
	long long x = strtoll(t, &e, 0);
	if (e == t || errno)
		return asm_fail(s, t, "expected a number"), -1;
	*v = x;
	*c = e;
	return 0;
}

/* A load-time value: N, slots, K*slots, K*slots+N, K*slots-N. */
static int asm_lval(struct asm_state *s, const char **c, struct coproc_lval *v)
{
	const char *t = asm_skip(*c);
	v->add = v->mul = 0;
	v->div = 1;
	if (!strncmp(t, "slots", 5)) {
		v->mul = 1;
		t += 5;
	} else {
		int64_t k;
		if (asm_number(s, &t, &k))
			return -1;
		t = asm_skip(t);
		if (*t == '*') {
			t = asm_skip(t + 1);
			if (strncmp(t, "slots", 5))
				return asm_fail(s, t, "expected 'slots' after '*'"), -1;
			v->mul = k;
			t += 5;
		} else if (*t == '/') {
			return asm_fail(s, t, "write N*slots/D, not N/D"), -1;
		} else {
			v->add = k;
			*c = t;
			return 0;
		}
	}
	t = asm_skip(t);
	if (*t == '/') {
		const char *dt = asm_skip(t + 1);
		int64_t d;
		if (asm_number(s, &dt, &d))
			return -1;
		if (d <= 0 || (d & (d - 1)))
			return asm_fail(s, asm_skip(t + 1), "divisor %lld is not a power of two",
			                (long long)d), -1;
		v->div = d;
		t = asm_skip(dt);
	}
	if (*t == '+' || *t == '-') {
		int neg = *t == '-';
		int64_t k;
		t++;
		if (asm_number(s, &t, &k))
			return -1;
		v->add = neg ? -k : k;
	}
	*c = t;
	return 0;
}

static int asm_label_find(const struct asm_state *s, const char *c, size_t n)
{
	for (unsigned i = 0; i < s->n_labels; i++)
		if (asm_eq(c, n, s->labels[i].name))
			return (int)s->labels[i].addr;
	return -1;
}

/* A branch target: label, done, interrupt, t0-t3. */
static int asm_target(struct asm_state *s, const char **c, unsigned *tgt)
{
	const char *t = asm_skip(*c);
	size_t n = asm_word(t);
	if (!n)
		return asm_fail(s, t, "expected a branch target (label, done, interrupt, t0-t3)"), -1;
	*c = t + n;
	if (asm_eq(t, n, "done")) {
		*tgt = COPROC_TGT_DONE;
		return 0;
	}
	if (asm_eq(t, n, "interrupt")) {
		*tgt = COPROC_TGT_INTR;
		return 0;
	}
	if (n == 2 && t[0] == 't' && t[1] >= '0' && t[1] < '0' + COPROC_NTARGET) {
		*tgt = COPROC_TGT_REG | (unsigned)(t[1] - '0');
		return 0;
	}
	if (s->pass == 1) {
		*tgt = 0;
		return 0;
	}
	int a = asm_label_find(s, t, n);
	if (a < 0)
		return asm_fail(s, t, "unknown label '%.*s'", (int)n, t), -1;
	int off = a - (int)s->addr;
	if (off < COPROC_REL_MIN || off > COPROC_REL_MAX)
		return asm_fail(s, t, "label '%.*s' is %d words away; a branch reaches %d..+%d "
		                "(use a branch-target register: .target tN, %.*s)", (int)n, t, off,
		                COPROC_REL_MIN, COPROC_REL_MAX, (int)n, t), -1;
	*tgt = COPROC_TGT_REL | ((unsigned)off & 0xf);
	return 0;
}

/* ---- one word ----------------------------------------------------------------------- */

struct asm_word_fields {
	unsigned alu, d, a, b, mem, base, idx, r, cond, tgt, next_en, next_i;
	int has_alu, has_mem, has_br, has_next;
};

static int asm_alu(struct asm_state *s, struct asm_word_fields *w, unsigned op, const char *at,
		   const char **c)
{
	if (w->has_alu)
		return asm_fail(s, at, "a word has one ALU operation"), -1;
	w->has_alu = 1;
	w->alu = op;
	w->d = w->a = w->b = COPROC_OP_ZERO;
	int d, a, b;
	const char *dt = asm_skip(*c);
	switch (op) {
	case COPROC_ALU_NOP:
		return 0;
	case COPROC_ALU_CMP:
		if ((a = asm_operand(s, c)) < 0 || asm_comma(s, c) || (b = asm_operand(s, c)) < 0)
			return -1;
		w->a = (unsigned)a;
		w->b = (unsigned)b;
		return 0;
	default:
		break;
	}
	if ((d = asm_operand(s, c)) < 0)
		return -1;
	if (!asm_writable(d))
		return asm_fail(s, dt, "the destination must be a value or index register"), -1;
	w->d = (unsigned)d;
	if (asm_comma(s, c))
		return -1;
	if (op == COPROC_ALU_RAND) {
		if ((b = asm_operand(s, c)) < 0)
			return -1;
		w->b = (unsigned)b;
		return 0;
	}
	if ((a = asm_operand(s, c)) < 0)
		return -1;
	w->a = (unsigned)a;
	if (op == COPROC_ALU_MOV || op == COPROC_ALU_DEC)
		return 0;
	if (asm_comma(s, c))
		return -1;
	if (op == COPROC_ALU_SHL || op == COPROC_ALU_SHR) {
		const char *nt = asm_skip(*c);
		int64_t k;
		if (asm_number(s, c, &k))
			return -1;
		if (k < 0 || k > 31)
			return asm_fail(s, nt, "shift amount %lld out of range 0..31", (long long)k), -1;
		w->b = (unsigned)k;
		return 0;
	}
	if ((b = asm_operand(s, c)) < 0)
		return -1;
	w->b = (unsigned)b;
	return 0;
}

static int asm_mem(struct asm_state *s, struct asm_word_fields *w, unsigned op, const char *at,
		   const char **c)
{
	if (w->has_mem)
		return asm_fail(s, at, "a word has one memory operation (the arrays are "
		                "single-ported)"), -1;
	w->has_mem = 1;
	w->mem = op;
	w->r = COPROC_OP_ZERO;
	int r, i;
	const char *rt;
	switch (op) {
	case COPROC_MEM_CMATCH:
	case COPROC_MEM_CWRITE:
		if ((i = asm_index(s, c)) < 0 || asm_comma(s, c) || (r = asm_operand(s, c)) < 0)
			return -1;
		w->idx = (unsigned)i;
		w->r = (unsigned)r;
		return 0;
	case COPROC_MEM_CINVAL:
		if ((i = asm_index(s, c)) < 0)
			return -1;
		w->idx = (unsigned)i;
		return 0;
	case COPROC_MEM_CCLEAR:
	case COPROC_MEM_DCLEAR:
		return 0;
	case COPROC_MEM_INCB:
	case COPROC_MEM_INCH:
		rt = asm_skip(*c);
		if (*rt != 'b' || rt[2] != '[') {
			if ((r = asm_operand(s, c)) < 0)
				return -1;
			if (!asm_writable(r))
				return asm_fail(s, rt, "the result must go to a value or index "
				                "register"), -1;
			w->r = (unsigned)r;
			if (asm_comma(s, c))
				return -1;
		}
		return asm_address(s, c, &w->base, &w->idx);
	default:
		rt = asm_skip(*c);
		if ((r = asm_operand(s, c)) < 0)
			return -1;
		if (op <= COPROC_MEM_LDD && !asm_writable(r))
			return asm_fail(s, rt, "a load's destination must be a value or index "
			                "register"), -1;
		w->r = (unsigned)r;
		if (asm_comma(s, c))
			return -1;
		return asm_address(s, c, &w->base, &w->idx);
	}
}

static int asm_branch(struct asm_state *s, struct asm_word_fields *w, const char *at,
		      unsigned cond, const char **c)
{
	if (w->has_br)
		return asm_fail(s, at, "a word has one branch slot"), -1;
	w->has_br = 1;
	w->cond = cond;
	return asm_target(s, c, &w->tgt);
}

/* One `|`-separated operation starting at c. */
static int asm_op(struct asm_state *s, struct asm_word_fields *w, const char **c)
{
	const char *t = asm_skip(*c);
	size_t n = asm_word(t);
	if (!n)
		return asm_fail(s, t, "expected an operation"), -1;
	const char *args = t + n;
	for (unsigned k = 0; k < COPROC_ALU_COUNT; k++)
		if (asm_eq(t, n, coproc_alu_names[k])) {
			if (asm_alu(s, w, k, t, &args))
				return -1;
			*c = args;
			return 0;
		}
	for (unsigned k = 1; k < COPROC_MEM_COUNT; k++)
		if (asm_eq(t, n, coproc_mem_names[k])) {
			if (asm_mem(s, w, k, t, &args))
				return -1;
			*c = args;
			return 0;
		}
	if (asm_eq(t, n, "next")) {
		if (w->has_next)
			return asm_fail(s, t, "a word has one index increment"), -1;
		int i = asm_index(s, &args);
		if (i < 0)
			return -1;
		w->has_next = 1;
		w->next_en = 1;
		w->next_i = (unsigned)i;
		*c = args;
		return 0;
	}
	if (asm_eq(t, n, "br")) {
		const char *ct = asm_skip(args);
		size_t cn = asm_word(ct);
		int cond = -1;
		for (unsigned k = 0; k < COPROC_BR_COUNT; k++)
			if (asm_eq(ct, cn, coproc_cond_names[k]))
				cond = (int)k;
		if (cond < 0)
			return asm_fail(s, ct, "unknown condition '%.*s' (always z nz sat nsat lt ge eq "
			                "ne hit miss msat nmsat)", (int)(cn ? cn : 1), ct), -1;
		args = ct + cn;
		if (asm_comma(s, &args) || asm_branch(s, w, t, (unsigned)cond, &args))
			return -1;
		*c = args;
		return 0;
	}
	if (asm_eq(t, n, "jmp")) {
		if (asm_branch(s, w, t, COPROC_BR_ALWAYS, &args))
			return -1;
		*c = args;
		return 0;
	}
	if (asm_eq(t, n, "done") || asm_eq(t, n, "interrupt")) {
		if (w->has_br)
			return asm_fail(s, t, "a word has one branch slot"), -1;
		w->has_br = 1;
		w->cond = COPROC_BR_ALWAYS;
		w->tgt = t[0] == 'd' ? COPROC_TGT_DONE : COPROC_TGT_INTR;
		*c = args;
		return 0;
	}
	return asm_fail(s, t, "unknown operation '%.*s'", (int)n, t), -1;
}

static int asm_instruction(struct asm_state *s, const char *c)
{
	if (s->addr >= COPROC_UCODE_WORDS)
		return asm_fail(s, c, "more than %d words: the microcode array is full",
		                COPROC_UCODE_WORDS);
	struct asm_word_fields w = { 0 };
	w.d = w.a = w.b = w.r = COPROC_OP_ZERO;
	for (;;) {
		if (asm_op(s, &w, &c) || asm_end(s, c))
			return -1;
		c = asm_skip(c);
		if (*c != '|')
			break;
		c++;
	}
	if (s->pass == 2) {
		s->p->words[s->addr] = coproc_word(w.alu, w.d, w.a, w.b, w.mem, w.base, w.idx, w.r,
		                                   w.cond, w.tgt, w.next_en, w.next_i);
		s->p->line[s->addr] = s->line;
	}
	s->addr++;
	return 0;
}

/* ---- directives ----------------------------------------------------------------------- */

static int asm_class(struct asm_state *s, const char **c)
{
	const char *t = asm_skip(*c);
	size_t n = 0;
	while (t[n] && t[n] != ',' && t[n] != ' ' && t[n] != '\t')
		n++;
	for (int k = 0; k < ISA_CLASS_COUNT; k++)
		if (asm_eq(t, n, isa_class_name((enum isa_class)k))) {
			*c = t + n;
			return k;
		}
	asm_fail(s, t, "unknown opcode class '%.*s' (alu mul div load store branch jump fp-add "
	         "fp-mul fp-divsqrt fp-cvt csr fence amo system)", (int)(n ? n : 1), t);
	return -1;
}

static int asm_reg_number(struct asm_state *s, const char **c, char letter, int count)
{
	const char *t = asm_skip(*c);
	if (t[0] != letter || t[1] < '0' || t[1] >= '0' + count || asm_word(t) != 2) {
		asm_fail(s, t, "expected %c0-%c%d", letter, letter, count - 1);
		return -1;
	}
	*c = t + 2;
	return t[1] - '0';
}

/* A label operand of a directive: its word address in pass 2, -1 in pass 1, -2 (error set)
 * when unknown. */
static int asm_label_operand(struct asm_state *s, const char **c)
{
	const char *lt = asm_skip(*c);
	size_t ln = asm_word(lt);
	*c = lt + ln;
	if (s->pass == 1)
		return -1;
	int addr = asm_label_find(s, lt, ln);
	if (addr < 0) {
		asm_fail(s, lt, "unknown label '%.*s'", (int)(ln ? ln : 1), lt);
		return -2;
	}
	return addr;
}

static int asm_directive(struct asm_state *s, const char *c)
{
	const char *t = c;
	size_t n = asm_word(t);
	const char *a = t + n;
	struct coproc_prog *p = s->p;
	int k;
	if (asm_eq(t, n, ".filter")) {
		for (;;) {
			if ((k = asm_class(s, &a)) < 0)
				return -1;
			p->class_mask |= 1u << k;
			a = asm_skip(a);
			if (*a != ',')
				break;
			a++;
		}
	} else if (asm_eq(t, n, ".fields")) {
		for (;;) {
			const char *ft = asm_skip(a);
			size_t fn = asm_word(ft);
			int f = -1;
			for (int q = 0; q < COPROC_F_COUNT; q++)
				if (asm_eq(ft, fn, coproc_field_names[q]))
					f = q;
			if (f < 0)
				return asm_fail(s, ft, "unknown field '%.*s'", (int)(fn ? fn : 1), ft);
			p->field_mask |= 1u << f;
			a = asm_skip(ft + fn);
			if (*a != ',')
				break;
			a++;
		}
	} else if (asm_eq(t, n, ".start")) {
		if ((k = asm_class(s, &a)) < 0 || asm_comma(s, &a))
			return -1;
		int addr = asm_label_operand(s, &a);
		if (addr == -2)
			return -1;
		if (addr >= 0)
			p->start[k] = (int16_t)addr;
	} else if (asm_eq(t, n, ".target")) {
		if ((k = asm_reg_number(s, &a, 't', COPROC_NTARGET)) < 0 || asm_comma(s, &a))
			return -1;
		int addr = asm_label_operand(s, &a);
		if (addr == -2)
			return -1;
		if (addr >= 0)
			p->target[k] = (uint8_t)addr;
	} else if (asm_eq(t, n, ".const")) {
		const char *rt = asm_skip(a);
		if ((k = asm_reg_number(s, &a, 'c', COPROC_NCONST)) < 0)
			return -1;
		if (s->const_line[k] && s->const_line[k] != s->line)
			return asm_fail(s, rt, "constant c%d defined twice (first on line %u)", k,
			                s->const_line[k]);
		s->const_line[k] = s->line;
		if (asm_comma(s, &a) || asm_lval(s, &a, &p->cnst[k]))
			return -1;
	} else if (asm_eq(t, n, ".base")) {
		if ((k = asm_reg_number(s, &a, 'b', COPROC_NBASE)) < 0 || asm_comma(s, &a))
			return -1;
		const char *vt = asm_skip(a);
		if (asm_lval(s, &a, &p->base[k]))
			return -1;
		if (p->base[k].add < 0 || p->base[k].mul < 0)
			return asm_fail(s, vt, "a base address cannot be negative");
		if (s->base_line[k] && s->base_line[k] != s->line)
			return asm_fail(s, t, "base register b%d defined twice (first on line %u)", k,
			                s->base_line[k]);
		s->base_line[k] = s->line;
		/* the check coproc_create makes, against the default configuration */
		struct coproc_config cfg;
		coproc_config_default(&cfg);
		uint64_t b = coproc_lval_get(p->base[k], cfg.cam_bytes / 4);
		if (b >= cfg.data_bytes && (p->base[k].add || p->base[k].mul))
			return asm_fail(s, vt, "base register b%d = %llu lies outside the %u-byte data "
			                "array", k, (unsigned long long)b, cfg.data_bytes);
	} else if (asm_eq(t, n, ".index_width")) {
		const char *vt = asm_skip(a);
		int64_t v;
		if (asm_number(s, &a, &v))
			return -1;
		if (v < 1 || v > 16)
			return asm_fail(s, vt, "index width %lld out of range 1..16 (Table 1: 16-bit "
			                "index registers)", (long long)v);
		p->index_width = (unsigned)v;
	} else if (asm_eq(t, n, ".host")) {
		const char *ht = asm_skip(a);
		size_t hn = asm_word(ht);
		if (!(asm_eq(ht, hn, "value") || asm_eq(ht, hn, "edge") || asm_eq(ht, hn, "memdep") ||
		      asm_eq(ht, hn, "none")))
			return asm_fail(s, ht, "unknown host handler '%.*s' (value, edge, memdep, none)",
			                (int)(hn ? hn : 1), ht);
		snprintf(p->host, sizeof(p->host), "%.*s", (int)hn, ht);
		a = ht + hn;
	} else if (asm_eq(t, n, ".pcfilter1") || asm_eq(t, n, ".pcfilter2")) {
		int one = t[9] == '1';
		int64_t h, m = 0, x = 0;
		const char *vt = asm_skip(a);
		if (asm_number(s, &a, &h))
			return -1;
		if (h < 0 || h > 3)
			return asm_fail(s, vt, "hash function %lld out of range 0..3", (long long)h);
		if (one) {
			if (asm_comma(s, &a) || asm_number(s, &a, &m) || asm_comma(s, &a) ||
			    asm_number(s, &a, &x))
				return -1;
			p->pf1_hash = (unsigned)h;
			p->pf1_mask = (uint32_t)m;
			p->pf1_match = (uint32_t)x;
		} else {
			p->pf2_hash = (unsigned)h;
		}
	} else {
		return asm_fail(s, t, "unknown directive '%.*s'", (int)n, t);
	}
	a = asm_skip(a);
	if (*a)
		return asm_fail(s, a, "unexpected '%s' after the directive", a);
	return 0;
}

/* ---- the passes --------------------------------------------------------------------------- */

static int asm_line(struct asm_state *s, char *line)
{
	char *hash = strchr(line, '#');
	if (hash)
		*hash = 0;
	size_t len = strlen(line);
	while (len && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
		line[--len] = 0;
	const char *c = asm_skip(line);
	size_t n = asm_word(c);
	if (n && c[n] == ':' && c[0] != '.') {
		if (n >= ASM_NAME)
			return asm_fail(s, c, "label longer than %d characters", ASM_NAME - 1);
		if (s->pass == 1) {
			if (asm_label_find(s, c, n) >= 0)
				return asm_fail(s, c, "label '%.*s' defined twice", (int)n, c);
			if (s->n_labels == ASM_MAX_LABELS)
				return asm_fail(s, c, "more than %d labels", ASM_MAX_LABELS);
			if (asm_eq(c, n, "done") || asm_eq(c, n, "interrupt"))
				return asm_fail(s, c, "'%.*s' is a reserved branch target", (int)n, c);
			struct asm_label *l = &s->labels[s->n_labels++];
			memcpy(l->name, c, n);
			l->name[n] = 0;
			l->addr = s->addr;
		}
		c = asm_skip(c + n + 1);
	}
	if (!*c)
		return 0;
	if (*c == '.')
		return asm_directive(s, c);
	return asm_instruction(s, c);
}

int coproc_asm(const char *text, size_t len, const char *name, struct coproc_prog *out,
	       char *err, size_t errn)
{
	struct asm_state s = { .name = name, .err = err, .errn = errn, .p = out };
	char *buf = malloc(len + 1);
	if (!buf) {
		snprintf(err, errn, "%s: out of memory", name);
		return -ENOMEM;
	}
	int rc = 0;
	const char *nul = memchr(text, 0, len);
	if (nul) {
		unsigned ln = 1;
		const char *ls = text;
		for (const char *q = text; q < nul; q++)
			if (*q == '\n') {
				ln++;
				ls = q + 1;
			}
		snprintf(err, errn, "%s:%u:%u: NUL byte in the source", name, ln,
		         (unsigned)(nul - ls) + 1);
		free(buf);
		return -EINVAL;
	}
	for (s.pass = 1; s.pass <= 2 && !rc; s.pass++) {
		memset(out, 0, sizeof(*out));
		for (int k = 0; k < ISA_CLASS_COUNT; k++)
			out->start[k] = -1;
		snprintf(out->host, sizeof(out->host), "none");
		memcpy(buf, text, len);
		buf[len] = 0;
		s.addr = 0;
		s.line = 0;
		char *line = buf;
		while (line && !rc) {
			char *nl = strchr(line, '\n');
			if (nl)
				*nl = 0;
			s.line++;
			s.line_start = line;
			rc = asm_line(&s, line) ? -EINVAL : 0;
			line = nl ? nl + 1 : NULL;
		}
	}
	if (!rc) {
		s.line = 0;
		s.line_start = NULL;
		out->n_words = s.addr;
		int any = 0;
		for (int k = 0; k < ISA_CLASS_COUNT; k++)
			any |= out->start[k] >= 0;
		if (!out->n_words) {
			snprintf(err, errn, "%s: no microcode words", name);
			rc = -EINVAL;
		} else if (!out->class_mask) {
			snprintf(err, errn, "%s: no .filter directive: no instruction class is sampled",
			         name);
			rc = -EINVAL;
		} else if (!any) {
			snprintf(err, errn, "%s: no .start directive: no routine for a sampled class",
			         name);
			rc = -EINVAL;
		} else {
			for (int k = 0; k < ISA_CLASS_COUNT && !rc; k++)
				if ((out->class_mask >> k & 1) && out->start[k] < 0) {
					snprintf(err, errn, "%s: class %s is filtered in but has no .start "
					         "routine", name, isa_class_name((enum isa_class)k));
					rc = -EINVAL;
				}
			if (!rc && !out->field_mask) {
				snprintf(err, errn, "%s: no .fields directive: the sample buffer would "
				         "carry nothing", name);
				rc = -EINVAL;
			}
		}
	}
	free(buf);
	return rc;
}

int coproc_asm_file(const char *path, struct coproc_prog *out, char *err, size_t errn)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		int e = errno;
		snprintf(err, errn, "cannot read %s: %s", path, strerror(e));
		return -e;
	}
	char *text = NULL;
	size_t len = 0, cap = 0;
	for (;;) {
		if (len + 4096 > cap) {
			cap = cap ? 2 * cap : 8192;
			if (cap > (1u << 20)) {
				snprintf(err, errn, "%s: larger than 1 MiB", path);
				free(text);
				fclose(f);
				return -EFBIG;
			}
			char *t = realloc(text, cap);
			if (!t) {
				free(text);
				fclose(f);
				snprintf(err, errn, "%s: out of memory", path);
				return -ENOMEM;
			}
			text = t;
		}
		size_t got = fread(text + len, 1, cap - len, f);
		len += got;
		if (!got)
			break;
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		free(text);
		snprintf(err, errn, "cannot read %s", path);
		return -EIO;
	}
	int rc = coproc_asm(text ? text : "", len, path, out, err, errn);
	free(text);
	return rc;
}

/* ---- listing ------------------------------------------------------------------------------ */

static const char *prog_operand(unsigned op, char *buf, size_t n)
{
	if (op == COPROC_OP_ZERO)
		snprintf(buf, n, "zero");
	else if (op < COPROC_OP_I0)
		snprintf(buf, n, "v%u", op);
	else if (op < COPROC_OP_C0)
		snprintf(buf, n, "i%u", op - COPROC_OP_I0);
	else if (op < COPROC_OP_F0)
		snprintf(buf, n, "c%u", op - COPROC_OP_C0);
	else if (op - COPROC_OP_F0 < COPROC_F_COUNT)
		snprintf(buf, n, "f.%s", coproc_field_names[op - COPROC_OP_F0]);
	else
		snprintf(buf, n, "?%u", op);
	return buf;
}

/* One line "c0=... c1=..." of load-time values. */
static void prog_lvals(FILE *out, char letter, const struct coproc_lval *v, int n)
{
	for (int k = 0; k < n; k++) {
		fprintf(out, "%c%d=", letter, k);
		if (v[k].mul)
			fprintf(out, "%lld*slots/%lld%+lld", (long long)v[k].mul, (long long)v[k].div,
			        (long long)v[k].add);
		else
			fprintf(out, "%lld", (long long)v[k].add);
		fprintf(out, k + 1 < n ? " " : "\n");
	}
}

void coproc_prog_print(const struct coproc_prog *p, FILE *out)
{
	fprintf(out, "filter:");
	for (int k = 0; k < ISA_CLASS_COUNT; k++)
		if (p->class_mask >> k & 1)
			fprintf(out, " %s->%d", isa_class_name((enum isa_class)k), p->start[k]);
	fprintf(out, "\nfields:");
	for (int f = 0; f < COPROC_F_COUNT; f++)
		if (p->field_mask >> f & 1)
			fprintf(out, " %s", coproc_field_names[f]);
	fprintf(out, "\nhost: %s, index width: %u%s, pcfilter1 hash %u mask 0x%x match 0x%x, "
	        "pcfilter2 hash %u\n", p->host, p->index_width,
	        p->index_width ? "" : " (log2 slots)", p->pf1_hash, p->pf1_mask, p->pf1_match,
	        p->pf2_hash);
	prog_lvals(out, 'c', p->cnst, COPROC_NCONST);
	prog_lvals(out, 'b', p->base, COPROC_NBASE);
	fprintf(out, "t0-t3= %u %u %u %u\n%u words:\n", p->target[0], p->target[1], p->target[2],
	        p->target[3], p->n_words);
	for (unsigned i = 0; i < p->n_words; i++) {
		uint64_t w = p->words[i];
		char a[16], b[16], d[16], r[16];
		fprintf(out, "%2u  %012llx  line %-4u", i, (unsigned long long)w, p->line[i]);
		const char *sep = " ";
		unsigned alu = COPROC_W_ALU(w), mem = COPROC_W_MEM(w);
		if (alu != COPROC_ALU_NOP) {
			fprintf(out, "%s%s ", sep, coproc_alu_names[alu]);
			if (alu != COPROC_ALU_CMP)
				fprintf(out, "%s, ", prog_operand(COPROC_W_ALU_D(w), d, sizeof(d)));
			if (alu != COPROC_ALU_RAND)
				fprintf(out, "%s", prog_operand(COPROC_W_ALU_A(w), a, sizeof(a)));
			if (alu == COPROC_ALU_SHL || alu == COPROC_ALU_SHR)
				fprintf(out, ", %u", COPROC_W_ALU_B(w));
			else if (alu != COPROC_ALU_MOV && alu != COPROC_ALU_DEC)
				fprintf(out, "%s%s", alu == COPROC_ALU_RAND ? "" : ", ",
				        prog_operand(COPROC_W_ALU_B(w), b, sizeof(b)));
			sep = " | ";
		}
		if (mem != COPROC_MEM_NONE) {
			prog_operand(COPROC_W_MEM_R(w), r, sizeof(r));
			fprintf(out, "%s%s", sep, coproc_mem_names[mem]);
			if (mem == COPROC_MEM_CMATCH || mem == COPROC_MEM_CWRITE)
				fprintf(out, " i%u, %s", COPROC_W_MEM_IDX(w), r);
			else if (mem == COPROC_MEM_CINVAL)
				fprintf(out, " i%u", COPROC_W_MEM_IDX(w));
			else if (mem != COPROC_MEM_CCLEAR && mem != COPROC_MEM_DCLEAR)
				fprintf(out, " %s, b%u[i%u]", r, COPROC_W_MEM_BASE(w), COPROC_W_MEM_IDX(w));
			sep = " | ";
		}
		if (COPROC_W_NEXT_EN(w)) {
			fprintf(out, "%snext i%u", sep, COPROC_W_NEXT_I(w));
			sep = " | ";
		}
		if (COPROC_W_COND(w) != COPROC_BR_NEVER) {
			unsigned t = COPROC_W_TGT(w);
			fprintf(out, "%sbr %s, ", sep, coproc_cond_names[COPROC_W_COND(w)]);
			if (t == COPROC_TGT_DONE)
				fprintf(out, "done");
			else if (t == COPROC_TGT_INTR)
				fprintf(out, "interrupt");
			else if ((t & 0x30) == COPROC_TGT_REG)
				fprintf(out, "t%u", t & 3);
			else
				fprintf(out, "%d", (int)i + ((int)(t & 0xf) ^ 8) - 8);
		}
		fprintf(out, "\n");
	}
}
