#!/usr/bin/env bash
# Installs the Debian packages robin needs to build, test and demo, if any is missing.
# Called by `make demo`, `make check` and .ci/run; a no-op when everything is present.
# `--slurm` adds the one-node Slurm cluster of `make slurm-check` (not needed by make check).
set -euo pipefail

PKGS=(
  gcc make pkg-config
  gcc-riscv64-linux-gnu libc6-dev-riscv64-cross binutils-riscv64-linux-gnu  # guest toolchain + sysroot
  g++-riscv64-linux-gnu g++      # the corpus's C++ programs (riscv64 and their native twins)
  dpkg-dev                        # dpkg-source unpacks the corpus's Debian source packages
  libgomp1-riscv64-cross          # OpenMP runtime for the threaded guest tests (-fopenmp)
  qemu-user                       # reference for differential tests and bench
  libsqlite3-dev sqlite3          # profile database
  libelf-dev libdw-dev libbz2-dev liblzma-dev  # symbolisation, DWARF unwinding (elfutils; the last two: libdw.a's decompressors, linked statically)
  libcapstone-dev                 # host disassembly
  libprotobuf-c-dev protobuf-c-compiler zlib1g-dev   # pprof export
  libcmocka-dev                   # unit tests
  clang libclang-rt-14-dev        # libFuzzer for `make fuzz`
  libbpf-dev                      # collector: loads the in-kernel aggregation program (clang -target bpf builds it)
  linux-perf                      # `perf record` as the peer in the collector agreement test and bench-collect
  gcc-12-source                   # gcc.c-torture/execute for `make conformance`
  chromium                        # renders the HTML report in tests
  python3                         # the e2e tests of the simulated profilers read --stats-json and accuracy JSON
  valgrind                        # `make valgrind`: every tool under memcheck (scripts/valgrind.sh)
  tcl                             # the corpus's sqlite3: tclsh generates its amalgamation (sqlite3.c) and shell.c
  cmake                           # the corpus's libjpeg-turbo (cjpeg, djpeg) builds with CMake
  libdebuginfod1                  # robin loads it (dlopen) to fetch debug info of stripped binaries by build-id
  debuginfod curl                 # e2e 660: a loopback debuginfod server, polled until it has scanned
  util-linux                      # e2e 661: unshare -m (a process in another mount namespace)
  nodejs                          # e2e 662: a JIT that writes /tmp/perf-PID.map (--perf-basic-prof)
  pandoc man-db                   # make install's man pages (generated from docs/ and --help); e2e 935 renders them
)
if [ "${1:-}" = --slurm ]; then
  PKGS+=(slurmctld slurmd slurm-client munge)  # `make slurm-check` (scripts/slurm_check.sh)
fi

# The corpus (scripts/corpus.sh) fetches Debian source packages: bookworm main needs a deb-src line.
SRC_LIST=/etc/apt/sources.list.d/robin-deb-src.sources
need_src=0
if ! grep -rqs '^Types:.*deb-src\|^deb-src ' /etc/apt/sources.list /etc/apt/sources.list.d/; then need_src=1; fi

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && [ $need_src -eq 0 ] && exit 0

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
if [ $need_src -eq 1 ]; then
  echo "install-deps: adding Debian's bookworm sources (deb-src) for the corpus: $SRC_LIST" >&2
  printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    | $SUDO tee "$SRC_LIST" >/dev/null
fi
[ ${#missing[@]} -gt 0 ] && echo "install-deps: installing ${missing[*]}" >&2
# apt's _apt sandbox user cannot write a /tmp without the sticky world-writable mode (seen on
# these machines): the index signatures then fail to verify and deb-src stays empty
APT_OPTS=()
[ -w /tmp ] && [ -k /tmp ] || APT_OPTS=(-o APT::Sandbox::User=root)
$SUDO apt-get "${APT_OPTS[@]}" update -qq
[ ${#missing[@]} -eq 0 ] || $SUDO apt-get "${APT_OPTS[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
