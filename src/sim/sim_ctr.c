/*
 * sim_ctr.c — the "ctr" member of --stats-json and the stderr summary (see sim_ctr.h).
 */
#include "sim/sim_ctr.h"

#include <errno.h>
#include <inttypes.h>

#include "pmu/ctr.h"

/* The estimates, or rc -ENODATA (no samples: zero figures) / -ENOMEM. */
static int sim_ctr_result(const struct pmu *p, const struct pmu_unit **u, struct ctr_result *r)
{
	*u = pmu_unit_find(p, "ctr");
	if (!*u)
		return 1;
	const struct pmu_unit *o = pmu_unit_find(p, "oracle");
	int rc = ctr_report(*u, o ? &o->prof : NULL, r);
	return rc == -ENODATA ? 0 : rc;
}

int sim_ctr_json(struct json *j, const struct pmu *p)
{
	const struct pmu_unit *u;
	struct ctr_result r;
	int rc = sim_ctr_result(p, &u, &r);
	if (rc)
		return rc > 0 ? 0 : rc;
	char filter[160];
	ctr_filter_name(r.filter, filter, sizeof(filter));
	json_key(j, "ctr");
	json_object_begin(j);
	json_kv_uint(j, "samples", r.samples);
	json_kv_uint(j, "period", u->cfg->ctr_period ? u->cfg->ctr_period : u->period_cycles);
	json_kv_uint(j, "depth", r.depth);
	json_kv_string(j, "filter", filter);
	json_kv_double(j, "edge_within_10pct", r.edge_within_10pct);
	json_kv_double(j, "block_within_10pct", r.block_within_10pct);
	json_kv_double(j, "block_cpi_error", r.block_cpi_error);
	json_kv_double(j, "block_cpi_error_oracle", r.block_cpi_error_oracle);
	json_kv_double(j, "edge_coverage", r.edge_coverage);
	json_kv_double(j, "edge_within_10pct_unweighted", r.edge_within_10pct_unweighted);
	json_kv_string(j, "trigger", u->cfg->ctr_period ? "transfers" : "cycles");
	json_kv_uint(j, "edges", r.edges);
	json_kv_uint(j, "blocks", r.blocks);
	json_kv_uint(j, "transfers_recorded", r.records);
	json_kv_uint(j, "snapshot_records", r.snap_records);
	json_kv_uint(j, "ranges", r.ranges);
	json_kv_uint(j, "ranges_discarded", r.ranges_bad);
	json_key(j, "snapshot_records_by_type");
	json_object_begin(j);
	for (unsigned t = 0; t < CTR_T_N; t++)
		if (r.filter & (1u << t))
			json_kv_uint(j, ctr_type_name(t), r.by_type[t]);
	json_object_end(j);
	json_object_end(j);
	return 0;
}

int sim_ctr_print(FILE *out, const struct pmu *p)
{
	const struct pmu_unit *u;
	struct ctr_result r;
	int rc = sim_ctr_result(p, &u, &r);
	if (rc)
		return rc > 0 ? 0 : rc;
	char filter[160];
	ctr_filter_name(r.filter, filter, sizeof(filter));
	fprintf(out, "\nCTR (depth %" PRIu32 ", filter %s, a snapshot every %" PRIu64 " %s): %" PRIu64 " snapshots of %" PRIu64
	        " records, %" PRIu64 " fall-through ranges (%" PRIu64 " discarded)\n", r.depth,
	        filter, u->cfg->ctr_period ? u->cfg->ctr_period : u->period_cycles,
	        u->cfg->ctr_period ? "transfers" : "cycles", r.samples, r.snap_records, r.ranges, r.ranges_bad);
	fprintf(out, "  edges within 10%%: %.1f%% of executions (%" PRIu64 " edges), blocks within "
	        "10%%: %.1f%% (%" PRIu64 " blocks), block CPI error %.1f%% (Oracle %.1f%%)\n",
	        100 * r.edge_within_10pct, r.edges, 100 * r.block_within_10pct, r.blocks,
	        100 * r.block_cpi_error, 100 * r.block_cpi_error_oracle);
	return 0;
}
