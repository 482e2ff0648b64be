/*
 * syscall_signal.c — signals for a single-threaded guest: rt_sigaction/rt_sigprocmask/
 * sigaltstack state, kill/tgkill to itself, default actions (a fatal signal ends the run with
 * its 128+N exit status), delivery to handlers with the riscv64 rt_sigframe (siginfo + ucontext
 * with all registers, and the vector state in Linux's extension area when the guest has V) and
 * rt_sigreturn through a trampoline page; guest faults go to a SIGSEGV/SIGILL/SIGBUS/SIGTRAP
 * handler when one is installed. Guest threads (thread.c) each have their mask and pending
 * set; tgkill reaches one of them. Also futex, whose waits block the calling thread in
 * thread.c's scheduler.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

#include "emu/syscall_priv.h"
#include "emu/hermetic.h"
#include "emu/thread.h"

/* riscv64 rt_sigframe: struct siginfo (128 bytes), then struct ucontext. */
#define SIGF_INFO          0
#define SIGF_UC            128
#define SIGF_UC_FLAGS      (SIGF_UC + 0)
#define SIGF_UC_LINK       (SIGF_UC + 8)
#define SIGF_UC_STACK      (SIGF_UC + 16)   /* ss_sp, ss_flags (+pad), ss_size */
#define SIGF_UC_SIGMASK    (SIGF_UC + 40)
#define SIGF_UC_MCONTEXT   (SIGF_UC + 176)  /* gregs[32] (pc, x1..x31), then FP state */
#define SIGF_UC_FPREGS     (SIGF_UC_MCONTEXT + 256)
#define SIGF_UC_FCSR       (SIGF_UC_FPREGS + 256)
#define SIGF_UC_EXT_RSVD   (SIGF_UC + 948)  /* sc_extdesc.reserved: 0 */
#define SIGF_UC_EXT_HDR    (SIGF_UC + 952)  /* the first __riscv_ctx_hdr {magic, size} */
#define SIGF_SIZE          (SIGF_UC + 960)
/* With V, Linux's extension area follows the ucontext: struct __riscv_v_ext_state {vstart,
 * vl, vtype, vcsr, vlenb, datap} (48 bytes) right after the first header (whose size counts
 * the header, the state and the registers), the 32 registers at datap (16-byte aligned,
 * right after the state), then an END header {0, 0}. */
#define SIGF_V_MAGIC       0x53465457u
#define SIGF_V_STATE       SIGF_SIZE
#define SIGF_V_DATA        (SIGF_V_STATE + 48)
#define SIGF_MAX           (SIGF_V_DATA + 32 * HART_VLENB_MAX + 8)

#define SIG_BIT(s) (1ull << ((s) - 1))
#define SIG_UNBLOCKABLE (SIG_BIT(SIGKILL) | SIG_BIT(SIGSTOP))

static void sig_put64(uint8_t *f, size_t off, uint64_t v) { memcpy(f + off, &v, 8); }
static void sig_put32(uint8_t *f, size_t off, uint32_t v) { memcpy(f + off, &v, 4); }
static uint64_t sig_get64(const uint8_t *f, size_t off) { uint64_t v; memcpy(&v, f + off, 8); return v; }
static uint32_t sig_get32(const uint8_t *f, size_t off) { uint32_t v; memcpy(&v, f + off, 4); return v; }

static int sig_default_ignored(int sig)
{
	return sig == SIGCHLD || sig == SIGURG || sig == SIGWINCH || sig == SIGCONT ||
	       sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU;
}

/* Bytes of the V context (its header, the state, the registers) in a frame; 0 without V. */
static uint64_t sig_v_size(const struct hart *h)
{
	return h->vlenb ? 8u + 48u + 32u * (uint64_t)h->vlenb : 0;
}

/* Whether the frame carries the V context. Linux saves it once the process has used V (its
 * first vector instruction or vector CSR access turned V on); robin sees that use as vector
 * state that differs from the initial one (vill, everything 0), which only a program that
 * restored exactly that state would defeat. */
static int sig_v_saved(const struct hart *h)
{
	if (!h->vlenb)
		return 0;
	if (h->vtype != HART_VTYPE_VILL || h->vl || h->vstart || h->vxrm || h->vxsat)
		return 1;
	for (size_t i = 0; i < 32u * h->vlenb; i++)
		if (h->vreg[i])
			return 1;
	return 0;
}

/* Bytes of a signal frame before its 16-byte alignment, as Linux's get_rt_frame_size: the
 * V context (whose header sits inside the ucontext) and the END header follow the ucontext. */
static uint64_t sig_frame_size(const struct hart *h, int with_v)
{
	return SIGF_SIZE + (with_v ? sig_v_size(h) + 8u : 0);
}

static int sig_is_fault(int sig)
{
	return sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGTRAP || sig == SIGFPE;
}

/* Build the frame and enter the handler; execution resumes at `resume_pc` after sigreturn.
 * Returns 0, or -1 when the frame cannot be written (the guest dies of SIGSEGV). */
static int sig_enter(struct emu *e, int sig, int code, uint64_t addr, uint64_t resume_pc)
{
	struct hart *h = &e->hart;
	struct emu_sigaction *act = &e->sigact[sig];
	uint8_t f[SIGF_MAX];
	int with_v = sig_v_saved(h);
	uint64_t size = sig_frame_size(h, with_v);
	memset(f, 0, size);
	uint64_t sp = h->x[2];
	int on_alt = e->altstack_size && sp - e->altstack_sp < e->altstack_size;
	if ((act->flags & SA_ONSTACK) && e->altstack_size && !on_alt && !(e->altstack_flags & SS_DISABLE))
		sp = e->altstack_sp + e->altstack_size;
	sp = (sp - size) & ~15ull;
	sig_put32(f, SIGF_INFO + 0, (uint32_t)sig);
	sig_put32(f, SIGF_INFO + 8, (uint32_t)code);
	if ((sig_is_fault(sig) && code > 0) || code == SIG_SI_TIMER) {
		sig_put64(f, SIGF_INFO + 16, addr); /* SI_TIMER: si_tid, si_overrun */
		if (code == SIG_SI_TIMER)
			sig_put64(f, SIGF_INFO + 24, e->sig_value[sig]);
	} else {
		sig_put32(f, SIGF_INFO + 16, (uint32_t)e->pid);
		sig_put32(f, SIGF_INFO + 20, (uint32_t)getuid());
	}
	sig_put64(f, SIGF_UC_STACK, e->altstack_sp);
	sig_put32(f, SIGF_UC_STACK + 8, (uint32_t)(on_alt ? SS_ONSTACK : e->altstack_size ? 0 : SS_DISABLE));
	sig_put64(f, SIGF_UC_STACK + 16, e->altstack_size);
	sig_put64(f, SIGF_UC_SIGMASK, e->sigsuspend_active ? e->sigsuspend_saved : e->sigmask);
	if (e->sigsuspend_active) {
		e->sigmask = e->sigsuspend_saved;
		e->sigsuspend_active = 0;
	}
	sig_put64(f, SIGF_UC_MCONTEXT, resume_pc);
	for (int i = 1; i < 32; i++)
		sig_put64(f, SIGF_UC_MCONTEXT + 8 * (size_t)i, h->x[i]);
	for (int i = 0; i < 32; i++)
		sig_put64(f, SIGF_UC_FPREGS + 8 * (size_t)i, h->f[i]);
	sig_put32(f, SIGF_UC_FCSR, (h->frm << 5) | (h->fflags & 31));
	if (with_v) {
		/* the handler starts with the same vector state; sigreturn restores this copy */
		sig_put32(f, SIGF_UC_EXT_HDR, SIGF_V_MAGIC);
		sig_put32(f, SIGF_UC_EXT_HDR + 4, (uint32_t)sig_v_size(h));
		sig_put64(f, SIGF_V_STATE + 0, h->vstart);
		sig_put64(f, SIGF_V_STATE + 8, h->vl);
		sig_put64(f, SIGF_V_STATE + 16, h->vtype);
		sig_put64(f, SIGF_V_STATE + 24, (uint64_t)h->vxrm << 1 | (h->vxsat & 1u));
		sig_put64(f, SIGF_V_STATE + 32, h->vlenb);
		sig_put64(f, SIGF_V_STATE + 40, sp + SIGF_V_DATA);
		memcpy(f + SIGF_V_DATA, h->vreg, 32u * h->vlenb);
	}
	if (gmem_copy_to(&e->mem, sp, f, size))
		return -1;
	e->sigmask |= act->mask;
	if (!(act->flags & SA_NODEFER))
		e->sigmask |= SIG_BIT(sig);
	e->sigmask &= ~SIG_UNBLOCKABLE;
	uint64_t handler = act->handler;
	if (act->flags & SA_RESETHAND)
		act->handler = 0;
	h->x[10] = (uint64_t)sig;
	h->x[11] = sp + SIGF_INFO;
	h->x[12] = sp + SIGF_UC;
	h->x[1] = EMU_SIGRETURN_PAGE;
	h->x[2] = sp;
	h->next_pc = handler;
	return 0;
}

/* Deliver `sig` now (it is pending and unblocked). 0, or -1 when it killed the guest. */
static int sig_deliver(struct emu *e, int sig)
{
	struct emu_sigaction *act = &e->sigact[sig];
	e->sigpending &= ~SIG_BIT(sig);
	if (act->handler == 1 || (act->handler == 0 && sig_default_ignored(sig)))
		return 0;
	if (act->handler == 0) {
		char why[64];
		snprintf(why, sizeof(why), "%s", e->sig_code[sig] == -6 ? "sent by tgkill" :
			 e->sig_code[sig] == 0 ? "sent by kill" : "raised");
		fault_signal_death(e, sig, why);
		return -1;
	}
	if (sig_enter(e, sig, e->sig_code[sig], e->sig_addr[sig], e->hart.next_pc)) {
		fault_signal_death(e, SIGSEGV, "no room for the signal frame");
		return -1;
	}
	return 0;
}

int syscall_signal_check(struct emu *e)
{
	uint64_t ready = e->sigpending & ~e->sigmask;
	while (ready) {
		int sig = __builtin_ctzll(ready) + 1;
		if (sig_deliver(e, sig))
			return -1;
		ready = e->sigpending & ~e->sigmask;
		if (e->sigact[sig].handler > 1)
			break;  /* one handler at a time: the others wait for sigreturn */
	}
	if (e->sigsuspend_active) {
		e->sigmask = e->sigsuspend_saved;
		e->sigsuspend_active = 0;
	}
	return 1;  /* registers or pc may have changed: the run loop resynchronises */
}

int syscall_signal_raise(struct emu *e, int sig, int code, uint64_t addr)
{
	if (sig < 1 || sig > EMU_NSIG)
		return 0;
	struct emu_sigaction *act = &e->sigact[sig];
	if (sig != SIGKILL && sig != SIGSTOP &&
	    (act->handler == 1 || (act->handler == 0 && sig_default_ignored(sig))))
		return 0;
	thread_route_signal(e, sig);
	e->sig_code[sig] = code;
	e->sig_addr[sig] = addr;
	return 0;
}

int syscall_signal_fault(struct emu *e)
{
	const struct hart_trap *t = &e->hart.trap;
	int sig, code;
	switch (t->cause) {
	case HART_TRAP_ILLEGAL:
		sig = SIGILL, code = 2; /* ILL_ILLOPN ... ILL_ILLOPC = 1 */
		code = 1;
		break;
	case HART_TRAP_EBREAK:
		sig = SIGTRAP, code = 1; /* TRAP_BRKPT */
		break;
	case HART_TRAP_FETCH_FAULT:
	case HART_TRAP_LOAD_FAULT:
	case HART_TRAP_STORE_FAULT:
		switch (e->mem.fault_kind) {
		case GMEM_FAULT_BUS: sig = SIGBUS, code = 2; break;   /* BUS_ADRERR */
		case GMEM_FAULT_ALIGN: sig = SIGBUS, code = 1; break; /* BUS_ADRALN */
		case GMEM_FAULT_PROT: sig = SIGSEGV, code = 2; break; /* SEGV_ACCERR */
		default: sig = SIGSEGV, code = 1; break;             /* SEGV_MAPERR */
		}
		break;
	default:
		return 0;
	}
	const struct emu_sigaction *act = &e->sigact[sig];
	if (act->handler <= 1 || (e->sigmask & SIG_BIT(sig)))
		return 0;
	uint64_t addr = t->cause == HART_TRAP_ILLEGAL || t->cause == HART_TRAP_EBREAK ? t->pc : t->tval;
	if (sig_enter(e, sig, code, addr, t->pc))
		return 0;
	return 1;
}

SYS(rt_sigaction)
{
	int sig = (int)a[0];
	if (sig < 1 || sig > EMU_NSIG || a[3] != 8)
		return -EINVAL;
	struct emu_sigaction *act = &e->sigact[sig];
	uint64_t old[3] = { act->handler, act->flags, act->mask };
	if (a[1]) {
		uint64_t n[3];
		if (sig == SIGKILL || sig == SIGSTOP)
			return -EINVAL;
		if (gmem_copy_from(&e->mem, n, a[1], sizeof(n)))
			return -EFAULT;
		act->handler = n[0];
		act->flags = n[1];
		act->mask = n[2] & ~SIG_UNBLOCKABLE;
		if (act->handler == 1 || (act->handler == 0 && sig_default_ignored(sig)))
			e->sigpending &= ~SIG_BIT(sig);
	}
	if (a[2] && gmem_copy_to(&e->mem, a[2], old, sizeof(old)))
		return -EFAULT;
	return 0;
}

SYS(rt_sigprocmask)
{
	if (a[3] != 8)
		return -EINVAL;
	uint64_t old = e->sigmask, set;
	if (a[1]) {
		if (gmem_copy_from(&e->mem, &set, a[1], 8))
			return -EFAULT;
		switch (a[0]) {
		case SIG_BLOCK: e->sigmask |= set; break;
		case SIG_UNBLOCK: e->sigmask &= ~set; break;
		case SIG_SETMASK: e->sigmask = set; break;
		default: return -EINVAL;
		}
		e->sigmask &= ~SIG_UNBLOCKABLE;
	}
	if (a[2] && gmem_copy_to(&e->mem, a[2], &old, 8))
		return -EFAULT;
	return 0;
}

SYS(rt_sigpending)
{
	uint64_t p = e->sigpending & e->sigmask;
	if (a[1] != 8)
		return -EINVAL;
	return gmem_copy_to(&e->mem, a[0], &p, 8);
}

SYS(rt_sigsuspend)
{
	uint64_t set;
	if (a[1] != 8)
		return -EINVAL;
	if (gmem_copy_from(&e->mem, &set, a[0], 8))
		return -EFAULT;
	/* wait for a timer's signal that the temporary mask lets through */
	while (!(e->sigpending & ~set & ~SIG_UNBLOCKABLE) && timers_can_wake(e) &&
	       timers_wait(e, UINT64_MAX, set & ~SIG_UNBLOCKABLE) >= 0)
		;
	if (!(e->sigpending & ~set)) {
		syscall_warn(e, 133, "no signal can arrive (no timer armed); returning EINTR");
		return -EINTR;
	}
	/* the temporary mask holds until a handler runs; its frame saves the caller's mask */
	e->sigsuspend_saved = e->sigmask;
	e->sigsuspend_active = 1;
	e->sigmask = set & ~SIG_UNBLOCKABLE;
	return -EINTR;
}

SYS(rt_sigtimedwait)
{
	uint64_t set;
	if (a[3] != 8)
		return -EINVAL;
	if (gmem_copy_from(&e->mem, &set, a[0], 8))
		return -EFAULT;
	uint64_t ready = e->sigpending & set;
	int64_t ts[2] = { 0, 0 };
	if (!ready && a[2] && gmem_copy_from(&e->mem, ts, a[2], sizeof(ts)))
		return -EFAULT;
	if (!ready && (!a[2] || ts[0] || ts[1]) && e->n_threads > 1 && thread_other_runnable(e)) {
		/* another thread may send it (pthread_kill): wait by asking again at this thread's
		 * next turn, as Linux blocks until then; a timeout is not counted meanwhile */
		thread_io_retry(e);
		return (int64_t)a[0];
	}
	if (!ready && timers_can_wake(e)) {
		/* a timer may raise one of them (or another unblocked signal) meanwhile */
		if (ts[0] < 0 || ts[1] < 0 || ts[1] >= 1000000000)
			return -EINVAL;
		uint64_t max = a[2] ? (uint64_t)ts[0] * 1000000000ull + (uint64_t)ts[1] : UINT64_MAX;
		if (timers_wait(e, max, e->sigmask & ~set) == 1 && !(e->sigpending & set))
			return -EINTR;
		ready = e->sigpending & set;
	}
	if (!ready)
		return -EAGAIN;
	int sig = __builtin_ctzll(ready) + 1;
	e->sigpending &= ~SIG_BIT(sig);
	if (a[1]) {
		uint8_t info[128] = { 0 };
		sig_put32(info, 0, (uint32_t)sig);
		sig_put32(info, 8, (uint32_t)e->sig_code[sig]);
		if (e->sig_code[sig] == SIG_SI_TIMER) {
			sig_put64(info, 16, e->sig_addr[sig]);
			sig_put64(info, 24, e->sig_value[sig]);
		}
		if (gmem_copy_to(&e->mem, a[1], info, sizeof(info)))
			return -EFAULT;
	}
	return sig;
}

SYS(sigaltstack)
{
	uint8_t old[24] = { 0 };
	struct hart *h = &e->hart;
	int on_alt = e->altstack_size && h->x[2] - e->altstack_sp < e->altstack_size;
	sig_put64(old, 0, e->altstack_sp);
	sig_put32(old, 8, (uint32_t)(on_alt ? SS_ONSTACK : e->altstack_size ? 0 : SS_DISABLE));
	sig_put64(old, 16, e->altstack_size);
	if (a[0]) {
		uint8_t n[24];
		if (gmem_copy_from(&e->mem, n, a[0], sizeof(n)))
			return -EFAULT;
		if (on_alt)
			return -EPERM;
		uint32_t flags = sig_get32(n, 8);
		if (flags & ~(uint32_t)(SS_DISABLE | (1u << 31) /* SS_AUTODISARM */))
			return -EINVAL;
		if (flags & SS_DISABLE) {
			e->altstack_sp = e->altstack_size = 0;
		} else {
			if (sig_get64(n, 16) < 2048)
				return -ENOMEM;
			e->altstack_sp = sig_get64(n, 0);
			e->altstack_size = sig_get64(n, 16);
		}
		e->altstack_flags = flags;
	}
	if (a[1] && gmem_copy_to(&e->mem, a[1], old, sizeof(old)))
		return -EFAULT;
	return 0;
}

/* Restores the vector state of the extension area of the frame at sp, walking its headers as
 * Linux's restore_sigcontext does: the reserved word must be 0, a V header must have the size
 * of this VLEN's context, the walk ends at an END header {0, 0}; anything else is a bad frame.
 * vl and vtype go back as vsetvl would set them, the registers come from datap. 0 or -1. */
static int sig_restore_ext(struct emu *e, const uint8_t *f, uint64_t sp)
{
	struct hart *h = &e->hart;
	if (sig_get32(f, SIGF_UC_EXT_RSVD))
		return -1;
	uint64_t at = sp + SIGF_UC_EXT_HDR;
	for (;;) {
		uint32_t hdr[2];
		if (gmem_copy_from(&e->mem, hdr, at, sizeof(hdr)))
			return -1;
		if (hdr[0] == 0)
			return hdr[1] == 0 ? 0 : -1;
		if (hdr[0] != SIGF_V_MAGIC || !h->vlenb || hdr[1] != sig_v_size(h))
			return -1;
		uint64_t st[6];
		if (gmem_copy_from(&e->mem, st, at + 8, sizeof(st)) ||
		    gmem_copy_from(&e->mem, h->vreg, st[5], 32u * h->vlenb))
			return -1;
		uint64_t vtype = st[2], vlmul = vtype & 7u, vsew = (vtype >> 3) & 7u;
		int ill = (vtype >> 8) != 0 || vlmul == 4 || vsew > 3 ||
			  (vlmul > 4 && (64u >> (8 - vlmul)) < (8u << vsew));
		if (ill) {
			h->vtype = HART_VTYPE_VILL;
			h->vl = 0;
		} else {
			uint64_t bits = (uint64_t)h->vlenb * 8u;
			bits = vlmul < 4 ? bits << vlmul : bits >> (8 - vlmul);
			uint64_t vlmax = bits / (8u << vsew);
			h->vtype = vtype;
			h->vl = st[1] < vlmax ? st[1] : vlmax;
		}
		h->vstart = st[0] & ((uint64_t)h->vlenb * 8u - 1u);
		h->vxrm = (uint8_t)((st[3] >> 1) & 3u);
		h->vxsat = (uint8_t)(st[3] & 1u);
		at += hdr[1];
	}
}

SYS(rt_sigreturn)
{
	(void)a;
	struct hart *h = &e->hart;
	uint8_t f[SIGF_SIZE];
	uint64_t sp = h->x[2];
	if (gmem_copy_from(&e->mem, f, sp, sizeof(f)) || sig_restore_ext(e, f, sp)) {
		fault_signal_death(e, SIGSEGV, "bad signal frame in rt_sigreturn");
		return -1;
	}
	for (int i = 1; i < 32; i++)
		h->x[i] = sig_get64(f, SIGF_UC_MCONTEXT + 8 * (size_t)i);
	for (int i = 0; i < 32; i++)
		h->f[i] = sig_get64(f, SIGF_UC_FPREGS + 8 * (size_t)i);
	uint32_t fcsr = sig_get32(f, SIGF_UC_FCSR);
	h->fflags = fcsr & 31;
	h->frm = (fcsr >> 5) & 7;
	e->sigmask = sig_get64(f, SIGF_UC_SIGMASK) & ~SIG_UNBLOCKABLE;
	h->next_pc = sig_get64(f, SIGF_UC_MCONTEXT);
	return (int64_t)h->x[10];
}

static int64_t sig_to_self(struct emu *e, int sig, int code)
{
	if (sig < 0 || sig > EMU_NSIG)
		return -EINVAL;
	if (sig == 0)
		return 0;
	syscall_signal_raise(e, sig, code, 0);
	return 0;
}

/* Signal thread tid of this process: its own pending set (a waiting thread's wait ends with
 * EINTR when it does not block the signal). */
static int64_t sig_to_thread(struct emu *e, int tid, int sig)
{
	if (sig < 0 || sig > EMU_NSIG)
		return -EINVAL;
	struct emu_sigaction *act = &e->sigact[sig];
	if (sig == 0 || (sig != SIGKILL && sig != SIGSTOP &&
			 (act->handler == 1 || (act->handler == 0 && sig_default_ignored(sig)))))
		return thread_signal(e, tid, 0) == -ESRCH ? -ESRCH : 0;
	int r = thread_signal(e, tid, sig);
	if (r)
		return r;
	e->sig_code[sig] = -6;  /* SI_TKILL */
	e->sig_addr[sig] = 0;
	return 0;
}

SYS(kill)
{
	int pid = (int)a[0];
	if (pid == e->pid || pid == 0 || pid == -1)
		return sig_to_self(e, (int)a[1], 0 /* SI_USER */);
	if (pid > 0 && (pid = hermetic_host_pid(e, pid)) < 0)
		return -ESRCH;  /* no process of the guest's has that (virtual) pid */
	return syscall_host(kill(pid, (int)a[1]));
}

SYS(tgkill)
{
	if ((int)a[0] != e->pid) {
		int host = (int)a[0] > 0 ? hermetic_host_pid(e, (int)a[0]) : -1;
		if ((int)a[0] <= 0)
			return -EINVAL;
		if (host < 0)
			return -ESRCH;
		/* another process's threads keep their numbering inside it: only its main thread
		 * (tid = pid) is reachable from here under hermetic */
		int tid = e->ids ? (a[1] == a[0] ? host : -1) : (int)a[1];
		return tid < 0 ? -ESRCH : syscall_host(syscall(SYS_tgkill, host, tid, (int)a[2]));
	}
	return sig_to_thread(e, (int)a[1], (int)a[2]);
}

SYS(tkill)
{
	return sig_to_thread(e, (int)a[0], (int)a[1]);
}

/* ---- futex --------------------------------------------------------------------------------- */

#define FUTEX_CMD_MASK 0x7f
#define FUTEX_CLOCK_REALTIME_F 256

/* The wait's deadline on the guest monotonic clock from the timespec at ts (0: none):
 * relative for FUTEX_WAIT, absolute (monotonic, or realtime with FUTEX_CLOCK_REALTIME) for
 * FUTEX_WAIT_BITSET. Returns 0 or -errno. */
static int64_t sig_futex_deadline(struct emu *e, uint64_t ts, int absolute, int realtime,
				  uint64_t *deadline)
{
	int64_t t[2];
	*deadline = 0;
	if (!ts)
		return 0;
	if (gmem_copy_from(&e->mem, t, ts, sizeof(t)))
		return -EFAULT;
	if (t[0] < 0 || t[1] < 0 || t[1] >= 1000000000)
		return -EINVAL;
	uint64_t ns = (uint64_t)t[0] * 1000000000ull + (uint64_t)t[1];
	uint64_t mono = emu_time_ns(e, 0) + e->sleep_ns;
	if (!absolute) {
		*deadline = mono + (ns ? ns : 1);
	} else {
		uint64_t now = realtime ? emu_time_ns(e, 1) + e->sleep_ns : mono;
		*deadline = mono + (ns > now ? ns - now : 0);
		if (*deadline <= mono)
			return -ETIMEDOUT;
	}
	return 0;
}

SYS(futex)
{
	uint64_t uaddr = a[0];
	int cmd = (int)a[1] & FUTEX_CMD_MASK & ~128;
	uint32_t val = (uint32_t)a[2];
	uint32_t cur;
	switch (cmd) {
	case 0:  /* FUTEX_WAIT */
	case 9: { /* FUTEX_WAIT_BITSET */
		uint32_t bitset = cmd == 9 ? (uint32_t)a[5] : ~0u;
		if ((uaddr & 3) || !bitset)
			return -EINVAL;
		if (gmem_copy_from(&e->mem, &cur, uaddr, 4))
			return -EFAULT;
		if (cur != val)
			return -EAGAIN;
		uint64_t deadline;
		int64_t err = sig_futex_deadline(e, a[3], cmd == 9, ((int)a[1] & FUTEX_CLOCK_REALTIME_F) != 0,
						 &deadline);
		if (err)
			return err;
		thread_futex_wait(e, uaddr, bitset, deadline);
		return 0;
	}
	case 1:  /* FUTEX_WAKE */
	case 10: { /* FUTEX_WAKE_BITSET */
		uint32_t bitset = cmd == 10 ? (uint32_t)a[5] : ~0u;
		if (!bitset)
			return -EINVAL;
		return thread_futex_wake(e, uaddr, bitset, (int)(val > 0x7fffffff ? 0x7fffffff : val), 0, 0, 0);
	}
	case 3:  /* FUTEX_REQUEUE */
	case 4: { /* FUTEX_CMP_REQUEUE */
		if (cmd == 4) {
			if (gmem_copy_from(&e->mem, &cur, uaddr, 4))
				return -EFAULT;
			if (cur != (uint32_t)a[5])
				return -EAGAIN;
		}
		uint64_t n2 = a[3] > 0x7fffffff ? 0x7fffffff : a[3];  /* val2 travels in the timeout slot */
		return thread_futex_wake(e, uaddr, ~0u, (int)(val > 0x7fffffff ? 0x7fffffff : val), a[4],
					 (int)n2, cmd == 4);
	}
	case 5: { /* FUTEX_WAKE_OP: apply the operation to *uaddr2, wake on uaddr (and uaddr2) */
		uint32_t op = (uint32_t)a[5], old;
		if (gmem_copy_from(&e->mem, &old, a[4], 4))
			return -EFAULT;
		uint32_t arg = (op >> 12) & 0xfff, cmparg = op & 0xfff, nv = old;
		if (op & (8u << 28))
			arg = 1u << (arg & 31);
		switch ((op >> 28) & 7) {
		case 0: nv = arg; break;
		case 1: nv = old + arg; break;
		case 2: nv = old | arg; break;
		case 3: nv = old & ~arg; break;
		case 4: nv = old ^ arg; break;
		default: return -ENOSYS;
		}
		if (gmem_copy_to(&e->mem, a[4], &nv, 4))
			return -EFAULT;
		int hit;
		switch ((op >> 24) & 15) {
		case 0: hit = old == cmparg; break;
		case 1: hit = old != cmparg; break;
		case 2: hit = (int32_t)old < (int32_t)cmparg; break;
		case 3: hit = (int32_t)old <= (int32_t)cmparg; break;
		case 4: hit = (int32_t)old > (int32_t)cmparg; break;
		case 5: hit = (int32_t)old >= (int32_t)cmparg; break;
		default: return -ENOSYS;
		}
		int n = thread_futex_wake(e, uaddr, ~0u, (int)(val > 0x7fffffff ? 0x7fffffff : val), 0, 0, 0);
		if (hit)
			n += thread_futex_wake(e, a[4], ~0u, (int)(a[3] > 0x7fffffff ? 0x7fffffff : a[3]), 0, 0, 0);
		return n;
	}
	default:
		syscall_warn(e, 98, "unsupported futex operation; returning ENOSYS");
		return -ENOSYS;
	}
}
