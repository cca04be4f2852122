/* lib_stream.c - operand files as one stream, and suffixed byte counts. */
#include "lib_stream.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void cmd_stream_init(cmd_stream *s, acs_cmd *c, char **files, int n)
{
  static char *dash[] = {"-"};
  memset(s, 0, sizeof *s);
  s->c = c;
  s->files = n ? files : dash;
  s->nfiles = n ? n : 1;
  s->fd = -1;
}

static void report(cmd_stream *s, int err)
{
  char q[1024];
  const char *name = s->util_linux && !strcmp(s->name, "-") ? "stdin" : s->name;
  cmd_error(s->c, "%s: %s", s->util_linux ? name : cmd_quotef(name, q, sizeof q), cmd_strerror(err));
  s->status = 1;
}

static void close_cur(cmd_stream *s)
{
  if (s->fd > 0 || (s->fd == 0 && strcmp(s->name, "-"))) acs_sys_close(s->fd);
  s->fd = -1;
}

/* Opens the next file that can be opened; false at the end. */
static bool open_next(cmd_stream *s)
{
  while (s->fd < 0 && s->next < s->nfiles) {
    s->name = s->files[s->next++];
    if (!strcmp(s->name, "-")) {
      s->fd = 0;
      break;
    }
    int fd = acs_sys_open(s->name, O_RDONLY | O_CLOEXEC, 0);
    if (fd < 0) report(s, fd);
    else s->fd = fd;
  }
  return s->fd >= 0;
}

bool cmd_stream_open(cmd_stream *s) { return open_next(s); }

size_t cmd_stream_read(cmd_stream *s, void *buf, size_t n)
{
  size_t got = 0;
  while (got < n && open_next(s)) {
    size_t want = n - got > ACS__SYS_MAX_DATA ? ACS__SYS_MAX_DATA : n - got;
    ssize_t r = acs_sys_read(s->fd, (char *)buf + got, want);
    if (r > 0) {
      got += (size_t)r;
      continue;
    }
    if (r < 0) report(s, (int)r);
    close_cur(s);
  }
  return got;
}

uint64_t cmd_stream_skip(cmd_stream *s, uint64_t n)
{
  uint64_t done = 0;
  static char junk[65536];
  while (done < n && open_next(s)) {
    acs__sys_stat st;
    if (acs_sys_fstat(s->fd, &st) == 0 && S_ISREG(st.mode)) {
      int64_t pos = acs_sys_lseek(s->fd, 0, SEEK_CUR);
      if (pos >= 0 && (uint64_t)pos <= st.size) {
        uint64_t left = st.size - (uint64_t)pos;
        if (left < n - done) { /* GNU stays in a file skipped to its end */
          done += left;
          close_cur(s);
          continue;
        }
        if (acs_sys_lseek(s->fd, pos + (int64_t)(n - done), SEEK_SET) >= 0) return n;
      }
    }
    if (s->util_linux) {
      report(s, -ESPIPE);
      s->seek_failed = true;
      return done;
    }
    size_t want = n - done > sizeof junk ? sizeof junk : (size_t)(n - done);
    ssize_t r = acs_sys_read(s->fd, junk, want);
    if (r > 0) {
      done += (uint64_t)r;
      continue;
    }
    if (r < 0) report(s, (int)r);
    close_cur(s);
  }
  return done;
}

void cmd_stream_close(cmd_stream *s)
{
  if (s->fd >= 0) close_cur(s);
}

bool cmd_parse_size(const char *s, bool base0, bool cw, uint64_t *out)
{
  if (!s || !*s || *s == '-') return false;
  errno = 0;
  char *end;
  unsigned long long v = strtoull(s, &end, base0 ? 0 : 10);
  if (end == s || errno == ERANGE) return false;
  uint64_t mult = 1;
  if (*end) {
    static const char units[] = "KMGTPEZY";
    if (!strcmp(end, "b")) mult = 512;
    else if (cw && !strcmp(end, "c")) mult = 1;
    else if (cw && !strcmp(end, "w")) mult = 2;
    else {
      char u = *end == 'k' ? 'K' : *end == 'm' ? 'M' : *end;
      const char *at = u ? strchr(units, u) : NULL;
      if (!at) return false;
      uint64_t base = 1024;
      if (!strcmp(end + 1, "B")) base = 1000;
      else if (end[1] && strcmp(end + 1, "iB")) return false;
      for (long k = 0; k <= at - units; k++) {
        if (mult > UINT64_MAX / base) return false;
        mult *= base;
      }
    }
  }
  if (v && v > UINT64_MAX / mult) return false;
  *out = (uint64_t)v * mult;
  return true;
}
