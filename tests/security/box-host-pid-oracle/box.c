/* a WASI program: a host pid's /proc entries are not the box's */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
int main(void)
{
	const char *p[] = { "/proc/$HOSTPID", "/proc/$HOSTPID/cmdline", "/proc/$HOSTPID/status", "/proc/$HOSTPID/root" };
	for (int i = 0; i < 4; i++) {
		int fd = open(p[i], O_RDONLY);
		printf(fd >= 0 ? "PROC-SHOWS %s\n" : "%s %s\n", p[i], strerror(errno));
	}
	DIR *d = opendir("/proc");
	struct dirent *e;
	while (d && (e = readdir(d)))
		if (!strcmp(e->d_name, "$HOSTPID")) puts("PROC-LISTS");
	puts("done");
	return 0;
}
