#!/usr/bin/env bash
# bench/isa.sh — speed of the decoder and disassembler: CPU ns per instruction of isa_decode and
# isa_decode+isa_disasm over the .text of a statically linked guest program (bench/isa_decode.c),
# and `robin disasm` against `riscv64-linux-gnu-objdump -d` on all of glibc's libc.a (same
# output, byte for byte): medians of 3 runs of wall and CPU (user + sys) time, and the ratio.
set -u
cd "$(dirname "$0")/.."
ROBIN=${ROBIN:-build/robin}
REPS=${REPS:-3}
LIBC=/usr/riscv64-linux-gnu/lib/libc.a
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
ELF=$(ls build/guest/tests/*.static 2>/dev/null | head -1)
if [ -n "$ELF" ] && gcc -O2 -std=c11 -D_GNU_SOURCE -Isrc -o "$T/isa_decode" bench/isa_decode.c \
	build/librobin.a -lelf -lm 2>/dev/null; then
	riscv64-linux-gnu-objcopy -O binary -j .text "$ELF" "$T/text.bin"
	"$T/isa_decode" "$T/text.bin"
else
	echo "isa: decode microbenchmark skipped (needs build/librobin.a and a guest .static)"
fi

# median over REPS runs of "wall_ms cpu_ms" for a command (output discarded)
median() {
	local i walls=() cpus=() w u sy
	local TIMEFORMAT='%R %U %S'
	for i in $(seq "$REPS"); do
		{ time "$@" > /dev/null 2>&1; } 2> "$T/t"
		read -r w u sy < "$T/t"
		walls+=("$(awk -v a="$w" 'BEGIN { printf "%d", a * 1000 }')")
		cpus+=("$(awk -v a="$u" -v b="$sy" 'BEGIN { printf "%d", (a + b) * 1000 }')")
	done
	printf '%s\n' "${walls[@]}" | sort -n | sed -n "$(( (REPS + 1) / 2 ))p" | tr '\n' ' '
	printf '%s\n' "${cpus[@]}" | sort -n | sed -n "$(( (REPS + 1) / 2 ))p"
}
if [ -f $LIBC ]; then
	read -r rw rc <<< "$(median "$ROBIN" disasm $LIBC)"
	read -r ow oc <<< "$(median riscv64-linux-gnu-objdump -d $LIBC)"
	echo "isa: libc.a listing (299580 instructions): robin disasm $rw ms wall $rc ms CPU," \
	     "objdump -d $ow ms wall $oc ms CPU: objdump/robin CPU ratio" \
	     "$(awk -v o="$oc" -v r="$rc" 'BEGIN { printf "%.1f", o / (r > 0 ? r : 1) }')"
else
	echo "isa: listing comparison skipped (needs $LIBC)"
fi
