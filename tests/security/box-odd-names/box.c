/* a WASI program: odd names made and removed (WASI paths are bytes) */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void)
{
	char longn[300] = "/work/";
	memset(longn + 6, 'n', 255);
	const char *names[] = { "/work/new\nline", "/work/tab\there", "/work/\x01" "ctl", "/work/\xff\xfe", "/work/-rf", "/work/*", longn };
	int made = 0;
	for (int i = 0; i < 7; i++) {
		int fd = open(names[i], O_WRONLY | O_CREAT, 0644);
		if (fd >= 0) { made++; close(fd); unlink(names[i]); } else printf("FAILED %d\n", i);
	}
	memset(longn + 6, 'n', 256);
	if (open(longn, O_WRONLY | O_CREAT, 0644) >= 0) puts("MADE 256");
	printf("made %d done\n", made);
	return 0;
}
