/*
 * loader.c — put a riscv64 Linux program into guest memory as execve does: validate the ELF64
 * headers (every offset and size against the file), map the PT_LOAD segments with their bss,
 * load the PT_INTERP interpreter from the sysroot, and build the initial stack with argc, argv,
 * envp and the auxiliary vector. Entry point: loader_load (emu_priv.h).
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf/elf_check.h"
#include "emu/emu_priv.h"
#include "emu/hermetic.h"
#include "isa/isa_ext.h"
#include "util/regfile.h"

struct loader_elf {
	const char *path;
	struct elf_check hdr;    /* ELF header and program headers, checked */
	uint64_t lo, hi;         /* page-aligned span of the PT_LOADs (ELF addresses) */
	uint64_t align;          /* largest PT_LOAD alignment (>= page) */
	uint64_t bias;           /* guest address - ELF address */
	uint64_t phdr_vaddr;     /* ELF address of the program headers, 0 if not loaded */
	int has_interp;
	int exec_stack;
	char interp[PATH_MAX];
};

static uint64_t loader_page_down(uint64_t a) { return a & ~GMEM_PAGE_MASK; }
static uint64_t loader_page_up(uint64_t a) { return (a + GMEM_PAGE_MASK) & ~GMEM_PAGE_MASK; }

#define LOADER_ERR(e, ...) emu_set_error((e), ENOEXEC, __VA_ARGS__)

/* Read and check the ELF header, program headers and PT_INTERP of an open file. */
static int loader_check(struct emu *e, int fd, struct loader_elf *le, int is_interp)
{
	static const struct elf_check_want riscv = { EM_RISCV, "RISC-V", EF_RISCV_RVE,
						     "RV32E/RV64E programs" };
	const char *p = le->path;
	char msg[ELF_CHECK_ERR_MAX];
	int rc = elf_check_headers(fd, p, &riscv, &le->hdr, msg, sizeof(msg));
	if (rc)
		return emu_set_error(e, rc, "%s", msg);
	const Elf64_Ehdr *eh = &le->hdr.eh;
	uint64_t phbytes = (uint64_t)eh->e_phnum * sizeof(Elf64_Phdr);

	int nload = 0;
	uint64_t prev_end = 0, entry_ok = 0;
	le->align = GMEM_PAGE_SIZE;
	le->has_interp = 0;
	le->exec_stack = 0;
	le->phdr_vaddr = 0;
	for (unsigned i = 0; i < eh->e_phnum; i++) {
		const Elf64_Phdr *ph = &le->hdr.ph[i];
		unsigned long long off = eh->e_phoff + (unsigned long long)i * sizeof(*ph);
		switch (ph->p_type) {
		case PT_LOAD:
			if (!ph->p_memsz)
				break;
			if (ph->p_filesz > ph->p_memsz)
				return LOADER_ERR(e, "%s: segment %u (header at 0x%llx): file size 0x%llx exceeds memory size 0x%llx",
						  p, i, off, (unsigned long long)ph->p_filesz,
						  (unsigned long long)ph->p_memsz);
			if (ph->p_offset > le->hdr.fsize || ph->p_filesz > le->hdr.fsize - ph->p_offset)
				return LOADER_ERR(e, "%s: segment %u (header at 0x%llx): file bytes 0x%llx..0x%llx extend past the end of the file (0x%llx)",
						  p, i, off, (unsigned long long)ph->p_offset,
						  (unsigned long long)(ph->p_offset + ph->p_filesz),
						  (unsigned long long)le->hdr.fsize);
			if ((ph->p_vaddr - ph->p_offset) & GMEM_PAGE_MASK)
				return LOADER_ERR(e, "%s: segment %u (header at 0x%llx): address 0x%llx and file offset 0x%llx differ modulo the page size",
						  p, i, off, (unsigned long long)ph->p_vaddr,
						  (unsigned long long)ph->p_offset);
			if (ph->p_align > 1 && (ph->p_align & (ph->p_align - 1)))
				return LOADER_ERR(e, "%s: segment %u (header at 0x%llx): alignment 0x%llx is not a power of two",
						  p, i, off, (unsigned long long)ph->p_align);
			if (ph->p_vaddr >= GMEM_GUEST_SIZE || ph->p_memsz > GMEM_GUEST_SIZE - ph->p_vaddr)
				return LOADER_ERR(e, "%s: segment %u (header at 0x%llx): addresses 0x%llx+0x%llx lie outside the 256 GiB guest address space",
						  p, i, off, (unsigned long long)ph->p_vaddr,
						  (unsigned long long)ph->p_memsz);
			if (nload && ph->p_vaddr < prev_end)
				return LOADER_ERR(e, "%s: segment %u (header at 0x%llx) at 0x%llx overlaps or precedes the previous segment (ends 0x%llx)",
						  p, i, off, (unsigned long long)ph->p_vaddr,
						  (unsigned long long)prev_end);
			if (!nload)
				le->lo = loader_page_down(ph->p_vaddr);
			prev_end = ph->p_vaddr + ph->p_memsz;
			le->hi = loader_page_up(prev_end);
			if (ph->p_align > le->align && ph->p_align <= (1u << 30))
				le->align = ph->p_align;
			if ((ph->p_flags & PF_X) && eh->e_entry >= ph->p_vaddr &&
			    eh->e_entry - ph->p_vaddr < ph->p_memsz)
				entry_ok = 1;
			if (eh->e_phoff >= ph->p_offset && eh->e_phoff + phbytes <= ph->p_offset + ph->p_filesz)
				le->phdr_vaddr = ph->p_vaddr + (eh->e_phoff - ph->p_offset);
			nload++;
			break;
		case PT_INTERP:
			if (is_interp)
				break;
			if (le->has_interp)
				return LOADER_ERR(e, "%s: more than one PT_INTERP (header at 0x%llx)", p, off);
			rc = elf_check_interp(fd, p, &le->hdr, i, le->interp, sizeof(le->interp), msg,
					      sizeof(msg));
			if (rc)
				return emu_set_error(e, rc, "%s", msg);
			le->has_interp = 1;
			break;
		case PT_GNU_STACK:
			le->exec_stack = !!(ph->p_flags & PF_X);
			break;
		default:
			break;
		}
	}
	if (!nload)
		return LOADER_ERR(e, "%s: no loadable segment", p);
	if (!entry_ok)
		return LOADER_ERR(e, "%s: entry point 0x%llx (offset 0x18) is not in an executable segment",
				  p, (unsigned long long)eh->e_entry);
	for (unsigned i = 0; i < eh->e_phnum; i++)
		if (le->hdr.ph[i].p_type == PT_PHDR)
			le->phdr_vaddr = le->hdr.ph[i].p_vaddr;
	if (!is_interp && !le->phdr_vaddr)
		return LOADER_ERR(e, "%s: program headers (offset 0x%llx) are not inside a loadable segment",
				  p, (unsigned long long)eh->e_phoff);
	if (eh->e_type == ET_EXEC && le->lo < EMU_MMAP_BOTTOM)
		return LOADER_ERR(e, "%s: segment address 0x%llx is below the lowest mappable address 0x%llx",
				  p, (unsigned long long)le->lo, (unsigned long long)EMU_MMAP_BOTTOM);
	if (eh->e_type == ET_EXEC && le->hi > EMU_MMAP_TOP)
		return LOADER_ERR(e, "%s: segments end at 0x%llx, inside the stack and mmap area",
				  p, (unsigned long long)le->hi);
	return 0;
}

/* Map the PT_LOAD segments at le->bias. */
static int loader_map(struct emu *e, int fd, struct loader_elf *le)
{
	static const uint8_t zeros[GMEM_PAGE_SIZE];
	for (unsigned i = 0; i < le->hdr.eh.e_phnum; i++) {
		const Elf64_Phdr *ph = &le->hdr.ph[i];
		if (ph->p_type != PT_LOAD || !ph->p_memsz)
			continue;
		unsigned prot = ((ph->p_flags & PF_R) ? GMEM_R : 0) | ((ph->p_flags & PF_W) ? GMEM_W : 0) |
				((ph->p_flags & PF_X) ? GMEM_X : 0);
		uint64_t start = le->bias + ph->p_vaddr;
		uint64_t pg = loader_page_down(start);
		uint64_t file_end = start + ph->p_filesz;
		uint64_t mem_end = loader_page_up(start + ph->p_memsz);
		int err = 0;
		if (ph->p_filesz) {
			uint64_t len = loader_page_up(file_end) - pg;
			err = gmem_map_file(&e->mem, pg, len, prot, 0, fd, ph->p_offset - (start - pg));
			if (!err && ph->p_memsz > ph->p_filesz && (file_end & GMEM_PAGE_MASK))
				err = gmem_poke(&e->mem, file_end, zeros,
					       GMEM_PAGE_SIZE - (file_end & GMEM_PAGE_MASK));
			pg = loader_page_up(file_end);
		}
		if (!err && mem_end > pg)
			err = gmem_map_anon(&e->mem, pg, mem_end - pg, prot);
		if (err)
			return emu_set_error(e, -err, "%s: cannot map segment %u at 0x%llx: %s", le->path, i,
					     (unsigned long long)start, strerror(-err));
	}
	return 0;
}

/* Open, check and map one ELF file. Interpreters and PIE programs are placed at `want` when
 * nonzero and free, else top-down in the mmap area. */
static int loader_load_elf(struct emu *e, const char *path, struct loader_elf *le, int is_interp,
			   uint64_t want)
{
	le->path = path;
	int fd = regfile_open(path);
	if (fd < 0) {
		if (is_interp)
			return emu_set_error(e, ENOEXEC, "%s: cannot open the program interpreter: %s",
					     path, regfile_strerror(fd));
		if (fd == -REGFILE_ENOTREG || fd == -EISDIR)  /* a shell's 126, as for no permission */
			return emu_set_error(e, EACCES, "%s: not a regular file%s", path,
					     fd == -EISDIR ? " (a directory)" : " (FIFO, device or socket)");
		return emu_set_error(e, -fd, "%s: %s", path, regfile_strerror(fd));
	}
	int err = loader_check(e, fd, le, is_interp);
	if (err)
		goto out;
	le->bias = 0;
	if (le->hdr.eh.e_type == ET_DYN) {
		uint64_t span = le->hi - le->lo;
		uint64_t base = want ? (want + le->align - 1) & ~(le->align - 1) : 0;
		if (!base || span > EMU_MMAP_TOP - base || !gmem_is_free(&e->mem, base, span)) {
			uint64_t at = gmem_find_free(&e->mem, span + le->align - GMEM_PAGE_SIZE,
						    EMU_MMAP_BOTTOM, e->mmap_top);
			if (!at) {
				err = LOADER_ERR(e, "%s: no room for %llu bytes of segments", path,
						 (unsigned long long)span);
				goto out;
			}
			base = (at + le->align - 1) & ~(le->align - 1);
		}
		le->bias = base - le->lo;
	} else if (!gmem_is_free(&e->mem, le->lo, le->hi - le->lo)) {
		err = LOADER_ERR(e, "%s: segments 0x%llx..0x%llx collide with memory already in use",
				 path, (unsigned long long)le->lo, (unsigned long long)le->hi);
		goto out;
	}
	err = loader_map(e, fd, le);
	if (!err)
		emu_image_add(e, le->bias + le->lo, le->bias + le->hi, le->bias, path);
out:
	close(fd);
	return err;
}

/* ---- initial stack -------------------------------------------------------------------- */

struct loader_stack {
	struct emu *e;
	uint64_t sp;      /* grows down while strings are pushed */
	int err;
};

static uint64_t loader_push_bytes(struct loader_stack *s, const void *p, size_t n)
{
	if (s->err)
		return 0;
	if (n > s->sp - (EMU_STACK_TOP - EMU_STACK_BYTES / 4)) {
		s->err = E2BIG;
		return 0;
	}
	s->sp -= n;
	if (gmem_poke(&s->e->mem, s->sp, p, n))
		s->err = EFAULT;
	return s->sp;
}

static uint64_t loader_splitmix(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static int loader_stack(struct emu *e, const struct loader_elf *prog, uint64_t interp_base,
			const char *execfn, int argc, char *const argv[], char *const envp[])
{
	struct loader_stack s = { .e = e, .sp = EMU_STACK_TOP - 8 };
	int envc = 0;
	while (envp && envp[envc])
		envc++;
	uint64_t *argp = calloc((size_t)argc + 1, sizeof(uint64_t));
	uint64_t *envpp = calloc((size_t)envc + 1, sizeof(uint64_t));
	int err = 0;
	if (!argp || !envpp) {
		err = emu_set_error(e, ENOMEM, "out of memory building the stack");
		goto out;
	}
	uint64_t execfn_at = loader_push_bytes(&s, execfn, strlen(execfn) + 1);
	for (int i = envc - 1; i >= 0; i--)
		envpp[i] = loader_push_bytes(&s, envp[i], strlen(envp[i]) + 1);
	for (int i = argc - 1; i >= 0; i--) {
		const char *arg = i == 0 && e->cfg.hermetic ? execfn : argv[i];
		argp[i] = loader_push_bytes(&s, arg, strlen(arg) + 1);
	}
	uint8_t rnd[16];
	uint64_t st = e->cfg.seed ^ 0x726f62696e415452ull;  /* "robinATR" */
	for (int i = 0; i < 16; i += 8) {
		uint64_t r = loader_splitmix(&st);
		memcpy(rnd + i, &r, 8);
	}
	uint64_t random_at = loader_push_bytes(&s, rnd, sizeof(rnd));
	if (s.err) {
		err = emu_set_error(e, s.err, "%s: arguments and environment too large for the stack",
				    execfn);
		goto out;
	}
	uint64_t hwcap = 0;
	for (const char *c = "IMAFDC"; *c; c++)
		hwcap |= 1ull << (*c - 'A');
	if (e->isa_ext & ISA_X(ISA_X_V))  /* Linux: COMPAT_HWCAP_ISA_V when the harts have V */
		hwcap |= 1ull << ('V' - 'A');
	uint64_t auxv[][2] = {
		{ AT_PHDR, prog->bias + prog->phdr_vaddr },
		{ AT_PHENT, sizeof(Elf64_Phdr) },
		{ AT_PHNUM, prog->hdr.eh.e_phnum },
		{ AT_PAGESZ, GMEM_PAGE_SIZE },
		{ AT_BASE, interp_base },
		{ AT_FLAGS, 0 },
		{ AT_ENTRY, prog->bias + prog->hdr.eh.e_entry },
		{ AT_UID, getuid() },
		{ AT_EUID, geteuid() },
		{ AT_GID, getgid() },
		{ AT_EGID, getegid() },
		{ AT_HWCAP, hwcap },
		{ AT_CLKTCK, 100 },
		{ AT_SECURE, 0 },
		{ AT_RANDOM, random_at },
		{ AT_EXECFN, execfn_at },
		{ AT_NULL, 0 },
	};
	size_t nwords = 1 + (size_t)argc + 1 + (size_t)envc + 1 + 2 * (sizeof(auxv) / sizeof(auxv[0]));
	uint64_t sp = (s.sp - nwords * 8) & ~15ull;
	if (sp < EMU_STACK_TOP - EMU_STACK_BYTES / 4) {
		err = emu_set_error(e, E2BIG, "%s: arguments and environment too large for the stack",
				    execfn);
		goto out;
	}
	uint64_t *w = calloc(nwords, 8);
	if (!w) {
		err = emu_set_error(e, ENOMEM, "out of memory building the stack");
		goto out;
	}
	size_t k = 0;
	w[k++] = (uint64_t)argc;
	for (int i = 0; i < argc; i++)
		w[k++] = argp[i];
	w[k++] = 0;
	for (int i = 0; i < envc; i++)
		w[k++] = envpp[i];
	w[k++] = 0;
	memcpy(w + k, auxv, sizeof(auxv));
	if (gmem_poke(&e->mem, sp, w, nwords * 8))
		err = emu_set_error(e, EFAULT, "cannot write the initial stack");
	free(w);
	e->hart.x[2] = sp;
	/* for /proc/self/cmdline, environ, auxv and stat (procfs.c); strings are pushed downward,
	 * so each list is contiguous from its first string */
	e->stack_start = sp;
	e->auxv_at = sp + 8 * (1 + (uint64_t)argc + 1 + (uint64_t)envc + 1);
	e->auxv_bytes = sizeof(auxv);
	e->arg_start = argc ? argp[0] : 0;
	e->arg_end = argc ? argp[argc - 1] + strlen(argv[argc - 1]) + 1 : 0;
	e->env_start = envc ? envpp[0] : 0;
	e->env_end = envc ? envpp[envc - 1] + strlen(envp[envc - 1]) + 1 : 0;
out:
	free(argp);
	free(envpp);
	return err;
}

/* A loader_elf with every field zero but the program-header array and the tail of interp[],
 * which are written before they are read: clearing the whole 30 KiB cost ~7 page faults. */
static struct loader_elf *loader_elf_new(void)
{
	struct loader_elf *le = malloc(sizeof(*le));
	if (le) {
		memset(le, 0, offsetof(struct loader_elf, hdr.ph));
		memset(&le->lo, 0, offsetof(struct loader_elf, interp) + 1 - offsetof(struct loader_elf, lo));
	}
	return le;
}

int loader_load(struct emu *e, const char *path, int argc, char *const argv[], char *const envp[])
{
	struct loader_elf *prog = loader_elf_new();
	struct loader_elf *interp = loader_elf_new();
	int err;
	if (!prog || !interp) {
		err = emu_set_error(e, ENOMEM, "out of memory");
		goto out;
	}
	if (access(path, F_OK) == 0 && access(path, X_OK) != 0) {
		err = emu_set_error(e, EACCES, "%s: Permission denied", path);
		goto out;
	}
	e->mmap_top = EMU_MMAP_TOP;
	err = loader_load_elf(e, path, prog, 0, EMU_ET_DYN_BASE);
	if (err)
		goto out;
	char real[PATH_MAX];
	hermetic_exe(e, realpath(path, real) ? real : path);
	e->brk_start = e->brk_cur = prog->bias + prog->hi;
	err = gmem_map_anon(&e->mem, EMU_STACK_TOP - EMU_STACK_BYTES, EMU_STACK_BYTES,
			   GMEM_R | GMEM_W | (prog->exec_stack ? GMEM_X : 0));
	if (err) {
		err = emu_set_error(e, -err, "cannot map the stack: %s", strerror(-err));
		goto out;
	}
	uint64_t interp_base = 0;
	e->entry = prog->bias + prog->hdr.eh.e_entry;
	if (prog->has_interp) {
		char buf[PATH_MAX];
		const char *ipath = emu_path(e, prog->interp, buf, sizeof(buf));
		err = loader_load_elf(e, ipath, interp, 1, 0);
		if (err) {
			/* name the program too: the interpreter is its dependency */
			char msg[sizeof(e->error)];
			snprintf(msg, sizeof(msg), "%s", e->error);
			err = emu_set_error(e, ENOEXEC, "%s: interpreter %s", path, msg);
			goto out;
		}
		interp_base = interp->bias + interp->lo;
		e->entry = interp->bias + interp->hdr.eh.e_entry;
	}
	/* under hermetic the guest sees its program as /robin/NAME: argv[0] and AT_EXECFN */
	err = loader_stack(e, prog, interp_base, e->cfg.hermetic ? e->exe_guest : path, argc, argv,
			   envp);
	if (err)
		goto out;
	/* rt_sigreturn trampoline for signal handlers: li a7, 139; ecall */
	static const uint32_t tramp[2] = { 0x08b00893u, 0x00000073u };
	err = gmem_map_anon(&e->mem, EMU_SIGRETURN_PAGE, GMEM_PAGE_SIZE, GMEM_R | GMEM_W);
	if (!err)
		err = gmem_poke(&e->mem, EMU_SIGRETURN_PAGE, tramp, sizeof(tramp));
	if (!err)
		err = gmem_protect(&e->mem, EMU_SIGRETURN_PAGE, GMEM_PAGE_SIZE, GMEM_R | GMEM_X);
	if (err) {
		err = emu_set_error(e, -err, "cannot map the signal trampoline");
		goto out;
	}
	e->hart.pc = e->entry;
out:
	free(prog);
	free(interp);
	return err;
}
