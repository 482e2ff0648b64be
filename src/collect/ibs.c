/*
 * ibs.c — IBS raw sample decoding (register layouts in ibs.h's header comment).
 */
#include "collect/ibs.h"

#include <errno.h>
#include <string.h>

/* Register i (0-based after the caps word) of a raw payload, or -EINVAL. */
static int reg(const void *raw, size_t size, unsigned i, uint64_t *v)
{
	size_t off = 4 + (size_t)i * 8;
	if (off + 8 > size)
		return -EINVAL;
	memcpy(v, (const unsigned char *)raw + off, 8);
	return 0;
}

static uint64_t bits(uint64_t v, unsigned lo, unsigned width)
{
	return (v >> lo) & ((1ull << width) - 1);
}

int ibs_op_decode(const void *raw, size_t size, struct ibs_op *o)
{
	uint64_t ctl, rip, d1, d2, d3, lin, phys;
	uint32_t caps;
	memset(o, 0, sizeof *o);
	if (size < 4)
		return -EINVAL;
	memcpy(&caps, raw, 4);
	if (reg(raw, size, 0, &ctl) || reg(raw, size, 1, &rip) || reg(raw, size, 2, &d1) ||
	    reg(raw, size, 3, &d2) || reg(raw, size, 4, &d3) || reg(raw, size, 5, &lin) ||
	    reg(raw, size, 6, &phys))
		return -EINVAL;
	if (!bits(ctl, 18, 1)) /* IbsOpVal */
		return -EINVAL;
	o->rip = rip;
	o->rip_valid = !bits(d1, 38, 1);
	o->comp_to_ret_cycles = (uint32_t)bits(d1, 0, 16);
	o->tag_to_ret_cycles = (uint32_t)bits(d1, 16, 16);
	if (bits(d1, 34, 1))
		o->bits |= IBS_OP_RETURN;
	if (bits(d1, 35, 1))
		o->bits |= IBS_OP_BR_TAKEN;
	if (bits(d1, 36, 1))
		o->bits |= IBS_OP_BR_MISPREDICT;
	if (bits(d1, 37, 1))
		o->bits |= IBS_OP_BRANCH;
	if (bits(d1, 40, 1))
		o->bits |= IBS_OP_MICROCODE;
	o->data_src = (uint32_t)(bits(d2, 0, 3) | bits(d2, 6, 2) << 3);
	if (bits(d3, 0, 1))
		o->bits |= IBS_OP_LOAD;
	if (bits(d3, 1, 1))
		o->bits |= IBS_OP_STORE;
	if (bits(d3, 2, 1))
		o->bits |= IBS_OP_DTLB_L1_MISS;
	if (bits(d3, 3, 1))
		o->bits |= IBS_OP_DTLB_L2_MISS;
	if (bits(d3, 7, 1))
		o->bits |= IBS_OP_DC_MISS;
	if (bits(d3, 8, 1))
		o->bits |= IBS_OP_MISALIGNED;
	if (bits(d3, 14, 1))
		o->bits |= IBS_OP_UNCACHEABLE;
	if (bits(d3, 15, 1))
		o->bits |= IBS_OP_LOCKED;
	if (bits(d3, 20, 1))
		o->bits |= IBS_OP_L2_MISS;
	o->data_addr_valid = (int)bits(d3, 17, 1);
	o->phys_addr_valid = (int)bits(d3, 18, 1);
	uint32_t w = (uint32_t)bits(d3, 22, 4);
	o->mem_width_bytes = w ? 1u << (w - 1) : 0;
	o->dc_miss_lat_cycles = (uint32_t)bits(d3, 32, 16);
	o->tlb_refill_lat_cycles = (uint32_t)bits(d3, 48, 16);
	o->data_addr = o->data_addr_valid ? lin : 0;
	o->phys_addr = o->phys_addr_valid ? phys : 0;
	uint64_t tgt;
	if ((caps & IBS_CAPS_BRNTRGT) && reg(raw, size, 7, &tgt) == 0)
		o->br_target = tgt;
	return 0;
}

int ibs_fetch_decode(const void *raw, size_t size, struct ibs_fetch *f)
{
	uint64_t ctl, lin, phys;
	memset(f, 0, sizeof *f);
	if (reg(raw, size, 0, &ctl) || reg(raw, size, 1, &lin) || reg(raw, size, 2, &phys))
		return -EINVAL;
	if (!bits(ctl, 49, 1)) /* IbsFetchVal */
		return -EINVAL;
	f->addr = lin;
	f->fetch_lat_cycles = (uint32_t)bits(ctl, 32, 16);
	if (bits(ctl, 50, 1))
		f->bits |= IBS_FETCH_COMPLETED;
	if (bits(ctl, 51, 1))
		f->bits |= IBS_FETCH_IC_MISS;
	if (bits(ctl, 55, 1))
		f->bits |= IBS_FETCH_ITLB_L1_MISS;
	if (bits(ctl, 56, 1))
		f->bits |= IBS_FETCH_ITLB_L2_MISS;
	if (bits(ctl, 58, 1))
		f->bits |= IBS_FETCH_L2_MISS;
	if (bits(ctl, 60, 1))
		f->bits |= IBS_FETCH_OC_MISS;
	if (bits(ctl, 61, 1))
		f->bits |= IBS_FETCH_L3_MISS;
	if (!(f->bits & IBS_FETCH_ITLB_L1_MISS)) {
		static const uint32_t pg[4] = { 4096, 2u << 20, 1u << 30, 0 };
		f->page_size_bytes = pg[bits(ctl, 53, 2)];
	}
	f->phys_addr_valid = (int)bits(ctl, 52, 1);
	f->phys_addr = f->phys_addr_valid ? phys : 0;
	return 0;
}

static const char *const op_names[IBS_OP_NBITS] = {
	"load", "store", "dc_miss", "l2_miss", "dtlb_l1_miss", "dtlb_l2_miss", "branch",
	"br_taken", "br_mispredict", "return", "locked", "misaligned", "uncacheable", "microcode",
};

static const char *const fetch_names[IBS_FETCH_NBITS] = {
	"completed", "ic_miss", "itlb_l1_miss", "itlb_l2_miss", "l2_miss", "l3_miss", "oc_miss",
};

const char *ibs_op_bit_name(unsigned i)
{
	return i < IBS_OP_NBITS ? op_names[i] : NULL;
}

const char *ibs_fetch_bit_name(unsigned i)
{
	return i < IBS_FETCH_NBITS ? fetch_names[i] : NULL;
}

uint64_t ibs_latency_bucket(uint32_t cycles)
{
	if (cycles == 0)
		return 0;
	uint64_t b = 1;
	while (b * 2 <= cycles)
		b *= 2;
	return b;
}

enum ibs_src ibs_op_source(const struct ibs_op *op)
{
	if (!(op->bits & IBS_OP_LOAD))
		return IBS_SRC_NONE;
	if (!(op->bits & IBS_OP_DC_MISS))
		return IBS_SRC_L1;
	switch (op->data_src) {
	case 0:
		return op->bits & IBS_OP_L2_MISS ? IBS_SRC_OTHER : IBS_SRC_L2;
	case 1:
		return IBS_SRC_LLC;
	case 2:
	case 5:
		return IBS_SRC_PEER;
	case 3:
	case 8:
		return IBS_SRC_DRAM;
	default:
		return IBS_SRC_OTHER;
	}
}

static const char *const src_perf_names[IBS_SRC_N] = {
	"N/A", "L1 hit", "L2 hit", "L3 hit", "Peer cache hit", "RAM hit", "Uncached/IO",
};
static const char *const src_names[IBS_SRC_N] = {
	"-", "l1", "l2", "llc", "peer", "dram", "other",
};

const char *ibs_src_perf_name(enum ibs_src s)
{
	return (unsigned)s < IBS_SRC_N ? src_perf_names[s] : "N/A";
}

const char *ibs_src_name(enum ibs_src s)
{
	return (unsigned)s < IBS_SRC_N ? src_names[s] : "-";
}

void ibs_op_derive(const struct ibs_op *op, uint64_t *acc)
{
	uint32_t b = op->bits;
	acc[IBS_OPD_OPS]++;
	acc[IBS_OPD_TAG_TO_RET_CYCLES] += op->tag_to_ret_cycles;
	acc[IBS_OPD_COMP_TO_RET_CYCLES] += op->comp_to_ret_cycles;
	if (b & IBS_OP_BRANCH) {
		acc[IBS_OPD_BRANCH]++;
		acc[IBS_OPD_BR_MISP] += !!(b & IBS_OP_BR_MISPREDICT);
		acc[IBS_OPD_BR_TAKEN] += !!(b & IBS_OP_BR_TAKEN);
		acc[IBS_OPD_RETURN] += !!(b & IBS_OP_RETURN);
	}
	acc[IBS_OPD_LOAD] += !!(b & IBS_OP_LOAD);
	acc[IBS_OPD_STORE] += !!(b & IBS_OP_STORE);
	if (b & IBS_OP_DTLB_L1_MISS) {
		acc[(b & IBS_OP_DTLB_L2_MISS) ? IBS_OPD_DTLB_L1M_L2M : IBS_OPD_DTLB_L1M_L2H]++;
		acc[IBS_OPD_TLB_REFILL_CYCLES] += op->tlb_refill_lat_cycles;
	}
	acc[IBS_OPD_MISALIGNED] += !!(b & IBS_OP_MISALIGNED);
	if (b & IBS_OP_DC_MISS) {
		acc[IBS_OPD_DC_MISS]++;
		acc[IBS_OPD_DC_MISS_LAT_CYCLES] += op->dc_miss_lat_cycles;
	}
	static const int8_t src_row[IBS_SRC_N] = {
		-1, -1, IBS_OPD_SRC_L2, IBS_OPD_SRC_LLC, IBS_OPD_SRC_PEER, IBS_OPD_SRC_DRAM,
		IBS_OPD_SRC_OTHER,
	};
	int row = src_row[ibs_op_source(op)];
	if (row >= 0)
		acc[row]++;
}

void ibs_fetch_derive(const struct ibs_fetch *f, uint64_t *acc)
{
	acc[IBS_FD_ATTEMPTED]++;
	if (f->bits & IBS_FETCH_COMPLETED) {
		acc[IBS_FD_COMPLETED]++;
		acc[IBS_FD_LAT_CYCLES] += f->fetch_lat_cycles;
	} else {
		acc[IBS_FD_ABORTED]++;
	}
	acc[IBS_FD_IC_MISS] += !!(f->bits & IBS_FETCH_IC_MISS);
	if (f->bits & IBS_FETCH_ITLB_L1_MISS)
		acc[(f->bits & IBS_FETCH_ITLB_L2_MISS) ? IBS_FD_ITLB_L1M_L2M : IBS_FD_ITLB_L1M_L2H]++;
}

static const char *const opd_names[IBS_OPD_N] = {
	"ibs_ops", "ibs_br", "ibs_br_misp", "ibs_br_taken", "ibs_ret", "ibs_load", "ibs_store",
	"ibs_dtlb_l1m_l2h", "ibs_dtlb_l1m_l2m", "ibs_dc_miss", "ibs_misaligned", "ibs_src_l2",
	"ibs_src_llc", "ibs_src_peer", "ibs_src_dram", "ibs_src_other", "ibs_dc_miss_lat_cycles",
	"ibs_tlb_refill_cycles", "ibs_tag_to_ret_cycles", "ibs_comp_to_ret_cycles",
};
static const char *const fd_names[IBS_FD_N] = {
	"ibs_fetch_attempted", "ibs_fetch_completed", "ibs_fetch_aborted", "ibs_fetch_ic_miss",
	"ibs_fetch_itlb_l1m_l2h", "ibs_fetch_itlb_l1m_l2m", "ibs_fetch_lat_cycles",
};

const char *ibs_op_derived_name(unsigned i)
{
	return i < IBS_OPD_N ? opd_names[i] : NULL;
}

const char *ibs_fetch_derived_name(unsigned i)
{
	return i < IBS_FD_N ? fd_names[i] : NULL;
}

size_t ibs_op_detail_rows(const struct ibs_op *op, struct ibs_detail_row *rows)
{
	size_t n = 0;
	rows[n++] = (struct ibs_detail_row){ "event_bits", op->bits, 0 };
	uint32_t lat = op->bits & IBS_OP_DC_MISS ? op->dc_miss_lat_cycles : 0;
	if (op->bits & IBS_OP_DC_MISS)
		rows[n++] = (struct ibs_detail_row){ "ibs_dc_miss_lat",
		                                     (int64_t)ibs_latency_bucket(lat), lat };
	enum ibs_src src = ibs_op_source(op);
	if (src != IBS_SRC_NONE)
		rows[n++] = (struct ibs_detail_row){
			"ibs_data_src", IBS_DATA_SRC_KEY(src, ibs_latency_bucket(lat)), lat };
	return n;
}

size_t ibs_fetch_detail_rows(const struct ibs_fetch *f, struct ibs_detail_row *rows)
{
	size_t n = 0;
	rows[n++] = (struct ibs_detail_row){ "event_bits", f->bits, 0 };
	if (f->bits & IBS_FETCH_COMPLETED)
		rows[n++] = (struct ibs_detail_row){ "ibs_fetch_lat",
		                                     (int64_t)ibs_latency_bucket(f->fetch_lat_cycles),
		                                     f->fetch_lat_cycles };
	return n;
}
