# grep: GNU grep 3.8 (C, gnulib). Autotools cross-build without NLS, PCRE or libsigsegv; only
# lib/ (gnulib) and src/grep are made.
grep_build() {
  ./configure --host="$HOST" --disable-nls --disable-perl-regexp --without-libsigsegv \
    --disable-threads >/dev/null
  make -j"$JOBS" -C lib
  make -j"$JOBS" -C src grep
  cp src/grep "$BIN/grep"
}
build_rv() { grep_build; }
build_native() { grep_build; }
# An English-like text: several regexps (alternation, classes, back-references, -i, -w) counted,
# and the matched words of one printed with -o.
inputs() {
  case $1 in small) gen text 300000 grep.txt ;; *) gen text 30000000 grep.txt ;; esac
}
