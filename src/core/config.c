/*
 * config.c — the configuration table (config.def), presets, the key=value parser, --set,
 * validation and the dump. Presets are lists of overrides in the same KEY=VALUE syntax that
 * users write, applied to the defaults, so a preset is exactly what its dump prints.
 */
#include "core/config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/text.h"

static const struct config_key config_table[] = {
#define CONFIG_KEY(name, type, def, min, max, choices, help) \
	{ #name, CONFIG_##type, offsetof(struct core_config, name), def, min, max, choices, help },
#include "core/config.def"
#undef CONFIG_KEY
};

#define CONFIG_NKEYS (sizeof(config_table) / sizeof(config_table[0]))

struct config_preset_def {
	const char *name;
	const char *help;
	const char *const *overrides;  /* NULL-terminated KEY=VALUE */
};

static const char *const preset_boom_large[] = { NULL };

/* Table A.1 of 004_b28092482852db08.txt (the TIP paper's BOOM). */
static const char *const preset_boom_medium[] = {
	"fetch_buffer=32", "max_branches=20", "rob_entries=128", "int_pregs=128", "fp_pregs=128",
	"mem_iq_entries=24", "int_iq_entries=40", "fp_iq_entries=32",
	"ldq_entries=16", "stq_entries=16", "l1d_mshrs=8",
	"l2_kb=512", "l2_ways=8", "l2_mshrs=12", "l2_cycles=14",
	"llc_kb=4096", "llc_ways=8", "llc_mshrs=8", "llc_cycles=24",
	"l2tlb_entries=512", "dram_gbps=25.6",
	NULL
};

/* A dual-issue in-order core with the same memory system (a scoreboard-sized ROB keeps
 * commit precise; issue stops at the first instruction whose operands are not ready). */
static const char *const preset_inorder_dual[] = {
	"inorder=1", "fetch_width=4", "fetch_bytes=8", "fetch_buffer=8", "fetch_stages=2",
	"redirect_cycles=1", "max_branches=4", "decode_width=2", "commit_width=2", "rob_entries=16",
	"int_pregs=64", "fp_pregs=64", "int_iq_entries=8", "int_issue_width=2",
	"mem_iq_entries=8", "mem_issue_width=1", "fp_iq_entries=8", "fp_issue_width=1",
	"ldq_entries=8", "stq_entries=8", "l1d_mshrs=4", "l1d_cycles=3", "fp_add_cycles=3",
	"fp_mul_cycles=4", "llc_kb=1024", "tage_tables=4", "tage_index_bits=10", "tage_hist_max=32",
	"btb_entries=256", "ras_entries=8",
	NULL
};

/* SonicBOOM (Zhao et al., "SonicBOOM: The 3rd Generation Berkeley Out-of-Order Machine",
 * CARRV 2020) as robin models it: boom-large with short-forwards-branch predication, which
 * that paper's CoreMark figure (6.2 CoreMark/MHz, 4.9 without SFB) includes. */
static const char *const preset_sonicboom[] = { "sfb=1", NULL };
/* sonicboom set from SonicBOOM's published configuration (docs/validation.md, "A calibrated
 * preset"), nothing fitted: riscv-boom's 4-wide MegaBoomConfig (ROB 128, 128+128 physical
 * registers, issue queues 40/24/32, 20 branches in flight, a 32-entry fetch buffer, 8 L1D
 * MSHRs), its TAGE (BoomTageParams: six tables of 128-256 sets of 4-wide banks, about 1K
 * entries each, 7-9-bit tags, histories 2 to 64) and its SFB detection; the CARRV 2020 paper's
 * memory system (512 KiB L2 of 14 cycles, 4 MiB L3); the slides' pipeline: four fetch stages
 * and a 12-cycle misprediction penalty, the round trip redirect_cycles + fetch_stages + 3 +
 * alu_cycles = 4 + 4 + 3 + 1; riscv-boom's overriding front end: a 16-entry micro-BTB per
 * bank in the first fetch stage, its BIM (2048 sets of 4 counters per bank, trained on every
 * branch) and BTB in the second, TAGE in the third, each later answer that differs costing
 * the packets behind it. CoreMark/MHz comes out 5.35 without SFB (published 4.9) and 6.29
 * with (6.2). A preset of its own so that no other preset's cycles move. */
static const char *const preset_sonicboom_cal[] = {
	"sfb=1", "sfb_boom=1", "fetch_stages=4", "redirect_cycles=4", "fetch_buffer=32",
	"max_branches=20", "rob_entries=128", "int_pregs=128", "fp_pregs=128", "int_iq_entries=40",
	"mem_iq_entries=24", "fp_iq_entries=32", "l1d_mshrs=8", "l2_kb=512", "llc_kb=4096",
	"tage_tables=6", "tage_index_bits=10", "tage_tag_bits=8", "tage_hist_min=2",
	"tage_hist_max=64", "bimodal_index_bits=14", "bimodal_train_all=1", "ubtb_entries=16", NULL
};
/* boom-large with a Saturn-like vector unit of VLEN 256, DLEN 128 (docs/vector.md) */
static const char *const preset_boom_large_v[] = { "vlen=256", "dlen=128", "vq_entries=16",
                                                   "vldq_entries=8", "vstq_entries=8", NULL };

static const struct config_preset_def config_presets[] = {
	{ "boom-large", "Table B.2 of 004_b28092482852db08.txt (TEA's BOOM)", preset_boom_large },
	{ "boom-medium", "Table A.1 of 004_b28092482852db08.txt (TIP's BOOM)", preset_boom_medium },
	{ "inorder-dual", "dual-issue in-order core, same caches", preset_inorder_dual },
	{ "sonicboom", "boom-large with SFB predication (SonicBOOM, CARRV 2020)", preset_sonicboom },
	{ "sonicboom-cal", "sonicboom with SonicBOOM's published configuration: MegaBoomConfig, its TAGE, a 12-cycle misprediction round trip (docs/validation.md)",
	  preset_sonicboom_cal },
	{ "boom-large-v", "boom-large with a vector unit of VLEN 256, DLEN 128 after Saturn (docs/vector.md)",
	  preset_boom_large_v },
};

static const char *const config_preset_list[] = { "boom-large", "boom-medium", "inorder-dual",
                                                  "sonicboom", "boom-large-v", "sonicboom-cal",
                                                  NULL };

const struct config_key *config_keys(size_t *n)
{
	*n = CONFIG_NKEYS;
	return config_table;
}

const char *const *config_preset_names(void)
{
	return config_preset_list;
}

static void *config_field(struct core_config *c, const struct config_key *k)
{
	return (char *)c + k->offset;
}

static const void *config_field_const(const struct core_config *c, const struct config_key *k)
{
	return (const char *)c + k->offset;
}

void config_defaults(struct core_config *c)
{
	memset(c, 0, sizeof(*c));
	for (size_t i = 0; i < CONFIG_NKEYS; i++) {
		const struct config_key *k = &config_table[i];
		if (k->type == CONFIG_DOUBLE)
			*(double *)config_field(c, k) = k->def;
		else
			*(uint32_t *)config_field(c, k) = (uint32_t)k->def;
	}
}

static const struct config_key *config_find(const char *key)
{
	for (size_t i = 0; i < CONFIG_NKEYS; i++)
		if (!strcmp(config_table[i].name, key))
			return &config_table[i];
	return NULL;
}

/* Index of `value` among the comma-separated `choices`, or -1. */
static int config_choice_index(const char *choices, const char *value)
{
	size_t vlen = strlen(value);
	int idx = 0;
	for (const char *p = choices; *p; idx++) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		if (len == vlen && !strncmp(p, value, len))
			return idx;
		if (!comma)
			break;
		p = comma + 1;
	}
	return -1;
}

/* The idx-th choice copied into buf. */
static void config_choice_name(const char *choices, unsigned idx, char *buf, size_t n)
{
	const char *p = choices;
	for (unsigned i = 0; i < idx && p; i++) {
		p = strchr(p, ',');
		if (p)
			p++;
	}
	if (!p) {
		snprintf(buf, n, "%u", idx);
		return;
	}
	const char *comma = strchr(p, ',');
	size_t len = comma ? (size_t)(comma - p) : strlen(p);
	snprintf(buf, n, "%.*s", (int)len, p);
}

int config_set(struct core_config *c, const char *key, const char *value, char *err)
{
	char qkey[TEXT_QUOTE_LEN], qval[TEXT_QUOTE_LEN];
	const struct config_key *k = config_find(key);
	if (!k) {
		snprintf(err, CONFIG_ERR_LEN, "unknown configuration key '%s' (see `robin config --dump`)",
		         text_quote(qkey, key));
		return -EINVAL;
	}
	/* From here on the key is a table name: only the value needs quoting. */
	text_quote(qval, value);
	if (!*value) {
		snprintf(err, CONFIG_ERR_LEN, "missing value for key '%s'", key);
		return -EINVAL;
	}
	char *end = NULL;
	switch (k->type) {
	case CONFIG_BOOL: {
		uint32_t v;
		if (!strcmp(value, "1") || !strcasecmp(value, "true") || !strcasecmp(value, "on") ||
		    !strcasecmp(value, "yes"))
			v = 1;
		else if (!strcmp(value, "0") || !strcasecmp(value, "false") ||
		         !strcasecmp(value, "off") || !strcasecmp(value, "no"))
			v = 0;
		else {
			snprintf(err, CONFIG_ERR_LEN, "bad value '%s' for key '%s': expected 0 or 1",
			         qval, key);
			return -EINVAL;
		}
		*(uint32_t *)config_field(c, k) = v;
		return 0;
	}
	case CONFIG_U32: {
		errno = 0;
		if (!isdigit((unsigned char)value[0])) {
			snprintf(err, CONFIG_ERR_LEN,
			         "bad value '%s' for key '%s': expected an integer in [%.0f, %.0f]",
			         qval, key, k->min, k->max);
			return -EINVAL;
		}
		unsigned long long v = strtoull(value, &end, 0);
		if (errno || *end || (double)v < k->min || (double)v > k->max) {
			snprintf(err, CONFIG_ERR_LEN,
			         "bad value '%s' for key '%s': expected an integer in [%.0f, %.0f]",
			         qval, key, k->min, k->max);
			return -EINVAL;
		}
		*(uint32_t *)config_field(c, k) = (uint32_t)v;
		return 0;
	}
	case CONFIG_DOUBLE: {
		errno = 0;
		double v = strtod(value, &end);
		if (errno || *end || !isfinite(v) || v < k->min || v > k->max) {
			snprintf(err, CONFIG_ERR_LEN,
			         "bad value '%s' for key '%s': expected a number in [%g, %g]", qval,
			         key, k->min, k->max);
			return -EINVAL;
		}
		*(double *)config_field(c, k) = v;
		return 0;
	}
	case CONFIG_ENUM: {
		int idx = config_choice_index(k->choices, value);
		if (idx < 0) {
			snprintf(err, CONFIG_ERR_LEN, "bad value '%s' for key '%s': expected one of %s",
			         qval, key, k->choices);
			return -EINVAL;
		}
		*(uint32_t *)config_field(c, k) = (uint32_t)idx;
		return 0;
	}
	}
	snprintf(err, CONFIG_ERR_LEN, "key '%s' has an unknown type", key);
	return -EINVAL;
}

/* Trim spaces in place: returns the first non-space char, NULs the trailing spaces. */
static char *config_trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = 0;
	return s;
}

int config_set_kv(struct core_config *c, const char *kv, char *err)
{
	char buf[512], q[TEXT_QUOTE_LEN];
	if (strlen(kv) >= sizeof(buf)) {
		snprintf(err, CONFIG_ERR_LEN, "setting too long: '%.40s...'", text_quote(q, kv));
		return -EINVAL;
	}
	strcpy(buf, kv);
	char *eq = strchr(buf, '=');
	if (!eq) {
		snprintf(err, CONFIG_ERR_LEN, "expected KEY=VALUE, got '%s'", text_quote(q, kv));
		return -EINVAL;
	}
	*eq = 0;
	return config_set(c, config_trim(buf), config_trim(eq + 1), err);
}

int config_preset(struct core_config *c, const char *name, char *err)
{
	config_defaults(c);
	for (size_t i = 0; i < sizeof(config_presets) / sizeof(config_presets[0]); i++) {
		if (strcmp(config_presets[i].name, name))
			continue;
		for (const char *const *o = config_presets[i].overrides; *o; o++) {
			int rc = config_set_kv(c, *o, err);
			if (rc)
				return rc;
		}
		return 0;
	}
	char q[TEXT_QUOTE_LEN];
	snprintf(err, CONFIG_ERR_LEN, "unknown preset '%s' (presets: boom-large, boom-medium, "
	         "inorder-dual, sonicboom)", text_quote(q, name));
	return -EINVAL;
}

int config_load_file(struct core_config *c, const char *path, char *err)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		int e = errno;
		snprintf(err, CONFIG_ERR_LEN, "%.200s: %s", path, strerror(e));
		return -e;
	}
	char *line = NULL, q[TEXT_QUOTE_LEN];
	size_t cap = 0;
	ssize_t len;
	int lineno = 0, rc = 0, settings = 0;
	while ((len = getline(&line, &cap, f)) >= 0) {
		lineno++;
		if ((size_t)len != strlen(line)) {
			snprintf(err, CONFIG_ERR_LEN, "%.200s:%d: NUL byte in line", path, lineno);
			rc = -EINVAL;
			goto out;
		}
		char *hash = strchr(line, '#');
		if (hash)
			*hash = 0;
		char *s = config_trim(line);
		if (!*s)
			continue;
		char *eq = strchr(s, '=');
		if (!eq) {
			snprintf(err, CONFIG_ERR_LEN, "%.120s:%d: expected 'key = value', got '%.80s'", path,
			         lineno, text_quote(q, s));
			rc = -EINVAL;
			goto out;
		}
		*eq = 0;
		char *key = config_trim(s), *value = config_trim(eq + 1);
		char inner[CONFIG_ERR_LEN];
		if (!strcmp(key, "preset")) {
			if (settings) {
				snprintf(err, CONFIG_ERR_LEN,
				         "%.160s:%d: 'preset' must come before every other setting", path,
				         lineno);
				rc = -EINVAL;
				goto out;
			}
			rc = config_preset(c, value, inner);
		} else {
			rc = config_set(c, key, value, inner);
		}
		if (rc) {
			snprintf(err, CONFIG_ERR_LEN, "%.96s:%d: %.140s", path, lineno, inner);
			goto out;
		}
		settings++;
	}
	if (ferror(f)) {
		snprintf(err, CONFIG_ERR_LEN, "%.200s: read error", path);
		rc = -EIO;
	}
out:
	free(line);
	fclose(f);
	return rc;
}

static int config_is_pow2(uint32_t v)
{
	return v && !(v & (v - 1));
}

/* Check that a cache of kb KiB and `ways` ways has a power-of-two number of sets. */
static int config_check_cache(const char *name, uint32_t kb, uint32_t ways, uint32_t line,
                              char *err)
{
	uint64_t lines = (uint64_t)kb * 1024 / line;
	if (lines < ways || lines % ways || !config_is_pow2((uint32_t)(lines / ways))) {
		snprintf(err, CONFIG_ERR_LEN,
		         "key '%s_kb': %u KiB with %u ways of %u-byte lines is not a power-of-two "
		         "number of sets", name, kb, ways, line);
		return -EINVAL;
	}
	return 0;
}

int config_validate(const struct core_config *c, char *err)
{
	if (!config_is_pow2(c->line_bytes)) {
		snprintf(err, CONFIG_ERR_LEN, "key 'line_bytes': %u is not a power of two",
		         c->line_bytes);
		return -EINVAL;
	}
	if (!config_is_pow2(c->fetch_bytes) || c->fetch_bytes > c->line_bytes) {
		snprintf(err, CONFIG_ERR_LEN,
		         "key 'fetch_bytes': %u must be a power of two no larger than line_bytes",
		         c->fetch_bytes);
		return -EINVAL;
	}
	if (config_check_cache("l1i", c->l1i_kb, c->l1i_ways, c->line_bytes, err) ||
	    config_check_cache("l1d", c->l1d_kb, c->l1d_ways, c->line_bytes, err) ||
	    config_check_cache("llc", c->llc_kb, c->llc_ways, c->line_bytes, err))
		return -EINVAL;
	if (c->l2_kb && config_check_cache("l2", c->l2_kb, c->l2_ways, c->line_bytes, err))
		return -EINVAL;
	if (c->btb_entries % c->btb_ways || !config_is_pow2(c->btb_entries / c->btb_ways)) {
		snprintf(err, CONFIG_ERR_LEN,
		         "key 'btb_entries': %u entries in %u ways is not a power-of-two number of sets",
		         c->btb_entries, c->btb_ways);
		return -EINVAL;
	}
	if (c->l2tlb_entries && !config_is_pow2(c->l2tlb_entries)) {
		snprintf(err, CONFIG_ERR_LEN, "key 'l2tlb_entries': %u is not a power of two",
		         c->l2tlb_entries);
		return -EINVAL;
	}
	if (c->tage_hist_min > c->tage_hist_max) {
		snprintf(err, CONFIG_ERR_LEN, "key 'tage_hist_min': %u exceeds tage_hist_max %u",
		         c->tage_hist_min, c->tage_hist_max);
		return -EINVAL;
	}
	if (c->commit_width > c->rob_entries) {
		snprintf(err, CONFIG_ERR_LEN, "key 'commit_width': %u exceeds rob_entries %u",
		         c->commit_width, c->rob_entries);
		return -EINVAL;
	}
	if (c->decode_width > c->rob_entries) {
		snprintf(err, CONFIG_ERR_LEN, "key 'decode_width': %u exceeds rob_entries %u",
		         c->decode_width, c->rob_entries);
		return -EINVAL;
	}
	if (!config_is_pow2(c->vlen) || !config_is_pow2(c->dlen) || c->dlen > c->vlen) {
		snprintf(err, CONFIG_ERR_LEN,
		         "keys 'vlen', 'dlen': %u and %u must be powers of two with dlen <= vlen",
		         c->vlen, c->dlen);
		return -EINVAL;
	}
	if (c->dram_row_bytes < c->line_bytes || !config_is_pow2(c->dram_row_bytes)) {
		snprintf(err, CONFIG_ERR_LEN,
		         "key 'dram_row_bytes': %u must be a power of two of at least line_bytes",
		         c->dram_row_bytes);
		return -EINVAL;
	}
	return 0;
}

void config_format_value(const struct core_config *c, const struct config_key *k, char *buf,
                         size_t n)
{
	const void *p = config_field_const(c, k);
	switch (k->type) {
	case CONFIG_DOUBLE: {
		/* The shortest %g that reads back as the same double, so a dump reloads exactly. */
		double v = *(const double *)p;
		for (int prec = 6; prec <= 17; prec++) {
			snprintf(buf, n, "%.*g", prec, v);
			if (strtod(buf, NULL) == v)
				break;
		}
		break;
	}
	case CONFIG_ENUM:
		config_choice_name(k->choices, *(const uint32_t *)p, buf, n);
		break;
	default:
		snprintf(buf, n, "%u", *(const uint32_t *)p);
		break;
	}
}

uint64_t config_bp_storage_bytes(const struct core_config *c)
{
	uint64_t bits = 0;
	if (c->bp == CONFIG_BP_STATIC)
		return 0;
	bits += 2ull << c->bimodal_index_bits;
	if (c->bp == CONFIG_BP_TAGE)
		bits += (uint64_t)c->tage_tables * (1ull << c->tage_index_bits) *
		        (c->tage_tag_bits + 3 + 2);
	return bits / 8;
}

void config_dump(const struct core_config *c, FILE *out)
{
	char val[64];
	for (size_t i = 0; i < CONFIG_NKEYS; i++) {
		const struct config_key *k = &config_table[i];
		config_format_value(c, k, val, sizeof(val));
		if (k->type == CONFIG_ENUM)
			fprintf(out, "# %s (%s)\n", k->help, k->choices);
		else
			fprintf(out, "# %s\n", k->help);
		fprintf(out, "%s = %s\n", k->name, val);
	}
}
