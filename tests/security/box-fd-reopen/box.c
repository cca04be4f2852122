/* as agent, from a WASI program: a read descriptor is not a way to write */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	int ro = open("/ro/data.txt", O_RDONLY);
	char p[64];
	if (write(ro, "x", 1) == 1) puts("WROTE fd");
	for (int fd = 3; fd < 12; fd++) {
		snprintf(p, sizeof p, "/proc/self/fd/%d", fd);
		int w = open(p, O_WRONLY | O_APPEND);
		if (w >= 0 && write(w, "x", 1) == 1) printf("WROTE %s\n", p);
		snprintf(p, sizeof p, "/dev/fd/%d", fd);
		w = open(p, O_RDWR);
		if (w >= 0 && write(w, "x", 1) == 1) printf("WROTE %s\n", p);
	}
	puts("done");
	return 0;
}
