/*
 * isa_ext.c — ISA names and what a set of extensions allows (see isa_ext.h).
 */
#include <stdio.h>
#include <string.h>

#include "isa/isa.h"
#include "isa/isa_ext.h"

static const char *const ext_names[ISA_X_COUNT] = {
	[ISA_X_ZBA] = "zba", [ISA_X_ZBB] = "zbb", [ISA_X_ZBS] = "zbs", [ISA_X_ZBC] = "zbc",
	[ISA_X_ZBKB] = "zbkb", [ISA_X_ZICOND] = "zicond", [ISA_X_ZFHMIN] = "zfhmin",
	[ISA_X_ZFH] = "zfh", [ISA_X_ZFA] = "zfa", [ISA_X_ZCB] = "zcb",
	[ISA_X_ZICBOM] = "zicbom", [ISA_X_ZICBOZ] = "zicboz", [ISA_X_ZICBOP] = "zicbop",
	[ISA_X_ZIHINTPAUSE] = "zihintpause", [ISA_X_ZIHINTNTL] = "zihintntl",
	[ISA_X_ZAWRS] = "zawrs", [ISA_X_ZIMOP] = "zimop", [ISA_X_ZCMOP] = "zcmop",
	[ISA_X_ZKT] = "zkt", [ISA_X_ZICNTR] = "zicntr", [ISA_X_ZIHPM] = "zihpm",
	[ISA_X_V] = "v", [ISA_X_ZVFHMIN] = "zvfhmin", [ISA_X_ZVBB] = "zvbb", [ISA_X_ZVKT] = "zvkt",
};

#define RV64GC (ISA_X(ISA_X_G) | ISA_X(ISA_X_ZICNTR))
#define RVA22 (RV64GC | ISA_X(ISA_X_ZBA) | ISA_X(ISA_X_ZBB) | ISA_X(ISA_X_ZBS) |            \
	       ISA_X(ISA_X_ZICBOM) | ISA_X(ISA_X_ZICBOZ) | ISA_X(ISA_X_ZICBOP) |             \
	       ISA_X(ISA_X_ZIHINTPAUSE) | ISA_X(ISA_X_ZFHMIN) | ISA_X(ISA_X_ZKT) |           \
	       ISA_X(ISA_X_ZIHPM))
#define RVA23 (RVA22 | ISA_X(ISA_X_ZICOND) | ISA_X(ISA_X_ZIMOP) | ISA_X(ISA_X_ZCMOP) |      \
	       ISA_X(ISA_X_ZCB) | ISA_X(ISA_X_ZFA) | ISA_X(ISA_X_ZAWRS) | ISA_X(ISA_X_ZIHINTNTL) | \
	       ISA_X(ISA_X_V) | ISA_X(ISA_X_ZVFHMIN) | ISA_X(ISA_X_ZVBB) | ISA_X(ISA_X_ZVKT))

static const struct { const char *name; uint64_t exts; } profiles[] = {
	{ "rva23u64", RVA23 }, { "rva23", RVA23 },
	{ "rva22u64", RVA22 }, { "rva22", RVA22 },
	{ "rv64gc", RV64GC },
};

const char *isa_ext_name(unsigned ext)
{
	return ext < ISA_X_COUNT ? ext_names[ext] : NULL;
}

int isa_ext_parse(const char *name, uint64_t *exts, char *err, size_t n)
{
	uint64_t set = 0;
	const char *p = NULL;
	for (size_t i = 0; i < sizeof(profiles) / sizeof(profiles[0]); i++) {
		size_t l = strlen(profiles[i].name);
		if (!strncmp(name, profiles[i].name, l) && (name[l] == 0 || name[l] == '_')) {
			set = profiles[i].exts;
			p = name + l;
			break;
		}
	}
	if (!p) {
		snprintf(err, n, "'%s' is not an ISA robin knows: rv64gc, rva22 or rva23, "
		         "optionally followed by _EXT for further extensions", name);
		return -1;
	}
	while (*p == '_') {
		const char *s = ++p;
		while (*p && *p != '_')
			p++;
		size_t l = (size_t)(p - s);
		unsigned e;
		for (e = 1; e < ISA_X_COUNT; e++)
			if (strlen(ext_names[e]) == l && !strncmp(ext_names[e], s, l))
				break;
		if (e == ISA_X_COUNT) {
			snprintf(err, n, "'%s': extension '%.*s' is not one robin implements", name,
			         (int)l, s);
			return -1;
		}
		set |= ISA_X(e);
	}
	/* Zfh includes Zfhmin; Zcmop needs Zimop (Zcmop specification) */
	if (set & ISA_X(ISA_X_ZFH))
		set |= ISA_X(ISA_X_ZFHMIN);
	if ((set & ISA_X(ISA_X_ZCMOP)) && !(set & ISA_X(ISA_X_ZIMOP))) {
		snprintf(err, n, "'%s': zcmop needs zimop", name);
		return -1;
	}
	/* the vector extensions robin implements build on V (VLEN >= 128, ELEN 64) */
	if ((set & (ISA_X(ISA_X_ZVBB) | ISA_X(ISA_X_ZVFHMIN) | ISA_X(ISA_X_ZVKT))) &&
	    !(set & ISA_X(ISA_X_V))) {
		snprintf(err, n, "'%s': zvbb, zvfhmin and zvkt need v", name);
		return -1;
	}
	*exts = set;
	return 0;
}

uint64_t isa_ext_from_arch(const char *arch)
{
	uint64_t set = ISA_X(ISA_X_G);
	const char *p = arch;
	while (*p) {
		const char *s = p;
		while (*p && *p != '_')
			p++;
		size_t l = (size_t)(p - s);
		/* drop the version: "zba1p0" -> "zba" */
		while (l && s[l - 1] >= '0' && s[l - 1] <= '9')
			l--;
		if (l && s[l - 1] == 'p') {
			size_t k = l - 1;
			while (k && s[k - 1] >= '0' && s[k - 1] <= '9')
				k--;
			if (k < l - 1)
				l = k;
		}
		for (unsigned e = 1; e < ISA_X_COUNT; e++)
			if (strlen(ext_names[e]) == l && !strncmp(ext_names[e], s, l))
				set |= ISA_X(e);
		/* objdump decodes every V instruction for a file with Zve32f, Zve64f or Zve64d
		 * (binutils 2.40 checks no element width); Zve32x/Zve64x lack the FP ones, so
		 * they stay out */
		if (l == 6 && (!strncmp(s, "zve32f", 6) || !strncmp(s, "zve64f", 6) ||
			       !strncmp(s, "zve64d", 6)))
			set |= ISA_X(ISA_X_V);
		if (*p)
			p++;
	}
	if (set & ISA_X(ISA_X_ZFH))
		set |= ISA_X(ISA_X_ZFHMIN);
	return set;
}

uint32_t isa_ext_reqs(uint64_t x)
{
#define HAS(e) ((x & ISA_X(ISA_X_##e)) != 0)
	const int ok[ISA_REQ_COUNT] = {
		[ISA_REQ_G] = 1,
		[ISA_REQ_ZBA] = HAS(ZBA), [ISA_REQ_ZBB] = HAS(ZBB), [ISA_REQ_ZBS] = HAS(ZBS),
		[ISA_REQ_ZBC] = HAS(ZBC), [ISA_REQ_ZBKB] = HAS(ZBKB),
		[ISA_REQ_ZBB_ZBKB] = HAS(ZBB) || HAS(ZBKB),
		[ISA_REQ_ZICOND] = HAS(ZICOND), [ISA_REQ_ZICBOM] = HAS(ZICBOM),
		[ISA_REQ_ZICBOZ] = HAS(ZICBOZ), [ISA_REQ_ZAWRS] = HAS(ZAWRS),
		[ISA_REQ_ZIMOP] = HAS(ZIMOP),
		[ISA_REQ_ZFHMIN] = HAS(ZFHMIN) || HAS(ZFH), [ISA_REQ_ZFH] = HAS(ZFH),
		[ISA_REQ_ZFA] = HAS(ZFA), [ISA_REQ_ZFA_ZFH] = HAS(ZFA) && HAS(ZFH),
		[ISA_REQ_ZCB] = HAS(ZCB), [ISA_REQ_ZCB_ZBB] = HAS(ZCB) && HAS(ZBB),
		[ISA_REQ_ZCB_ZBA] = HAS(ZCB) && HAS(ZBA), [ISA_REQ_ZCMOP] = HAS(ZCMOP),
		[ISA_REQ_V] = HAS(V), [ISA_REQ_ZVBB] = HAS(V) && HAS(ZVBB),
	};
#undef HAS
	_Static_assert(ISA_REQ_COUNT <= 32, "reqs fit a 32-bit set");
	uint32_t r = 0;
	for (unsigned i = 0; i < ISA_REQ_COUNT; i++)
		r |= ok[i] ? 1u << i : 0;
	return r;
}

int isa_ext_format(uint64_t exts, char *buf, size_t n)
{
	size_t np = sizeof(profiles) / sizeof(profiles[0]);
	const char *base = "rv64gc";
	uint64_t have = RV64GC;
	for (size_t i = 0; i < np; i++)
		if ((exts & profiles[i].exts) == profiles[i].exts) {
			base = profiles[i].name;
			have = profiles[i].exts;
			if (i + 1 < np && profiles[i + 1].exts == have)
				base = profiles[i + 1].name;  /* "rva23" rather than "rva23u64" */
			break;
		}
	char tmp[256];
	size_t len = (size_t)snprintf(tmp, sizeof(tmp), "%s", base);
	for (unsigned e = 1; e < ISA_X_COUNT; e++)
		if ((exts & ISA_X(e)) && !(have & ISA_X(e)) &&
		    !(e == ISA_X_ZFHMIN && (exts & ISA_X(ISA_X_ZFH))))
			len += (size_t)snprintf(tmp + len, sizeof(tmp) - len, "_%s", ext_names[e]);
	return snprintf(buf, n, "%s", tmp);
}
