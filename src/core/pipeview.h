/*
 * pipeview.h — a probe consumer writing gem5's O3PipeView text format (one block of
 * fetch/decode/rename/dispatch/issue/complete/retire lines per dynamic instruction, ticks =
 * cycles x 1000, 0 for a stage never reached, retire 0 for squashed instructions) for the
 * Konata viewer and gem5's util/o3-pipeview.py (use --cycle-time 1000). Blocks come out in
 * fetch order.
 */
#ifndef ROBIN_CORE_PIPEVIEW_H
#define ROBIN_CORE_PIPEVIEW_H

#include <stdint.h>
#include <stdio.h>

#include "core/probe.h"

#define PIPEVIEW_TICKS_PER_CYCLE 1000

struct pipeview;

/* Write instructions whose path_seq (the correct-path instruction number; wrong-path ones
 * carry their branch's) is in [start, end) to out. Returns 0 or -ENOMEM. */
int pipeview_create(FILE *out, uint64_t start, uint64_t end, struct pipeview **pv)
	__attribute__((warn_unused_result));

/* The consumer to attach with core_attach. */
void pipeview_consumer(struct pipeview *pv, struct probe_consumer *out);

/* Write what is still buffered; returns the number of instructions written in total. */
uint64_t pipeview_finish(struct pipeview *pv);

void pipeview_destroy(struct pipeview *pv);

#endif
