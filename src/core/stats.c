/*
 * stats.c — what a simulation reports: the stderr summary (IPC, branch and cache MPKI, the
 * commit-stage cycle stack), the --stats-json members, the cycle-stack slot names and the
 * pipeline-state dump used by the watchdog.
 */
#include <inttypes.h>
#include <string.h>

#include "core/pipe.h"

const char *probe_cause_name(enum probe_cause c)
{
	static const char *const names[PROBE_CAUSE_COUNT] = {
		[PROBE_CAUSE_NONE] = "none",
		[PROBE_FLUSH_BRANCH] = "branch",
		[PROBE_FLUSH_JUMP] = "jump",
		[PROBE_FLUSH_MEM_ORDER] = "mem-order",
		[PROBE_FLUSH_SERIALIZE] = "serialize",
		[PROBE_FLUSH_ECALL] = "ecall",
		[PROBE_FLUSH_EXCEPTION] = "exception",
		[PROBE_DRAIN_ICACHE] = "icache",
		[PROBE_DRAIN_ITLB] = "itlb",
		[PROBE_DRAIN_SQ_FULL] = "sq-full",
		[PROBE_DRAIN_SERIALIZE] = "serialize",
		[PROBE_DRAIN_FRONTEND] = "frontend",
	};
	return (unsigned)c < PROBE_CAUSE_COUNT ? names[c] : "?";
}

const char *probe_state_name(enum probe_state s)
{
	static const char *const names[] = { "computing", "stalled", "flushed", "drained" };
	return (unsigned)s < 4 ? names[s] : "?";
}

const char *probe_level_name(enum probe_level l)
{
	static const char *const names[] = { "none", "stlf", "l1", "l2", "llc", "dram" };
	return (unsigned)l <= PROBE_LEVEL_DRAM ? names[l] : "?";
}

static const char *stats_class_name(unsigned cls)
{
	return isa_class_name((enum isa_class)cls);
}

const char *core_stack_name(unsigned slot, char *buf, size_t n)
{
	if (slot == CORE_STACK_COMPUTING)
		snprintf(buf, n, "computing");
	else if (slot < CORE_STACK_CAUSE(1))
		snprintf(buf, n, "stalled.%s", stats_class_name(slot - 1));
	else {
		unsigned cause = slot - CORE_STACK_CAUSE(1) + 1;
		snprintf(buf, n, "%s.%s", PROBE_CAUSE_IS_FLUSH(cause) ? "flushed" : "drained",
		         probe_cause_name((enum probe_cause)cause));
	}
	return buf;
}

static const char *const stats_vseq_names[CORE_VSEQ_COUNT] = { "load", "store", "int", "fp",
                                                                "perm" };

/* Vector instructions committed (0: the run had none, and reports nothing of the unit). */
static uint64_t stats_vector_insns(const struct core *c)
{
	uint64_t n = 0;
	for (unsigned k = ISA_CLASS_VSET; k < ISA_CLASS_COUNT; k++)
		n += c->vu.st.insns[k];
	return n;
}

/* The vector unit's member of --stats-json (docs/vector.md). */
static void stats_vector_json(const struct core *c, struct json *j)
{
	const struct core_vu_stats *v = &c->vu.st;
	json_key(j, "vector");
	json_object_begin(j);
	json_kv_uint(j, "vlen", c->cfg.vlen);
	json_kv_uint(j, "dlen", c->cfg.dlen);
	json_kv_uint(j, "instructions", stats_vector_insns(c));
	json_key(j, "by_class");
	json_object_begin(j);
	for (unsigned k = ISA_CLASS_VSET; k < ISA_CLASS_COUNT; k++)
		json_kv_uint(j, stats_class_name(k), v->insns[k]);
	json_object_end(j);
	json_kv_uint(j, "element_ops", v->elements);
	json_kv_uint(j, "element_groups", v->groups);
	json_key(j, "busy_cycles");
	json_object_begin(j);
	for (unsigned k = 0; k < CORE_VSEQ_COUNT; k++)
		json_kv_uint(j, stats_vseq_names[k], v->busy[k]);
	json_object_end(j);
	json_kv_uint(j, "wait_sequencer_cycles", v->wait_seq);
	json_kv_uint(j, "wait_operand_cycles", v->wait_operand);
	json_kv_uint(j, "stall_vq", v->stall_vq);
	json_kv_uint(j, "stall_vldq", v->stall_vldq);
	json_kv_uint(j, "stall_vstq", v->stall_vstq);
	json_kv_uint(j, "mem_line_accesses", v->vmem_accesses);
	json_kv_uint(j, "mem_l1d_misses", v->vmem_misses);
	json_object_end(j);
}

static double stats_per_k(uint64_t events, uint64_t insns)
{
	return insns ? 1000.0 * (double)events / (double)insns : 0.0;
}

void core_print_summary(const struct core *c, FILE *out)
{
	const struct core_stats *s = &c->st;
	const struct bpred_stats *b = &c->bp.st;
	uint64_t insns = s->instructions;
	fprintf(out, "cycles            %" PRIu64 "\n", s->cycles);
	fprintf(out, "instructions      %" PRIu64 "\n", insns);
	fprintf(out, "IPC               %.3f\n", s->cycles ? (double)insns / (double)s->cycles : 0.0);
	fprintf(out, "branch MPKI       %.2f  (%" PRIu64 " of %" PRIu64 " conditional, %" PRIu64
	        " of %" PRIu64 " jumps mispredicted)\n",
	        stats_per_k(b->cond_miss + b->jump_miss, insns), b->cond_miss, b->cond, b->jump_miss,
	        b->jumps);
	fprintf(out, "cache MPKI        l1i %.2f  l1d %.2f", stats_per_k(c->mem.l1i.st.misses, insns),
	        stats_per_k(c->mem.l1d.st.misses, insns));
	if (c->mem.has_l2)
		fprintf(out, "  l2 %.2f", stats_per_k(c->mem.l2.st.misses, insns));
	fprintf(out, "  llc %.2f\n", stats_per_k(c->mem.llc.st.misses, insns));
	fprintf(out, "TLB MPKI          itlb %.2f  dtlb %.2f  (%" PRIu64 " page walks)\n",
	        stats_per_k(c->mem.itlb.misses, insns), stats_per_k(c->mem.dtlb.misses, insns),
	        c->mem.st.ptw_walks);
	fprintf(out, "fetched           %" PRIu64 " (%" PRIu64 " wrong path, %" PRIu64
	        " squashed)\n", s->fetched, s->wrong_path_fetched, s->squashed);
	if (c->cfg.sfb)  /* what short-forwards-branch predication took off the flush count */
		fprintf(out, "SFB               %" PRIu64 " short forward branches predicated (never "
		        "flush), %" PRIu64 " shadow ops predicated off (committed as no-ops)\n",
		        s->sfb_branches, s->sfb_predicated_off);
	if (stats_vector_insns(c)) {
		const struct core_vu_stats *v = &c->vu.st;
		uint64_t busy = 0;
		for (unsigned k = 0; k < CORE_VSEQ_COUNT; k++)
			busy += v->busy[k];
		fprintf(out, "vector            %" PRIu64 " instructions, %" PRIu64 " element ops in %"
		        PRIu64 " element groups (VLEN %u, DLEN %u); sequencers busy %" PRIu64
		        " cycles, waited %" PRIu64 " for a sequencer, %" PRIu64 " for operands\n",
		        stats_vector_insns(c), v->elements, v->groups, c->cfg.vlen, c->cfg.dlen, busy,
		        v->wait_seq, v->wait_operand);
	}
	fprintf(out, "cycle stack (commit stage):\n");
	uint64_t total = 0;
	char name[64];
	for (unsigned i = 0; i < CORE_STACK_N; i++) {
		total += s->stack[i];
		if (!s->stack[i])
			continue;
		fprintf(out, "  %-22s %14" PRIu64 "  %5.1f%%\n", core_stack_name(i, name, sizeof(name)),
		        s->stack[i], s->cycles ? 100.0 * (double)s->stack[i] / (double)s->cycles : 0.0);
	}
	fprintf(out, "  %-22s %14" PRIu64 "  %5.1f%%\n", "total", total,
	        s->cycles ? 100.0 * (double)total / (double)s->cycles : 0.0);
}

static void stats_cache_json(struct json *j, const char *name, const struct cache *c,
                             uint64_t insns, int below_l1)
{
	json_key(j, name);
	json_object_begin(j);
	json_kv_uint(j, "accesses", c->st.accesses);
	json_kv_uint(j, "misses", c->st.misses);
	json_kv_double(j, "mpki", stats_per_k(c->st.misses, insns));
	json_kv_uint(j, "merges", c->st.merges);
	json_kv_uint(j, "mshr_full", c->st.mshr_full);
	json_kv_uint(j, "prefetches", c->st.prefetches);
	json_kv_uint(j, "useful_prefetches", c->st.useful_prefetches);
	if (below_l1) {
		/* who asked this level for lines: demand misses above, the L1D's prefetcher, the
		 * page-table walker */
		json_key(j, "by_cause");
		json_object_begin(j);
		for (unsigned k = 0; k < CACHE_CAUSE_N; k++) {
			json_key(j, memsys_cause_name((enum cache_cause)k));
			json_object_begin(j);
			json_kv_uint(j, "accesses", c->st.cause_accesses[k]);
			json_kv_uint(j, "misses", c->st.cause_misses[k]);
			json_object_end(j);
		}
		json_object_end(j);
	}
	json_object_end(j);
}

void core_write_stats_json(const struct core *c, struct json *j, double host_seconds)
{
	const struct core_stats *s = &c->st;
	const struct bpred_stats *b = &c->bp.st;
	uint64_t insns = s->instructions;
	char name[64];
	json_kv_uint(j, "cycles", s->cycles);
	json_kv_uint(j, "instructions", insns);
	json_kv_double(j, "ipc", s->cycles ? (double)insns / (double)s->cycles : 0.0);
	json_kv_double(j, "host_seconds", host_seconds);
	json_kv_double(j, "mips", host_seconds > 0 ? (double)insns / host_seconds / 1e6 : 0.0);
	json_kv_double(j, "branch_mpki", stats_per_k(b->cond_miss + b->jump_miss, insns));
	json_key(j, "cycle_stack");
	json_object_begin(j);
	for (unsigned i = 0; i < CORE_STACK_N; i++)
		if (s->stack[i] || !CORE_STACK_IS_V(i))
			json_kv_uint(j, core_stack_name(i, name, sizeof(name)), s->stack[i]);
	json_object_end(j);
	json_key(j, "branches");
	json_object_begin(j);
	json_kv_uint(j, "conditional", b->cond);
	json_kv_uint(j, "conditional_mispredicts", b->cond_miss);
	json_kv_uint(j, "jumps", b->jumps);
	json_kv_uint(j, "jump_mispredicts", b->jump_miss);
	json_kv_uint(j, "btb_misses", b->btb_misses);
	if (c->cfg.ubtb_entries) {
		json_kv_uint(j, "override_f2", b->override_f2);
		json_kv_uint(j, "override_f3", b->override_f3);
	}
	json_kv_uint(j, "predictor_bytes", config_bp_storage_bytes(&c->cfg));
	json_object_end(j);
	json_key(j, "caches");
	json_object_begin(j);
	stats_cache_json(j, "l1i", &c->mem.l1i, insns, 0);
	stats_cache_json(j, "l1d", &c->mem.l1d, insns, 0);
	if (c->mem.has_l2)
		stats_cache_json(j, "l2", &c->mem.l2, insns, 1);
	stats_cache_json(j, "llc", &c->mem.llc, insns, 1);
	json_object_end(j);
	json_key(j, "tlbs");
	json_object_begin(j);
	json_kv_uint(j, "itlb_misses", c->mem.itlb.misses);
	json_kv_uint(j, "dtlb_misses", c->mem.dtlb.misses);
	json_kv_uint(j, "l2tlb_hits", c->mem.st.l2tlb_hits);
	json_kv_uint(j, "page_walks", c->mem.st.ptw_walks);
	json_kv_uint(j, "page_walk_cycles", c->mem.st.ptw_cycles);
	json_object_end(j);
	json_key(j, "dram");
	json_object_begin(j);
	json_kv_uint(j, "reads", c->mem.dram.st.reads);
	json_key(j, "reads_by_cause");
	json_object_begin(j);
	for (unsigned k = 0; k < CACHE_CAUSE_N; k++)
		json_kv_uint(j, memsys_cause_name((enum cache_cause)k), c->mem.st.dram_reads[k]);
	json_object_end(j);
	json_kv_uint(j, "writes", c->mem.dram.st.writes);
	json_kv_uint(j, "row_hits", c->mem.dram.st.row_hits);
	json_kv_uint(j, "row_empty", c->mem.dram.st.row_empty);
	json_kv_uint(j, "row_conflicts", c->mem.dram.st.row_conflicts);
	json_kv_uint(j, "bus_busy_cycles", c->mem.dram.st.busy_cycles);
	json_object_end(j);
	json_key(j, "flushes");
	json_object_begin(j);
	for (unsigned k = PROBE_FLUSH_BRANCH; k <= PROBE_FLUSH_EXCEPTION; k++)
		json_kv_uint(j, probe_cause_name((enum probe_cause)k), s->flushes[k]);
	json_object_end(j);
	json_key(j, "pipeline");
	json_object_begin(j);
	json_kv_uint(j, "fetched", s->fetched);
	json_kv_uint(j, "wrong_path_fetched", s->wrong_path_fetched);
	json_kv_uint(j, "squashed", s->squashed);
	if (c->cfg.sfb) {
		json_kv_uint(j, "sfb_branches", s->sfb_branches);
		json_kv_uint(j, "sfb_predicated_off", s->sfb_predicated_off);
	}
	json_kv_uint(j, "loads", s->loads);
	json_kv_uint(j, "stores", s->stores);
	json_kv_uint(j, "store_to_load_forwards", s->stlf);
	json_kv_uint(j, "load_retries", s->load_retries);
	json_kv_uint(j, "stall_rob", s->stall_rob);
	json_kv_uint(j, "stall_iq", s->stall_iq);
	json_kv_uint(j, "stall_lq", s->stall_lq);
	json_kv_uint(j, "stall_sq", s->stall_sq);
	json_kv_uint(j, "stall_pregs", s->stall_pregs);
	json_kv_uint(j, "stall_branches", s->stall_branches);
	json_kv_uint(j, "stall_serialize", s->stall_serial);
	json_kv_uint(j, "skipped_cycles", s->skipped_cycles);
	json_object_end(j);
	if (stats_vector_insns(c))
		stats_vector_json(c, j);
	json_key(j, "config");
	json_object_begin(j);
	size_t nkeys;
	const struct config_key *keys = config_keys(&nkeys);
	char val[64];
	for (size_t i = 0; i < nkeys; i++) {
		config_format_value(&c->cfg, &keys[i], val, sizeof(val));
		json_kv_string(j, keys[i].name, val);
	}
	json_object_end(j);
}

static void stats_dump_insn(const struct core *c, FILE *out, uint64_t idx)
{
	const struct core_insn *e = core_at(c, idx);
	const struct probe_insn *r = &e->rec;
	fprintf(out, "    [%" PRIu64 "] seq %" PRIu64 " pc 0x%" PRIx64 " %s%s issued=%d complete=%"
	        PRId64 " psrc %u/%u/%u ready %" PRId64 "/%" PRId64 "/%" PRId64 " pdst %u%s%s",
	        idx, r->seq, r->pc, stats_class_name(r->insn->cls), r->wrong_path ? " (wrong path)" : "",
	        e->issued, r->t_complete == PROBE_NEVER ? -1 : (int64_t)r->t_complete, e->psrc[0],
	        e->psrc[1], e->psrc[2], (int64_t)c->preg_ready[e->psrc[0]],
	        (int64_t)c->preg_ready[e->psrc[1]], (int64_t)c->preg_ready[e->psrc[2]], e->pdst,
	        e->mo_violation ? " mo-violation" : "", e->at_head ? " at-head" : "");
	if (e->is_load || e->is_store)
		fprintf(out, " addr 0x%" PRIx64, r->mem_addr);
	if (!e->issued && (e->retry_at || e->wait_preg || e->parked))
		fprintf(out, " retry at %" PRIu64 ", waits on preg %u, parked on %u", e->retry_at,
		        e->wait_preg, e->parked ? e->parked_preg : 0);
	fputc('\n', out);
}

void core_dump_state(const struct core *c, FILE *out)
{
	fprintf(out, "  cycle %" PRIu64 ", last commit at %" PRIu64 ", %" PRIu64 " committed\n",
	        c->now, c->last_commit_cycle, c->st.instructions);
	fprintf(out, "  ring: head %" PRIu64 " rob_tail %" PRIu64 " ren_tail %" PRIu64
	        " dec_tail %" PRIu64 " fetch_tail %" PRIu64 "\n", c->head, c->rob_tail, c->ren_tail,
	        c->dec_tail, c->fetch_tail);
	fprintf(out, "  ROB head:\n");
	for (uint64_t i = c->head; i < c->rob_tail && i < c->head + 8; i++)
		stats_dump_insn(c, out, i);
	fprintf(out, "  issue queues: int %u/%u mem %u/%u fp %u/%u\n", c->iq[0].n, c->iq[0].cap,
	        c->iq[1].n, c->iq[1].cap, c->iq[2].n, c->iq[2].cap);
	fprintf(out, "  load queue %" PRIu64 "/%u, store queue %" PRIu64 "/%u (%" PRIu64
	        " committed)\n", c->lq_tail - c->lq_head, c->lq_cap, c->sq_tail - c->sq_head,
	        c->sq_cap, c->sq_commit - c->sq_head);
	if (c->sq_head < c->sq_tail) {
		const struct core_sq_entry *s = core_sq_at(c, c->sq_head);
		fprintf(out, "  store drain: %" PRIu64 " writing, next write retries at %" PRIu64
		        "; oldest store seq %" PRIu64 " addr 0x%" PRIx64 " size %u%s written at %"
		        PRIu64 "\n", c->sq_write - c->sq_head, c->sq_retry_at, s->seq, s->addr,
		        (unsigned)s->size, s->committed ? " committed," : "", s->done);
	}
	if (c->mem.dram_at)
		fprintf(out, "  memory: DRAM data bus busy until %.0f after %" PRIu64 " reads and %"
		        PRIu64 " writes (write queue full %" PRIu64 " times), L1D MSHR free at %"
		        PRIu64 "\n", c->mem.dram_at->bus_free, c->mem.dram_at->st.reads,
		        c->mem.dram_at->st.writes, c->mem.dram_at->st.write_queue_full,
		        memsys_l1d_mshr_free_at(&c->mem, c->now));
	fprintf(out, "  free regs: int %u fp %u; branches in flight %u; serializing in ROB %u\n",
	        c->n_free_int, c->n_free_fp, c->branches_inflight, c->serial_in_rob);
	fprintf(out, "  fetch: pc 0x%" PRIx64 "%s%s%s stall until %" PRIu64 " (%s); source %s, "
	        "%" PRIu64 " to refetch\n", c->fetch_pc, c->fetch_wrong_path ? " wrong-path" : "",
	        c->fetch_hold ? " held" : "", c->fetch_dead ? " dead" : "", c->fetch_stall_until,
	        probe_cause_name(c->fetch_stall_cause), c->src_done ? "ended" : "open",
	        c->replay_tail - c->replay_head);
	if (c->mp_pending)
		fprintf(out, "  pending misprediction at ring index %" PRIu64 "\n", c->mp_idx);
}
