#include <fcntl.h>
#include <stdio.h>
int main(void)
{
	const char *p[] = {"/work/fifo", "/work/mem", "/work/null"};
	for (int i = 0; i < 3; i++) {
		int r = open(p[i], O_RDONLY | O_NONBLOCK), w = open(p[i], O_WRONLY | O_NONBLOCK);
		if (r >= 0 || w >= 0) printf("OPENED %s\n", p[i]);
	}
	puts("done");
	return 0;
}
