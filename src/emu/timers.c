/*
 * timers.c — the guest's interval timers (setitimer/getitimer, and alarm, which glibc builds
 * on ITIMER_REAL): ITIMER_REAL on the guest's monotonic clock, ITIMER_VIRTUAL and ITIMER_PROF
 * on its CPU time. A due timer raises its signal, delivered at the next instruction boundary:
 * the run loop calls timers_poll when instret reaches timer_check_instret (under
 * --virtual-time exactly at the deadline, 1 instruction = 1 ns; under a simulated clock
 * (emu_set_clock) every TIMERS_SIM_POLL_INSNS instructions, as several can retire in one
 * simulated cycle; on host time every TIMERS_POLL_INSNS instructions, when the host clock is
 * read). timers_wait lets pause, sigsuspend and the sleeps wait for the next deadline instead
 * of forever. The POSIX timers of timer_create (timers_posix.c) are scheduled, fired and
 * waited for here too.
 */
#include "emu/emu_priv.h"
#include "emu/syscall_priv.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

/* Host time: instructions between two looks at the clock (about a millisecond or less). */
#define TIMERS_POLL_INSNS (1ull << 18)
/* Simulated clock: instructions between two looks (a few dozen simulated cycles). */
#define TIMERS_SIM_POLL_INSNS 64ull

static const int timers_signal[3] = { SIGALRM, SIGVTALRM, SIGPROF };

/* The clock of timer `which`, in ns: the guest's monotonic time, or its CPU time. */
static uint64_t timers_clock_ns(struct emu *e, int which)
{
	if (which == ITIMER_REAL)
		return emu_time_ns(e, 0) + e->sleep_ns;
	if (emu_time_virtual(e))  /* CPU time = the guest's time without its sleeps */
		return emu_time_ns(e, 0);
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Set timer_check_instret from the armed timers. */
static void timers_schedule(struct emu *e)
{
	uint64_t check = UINT64_MAX;
	for (int w = 0; w < 3; w++) {
		if (!e->timer_deadline_ns[w])
			continue;
		uint64_t at = e->hart.instret +
		              (e->clock_ns ? TIMERS_SIM_POLL_INSNS : TIMERS_POLL_INSNS);
		if (e->cfg.virtual_time && !e->clock_ns) {  /* both clocks advance 1 ns per instruction */
			uint64_t now = timers_clock_ns(e, w), d = e->timer_deadline_ns[w];
			at = e->hart.instret + (d > now ? d - now : 1);
		}
		if (at < check)
			check = at;
	}
	uint64_t left = timers_posix_next_ns(e, 0); /* timer_create's (timers_posix.c) */
	if (left != UINT64_MAX) {
		/* under --virtual-time every guest clock advances 1 ns per instruction */
		uint64_t at = e->hart.instret + (e->cfg.virtual_time ? (left ? left : 1)
								    : TIMERS_POLL_INSNS);
		if (at < check)
			check = at;
	}
	e->timer_check_instret = check;
	if (check != UINT64_MAX)
		emu_async_request(e, check);  /* the block loop stops there (emu_async_service) */
}

int timers_fire(struct emu *e)
{
	int fired = 0;
	for (int w = 0; w < 3; w++) {
		uint64_t d = e->timer_deadline_ns[w];
		if (!d)
			continue;
		uint64_t now = timers_clock_ns(e, w);
		if (now < d)
			continue;
		fired++;
		syscall_signal_raise(e, timers_signal[w], 0x80 /* SI_KERNEL */, 0);
		uint64_t iv = e->timer_interval_ns[w];
		e->timer_deadline_ns[w] = iv ? (d + iv > now ? d + iv : now + iv) : 0;
	}
	fired += timers_posix_fire(e);
	timers_schedule(e);
	return fired;
}

int timers_poll(struct emu *e)
{
	if (!timers_fire(e))
		return 1;
	return syscall_signal_check(e);
}

int timers_can_wake(struct emu *e)
{
	return e->timer_deadline_ns[ITIMER_REAL] || timers_posix_next_ns(e, 1) != UINT64_MAX;
}

int timers_wait(struct emu *e, uint64_t max_ns, uint64_t blocked)
{
	uint64_t start = timers_clock_ns(e, ITIMER_REAL);
	uint64_t end = max_ns > UINT64_MAX - start ? UINT64_MAX : start + max_ns;
	for (;;) {
		uint64_t d = e->timer_deadline_ns[ITIMER_REAL];
		uint64_t now = timers_clock_ns(e, ITIMER_REAL);
		/* only the clocks of real time advance while the guest waits, not CPU time */
		uint64_t wait = d ? (d > now ? d - now : 0) : UINT64_MAX;
		uint64_t posix = timers_posix_next_ns(e, 1);
		if (posix < wait)
			wait = posix;
		uint64_t left = end == UINT64_MAX ? UINT64_MAX : end > now ? end - now : 0;
		int timer_first = wait <= left;
		if (!timer_first)
			wait = left;
		if (wait == UINT64_MAX)
			return -1;
		if (emu_time_virtual(e)) {
			e->sleep_ns += wait;
		} else {
			struct timespec ts = { (time_t)(wait / 1000000000ull),
					       (long)(wait % 1000000000ull) };
			while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
				;
		}
		timers_fire(e);
		/* a signal that is ignored, blocked or not sent (SIGEV_NONE) does not end it */
		if (e->sigpending & ~blocked)
			return 1;
		if (!timer_first)
			return 0;
	}
}

/* struct itimerval as two timevals: interval {sec, usec}, value {sec, usec} */
static uint64_t tv_ns(const int64_t tv[2]) { return (uint64_t)tv[0] * 1000000000ull + (uint64_t)tv[1] * 1000ull; }

static void ns_tv(uint64_t ns, int64_t tv[2])
{
	/* an armed timer never reads as zero (that would mean disarmed) */
	if (ns && ns < 1000)
		ns = 1000;
	tv[0] = (int64_t)(ns / 1000000000ull);
	tv[1] = (int64_t)(ns % 1000000000ull / 1000);
}

/* The current value of timer `which` as struct itimerval. */
static void timers_get(struct emu *e, int which, int64_t v[4])
{
	uint64_t d = e->timer_deadline_ns[which], now = timers_clock_ns(e, which);
	ns_tv(e->timer_interval_ns[which], v);
	ns_tv(d ? (d > now ? d - now : 1) : 0, v + 2);
}

SYS(setitimer)
{
	unsigned which = (unsigned)a[0];
	if (which > 2)
		return -EINVAL;
	int64_t n[4] = { 0 }, old[4];
	if (a[1] && gmem_copy_from(&e->mem, n, a[1], sizeof(n)))
		return -EFAULT;
	for (int i = 0; i < 4; i++)
		if (n[i] < 0 || ((i & 1) && n[i] >= 1000000))
			return -EINVAL;
	timers_get(e, (int)which, old);
	if (a[2] && gmem_copy_to(&e->mem, a[2], old, sizeof(old)))
		return -EFAULT;
	if (!a[1])
		return 0;
	uint64_t value = tv_ns(n + 2);
	e->timer_interval_ns[which] = value ? tv_ns(n) : 0;
	e->timer_deadline_ns[which] = value ? timers_clock_ns(e, (int)which) + value : 0;
	timers_schedule(e);
	return 0;
}

SYS(getitimer)
{
	unsigned which = (unsigned)a[0];
	if (which > 2)
		return -EINVAL;
	int64_t v[4];
	timers_get(e, (int)which, v);
	return gmem_copy_to(&e->mem, a[1], v, sizeof(v));
}
