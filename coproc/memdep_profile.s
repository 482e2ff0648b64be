# memdep_profile.s — memory-dependence profiling (001_df4aea695fbcd9aa.txt §4): the
# addresses of the most recent stores sit in the associative array (one per slot, a circular
# window) with their PCs in the data array. A load whose address matches one of them counts
# the <load PC, store PC> pair in a small direct-mapped table (indexed by the load's PC); a
# pair that finds its entry taken replaces it only when the entry's count is below RAND15
# (the value profiler's informational replacement), else a failed counter rises. When it
# saturates, or a count does, the co-processor interrupts and the host (`.host memdep`,
# src/coproc/coproc_edge.c) adds the table to its counts and empties it; the window of
# stores survives the interrupt.
#
# Registers: i0 matched store, i1 next store slot (wraps at slots), i2 failed counter,
# i3 table index, v0 store PC, v1 v2 v3 scratch.

.filter load, store
.fields pc, addr
.host   memdep

.const c0, 15
.const c1, 1*slots/4-1      # table index mask: slots/4 entries
.const c2, 0xffffffff
.const c3, 64               # failed-counter threshold
.base b0, 0                 # store PCs, 4 bytes per slot
.base b1, 4*slots           # table: load PCs (low 32 bits), 4 bytes per entry
.base b2, 5*slots           # table: store PCs
.base b3, 6*slots           # table: counts, 2 bytes
.target t0, newpair
.start load, ld
.start store, st

ld:      cmatch i0, f.addr                          | br miss, done
         ldw v0, b0[i0]    | shr v1, f.pc, 1
         and i3, v1, c1
         ldw v1, b1[i3]    | and v3, f.pc, c2
         cmp v1, v3                                 | br ne, t0
         ldw v1, b2[i3]
         cmp v1, v0                                 | br ne, t0
         inch b3[i3]                                | br nmsat, done
         interrupt                                                     # a count saturated
newpair: ldh v1, b3[i3]    | rand v2, c0
         cmp v1, v2                                 | br lt, take      # count < RAND15
         inc i2, i2, c3                             | br sat, interrupt
         done
take:    stw v3, b1[i3]    | inc v1, zero, c3                          # v1 = 1
         stw v0, b2[i3]    | dec i2, i2
         sth v1, b3[i3]                             | done
st:      cwrite i1, f.addr
         stw f.pc, b0[i1]  | next i1                | done
