#include <stdio.h>
#include <string.h>
int main(void)
{
	static char b[65536];
	memset(b, 'A', sizeof b);
	for (int i = 0; i < 2000; i++) fwrite(b, 1, sizeof b, stdout);
	fflush(stdout);
	fputs("done\n", stderr);
	return 0;
}
