/* memfs_attr.c - what is asked of or changed in one inode found by path:
** stat, access, chmod, chown, utimens, truncate, readlink, and
** the lookups the kernel keeps (resolve, chdir, a directory's path). The
** attribute rules are shared with the file forms (fchmod...) in
** memfs_file.c. */
#include "memfs_int.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int ts_cmp(const struct timespec *a, const struct timespec *b)
{
  if (a->tv_sec != b->tv_sec) return a->tv_sec < b->tv_sec ? -1 : 1;
  if (a->tv_nsec != b->tv_nsec) return a->tv_nsec < b->tv_nsec ? -1 : 1;
  return 0;
}

/* relatime: atime moves when it is not newer than mtime or ctime, or is a
** day old; reading a file twice in a row changes it once. */
void acs__memfs_touch_atime(acs_memfs *fs, acs_memfs_inode *ino)
{
  struct timespec now;
  acs__memfs_now(fs, &now);
  if (ts_cmp(&ino->mtime, &ino->atime) >= 0 || ts_cmp(&ino->ctime, &ino->atime) >= 0 ||
      now.tv_sec - ino->atime.tv_sec >= 24 * 3600)
    ino->atime = now;
}

/* AT_EMPTY_PATH with "": the inode `at` itself (the cwd when NULL). */
static int lookup_at(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                     const char *path, int flags, acs_memfs_inode **out)
{
  if ((flags & AT_EMPTY_PATH) && path && !*path) {
    *out = at ? at : fs->root;
    return 0;
  }
  return acs__memfs_lookup(fs, cr, at, path, !(flags & AT_SYMLINK_NOFOLLOW), out);
}

/* ------------------------------------------------------------------ reads */

int acs_memfs_fstatat(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                      const char *path, int flags, acs_memfs_stat *out)
{
  if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH | AT_NO_AUTOMOUNT)) return -EINVAL;
  acs_memfs_inode *ino;
  int rc = lookup_at(fs, cr, at, path, flags, &ino);
  if (rc) return rc;
  acs_memfs_inode_stat(ino, out);
  return 0;
}

int acs_memfs_access(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                     const char *path, int mode, int flags)
{
  if (mode & ~(R_OK | W_OK | X_OK)) return -EINVAL;
  if (flags & ~(AT_EACCESS | AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH)) return -EINVAL;
  /* access() answers for the real ids, the walk included: a setuid
  ** program asks what its invoker may do. */
  acs_memfs_cred real = *cr;
  if (!(flags & AT_EACCESS)) {
    real.uid = cr->ruid;
    real.gid = cr->rgid;
  }
  acs_memfs_inode *ino;
  int rc = lookup_at(fs, &real, at, path, flags, &ino);
  if (rc || mode == F_OK) return rc;
  return acs_memfs_permission(&real, ino, mode);
}

ssize_t acs_memfs_readlink(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                           const char *path, char *buf, size_t size)
{
  if (size == 0 || size > SSIZE_MAX) return -EINVAL;
  acs_memfs_inode *ino;
  int rc = acs__memfs_lookup(fs, cr, at, path, false, &ino);
  if (rc) return rc;
  if (!S_ISLNK(ino->mode)) return -EINVAL;
  size_t n = ino->size < size ? (size_t)ino->size : size;
  memcpy(buf, ino->u.target, n);
  acs__memfs_touch_atime(fs, ino);
  return (ssize_t)n;
}

int acs_memfs_dir_path(acs_memfs *fs, const acs_memfs_inode *dir, char **out)
{
  *out = NULL;
  if (!S_ISDIR(dir->mode)) return -ENOTDIR;
  size_t len = 0;
  for (const acs_memfs_inode *i = dir; i != fs->root; i = i->u.dir.parent) {
    if (!i->u.dir.self || !i->u.dir.parent) return -ENOENT;
    len += i->u.dir.self->len + 1u;
  }
  char *s = malloc(len ? len + 1 : 2);
  if (!s) return -ENOMEM;
  if (!len) {
    strcpy(s, "/");
  } else {
    s[len] = '\0';
    size_t at = len;
    for (const acs_memfs_inode *i = dir; i != fs->root; i = i->u.dir.parent) {
      const acs__memfs_dent *d = i->u.dir.self;
      at -= d->len;
      memcpy(s + at, d->name, d->len);
      s[--at] = '/';
    }
  }
  *out = s;
  return 0;
}

int acs_memfs_resolve(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                      const char *path, int flags, acs_memfs_inode **out)
{
  acs_memfs_inode *ino;
  *out = NULL;
  int rc = acs__memfs_lookup(fs, cr, at, path, !(flags & AT_SYMLINK_NOFOLLOW), &ino);
  if (rc) return rc;
  if ((flags & O_DIRECTORY) && !S_ISDIR(ino->mode)) return -ENOTDIR;
  ino->refs++;
  *out = ino;
  return 0;
}

int acs_memfs_chdir(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                    const char *path, acs_memfs_inode **out)
{
  acs_memfs_inode *ino;
  *out = NULL;
  int rc = acs__memfs_lookup(fs, cr, at, path, true, &ino);
  if (rc) return rc;
  if (!S_ISDIR(ino->mode)) return -ENOTDIR;
  if ((rc = acs__memfs_may(cr, ino, 1)) != 0) return rc;
  ino->refs++;
  *out = ino;
  return 0;
}

/* ---------------------------------------------------------------- changes */

int acs__memfs_setmode(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *ino,
                       uint32_t mode)
{
  if (!acs__memfs_owner_or_root(cr, ino)) return -EPERM;
  mode &= 07777;
  /* Only a member of the file's group (or root) may set setgid. */
  if (cr->uid != 0 && !acs__memfs_in_group(cr, ino->gid)) mode &= ~(uint32_t)S_ISGID;
  ino->mode = (ino->mode & S_IFMT) | mode;
  acs__memfs_now(fs, &ino->ctime);
  return 0;
}

int acs__memfs_setowner(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *ino,
                        uint32_t uid, uint32_t gid)
{
  bool root = cr->uid == 0, owner = cr->uid == ino->uid;
  /* Giving a file away is root's; the owner may only "change" it to
  ** itself. The owner may move it to a group it belongs to. */
  if (uid != (uint32_t)-1 && !root && !(owner && uid == ino->uid)) return -EPERM;
  if (gid != (uint32_t)-1 && !root &&
      !(owner && (gid == ino->gid || acs__memfs_in_group(cr, gid))))
    return -EPERM;
  if (S_ISREG(ino->mode) || S_ISFIFO(ino->mode) || S_ISCHR(ino->mode) || S_ISBLK(ino->mode) ||
      S_ISSOCK(ino->mode)) {
    /* As Linux: a change of owner takes setuid away (from root's change
    ** too), and setgid when it means something (group execute) or the
    ** changer could not have set it. Taking them is a change of mode,
    ** which only the owner may make: chown(-1, -1) of someone else's
    ** setuid file is EPERM. */
    uint32_t kill = ino->mode & S_ISUID;
    if ((ino->mode & S_ISGID) && ((ino->mode & S_IXGRP) ||
                                  (!root && !acs__memfs_in_group(cr, ino->gid))))
      kill |= S_ISGID;
    if (kill && !root && !owner) return -EPERM;
    ino->mode &= ~kill;
  }
  if (uid != (uint32_t)-1) ino->uid = uid;
  if (gid != (uint32_t)-1) ino->gid = gid;
  acs__memfs_now(fs, &ino->ctime);
  return 0;
}

static bool nsec_ok(long ns) { return ns == UTIME_NOW || ns == UTIME_OMIT || (ns >= 0 && ns < 1000000000L); }

int acs__memfs_settimes(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *ino,
                        const struct timespec ts[2])
{
  if (ts && (!nsec_ok(ts[0].tv_nsec) || !nsec_ok(ts[1].tv_nsec))) return -EINVAL;
  if (ts && ts[0].tv_nsec == UTIME_OMIT && ts[1].tv_nsec == UTIME_OMIT) return 0;
  bool touch = !ts || (ts[0].tv_nsec == UTIME_NOW && ts[1].tv_nsec == UTIME_NOW);
  if (!acs__memfs_owner_or_root(cr, ino)) {
    /* "Now" is what anyone who may write the file could cause anyway;
    ** any other time is the owner's to set. */
    if (!touch) return -EPERM;
    int rc = acs__memfs_may(cr, ino, 2);
    if (rc) return rc;
  }
  struct timespec now;
  acs__memfs_now(fs, &now);
  for (int i = 0; i < 2; i++) {
    struct timespec *t = i == 0 ? &ino->atime : &ino->mtime;
    if (touch || ts[i].tv_nsec == UTIME_NOW) *t = now;
    else if (ts[i].tv_nsec != UTIME_OMIT) *t = ts[i];
  }
  ino->ctime = now;
  return 0;
}

int acs__memfs_settrunc(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *ino,
                        int64_t length)
{
  if (length < 0) return -EINVAL;
  if ((uint64_t)length > ACS__MEMFS_MAX_FILE) return -EFBIG;
  if ((uint64_t)length != ino->size) {
    int rc = acs__memfs_data_truncate(fs, ino, (uint64_t)length);
    if (rc) return rc;
  }
  /* tmpfs stamps m and c even when the size stays (POSIX asks only when
  ** it changes; programs cannot tell, and we follow Linux). */
  acs__memfs_kill_suid(cr, ino);
  acs__memfs_now(fs, &ino->mtime);
  ino->ctime = ino->mtime;
  return 0;
}

int acs_memfs_chmod(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                    const char *path, uint32_t mode, int flags)
{
  if (flags & ~AT_SYMLINK_NOFOLLOW) return -EINVAL;
  acs_memfs_inode *ino;
  int rc = acs__memfs_lookup(fs, cr, at, path, !(flags & AT_SYMLINK_NOFOLLOW), &ino);
  if (rc) return rc;
  if (S_ISLNK(ino->mode)) return -EOPNOTSUPP;
  return acs__memfs_setmode(fs, cr, ino, mode);
}

int acs_memfs_chown(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                    const char *path, uint32_t uid, uint32_t gid, int flags)
{
  if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH)) return -EINVAL;
  acs_memfs_inode *ino;
  int rc = lookup_at(fs, cr, at, path, flags, &ino);
  if (rc) return rc;
  return acs__memfs_setowner(fs, cr, ino, uid, gid);
}

int acs_memfs_utimens(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                      const char *path, const struct timespec ts[2], int flags)
{
  if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH)) return -EINVAL;
  if (ts && (!nsec_ok(ts[0].tv_nsec) || !nsec_ok(ts[1].tv_nsec))) return -EINVAL;
  /* Nothing to set is success before anything is looked up, on Linux
  ** even for a path that does not exist. */
  if (ts && ts[0].tv_nsec == UTIME_OMIT && ts[1].tv_nsec == UTIME_OMIT) return 0;
  acs_memfs_inode *ino;
  int rc = lookup_at(fs, cr, at, path, flags, &ino);
  if (rc) return rc;
  return acs__memfs_settimes(fs, cr, ino, ts);
}

int acs_memfs_truncate(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                       const char *path, int64_t length)
{
  if (length < 0) return -EINVAL;
  acs_memfs_inode *ino;
  int rc = acs__memfs_lookup(fs, cr, at, path, true, &ino);
  if (rc) return rc;
  if (S_ISDIR(ino->mode)) return -EISDIR;
  if (!S_ISREG(ino->mode)) return -EINVAL;
  if ((rc = acs__memfs_may(cr, ino, 2)) != 0) return rc;
  return acs__memfs_settrunc(fs, cr, ino, length);
}
