/*
 * bpred.c — TAGE-style direction prediction, BTB and RAS (see bpred.h). The tagged tables use
 * history lengths in a geometric series between tage_hist_min and tage_hist_max; indices and
 * tags hash the PC with each table's history length (multiplicative hashing in place of
 * Seznec's folded-history registers); the provider is the longest matching
 * table, falling back to the next match (or the bimodal base) while its entry is newly
 * allocated; mispredictions allocate in a longer table with a free useful counter.
 */
#include "core/bpred.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A table's history bits (h & its hist_mask), hashed: a multiply spreads every bit over the
 * high half; TAGE's folded XOR registers do the same job incrementally in hardware. */
static inline uint64_t bpred_hist_hash(uint64_t masked, uint32_t table)
{
	return (masked + table) * 0x9e3779b97f4a7c15ull;
}

int bpred_init(struct bpred *b, const struct core_config *cfg)
{
	memset(b, 0, sizeof(*b));
	b->cfg = cfg;
	b->bim_mask = (1u << cfg->bimodal_index_bits) - 1;
	b->bimodal = malloc((size_t)b->bim_mask + 1);
	if (!b->bimodal)
		goto nomem;
	memset(b->bimodal, 1, (size_t)b->bim_mask + 1); /* weakly not-taken */
	if (cfg->bp == CONFIG_BP_TAGE) {
		b->ntables = cfg->tage_tables;
		b->idx_bits = cfg->tage_index_bits;
		b->tag_bits = cfg->tage_tag_bits;
		for (uint32_t i = 0; i < b->ntables; i++) {
			double f = b->ntables > 1 ? (double)i / (b->ntables - 1) : 1.0;
			double len = cfg->tage_hist_min *
			             pow((double)cfg->tage_hist_max / cfg->tage_hist_min, f);
			uint32_t hl = (uint32_t)(len + 0.5);
			b->hist_mask[i] = hl < 64 ? (1ull << hl) - 1 : ~0ull;
			size_t n = (size_t)1 << b->idx_bits;
			b->tage[i] = calloc(n, sizeof(*b->tage[i]));
			if (!b->tage[i])
				goto nomem;
		}
	}
	b->btb_ways = cfg->btb_ways;
	b->btb_sets = cfg->btb_entries / cfg->btb_ways;
	b->btb_pc = calloc(cfg->btb_entries, sizeof(uint64_t));
	b->btb_target = calloc(cfg->btb_entries, sizeof(uint64_t));
	b->btb_lru = calloc(cfg->btb_entries, sizeof(uint64_t));
	b->ras_n = cfg->ras_entries;
	b->ras_mask = (b->ras_n & (b->ras_n - 1)) == 0 ? b->ras_n - 1 : 0;
	b->ras = calloc(b->ras_n, sizeof(uint64_t));
	if (!b->btb_pc || !b->btb_target || !b->btb_lru || !b->ras)
		goto nomem;
	if (cfg->ubtb_entries) {
		b->ub_banks = cfg->fetch_bytes > 8 ? 2 : 1;  /* riscv-boom: two banks above 8 bytes */
		uint32_t bank_bytes = cfg->fetch_bytes / b->ub_banks;
		b->ub_slots = bank_bytes >= 2 ? bank_bytes / 2 : 1;
		b->ub_bank_shift = (uint32_t)__builtin_ctz(bank_bytes);
		b->ub_ways = cfg->ubtb_entries;
		size_t n = (size_t)b->ub_banks * b->ub_ways * b->ub_slots;
		b->ub_tag = calloc(n, sizeof(uint64_t));
		b->ub_target = calloc(n, sizeof(uint64_t));
		b->ub_state = calloc(n, 1);
		if (!b->ub_tag || !b->ub_target || !b->ub_state)
			goto nomem;
		b->ub_rand = 0x6b43a9b5;
	}
	b->alloc_rand = 0x2545f491;
	return 0;
nomem:
	bpred_fini(b);
	return -ENOMEM;
}

void bpred_fini(struct bpred *b)
{
	free(b->bimodal);
	for (uint32_t i = 0; i < BPRED_MAX_TABLES; i++) {
		free(b->tage[i]);
		b->tage[i] = NULL;
	}
	free(b->btb_pc);
	free(b->btb_target);
	free(b->btb_lru);
	free(b->ras);
	free(b->ub_tag);
	free(b->ub_target);
	free(b->ub_state);
	b->bimodal = NULL;
	b->btb_pc = b->btb_target = b->btb_lru = b->ras = NULL;
	b->ub_tag = b->ub_target = NULL;
	b->ub_state = NULL;
}

/* The provider (the longest history's hit), the alternate (the next one's) and the
 * prediction, from the tables' hits (bit t: table t's entry at l->idx[t] has tag l->tag[t]). */
static inline __attribute__((always_inline))
void bpred_choose(const struct bpred *b, uint64_t pc, uint32_t hits, struct bpred_lookup *l)
{
	int bim = b->bimodal[(pc >> 1) & b->bim_mask] >= 2;
	const uint32_t *idx = l->idx;
	int provider = hits ? 31 - __builtin_clz(hits) : -1;
	hits &= ~(1u << (provider & 31));
	int alt = provider >= 0 && hits ? 31 - __builtin_clz(hits) : -1;
	int altpred = alt >= 0 ? b->tage[alt][idx[alt]].ctr >= 0 : bim;
	l->provider = provider;
	l->alt = alt;
	l->altpred = altpred;
	if (provider < 0) {
		l->pred = bim;
		return;
	}
	const struct bpred_tage_entry *pe = &b->tage[provider][idx[provider]];
	int8_t c = pe->ctr;
	int weak = c == 0 || c == -1;
	if (weak && pe->useful == 0)
		l->pred = altpred;
	else
		l->pred = c >= 0;
}

/* The look-up of the branch at pc with history h (prediction at fetch; training when no
 * prediction left its keys). A table's index is the hash's bits 40.. XOR the PC's bits 1..
 * and 1 + idx_bits.., its tag the hash's bits 16.. XOR the PC's bits 1.. and 9..; the PC's
 * part of each is the same for every table. */
static inline __attribute__((always_inline))
void bpred_lookup_n(const struct bpred *b, uint64_t pc, uint64_t h, struct bpred_lookup *l,
                    const uint32_t n)
{
	const uint32_t ib = b->idx_bits;
	const uint64_t pc_idx = (pc >> 1) ^ (pc >> (1 + ib)), pc_tag = (pc >> 1) ^ (pc >> 9);
	const uint32_t idx_mask = (1u << ib) - 1, tag_mask = (1u << b->tag_bits) - 1;
	uint32_t hits = 0;
	/* each table's entry read as its index is known: the reads are independent, so the
	 * host overlaps their cache misses (unrolled when n is a constant) */
#pragma GCC unroll 8
	for (uint32_t t = 0; t < n; t++) {
		uint64_t hh = bpred_hist_hash(h & b->hist_mask[t], t);
		uint32_t i = (uint32_t)(((hh >> 40) ^ pc_idx) & idx_mask);
		uint16_t g = (uint16_t)(((hh >> 16) ^ pc_tag) & tag_mask);
		l->idx[t] = i;
		l->tag[t] = g;
		hits |= (uint32_t)(b->tage[t][i].tag == g) << t;
	}
	bpred_choose(b, pc, hits, l);
}

/* bpred_lookup_n with the presets' table counts known to the compiler (the loop unrolled). */
static inline __attribute__((always_inline))
void bpred_lookup(const struct bpred *b, uint64_t pc, uint64_t h, struct bpred_lookup *l)
{
	if (b->ntables == 6)
		bpred_lookup_n(b, pc, h, l, 6);
	else if (b->ntables == 4)
		bpred_lookup_n(b, pc, h, l, 4);
	else
		bpred_lookup_n(b, pc, h, l, b->ntables);
}

/* The look-up again from the keys a prediction left in its checkpoint. */
static void bpred_lookup_keys(const struct bpred *b, uint64_t pc, const struct bpred_ckpt *ck,
                              struct bpred_lookup *l)
{
	uint32_t hits = 0;
	memcpy(l->idx, ck->idx, sizeof(l->idx));
	memcpy(l->tag, ck->tag, sizeof(l->tag));
	for (uint32_t t = 0; t < b->ntables; t++)
		hits |= (uint32_t)(b->tage[t][l->idx[t]].tag == l->tag[t]) << t;
	bpred_choose(b, pc, hits, l);
}

static int bpred_direction(struct bpred *b, uint64_t pc, struct bpred_ckpt *ck)
{
	switch (b->cfg->bp) {
	case CONFIG_BP_STATIC:
		return 0;
	case CONFIG_BP_BIMODAL:
		return b->bimodal[(pc >> 1) & b->bim_mask] >= 2;
	default:
		bpred_lookup(b, pc, b->ghist, &b->memo);
		b->memo_pc = pc;
		b->memo_h = b->ghist;
		b->memo_ok = 1;
		ck->keys_pc = pc + 1;
		memcpy(ck->idx, b->memo.idx, sizeof(ck->idx));
		memcpy(ck->tag, b->memo.tag, sizeof(ck->tag));
		return b->memo.pred;
	}
}

static int64_t bpred_btb_find(struct bpred *b, uint64_t pc)
{
	uint64_t base = ((pc >> 1) & (b->btb_sets - 1)) * b->btb_ways;
	for (uint32_t w = 0; w < b->btb_ways; w++)
		if (b->btb_pc[base + w] == pc + 1) {
			b->btb_lru[base + w] = ++b->btb_stamp;
			return (int64_t)(base + w);
		}
	return -1;
}

/* The BTB's target for pc without touching its replacement state (0: none). */
static uint64_t bpred_btb_peek(const struct bpred *b, uint64_t pc)
{
	uint64_t base = ((pc >> 1) & (b->btb_sets - 1)) * b->btb_ways;
	for (uint32_t w = 0; w < b->btb_ways; w++)
		if (b->btb_pc[base + w] == pc + 1)
			return b->btb_target[base + w];
	return 0;
}

/* The micro-BTB's slot for pc: the first way of pc's bank whose slot holds pc's block, else
 * -1; *base and *slot say where pc's slots lie. */
static int64_t bpred_ubtb_find(const struct bpred *b, uint64_t pc, size_t *base, uint32_t *slot)
{
	uint64_t blk = pc >> b->ub_bank_shift;
	*base = (size_t)(blk & (b->ub_banks - 1)) * b->ub_ways * b->ub_slots;
	*slot = (uint32_t)(pc >> 1) & (b->ub_slots - 1);
	for (uint32_t w = 0; w < b->ub_ways; w++) {
		size_t i = *base + (size_t)w * b->ub_slots + *slot;
		if (b->ub_tag[i] == blk + 1)
			return (int64_t)i;
	}
	return -1;
}

/* Train the micro-BTB at commit, as riscv-boom's does for every conditional branch of a
 * committed fetch block and its taken transfer: a slot that held the transfer moves its 2-bit
 * counter; otherwise the transfer gets the way its block already has in another slot, else a
 * pseudo-random way (riscv-boom hashes the tags; robin draws from a generator), its counter
 * set to the outcome's extreme. A taken transfer writes its target. */
static void bpred_ubtb_train(struct bpred *b, uint64_t pc, int cond, int taken, uint64_t target)
{
	size_t base;
	uint32_t slot;
	uint64_t blk = pc >> b->ub_bank_shift;
	int64_t i = bpred_ubtb_find(b, pc, &base, &slot);
	uint8_t *st;
	if (i >= 0) {
		st = &b->ub_state[i];
		uint8_t ctr = *st & 3;
		if (taken && ctr < 3)
			ctr++;
		else if (!taken && ctr > 0)
			ctr--;
		*st = (uint8_t)((cond ? 4 : 0) | ctr);
	} else {
		uint32_t way = b->ub_ways;
		for (uint32_t w = 0; w < b->ub_ways && way == b->ub_ways; w++)
			for (uint32_t s = 0; s < b->ub_slots; s++)
				if (b->ub_tag[base + (size_t)w * b->ub_slots + s] == blk + 1) {
					way = w;
					break;
				}
		if (way == b->ub_ways) {
			b->ub_rand = b->ub_rand * 1664525u + 1013904223u;
			way = (b->ub_rand >> 8) % b->ub_ways;
		}
		i = (int64_t)(base + (size_t)way * b->ub_slots + slot);
		b->ub_tag[i] = blk + 1;
		st = &b->ub_state[i];
		*st = (uint8_t)((cond ? 4 : 0) | (taken ? 3 : 0));
	}
	if (taken)
		b->ub_target[i] = target;
}

unsigned bpred_override_stage(struct bpred *b, uint64_t pc, const struct isa_insn *in,
                              uint64_t pred)
{
	uint64_t fall = pc + in->len;
	size_t base;
	uint32_t slot;
	int64_t u = bpred_ubtb_find(b, pc, &base, &slot);
	uint64_t f1 = fall, ub_target = 0;
	if (u >= 0) {
		ub_target = b->ub_target[u];
		if (!(b->ub_state[u] & 4) || (b->ub_state[u] & 3) >= 2)
			f1 = ub_target;
	}
	/* the second stage: the BTB's target (else the micro-BTB's), taken when a jump or when
	 * the bimodal counter says so */
	uint64_t t = bpred_btb_peek(b, pc);
	if (!t)
		t = ub_target;
	int taken = !(in->flags & ISA_F_COND) || b->bimodal[(pc >> 1) & b->bim_mask] >= 2;
	uint64_t f2 = taken && t ? t : fall;
	if (f2 != pred)
		return 3;
	return f1 != pred ? 2 : 1;
}

/* The BTB's entry for pc gets target: s is pc's slot when a look-up just found (and touched)
 * it, as a second look-up would (one more touch would move the stamps, not their order);
 * else -1: found or allocated here. */
static void bpred_btb_set(struct bpred *b, int64_t s, uint64_t pc, uint64_t target)
{
	if (s < 0)
		s = bpred_btb_find(b, pc);
	if (s < 0) {
		uint64_t base = ((pc >> 1) & (b->btb_sets - 1)) * b->btb_ways;
		s = (int64_t)base;
		for (uint32_t w = 0; w < b->btb_ways; w++) {
			if (!b->btb_pc[base + w]) {
				s = (int64_t)(base + w);
				break;
			}
			if (b->btb_lru[base + w] < b->btb_lru[s])
				s = (int64_t)(base + w);
		}
		b->btb_pc[s] = pc + 1;
		b->btb_lru[s] = ++b->btb_stamp;
	}
	b->btb_target[s] = target;
}

/* The RAS slot of stack position t (a mask in place of the division when it can). */
static inline uint32_t bpred_ras_slot(const struct bpred *b, uint32_t t)
{
	return b->ras_mask ? t & b->ras_mask : t % b->ras_n;
}

static void bpred_ras_push(struct bpred *b, uint64_t ret)
{
	b->ras[bpred_ras_slot(b, b->ras_top)] = ret;
	b->ras_top++;
}

static uint64_t bpred_ras_pop(struct bpred *b)
{
	b->ras_top--;
	return b->ras[bpred_ras_slot(b, b->ras_top)];
}

uint64_t bpred_predict(struct bpred *b, uint64_t pc, const struct isa_insn *in,
                       struct bpred_ckpt *ck, uint8_t *btb_miss)
{
	ck->ghist = b->ghist;
	ck->ras_top = b->ras_top;
	ck->ras_top_value = b->ras[bpred_ras_slot(b, b->ras_top - 1)];
	ck->keys_pc = 0;
	uint64_t fall = pc + in->len;
	*btb_miss = 0;
	if (in->flags & ISA_F_COND) {
		int taken = bpred_direction(b, pc, ck);
		b->ghist = (b->ghist << 1) | (uint64_t)taken;
		if (!taken)
			return fall;
		if (bpred_btb_find(b, pc) < 0)
			*btb_miss = 1;
		return pc + (uint64_t)in->imm;
	}
	if (!(in->flags & ISA_F_INDIRECT)) {  /* jal */
		if (bpred_btb_find(b, pc) < 0)
			*btb_miss = 1;
		if (in->flags & ISA_F_CALL)
			bpred_ras_push(b, fall);
		return pc + (uint64_t)in->imm;
	}
	uint64_t target;
	if (in->flags & ISA_F_RET) {
		target = bpred_ras_pop(b);
	} else {
		int64_t s = bpred_btb_find(b, pc);
		if (s >= 0) {
			target = b->btb_target[s];
		} else {
			*btb_miss = 1;
			target = fall;
		}
	}
	if (in->flags & ISA_F_CALL)
		bpred_ras_push(b, fall);
	return target;
}

void bpred_restore(struct bpred *b, uint64_t pc, const struct isa_insn *in,
                   const struct bpred_ckpt *ck, int resolved, int taken)
{
	b->ghist = ck->ghist;
	b->ras_top = ck->ras_top;
	b->ras[bpred_ras_slot(b, b->ras_top - 1)] = ck->ras_top_value;
	if (!resolved)
		return;
	if (in->flags & ISA_F_COND) {
		b->ghist = (b->ghist << 1) | (uint64_t)(taken != 0);
		return;
	}
	if (in->flags & ISA_F_RET)
		(void)bpred_ras_pop(b);
	if (in->flags & ISA_F_CALL)
		bpred_ras_push(b, pc + in->len);
}

/* A bimodal 2-bit counter toward the outcome. */
static inline void bpred_bim_train(uint8_t *bim, int taken)
{
	if (taken && *bim < 3)
		(*bim)++;
	else if (!taken && *bim > 0)
		(*bim)--;
}

static void bpred_sat(int8_t *c, int up, int lo, int hi)
{
	if (up && *c < hi)
		(*c)++;
	else if (!up && *c > lo)
		(*c)--;
}

/* Train the tables with the outcome of the branch at pc whose look-up was l. */
static inline __attribute__((always_inline))
void bpred_train_lookup(struct bpred *b, uint64_t pc, const struct bpred_lookup *l, int taken)
{
	b->memo_ok = 0;  /* the tables change below (b->memo is not one of them) */
	uint8_t *bim = &b->bimodal[(pc >> 1) & b->bim_mask];
	if (l->provider >= 0) {
		b->st.tage_provider_hits++;
		uint32_t i = l->idx[l->provider];
		int8_t *c = &b->tage[l->provider][i].ctr;
		int provpred = *c >= 0;
		if (provpred != l->altpred) {
			uint8_t *u = &b->tage[l->provider][i].useful;
			if (provpred == taken && *u < 3)
				(*u)++;
			else if (provpred != taken && *u > 0)
				(*u)--;
		}
		bpred_sat(c, taken, -4, 3);
		if (l->alt < 0 || b->cfg->bimodal_train_all)
			bpred_bim_train(bim, taken);
	} else {
		bpred_bim_train(bim, taken);
	}
	if (l->pred != taken && l->provider < (int)b->ntables - 1) {
		/* allocate in a longer table, starting one or two above the provider */
		b->alloc_rand = b->alloc_rand * 1103515245u + 12345u;
		uint32_t start = (uint32_t)(l->provider + 1) + ((b->alloc_rand >> 16) & 1);
		if (start >= b->ntables)
			start = (uint32_t)(l->provider + 1);
		int done = 0;
		for (uint32_t t = start; t < b->ntables && !done; t++) {
			if (b->tage[t][l->idx[t]].useful == 0) {
				b->tage[t][l->idx[t]].tag = l->tag[t];
				b->tage[t][l->idx[t]].ctr = taken ? 0 : -1;
				done = 1;
			}
		}
		if (!done)
			for (uint32_t t = (uint32_t)(l->provider + 1); t < b->ntables; t++)
				if (b->tage[t][l->idx[t]].useful > 0)
					b->tage[t][l->idx[t]].useful--;
	}
	if ((++b->updates & ((1u << 18) - 1)) == 0)
		for (uint32_t t = 0; t < b->ntables; t++)
			for (size_t i = 0; i < ((size_t)1 << b->idx_bits); i++)
				b->tage[t][i].useful >>= 1;
}

static void bpred_train_tage(struct bpred *b, uint64_t pc, uint64_t h,
                             const struct bpred_ckpt *ck, int taken)
{
	struct bpred_lookup fresh;
	const struct bpred_lookup *l = &b->memo;
	if (!b->memo_ok || b->memo_pc != pc || b->memo_h != h) {
		if (ck && ck->keys_pc == pc + 1 && ck->ghist == h)
			bpred_lookup_keys(b, pc, ck, &fresh);
		else
			bpred_lookup(b, pc, h, &fresh);
		l = &fresh;
	}
	bpred_train_lookup(b, pc, l, taken);
}

void bpred_update(struct bpred *b, uint64_t pc, const struct isa_insn *in, uint64_t ghist,
                  const struct bpred_ckpt *ck, int taken, uint64_t target, int mispredicted)
{
	if (in->flags & ISA_F_COND) {
		b->st.cond++;
		b->st.cond_miss += mispredicted != 0;
		if (b->cfg->bp == CONFIG_BP_TAGE) {
			bpred_train_tage(b, pc, ghist, ck, taken);
		} else if (b->cfg->bp == CONFIG_BP_BIMODAL) {
			bpred_bim_train(&b->bimodal[(pc >> 1) & b->bim_mask], taken);
		}
	} else {
		b->st.jumps++;
		b->st.jump_miss += mispredicted != 0;
	}
	if (taken && !(in->flags & ISA_F_RET))
		bpred_btb_set(b, -1, pc, target);
	if (b->ub_ways && ((in->flags & ISA_F_COND) || taken))
		bpred_ubtb_train(b, pc, (in->flags & ISA_F_COND) != 0, taken, target);
}

void bpred_warm(struct bpred *b, uint64_t pc, const struct isa_insn *in, uint64_t next_pc)
{
	const uint64_t fall = pc + in->len;
	const int taken = next_pc != fall;
	uint64_t pred;
	int64_t s = -1;  /* pc's BTB slot, when the prediction's look-up found it */
	if (in->flags & ISA_F_COND) {
		/* the look-up bpred_direction makes, kept here instead of in the memo and a checkpoint */
		struct bpred_lookup l;
		int dir;
		const uint64_t h = b->ghist;
		if (b->cfg->bp == CONFIG_BP_TAGE) {
			bpred_lookup(b, pc, h, &l);
			dir = l.pred;
		} else {
			dir = b->cfg->bp == CONFIG_BP_BIMODAL && b->bimodal[(pc >> 1) & b->bim_mask] >= 2;
		}
		if (dir)
			s = bpred_btb_find(b, pc);  /* the prediction's look-up touches the entry */
		pred = dir ? pc + (uint64_t)in->imm : fall;
		/* the history as the prediction, and a restore after a misprediction, leave it */
		b->ghist = (h << 1) | (uint64_t)taken;
		b->st.cond++;
		b->st.cond_miss += pred != next_pc;
		if (b->cfg->bp == CONFIG_BP_TAGE) {
			bpred_train_lookup(b, pc, &l, taken);
		} else if (b->cfg->bp == CONFIG_BP_BIMODAL) {
			bpred_bim_train(&b->bimodal[(pc >> 1) & b->bim_mask], taken);
		}
	} else {
		/* the RAS as bpred_predict leaves it: a restore after a misprediction undoes and
		 * redoes the same pop and push */
		if (!(in->flags & ISA_F_INDIRECT)) {
			s = bpred_btb_find(b, pc);
			pred = pc + (uint64_t)in->imm;
		} else if (in->flags & ISA_F_RET) {
			pred = bpred_ras_pop(b);
		} else {
			s = bpred_btb_find(b, pc);
			pred = s >= 0 ? b->btb_target[s] : fall;
		}
		if (in->flags & ISA_F_CALL)
			bpred_ras_push(b, fall);
		b->st.jumps++;
		b->st.jump_miss += pred != next_pc;
	}
	if (taken && !(in->flags & ISA_F_RET))
		bpred_btb_set(b, s, pc, next_pc);
	if (b->ub_ways && ((in->flags & ISA_F_COND) || taken))
		bpred_ubtb_train(b, pc, (in->flags & ISA_F_COND) != 0, taken, next_pc);
}
