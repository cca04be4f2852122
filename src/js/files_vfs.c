/* files_vfs.c - exec's file table (files.h): every path through the run's
** VFS, and the guest's descriptors as numbers in a table of ours, so a
** guest can never name a host fd it was not given. 0-2 are the worker's
** stdio: readable, writable and fstat-able, never closed or changed. */
#include "files.h"

#include "runtime_internal.h"

#include "../vfs/vfs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_FDS 4096
#define FD_BASE 3

typedef struct gfd {
  int host; /* -1: free */
  bool ro;
} gfd;

static gfd fds[MAX_FDS];
static bool fds_ready;

#define VFS (acs__R.cfg ? acs__R.cfg->vfs : NULL)

static void fds_init(void)
{
  if (fds_ready) return;
  for (int i = 0; i < MAX_FDS; i++) fds[i].host = -1;
  fds_ready = true;
}

static gfd *fd_get(int g)
{
  fds_init();
  if (g < FD_BASE || g >= FD_BASE + MAX_FDS) return NULL;
  gfd *f = &fds[g - FD_BASE];
  return f->host >= 0 ? f : NULL;
}

/* The host fd behind a guest fd; stdio maps to itself. */
static int host_fd(int g, bool *ro)
{
  if (ro) *ro = false;
  if (g >= 0 && g <= 2) return g;
  gfd *f = fd_get(g);
  if (!f) return -1;
  if (ro) *ro = f->ro;
  return f->host;
}

static void from_host(const struct stat *s, acs__js_stat *o)
{
  *o = (acs__js_stat){.dev = (uint64_t)s->st_dev, .ino = (uint64_t)s->st_ino,
                      .nlink = (uint64_t)s->st_nlink, .rdev = (uint64_t)s->st_rdev,
                      .size = (uint64_t)s->st_size, .blocks = (uint64_t)s->st_blocks,
                      .mode = s->st_mode, .uid = s->st_uid, .gid = s->st_gid,
                      .blksize = (uint32_t)s->st_blksize, .atime = s->st_atim,
                      .mtime = s->st_mtim, .ctime = s->st_ctim,
                      /* the VFS has always reported the change time here */
                      .btime = s->st_ctim};
}

static int v_open(const char *path, int flags, mode_t mode)
{
  if (!VFS) return -ENOENT;
  fds_init();
  int slot = -1;
  for (int i = 0; i < MAX_FDS; i++)
    if (fds[i].host < 0) {
      slot = i;
      break;
    }
  if (slot < 0) return -EMFILE;
  int hfd;
  bool ro;
  int rc = acs__vfs_open(VFS, path, flags & ~O_CLOEXEC, mode, &hfd, &ro);
  if (rc) return rc;
  fds[slot].host = hfd;
  fds[slot].ro = ro;
  return slot + FD_BASE;
}

static int v_close(int g)
{
  gfd *f = fd_get(g);
  if (!f) return -EBADF;
  close(f->host);
  f->host = -1;
  return 0;
}

static bool v_fd_ok(int g) { return host_fd(g, NULL) >= 0; }

static ssize_t v_read(int g, void *buf, size_t n, int64_t pos)
{
  int h = host_fd(g, NULL);
  if (h < 0) return -EBADF;
  ssize_t r;
  do r = pos >= 0 ? pread(h, buf, n, (off_t)pos) : read(h, buf, n);
  while (r < 0 && errno == EINTR);
  return r < 0 ? -errno : r;
}

static ssize_t v_write(int g, const void *buf, size_t n, int64_t pos)
{
  int h = host_fd(g, NULL);
  if (h < 0) return -EBADF;
  ssize_t r;
  do r = pos >= 0 ? pwrite(h, buf, n, (off_t)pos) : write(h, buf, n);
  while (r < 0 && errno == EINTR);
  return r < 0 ? -errno : r;
}

static int v_fstat(int g, acs__js_stat *o)
{
  int h = host_fd(g, NULL);
  struct stat st;
  if (h < 0) return -EBADF;
  if (fstat(h, &st) < 0) return -errno;
  from_host(&st, o);
  return 0;
}

/* The checks every fd operation but fsync makes: stdio is the
** supervisor's pipes and /dev/null, never the guest's to change, and a
** file of a read-only dir stays as it is. */
static int changeable(int g, bool stdio_ok, int *h)
{
  bool ro;
  *h = host_fd(g, &ro);
  if (*h < 0) return -EBADF;
  if (*h <= 2 && !stdio_ok) return -EPERM;
  if (ro) return -EROFS;
  return 0;
}

static int v_ftruncate(int g, int64_t len)
{
  int h, rc = changeable(g, false, &h);
  if (rc) return rc;
  return ftruncate(h, (off_t)len) < 0 ? -errno : 0;
}

static int v_fsync(int g)
{
  int h = host_fd(g, NULL);
  if (h < 0) return -EBADF;
  return fsync(h) < 0 ? -errno : 0;
}

static int v_fchmod(int g, mode_t mode)
{
  int h, rc = changeable(g, false, &h);
  if (rc) return rc;
  return fchmod(h, mode) < 0 ? -errno : 0;
}

static int v_futimens(int g, const struct timespec ts[2])
{
  int h, rc = changeable(g, false, &h);
  if (rc) return rc;
  return futimens(h, ts) < 0 ? -errno : 0;
}

/* chown changes nothing in exec (every file stays the user's who runs
** acs); it fails as fchown(2) would on a bad fd or a read-only dir. */
static int v_fchown(int g, uint32_t uid, uint32_t gid)
{
  (void)uid;
  (void)gid;
  int h;
  return changeable(g, true, &h);
}

static int v_read_file(const char *path, unsigned char **data, size_t *len, const char **syscall)
{
  *data = NULL;
  *len = 0;
  *syscall = "open";
  if (!VFS) return -ENOENT;
  int h;
  int rc = acs__vfs_open(VFS, path, O_RDONLY, 0, &h, NULL);
  if (rc) return rc;
  *syscall = "read";
  struct stat st = {0};
  if (fstat(h, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(h);
    return -EISDIR;
  }
  size_t cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 65536, n = 0;
  unsigned char *buf = malloc(cap);
  for (;;) {
    if (!buf) break;
    if (n == cap) {
      unsigned char *nb = realloc(buf, cap * 2);
      if (!nb) {
        free(buf);
        buf = NULL;
        break;
      }
      buf = nb;
      cap *= 2;
    }
    ssize_t k = read(h, buf + n, cap - n);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) {
      int e = errno;
      close(h);
      free(buf);
      return -e;
    }
    if (k == 0) break;
    n += (size_t)k;
  }
  close(h);
  if (!buf) {
    *syscall = NULL; /* not a call's failure: out of memory */
    return -ENOMEM;
  }
  *data = buf;
  *len = n;
  return 0;
}

static int v_write_file(const char *path, const void *data, size_t len, int flags, mode_t mode,
                        const char **syscall)
{
  *syscall = "open";
  if (!VFS) return -ENOENT;
  int h;
  int rc = acs__vfs_open(VFS, path, flags & ~O_CLOEXEC, mode, &h, NULL);
  if (rc) return rc;
  *syscall = "write";
  size_t done = 0;
  int err = 0;
  while (done < len) {
    ssize_t k = write(h, (const char *)data + done, len - done);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) {
      err = errno;
      break;
    }
    done += (size_t)k;
  }
  close(h);
  /* a full disk is ENOSPC, as in Node, rather than a short file */
  return done < len ? -(err ? err : EIO) : 0;
}

static int v_stat(const char *path, bool follow, acs__js_stat *o)
{
  if (!VFS) return -ENOENT;
  struct stat st;
  int rc = acs__vfs_stat(VFS, path, follow, &st);
  if (!rc) from_host(&st, o);
  return rc;
}

static int v_access(const char *path, int mode) { return VFS ? acs__vfs_access(VFS, path, mode) : -ENOENT; }
static int v_readdir(const char *path, acs__js_dirent_fn fn, void *user)
{
  return VFS ? acs__vfs_readdir(VFS, path, fn, user) : -ENOENT;
}
static int v_mkdir(const char *path, mode_t mode) { return VFS ? acs__vfs_mkdir(VFS, path, mode) : -ENOENT; }
static int v_rmdir(const char *path) { return VFS ? acs__vfs_rmdir(VFS, path) : -ENOENT; }
static int v_unlink(const char *path) { return VFS ? acs__vfs_unlink(VFS, path) : -ENOENT; }
static int v_chmod(const char *path, mode_t mode) { return VFS ? acs__vfs_chmod(VFS, path, mode) : -ENOENT; }
static int v_chown(const char *path, uint32_t uid, uint32_t gid, bool follow)
{
  (void)uid;
  (void)gid;
  return VFS ? acs__vfs_chown(VFS, path, follow) : -ENOENT;
}
static int v_truncate(const char *path, int64_t len)
{
  return VFS ? acs__vfs_truncate(VFS, path, (off_t)len) : -ENOENT;
}
static int v_utimens(const char *path, const struct timespec ts[2], bool follow)
{
  return VFS ? acs__vfs_utimes(VFS, path, ts, follow) : -ENOENT;
}
static int v_rename(const char *a, const char *b) { return VFS ? acs__vfs_rename(VFS, a, b) : -ENOENT; }
static int v_link(const char *a, const char *b) { return VFS ? acs__vfs_link(VFS, a, b) : -ENOENT; }
static int v_symlink(const char *t, const char *p) { return VFS ? acs__vfs_symlink(VFS, t, p) : -ENOENT; }
static int v_readlink(const char *path, char **out) { return VFS ? acs__vfs_readlink(VFS, path, out) : -ENOENT; }
static int v_realpath(const char *path, char **out) { return VFS ? acs__vfs_realpath(VFS, path, out) : -ENOENT; }

static bool v_outside(void) { return VFS && acs__vfs_outside(VFS); }
static const char *v_describe(void) { return VFS ? acs__vfs_describe(VFS) : ""; }

/* The guest has stopped running for now: what others do to its
** directories while it waits must not meet a kept fd. */
static void v_pause(void)
{
  if (VFS) acs__vfs_forget(VFS);
}

const acs__js_files acs__js_files_vfs = {
    .name = "vfs",
    .open = v_open,
    .close = v_close,
    .fd_ok = v_fd_ok,
    .read = v_read,
    .write = v_write,
    .fstat = v_fstat,
    .ftruncate = v_ftruncate,
    .fsync = v_fsync,
    .fchmod = v_fchmod,
    .futimens = v_futimens,
    .fchown = v_fchown,
    .read_file = v_read_file,
    .write_file = v_write_file,
    .stat = v_stat,
    .access = v_access,
    .readdir = v_readdir,
    .mkdir = v_mkdir,
    .rmdir = v_rmdir,
    .unlink = v_unlink,
    .chmod = v_chmod,
    .chown = v_chown,
    .truncate = v_truncate,
    .utimens = v_utimens,
    .rename = v_rename,
    .link = v_link,
    .symlink = v_symlink,
    .readlink = v_readlink,
    .realpath = v_realpath,
    .outside = v_outside,
    .describe = v_describe,
    .pause = v_pause,
};

const acs__js_files *acs__js_files_of_run(void)
{
  return acs__R.cfg && acs__R.cfg->files ? acs__R.cfg->files : &acs__js_files_vfs;
}
