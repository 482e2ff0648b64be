/*
 * fft — floating-point kernel with a strided access pattern: iterative radix-2 complex FFT of
 * 2^13 points (128 KiB of data, L2-resident), forward then inverse. Twiddle factors come from
 * libm sin/cos; the butterflies are independent multiply-adds with power-of-two strides that
 * grow per stage, and the bit-reversal permutation is a scatter of unpredictable addresses.
 * Self-check: the inverse reproduces the input within 1e-9 and Parseval's identity holds.
 * Size: (SIZE + 2) / 3 forward+inverse pairs.
 */
#include <math.h>

#include "workload.h"

#define FFT_LOG2 13
#define FFT_N (1u << FFT_LOG2)

struct cpx {
	double re, im;
};

static struct cpx fft_tw[FFT_N / 2];

static void fft_twiddles(void)
{
	const double pi = 3.14159265358979323846;
	for (unsigned k = 0; k < FFT_N / 2; k++) {
		fft_tw[k].re = cos(2.0 * pi * k / FFT_N);
		fft_tw[k].im = -sin(2.0 * pi * k / FFT_N);
	}
}

static void fft_bitrev(struct cpx *a)
{
	for (unsigned i = 1, j = 0; i < FFT_N; i++) {
		unsigned bit = FFT_N >> 1;
		for (; j & bit; bit >>= 1)
			j ^= bit;
		j ^= bit;
		if (i < j) {
			struct cpx t = a[i];
			a[i] = a[j];
			a[j] = t;
		}
	}
}

/* In-place transform; inverse = conjugated twiddles, scaled by 1/N. */
static void fft(struct cpx *a, int inverse)
{
	fft_bitrev(a);
	for (unsigned len = 2; len <= FFT_N; len <<= 1) {
		unsigned half = len / 2, step = FFT_N / len;
		for (unsigned i = 0; i < FFT_N; i += len) {
			for (unsigned k = 0; k < half; k++) {
				double wr = fft_tw[k * step].re;
				double wi = inverse ? -fft_tw[k * step].im : fft_tw[k * step].im;
				struct cpx u = a[i + k], v = a[i + k + half];
				double tr = v.re * wr - v.im * wi, ti = v.re * wi + v.im * wr;
				a[i + k].re = u.re + tr;
				a[i + k].im = u.im + ti;
				a[i + k + half].re = u.re - tr;
				a[i + k + half].im = u.im - ti;
			}
		}
	}
	if (inverse)
		for (unsigned i = 0; i < FFT_N; i++) {
			a[i].re /= FFT_N;
			a[i].im /= FFT_N;
		}
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	unsigned reps = (size + 2) / 3;
	static struct cpx x[FFT_N], orig[FFT_N];
	struct wl_rng rng;
	wl_rng_seed(&rng, 14);
	for (unsigned i = 0; i < FFT_N; i++) {
		x[i].re = wl_rand_unit(&rng) - 0.5;
		x[i].im = wl_rand_unit(&rng) - 0.5;
	}
	fft_twiddles();
	uint64_t sum = 0;
	int ok = 1;
	for (unsigned rep = 0; rep < reps; rep++) {
		x[rep % FFT_N].re += 1.0;
		memcpy(orig, x, sizeof x);
		double e_time = 0, e_freq = 0, err = 0;
		for (unsigned i = 0; i < FFT_N; i++)
			e_time += x[i].re * x[i].re + x[i].im * x[i].im;
		fft(x, 0);
		for (unsigned i = 0; i < FFT_N; i++)
			e_freq += x[i].re * x[i].re + x[i].im * x[i].im;
		sum = wl_mix_double(sum, x[rep % FFT_N].re);
		sum = wl_mix_double(sum, e_freq);
		fft(x, 1);
		for (unsigned i = 0; i < FFT_N; i++)
			err = fmax(err, fabs(x[i].re - orig[i].re) + fabs(x[i].im - orig[i].im));
		ok &= err < 1e-9 && fabs(e_freq / FFT_N - e_time) <= 1e-9 * e_time;
		sum = wl_mix_double(sum, err);
	}
	return wl_finish("fft", size, sum, 0xdb0e640e3375c794ull, ok);
}
