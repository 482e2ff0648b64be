# robin — plain Makefile.
#   make              build/robin (release, -O2)
#   make check        install deps, build the ASan/UBSan variant and run every test
#   make demo         install deps, build, run robin's main job on the workload suite
#   make bench        speed figures (robin vs qemu-riscv64, database size/speed)
#   make bench-collect  collector overhead vs perf record, daemon cost (bench/collect.sh)
#   make corpus       real programs from Debian's sources, cross-built (scripts/corpus.sh, corpus/)
#   make stress       long reliability loops (200 SIGKILLed database writers)
#   make conformance  gcc.c-torture/execute under qemu-riscv64 and robin (and make fpdiff)
#   make fpdiff       every instruction on edge and random operands, robin vs qemu-riscv64
#   make vdiff        random vector instruction sequences, robin vs qemu-riscv64 (VLEN 128/256/512)
#   make fuzz         libFuzzer targets: decoder, ELF loader, checkpoints, db chunks, config, ingest (tests/fuzz/)
#   make valgrind     every robin tool under valgrind memcheck (scripts/valgrind.sh)
#   make install      robin, its manual pages, bash completion and docs under PREFIX (default
#                     /usr/local; DESTDIR for staging); make uninstall removes them (docs/install.md)
#
# Three variants share this file: VARIANT=release (build/), VARIANT=asan (build/asan/) and
# VARIANT=valgrind (build/valgrind-bin/: release code with a 16 GiB guest address space, as
# valgrind refuses the 256 GiB reservation of the release build).
# Guest (riscv64) programs do not depend on the variant and live in build/guest/.

VARIANT ?= release
CC      ?= gcc
ifeq ($(CC),cc)
CC := gcc
endif

ifeq ($(VARIANT),asan)
B      := build/asan
XFLAGS := -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
else ifeq ($(VARIANT),valgrind)
B      := build/valgrind-bin
XFLAGS := -O2 -DGMEM_GUEST_BITS=34
else
B      := build
XFLAGS := -O2
endif

CFLAGS_BASE := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -MMD -MP -g -Isrc -Ibuild/gen
CFLAGS      := $(CFLAGS_BASE) $(XFLAGS) $(EXTRA_CFLAGS)
LDFLAGS     := $(XFLAGS)
# The libraries go in statically (libc and libm stay shared: capstone is dlopen'ed on first use)
# and the executable is position-dependent: ~6 ms less CPU per process start (nine fewer shared
# objects to map, no load-time relocations; measured with `robin run --max-insns 1`).
LIBS        := -no-pie -Wl,-Bstatic -lsqlite3 -lbpf -ldw -lelf -lbz2 -llzma -lprotobuf-c -lz \
               -Wl,-Bdynamic -lm -lpthread
# The release robin is a static executable, libc and libm included: no dynamic loader, no
# shared objects to map and relocate (robin run --max-insns 1: ~1.5 ms less CPU, 106 -> 67
# page faults). capstone's dlopen still works: glibc then loads libcapstone and the libc.so it
# needs, which must be the glibc robin was linked with (the link warns so). ASan cannot link
# statically and valgrind's memcheck must replace malloc in a shared libc, so the other
# variants, the unit tests and the tools keep LIBS.
ifeq ($(VARIANT),release)
ROBIN_LIBS  := -static -lsqlite3 -lbpf -ldw -lelf -lbz2 -llzma -lprotobuf-c -lz -lm -lpthread
else
ROBIN_LIBS  := $(LIBS)
endif

# Everything under src/ except the front end's main() goes into librobin.a.
LIB_SRCS  := $(filter-out src/cli/main.c,$(wildcard src/*/*.c))
LIB_OBJS  := $(patsubst %.c,$(B)/obj/%.o,$(LIB_SRCS))
# Two sources may share a base name (isa/decode.c, core/decode.c): the archive rule below
# keeps members by path (ar P), so neither replaces the other.
# Protocol-buffer declarations (src/*/*.proto, e.g. the pprof format) are compiled to C with
# protoc-c at build time into build/gen/ (shared by both variants) and linked into librobin.a.
PROTOS    := $(wildcard src/*/*.proto)
GEN_SRCS  := $(patsubst src/%.proto,build/gen/%.pb-c.c,$(PROTOS))
GEN_HDRS  := $(GEN_SRCS:.c=.h)
GEN_OBJS  := $(patsubst build/gen/%.c,$(B)/obj/gen/%.o,$(GEN_SRCS))
LIB_OBJS  += $(GEN_OBJS)
MAIN_OBJ  := $(B)/obj/src/cli/main.o
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNIT_BINS := $(patsubst tests/unit/%.c,$(B)/tests/%,$(UNIT_SRCS))

# ---- guest programs (riscv64) ------------------------------------------------
RV_CC     := riscv64-linux-gnu-gcc
# the build directory stays out of the binaries (DWARF paths, build-id), so a workload is the
# same bytes in every checkout and simulates the same cycles (bench/sim_ref.tsv)
RV_CFLAGS := -O2 -g -Wall -Wextra -ffile-prefix-map=$(CURDIR)=.
G         := build/guest
WL_SRCS   := $(wildcard workloads/*.c)
WL_NAMES  := $(patsubst workloads/%.c,%,$(WL_SRCS))
WL_BINS   := $(foreach n,$(WL_NAMES),$(G)/workloads/$(n).static $(G)/workloads/$(n).dyn)

.PHONY: corpus long-workloads slurm-check simpoint-bench
.PHONY: install uninstall man completion
.PHONY: all robin unit guest workloads check demo bench validate bench-collect conformance fuzz clean deps fpdiff vdiff stress valgrind
all: $(B)/robin

robin: $(B)/robin

$(B)/obj/%.o: %.c | $(GEN_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

build/gen/%.pb-c.c build/gen/%.pb-c.h: src/%.proto
	@mkdir -p build/gen
	protoc-c --c_out=build/gen --proto_path=src $<

$(B)/obj/gen/%.o: build/gen/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

# The collector's BPF aggregation program: compiled for the BPF target and embedded into
# robin by src/collect/bpf_obj.c (.incbin), so it is variant-independent and lives in build/gen.
BPF_ARCH := $(shell uname -m | sed -e 's/x86_64/x86/' -e 's/aarch64/arm64/')
build/gen/agg.bpf.o: src/collect/bpf/agg.bpf.c src/collect/bpf/agg_shared.h
	@mkdir -p $(dir $@)
	clang -target bpf -O2 -g -D__TARGET_ARCH_$(BPF_ARCH) -I/usr/include/$(shell uname -m)-linux-gnu \
		-Isrc/collect/bpf -c $< -o $@
$(B)/obj/src/collect/bpf_obj.o: build/gen/agg.bpf.o

$(B)/librobin.a: $(LIB_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	# P: members keep their paths, so src/isa/decode.o and src/core/decode.o both stay
	ar rcsP $@ $^

$(B)/robin: $(MAIN_OBJ) $(B)/librobin.a
	$(CC) $(LDFLAGS) -o $@ $^ $(ROBIN_LIBS)

$(B)/tests/%: tests/unit/%.c $(B)/librobin.a | $(GEN_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< $(B)/librobin.a -lcmocka $(LIBS)

# libFuzzer targets (tests/fuzz/fuzz_*.c) replayed without libFuzzer: `make check` runs each
# over tests/fuzz/corpus/<target>/ and regress/<target>/ (tests/e2e/102_fuzz_replay.sh).
FUZZ_SRCS   := $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_REPLAY := $(patsubst tests/fuzz/%.c,$(B)/tests/%,$(FUZZ_SRCS))
$(B)/tests/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/replay_main.c $(B)/librobin.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< tests/fuzz/replay_main.c $(B)/librobin.a $(LIBS)

unit: $(UNIT_BINS) $(FUZZ_REPLAY) $(B)/tools/fpcheck

$(G)/workloads/%.static: workloads/%.c $(wildcard workloads/*.h)
	@mkdir -p $(dir $@)
	$(RV_CC) $(RV_CFLAGS) -static -o $@ $< -lm

$(G)/workloads/%.dyn: workloads/%.c $(wildcard workloads/*.h)
	@mkdir -p $(dir $@)
	$(RV_CC) $(RV_CFLAGS) -o $@ $< -lm

# Variants of workloads for case studies (workloads/variants/*.c, not part of the suite):
# build/guest/workloads/variants/NAME.static and .dyn.
WV_SRCS   := $(wildcard workloads/variants/*.c)
WV_BINS   := $(foreach n,$(patsubst workloads/variants/%.c,%,$(WV_SRCS)),$(G)/workloads/variants/$(n).static $(G)/workloads/variants/$(n).dyn)

$(G)/workloads/variants/%.static: workloads/variants/%.c $(WL_SRCS) $(wildcard workloads/*.h)
	@mkdir -p $(dir $@)
	$(RV_CC) $(RV_CFLAGS) -static -o $@ $< -lm

$(G)/workloads/variants/%.dyn: workloads/variants/%.c $(WL_SRCS) $(wildcard workloads/*.h)
	@mkdir -p $(dir $@)
	$(RV_CC) $(RV_CFLAGS) -o $@ $< -lm

workloads: $(WL_BINS) $(WV_BINS)

# Long multi-phase workloads for sampled simulation (workloads/long/*.c, 1-10 billion
# instructions, not in the suite): build/guest/workloads/long/NAME.static.
WLL_SRCS := $(wildcard workloads/long/*.c)
WLL_BINS := $(patsubst workloads/long/%.c,$(G)/workloads/long/%.static,$(WLL_SRCS))
$(G)/workloads/long/%.static: workloads/long/%.c workloads/workload.h
	@mkdir -p $(dir $@)
	$(RV_CC) $(RV_CFLAGS) -static -o $@ $< -lm

long-workloads: $(WLL_BINS)

# Vector guest programs written with clang 14's RVV intrinsics (riscv_vector.h, names without
# the __riscv_ prefix; GCC 12 has none): tests/vector/*.c -> build/guest/vector/NAME.static and
# the vector workloads workloads/vector/*.c -> build/guest/workloads/vector/NAME.static.
# clang links with the cross binutils' ld against the riscv64 cross sysroot (static only).
RV_CLANG  := clang --target=riscv64-linux-gnu -march=rv64gcv --sysroot=/usr/riscv64-linux-gnu \
             --ld-path=/usr/bin/riscv64-linux-gnu-ld
TV_SRCS   := $(wildcard tests/vector/*.c)
TV_BINS   := $(patsubst tests/vector/%.c,$(G)/vector/%.static,$(TV_SRCS))
$(G)/vector/%.static: tests/vector/%.c
	@mkdir -p $(dir $@)
	$(RV_CLANG) $(RV_CFLAGS) -static -o $@ $< -lm

WVEC_SRCS := $(wildcard workloads/vector/*.c)
WVEC_BINS := $(patsubst workloads/vector/%.c,$(G)/workloads/vector/%.static,$(WVEC_SRCS))
$(G)/workloads/vector/%.static: workloads/vector/%.c $(wildcard workloads/*.h) workloads/vector/vworkload.h
	@mkdir -p $(dir $@)
	$(RV_CLANG) $(RV_CFLAGS) -static -o $@ $< -lm

# Guest test programs: tests/guest/*.c, built static and dynamic like the workloads.
TG_SRCS   := $(wildcard tests/guest/*.c)
TG_BINS   := $(foreach n,$(patsubst tests/guest/%.c,%,$(TG_SRCS)),$(G)/tests/$(n).static $(G)/tests/$(n).dyn)
$(G)/tests/%.static: tests/guest/%.c
	@mkdir -p $(dir $@)
	$(RV_CC) $(RV_CFLAGS) -static -o $@ $< -lm

$(G)/tests/%.dyn: tests/guest/%.c
	@mkdir -p $(dir $@)
	$(RV_CC) $(RV_CFLAGS) -o $@ $< -lm

# OpenMP guest tests link the cross toolchain's libgomp
$(G)/tests/threads_omp.static $(G)/tests/threads_omp.dyn: RV_CFLAGS += -fopenmp
# Guest tests of bit manipulation are built for Zba/Zbb/Zbs (GCC 12 emits cpop, sh1add, rev8 ...;
# Zicond through .insn)
$(G)/tests/bitmanip.static $(G)/tests/bitmanip.dyn: RV_CFLAGS += -march=rv64gc_zba_zbb_zbs
$(G)/tests/bitmanip_jit.static $(G)/tests/bitmanip_jit.dyn: RV_CFLAGS += -march=rv64gc_zba_zbb_zbs
# Guest tests of the vector extension are built for V (inline asm of V 1.0)
$(G)/tests/vperm.static $(G)/tests/vperm.dyn: RV_CFLAGS += -march=rv64gcv
$(G)/tests/vfp.static $(G)/tests/vfp.dyn: RV_CFLAGS += -march=rv64gcv

# Differential test against qemu-riscv64 (tests/diff/): diffgen writes one inline-asm function
# per isa_table.def row variant, diff_rt.c runs them on edge and seeded random operands.
DIFF_SRC := build/gen/diff/diff_tests.c
DIFF_BIN := $(G)/diff/diff.static
build/tools/diffgen: tests/diff/diffgen.c src/isa/isa_table.def src/isa/isa_rvc_table.def src/isa/isa.h
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -Wall -Wextra -Werror -O1 -Isrc -o $@ $<

$(DIFF_SRC): build/tools/diffgen
	@mkdir -p $(dir $@)
	build/tools/diffgen > $@.tmp && mv $@.tmp $@

# The tests are assembled with the extensions binutils 2.40 knows by name (the others are
# .insn words); the runtime stays RV64GC, so its own code needs none of them.
DIFF_MARCH := rv64gc_zba_zbb_zbs_zbc_zbkb_zfh_zicbom_zicboz_zawrs
$(DIFF_BIN): $(DIFF_SRC) tests/diff/diff_rt.c tests/diff/diff.h tests/diff/diff_rand.h
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 -march=$(DIFF_MARCH) -Wall -Wextra -Itests/diff -c -o $@.tests.o $(DIFF_SRC)
	$(RV_CC) -O2 -Wall -Wextra -Itests/diff -c -o $@.rt.o tests/diff/diff_rt.c
	$(RV_CC) -static -o $@ $@.tests.o $@.rt.o

# The vector differential test (tests/diff/vdiff_rt.c, run by tests/diff/vrun.sh): random V
# instruction sequences from isa_table.def's rows, encoded at run time.
VDIFF_BIN := $(G)/diff/vdiff.static
$(VDIFF_BIN): tests/diff/vdiff_rt.c tests/diff/diff_rand.h src/isa/isa_table.def src/isa/isa.h
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 -march=rv64gcv -Wall -Wextra -Isrc -Itests/diff -static -o $@ $<

$(B)/tools/fpcheck: tests/diff/fpcheck.c $(B)/librobin.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< $(B)/librobin.a $(LIBS)

# The big seeded campaign (robin vs qemu-riscv64, fpu.c vs qemu-riscv64); `make conformance`
# runs it too. `make check` runs a fixed-seed subset (tests/e2e/210_diff_qemu.sh).
fpdiff: deps
	$(MAKE) build/robin build/tools/fpcheck $(DIFF_BIN)
	bash tests/diff/run.sh --campaign

# The vector differential test's campaign (tests/diff/vrun.sh: SEQS sequences per VLEN 128, 256,
# 512 for each seed in SEEDS); `make check` runs its quick mode (tests/e2e/246_vdiff_qemu.sh).
vdiff: deps
	$(MAKE) build/robin $(VDIFF_BIN)
	bash tests/diff/vrun.sh --campaign

guest: workloads $(TG_BINS) $(DIFF_BIN) $(VDIFF_BIN) $(TV_BINS) $(WVEC_BINS)

deps:
	@bash scripts/install-deps.sh

# A one-node Slurm cluster on localhost runs a robin simpoint campaign (scripts/slurm_check.sh;
# needs root; scripts/install-deps.sh --slurm installs slurmctld, slurmd, slurm-client, munge).
slurm-check:
	bash scripts/install-deps.sh --slurm
	$(MAKE) build/robin $(G)/tests/phases.static
	bash scripts/slurm_check.sh

# ---- the two commands ----------------------------------------------------------
# The builds under them use every CPU (BUILD_JOBS, default nproc) even when make was started
# without -j, as CI and the README start it; with an outer -jN that N is kept.
BUILD_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
SUBJ := $(if $(filter -j%,$(MAKEFLAGS)),,-j$(BUILD_JOBS))

check: deps
	$(MAKE) $(SUBJ) VARIANT=asan build/asan/robin unit
	$(MAKE) $(SUBJ) guest
	ROBIN=build/asan/robin BUILD=build/asan bash tests/run.sh

demo: deps
	$(MAKE) $(SUBJ) build/robin guest
	bash scripts/demo.sh

# robin's core next to published figures (bench/validate.sh, docs/validation.md); not part
# of check. CoreMark runs only with COREMARK_DIR=<a checkout of its public source>.
validate: build/robin
	$(MAKE) guest
	bash bench/validate.sh build/robin

bench: deps
	$(MAKE) build/robin guest
	bash bench/run.sh

# Collector overhead: robin record vs perf record vs alone, medians, 1 and 4 kHz; the daemon's
# CPU per sample, memory and database growth (bench/collect.sh; BENCH_RUNS=N to change runs).
bench-collect: deps
	$(MAKE) build/robin
	bash bench/collect.sh

# Every robin tool once under valgrind's memcheck (release code, VARIANT=valgrind): no leaks, no errors
# (scripts/valgrind.sh; logs in build/valgrind/).
valgrind: deps
	$(MAKE) VARIANT=valgrind build/valgrind-bin/robin
	$(MAKE) guest
	ROBIN=build/valgrind-bin/robin bash scripts/valgrind.sh

# Real programs from Debian's source packages (corpus/manifest.tsv), cross-built for riscv64 with
# x86-64 twins, and their inputs, in build/corpus/ (scripts/corpus.sh; CORPUS_ONLY=a,b for some).
corpus: deps
	bash scripts/corpus.sh $(if $(CORPUS_ONLY),--only $(CORPUS_ONLY))

# The crash loop of tests/e2e/613 with 200 trials (make check runs 20).
stress: deps
	$(MAKE) build/robin
	TRIALS=$${TRIALS:-200} ROBIN=build/robin bash tests/e2e/613_db_crash.sh

conformance: deps
	$(MAKE) build/robin
	$(MAKE) fpdiff
	bash tests/conformance/run.sh --all

fuzz: deps
	bash tests/fuzz/run.sh

# ---- install -------------------------------------------------------------------
# make install [PREFIX=/usr/local] [DESTDIR=] puts the release robin (built if out of date), the
# manual pages robin(1) and robin-CMD(1), the bash completion and the docs (README.md, docs/*.md,
# docs/results/) under
# $(DESTDIR)$(PREFIX), and lists every file it wrote in $(DOCDIR)/install-manifest, which
# make uninstall removes file by file (docs/install.md). The manual pages and the completion
# are generated from docs/ and from the help texts of ROBIN_BIN (scripts/man.sh with pandoc,
# scripts/completion.sh) into $(GENDIR)/man/ and $(GENDIR)/completion/, never committed.
# ROBIN_BIN installs another build (tests/e2e/935_install.sh: the binary under test); GENDIR
# keeps a test's generated files out of build/.
PREFIX      ?= /usr/local
DESTDIR     ?=
ROBIN_BIN   ?= build/robin
GENDIR      ?= build
BINDIR      := $(PREFIX)/bin
MAN1DIR     := $(PREFIX)/share/man/man1
BASHCOMPDIR := $(PREFIX)/share/bash-completion/completions
DOCDIR      := $(PREFIX)/share/doc/robin
MAN_SRCS    := docs/robin.1.md $(wildcard docs/robin-*.md)

$(GENDIR)/man/.stamp: $(ROBIN_BIN) scripts/man.sh $(MAN_SRCS)
	rm -rf $(GENDIR)/man
	bash scripts/man.sh $(ROBIN_BIN) $(GENDIR)/man
	touch $@

$(GENDIR)/completion/robin: $(ROBIN_BIN) scripts/completion.sh
	@mkdir -p $(dir $@)
	bash scripts/completion.sh $(ROBIN_BIN) > $@.tmp
	mv $@.tmp $@

man: $(GENDIR)/man/.stamp
completion: $(GENDIR)/completion/robin

install: $(ROBIN_BIN) $(GENDIR)/man/.stamp $(GENDIR)/completion/robin
	@set -e; d='$(DESTDIR)'; m="$$d$(DOCDIR)/install-manifest"; \
	put() { install -D -m "$$1" "$$2" "$$d$$3"; echo "$$3" >> "$$m.tmp"; echo "  $$d$$3"; }; \
	mkdir -p "$$d$(DOCDIR)"; rm -f "$$m.tmp"; \
	echo "installing robin under $$d$(PREFIX):"; \
	put 755 '$(ROBIN_BIN)' '$(BINDIR)/robin'; \
	for f in $(GENDIR)/man/*.1; do put 644 "$$f" "$(MAN1DIR)/$${f##*/}"; done; \
	put 644 $(GENDIR)/completion/robin '$(BASHCOMPDIR)/robin'; \
	put 644 README.md '$(DOCDIR)/README.md'; \
	for f in docs/*.md; do put 644 "$$f" "$(DOCDIR)/$${f#docs/}"; done; \
	for f in $$(find docs/results -type f | LC_ALL=C sort); do put 644 "$$f" "$(DOCDIR)/$${f#docs/}"; done; \
	echo '$(DOCDIR)/install-manifest' >> "$$m.tmp"; mv "$$m.tmp" "$$m"

# Removes the files the manifest lists (itself included), then the directories of
# $(DOCDIR) left empty; the shared directories (bin, man1, completions) stay.
uninstall:
	@set -e; d='$(DESTDIR)'; m="$$d$(DOCDIR)/install-manifest"; \
	if [ ! -f "$$m" ]; then echo "make uninstall: $$m: no such file (robin is not installed under $$d$(PREFIX))" >&2; exit 1; fi; \
	while IFS= read -r f; do \
		case "$$f" in '$(PREFIX)'/*) ;; *) echo "make uninstall: $$m: '$$f' is not under $(PREFIX); stopped" >&2; exit 1;; esac; \
	done < "$$m"; \
	while IFS= read -r f; do rm -f "$$d$$f"; echo "  removed $$d$$f"; done < "$$m"; \
	if [ -d "$$d$(DOCDIR)" ]; then find "$$d$(DOCDIR)" -depth -type d -empty -delete; fi

clean:
	rm -rf build

-include $(LIB_OBJS:.o=.d) $(MAIN_OBJ:.o=.d)
.SECONDARY: $(GEN_SRCS) $(GEN_HDRS)
