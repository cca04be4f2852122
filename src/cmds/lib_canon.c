/* lib_canon.c - canonical file names (lib_canon.h). */
#include "lib_canon.h"

#include "cmd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CANON_MAX_LINKS 40 /* Linux's MAXSYMLINKS */

typedef struct sbuf {
  char *p;
  size_t len, cap;
} sbuf;

static bool sb_put(sbuf *b, const char *s, size_t n)
{
  if (b->len + n + 1 > b->cap) {
    size_t nc = (b->len + n + 1) * 2;
    char *q = realloc(b->p, nc);
    if (!q) return false;
    b->p = q;
    b->cap = nc;
  }
  memcpy(b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = 0;
  return true;
}

static void pop(sbuf *b)
{
  while (b->len > 1 && b->p[b->len - 1] != '/') b->len--;
  if (b->len > 1) b->len--;
  b->p[b->len] = 0;
}

int canon_path(const char *path, int mode, bool nolinks, char **out)
{
  if (!*path) return -ENOENT;
  sbuf r = {0}, rest = {0};
  int rc = 0, links = 0;
  if (path[0] != '/') {
    char cwd[4096];
    rc = acs_sys_getcwd(cwd, sizeof cwd);
    if (rc) return rc;
    if (!sb_put(&r, cwd, strlen(cwd))) return -ENOMEM;
  } else if (!sb_put(&r, "/", 1)) {
    return -ENOMEM;
  }
  if (!sb_put(&rest, path, strlen(path))) {
    free(r.p);
    return -ENOMEM;
  }
  size_t at = 0;
  while (!rc) {
    while (at < rest.len && rest.p[at] == '/') at++;
    if (at >= rest.len) break;
    size_t end = at;
    while (end < rest.len && rest.p[end] != '/') end++;
    size_t cl = end - at;
    const char *comp = rest.p + at;
    if (cl == 1 && comp[0] == '.') {
      at = end;
      continue;
    }
    if (cl == 2 && comp[0] == '.' && comp[1] == '.') {
      pop(&r);
      at = end;
      continue;
    }
    if ((r.len > 1 && !sb_put(&r, "/", 1)) || !sb_put(&r, comp, cl)) {
      rc = -ENOMEM;
      break;
    }
    at = end;
    const char *tail = rest.p + at;
    bool last = tail[strspn(tail, "/")] == 0;
    acs__sys_stat st;
    int e = acs_sys_lstat(r.p, &st);
    if (e) {
      if (mode == CANON_MISSING || (mode == CANON_ALLOW_MISSING && e == -ENOENT && last)) continue;
      rc = e;
      break;
    }
    if (S_ISLNK(st.mode) && !nolinks) {
      if (++links > CANON_MAX_LINKS) {
        rc = -ELOOP;
        break;
      }
      char target[4096];
      ssize_t n = acs_sys_readlink(r.p, target, sizeof target);
      if (n < 0) {
        rc = (int)n;
        break;
      }
      /* the rest of the name now follows the link's target */
      sbuf nr = {0};
      if (!sb_put(&nr, target, (size_t)n) || !sb_put(&nr, tail, strlen(tail))) {
        free(nr.p);
        rc = -ENOMEM;
        break;
      }
      free(rest.p);
      rest = nr;
      at = 0;
      if (target[0] == '/') {
        r.len = 1;
        r.p[1] = 0;
      } else {
        pop(&r);
      }
      continue;
    }
    if (!S_ISDIR(st.mode) && *tail && mode != CANON_MISSING) {
      /* a trailing slash or more components after a file */
      if (S_ISLNK(st.mode)) {
        acs__sys_stat t;
        if (!acs_sys_stat(r.p, &t) && S_ISDIR(t.mode)) continue;
      }
      rc = -ENOTDIR;
    }
  }
  free(rest.p);
  if (rc) {
    free(r.p);
    return rc;
  }
  *out = r.p;
  return 0;
}

char *canon_relative(const char *path, const char *dir)
{
  /* the common leading components, then ".." for each of dir's others */
  size_t common = 0, i = 0;
  for (;;) {
    bool pe = path[i] == 0 || path[i] == '/', de = dir[i] == 0 || dir[i] == '/';
    if (pe && de) common = i;
    if (!path[i] || !dir[i] || path[i] != dir[i]) break;
    i++;
  }
  if (!strcmp(dir, "/")) common = 0;
  sbuf b = {0};
  const char *d = dir + common;
  bool any = false;
  while (*d) {
    while (*d == '/') d++;
    if (!*d) break;
    if (!sb_put(&b, any ? "/.." : "..", any ? 3 : 2)) goto oom;
    any = true;
    while (*d && *d != '/') d++;
  }
  const char *p = path + common;
  while (*p == '/') p++;
  if (*p) {
    if (any && !sb_put(&b, "/", 1)) goto oom;
    if (!sb_put(&b, p, strlen(p))) goto oom;
    any = true;
  }
  if (!any && !sb_put(&b, ".", 1)) goto oom;
  return b.p;
oom:
  free(b.p);
  return NULL;
}
