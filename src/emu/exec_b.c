/*
 * exec_b.c — semantics of the scalar extensions of RVA22U64/RVA23U64 that are not floating
 * point: Zba, Zbb, Zbs, Zbc, Zbkb, Zicond, the cache-block operations (Zicbom, Zicboz), Zawrs
 * and Zimop (Zcb and Zcmop expand to these rows and to the base ones). One handler per row of
 * isa_table.def; see exec.h for the contract. Whether the guest's ISA has the extension is
 * decided before: emu_decode_raw turns an encoding the guest's --isa lacks into SIGILL.
 */
#include "emu/emu_priv.h"
#include "emu/exec_mem.h"

#define RD  h->x[in->rd]
#define RS1 h->x[in->rs1]
#define RS2 h->x[in->rs2]
#define IMM ((uint64_t)in->imm)

/* rd = 0 writes x[0], which the run loops set back to 0 after each instruction (as for
 * exec_i.c's handlers). */
static inline uint64_t sext32(uint64_t v) { return (uint64_t)(int64_t)(int32_t)(uint32_t)v; }
static inline uint64_t zext32(uint64_t v) { return v & 0xffffffffull; }
static inline uint64_t rol64(uint64_t v, unsigned s) { s &= 63; return s ? (v << s) | (v >> (64 - s)) : v; }
static inline uint64_t ror64(uint64_t v, unsigned s) { s &= 63; return s ? (v >> s) | (v << (64 - s)) : v; }
static inline uint32_t rol32(uint32_t v, unsigned s) { s &= 31; return s ? (v << s) | (v >> (32 - s)) : v; }
static inline uint32_t ror32(uint32_t v, unsigned s) { s &= 31; return s ? (v >> s) | (v << (32 - s)) : v; }

/* ---- Zba ------------------------------------------------------------------------------- */

int exec_sh1add(struct hart *h, const struct isa_insn *in) { RD = (RS1 << 1) + RS2; return 0; }
int exec_sh2add(struct hart *h, const struct isa_insn *in) { RD = (RS1 << 2) + RS2; return 0; }
int exec_sh3add(struct hart *h, const struct isa_insn *in) { RD = (RS1 << 3) + RS2; return 0; }
int exec_add_uw(struct hart *h, const struct isa_insn *in) { RD = zext32(RS1) + RS2; return 0; }
int exec_sh1add_uw(struct hart *h, const struct isa_insn *in) { RD = (zext32(RS1) << 1) + RS2; return 0; }
int exec_sh2add_uw(struct hart *h, const struct isa_insn *in) { RD = (zext32(RS1) << 2) + RS2; return 0; }
int exec_sh3add_uw(struct hart *h, const struct isa_insn *in) { RD = (zext32(RS1) << 3) + RS2; return 0; }
int exec_slli_uw(struct hart *h, const struct isa_insn *in) { RD = zext32(RS1) << (IMM & 63); return 0; }

/* ---- Zbb ------------------------------------------------------------------------------- */

int exec_andn(struct hart *h, const struct isa_insn *in) { RD = RS1 & ~RS2; return 0; }
int exec_orn(struct hart *h, const struct isa_insn *in) { RD = RS1 | ~RS2; return 0; }
int exec_xnor(struct hart *h, const struct isa_insn *in) { RD = ~(RS1 ^ RS2); return 0; }
int exec_clz(struct hart *h, const struct isa_insn *in) { RD = RS1 ? (uint64_t)__builtin_clzll(RS1) : 64; return 0; }
int exec_ctz(struct hart *h, const struct isa_insn *in) { RD = RS1 ? (uint64_t)__builtin_ctzll(RS1) : 64; return 0; }
int exec_cpop(struct hart *h, const struct isa_insn *in) { RD = (uint64_t)__builtin_popcountll(RS1); return 0; }
int exec_clzw(struct hart *h, const struct isa_insn *in) { uint32_t v = (uint32_t)RS1; RD = v ? (uint64_t)__builtin_clz(v) : 32; return 0; }
int exec_ctzw(struct hart *h, const struct isa_insn *in) { uint32_t v = (uint32_t)RS1; RD = v ? (uint64_t)__builtin_ctz(v) : 32; return 0; }
int exec_cpopw(struct hart *h, const struct isa_insn *in) { RD = (uint64_t)__builtin_popcount((uint32_t)RS1); return 0; }
int exec_max(struct hart *h, const struct isa_insn *in) { RD = (int64_t)RS1 > (int64_t)RS2 ? RS1 : RS2; return 0; }
int exec_maxu(struct hart *h, const struct isa_insn *in) { RD = RS1 > RS2 ? RS1 : RS2; return 0; }
int exec_min(struct hart *h, const struct isa_insn *in) { RD = (int64_t)RS1 < (int64_t)RS2 ? RS1 : RS2; return 0; }
int exec_minu(struct hart *h, const struct isa_insn *in) { RD = RS1 < RS2 ? RS1 : RS2; return 0; }
int exec_sext_b(struct hart *h, const struct isa_insn *in) { RD = (uint64_t)(int64_t)(int8_t)RS1; return 0; }
int exec_sext_h(struct hart *h, const struct isa_insn *in) { RD = (uint64_t)(int64_t)(int16_t)RS1; return 0; }
int exec_zext_h(struct hart *h, const struct isa_insn *in) { RD = (uint16_t)RS1; return 0; }
int exec_rol(struct hart *h, const struct isa_insn *in) { RD = rol64(RS1, (unsigned)RS2); return 0; }
int exec_ror(struct hart *h, const struct isa_insn *in) { RD = ror64(RS1, (unsigned)RS2); return 0; }
int exec_rolw(struct hart *h, const struct isa_insn *in) { RD = sext32(rol32((uint32_t)RS1, (unsigned)RS2)); return 0; }
int exec_rorw(struct hart *h, const struct isa_insn *in) { RD = sext32(ror32((uint32_t)RS1, (unsigned)RS2)); return 0; }
int exec_rori(struct hart *h, const struct isa_insn *in) { RD = ror64(RS1, (unsigned)IMM); return 0; }
int exec_roriw(struct hart *h, const struct isa_insn *in) { RD = sext32(ror32((uint32_t)RS1, (unsigned)IMM)); return 0; }

int exec_orc_b(struct hart *h, const struct isa_insn *in)
{
	uint64_t v = RS1, r = 0;
	for (unsigned i = 0; i < 64; i += 8)
		if ((v >> i) & 0xff)
			r |= 0xffull << i;
	RD = r;
	return 0;
}

int exec_rev8(struct hart *h, const struct isa_insn *in) { RD = __builtin_bswap64(RS1); return 0; }

/* ---- Zbs ------------------------------------------------------------------------------- */

int exec_bclr(struct hart *h, const struct isa_insn *in) { RD = RS1 & ~(1ull << (RS2 & 63)); return 0; }
int exec_bclri(struct hart *h, const struct isa_insn *in) { RD = RS1 & ~(1ull << (IMM & 63)); return 0; }
int exec_bext(struct hart *h, const struct isa_insn *in) { RD = (RS1 >> (RS2 & 63)) & 1; return 0; }
int exec_bexti(struct hart *h, const struct isa_insn *in) { RD = (RS1 >> (IMM & 63)) & 1; return 0; }
int exec_binv(struct hart *h, const struct isa_insn *in) { RD = RS1 ^ (1ull << (RS2 & 63)); return 0; }
int exec_binvi(struct hart *h, const struct isa_insn *in) { RD = RS1 ^ (1ull << (IMM & 63)); return 0; }
int exec_bset(struct hart *h, const struct isa_insn *in) { RD = RS1 | (1ull << (RS2 & 63)); return 0; }
int exec_bseti(struct hart *h, const struct isa_insn *in) { RD = RS1 | (1ull << (IMM & 63)); return 0; }

/* ---- Zbc ------------------------------------------------------------------------------- */

/* The carry-less product of a and b: bits 0..63 in *lo, 64..127 in *hi. */
static void clmul128(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
	uint64_t l = 0, hh = 0;
	for (unsigned i = 0; i < 64; i++)
		if ((b >> i) & 1) {
			l ^= a << i;
			hh ^= i ? a >> (64 - i) : 0;
		}
	*lo = l;
	*hi = hh;
}

int exec_clmul(struct hart *h, const struct isa_insn *in)
{
	uint64_t lo, hi;
	clmul128(RS1, RS2, &lo, &hi);
	RD = lo;
	return 0;
}

int exec_clmulh(struct hart *h, const struct isa_insn *in)
{
	uint64_t lo, hi;
	clmul128(RS1, RS2, &lo, &hi);
	RD = hi;
	return 0;
}

/* clmulr: bits 63..126 of the product */
int exec_clmulr(struct hart *h, const struct isa_insn *in)
{
	uint64_t lo, hi;
	clmul128(RS1, RS2, &lo, &hi);
	RD = (hi << 1) | (lo >> 63);
	return 0;
}

/* ---- Zbkb ------------------------------------------------------------------------------ */

int exec_pack(struct hart *h, const struct isa_insn *in) { RD = zext32(RS1) | (RS2 << 32); return 0; }
int exec_packh(struct hart *h, const struct isa_insn *in) { RD = (RS1 & 0xff) | ((RS2 & 0xff) << 8); return 0; }
int exec_packw(struct hart *h, const struct isa_insn *in) { RD = sext32((RS1 & 0xffff) | ((RS2 & 0xffff) << 16)); return 0; }

int exec_brev8(struct hart *h, const struct isa_insn *in)
{
	uint64_t v = RS1;
	v = ((v & 0x5555555555555555ull) << 1) | ((v >> 1) & 0x5555555555555555ull);
	v = ((v & 0x3333333333333333ull) << 2) | ((v >> 2) & 0x3333333333333333ull);
	v = ((v & 0x0f0f0f0f0f0f0f0full) << 4) | ((v >> 4) & 0x0f0f0f0f0f0f0f0full);
	RD = v;
	return 0;
}

/* ---- Zicond ---------------------------------------------------------------------------- */

int exec_czero_eqz(struct hart *h, const struct isa_insn *in) { RD = RS2 ? RS1 : 0; return 0; }
int exec_czero_nez(struct hart *h, const struct isa_insn *in) { RD = RS2 ? 0 : RS1; return 0; }

/* ---- Zicbom, Zicboz -------------------------------------------------------------------- */

#define CBO_BLOCK 64u  /* the cache-block size Linux reports (hwprobe ZICBOZ_BLOCK_SIZE) */

/* cbo.zero: the 64 bytes of the block holding rs1 become zero; a store to them in every
 * respect (permissions, faults at the block's first inaccessible byte, code invalidation). */
int exec_cbo_zero(struct hart *h, const struct isa_insn *in)
{
	static const uint8_t zero[CBO_BLOCK];
	int r = gmem_store_slow(h->mem, RS1 & ~(uint64_t)(CBO_BLOCK - 1), zero, CBO_BLOCK);
	return r ? exec_store_result(h, r) : 0;
}

/* cbo.clean, cbo.flush: memory is coherent and has no cache to write back; what remains is
 * the access check (the unprivileged spec: permitted where a load or a store would be,
 * else a store page fault at rs1). */
static int cbo_check(struct hart *h, const struct isa_insn *in)
{
	uint64_t a = RS1, pg = a >> GMEM_PAGE_SHIFT;
	if (pg < GMEM_NPAGES && (h->mem->perm[pg] & (GMEM_R | GMEM_W)))
		return 0;
	h->mem->fault_addr = a;
	h->mem->fault_kind = pg < GMEM_NPAGES && gmem_is_mapped(h->mem, a & ~(uint64_t)GMEM_PAGE_MASK, 1) ?
		GMEM_FAULT_PROT : GMEM_FAULT_UNMAPPED;
	return hart_raise(h, HART_TRAP_STORE_FAULT, a);
}

int exec_cbo_clean(struct hart *h, const struct isa_insn *in) { return cbo_check(h, in); }
int exec_cbo_flush(struct hart *h, const struct isa_insn *in) { return cbo_check(h, in); }

/* cbo.inval: Linux leaves it disabled for user mode (senvcfg.CBIE = 0): illegal. */
int exec_cbo_inval(struct hart *h, const struct isa_insn *in)
{
	return hart_raise(h, HART_TRAP_ILLEGAL, in->raw);
}

/* ---- Zawrs, Zimop ---------------------------------------------------------------------- */

/* wrs.nto / wrs.sto may stall until the reservation set is written or a timeout; going on at
 * once is one of the behaviours the specification allows. */
int exec_wrs_nto(struct hart *h, const struct isa_insn *in) { (void)h; (void)in; return 0; }
int exec_wrs_sto(struct hart *h, const struct isa_insn *in) { (void)h; (void)in; return 0; }

/* MOPs not redefined by another extension write 0 to rd (c.mop.n writes nothing: rd = 0). */
int exec_mop_r(struct hart *h, const struct isa_insn *in) { RD = 0; return 0; }
int exec_mop_rr(struct hart *h, const struct isa_insn *in) { RD = 0; return 0; }
