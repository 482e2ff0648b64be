/*
 * chase_dram — stall-intensive code: a dependent pointer chase (workloads/chase.h) through a
 * random ring of 64-byte nodes spanning 64 MiB, far beyond any last-level cache: every step is
 * a DRAM access and, with 16 Ki pages visited in random order, a TLB miss as well.
 * Size: SIZE x 40 Ki steps.
 */
#include "chase.h"

int main(int argc, char **argv)
{
	return chase_main(argc, argv, "chase_dram", 64u * 1024u * 1024u, 40960u, 0x6b88de91dc8f50b1ull);
}
