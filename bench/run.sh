#!/usr/bin/env bash
# bench/run.sh — `make bench`: runs every bench/*.sh (other than this one) in name order, each
# printing its own side-by-side figures. Timing belongs here, never in `make check`. The
# corpus's (bench/corpus_*.sh) run when `make corpus` has built it; they take hours on 2 cores.
set -u
cd "$(dirname "$0")/.."
rc=0
for b in bench/*.sh; do
	[ "$b" = bench/run.sh ] && continue
	case $b in bench/corpus_*.sh)
		# the corpus's experiments need `make corpus` first (about 20 minutes on 2 cores)
		[ -d build/corpus/bin ] || { echo "== $b: skipped (no build/corpus: make corpus)"; continue; }
		[ "$b" != bench/corpus_isa.sh ] || [ -d build/corpus/bin-rv64gc_zba_zbb_zbs ] ||
			{ echo "== $b: skipped (no Zb* build: bash scripts/corpus.sh --march rv64gc_zba_zbb_zbs)"; continue; } ;;
	esac
	echo "== $b"
	bash "$b" || { echo "$b failed"; rc=1; }
	echo
done
exit $rc
