/* memfs.c - the filesystem object: its memory and caps, the clock, inode
** lifetimes, usage figures and mount points. */
#include "memfs_int.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

/* ----------------------------------------------------------------- memory */

int acs__memfs_charge(acs_memfs *fs, uint64_t n)
{
  if (n > fs->max_bytes || fs->bytes > fs->max_bytes - n) return -ENOSPC;
  fs->bytes += n;
  return 0;
}

void acs__memfs_uncharge(acs_memfs *fs, uint64_t n) { fs->bytes -= n; }

void *acs__memfs_alloc(acs_memfs *fs, size_t n, int *err)
{
  int rc = acs__memfs_charge(fs, n);
  if (rc) {
    *err = rc;
    return NULL;
  }
  void *p = malloc(n);
  if (!p) {
    acs__memfs_uncharge(fs, n);
    *err = -ENOMEM;
  }
  return p;
}

void *acs__memfs_zalloc(acs_memfs *fs, size_t n, int *err)
{
  void *p = acs__memfs_alloc(fs, n, err);
  if (p) memset(p, 0, n);
  return p;
}

void acs__memfs_dealloc(acs_memfs *fs, void *p, size_t n)
{
  if (!p) return;
  free(p);
  acs__memfs_uncharge(fs, n);
}

/* ------------------------------------------------------------------ clock */

static void real_clock(void *user, struct timespec *now)
{
  (void)user;
  clock_gettime(CLOCK_REALTIME, now);
}

void acs__memfs_now(acs_memfs *fs, struct timespec *ts) { fs->clock(fs->clock_user, ts); }

/* ----------------------------------------------------------------- inodes */

int acs__memfs_inode_new(acs_memfs *fs, uint32_t mode, uint32_t uid, uint32_t gid,
                         acs_memfs_inode **out)
{
  *out = NULL;
  if (fs->ninodes >= fs->max_inodes) return -ENOSPC;
  int rc = 0;
  acs_memfs_inode *ino = acs__memfs_zalloc(fs, sizeof *ino, &rc);
  if (!ino) return rc;
  ino->ino = fs->next_ino++;
  ino->mode = mode;
  ino->uid = uid;
  ino->gid = gid;
  acs__memfs_now(fs, &ino->btime);
  ino->atime = ino->mtime = ino->ctime = ino->btime;
  if (S_ISDIR(mode) && (rc = acs__memfs_dir_init(fs, ino)) != 0) {
    acs__memfs_dealloc(fs, ino, sizeof *ino);
    return rc;
  }
  ino->next = fs->inodes;
  if (fs->inodes) fs->inodes->prev = ino;
  fs->inodes = ino;
  fs->ninodes++;
  *out = ino;
  return 0;
}

/* Free one inode's contents and the inode; returns the parent it held (a
** directory's), which may now be free to go too. */
static acs_memfs_inode *destroy(acs_memfs *fs, acs_memfs_inode *ino)
{
  acs_memfs_inode *parent = NULL;
  if (S_ISREG(ino->mode)) acs__memfs_data_free(fs, ino);
  else if (S_ISLNK(ino->mode)) acs__memfs_dealloc(fs, ino->u.target, ino->size + 1);
  else if (S_ISDIR(ino->mode)) {
    parent = ino->u.dir.parent;
    acs__memfs_dir_destroy(fs, ino);
  }
  if (ino->prev) ino->prev->next = ino->next;
  else fs->inodes = ino->next;
  if (ino->next) ino->next->prev = ino->prev;
  fs->ninodes--;
  acs__memfs_dealloc(fs, ino, sizeof *ino);
  return parent;
}

void acs__memfs_inode_put(acs_memfs *fs, acs_memfs_inode *ino)
{
  /* A loop, not recursion: freeing a removed directory may free its
  ** removed parent, and so on up a removed chain. */
  while (ino && ino->nlink == 0 && ino->refs == 0 && ino != fs->root) {
    acs_memfs_inode *parent = destroy(fs, ino);
    if (parent) parent->refs--;
    ino = parent;
  }
}

acs_memfs_inode *acs_memfs_root(acs_memfs *fs) { return fs->root; }

void acs_memfs_inode_hold(acs_memfs_inode *ino) { ino->refs++; }

void acs_memfs_inode_release(acs_memfs *fs, acs_memfs_inode *ino)
{
  if (!ino) return;
  ino->refs--;
  acs__memfs_inode_put(fs, ino);
}

void acs_memfs_inode_stat(const acs_memfs_inode *ino, acs_memfs_stat *st)
{
  memset(st, 0, sizeof *st);
  st->dev = ACS_MEMFS_ST_DEV;
  st->ino = ino->ino;
  st->nlink = ino->nlink;
  st->mode = ino->mode;
  st->uid = ino->uid;
  st->gid = ino->gid;
  st->blksize = ACS_MEMFS_PAGE;
  st->rdev = ino->rdev;
  st->atime = ino->atime;
  st->mtime = ino->mtime;
  st->ctime = ino->ctime;
  st->btime = ino->btime;
  if (S_ISDIR(ino->mode)) {
    /* tmpfs's figure: 20 bytes a name, "." and ".." included. */
    st->size = 40 + 20 * (uint64_t)ino->u.dir.count;
  } else if (S_ISREG(ino->mode)) {
    st->size = ino->size;
    st->blocks = ((ino->u.reg.ext ? ino->size : ino->u.reg.bytes) + 511) / 512;
  } else if (S_ISLNK(ino->mode)) {
    st->size = ino->size;
  }
}

/* ------------------------------------------------------------- filesystem */

int acs_memfs_new(const acs_memfs_options *opts, acs_memfs **out)
{
  *out = NULL;
  if (opts && opts->version != ACS_MEMFS_OPTIONS_VERSION) return -EINVAL;
  acs_memfs *fs = calloc(1, sizeof *fs);
  if (!fs) return -ENOMEM;
  fs->max_bytes = opts && opts->max_bytes ? opts->max_bytes : UINT64_MAX;
  fs->max_inodes = opts && opts->max_inodes ? opts->max_inodes : UINT64_MAX;
  fs->clock = opts && opts->clock ? opts->clock : real_clock;
  fs->clock_user = opts ? opts->clock_user : NULL;
  fs->protected_hardlinks = opts && opts->protected_hardlinks;
  fs->protected_symlinks = opts && opts->protected_symlinks;
  fs->protected_regular = opts ? opts->protected_regular : 0;
  fs->protected_fifos = opts ? opts->protected_fifos : 0;
  fs->next_ino = 1;
  /* The hash seed keeps guests from choosing names that collide; readdir
  ** order never depends on it, so it is not observable. */
  if (getrandom(&fs->seed, sizeof fs->seed, GRND_NONBLOCK) != sizeof fs->seed)
    fs->seed = (uint64_t)(uintptr_t)fs ^ (uint64_t)time(NULL) * 0x9e3779b97f4a7c15ull;
  uint32_t mode = opts && opts->root_mode ? (opts->root_mode & 07777) : 0755;
  int rc = acs__memfs_inode_new(fs, S_IFDIR | mode, opts ? opts->root_uid : 0,
                                opts ? opts->root_gid : 0, &fs->root);
  if (rc) {
    free(fs);
    return rc;
  }
  fs->root->nlink = 2;
  *out = fs;
  return 0;
}

void acs_memfs_free(acs_memfs *fs)
{
  if (!fs) return;
  while (fs->files) {
    acs_memfs_file *f = fs->files;
    fs->files = f->next;
    free(f);
  }
  /* Everything goes, whatever its counts: no parent bookkeeping. */
  while (fs->inodes) {
    acs_memfs_inode *ino = fs->inodes;
    if (S_ISDIR(ino->mode)) ino->u.dir.parent = NULL;
    destroy(fs, ino);
  }
  free(fs->cross_buf[0]);
  free(fs->cross_buf[1]);
  free(fs);
}

void acs_memfs_usage_get(const acs_memfs *fs, acs_memfs_usage *out)
{
  out->bytes = fs->bytes;
  out->data_bytes = fs->data_bytes;
  out->inodes = fs->ninodes;
  out->max_bytes = fs->max_bytes;
  out->max_inodes = fs->max_inodes;
}

void acs_memfs_statfs_get(const acs_memfs *fs, acs_memfs_statfs *out)
{
  out->bsize = ACS_MEMFS_PAGE;
  out->namelen = ACS_MEMFS_NAME_MAX;
  uint64_t cap = fs->max_bytes == UINT64_MAX ? (uint64_t)1 << 50 : fs->max_bytes;
  out->blocks = cap / ACS_MEMFS_PAGE;
  out->bfree = fs->bytes >= cap ? 0 : (cap - fs->bytes) / ACS_MEMFS_PAGE;
  uint64_t icap = fs->max_inodes == UINT64_MAX ? (uint64_t)1 << 32 : fs->max_inodes;
  out->files = icap;
  out->ffree = fs->ninodes >= icap ? 0 : icap - fs->ninodes;
}

/* ----------------------------------------------------------------- mounts */

int acs_memfs_mount(acs_memfs *fs, acs_memfs_inode *dir, uint32_t id)
{
  if (!S_ISDIR(dir->mode)) return -ENOTDIR;
  if (id == 0 || dir == fs->root) return -EINVAL;
  if (dir->mount) return -EBUSY;
  if (dir->nlink == 0) return -ENOENT;
  dir->mount = id;
  dir->refs++;
  return 0;
}

int acs_memfs_umount(acs_memfs *fs, acs_memfs_inode *dir)
{
  if (!dir->mount) return -EINVAL;
  dir->mount = 0;
  acs_memfs_inode_release(fs, dir);
  return 0;
}

const acs_memfs_cross *acs_memfs_crossing(const acs_memfs *fs) { return &fs->cross; }
