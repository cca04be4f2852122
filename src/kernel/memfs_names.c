/* memfs_names.c - the operations on names: mkdir, mknod, symlink, link,
** unlink, rmdir, rename. Each resolves the parent of its last component
** (no final link followed), checks what Linux checks in the order Linux
** checks it, prepares every allocation, and only then changes the tree,
** so that a failure (a cap reached) leaves everything as it was. */
#include "memfs_int.h"

#include <fcntl.h>
#include <stdio.h> /* RENAME_NOREPLACE */
#include <stdlib.h>
#include <string.h>

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif

/* The parent of a name to be made: the last component must be a plain
** name that does not exist yet. `dir_ok`: a trailing slash is allowed
** (mkdir); for anything else it names a directory that is not there. */
static int create_walk(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                       const char *path, bool dir_ok, acs__memfs_nd *nd)
{
  int rc = acs__memfs_walk(fs, cr, at, path, ACS__WALK_PARENT, 0, nd);
  if (rc) return rc;
  if (nd->type != ACS__LAST_NORM || nd->ino) return -EEXIST;
  if (nd->slash && !dir_ok) return -ENOENT;
  return 0;
}

static void stamp_dir(acs_memfs_inode *dir, const struct timespec *now)
{
  dir->mtime = *now;
  dir->ctime = *now;
}

/* Make a new inode of mode (type and bits, umask not yet applied) under
** nd's name: ownership and setgid from the parent, as Linux does. */
static int make(acs_memfs *fs, const acs_memfs_cred *cr, acs__memfs_nd *nd, uint32_t mode,
                acs_memfs_inode **out)
{
  acs_memfs_inode *dir = nd->dir;
  int rc = acs__memfs_may_create(cr, dir);
  if (rc) return rc;
  uint32_t gid = cr->gid;
  if (dir->mode & S_ISGID) {
    /* A setgid directory hands its group down, and setgid to
    ** subdirectories; a non-member may not make a setgid executable in
    ** a group it is not in. */
    gid = dir->gid;
    if (S_ISDIR(mode)) mode |= S_ISGID;
    else if ((mode & (S_ISGID | S_IXGRP)) == (S_ISGID | S_IXGRP) && cr->uid != 0 &&
             !acs__memfs_in_group(cr, dir->gid))
      mode &= ~(uint32_t)S_ISGID;
  }
  acs__memfs_dent *d;
  if ((rc = acs__memfs_dir_prepare(fs, dir, nd->last, nd->len, &d)) != 0) return rc;
  acs_memfs_inode *ino;
  if ((rc = acs__memfs_inode_new(fs, mode, cr->uid, gid, &ino)) != 0) {
    acs__memfs_dir_unprepare(fs, d);
    return rc;
  }
  acs__memfs_dir_add(fs, dir, d, ino);
  ino->nlink = 1;
  if (S_ISDIR(mode)) {
    ino->nlink = 2;
    ino->u.dir.parent = dir;
    ino->u.dir.self = d;
    dir->refs++;
    dir->nlink++;
  }
  stamp_dir(dir, &ino->btime);
  *out = ino;
  return 0;
}

int acs__memfs_make_file(acs_memfs *fs, const acs_memfs_cred *cr, acs__memfs_nd *nd,
                         uint32_t mode, acs_memfs_inode **out)
{
  return make(fs, cr, nd, S_IFREG | (mode & 07777 & ~cr->umask), out);
}

int acs_memfs_mkdir(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                    const char *path, uint32_t mode)
{
  acs__memfs_nd nd;
  int rc = create_walk(fs, cr, at, path, true, &nd);
  if (rc) return rc;
  acs_memfs_inode *ino;
  return make(fs, cr, &nd, S_IFDIR | (mode & 01777 & ~cr->umask), &ino);
}

int acs_memfs_mknod(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                    const char *path, uint32_t mode, uint64_t rdev)
{
  uint32_t type = mode & S_IFMT;
  switch (type) {
  case 0: type = S_IFREG; break;
  case S_IFREG: case S_IFIFO: case S_IFSOCK: case S_IFCHR: case S_IFBLK: break;
  case S_IFDIR: return -EPERM;
  default: return -EINVAL;
  }
  acs__memfs_nd nd;
  int rc = create_walk(fs, cr, at, path, false, &nd);
  if (rc) return rc;
  if ((rc = acs__memfs_may_create(cr, nd.dir)) != 0) return rc;
  if ((type == S_IFCHR || type == S_IFBLK) && cr->uid != 0) return -EPERM;
  acs_memfs_inode *ino;
  if ((rc = make(fs, cr, &nd, type | (mode & 07777 & ~cr->umask), &ino)) != 0) return rc;
  if (type == S_IFCHR || type == S_IFBLK) ino->rdev = rdev;
  return 0;
}

int acs_memfs_symlink(acs_memfs *fs, const acs_memfs_cred *cr, const char *target,
                      acs_memfs_inode *at, const char *path)
{
  if (!target) return -EFAULT;
  size_t len = strnlen(target, ACS_MEMFS_PATH_MAX);
  if (len == 0) return -ENOENT;
  if (len == ACS_MEMFS_PATH_MAX) return -ENAMETOOLONG;
  acs__memfs_nd nd;
  int rc = create_walk(fs, cr, at, path, false, &nd);
  if (rc) return rc;
  if ((rc = acs__memfs_may_create(cr, nd.dir)) != 0) return rc;
  char *body = acs__memfs_alloc(fs, len + 1, &rc);
  if (!body) return rc;
  memcpy(body, target, len + 1);
  acs_memfs_inode *ino;
  if ((rc = make(fs, cr, &nd, S_IFLNK | 0777, &ino)) != 0) {
    acs__memfs_dealloc(fs, body, len + 1);
    return rc;
  }
  ino->u.target = body;
  ino->size = len;
  return 0;
}

/* Two walks that may have crossed mounts: the same mount for both is the
** backend's; one side in a mount, or two mounts, is EXDEV. */
static int cross_pair(acs_memfs *fs, int rc1, int rc2)
{
  if (rc1 == ACS_MEMFS_CROSSED && rc2 == ACS_MEMFS_CROSSED && fs->cross_id[0] == fs->cross_id[1]) {
    fs->cross.mount = fs->cross_id[0];
    fs->cross.path = fs->cross_buf[0];
    fs->cross.path2 = fs->cross_buf[1];
    return ACS_MEMFS_CROSSED;
  }
  return -EXDEV;
}

/* Linux's fs.protected_hardlinks: a link to someone else's file needs
** the right to read and write it, and it must be a plain file. */
static bool may_link(const acs_memfs *fs, const acs_memfs_cred *cr, const acs_memfs_inode *ino)
{
  if (!fs->protected_hardlinks || acs__memfs_owner_or_root(cr, ino)) return true;
  if (!S_ISREG(ino->mode) || (ino->mode & S_ISUID)) return false;
  if ((ino->mode & (S_ISGID | S_IXGRP)) == (S_ISGID | S_IXGRP)) return false;
  return acs__memfs_may(cr, ino, 6) == 0;
}

int acs_memfs_link(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at1,
                   const char *from, acs_memfs_inode *at2, const char *to, int flags)
{
  if (flags & ~AT_SYMLINK_FOLLOW) return -EINVAL;
  acs__memfs_nd o, n;
  int rc1 = acs__memfs_walk(fs, cr, at1, from, (flags & AT_SYMLINK_FOLLOW) ? ACS__WALK_FOLLOW : 0,
                            0, &o);
  if (rc1 && rc1 != ACS_MEMFS_CROSSED) return rc1;
  if (!rc1) {
    if (!o.ino) return -ENOENT;
    if (o.slash && !S_ISDIR(o.ino->mode)) return -ENOTDIR;
  }
  int rc2 = acs__memfs_walk(fs, cr, at2, to, ACS__WALK_PARENT, 1, &n);
  if (rc2 && rc2 != ACS_MEMFS_CROSSED) return rc2;
  if (!rc2) {
    if (n.type != ACS__LAST_NORM || n.ino) return -EEXIST;
    if (n.slash) return -ENOENT;
  }
  if (rc1 || rc2) return cross_pair(fs, rc1, rc2);
  acs_memfs_inode *ino = o.ino;
  if (!may_link(fs, cr, ino)) return -EPERM;
  int rc = acs__memfs_may_create(cr, n.dir);
  if (rc) return rc;
  if (S_ISDIR(ino->mode)) return -EPERM;
  if (ino->nlink == 0) return -ENOENT;
  if (ino->nlink == UINT32_MAX) return -EMLINK;
  acs__memfs_dent *d;
  if ((rc = acs__memfs_dir_prepare(fs, n.dir, n.last, n.len, &d)) != 0) return rc;
  acs__memfs_dir_add(fs, n.dir, d, ino);
  ino->nlink++;
  struct timespec now;
  acs__memfs_now(fs, &now);
  ino->ctime = now;
  stamp_dir(n.dir, &now);
  return 0;
}

/* Take name d (naming ino) out of dir: the link counts, the times, and
** the inode itself if nothing else names or holds it. */
static void drop_name(acs_memfs *fs, acs_memfs_inode *dir, acs__memfs_dent *d,
                      const struct timespec *now)
{
  acs_memfs_inode *ino = d->ino;
  acs__memfs_dir_remove(fs, dir, d);
  if (S_ISDIR(ino->mode)) {
    ino->nlink = 0;
    ino->u.dir.self = NULL;
    dir->nlink--;
  } else {
    ino->nlink--;
  }
  ino->ctime = *now;
  stamp_dir(dir, now);
  acs__memfs_inode_put(fs, ino);
}

int acs_memfs_unlink(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                     const char *path)
{
  acs__memfs_nd nd;
  int rc = acs__memfs_walk(fs, cr, at, path, ACS__WALK_PARENT, 0, &nd);
  if (rc) return rc;
  if (nd.type != ACS__LAST_NORM) return -EISDIR;
  if (!nd.ino) return -ENOENT;
  if (nd.slash) return S_ISDIR(nd.ino->mode) ? -EISDIR : -ENOTDIR;
  if ((rc = acs__memfs_may_delete(cr, nd.dir, nd.ino, false)) != 0) return rc;
  struct timespec now;
  acs__memfs_now(fs, &now);
  drop_name(fs, nd.dir, acs__memfs_dir_find(fs, nd.dir, nd.last, nd.len), &now);
  return 0;
}

int acs_memfs_rmdir(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                    const char *path)
{
  acs__memfs_nd nd;
  int rc = acs__memfs_walk(fs, cr, at, path, ACS__WALK_PARENT, 0, &nd);
  if (rc) return rc;
  switch (nd.type) {
  case ACS__LAST_DOTDOT: return -ENOTEMPTY;
  case ACS__LAST_DOT: return -EINVAL;
  case ACS__LAST_ROOT: return -EBUSY;
  }
  if (!nd.ino) return -ENOENT;
  if ((rc = acs__memfs_may_delete(cr, nd.dir, nd.ino, true)) != 0) return rc;
  if (nd.ino->mount) return -EBUSY;
  if (nd.ino->u.dir.count) return -ENOTEMPTY;
  struct timespec now;
  acs__memfs_now(fs, &now);
  drop_name(fs, nd.dir, acs__memfs_dir_find(fs, nd.dir, nd.last, nd.len), &now);
  return 0;
}

/* Whether a is dir or one of its ancestors. */
static bool is_ancestor(const acs_memfs *fs, const acs_memfs_inode *a, const acs_memfs_inode *dir)
{
  for (const acs_memfs_inode *i = dir; i; i = i == fs->root ? NULL : i->u.dir.parent)
    if (i == a) return true;
  return false;
}

int acs_memfs_rename(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at1,
                     const char *from, acs_memfs_inode *at2, const char *to, unsigned flags)
{
  if (flags & ~(unsigned)RENAME_NOREPLACE) return -EINVAL;
  acs__memfs_nd o, n;
  int rc1 = acs__memfs_walk(fs, cr, at1, from, ACS__WALK_PARENT, 0, &o);
  if (rc1 && rc1 != ACS_MEMFS_CROSSED) return rc1;
  int rc2 = acs__memfs_walk(fs, cr, at2, to, ACS__WALK_PARENT, 1, &n);
  if (rc2 && rc2 != ACS_MEMFS_CROSSED) return rc2;
  if (rc1 || rc2) return cross_pair(fs, rc1, rc2);

  if (o.type != ACS__LAST_NORM) return -EBUSY;
  if (n.type != ACS__LAST_NORM) return (flags & RENAME_NOREPLACE) ? -EEXIST : -EBUSY;
  acs_memfs_inode *src = o.ino, *dst = n.ino;
  if (!src) return -ENOENT;
  if ((flags & RENAME_NOREPLACE) && dst) return -EEXIST;
  bool isdir = S_ISDIR(src->mode);
  if (!isdir && (o.slash || n.slash)) return -ENOTDIR;
  /* Not into itself (a/b to a/b/c/d), and not over its own ancestor. */
  if (isdir && is_ancestor(fs, src, n.dir)) return -EINVAL;
  if (dst && S_ISDIR(dst->mode) && is_ancestor(fs, dst, o.dir)) return -ENOTEMPTY;
  if (src == dst) return 0; /* two names of one file: nothing to do */

  int rc = acs__memfs_may_delete(cr, o.dir, src, isdir);
  if (rc) return rc;
  rc = dst ? acs__memfs_may_delete(cr, n.dir, dst, isdir) : acs__memfs_may_create(cr, n.dir);
  if (rc) return rc;
  /* Moving a directory rewrites its "..": that is a write to it. */
  if (isdir && o.dir != n.dir && (rc = acs__memfs_may(cr, src, 2)) != 0) return rc;
  if (src->mount || (dst && dst->mount)) return -EBUSY;
  if (dst && S_ISDIR(dst->mode) && dst->u.dir.count) return -ENOTEMPTY;

  acs__memfs_dent *d;
  if ((rc = acs__memfs_dir_prepare(fs, n.dir, n.last, n.len, &d)) != 0) return rc;
  struct timespec now;
  acs__memfs_now(fs, &now);
  /* Hold the source: dropping the old name must not free it. */
  src->refs++;
  if (dst) drop_name(fs, n.dir, acs__memfs_dir_find(fs, n.dir, n.last, n.len), &now);
  acs__memfs_dir_remove(fs, o.dir, acs__memfs_dir_find(fs, o.dir, o.last, o.len));
  acs__memfs_dir_add(fs, n.dir, d, src);
  if (isdir) {
    src->u.dir.self = d;
    if (o.dir != n.dir) {
      o.dir->nlink--;
      n.dir->nlink++;
      n.dir->refs++;
      src->u.dir.parent = n.dir;
      o.dir->refs--;
    }
  }
  src->refs--;
  src->ctime = now;
  stamp_dir(o.dir, &now);
  stamp_dir(n.dir, &now);
  return 0;
}
