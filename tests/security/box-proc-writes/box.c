/* a WASI program: /proc and /sys files that on Linux change the kernel or
 * another process: none is written */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	const char *f[] = { "/proc/sys/kernel/hostname", "/proc/sys/kernel/core_pattern", "/proc/sysrq-trigger", "/proc/self/mem", "/proc/1/mem",
			    "/proc/self/oom_score_adj", "/proc/self/uid_map", "/sys/fs/cgroup/cgroup.procs" };
	for (unsigned i = 0; i < sizeof f / sizeof *f; i++) {
		int fd = open(f[i], O_WRONLY);
		if (fd >= 0 && write(fd, "1", 1) == 1) printf("WROTE %s\n", f[i]);
		if (fd >= 0) close(fd);
	}
	char c;
	int fd = open("/proc/self/mem", O_RDONLY);
	if (fd >= 0 && read(fd, &c, 1) == 1) puts("READ-MEM");
	puts("done");
	return 0;
}
