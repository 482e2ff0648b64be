/*
 * isa_ext.h — which ISA a guest sees: RV64GC plus a set of extensions, named as profiles
 * (rv64gc, rva22, rva23) with optional extra extensions ("rva23_zfh_zbc").
 *
 * The decoder knows every extension (isa.h); the emulator refuses an encoding whose req
 * (enum isa_req) the guest's set does not allow, as hardware without the extension raises an
 * illegal-instruction exception (SIGILL). Linux reports the same set through riscv_hwprobe.
 *
 * Profiles (RISC-V profiles specification, RVA22U64 and RVA23U64 mandatory extensions, as far
 * as robin implements them: no Supm):
 *   rv64gc  RV64IMAFDC, Zicsr, Zifencei, Zicntr
 *   rva22   rv64gc + Zba Zbb Zbs Zicbom Zicboz Zicbop Zihintpause Zfhmin Zkt Zihpm
 *           (Ziccif, Ziccrse, Ziccamoa, Zicclsm, Za64rs, Zic64b hold: no instructions)
 *   rva23   rva22 + V Zvfhmin Zvbb Zvkt Zicond Zimop Zcmop Zcb Zfa Zawrs Zihintntl
 * The profiles' optional extensions robin implements (Zfh, Zbc, Zbkb) are added by name.
 */
#ifndef ROBIN_ISA_EXT_H
#define ROBIN_ISA_EXT_H

#include <stddef.h>
#include <stdint.h>

enum isa_ext {
	ISA_X_G,            /* RV64GC itself: always in a set */
	ISA_X_ZBA, ISA_X_ZBB, ISA_X_ZBS, ISA_X_ZBC, ISA_X_ZBKB,
	ISA_X_ZICOND, ISA_X_ZFHMIN, ISA_X_ZFH, ISA_X_ZFA, ISA_X_ZCB,
	ISA_X_ZICBOM, ISA_X_ZICBOZ, ISA_X_ZICBOP, ISA_X_ZIHINTPAUSE, ISA_X_ZIHINTNTL,
	ISA_X_ZAWRS, ISA_X_ZIMOP, ISA_X_ZCMOP, ISA_X_ZKT, ISA_X_ZICNTR, ISA_X_ZIHPM,
	ISA_X_V, ISA_X_ZVFHMIN, ISA_X_ZVBB, ISA_X_ZVKT,
	ISA_X_COUNT
};

#define ISA_X(e) (1ull << (e))

/* The default ISA of run and sim. */
#define ISA_EXT_DEFAULT "rva23"

/* Parses an ISA name: "rv64gc", "rva22" or "rva23" ("rva22u64", "rva23u64" too), each
 * optionally followed by "_EXT" for every further extension (lower case: "rva22_zicond_zfh").
 * Returns 0 with *exts set (ISA_X_G always in it), or -1 with a one-line reason in err (n
 * bytes) naming the part not understood. */
int isa_ext_parse(const char *name, uint64_t *exts, char *err, size_t n);

/* The extensions an ELF arch string names ("rv64i2p1_m2p0_..._zba1p0_zbb1p0": Tag_RISCV_arch
 * of .riscv.attributes, as GCC and gas write it): RV64GC and every extension of the list
 * robin knows; nothing implied but V by Zve32f, Zve64f or Zve64d (objdump decodes every V
 * instruction for them). */
uint64_t isa_ext_from_arch(const char *arch);

/* The reqs (bit ISA_REQ_x of enum isa_req) a set of extensions allows. */
uint32_t isa_ext_reqs(uint64_t exts);

/* Whether the reqs of a set (isa_ext_reqs) allow an instruction that needs req. */
static inline int isa_ext_allows(uint32_t reqs, unsigned req)
{
	return (reqs >> req) & 1u;
}

/* Canonical name of a set: the largest profile it contains and the extensions beyond it
 * ("rva23", "rva22_zicond", "rv64gc_zba_zbb"). Writes at most n bytes (NUL included); returns
 * what snprintf returns. */
int isa_ext_format(uint64_t exts, char *buf, size_t n);

/* "zba" for ISA_X_ZBA; NULL for ISA_X_G and out of range. */
const char *isa_ext_name(unsigned ext);

#endif
