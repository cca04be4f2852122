/* as agent, from a WASI program: the box's devices stay as they are */
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
static void t(const char *k, int ok) { printf(ok ? "DID %s\n" : "%s refused\n", k); }
int main(void)
{
	struct stat st;
	t("rm", unlink("/dev/null") == 0);
	t("mv", rename("/dev/zero", "/tmp/z") == 0);
	t("create", open("/dev/newdev", O_WRONLY | O_CREAT, 0644) >= 0);
	t("link", symlink("/tmp/x", "/dev/l") == 0);
	t("rmLink", unlink("/dev/stdin") == 0);
	t("rmdir", rmdir("/dev") == 0);
	printf("%d done\n", stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));
	return 0;
}
