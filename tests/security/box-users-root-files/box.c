/* as agent, from a WASI program: root's files and /etc stay out of reach */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
static void t(const char *k, int ok) { printf(ok ? "DID %s\n" : "%s refused\n", k); }
int main(void)
{
	t("readRoot", open("/root/.profile", O_RDONLY) >= 0);
	t("writePasswd", open("/etc/passwd", O_WRONLY | O_APPEND) >= 0);
	t("writeEtc", open("/etc/new", O_WRONLY | O_CREAT, 0644) >= 0);
	t("unlink", unlink("/etc/hostname") == 0);
	t("rename", rename("/etc/passwd", "/tmp/p") == 0);
	t("link", link("/etc/passwd", "/tmp/h") == 0);
	t("rmdir", rmdir("/root") == 0);
	puts("done");
	return 0;
}
