/*
 * perf_sys.c — perf_event_open, the named events and the automatic source choice.
 * The choice probes for real (opening a disabled event on this process) instead of trusting
 * sysfs alone: containers and VMs often list a PMU they do not let a guest program.
 */
#include "collect/perf_sys.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int perf_sys_open(struct perf_event_attr *attr, pid_t pid, int cpu, int group_fd,
		  unsigned long flags)
{
	long fd = syscall(SYS_perf_event_open, attr, pid, cpu, group_fd, flags);
	return fd < 0 ? -errno : (int)fd;
}

static int read_int_file(const char *path, long *v)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -errno;
	int rc = fscanf(f, "%ld", v) == 1 ? 0 : -EINVAL;
	fclose(f);
	return rc;
}

int perf_sys_paranoid(void)
{
	long v;
	return read_int_file("/proc/sys/kernel/perf_event_paranoid", &v) ? 99 : (int)v;
}

int perf_sys_ncpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_CONF);
	return n > 0 ? (int)n : 1;
}

/* The PMU type number of a dynamic PMU (ibs_op, ibs_fetch, cpu), or -ENOENT. */
static int pmu_type(const char *pmu)
{
	char path[128];
	long v;
	snprintf(path, sizeof path, "/sys/bus/event_source/devices/%s/type", pmu);
	int rc = read_int_file(path, &v);
	return rc ? rc : (int)v;
}

/* Core clock in Hz for turning a frequency into a cycle period: /proc/cpuinfo, else 2 GHz. */
static uint64_t cpu_hz(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	double mhz = 0;
	char line[256];
	while (f && fgets(line, sizeof line, f))
		if (!strncmp(line, "cpu MHz", 7)) {
			char *c = strchr(line, ':');
			if (c)
				mhz = atof(c + 1);
			break;
		}
	if (f)
		fclose(f);
	return mhz > 100 ? (uint64_t)(mhz * 1e6) : 2000000000ull;
}

struct named_event {
	const char *name;       /* accepted spelling */
	const char *db_name;    /* the profile database's event name */
	enum perf_sys_kind kind;
	uint32_t type;          /* PERF_TYPE_*; ignored for IBS (sysfs type) */
	uint64_t config;
	unsigned rate_div;      /* period = cpu_hz / freq / rate_div (counters of rarer events) */
};

static const struct named_event named_events[] = {
	{ "cpu-clock", "cpu-clock", PERF_SYS_CLOCK, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, 1 },
	{ "task-clock", "task-clock", PERF_SYS_CLOCK, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, 1 },
	{ "cycles", "cycles", PERF_SYS_COUNTER, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 1 },
	{ "instructions", "instructions", PERF_SYS_COUNTER, PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_INSTRUCTIONS, 1 },
	{ "branch-misses", "branch-misses", PERF_SYS_COUNTER, PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_BRANCH_MISSES, 200 },
	{ "cache-misses", "cache-misses", PERF_SYS_COUNTER, PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_CACHE_MISSES, 200 },
	{ "L1-icache-misses", "imiss", PERF_SYS_COUNTER, PERF_TYPE_HW_CACHE,
	  PERF_COUNT_HW_CACHE_L1I | (PERF_COUNT_HW_CACHE_OP_READ << 8) |
	  (PERF_COUNT_HW_CACHE_RESULT_MISS << 16), 200 },
	{ "imiss", "imiss", PERF_SYS_COUNTER, PERF_TYPE_HW_CACHE,
	  PERF_COUNT_HW_CACHE_L1I | (PERF_COUNT_HW_CACHE_OP_READ << 8) |
	  (PERF_COUNT_HW_CACHE_RESULT_MISS << 16), 200 },
	{ "ibs-op", "ibs-op", PERF_SYS_IBS_OP, 0, 1ull << 19 /* IbsOpCntCtl: count ops */, 1 },
	{ "ibs_op", "ibs-op", PERF_SYS_IBS_OP, 0, 1ull << 19, 1 },
	{ "ibs-fetch", "ibs-fetch", PERF_SYS_IBS_FETCH, 0, 1ull << 57 /* IbsRandEn */, 1 },
	{ "ibs_fetch", "ibs-fetch", PERF_SYS_IBS_FETCH, 0, 1ull << 57, 1 },
};

static const struct named_event *named_find(const char *name)
{
	for (size_t i = 0; i < sizeof named_events / sizeof named_events[0]; i++)
		if (!strcmp(name, named_events[i].name))
			return &named_events[i];
	return NULL;
}

static void event_init(struct perf_sys_event *ev, const struct named_event *ne, unsigned freq_hz)
{
	memset(ev, 0, sizeof *ev);
	snprintf(ev->name, sizeof ev->name, "%s", ne->db_name);
	ev->kind = ne->kind;
	ev->attr.size = sizeof ev->attr;
	ev->attr.type = ne->type;
	ev->attr.config = ne->config;
	ev->attr.sample_type = PERF_SYS_SAMPLE_TYPE;
	ev->attr.exclude_hv = 1;
	ev->attr.exclude_guest = 1;
	if (freq_hz == 0)
		freq_hz = 1000;
	switch (ne->kind) {
	case PERF_SYS_OFFCPU: /* not in the named table: perf_sys_offcpu */
	case PERF_SYS_CLOCK:
		ev->period = 1000000000ull / freq_hz;
		break;
	case PERF_SYS_COUNTER:
		ev->period = cpu_hz() / freq_hz / ne->rate_div;
		break;
	case PERF_SYS_IBS_OP:
	case PERF_SYS_IBS_FETCH:
		/* ops retire at roughly one per cycle on CPU-bound code */
		ev->period = (cpu_hz() / freq_hz) & ~15ull;
		ev->attr.sample_type |= PERF_SAMPLE_RAW;
		break;
	}
	if (ev->period < 16)
		ev->period = 16;
	ev->attr.sample_period = ev->period;
}

/* Open `ev` disabled on this process to see whether the host allows it. */
static int probe(struct perf_sys_event *ev)
{
	struct perf_event_attr a = ev->attr;
	a.disabled = 1;
	int fd = perf_sys_open(&a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd == -EACCES || fd == -EPERM) {
		a.exclude_kernel = 1;
		fd = perf_sys_open(&a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	}
	if (fd < 0)
		return fd;
	close(fd);
	return 0;
}

static int resolve_ibs_type(struct perf_sys_event *ev)
{
	int t = pmu_type(ev->kind == PERF_SYS_IBS_OP ? "ibs_op" : "ibs_fetch");
	if (t < 0)
		return t;
	ev->attr.type = (uint32_t)t;
	return 0;
}

int perf_sys_parse(const char *list, unsigned freq_hz, struct perf_sys_event *ev, size_t *n,
		   char *err, size_t err_size)
{
	char buf[256];
	*n = 0;
	if (strlen(list) >= sizeof buf) {
		snprintf(err, err_size, "--event: list too long");
		return -EINVAL;
	}
	strcpy(buf, list);
	char *save = NULL;
	for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (*n == PERF_SYS_MAX_EVENTS) {
			snprintf(err, err_size, "--event: at most %d events", PERF_SYS_MAX_EVENTS);
			return -EINVAL;
		}
		char *mod = strchr(tok, ':');
		if (mod)
			*mod++ = 0;
		const struct named_event *ne = named_find(tok);
		if (!ne) {
			snprintf(err, err_size, "--event: unknown event '%s' (known: cpu-clock, "
				 "task-clock, cycles, instructions, branch-misses, cache-misses, "
				 "L1-icache-misses, ibs-op, ibs-fetch)", tok);
			return -EINVAL;
		}
		struct perf_sys_event *e = &ev[*n];
		event_init(e, ne, freq_hz);
		for (; mod && *mod; mod++) {
			if (*mod == 'p' && e->precise < 3)
				e->precise++;
			else if (*mod == 'u')
				e->attr.exclude_kernel = 1;
			else if (*mod == 'k')
				e->attr.exclude_user = 1;
			else {
				snprintf(err, err_size, "--event: bad modifier '%c' in '%s'", *mod, tok);
				return -EINVAL;
			}
		}
		e->attr.precise_ip = (unsigned)e->precise;
		if ((e->kind == PERF_SYS_IBS_OP || e->kind == PERF_SYS_IBS_FETCH) &&
		    resolve_ibs_type(e)) {
			snprintf(err, err_size, "--event %s: this host has no %s PMU "
				 "(/sys/bus/event_source/devices/%s missing)", tok,
				 e->kind == PERF_SYS_IBS_OP ? "ibs_op" : "ibs_fetch",
				 e->kind == PERF_SYS_IBS_OP ? "ibs_op" : "ibs_fetch");
			return -ENOENT;
		}
		int rc = probe(e);
		if (rc) {
			snprintf(err, err_size, "--event %s: perf_event_open refused it: %s%s", tok,
				 strerror(-rc), rc == -ENOENT || rc == -EOPNOTSUPP ?
				 " (no such counter on this host; cpu-clock always works)" : "");
			return rc;
		}
		(*n)++;
	}
	if (*n == 0) {
		snprintf(err, err_size, "--event: empty list");
		return -EINVAL;
	}
	return 0;
}

int perf_sys_select(unsigned freq_hz, struct perf_sys_event *ev, size_t *n, char *why,
		    size_t why_size)
{
	*n = 1;
	if (access("/sys/bus/event_source/devices/ibs_op", F_OK) == 0) {
		event_init(ev, named_find("ibs-op"), freq_hz);
		if (resolve_ibs_type(ev) == 0 && probe(ev) == 0) {
			snprintf(why, why_size, "ibs-op: AMD instruction-based sampling (precise pc, "
				 "miss flags, latencies)");
			return 0;
		}
	}
	int has_cpu_pmu = access("/sys/bus/event_source/devices/cpu", F_OK) == 0 ||
			  access("/sys/bus/event_source/devices/cpu_core", F_OK) == 0;
	event_init(ev, named_find("cycles"), freq_hz);
	for (int p = 3; p >= 0; p--) {
		ev->precise = p;
		ev->attr.precise_ip = (unsigned)p;
		if (probe(ev) == 0) {
			snprintf(why, why_size, p ? "cycles (precise_ip=%d): hardware PMU with precise "
				 "sampling" : "cycles: hardware PMU without precise sampling", p);
			return 0;
		}
	}
	event_init(ev, named_find("cpu-clock"), freq_hz);
	int rc = probe(ev);
	if (rc) {
		snprintf(why, why_size, "no sampling source: even cpu-clock was refused (%s)",
			 strerror(-rc));
		return rc;
	}
	snprintf(why, why_size, "cpu-clock: %s", has_cpu_pmu ?
		 "the hardware PMU refused cycles sampling" :
		 "no hardware PMU (no /sys/bus/event_source/devices/cpu)");
	return 0;
}

void perf_sys_offcpu(struct perf_sys_event *ev)
{
	memset(ev, 0, sizeof *ev);
	snprintf(ev->name, sizeof ev->name, "off-cpu");
	ev->kind = PERF_SYS_OFFCPU;
	ev->attr.size = sizeof ev->attr;
	ev->attr.type = PERF_TYPE_SOFTWARE;
	ev->attr.config = PERF_COUNT_SW_CONTEXT_SWITCHES;
	ev->attr.sample_type = PERF_SYS_SAMPLE_TYPE;
	ev->attr.sample_period = 1;
	ev->attr.context_switch = 1;
	ev->attr.exclude_hv = 1;
	ev->attr.exclude_guest = 1;
	ev->period = PERF_SYS_OFFCPU_UNIT_NS;
}

uint64_t perf_sys_random_period(const struct perf_sys_event *ev, uint64_t *seed)
{
	if (ev->kind == PERF_SYS_OFFCPU)
		return 1; /* every switch */
	uint64_t x = *seed ? *seed : 0x9e3779b97f4a7c15ull;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*seed = x;
	uint64_t half = ev->period / 32;
	uint64_t p = ev->period - half + (half ? x % (2 * half + 1) : 0);
	if (ev->kind == PERF_SYS_IBS_OP || ev->kind == PERF_SYS_IBS_FETCH)
		p &= ~15ull;
	return p < 16 ? 16 : p;
}

void perf_sys_user_only(struct perf_sys_event *ev, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		ev[i].attr.exclude_hv = 1;
		if (ev[i].kind == PERF_SYS_OFFCPU) /* its samples are taken in the scheduler: */
			ev[i].attr.exclude_callchain_kernel = 1; /* still refused at paranoid 2 */
		else
			ev[i].attr.exclude_kernel = 1;
	}
}
