/*
 * emu_priv.h — the emulator's private state shared by its own files (run loop, loader,
 * syscall layer, fault reporting): struct emu, the decoded-instruction cache and the process
 * state the Linux syscalls keep. Nothing outside src/emu/ includes it.
 */
#ifndef ROBIN_EMU_PRIV_H
#define ROBIN_EMU_PRIV_H

#include <limits.h>
#include <stdint.h>

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
	exec_fn fn;
	struct isa_insn insn;
};

#define EMU_SLOTS_PER_PAGE (GMEM_PAGE_SIZE / 2)

struct emu_code_page {
	struct emu_code_page *next;      /* all pages ever allocated (freed at destroy) */
	struct emu_slot slot[EMU_SLOTS_PER_PAGE];
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

struct emu {
	struct hart hart;
	struct gmem mem;
	struct emu_config cfg;
	char sysroot[PATH_MAX];

	/* decoded-instruction cache: one pointer per guest page (NULL: nothing decoded) */
	struct emu_code_page **code;
	struct emu_code_page *code_all;     /* every page allocated (dropped ones too: emu_dyn
	                                       records may still point into them); freed at
	                                       emu_destroy */
	int code_changed;                   /* a code page was dropped since the loop looked */

	/* process */
	char exe_path[PATH_MAX];            /* host absolute path of the program */
	uint64_t brk_start, brk_cur;
	uint64_t mmap_top;                  /* next top-down mmap search starts here */
	uint64_t entry;                     /* where execution starts (interpreter or program) */
	int pid;
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
	uint64_t timer_check_instret;       /* the run loop calls timers_poll at this instret
	                                       (UINT64_MAX: no timer armed; 0: poll first) */
	uint64_t sleep_ns;                  /* virtual time slept (nanosleep under --virtual-time) */
	uint64_t altstack_sp, altstack_size, altstack_flags;
	uint64_t clear_child_tid, robust_list, robust_len;
	uint64_t rng_state;                 /* getrandom stream (splitmix64) */
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
/* Remember a mapped image (main program, interpreter, executable file mappings). */
void emu_image_add(struct emu *e, uint64_t start, uint64_t end, uint64_t bias, const char *path);
/* Forget images that overlap an unmapped range. */
void emu_image_remove(struct emu *e, uint64_t start, uint64_t end);

/* Set a one-line error for emu_error(); returns -err for convenience. */
int emu_set_error(struct emu *e, int err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Resolve a guest absolute path in the sysroot when it exists there (like qemu -L). */
const char *emu_path(struct emu *e, const char *guest, char *buf, size_t n);

/* Guest time in nanoseconds: host monotonic, or derived from instret under --virtual-time. */
uint64_t emu_time_ns(struct emu *e, int realtime);

#endif
