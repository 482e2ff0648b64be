# grep: GNU grep 3.8 (C, gnulib). Autotools cross-build without NLS, PCRE or libsigsegv; only
# lib/ (gnulib) and src/grep are made.
grep_build() {
  # Debian's egrep-wrapper patch edits src/Makefile.am only: keep automake from being rerun.
  touch src/Makefile.in
  ./configure --host="$HOST" --disable-nls --disable-perl-regexp --without-libsigsegv \
    --disable-threads >/dev/null
  make -j"$JOBS" -C lib
  make -j"$JOBS" -C src grep
  cp src/grep "$BIN/grep"
}
build_rv() { grep_build; }
build_native() { grep_build; }
# An English-like text searched case-insensitively for three extended regexps (word suffixes,
# prefixed words, long numbers), printing each match (-o): the DFA finds the lines, the regex
# matcher the matches in them.
inputs() {
  case $1 in small) gen text 250000 grep.txt ;; *) gen text 16000000 grep.txt ;; esac
}
