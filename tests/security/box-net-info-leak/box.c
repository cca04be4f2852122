/* a WASI program: the host's network files, into /work/out.txt */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	const char *f[] = { "/etc/hosts", "/etc/resolv.conf", "/proc/net/tcp", "/proc/net/route", "/sys/class/net/eth0/address" };
	int out = open("/work/out.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	char b[4096];
	for (int i = 0; i < 5; i++) {
		int fd = open(f[i], O_RDONLY);
		ssize_t n = fd >= 0 ? read(fd, b, sizeof b) : 0;
		if (n > 0 && write(out, b, (size_t)n) != n) return 1;
	}
	puts("done");
	return 0;
}
