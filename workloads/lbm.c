/*
 * lbm — stall-intensive floating-point stencil modelled on SPEC CPU2017 lbm: a D3Q19
 * lattice-Boltzmann fluid (BGK collision, push streaming, bounce-back at obstacle cells,
 * periodic boundaries) on a 32x32x16 grid stored as arrays of 20 doubles per cell, like lbm's
 * source and destination grids: 2.6 MiB each, 5.2 MiB together, more than a 2 MiB last-level
 * cache. Each cell loads 19 values and stores 19 values 8..2700 lines apart; the collision's
 * FP work fills the ROB so the next cell's loads issue late (the lbm case study of seed
 * 004_b28092482852db08.txt); the obstacle test is a data-dependent branch per cell.
 * Self-check: total mass is conserved to 1e-10 and every value is finite.
 * Size: (SIZE + 2) / 3 time steps.
 */
#include <math.h>

#include "workload.h"

#define LBM_NX 32
#define LBM_NY 32
#define LBM_NZ 16
#define LBM_CELLS (LBM_NX * LBM_NY * LBM_NZ)
#define LBM_Q 19
#define LBM_STRIDE 20  /* 19 distributions + the obstacle flag, as in lbm */
#define LBM_FLAG 19

static const int lbm_e[LBM_Q][3] = {
	{ 0, 0, 0 },
	{ 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 }, { 0, 0, 1 }, { 0, 0, -1 },
	{ 1, 1, 0 }, { -1, -1, 0 }, { 1, -1, 0 }, { -1, 1, 0 },
	{ 1, 0, 1 }, { -1, 0, -1 }, { 1, 0, -1 }, { -1, 0, 1 },
	{ 0, 1, 1 }, { 0, -1, -1 }, { 0, 1, -1 }, { 0, -1, 1 },
};
static const int lbm_opp[LBM_Q] = { 0, 2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15, 18, 17 };
static const double lbm_w[LBM_Q] = {
	1.0 / 3.0,
	1.0 / 18.0, 1.0 / 18.0, 1.0 / 18.0, 1.0 / 18.0, 1.0 / 18.0, 1.0 / 18.0,
	1.0 / 36.0, 1.0 / 36.0, 1.0 / 36.0, 1.0 / 36.0, 1.0 / 36.0, 1.0 / 36.0,
	1.0 / 36.0, 1.0 / 36.0, 1.0 / 36.0, 1.0 / 36.0, 1.0 / 36.0, 1.0 / 36.0,
};

static double *lbm_src, *lbm_dst;

/* A hook for workloads/variants/lbm_prefetch.c: runs at the start of every cell's update
 * (nothing here: the suite's lbm does not prefetch). */
#ifndef LBM_PREFETCH_CELL
#define LBM_PREFETCH_CELL(cell) ((void)0)
#endif

static inline long lbm_cell(int x, int y, int z)
{
	return ((long)z * LBM_NY + y) * LBM_NX + x;
}

static void lbm_init(struct wl_rng *rng)
{
	for (int z = 0; z < LBM_NZ; z++)
		for (int y = 0; y < LBM_NY; y++)
			for (int x = 0; x < LBM_NX; x++) {
				double *c = lbm_src + lbm_cell(x, y, z) * LBM_STRIDE;
				/* a sphere and a few random obstacle cells */
				int dx = x - LBM_NX / 3, dy = y - LBM_NY / 2, dz = z - LBM_NZ / 2;
				int solid = dx * dx + dy * dy + dz * dz <= 25 || wl_rand_below(rng, 100) < 3;
				double rho = 1.0 + 0.01 * (wl_rand_unit(rng) - 0.5), ux = solid ? 0.0 : 0.05;
				for (int i = 0; i < LBM_Q; i++) {
					double eu = lbm_e[i][0] * ux;
					c[i] = lbm_w[i] * rho * (1.0 + 3.0 * eu + 4.5 * eu * eu - 1.5 * ux * ux);
				}
				c[LBM_FLAG] = solid;
			}
}

/* One collide-and-stream step from lbm_src to lbm_dst. The direction loops are unrolled so the
 * velocity components fold into constants, as in lbm's hand-written macros. */
static WL_HOT void lbm_step(double omega)
{
	for (int z = 0; z < LBM_NZ; z++) {
		const long zw[3] = { (z + LBM_NZ - 1) % LBM_NZ, z, (z + 1) % LBM_NZ };
		for (int y = 0; y < LBM_NY; y++) {
			const long yw[3] = { (y + LBM_NY - 1) % LBM_NY, y, (y + 1) % LBM_NY };
			for (int x = 0; x < LBM_NX; x++) {
				const long xw[3] = { (x + LBM_NX - 1) % LBM_NX, x, (x + 1) % LBM_NX };
				long cell = lbm_cell(x, y, z);
				LBM_PREFETCH_CELL(cell);
				const double *c = lbm_src + cell * LBM_STRIDE;
				double *d[LBM_Q];  /* where each direction streams to (periodic) */
#pragma GCC unroll 19
				for (int i = 0; i < LBM_Q; i++)
					d[i] = lbm_dst + ((zw[lbm_e[i][2] + 1] * LBM_NY + yw[lbm_e[i][1] + 1]) *
					                  LBM_NX + xw[lbm_e[i][0] + 1]) * LBM_STRIDE;
				lbm_dst[cell * LBM_STRIDE + LBM_FLAG] = c[LBM_FLAG];
				if (c[LBM_FLAG] != 0.0) {  /* obstacle: bounce back */
#pragma GCC unroll 19
					for (int i = 0; i < LBM_Q; i++)
						d[lbm_opp[i]][lbm_opp[i]] = c[i];
					continue;
				}
				double rho = 0, ux = 0, uy = 0, uz = 0;
#pragma GCC unroll 19
				for (int i = 0; i < LBM_Q; i++) {
					rho += c[i];
					ux += c[i] * lbm_e[i][0];
					uy += c[i] * lbm_e[i][1];
					uz += c[i] * lbm_e[i][2];
				}
				ux /= rho;
				uy /= rho;
				uz /= rho;
				double u2 = 1.5 * (ux * ux + uy * uy + uz * uz);
#pragma GCC unroll 19
				for (int i = 0; i < LBM_Q; i++) {
					double eu = lbm_e[i][0] * ux + lbm_e[i][1] * uy + lbm_e[i][2] * uz;
					double feq = lbm_w[i] * rho * (1.0 + 3.0 * eu + 4.5 * eu * eu - u2);
					d[i][i] = c[i] - omega * (c[i] - feq);
				}
			}
		}
	}
	double *t = lbm_src;
	lbm_src = lbm_dst;
	lbm_dst = t;
}

static double lbm_mass(int *finite)
{
	double m = 0;
	for (long cell = 0; cell < LBM_CELLS; cell++)
		for (int i = 0; i < LBM_Q; i++) {
			double v = lbm_src[cell * LBM_STRIDE + i];
			*finite &= isfinite(v);
			m += v;
		}
	return m;
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	unsigned steps = (size + 2) / 3;
	size_t bytes = (size_t)LBM_CELLS * LBM_STRIDE * sizeof(double);
	lbm_src = aligned_alloc(64, bytes);
	lbm_dst = aligned_alloc(64, bytes);
	if (!lbm_src || !lbm_dst) {
		fprintf(stderr, "lbm: out of memory\n");
		return 2;
	}
	memset(lbm_dst, 0, bytes);
	struct wl_rng rng;
	wl_rng_seed(&rng, LBM_CELLS);
	lbm_init(&rng);
	int finite = 1;
	double m0 = lbm_mass(&finite);
	uint64_t sum = 0;
	for (unsigned s = 0; s < steps; s++) {
		lbm_step(1.85);
		sum = wl_mix_double(sum, lbm_src[lbm_cell(s % LBM_NX, LBM_NY / 2, LBM_NZ / 2) * LBM_STRIDE + 1]);
	}
	double m1 = lbm_mass(&finite);
	int ok = finite && fabs(m1 - m0) <= 1e-10 * m0;
	sum = wl_mix_double(sum, m1);
	free(lbm_src);
	free(lbm_dst);
	return wl_finish("lbm", size, sum, 0x34199e6ed6ec5d6full, ok);
}
