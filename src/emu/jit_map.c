/*
 * jit_map.c — tells profilers of robin itself which guest code a translated block runs:
 * with cfg.perf_map, every block the translator installs gets a line in /tmp/perf-PID.map,
 * the file perf (and robin record, src/collect/perfmap.c) read for code without an ELF file:
 *
 *     <host address> <size> guest:<function>+0x<offset>[ in <library>]
 *
 * addresses and sizes in hex without 0x, as perf's jit interface (tools/perf/Documentation/
 * jit-interface.txt) has them. Lines are written when a block is translated (rare; never on the
 * path that runs translated code) and flushed at once, so a robin killed mid-run leaves a
 * map of everything it had translated. A guest fork that goes on in a new host process writes
 * its own file; an execve keeps the pid and appends.
 */
#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>

#include "emu/emu_priv.h"

void jit_map_block(struct emu *e, const void *code, size_t len, uint64_t pc)
{
	if (!e->cfg.perf_map)
		return;
	int pid = (int)getpid();
	if (e->perf_map && e->perf_map_pid != pid) {
		fclose(e->perf_map);  /* the parent's: this process writes its own */
		e->perf_map = NULL;
	}
	if (!e->perf_map) {
		char path[64];
		snprintf(path, sizeof(path), "/tmp/perf-%d.map", pid);
		e->perf_map = fopen(path, "a");
		e->perf_map_pid = pid;
		if (!e->perf_map) {
			fprintf(stderr, "robin: --perf-map: cannot write %s; going on without it\n", path);
			e->cfg.perf_map = 0;
			return;
		}
	}
	uint64_t off;
	const char *image;
	int main_image = 0;
	const char *name = emu_symbol_at(e, pc, &off, &image, &main_image);
	if (name && main_image)
		fprintf(e->perf_map, "%" PRIxPTR " %zx guest:%s+0x%" PRIx64 "\n", (uintptr_t)code, len,
			name, off);
	else if (name)
		fprintf(e->perf_map, "%" PRIxPTR " %zx guest:%s+0x%" PRIx64 " in %s\n",
			(uintptr_t)code, len, name, off, image);
	else if (image)
		fprintf(e->perf_map, "%" PRIxPTR " %zx guest:%s+0x%" PRIx64 "\n", (uintptr_t)code, len,
			image, off);
	else
		fprintf(e->perf_map, "%" PRIxPTR " %zx guest:0x%" PRIx64 "\n", (uintptr_t)code, len, pc);
	fflush(e->perf_map);
}

void jit_map_close(struct emu *e)
{
	if (e->perf_map && e->perf_map_pid == (int)getpid())
		fclose(e->perf_map);
	e->perf_map = NULL;
}
