/* a WASI program: reads and writes of directories */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void)
{
	const char *d[] = { "/tmp", "/work", "/ro", "/proc" };
	char b[16];
	for (int i = 0; i < 4; i++) {
		int fd = open(d[i], O_RDONLY);
		if (fd >= 0 && read(fd, b, sizeof b) >= 0) printf("READ %s\n", d[i]);
		else printf("%s read %s\n", d[i], strerror(errno));
		if (open(d[i], O_WRONLY) >= 0) printf("OPENED-W %s\n", d[i]);
	}
	puts("done");
	return 0;
}
