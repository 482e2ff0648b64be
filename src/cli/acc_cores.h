/*
 * acc_cores.h — `robin accuracy --cores N [options] PROG [ARGS]`: a threaded program on N
 * simulated cores with every profiler of `robin accuracy` attached per thread, and each
 * profiler's error against the same thread's Oracle (src/sim/) as a table on stdout.
 */
#ifndef ROBIN_CLI_ACC_CORES_H
#define ROBIN_CLI_ACC_CORES_H

/* The command; returns robin's exit status. */
int acc_cores_main(int argc, char **argv);

#endif
