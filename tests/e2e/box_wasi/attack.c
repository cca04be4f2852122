/* attack.c - what a hostile or broken module may try; the box must hold.
**   attack mem MB_CAP [touch]  malloc 16 MiB blocks (written when touch)
**                       until NULL; print whether it stopped within MB_CAP
**   attack loop         spin for ever
**   attack stack        recurse without end, frames in linear memory
**   attack calls        recurse without end, frames on the engine's stack
**   attack fault        hand fd_write an iovec outside the memory
**   attack dotdot       read ../../../../../../../../etc/hostname
**   attack read PATH    print the file at PATH (or the errno's name) */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __wasi__
#include <wasi/api.h>
#endif

static char *volatile keep[4096];

static int deep(int n)
{
  volatile char pad[512];
  pad[0] = (char)n;
  return deep(n + 1) + pad[0];
}

static int (*volatile next)(int);
static int calls(int n)
{
  if (n == -1) return 0;
  return next(n + 1) * 3 + n;
}

static int show(const char *path)
{
  FILE *f = fopen(path, "r");
  if (!f) {
    printf("%s: %s\n", path, errno == ENOENT ? "ENOENT" : errno == EACCES ? "EACCES" : strerror(errno));
    return 1;
  }
  char buf[256];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = 0;
  printf("%s: %s", path, buf);
  fclose(f);
  return 0;
}

int main(int argc, char **argv)
{
  if (argc < 2) return 2;
  if (!strcmp(argv[1], "mem")) {
    long cap = argc > 2 ? atol(argv[2]) : 1024;
    int touch = argc > 3;
    long mb = 0;
    int n = 0;
    char *p;
    while (n < 4096 && (p = malloc(16 << 20))) {
      if (touch) memset(p, 1, 16 << 20);
      p[0] = 1;
      keep[n++] = p;
      mb += 16;
    }
    long sum = 0;
    for (int i = 0; i < n; i++) sum += keep[i][0];
    printf("malloc returned NULL after %ld MiB (sum %ld): within the cap %d\n", mb, sum, mb <= cap);
    return 0;
  }
  if (!strcmp(argv[1], "loop")) {
    for (volatile unsigned i = 0;; i++) {
    }
  }
  if (!strcmp(argv[1], "stack")) return deep(0);
  if (!strcmp(argv[1], "calls")) {
    next = calls;
    return calls(0);
  }
#ifdef __wasi__
  if (!strcmp(argv[1], "fault")) {
    __wasi_ciovec_t v = {(const uint8_t *)0xfffffff0u, 4096};
    __wasi_size_t n = 0;
    __wasi_errno_t e = __wasi_fd_write(1, &v, 1, &n);
    __wasi_ciovec_t *bad = (__wasi_ciovec_t *)0xfffffffcu;
    __wasi_errno_t e2 = __wasi_fd_write(1, bad, 1, &n);
    __wasi_errno_t e3 = __wasi_fd_write(1, &v, 0, (__wasi_size_t *)0xfffffffeu);
    printf("fault: buffer %s, iovec %s, result %s\n", e == __WASI_ERRNO_FAULT ? "EFAULT" : "?",
           e2 == __WASI_ERRNO_FAULT ? "EFAULT" : "?", e3 == __WASI_ERRNO_FAULT ? "EFAULT" : "?");
    return 0;
  }
#endif
  if (!strcmp(argv[1], "dotdot")) return show("../../../../../../../../etc/hostname");
  if (!strcmp(argv[1], "read") && argc > 2) return show(argv[2]);
  return 2;
}
