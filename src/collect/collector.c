/*
 * collector.c — a collection session: opening the events, draining the rings in time order,
 * aggregating (in BPF or here), resolving entries to (image, offset) and flushing to a sink.
 */
#include "collect/collector.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "collect/agg.h"
#include "collect/bpf_agg.h"
#include "collect/collect_unwind.h"
#include "collect/ibs.h"
#include "collect/offcpu.h"
#include "collect/perf_ring.h"

struct event_id {
	uint64_t id;
	unsigned event;
};

struct user_group {
	pid_t root;                    /* the process the events were opened on */
	int *fds;                      /* its event fds (ncpus * n_events) */
	size_t n_fds;
	int live;                      /* tasks seen in the last scan */
	uint64_t attach_ns;            /* CLOCK_MONOTONIC when the events were opened */
};

struct user_task {
	pid_t pid;
	uint64_t start_ticks;          /* /proc/PID/stat starttime: tells a reused pid apart */
	size_t group;
	int seen;
};

/* A context-switch sample (--off-cpu) waiting for the switch record that follows it on the
 * same CPU and says whether the task was preempted or blocked. */
struct offcpu_stash {
	int valid;
	unsigned event;
	uint32_t pid, tid;
	uint64_t time_ns;
	struct cera *era;
	size_t n;                      /* chain: kernel and frame-pointer user pcs, leaf first */
	uint64_t chain[256];
	int has_regs;
	uint64_t regs[32];             /* user registers, perf's order */
	uint64_t stack_size;
	uint8_t stack[COLLECT_OFFCPU_STACK_BYTES];
};

struct collector {
	struct collector_config cfg;
	int ncpus;
	struct perf_ring *rings;       /* one per CPU */
	int *fds;                      /* all sampling event fds */
	size_t n_fds, cap_fds;
	unsigned *fd_event;            /* event index of each fd */
	struct event_id *ids;
	size_t n_ids, cap_ids;
	struct agg_table *agg;         /* per CPU (ring path) */
	struct bpf_agg *bpf;           /* BPF path */
	struct procmap pm;
	struct collect_unwind unw;     /* --call-graph dwarf: samples held for unwinding */
	struct offcpu off;             /* --off-cpu: each thread's pending switch-out */
	struct offcpu_stash *stash;    /* --off-cpu: per CPU, the last switch-out sample */
	uint64_t last_rearm_ns;
	uint64_t seed;
	struct collector_stats st;
	int sink_err;                  /* first error a sink returned */
	int enabled;                   /* collector_enable was called */
	/* user mode: the event sets opened (one per process attached directly) and the tasks
	 * of the user they follow (directly or through inheritance) */
	struct user_group *groups;
	size_t n_groups, cap_groups;
	struct user_task *tasks;
	size_t n_tasks, cap_tasks;
};

static uint64_t now_mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int push_fd(struct collector *c, int fd, unsigned event)
{
	if (c->n_fds == c->cap_fds) {
		size_t n = c->cap_fds ? c->cap_fds * 2 : 64;
		int *f = realloc(c->fds, n * sizeof *f);
		if (!f)
			return -ENOMEM;
		c->fds = f;
		unsigned *e = realloc(c->fd_event, n * sizeof *e);
		if (!e)
			return -ENOMEM;
		c->fd_event = e;
		c->cap_fds = n;
	}
	c->fds[c->n_fds] = fd;
	c->fd_event[c->n_fds++] = event;
	uint64_t id;
	if (ioctl(fd, PERF_EVENT_IOC_ID, &id) == 0) {
		if (c->n_ids == c->cap_ids) {
			size_t n = c->cap_ids ? c->cap_ids * 2 : 64;
			struct event_id *ids = realloc(c->ids, n * sizeof *ids);
			if (!ids)
				return -ENOMEM;
			c->ids = ids;
			c->cap_ids = n;
		}
		c->ids[c->n_ids++] = (struct event_id){ id, event };
	}
	return 0;
}

static int event_of_id(const struct collector *c, uint64_t id)
{
	for (size_t i = 0; i < c->n_ids; i++)
		if (c->ids[i].id == id)
			return (int)c->ids[i].event;
	return -1;
}

static void explain_access(char *err, size_t n, const char *what, int rc)
{
	snprintf(err, n, "%s: %s. perf_event_paranoid is %d: system-wide sampling needs "
		 "CAP_PERFMON (or CAP_SYS_ADMIN) or perf_event_paranoid <= 0 "
		 "(sysctl kernel.perf_event_paranoid=0); at 2 an unprivileged user may sample only "
		 "its own processes in user mode (robin daemon start --user)", what, strerror(-rc),
		 perf_sys_paranoid());
}

/* What every event writing into a CPU ring shares: ids on every record, the perf clock, and a
 * wake-up when the ring is a quarter full. */
static void ring_attr(const struct collector *c, struct perf_event_attr *a)
{
	a->size = sizeof *a;
	a->sample_id_all = 1;
	a->use_clockid = 1;
	a->clockid = CLOCK_MONOTONIC;
	a->watermark = 1;
	a->wakeup_watermark = (uint32_t)(c->cfg.mmap_pages * (unsigned)sysconf(_SC_PAGESIZE) / 4);
	if (a->wakeup_watermark == 0)
		a->wakeup_watermark = 1;
}

/* Map fd as the ring of cpu; on failure closes fd and says why in err. */
static int map_ring(struct collector *c, int fd, int cpu, char *err, size_t err_size)
{
	int rc = perf_ring_map(&c->rings[cpu], fd, cpu, c->cfg.mmap_pages);
	if (rc) {
		snprintf(err, err_size, "mmap of the cpu %d ring (%u pages): %s%s", cpu,
			 c->cfg.mmap_pages, strerror(-rc), rc == -EPERM ?
			 " (perf_event_mlock_kb is too small for this many pages)" : "");
		close(fd);
	}
	return rc;
}

/* Open one sampling event for (pid, cpu); the first on each CPU owns that CPU's ring and
 * carries the tracking records; the others write into it. */
static int open_one(struct collector *c, unsigned ev, pid_t pid, int cpu, int track,
		    char *err, size_t err_size)
{
	struct perf_event_attr a = c->cfg.events[ev].attr;
	ring_attr(c, &a);
	a.disabled = 1;
	if (c->cfg.mode != COLLECTOR_SYSTEM)
		a.inherit = 1;
	if (c->cfg.mode == COLLECTOR_TASK && c->cfg.enable_on_exec)
		a.enable_on_exec = 1;
	if (track) {
		a.mmap = 1;
		a.mmap2 = 1;
		a.comm = 1;
		a.comm_exec = 1;
		a.task = 1;
		a.build_id = 1;
	}
	int fd = perf_sys_open(&a, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd == -EINVAL && track) { /* kernels before 5.12 have no build_id in MMAP2 */
		a.build_id = 0;
		fd = perf_sys_open(&a, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
	}
	if (fd < 0) {
		char what[128];
		snprintf(what, sizeof what, "perf_event_open(%s, pid %d, cpu %d)",
			 c->cfg.events[ev].name, (int)pid, cpu);
		if (fd == -EACCES || fd == -EPERM)
			explain_access(err, err_size, what, fd);
		else
			snprintf(err, err_size, "%s: %s", what, strerror(-fd));
		return fd;
	}
	struct perf_ring *r = &c->rings[cpu];
	int rc;
	if (r->map_size == 0) {
		if ((rc = map_ring(c, fd, cpu, err, err_size)))
			return rc;
	} else if (ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, r->fd)) {
		rc = -errno;
		snprintf(err, err_size, "PERF_EVENT_IOC_SET_OUTPUT on cpu %d: %s", cpu, strerror(-rc));
		close(fd);
		return rc;
	}
	if ((rc = push_fd(c, fd, ev))) {
		if (r->fd != fd)
			close(fd);
		return rc;
	}
	return 0;
}

/* Event ev is the off-CPU event (--off-cpu): its samples are paired, never aggregated. */
static int is_offcpu(const struct collector *c, unsigned ev)
{
	return ev < c->cfg.n_events && c->cfg.events[ev].kind == PERF_SYS_OFFCPU;
}

static int open_for_pid(struct collector *c, pid_t pid, char *err, size_t err_size)
{
	for (int cpu = 0; cpu < c->ncpus; cpu++)
		for (unsigned ev = 0; ev < c->cfg.n_events; ev++) {
			int rc = open_one(c, ev, pid, cpu, ev == 0, err, err_size);
			if (rc)
				return rc;
		}
	return 0;
}

/* User mode: each CPU's ring belongs to a dummy event on the collector itself, so rings
 * outlive the processes they serve; every process of the user gets its own inherited event
 * set (per CPU, writing into the CPU's ring), opened when a /proc scan first sees it. */
static int open_user_rings(struct collector *c, char *err, size_t err_size)
{
	for (int cpu = 0; cpu < c->ncpus; cpu++) {
		struct perf_event_attr a = { 0 };
		ring_attr(c, &a);
		a.type = PERF_TYPE_SOFTWARE;
		a.config = PERF_COUNT_SW_DUMMY;
		a.exclude_kernel = 1;
		a.exclude_hv = 1;
		a.sample_type = c->cfg.events[0].attr.sample_type;
		a.sample_regs_user = c->cfg.events[0].attr.sample_regs_user;
		a.sample_stack_user = c->cfg.events[0].attr.sample_stack_user;
		int fd = perf_sys_open(&a, getpid(), cpu, -1, PERF_FLAG_FD_CLOEXEC);
		if (fd < 0) {
			snprintf(err, err_size, "perf_event_open(ring of cpu %d): %s", cpu, strerror(-fd));
			return fd;
		}
		int rc = map_ring(c, fd, cpu, err, err_size);
		if (rc)
			return rc;
	}
	return 0;
}

/* pid's parent and start time from /proc/PID/stat; -1 if it is gone. */
static int user_proc_stat(pid_t pid, pid_t *ppid, uint64_t *start)
{
	char path[64], buf[1024];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = 0;
	char *p = strrchr(buf, ')');
	unsigned long long st = 0;
	int pp = 0;
	/* after the command: state ppid pgrp session tty tpgid flags minflt cminflt majflt
	 * cmajflt utime stime cutime cstime priority nice threads itrealvalue starttime */
	if (!p || sscanf(p + 1, " %*c %d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d "
			 "%*d %*d %*d %llu", &pp, &st) != 2)
		return -1;
	*ppid = pp;
	*start = st;
	return 0;
}

static struct user_task *user_task_find(struct collector *c, pid_t pid)
{
	for (size_t i = 0; i < c->n_tasks; i++)
		if (c->tasks[i].pid == pid)
			return &c->tasks[i];
	return NULL;
}

static int user_task_add(struct collector *c, pid_t pid, uint64_t start, size_t group)
{
	if (c->n_tasks == c->cap_tasks) {
		size_t n = c->cap_tasks ? c->cap_tasks * 2 : 64;
		struct user_task *t = realloc(c->tasks, n * sizeof *t);
		if (!t)
			return -ENOMEM;
		c->tasks = t;
		c->cap_tasks = n;
	}
	c->tasks[c->n_tasks++] = (struct user_task){ pid, start, group, 1 };
	c->groups[group].live++;
	return 0;
}

/* Open an event set on pid (a new group); -ESRCH/-EACCES/-EPERM: gone or not ours. */
static int user_attach(struct collector *c, pid_t pid, uint64_t start, char *err, size_t n)
{
	if (c->n_groups == c->cap_groups) {
		size_t m = c->cap_groups ? c->cap_groups * 2 : 16;
		struct user_group *g = realloc(c->groups, m * sizeof *g);
		if (!g)
			return -ENOMEM;
		c->groups = g;
		c->cap_groups = m;
	}
	size_t first = c->n_fds;
	int rc = open_for_pid(c, pid, err, n);
	size_t count = c->n_fds - first;
	int *fds = count ? malloc(count * sizeof *fds) : NULL;
	if (!rc && count && !fds)
		rc = -ENOMEM;
	if (!rc && c->bpf)
		for (size_t i = first; i < c->n_fds && !rc; i++)
			if (!is_offcpu(c, c->fd_event[i]))
				rc = bpf_agg_attach(c->bpf, c->fds[i], c->fd_event[i]);
	if (rc) {
		for (size_t i = first; i < c->n_fds; i++)
			close(c->fds[i]);
		c->n_fds = first;
		free(fds);
		return rc;
	}
	memcpy(fds, c->fds + first, count * sizeof *fds);
	c->groups[c->n_groups] = (struct user_group){ pid, fds, count, 0, now_mono_ns() };
	rc = user_task_add(c, pid, start, c->n_groups++);
	if (!rc && c->enabled) /* already counting: so are the new events */
		for (size_t i = 0; i < count; i++)
			ioctl(fds[i], PERF_EVENT_IOC_ENABLE, 0);
	procmap_scan_pid(&c->pm, (uint32_t)pid, 0);
	c->st.user_attached++;
	return rc;
}

/* Close the events of a group none of whose tasks is left (drop its fds and ids). */
static void user_detach(struct collector *c, size_t g)
{
	struct user_group *grp = &c->groups[g];
	for (size_t k = 0; k < grp->n_fds; k++) {
		uint64_t id;
		int have_id = ioctl(grp->fds[k], PERF_EVENT_IOC_ID, &id) == 0;
		for (size_t i = 0; i < c->n_fds; i++)
			if (c->fds[i] == grp->fds[k]) {
				c->fds[i] = c->fds[--c->n_fds];
				c->fd_event[i] = c->fd_event[c->n_fds];
				break;
			}
		for (size_t i = 0; have_id && i < c->n_ids; i++)
			if (c->ids[i].id == id) {
				c->ids[i] = c->ids[--c->n_ids];
				break;
			}
		close(grp->fds[k]);
	}
	free(grp->fds);
	grp->fds = NULL;
	grp->n_fds = 0;
	grp->root = 0;
	c->st.user_detached++;
}

struct user_cand {
	pid_t pid, ppid;
	uint64_t start;
};

static int user_cand_cmp(const void *a, const void *b)
{
	const struct user_cand *x = a, *y = b;
	return x->start < y->start ? -1 : x->start > y->start;
}

static void drain_rings(struct collector *c);

/* One /proc scan of the user's processes: a new process whose parent is followed and whose
 * FORK record (from the parent's inherited events) came after those events were opened is
 * followed by inheritance; any other new one gets its own event set; groups whose tasks are
 * all gone are closed. */
static int user_scan(struct collector *c, char *err, size_t err_size)
{
	DIR *d = opendir("/proc");
	if (!d) {
		snprintf(err, err_size, "/proc: %s", strerror(errno));
		return -errno;
	}
	struct user_cand *cand = NULL;
	size_t n_cand = 0, cap = 0;
	int rc = 0;
	pid_t self = getpid(), starter = c->cfg.skip_pid;
	if (c->enabled)
		drain_rings(c); /* the FORK records of followed processes first */
	for (size_t i = 0; i < c->n_tasks; i++)
		c->tasks[i].seen = 0;
	struct dirent *de;
	while ((de = readdir(d))) {
		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		pid_t pid = (pid_t)atoi(de->d_name), ppid;
		char path[64];
		struct stat st;
		uint64_t start;
		snprintf(path, sizeof path, "/proc/%d", (int)pid);
		if (pid == self || pid == starter || stat(path, &st) || st.st_uid != c->cfg.uid ||
		    user_proc_stat(pid, &ppid, &start))
			continue;
		struct user_task *t = user_task_find(c, pid);
		if (t && t->start_ticks == start) {
			t->seen = 1;
			continue;
		}
		if (n_cand == cap) {
			cap = cap ? cap * 2 : 64;
			struct user_cand *nc = realloc(cand, cap * sizeof *nc);
			if (!nc) {
				rc = -ENOMEM;
				break;
			}
			cand = nc;
		}
		cand[n_cand++] = (struct user_cand){ pid, ppid, start };
	}
	closedir(d);
	/* forget the tasks that are gone (or whose pid was reused) */
	for (size_t g = 0; g < c->n_groups; g++)
		c->groups[g].live = 0;
	size_t keep = 0;
	for (size_t i = 0; i < c->n_tasks; i++)
		if (c->tasks[i].seen) {
			c->tasks[keep++] = c->tasks[i];
			c->groups[c->tasks[i].group].live++;
		}
	c->n_tasks = keep;
	/* parents first */
	if (n_cand)
		qsort(cand, n_cand, sizeof *cand, user_cand_cmp);
	for (size_t i = 0; i < n_cand && !rc; i++) {
		struct user_task *parent = user_task_find(c, cand[i].ppid);
		struct cproc *p = procmap_find(&c->pm, (uint32_t)cand[i].pid);
		if (parent && p && p->fork_ns >= c->groups[parent->group].attach_ns) {
			rc = user_task_add(c, cand[i].pid, cand[i].start, parent->group);
			continue;
		}
		rc = user_attach(c, cand[i].pid, cand[i].start, err, err_size);
		if (rc == -ESRCH || rc == -EACCES || rc == -EPERM)
			rc = 0; /* gone, or not ours after all (setuid) */
	}
	free(cand);
	if (rc)
		return rc;
	int any_closed = 0;
	for (size_t g = 0; g < c->n_groups; g++)
		any_closed |= c->groups[g].fds && !c->groups[g].live;
	if (any_closed && c->enabled) {
		drain_rings(c); /* their last samples need their ids */
		for (size_t g = 0; g < c->n_groups; g++)
			if (c->groups[g].fds && !c->groups[g].live)
				user_detach(c, g);
	}
	return 0;
}

static void on_bpf_stack(void *arg, const struct agg_bpf_stack_key *k, uint64_t count,
			 const uint64_t *kip, size_t nk, const uint64_t *uip, size_t nu);

/* -g: the events ask for call stacks and the sink takes them. */
static int stacks_wanted(const struct collector *c)
{
	return c->cfg.n_events && (c->cfg.events[0].attr.sample_type & PERF_SAMPLE_CALLCHAIN) &&
	       c->cfg.sink.add_stack;
}

int collector_open(const struct collector_config *cfg, struct collector **out, char *err,
		   size_t err_size)
{
	int rc;
	*out = NULL;
	struct collector *c = calloc(1, sizeof *c);
	if (!c)
		return -ENOMEM;
	c->cfg = *cfg;
	if (!c->cfg.mmap_pages)
		c->cfg.mmap_pages = 64;
	if (!c->cfg.agg_entries)
		c->cfg.agg_entries = 16384;
	if (!c->cfg.overflow_entries)
		c->cfg.overflow_entries = 8192;
	c->seed = cfg->seed ? cfg->seed : now_mono_ns() | 1;
	c->ncpus = perf_sys_ncpus();
	if (c->ncpus > COLLECTOR_MAX_CPUS)
		c->ncpus = COLLECTOR_MAX_CPUS;
	c->st.ncpus = c->ncpus;
	c->rings = calloc((size_t)c->ncpus, sizeof *c->rings);
	c->agg = calloc((size_t)c->ncpus, sizeof *c->agg);
	if (!c->rings || !c->agg || procmap_init(&c->pm)) {
		rc = -ENOMEM;
		goto fail;
	}
	c->unw.pm = &c->pm;
	offcpu_init(&c->off, PERF_SYS_OFFCPU_UNIT_NS);
	for (size_t i = 0; i < c->cfg.n_events; i++)
		if (c->cfg.events[i].kind == PERF_SYS_OFFCPU && !c->stash &&
		    !(c->stash = calloc((size_t)c->ncpus, sizeof *c->stash))) {
			rc = -ENOMEM;
			goto fail;
		}
	for (int i = 0; i < c->ncpus; i++)
		c->rings[i].fd = -1;

	switch (c->cfg.mode) {
	case COLLECTOR_TASK:
		rc = open_for_pid(c, c->cfg.pid, err, err_size);
		break;
	case COLLECTOR_SYSTEM:
		rc = open_for_pid(c, -1, err, err_size);
		break;
	case COLLECTOR_USER:
		rc = open_user_rings(c, err, err_size);
		if (!rc)
			rc = user_scan(c, err, err_size);
		break;
	default:
		rc = -EINVAL;
	}
	if (rc)
		goto fail;

	/* the aggregation path */
	c->st.path = "ring";
	if (c->cfg.path != COLLECTOR_PATH_RING) {
		int ibs = 0;
		for (size_t i = 0; i < c->cfg.n_events; i++)
			ibs |= c->cfg.events[i].kind == PERF_SYS_IBS_OP ||
			       c->cfg.events[i].kind == PERF_SYS_IBS_FETCH;
		char why[200] = "";
		if (ibs) {
			snprintf(c->st.path_why, sizeof c->st.path_why,
				 "IBS samples carry raw registers the table cannot aggregate");
		} else if (stacks_wanted(c) && c->cfg.mode != COLLECTOR_TASK) {
			/* on events of every process (pid -1) bpf_get_stackid gave this kernel's
			 * user stacks cut to the leaf alone; the ring path's chains are whole */
			snprintf(c->st.path_why, sizeof c->st.path_why, "call stacks of every process "
				 "are read on the ring path (kernel stack maps: robin record only)");
		} else if ((rc = bpf_agg_open(c->cfg.agg_entries, c->cfg.overflow_entries * 32 * 4,
					      stacks_wanted(c), &c->bpf, why, sizeof why)) == 0) {
			if (stacks_wanted(c))
				rc = bpf_agg_stacks(c->bpf, on_bpf_stack, c);
			for (size_t i = 0; i < c->n_fds && !rc; i++)
				if (!is_offcpu(c, c->fd_event[i])) /* its samples go to the ring */
					rc = bpf_agg_attach(c->bpf, c->fds[i], c->fd_event[i]);
			if (rc) {
				snprintf(c->st.path_why, sizeof c->st.path_why,
					 "attaching the BPF program to the events failed: %s",
					 strerror(-rc));
				bpf_agg_close(c->bpf);
				c->bpf = NULL;
			} else {
				c->st.path = "bpf";
				snprintf(c->st.path_why, sizeof c->st.path_why,
					 "samples aggregated in the kernel (BPF, per-CPU 4-way table%s)",
					 stacks_wanted(c) ? "; stacks by id in a stack map" : "");
			}
		} else {
			snprintf(c->st.path_why, sizeof c->st.path_why, "%s", why);
		}
		if (!c->bpf && c->cfg.path == COLLECTOR_PATH_BPF) {
			snprintf(err, err_size, "--path bpf: %s", c->st.path_why);
			rc = -EOPNOTSUPP;
			goto fail;
		}
		rc = 0;
	} else {
		snprintf(c->st.path_why, sizeof c->st.path_why, "ring path requested");
	}
	if (!c->bpf) {
		for (int i = 0; i < c->ncpus; i++)
			if ((rc = agg_init(&c->agg[i], c->cfg.agg_entries, c->cfg.overflow_entries)))
				goto fail;
		if (!c->st.path_why[0])
			snprintf(c->st.path_why, sizeof c->st.path_why, "user-space aggregation");
	}
	c->last_rearm_ns = now_mono_ns();
	*out = c;
	return 0;
fail:
	collector_close(c);
	return rc;
}

int collector_scan(struct collector *c)
{
	if (c->cfg.mode == COLLECTOR_SYSTEM)
		return procmap_scan_all(&c->pm, (uid_t)-1);
	return 0;
}

int collector_rescan(struct collector *c, char *err, size_t err_size)
{
	if (c->cfg.mode != COLLECTOR_USER)
		return 0;
	return user_scan(c, err, err_size);
}

int collector_enable(struct collector *c)
{
	c->enabled = 1;
	for (size_t i = 0; i < c->n_fds; i++)
		if (ioctl(c->fds[i], PERF_EVENT_IOC_ENABLE, 0))
			return -errno;
	return 0;
}

int collector_disable(struct collector *c)
{
	for (size_t i = 0; i < c->n_fds; i++)
		ioctl(c->fds[i], PERF_EVENT_IOC_DISABLE, 0);
	return 0;
}

const struct perf_sys_event *collector_event(const struct collector *c, unsigned i)
{
	return i < c->cfg.n_events ? &c->cfg.events[i] : NULL;
}

size_t collector_pollfds(const struct collector *c, int *fds, size_t max)
{
	size_t n = 0;
	for (int i = 0; i < c->ncpus && n < max && !c->cfg.drain_ms; i++)
		if (c->rings[i].map_size)
			fds[n++] = c->rings[i].fd;
	if (c->bpf && n < max)
		fds[n++] = bpf_agg_poll_fd(c->bpf);
	return n;
}

/* ---- resolution into the sink --------------------------------------------------------------- */

static void sink_add(struct collector *c, unsigned ev, struct cimage *im, uint64_t off,
		     uint64_t count)
{
	if (!im)
		c->st.unknown += count;
	else {
		im->samples += count;
		if (im->kind == CIMAGE_KERNEL)
			c->st.kernel += count;
	}
	if (c->cfg.sink.add) {
		int rc = c->cfg.sink.add(c->cfg.sink.arg, ev, im, off, count);
		if (rc && !c->sink_err)
			c->sink_err = rc;
	}
}

static void on_agg_entry(void *arg, const struct agg_entry *e)
{
	struct collector *c = arg;
	uint64_t off;
	struct cimage *im = procmap_resolve(&c->pm, (struct cera *)(uintptr_t)e->ctx, e->pc, &off);
	sink_add(c, e->event, im, off, e->count);
}

/* The era of a BPF entry's process (tgid, leader start time, exec sequence); NULL if unknown. */
static struct cera *bpf_era(struct collector *c, uint32_t tgid, uint64_t start_ns,
			    uint32_t seq_event)
{
	if (!tgid)
		return NULL;
	struct cproc *p = procmap_find_at(&c->pm, tgid, start_ns);
	if (!p && procmap_scan_pid(&c->pm, tgid, 0) == 0)
		p = procmap_find(&c->pm, tgid);
	return p ? procmap_era_seq(p, seq_event & AGG_BPF_SEQ_MASK) : NULL;
}

static void on_bpf_entry(void *arg, const struct agg_bpf_entry *e)
{
	struct collector *c = arg;
	c->st.entries_out++;
	struct cera *era = bpf_era(c, e->tgid, e->start_ns, e->seq_event);
	uint64_t off;
	struct cimage *im = procmap_resolve(&c->pm, era, e->pc, &off);
	unsigned ev = e->seq_event >> AGG_BPF_EVENT_SHIFT;
	sink_add(c, ev < c->cfg.n_events ? ev : 0, im, off, e->count);
}

static void add_ibs(struct collector *c, unsigned ev, struct cera *era, const struct perf_rec *r)
{
	uint64_t pc = r->ip, off;
	struct ibs_detail_row rows[IBS_OP_DETAIL_MAX > IBS_FETCH_DETAIL_MAX ? IBS_OP_DETAIL_MAX
	                                                                    : IBS_FETCH_DETAIL_MAX];
	size_t n;
	if (c->cfg.events[ev].kind == PERF_SYS_IBS_OP) {
		struct ibs_op op;
		if (ibs_op_decode(r->raw, r->raw_size, &op)) {
			c->st.parse_errors++;
			return;
		}
		if (op.rip_valid)
			pc = op.rip;
		n = ibs_op_detail_rows(&op, rows);
	} else {
		struct ibs_fetch f;
		if (ibs_fetch_decode(r->raw, r->raw_size, &f)) {
			c->st.parse_errors++;
			return;
		}
		pc = f.addr;
		n = ibs_fetch_detail_rows(&f, rows);
	}
	struct cimage *im = procmap_resolve(&c->pm, era, pc, &off);
	sink_add(c, ev, im, off, 1);
	for (size_t i = 0; i < n && c->cfg.sink.add_detail; i++)
		c->cfg.sink.add_detail(c->cfg.sink.arg, ev, im, off, rows[i].kind, rows[i].key, 1,
		                       rows[i].value);
}

#define COLLECTOR_STACK_MAX 256

/* Hand a stack to the sink: pc[0] the sampled instruction, then its callers; each frame mapped
 * like the leaf (kernel addresses to the kernel image). */
static void sink_stack(struct collector *c, unsigned ev, struct cera *era, const uint64_t *pc,
		       size_t n, uint64_t count)
{
	struct cimage *im[COLLECTOR_STACK_MAX];
	uint64_t off[COLLECTOR_STACK_MAX];
	if (n > COLLECTOR_STACK_MAX)
		n = COLLECTOR_STACK_MAX;
	for (size_t i = 0; i < n; i++) /* the sink wants the outermost frame first */
		im[n - 1 - i] = procmap_resolve(&c->pm, (pc[i] >> 63) ? NULL : era, pc[i],
						&off[n - 1 - i]);
	c->st.stacks++;
	int rc = c->cfg.sink.add_stack(c->cfg.sink.arg, ev, im, off, n, count);
	if (rc && !c->sink_err)
		c->sink_err = rc;
}

/* The sample's frame-pointer callchain to the sink. */
static void add_stack(struct collector *c, unsigned ev, struct cera *era, const struct perf_rec *r)
{
	uint64_t pc[COLLECTOR_STACK_MAX], leaf_first[COLLECTOR_STACK_MAX];
	size_t n = perf_rec_callchain(r, pc, COLLECTOR_STACK_MAX);
	for (size_t i = 0; i < n; i++)
		leaf_first[i] = pc[n - 1 - i];
	if (n)
		sink_stack(c, ev, era, leaf_first, n, 1);
}

static void on_unwound(void *arg, unsigned ev, struct cera *era, const uint64_t *pc, size_t n)
{
	sink_stack(arg, ev, era, pc, n, 1);
}

/* A stack counted in the kernel (BPF path): the kernel's frames, then the user ones, each
 * return address moved back into its call as on the ring path. */
static void on_bpf_stack(void *arg, const struct agg_bpf_stack_key *k, uint64_t count,
			 const uint64_t *kip, size_t nk, const uint64_t *uip, size_t nu)
{
	struct collector *c = arg;
	uint64_t pc[2 * AGG_BPF_STACK_DEPTH];
	size_t n = 0;
	for (size_t i = 0; i < nk; i++)
		pc[n++] = i ? kip[i] - 1 : kip[i];
	for (size_t i = 0; i < nu; i++)
		pc[n++] = i ? uip[i] - 1 : uip[i];
	unsigned ev = k->seq_event >> AGG_BPF_EVENT_SHIFT;
	sink_stack(c, ev < c->cfg.n_events ? ev : 0, bpf_era(c, k->tgid, k->start_ns, k->seq_event),
		   pc, n, count);
}

/* An off-CPU wait ends: its time (units of PERF_SYS_OFFCPU_UNIT_NS) to the leaf's profile
 * and, with -g, to its stack. Kept out of the sample statistics (samples, kernel, unknown):
 * those count samples, this counts time. */
static int offcpu_charge(void *arg, unsigned ev, void *const *image, const uint64_t *offset,
			 size_t n, uint64_t units)
{
	struct collector *c = arg;
	struct cimage *const *im = (struct cimage *const *)image;
	int rc = 0;
	if (c->cfg.sink.add)
		rc = c->cfg.sink.add(c->cfg.sink.arg, ev, im[n - 1], offset[n - 1], units);
	if (!rc && n && (c->cfg.events[ev].attr.sample_type & PERF_SAMPLE_CALLCHAIN) &&
	    c->cfg.sink.add_stack) {
		c->st.stacks++;
		rc = c->cfg.sink.add_stack(c->cfg.sink.arg, ev, im, offset, n, units);
	}
	if (rc && !c->sink_err)
		c->sink_err = rc;
	return 0;
}

/* A context-switch sample: the thread switches out here. Its stack is kept until the switch
 * record that follows on the same CPU says whether it blocked (offcpu_switch). */
static void offcpu_sample(struct collector *c, unsigned ev, const struct perf_rec *r,
			  const struct perf_event_header *h)
{
	c->st.offcpu_switches++;
	if (!r->tid || !c->stash)
		return; /* the idle task */
	struct offcpu_stash *k = &c->stash[r->cpu < (uint32_t)c->ncpus ? r->cpu : 0];
	k->valid = 0;
	struct cera *era = NULL;
	if (r->pid) {
		struct cproc *p = procmap_find(&c->pm, r->pid);
		if (!p) {
			procmap_scan_pid(&c->pm, r->pid, 0);
			p = procmap_find(&c->pm, r->pid);
		}
		era = p ? p->cur : NULL;
		if (era)
			era->sampled = 1;
	}
	const struct perf_event_attr *a = &c->cfg.events[ev].attr;
	k->n = 0;
	k->has_regs = 0;
	if (a->sample_type & PERF_SAMPLE_CALLCHAIN) {
		struct perf_rec full;
		if (perf_rec_parse_user(h, a->sample_type, a->sample_regs_user, &full)) {
			c->st.parse_errors++;
			return;
		}
		uint64_t pc[256];
		size_t n = perf_rec_callchain(&full, pc, 256);
		for (size_t i = 0; i < n; i++) /* leaf first */
			k->chain[i] = pc[n - 1 - i];
		k->n = n;
		if (full.regs_abi && full.regs_user && full.regs_n <= 32 && full.regs_n &&
		    full.stack_user) {
			k->has_regs = 1;
			memcpy(k->regs, full.regs_user, full.regs_n * 8);
			k->stack_size = full.stack_user_size < sizeof k->stack ? full.stack_user_size
									       : sizeof k->stack;
			memcpy(k->stack, full.stack_user, k->stack_size);
		}
	}
	if (!k->n) {
		k->chain[0] = r->ip;
		k->n = 1;
	}
	k->event = ev;
	k->pid = r->pid;
	k->tid = r->tid;
	k->time_ns = r->time_ns;
	k->era = era;
	k->valid = 1;
}

/* The user frames of a blocked thread: the frame-pointer chain f (leaf first) misses the
 * callers of code built without frame pointers (libc's nanosleep, read, futex wrappers): the
 * DWARF unwinding d of the top of the stack gives those; the first return address both know
 * joins them (d up to it, then f). Without a join, d if it went past the leaf, else f. */
static size_t offcpu_splice(const uint64_t *d, size_t nd, const uint64_t *f, size_t nf,
			    uint64_t *out, size_t max)
{
	for (size_t i = 1; i < nd; i++)
		for (size_t j = 1; j < nf; j++)
			if (d[i] == f[j]) {
				size_t n = 0;
				for (size_t k = 0; k < i && n < max; k++)
					out[n++] = d[k];
				for (size_t k = j; k < nf && n < max; k++)
					out[n++] = f[k];
				return n;
			}
	const uint64_t *src = nd > 1 ? d : f;
	size_t n = nd > 1 ? nd : nf;
	if (n > max)
		n = max;
	memcpy(out, src, n * sizeof *out);
	return n;
}

/* The stashed switch-out was a real wait: resolve its stack (images live as long as the
 * session, eras may not) and hold it until the thread switches in. */
static void offcpu_block(struct collector *c, struct offcpu_stash *k)
{
	uint64_t pc[COLLECTOR_STACK_MAX], user[COLLECTOR_STACK_MAX];
	uint64_t dw[COLLECT_UNWIND_MAX_FRAMES];
	size_t n = 0, nu = 0, nk = 0;
	while (nk < k->n && (k->chain[nk] >> 63)) /* kernel frames first (leaf first) */
		pc[n++] = k->chain[nk++];
	size_t nd = 0;
	if (k->has_regs)
		collect_unwind_user(&c->unw, k->era, k->tid, k->regs, k->stack, k->stack_size, dw,
				    COLLECT_UNWIND_MAX_FRAMES, &nd);
	nu = offcpu_splice(dw, nd, k->chain + nk, k->n - nk, user, COLLECTOR_STACK_MAX - n);
	memcpy(pc + n, user, nu * sizeof *pc);
	n += nu;
	if (!n)
		return;
	struct cimage *im[COLLECTOR_STACK_MAX];
	uint64_t off[COLLECTOR_STACK_MAX];
	for (size_t i = 0; i < n; i++) /* outermost first */
		im[n - 1 - i] = procmap_resolve(&c->pm, (pc[i] >> 63) ? NULL : k->era, pc[i],
						&off[n - 1 - i]);
	if (offcpu_out(&c->off, k->tid, k->event, k->time_ns, (void *const *)im, off, n) &&
	    !c->sink_err)
		c->sink_err = -ENOMEM;
}

/* PERF_RECORD_SWITCH(_CPU_WIDE): the record's own tid is the task switching (out or in). */
static void offcpu_switch(struct collector *c, const struct perf_rec *r)
{
	if (r->misc & PERF_RECORD_MISC_SWITCH_OUT) {
		struct offcpu_stash *k = c->stash ? &c->stash[r->cpu < (uint32_t)c->ncpus ? r->cpu
											    : 0] : NULL;
		int mine = k && k->valid && k->tid == r->tid;
		if (r->misc & PERF_RECORD_MISC_SWITCH_OUT_PREEMPT) {
			c->off.st.preempted++;
			offcpu_preempted(&c->off, r->tid);
		} else if (mine) {
			offcpu_block(c, k);
		} else {
			/* its sample was lost: drop an older wait too, lest a lost switch-in
			 * charge the running time between them */
			offcpu_preempted(&c->off, r->tid);
		}
		if (k)
			k->valid = 0;
	} else {
		(void)offcpu_in(&c->off, r->tid, r->time_ns, offcpu_charge, c);
	}
}

static void on_sample(struct collector *c, struct perf_rec *r, const struct perf_event_header *h)
{
	int ev = event_of_id(c, r->id);
	if (ev < 0) {
		c->st.parse_errors++;
		return;
	}
	if (is_offcpu(c, (unsigned)ev)) {
		offcpu_sample(c, (unsigned)ev, r, h);
		return;
	}
	c->st.samples++;
	if (r->cpu < 64)
		c->st.samples_cpu[r->cpu]++;
	struct cera *era = NULL, *user_era = NULL;
	int kernel = (r->ip >> 63) != 0;
	const struct perf_event_attr *a = &c->cfg.events[ev].attr;
	int stacks = (a->sample_type & PERF_SAMPLE_CALLCHAIN) && c->cfg.sink.add_stack;
	if (r->pid && (!kernel || stacks)) {
		/* a kernel sample's stack goes on into the process's user frames */
		struct cproc *p = procmap_find(&c->pm, r->pid);
		if (!p) {
			procmap_scan_pid(&c->pm, r->pid, 0);
			p = procmap_find(&c->pm, r->pid);
		}
		user_era = p ? p->cur : NULL;
		if (user_era)
			user_era->sampled = 1;
		era = kernel ? NULL : user_era;
	}
	if (c->cfg.events[ev].attr.sample_type & PERF_SAMPLE_RAW) {
		struct perf_rec full;
		if (perf_rec_parse(h, c->cfg.events[ev].attr.sample_type, &full) == 0 && full.raw)
			add_ibs(c, (unsigned)ev, era, &full);
		else
			c->st.parse_errors++;
		return;
	}
	if (stacks) {
		struct perf_rec full;
		if (perf_rec_parse_user(h, a->sample_type, a->sample_regs_user, &full))
			c->st.parse_errors++;
		else if (!(a->sample_type & PERF_SAMPLE_STACK_USER))
			add_stack(c, (unsigned)ev, user_era, &full);
		else if (collect_unwind_hold(&c->unw, (unsigned)ev, user_era, &full) && !c->sink_err)
			c->sink_err = -ENOMEM; /* unwound later, off the drain (collect_unwind.h) */
	}
	int cpu = r->cpu < (uint32_t)c->ncpus ? (int)r->cpu : 0;
	/* on the BPF path a sample still reaches the ring now and then (its program declined it,
	 * or it was taken before the program was attached): its CPU's table is made on the first */
	if (!c->agg[cpu].buckets &&
	    agg_init(&c->agg[cpu], c->cfg.agg_entries, c->cfg.overflow_entries)) {
		c->st.lost++;
		if (!c->sink_err)
			c->sink_err = -ENOMEM;
		return;
	}
	if (agg_add(&c->agg[cpu], (uint64_t)(uintptr_t)era, r->ip, (uint32_t)ev))
		agg_drain_overflow(&c->agg[cpu], on_agg_entry, c);
}

static void on_record(struct collector *c, struct perf_rec *r, const struct perf_event_header *h)
{
	c->st.records++;
	switch (r->type) {
	case PERF_RECORD_SAMPLE:
		on_sample(c, r, h);
		break;
	case PERF_RECORD_LOST:
	case PERF_RECORD_LOST_SAMPLES:
		c->st.lost += r->lost;
		break;
	case PERF_RECORD_THROTTLE:
		c->st.throttled++;
		break;
	case PERF_RECORD_SWITCH:
	case PERF_RECORD_SWITCH_CPU_WIDE:
		offcpu_switch(c, r);
		break;
	case PERF_RECORD_EXIT:
		offcpu_forget(&c->off, r->tid);
		for (int i = 0; c->stash && i < c->ncpus; i++) /* its era may be reaped */
			if (c->stash[i].tid == r->tid)
				c->stash[i].valid = 0;
		/* fall through */
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
	case PERF_RECORD_COMM:
	case PERF_RECORD_FORK:
		c->st.tracking++;
		if (procmap_apply(&c->pm, r))
			c->st.parse_errors++;
		break;
	default:
		break;
	}
}

/* Read every ring, merging records of all CPUs by time. */
static void drain_rings(struct collector *c)
{
	int n = c->ncpus;
	struct perf_rec *cur = calloc((size_t)n, sizeof *cur);
	const struct perf_event_header **hdr = calloc((size_t)n, sizeof *hdr);
	if (!cur || !hdr)
		goto out;
	for (int i = 0; i < n; i++) {
		struct perf_ring *r = &c->rings[i];
		if (!r->map_size)
			continue;
		perf_ring_begin(r);
		while ((hdr[i] = perf_ring_peek(r)) &&
		       perf_rec_parse(hdr[i], PERF_SYS_SAMPLE_TYPE, &cur[i])) {
			c->st.parse_errors++;
			perf_ring_consume(r);
		}
	}
	for (;;) {
		int best = -1;
		for (int i = 0; i < n; i++)
			if (hdr[i] && (best < 0 || cur[i].time_ns < cur[best].time_ns))
				best = i;
		if (best < 0)
			break;
		on_record(c, &cur[best], hdr[best]);
		struct perf_ring *r = &c->rings[best];
		perf_ring_consume(r);
		while ((hdr[best] = perf_ring_peek(r)) &&
		       perf_rec_parse(hdr[best], PERF_SYS_SAMPLE_TYPE, &cur[best])) {
			c->st.parse_errors++;
			perf_ring_consume(r);
		}
	}
	for (int i = 0; i < n; i++)
		if (c->rings[i].map_size)
			perf_ring_end(&c->rings[i]);
	/* the rings are free again: unwind a slice now (all, past the bound on what is held) */
	if (c->unw.len)
		collect_unwind_run(&c->unw, on_unwound, c, c->unw.len - c->unw.done >
				   COLLECT_UNWIND_HOLD_MAX ? 0 : COLLECT_UNWIND_SLICE_NS);
out:
	free(cur);
	free(hdr);
}

static void rearm_periods(struct collector *c)
{
	for (size_t i = 0; i < c->n_fds; i++) {
		if (is_offcpu(c, c->fd_event[i]))
			continue; /* every switch */
		uint64_t p = perf_sys_random_period(&c->cfg.events[c->fd_event[i]], &c->seed);
		ioctl(c->fds[i], PERF_EVENT_IOC_PERIOD, &p);
	}
}

int collector_poll(struct collector *c, int timeout_ms)
{
	struct pollfd pfd[COLLECTOR_MAX_CPUS + 1];
	int fds[COLLECTOR_MAX_CPUS + 1];
	size_t n = collector_pollfds(c, fds, COLLECTOR_MAX_CPUS + 1);
	for (size_t i = 0; i < n; i++)
		pfd[i] = (struct pollfd){ .fd = fds[i], .events = POLLIN };
	if (c->cfg.drain_ms && timeout_ms > 0)
		timeout_ms = (int)c->cfg.drain_ms;
	if (c->unw.done < c->unw.len)
		timeout_ms = 0; /* stacks wait to be unwound: look at the rings and go on */
	int rc = poll(pfd, n, timeout_ms);
	if (rc < 0 && errno == EINTR)
		rc = -EINTR;
	else
		rc = 0;
	drain_rings(c);
	if (c->bpf)
		bpf_agg_consume(c->bpf, on_bpf_entry, c);
	uint64_t now = now_mono_ns();
	if (c->cfg.rearm_ms && now - c->last_rearm_ns >= c->cfg.rearm_ms * 1000000ull) {
		rearm_periods(c);
		c->last_rearm_ns = now;
	}
	return rc;
}

int collector_flush(struct collector *c)
{
	uint64_t t0 = now_mono_ns();
	drain_rings(c);
	collect_unwind_run(&c->unw, on_unwound, c, 0);
	collect_unwind_forget(&c->unw); /* eras may be reaped below */
	if (c->bpf) {
		bpf_agg_consume(c->bpf, on_bpf_entry, c);
		int rc = bpf_agg_drain(c->bpf, on_bpf_entry, c);
		if (rc)
			return rc;
		bpf_agg_consume(c->bpf, on_bpf_entry, c);
	}
	/* the ring path's tables; on the BPF path those of the samples the ring still brought */
	for (int i = 0; i < c->ncpus; i++)
		agg_drain_all(&c->agg[i], on_agg_entry, c);
	procmap_reap(&c->pm, t0);
	int rc = c->sink_err;
	c->sink_err = 0;
	return rc;
}

void collector_stats(const struct collector *c, struct collector_stats *st)
{
	*st = c->st;
	st->user_tasks = c->n_tasks;
	st->unwound = c->unw.st.samples;
	st->unwound_leaf_only = c->unw.st.leaf_only;
	st->unwound_frames = c->unw.st.frames;
	st->memory_bytes = procmap_memory_bytes(&c->pm) + offcpu_memory(&c->off);
	st->offcpu_waits = c->off.st.waits;
	st->offcpu_preempted = c->off.st.preempted;
	st->offcpu_ns = c->off.st.ns;
	st->maps = c->pm.stats;
	if (c->bpf) {
		struct bpf_agg_totals t;
		if (bpf_agg_stats(c->bpf, &t) == 0) {
			st->samples = t.samples;
			st->agg_hits = t.hits;
			st->agg_evictions = t.evictions;
			st->lost_overflow = t.lost;
			st->stacks_lost = t.stacks_lost;
			for (int i = 0; i < 64; i++)
				st->samples_cpu[i] = t.samples_cpu[i];
			st->samples += c->st.samples; /* those the ring brought (on_sample) */
		}
		st->memory_bytes += bpf_agg_memory_bytes(c->bpf);
	}
	for (int i = 0; i < c->ncpus; i++) {
		st->agg_hits += c->agg[i].stats.hits;
		st->agg_evictions += c->agg[i].stats.evictions;
		st->entries_out += c->agg[i].stats.entries_out;
		st->memory_bytes += agg_memory_bytes(&c->agg[i]);
	}
	st->memory_bytes += (size_t)c->ncpus * (c->cfg.mmap_pages + 1) *
			    (size_t)sysconf(_SC_PAGESIZE);
}

void collector_close(struct collector *c)
{
	if (!c)
		return;
	bpf_agg_close(c->bpf); /* links first: they hold the event fds */
	for (size_t i = 0; i < c->n_fds; i++) {
		int owned_by_ring = 0;
		for (int k = 0; k < c->ncpus; k++)
			owned_by_ring |= c->rings[k].fd == c->fds[i];
		if (!owned_by_ring)
			close(c->fds[i]);
	}
	for (int i = 0; c->rings && i < c->ncpus; i++)
		if (c->rings[i].map_size)
			perf_ring_unmap(&c->rings[i]);
	for (int i = 0; c->agg && i < c->ncpus; i++)
		agg_free(&c->agg[i]);
	collect_unwind_free(&c->unw);
	offcpu_free(&c->off);
	free(c->stash);
	procmap_free(&c->pm);
	free(c->rings);
	free(c->agg);
	free(c->fds);
	free(c->fd_event);
	free(c->ids);
	for (size_t g = 0; g < c->n_groups; g++)
		free(c->groups[g].fds);
	free(c->groups);
	free(c->tasks);
	free(c);
}
