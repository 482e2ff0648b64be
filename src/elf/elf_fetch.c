/*
 * elf_fetch.c — robin's build-id cache (copies of images of other mount namespaces) and the
 * debuginfod client: libdebuginfod.so.1 is opened with dlopen on the first lookup with
 * DEBUGINFOD_URLS set (linking it would pull libcurl into every robin process), its four
 * functions declared here as elfutils' debuginfod.h has them.
 */
#include "elf/elf_fetch.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A build-id usable in a path: 4 to 128 lower-case hex digits. */
static int id_ok(const char *id)
{
	size_t n = strlen(id);
	if (n < 4 || n >= ELF_IMAGE_BUILD_ID_MAX)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!((id[i] >= '0' && id[i] <= '9') || (id[i] >= 'a' && id[i] <= 'f')))
			return 0;
	return 1;
}

/* Open path as the image of build_id: 0 when it is an ELF file carrying that build-id. */
static int open_matching(struct elf_image *im, const char *path, const char *build_id)
{
	if (elf_image_open(im, path) == 0) {
		if (!strcmp(im->ident.build_id, build_id))
			return 0;
		elf_image_close(im);
	}
	return -ENOENT;
}

/* ---- robin's build-id cache -------------------------------------------------------------- */

int elf_fetch_cache_dir(char *buf, size_t n)
{
	const char *d = getenv("ROBIN_CACHE_DIR"), *x = getenv("XDG_CACHE_HOME"),
		   *h = getenv("HOME");
	int w;
	if (d && *d)
		w = snprintf(buf, n, "%s", d);
	else if (x && *x == '/')
		w = snprintf(buf, n, "%s/robin", x);
	else if (h && *h == '/')
		w = snprintf(buf, n, "%s/.cache/robin", h);
	else
		return -ENOENT;
	return w > 0 && (size_t)w < n ? 0 : -ENAMETOOLONG;
}

/* mkdir -p of the directory part of path (mode 0755). */
static int mkdirs(char *path)
{
	for (char *p = strchr(path + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = 0;
		int rc = mkdir(path, 0755);
		*p = '/';
		if (rc && errno != EEXIST)
			return -errno;
	}
	return 0;
}

int elf_fetch_cache_store(int fd, const char *build_id)
{
	char dir[4096], path[4400], tmp[4500];
	int rc;
	if (!id_ok(build_id))
		return -EINVAL;
	if ((rc = elf_fetch_cache_dir(dir, sizeof dir)))
		return rc;
	snprintf(path, sizeof path, "%s/.build-id/%.2s/%s", dir, build_id, build_id + 2);
	if (access(path, F_OK) == 0)
		return 0;
	if ((rc = mkdirs(path)))
		return rc;
	snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
	int out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (out < 0)
		return -errno;
	char buf[65536];
	off_t off = 0;
	for (;;) {
		ssize_t got = pread(fd, buf, sizeof buf, off);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			rc = got < 0 ? -errno : 0;
			break;
		}
		for (ssize_t put = 0; put < got;) {
			ssize_t w = write(out, buf + put, (size_t)(got - put));
			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0) {
				rc = w < 0 ? -errno : -EIO;
				break;
			}
			put += w;
		}
		if (rc)
			break;
		off += got;
	}
	if (close(out) && !rc)
		rc = -errno;
	if (!rc && rename(tmp, path))
		rc = -errno;
	if (rc)
		unlink(tmp);
	return rc;
}

int elf_fetch_cache_open(struct elf_image *im, const char *build_id)
{
	char dir[4096], path[4400];
	memset(im, 0, sizeof *im);
	im->fd = -1;
	if (!id_ok(build_id) || elf_fetch_cache_dir(dir, sizeof dir))
		return -ENOENT;
	snprintf(path, sizeof path, "%s/.build-id/%.2s/%s", dir, build_id, build_id + 2);
	return open_matching(im, path, build_id);
}

/* ---- debuginfod -------------------------------------------------------------------------- */

typedef struct debuginfod_client debuginfod_client;
typedef int (*debuginfod_progressfn_t)(debuginfod_client *c, long a, long b);

static struct {
	int tried, ok, given_up;
	debuginfod_client *(*begin)(void);
	int (*find_debuginfo)(debuginfod_client *, const unsigned char *, int, char **);
	void (*set_progressfn)(debuginfod_client *, debuginfod_progressfn_t);
	void (*end)(debuginfod_client *);
	struct timespec deadline;
} dbg;

/* The library's cache directory (as debuginfod-client.c chooses it). */
static int debuginfod_cache_dir(char *buf, size_t n)
{
	const char *d = getenv("DEBUGINFOD_CACHE_PATH"), *x = getenv("XDG_CACHE_HOME"),
		   *h = getenv("HOME");
	struct stat st;
	int w;
	if (d && *d)
		w = snprintf(buf, n, "%s", d);
	else if (h && *h == '/' && (snprintf(buf, n, "%s/.debuginfod_client_cache", h),
				    stat(buf, &st) == 0 && S_ISDIR(st.st_mode)))
		return 0;
	else if (x && *x == '/')
		w = snprintf(buf, n, "%s/debuginfod_client", x);
	else if (h && *h == '/')
		w = snprintf(buf, n, "%s/.cache/debuginfod_client", h);
	else
		return -ENOENT;
	return w > 0 && (size_t)w < n ? 0 : -ENAMETOOLONG;
}

/* Cancels a transfer past the lookup's deadline (libdebuginfod calls it while it waits). */
static int dbg_progress(debuginfod_client *c, long a, long b)
{
	(void)c, (void)a, (void)b;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec > dbg.deadline.tv_sec ||
	       (now.tv_sec == dbg.deadline.tv_sec && now.tv_nsec >= dbg.deadline.tv_nsec);
}

static int dbg_load(void)
{
	if (dbg.tried)
		return dbg.ok ? 0 : -ENOTSUP;
	dbg.tried = 1;
	void *h = dlopen("libdebuginfod.so.1", RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fprintf(stderr, "robin: DEBUGINFOD_URLS is set but libdebuginfod cannot be loaded: "
			"%s\n", dlerror());
		return -ENOTSUP;
	}
	void *sym;  /* dlsym returns void *; POSIX guarantees it converts to a function pointer */
#define DBG_SYM(field, name) (sym = dlsym(h, name), memcpy(&dbg.field, &sym, sizeof sym))
	DBG_SYM(begin, "debuginfod_begin");
	DBG_SYM(find_debuginfo, "debuginfod_find_debuginfo");
	DBG_SYM(set_progressfn, "debuginfod_set_progressfn");
	DBG_SYM(end, "debuginfod_end");
#undef DBG_SYM
	dbg.ok = dbg.begin && dbg.find_debuginfo && dbg.set_progressfn && dbg.end;
	if (!dbg.ok) {
		fprintf(stderr, "robin: libdebuginfod.so.1 lacks the debuginfod_* functions\n");
		dlclose(h);
		return -ENOTSUP;
	}
	return 0;
}

int elf_fetch_debuginfod(struct elf_image *im, const char *build_id)
{
	char dir[4096], path[4400];
	memset(im, 0, sizeof *im);
	im->fd = -1;
	if (!id_ok(build_id))
		return -ENOENT;
	/* Fetched before: read the library's cache directly, no server needed. */
	if (debuginfod_cache_dir(dir, sizeof dir) == 0) {
		snprintf(path, sizeof path, "%s/%s/debuginfo", dir, build_id);
		if (open_matching(im, path, build_id) == 0)
			return 0;
	}
	const char *urls = getenv("DEBUGINFOD_URLS");
	if (!urls || !*urls || dbg.given_up || dbg_load())
		return -ENOENT;
	const char *t = getenv("DEBUGINFOD_TIMEOUT");
	long secs = t && *t ? strtol(t, NULL, 10) : 90;
	clock_gettime(CLOCK_MONOTONIC, &dbg.deadline);
	dbg.deadline.tv_sec += secs > 0 ? secs : 90;
	debuginfod_client *c = dbg.begin();
	if (!c)
		return -ENOENT;
	dbg.set_progressfn(c, dbg_progress);
	char *got = NULL;
	int fd = dbg.find_debuginfo(c, (const unsigned char *)build_id, 0, &got);
	dbg.end(c);
	int rc = -ENOENT;
	if (fd >= 0) {
		rc = elf_image_open_fd(im, fd, got ? got : build_id);
		close(fd);
		if (rc == 0 && strcmp(im->ident.build_id, build_id)) {
			elf_image_close(im);
			rc = -ENOENT;
		}
	} else if (fd != -ENOENT) {
		dbg.given_up = 1;
		fprintf(stderr, "robin: debuginfod: %s: %s (no further lookups)\n", build_id,
			strerror(-fd));
	}
	free(got);
	return rc ? -ENOENT : 0;
}
