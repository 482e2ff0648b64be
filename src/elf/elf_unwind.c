/*
 * elf_unwind.c — unwinding sampled user stacks with libdwfl's frame API (see elf_unwind.h).
 */
#include "elf/elf_unwind.h"

#include <elfutils/libdwfl.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "elf/elf_image.h"

/* A file reported to libdwfl (or refused by it), and its bytes for reads off the stack. */
struct unwind_file {
	char *path;
	int reported;              /* 1: a module, -1: libdwfl refused it */
	int opened;                /* 1: img open, -1: could not be opened */
	struct elf_image img;
};

struct elf_unwind_space {
	Dwfl *dwfl;
	int attached;              /* dwfl_attach_state done (needs a first module) */
	elf_unwind_lookup_fn lookup;
	void *lookup_arg;
	struct unwind_file *files;
	size_t n_files, cap_files;
	/* the sample being unwound */
	const uint64_t *regs;
	const uint8_t *stack;
	size_t stack_size;
	uint64_t *out;
	size_t max, n;
};

static char *unwind_debuginfo_path;

static const Dwfl_Callbacks unwind_offline_callbacks = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
	.debuginfo_path = &unwind_debuginfo_path,
};

static struct unwind_file *unwind_file(struct elf_unwind_space *s, const char *path)
{
	for (size_t i = 0; i < s->n_files; i++)
		if (!strcmp(s->files[i].path, path))
			return &s->files[i];
	if (s->n_files == s->cap_files) {
		size_t cap = s->cap_files ? s->cap_files * 2 : 8;
		struct unwind_file *v = realloc(s->files, cap * sizeof *v);
		if (!v)
			return NULL;
		s->files = v;
		s->cap_files = cap;
	}
	struct unwind_file *f = &s->files[s->n_files];
	memset(f, 0, sizeof *f);
	f->img.fd = -1;
	if (!(f->path = strdup(path)))
		return NULL;
	s->n_files++;
	return f;
}

/* Make sure the file holding addr is a libdwfl module (its CFI is then found by pc). */
static void unwind_report(struct elf_unwind_space *s, uint64_t addr)
{
	struct elf_unwind_map m;
	if (dwfl_addrmodule(s->dwfl, addr) || s->lookup(s->lookup_arg, addr, &m))
		return;
	struct unwind_file *f = unwind_file(s, m.path);
	if (!f || f->reported)
		return;
	/* add_p_vaddr: the base is the load bias (runtime - link-time address); libdwfl itself
	 * uses 0 for ET_EXEC files */
	Dwfl_Module *mod = dwfl_report_elf(s->dwfl, m.path, m.path, -1, (uint64_t)-m.bias, true);
	f->reported = mod ? 1 : -1;
}

/* ---- libdwfl's thread callbacks: one thread, the sample's registers and stack -------------- */

static pid_t unwind_next_thread(Dwfl *dwfl, void *dwfl_arg, void **thread_argp)
{
	(void)dwfl;
	(void)dwfl_arg;
	(void)thread_argp;
	return 0; /* threads are only ever asked for by tid */
}

static bool unwind_get_thread(Dwfl *dwfl, pid_t tid, void *dwfl_arg, void **thread_argp)
{
	(void)dwfl;
	(void)tid;
	*thread_argp = dwfl_arg;
	return true;
}

static bool unwind_memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
	(void)dwfl;
	struct elf_unwind_space *s = arg;
	uint64_t sp = s->regs[ELF_UNWIND_REG_SP];
	if (addr >= sp && addr - sp <= s->stack_size && s->stack_size - (addr - sp) >= 8) {
		memcpy(result, s->stack + (addr - sp), 8);
		return true;
	}
	/* off the copied stack: the bytes of the file mapped there (constants, GOT entries) */
	struct elf_unwind_map m;
	if (s->lookup(s->lookup_arg, addr, &m))
		return false;
	struct unwind_file *f = unwind_file(s, m.path);
	if (!f || f->opened < 0)
		return false;
	if (!f->opened)
		f->opened = elf_image_open(&f->img, m.path) ? -1 : 1;
	uint64_t v = 0;
	if (f->opened < 0 || elf_image_read(&f->img, addr + (uint64_t)m.bias, (uint8_t *)&v, 8) != 8)
		return false;
	*result = v;
	return true;
}

static bool unwind_set_initial_registers(Dwfl_Thread *thread, void *thread_arg)
{
	struct elf_unwind_space *s = thread_arg;
	Dwarf_Word regs[ELF_UNWIND_NREGS];
	for (int i = 0; i < ELF_UNWIND_NREGS; i++)
		regs[i] = s->regs[i];
	if (!dwfl_thread_state_registers(thread, 0, ELF_UNWIND_NREGS, regs))
		return false;
	dwfl_thread_state_register_pc(thread, s->regs[ELF_UNWIND_REG_PC]);
	return true;
}

static const Dwfl_Thread_Callbacks unwind_thread_callbacks = {
	.next_thread = unwind_next_thread,
	.get_thread = unwind_get_thread,
	.memory_read = unwind_memory_read,
	.set_initial_registers = unwind_set_initial_registers,
};

static int unwind_frame(Dwfl_Frame *state, void *arg)
{
	struct elf_unwind_space *s = arg;
	Dwarf_Addr pc;
	bool activation;
	if (!dwfl_frame_pc(state, &pc, &activation) || pc == 0)
		return DWARF_CB_ABORT;
	uint64_t at = activation ? pc : pc - 1;
	if (s->n == 0) {
		s->n = 1; /* the sampled pc itself, written by elf_unwind_stack */
	} else {
		s->out[s->n++] = at;
		if (s->n >= s->max)
			return DWARF_CB_ABORT;
	}
	unwind_report(s, at); /* the next step needs this frame's CFI */
	return DWARF_CB_OK;
}

/* ---- entry points ------------------------------------------------------------------------ */

int elf_unwind_space_new(elf_unwind_lookup_fn lookup, void *arg, struct elf_unwind_space **out)
{
	*out = NULL;
#if !defined(__x86_64__)
	(void)lookup;
	(void)arg;
	return -ENOTSUP;
#else
	struct elf_unwind_space *s = calloc(1, sizeof *s);
	if (!s)
		return -ENOMEM;
	s->dwfl = dwfl_begin(&unwind_offline_callbacks);
	if (!s->dwfl) {
		free(s);
		return -ENOMEM;
	}
	s->lookup = lookup;
	s->lookup_arg = arg;
	*out = s;
	return 0;
#endif
}

int elf_unwind_stack(struct elf_unwind_space *s, uint32_t tid, const uint64_t *regs,
		     const void *stack, size_t stack_size, uint64_t *pc, size_t max, size_t *n)
{
	*n = 0;
	if (!max)
		return 0;
	pc[0] = regs[ELF_UNWIND_REG_PC];
	*n = 1;
	s->regs = regs;
	s->stack = stack;
	s->stack_size = stack ? stack_size : 0;
	s->out = pc;
	s->max = max;
	s->n = 0;
	unwind_report(s, pc[0]);
	if (!s->attached) {
		/* the architecture comes from the first module: attach once one is known */
		if (!dwfl_addrmodule(s->dwfl, pc[0]))
			return 0;
		if (!dwfl_attach_state(s->dwfl, NULL, (pid_t)tid, &unwind_thread_callbacks, s))
			return 0;
		s->attached = 1;
	}
	/* errors end the walk (no CFI, a pc in no module): the frames so far are the stack */
	(void)dwfl_getthread_frames(s->dwfl, (pid_t)tid, unwind_frame, s);
	*n = s->n ? s->n : 1;
	return 0;
}

void elf_unwind_space_free(struct elf_unwind_space *s)
{
	if (!s)
		return;
	dwfl_end(s->dwfl);
	for (size_t i = 0; i < s->n_files; i++) {
		if (s->files[i].opened > 0)
			elf_image_close(&s->files[i].img);
		free(s->files[i].path);
	}
	free(s->files);
	free(s);
}
