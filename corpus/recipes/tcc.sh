# tcc: the Tiny C Compiler (C), compiling for riscv64. The riscv64 program is tcc built to run
# on riscv64 (configure --cross-prefix, so configure runs none of its test programs, and
# `make tcc`); the x86-64 twin is the same compiler's riscv64 cross build (`make riscv64-tcc`,
# riscv64 code from an x86-64 host), so both write the same object file.
build_rv() {
  ./configure --cross-prefix="$HOST-" --cpu=riscv64 --triplet="$HOST" --debug \
    --extra-cflags="$CFLAGS" --extra-ldflags="$LDFLAGS"
  make -j"$JOBS" tcc
  cp tcc "$BIN/tcc"
}
build_native() {
  ./configure --cc="$CC" --cpu=x86_64 --debug --extra-cflags="$CFLAGS" --extra-ldflags="$LDFLAGS"
  make riscv64-tcc
  cp riscv64-tcc "$BIN/tcc"
}
# Compiles a generated C unit (no headers: -nostdinc) to a riscv64 ELF object on stdout. The
# output is named /proc/self/fd/1, never /dev/stdout: tcc unlinks its output file before
# writing it, which as root would replace the /dev/stdout link with a file (procfs refuses).
inputs() {
  case $1 in small) gen csrc 300 tcc.c ;; *) gen csrc 20000 tcc.c ;; esac
}
