/*
 * vworkload.h — workload.h for the vector workloads, which clang builds: the same helpers,
 * with WL_HOT as noinline only (clang has no noclone attribute and warns about it).
 * workload.h itself stays as it is: the scalar workloads must remain the same bytes.
 */
#ifndef ROBIN_VWORKLOAD_H
#define ROBIN_VWORKLOAD_H

#include <riscv_vector.h>

#include "../workload.h"

#undef WL_HOT
#define WL_HOT __attribute__((noinline))

#endif
