# libjpeg-turbo: cjpeg (PPM -> JPEG) and djpeg (JPEG -> PPM), C. CMake, static, no SIMD on
# either target (riscv64 has none; turned off on x86-64 too so both run the same C code), no
# TurboJPEG API or Java; only the two -static programs are built, with exactly CFLAGS.
jpeg_build() {
  local cross=()
  [ "$TARGET" = rv ] && cross=(-DCMAKE_SYSTEM_NAME=Linux -DCMAKE_SYSTEM_PROCESSOR=riscv64)
  cmake -S . -B obj "${cross[@]}" -DCMAKE_C_COMPILER="$CC" -DCMAKE_BUILD_TYPE=None \
    -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_EXE_LINKER_FLAGS="$LDFLAGS" -DWITH_SIMD=0 \
    -DENABLE_SHARED=0 -DENABLE_STATIC=1 -DWITH_TURBOJPEG=0 -DWITH_JAVA=0
  cmake --build obj -j "$JOBS" --target cjpeg-static djpeg-static
  cp obj/cjpeg-static "$BIN/cjpeg"
  cp obj/djpeg-static "$BIN/djpeg"
}
build_rv() { jpeg_build; }
build_native() { jpeg_build; }
# cjpeg -quality 90 -optimize compresses a generated picture (gradients, shapes, texture).
# djpeg decodes the same picture made a progressive JPEG. That JPEG is made by the native cjpeg
# twin ($IN/../native is build/corpus/native at both sizes), which writes the same bytes as the
# riscv64 cjpeg (the cjpeg rows check exactly that) and is much faster than an emulated one;
# a stamp remakes it whenever the picture or the options change.
inputs() {
  case $1 in small) gen ppm 250 cjpeg.ppm ;; *) gen ppm 2700 cjpeg.ppm ;; esac
  local opts="-quality 90 -progressive" stamp=$IN/.djpeg.jpg.params
  local want="$opts $(cat "$IN/.cjpeg.ppm.params")"
  if [ ! -f "$IN/djpeg.jpg" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    "$IN/../native/cjpeg" $opts "$IN/cjpeg.ppm" > "$IN/djpeg.jpg.tmp"
    mv "$IN/djpeg.jpg.tmp" "$IN/djpeg.jpg"
    echo "$want" > "$stamp"
  fi
}
