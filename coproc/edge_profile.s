# edge_profile.s — edge profiling of conditional branches (001_df4aea695fbcd9aa.txt §4): a
# slot per static branch (its PC in the associative array) with taken and not-taken counters
# (2 bytes each) in the data array. Slots are handed out in order; when all are in use, or a
# counter saturates, the co-processor interrupts and the host (`.host edge`,
# src/coproc/coproc_edge.c) adds the counts to its table and re-arms it.
#
# Registers: i0 matched slot, i1 next free slot, v2 slots handed out.

.filter branch
.fields pc, taken
.host   edge

.const c2, slots            # all slots in use: interrupt
.base b0, 0                 # taken counts, 2 bytes per slot
.base b1, 2*slots           # not-taken counts
.target t0, nomatch
.start branch, br

br:      cmatch i0, f.pc                            | br miss, t0
         cmp f.taken, zero                          | br eq, nt
         inch b0[i0]                                | br nmsat, done
         interrupt                                                     # a count saturated
nt:      inch b1[i0]                                | br nmsat, done
         interrupt

nomatch: cwrite i1, f.pc   | cmp f.taken, zero      | br eq, newnt
         inch b0[i1]       | inc v2, v2, c2 | next i1 | br sat, interrupt
         done
newnt:   inch b1[i1]       | inc v2, v2, c2 | next i1 | br sat, interrupt
         done
