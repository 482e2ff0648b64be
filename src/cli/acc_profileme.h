/*
 * acc_profileme.h — `robin accuracy --profileme`: ProfileMe's estimates against the exact
 * truth over the workload suite (000_424085ad3398c1f4.txt §5.1-§5.3): envelope fractions,
 * wasted-issue-slot correlation, path reconstruction success, windowed IPC.
 */
#ifndef ROBIN_CLI_ACC_PROFILEME_H
#define ROBIN_CLI_ACC_PROFILEME_H

/* The whole command (argv as `robin accuracy` got it, --profileme among the options).
 * Returns the exit status. */
int acc_profileme_main(int argc, char **argv);

#endif
