/*
 * bpred.h — the front end's predictors: a TAGE-style direction predictor (bimodal base plus
 * tagged tables indexed with geometric global-history lengths, about 28 KB in boom-large), a
 * set-associative BTB for targets and a return-address stack. Prediction happens at fetch
 * with speculative history; training happens at commit from the history recorded with the
 * branch; squashes restore the history and the RAS from a checkpoint.
 */
#ifndef ROBIN_CORE_BPRED_H
#define ROBIN_CORE_BPRED_H

#include <stdint.h>

#include "core/config.h"
#include "isa/isa.h"

#define BPRED_MAX_TABLES 12

struct bpred_stats {
	uint64_t cond, cond_miss;        /* committed conditional branches, mispredicted */
	uint64_t jumps, jump_miss;       /* committed jal/jalr, mispredicted target */
	uint64_t btb_misses;             /* taken transfers whose target the BTB lacked */
	uint64_t tage_provider_hits;     /* predictions provided by a tagged table */
	uint64_t override_f2, override_f3; /* correctly predicted transfers whose prediction a
	                                      later fetch stage changed (config ubtb_entries) */
};

/* What fetch needs to restore after a squash younger than a control instruction. */
struct bpred_ckpt {
	uint64_t ghist;
	uint32_t ras_top;                /* index of the next push */
	uint64_t ras_top_value;          /* the entry below ras_top, as it was */
	/* a TAGE prediction of a conditional branch (keys_pc = its pc + 1, else 0): each table's
	 * index and tag, functions of the pc and ghist alone, so its training at commit looks at
	 * the tables without hashing again */
	uint64_t keys_pc;
	uint32_t idx[BPRED_MAX_TABLES];
	uint16_t tag[BPRED_MAX_TABLES];
};

/* One entry of a tagged table: its tag and counters side by side, so a lookup reads one
 * host cache line per table. */
struct bpred_tage_entry {
	uint16_t tag;
	int8_t ctr;                      /* 3-bit signed: -4..3, taken when >= 0 */
	uint8_t useful;                  /* 2-bit */
};

/* A direction look-up in the tagged tables: the final prediction, who provided it, and each
 * table's index and tag for pc and the history. */
struct bpred_lookup {
	int pred, altpred;
	int provider, alt;           /* table index or -1 */
	uint32_t idx[BPRED_MAX_TABLES];
	uint16_t tag[BPRED_MAX_TABLES];
};

struct bpred {
	const struct core_config *cfg;
	uint8_t *bimodal;                /* 2-bit counters */
	uint32_t bim_mask;
	uint32_t ntables, idx_bits, tag_bits;
	uint64_t hist_mask[BPRED_MAX_TABLES]; /* the last hist_len bits of the history: the
	                                 geometric series' length of each table */
	struct bpred_tage_entry *tage[BPRED_MAX_TABLES]; /* 1 << idx_bits entries each */
	uint64_t updates;                /* for the periodic useful-bit decay */
	uint32_t alloc_rand;
	/* BTB */
	uint32_t btb_sets, btb_ways;
	uint64_t *btb_pc, *btb_target, *btb_lru;
	uint64_t btb_stamp;
	/* RAS */
	uint64_t *ras;
	uint32_t ras_n, ras_top;
	uint32_t ras_mask;               /* ras_n - 1 when ras_n is a power of two, else 0 */
	/* micro-BTB (config ubtb_entries): [bank][way][slot], a slot per 2-byte parcel */
	uint32_t ub_banks, ub_ways, ub_slots, ub_bank_shift;
	uint64_t *ub_tag;                /* the bank-aligned block number + 1 (0: empty) */
	uint64_t *ub_target;
	uint8_t *ub_state;               /* bit 2: a conditional branch; bits 0-1: its counter */
	uint32_t ub_rand;
	uint64_t ghist;                  /* speculative global history, newest outcome in bit 0 */
	struct bpred_stats st;
	/* the last prediction's look-up, for pc memo_pc and history memo_h, while no training
	 * changed a table since (memo_ok): training the branch just predicted (functional
	 * warming does, detailed simulation rarely) does not look it up again */
	struct bpred_lookup memo;
	uint64_t memo_pc, memo_h;
	int memo_ok;
};

int bpred_init(struct bpred *b, const struct core_config *cfg) __attribute__((warn_unused_result));
void bpred_fini(struct bpred *b);

/* Predict the control instruction `in` at pc: returns the predicted next PC; *btb_miss is set
 * when a taken transfer's target was not in the BTB (the caller charges the decode bubble for
 * direct ones). Updates the speculative history and RAS; *ck receives the state before. */
uint64_t bpred_predict(struct bpred *b, uint64_t pc, const struct isa_insn *in,
                       struct bpred_ckpt *ck, uint8_t *btb_miss);

/* With a micro-BTB (config ubtb_entries): the fetch stage whose prediction for the transfer
 * `in` at pc first agrees with the final one, pred (bpred_predict's answer): 1 = the micro-BTB's
 * already did, 2 = the second stage's (bimodal direction, BTB target) overrode it, 3 = the
 * final one (TAGE, the decoded target, the RAS) overrode the second stage's. */
unsigned bpred_override_stage(struct bpred *b, uint64_t pc, const struct isa_insn *in,
                              uint64_t pred);

/* After a squash: restore the state before the instruction with checkpoint ck; if `resolved`
 * the instruction itself stays and re-applies its actual outcome (taken / next_pc). */
void bpred_restore(struct bpred *b, uint64_t pc, const struct isa_insn *in,
                   const struct bpred_ckpt *ck, int resolved, int taken);

/* Train at commit with the actual outcome; ghist is the history before the prediction, ck
 * (or NULL) the checkpoint bpred_predict filled for this instruction. */
void bpred_update(struct bpred *b, uint64_t pc, const struct isa_insn *in, uint64_t ghist,
                  const struct bpred_ckpt *ck, int taken, uint64_t target, int mispredicted);

/* Functional warming: the control transfer `in` at pc went on at next_pc. The predictor
 * ends as bpred_predict, bpred_restore after a misprediction and bpred_update leave it, at
 * the cost of one look-up and no checkpoint. */
void bpred_warm(struct bpred *b, uint64_t pc, const struct isa_insn *in, uint64_t next_pc);

#endif
