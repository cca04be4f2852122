/* test_hole.c - a deliberate hole, linked only into build/acs-hole (make
** test builds it) to prove the second wall: __acsTestHole("read", path)
** opens a host path with plain open(2), bypassing the VFS, and
** __acsTestHole("exec", path) calls execve(2). Under the walls both must
** fail; with ACS_WALLS=off they work, which shows the hole is real. */
#include "js/runtime_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static ACS__HOST_FN(hole)
{
  (void)fn; (void)self;
  if (argc < 2) return JSValueMakeUndefined(ctx);
  char *op = acs__js_to_utf8(ctx, argv[0], NULL, exc);
  char *path = acs__js_to_utf8(ctx, argv[1], NULL, exc);
  char out[256] = "";
  if (op && path && !strcmp(op, "read")) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) snprintf(out, sizeof out, "error %s", strerror(errno));
    else {
      ssize_t n = read(fd, out, 64);
      out[n > 0 ? n : 0] = 0;
      close(fd);
    }
  } else if (op && path && !strcmp(op, "exec")) {
    char *args[] = {path, NULL}, *envp[] = {NULL};
    execve(path, args, envp);
    snprintf(out, sizeof out, "error %s", strerror(errno));
  }
  free(op);
  free(path);
  return acs__js_str(ctx, out);
}

void acs__host_test_hole(JSContextRef ctx, JSObjectRef host)
{
  (void)host;
  acs__js_set_fn(ctx, JSContextGetGlobalObject(ctx), "__acsTestHole", hole);
}
