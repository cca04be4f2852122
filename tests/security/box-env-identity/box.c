#include <stdio.h>
extern char **environ;
int main(void)
{
	for (char **e = environ; *e; e++) puts(*e);
	FILE *f = fopen("/proc/version", "r");
	char b[256];
	if (f && fgets(b, sizeof b, f)) fputs(b, stdout);
	f = fopen("/etc/hostname", "r");
	if (f && fgets(b, sizeof b, f)) fputs(b, stdout);
	puts("done");
	return 0;
}
