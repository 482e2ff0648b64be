/*
 * imagick_noflags — the Imagick case study's experiment as seed 004_b28092482852db08.txt
 * Paper A §6 ran it: workloads/imagick.c unchanged, but floor() and ceil() are glibc's riscv64
 * __floor/__ceil instruction for instruction with the frflags/fsflags pair (which saves and
 * restores the FP flags, and flushes the pipeline twice per call) replaced by nops. Calls,
 * returns and the other instructions stay, so the cycles saved are those of the flag
 * handling alone (compare imagick_fcvt, which also inlines the rounding). The program never
 * reads the FP flags, so its output and checksum are those of imagick.
 */
#include <math.h>

double imagick_noflags_floor(double x);
double imagick_noflags_ceil(double x);

/* glibc's sysdeps/riscv/rvd/s_floor.c and s_ceil.c as compiled (objdump of libm.a), with a
 * nop (4 bytes, so the layout is glibc's) where frflags a4 / fsflags a4 were. */
#define IMAGICK_NOFLAGS_FN(name, rm)                                                   \
	".globl " name "\n.type " name ", @function\n.balign 2\n" name ":\n"            \
	".option push\n.option norvc\nnop\n.option pop\n"                               \
	"feq.d a5, fa0, fa0\n"                                                          \
	"fabs.d fa5, fa0\n"                                                             \
	"beqz a5, 1f\n"                                                                 \
	"fld fa4, imagick_noflags_two52, a5\n"                                          \
	"flt.d a5, fa5, fa4\n"                                                          \
	"beqz a5, 2f\n"                                                                 \
	"fcvt.l.d a5, fa0, " rm "\n"                                                    \
	"fcvt.d.l fa5, a5, " rm "\n"                                                    \
	"fsgnj.d fa0, fa5, fa0\n"                                                       \
	".option push\n.option norvc\nnop\n.option pop\n"                               \
	"2: ret\n"                                                                      \
	"1: fadd.d fa0, fa0, fa0\n"                                                     \
	"ret\n"                                                                         \
	".size " name ", .-" name "\n"

__asm__(".section .rodata\n.balign 8\nimagick_noflags_two52: .double 4503599627370496.0\n"
        ".text\n"
        IMAGICK_NOFLAGS_FN("imagick_noflags_floor", "rdn")
        IMAGICK_NOFLAGS_FN("imagick_noflags_ceil", "rup"));

/* <math.h> is already included, so imagick.c's own include adds nothing and its floor() and
 * ceil() calls become these. */
#define floor imagick_noflags_floor
#define ceil imagick_noflags_ceil
#include "../imagick.c"
