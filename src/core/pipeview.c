/*
 * pipeview.c — O3PipeView writer (see pipeview.h). Records arrive when instructions commit
 * or are squashed, which is not fetch order; a reorder window keyed by the fetch sequence
 * number (every fetched instruction is published exactly once) puts them back in order
 * before writing. If an instruction outlives the window it is written late, out of order.
 */
#include "core/pipeview.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"

#define PIPEVIEW_WINDOW (1u << 16)

struct pipeview {
	FILE *out;
	uint64_t start, end;
	struct probe_insn *slot;     /* PIPEVIEW_WINDOW records, indexed by seq */
	uint8_t *full;
	uint64_t next;               /* the next fetch seq to retire from the window */
	uint64_t pending;            /* records waiting in the window */
	uint64_t written;
};

int pipeview_create(FILE *out, uint64_t start, uint64_t end, struct pipeview **pv)
{
	struct pipeview *p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	p->slot = calloc(PIPEVIEW_WINDOW, sizeof(*p->slot));
	p->full = calloc(PIPEVIEW_WINDOW, 1);
	if (!p->slot || !p->full) {
		pipeview_destroy(p);
		return -ENOMEM;
	}
	p->out = out;
	p->start = start;
	p->end = end;
	p->next = 1;                 /* the core numbers fetched instructions from 1 */
	*pv = p;
	return 0;
}

void pipeview_destroy(struct pipeview *p)
{
	if (!p)
		return;
	free(p->slot);
	free(p->full);
	free(p);
}

static uint64_t pipeview_tick(uint64_t cycle)
{
	return cycle == PROBE_NEVER ? 0 : cycle * PIPEVIEW_TICKS_PER_CYCLE;
}

static void pipeview_write(struct pipeview *p, const struct probe_insn *r)
{
	char dis[96];
	isa_disasm(r->insn, r->pc, dis, sizeof(dis));
	for (char *s = dis; *s; s++)
		if (*s == '\t')
			*s = ' ';
	uint64_t retire = r->committed ? pipeview_tick(r->t_end) : 0;
	int store = r->insn->cls == ISA_CLASS_STORE;
	fprintf(p->out,
	        "O3PipeView:fetch:%" PRIu64 ":0x%08" PRIx64 ":0:%" PRIu64 ":%s%s\n"
	        "O3PipeView:decode:%" PRIu64 "\n"
	        "O3PipeView:rename:%" PRIu64 "\n"
	        "O3PipeView:dispatch:%" PRIu64 "\n"
	        "O3PipeView:issue:%" PRIu64 "\n"
	        "O3PipeView:complete:%" PRIu64 "\n"
	        "O3PipeView:retire:%" PRIu64 ":store:%" PRIu64 "\n",
	        pipeview_tick(r->t_fetch), r->pc, r->seq, r->wrong_path ? "(wrong path) " : "", dis,
	        pipeview_tick(r->t_decode), pipeview_tick(r->t_rename), pipeview_tick(r->t_dispatch),
	        pipeview_tick(r->t_issue), pipeview_tick(r->t_complete), retire,
	        store && r->committed ? retire : 0);
	p->written++;
}

/* Slot states: empty, published outside the window (order only), published in the window. */
enum { PIPEVIEW_EMPTY, PIPEVIEW_SEEN, PIPEVIEW_KEEP };

/* Retire the slot of p->next (writing it if it is in the window) and advance. */
static void pipeview_advance(struct pipeview *p)
{
	uint32_t i = (uint32_t)(p->next % PIPEVIEW_WINDOW);
	if (p->full[i] == PIPEVIEW_KEEP)
		pipeview_write(p, &p->slot[i]);
	if (p->full[i])
		p->pending--;
	p->full[i] = PIPEVIEW_EMPTY;
	p->next++;
}

static void pipeview_on_insn(void *ctx, const struct probe_insn *r)
{
	struct pipeview *p = ctx;
	int keep = r->path_seq >= p->start && r->path_seq < p->end;
	if (r->seq < p->next) {
		/* it waited longer than the window: write it late rather than never */
		if (keep)
			pipeview_write(p, r);
		return;
	}
	while (r->seq - p->next >= PIPEVIEW_WINDOW)
		pipeview_advance(p);
	uint32_t i = (uint32_t)(r->seq % PIPEVIEW_WINDOW);
	p->full[i] = keep ? PIPEVIEW_KEEP : PIPEVIEW_SEEN;
	if (keep)
		p->slot[i] = *r;
	p->pending++;
	while (p->full[p->next % PIPEVIEW_WINDOW])
		pipeview_advance(p);
}

void pipeview_consumer(struct pipeview *pv, struct probe_consumer *out)
{
	memset(out, 0, sizeof(*out));
	out->ctx = pv;
	out->on_insn = pipeview_on_insn;
}

uint64_t pipeview_finish(struct pipeview *p)
{
	while (p->pending)
		pipeview_advance(p);
	fflush(p->out);
	return p->written;
}
