/*
 * perf_data.c — the perf.data file reader (see perf_data.h).
 */
#include "collect/perf_data.h"
#include "elf/elf_image.h"
#include "util/regfile.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define PERF_DATA_MAGIC "PERFILE2"
#define PERF_DATA_HEADER_BYTES 104
#define PERF_DATA_MISC_BUILD_ID_SIZE (1u << 15)

static int perf_data_fail(char *err, size_t err_n, int rc, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int perf_data_fail(char *err, size_t err_n, int rc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, err_n, fmt, ap);
	va_end(ap);
	return rc;
}

static uint64_t perf_data_u64(const uint8_t *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

static uint32_t perf_data_u32(const uint8_t *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

/* [off, off + len) lies inside the file. */
static int perf_data_inside(const struct perf_data *pd, uint64_t off, uint64_t len)
{
	return off <= pd->size_bytes && len <= pd->size_bytes - off;
}

/* perf's names for the generic events it records most. */
static void perf_data_default_name(const struct perf_event_attr *a, char *out, size_t n)
{
	static const char *const hw[] = { "cycles", "instructions", "cache-references",
		"cache-misses", "branches", "branch-misses", "bus-cycles",
		"stalled-cycles-frontend", "stalled-cycles-backend", "ref-cycles" };
	static const char *const sw[] = { "cpu-clock", "task-clock", "page-faults",
		"context-switches", "cpu-migrations", "minor-faults", "major-faults",
		"alignment-faults", "emulation-faults", "dummy" };
	if (a->type == PERF_TYPE_HARDWARE && a->config < sizeof(hw) / sizeof(hw[0]))
		snprintf(out, n, "%s", hw[a->config]);
	else if (a->type == PERF_TYPE_SOFTWARE && a->config < sizeof(sw) / sizeof(sw[0]))
		snprintf(out, n, "%s", sw[a->config]);
	else
		snprintf(out, n, "perf-%u-0x%llx", a->type, (unsigned long long)a->config);
}

/* A perf_header_string (u32 len, then len bytes) at *off inside [.., end): copied into out,
 * *off advanced. 0, or -1 when it does not fit. */
static int perf_data_string(const struct perf_data *pd, uint64_t *off, uint64_t end, char *out,
			    size_t n)
{
	if (*off + 4 > end)
		return -1;
	uint32_t len = perf_data_u32(pd->map + *off);
	if (len > end - *off - 4)
		return -1;
	size_t k = len < n - 1 ? len : n - 1;
	memcpy(out, pd->map + *off + 4, k);
	out[k] = 0;
	*off += 4 + (uint64_t)len;
	return 0;
}

/* ---- features -------------------------------------------------------------------------- */

static int perf_data_feat_build_ids(struct perf_data *pd, uint64_t off, uint64_t size)
{
	uint64_t end = off + size;
	size_t cap = 0;
	while (off + sizeof(struct perf_event_header) + 4 + 24 <= end) {
		struct perf_event_header h;
		memcpy(&h, pd->map + off, sizeof(h));
		if (h.size < sizeof(h) + 4 + 24 + 1 || h.size > end - off)
			return -1;
		const uint8_t *id = pd->map + off + sizeof(h) + 4;
		const char *name = (const char *)(id + 24);
		size_t name_max = h.size - (sizeof(h) + 4 + 24);
		if (!memchr(name, 0, name_max))
			return -1;
		size_t id_len = h.misc & PERF_DATA_MISC_BUILD_ID_SIZE ? id[20] : 20;
		if (id_len > 20)
			id_len = 20;
		if (pd->n_build_ids == cap) {
			cap = cap ? 2 * cap : 16;
			struct perf_data_build_id *v = realloc(pd->build_ids, cap * sizeof(*v));
			if (!v)
				return -ENOMEM;
			pd->build_ids = v;
		}
		struct perf_data_build_id *b = &pd->build_ids[pd->n_build_ids++];
		b->filename = name;
		elf_hex(id, id_len, b->build_id, sizeof(b->build_id));
		off += h.size;
	}
	return 0;
}

static int perf_data_feat_event_desc(struct perf_data *pd, uint64_t off, uint64_t size)
{
	uint64_t end = off + size;
	if (size < 8)
		return -1;
	uint32_t nr = perf_data_u32(pd->map + off), attr_size = perf_data_u32(pd->map + off + 4);
	off += 8;
	for (uint32_t i = 0; i < nr; i++) {
		char name[64];
		if (attr_size > end - off || end - off - attr_size < 4)
			return -1;
		off += attr_size;
		uint32_t nr_ids = perf_data_u32(pd->map + off);
		off += 4;
		if (perf_data_string(pd, &off, end, name, sizeof(name)) ||
		    (uint64_t)nr_ids * 8 > end - off)
			return -1;
		off += (uint64_t)nr_ids * 8;
		if (i < pd->n_attrs && name[0])
			snprintf(pd->attrs[i].name, sizeof(pd->attrs[i].name), "%s", name);
	}
	return 0;
}

static int perf_data_feat_cmdline(struct perf_data *pd, uint64_t off, uint64_t size)
{
	uint64_t end = off + size;
	if (size < 4)
		return -1;
	uint32_t nr = perf_data_u32(pd->map + off);
	off += 4;
	size_t k = 0;
	for (uint32_t i = 0; i < nr; i++) {
		char arg[512];
		if (perf_data_string(pd, &off, end, arg, sizeof(arg)))
			return -1;
		k += (size_t)snprintf(pd->cmdline + k, sizeof(pd->cmdline) - k, "%s%s", i ? " " : "",
				      arg);
		if (k >= sizeof(pd->cmdline))
			k = sizeof(pd->cmdline) - 1;
	}
	return 0;
}

/* The section table after the data section: one (offset, size) per set feature bit. */
static void perf_data_features(struct perf_data *pd, uint64_t table)
{
	static const char *const names[] = { [PERF_DATA_FEAT_BUILD_ID] = "build-ids",
		[PERF_DATA_FEAT_HOSTNAME] = "hostname", [PERF_DATA_FEAT_CMDLINE] = "cmdline",
		[PERF_DATA_FEAT_EVENT_DESC] = "event names" };
	for (unsigned bit = 0, k = 0; bit < 256; bit++) {
		if (!perf_data_has_feature(pd, bit))
			continue;
		uint64_t at = table + 16 * (uint64_t)k++;
		if (!perf_data_inside(pd, at, 16)) {
			snprintf(pd->features_note, sizeof(pd->features_note),
				 "feature table at offset 0x%" PRIx64 " is cut", at);
			pd->features_cut_at = at;
			return;
		}
		uint64_t off = perf_data_u64(pd->map + at), size = perf_data_u64(pd->map + at + 8);
		/* a section that starts inside the file and ends past it: the file is cut */
		if (off <= pd->size_bytes && size > pd->size_bytes - off && !pd->features_cut_at)
			pd->features_cut_at = off;
		if (bit >= sizeof(names) / sizeof(names[0]) || !names[bit])
			continue;
		int rc = -1;
		if (perf_data_inside(pd, off, size)) {
			if (bit == PERF_DATA_FEAT_BUILD_ID)
				rc = perf_data_feat_build_ids(pd, off, size);
			else if (bit == PERF_DATA_FEAT_EVENT_DESC)
				rc = perf_data_feat_event_desc(pd, off, size);
			else if (bit == PERF_DATA_FEAT_CMDLINE)
				rc = perf_data_feat_cmdline(pd, off, size);
			else
				rc = perf_data_string(pd, &off, off + size, pd->hostname,
						      sizeof(pd->hostname));
		}
		if (rc && !pd->features_note[0])
			snprintf(pd->features_note, sizeof(pd->features_note),
				 "feature %s at offset 0x%" PRIx64 " is malformed (ignored)", names[bit],
				 at);
	}
}

/* ---- open ------------------------------------------------------------------------------ */

int perf_data_open(struct perf_data *pd, const char *path, char *err, size_t err_n)
{
	memset(pd, 0, sizeof(*pd));
	pd->path = path;
	int fd = regfile_open(path);
	if (fd < 0)
		return perf_data_fail(err, err_n, fd, "%s: %s", path, regfile_strerror(fd));
	struct stat st;
	if (fstat(fd, &st) < 0) {
		int rc = -errno;
		close(fd);
		return perf_data_fail(err, err_n, rc, "%s: %s", path, strerror(-rc));
	}
	pd->size_bytes = (uint64_t)st.st_size;
	if (pd->size_bytes < 16) {
		close(fd);
		return perf_data_fail(err, err_n, -EINVAL, "%s: not a perf.data file (%" PRIu64
				      " bytes)", path, pd->size_bytes);
	}
	void *m = mmap(NULL, pd->size_bytes, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (m == MAP_FAILED)
		return perf_data_fail(err, err_n, -errno, "%s: %s", path, strerror(errno));
	pd->map = m;
	const uint8_t *h = pd->map;
	int rc = -EINVAL;
	if (!memcmp(h, "2ELIFREP", 8)) {
		perf_data_fail(err, err_n, rc, "%s: big-endian perf.data is not supported", path);
		goto fail;
	}
	if (memcmp(h, PERF_DATA_MAGIC, 8)) {
		perf_data_fail(err, err_n, rc, "%s: not a perf.data file (no PERFILE2 magic at offset "
			       "0)", path);
		goto fail;
	}
	uint64_t hsize = perf_data_u64(h + 8);
	if (hsize == 16) {
		perf_data_fail(err, err_n, rc, "%s: pipe-mode perf.data (perf record -o -) is not "
			       "supported: record to a file", path);
		goto fail;
	}
	if (hsize != PERF_DATA_HEADER_BYTES || pd->size_bytes < PERF_DATA_HEADER_BYTES) {
		perf_data_fail(err, err_n, rc, "%s: header size %" PRIu64 " at offset 0x8, expected %d",
			       path, hsize, PERF_DATA_HEADER_BYTES);
		goto fail;
	}
	uint64_t attr_size = perf_data_u64(h + 16), attrs_off = perf_data_u64(h + 24),
		 attrs_size = perf_data_u64(h + 32);
	pd->data_offset = perf_data_u64(h + 40);
	pd->data_size = perf_data_u64(h + 48);
	memcpy(pd->features, h + 72, sizeof(pd->features));
	if (attr_size < 16 + PERF_ATTR_SIZE_VER0 || attr_size > 4096 || attrs_size % attr_size ||
	    !attrs_size || attrs_size / attr_size > PERF_DATA_MAX_ATTRS ||
	    !perf_data_inside(pd, attrs_off, attrs_size)) {
		perf_data_fail(err, err_n, rc, "%s: attribute section (offset 0x10..0x28: %" PRIu64
			       " bytes of %" PRIu64 "-byte entries at 0x%" PRIx64 ") is malformed",
			       path, attrs_size, attr_size, attrs_off);
		goto fail;
	}
	if (pd->data_offset > pd->size_bytes) {
		perf_data_fail(err, err_n, rc, "%s: data section at offset 0x%" PRIx64 " (header "
			       "offset 0x28) is past the end of the file (%" PRIu64 " bytes)", path,
			       pd->data_offset, pd->size_bytes);
		goto fail;
	}
	uint64_t feat_table = pd->data_offset + pd->data_size;
	if (pd->data_size == 0) {  /* perf was stopped before it wrote the header */
		pd->data_size = pd->size_bytes - pd->data_offset;
		pd->data_size_guessed = 1;
	}
	pd->n_attrs = attrs_size / attr_size;
	pd->attrs = calloc(pd->n_attrs, sizeof(*pd->attrs));
	if (!pd->attrs) {
		rc = perf_data_fail(err, err_n, -ENOMEM, "%s: out of memory", path);
		goto fail;
	}
	size_t n_ids = 0;
	for (size_t i = 0; i < pd->n_attrs; i++) {
		const uint8_t *e = pd->map + attrs_off + i * attr_size;
		uint64_t a_size = attr_size - 16, ids_off = perf_data_u64(e + a_size),
			 ids_size = perf_data_u64(e + a_size + 8);
		memcpy(&pd->attrs[i].attr, e, a_size < sizeof(pd->attrs[i].attr) ? a_size :
		       sizeof(pd->attrs[i].attr));
		if (ids_size % 8 || !perf_data_inside(pd, ids_off, ids_size)) {
			perf_data_fail(err, err_n, rc, "%s: ids of attribute %zu (entry at offset 0x%"
				       PRIx64 ") lie outside the file", path, i,
				       attrs_off + i * attr_size);
			goto fail;
		}
		pd->attrs[i].n_ids = ids_size / 8;
		n_ids += pd->attrs[i].n_ids;
		perf_data_default_name(&pd->attrs[i].attr, pd->attrs[i].name,
				       sizeof(pd->attrs[i].name));
	}
	pd->ids = calloc(n_ids ? n_ids : 1, 8);
	if (!pd->ids) {
		rc = perf_data_fail(err, err_n, -ENOMEM, "%s: out of memory", path);
		goto fail;
	}
	for (size_t i = 0, k = 0; i < pd->n_attrs; i++) {
		const uint8_t *e = pd->map + attrs_off + i * attr_size;
		uint64_t ids_off = perf_data_u64(e + attr_size - 16);
		memcpy(pd->ids + k, pd->map + ids_off, pd->attrs[i].n_ids * 8);
		pd->attrs[i].ids = pd->ids + k;
		k += pd->attrs[i].n_ids;
	}
	if (!perf_data_inside(pd, pd->data_offset, pd->data_size)) {
		/* cut: read what is there; records past the end are reported by the walk */
	} else if (!pd->data_size_guessed) {
		perf_data_features(pd, feat_table);
	}
	return 0;
fail:
	perf_data_close(pd);
	return rc;
}

void perf_data_close(struct perf_data *pd)
{
	if (pd->map)
		munmap((void *)pd->map, pd->size_bytes);
	free(pd->attrs);
	free(pd->ids);
	free(pd->build_ids);
	memset(pd, 0, sizeof(*pd));
}

/* ---- records --------------------------------------------------------------------------- */

int perf_data_records(const struct perf_data *pd,
		      int (*fn)(void *arg, const struct perf_event_header *h, uint64_t offset),
		      void *arg, uint64_t *stop_offset, char *err, size_t err_n)
{
	static uint64_t rec[65536 / 8];  /* one record, aligned */
	uint64_t off = pd->data_offset;
	uint64_t end = pd->data_offset + pd->data_size;
	int cut = end > pd->size_bytes;
	if (cut)
		end = pd->size_bytes;
	while (off < end) {
		struct perf_event_header h;
		*stop_offset = off;
		if (end - off < sizeof(h))
			return perf_data_fail(err, err_n, -EINVAL, "%s: record at offset 0x%" PRIx64
					      ": cut (%" PRIu64 " bytes left)", pd->path, off,
					      end - off);
		memcpy(&h, pd->map + off, sizeof(h));
		if (h.size < sizeof(h))
			return perf_data_fail(err, err_n, -EINVAL, "%s: record at offset 0x%" PRIx64
					      ": size %u is smaller than its header", pd->path, off,
					      h.size);
		if (h.size > end - off)
			return perf_data_fail(err, err_n, -EINVAL, "%s: record at offset 0x%" PRIx64
					      ": %u bytes, only %" PRIu64 " left in the %s", pd->path,
					      off, h.size, end - off, cut ? "file" : "data section");
		memcpy(rec, pd->map + off, h.size);
		int rc = fn(arg, (const struct perf_event_header *)rec, off);
		if (rc)
			return rc;
		off += h.size;
	}
	*stop_offset = off;
	if (cut) /* even when the cut fell between two records */
		return perf_data_fail(err, err_n, -EINVAL, "%s: the data section (%" PRIu64 " bytes "
				      "at offset 0x%" PRIx64 ") runs past the end of the file (%"
				      PRIu64 " bytes): truncated", pd->path, pd->data_size,
				      pd->data_offset, pd->size_bytes);
	if (pd->features_cut_at)
		return perf_data_fail(err, err_n, -EINVAL, "%s: the feature section after the data "
				      "(offset 0x%" PRIx64 ") runs past the end of the file (%" PRIu64
				      " bytes): truncated", pd->path, pd->features_cut_at,
				      pd->size_bytes);
	return 0;
}

const struct perf_data_attr *perf_data_attr_of(const struct perf_data *pd,
					       const struct perf_event_header *h)
{
	if (pd->n_attrs == 1)
		return &pd->attrs[0];
	uint64_t st = pd->attrs[0].attr.sample_type, id;
	const uint8_t *body = (const uint8_t *)(h + 1);
	size_t n = h->size - sizeof(*h);
	if (!(st & PERF_SAMPLE_IDENTIFIER) || n < 8)
		return NULL;
	if (h->type == PERF_RECORD_SAMPLE)
		id = perf_data_u64(body);
	else if (pd->attrs[0].attr.sample_id_all)
		id = perf_data_u64(body + n - 8);
	else
		return NULL;
	for (size_t i = 0; i < pd->n_attrs; i++)
		for (size_t k = 0; k < pd->attrs[i].n_ids; k++)
			if (pd->attrs[i].ids[k] == id)
				return &pd->attrs[i];
	return NULL;
}

const char *perf_data_build_id(const struct perf_data *pd, const char *filename)
{
	for (size_t i = 0; i < pd->n_build_ids; i++)
		if (!strcmp(pd->build_ids[i].filename, filename))
			return pd->build_ids[i].build_id;
	return NULL;
}

int perf_data_has_feature(const struct perf_data *pd, unsigned feat)
{
	return feat < 256 && (pd->features[feat / 64] >> (feat % 64) & 1);
}
