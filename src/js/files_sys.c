/* files_sys.c - a box process's file table (files.h): every call is a
** message to the box's kernel (src/sys), which decides it with the
** process's uid, gid and umask on the box's filesystem. Descriptors are
** the box's own numbers; stdio may be direct host pipes, which src/sys
** reads and writes without a round trip. */
#include "files.h"

#include "../sys/sys.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
#include <sys/stat.h>

static void from_wire(const acs__sys_stat *w, acs__js_stat *o)
{
  *o = (acs__js_stat){.dev = w->dev, .ino = w->ino, .nlink = w->nlink, .rdev = w->rdev,
                      .size = w->size, .blocks = w->blocks, .mode = w->mode, .uid = w->uid,
                      .gid = w->gid, .blksize = w->blksize,
                      .atime = {(time_t)w->atime_s, (long)w->atime_ns},
                      .mtime = {(time_t)w->mtime_s, (long)w->mtime_ns},
                      .ctime = {(time_t)w->ctime_s, (long)w->ctime_ns},
                      .btime = {(time_t)w->btime_s, (long)w->btime_ns}};
}

/* Node opens everything close-on-exec (libuv does): a program the box
** spawns later must not inherit the runtime's files. */
static int s_open(const char *path, int flags, mode_t mode)
{
  return acs_sys_open(path, flags | O_CLOEXEC, (unsigned)mode);
}

static int s_close(int fd) { return acs_sys_close(fd); }

static ssize_t s_read(int fd, void *buf, size_t n, int64_t pos)
{
  return pos >= 0 ? acs_sys_pread(fd, buf, n, pos) : acs_sys_read(fd, buf, n);
}

static ssize_t s_write(int fd, const void *buf, size_t n, int64_t pos)
{
  return pos >= 0 ? acs_sys_pwrite(fd, buf, n, pos) : acs_sys_write(fd, buf, n);
}

static int s_fstat(int fd, acs__js_stat *o)
{
  acs__sys_stat w;
  int rc = acs_sys_fstat(fd, &w);
  if (!rc) from_wire(&w, o);
  return rc;
}

static int s_ftruncate(int fd, int64_t len) { return acs_sys_ftruncate(fd, len); }

/* memfs has nothing to flush: fsync checks the descriptor, as Linux's does. */
static int s_fsync(int fd)
{
  acs__sys_stat w;
  return acs_sys_fstat(fd, &w);
}

static int s_fchmod(int fd, mode_t mode) { return acs_sys_chmodat(fd, "", (unsigned)mode, AT_EMPTY_PATH); }
static int s_futimens(int fd, const struct timespec ts[2]) { return acs_sys_utimensat(fd, "", ts, AT_EMPTY_PATH); }
static int s_fchown(int fd, uint32_t uid, uint32_t gid) { return acs_sys_chownat(fd, "", uid, gid, AT_EMPTY_PATH); }

/* A buffer for a whole file: a big one (8 MB and more) made present in
** one call (MADV_POPULATE_WRITE) rather than faulted 4 KB at a time (100
** MB: ~25 600 faults). Not huge pages: where THP is "madvise" with direct
** compaction, faults of advised memory stalled for ms (reads of 100 MB
** took 41-326 ms, populated 33-47). free()s as any malloc's. */
static unsigned char *file_buffer(size_t cap)
{
  const size_t page = 4096;
  unsigned char *p = malloc(cap);
  if (!p || cap < (8u << 20)) return p;
  uintptr_t from = ((uintptr_t)p + page - 1) & ~(uintptr_t)(page - 1);
  uintptr_t to = ((uintptr_t)p + cap) & ~(uintptr_t)(page - 1);
  madvise((void *)from, to - from, MADV_POPULATE_WRITE); /* Linux 5.14; else faulted as used */
  return p;
}

/* The long way: open, fstat, reads of the size it said (a regular file
** of memfs is never short before its end), close. */
static int read_file_fd(const char *path, unsigned char **data, size_t *len, const char **syscall)
{
  *syscall = "open";
  int fd = acs_sys_open(path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0) return fd;
  *syscall = "read";
  acs__sys_stat st = {0};
  int rc = acs_sys_fstat(fd, &st);
  if (!rc && S_ISDIR(st.mode)) rc = -EISDIR;
  bool regular = !rc && S_ISREG(st.mode);
  size_t cap = regular && st.size > 0 ? (size_t)st.size + 1 : 65536, n = 0;
  unsigned char *buf = rc ? NULL : file_buffer(cap);
  if (!rc && !buf) rc = -ENOMEM;
  while (!rc) {
    if (n == cap) {
      unsigned char *nb = realloc(buf, cap * 2);
      if (!nb) {
        rc = -ENOMEM;
        break;
      }
      buf = nb;
      cap *= 2;
    }
    ssize_t k = acs_sys_read(fd, buf + n, cap - n);
    if (k < 0) rc = (int)k;
    else if (k == 0) break;
    else {
      n += (size_t)k;
      /* all of a regular file that was asked for came: it ended (a
      ** concurrent writer may add more; Node's readFile reads to the
      ** size it saw as well) */
      if (regular && n == (size_t)st.size && n > 0) break;
    }
  }
  acs_sys_close(fd);
  if (rc) {
    free(buf);
    if (rc == -ENOMEM) *syscall = NULL;
    return rc;
  }
  *data = buf;
  *len = n;
  return 0;
}

/* A small file in one round trip (READFILE); a large one, or one that is
** not a regular file, the long way. */
static int s_read_file(const char *path, unsigned char **data, size_t *len, const char **syscall)
{
  *data = NULL;
  *len = 0;
  *syscall = "open";
  static unsigned char first[ACS__SYS_MAX_DATA];
  uint64_t size = 0;
  bool regular = false;
  ssize_t n = acs_sys_readfile(path, first, sizeof first, &size, &regular);
  if (n < 0) return (int)n;
  if (!regular || size > (uint64_t)n) return read_file_fd(path, data, len, syscall);
  unsigned char *buf = malloc((size_t)n + 1);
  if (!buf) {
    *syscall = NULL;
    return -ENOMEM;
  }
  memcpy(buf, first, (size_t)n);
  *data = buf;
  *len = (size_t)n;
  return 0;
}

static int write_file_fd(const char *path, const void *data, size_t len, int flags, mode_t mode,
                         const char **syscall)
{
  *syscall = "open";
  int fd = acs_sys_open(path, flags | O_CLOEXEC, (unsigned)mode);
  if (fd < 0) return fd;
  *syscall = "write";
  int rc = len ? acs_sys_write_all(fd, data, len) : 0;
  acs_sys_close(fd);
  return rc;
}

/* open, write, close in one round trip (WRITEFILE) when the data fits
** in one message. */
static int s_write_file(const char *path, const void *data, size_t len, int flags, mode_t mode,
                        const char **syscall)
{
  if (len > ACS__SYS_MAX_DATA) return write_file_fd(path, data, len, flags, mode, syscall);
  int stage = 0;
  int rc = acs_sys_writefile(path, flags, (unsigned)mode, data, len, &stage);
  /* a named pipe or one of this process's descriptors (/dev/stdout) */
  if (rc == -EOPNOTSUPP && !stage) return write_file_fd(path, data, len, flags, mode, syscall);
  *syscall = stage ? "write" : "open";
  return rc;
}

static int s_stat(const char *path, bool follow, acs__js_stat *o)
{
  acs__sys_stat w;
  int rc = follow ? acs_sys_stat(path, &w) : acs_sys_lstat(path, &w);
  if (!rc) from_wire(&w, o);
  return rc;
}

static int s_access(const char *path, int mode) { return acs_sys_access(path, mode); }

/* getdents records: u64 ino, u8 type, u16 namelen, name */
static int s_readdir(const char *path, acs__js_dirent_fn fn, void *user)
{
  int fd = acs_sys_open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
  if (fd < 0) return fd;
  static unsigned char buf[ACS__SYS_MAX_DATA];
  char name[ACS__SYS_MAX_STR + 1];
  int rc = 0;
  for (;;) {
    ssize_t n = acs_sys_getdents(fd, buf, sizeof buf);
    if (n < 0 && n != -ENOENT) rc = (int)n; /* ENOENT: a removed directory, the end (as glibc's readdir) */
    if (n <= 0) break;
    for (size_t at = 0; at + 11 <= (size_t)n && !rc;) {
      uint16_t nl;
      memcpy(&nl, buf + at + 9, 2);
      if (at + 11 + nl > (size_t)n || nl > ACS__SYS_MAX_STR) {
        rc = -EPROTO; /* the kernel's records are whole: this one is not */
        break;
      }
      unsigned char type = buf[at + 8];
      memcpy(name, buf + at + 11, nl);
      name[nl] = 0;
      at += 11 + (size_t)nl;
      if (!strcmp(name, ".") || !strcmp(name, "..")) continue;
      rc = fn(user, name, type);
    }
    if (rc) break;
  }
  acs_sys_close(fd);
  return rc;
}

static int s_mkdir(const char *path, mode_t mode) { return acs_sys_mkdir(path, (unsigned)mode); }
static int s_rmdir(const char *path) { return acs_sys_rmdir(path); }
static int s_unlink(const char *path) { return acs_sys_unlink(path); }
static int s_chmod(const char *path, mode_t mode) { return acs_sys_chmod(path, (unsigned)mode); }
static int s_chown(const char *path, uint32_t uid, uint32_t gid, bool follow)
{
  return acs_sys_chownat(AT_FDCWD, path, uid, gid, follow ? 0 : AT_SYMLINK_NOFOLLOW);
}
static int s_truncate(const char *path, int64_t len) { return acs_sys_truncate(path, len); }
static int s_utimens(const char *path, const struct timespec ts[2], bool follow)
{
  return acs_sys_utimensat(AT_FDCWD, path, ts, follow ? 0 : AT_SYMLINK_NOFOLLOW);
}
static int s_rename(const char *a, const char *b) { return acs_sys_rename(a, b); }
static int s_link(const char *a, const char *b) { return acs_sys_link(a, b); }
static int s_symlink(const char *t, const char *p) { return acs_sys_symlink(t, p); }

static int s_readlink(const char *path, char **out)
{
  char buf[ACS__SYS_MAX_STR + 1];
  ssize_t n = acs_sys_readlink(path, buf, sizeof buf - 1);
  if (n < 0) return (int)n;
  buf[n] = 0;
  return (*out = strdup(buf)) ? 0 : -ENOMEM;
}

static int s_realpath(const char *path, char **out)
{
  char buf[ACS__SYS_MAX_STR + 2];
  int rc = acs_sys_realpath(path, buf, sizeof buf);
  if (rc) return rc;
  return (*out = strdup(buf)) ? 0 : -ENOMEM;
}

static int s_chdir(const char *path, char **out)
{
  int rc = acs_sys_chdir(path);
  if (rc) return rc;
  char buf[ACS__SYS_MAX_STR + 2];
  if ((rc = acs_sys_getcwd(buf, sizeof buf)) != 0) return rc;
  return (*out = strdup(buf)) ? 0 : -ENOMEM;
}

static int s_umask(unsigned mask) { return acs_sys_umask(mask); }

static int s_poll_fd(int fd) { return acs_sys_direct_fd(fd); }

const acs__js_files acs__js_files_sys = {
    .name = "sys",
    .open = s_open,
    .close = s_close,
    .read = s_read,
    .write = s_write,
    .fstat = s_fstat,
    .ftruncate = s_ftruncate,
    .fsync = s_fsync,
    .fchmod = s_fchmod,
    .futimens = s_futimens,
    .fchown = s_fchown,
    .read_file = s_read_file,
    .write_file = s_write_file,
    .stat = s_stat,
    .access = s_access,
    .readdir = s_readdir,
    .mkdir = s_mkdir,
    .rmdir = s_rmdir,
    .unlink = s_unlink,
    .chmod = s_chmod,
    .chown = s_chown,
    .truncate = s_truncate,
    .utimens = s_utimens,
    .rename = s_rename,
    .link = s_link,
    .symlink = s_symlink,
    .readlink = s_readlink,
    .realpath = s_realpath,
    .chdir = s_chdir,
    .umask = s_umask,
    .poll_fd = s_poll_fd,
};
