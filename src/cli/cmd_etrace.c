/*
 * cmd_etrace.c — `robin etrace [options] FILE`: decodes an E-Trace instruction trace that
 * `robin run --etrace FILE` wrote, without the run: the code comes from the ELF files listed
 * in FILE.images; prints the packets, the instructions and blocks reconstructed, bits per
 * instruction, the most executed blocks, and whether the counts equal the run's exact ones
 * (FILE.blocks). docs/etrace.md.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/etrace.h"
#include "analysis/etrace_image.h"
#include "cli/cli.h"
#include "util/text.h"

static void etrace_usage(FILE *f)
{
	fprintf(f,
		"usage: robin etrace [options] FILE\n"
		"\n"
		"Decodes the E-Trace instruction trace FILE written by `robin run --etrace FILE`\n"
		"over the ELF files of the run (FILE.images), counts each basic block's\n"
		"executions and compares them with the run's exact counts (FILE.blocks).\n"
		"docs/etrace.md.\n"
		"\n"
		"options:\n"
		"  --images F          the image list (default FILE.images)\n"
		"  --exact F           the exact block counts (default FILE.blocks, if present)\n"
		"  --return-stack N    the run's --etrace-return-stack (default 32)\n"
		"  --top N             list the N most executed blocks (default 10)\n"
		"  --help              this text\n"
		"\n"
		"exit status: 0 decoded (and exact, when the exact counts are there), 1 a trace\n"
		"that does not decode or counts that differ, 2 usage errors.\n");
}

static int etrace_cmp_count(const void *a, const void *b)
{
	const struct etrace_block *x = a, *y = b;
	return x->count < y->count ? 1 : x->count > y->count ? -1 : x->start < y->start ? -1 :
	       x->start > y->start;
}

static void etrace_print_top(const struct etrace_counts *c, uint64_t top)
{
	if (!top || !c->used)
		return;
	struct etrace_block *v = malloc(c->used * sizeof(*v));
	if (!v)
		return;
	size_t n = 0;
	for (size_t i = 0; i < c->nslot; i++)
		if (c->slot[i].count)
			v[n++] = c->slot[i];
	qsort(v, n, sizeof(*v), etrace_cmp_count);
	printf("%12s  %-18s %s\n", "count", "first", "last");
	for (size_t i = 0; i < n && i < top; i++)
		printf("%12" PRIu64 "  0x%-16" PRIx64 " 0x%" PRIx64 "\n", v[i].count, v[i].start,
		       v[i].end);
	free(v);
}

static uint8_t *etrace_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 65536, n = 0;
	uint8_t *b = malloc(cap);
	while (b) {
		n += fread(b + n, 1, cap - n, f);
		if (n < cap)
			break;
		uint8_t *nb = realloc(b, cap * 2);
		if (!nb)
			free(b);
		b = nb;
		cap *= 2;
	}
	if (b && ferror(f)) {
		free(b);
		b = NULL;
	}
	fclose(f);
	*len = n;
	return b;
}

/* See cli.h. */
int cmd_etrace(int argc, char **argv)
{
	const char *images = NULL, *exact = NULL, *file = NULL;
	uint64_t rs = 32, top = 10;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			etrace_usage(stdout);
			return 0;
		} else if (!strcmp(a, "--images") || !strcmp(a, "--exact") ||
			   !strcmp(a, "--return-stack") || !strcmp(a, "--top")) {
			if (i + 1 >= argc) {
				fprintf(stderr, "robin etrace: %s needs a value\n", a);
				return 2;
			}
			const char *v = argv[++i];
			if (!strcmp(a, "--images")) {
				images = v;
			} else if (!strcmp(a, "--exact")) {
				exact = v;
			} else if (!strcmp(a, "--top")) {
				if (text_parse_u64(v, &top)) {
					fprintf(stderr, "robin etrace: --top needs a count, got '%s'\n", v);
					return 2;
				}
			} else if (text_parse_u64(v, &rs) || rs > ETRACE_MAX_RETURN_STACK ||
				   (rs & (rs - 1))) {
				fprintf(stderr, "robin etrace: --return-stack needs 0 or a power of two "
					"up to %d, got '%s'\n", ETRACE_MAX_RETURN_STACK, v);
				return 2;
			}
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "robin etrace: unknown option '%s' (see robin etrace --help)\n", a);
			return 2;
		} else if (file) {
			fprintf(stderr, "robin etrace: one trace file only\n");
			return 2;
		} else {
			file = a;
		}
	}
	if (!file) {
		fprintf(stderr, "robin etrace: no trace file given\n");
		return 2;
	}
	char ipath[4096], bpath[4096], err[512];
	snprintf(ipath, sizeof(ipath), "%s.images", file);
	snprintf(bpath, sizeof(bpath), "%s.blocks", file);
	if (!images)
		images = ipath;
	size_t len;
	uint8_t *buf = etrace_slurp(file, &len);
	if (!buf) {
		fprintf(stderr, "robin etrace: cannot read %s\n", file);
		return 1;
	}
	struct etrace_images *im = etrace_images_load(images, err, sizeof(err));
	if (!im) {
		fprintf(stderr, "robin etrace: %s\n", err);
		free(buf);
		return 1;
	}
	struct etrace_dec_result r = { 0 };
	int rc = 0;
	if (etrace_decode(buf, len, etrace_images_fetch, im, (unsigned)rs, &r, err, sizeof(err))) {
		fprintf(stderr, "robin etrace: %s: %s\n", file, err);
		rc = 1;
		goto out;
	}
	printf("%s: %zu bytes, packets f1 %" PRIu64 " f2 %" PRIu64 " f3 start %" PRIu64 " trap %"
	       PRIu64 "\n", file, len, r.stats.packets[1], r.stats.packets[2], r.stats.f3_sub[0],
	       r.stats.f3_sub[1]);
	printf("decoded: %" PRIu64 " instructions, %zu blocks, %.4f bits/instruction\n", r.insns,
	       r.blocks.used, r.insns ? (double)len * 8 / (double)r.insns : 0.0);
	FILE *probe = exact ? NULL : fopen(bpath, "r");
	if (probe) {
		fclose(probe);
		exact = bpath;
	}
	if (exact) {
		struct etrace_counts x = { 0 };
		if (etrace_counts_read(exact, &x, err, sizeof(err))) {
			fprintf(stderr, "robin etrace: %s\n", err);
			rc = 1;
		} else {
			int same = etrace_counts_equal(&x, &r.blocks);
			printf("block counts: %s (%s: %zu blocks)\n", same ? "exact" : "DIFFER", exact,
			       x.used);
			rc = !same;
		}
		etrace_counts_free(&x);
	}
	etrace_print_top(&r.blocks, top);
out:
	etrace_counts_free(&r.blocks);
	etrace_images_free(im);
	free(buf);
	return rc;
}
