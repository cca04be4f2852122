/* a WASI program unpacking into the read-only mount: every create fails */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void)
{
	if (mkdir("/ro/src", 0755) == 0) puts("DID mkdir");
	int fd = open("/ro/src/p.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd >= 0) puts("DID create");
	fd = open("/ro/p.txt", O_WRONLY | O_CREAT | O_EXCL, 0644);
	printf("create %s\n", fd < 0 ? strerror(errno) : "DID");
	if (symlink("/etc/passwd", "/ro/l") == 0) puts("DID symlink");
	puts("done");
	return 0;
}
