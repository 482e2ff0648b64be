/*
 * cli.h — the front end's command table and the helpers every command shares.
 */
#ifndef ROBIN_CLI_H
#define ROBIN_CLI_H

#define CMD(name, summary) int cmd_##name(int argc, char **argv);
#include "cli/commands.def"
#undef CMD

#endif
