/*
 * thread.c — guest threads, deterministically, on one host thread.
 *
 * A single-threaded guest never comes here except through its system calls: the thread table
 * is created on the first clone (or the first blocking futex wait). Then e->hart and e's
 * signal fields belong to the running thread and each other thread keeps its copy in its
 * struct emu_thread; a switch copies the registers out and the next thread's in (about 600
 * bytes), so the fast loop (block.c) is untouched. Switches happen
 *
 *   - when the running thread's quantum (--quantum, instructions) expires: the scheduler arms
 *     emu_async_request() at the end of the quantum whenever another thread is runnable, so
 *     the switch costs nothing per instruction and lands on an exact instruction count;
 *   - at the end of a system call that blocked the thread (futex wait, sleep), yielded it or
 *     ended it (exit of one thread).
 *
 * The next thread is the first runnable one after the current in creation order (round
 * robin). Nothing depends on the host's timing except timeouts on host time: the same
 * program, arguments and seed give the same interleaving, output and instruction count (with
 * --virtual-time also when they use timeouts or clocks). When no thread is runnable the
 * earliest timeout is waited for (on the virtual clock: skipped to); when none has one, every
 * thread waits forever and the run ends with a one-line deadlock report naming each thread,
 * what it waits on and where.
 *
 * LR/SC: a switch drops the reservation of the thread switched in, so a store by another
 * thread between its LR and SC (which can only happen across a switch) makes the SC fail.
 */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "emu/emu_priv.h"
#include "emu/hermetic.h"
#include "emu/thread.h"

#define THREAD_SIG_BIT(s) (1ull << ((s) - 1))

/* Create the record of the main thread on first need. 0, or -ENOMEM. */
static int thread_init(struct emu *e)
{
	if (e->n_threads)
		return 0;
	e->threads = calloc(8, sizeof(*e->threads));
	struct emu_thread *t = calloc(1, sizeof(*t));
	if (!e->threads || !t) {
		free(t);
		free(e->threads);
		e->threads = NULL;
		return -ENOMEM;
	}
	e->max_threads = 8;
	t->tid = e->pid;
	t->state = THREAD_RUNNABLE;
	t->resv_addr = ~0ull;
	e->threads[0] = t;
	e->n_threads = 1;
	e->cur_thread = 0;
	e->slice_start = 0;  /* the main thread retired every instruction so far */
	return 0;
}

int thread_current_tid(const struct emu *e)
{
	return e->n_threads ? e->threads[e->cur_thread]->tid : e->pid;
}

int thread_count(const struct emu *e)
{
	if (!e->n_threads)
		return 1;
	int n = 0;
	for (int i = 0; i < e->n_threads; i++)
		n += e->threads[i]->state != THREAD_EXITED;
	return n;
}

static uint64_t thread_now_ns(struct emu *e)
{
	return emu_time_ns(e, 0) + e->sleep_ns;
}

/* Copy the per-thread state between the running copy (e->hart, e's signal fields) and t:
 * into t when to_thread, else out of it. The PC and the counts are the callers'. */
static void thread_copy(struct emu *e, struct emu_thread *t, int to_thread)
{
#define THREAD_COPY(dst, src) do { if (to_thread) memcpy(&(src), &(dst), sizeof(dst)); \
				   else memcpy(&(dst), &(src), sizeof(dst)); } while (0)
	THREAD_COPY(e->hart.x, t->hart.x);
	THREAD_COPY(e->hart.f, t->hart.f);
	THREAD_COPY(e->hart.fflags, t->hart.fflags);
	THREAD_COPY(e->hart.frm, t->hart.frm);
	THREAD_COPY(e->hart.vl, t->hart.vl);
	THREAD_COPY(e->hart.vtype, t->hart.vtype);
	THREAD_COPY(e->hart.vstart, t->hart.vstart);
	THREAD_COPY(e->hart.vxrm, t->hart.vxrm);
	THREAD_COPY(e->hart.vxsat, t->hart.vxsat);
	if (to_thread)  /* the registers VLEN holds, not the array's room */
		memcpy(t->hart.vreg, e->hart.vreg, 32u * e->hart.vlenb);
	else
		memcpy(e->hart.vreg, t->hart.vreg, 32u * e->hart.vlenb);
	THREAD_COPY(e->sigmask, t->sigmask);
	THREAD_COPY(e->sigpending, t->sigpending);
	THREAD_COPY(e->altstack_sp, t->altstack_sp);
	THREAD_COPY(e->altstack_size, t->altstack_size);
	THREAD_COPY(e->altstack_flags, t->altstack_flags);
	THREAD_COPY(e->clear_child_tid, t->clear_child_tid);
	THREAD_COPY(e->robust_list, t->robust_list);
	THREAD_COPY(e->robust_len, t->robust_len);
#undef THREAD_COPY
}

/* Save the running thread's live state into t; it resumes at pc. `extra`: instructions the
 * loop still counts for it (1 inside a system call: the ecall). */
static void thread_save(struct emu *e, struct emu_thread *t, uint64_t pc, uint64_t extra)
{
	thread_copy(e, t, 1);
	t->hart.pc = pc;
	t->instret += e->hart.instret + extra - e->slice_start;
}

/* Arm the quantum's end when another thread could run, else disarm it. */
static void thread_arm(struct emu *e, uint64_t extra)
{
	e->quantum_at = UINT64_MAX;
	if (e->sched_external)
		return;
	for (int i = 0; i < e->n_threads; i++) {
		if (i != e->cur_thread && e->threads[i]->state == THREAD_RUNNABLE) {
			e->quantum_at = e->hart.instret + extra + e->quantum;
			emu_async_request(e, e->quantum_at);
			return;
		}
	}
}

/* Make thread i the running one: its registers into e->hart (pc and next_pc = where it
 * resumes), its signal state into e. */
static void thread_load(struct emu *e, int i, uint64_t extra)
{
	struct emu_thread *t = e->threads[i];
	struct hart *h = &e->hart;
	thread_copy(e, t, 0);
	h->pc = h->next_pc = t->hart.pc;
	h->reservation = ~0ull;  /* other threads ran: any reservation is broken */
	e->cur_thread = i;
	e->slice_start = h->instret + extra;
	thread_arm(e, extra);
}

static void thread_wake(struct emu_thread *t, int64_t a0)
{
	t->state = THREAD_RUNNABLE;
	t->hart.x[10] = (uint64_t)a0;
	t->deadline_ns = 0;
}

/* Wake the waiters whose timeout passed; returns the earliest timeout still ahead (guest
 * monotonic ns, UINT64_MAX: none) and its time base in *now. */
static uint64_t thread_wake_expired(struct emu *e, uint64_t *now_out)
{
	uint64_t now = thread_now_ns(e), first = UINT64_MAX;
	for (int i = 0; i < e->n_threads; i++) {
		struct emu_thread *t = e->threads[i];
		if ((t->state == THREAD_FUTEX || t->state == THREAD_SLEEP) && t->deadline_ns) {
			if (t->deadline_ns <= now)
				thread_wake(t, t->state == THREAD_FUTEX ? -ETIMEDOUT : 0);
			else if (t->deadline_ns < first)
				first = t->deadline_ns;
		}
	}
	*now_out = now;
	return first;
}

/* The next thread to run, or -1 when every thread waits forever. Wakes timed-out waiters,
 * waiting (or skipping virtual time) for the earliest when nobody can run. */
static int thread_pick(struct emu *e)
{
	for (;;) {
		uint64_t now, first = thread_wake_expired(e, &now);
		for (int k = 1; k <= e->n_threads; k++) {
			int i = (e->cur_thread + k) % e->n_threads;
			if (e->threads[i]->state == THREAD_RUNNABLE)
				return i;
		}
		if (first == UINT64_MAX)
			return -1;
		uint64_t ns = first - now;
		if (emu_time_virtual(e)) {
			e->sleep_ns += ns;
		} else {
			struct timespec ts = { (time_t)(ns / 1000000000ull), (long)(ns % 1000000000ull) };
			while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
				;
		}
	}
}

/* Every thread waits forever: record the one-line report as the fault ending the run. */
static void thread_deadlock(struct emu *e)
{
	size_t n = 0, cap = sizeof(e->fault_msg);
	n += (size_t)snprintf(e->fault_msg, cap, "deadlock: every thread waits forever:");
	for (int i = 0; i < e->n_threads && n < cap; i++) {
		struct emu_thread *t = e->threads[i];
		if (t->state == THREAD_EXITED)
			continue;
		char sym[256];
		fault_symbolize(e, t->wait_pc, sym, sizeof(sym));
		if (t->state == THREAD_FUTEX)
			n += (size_t)snprintf(e->fault_msg + n, cap - n, " tid %d in futex wait on 0x%" PRIx64
					      " at pc 0x%" PRIx64 "%s;", t->tid, t->futex_addr, t->wait_pc, sym);
		else
			n += (size_t)snprintf(e->fault_msg + n, cap - n, " tid %d sleeping at pc 0x%" PRIx64 "%s;",
					      t->tid, t->wait_pc, sym);
	}
	if (n < cap && e->fault_msg[n - 1] == ';')
		e->fault_msg[n - 1] = 0;
	e->fault_signal = SIGKILL;
	hart_raise(&e->hart, HART_TRAP_KILLED, SIGKILL);
}

int thread_syscall_end(struct emu *e)
{
	struct hart *h = &e->hart;
	e->resched = 0;
	struct emu_thread *t = e->threads[e->cur_thread];
	if (t->state != THREAD_EXITED) {
		thread_save(e, t, e->retry ? h->pc : h->next_pc, 1);  /* retry: the ecall again */
		t->wait_pc = h->pc;
	} else {
		t->instret += h->instret + 1 - e->slice_start;
	}
	e->retry = 0;
	int i = thread_pick(e);
	if (i < 0) {
		thread_deadlock(e);
		return -1;
	}
	thread_load(e, i, 1);
	return 0;
}

void thread_quantum(struct emu *e)
{
	e->quantum_at = UINT64_MAX;
	if (!e->n_threads)
		return;
	thread_save(e, e->threads[e->cur_thread], e->hart.pc, 0);
	int i = thread_pick(e);  /* the current thread is runnable: never -1 */
	thread_load(e, i < 0 ? e->cur_thread : i, 0);
}

int thread_clone(struct emu *e, uint64_t stack, int set_tls, uint64_t tls, uint64_t clear_tid)
{
	if (thread_init(e))
		return -ENOMEM;
	if (e->n_threads == e->max_threads) {
		if (e->max_threads >= 4096)
			return -EAGAIN;
		struct emu_thread **nt = realloc(e->threads, 2 * (size_t)e->max_threads * sizeof(*nt));
		if (!nt)
			return -ENOMEM;
		e->threads = nt;
		e->max_threads *= 2;
	}
	struct emu_thread *t = calloc(1, sizeof(*t));
	if (!t)
		return -ENOMEM;
	const struct hart *h = &e->hart;
	memcpy(t->hart.x, h->x, sizeof(h->x));
	memcpy(t->hart.f, h->f, sizeof(h->f));
	t->hart.fflags = h->fflags;
	t->hart.frm = h->frm;
	t->hart.vl = h->vl;  /* the child starts with the parent's vector state, as qemu-user's */
	t->hart.vtype = h->vtype;
	t->hart.vstart = h->vstart;
	t->hart.vxrm = h->vxrm;
	t->hart.vxsat = h->vxsat;
	memcpy(t->hart.vreg, h->vreg, 32u * h->vlenb);
	t->hart.pc = h->next_pc;  /* after the ecall, as the parent */
	t->hart.x[10] = 0;
	if (stack)
		t->hart.x[2] = stack;
	if (set_tls)
		t->hart.x[4] = tls;
	t->sigmask = e->sigmask;
	t->altstack_flags = SS_DISABLE;
	t->clear_child_tid = clear_tid;
	t->tid = e->ids ? hermetic_next_id(e) : e->pid + (int)e->n_threads;
	t->state = THREAD_RUNNABLE;
	t->resv_addr = ~0ull;
	e->threads[e->n_threads++] = t;
	if (e->quantum_at == UINT64_MAX)
		thread_arm(e, 1);
	return t->tid;
}

void thread_futex_wait(struct emu *e, uint64_t uaddr, uint32_t bitset, uint64_t deadline_ns)
{
	if (thread_init(e))
		return;  /* no memory for the record: the wait returns at once (a spurious wake) */
	struct emu_thread *t = e->threads[e->cur_thread];
	t->state = THREAD_FUTEX;
	t->futex_addr = uaddr;
	t->futex_bitset = bitset;
	t->deadline_ns = deadline_ns;
	t->wait_seq = ++e->wait_seq;
	e->resched = 1;
}

void thread_sleep(struct emu *e, uint64_t deadline_ns)
{
	if (thread_init(e))
		return;
	struct emu_thread *t = e->threads[e->cur_thread];
	t->state = THREAD_SLEEP;
	t->deadline_ns = deadline_ns ? deadline_ns : 1;
	e->resched = 1;
}

int thread_other_runnable(const struct emu *e)
{
	for (int i = 0; i < e->n_threads; i++)
		if (i != e->cur_thread && e->threads[i]->state == THREAD_RUNNABLE)
			return 1;
	return 0;
}

int thread_io_wait(struct emu *e, int fd, short events)
{
	if (!thread_other_runnable(e))
		return 0;
	struct pollfd p = { .fd = fd, .events = events };
	if (poll(&p, 1, 0) != 0)
		return 2;  /* ready, or an error the call itself will report */
	thread_io_retry(e);
	return 1;
}

void thread_io_retry(struct emu *e)
{
	e->resched = 1;
	e->retry = 1;
}

void thread_yield(struct emu *e)
{
	if (e->n_threads > 1)
		e->resched = 1;
}

/* The oldest thread waiting on uaddr with a matching bitset, or NULL. */
static struct emu_thread *thread_oldest_waiter(struct emu *e, uint64_t uaddr, uint32_t bitset)
{
	struct emu_thread *best = NULL;
	for (int i = 0; i < e->n_threads; i++) {
		struct emu_thread *t = e->threads[i];
		if (t->state == THREAD_FUTEX && t->futex_addr == uaddr && (t->futex_bitset & bitset) &&
		    (!best || t->wait_seq < best->wait_seq))
			best = t;
	}
	return best;
}

int thread_futex_wake(struct emu *e, uint64_t uaddr, uint32_t bitset, int n, uint64_t uaddr2,
		      int n_requeue, int count_moved)
{
	int woke = 0, moved = 0;
	struct emu_thread *t;
	while (woke < n && (t = thread_oldest_waiter(e, uaddr, bitset))) {
		thread_wake(t, 0);
		woke++;
	}
	while (uaddr2 && moved < n_requeue && (t = thread_oldest_waiter(e, uaddr, ~0u))) {
		t->futex_addr = uaddr2;
		t->wait_seq = ++e->wait_seq;
		moved++;
	}
	if (woke && e->quantum_at == UINT64_MAX)
		thread_arm(e, 1);
	return woke + (count_moved ? moved : 0);
}

/* Release the robust futexes the exiting thread holds (the kernel's exit_robust_list): each
 * word owned by tid gets FUTEX_OWNER_DIED and one waiter is woken. */
/* One robust futex word at a: if tid owns it, mark it FUTEX_OWNER_DIED (keeping
 * FUTEX_WAITERS) and wake one waiter. */
static void thread_robust_one(struct emu *e, uint64_t a, int tid)
{
	uint32_t w;
	if (gmem_copy_from(&e->mem, &w, a, 4) || (w & 0x3fffffffu) != (uint32_t)tid)
		return;
	uint32_t nw = (w & 0x80000000u) | 0x40000000u;
	if (gmem_copy_to(&e->mem, a, &nw, 4) == 0 && (w & 0x80000000u))
		thread_futex_wake(e, a, ~0u, 1, 0, 0, 0);
}

/* Release the robust futexes the exiting thread holds (as the kernel's exit_robust_list). */
static void thread_robust_release(struct emu *e, int tid)
{
	uint64_t head[3];  /* next, futex_offset, list_op_pending */
	if (!e->robust_list || gmem_copy_from(&e->mem, head, e->robust_list, sizeof(head)))
		return;
	uint64_t entry = head[0] & ~1ull, pending = head[2] & ~1ull, off = head[1];
	for (int guard = 0; entry && entry != e->robust_list && guard < 4096; guard++) {
		thread_robust_one(e, entry + off, tid);
		uint64_t next;
		if (gmem_copy_from(&e->mem, &next, entry, 8))
			break;
		entry = next & ~1ull;
	}
	if (pending)
		thread_robust_one(e, pending + off, tid);
}

int thread_exit(struct emu *e)
{
	if (!e->n_threads)
		return 1;
	struct emu_thread *t = e->threads[e->cur_thread];
	if (e->clear_child_tid) {
		uint32_t zero = 0;
		if (gmem_copy_to(&e->mem, e->clear_child_tid, &zero, 4) == 0)
			thread_futex_wake(e, e->clear_child_tid, ~0u, 1, 0, 0, 0);
	}
	thread_robust_release(e, t->tid);
	t->state = THREAD_EXITED;
	e->resched = 1;
	return thread_count(e) == 0;
}

/* A signal arrived for waiting thread t that it does not block: the wait ends with EINTR. */
static void thread_interrupt(struct emu_thread *t, int sig)
{
	if ((t->state == THREAD_FUTEX || t->state == THREAD_SLEEP) && !(t->sigmask & THREAD_SIG_BIT(sig)))
		thread_wake(t, -EINTR);
}

int thread_signal(struct emu *e, int tid, int sig)
{
	if (sig == 0) {  /* existence check only */
		if (tid == thread_current_tid(e))
			return 0;
		for (int i = 0; i < e->n_threads; i++)
			if (e->threads[i]->tid == tid && e->threads[i]->state != THREAD_EXITED)
				return 0;
		return -ESRCH;
	}
	if (!e->n_threads || e->threads[e->cur_thread]->tid == tid) {
		if (tid != thread_current_tid(e))
			return -ESRCH;
		e->sigpending |= THREAD_SIG_BIT(sig);
		return 0;
	}
	for (int i = 0; i < e->n_threads; i++) {
		struct emu_thread *t = e->threads[i];
		if (t->tid == tid && t->state != THREAD_EXITED) {
			t->sigpending |= THREAD_SIG_BIT(sig);
			thread_interrupt(t, sig);
			if (t->state == THREAD_RUNNABLE && e->quantum_at == UINT64_MAX)
				thread_arm(e, 1);
			return 0;
		}
	}
	return -ESRCH;
}

void thread_route_signal(struct emu *e, int sig)
{
	uint64_t bit = THREAD_SIG_BIT(sig);
	if (e->n_threads > 1 && (e->sigmask & bit)) {
		for (int i = 0; i < e->n_threads; i++) {
			struct emu_thread *t = e->threads[i];
			if (i != e->cur_thread && t->state != THREAD_EXITED && !(t->sigmask & bit)) {
				t->sigpending |= bit;
				thread_interrupt(t, sig);
				if (e->quantum_at == UINT64_MAX)
					thread_arm(e, 0);
				return;
			}
		}
	}
	e->sigpending |= bit;
}

void thread_forked(struct emu *e)
{
	if (!e->n_threads)
		return;
	struct emu_thread *keep = e->threads[e->cur_thread];
	for (int i = 0; i < e->n_threads; i++)
		if (e->threads[i] != keep)
			free(e->threads[i]);
	keep->tid = e->pid;
	keep->instret = 0;  /* the child counts as the process does (from the start) */
	e->slice_start = 0;
	e->threads[0] = keep;
	e->n_threads = 1;
	e->cur_thread = 0;
	e->quantum_at = UINT64_MAX;
}

void thread_sched_external(struct emu *e)
{
	e->sched_external = 1;
	e->quantum_at = UINT64_MAX;
}

int thread_slots(const struct emu *e)
{
	return e->n_threads ? e->n_threads : 1;
}

int thread_slot_current(const struct emu *e)
{
	return e->n_threads ? e->cur_thread : 0;
}

int thread_slot_runnable(struct emu *e, int i)
{
	if (!e->n_threads)
		return i == 0;
	if (i < 0 || i >= e->n_threads)
		return 0;
	struct emu_thread *t = e->threads[i];
	if ((t->state == THREAD_FUTEX || t->state == THREAD_SLEEP) && t->deadline_ns) {
		uint64_t now;
		thread_wake_expired(e, &now);
	}
	return t->state == THREAD_RUNNABLE;
}

uint64_t thread_pc(const struct emu *e)
{
	return e->hart.pc;
}

uint64_t thread_slot_reg(const struct emu *e, int i, unsigned reg)
{
	if (!e->n_threads || i == e->cur_thread || i < 0 || i >= e->n_threads)
		return emu_reg(e, reg);
	const struct hart *h = &e->threads[i]->hart;
	return reg < 32 ? h->x[reg] : reg < 64 ? h->f[reg - 32] : 0;
}

int thread_slot_tid(const struct emu *e, int i)
{
	return e->n_threads && i >= 0 && i < e->n_threads ? e->threads[i]->tid : e->pid;
}

int thread_switch_to(struct emu *e, int i)
{
	if (!thread_slot_runnable(e, i))
		return -EINVAL;
	if (!e->n_threads || i == e->cur_thread)
		return 0;
	struct emu_thread *cur = e->threads[e->cur_thread];
	if (cur->state != THREAD_EXITED) {
		thread_save(e, cur, e->hart.pc, 0);
		cur->resv_addr = e->hart.reservation;
		if (cur->resv_addr != ~0ull &&
		    gmem_copy_from(&e->mem, &cur->resv_value, cur->resv_addr, 8))
			cur->resv_addr = ~0ull;
	}
	thread_load(e, i, 0);
	struct emu_thread *t = e->threads[i];
	uint64_t now;
	if (t->resv_addr != ~0ull && !gmem_copy_from(&e->mem, &now, t->resv_addr, 8) &&
	    now == t->resv_value)
		e->hart.reservation = t->resv_addr;
	t->resv_addr = ~0ull;
	if (e->sigpending & ~e->sigmask)
		emu_async_request(e, e->hart.instret);  /* a signal came while it was out */
	return 0;
}

void thread_free_all(struct emu *e)
{
	for (int i = 0; i < e->n_threads; i++)
		free(e->threads[i]);
	free(e->threads);
	e->threads = NULL;
	e->n_threads = 0;
}

size_t emu_threads(const struct emu *e, struct emu_thread_info *out, size_t max)
{
	if (!e->n_threads) {
		if (max)
			out[0] = (struct emu_thread_info){ e->pid, e->hart.instret, 0 };
		return 1;
	}
	for (int i = 0; i < e->n_threads && (size_t)i < max; i++) {
		const struct emu_thread *t = e->threads[i];
		out[i].tid = t->tid;
		out[i].instret = t->instret;
		if (i == e->cur_thread && t->state != THREAD_EXITED)
			out[i].instret += e->hart.instret - e->slice_start;
		out[i].exited = t->state == THREAD_EXITED;
	}
	return (size_t)e->n_threads;
}

int emu_tid(const struct emu *e)
{
	return thread_current_tid(e);
}
