/*
 * etrace.c — E-Trace te_inst packets (docs/etrace.md): the encoder that turns retired basic
 * blocks into a byte stream of formats 1, 2 and 3, and the decoder that walks the program's
 * code along the packets and counts the blocks it executed.
 *
 * Encoder rules (delta address mode): a format 3 start packet at the first
 * instruction and at each resync; a conditional branch adds a bit to the branch map (0 taken,
 * 1 not taken), and a full map (31 branches) goes out as format 1 with branches = 0 and no
 * address; an uninferable discontinuity (an indirect jump or return) sends the map and the
 * target's address (format 1, or format 2 when no branch is pending); before a trap (any other
 * change of flow the code does not explain: signal delivery, sigreturn), a resync and at the
 * end the address of the last instruction retired goes out (format 1/2), followed by format 3
 * (subformat 1 with the handler's address for a trap, subformat 0 for a resync). Format 1/2
 * addresses are differences from the last address sent; format 3 ones are absolute.
 *
 * The decoder tells an address that ends a flow (the last instruction before a trap, a resync
 * or the end) from a jump target by the packet that follows: format 3 or the end of the trace.
 */
#include "analysis/etrace.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ET_ADDR_BITS 63           /* iaddress_width_p - iaddress_lsb_p */
#define ET_MAX_PACKET_BITS 160
#define ET_MAX_WALK (1u << 24)    /* instructions one packet may explain */

/* ---- block counts ----------------------------------------------------------------------- */

static size_t et_hash(uint64_t start, uint64_t end)
{
	uint64_t h = start * 0x9e3779b97f4a7c15ull ^ end * 0xc2b2ae3d27d4eb4full;
	return (size_t)(h ^ (h >> 29));
}

static int et_counts_grow(struct etrace_counts *c)
{
	size_t n = c->nslot ? c->nslot * 2 : 1024;
	struct etrace_block *s = calloc(n, sizeof(*s));
	if (!s)
		return -1;
	for (size_t i = 0; i < c->nslot; i++) {
		const struct etrace_block *b = &c->slot[i];
		if (!b->count)
			continue;
		size_t k = et_hash(b->start, b->end) & (n - 1);
		while (s[k].count)
			k = (k + 1) & (n - 1);
		s[k] = *b;
	}
	free(c->slot);
	c->slot = s;
	c->nslot = n;
	return 0;
}

static struct etrace_block *et_counts_find(const struct etrace_counts *c, uint64_t start,
					   uint64_t end)
{
	if (!c->nslot)
		return NULL;
	size_t k = et_hash(start, end) & (c->nslot - 1);
	while (c->slot[k].count) {
		if (c->slot[k].start == start && c->slot[k].end == end)
			return &c->slot[k];
		k = (k + 1) & (c->nslot - 1);
	}
	return &c->slot[k];
}

int etrace_counts_add(struct etrace_counts *c, uint64_t start, uint64_t end, uint64_t n)
{
	if (!n)
		return 0;
	if ((c->used + 1) * 2 > c->nslot && et_counts_grow(c))
		return -1;
	struct etrace_block *b = et_counts_find(c, start, end);
	if (!b->count) {
		b->start = start;
		b->end = end;
		c->used++;
	}
	b->count += n;
	return 0;
}

int etrace_counts_equal(const struct etrace_counts *a, const struct etrace_counts *b)
{
	if (a->used != b->used)
		return 0;
	for (size_t i = 0; i < a->nslot; i++) {
		const struct etrace_block *x = &a->slot[i];
		if (!x->count)
			continue;
		const struct etrace_block *y = et_counts_find(b, x->start, x->end);
		if (!y || y->count != x->count)
			return 0;
	}
	return 1;
}

void etrace_counts_free(struct etrace_counts *c)
{
	free(c->slot);
	memset(c, 0, sizeof(*c));
}

/* ---- the implicit-return stack ---------------------------------------------------------- */

/* The return-address stack both ends keep (E-Trace implicit_return): a call (a jump linking
 * x1 or x5) pushes its return address, a return (an indirect jump through x1 or x5 that links
 * neither) pops; when full, a push drops the oldest entry. Cleared at every sync. */
struct et_ras {
	uint64_t *a;
	unsigned size, top, depth;   /* size 0: no implicit returns */
};

static int et_is_link(unsigned r)
{
	return r == 1 || r == 5;
}

static int et_is_call(const struct isa_insn *in)
{
	return in->cls == ISA_CLASS_JUMP && et_is_link(in->rd);
}

static int et_is_return(const struct isa_insn *in)
{
	return in->cls == ISA_CLASS_JUMP && (in->flags & ISA_F_INDIRECT) && et_is_link(in->rs1) &&
	       !et_is_link(in->rd);
}

static void et_ras_push(struct et_ras *s, uint64_t ret)
{
	if (!s->size)
		return;
	s->top = (s->top + 1) & (s->size - 1);
	s->a[s->top] = ret;
	if (s->depth < s->size)
		s->depth++;
}

static uint64_t et_ras_pop(struct et_ras *s)
{
	uint64_t v = s->a[s->top];
	s->top = (s->top - 1) & (s->size - 1);
	s->depth--;
	return v;
}

/* The width of irdepth: return_stack_size_p + 1 (0 without a stack). */
static unsigned et_irdepth_bits(unsigned size)
{
	unsigned b = 0;
	while (size > 1u << b)
		b++;
	return size ? b + 1 : 0;
}

/* ---- packets ---------------------------------------------------------------------------- */

/* The branch-map length of a format 1 packet with n branches (1..31). */
static unsigned et_map_len(unsigned n)
{
	return n <= 1 ? 1 : n <= 9 ? 9 : n <= 17 ? 17 : n <= 25 ? 25 : 31;
}

struct et_bits {
	uint8_t b[ET_MAX_PACKET_BITS / 8];
	unsigned n;
};

static void et_put(struct et_bits *p, uint64_t v, unsigned width)
{
	for (unsigned i = 0; i < width && p->n < ET_MAX_PACKET_BITS; i++, p->n++) {
		if ((v >> i) & 1)
			p->b[p->n / 8] |= (uint8_t)(1u << (p->n % 8));
		else
			p->b[p->n / 8] &= (uint8_t)~(1u << (p->n % 8));
	}
}

static unsigned et_bit(const struct et_bits *p, unsigned i)
{
	return (p->b[i / 8] >> (i % 8)) & 1;
}

/* The 63-bit field of a (differential or absolute) address. */
static uint64_t et_addr_field(uint64_t a)
{
	return (uint64_t)((int64_t)a >> 1) & ((1ull << ET_ADDR_BITS) - 1);
}

struct etrace_enc {
	etrace_fetch_fn fetch;
	void *ctx;
	uint64_t resync;
	uint8_t *buf;
	size_t len, cap;
	int oom, started, finished;
	struct etrace_stats st;
	struct etrace_counts exact;
	uint64_t insns, since_sync;
	uint64_t prev_end, last_addr;
	uint32_t map;
	unsigned nb;
	struct et_ras ras;
};

/* Compresses p (drops the leading bits equal to the last kept one), rounds it to bytes and
 * appends it with its encapsulation header. */
static void et_emit(struct etrace_enc *t, struct et_bits *p, unsigned format, unsigned sub)
{
	unsigned top = et_bit(p, p->n - 1), keep = p->n;
	while (keep > 1 && et_bit(p, keep - 2) == top)
		keep--;
	unsigned bytes = (keep + 7) / 8;
	for (unsigned i = keep; i < bytes * 8; i++) {
		if (top)
			p->b[i / 8] |= (uint8_t)(1u << (i % 8));
		else
			p->b[i / 8] &= (uint8_t)~(1u << (i % 8));
	}
	if (t->len + 1 + bytes > t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 65536;
		uint8_t *nb = realloc(t->buf, cap);
		if (!nb) {
			t->oom = 1;
			return;
		}
		t->buf = nb;
		t->cap = cap;
	}
	t->buf[t->len++] = (uint8_t)bytes;  /* length; flow 0, extend 0 */
	memcpy(t->buf + t->len, p->b, bytes);
	t->len += bytes;
	t->st.packets[format]++;
	if (format == 3)
		t->st.f3_sub[sub]++;
	t->st.bytes += 1 + bytes;
	t->st.payload_bits += p->n;
}

/* notify, updiscon (each equal to the one before: no event, the address's msb first),
 * irreport and irdepth: with ir, irreport differs from updiscon and irdepth is depth (a return
 * that missed the stack, or the depth at the end of a flow); else irreport and irdepth repeat
 * the msb. */
static void et_put_tail(struct et_bits *p, uint64_t field, int ir, unsigned depth,
			unsigned depth_bits)
{
	uint64_t msb = (field >> (ET_ADDR_BITS - 1)) & 1;
	et_put(p, msb, 1);
	et_put(p, msb, 1);
	et_put(p, ir ? !msb : msb, 1);
	et_put(p, ir ? depth : msb ? ~0ull : 0, depth_bits);
}

/* Format 1 (pending branches) or 2: the map so far and the address addr; ir: see
 * et_put_tail. */
static void et_report_ir(struct etrace_enc *t, uint64_t addr, int ir)
{
	struct et_bits p = { .n = 0 };
	uint64_t field = et_addr_field(addr - t->last_addr);
	if (t->nb) {
		et_put(&p, 1, 2);
		et_put(&p, t->nb, 5);
		et_put(&p, t->map, et_map_len(t->nb));
	} else {
		et_put(&p, 2, 2);
	}
	et_put(&p, field, ET_ADDR_BITS);
	et_put_tail(&p, field, ir && t->ras.size, t->ras.depth, et_irdepth_bits(t->ras.size));
	et_emit(t, &p, t->nb ? 1 : 2, 0);
	t->nb = 0;
	t->map = 0;
	t->last_addr = addr;
}

/* The address of the target of an uninferable jump. */
static void et_report(struct etrace_enc *t, uint64_t addr)
{
	et_report_ir(t, addr, 0);
}

/* The address of the last instruction of a flow (before a trap, a resync or the end), with
 * the stack depth there. */
static void et_report_last(struct etrace_enc *t, uint64_t addr)
{
	et_report_ir(t, addr, 1);
}

/* Format 3 subformat sub (0 start, 1 trap) at addr. */
static void et_sync(struct etrace_enc *t, unsigned sub, uint64_t addr, unsigned ecause)
{
	struct et_bits p = { .n = 0 };
	et_put(&p, 3, 2);
	et_put(&p, sub, 2);
	et_put(&p, 1, 1);   /* branch: the instruction at addr is not a taken branch (see doc) */
	et_put(&p, 0, 2);   /* privilege: U */
	if (sub == 1) {
		et_put(&p, ecause, 6);
		et_put(&p, 0, 1);   /* interrupt */
		et_put(&p, 1, 1);   /* thaddr: address is the handler's */
	}
	et_put(&p, et_addr_field(addr), ET_ADDR_BITS);
	if (sub == 1)
		et_put(&p, 0, 64);  /* tval */
	et_emit(t, &p, 3, sub);
	t->last_addr = addr;
	t->since_sync = 0;
	t->ras.depth = 0;
}

static void et_branch(struct etrace_enc *t, unsigned not_taken)
{
	t->map |= (uint32_t)not_taken << t->nb;
	if (++t->nb < 31)
		return;
	struct et_bits p = { .n = 0 };
	et_put(&p, 1, 2);
	et_put(&p, 0, 5);
	et_put(&p, t->map, 31);
	et_emit(t, &p, 1, 0);
	t->nb = 0;
	t->map = 0;
}

struct etrace_enc *etrace_enc_new(etrace_fetch_fn fetch, void *ctx, uint64_t resync_insns,
				  unsigned return_stack)
{
	if (return_stack & (return_stack - 1) || return_stack > ETRACE_MAX_RETURN_STACK)
		return NULL;
	struct etrace_enc *t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->ras.size = return_stack;
	if (return_stack && !(t->ras.a = calloc(return_stack, sizeof(*t->ras.a)))) {
		free(t);
		return NULL;
	}
	t->fetch = fetch;
	t->ctx = ctx;
	t->resync = resync_insns;
	return t;
}

void etrace_enc_block(struct etrace_enc *t, uint64_t start, uint64_t end, uint64_t n)
{
	if (t->finished)
		return;
	if (etrace_counts_add(&t->exact, start, end, 1))
		t->oom = 1;
	t->insns += n;
	if (!t->started) {
		t->started = 1;
		et_sync(t, 0, start, 0);
	} else if (t->resync && t->since_sync >= t->resync) {
		et_report_last(t, t->prev_end);
		et_sync(t, 0, start, 0);
	} else {
		const struct isa_insn *in = t->fetch(t->ctx, t->prev_end);
		uint64_t pc = t->prev_end;
		int explained = 0;
		if (in && in->cls == ISA_CLASS_BRANCH) {
			if (start == pc + (uint64_t)in->imm) {
				et_branch(t, 0);
				explained = 1;
			} else if (start == pc + in->len) {
				et_branch(t, 1);
				explained = 1;
			}
		} else if (in && in->cls == ISA_CLASS_JUMP && (in->flags & ISA_F_INDIRECT)) {
			if (t->ras.size && et_is_return(in) && t->ras.depth) {
				unsigned depth = t->ras.depth;
				if (et_ras_pop(&t->ras) != start) {
					/* missed: report with the depth the decoder pops at */
					t->ras.depth = depth;
					et_report_last(t, start);
					t->ras.depth = depth - 1;
				}
			} else {
				et_report(t, start);
			}
			if (et_is_call(in))
				et_ras_push(&t->ras, pc + in->len);
			explained = 1;
		} else if (in && in->cls == ISA_CLASS_JUMP) {
			explained = start == pc + (uint64_t)in->imm;
			if (explained && et_is_call(in))
				et_ras_push(&t->ras, pc + in->len);
		} else if (in) {
			explained = start == pc + in->len;
		}
		if (!explained) {
			et_report_last(t, pc);
			et_sync(t, 1, start, in && in->cls == ISA_CLASS_SYSTEM ? 8 : 0);
		}
	}
	t->since_sync += n;
	t->prev_end = end;
}

const uint8_t *etrace_enc_finish(struct etrace_enc *t, size_t *len)
{
	if (!t->finished && t->started)
		et_report_last(t, t->prev_end);
	t->finished = 1;
	*len = t->len;
	if (t->oom)
		return NULL;
	return t->buf ? t->buf : (const uint8_t *)"";
}

const struct etrace_stats *etrace_enc_stats(const struct etrace_enc *t)
{
	return &t->st;
}

const struct etrace_counts *etrace_enc_exact(const struct etrace_enc *t)
{
	return &t->exact;
}

uint64_t etrace_enc_insns(const struct etrace_enc *t)
{
	return t->insns;
}

void etrace_enc_free(struct etrace_enc *t)
{
	if (!t)
		return;
	etrace_counts_free(&t->exact);
	free(t->ras.a);
	free(t->buf);
	free(t);
}

/* ---- decoder ---------------------------------------------------------------------------- */

struct et_pkt {
	unsigned format, sub;
	unsigned nb;            /* branches in map */
	uint32_t map;
	int has_addr;
	int ir;                 /* irreport differs from updiscon: irdepth holds a depth */
	unsigned irdepth;
	uint64_t field;         /* the 63-bit address field */
};

/* Reads bits from a compressed payload: past its end, its last bit repeats. */
struct et_reader {
	const uint8_t *p;
	unsigned n, pos;        /* payload bytes, next bit */
};

static uint64_t et_get(struct et_reader *r, unsigned width)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < width; i++, r->pos++) {
		unsigned bit = r->pos < r->n * 8 ? (r->p[r->pos / 8] >> (r->pos % 8)) & 1 :
						      (r->p[r->n - 1] >> 7) & 1;
		v |= (uint64_t)bit << i;
	}
	return v;
}

/* Parses the packet at buf[*off]; advances *off. 0, or -1 with err. */
static int et_parse(const uint8_t *buf, size_t len, size_t *off, unsigned depth_bits,
		    struct et_pkt *k, char *err, size_t errlen)
{
	size_t at = *off;
	unsigned hdr = buf[at], n = hdr & 31;
	if (hdr & 0xe0) {
		snprintf(err, errlen, "byte %zu: packet header 0x%02x has flow or extend bits set", at,
			 hdr);
		return -1;
	}
	if (!n) {
		snprintf(err, errlen, "byte %zu: empty packet", at);
		return -1;
	}
	if (n > len - at - 1) {
		snprintf(err, errlen, "byte %zu: packet of %u bytes runs past the end of the trace",
			 at, n);
		return -1;
	}
	struct et_reader r = { buf + at + 1, n, 0 };
	memset(k, 0, sizeof(*k));
	k->format = (unsigned)et_get(&r, 2);
	if (k->format == 0) {
		snprintf(err, errlen, "byte %zu: format 0 packets are not supported", at);
		return -1;
	}
	if (k->format == 1) {
		k->nb = (unsigned)et_get(&r, 5);
		if (!k->nb) {
			k->nb = 31;
			k->map = (uint32_t)et_get(&r, 31);
		} else {
			k->map = (uint32_t)et_get(&r, et_map_len(k->nb));
			k->map &= k->nb == 32 ? ~0u : (1u << k->nb) - 1;
			k->has_addr = 1;
		}
	} else if (k->format == 2) {
		k->has_addr = 1;
	} else {
		k->sub = (unsigned)et_get(&r, 2);
		if (k->sub > 1) {
			snprintf(err, errlen, "byte %zu: format 3 subformat %u is not supported", at,
				 k->sub);
			return -1;
		}
		et_get(&r, 3);           /* branch, privilege */
		if (k->sub == 1)
			et_get(&r, 8);   /* ecause, interrupt, thaddr */
		k->field = et_get(&r, ET_ADDR_BITS);
		if (k->sub == 1)
			et_get(&r, 64);  /* tval */
	}
	if (k->has_addr) {
		k->field = et_get(&r, ET_ADDR_BITS);
		et_get(&r, 1);           /* notify */
		unsigned updiscon = (unsigned)et_get(&r, 1);
		k->ir = (unsigned)et_get(&r, 1) != updiscon;
		k->irdepth = (unsigned)et_get(&r, depth_bits);
	}
	if (n > (r.pos + 7) / 8) {
		snprintf(err, errlen, "byte %zu: packet of %u bytes longer than its %u bits", at, n,
			 r.pos);
		return -1;
	}
	*off = at + 1 + n;
	return 0;
}

static uint64_t et_sext(uint64_t field)
{
	return (uint64_t)((int64_t)(field << (64 - ET_ADDR_BITS)) >> (64 - ET_ADDR_BITS));
}

struct et_dec {
	etrace_fetch_fn fetch;
	void *ctx;
	struct etrace_dec_result *r;
	char *err;
	size_t errlen;
	enum { ET_UNSYNCED, ET_RUNNING, ET_STOPPED } state;
	uint64_t pc, block_start, last_addr;
	struct et_ras ras;
};

static int et_block(struct et_dec *d, uint64_t end)
{
	if (etrace_counts_add(&d->r->blocks, d->block_start, end, 1)) {
		snprintf(d->err, d->errlen, "out of memory");
		return -1;
	}
	return 0;
}

/* Walks the code along one format 1/2 packet; stop_at: its address ends the flow. */
static int et_walk(struct et_dec *d, const struct et_pkt *k, uint64_t addr, int stop_at)
{
	unsigned used = 0;
	for (uint32_t steps = 0;; steps++) {
		if (steps == ET_MAX_WALK) {
			snprintf(d->err, d->errlen, "no end to the path at 0x%" PRIx64 " after %u "
				 "instructions", d->pc, steps);
			return -1;
		}
		const struct isa_insn *in = d->fetch(d->ctx, d->pc);
		if (!in) {
			snprintf(d->err, d->errlen, "the path reaches 0x%" PRIx64 ", where there is "
				 "no instruction", d->pc);
			return -1;
		}
		int last = used == k->nb;
		if (k->has_addr && stop_at && last && d->pc == addr &&
		    (!k->ir || !d->ras.size || k->irdepth == d->ras.depth)) {
			d->r->insns++;
			d->state = ET_STOPPED;
			return et_block(d, d->pc);
		}
		if (in->cls == ISA_CLASS_BRANCH) {
			if (last) {
				if (k->has_addr)
					goto exhausted;
				return 0;   /* wait here for the next packet's map */
			}
			unsigned not_taken = (k->map >> used++) & 1;
			d->r->insns++;
			if (et_block(d, d->pc))
				return -1;
			d->pc += not_taken ? in->len : (uint64_t)in->imm;
			d->block_start = d->pc;
			/* a full map (no address) says nothing past its last branch: the flow may end
			 * before the next branch (the next packet's address), so stop here */
			if (!k->has_addr && used == k->nb)
				return 0;
		} else if (in->cls == ISA_CLASS_JUMP && (in->flags & ISA_F_INDIRECT)) {
			uint64_t next, ret = d->pc + in->len;
			if (d->ras.size && et_is_return(in) && d->ras.depth) {
				/* predicted, unless this packet reports the miss at this depth */
				int missed = k->has_addr && last && !stop_at && k->ir &&
					     k->irdepth == d->ras.depth;
				next = et_ras_pop(&d->ras);
				if (missed)
					next = addr;
				d->r->insns++;
				if (et_block(d, d->pc))
					return -1;
				if (et_is_call(in))
					et_ras_push(&d->ras, ret);
				d->pc = d->block_start = next;
				if (missed)
					return 0;
				continue;
			}
			if (!k->has_addr)
				return 0;   /* the target comes with the next packet */
			if (!last || stop_at)
				goto exhausted;
			d->r->insns++;
			if (et_block(d, d->pc))
				return -1;
			if (et_is_call(in))
				et_ras_push(&d->ras, ret);
			d->pc = d->block_start = addr;
			return 0;
		} else if (in->cls == ISA_CLASS_JUMP || in->cls == ISA_CLASS_SYSTEM) {
			d->r->insns++;
			if (et_block(d, d->pc))
				return -1;
			if (et_is_call(in))
				et_ras_push(&d->ras, d->pc + in->len);
			d->pc += in->cls == ISA_CLASS_JUMP ? (uint64_t)in->imm : in->len;
			d->block_start = d->pc;
		} else {
			d->r->insns++;
			d->pc += in->len;
		}
	}
exhausted:
	snprintf(d->err, d->errlen, "the packet's branch map (%u of %u used) does not fit the "
		 "path at 0x%" PRIx64, used, k->nb, d->pc);
	return -1;
}

static int et_decode(struct et_dec *dd, const uint8_t *buf, size_t len, unsigned depth_bits)
{
	struct et_dec d = *dd;
	struct etrace_dec_result *r = d.r;
	char *err = d.err;
	size_t errlen = d.errlen;
	struct et_pkt k, next;
	size_t off = 0, after;
	int have_next = 0;
	if (len && et_parse(buf, len, &off, depth_bits, &k, err, errlen))
		return -1;
	while (off <= len && len) {
		have_next = 0;
		after = off;
		if (off < len) {
			if (et_parse(buf, len, &after, depth_bits, &next, err, errlen))
				return -1;
			have_next = 1;
		}
		r->stats.packets[k.format]++;
		if (k.format == 3)
			r->stats.f3_sub[k.sub]++;
		if (k.format == 3) {
			d.pc = d.block_start = d.last_addr = k.field << 1;
			d.state = ET_RUNNING;
			d.ras.depth = 0;
		} else if (d.state == ET_STOPPED) {
			snprintf(err, errlen, "a format %u packet follows the end of a flow without "
				 "a sync", k.format);
			return -1;
		} else if (d.state == ET_RUNNING) {
			uint64_t addr = 0;
			if (k.has_addr) {
				addr = d.last_addr + (et_sext(k.field) << 1);
				d.last_addr = addr;
			}
			int stop_at = !have_next || next.format == 3;
			if (et_walk(&d, &k, addr, stop_at))
				return -1;
			if (k.has_addr && stop_at && d.state != ET_STOPPED) {
				snprintf(err, errlen, "the flow does not end at 0x%" PRIx64, addr);
				return -1;
			}
		}
		if (!have_next)
			break;
		k = next;
		off = after;
	}
	r->stats.bytes = len;
	if (d.state != ET_STOPPED) {
		snprintf(err, errlen, len ? "the trace ends without the address of its last "
			 "instruction" : "empty trace");
		return -1;
	}
	return 0;
}

int etrace_decode(const uint8_t *buf, size_t len, etrace_fetch_fn fetch, void *ctx,
		  unsigned return_stack, struct etrace_dec_result *r, char *err, size_t errlen)
{
	if (return_stack & (return_stack - 1) || return_stack > ETRACE_MAX_RETURN_STACK) {
		snprintf(err, errlen, "return stack size %u is not a power of two up to %u",
			 return_stack, ETRACE_MAX_RETURN_STACK);
		return -1;
	}
	struct et_dec d = { fetch, ctx, r, err, errlen, ET_UNSYNCED, 0, 0, 0, { NULL, 0, 0, 0 } };
	d.ras.size = return_stack;
	if (return_stack && !(d.ras.a = calloc(return_stack, sizeof(*d.ras.a)))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	int rc = et_decode(&d, buf, len, et_irdepth_bits(return_stack));
	free(d.ras.a);
	return rc;
}
