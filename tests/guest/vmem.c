/* vmem: the V 1.0 loads and stores (exec_vmem.c), run as qemu-riscv64 runs them.
 *
 * `vmem` (compared with qemu at each VLEN): every load/store row — unit-stride, segment,
 * fault-only-first, strided (positive, zero, negative and odd strides), indexed ordered and
 * unordered (each index EEW, each SEW), whole-register, mask — over every SEW and LMUL, several
 * vl, masked and unmasked, one line per row and vtype with vl and a hash of what it wrote
 * ("ill" for SIGILL); reserved encodings (misaligned groups, overlaps, masked writes of v0);
 * precise faults caught by a SIGSEGV handler that prints vstart, the fault address and what
 * was done before the faulting element; fault-only-first reads running off the end of a
 * mapped page, strlen-style.
 * `vmem linux` (robin only: qemu 7.2 does not save the vector state in signal frames): the
 * frame's vector context as Linux lays it out (struct __riscv_ctx_hdr with RISCV_V_MAGIC,
 * struct __riscv_v_ext_state, the registers at datap, an END header), a handler that uses
 * vectors and returns into a faulting load that then completes from vstart, a handler's edit
 * of the saved registers taking effect, timer signals interrupting vector code, and
 * AT_MINSIGSTKSZ (absent, as under qemu). It prints BAD lines for every difference from Linux's behaviour.
 * `vmem nov` (robin only): before any vector use a signal frame has no V context.
 * `vmem segv`: a vector load from an unmapped page without a handler (SIGSEGV, exit 139).
 * `vmem state`: vector state set, then held across a long scalar loop and printed (the
 * checkpoint round trip of tests/e2e/244 cuts the loops).
 * Inline assembly only (the arithmetic instructions are not used), built with .option arch.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <ucontext.h>
#include <unistd.h>

#define VASM(s) ".option push\n.option arch, +v\n" s "\n.option pop\n"

#define VOP(nm, a)                                                                           \
	static void op_##nm(uint64_t b, uint64_t s, int m)                                    \
	{                                                                                    \
		if (m)                                                                       \
			asm volatile(VASM(a ", v0.t") :: "r"(b), "r"(s) : "memory");         \
		else                                                                         \
			asm volatile(VASM(a) :: "r"(b), "r"(s) : "memory");                  \
	}
#define VOP1(nm, a)                                                                          \
	static void op_##nm(uint64_t b, uint64_t s, int m)                                    \
	{                                                                                    \
		(void)s; (void)m;                                                            \
		asm volatile(VASM(a) :: "r"(b) : "memory");                                  \
	}

enum { K_US, K_FF, K_ST, K_IX, K_WH, K_MK };

struct row {
	const char *name;
	void (*fn)(uint64_t b, uint64_t s, int m);
	int store, kind, eew, nf;
};

VOP(vle8, "vle8.v v8, (%0)")
VOP(vse8, "vse8.v v8, (%0)")
VOP(vle8ff, "vle8ff.v v8, (%0)")
VOP(vlse8, "vlse8.v v8, (%0), %1")
VOP(vsse8, "vsse8.v v8, (%0), %1")
VOP(vluxei8, "vluxei8.v v8, (%0), v24")
VOP(vloxei8, "vloxei8.v v8, (%0), v24")
VOP(vsuxei8, "vsuxei8.v v8, (%0), v24")
VOP(vsoxei8, "vsoxei8.v v8, (%0), v24")
VOP(vlseg2e8, "vlseg2e8.v v8, (%0)")
VOP(vsseg2e8, "vsseg2e8.v v8, (%0)")
VOP(vlseg2e8ff, "vlseg2e8ff.v v8, (%0)")
VOP(vlsseg2e8, "vlsseg2e8.v v8, (%0), %1")
VOP(vssseg2e8, "vssseg2e8.v v8, (%0), %1")
VOP(vluxseg2ei8, "vluxseg2ei8.v v8, (%0), v24")
VOP(vloxseg2ei8, "vloxseg2ei8.v v8, (%0), v24")
VOP(vsuxseg2ei8, "vsuxseg2ei8.v v8, (%0), v24")
VOP(vsoxseg2ei8, "vsoxseg2ei8.v v8, (%0), v24")
VOP(vlseg3e8, "vlseg3e8.v v8, (%0)")
VOP(vsseg3e8, "vsseg3e8.v v8, (%0)")
VOP(vlseg3e8ff, "vlseg3e8ff.v v8, (%0)")
VOP(vlsseg3e8, "vlsseg3e8.v v8, (%0), %1")
VOP(vssseg3e8, "vssseg3e8.v v8, (%0), %1")
VOP(vluxseg3ei8, "vluxseg3ei8.v v8, (%0), v24")
VOP(vloxseg3ei8, "vloxseg3ei8.v v8, (%0), v24")
VOP(vsuxseg3ei8, "vsuxseg3ei8.v v8, (%0), v24")
VOP(vsoxseg3ei8, "vsoxseg3ei8.v v8, (%0), v24")
VOP(vlseg4e8, "vlseg4e8.v v8, (%0)")
VOP(vsseg4e8, "vsseg4e8.v v8, (%0)")
VOP(vlseg4e8ff, "vlseg4e8ff.v v8, (%0)")
VOP(vlsseg4e8, "vlsseg4e8.v v8, (%0), %1")
VOP(vssseg4e8, "vssseg4e8.v v8, (%0), %1")
VOP(vluxseg4ei8, "vluxseg4ei8.v v8, (%0), v24")
VOP(vloxseg4ei8, "vloxseg4ei8.v v8, (%0), v24")
VOP(vsuxseg4ei8, "vsuxseg4ei8.v v8, (%0), v24")
VOP(vsoxseg4ei8, "vsoxseg4ei8.v v8, (%0), v24")
VOP(vlseg5e8, "vlseg5e8.v v8, (%0)")
VOP(vsseg5e8, "vsseg5e8.v v8, (%0)")
VOP(vlseg5e8ff, "vlseg5e8ff.v v8, (%0)")
VOP(vlsseg5e8, "vlsseg5e8.v v8, (%0), %1")
VOP(vssseg5e8, "vssseg5e8.v v8, (%0), %1")
VOP(vluxseg5ei8, "vluxseg5ei8.v v8, (%0), v24")
VOP(vloxseg5ei8, "vloxseg5ei8.v v8, (%0), v24")
VOP(vsuxseg5ei8, "vsuxseg5ei8.v v8, (%0), v24")
VOP(vsoxseg5ei8, "vsoxseg5ei8.v v8, (%0), v24")
VOP(vlseg6e8, "vlseg6e8.v v8, (%0)")
VOP(vsseg6e8, "vsseg6e8.v v8, (%0)")
VOP(vlseg6e8ff, "vlseg6e8ff.v v8, (%0)")
VOP(vlsseg6e8, "vlsseg6e8.v v8, (%0), %1")
VOP(vssseg6e8, "vssseg6e8.v v8, (%0), %1")
VOP(vluxseg6ei8, "vluxseg6ei8.v v8, (%0), v24")
VOP(vloxseg6ei8, "vloxseg6ei8.v v8, (%0), v24")
VOP(vsuxseg6ei8, "vsuxseg6ei8.v v8, (%0), v24")
VOP(vsoxseg6ei8, "vsoxseg6ei8.v v8, (%0), v24")
VOP(vlseg7e8, "vlseg7e8.v v8, (%0)")
VOP(vsseg7e8, "vsseg7e8.v v8, (%0)")
VOP(vlseg7e8ff, "vlseg7e8ff.v v8, (%0)")
VOP(vlsseg7e8, "vlsseg7e8.v v8, (%0), %1")
VOP(vssseg7e8, "vssseg7e8.v v8, (%0), %1")
VOP(vluxseg7ei8, "vluxseg7ei8.v v8, (%0), v24")
VOP(vloxseg7ei8, "vloxseg7ei8.v v8, (%0), v24")
VOP(vsuxseg7ei8, "vsuxseg7ei8.v v8, (%0), v24")
VOP(vsoxseg7ei8, "vsoxseg7ei8.v v8, (%0), v24")
VOP(vlseg8e8, "vlseg8e8.v v8, (%0)")
VOP(vsseg8e8, "vsseg8e8.v v8, (%0)")
VOP(vlseg8e8ff, "vlseg8e8ff.v v8, (%0)")
VOP(vlsseg8e8, "vlsseg8e8.v v8, (%0), %1")
VOP(vssseg8e8, "vssseg8e8.v v8, (%0), %1")
VOP(vluxseg8ei8, "vluxseg8ei8.v v8, (%0), v24")
VOP(vloxseg8ei8, "vloxseg8ei8.v v8, (%0), v24")
VOP(vsuxseg8ei8, "vsuxseg8ei8.v v8, (%0), v24")
VOP(vsoxseg8ei8, "vsoxseg8ei8.v v8, (%0), v24")
VOP(vle16, "vle16.v v8, (%0)")
VOP(vse16, "vse16.v v8, (%0)")
VOP(vle16ff, "vle16ff.v v8, (%0)")
VOP(vlse16, "vlse16.v v8, (%0), %1")
VOP(vsse16, "vsse16.v v8, (%0), %1")
VOP(vluxei16, "vluxei16.v v8, (%0), v24")
VOP(vloxei16, "vloxei16.v v8, (%0), v24")
VOP(vsuxei16, "vsuxei16.v v8, (%0), v24")
VOP(vsoxei16, "vsoxei16.v v8, (%0), v24")
VOP(vlseg2e16, "vlseg2e16.v v8, (%0)")
VOP(vsseg2e16, "vsseg2e16.v v8, (%0)")
VOP(vlseg2e16ff, "vlseg2e16ff.v v8, (%0)")
VOP(vlsseg2e16, "vlsseg2e16.v v8, (%0), %1")
VOP(vssseg2e16, "vssseg2e16.v v8, (%0), %1")
VOP(vluxseg2ei16, "vluxseg2ei16.v v8, (%0), v24")
VOP(vloxseg2ei16, "vloxseg2ei16.v v8, (%0), v24")
VOP(vsuxseg2ei16, "vsuxseg2ei16.v v8, (%0), v24")
VOP(vsoxseg2ei16, "vsoxseg2ei16.v v8, (%0), v24")
VOP(vlseg3e16, "vlseg3e16.v v8, (%0)")
VOP(vsseg3e16, "vsseg3e16.v v8, (%0)")
VOP(vlseg3e16ff, "vlseg3e16ff.v v8, (%0)")
VOP(vlsseg3e16, "vlsseg3e16.v v8, (%0), %1")
VOP(vssseg3e16, "vssseg3e16.v v8, (%0), %1")
VOP(vluxseg3ei16, "vluxseg3ei16.v v8, (%0), v24")
VOP(vloxseg3ei16, "vloxseg3ei16.v v8, (%0), v24")
VOP(vsuxseg3ei16, "vsuxseg3ei16.v v8, (%0), v24")
VOP(vsoxseg3ei16, "vsoxseg3ei16.v v8, (%0), v24")
VOP(vlseg4e16, "vlseg4e16.v v8, (%0)")
VOP(vsseg4e16, "vsseg4e16.v v8, (%0)")
VOP(vlseg4e16ff, "vlseg4e16ff.v v8, (%0)")
VOP(vlsseg4e16, "vlsseg4e16.v v8, (%0), %1")
VOP(vssseg4e16, "vssseg4e16.v v8, (%0), %1")
VOP(vluxseg4ei16, "vluxseg4ei16.v v8, (%0), v24")
VOP(vloxseg4ei16, "vloxseg4ei16.v v8, (%0), v24")
VOP(vsuxseg4ei16, "vsuxseg4ei16.v v8, (%0), v24")
VOP(vsoxseg4ei16, "vsoxseg4ei16.v v8, (%0), v24")
VOP(vlseg5e16, "vlseg5e16.v v8, (%0)")
VOP(vsseg5e16, "vsseg5e16.v v8, (%0)")
VOP(vlseg5e16ff, "vlseg5e16ff.v v8, (%0)")
VOP(vlsseg5e16, "vlsseg5e16.v v8, (%0), %1")
VOP(vssseg5e16, "vssseg5e16.v v8, (%0), %1")
VOP(vluxseg5ei16, "vluxseg5ei16.v v8, (%0), v24")
VOP(vloxseg5ei16, "vloxseg5ei16.v v8, (%0), v24")
VOP(vsuxseg5ei16, "vsuxseg5ei16.v v8, (%0), v24")
VOP(vsoxseg5ei16, "vsoxseg5ei16.v v8, (%0), v24")
VOP(vlseg6e16, "vlseg6e16.v v8, (%0)")
VOP(vsseg6e16, "vsseg6e16.v v8, (%0)")
VOP(vlseg6e16ff, "vlseg6e16ff.v v8, (%0)")
VOP(vlsseg6e16, "vlsseg6e16.v v8, (%0), %1")
VOP(vssseg6e16, "vssseg6e16.v v8, (%0), %1")
VOP(vluxseg6ei16, "vluxseg6ei16.v v8, (%0), v24")
VOP(vloxseg6ei16, "vloxseg6ei16.v v8, (%0), v24")
VOP(vsuxseg6ei16, "vsuxseg6ei16.v v8, (%0), v24")
VOP(vsoxseg6ei16, "vsoxseg6ei16.v v8, (%0), v24")
VOP(vlseg7e16, "vlseg7e16.v v8, (%0)")
VOP(vsseg7e16, "vsseg7e16.v v8, (%0)")
VOP(vlseg7e16ff, "vlseg7e16ff.v v8, (%0)")
VOP(vlsseg7e16, "vlsseg7e16.v v8, (%0), %1")
VOP(vssseg7e16, "vssseg7e16.v v8, (%0), %1")
VOP(vluxseg7ei16, "vluxseg7ei16.v v8, (%0), v24")
VOP(vloxseg7ei16, "vloxseg7ei16.v v8, (%0), v24")
VOP(vsuxseg7ei16, "vsuxseg7ei16.v v8, (%0), v24")
VOP(vsoxseg7ei16, "vsoxseg7ei16.v v8, (%0), v24")
VOP(vlseg8e16, "vlseg8e16.v v8, (%0)")
VOP(vsseg8e16, "vsseg8e16.v v8, (%0)")
VOP(vlseg8e16ff, "vlseg8e16ff.v v8, (%0)")
VOP(vlsseg8e16, "vlsseg8e16.v v8, (%0), %1")
VOP(vssseg8e16, "vssseg8e16.v v8, (%0), %1")
VOP(vluxseg8ei16, "vluxseg8ei16.v v8, (%0), v24")
VOP(vloxseg8ei16, "vloxseg8ei16.v v8, (%0), v24")
VOP(vsuxseg8ei16, "vsuxseg8ei16.v v8, (%0), v24")
VOP(vsoxseg8ei16, "vsoxseg8ei16.v v8, (%0), v24")
VOP(vle32, "vle32.v v8, (%0)")
VOP(vse32, "vse32.v v8, (%0)")
VOP(vle32ff, "vle32ff.v v8, (%0)")
VOP(vlse32, "vlse32.v v8, (%0), %1")
VOP(vsse32, "vsse32.v v8, (%0), %1")
VOP(vluxei32, "vluxei32.v v8, (%0), v24")
VOP(vloxei32, "vloxei32.v v8, (%0), v24")
VOP(vsuxei32, "vsuxei32.v v8, (%0), v24")
VOP(vsoxei32, "vsoxei32.v v8, (%0), v24")
VOP(vlseg2e32, "vlseg2e32.v v8, (%0)")
VOP(vsseg2e32, "vsseg2e32.v v8, (%0)")
VOP(vlseg2e32ff, "vlseg2e32ff.v v8, (%0)")
VOP(vlsseg2e32, "vlsseg2e32.v v8, (%0), %1")
VOP(vssseg2e32, "vssseg2e32.v v8, (%0), %1")
VOP(vluxseg2ei32, "vluxseg2ei32.v v8, (%0), v24")
VOP(vloxseg2ei32, "vloxseg2ei32.v v8, (%0), v24")
VOP(vsuxseg2ei32, "vsuxseg2ei32.v v8, (%0), v24")
VOP(vsoxseg2ei32, "vsoxseg2ei32.v v8, (%0), v24")
VOP(vlseg3e32, "vlseg3e32.v v8, (%0)")
VOP(vsseg3e32, "vsseg3e32.v v8, (%0)")
VOP(vlseg3e32ff, "vlseg3e32ff.v v8, (%0)")
VOP(vlsseg3e32, "vlsseg3e32.v v8, (%0), %1")
VOP(vssseg3e32, "vssseg3e32.v v8, (%0), %1")
VOP(vluxseg3ei32, "vluxseg3ei32.v v8, (%0), v24")
VOP(vloxseg3ei32, "vloxseg3ei32.v v8, (%0), v24")
VOP(vsuxseg3ei32, "vsuxseg3ei32.v v8, (%0), v24")
VOP(vsoxseg3ei32, "vsoxseg3ei32.v v8, (%0), v24")
VOP(vlseg4e32, "vlseg4e32.v v8, (%0)")
VOP(vsseg4e32, "vsseg4e32.v v8, (%0)")
VOP(vlseg4e32ff, "vlseg4e32ff.v v8, (%0)")
VOP(vlsseg4e32, "vlsseg4e32.v v8, (%0), %1")
VOP(vssseg4e32, "vssseg4e32.v v8, (%0), %1")
VOP(vluxseg4ei32, "vluxseg4ei32.v v8, (%0), v24")
VOP(vloxseg4ei32, "vloxseg4ei32.v v8, (%0), v24")
VOP(vsuxseg4ei32, "vsuxseg4ei32.v v8, (%0), v24")
VOP(vsoxseg4ei32, "vsoxseg4ei32.v v8, (%0), v24")
VOP(vlseg5e32, "vlseg5e32.v v8, (%0)")
VOP(vsseg5e32, "vsseg5e32.v v8, (%0)")
VOP(vlseg5e32ff, "vlseg5e32ff.v v8, (%0)")
VOP(vlsseg5e32, "vlsseg5e32.v v8, (%0), %1")
VOP(vssseg5e32, "vssseg5e32.v v8, (%0), %1")
VOP(vluxseg5ei32, "vluxseg5ei32.v v8, (%0), v24")
VOP(vloxseg5ei32, "vloxseg5ei32.v v8, (%0), v24")
VOP(vsuxseg5ei32, "vsuxseg5ei32.v v8, (%0), v24")
VOP(vsoxseg5ei32, "vsoxseg5ei32.v v8, (%0), v24")
VOP(vlseg6e32, "vlseg6e32.v v8, (%0)")
VOP(vsseg6e32, "vsseg6e32.v v8, (%0)")
VOP(vlseg6e32ff, "vlseg6e32ff.v v8, (%0)")
VOP(vlsseg6e32, "vlsseg6e32.v v8, (%0), %1")
VOP(vssseg6e32, "vssseg6e32.v v8, (%0), %1")
VOP(vluxseg6ei32, "vluxseg6ei32.v v8, (%0), v24")
VOP(vloxseg6ei32, "vloxseg6ei32.v v8, (%0), v24")
VOP(vsuxseg6ei32, "vsuxseg6ei32.v v8, (%0), v24")
VOP(vsoxseg6ei32, "vsoxseg6ei32.v v8, (%0), v24")
VOP(vlseg7e32, "vlseg7e32.v v8, (%0)")
VOP(vsseg7e32, "vsseg7e32.v v8, (%0)")
VOP(vlseg7e32ff, "vlseg7e32ff.v v8, (%0)")
VOP(vlsseg7e32, "vlsseg7e32.v v8, (%0), %1")
VOP(vssseg7e32, "vssseg7e32.v v8, (%0), %1")
VOP(vluxseg7ei32, "vluxseg7ei32.v v8, (%0), v24")
VOP(vloxseg7ei32, "vloxseg7ei32.v v8, (%0), v24")
VOP(vsuxseg7ei32, "vsuxseg7ei32.v v8, (%0), v24")
VOP(vsoxseg7ei32, "vsoxseg7ei32.v v8, (%0), v24")
VOP(vlseg8e32, "vlseg8e32.v v8, (%0)")
VOP(vsseg8e32, "vsseg8e32.v v8, (%0)")
VOP(vlseg8e32ff, "vlseg8e32ff.v v8, (%0)")
VOP(vlsseg8e32, "vlsseg8e32.v v8, (%0), %1")
VOP(vssseg8e32, "vssseg8e32.v v8, (%0), %1")
VOP(vluxseg8ei32, "vluxseg8ei32.v v8, (%0), v24")
VOP(vloxseg8ei32, "vloxseg8ei32.v v8, (%0), v24")
VOP(vsuxseg8ei32, "vsuxseg8ei32.v v8, (%0), v24")
VOP(vsoxseg8ei32, "vsoxseg8ei32.v v8, (%0), v24")
VOP(vle64, "vle64.v v8, (%0)")
VOP(vse64, "vse64.v v8, (%0)")
VOP(vle64ff, "vle64ff.v v8, (%0)")
VOP(vlse64, "vlse64.v v8, (%0), %1")
VOP(vsse64, "vsse64.v v8, (%0), %1")
VOP(vluxei64, "vluxei64.v v8, (%0), v24")
VOP(vloxei64, "vloxei64.v v8, (%0), v24")
VOP(vsuxei64, "vsuxei64.v v8, (%0), v24")
VOP(vsoxei64, "vsoxei64.v v8, (%0), v24")
VOP(vlseg2e64, "vlseg2e64.v v8, (%0)")
VOP(vsseg2e64, "vsseg2e64.v v8, (%0)")
VOP(vlseg2e64ff, "vlseg2e64ff.v v8, (%0)")
VOP(vlsseg2e64, "vlsseg2e64.v v8, (%0), %1")
VOP(vssseg2e64, "vssseg2e64.v v8, (%0), %1")
VOP(vluxseg2ei64, "vluxseg2ei64.v v8, (%0), v24")
VOP(vloxseg2ei64, "vloxseg2ei64.v v8, (%0), v24")
VOP(vsuxseg2ei64, "vsuxseg2ei64.v v8, (%0), v24")
VOP(vsoxseg2ei64, "vsoxseg2ei64.v v8, (%0), v24")
VOP(vlseg3e64, "vlseg3e64.v v8, (%0)")
VOP(vsseg3e64, "vsseg3e64.v v8, (%0)")
VOP(vlseg3e64ff, "vlseg3e64ff.v v8, (%0)")
VOP(vlsseg3e64, "vlsseg3e64.v v8, (%0), %1")
VOP(vssseg3e64, "vssseg3e64.v v8, (%0), %1")
VOP(vluxseg3ei64, "vluxseg3ei64.v v8, (%0), v24")
VOP(vloxseg3ei64, "vloxseg3ei64.v v8, (%0), v24")
VOP(vsuxseg3ei64, "vsuxseg3ei64.v v8, (%0), v24")
VOP(vsoxseg3ei64, "vsoxseg3ei64.v v8, (%0), v24")
VOP(vlseg4e64, "vlseg4e64.v v8, (%0)")
VOP(vsseg4e64, "vsseg4e64.v v8, (%0)")
VOP(vlseg4e64ff, "vlseg4e64ff.v v8, (%0)")
VOP(vlsseg4e64, "vlsseg4e64.v v8, (%0), %1")
VOP(vssseg4e64, "vssseg4e64.v v8, (%0), %1")
VOP(vluxseg4ei64, "vluxseg4ei64.v v8, (%0), v24")
VOP(vloxseg4ei64, "vloxseg4ei64.v v8, (%0), v24")
VOP(vsuxseg4ei64, "vsuxseg4ei64.v v8, (%0), v24")
VOP(vsoxseg4ei64, "vsoxseg4ei64.v v8, (%0), v24")
VOP(vlseg5e64, "vlseg5e64.v v8, (%0)")
VOP(vsseg5e64, "vsseg5e64.v v8, (%0)")
VOP(vlseg5e64ff, "vlseg5e64ff.v v8, (%0)")
VOP(vlsseg5e64, "vlsseg5e64.v v8, (%0), %1")
VOP(vssseg5e64, "vssseg5e64.v v8, (%0), %1")
VOP(vluxseg5ei64, "vluxseg5ei64.v v8, (%0), v24")
VOP(vloxseg5ei64, "vloxseg5ei64.v v8, (%0), v24")
VOP(vsuxseg5ei64, "vsuxseg5ei64.v v8, (%0), v24")
VOP(vsoxseg5ei64, "vsoxseg5ei64.v v8, (%0), v24")
VOP(vlseg6e64, "vlseg6e64.v v8, (%0)")
VOP(vsseg6e64, "vsseg6e64.v v8, (%0)")
VOP(vlseg6e64ff, "vlseg6e64ff.v v8, (%0)")
VOP(vlsseg6e64, "vlsseg6e64.v v8, (%0), %1")
VOP(vssseg6e64, "vssseg6e64.v v8, (%0), %1")
VOP(vluxseg6ei64, "vluxseg6ei64.v v8, (%0), v24")
VOP(vloxseg6ei64, "vloxseg6ei64.v v8, (%0), v24")
VOP(vsuxseg6ei64, "vsuxseg6ei64.v v8, (%0), v24")
VOP(vsoxseg6ei64, "vsoxseg6ei64.v v8, (%0), v24")
VOP(vlseg7e64, "vlseg7e64.v v8, (%0)")
VOP(vsseg7e64, "vsseg7e64.v v8, (%0)")
VOP(vlseg7e64ff, "vlseg7e64ff.v v8, (%0)")
VOP(vlsseg7e64, "vlsseg7e64.v v8, (%0), %1")
VOP(vssseg7e64, "vssseg7e64.v v8, (%0), %1")
VOP(vluxseg7ei64, "vluxseg7ei64.v v8, (%0), v24")
VOP(vloxseg7ei64, "vloxseg7ei64.v v8, (%0), v24")
VOP(vsuxseg7ei64, "vsuxseg7ei64.v v8, (%0), v24")
VOP(vsoxseg7ei64, "vsoxseg7ei64.v v8, (%0), v24")
VOP(vlseg8e64, "vlseg8e64.v v8, (%0)")
VOP(vsseg8e64, "vsseg8e64.v v8, (%0)")
VOP(vlseg8e64ff, "vlseg8e64ff.v v8, (%0)")
VOP(vlsseg8e64, "vlsseg8e64.v v8, (%0), %1")
VOP(vssseg8e64, "vssseg8e64.v v8, (%0), %1")
VOP(vluxseg8ei64, "vluxseg8ei64.v v8, (%0), v24")
VOP(vloxseg8ei64, "vloxseg8ei64.v v8, (%0), v24")
VOP(vsuxseg8ei64, "vsuxseg8ei64.v v8, (%0), v24")
VOP(vsoxseg8ei64, "vsoxseg8ei64.v v8, (%0), v24")
VOP1(vl1re8, "vl1re8.v v8, (%0)")
VOP1(vl2re8, "vl2re8.v v8, (%0)")
VOP1(vl4re8, "vl4re8.v v8, (%0)")
VOP1(vl8re8, "vl8re8.v v8, (%0)")
VOP1(vl1re16, "vl1re16.v v8, (%0)")
VOP1(vl2re16, "vl2re16.v v8, (%0)")
VOP1(vl4re16, "vl4re16.v v8, (%0)")
VOP1(vl8re16, "vl8re16.v v8, (%0)")
VOP1(vl1re32, "vl1re32.v v8, (%0)")
VOP1(vl2re32, "vl2re32.v v8, (%0)")
VOP1(vl4re32, "vl4re32.v v8, (%0)")
VOP1(vl8re32, "vl8re32.v v8, (%0)")
VOP1(vl1re64, "vl1re64.v v8, (%0)")
VOP1(vl2re64, "vl2re64.v v8, (%0)")
VOP1(vl4re64, "vl4re64.v v8, (%0)")
VOP1(vl8re64, "vl8re64.v v8, (%0)")
VOP1(vs1r, "vs1r.v v8, (%0)")
VOP1(vs2r, "vs2r.v v8, (%0)")
VOP1(vs4r, "vs4r.v v8, (%0)")
VOP1(vs8r, "vs8r.v v8, (%0)")
VOP1(vlm, "vlm.v v8, (%0)")
VOP1(vsm, "vsm.v v8, (%0)")

static const struct row rows[] = {
	{ "vle8", op_vle8, 0, K_US, 8, 1 },
	{ "vse8", op_vse8, 1, K_US, 8, 1 },
	{ "vle8ff", op_vle8ff, 0, K_FF, 8, 1 },
	{ "vlse8", op_vlse8, 0, K_ST, 8, 1 },
	{ "vsse8", op_vsse8, 1, K_ST, 8, 1 },
	{ "vluxei8", op_vluxei8, 0, K_IX, 8, 1 },
	{ "vloxei8", op_vloxei8, 0, K_IX, 8, 1 },
	{ "vsuxei8", op_vsuxei8, 1, K_IX, 8, 1 },
	{ "vsoxei8", op_vsoxei8, 1, K_IX, 8, 1 },
	{ "vlseg2e8", op_vlseg2e8, 0, K_US, 8, 2 },
	{ "vsseg2e8", op_vsseg2e8, 1, K_US, 8, 2 },
	{ "vlseg2e8ff", op_vlseg2e8ff, 0, K_FF, 8, 2 },
	{ "vlsseg2e8", op_vlsseg2e8, 0, K_ST, 8, 2 },
	{ "vssseg2e8", op_vssseg2e8, 1, K_ST, 8, 2 },
	{ "vluxseg2ei8", op_vluxseg2ei8, 0, K_IX, 8, 2 },
	{ "vloxseg2ei8", op_vloxseg2ei8, 0, K_IX, 8, 2 },
	{ "vsuxseg2ei8", op_vsuxseg2ei8, 1, K_IX, 8, 2 },
	{ "vsoxseg2ei8", op_vsoxseg2ei8, 1, K_IX, 8, 2 },
	{ "vlseg3e8", op_vlseg3e8, 0, K_US, 8, 3 },
	{ "vsseg3e8", op_vsseg3e8, 1, K_US, 8, 3 },
	{ "vlseg3e8ff", op_vlseg3e8ff, 0, K_FF, 8, 3 },
	{ "vlsseg3e8", op_vlsseg3e8, 0, K_ST, 8, 3 },
	{ "vssseg3e8", op_vssseg3e8, 1, K_ST, 8, 3 },
	{ "vluxseg3ei8", op_vluxseg3ei8, 0, K_IX, 8, 3 },
	{ "vloxseg3ei8", op_vloxseg3ei8, 0, K_IX, 8, 3 },
	{ "vsuxseg3ei8", op_vsuxseg3ei8, 1, K_IX, 8, 3 },
	{ "vsoxseg3ei8", op_vsoxseg3ei8, 1, K_IX, 8, 3 },
	{ "vlseg4e8", op_vlseg4e8, 0, K_US, 8, 4 },
	{ "vsseg4e8", op_vsseg4e8, 1, K_US, 8, 4 },
	{ "vlseg4e8ff", op_vlseg4e8ff, 0, K_FF, 8, 4 },
	{ "vlsseg4e8", op_vlsseg4e8, 0, K_ST, 8, 4 },
	{ "vssseg4e8", op_vssseg4e8, 1, K_ST, 8, 4 },
	{ "vluxseg4ei8", op_vluxseg4ei8, 0, K_IX, 8, 4 },
	{ "vloxseg4ei8", op_vloxseg4ei8, 0, K_IX, 8, 4 },
	{ "vsuxseg4ei8", op_vsuxseg4ei8, 1, K_IX, 8, 4 },
	{ "vsoxseg4ei8", op_vsoxseg4ei8, 1, K_IX, 8, 4 },
	{ "vlseg5e8", op_vlseg5e8, 0, K_US, 8, 5 },
	{ "vsseg5e8", op_vsseg5e8, 1, K_US, 8, 5 },
	{ "vlseg5e8ff", op_vlseg5e8ff, 0, K_FF, 8, 5 },
	{ "vlsseg5e8", op_vlsseg5e8, 0, K_ST, 8, 5 },
	{ "vssseg5e8", op_vssseg5e8, 1, K_ST, 8, 5 },
	{ "vluxseg5ei8", op_vluxseg5ei8, 0, K_IX, 8, 5 },
	{ "vloxseg5ei8", op_vloxseg5ei8, 0, K_IX, 8, 5 },
	{ "vsuxseg5ei8", op_vsuxseg5ei8, 1, K_IX, 8, 5 },
	{ "vsoxseg5ei8", op_vsoxseg5ei8, 1, K_IX, 8, 5 },
	{ "vlseg6e8", op_vlseg6e8, 0, K_US, 8, 6 },
	{ "vsseg6e8", op_vsseg6e8, 1, K_US, 8, 6 },
	{ "vlseg6e8ff", op_vlseg6e8ff, 0, K_FF, 8, 6 },
	{ "vlsseg6e8", op_vlsseg6e8, 0, K_ST, 8, 6 },
	{ "vssseg6e8", op_vssseg6e8, 1, K_ST, 8, 6 },
	{ "vluxseg6ei8", op_vluxseg6ei8, 0, K_IX, 8, 6 },
	{ "vloxseg6ei8", op_vloxseg6ei8, 0, K_IX, 8, 6 },
	{ "vsuxseg6ei8", op_vsuxseg6ei8, 1, K_IX, 8, 6 },
	{ "vsoxseg6ei8", op_vsoxseg6ei8, 1, K_IX, 8, 6 },
	{ "vlseg7e8", op_vlseg7e8, 0, K_US, 8, 7 },
	{ "vsseg7e8", op_vsseg7e8, 1, K_US, 8, 7 },
	{ "vlseg7e8ff", op_vlseg7e8ff, 0, K_FF, 8, 7 },
	{ "vlsseg7e8", op_vlsseg7e8, 0, K_ST, 8, 7 },
	{ "vssseg7e8", op_vssseg7e8, 1, K_ST, 8, 7 },
	{ "vluxseg7ei8", op_vluxseg7ei8, 0, K_IX, 8, 7 },
	{ "vloxseg7ei8", op_vloxseg7ei8, 0, K_IX, 8, 7 },
	{ "vsuxseg7ei8", op_vsuxseg7ei8, 1, K_IX, 8, 7 },
	{ "vsoxseg7ei8", op_vsoxseg7ei8, 1, K_IX, 8, 7 },
	{ "vlseg8e8", op_vlseg8e8, 0, K_US, 8, 8 },
	{ "vsseg8e8", op_vsseg8e8, 1, K_US, 8, 8 },
	{ "vlseg8e8ff", op_vlseg8e8ff, 0, K_FF, 8, 8 },
	{ "vlsseg8e8", op_vlsseg8e8, 0, K_ST, 8, 8 },
	{ "vssseg8e8", op_vssseg8e8, 1, K_ST, 8, 8 },
	{ "vluxseg8ei8", op_vluxseg8ei8, 0, K_IX, 8, 8 },
	{ "vloxseg8ei8", op_vloxseg8ei8, 0, K_IX, 8, 8 },
	{ "vsuxseg8ei8", op_vsuxseg8ei8, 1, K_IX, 8, 8 },
	{ "vsoxseg8ei8", op_vsoxseg8ei8, 1, K_IX, 8, 8 },
	{ "vle16", op_vle16, 0, K_US, 16, 1 },
	{ "vse16", op_vse16, 1, K_US, 16, 1 },
	{ "vle16ff", op_vle16ff, 0, K_FF, 16, 1 },
	{ "vlse16", op_vlse16, 0, K_ST, 16, 1 },
	{ "vsse16", op_vsse16, 1, K_ST, 16, 1 },
	{ "vluxei16", op_vluxei16, 0, K_IX, 16, 1 },
	{ "vloxei16", op_vloxei16, 0, K_IX, 16, 1 },
	{ "vsuxei16", op_vsuxei16, 1, K_IX, 16, 1 },
	{ "vsoxei16", op_vsoxei16, 1, K_IX, 16, 1 },
	{ "vlseg2e16", op_vlseg2e16, 0, K_US, 16, 2 },
	{ "vsseg2e16", op_vsseg2e16, 1, K_US, 16, 2 },
	{ "vlseg2e16ff", op_vlseg2e16ff, 0, K_FF, 16, 2 },
	{ "vlsseg2e16", op_vlsseg2e16, 0, K_ST, 16, 2 },
	{ "vssseg2e16", op_vssseg2e16, 1, K_ST, 16, 2 },
	{ "vluxseg2ei16", op_vluxseg2ei16, 0, K_IX, 16, 2 },
	{ "vloxseg2ei16", op_vloxseg2ei16, 0, K_IX, 16, 2 },
	{ "vsuxseg2ei16", op_vsuxseg2ei16, 1, K_IX, 16, 2 },
	{ "vsoxseg2ei16", op_vsoxseg2ei16, 1, K_IX, 16, 2 },
	{ "vlseg3e16", op_vlseg3e16, 0, K_US, 16, 3 },
	{ "vsseg3e16", op_vsseg3e16, 1, K_US, 16, 3 },
	{ "vlseg3e16ff", op_vlseg3e16ff, 0, K_FF, 16, 3 },
	{ "vlsseg3e16", op_vlsseg3e16, 0, K_ST, 16, 3 },
	{ "vssseg3e16", op_vssseg3e16, 1, K_ST, 16, 3 },
	{ "vluxseg3ei16", op_vluxseg3ei16, 0, K_IX, 16, 3 },
	{ "vloxseg3ei16", op_vloxseg3ei16, 0, K_IX, 16, 3 },
	{ "vsuxseg3ei16", op_vsuxseg3ei16, 1, K_IX, 16, 3 },
	{ "vsoxseg3ei16", op_vsoxseg3ei16, 1, K_IX, 16, 3 },
	{ "vlseg4e16", op_vlseg4e16, 0, K_US, 16, 4 },
	{ "vsseg4e16", op_vsseg4e16, 1, K_US, 16, 4 },
	{ "vlseg4e16ff", op_vlseg4e16ff, 0, K_FF, 16, 4 },
	{ "vlsseg4e16", op_vlsseg4e16, 0, K_ST, 16, 4 },
	{ "vssseg4e16", op_vssseg4e16, 1, K_ST, 16, 4 },
	{ "vluxseg4ei16", op_vluxseg4ei16, 0, K_IX, 16, 4 },
	{ "vloxseg4ei16", op_vloxseg4ei16, 0, K_IX, 16, 4 },
	{ "vsuxseg4ei16", op_vsuxseg4ei16, 1, K_IX, 16, 4 },
	{ "vsoxseg4ei16", op_vsoxseg4ei16, 1, K_IX, 16, 4 },
	{ "vlseg5e16", op_vlseg5e16, 0, K_US, 16, 5 },
	{ "vsseg5e16", op_vsseg5e16, 1, K_US, 16, 5 },
	{ "vlseg5e16ff", op_vlseg5e16ff, 0, K_FF, 16, 5 },
	{ "vlsseg5e16", op_vlsseg5e16, 0, K_ST, 16, 5 },
	{ "vssseg5e16", op_vssseg5e16, 1, K_ST, 16, 5 },
	{ "vluxseg5ei16", op_vluxseg5ei16, 0, K_IX, 16, 5 },
	{ "vloxseg5ei16", op_vloxseg5ei16, 0, K_IX, 16, 5 },
	{ "vsuxseg5ei16", op_vsuxseg5ei16, 1, K_IX, 16, 5 },
	{ "vsoxseg5ei16", op_vsoxseg5ei16, 1, K_IX, 16, 5 },
	{ "vlseg6e16", op_vlseg6e16, 0, K_US, 16, 6 },
	{ "vsseg6e16", op_vsseg6e16, 1, K_US, 16, 6 },
	{ "vlseg6e16ff", op_vlseg6e16ff, 0, K_FF, 16, 6 },
	{ "vlsseg6e16", op_vlsseg6e16, 0, K_ST, 16, 6 },
	{ "vssseg6e16", op_vssseg6e16, 1, K_ST, 16, 6 },
	{ "vluxseg6ei16", op_vluxseg6ei16, 0, K_IX, 16, 6 },
	{ "vloxseg6ei16", op_vloxseg6ei16, 0, K_IX, 16, 6 },
	{ "vsuxseg6ei16", op_vsuxseg6ei16, 1, K_IX, 16, 6 },
	{ "vsoxseg6ei16", op_vsoxseg6ei16, 1, K_IX, 16, 6 },
	{ "vlseg7e16", op_vlseg7e16, 0, K_US, 16, 7 },
	{ "vsseg7e16", op_vsseg7e16, 1, K_US, 16, 7 },
	{ "vlseg7e16ff", op_vlseg7e16ff, 0, K_FF, 16, 7 },
	{ "vlsseg7e16", op_vlsseg7e16, 0, K_ST, 16, 7 },
	{ "vssseg7e16", op_vssseg7e16, 1, K_ST, 16, 7 },
	{ "vluxseg7ei16", op_vluxseg7ei16, 0, K_IX, 16, 7 },
	{ "vloxseg7ei16", op_vloxseg7ei16, 0, K_IX, 16, 7 },
	{ "vsuxseg7ei16", op_vsuxseg7ei16, 1, K_IX, 16, 7 },
	{ "vsoxseg7ei16", op_vsoxseg7ei16, 1, K_IX, 16, 7 },
	{ "vlseg8e16", op_vlseg8e16, 0, K_US, 16, 8 },
	{ "vsseg8e16", op_vsseg8e16, 1, K_US, 16, 8 },
	{ "vlseg8e16ff", op_vlseg8e16ff, 0, K_FF, 16, 8 },
	{ "vlsseg8e16", op_vlsseg8e16, 0, K_ST, 16, 8 },
	{ "vssseg8e16", op_vssseg8e16, 1, K_ST, 16, 8 },
	{ "vluxseg8ei16", op_vluxseg8ei16, 0, K_IX, 16, 8 },
	{ "vloxseg8ei16", op_vloxseg8ei16, 0, K_IX, 16, 8 },
	{ "vsuxseg8ei16", op_vsuxseg8ei16, 1, K_IX, 16, 8 },
	{ "vsoxseg8ei16", op_vsoxseg8ei16, 1, K_IX, 16, 8 },
	{ "vle32", op_vle32, 0, K_US, 32, 1 },
	{ "vse32", op_vse32, 1, K_US, 32, 1 },
	{ "vle32ff", op_vle32ff, 0, K_FF, 32, 1 },
	{ "vlse32", op_vlse32, 0, K_ST, 32, 1 },
	{ "vsse32", op_vsse32, 1, K_ST, 32, 1 },
	{ "vluxei32", op_vluxei32, 0, K_IX, 32, 1 },
	{ "vloxei32", op_vloxei32, 0, K_IX, 32, 1 },
	{ "vsuxei32", op_vsuxei32, 1, K_IX, 32, 1 },
	{ "vsoxei32", op_vsoxei32, 1, K_IX, 32, 1 },
	{ "vlseg2e32", op_vlseg2e32, 0, K_US, 32, 2 },
	{ "vsseg2e32", op_vsseg2e32, 1, K_US, 32, 2 },
	{ "vlseg2e32ff", op_vlseg2e32ff, 0, K_FF, 32, 2 },
	{ "vlsseg2e32", op_vlsseg2e32, 0, K_ST, 32, 2 },
	{ "vssseg2e32", op_vssseg2e32, 1, K_ST, 32, 2 },
	{ "vluxseg2ei32", op_vluxseg2ei32, 0, K_IX, 32, 2 },
	{ "vloxseg2ei32", op_vloxseg2ei32, 0, K_IX, 32, 2 },
	{ "vsuxseg2ei32", op_vsuxseg2ei32, 1, K_IX, 32, 2 },
	{ "vsoxseg2ei32", op_vsoxseg2ei32, 1, K_IX, 32, 2 },
	{ "vlseg3e32", op_vlseg3e32, 0, K_US, 32, 3 },
	{ "vsseg3e32", op_vsseg3e32, 1, K_US, 32, 3 },
	{ "vlseg3e32ff", op_vlseg3e32ff, 0, K_FF, 32, 3 },
	{ "vlsseg3e32", op_vlsseg3e32, 0, K_ST, 32, 3 },
	{ "vssseg3e32", op_vssseg3e32, 1, K_ST, 32, 3 },
	{ "vluxseg3ei32", op_vluxseg3ei32, 0, K_IX, 32, 3 },
	{ "vloxseg3ei32", op_vloxseg3ei32, 0, K_IX, 32, 3 },
	{ "vsuxseg3ei32", op_vsuxseg3ei32, 1, K_IX, 32, 3 },
	{ "vsoxseg3ei32", op_vsoxseg3ei32, 1, K_IX, 32, 3 },
	{ "vlseg4e32", op_vlseg4e32, 0, K_US, 32, 4 },
	{ "vsseg4e32", op_vsseg4e32, 1, K_US, 32, 4 },
	{ "vlseg4e32ff", op_vlseg4e32ff, 0, K_FF, 32, 4 },
	{ "vlsseg4e32", op_vlsseg4e32, 0, K_ST, 32, 4 },
	{ "vssseg4e32", op_vssseg4e32, 1, K_ST, 32, 4 },
	{ "vluxseg4ei32", op_vluxseg4ei32, 0, K_IX, 32, 4 },
	{ "vloxseg4ei32", op_vloxseg4ei32, 0, K_IX, 32, 4 },
	{ "vsuxseg4ei32", op_vsuxseg4ei32, 1, K_IX, 32, 4 },
	{ "vsoxseg4ei32", op_vsoxseg4ei32, 1, K_IX, 32, 4 },
	{ "vlseg5e32", op_vlseg5e32, 0, K_US, 32, 5 },
	{ "vsseg5e32", op_vsseg5e32, 1, K_US, 32, 5 },
	{ "vlseg5e32ff", op_vlseg5e32ff, 0, K_FF, 32, 5 },
	{ "vlsseg5e32", op_vlsseg5e32, 0, K_ST, 32, 5 },
	{ "vssseg5e32", op_vssseg5e32, 1, K_ST, 32, 5 },
	{ "vluxseg5ei32", op_vluxseg5ei32, 0, K_IX, 32, 5 },
	{ "vloxseg5ei32", op_vloxseg5ei32, 0, K_IX, 32, 5 },
	{ "vsuxseg5ei32", op_vsuxseg5ei32, 1, K_IX, 32, 5 },
	{ "vsoxseg5ei32", op_vsoxseg5ei32, 1, K_IX, 32, 5 },
	{ "vlseg6e32", op_vlseg6e32, 0, K_US, 32, 6 },
	{ "vsseg6e32", op_vsseg6e32, 1, K_US, 32, 6 },
	{ "vlseg6e32ff", op_vlseg6e32ff, 0, K_FF, 32, 6 },
	{ "vlsseg6e32", op_vlsseg6e32, 0, K_ST, 32, 6 },
	{ "vssseg6e32", op_vssseg6e32, 1, K_ST, 32, 6 },
	{ "vluxseg6ei32", op_vluxseg6ei32, 0, K_IX, 32, 6 },
	{ "vloxseg6ei32", op_vloxseg6ei32, 0, K_IX, 32, 6 },
	{ "vsuxseg6ei32", op_vsuxseg6ei32, 1, K_IX, 32, 6 },
	{ "vsoxseg6ei32", op_vsoxseg6ei32, 1, K_IX, 32, 6 },
	{ "vlseg7e32", op_vlseg7e32, 0, K_US, 32, 7 },
	{ "vsseg7e32", op_vsseg7e32, 1, K_US, 32, 7 },
	{ "vlseg7e32ff", op_vlseg7e32ff, 0, K_FF, 32, 7 },
	{ "vlsseg7e32", op_vlsseg7e32, 0, K_ST, 32, 7 },
	{ "vssseg7e32", op_vssseg7e32, 1, K_ST, 32, 7 },
	{ "vluxseg7ei32", op_vluxseg7ei32, 0, K_IX, 32, 7 },
	{ "vloxseg7ei32", op_vloxseg7ei32, 0, K_IX, 32, 7 },
	{ "vsuxseg7ei32", op_vsuxseg7ei32, 1, K_IX, 32, 7 },
	{ "vsoxseg7ei32", op_vsoxseg7ei32, 1, K_IX, 32, 7 },
	{ "vlseg8e32", op_vlseg8e32, 0, K_US, 32, 8 },
	{ "vsseg8e32", op_vsseg8e32, 1, K_US, 32, 8 },
	{ "vlseg8e32ff", op_vlseg8e32ff, 0, K_FF, 32, 8 },
	{ "vlsseg8e32", op_vlsseg8e32, 0, K_ST, 32, 8 },
	{ "vssseg8e32", op_vssseg8e32, 1, K_ST, 32, 8 },
	{ "vluxseg8ei32", op_vluxseg8ei32, 0, K_IX, 32, 8 },
	{ "vloxseg8ei32", op_vloxseg8ei32, 0, K_IX, 32, 8 },
	{ "vsuxseg8ei32", op_vsuxseg8ei32, 1, K_IX, 32, 8 },
	{ "vsoxseg8ei32", op_vsoxseg8ei32, 1, K_IX, 32, 8 },
	{ "vle64", op_vle64, 0, K_US, 64, 1 },
	{ "vse64", op_vse64, 1, K_US, 64, 1 },
	{ "vle64ff", op_vle64ff, 0, K_FF, 64, 1 },
	{ "vlse64", op_vlse64, 0, K_ST, 64, 1 },
	{ "vsse64", op_vsse64, 1, K_ST, 64, 1 },
	{ "vluxei64", op_vluxei64, 0, K_IX, 64, 1 },
	{ "vloxei64", op_vloxei64, 0, K_IX, 64, 1 },
	{ "vsuxei64", op_vsuxei64, 1, K_IX, 64, 1 },
	{ "vsoxei64", op_vsoxei64, 1, K_IX, 64, 1 },
	{ "vlseg2e64", op_vlseg2e64, 0, K_US, 64, 2 },
	{ "vsseg2e64", op_vsseg2e64, 1, K_US, 64, 2 },
	{ "vlseg2e64ff", op_vlseg2e64ff, 0, K_FF, 64, 2 },
	{ "vlsseg2e64", op_vlsseg2e64, 0, K_ST, 64, 2 },
	{ "vssseg2e64", op_vssseg2e64, 1, K_ST, 64, 2 },
	{ "vluxseg2ei64", op_vluxseg2ei64, 0, K_IX, 64, 2 },
	{ "vloxseg2ei64", op_vloxseg2ei64, 0, K_IX, 64, 2 },
	{ "vsuxseg2ei64", op_vsuxseg2ei64, 1, K_IX, 64, 2 },
	{ "vsoxseg2ei64", op_vsoxseg2ei64, 1, K_IX, 64, 2 },
	{ "vlseg3e64", op_vlseg3e64, 0, K_US, 64, 3 },
	{ "vsseg3e64", op_vsseg3e64, 1, K_US, 64, 3 },
	{ "vlseg3e64ff", op_vlseg3e64ff, 0, K_FF, 64, 3 },
	{ "vlsseg3e64", op_vlsseg3e64, 0, K_ST, 64, 3 },
	{ "vssseg3e64", op_vssseg3e64, 1, K_ST, 64, 3 },
	{ "vluxseg3ei64", op_vluxseg3ei64, 0, K_IX, 64, 3 },
	{ "vloxseg3ei64", op_vloxseg3ei64, 0, K_IX, 64, 3 },
	{ "vsuxseg3ei64", op_vsuxseg3ei64, 1, K_IX, 64, 3 },
	{ "vsoxseg3ei64", op_vsoxseg3ei64, 1, K_IX, 64, 3 },
	{ "vlseg4e64", op_vlseg4e64, 0, K_US, 64, 4 },
	{ "vsseg4e64", op_vsseg4e64, 1, K_US, 64, 4 },
	{ "vlseg4e64ff", op_vlseg4e64ff, 0, K_FF, 64, 4 },
	{ "vlsseg4e64", op_vlsseg4e64, 0, K_ST, 64, 4 },
	{ "vssseg4e64", op_vssseg4e64, 1, K_ST, 64, 4 },
	{ "vluxseg4ei64", op_vluxseg4ei64, 0, K_IX, 64, 4 },
	{ "vloxseg4ei64", op_vloxseg4ei64, 0, K_IX, 64, 4 },
	{ "vsuxseg4ei64", op_vsuxseg4ei64, 1, K_IX, 64, 4 },
	{ "vsoxseg4ei64", op_vsoxseg4ei64, 1, K_IX, 64, 4 },
	{ "vlseg5e64", op_vlseg5e64, 0, K_US, 64, 5 },
	{ "vsseg5e64", op_vsseg5e64, 1, K_US, 64, 5 },
	{ "vlseg5e64ff", op_vlseg5e64ff, 0, K_FF, 64, 5 },
	{ "vlsseg5e64", op_vlsseg5e64, 0, K_ST, 64, 5 },
	{ "vssseg5e64", op_vssseg5e64, 1, K_ST, 64, 5 },
	{ "vluxseg5ei64", op_vluxseg5ei64, 0, K_IX, 64, 5 },
	{ "vloxseg5ei64", op_vloxseg5ei64, 0, K_IX, 64, 5 },
	{ "vsuxseg5ei64", op_vsuxseg5ei64, 1, K_IX, 64, 5 },
	{ "vsoxseg5ei64", op_vsoxseg5ei64, 1, K_IX, 64, 5 },
	{ "vlseg6e64", op_vlseg6e64, 0, K_US, 64, 6 },
	{ "vsseg6e64", op_vsseg6e64, 1, K_US, 64, 6 },
	{ "vlseg6e64ff", op_vlseg6e64ff, 0, K_FF, 64, 6 },
	{ "vlsseg6e64", op_vlsseg6e64, 0, K_ST, 64, 6 },
	{ "vssseg6e64", op_vssseg6e64, 1, K_ST, 64, 6 },
	{ "vluxseg6ei64", op_vluxseg6ei64, 0, K_IX, 64, 6 },
	{ "vloxseg6ei64", op_vloxseg6ei64, 0, K_IX, 64, 6 },
	{ "vsuxseg6ei64", op_vsuxseg6ei64, 1, K_IX, 64, 6 },
	{ "vsoxseg6ei64", op_vsoxseg6ei64, 1, K_IX, 64, 6 },
	{ "vlseg7e64", op_vlseg7e64, 0, K_US, 64, 7 },
	{ "vsseg7e64", op_vsseg7e64, 1, K_US, 64, 7 },
	{ "vlseg7e64ff", op_vlseg7e64ff, 0, K_FF, 64, 7 },
	{ "vlsseg7e64", op_vlsseg7e64, 0, K_ST, 64, 7 },
	{ "vssseg7e64", op_vssseg7e64, 1, K_ST, 64, 7 },
	{ "vluxseg7ei64", op_vluxseg7ei64, 0, K_IX, 64, 7 },
	{ "vloxseg7ei64", op_vloxseg7ei64, 0, K_IX, 64, 7 },
	{ "vsuxseg7ei64", op_vsuxseg7ei64, 1, K_IX, 64, 7 },
	{ "vsoxseg7ei64", op_vsoxseg7ei64, 1, K_IX, 64, 7 },
	{ "vlseg8e64", op_vlseg8e64, 0, K_US, 64, 8 },
	{ "vsseg8e64", op_vsseg8e64, 1, K_US, 64, 8 },
	{ "vlseg8e64ff", op_vlseg8e64ff, 0, K_FF, 64, 8 },
	{ "vlsseg8e64", op_vlsseg8e64, 0, K_ST, 64, 8 },
	{ "vssseg8e64", op_vssseg8e64, 1, K_ST, 64, 8 },
	{ "vluxseg8ei64", op_vluxseg8ei64, 0, K_IX, 64, 8 },
	{ "vloxseg8ei64", op_vloxseg8ei64, 0, K_IX, 64, 8 },
	{ "vsuxseg8ei64", op_vsuxseg8ei64, 1, K_IX, 64, 8 },
	{ "vsoxseg8ei64", op_vsoxseg8ei64, 1, K_IX, 64, 8 },
	{ "vl1re8", op_vl1re8, 0, K_WH, 8, 1 },
	{ "vl2re8", op_vl2re8, 0, K_WH, 8, 2 },
	{ "vl4re8", op_vl4re8, 0, K_WH, 8, 4 },
	{ "vl8re8", op_vl8re8, 0, K_WH, 8, 8 },
	{ "vl1re16", op_vl1re16, 0, K_WH, 16, 1 },
	{ "vl2re16", op_vl2re16, 0, K_WH, 16, 2 },
	{ "vl4re16", op_vl4re16, 0, K_WH, 16, 4 },
	{ "vl8re16", op_vl8re16, 0, K_WH, 16, 8 },
	{ "vl1re32", op_vl1re32, 0, K_WH, 32, 1 },
	{ "vl2re32", op_vl2re32, 0, K_WH, 32, 2 },
	{ "vl4re32", op_vl4re32, 0, K_WH, 32, 4 },
	{ "vl8re32", op_vl8re32, 0, K_WH, 32, 8 },
	{ "vl1re64", op_vl1re64, 0, K_WH, 64, 1 },
	{ "vl2re64", op_vl2re64, 0, K_WH, 64, 2 },
	{ "vl4re64", op_vl4re64, 0, K_WH, 64, 4 },
	{ "vl8re64", op_vl8re64, 0, K_WH, 64, 8 },
	{ "vs1r", op_vs1r, 1, K_WH, 8, 1 },
	{ "vs2r", op_vs2r, 1, K_WH, 8, 2 },
	{ "vs4r", op_vs4r, 1, K_WH, 8, 4 },
	{ "vs8r", op_vs8r, 1, K_WH, 8, 8 },
	{ "vlm", op_vlm, 0, K_MK, 8, 1 },
	{ "vsm", op_vsm, 1, K_MK, 8, 1 },
};

#define NROWS (sizeof(rows) / sizeof(rows[0]))
#define BUF 8192
#define MID 2048

static uint8_t src[BUF] __attribute__((aligned(64)));
static uint8_t dst[BUF] __attribute__((aligned(64)));
static uint8_t dst_init[BUF] __attribute__((aligned(64)));
static uint8_t regs_init[32 * 128] __attribute__((aligned(64)));
static uint8_t dump[32 * 128] __attribute__((aligned(64)));
static uint8_t mask_init[128] __attribute__((aligned(64)));
static uint8_t idx_init[4][8 * 128] __attribute__((aligned(64)));
static unsigned vlenb;
static sigjmp_buf jb;
static volatile int ill_seen;

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static uint64_t hash(const void *p, size_t n, uint64_t h)
{
	const uint8_t *b = p;
	for (size_t i = 0; i < n; i += 8) {
		uint64_t w;
		memcpy(&w, b + i, 8);
		h = (h ^ w) * 0x100000001b3ull;
		h ^= h >> 29;
	}
	return h;
}

static void on_sigill(int sig)
{
	(void)sig;
	ill_seen = 1;
	siglongjmp(jb, 1);
}

static unsigned long csr_vl(void) { unsigned long v; asm volatile(VASM("csrr %0, vl") : "=r"(v)); return v; }
static unsigned long csr_vtype(void) { unsigned long v; asm volatile(VASM("csrr %0, vtype") : "=r"(v)); return v; }
static unsigned long csr_vstart(void) { unsigned long v; asm volatile(VASM("csrr %0, vstart") : "=r"(v)); return v; }
static void clear_vstart(void) { asm volatile(VASM("csrw vstart, zero")); }

static unsigned long vsetvl(unsigned long avl, unsigned long vtype)
{
	unsigned long vl;
	asm volatile(VASM("vsetvl %0, %1, %2") : "=&r"(vl) : "r"(avl), "r"(vtype));
	return vl;
}

/* All 32 registers from p (32 * vlenb bytes), then v0 = mask, v24..v31 = idx. */
static void regs_load(const uint8_t *p, const uint8_t *mask, const uint8_t *idx)
{
	asm volatile(VASM("vl8re8.v v0, (%0)\n add %0, %0, %1\n vl8re8.v v8, (%0)\n"
			  " add %0, %0, %1\n vl8re8.v v16, (%0)\n add %0, %0, %1\n vl8re8.v v24, (%0)")
		     : "+&r"(p) : "r"((unsigned long)vlenb * 8) : "memory");
	if (mask)
		asm volatile(VASM("vl1re8.v v0, (%0)") :: "r"(mask) : "memory");
	if (idx)
		asm volatile(VASM("vl8re8.v v24, (%0)") :: "r"(idx) : "memory");
}

/* All 32 registers to p. */
static void regs_store(uint8_t *p)
{
	asm volatile(VASM("vs8r.v v0, (%0)\n add %0, %0, %1\n vs8r.v v8, (%0)\n"
			  " add %0, %0, %1\n vs8r.v v16, (%0)\n add %0, %0, %1\n vs8r.v v24, (%0)")
		     : "+&r"(p) : "r"((unsigned long)vlenb * 8) : "memory");
}

static const char *lmul_name[8] = { "m1", "m2", "m4", "m8", "m?", "mf8", "mf4", "mf2" };

/* One case: returns the hash of what the instruction changed; *vl_out the vl after it
 * (fault-only-first may lower it), *ill whether it raised SIGILL. */
static uint64_t run_case(const struct row *r, unsigned long vtype, unsigned long avl, int64_t stride,
			 int masked, unsigned mis, unsigned long *vl_out, int *ill)
{
	if (r->store)
		memcpy(dst, dst_init, BUF);
	regs_load(regs_init, mask_init, r->kind == K_IX ? idx_init[__builtin_ctz(r->eew / 8)] : NULL);
	vsetvl(avl, vtype);
	uint64_t base = (uint64_t)(uintptr_t)(r->store ? dst : src) + MID + mis;
	ill_seen = 0;
	if (!sigsetjmp(jb, 1))
		r->fn(base, (uint64_t)stride, masked);
	*ill = ill_seen;
	*vl_out = csr_vl();
	uint64_t h = hash(vl_out, 8, 0xcbf29ce484222325ull);
	h ^= csr_vstart() * 0x9e37;
	if (r->store) {
		h = hash(dst, BUF, h);
	} else {
		regs_store(dump);
		h = hash(dump + 8 * vlenb, 16 * vlenb, h);
	}
	return h;
}

static void run_rows(void)
{
	static const int lmuls[7] = { 5, 6, 7, 0, 1, 2, 3 };
	static const unsigned long avls[5] = { 0, 1, 5, 19, 100000 };
	unsigned long ncase = 0, nill = 0;
	for (size_t ri = 0; ri < NROWS; ri++) {
		const struct row *r = &rows[ri];
		for (int sc = 0; sc < 4; sc++) {
			for (int li = 0; li < 7; li++) {
				unsigned long vtype = (unsigned long)(sc << 3 | lmuls[li]);
				if ((r->kind == K_WH || r->kind == K_MK) && li != 3 && li != 0 && li != 6)
					continue;  /* vtype barely matters to them */
				printf("%s e%d %s:", r->name, 8 << sc, lmul_name[lmuls[li]]);
				for (int ai = 0; ai < 5; ai++) {
					int nstride = r->kind == K_ST ? 5 : 1;
					for (int si = 0; si < nstride; si++) {
						int64_t seg = (int64_t)r->nf * r->eew / 8;
						int64_t strides[5] = { seg, 0, -2 * seg, 3 * seg + 1, -seg - 3 };
						for (int m = 0; m < 2; m++) {
							if (m && (r->kind == K_WH || r->kind == K_MK))
								continue;
							unsigned long vl;
							int ill;
							unsigned mis = r->kind == K_US || r->kind == K_FF || r->kind == K_WH ?
								       (unsigned)(ai + li + si) % 3 : 0;
							uint64_t h = run_case(r, vtype, avls[ai], strides[si], m, mis, &vl, &ill);
							ncase++;
							if (ill) {
								nill++;
								printf(" ill");
							} else {
								printf(" %lu:%08lx", vl, (unsigned long)(h ^ (h >> 32)) & 0xffffffffu);
							}
						}
					}
				}
				printf("\n");
			}
		}
	}
	printf("cases %lu, SIGILL %lu\n", ncase, nill);
}

/* ---- reserved encodings ------------------------------------------------------------------ */

struct legal {
	const char *what;
	unsigned long vtype;
	void (*fn)(uint64_t b, uint64_t s, int m);
	int masked;
};

VOP(l_misalign, "vle32.v v9, (%0)")
VOP(l_v0, "vle8.v v0, (%0)")
VOP(l_st_v0, "vse8.v v0, (%0)")
VOP(l_ix_same, "vluxei8.v v8, (%0), v8")
VOP(l_ix_wide_same, "vluxei16.v v8, (%0), v8")
VOP(l_ix_wide_v9, "vluxei16.v v9, (%0), v8")
VOP(l_ix_narrow_hi, "vluxei8.v v8, (%0), v9")
VOP(l_ix_narrow_lo, "vluxei8.v v8, (%0), v8")
VOP(l_ix_seg, "vluxseg2ei8.v v8, (%0), v8")
VOP(l_ix_seg_ok, "vluxseg2ei8.v v8, (%0), v10")
VOP(l_ix_st_overlap, "vsuxei8.v v8, (%0), v8")
VOP(l_seg_past, "vlseg8e8.v v26, (%0)")
VOP(l_seg_fits, "vlseg8e8.v v24, (%0)")
VOP(l_seg_emul, "vlseg3e16.v v8, (%0)")
VOP(l_ix_vd_align, "vloxei8.v v10, (%0), v16")
VOP(l_ix_vs2_align, "vloxei64.v v8, (%0), v17")
VOP(l_st_misalign, "vsse16.v v10, (%0), %1")
VOP1(l_whole_mis, "vl2re8.v v9, (%0)")
VOP1(l_whole_ok, "vl4re16.v v12, (%0)")
VOP1(l_whole_st_mis, "vs8r.v v4, (%0)")
VOP1(l_vlm_v0, "vlm.v v0, (%0)")
VOP1(l_ff_v0, "vle16ff.v v0, (%0)")

static void run_legal(void)
{
	static const struct legal cases[] = {
		{ "vle32 v9 e32m2", 2 << 3 | 1, op_l_misalign, 0 },
		{ "vle32 v9 e32m1", 2 << 3 | 0, op_l_misalign, 0 },
		{ "vle32 v9 e8m1 (emul 4)", 0 << 3 | 0, op_l_misalign, 0 },
		{ "vle8 v0 masked", 0, op_l_v0, 1 },
		{ "vle8 v0 unmasked", 0, op_l_v0, 0 },
		{ "vse8 v0 masked", 0, op_l_st_v0, 1 },
		{ "vluxei8 vd=vs2 e8", 0, op_l_ix_same, 0 },
		{ "vluxei16 vd=vs2 e8", 0, op_l_ix_wide_same, 0 },
		{ "vluxei16 v9/v8 e8", 0, op_l_ix_wide_v9, 0 },
		{ "vluxei8 v8/v9 e16m2", 1 << 3 | 1, op_l_ix_narrow_hi, 0 },
		{ "vluxei8 v8/v8 e16m2", 1 << 3 | 1, op_l_ix_narrow_lo, 0 },
		{ "vluxei8 v8/v8 e16mf2", 1 << 3 | 7, op_l_ix_narrow_lo, 0 },
		{ "vluxseg2ei8 v8/v8", 0, op_l_ix_seg, 0 },
		{ "vluxseg2ei8 v8/v10", 0, op_l_ix_seg_ok, 0 },
		{ "vluxseg2ei8 v8/v10 m2", 1, op_l_ix_seg_ok, 0 },
		{ "vsuxei8 vs3=vs2", 0, op_l_ix_st_overlap, 0 },
		{ "vlseg8e8 v26", 0, op_l_seg_past, 0 },
		{ "vlseg8e8 v24", 0, op_l_seg_fits, 0 },
		{ "vlseg8e8 v24 m2", 1, op_l_seg_fits, 0 },
		{ "vlseg3e16 e8m2", 1, op_l_seg_emul, 0 },
		{ "vlseg3e16 e8m4", 2, op_l_seg_emul, 0 },
		{ "vlseg3e16 e64mf8", 3 << 3 | 5, op_l_seg_emul, 0 },
		{ "vloxei8 v10 e8m4", 2, op_l_ix_vd_align, 0 },
		{ "vloxei8 v10 e8m2", 1, op_l_ix_vd_align, 0 },
		{ "vloxei64 v17 e8m1", 0, op_l_ix_vs2_align, 0 },
		{ "vloxei64 v17 e64m1", 3 << 3, op_l_ix_vs2_align, 0 },
		{ "vsse16 v10 e8m4", 2, op_l_st_misalign, 0 },
		{ "vsse16 v10 e16m2", 1 << 3 | 1, op_l_st_misalign, 0 },
		{ "vl2re8 v9", 0, op_l_whole_mis, 0 },
		{ "vl4re16 v12 vill", 1ul << 63, op_l_whole_ok, 0 },
		{ "vs8r v4", 0, op_l_whole_st_mis, 0 },
		{ "vlm v0", 0, op_l_vlm_v0, 0 },
		{ "vlm v0 vill", 1ul << 63, op_l_vlm_v0, 0 },
		{ "vle16ff v0 masked", 1 << 3, op_l_ff_v0, 1 },
		{ "vle8 e8 reserved vtype", 4, op_l_v0, 0 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct legal *c = &cases[i];
		static const uint8_t zero[32 * 128];
		memcpy(dst, dst_init, BUF);
		regs_load(zero, mask_init, NULL);  /* index registers hold offset 0 */
		vsetvl(7, c->vtype);
		ill_seen = 0;
		if (!sigsetjmp(jb, 1))
			c->fn((uint64_t)(uintptr_t)(c->fn == op_l_st_v0 || c->fn == op_l_ix_st_overlap ||
					     c->fn == op_l_st_misalign || c->fn == op_l_whole_st_mis ? dst : src) + MID,
			      16, c->masked);
		regs_store(dump);
		uint64_t h = hash(dump, 32 * vlenb, hash(dst, BUF, 1));
		printf("legal %s: %s %08lx\n", c->what, ill_seen ? "ill" : "ok", (unsigned long)h & 0xffffffffu);
	}
}

/* ---- precise faults ---------------------------------------------------------------------- */

static uint8_t *pg;         /* three pages: pg[0] readable and writable, pg[1] per case */
static long pgsz;
static volatile unsigned long f_vstart, f_code;
static volatile uintptr_t f_addr;
static volatile int f_seen;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	(void)sig; (void)uc;
	f_vstart = csr_vstart();
	f_addr = (uintptr_t)si->si_addr;
	f_code = (unsigned long)si->si_code;
	f_seen = 1;
	siglongjmp(jb, 1);
}

VOP(f_vle32, "vle32.v v8, (%0)")
VOP(f_vse32, "vse32.v v8, (%0)")
VOP(f_vlse32, "vlse32.v v8, (%0), %1")
VOP(f_vsse64, "vsse64.v v8, (%0), %1")
VOP(f_vluxei32, "vluxei32.v v8, (%0), v24")
VOP(f_vsoxei16, "vsoxei16.v v8, (%0), v24")
VOP(f_vlseg3e16, "vlseg3e16.v v8, (%0)")
VOP(f_vsseg2e32, "vsseg2e32.v v8, (%0)")
VOP(f_vle16ff, "vle16ff.v v8, (%0)")
VOP(f_vle8ff, "vle8ff.v v8, (%0)")
VOP(f_vlseg2e16ff, "vlseg2e16ff.v v8, (%0)")
VOP1(f_vl2re32, "vl2re32.v v8, (%0)")
VOP1(f_vs1r, "vs1r.v v8, (%0)")
VOP1(f_vlm, "vlm.v v8, (%0)")
VOP1(f_vsm, "vsm.v v8, (%0)")

struct fcase {
	const char *what;
	void (*fn)(uint64_t b, uint64_t s, int m);
	unsigned long vtype, avl;
	long off;           /* base relative to the start of pg[1] */
	long stride;
	int masked, prot;   /* protection of pg[1] */
	int idx_eew;        /* indexed: index EEW in bits; indices from idx below */
	long idx[4];        /* the first four index elements (the others 0) */
};

static void run_faults(void)
{
	pgsz = sysconf(_SC_PAGESIZE);
	pg = mmap(NULL, 3 * pgsz, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (pg == MAP_FAILED) {
		perror("mmap");
		exit(1);
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigaction(SIGSEGV, &sa, NULL);
	static const struct fcase cases[] = {
		{ "vle32 elem 5", op_f_vle32, 2 << 3 | 2, 100000, -20, 0, 0, PROT_NONE, 0, { 0 } },
		{ "vle32 masked", op_f_vle32, 2 << 3 | 2, 100000, -20, 0, 1, PROT_NONE, 0, { 0 } },
		{ "vle32 straddle", op_f_vle32, 2 << 3 | 0, 4, -2, 0, 0, PROT_NONE, 0, { 0 } },
		{ "vle32 straddle 3", op_f_vle32, 2 << 3 | 0, 4, -10, 0, 0, PROT_NONE, 0, { 0 } },
		{ "vse32 read-only", op_f_vse32, 2 << 3 | 1, 100000, -12, 0, 0, PROT_READ, 0, { 0 } },
		{ "vlse32 stride 64", op_f_vlse32, 2 << 3 | 0, 100000, -128, 64, 0, PROT_NONE, 0, { 0 } },
		{ "vlse32 stride -64", op_f_vlse32, 2 << 3 | 0, 100000, 64, -64, 0, PROT_NONE, 0, { 0 } },
		{ "vlse32 stride 0", op_f_vlse32, 2 << 3 | 0, 3, 0, 0, 0, PROT_NONE, 0, { 0 } },
		{ "vsse64 stride -4096", op_f_vsse64, 3 << 3 | 1, 3, 4104, -4096, 0, PROT_READ, 0, { 0 } },
		{ "vluxei32", op_f_vluxei32, 2 << 3 | 0, 100000, -64, 0, 0, PROT_NONE, 32, { 0, 8, 60, 64 } },
		{ "vluxei32 masked", op_f_vluxei32, 2 << 3 | 0, 100000, -64, 0, 1, PROT_NONE, 32, { 0, 8, 60, 64 } },
		{ "vsoxei16", op_f_vsoxei16, 3 << 3 | 1, 100000, -64, 0, 0, PROT_READ, 16, { 0, 56, 63, 8 } },
		{ "vlseg3e16 mid-segment", op_f_vlseg3e16, 1 << 3 | 0, 100000, -14, 0, 0, PROT_NONE, 0, { 0 } },
		{ "vsseg2e32", op_f_vsseg2e32, 2 << 3 | 0, 100000, -20, 0, 0, PROT_READ, 0, { 0 } },
		{ "vl2re32", op_f_vl2re32, 0, 0, -12, 0, 0, PROT_NONE, 0, { 0 } },
		{ "vs1r", op_f_vs1r, 0, 0, -5, 0, 0, PROT_READ, 0, { 0 } },
		{ "vlm", op_f_vlm, 0 << 3 | 3, 100000, -1, 0, 0, PROT_NONE, 0, { 0 } },
		{ "vsm", op_f_vsm, 0 << 3 | 3, 100000, -3, 0, 0, PROT_READ, 0, { 0 } },
		{ "vle16ff elem 0", op_f_vle16ff, 1 << 3 | 0, 100000, 0, 0, 0, PROT_NONE, 0, { 0 } },
		{ "vle16ff straddle 0", op_f_vle16ff, 1 << 3 | 0, 100000, -1, 0, 0, PROT_NONE, 0, { 0 } },
		{ "vle16ff elem 3", op_f_vle16ff, 1 << 3 | 1, 100000, -6, 0, 0, PROT_NONE, 0, { 0 } },
		{ "vle16ff masked", op_f_vle16ff, 1 << 3 | 1, 100000, -6, 0, 1, PROT_NONE, 0, { 0 } },
		{ "vle16ff elem 0 masked off", op_f_vle16ff, 1 << 3 | 1, 100000, -2, 0, 1, PROT_NONE, 0, { 0 } },
		{ "vle8ff e8m8", op_f_vle8ff, 0 << 3 | 3, 100000, -30, 0, 0, PROT_NONE, 0, { 0 } },
		{ "vlseg2e16ff", op_f_vlseg2e16ff, 1 << 3 | 0, 100000, -10, 0, 0, PROT_NONE, 0, { 0 } },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct fcase *c = &cases[i];
		mprotect(pg + pgsz, pgsz, PROT_READ | PROT_WRITE);
		for (long b = 0; b < 2 * pgsz; b++)
			pg[b] = (uint8_t)(b * 7 + 3);
		mprotect(pg + pgsz, pgsz, c->prot);
		static uint8_t idx[8 * 128];
		memset(idx, 0, sizeof(idx));
		for (int k = 0; k < 4; k++)
			memcpy(idx + k * (c->idx_eew / 8), &c->idx[k], c->idx_eew / 8);
		uint8_t mask[128];
		memset(mask, 0xff, sizeof(mask));
		mask[0] = 0xdf;  /* element 5 off */
		if (c->fn == op_f_vluxei32)
			mask[0] = 0xf7;  /* element 3 (index 64) off */
		if (c->fn == op_f_vle16ff)
			mask[0] = 0xf6;  /* elements 0 and 3 off */
		regs_load(regs_init, mask, c->idx_eew ? idx : NULL);
		vsetvl(c->avl, c->vtype);
		f_seen = 0;
		f_vstart = 0;
		uint64_t base = (uint64_t)(uintptr_t)(pg + pgsz + c->off);
		if (!sigsetjmp(jb, 1))
			c->fn(base, (uint64_t)c->stride, c->masked);
		unsigned long vl = csr_vl();
		clear_vstart();
		regs_store(dump);
		mprotect(pg + pgsz, pgsz, PROT_READ | PROT_WRITE);
		uint64_t h = hash(dump + 8 * vlenb, 8 * vlenb, hash(pg, 2 * pgsz, 7));
		if (f_seen)
			printf("fault %s: vstart %lu addr %+ld code %lu vl %lu %08lx\n", c->what, f_vstart,
			       (long)(f_addr - (uintptr_t)(pg + pgsz)), f_code, vl, (unsigned long)h & 0xffffffffu);
		else
			printf("fault %s: none, vl %lu %08lx\n", c->what, vl, (unsigned long)h & 0xffffffffu);
		printf("  v8:");
		for (unsigned b = 0; b < 24 && b < 8 * vlenb; b++)
			printf(" %02x", dump[8 * vlenb + b]);
		printf("\n");
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigaction(SIGSEGV, &sa, NULL);
}

/* strlen with vle8ff.v: strings that end at the last byte of a page followed by an
 * inaccessible page, at several lengths and LMULs. */
static size_t ff_strlen(const char *s, unsigned long vtype, unsigned *rounds, unsigned long *vls)
{
	size_t n = 0;
	*rounds = 0;
	for (;;) {
		unsigned long vl;
		asm volatile(VASM("vsetvl %0, %1, %2\n vle8ff.v v8, (%3)\n csrr %0, vl\n vse8.v v8, (%4)")
			     : "=&r"(vl) : "r"(100000ul), "r"(vtype), "r"(s + n), "r"(dump) : "memory");
		if (*rounds < 8)
			vls[*rounds] = vl;
		(*rounds)++;
		for (unsigned long i = 0; i < vl; i++)
			if (!dump[i])
				return n + i;
		n += vl;
	}
}

static void run_strlen(void)
{
	mprotect(pg + pgsz, pgsz, PROT_NONE);
	static const long lens[] = { 0, 1, 15, 16, 17, 100, 1000, 4095 };
	static const unsigned long vtypes[] = { 0, 3, 7, 2 << 3 | 1 };
	for (size_t li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
		for (size_t vi = 0; vi < sizeof(vtypes) / sizeof(vtypes[0]); vi++) {
			char *s = (char *)pg + pgsz - 1 - lens[li];
			memset(s, 'a', (size_t)lens[li]);
			s[lens[li]] = 0;
			unsigned rounds;
			unsigned long vls[8] = { 0 };
			size_t n = ff_strlen(s, vtypes[vi], &rounds, vls);
			printf("strlen %ld vtype %lu: %zu in %u rounds, vl", lens[li], vtypes[vi], n, rounds);
			for (unsigned r = 0; r < rounds && r < 8; r++)
				printf(" %lu", vls[r]);
			printf("\n");
		}
	}
	mprotect(pg + pgsz, pgsz, PROT_READ | PROT_WRITE);
}

/* ---- Linux's signal frame (robin only) ---------------------------------------------------- */

static int l_bad;
#define BAD(...) do { printf("BAD " __VA_ARGS__); l_bad++; } while (0)

static uint8_t l_junk[32 * 128];
static volatile int l_edit, l_handled;
static volatile unsigned long l_vl, l_vtype, l_vstart;

/* The vector context of the frame at uc; checks its layout against the registers of regs
 * (v8's group being the faulting load's, loaded below vstart). */
static void check_frame(ucontext_t *uc)
{
	uint8_t *fp = (uint8_t *)&uc->uc_mcontext.__fpregs;
	uint32_t rsvd, magic, size;
	memcpy(&rsvd, fp + 516, 4);
	memcpy(&magic, fp + 520, 4);
	memcpy(&size, fp + 524, 4);
	if (rsvd != 0)
		BAD("frame: reserved word %u\n", rsvd);
	if (magic != 0x53465457u)
		BAD("frame: magic 0x%x\n", magic);
	if (size != 8 + 48 + 32 * vlenb)
		BAD("frame: V context size %u, want %u\n", size, 8 + 48 + 32 * vlenb);
	uint64_t st[6];
	memcpy(st, fp + 528, sizeof(st));
	if (st[0] != l_vstart)
		BAD("frame: vstart %lu, live %lu\n", (unsigned long)st[0], l_vstart);
	if (st[1] != l_vl || st[2] != l_vtype)
		BAD("frame: vl %lu vtype 0x%lx, want %lu 0x%lx\n", (unsigned long)st[1],
		    (unsigned long)st[2], l_vl, l_vtype);
	if (st[3] != 0)
		BAD("frame: vcsr %lu\n", (unsigned long)st[3]);
	if (st[4] != vlenb)
		BAD("frame: vlenb %lu\n", (unsigned long)st[4]);
	if (st[5] != (uint64_t)(uintptr_t)(fp + 576))
		BAD("frame: datap %#lx, state ends at %p\n", (unsigned long)st[5], (void *)(fp + 576));
	if (st[5] & 15)
		BAD("frame: datap not 16-byte aligned\n");
	const uint8_t *data = (const uint8_t *)(uintptr_t)st[5];
	/* v8..: elements below vstart from memory (pg[0]'s last bytes), the rest as before */
	for (unsigned e = 0; e < l_vl; e++) {
		uint32_t got, want;
		memcpy(&got, data + 8 * vlenb + 4 * e, 4);
		if (e < l_vstart)
			memcpy(&want, pg + pgsz - 12 + 4 * e, 4);
		else
			memcpy(&want, regs_init + 8 * vlenb + 4 * e, 4);
		if (got != want) {
			BAD("frame: v8 element %u 0x%08x, want 0x%08x\n", e, got, want);
			break;
		}
	}
	if (memcmp(data + 16 * vlenb, regs_init + 16 * vlenb, 16 * vlenb))
		BAD("frame: v16..v31 differ from the registers\n");
	uint32_t end[2];
	memcpy(end, fp + 520 + size, 8);
	if (end[0] != 0 || end[1] != 0)
		BAD("frame: END header %u %u\n", end[0], end[1]);
}

/* A SIGSEGV handler that uses vectors, then makes the page readable and returns: the load
 * goes on from vstart. */
static void on_segv_linux(int sig, siginfo_t *si, void *ucv)
{
	(void)sig; (void)si;
	l_vstart = csr_vstart();
	check_frame(ucv);
	/* clobber the whole vector state */
	vsetvl(100000, 3);
	regs_load(l_junk, NULL, NULL);
	asm volatile(VASM("csrwi vxrm, 1\n csrwi vxsat, 1"));
	if (l_edit) {
		/* the handler edits the saved state: v16 and vxrm come back as it wrote them */
		uint8_t *fp = (uint8_t *)&((ucontext_t *)ucv)->uc_mcontext.__fpregs;
		uint64_t datap, vcsr = 2u << 1;
		memcpy(&datap, fp + 528 + 40, 8);
		memset((uint8_t *)(uintptr_t)datap + 16 * vlenb, 0x55, vlenb);
		memcpy(fp + 528 + 24, &vcsr, 8);
	}
	l_handled++;
	mprotect(pg + pgsz, pgsz, PROT_READ | PROT_WRITE);
}

static void linux_resume(int edit)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv_linux;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	for (long b = 0; b < 2 * pgsz; b++)
		pg[b] = (uint8_t)(b * 13 + 1);
	mprotect(pg + pgsz, pgsz, PROT_NONE);
	l_edit = edit;
	l_handled = 0;
	regs_load(regs_init, NULL, NULL);
	asm volatile(VASM("csrwi vxrm, 0\n csrwi vxsat, 0"));
	l_vtype = 2 << 3 | 1;  /* e32, m2 */
	l_vl = vsetvl(100000, l_vtype);
	op_f_vle32((uint64_t)(uintptr_t)(pg + pgsz - 12), 0, 0);
	unsigned long vl = csr_vl(), vtype = csr_vtype(), vstart = csr_vstart(), vxrm, vxsat;
	asm volatile(VASM("csrr %0, vxrm\n csrr %1, vxsat") : "=&r"(vxrm), "=&r"(vxsat));
	regs_store(dump);
	if (l_handled != 1)
		BAD("resume: %d handler runs\n", l_handled);
	if (l_vstart != 3)
		BAD("resume: handler saw vstart %lu, want 3\n", l_vstart);
	if (vl != l_vl || vtype != l_vtype || vstart != 0)
		BAD("resume: after sigreturn vl %lu vtype 0x%lx vstart %lu, want %lu 0x%lx 0\n", vl, vtype,
		    vstart, l_vl, l_vtype);
	if (vxrm != (edit ? 2u : 0u) || vxsat != 0)
		BAD("resume: vxrm %lu vxsat %lu\n", vxrm, vxsat);
	if (memcmp(dump + 8 * vlenb, pg + pgsz - 12, 4 * l_vl))
		BAD("resume: the load did not complete from memory\n");
	if (memcmp(dump + 8 * vlenb + 4 * l_vl, regs_init + 8 * vlenb + 4 * l_vl, 2 * vlenb - 4 * l_vl))
		BAD("resume: the tail of v8's group changed\n");
	for (unsigned r = 16; r < 32; r++) {
		const uint8_t *want = regs_init + r * vlenb;
		uint8_t fives[128];
		memset(fives, 0x55, sizeof(fives));
		if (edit && r == 16)
			want = fives;
		if (memcmp(dump + r * vlenb, want, vlenb)) {
			BAD("resume: v%u not restored%s\n", r, edit && r == 16 ? " as the handler edited it" : "");
			break;
		}
	}
	printf("linux resume%s: vstart %lu in the handler, vl %lu restored, load completed\n",
	       edit ? " (handler edits the frame)" : "", l_vstart, vl);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigaction(SIGSEGV, &sa, NULL);
}

static volatile int t_count;

static void on_timer(int sig)
{
	(void)sig;
	vsetvl(100000, 3);
	regs_load(l_junk, l_junk, l_junk);
	t_count++;
}

/* Timer signals interrupt a loop of vector loads and stores; the interrupted code's vl,
 * vtype and registers survive the handler's own vector code. */
static void linux_async(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_timer;
	sigaction(SIGVTALRM, &sa, NULL);
	struct itimerval it = { { 0, 200 }, { 0, 200 } };
	setitimer(ITIMER_VIRTUAL, &it, NULL);
	unsigned long bad = 0, iters = 0;
	uint8_t out[8 * 128];
	for (; t_count < 20 && iters < 20000000; iters++) {
		unsigned long avl = iters % 37 + 1, vtype = (iters % 3) << 3 | 1, vl, vl2, vt2;
		memset(out, 0, sizeof(out));
		asm volatile(VASM("vsetvl %0, %1, %2\n vle8.v v8, (%3)\n vle8.v v12, (%4)")
			     : "=&r"(vl)
			     : "r"(avl), "r"(vtype), "r"(src + iters % 64), "r"(src + 1000)
			     : "memory");
		for (volatile int spin = 0; spin < 50; spin++)
			;  /* scalar code between the vector instructions: a signal may land here */
		asm volatile(VASM("vse8.v v8, (%2)\n csrr %0, vl\n csrr %1, vtype")
			     : "=&r"(vl2), "=&r"(vt2) : "r"(out) : "memory");
		if (vl2 != vl || vt2 != vtype ||
		    memcmp(out, src + iters % 64, vl))
			bad++;
	}
	it.it_value.tv_usec = it.it_interval.tv_usec = 0;
	setitimer(ITIMER_VIRTUAL, &it, NULL);
	if (t_count < 20)
		BAD("async: only %d timer signals in %lu iterations\n", t_count, iters);
	if (bad)
		BAD("async: %lu of %lu iterations saw their vector state changed\n", bad, iters);
	if (t_count >= 20 && !bad)
		printf("linux async: >= 20 timer signals, vector state intact\n");
}

static void run_linux(void)
{
	pgsz = sysconf(_SC_PAGESIZE);
	pg = mmap(NULL, 3 * pgsz, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (size_t i = 0; i < sizeof(l_junk); i++)
		l_junk[i] = (uint8_t)rnd();
	/* robin reports no AT_MINSIGSTKSZ, as qemu 7.2 (Linux 6.5+ does: 1152 + 32 * vlenb with
	 * V): one more auxv entry moves the initial stack and with it every simulated cycle */
	unsigned long minsig = getauxval(51 /* AT_MINSIGSTKSZ */);
	if (minsig != 0)
		BAD("AT_MINSIGSTKSZ %lu, want none\n", minsig);
	printf("linux AT_MINSIGSTKSZ: none, as qemu\n");
	linux_resume(0);
	linux_resume(1);
	linux_async();
	printf("linux: %d differences\n", l_bad);
}

/* ---- vector state held across scalar work (checkpoints, tests/e2e/244) ------------------- */

/* Four rounds: set every piece of vector state, run a long scalar loop (where a checkpoint
 * lands), then print a hash of the registers and the CSRs as they are. */
static void run_state(void)
{
	static const unsigned long vtypes[4] = { 3, 1 << 3 | 7, 2 << 3 | 1, 3 << 3 | 2 };
	for (int r = 0; r < 4; r++) {
		for (size_t i = 0; i < sizeof(regs_init); i++)
			regs_init[i] = (uint8_t)rnd();
		regs_load(regs_init, NULL, NULL);
		unsigned long vl = vsetvl(7 + 13 * r, vtypes[r]), vstart = 1 + r, vxrm = r, vxsat = r & 1;
		asm volatile(VASM("csrw vstart, %0\n csrw vxrm, %1\n csrw vxsat, %2")
			     :: "r"(vstart), "r"(vxrm), "r"(vxsat));
		volatile uint64_t acc = 0;
		for (uint64_t i = 0; i < 3000000; i++)
			acc += i ^ (acc >> 3);
		unsigned long vl2 = csr_vl(), vtype2 = csr_vtype(), vstart2 = csr_vstart(), vxrm2, vxsat2;
		asm volatile(VASM("csrr %0, vxrm\n csrr %1, vxsat") : "=&r"(vxrm2), "=&r"(vxsat2));
		clear_vstart();
		regs_store(dump);
		printf("state %d: vl %lu/%lu vtype %#lx/%#lx vstart %lu vxrm %lu vxsat %lu regs %s %016lx\n",
		       r, vl2, vl, vtype2, vtypes[r], vstart2, vxrm2, vxsat2,
		       memcmp(dump, regs_init, 32 * vlenb) ? "changed" : "kept",
		       (unsigned long)hash(dump, 32 * vlenb, acc));
	}
}

static volatile uint32_t nov_magic = 1, nov_size = 1;

static void on_usr1_nov(int sig, siginfo_t *si, void *ucv)
{
	(void)sig; (void)si;
	uint8_t *fp = (uint8_t *)&((ucontext_t *)ucv)->uc_mcontext.__fpregs;
	memcpy((void *)&nov_magic, fp + 520, 4);
	memcpy((void *)&nov_size, fp + 524, 4);
}

/* Before any vector use, a signal frame has no V context: the END header comes first, as
 * Linux writes it for a process that has not turned V on. */
static int run_nov(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_usr1_nov;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGUSR1, &sa, NULL);
	raise(SIGUSR1);
	printf("linux no V used: first extension header magic %u size %u%s\n", nov_magic, nov_size,
	       nov_magic || nov_size ? " BAD" : "");
	return nov_magic || nov_size;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "nov"))
		return run_nov();
	asm volatile(VASM("csrr %0, vlenb") : "=r"(vlenb));
	for (size_t i = 0; i < BUF; i++) {
		src[i] = (uint8_t)rnd();
		dst_init[i] = (uint8_t)rnd();
	}
	for (size_t i = 0; i < sizeof(regs_init); i++)
		regs_init[i] = (uint8_t)rnd();
	for (size_t i = 0; i < sizeof(mask_init); i++)
		mask_init[i] = (uint8_t)rnd();
	for (int k = 0; k < 4; k++) {
		unsigned w = 1u << k;
		for (unsigned e = 0; e < sizeof(idx_init[k]) / w; e++) {
			uint64_t v = rnd() % (k ? 1024 : 256);
			memcpy(idx_init[k] + e * w, &v, w);
		}
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigill;
	sa.sa_flags = SA_NODEFER;
	sigaction(SIGILL, &sa, NULL);
	if (argc > 1 && !strcmp(argv[1], "linux")) {
		setvbuf(stdout, NULL, _IONBF, 0);  /* what a dying emulator printed stays */
		run_linux();
		return l_bad ? 1 : 0;
	}
	if (argc > 1 && !strcmp(argv[1], "segv")) {
		/* no handler: a vector load from an unmapped page ends the program with SIGSEGV */
		printf("before\n");
		fflush(stdout);
		vsetvl(4, 2 << 3);
		op_f_vle32(0x10, 0, 0);
		printf("after\n");
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "state")) {
		run_state();
		return 0;
	}
	printf("vlenb %u\n", vlenb);
	run_rows();
	run_legal();
	run_faults();
	run_strlen();
	return 0;
}
