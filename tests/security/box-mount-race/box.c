/* a WASI program: reads, writes and listings through paths a host process
 * swaps */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
static int inside, outside;
static void rd(const char *p)
{
	char b[64];
	int fd = open(p, O_RDONLY);
	if (fd < 0) return;
	ssize_t n = read(fd, b, sizeof b - 1);
	close(fd);
	b[n > 0 ? n : 0] = 0;
	if (!strcmp(b, "inside\n")) inside++; else outside++;
}
int main(void)
{
	close(open("/work/go", O_WRONLY | O_CREAT, 0644));
	time_t end = time(NULL) + 2;
	while (time(NULL) < end) {
		rd("/work/d/secret.txt");
		rd("/work/l/secret.txt");
		close(open("/work/d/new", O_WRONLY | O_CREAT, 0644));
		close(open("/work/l/new2", O_WRONLY | O_CREAT, 0644));
		DIR *d = opendir("/work/d");
		struct dirent *e;
		while (d && (e = readdir(d))) if (!strcmp(e->d_name, "only-outside.txt")) puts("LISTED-OUTSIDE");
		if (d) closedir(d);
		rename("/work/d/new", "/work/l/moved");
		unlink("/work/l/moved");
	}
	close(open("/work/stop", O_WRONLY | O_CREAT, 0644));
	printf("inside %d other %d done\n", inside > 0, outside);
	return 0;
}
