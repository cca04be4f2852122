/* kfs.c - the kernel's own path calls through memfs and the mounts: see
** kfs.h. Each is the memfs call, the mount's when memfs crossed into one,
** and again from the root when the mount's walk left it. */
#include "kfs.h"

#include "hostfs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#define THROUGH(call, hostcall)                                                   \
  char where[ACS__SYS_MAX_STR + 1];                                               \
  if ((size_t)snprintf(where, sizeof where, "%s", path) >= sizeof where) return -ENAMETOOLONG; \
  acs_memfs_inode *root = acs_memfs_root(k->fs);                                  \
  int err;                                                                        \
  for (int hops = 0;; hops++) {                                                   \
    err = (call);                                                                 \
    if (err == ACS_MEMFS_CROSSED && acs__hostfs_crossed(k)) err = (hostcall);     \
    if (err != ACS__HOSTFS_AGAIN) break;                                          \
    if (hops == ACS_MEMFS_MAXSYMLINKS) return -ELOOP;                             \
  }                                                                               \
  if (err == ACS_MEMFS_CROSSED) err = -EXDEV

int acs__kfs_lstat(acs__kernel *k, const acs_memfs_cred *cr, const char *path, acs_memfs_stat *st)
{
  THROUGH(acs_memfs_fstatat(k->fs, cr, root, where, AT_SYMLINK_NOFOLLOW, st),
          acs__hostfs_stat(k, cr, AT_SYMLINK_NOFOLLOW, st, where));
  return err;
}

int acs__kfs_stat(acs__kernel *k, const acs_memfs_cred *cr, const char *path, acs_memfs_stat *st)
{
  THROUGH(acs_memfs_fstatat(k->fs, cr, root, where, 0, st), acs__hostfs_stat(k, cr, 0, st, where));
  return err;
}

int acs__kfs_mkdir(acs__kernel *k, const acs_memfs_cred *cr, const char *path, unsigned mode)
{
  THROUGH(acs_memfs_mkdir(k->fs, cr, root, where, mode), acs__hostfs_mkdir(k, cr, mode, where));
  return err;
}

int acs__kfs_unlink(acs__kernel *k, const acs_memfs_cred *cr, const char *path)
{
  THROUGH(acs_memfs_unlink(k->fs, cr, root, where), acs__hostfs_remove(k, cr, false, where));
  return err;
}

int acs__kfs_rmdir(acs__kernel *k, const acs_memfs_cred *cr, const char *path)
{
  THROUGH(acs_memfs_rmdir(k->fs, cr, root, where), acs__hostfs_remove(k, cr, true, where));
  return err;
}

int acs__kfs_symlink(acs__kernel *k, const acs_memfs_cred *cr, const char *target, const char *path)
{
  THROUGH(acs_memfs_symlink(k->fs, cr, target, root, where), acs__hostfs_symlink(k, cr, target, where));
  return err;
}

int acs__kfs_open(acs__kernel *k, const acs_memfs_cred *cr, const char *path, int flags, unsigned mode,
                  acs__kfile **out)
{
  acs_memfs_file *mf = NULL;
  *out = NULL;
  THROUGH(acs_memfs_open(k->fs, cr, root, where, flags, mode, &mf),
          acs__hostfs_open(k, cr, flags, mode, out, where));
  if (err) return err;
  if (!*out && !(*out = acs__kfile_new(mf, -1))) {
    acs_memfs_close(k->fs, mf);
    return -ENOMEM;
  }
  return 0;
}

ssize_t acs__kfs_write(acs__kernel *k, const acs_memfs_cred *cr, acs__kfile *f, const void *buf, size_t n)
{
  if (f->hf) return acs__hfile_write(k, f->hf, buf, n, false, 0);
  return f->mf ? acs_memfs_write(k->fs, cr, f->mf, buf, n) : -EBADF;
}

int acs__kfs_readdir(acs__kernel *k, acs__kfile *f, acs_memfs_dirent_fn fn, void *user)
{
  if (f->hf) return acs__hfile_readdir(f->hf, fn, user);
  return f->mf ? acs_memfs_readdir(k->fs, f->mf, fn, user) : -ENOTDIR;
}
