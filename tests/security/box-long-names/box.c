#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>
int main(void)
{
	char name[300] = "/tmp/", path[4200] = "";
	memset(name + 5, 'n', 255);
	int fd = open(name, O_WRONLY | O_CREAT, 0644);
	puts(fd >= 0 ? "255 ok" : "255 FAILED");
	name[260] = 'x';
	fd = open(name, O_WRONLY | O_CREAT, 0644);
	printf("256 %s\n", fd < 0 && errno == ENAMETOOLONG ? "ENAMETOOLONG" : "LONG-NAME-MADE");
	for (int i = 0; i < 512; i++) strcat(path, "/aaaaaaa");
	struct stat st;
	printf("path %s\n", stat(path, &st) < 0 && errno == ENAMETOOLONG ? "ENAMETOOLONG" : "OTHER");
	puts("done");
	return 0;
}
