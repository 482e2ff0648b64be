/*
 * ptimers.c — guest program for tests/e2e/911: POSIX timers (timer_create and friends).
 * usage: ptimers MODE
 *   default   timer_create(CLOCK_REALTIME, NULL) one-shot 100 ms; pause(): killed by SIGALRM
 *             (exit status 142 under a shell)
 *   signal    CLOCK_MONOTONIC, SIGEV_SIGNAL SIGUSR1 with a value, periodic 10 ms, an
 *             SA_SIGINFO handler; pause() 3 times; prints what the handler saw
 *   none      SIGEV_NONE one-shot 30 ms: timer_gettime counts down to 0, no signal, a
 *             nanosleep across it is not cut short
 *   overrun   SIGUSR2 blocked, periodic 1 ms, nanosleep 50 ms (not cut short by the blocked
 *             signal), then sigwaitinfo: one signal whose si_overrun = timer_getoverrun >= 30
 *   cpu       CLOCK_PROCESS_CPUTIME_ID 2 ms: a busy loop until the handler runs
 *   thread    SIGEV_THREAD_ID naming the only thread, 10 ms: sigwaitinfo sees SI_TIMER
 *   errors    bad clock, signal, notify, timer id, nsec: EINVAL; abstime in the past fires
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t ticks, code, value, overrun;

static void on_timer(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	ticks++;
	code = si->si_code;
	value = si->si_value.sival_int;
	overrun = si->si_overrun;
}

static void on_plain(int sig) { (void)sig; ticks++; }

static timer_t make(clockid_t clk, int notify, int signo, int val)
{
	struct sigevent sev;
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = notify;
	sev.sigev_signo = signo;
	sev.sigev_value.sival_int = val;
	if (notify == SIGEV_THREAD_ID)
		sev._sigev_un._tid = (int)syscall(SYS_gettid);
	timer_t t;
	if (timer_create(clk, &sev, &t)) {
		perror("timer_create");
		_exit(3);
	}
	return t;
}

static void arm(timer_t t, long value_ns, long interval_ns)
{
	struct itimerspec its = { { interval_ns / 1000000000, interval_ns % 1000000000 },
				  { value_ns / 1000000000, value_ns % 1000000000 } };
	if (timer_settime(t, 0, &its, NULL)) {
		perror("timer_settime");
		_exit(3);
	}
}

static int einval(int r) { return r == -1 && errno == EINVAL; }

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "default";
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_timer;
	sa.sa_flags = SA_SIGINFO;
	if (!strcmp(mode, "default")) {
		timer_t t;
		if (timer_create(CLOCK_REALTIME, NULL, &t))
			return 3;
		arm(t, 100000000, 0);
		pause();
		puts("not reached");
		return 0;
	}
	if (!strcmp(mode, "signal")) {
		sigaction(SIGUSR1, &sa, NULL);
		timer_t t = make(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIGUSR1, 1234);
		arm(t, 10000000, 10000000);
		for (int i = 0; i < 3; i++)
			pause();
		struct itimerspec cur;
		timer_gettime(t, &cur);
		printf("code %d value %d interval %ld ns left %s\n", (int)code, (int)value,
		       cur.it_interval.tv_nsec,
		       cur.it_value.tv_nsec > 0 && cur.it_value.tv_nsec <= 10000000 ? "ok" : "bad");
		timer_delete(t);
		int n = ticks;
		printf("ticks %s\n", n >= 3 ? ">=3" : "few"); /* a 4th may come before the delete */
		return 0;
	}
	if (!strcmp(mode, "none")) {
		sigaction(SIGALRM, &sa, NULL);
		timer_t t = make(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0);
		arm(t, 30000000, 0);
		struct itimerspec cur;
		timer_gettime(t, &cur);
		int before = cur.it_value.tv_nsec > 0 && cur.it_value.tv_nsec <= 30000000;
		struct timespec ts = { 0, 60000000 }, t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		int r = nanosleep(&ts, NULL);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		long slept_ms = (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
		timer_gettime(t, &cur);
		printf("before %d nanosleep %d slept %s after %ld ticks %d\n", before, r,
		       slept_ms >= 60 ? ">=60ms" : "short", cur.it_value.tv_nsec, (int)ticks);
		puts("none ok");
		return 0;
	}
	if (!strcmp(mode, "overrun")) {
		sigset_t set;
		sigemptyset(&set);
		sigaddset(&set, SIGUSR2);
		sigprocmask(SIG_BLOCK, &set, NULL);
		timer_t t = make(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIGUSR2, 77);
		arm(t, 1000000, 1000000);
		struct timespec ts = { 0, 50000000 };
		int r = nanosleep(&ts, NULL);
		siginfo_t si;
		int sig = sigwaitinfo(&set, &si);
		int ov = timer_getoverrun(t);
		printf("nanosleep %d sig %s code %d value %d overrun %s getoverrun %s\n", r,
		       sig == SIGUSR2 ? "SIGUSR2" : "?", si.si_code, si.si_value.sival_int,
		       si.si_overrun >= 30 ? ">=30" : "low", ov == si.si_overrun ? "same" : "differs");
		puts("overrun ok");
		return 0;
	}
	if (!strcmp(mode, "cpu")) {
		sa.sa_handler = on_plain;
		sa.sa_flags = 0;
		sigaction(SIGPROF, &sa, NULL);
		timer_t t = make(CLOCK_PROCESS_CPUTIME_ID, SIGEV_SIGNAL, SIGPROF, 0);
		arm(t, 2000000, 0);
		volatile unsigned long n = 0;
		while (!ticks)
			n++;
		puts("cpu ok");
		return 0;
	}
	if (!strcmp(mode, "thread")) {
		sigset_t set;
		sigemptyset(&set);
		sigaddset(&set, SIGRTMIN);
		sigprocmask(SIG_BLOCK, &set, NULL);
		timer_t t = make(CLOCK_MONOTONIC, SIGEV_THREAD_ID, SIGRTMIN, 5);
		arm(t, 10000000, 0);
		siginfo_t si;
		int sig = sigwaitinfo(&set, &si);
		printf("sig %s code %d value %d\n", sig == SIGRTMIN ? "SIGRTMIN" : "?", si.si_code,
		       si.si_value.sival_int);
		puts("thread ok");
		return 0;
	}
	if (!strcmp(mode, "errors")) {
		struct sigevent sev;
		memset(&sev, 0, sizeof(sev));
		timer_t t;
		sev.sigev_notify = SIGEV_SIGNAL;
		sev.sigev_signo = 0;
		int bad_sig = einval(timer_create(CLOCK_MONOTONIC, &sev, &t));
		sev.sigev_signo = SIGUSR1;
		sev.sigev_notify = 99;
		int bad_notify = einval(timer_create(CLOCK_MONOTONIC, &sev, &t));
		sev.sigev_notify = SIGEV_SIGNAL;
		int bad_clock = einval(timer_create(99, &sev, &t));
		struct itimerspec its = { { 0, 0 }, { 0, 1000000000 } };
		int ok = timer_create(CLOCK_MONOTONIC, &sev, &t) == 0;
		int bad_nsec = einval(timer_settime(t, 0, &its, NULL));
		int bad_id = einval(timer_delete((timer_t)(long)12345));
		sigaction(SIGUSR1, &sa, NULL);
		its.it_value.tv_nsec = 5; /* 5 ns after the epoch: long past */
		int abs = timer_settime(t, TIMER_ABSTIME, &its, NULL) == 0;
		printf("create %d signal %d notify %d clock %d nsec %d id %d abs %d ticks %d\n", ok,
		       bad_sig, bad_notify, bad_clock, bad_nsec, bad_id, abs, (int)ticks);
		timer_delete(t);
		puts("errors ok");
		return 0;
	}
	return 2;
}
