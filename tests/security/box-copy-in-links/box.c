/* a WASI program: links copied in keep their text and resolve in the box */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	char buf[256];
	const char *p[] = { "/tree/abs", "/tree/sub/rel", "/tree/dir/secret.txt", "/tree/dir/new" };
	ssize_t n = readlink("/tree/abs", buf, sizeof buf - 1);
	printf("link %d\n", n > 0);
	int fd = open("/tree/own.txt", O_RDONLY);
	n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;
	if (n > 0) { buf[n] = 0; printf("%s", buf); }
	for (int i = 0; i < 3; i++) if (open(p[i], O_RDONLY) >= 0) printf("READ %s\n", p[i]);
	if (open(p[3], O_WRONLY | O_CREAT, 0644) >= 0) puts("WROTE through dir");
	puts("done");
	return 0;
}
