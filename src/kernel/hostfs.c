/* hostfs.c - host directories mounted into the box: see hostfs.h.
**
** Every call first finds where its path lies (the canonical box path of
** its directory, or of the whole path when a final link is followed)
** with acs__vfs_realpath, which resolves inside the mounts only; what it
** finds outside every mount goes back to memfs (ACS__HOSTFS_AGAIN). Then
** the box's rights are checked on what it found, and the call is made on
** that canonical path, which the VFS again resolves only inside the mount
** (a host process swapping a directory meanwhile cannot lead it out). */
#include "hostfs.h"

#include "../vfs/vfs.h"
#include "procfs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define GROWTH_FILES 512 /* open files of the mounts at once, per box */

typedef struct kmount {
  uint32_t id;               /* memfs's mount id (ACS__PROCFS_MOUNT + 1 + index) */
  char *path;                /* canonical box path */
  size_t len;
  bool ro;
  uint32_t uid, gid;
  int fd;                    /* the host directory, O_PATH */
  bool nested;               /* inside another mount: memfs never sees it */
} kmount;

typedef struct hostfs {
  acs__vfs *vfs;
  kmount m[ACS__HOSTFS_MOUNTS];
  int n;
  int nfiles;                /* open mount files */
  int64_t grown;             /* bytes the box added to its mounts (net) */
} hostfs;

struct acs__hfile {
  int fd;
  int flags;                 /* as opened (O_ACCMODE, O_APPEND) */
  const kmount *m;
  char *dir;                 /* a directory's canonical box path, or NULL */
  /* a directory's entries, read at the first getdents */
  acs_memfs_dirent *ents;
  char *names;
  size_t nents, next;
};

static hostfs *hfs_of(acs__kernel *k) { return (hostfs *)k->hostfs; }

/* ------------------------------------------------------------ mounting */

static kmount *mount_of(hostfs *h, const char *canon)
{
  kmount *best = NULL;
  for (int i = 0; i < h->n; i++) {
    kmount *m = &h->m[i];
    if (!strncmp(canon, m->path, m->len) && (canon[m->len] == '/' || !canon[m->len]) &&
        (!best || m->len > best->len))
      best = m;
  }
  return best;
}

static int point_of(acs__kernel *k, kmount *m)
{
  acs_memfs_cred root = {.umask = 022};
  char part[ACS__SYS_MAX_STR + 1];
  snprintf(part, sizeof part, "%s", m->path);
  for (char *s = part + 1;; s++) {
    if (*s && *s != '/') continue;
    char c = *s;
    *s = 0;
    int rc = acs_memfs_mkdir(k->fs, &root, NULL, part, 0755);
    if (rc && rc != -EEXIST) return rc;
    *s = c;
    if (!c) break;
  }
  acs_memfs_inode *ino = NULL;
  int rc = acs_memfs_resolve(k->fs, &root, NULL, m->path, O_DIRECTORY | AT_SYMLINK_NOFOLLOW, &ino);
  if (rc == ACS_MEMFS_CROSSED) rc = -EBUSY;
  if (rc) return rc;
  char *canon = NULL;
  rc = acs_memfs_dir_path(k->fs, ino, &canon);
  if (!rc && strcmp(canon, m->path)) rc = -ELOOP; /* a link on the way: name the real place */
  free(canon);
  if (!rc) rc = acs_memfs_mount(k->fs, ino, m->id);
  acs_memfs_inode_release(k->fs, ino);
  return rc;
}

int acs__hostfs_mount(acs__kernel *k, int dir_fd, const char *box_path, bool ro, uint32_t uid,
                      uint32_t gid, char *why, size_t whycap)
{
  struct stat st;
  if (fstat(dir_fd, &st) < 0 || !S_ISDIR(st.st_mode)) {
    snprintf(why, whycap, "the host path is not a directory");
    return -ENOTDIR;
  }
  char *path = box_path[0] == '/' ? acs__vfs_abs("/", box_path) : NULL;
  bool dots = false;
  for (const char *c = path; c && *c; c++)
    if (c[0] == '/' && c[1] == '.' && c[2] == '.' && (c[3] == '/' || !c[3])) dots = true;
  if (!path || dots) {
    snprintf(why, whycap, "the box path must be absolute, without '..' (got '%s')", box_path);
    free(path);
    return -EINVAL;
  }
  /* the box's own places: its root, /proc and /dev (and below), and the
  ** directories its programs and users live by */
  static const char *const below[] = {"/proc", "/dev"};
  static const char *const exact[] = {"/", "/usr", "/usr/bin", "/bin", "/etc", "/usr/lib"};
  bool own = false;
  for (size_t i = 0; i < sizeof below / sizeof *below; i++) {
    size_t l = strlen(below[i]);
    if (!strncmp(path, below[i], l) && (path[l] == '/' || !path[l])) own = true;
  }
  for (size_t i = 0; i < sizeof exact / sizeof *exact; i++)
    if (!strcmp(path, exact[i])) own = true;
  if (own) {
    snprintf(why, whycap, "'%s' is the box's own: mount somewhere else (/mnt/x, /app, /work)", path);
    free(path);
    return -EBUSY;
  }
  if (!k->hostfs) {
    hostfs *h = calloc(1, sizeof *h);
    if (!h || acs__vfs_new(&h->vfs)) {
      free(h);
      snprintf(why, whycap, "out of memory");
      return -ENOMEM;
    }
    k->hostfs = h;
    umask(0); /* the box's own umask decides a new file's mode */
  }
  hostfs *h = k->hostfs;
  if (h->n == ACS__HOSTFS_MOUNTS) {
    snprintf(why, whycap, "a box has at most %d mounts", ACS__HOSTFS_MOUNTS);
    free(path);
    return -ENOSPC;
  }
  size_t len = strlen(path);
  for (int i = 0; i < h->n; i++) {
    kmount *o = &h->m[i];
    if (!strcmp(o->path, path)) {
      snprintf(why, whycap, "'%s' is a mount already", path);
      free(path);
      return -EBUSY;
    }
    if (o->len > len && !strncmp(o->path, path, len) && o->path[len] == '/') {
      snprintf(why, whycap, "'%s' lies below '%s': mount the outer directory first", o->path, path);
      free(path);
      return -EBUSY;
    }
  }
  kmount *m = &h->m[h->n];
  *m = (kmount){.id = ACS__PROCFS_MOUNT + 1 + (uint32_t)h->n, .path = path, .len = len, .ro = ro,
                .uid = uid, .gid = gid, .fd = fcntl(dir_fd, F_DUPFD_CLOEXEC, 3)};
  kmount *outer = mount_of(h, path);
  m->nested = outer != NULL;
  int rc = m->fd < 0 ? -errno : 0;
  if (!rc && !m->nested) rc = point_of(k, m);
  if (!rc) rc = acs__vfs_mount_fd(h->vfs, m->fd, path, ro) ? -ENOMEM : 0;
  if (rc) {
    snprintf(why, whycap, "'%s' cannot be a mount point: %s", path,
             rc == -ELOOP ? "a symbolic link leads there (mount at its target)" : strerror(-rc));
    if (m->fd >= 0) close(m->fd);
    free(path);
    return rc;
  }
  h->n++;
  return 0;
}

int acs__hostfs_remount(acs__kernel *k)
{
  hostfs *h = hfs_of(k);
  for (int i = 0; h && i < h->n; i++) {
    if (h->m[i].nested) continue;
    int rc = point_of(k, &h->m[i]);
    if (rc) return rc;
  }
  return 0;
}

bool acs__hostfs_crossed(acs__kernel *k)
{
  hostfs *h = hfs_of(k);
  if (!h) return false;
  uint32_t id = acs_memfs_crossing(k->fs)->mount;
  return id > ACS__PROCFS_MOUNT && id <= ACS__PROCFS_MOUNT + (uint32_t)h->n;
}

/* The crossing's box path (mount point and rest) into out, or for the
** second path of rename and link. */
static int crossing_path(acs__kernel *k, bool second, char *out, kmount **mo)
{
  hostfs *h = hfs_of(k);
  const acs_memfs_cross *c = acs_memfs_crossing(k->fs);
  kmount *m = &h->m[c->mount - ACS__PROCFS_MOUNT - 1];
  const char *rest = second ? c->path2 : c->path;
  if (!rest) return -EXDEV;
  if ((size_t)snprintf(out, PATH_MAX, "%s%s%s", m->path, *rest ? "/" : "", rest) >= PATH_MAX)
    return -ENAMETOOLONG;
  if (mo) *mo = m;
  return 0;
}

/* --------------------------------------------------------- resolution */

/* vfs failed: AGAIN with where it left the mounts, or its error. */
static int failed(hostfs *h, int rc, const char *suffix, char *again)
{
  const char *esc = acs__vfs_escape(h->vfs);
  if (!esc) return rc;
  if ((size_t)snprintf(again, ACS__SYS_MAX_STR + 1, "%s%s%s", esc,
                       *suffix && strcmp(esc, "/") ? "/" : "", suffix) > ACS__SYS_MAX_STR)
    return -ENAMETOOLONG;
  return ACS__HOSTFS_AGAIN;
}

/* The canonical path of g, every link followed. */
static int locate(hostfs *h, const char *g, char *canon, char *again)
{
  char *out = NULL;
  int rc = acs__vfs_realpath(h->vfs, g, &out);
  if (rc) return failed(h, rc, "", again);
  snprintf(canon, PATH_MAX, "%s", out);
  free(out);
  return 0;
}

/* Split g into its directory, located, and its final name: the canonical
** path of the final (not followed) in `canon`. dot: the name was "." or
** "..", which names no entry to make or remove (canon is then the
** located whole). slash: g ended in "/". */
typedef struct where {
  char canon[PATH_MAX];
  char dir[PATH_MAX];
  const char *name;
  bool dot, slash;
  bool root;  /* the final is a mount's root (canon and dir are it) */
  kmount *m;
} where;

static int locate_final(hostfs *h, const char *g, where *w, char *again)
{
  char tmp[PATH_MAX];
  snprintf(tmp, sizeof tmp, "%s", g);
  size_t n = strlen(tmp);
  w->slash = false;
  while (n > 1 && tmp[n - 1] == '/') tmp[--n] = 0, w->slash = true;
  char *sl = strrchr(tmp, '/');
  const char *name = sl + 1;
  w->dot = !strcmp(name, ".") || !strcmp(name, "..");
  w->root = false;
  for (int i = 0; i < h->n; i++)
    if (!strcmp(h->m[i].path, tmp)) {
      /* a mount's root: its parent is another filesystem's */
      snprintf(w->canon, sizeof w->canon, "%s", tmp);
      snprintf(w->dir, sizeof w->dir, "%s", tmp);
      w->name = "";
      w->root = w->dot = true;
      w->m = &h->m[i];
      return 0;
    }
  if (w->dot) {
    int rc = locate(h, tmp, w->canon, again);
    snprintf(w->dir, sizeof w->dir, "%s", w->canon);
    w->name = "";
    w->m = rc ? NULL : mount_of(h, w->canon);
    return rc;
  }
  *sl = 0;
  int rc = locate(h, sl == tmp ? "/" : tmp, w->dir, again);
  if (rc == ACS__HOSTFS_AGAIN) {
    /* the directory is the box's: the final name goes on from there */
    size_t al = strlen(again);
    if (al + 1 + strlen(name) + (w->slash ? 1 : 0) > ACS__SYS_MAX_STR) return -ENAMETOOLONG;
    snprintf(again + al, ACS__SYS_MAX_STR + 1 - al, "%s%s%s", strcmp(again, "/") ? "/" : "", name,
             w->slash ? "/" : "");
    return rc;
  }
  if (rc) return rc;
  if ((size_t)snprintf(w->canon, sizeof w->canon, "%s/%s", strcmp(w->dir, "/") ? w->dir : "", name) >=
      sizeof w->canon)
    return -ENAMETOOLONG;
  w->name = strrchr(w->canon, '/') + 1;
  w->m = mount_of(h, w->dir);
  return w->m ? 0 : -EXDEV;
}

/* ---------------------------------------------------------- rights */

static bool in_group(const acs_memfs_cred *cr, uint32_t gid)
{
  if (cr->gid == gid) return true;
  for (uint32_t i = 0; i < cr->ngroups; i++)
    if (cr->groups[i] == gid) return true;
  return false;
}

/* want: R_OK|W_OK|X_OK on a file of mount m with host mode `mode`. */
static int allowed(const acs_memfs_cred *cr, const kmount *m, mode_t mode, int want, bool real)
{
  uint32_t uid = real ? cr->ruid : cr->uid, gid = real ? cr->rgid : cr->gid;
  if (uid == 0) return (want & X_OK) && !S_ISDIR(mode) && !(mode & 0111) ? -EACCES : 0;
  acs_memfs_cred c = *cr;
  c.gid = gid;
  unsigned have = uid == m->uid ? (mode >> 6) & 7 : in_group(&c, m->gid) ? (mode >> 3) & 7 : mode & 7;
  return ((int)have & want) == want ? 0 : -EACCES;
}

static int stat_at(hostfs *h, const char *canon, bool follow, struct stat *st)
{
  return acs__vfs_stat(h->vfs, canon, follow, st);
}

/* May cr add or remove entries in the located directory w->dir? With
** victim (the entry removed or replaced, host stat), the sticky rule too. */
static int dir_writable(hostfs *h, const acs_memfs_cred *cr, const where *w, const struct stat *victim)
{
  if (w->m->ro) return -EROFS;
  struct stat ds;
  int rc = stat_at(h, w->dir, true, &ds);
  if (rc) return rc;
  if ((rc = allowed(cr, w->m, ds.st_mode, W_OK | X_OK, false))) return rc;
  /* sticky: only the owner of the entry or of the directory, or root;
  ** every entry of a mount has the mount's owner */
  if (victim && (ds.st_mode & S_ISVTX) && cr->uid != 0 && cr->uid != w->m->uid) return -EPERM;
  return 0;
}

static void to_box(const kmount *m, const struct stat *s, acs_memfs_stat *o)
{
  *o = (acs_memfs_stat){.dev = ACS_MEMFS_ST_DEV + m->id, .ino = s->st_ino, .nlink = s->st_nlink,
                        .mode = s->st_mode, .uid = m->uid, .gid = m->gid,
                        .blksize = (uint32_t)s->st_blksize, .rdev = s->st_rdev,
                        .size = (uint64_t)s->st_size, .blocks = (uint64_t)s->st_blocks,
                        .atime = s->st_atim, .mtime = s->st_mtim, .ctime = s->st_ctim,
                        .btime = s->st_mtim};
}

/* The owner of the mount, or root: chmod, explicit times. */
static int owner_or_root(const acs_memfs_cred *cr, const kmount *m)
{
  return cr->uid == 0 || cr->uid == m->uid ? 0 : -EPERM;
}

/* ------------------------------------------------------- path calls */

#define BEGIN(second)                                  \
  hostfs *h = hfs_of(k);                               \
  char g[PATH_MAX];                                    \
  kmount *gm = NULL;                                   \
  int rc = crossing_path(k, second, g, &gm);           \
  if (rc) return rc;                                   \
  (void)gm

/* Grow the box's count of mount bytes by delta; refuse what would pass
** the box's filesystem limit (the same figure caps memfs and the mounts:
** a box cannot fill the host's disk). */
static int grow(acs__kernel *k, int64_t delta)
{
  hostfs *h = hfs_of(k);
  uint64_t cap = k->o.max_fs_bytes ? k->o.max_fs_bytes : 256ull << 20;
  if (delta > 0 && (uint64_t)(h->grown + delta) > cap) return -ENOSPC;
  h->grown += delta;
  if (h->grown < 0) h->grown = 0;
  return 0;
}

static acs__hfile *hfile_new(acs__kernel *k, int fd, int flags, const kmount *m, const char *dir)
{
  hostfs *h = hfs_of(k);
  acs__hfile *f = calloc(1, sizeof *f);
  if (!f || (dir && !(f->dir = strdup(dir)))) {
    free(f);
    return NULL;
  }
  f->fd = fd;
  f->flags = flags;
  f->m = m;
  h->nfiles++;
  return f;
}

int acs__hostfs_open(acs__kernel *k, const acs_memfs_cred *cr, int flags, unsigned mode,
                     acs__kfile **out, char *again)
{
  BEGIN(false);
  if (h->nfiles >= GROWTH_FILES) return -ENFILE;
  int acc = flags & O_ACCMODE;
  bool writing = acc != O_RDONLY || (flags & O_TRUNC);
  where w;
  rc = locate_final(h, g, &w, again);
  if (rc) return rc;
  struct stat st;
  char target[PATH_MAX];
  snprintf(target, sizeof target, "%s", w.canon);
  int src = stat_at(h, target, false, &st);
  bool dangling = false;
  if (!src && S_ISLNK(st.st_mode) && !(flags & O_NOFOLLOW) &&
      !((flags & O_CREAT) && (flags & O_EXCL))) {
    rc = locate(h, target, target, again);
    if (rc == -ENOENT && (flags & O_CREAT)) {
      /* a dangling link inside the mount: made where it points, as Linux
      ** does (the VFS follows it, inside the mounts only) */
      src = -ENOENT;
      dangling = true;
    } else if (rc) {
      return rc;
    } else {
      src = stat_at(h, target, false, &st);
      kmount *tm = mount_of(h, target);
      if (tm) w.m = tm;
    }
  }
  if (!src && S_ISLNK(st.st_mode)) return -ELOOP; /* O_NOFOLLOW */
  if (src && src != -ENOENT) return src;
  if (w.slash && !src && !S_ISDIR(st.st_mode)) return -ENOTDIR;
  bool create = src == -ENOENT;
  if (create) {
    if (!(flags & O_CREAT) || w.dot) return -ENOENT;
    if (w.slash) return -EISDIR;
    if ((rc = dir_writable(h, cr, &w, NULL))) return rc;
  } else {
    if ((flags & O_CREAT) && (flags & O_EXCL)) return -EEXIST;
    if (S_ISDIR(st.st_mode) && (acc != O_RDONLY || (flags & O_TRUNC))) return -EISDIR;
    if (!S_ISDIR(st.st_mode) && (flags & O_DIRECTORY)) return -ENOTDIR;
    if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) return -ENXIO; /* a host fifo or device */
    if (writing && w.m->ro) return -EROFS;
    int want = (acc != O_WRONLY ? R_OK : 0) | (acc != O_RDONLY || (flags & O_TRUNC) ? W_OK : 0);
    if ((rc = allowed(cr, w.m, st.st_mode, want, false))) return rc;
  }
  /* the kernel never blocks on a host file, and no terminal becomes its own */
  int hflags = (flags & ~(O_CLOEXEC | O_NOFOLLOW)) | O_NONBLOCK | O_NOCTTY;
  if (!create) hflags &= ~(O_CREAT | O_EXCL);
  int fd = -1;
  unsigned m = (mode & ~cr->umask) & 0777;
  bool ro = false;
  rc = acs__vfs_open(h->vfs, create ? w.canon : target,
                     hflags | (create && !dangling ? O_NOFOLLOW : 0), m, &fd, &ro);
  if (rc) return failed(h, rc, "", again);
  if (fstat(fd, &st) < 0 || (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))) {
    close(fd);
    return -ENXIO;
  }
  if (!create && (flags & O_TRUNC) && S_ISREG(st.st_mode)) grow(k, -(int64_t)st.st_size);
  char canon[PATH_MAX];
  if (S_ISDIR(st.st_mode)) {
    rc = locate(h, target, canon, again);
    if (rc) {
      close(fd);
      return rc == ACS__HOSTFS_AGAIN ? -ENOENT : rc;
    }
  }
  kmount *fm = mount_of(h, S_ISDIR(st.st_mode) ? canon : w.dir);
  acs__kfile *kf = acs__kfile_new(NULL, -1);
  acs__hfile *hf = kf ? hfile_new(k, fd, flags & (O_ACCMODE | O_APPEND), fm ? fm : w.m,
                                  S_ISDIR(st.st_mode) ? canon : NULL)
                      : NULL;
  if (!hf) {
    close(fd);
    free(kf);
    return -ENOMEM;
  }
  kf->hf = hf;
  *out = kf;
  return 0;
}

int acs__hostfs_stat(acs__kernel *k, const acs_memfs_cred *cr, int flags, acs_memfs_stat *st,
                     char *again)
{
  (void)cr;
  BEGIN(false);
  where w;
  char canon[PATH_MAX];
  bool follow = !(flags & AT_SYMLINK_NOFOLLOW);
  if (follow) rc = locate(h, g, canon, again);
  else if (!(rc = locate_final(h, g, &w, again))) snprintf(canon, sizeof canon, "%s", w.canon);
  if (rc) return rc;
  struct stat hs;
  rc = stat_at(h, canon, false, &hs);
  if (rc) return failed(h, rc, "", again);
  if (!follow && w.slash && !S_ISDIR(hs.st_mode)) {
    if (!S_ISLNK(hs.st_mode)) return -ENOTDIR;
    /* "link/" follows the link */
    if ((rc = locate(h, canon, canon, again)) || (rc = stat_at(h, canon, false, &hs))) return rc;
  }
  kmount *m = mount_of(h, canon);
  to_box(m ? m : gm, &hs, st);
  return 0;
}

int acs__hostfs_access(acs__kernel *k, const acs_memfs_cred *cr, int mode, int flags, char *again)
{
  BEGIN(false);
  char canon[PATH_MAX];
  rc = flags & AT_SYMLINK_NOFOLLOW ? -EINVAL : locate(h, g, canon, again);
  if (rc) return rc;
  struct stat hs;
  if ((rc = stat_at(h, canon, false, &hs))) return rc;
  kmount *m = mount_of(h, canon);
  if (!m) return -ENOENT;
  if ((mode & W_OK) && m->ro) return -EROFS;
  return mode ? allowed(cr, m, hs.st_mode, mode & 7, !(flags & AT_EACCESS)) : 0;
}

/* The start of a call that makes or removes the final name. */
static int final_of(acs__kernel *k, char *g, where *w, char *again, bool second)
{
  hostfs *h = hfs_of(k);
  int rc = crossing_path(k, second, g, NULL);
  if (rc) return rc;
  return locate_final(h, g, w, again);
}

int acs__hostfs_mkdir(acs__kernel *k, const acs_memfs_cred *cr, unsigned mode, char *again)
{
  hostfs *h = hfs_of(k);
  char g[PATH_MAX];
  where w;
  int rc = final_of(k, g, &w, again, false);
  if (rc) return rc;
  if (w.dot) return -EEXIST;
  struct stat st;
  if (!stat_at(h, w.canon, false, &st)) return -EEXIST;
  if ((rc = dir_writable(h, cr, &w, NULL))) return rc;
  rc = acs__vfs_mkdir(h->vfs, w.canon, (mode & ~cr->umask) & 01777);
  return rc ? failed(h, rc, "", again) : 0;
}

int acs__hostfs_mknod(acs__kernel *k, const acs_memfs_cred *cr, unsigned mode, char *again)
{
  if ((mode & S_IFMT) != S_IFREG && (mode & S_IFMT) != 0) return -EPERM; /* no fifos on the host */
  acs__kfile *f = NULL;
  int rc = acs__hostfs_open(k, cr, O_WRONLY | O_CREAT | O_EXCL, mode & 07777, &f, again);
  if (!rc) acs__kfile_put(k, f);
  return rc;
}

int acs__hostfs_remove(acs__kernel *k, const acs_memfs_cred *cr, bool dir, char *again)
{
  hostfs *h = hfs_of(k);
  char g[PATH_MAX];
  where w;
  int rc = final_of(k, g, &w, again, false);
  if (rc) return rc;
  if (w.root) return dir ? -EBUSY : -EISDIR;
  if (w.dot) return !dir ? -EISDIR : !strcmp(strrchr(g, '/') + 1, ".") ? -EINVAL : -ENOTEMPTY;
  struct stat st;
  if ((rc = stat_at(h, w.canon, false, &st))) return rc;
  if (!dir && S_ISDIR(st.st_mode)) return -EISDIR;
  if (dir && !S_ISDIR(st.st_mode)) return -ENOTDIR;
  if (!dir && w.slash) return S_ISLNK(st.st_mode) ? -ENOTDIR : -ENOTDIR;
  if (mount_of(h, w.canon) != w.m) return -EBUSY; /* a nested mount's root */
  if ((rc = dir_writable(h, cr, &w, &st))) return rc;
  rc = dir ? acs__vfs_rmdir(h->vfs, w.canon) : acs__vfs_unlink(h->vfs, w.canon);
  if (rc) return failed(h, rc, "", again);
  if (!dir && S_ISREG(st.st_mode) && st.st_nlink == 1) grow(k, -(int64_t)st.st_size);
  return 0;
}

int acs__hostfs_symlink(acs__kernel *k, const acs_memfs_cred *cr, const char *target, char *again)
{
  hostfs *h = hfs_of(k);
  char g[PATH_MAX];
  where w;
  int rc = final_of(k, g, &w, again, false);
  if (rc) return rc;
  if (w.dot) return -EEXIST;
  if (!*target) return -ENOENT;
  struct stat st;
  if (!stat_at(h, w.canon, false, &st)) return -EEXIST;
  if (w.slash) return -ENOENT;
  if ((rc = dir_writable(h, cr, &w, NULL))) return rc;
  /* the VFS refuses a link whose target lies outside every mount: a host
  ** tool following it later would reach the host's own file of that name */
  rc = acs__vfs_symlink(h->vfs, target, w.canon);
  return rc == -EACCES && acs__vfs_outside(h->vfs) ? -EPERM : rc;
}

ssize_t acs__hostfs_readlink(acs__kernel *k, const acs_memfs_cred *cr, char *buf, size_t size,
                             char *again)
{
  (void)cr;
  hostfs *h = hfs_of(k);
  char g[PATH_MAX];
  where w;
  int rc = final_of(k, g, &w, again, false);
  if (rc) return rc;
  if (w.dot) return -EINVAL;
  char *text = NULL;
  if (w.slash) {
    struct stat st;
    if ((rc = stat_at(h, w.canon, true, &st))) return rc;
    return -EINVAL;
  }
  rc = acs__vfs_readlink(h->vfs, w.canon, &text);
  if (rc) return rc;
  size_t n = strlen(text);
  if (n > size) n = size;
  memcpy(buf, text, n);
  free(text);
  return (ssize_t)n;
}

int acs__hostfs_realpath(acs__kernel *k, const acs_memfs_cred *cr, char **out, char *again)
{
  (void)cr;
  BEGIN(false);
  char canon[PATH_MAX];
  if ((rc = locate(h, g, canon, again))) return rc;
  *out = strdup(canon);
  return *out ? 0 : -ENOMEM;
}

/* The located file a call changes: followed or not. */
static int target_of(acs__kernel *k, bool follow, char *canon, struct stat *st, kmount **m, char *again)
{
  hostfs *h = hfs_of(k);
  char g[PATH_MAX];
  int rc;
  if (follow) {
    if ((rc = crossing_path(k, false, g, NULL)) || (rc = locate(h, g, canon, again))) return rc;
  } else {
    where w;
    if ((rc = final_of(k, g, &w, again, false))) return rc;
    snprintf(canon, PATH_MAX, "%s", w.canon);
  }
  if ((rc = stat_at(h, canon, false, st))) return rc;
  *m = mount_of(h, canon);
  return *m ? 0 : -ENOENT;
}

int acs__hostfs_chmod(acs__kernel *k, const acs_memfs_cred *cr, unsigned mode, int flags, char *again)
{
  char canon[PATH_MAX];
  struct stat st;
  kmount *m;
  int rc = target_of(k, !(flags & AT_SYMLINK_NOFOLLOW), canon, &st, &m, again);
  if (rc) return rc;
  if (S_ISLNK(st.st_mode)) return -EOPNOTSUPP; /* Linux: a link's mode cannot change */
  if (m->ro) return -EROFS;
  if ((rc = owner_or_root(cr, m))) return rc;
  /* never a setuid or setgid file on the host */
  return acs__vfs_chmod(hfs_of(k)->vfs, canon, mode & 01777);
}

int acs__hostfs_chown(acs__kernel *k, const acs_memfs_cred *cr, uint32_t uid, uint32_t gid, int flags,
                      char *again)
{
  char canon[PATH_MAX];
  struct stat st;
  kmount *m;
  int rc = target_of(k, !(flags & AT_SYMLINK_NOFOLLOW), canon, &st, &m, again);
  if (rc) return rc;
  if (m->ro) return -EROFS;
  /* the mount's files all have its owner: only "no change" can be done */
  bool same = (uid == UINT32_MAX || uid == m->uid) && (gid == UINT32_MAX || gid == m->gid);
  if (!same) return -EPERM;
  return cr->uid == 0 || cr->uid == m->uid ? 0 : -EPERM;
}

int acs__hostfs_utimens(acs__kernel *k, const acs_memfs_cred *cr, const struct timespec ts[2],
                        int flags, char *again)
{
  char canon[PATH_MAX];
  struct stat st;
  kmount *m;
  int rc = target_of(k, !(flags & AT_SYMLINK_NOFOLLOW), canon, &st, &m, again);
  if (rc) return rc;
  if (m->ro) return -EROFS;
  bool now = !ts || (ts[0].tv_nsec == UTIME_NOW && ts[1].tv_nsec == UTIME_NOW);
  if (now) {
    if (owner_or_root(cr, m) && allowed(cr, m, st.st_mode, W_OK, false)) return -EACCES;
  } else if ((rc = owner_or_root(cr, m))) {
    return rc;
  }
  return acs__vfs_utimes(hfs_of(k)->vfs, canon, ts, !(flags & AT_SYMLINK_NOFOLLOW));
}

int acs__hostfs_truncate(acs__kernel *k, const acs_memfs_cred *cr, int64_t len, char *again)
{
  char canon[PATH_MAX];
  struct stat st;
  kmount *m;
  if (len < 0) return -EINVAL;
  int rc = target_of(k, true, canon, &st, &m, again);
  if (rc) return rc;
  if (S_ISDIR(st.st_mode)) return -EISDIR;
  if (!S_ISREG(st.st_mode)) return -EINVAL;
  if (m->ro) return -EROFS;
  if ((rc = allowed(cr, m, st.st_mode, W_OK, false))) return rc;
  if ((rc = grow(k, len - (int64_t)st.st_size))) return rc;
  rc = acs__vfs_truncate(hfs_of(k)->vfs, canon, (off_t)len);
  if (rc) grow(k, (int64_t)st.st_size - len);
  return rc;
}

int acs__hostfs_chdir(acs__kernel *k, const acs_memfs_cred *cr, char **cwd, char *again)
{
  BEGIN(false);
  char canon[PATH_MAX];
  if ((rc = locate(h, g, canon, again))) return rc;
  struct stat st;
  if ((rc = stat_at(h, canon, false, &st))) return rc;
  if (!S_ISDIR(st.st_mode)) return -ENOTDIR;
  kmount *m = mount_of(h, canon);
  if (!m) return -ENOENT;
  if ((rc = allowed(cr, m, st.st_mode, X_OK, false))) return rc;
  *cwd = strdup(canon);
  return *cwd ? 0 : -ENOMEM;
}

static int two_of(acs__kernel *k, where *a, where *b)
{
  hostfs *h = hfs_of(k);
  char ga[PATH_MAX], gb[PATH_MAX], again[ACS__SYS_MAX_STR + 1];
  int rc = crossing_path(k, false, ga, NULL);
  if (!rc) rc = crossing_path(k, true, gb, NULL);
  if (!rc) rc = locate_final(h, ga, a, again);
  if (!rc) rc = locate_final(h, gb, b, again);
  /* one end in the box's own filesystem, or in another mount: two devices */
  if (rc == ACS__HOSTFS_AGAIN || (!rc && a->m != b->m)) return -EXDEV;
  return rc;
}

int acs__hostfs_rename(acs__kernel *k, const acs_memfs_cred *cr, unsigned flags)
{
  hostfs *h = hfs_of(k);
  where a, b;
  int rc = two_of(k, &a, &b);
  if (rc) return rc;
  if (flags) return -EINVAL; /* RENAME_NOREPLACE and friends: not through the VFS */
  if (a.dot || b.dot) return -EBUSY;
  struct stat sa, sb;
  if ((rc = stat_at(h, a.canon, false, &sa))) return rc;
  bool there = !stat_at(h, b.canon, false, &sb);
  if (mount_of(h, a.canon) != a.m || (there && mount_of(h, b.canon) != b.m)) return -EBUSY;
  if ((rc = dir_writable(h, cr, &a, &sa)) || (rc = dir_writable(h, cr, &b, there ? &sb : NULL)))
    return rc;
  if (S_ISDIR(sa.st_mode) && (rc = allowed(cr, a.m, sa.st_mode, W_OK, false)) &&
      strcmp(a.dir, b.dir))
    return rc; /* moving a directory rewrites its ".." */
  rc = acs__vfs_rename(h->vfs, a.canon, b.canon);
  if (!rc && there && S_ISREG(sb.st_mode) && sb.st_nlink == 1 && sb.st_ino != sa.st_ino)
    grow(k, -(int64_t)sb.st_size);
  return rc;
}

int acs__hostfs_link(acs__kernel *k, const acs_memfs_cred *cr, int flags)
{
  hostfs *h = hfs_of(k);
  where a, b;
  int rc = two_of(k, &a, &b);
  if (rc) return rc;
  if (flags & ~AT_SYMLINK_FOLLOW) return -EINVAL;
  if (a.dot) return -EPERM;
  if (b.dot) return -EEXIST;
  struct stat sa, sb;
  if ((rc = stat_at(h, a.canon, (flags & AT_SYMLINK_FOLLOW) != 0, &sa))) return rc;
  if (S_ISDIR(sa.st_mode)) return -EPERM;
  if (!stat_at(h, b.canon, false, &sb)) return -EEXIST;
  if ((rc = dir_writable(h, cr, &b, NULL))) return rc;
  return acs__vfs_link(h->vfs, a.canon, b.canon);
}

ssize_t acs__hostfs_program(acs__kernel *k, const acs_memfs_cred *cr, char *head, size_t cap,
                            char *again)
{
  BEGIN(false);
  char canon[PATH_MAX];
  if ((rc = locate(h, g, canon, again))) return rc;
  struct stat st;
  if ((rc = stat_at(h, canon, false, &st))) return rc;
  kmount *m = mount_of(h, canon);
  if (!m || !S_ISREG(st.st_mode)) return -EACCES;
  if ((rc = allowed(cr, m, st.st_mode, X_OK, false))) return rc;
  int fd = -1;
  /* reading the head is the kernel's business: execute-only files run */
  if ((rc = acs__vfs_open(h->vfs, canon, O_RDONLY | O_NONBLOCK | O_NOCTTY, 0, &fd, NULL))) return rc;
  ssize_t n = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? pread(fd, head, cap, 0) : -1;
  int e = errno;
  close(fd);
  return n < 0 ? -e : n;
}

/* --------------------------------------------------------- open files */

void acs__hfile_free(acs__kernel *k, acs__hfile *f)
{
  if (!f) return;
  hostfs *h = hfs_of(k);
  if (h) h->nfiles--;
  close(f->fd);
  free(f->dir);
  free(f->ents);
  free(f->names);
  free(f);
}

const char *acs__hfile_dir(const acs__hfile *f) { return f->dir; }

static ssize_t io_result(ssize_t r) { return r < 0 ? -errno : r; }

ssize_t acs__hfile_read(acs__hfile *f, void *buf, size_t n, bool at, int64_t off)
{
  if (f->dir) return -EISDIR;
  if ((f->flags & O_ACCMODE) == O_WRONLY) return -EBADF;
  if (at && off < 0) return -EINVAL;
  return io_result(at ? pread(f->fd, buf, n, (off_t)off) : read(f->fd, buf, n));
}

ssize_t acs__hfile_write(acs__kernel *k, acs__hfile *f, const void *buf, size_t n, bool at,
                         int64_t off)
{
  if (f->dir || (f->flags & O_ACCMODE) == O_RDONLY) return -EBADF;
  if (at && off < 0) return -EINVAL;
  struct stat st;
  if (fstat(f->fd, &st) < 0) return -errno;
  off_t pos = (f->flags & O_APPEND) ? st.st_size : at ? (off_t)off : lseek(f->fd, 0, SEEK_CUR);
  int64_t end = (int64_t)pos + (int64_t)n, grown = end > st.st_size ? end - st.st_size : 0;
  if (grown && grow(k, grown)) return -ENOSPC;
  ssize_t r = at && !(f->flags & O_APPEND) ? pwrite(f->fd, buf, n, (off_t)off) : write(f->fd, buf, n);
  if (r < 0) {
    int e = errno;
    if (grown) grow(k, -grown);
    return -e;
  }
  if ((size_t)r < n && grown) {
    int64_t real = (int64_t)pos + r > st.st_size ? (int64_t)pos + r - st.st_size : 0;
    grow(k, real - grown);
  }
  return r;
}

int64_t acs__hfile_lseek(acs__hfile *f, int64_t off, int whence)
{
  if (f->dir) {
    if (whence != SEEK_SET || off != 0) return -EINVAL;
    f->next = 0; /* rewinddir: read afresh */
    free(f->ents);
    free(f->names);
    f->ents = NULL;
    f->names = NULL;
    f->nents = 0;
    return 0;
  }
  off_t r = lseek(f->fd, (off_t)off, whence);
  return r < 0 ? -errno : (int64_t)r;
}

int acs__hfile_stat(acs__kernel *k, acs__hfile *f, acs_memfs_stat *st)
{
  (void)k;
  struct stat hs;
  if (fstat(f->fd, &hs) < 0) return -errno;
  to_box(f->m, &hs, st);
  return 0;
}

int acs__hfile_truncate(acs__kernel *k, acs__hfile *f, int64_t len)
{
  if (f->dir || (f->flags & O_ACCMODE) == O_RDONLY) return -EINVAL;
  if (len < 0) return -EINVAL;
  struct stat st;
  if (fstat(f->fd, &st) < 0) return -errno;
  int rc = grow(k, len - (int64_t)st.st_size);
  if (rc) return rc;
  if (ftruncate(f->fd, (off_t)len) < 0) {
    rc = -errno;
    grow(k, (int64_t)st.st_size - len);
  }
  return rc;
}

int acs__hfile_chmod(acs__kernel *k, const acs_memfs_cred *cr, acs__hfile *f, unsigned mode)
{
  (void)k;
  if (f->m->ro) return -EROFS;
  int rc = owner_or_root(cr, f->m);
  if (rc) return rc;
  return fchmod(f->fd, mode & 01777) < 0 ? -errno : 0;
}

static int load_dir(acs__hfile *f)
{
  int fd = openat(f->fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR *d = fd < 0 ? NULL : fdopendir(fd);
  if (!d) {
    int e = errno;
    if (fd >= 0) close(fd);
    return -e;
  }
  size_t cap = 0, ncap = 0, nlen = 0;
  struct dirent *e;
  int rc = 0;
  /* names first (offsets), then the entries point into them */
  size_t *offs = NULL;
  while ((e = readdir(d))) {
    size_t l = strlen(e->d_name);
    if (f->nents == cap) {
      cap = cap ? cap * 2 : 32;
      acs_memfs_dirent *ne = realloc(f->ents, cap * sizeof *ne);
      size_t *no = realloc(offs, cap * sizeof *no);
      if (ne) f->ents = ne;
      if (no) offs = no;
      if (!ne || !no) {
        rc = -ENOMEM;
        break;
      }
    }
    if (nlen + l + 1 > ncap) {
      ncap = (nlen + l + 1) * 2;
      char *nn = realloc(f->names, ncap);
      if (!nn) {
        rc = -ENOMEM;
        break;
      }
      f->names = nn;
    }
    memcpy(f->names + nlen, e->d_name, l + 1);
    offs[f->nents] = nlen;
    f->ents[f->nents++] = (acs_memfs_dirent){.ino = e->d_ino, .type = e->d_type,
                                            .namelen = (uint16_t)l};
    nlen += l + 1;
  }
  closedir(d);
  for (size_t i = 0; !rc && i < f->nents; i++) {
    f->ents[i].name = f->names + offs[i];
    f->ents[i].next = (int64_t)i + 1;
  }
  free(offs);
  return rc;
}

int acs__hfile_readdir(acs__hfile *f, acs_memfs_dirent_fn fn, void *user)
{
  if (!f->dir) return -ENOTDIR;
  if (!f->ents && !f->next) {
    int rc = load_dir(f);
    if (rc) return rc;
  }
  int taken = 0;
  while (f->next < f->nents) {
    if (fn(user, &f->ents[f->next])) break;
    f->next++;
    taken++;
  }
  return taken;
}

int acs__hfile_getfl(const acs__hfile *f) { return f->flags; }

void acs__hfile_setfl(acs__hfile *f, int flags)
{
  f->flags = (f->flags & ~O_APPEND) | (flags & O_APPEND);
}

/* -------------------------------------------------------------- cwd */

int acs__hostfs_rebase(acs__kernel *k, const acs__proc *p, int32_t *at, char *path, size_t size)
{
  (void)k;
  if (path[0] == '/' || !path[0]) return 0;
  const char *base = NULL;
  if (*at == AT_FDCWD) {
    base = p->cwd_path;
  } else if (*at >= 0 && *at < ACS__K_MAX_FDS && p->fds[*at].f && p->fds[*at].f->hf) {
    base = acs__hfile_dir(p->fds[*at].f->hf);
    if (!base) return -ENOTDIR;
  }
  if (!base) return 0;
  char rel[ACS__SYS_MAX_STR + 1];
  snprintf(rel, sizeof rel, "%s", path);
  if ((size_t)snprintf(path, size, "%s/%s", base, rel) >= size) return -ENAMETOOLONG;
  *at = AT_FDCWD;
  return 0;
}

int acs__proc_cwd(acs__kernel *k, const acs__proc *p, char **out)
{
  *out = NULL;
  if (p->cwd_path) {
    *out = strdup(p->cwd_path);
    return *out ? 0 : -ENOMEM;
  }
  return p->cwd ? acs_memfs_dir_path(k->fs, p->cwd, out) : -ENOENT;
}

int acs__kernel_chdir(acs__kernel *k, const acs_memfs_cred *cr, acs_memfs_inode *at, const char *path,
                      acs_memfs_inode **dir, char **cwd_path)
{
  *dir = NULL;
  *cwd_path = NULL;
  char where[ACS__SYS_MAX_STR + 1];
  if ((size_t)snprintf(where, sizeof where, "%s", path) >= sizeof where) return -ENAMETOOLONG;
  for (int hops = 0;; hops++) {
    int rc = acs_memfs_chdir(k->fs, cr, at, where, dir);
    if (rc != ACS_MEMFS_CROSSED) return rc;
    if (!acs__hostfs_crossed(k)) return -EXDEV; /* /proc is no place to be */
    rc = acs__hostfs_chdir(k, cr, cwd_path, where);
    if (rc == ACS__HOSTFS_AGAIN) {
      if (hops == ACS_MEMFS_MAXSYMLINKS) return -ELOOP;
      at = acs_memfs_root(k->fs);
      continue;
    }
    if (rc) return rc;
    /* relative paths start from cwd_path; the inode is only held */
    *dir = acs_memfs_root(k->fs);
    acs_memfs_inode_hold(*dir);
    return 0;
  }
}

size_t acs__hostfs_json(acs__kernel *k, char *out, size_t cap)
{
  hostfs *h = hfs_of(k);
  size_t n = 0;
#define PUT(...) n += (size_t)snprintf(out + (n < cap ? n : cap), n < cap ? cap - n : 0, __VA_ARGS__)
  PUT("[");
  for (int i = 0; h && i < h->n; i++) {
    PUT("%s{\"path\":\"", i ? "," : "");
    for (const unsigned char *c = (const unsigned char *)h->m[i].path; *c; c++) {
      if (*c == '"' || *c == '\\') PUT("\\%c", *c);
      else if (*c < 0x20) PUT("\\u%04x", *c);
      else PUT("%c", *c);
    }
    PUT("\",\"readOnly\":%s}", h->m[i].ro ? "true" : "false");
  }
  PUT("]");
#undef PUT
  return n;
}
