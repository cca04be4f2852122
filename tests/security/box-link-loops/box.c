#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	symlink("a", "/tmp/b");
	symlink("b", "/tmp/a");
	printf("a %s\n", open("/tmp/a", O_RDONLY) < 0 && errno == ELOOP ? "ELOOP" : "other");
	symlink("y", "/work/x");
	symlink("x", "/work/y");
	printf("x %s\n", open("/work/x", O_RDONLY) < 0 && errno == ELOOP ? "ELOOP" : "other");
	puts("done");
	return 0;
}
