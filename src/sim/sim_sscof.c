/*
 * sim_sscof.c — the Sscofpmf unit's counter figures in --stats-json and on stderr (see
 * sim_sscof.h).
 */
#include "sim/sim_sscof.h"

#include <inttypes.h>

#include "pmu/sscofpmf.h"

void sim_sscof_json(struct json *j, const struct pmu *p)
{
	const struct pmu_unit *u = pmu_unit_find(p, "sscofpmf");
	struct sscofpmf_attribution a;
	if (!u || sscofpmf_unit_attribution(u, &a))
		return;
	json_key(j, "sscofpmf");
	json_object_begin(j);
	json_kv_string(j, "event", sscofpmf_event_name(a.event));
	json_kv_uint(j, "period_events", a.period);
	json_kv_uint(j, "events", a.events);
	json_kv_uint(j, "overflows", a.overflows);
	json_kv_uint(j, "merged", a.merged);
	json_kv_uint(j, "samples", u->samples);
	json_kv_uint(j, "on_event_pc", a.on_event_pc);
	json_kv_double(j, "on_event_pc_share",
	               u->samples ? (double)a.on_event_pc / (double)u->samples : 0);
	json_kv_uint(j, "on_event_next", a.on_event_next);
	json_kv_double(j, "on_event_next_share",
	               u->samples ? (double)a.on_event_next / (double)u->samples : 0);
	json_kv_double(j, "skid_cycles", a.skid_cycles);
	if (a.skid_insns >= 0)
		json_kv_double(j, "skid_insns", a.skid_insns);
	json_key(j, "event_error");
	if (a.event_error < 0)
		json_null(j);
	else
		json_double(j, a.event_error);
	json_object_end(j);
}

void sim_sscof_print(FILE *out, const struct pmu *p)
{
	const struct pmu_unit *u = pmu_unit_find(p, "sscofpmf");
	struct sscofpmf_attribution a;
	if (!u || sscofpmf_unit_attribution(u, &a))
		return;
	fprintf(out, "  sscofpmf: %s, an overflow every %" PRIu64 " events: %" PRIu64 " overflows "
	        "(%" PRIu64 " merged into a pending LCOFI)", sscofpmf_event_name(a.event), a.period,
	        a.overflows, a.merged);
	if (a.event_error >= 0)
		fprintf(out, "; %" PRIu64 " events, %.1f%% of samples on the overflowing "
		        "instruction's pc (%.1f%% on the next one), event-attribution error %.1f%%",
		        a.events, u->samples ? 100.0 * (double)a.on_event_pc / (double)u->samples : 0.0,
		        u->samples ? 100.0 * (double)a.on_event_next / (double)u->samples : 0.0,
		        100 * a.event_error);
	if (a.skid_cycles >= 0)
		fprintf(out, "; mean skid %.1f cycles", a.skid_cycles);
	if (a.skid_insns >= 0)
		fprintf(out, ", %.1f instructions", a.skid_insns);
	fprintf(out, "\n");
}
