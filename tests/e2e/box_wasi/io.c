/* io.c - argv, the environment, stdin to stdout, and the exit status.
**   io args A B...   print argc and each argument
**   io name          print argv[0]
**   io stdin         what stdin is: lseek's answer, isatty
**   io env NAME...   print NAME=value or NAME unset
**   io upper         copy stdin to stdout in upper case, count the lines on stderr
**   io exit N        exit with N
**   io abort         abort()
**   io cat FILE...   print each file (relative or absolute paths)
**   io write FILE TEXT  write TEXT and a newline to FILE */
#include <ctype.h>
#include <errno.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
  if (argc < 2) return 2;
  const char *cmd = argv[1];
  if (!strcmp(cmd, "args")) {
    printf("argc %d\n", argc);
    for (int i = 2; i < argc; i++) printf("[%s]\n", argv[i]);
  } else if (!strcmp(cmd, "stdin")) {
    errno = 0;
    long off = (long)lseek(0, 0, SEEK_CUR);
    int e = errno, tty = isatty(0);
    printf("lseek %ld %s isatty %d\n", off, e == ESPIPE ? "ESPIPE" : e ? "other" : "OK", tty);
  } else if (!strcmp(cmd, "name")) {
    printf("%s\n", argv[0]);
  } else if (!strcmp(cmd, "env")) {
    for (int i = 2; i < argc; i++) {
      const char *v = getenv(argv[i]);
      if (v) printf("%s=%s\n", argv[i], v);
      else printf("%s unset\n", argv[i]);
    }
  } else if (!strcmp(cmd, "upper")) {
    int c, lines = 0;
    while ((c = getchar()) != EOF) {
      if (c == '\n') lines++;
      putchar(toupper(c));
    }
    fprintf(stderr, "%d lines\n", lines);
  } else if (!strcmp(cmd, "exit")) {
    return atoi(argv[2]);
  } else if (!strcmp(cmd, "abort")) {
    fflush(stdout);
    abort();
  } else if (!strcmp(cmd, "cat")) {
    for (int i = 2; i < argc; i++) {
      FILE *f = fopen(argv[i], "r");
      if (!f) {
        perror(argv[i]);
        return 1;
      }
      char buf[4096];
      size_t n;
      while ((n = fread(buf, 1, sizeof buf, f)) > 0) fwrite(buf, 1, n, stdout);
      fclose(f);
    }
  } else if (!strcmp(cmd, "write") && argc > 3) {
    FILE *f = fopen(argv[2], "w");
    if (!f) {
      perror(argv[2]);
      return 1;
    }
    fprintf(f, "%s\n", argv[3]);
    return fclose(f) ? 1 : 0;
  } else {
    return 2;
  }
  return 0;
}
