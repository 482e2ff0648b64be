/* signals: handlers run for raise(), kill() and a fault, return through rt_sigreturn with
 * every register restored; masks block and release pending signals; SA_RESETHAND and
 * SA_NODEFER; sigaltstack; SIG_IGN; sigsuspend-free single-threaded semantics. */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t got[65];
static volatile uintptr_t on_alt;
static char altstack[65536];
static sigjmp_buf jb;

static void handler(int sig) { got[sig]++; }

static void info_handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	got[sig]++;
	if (si->si_signo != sig) printf("bad si_signo\n");
	if (si->si_code != SI_TKILL && si->si_code != SI_USER) printf("bad si_code %d\n", si->si_code);
}

static void alt_handler(int sig)
{
	char here;
	got[sig]++;
	on_alt = (uintptr_t)&here >= (uintptr_t)altstack && (uintptr_t)&here < (uintptr_t)altstack + sizeof(altstack);
}

static void segv_handler(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	got[sig]++;
	printf("fault address %p code %d\n", si->si_addr, si->si_code);
	siglongjmp(jb, 1);
}

int main(void)
{
	/* a handler that returns: the interrupted computation goes on with its registers */
	signal(SIGUSR1, handler);
	double d = 1.5;
	long acc = 0;
	for (int i = 0; i < 10; i++) {
		acc += i * 3;
		if (i == 5) raise(SIGUSR1);
		d *= 1.25;
	}
	printf("USR1 %d acc %ld d %.6f\n", got[SIGUSR1], acc, d);
	/* siginfo */
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = info_handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGUSR2, &sa, NULL);
	kill(getpid(), SIGUSR2);
	printf("USR2 %d\n", got[SIGUSR2]);
	/* blocked signals stay pending until unblocked */
	sigset_t set, old;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, &old);
	raise(SIGUSR1);
	sigset_t pend;
	sigpending(&pend);
	printf("pending %d delivered %d\n", sigismember(&pend, SIGUSR1), got[SIGUSR1]);
	sigprocmask(SIG_SETMASK, &old, NULL);
	printf("after unblock %d\n", got[SIGUSR1]);
	/* SIG_IGN */
	signal(SIGUSR1, SIG_IGN);
	raise(SIGUSR1);
	printf("ignored %d\n", got[SIGUSR1]);
	/* SA_RESETHAND: second raise is the default action for SIGCHLD (ignore) */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_RESETHAND;
	sigaction(SIGCHLD, &sa, NULL);
	raise(SIGCHLD);
	raise(SIGCHLD);
	printf("resethand %d\n", got[SIGCHLD]);
	/* sigaltstack */
	stack_t ss = { .ss_sp = altstack, .ss_size = sizeof(altstack), .ss_flags = 0 };
	printf("sigaltstack %d\n", sigaltstack(&ss, NULL));
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = alt_handler;
	sa.sa_flags = SA_ONSTACK;
	sigaction(SIGWINCH, &sa, NULL);
	raise(SIGWINCH);
	printf("alt handler %d on alt stack %d\n", got[SIGWINCH], (int)on_alt);
	/* a fault goes to its handler with the address */
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = segv_handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	volatile uintptr_t bad = 16;
	if (!sigsetjmp(jb, 1))
		*(volatile int *)bad = 1;
	printf("segv handled %d\n", got[SIGSEGV]);
	/* the default action of SIGTERM ends the program: exit status 143 */
	fflush(stdout);
	signal(SIGTERM, SIG_DFL);
	raise(SIGTERM);
	printf("not reached\n");
	return 0;
}
