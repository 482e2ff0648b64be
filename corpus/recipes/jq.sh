# jq: the jq 1.6 JSON processor (C). Built by hand: the Debian tree ships no configure (it needs
# automake) but does ship the generated parser and lexer; what configure would detect on glibc is
# given as -D flags (the math functions configure.ac checks, less pow10 that glibc dropped).
# Without oniguruma, so no regular-expression builtins (test, match, sub).
jq_build() {
  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$/\\n"/' src/builtin.jq > src/builtin.inc
  echo '#define JQ_VERSION "1.6"' > src/version.h
  local defs
  defs=$(sed -n 's/^AC_CHECK_MATH_FUNC(\([a-z0-9_]*\)).*/\1/p' configure.ac | grep -vx pow10 \
         | tr a-z A-Z | sed 's/^/-DHAVE_/' | tr '\n' ' ')
  for f in ALLOCA_H MEMMEM MKSTEMP ISATTY STRPTIME STRFTIME TIMEGM GMTIME_R GMTIME LOCALTIME_R \
           LOCALTIME GETTIMEOFDAY TM_TM_GMT_OFF GETENTROPY PTHREAD_KEY_CREATE PTHREAD_ONCE ATEXIT \
           __THREAD; do defs="$defs -DHAVE_$f"; done
  local srcs="builtin bytecode compile execute jq_test jv jv_alloc jv_aux jv_dtoa jv_file jv_parse
              jv_print jv_unicode linker locfile util lexer parser main"
  for s in $srcs; do echo "$s"; done | xargs -P "$JOBS" -I{} \
    $CC $CFLAGS -I. -Isrc $defs -DIEEE_8087 -c src/{}.c -o src/{}.o
  $CC $CFLAGS $LDFLAGS -o "$BIN/jq" $(for s in $srcs; do echo src/$s.o; done) -lm -lpthread
}
build_rv() { jq_build; }
build_native() { jq_build; }
# corpus/inputs/jq.jq over N generated records: group_by, sort_by, map/select, reduce,
# string interpolation and object construction (the record count is the scale; @N@ times 10
# is the length of the lists printed).
# jq 1.6 binds its builtin library at every start (~180 M instructions, quadratic in
# block_bind_subblock), so even the small size runs ~200 M.
inputs() {
  gen template 1 jq.jq jq.jq
  case $1 in small) gen json 30 jq.json ;; *) gen json 1500 jq.json ;; esac
}
