/* memfs_file.c - open file descriptions: open with its flags, reads and
** writes at an offset, seeking, the f* forms of the attribute calls and
** readdir. A description holds its inode, so an unlinked file's data
** lives until the last description (or other reference) goes. */
#include "memfs_int.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What F_GETFL shows of the flags given to open. */
#define KEPT_FLAGS (~(O_CREAT | O_EXCL | O_NOCTTY | O_TRUNC))

static int new_file(acs_memfs *fs, acs_memfs_inode *ino, int flags, acs_memfs_file **out)
{
  acs_memfs_file *f = calloc(1, sizeof *f);
  if (!f) return -ENOMEM;
  f->ino = ino;
  f->flags = flags & KEPT_FLAGS;
  f->refs = 1;
  ino->refs++;
  f->next = fs->files;
  if (fs->files) fs->files->prev = f;
  fs->files = f;
  *out = f;
  return 0;
}

/* fs.protected_regular and fs.protected_fifos: O_CREAT must not open,
** in a sticky directory others may write, a file planted there by
** someone who is neither the opener nor the directory's owner. Root is
** bound too: it is the usual victim. */
static int may_open_in_sticky(const acs_memfs *fs, const acs_memfs_cred *cr,
                              const acs_memfs_inode *dir, const acs_memfs_inode *ino)
{
  if (!(dir->mode & S_ISVTX)) return 0;
  if (S_ISREG(ino->mode) && !fs->protected_regular) return 0;
  if (S_ISFIFO(ino->mode) && !fs->protected_fifos) return 0;
  if (ino->uid == dir->uid || ino->uid == cr->uid) return 0;
  if (dir->mode & S_IWOTH) return -EACCES;
  if ((dir->mode & S_IWGRP) && ((S_ISREG(ino->mode) && fs->protected_regular >= 2) ||
                                (S_ISFIFO(ino->mode) && fs->protected_fifos >= 2)))
    return -EACCES;
  return 0;
}

int acs_memfs_open(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                   const char *path, int flags, uint32_t mode, acs_memfs_file **out)
{
  *out = NULL;
  int acc = flags & O_ACCMODE;
  if (acc == O_ACCMODE) return -EINVAL;
  if ((flags & O_PATH) || (flags & O_TMPFILE) == O_TMPFILE) return -EOPNOTSUPP;
  if ((flags & O_CREAT) && (flags & O_DIRECTORY)) return -EINVAL; /* Linux 6.4 on */
  bool creat = flags & O_CREAT, excl = creat && (flags & O_EXCL);
  /* O_CREAT|O_EXCL never follows a final link: it must make the name. */
  unsigned wf = (excl || (flags & O_NOFOLLOW) ? 0 : ACS__WALK_FOLLOW) |
                (creat ? ACS__WALK_CREATE : 0);
  acs__memfs_nd nd;
  int rc = acs__memfs_walk(fs, cr, at, path, wf, 0, &nd);
  if (rc) return rc;
  acs_memfs_inode *ino = nd.ino;
  bool created = false;
  if (creat) {
    /* "." and ".." exist (EEXIST for O_EXCL); "name/" asks for a directory
    ** that O_CREAT cannot make. */
    if (nd.type != ACS__LAST_NORM) return excl ? -EEXIST : -EISDIR;
    if (nd.slash) return -EISDIR;
    if (!ino) {
      if ((rc = acs__memfs_make_file(fs, cr, &nd, mode, &ino)) != 0) return rc;
      created = true;
    } else if (excl) {
      return -EEXIST;
    }
  }
  if (!created) {
    if (!ino) return -ENOENT;
    if (creat && S_ISDIR(ino->mode)) return -EISDIR;
    if (creat && (rc = may_open_in_sticky(fs, cr, nd.dir, ino)) != 0) return rc;
    if (((flags & O_DIRECTORY) || nd.slash) && !S_ISDIR(ino->mode)) return -ENOTDIR;
    if (S_ISLNK(ino->mode)) return -ELOOP;
    bool trunc = (flags & O_TRUNC) && (S_ISREG(ino->mode) || S_ISDIR(ino->mode));
    int mask = (acc != O_WRONLY ? 4 : 0) | (acc != O_RDONLY || trunc ? 2 : 0);
    if (S_ISDIR(ino->mode) && (mask & 2)) return -EISDIR;
    if ((rc = acs__memfs_may(cr, ino, mask)) != 0) return rc;
    if ((flags & O_NOATIME) && !acs__memfs_owner_or_root(cr, ino)) return -EPERM;
    if (S_ISSOCK(ino->mode)) return -ENXIO;
    if (trunc) {
      /* O_TRUNC stamps the times even when the file was empty. */
      if ((rc = acs__memfs_data_truncate(fs, ino, 0)) != 0) return rc;
      acs__memfs_kill_suid(cr, ino);
      acs__memfs_now(fs, &ino->mtime);
      ino->ctime = ino->mtime;
    }
  }
  return new_file(fs, ino, flags, out);
}

void acs_memfs_file_hold(acs_memfs_file *f) { f->refs++; }

void acs_memfs_close(acs_memfs *fs, acs_memfs_file *f)
{
  if (!f || --f->refs) return;
  if (f->prev) f->prev->next = f->next;
  else fs->files = f->next;
  if (f->next) f->next->prev = f->prev;
  acs_memfs_inode *ino = f->ino;
  free(f);
  acs_memfs_inode_release(fs, ino);
}

acs_memfs_inode *acs_memfs_file_inode(const acs_memfs_file *f) { return f->ino; }

int acs_memfs_file_flags(const acs_memfs_file *f) { return f->flags; }

void acs_memfs_file_setfl(acs_memfs_file *f, int flags)
{
  const int settable = O_APPEND | O_NONBLOCK;
  f->flags = (f->flags & ~settable) | (flags & settable);
}

/* ------------------------------------------------------------------- data */

static ssize_t do_read(acs_memfs *fs, acs_memfs_file *f, void *buf, size_t n, uint64_t off)
{
  if ((f->flags & O_ACCMODE) == O_WRONLY) return -EBADF;
  acs_memfs_inode *ino = f->ino;
  if (S_ISDIR(ino->mode)) return -EISDIR;
  if (!S_ISREG(ino->mode)) return -EINVAL;
  if (n == 0) return 0;
  if (n > (uint64_t)INT64_MAX - off) return -EINVAL; /* the end must be an offset */
  ssize_t r = acs__memfs_data_read(ino, buf, n, off);
  if (!(f->flags & O_NOATIME)) acs__memfs_touch_atime(fs, ino);
  return r;
}

ssize_t acs_memfs_read(acs_memfs *fs, acs_memfs_file *f, void *buf, size_t n)
{
  ssize_t r = do_read(fs, f, buf, n, f->off);
  if (r > 0) f->off += (uint64_t)r;
  return r;
}

ssize_t acs_memfs_pread(acs_memfs *fs, acs_memfs_file *f, void *buf, size_t n, int64_t off)
{
  if (S_ISFIFO(f->ino->mode)) return -ESPIPE;
  if (off < 0) return -EINVAL;
  return do_read(fs, f, buf, n, (uint64_t)off);
}

/* *off is where to write and, after, where the write ended. */
static ssize_t do_write(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_file *f,
                        const void *buf, size_t n, uint64_t *off)
{
  if ((f->flags & O_ACCMODE) == O_RDONLY) return -EBADF;
  acs_memfs_inode *ino = f->ino;
  if (!S_ISREG(ino->mode)) return -EINVAL;
  if (n == 0) return 0;
  if (n > (uint64_t)INT64_MAX - *off) return -EINVAL;
  /* O_APPEND wins over pwrite's offset too, as on Linux. */
  if (f->flags & O_APPEND) *off = ino->size;
  ssize_t r = acs__memfs_data_write(fs, ino, buf, n, *off);
  if (r > 0) {
    *off += (uint64_t)r;
    acs__memfs_kill_suid(cr, ino);
    acs__memfs_now(fs, &ino->mtime);
    ino->ctime = ino->mtime;
  }
  return r;
}

ssize_t acs_memfs_write(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_file *f,
                        const void *buf, size_t n)
{
  uint64_t off = f->off;
  ssize_t r = do_write(fs, cr, f, buf, n, &off);
  if (r > 0) f->off = off;
  return r;
}

ssize_t acs_memfs_pwrite(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_file *f,
                         const void *buf, size_t n, int64_t off)
{
  if (S_ISFIFO(f->ino->mode)) return -ESPIPE;
  if (off < 0) return -EINVAL;
  uint64_t o = (uint64_t)off;
  return do_write(fs, cr, f, buf, n, &o);
}

int acs_memfs_borrow(acs_memfs *fs, acs_memfs_file *f, const void *data, uint64_t len)
{
  (void)fs;
  if ((f->flags & O_ACCMODE) == O_RDONLY) return -EBADF;
  if (!S_ISREG(f->ino->mode)) return -EINVAL;
  return acs__memfs_data_borrow(f->ino, data, len);
}

int64_t acs_memfs_lseek(acs_memfs *fs, acs_memfs_file *f, int64_t off, int whence)
{
  (void)fs;
  acs_memfs_inode *ino = f->ino;
  if (S_ISFIFO(ino->mode) || S_ISSOCK(ino->mode)) return -ESPIPE;
  if (S_ISCHR(ino->mode) || S_ISBLK(ino->mode)) return 0; /* the kernel's devices */
  int64_t base;
  switch (whence) {
  case SEEK_SET: base = 0; break;
  case SEEK_CUR: base = (int64_t)f->off; break;
  case SEEK_END:
    if (S_ISDIR(ino->mode)) return -EINVAL;
    base = (int64_t)ino->size;
    break;
  case SEEK_DATA:
  case SEEK_HOLE:
    if (!S_ISREG(ino->mode)) return -EINVAL;
    if (off < 0 || (uint64_t)off >= ino->size) return -ENXIO;
    {
      uint64_t r = acs__memfs_data_seek(ino, (uint64_t)off, whence == SEEK_HOLE);
      if (r == UINT64_MAX) return -ENXIO;
      f->off = r;
      return (int64_t)r;
    }
  default: return -EINVAL;
  }
  if ((off > 0 && base > INT64_MAX - off) || base + off < 0) return -EINVAL;
  f->off = (uint64_t)(base + off);
  return base + off;
}

int acs_memfs_ftruncate(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_file *f,
                        int64_t length)
{
  if (length < 0) return -EINVAL;
  if (!S_ISREG(f->ino->mode) || (f->flags & O_ACCMODE) == O_RDONLY) return -EINVAL;
  return acs__memfs_settrunc(fs, cr, f->ino, length);
}

/* ------------------------------------------------------------- attributes */

int acs_memfs_fstat(acs_memfs *fs, acs_memfs_file *f, acs_memfs_stat *out)
{
  (void)fs;
  acs_memfs_inode_stat(f->ino, out);
  return 0;
}

int acs_memfs_fchmod(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_file *f, uint32_t mode)
{
  return acs__memfs_setmode(fs, cr, f->ino, mode);
}

int acs_memfs_fchown(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_file *f, uint32_t uid,
                     uint32_t gid)
{
  return acs__memfs_setowner(fs, cr, f->ino, uid, gid);
}

int acs_memfs_futimens(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_file *f,
                       const struct timespec ts[2])
{
  return acs__memfs_settimes(fs, cr, f->ino, ts);
}

/* ---------------------------------------------------------------- readdir */

int acs_memfs_readdir(acs_memfs *fs, acs_memfs_file *f, acs_memfs_dirent_fn fn, void *user)
{
  acs_memfs_inode *dir = f->ino;
  if (!S_ISDIR(dir->mode)) return -ENOTDIR;
  if ((f->flags & O_ACCMODE) == O_WRONLY) return -EBADF;
  if (dir->nlink == 0) return -ENOENT;
  int taken = 0;
  acs_memfs_dirent e;
  while (f->off < 2) {
    bool dot = f->off == 0;
    const acs_memfs_inode *who = dot || dir == fs->root ? dir : dir->u.dir.parent;
    e.ino = who->ino;
    e.next = (int64_t)f->off + 1;
    e.type = DT_DIR;
    e.namelen = dot ? 1 : 2;
    e.name = dot ? "." : "..";
    if (fn(user, &e)) goto out;
    f->off++;
    taken++;
  }
  for (acs__memfs_dent *d = acs__memfs_dir_at(dir, f->off); d; d = acs__memfs_dir_at(dir, f->off)) {
    uint64_t next = d->seq + 1; /* fn may change the directory */
    e.ino = d->ino->ino;
    e.next = (int64_t)next;
    e.type = (unsigned char)((d->ino->mode & S_IFMT) >> 12);
    e.namelen = d->len;
    e.name = d->name;
    if (fn(user, &e)) break;
    f->off = next;
    taken++;
  }
out:
  acs__memfs_touch_atime(fs, dir);
  return taken;
}
