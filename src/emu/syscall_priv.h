/*
 * syscall_priv.h — the pieces of the Linux syscall layer: each sys_<name> takes the six
 * argument registers and returns the value for a0 (>= 0, or -errno as the kernel does).
 * syscall.c dispatches; syscall_fs.c (files), syscall_mm.c (memory), syscall_signal.c
 * (signals, futex) and syscall_proc.c (process, time, random) implement.
 */
#ifndef ROBIN_EMU_SYSCALL_PRIV_H
#define ROBIN_EMU_SYSCALL_PRIV_H

#include <stdint.h>

#include "emu/emu_priv.h"

typedef int64_t (*syscall_fn)(struct emu *e, const uint64_t *a);

/* Host result (-1 with errno set) to the kernel convention (-errno). */
int64_t syscall_host(int64_t r);

/* Copy a guest path and resolve it in the sysroot (absolute paths) and for /proc/self/exe.
 * Returns 0 or -errno; *out points into buf or tmp. */
int syscall_path(struct emu *e, uint64_t gaddr, char *buf, size_t n, char *tmp, size_t tn,
		 const char **out);

/* Warn once per syscall number: "unsupported syscall N (name) at pc X" when detail is NULL,
 * else "syscall N (name) at pc X: detail". */
void syscall_warn(struct emu *e, uint64_t nr, const char *detail);

/* The name of a riscv64 syscall number, or NULL. */
const char *syscall_name(uint64_t nr);

/* Is fd one of robin's own descriptors (trace file...) that the guest must not touch? */
int syscall_private_fd(const struct emu *e, int64_t fd);

/* Deliver a pending, unblocked signal if any: runs its handler or ends the guest. Returns 0,
 * or -1 when the guest died (trap recorded). */
int syscall_signal_check(struct emu *e);
/* Raise `sig` at the guest (kill, tgkill, faults with a handler). Returns 0 or -1 (died). */
int syscall_signal_raise(struct emu *e, int sig, int code, uint64_t addr);
/* si_code of a POSIX timer's signal: its si_tid and si_overrun travel in sig_addr (low and
 * high 32 bits), its si_value in sig_value. */
#define SIG_SI_TIMER (-2)

/* Interval timers (timers.c). timers_poll: raise the signals of due timers and deliver them
 * (called by the run loop when instret reaches e->timer_check_instret); returns 1, or -1
 * when a signal ended the guest. timers_wait: wait up to max_ns (UINT64_MAX: no limit),
 * firing the timers that fall due meanwhile (ITIMER_REAL and the POSIX timers on real-time
 * clocks), on host or virtual time; returns 1 when a signal outside `blocked` is pending (the
 * caller returns -EINTR), 0 when max_ns passed first, -1 when no timer can end the wait.
 * timers_can_wake: is a timer armed that timers_wait would wait for? */
int timers_poll(struct emu *e);
int timers_wait(struct emu *e, uint64_t max_ns, uint64_t blocked);
int timers_can_wake(struct emu *e);
/* Raise the signal of every due timer, re-arm periodic ones and request the run loops'
 * service at the next deadline (emu_async_request). Returns how many fired; delivery is the
 * caller's (emu_async_service). */
int timers_fire(struct emu *e);
/* POSIX timers (timers_posix.c): ns until the earliest armed one is due (0: due now;
 * UINT64_MAX: none; waiting: only those whose clock runs while the guest waits, i.e. not the
 * CPU-time clocks), and raising the signals of the due ones (returns how many expired). */
uint64_t timers_posix_next_ns(struct emu *e, int waiting);
int timers_posix_fire(struct emu *e);
/* Nanoseconds of guest clock `id` (syscall_proc.c; reads emu_time_ns), or -EINVAL. */
int64_t sys_clock_ns(struct emu *e, int id, uint64_t *ns);
/* Fill p with n bytes of the guest's random stream (seeded by --seed: getrandom's, and under
 * --hermetic the random devices'). */
void sys_random_fill(struct emu *e, uint8_t *p, uint64_t n);

/* The guest's own /proc/self files (procfs.c): opens `path` (the guest's spelling) if it is
 * /proc/self/maps or /proc/self/exe (or /proc/PID/... of the guest). Returns a host fd,
 * -errno, or PROCFS_HOST when the path is not one of them and the host file is meant. */
#define PROCFS_HOST (-100000)
int procfs_open(struct emu *e, const char *path, int flags);

#define SYS(name) int64_t sys_##name(struct emu *e, const uint64_t *a)

/* syscall_fs.c */
SYS(openat); SYS(close); SYS(read); SYS(write); SYS(readv); SYS(writev); SYS(pread64);
SYS(pwrite64); SYS(preadv); SYS(pwritev); SYS(lseek); SYS(fstat); SYS(newfstatat); SYS(statx);
SYS(readlinkat); SYS(getdents64); SYS(faccessat); SYS(faccessat2); SYS(unlinkat); SYS(mkdirat);
SYS(renameat); SYS(renameat2); SYS(linkat); SYS(symlinkat); SYS(fchmod); SYS(fchmodat);
SYS(fchown); SYS(fchownat); SYS(utimensat); SYS(ftruncate); SYS(truncate); SYS(fsync);
SYS(fdatasync); SYS(chdir); SYS(fchdir); SYS(getcwd); SYS(dup); SYS(dup3); SYS(fcntl);
SYS(pipe2); SYS(ioctl); SYS(statfs); SYS(fstatfs); SYS(umask); SYS(sendfile); SYS(ppoll);
SYS(pselect6); SYS(flock); SYS(mknodat); SYS(sync); SYS(fadvise64); SYS(fallocate);
SYS(copy_file_range); SYS(memfd_create); SYS(close_range);

/* syscall_mm.c */
SYS(brk); SYS(mmap); SYS(munmap); SYS(mprotect); SYS(mremap); SYS(madvise); SYS(msync);
SYS(mlock); SYS(mincore);

/* syscall_signal.c */
SYS(rt_sigaction); SYS(rt_sigprocmask); SYS(sigaltstack); SYS(rt_sigreturn); SYS(kill);
SYS(tgkill); SYS(tkill); SYS(rt_sigpending); SYS(rt_sigsuspend); SYS(futex);
SYS(rt_sigtimedwait); SYS(setitimer); SYS(getitimer);
SYS(timer_create); SYS(timer_settime); SYS(timer_gettime); SYS(timer_getoverrun);
SYS(timer_delete);

/* syscall_proc.c */
SYS(exit); SYS(exit_group); SYS(getpid); SYS(getppid); SYS(gettid); SYS(getuid); SYS(geteuid);
SYS(getgid); SYS(getegid); SYS(getresuid); SYS(getresgid); SYS(getgroups); SYS(uname);
SYS(prlimit64); SYS(getrlimit); SYS(setrlimit); SYS(getrusage); SYS(times); SYS(sysinfo);
SYS(set_tid_address); SYS(set_robust_list); SYS(get_robust_list); SYS(rseq);
SYS(sched_getaffinity); SYS(sched_setaffinity); SYS(riscv_hwprobe); SYS(sched_yield); SYS(sched_getparam);
SYS(sched_getscheduler); SYS(getrandom); SYS(clock_gettime); SYS(clock_getres);
SYS(gettimeofday); SYS(nanosleep); SYS(clock_nanosleep); SYS(prctl); SYS(wait4); SYS(waitid);
SYS(riscv_flush_icache); SYS(membarrier); SYS(getpgid); SYS(setpgid); SYS(getsid); SYS(setsid);
SYS(getpriority); SYS(setpriority); SYS(personality); SYS(clone); SYS(clone3);

/* process.c: fork/vfork/clone without CLONE_VM (a host fork of robin: the child is a copy
 * of the whole emulator), and the calls between processes */
int64_t process_fork(struct emu *e, uint64_t flags, uint64_t stack, uint64_t ptid, uint64_t ctid);
SYS(execve); SYS(wait4); SYS(waitid);
/* Set by the host's SIGCHLD (a guest child exited); process_poll raises the guest's SIGCHLD
 * and clears it. */
#include <signal.h>
extern volatile sig_atomic_t process_sigchld;
void process_poll(struct emu *e);

#endif
