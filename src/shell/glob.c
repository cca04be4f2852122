/* glob.c - shell patterns (* ? [...] with ! ^ ranges and [:classes:],
** backslash quoting) and pathname expansion over the box's directories
** (acs_sys_getdents). Names starting with a dot match only a pattern
** that starts with a literal dot; . and .. are never listed. */
#include "sh.h"

#include <errno.h>
#include <stdio.h>

#include <ctype.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

static bool class_match(const char *cls, size_t n, int c)
{
#define IS(name) (n == sizeof name - 1 && !memcmp(cls, name, n))
  if (IS("alpha")) return isalpha(c);
  if (IS("digit")) return isdigit(c);
  if (IS("alnum")) return isalnum(c);
  if (IS("upper")) return isupper(c);
  if (IS("lower")) return islower(c);
  if (IS("space")) return isspace(c);
  if (IS("blank")) return c == ' ' || c == '\t';
  if (IS("punct")) return ispunct(c);
  if (IS("print")) return isprint(c);
  if (IS("graph")) return isgraph(c);
  if (IS("cntrl")) return iscntrl(c);
  if (IS("xdigit")) return isxdigit(c);
#undef IS
  return false;
}

/* [...] at p (after the '['): matched? *end is past the ']'; false with
** *end NULL when the bracket does not close (then '[' is literal). */
static bool bracket(const char *p, int c, const char **end)
{
  bool neg = false, hit = false;
  if (*p == '!' || *p == '^') neg = true, p++;
  const char *start = p;
  while (*p && (*p != ']' || p == start)) {
    if (*p == '[' && p[1] == ':') {
      const char *q = strstr(p + 2, ":]");
      if (q) {
        if (class_match(p + 2, (size_t)(q - p - 2), c)) hit = true;
        p = q + 2;
        continue;
      }
    }
    int lo = (unsigned char)*p;
    if (*p == '\\' && p[1]) lo = (unsigned char)*++p;
    p++;
    if (*p == '-' && p[1] && p[1] != ']') {
      p++;
      int hi = (unsigned char)*p;
      if (*p == '\\' && p[1]) hi = (unsigned char)*++p;
      p++;
      if (c >= lo && c <= hi) hit = true;
    } else if (c == lo) {
      hit = true;
    }
  }
  if (*p != ']') {
    *end = NULL;
    return false;
  }
  *end = p + 1;
  return hit != neg;
}

bool pat_match(const char *p, const char *s)
{
  const char *star_p = NULL, *star_s = NULL;
  while (*s || *p) {
    if (*p == '*') {
      while (*p == '*') p++;
      if (!*p) return true;
      star_p = p;
      star_s = s;
      continue;
    }
    if (*s) {
      if (*p == '?') {
        p++, s++;
        continue;
      }
      if (*p == '[') {
        const char *end;
        bool m = bracket(p + 1, (unsigned char)*s, &end);
        if (end) {
          if (m) {
            p = end, s++;
            continue;
          }
          goto fail;
        }
        /* an unclosed bracket is a literal [ */
      }
      if (*p == '\\' && p[1]) {
        if (p[1] == *s) {
          p += 2, s++;
          continue;
        }
        goto fail;
      }
      if (*p && *p == *s) {
        p++, s++;
        continue;
      }
    }
  fail:
    if (!star_p || !*star_s) return false;
    p = star_p;
    s = ++star_s;
  }
  return true;
}

bool pat_has_magic(const char *p)
{
  for (; *p; p++) {
    if (*p == '\\' && p[1]) {
      p++;
      continue;
    }
    if (*p == '*' || *p == '?') return true;
    if (*p == '[') {
      const char *end;
      bracket(p + 1, 0, &end);
      if (end) return true;
    }
  }
  return false;
}

char *pat_unescape(const char *p)
{
  sbuf b = {0};
  for (; *p; p++) {
    if (*p == '\\' && p[1]) p++;
    sb_addc(&b, *p);
  }
  return sb_take(&b);
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* the names in dir (for "" the current directory) */
static void list_dir(const char *dir, strv *names)
{
  int fd = acs_sys_open(*dir ? dir : ".", O_RDONLY | O_DIRECTORY, 0);
  if (fd < 0) return;
  static unsigned char buf[32768];
  for (;;) {
    ssize_t n = acs_sys_getdents(fd, buf, sizeof buf);
    if (n <= 0) break;
    size_t i = 0;
    while (i + 11 <= (size_t)n) {
      uint16_t len;
      memcpy(&len, buf + i + 9, 2);
      if (i + 11 + len > (size_t)n) break;
      char *name = xstrndup((char *)buf + i + 11, len);
      if (strcmp(name, ".") && strcmp(name, "..")) sv_push(names, name);
      else free(name);
      i += 11 + len;
    }
  }
  acs_sys_close(fd);
}

static bool exists(const char *path)
{
  acs__sys_stat st;
  return acs_sys_lstat(path, &st) == 0;
}

/* nocaseglob: both sides folded to lower case (a range such as [A-Z]
** then means [a-z], which matches the same names) */
static bool match_nocase(const char *pat, const char *name)
{
  char *p = xstrdup(pat), *n = xstrdup(name);
  for (char *c = p; *c; c++) *c = (char)tolower((unsigned char)*c);
  for (char *c = n; *c; c++) *c = (char)tolower((unsigned char)*c);
  bool m = pat_match(p, n);
  free(p);
  free(n);
  return m;
}

/* match the components of pat from comp on, under prefix */
static void walk(const char *prefix, const char *pat, strv *out)
{
  while (*pat == '/') pat++;
  const char *slash = strchr(pat, '/');
  size_t clen = slash ? (size_t)(slash - pat) : strlen(pat);
  char *comp = xstrndup(pat, clen);
  const char *rest = slash ? slash : NULL;
  if (!pat_has_magic(comp)) {
    char *lit = pat_unescape(comp);
    sbuf p = {0};
    sb_adds(&p, prefix);
    if (p.len && p.s[p.len - 1] != '/') sb_addc(&p, '/');
    sb_adds(&p, lit);
    free(lit);
    if (!rest) {
      if (exists(p.s)) sv_push(out, sb_take(&p));
    } else {
      /* keep a trailing slash: the match must be a directory */
      if (!rest[1] || rest[strspn(rest, "/")] == 0) {
        acs__sys_stat st;
        if (acs_sys_stat(p.s, &st) == 0 && (st.mode & 0170000) == 0040000) {
          sb_adds(&p, "/");
          sv_push(out, sb_take(&p));
        }
      } else {
        walk(p.s, rest, out);
      }
    }
    sb_free(&p);
    free(comp);
    return;
  }
  bool dotglob = shopt_on("dotglob"), nocase = shopt_on("nocaseglob");
  strv names = {0};
  list_dir(prefix, &names);
  if (names.n) qsort(names.v, names.n, sizeof *names.v, cmp);
  for (size_t i = 0; i < names.n; i++) {
    const char *nm = names.v[i];
    if (nm[0] == '.' && comp[0] != '.' && !(comp[0] == '\\' && comp[1] == '.') && !dotglob) continue;
    if (!(nocase ? match_nocase(comp, nm) : pat_match(comp, nm))) continue;
    sbuf p = {0};
    sb_adds(&p, prefix);
    if (p.len && p.s[p.len - 1] != '/') sb_addc(&p, '/');
    sb_adds(&p, nm);
    if (!rest) {
      sv_push(out, sb_take(&p));
    } else if (rest[strspn(rest, "/")] == 0) {
      acs__sys_stat st;
      if (acs_sys_stat(p.s, &st) == 0 && (st.mode & 0170000) == 0040000) {
        sb_adds(&p, "/");
        sv_push(out, sb_take(&p));
      }
    } else {
      walk(p.s, rest, out);
    }
    sb_free(&p);
  }
  sv_free(&names);
  free(comp);
}

bool glob_expand(const char *pat, strv *out)
{
  strv got = {0};
  walk(pat[0] == '/' ? "/" : "", pat, &got);
  if (!got.n) {
    sv_free(&got);
    return false;
  }
  qsort(got.v, got.n, sizeof *got.v, cmp);
  for (size_t i = 0; i < got.n; i++) sv_push(out, got.v[i]);
  free(got.v);
  return true;
}
