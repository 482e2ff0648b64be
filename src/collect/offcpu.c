/*
 * offcpu.c — per-thread pairing of switch-out and switch-in for off-CPU time (offcpu.h).
 */
#include "collect/offcpu.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void offcpu_init(struct offcpu *o, uint64_t unit_ns)
{
	memset(o, 0, sizeof *o);
	o->unit_ns = unit_ns ? unit_ns : 1;
}

static size_t offcpu_hash(uint32_t tid, size_t size)
{
	return (size_t)((tid * 2654435761u) & (uint32_t)(size - 1));
}

/* The slot of tid, or NULL when absent (create = 0) or when memory runs out. */
static struct offcpu_thread *offcpu_slot(struct offcpu *o, uint32_t tid, int create)
{
	if (o->size) {
		for (size_t i = offcpu_hash(tid, o->size);; i = (i + 1) & (o->size - 1)) {
			if (o->t[i].tid == tid)
				return &o->t[i];
			if (!o->t[i].tid)
				break;
		}
	}
	if (!create)
		return NULL;
	if (2 * (o->used + 1) > o->size) { /* grow to keep the load under 1/2 */
		size_t size = o->size ? 2 * o->size : 256;
		struct offcpu_thread *t = calloc(size, sizeof *t);
		if (!t)
			return NULL;
		for (size_t k = 0; k < o->size; k++) {
			if (!o->t[k].tid)
				continue;
			size_t i = offcpu_hash(o->t[k].tid, size);
			while (t[i].tid)
				i = (i + 1) & (size - 1);
			t[i] = o->t[k];
		}
		free(o->t);
		o->t = t;
		o->size = size;
	}
	size_t i = offcpu_hash(tid, o->size);
	while (o->t[i].tid)
		i = (i + 1) & (o->size - 1);
	o->t[i].tid = tid;
	o->used++;
	return &o->t[i];
}

int offcpu_out(struct offcpu *o, uint32_t tid, unsigned event, uint64_t time_ns,
	       void *const *image, const uint64_t *offset, size_t n)
{
	if (!tid)
		return 0; /* the idle task */
	struct offcpu_thread *t = offcpu_slot(o, tid, 1);
	if (!t)
		return -ENOMEM;
	if (n > t->cap) {
		void **im = realloc(t->image, n * sizeof *im);
		if (im)
			t->image = im;
		uint64_t *off = im ? realloc(t->offset, n * sizeof *off) : NULL;
		if (!off) {
			t->pending = 0;
			return -ENOMEM;
		}
		t->offset = off;
		t->cap = n;
	}
	if (n) {
		memcpy(t->image, image, n * sizeof *image);
		memcpy(t->offset, offset, n * sizeof *offset);
	}
	t->n = n;
	t->event = event;
	t->out_ns = time_ns;
	t->pending = 1;
	return 0;
}

void offcpu_preempted(struct offcpu *o, uint32_t tid)
{
	struct offcpu_thread *t = tid ? offcpu_slot(o, tid, 0) : NULL;
	if (t)
		t->pending = 0;
}

int offcpu_in(struct offcpu *o, uint32_t tid, uint64_t time_ns, offcpu_charge_fn fn, void *arg)
{
	struct offcpu_thread *t = tid ? offcpu_slot(o, tid, 0) : NULL;
	if (!t || !t->pending) {
		if (tid)
			o->st.unpaired++;
		return 0;
	}
	t->pending = 0;
	if (time_ns < t->out_ns || !t->n)
		return 0;
	uint64_t d = time_ns - t->out_ns;
	o->st.waits++;
	o->st.ns += d;
	d += t->carry_ns;
	uint64_t units = d / o->unit_ns;
	t->carry_ns = d % o->unit_ns;
	return units ? fn(arg, t->event, t->image, t->offset, t->n, units) : 0;
}

void offcpu_forget(struct offcpu *o, uint32_t tid)
{
	struct offcpu_thread *t = tid ? offcpu_slot(o, tid, 0) : NULL;
	if (!t)
		return;
	free(t->image);
	free(t->offset);
	/* backward-shift deletion keeps every probe chain unbroken */
	size_t i = (size_t)(t - o->t), mask = o->size - 1;
	memset(t, 0, sizeof *t);
	o->used--;
	for (size_t j = (i + 1) & mask; o->t[j].tid; j = (j + 1) & mask) {
		size_t h = offcpu_hash(o->t[j].tid, o->size);
		/* move j into the hole at i unless its home lies cyclically in (i, j] */
		if ((j > i && (h <= i || h > j)) || (j < i && (h <= i && h > j))) {
			o->t[i] = o->t[j];
			memset(&o->t[j], 0, sizeof o->t[j]);
			i = j;
		}
	}
}

size_t offcpu_memory(const struct offcpu *o)
{
	size_t b = o->size * sizeof *o->t;
	for (size_t i = 0; i < o->size; i++)
		b += o->t[i].cap * (sizeof(void *) + sizeof(uint64_t));
	return b;
}

void offcpu_free(struct offcpu *o)
{
	for (size_t i = 0; i < o->size; i++) {
		free(o->t[i].image);
		free(o->t[i].offset);
	}
	free(o->t);
	memset(o, 0, sizeof *o);
}
