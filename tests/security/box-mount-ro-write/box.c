/* writing the read-only mount from a WASI program: every call fails */
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
static void t(const char *k, int r) { printf(r == 0 ? "WROTE %s\n" : "%s refused\n", k); }
int main(void)
{
	int fd = open("/ro/data.txt", O_WRONLY | O_APPEND);
	t("open-w", fd >= 0 && write(fd, "x", 1) == 1 ? 0 : -1);
	t("create", open("/ro/new", O_WRONLY | O_CREAT, 0644) >= 0 ? 0 : -1);
	t("trunc", open("/ro/data.txt", O_WRONLY | O_TRUNC) >= 0 ? 0 : -1);
	t("truncate", truncate("/ro/data.txt", 0));
	t("unlink", unlink("/ro/data.txt"));
	t("rename", rename("/ro/data.txt", "/ro/x"));
	t("mkdir", mkdir("/ro/d", 0755));
	t("rmdir", rmdir("/ro"));
	t("symlink", symlink("x", "/ro/l"));
	t("link", link("/ro/data.txt", "/ro/h"));
	struct timespec ts[2] = {{1, 0}, {1, 0}};
	t("utimes", utimensat(AT_FDCWD, "/ro/data.txt", ts, 0));
	char b[64] = {0};
	FILE *f = fopen("/ro/data.txt", "r");
	if (f && fgets(b, sizeof b, f)) printf("done %s", b);
	return 0;
}
