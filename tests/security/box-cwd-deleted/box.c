/* a WASI program: its working directory (wasi-libc's own) removed */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void)
{
	mkdir("/tmp/d", 0755); mkdir("/tmp/d/sub", 0755);
	if (chdir("/tmp/d/sub") < 0) return 1;
	rmdir("/tmp/d/sub");
	if (open("x", O_WRONLY | O_CREAT, 0644) >= 0) puts("CREATED");
	if (mkdir("n", 0755) == 0) puts("CREATED dir");
	if (chdir("/") < 0) return 1;
	DIR *d = opendir("/tmp/d");
	int n = 0;
	struct dirent *e;
	while (d && (e = readdir(d))) n++;
	printf("entries %d done\n", n);
	return 0;
}
