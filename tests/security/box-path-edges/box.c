/* a WASI program: path spellings at POSIX's edges */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
static void t(const char *k, int r) { printf(r >= 0 ? "%s ok\n" : "%s %s\n", k, strerror(errno)); }
int main(void)
{
	struct stat st;
	close(open("/tmp/f", O_WRONLY | O_CREAT, 0644));
	t("fileSlash", open("/etc/hostname/", O_RDONLY));
	t("fileDot", open("/etc/hostname/.", O_RDONLY));
	t("empty", open("", O_RDONLY));
	t("statFileSlash", stat("/tmp/f/", &st));
	t("dotdot", open("/etc/../etc/./hostname", O_RDONLY));
	puts("done");
	return 0;
}
