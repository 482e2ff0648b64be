/*
 * ibs.c — IBS raw sample decoding (register layouts in ibs.h's header comment).
 */
#include "collect/ibs.h"

#include <errno.h>
#include <string.h>

#define IBS_CAPS_BRNTRGT (1u << 5)

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
	o->mem_width_bytes = (uint32_t)bits(d3, 22, 4);
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
