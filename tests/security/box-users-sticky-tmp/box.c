/* as agent, from a WASI program, in the sticky /tmp: root's file and
 * directory hold */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
static void t(const char *k, int ok) { printf(ok ? "DID %s\n" : "%s refused\n", k); }
int main(void)
{
	struct timespec ts[2] = { { 0, 0 }, { 0, 0 } };
	char buf[64];
	int fd = open("/tmp/mine", O_WRONLY | O_CREAT, 0644);
	close(fd);
	t("write", open("/tmp/rootfile", O_WRONLY) >= 0);
	t("trunc", open("/tmp/rootfile", O_RDONLY | O_TRUNC) >= 0);
	t("unlink", unlink("/tmp/rootfile") == 0);
	t("rename", rename("/tmp/rootfile", "/tmp/r2") == 0);
	t("renameOver", rename("/tmp/mine", "/tmp/rootfile") == 0);
	t("utimes", utimensat(AT_FDCWD, "/tmp/rootfile", ts, 0) == 0);
	t("truncate", truncate("/tmp/rootfile", 0) == 0);
	t("list", opendir("/tmp/private") != NULL);
	t("read", open("/tmp/private/inner", O_RDONLY) >= 0);
	t("create", open("/tmp/private/new", O_WRONLY | O_CREAT, 0644) >= 0);
	t("rmdir", rmdir("/tmp/private") == 0);
	fd = open("/tmp/rootfile", O_RDONLY);
	ssize_t n = read(fd, buf, sizeof buf - 1);
	buf[n > 0 ? n : 0] = 0;
	printf("%s", buf);
	puts("done");
	return 0;
}
