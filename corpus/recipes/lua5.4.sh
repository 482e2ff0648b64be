# lua5.4: the Lua 5.4 interpreter (C). Built as upstream's `make linux`-style objects without
# readline; lua5.4 is static, lua5.4-dyn links glibc dynamically (the dynamic-loader path).
# Debian's src/Makefile builds through libtool; the interpreter is every source but luac.c.
lua_link() { # lua_link OUT [LDFLAGS...]
  local out=$1; shift
  # Debian's luaconf.h takes the multiarch triplet from a header its rules generate.
  echo "#define DEB_HOST_MULTIARCH \"$HOST\"" > src/lua5.4-deb-multiarch.h
  (cd src && ls *.c | grep -v '^luac\.c$' | xargs -P "$JOBS" -I{} \
     $CC $CFLAGS -std=gnu99 -DLUA_COMPAT_5_3 -DLUA_USE_LINUX -c {} -o {}.o)
  $CC $CFLAGS -o "$out" src/*.c.o "$@" -lm -ldl
  rm -f src/*.c.o
}
build_rv() {
  lua_link "$BIN/lua5.4" -static
  lua_link "$BIN/lua5.4-dyn"
}
build_native() {
  lua_link "$BIN/lua5.4" -static
}
# A mix of what Lua programs do: tables as arrays and hashes, strings and patterns, closures,
# coroutines, floating point, sorting (corpus/inputs/lua.lua; @N@, in hundredths, scales every loop).
inputs() {
  case $1 in small) gen template 10 lua.lua lua.lua ;; *) gen template 800 lua.lua lua.lua ;; esac
}
