/* exec: execve of a riscv64 program (this one, as a child after fork), of a "#!" script
 * whose interpreter is this program, and of a script whose interpreter is not a riscv64
 * program (ENOEXEC); the parent reports each child's status. argv[1] selects the role. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static int run(char *const argv[])
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		execve(argv[0], argv, environ);
		printf("execve %s: %s\n", argv[0], strerror(errno));
		fflush(stdout);
		_exit(127);
	}
	int st;
	waitpid(pid, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "child")) {
		printf("child: env EXEC_TEST=%s\n", getenv("EXEC_TEST") ? getenv("EXEC_TEST") : "(unset)");
		return 4;
	}
	if (argc > 2 && !strcmp(argv[1], "script")) {  /* run as the interpreter of argv[2] */
		printf("interpreter got script %s\n", strrchr(argv[2], '/') ? strrchr(argv[2], '/') + 1 : argv[2]);
		return 5;
	}
	if (argc < 2)
		return 1;
	setenv("EXEC_TEST", "passed", 1);
	char *self[] = { argv[0], "child", NULL };
	printf("exec of a program: status %d\n", run(self));
	/* a script interpreted by this program */
	char path[256], bad[256];
	snprintf(path, sizeof(path), "%s/exec_script", argv[1]);
	FILE *f = fopen(path, "w");
	fprintf(f, "#!%s script\n", argv[0]);
	fclose(f);
	chmod(path, 0755);
	char *script[] = { path, NULL };
	printf("exec of a script: status %d\n", run(script));
	snprintf(bad, sizeof(bad), "%s/exec_bad", argv[1]);
	f = fopen(bad, "w");
	fprintf(f, "#!/bin/true\n");
	fclose(f);
	chmod(bad, 0755);
	char *badv[] = { bad, NULL };
	printf("exec of a script whose interpreter is not riscv64: status %d\n", run(badv));
	return 0;
}
