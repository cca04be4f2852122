/* .. out of the mount, from a WASI program: the box's /, never the host */
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void)
{
	const char *p[] = {"/work/../secret.txt", "../secret.txt", "/ro/../../secret.txt", "$W/../secret.txt", "/work/../outside/secret.txt"};
	char buf[256], cwd[256];
	for (size_t i = 0; i < sizeof p / sizeof *p; i++) {
		FILE *f = fopen(p[i], "r");
		if (f && fgets(buf, sizeof buf, f)) printf("READ %s %s", p[i], buf);
		if (f) fclose(f);
	}
	DIR *d = opendir("/work/..");
	struct dirent *e;
	while (d && (e = readdir(d)))
		if (!strcmp(e->d_name, "outside")) puts("LISTED-HOST");
	if (d) closedir(d);
	if (chdir("/work/..") == 0 && getcwd(cwd, sizeof cwd)) printf("%s\n", cwd);
	puts("done");
	return 0;
}
