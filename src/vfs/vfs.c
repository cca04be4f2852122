/* vfs.c - host mounts confined by a component-by-component walk. */
#include "vfs.h"

#include "../base/base.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_LINKS 40

typedef struct mount {
  char *path; /* canonical, no trailing slash */
  size_t len;
  int fd;     /* O_PATH|O_DIRECTORY */
  bool ro;
  bool moved; /* mounted at a guest path that is not its host path */
  bool nested; /* another mount lies below it */
  bool box;    /* a box's mount (acs__vfs_mount_fd): see link_stays */
} mount;

/* Directories that fast_parent opened, kept for the next call in the same
** directory (a loop over "dir/f1", "dir/f2", ...). */
#define DIR_CACHE 4
typedef struct dcache {
  size_t mount; /* index in v->m */
  char *rel;    /* the path inside the mount; NULL: a free slot */
  int fd;       /* O_PATH|O_DIRECTORY */
} dcache;

struct acs__vfs {
  mount *m;
  size_t n;
  char *desc;
  bool outside;
  char *esc;    /* where the last walk left every mount (acs__vfs_escape) */
  dcache dc[DIR_CACHE];
  unsigned dc_next;
  int hold; /* inside rename/link/symlink (see holding) */
};

int acs__vfs_new(acs__vfs **out)
{
  *out = calloc(1, sizeof **out);
  return *out ? 0 : ACS_ENOMEM;
}

void acs__vfs_forget(acs__vfs *v)
{
  if (!v) return;
  for (size_t i = 0; i < DIR_CACHE; i++)
    if (v->dc[i].rel) {
      free(v->dc[i].rel);
      v->dc[i].rel = NULL;
      close(v->dc[i].fd);
    }
}

void acs__vfs_free(acs__vfs *v)
{
  if (v) free(v->esc);
  if (!v) return;
  acs__vfs_forget(v);
  for (size_t i = 0; i < v->n; i++) {
    free(v->m[i].path);
    close(v->m[i].fd);
  }
  free(v->m);
  free(v->desc);
  free(v);
}

bool acs__vfs_outside(const acs__vfs *v) { return v->outside; }

const char *acs__vfs_escape(const acs__vfs *v) { return v->outside ? v->esc : NULL; }

/* The walk left every mount at canonical guest path `at` with `rest` (""
** or "/more...") still to resolve: outside, and remember where, so that a
** box can go on resolving there in its own filesystem. */
static void escaped(acs__vfs *v, const char *at, const char *rest)
{
  v->outside = true;
  free(v->esc);
  v->esc = NULL;
  size_t al = strlen(at), rl = strlen(rest), n = al + rl + 3;
  char *s = malloc(n);
  if (!s) return;
  snprintf(s, n, "%s/%s", at, rest);
  v->esc = acs__vfs_abs("/", s);
  free(s);
  /* a trailing slash asks for a directory: keep it */
  size_t el = v->esc ? strlen(v->esc) : 0;
  if (el > 1 && rl && rest[rl - 1] == '/') {
    char *t = realloc(v->esc, el + 2);
    if (t) {
      t[el] = '/';
      t[el + 1] = 0;
      v->esc = t;
    }
  }
}

const char *acs__vfs_describe(acs__vfs *v)
{
  if (v->desc) return v->desc;
  acs__buf b = {0};
  for (size_t i = 0; i < v->n; i++)
    acs__buf_printf(&b, "%s%s (%s)", i ? ", " : "", v->m[i].path, v->m[i].ro ? "read-only" : "read-write");
  v->desc = acs__buf_take(&b, NULL);
  return v->desc ? v->desc : "";
}

static int mount_fd(acs__vfs *v, int fd, const char *guest_path, bool moved, bool read_only);

int acs__vfs_mount(acs__vfs *v, const char *host_dir, bool read_only, acs_err *err)
{
  return acs__vfs_mount_at(v, host_dir, NULL, read_only, err);
}

int acs__vfs_mount_at(acs__vfs *v, const char *host_dir, const char *guest_path, bool read_only,
                      acs_err *err)
{
  char *real = realpath(host_dir, NULL);
  if (!real)
    return acs__fail(err, ACS_ECONFIG, "SandboxConfigError", "directory '%s' does not exist: %s",
                     host_dir, strerror(errno));
  int fd = open(real, O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    int e = errno;
    free(real);
    return acs__fail(err, ACS_ECONFIG, "SandboxConfigError", "'%s' is not a directory it can use: %s",
                     host_dir, strerror(e));
  }
  if (guest_path) {
    free(real);
    real = NULL;
  }
  int rc = mount_fd(v, fd, guest_path ? guest_path : real, guest_path != NULL, read_only);
  free(real);
  return rc;
}

int acs__vfs_mount_fd(acs__vfs *v, int dir_fd, const char *guest_path, bool read_only)
{
  int fd = fcntl(dir_fd, F_DUPFD_CLOEXEC, 0);
  if (fd < 0) return -errno;
  int rc = mount_fd(v, fd, guest_path, true, read_only);
  if (!rc) v->m[v->n - 1].box = true;
  return rc;
}

/* Take fd (an O_PATH directory, owned from here on) as guest path. */
static int mount_fd(acs__vfs *v, int fd, const char *guest_path, bool moved, bool read_only)
{
  char *real = acs__vfs_abs("/", guest_path);
  if (!real) {
    close(fd);
    return ACS_ENOMEM;
  }
  acs__vfs_forget(v); /* its entries name mounts by index */
  mount *nm = realloc(v->m, sizeof *nm * (v->n + 1));
  if (!nm) {
    close(fd);
    free(real);
    return ACS_ENOMEM;
  }
  v->m = nm;
  /* "/" as a mount would be the whole host: keep it as "" for prefix tests */
  size_t len = strlen(real);
  if (len == 1) real[0] = 0, len = 0;
  v->m[v->n++] = (mount){real, len, fd, read_only, moved, false, false};
  /* a mount with another below it: its fast path may not follow links */
  for (size_t i = 0; i < v->n; i++)
    for (size_t j = 0; j < v->n; j++) {
      mount *a = &v->m[i], *b = &v->m[j];
      if (b->len > a->len && !strncmp(b->path, a->path, a->len) && b->path[a->len] == '/')
        a->nested = true;
    }
  free(v->desc);
  v->desc = NULL;
  return 0;
}

/* ----------------------------------------------------------- paths */

char *acs__vfs_abs(const char *cwd, const char *path)
{
  acs__buf b = {0};
  if (path[0] != '/') {
    acs__buf_puts(&b, cwd);
    acs__buf_puts(&b, "/");
  }
  acs__buf_puts(&b, path);
  /* squeeze "//" and "/./" and trailing "/." */
  char *s = acs__buf_take(&b, NULL);
  if (!s) return NULL;
  char *o = s;
  for (const char *p = s; *p;) {
    if (*p == '/') {
      while (*p == '/') p++;
      if (p[0] == '.' && (p[1] == '/' || p[1] == 0)) {
        p++;
        continue;
      }
      *o++ = '/';
      continue;
    }
    *o++ = *p++;
  }
  if (o > s + 1 && o[-1] == '/') o--;
  if (o == s) *o++ = '/';
  *o = 0;
  return s;
}

static mount *mount_at(acs__vfs *v, const char *path)
{
  for (size_t i = 0; i < v->n; i++)
    if (strcmp(v->m[i].path[0] ? v->m[i].path : "/", path) == 0) return &v->m[i];
  return NULL;
}

/* path is a strict ancestor of some mount (a virtual directory). */
static bool above_mount(acs__vfs *v, const char *path)
{
  size_t pl = strcmp(path, "/") == 0 ? 0 : strlen(path);
  for (size_t i = 0; i < v->n; i++)
    if (v->m[i].len > pl && strncmp(v->m[i].path, path, pl) == 0 && v->m[i].path[pl] == '/') return true;
  return false;
}

/* The mount holding a canonical path: the longest prefix. */
static mount *mount_of(acs__vfs *v, const char *path)
{
  mount *best = NULL;
  for (size_t i = 0; i < v->n; i++) {
    mount *m = &v->m[i];
    if (strncmp(path, m->path, m->len) == 0 && (path[m->len] == '/' || path[m->len] == 0) &&
        (!best || m->len > best->len))
      best = m;
  }
  return best;
}

/* ------------------------------------------------------------- walk */

typedef struct walk {
  char cur[PATH_MAX]; /* canonical guest path of the directory we are in */
  int fd;             /* its O_PATH fd, or -1 in the virtual space above mounts */
  mount *m;
  /* result */
  int parent;         /* fd of the final component's directory (owned) */
  char name[NAME_MAX + 1];
  bool root;          /* the final path is a mount root or virtual dir */
  bool virt;          /* ... a virtual directory */
  bool slash;         /* the final component had a trailing slash ("name/") */
  bool borrowed;      /* parent is a mount's own fd: not closed */
} walk;

static void walk_close(walk *w)
{
  if (w->fd >= 0) close(w->fd);
  if (w->parent >= 0 && w->parent != w->fd && !w->borrowed) close(w->parent);
  w->fd = w->parent = -1;
}

/* Enter canonical guest path `path` from scratch (after ".."). */
static int enter(acs__vfs *v, walk *w, const char *path)
{
  if (w->fd >= 0) close(w->fd);
  w->fd = -1;
  w->m = NULL;
  snprintf(w->cur, sizeof w->cur, "%s", path);
  mount *m = mount_of(v, path);
  if (!m) {
    if (strcmp(path, "/") == 0 || above_mount(v, path)) return 0;
    v->outside = true;
    return -ENOENT;
  }
  int fd = dup(m->fd);
  if (fd < 0) return -errno;
  const char *rest = path + m->len;
  char comp[NAME_MAX + 1];
  while (*rest) {
    while (*rest == '/') rest++;
    size_t n = strcspn(rest, "/");
    if (!n) break;
    if (n > NAME_MAX) {
      close(fd);
      return -ENAMETOOLONG;
    }
    memcpy(comp, rest, n);
    comp[n] = 0;
    rest += n;
    int nfd = openat(fd, comp, O_PATH | O_NOFOLLOW | O_DIRECTORY | O_CLOEXEC);
    int e = errno;
    close(fd);
    if (nfd < 0) {
      /* a directory that exists only above a nested mount (the
      ** node_modules of a package mounted inside another) is virtual */
      if (e == ENOENT && above_mount(v, path)) return 0;
      return -e;
    }
    fd = nfd;
  }
  w->fd = fd;
  w->m = m;
  return 0;
}

/* dir + "/" + name into out (PATH_MAX); false when it would not fit. */
static bool path_join(char *out, const char *dir, const char *name)
{
  size_t dl = strcmp(dir, "/") == 0 ? 0 : strlen(dir), nl = strlen(name);
  if (dl + 1 + nl + 1 > PATH_MAX) return false;
  memcpy(out, dir, dl);
  out[dl] = '/';
  memcpy(out + dl + 1, name, nl + 1);
  return true;
}

/* Walk `path`. With want_parent, stop before the final component and leave
** its directory in w->parent and its name in w->name (following a final
** symbolic link first when follow_last); otherwise resolve everything and
** leave the final's O_PATH fd in w->parent with w->name empty.
** A trailing slash ("name/", also at the end of a link's target) asks for a
** directory, as in Linux: a final link is followed and anything else than a
** directory is ENOTDIR; with want_parent, w->slash tells the caller. */
static int walk_path(acs__vfs *v, const char *path, bool follow_last, bool want_parent, walk *w)
{
  v->outside = false;
  free(v->esc);
  v->esc = NULL;
  memset(w, 0, sizeof *w);
  w->fd = w->parent = -1;
  strcpy(w->cur, "/");
  if (path[0] != '/') return -EINVAL;
  char *rest = strdup(path), *tmp = NULL;
  if (!rest) return -ENOMEM;
  int links = 0, rc = 0;
  const char *p = rest;
  for (;;) {
    while (*p == '/') p++;
    if (!*p) break;
    size_t n = strcspn(p, "/");
    if (n > NAME_MAX) {
      rc = -ENAMETOOLONG;
      goto out;
    }
    char c[NAME_MAX + 1];
    memcpy(c, p, n);
    c[n] = 0;
    p += n;
    const char *after = p;
    while (*after == '/') after++;
    bool last = *after == 0;
    bool slash = last && *p == '/';
    w->slash = slash;
    if (strcmp(c, ".") == 0) {
      if (last && want_parent) {
        if (w->fd < 0) escaped(v, w->cur, ".");
        rc = w->fd < 0 ? -EACCES : -EINVAL;
        goto out;
      }
      continue;
    }
    if (strcmp(c, "..") == 0) {
      char up[PATH_MAX];
      snprintf(up, sizeof up, "%s", w->cur);
      char *slash = strrchr(up, '/');
      if (slash == up) up[1] = 0;
      else if (slash) *slash = 0;
      rc = enter(v, w, up);
      if (rc && v->outside) escaped(v, up, p);
      if (rc) goto out;
      if (last && want_parent) {
        /* the directory named by ".." itself: outside (or a virtual
        ** parent) is refused as a write, inside it cannot be replaced */
        if (w->fd < 0 || !mount_of(v, up)) escaped(v, up, "");
        rc = w->fd < 0 || !mount_of(v, up) ? -EACCES : -EINVAL;
        goto out;
      }
      continue;
    }
    char next[PATH_MAX];
    if (!path_join(next, w->cur, c)) {
      rc = -ENAMETOOLONG;
      goto out;
    }
    mount *nm = mount_at(v, next);
    if (nm || w->fd < 0) {
      /* entering a mount root, or moving in the virtual space */
      if (last && want_parent && !(nm && follow_last)) {
        if (!nm && w->fd < 0 && !above_mount(v, next)) escaped(v, next, p);
        w->parent = w->fd; /* -1 when virtual: the caller refuses */
        w->fd = -1;
        snprintf(w->name, sizeof w->name, "%s", c);
        if (nm) rc = -EBUSY; /* a mount root cannot be created, removed or renamed */
        goto out;
      }
      if (nm) {
        int fd = dup(nm->fd);
        if (fd < 0) {
          rc = -errno;
          goto out;
        }
        if (w->fd >= 0) close(w->fd);
        w->fd = fd;
        w->m = nm;
      } else if (!above_mount(v, next)) {
        escaped(v, next, p);
        rc = -ENOENT;
        goto out;
      }
      snprintf(w->cur, sizeof w->cur, "%s", next);
      continue;
    }
    if (last && want_parent && !follow_last) {
      w->parent = w->fd;
      w->fd = -1;
      snprintf(w->name, sizeof w->name, "%s", c);
      goto out;
    }
    int nfd;
    if (!last) {
      /* a directory on the way (the common case) opens with O_DIRECTORY,
      ** which a link or a file refuses (ENOTDIR): then no fstat is needed */
      nfd = openat(w->fd, c, O_PATH | O_NOFOLLOW | O_CLOEXEC | O_DIRECTORY);
      if (nfd >= 0) {
        close(w->fd);
        w->fd = nfd;
        snprintf(w->cur, sizeof w->cur, "%s", next);
        continue;
      }
      if (errno != ENOTDIR) goto opened;
    }
    nfd = openat(w->fd, c, O_PATH | O_NOFOLLOW | O_CLOEXEC);
  opened:
    if (nfd < 0 && errno == ENOENT && above_mount(v, next) && !(last && want_parent)) {
      /* missing on the host, but a nested mount lies below: virtual */
      close(w->fd);
      w->fd = -1;
      w->m = NULL;
      snprintf(w->cur, sizeof w->cur, "%s", next);
      continue;
    }
    if (nfd < 0) {
      rc = -errno;
      if (rc == -ENOENT && last && want_parent) {
        /* the final component does not exist: create it here */
        rc = 0;
        w->parent = w->fd;
        w->fd = -1;
        snprintf(w->name, sizeof w->name, "%s", c);
      }
      goto out;
    }
    struct stat st;
    if (fstat(nfd, &st) < 0) {
      rc = -errno;
      close(nfd);
      goto out;
    }
    if (S_ISLNK(st.st_mode) && (!last || follow_last || (slash && !want_parent))) {
      if (++links > MAX_LINKS) {
        close(nfd);
        rc = -ELOOP;
        goto out;
      }
      char target[PATH_MAX];
      ssize_t tl = readlinkat(nfd, "", target, sizeof target - 1);
      close(nfd);
      if (tl < 0) {
        rc = -errno;
        goto out;
      }
      target[tl] = 0;
      /* splice the target in front of what is left (p is "" or starts
      ** with "/": a slash is added only where the path had one) */
      size_t need = (size_t)tl + strlen(p) + 1;
      tmp = malloc(need);
      if (!tmp) {
        rc = -ENOMEM;
        goto out;
      }
      snprintf(tmp, need, "%s%s", target, p);
      free(rest);
      rest = tmp;
      tmp = NULL;
      p = rest;
      if (target[0] == '/') {
        rc = enter(v, w, "/");
        if (rc) goto out;
      }
      continue;
    }
    if (last) {
      if (want_parent) {
        close(nfd);
        w->parent = w->fd;
        w->fd = -1;
        snprintf(w->name, sizeof w->name, "%s", c);
      } else if (slash && !S_ISDIR(st.st_mode)) {
        close(nfd);
        rc = -ENOTDIR;
      } else {
        w->parent = nfd;
        w->name[0] = 0;
        snprintf(w->cur, sizeof w->cur, "%s", next);
      }
      goto out;
    }
    if (!S_ISDIR(st.st_mode)) {
      close(nfd);
      rc = -ENOTDIR;
      goto out;
    }
    close(w->fd);
    w->fd = nfd;
    snprintf(w->cur, sizeof w->cur, "%s", next);
  }
  /* the path ended on a directory we are in (mount root, or virtual) */
  if (want_parent) {
    if (w->fd < 0) escaped(v, w->cur, w->slash ? "/" : "");
    rc = w->fd >= 0 ? -EBUSY : -EACCES;
  } else if (w->fd < 0) {
    w->root = w->virt = true;
    escaped(v, w->cur, w->slash ? "/" : "");
    rc = -ENOENT;
  } else {
    w->parent = w->fd;
    w->fd = -1;
    w->root = true;
    w->name[0] = 0;
  }
out:
  free(rest);
  free(tmp);
  if (w->fd >= 0 && w->fd != w->parent) {
    close(w->fd);
    w->fd = -1;
  }
  /* the mount of the final: that of the directory it is in */
  if (!rc && w->parent >= 0 && !w->m) w->m = mount_of(v, w->cur);
  if (rc && w->parent >= 0) {
    close(w->parent);
    w->parent = -1;
  }
  return rc;
}

/* -------------------------------------------------------- fast path */

/* openat2 with RESOLVE_BENEATH does in one call what the walk does for a
** path of plain names inside one mount: the kernel refuses what would
** leave the mount's directory ("..", absolute links, links that climb
** out: EXDEV), and those take the walk, which resolves them through the
** mount table. Under a mount with another mount below it links are not
** followed here at all, since one could lead into the nested mount's guest
** path, which is another host directory. */
#define SLOW 1 /* not an errno: take the walk */

static bool no_openat2; /* ENOSYS once: a kernel before 5.6 */

/* The mount and the path inside it (no leading slash) of a guest path the
** fast path takes: absolute, every component a plain name (no ".", "..",
** empty or trailing one), below a mount's root. */
static mount *plain_in_mount(acs__vfs *v, const char *path, const char **rel)
{
  if (no_openat2 || path[0] != '/') return NULL;
  for (const char *p = path; *p;) {
    p++;
    size_t n = strcspn(p, "/");
    if (n == 0 || n > NAME_MAX || (p[0] == '.' && (n == 1 || (n == 2 && p[1] == '.')))) return NULL;
    p += n;
  }
  mount *m = mount_of(v, path);
  if (!m || !path[m->len]) return NULL;
  *rel = path + m->len + 1;
  return m;
}

/* rel opened beneath m: an fd, a negative errno the walk would give as
** well, or SLOW. */
static int beneath(mount *m, const char *rel, int flags, mode_t mode, bool no_links)
{
  struct open_how how = {
      .flags = (uint64_t)(flags | O_CLOEXEC),
      .mode = flags & (O_CREAT | O_TMPFILE) ? mode : 0,
      .resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS | (no_links || m->nested ? RESOLVE_NO_SYMLINKS : 0),
  };
  long fd = syscall(SYS_openat2, m->fd, rel, &how, sizeof how);
  if (fd >= 0) return (int)fd;
  if (errno == ENOSYS) no_openat2 = true;
  /* a missing name may be a virtual directory above a nested mount */
  if (m->nested) return SLOW;
  if (errno == ENOENT || errno == ENOTDIR || errno == EEXIST || errno == EISDIR) return -errno;
  return SLOW; /* EXDEV, ELOOP, EAGAIN (a rename raced), anything else */
}

/* walk_parent without following a final link, for a plain path whose
** directory is reached without links (so w->cur is its canonical path).
** The directory's fd is kept (v->dc) until acs__vfs_forget, which the
** runtime calls before its loop waits, or until a rename, rmdir, link or
** symlink through the VFS could give its path another meaning. Even stale
** (a host process moved the directory while the guest ran on), an entry
** only reaches names directly in a directory that was inside the mount:
** callers use it with one component and never follow a link there. */
static int fast_parent(acs__vfs *v, const char *path, bool writing, walk *w)
{
  const char *rel;
  mount *m = plain_in_mount(v, path, &rel);
  if (!m || m->nested) return SLOW;
  const char *last = strrchr(rel, '/');
  const char *name = last ? last + 1 : rel;
  /* not memset: cur is PATH_MAX, and this runs for every stat */
  w->fd = w->parent = -1;
  w->root = w->virt = w->slash = false;
  w->borrowed = true;
  if (!last) {
    w->parent = m->fd;
  } else {
    size_t dl = (size_t)(last - rel), mi = (size_t)(m - v->m);
    for (size_t i = 0; i < DIR_CACHE && w->parent < 0; i++)
      if (v->dc[i].rel && v->dc[i].mount == mi && !strncmp(v->dc[i].rel, rel, dl) && !v->dc[i].rel[dl])
        w->parent = v->dc[i].fd;
    if (w->parent < 0) {
      char *dir = strndup(rel, dl);
      if (!dir) return SLOW;
      int fd = beneath(m, dir, O_PATH | O_DIRECTORY, 0, true);
      if (fd < 0 || fd == SLOW) {
        free(dir);
        if (fd == SLOW) return SLOW;
        v->outside = false;
        return fd;
      }
      w->parent = fd;
      if (v->hold) {
        free(dir);
        w->borrowed = false;
      } else {
        dcache *c = &v->dc[v->dc_next++ % DIR_CACHE];
        if (c->rel) {
          free(c->rel);
          close(c->fd);
        }
        *c = (dcache){mi, dir, fd};
      }
    }
  }
  size_t cl = (size_t)(name - 1 - path);
  if (cl >= sizeof w->cur) {
    walk_close(w);
    return SLOW;
  }
  memcpy(w->cur, path, cl);
  strcpy(w->cur + cl, cl ? "" : "/");
  memcpy(w->name, name, strlen(name) + 1); /* plain_in_mount: <= NAME_MAX */
  w->m = m;
  v->outside = false;
  if (writing && m->ro) {
    walk_close(w);
    return -EROFS;
  }
  return 0;
}

/* The parent of a final component, for operations that write there. */
static int walk_parent(acs__vfs *v, const char *path, bool follow_last, walk *w, bool writing)
{
  if (!follow_last) {
    int rc = fast_parent(v, path, writing, w);
    if (rc != SLOW) return rc;
  }
  int rc = walk_path(v, path, follow_last, true, w);
  if (rc == -EBUSY) return rc;
  /* writing anywhere outside the mounts is refused, not "missing" */
  if (rc == -ENOENT && v->outside && writing) return -EACCES;
  if (rc) return rc;
  if (w->parent < 0) {
    v->outside = true;
    return writing ? -EACCES : -ENOENT;
  }
  w->m = mount_of(v, w->cur);
  if (writing && w->m && w->m->ro) {
    walk_close(w);
    return -EROFS;
  }
  return 0;
}

/* -------------------------------------------------------- operations */

/* What Linux says about the final "name/" of a walk_parent when the call
** needs something other than a directory there: ENOENT when nothing is
** there, EISDIR for a directory, otherwise ENOTDIR (a link is not
** followed: "link/" to a directory is still ENOTDIR for unlink). */
static int slash_error(walk *w)
{
  struct stat st;
  if (fstatat(w->parent, w->name, &st, AT_SYMLINK_NOFOLLOW) < 0) return -errno;
  return S_ISDIR(st.st_mode) ? -EISDIR : -ENOTDIR;
}

/* A new name given as "name/" for a link: EEXIST if something is there,
** else ENOENT (Linux creates only directories through a trailing slash). */
static int slash_create_error(walk *w)
{
  struct stat st;
  return fstatat(w->parent, w->name, &st, AT_SYMLINK_NOFOLLOW) == 0 ? -EEXIST : -ENOENT;
}

/* Whether the last component of path is a plain name: not ".", "..",
** nor followed by a slash. */
static bool plain_final(const char *path)
{
  size_t n = strlen(path);
  if (!n || path[n - 1] == '/') return false;
  const char *last = strrchr(path, '/');
  last = last ? last + 1 : path;
  return strcmp(last, ".") != 0 && strcmp(last, "..") != 0;
}

int acs__vfs_open(acs__vfs *v, const char *path, int flags, mode_t mode, int *fd, bool *ro)
{
  *fd = -1;
  bool writing = (flags & (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND)) != 0;
  bool nofollow = (flags & O_NOFOLLOW) != 0;
  walk w;
  int rc;
  const char *rel;
  mount *m = plain_in_mount(v, path, &rel);
  if (m && !(writing && m->ro)) {
    rc = beneath(m, rel, flags, mode, false);
    if (rc != SLOW) {
      v->outside = false;
      if (rc < 0) return rc;
      *fd = rc;
      if (ro) *ro = m->ro;
      return 0;
    }
  }
  if (flags & O_CREAT) {
    rc = walk_parent(v, path, !nofollow && !(flags & O_EXCL), &w, true);
    if (rc == -EBUSY) {
      /* a mount root: open it as a directory */
      rc = walk_path(v, path, true, false, &w);
      if (rc) return rc;
      goto root;
    }
    if (rc) return rc;
    if (w.slash) {
      /* "name/" cannot be created as a file, whatever is there (Linux) */
      walk_close(&w);
      return -EISDIR;
    }
    *fd = openat(w.parent, w.name, flags | O_NOFOLLOW | O_CLOEXEC, mode);
    rc = *fd < 0 ? -errno : 0;
    if (ro) *ro = false;
    walk_close(&w);
    return rc;
  }
  if (plain_final(path)) {
    /* the common case, a name in a directory of a mount: its directory,
    ** then openat with O_NOFOLLOW (a final link was followed by the walk;
    ** one swapped in since is refused, ELOOP). Anything else (a mount
    ** root, a virtual directory, an error) takes the full path below. */
    rc = walk_parent(v, path, !nofollow, &w, writing);
    if (rc == 0) {
      *fd = openat(w.parent, w.name, flags | O_NOFOLLOW | O_CLOEXEC, mode);
      rc = *fd < 0 ? -errno : 0;
      if (ro) *ro = w.m && w.m->ro;
      walk_close(&w);
      return rc;
    }
    /* EROFS goes on below: opening a missing file without O_CREAT is
    ** ENOENT on a read-only mount too, as Linux looks it up first */
  }
  rc = walk_path(v, path, !nofollow, false, &w);
  if (rc == -ENOENT && writing && v->outside) return -EACCES;
  if (rc) return rc;
root:
  if (writing && w.m && w.m->ro) {
    walk_close(&w);
    return -EROFS;
  }
  /* reopen the resolved O_PATH fd for real; going through /proc/self/fd
  ** keeps it the same inode even if the name is swapped meanwhile */
  char proc[64];
  snprintf(proc, sizeof proc, "/proc/self/fd/%d", w.parent);
  struct stat st;
  if (fstat(w.parent, &st) == 0 && S_ISLNK(st.st_mode)) {
    walk_close(&w);
    return -ELOOP;
  }
  *fd = open(proc, (flags & ~O_NOFOLLOW) | O_CLOEXEC, mode);
  rc = *fd < 0 ? -errno : 0;
  if (ro) *ro = w.m && w.m->ro;
  walk_close(&w);
  return rc;
}

int acs__vfs_stat(acs__vfs *v, const char *path, bool follow, struct stat *st)
{
  /* a name in a (kept) directory: one fstatat, unless it is a link to follow */
  walk pw;
  int prc = fast_parent(v, path, false, &pw);
  if (prc == 0) {
    prc = fstatat(pw.parent, pw.name, st, AT_SYMLINK_NOFOLLOW) < 0 ? -errno : 0;
    walk_close(&pw);
    if (prc || !follow || !S_ISLNK(st->st_mode)) return prc;
  } else if (prc != SLOW) {
    return prc;
  }
  const char *rel;
  mount *m = plain_in_mount(v, path, &rel);
  if (m) {
    int fd = beneath(m, rel, O_PATH | (follow ? 0 : O_NOFOLLOW), 0, false);
    if (fd != SLOW) {
      v->outside = false;
      if (fd < 0) return fd;
      int rc = fstat(fd, st) < 0 ? -errno : 0;
      close(fd);
      return rc;
    }
  }
  walk w;
  int rc = walk_path(v, path, follow, false, &w);
  if (rc) return rc;
  rc = fstat(w.parent, st) < 0 ? -errno : 0;
  walk_close(&w);
  return rc;
}

int acs__vfs_access(acs__vfs *v, const char *path, int mode)
{
  struct stat st;
  walk w;
  int rc = walk_path(v, path, true, false, &w);
  if (rc) return rc;
  if (fstat(w.parent, &st) < 0) rc = -errno;
  else if ((mode & W_OK) && w.m && w.m->ro) rc = -EROFS;
  else if (mode & (R_OK | W_OK | X_OK)) {
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", w.parent);
    if (faccessat(AT_FDCWD, proc, mode & (R_OK | W_OK | X_OK), 0) < 0) rc = -errno;
  }
  walk_close(&w);
  return rc;
}

int acs__vfs_mkdir(acs__vfs *v, const char *path, mode_t mode)
{
  walk w;
  int rc = walk_parent(v, path, false, &w, true);
  if (rc == -EBUSY) return -EEXIST;
  if (rc) return rc;
  rc = mkdirat(w.parent, w.name, mode) < 0 ? -errno : 0;
  walk_close(&w);
  return rc;
}

static int remove_at(acs__vfs *v, const char *path, int flag)
{
  walk w;
  int rc = walk_parent(v, path, false, &w, true);
  if (rc) return rc;
  if (w.slash && !(flag & AT_REMOVEDIR)) rc = slash_error(&w);
  else rc = unlinkat(w.parent, w.name, flag) < 0 ? -errno : 0;
  walk_close(&w);
  if (flag & AT_REMOVEDIR) acs__vfs_forget(v);
  return rc;
}

int acs__vfs_rmdir(acs__vfs *v, const char *path) { return remove_at(v, path, AT_REMOVEDIR); }
int acs__vfs_unlink(acs__vfs *v, const char *path) { return remove_at(v, path, 0); }

/* Whether dir/name is a strict ancestor of a mount: moving it would move
** the mount (and a read-only mount would come loose from its rule). */
static bool holds_mount(acs__vfs *v, const char *dir, const char *name)
{
  char full[PATH_MAX];
  if (!path_join(full, dir, name)) return true;
  return above_mount(v, full);
}

static void lexical(char *s);

/* Whether a link at guest directory `dir` with text `target` points, as
** written, into a directory mounted at its own host path. */
static bool link_stays(acs__vfs *v, const char *dir, const char *target)
{
  char abs[PATH_MAX * 2];
  if (target[0] == '/') snprintf(abs, sizeof abs, "%s", target);
  else snprintf(abs, sizeof abs, "%s/%s", strcmp(dir, "/") ? dir : "", target);
  lexical(abs);
  mount *m = mount_of(v, abs);
  mount *dm = mount_of(v, dir);
  /* A box resolves every link in its own namespace, so only the host's
  ** reading matters: a relative text that stays in the link's own mount
  ** names the same file on the host; an absolute one names a host path. */
  if (dm && dm->box) return target[0] != '/' && m == dm;
  return m && !m->moved;
}

/* A link now at `name` in guest directory `dir` (fd `dfd`) stays inside:
** by its text, and followed as the pre-run check follows it. */
static bool placed_link_ok(acs__vfs *v, int dfd, const char *dir, const char *name)
{
  char target[PATH_MAX];
  ssize_t n = readlinkat(dfd, name, target, sizeof target - 1);
  if (n < 0) return true; /* not a link */
  target[n] = 0;
  if (!link_stays(v, dir, target)) return false;
  char guest[PATH_MAX * 2];
  snprintf(guest, sizeof guest, "%s/%s", strcmp(dir, "/") ? dir : "", name);
  struct stat st;
  int r = acs__vfs_stat(v, guest, true, &st);
  /* too long to follow is refused by the pre-run check as well */
  return !((r == -ENOENT && v->outside) || r == -ENAMETOOLONG);
}

/* How many links under `name` (in dfd, guest dir `dir`; `name` itself
** when it is a link) point outside from where they are. Counts at most
** `*budget` entries: a tree that big is not being moved to plant a link. */
static long bad_links(acs__vfs *v, int dfd, const char *dir, const char *name, int depth, long *budget)
{
  if (depth > 64 || --*budget < 0) return 0;
  struct stat st;
  if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) return 0;
  if (S_ISLNK(st.st_mode)) return !placed_link_ok(v, dfd, dir, name);
  if (!S_ISDIR(st.st_mode)) return 0;
  int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return 0;
  DIR *d = fdopendir(fd);
  if (!d) {
    close(fd);
    return 0;
  }
  char sub[PATH_MAX];
  snprintf(sub, sizeof sub, "%s/%s", strcmp(dir, "/") ? dir : "", name);
  long n = 0;
  struct dirent *e;
  while ((e = readdir(d)) && *budget > 0)
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
      n += bad_links(v, dirfd(d), sub, e->d_name, depth + 1, budget);
  closedir(d);
  return n;
}

/* Links anywhere in mount m that point outside. A link's meaning depends
** on the names it passes through ("x/.." with x itself a link), so a new
** or moved link can turn a good one bad anywhere in the mount. */
static long mount_bad_links(acs__vfs *v, mount *m)
{
  int fd = openat(m->fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return 0;
  DIR *d = fdopendir(fd);
  if (!d) {
    close(fd);
    return 0;
  }
  long budget = 20000, n = 0;
  struct dirent *e;
  while ((e = readdir(d)) && budget > 0)
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
      n += bad_links(v, dirfd(d), m->path, e->d_name, 1, &budget);
  closedir(d);
  return n;
}

/* Whether name (in dfd) is a link or a directory: only those can change
** what another link's path means. */
static bool steers_links(int dfd, const char *name)
{
  struct stat st;
  return fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && (S_ISLNK(st.st_mode) || S_ISDIR(st.st_mode));
}

/* rename, link and symlink call the VFS again (a stat of what they made,
** the links under what they moved): inside them nothing is kept, so that
** no inner call closes a directory in use, and what was kept before is
** dropped, as their change may give its path another meaning. */
static int holding(acs__vfs *v, int (*op)(acs__vfs *, const char *, const char *), const char *a,
                   const char *b)
{
  acs__vfs_forget(v);
  v->hold++;
  int rc = op(v, a, b);
  v->hold--;
  acs__vfs_forget(v);
  return rc;
}

static int rename_in(acs__vfs *v, const char *from, const char *to)
{
  walk a, b;
  int rc = walk_parent(v, from, false, &a, true);
  if (rc) return rc;
  rc = walk_parent(v, to, false, &b, true);
  if (rc) {
    walk_close(&a);
    return rc;
  }
  /* a trailing slash on either name asks for a directory to move */
  if (a.slash || b.slash) {
    rc = slash_error(&a);
    if (rc == -EISDIR) rc = 0;
    if (rc) {
      walk_close(&a);
      walk_close(&b);
      return rc;
    }
  }
  /* A relative link means something else elsewhere: a move that leaves
  ** more links pointing outside than there were goes back (see
  ** acs__vfs_symlink). Within one directory nothing changes meaning. */
  bool moving = strcmp(a.cur, b.cur) != 0;
  long budget = 20000, before = 0;
  if (moving) before = bad_links(v, a.parent, a.cur, a.name, 0, &budget);
  /* a link or directory that takes a name other links pass through */
  bool steering = a.m == b.m && (steers_links(a.parent, a.name) || steers_links(b.parent, b.name));
  long mount_before = steering ? mount_bad_links(v, b.m) : 0;
  if (holds_mount(v, a.cur, a.name) || holds_mount(v, b.cur, b.name)) rc = -EBUSY;
  else rc = renameat(a.parent, a.name, b.parent, b.name) < 0 ? -errno : 0;
  budget = 20000;
  if (!rc && ((moving && bad_links(v, b.parent, b.cur, b.name, 0, &budget) > before) ||
              (steering && mount_bad_links(v, b.m) > mount_before))) {
    renameat(b.parent, b.name, a.parent, a.name);
    v->outside = true;
    rc = -EACCES;
  }
  walk_close(&a);
  walk_close(&b);
  return rc;
}

int acs__vfs_rename(acs__vfs *v, const char *from, const char *to)
{
  return holding(v, rename_in, from, to);
}

static int link_in(acs__vfs *v, const char *from, const char *to)
{
  walk a, b;
  int rc = walk_parent(v, from, false, &a, false);
  if (rc) return rc;
  if (a.slash) {
    /* "name/" is followed and must be a directory, which cannot be
    ** linked: ENOTDIR, ENOENT or EPERM, as Linux says */
    walk_close(&a);
    struct stat st;
    rc = acs__vfs_stat(v, from, true, &st);
    return rc ? rc : -EPERM;
  }
  rc = walk_parent(v, to, false, &b, true);
  if (rc) {
    walk_close(&a);
    return rc;
  }
  if (b.slash) {
    rc = slash_create_error(&b);
    walk_close(&a);
    walk_close(&b);
    return rc;
  }
  /* A hard link never crosses mounts: a link to a read-only file from the
  ** work dir would make that file writable. */
  bool steering = a.m == b.m && steers_links(a.parent, a.name);
  long mount_before = steering ? mount_bad_links(v, b.m) : 0;
  if (a.m != b.m) rc = -EXDEV;
  else rc = linkat(a.parent, a.name, b.parent, b.name, 0) < 0 ? -errno : 0;
  /* a second name for a link is a new link: the rule of acs__vfs_symlink */
  if (!rc && (!placed_link_ok(v, b.parent, b.cur, b.name) ||
              (steering && mount_bad_links(v, b.m) > mount_before))) {
    unlinkat(b.parent, b.name, 0);
    v->outside = true;
    rc = -EACCES;
  }
  walk_close(&a);
  walk_close(&b);
  return rc;
}

int acs__vfs_link(acs__vfs *v, const char *from, const char *to)
{
  return holding(v, link_in, from, to);
}

static int symlink_in(acs__vfs *v, const char *target, const char *path)
{
  walk w;
  int rc = walk_parent(v, path, false, &w, true);
  if (rc == -EBUSY) return -EEXIST;
  if (rc) return rc;
  if (w.slash) {
    rc = slash_create_error(&w);
    walk_close(&w);
    return rc;
  }
  /* Following any link is confined like every path; but a link left in
  ** the work dir that points outside it would make the next run with that
  ** work dir a configuration error (the pre-run check cannot tell who made
  ** it), so the guest may only make links that stay inside. Packages
  ** (mounted elsewhere than their host path) count as outside. */
  if (!link_stays(v, w.cur, target)) {
    v->outside = true;
    walk_close(&w);
    return -EACCES;
  }
  /* what the new name does to links already there ("a" -> "x/.." when x
  ** is this new link) */
  /* (a box's mount is not walked: its links are the box's to resolve, and
  ** a walk of a whole project per link would make npm's .bin links slow) */
  bool walk_all = w.m && !w.m->box;
  long mount_before = walk_all ? mount_bad_links(v, w.m) : 0;
  rc = symlinkat(target, w.parent, w.name) < 0 ? -errno : 0;
  if (!rc) {
    /* Followed as the start-up check follows it (through other links and
    ** "..", as the guest would), it must not leave either: "r/../x" with r
    ** a link to another mount, "here/../x" with here -> ".". */
    char guest[PATH_MAX * 2];
    snprintf(guest, sizeof guest, "%s/%s", strcmp(w.cur, "/") ? w.cur : "", w.name);
    struct stat st;
    int fr = acs__vfs_stat(v, guest, true, &st);
    if (fr == -ENOENT && v->outside) {
      unlinkat(w.parent, w.name, 0);
      rc = -EACCES;
    } else if (fr == -ENAMETOOLONG) {
      /* a name over NAME_MAX, a path over PATH_MAX: the pre-run check
      ** cannot follow it and would refuse the next run */
      unlinkat(w.parent, w.name, 0);
      rc = -ENAMETOOLONG;
    } else if (walk_all && mount_bad_links(v, w.m) > mount_before) {
      unlinkat(w.parent, w.name, 0);
      v->outside = true;
      rc = -EACCES;
    }
  }
  walk_close(&w);
  return rc;
}

int acs__vfs_symlink(acs__vfs *v, const char *target, const char *path)
{
  return holding(v, symlink_in, target, path);
}

int acs__vfs_readlink(acs__vfs *v, const char *path, char **out)
{
  *out = NULL;
  walk w;
  int rc = walk_path(v, path, false, false, &w);
  if (rc) return rc;
  char buf[PATH_MAX];
  ssize_t n = readlinkat(w.parent, "", buf, sizeof buf - 1);
  rc = n < 0 ? (errno == ENOENT ? -EINVAL : -errno) : 0;
  if (!rc) {
    buf[n] = 0;
    *out = strdup(buf);
    if (!*out) rc = -ENOMEM;
  }
  walk_close(&w);
  return rc;
}

int acs__vfs_realpath(acs__vfs *v, const char *path, char **out)
{
  *out = NULL;
  /* a plain path that opens beneath its mount with no link on the way is
  ** its own canonical path: one call, where the walk makes two a
  ** component (a box's rm -r of a 2000-deep tree on a mount took ~50 s) */
  const char *rel;
  mount *m = plain_in_mount(v, path, &rel);
  if (m && !m->nested) {
    int fd = beneath(m, rel, O_PATH, 0, true);
    if (fd >= 0 && fd != SLOW) {
      close(fd);
      v->outside = false;
      free(v->esc);
      v->esc = NULL;
      *out = strdup(path);
      return *out ? 0 : -ENOMEM;
    }
  }
  walk w;
  int rc = walk_path(v, path, true, false, &w);
  if (rc) return rc;
  *out = strdup(w.cur);
  walk_close(&w);
  return *out ? 0 : -ENOMEM;
}

/* A real fd for the resolved final, for fchmod/ftruncate. */
static int reopen(int opath, int flags)
{
  char proc[64];
  snprintf(proc, sizeof proc, "/proc/self/fd/%d", opath);
  return open(proc, flags | O_CLOEXEC | O_NONBLOCK);
}

int acs__vfs_chmod(acs__vfs *v, const char *path, mode_t mode)
{
  walk w;
  int rc = walk_path(v, path, true, false, &w);
  if (rc == -ENOENT && v->outside) return -EACCES;
  if (rc) return rc;
  if (w.m && w.m->ro) rc = -EROFS;
  else {
    int fd = reopen(w.parent, O_RDONLY);
    if (fd < 0) rc = -errno;
    else {
      rc = fchmod(fd, mode) < 0 ? -errno : 0;
      close(fd);
    }
  }
  walk_close(&w);
  return rc;
}

int acs__vfs_chown(acs__vfs *v, const char *path, bool follow)
{
  walk w;
  int rc = walk_path(v, path, follow, false, &w);
  if (rc == -ENOENT && v->outside) return -EACCES;
  if (rc) return rc;
  if (w.m && w.m->ro) rc = -EROFS;
  walk_close(&w);
  return rc;
}

int acs__vfs_utimes(acs__vfs *v, const char *path, const struct timespec ts[2], bool follow)
{
  walk w;
  int rc = walk_path(v, path, follow, false, &w);
  if (rc == -ENOENT && v->outside) return -EACCES;
  if (rc) return rc;
  if (w.m && w.m->ro) rc = -EROFS;
  else rc = utimensat(w.parent, "", ts, AT_EMPTY_PATH) < 0 ? -errno : 0;
  walk_close(&w);
  return rc;
}

int acs__vfs_truncate(acs__vfs *v, const char *path, off_t len)
{
  walk w;
  int rc = walk_path(v, path, true, false, &w);
  if (rc == -ENOENT && v->outside) return -EACCES;
  if (rc) return rc;
  if (w.m && w.m->ro) rc = -EROFS;
  else {
    int fd = reopen(w.parent, O_WRONLY);
    if (fd < 0) rc = -errno;
    else {
      rc = ftruncate(fd, len) < 0 ? -errno : 0;
      close(fd);
    }
  }
  walk_close(&w);
  return rc;
}

int acs__vfs_readdir(acs__vfs *v, const char *path, acs__vfs_dirent_fn fn, void *user)
{
  const char *rel;
  mount *m = plain_in_mount(v, path, &rel);
  int fd = m ? beneath(m, rel, O_RDONLY | O_DIRECTORY, 0, false) : SLOW;
  if (fd != SLOW) {
    v->outside = false;
    if (fd < 0) return fd;
  } else {
    walk w;
    int rc = walk_path(v, path, true, false, &w);
    if (rc) return rc;
    fd = reopen(w.parent, O_RDONLY | O_DIRECTORY);
    walk_close(&w);
    if (fd < 0) return -errno;
  }
  DIR *d = fdopendir(fd);
  if (!d) {
    close(fd);
    return -errno;
  }
  struct dirent *e;
  int rc = 0;
  while ((e = readdir(d)) != NULL) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    if ((rc = fn(user, e->d_name, e->d_type)) != 0) break;
  }
  closedir(d);
  return rc;
}

/* ------------------------------------------------------- link check */

static acs__vfs *check_vfs;
static char *bad_link, *bad_target;

static bool inside_mounts(acs__vfs *v, const char *abs)
{
  return mount_of(v, abs) != NULL;
}

/* Lexically resolve "." and ".." of an absolute path in place. */
static void lexical(char *s)
{
  char *out = s;
  const char *p = s;
  while (*p) {
    while (*p == '/') p++;
    if (!*p) break;
    size_t n = strcspn(p, "/");
    if (n == 1 && p[0] == '.') {
      p += n;
      continue;
    }
    if (n == 2 && p[0] == '.' && p[1] == '.') {
      while (out > s && *--out != '/') {
      }
      p += n;
      continue;
    }
    *out++ = '/';
    memmove(out, p, n);
    out += n;
    p += n;
  }
  if (out == s) *out++ = '/';
  *out = 0;
}

/* The symbolic link at path: 0 when it stays inside the mounts, 1 (with
** bad_link/bad_target set) when it leads outside, 2 when too deep to tell. */
static int check_link(const char *path)
{
  /* followed as the guest would follow it: through other links too */
  struct stat target_st;
  int r = acs__vfs_stat(check_vfs, path, true, &target_st);
  if (r == -ENAMETOOLONG || strlen(path) >= PATH_MAX) return 2; /* too deep to follow */
  if (r == -ENOENT && check_vfs->outside) {
    char t[PATH_MAX];
    ssize_t tn = readlink(path, t, sizeof t - 1);
    bad_link = strdup(path);
    bad_target = strdup(tn >= 0 ? (t[tn] = 0, t) : "?");
    return 1;
  }
  char target[PATH_MAX];
  ssize_t n = readlink(path, target, sizeof target - 1);
  if (n < 0) return 0;
  target[n] = 0;
  char abs[PATH_MAX * 2];
  if (target[0] == '/') snprintf(abs, sizeof abs, "%s", target);
  else {
    const char *slash = strrchr(path, '/');
    snprintf(abs, sizeof abs, "%.*s/%s", (int)(slash ? slash - path : 0), path, target);
  }
  lexical(abs);
  if (!inside_mounts(check_vfs, abs)) {
    bad_link = strdup(path);
    bad_target = strdup(target);
    return 1;
  }
  return 0;
}

/* A path buffer that grows: a tree may be deeper than PATH_MAX (only a
** link that deep is "too deep to tell"). */
typedef struct pbuf {
  char *p;
  size_t cap;
} pbuf;

/* Directory streams held open at once: deeper, a directory's entries are
** read whole and its subdirectories opened by path, as nftw does, so that a
** deep tree (a guest can make one ~2000 levels deep) never runs out of fds
** and locks its work dir out of the next run. */
#define CHECK_OPEN_DIRS 48

static int check_entry(DIR *d, const char *name, unsigned char type, pbuf *b, size_t len, int depth);

/* readdir's type of an entry, asked of the file system when it does not
** say (DT_UNKNOWN); DT_UNKNOWN when the entry is gone. */
static unsigned char entry_type(int dfd, const char *name, unsigned char type)
{
  struct stat st;
  if (type != DT_UNKNOWN) return type;
  if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) return DT_UNKNOWN;
  return S_ISDIR(st.st_mode) ? DT_DIR : S_ISLNK(st.st_mode) ? DT_LNK : DT_REG;
}

/* Every entry below the directory dfd (whose path is b->p[0..len)), by
** the types readdir gives: only links are looked at further, so a large
** tree costs no stat per file. Returns as check_link; dfd is consumed. */
static int check_dir(int dfd, pbuf *b, size_t len, int depth)
{
  DIR *d = fdopendir(dfd);
  if (!d) {
    close(dfd);
    return 0;
  }
  int rc = 0;
  if (depth < CHECK_OPEN_DIRS) {
    struct dirent *e;
    while (!rc && (e = readdir(d)) != NULL) rc = check_entry(d, e->d_name, e->d_type, b, len, depth);
    closedir(d);
    return rc;
  }
  /* deep: the names first (with their types), then the stream is closed */
  acs__buf names = {0};
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    unsigned char type = entry_type(dirfd(d), e->d_name, e->d_type);
    if (type != DT_DIR && type != DT_LNK) continue;
    if (acs__buf_append(&names, &type, 1) || acs__buf_append(&names, e->d_name, strlen(e->d_name) + 1)) {
      rc = 2;
      break;
    }
  }
  closedir(d);
  for (size_t i = 0; !rc && i < names.len;) {
    unsigned char type = (unsigned char)names.data[i];
    const char *name = names.data + i + 1;
    i += 2 + strlen(name);
    rc = check_entry(NULL, name, type, b, len, depth);
  }
  acs__buf_free(&names);
  return rc;
}

/* One entry of the directory at b->p[0..len): d open (its stream), or
** NULL when the directory is opened again by path. */
static int check_entry(DIR *d, const char *name, unsigned char type, pbuf *b, size_t len, int depth)
{
  if (!strcmp(name, ".") || !strcmp(name, "..")) return 0;
  size_t n = strlen(name);
  if (len + n + 2 > b->cap) {
    size_t cap = (len + n + 2) * 2;
    char *np = realloc(b->p, cap);
    if (!np) return 2;
    b->p = np;
    b->cap = cap;
  }
  size_t at = len;
  if (!(len > 0 && b->p[len - 1] == '/')) b->p[at++] = '/';
  memcpy(b->p + at, name, n + 1);
  if (d) type = entry_type(dirfd(d), name, type); /* the deep path stores known types */
  int rc = 0;
  if (type == DT_LNK) {
    rc = at + n >= PATH_MAX ? 2 : check_link(b->p);
  } else if (type == DT_DIR) {
    int sub = d ? openat(dirfd(d), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                : at + n < PATH_MAX ? open(b->p, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1;
    if (sub >= 0) rc = check_dir(sub, b, at + n, depth + 1);
    else if (errno == EMFILE || errno == ENFILE || errno == ENAMETOOLONG || at + n >= PATH_MAX) rc = 2;
  }
  b->p[len] = 0;
  return rc;
}

int acs__vfs_check_links(acs__vfs *v, size_t first, acs_err *err)
{
  for (size_t i = first; i < v->n; i++) {
    check_vfs = v;
    bad_link = bad_target = NULL;
    const char *root = v->m[i].path[0] ? v->m[i].path : "/";
    pbuf b = {.cap = strlen(root) + 256};
    b.p = malloc(b.cap);
    if (!b.p) return acs__fail(err, ACS_ENOMEM, "SandboxError", "out of memory");
    snprintf(b.p, b.cap, "%s", root);
    int r = 0;
    int dfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) r = check_dir(dfd, &b, strlen(b.p), 0);
    free(b.p);
    if (r == 2)
      return acs__fail(err, ACS_ECONFIG, "SandboxConfigError",
                       "'%s' holds paths longer than the system allows (PATH_MAX), so a symbolic link there "
                       "that points outside cannot be ruled out: flatten the tree or allow a smaller directory",
                       root);
    if (r == 1) {
      int rc = acs__fail(err, ACS_ECONFIG, "SandboxConfigError",
                         "symbolic link '%s' points outside the allowed directories (to '%s'): "
                         "remove it, or allow the directory it points into",
                         bad_link ? bad_link : "?", bad_target ? bad_target : "?");
      free(bad_link);
      free(bad_target);
      return rc;
    }
  }
  return 0;
}
