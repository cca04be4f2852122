/* a WASI program: bytes a JSON reader must survive */
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	static const char out[] = "n\0\xff\xfe\xed\xa0\x80\x1b]0;\a\"\\\n", err[] = "\0\xff\x1b[31m\n";
	if (write(1, out, sizeof out - 1) < 0 || write(2, err, sizeof err - 1) < 0) return 1;
	puts("done");
	return 0;
}
