/*
 * procfiles.c — guest program for tests/e2e/912: reads its own /proc/self/cmdline, environ,
 * auxv, stat and status (and /proc/PID/cmdline) and checks them against what it knows of
 * itself: argv, environ, getauxval, getpid, its signal mask and handlers, the addresses of
 * its code, arguments, break and stack; lists its file mappings from /proc/self/maps
 * ("maps-file NAME PERMS OFFSET DEV INODE") and checks the program's inode. Prints one
 * "NAME ok" or "NAME bad: why" line per check.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>

extern char **environ;

static size_t slurp(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	size_t n = 0;
	ssize_t r;
	if (fd < 0)
		return 0;
	while (n < size - 1 && (r = read(fd, buf + n, size - 1 - n)) > 0)
		n += (size_t)r;
	close(fd);
	buf[n] = 0;
	return n;
}

/* Compare a NUL-separated file with a string list. */
static const char *same_list(const char *buf, size_t n, char **list)
{
	size_t off = 0;
	for (int i = 0; list[i]; i++) {
		size_t len = strlen(list[i]) + 1;
		if (off + len > n || memcmp(buf + off, list[i], len))
			return "differs";
		off += len;
	}
	return off == n ? NULL : "longer";
}

static void report(const char *name, const char *why)
{
	if (why)
		printf("%s bad: %s\n", name, why);
	else
		printf("%s ok\n", name);
}

static void on_usr2(int sig) { (void)sig; }

int main(int argc, char **argv)
{
	static char buf[1 << 16];
	char path[64];
	size_t n = slurp("/proc/self/cmdline", buf, sizeof(buf));
	report("cmdline", same_list(buf, n, argv));
	snprintf(path, sizeof(path), "/proc/%d/cmdline", (int)getpid());
	n = slurp(path, buf, sizeof(buf));
	report("pid-cmdline", same_list(buf, n, argv));
	n = slurp("/proc/self/environ", buf, sizeof(buf));
	report("environ", same_list(buf, n, environ));

	n = slurp("/proc/self/auxv", buf, sizeof(buf));
	const char *why = n < 16 || n % 16 ? "size" : NULL;
	int pagesz = 0, entry = 0;
	for (size_t k = 0; !why && k + 16 <= n; k += 16) {
		unsigned long t, v;
		memcpy(&t, buf + k, 8);
		memcpy(&v, buf + k + 8, 8);
		if (t == AT_NULL)
			break;
		if (getauxval(t) != v)
			why = "differs from getauxval";
		pagesz |= t == AT_PAGESZ && v == (unsigned long)sysconf(_SC_PAGESIZE);
		entry |= t == AT_ENTRY;
	}
	report("auxv", why ? why : !pagesz ? "no AT_PAGESZ" : !entry ? "no AT_ENTRY" : NULL);

	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	signal(SIGUSR2, on_usr2);
	signal(SIGHUP, SIG_IGN);

	n = slurp("/proc/self/stat", buf, sizeof(buf));
	char *rp = strrchr(buf, ')'), *lp = strchr(buf, '(');
	unsigned long f[64] = { 0 };
	int nf = 3;
	why = !rp || !lp ? "format" : NULL;
	char comm[32] = "";
	if (!why) {
		snprintf(comm, sizeof(comm), "%.*s", (int)(rp - lp - 1), lp + 1);
		for (char *tok = strtok(rp + 2, " \n"); tok && nf < 64; tok = strtok(NULL, " \n"))
			f[nf++] = strtoul(tok, NULL, 10);
	}
	const char *base = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	if (!why && strncmp(comm, base, 15))
		why = "comm";
	if (!why && strtol(buf, NULL, 10) != getpid())
		why = "pid";
	report("stat-comm-pid", why);
	int local;
	unsigned long pc = (unsigned long)&main;
	why = nf < 52 ? "fields" : NULL;
	if (!why && !(f[26] <= pc && pc < f[27]))
		why = "startcode/endcode";
	if (!why && !(f[28] > (unsigned long)&local))
		why = "startstack";
	if (!why && (f[48] != (unsigned long)argv[0] ||
		     f[49] != (unsigned long)argv[argc - 1] + strlen(argv[argc - 1]) + 1))
		why = "arg_start/arg_end";
	if (!why && !(f[47] && f[47] <= (unsigned long)sbrk(0)))
		why = "start_brk";
	if (!why && !(f[32] & (1ul << (SIGUSR1 - 1))))
		why = "blocked";
	if (!why && !(f[34] & (1ul << (SIGUSR2 - 1))))
		why = "sigcatch";
	if (!why && !(f[33] & (1ul << (SIGHUP - 1))))
		why = "sigignore";
	report("stat-addresses", why);

	n = slurp("/proc/self/status", buf, sizeof(buf));
	why = NULL;
	char *l = strstr(buf, "Name:\t");
	if (!l || strncmp(l + 6, base, strlen(base) > 15 ? 15 : strlen(base)))
		why = "Name";
	unsigned long blk = 0, cgt = 0, ign = 0;
	if (!why && (!(l = strstr(buf, "SigBlk:")) || sscanf(l + 7, "%lx", &blk) != 1 ||
		     !(blk & (1ul << (SIGUSR1 - 1)))))
		why = "SigBlk";
	if (!why && (!(l = strstr(buf, "SigCgt:")) || sscanf(l + 7, "%lx", &cgt) != 1 ||
		     !(cgt & (1ul << (SIGUSR2 - 1)))))
		why = "SigCgt";
	if (!why && (!(l = strstr(buf, "SigIgn:")) || sscanf(l + 7, "%lx", &ign) != 1 ||
		     !(ign & (1ul << (SIGHUP - 1)))))
		why = "SigIgn";
	if (!why && (!(l = strstr(buf, "\nPid:\t")) || strtol(l + 6, NULL, 10) != getpid()))
		why = "Pid";
	report("status", why);

	/* maps: the file mappings with their offsets, devices and inodes (as Linux shows them) */
	struct stat st;
	why = stat(argv[0], &st) ? "stat argv[0]" : "no mapping of the program";
	FILE *m = fopen("/proc/self/maps", "r");
	char line[512];
	while (m && fgets(line, sizeof(line), m)) {
		char perms[8], dev[16], file[400] = "";
		unsigned long lo, hi, off, ino;
		if (sscanf(line, "%lx-%lx %7s %lx %15s %lu %399s", &lo, &hi, perms, &off, dev, &ino,
			   file) < 6) {
			why = "format";
			break;
		}
		if (file[0] != '/')
			continue;
		const char *b = strrchr(file, '/') + 1;
		printf("maps-file %s %s %lx %s %lu\n", b, perms, off, dev, ino);
		if (ino == (unsigned long)st.st_ino && !strcmp(b, base))
			why = NULL;
	}
	if (m)
		fclose(m);
	report("maps-inode", why);
	return 0;
}
