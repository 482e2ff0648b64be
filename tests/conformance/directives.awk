# directives.awk — reads the DejaGnu directives ({ dg-... }) of one gcc.c-torture test and
# decides, the way the gcc testsuite would on riscv64-unknown-linux-gnu (hosted glibc), whether
# the test applies and with which options. Prints one line per finding:
#   OPTIONS <flags>          replaces the default "-w" (dg-options)
#   ADD <flags>              appended (dg-additional-options, matching target)
#   SKIP <reason>            the test does not apply (dg-skip-if, dg-require-*, dg-do compile)
#   SKIPOPT <opt> <reason>   it does not apply when the compile flags contain <opt>
# Usage: awk -f directives.awk test.c

BEGIN {
	TRIPLE = "riscv64-unknown-linux-gnu"
	# Effective targets that hold for riscv64 Linux with glibc (check_effective_target_*).
	split("int32plus int32 int128 lp64 longlong64 double64 double64plus ptr32plus size32plus " \
	      "label_values trampolines alloca indirect_jumps untyped_assembly return_address " \
	      "fileio unwrapped stdint_types mmap c99_runtime signal fpic pie hard_float " \
	      "nonlocal_goto sync_int_long sync_char_short weak alias", et, " ")
	for (i in et)
		EFFECTIVE[et[i]] = 1
}

function trim(s) {
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	return s
}

# Split a Tcl list into out[1..n]: "quoted", {braced} (inner text) and bare words.
function tcl_split(s, out,    n, i, len, c, depth, j) {
	n = 0
	i = 1
	len = length(s)
	while (i <= len) {
		c = substr(s, i, 1)
		if (c ~ /[ \t]/) { i++; continue }
		if (c == "\"") {
			j = index(substr(s, i + 1), "\"")
			if (j == 0) j = len - i + 1
			out[++n] = substr(s, i + 1, j - 1)
			i += j + 1
		} else if (c == "{") {
			depth = 1
			for (j = i + 1; j <= len && depth > 0; j++) {
				c = substr(s, j, 1)
				if (c == "{") depth++
				else if (c == "}") depth--
			}
			out[++n] = trim(substr(s, i + 1, j - i - 2))
			i = j
		} else {
			for (j = i; j <= len && substr(s, j, 1) !~ /[ \t]/; j++)
				;
			out[++n] = substr(s, i, j - i)
			i = j
		}
	}
	return n
}

function glob_match(pat, str,    re) {
	re = pat
	gsub(/\./, "\\.", re)
	gsub(/\*/, ".*", re)
	gsub(/\?/, ".", re)
	return str ~ ("^" re "$")
}

# One operand of a selector: a target triple glob or an effective-target keyword.
function sel_word(w) {
	if (w ~ /-/)
		return glob_match(w, TRIPLE)
	return (w in EFFECTIVE)
}

# Evaluate a selector expression: a list of targets (any matches), or an expression with
# !, && and || over words and {groups}; a leading "target" keyword is dropped.
function sel_eval(s,    t, n, i, k, has_op, val, cur, op, neg) {
	n = tcl_split(s, t)
	if (n == 0)
		return 0
	k = 1
	if (t[1] == "target") k = 2
	has_op = 0
	for (i = k; i <= n; i++)
		if (t[i] == "&&" || t[i] == "||" || t[i] ~ /^!/) has_op = 1
	if (!has_op) {
		for (i = k; i <= n; i++)
			if (t[i] ~ /[ \t]/ ? sel_eval(t[i]) : sel_word(t[i])) return 1
		return 0
	}
	val = -1
	op = ""
	for (i = k; i <= n; i++) {
		if (t[i] == "&&" || t[i] == "||") { op = t[i]; continue }
		neg = 0
		if (t[i] == "!") { neg = 1; i++ }
		else if (t[i] ~ /^!/) { neg = 1; t[i] = substr(t[i], 2) }
		cur = t[i] ~ /[ \t]/ ? sel_eval(t[i]) : sel_word(t[i])
		if (neg) cur = !cur
		if (val < 0) val = cur
		else if (op == "||") val = val || cur
		else val = val && cur
	}
	return val
}

# Options list of a dg-skip-if: skip only if one of `inc` is in the flags ("*" or "" = any).
function skip_with_opts(reason, inc,    o, n, i) {
	n = tcl_split(inc, o)
	if (n == 0 || (n == 1 && (o[1] == "*" || o[1] == ""))) {
		print "SKIP " reason
		return
	}
	for (i = 1; i <= n; i++)
		if (o[i] != "")
			print "SKIPOPT " o[i] " " reason
}

/\{ *dg-[a-z-]+/ {
	line = $0
	start = match(line, /\{ *dg-[a-z-]+/)
	body = substr(line, start)
	# cut at the matching closing brace
	depth = 0
	for (j = 1; j <= length(body); j++) {
		c = substr(body, j, 1)
		if (c == "{") depth++
		else if (c == "}" && --depth == 0) break
	}
	body = substr(body, 2, j - 2)
	n = tcl_split(body, a)
	d = a[1]
	if (d == "dg-do") {
		if (a[2] != "run")
			print "SKIP dg-do " a[2]
	} else if (d == "dg-options" || d == "dg-additional-options") {
		if (n >= 3 && !sel_eval(a[3]))
			next
		gsub(/"/, "", a[2])
		print (d == "dg-options" ? "OPTIONS " : "ADD ") a[2]
	} else if (d == "dg-require-effective-target") {
		if (!(a[2] in EFFECTIVE))
			print "SKIP requires effective target " a[2]
	} else if (d == "dg-skip-if") {
		if (sel_eval(a[3]))
			skip_with_opts("dg-skip-if " (a[2] != "" ? "\"" a[2] "\"" : "{ " a[3] " }"), n >= 4 ? a[4] : "")
	} else if (d == "dg-require-alias" || d == "dg-require-weak" || d == "dg-require-stack-size" ||
	           d == "dg-add-options" || d == "dg-prune-output" || d == "dg-xfail-if" ||
	           d == "dg-xfail-run-if" || d == "dg-final" || d == "dg-message" ||
	           d == "dg-warning" || d == "dg-error" || d == "dg-bogus") {
		# ELF aliases, weak symbols and an 8 MiB stack are available; stack_size and ieee
		# add nothing on riscv64 Linux; xfail only changes the expected verdict, and robin
		# is compared with qemu-riscv64, not with the verdict.
	} else if (d ~ /^dg-require-/) {
		print "SKIP unsupported requirement " d
	}
}
