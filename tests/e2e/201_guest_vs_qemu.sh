#!/usr/bin/env bash
# 201: the guest test programs (files, mmap, malloc, time, random, auxv, misaligned access,
# atomics, deep recursion, signal handlers, self-modifying code, faults, abort) give the same stdout and exit status under robin as
# under qemu-riscv64, static and dynamic. Without qemu, the exit statuses are still checked.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
progs="fileio mmap malloc timeclock random auxv misaligned atomics recursion signals selfmod segv busfault illegal ebreak abort"
need_guest $progs
declare -A want=([segv]=139 [illegal]=132 [ebreak]=133 [abort]=134 [signals]=143 [busfault]=135)
export ROBIN_TEST_VAR=yes
fail=0
for p in $progs; do
	for v in static dyn; do
		"$ROBIN" run "$G/$p.$v" a b >/dev/null 2>&1
		rc=$?
		exp=${want[$p]:-0}
		if [ $rc -ne "$exp" ]; then
			echo "$p.$v: exit $rc, expected $exp"
			fail=1
			continue
		fi
		same_as_qemu "$G/$p.$v" a b || fail=1
	done
done
have_qemu || echo "note: qemu-riscv64 missing, compared exit statuses only"
exit $fail
