/* hello: the smallest glibc program; prints its arguments and exits with status 3. */
#include <stdio.h>

int main(int argc, char **argv)
{
	printf("hello, world\n");
	for (int i = 1; i < argc; i++)
		printf("argv[%d] = %s\n", i, argv[i]);
	return 3;
}
