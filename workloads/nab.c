/*
 * nab — flush-intensive floating-point code modelled on the nonbonded-energy loop of SPEC
 * CPU2017 nab: pairwise Lennard-Jones and Coulomb energies of 512 atoms within a cutoff.
 * The cutoff and clamping tests use the quiet comparisons isless()/isgreater(), which GCC
 * compiles on RISC-V to frflags; flt.d; fsflags (so that a NaN raises no exception): two
 * pipeline-flushing CSR writes right before the fsqrt.d/fdiv.d that then issue too late to
 * hide their latency. This is the nab case study of seed 004_b28092482852db08.txt.
 * Self-check: the energy is finite, the number of pairs within the cutoff is symmetric
 * under atom reversal.
 * Size: SIZE/2 energy evaluations (at least one), atoms displaced between evaluations.
 */
#include <math.h>

#include "workload.h"

#define NAB_ATOMS 512

struct nab_atom {
	double x, y, z, q, sigma, eps;
};

static struct nab_atom nab_atoms[NAB_ATOMS];

static WL_HOT double nab_nonbond(double cutoff, long *pairs_out)
{
	const double cut2 = cutoff * cutoff;
	double e_vdw = 0.0, e_elec = 0.0;
	long pairs = 0;
	for (int i = 0; i < NAB_ATOMS; i++) {
		const struct nab_atom *a = &nab_atoms[i];
		for (int j = i + 1; j < NAB_ATOMS; j++) {
			const struct nab_atom *b = &nab_atoms[j];
			double dx = a->x - b->x, dy = a->y - b->y, dz = a->z - b->z;
			double r2 = dx * dx + dy * dy + dz * dz;
			if (!isless(r2, cut2))
				continue;
			if (isless(r2, 0.01))
				r2 = 0.01;
			double r = sqrt(r2);
			double s = 0.5 * (a->sigma + b->sigma);
			double sr2 = s * s / r2;
			double sr6 = sr2 * sr2 * sr2;
			double ev = 4.0 * sqrt(a->eps * b->eps) * (sr6 * sr6 - sr6);
			if (isgreater(ev, 100.0))
				ev = 100.0;
			e_vdw += ev;
			e_elec += 332.0 * a->q * b->q / r;
			pairs++;
		}
	}
	*pairs_out = pairs;
	return e_vdw + e_elec;
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	unsigned evals = size / 2 ? size / 2 : 1;
	struct wl_rng rng;
	wl_rng_seed(&rng, 512);
	for (int i = 0; i < NAB_ATOMS; i++) {
		nab_atoms[i].x = wl_rand_unit(&rng) * 24.0;
		nab_atoms[i].y = wl_rand_unit(&rng) * 24.0;
		nab_atoms[i].z = wl_rand_unit(&rng) * 24.0;
		nab_atoms[i].q = wl_rand_unit(&rng) - 0.5;
		nab_atoms[i].sigma = 2.5 + wl_rand_unit(&rng);
		nab_atoms[i].eps = 0.05 + 0.2 * wl_rand_unit(&rng);
	}
	uint64_t sum = 0;
	int ok = 1;
	for (unsigned ev = 0; ev < evals; ev++) {
		long pairs = 0, pairs_rev = 0;
		double e = nab_nonbond(12.0, &pairs);
		ok &= isfinite(e) && pairs > 0;
		sum = wl_mix_double(sum, e);
		sum = wl_mix(sum, (uint64_t)pairs);
		if (ev == 0) {  /* reversing atom order changes the summation order, not the pairs */
			for (int i = 0; i < NAB_ATOMS / 2; i++) {
				struct nab_atom t = nab_atoms[i];
				nab_atoms[i] = nab_atoms[NAB_ATOMS - 1 - i];
				nab_atoms[NAB_ATOMS - 1 - i] = t;
			}
			double e_rev = nab_nonbond(12.0, &pairs_rev);
			ok &= pairs_rev == pairs && fabs(e_rev - e) <= 1e-9 * fabs(e) + 1e-9;
		}
		for (int i = 0; i < NAB_ATOMS; i++) {
			nab_atoms[i].x += (wl_rand_unit(&rng) - 0.5) * 0.1;
			nab_atoms[i].y += (wl_rand_unit(&rng) - 0.5) * 0.1;
		}
	}
	return wl_finish("nab", size, sum, 0x8141021aad4fca4aull, ok);
}
