/*
 * hermetic.c — the guest's fixed world (see hermetic.h). Ids: a page shared by every robin
 * process of one guest process tree (a memfd, inherited across fork and handed to the robin a
 * guest execve starts) holds the next id and the guest-to-host pid pairs of the children.
 * Threads of one process are simulated in turn, so their ids follow their creation order
 * exactly; processes that create threads or children at the same moment on the host take ids
 * in the order they reach the table.
 */
#include "emu/emu_priv.h"
#include "emu/hermetic.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#define HERMETIC_CHILDREN 4096

struct hermetic_ids {
	_Atomic int next;                 /* the next id to hand out */
	_Atomic int n;                    /* pairs used */
	struct { _Atomic int vpid, host; } pair[HERMETIC_CHILDREN];
};

char *const emu_hermetic_env_base[] = { "PATH=/usr/local/bin:/usr/bin:/bin", "HOME=/", NULL };

int emu_env(char *const *base, char *const *extra, int n, char **out, int max)
{
	int k = 0;
	for (; base && *base; base++) {
		size_t len = strcspn(*base, "=");
		int replaced = 0;
		for (int i = 0; i < n && !replaced; i++)
			replaced = !strncmp(extra[i], *base, len) && extra[i][len] == '=';
		if (replaced)
			continue;
		if (k + 1 >= max)
			return -E2BIG;
		out[k++] = *base;
	}
	for (int i = 0; i < n; i++) {
		if (k + 1 >= max)
			return -E2BIG;
		out[k++] = extra[i];
	}
	out[k] = NULL;
	return k;
}

static int hermetic_map(struct emu *e, int fd)
{
	void *p = mmap(NULL, sizeof(struct hermetic_ids), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		return -errno;
	e->ids = p;
	e->ids_fd = fd;
	if (e->n_private_fds < (int)(sizeof(e->private_fds) / sizeof(e->private_fds[0])))
		e->private_fds[e->n_private_fds++] = fd;
	return 0;
}

int hermetic_init(struct emu *e)
{
	e->ids = NULL;
	e->ids_fd = -1;
	e->ppid = -1;
	e->pid = getpid();
	if (!e->cfg.hermetic)
		return 0;
	int pid = EMU_HERMETIC_PID, ppid = EMU_HERMETIC_PID - 1, next = EMU_HERMETIC_PID + 1;
	if (e->cfg.hermetic_ids) {
		int fd;
		char tail;
		if (sscanf(e->cfg.hermetic_ids, "%d,%d,%d,%d%c", &fd, &pid, &ppid, &next, &tail) != 4 ||
		    pid <= 0 || next <= pid)
			return -EINVAL;
		if (fd >= 0) {
			int err = hermetic_map(e, fd);
			if (err)
				return err;
			e->pid = pid;
			e->ppid = ppid;
			return 0;
		}
	}
	/* The table lives in a memfd on a high descriptor, as robin's other own descriptors, that
	 * an execve keeps. Under a file-size limit below the table's size (ftruncate would raise
	 * SIGXFSZ) it is a shared anonymous mapping: forked children still share it, and the robin
	 * of an execve starts a table of its own at the next id. */
	struct rlimit fl;
	int fd = getrlimit(RLIMIT_FSIZE, &fl) == 0 && fl.rlim_cur != RLIM_INFINITY &&
	                 fl.rlim_cur < sizeof(struct hermetic_ids)
	         ? -1
	         : memfd_create("robin-ids", 0);
	if (fd < 0) {
		void *p = mmap(NULL, sizeof(struct hermetic_ids), PROT_READ | PROT_WRITE,
		               MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			return -errno;
		e->ids = p;
		atomic_store(&e->ids->next, next);
		e->pid = pid;
		e->ppid = ppid;
		return 0;
	}
	int high = fcntl(fd, F_DUPFD, 950);
	if (high >= 0) {
		close(fd);
		fd = high;
	}
	if (ftruncate(fd, sizeof(struct hermetic_ids)) < 0) {
		int err = -errno;
		close(fd);
		return err;
	}
	int err = hermetic_map(e, fd);
	if (err) {
		close(fd);
		return err;
	}
	atomic_store(&e->ids->next, next);
	e->pid = pid;
	e->ppid = ppid;
	return 0;
}

int hermetic_detach(struct emu *e)
{
	if (!e->ids)
		return 0;
	struct hermetic_ids *old = e->ids;
	if (e->ids_fd >= 0) {
		/* a memfd of its own at the same descriptor (an execve'd robin finds it there) */
		int fd = memfd_create("robin-ids", 0);
		if (fd < 0)
			return -errno;
		if (ftruncate(fd, sizeof(*old)) < 0 || dup3(fd, e->ids_fd, 0) < 0) {
			int err = -errno;
			close(fd);
			return err;
		}
		close(fd);
		void *p = mmap(NULL, sizeof(*old), PROT_READ | PROT_WRITE, MAP_SHARED, e->ids_fd, 0);
		if (p == MAP_FAILED)
			return -errno;
		e->ids = p;
	} else {
		void *p = mmap(NULL, sizeof(*old), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		               -1, 0);
		if (p == MAP_FAILED)
			return -errno;
		e->ids = p;
	}
	memcpy(e->ids, old, sizeof(*old));
	munmap(old, sizeof(*old));
	return 0;
}

void hermetic_fini(struct emu *e)
{
	if (e->ids)
		munmap(e->ids, sizeof(*e->ids));
	e->ids = NULL;
}

int hermetic_next_id(struct emu *e)
{
	return e->ids ? atomic_fetch_add(&e->ids->next, 1) : -1;
}

void hermetic_child(struct emu *e, int vpid, int host)
{
	if (!e->ids)
		return;
	int i = atomic_fetch_add(&e->ids->n, 1);
	if (i >= HERMETIC_CHILDREN)
		return;  /* past the table: kill and wait name that child by its host pid */
	atomic_store(&e->ids->pair[i].host, host);
	atomic_store(&e->ids->pair[i].vpid, vpid);
}

int hermetic_host_pid(const struct emu *e, int vpid)
{
	if (!e->ids)
		return vpid;
	if (vpid == e->pid)
		return getpid();
	int n = atomic_load(&e->ids->n);
	for (int i = (n < HERMETIC_CHILDREN ? n : HERMETIC_CHILDREN) - 1; i >= 0; i--)
		if (atomic_load(&e->ids->pair[i].vpid) == vpid)
			return atomic_load(&e->ids->pair[i].host);
	return -1;
}

int hermetic_guest_pid(const struct emu *e, int host)
{
	if (!e->ids || host <= 0)
		return host;
	int n = atomic_load(&e->ids->n);
	for (int i = (n < HERMETIC_CHILDREN ? n : HERMETIC_CHILDREN) - 1; i >= 0; i--)
		if (atomic_load(&e->ids->pair[i].host) == host)
			return atomic_load(&e->ids->pair[i].vpid);
	return host;
}

void hermetic_exec_arg(const struct emu *e, char *buf, size_t n)
{
	snprintf(buf, n, "%d,%d,%d,%d", e->ids_fd, e->pid, e->ppid,
	         e->ids ? atomic_load(&e->ids->next) : e->pid + 1);
}

int hermetic_uname(const struct emu *e, struct utsname *u)
{
	memset(u, 0, sizeof(*u));
	if (e->cfg.hermetic) {
		snprintf(u->sysname, sizeof(u->sysname), "Linux");
		snprintf(u->nodename, sizeof(u->nodename), "robin");
		snprintf(u->release, sizeof(u->release), "6.1.0-robin");
		snprintf(u->version, sizeof(u->version), "#1 SMP robin");
		snprintf(u->machine, sizeof(u->machine), "riscv64");
		snprintf(u->domainname, sizeof(u->domainname), "(none)");
		return 0;
	}
	if (uname(u) < 0)
		return -errno;
	snprintf(u->machine, sizeof(u->machine), "riscv64");
	return 0;
}

void hermetic_exe(struct emu *e, const char *host_path)
{
	if (host_path != e->exe_path)
		snprintf(e->exe_path, sizeof(e->exe_path), "%s", host_path);
	if (!e->cfg.hermetic) {
		memcpy(e->exe_guest, e->exe_path, sizeof(e->exe_guest));
		return;
	}
	const char *b = strrchr(e->exe_path, '/');
	b = b ? b + 1 : e->exe_path;
	size_t len = strlen(b), pre = sizeof(EMU_HERMETIC_EXE_DIR) - 1;
	if (pre + len >= sizeof(e->exe_guest))
		len = sizeof(e->exe_guest) - pre - 1;
	memcpy(e->exe_guest, EMU_HERMETIC_EXE_DIR, pre);
	memcpy(e->exe_guest + pre, b, len);
	e->exe_guest[pre + len] = 0;
}
