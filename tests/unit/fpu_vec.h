/*
 * fpu_vec.h — the table-driven checks of fpu.c that unit tests 210 (binary32/64) and 213
 * (binary16, Zfa) share: a vector is one of the test's operations (its own enum, named by its
 * vop_name[], which must be defined before this file is included), a rounding mode, up to
 * three operands and the expected result and flags; the test defines run(), which computes a
 * vector with fpu.c, and calls check_all() on its tables.
 */
#ifndef ROBIN_TESTS_FPU_VEC_H
#define ROBIN_TESTS_FPU_VEC_H

#include <stdint.h>

struct vec {
	int op;
	unsigned rm;
	uint64_t a, b, c;
	uint64_t want;
	uint32_t want_flags;
};

/* The test's: the result of v and its flags OR-ed into *fl. */
static uint64_t run(const struct vec *v, uint32_t *fl);

/* Every vector of v[0..n) gives its result and flags; prints each one that does not. */
static void check_all(const struct vec *v, size_t n)
{
	int bad = 0;
	for (size_t i = 0; i < n; i++) {
		uint32_t fl = 0;
		uint64_t got = run(&v[i], &fl);
		if (got != v[i].want || fl != v[i].want_flags) {
			print_error("#%zu %s rm=%u a=%#llx b=%#llx c=%#llx: got %#llx flags %#x, "
			            "want %#llx flags %#x\n", i, vop_name[v[i].op], v[i].rm,
			            (unsigned long long)v[i].a, (unsigned long long)v[i].b,
			            (unsigned long long)v[i].c, (unsigned long long)got, fl,
			            (unsigned long long)v[i].want, v[i].want_flags);
			bad++;
		}
	}
	assert_int_equal(bad, 0);
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

#endif
