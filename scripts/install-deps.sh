#!/usr/bin/env bash
# Installs the Debian packages robin needs to build, test and demo, if any is missing.
# Called by `make demo`, `make check` and .ci/run; a no-op when everything is present.
# `--slurm` adds the one-node Slurm cluster of `make slurm-check` (not needed by make check).
set -euo pipefail

PKGS=(
  gcc make pkg-config
  gcc-riscv64-linux-gnu libc6-dev-riscv64-cross binutils-riscv64-linux-gnu  # guest toolchain + sysroot
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
)
if [ "${1:-}" = --slurm ]; then
  PKGS+=(slurmctld slurmd slurm-client munge)  # `make slurm-check` (scripts/slurm_check.sh)
fi

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
