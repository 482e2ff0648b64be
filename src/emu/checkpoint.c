/*
 * checkpoint.c — the emulator's checkpoints (see checkpoint.h and docs/checkpoint.md for the
 * format): a 40-byte header, then sections {tag, crc32, length, data}: HART registers, PROC
 * process state, IMGS code images, FDS_ open files, CWD_ working directory, DATA the non-zero
 * pages deflated in address order, PAGE the page list (number, permission, kind).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "emu/checkpoint.h"
#include "emu/emu_priv.h"
#include "emu/hermetic.h"
#include "emu/thread.h"

#define CKPT_MAGIC "ROBINCKP"
#define CKPT_HEADER_BYTES 40
#define CKPT_TAG(a, b, c, d) ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 | (uint32_t)(d) << 24)
#define CKPT_HART CKPT_TAG('H', 'A', 'R', 'T')
#define CKPT_PROC CKPT_TAG('P', 'R', 'O', 'C')
#define CKPT_IMGS CKPT_TAG('I', 'M', 'G', 'S')
#define CKPT_FDS  CKPT_TAG('F', 'D', 'S', '_')
#define CKPT_CWD  CKPT_TAG('C', 'W', 'D', '_')
#define CKPT_DATA CKPT_TAG('D', 'A', 'T', 'A')
#define CKPT_PAGE CKPT_TAG('P', 'A', 'G', 'E')
#define CKPT_FD_LIMIT 900   /* robin's own files live at or above this descriptor */

/* Page kinds in the PAGE section. */
enum { CKPT_PAGE_ZERO = 0, CKPT_PAGE_DATA = 1, CKPT_PAGE_NODATA = 2 };

/* The scalar process fields of the PROC section, in file order (u64 each). */
#define CKPT_PROC_FIELDS(X) X(brk_start) X(brk_cur) X(mmap_top) X(entry) X(sigmask) \
	X(sigsuspend_saved) X(sigpending) X(sleep_ns) X(altstack_sp) X(altstack_size)        \
	X(altstack_flags) X(clear_child_tid) X(robust_list) X(robust_len) X(rng_state)

static int ckpt_fail(char *err, size_t errlen, int rc, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int ckpt_fail(char *err, size_t errlen, int rc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return rc;
}

/* ---- writing ------------------------------------------------------------------------------ */

struct ckpt_out {
	FILE *f;
	long sec_at;        /* file offset of the open section's header */
	uint32_t crc;
	uint64_t len;
	int err;
};

static void ckpt_raw(struct ckpt_out *o, const void *p, size_t n)
{
	if (n && fwrite(p, 1, n, o->f) != n)
		o->err = -EIO;
	o->crc = (uint32_t)crc32(o->crc, p, (uInt)n);
	o->len += n;
}

static void ckpt_u64(struct ckpt_out *o, uint64_t v) { ckpt_raw(o, &v, 8); }
static void ckpt_u32(struct ckpt_out *o, uint32_t v) { ckpt_raw(o, &v, 4); }

static void ckpt_str(struct ckpt_out *o, const char *s)
{
	uint32_t n = (uint32_t)strlen(s);
	ckpt_u32(o, n);
	ckpt_raw(o, s, n);
}

static void ckpt_begin(struct ckpt_out *o, uint32_t tag)
{
	o->sec_at = ftell(o->f);
	uint32_t hdr[4] = { tag, 0, 0, 0 };
	if (fwrite(hdr, 1, sizeof(hdr), o->f) != sizeof(hdr))
		o->err = -EIO;
	o->crc = (uint32_t)crc32(0, NULL, 0);
	o->len = 0;
}

static void ckpt_end(struct ckpt_out *o)
{
	long here = ftell(o->f);
	uint32_t crc = o->crc;
	uint64_t len = o->len;
	if (fseek(o->f, o->sec_at + 4, SEEK_SET) || fwrite(&crc, 4, 1, o->f) != 1 ||
	    fwrite(&len, 8, 1, o->f) != 1 || fseek(o->f, here, SEEK_SET))
		o->err = -EIO;
}

void checkpoint_note_inherited(struct emu *e)
{
	memset(e->inherited_fds, 0, sizeof(e->inherited_fds));
	DIR *d = opendir("/proc/self/fd");
	if (!d)
		return;
	int self = dirfd(d);
	struct dirent *de;
	while ((de = readdir(d))) {
		char *end;
		long fd = strtol(de->d_name, &end, 10);
		if (!*end && end != de->d_name && fd >= 0 && fd < 64 * 16 && fd != self)
			e->inherited_fds[fd / 64] |= 1ull << (fd % 64);
	}
	closedir(d);
}

/* One descriptor of the guest, as ckpt_save_fds found it. */
struct ckpt_fd {
	int fd, fl, cloexec;
	off_t off;
	unsigned long pipe;   /* the pipe's inode, 0 for a file */
	char path[PATH_MAX];
};

/* The guest's descriptor numbered fd: one of its own (3..CKPT_FD_LIMIT-1, neither robin's
 * private ones nor those inherited from the environment)? */
static int ckpt_guest_fd(const struct emu *e, long fd)
{
	if (fd < 3 || fd >= CKPT_FD_LIMIT || (e->inherited_fds[fd / 64] >> (fd % 64) & 1))
		return 0;
	for (int i = 0; i < e->n_private_fds; i++)
		if (e->private_fds[i] == fd)
			return 0;
	return 1;
}

/* The bytes waiting in the pipe whose read end is rfd, put back through its write end wfd
 * (both the guest's, so no one else reads or writes meanwhile): malloc'd into *data. Returns
 * the count, or -errno. */
static long ckpt_pipe_peek(int rfd, int wfd, uint8_t **data)
{
	int avail = 0;
	*data = NULL;
	if (ioctl(rfd, FIONREAD, &avail) < 0)
		return -errno;
	if (avail <= 0)
		return 0;
	uint8_t *buf = malloc((size_t)avail);
	if (!buf)
		return -ENOMEM;
	long got = 0;
	while (got < avail) {
		ssize_t r = read(rfd, buf + got, (size_t)(avail - got));
		if (r <= 0) {
			free(buf);
			return r < 0 ? -errno : -EIO;
		}
		got += r;
	}
	for (long put = 0; put < got;) {
		ssize_t w = write(wfd, buf + put, (size_t)(got - put));
		if (w <= 0) {
			free(buf);
			return w < 0 ? -errno : -EIO;
		}
		put += w;
	}
	*data = buf;
	return got;
}

/* The guest's open descriptors into fds[CKPT_FD_LIMIT] (*n of them): regular files by path
 * and offset, pipes whose both ends the guest holds (a self-pipe) by their inode. 0, or
 * -ENOTSUP with a message for a descriptor that cannot be reopened (a socket, a deleted
 * file, a pipe's lone end). */
static int ckpt_list_fds(struct emu *e, struct ckpt_fd **fds_out, int *n_out, char *err,
                         size_t errlen)
{
	*n_out = 0;
	*fds_out = NULL;
	DIR *d = opendir("/proc/self/fd");
	if (!d)
		return ckpt_fail(err, errlen, -errno, "cannot list /proc/self/fd: %s", strerror(errno));
	int self = dirfd(d), rc = 0, n = 0, cap = 0;
	struct ckpt_fd *fds = NULL;
	struct dirent *de;
	while ((de = readdir(d)) && n < CKPT_FD_LIMIT) {
		char *end;
		long fd = strtol(de->d_name, &end, 10);
		if (*end || end == de->d_name || fd == self || !ckpt_guest_fd(e, fd))
			continue;
		if (n == cap) {
			/* grown as descriptors turn up: a forked point's process lists a few, and a
			 * table for all CKPT_FD_LIMIT (3.7 MB of paths) cleared there cost it ~700
			 * page faults */
			int nc = cap ? cap * 2 : 16;
			struct ckpt_fd *g = realloc(fds, (size_t)nc * sizeof(*g));
			if (!g) {
				rc = ckpt_fail(err, errlen, -ENOMEM, "out of memory");
				break;
			}
			fds = g;
			cap = nc;
		}
		struct ckpt_fd *f = &fds[n];
		memset(f, 0, offsetof(struct ckpt_fd, path));
		f->path[0] = 0;
		char link[64];
		snprintf(link, sizeof(link), "/proc/self/fd/%ld", fd);
		ssize_t len = readlink(link, f->path, sizeof(f->path) - 1);
		if (len < 0)
			continue;
		f->path[len] = 0;
		if (sscanf(f->path, "pipe:[%lu]", &f->pipe) != 1)
			f->pipe = 0;
		if ((f->path[0] != '/' && !f->pipe) ||
		    (len > 10 && !strcmp(f->path + len - 10, " (deleted)"))) {
			rc = ckpt_fail(err, errlen, -ENOTSUP, "the guest's descriptor %ld is %s, which a "
			               "checkpoint cannot reopen", fd, f->path);
			break;
		}
		int fdfl = fcntl((int)fd, F_GETFD);
		f->fd = (int)fd;
		f->fl = fcntl((int)fd, F_GETFL);
		f->cloexec = fdfl > 0 && (fdfl & FD_CLOEXEC);
		f->off = f->pipe ? 0 : lseek((int)fd, 0, SEEK_CUR);
		n++;
	}
	closedir(d);
	/* a pipe needs both ends among the guest's descriptors */
	for (int i = 0; i < n && !rc; i++) {
		int has_r = 0, has_w = 0;
		for (int j = 0; fds[i].pipe && j < n; j++)
			if (fds[j].pipe == fds[i].pipe) {
				has_r |= (fds[j].fl & O_ACCMODE) == O_RDONLY;
				has_w |= (fds[j].fl & O_ACCMODE) == O_WRONLY;
			}
		if (fds[i].pipe && !(has_r && has_w))
			rc = ckpt_fail(err, errlen, -ENOTSUP, "the guest's descriptor %d is %s, whose "
			               "other end the guest does not hold: a checkpoint cannot recreate "
			               "it", fds[i].fd, fds[i].path);
	}
	*n_out = n;
	*fds_out = fds;
	return rc;
}

/* Reopen the regular file path at descriptor fd (flags fl less creation and truncation), at
 * offset off unless it appends. 0 or -errno. */
static int ckpt_reopen_file(int fd, int fl, int cloexec, uint64_t off, const char *path)
{
	int h = open(path, fl & ~(O_CREAT | O_EXCL | O_TRUNC));
	if (h < 0)
		return -errno;
	if (h != fd) {
		int rc = dup3(h, fd, cloexec ? O_CLOEXEC : 0) < 0 ? -errno : 0;
		close(h);
		if (rc)
			return rc;
	} else if (cloexec) {
		fcntl(h, F_SETFD, FD_CLOEXEC);
	}
	if (!(fl & O_APPEND))
		lseek(fd, (off_t)off, SEEK_SET);
	return 0;
}

/* The guest's open files: regular files by path and offset; pipes whose both ends the guest
 * holds (a self-pipe) by their inode, the read end carrying the bytes waiting in the pipe. */
static int ckpt_save_fds(struct emu *e, struct ckpt_out *o, char *err, size_t errlen)
{
	struct ckpt_fd *fds;
	int n, rc = ckpt_list_fds(e, &fds, &n, err, errlen);
	ckpt_begin(o, CKPT_FDS);
	for (int i = 0; i < n && !rc; i++) {
		struct ckpt_fd *f = &fds[i];
		uint8_t *data = NULL;
		long nbytes = 0;
		int first_reader = 1;
		for (int j = 0; j < i; j++)
			first_reader &= !(fds[j].pipe == f->pipe && (fds[j].fl & O_ACCMODE) == O_RDONLY);
		if (f->pipe && (f->fl & O_ACCMODE) == O_RDONLY && first_reader) {
			int w = -1;
			for (int j = 0; j < n && w < 0; j++)
				if (fds[j].pipe == f->pipe && (fds[j].fl & O_ACCMODE) == O_WRONLY)
					w = fds[j].fd;
			nbytes = ckpt_pipe_peek(f->fd, w, &data);
			if (nbytes < 0) {
				rc = ckpt_fail(err, errlen, (int)nbytes, "cannot read the pipe of the guest's "
				               "descriptor %d: %s", f->fd, strerror((int)-nbytes));
				break;
			}
		}
		ckpt_u32(o, (uint32_t)f->fd);
		ckpt_u32(o, (uint32_t)f->fl);
		ckpt_u32(o, (uint32_t)f->cloexec);
		ckpt_u64(o, f->pipe ? (uint64_t)nbytes : f->off < 0 ? 0 : (uint64_t)f->off);
		ckpt_str(o, f->path);
		if (nbytes > 0)
			ckpt_raw(o, data, (size_t)nbytes);
		free(data);
	}
	ckpt_u32(o, UINT32_MAX);  /* end of the list */
	ckpt_end(o);
	free(fds);
	return rc;
}

/* What checkpoint_save keeps between calls on one emulator: each data page's contents and
 * its deflated bytes as last written (a raw deflate of the page alone, ended by a sync
 * flush, so that the pieces of any pages concatenate into one valid stream). A page found
 * unchanged at the next checkpoint is copied, not deflated again: the campaigns' checkpoint
 * pass saves a checkpoint before every simulation point, and most pages of a program
 * change little between them. At most CKPT_CACHE_PAGES pages are kept (4 KiB each, plus
 * their deflated bytes); beyond that a page is deflated every time. */
#define CKPT_CACHE_PAGES (1u << 18)

struct ckpt_cached_page {
	uint64_t key;       /* page number + 1 (0: a free slot) */
	uint8_t *raw;       /* GMEM_PAGE_SIZE bytes: the contents deflated */
	uint8_t *z;         /* the deflated bytes */
	uint32_t zlen, zcap;
};

struct ckpt_cache {
	struct ckpt_cached_page *slot;  /* open addressing by page number */
	size_t mask, n;
	z_stream z;                     /* raw deflate, level 1, run-length matches only */
	uint8_t *tmp;                   /* a page's bytes when it is not kept */
	uint32_t tmp_cap;
};

void checkpoint_cache_free(struct emu *e)
{
	struct ckpt_cache *c = e->ckpt_cache;
	if (!c)
		return;
	for (size_t i = 0; c->slot && i <= c->mask; i++) {
		free(c->slot[i].raw);
		free(c->slot[i].z);
	}
	free(c->slot);
	free(c->tmp);
	deflateEnd(&c->z);
	free(c);
	e->ckpt_cache = NULL;
}

static struct ckpt_cache *ckpt_cache_get(struct emu *e)
{
	if (e->ckpt_cache)
		return e->ckpt_cache;
	struct ckpt_cache *c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->mask = 4095;
	c->slot = calloc(c->mask + 1, sizeof(*c->slot));
	if (!c->slot || deflateInit2(&c->z, 1, Z_DEFLATED, -15, 8, Z_RLE) != Z_OK) {
		free(c->slot);
		free(c);
		return NULL;
	}
	e->ckpt_cache = c;
	return c;
}

static size_t ckpt_cache_hash(uint64_t key, size_t mask)
{
	return (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & mask;
}

/* The slot of page pg (its key 0 when the page is not kept), or NULL when the cache is full
 * or out of memory. */
static struct ckpt_cached_page *ckpt_cache_slot(struct ckpt_cache *c, uint64_t pg)
{
	if ((c->n + 1) * 2 > c->mask + 1) {
		if (c->n >= CKPT_CACHE_PAGES)
			goto find;
		size_t mask = c->mask * 2 + 1;
		struct ckpt_cached_page *ns = calloc(mask + 1, sizeof(*ns));
		if (!ns)
			goto find;
		for (size_t i = 0; i <= c->mask; i++) {
			if (!c->slot[i].key)
				continue;
			size_t k = ckpt_cache_hash(c->slot[i].key, mask);
			while (ns[k].key)
				k = (k + 1) & mask;
			ns[k] = c->slot[i];
		}
		free(c->slot);
		c->slot = ns;
		c->mask = mask;
	}
find:
	for (size_t k = ckpt_cache_hash(pg + 1, c->mask);; k = (k + 1) & c->mask) {
		if (c->slot[k].key == pg + 1)
			return &c->slot[k];
		if (!c->slot[k].key)
			return (c->n + 1) * 2 > c->mask + 1 ? NULL : &c->slot[k];
	}
}

/* Deflate one page alone into *out (grown as needed), ended by a sync flush. 0 or -ENOMEM. */
static int ckpt_deflate_page(z_stream *z, const uint8_t *page, uint8_t **out, uint32_t *len,
                             uint32_t *cap)
{
	uint32_t need = (uint32_t)deflateBound(z, GMEM_PAGE_SIZE) + 64;
	if (deflateReset(z) != Z_OK)
		return -ENOMEM;
	z->next_in = (Bytef *)page;
	z->avail_in = GMEM_PAGE_SIZE;
	*len = 0;
	for (;;) {
		if (*cap < *len + need) {
			uint8_t *n = realloc(*out, *len + need);
			if (!n)
				return -ENOMEM;
			*out = n;
			*cap = *len + need;
		}
		z->next_out = *out + *len;
		z->avail_out = *cap - *len;
		int zr = deflate(z, Z_SYNC_FLUSH);
		*len = *cap - z->avail_out;
		if (zr != Z_OK && zr != Z_BUF_ERROR)
			return -ENOMEM;
		if (z->avail_out && !z->avail_in)
			return 0;
	}
}

/* The deflated bytes of page pg with contents host into *z / *zlen: the cache's when the page
 * is unchanged, else deflated now (and kept when there is room). 0 or -ENOMEM. */
static int ckpt_page_bytes(struct ckpt_cache *c, uint64_t pg, const uint8_t *host,
                           const uint8_t **z, uint32_t *zlen)
{
	struct ckpt_cached_page *s = ckpt_cache_slot(c, pg);
	if (s && s->key && !memcmp(s->raw, host, GMEM_PAGE_SIZE)) {
		*z = s->z;
		*zlen = s->zlen;
		return 0;
	}
	if (s && !s->key) {
		if (!(s->raw = malloc(GMEM_PAGE_SIZE)))
			return -ENOMEM;
		s->key = pg + 1;
		c->n++;
	}
	if (!s) {
		if (ckpt_deflate_page(&c->z, host, &c->tmp, zlen, &c->tmp_cap))
			return -ENOMEM;
		*z = c->tmp;
		return 0;
	}
	memcpy(s->raw, host, GMEM_PAGE_SIZE);
	if (ckpt_deflate_page(&c->z, host, &s->z, &s->zlen, &s->zcap)) {
		s->raw[0] ^= 1;  /* not a valid copy: deflated again next time */
		return -ENOMEM;
	}
	*z = s->z;
	*zlen = s->zlen;
	return 0;
}

/* DATA (the non-zero pages as one zlib stream: each page's own deflated bytes, then an empty
 * final block and the Adler-32 of all pages) and PAGE (the list). */
static int ckpt_save_memory(struct emu *e, struct ckpt_out *o, char *err, size_t errlen)
{
	static const uint8_t zero[GMEM_PAGE_SIZE];
	static uint8_t closed[GMEM_PAGE_SIZE];  /* a page the host cannot read, copied out */
	static const uint8_t zhead[2] = { 0x78, 0x01 }, zfinal[2] = { 0x03, 0x00 };
	struct gmem *m = &e->mem;
	size_t cap = 1024, n = 0;
	uint8_t *list = malloc(cap * 10);
	struct ckpt_cache *c = ckpt_cache_get(e);
	if (!list || !c) {
		free(list);
		return ckpt_fail(err, errlen, -ENOMEM, "out of memory");
	}
	int rc = 0;
	uLong adler = adler32(0, NULL, 0);
	ckpt_begin(o, CKPT_DATA);
	ckpt_raw(o, zhead, sizeof(zhead));
	const uint64_t *words = (const uint64_t *)m->perm;
	for (uint64_t w = 0; w < GMEM_NPAGES / 8 && !rc; w++) {
		if (!words[w])
			continue;
		for (uint64_t pg = w * 8; pg < w * 8 + 8; pg++) {
			uint8_t perm = m->perm[pg];
			if (!(perm & GMEM_MAPPED))
				continue;
			perm &= (uint8_t)~GMEM_CODE;
			if (perm & GMEM_SHARED) {
				rc = ckpt_fail(err, errlen, -ENOTSUP, "guest page 0x%" PRIx64 " is a "
				               "MAP_SHARED file mapping, which a checkpoint cannot hold",
				               pg << GMEM_PAGE_SHIFT);
				break;
			}
			const uint8_t *host = m->base + (pg << GMEM_PAGE_SHIFT);
			if (!(perm & GMEM_PASTEOF) && !(gmem_host_prot_of(m, m->perm[pg]) & PROT_READ)) {
				/* the guest may not read it: the host page is closed too */
				if (gmem_peek(m, pg << GMEM_PAGE_SHIFT, closed, GMEM_PAGE_SIZE)) {
					rc = ckpt_fail(err, errlen, -EFAULT, "guest page 0x%" PRIx64
					               " cannot be read", pg << GMEM_PAGE_SHIFT);
					break;
				}
				host = closed;
			}
			uint8_t kind = (perm & GMEM_PASTEOF) ? CKPT_PAGE_NODATA :
			               memcmp(host, zero, GMEM_PAGE_SIZE) ? CKPT_PAGE_DATA : CKPT_PAGE_ZERO;
			if (n == cap) {
				uint8_t *nl = realloc(list, cap * 2 * 10);
				if (!nl) {
					rc = ckpt_fail(err, errlen, -ENOMEM, "out of memory");
					break;
				}
				list = nl;
				cap *= 2;
			}
			memcpy(list + n * 10, &pg, 8);
			list[n * 10 + 8] = perm;
			list[n * 10 + 9] = kind;
			n++;
			if (kind != CKPT_PAGE_DATA)
				continue;
			const uint8_t *zb;
			uint32_t zlen;
			if (ckpt_page_bytes(c, pg, host, &zb, &zlen)) {
				rc = ckpt_fail(err, errlen, -ENOMEM, "out of memory");
				break;
			}
			ckpt_raw(o, zb, zlen);
			adler = adler32(adler, host, GMEM_PAGE_SIZE);
		}
	}
	uint8_t trailer[4] = { (uint8_t)(adler >> 24), (uint8_t)(adler >> 16), (uint8_t)(adler >> 8),
	                       (uint8_t)adler };
	ckpt_raw(o, zfinal, sizeof(zfinal));
	ckpt_raw(o, trailer, sizeof(trailer));
	ckpt_end(o);
	ckpt_begin(o, CKPT_PAGE);
	ckpt_u64(o, n);
	ckpt_raw(o, list, n * 10);
	ckpt_end(o);
	free(list);
	return rc;
}

int checkpoint_save(struct emu *e, const char *path, char *err, size_t errlen)
{
	char tmp[PATH_MAX];
	if (thread_count(e) > 1)  /* the format holds one hart (thread.c keeps the others) */
		return ckpt_fail(err, errlen, -ENOTSUP, "%s: the guest has %d threads; checkpoints "
				 "hold single-threaded guests only", path, thread_count(e));
	for (int i = 0; i < EMU_PTIMERS; i++)
		if (e->ptimer[i].used) /* not in the format: refuse rather than drop them */
			return ckpt_fail(err, errlen, -ENOTSUP, "%s: the guest has a POSIX timer "
					 "(timer_create), which checkpoints do not carry", path);
	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= sizeof(tmp))
		return ckpt_fail(err, errlen, -ENAMETOOLONG, "%s: path too long", path);
	/* at a high descriptor, so that it is not taken for one of the guest's */
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return ckpt_fail(err, errlen, -errno, "cannot write %s: %s", tmp, strerror(errno));
	int high = fcntl(fd, F_DUPFD_CLOEXEC, CKPT_FD_LIMIT + 50);
	if (high >= 0) {
		close(fd);
		fd = high;
	}
	struct ckpt_out o = { .f = fdopen(fd, "w") };
	if (!o.f) {
		close(fd);
		return ckpt_fail(err, errlen, -ENOMEM, "out of memory");
	}
	struct hart *h = &e->hart;
	/* header: magic, version, guest address bits, instret, reserved, crc of the 36 bytes */
	uint8_t hdr[CKPT_HEADER_BYTES] = { 0 };
	uint32_t ver = CHECKPOINT_VERSION, bits = GMEM_GUEST_BITS;
	memcpy(hdr, CKPT_MAGIC, 8);
	memcpy(hdr + 8, &ver, 4);
	memcpy(hdr + 12, &bits, 4);
	memcpy(hdr + 16, &h->instret, 8);
	uint32_t hcrc = (uint32_t)crc32(0, hdr, 36);
	memcpy(hdr + 36, &hcrc, 4);
	if (fwrite(hdr, 1, sizeof(hdr), o.f) != sizeof(hdr))
		o.err = -EIO;

	ckpt_begin(&o, CKPT_HART);
	ckpt_raw(&o, h->x, sizeof(h->x));
	ckpt_raw(&o, h->f, sizeof(h->f));
	ckpt_u64(&o, h->pc);
	ckpt_u32(&o, h->fflags);
	ckpt_u32(&o, h->frm);
	ckpt_u64(&o, h->reservation);
	ckpt_u64(&o, h->instret);
	/* the vector state: VLEN / 8 (0 without V), vl, vtype, vstart, vxrm, vxsat, v0..v31 */
	ckpt_u32(&o, h->vlenb);
	ckpt_u64(&o, h->vl);
	ckpt_u64(&o, h->vtype);
	ckpt_u64(&o, h->vstart);
	ckpt_u32(&o, h->vxrm);
	ckpt_u32(&o, h->vxsat);
	ckpt_raw(&o, h->vreg, 32u * h->vlenb);
	ckpt_end(&o);

	ckpt_begin(&o, CKPT_PROC);
#define CKPT_PUT(f) ckpt_u64(&o, e->f);
	CKPT_PROC_FIELDS(CKPT_PUT)
#undef CKPT_PUT
	ckpt_u64(&o, (uint64_t)e->sigsuspend_active);
	ckpt_u64(&o, e->cfg.seed);
	ckpt_u64(&o, (uint64_t)e->cfg.virtual_time);
	for (int w = 0; w < 3; w++) {  /* interval timers: deadline and period, ns */
		ckpt_u64(&o, e->timer_deadline_ns[w]);
		ckpt_u64(&o, e->timer_interval_ns[w]);
	}
	for (int s = 0; s <= EMU_NSIG; s++) {
		ckpt_u64(&o, e->sigact[s].handler);
		ckpt_u64(&o, e->sigact[s].flags);
		ckpt_u64(&o, e->sigact[s].mask);
		ckpt_u64(&o, (uint64_t)(int64_t)e->sig_code[s]);
		ckpt_u64(&o, e->sig_addr[s]);
	}
	ckpt_str(&o, e->exe_path);
	ckpt_end(&o);

	ckpt_begin(&o, CKPT_IMGS);
	ckpt_u32(&o, (uint32_t)e->n_images);
	for (int i = 0; i < e->n_images; i++) {
		ckpt_u64(&o, e->images[i].start);
		ckpt_u64(&o, e->images[i].end);
		ckpt_u64(&o, e->images[i].bias);
		ckpt_str(&o, e->images[i].path);
	}
	ckpt_end(&o);

	char cwd[PATH_MAX];
	ckpt_begin(&o, CKPT_CWD);
	ckpt_str(&o, getcwd(cwd, sizeof(cwd)) ? cwd : "");
	ckpt_end(&o);

	int rc = ckpt_save_fds(e, &o, err, errlen);
	if (!rc)
		rc = ckpt_save_memory(e, &o, err, errlen);
	if (fflush(o.f) || ferror(o.f))
		o.err = -EIO;
	if (fclose(o.f) && !o.err)
		o.err = -EIO;
	if (!rc && o.err)
		rc = ckpt_fail(err, errlen, o.err, "cannot write %s: %s", tmp, strerror(-o.err));
	if (!rc && rename(tmp, path))
		rc = ckpt_fail(err, errlen, -errno, "cannot rename %s to %s: %s", tmp, path,
		               strerror(errno));
	if (rc)
		unlink(tmp);
	return rc;
}

/* ---- reading ------------------------------------------------------------------------------ */

struct ckpt_in {
	const char *path;
	const uint8_t *base;      /* the whole file */
	uint64_t at, end;         /* cursor and end of the current section (file offsets) */
	char *err;
	size_t errlen;
	int rc;
};

static void ckpt_bad(struct ckpt_in *in, uint64_t off, const char *what)
{
	if (!in->rc)
		in->rc = ckpt_fail(in->err, in->errlen, -EINVAL, "%s: offset %" PRIu64 ": %s",
		                   in->path, off, what);
}

/* A field that parsed but holds a value the emulator cannot take: "FILE: offset N: RECORD:
 * FIELD: what". */
static void ckpt_badf(struct ckpt_in *in, uint64_t off, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void ckpt_badf(struct ckpt_in *in, uint64_t off, const char *fmt, ...)
{
	char what[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	ckpt_bad(in, off, what);
}

static const uint8_t *ckpt_take(struct ckpt_in *in, uint64_t n)
{
	if (in->rc)
		return NULL;
	if (n > in->end - in->at) {
		ckpt_bad(in, in->at, "section ends early (truncated or corrupt checkpoint)");
		return NULL;
	}
	const uint8_t *p = in->base + in->at;
	in->at += n;
	return p;
}

static uint64_t ckpt_get64(struct ckpt_in *in)
{
	uint64_t v = 0;
	const uint8_t *p = ckpt_take(in, 8);
	if (p)
		memcpy(&v, p, 8);
	return v;
}

static uint32_t ckpt_get32(struct ckpt_in *in)
{
	uint32_t v = 0;
	const uint8_t *p = ckpt_take(in, 4);
	if (p)
		memcpy(&v, p, 4);
	return v;
}

/* A string into buf (n bytes); "" after an error. */
static void ckpt_getstr(struct ckpt_in *in, char *buf, size_t n)
{
	uint64_t at = in->at;
	uint32_t len = ckpt_get32(in);
	const uint8_t *p = len < n ? ckpt_take(in, len) : NULL;
	if (!p) {
		ckpt_bad(in, at, "string too long");
		buf[0] = 0;
		return;
	}
	memcpy(buf, p, len);
	buf[len] = 0;
}

struct ckpt_section {
	uint64_t at, len;        /* file offset of the data, its length */
	int seen;
};

static int ckpt_open_section(struct ckpt_in *in, const struct ckpt_section *s)
{
	in->at = s->at;
	in->end = s->at + s->len;
	return in->rc;
}

/* Check one PAGE entry (index i at file offset at): the page inside the guest space and above
 * the previous one, a known kind, known flags, and the past-eof flag exactly on past-eof
 * pages, which have no access permission (gmem.c maps them PROT_NONE: a permission bit would
 * let the fast paths touch a host page that faults). 1 if good. */
static int ckpt_page_ok(struct ckpt_in *in, uint64_t at, uint64_t i, uint64_t pg, uint64_t prev,
                        uint8_t perm, uint8_t kind)
{
	if (pg >= GMEM_NPAGES)
		ckpt_badf(in, at, "PAGE entry %" PRIu64 ": address 0x%" PRIx64 "000 beyond the "
		          "%d-bit guest address space", i, pg, GMEM_GUEST_BITS);
	else if (prev != UINT64_MAX && pg <= prev)
		ckpt_badf(in, at, "PAGE entry %" PRIu64 ": address 0x%" PRIx64 "000 not above the "
		          "previous entry's", i, pg);
	else if (kind > CKPT_PAGE_NODATA)
		ckpt_badf(in, at, "PAGE entry %" PRIu64 ": kind %u unknown", i, kind);
	else if (perm & ~(GMEM_PROT_MASK | GMEM_MAPPED | GMEM_PASTEOF))
		ckpt_badf(in, at, "PAGE entry %" PRIu64 ": flags 0x%02x: unknown or unsaved flag "
		          "(code, shared)", i, perm);
	else if (!(perm & GMEM_MAPPED))
		ckpt_badf(in, at, "PAGE entry %" PRIu64 ": flags 0x%02x: flag mapped missing", i, perm);
	else if (kind == CKPT_PAGE_NODATA && !(perm & GMEM_PASTEOF))
		ckpt_badf(in, at, "PAGE entry %" PRIu64 ": kind past-eof without flag past-eof", i);
	else if (kind != CKPT_PAGE_NODATA && (perm & GMEM_PASTEOF))
		ckpt_badf(in, at, "PAGE entry %" PRIu64 ": flag past-eof with kind %u (not past-eof)",
		          i, kind);
	else if ((perm & GMEM_PASTEOF) && (perm & GMEM_PROT_MASK))
		ckpt_badf(in, at, "PAGE entry %" PRIu64 ": flag past-eof with access permission "
		          "0x%x (past-eof pages have none)", i, perm & GMEM_PROT_MASK);
	return !in->rc;
}

static void ckpt_load_memory(struct emu *e, struct ckpt_in *in, const struct ckpt_section *data,
                             const struct ckpt_section *page)
{
	struct gmem *m = &e->mem;
	if (ckpt_open_section(in, page))
		return;
	uint64_t n = ckpt_get64(in);
	if (in->rc || n > (in->end - in->at) / 10) {
		if (!in->rc)
			ckpt_badf(in, page->at, "PAGE: count %" PRIu64 " larger than the section "
			          "(%" PRIu64 " entries)", n, (in->end - in->at) / 10);
		return;
	}
	const uint8_t *list = ckpt_take(in, n * 10);
	z_stream z = { 0 };
	z.next_in = (Bytef *)(in->base + data->at);
	z.avail_in = (uInt)data->len;
	if (inflateInit(&z) != Z_OK) {
		in->rc = ckpt_fail(in->err, in->errlen, -ENOMEM, "out of memory");
		return;
	}
	uint64_t prev = UINT64_MAX;
	for (uint64_t i = 0; i < n && !in->rc; i++) {
		uint64_t pg;
		memcpy(&pg, list + i * 10, 8);
		uint8_t perm = list[i * 10 + 8], kind = list[i * 10 + 9];
		uint64_t entry_at = page->at + 8 + i * 10;
		if (!ckpt_page_ok(in, entry_at, i, pg, prev, perm, kind))
			break;
		prev = pg;
		uint64_t addr = pg << GMEM_PAGE_SHIFT;
		/* map runs of consecutive pages at once */
		if (!(m->perm[pg] & GMEM_MAPPED)) {
			uint64_t j = i + 1, last = pg;
			for (; j < n; j++) {
				uint64_t q;
				memcpy(&q, list + j * 10, 8);
				if (q != last + 1)
					break;
				last = q;
			}
			if (gmem_map_anon(m, addr, (last - pg + 1) << GMEM_PAGE_SHIFT, GMEM_R | GMEM_W)) {
				ckpt_bad(in, entry_at, "cannot map the page");
				break;
			}
		}
		else if (gmem_host_prot_of(m, m->perm[pg]) != (PROT_READ | PROT_WRITE))
			mprotect(m->base + addr, GMEM_PAGE_SIZE, PROT_READ | PROT_WRITE);
		if (kind == CKPT_PAGE_DATA) {
			z.next_out = m->base + addr;
			z.avail_out = GMEM_PAGE_SIZE;
			int zr = inflate(&z, Z_SYNC_FLUSH);
			if (z.avail_out || (zr != Z_OK && zr != Z_STREAM_END)) {
				ckpt_bad(in, data->at + z.total_in, "page data does not inflate (corrupt "
				         "checkpoint)");
				break;
			}
		} else if (kind == CKPT_PAGE_NODATA) {
			mprotect(m->base + addr, GMEM_PAGE_SIZE, PROT_NONE);
		}
		m->perm[pg] = perm;
		if (perm != (GMEM_MAPPED | GMEM_R | GMEM_W))  /* as mapped above: else the host's */
			gmem_sync_host(m, addr, GMEM_PAGE_SIZE);      /* protection follows perm */
	}
	inflateEnd(&z);
}

/* A pipe being recreated: its inode in the checkpoint and the two ends, kept at high
 * descriptors until every guest descriptor of it is in place. */
struct ckpt_pipe {
	unsigned long ino;
	int r, w;
};

/* The guest descriptor fd of the pipe `path` ("pipe:[INODE]"), created at its first end;
 * a read end's nbytes waiting bytes follow in the section. Returns 0, or -1 (in->rc set). */
static int ckpt_load_pipe(struct ckpt_in *in, uint64_t at, uint32_t fd, uint32_t fl,
                          uint32_t cloexec, uint64_t nbytes, const char *path,
                          struct ckpt_pipe *pipes, int *npipes)
{
	unsigned long ino;
	int rd = (fl & O_ACCMODE) == O_RDONLY, wr = (fl & O_ACCMODE) == O_WRONLY;
	if (sscanf(path, "pipe:[%lu]", &ino) != 1 || !(rd || wr) || (wr && nbytes) ||
	    nbytes > (1u << 20)) {
		ckpt_badf(in, at, "FDS_: descriptor %u: pipe '%s', flags %#x, %" PRIu64 " bytes "
		          "invalid", fd, path, fl, nbytes);
		return -1;
	}
	const uint8_t *data = nbytes ? ckpt_take(in, (size_t)nbytes) : NULL;
	if (in->rc)
		return -1;
	struct ckpt_pipe *p = NULL;
	for (int i = 0; i < *npipes && !p; i++)
		if (pipes[i].ino == ino)
			p = &pipes[i];
	if (!p) {
		int pf[2];
		if (*npipes == CKPT_FD_LIMIT || pipe2(pf, O_CLOEXEC) < 0) {
			in->rc = ckpt_fail(in->err, in->errlen, -EMFILE, "%s: offset %" PRIu64 ": cannot "
			                   "create a pipe for the guest's descriptor %u", in->path, at, fd);
			return -1;
		}
		p = &pipes[(*npipes)++];
		p->ino = ino;
		p->r = fcntl(pf[0], F_DUPFD_CLOEXEC, CKPT_FD_LIMIT + 100);
		p->w = fcntl(pf[1], F_DUPFD_CLOEXEC, CKPT_FD_LIMIT + 100);
		close(pf[0]);
		close(pf[1]);
		if (p->r < 0 || p->w < 0) {
			in->rc = ckpt_fail(in->err, in->errlen, -EMFILE, "%s: offset %" PRIu64 ": no "
			                   "descriptor left for a pipe", in->path, at);
			return -1;
		}
	}
	if (dup3(rd ? p->r : p->w, (int)fd, cloexec ? O_CLOEXEC : 0) < 0) {
		ckpt_bad(in, at, "cannot reopen the descriptor at its number");
		return -1;
	}
	fcntl((int)fd, F_SETFL, (int)fl & O_NONBLOCK);
	for (uint64_t put = 0; put < nbytes;) {
		ssize_t w = write(p->w, data + put, (size_t)(nbytes - put));
		if (w <= 0) {
			ckpt_bad(in, at, "cannot refill the pipe");
			return -1;
		}
		put += (uint64_t)w;
	}
	return 0;
}

static void ckpt_load_fds(struct ckpt_in *in)
{
	struct ckpt_pipe *pipes = calloc(CKPT_FD_LIMIT, sizeof(*pipes));
	int npipes = 0;
	if (!pipes) {
		in->rc = ckpt_fail(in->err, in->errlen, -ENOMEM, "out of memory");
		return;
	}
	for (;;) {
		uint64_t at = in->at;
		uint32_t fd = ckpt_get32(in);
		if (in->rc || fd == UINT32_MAX)
			break;
		uint32_t fl = ckpt_get32(in), cloexec = ckpt_get32(in);
		uint64_t off = ckpt_get64(in);
		char path[PATH_MAX];
		ckpt_getstr(in, path, sizeof(path));
		if (in->rc)
			break;
		if (fd < 3 || fd >= CKPT_FD_LIMIT) {
			ckpt_badf(in, at, "FDS_: descriptor %u outside 3..%d", fd, CKPT_FD_LIMIT - 1);
			break;
		}
		int is_pipe = !strncmp(path, "pipe:[", 6);
		if (cloexec > 1 || off > INT64_MAX || (path[0] != '/' && !is_pipe)) {
			ckpt_badf(in, at, "FDS_: descriptor %u: close-on-exec %u, offset %" PRIu64
			          " or path '%s' invalid (0 or 1, a file offset, an absolute path or a "
			          "pipe)", fd, cloexec, off, path);
			break;
		}
		if (fcntl((int)fd, F_GETFD) >= 0) {
			in->rc = ckpt_fail(in->err, in->errlen, -EBUSY, "%s: offset %" PRIu64 ": the "
			                   "guest's descriptor %u is already open in robin", in->path, at, fd);
			break;
		}
		if (is_pipe) {
			if (ckpt_load_pipe(in, at, fd, fl, cloexec, off, path, pipes, &npipes))
				break;
			continue;
		}
		int rc = ckpt_reopen_file((int)fd, (int)fl, (int)cloexec, off, path);
		if (rc) {
			in->rc = ckpt_fail(in->err, in->errlen, rc, "%s: offset %" PRIu64 ": cannot "
			                   "reopen the guest's descriptor %u (%s): %s", in->path, at, fd,
			                   path, strerror(-rc));
			break;
		}
	}
	for (int i = 0; i < npipes; i++) {
		close(pipes[i].r);
		close(pipes[i].w);
	}
	free(pipes);
}

/* The PROC fields the emulator relies on: the brk and mmap layout inside the guest space
 * (the mmap search top page-aligned), flags that are 0 or 1. */
static void ckpt_check_proc(const struct emu *e, struct ckpt_in *in, uint64_t at)
{
	if (in->rc)
		return;
	if (e->brk_start > e->brk_cur || e->brk_cur > GMEM_GUEST_SIZE)
		ckpt_badf(in, at, "PROC: brk 0x%" PRIx64 "-0x%" PRIx64 " not inside the guest space",
		          e->brk_start, e->brk_cur);
	else if (e->mmap_top > GMEM_GUEST_SIZE || (e->mmap_top & GMEM_PAGE_MASK))
		ckpt_badf(in, at, "PROC: mmap top 0x%" PRIx64 " not a page address inside the guest "
		          "space", e->mmap_top);
	else if (e->entry >= GMEM_GUEST_SIZE)
		ckpt_badf(in, at, "PROC: entry 0x%" PRIx64 " beyond the guest space", e->entry);
	else if ((unsigned)e->sigsuspend_active > 1 || (unsigned)e->cfg.virtual_time > 1)
		ckpt_badf(in, at, "PROC: sigsuspend or virtual-time flag not 0 or 1");
}

/* Whether the vector CSRs hold what vset* and the handlers can leave there: vtype legal (or
 * vill alone, with vl 0), vl <= VLMAX, vstart below VLEN, vxrm 2 bits, vxsat 1 bit. */
static int ckpt_vector_ok(const struct hart *h)
{
	if (h->vxrm > 3 || h->vxsat > 1)
		return 0;
	if (!h->vlenb)
		return h->vl == 0 && h->vstart == 0;
	if (h->vstart >= (uint64_t)h->vlenb * 8u)
		return 0;
	if (h->vtype == HART_VTYPE_VILL)
		return h->vl == 0;
	uint64_t vlmul = h->vtype & 7u, vsew = (h->vtype >> 3) & 7u;
	if ((h->vtype >> 8) || vlmul == 4 || vsew > 3 ||
	    (vlmul > 4 && (64u >> (8 - vlmul)) < (8u << vsew)))
		return 0;
	uint64_t bits = (uint64_t)h->vlenb * 8u;
	bits = vlmul < 4 ? bits << vlmul : bits >> (8 - vlmul);
	return h->vl <= bits / (8u << vsew);
}

/* The HART fields with constraints: pc inside the guest space and 2-byte aligned, fflags 5
 * bits, frm 3 bits, the reservation none or inside the guest space, instret the header's,
 * the vector CSRs consistent. */
static void ckpt_check_hart(const struct hart *h, struct ckpt_in *in, uint64_t at,
                            uint64_t instret)
{
	if (!ckpt_vector_ok(h))
		ckpt_badf(in, at, "HART: vl %" PRIu64 ", vtype 0x%" PRIx64 ", vstart %" PRIu64
		          ", vxrm %u or vxsat %u out of range", h->vl, h->vtype, h->vstart, h->vxrm,
		          h->vxsat);
	else if (h->pc >= GMEM_GUEST_SIZE || (h->pc & 1))
		ckpt_badf(in, at, "HART: pc 0x%" PRIx64 " unaligned or beyond the guest space", h->pc);
	else if (h->fflags > 0x1f || h->frm > 7)
		ckpt_badf(in, at, "HART: fflags 0x%x or frm %u out of range", h->fflags, h->frm);
	else if (h->reservation != ~0ull && h->reservation >= GMEM_GUEST_SIZE)
		ckpt_badf(in, at, "HART: reservation 0x%" PRIx64 " beyond the guest space",
		          h->reservation);
	else if (h->instret != instret)
		ckpt_badf(in, at, "HART: instret %" PRIu64 " differs from the header's %" PRIu64,
		          h->instret, instret);
}

int checkpoint_restore(struct emu *e, const char *path, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return ckpt_fail(err, errlen, -errno, "cannot read %s: %s", path, strerror(errno));
	struct stat st;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return ckpt_fail(err, errlen, -EINVAL, "%s: not a regular file", path);
	}
	uint64_t size = (uint64_t)st.st_size;
	uint8_t *buf = size ? mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0) : NULL;
	close(fd);
	if (size && buf == MAP_FAILED)
		return ckpt_fail(err, errlen, -errno, "cannot read %s: %s", path, strerror(errno));
	struct ckpt_in in = { path, buf, 0, size, err, errlen, 0 };
	struct ckpt_section sec[7] = { { 0 } };
	static const uint32_t tags[7] = { CKPT_HART, CKPT_PROC, CKPT_IMGS, CKPT_FDS, CKPT_CWD,
	                                  CKPT_DATA, CKPT_PAGE };
	uint32_t ver = 0, bits = 0, hcrc = 0;
	uint64_t instret = 0;
	if (size < CKPT_HEADER_BYTES || memcmp(buf, CKPT_MAGIC, 8)) {
		ckpt_bad(&in, 0, "not a robin checkpoint (no ROBINCKP header)");
		goto out;
	}
	memcpy(&ver, buf + 8, 4);
	memcpy(&bits, buf + 12, 4);
	memcpy(&hcrc, buf + 36, 4);
	memcpy(&instret, buf + 16, 8);
	if (hcrc != (uint32_t)crc32(0, buf, 36)) {
		ckpt_bad(&in, 36, "header checksum mismatch (corrupt checkpoint)");
		goto out;
	}
	if (ver != CHECKPOINT_VERSION) {
		char what[128];
		snprintf(what, sizeof(what), "checkpoint format version %u; this robin reads version %d",
		         ver, CHECKPOINT_VERSION);
		ckpt_bad(&in, 8, what);
		goto out;
	}
	if (bits > GMEM_GUEST_BITS) {
		char what[128];
		snprintf(what, sizeof(what), "saved with a %u-bit guest address space; this robin has %d",
		         bits, GMEM_GUEST_BITS);
		ckpt_bad(&in, 12, what);
		goto out;
	}
	/* sections: each checksummed; all seven present, each once */
	for (uint64_t at = CKPT_HEADER_BYTES; at < size;) {
		if (size - at < 16) {
			ckpt_bad(&in, at, "truncated section header");
			goto out;
		}
		uint32_t tag, crc;
		uint64_t len;
		memcpy(&tag, buf + at, 4);
		memcpy(&crc, buf + at + 4, 4);
		memcpy(&len, buf + at + 8, 8);
		if (len > size - at - 16) {
			ckpt_bad(&in, at, "section longer than the file (truncated checkpoint)");
			goto out;
		}
		int k;
		for (k = 0; k < 7 && tags[k] != tag; k++)
			;
		if (k == 7 || sec[k].seen) {
			ckpt_bad(&in, at, k == 7 ? "unknown section" : "repeated section");
			goto out;
		}
		uint32_t c = (uint32_t)crc32(0, NULL, 0);
		for (uint64_t p = 0; p < len; p += 1u << 30) {
			uint64_t chunk = len - p < (1u << 30) ? len - p : (1u << 30);
			c = (uint32_t)crc32(c, buf + at + 16 + p, (uInt)chunk);
		}
		if (c != crc) {
			char what[96];
			snprintf(what, sizeof(what), "section %.4s checksum mismatch (corrupt checkpoint)",
			         (const char *)&tag);
			ckpt_bad(&in, at, what);
			goto out;
		}
		sec[k] = (struct ckpt_section){ at + 16, len, 1 };
		at += 16 + len;
	}
	for (int k = 0; k < 7; k++)
		if (!sec[k].seen) {
			char what[64];
			snprintf(what, sizeof(what), "section %.4s missing (truncated checkpoint)",
			         (const char *)&tags[k]);
			ckpt_bad(&in, size, what);
			goto out;
		}

	struct hart *h = &e->hart;
	if (ckpt_open_section(&in, &sec[1]))
		goto out;
#define CKPT_GET(f) e->f = ckpt_get64(&in);
	CKPT_PROC_FIELDS(CKPT_GET)
#undef CKPT_GET
	e->sigsuspend_active = (int)ckpt_get64(&in);
	e->cfg.seed = ckpt_get64(&in);
	e->cfg.virtual_time = (int)ckpt_get64(&in);
	int armed = 0;
	for (int w = 0; w < 3; w++) {
		e->timer_deadline_ns[w] = ckpt_get64(&in);
		e->timer_interval_ns[w] = ckpt_get64(&in);
		armed |= e->timer_deadline_ns[w] != 0;
	}
	/* an armed timer is looked at before the first instruction (timers.c reschedules) */
	e->timer_check_instret = armed ? e->hart.instret : UINT64_MAX;
	if (armed)
		emu_async_request(e, e->hart.instret);
	for (int s = 0; s <= EMU_NSIG; s++) {
		e->sigact[s].handler = ckpt_get64(&in);
		e->sigact[s].flags = ckpt_get64(&in);
		e->sigact[s].mask = ckpt_get64(&in);
		e->sig_code[s] = (int32_t)ckpt_get64(&in);
		e->sig_addr[s] = ckpt_get64(&in);
	}
	ckpt_getstr(&in, e->exe_path, sizeof(e->exe_path));
	hermetic_exe(e, e->exe_path);
	ckpt_check_proc(e, &in, sec[1].at);

	if (ckpt_open_section(&in, &sec[2]))
		goto out;
	uint32_t n_img = ckpt_get32(&in);
	if (n_img > EMU_MAX_IMAGES)
		ckpt_bad(&in, sec[2].at, "too many images");
	for (uint32_t i = 0; i < n_img && !in.rc; i++) {
		uint64_t s = ckpt_get64(&in), t = ckpt_get64(&in), b = ckpt_get64(&in);
		char p[PATH_MAX];
		ckpt_getstr(&in, p, sizeof(p));
		if (!in.rc && (s > t || t > GMEM_GUEST_SIZE))
			ckpt_badf(&in, sec[2].at, "IMGS image %u: range 0x%" PRIx64 "-0x%" PRIx64
			          " not inside the guest space", i, s, t);
		if (!in.rc)
			emu_image_add(e, s, t, b, p);
	}

	ckpt_load_memory(e, &in, &sec[5], &sec[6]);

	if (ckpt_open_section(&in, &sec[0]))
		goto out;
	const uint8_t *regs = ckpt_take(&in, sizeof(h->x) + sizeof(h->f));
	if (regs) {
		memcpy(h->x, regs, sizeof(h->x));
		memcpy(h->f, regs + sizeof(h->x), sizeof(h->f));
	}
	h->pc = ckpt_get64(&in);
	h->fflags = ckpt_get32(&in);
	h->frm = ckpt_get32(&in);
	h->reservation = ckpt_get64(&in);
	h->instret = ckpt_get64(&in);
	h->x[0] = 0;
	uint32_t vlenb = ckpt_get32(&in);
	if (!in.rc && vlenb != h->vlenb) {
		char saved[32], now[32], hint[64];
		snprintf(saved, sizeof(saved), vlenb ? "VLEN %u" : "no V", vlenb * 8u);
		snprintf(now, sizeof(now), h->vlenb ? "VLEN %u" : "no V", h->vlenb * 8u);
		if (!vlenb)
			snprintf(hint, sizeof(hint), "an --isa without v");
		else
			snprintf(hint, sizeof(hint), "--vlen %u%s", vlenb * 8u,
			         h->vlenb ? "" : " and an --isa with v");
		ckpt_badf(&in, sec[0].at, "HART: saved with %s; this run has %s (restore with %s)",
		          saved, now, hint);
	}
	h->vl = ckpt_get64(&in);
	h->vtype = ckpt_get64(&in);
	h->vstart = ckpt_get64(&in);
	uint32_t vxrm = ckpt_get32(&in), vxsat = ckpt_get32(&in);
	h->vxrm = (uint8_t)(vxrm > 3 ? 4 : vxrm);  /* out of range stays out of range */
	h->vxsat = (uint8_t)(vxsat > 1 ? 2 : vxsat);
	const uint8_t *vregs = ckpt_take(&in, 32u * h->vlenb);
	if (vregs)
		memcpy(h->vreg, vregs, 32u * h->vlenb);
	if (!in.rc)
		ckpt_check_hart(h, &in, sec[0].at, instret);

	if (ckpt_open_section(&in, &sec[4]))
		goto out;
	char cwd[PATH_MAX];
	ckpt_getstr(&in, cwd, sizeof(cwd));
	if (!in.rc && cwd[0] && chdir(cwd))
		in.rc = ckpt_fail(err, errlen, -errno, "%s: offset %" PRIu64 ": cannot change to the "
		                  "guest's directory %s: %s", path, sec[4].at, cwd, strerror(errno));
	if (!in.rc && !ckpt_open_section(&in, &sec[3]))
		ckpt_load_fds(&in);
out:
	if (size)
		munmap(buf, size);
	return in.rc;
}

int checkpoint_run_saving(struct emu *e, uint64_t max_insns, const uint64_t *at, size_t n,
			  const char *dir, enum emu_status *st, char *err, size_t errlen)
{
	uint64_t start = emu_instret(e), limit = max_insns ? start + max_insns : UINT64_MAX;
	for (size_t k = 0; k < n; k++) {
		if (at[k] < emu_instret(e))
			continue;
		if (at[k] > limit)
			break;
		*st = at[k] > emu_instret(e) ? emu_run(e, at[k] - emu_instret(e)) : EMU_LIMIT;
		if (*st != EMU_LIMIT)
			return 0;
		char path[4096];
		snprintf(path, sizeof(path), "%s/insn-%" PRIu64 ".ckpt", dir, at[k]);
		int rc = checkpoint_save(e, path, err, errlen);
		if (rc)
			return rc;
	}
	*st = emu_run(e, limit == UINT64_MAX ? 0 : limit - emu_instret(e));
	return 0;
}

int checkpoint_detach_fds(struct emu *e, char *err, size_t errlen)
{
	struct ckpt_fd *fds;
	int n, rc = ckpt_list_fds(e, &fds, &n, err, errlen);
	for (int i = 0; i < n && !rc; i++) {
		struct ckpt_fd *f = &fds[i];
		if (!f->pipe) {
			if ((rc = ckpt_reopen_file(f->fd, f->fl, f->cloexec, (uint64_t)f->off, f->path)))
				rc = ckpt_fail(err, errlen, rc, "cannot reopen the guest's descriptor %d "
				               "(%s): %s", f->fd, f->path, strerror(-rc));
			continue;
		}
		int first = 1;
		for (int j = 0; j < i; j++)
			first &= fds[j].pipe != f->pipe;
		if (!first)
			continue;  /* the pipe's descriptors were all given the new pipe */
		/* a new pipe for every descriptor of this one, holding the bytes waiting in it */
		int r = -1, w = -1, pf[2];
		for (int j = i; j < n; j++)
			if (fds[j].pipe == f->pipe) {
				if ((fds[j].fl & O_ACCMODE) == O_RDONLY && r < 0)
					r = fds[j].fd;
				if ((fds[j].fl & O_ACCMODE) == O_WRONLY && w < 0)
					w = fds[j].fd;
			}
		uint8_t *data = NULL;
		long nbytes = ckpt_pipe_peek(r, w, &data);
		if (nbytes < 0 || pipe2(pf, O_CLOEXEC) < 0) {
			rc = ckpt_fail(err, errlen, nbytes < 0 ? (int)nbytes : -errno, "cannot recreate "
			               "the pipe of the guest's descriptor %d", f->fd);
			free(data);
			break;
		}
		for (int j = i; j < n && !rc; j++)
			if (fds[j].pipe == f->pipe) {
				int rd = (fds[j].fl & O_ACCMODE) == O_RDONLY;
				if (dup3(rd ? pf[0] : pf[1], fds[j].fd, fds[j].cloexec ? O_CLOEXEC : 0) < 0)
					rc = ckpt_fail(err, errlen, -errno, "cannot recreate the pipe of the "
					               "guest's descriptor %d", fds[j].fd);
				else
					fcntl(fds[j].fd, F_SETFL, fds[j].fl & O_NONBLOCK);
			}
		for (long put = 0; !rc && put < nbytes;) {
			ssize_t k = write(pf[1], data + put, (size_t)(nbytes - put));
			if (k <= 0)
				rc = ckpt_fail(err, errlen, -EIO, "cannot refill the pipe of the guest's "
				               "descriptor %d", f->fd);
			else
				put += k;
		}
		close(pf[0]);
		close(pf[1]);
		free(data);
	}
	free(fds);
	return rc;
}
