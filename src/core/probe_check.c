/*
 * probe_check.c — the probe-contract checker (see probe_check.h).
 */
#include "core/probe_check.h"

#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

static void probe_check_fail(struct probe_check *pc, const char *fmt, ...)
{
	if (!pc->errors++) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(pc->first_error, sizeof(pc->first_error), fmt, ap);
		va_end(ap);
	}
}

static uint64_t probe_check_fold(uint64_t h, uint64_t v)
{
	return (h ^ v) * 0x100000001b3ull;
}

static void probe_check_cycle(void *ctx, const struct probe_cycle *v)
{
	struct probe_check *pc = ctx;
	if (v->cycle != pc->next_cycle)
		probe_check_fail(pc, "commit view for cycle %" PRIu64 ", expected %" PRIu64, v->cycle,
		                 pc->next_cycle);
	pc->next_cycle = v->cycle + v->ncycles;
	pc->views++;
	pc->cycles += v->ncycles;
	pc->state_cycles[v->state & 3] += v->ncycles;
	uint64_t h = pc->checksum;
	for (uint32_t i = 0; i < v->width && i < PROBE_MAX_WIDTH; i++) {
		const struct probe_insn *r = v->head[i];
		if ((i < v->n_valid) != (r != NULL))
			probe_check_fail(pc, "cycle %" PRIu64 ": head[%u] presence disagrees with n_valid",
			                 v->cycle, i);
		if (r)
			h = probe_check_fold(h, r->pc ^ r->seq);
	}
	if (v->n_commit > v->n_valid)
		probe_check_fail(pc, "cycle %" PRIu64 ": %u commits of %u valid", v->cycle, v->n_commit,
		                 v->n_valid);
	switch (v->state) {
	case PROBE_COMPUTING:
		if (!v->n_commit)
			probe_check_fail(pc, "cycle %" PRIu64 ": computing without commits", v->cycle);
		break;
	case PROBE_STALLED:
		if (v->n_commit || !v->n_valid || v->head[0]->insn->cls != v->stall_class)
			probe_check_fail(pc, "cycle %" PRIu64 ": inconsistent stall", v->cycle);
		break;
	case PROBE_FLUSHED:
		if (v->n_valid || !PROBE_CAUSE_IS_FLUSH(v->empty_cause) || !v->flush_insn)
			probe_check_fail(pc, "cycle %" PRIu64 ": inconsistent flush", v->cycle);
		else
			h = probe_check_fold(h, v->flush_insn->pc);
		break;
	case PROBE_DRAINED:
		if (v->n_valid || PROBE_CAUSE_IS_FLUSH(v->empty_cause) || !v->empty_cause)
			probe_check_fail(pc, "cycle %" PRIu64 ": inconsistent drain", v->cycle);
		break;
	}
	if (v->last_committed)
		h = probe_check_fold(h, v->last_committed->pc + v->last_flushed);
	pc->checksum = h;
}

static void probe_check_insn(void *ctx, const struct probe_insn *r)
{
	struct probe_check *pc = ctx;
	pc->records++;
	uint64_t h = pc->checksum;
	h = probe_check_fold(h, r->seq);
	h = probe_check_fold(h, r->path_seq);
	h = probe_check_fold(h, r->pc);
	h = probe_check_fold(h, r->insn->op);
	h = probe_check_fold(h, r->t_fetch ^ r->t_decode ^ r->t_rename ^ r->t_dispatch);
	h = probe_check_fold(h, r->t_ready ^ r->t_issue ^ r->t_complete ^ r->t_end);
	h = probe_check_fold(h, r->mem_addr ^ r->target ^ r->pred_target ^ r->ghist);
	h = probe_check_fold(h, r->load_cycles ^ r->mem_size ^ r->taken ^ r->serve_level);
	pc->checksum = h;
	for (unsigned b = 0; b < 32; b++)
		if (r->events & (1u << b))
			pc->event_count[b]++;
	if (r->wrong_path)
		pc->wrong_path++;
	if (!r->committed) {
		pc->squashed++;
		return;
	}
	pc->committed++;
	if (r->wrong_path)
		probe_check_fail(pc, "wrong-path instruction seq %" PRIu64 " committed", r->seq);
	if (r->seq <= pc->last_committed_seq)
		probe_check_fail(pc, "commit out of order: seq %" PRIu64 " after %" PRIu64, r->seq,
		                 pc->last_committed_seq);
	pc->last_committed_seq = r->seq;
	if (!(r->t_fetch <= r->t_decode && r->t_decode < r->t_rename &&
	      r->t_rename < r->t_dispatch && r->t_dispatch < r->t_issue + 1 &&
	      r->t_ready <= r->t_issue && r->t_issue <= r->t_complete && r->t_complete < r->t_end))
		probe_check_fail(pc, "seq %" PRIu64 " pc 0x%" PRIx64 ": timestamps out of order", r->seq,
		                 r->pc);
}

void probe_check_init(struct probe_check *pc, struct probe_consumer *out)
{
	memset(pc, 0, sizeof(*pc));
	memset(out, 0, sizeof(*out));
	out->ctx = pc;
	out->on_cycle = probe_check_cycle;
	out->on_insn = probe_check_insn;
}

uint64_t probe_check_report(struct probe_check *pc, const struct core_stats *st, FILE *out)
{
	if (pc->cycles != st->cycles)
		probe_check_fail(pc, "views cover %" PRIu64 " cycles of %" PRIu64, pc->cycles, st->cycles);
	if (pc->committed != st->instructions)
		probe_check_fail(pc, "%" PRIu64 " committed records for %" PRIu64 " instructions",
		                 pc->committed, st->instructions);
	if (pc->records != st->fetched)
		probe_check_fail(pc, "%" PRIu64 " records for %" PRIu64 " fetched instructions",
		                 pc->records, st->fetched);
	if (pc->state_cycles[PROBE_COMPUTING] != st->stack[CORE_STACK_COMPUTING])
		probe_check_fail(pc, "computing cycles differ from the cycle stack");
	fprintf(out, "probe check: %" PRIu64 " views over %" PRIu64 " cycles, %" PRIu64
	        " records (%" PRIu64 " committed, %" PRIu64 " squashed, %" PRIu64
	        " wrong path), %" PRIu64 " errors%s%s\n", pc->views, pc->cycles, pc->records,
	        pc->committed, pc->squashed, pc->wrong_path, pc->errors, pc->errors ? ": " : "",
	        pc->first_error);
	return pc->errors;
}
