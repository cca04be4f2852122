#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	static int fds[5000];
	int n = 0, why = 0;
	for (; n < 5000; n++) {
		fds[n] = open("/etc/passwd", O_RDONLY);
		if (fds[n] < 0) { why = errno; break; }
	}
	printf("table full %s %d\n", why == EMFILE ? "EMFILE" : why == ENFILE ? "ENFILE" : "OTHER", n > 100);
	for (int i = 0; i < n; i++) close(fds[i]);
	int fd = open("/etc/hostname", O_RDONLY);
	puts(fd >= 0 ? "reopen ok" : "REOPEN FAILED");
	puts("done");
	return 0;
}
