/* a WASI program that recurses without end: the engine's stack limit ends
 * it with a trap, reported as the program's failure, and the box goes on */
#include <stdio.h>
static volatile int sink;
static int f(int n) { char pad[256]; pad[n & 255] = (char)n; sink = pad[(n * 7) & 255]; return f(n + 1) + 1; }
int main(void)
{
	puts("start");
	fflush(stdout);
	return f(0);
}
