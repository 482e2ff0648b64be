/* mix.h — the checksum the JIT test guests print (bitmanip_jit, jitedge, x0ops): 64-bit
 * FNV-1a over the bytes of each value mixed in, low byte first; MIX_START resets it. */
#ifndef ROBIN_TESTS_GUEST_MIX_H
#define ROBIN_TESTS_GUEST_MIX_H

#include <stdint.h>

#define MIX_START 0xcbf29ce484222325ull

static uint64_t hash = MIX_START;

static void mix(uint64_t v)
{
	for (int i = 0; i < 8; i++) {
		hash ^= (v >> (8 * i)) & 0xff;
		hash *= 0x100000001b3ull;
	}
}

#endif
