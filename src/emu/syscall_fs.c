/*
 * syscall_fs.c — file and descriptor system calls. Guest descriptors are host descriptors
 * (as in qemu-user); guest absolute paths resolve in the sysroot first when the file exists
 * there; buffers are checked against guest permissions; struct stat is converted to the
 * riscv64 layout (syscall_conv.h).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/uio.h>
#include <termios.h>
#include <unistd.h>

#include "emu/syscall_conv.h"
#include "emu/syscall_priv.h"
#include "emu/thread.h"

#define SYS_FD(x) ((int)(int64_t)(x))
#define SYS_CHECK_FD(e, fd)                          \
	do {                                         \
		if (syscall_private_fd((e), (fd)))   \
			return -EBADF;               \
	} while (0)

/* Path argument `i` resolved into `name` (declares the buffers). */
#define SYS_PATH(e, gaddr, name)                                                        \
	char name##_buf[PATH_MAX], name##_tmp[PATH_MAX];                                \
	const char *name;                                                               \
	do {                                                                            \
		int err_ = syscall_path((e), (gaddr), name##_buf, sizeof(name##_buf),   \
					name##_tmp, sizeof(name##_tmp), &name);         \
		if (err_)                                                               \
			return err_;                                                    \
	} while (0)

static int sys_dirfd(int64_t fd)
{
	return (int)fd;  /* AT_FDCWD (-100) has the same value on both sides */
}

/* Is host descriptor fd the kernel's random device (character device 1:8 /dev/random or 1:9
 * /dev/urandom, however it was reached)? */
static int sys_random_dev(int fd)
{
	struct stat st;
	return !fstat(fd, &st) && S_ISCHR(st.st_mode) && major(st.st_rdev) == 1 &&
	       (minor(st.st_rdev) == 8 || minor(st.st_rdev) == 9);
}

/* Under --hermetic the random devices read from the --seed stream that getrandom serves: a
 * program that seeds itself from /dev/urandom (SQLite does) then runs the same on every run.
 * The descriptor stays the host's device (a checkpoint reopens it by its path). A read asks
 * fstat only once the guest may hold such a device (e->random_dev: the descriptors it had
 * when it first read, and every one openat gave it since; a dup can only copy one of those):
 * an fstat per read doubled the time of a guest reading a file a byte at a time. */
static int sys_seeded_random(struct emu *e, int fd)
{
	if (!e->cfg.hermetic)
		return 0;
	if (!e->random_dev) {
		e->random_dev = 1;
		DIR *d = opendir("/proc/self/fd");
		struct dirent *de;
		while (d && (de = readdir(d)) && e->random_dev == 1) {
			char *end;
			long n = strtol(de->d_name, &end, 10);
			if (!*end && end != de->d_name && n != dirfd(d) && sys_random_dev((int)n))
				e->random_dev = 2;
		}
		if (d)
			closedir(d);
		else
			e->random_dev = 2;  /* unknown: ask every time */
	}
	return e->random_dev == 2 && sys_random_dev(fd);
}

SYS(openat)
{
	char gpath[64];
	if (gmem_strncpy_from(&e->mem, gpath, a[1], sizeof(gpath)) > 0 && !strncmp(gpath, "/proc/", 6)) {
		int pfd = procfs_open(e, gpath, (int)a[2]);
		if (pfd != PROCFS_HOST)
			return pfd;
	}
	SYS_PATH(e, a[1], path);
	int fd = openat(sys_dirfd((int64_t)a[0]), path, (int)a[2], (mode_t)a[3]);
	if (fd >= 0 && e->random_dev == 1 && sys_random_dev(fd))
		e->random_dev = 2;  /* its reads go to the --seed stream (sys_seeded_random) */
	return syscall_host(fd);
}

SYS(close)
{
	SYS_CHECK_FD(e, (int64_t)a[0]);
	return syscall_host(close(SYS_FD(a[0])));
}

SYS(close_range)
{
	(void)e;
	(void)a;
	return -ENOSYS;  /* glibc falls back to closing one by one */
}

/* A read of n bytes into iov from a seeded random device: each one filled. */
static int64_t sys_random_readv(struct emu *e, const struct iovec *iov, int n)
{
	int64_t got = 0;
	for (int i = 0; i < n; i++) {
		sys_random_fill(e, iov[i].iov_base, iov[i].iov_len);
		got += (int64_t)iov[i].iov_len;
	}
	return got;
}

SYS(read)
{
	SYS_CHECK_FD(e, (int64_t)a[0]);
	if (sys_seeded_random(e, SYS_FD(a[0]))) {
		void *q = gmem_host_ptr(&e->mem, a[1], a[2], GMEM_W);
		if (!q)
			return -EFAULT;
		sys_random_fill(e, q, a[2]);
		return (int64_t)a[2];
	}
	if (e->n_threads > 1 && thread_io_wait(e, SYS_FD(a[0]), POLLIN) == 1)
		return (int64_t)a[0];  /* again at this thread's next turn */
	void *p = gmem_host_ptr(&e->mem, a[1], a[2], GMEM_W);
	if (!p)
		return -EFAULT;
	return syscall_host(read(SYS_FD(a[0]), p, a[2]));
}

/* Another guest thread can run: the write must not block the host (a pipe's reader may be
 * that thread). Writes what fits; -EAGAIN becomes a retry at the thread's next turn. */
static int64_t sys_write_nb(struct emu *e, int fd, const struct iovec *iov, int n, uint64_t a0)
{
	int fl = fcntl(fd, F_GETFL);
	if (fl >= 0 && !(fl & O_NONBLOCK))
		fcntl(fd, F_SETFL, fl | O_NONBLOCK);
	int64_t r = syscall_host(writev(fd, iov, n));
	if (fl >= 0 && !(fl & O_NONBLOCK)) {
		fcntl(fd, F_SETFL, fl);
		if (r == -EAGAIN) {
			thread_io_retry(e);
			return (int64_t)a0;
		}
	}
	return r;
}

SYS(write)
{
	SYS_CHECK_FD(e, (int64_t)a[0]);
	int w = e->n_threads > 1 ? thread_io_wait(e, SYS_FD(a[0]), POLLOUT) : 0;
	if (w == 1)
		return (int64_t)a[0];  /* again at this thread's next turn */
	void *p = gmem_host_ptr(&e->mem, a[1], a[2], GMEM_R);
	if (!p)
		return -EFAULT;
	if (w == 2) {
		struct iovec one = { p, a[2] };
		return sys_write_nb(e, SYS_FD(a[0]), &one, 1, a[0]);
	}
	return syscall_host(write(SYS_FD(a[0]), p, a[2]));
}

SYS(pread64)
{
	SYS_CHECK_FD(e, (int64_t)a[0]);
	void *p = gmem_host_ptr(&e->mem, a[1], a[2], GMEM_W);
	if (!p)
		return -EFAULT;
	if (sys_seeded_random(e, SYS_FD(a[0]))) {
		sys_random_fill(e, p, a[2]);
		return (int64_t)a[2];
	}
	return syscall_host(pread(SYS_FD(a[0]), p, a[2], (off_t)a[3]));
}

SYS(pwrite64)
{
	SYS_CHECK_FD(e, (int64_t)a[0]);
	void *p = gmem_host_ptr(&e->mem, a[1], a[2], GMEM_R);
	if (!p)
		return -EFAULT;
	return syscall_host(pwrite(SYS_FD(a[0]), p, a[2], (off_t)a[3]));
}

#define SYS_IOV_MAX 1024

/* Translate a guest iovec array into host iovecs; returns the count or -errno. */
static int sys_iov(struct emu *e, uint64_t gaddr, uint64_t n, struct iovec *iov, unsigned need)
{
	if (n > SYS_IOV_MAX)
		return -EINVAL;
	for (uint64_t i = 0; i < n; i++) {
		uint64_t g[2];
		if (gmem_copy_from(&e->mem, g, gaddr + i * 16, 16))
			return -EFAULT;
		void *p = gmem_host_ptr(&e->mem, g[0], g[1], need);
		if (!p)
			return -EFAULT;
		iov[i].iov_base = p;
		iov[i].iov_len = g[1];
	}
	return (int)n;
}

SYS(readv)
{
	struct iovec iov[SYS_IOV_MAX];
	SYS_CHECK_FD(e, (int64_t)a[0]);
	if (e->n_threads > 1 && thread_io_wait(e, SYS_FD(a[0]), POLLIN) == 1)
		return (int64_t)a[0];
	int n = sys_iov(e, a[1], a[2], iov, GMEM_W);
	if (n < 0)
		return n;
	if (sys_seeded_random(e, SYS_FD(a[0])))
		return sys_random_readv(e, iov, n);
	return syscall_host(readv(SYS_FD(a[0]), iov, n));
}

SYS(writev)
{
	struct iovec iov[SYS_IOV_MAX];
	SYS_CHECK_FD(e, (int64_t)a[0]);
	int w = e->n_threads > 1 ? thread_io_wait(e, SYS_FD(a[0]), POLLOUT) : 0;
	if (w == 1)
		return (int64_t)a[0];
	int n = sys_iov(e, a[1], a[2], iov, GMEM_R);
	if (n < 0)
		return n;
	if (w == 2)
		return sys_write_nb(e, SYS_FD(a[0]), iov, n, a[0]);
	return syscall_host(writev(SYS_FD(a[0]), iov, n));
}

SYS(preadv)
{
	struct iovec iov[SYS_IOV_MAX];
	SYS_CHECK_FD(e, (int64_t)a[0]);
	int n = sys_iov(e, a[1], a[2], iov, GMEM_W);
	if (n < 0)
		return n;
	if (sys_seeded_random(e, SYS_FD(a[0])))
		return sys_random_readv(e, iov, n);
	return syscall_host(preadv(SYS_FD(a[0]), iov, n, (off_t)a[3]));
}

SYS(pwritev)
{
	struct iovec iov[SYS_IOV_MAX];
	SYS_CHECK_FD(e, (int64_t)a[0]);
	int n = sys_iov(e, a[1], a[2], iov, GMEM_R);
	if (n < 0)
		return n;
	return syscall_host(pwritev(SYS_FD(a[0]), iov, n, (off_t)a[3]));
}

SYS(lseek)
{
	SYS_CHECK_FD(e, (int64_t)a[0]);
	return syscall_host(lseek(SYS_FD(a[0]), (off_t)a[1], (int)a[2]));
}

static int64_t sys_put_stat(struct emu *e, uint64_t gaddr, const struct stat *st)
{
	uint8_t out[SYSCONV_STAT_SIZE];
	sysconv_stat(st, out);
	return gmem_copy_to(&e->mem, gaddr, out, sizeof(out));
}

SYS(fstat)
{
	struct stat st;
	SYS_CHECK_FD(e, (int64_t)a[0]);
	if (fstat(SYS_FD(a[0]), &st) < 0)
		return -errno;
	return sys_put_stat(e, a[1], &st);
}

SYS(newfstatat)
{
	struct stat st;
	SYS_PATH(e, a[1], path);
	if (fstatat(sys_dirfd((int64_t)a[0]), path, &st, (int)a[3]) < 0)
		return -errno;
	return sys_put_stat(e, a[2], &st);
}

SYS(statx)
{
	uint8_t buf[256];
	SYS_PATH(e, a[1], path);
	long r = syscall(SYS_statx, sys_dirfd((int64_t)a[0]), path, (int)a[2], (unsigned)a[3], buf);
	if (r < 0)
		return -errno;
	return gmem_copy_to(&e->mem, a[4], buf, sizeof(buf));
}

SYS(readlinkat)
{
	char buf[PATH_MAX], res[PATH_MAX], tmp[PATH_MAX];
	long len = gmem_strncpy_from(&e->mem, buf, a[1], sizeof(buf));
	if (len < 0)
		return len;
	ssize_t n;
	char self[64];
	snprintf(self, sizeof(self), "/proc/%d/exe", e->pid);
	if (!strcmp(buf, "/proc/self/exe") || !strcmp(buf, self)) {
		n = (ssize_t)strlen(e->exe_guest);
		memcpy(res, e->exe_guest, (size_t)n);
	} else {
		n = readlinkat(sys_dirfd((int64_t)a[0]), emu_path(e, buf, tmp, sizeof(tmp)), res, sizeof(res));
		if (n < 0)
			return -errno;
	}
	if ((uint64_t)n > a[3])
		n = (ssize_t)a[3];
	int err = gmem_copy_to(&e->mem, a[2], res, (uint64_t)n);
	return err ? err : n;
}

SYS(getdents64)
{
	SYS_CHECK_FD(e, (int64_t)a[0]);
	void *p = gmem_host_ptr(&e->mem, a[1], a[2], GMEM_W);
	if (!p)
		return -EFAULT;
	/* struct linux_dirent64 has one layout on every architecture */
	return syscall_host(syscall(SYS_getdents64, SYS_FD(a[0]), p, (size_t)a[2]));
}

SYS(faccessat)
{
	SYS_PATH(e, a[1], path);
	return syscall_host(faccessat(sys_dirfd((int64_t)a[0]), path, (int)a[2], 0));
}

SYS(faccessat2)
{
	SYS_PATH(e, a[1], path);
	return syscall_host(faccessat(sys_dirfd((int64_t)a[0]), path, (int)a[2], (int)a[3]));
}

SYS(unlinkat)
{
	SYS_PATH(e, a[1], path);
	return syscall_host(unlinkat(sys_dirfd((int64_t)a[0]), path, (int)a[2]));
}

SYS(mkdirat)
{
	SYS_PATH(e, a[1], path);
	return syscall_host(mkdirat(sys_dirfd((int64_t)a[0]), path, (mode_t)a[2]));
}

SYS(mknodat)
{
	SYS_PATH(e, a[1], path);
	return syscall_host(mknodat(sys_dirfd((int64_t)a[0]), path, (mode_t)a[2], (dev_t)a[3]));
}

SYS(renameat)
{
	SYS_PATH(e, a[1], from);
	SYS_PATH(e, a[3], to);
	return syscall_host(renameat(sys_dirfd((int64_t)a[0]), from, sys_dirfd((int64_t)a[2]), to));
}

SYS(renameat2)
{
	SYS_PATH(e, a[1], from);
	SYS_PATH(e, a[3], to);
	return syscall_host(renameat2(sys_dirfd((int64_t)a[0]), from, sys_dirfd((int64_t)a[2]), to,
				      (unsigned)a[4]));
}

SYS(linkat)
{
	SYS_PATH(e, a[1], from);
	SYS_PATH(e, a[3], to);
	return syscall_host(linkat(sys_dirfd((int64_t)a[0]), from, sys_dirfd((int64_t)a[2]), to,
				   (int)a[4]));
}

SYS(symlinkat)
{
	char target[PATH_MAX];
	long len = gmem_strncpy_from(&e->mem, target, a[0], sizeof(target));
	if (len < 0)
		return len;
	SYS_PATH(e, a[2], path);
	return syscall_host(symlinkat(target, sys_dirfd((int64_t)a[1]), path));
}

SYS(fchmod)
{
	SYS_CHECK_FD(e, (int64_t)a[0]);
	return syscall_host(fchmod(SYS_FD(a[0]), (mode_t)a[1]));
}

SYS(fchmodat)
{
	SYS_PATH(e, a[1], path);
	return syscall_host(fchmodat(sys_dirfd((int64_t)a[0]), path, (mode_t)a[2], 0));
}

SYS(fchown)
{
	SYS_CHECK_FD(e, (int64_t)a[0]);
	return syscall_host(fchown(SYS_FD(a[0]), (uid_t)a[1], (gid_t)a[2]));
}

SYS(fchownat)
{
	SYS_PATH(e, a[1], path);
	return syscall_host(fchownat(sys_dirfd((int64_t)a[0]), path, (uid_t)a[2], (gid_t)a[3], (int)a[4]));
}

SYS(utimensat)
{
	struct timespec ts[2];
	const char *path = NULL;
	char pbuf[PATH_MAX], ptmp[PATH_MAX];
	if (a[1]) {
		int err = syscall_path(e, a[1], pbuf, sizeof(pbuf), ptmp, sizeof(ptmp), &path);
		if (err)
			return err;
	}
	if (a[2] && gmem_copy_from(&e->mem, ts, a[2], sizeof(ts)))
		return -EFAULT;
	return syscall_host(syscall(SYS_utimensat, sys_dirfd((int64_t)a[0]), path, a[2] ? ts : NULL,
				    (int)a[3]));
}

SYS(ftruncate)
{
	SYS_CHECK_FD(e, (int64_t)a[0]);
	return syscall_host(ftruncate(SYS_FD(a[0]), (off_t)a[1]));
}

SYS(truncate)
{
	SYS_PATH(e, a[0], path);
	return syscall_host(truncate(path, (off_t)a[1]));
}

SYS(fallocate)
{
	SYS_CHECK_FD(e, (int64_t)a[0]);
	return syscall_host(fallocate(SYS_FD(a[0]), (int)a[1], (off_t)a[2], (off_t)a[3]));
}

SYS(fsync)
{
	SYS_CHECK_FD(e, (int64_t)a[0]);
	return syscall_host(fsync(SYS_FD(a[0])));
}

SYS(fdatasync)
{
	SYS_CHECK_FD(e, (int64_t)a[0]);
	return syscall_host(fdatasync(SYS_FD(a[0])));
}

SYS(sync)
{
	(void)e;
	(void)a;
	sync();
	return 0;
}

SYS(fadvise64)
{
	(void)e;
	(void)a;
	return 0;
}

SYS(chdir)
{
	SYS_PATH(e, a[0], path);
	return syscall_host(chdir(path));
}

SYS(fchdir)
{
	SYS_CHECK_FD(e, (int64_t)a[0]);
	return syscall_host(fchdir(SYS_FD(a[0])));
}

SYS(getcwd)
{
	char buf[PATH_MAX];
	if (!getcwd(buf, sizeof(buf)))
		return -errno;
	uint64_t len = strlen(buf) + 1;
	if (len > a[1])
		return -ERANGE;
	int err = gmem_copy_to(&e->mem, a[0], buf, len);
	return err ? err : (int64_t)len;
}

SYS(dup)
{
	SYS_CHECK_FD(e, (int64_t)a[0]);
	return syscall_host(dup(SYS_FD(a[0])));
}

SYS(dup3)
{
	SYS_CHECK_FD(e, (int64_t)a[0]);
	SYS_CHECK_FD(e, (int64_t)a[1]);
	return syscall_host(dup3(SYS_FD(a[0]), SYS_FD(a[1]), (int)a[2]));
}

SYS(fcntl)
{
	int fd = SYS_FD(a[0]), cmd = (int)a[1];
	SYS_CHECK_FD(e, fd);
	switch (cmd) {
	case F_DUPFD:
	case F_DUPFD_CLOEXEC:
	case F_GETFD:
	case F_SETFD:
	case F_GETFL:
	case F_SETFL:
	case F_GETOWN:
	case F_SETOWN:
	case F_GETPIPE_SZ:
	case F_SETPIPE_SZ:
	case F_ADD_SEALS:
	case F_GET_SEALS:
		return syscall_host(fcntl(fd, cmd, (long)a[2]));
	case F_GETLK:
	case F_SETLK:
	case F_SETLKW:
	case F_OFD_GETLK:
	case F_OFD_SETLK:
	case F_OFD_SETLKW: {
		struct flock fl;  /* same layout on riscv64 and x86-64 */
		if (gmem_copy_from(&e->mem, &fl, a[2], sizeof(fl)))
			return -EFAULT;
		if (fcntl(fd, cmd, &fl) < 0)
			return -errno;
		return gmem_copy_to(&e->mem, a[2], &fl, sizeof(fl));
	}
	default:
		return -EINVAL;
	}
}

SYS(pipe2)
{
	int fds[2];
	if (pipe2(fds, (int)a[1]) < 0)
		return -errno;
	int32_t g[2] = { fds[0], fds[1] };
	if (gmem_copy_to(&e->mem, a[0], g, sizeof(g))) {
		close(fds[0]);
		close(fds[1]);
		return -EFAULT;
	}
	return 0;
}

/* ioctl requests with the same number and argument layout on riscv64 and x86-64. */
SYS(ioctl)
{
	int fd = SYS_FD(a[0]);
	unsigned long req = (unsigned long)(uint32_t)a[1];
	SYS_CHECK_FD(e, fd);
	size_t size;
	int in = 0, out = 0;
	switch (req) {
	case TCGETS:
		size = SYSCONV_TERMIOS_SIZE, out = 1;
		break;
	case TCSETS:
	case TCSETSW:
	case TCSETSF:
		size = SYSCONV_TERMIOS_SIZE, in = 1;
		break;
	case TIOCGWINSZ:
		size = sizeof(struct winsize), out = 1;
		break;
	case TIOCSWINSZ:
		size = sizeof(struct winsize), in = 1;
		break;
	case TIOCGPGRP:
	case FIONREAD:
		size = sizeof(int), out = 1;
		break;
	case TIOCSPGRP:
	case FIONBIO:
		size = sizeof(int), in = 1;
		break;
	case FIOCLEX:
	case FIONCLEX:
	case TCFLSH:
	case TCXONC:
	case TCSBRK:
		return syscall_host(ioctl(fd, req, (unsigned long)a[2]));
	default:
		return -ENOTTY;
	}
	uint8_t buf[64];
	if (in && gmem_copy_from(&e->mem, buf, a[2], size))
		return -EFAULT;
	if (ioctl(fd, req, buf) < 0)
		return -errno;
	if (out)
		return gmem_copy_to(&e->mem, a[2], buf, size);
	return 0;
}

SYS(statfs)
{
	struct statfs st;  /* same layout on both 64-bit ABIs */
	SYS_PATH(e, a[0], path);
	if (statfs(path, &st) < 0)
		return -errno;
	return gmem_copy_to(&e->mem, a[1], &st, sizeof(st));
}

SYS(fstatfs)
{
	struct statfs st;
	SYS_CHECK_FD(e, (int64_t)a[0]);
	if (fstatfs(SYS_FD(a[0]), &st) < 0)
		return -errno;
	return gmem_copy_to(&e->mem, a[1], &st, sizeof(st));
}

SYS(umask)
{
	(void)e;
	return umask((mode_t)a[0]);
}

SYS(sendfile)
{
	off_t off;
	SYS_CHECK_FD(e, (int64_t)a[0]);
	SYS_CHECK_FD(e, (int64_t)a[1]);
	if (a[2] && gmem_copy_from(&e->mem, &off, a[2], sizeof(off)))
		return -EFAULT;
	ssize_t r = sendfile(SYS_FD(a[0]), SYS_FD(a[1]), a[2] ? &off : NULL, a[3]);
	if (r < 0)
		return -errno;
	if (a[2] && gmem_copy_to(&e->mem, a[2], &off, sizeof(off)))
		return -EFAULT;
	return r;
}

SYS(copy_file_range)
{
	(void)e;
	(void)a;
	return -ENOSYS;  /* glibc falls back to read/write */
}

SYS(ppoll)
{
	uint64_t n = a[1];
	if (n > 1024)
		return -EINVAL;
	struct pollfd *p = gmem_host_ptr(&e->mem, a[0], n * sizeof(struct pollfd), GMEM_R | GMEM_W);
	if (!p && n)
		return -EFAULT;
	struct timespec ts;
	if (a[2] && gmem_copy_from(&e->mem, &ts, a[2], sizeof(ts)))
		return -EFAULT;
	if (n == 0 && timers_can_wake(e)) {
		/* pause() or a plain sleep: a timer's signal may end it (glibc's pause is this) */
		uint64_t max = a[2] ? (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec
				    : UINT64_MAX;
		return timers_wait(e, max, e->sigmask) == 1 ? -EINTR : 0;
	}
	return syscall_host(ppoll(p, n, a[2] ? &ts : NULL, NULL));
}

SYS(pselect6)
{
	fd_set *sets[3] = { NULL, NULL, NULL };
	int nfds = (int)a[0];
	if (nfds < 0 || nfds > FD_SETSIZE)
		return -EINVAL;
	size_t bytes = (size_t)(nfds + 63) / 64 * 8;
	fd_set local[3];
	for (int i = 0; i < 3; i++) {
		if (!a[1 + i])
			continue;
		memset(&local[i], 0, sizeof(local[i]));
		if (gmem_copy_from(&e->mem, &local[i], a[1 + i], bytes))
			return -EFAULT;
		sets[i] = &local[i];
	}
	struct timespec ts;
	if (a[4] && gmem_copy_from(&e->mem, &ts, a[4], sizeof(ts)))
		return -EFAULT;
	int r = pselect(nfds, sets[0], sets[1], sets[2], a[4] ? &ts : NULL, NULL);
	if (r < 0)
		return -errno;
	for (int i = 0; i < 3; i++)
		if (sets[i] && gmem_copy_to(&e->mem, a[1 + i], sets[i], bytes))
			return -EFAULT;
	return r;
}

SYS(flock)
{
	SYS_CHECK_FD(e, (int64_t)a[0]);
	return syscall_host(flock(SYS_FD(a[0]), (int)a[1]));
}

SYS(memfd_create)
{
	char name[256];
	long len = gmem_strncpy_from(&e->mem, name, a[0], sizeof(name));
	if (len < 0)
		return len;
	return syscall_host(syscall(SYS_memfd_create, name, (unsigned)a[1]));
}
