#define _GNU_SOURCE
/* mmap: anonymous and file mappings, munmap, mprotect (write to a read-only page faults:
 * caught with a SIGSEGV handler), mremap growth and move, MAP_FIXED, madvise(DONTNEED). */
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static sigjmp_buf jb;
static volatile int faults;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	(void)sig; (void)uc; (void)si;
	faults++;
	siglongjmp(jb, 1);
}

int main(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	printf("page size %ld\n", pg);
	char *p = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) { perror("mmap"); return 1; }
	int zero = 1;
	for (long i = 0; i < 4 * pg; i++) zero &= p[i] == 0;
	printf("anon zero %d\n", zero);
	memset(p, 'x', 4 * pg);
	printf("munmap middle %d\n", munmap(p + pg, pg));
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	if (!sigsetjmp(jb, 1)) { p[pg] = 1; printf("no fault?\n"); }
	printf("fault on unmapped page: %d\n", faults);
	printf("mprotect ro %d\n", mprotect(p, pg, PROT_READ));
	printf("read ro %c\n", p[10]);
	if (!sigsetjmp(jb, 1)) { p[10] = 'y'; printf("no fault?\n"); }
	printf("fault on read-only page: %d\n", faults);
	printf("mprotect rw %d\n", mprotect(p, pg, PROT_READ | PROT_WRITE));
	p[10] = 'z';
	printf("write back %c\n", p[10]);
	/* mremap: grow in place or move, contents kept */
	char *q = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	strcpy(q, "remap me");
	char *r = mremap(q, pg, 64 * pg, MREMAP_MAYMOVE);
	printf("mremap ok %d content '%s' tail zero %d\n", r != MAP_FAILED, r, r[63 * pg] == 0);
	r[64 * pg - 1] = 1;
	char *s = mremap(r, 64 * pg, 2 * pg, 0);
	printf("mremap shrink same %d\n", s == r);
	/* MAP_FIXED over an existing mapping replaces it */
	char *t = mmap(p + 2 * pg, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	printf("fixed same %d fresh %d\n", t == p + 2 * pg, t[0] == 0);
	/* madvise DONTNEED zeroes private anonymous memory */
	memset(t, 7, pg);
	printf("madvise %d zero after %d\n", madvise(t, pg, MADV_DONTNEED), t[100] == 0);
	/* file mapping */
	char path[] = "/tmp/robin_mmap_XXXXXX";
	int fd = mkstemp(path);
	char data[100];
	for (int i = 0; i < 100; i++) data[i] = (char)('a' + i % 26);
	write(fd, data, 100);
	char *f = mmap(NULL, 100, PROT_READ, MAP_PRIVATE, fd, 0);
	printf("file map '%.10s' byte99 %c after-eof zero %d\n", f, f[99], f[200] == 0);
	char *fw = mmap(NULL, 100, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	fw[0] = 'Q';
	msync(fw, 100, MS_SYNC);
	char c;
	pread(fd, &c, 1, 0);
	printf("shared write reaches file %c\n", c);
	munmap(f, 100);
	munmap(fw, 100);
	close(fd);
	unlink(path);
	/* big mapping, touched sparsely */
	size_t big = (size_t)1 << 30;
	char *b = mmap(NULL, big, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	printf("1 GiB mapping %d\n", b != MAP_FAILED);
	for (size_t i = 0; i < big; i += big / 16) b[i] = 1;
	printf("munmap big %d\n", munmap(b, big));
	printf("munmap unaligned %d\n", munmap(p + 1, pg));
	return 0;
}
