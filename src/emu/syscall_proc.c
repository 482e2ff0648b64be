/*
 * syscall_proc.c — process, identity, limits, scheduling, time and randomness system calls.
 * Under --virtual-time every clock derives from the instruction count (1 instruction = 1 ns)
 * so that runs repeat exactly, under a simulated clock (emu_set_clock: `robin sim`) from the
 * simulated cycles; getrandom is a stream seeded by --seed.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/times.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "emu/syscall_priv.h"
#include "emu/hermetic.h"
#include "isa/isa_ext.h"
#include "emu/thread.h"

/* exit_group, or exit of the last thread: the process ends with a0's status. */
static int64_t sys_exit_process(struct emu *e, const uint64_t *a)
{
	struct hart *h = &e->hart;
	e->resched = 0;
	e->exit_code = (int)(a[0] & 0xff);
	hart_raise(h, HART_TRAP_EXIT, a[0]);
	return 0;
}

/* exit ends the calling thread only; the process when it was the last one. */
SYS(exit)
{
	if (thread_exit(e))
		return sys_exit_process(e, a);
	return 0;
}

SYS(exit_group)
{
	return sys_exit_process(e, a);
}

SYS(getpid) { (void)a; return e->pid; }
SYS(gettid) { (void)a; return thread_current_tid(e); }
SYS(getppid) { (void)a; return e->ppid >= 0 ? e->ppid : getppid(); }
SYS(getuid) { (void)e; (void)a; return getuid(); }
SYS(geteuid) { (void)e; (void)a; return geteuid(); }
SYS(getgid) { (void)e; (void)a; return getgid(); }
SYS(getegid) { (void)e; (void)a; return getegid(); }
SYS(getpgid) { (void)e; return syscall_host(getpgid((pid_t)a[0])); }
SYS(setpgid) { (void)e; return syscall_host(setpgid((pid_t)a[0], (pid_t)a[1])); }
SYS(getsid) { (void)e; return syscall_host(getsid((pid_t)a[0])); }
SYS(setsid) { (void)e; (void)a; return syscall_host(setsid()); }

SYS(getresuid)
{
	uint32_t ids[3] = { getuid(), geteuid(), geteuid() };
	for (int i = 0; i < 3; i++)
		if (a[i] && gmem_copy_to(&e->mem, a[i], &ids[i], 4))
			return -EFAULT;
	return 0;
}

SYS(getresgid)
{
	uint32_t ids[3] = { getgid(), getegid(), getegid() };
	for (int i = 0; i < 3; i++)
		if (a[i] && gmem_copy_to(&e->mem, a[i], &ids[i], 4))
			return -EFAULT;
	return 0;
}

SYS(getgroups)
{
	gid_t g[256];
	int n = getgroups(256, g);
	if (n < 0)
		return -errno;
	if (a[0] == 0)
		return n;
	if ((int64_t)a[0] < n)
		return -EINVAL;
	for (int i = 0; i < n; i++) {
		uint32_t v = g[i];
		if (gmem_copy_to(&e->mem, a[1] + 4 * (uint64_t)i, &v, 4))
			return -EFAULT;
	}
	return n;
}

SYS(uname)
{
	struct utsname u;
	int err = hermetic_uname(e, &u);
	if (err)
		return err;
	return gmem_copy_to(&e->mem, a[0], &u, sizeof(u));  /* 6 x 65 chars on every Linux */
}

/* The guest's resource limits: the host's, except the stack robin gives it. */
static int sys_rlimit_get(unsigned res, uint64_t out[2])
{
	struct rlimit rl;
	if (res >= RLIM_NLIMITS)
		return -EINVAL;
	if (res == RLIMIT_STACK) {
		out[0] = EMU_STACK_BYTES;
		out[1] = RLIM_INFINITY;
		return 0;
	}
	if (getrlimit((int)res, &rl) < 0)
		return -errno;
	out[0] = rl.rlim_cur;
	out[1] = rl.rlim_max;
	return 0;
}

static int sys_rlimit_set(unsigned res, const uint64_t in[2])
{
	if (res >= RLIM_NLIMITS || in[0] > in[1])
		return -EINVAL;
	/* the limits that shape robin itself are not handed over; descriptors and core are */
	if (res == RLIMIT_NOFILE || res == RLIMIT_CORE) {
		struct rlimit rl = { in[0], in[1] };
		if (setrlimit((int)res, &rl) < 0)
			return -errno;
	}
	return 0;
}

SYS(prlimit64)
{
	uint64_t old[2], n[2];
	if (a[0] && (int)a[0] != e->pid)
		return -ESRCH;
	int err = sys_rlimit_get((unsigned)a[1], old);
	if (err)
		return err;
	if (a[2]) {
		if (gmem_copy_from(&e->mem, n, a[2], sizeof(n)))
			return -EFAULT;
		err = sys_rlimit_set((unsigned)a[1], n);
		if (err)
			return err;
	}
	if (a[3] && gmem_copy_to(&e->mem, a[3], old, sizeof(old)))
		return -EFAULT;
	return 0;
}

SYS(getrlimit)
{
	uint64_t v[2];
	int err = sys_rlimit_get((unsigned)a[0], v);
	if (err)
		return err;
	return gmem_copy_to(&e->mem, a[1], v, sizeof(v));
}

SYS(setrlimit)
{
	uint64_t v[2];
	if (gmem_copy_from(&e->mem, v, a[1], sizeof(v)))
		return -EFAULT;
	return sys_rlimit_set((unsigned)a[0], v);
}

/* Guest CPU time: the virtual or simulated clock (the guest never waits for a CPU), or the
 * host's user time. */
static uint64_t sys_cpu_ns(struct emu *e)
{
	if (emu_time_virtual(e))
		return emu_time_ns(e, 0);
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

SYS(getrusage)
{
	struct rusage ru;  /* same layout on both 64-bit ABIs */
	int who = (int)a[0];
	if (who != RUSAGE_SELF && who != RUSAGE_CHILDREN && who != RUSAGE_THREAD)
		return -EINVAL;
	memset(&ru, 0, sizeof(ru));
	if (who != RUSAGE_CHILDREN) {
		if (!emu_time_virtual(e))
			getrusage(RUSAGE_SELF, &ru);
		uint64_t ns = sys_cpu_ns(e);
		ru.ru_utime.tv_sec = (time_t)(ns / 1000000000ull);
		ru.ru_utime.tv_usec = (long)(ns % 1000000000ull / 1000);
		ru.ru_stime.tv_sec = 0;
		ru.ru_stime.tv_usec = 0;
	}
	return gmem_copy_to(&e->mem, a[1], &ru, sizeof(ru));
}

SYS(times)
{
	uint64_t ticks = sys_cpu_ns(e) / 10000000ull;  /* 100 Hz */
	uint64_t t[4] = { ticks, 0, 0, 0 };
	if (a[0] && gmem_copy_to(&e->mem, a[0], t, sizeof(t)))
		return -EFAULT;
	return (int64_t)(emu_time_ns(e, 0) / 10000000ull);
}

SYS(sysinfo)
{
	struct sysinfo si;  /* same layout on both 64-bit ABIs */
	if (sysinfo(&si) < 0)
		return -errno;
	if (emu_time_virtual(e)) {
		si.uptime = (long)(emu_time_ns(e, 0) / 1000000000ull);
		memset(si.loads, 0, sizeof(si.loads));
	}
	si.procs = 1;
	return gmem_copy_to(&e->mem, a[0], &si, sizeof(si));
}

SYS(set_tid_address)
{
	e->clear_child_tid = a[0];
	return thread_current_tid(e);
}

SYS(set_robust_list)
{
	if (a[1] != 24)
		return -EINVAL;
	e->robust_list = a[0];
	e->robust_len = a[1];
	return 0;
}

SYS(get_robust_list)
{
	if (a[0] && (int)a[0] != thread_current_tid(e))
		return -ESRCH;
	if (gmem_copy_to(&e->mem, a[1], &e->robust_list, 8) || gmem_copy_to(&e->mem, a[2], &e->robust_len, 8))
		return -EFAULT;
	return 0;
}

SYS(rseq)
{
	(void)e;
	(void)a;
	return -ENOSYS;  /* as kernels before 4.18: glibc then does without */
}

/* One hart: the guest runs on CPU 0 only. */
SYS(sched_getaffinity)
{
	uint64_t len = a[1];
	if (len < 8 || (len & 7))
		return -EINVAL;
	uint64_t mask = 1;
	if (gmem_copy_to(&e->mem, a[2], &mask, 8))
		return -EFAULT;
	return 8;
}

SYS(sched_setaffinity) { (void)e; (void)a; return 0; }

/* ---- riscv_hwprobe (Linux Documentation/arch/riscv/hwprobe.rst) ------------------------- */

#define HWPROBE_KEY_BASE_BEHAVIOR      3
#define HWPROBE_KEY_IMA_EXT_0          4
#define HWPROBE_KEY_CPUPERF_0          5
#define HWPROBE_KEY_ZICBOZ_BLOCK_SIZE  6
#define HWPROBE_KEY_HIGHEST_VIRT_ADDR  7
#define HWPROBE_KEY_TIME_CSR_FREQ      8
#define HWPROBE_KEY_MISALIGNED_SCALAR  9
#define HWPROBE_WHICH_CPUS             1u
#define HWPROBE_MISALIGNED_FAST        3u  /* misaligned accesses cost what aligned ones do */

/* The bit of RISCV_HWPROBE_KEY_IMA_EXT_0 for each extension robin implements (asm/hwprobe.h);
 * Zicbom, Zicbop, Zicntr and Zihpm have no bit in it. Zvbb includes Zvkb, which Linux reports
 * with it (bit 19). */
static const struct { uint8_t ext, bit; } hwprobe_ext_bits[] = {
	{ ISA_X_V, 2 }, { ISA_X_ZVBB, 17 }, { ISA_X_ZVBB, 19 }, { ISA_X_ZVKT, 26 },
	{ ISA_X_ZVFHMIN, 31 },
	{ ISA_X_ZBA, 3 }, { ISA_X_ZBB, 4 }, { ISA_X_ZBS, 5 }, { ISA_X_ZICBOZ, 6 }, { ISA_X_ZBC, 7 },
	{ ISA_X_ZBKB, 8 }, { ISA_X_ZKT, 16 }, { ISA_X_ZFH, 27 }, { ISA_X_ZFHMIN, 28 },
	{ ISA_X_ZIHINTNTL, 29 }, { ISA_X_ZFA, 32 }, { ISA_X_ZICOND, 35 }, { ISA_X_ZIHINTPAUSE, 36 },
	{ ISA_X_ZIMOP, 42 }, { ISA_X_ZCB, 44 }, { ISA_X_ZCMOP, 47 }, { ISA_X_ZAWRS, 48 },
};

/* What the guest's one hart answers for key; 0 with *known = 0 for a key robin does not know. */
static uint64_t hwprobe_value(const struct emu *e, int64_t key, int *known)
{
	*known = 1;
	switch (key) {
	case 0: case 1: case 2:  /* mvendorid, marchid, mimpid: not a commercial implementation */
		return 0;
	case HWPROBE_KEY_BASE_BEHAVIOR:
		return 1;  /* RISCV_HWPROBE_BASE_BEHAVIOR_IMA */
	case HWPROBE_KEY_IMA_EXT_0: {
		uint64_t v = 1u << 0 | 1u << 1 | 1ull << 43 | 1ull << 45;  /* FD, C, Zca, Zcd */
		for (size_t i = 0; i < sizeof(hwprobe_ext_bits) / sizeof(hwprobe_ext_bits[0]); i++)
			if (e->isa_ext & ISA_X(hwprobe_ext_bits[i].ext))
				v |= 1ull << hwprobe_ext_bits[i].bit;
		return v;
	}
	case HWPROBE_KEY_CPUPERF_0:
	case HWPROBE_KEY_MISALIGNED_SCALAR:
		return HWPROBE_MISALIGNED_FAST;
	case HWPROBE_KEY_ZICBOZ_BLOCK_SIZE:
		if (e->isa_ext & ISA_X(ISA_X_ZICBOZ))
			return 64;
		break;
	case HWPROBE_KEY_HIGHEST_VIRT_ADDR:
		return GMEM_GUEST_SIZE - 1;
	case HWPROBE_KEY_TIME_CSR_FREQ:
		return 10000000;  /* the time CSR counts 100 ns ticks (exec_i.c) */
	default:
		break;
	}
	*known = 0;
	return 0;
}

/* Keys whose value is a set of bits: a pair matches a hart when its bits are a subset. */
static int hwprobe_is_bitmask(int64_t key)
{
	return key == HWPROBE_KEY_BASE_BEHAVIOR || key == HWPROBE_KEY_IMA_EXT_0 ||
	       key == HWPROBE_KEY_CPUPERF_0;
}

/* riscv_hwprobe(pairs, pair_count, cpusetsize, cpus, flags). Without flags: fill each pair's
 * value (an unknown key becomes -1 with value 0) for the harts in cpus (all when cpusetsize is
 * 0 and cpus NULL); the guest has one hart, CPU 0. With RISCV_HWPROBE_WHICH_CPUS: leave in
 * cpus the harts whose values match every pair (the empty set when one does not). */
SYS(riscv_hwprobe)
{
	uint64_t pairs = a[0], n = a[1], setsize = a[2], cpus = a[3], flags = a[4];
	if (flags & ~(uint64_t)HWPROBE_WHICH_CPUS)
		return -EINVAL;
	if (flags & HWPROBE_WHICH_CPUS) {
		if (!setsize || !cpus)
			return -EINVAL;
		uint8_t first = 0;
		if (gmem_copy_from(&e->mem, &first, cpus, 1))
			return -EFAULT;
		int match = 1;
		for (uint64_t i = 0; i < n && match; i++) {
			int64_t kv[2];
			if (gmem_copy_from(&e->mem, kv, pairs + 16 * i, 16))
				return -EFAULT;
			int known;
			uint64_t v = hwprobe_value(e, kv[0], &known);
			uint64_t want = (uint64_t)kv[1];
			match = known && (hwprobe_is_bitmask(kv[0]) ? (want & v) == want : want == v);
		}
		/* CPU 0 stays in the set when it was there and matches; no other CPU exists */
		uint8_t zero[256] = { 0 };
		for (uint64_t off = 0; off < setsize; off += sizeof(zero)) {
			uint64_t len = setsize - off < sizeof(zero) ? setsize - off : sizeof(zero);
			if (gmem_copy_to(&e->mem, cpus + off, zero, len))
				return -EFAULT;
		}
		first &= match ? 1 : 0;
		return gmem_copy_to(&e->mem, cpus, &first, 1) ? -EFAULT : 0;
	}
	if (setsize || cpus) {
		uint8_t first = 0;
		if (!setsize || !cpus)
			return -EINVAL;
		if (gmem_copy_from(&e->mem, &first, cpus, 1))
			return -EFAULT;
		if (!(first & 1))
			return -EINVAL;  /* only CPUs that do not exist */
	}
	for (uint64_t i = 0; i < n; i++) {
		int64_t kv[2];
		if (gmem_copy_from(&e->mem, kv, pairs + 16 * i, 16))
			return -EFAULT;
		int known;
		kv[1] = (int64_t)hwprobe_value(e, kv[0], &known);
		if (!known)
			kv[0] = -1;
		if (gmem_copy_to(&e->mem, pairs + 16 * i, kv, 16))
			return -EFAULT;
	}
	return 0;
}
SYS(sched_yield) { (void)a; thread_yield(e); return 0; }
SYS(sched_getscheduler) { (void)e; (void)a; return 0; /* SCHED_OTHER */ }

SYS(sched_getparam)
{
	uint32_t prio = 0;
	return gmem_copy_to(&e->mem, a[1], &prio, 4);
}

SYS(getpriority) { (void)e; (void)a; return 20; /* nice 0, as the kernel encodes it */ }
SYS(setpriority) { (void)e; (void)a; return 0; }
SYS(personality) { (void)e; (void)a; return 0; }

static uint64_t sys_splitmix(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void sys_random_fill(struct emu *e, uint8_t *p, uint64_t n)
{
	for (uint64_t i = 0; i < n; i += 8) {
		uint64_t r = sys_splitmix(&e->rng_state);
		memcpy(p + i, &r, n - i < 8 ? n - i : 8);
	}
}

SYS(getrandom)
{
	uint64_t len = a[1];
	if (len > (1u << 25))
		len = 1u << 25;
	uint8_t *p = gmem_host_ptr(&e->mem, a[0], len, GMEM_W);
	if (!p)
		return -EFAULT;
	sys_random_fill(e, p, len);
	return (int64_t)len;
}

/* Nanoseconds of a guest clock id, or -EINVAL. */
int64_t sys_clock_ns(struct emu *e, int id, uint64_t *ns)
{
	switch (id) {
	case CLOCK_REALTIME:
	case CLOCK_REALTIME_COARSE:
	case CLOCK_TAI:
		*ns = emu_time_ns(e, 1) + e->sleep_ns;
		return 0;
	case CLOCK_MONOTONIC:
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_MONOTONIC_COARSE:
	case CLOCK_BOOTTIME:
		*ns = emu_time_ns(e, 0) + e->sleep_ns;
		return 0;
	case CLOCK_PROCESS_CPUTIME_ID:
	case CLOCK_THREAD_CPUTIME_ID:
		*ns = sys_cpu_ns(e);
		return 0;
	default:
		return -EINVAL;
	}
}

SYS(clock_gettime)
{
	uint64_t ns;
	int64_t err = sys_clock_ns(e, (int)a[0], &ns);
	if (err)
		return err;
	int64_t ts[2] = { (int64_t)(ns / 1000000000ull), (int64_t)(ns % 1000000000ull) };
	return gmem_copy_to(&e->mem, a[1], ts, sizeof(ts));
}

SYS(clock_getres)
{
	uint64_t ns;
	int64_t err = sys_clock_ns(e, (int)a[0], &ns);
	if (err)
		return err;
	int64_t ts[2] = { 0, 1 };
	if (a[1] && gmem_copy_to(&e->mem, a[1], ts, sizeof(ts)))
		return -EFAULT;
	return 0;
}

SYS(gettimeofday)
{
	uint64_t ns = emu_time_ns(e, 1) + e->sleep_ns;
	int64_t tv[2] = { (int64_t)(ns / 1000000000ull), (int64_t)(ns % 1000000000ull / 1000) };
	if (a[0] && gmem_copy_to(&e->mem, a[0], tv, sizeof(tv)))
		return -EFAULT;
	if (a[1]) {
		int32_t tz[2] = { 0, 0 };
		if (gmem_copy_to(&e->mem, a[1], tz, sizeof(tz)))
			return -EFAULT;
	}
	return 0;
}

static int64_t sys_sleep(struct emu *e, uint64_t ns)
{
	if (thread_count(e) > 1) {  /* the others run meanwhile */
		thread_sleep(e, emu_time_ns(e, 0) + e->sleep_ns + (ns ? ns : 1));
		return 0;
	}
	if (timers_can_wake(e))  /* a timer may end the sleep early */
		return timers_wait(e, ns, e->sigmask) == 1 ? -EINTR : 0;
	if (emu_time_virtual(e)) {
		e->sleep_ns += ns;
		return 0;
	}
	struct timespec ts = { (time_t)(ns / 1000000000ull), (long)(ns % 1000000000ull) };
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
	return 0;
}

SYS(nanosleep)
{
	int64_t ts[2];
	if (gmem_copy_from(&e->mem, ts, a[0], sizeof(ts)))
		return -EFAULT;
	if (ts[0] < 0 || ts[1] < 0 || ts[1] >= 1000000000)
		return -EINVAL;
	return sys_sleep(e, (uint64_t)ts[0] * 1000000000ull + (uint64_t)ts[1]);
}

SYS(clock_nanosleep)
{
	int64_t ts[2];
	uint64_t now;
	int64_t err = sys_clock_ns(e, (int)a[0], &now);
	if (err)
		return err;
	if (gmem_copy_from(&e->mem, ts, a[2], sizeof(ts)))
		return -EFAULT;
	if (ts[0] < 0 || ts[1] < 0 || ts[1] >= 1000000000)
		return -EINVAL;
	uint64_t ns = (uint64_t)ts[0] * 1000000000ull + (uint64_t)ts[1];
	if (a[1] & TIMER_ABSTIME)
		ns = ns > now ? ns - now : 0;
	return sys_sleep(e, ns);
}

SYS(prctl)
{
	(void)e;
	switch ((int)a[0]) {
	case 15: /* PR_SET_NAME */
	case 16: /* PR_GET_NAME */
	case 4:  /* PR_SET_DUMPABLE */
	case 3:  /* PR_GET_DUMPABLE */
		return a[0] == 3 ? 1 : 0;
	default:
		return -EINVAL;
	}
}

SYS(riscv_flush_icache)
{
	(void)e;
	(void)a;
	return 0;  /* the decoded-instruction cache follows every store already */
}

SYS(membarrier)
{
	(void)e;
	(void)a;
	return 0;
}

/* Linux clone flags robin looks at. */
#define CLONE_VM_F             0x00000100ull
#define CLONE_VFORK_F          0x00004000ull
#define CLONE_THREAD_F         0x00010000ull
#define CLONE_SETTLS_F         0x00080000ull
#define CLONE_PARENT_SETTID_F  0x00100000ull
#define CLONE_CHILD_CLEARTID_F 0x00200000ull
#define CLONE_CHILD_SETTID_F   0x01000000ull

/* clone and clone3: a thread (CLONE_VM) or a process (process.c). */
static int64_t sys_clone_common(struct emu *e, uint64_t flags, uint64_t stack, uint64_t ptid,
				uint64_t tls, uint64_t ctid)
{
	if (!(flags & CLONE_VM_F) || (flags & CLONE_VFORK_F))
		return process_fork(e, flags, stack, ptid, ctid);
	int tid = thread_clone(e, stack, (flags & CLONE_SETTLS_F) != 0, tls,
			       (flags & CLONE_CHILD_CLEARTID_F) ? ctid : 0);
	if (tid < 0)
		return tid;
	uint32_t v = (uint32_t)tid;
	if ((flags & CLONE_PARENT_SETTID_F) && gmem_copy_to(&e->mem, ptid, &v, 4))
		return -EFAULT;
	if ((flags & CLONE_CHILD_SETTID_F) && gmem_copy_to(&e->mem, ctid, &v, 4))
		return -EFAULT;
	return tid;
}

/* riscv64: clone(flags, newsp, parent_tid, tls, child_tid). */
SYS(clone)
{
	return sys_clone_common(e, a[0], a[1], a[2], a[3], a[4]);
}

/* clone3(struct clone_args *, size): flags, pidfd, child_tid, parent_tid, exit_signal,
 * stack, stack_size, tls, ... */
SYS(clone3)
{
	uint64_t ca[8];
	if (a[1] < 64)
		return -EINVAL;
	if (gmem_copy_from(&e->mem, ca, a[0], sizeof(ca)))
		return -EFAULT;
	uint64_t sp = ca[5] ? ca[5] + ca[6] : 0;
	return sys_clone_common(e, ca[0], sp, ca[3], ca[7], ca[2]);
}
