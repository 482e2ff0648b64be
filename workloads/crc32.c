/*
 * crc32 — compute-intensive integer kernel: table-driven CRC-32 (IEEE, reflected) and 64-bit
 * FNV-1a over a 64 KiB buffer that stays in the L1/L2 caches. A tight loop of loads, shifts,
 * xors and table lookups with perfectly predictable branches; the table lookup depends on the
 * previous CRC, so IPC is bounded by the load-to-use chain. Self-check: the table CRC of
 * "123456789" is 0xCBF43926, and a bitwise CRC agrees with the table CRC on the first 4 KiB.
 * Size: SIZE x 3 passes over the buffer.
 */
#include "workload.h"

#define CRC32_BUF_BYTES (64u * 1024u)

static uint32_t crc32_table[256];

static void crc32_table_init(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
		crc32_table[i] = c;
	}
}

static uint32_t crc32_update(uint32_t crc, const uint8_t *p, size_t n)
{
	crc = ~crc;
	for (size_t i = 0; i < n; i++)
		crc = crc32_table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
	return ~crc;
}

static uint32_t crc32_bitwise(uint32_t crc, const uint8_t *p, size_t n)
{
	crc = ~crc;
	for (size_t i = 0; i < n; i++) {
		crc ^= p[i];
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1)));
	}
	return ~crc;
}

static uint64_t fnv1a64(uint64_t h, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	static uint8_t buf[CRC32_BUF_BYTES];
	struct wl_rng rng;
	wl_rng_seed(&rng, 32);
	for (size_t i = 0; i < sizeof buf; i += 8) {
		uint64_t v = wl_rand64(&rng);
		memcpy(buf + i, &v, 8);
	}
	crc32_table_init();

	int ok = crc32_update(0, (const uint8_t *)"123456789", 9) == 0xcbf43926u;
	ok &= crc32_update(0, buf, 4096) == crc32_bitwise(0, buf, 4096);

	uint64_t sum = 0, h = 0xcbf29ce484222325ull;
	uint32_t crc = 0;
	for (unsigned pass = 0; pass < size * 3; pass++) {
		buf[pass % sizeof buf] ^= (uint8_t)pass;  /* every pass sees different data */
		crc = crc32_update(crc, buf, sizeof buf);
		h = fnv1a64(h, buf, sizeof buf);
		sum = wl_mix(sum, crc);
	}
	sum = wl_mix(sum, h);
	return wl_finish("crc32", size, sum, 0xb8ffff70340d0578ull, ok);
}
