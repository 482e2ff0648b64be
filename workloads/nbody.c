/*
 * nbody — compute-intensive floating-point kernel: softened gravitational N-body (64 bodies,
 * all pairs, leapfrog integration). Each pair costs a square root (fsqrt.d) and a division
 * (fdiv.d) on the critical path plus a dozen independent multiply-adds: long-latency FP
 * units with moderate ILP. Self-check: total momentum is conserved (pair forces are applied
 * symmetrically) and the relative energy drift stays below 1e-3.
 * Size: SIZE x 28 time steps.
 */
#include <math.h>

#include "workload.h"

#define NB_N 64

struct nb_body {
	double x, y, z, vx, vy, vz, m;
};

static struct nb_body nb[NB_N];

static void nb_step(double dt)
{
	static double ax[NB_N], ay[NB_N], az[NB_N];
	const double eps2 = 1e-3;
	for (int i = 0; i < NB_N; i++)
		ax[i] = ay[i] = az[i] = 0.0;
	for (int i = 0; i < NB_N; i++) {
		for (int j = i + 1; j < NB_N; j++) {
			double dx = nb[j].x - nb[i].x, dy = nb[j].y - nb[i].y, dz = nb[j].z - nb[i].z;
			double r2 = dx * dx + dy * dy + dz * dz + eps2;
			double inv = 1.0 / (r2 * sqrt(r2));
			double fi = nb[j].m * inv, fj = nb[i].m * inv;
			ax[i] += dx * fi; ay[i] += dy * fi; az[i] += dz * fi;
			ax[j] -= dx * fj; ay[j] -= dy * fj; az[j] -= dz * fj;
		}
	}
	for (int i = 0; i < NB_N; i++) {
		nb[i].vx += ax[i] * dt; nb[i].vy += ay[i] * dt; nb[i].vz += az[i] * dt;
		nb[i].x += nb[i].vx * dt; nb[i].y += nb[i].vy * dt; nb[i].z += nb[i].vz * dt;
	}
}

static double nb_energy(void)
{
	double e = 0.0;
	for (int i = 0; i < NB_N; i++) {
		e += 0.5 * nb[i].m * (nb[i].vx * nb[i].vx + nb[i].vy * nb[i].vy + nb[i].vz * nb[i].vz);
		for (int j = i + 1; j < NB_N; j++) {
			double dx = nb[j].x - nb[i].x, dy = nb[j].y - nb[i].y, dz = nb[j].z - nb[i].z;
			e -= nb[i].m * nb[j].m / sqrt(dx * dx + dy * dy + dz * dz + 1e-3);
		}
	}
	return e;
}

static void nb_momentum(double p[3])
{
	p[0] = p[1] = p[2] = 0.0;
	for (int i = 0; i < NB_N; i++) {
		p[0] += nb[i].m * nb[i].vx;
		p[1] += nb[i].m * nb[i].vy;
		p[2] += nb[i].m * nb[i].vz;
	}
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	struct wl_rng rng;
	wl_rng_seed(&rng, 64);
	for (int i = 0; i < NB_N; i++) {
		nb[i].x = wl_rand_unit(&rng) * 2.0 - 1.0;
		nb[i].y = wl_rand_unit(&rng) * 2.0 - 1.0;
		nb[i].z = wl_rand_unit(&rng) * 2.0 - 1.0;
		nb[i].vx = (wl_rand_unit(&rng) - 0.5) * 0.1;
		nb[i].vy = (wl_rand_unit(&rng) - 0.5) * 0.1;
		nb[i].vz = (wl_rand_unit(&rng) - 0.5) * 0.1;
		nb[i].m = (1.0 + wl_rand_unit(&rng)) / NB_N;
	}
	double p0[3], p1[3];
	nb_momentum(p0);
	double e0 = nb_energy();
	for (unsigned s = 0; s < size * 28; s++)
		nb_step(1e-3);
	double e1 = nb_energy();
	nb_momentum(p1);

	int ok = fabs(e1 - e0) <= 1e-3 * fabs(e0);
	for (int k = 0; k < 3; k++)
		ok &= fabs(p1[k] - p0[k]) <= 1e-12;
	uint64_t sum = wl_mix_double(0, e1);
	for (int i = 0; i < NB_N; i++) {
		sum = wl_mix_double(sum, nb[i].x);
		sum = wl_mix_double(sum, nb[i].vy);
	}
	return wl_finish("nbody", size, sum, 0x3fc82b81fe7c6255ull, ok);
}
