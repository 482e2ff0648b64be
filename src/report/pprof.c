/*
 * pprof.c — report_profile → profile.proto, packed with protobuf-c and gzip-compressed with
 * zlib (see pprof.h). All messages live in arrays allocated once per export; strings are
 * interned through a keymap into the string table ("" at index 0).
 */
#include "report/pprof.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "report/keymap.h"
#include "report/pprof.pb-c.h"

struct pprof_strings {
	struct keymap km;
	char **v;   /* points into km keys */
};

static int64_t intern(struct keymap *km, const char *s, int *rc)
{
	int k = keymap_get(km, s ? s : "", "", 0, NULL);
	if (k < 0) {
		*rc = k;
		return 0;
	}
	return k;
}

int64_t pprof_value(const struct report_profile *p, size_t e, double count)
{
	uint64_t period = p->events[e].period;
	return llround(period ? count * (double)period : count);
}

int pprof_write(const struct report_profile *p, const char *path, const char *comment,
		int64_t time_ns, struct pprof_stats *stats, char *err)
{
	Robin__Pprof__Profile prof = ROBIN__PPROF__PROFILE__INIT;
	size_t ne = p->nevents, ni = p->ninsns, nf = p->nfuncs, nm = p->nimages;
	struct keymap km;
	int rc = 0;
	uint8_t *buf = NULL;
	gzFile gz = NULL;

	keymap_init(&km);
	intern(&km, "", &rc);  /* index 0 */
	Robin__Pprof__ValueType *vt = calloc(ne + 1, sizeof(*vt));
	Robin__Pprof__ValueType **vtp = calloc(ne + 1, sizeof(*vtp));
	Robin__Pprof__Mapping *map = calloc(nm + 1, sizeof(*map));
	Robin__Pprof__Mapping **mapp = calloc(nm + 1, sizeof(*mapp));
	Robin__Pprof__Function *fn = calloc(nf + 1, sizeof(*fn));
	Robin__Pprof__Function **fnp = calloc(nf + 1, sizeof(*fnp));
	Robin__Pprof__Location *loc = calloc(ni + 1, sizeof(*loc));
	Robin__Pprof__Location **locp = calloc(ni + 1, sizeof(*locp));
	Robin__Pprof__Line *line = calloc(p->nframes + 1, sizeof(*line));
	Robin__Pprof__Line **linep = calloc(p->nframes + 1, sizeof(*linep));
	/* with call stacks: one sample per stack, its locations leaf first */
	int stacked = p->nstacks > 0;
	size_t nsmp = stacked ? p->nstacks : ni, nlocid = stacked ? p->nstack_frames : ni;
	Robin__Pprof__Sample *smp = calloc(nsmp + 1, sizeof(*smp));
	Robin__Pprof__Sample **smpp = calloc(nsmp + 1, sizeof(*smpp));
	int64_t *values = calloc(nsmp * ne + 1, sizeof(*values));
	uint64_t *locids = calloc(nlocid + 1, sizeof(*locids));
	uint64_t *loc_of = calloc(ni + 1, sizeof(*loc_of)); /* location id of an instruction */
	uint64_t *lo = calloc(nm + 1, sizeof(*lo)), *hi = calloc(nm + 1, sizeof(*hi));
	char **strings = NULL;
	int64_t comment_ix;
	memset(stats, 0, sizeof(*stats));
	err[0] = 0;
	if (!vt || !vtp || !map || !mapp || !fn || !fnp || !loc || !locp || !line || !linep ||
	    !smp || !smpp || !values || !locids || !loc_of || !lo || !hi) {
		rc = -ENOMEM;
		goto out;
	}
	int64_t count_ix = intern(&km, "count", &rc);
	for (size_t e = 0; e < ne; e++) {
		robin__pprof__value_type__init(&vt[e]);
		vt[e].type = intern(&km, p->events[e].name, &rc);
		vt[e].unit = count_ix;
		vtp[e] = &vt[e];
	}
	prof.n_sample_type = ne;
	prof.sample_type = vtp;
	if (ne) {
		prof.default_sample_type = vt[0].type;
		prof.period_type = &vt[0];
		prof.period = (int64_t)p->events[0].period;
	}
	/* Mappings: the offset range each image's sampled instructions cover. */
	for (size_t m = 0; m < nm; m++)
		lo[m] = UINT64_MAX;
	for (size_t i = 0; i < ni; i++) {
		const struct report_insn *in = &p->insns[i];
		if (in->offset < lo[in->image])
			lo[in->image] = in->offset;
		if (in->offset + 1 > hi[in->image])
			hi[in->image] = in->offset + 1;
	}
	for (size_t m = 0; m < nm; m++) {
		int has_fn = 0, has_lines = 0, has_inline = 0;
		for (size_t i = 0; i < ni; i++) {
			const struct report_insn *in = &p->insns[i];
			if (in->image != m || !in->nframes)
				continue;
			has_fn = 1;
			has_lines |= p->frames[in->frame0].line != 0;
			has_inline |= in->nframes > 1;
		}
		robin__pprof__mapping__init(&map[m]);
		map[m].id = m + 1;
		map[m].memory_start = lo[m] == UINT64_MAX ? 0 : lo[m];
		map[m].memory_limit = hi[m];
		map[m].file_offset = 0;
		map[m].filename = intern(&km, p->images[m].path, &rc);
		map[m].build_id = intern(&km, p->images[m].build_id, &rc);
		map[m].has_functions = has_fn;
		map[m].has_filenames = has_fn;
		map[m].has_line_numbers = has_lines;
		map[m].has_inline_frames = has_inline;
		mapp[m] = &map[m];
	}
	prof.n_mapping = nm;
	prof.mapping = mapp;
	for (size_t f = 0; f < nf; f++) {
		robin__pprof__function__init(&fn[f]);
		fn[f].id = f + 1;
		fn[f].name = intern(&km, p->funcs[f].name, &rc);
		fn[f].system_name = fn[f].name;
		fn[f].filename = intern(&km, p->funcs[f].file, &rc);
		fn[f].start_line = p->funcs[f].start_line;
		fnp[f] = &fn[f];
	}
	prof.n_function = nf;
	prof.function = fnp;
	for (size_t k = 0; k < p->nframes; k++) {
		robin__pprof__line__init(&line[k]);
		line[k].function_id = p->frames[k].func + 1;
		line[k].line = p->frames[k].line;
		linep[k] = &line[k];
	}
	size_t nloc = 0, ns = 0;
	for (size_t i = 0; i < ni; i++) {
		const struct report_insn *in = &p->insns[i];
		int any = 0;
		for (size_t e = 0; e < ne && !stacked; e++) {
			values[ns * ne + e] = pprof_value(p, e, p->counts[i * ne + e]);
			any |= values[ns * ne + e] != 0;
		}
		if (!any && !stacked)
			continue;
		robin__pprof__location__init(&loc[nloc]);
		loc[nloc].id = nloc + 1;
		loc[nloc].mapping_id = in->image + 1;
		loc[nloc].address = in->offset;
		loc[nloc].n_line = in->nframes;
		loc[nloc].line = in->nframes ? &linep[in->frame0] : NULL;
		locp[nloc] = &loc[nloc];
		loc_of[i] = nloc + 1;
		if (stacked) { /* every instruction a location: call sites too */
			nloc++;
			continue;
		}
		robin__pprof__sample__init(&smp[ns]);
		locids[ns] = nloc + 1;
		smp[ns].n_location_id = 1;
		smp[ns].location_id = &locids[ns];
		smp[ns].n_value = ne;
		smp[ns].value = &values[ns * ne];
		smpp[ns] = &smp[ns];
		nloc++;
		ns++;
	}
	for (size_t k = 0; stacked && k < p->nstacks; k++) {
		const struct report_stack *s = &p->stacks[k];
		int64_t v = pprof_value(p, s->event, s->count);
		if (!v)
			continue;
		robin__pprof__sample__init(&smp[ns]);
		for (uint32_t j = 0; j < s->n; j++) /* leaf first, as pprof wants */
			locids[s->frame0 + j] = loc_of[p->stack_frames[s->frame0 + s->n - 1 - j].insn];
		smp[ns].n_location_id = s->n;
		smp[ns].location_id = &locids[s->frame0];
		values[ns * ne + s->event] = v;
		smp[ns].n_value = ne;
		smp[ns].value = &values[ns * ne];
		smpp[ns] = &smp[ns];
		ns++;
	}
	prof.n_location = nloc;
	prof.location = locp;
	prof.n_sample = ns;
	prof.sample = smpp;
	prof.time_nanos = time_ns;
	if (comment && *comment) {
		comment_ix = intern(&km, comment, &rc);
		prof.n_comment = 1;
		prof.comment = &comment_ix;
	}
	if (rc)
		goto out;
	strings = calloc(km.n + 1, sizeof(*strings));
	if (!strings) {
		rc = -ENOMEM;
		goto out;
	}
	for (size_t s = 0; s < km.n; s++)
		strings[s] = km.keys[s].a;
	prof.n_string_table = km.n;
	prof.string_table = strings;

	size_t len = robin__pprof__profile__get_packed_size(&prof);
	buf = malloc(len + 1);
	if (!buf) {
		rc = -ENOMEM;
		goto out;
	}
	robin__pprof__profile__pack(&prof, buf);
	gz = gzopen(path, "wb6");
	if (!gz) {
		rc = errno ? -errno : -EIO;
		snprintf(err, 512, "%s: cannot create: %s", path, strerror(-rc));
		goto out;
	}
	if (len && gzwrite(gz, buf, (unsigned)len) != (int)len) {
		int e;
		snprintf(err, 512, "%s: write failed: %s", path, gzerror(gz, &e));
		rc = -EIO;
	}
	if (gzclose(gz) != Z_OK && !rc) {
		snprintf(err, 512, "%s: write failed on close", path);
		rc = -EIO;
	}
	stats->samples = ns;
	stats->locations = nloc;
	stats->functions = nf;
	stats->mappings = nm;
	stats->strings = km.n;
	stats->bytes_packed = len;
out:
	if (rc == -ENOMEM)
		snprintf(err, 512, "%s: out of memory building the profile", path);
	free(buf);
	free(strings);
	keymap_free(&km);
	free(vt);
	free(vtp);
	free(map);
	free(mapp);
	free(fn);
	free(fnp);
	free(loc);
	free(locp);
	free(line);
	free(linep);
	free(smp);
	free(smpp);
	free(values);
	free(locids);
	free(loc_of);
	free(lo);
	free(hi);
	return rc;
}
