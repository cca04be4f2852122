/* a WASI program: renames at the edges, with Linux's errors */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
static void t(const char *k, int r) { printf(r == 0 ? "DID %s\n" : "%s %s\n", k, strerror(errno)); }
int main(void)
{
	mkdir("/tmp/a", 0755); mkdir("/tmp/a/b", 0755); mkdir("/work/w", 0755);
	t("intoItself", rename("/tmp/a", "/tmp/a/b/c"));
	t("proc", rename("/proc", "/tmp/p"));
	t("mount", rename("/work", "/tmp/w2"));
	t("across", rename("/tmp/a", "/work/a"));
	t("intoRo", rename("/work/w", "/ro/w"));
	t("fromRo", rename("/ro/data.txt", "/work/d"));
	printf("%d done\n", access("/ro/data.txt", F_OK) == 0);
	return 0;
}
