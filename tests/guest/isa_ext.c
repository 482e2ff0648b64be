/*
 * isa_ext.c — which extensions the guest's ISA has, seen from the guest: riscv_hwprobe's
 * answer, then one instruction of each extension robin implements, run under a SIGILL
 * handler ("ok" or "SIGILL" per extension), then the results of a few of them. Encoded with
 * .insn so the default -march (rv64gc) assembles it. tests/e2e/262_isa_ext.sh
 * runs it under --isa rv64gc, rva22, rva23 and rva23 with the optional extensions.
 */
#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static sigjmp_buf jb;

static void on_ill(int sig)
{
	(void)sig;
	siglongjmp(jb, 1);
}

#define TRY(name, code)                                                   \
	do {                                                              \
		if (sigsetjmp(jb, 1) == 0) {                              \
			code;                                             \
			printf("%-12s ok\n", name);                       \
		} else {                                                  \
			printf("%-12s SIGILL\n", name);                   \
		}                                                         \
	} while (0)

struct hwprobe_pair { int64_t key; uint64_t value; };

int main(void)
{
	struct hwprobe_pair p[] = { { 4, 0 }, { 6, 0 }, { 3, 0 }, { 1000, 7 } };
	long r = syscall(258, p, 4, 0, NULL, 0);
	printf("hwprobe %ld: ima_ext_0 %#" PRIx64 ", zicboz block %" PRIu64 ", base %" PRIu64
	       ", key 1000 -> %" PRId64 "/%" PRIu64 "\n", r, p[0].value, p[1].value, p[2].value,
	       p[3].key, p[3].value);
	printf("hwprobe bad flags: %ld\n", syscall(258, p, 1, 0, NULL, 2) < 0 ? -1L : 0L);

	signal(SIGILL, on_ill);
	static uint8_t buf[256] __attribute__((aligned(64)));
	volatile uint64_t a = 0x1234, b = 3, c = 0;
	uint64_t v = 0;
	TRY("zba", __asm__ volatile(".insn r 0x33, 2, 0x10, %0, %1, %2" : "=r"(v) : "r"(a), "r"(b)));
	TRY("zbb", __asm__ volatile(".insn i 0x13, 1, %0, %1, 0x602" : "=r"(v) : "r"(a)));
	TRY("zbs", __asm__ volatile(".insn r 0x33, 1, 0x14, %0, %1, %2" : "=r"(v) : "r"(a), "r"(b)));
	TRY("zbc", __asm__ volatile(".insn r 0x33, 1, 0x05, %0, %1, %2" : "=r"(v) : "r"(a), "r"(b)));
	TRY("zbkb", __asm__ volatile(".insn r 0x33, 4, 0x04, %0, %1, %2" : "=r"(v) : "r"(a), "r"(b)));
	TRY("zicond", __asm__ volatile(".insn r 0x33, 5, 0x07, %0, %1, %2" : "=r"(v) : "r"(a), "r"(c)));
	TRY("zfhmin", __asm__ volatile(".insn r 0x53, 0, 0x7a, ft0, %0, x0" : : "r"(a) : "ft0"));
	TRY("zfh", __asm__ volatile(".insn r 0x53, 0, 0x02, ft0, ft1, ft2" : : : "ft0"));
	TRY("zfa", __asm__ volatile(".insn r 0x53, 0, 0x79, ft0, x16, x1" : : : "ft0"));
	TRY("zcb", __asm__ volatile("mv a0, %1\n\t.insn 0x9d75\n\tmv %0, a0" : "=r"(v) : "r"(a) : "a0"));
	TRY("zcmop", __asm__ volatile(".insn 0x6081"));
	TRY("zimop", __asm__ volatile("li a0, 5\n\t.insn 0x81c5c573\n\tmv %0, a0" : "=r"(v) : : "a0"));
	TRY("zicboz", __asm__ volatile(".insn i 0x0f, 2, x0, %0, 4" : : "r"(buf) : "memory"));
	TRY("zicbom", __asm__ volatile(".insn i 0x0f, 2, x0, %0, 1" : : "r"(buf) : "memory"));
	TRY("cbo.inval", __asm__ volatile(".insn i 0x0f, 2, x0, %0, 0" : : "r"(buf) : "memory"));
	TRY("zawrs", __asm__ volatile(".insn 0x00d00073"));
	TRY("pause", __asm__ volatile(".insn 0x0100000f"));
	/* vsetvli a1, a0, e32, m1, ta, ma; then Zvbb's vandn.vv v1, v2, v3 */
	TRY("v", __asm__ volatile("li a0, 4\n\t.insn 0x0d0575d7\n\tmv %0, a1" : "=r"(v) : : "a0", "a1"));
	TRY("zvbb", __asm__ volatile("li a0, 4\n\t.insn 0x0d0575d7\n\t.insn 0x062180d7" : : : "a0", "a1"));

	/* results, where the extension is there: each line is computed twice, by the
	 * instruction and by C, and says whether they agree */
	if (sigsetjmp(jb, 1) == 0) {
		uint64_t s, x = 0xf0f0000012345678ull;
		__asm__ volatile(".insn i 0x13, 1, %0, %1, 0x602" : "=r"(s) : "r"(x));
		printf("cpop %#" PRIx64 " = %" PRIu64 " (%s)\n", x, s,
		       s == (uint64_t)__builtin_popcountll(x) ? "right" : "WRONG");
	}
	if (sigsetjmp(jb, 1) == 0) {
		uint64_t s, x = 7, y = 0x1000;
		__asm__ volatile(".insn r 0x33, 6, 0x10, %0, %1, %2" : "=r"(s) : "r"(x), "r"(y));
		printf("sh3add = %#" PRIx64 " (%s)\n", s, s == (x << 3) + y ? "right" : "WRONG");
	}
	if (sigsetjmp(jb, 1) == 0) {
		uint64_t s0, s1, x = 42, zero = 0, one = 1;
		__asm__ volatile(".insn r 0x33, 5, 0x07, %0, %1, %2" : "=r"(s0) : "r"(x), "r"(zero));
		__asm__ volatile(".insn r 0x33, 7, 0x07, %0, %1, %2" : "=r"(s1) : "r"(x), "r"(one));
		printf("czero.eqz(42, 0) = %" PRIu64 ", czero.nez(42, 1) = %" PRIu64 " (%s)\n", s0, s1,
		       s0 == 0 && s1 == 0 ? "right" : "WRONG");
	}
	if (sigsetjmp(jb, 1) == 0) {
		uint64_t s, x = 0x00ff00000000a5a5ull;
		__asm__ volatile("mv a0, %1\n\t.insn 0x9d75\n\tmv %0, a0" : "=r"(s) : "r"(x) : "a0");
		printf("c.not = %#" PRIx64 " (%s)\n", s, s == ~x ? "right" : "WRONG");
	}
	if (sigsetjmp(jb, 1) == 0) {
		uint64_t s;
		__asm__ volatile("li a0, 5\n\t.insn 0x81c5c573\n\tmv %0, a0" : "=r"(s) : : "a0");
		printf("mop.r.0 = %" PRIu64 " (%s)\n", s, s == 0 ? "right" : "WRONG");
	}
	if (sigsetjmp(jb, 1) == 0) {
		memset(buf, 0xaa, sizeof(buf));
		uint8_t *at = buf + 64 + 13;
		__asm__ volatile(".insn i 0x0f, 2, x0, %0, 4" : : "r"(at) : "memory");
		int zeros = 0, others = 0;
		for (int i = 0; i < 256; i++)
			if (buf[i] == 0)
				zeros += i >= 64 && i < 128;
			else
				others += buf[i] == 0xaa;
		printf("cbo.zero: %d of the block's 64 bytes zero, %d of the other 192 untouched (%s)\n",
		       zeros, others, zeros == 64 && others == 192 ? "right" : "WRONG");
	}
	return 0;
}
