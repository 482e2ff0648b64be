/*
 * nab_finite — the nab case study's first fix (seed 004_b28092482852db08.txt Paper B §6):
 * workloads/nab.c compiled as with -ffinite-math-only (a GCC optimize pragma, as variants
 * share one build rule). Assuming no NaNs, GCC compiles isless()/isgreater() to plain flt.d /
 * fle.d without the frflags/fsflags pair that saves and restores the FP flags, so the
 * pipeline no longer flushes twice per atom pair before fsqrt.d. The paper measures 1.96x on
 * SPEC's nab.
 */
#pragma GCC optimize("finite-math-only")
#include "../nab.c"
