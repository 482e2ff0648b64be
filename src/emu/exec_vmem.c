/*
 * exec_vmem.c — the V 1.0 loads and stores (section "Vector Loads and Stores"): unit-stride
 * (vle/vse, and their segment forms when nf > 0), fault-only-first (vle<eew>ff), strided
 * (vlse/vsse), indexed unordered and ordered (vluxei/vloxei/vsuxei/vsoxei: the row's size is
 * the index EEW, the data EEW is SEW), whole-register (vl<nr>re<eew>, vs<nr>r) and mask
 * (vlm/vsm, EVL = ceil(vl / 8)).
 *
 * Elements run in order from vstart; a faulting element leaves vstart at its index, with the
 * elements before it done, and traps with the first faulting byte (as qemu-riscv64 7.2 does,
 * whose vector_helper.c also goes element by element). Fault-only-first probes first: a fault
 * on element 0 traps, one on a later element i sets vl = i and loads elements below it. The
 * legality checks are qemu 7.2's trans_rvv.c.inc: EMUL = EEW / SEW * LMUL within 1/8 .. 8,
 * groups aligned to their EMUL, EMUL * NF <= 8 and no register past v31, a masked load not
 * writing v0, indexed loads' destination/index overlap rules; with vl = 0 nothing happens
 * (not even vstart = 0), except for whole-register accesses, which ignore vl and vtype.
 *
 * Each access goes through guest memory's own permission bytes (gmem.h): a unit-stride or
 * whole-register access whose whole range is accessible and holds no decoded code is copied
 * directly; otherwise each element takes gmem's checked accessors, and a store into decoded
 * code makes the handler return 1 (the run loop looks its code page up again). The byte
 * ranges accessed, masked-off elements excepted, are recorded in h->vmem for the timing model.
 */
#include <string.h>

#include "emu/exec.h"
#include "emu/exec_mem.h"
#include "emu/exec_v.h"

/* The access kinds sharing one element loop. */
enum vmem_kind {
	VMEM_UNIT,    /* base + (i * nf + k) * eew */
	VMEM_STRIDE,  /* base + i * stride + k * eew */
	VMEM_INDEX,   /* base + index[i] + k * eew */
};

/* One instruction's access, its checks done. */
struct vmem_op {
	enum vmem_kind kind;
	int store;
	int masked;
	unsigned vd;        /* data register group (vd, or vs3 of a store) */
	unsigned regs;      /* registers per field (1 for a fractional EMUL) */
	unsigned nf;        /* fields per segment, 1 .. 8 */
	unsigned esz;       /* data element bytes */
	unsigned vs2;       /* index group (VMEM_INDEX) */
	unsigned isz;       /* index element bytes (VMEM_INDEX) */
	uint64_t base;
	uint64_t stride;    /* VMEM_STRIDE, bytes (two's complement) */
	uint64_t evl;       /* elements to run: vl, ceil(vl / 8) or a whole register group's */
};

/* ---- guest memory ---------------------------------------------------------------------- */

/* Records [a, a + len) as accessed, extending the last range when it continues it. */
static void vmem_note(struct hart *h, uint64_t a, uint32_t len)
{
	uint32_t n = h->vmem_n;
	if (n && h->vmem[n - 1].addr + h->vmem[n - 1].len == a) {
		h->vmem[n - 1].len += len;
		return;
	}
	if (n < HART_VMEM_MAX) {
		h->vmem[n].addr = a;
		h->vmem[n].len = len;
		h->vmem_n = n + 1;
	}
}

/* Whether every page of [a, a + len) has the permission bits `need` and none of `avoid`
 * (GMEM_CODE for stores: decoded code must hear of the write). */
static int vmem_range_ok(const struct gmem *m, uint64_t a, uint64_t len, unsigned need,
			 unsigned avoid)
{
	if (!len)
		return 1;
	if (a >= GMEM_GUEST_SIZE || len > GMEM_GUEST_SIZE - a)
		return 0;
	for (uint64_t pg = a >> GMEM_PAGE_SHIFT; pg <= (a + len - 1) >> GMEM_PAGE_SHIFT; pg++)
		if ((m->perm[pg] & (need | avoid)) != need)
			return 0;
	return 1;
}

/* One element of esz bytes between guest address a and register bytes r: 0, -1 after a fault
 * (gmem recorded its first faulting byte), or 1 when a store wrote decoded code. */
static int vmem_elem(struct hart *h, uint64_t a, uint8_t *r, unsigned esz, int store)
{
	struct gmem *m = h->mem;
	uint64_t pg = a >> GMEM_PAGE_SHIFT;
	int inside = pg < GMEM_NPAGES && (a & GMEM_PAGE_MASK) <= GMEM_PAGE_SIZE - esz;
	if (!store) {
		if (GMEM_LIKELY(inside && (m->perm[pg] & GMEM_R))) {
			memcpy(r, m->base + a, esz);
			return 0;
		}
		return gmem_load_slow(m, a, r, esz);
	}
	if (GMEM_LIKELY(inside && (m->perm[pg] & (GMEM_W | GMEM_CODE)) == GMEM_W)) {
		memcpy(m->base + a, r, esz);
		return 0;
	}
	return gmem_store_slow(m, a, r, esz);
}

/* The trap of a failed element access. */
static int vmem_fault(struct hart *h, int store)
{
	return store ? exec_store_result(h, -1) : exec_load_fault(h);
}

/* ---- the element loop ------------------------------------------------------------------ */

/* Address of element i's segment (its field 0). */
static uint64_t vmem_addr(const struct hart *h, const struct vmem_op *op, uint64_t i)
{
	switch (op->kind) {
	case VMEM_UNIT:
		return op->base + i * op->nf * op->esz;
	case VMEM_STRIDE:
		return op->base + i * op->stride;
	default:
		return op->base + v_elem(h, op->vs2, i, op->isz * 8u);
	}
}

/* Register bytes of field k of element i. */
static uint8_t *vmem_reg(struct hart *h, const struct vmem_op *op, uint64_t i, unsigned k)
{
	return h->vreg + (size_t)(op->vd + k * op->regs) * h->vlenb + i * op->esz;
}

/* Runs elements vstart .. evl-1 (checked element by element, or copied when fast says the
 * whole range was found accessible), then vstart = 0. Returns 0, 1 (a store wrote code) or -1
 * after a fault, vstart then being the faulting element. */
static int vmem_loop(struct hart *h, const struct vmem_op *op, int fast)
{
	int wrote = 0;
	uint64_t seg = (uint64_t)op->nf * op->esz;
	if (fast && op->kind == VMEM_UNIT && op->nf == 1 && !op->masked) {
		uint64_t a = op->base + h->vstart * op->esz, len = (op->evl - h->vstart) * op->esz;
		uint8_t *r = vmem_reg(h, op, h->vstart, 0);
		if (op->store)
			memcpy(h->mem->base + a, r, len);
		else
			memcpy(r, h->mem->base + a, len);
		vmem_note(h, a, (uint32_t)len);
		h->vstart = 0;
		return 0;
	}
	for (uint64_t i = h->vstart; i < op->evl; i++) {
		if (op->masked && !v_mask_bit(h, 0, i))
			continue;
		uint64_t a = vmem_addr(h, op, i);
		for (unsigned k = 0; k < op->nf; k++) {
			uint64_t ak = a + (uint64_t)k * op->esz;
			uint8_t *r = vmem_reg(h, op, i, k);
			if (fast) {
				if (op->store)
					memcpy(h->mem->base + ak, r, op->esz);
				else
					memcpy(r, h->mem->base + ak, op->esz);
			} else {
				int rc = vmem_elem(h, ak, r, op->esz, op->store);
				if (rc < 0) {
					h->vstart = i;
					return vmem_fault(h, op->store);
				}
				wrote |= rc;
			}
		}
		vmem_note(h, a, (uint32_t)seg);
	}
	h->vstart = 0;
	return wrote;
}

/* Runs a unit-stride access: copied directly when all of its range is accessible. */
static int vmem_unit(struct hart *h, struct vmem_op *op)
{
	uint64_t seg = (uint64_t)op->nf * op->esz;
	if (h->vstart >= op->evl) {
		h->vstart = 0;
		return 0;
	}
	uint64_t a = op->base + h->vstart * seg, len = (op->evl - h->vstart) * seg;
	int fast = vmem_range_ok(h->mem, a, len, op->store ? GMEM_W : GMEM_R,
				 op->store ? GMEM_CODE : 0);
	return vmem_loop(h, op, fast);
}

/* ---- legality --------------------------------------------------------------------------- */

/* log2 of a power of two up to 8. */
static int vmem_log2(unsigned v)
{
	return v >= 8 ? 3 : v >= 4 ? 2 : v >= 2 ? 1 : 0;
}

/* EMUL of an operand of eew bytes at the current SEW and LMUL, as log2. */
static int vmem_emul(const struct hart *h, unsigned eew_bytes)
{
	return vmem_log2(eew_bytes) - vmem_log2(v_sew(h) / 8u) + v_lmul_log2(h);
}

/* A segment of nf fields of EMUL 2^emul starting at vd fits: NF * EMUL <= 8, below v32. */
static int vmem_nf_fits(unsigned vd, unsigned nf, int emul)
{
	unsigned size = nf * v_regs(emul);
	return size <= 8 && vd + size <= 32;
}

/* Sets up a unit-stride or strided access (data EEW = the row's size). 0, or -1 after the
 * SIGILL of an illegal one. */
static int vmem_setup(struct hart *h, const struct isa_insn *in, struct vmem_op *op,
		      enum vmem_kind kind)
{
	int store = in->cls == ISA_CLASS_VSTORE;
	unsigned vd = V_N(store ? in->rs3 : in->rd);
	int emul = vmem_emul(h, in->size);
	memset(op, 0, sizeof(*op));
	op->nf = in->nf + 1u;
	if (v_vill(h) || emul < -3 || emul > 3 || !v_aligned(vd, emul) ||
	    !vmem_nf_fits(vd, op->nf, emul) || (!store && v_mask_clobbers_v0(in, vd)))
		return v_illegal(h, in);
	op->kind = kind;
	op->store = store;
	op->masked = in->masked;
	op->vd = vd;
	op->regs = v_regs(emul);
	op->esz = in->size;
	op->base = h->x[in->rs1];
	op->evl = h->vl;
	if (kind == VMEM_STRIDE)
		op->stride = h->x[in->rs2];
	return 0;
}

/* Whether data group d (EMUL 2^dl) may overlap index group s (EMUL 2^sl), qemu's
 * require_noover: not at all, or, with the data wider, only in the data group's top half. */
static int vmem_noover(unsigned d, int dl, unsigned s, int sl)
{
	unsigned dn = v_regs(dl), sn = v_regs(sl);
	if (dn > sn && d < s && sl >= 0 && v_overlap(d, dn, s, sn) && !v_overlap(d, dn, s + sn, sn))
		return 1;
	return !v_overlap(d, dn, s, sn);
}

/* Sets up an indexed access (index EEW = the row's size, data EEW = SEW). */
static int vmem_setup_index(struct hart *h, const struct isa_insn *in, struct vmem_op *op)
{
	int store = in->cls == ISA_CLASS_VSTORE;
	unsigned vd = V_N(store ? in->rs3 : in->rd), vs2 = V_N(in->rs2);
	int lmul = v_lmul_log2(h), emul = vmem_emul(h, in->size);
	memset(op, 0, sizeof(*op));
	op->nf = in->nf + 1u;
	if (v_vill(h) || emul < -3 || emul > 3 || !v_aligned(vs2, emul) || !v_aligned(vd, lmul) ||
	    !vmem_nf_fits(vd, op->nf, lmul))
		return v_illegal(h, in);
	if (!store) {
		unsigned sew_bytes = v_sew(h) / 8u;
		if (v_mask_clobbers_v0(in, vd))
			return v_illegal(h, in);
		for (unsigned k = 0; k < op->nf; k++) {
			unsigned seg_vd = vd + v_regs(lmul) * k;
			if (in->size > sew_bytes && seg_vd != vs2 && !vmem_noover(seg_vd, lmul, vs2, emul))
				return v_illegal(h, in);
			if (in->size < sew_bytes && !vmem_noover(seg_vd, lmul, vs2, emul))
				return v_illegal(h, in);
			if (op->nf > 1 && v_overlap(seg_vd, v_regs(lmul), vs2, v_regs(emul)))
				return v_illegal(h, in);
		}
	}
	op->kind = VMEM_INDEX;
	op->store = store;
	op->masked = in->masked;
	op->vd = vd;
	op->regs = v_regs(lmul);
	op->esz = v_sew(h) / 8u;
	op->vs2 = vs2;
	op->isz = in->size;
	op->base = h->x[in->rs1];
	op->evl = h->vl;
	return 0;
}

/* ---- the instructions ------------------------------------------------------------------- */

/* vle<eew>.v, vse<eew>.v and their segment forms. */
static int vmem_unit_stride(struct hart *h, const struct isa_insn *in)
{
	struct vmem_op op;
	h->vmem_n = 0;
	if (vmem_setup(h, in, &op, VMEM_UNIT))
		return -1;
	if (!h->vl)
		return 0;
	return vmem_unit(h, &op);
}

/* vlse<eew>.v, vsse<eew>.v (any stride, zero and negative included). */
static int vmem_strided(struct hart *h, const struct isa_insn *in)
{
	struct vmem_op op;
	h->vmem_n = 0;
	if (vmem_setup(h, in, &op, VMEM_STRIDE))
		return -1;
	if (!h->vl)
		return 0;
	return vmem_loop(h, &op, 0);
}

/* vl[uo]xei<eew>.v, vs[uo]xei<eew>.v: ordered and unordered alike run in element order. */
static int vmem_indexed(struct hart *h, const struct isa_insn *in)
{
	struct vmem_op op;
	h->vmem_n = 0;
	if (vmem_setup_index(h, in, &op))
		return -1;
	if (!h->vl)
		return 0;
	return vmem_loop(h, &op, 0);
}

/* vle<eew>ff.v: probes the active elements' segments from vstart; a fault on element 0
 * traps, a fault on a later element i makes vl = i; then the elements below vl load. */
static int vmem_fault_first(struct hart *h, const struct isa_insn *in)
{
	struct vmem_op op;
	h->vmem_n = 0;
	if (vmem_setup(h, in, &op, VMEM_UNIT))
		return -1;
	if (!h->vl)
		return 0;
	uint64_t seg = (uint64_t)op.nf * op.esz;
	for (uint64_t i = h->vstart; i < h->vl; i++) {
		if (op.masked && !v_mask_bit(h, 0, i))
			continue;
		uint64_t a = op.base + i * seg;
		if (vmem_range_ok(h->mem, a, seg, GMEM_R, 0))
			continue;
		if (i == 0) {
			/* the load of element 0 faults: its first faulting byte is the trap's */
			uint8_t tmp[64];
			for (unsigned k = 0; k < op.nf; k++)
				if (gmem_load_slow(h->mem, a + k * op.esz, tmp, op.esz))
					return exec_load_fault(h);
		}
		h->vl = i;
		break;
	}
	op.evl = h->vl;
	return vmem_unit(h, &op);
}

/* vlm.v, vsm.v: EVL = ceil(vl / 8) bytes into or out of one register, unmasked. */
static int vmem_mask(struct hart *h, const struct isa_insn *in)
{
	struct vmem_op op;
	h->vmem_n = 0;
	if (v_vill(h))
		return v_illegal(h, in);
	if (!h->vl)
		return 0;
	memset(&op, 0, sizeof(op));
	op.kind = VMEM_UNIT;
	op.store = in->cls == ISA_CLASS_VSTORE;
	op.vd = V_N(op.store ? in->rs3 : in->rd);
	op.regs = 1;
	op.nf = 1;
	op.esz = 1;
	op.base = h->x[in->rs1];
	op.evl = (h->vl + 7u) / 8u;
	return vmem_unit(h, &op);
}

/* vl<nr>re<eew>.v, vs<nr>r.v: nr whole registers as elements of eew bytes (vstart counts
 * them), whatever vl and vtype are; the group must be aligned to nr. */
static int vmem_whole(struct hart *h, const struct isa_insn *in)
{
	struct vmem_op op;
	h->vmem_n = 0;
	int store = in->cls == ISA_CLASS_VSTORE;
	unsigned vd = V_N(store ? in->rs3 : in->rd), nr = in->nf + 1u;
	if (!h->vlenb || (vd & (nr - 1u)))
		return v_illegal(h, in);
	memset(&op, 0, sizeof(op));
	op.kind = VMEM_UNIT;
	op.store = store;
	op.vd = vd;
	op.regs = nr;
	op.nf = 1;
	op.esz = in->size;
	op.base = h->x[in->rs1];
	op.evl = (uint64_t)nr * h->vlenb / in->size;
	return vmem_unit(h, &op);
}

#define VMEM_ROW(name, fn) \
	int exec_##name(struct hart *h, const struct isa_insn *in) { return fn(h, in); }

#define VMEM_EEW_ROWS(w)                           \
	VMEM_ROW(vle##w##_v, vmem_unit_stride)     \
	VMEM_ROW(vse##w##_v, vmem_unit_stride)     \
	VMEM_ROW(vle##w##ff_v, vmem_fault_first)   \
	VMEM_ROW(vlse##w##_v, vmem_strided)        \
	VMEM_ROW(vsse##w##_v, vmem_strided)        \
	VMEM_ROW(vluxei##w##_v, vmem_indexed)      \
	VMEM_ROW(vloxei##w##_v, vmem_indexed)      \
	VMEM_ROW(vsuxei##w##_v, vmem_indexed)      \
	VMEM_ROW(vsoxei##w##_v, vmem_indexed)      \
	VMEM_ROW(vl1re##w##_v, vmem_whole)         \
	VMEM_ROW(vl2re##w##_v, vmem_whole)         \
	VMEM_ROW(vl4re##w##_v, vmem_whole)         \
	VMEM_ROW(vl8re##w##_v, vmem_whole)

VMEM_EEW_ROWS(8)
VMEM_EEW_ROWS(16)
VMEM_EEW_ROWS(32)
VMEM_EEW_ROWS(64)
VMEM_ROW(vs1r_v, vmem_whole)
VMEM_ROW(vs2r_v, vmem_whole)
VMEM_ROW(vs4r_v, vmem_whole)
VMEM_ROW(vs8r_v, vmem_whole)
VMEM_ROW(vlm_v, vmem_mask)
VMEM_ROW(vsm_v, vmem_mask)
