/* a WASI program: huge sizes and offsets are errors or sparse files */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void)
{
	int fd = open("/tmp/s", O_RDWR | O_CREAT, 0644);
	struct stat st;
	printf("trunc1T %d\n", ftruncate(fd, 1LL << 40));
	printf("pwrite1T %zd\n", pwrite(fd, "x", 1, (1LL << 40) + 10));
	errno = 0;
	printf("truncMax %d %s\n", ftruncate(fd, 0x7fffffffffffffffLL), strerror(errno));
	errno = 0;
	printf("pwriteMax %zd %s\n", pwrite(fd, "x", 1, 0x7fffffffffffffffLL), strerror(errno));
	printf("lseekNeg %lld\n", (long long)lseek(fd, -5, SEEK_SET));
	char b[4] = { 1, 1, 1, 1 };
	printf("pread %zd %d\n", pread(fd, b, 4, 1LL << 39), b[0]);
	fstat(fd, &st);
	printf("size %lld done\n", (long long)st.st_size);
	return 0;
}
