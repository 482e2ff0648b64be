/*
 * simpoint_run.h — the campaign subcommands of `robin simpoint` (simpoint_run.c).
 */
#ifndef ROBIN_CLI_SIMPOINT_RUN_H
#define ROBIN_CLI_SIMPOINT_RUN_H

/* `robin simpoint run ...` (argv[0] = "run"). Returns the exit status. */
int simpoint_run_main(int argc, char **argv);
/* `robin simpoint point DIR I`. */
int simpoint_point_main(int argc, char **argv);
/* `robin simpoint chain DIR G`: chain G's points, one warming for them all. */
int simpoint_chain_main(int argc, char **argv);
/* `robin simpoint merge DIR [--stats-json FILE]`. */
int simpoint_merge_main(int argc, char **argv);

#endif
