#include <stdio.h>
int main(void)
{
	const char *d[] = {"/dev/mem", "/dev/kmem", "/dev/port", "/dev/sda", "/dev/kmsg"};
	for (int i = 0; i < 5; i++) {
		FILE *f = fopen(d[i], "rb");
		if (f && fgetc(f) != EOF) printf("OPENED %s\n", d[i]);
	}
	FILE *f = fopen("/dev/full", "w");
	printf("full %s\n", f && (fputc('x', f), fflush(f)) != 0 ? "refused" : "ALLOWED");
	puts("done");
	return 0;
}
