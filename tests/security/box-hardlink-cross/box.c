#include <errno.h>
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	FILE *f = fopen("/work/f", "w");
	fputs("x", f);
	fclose(f);
	const char *l[][2] = {{"/work/f", "/tmp/x"}, {"/etc/passwd", "/work/p"}, {"/ro/data.txt", "/work/d"}};
	for (int i = 0; i < 3; i++) {
		if (link(l[i][0], l[i][1]) == 0) printf("LINKED %s %s\n", l[i][0], l[i][1]);
		else printf("%s %s\n", l[i][0], errno == EXDEV ? "EXDEV" : "refused");
	}
	puts("done");
	return 0;
}
