/* 644: the HTML report renders in headless Chromium: the page built from the fixture database
 * (report_fixture.h) runs its scripts without error (the error hook stays empty, the ready
 * flag is set) and its screenshot is not blank (decoded here with zlib: many colours, a good
 * share of non-background pixels). Controls prove the checks can fail: a page with a throwing
 * script is caught, a blank page's screenshot is recognised as blank. Exits 77 when Chromium
 * is not installed. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <cmocka.h>

#include "report_fixture.h"
#include "report/html.h"
#include "report/report_load.h"

static char dir[64], dbpath[128];
static const char *chromium;

/* ---- a minimal PNG reader: 8-bit RGB / RGBA, non-interlaced ------------------------------- */

struct png_stats {
	uint32_t width, height;
	size_t colours;        /* distinct RGB values (capped at 4096) */
	double non_background; /* fraction of pixels that differ from the top-left pixel */
};

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int paeth(int a, int b, int c)
{
	int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
	return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

static int png_read(const char *path, struct png_stats *st)
{
	FILE *f = fopen(path, "rb");
	uint8_t *file = NULL, *idat = NULL, *raw = NULL;
	size_t n = 0, cap = 0, nidat = 0;
	int rc = -1;
	if (!f)
		return -1;
	for (;;) {
		if (n == cap && !(file = realloc(file, cap = cap ? 2 * cap : 1 << 20)))
			goto out;
		size_t k = fread(file + n, 1, cap - n, f);
		if (!k)
			break;
		n += k;
	}
	static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	if (n < 8 || memcmp(file, sig, 8))
		goto out;
	int colour_type = -1, bpp = 0;
	idat = malloc(n);
	if (!idat)
		goto out;
	for (size_t o = 8; o + 12 <= n;) {
		uint32_t len = be32(file + o);
		const uint8_t *type = file + o + 4, *data = file + o + 8;
		if (o + 12 + len > n)
			goto out;
		if (!memcmp(type, "IHDR", 4)) {
			st->width = be32(data);
			st->height = be32(data + 4);
			colour_type = data[9];
			if (data[8] != 8 || data[12] != 0 || (colour_type != 2 && colour_type != 6))
				goto out;
			bpp = colour_type == 6 ? 4 : 3;
		} else if (!memcmp(type, "IDAT", 4)) {
			memcpy(idat + nidat, data, len);
			nidat += len;
		}
		o += 12 + len;
	}
	if (!bpp)
		goto out;
	size_t stride = (size_t)st->width * bpp;
	uLongf rawlen = (uLongf)((stride + 1) * st->height);
	raw = malloc(rawlen);
	if (!raw || uncompress(raw, &rawlen, idat, nidat) != Z_OK ||
	    rawlen != (stride + 1) * st->height)
		goto out;
	uint8_t *prev = NULL;
	uint32_t *seen = calloc(4096, sizeof(*seen));
	uint32_t bg = 0;
	size_t diff = 0;
	st->colours = 0;
	for (uint32_t y = 0; y < st->height; y++) {
		uint8_t *line = raw + y * (stride + 1), *px = line + 1;
		for (size_t x = 0; x < stride; x++) {
			int a = x >= (size_t)bpp ? px[x - bpp] : 0, b = prev ? prev[x] : 0;
			int c = prev && x >= (size_t)bpp ? prev[x - bpp] : 0;
			switch (line[0]) {
			case 0: break;
			case 1: px[x] += a; break;
			case 2: px[x] += b; break;
			case 3: px[x] += (a + b) / 2; break;
			case 4: px[x] += paeth(a, b, c); break;
			default: free(seen); goto out;
			}
		}
		for (uint32_t x = 0; x < st->width; x++) {
			uint32_t rgb = (uint32_t)px[x * bpp] << 16 | (uint32_t)px[x * bpp + 1] << 8 |
				       px[x * bpp + 2];
			if (!x && !y)
				bg = rgb;
			diff += rgb != bg;
			size_t k;
			for (k = 0; k < st->colours && seen[k] != rgb; k++)
				;
			if (k == st->colours && st->colours < 4096)
				seen[st->colours++] = rgb;
		}
		prev = px;
	}
	free(seen);
	st->non_background = (double)diff / ((double)st->width * st->height);
	rc = 0;
out:
	fclose(f);
	free(file);
	free(idat);
	free(raw);
	return rc;
}

/* ---- chromium -------------------------------------------------------------------------- */

static const char *find_chromium(void)
{
	static char buf[512];
	const char *env = getenv("CHROMIUM");
	if (env && *env)
		return env;
	static const char *const names[] = { "chromium", "chromium-browser", "google-chrome" };
	const char *path = getenv("PATH");
	for (size_t i = 0; i < 3; i++) {
		const char *p = path ? path : "/usr/bin";
		while (*p) {
			const char *e = strchr(p, ':');
			size_t l = e ? (size_t)(e - p) : strlen(p);
			snprintf(buf, sizeof(buf), "%.*s/%s", (int)l, p, names[i]);
			if (access(buf, X_OK) == 0)
				return buf;
			p += l + (e ? 1 : 0);
		}
	}
	return NULL;
}

/* Run chromium on file://page with `mode` ("--dump-dom" or "--screenshot=FILE ...");
 * stdout to `out`. Returns the shell's status. */
static int run_chromium(const char *page, const char *mode, const char *out)
{
	char cmd[2048], profile[128];
	snprintf(profile, sizeof(profile), "%s/chrome-XXXXXX", dir);
	assert_non_null(mkdtemp(profile));
	snprintf(cmd, sizeof(cmd),
		 "timeout 120 '%s' --headless --no-sandbox --disable-gpu --disable-quic "
		 "--no-first-run --disable-background-networking --disable-component-update "
		 "--disable-sync --user-data-dir='%s' --enable-logging=stderr --v=0 %s "
		 "'file://%s' >'%s' 2>'%s.log'",
		 chromium, profile, mode, page, out, out);
	return system(cmd);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *s = calloc(1, (size_t)n + 1);
	if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
		free(s);
		s = NULL;
	}
	fclose(f);
	return s;
}

static void write_page(const char *path, const char *extra_script)
{
	struct profile_db *db;
	struct report_profile p;
	struct report_images im;
	char err[REPORT_ERR_MAX];
	assert_int_equal(profile_db_open(dbpath, PROFILE_DB_READONLY, &db, err), 0);
	assert_int_equal(report_load(db, NULL, REPORT_LOAD_DETAILS, &p, &im, err), 0);
	struct html_page pg = { .db_path = dbpath, .selection = "all", .p = &p, .im = &im,
				.primary = (size_t)report_profile_event(&p, "oracle") };
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(html_report_write(&pg, f), 0);
	if (extra_script)
		fprintf(f, "<script>%s</script>\n", extra_script);
	assert_int_equal(fclose(f), 0);
	report_images_free(&im);
	report_profile_free(&p);
	profile_db_close(db);
}

static void test_page_scripts(void **state)
{
	(void)state;
	char page[160], out[160];
	snprintf(page, sizeof(page), "%s/report.html", dir);
	snprintf(out, sizeof(out), "%s/dom.html", dir);
	write_page(page, NULL);
	char *html = slurp(page);
	assert_non_null(html);
	/* self-contained: no external resources */
	assert_null(strstr(html, "src=\"http"));
	assert_null(strstr(html, "href=\"http"));
	assert_null(strstr(html, "<link"));
	assert_non_null(strstr(html, "fixture_alpha"));
	assert_non_null(strstr(html, "Cycle stacks"));
	free(html);
	assert_int_equal(run_chromium(page, "--dump-dom", out), 0);
	char *dom = slurp(out);
	assert_non_null(dom);
	if (!strstr(dom, "data-robin-ready=\"1\"") || strstr(dom, "data-robin-errors=\""))
		fail_msg("page scripts failed; DOM head: %.400s", dom);
	/* the table script ran over the rendered tables */
	assert_non_null(strstr(dom, "id=\"proc-table\""));
	free(dom);
	/* and Chromium's console log has no uncaught error or failed load */
	char log[200];
	snprintf(log, sizeof(log), "%s.log", out);
	char *lg = slurp(log);
	assert_non_null(lg);
	if (strstr(lg, "Uncaught") || strstr(lg, "Failed to load"))
		fail_msg("console: %.400s", lg);
	free(lg);

	/* control: a throwing script is caught by the hook */
	snprintf(page, sizeof(page), "%s/broken.html", dir);
	write_page(page, "robinNoSuchFunction();");
	assert_int_equal(run_chromium(page, "--dump-dom", out), 0);
	dom = slurp(out);
	assert_non_null(dom);
	assert_non_null(strstr(dom, "data-robin-errors=\"1\""));
	assert_non_null(strstr(dom, "robinNoSuchFunction"));
	free(dom);
	snprintf(log, sizeof(log), "%s.log", out);
	lg = slurp(log);
	assert_non_null(lg);
	assert_non_null(strstr(lg, "Uncaught ReferenceError"));
	free(lg);
}

static void test_screenshot(void **state)
{
	(void)state;
	char page[160], png[160], mode[256], out[160];
	struct png_stats st;
	snprintf(page, sizeof(page), "%s/report.html", dir);
	snprintf(png, sizeof(png), "%s/shot.png", dir);
	snprintf(out, sizeof(out), "%s/shot.out", dir);
	snprintf(mode, sizeof(mode), "--screenshot='%s' --window-size=1200,900", png);
	write_page(page, NULL);
	assert_int_equal(run_chromium(page, mode, out), 0);
	assert_int_equal(png_read(png, &st), 0);
	printf("screenshot %ux%u, %zu colours, %.1f%% non-background\n", st.width, st.height,
	       st.colours, 100 * st.non_background);
	assert_int_equal(st.width, 1200);
	assert_int_equal(st.height, 900);
	assert_true(st.colours >= 32);           /* text antialiasing, bars, palette */
	assert_true(st.non_background > 0.03);

	/* control: an empty page is one colour */
	snprintf(page, sizeof(page), "%s/blank.html", dir);
	FILE *f = fopen(page, "w");
	assert_non_null(f);
	fputs("<!DOCTYPE html><html><body></body></html>\n", f);
	fclose(f);
	assert_int_equal(run_chromium(page, mode, out), 0);
	assert_int_equal(png_read(png, &st), 0);
	assert_true(st.colours <= 2 && st.non_background < 0.001);
}

int main(void)
{
	struct fixture fx;
	chromium = find_chromium();
	if (!chromium) {
		printf("chromium is not installed (Debian package chromium; scripts/install-deps.sh)\n");
		return 77;
	}
	snprintf(dir, sizeof(dir), "/tmp/robin-644-XXXXXX");
	if (!mkdtemp(dir))
		return 1;
	snprintf(dbpath, sizeof(dbpath), "%s/fixture.db", dir);
	if (fixture_db_build(dbpath, &fx))
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_page_scripts),
		cmocka_unit_test(test_screenshot),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	char cmd[160];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		rc = 1;
	return rc;
}
