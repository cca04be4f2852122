/* a WASI program with its stdin closed: the next open reads the box's file */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	char b[64];
	close(0);
	int fd = open("/etc/hostname", O_RDONLY);
	printf("fd %d %d done\n", fd >= 0, read(fd, b, sizeof b) > 0);
	return 0;
}
