/* buf.c - growable byte buffers and string helpers. */
#include "base.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int grow(acs__buf *b, size_t extra)
{
  if (extra > SIZE_MAX - b->len - 1) return ACS_ENOMEM;
  size_t need = b->len + extra + 1;
  if (need <= b->cap) return 0;
  size_t cap = b->cap ? b->cap : 64;
  while (cap < need) cap = cap > SIZE_MAX / 2 ? need : cap * 2;
  char *p = realloc(b->data, cap);
  if (!p) return ACS_ENOMEM;
  b->data = p;
  b->cap = cap;
  return 0;
}

int acs__buf_append(acs__buf *b, const void *data, size_t len)
{
  int rc = grow(b, len);
  if (rc) return rc;
  if (len) memcpy(b->data + b->len, data, len);
  b->len += len;
  b->data[b->len] = 0;
  return 0;
}

int acs__buf_puts(acs__buf *b, const char *s)
{
  return acs__buf_append(b, s, strlen(s));
}

int acs__buf_printf(acs__buf *b, const char *fmt, ...)
{
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  int rc = n < 0 ? ACS_EINVAL : grow(b, (size_t)n);
  if (!rc) {
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap2);
    b->len += (size_t)n;
  }
  va_end(ap2);
  return rc;
}

char *acs__buf_take(acs__buf *b, size_t *len)
{
  if (!b->data && grow(b, 0)) return NULL;
  char *p = b->data;
  if (len) *len = b->len;
  b->data = NULL;
  b->len = b->cap = 0;
  return p;
}

void acs__buf_free(acs__buf *b)
{
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}

char *acs__strdup(const char *s) { return s ? strdup(s) : NULL; }

char *acs__strndup(const char *s, size_t n) { return s ? strndup(s, n) : NULL; }

uint64_t acs__fnv1a(const char *s)
{
  uint64_t h = 1469598103934665603ULL;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ULL;
  return h;
}

double acs__now_ms(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

int acs__read_file(const char *path, char **out, size_t *len)
{
  *out = NULL;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -errno;
  acs__buf b = {0};
  char chunk[65536];
  for (;;) {
    ssize_t n = read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int e = -errno;
      close(fd);
      acs__buf_free(&b);
      return e;
    }
    if (n == 0) break;
    if (acs__buf_append(&b, chunk, (size_t)n)) {
      close(fd);
      acs__buf_free(&b);
      return -ENOMEM;
    }
  }
  close(fd);
  *out = acs__buf_take(&b, len);
  return *out ? 0 : -ENOMEM;
}

int acs__write_all(int fd, const void *data, size_t len)
{
  const char *p = data;
  while (len) {
    ssize_t n = write(fd, p, len);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return -errno;
    p += n;
    len -= (size_t)n;
  }
  return 0;
}
