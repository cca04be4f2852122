/* hello.c - the start-up bench's program: print one line, exit. */
#include <stdio.h>
int main(void)
{
  puts("hello");
  return 0;
}
