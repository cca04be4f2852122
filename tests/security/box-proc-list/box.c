/* a WASI program: /proc lists the box's processes only */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(void)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int n = 0, max = 0;
	char p[64], buf[512];
	while (d && (e = readdir(d))) {
		int pid = atoi(e->d_name);
		if (pid <= 0) continue;
		n++;
		if (pid > max) max = pid;
		snprintf(p, sizeof p, "/proc/%d/cmdline", pid);
		int fd = open(p, O_RDONLY);
		ssize_t k = fd >= 0 ? read(fd, buf, sizeof buf - 1) : 0;
		if (fd >= 0) close(fd);
		buf[k > 0 ? k : 0] = 0;
		if (strstr(buf, "run.sh") || strstr(buf, "acs") || strstr(buf, "systemd")) printf("HOST-PROC %s\n", buf);
	}
	printf("few %d small %d done\n", n < 20, max < 1000);
	return 0;
}
