/* a WASI program that traps: 134 for the box, after what it printed */
#include <stdio.h>
int main(void)
{
	puts("before");
	fflush(stdout);
	__builtin_trap();
}
