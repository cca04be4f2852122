#include <stdio.h>
#include <unistd.h>
int main(void)
{
	printf("mvWork %s\n", rename("/work", "/w2") ? "refused" : "did");
	printf("rmWork %s\n", rmdir("/work") ? "refused" : "did");
	printf("outOfRo %s\n", rename("/ro/data.txt", "/tmp/d") ? "refused" : "did");
	printf("%s done\n", access("/ro/data.txt", F_OK) == 0 ? "true true" : "lost");
	return 0;
}
