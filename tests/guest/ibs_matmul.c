/* ibs_matmul: the matrix multiply of 003_b4067ee07181a84e.txt Figure 1 whose inner loop walks
 * a column of matrix_b: rows are 4 KiB apart (1024 floats), so every matrix_b load touches a
 * new page (a D-TLB miss per access) while matrix_a is read along a row. Computes COLS
 * columns of one row of the product (argv[1], default 64) with K = 1024; prints the sum. */
#include <stdio.h>
#include <stdlib.h>

#define K 1024
#define N 1024

static float (*matrix_a)[N], (*matrix_b)[N];

static __attribute__((noinline)) float row_times_column(int i, int j)
{
	float sum = 0.0f;
	for (int k = 0; k < K; k++)
		sum = sum + matrix_a[i][k] * matrix_b[k][j];
	return sum;
}

int main(int argc, char **argv)
{
	int cols = argc > 1 ? atoi(argv[1]) : 64;
	if (cols < 1 || cols > N) {
		fprintf(stderr, "ibs_matmul: COLS must be 1..%d\n", N);
		return 2;
	}
	matrix_a = aligned_alloc(4096, sizeof(float[1][N]));
	matrix_b = aligned_alloc(4096, sizeof(float[K][N]));
	if (!matrix_a || !matrix_b)
		return 2;
	for (int k = 0; k < K; k++) {
		matrix_a[0][k] = (float)(k % 7);
		for (int j = 0; j < cols; j++)
			matrix_b[k][j] = (float)((k + j) % 5);
	}
	double total = 0;
	for (int j = 0; j < cols; j++)
		total += row_times_column(0, j);
	printf("ibs_matmul %d columns: %.0f\n", cols, total);
	return 0;
}
