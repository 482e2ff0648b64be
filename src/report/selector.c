/*
 * selector.c — parse and merge profile selectors (see selector.h).
 */
#include "report/selector.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const selector_keys[] = { "run:", "epoch:", "event:", "image:" };

static int starts_with_key(const char *p)
{
	for (size_t i = 0; i < sizeof(selector_keys) / sizeof(*selector_keys); i++)
		if (!strncmp(p, selector_keys[i], strlen(selector_keys[i])))
			return 1;
	return 0;
}

static int parse_id(const char *what, const char *v, int64_t *out, char *err)
{
	char *end;
	errno = 0;
	long long x = strtoll(v, &end, 10);
	if (!*v || *end || errno || x <= 0) {
		snprintf(err, 256, "%s: '%s' is not a positive integer", what, v);
		return -EINVAL;
	}
	*out = x;
	return 0;
}

static void free_events(struct report_selector *s)
{
	for (size_t i = 0; i < s->n_events; i++)
		free(s->events[i]);
	free(s->events);
	s->events = NULL;
	s->n_events = 0;
}

static int set_events(struct report_selector *s, const char *list, const char *what, char *err)
{
	free_events(s);
	size_t n = 1;
	for (const char *p = list; *p; p++)
		n += *p == ',';
	s->events = calloc(n, sizeof(*s->events));
	if (!s->events)
		return -ENOMEM;
	const char *p = list;
	for (;;) {
		const char *c = strchr(p, ',');
		size_t len = c ? (size_t)(c - p) : strlen(p);
		if (!len) {
			snprintf(err, 256, "%s: empty event name in '%s'", what, list);
			free_events(s);
			return -EINVAL;
		}
		if (!(s->events[s->n_events] = strndup(p, len)))
			return -ENOMEM;
		s->n_events++;
		if (!c)
			break;
		p = c + 1;
	}
	return 0;
}

int report_selector_set(struct report_selector *s, const char *key, const char *value,
			char *err)
{
	char what[32];
	snprintf(what, sizeof(what), "--%s", key);
	if (!strcmp(key, "run"))
		return parse_id(what, value, &s->run_id, err);
	if (!strcmp(key, "epoch"))
		return parse_id(what, value, &s->epoch_id, err);
	if (!strcmp(key, "event"))
		return set_events(s, value, what, err);
	if (!strcmp(key, "image")) {
		if (!*value) {
			snprintf(err, 256, "%s: empty image", what);
			return -EINVAL;
		}
		free(s->image);
		s->image = strdup(value);
		return s->image ? 0 : -ENOMEM;
	}
	snprintf(err, 256, "unknown selector key '%s'", key);
	return -EINVAL;
}

int report_selector_parse(const char *text, struct report_selector *out, char *err)
{
	memset(out, 0, sizeof(*out));
	if (!text || !*text) {
		snprintf(err, 256, "empty selector");
		return -EINVAL;
	}
	const char *p = text;
	int rc = 0;
	while (*p && !rc) {
		/* The term ends at a '/' followed by a key (or at the end). */
		const char *end = p;
		for (;;) {
			end = strchr(end, '/');
			if (!end || starts_with_key(end + 1))
				break;
			end++;
		}
		size_t len = end ? (size_t)(end - p) : strlen(p);
		char *term = strndup(p, len);
		if (!term) {
			rc = -ENOMEM;
			break;
		}
		char *colon = strchr(term, ':');
		char what[300];
		if (!colon) {
			snprintf(what, sizeof(what), "selector '%s'", text);
			if (parse_id(what, term, &out->run_id, err)) {
				snprintf(err, 256,
					 "selector '%s': '%s' is neither run:N, epoch:N, event:NAME, "
					 "image:PATH nor a run id", text, term);
				rc = -EINVAL;
			}
		} else {
			*colon = 0;
			char e2[256];
			if (!*term || !(!strcmp(term, "run") || !strcmp(term, "epoch") ||
					!strcmp(term, "event") || !strcmp(term, "image"))) {
				snprintf(err, 256, "selector '%s': unknown key '%s' (run, epoch, event, "
					 "image)", text, term);
				rc = -EINVAL;
			} else if ((rc = report_selector_set(out, term, colon + 1, e2)) == -EINVAL) {
				snprintf(err, 256, "selector '%.60s': %.180s", text, e2 + 2);
			}
		}
		free(term);
		if (!end)
			break;
		p = end + 1;
		if (!*p) {
			snprintf(err, 256, "selector '%s': trailing '/'", text);
			rc = -EINVAL;
		}
	}
	if (rc)
		report_selector_free(out);
	return rc;
}

int report_selector_merge(const struct report_selector *base,
			  const struct report_selector *over, struct report_selector *dst)
{
	char err[256];
	memset(dst, 0, sizeof(*dst));
	dst->epoch_id = over && over->epoch_id ? over->epoch_id : base->epoch_id;
	dst->run_id = over && over->run_id ? over->run_id : base->run_id;
	const char *img = over && over->image ? over->image : base->image;
	if (img && !(dst->image = strdup(img)))
		goto nomem;
	const struct report_selector *ev = over && over->n_events ? over : base;
	if (ev->n_events) {
		dst->events = calloc(ev->n_events, sizeof(*dst->events));
		if (!dst->events)
			goto nomem;
		for (size_t i = 0; i < ev->n_events; i++) {
			if (!(dst->events[i] = strdup(ev->events[i])))
				goto nomem;
			dst->n_events++;
		}
	}
	(void)err;
	return 0;
nomem:
	report_selector_free(dst);
	return -ENOMEM;
}

void report_selector_filter(const struct report_selector *s, struct profile_db_filter *f)
{
	memset(f, 0, sizeof(*f));
	f->epoch_id = s->epoch_id;
	f->run_id = s->run_id;
	f->image = s->image;
	f->events = (const char *const *)s->events;
	f->n_events = s->n_events;
}

void report_selector_format(const struct report_selector *s, char *buf, size_t n)
{
	size_t o = 0;
	buf[0] = 0;
#define PUT(...) do { if (o < n) o += (size_t)snprintf(buf + o, n - o, __VA_ARGS__); } while (0)
	if (s->run_id)
		PUT("run:%" PRId64, s->run_id);
	if (s->epoch_id)
		PUT("%sepoch:%" PRId64, o ? "/" : "", s->epoch_id);
	for (size_t i = 0; i < s->n_events; i++)
		PUT("%s%s", i ? "," : (o ? "/event:" : "event:"), s->events[i]);
	if (s->image)
		PUT("%simage:%s", o ? "/" : "", s->image);
	if (!o)
		PUT("all");
#undef PUT
}

int report_selector_id_list(const char *s, int64_t **ids, size_t *n)
{
	size_t cap = 16;
	int64_t *v = malloc(cap * sizeof(*v));
	const char *p = s;
	*n = 0;
	if (!v)
		return -ENOMEM;
	while (*p) {
		char *end;
		long long a = strtoll(p, &end, 10), b;
		if (end == p || a <= 0)
			goto bad;
		b = a;
		if (*end == '-') {
			p = end + 1;
			b = strtoll(p, &end, 10);
			if (end == p || b < a || b - a > 100000)
				goto bad;
		}
		for (long long x = a; x <= b; x++) {
			if (*n == cap) {
				int64_t *w = realloc(v, 2 * cap * sizeof(*v));
				if (!w) {
					free(v);
					return -ENOMEM;
				}
				v = w;
				cap *= 2;
			}
			v[(*n)++] = x;
		}
		if (*end == ',')
			end++;
		else if (*end)
			goto bad;
		p = end;
	}
	if (!*n)
		goto bad;
	*ids = v;
	return 0;
bad:
	free(v);
	return -EINVAL;
}

void report_selector_free(struct report_selector *s)
{
	free(s->image);
	free_events(s);
	memset(s, 0, sizeof(*s));
}
