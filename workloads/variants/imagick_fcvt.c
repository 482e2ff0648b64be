/*
 * imagick_fcvt — the Imagick case study's fix (seed 004_b28092482852db08.txt Paper A §6):
 * workloads/imagick.c unchanged, except that MagickRound's floor() and ceil() are a rounding
 * helper with one fcvt.l.d in an explicit rounding mode (rdn, rup) and a fcvt.d.l back, in
 * place of glibc's riscv64 floor/ceil, which save and restore the FP flags with frflags /
 * fsflags — serialising CSR accesses that flush the pipeline on every call. The helper is
 * exact for |x| < 2^52 (imagick only rounds pixel coordinates) and raises no flag the
 * program reads, so the output and checksum are those of imagick.
 */
#include <math.h>
#include <stdint.h>

static inline double imagick_fcvt_floor(double x)
{
	int64_t r;
	__asm__("fcvt.l.d %0, %1, rdn" : "=r"(r) : "f"(x));
	return (double)r;
}

static inline double imagick_fcvt_ceil(double x)
{
	int64_t r;
	__asm__("fcvt.l.d %0, %1, rup" : "=r"(r) : "f"(x));
	return (double)r;
}

/* <math.h> is already included, so imagick.c's own include adds nothing and its floor() and
 * ceil() calls become the helper's. */
#define floor imagick_fcvt_floor
#define ceil imagick_fcvt_ceil
#include "../imagick.c"
