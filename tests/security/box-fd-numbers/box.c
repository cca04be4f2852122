/* a WASI program: fd_renumber, reads and writes at numbers past the limits */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <wasi/api.h>
int main(void)
{
	uint32_t huge[] = { 1023, 1024, 65535, 0x7fffffff, 0xffffffff };
	for (int i = 0; i < 5; i++) {
		__wasi_errno_t e = __wasi_fd_renumber(1, huge[i]);
		printf("renumber %u -> %d\n", huge[i], e);
	}
	if (write(0x7fffffff, "x", 1) == 1) puts("WROTE");
	if (write(-1, "x", 1) == 1) puts("WROTE");
	fprintf(stderr, "still here\n");
	puts("done");
	return 0;
}
