/* tar_list.c - tar's listing line, name quoting, messages and --exclude. */

/* GNU tar 1.34's list.c shapes: "MODE USER/GROUP SIZE YYYY-MM-DD HH:MM
** NAME", where the width of "USER/GROUP SIZE" starts at 19 and only grows
** (ugswidth); an empty user or group name prints the number; devices show
** "MAJOR,MINOR" as the size; "-> TARGET" for symbolic links and "link to
** TARGET" for hard links (type 'h'). Names are quoted in the escape style
** (tar's default): C escapes, other bytes outside printable ASCII as
** three octal digits. */
#include "tar.h"

#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

void tar_msg(tar *t, const char *fmt, ...)
{
  char b[8192];
  int n = snprintf(b, sizeof b, "%s: ", t->c->name);
  va_list ap;
  va_start(ap, fmt);
  int m = vsnprintf(b + n, sizeof b - (size_t)n - 1, fmt, ap);
  va_end(ap);
  if (m < 0) return;
  size_t len = (size_t)n + (size_t)m;
  if (len > sizeof b - 2) len = sizeof b - 2;
  b[len++] = '\n';
  cmd_flush(t->c);
  acs_sys_write_all(2, b, len);
}

static size_t quote_into(char *out, const char *s)
{
  size_t k = 0;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    static const char esc[] = "\a" "a" "\b" "b" "\f" "f" "\n" "n" "\r" "r" "\t" "t" "\v" "v" "\\" "\\";
    const char *e = memchr(esc, *p, sizeof esc - 1);
    if (e && ((e - esc) % 2) == 0) {
      if (out) out[k] = '\\', out[k + 1] = e[1];
      k += 2;
    } else if (*p < 32 || *p >= 127) {
      if (out) snprintf(out + k, 5, "\\%03o", *p);
      k += 4;
    } else {
      if (out) out[k] = (char)*p;
      k++;
    }
  }
  if (out) out[k] = 0;
  return k;
}

char *tar_quoted(const char *s)
{
  char *r = malloc(quote_into(NULL, s) + 1);
  if (r) quote_into(r, s);
  return r;
}

const char *tar_q(const char *s, char *buf, size_t size)
{
  char *q = tar_quoted(s);
  snprintf(buf, size, "%s", q ? q : s);
  free(q);
  return buf;
}

void tar_quote(acs_cmd *c, const char *s)
{
  char *q = tar_quoted(s);
  if (q) cmd_puts(c, q);
  free(q);
}

static void mode_string(struct archive_entry *e, larch *L, char *m)
{
  unsigned ft = L->entry_filetype(e);
  unsigned p = L->entry_perm(e);
  const char *hl = L->entry_hardlink(e);
  m[0] = hl ? 'h' : ft == AE_IFDIR ? 'd' : ft == AE_IFLNK ? 'l' : ft == AE_IFCHR ? 'c' : ft == AE_IFBLK ? 'b'
       : ft == AE_IFIFO ? 'p' : ft == AE_IFSOCK ? 's' : '-';
  const char *rwx = "rwxrwxrwx";
  for (int i = 0; i < 9; i++) m[1 + i] = (p & (0400u >> i)) ? rwx[i] : '-';
  if (p & 04000) m[3] = (p & 0100) ? 's' : 'S';
  if (p & 02000) m[6] = (p & 010) ? 's' : 'S';
  if (p & 01000) m[9] = (p & 01) ? 't' : 'T';
  m[10] = 0;
}

void tar_list_line(tar *t, struct archive_entry *e, const char *name, bool to_err)
{
  larch *L = &t->L;
  char mode[11], user[64], group[64], size[64], date[64];
  mode_string(e, L, mode);
  const char *un = t->numeric_owner ? NULL : L->entry_uname(e);
  const char *gn = t->numeric_owner ? NULL : L->entry_gname(e);
  if (un && *un) snprintf(user, sizeof user, "%s", un);
  else snprintf(user, sizeof user, "%lld", (long long)L->entry_uid(e));
  if (gn && *gn) snprintf(group, sizeof group, "%s", gn);
  else snprintf(group, sizeof group, "%lld", (long long)L->entry_gid(e));
  unsigned ft = L->entry_filetype(e);
  if (ft == AE_IFCHR || ft == AE_IFBLK)
    snprintf(size, sizeof size, "%lu,%lu", (unsigned long)L->entry_rdevmajor(e), (unsigned long)L->entry_rdevminor(e));
  else
    snprintf(size, sizeof size, "%lld", L->entry_hardlink(e) ? 0LL : (long long)L->entry_size(e));
  time_t mt = L->entry_mtime(e);
  struct tm tm;
  if (localtime_r(&mt, &tm)) strftime(date, sizeof date, "%Y-%m-%d %H:%M", &tm);
  else snprintf(date, sizeof date, "%lld", (long long)mt);
  int pad = (int)(strlen(user) + 1 + strlen(group) + 1 + strlen(size));
  if (pad > t->ugswidth) t->ugswidth = pad;
  char *qn = tar_quoted(name);
  const char *target = L->entry_hardlink(e) ? L->entry_hardlink(e) : ft == AE_IFLNK ? L->entry_symlink(e) : NULL;
  char *qt = target ? tar_quoted(target) : NULL;
  size_t cap = strlen(qn ? qn : "") + (qt ? strlen(qt) : 0) + 256;
  char *line = malloc(cap);
  if (line) {
    int n = snprintf(line, cap, "%s %s/%s %*s %s %s", mode, user, group,
                     t->ugswidth - (int)(strlen(user) + strlen(group) + 2), size, date, qn ? qn : "");
    if (qt && n > 0) snprintf(line + n, cap - (size_t)n, "%s%s", L->entry_hardlink(e) ? " link to " : " -> ", qt);
    if (to_err) {
      cmd_flush(t->c);
      acs_sys_write_all(2, line, strlen(line));
      acs_sys_write_all(2, "\n", 1);
    } else {
      cmd_puts(t->c, line);
      cmd_putc(t->c, '\n');
    }
  }
  free(line);
  free(qn);
  free(qt);
}

bool tar_excluded(const tar *t, const char *name)
{
  /* GNU's default for exclusions: unanchored (the pattern may match any
  ** tail of the name that starts after a '/'), '*' matching '/' */
  for (size_t i = 0; i < t->nexcludes; i++) {
    const char *pat = t->excludes[i];
    for (const char *p = name; p; p = strchr(p, '/') ? strchr(p, '/') + 1 : NULL) {
      if (!*p) break;
      char tmp[4096];
      snprintf(tmp, sizeof tmp, "%s", p);
      size_t n = strlen(tmp);
      while (n > 1 && tmp[n - 1] == '/') tmp[--n] = 0;
      if (fnmatch(pat, tmp, 0) == 0) return true;
      /* a pattern naming a directory excludes what is under it */
      for (char *s = tmp + n; s > tmp; s--) {
        if (*s != '/') continue;
        *s = 0;
        if (fnmatch(pat, tmp, 0) == 0) return true;
      }
    }
  }
  return false;
}
