/*
 * jit_fault.c — host faults in translated code become the exact handler's work (jit.h).
 *
 * Translated loads and stores go straight to host memory, whose pages carry the guest's
 * permissions (gmem.h); a page the guest may not access that way (unmapped, protected, past
 * the end of its file, holding decoded instructions for a store) faults on the host. For each
 * such access the translation names the exit stub of its op (what a failed check before it
 * would have jumped to: the stub stores the guest registers held in host registers and
 * returns the op's index), and SIGSEGV/SIGBUS handlers move the faulting thread there: the
 * op's handler then does the whole op, with gmem's exact checks, faults and self-modifying
 * code handling, as when the translated code still tested the permission byte. Nothing of
 * the op happened before the fault (an x86-64 instruction that faults writes nothing).
 *
 * The table of an arena is sorted by address (code is appended at rising addresses); the
 * handler only reads it, and it is only written between runs of translated code (robin runs
 * the guest on one host thread). A fault anywhere else goes to the handler that was installed
 * before (the sanitizer's, a test framework's, or the default action); whoever installs a
 * handler after robin's is put behind it again when the guest runs next (jit_fault_ready).
 */
#include "emu/jit.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

struct jit_faults {
	uintptr_t lo, hi;   /* the arena's executable view */
	uint32_t *at, *to;  /* access and stub offsets from lo, sorted by at */
	size_t n, cap;
};

#define JIT_FAULT_TABLES 16
static struct jit_faults *jit_fault_tabs[JIT_FAULT_TABLES];
static struct sigaction jit_fault_old[2];  /* SIGSEGV, SIGBUS before ours */
/* both handlers are ours (robin installs no other): jit_fault_ready asks the kernel only
 * until then, not at every emu_run (a warming trace's loop calls it once per op it hands
 * back: two system calls each time), and again after jit_fault_recheck (emu_create) */
static volatile sig_atomic_t jit_fault_ours;

void jit_fault_recheck(void)
{
	jit_fault_ours = 0;
}

#if defined(__x86_64__)
static int jit_fault_find(uintptr_t rip, uintptr_t *to)
{
	for (int i = 0; i < JIT_FAULT_TABLES; i++) {
		const struct jit_faults *t = jit_fault_tabs[i];
		if (!t || rip < t->lo || rip >= t->hi)
			continue;
		uint32_t off = (uint32_t)(rip - t->lo);
		size_t lo = 0, hi = t->n;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (t->at[mid] < off)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < t->n && t->at[lo] == off) {
			*to = t->lo + t->to[lo];
			return 1;
		}
		return 0;
	}
	return 0;
}

static void jit_fault_handler(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	uintptr_t to;
	if (jit_fault_find((uintptr_t)uc->uc_mcontext.gregs[REG_RIP], &to)) {
		uc->uc_mcontext.gregs[REG_RIP] = (greg_t)to;
		return;
	}
	/* not a translated access: whoever handled it before, else the default action (the
	 * instruction runs again and the signal ends the process as it would have) */
	const struct sigaction *old = &jit_fault_old[sig == SIGBUS];
	if ((old->sa_flags & SA_SIGINFO) && old->sa_sigaction) {
		old->sa_sigaction(sig, si, ucv);
		return;
	}
	if (old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN) {
		old->sa_handler(sig);
		return;
	}
	jit_fault_ours = 0;
	signal(sig, SIG_DFL);
}

int jit_fault_ready(void)
{
	static const int sigs[2] = { SIGSEGV, SIGBUS };
	if (jit_fault_ours)
		return 0;
	for (int i = 0; i < 2; i++) {
		struct sigaction cur, sa;
		if (sigaction(sigs[i], NULL, &cur))
			return -1;
		if ((cur.sa_flags & SA_SIGINFO) && cur.sa_sigaction == jit_fault_handler)
			continue;
		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = jit_fault_handler;
		sa.sa_flags = SA_SIGINFO | SA_NODEFER;
		sigemptyset(&sa.sa_mask);
		if (sigaction(sigs[i], &sa, &jit_fault_old[i]))
			return -1;
	}
	jit_fault_ours = 1;
	return 0;
}
#else
int jit_fault_ready(void) { return -1; }
#endif

int jit_fault_add(struct jit_faults **tp, const uint8_t *lo, size_t size, const uint8_t *code,
		  const struct jit_code *c)
{
	struct jit_faults *t = *tp;
	if (!c->n_fault)
		return 0;
	if (jit_fault_ready())
		return -1;
	if (!t) {
		int slot = 0;
		while (slot < JIT_FAULT_TABLES && jit_fault_tabs[slot])
			slot++;
		if (slot == JIT_FAULT_TABLES || !(t = calloc(1, sizeof(*t))))
			return -1;
		t->lo = (uintptr_t)lo;
		t->hi = (uintptr_t)lo + size;
		jit_fault_tabs[slot] = t;
		*tp = t;
	}
	if (t->n + c->n_fault > t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 4096;
		while (cap < t->n + c->n_fault)
			cap *= 2;
		uint32_t *at = realloc(t->at, cap * sizeof(*at));
		if (!at)
			return -1;
		t->at = at;
		uint32_t *to = realloc(t->to, cap * sizeof(*to));
		if (!to)
			return -1;
		t->to = to;
		t->cap = cap;
	}
	uint32_t base = (uint32_t)((uintptr_t)code - t->lo);
	for (uint32_t i = 0; i < c->n_fault; i++) {
		uint32_t at = base + c->fault_at[i], to = base + c->fault_to[i];
		size_t k = t->n;
		while (k > 0 && t->at[k - 1] > at)  /* appended in order: the loop does not run */
			k--;
		if (k > 0 && t->at[k - 1] == at) {  /* the same address again: the newer stub */
			t->to[k - 1] = to;
			continue;
		}
		memmove(t->at + k + 1, t->at + k, (t->n - k) * sizeof(*t->at));
		memmove(t->to + k + 1, t->to + k, (t->n - k) * sizeof(*t->to));
		t->at[k] = at;
		t->to[k] = to;
		t->n++;
	}
	return 0;
}

void jit_fault_free(struct jit_faults *t)
{
	if (!t)
		return;
	for (int i = 0; i < JIT_FAULT_TABLES; i++)
		if (jit_fault_tabs[i] == t)
			jit_fault_tabs[i] = NULL;
	free(t->at);
	free(t->to);
	free(t);
}
