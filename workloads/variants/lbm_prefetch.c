/*
 * lbm_prefetch — the lbm case study's software prefetching (seed 004_b28092482852db08.txt
 * Paper B §6, Figure B.11): workloads/lbm.c unchanged, except that each cell's update first
 * prefetches the source cell DIST cells ahead (prefetch.r of its three cache lines) and the
 * destination cell DIST ahead (prefetch.w), with the Zicbop hints — `ori x0, rs1, imm`
 * encodings that qemu-riscv64 and `robin run` execute as no-ops, and robin's core turns into
 * cache fills. Usage: lbm_prefetch [SIZE [DIST]], DIST 0..64 cells (default 0: no prefetch),
 * so the output and checksum are lbm's for every distance.
 */
#include <stdlib.h>

static long lbm_pf_dist;

#define LBM_PF_R(p) __asm__ volatile("ori x0, %0, 1" : : "r"(p) : "memory")  /* prefetch.r 0(p) */
#define LBM_PF_W(p) __asm__ volatile("ori x0, %0, 3" : : "r"(p) : "memory")  /* prefetch.w 0(p) */

/* The 160-byte cell DIST ahead spans three 64-byte lines. */
#define LBM_PREFETCH_CELL(cell) do {                                                      \
		if (lbm_pf_dist && (cell) + lbm_pf_dist < LBM_CELLS) {                           \
			const char *s_ = (const char *)(lbm_src + ((cell) + lbm_pf_dist) * LBM_STRIDE); \
			const char *d_ = (const char *)(lbm_dst + ((cell) + lbm_pf_dist) * LBM_STRIDE); \
			LBM_PF_R(s_);                                                                \
			LBM_PF_R(s_ + 64);                                                           \
			LBM_PF_R(s_ + 128);                                                          \
			LBM_PF_W(d_);                                                                \
			LBM_PF_W(d_ + 64);                                                           \
			LBM_PF_W(d_ + 128);                                                          \
		}                                                                                \
	} while (0)

#define main lbm_main
#include "../lbm.c"
#undef main

int main(int argc, char **argv)
{
	if (argc > 2) {
		char *end;
		long d = strtol(argv[2], &end, 10);
		if (!*argv[2] || *end || d < 0 || d > 64) {
			fprintf(stderr, "%s: prefetch distance '%s' is not an integer in 0..64\n", argv[0],
			        argv[2]);
			return 2;
		}
		lbm_pf_dist = d;
	}
	return lbm_main(argc > 2 ? 2 : argc, argv);
}
