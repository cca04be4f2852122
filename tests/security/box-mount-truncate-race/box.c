/* a WASI program: reads of a file the host rewrites meanwhile */
#include <fcntl.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
static char b[70000];
int main(void)
{
	close(open("/work/go", O_WRONLY | O_CREAT, 0644));
	int bad = 0, reads = 0;
	time_t end = time(NULL) + 2;
	while (time(NULL) < end) {
		int fd = open("/work/f", O_RDONLY);
		if (fd < 0) continue;
		ssize_t n = read(fd, b, sizeof b);
		close(fd);
		reads++;
		for (ssize_t i = 0; i < n; i++) if (b[i] != 'a') { bad++; break; }
	}
	close(open("/work/stop", O_WRONLY | O_CREAT, 0644));
	printf("foreign bytes %d %d done\n", bad, reads > 0);
	return 0;
}
