/* a WASI program: the mount points themselves stay */
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
static void t(const char *k, int ok) { printf(ok ? "DID %s\n" : "%s refused\n", k); }
int main(void)
{
	struct timespec ts[2] = { { 1, 0 }, { 1, 0 } };
	mkdir("/tmp/x", 0755);
	t("rmdirWork", rmdir("/work") == 0);
	t("rmdirRo", rmdir("/ro") == 0);
	t("renameOverRo", rename("/tmp/x", "/ro") == 0);
	t("utimesRo", utimensat(AT_FDCWD, "/ro", ts, 0) == 0);
	t("symlinkOver", symlink("/tmp", "/ro") == 0);
	printf("%d done\n", access("/ro/data.txt", F_OK) == 0);
	return 0;
}
