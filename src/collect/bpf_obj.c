/*
 * bpf_obj.c — embeds the compiled BPF aggregation program (build/gen/agg.bpf.o, built by the
 * Makefile from src/collect/bpf/agg.bpf.c with clang -target bpf) into robin, so the binary
 * needs no file at run time. The symbols are declared in bpf_agg.h.
 */
#ifndef COLLECT_BPF_OBJ_PATH
#define COLLECT_BPF_OBJ_PATH "build/gen/agg.bpf.o"
#endif

__asm__(".section .rodata\n"
	".balign 8\n"
	".globl collect_bpf_obj\n"
	"collect_bpf_obj:\n"
	".incbin \"" COLLECT_BPF_OBJ_PATH "\"\n"
	".globl collect_bpf_obj_end\n"
	"collect_bpf_obj_end:\n"
	".byte 0\n"
	".previous\n");
