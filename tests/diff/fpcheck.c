/*
 * fpcheck.c — recomputes every F/D/Zfh/Zfa case of a differential-test output (the lines the guest
 * program tests/diff/diff_rt.c printed under a reference such as qemu-riscv64) with robin's
 * fpu.c, and reports each line whose result or fflags differ. It checks the FP semantics
 * without the emulator in the loop: `qemu-riscv64 diff.static | fpcheck`. Operations that have
 * a host fast path are checked twice: as the emulator calls them and through the soft-float
 * alone (fpu_ref_*).
 * Prints "fpcheck: N FP cases compared, M differences"; exit 1 on any difference.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/fpu.h"

#define BOX(v) fpu_box_s(v)
#define S(i) fpu_unbox_s(op[i])
#define HBOX(v) fpu_box_h(v)
#define H(i) fpu_unbox_h(op[i])

/* Result image of the destination register and the flags, or -1 when `name` is not an
 * F/D computation (integer tests, FP loads and stores). */
static int compute(const char *name, unsigned rm, const uint64_t *op, uint64_t *res,
                   uint32_t *fl)
{
	uint32_t f = 0;
	uint64_t r;
	if (!strcmp(name, "fadd.s")) r = BOX(fpu_add_s(S(0), S(1), rm, &f));
	else if (!strcmp(name, "fsub.s")) r = BOX(fpu_sub_s(S(0), S(1), rm, &f));
	else if (!strcmp(name, "fmul.s")) r = BOX(fpu_mul_s(S(0), S(1), rm, &f));
	else if (!strcmp(name, "fdiv.s")) r = BOX(fpu_div_s(S(0), S(1), rm, &f));
	else if (!strcmp(name, "fsqrt.s")) r = BOX(fpu_sqrt_s(S(0), rm, &f));
	else if (!strcmp(name, "fmadd.s")) r = BOX(fpu_madd_s(S(0), S(1), S(2), 0, rm, &f));
	else if (!strcmp(name, "fmsub.s"))
		r = BOX(fpu_madd_s(S(0), S(1), S(2), FPU_MADD_NEG_ADDEND, rm, &f));
	else if (!strcmp(name, "fnmsub.s"))
		r = BOX(fpu_madd_s(S(0), S(1), S(2), FPU_MADD_NEG_PROD, rm, &f));
	else if (!strcmp(name, "fnmadd.s"))
		r = BOX(fpu_madd_s(S(0), S(1), S(2), FPU_MADD_NEG_PROD | FPU_MADD_NEG_ADDEND, rm, &f));
	else if (!strcmp(name, "fsgnj.s")) r = BOX(fpu_sgnj_s(S(0), S(1), 0));
	else if (!strcmp(name, "fsgnjn.s")) r = BOX(fpu_sgnj_s(S(0), S(1), 1));
	else if (!strcmp(name, "fsgnjx.s")) r = BOX(fpu_sgnj_s(S(0), S(1), 2));
	else if (!strcmp(name, "fmin.s")) r = BOX(fpu_min_s(S(0), S(1), &f));
	else if (!strcmp(name, "fmax.s")) r = BOX(fpu_max_s(S(0), S(1), &f));
	else if (!strcmp(name, "fcvt.w.s")) r = (uint64_t)fpu_cvt_w_s(S(0), rm, &f);
	else if (!strcmp(name, "fcvt.wu.s")) r = (uint64_t)fpu_cvt_wu_s(S(0), rm, &f);
	else if (!strcmp(name, "fcvt.l.s")) r = (uint64_t)fpu_cvt_l_s(S(0), rm, &f);
	else if (!strcmp(name, "fcvt.lu.s")) r = fpu_cvt_lu_s(S(0), rm, &f);
	else if (!strcmp(name, "fmv.x.w")) r = (uint64_t)(int64_t)(int32_t)(uint32_t)op[0];
	else if (!strcmp(name, "feq.s")) r = (uint64_t)fpu_eq_s(S(0), S(1), &f);
	else if (!strcmp(name, "flt.s")) r = (uint64_t)fpu_lt_s(S(0), S(1), &f);
	else if (!strcmp(name, "fle.s")) r = (uint64_t)fpu_le_s(S(0), S(1), &f);
	else if (!strcmp(name, "fclass.s")) r = fpu_class_s(S(0));
	else if (!strcmp(name, "fcvt.s.w")) r = BOX(fpu_cvt_s_w((int32_t)op[0], rm, &f));
	else if (!strcmp(name, "fcvt.s.wu")) r = BOX(fpu_cvt_s_wu((uint32_t)op[0], rm, &f));
	else if (!strcmp(name, "fcvt.s.l")) r = BOX(fpu_cvt_s_l((int64_t)op[0], rm, &f));
	else if (!strcmp(name, "fcvt.s.lu")) r = BOX(fpu_cvt_s_lu(op[0], rm, &f));
	else if (!strcmp(name, "fmv.w.x")) r = BOX((uint32_t)op[0]);
	else if (!strcmp(name, "fadd.d")) r = fpu_add_d(op[0], op[1], rm, &f);
	else if (!strcmp(name, "fsub.d")) r = fpu_sub_d(op[0], op[1], rm, &f);
	else if (!strcmp(name, "fmul.d")) r = fpu_mul_d(op[0], op[1], rm, &f);
	else if (!strcmp(name, "fdiv.d")) r = fpu_div_d(op[0], op[1], rm, &f);
	else if (!strcmp(name, "fsqrt.d")) r = fpu_sqrt_d(op[0], rm, &f);
	else if (!strcmp(name, "fmadd.d")) r = fpu_madd_d(op[0], op[1], op[2], 0, rm, &f);
	else if (!strcmp(name, "fmsub.d"))
		r = fpu_madd_d(op[0], op[1], op[2], FPU_MADD_NEG_ADDEND, rm, &f);
	else if (!strcmp(name, "fnmsub.d"))
		r = fpu_madd_d(op[0], op[1], op[2], FPU_MADD_NEG_PROD, rm, &f);
	else if (!strcmp(name, "fnmadd.d"))
		r = fpu_madd_d(op[0], op[1], op[2], FPU_MADD_NEG_PROD | FPU_MADD_NEG_ADDEND, rm, &f);
	else if (!strcmp(name, "fsgnj.d")) r = fpu_sgnj_d(op[0], op[1], 0);
	else if (!strcmp(name, "fsgnjn.d")) r = fpu_sgnj_d(op[0], op[1], 1);
	else if (!strcmp(name, "fsgnjx.d")) r = fpu_sgnj_d(op[0], op[1], 2);
	else if (!strcmp(name, "fmin.d")) r = fpu_min_d(op[0], op[1], &f);
	else if (!strcmp(name, "fmax.d")) r = fpu_max_d(op[0], op[1], &f);
	else if (!strcmp(name, "fcvt.s.d")) r = BOX(fpu_cvt_s_d(op[0], rm, &f));
	else if (!strcmp(name, "fcvt.d.s")) r = fpu_cvt_d_s(S(0), &f);
	else if (!strcmp(name, "feq.d")) r = (uint64_t)fpu_eq_d(op[0], op[1], &f);
	else if (!strcmp(name, "flt.d")) r = (uint64_t)fpu_lt_d(op[0], op[1], &f);
	else if (!strcmp(name, "fle.d")) r = (uint64_t)fpu_le_d(op[0], op[1], &f);
	else if (!strcmp(name, "fclass.d")) r = fpu_class_d(op[0]);
	else if (!strcmp(name, "fcvt.w.d")) r = (uint64_t)fpu_cvt_w_d(op[0], rm, &f);
	else if (!strcmp(name, "fcvt.wu.d")) r = (uint64_t)fpu_cvt_wu_d(op[0], rm, &f);
	else if (!strcmp(name, "fcvt.l.d")) r = (uint64_t)fpu_cvt_l_d(op[0], rm, &f);
	else if (!strcmp(name, "fcvt.lu.d")) r = fpu_cvt_lu_d(op[0], rm, &f);
	else if (!strcmp(name, "fcvt.d.w")) r = fpu_cvt_d_w((int32_t)op[0], rm, &f);
	else if (!strcmp(name, "fcvt.d.wu")) r = fpu_cvt_d_wu((uint32_t)op[0], rm, &f);
	else if (!strcmp(name, "fcvt.d.l")) r = fpu_cvt_d_l((int64_t)op[0], rm, &f);
	else if (!strcmp(name, "fcvt.d.lu")) r = fpu_cvt_d_lu(op[0], rm, &f);
	else if (!strcmp(name, "fmv.x.d")) r = op[0];
	else if (!strcmp(name, "fmv.d.x")) r = op[0];
	/* Zfh, Zfhmin */
	else if (!strcmp(name, "fadd.h")) r = HBOX(fpu_add_h(H(0), H(1), rm, &f));
	else if (!strcmp(name, "fsub.h")) r = HBOX(fpu_sub_h(H(0), H(1), rm, &f));
	else if (!strcmp(name, "fmul.h")) r = HBOX(fpu_mul_h(H(0), H(1), rm, &f));
	else if (!strcmp(name, "fdiv.h")) r = HBOX(fpu_div_h(H(0), H(1), rm, &f));
	else if (!strcmp(name, "fsqrt.h")) r = HBOX(fpu_sqrt_h(H(0), rm, &f));
	else if (!strcmp(name, "fmadd.h")) r = HBOX(fpu_madd_h(H(0), H(1), H(2), 0, rm, &f));
	else if (!strcmp(name, "fmsub.h"))
		r = HBOX(fpu_madd_h(H(0), H(1), H(2), FPU_MADD_NEG_ADDEND, rm, &f));
	else if (!strcmp(name, "fnmsub.h"))
		r = HBOX(fpu_madd_h(H(0), H(1), H(2), FPU_MADD_NEG_PROD, rm, &f));
	else if (!strcmp(name, "fnmadd.h"))
		r = HBOX(fpu_madd_h(H(0), H(1), H(2), FPU_MADD_NEG_PROD | FPU_MADD_NEG_ADDEND, rm, &f));
	else if (!strcmp(name, "fsgnj.h")) r = HBOX(fpu_sgnj_h(H(0), H(1), 0));
	else if (!strcmp(name, "fsgnjn.h")) r = HBOX(fpu_sgnj_h(H(0), H(1), 1));
	else if (!strcmp(name, "fsgnjx.h")) r = HBOX(fpu_sgnj_h(H(0), H(1), 2));
	else if (!strcmp(name, "fmin.h")) r = HBOX(fpu_min_h(H(0), H(1), &f));
	else if (!strcmp(name, "fmax.h")) r = HBOX(fpu_max_h(H(0), H(1), &f));
	else if (!strcmp(name, "feq.h")) r = (uint64_t)fpu_eq_h(H(0), H(1), &f);
	else if (!strcmp(name, "flt.h")) r = (uint64_t)fpu_lt_h(H(0), H(1), &f);
	else if (!strcmp(name, "fle.h")) r = (uint64_t)fpu_le_h(H(0), H(1), &f);
	else if (!strcmp(name, "fclass.h")) r = fpu_class_h(H(0));
	else if (!strcmp(name, "fcvt.w.h")) r = (uint64_t)fpu_cvt_w_h(H(0), rm, &f);
	else if (!strcmp(name, "fcvt.wu.h")) r = (uint64_t)fpu_cvt_wu_h(H(0), rm, &f);
	else if (!strcmp(name, "fcvt.l.h")) r = (uint64_t)fpu_cvt_l_h(H(0), rm, &f);
	else if (!strcmp(name, "fcvt.lu.h")) r = fpu_cvt_lu_h(H(0), rm, &f);
	else if (!strcmp(name, "fcvt.h.w")) r = HBOX(fpu_cvt_h_w((int32_t)op[0], rm, &f));
	else if (!strcmp(name, "fcvt.h.wu")) r = HBOX(fpu_cvt_h_wu((uint32_t)op[0], rm, &f));
	else if (!strcmp(name, "fcvt.h.l")) r = HBOX(fpu_cvt_h_l((int64_t)op[0], rm, &f));
	else if (!strcmp(name, "fcvt.h.lu")) r = HBOX(fpu_cvt_h_lu(op[0], rm, &f));
	else if (!strcmp(name, "fcvt.s.h")) r = BOX(fpu_cvt_s_h(H(0), &f));
	else if (!strcmp(name, "fcvt.d.h")) r = fpu_cvt_d_h(H(0), &f);
	else if (!strcmp(name, "fcvt.h.s")) r = HBOX(fpu_cvt_h_s(S(0), rm, &f));
	else if (!strcmp(name, "fcvt.h.d")) r = HBOX(fpu_cvt_h_d(op[0], rm, &f));
	else if (!strcmp(name, "fmv.x.h")) r = (uint64_t)(int64_t)(int16_t)(uint16_t)op[0];
	else if (!strcmp(name, "fmv.h.x")) r = HBOX((uint16_t)op[0]);
	/* Zfa (the golden file of tests/diff/golden: fpcheck can read it too) */
	else if (!strcmp(name, "fminm.s")) r = BOX(fpu_minm_s(S(0), S(1), &f));
	else if (!strcmp(name, "fmaxm.s")) r = BOX(fpu_maxm_s(S(0), S(1), &f));
	else if (!strcmp(name, "fminm.d")) r = fpu_minm_d(op[0], op[1], &f);
	else if (!strcmp(name, "fmaxm.d")) r = fpu_maxm_d(op[0], op[1], &f);
	else if (!strcmp(name, "fminm.h")) r = HBOX(fpu_minm_h(H(0), H(1), &f));
	else if (!strcmp(name, "fmaxm.h")) r = HBOX(fpu_maxm_h(H(0), H(1), &f));
	else if (!strcmp(name, "fround.s")) r = BOX(fpu_round_s(S(0), rm, &f));
	else if (!strcmp(name, "froundnx.s")) r = BOX(fpu_roundnx_s(S(0), rm, &f));
	else if (!strcmp(name, "fround.d")) r = fpu_round_d(op[0], rm, &f);
	else if (!strcmp(name, "froundnx.d")) r = fpu_roundnx_d(op[0], rm, &f);
	else if (!strcmp(name, "fround.h")) r = HBOX(fpu_round_h(H(0), rm, &f));
	else if (!strcmp(name, "froundnx.h")) r = HBOX(fpu_roundnx_h(H(0), rm, &f));
	else if (!strcmp(name, "fcvtmod.w.d")) r = (uint64_t)fpu_cvtmod_w_d(op[0], &f);
	else if (!strcmp(name, "fleq.s")) r = (uint64_t)fpu_leq_s(S(0), S(1), &f);
	else if (!strcmp(name, "fltq.s")) r = (uint64_t)fpu_ltq_s(S(0), S(1), &f);
	else if (!strcmp(name, "fleq.d")) r = (uint64_t)fpu_leq_d(op[0], op[1], &f);
	else if (!strcmp(name, "fltq.d")) r = (uint64_t)fpu_ltq_d(op[0], op[1], &f);
	else if (!strcmp(name, "fleq.h")) r = (uint64_t)fpu_leq_h(H(0), H(1), &f);
	else if (!strcmp(name, "fltq.h")) r = (uint64_t)fpu_ltq_h(H(0), H(1), &f);
	else return -1;
	*res = r;
	*fl = f;
	return 0;
}

/* The soft-float alone, for the operations that have a host fast path; -1 for the others. */
static int compute_ref(const char *name, unsigned rm, const uint64_t *op, uint64_t *res,
                       uint32_t *fl)
{
	uint32_t f = 0;
	uint64_t r;
	const unsigned np = FPU_MADD_NEG_PROD, na = FPU_MADD_NEG_ADDEND;
	if (!strcmp(name, "fadd.s")) r = BOX(fpu_ref_add_s(S(0), S(1), rm, &f));
	else if (!strcmp(name, "fsub.s")) r = BOX(fpu_ref_add_s(S(0), S(1) ^ 0x80000000u, rm, &f));
	else if (!strcmp(name, "fmul.s")) r = BOX(fpu_ref_mul_s(S(0), S(1), rm, &f));
	else if (!strcmp(name, "fdiv.s")) r = BOX(fpu_ref_div_s(S(0), S(1), rm, &f));
	else if (!strcmp(name, "fsqrt.s")) r = BOX(fpu_ref_sqrt_s(S(0), rm, &f));
	else if (!strcmp(name, "fmadd.s")) r = BOX(fpu_ref_madd_s(S(0), S(1), S(2), 0, rm, &f));
	else if (!strcmp(name, "fmsub.s")) r = BOX(fpu_ref_madd_s(S(0), S(1), S(2), na, rm, &f));
	else if (!strcmp(name, "fnmsub.s")) r = BOX(fpu_ref_madd_s(S(0), S(1), S(2), np, rm, &f));
	else if (!strcmp(name, "fnmadd.s"))
		r = BOX(fpu_ref_madd_s(S(0), S(1), S(2), np | na, rm, &f));
	else if (!strcmp(name, "fadd.d")) r = fpu_ref_add_d(op[0], op[1], rm, &f);
	else if (!strcmp(name, "fsub.d")) r = fpu_ref_add_d(op[0], op[1] ^ (1ull << 63), rm, &f);
	else if (!strcmp(name, "fmul.d")) r = fpu_ref_mul_d(op[0], op[1], rm, &f);
	else if (!strcmp(name, "fdiv.d")) r = fpu_ref_div_d(op[0], op[1], rm, &f);
	else if (!strcmp(name, "fsqrt.d")) r = fpu_ref_sqrt_d(op[0], rm, &f);
	else if (!strcmp(name, "fmadd.d")) r = fpu_ref_madd_d(op[0], op[1], op[2], 0, rm, &f);
	else if (!strcmp(name, "fmsub.d")) r = fpu_ref_madd_d(op[0], op[1], op[2], na, rm, &f);
	else if (!strcmp(name, "fnmsub.d")) r = fpu_ref_madd_d(op[0], op[1], op[2], np, rm, &f);
	else if (!strcmp(name, "fnmadd.d"))
		r = fpu_ref_madd_d(op[0], op[1], op[2], np | na, rm, &f);
	else if (!strcmp(name, "fcvt.s.d")) r = BOX(fpu_ref_cvt_s_d(op[0], rm, &f));
	else if (!strcmp(name, "fcvt.w.d")) r = (uint64_t)fpu_ref_cvt_w_d(op[0], rm, &f);
	else if (!strcmp(name, "fcvt.l.d")) r = (uint64_t)fpu_ref_cvt_l_d(op[0], rm, &f);
	else if (!strcmp(name, "fcvt.d.l")) r = fpu_ref_cvt_d_l((int64_t)op[0], rm, &f);
	else return -1;
	*res = r;
	*fl = f;
	return 0;
}

static int parse_rm(const char *s, unsigned *rm)
{
	static const char *const names[] = { "rne", "rtz", "rdn", "rup", "rmm" };
	for (unsigned i = 0; i < 5; i++)
		if (!strcmp(s, names[i])) {
			*rm = i;
			return 0;
		}
	if (!strncmp(s, "dyn", 3) && s[3] >= '0' && s[3] <= '4' && !s[4]) {
		*rm = (unsigned)(s[3] - '0');
		return 0;
	}
	*rm = 0;
	return !strcmp(s, "-") ? 0 : -1;
}

int main(int argc, char **argv)
{
	FILE *in = stdin;
	if (argc > 1 && !(in = fopen(argv[1], "r"))) {
		fprintf(stderr, "fpcheck: cannot open %s\n", argv[1]);
		return 2;
	}
	char line[1024];
	uint64_t compared = 0, bad = 0, lineno = 0;
	while (fgets(line, sizeof(line), in)) {
		lineno++;
		if (line[0] == '#')
			continue;
		char name[64], rmtxt[16];
		int pos = 0;
		if (sscanf(line, "%63s %15s%n", name, rmtxt, &pos) != 2)
			goto malformed;
		char *p = line + pos;
		uint64_t op[3] = { 0, 0, 0 }, got = 0, pre = 0, fl = 0;
		int nop = 0, nres = 0, have_fl = 0, n;
		char tok[32];
		while (sscanf(p, "%31s%n", tok, &n) == 1 && strcmp(tok, "->")) {
			if (nop == 3)
				goto malformed;
			op[nop++] = strtoull(tok, NULL, 16);
			p += n;
		}
		if (strcmp(tok, "->"))
			goto malformed;
		p += n;
		while (sscanf(p, "%31s%n", tok, &n) == 1) {
			p += n;
			if (!strcmp(tok, "fl")) {
				if (sscanf(p, "%" SCNx64 " %" SCNx64, &pre, &fl) != 2)
					goto malformed;
				have_fl = 1;
				break;
			}
			if (!strcmp(tok, "mem"))
				break;
			if (nres++ == 0)
				got = strtoull(tok, NULL, 16);
		}
		char *slash = strchr(name, '/');
		if (slash && !strncmp(name, "fli.", 4)) {  /* fli.F/N: the constant of index N */
			unsigned idx = (unsigned)strtoul(slash + 1, NULL, 10) & 31;
			uint64_t want = name[4] == 's' ? BOX(fpu_fli_s(idx)) :
			                name[4] == 'd' ? fpu_fli_d(idx) : HBOX(fpu_fli_h(idx));
			if (!have_fl || nres != 1)
				goto malformed;
			compared++;
			if (want != got || fl != pre) {
				if (bad++ < 50)
					printf("line %" PRIu64 ": %s: reference %" PRIx64 " fflags %" PRIx64
					       ", fpu.c %" PRIx64 " fflags %" PRIx64 "\n", lineno, name, got,
					       fl, want, pre);
			}
			continue;
		}
		if (slash) {
			if (strcmp(slash, "/same"))
				continue;
			*slash = 0;
			op[1] = op[2] = op[0];
		}
		unsigned rm;
		uint64_t want;
		uint32_t wfl;
		if (parse_rm(rmtxt, &rm) || compute(name, rm, op, &want, &wfl))
			continue;
		if (!have_fl || nres != 1)
			goto malformed;
		compared++;
		for (int pass = 0; pass < 2; pass++) {
			if (pass == 1 && compute_ref(name, rm, op, &want, &wfl))
				break;
			wfl |= (uint32_t)pre;
			if (want != got || wfl != fl) {
				if (bad++ < 50)
					printf("line %" PRIu64 ": %s %s %" PRIx64 " %" PRIx64 " %" PRIx64
					       ": reference %" PRIx64 " fflags %" PRIx64 ", fpu.c%s %" PRIx64
					       " fflags %x\n", lineno, name, rmtxt, op[0], op[1], op[2],
					       got, fl, pass ? " (soft-float alone)" : "", want, wfl);
			}
		}
		continue;
malformed:
		fprintf(stderr, "fpcheck: line %" PRIu64 ": malformed: %s", lineno, line);
		return 2;
	}
	printf("fpcheck: %" PRIu64 " FP cases compared, %" PRIu64 " differences\n", compared, bad);
	return bad ? 1 : 0;
}
