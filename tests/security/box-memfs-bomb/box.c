/* filling the box's filesystem from a WASI program: ENOSPC, and the box goes on */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void)
{
	static char chunk[1 << 20];
	memset(chunk, 'x', sizeof chunk);
	FILE *f = fopen("/tmp/f", "w");
	while (f && fwrite(chunk, 1, sizeof chunk, f) == sizeof chunk && fflush(f) == 0)
		;
	printf("write %s\n", errno == ENOSPC ? "ENOSPC" : strerror(errno));
	if (f) fclose(f);
	unlink("/tmp/f");
	f = fopen("/tmp/after", "w");
	fputs("ok\n", f);
	fclose(f);
	char b[8] = {0};
	f = fopen("/tmp/after", "r");
	fgets(b, sizeof b, f);
	printf("%s", b);
	return 0;
}
