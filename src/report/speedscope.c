/*
 * speedscope.c — speedscope's file format (see speedscope.h), written with util/json.h.
 * Frame i of the shared list is by_func row i (functions, then one [unknown] per image).
 */
#include "report/speedscope.h"

#include <errno.h>
#include <stdlib.h>

#include "report/report_stacks.h"
#include "util/json.h"

#define SPEEDSCOPE_DEPTH 4096

long speedscope_write(const struct report_profile *p, const char *name, FILE *out)
{
	size_t nrows = p->nfuncs + p->nimages;
	uint32_t *path = malloc(SPEEDSCOPE_DEPTH * sizeof(*path));
	double *byf = report_profile_by_func(p);
	long n = 0;
	if (!path || !byf) {
		free(path);
		free(byf);
		return -ENOMEM;
	}
	struct json j;
	json_init(&j, out, 0);
	json_object_begin(&j);
	json_kv_string(&j, "$schema", "https://www.speedscope.app/file-format-schema.json");
	json_kv_string(&j, "name", name);
	json_kv_string(&j, "exporter", "robin export --speedscope");
	json_key(&j, "shared");
	json_object_begin(&j);
	json_key(&j, "frames");
	json_array_begin(&j);
	for (size_t r = 0; r < nrows; r++) {
		json_object_begin(&j);
		json_kv_string(&j, "name", report_profile_row_name(p, r));
		if (r < p->nfuncs && p->funcs[r].file && *p->funcs[r].file)
			json_kv_string(&j, "file", p->funcs[r].file);
		json_object_end(&j);
	}
	json_array_end(&j);
	json_object_end(&j);
	json_key(&j, "profiles");
	json_array_begin(&j);
	for (size_t e = 0; e < p->nevents; e++) {
		int stacked = report_stacks_has(p, e);
		json_object_begin(&j);
		json_kv_string(&j, "type", "sampled");
		json_kv_string(&j, "name", p->events[e].name);
		json_kv_string(&j, "unit", "none");
		json_kv_double(&j, "startValue", 0);
		json_kv_double(&j, "endValue", p->events[e].total);
		/* samples and weights are parallel arrays: two passes over the same list */
		for (int pass = 0; pass < 2; pass++) {
			json_key(&j, pass ? "weights" : "samples");
			json_array_begin(&j);
			for (size_t i = 0; i < (stacked ? p->nstacks : nrows); i++) {
				double w;
				if (stacked) {
					const struct report_stack *s = &p->stacks[i];
					if (s->event != e || !(w = s->count))
						continue;
					if (!pass) {
						size_t k = report_stacks_rows(p, s, path, SPEEDSCOPE_DEPTH);
						json_array_begin(&j);
						for (size_t d = 0; d < k && d < SPEEDSCOPE_DEPTH; d++)
							json_uint(&j, path[d]);
						json_array_end(&j);
					}
				} else {
					if (!(w = byf[i * p->nevents + e]))
						continue;
					if (!pass) {
						json_array_begin(&j);
						json_uint(&j, i);
						json_array_end(&j);
					}
				}
				if (pass)
					json_double(&j, w);
				else
					n++;
			}
			json_array_end(&j);
		}
		json_object_end(&j);
	}
	json_array_end(&j);
	json_object_end(&j);
	json_end(&j);
	free(path);
	free(byf);
	return n;
}
