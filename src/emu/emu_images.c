/*
 * emu_images.c — the public view of the emulator's image list (emu_images in emu.h): the
 * files mapped with execute permission that fault messages name symbols from, handed to
 * profilers that turn guest pcs into image offsets.
 */
#include "emu/emu_priv.h"

size_t emu_images(const struct emu *e, struct emu_image_info *out, size_t max)
{
	size_t n = (size_t)e->n_images;
	for (size_t i = 0; i < n && i < max; i++) {
		out[i].path = e->images[i].path;
		out[i].start = e->images[i].start;
		out[i].end = e->images[i].end;
		out[i].bias = e->images[i].bias;
	}
	return n;
}
