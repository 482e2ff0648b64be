/*
 * issue_queue.h — putting an instruction into its issue queue, inlined where that happens
 * (dispatch, and issue when a producer wakes its waiters or a load is refused): the wake time
 * from the operands' ready times, the age-ordered insert among the active entries, and the
 * park on a producer's wait list.
 */
#ifndef ROBIN_CORE_ISSUE_QUEUE_H
#define ROBIN_CORE_ISSUE_QUEUE_H

#include "core/pipe.h"

/* inlined in each caller: run for every dispatched and woken entry */
#define ISSUE_INLINE static inline __attribute__((always_inline))

static inline uint64_t issue_max(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/* The first cycle e's operands (and a refused load's retry time, or the data of the store it
 * waits for) allow it to issue, or PROBE_NEVER while a producer has not issued (then *block
 * names its register). */
ISSUE_INLINE uint64_t issue_wake(const struct core *c, const struct core_insn *e,
                                 uint32_t *block)
{
	const uint64_t *rdy = c->preg_ready;
	/* PROBE_NEVER is the largest time: the latest of the operands is PROBE_NEVER exactly
	 * when one of them waits for a producer that has not issued (then find which one, in
	 * the order wait_preg, rs1, rs2, rs3) */
	uint64_t w = issue_max(e->retry_at, rdy[e->psrc[0]]);
	if (!e->is_store)
		w = issue_max(w, issue_max(rdy[e->psrc[1]], rdy[e->psrc[2]]));
	if (e->wait_preg)
		w = issue_max(w, rdy[e->wait_preg]);
	if (w != PROBE_NEVER)
		return w;
	if (e->wait_preg && rdy[e->wait_preg] == PROBE_NEVER) {
		*block = e->wait_preg;
		return PROBE_NEVER;
	}
	int n = e->is_store ? 1 : 3;
	for (int i = 0; i < n; i++) {
		if (rdy[e->psrc[i]] == PROBE_NEVER) {
			*block = e->psrc[i];
			return PROBE_NEVER;
		}
	}
	return w;
}

/* Insert into the active list keeping age order (woken entries are older than the newest). */
ISSUE_INLINE void issue_activate(struct core *c, struct core_insn *e, uint64_t idx,
                                 uint64_t wake)
{
	struct core_iq *q = &c->iq[e->iq];
	uint32_t r = q->n;
	while (r > 0 && q->slot[r - 1].idx > idx) {
		q->slot[r] = q->slot[r - 1];
		r--;
	}
	q->slot[r].idx = idx;
	q->slot[r].wake = wake;
	q->n++;
	if (wake < q->next_look)
		q->next_look = wake;
}

ISSUE_INLINE void issue_park(struct core *c, struct core_insn *e, uint64_t idx, uint16_t p)
{
	e->parked = 1;
	e->parked_preg = p;
	e->wait_prev = CORE_NO_WAITER;
	e->wait_next = c->wait_head[p];
	if (e->wait_next != CORE_NO_WAITER)
		core_at(c, e->wait_next)->wait_prev = idx;
	c->wait_head[p] = idx;
	c->iq[e->iq].parked++;
}

/* Put a dispatched (or woken) instruction into its issue queue: active with its wake time, or
 * parked on the register of a producer that has not issued. */
ISSUE_INLINE void issue_enqueue(struct core *c, struct core_insn *e, uint64_t idx)
{
	uint32_t block = 0;
	uint64_t wake = c->cfg.inorder ? 0 : issue_wake(c, e, &block);
	if (wake == PROBE_NEVER)
		issue_park(c, e, idx, (uint16_t)block);
	else
		issue_activate(c, e, idx, wake);
}

#endif
