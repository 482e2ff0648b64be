/* blockexact: what the emulator's fast loop (blocks of pre-decoded instructions) must keep
 * exact, each part printing what a wrong block boundary would change:
 *   smc    — a generated loop patched between runs (fence.i), and a store from inside a block
 *            into a later instruction of the same block (then fence.i);
 *   fault  — loads that fault in the middle of a straight-line block, caught by a SIGSEGV
 *            handler that prints the faulting PC (relative to a label) and address and skips
 *            the load: the block's earlier instructions must have run, the later ones not;
 *   signal — a hot loop raising SIGUSR1 every 1000 iterations, the handler folding the loop
 *            counter into a checksum.
 * stdout is unbuffered, so a run cut by --max-insns shows exactly how far it got. With the
 * argument "time" it also prints CLOCK_MONOTONIC (deterministic under --virtual-time). */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

typedef long (*fn_t)(long, long);

/* addi rd, rs1, imm */
static uint32_t enc_addi(unsigned rd, unsigned rs1, int imm)
{
	return ((uint32_t)(imm & 0xfff) << 20) | (rs1 << 15) | (rd << 7) | 0x13u;
}

/* Loop body: a0 += k (patched), a0 ^= a1 (to mix), a1 -= 1, bnez a1 back; ret.
 *   0: addi a0,a0,k      4: xor a0,a0,a1     8: addi a1,a1,-1   12: bne a1,zero,-12
 *  16: ret */
static void emit_loop(uint32_t *p, int k)
{
	p[0] = enc_addi(10, 10, k);
	p[1] = 0x00b54533u;                      /* xor a0,a0,a1 */
	p[2] = enc_addi(11, 11, -1);
	p[3] = 0xfe059ae3u;                      /* bne a1,zero,-12 */
	p[4] = 0x00008067u;                      /* ret */
}

/* A block that patches its own next-but-one instruction (a0 = the code's address, a1 = n):
 *   0: lw t1,24(a0)   the replacement, kept as data at word 6
 *   4: sw t1,12(a0)   overwrites word 3, two instructions ahead in the same block
 *   8: fence.i
 *  12: addi a1,a1,1   replaced by addi a1,a1,99 before it runs
 *  16: mv a0,a1       20: ret        24: (data) addi a1,a1,99
 * Returns n + 99. */
static void emit_selfpatch(uint32_t *p)
{
	p[0] = 0x01852303u;                      /* lw t1,24(a0) */
	p[1] = 0x00652623u;                      /* sw t1,12(a0) */
	p[2] = 0x0000100fu;                      /* fence.i */
	p[3] = enc_addi(11, 11, 1);              /* addi a1,a1,1 (to be replaced) */
	p[4] = enc_addi(10, 11, 0);              /* mv a0,a1 */
	p[5] = 0x00008067u;                      /* ret */
	p[6] = enc_addi(11, 11, 99);             /* data: addi a1,a1,99 */
}

static void part_smc(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	uint32_t *code = mmap(NULL, (size_t)pg, PROT_READ | PROT_WRITE | PROT_EXEC,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (code == MAP_FAILED) {
		perror("mmap");
		return;
	}
	long sum = 0;
	for (int k = -20; k <= 20; k++) {
		emit_loop(code, k);
		__asm__ volatile("fence.i" ::: "memory");
		sum = sum * 31 + ((fn_t)(uintptr_t)code)(k, 1000 + k);
	}
	printf("smc loop %ld\n", sum);
	uint32_t *sp = code + 64;
	for (int i = 0; i < 3; i++) {
		emit_selfpatch(sp);
		__asm__ volatile("fence.i" ::: "memory");
		printf("smc same block %ld\n", ((fn_t)(uintptr_t)sp)((long)(uintptr_t)sp, i));
	}
	munmap(code, (size_t)pg);
}

extern char blockexact_fault_at[];
static volatile long faults;

static void on_segv(int sig, siginfo_t *si, void *ucv)
{
	(void)sig;
	ucontext_t *uc = ucv;
	uintptr_t pc = (uintptr_t)uc->uc_mcontext.__gregs[0];
	printf("fault %ld at label%+ld addr %#lx\n", faults, (long)(pc - (uintptr_t)blockexact_fault_at),
	       (unsigned long)(uintptr_t)si->si_addr);
	uc->uc_mcontext.__gregs[0] = pc + 4;  /* skip the (uncompressed) load */
	faults++;
}

static void part_fault(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	for (long i = 0; i < 3; i++) {
		long t = i, bad = 16 + 8 * i;
		/* straight-line: two adds, the faulting load, two more adds, all one block */
		__asm__ volatile(".option push\n.option norvc\n"
				 "addi %0, %0, 100\n"
				 "slli %0, %0, 1\n"
				 ".globl blockexact_fault_at\n"
				 "blockexact_fault_at:\n"
				 "ld t1, 0(%1)\n"
				 "addi %0, %0, 7\n"
				 "xori %0, %0, 5\n"
				 ".option pop\n"
				 : "+r"(t) : "r"(bad) : "t1", "memory");
		printf("after fault %ld: %ld\n", i, t);
	}
	signal(SIGSEGV, SIG_DFL);
}

static volatile long sig_seen, sig_sum, loop_i;

static void on_usr1(int sig)
{
	(void)sig;
	sig_seen++;
	sig_sum = sig_sum * 7 + loop_i;
}

static void part_signal(void)
{
	signal(SIGUSR1, on_usr1);
	long acc = 1;
	for (loop_i = 0; loop_i < 20000; loop_i++) {
		acc = acc * 6364136223846793005l + loop_i;
		if (loop_i % 1000 == 999)
			raise(SIGUSR1);
		if (loop_i % 5000 == 0)
			printf("loop %ld acc %ld\n", (long)loop_i, acc);
	}
	printf("signals %ld sum %ld acc %ld\n", (long)sig_seen, (long)sig_sum, acc);
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	part_smc();
	part_fault();
	part_signal();
	if (argc > 1 && !strcmp(argv[1], "time")) {
		struct timespec ts;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		printf("time %lld.%09ld\n", (long long)ts.tv_sec, ts.tv_nsec);
	}
	return 0;
}
