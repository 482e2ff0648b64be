/*
 * cores.c — N cores in lock-step over a shared LLC and DRAM (cores.h).
 */
#include "core/cores.h"

#include <errno.h>
#include <stdlib.h>

#include "core/pipe.h"

int cores_create(const struct core_config *cfg, unsigned n, const struct core_source *src,
                 struct cores **out)
{
	if (n < 1 || n > COHERENCE_MAX_CORES)
		return -EINVAL;
	struct cores *m = calloc(1, sizeof(*m));
	if (!m)
		return -ENOMEM;
	struct memsys *mem[COHERENCE_MAX_CORES];
	for (unsigned k = 0; k < n; k++) {
		int rc = core_create(cfg, &src[k], &m->core[k]);
		if (rc) {
			cores_destroy(m);
			return rc;
		}
		m->n = k + 1;
		mem[k] = &m->core[k]->mem;
		if (k)
			memsys_share(mem[k], mem[0]);
	}
	if (n > 1)
		coherence_init(&m->coh, mem, n, cfg->llc_cycles);
	*out = m;
	return 0;
}

void cores_set_wakeup(struct cores *m, cores_events_fn events, void *ctx)
{
	m->events = events;
	m->events_ctx = ctx;
}

int cores_run(struct cores *m, FILE *diag)
{
	int done[COHERENCE_MAX_CORES] = { 0 }, asleep[COHERENCE_MAX_CORES] = { 0 };
	uint64_t slept_at[COHERENCE_MAX_CORES] = { 0 };
	unsigned left = m->n, sleeping = 0;
	uint64_t seen = m->events ? m->events(m->events_ctx) : 0;
	for (unsigned k = 0; k < m->n; k++)
		core_start(m->core[k], diag);
	while (left) {
		unsigned k = m->n;
		for (unsigned i = 0; i < m->n; i++)
			if (!done[i] && !asleep[i] && (k == m->n || m->core[i]->now < m->core[k]->now))
				k = i;
		if (sleeping) {
			uint64_t ev = m->events(m->events_ctx);
			uint64_t now = k < m->n ? m->core[k]->now : 0;
			for (unsigned i = 0; i < m->n; i++) {
				if (!asleep[i] || (k < m->n && ev == seen && now < slept_at[i] + CORES_SLEEP_POLL))
					continue;
				if (k < m->n)
					core_idle_until(m->core[i], now);
				asleep[i] = 0;
				sleeping--;
			}
			seen = ev;
			if (k == m->n)
				continue;  /* every core slept: all woken, pick again */
		}
		int r = core_tick(m->core[k]);
		if (r < 0)
			return r;
		if (r) {
			done[k] = 1;
			left--;
		} else if (m->events && k && core_waiting(m->core[k])) {
			asleep[k] = 1;
			slept_at[k] = m->core[k]->now;
			sleeping++;
			seen = m->events(m->events_ctx);
		}
	}
	return 0;
}

uint64_t cores_cycles(const struct cores *m)
{
	uint64_t c = 0;
	for (unsigned k = 0; k < m->n; k++)
		if (core_stats(m->core[k])->cycles > c)
			c = core_stats(m->core[k])->cycles;
	return c;
}

void cores_destroy(struct cores *m)
{
	if (!m)
		return;
	/* core 0 owns the shared levels: the others go first */
	for (unsigned k = m->n; k-- > 0;)
		core_destroy(m->core[k]);
	free(m);
}
