/*
 * cli_args.h — `--opt=value` for every command, in one place: main() splits each
 * "--name=value" argument into "--name" "value" before dispatching, so every option loop
 * that reads "--name value" reads both spellings. A guest program's own arguments are put
 * back as typed (cli_args_tail), and a value given to an option that takes none is refused
 * with one line (cli_args_reject) where the command would otherwise take it as an operand.
 */
#ifndef ROBIN_CLI_ARGS_H
#define ROBIN_CLI_ARGS_H

/* Split every "--name=value" of argv[1..argc) up to a literal "--" into two arguments, in a
 * new argv (argv[argc] NULL) kept until cli_args_free. Returns the new argc, or -1 when out
 * of memory. name is [A-Za-z0-9_-]+; "--=x" and "-x=y" stay whole. */
int cli_args_split(int argc, char **argv, char ***out);

/* Free what cli_args_split made (split is its *out). */
void cli_args_free(char **split);

/* The option a split produced `arg` as the value of ("--sysroot" for the "/usr" of
 * "--sysroot=/usr"), or NULL when arg was typed as a whole argument. */
const char *cli_args_split_option(const char *arg);

/* If `arg` is the value of a split "--name=value" that the command is about to refuse or to
 * take as an operand, print "robin CMD: --name takes no value (got '--name=value')" and
 * return 1; else return 0 and print nothing. */
int cli_args_reject(const char *cmd, const char *arg);

/* The program and its arguments argv[i..*argc) as the user typed them: undoes the splits
 * inside that range, in place, and lowers *argc accordingly. Returns 0, or 2 after
 * cli_args_reject's line when argv[i] itself is a split value (a flag given a value). */
int cli_args_tail(const char *cmd, int *argc, char **argv, int i);

#endif
