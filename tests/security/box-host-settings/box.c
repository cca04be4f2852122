#include <stdio.h>
int main(void)
{
	const char *w[] = {"/proc/sys/kernel/hostname", "/proc/sysrq-trigger", "/proc/sys/vm/drop_caches"};
	for (int i = 0; i < 3; i++) {
		FILE *f = fopen(w[i], "w");
		if (f && fputs("1", f) >= 0 && fclose(f) == 0) printf("WROTE %s\n", w[i]);
	}
	const char *r[] = {"/proc/kcore", "/proc/self/mem", "/dev/mem"};
	for (int i = 0; i < 3; i++) {
		FILE *f = fopen(r[i], "rb");
		if (f && fgetc(f) != EOF) printf("MEMORY-READ %s\n", r[i]);
	}
	puts("done");
	return 0;
}
