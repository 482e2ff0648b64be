/* threads_omp: OpenMP (libgomp) parallel loops with a reduction, a critical section, an
 * atomic and a barrier, on 4 threads; the results do not depend on the interleaving. */
#include <omp.h>
#include <stdio.h>

#define N 200000

static double a[N];

int main(void)
{
	long sum = 0, crit = 0, atom = 0;
	#pragma omp parallel for num_threads(4) reduction(+:sum)
	for (long i = 0; i < N; i++)
		sum += i % 7;
	#pragma omp parallel num_threads(4)
	{
		#pragma omp for
		for (long i = 0; i < N; i++)
			a[i] = (double)i * 0.5;
		#pragma omp barrier
		#pragma omp critical
		crit += 1;
		#pragma omp atomic
		atom += omp_get_thread_num() + 1;
	}
	double s = 0;
	for (long i = 0; i < N; i++)
		s += a[i];
	printf("reduction %ld\n", sum);
	printf("critical %ld atomic %ld\n", crit, atom);
	printf("array %.1f\n", s);
	return 0;
}
