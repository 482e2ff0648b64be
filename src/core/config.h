/*
 * config.h — the timing model's configuration: struct core_config (one field per row of
 * config.def), presets (boom-large, boom-medium, inorder-dual, sonicboom, ...), a key=value file
 * parser, `--set KEY=VALUE` overrides and the dump that `robin config --dump` prints and every
 * run can store. One table drives all of them.
 */
#ifndef ROBIN_CORE_CONFIG_H
#define ROBIN_CORE_CONFIG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "isa/isa.h"

#define CONFIG_CTYPE_U32    uint32_t
#define CONFIG_CTYPE_BOOL   uint32_t
#define CONFIG_CTYPE_ENUM   uint32_t
#define CONFIG_CTYPE_DOUBLE double

struct core_config {
#define CONFIG_KEY(name, type, def, min, max, choices, help) CONFIG_CTYPE_##type name;
#include "core/config.def"
#undef CONFIG_KEY
};

/* Cycles from issue to result of a non-memory instruction: the one latency table of the
 * timing model (core/issue.c) and of the analyses that schedule code statically
 * (analysis/dcpi_sched.c). Loads, stores and AMOs take their time from the memory system. */
static inline uint32_t config_exec_cycles(const struct core_config *g, const struct isa_insn *in)
{
	switch (in->cls) {
	case ISA_CLASS_MUL: return g->mul_cycles;
	case ISA_CLASS_DIV: return g->div_cycles;
	case ISA_CLASS_FP_ADD: return g->fp_add_cycles;
	case ISA_CLASS_FP_MUL: return g->fp_mul_cycles;
	case ISA_CLASS_FP_DIVSQRT: return g->fp_divsqrt_cycles;
	case ISA_CLASS_FP_CVT: return g->fp_cvt_cycles;
	case ISA_CLASS_CSR: return g->csr_cycles;
	/* vector instructions: one element group's latency (the vector unit, core/vu.c, adds
	 * the occupancy of the others) */
	case ISA_CLASS_VALU: return g->valu_cycles;
	case ISA_CLASS_VMUL: return g->vmul_cycles;
	case ISA_CLASS_VDIV: return g->vdiv_cycles;
	case ISA_CLASS_VFP: return g->vfp_cycles;
	case ISA_CLASS_VFDIV: return g->vfdiv_cycles;
	case ISA_CLASS_VPERM: return g->vperm_cycles;
	case ISA_CLASS_VRED: return g->valu_cycles + g->vred_cycles;
	case ISA_CLASS_SYSTEM:
		return (in->flags & ISA_F_ECALL) ? (g->ecall_cycles ? g->ecall_cycles : 1) : 1;
	default: return g->alu_cycles;
	}
}

/* Values of the ENUM key `bp`. */
enum config_bp { CONFIG_BP_TAGE, CONFIG_BP_BIMODAL, CONFIG_BP_STATIC };

enum config_type { CONFIG_U32, CONFIG_BOOL, CONFIG_DOUBLE, CONFIG_ENUM };

/* One row of the table, for tools that list or document the keys. */
struct config_key {
	const char *name;
	enum config_type type;
	size_t offset;         /* of the field in struct core_config */
	double def, min, max;  /* ENUM: def is the index into choices */
	const char *choices;   /* ENUM: "a,b,c"; else NULL */
	const char *help;
};

#define CONFIG_ERR_LEN 256

/* The table and its length. */
const struct config_key *config_keys(size_t *n);

/* The preset names, NULL-terminated; the first is the default. */
const char *const *config_preset_names(void);

/* Fill *c with the defaults (= the boom-large preset). */
void config_defaults(struct core_config *c);

/* Reset *c to the defaults and apply preset `name`. Returns 0, or -EINVAL with a message
 * naming the preset in err (CONFIG_ERR_LEN bytes). */
int config_preset(struct core_config *c, const char *name, char *err)
	__attribute__((warn_unused_result));

/* Set one key from its text value. Returns 0, or -EINVAL with "unknown configuration key 'k'"
 * or "bad value 'v' for key 'k': ..." in err. */
int config_set(struct core_config *c, const char *key, const char *value, char *err)
	__attribute__((warn_unused_result));

/* Set from "KEY=VALUE" (spaces around '=' allowed). Same returns as config_set. */
int config_set_kv(struct core_config *c, const char *kv, char *err)
	__attribute__((warn_unused_result));

/* Apply a file of "key = value" lines (blank lines and '#' comments ignored; a trailing
 * '# comment' after a value is allowed; "preset = NAME" as the first setting selects a
 * preset). Errors name the file and line. Returns 0 or -errno. */
int config_load_file(struct core_config *c, const char *path, char *err)
	__attribute__((warn_unused_result));

/* Cross-key checks (power-of-two geometries, widths within capacities). Returns 0 or
 * -EINVAL with the offending key in err. */
int config_validate(const struct core_config *c, char *err) __attribute__((warn_unused_result));

/* Print every key as "key = value" preceded by a "# help" line; the output is a valid
 * --config file. */
void config_dump(const struct core_config *c, FILE *out);

/* The value of one key as text (for dumps and the stats JSON). */
void config_format_value(const struct core_config *c, const struct config_key *k, char *buf,
                         size_t n);

/* Branch predictor storage in bytes for this configuration (TAGE + bimodal, without BTB/RAS). */
uint64_t config_bp_storage_bytes(const struct core_config *c);

#endif
