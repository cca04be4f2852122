/* cmd_in.c - buffered input for the commands: files and stdin, records by
** a delimiter (lines, or NUL-separated for -z), whole files. */
#include "cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

int cmd_in_open(acs_cmd *c, cmd_in *in, const char *path)
{
  char *line = in->line;
  size_t cap = in->line_cap;
  memset(in, 0, offsetof(cmd_in, buf));
  in->line = line;
  in->line_cap = cap;
  if (!strcmp(path, "-")) {
    in->fd = 0;
    return 0;
  }
  int fd = acs_sys_open(path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0) {
    char q[1024];
    if (c) cmd_error(c, "%s: %s", cmd_quotef(path, q, sizeof q), cmd_strerror(fd));
    in->fd = -1;
    in->eof = true;
    in->err = fd;
    return fd;
  }
  in->fd = fd;
  in->close_fd = true;
  return 0;
}

void cmd_in_fd(cmd_in *in, int fd)
{
  char *line = in->line;
  size_t cap = in->line_cap;
  memset(in, 0, offsetof(cmd_in, buf));
  in->line = line;
  in->line_cap = cap;
  in->fd = fd;
}

static int fill(cmd_in *in)
{
  if (in->eof) return 0;
  ssize_t n = acs_sys_read(in->fd, in->buf, sizeof in->buf);
  if (n <= 0) {
    in->eof = true;
    if (n < 0) in->err = (int)n;
    return (int)n;
  }
  in->start = 0;
  in->end = (size_t)n;
  return 1;
}

static bool grow(cmd_in *in, size_t need)
{
  if (need <= in->line_cap) return true;
  size_t cap = in->line_cap ? in->line_cap : 256;
  while (cap < need) cap *= 2;
  char *p = realloc(in->line, cap);
  if (!p) return false;
  in->line = p;
  in->line_cap = cap;
  return true;
}

ssize_t cmd_getdelim(cmd_in *in, char **line, int delim)
{
  size_t len = 0;
  for (;;) {
    if (in->start == in->end) {
      int rc = fill(in);
      if (rc < 0) return rc;
      if (rc == 0) break;
    }
    unsigned char *p = in->buf + in->start;
    size_t avail = in->end - in->start;
    unsigned char *hit = memchr(p, delim, avail);
    size_t take = hit ? (size_t)(hit - p) + 1 : avail;
    if (!grow(in, len + take + 1)) return -ENOMEM;
    memcpy(in->line + len, p, take);
    len += take;
    in->start += take;
    if (hit) break;
  }
  if (!grow(in, len + 1)) return -ENOMEM;
  in->line[len] = 0;
  *line = in->line;
  return (ssize_t)len;
}

ssize_t cmd_in_read(cmd_in *in, void *buf, size_t n)
{
  if (in->start == in->end) {
    if (n >= sizeof in->buf && !in->eof) { /* large reads bypass the buffer */
      ssize_t r = acs_sys_read(in->fd, buf, n > ACS__SYS_MAX_DATA ? ACS__SYS_MAX_DATA : n);
      if (r <= 0) {
        in->eof = true;
        if (r < 0) in->err = (int)r;
      }
      return r;
    }
    int rc = fill(in);
    if (rc <= 0) return rc;
  }
  size_t k = in->end - in->start < n ? in->end - in->start : n;
  memcpy(buf, in->buf + in->start, k);
  in->start += k;
  return (ssize_t)k;
}

void cmd_in_close(cmd_in *in)
{
  if (in->close_fd && in->fd >= 0) acs_sys_close(in->fd);
  in->close_fd = false;
  in->fd = -1;
}

cmd_in *cmd_in_new(void)
{
  cmd_in *in = calloc(1, sizeof *in);
  if (in) in->fd = -1;
  return in;
}

void cmd_in_free(cmd_in *in)
{
  if (!in) return;
  cmd_in_close(in);
  free(in->line);
  free(in);
}

int cmd_read_all(const char *path, char **data, size_t *len)
{
  int fd = 0;
  if (strcmp(path, "-")) {
    fd = acs_sys_open(path, O_RDONLY | O_CLOEXEC, 0);
    if (fd < 0) return fd;
  }
  size_t n = 0, cap = 65536;
  char *buf = malloc(cap + 1);
  int rc = buf ? 0 : -ENOMEM;
  while (!rc) {
    if (cap - n < ACS__SYS_MAX_DATA) {
      char *p = realloc(buf, cap * 2 + 1);
      if (!p) {
        rc = -ENOMEM;
        break;
      }
      buf = p;
      cap *= 2;
    }
    ssize_t r = acs_sys_read(fd, buf + n, ACS__SYS_MAX_DATA);
    if (r < 0) rc = (int)r;
    if (r <= 0) break;
    n += (size_t)r;
  }
  if (fd) acs_sys_close(fd);
  if (rc) {
    free(buf);
    return rc;
  }
  buf[n] = 0;
  *data = buf;
  *len = n;
  return 0;
}

int cmd_write_fd(int fd, const void *data, size_t n) { return acs_sys_write_all(fd, data, n); }
