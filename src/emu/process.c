/*
 * process.c — guest processes: fork, vfork and clone without CLONE_VM are a host fork of the
 * whole robin process, so the child is a copy of the emulator (guest memory copy-on-write by
 * the host, the same descriptors, its own instruction count and statistics when it exits);
 * execve runs the new riscv64 program under a fresh `robin run` with the same emulator
 * options (emu_config.exec_argv), in the same host process (the pid and the descriptors not
 * marked close-on-exec stay); wait4 and waitid are the host's, whose children are the guest's.
 * A vfork parent waits until its child has exec'd or exited, as Linux's does. A child's exit
 * raises the guest's SIGCHLD at the parent's next system call.
 */
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "emu/syscall_priv.h"
#include "emu/hermetic.h"
#include "emu/thread.h"

#define PROCESS_CLONE_VFORK        0x00004000ull
#define PROCESS_CLONE_PARENT_SETTID 0x00100000ull
#define PROCESS_CLONE_CHILD_SETTID 0x01000000ull
#define PROCESS_EM_RISCV 243
#define PROCESS_MAX_ARGS 4096

volatile sig_atomic_t process_sigchld;

static void process_on_sigchld(int sig)
{
	(void)sig;
	process_sigchld = 1;
}

void process_poll(struct emu *e)
{
	process_sigchld = 0;
	syscall_signal_raise(e, SIGCHLD, 1 /* CLD_EXITED */, 0);
}

int64_t process_fork(struct emu *e, uint64_t flags, uint64_t stack, uint64_t ptid, uint64_t ctid)
{
	int vfork_wait[2] = { -1, -1 };
	if (flags & PROCESS_CLONE_VFORK) {
		/* the child holds the write end (close-on-exec) until it execs or exits; high
		 * descriptors, so the guest's own number as they would */
		int p[2];
		if (pipe2(p, O_CLOEXEC) < 0)
			return -errno;
		vfork_wait[0] = fcntl(p[0], F_DUPFD_CLOEXEC, 900);
		vfork_wait[1] = fcntl(p[1], F_DUPFD_CLOEXEC, 900);
		close(p[0]);
		close(p[1]);
	}
	/* under hermetic the child's pid is the tree's next id, taken before the fork */
	int vpid = e->ids ? hermetic_next_id(e) : 0;
	fflush(NULL);
	/* the child's own translated code */
	struct emu_code_copy jit_copy = emu_arena_fork_copy(&e->jit_arena);
	pid_t pid = fork();
	if (pid == 0)
		emu_arena_fork_child(&e->jit_arena, jit_copy);
	else
		emu_arena_fork_parent(&e->jit_arena, jit_copy);
	if (pid < 0) {
		int err = errno;
		if (vfork_wait[0] >= 0) {
			close(vfork_wait[0]);
			close(vfork_wait[1]);
		}
		return -err;
	}
	if (pid == 0) {
		if (e->ids) {
			e->ppid = e->pid;
			e->pid = vpid;
		} else {
			e->pid = getpid();
		}
		thread_forked(e);
		if (vfork_wait[0] >= 0)
			close(vfork_wait[0]);
		if (stack)
			e->hart.x[2] = stack;
		uint32_t v = (uint32_t)e->pid;
		if ((flags & PROCESS_CLONE_CHILD_SETTID) && ctid && gmem_copy_to(&e->mem, ctid, &v, 4))
			return -EFAULT;  /* the child's view; the parent already has its pid */
		return 0;
	}
	static int handler_installed;
	if (!handler_installed) {  /* the guest's SIGCHLD, at its next system call */
		struct sigaction sa;
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = process_on_sigchld;
		sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGCHLD, &sa, NULL);
		handler_installed = 1;
	}
	if (vfork_wait[0] >= 0) {
		close(vfork_wait[1]);
		char c;
		while (read(vfork_wait[0], &c, 1) < 0 && errno == EINTR)
			;
		close(vfork_wait[0]);
	}
	if (e->ids) {
		hermetic_child(e, vpid, pid);
		pid = vpid;
	}
	uint32_t v = (uint32_t)pid;
	if ((flags & PROCESS_CLONE_PARENT_SETTID) && ptid && gmem_copy_to(&e->mem, ptid, &v, 4))
		return -EFAULT;
	return pid;
}

/* ---- execve -------------------------------------------------------------------------------- */

/* Copy the NULL-terminated array of guest strings at addr into a host array (malloc'd strings
 * after `skip` leading slots). Returns the count, or -errno. */
static int process_strings(struct emu *e, uint64_t addr, char **out, int max)
{
	int n = 0;
	for (; addr; n++) {
		uint64_t p;
		if (n >= max)
			return -E2BIG;
		if (gmem_copy_from(&e->mem, &p, addr + 8 * (uint64_t)n, 8))
			return -EFAULT;
		if (!p)
			break;
		char buf[PATH_MAX * 4];
		long len = gmem_strncpy_from(&e->mem, buf, p, sizeof(buf));
		if (len < 0)
			return (int)len;
		if (!(out[n] = strdup(buf)))
			return -ENOMEM;
	}
	out[n] = NULL;
	return n;
}

static void process_free_strings(char **v)
{
	for (int i = 0; v && v[i]; i++)
		free(v[i]);
}

/* The first bytes of the host file `path` into hdr; the count, or -errno. */
static int process_header(const char *path, char *hdr, size_t n)
{
	if (access(path, X_OK) < 0)
		return -errno;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ssize_t r = read(fd, hdr, n - 1);
	int err = errno;
	close(fd);
	if (r < 0)
		return -err;
	hdr[r] = 0;
	return (int)r;
}

/* Is the header that of a riscv64 ELF program? */
static int process_is_riscv64(const char *hdr, int len)
{
	uint16_t mach;
	if (len < 20 || memcmp(hdr, "\177ELF", 4) || hdr[4] != 2)
		return 0;
	memcpy(&mach, hdr + 18, 2);
	return mach == PROCESS_EM_RISCV;
}

SYS(execve)
{
	static char *argv[PROCESS_MAX_ARGS], *envp[PROCESS_MAX_ARGS];
	char gpath[PATH_MAX], tmp[PATH_MAX], interp[PATH_MAX], itmp[PATH_MAX], hdr[256];
	const char *path;
	if (!e->cfg.exec_argv) {
		syscall_warn(e, 221, "execve is only supported under robin run; returning ENOSYS");
		return -ENOSYS;
	}
	int err = syscall_path(e, a[0], gpath, sizeof(gpath), tmp, sizeof(tmp), &path);
	if (err)
		return err;
	int len = process_header(path, hdr, sizeof(hdr));
	if (len < 0)
		return len;
	int n_pre = 0;
	while (e->cfg.exec_argv[n_pre])
		n_pre++;
	/* argv of the host command: robin run OPTIONS -- PROG [interpreter arg] ARGS; under
	 * hermetic OPTIONS gain --hermetic-ids FD,PID,PPID,NEXT: the same pid and id table */
	int at = 0;
	char ids[64];
	for (int i = 0; i < n_pre; i++) {
		if (e->ids && i == n_pre - 1 && !strcmp(e->cfg.exec_argv[i], "--")) {
			hermetic_exec_arg(e, ids, sizeof(ids));
			argv[at++] = "--hermetic-ids";
			argv[at++] = ids;
		}
		argv[at++] = e->cfg.exec_argv[i];
	}
	char *iarg = NULL;
	if (len >= 2 && hdr[0] == '#' && hdr[1] == '!') {
		/* "#!interpreter [one argument]": the interpreter gets the script's path */
		char *s = hdr + 2, *nl = strchr(s, '\n');
		if (nl)
			*nl = 0;
		while (*s == ' ' || *s == '\t')
			s++;
		char *end = s + strcspn(s, " \t");
		if (*end) {
			*end++ = 0;
			end += strspn(end, " \t");
			size_t k = strlen(end);
			while (k && (end[k - 1] == ' ' || end[k - 1] == '\t' || end[k - 1] == '\r'))
				end[--k] = 0;
			if (k)
				iarg = end;
		}
		snprintf(interp, sizeof(interp), "%s", s);
		const char *ipath = emu_path(e, interp, itmp, sizeof(itmp));
		char ihdr[256];
		int ilen = process_header(ipath, ihdr, sizeof(ihdr));
		if (ilen < 0)
			return ilen;
		if (!process_is_riscv64(ihdr, ilen)) {
			fprintf(stderr, "robin: execve: %s: its interpreter %s is not a riscv64 program\n",
				gpath, ipath);
			return -ENOEXEC;
		}
		argv[at++] = (char *)ipath;
		if (iarg)
			argv[at++] = iarg;
	} else if (!process_is_riscv64(hdr, len)) {
		fprintf(stderr, "robin: execve: %s is not a riscv64 program\n", path);
		return -ENOEXEC;
	}
	argv[at++] = (char *)path;
	int n = process_strings(e, a[1], argv + at, PROCESS_MAX_ARGS - at - 1);
	int m = n < 0 ? n : process_strings(e, a[2], envp, PROCESS_MAX_ARGS - 1);
	if (n < 0 || m < 0) {
		if (n >= 0)
			process_free_strings(argv + at);
		return n < 0 ? n : m;
	}
	/* the guest's argv[0] is replaced by the program's path (robin run's argv[0]) */
	if (n > 0) {
		free(argv[at]);
		memmove(argv + at, argv + at + 1, (size_t)n * sizeof(*argv));
	}
	fflush(NULL);
	execve("/proc/self/exe", argv, envp);
	err = -errno;
	process_free_strings(argv + at);
	process_free_strings(envp);
	return err;
}

/* ---- wait ---------------------------------------------------------------------------------- */

SYS(wait4)
{
	int status = 0;
	struct rusage ru;  /* same layout on both 64-bit ABIs */
	pid_t want = (pid_t)a[0];
	if (want > 0 && (want = hermetic_host_pid(e, want)) < 0)
		return -ECHILD;
	pid_t r = wait4(want, a[1] ? &status : NULL, (int)a[2], a[3] ? &ru : NULL);
	if (r < 0)
		return -errno;
	r = hermetic_guest_pid(e, r);
	if (a[1]) {
		int32_t s = status;
		if (gmem_copy_to(&e->mem, a[1], &s, 4))
			return -EFAULT;
	}
	if (a[3] && r > 0 && gmem_copy_to(&e->mem, a[3], &ru, sizeof(ru)))
		return -EFAULT;
	return r;
}

SYS(waitid)
{
	siginfo_t si;  /* 128 bytes, the SIGCHLD fields at the same offsets on both ABIs */
	struct rusage ru;
	memset(&si, 0, sizeof(si));
	id_t id = (id_t)a[1];
	if ((idtype_t)a[0] == P_PID) {
		int host = hermetic_host_pid(e, (int)a[1]);
		if (host < 0)
			return -ECHILD;
		id = (id_t)host;
	}
	if (waitid((idtype_t)a[0], id, &si, (int)a[3]) < 0)
		return -errno;
	if (si.si_pid > 0)
		si.si_pid = hermetic_guest_pid(e, si.si_pid);
	if (a[2] && gmem_copy_to(&e->mem, a[2], &si, sizeof(si)))
		return -EFAULT;
	if (a[4]) {
		memset(&ru, 0, sizeof(ru));
		if (gmem_copy_to(&e->mem, a[4], &ru, sizeof(ru)))
			return -EFAULT;
	}
	return 0;
}
