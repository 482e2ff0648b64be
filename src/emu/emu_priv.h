/*
 * emu_priv.h — the emulator's private state shared by its own files (run loop, loader,
 * syscall layer, fault reporting): struct emu, the decoded-instruction cache and the process
 * state the Linux syscalls keep. Nothing outside src/emu/ includes it.
 */
#ifndef ROBIN_EMU_PRIV_H
#define ROBIN_EMU_PRIV_H

#include <limits.h>
#include <stdint.h>

#include "emu/block_kind.h"
#include "emu/emu.h"
#include "emu/exec.h"
#include "emu/hart.h"
#include "emu/gmem.h"
#include "emu/symtab.h"

/* Guest address-space layout (Sv39-like, as the riscv64 Linux kernel lays it out). */
#define EMU_STACK_TOP       GMEM_GUEST_SIZE                 /* stack grows down from here */
#define EMU_STACK_BYTES     (8ull << 20)                   /* RLIMIT_STACK */
#define EMU_MMAP_TOP        (EMU_STACK_TOP - (256ull << 20)) /* mmap allocates below this */
#define EMU_ET_DYN_BASE     0x2aaaaaa000ull                /* PIE load address (2/3 TASK_SIZE) */
#define EMU_MMAP_BOTTOM     0x10000ull                     /* vm.mmap_min_addr */
#define EMU_SIGRETURN_PAGE  (EMU_STACK_TOP - EMU_STACK_BYTES - 0x10000) /* rt_sigreturn trampoline */

#define EMU_NSIG 64

/* One decoded instruction slot per 2-byte offset of a code page. fn == NULL: not decoded. */
struct emu_slot {
	struct isa_insn insn;      /* insn.len == 0: not decoded yet; handler exec_table[insn.op] */
};

#define EMU_SLOTS_PER_PAGE (GMEM_PAGE_SIZE / 2)

/* One pre-decoded instruction of a block (block.c): `lbl` is the address of its handler code
 * in block_run's threaded dispatch. Operands are copied out of the isa_insn so the hot
 * handlers read one cache line; `slot` serves the generic handler (exec_table). */
struct emu_bop {
	const void *lbl;
	int64_t imm;            /* immediate; branch/jump: absolute target; lui/auipc: value */
	union {
		const struct emu_slot *slot; /* the generic handlers: its insn, exec_table[op] */
		struct emu_block *chain;     /* control flow: the block last entered from here */
	};
	uint8_t rd, rs1, rs2, rs3;
	uint8_t lenf;           /* bits 0-2: length in bytes; bit 7: FP rounding mode is frm's */
	uint8_t idx;            /* position in the block (instructions before it) */
	uint16_t pc_off;        /* its PC less the block's */
};

/* A block: instructions of one code page from `pc` up to and including the first jump or
 * system instruction, or up to the page's end or 128 instructions (then a pseudo-op jumps to
 * `pc_end`); taken conditional branches leave it early. Built on first execution from the
 * page's decoded slots, dropped with the page. */
struct emu_block {
	uint64_t pc;
	uint64_t pc_end;        /* PC after the last instruction */
	struct emu_block *next_alloc;  /* the page's blocks (marked dead with it) */
	uint16_t n_insns;       /* guest instructions (the end pseudo-op is not one) */
	uint16_t n_ops;
	uint32_t dead;          /* its page was dropped: chains from other blocks must not enter */
	const void *jit;        /* its ops translated to host code (jit.h), or NULL */
	const void *jit_chain;  /* ... the chain entry of that code (other blocks' exits) */
	uint32_t hits;          /* entries while not translated (translated at e->jit_hot) */
	uint16_t jit_fp;        /* the code needs fflags.NX and frm RNE (jit_code.fp_env) */
	uint16_t jit_cont;      /* counted runs: its code tests jit_force_log (jit_block.cont) */
	uint16_t jit_sp;        /* ... sp below the memory limit (jit_code.sp_below) */
	const struct block_mt_plan *mt_plan[2];  /* what the memory trace names of its ops,
	                                            without and with EMU_MEMTRACE_BRANCHES
	                                            (block.c, built at its first replay of
	                                            each), or NULL */
	const uint16_t *mem_before;  /* per i <= n_insns, the loads and stores the translated
	                                code logs among its first i ops (block_mem_before), or
	                                NULL */
	uint64_t *ctr;          /* translated while runs are counted (e->jit_count): its runs'
	                           counters by length, 1 .. n_insns (jit.h count_runs), or NULL;
	                           then JIT_CTR_MASK_WORDS words: which of them its code adds to
	                           (jit_code.ctr_mask); a word the code sets nonzero with each
	                           count (the fold clears it); then n_insns + 1 uint32_t for the
	                           fold's consumer (emu_block_counts_fold's memo) */
	_Alignas(32) struct emu_bop op[];  /* 32 bytes each, from a 32-byte boundary: two per
	                                      host line; then n_ops bytes, their enum
	                                      block_kind (for jit.c: labels may coincide) */
};

/* A block is translated to host code on its EMU_JIT_HOT-th entry by default: cold code
 * (start-up, error paths) is only interpreted, which costs less than translating it. */
#define EMU_JIT_HOT 16

/* A code page's header, carved from blk_arena next to its blocks (32 bytes, dense); its
 * slots (64 KiB, one per 2-byte offset) come from code_arena and are touched only where
 * instructions get decoded. Apart, the header does not cost a page of its own per code page. */
struct emu_code_page {
	struct emu_block *blocks;        /* the blocks built from this page */
	struct emu_slot *slot;           /* EMU_SLOTS_PER_PAGE slots */
};

/* Bump allocation from chunks of fresh zero memory (emu.c), freed all at once: pages are
 * faulted in only as they are reached. */
struct emu_arena {
	uint8_t *cur, *end;     /* the free part of the newest chunk */
	void *chunks;           /* the chunks, linked through their first word */
	size_t chunk_bytes;     /* the size of every chunk (set before the first allocation) */
	size_t ahead_bytes;     /* 0, or map this much in at a time ahead of use (one madvise
	                           call, not a page fault per page): for dense use */
	uint8_t *mapped;        /* the newest chunk is mapped in below this */
	int exec;               /* chunks are executable (translated code): a failed mapping
	                           returns NULL instead of ending the process */
	/* exec arenas are W^X, as qemu's split-wx: shared memory mapped twice, executable at rx
	 * and writable at rw (never one page both), chunk k at rx/rw + k * chunk_bytes; code is
	 * written through emu_arena_w. The memory is anonymous, or memfd's (>= 0) where the host
	 * cannot map anonymous memory twice. NULL rx: not set up yet. */
	uint8_t *rx, *rw;
	int memfd;
	size_t nchunks;
	struct jit_faults *faults;  /* the translations' host accesses (jit_fault.c) */
};

/* Chunks an exec arena may map (EMU_JIT_CHUNKS * chunk_bytes of address space, reserved). */
#define EMU_JIT_CHUNKS 64

/* The writable alias of p, an address an exec arena handed out (p itself elsewhere). */
static inline void *emu_arena_w(const struct emu_arena *a, void *p)
{
	return a->rx ? (uint8_t *)p + (a->rw - a->rx) : p;
}

/* Direct-mapped cache from a guest PC to its block (block.c); pc is odd when empty. */
#define EMU_JC_BITS 14
struct emu_jc_entry {
	uint64_t npc;  /* ~PC: an all-zero entry (fresh zero pages, block_flush) matches no PC */
	struct emu_block *b;
};

struct emu_sigaction {
	uint64_t handler;   /* SIG_DFL = 0, SIG_IGN = 1, else a guest address */
	uint64_t flags;
	uint64_t mask;
};

/* A guest file mapping with execute permission, remembered to name symbols in faults. */
struct emu_image {
	uint64_t start, end;    /* guest range */
	uint64_t bias;          /* guest address - ELF virtual address */
	char *path;             /* host path */
	struct symtab *syms;    /* loaded lazily, NULL until needed */
	int syms_tried;
};

/* One POSIX timer (timer_create; timers_posix.c). */
#define EMU_PTIMERS 32
struct emu_ptimer {
	int used;
	int clock;               /* a guest clock id (CLOCK_REALTIME, ..._CPUTIME_ID) */
	int notify;              /* SIGEV_SIGNAL, SIGEV_NONE or SIGEV_THREAD_ID */
	int signo;
	uint64_t sigval;         /* sigev_value, delivered as si_value */
	uint64_t deadline_ns;    /* on its clock; 0 = disarmed */
	uint64_t interval_ns;    /* 0 = one-shot */
	uint32_t overrun;        /* expiries folded into the raised, undelivered signal */
	uint32_t overrun_last;   /* timer_getoverrun: that count of the last delivered signal */
};

struct emu {
	struct hart hart;
	struct gmem mem;
	struct emu_config cfg;
	char sysroot[PATH_MAX];

	/* decoded-instruction cache: one pointer per guest page (NULL: nothing decoded) */
	struct emu_code_page **code;
	int code_changed;                   /* a code page was dropped since the loop looked */
	/* Code pages and blocks are carved from big mappings (emu_arena_alloc) and live until
	 * emu_destroy (records may point into them): no allocation call per page or block, and
	 * one munmap per chunk at the end instead of one per page. */
	struct emu_arena code_arena;         /* slots of code pages */
	struct emu_arena blk_arena;          /* blocks and code-page headers */
	struct emu_arena jit_arena;          /* translated blocks (executable) */
	int jit_on;                          /* translate hot blocks (not --jit 0; x86-64) */
	uint64_t isa_ext;                    /* the guest's extensions (cfg.isa_ext resolved) */
	uint32_t isa_reqs;                   /* the enum isa_req its encodings may need */
	uint32_t jit_hot;                    /* ... on their jit_hot-th entry */
	uint64_t jit_blocks, jit_bytes;      /* translated so far */
	FILE *perf_map;                      /* cfg.perf_map: /tmp/perf-PID.map (jit_map.c) */
	int perf_map_pid;                    /* the process it was opened for */
	/* the translated code's view of the run (jit.h): the instruction count, the limit (0:
	 * no chaining), and the last exit slot that left to a static target, and the target */
	uint64_t jit_icount, jit_limit, jit_link, jit_link_pc;
	/* counted runs (jit_count): nonzero while the next run must be logged, not counted (it
	 * continues a basic block left open: set by a block's exit that ends without a branch, and
	 * by block_run when the hook holds one open; the run's exit clears it) */
	uint64_t jit_force_log;
	/* translations made while a block hook listens append the runs their exits end to
	 * jit_runlog (the next free entry at jit_runlog_at: jit.h, env->run_log); block_run
	 * hands them to the hook when the code returns. jit_nolog: a translation that does not
	 * log was made (a hook then needs every block to come back: limit 0) */
	uint64_t jit_runlog_at;
	uint64_t *jit_runlog;
	/* emu_block_counts: translations count the runs that end a basic block instead of logging
	 * each (jit.h count_runs; a run is logged, with the count at its start, until the hook
	 * says it may be counted, block_hook_countable, and the runs between logged entries go to
	 * block_hook_counted as a number of instructions); emu_block_counts_fold hands the
	 * counters over. Counted runs end at or before block_hook_stop (short of the hook's next
	 * possible interval end: a block that could reach it runs interpreted). ctr_blocks: the
	 * translations with counters. */
	int jit_count;
	void (*block_hook_counted)(void *ctx, uint64_t n_insns);
	uint64_t block_hook_stop;
	int block_hook_open;    /* the hook holds a basic block open: the next run is logged */
	int block_hook_countable;  /* the run the hook was just given may be counted from now on
	                              (a logged run's counter stays UINT64_MAX until then) */
	struct emu_block **ctr_blocks;
	size_t n_ctr_blocks, cap_ctr_blocks;
	/* the PCs a translated block's end goes on to with a basic block open (open addressing,
	 * 0 empty, at most half full): blocks translated there test jit_force_log */
	uint64_t *cont_pcs;
	uint32_t cont_bits, cont_used;
	int jit_nolog;
	int jit_nolog_mem;                   /* ... or one that does not log its accesses (or
	                                        only the sampled ones: emu_set_access_hook's) */
	uint64_t jit_hash_k;                 /* emu_line_hash's multiplier, for that code */
	int jit_log_always;                  /* emu_jit_log_always: every translation logs its
	                                        runs and accesses, read or not */
	emu_memtrace_fn memtrace;            /* emu_memtrace: the log's reader, or NULL */
	void *memtrace_ctx;
	struct emu_mtev *mt_ev;              /* its events gathered for the reader (EMU_MT_BATCH
	                                        slots, allocated at the first trace) */
	unsigned memtrace_line_shift;
	int memtrace_same;                   /* EMU_MEMTRACE_SAME_LINE */
	uint8_t memtrace_kinds[BK_COUNT];    /* per op kind: what the trace names it as (0: no) */
	uint32_t memtrace_saved_hot;         /* jit_hot before the trace */
	uint32_t memtrace_gen;               /* changes with memtrace_key: a block's plan made
	                                        for another line size is stale */
	uint32_t memtrace_key;               /* the last trace's line size */
	unsigned memtrace_branches;          /* EMU_MEMTRACE_BRANCHES given: the plans'
	                                        index in emu_block.mt_plan */
	emu_access_fn access_hook;           /* emu_set_access_hook: sampled accesses, or NULL */
	void *access_hook_ctx;
	unsigned access_shift;               /* line = addr >> access_shift */
	uint32_t access_below;               /* sampled: emu_line_hash(line) < access_below */
	uint64_t access_seen;                /* accesses logged while it listened */
	int access_sampled;                  /* installed before any translation: the code logs
	                                        only the sampled lines' accesses, the replay
	                                        counts them all from the runs (mem_before) */
	struct emu_jc_entry jc[1u << EMU_JC_BITS]; /* PC -> block, flushed when a page drops */
	/* Every block built, by its first PC (block.c): open addressing, linear probing, at
	 * most half full; dead blocks stay until they are replaced or the table grows. */
	struct emu_jc_entry *bmap;
	uint32_t bmap_bits, bmap_used;

	/* Asynchronous work (see emu_async_request): the fast loop compares the instruction
	 * count with this field once per block entry; when a block would run past it, the
	 * exact per-instruction path runs up to it and emu_async_service() is called at that
	 * instruction boundary. UINT64_MAX: nothing pending. */
	uint64_t async_at;
	/* Optional block hook: at every block entry the fast loop reports the run of
	 * instructions retired since the previous one: the PC it started at and how many
	 * (exact: a taken side exit or a fault ends a run early; see block.c, "block entry").
	 * NULL costs one untaken branch per block. The exact per-instruction path (near the
	 * limit, at asynchronous requests) reports each instruction as a run of 1. */
	void (*block_hook)(void *ctx, uint64_t pc, uint64_t n_insns);
	void *block_hook_ctx;
	/* The simulated clock (emu_set_clock), or NULL. */
	uint64_t (*clock_ns)(void *ctx);
	void *clock_ctx;
	uint64_t clock_base_ns;             /* guest time = clock_base_ns + clock_ns(ctx) */

	/* process */
	char exe_path[PATH_MAX];            /* host absolute path of the program */
	char exe_guest[PATH_MAX];           /* the path the guest sees: exe_path, or under
	                                       hermetic /robin/NAME (hermetic.c) */
	uint64_t brk_start, brk_cur;
	uint64_t mmap_top;                  /* next top-down mmap search starts here */
	uint64_t entry;                     /* where execution starts (interpreter or program) */
	uint64_t arg_start, arg_end;        /* the argv strings on the initial stack (procfs.c) */
	uint64_t env_start, env_end;        /* the environment strings */
	uint64_t auxv_at, auxv_bytes;       /* the auxiliary vector; 0 after a checkpoint */
	uint64_t stack_start;               /* the initial stack pointer */
	int pid;                            /* the guest's pid (hermetic.c) */
	int ppid;                           /* its parent's under hermetic, else -1 (the host's) */
	struct hermetic_ids *ids;           /* the process tree's id table under hermetic */
	int ids_fd;                         /* its memfd (private, inherited by execve), or -1 */
	struct emu_sigaction sigact[EMU_NSIG + 1];
	uint64_t sigmask;                   /* bit (sig - 1) blocks sig */
	uint64_t sigsuspend_saved;          /* rt_sigsuspend: the mask to restore */
	int sigsuspend_active;
	uint64_t sigpending;                /* bit (sig - 1): raised, not yet delivered */
	int32_t sig_code[EMU_NSIG + 1];     /* si_code of the pending signal */
	uint64_t sig_addr[EMU_NSIG + 1];    /* si_addr of a pending fault signal */
	uint64_t timer_deadline_ns[3];      /* ITIMER_REAL/VIRTUAL/PROF: due when their clock
	                                       reaches this (timers.c); 0 = disarmed */
	uint64_t timer_interval_ns[3];      /* re-arm period, 0 = one-shot */
	struct emu_ptimer ptimer[EMU_PTIMERS]; /* timer_create's timers, by id (timers_posix.c) */
	uint64_t sig_value[EMU_NSIG + 1];   /* si_value of a pending SI_TIMER signal */
	uint64_t timer_check_instret;       /* the run loop calls timers_poll at this instret
	                                       (UINT64_MAX: no timer armed; 0: poll first) */
	uint64_t sleep_ns;                  /* virtual time slept (nanosleep under --virtual-time) */
	uint64_t altstack_sp, altstack_size, altstack_flags;
	uint64_t clear_child_tid, robust_list, robust_len;
	uint64_t rng_state;                 /* getrandom stream (splitmix64) */
	int random_dev;                     /* under --hermetic, whether the guest may hold a random
	                                       device (syscall_fs.c): 0 not looked yet, 1 no, 2 maybe
	                                       (then a read asks fstat) */
	uint64_t start_ns;                  /* host monotonic time at load */
	uint8_t warned[1024];               /* syscall number already reported (numbers past
	                                       the end share the last entry) */
	int private_fds[4];                 /* robin's own fds the guest may not touch */
	int n_private_fds;

	/* images with code, for symbols in fault messages */
	struct emu_image images[64];
	int n_images;

	/* trace */
	uint64_t trace_left;

	/* guest threads (thread.h); n_threads == 0: single-threaded, none of this is used */
	struct emu_thread **threads;
	int n_threads, max_threads, cur_thread;
	int resched;              /* the running thread blocked, yielded or exited in this call */
	int retry;                /* ... and issues the call again at its next turn */
	uint64_t quantum;         /* instructions per turn (--quantum) */
	uint64_t quantum_at;      /* instret at which the turn ends; UINT64_MAX: not armed */
	uint64_t slice_start;     /* instret when the running thread got its turn */
	uint64_t wait_seq;        /* futex waiters' FIFO order */
	int sched_external;       /* the caller picks the running thread (thread_switch_to) */

	/* descriptors open when the emulator was created (the environment's, not the guest's;
	 * checkpoints leave them out), bit fd of word fd / 64 */
	uint64_t inherited_fds[16];
	/* what checkpoint_save deflated of each page last time (checkpoint.c), for the next */
	struct ckpt_cache *ckpt_cache;

	/* basic-block hook (emu_set_block_hook) */
	emu_block_fn block_fn;
	void *block_ctx;
	uint64_t block_start_pc, block_start_instret;

	/* outcome */
	int exit_code;
	int fault_signal;
	char fault_msg[512];
	char error[512];
};

/* loader.c: map the program (and its interpreter) and build the initial stack. */
int loader_load(struct emu *e, const char *path, int argc, char *const argv[],
		char *const envp[]) __attribute__((warn_unused_result));

/* syscall.c: execute the system call in a7 with arguments a0..a5; result in a0. Returns 0, or
 * -1 after a trap was recorded (HART_TRAP_EXIT on exit, or a fatal signal). */
int syscall_dispatch(struct emu *e);

/* syscall_signal.c: if the guest has a handler for the signal the trap in hart.trap stands
 * for, set up its frame and return 1 (execution goes on at h->next_pc); else 0. */
int syscall_signal_fault(struct emu *e);

/* fault.c: describe the trap in e->hart.trap as the one-line fault message and set
 * e->fault_signal. */
void fault_describe(struct emu *e);
/* Record that a signal ended the guest (abort, kill of itself ...), with a message. */
void fault_signal_death(struct emu *e, int sig, const char *why);
/* "<sym+0xoff>" for a guest PC into buf (empty if unknown). */
void fault_symbolize(struct emu *e, uint64_t pc, char *buf, size_t n);

/* The function symbol of guest address pc: its name and pc's offset in it, and the file
 * name of the image (without directories) in *image and whether it is the main program.
 * Returns NULL (with *image NULL) outside every image; a name of NULL with *image set when the
 * image has no symbol there (*off is then pc's offset in the image). */
const char *emu_symbol_at(struct emu *e, uint64_t pc, uint64_t *off, const char **image,
			  int *main_image);

/* Names a block the translator just installed at code (len bytes), guest address pc, in
 * /tmp/perf-PID.map when cfg.perf_map asks for it (jit_map.c); nothing otherwise. */
void jit_map_block(struct emu *e, const void *code, size_t len, uint64_t pc);

/* Closes the perf map (emu_destroy). */
void jit_map_close(struct emu *e);
/* Remember a mapped image (main program, interpreter, executable file mappings). */
void emu_image_add(struct emu *e, uint64_t start, uint64_t end, uint64_t bias, const char *path);
/* Forget images that overlap an unmapped range. */
void emu_image_remove(struct emu *e, uint64_t start, uint64_t end);

/* emu.c: the exact per-instruction loop (also the fast loop's fallback): runs until the
 * instruction count reaches `limit` (EMU_LIMIT), the guest exits or a fatal fault. */
enum emu_status emu_run_slow(struct emu *e, uint64_t limit);
/* emu.c: finish the trap recorded in hart.trap: EMU_RUNNING when a guest signal handler takes
 * over at hart.next_pc, else the status the run ends with. */
enum emu_status emu_trap(struct emu *e);
/* emu.c: the decoded slot for pc (decoding it on first use), NULL after a fetch fault was
 * recorded in hart.trap. */
struct emu_slot *emu_slot_at(struct emu *e, uint64_t pc);

/* emu.c: the slots of the code page holding pc, allocating the page (and marking it as code)
 * on first execution; NULL after a fetch fault was recorded in e->hart.trap. */
struct emu_slot *emu_code_slots(struct emu *e, uint64_t pc);

/* emu.c: decode the instruction at pc, whose code page exists, into *out without touching
 * its slot: 0, or -1 after a fetch fault (the second half of a 32-bit instruction on a
 * non-executable page) was recorded. An illegal encoding decodes to ISA_OP_INVALID. */
int emu_decode_raw(struct emu *e, uint64_t pc, struct isa_insn *out);

/* emu.c: ask the run loops to call emu_async_service() at the first instruction boundary at
 * which the instruction count is >= at_instret (0: as soon as possible, i.e. before the next
 * instruction). Timers and signals raised from outside the instruction stream use this; the
 * earliest request wins. */
void emu_async_request(struct emu *e, uint64_t at_instret);
/* emu.c: called by the loops at an instruction boundary once the requested count is reached:
 * clears the request and delivers the signals that are pending and not blocked (a handler's
 * frame is built, execution goes on at its entry). Returns -1 when a signal killed the
 * guest, else 0. hart.pc is the next instruction's PC on entry and on return. */
int emu_async_service(struct emu *e);

/* emu.c: `bytes` of zeroed memory, 32-byte aligned, from the arena (at most its chunk size
 * less 32); aborts with a message when the host has no memory left. */
void *emu_arena_alloc(struct emu_arena *a, size_t bytes);

/* A guest fork of an exec arena: before the host fork, a copy of the arena's translated code
 * as it is, in new shared memory (mem) or a new memfd (fd, when the arena is one), neither
 * when there is none or no copy could be made; in the child, emu_arena_fork_child puts it
 * under both views, so that the two processes' later translations and chain patches stay
 * their own; the parent lets go of it (emu_arena_fork_parent). */
struct emu_code_copy {
	void *mem;
	int fd;
};
struct emu_code_copy emu_arena_fork_copy(const struct emu_arena *a);
void emu_arena_fork_child(struct emu_arena *a, struct emu_code_copy c);
void emu_arena_fork_parent(const struct emu_arena *a, struct emu_code_copy c);

/* block.c: free the table of blocks by PC (emu_destroy). */
void block_map_free(struct emu *e);

/* block.c: the fast loop: runs blocks of pre-decoded instructions until the instruction
 * count reaches `limit`, the guest exits or a fatal fault; falls back to emu_run_slow for
 * exactness (near the limit or an asynchronous request, and where no block can be built). */
enum emu_status block_run(struct emu *e, uint64_t limit);
/* block.c: forget every PC -> block mapping (a code page was dropped). */
void block_flush(struct emu *e);
/* checkpoint.c: remember the descriptors open now as inherited (emu_create). */
void checkpoint_note_inherited(struct emu *e);

/* Set a one-line error for emu_error(); returns -err for convenience. */
int emu_set_error(struct emu *e, int err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Resolve a guest absolute path in the sysroot when it exists there (like qemu -L); under
 * hermetic the program's guest path (/robin/NAME) is its host path. */
const char *emu_path(struct emu *e, const char *guest, char *buf, size_t n);

/* Guest time in nanoseconds: host monotonic, derived from instret under --virtual-time, or
 * the simulated clock of emu_set_clock. */
uint64_t emu_time_ns(struct emu *e, int realtime);

/* 1 when the guest's time is not the host's (--virtual-time or a simulated clock): then the
 * CPU-time clocks read emu_time_ns(e, 0) too and sleeps only add to sleep_ns. */
static inline int emu_time_virtual(const struct emu *e)
{
	return e->cfg.virtual_time || e->clock_ns;
}

/* Count the translated code's runs for the block hook (see jit_count above): fn gets the
 * instructions of the runs counted between two it was told of. Only before any translation
 * (x86-64, --jit on): 0, else -1 (the code logs every run, as before). */
int emu_block_counts(struct emu *e, void (*fn)(void *ctx, uint64_t n_insns));

/* The counted runs since the last call, to add(ctx, pc, instructions, times, memo) (each run
 * was logged to the block hook once before; *memo, 0 at first, is the consumer's to keep
 * what it found for that run); their loads and stores to emu_accesses_seen when a sampling
 * access hook listens. */
void emu_block_counts_fold(struct emu *e, void (*add)(void *ctx, uint64_t pc, uint64_t n,
                                                      uint64_t times, uint32_t *memo),
                           void *ctx);

/* A scalar load or store at addr that is not translated code's, while emu_set_access_hook
 * listens (block.c): counted, and to the hook when its line is sampled. */
void block_access(struct emu *e, uint64_t addr);

#endif
