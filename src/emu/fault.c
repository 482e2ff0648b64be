/*
 * fault.c — how a guest dies: the one-line fault message (signal, what was accessed, PC,
 * symbol, disassembly) and the signal the program would have been killed by; and the list of
 * mapped images that names symbols in those messages.
 */
#include <elf.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emu/emu_priv.h"

void emu_image_add(struct emu *e, uint64_t start, uint64_t end, uint64_t bias, const char *path)
{
	emu_image_remove(e, start, end);
	if (e->n_images == (int)(sizeof(e->images) / sizeof(e->images[0])))
		emu_image_remove(e, e->images[0].start, e->images[0].start + 1);  /* forget the oldest */
	char *copy = strdup(path);
	if (!copy)
		return;
	struct emu_image *im = &e->images[e->n_images++];
	memset(im, 0, sizeof(*im));
	im->start = start;
	im->end = end;
	im->bias = bias;
	im->path = copy;
}

void emu_image_remove(struct emu *e, uint64_t start, uint64_t end)
{
	for (int i = 0; i < e->n_images;) {
		struct emu_image *im = &e->images[i];
		if (im->start >= end || start >= im->end) {
			i++;
		} else if (start <= im->start && end >= im->end) {
			free(im->path);
			symtab_free(im->syms);
			memmove(im, im + 1, (size_t)(e->n_images - i - 1) * sizeof(*im));
			e->n_images--;
		} else {
			/* keep the part in front of the range, else the part after it */
			if (start > im->start)
				im->end = start;
			else
				im->start = end;
			i++;
		}
	}
}

const char *emu_symbol_at(struct emu *e, uint64_t pc, uint64_t *off, const char **image,
			  int *main_image)
{
	*image = NULL;
	for (int i = e->n_images - 1; i >= 0; i--) {
		struct emu_image *im = &e->images[i];
		if (pc < im->start || pc >= im->end)
			continue;
		if (!im->syms_tried) {
			im->syms_tried = 1;
			im->syms = symtab_load(im->path);
		}
		const char *name = symtab_lookup(im->syms, pc - im->bias, off);
		const char *base = strrchr(im->path, '/');
		*image = base ? base + 1 : im->path;
		*main_image = !strcmp(im->path, e->exe_path) || i == 0;
		if (!name)
			*off = pc - im->start;
		return name;
	}
	return NULL;
}

void fault_symbolize(struct emu *e, uint64_t pc, char *buf, size_t n)
{
	buf[0] = 0;
	uint64_t off;
	const char *base;
	int main_image = 0;
	const char *name = emu_symbol_at(e, pc, &off, &base, &main_image);
	if (name && main_image)
		snprintf(buf, n, " <%s+0x%" PRIx64 ">", name, off);
	else if (name)
		snprintf(buf, n, " <%s+0x%" PRIx64 " in %s>", name, off, base);
	else if (base)
		snprintf(buf, n, " <%s+0x%" PRIx64 ">", base, off);
}

static const char *fault_signame(int sig)
{
	switch (sig) {
	case SIGILL: return "SIGILL";
	case SIGSEGV: return "SIGSEGV";
	case SIGTRAP: return "SIGTRAP";
	case SIGBUS: return "SIGBUS";
	case SIGABRT: return "SIGABRT";
	case SIGFPE: return "SIGFPE";
	case SIGKILL: return "SIGKILL";
	case SIGTERM: return "SIGTERM";
	case SIGINT: return "SIGINT";
	case SIGHUP: return "SIGHUP";
	case SIGQUIT: return "SIGQUIT";
	case SIGPIPE: return "SIGPIPE";
	case SIGALRM: return "SIGALRM";
	case SIGUSR1: return "SIGUSR1";
	case SIGUSR2: return "SIGUSR2";
	case SIGSYS: return "SIGSYS";
	case SIGXCPU: return "SIGXCPU";
	case SIGXFSZ: return "SIGXFSZ";
	default: return NULL;
	}
}

/* ": <disassembly>" of the instruction at pc, if it can be decoded. */
static void fault_disasm(struct emu *e, uint64_t pc, char *buf, size_t n)
{
	buf[0] = 0;
	const struct isa_insn *in = emu_decode_at(e, pc);
	if (!in || n < 8)
		return;
	buf[0] = ':';
	buf[1] = ' ';
	isa_disasm(in, pc, buf + 2, n - 2);
	for (char *c = buf; *c; c++)
		if (*c == '\t')
			*c = ' ';
}

void fault_describe(struct emu *e)
{
	const struct hart_trap *t = &e->hart.trap;
	char sym[256], dis[128];
	const char *what = "fault", *where = "";
	int sig = SIGSEGV;
	fault_symbolize(e, t->pc, sym, sizeof(sym));
	fault_disasm(e, t->pc, dis, sizeof(dis));
	switch (t->cause) {
	case HART_TRAP_ILLEGAL:
		e->fault_signal = SIGILL;
		if (dis[0])
			snprintf(e->fault_msg, sizeof(e->fault_msg),
				 "guest fault: SIGILL: illegal instruction at pc 0x%" PRIx64 "%s%s", t->pc, sym, dis);
		else
			snprintf(e->fault_msg, sizeof(e->fault_msg),
				 "guest fault: SIGILL: illegal instruction 0x%0*" PRIx64 " at pc 0x%" PRIx64 "%s",
				 (t->tval & 3) == 3 ? 8 : 4, t->tval, t->pc, sym);
		return;
	case HART_TRAP_EBREAK:
		e->fault_signal = SIGTRAP;
		snprintf(e->fault_msg, sizeof(e->fault_msg),
			 "guest fault: SIGTRAP: breakpoint at pc 0x%" PRIx64 "%s%s", t->pc, sym, dis);
		return;
	case HART_TRAP_FETCH_FAULT:
		what = "instruction fetch from";
		break;
	case HART_TRAP_LOAD_FAULT:
		what = "load from";
		break;
	case HART_TRAP_STORE_FAULT:
		what = "store to";
		break;
	default:
		break;
	}
	const char *suffix = "";
	switch (e->mem.fault_kind) {
	case GMEM_FAULT_PROT:
		where = t->cause == HART_TRAP_STORE_FAULT  ? "non-writable " :
			t->cause == HART_TRAP_FETCH_FAULT ? "non-executable " : "unreadable ";
		break;
	case GMEM_FAULT_BUS:
		sig = SIGBUS;
		suffix = " beyond the end of its file mapping";
		break;
	case GMEM_FAULT_ALIGN:
		sig = SIGBUS;
		where = "misaligned ";
		what = t->cause == HART_TRAP_LOAD_FAULT ? "atomic load from" : "atomic access to";
		break;
	default:
		where = "unmapped ";
		break;
	}
	e->fault_signal = sig;
	snprintf(e->fault_msg, sizeof(e->fault_msg),
		 "guest fault: %s: %s %saddress 0x%" PRIx64 "%s at pc 0x%" PRIx64 "%s%s",
		 fault_signame(sig), what, where, t->tval, suffix, t->pc, sym,
		 t->cause == HART_TRAP_FETCH_FAULT ? "" : dis);
}

void fault_signal_death(struct emu *e, int sig, const char *why)
{
	char sym[256];
	const char *name = fault_signame(sig);
	char num[16];
	if (!name) {
		snprintf(num, sizeof(num), "signal %d", sig);
		name = num;
	}
	fault_symbolize(e, e->hart.pc, sym, sizeof(sym));
	e->fault_signal = sig;
	snprintf(e->fault_msg, sizeof(e->fault_msg), "guest killed by %s (%s) at pc 0x%" PRIx64 "%s",
		 name, why, e->hart.pc, sym);
	hart_raise(&e->hart, HART_TRAP_KILLED, (uint64_t)sig);
}
