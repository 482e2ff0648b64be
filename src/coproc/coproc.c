/*
 * coproc.c — the co-processor attached to the core as a probe consumer (coproc.h): committed
 * instructions pass the filters into the sample buffer (or are dropped when it is full), the
 * engine runs one cycle per clock_ratio core cycles, and its interrupts (and the periodic
 * re-sampling timer) run the host side, whose cycles are charged to the program.
 */
#include "coproc/coproc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void coproc_config_default(struct coproc_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->cam_bytes = COPROC_CAM_BYTES;
	cfg->data_bytes = COPROC_DATA_BYTES;
	cfg->buffer_bytes = 1024;
	cfg->clock_ratio = 1;
	cfg->interrupt_cycles = 200;
	cfg->sample_cycles = 20;
	cfg->resample_cycles = 20000000;
	cfg->seed = 1;
}

static int coproc_pow2(uint32_t x)
{
	return x && !(x & (x - 1));
}

/* ---- the host handler that does nothing but re-arm --------------------------------------- */

static uint64_t host_none_interrupt(struct coproc *cp, void *state)
{
	(void)state;
	coproc_rearm(cp);
	return cp->cfg.interrupt_cycles;
}

static const struct coproc_host coproc_host_none = {
	.name = "none", .on_interrupt = host_none_interrupt,
};

const struct coproc_host *coproc_host_find(const char *name)
{
	static const struct coproc_host *const hosts[] = {
		&coproc_host_value, &coproc_host_edge, &coproc_host_memdep, &coproc_host_none,
	};
	for (size_t k = 0; k < sizeof(hosts) / sizeof(hosts[0]); k++)
		if (!strcmp(hosts[k]->name, name))
			return hosts[k];
	return NULL;
}

/* ---- life cycle --------------------------------------------------------------------------- */

void coproc_rearm(struct coproc *cp)
{
	struct coproc_engine *e = &cp->eng;
	memset(e->cam_valid, 0, e->cam_entries);
	memset(e->data, 0, e->data_bytes);
	memset(e->v, 0, sizeof(e->v));
	memset(e->i, 0, sizeof(e->i));
	e->halted = 0;
}

int coproc_create(const struct coproc_config *cfg, const struct coproc_prog *prog,
		  struct coproc **out, char *err, size_t errn)
{
	*out = NULL;
	if (!coproc_pow2(cfg->cam_bytes) || cfg->cam_bytes < 64 ||
	    cfg->cam_bytes > COPROC_CAM_MAX_BYTES || !coproc_pow2(cfg->data_bytes) ||
	    cfg->data_bytes < 64 || cfg->data_bytes > COPROC_DATA_MAX_BYTES) {
		snprintf(err, errn, "the associative array (%u bytes) and data array (%u bytes) must "
		         "be powers of two, 64..%d and 64..%d bytes", cfg->cam_bytes, cfg->data_bytes,
		         COPROC_CAM_MAX_BYTES, COPROC_DATA_MAX_BYTES);
		return -EINVAL;
	}
	if (!cfg->clock_ratio || cfg->clock_ratio > 64) {
		snprintf(err, errn, "clock ratio %u out of range 1..64", cfg->clock_ratio);
		return -EINVAL;
	}
	const struct coproc_host *host = coproc_host_find(prog->host);
	if (!host) {
		snprintf(err, errn, "unknown host handler '%s'", prog->host);
		return -EINVAL;
	}
	uint32_t entry = coproc_sample_bytes(prog->field_mask);
	if (cfg->buffer_bytes < entry || cfg->buffer_bytes > (1u << 20)) {
		snprintf(err, errn, "a sample buffer of %u bytes cannot hold one %u-byte sample "
		         "(or is over 1 MiB)", cfg->buffer_bytes, entry);
		return -EINVAL;
	}
	struct coproc *cp = calloc(1, sizeof(*cp));
	if (!cp)
		return -ENOMEM;
	cp->cfg = *cfg;
	cp->prog = *prog;
	cp->host = host;
	struct coproc_engine *e = &cp->eng;
	uint32_t slots = cfg->cam_bytes / 4;
	e->cam_entries = slots;
	e->data_bytes = cfg->data_bytes;
	e->cam_key = calloc(slots, sizeof(*e->cam_key));
	e->cam_valid = calloc(slots, 1);
	e->cam_linked = calloc(slots, 1);
	e->cam_next = calloc(slots, sizeof(*e->cam_next));
	e->cam_bucket = malloc(2 * slots * sizeof(*e->cam_bucket));
	e->data = calloc(cfg->data_bytes, 1);
	cp->buf.entry_bytes = entry;
	cp->buf.cap = cfg->buffer_bytes / entry;
	cp->buf.q = calloc(cp->buf.cap, sizeof(*cp->buf.q));
	if (!e->cam_key || !e->cam_valid || !e->cam_linked || !e->cam_next || !e->cam_bucket ||
	    !e->data || !cp->buf.q) {
		coproc_destroy(cp);
		return -ENOMEM;
	}
	for (uint32_t k = 0; k < 2 * slots; k++)
		e->cam_bucket[k] = COPROC_CAM_END;
	unsigned w = prog->index_width;
	if (!w)
		w = (unsigned)__builtin_ctz(slots);
	e->imask = (1ull << w) - 1;
	for (int k = 0; k < COPROC_NCONST; k++)
		e->c[k] = coproc_lval_get(prog->cnst[k], slots);
	for (int k = 0; k < COPROC_NBASE; k++) {
		uint64_t b = coproc_lval_get(prog->base[k], slots);
		if (b >= cfg->data_bytes && (prog->base[k].add || prog->base[k].mul)) {
			snprintf(err, errn, "base register b%d = %llu lies outside the %u-byte data "
			         "array", k, (unsigned long long)b, cfg->data_bytes);
			coproc_destroy(cp);
			return -EINVAL;
		}
		e->b[k] = (uint16_t)b;
	}
	memcpy(e->t, prog->target, sizeof(e->t));
	memcpy(e->start, prog->start, sizeof(e->start));
	memset(e->pred, 1, sizeof(e->pred));      /* weakly not taken */
	e->words = cp->prog.words;
	e->n_words = prog->n_words;
	e->lfsr = (uint16_t)(cfg->seed * 0x9e37u + 0xace1u);
	if (!e->lfsr)
		e->lfsr = 0xace1u;
	cp->filt.class_mask = prog->class_mask;
	cp->filt.pf1_hash = prog->pf1_hash;
	cp->filt.pf2_hash = prog->pf2_hash;
	cp->filt.pf1_mask = prog->pf1_mask;
	cp->filt.pf1_match = prog->pf1_match;
	cp->next_timer = cfg->resample_cycles ? cfg->resample_cycles : UINT64_MAX;
	if (host->init && host->init(cp, &cp->host_state)) {
		coproc_destroy(cp);
		return -ENOMEM;
	}
	*out = cp;
	return 0;
}

void coproc_set_charge(struct coproc *cp, void (*fn)(void *ctx, uint64_t cycles), void *ctx)
{
	cp->charge = fn;
	cp->charge_ctx = ctx;
}

static void coproc_charge(struct coproc *cp, uint64_t n)
{
	cp->st.charged_cycles += n;
	if (cp->charge && n)
		cp->charge(cp->charge_ctx, n);
}

/* ---- the probe hooks ----------------------------------------------------------------------- */

static void coproc_on_insn(void *ctx, const struct probe_insn *r)
{
	struct coproc *cp = ctx;
	if (!r->committed)
		return;
	unsigned cls = r->insn->cls;
	if (!coproc_filter_pass(&cp->filt, cls, r->pc))
		return;
	cp->st.samples++;
	struct coproc_buffer *b = &cp->buf;
	if (b->n == b->cap) {
		cp->st.dropped++;
		return;
	}
	uint32_t at = b->head + b->n;
	if (at >= b->cap)
		at -= b->cap;
	struct coproc_sample *s = &b->q[at];
	const struct isa_insn *in = r->insn;
	s->cls = (uint8_t)cls;
	s->f[COPROC_F_PC] = r->pc;
	s->f[COPROC_F_VALUE] = r->mem_value;
	s->f[COPROC_F_ADDR] = r->mem_addr;
	s->f[COPROC_F_INSN] = in->raw;
	s->f[COPROC_F_CLASS] = cls;
	s->f[COPROC_F_RD] = in->rd;
	s->f[COPROC_F_RS1] = in->rs1;
	s->f[COPROC_F_RS2] = in->rs2;
	s->f[COPROC_F_IMM] = (uint64_t)in->imm;
	s->f[COPROC_F_TARGET] = r->target;
	s->f[COPROC_F_TAKEN] = r->taken;
	s->f[COPROC_F_EVENTS] = r->events;
	s->f[COPROC_F_SIZE] = r->mem_size;
	s->f[COPROC_F_LATENCY] = r->load_cycles;
	/* fields the program did not ask for do not travel */
	for (int k = 0; k < COPROC_F_COUNT; k++)
		if (!(cp->prog.field_mask >> k & 1))
			s->f[k] = 0;
	s->f[COPROC_F_VLO] = (uint32_t)s->f[COPROC_F_VALUE];   /* the DFE's extraction */
	b->n++;
	cp->st.buffered++;
}

static void coproc_on_cycle(void *ctx, const struct probe_cycle *v)
{
	struct coproc *cp = ctx;
	cp->now = v->cycle + v->ncycles;
	if (cp->now >= cp->next_timer) {
		cp->next_timer = cp->now + cp->cfg.resample_cycles;
		if (cp->host->on_timer) {
			cp->st.timer_interrupts++;
			coproc_charge(cp, cp->host->on_timer(cp, cp->host_state));
		}
	}
	if (!cp->buf.n && !cp->eng.busy)
		return;   /* idle: nothing to run, and an idle engine banks no cycles */
	cp->core_cycles_acc += v->ncycles;
	uint64_t n = cp->core_cycles_acc / cp->cfg.clock_ratio;
	cp->core_cycles_acc -= n * cp->cfg.clock_ratio;
	if (!n)
		return;
	coproc_engine_run(cp, n);
	if (cp->eng.halted) {
		cp->st.interrupts++;
		coproc_charge(cp, cp->host->on_interrupt(cp, cp->host_state));
		cp->eng.halted = 0;
		cp->core_cycles_acc = 0;
	}
}

void coproc_consumer(struct coproc *cp, struct probe_consumer *out)
{
	memset(out, 0, sizeof(*out));
	out->ctx = cp;
	out->on_cycle = coproc_on_cycle;
	out->on_insn = coproc_on_insn;
}

void coproc_finish(struct coproc *cp)
{
	if (cp->finished)
		return;
	cp->finished = 1;
	if (cp->host->finish)
		cp->st.final_cycles = cp->host->finish(cp, cp->host_state);
}

void coproc_destroy(struct coproc *cp)
{
	if (!cp)
		return;
	if (cp->host && cp->host->destroy)
		cp->host->destroy(cp->host_state);
	free(cp->eng.cam_key);
	free(cp->eng.cam_valid);
	free(cp->eng.cam_linked);
	free(cp->eng.cam_next);
	free(cp->eng.cam_bucket);
	free(cp->eng.data);
	free(cp->buf.q);
	free(cp);
}
