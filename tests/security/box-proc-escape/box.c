/* /proc's links from a WASI program lead into the box only */
#include <dirent.h>
#include <stdio.h>
#include <string.h>
int main(void)
{
	const char *p[] = {"/proc/self/root$HOSTROOT/secret.txt", "/proc/1/root$HOSTROOT/secret.txt", "/proc/self/cwd/../secret.txt", "/proc/self/root/../../secret.txt"};
	char buf[256];
	for (size_t i = 0; i < sizeof p / sizeof *p; i++) {
		FILE *f = fopen(p[i], "r");
		if (f && fgets(buf, sizeof buf, f)) printf("READ %s %s", p[i], buf);
		if (f) fclose(f);
	}
	DIR *d = opendir("/proc");
	struct dirent *e;
	while (d && (e = readdir(d)))
		if (strlen(e->d_name) >= 4 && e->d_name[0] >= '0' && e->d_name[0] <= '9') puts("HOST-PIDS");
	puts("done");
	return 0;
}
