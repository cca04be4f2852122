/* links a WASI program makes in the mount: none may point at the host */
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	printf("abs %d\n", symlink("$O/secret.txt", "/work/abs"));
	printf("up %d\n", symlink("../outside/secret.txt", "/work/up"));
	printf("hard %d\n", link("$HOSTROOT/secret.txt", "/work/hard"));
	char buf[256];
	FILE *f = fopen("/work/abs", "r");
	if (f && fgets(buf, sizeof buf, f)) printf("READ %s", buf);
	puts("done");
	return 0;
}
