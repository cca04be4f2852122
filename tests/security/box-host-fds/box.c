/* a WASI program: fds past the preopens are not the host's */
#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void)
{
	int first = -1;
	struct stat st;
	for (int fd = 3; fd < 1024; fd++)
		if (fstat(fd, &st) == 0) { if (first < 0 || fd > first + 2) printf("fd %d open\n", fd); if (first < 0) first = fd; }
	for (int fd = 8; fd < 1024; fd++)
		if (write(fd, "", 0) == 0 && fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode)) printf("OPEN %d\n", fd);
	puts("done");
	return 0;
}
