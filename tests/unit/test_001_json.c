/* 001: the JSON writer nests, separates and escapes correctly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/json.h"

static char *render(void (*fn)(struct json *), int pretty)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct json j;
	json_init(&j, f, pretty);
	fn(&j);
	fclose(f);
	return buf;
}

static void doc(struct json *j)
{
	json_object_begin(j);
	json_kv_uint(j, "instructions", 42);
	json_kv_string(j, "name", "a\"b\\c\n\x01");
	json_key(j, "list");
	json_array_begin(j);
	json_int(j, -1);
	json_double(j, 0.5);
	json_double(j, 1.0 / 0.0);
	json_array_end(j);
	json_key(j, "empty");
	json_object_begin(j);
	json_object_end(j);
	json_object_end(j);
}

static void test_compact(void **state)
{
	(void)state;
	char *s = render(doc, 0);
	assert_string_equal(s, "{\"instructions\":42,\"name\":\"a\\\"b\\\\c\\n\\u0001\","
	                       "\"list\":[-1,0.5,null],\"empty\":{}}");
	free(s);
}

static void test_pretty(void **state)
{
	(void)state;
	char *s = render(doc, 1);
	assert_non_null(strstr(s, "{\n  \"instructions\": 42,\n  \"name\""));
	assert_non_null(strstr(s, "\"list\": [\n    -1,\n    0.5,\n    null\n  ]"));
	assert_non_null(strstr(s, "\"empty\": {}\n}"));
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_compact),
		cmocka_unit_test(test_pretty),
	};
	return cmocka_run_group_tests_name("001-json", tests, NULL, NULL);
}
