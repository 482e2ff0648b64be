/*
 * thread.h — guest threads on one host thread (thread.c): the per-thread state a switch saves
 * and restores around struct emu's running hart, the deterministic scheduler (round robin,
 * an instruction quantum, switches at blocking system calls) and the futex wait queues.
 *
 * The running thread's registers live in e->hart and its signal state in e's fields, exactly
 * as for a single-threaded guest, so the run loops do not change; a switch copies them out
 * into the thread's record and the next thread's in. The instruction count (hart.instret) is
 * the process's: it goes on across switches, each thread also counts its own.
 */
#ifndef ROBIN_EMU_THREAD_H
#define ROBIN_EMU_THREAD_H

#include <stdint.h>

#include "emu/hart.h"

struct emu;

enum thread_state {
	THREAD_RUNNABLE = 0,
	THREAD_FUTEX,      /* waits on futex_addr (bitset futex_bitset) */
	THREAD_SLEEP,      /* nanosleep / sched wait until deadline_ns */
	THREAD_EXITED,
};

/* One guest thread. While it runs, e->hart and e's signal fields are its live copy. */
struct emu_thread {
	struct hart hart;          /* x, f, pc, fflags, frm while not running */
	int tid;
	int state;                 /* enum thread_state */
	uint64_t sigmask, sigpending;
	uint64_t altstack_sp, altstack_size, altstack_flags;
	uint64_t clear_child_tid, robust_list, robust_len;
	uint64_t futex_addr;       /* THREAD_FUTEX: the word it waits on */
	uint32_t futex_bitset;
	uint64_t wait_seq;         /* FIFO order among waiters */
	uint64_t deadline_ns;      /* guest monotonic time at which the wait times out; 0: none */
	uint64_t wait_pc;          /* the ecall it waits in */
	uint64_t instret;          /* instructions this thread retired */
	/* thread_switch_to: its LR reservation when switched out, and the 8 bytes there then;
	 * it holds again at switch-in if those bytes did not change (as an SC compared with the
	 * loaded value) */
	uint64_t resv_addr, resv_value;
};

/* Default --quantum: instructions a thread runs before the next runnable one gets its turn. */
#define THREAD_QUANTUM_DEFAULT 100000ull

/* Create a thread that starts as a copy of the running one (clone with CLONE_VM): a0 = 0, sp
 * = stack (if not 0), tp = tls (if set_tls). Returns its tid, or -errno. The child runs when
 * the scheduler picks it. */
int thread_clone(struct emu *e, uint64_t stack, int set_tls, uint64_t tls, uint64_t clear_tid);

/* The running thread's tid (the pid for a single-threaded guest). */
int thread_current_tid(const struct emu *e);

/* How many threads exist that have not exited (1 for a single-threaded guest). */
int thread_count(const struct emu *e);

/* The running thread waits on the futex word uaddr until a wake matching bitset, or until
 * deadline_ns (guest monotonic, 0: none). Its a0 gets 0 when woken, -ETIMEDOUT or -EINTR.
 * The switch happens at the end of the system call (thread_syscall_end). */
void thread_futex_wait(struct emu *e, uint64_t uaddr, uint32_t bitset, uint64_t deadline_ns);

/* Wake up to n threads waiting on uaddr whose bitset meets `bitset`, oldest first; then move
 * up to n_requeue more of them to wait on uaddr2 (requeue when uaddr2 != 0). Returns how
 * many woke (plus how many moved, when count_moved). */
int thread_futex_wake(struct emu *e, uint64_t uaddr, uint32_t bitset, int n, uint64_t uaddr2,
		      int n_requeue, int count_moved);

/* The running thread sleeps until deadline_ns (guest monotonic); others run meanwhile. */
void thread_sleep(struct emu *e, uint64_t deadline_ns);

/* Give the turn to the next runnable thread (sched_yield). */
void thread_yield(struct emu *e);

/* Before a read or write that could block on host descriptor fd (events: POLLIN/POLLOUT):
 * when another thread can run and fd is not ready, the running thread gives its turn and
 * the system call is issued again at its next turn (its PC goes back to the ecall); returns
 * 1 then (the caller returns a0 unchanged); 2 when fd is ready and another thread can run
 * (a write goes on without blocking, thread_io_retry after EAGAIN); else 0 (go on, possibly
 * blocking the host). */
int thread_io_wait(struct emu *e, int fd, short events);

/* Can a thread other than the running one run now? 1 or 0. */
int thread_other_runnable(const struct emu *e);

/* The running thread's system call is issued again at its next turn (see thread_io_wait). */
void thread_io_retry(struct emu *e);

/* exit of one thread: clear and wake its clear_child_tid word, release its robust futexes and
 * let the others run. Returns 1 when it was the last thread (the process exits), else 0. */
int thread_exit(struct emu *e);

/* Send sig to thread tid of this process (tgkill/tkill). Returns 0 or -ESRCH. */
int thread_signal(struct emu *e, int tid, int sig);

/* Process-directed signal: the bit goes to the running thread unless it blocks the signal
 * and another thread does not (as Linux picks a thread). */
void thread_route_signal(struct emu *e, int sig);

/* Called by syscall_dispatch after a0 holds the result: switches threads if the call blocked,
 * yielded or exited the running one. Returns -1 when every thread waits forever (a deadlock:
 * the one-line report is recorded as the fault), else 0. */
int thread_syscall_end(struct emu *e);

/* Called by emu_async_service at an instruction boundary (hart.pc = next instruction): the
 * quantum expired, switch to the next runnable thread. */
void thread_quantum(struct emu *e);

/* After a host fork (the child): only the running thread goes on. */
void thread_forked(struct emu *e);

/* ---- scheduling from outside (robin sim --cores: one simulated core per thread) ---------- */

/* From now on the caller decides which thread runs (thread_switch_to before each step): the
 * quantum no longer switches threads; blocking system calls still switch to some runnable
 * thread, as before, so the emulator never runs a blocked one. */
void thread_sched_external(struct emu *e);

/* Thread records so far, exited ones included (1 before the first clone: the main thread).
 * Indices are creation order and stay valid. */
int thread_slots(const struct emu *e);

/* Index of the running thread (0 before the first clone). */
int thread_slot_current(const struct emu *e);

/* Can thread index i run now? Wakes waiters whose timeout passed first. 1 or 0. */
int thread_slot_runnable(struct emu *e, int i);

/* The PC at which the running thread goes on. */
uint64_t thread_pc(const struct emu *e);

/* Register reg (0..31 x, 32..63 f, as emu_reg) of thread index i, running or not. */
uint64_t thread_slot_reg(const struct emu *e, int i, unsigned reg);

/* The tid of thread index i. */
int thread_slot_tid(const struct emu *e, int i);

/* Make runnable thread index i the running one (at an instruction boundary; a no-op when it
 * runs already). Threads keep their LR reservation across these switches unless the reserved
 * bytes changed meanwhile (threads on different cores interleave instruction by instruction:
 * dropping it at every switch would fail every SC). Returns 0, or -EINVAL when i is not a
 * runnable thread. */
int thread_switch_to(struct emu *e, int i);

/* Free every thread record (emu_destroy). */
void thread_free_all(struct emu *e);

#endif
