/* as agent, from a WASI program: root's init is out of reach */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	char buf[256];
	if (open("/proc/1/environ", O_RDONLY) >= 0) puts("READ environ");
	if (opendir("/proc/1/fd")) puts("READ fd");
	if (readlink("/proc/1/cwd", buf, sizeof buf) >= 0) puts("READ cwd");
	if (readlink("/proc/1/root", buf, sizeof buf) >= 0) puts("READ root");
	if (opendir("/proc/1/root/root")) puts("READ rootdir");
	if (open("/proc/1/fd/0", O_RDONLY) >= 0) puts("READ fd0");
	puts("done");
	return 0;
}
