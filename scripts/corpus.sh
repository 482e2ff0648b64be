#!/usr/bin/env bash
# make corpus: real programs from Debian's source packages, cross-built for riscv64 (static;
# a few also dynamic) and, for the single-threaded ones, natively for x86-64 from the same
# source and flags; then their deterministic inputs at two sizes.
#
#   bash scripts/corpus.sh [--only NAME[,NAME...]] [--size default|small|both] [--jobs N]
#                          [--no-native] [--march rv64gc_EXT...]
#
# NAME is a package of corpus/packages.tsv or a program of corpus/manifest.tsv. --no-native
# skips the x86-64 twins (make check's subset needs only the riscv64 programs). --march M
# builds the riscv64 programs with -march=M as well (e.g. rv64gc_zba_zbb_zbs: what GCC emits for
# the bit-manipulation extensions) into bin-M/, with no native twins; a manifest command runs
# as that build with bin/ replaced by bin-M/.
# Layout under build/corpus/ (never committed):
#   src/<package>/      the fetched source package (.dsc and tarballs: the cache) and its tree
#   work/<package>/{rv,native}/   build trees, each a fresh copy of the source tree
#   bin/                riscv64 programs     native/   their x86-64 twins
#   bin-M/              riscv64 programs built with --march M (work trees work/<package>/rv-M)
#   inputs/             default-size inputs; small/ holds small inputs with bin/ and native/
#                       linked, so a manifest command runs from build/corpus (default size) or
#                       from build/corpus/small (small size) unchanged
# Idempotent: a package is rebuilt only when its recipe, its version or the toolchain settings
# (CORPUS_BUILD_ENV) changed; sources are cached; an input is remade when what makes it changed.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
C=$ROOT/corpus
OUT=${CORPUS_DIR:-$ROOT/build/corpus}
ONLY="" SIZE=both JOBS=$(nproc 2>/dev/null || echo 2) NATIVE=1 MARCH=
while [ $# -gt 0 ]; do
  case $1 in
    --only) ONLY=$2; shift 2 ;;
    --size) SIZE=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --no-native) NATIVE=0; shift ;;
    --march) MARCH=$2; NATIVE=0; shift 2 ;;
    -h|--help) sed -n '2,/^[^#]/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "corpus: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case $SIZE in default|small|both) ;; *) echo "corpus: --size must be default, small or both (not '$SIZE')" >&2; exit 2 ;; esac
[ -z "$MARCH" ] || [[ $MARCH =~ ^rv64gc(_[a-z0-9]+)+$ ]] ||
  { echo "corpus: --march must be rv64gc_EXT[_EXT...] (not '$MARCH')" >&2; exit 2; }

die() { echo "corpus: $*" >&2; exit 1; }

# ---- which packages -------------------------------------------------------------
# corpus/packages.tsv: package  version  programs (comma-separated manifest names it installs)
declare -A PKG_VER PKG_PROGS
PKG_ORDER=()
while IFS=$'\t' read -r pkg ver progs; do
  [ -z "$pkg" ] || [ "${pkg:0:1}" = "#" ] || [ "$pkg" = package ] && continue
  PKG_VER[$pkg]=$ver; PKG_PROGS[$pkg]=$progs; PKG_ORDER+=("$pkg")
done < "$C/packages.tsv"

want=()
if [ -z "$ONLY" ]; then
  want=("${PKG_ORDER[@]}")
else
  IFS=, read -ra names <<< "$ONLY"
  for n in "${names[@]}"; do
    found=""
    for p in "${PKG_ORDER[@]}"; do
      if [ "$p" = "$n" ] || [[ ",${PKG_PROGS[$p]}," == *",$n,"* ]]; then found=$p; break; fi
    done
    [ -n "$found" ] || die "'$n' is neither a package of corpus/packages.tsv nor a program it installs"
    [[ " ${want[*]} " == *" $found "* ]] || want+=("$found")
  done
fi

# ---- fetching -------------------------------------------------------------------
# corpus_source PKG: fetch PKG's pinned source package once and print its unpacked tree.
corpus_source() {
  local pkg=$1 ver=${PKG_VER[$1]:-}
  [ -n "$ver" ] || die "recipe asks for package '$pkg', which corpus/packages.tsv does not pin"
  local d=$OUT/src/$pkg uver=${ver#*:}
  local tree=$d/tree-$uver
  if [ ! -f "$tree/.robin-unpacked" ]; then
    mkdir -p "$d"
    local dsc; dsc=$(ls "$d"/*_"${uver}".dsc 2>/dev/null | head -1 || true)
    if [ -z "$dsc" ]; then
      command -v apt-get >/dev/null || die "cannot fetch $pkg=$ver: no apt-get on this machine"
      # --only-source: the name is a source package's (brotli is also a binary package whose
      # security update has no source here)
      if ! (cd "$d" && apt-get source --download-only --only-source -qq "$pkg=$ver" >"$d/fetch.log" 2>&1); then
        local have; have=$(apt-cache showsrc "$pkg" 2>/dev/null | sed -n 's/^Version: //p' | tr '\n' ' ')
        die "cannot fetch source package $pkg=$ver (deb-src offers: ${have:-nothing; is a deb-src line for bookworm configured? run scripts/install-deps.sh}); see $d/fetch.log"
      fi
      dsc=$(ls "$d"/*_"${uver}".dsc 2>/dev/null | head -1 || true)
      [ -n "$dsc" ] || die "apt-get source $pkg=$ver gave no .dsc in $d"
    fi
    rm -rf "$tree"
    dpkg-source --no-check -x "$dsc" "$tree" >"$d/unpack.log" 2>&1 \
      || die "cannot unpack $dsc (dpkg-source; see $d/unpack.log)"
    touch "$tree/.robin-unpacked"
  fi
  echo "$tree"
}

# ---- building -------------------------------------------------------------------
# Both builds use the same flags; only the toolchain differs. Recipes see:
#   TARGET (rv|native)  HOST (riscv64-linux-gnu | x86_64-linux-gnu)  CC CXX AR RANLIB STRIP
#   CFLAGS CXXFLAGS LDFLAGS (static)  JOBS  BIN (where programs go)  SRC (pristine tree)
# and call corpus_source PKG for another package's tree (e.g. zlib under pigz).
CORPUS_CFLAGS="-O2 -g"
CORPUS_BUILD_ENV="cflags=$CORPUS_CFLAGS ldflags=-static rv=riscv64-linux-gnu native=x86_64-linux-gnu"
build_one() { # build_one PKG TARGET
  local pkg=$1 target=$2 recipe=$C/recipes/$1.sh
  [ -f "$recipe" ] || die "no recipe corpus/recipes/$pkg.sh"
  # the build's key: the recipe, the package's version and the toolchain settings below
  local tname=$target
  [ "$target" = rv ] && [ -n "$MARCH" ] && tname=rv-$MARCH
  local key; key=$( { cat "$recipe"; echo "$CORPUS_BUILD_ENV"; if [ "$tname" != "$target" ]; then echo "$tname"; fi; } | sha1sum | cut -c1-16)-${PKG_VER[$pkg]}
  local w=$OUT/work/$pkg/$tname stamp=$OUT/work/$pkg/.done-$tname
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$key" ]; then return 0; fi
  local src; src=$(corpus_source "$pkg")
  rm -rf "$w"; mkdir -p "$w"
  cp -a "$src/." "$w/"
  local log=$OUT/work/$pkg/build-$tname.log
  echo "corpus: building $pkg ($tname)" >&2
  # The recipe runs in a subshell whose status is read after it ends: inside `( ) || die`
  # bash would ignore set -e, and a failing step would go unnoticed.
  set +e
  (
    set -euo pipefail
    export TARGET=$target JOBS SRC=$src
    if [ "$target" = rv ]; then
      export HOST=riscv64-linux-gnu BIN=$OUT/bin${MARCH:+-$MARCH}
      export CC=riscv64-linux-gnu-gcc CXX=riscv64-linux-gnu-g++ AR=riscv64-linux-gnu-ar
      export RANLIB=riscv64-linux-gnu-ranlib STRIP=riscv64-linux-gnu-strip
    else
      export HOST=x86_64-linux-gnu BIN=$OUT/native
      export CC=gcc CXX=g++ AR=ar RANLIB=ranlib STRIP=strip
    fi
    local flags=$CORPUS_CFLAGS
    [ "$target" = rv ] && [ -n "$MARCH" ] && flags="$flags -march=$MARCH"
    export CFLAGS="$flags" CXXFLAGS="$flags" LDFLAGS="-static"
    mkdir -p "$BIN"
    cd "$w"
    # shellcheck source=/dev/null
    source "$recipe"
    if [ "$target" = rv ]; then build_rv; else build_native; fi
  ) >"$log" 2>&1
  local rc=$?
  set -e
  [ $rc -eq 0 ] || die "building $pkg for $target failed: last lines of $log:
$(tail -15 "$log")"
  echo "$key" > "$stamp"
}

# ---- inputs ---------------------------------------------------------------------
# A recipe's `inputs SIZE` (SIZE small|default) calls `gen KIND N FILE [ARG...]` for each file
# its programs read; corpus/inputs.py makes it (KIND and N: see there), deterministically. A
# file is remade only when its KIND, N or arguments change.
gen() {
  local kind=$1 n=$2 name=$3; shift 3
  local file=$IN/$name want="$kind $n $*" stamp=$IN/.$name.params
  # a template's own text is part of what the file is made from
  [ "$kind" = template ] && want="$want $(sha1sum < "$C/inputs/$1" | cut -c1-16)"
  if [ -f "$file" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return 0; fi
  mkdir -p "$(dirname "$file")"
  python3 "$C/inputs.py" "$kind" "$n" "$file" "$@" || die "generating $file ($kind $n $*) failed"
  echo "$want" > "$stamp"
}
inputs_for() { # inputs_for DIR SIZE
  local dir=$1 size=$2 pkg
  mkdir -p "$dir/inputs"
  for pkg in "${want[@]}"; do
    ( IN=$dir/inputs; source "$C/recipes/$pkg.sh"
      if declare -F inputs >/dev/null; then inputs "$size"; fi ) || exit 1
  done
}

mkdir -p "$OUT"
for pkg in "${want[@]}"; do
  build_one "$pkg" rv
  # The native twin is built whenever the recipe defines one (threaded programs have none).
  if [ $NATIVE = 1 ] && (source "$C/recipes/$pkg.sh"; declare -F build_native >/dev/null); then
    build_one "$pkg" native
  fi
done

want_progs=()
for pkg in "${want[@]}"; do IFS=, read -ra ps <<< "${PKG_PROGS[$pkg]}"; want_progs+=("${ps[@]}"); done
if [ "$SIZE" != small ]; then inputs_for "$OUT" default; fi
if [ "$SIZE" != default ]; then
  mkdir -p "$OUT/small"
  ln -sfn ../bin "$OUT/small/bin"; ln -sfn ../native "$OUT/small/native"
  [ -z "$MARCH" ] || ln -sfn "../bin-$MARCH" "$OUT/small/bin-$MARCH"
  inputs_for "$OUT/small" small
fi

# Every manifest row of the wanted programs must name a program that now exists.
missing=0
while IFS=$'\t' read -r name _dom _lang _thr cmd native; do
  [ "$name" = name ] && continue
  [[ " ${want_progs[*]} " == *" $name "* ]] || continue
  [ $NATIVE = 1 ] || native=""
  for c in "$cmd" "$native"; do
    [ -n "$c" ] || continue
    exe=${c%% *}
    [ -z "$MARCH" ] || exe=bin-$MARCH/${exe#bin/}
    [ -x "$OUT/$exe" ] || { echo "corpus: $name: $exe was not built" >&2; missing=1; }
  done
done < "$C/manifest.tsv"
[ $missing -eq 0 ] || exit 1
echo "corpus: ${#want_progs[@]} programs ready in $OUT" >&2
