/*
 * chase_llc — stall-intensive code: a dependent pointer chase (workloads/chase.h) through a
 * random ring of 64-byte nodes spanning 1 MiB, which misses L1 and hits the L2/last-level
 * cache on every step.
 * Size: SIZE x 300 Ki steps.
 */
#include "chase.h"

int main(int argc, char **argv)
{
	return chase_main(argc, argv, "chase_llc", 1024u * 1024u, 307200u, 0x397bcdf062681491ull);
}
