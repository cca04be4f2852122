/* lib_fileop.c - prompts, terminals and paths for the file commands
** (lib_fileop.h). */
#include "lib_fileop.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

bool fileop_ask(acs_cmd *c, const char *fmt, ...)
{
  char line[4096];
  int n = snprintf(line, sizeof line, "%s: ", c->name);
  va_list ap;
  va_start(ap, fmt);
  int m = vsnprintf(line + n, sizeof line - (size_t)n, fmt, ap);
  va_end(ap);
  size_t len = (size_t)n + (m > 0 ? (size_t)m : 0);
  if (len >= sizeof line) len = sizeof line - 1;
  cmd_flush(c);
  acs_sys_write_all(2, line, len);
  /* one byte at a time: the rest of stdin is the next prompt's */
  char ch, first = 0;
  bool any = false;
  while (acs_sys_read(0, &ch, 1) == 1) {
    if (!any) first = ch, any = true;
    if (ch == '\n') break;
  }
  return first == 'y' || first == 'Y';
}

bool fileop_isatty(int fd)
{
  int h = acs_sys_direct_fd(fd);
  if (h >= 0) return isatty(h);
  /* a terminal device of the box: Linux's tty, console and pty majors */
  acs__sys_stat st;
  if (acs_sys_fstat(fd, &st) < 0 || !S_ISCHR(st.mode)) return false;
  unsigned maj = major(st.rdev);
  return maj == 4 || maj == 5 || (maj >= 136 && maj <= 143);
}

int fileop_term_width(int fd)
{
  int h = acs_sys_direct_fd(fd);
  struct winsize ws;
  if (h >= 0 && ioctl(h, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  return 0;
}

char *fileop_base(const char *path)
{
  size_t n = strlen(path);
  while (n > 1 && path[n - 1] == '/') n--;
  size_t s = n;
  while (s > 0 && path[s - 1] != '/') s--;
  if (n == 1 && path[0] == '/') s = 0;
  char *r = malloc(n - s + 1);
  if (!r) return NULL;
  memcpy(r, path + s, n - s);
  r[n - s] = 0;
  return r;
}

char *fileop_dir(const char *path)
{
  size_t n = strlen(path);
  while (n > 1 && path[n - 1] == '/') n--;
  while (n > 0 && path[n - 1] != '/') n--;
  while (n > 1 && path[n - 1] == '/') n--;
  if (n == 0) return strdup(".");
  char *r = malloc(n + 1);
  if (!r) return NULL;
  memcpy(r, path, n);
  r[n] = 0;
  return r;
}

char *fileop_relative(const char *to, const char *from_dir)
{
  /* the longest common run of whole components */
  size_t common = 0, i = 0;
  for (;; i++) {
    char a = to[i], b = from_dir[i];
    if ((a == '/' || !a) && (b == '/' || !b)) common = i;
    if (!a || !b || a != b) break;
  }
  size_t ups = 0;
  for (const char *p = from_dir + common; *p; p++)
    if (*p == '/' && p[1]) ups++;
  const char *rest = to + common;
  while (*rest == '/') rest++;
  size_t len = ups * 3 + strlen(rest) + 2;
  char *r = malloc(len);
  if (!r) return NULL;
  r[0] = 0;
  for (size_t k = 0; k < ups; k++) strcat(r, k + 1 < ups || *rest ? "../" : "..");
  strcat(r, rest);
  if (!*r) strcpy(r, ".");
  return r;
}

char *fileop_canon_missing(const char *path, int *err)
{
  char buf[4096];
  int rc = acs_sys_realpath(path, buf, sizeof buf);
  if (rc == 0) return strdup(buf);
  char *dir = fileop_dir(path), *base = fileop_base(path);
  char *out = NULL;
  if (dir && base) {
    rc = acs_sys_realpath(dir, buf, sizeof buf);
    if (rc == 0) {
      if (!strcmp(base, ".") || !strcmp(base, "..") || !strcmp(base, "/")) {
        rc = -ENOENT;
      } else {
        out = cmd_path_join(buf, base);
        if (!out) rc = -ENOMEM;
      }
    }
  }
  free(dir);
  free(base);
  if (!out) *err = rc;
  return out;
}

const char *fileop_quote_c(const char *s, char *buf, size_t size)
{
  size_t n = 0;
#define PUT(ch) \
  do { \
    if (n + 1 < size) buf[n++] = (char)(ch); \
  } while (0)
  if (!size) return buf;
  PUT('\'');
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    static const char esc[] = "\a\b\f\n\r\t\v\\'";
    static const char let[] = "abfnrtv\\'";
    const char *e = strchr(esc, *p);
    if (e) {
      PUT('\\');
      PUT(let[e - esc]);
    } else if (*p < 32 || *p >= 127) {
      PUT('\\');
      PUT('0' + (*p >> 6));
      PUT('0' + ((*p >> 3) & 7));
      PUT('0' + (*p & 7));
    } else {
      PUT(*p);
    }
  }
  PUT('\'');
#undef PUT
  buf[n] = 0;
  return buf;
}
