/*
 * dcpi_core.h — for the unit tests of DCPI's analysis (540, 541): setup() loads the
 * inorder-dual preset into `core`, the core the hand-assembled code is scheduled on.
 * Header-only; include after cmocka.h and a header that declares struct core_config.
 */
#ifndef ROBIN_TEST_DCPI_CORE_H
#define ROBIN_TEST_DCPI_CORE_H

static struct core_config core;

static int setup(void **state)
{
	(void)state;
	char err[CONFIG_ERR_LEN];
	config_defaults(&core);
	return config_preset(&core, "inorder-dual", err);
}

#endif
