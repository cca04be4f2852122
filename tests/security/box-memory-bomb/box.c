/* a WASI program taking memory without end: killed at the box's limit */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static char *volatile kept[4096];
int main(void)
{
	for (int i = 0; i < 4096; i++) {
		kept[i] = malloc(1 << 24);
		if (!kept[i]) {
			printf("malloc failed at %d MB\n", i * 16);
			return 3;
		}
		memset(kept[i], i, 1 << 24);
	}
	return 0;
}
