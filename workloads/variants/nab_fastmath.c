/*
 * nab_fastmath — the nab case study's second fix (seed 004_b28092482852db08.txt Paper B §6):
 * workloads/nab.c compiled as with -ffast-math (a GCC optimize pragma, as variants share one
 * build rule): the finite-math comparisons of nab_finite plus reassociation and reciprocal
 * approximations of the energy terms. The paper measures 2.45x on SPEC's nab. The checksum
 * may differ from nab's in the last bits (reassociation).
 */
#pragma GCC optimize("fast-math")
#include "../nab.c"
