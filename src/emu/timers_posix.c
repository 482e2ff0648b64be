/*
 * timers_posix.c — the guest's POSIX timers: timer_create, timer_settime, timer_gettime,
 * timer_getoverrun and timer_delete on the interval timers' machinery (timers.c): a due timer
 * raises its signal (si_code SI_TIMER with si_tid = the timer id, si_overrun, si_value)
 * delivered at the next instruction boundary, and pause, sigsuspend and the sleeps wait for
 * the ones on clocks that run while the guest waits. Clocks: CLOCK_REALTIME, CLOCK_TAI,
 * CLOCK_MONOTONIC, CLOCK_BOOTTIME (guest time, as clock_gettime reads it through
 * sys_clock_ns), CLOCK_PROCESS_CPUTIME_ID and CLOCK_THREAD_CPUTIME_ID (guest CPU time; also
 * the guest's own clock_getcpuclockid ids). Notification: SIGEV_SIGNAL, SIGEV_NONE and
 * SIGEV_THREAD_ID naming the guest's only thread. As on Linux, an expiry while the timer's
 * signal is still pending is counted as an overrun instead of raising it again.
 */
#include "emu/emu_priv.h"
#include "emu/syscall_priv.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <time.h>

#define TP_SIGEV_SIGNAL 0
#define TP_SIGEV_NONE 1
#define TP_SIGEV_THREAD 2
#define TP_SIGEV_THREAD_ID 4
#define TP_TIMER_ABSTIME 1
#define TP_DELAYTIMER_MAX 0x7fffffffu

/* A guest clock id as sys_clock_ns knows it: clock_getcpuclockid's ids of this process or
 * thread (negative: ~pid << 3 | 2 for the process, | 6 for a thread) become the CPU clocks. */
static int tp_clock(const struct emu *e, int id)
{
	if (id >= 0)
		return id;
	int pid = ~(id >> 3);
	if ((id & 3) != 2 || (pid != 0 && pid != e->pid))
		return -1;  /* not CPUCLOCK_SCHED, or another process */
	return id & 4 ? CLOCK_THREAD_CPUTIME_ID : CLOCK_PROCESS_CPUTIME_ID;
}

static int tp_cpu_clock(int clock)
{
	return clock == CLOCK_PROCESS_CPUTIME_ID || clock == CLOCK_THREAD_CPUTIME_ID;
}

static uint64_t tp_now(struct emu *e, const struct emu_ptimer *t)
{
	uint64_t ns = 0;
	sys_clock_ns(e, t->clock, &ns); /* the clock was checked at timer_create */
	return ns;
}

static struct emu_ptimer *tp_get(struct emu *e, uint64_t id)
{
	return id < EMU_PTIMERS && e->ptimer[id].used ? &e->ptimer[id] : NULL;
}

uint64_t timers_posix_next_ns(struct emu *e, int waiting)
{
	uint64_t best = UINT64_MAX;
	for (int i = 0; i < EMU_PTIMERS; i++) {
		const struct emu_ptimer *t = &e->ptimer[i];
		if (!t->used || !t->deadline_ns || (waiting && tp_cpu_clock(t->clock)))
			continue;
		uint64_t now = tp_now(e, t);
		uint64_t left = t->deadline_ns > now ? t->deadline_ns - now : 0;
		if (left < best)
			best = left;
	}
	return best;
}

/* The timer's signal is raised and not yet delivered. */
static int tp_pending(const struct emu *e, const struct emu_ptimer *t, int id)
{
	int sig = t->signo;
	return (e->sigpending & (1ull << (sig - 1))) && e->sig_code[sig] == SIG_SI_TIMER &&
	       (uint32_t)e->sig_addr[sig] == (uint32_t)id;
}

/* One expiry (plus `missed` periods that passed unseen) of timer `id`. */
static void tp_expire(struct emu *e, int id, uint64_t missed)
{
	struct emu_ptimer *t = &e->ptimer[id];
	if (t->notify == TP_SIGEV_NONE)
		return;
	int sig = t->signo;
	uint64_t over;
	if (tp_pending(e, t, id)) {
		over = (uint64_t)t->overrun + 1 + missed;
	} else {
		t->overrun_last = t->overrun; /* the previous signal was delivered with it */
		over = missed;
		syscall_signal_raise(e, sig, SIG_SI_TIMER, (uint64_t)(uint32_t)id);
		if (!(e->sigpending & (1ull << (sig - 1)))) {
			t->overrun = 0; /* ignored: never queued */
			return;
		}
		e->sig_value[sig] = t->sigval;
	}
	t->overrun = over > TP_DELAYTIMER_MAX ? TP_DELAYTIMER_MAX : (uint32_t)over;
	e->sig_addr[sig] = (uint64_t)(uint32_t)id | (uint64_t)t->overrun << 32;
}

int timers_posix_fire(struct emu *e)
{
	int fired = 0;
	for (int i = 0; i < EMU_PTIMERS; i++) {
		struct emu_ptimer *t = &e->ptimer[i];
		if (!t->used || !t->deadline_ns)
			continue;
		uint64_t now = tp_now(e, t), d = t->deadline_ns;
		if (now < d)
			continue;
		fired++;
		uint64_t missed = 0;
		if (t->interval_ns) {
			missed = (now - d) / t->interval_ns;
			t->deadline_ns = d + (missed + 1) * t->interval_ns;
		} else {
			t->deadline_ns = 0;
		}
		tp_expire(e, i, missed);
	}
	return fired;
}

/* struct itimerspec: interval {sec, nsec}, value {sec, nsec} */
static int tp_ts_ns(const int64_t ts[2], uint64_t *ns)
{
	if (ts[0] < 0 || ts[1] < 0 || ts[1] >= 1000000000 || ts[0] > INT64_MAX / 1000000000 - 1)
		return -EINVAL;
	*ns = (uint64_t)ts[0] * 1000000000ull + (uint64_t)ts[1];
	return 0;
}

static void tp_ns_ts(uint64_t ns, int64_t ts[2])
{
	ts[0] = (int64_t)(ns / 1000000000ull);
	ts[1] = (int64_t)(ns % 1000000000ull);
}

static void tp_value(struct emu *e, const struct emu_ptimer *t, int64_t v[4])
{
	uint64_t now = t->deadline_ns ? tp_now(e, t) : 0;
	tp_ns_ts(t->interval_ns, v);
	/* an armed timer never reads as zero (that would mean disarmed) */
	tp_ns_ts(t->deadline_ns ? (t->deadline_ns > now ? t->deadline_ns - now : 1) : 0, v + 2);
}

SYS(timer_create)
{
	int clock = tp_clock(e, (int)a[0]);
	uint64_t ns;
	if (clock < 0 || sys_clock_ns(e, clock, &ns))
		return -EINVAL;
	struct emu_ptimer t = { .used = 1, .clock = clock, .notify = TP_SIGEV_SIGNAL,
				.signo = SIGALRM };
	int id = 0;
	while (id < EMU_PTIMERS && e->ptimer[id].used)
		id++;
	if (id == EMU_PTIMERS)
		return -EAGAIN;
	t.sigval = (uint64_t)id;
	if (a[1]) {
		/* struct sigevent: sigev_value (8), sigev_signo (4), sigev_notify (4), _tid (4) */
		uint8_t ev[20];
		int32_t signo, notify, tid;
		if (gmem_copy_from(&e->mem, ev, a[1], sizeof(ev)))
			return -EFAULT;
		memcpy(&t.sigval, ev, 8);
		memcpy(&signo, ev + 8, 4);
		memcpy(&notify, ev + 12, 4);
		memcpy(&tid, ev + 16, 4);
		if (notify == TP_SIGEV_THREAD_ID) {
			if (tid != e->pid)
				return -EINVAL; /* the guest has one thread */
		} else if (notify != TP_SIGEV_SIGNAL && notify != TP_SIGEV_NONE) {
			/* SIGEV_THREAD is the C library's (a thread it starts); it reaches the
			 * kernel as SIGEV_THREAD_ID */
			return -EINVAL;
		}
		if (notify != TP_SIGEV_NONE && (signo < 1 || signo > EMU_NSIG))
			return -EINVAL;
		t.notify = notify;
		t.signo = notify == TP_SIGEV_NONE ? SIGALRM : signo;
	}
	int32_t out = id;
	if (gmem_copy_to(&e->mem, a[2], &out, sizeof(out)))
		return -EFAULT;
	e->ptimer[id] = t;
	return 0;
}

SYS(timer_settime)
{
	struct emu_ptimer *t = tp_get(e, a[0]);
	if (!t)
		return -EINVAL;
	int64_t n[4], old[4];
	uint64_t iv, value;
	if (!a[2])
		return -EINVAL;
	if (gmem_copy_from(&e->mem, n, a[2], sizeof(n)))
		return -EFAULT;
	if (tp_ts_ns(n, &iv) || tp_ts_ns(n + 2, &value))
		return -EINVAL;
	tp_value(e, t, old);
	if (a[3] && gmem_copy_to(&e->mem, a[3], old, sizeof(old)))
		return -EFAULT;
	t->overrun = 0;
	t->interval_ns = value ? iv : 0;
	if (!value)
		t->deadline_ns = 0;
	else if (a[1] & TP_TIMER_ABSTIME)
		t->deadline_ns = value; /* already past: due at once */
	else
		t->deadline_ns = tp_now(e, t) + value;
	timers_fire(e); /* fires one already due and schedules the run loop's next look */
	return 0;
}

SYS(timer_gettime)
{
	struct emu_ptimer *t = tp_get(e, a[0]);
	if (!t)
		return -EINVAL;
	int64_t v[4];
	tp_value(e, t, v);
	return gmem_copy_to(&e->mem, a[1], v, sizeof(v));
}

SYS(timer_getoverrun)
{
	struct emu_ptimer *t = tp_get(e, a[0]);
	if (!t)
		return -EINVAL;
	/* the count of the last delivered signal: the current one's if it was delivered */
	return tp_pending(e, t, (int)a[0]) ? t->overrun_last : t->overrun;
}

SYS(timer_delete)
{
	struct emu_ptimer *t = tp_get(e, a[0]);
	if (!t)
		return -EINVAL;
	if (t->notify != TP_SIGEV_NONE && tp_pending(e, t, (int)a[0]))
		e->sigpending &= ~(1ull << (t->signo - 1)); /* its queued signal goes with it */
	memset(t, 0, sizeof(*t));
	return 0;
}
