/* auxv: argc/argv, the environment as passed, and the auxiliary vector glibc relies on. */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

int main(int argc, char **argv, char **envp)
{
	printf("argc %d\n", argc);
	for (int i = 1; i < argc; i++)
		printf("argv[%d] %s\n", i, argv[i]);
	printf("argv[argc] null %d\n", argv[argc] == NULL);
	const char *v = getenv("ROBIN_TEST_VAR");
	printf("ROBIN_TEST_VAR %s\n", v ? v : "(unset)");
	int n = 0;
	for (char **e = envp; *e; e++) n++;
	printf("envp has entries %d\n", n > 0);
	printf("AT_PAGESZ %lu\n", getauxval(AT_PAGESZ));
	printf("AT_PHENT %lu\n", getauxval(AT_PHENT));
	printf("AT_PHDR set %d\n", getauxval(AT_PHDR) != 0);
	printf("AT_PHNUM > 0 %d\n", getauxval(AT_PHNUM) > 0);
	printf("AT_ENTRY set %d\n", getauxval(AT_ENTRY) != 0);
	printf("AT_UID %d AT_EUID %d\n", getauxval(AT_UID) == getuid(), getauxval(AT_EUID) == geteuid());
	printf("AT_GID %d AT_EGID %d\n", getauxval(AT_GID) == getgid(), getauxval(AT_EGID) == getegid());
	printf("AT_CLKTCK %lu\n", getauxval(AT_CLKTCK));
	printf("AT_SECURE %lu\n", getauxval(AT_SECURE));
	unsigned long hw = getauxval(AT_HWCAP);
	printf("HWCAP IMAFDC %d%d%d%d%d%d\n", !!(hw & (1 << ('I' - 'A'))), !!(hw & (1 << ('M' - 'A'))),
	       !!(hw & (1 << ('A' - 'A'))), !!(hw & (1 << ('F' - 'A'))), !!(hw & (1 << ('D' - 'A'))),
	       !!(hw & (1 << ('C' - 'A'))));
	const char *fn = (const char *)getauxval(AT_EXECFN);
	printf("AT_EXECFN is argv[0] %d\n", fn && !strcmp(fn, argv[0]));
	printf("sysconf pagesize %ld clk %ld\n", sysconf(_SC_PAGESIZE), sysconf(_SC_CLK_TCK));
	return 0;
}
