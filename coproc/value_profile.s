# value_profile.s — load value profiling on the co-processor (001_df4aea695fbcd9aa.txt §5,
# Appendix A, Figure 10). One slot per static load: its PC in the associative array, an
# active value, hit and miss counters (1 byte) and a total counter (2 bytes) in the data
# array. The host side (`.host value`, src/coproc/coproc_value.c) copies the slots out on
# every interrupt, masks characterised loads in PC filter 2, partitions the program through
# PC filter 1 when the slots thrash, and estimates invariances (A.6) at the end.
#
# Registers: i0 matched slot, i1 rslot (next slot up for replacement, wraps at slots),
# i2 failed counter, v2 replacements since the last interrupt, v0 v1 v3 scratch.

.filter load
.fields pc, value
.host   value
.pcfilter1 2, 0, 0          # hash 2, no partition yet (the host widens the mask)
.pcfilter2 1                # hash 1 indexes the 4-Kbit confidence mask

.const c0, 15               # RAND15
.const c1, 64               # failed-counter threshold: interrupt (A.4)
.const c2, 4*slots          # replacements before a thrash interrupt (A.5)
.const c3, 16               # hits worth keeping when re-selecting (A.2, state I)

.base b0, 0                 # active values, 4 bytes per slot
.base b1, 4*slots           # hits, 1 byte
.base b2, 5*slots           # misses, 1 byte
.base b3, 6*slots           # totals, 2 bytes
.target t0, nomatch
.start load, load

load:    cmatch i0, f.pc                            | br miss, t0
         inch b3[i0]                                | br msat, off     # total; saturated: off
         ldw v0, b0[i0]
         cmp v0, f.vlo                              | br ne, vmiss
         incb b1[i0]                                | br nmsat, done   # a hit
off:     cinval i0                                  | done             # keep what it learnt
vmiss:   incb v1, b2[i0]                            | br msat, off     # a miss (v1 = misses)
         ldb v0, b1[i0]
         shl v3, v0, 2
         cmp v3, v1                                 | br ge, done      # invariance >= 20%
         cmp v0, c3                                 | br ge, off       # re-select, but keep >= 16 hits
         stw f.vlo, b0[i0] | inc v0, zero, c3                          # new active value, v0 = 1
         stb v0, b1[i0]
         stb zero, b2[i0]                           | done             # hits 1, misses 0

nomatch: ldh v0, b3[i1]    | rand v1, c0                               # rslot's total, RAND15
         cmp v0, v1                                 | br lt, replace   # total < random: replace
         inc i2, i2, c1    | next i1                | br sat, interrupt  # failed: A.4
         done
replace: cwrite i1, f.pc   | dec i2, i2
         stw f.vlo, b0[i1] | inc v0, zero, c3                          # v0 = 1
         stb v0, b1[i1]
         stb zero, b2[i1]
         sth v0, b3[i1]    | inc v2, v2, c2 | next i1 | br sat, interrupt  # thrash: A.5
         done
