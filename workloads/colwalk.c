/*
 * colwalk — stall-intensive code that misses the TLB: sums the columns of a row-major
 * 2048 x 1024 uint32 matrix (8 MiB). Rows are exactly 4 KiB apart, so walking down a column
 * touches a different page on every load (2048 pages, more than an L1 or L2 TLB maps) and
 * hits the same cache set every time (conflict misses in a set-associative cache); the
 * loads are independent, so memory-level parallelism can hide part of the latency.
 * Self-check: the column sums add up to the total computed while filling and by a row pass.
 * Size: SIZE/5 column passes (at least one).
 */
#include "workload.h"

#define CW_ROWS 2048
#define CW_COLS 1024

static WL_HOT void cw_column_sums(uint32_t (*m)[CW_COLS], uint64_t *sums)
{
	for (int j = 0; j < CW_COLS; j++) {
		uint64_t s = 0;
		for (int i = 0; i < CW_ROWS; i++)
			s += m[i][j];
		sums[j] = s;
	}
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	unsigned passes = size / 5 ? size / 5 : 1;
	uint32_t (*m)[CW_COLS] = aligned_alloc(4096, sizeof(uint32_t[CW_ROWS][CW_COLS]));
	static uint64_t sums[CW_COLS];
	if (!m) {
		fprintf(stderr, "colwalk: out of memory\n");
		return 2;
	}
	uint64_t expect = 0;
	for (int i = 0; i < CW_ROWS; i++)
		for (int j = 0; j < CW_COLS; j++) {
			m[i][j] = (uint32_t)(i * 3 + j);
			expect += (uint32_t)(i * 3 + j);
		}
	uint64_t sum = 0;
	int ok = 1;
	for (unsigned p = 0; p < passes; p++) {
		m[p % CW_ROWS][(p * 13) % CW_COLS] += 1;
		expect += 1;
		cw_column_sums(m, sums);
		uint64_t total = 0;
		for (int j = 0; j < CW_COLS; j++) {
			total += sums[j];
			sum = wl_mix(sum, sums[j]);
		}
		ok &= total == expect;
	}
	uint64_t row_total = 0;
	for (int i = 0; i < CW_ROWS; i++)
		for (int j = 0; j < CW_COLS; j++)
			row_total += m[i][j];
	ok &= row_total == expect;
	free(m);
	return wl_finish("colwalk", size, sum, 0xa6f90a4fc245475eull, ok);
}
