/* 103: encode -> decode -> disassemble round trip for every row of the ISA table with fixed
 * operands, against the text GNU objdump 2.40 prints for the same word (table below, made with
 * `riscv64-linux-gnu-objdump -b binary -m riscv:rv64 -D --adjust-vma=0x1000`, one word per row
 * at 0x1000 + 4 * index; the rows after RV64GC as their comment says); the pseudo-instructions
 * and compressed forms of the extensions; objdump's "# address" notes of a disassembly stream;
 * truncation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "isa/isa.h"
#include "isa/isa_internal.h"

struct golden {
	unsigned op;
	uint32_t word;
	const char *text;
};

static const struct golden golden[] = {
	{ ISA_OP_lui, 0x12345537u, "lui\ta0,0x12345" },
	{ ISA_OP_auipc, 0x12345517u, "auipc\ta0,0x12345" },
	{ ISA_OP_jal, 0x0010056fu, "jal\ta0,0x1808" },
	{ ISA_OP_jalr, 0xfd658567u, "jalr\ta0,-42(a1)" },
	{ ISA_OP_beq, 0x04c58063u, "beq\ta1,a2,0x1050" },
	{ ISA_OP_bne, 0x04c59063u, "bne\ta1,a2,0x1054" },
	{ ISA_OP_blt, 0x04c5c063u, "blt\ta1,a2,0x1058" },
	{ ISA_OP_bge, 0x04c5d063u, "bge\ta1,a2,0x105c" },
	{ ISA_OP_bltu, 0x04c5e063u, "bltu\ta1,a2,0x1060" },
	{ ISA_OP_bgeu, 0x04c5f063u, "bgeu\ta1,a2,0x1064" },
	{ ISA_OP_lb, 0xfd658503u, "lb\ta0,-42(a1)" },
	{ ISA_OP_lh, 0xfd659503u, "lh\ta0,-42(a1)" },
	{ ISA_OP_lw, 0xfd65a503u, "lw\ta0,-42(a1)" },
	{ ISA_OP_ld, 0xfd65b503u, "ld\ta0,-42(a1)" },
	{ ISA_OP_lbu, 0xfd65c503u, "lbu\ta0,-42(a1)" },
	{ ISA_OP_lhu, 0xfd65d503u, "lhu\ta0,-42(a1)" },
	{ ISA_OP_lwu, 0xfd65e503u, "lwu\ta0,-42(a1)" },
	{ ISA_OP_sb, 0x02c58c23u, "sb\ta2,56(a1)" },
	{ ISA_OP_sh, 0x02c59c23u, "sh\ta2,56(a1)" },
	{ ISA_OP_sw, 0x02c5ac23u, "sw\ta2,56(a1)" },
	{ ISA_OP_sd, 0x02c5bc23u, "sd\ta2,56(a1)" },
	{ ISA_OP_addi, 0xfd658513u, "add\ta0,a1,-42" },
	{ ISA_OP_slti, 0xfd65a513u, "slti\ta0,a1,-42" },
	{ ISA_OP_sltiu, 0xfd65b513u, "sltiu\ta0,a1,-42" },
	{ ISA_OP_xori, 0xfd65c513u, "xor\ta0,a1,-42" },
	{ ISA_OP_ori, 0xfd65e513u, "or\ta0,a1,-42" },
	{ ISA_OP_andi, 0xfd65f513u, "and\ta0,a1,-42" },
	{ ISA_OP_slli, 0x00559513u, "sll\ta0,a1,0x5" },
	{ ISA_OP_srli, 0x0055d513u, "srl\ta0,a1,0x5" },
	{ ISA_OP_srai, 0x4055d513u, "sra\ta0,a1,0x5" },
	{ ISA_OP_add, 0x00c58533u, "add\ta0,a1,a2" },
	{ ISA_OP_sub, 0x40c58533u, "sub\ta0,a1,a2" },
	{ ISA_OP_sll, 0x00c59533u, "sll\ta0,a1,a2" },
	{ ISA_OP_slt, 0x00c5a533u, "slt\ta0,a1,a2" },
	{ ISA_OP_sltu, 0x00c5b533u, "sltu\ta0,a1,a2" },
	{ ISA_OP_xor, 0x00c5c533u, "xor\ta0,a1,a2" },
	{ ISA_OP_srl, 0x00c5d533u, "srl\ta0,a1,a2" },
	{ ISA_OP_sra, 0x40c5d533u, "sra\ta0,a1,a2" },
	{ ISA_OP_or, 0x00c5e533u, "or\ta0,a1,a2" },
	{ ISA_OP_and, 0x00c5f533u, "and\ta0,a1,a2" },
	{ ISA_OP_addiw, 0xfd65851bu, "addw\ta0,a1,-42" },
	{ ISA_OP_slliw, 0x0055951bu, "sllw\ta0,a1,0x5" },
	{ ISA_OP_srliw, 0x0055d51bu, "srlw\ta0,a1,0x5" },
	{ ISA_OP_sraiw, 0x4055d51bu, "sraw\ta0,a1,0x5" },
	{ ISA_OP_addw, 0x00c5853bu, "addw\ta0,a1,a2" },
	{ ISA_OP_subw, 0x40c5853bu, "subw\ta0,a1,a2" },
	{ ISA_OP_sllw, 0x00c5953bu, "sllw\ta0,a1,a2" },
	{ ISA_OP_srlw, 0x00c5d53bu, "srlw\ta0,a1,a2" },
	{ ISA_OP_sraw, 0x40c5d53bu, "sraw\ta0,a1,a2" },
	{ ISA_OP_fence, 0x0310000fu, "fence\trw,w" },
	{ ISA_OP_ecall, 0x00000073u, "ecall" },
	{ ISA_OP_ebreak, 0x00100073u, "ebreak" },
	{ ISA_OP_fence_i, 0x0000100fu, "fence.i" },
	{ ISA_OP_csrrw, 0xc0159573u, "csrrw\ta0,time,a1" },
	{ ISA_OP_csrrs, 0xc015a573u, "csrrs\ta0,time,a1" },
	{ ISA_OP_csrrc, 0xc015b573u, "csrrc\ta0,time,a1" },
	{ ISA_OP_csrrwi, 0x3404d573u, "csrrw\ta0,mscratch,9" },
	{ ISA_OP_csrrsi, 0x3404e573u, "csrrs\ta0,mscratch,9" },
	{ ISA_OP_csrrci, 0x3404f573u, "csrrc\ta0,mscratch,9" },
	{ ISA_OP_mul, 0x02c58533u, "mul\ta0,a1,a2" },
	{ ISA_OP_mulh, 0x02c59533u, "mulh\ta0,a1,a2" },
	{ ISA_OP_mulhsu, 0x02c5a533u, "mulhsu\ta0,a1,a2" },
	{ ISA_OP_mulhu, 0x02c5b533u, "mulhu\ta0,a1,a2" },
	{ ISA_OP_div, 0x02c5c533u, "div\ta0,a1,a2" },
	{ ISA_OP_divu, 0x02c5d533u, "divu\ta0,a1,a2" },
	{ ISA_OP_rem, 0x02c5e533u, "rem\ta0,a1,a2" },
	{ ISA_OP_remu, 0x02c5f533u, "remu\ta0,a1,a2" },
	{ ISA_OP_mulw, 0x02c5853bu, "mulw\ta0,a1,a2" },
	{ ISA_OP_divw, 0x02c5c53bu, "divw\ta0,a1,a2" },
	{ ISA_OP_divuw, 0x02c5d53bu, "divuw\ta0,a1,a2" },
	{ ISA_OP_remw, 0x02c5e53bu, "remw\ta0,a1,a2" },
	{ ISA_OP_remuw, 0x02c5f53bu, "remuw\ta0,a1,a2" },
	{ ISA_OP_lr_w, 0x1405a52fu, "lr.w.aq\ta0,(a1)" },
	{ ISA_OP_sc_w, 0x1cc5a52fu, "sc.w.aq\ta0,a2,(a1)" },
	{ ISA_OP_amoswap_w, 0x0cc5a52fu, "amoswap.w.aq\ta0,a2,(a1)" },
	{ ISA_OP_amoadd_w, 0x04c5a52fu, "amoadd.w.aq\ta0,a2,(a1)" },
	{ ISA_OP_amoxor_w, 0x24c5a52fu, "amoxor.w.aq\ta0,a2,(a1)" },
	{ ISA_OP_amoand_w, 0x64c5a52fu, "amoand.w.aq\ta0,a2,(a1)" },
	{ ISA_OP_amoor_w, 0x44c5a52fu, "amoor.w.aq\ta0,a2,(a1)" },
	{ ISA_OP_amomin_w, 0x84c5a52fu, "amomin.w.aq\ta0,a2,(a1)" },
	{ ISA_OP_amomax_w, 0xa4c5a52fu, "amomax.w.aq\ta0,a2,(a1)" },
	{ ISA_OP_amominu_w, 0xc4c5a52fu, "amominu.w.aq\ta0,a2,(a1)" },
	{ ISA_OP_amomaxu_w, 0xe4c5a52fu, "amomaxu.w.aq\ta0,a2,(a1)" },
	{ ISA_OP_lr_d, 0x1405b52fu, "lr.d.aq\ta0,(a1)" },
	{ ISA_OP_sc_d, 0x1cc5b52fu, "sc.d.aq\ta0,a2,(a1)" },
	{ ISA_OP_amoswap_d, 0x0cc5b52fu, "amoswap.d.aq\ta0,a2,(a1)" },
	{ ISA_OP_amoadd_d, 0x04c5b52fu, "amoadd.d.aq\ta0,a2,(a1)" },
	{ ISA_OP_amoxor_d, 0x24c5b52fu, "amoxor.d.aq\ta0,a2,(a1)" },
	{ ISA_OP_amoand_d, 0x64c5b52fu, "amoand.d.aq\ta0,a2,(a1)" },
	{ ISA_OP_amoor_d, 0x44c5b52fu, "amoor.d.aq\ta0,a2,(a1)" },
	{ ISA_OP_amomin_d, 0x84c5b52fu, "amomin.d.aq\ta0,a2,(a1)" },
	{ ISA_OP_amomax_d, 0xa4c5b52fu, "amomax.d.aq\ta0,a2,(a1)" },
	{ ISA_OP_amominu_d, 0xc4c5b52fu, "amominu.d.aq\ta0,a2,(a1)" },
	{ ISA_OP_amomaxu_d, 0xe4c5b52fu, "amomaxu.d.aq\ta0,a2,(a1)" },
	{ ISA_OP_flw, 0xfd65a507u, "flw\tfa0,-42(a1)" },
	{ ISA_OP_fsw, 0x02c5ac27u, "fsw\tfa2,56(a1)" },
	{ ISA_OP_fmadd_s, 0x68c59543u, "fmadd.s\tfa0,fa1,fa2,fa3,rtz" },
	{ ISA_OP_fmsub_s, 0x68c59547u, "fmsub.s\tfa0,fa1,fa2,fa3,rtz" },
	{ ISA_OP_fnmsub_s, 0x68c5954bu, "fnmsub.s\tfa0,fa1,fa2,fa3,rtz" },
	{ ISA_OP_fnmadd_s, 0x68c5954fu, "fnmadd.s\tfa0,fa1,fa2,fa3,rtz" },
	{ ISA_OP_fadd_s, 0x00c59553u, "fadd.s\tfa0,fa1,fa2,rtz" },
	{ ISA_OP_fsub_s, 0x08c59553u, "fsub.s\tfa0,fa1,fa2,rtz" },
	{ ISA_OP_fmul_s, 0x10c59553u, "fmul.s\tfa0,fa1,fa2,rtz" },
	{ ISA_OP_fdiv_s, 0x18c59553u, "fdiv.s\tfa0,fa1,fa2,rtz" },
	{ ISA_OP_fsqrt_s, 0x58059553u, "fsqrt.s\tfa0,fa1,rtz" },
	{ ISA_OP_fsgnj_s, 0x20c58553u, "fsgnj.s\tfa0,fa1,fa2" },
	{ ISA_OP_fsgnjn_s, 0x20c59553u, "fsgnjn.s\tfa0,fa1,fa2" },
	{ ISA_OP_fsgnjx_s, 0x20c5a553u, "fsgnjx.s\tfa0,fa1,fa2" },
	{ ISA_OP_fmin_s, 0x28c58553u, "fmin.s\tfa0,fa1,fa2" },
	{ ISA_OP_fmax_s, 0x28c59553u, "fmax.s\tfa0,fa1,fa2" },
	{ ISA_OP_fcvt_w_s, 0xc0059553u, "fcvt.w.s\ta0,fa1,rtz" },
	{ ISA_OP_fcvt_wu_s, 0xc0159553u, "fcvt.wu.s\ta0,fa1,rtz" },
	{ ISA_OP_fcvt_l_s, 0xc0259553u, "fcvt.l.s\ta0,fa1,rtz" },
	{ ISA_OP_fcvt_lu_s, 0xc0359553u, "fcvt.lu.s\ta0,fa1,rtz" },
	{ ISA_OP_fmv_x_w, 0xe0058553u, "fmv.x.w\ta0,fa1" },
	{ ISA_OP_feq_s, 0xa0c5a553u, "feq.s\ta0,fa1,fa2" },
	{ ISA_OP_flt_s, 0xa0c59553u, "flt.s\ta0,fa1,fa2" },
	{ ISA_OP_fle_s, 0xa0c58553u, "fle.s\ta0,fa1,fa2" },
	{ ISA_OP_fclass_s, 0xe0059553u, "fclass.s\ta0,fa1" },
	{ ISA_OP_fcvt_s_w, 0xd0059553u, "fcvt.s.w\tfa0,a1,rtz" },
	{ ISA_OP_fcvt_s_wu, 0xd0159553u, "fcvt.s.wu\tfa0,a1,rtz" },
	{ ISA_OP_fcvt_s_l, 0xd0259553u, "fcvt.s.l\tfa0,a1,rtz" },
	{ ISA_OP_fcvt_s_lu, 0xd0359553u, "fcvt.s.lu\tfa0,a1,rtz" },
	{ ISA_OP_fmv_w_x, 0xf0058553u, "fmv.w.x\tfa0,a1" },
	{ ISA_OP_fld, 0xfd65b507u, "fld\tfa0,-42(a1)" },
	{ ISA_OP_fsd, 0x02c5bc27u, "fsd\tfa2,56(a1)" },
	{ ISA_OP_fmadd_d, 0x6ac59543u, "fmadd.d\tfa0,fa1,fa2,fa3,rtz" },
	{ ISA_OP_fmsub_d, 0x6ac59547u, "fmsub.d\tfa0,fa1,fa2,fa3,rtz" },
	{ ISA_OP_fnmsub_d, 0x6ac5954bu, "fnmsub.d\tfa0,fa1,fa2,fa3,rtz" },
	{ ISA_OP_fnmadd_d, 0x6ac5954fu, "fnmadd.d\tfa0,fa1,fa2,fa3,rtz" },
	{ ISA_OP_fadd_d, 0x02c59553u, "fadd.d\tfa0,fa1,fa2,rtz" },
	{ ISA_OP_fsub_d, 0x0ac59553u, "fsub.d\tfa0,fa1,fa2,rtz" },
	{ ISA_OP_fmul_d, 0x12c59553u, "fmul.d\tfa0,fa1,fa2,rtz" },
	{ ISA_OP_fdiv_d, 0x1ac59553u, "fdiv.d\tfa0,fa1,fa2,rtz" },
	{ ISA_OP_fsqrt_d, 0x5a059553u, "fsqrt.d\tfa0,fa1,rtz" },
	{ ISA_OP_fsgnj_d, 0x22c58553u, "fsgnj.d\tfa0,fa1,fa2" },
	{ ISA_OP_fsgnjn_d, 0x22c59553u, "fsgnjn.d\tfa0,fa1,fa2" },
	{ ISA_OP_fsgnjx_d, 0x22c5a553u, "fsgnjx.d\tfa0,fa1,fa2" },
	{ ISA_OP_fmin_d, 0x2ac58553u, "fmin.d\tfa0,fa1,fa2" },
	{ ISA_OP_fmax_d, 0x2ac59553u, "fmax.d\tfa0,fa1,fa2" },
	{ ISA_OP_fcvt_s_d, 0x40159553u, "fcvt.s.d\tfa0,fa1,rtz" },
	{ ISA_OP_fcvt_d_s, 0x42058553u, "fcvt.d.s\tfa0,fa1" },
	{ ISA_OP_feq_d, 0xa2c5a553u, "feq.d\ta0,fa1,fa2" },
	{ ISA_OP_flt_d, 0xa2c59553u, "flt.d\ta0,fa1,fa2" },
	{ ISA_OP_fle_d, 0xa2c58553u, "fle.d\ta0,fa1,fa2" },
	{ ISA_OP_fclass_d, 0xe2059553u, "fclass.d\ta0,fa1" },
	{ ISA_OP_fcvt_w_d, 0xc2059553u, "fcvt.w.d\ta0,fa1,rtz" },
	{ ISA_OP_fcvt_wu_d, 0xc2159553u, "fcvt.wu.d\ta0,fa1,rtz" },
	{ ISA_OP_fcvt_l_d, 0xc2259553u, "fcvt.l.d\ta0,fa1,rtz" },
	{ ISA_OP_fcvt_lu_d, 0xc2359553u, "fcvt.lu.d\ta0,fa1,rtz" },
	{ ISA_OP_fcvt_d_w, 0xd2058553u, "fcvt.d.w\tfa0,a1" },
	{ ISA_OP_fcvt_d_wu, 0xd2158553u, "fcvt.d.wu\tfa0,a1" },
	{ ISA_OP_fcvt_d_l, 0xd2259553u, "fcvt.d.l\tfa0,a1,rtz" },
	{ ISA_OP_fcvt_d_lu, 0xd2359553u, "fcvt.d.lu\tfa0,a1,rtz" },
	{ ISA_OP_fmv_x_d, 0xe2058553u, "fmv.x.d\ta0,fa1" },
	{ ISA_OP_fmv_d_x, 0xf2058553u, "fmv.d.x\tfa0,a1" },
	/* Extensions after RV64GC: assembled by `as` 2.40 with -march=rv64gc_zba_zbb_zbs_zbc_zbkb_zfh_
	 * zicbom_zicboz_zicbop_zihintpause_zawrs and dumped by objdump 2.40 from that object (it
	 * decodes by the ELF's arch attribute); Zicond, Zimop and Zfa rows (czero.*, mop.*, fli.* to
	 * fltq.h), which 2.40 does not know, by binutils 2.46.0.20260210 with _zicond_zfa_zimop. */
	{ ISA_OP_sh1add, 0x20c5a533u, "sh1add\ta0,a1,a2" },
	{ ISA_OP_sh2add, 0x20c5c533u, "sh2add\ta0,a1,a2" },
	{ ISA_OP_sh3add, 0x20c5e533u, "sh3add\ta0,a1,a2" },
	{ ISA_OP_add_uw, 0x08c5853bu, "add.uw\ta0,a1,a2" },
	{ ISA_OP_sh1add_uw, 0x20c5a53bu, "sh1add.uw\ta0,a1,a2" },
	{ ISA_OP_sh2add_uw, 0x20c5c53bu, "sh2add.uw\ta0,a1,a2" },
	{ ISA_OP_sh3add_uw, 0x20c5e53bu, "sh3add.uw\ta0,a1,a2" },
	{ ISA_OP_slli_uw, 0x0855951bu, "slli.uw\ta0,a1,0x5" },
	{ ISA_OP_andn, 0x40c5f533u, "andn\ta0,a1,a2" },
	{ ISA_OP_orn, 0x40c5e533u, "orn\ta0,a1,a2" },
	{ ISA_OP_xnor, 0x40c5c533u, "xnor\ta0,a1,a2" },
	{ ISA_OP_clz, 0x60059513u, "clz\ta0,a1" },
	{ ISA_OP_ctz, 0x60159513u, "ctz\ta0,a1" },
	{ ISA_OP_cpop, 0x60259513u, "cpop\ta0,a1" },
	{ ISA_OP_clzw, 0x6005951bu, "clzw\ta0,a1" },
	{ ISA_OP_ctzw, 0x6015951bu, "ctzw\ta0,a1" },
	{ ISA_OP_cpopw, 0x6025951bu, "cpopw\ta0,a1" },
	{ ISA_OP_max, 0x0ac5e533u, "max\ta0,a1,a2" },
	{ ISA_OP_maxu, 0x0ac5f533u, "maxu\ta0,a1,a2" },
	{ ISA_OP_min, 0x0ac5c533u, "min\ta0,a1,a2" },
	{ ISA_OP_minu, 0x0ac5d533u, "minu\ta0,a1,a2" },
	{ ISA_OP_sext_b, 0x60459513u, "sext.b\ta0,a1" },
	{ ISA_OP_sext_h, 0x60559513u, "sext.h\ta0,a1" },
	{ ISA_OP_zext_h, 0x0805c53bu, "zext.h\ta0,a1" },
	{ ISA_OP_rol, 0x60c59533u, "rol\ta0,a1,a2" },
	{ ISA_OP_ror, 0x60c5d533u, "ror\ta0,a1,a2" },
	{ ISA_OP_rolw, 0x60c5953bu, "rolw\ta0,a1,a2" },
	{ ISA_OP_rorw, 0x60c5d53bu, "rorw\ta0,a1,a2" },
	{ ISA_OP_rori, 0x6055d513u, "ror\ta0,a1,0x5" },
	{ ISA_OP_roriw, 0x6055d51bu, "rorw\ta0,a1,0x5" },
	{ ISA_OP_orc_b, 0x2875d513u, "orc.b\ta0,a1" },
	{ ISA_OP_rev8, 0x6b85d513u, "rev8\ta0,a1" },
	{ ISA_OP_bclr, 0x48c59533u, "bclr\ta0,a1,a2" },
	{ ISA_OP_bclri, 0x48559513u, "bclr\ta0,a1,0x5" },
	{ ISA_OP_bext, 0x48c5d533u, "bext\ta0,a1,a2" },
	{ ISA_OP_bexti, 0x4855d513u, "bext\ta0,a1,0x5" },
	{ ISA_OP_binv, 0x68c59533u, "binv\ta0,a1,a2" },
	{ ISA_OP_binvi, 0x68559513u, "binv\ta0,a1,0x5" },
	{ ISA_OP_bset, 0x28c59533u, "bset\ta0,a1,a2" },
	{ ISA_OP_bseti, 0x28559513u, "bset\ta0,a1,0x5" },
	{ ISA_OP_clmul, 0x0ac59533u, "clmul\ta0,a1,a2" },
	{ ISA_OP_clmulr, 0x0ac5a533u, "clmulr\ta0,a1,a2" },
	{ ISA_OP_clmulh, 0x0ac5b533u, "clmulh\ta0,a1,a2" },
	{ ISA_OP_pack, 0x08c5c533u, "pack\ta0,a1,a2" },
	{ ISA_OP_packh, 0x08c5f533u, "packh\ta0,a1,a2" },
	{ ISA_OP_packw, 0x08c5c53bu, "packw\ta0,a1,a2" },
	{ ISA_OP_brev8, 0x6875d513u, "brev8\ta0,a1" },
	{ ISA_OP_czero_eqz, 0x0ec5d533u, "czero.eqz\ta0,a1,a2" },
	{ ISA_OP_czero_nez, 0x0ec5f533u, "czero.nez\ta0,a1,a2" },
	{ ISA_OP_cbo_inval, 0x0005a00fu, "cbo.inval\t(a1)" },
	{ ISA_OP_cbo_clean, 0x0015a00fu, "cbo.clean\t(a1)" },
	{ ISA_OP_cbo_flush, 0x0025a00fu, "cbo.flush\t(a1)" },
	{ ISA_OP_cbo_zero, 0x0045a00fu, "cbo.zero\t(a1)" },
	{ ISA_OP_wrs_nto, 0x00d00073u, "wrs.nto" },
	{ ISA_OP_wrs_sto, 0x01d00073u, "wrs.sto" },
	{ ISA_OP_mop_r, 0x85d5c573u, "mop.r.5\ta0,a1" },
	{ ISA_OP_mop_rr, 0x8ec5c573u, "mop.rr.3\ta0,a1,a2" },
	{ ISA_OP_flh, 0xfd659507u, "flh\tfa0,-42(a1)" },
	{ ISA_OP_fsh, 0x02c59c27u, "fsh\tfa2,56(a1)" },
	{ ISA_OP_fmv_x_h, 0xe4058553u, "fmv.x.h\ta0,fa1" },
	{ ISA_OP_fmv_h_x, 0xf4058553u, "fmv.h.x\tfa0,a1" },
	{ ISA_OP_fcvt_s_h, 0x40258553u, "fcvt.s.h\tfa0,fa1" },
	{ ISA_OP_fcvt_h_s, 0x44059553u, "fcvt.h.s\tfa0,fa1,rtz" },
	{ ISA_OP_fcvt_d_h, 0x42258553u, "fcvt.d.h\tfa0,fa1" },
	{ ISA_OP_fcvt_h_d, 0x44159553u, "fcvt.h.d\tfa0,fa1,rtz" },
	{ ISA_OP_fmadd_h, 0x6cc59543u, "fmadd.h\tfa0,fa1,fa2,fa3,rtz" },
	{ ISA_OP_fmsub_h, 0x6cc59547u, "fmsub.h\tfa0,fa1,fa2,fa3,rtz" },
	{ ISA_OP_fnmsub_h, 0x6cc5954bu, "fnmsub.h\tfa0,fa1,fa2,fa3,rtz" },
	{ ISA_OP_fnmadd_h, 0x6cc5954fu, "fnmadd.h\tfa0,fa1,fa2,fa3,rtz" },
	{ ISA_OP_fadd_h, 0x04c59553u, "fadd.h\tfa0,fa1,fa2,rtz" },
	{ ISA_OP_fsub_h, 0x0cc59553u, "fsub.h\tfa0,fa1,fa2,rtz" },
	{ ISA_OP_fmul_h, 0x14c59553u, "fmul.h\tfa0,fa1,fa2,rtz" },
	{ ISA_OP_fdiv_h, 0x1cc59553u, "fdiv.h\tfa0,fa1,fa2,rtz" },
	{ ISA_OP_fsqrt_h, 0x5c059553u, "fsqrt.h\tfa0,fa1,rtz" },
	{ ISA_OP_fsgnj_h, 0x24c58553u, "fsgnj.h\tfa0,fa1,fa2" },
	{ ISA_OP_fsgnjn_h, 0x24c59553u, "fsgnjn.h\tfa0,fa1,fa2" },
	{ ISA_OP_fsgnjx_h, 0x24c5a553u, "fsgnjx.h\tfa0,fa1,fa2" },
	{ ISA_OP_fmin_h, 0x2cc58553u, "fmin.h\tfa0,fa1,fa2" },
	{ ISA_OP_fmax_h, 0x2cc59553u, "fmax.h\tfa0,fa1,fa2" },
	{ ISA_OP_feq_h, 0xa4c5a553u, "feq.h\ta0,fa1,fa2" },
	{ ISA_OP_flt_h, 0xa4c59553u, "flt.h\ta0,fa1,fa2" },
	{ ISA_OP_fle_h, 0xa4c58553u, "fle.h\ta0,fa1,fa2" },
	{ ISA_OP_fclass_h, 0xe4059553u, "fclass.h\ta0,fa1" },
	{ ISA_OP_fcvt_w_h, 0xc4059553u, "fcvt.w.h\ta0,fa1,rtz" },
	{ ISA_OP_fcvt_wu_h, 0xc4159553u, "fcvt.wu.h\ta0,fa1,rtz" },
	{ ISA_OP_fcvt_l_h, 0xc4259553u, "fcvt.l.h\ta0,fa1,rtz" },
	{ ISA_OP_fcvt_lu_h, 0xc4359553u, "fcvt.lu.h\ta0,fa1,rtz" },
	{ ISA_OP_fcvt_h_w, 0xd4059553u, "fcvt.h.w\tfa0,a1,rtz" },
	{ ISA_OP_fcvt_h_wu, 0xd4159553u, "fcvt.h.wu\tfa0,a1,rtz" },
	{ ISA_OP_fcvt_h_l, 0xd4259553u, "fcvt.h.l\tfa0,a1,rtz" },
	{ ISA_OP_fcvt_h_lu, 0xd4359553u, "fcvt.h.lu\tfa0,a1,rtz" },
	{ ISA_OP_fli_s, 0xf0160553u, "fli.s\tfa0,0x1p-1" },
	{ ISA_OP_fli_d, 0xf2160553u, "fli.d\tfa0,0x1p-1" },
	{ ISA_OP_fli_h, 0xf4160553u, "fli.h\tfa0,0x1p-1" },
	{ ISA_OP_fminm_s, 0x28c5a553u, "fminm.s\tfa0,fa1,fa2" },
	{ ISA_OP_fmaxm_s, 0x28c5b553u, "fmaxm.s\tfa0,fa1,fa2" },
	{ ISA_OP_fminm_d, 0x2ac5a553u, "fminm.d\tfa0,fa1,fa2" },
	{ ISA_OP_fmaxm_d, 0x2ac5b553u, "fmaxm.d\tfa0,fa1,fa2" },
	{ ISA_OP_fminm_h, 0x2cc5a553u, "fminm.h\tfa0,fa1,fa2" },
	{ ISA_OP_fmaxm_h, 0x2cc5b553u, "fmaxm.h\tfa0,fa1,fa2" },
	{ ISA_OP_fround_s, 0x40459553u, "fround.s\tfa0,fa1,rtz" },
	{ ISA_OP_froundnx_s, 0x40559553u, "froundnx.s\tfa0,fa1,rtz" },
	{ ISA_OP_fround_d, 0x42459553u, "fround.d\tfa0,fa1,rtz" },
	{ ISA_OP_froundnx_d, 0x42559553u, "froundnx.d\tfa0,fa1,rtz" },
	{ ISA_OP_fround_h, 0x44459553u, "fround.h\tfa0,fa1,rtz" },
	{ ISA_OP_froundnx_h, 0x44559553u, "froundnx.h\tfa0,fa1,rtz" },
	{ ISA_OP_fcvtmod_w_d, 0xc2859553u, "fcvtmod.w.d\ta0,fa1,rtz" },
	{ ISA_OP_fleq_s, 0xa0c5c553u, "fleq.s\ta0,fa1,fa2" },
	{ ISA_OP_fltq_s, 0xa0c5d553u, "fltq.s\ta0,fa1,fa2" },
	{ ISA_OP_fleq_d, 0xa2c5c553u, "fleq.d\ta0,fa1,fa2" },
	{ ISA_OP_fltq_d, 0xa2c5d553u, "fltq.d\ta0,fa1,fa2" },
	{ ISA_OP_fleq_h, 0xa4c5c553u, "fleq.h\ta0,fa1,fa2" },
	{ ISA_OP_fltq_h, 0xa4c5d553u, "fltq.h\ta0,fa1,fa2" },
};

/* The operands the golden words were built with (see the table comment). */
static struct isa_insn fixed_operands(unsigned op)
{
	const struct isa_row *r = &isa_rows[op];
	struct isa_insn in = { .op = (uint16_t)op };
	int r4 = r->fmt == ISA_FMT_R4;
	in.rd = (r->flags & ISA_T_RD_F) || r4 ? ISA_REG_F(10) : 10;
	in.rs1 = (r->flags & ISA_T_RS1_F) || r4 ? ISA_REG_F(11) : 11;
	in.rs2 = (r->flags & ISA_T_RS2_F) || r4 ? ISA_REG_F(12) : 12;
	in.rs3 = ISA_REG_F(13);
	switch (r->fmt) {
	case ISA_FMT_I: in.imm = -42; break;
	case ISA_FMT_S: in.imm = 56; break;
	case ISA_FMT_B: in.imm = 64; break;
	case ISA_FMT_J: in.imm = 0x800; break;
	case ISA_FMT_U: in.imm = 0x12345000; break;
	case ISA_FMT_SHIFT: in.imm = 5; break;
	case ISA_FMT_CSR: in.csr = 0xc01; break;
	case ISA_FMT_CSRI: in.csr = 0x340; in.imm = 9; break;
	case ISA_FMT_FENCE: in.imm = 0x31; break;
	case ISA_FMT_AMO: in.flags = ISA_F_AQ; break;
	case ISA_FMT_MOP: in.imm = (r->flags & ISA_T_NO_RS2) ? 5 : 3; break;  /* mop.r.5, mop.rr.3 */
	case ISA_FMT_FLI: in.rs1 = ISA_REG_NONE; in.imm = 12; break;         /* 0.5 */
	default: break;
	}
	if (op >= ISA_OP_cbo_inval && op <= ISA_OP_cbo_zero) {  /* rd and imm are opcode bits */
		in.rd = 0;
		in.imm = (int64_t)(r->match >> 20);
	}
	if (r->flags & ISA_T_RM)
		in.rm = (op == ISA_OP_fcvt_d_w || op == ISA_OP_fcvt_d_wu || op == ISA_OP_fcvt_d_s ||
			 op == ISA_OP_fcvt_s_h || op == ISA_OP_fcvt_d_h) ? 0 : 1;
	return in;
}

static void test_round_trip_every_row(void **state)
{
	(void)state;
	assert_int_equal(sizeof(golden) / sizeof(golden[0]), ISA_OP_COUNT - 1);
	for (size_t i = 0; i < sizeof(golden) / sizeof(golden[0]); i++) {
		const struct golden *g = &golden[i];
		struct isa_insn want = fixed_operands(g->op), got;
		uint32_t w = isa_encode(&want);
		if (w != g->word)
			fail_msg("%s encodes to 0x%08x, expected 0x%08x", isa_op_name(g->op), w, g->word);
		assert_int_equal(isa_decode(w, &got), 4);
		assert_int_equal(got.op, g->op);
		/* operands the row has must come back; absent ones are ISA_REG_NONE */
		const struct isa_row *r = &isa_rows[g->op];
		if (r->fmt != ISA_FMT_S && r->fmt != ISA_FMT_B && r->fmt != ISA_FMT_FENCE &&
		    r->fmt != ISA_FMT_NONE)
			assert_int_equal(got.rd, want.rd);
		if (r->fmt != ISA_FMT_U && r->fmt != ISA_FMT_J && r->fmt != ISA_FMT_CSRI &&
		    r->fmt != ISA_FMT_FENCE && r->fmt != ISA_FMT_NONE && r->fmt != ISA_FMT_FLI)
			assert_int_equal(got.rs1, want.rs1);
		if (got.rs2 != ISA_REG_NONE)
			assert_int_equal(got.rs2, want.rs2);
		if (got.rs3 != ISA_REG_NONE)
			assert_int_equal(got.rs3, want.rs3);
		assert_int_equal(got.imm, want.imm);
		assert_int_equal(got.csr, want.csr);
		assert_int_equal(got.rm, want.rm);
		assert_int_equal(isa_encode(&got), w);

		char text[128];
		int n = isa_disasm(&got, 0x1000 + 4 * i, text, sizeof(text));
		assert_int_equal(n, (int)strlen(text));
		if (strcmp(text, g->text))
			fail_msg("%s: \"%s\", objdump prints \"%s\"", isa_op_name(g->op), text, g->text);
	}
}

/* Address notes: objdump remembers lui/auipc results per register, uses each once. */
static void test_stream_notes(void **state)
{
	(void)state;
	static const struct { uint32_t raw; const char *text; } seq[] = {
		{ 0x00002797, "auipc\ta5,0x2" },
		{ 0xa547b787, "fld\tfa5,-1452(a5) # 0x2a54" },
		{ 0x0087b707, "fld\tfa4,8(a5)" },
		{ 0x12345537, "lui\ta0,0x12345" },
		{ 0x67850513, "add\ta0,a0,1656 # 0x12345678" },
		{ 0x800004b7, "lui\ts1,0x80000" },
		{ 0xfff4849b, "addw\ts1,s1,-1 # 0x7fffffff" },
		{ 0x00000097, "auipc\tra,0x0" },
		{ 0x010080e7, "jalr\t16(ra) # 0x102c" },
		{ 0x9a023683, "ld\ta3,-1632(tp) # 0xfffffffffffff9a0" },
		{ 0x00e03423, "sd\ta4,8(zero) # 0x8" },
		{ 0x20018613, "add\ta2,gp,512" },
		{ 0x6705, "lui\ta4,0x1" },
		{ 0x0721, "add\ta4,a4,8 # 0x1008" },
	};
	struct isa_disasm_ctx ctx;
	isa_disasm_ctx_init(&ctx);
	uint64_t pc = 0x1000;
	for (size_t i = 0; i < sizeof(seq) / sizeof(seq[0]); i++) {
		struct isa_insn in;
		char text[128];
		int len = isa_decode(seq[i].raw, &in);
		assert_true(len == 2 || len == 4);
		isa_disasm_stream(&ctx, &in, pc, text, sizeof(text));
		if (strcmp(text, seq[i].text))
			fail_msg("at 0x%llx: \"%s\", objdump prints \"%s\"", (unsigned long long)pc, text,
				 seq[i].text);
		pc += (uint64_t)len;
	}
	/* with the global pointer known, gp-relative accesses get a note too */
	struct isa_insn in;
	char text[128];
	ctx.gp = 0x2800;
	ctx.has_gp = 1;
	isa_decode(0x20018613, &in);
	isa_disasm_stream(&ctx, &in, pc, text, sizeof(text));
	assert_string_equal(text, "add\ta2,gp,512 # 0x2a00");
}

/* Pseudo-instructions, hints and compressed forms of the extensions, one encoding each.
 * Words and texts from objdump 2.40 (`as` 2.40 -march=rv64gc_zba_zbb_zbs_zbc_zbkb_zfh_zicbom_
 * zicboz_zicbop_zihintpause_zawrs, hints through .insn) unless marked 2.46: binutils
 * 2.46.0.20260210 with _zicond_zfa_zcb_zimop_zcmop added to -march (2.40 knows none of those).
 * The Zihintntl hints keep 2.40's text: 2.46 with _zihintntl prints ntl.p1 ... ntl.all. */
static const struct { uint32_t raw; const char *text; } ext_forms[] = {
	{ 0x0805853b, "zext.w\ta0,a1" },           /* add.uw a0,a1,zero */
	{ 0x0805c53b, "zext.h\ta0,a1" },           /* packw a0,a1,zero */
	{ 0x24b58553, "fmv.h\tfa0,fa1" },
	{ 0x24b59553, "fneg.h\tfa0,fa1" },
	{ 0x24b5a553, "fabs.h\tfa0,fa1" },
	{ 0x0100000f, "pause" },                    /* fence w,0 */
	{ 0x0200000f, "fence\tr,unknown" },
	{ 0x0100100f, ".4byte\t0x100100f" },
	{ 0x00006013, "prefetch.i\t0(zero)" },
	{ 0x0205e013, "prefetch.i\t32(a1)" },
	{ 0x0415e013, "prefetch.r\t64(a1)" },
	{ 0xfe35e013, "prefetch.w\t-32(a1)" },
	{ 0x0025e013, "or\tzero,a1,2" },
	{ 0x4405f553, "fcvt.h.s\tfa0,fa1" },
	{ 0x44058553, "fcvt.h.s\tfa0,fa1,rne" },
	{ 0x40208553, "fcvt.s.h\tfa0,ft1" },
	{ 0x42259553, ".4byte\t0x42259553" },      /* fcvt.d.h, rm = rtz */
	{ 0x0045a50f, ".4byte\t0x45a50f" },        /* cbo.zero with rd = a0 */
	{ 0x00d00573, ".4byte\t0xd00573" },        /* wrs.nto with rd = a0 */
	{ 0x00200033, "add\tzero,zero,sp" },       /* ntl.p1 */
	{ 0x00300033, "add\tzero,zero,gp" },       /* ntl.pall */
	{ 0x00400033, "add\tzero,zero,tp" },       /* ntl.s1 */
	{ 0x00500033, "add\tzero,zero,t0" },       /* ntl.all */
	{ 0x900a, "c.add\tzero,sp" },              /* c.ntl.p1 */
	{ 0x9016, "c.add\tzero,t0" },              /* c.ntl.all */
	/* 2.46 */
	{ 0x81c5c573, "mop.r.0\ta0,a1" },
	{ 0xcdf5c573, "mop.r.31\ta0,a1" },
	{ 0xcdc5c573, "mop.r.28\ta0,a1" },
	{ 0x81c04073, "mop.r.0\tzero,zero" },
	{ 0x82c5c573, "mop.rr.0\ta0,a1,a2" },
	{ 0xcec5c573, "mop.rr.7\ta0,a1,a2" },
	{ 0x4245f553, "fround.d\tfa0,fa1" },
	{ 0x42458553, "fround.d\tfa0,fa1,rne" },
	{ 0xf21f8553, "fli.d\tfa0,nan" },
	{ 0xf4108553, "fli.h\tfa0,min" },
	{ 0xf41f0553, "fli.h\tfa0,inf" },
	{ 0x81c8, "lbu\ta0,1(a1)" },
	{ 0x81a8, "lbu\ta0,2(a1)" },
	{ 0x8080, "lbu\ts0,0(s1)" },
	{ 0x85a8, "lhu\ta0,2(a1)" },
	{ 0x85e8, "lh\ta0,2(a1)" },
	{ 0x89e8, "sb\ta0,3(a1)" },
	{ 0x8b9c, "sb\ta5,0(a5)" },
	{ 0x8da8, "sh\ta0,2(a1)" },
	{ 0x9d61, "zext.b\ta0,a0" },
	{ 0x9d65, "sext.b\ta0,a0" },
	{ 0x9d69, "zext.h\ta0,a0" },
	{ 0x9d6d, "sext.h\ta0,a0" },
	{ 0x9d71, "zext.w\ta0,a0" },
	{ 0x9d75, "not\ta0,a0" },
	{ 0x9d4d, "mul\ta0,a0,a1" },
	{ 0x6081, "c.mop.1" },
	{ 0x6181, "c.mop.3" },
	{ 0x6781, "c.mop.15" },
};

/* Every fli.s constant (rd = fa0, rs1 = the index), as binutils 2.46 prints them. */
static const char *const fli_s_text[32] = {
	"-0x1p+0", "min", "0x1p-16", "0x1p-15", "0x1p-8", "0x1p-7", "0x1p-4", "0x1p-3",
	"0x1p-2", "0x1.4p-2", "0x1.8p-2", "0x1.cp-2", "0x1p-1", "0x1.4p-1", "0x1.8p-1", "0x1.cp-1",
	"0x1p+0", "0x1.4p+0", "0x1.8p+0", "0x1.cp+0", "0x1p+1", "0x1.4p+1", "0x1.8p+1", "0x1p+2",
	"0x1p+3", "0x1p+4", "0x1p+7", "0x1p+8", "0x1p+15", "0x1p+16", "inf", "nan",
};

static void test_extension_forms(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(ext_forms) / sizeof(ext_forms[0]); i++) {
		struct isa_insn in;
		char text[128];
		isa_decode(ext_forms[i].raw, &in);
		isa_disasm(&in, 0x1000, text, sizeof(text));
		if (strcmp(text, ext_forms[i].text))
			fail_msg("0x%x: \"%s\", objdump prints \"%s\"", ext_forms[i].raw, text,
				 ext_forms[i].text);
	}
	for (uint32_t k = 0; k < 32; k++) {
		struct isa_insn in;
		char text[128], want[64];
		assert_int_equal(isa_decode(0xf0100553u | (k << 15), &in), 4);
		isa_disasm(&in, 0, text, sizeof(text));
		snprintf(want, sizeof(want), "fli.s\tfa0,%s", fli_s_text[k]);
		assert_string_equal(text, want);
	}
	/* no "# address" note after lui for Zcb loads, prefetch, cbo (objdump 2.46); flh has one */
	static const struct { uint32_t raw; const char *text; } seq[] = {
		{ 0x65c9, "lui\ta1,0x12" },
		{ 0x81c8, "lbu\ta0,1(a1)" },
		{ 0x0215e013, "prefetch.r\t32(a1)" },
		{ 0x0045a00f, "cbo.zero\t(a1)" },
		{ 0x00859507, "flh\tfa0,8(a1) # 0x12008" },
	};
	struct isa_disasm_ctx ctx;
	isa_disasm_ctx_init(&ctx);
	for (size_t i = 0; i < sizeof(seq) / sizeof(seq[0]); i++) {
		struct isa_insn in;
		char text[128];
		isa_decode(seq[i].raw, &in);
		isa_disasm_stream(&ctx, &in, 0x1000, text, sizeof(text));
		assert_string_equal(text, seq[i].text);
	}
}

static void test_unknown_and_truncation(void **state)
{
	(void)state;
	struct isa_insn in;
	char text[64];
	assert_int_equal(isa_decode(0x0205151b, &in), 0);
	isa_disasm(&in, 0, text, sizeof(text));
	assert_string_equal(text, ".4byte\t0x205151b");
	assert_int_equal(isa_decode(0x00b55553, &in), 0);  /* rm = 5 */
	isa_disasm(&in, 0, text, sizeof(text));
	assert_string_equal(text, "fadd.s\tfa0,fa0,fa1,unknown");
	assert_int_equal(isa_decode(0x0000, &in), 0);
	isa_disasm(&in, 0, text, sizeof(text));
	assert_string_equal(text, "unimp");
	assert_int_equal(isa_decode(0x9000, &in), 0);  /* reserved, Zcb included */
	isa_disasm(&in, 0, text, sizeof(text));
	assert_string_equal(text, ".2byte\t0x9000");
	assert_int_equal(isa_decode(0x8000, &in), 2);  /* RV64C reserved it; Zcb's c.lbu */
	isa_disasm(&in, 0, text, sizeof(text));
	assert_string_equal(text, "lbu\ts0,0(s0)");
	assert_int_equal(isa_decode(0x40259553, &in), 4);  /* fcvt.s.h with rm = rtz */
	isa_disasm(&in, 0, text, sizeof(text));
	assert_string_equal(text, ".4byte\t0x40259553");  /* objdump 2.40 knows only rne */
	assert_int_equal(isa_decode(0x40455553, &in), 0);  /* fround.s, rm = 5 */
	isa_disasm(&in, 0, text, sizeof(text));
	assert_string_equal(text, "fround.s\tfa0,fa0,unknown");

	/* every buffer size: NUL-terminated prefix, never past n */
	assert_int_equal(isa_decode(0x9a023683, &in), 4);
	char full[64];
	int n = isa_disasm(&in, 0, full, sizeof(full));
	for (size_t cap = 0; cap <= sizeof(full); cap++) {
		char buf[80];
		memset(buf, 'X', sizeof(buf));
		int m = isa_disasm(&in, 0, buf, cap);
		assert_true(m <= n);
		if (cap) {
			assert_int_equal(m, (int)(cap - 1 < (size_t)n ? cap - 1 : (size_t)n));
			assert_int_equal(buf[m], 0);
			assert_memory_equal(buf, full, (size_t)m);
		} else {
			assert_int_equal(m, 0);
		}
		for (size_t k = cap; k < sizeof(buf); k++)
			assert_int_equal(buf[k], 'X');
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip_every_row),
		cmocka_unit_test(test_stream_notes),
		cmocka_unit_test(test_extension_forms),
		cmocka_unit_test(test_unknown_and_truncation),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
