/* rm -rf / from a WASI program: the box's tree and the read-write mount's
 * files go, the read-only mount and the host stay */
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
static void rm(const char *p, int depth)
{
	struct stat st;
	if (depth > 64 || lstat(p, &st) < 0) return;
	if (S_ISDIR(st.st_mode)) {
		DIR *d = opendir(p);
		struct dirent *e;
		char q[4096];
		while (d && (e = readdir(d))) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
			snprintf(q, sizeof q, "%s/%s", strcmp(p, "/") ? p : "", e->d_name);
			rm(q, depth + 1);
		}
		if (d) closedir(d);
		rmdir(p);
	} else unlink(p);
}
int main(void)
{
	rm("/", 0);
	printf("after %d\n", access("/ro/data.txt", F_OK) == 0);
	return 0;
}
