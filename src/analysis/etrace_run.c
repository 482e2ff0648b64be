/*
 * etrace_run.c — `robin run --etrace FILE` (etrace_run.h): the emulator's block hook feeds the
 * encoder; at the end the file is read back and decoded over the guest's code as the emulator
 * holds it (emu_decode_at: the program, ld.so and the shared libraries are all mapped there).
 */
#include "analysis/etrace_run.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/etrace.h"
#include "analysis/etrace_image.h"
#include "util/outfile.h"

#define ETRACE_RUN_RESYNC 1000000   /* instructions between format 3 resyncs */

struct etrace_run {
	struct emu *e;
	const char *path;
	int verify;             /* decode the existing file, write nothing */
	unsigned return_stack;
	struct etrace_enc *enc;
	struct etrace_dec_result dec;
	int decoded, exact;
	char err[256];
};

static const struct isa_insn *etrace_run_fetch(void *ctx, uint64_t pc)
{
	return emu_decode_at(ctx, pc);
}

static void etrace_run_block(void *ctx, uint64_t start, uint64_t end, uint64_t n)
{
	struct etrace_run *r = ctx;
	etrace_enc_block(r->enc, start, end, n);
}

struct etrace_run *etrace_run_start(struct emu *e, const char *path, int verify,
				    unsigned return_stack)
{
	struct etrace_run *r = calloc(1, sizeof(*r));
	if (!r)
		return NULL;
	r->e = e;
	r->path = path;
	r->verify = verify;
	r->return_stack = return_stack;
	r->enc = etrace_enc_new(etrace_run_fetch, e, ETRACE_RUN_RESYNC, return_stack);
	if (!r->enc) {
		free(r);
		return NULL;
	}
	emu_set_block_hook(e, etrace_run_block, r);
	return r;
}

/* FILE.images (the guest's executable images) and FILE.blocks (the exact counts), for
 * `robin etrace FILE`. 0, or -1 after a message. */
static int etrace_run_sidecars(const struct etrace_run *r)
{
	char p[4096];
	if ((size_t)snprintf(p, sizeof(p), "%s.images", r->path) >= sizeof(p)) {
		fprintf(stderr, "robin run: --etrace path too long\n");
		return -1;
	}
	struct emu_image_info im[EMU_MAX_IMAGES];
	size_t n = emu_images(r->e, im, EMU_MAX_IMAGES);
	FILE *f = fopen(p, "w");
	int err = f ? 0 : -errno;
	if (f) {
		for (size_t i = 0; i < n && i < EMU_MAX_IMAGES; i++) {
			char *abs = realpath(im[i].path, NULL);   /* decodable from elsewhere */
			fprintf(f, "%" PRIx64 " %" PRIx64 " %" PRIx64 " %s\n", im[i].start, im[i].end,
				im[i].bias, abs ? abs : im[i].path);
			free(abs);
		}
		err = outfile_close(f);
	}
	if (!err) {
		snprintf(p, sizeof(p), "%s.blocks", r->path);
		err = etrace_counts_write(p, etrace_enc_exact(r->enc));
	}
	if (err) {
		fprintf(stderr, "robin run: cannot write %s: %s\n", p, strerror(-err));
		return -1;
	}
	return 0;
}

int etrace_run_finish(struct etrace_run *r)
{
	emu_set_block_hook(r->e, NULL, NULL);
	size_t len;
	const uint8_t *bytes = etrace_enc_finish(r->enc, &len);
	if (!bytes) {
		fprintf(stderr, "robin run: out of memory for --etrace\n");
		return -1;
	}
	FILE *f;
	if (!r->verify) {
		f = fopen(r->path, "wb");
		int err = f ? 0 : -errno;
		if (f) {
			int short_write = fwrite(bytes, 1, len, f) != len;
			err = outfile_close(f);
			if (!err && short_write)
				err = -EIO;
		}
		if (err) {
			fprintf(stderr, "robin run: cannot write %s: %s\n", r->path, strerror(-err));
			return -1;
		}
		if (etrace_run_sidecars(r))
			return -1;
	}
	/* decode what the file holds, not the encoder's buffer */
	f = fopen(r->path, "rb");
	if (!f) {
		fprintf(stderr, "robin run: cannot read %s: %s\n", r->path, strerror(errno));
		return -1;
	}
	size_t cap = 65536;
	len = 0;
	uint8_t *back = malloc(cap);
	while (back) {
		len += fread(back + len, 1, cap - len, f);
		if (len < cap)
			break;
		uint8_t *nb = realloc(back, cap * 2);
		if (!nb)
			free(back);
		back = nb;
		cap *= 2;
	}
	int rerr = ferror(f);
	fclose(f);
	if (!back || rerr) {
		fprintf(stderr, "robin run: cannot read %s\n", r->path);
		free(back);
		return -1;
	}
	r->decoded = !etrace_decode(back, len, etrace_run_fetch, r->e, r->return_stack, &r->dec, r->err,
				    sizeof(r->err));
	r->exact = r->decoded && etrace_counts_equal(&r->dec.blocks, etrace_enc_exact(r->enc));
	free(back);
	return 0;
}

static double etrace_run_bpi(const struct etrace_run *r)
{
	uint64_t n = etrace_enc_insns(r->enc);
	return n ? (double)etrace_enc_stats(r->enc)->bytes * 8 / (double)n : 0;
}

void etrace_run_json(const struct etrace_run *r, struct json *j)
{
	const struct etrace_stats *s = etrace_enc_stats(r->enc);
	json_key(j, "etrace");
	json_object_begin(j);
	json_kv_string(j, "file", r->path);
	json_kv_uint(j, "return_stack", r->return_stack);
	json_key(j, "block_counts_exact");
	json_bool(j, r->exact);
	json_key(j, "decoded");
	json_bool(j, r->decoded);
	if (!r->decoded)
		json_kv_string(j, "decode_error", r->err);
	json_kv_uint(j, "instructions", etrace_enc_insns(r->enc));
	json_kv_uint(j, "instructions_decoded", r->dec.insns);
	json_kv_uint(j, "blocks", etrace_enc_exact(r->enc)->used);
	json_kv_uint(j, "blocks_decoded", r->dec.blocks.used);
	json_kv_uint(j, "bytes", s->bytes);
	json_kv_uint(j, "payload_bits", s->payload_bits);
	json_kv_double(j, "bits_per_instruction", etrace_run_bpi(r));
	json_key(j, "packets");
	json_object_begin(j);
	json_kv_uint(j, "format1", s->packets[1]);
	json_kv_uint(j, "format2", s->packets[2]);
	json_kv_uint(j, "format3_start", s->f3_sub[0]);
	json_kv_uint(j, "format3_trap", s->f3_sub[1]);
	json_object_end(j);
	json_object_end(j);
}

void etrace_run_print(const struct etrace_run *r, FILE *f)
{
	const struct etrace_stats *s = etrace_enc_stats(r->enc);
	fprintf(f, "robin: etrace %s: %" PRIu64 " bytes, %.4f bits/instruction, packets f1 %" PRIu64
		" f2 %" PRIu64 " f3 %" PRIu64 "+%" PRIu64 ", block counts %s%s%s\n", r->path, s->bytes,
		etrace_run_bpi(r), s->packets[1], s->packets[2], s->f3_sub[0], s->f3_sub[1],
		r->exact ? "exact" : "INEXACT", r->decoded ? "" : ": ", r->decoded ? "" : r->err);
}

void etrace_run_free(struct etrace_run *r)
{
	if (!r)
		return;
	etrace_enc_free(r->enc);
	etrace_counts_free(&r->dec.blocks);
	free(r);
}
