/* lib_xsafe.c - safe extraction of archive members (tar, unzip). */

/* The checks, in the order a member meets them: its name was stripped and
** refused for ".." by the caller (xsafe_strip, xsafe_dotdot); its missing
** parent directories are made; the real path of its parent must be the
** target or beneath it (a link made by someone else that points out is
** not followed, which GNU tar would do); regular files are created with
** O_EXCL | O_NOFOLLOW after the old name is unlinked, so an existing link
** is replaced, never written through; hard links must name a file whose
** directory is inside too; symbolic links whose target is absolute or has
** ".." are first an empty file of mode 0 and become links in
** xsafe_finish, if that file is still the one made (what GNU tar calls
** delayed links), so a later member cannot be written through them.
** Directories get their mode and times last, deepest first, so a
** read-only directory does not stop its own members. */
#include "lib_xsafe.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct delayed {
  char *name;
  char *target; /* NULL: a directory's attributes */
  uint64_t ino; /* the placeholder's */
  unsigned mode;
  bool have_owner, have_mtime;
  uint32_t uid, gid;
  int64_t mtime;
  long mtime_ns;
} delayed;

int xsafe_init(xsafe *x, acs_cmd *c, xsafe_fail_fn fail)
{
  memset(x, 0, sizeof *x);
  x->c = c;
  x->fail = fail;
  acs_sys_ids ids;
  x->root = acs_sys_getids(&ids) == 0 && ids.euid == 0;
  x->same_owner = x->root;
  int m = acs_sys_umask(0);
  if (m >= 0) acs_sys_umask((unsigned)m);
  x->umask = m >= 0 ? (unsigned)m : 022;
  return acs_sys_realpath(".", x->base, sizeof x->base);
}

static bool seen_prefix(xsafe *x, const char *p, size_t n, const char *what)
{
  /* entries "what\0prefix\0" */
  size_t wl = strlen(what);
  for (size_t i = 0; i < x->seen_len;) {
    const char *w = x->seen + i;
    const char *q = w + strlen(w) + 1;
    if (!strcmp(w, what) && strlen(q) == n && !memcmp(q, p, n)) return true;
    i = (size_t)(q - x->seen) + strlen(q) + 1;
  }
  char *s = realloc(x->seen, x->seen_len + wl + n + 2);
  if (!s) return true;
  x->seen = s;
  memcpy(s + x->seen_len, what, wl + 1);
  memcpy(s + x->seen_len + wl + 1, p, n);
  s[x->seen_len + wl + 1 + n] = 0;
  x->seen_len += wl + n + 2;
  return false;
}

const char *xsafe_strip(xsafe *x, const char *name, const char *what)
{
  size_t prefix = 0;
  for (const char *p = name; *p;) {
    if (p[0] == '.' && p[1] == '.' && (p[2] == '/' || !p[2])) prefix = (size_t)(p + 2 - name);
    while (*p && *p++ != '/') {
    }
  }
  while (name[prefix] == '/') prefix++;
  if (prefix && !seen_prefix(x, name, prefix, what)) {
    cmd_flush(x->c);
    char b[4200];
    int n = snprintf(b, sizeof b, "%s: Removing leading `%.*s' from %s\n", x->c->name, (int)prefix, name, what);
    if (n > 0) acs_sys_write_all(2, b, (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
  }
  return name[prefix] ? name + prefix : ".";
}

bool xsafe_dotdot(const char *name)
{
  for (const char *p = name; *p;) {
    if (p[0] == '.' && p[1] == '.' && (p[2] == '/' || !p[2])) return true;
    while (*p && *p++ != '/') {
    }
  }
  return false;
}

static int fail(xsafe *x, const char *name, const char *what, int err)
{
  x->fail(x, name, what, err);
  x->errors++;
  return -1;
}

static delayed *add_delayed(xsafe *x)
{
  if (x->ndelayed == x->cap) {
    size_t cap = x->cap ? x->cap * 2 : 16;
    delayed *d = realloc(x->delayed, cap * sizeof *d);
    if (!d) return NULL;
    x->delayed = d;
    x->cap = cap;
  }
  delayed *d = (delayed *)x->delayed + x->ndelayed++;
  memset(d, 0, sizeof *d);
  return d;
}

/* Whether the real path of dir is the target or beneath it. */
static bool inside(xsafe *x, const char *dir)
{
  if (!strcmp(dir, x->last_ok)) return true;
  char real[4096];
  if (acs_sys_realpath(*dir ? dir : ".", real, sizeof real) < 0) return false;
  size_t n = strlen(x->base);
  bool ok = !strcmp(real, x->base) || (!strncmp(real, x->base, n) && (real[n] == '/' || !strcmp(x->base, "/")));
  if (ok) snprintf(x->last_ok, sizeof x->last_ok, "%s", dir);
  return ok;
}

/* Makes the missing directories above name; checks the parent is inside.
** Returns 0 or a negative errno (-EXDEV: it leads outside). */
static int parents(xsafe *x, const char *name)
{
  char dir[4096];
  const char *slash = strrchr(name, '/');
  size_t n = slash ? (size_t)(slash - name) : 0;
  if (n >= sizeof dir) return -ENAMETOOLONG;
  memcpy(dir, name, n);
  dir[n] = 0;
  if (n && strcmp(dir, x->last_ok)) {
    for (size_t i = 1; i <= n; i++) {
      if (i < n && dir[i] != '/') continue;
      char save = dir[i];
      dir[i] = 0;
      acs__sys_stat st;
      int r = acs_sys_lstat(dir, &st);
      if (r == -ENOENT) {
        r = acs_sys_mkdir(dir, 0777 & ~x->umask);
        if (r < 0 && r != -EEXIST) {
          dir[i] = save;
          return r;
        }
      } else if (r == 0 && !S_ISDIR(st.mode) && !S_ISLNK(st.mode)) {
        dir[i] = save;
        return -ENOTDIR;
      }
      dir[i] = save;
    }
  }
  return inside(x, dir) ? 0 : -EXDEV;
}

static unsigned file_mode(const xsafe *x, unsigned mode)
{
  unsigned m = mode & 07777;
  if (!(x->same_perms && x->root)) m &= ~(unsigned)06000;
  if (!x->same_perms && !x->root) m &= ~x->umask;
  return m;
}

static void attrs(xsafe *x, int fd, const char *path, const xsafe_entry *e, bool link)
{
  int at = fd >= 0 ? fd : AT_FDCWD;
  const char *p = fd >= 0 ? "" : path;
  int fl = fd >= 0 ? AT_EMPTY_PATH : (link ? AT_SYMLINK_NOFOLLOW : 0);
  if (x->same_owner && e->have_owner) acs_sys_chownat(at, p, e->uid, e->gid, fl);
  if (!link) acs_sys_chmodat(at, p, file_mode(x, e->mode), fd >= 0 ? AT_EMPTY_PATH : 0);
  if (e->have_mtime && !x->no_mtime) {
    struct timespec ts[2] = {{0, UTIME_NOW}, {(time_t)e->mtime, e->mtime_ns}};
    acs_sys_utimensat(at, p, ts, fl);
  }
}

/* Clears the way for a new name: an existing non-directory is unlinked
** (so a link there is replaced, not followed). Returns 1 to skip the
** member, 0 to go on, -1 after an error. */
static int clear(xsafe *x, const xsafe_entry *e, bool *exists)
{
  acs__sys_stat st;
  *exists = acs_sys_lstat(e->name, &st) == 0;
  if (!*exists) return 0;
  if (e->type == XS_DIR && S_ISDIR(st.mode)) return 0;
  if (x->skip_old) return 1;
  if (x->keep_old) return fail(x, e->name, "open", -EEXIST);
  if (S_ISDIR(st.mode)) {
    if (e->type == XS_DIR) return 0;
    int r = acs_sys_rmdir(e->name);
    if (r < 0) return fail(x, e->name, "open", -EISDIR);
    *exists = false;
    return 0;
  }
  if (x->overwrite && e->type == XS_FILE && S_ISREG(st.mode)) return 0;
  int r = acs_sys_unlink(e->name);
  if (r < 0 && r != -ENOENT) return fail(x, e->name, "unlink", r);
  *exists = false;
  return 0;
}

static int put_file(xsafe *x, const xsafe_entry *e, xsafe_read_fn rd, void *ctx, bool exists)
{
  int flags = O_WRONLY | O_CREAT | O_NOFOLLOW | (exists ? O_TRUNC : O_EXCL);
  int fd = acs_sys_open(e->name, flags, 0600);
  if (fd < 0) return fail(x, e->name, "open", fd);
  static char buf[65536];
  int bad = 0;
  for (;;) {
    ssize_t n = rd(ctx, buf, sizeof buf);
    if (n == 0) break;
    if (n < 0) {
      bad = -1;
      x->errors++;
      break;
    }
    int r = acs_sys_write_all(fd, buf, (size_t)n);
    if (r < 0) {
      /* the rest of the member is read off so the archive stays in step */
      while (rd(ctx, buf, sizeof buf) > 0) {
      }
      acs_sys_close(fd);
      return fail(x, e->name, "write", r);
    }
  }
  attrs(x, fd, e->name, e, false);
  acs_sys_close(fd);
  return bad;
}

static bool unsafe_target(const char *t)
{
  return t[0] == '/' || xsafe_dotdot(t);
}

int xsafe_put(xsafe *x, const xsafe_entry *e, xsafe_read_fn rd, void *ctx)
{
  if (e->type == XS_CHR || e->type == XS_BLK || e->type == XS_FIFO) return fail(x, e->name, "mknod", -EPERM);
  if (e->type == XS_OTHER) return 0;
  if (!strcmp(e->name, ".") && e->type == XS_DIR) return 0;
  int r = parents(x, e->name);
  if (r < 0) return fail(x, e->name, e->type == XS_DIR ? "mkdir" : "open", r);
  bool exists;
  r = clear(x, e, &exists);
  if (r) return r > 0 ? 0 : -1;
  switch (e->type) {
  case XS_FILE: return put_file(x, e, rd, ctx, exists);
  case XS_DIR: {
    if (!exists) {
      r = acs_sys_mkdir(e->name, 0700);
      if (r < 0 && r != -EEXIST) return fail(x, e->name, "mkdir", r);
    }
    delayed *d = add_delayed(x);
    if (!d) return fail(x, e->name, "mkdir", -ENOMEM);
    d->name = strdup(e->name);
    d->mode = e->mode;
    d->have_owner = e->have_owner;
    d->uid = e->uid;
    d->gid = e->gid;
    d->have_mtime = e->have_mtime;
    d->mtime = e->mtime;
    d->mtime_ns = e->mtime_ns;
    return 0;
  }
  case XS_SYMLINK: {
    if (!unsafe_target(e->link)) {
      r = acs_sys_symlink(e->link, e->name);
      if (r < 0) return fail(x, e->name, "create symlink", r);
      attrs(x, -1, e->name, e, true);
      return 0;
    }
    int fd = acs_sys_open(e->name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0);
    if (fd < 0) return fail(x, e->name, "open", fd);
    acs__sys_stat st;
    int sr = acs_sys_fstat(fd, &st);
    acs_sys_close(fd);
    delayed *d = add_delayed(x);
    if (!d || sr < 0) return fail(x, e->name, "open", -ENOMEM);
    d->name = strdup(e->name);
    d->target = strdup(e->link);
    d->ino = st.ino;
    d->have_owner = e->have_owner;
    d->uid = e->uid;
    d->gid = e->gid;
    d->have_mtime = e->have_mtime;
    d->mtime = e->mtime;
    return 0;
  }
  case XS_HARDLINK: {
    char what[4200];
    snprintf(what, sizeof what, "hard link to '%s'", e->link);
    char dir[4096];
    const char *slash = strrchr(e->link, '/');
    size_t n = slash ? (size_t)(slash - e->link) : 0;
    if (n >= sizeof dir) return fail(x, e->name, what, -ENAMETOOLONG);
    memcpy(dir, e->link, n);
    dir[n] = 0;
    acs__sys_stat st;
    if (acs_sys_lstat(e->link, &st) < 0) return fail(x, e->name, what, -ENOENT);
    if (!inside(x, dir)) return fail(x, e->name, what, -EXDEV);
    r = acs_sys_link(e->link, e->name);
    if (r < 0) return fail(x, e->name, what, r);
    return 0;
  }
  }
  return 0;
}

void xsafe_finish(xsafe *x)
{
  delayed *d = x->delayed;
  /* links in order; then directories deepest (latest) first */
  for (size_t i = 0; i < x->ndelayed; i++) {
    if (!d[i].target) continue;
    acs__sys_stat st;
    if (acs_sys_lstat(d[i].name, &st) == 0 && S_ISREG(st.mode) && st.ino == d[i].ino && st.size == 0) {
      acs_sys_unlink(d[i].name);
      int r = acs_sys_symlink(d[i].target, d[i].name);
      if (r < 0) {
        fail(x, d[i].name, "create symlink", r);
        continue;
      }
      xsafe_entry e = {.name = d[i].name, .have_owner = d[i].have_owner, .uid = d[i].uid, .gid = d[i].gid,
                       .have_mtime = d[i].have_mtime, .mtime = d[i].mtime};
      attrs(x, -1, d[i].name, &e, true);
    }
  }
  for (size_t i = x->ndelayed; i-- > 0;) {
    if (d[i].target) continue;
    xsafe_entry e = {.name = d[i].name, .mode = d[i].mode, .have_owner = d[i].have_owner, .uid = d[i].uid,
                     .gid = d[i].gid, .have_mtime = d[i].have_mtime, .mtime = d[i].mtime,
                     .mtime_ns = d[i].mtime_ns};
    acs__sys_stat st;
    if (acs_sys_lstat(d[i].name, &st) == 0 && S_ISDIR(st.mode)) attrs(x, -1, d[i].name, &e, false);
  }
  for (size_t i = 0; i < x->ndelayed; i++) {
    free(d[i].name);
    free(d[i].target);
  }
  free(x->delayed);
  free(x->seen);
  x->delayed = NULL;
  x->seen = NULL;
  x->ndelayed = x->cap = x->seen_len = 0;
}
