/*
 * fuzz_config.c — libFuzzer target over the timing model's configuration parser (config.c):
 * the input is a `robin sim --config` file, and each of its lines is also a `--set KEY=VALUE`
 * argument. Every load ends in success or a one-line printable error naming the file and line
 * (a setting: naming the key or the setting); a loaded configuration has every key in range,
 * passes config_validate or fails it naming a key, and its dump loads back to the same values.
 *
 * FUZZ_SOURCES: src/core/config.c src/util/text.c
 * FUZZ_LIBS: -lm
 * FUZZ_ARGS: -max_len=4096 -dict=tests/fuzz/config.dict
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "core/config.h"

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "check failed: %s (line %d)\n", #c, __LINE__); \
	__builtin_trap(); } } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A one-line, printable, non-empty message. */
static void check_message(const char *err)
{
	size_t n = strnlen(err, CONFIG_ERR_LEN);
	CHECK(n > 0 && n < CONFIG_ERR_LEN);
	for (size_t i = 0; i < n; i++)
		CHECK((unsigned char)err[i] >= 0x20 && err[i] != 0x7f);
}

/* Write bytes to a memory file; returns its fd (path in path) or -1. */
static int mem_file(const void *data, size_t size, char *path, size_t n)
{
	int fd = memfd_create("fuzz_config", 0);
	if (fd < 0)
		return -1;
	if (write(fd, data, size) != (ssize_t)size) {
		close(fd);
		return -1;
	}
	snprintf(path, n, "/proc/self/fd/%d", fd);
	return fd;
}

static int choice_count(const char *choices)
{
	int n = 1;
	for (const char *p = choices; *p; p++)
		n += *p == ',';
	return n;
}

/* Every key of c holds a value its row allows. */
static void check_ranges(const struct core_config *c)
{
	size_t nk;
	const struct config_key *keys = config_keys(&nk);
	for (size_t i = 0; i < nk; i++) {
		const struct config_key *k = &keys[i];
		const void *p = (const char *)c + k->offset;
		if (k->type == CONFIG_DOUBLE) {
			double v;
			memcpy(&v, p, sizeof(v));
			CHECK(v >= k->min && v <= k->max);
		} else {
			uint32_t v;
			memcpy(&v, p, sizeof(v));
			if (k->type == CONFIG_ENUM)
				CHECK((int)v < choice_count(k->choices));
			else if (k->type == CONFIG_BOOL)
				CHECK(v <= 1);
			else
				CHECK(v >= k->min && v <= k->max);
		}
	}
}

/* The dump of c is a config file that loads back to exactly c. */
static void check_dump(const struct core_config *c)
{
	char *text = NULL, path[64], err[CONFIG_ERR_LEN] = "";
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	if (!m)
		return;
	config_dump(c, m);
	fclose(m);
	int fd = mem_file(text, len, path, sizeof(path));
	free(text);
	if (fd < 0)
		return;
	struct core_config back;
	config_defaults(&back);
	int rc = config_load_file(&back, path, err);
	if (rc)
		fprintf(stderr, "dump does not load: %s\n", err);
	CHECK(rc == 0);
	close(fd);
	size_t nk;
	const struct config_key *keys = config_keys(&nk);
	for (size_t i = 0; i < nk; i++) {
		size_t sz = keys[i].type == CONFIG_DOUBLE ? sizeof(double) : sizeof(uint32_t);
		if (memcmp((const char *)c + keys[i].offset, (const char *)&back + keys[i].offset, sz))
			fprintf(stderr, "key %s does not survive the dump\n", keys[i].name);
		CHECK(!memcmp((const char *)c + keys[i].offset, (const char *)&back + keys[i].offset,
			      sz));
	}
}

static void check_loaded(const struct core_config *c)
{
	char err[CONFIG_ERR_LEN] = "";
	check_ranges(c);
	int rc = config_validate(c, err);
	if (rc) {
		CHECK(rc == -EINVAL);
		check_message(err);
		CHECK(!strncmp(err, "key '", 5));
	}
	check_dump(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], err[CONFIG_ERR_LEN];
	struct core_config c;

	/* The whole input as a --config file. */
	int fd = mem_file(data, size, path, sizeof(path));
	if (fd < 0)
		return 0;
	config_defaults(&c);
	err[0] = 0;
	int rc = config_load_file(&c, path, err);
	close(fd);
	if (rc) {
		CHECK(rc < 0);
		check_message(err);
		CHECK(!strncmp(err, path, strlen(path)) && err[strlen(path)] == ':');
	} else {
		check_loaded(&c);
	}

	/* Every line (up to a NUL) as a --set argument, applied in order. */
	config_defaults(&c);
	int all_ok = 1;
	for (size_t i = 0; i < size;) {
		const uint8_t *nl = memchr(data + i, '\n', size - i);
		size_t n = nl ? (size_t)(nl - data - i) : size - i;
		char *kv = strndup((const char *)data + i, n);
		if (!kv)
			break;
		err[0] = 0;
		rc = config_set_kv(&c, kv, err);
		if (rc) {
			CHECK(rc == -EINVAL);
			check_message(err);
			if (!strstr(err, "key '") && !strstr(err, "KEY=VALUE") && !strstr(err, "too long"))
				fprintf(stderr, "message names no key: %s\n", err);
			CHECK(strstr(err, "key '") || strstr(err, "KEY=VALUE") ||
			      strstr(err, "too long"));
			all_ok = 0;
		}
		free(kv);
		i += n + 1;
	}
	check_ranges(&c);
	if (all_ok && size < 1024)
		check_loaded(&c);
	return 0;
}
