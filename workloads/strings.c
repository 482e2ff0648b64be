/*
 * strings — real library code: glibc's string functions (strlen, memcpy, memmove, strcmp,
 * strncmp, strchr, strstr, memchr, memcmp) over a 192 KiB text of pseudo-random words. These are
 * the byte- and word-at-a-time loops with early exits that dominate parsers and servers:
 * short calls, loop-exit branches whose trip count depends on the data, unaligned tails.
 * Self-check: every result is confirmed by a straightforward byte loop on a sample.
 * Size: SIZE/2 rounds over the text (at least one).
 */
#include "workload.h"

#define STR_TEXT_BYTES (192u * 1024u)
#define STR_MAX_LINES 8192

static char str_text[STR_TEXT_BYTES + 64];
static char *str_lines[STR_MAX_LINES];
static unsigned str_nlines;

static const char *const str_syllables[] = {
	"ro", "bin", "ka", "te", "mi", "so", "lu", "ne", "ta", "vi", "pro", "fi", "le", "cy",
	"cle", "stall", "flush", "com", "mit", "sam", "ple", "ex", "ec", "ute", "cache", "miss",
};
#define STR_NSYL (sizeof str_syllables / sizeof str_syllables[0])

/* Fill the text with NUL-terminated lines of words. */
static void str_generate(struct wl_rng *rng)
{
	size_t pos = 0;
	while (str_nlines < STR_MAX_LINES && pos + 200 < STR_TEXT_BYTES) {
		str_lines[str_nlines++] = &str_text[pos];
		unsigned words = 1 + (unsigned)wl_rand_below(rng, 14);
		for (unsigned w = 0; w < words; w++) {
			unsigned syl = 1 + (unsigned)wl_rand_below(rng, 3);
			for (unsigned s = 0; s < syl; s++) {
				const char *p = str_syllables[wl_rand_below(rng, STR_NSYL)];
				while (*p)
					str_text[pos++] = *p++;
			}
			str_text[pos++] = w + 1 < words ? ' ' : '\0';
		}
	}
}

static size_t str_naive_len(const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

static int str_naive_sign(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	int d = (unsigned char)*a - (unsigned char)*b;
	return (d > 0) - (d < 0);
}

static int str_sign(int v)
{
	return (v > 0) - (v < 0);
}

int main(int argc, char **argv)
{
	unsigned size = wl_size(argc, argv);
	unsigned rounds = size / 2 ? size / 2 : 1;
	static char copy[STR_TEXT_BYTES + 64];
	static const char *const needles[] = { "flush", "stallmiss", "cachecache", "robin", "xyz", "le ro" };
	struct wl_rng rng;
	wl_rng_seed(&rng, 192);
	str_generate(&rng);

	uint64_t sum = 0;
	int ok = str_nlines > 1000;
	for (unsigned r = 0; r < rounds; r++) {
		uint64_t total = 0;
		for (unsigned i = 0; i < str_nlines; i++) {
			const char *s = str_lines[i] + r % 3;  /* lines are >= 2 characters long */
			size_t n = strlen(s);
			total += n;
			if (i % 64 == 0)
				ok &= n == str_naive_len(s);
		}
		sum = wl_mix(sum, total);

		/* whole-buffer copies at varying alignments */
		for (unsigned k = 0; k < 8; k++) {
			memcpy(copy + k, str_text + (r + k) % 8, STR_TEXT_BYTES - 8);
			memmove(copy + k + 1, copy + k, 4096);
			sum = wl_mix(sum, (unsigned char)copy[k * 1000 + r]);
		}
		ok &= memcmp(copy + 8, str_text + (r + 7) % 8, 4096) == 0;  /* moved one byte up */

		/* comparisons between neighbouring lines (shared prefixes make them run long) */
		long order = 0;
		for (unsigned i = 1; i < str_nlines; i++) {
			int c = str_sign(strcmp(str_lines[i - 1], str_lines[i]));
			order += c;
			order += str_sign(strncmp(str_lines[i - 1], str_lines[i], 6));
			if (i % 64 == 0)
				ok &= c == str_naive_sign(str_lines[i - 1], str_lines[i]);
		}
		sum = wl_mix(sum, (uint64_t)order);

		/* searches */
		uint64_t found = 0;
		for (unsigned i = r % 2; i < str_nlines; i += 2) {
			const char *line = str_lines[i];
			const char *nd = needles[(i + r) % (sizeof needles / sizeof needles[0])];
			const char *hit = strstr(line, nd);
			if (hit) {
				found += (uint64_t)(hit - line) + 1;
				ok &= strncmp(hit, nd, strlen(nd)) == 0;
			}
			const char *sp = strchr(line, ' ');
			found += sp ? (uint64_t)(sp - line) : 0;
			const char *m = memchr(line, 'x', strlen(line));
			found += m ? (uint64_t)(m - line) * 3 : 0;
		}
		sum = wl_mix(sum, found);
	}
	return wl_finish("strings", size, sum, 0xb1e22020b62fc784ull, ok);
}
