/*
 * annotate_ibs.c — IBS op columns of `robin annotate` (see annotate_ibs.h): the derived
 * events of each instruction summed from its detail rows, printed as text cells or JSON.
 */
#include "report/annotate_ibs.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Add one detail row to the derived events of instruction x: the event bits go through
 * ibs_op_derive (a sample with only those bits, times the row's count), latencies and sources
 * are summed from their own rows. */
static void annotate_ibs_row(void *arg, size_t x, const char *kind,
			     const struct profile_db_detail *d)
{
	uint64_t *der = ((struct annotate_ibs *)arg)->der[x];
	if (!strcmp(kind, "event_bits")) {
		struct ibs_op op;
		memset(&op, 0, sizeof(op));
		op.bits = (uint32_t)d->key;
		uint64_t one[IBS_OPD_N] = { 0 };
		ibs_op_derive(&op, one);
		for (int i = 0; i < IBS_OPD_N; i++)
			if (i < IBS_OPD_SRC_L2 || i > IBS_OPD_SRC_OTHER)
				der[i] += one[i] * d->count;
	} else if (!strcmp(kind, "ibs_dc_miss_lat")) {
		der[IBS_OPD_DC_MISS_LAT_CYCLES] += (uint64_t)d->value;
	} else if (!strcmp(kind, "ibs_data_src")) {
		static const int8_t row[IBS_SRC_N] = { -1, -1, IBS_OPD_SRC_L2, IBS_OPD_SRC_LLC,
		                                       IBS_OPD_SRC_PEER, IBS_OPD_SRC_DRAM,
		                                       IBS_OPD_SRC_OTHER };
		enum ibs_src s = IBS_DATA_SRC_KEY_SRC(d->key);
		if ((unsigned)s < IBS_SRC_N && row[s] >= 0)
			der[row[s]] += d->count;
	}
}

int annotate_ibs_load(struct profile_db *db, const struct profile_db_filter *f,
		      const struct listing *l, struct annotate_ibs *out)
{
	memset(out, 0, sizeof(*out));
	if (!(out->der = calloc(l->n_insns ? l->n_insns : 1, sizeof(*out->der))))
		return -ENOMEM;
	struct listing_walk w = { .arg = out, .detail = annotate_ibs_row };
	int rc = listing_walk_event(db, f, l, "ibs-op", &w, &out->present);
	if (rc || !out->present)
		annotate_ibs_free(out);
	return rc;
}

int annotate_ibs_width(void)
{
	return 7 + 6 * 6 + 7 + 3 * 6;
}

void annotate_ibs_header(FILE *out)
{
	fprintf(out, "%6s %5s %5s %5s %5s %5s %5s %6s %5s %5s %5s ", "ibs", "load", "store",
	        "dcm%", "lat", "dtlb", "misp", "L2", "LLC", "DRAM", "");
}

void annotate_ibs_cells(FILE *out, const struct annotate_ibs *a, size_t k)
{
	const uint64_t *d = a->der[k];
	if (!d[IBS_OPD_OPS]) {
		fprintf(out, "%*s", annotate_ibs_width(), "");
		return;
	}
	fprintf(out, "%6llu %5llu %5llu ", (unsigned long long)d[IBS_OPD_OPS],
	        (unsigned long long)d[IBS_OPD_LOAD], (unsigned long long)d[IBS_OPD_STORE]);
	uint64_t mem = d[IBS_OPD_LOAD] + d[IBS_OPD_STORE];
	if (mem)
		fprintf(out, "%5.1f ", 100.0 * (double)d[IBS_OPD_DC_MISS] / (double)mem);
	else
		fprintf(out, "%5s ", "-");
	if (d[IBS_OPD_DC_MISS])
		fprintf(out, "%5.0f ", (double)d[IBS_OPD_DC_MISS_LAT_CYCLES] / (double)d[IBS_OPD_DC_MISS]);
	else
		fprintf(out, "%5s ", "-");
	fprintf(out, "%5llu %5llu %6llu %5llu %5llu %5s ",
	        (unsigned long long)(d[IBS_OPD_DTLB_L1M_L2H] + d[IBS_OPD_DTLB_L1M_L2M]),
	        (unsigned long long)d[IBS_OPD_BR_MISP], (unsigned long long)d[IBS_OPD_SRC_L2],
	        (unsigned long long)d[IBS_OPD_SRC_LLC], (unsigned long long)d[IBS_OPD_SRC_DRAM], "");
}

void annotate_ibs_json(struct json *j, const struct annotate_ibs *a, size_t k)
{
	if (!a->present || !a->der[k][IBS_OPD_OPS])
		return;
	json_key(j, "ibs_op");
	json_object_begin(j);
	for (unsigned i = 0; i < IBS_OPD_N; i++)
		json_kv_uint(j, ibs_op_derived_name(i), a->der[k][i]);
	json_object_end(j);
}

void annotate_ibs_free(struct annotate_ibs *a)
{
	free(a->der);
	a->der = NULL;
	a->present = 0;
}
