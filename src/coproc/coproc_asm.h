/*
 * coproc_asm.h — the co-processor's assembler (docs/coproc.md): microcode source (labels,
 * words of up to four `|`-separated operations, directives that configure the filters, the
 * sample buffer's fields, the read-only registers and the opcode-class start table) into a
 * struct coproc_prog. Errors name the file, line and column. `robin coproc asm` prints it.
 */
#ifndef ROBIN_COPROC_COPROC_ASM_H
#define ROBIN_COPROC_COPROC_ASM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "coproc/coproc_isa.h"
#include "isa/isa.h"

/* A load-time value: add + mul * slots / div, where slots is the number of associative-array
 * entries of the configured co-processor (so one program runs on half and double arrays). */
struct coproc_lval {
	int64_t add;
	int64_t mul;
	int64_t div;        /* a power of two, >= 1 */
};

#define COPROC_HOST_NAME 16

struct coproc_prog {
	uint64_t words[COPROC_UCODE_WORDS];
	uint32_t line[COPROC_UCODE_WORDS];     /* source line of each word */
	unsigned n_words;
	int16_t start[ISA_CLASS_COUNT];        /* opcode class -> start word, -1 none */
	uint32_t class_mask;                   /* opcode filter: bit per enum isa_class */
	uint32_t field_mask;                   /* sample buffer: bit per enum coproc_field */
	unsigned index_width;                  /* bits; 0 = log2(slots) */
	struct coproc_lval cnst[COPROC_NCONST], base[COPROC_NBASE];
	uint8_t target[COPROC_NTARGET];        /* word addresses */
	char host[COPROC_HOST_NAME];           /* host-side handler: value, edge, memdep, none */
	unsigned pf1_hash, pf2_hash;           /* hash function numbers (coproc_filter.h) */
	uint32_t pf1_mask, pf1_match;          /* PC filter 1's initial mask and match */
};

/* Assemble text[0..len) named `name` (for messages). Returns 0, or -EINVAL with one line
 * "NAME:LINE:COL: what" in err. */
int coproc_asm(const char *text, size_t len, const char *name, struct coproc_prog *out,
	       char *err, size_t errn) __attribute__((warn_unused_result));

/* Read and assemble a file. Returns 0, -EINVAL (message in err) or -errno (cannot read). */
int coproc_asm_file(const char *path, struct coproc_prog *out, char *err, size_t errn)
	__attribute__((warn_unused_result));

/* Resolve a load-time value for `slots` associative entries. */
static inline uint64_t coproc_lval_get(struct coproc_lval v, uint64_t slots)
{
	return (uint64_t)(v.add + v.mul * (int64_t)slots / (v.div ? v.div : 1));
}

/* Print the program as a listing: configuration, then one word per line (address, 48-bit
 * hex, operations). */
void coproc_prog_print(const struct coproc_prog *p, FILE *out);

#endif
