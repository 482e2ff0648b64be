/*
 * physics.c — a long multi-phase floating-point workload for sampled simulation (robin
 * simpoint run; not in the suite): each round runs some of five phases of a particle/field
 * code, in an order that varies by round, about 1 billion instructions at the default size 10
 * (size N: N rounds):
 *   nbody     all-pairs forces between 384 bodies (FP multiply/divide/sqrt, compute-bound)
 *   deposit   particle-in-cell charge deposit of 256K particles onto a 256x256 grid
 *             (random read-modify-write of doubles)
 *   fft       radix-2 FFT of 64K complex points, forward and back (strided access)
 *   solve     Jacobi iterations on a 1-D Poisson problem until the residual falls under a
 *             tolerance the round chooses (an input-dependent phase: the round decides how
 *             long it runs)
 *   life      a 512x512 byte cellular automaton (integer, branchy)
 * Self-checks: the FFT round trip restores its input, the solver converges, the automaton's
 * population stays within the grid.
 */
#include <math.h>

#include "../workload.h"

#define BODIES 384
#define PARTICLES (256u << 10)
#define PGRID 256
#define FFT_N (64u << 10)
#define SOLVE_N 2048
#define LIFE 512

static double px[BODIES], py[BODIES], pz[BODIES], vx[BODIES], vy[BODIES], vz[BODIES];
static double part_x[PARTICLES], part_y[PARTICLES];
static double charge[PGRID][PGRID];
static double re[FFT_N], im[FFT_N], orig[FFT_N];
static double sol[SOLVE_N], sol_next[SOLVE_N], rhs[SOLVE_N];
static uint8_t life_a[LIFE][LIFE], life_b[LIFE][LIFE];

static WL_HOT uint64_t phase_nbody(void)
{
	for (int step = 0; step < 4; step++) {
		for (int i = 0; i < BODIES; i++) {
			double ax = 0, ay = 0, az = 0;
			for (int j = 0; j < BODIES; j++) {
				double dx = px[j] - px[i], dy = py[j] - py[i], dz = pz[j] - pz[i];
				double d2 = dx * dx + dy * dy + dz * dz + 1e-3;
				double inv = 1.0 / (d2 * sqrt(d2));
				ax += dx * inv;
				ay += dy * inv;
				az += dz * inv;
			}
			vx[i] += 1e-4 * ax;
			vy[i] += 1e-4 * ay;
			vz[i] += 1e-4 * az;
		}
		for (int i = 0; i < BODIES; i++) {
			px[i] += 1e-3 * vx[i];
			py[i] += 1e-3 * vy[i];
			pz[i] += 1e-3 * vz[i];
		}
	}
	uint64_t h = 0;
	for (int i = 0; i < BODIES; i += 37)
		h = wl_mix_double(h, px[i]);
	return h;
}

static WL_HOT uint64_t phase_deposit(struct wl_rng *r)
{
	for (uint32_t i = 0; i < PARTICLES; i++) {
		part_x[i] = wl_rand_unit(r) * (PGRID - 1);
		part_y[i] = wl_rand_unit(r) * (PGRID - 1);
	}
	memset(charge, 0, sizeof(charge));
	for (int pass = 0; pass < 2; pass++)
		for (uint32_t i = 0; i < PARTICLES; i++) {
			int cx = (int)part_x[i], cy = (int)part_y[i];
			double fx = part_x[i] - cx, fy = part_y[i] - cy;
			charge[cx][cy] += (1 - fx) * (1 - fy);
			charge[cx + 1][cy] += fx * (1 - fy);
			charge[cx][cy + 1] += (1 - fx) * fy;
			charge[cx + 1][cy + 1] += fx * fy;
		}
	uint64_t h = 0;
	for (int i = 0; i < PGRID; i += 17)
		h = wl_mix_double(h, charge[i][(i * 7) % PGRID]);
	return h;
}

static void fft(double *xr, double *xi, unsigned n, int inverse)
{
	for (unsigned i = 1, j = 0; i < n; i++) {
		unsigned bit = n >> 1;
		for (; j & bit; bit >>= 1)
			j ^= bit;
		j ^= bit;
		if (i < j) {
			double t = xr[i]; xr[i] = xr[j]; xr[j] = t;
			t = xi[i]; xi[i] = xi[j]; xi[j] = t;
		}
	}
	for (unsigned len = 2; len <= n; len <<= 1) {
		double ang = 2 * M_PI / len * (inverse ? 1 : -1);
		double wr = cos(ang), wi = sin(ang);
		for (unsigned i = 0; i < n; i += len) {
			double cr = 1, ci = 0;
			for (unsigned k = 0; k < len / 2; k++) {
				unsigned a = i + k, b = i + k + len / 2;
				double tr = xr[b] * cr - xi[b] * ci, ti = xr[b] * ci + xi[b] * cr;
				xr[b] = xr[a] - tr;
				xi[b] = xi[a] - ti;
				xr[a] += tr;
				xi[a] += ti;
				double nr = cr * wr - ci * wi;
				ci = cr * wi + ci * wr;
				cr = nr;
			}
		}
	}
	if (inverse)
		for (unsigned i = 0; i < n; i++) {
			xr[i] /= n;
			xi[i] /= n;
		}
}

static WL_HOT uint64_t phase_fft(struct wl_rng *r, int *ok)
{
	for (unsigned i = 0; i < FFT_N; i++) {
		orig[i] = re[i] = wl_rand_unit(r) - 0.5;
		im[i] = 0;
	}
	fft(re, im, FFT_N, 0);
	uint64_t h = wl_mix_double(0, re[1]);
	fft(re, im, FFT_N, 1);
	for (unsigned i = 0; i < FFT_N; i++)
		if (fabs(re[i] - orig[i]) > 1e-9)
			*ok = 0;
	return h;
}

static WL_HOT uint64_t phase_solve(int round, int *ok)
{
	/* the round chooses the tolerance: from 1e-2 to 1e-5 of the initial residual */
	double tol = pow(10.0, -2.0 - (double)((round * 7) % 4));
	for (int i = 0; i < SOLVE_N; i++) {
		rhs[i] = sin((double)i * (1 + round % 5) * M_PI / SOLVE_N);
		sol[i] = 0;
	}
	double r0 = 0;
	for (int i = 0; i < SOLVE_N; i++)
		r0 += rhs[i] * rhs[i];
	r0 = sqrt(r0);
	int it;
	double res = r0;
	for (it = 0; it < 500 && res > tol * r0; it++) {
		for (int i = 0; i < SOLVE_N; i++) {
			double l = i ? sol[i - 1] : 0, rr = i + 1 < SOLVE_N ? sol[i + 1] : 0;
			sol_next[i] = sol[i] + 0.9 * ((rhs[i] + l + rr) / 2 - sol[i]);
		}
		res = 0;
		for (int i = 0; i < SOLVE_N; i++) {
			double l = i ? sol_next[i - 1] : 0, rr = i + 1 < SOLVE_N ? sol_next[i + 1] : 0;
			double d = rhs[i] - (2 * sol_next[i] - l - rr);
			res += d * d;
			sol[i] = sol_next[i];
		}
		res = sqrt(res);
	}
	if (!(res <= r0))
		*ok = 0;
	return wl_mix((uint64_t)it, (uint64_t)(res * 1e12));
}

static WL_HOT uint64_t phase_life(struct wl_rng *r, int *ok)
{
	for (int i = 0; i < LIFE; i++)
		for (int j = 0; j < LIFE; j++)
			life_a[i][j] = (wl_rand64(r) & 3) == 0;
	uint64_t pop = 0;
	for (int gen = 0; gen < 12; gen++) {
		pop = 0;
		for (int i = 0; i < LIFE; i++)
			for (int j = 0; j < LIFE; j++) {
				int n = 0;
				for (int di = -1; di <= 1; di++)
					for (int dj = -1; dj <= 1; dj++)
						if (di || dj)
							n += life_a[(i + di) & (LIFE - 1)][(j + dj) & (LIFE - 1)];
				uint8_t alive = n == 3 || (n == 2 && life_a[i][j]);
				life_b[i][j] = alive;
				pop += alive;
			}
		memcpy(life_a, life_b, sizeof(life_a));
	}
	if (pop > (uint64_t)LIFE * LIFE)
		*ok = 0;
	return pop;
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	struct wl_rng r;
	wl_rng_seed(&r, 777);
	for (int i = 0; i < BODIES; i++) {
		px[i] = wl_rand_unit(&r);
		py[i] = wl_rand_unit(&r);
		pz[i] = wl_rand_unit(&r);
	}
	/* which phases each round runs: N nbody, D deposit, F fft, S solve, L life */
	static const char *const plan[] = { "NDS", "FLS", "SDN", "LFD", "NSL", "DFS", "SSL",
	                                    "FND", "LDS", "SNF" };
	uint64_t sum = 0;
	int ok = 1;
	for (unsigned round = 0; round < size; round++) {
		for (const char *p = plan[round % 10]; *p; p++) {
			uint64_t v = 0;
			switch (*p) {
			case 'N': v = phase_nbody(); break;
			case 'D': v = phase_deposit(&r); break;
			case 'F': v = phase_fft(&r, &ok); break;
			case 'S': v = phase_solve((int)round, &ok); break;
			case 'L': v = phase_life(&r, &ok); break;
			}
			sum = wl_mix(sum, v);
		}
		printf("round %u %s %016" PRIx64 "\n", round, plan[round % 10], sum);
	}
	return wl_finish("physics", size, sum, 0xba488766ac19183dull, ok);
}
