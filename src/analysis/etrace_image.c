/*
 * etrace_image.c — decoding an E-Trace trace from files (etrace_image.h): the instruction
 * bytes come from the ELF files of FILE.images through elf_image_read, decoded by isa_decode
 * and kept in a small direct-mapped cache.
 */
#include "analysis/etrace_image.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elf/elf_image.h"

#define ETI_MAX 64
#define ETI_CACHE 4096

struct eti_image {
	uint64_t start, end, bias;
	struct elf_image elf;
};

struct etrace_images {
	struct eti_image im[ETI_MAX];
	size_t n;
	struct { uint64_t pc; struct isa_insn insn; int valid; } cache[ETI_CACHE];
	struct isa_insn scratch;
};

struct etrace_images *etrace_images_load(const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	struct etrace_images *s = calloc(1, sizeof(*s));
	if (!s) {
		fclose(f);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	char line[4200];
	unsigned lineno = 0;
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		uint64_t a, b, bias;
		int pos = 0;
		line[strcspn(line, "\n")] = 0;
		if (sscanf(line, "%" SCNx64 " %" SCNx64 " %" SCNx64 " %n", &a, &b, &bias, &pos) != 3 ||
		    !pos || !line[pos] || a >= b) {
			snprintf(err, errlen, "%s:%u: not START END BIAS PATH", path, lineno);
			goto fail;
		}
		if (s->n == ETI_MAX) {
			snprintf(err, errlen, "%s: more than %d images", path, ETI_MAX);
			goto fail;
		}
		struct eti_image *m = &s->im[s->n];
		int rc = elf_image_open(&m->elf, line + pos);
		if (rc) {
			snprintf(err, errlen, "%s: %s", line + pos, strerror(-rc));
			goto fail;
		}
		m->start = a;
		m->end = b;
		m->bias = bias;
		s->n++;
	}
	fclose(f);
	if (!s->n) {
		snprintf(err, errlen, "%s: no images", path);
		etrace_images_free(s);
		return NULL;
	}
	return s;
fail:
	fclose(f);
	etrace_images_free(s);
	return NULL;
}

const struct isa_insn *etrace_images_fetch(void *ctx, uint64_t pc)
{
	struct etrace_images *s = ctx;
	size_t slot = (pc >> 1) & (ETI_CACHE - 1);
	if (s->cache[slot].valid && s->cache[slot].pc == pc)
		return &s->cache[slot].insn;
	for (size_t i = 0; i < s->n; i++) {
		const struct eti_image *m = &s->im[i];
		if (pc < m->start || pc >= m->end)
			continue;
		uint8_t b[4] = { 0 };
		size_t got = elf_image_read(&m->elf, pc - m->bias, b, 4);
		if (got < 2)
			return NULL;
		uint32_t raw = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
			       (uint32_t)b[3] << 24;
		int len = isa_decode(raw, &s->cache[slot].insn);
		if (!len || (size_t)len > got) {
			s->cache[slot].valid = 0;
			return NULL;
		}
		s->cache[slot].pc = pc;
		s->cache[slot].valid = 1;
		return &s->cache[slot].insn;
	}
	return NULL;
}

void etrace_images_free(struct etrace_images *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++)
		elf_image_close(&s->im[i].elf);
	free(s);
}

int etrace_counts_read(const char *path, struct etrace_counts *c, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	char line[256];
	unsigned lineno = 0;
	int rc = 0;
	while (!rc && fgets(line, sizeof(line), f)) {
		lineno++;
		uint64_t a, b, n;
		if (sscanf(line, "%" SCNx64 " %" SCNx64 " %" SCNu64, &a, &b, &n) != 3 || !n) {
			snprintf(err, errlen, "%s:%u: not START END COUNT", path, lineno);
			rc = -1;
		} else if (etrace_counts_add(c, a, b, n)) {
			snprintf(err, errlen, "out of memory");
			rc = -1;
		}
	}
	fclose(f);
	return rc;
}

int etrace_counts_write(const char *path, const struct etrace_counts *c)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -errno;
	for (size_t i = 0; i < c->nslot; i++)
		if (c->slot[i].count)
			fprintf(f, "%" PRIx64 " %" PRIx64 " %" PRIu64 "\n", c->slot[i].start,
				c->slot[i].end, c->slot[i].count);
	int bad = ferror(f);
	if (fclose(f) || bad)
		return -EIO;
	return 0;
}
