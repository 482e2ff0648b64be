/*
 * procmap.c — processes, address-space eras and images for the collector (see procmap.h).
 */
#include "collect/procmap.h"
#include "elf/elf_fetch.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define PROCMAP_PTAB 4096
#define PROCMAP_FORK_SLACK_NS 5000000ull /* FORK record is written just after start_time */

static int is_kernel_addr(uint64_t pc)
{
	return (pc >> 63) != 0;
}

static uint64_t hash_str(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

int procmap_init(struct procmap *pm)
{
	memset(pm, 0, sizeof *pm);
	pm->ptab_size = PROCMAP_PTAB;
	pm->itab_size = 1024;
	pm->ptab = calloc(pm->ptab_size, sizeof *pm->ptab);
	pm->itab = calloc(pm->itab_size, sizeof *pm->itab);
	pm->next_era_id = 1;
	pm->self_pid = (uint32_t)getpid();
	struct stat st;
	if (stat("/proc/self/ns/mnt", &st) == 0)
		pm->self_mnt_ino = (uint64_t)st.st_ino;
	if (!pm->ptab || !pm->itab) {
		procmap_free(pm);
		return -ENOMEM;
	}
	return 0;
}

static void era_free(struct cera *e)
{
	free(e->maps);
	free(e);
}

void procmap_free(struct procmap *pm)
{
	for (struct cera *e = pm->all_eras, *n; e; e = n) {
		n = e->next_all;
		era_free(e);
	}
	for (uint32_t i = 0; pm->ptab && i < pm->ptab_size; i++)
		for (struct cproc *p = pm->ptab[i], *n; p; p = n) {
			n = p->hnext;
			for (struct cproc *o = p->older, *on; o; o = on) {
				on = o->older;
				free(o);
			}
			free(p);
		}
	for (uint32_t i = 0; i < pm->n_images; i++) {
		free(pm->images[i]->path);
		free(pm->images[i]->key);
		free(pm->images[i]->jit_map);
		free(pm->images[i]->jit_dump);
		jitdump_reader_free(&pm->images[i]->jit_drd);
		free(pm->images[i]);
	}
	free(pm->images);
	free(pm->ptab);
	free(pm->itab);
	memset(pm, 0, sizeof *pm);
}

/* ---- images ------------------------------------------------------------------------------ */

static struct cimage *image_lookup(struct procmap *pm, const char *key)
{
	for (struct cimage *im = pm->itab[hash_str(key) & (pm->itab_size - 1)]; im; im = im->hnext)
		if (!strcmp(im->key, key))
			return im;
	return NULL;
}

static int image_table_grow(struct procmap *pm)
{
	uint32_t nsize = pm->itab_size * 2;
	struct cimage **nt = calloc(nsize, sizeof *nt);
	if (!nt)
		return -ENOMEM;
	for (uint32_t i = 0; i < pm->n_images; i++) {
		struct cimage *im = pm->images[i];
		uint64_t h = hash_str(im->key) & (nsize - 1);
		im->hnext = nt[h];
		nt[h] = im;
	}
	free(pm->itab);
	pm->itab = nt;
	pm->itab_size = nsize;
	return 0;
}

static struct cimage *image_new(struct procmap *pm, const char *key, enum cimage_kind kind,
				const char *path)
{
	if (pm->n_images == pm->cap_images) {
		uint32_t ncap = pm->cap_images ? pm->cap_images * 2 : 64;
		struct cimage **n = realloc(pm->images, ncap * sizeof *n);
		if (!n)
			return NULL;
		pm->images = n;
		pm->cap_images = ncap;
	}
	if (pm->n_images >= pm->itab_size && image_table_grow(pm))
		return NULL;
	struct cimage *im = calloc(1, sizeof *im);
	if (!im)
		return NULL;
	im->key = strdup(key);
	im->path = strdup(path);
	if (!im->key || !im->path) {
		free(im->key);
		free(im->path);
		free(im);
		return NULL;
	}
	im->kind = kind;
	im->arch = "";
	im->index = pm->n_images;
	pm->images[pm->n_images++] = im;
	uint64_t h = hash_str(key) & (pm->itab_size - 1);
	im->hnext = pm->itab[h];
	pm->itab[h] = im;
	pm->stats.images++;
	return im;
}

static struct cimage *image_kernel(struct procmap *pm)
{
	if (pm->kernel)
		return pm->kernel;
	struct cimage *im = image_new(pm, "K|", CIMAGE_KERNEL, "[kernel.kallsyms]");
	if (im) {
		elf_kernel_build_id(im->build_id, sizeof im->build_id);
		im->arch = "x86-64";
#if !defined(__x86_64__)
		im->arch = "other";
#endif
	}
	pm->kernel = im;
	return im;
}

/* The image of a named anonymous range (JIT code, heap, memfd). */
static struct cimage *image_anon(struct procmap *pm, const char *name, const char *comm)
{
	char label[300], key[320];
	if (!strncmp(name, "[anon:", 6))
		snprintf(label, sizeof label, "%s", name);
	else if (!strncmp(name, "/memfd:", 7)) {
		snprintf(label, sizeof label, "[memfd:%s", name + 7);
		char *d = strstr(label, " (deleted)");
		if (d)
			*d = 0;
		strncat(label, "]", sizeof label - strlen(label) - 1);
	} else if (!strcmp(name, "[heap]") || !strcmp(name, "[stack]"))
		snprintf(label, sizeof label, "%.7s %s", name, comm[0] ? comm : "?");
	else
		snprintf(label, sizeof label, "[anon:%s]", comm[0] ? comm : "?");
	snprintf(key, sizeof key, "A|%s", label);
	struct cimage *im = image_lookup(pm, key);
	return im ? im : image_new(pm, key, CIMAGE_ANON, label);
}

/* Whether process pid lives in another mount namespace than the collector (0 if unknown). */
static int foreign_mnt_ns(const struct procmap *pm, uint32_t pid)
{
	char p[64];
	struct stat st;
	snprintf(p, sizeof p, "/proc/%u/ns/mnt", pid);
	return pm->self_mnt_ino && stat(p, &st) == 0 && (uint64_t)st.st_ino != pm->self_mnt_ino;
}

/* Read the identity of the image at `path` (a /proc/PID/root or map_files name) into *ei when
 * it carries build_id (any, when ""). When it matches and copy is set, the file is also copied
 * into robin's build-id cache (elf_fetch.h), for reports made when the process is gone.
 * Returns 1 when it matches. */
static int image_file_fd(const char *path, const char *build_id, struct elf_image_info *ei,
			 int copy)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), ok = 0;
	if (fd < 0)
		return 0;
	ok = elf_image_info_fd(fd, ei) == 0 && (!build_id[0] || !strcmp(ei->build_id, build_id));
	if (ok && copy && ei->build_id[0]) {
		int rc = elf_fetch_cache_store(fd, ei->build_id);
		if (rc)
			fprintf(stderr, "robin: cannot keep a copy of %s (build-id %s): %s\n", path,
				ei->build_id, strerror(-rc));
	}
	close(fd);
	return ok;
}

/* The image of a file mapping. `build_id` is hex or ""; dev/ino identify it without one;
 * pid/start/end reach the mapping through /proc/PID/map_files when the path is stale. */
static struct cimage *image_file(struct procmap *pm, const char *name, const char *build_id,
				 uint32_t maj, uint32_t min, uint64_t ino, uint64_t gen,
				 uint32_t pid, uint64_t start, uint64_t end)
{
	char path[4096], key[4200];
	snprintf(path, sizeof path, "%s", name);
	int deleted = 0;
	size_t len = strlen(path);
	if (len > 10 && !strcmp(path + len - 10, " (deleted)")) {
		path[len - 10] = 0;
		deleted = 1;
	}
	if (!strcmp(path, "[vdso]")) {
		/* the vdso image is per-kernel; key it by the kernel's build-id */
		struct cimage *k = image_kernel(pm);
		snprintf(key, sizeof key, "V|%s", k ? k->build_id : "");
	} else if (build_id[0])
		snprintf(key, sizeof key, "F|%s|%s", path, build_id);
	else
		snprintf(key, sizeof key, "F|%s|%u:%u:%" PRIu64 ":%" PRIu64, path, maj, min, ino, gen);
	struct cimage *im = image_lookup(pm, key);
	if (im)
		return im;
	im = image_new(pm, key, !strcmp(path, "[vdso]") ? CIMAGE_VDSO : CIMAGE_FILE, path);
	if (!im)
		return NULL;
	im->deleted = deleted;
	snprintf(im->build_id, sizeof im->build_id, "%s", build_id);
	if (im->kind == CIMAGE_VDSO)
		return im;
	struct elf_image_info ei;
	/* A process in another mount namespace (a container) or chroot names files of its own
	 * root: read them through /proc/PID/root, and keep a copy by build-id for the reports,
	 * which run when the process and its namespace are gone. */
	int foreign = pid && foreign_mnt_ns(pm, pid), ok = 0;
	char rp[4200];
	snprintf(rp, sizeof rp, "/proc/%u/root%s", pid, path);
	if (!deleted && foreign) {
		/* the file as the process sees it; copied unless robin's own path holds the same
		 * build (as for services that only have a private /tmp) */
		struct elf_image_info host;
		int hok = elf_image_info_path(path, &host) == 0 && host.build_id[0];
		ok = image_file_fd(rp, build_id, &ei, 0);
		if (ok && ei.build_id[0] && !(hok && !strcmp(host.build_id, ei.build_id)))
			(void)image_file_fd(rp, ei.build_id, &ei, 1);
		else if (!ok && hok && build_id[0] && !strcmp(host.build_id, build_id))
			ei = host, ok = 1;  /* unreadable there; robin's path holds the same build */
	} else if (!deleted) {
		ok = elf_image_info_path(path, &ei) == 0 &&
		     (!build_id[0] || !strcmp(ei.build_id, build_id));
		if (!ok && pid)  /* another root (chroot): the process's own file, copied */
			ok = image_file_fd(rp, build_id, &ei, 1);
	}
	if (!ok && pid) {
		/* deleted or replaced since: the mapping itself still holds the old file */
		char mf[96];
		snprintf(mf, sizeof mf, "/proc/%u/map_files/%" PRIx64 "-%" PRIx64, pid, start, end);
		ok = image_file_fd(mf, build_id, &ei, foreign);
		if (!ok && !deleted)
			im->deleted = 1; /* the file at the path is another build */
	}
	if (ok) {
		im->elf = ei;
		im->elf_ok = 1;
		im->arch = ei.arch;
		im->size_bytes = ei.size_bytes;
		if (!im->build_id[0])
			snprintf(im->build_id, sizeof im->build_id, "%s", ei.build_id);
	}
	return im;
}

/* ---- processes and eras ------------------------------------------------------------------ */

static struct cera *era_new(struct procmap *pm, struct cproc *p, const struct cera *copy)
{
	struct cera *e = calloc(1, sizeof *e);
	if (!e)
		return NULL;
	if (copy && copy->n) {
		e->maps = malloc(copy->n * sizeof *e->maps);
		if (!e->maps) {
			free(e);
			return NULL;
		}
		memcpy(e->maps, copy->maps, copy->n * sizeof *e->maps);
		e->n = e->cap = copy->n;
	}
	if (copy && copy->proc == p)
		e->jit = copy->jit; /* a replaced range: the same program's perf map */
	if (copy) {
		memcpy(e->comm, copy->comm, sizeof e->comm);
		e->exec_seq = copy->exec_seq;
		e->exec_seq_known = copy->exec_seq_known;
	}
	e->id = pm->next_era_id++;
	e->proc = p;
	e->prev_in_proc = p->cur;
	p->cur = e;
	e->next_all = pm->all_eras;
	pm->all_eras = e;
	pm->stats.eras++;
	return e;
}

static struct cproc *proc_new(struct procmap *pm, uint32_t pid, uint64_t fork_ns)
{
	struct cproc *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->pid = pid;
	p->fork_ns = fork_ns;
	struct cproc **slot = &pm->ptab[pid & (pm->ptab_size - 1)];
	for (struct cproc **q = slot; *q; q = &(*q)->hnext)
		if ((*q)->pid == pid) { /* pid reuse: the old one becomes history */
			struct cproc *old = *q;
			if (!old->exited) {
				old->exited = 1;
				old->exit_ns = fork_ns;
			}
			p->older = old;
			p->hnext = old->hnext;
			old->hnext = NULL;
			*q = p;
			pm->stats.procs++;
			return p;
		}
	p->hnext = *slot;
	*slot = p;
	pm->stats.procs++;
	return p;
}

struct cproc *procmap_find(struct procmap *pm, uint32_t pid)
{
	for (struct cproc *p = pm->ptab[pid & (pm->ptab_size - 1)]; p; p = p->hnext)
		if (p->pid == pid)
			return p;
	return NULL;
}

struct cproc *procmap_find_at(struct procmap *pm, uint32_t pid, uint64_t start_ns)
{
	struct cproc *p = procmap_find(pm, pid), *last = p;
	for (; p; p = p->older) {
		if (p->fork_ns == 0 || p->fork_ns <= start_ns + PROCMAP_FORK_SLACK_NS)
			return p;
		last = p;
	}
	return last;
}

struct cera *procmap_era_seq(struct cproc *p, uint32_t seq)
{
	struct cera *e = p->cur;
	if (!e || !e->exec_seq_known) {
		/* a process that predates the collector: its exec count is only known relative to
		 * the first era seen; take the newest era whose relative position matches, else
		 * the current one */
		return e;
	}
	for (struct cera *x = e; x; x = x->prev_in_proc)
		if (x->exec_seq_known && x->exec_seq == seq)
			return x;
	return e;
}

/* Insert [start, end) into era e, removing whatever it overlaps. */
static int era_insert(struct cera *e, uint64_t start, uint64_t end, int64_t bias,
		      struct cimage *im)
{
	uint32_t w = 0;
	struct cmap tail_piece;
	int have_tail = 0;
	for (uint32_t i = 0; i < e->n; i++) {
		struct cmap m = e->maps[i];
		if (m.end <= start || m.start >= end) {
			e->maps[w++] = m;
			continue;
		}
		if (m.start < start) { /* keep the part before */
			struct cmap a = m;
			a.end = start;
			e->maps[w++] = a;
		}
		if (m.end > end) { /* and the part after */
			tail_piece = m;
			tail_piece.start = end;
			have_tail = 1;
		}
	}
	e->n = w;
	if (e->n + 2 > e->cap) {
		uint32_t ncap = e->cap ? e->cap * 2 : 16;
		struct cmap *nm = realloc(e->maps, ncap * sizeof *nm);
		if (!nm)
			return -ENOMEM;
		e->maps = nm;
		e->cap = ncap;
	}
	struct cmap add[2] = { { start, end, bias, im }, tail_piece };
	for (int k = 0; k < 1 + have_tail; k++) {
		uint32_t pos = e->n;
		while (pos > 0 && e->maps[pos - 1].start > add[k].start)
			pos--;
		memmove(&e->maps[pos + 1], &e->maps[pos], (e->n - pos) * sizeof *e->maps);
		e->maps[pos] = add[k];
		e->n++;
	}
	return 0;
}

static int era_overlaps(const struct cera *e, uint64_t start, uint64_t end)
{
	for (uint32_t i = 0; i < e->n; i++)
		if (e->maps[i].start < end && e->maps[i].end > start)
			return 1;
	return 0;
}

/* The process `pid` for a record that needs one, created (with an empty era) if unknown. */
static struct cproc *proc_get(struct procmap *pm, uint32_t pid)
{
	struct cproc *p = procmap_find(pm, pid);
	if (p && !p->exited)
		return p;
	p = proc_new(pm, pid, 0);
	if (p && !era_new(pm, p, NULL))
		return NULL;
	return p;
}

/* Add a mapping for process p (a MMAP2 record or a /proc maps line). */
static int proc_map(struct procmap *pm, struct cproc *p, uint64_t start, uint64_t end,
		    uint64_t pgoff, const char *name, const char *build_id, uint32_t maj,
		    uint32_t min, uint64_t ino, uint64_t gen)
{
	struct cimage *im;
	int64_t bias = 0;
	/* anonymous as perf has it: shared anonymous memory is "/dev/zero (deleted)" (robin's
	 * translated code, other JITs' double mappings) */
	int anon = !name[0] || name[0] != '/' || !strncmp(name, "/memfd:", 7) ||
		   !strncmp(name, "//anon", 6) || !strncmp(name, "/dev/zero", 9) ||
		   !strncmp(name, "/anon_hugepage", 14);
	if (!strcmp(name, "[vdso]"))
		anon = 0;
	if (is_kernel_addr(start))
		return 0; /* [vsyscall] and friends: kernel addresses resolve to the kernel */
	if (anon) {
		im = image_anon(pm, name, p->cur ? p->cur->comm : "");
	} else {
		im = image_file(pm, name, build_id, maj, min, ino, gen, p->pid, start, end);
		if (im && im->kind == CIMAGE_VDSO)
			bias = -(int64_t)start;
		else if (im && im->elf_ok)
			bias = elf_image_info_bias(&im->elf, start, pgoff);
		else
			bias = (int64_t)pgoff - (int64_t)start;
	}
	if (!im)
		return -ENOMEM;
	struct cera *e = p->cur;
	if (e->sampled && era_overlaps(e, start, end)) {
		/* samples already name this era: give the replaced range a new era */
		e = era_new(pm, p, e);
		if (!e)
			return -ENOMEM;
	}
	return era_insert(e, start, end, bias, im);
}

int procmap_apply(struct procmap *pm, const struct perf_rec *r)
{
	struct cproc *p;
	switch (r->type) {
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2: {
		if (r->pid == (uint32_t)-1)
			return 0; /* kernel module maps */
		pm->stats.maps_records++;
		p = proc_get(pm, r->pid);
		if (!p)
			return -ENOMEM;
		char bid[41] = "";
		if (r->build_id_size)
			elf_hex(r->build_id, r->build_id_size, bid, sizeof bid);
		return proc_map(pm, p, r->addr, r->addr + r->len, r->pgoff, r->filename, bid,
				r->maj, r->min, r->ino, r->ino_generation);
	}
	case PERF_RECORD_COMM:
		if (r->pid != r->tid)
			return 0;
		p = proc_get(pm, r->pid);
		if (!p)
			return -ENOMEM;
		if (r->misc & PERF_RECORD_MISC_COMM_EXEC) {
			struct cera *old = p->cur;
			struct cera *e = era_new(pm, p, NULL);
			if (!e)
				return -ENOMEM;
			e->exec_seq_known = old && old->exec_seq_known;
			e->exec_seq = old ? old->exec_seq + 1 : 0;
			pm->stats.execs++;
		}
		snprintf(p->cur->comm, sizeof p->cur->comm, "%s", r->comm);
		return 0;
	case PERF_RECORD_FORK: {
		if (r->pid == r->ppid)
			return 0; /* a new thread of a known process */
		pm->stats.forks++;
		struct cproc *parent = procmap_find(pm, r->ppid);
		p = proc_new(pm, r->pid, r->time_ns ? r->time_ns : 1);
		if (!p)
			return -ENOMEM;
		struct cera *e = era_new(pm, p, parent ? parent->cur : NULL);
		if (!e)
			return -ENOMEM;
		/* the kernel starts a child's exec count from its parent's: relative count 0 */
		e->exec_seq = 0;
		e->exec_seq_known = 1;
		return 0;
	}
	case PERF_RECORD_EXIT:
		if (r->pid != r->tid)
			return 0;
		p = procmap_find(pm, r->pid);
		if (p && !p->exited) {
			p->exited = 1;
			p->exit_ns = r->time_ns;
			pm->stats.exits++;
		}
		return 0;
	default:
		return 0;
	}
}

/* ---- /proc scanning ---------------------------------------------------------------------- */

int procmap_scan_pid(struct procmap *pm, uint32_t pid, int replace)
{
	char path[64], line[4608];
	struct cproc *p = procmap_find(pm, pid);
	if (p && !p->exited && !replace)
		return 0;
	snprintf(path, sizeof path, "/proc/%u/maps", pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -errno;
	p = proc_new(pm, pid, 0);
	struct cera *e = p ? era_new(pm, p, NULL) : NULL;
	if (!e) {
		fclose(f);
		return -ENOMEM;
	}
	pm->stats.scans++;
	snprintf(path, sizeof path, "/proc/%u/comm", pid);
	FILE *c = fopen(path, "r");
	if (c) {
		if (fgets(e->comm, sizeof e->comm, c))
			e->comm[strcspn(e->comm, "\n")] = 0;
		fclose(c);
	}
	int rc = 0;
	while (fgets(line, sizeof line, f)) {
		uint64_t start, end, pgoff, ino;
		unsigned maj, min;
		char perms[8];
		int name_at = 0;
		if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %7s %" SCNx64 " %x:%x %" SCNu64 " %n",
			   &start, &end, perms, &pgoff, &maj, &min, &ino, &name_at) < 7)
			continue;
		if (!strchr(perms, 'x'))
			continue;
		char *name = line + name_at;
		name[strcspn(name, "\n")] = 0;
		rc = proc_map(pm, p, start, end, pgoff, name, "", maj, min, ino, 0);
		if (rc)
			break;
	}
	fclose(f);
	return rc;
}

int procmap_scan_all(struct procmap *pm, uid_t uid)
{
	DIR *d = opendir("/proc");
	if (!d)
		return -errno;
	struct dirent *de;
	while ((de = readdir(d))) {
		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		uint32_t pid = (uint32_t)strtoul(de->d_name, NULL, 10);
		if (uid != (uid_t)-1) {
			char path[64];
			struct stat st;
			snprintf(path, sizeof path, "/proc/%u", pid);
			if (stat(path, &st) || st.st_uid != uid)
				continue;
		}
		int rc = procmap_scan_pid(pm, pid, 0);
		if (rc == -ENOMEM) {
			closedir(d);
			return rc;
		}
	}
	closedir(d);
	return 0;
}

/* ---- resolution and reaping -------------------------------------------------------------- */

/* The jitdump file process pid maps (a file named jit-PID.dump, as perf looks for it), as a
 * path robin can open (through /proc/PID/root in another mount namespace), or NULL. */
static char *era_find_dump(struct procmap *pm, const struct cera *e, uint32_t pid)
{
	char want[40];
	int wl = snprintf(want, sizeof want, "/jit-%u.dump", pid);
	for (uint32_t i = 0; i < e->n; i++) {
		const struct cimage *im = e->maps[i].image;
		size_t l = strlen(im->path);
		if (im->kind != CIMAGE_FILE || l < (size_t)wl || strcmp(im->path + l - wl, want))
			continue;
		size_t n = l + 32;
		char *p = malloc(n);
		if (!p)
			return NULL;
		if (foreign_mnt_ns(pm, pid))
			snprintf(p, n, "/proc/%u/root%s", pid, im->path);
		else
			snprintf(p, n, "%s", im->path);
		return p;
	}
	return NULL;
}

/* The JIT image of era e if its process writes a perf map or maps a jitdump file (looked for
 * now and then; once one is found, less often for the other). */
static struct cimage *era_jit(struct procmap *pm, struct cera *e)
{
	struct cimage *im = e->jit;
	if (!e->proc || (im && im->jit_map && im->jit_dump))
		return im;
	if (e->jit_probe++ % (im ? 1024 : 64))
		return im;
	char map[64], label[64], key[96];
	struct stat st;
	uint32_t pid = e->proc->pid;
	snprintf(map, sizeof map, PROCMAP_PERF_MAP_DIR "/perf-%u.map", pid);
	int has_map = !(im && im->jit_map) && !stat(map, &st) && S_ISREG(st.st_mode);
	char *dump = im && im->jit_dump ? NULL : era_find_dump(pm, e, pid);
	if (!has_map && !dump)
		return im;
	if (!im) {
		if (has_map)
			snprintf(label, sizeof label, "[jit] perf-%u.map", pid);
		else
			snprintf(label, sizeof label, "[jit] jit-%u.dump", pid);
		snprintf(key, sizeof key, "J|%" PRIu64, e->id);
		im = image_new(pm, key, CIMAGE_JIT, label);
		if (!im) {
			free(dump);
			return NULL; /* out of memory: the samples stay anonymous */
		}
		/* (path, build-id) identifies an image in the database: the id tells this
		 * process's map from another one's with the same pid */
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		uint64_t h = hash_str(key) ^ ((uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec);
		h = (h ^ pid) * 1099511628211ull;
		snprintf(im->build_id, sizeof im->build_id, "%016" PRIx64, h);
		im->arch = image_kernel(pm) ? image_kernel(pm)->arch : "";
		for (struct cera *x = e; x; x = x->prev_in_proc)
			if (x->exec_seq == e->exec_seq && x->exec_seq_known == e->exec_seq_known)
				x->jit = im; /* older eras of the same program share it */
	}
	if (has_map && !im->jit_map)
		im->jit_map = strdup(map); /* out of memory: looked for again later */
	if (dump)
		im->jit_dump = dump;
	return im;
}

struct cimage *procmap_resolve(struct procmap *pm, struct cera *e, uint64_t pc, uint64_t *offset)
{
	if (is_kernel_addr(pc)) {
		*offset = pc;
		return image_kernel(pm);
	}
	*offset = pc;
	if (!e || !e->n)
		return NULL;
	uint32_t lo = 0, hi = e->n;
	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;
		if (e->maps[mid].end <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == e->n || e->maps[lo].start > pc)
		return NULL;
	const struct cmap *m = &e->maps[lo];
	if (m->image->kind == CIMAGE_ANON) {
		struct cimage *jit = era_jit(pm, e);
		if (jit)
			return jit; /* offset = the runtime address */
	}
	*offset = (uint64_t)((int64_t)pc + m->bias);
	return m->image;
}

void procmap_reap(struct procmap *pm, uint64_t before_ns)
{
	for (uint32_t i = 0; i < pm->ptab_size; i++) {
		struct cproc **q = &pm->ptab[i];
		while (*q) {
			struct cproc *p = *q;
			/* drop exited history first */
			struct cproc **oq = &p->older;
			while (*oq) {
				struct cproc *o = *oq;
				if (o->exited && o->exit_ns < before_ns) {
					*oq = o->older;
					for (struct cera *e = o->cur; e; e = e->prev_in_proc)
						e->proc = NULL;
					free(o);
					pm->stats.reaped++;
				} else
					oq = &o->older;
			}
			if (p->exited && p->exit_ns < before_ns) {
				struct cproc *keep = p->older;
				for (struct cera *e = p->cur; e; e = e->prev_in_proc)
					e->proc = NULL;
				if (keep) {
					keep->hnext = p->hnext;
					*q = keep;
				} else
					*q = p->hnext;
				free(p);
				pm->stats.reaped++;
				continue;
			}
			q = &p->hnext;
		}
	}
	for (struct cera **eq = &pm->all_eras; *eq;) {
		struct cera *e = *eq;
		if (!e->proc) {
			*eq = e->next_all;
			era_free(e);
		} else
			eq = &e->next_all;
	}
}

size_t procmap_memory_bytes(const struct procmap *pm)
{
	size_t b = pm->ptab_size * sizeof *pm->ptab + pm->itab_size * sizeof *pm->itab;
	for (const struct cera *e = pm->all_eras; e; e = e->next_all)
		b += sizeof *e + e->cap * sizeof *e->maps;
	b += pm->n_images * (sizeof(struct cimage) + 64);
	b += (size_t)pm->stats.procs * sizeof(struct cproc);
	return b;
}
