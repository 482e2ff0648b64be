/*
 * exec_div.h — RV64M division values, shared by exec_m.c (the handlers) and block.c (the fast
 * loop's inline division): the RISC-V results for division by zero (quotient all ones,
 * remainder the dividend) and overflow (INT_MIN / -1 = INT_MIN, remainder 0); no traps. The
 * W forms operate on the low 32 bits and sign-extend the 32-bit result.
 */
#ifndef ROBIN_EMU_EXEC_DIV_H
#define ROBIN_EMU_EXEC_DIV_H

#include <stdint.h>

static inline uint64_t exec_div_sext32(uint32_t v) { return (uint64_t)(int64_t)(int32_t)v; }

static inline uint64_t exec_div_v(uint64_t x, uint64_t y)
{
	int64_t a = (int64_t)x, b = (int64_t)y;
	if (b == 0)
		return ~0ull;
	if (a == INT64_MIN && b == -1)
		return x;
	return (uint64_t)(a / b);
}

static inline uint64_t exec_divu_v(uint64_t a, uint64_t b) { return b ? a / b : ~0ull; }

static inline uint64_t exec_rem_v(uint64_t x, uint64_t y)
{
	int64_t a = (int64_t)x, b = (int64_t)y;
	if (b == 0)
		return x;
	if (a == INT64_MIN && b == -1)
		return 0;
	return (uint64_t)(a % b);
}

static inline uint64_t exec_remu_v(uint64_t a, uint64_t b) { return b ? a % b : a; }

static inline uint64_t exec_divw_v(uint64_t x, uint64_t y)
{
	int32_t a = (int32_t)x, b = (int32_t)y;
	if (b == 0)
		return ~0ull;
	if (a == INT32_MIN && b == -1)
		return exec_div_sext32((uint32_t)a);
	return exec_div_sext32((uint32_t)(a / b));
}

static inline uint64_t exec_divuw_v(uint64_t x, uint64_t y)
{
	uint32_t a = (uint32_t)x, b = (uint32_t)y;
	return b ? exec_div_sext32(a / b) : ~0ull;
}

static inline uint64_t exec_remw_v(uint64_t x, uint64_t y)
{
	int32_t a = (int32_t)x, b = (int32_t)y;
	if (b == 0)
		return exec_div_sext32((uint32_t)a);
	if (a == INT32_MIN && b == -1)
		return 0;
	return exec_div_sext32((uint32_t)(a % b));
}

static inline uint64_t exec_remuw_v(uint64_t x, uint64_t y)
{
	uint32_t a = (uint32_t)x, b = (uint32_t)y;
	return exec_div_sext32(b ? a % b : a);
}

#endif
