/* fileio: open/read/write/lseek/pread/pwrite, fstat/stat, getdents (readdir, sorted), rename,
 * unlink, mkdir/rmdir and error paths, in a fresh directory under /tmp. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(void)
{
	FILE *f = fopen("/proc/self/exe", "rb");
	unsigned char magic[4] = { 0 };
	if (f) { fread(magic, 1, 4, f); fclose(f); }
	printf("self exe magic %02x %c%c%c\n", magic[0], magic[1], magic[2], magic[3]);
	char link[512];
	ssize_t ln = readlink("/proc/self/exe", link, sizeof(link) - 1);
	if (ln > 0) link[ln] = 0;
	printf("readlink self ends with fileio: %d\n", ln > 0 && strstr(link, "fileio") != NULL);
	char dir[] = "/tmp/robin_fileio_XXXXXX";
	if (!mkdtemp(dir)) { perror("mkdtemp"); return 1; }
	if (chdir(dir)) { perror("chdir"); return 1; }
	int fd = open("a.txt", O_CREAT | O_RDWR | O_TRUNC, 0640);
	if (fd < 0) { perror("open"); return 1; }
	const char msg[] = "0123456789abcdefghij";
	printf("write %zd\n", write(fd, msg, 20));
	printf("lseek end %ld\n", (long)lseek(fd, 0, SEEK_END));
	printf("lseek set %ld\n", (long)lseek(fd, 5, SEEK_SET));
	char buf[64] = { 0 };
	printf("read %zd '%s'\n", read(fd, buf, 5), buf);
	memset(buf, 0, sizeof(buf));
	printf("pread %zd '%s'\n", pread(fd, buf, 4, 10), buf);
	printf("pwrite %zd\n", pwrite(fd, "XY", 2, 0));
	struct iovec iov[2] = { { "-A-", 3 }, { "-B-", 3 } };
	lseek(fd, 0, SEEK_END);
	printf("writev %zd\n", writev(fd, iov, 2));
	struct stat st;
	fstat(fd, &st);
	printf("fstat size %ld reg %d mode %o\n", (long)st.st_size, S_ISREG(st.st_mode), st.st_mode & 0777);
	close(fd);
	fd = open("a.txt", O_RDONLY);
	memset(buf, 0, sizeof(buf));
	char b1[8] = { 0 }, b2[8] = { 0 };
	struct iovec riov[2] = { { b1, 4 }, { b2, 4 } };
	printf("readv %zd '%s' '%s'\n", readv(fd, riov, 2), b1, b2);
	printf("read rest %zd\n", read(fd, buf, sizeof(buf)));
	printf("read eof %zd\n", read(fd, buf, sizeof(buf)));
	close(fd);
	printf("stat %d size %ld\n", stat("a.txt", &st), (long)st.st_size);
	printf("stat missing %d errno %s\n", stat("nope", &st), strerror(errno));
	printf("open missing %d errno %s\n", open("nope", O_RDONLY), strerror(errno));
	printf("mkdir %d\n", mkdir("sub", 0755));
	printf("stat dir %d isdir %d\n", stat("sub", &st), S_ISDIR(st.st_mode));
	for (int i = 0; i < 5; i++) {
		char name[32];
		snprintf(name, sizeof(name), "sub/f%d", i);
		int f = open(name, O_CREAT | O_WRONLY, 0600);
		write(f, name, strlen(name));
		close(f);
	}
	printf("rename %d\n", rename("sub/f4", "sub/g4"));
	DIR *d = opendir("sub");
	char *names[16];
	int n = 0;
	struct dirent *de;
	while ((de = readdir(d)) && n < 16)
		if (de->d_name[0] != '.')
			names[n++] = strdup(de->d_name);
	closedir(d);
	qsort(names, n, sizeof(names[0]), cmp);
	for (int i = 0; i < n; i++) {
		printf("entry %s\n", names[i]);
		char p[64];
		snprintf(p, sizeof(p), "sub/%s", names[i]);
		unlink(p);
		free(names[i]);
	}
	printf("access %d %d\n", access("a.txt", R_OK), access("nope", F_OK));
	printf("rmdir %d\n", rmdir("sub"));
	printf("unlink %d\n", unlink("a.txt"));
	printf("unlink again %d errno %s\n", unlink("a.txt"), strerror(errno));
	char cwd[256];
	printf("getcwd ok %d\n", getcwd(cwd, sizeof(cwd)) && !strcmp(cwd, dir));
	chdir("/");
	printf("rmdir top %d\n", rmdir(dir));
	return 0;
}
