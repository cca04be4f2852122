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
  if (!shopt_on("globskipdots")) {
    sv_push(names, xstrdup("."));
    sv_push(names, xstrdup(".."));
  }
}

static bool exists(const char *path)
{
  acs__sys_stat st;
  return acs_sys_lstat(path, &st) == 0;
}


static void walk(const char *prefix, const char *pat, strv *out);

static char *join(const char *prefix, const char *name)
{
  sbuf p = {0};
  sb_adds(&p, prefix);
  if (p.len && p.s[p.len - 1] != '/') sb_addc(&p, '/');
  sb_adds(&p, name);
  return sb_take(&p);
}

/* globstar's ** under prefix: with rest, rest matched in prefix and in
** every directory below it; without, every name below it (dirs_only:
** the directories, each with a trailing slash). Symbolic links are not
** followed, hidden names only with dotglob, as bash does. */
static void globstar(const char *prefix, const char *rest, bool dirs_only, strv *out)
{
  if (rest) walk(prefix, rest, out);
  bool dotglob = shopt_on("dotglob");
  strv names = {0};
  list_dir(prefix, &names);
  for (size_t i = 0; i < names.n; i++) {
    const char *nm = names.v[i];
    if (nm[0] == '.' && (!dotglob || !strcmp(nm, ".") || !strcmp(nm, ".."))) continue;
    char *path = join(prefix, nm);
    acs__sys_stat st;
    bool dir = acs_sys_lstat(path, &st) == 0 && (st.mode & 0170000) == 0040000;
    if (!rest) {
      if (dir && dirs_only) {
        sbuf d = {0};
        sb_adds(&d, path);
        sb_addc(&d, '/');
        sv_push(out, sb_take(&d));
      } else if (!dirs_only) {
        sv_push(out, xstrdup(path));
      }
    }
    if (dir) globstar(path, rest, dirs_only, out);
    free(path);
  }
  sv_free(&names);
}

/* match the components of pat from comp on, under prefix */
static void walk(const char *prefix, const char *pat, strv *out)
{
  while (*pat == '/') pat++;
  const char *slash = strchr(pat, '/');
  size_t clen = slash ? (size_t)(slash - pat) : strlen(pat);
  char *comp = xstrndup(pat, clen);
  const char *rest = slash ? slash : NULL;
  if (!strcmp(comp, "**") && shopt_on("globstar")) {
    bool dirs_only = rest && rest[strspn(rest, "/")] == 0;
    const char *r = rest && !dirs_only ? rest + strspn(rest, "/") : NULL;
    /* under a directory, ** (and ** followed by a slash) lists it too */
    if (!r && *prefix) sv_push(out, join(prefix, ""));
    globstar(prefix, r, dirs_only, out);
    free(comp);
    return;
  }
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
  bool dotglob = shopt_on("dotglob"), nocase = shopt_on("nocaseglob"), ext = shopt_on("extglob");
  strv names = {0};
  list_dir(prefix, &names);
  if (names.n) qsort(names.v, names.n, sizeof *names.v, cmp);
  for (size_t i = 0; i < names.n; i++) {
    const char *nm = names.v[i];
    if (nm[0] == '.' && comp[0] != '.' && !(comp[0] == '\\' && comp[1] == '.') && !dotglob) continue;
    if (!pat_match_opt(comp, nm, ext, nocase)) continue;
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
