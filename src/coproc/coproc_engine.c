/*
 * coproc_engine.c — the co-processor's microcode engine (§3.3-3.4): one 48-bit word per
 * cycle in a two-stage (fetch/decode, execute) pipeline. A word reads its operands, runs its
 * ALU operation (saturating, with an LFSR), its memory operation (CAM match/write/invalidate,
 * data-array load/store/read-modify-write), its index increment, and resolves its branch
 * slot; each word's 2-bit predictor guessed the branch in fetch, and a wrong guess costs the
 * one cycle of the refetched word. `done` consumes the head sample and starts the next one's
 * routine from the opcode-class start table; `interrupt` halts for the host.
 */
#include "coproc/coproc.h"

#include <string.h>

uint64_t coproc_data_get(const struct coproc_engine *e, uint32_t base, uint32_t idx,
			 unsigned size)
{
	/* aligned as the engine aligns: data_bytes is a power of two >= 64, so in bounds */
	uint32_t a = (base + idx * size) & (e->data_bytes - 1) & ~(uint32_t)(size - 1);
	uint64_t v = 0;
	memcpy(&v, e->data + a, size);
	return v;
}

static uint64_t engine_read(const struct coproc_engine *e, const struct coproc_sample *s,
			    unsigned op)
{
	if (op < COPROC_OP_I0)
		return e->v[op];
	if (op < COPROC_OP_C0)
		return e->i[op - COPROC_OP_I0];
	if (op < COPROC_OP_F0)
		return e->c[op - COPROC_OP_C0];
	if (op < COPROC_OP_F0 + COPROC_F_COUNT)
		return s->f[op - COPROC_OP_F0];
	return 0;
}

static void engine_write(struct coproc_engine *e, unsigned op, uint64_t v)
{
	if (op < COPROC_OP_I0)
		e->v[op] = v;
	else if (op < COPROC_OP_C0)
		e->i[op - COPROC_OP_I0] = v & e->imask;
}

static uint64_t engine_width_max(const struct coproc_engine *e, unsigned dst)
{
	return dst < COPROC_OP_I0 ? UINT64_MAX : e->imask;
}

struct engine_flags {
	int z, sat, lt, eq, hit, msat;
};

static void engine_alu(struct coproc_engine *e, uint64_t w, uint64_t a, uint64_t b,
		       struct engine_flags *fl)
{
	unsigned op = COPROC_W_ALU(w), d = COPROC_W_ALU_D(w);
	unsigned n = COPROC_W_ALU_B(w);          /* shift amount: the b field */
	uint64_t max = engine_width_max(e, d), r = 0;
	int sat = 0;
	switch (op) {
	case COPROC_ALU_NOP:
		return;
	case COPROC_ALU_MOV:
		r = a;
		break;
	case COPROC_ALU_ADD:
		r = a + b;
		if (r < a || r > max) {
			r = max;
			sat = 1;
		}
		break;
	case COPROC_ALU_SUB:
		if (b > a) {
			r = 0;
			sat = 1;
		} else {
			r = a - b;
		}
		break;
	case COPROC_ALU_ADDW:
		r = (a + b) & max;
		break;
	case COPROC_ALU_AND:
		r = a & b;
		break;
	case COPROC_ALU_OR:
		r = a | b;
		break;
	case COPROC_ALU_XOR:
		r = a ^ b;
		break;
	case COPROC_ALU_SHL:
		r = a << n;
		if ((r >> n) != a || r > max) {
			r = max;
			sat = 1;
		}
		break;
	case COPROC_ALU_SHR:
		r = a >> n;
		break;
	case COPROC_ALU_INC:
		if (a >= b || a + 1 >= b) {
			r = b;
			sat = 1;
		} else {
			r = a + 1;
		}
		if (r > max) {
			r = max;
			sat = 1;
		}
		break;
	case COPROC_ALU_DEC:
		if (!a)
			sat = 1;
		else
			r = a - 1;
		break;
	case COPROC_ALU_RAND: {
		/* 16-bit Galois LFSR, taps 16 14 13 11 (maximal length) */
		uint16_t l = e->lfsr;
		l = (uint16_t)((l >> 1) ^ (-(l & 1u) & 0xb400u));
		e->lfsr = l;
		r = l & b;
		break;
	}
	case COPROC_ALU_CMP:
		r = a - b;
		break;
	default:
		break;
	}
	fl->z = r == 0;
	fl->sat = sat;
	fl->lt = a < b;
	fl->eq = a == b;
	if (op != COPROC_ALU_CMP)
		engine_write(e, d, r);
}

static uint32_t engine_bucket(const struct coproc_engine *e, uint32_t key)
{
	return (uint32_t)((key * 0x9e3779b1u) >> 8) & (2 * e->cam_entries - 1);
}

static void engine_cam_unlink(struct coproc_engine *e, uint32_t ent)
{
	if (!e->cam_linked[ent])
		return;
	uint16_t *p = &e->cam_bucket[engine_bucket(e, e->cam_key[ent])];
	while (*p != COPROC_CAM_END && *p != ent)
		p = &e->cam_next[*p];
	if (*p == ent)
		*p = e->cam_next[ent];
	e->cam_linked[ent] = 0;
}

static void engine_mem(struct coproc_engine *e, uint64_t w, uint64_t rv,
		       struct engine_flags *fl)
{
	unsigned op = COPROC_W_MEM(w), r = COPROC_W_MEM_R(w);
	unsigned ix = COPROC_W_MEM_IDX(w);
	uint64_t idx = e->i[ix];
	static const uint8_t size[COPROC_MEM_COUNT] = {
		[COPROC_MEM_LDB] = 1, [COPROC_MEM_LDH] = 2, [COPROC_MEM_LDW] = 4,
		[COPROC_MEM_LDD] = 8, [COPROC_MEM_STB] = 1, [COPROC_MEM_STH] = 2,
		[COPROC_MEM_STW] = 4, [COPROC_MEM_STD] = 8, [COPROC_MEM_INCB] = 1,
		[COPROC_MEM_INCH] = 2,
	};
	uint32_t ent = (uint32_t)idx & (e->cam_entries - 1);
	switch (op) {
	case COPROC_MEM_NONE:
		return;
	case COPROC_MEM_CMATCH: {
		/* one cycle in hardware; the simulator finds the match through a hash chain */
		uint32_t key = (uint32_t)rv;
		for (uint16_t k = e->cam_bucket[engine_bucket(e, key)]; k != COPROC_CAM_END;
		     k = e->cam_next[k])
			if (e->cam_valid[k] && e->cam_key[k] == key) {
				fl->hit = 1;
				e->i[ix] = k & e->imask;
				break;
			}
		return;
	}
	case COPROC_MEM_CWRITE:
		engine_cam_unlink(e, ent);
		e->cam_key[ent] = (uint32_t)rv;
		e->cam_valid[ent] = 1;
		uint32_t bk = engine_bucket(e, (uint32_t)rv);
		e->cam_next[ent] = e->cam_bucket[bk];
		e->cam_bucket[bk] = (uint16_t)ent;
		e->cam_linked[ent] = 1;
		return;
	case COPROC_MEM_CINVAL:
		e->cam_valid[ent] = 0;
		return;
	case COPROC_MEM_CCLEAR:
		memset(e->cam_valid, 0, e->cam_entries);
		return;
	case COPROC_MEM_DCLEAR:
		memset(e->data, 0, e->data_bytes);
		return;
	default:
		break;
	}
	unsigned sz = size[op];
	uint32_t a = (uint32_t)(e->b[COPROC_W_MEM_BASE(w)] + idx * sz) & (e->data_bytes - 1);
	a &= ~(uint32_t)(sz - 1);
	uint64_t v = 0;
	if (op >= COPROC_MEM_STB && op <= COPROC_MEM_STD) {
		memcpy(e->data + a, &rv, sz);
		return;
	}
	memcpy(&v, e->data + a, sz);
	if (op == COPROC_MEM_INCB || op == COPROC_MEM_INCH) {
		uint64_t max = sz == 1 ? 0xff : 0xffff;
		if (v >= max)
			fl->msat = 1;
		else if (++v == max)
			fl->msat = 1;
		memcpy(e->data + a, &v, sz);
	}
	engine_write(e, r, v);
}

static int engine_cond(unsigned cond, const struct engine_flags *f)
{
	switch (cond) {
	case COPROC_BR_ALWAYS: return 1;
	case COPROC_BR_Z: return f->z;
	case COPROC_BR_NZ: return !f->z;
	case COPROC_BR_SAT: return f->sat;
	case COPROC_BR_NSAT: return !f->sat;
	case COPROC_BR_LT: return f->lt;
	case COPROC_BR_GE: return !f->lt;
	case COPROC_BR_EQ: return f->eq;
	case COPROC_BR_NE: return !f->eq;
	case COPROC_BR_HIT: return f->hit;
	case COPROC_BR_MISS: return !f->hit;
	case COPROC_BR_MSAT: return f->msat;
	case COPROC_BR_NMSAT: return !f->msat;
	default: return 0;
	}
}

/* Start the routine of the head sample, if any. */
static void engine_begin(struct coproc *cp)
{
	struct coproc_engine *e = &cp->eng;
	if (!cp->buf.n) {
		e->busy = 0;
		return;
	}
	const struct coproc_sample *s = &cp->buf.q[cp->buf.head];
	e->upc = (unsigned)e->start[s->cls];
	e->busy = 1;
	cp->sample_start = e->cycles;
}

static void engine_done(struct coproc *cp)
{
	struct coproc_buffer *b = &cp->buf;
	uint64_t took = cp->eng.cycles - cp->sample_start;
	if (took > cp->st.max_cycles_per_sample)
		cp->st.max_cycles_per_sample = took;
	b->head = b->head + 1 == b->cap ? 0 : b->head + 1;
	b->n--;
	cp->st.processed++;
	engine_begin(cp);
}

uint64_t coproc_engine_run(struct coproc *cp, uint64_t cycles)
{
	struct coproc_engine *e = &cp->eng;
	while (cycles) {
		if (e->halted || e->fault)
			return cycles;
		if (!e->busy) {
			engine_begin(cp);
			if (!e->busy) {
				e->idle_cycles += cycles;
				return cycles;
			}
		}
		if (e->upc >= e->n_words) {
			e->fault = 1;
			return cycles;
		}
		const struct coproc_sample *s = &cp->buf.q[cp->buf.head];
		uint64_t w = e->words[e->upc];
		uint64_t a = engine_read(e, s, COPROC_W_ALU_A(w));
		uint64_t b = engine_read(e, s, COPROC_W_ALU_B(w));
		uint64_t rv = engine_read(e, s, COPROC_W_MEM_R(w));
		struct engine_flags fl = { 0 };
		engine_alu(e, w, a, b, &fl);
		engine_mem(e, w, rv, &fl);
		if (COPROC_W_NEXT_EN(w)) {
			unsigned k = COPROC_W_NEXT_I(w);
			e->i[k] = (e->i[k] + 1) & e->imask;
		}
		e->words_run++;
		e->cycles++;
		cycles--;
		unsigned cond = COPROC_W_COND(w);
		unsigned here = e->upc;
		e->upc = here + 1;
		if (cond == COPROC_BR_NEVER)
			continue;
		int taken = engine_cond(cond, &fl);
		int guess = e->pred[here] >= 2;
		if (taken && e->pred[here] < 3)
			e->pred[here]++;
		else if (!taken && e->pred[here] > 0)
			e->pred[here]--;
		if (taken != guess) {
			/* the word fetched behind the branch is discarded: one bubble */
			e->mispredicts++;
			e->cycles++;
			if (cycles)
				cycles--;
		}
		if (!taken)
			continue;
		unsigned tgt = COPROC_W_TGT(w);
		switch (tgt & 0x30) {
		case COPROC_TGT_REL:
			e->upc = (unsigned)((int)here + (((int)(tgt & 0xf) ^ 8) - 8));
			break;
		case COPROC_TGT_REG:
			e->upc = e->t[tgt & 3];
			break;
		case COPROC_TGT_DONE:
			engine_done(cp);
			break;
		default:
			/* the sample is consumed too: the host restarts with the next one */
			engine_done(cp);
			e->halted = 1;
			return cycles;
		}
	}
	return 0;
}
