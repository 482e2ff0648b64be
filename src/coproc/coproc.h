/*
 * coproc.h — the profiling co-processor of 001_df4aea695fbcd9aa.txt as a probe consumer:
 * filters that pick committed instructions (opcode class, PC filter 1, PC filter 2), a sample
 * buffer, the microcode engine (coproc_engine.c) clocked at a ratio of the core, and a host
 * side that services its interrupts, charging their cycles to the simulated program.
 *
 * Use: coproc_asm_file → coproc_create → coproc_consumer (attach to the core) → core_run →
 * coproc_finish → read stats / the host's results → coproc_destroy.
 */
#ifndef ROBIN_COPROC_COPROC_H
#define ROBIN_COPROC_COPROC_H

#include <stdint.h>
#include <stdio.h>

#include "coproc/coproc_asm.h"
#include "core/probe.h"
#include "util/json.h"

#define COPROC_PF2_BITS 4096          /* PC filter 2: a 4-Kbit hashed bit table */
#define COPROC_NHASH 4                /* hash functions of the PC filters */
#define COPROC_CAM_END 0xffff

struct coproc_config {
	uint32_t cam_bytes;               /* associative array (1024) */
	uint32_t data_bytes;              /* data array (2048) */
	uint32_t buffer_bytes;            /* sample buffer (1024) */
	uint32_t clock_ratio;             /* core cycles per co-processor cycle (1) */
	uint32_t interrupt_cycles;        /* host: cost of taking and returning from an interrupt
	                                     and re-arming the co-processor (200) */
	uint32_t sample_cycles;           /* host: cost per record copied out (20; paper 10-30) */
	uint64_t resample_cycles;         /* host: clear PC filter 2 this often (0 = never) */
	uint64_t seed;                    /* LFSR seed */
};

/* A sample in the buffer: every field the decoder/field extractor can supply. */
struct coproc_sample {
	uint64_t f[16];                   /* enum coproc_field */
	uint8_t cls;                      /* enum isa_class: picks the start PC */
};

struct coproc_filter {
	uint32_t class_mask;
	unsigned pf1_hash, pf2_hash;
	uint32_t pf1_mask, pf1_match;
	uint64_t pf2[COPROC_PF2_BITS / 64]; /* 1 = masked (not profiled) */
};

struct coproc_buffer {
	struct coproc_sample *q;
	uint32_t cap, head, n;
	uint32_t entry_bytes;             /* bytes per sample of the fields the program asks */
};

/* The engine's architectural state (readable by the host through the host access bus). */
struct coproc_engine {
	uint32_t cam_entries;             /* = slots */
	uint32_t data_bytes;
	uint32_t *cam_key;
	uint8_t *cam_valid;
	uint16_t *cam_next, *cam_bucket;  /* the simulator's index of the keys (2*slots buckets) */
	uint8_t *cam_linked;
	uint8_t *data;
	uint64_t v[4];
	uint64_t i[8];
	uint64_t c[4];
	uint16_t b[8];
	uint8_t t[4];
	uint64_t imask;                   /* index registers' width */
	uint16_t lfsr;
	uint8_t pred[COPROC_UCODE_WORDS]; /* 2-bit branch predictors */
	int16_t start[ISA_CLASS_COUNT];
	const uint64_t *words;
	unsigned n_words;
	unsigned upc;
	int busy;                         /* processing the head sample */
	int halted;                       /* branched to interrupt; the host restarts it */
	int fault;                        /* ran off the microcode; stopped for good */
	uint64_t cycles, words_run, mispredicts, idle_cycles;
};

struct coproc;

/* The host side of one program kind (`.host` directive). */
struct coproc_host {
	const char *name;
	int (*init)(struct coproc *cp, void **state);
	/* the engine interrupted: copy out, re-arm; returns the cycles the handler costs */
	uint64_t (*on_interrupt)(struct coproc *cp, void *state);
	/* periodic re-sampling (resample_cycles); returns the cycles it costs */
	uint64_t (*on_timer)(struct coproc *cp, void *state);
	/* end of run: final copy-out; returns the cycles it would cost */
	uint64_t (*finish)(struct coproc *cp, void *state);
	void (*destroy)(void *state);
};

struct coproc_stats {
	uint64_t samples;                 /* instructions that passed the filters */
	uint64_t buffered;                /* of which entered the sample buffer */
	uint64_t dropped;                 /* of which found the buffer full */
	uint64_t processed;               /* consumed by `done` */
	uint64_t interrupts, timer_interrupts;
	uint64_t charged_cycles;          /* charged to the core during the run */
	uint64_t final_cycles;            /* the final copy-out (after the run) */
	uint64_t records_copied;
	uint64_t max_cycles_per_sample;
};

struct coproc {
	struct coproc_config cfg;
	struct coproc_prog prog;
	struct coproc_filter filt;
	struct coproc_buffer buf;
	struct coproc_engine eng;
	const struct coproc_host *host;
	void *host_state;
	struct coproc_stats st;
	uint64_t core_cycles_acc;         /* core cycles not yet turned into engine cycles */
	uint64_t next_timer;
	uint64_t now;                     /* the core cycle of the last view */
	uint64_t sample_start;            /* engine cycle the head sample started */
	void (*charge)(void *ctx, uint64_t cycles);   /* the core's core_charge_cycles */
	void *charge_ctx;
	int finished;
};

/* Default configuration (Table 1, §3.5). */
void coproc_config_default(struct coproc_config *cfg);

/* Create for program prog (copied). Returns 0, -EINVAL (bad sizes: message in err) or
 * -ENOMEM. */
int coproc_create(const struct coproc_config *cfg, const struct coproc_prog *prog,
		  struct coproc **out, char *err, size_t errn) __attribute__((warn_unused_result));

/* Where interrupts charge their cycles (NULL: only counted). */
void coproc_set_charge(struct coproc *cp, void (*fn)(void *ctx, uint64_t cycles), void *ctx);

void coproc_consumer(struct coproc *cp, struct probe_consumer *out);

/* End of run: the host's final copy-out. Idempotent. */
void coproc_finish(struct coproc *cp);

/* Re-arm the engine after an interrupt (host side): clear the arrays and the given
 * registers' state as the program's host convention says. */
void coproc_rearm(struct coproc *cp);

void coproc_destroy(struct coproc *cp);

/* ---- filters and hashes (coproc_filter.c) ----------------------------------------------- */

/* Hash function h (0..3) of a PC, 32 bits. */
uint32_t coproc_hash(unsigned h, uint64_t pc);
/* Whether an instruction of class cls at pc passes the three filters. */
int coproc_filter_pass(const struct coproc_filter *f, unsigned cls, uint64_t pc);
/* PC filter 2: mask (exclude) pc, or clear the whole table. */
void coproc_filter_mask_pc(struct coproc_filter *f, uint64_t pc);
void coproc_filter_clear(struct coproc_filter *f);
/* Bytes of one sample carrying the fields of field_mask (8-byte beats of the datapath). */
uint32_t coproc_sample_bytes(uint32_t field_mask);

/* ---- the engine (coproc_engine.c) -------------------------------------------------------- */

/* Run the engine for up to `cycles` co-processor cycles on the buffer's samples. Returns the
 * cycles left unused (the engine idles with an empty buffer or halts on interrupt). */
uint64_t coproc_engine_run(struct coproc *cp, uint64_t cycles);

/* Host access: a data-array element (size 1, 2, 4 or 8 bytes) at base + idx * size. */
uint64_t coproc_data_get(const struct coproc_engine *e, uint32_t base, uint32_t idx,
			 unsigned size);

/* The host handlers by name ("value", "edge", "memdep", "none"); NULL if unknown. */
const struct coproc_host *coproc_host_find(const char *name);

extern const struct coproc_host coproc_host_value, coproc_host_edge, coproc_host_memdep;

#endif
