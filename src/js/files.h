/* files.h - the file operations the runtime's host side needs (host.fs in
** fs.c, the module lookup in modfile.c/modules.c, host.write, the loop's
** pause hook), as one table with two implementations:
**
**   acs__js_files_vfs (files_vfs.c): exec's, over the run's VFS and host
**     fds. The guest's descriptors are numbers in a table of ours (3 and
**     up) so that a guest can never name a host fd it was not given; 0-2
**     are the worker's stdio.
**   acs__js_files_sys (files_sys.c): a box guest's, every call a message
**     to the box's kernel (src/sys). Descriptors are the box's own
**     numbers; 0-2 may be direct host pipes, which src/sys reads and
**     writes without a round trip.
**
** A run picks one through acs__js_config.files (NULL: the VFS one).
** Paths are absolute (fs.c resolves relative ones against the cwd first).
** Every function returns 0 (or a count, an fd) or a negative errno. */
#ifndef ACS_JS_FILES_H
#define ACS_JS_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

/* What stat says, with the birth time memfs keeps (the VFS reports the
** change time there, as before). */
typedef struct acs__js_stat {
  uint64_t dev, ino, nlink, rdev, size, blocks;
  uint32_t mode, uid, gid, blksize;
  struct timespec atime, mtime, ctime, btime;
} acs__js_stat;

/* One directory entry: name and d_type (DT_UNKNOWN when not known). */
typedef int (*acs__js_dirent_fn)(void *user, const char *name, unsigned char type);

typedef struct acs__js_files {
  const char *name; /* "vfs" or "sys", for messages */

  int (*open)(const char *path, int flags, mode_t mode); /* -> fd */
  int (*close)(int fd);
  /* Whether fd names an open file, when the table can tell without a
  ** call (NULL: it cannot; the call itself says EBADF). fs.c asks first so
  ** that a bad fd is reported before bad arguments, as exec always did. */
  bool (*fd_ok)(int fd);
  /* pos < 0: at the file's position. One call of the system's: a short
  ** count is possible (fs.c loops where it must). */
  ssize_t (*read)(int fd, void *buf, size_t n, int64_t pos);
  ssize_t (*write)(int fd, const void *buf, size_t n, int64_t pos);
  int (*fstat)(int fd, acs__js_stat *st);
  int (*ftruncate)(int fd, int64_t len);
  int (*fsync)(int fd);
  int (*fchmod)(int fd, mode_t mode);
  int (*futimens)(int fd, const struct timespec ts[2]);
  int (*fchown)(int fd, uint32_t uid, uint32_t gid); /* (uint32_t)-1: unchanged */

  /* The whole file at path: *data malloc'd (the caller frees it), *len
  ** bytes. On failure *syscall names the call that failed ("open" or
  ** "read": Node names the path only for the first). */
  int (*read_file)(const char *path, unsigned char **data, size_t *len, const char **syscall);
  /* open(flags, mode), write all of data, close; *syscall as above
  ** ("open" or "write"). A short write is an error (ENOSPC), never a
  ** short file reported as done. */
  int (*write_file)(const char *path, const void *data, size_t len, int flags, mode_t mode,
                    const char **syscall);

  int (*stat)(const char *path, bool follow, acs__js_stat *st);
  int (*access)(const char *path, int mode);
  /* Entries other than "." and "..", in the directory's order. */
  int (*readdir)(const char *path, acs__js_dirent_fn fn, void *user);
  int (*mkdir)(const char *path, mode_t mode);
  int (*rmdir)(const char *path);
  int (*unlink)(const char *path);
  int (*chmod)(const char *path, mode_t mode);
  int (*chown)(const char *path, uint32_t uid, uint32_t gid, bool follow);
  int (*truncate)(const char *path, int64_t len);
  int (*utimens)(const char *path, const struct timespec ts[2], bool follow);
  int (*rename)(const char *from, const char *to);
  int (*link)(const char *from, const char *to);
  int (*symlink)(const char *target, const char *path);
  int (*readlink)(const char *path, char **out); /* malloc'd */
  int (*realpath)(const char *path, char **out); /* malloc'd */

  /* The process's working directory changes (NULL: the run's cwd is fixed,
  ** process.chdir is refused). On success *out is the new absolute cwd
  ** (malloc'd). */
  int (*chdir)(const char *path, char **out);
  /* umask(mask) -> the previous mask; NULL: fixed at 022. */
  int (*umask)(unsigned mask);

  /* fd is a descriptor whose reads may block (a pipe): the loop should
  ** wait for it to be readable before reading. Returns the host fd to
  ** poll, or -1 when a read never blocks (NULL: never). */
  int (*poll_fd)(int fd);

  /* Why the last failing path call failed, for messages: whether the path
  ** lay outside every mount, and what the mounts are (NULL: no mounts). */
  bool (*outside)(void);
  const char *(*describe)(void);
  /* Called before the loop waits for anything (NULL: nothing to do). */
  void (*pause)(void);
} acs__js_files;

extern const acs__js_files acs__js_files_vfs;
extern const acs__js_files acs__js_files_sys;

/* The table of the run being started or run (the VFS one by default). */
const acs__js_files *acs__js_files_of_run(void);

#endif
