/*
 * emu.h — the emulator's public interface: load a riscv64 Linux ELF program, run it fast
 * (emu_run), or step it one instruction at a time with a dynamic-instruction record for the
 * timing model (emu_step). This is the narrow emulator-to-core interface of style.md §4: the
 * core consumes struct emu_dyn and never reaches into hart state except through emu_reg().
 */
#ifndef ROBIN_EMU_EMU_H
#define ROBIN_EMU_EMU_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "emu/hart.h"
#include "isa/isa.h"

struct emu;

struct emu_config {
	const char *sysroot;     /* for PT_INTERP and absolute guest paths; NULL = default
	                            (/usr/riscv64-linux-gnu) */
	uint64_t seed;           /* getrandom and AT_RANDOM bytes are derived from it */
	int virtual_time;        /* clock_gettime/gettimeofday derive from instret, not the host */
	FILE *trace;             /* objdump-style commit trace, or NULL */
	uint64_t trace_insns;    /* how many instructions to trace */
	uint64_t quantum;        /* guest threads: instructions per turn; 0 = default (thread.h) */
	int no_jit;              /* run blocks only through the interpreter: no translation of hot
	                            blocks to host code (jit.h) */
	uint32_t jit_hot;        /* translate a block on its jit_hot-th entry; 0 = default (16) */
	char *const *exec_argv;  /* guest execve: the host command that runs a new program under
	                            robin, the program and its arguments appended (NULL: execve
	                            returns ENOSYS) */
	int hermetic;            /* the guest's world is fixed: ids from 1000, the program as
	                            /robin/NAME, uname "robin" (emu/hermetic.h) */
	const char *hermetic_ids; /* "FD,PID,PPID,NEXT": the id table and ids a guest execve hands to
	                            the robin that runs the new program, or NULL */
	uint64_t isa_ext;        /* the extensions the guest sees (isa/isa_ext.h: ISA_X bits,
	                            isa_ext_parse); 0 = ISA_EXT_DEFAULT (rva23) */
	uint32_t vlen;           /* VLEN in bits when the guest has V: a power of two from 128 to
	                            1024; 0 = 128 */
	int perf_map;            /* name translated blocks in /tmp/perf-PID.map for profilers of
	                            robin itself (jit_map.c) */
};

/* The fixed minimal environment of a hermetic guest (NULL-terminated): PATH and HOME. */
extern char *const emu_hermetic_env_base[];

/* An environment: base's VAR=VALUE strings, then extra's n strings, each replacing the base
 * string of the same VAR. out has room for max pointers (the NULL included); its strings are
 * base's and extra's own. Returns the count, or -E2BIG. */
int emu_env(char *const *base, char *const *extra, int n, char **out, int max);

/* One executed (committed, correct-path) instruction, as the timing model needs it. */
struct emu_dyn {
	uint64_t seq;                  /* 0-based dynamic instruction number */
	uint64_t pc;
	const struct isa_insn *insn;   /* decoded once; stable for the life of the emu */
	uint64_t next_pc;              /* the architecturally next PC (branch/jump outcome) */
	uint64_t mem_addr;             /* effective address of a load/store/AMO or of a prefetch
	                                  hint (ISA_F_PREFETCH, mem_size 0), else 0 */
	uint64_t mem_value;            /* the mem_size bytes at mem_addr after the access,
	                                  zero-extended: a load's loaded value, a store's stored
	                                  value, an AMO's new memory value; 0 if it trapped */
	uint8_t  mem_size;             /* bytes accessed, else 0 */
	uint8_t  taken;                /* conditional branch taken / jump */
	uint8_t  trapped;              /* the instruction did not complete (see hart trap) */
	uint32_t ctx;                  /* calling context (emu/callstack.h) when the reader
	                                  tracks one (source_emu with a callstack), else 0 */
	/* V instructions (ISA_CLASS_VSET .. VSTORE): vl after the instruction (the elements it
	 * ran over; vset*: the new vl), vtype's SEW in bits; vector loads and stores: the byte
	 * ranges accessed, in element order (mem_size stays 0, mem_addr is the base address) */
	uint32_t vl;
	uint8_t vsew;
	uint32_t vmem_n;
	const struct hart_vmem *vmem;
};

/* Outcomes of emu_run / emu_step. */
enum emu_status {
	EMU_RUNNING = 0,   /* emu_step: instruction executed, more to come */
	EMU_EXITED,        /* the guest called exit/exit_group; see emu_exit_code */
	EMU_FAULT,         /* a guest fault ended the program; see emu_fault_message */
	EMU_LIMIT,         /* max_insns reached */
};

/* Create an emulator. Returns 0 or -errno. */
int emu_create(const struct emu_config *cfg, struct emu **out) __attribute__((warn_unused_result));

/* Load PROG (static, static-pie or dynamic with PT_INTERP) and build the initial stack with
 * argv, envp and the auxiliary vector. Returns 0, or -errno with a one-line message naming the
 * file and what is wrong available from emu_error(). */
int emu_load(struct emu *e, const char *path, int argc, char *const argv[], char *const envp[])
	__attribute__((warn_unused_result));

/* Run until exit, fault, or `max_insns` more instructions (0 = no limit). */
enum emu_status emu_run(struct emu *e, uint64_t max_insns);

/* Execute exactly one instruction and describe it in *d. */
enum emu_status emu_step(struct emu *e, struct emu_dyn *d);

/* The decoded instruction at a guest PC without executing it (the core's wrong-path fetch).
 * NULL if the PC is not mapped executable or the bits are not a legal instruction. */
const struct isa_insn *emu_decode_at(struct emu *e, uint64_t pc);

/* Architectural register value, 0..31 = x, 32..63 = f (raw bits). */
uint64_t emu_reg(const struct emu *e, unsigned reg);

/* ABI name of a register in the same numbering: "a0", "fa0", "zero". */
const char *emu_reg_name(unsigned reg);

uint64_t emu_instret(const struct emu *e);
/* Blocks translated to host code so far and the bytes of their code (jit.h). */
void emu_jit_stats(const struct emu *e, uint64_t *blocks, uint64_t *bytes);
int emu_exit_code(const struct emu *e);
/* After EMU_FAULT: the one-line message (PC, disassembly, faulting address, symbol) and the
 * host signal number the guest would have died of (SIGILL, SIGSEGV, SIGTRAP, SIGBUS). */
const char *emu_fault_message(const struct emu *e);
int emu_fault_signal(const struct emu *e);
const char *emu_error(const struct emu *e);

void emu_destroy(struct emu *e);
/* For a process about to exit: frees what the emulator holds on the heap (so leak checkers
 * stay quiet) and leaves its mappings (guest memory, decoded code, the object itself) to the
 * exit, which drops the whole address space at once; an munmap each costs its page-table
 * teardown and TLB flush (~0.6 ms a run on virtual machines). Nothing may use e afterwards. */
void emu_destroy_at_exit(struct emu *e);

/* ---- the guest's clock under a timing model ------------------------------------------ */

/* Give the guest a simulated clock: from now on every clock it can read (clock_gettime's
 * realtime, monotonic and CPU-time clocks, gettimeofday, time, times, getrusage) and the
 * interval timers (alarm, setitimer) advance with now_ns(ctx), a simulated time in ns
 * (monotonic, deterministic), continuing from the guest's time now if it is virtual (else
 * from 0); the wall clock starts at 2024-01-01 as
 * under --virtual-time, and sleeps add to the guest's time without waiting. `robin sim` feeds
 * it the core's cycles at the configured frequency. NULL gives the guest back the clock of
 * its configuration (host time, or one ns per instruction under --virtual-time). */
void emu_set_clock(struct emu *e, uint64_t (*now_ns)(void *ctx), void *ctx);

/* ---- basic-block hook (BBVs, bbv.c) ------------------------------------------------- */

/* Called at the end of every basic block: after a branch, jump or ecall/ebreak, and where a
 * trap sends control elsewhere. start_pc..end_pc are the block's first and last instruction,
 * insns how many completed in it. A run stopping at max_insns ends no block. */
typedef void (*emu_block_fn)(void *ctx, uint64_t start_pc, uint64_t end_pc, uint64_t insns);

/* Install fn (NULL removes it); the next block starts at the current PC. With no hook the
 * run loop pays one predicted branch per instruction. */
void emu_set_block_hook(struct emu *e, emu_block_fn fn, void *ctx);

/* ---- sampled data accesses (the campaigns' memory signature) ----------------------------- */

/* The hash a line is sampled by: 32 well-mixed bits of line (the high half of a multiplicative
 * hash), so the lines below a threshold are a uniform sample of the address space. */
#define EMU_LINE_HASH_K 0x9e3779b97f4a7c15ull
static inline uint32_t emu_line_hash(uint64_t line)
{
	return (uint32_t)((line * EMU_LINE_HASH_K) >> 32);
}

typedef void (*emu_access_fn)(void *ctx, uint64_t addr);

/* Spatially sampled loads and stores: from now on the translated code logs the guest address
 * of each load and store, the interpreter reports its own, and fn sees, in program order
 * among the block hook's runs (fn first, then the run the access belongs to), each access
 * whose line (addr >> line_shift) has emu_line_hash below `below` (a fraction below / 2^32
 * of the lines; every access to a sampled line). Not seen: the accesses of operations that
 * run through their generic handlers (atomics, vector memory operations, the other generic
 * ones) and of instructions run one by one at the run's limit or an asynchronous event.
 * Install before the program runs, with fn NULL to remove. 0, or -1 when there is no
 * translator, or code was translated without logging its accesses, or a memory trace is on. */
int emu_set_access_hook(struct emu *e, emu_access_fn fn, void *ctx, unsigned line_shift,
			uint32_t below);
/* The loads and stores seen while the hook listened, sampled or not (a spatial sample of
 * lines estimates their count badly: a few hot lines carry most); in a block hook called from
 * the translated code's log, up to the end of the run it is given. */
uint64_t emu_accesses_seen(const struct emu *e);

/* ---- memory trace (the campaigns' memory pass) ---------------------------------------- */

/* One event of the memory trace: `before` instructions completed, each with no data access
 * and on the code line (2^line_shift bytes, emu_memtrace) of the instruction the previous
 * event named, and no branch or jump among them when EMU_MEMTRACE_BRANCHES; then the
 * instruction at pc, kind 0: with no data access, 1: a load, 2: a store at addr,
 * EMU_MEMTRACE_BRANCH: a branch or jump (in: its decoding; the next event names the
 * instruction after it, with before 0, unless the trace hands over to emu_step first). Kind
 * EMU_MEMTRACE_COUNT: only the `before` ones (pc, addr unused). Kind -1: the trace is out of
 * step at pc (a bug: the reader must not go on as if it were exact).
 * With EMU_MEMTRACE_SAME_LINE, an event also counts the loads (same_ld) and stores (same_st)
 * among its `before` instructions' place that the trace left out: each to the data line
 * (2^line_shift bytes) of the last load or store it named or left out, on the code line of
 * the event before, with no event between them and that access (so that the reader did
 * nothing else in between: such an access hits the line its previous one left, and only
 * the clock and a store's dirty bit change). */
struct emu_mtev {
	uint64_t pc;
	union {
		uint64_t addr;               /* a load's or store's */
		const struct isa_insn *in;   /* a branch's */
	};
	uint32_t before;  /* (a replay runs at most BLOCK_RUNLOG_CAP instructions) */
	int32_t kind;
	uint32_t same_ld, same_st;
};
/* The reader sees the events in batches, in program order (n >= 1): every batch before
 * emu_run returns, so that an instruction the caller steps next follows them. */
typedef void (*emu_memtrace_fn)(void *ctx, const struct emu_mtev *ev, size_t n);
#define EMU_MEMTRACE_COUNT 3
#define EMU_MEMTRACE_BRANCH 4
#define EMU_MEMTRACE_BRANCHES 1u   /* emu_memtrace's flags: name branches and jumps too */
#define EMU_MEMTRACE_SAME_LINE 2u  /* ... leave out accesses to the line accessed last
                                      (counted in emu_mtev.same_ld, same_st) */

/* Trace the instructions the translated code runs: from now on every block is translated on
 * its first entry, its code logs the guest address of each load and store and the runs of
 * instructions it completes, and fn sees them in program order (block.c): every load, store
 * and change of code line one by one, the instructions between them as counts. emu_run
 * then runs translated code only: where it would run an instruction any other way (a block
 * not translated, an op the code hands back, an asynchronous event, the last instructions
 * before the limit) it returns EMU_LIMIT before that instruction, with fewer than
 * max_insns run, and the caller runs it with emu_step. 0, or -1 when it cannot (no
 * translator on this host, code translated other than for a trace, a block hook): the
 * caller then steps every instruction. */
int emu_memtrace(struct emu *e, emu_memtrace_fn fn, void *ctx, unsigned line_shift,
		 unsigned flags);
/* The end of the trace: emu_run runs as before (blocks translate at their usual entry). */
void emu_memtrace_end(struct emu *e);

/* fork() for a process that goes on from e's state alone (a campaign's point, not a guest
 * fork): in the child, e gets a copy of the translated code of its own, a table of process
 * ids of its own and file descriptions of its own for the guest's files (checkpoint_detach_fds;
 * the parent must not touch them until the child says it is done: the child's pipes are
 * read and refilled). Returns the child's pid in the parent (-1 with err set when fork
 * failed, or the guest has a MAP_SHARED file mapping, whose pages a fork shares); 0 in the
 * child, or -2 there with err set when its state could not be made its own (it must not run
 * the guest then). */
pid_t emu_fork_state(struct emu *e, char *err, size_t errlen);

/* From now on every translation logs its runs and memory accesses even while no trace reads
 * them (the log is dropped then), so that the memory trace can begin at any later point of
 * the run, or of a fork of it, with the code already translated (a campaign's points fork
 * from one run of the program). */
void emu_jit_log_always(struct emu *e);

/* The PC of the next instruction to run. */
uint64_t emu_pc(const struct emu *e);

/* ---- the guest's threads (thread.c) --------------------------------------------------- */

struct emu_thread_info {
	int tid;
	uint64_t instret;      /* instructions this thread retired */
	int exited;
};

/* The guest's threads, oldest first (one entry for a single-threaded guest): fills up to max
 * entries and returns how many there are. */
size_t emu_threads(const struct emu *e, struct emu_thread_info *out, size_t max);

/* The running thread's tid (the process id for a single-threaded guest). */
int emu_tid(const struct emu *e);

/* ---- the guest's images, for profilers (emu_images.c) -------------------------------- */

#define EMU_MAX_IMAGES 64

struct emu_image_info {
	const char *path;      /* host path of the file (valid while the emulator lives) */
	uint64_t start, end;   /* guest range [start, end) */
	uint64_t bias;         /* guest address - the file's ELF virtual address */
};

/* The files mapped with execute permission (the program, its interpreter, shared objects),
 * oldest first: fills up to max entries and returns how many there are. */
size_t emu_images(const struct emu *e, struct emu_image_info *out, size_t max);

#endif
