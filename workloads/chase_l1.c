/*
 * chase_l1 — stall-intensive code: a dependent pointer chase (workloads/chase.h) through a
 * random ring of 64-byte nodes spanning 16 KiB, which fits the L1 data cache: each step costs
 * the L1 load-to-use latency.
 * Size: SIZE x 400 Ki steps.
 */
#include "chase.h"

int main(int argc, char **argv)
{
	return chase_main(argc, argv, "chase_l1", 16u * 1024u, 409600u, 0xc1776c7536b19c78ull);
}
