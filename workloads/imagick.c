/*
 * imagick — flush-intensive floating-point code modelled on the hot loop of ImageMagick's
 * MeanShiftImage (SPEC CPU2017 Imagick): for every pixel of a 64x64 RGB float image, a few
 * mean-shift iterations average the neighbours within a disc whose colour is close enough,
 * addressing each neighbour through MagickRound(), i.e. libm floor()/ceil(). glibc's riscv64
 * floor/ceil save and restore the FP flags with frflags/fsflags, serialising instructions that
 * flush the pipeline of an out-of-order core on every call; the colour-distance test adds
 * data-dependent branches. This is the Imagick case study of seed 004_b28092482852db08.txt.
 * Self-check: output pixels stay within the input's colour range.
 * Size: (SIZE + 2) / 3 filter passes, each on the previous pass's output.
 */
#include <math.h>

#include "workload.h"

#define IM_W 64
#define IM_H 64
#define IM_RADIUS 2
#define IM_ITERS 3

struct im_pixel {
	float r, g, b;
};

static struct im_pixel im_src[IM_H][IM_W], im_dst[IM_H][IM_W];

/* ImageMagick's MagickRound: round half away from zero through floor/ceil. */
static inline double im_round(double x)
{
	if (x >= 0.0)
		return floor(x + 0.5);
	return ceil(x - 0.5);
}

static inline long im_clamp(long v, long hi)
{
	return v < 0 ? 0 : v > hi ? hi : v;
}

static const struct im_pixel *im_virtual_pixel(double x, double y)
{
	long px = im_clamp((long)im_round(x), IM_W - 1);
	long py = im_clamp((long)im_round(y), IM_H - 1);
	return &im_src[py][px];
}

static WL_HOT void im_mean_shift(double color_distance)
{
	const double cd2 = color_distance * color_distance;
	for (int y = 0; y < IM_H; y++) {
		for (int x = 0; x < IM_W; x++) {
			struct im_pixel mean = im_src[y][x];
			double mx = x, my = y;
			for (int it = 0; it < IM_ITERS; it++) {
				double sx = 0, sy = 0, sr = 0, sg = 0, sb = 0;
				long count = 0;
				for (int v = -IM_RADIUS; v <= IM_RADIUS; v++) {
					for (int u = -IM_RADIUS; u <= IM_RADIUS; u++) {
						if (v * v + u * u > IM_RADIUS * IM_RADIUS)
							continue;
						const struct im_pixel *p = im_virtual_pixel(mx + u, my + v);
						double dr = mean.r - p->r, dg = mean.g - p->g, db = mean.b - p->b;
						if (dr * dr + dg * dg + db * db <= cd2) {
							sx += mx + u;
							sy += my + v;
							sr += p->r;
							sg += p->g;
							sb += p->b;
							count++;
						}
					}
				}
				if (count == 0)
					break;
				double gamma = 1.0 / (double)count;
				double nx = im_round(gamma * sx), ny = im_round(gamma * sy);
				mean.r = (float)(gamma * sr);
				mean.g = (float)(gamma * sg);
				mean.b = (float)(gamma * sb);
				if (nx == mx && ny == my)
					break;
				mx = nx;
				my = ny;
			}
			im_dst[y][x] = mean;
		}
	}
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	unsigned passes = (size + 2) / 3;
	struct wl_rng rng;
	wl_rng_seed(&rng, 6464);
	/* smooth gradients plus noise plus a few flat blobs: neighbours are sometimes close */
	for (int y = 0; y < IM_H; y++)
		for (int x = 0; x < IM_W; x++) {
			double n = wl_rand_unit(&rng) * 0.25;
			im_src[y][x].r = (float)(0.5 + 0.5 * sin(x * 0.2) * cos(y * 0.15) + n);
			im_src[y][x].g = (float)((double)((x / 8 + y / 8) & 1) * 0.6 + n);
			im_src[y][x].b = (float)((x + y) / (double)(IM_W + IM_H) + n * 0.5);
		}
	float lo = 1e30f, hi = -1e30f;
	for (int y = 0; y < IM_H; y++)
		for (int x = 0; x < IM_W; x++) {
			const struct im_pixel *p = &im_src[y][x];
			lo = fminf(lo, fminf(p->r, fminf(p->g, p->b)));
			hi = fmaxf(hi, fmaxf(p->r, fmaxf(p->g, p->b)));
		}

	uint64_t sum = 0;
	int ok = 1;
	for (unsigned pass = 0; pass < passes; pass++) {
		im_mean_shift(0.2);
		memcpy(im_src, im_dst, sizeof im_src);
		for (int y = 0; y < IM_H; y++)
			for (int x = 0; x < IM_W; x++) {
				const struct im_pixel *p = &im_dst[y][x];
				ok &= p->r >= lo - 1e-5f && p->r <= hi + 1e-5f;
				ok &= p->g >= lo - 1e-5f && p->g <= hi + 1e-5f;
				ok &= p->b >= lo - 1e-5f && p->b <= hi + 1e-5f;
				sum = wl_mix(sum, (uint64_t)(p->r * 65536.0f) ^
				                  ((uint64_t)(p->g * 65536.0f) << 20) ^
				                  ((uint64_t)(p->b * 65536.0f) << 40));
			}
	}
	return wl_finish("imagick", size, sum, 0xebd3db1f849ca41dull, ok);
}
