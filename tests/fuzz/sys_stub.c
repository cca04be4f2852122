/* sys_stub.c - the box's kernel calls (src/sys/sys.h) for the harnesses
** of the commands' parsers, which run without a box: output to fds 1 and
** 2 is dropped, an open gives a fresh number (sed's w files open while
** the script compiles), everything else fails with ENOSYS. Only what the
** parsers' objects reach is here; the linker names anything missing. */
#include "sys/sys.h"

#include <errno.h>

static int next_fd = 10;

int acs_sys_open(const char *path, int flags, unsigned mode)
{
  (void)path, (void)flags, (void)mode;
  return next_fd < 1000 ? next_fd++ : -EMFILE;
}

int acs_sys_openat(int at, const char *path, int flags, unsigned mode)
{
  (void)at;
  return acs_sys_open(path, flags, mode);
}

int acs_sys_close(int fd)
{
  (void)fd;
  return 0;
}

ssize_t acs_sys_read(int fd, void *buf, size_t n)
{
  (void)fd, (void)buf, (void)n;
  return 0;
}

ssize_t acs_sys_write(int fd, const void *buf, size_t n)
{
  (void)fd, (void)buf;
  return (ssize_t)n;
}

int acs_sys_write_all(int fd, const void *buf, size_t n)
{
  (void)fd, (void)buf, (void)n;
  return 0;
}
