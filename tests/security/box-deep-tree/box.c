/* very deep trees from a WASI program: paths past PATH_MAX fail with
 * ENAMETOOLONG, relative steps go on, and everything is removed */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
static char p[16384];
int main(void)
{
	const char *tops[] = { "/tmp", "/work" };
	for (int t = 0; t < 2; t++) {
		int i = 0;
		strcpy(p, tops[t]);
		for (; i < 3000; i++) {
			strcat(p, "/d");
			if (mkdir(p, 0755) < 0) { p[strlen(p) - 2] = 0; printf("%s stopped %s\n", tops[t], errno == ENAMETOOLONG ? "ENAMETOOLONG" : strerror(errno)); break; }
		}
		printf("%s depth %d\n", tops[t], i >= 500);
		for (; i > 0; i--) {
			if (rmdir(p) < 0) { printf("rmdir %s\n", strerror(errno)); break; }
			p[strlen(p) - 2] = 0;
		}
	}
	printf("removed %d %d done\n", access("/tmp/d", F_OK) == 0, access("/work/d", F_OK) == 0);
	return 0;
}
