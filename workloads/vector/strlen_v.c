/*
 * strlen_v — vector string scanning with fault-only-first loads (RVV intrinsics, clang 14):
 * the lengths of 4096 packed NUL-terminated strings (0..300 bytes, about 600 KiB), the last
 * one ending right before an unmapped page, found with vle8ff.v (which trims vl at the page
 * instead of faulting), vmseq.vx and vfirst.m at e8, LMUL 1: the data-dependent exit and
 * the vl that fault-only-first loads leave, as in glibc's vector strlen. Self-check: every
 * length equals the scalar scan's. The checksum is the same at every VLEN.
 * Size: SIZE passes over the strings.
 */
#include <sys/mman.h>
#include <unistd.h>

#include "vworkload.h"

#define SL_COUNT 4096
#define SL_MAXLEN 300

static WL_HOT size_t strlen_v(const char *s)
{
	size_t len = 0;
	for (;;) {
		size_t vl = vsetvlmax_e8m1(), got;
		vuint8m1_t v = vle8ff_v_u8m1((const uint8_t *)s + len, &got, vl);
		long first = vfirst_m_b8(vmseq_vx_u8m1_b8(v, 0, got), got);
		if (first >= 0)
			return len + (size_t)first;
		len += got;
	}
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	struct wl_rng r;
	wl_rng_seed(&r, 0x57e1);
	static uint32_t lens[SL_COUNT], start[SL_COUNT];
	size_t total = 0;
	for (int i = 0; i < SL_COUNT; i++) {
		lens[i] = (uint32_t)wl_rand_below(&r, SL_MAXLEN + 1);
		total += lens[i] + 1;
	}
	/* the strings end at the end of the mapping's last readable page */
	long pg = sysconf(_SC_PAGESIZE);
	size_t span = (total + (size_t)pg - 1) / (size_t)pg * (size_t)pg;
	char *m = mmap(NULL, span + (size_t)pg, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED || mprotect(m + span, (size_t)pg, PROT_NONE)) {
		fprintf(stderr, "strlen_v: mmap failed\n");
		return 2;
	}
	char *p = m + span - total;
	for (int i = 0; i < SL_COUNT; i++) {
		start[i] = (uint32_t)(p - m);
		for (uint32_t k = 0; k < lens[i]; k++)
			p[k] = (char)(1 + wl_rand_below(&r, 255));
		p[lens[i]] = 0;
		p += lens[i] + 1;
	}
	int ok = 1;
	uint64_t sum = 0;
	for (unsigned pass = 0; pass < size; pass++) {
		uint64_t acc = 0;
		for (int i = 0; i < SL_COUNT; i++) {
			size_t n = strlen_v(m + start[i]);
			ok &= n == lens[i];
			acc += n * (uint64_t)(i + pass);
		}
		sum = wl_mix(sum, acc);
	}
	munmap(m, span + (size_t)pg);
	return wl_finish("strlen_v", size, sum, 0xaacc65749ca7d19cull, ok);
}
