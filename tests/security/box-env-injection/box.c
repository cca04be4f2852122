#include <stdio.h>
#include <stdlib.h>
int main(void)
{
	const char *f[] = {"$O/evil.sh", "$O/evil.so", "$O/evil.js"};
	for (int i = 0; i < 3; i++)
		if (fopen(f[i], "r")) printf("EVIL-RAN opened %s\n", f[i]);
	puts("done");
	return 0;
}
