/*
 * keymap.h — a hash map from a unit's identity (two strings and a number: image path,
 * procedure name, offset) to a dense index, for joining the rows of profiles that were
 * loaded separately (runs of `robin stats`, the sides of `robin diff`). Keys are copied.
 */
#ifndef ROBIN_REPORT_KEYMAP_H
#define ROBIN_REPORT_KEYMAP_H

#include <stddef.h>
#include <stdint.h>

struct keymap_key {
	char *a;        /* e.g. image path */
	char *b;        /* e.g. procedure name ("" when unused) */
	uint64_t n;     /* e.g. offset (0 when unused) */
};

struct keymap {
	struct keymap_key *keys;  /* index -> key, in insertion order */
	size_t n, cap;
	uint32_t *slot;           /* index + 1, 0 = empty */
	size_t nslots;
};

void keymap_init(struct keymap *m);
/* The index of (a, b, n), adding it if new (*added = 1). Returns index >= 0 or -ENOMEM. */
int keymap_get(struct keymap *m, const char *a, const char *b, uint64_t n, int *added)
	__attribute__((warn_unused_result));
/* The index of (a, b, n) or -1. */
int keymap_find(const struct keymap *m, const char *a, const char *b, uint64_t n);
void keymap_free(struct keymap *m);

#endif
