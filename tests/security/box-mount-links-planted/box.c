/* links the host left in the mount, followed by a WASI program: they
** resolve in the box, never to the host's files */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	const char *p[] = {"/work/abs", "/work/rel", "/work/dir/secret.txt", "/work/reldir/secret.txt", "/work/shadow"};
	char buf[256];
	for (size_t i = 0; i < sizeof p / sizeof *p; i++) {
		FILE *f = fopen(p[i], "r");
		if (f && fgets(buf, sizeof buf, f)) printf("READ %s %s", p[i], buf);
		if (f) fclose(f);
	}
	const char *w[] = {"/work/dir/new", "/work/reldir/new", "/work/abs"};
	for (size_t i = 0; i < 3; i++) {
		int fd = open(w[i], O_WRONLY | O_CREAT, 0644);
		printf("%s %s\n", w[i], fd >= 0 ? "opened (in the box)" : "refused");
	}
	puts("done");
	return 0;
}
