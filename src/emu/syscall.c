/*
 * syscall.c — the Linux system call entry: ecall lands here with the number in a7 and the
 * arguments in a0..a5; the table below sends it to sys_<name> in syscall_*.c. Unsupported
 * numbers return -ENOSYS and are reported once each. Also the helpers every syscall file
 * shares (errno conversion, guest path resolution, robin's private descriptors).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "emu/syscall_priv.h"
#include "emu/thread.h"

static const char *const syscall_names[] = {
#define SYSCALL_NAME(nr, name) [nr] = #name,
#include "emu/syscall_names.def"
#undef SYSCALL_NAME
};

const char *syscall_name(uint64_t nr)
{
	if (nr < sizeof(syscall_names) / sizeof(syscall_names[0]))
		return syscall_names[nr];
	return NULL;
}

/* riscv64 numbers of the calls robin implements (asm-generic/unistd.h). */
static const syscall_fn syscall_table[] = {
	[17] = sys_getcwd, [23] = sys_dup, [24] = sys_dup3, [25] = sys_fcntl, [29] = sys_ioctl,
	[32] = sys_flock, [33] = sys_mknodat, [34] = sys_mkdirat, [35] = sys_unlinkat,
	[36] = sys_symlinkat, [37] = sys_linkat, [38] = sys_renameat, [43] = sys_statfs,
	[44] = sys_fstatfs, [45] = sys_truncate, [46] = sys_ftruncate, [47] = sys_fallocate,
	[48] = sys_faccessat, [49] = sys_chdir, [50] = sys_fchdir, [52] = sys_fchmod,
	[53] = sys_fchmodat, [54] = sys_fchownat, [55] = sys_fchown, [56] = sys_openat,
	[57] = sys_close, [59] = sys_pipe2, [61] = sys_getdents64, [62] = sys_lseek, [63] = sys_read,
	[64] = sys_write, [65] = sys_readv, [66] = sys_writev, [67] = sys_pread64,
	[68] = sys_pwrite64, [69] = sys_preadv, [70] = sys_pwritev, [71] = sys_sendfile,
	[72] = sys_pselect6, [73] = sys_ppoll, [78] = sys_readlinkat, [79] = sys_newfstatat,
	[80] = sys_fstat, [81] = sys_sync, [82] = sys_fsync, [83] = sys_fdatasync,
	[88] = sys_utimensat, [93] = sys_exit, [94] = sys_exit_group, [95] = sys_waitid,
	[96] = sys_set_tid_address, [98] = sys_futex, [99] = sys_set_robust_list,
	[100] = sys_get_robust_list, [101] = sys_nanosleep, [102] = sys_getitimer,
	[103] = sys_setitimer, [107] = sys_timer_create, [108] = sys_timer_gettime,
	[109] = sys_timer_getoverrun, [110] = sys_timer_settime, [111] = sys_timer_delete, [113] = sys_clock_gettime, [114] = sys_clock_getres,
	[115] = sys_clock_nanosleep, [121] = sys_sched_getparam, [120] = sys_sched_getscheduler,
	[122] = sys_sched_setaffinity, [123] = sys_sched_getaffinity, [124] = sys_sched_yield,
	[129] = sys_kill, [130] = sys_tkill, [131] = sys_tgkill, [132] = sys_sigaltstack,
	[133] = sys_rt_sigsuspend, [134] = sys_rt_sigaction, [135] = sys_rt_sigprocmask,
	[136] = sys_rt_sigpending, [137] = sys_rt_sigtimedwait, [139] = sys_rt_sigreturn,
	[140] = sys_setpriority, [141] = sys_getpriority, [148] = sys_getresuid,
	[150] = sys_getresgid, [153] = sys_times, [154] = sys_setpgid, [155] = sys_getpgid,
	[156] = sys_getsid, [157] = sys_setsid, [158] = sys_getgroups, [160] = sys_uname,
	[163] = sys_getrlimit, [164] = sys_setrlimit, [165] = sys_getrusage, [166] = sys_umask,
	[167] = sys_prctl, [169] = sys_gettimeofday, [172] = sys_getpid, [173] = sys_getppid,
	[174] = sys_getuid, [175] = sys_geteuid, [176] = sys_getgid, [177] = sys_getegid,
	[178] = sys_gettid, [179] = sys_sysinfo, [214] = sys_brk, [215] = sys_munmap,
	[216] = sys_mremap, [220] = sys_clone, [221] = sys_execve, [222] = sys_mmap,
	[223] = sys_fadvise64, [226] = sys_mprotect, [227] = sys_msync, [228] = sys_mlock,
	[229] = sys_mlock, [230] = sys_mlock, [231] = sys_mlock, [232] = sys_mincore,
	[233] = sys_madvise, [258] = sys_riscv_hwprobe, [259] = sys_riscv_flush_icache, [260] = sys_wait4,
	[261] = sys_prlimit64, [276] = sys_renameat2, [278] = sys_getrandom,
	[279] = sys_memfd_create, [283] = sys_membarrier, [285] = sys_copy_file_range,
	[291] = sys_statx, [293] = sys_rseq, [436] = sys_close_range, [439] = sys_faccessat2, [435] = sys_clone3,
	[92] = sys_personality,
};

int64_t syscall_host(int64_t r)
{
	return r < 0 ? -errno : r;
}

void syscall_warn(struct emu *e, uint64_t nr, const char *detail)
{
	uint64_t slot = nr < sizeof(e->warned) ? nr : sizeof(e->warned) - 1;
	if (e->warned[slot])
		return;
	e->warned[slot] = 1;
	const char *name = syscall_name(nr);
	if (detail)
		fprintf(stderr, "robin: warning: syscall %" PRIu64 " (%s) at pc 0x%" PRIx64 ": %s\n", nr,
			name ? name : "unknown", e->hart.pc, detail);
	else
		fprintf(stderr, "robin: warning: unsupported syscall %" PRIu64 " (%s) at pc 0x%" PRIx64 "\n",
			nr, name ? name : "unknown", e->hart.pc);
}

int syscall_private_fd(const struct emu *e, int64_t fd)
{
	for (int i = 0; i < e->n_private_fds; i++)
		if (e->private_fds[i] == fd)
			return 1;
	return 0;
}

int syscall_path(struct emu *e, uint64_t gaddr, char *buf, size_t n, char *tmp, size_t tn,
		 const char **out)
{
	long len = gmem_strncpy_from(&e->mem, buf, gaddr, n);
	if (len < 0)
		return (int)len;
	if (!strcmp(buf, "/proc/self/exe")) {
		*out = e->exe_path;
		return 0;
	}
	*out = emu_path(e, buf, tmp, tn);
	return 0;
}

int syscall_dispatch(struct emu *e)
{
	struct hart *h = &e->hart;
	uint64_t nr = h->x[17];
	const uint64_t *a = &h->x[10];
	uint64_t args[6];
	memcpy(args, a, sizeof(args));
	int64_t r;
	syscall_fn fn = nr < sizeof(syscall_table) / sizeof(syscall_table[0]) ? syscall_table[nr] : NULL;
	if (fn) {
		h->trap.cause = HART_TRAP_NONE;
		r = fn(e, args);
		if (h->trap.cause == HART_TRAP_EXIT || h->trap.cause == HART_TRAP_KILLED)
			return -1;
		if (nr == 139)  /* rt_sigreturn restored every register itself */
			return syscall_signal_check(e);
	} else {
		syscall_warn(e, nr, NULL);
		r = -ENOSYS;
	}
	h->x[10] = (uint64_t)r;
	if (__builtin_expect(process_sigchld, 0))
		process_poll(e);
	if (__builtin_expect(e->resched, 0) && thread_syscall_end(e))
		return -1;  /* deadlock: every thread waits forever */
	return syscall_signal_check(e);
}
