/*
 * code_map.h — the code of one simulated (or traced) process, for turning runtime pcs into
 * what profiles are compared and reported by: the image and its link-time offset, the
 * function (ELF .symtab/.dynsym of the image, so libc's and libm's for dynamic programs), the
 * basic block (analysis/cfg.h over the function's bytes), the source line (DWARF) and the
 * disassembly. Images are registered with their runtime range and load bias; symbols and
 * CFGs are loaded lazily and cached.
 * Entry points: code_map_init, code_map_add, code_map_locate, code_map_describe,
 * code_map_free.
 */
#ifndef ROBIN_ANALYSIS_CODE_MAP_H
#define ROBIN_ANALYSIS_CODE_MAP_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/cfg.h"
#include "isa/isa.h"
#include "profile/symbols.h"

#define CODE_MAP_TEXT_MAX 128

struct code_map_image {
	char *path;                  /* host path of the file */
	uint64_t bias;               /* runtime address - link-time address */
	struct symbols *syms;        /* NULL until needed, or when it cannot be opened */
	int opened;                  /* symbols_open was tried */
	struct elf_image_ident ident;  /* build-id, arch, size (zeroed when unreadable) */
	int64_t db_id;               /* image id in a profile database, 0 = not yet added */
};

struct code_map_range {
	uint64_t start, end;         /* runtime [start, end) */
	uint32_t image;
};

struct code_map_cfg {
	uint32_t image;
	uint64_t func_start;         /* link-time */
	struct cfg g;                /* nblocks 0 when the code did not decode */
};

struct code_map {
	struct code_map_image *im;
	size_t nim;
	struct code_map_range *r;    /* sorted by start, non-overlapping */
	size_t nr;
	struct code_map_cfg *cfgs;   /* one per function seen */
	size_t ncfg, cfg_cap;
	uint32_t *cfg_slot;          /* hash (image, func_start) -> index + 1 */
	size_t cfg_nslot;
};

/* Where a runtime pc lies. */
struct code_loc {
	int image;                        /* index into map->im, -1 when in no image */
	uint64_t offset;                  /* link-time address in the image (the pc if none) */
	const struct symbols_func *func;  /* NULL when outside every function symbol */
	uint64_t block;                   /* runtime address of its basic block's start */
	int block_ok;                     /* 0: the function's code could not be decoded */
};

void code_map_init(struct code_map *m);

/* Register the runtime range [start, end) of the file `path` loaded with bias (runtime -
 * link-time). Ranges of one path share one image. Returns 0, -EINVAL (overlap or empty
 * range) or -ENOMEM. */
int code_map_add(struct code_map *m, const char *path, uint64_t start, uint64_t end,
		 uint64_t bias) __attribute__((warn_unused_result));

/* Locate pc. Returns 0 or -ENOMEM (building a CFG). */
int code_map_locate(struct code_map *m, uint64_t pc, struct code_loc *out)
	__attribute__((warn_unused_result));

/* Unit keys of the profile-error granularities (analysis/profile_error.h) for a location:
 * the instruction (its pc), its basic block (the block's runtime start, or the pc tagged as
 * a one-instruction block when the code did not decode) and its function (the function's
 * runtime start, or the image tagged when outside every symbol). The keys match the units
 * `robin diff` compares, so both report the same error for the same profiles. */
uint64_t code_map_key_insn(const struct code_loc *l, uint64_t pc);
uint64_t code_map_key_block(const struct code_loc *l, uint64_t pc);
uint64_t code_map_key_func(const struct code_map *m, const struct code_loc *l);

/* Text for an instruction: "func+0xoff" (or the image's base name, or the pc), the source
 * position "file.c:12" ("" when unknown) and the disassembly of `in` at its link-time
 * address in objdump syntax ("" when in is NULL). Buffers of CODE_MAP_TEXT_MAX bytes. */
void code_map_describe(struct code_map *m, const struct code_loc *l, uint64_t pc,
		       const struct isa_insn *in, char *where, char *source, char *disasm);

/* The CFG of function fn of image k (link-time addresses), built on first use and cached;
 * NULL with *rc = -ENOMEM when out of memory (a CFG of 0 blocks when it does not decode). */
const struct cfg *code_map_func_cfg(struct code_map *m, int k, const struct symbols_func *fn,
				    int *rc);

void code_map_free(struct code_map *m);

#endif
