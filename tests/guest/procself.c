/*
 * procself.c — guest program for tests/e2e/907: reads its own /proc/self/maps and
 * /proc/self/exe. Prints "maps ok" when main's address lies in an executable mapping that
 * names this program and the stack is listed, "exe riscv" when /proc/self/exe is a RISC-V ELF.
 */
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	(void)argc;
	const char *base = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	unsigned long pc = (unsigned long)&main;
	int code_ok = 0, stack_ok = 0, lines = 0;
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");
	if (!f) {
		perror("/proc/self/maps");
		return 1;
	}
	while (fgets(line, sizeof(line), f)) {
		unsigned long lo, hi;
		char perms[8];
		lines++;
		if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) != 3) {
			printf("bad line: %s", line);
			return 1;
		}
		if (pc >= lo && pc < hi && perms[2] == 'x' && strstr(line, base))
			code_ok = 1;
		if (strstr(line, "[stack]") && (unsigned long)&lo >= lo && (unsigned long)&lo < hi)
			stack_ok = 1;
	}
	fclose(f);
	printf("%d lines\n", lines);
	if (code_ok && stack_ok)
		puts("maps ok");
	int fd = open("/proc/self/exe", O_RDONLY);
	Elf64_Ehdr eh;
	if (fd >= 0 && read(fd, &eh, sizeof(eh)) == (ssize_t)sizeof(eh) && eh.e_machine == EM_RISCV)
		puts("exe riscv");
	return 0;
}
