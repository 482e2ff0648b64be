/*
 * names.c — printable names of operations ("fadd.s") and timing classes ("fp-add").
 */
#include <pthread.h>

#include "isa/isa.h"
#include "isa/isa_internal.h"

static char names_dotted[ISA_OP_COUNT][24];  /* "vfwcvt.rtz.xu.f.v" has 17 */
static pthread_once_t names_once = PTHREAD_ONCE_INIT;

/* Mnemonics are the row names with '_' turned back into '.', made on first use: a process
 * that prints none (robin run) neither reads the ~160 name strings, spread over several
 * pages of .rodata, nor writes the table. */
static void names_build(void)
{
	for (unsigned op = 0; op < ISA_OP_COUNT; op++) {
		const char *s = isa_rows[op].name;
		unsigned i = 0;
		for (; s[i] && i + 1 < sizeof(names_dotted[op]); i++)
			names_dotted[op][i] = s[i] == '_' ? '.' : s[i];
		names_dotted[op][i] = 0;
	}
}

/* See isa.h. */
const char *isa_op_name(enum isa_op op)
{
	if ((unsigned)op >= ISA_OP_COUNT)
		return "unknown";
	pthread_once(&names_once, names_build);
	return names_dotted[op];
}

/* See isa.h. */
const char *isa_class_name(enum isa_class cls)
{
	static const char *const names[ISA_CLASS_COUNT] = {
		[ISA_CLASS_ALU] = "alu", [ISA_CLASS_MUL] = "mul", [ISA_CLASS_DIV] = "div",
		[ISA_CLASS_LOAD] = "load", [ISA_CLASS_STORE] = "store",
		[ISA_CLASS_BRANCH] = "branch", [ISA_CLASS_JUMP] = "jump",
		[ISA_CLASS_FP_ADD] = "fp-add", [ISA_CLASS_FP_MUL] = "fp-mul",
		[ISA_CLASS_FP_DIVSQRT] = "fp-divsqrt", [ISA_CLASS_FP_CVT] = "fp-cvt",
		[ISA_CLASS_CSR] = "csr", [ISA_CLASS_FENCE] = "fence", [ISA_CLASS_AMO] = "amo",
		[ISA_CLASS_SYSTEM] = "system", [ISA_CLASS_VSET] = "vset", [ISA_CLASS_VALU] = "valu",
		[ISA_CLASS_VMUL] = "vmul", [ISA_CLASS_VDIV] = "vdiv", [ISA_CLASS_VFP] = "vfp",
		[ISA_CLASS_VFDIV] = "vfdiv", [ISA_CLASS_VPERM] = "vperm", [ISA_CLASS_VRED] = "vred",
		[ISA_CLASS_VLOAD] = "vload", [ISA_CLASS_VSTORE] = "vstore",
	};
	if ((unsigned)cls >= ISA_CLASS_COUNT)
		return "unknown";
	return names[cls];
}
