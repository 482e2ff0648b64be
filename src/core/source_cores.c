/*
 * source_cores.c — several cores fetching from one emulator (source_cores.h). Before each
 * record the core's thread is switched in (a register copy when another core's thread ran
 * last); the emulator executes it as `robin run` would, blocking system calls included.
 */
#include "core/source_cores.h"

#include <errno.h>
#include <string.h>

#include "emu/thread.h"

static void source_cores_note_tid(struct source_core_port *p, int tid);

/* The next runnable thread no core runs, after the run queue's position; -1 if none. */
static int source_cores_pick(struct source_core_port *p)
{
	struct source_cores *s = p->s;
	struct emu *e = s->emu;
	int n = thread_slots(e);
	if (n > SOURCE_CORES_THREADS)
		n = SOURCE_CORES_THREADS;
	for (int k = 0; k < n; k++) {
		int i = (s->rr + k) % n;
		if (s->holder[i] < 0 && thread_slot_runnable(e, i)) {
			s->rr = i + 1;
			return i;
		}
	}
	return -1;
}

/* Port p stops running its thread (blocked, exited or preempted). */
static void source_cores_release(struct source_core_port *p)
{
	if (p->cur >= 0 && p->cur < SOURCE_CORES_THREADS)
		p->s->holder[p->cur] = -1;
	p->cur = -1;
}

/* Port p runs thread i. */
static void source_cores_hold(struct source_core_port *p, int i)
{
	if (i < SOURCE_CORES_THREADS)
		p->s->holder[i] = (int16_t)p->core;
	p->cur = i;
	source_cores_note_tid(p, thread_slot_tid(p->s->emu, i));
}

static void source_cores_note_tid(struct source_core_port *p, int tid)
{
	for (unsigned i = 0; i < p->n_tids; i++)
		if (p->tids[i] == (uint32_t)tid)
			return;
	if (p->n_tids < sizeof(p->tids) / sizeof(p->tids[0]))
		p->tids[p->n_tids++] = (uint32_t)tid;
}

static int source_cores_next(void *ctx, struct emu_dyn *out)
{
	struct source_core_port *p = ctx;
	struct source_cores *s = p->s;
	struct emu *e = s->emu;
	if (s->status != EMU_RUNNING)
		return 0;
	if (s->max_insns && s->produced >= s->max_insns) {
		s->status = EMU_LIMIT;
		return 0;
	}
	int cur_ok = p->cur >= 0 && thread_slot_runnable(e, p->cur);
	if (p->cur >= 0 && !cur_ok) {
		source_cores_release(p);  /* it blocked or exited: another core may take it later */
		p->redirect_ok = 1;
	}
	int want = p->cur;
	if (!cur_ok || !p->slice_left) {
		int next = source_cores_pick(p);
		if (next < 0 && !cur_ok)
			return SOURCE_WAIT;
		if (next >= 0)
			want = next;
		p->slice_left = s->quantum;
	}
	if (want != p->cur && p->cur >= 0 && !p->redirect_ok) {
		/* preempted mid-stream: the instruction at its next PC does not complete (a trap,
		 * as the emulator's quantum switch), the core refetches at the next thread's PC */
		memset(out, 0, sizeof(*out));
		out->seq = emu_instret(e);
		out->pc = p->next_pc;
		out->insn = emu_decode_at(e, p->next_pc);
		if (thread_switch_to(e, want) || !out->insn)
			return -EIO;
		out->next_pc = thread_pc(e);
		out->trapped = 1;
		source_cores_release(p);
		source_cores_hold(p, want);
		p->switches++;
		p->redirect_ok = 1;
		s->events++;  /* the old thread is free for a waiting core */
		return 1;
	}
	if (thread_switch_to(e, want))
		return -EIO;
	if (want != p->cur) {
		p->switches += p->records != 0;
		source_cores_release(p);
		source_cores_hold(p, want);
	}
	uint64_t before = emu_instret(e);
	memset(out, 0, sizeof(*out));
	enum emu_status st = emu_step(e, out);
	if (s->calls && want < SOURCE_CORES_THREADS) {
		if (!s->calls[want] && callstack_create(&s->calls[want]))
			return -ENOMEM;
		out->ctx = callstack_step(s->calls[want], e, out);
	}
	p->slice_left--;
	p->next_pc = out->next_pc;
	p->redirect_ok = (out->insn && (out->insn->flags & ISA_F_ECALL)) || out->trapped;
	s->events += (uint64_t)p->redirect_ok;
	if (st == EMU_RUNNING) {
		s->produced++;
		p->records++;
		return 1;
	}
	s->status = st;
	if (out->insn && (emu_instret(e) != before || st == EMU_FAULT)) {
		if (st == EMU_FAULT)
			out->trapped = 1;
		s->produced++;
		p->records++;
		return 1;
	}
	return 0;
}

static const struct isa_insn *source_cores_decode_at(void *ctx, uint64_t pc)
{
	struct source_core_port *p = ctx;
	return emu_decode_at(p->s->emu, pc);
}

static uint64_t source_cores_reg(void *ctx, unsigned reg)
{
	struct source_core_port *p = ctx;
	return p->cur < 0 ? 0 : thread_slot_reg(p->s->emu, p->cur, reg);  /* its own thread's */
}

void source_cores_init(struct source_cores *s, struct emu *e, unsigned n, uint64_t quantum,
                       uint64_t max_insns, struct core_source *out)
{
	memset(s, 0, sizeof(*s));
	s->emu = e;
	s->n = n < 1 ? 1 : n > SOURCE_CORES_MAX ? SOURCE_CORES_MAX : n;
	s->quantum = quantum ? quantum : THREAD_QUANTUM_DEFAULT;
	s->max_insns = max_insns;
	s->status = EMU_RUNNING;
	for (int i = 0; i < SOURCE_CORES_THREADS; i++)
		s->holder[i] = -1;
	thread_sched_external(e);
	for (unsigned k = 0; k < s->n; k++) {
		struct source_core_port *p = &s->port[k];
		p->s = s;
		p->core = k;
		p->cur = -1;
		p->redirect_ok = 1;
		out[k].ctx = p;
		out[k].next = source_cores_next;
		out[k].decode_at = source_cores_decode_at;
		out[k].reg = source_cores_reg;
	}
}

int source_cores_step(struct source_cores *s, unsigned k, struct emu_dyn *out)
{
	return source_cores_next(&s->port[k], out);
}

uint64_t source_cores_events(void *ctx)
{
	const struct source_cores *s = ctx;
	return s->events;
}

int source_cores_running(const struct source_cores *s, unsigned k)
{
	return s->port[k].cur;
}

unsigned source_cores_tids(const struct source_cores *s, unsigned k, const uint32_t **tids)
{
	*tids = s->port[k].tids;
	return s->port[k].n_tids;
}
