# nettle: Nettle 3.8.1's nettle-hash tool (C), hashing files with one of the library's digests.
# Autotools cross-build of libnettle (no public-key part, so no GMP; no OpenSSL benchmarks) and
# tools/nettle-hash. The assembler is off on both targets: nettle 3.8 has none for riscv64, so
# the x86-64 twin runs the same C code.
nettle_build() {
  ./configure --host="$HOST" --disable-public-key --disable-documentation --disable-openssl \
    --disable-assembler --disable-shared >/dev/null
  make -j"$JOBS" libnettle.a
  make -j"$JOBS" -C tools nettle-hash
  cp tools/nettle-hash "$BIN/nettle-hash"
}
build_rv() { nettle_build; }
build_native() { nettle_build; }
# A binary mix of text, records, runs and random bytes, hashed with SHA-256 (nettle-hash) and
# SHA3-256 (nettle-sha3: Keccak, 64-bit rotations and xors instead of SHA-2's 32-bit rounds).
inputs() {
  case $1 in small) gen binary 200000 nettle.bin ;; *) gen binary 15000000 nettle.bin ;; esac
}
