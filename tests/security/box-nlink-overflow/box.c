/* a WASI program: 70 000 hard links to one file; the count never wraps */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void)
{
	char p[64];
	struct stat st;
	mkdir("/tmp/l", 0755);
	int fd = open("/tmp/f", O_WRONLY | O_CREAT, 0644);
	if (write(fd, "data", 4) != 4) return 1;
	close(fd);
	int n = 0;
	for (; n < 70000; n++) {
		snprintf(p, sizeof p, "/tmp/l/%d", n);
		if (link("/tmp/f", p) < 0) break;
	}
	stat("/tmp/f", &st);
	printf("links %d %s\n", n, (long long)st.st_nlink == n + 1 ? "count right" : "COUNT WRONG");
	for (int i = 0; i < n; i++) { snprintf(p, sizeof p, "/tmp/l/%d", i); unlink(p); }
	stat("/tmp/f", &st);
	printf("%lld done\n", (long long)st.st_nlink);
	return 0;
}
