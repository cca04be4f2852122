/* a million empty files from a WASI program: ENOSPC stops them, the box
 * goes on and removes them */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void)
{
	char p[64];
	int n = 0, err = 0;
	mkdir("/tmp/m", 0755);
	for (; n < 1000000; n++) {
		snprintf(p, sizeof p, "/tmp/m/%d", n);
		int fd = open(p, O_WRONLY | O_CREAT, 0644);
		if (fd < 0) { err = errno; break; }
		close(fd);
	}
	printf("made %d %s\n", n >= 1000, err == ENOSPC ? "ENOSPC" : strerror(err));
	for (int i = 0; i < n; i++) { snprintf(p, sizeof p, "/tmp/m/%d", i); unlink(p); }
	rmdir("/tmp/m");
	int fd = open("/tmp/after", O_WRONLY | O_CREAT, 0644);
	printf(fd >= 0 && write(fd, "ok", 2) == 2 ? "ok done\n" : "after failed\n");
	return 0;
}
