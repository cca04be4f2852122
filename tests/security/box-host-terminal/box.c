/* a WASI program: the host's terminals and consoles are out of reach */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	const char *d[] = { "/dev/tty", "/dev/console", "/dev/tty0", "/dev/pts/0", "/dev/ptmx", "/dev/ttyS0" };
	for (int i = 0; i < 6; i++) {
		int fd = open(d[i], O_WRONLY);
		if (fd >= 0 && write(fd, "INJECTED", 8) == 8) printf("WROTE %s\n", d[i]);
	}
	printf("%d %d done\n", isatty(0), isatty(1));
	return 0;
}
