/* a WASI program: timestamps at the edges (WASI's are unsigned
 * nanoseconds: no time before 1970) on box and mount files */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void)
{
	const char *p[] = { "/work/f", "/tmp/f" };
	long long ts[] = { 1, 2147483648LL, 253402300799LL, 9223372036LL, 0x7fffffffffffffffLL };
	for (int i = 0; i < 2; i++) {
		close(open(p[i], O_WRONLY | O_CREAT, 0644));
		for (int j = 0; j < 5; j++) {
			struct timespec t[2] = { { (time_t)ts[j], 0 }, { (time_t)ts[j], 0 } };
			int r = utimensat(AT_FDCWD, p[i], t, 0);
			struct stat st;
			stat(p[i], &st);
			printf("%s %lld %d %s\n", p[i], ts[j], r, r ? strerror(errno) : "");
		}
	}
	puts("done");
	return 0;
}
