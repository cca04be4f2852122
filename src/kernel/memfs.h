/* memfs.h - the box's in-memory filesystem, a library of the box kernel.
**
** One acs_memfs holds a tree of inodes: regular files (sparse, in pages),
** directories (hashed names, a stable readdir order), symbolic links,
** hard links, fifos and device nodes. The kernel serves many guest
** processes from one acs_memfs; every call says on whose behalf it acts
** (an acs_memfs_cred: ids, groups, umask) and where a relative path starts
** (an inode: the process's cwd or the directory of a dirfd), and every
** permission is decided here, as Linux decides it (docs/box-memfs.md lists
** where it does not, and why).
**
** Conventions
** - Errors are negative errno values (-ENOENT); nothing touches errno.
** - Flags and modes are Linux's own numbers (O_*, AT_*, S_*, UTIME_*), so
**   a guest's request passes through unchanged.
** - Strings passed in are borrowed for the call. What a function returns
**   for the caller to own is said in its comment, with the function that
**   releases it.
** - Not thread-safe: one thread (the kernel's loop) calls into one acs_memfs.
** - Pointers to inodes and files stay valid while a reference is held
**   (acs_memfs_inode_hold, an open file) and until acs_memfs_free.
**
** Mounts: a directory can be marked as the mount point of another backend
** (a host directory). memfs does not enter it: a path whose walk reaches
** it returns ACS_MEMFS_CROSSED, and acs_memfs_crossing() says which mount
** and what is left of the path, for the kernel to hand to the backend. */
#ifndef ACS_KERNEL_MEMFS_H
#define ACS_KERNEL_MEMFS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

typedef struct acs_memfs acs_memfs;
typedef struct acs_memfs_inode acs_memfs_inode;
typedef struct acs_memfs_file acs_memfs_file;

/* Returned instead of an error when a path's walk reached a mount point:
** see acs_memfs_crossing(). Negative, below every errno (Linux's errors
** stop at 4095), so a caller unaware of mounts treats it as a failure. */
#define ACS_MEMFS_CROSSED (-5000)

#define ACS_MEMFS_NAME_MAX 255   /* bytes in one component */
#define ACS_MEMFS_PATH_MAX 4096  /* bytes in a path with its NUL */
#define ACS_MEMFS_MAXSYMLINKS 40 /* links followed in one walk */
#define ACS_MEMFS_PAGE 4096      /* data is stored in pages of this size */

/* Device numbers of the character devices the kernel serves (Linux's). */
#define ACS_MEMFS_DEV_NULL ((1u << 8) | 3u)
#define ACS_MEMFS_DEV_ZERO ((1u << 8) | 5u)
#define ACS_MEMFS_DEV_FULL ((1u << 8) | 7u)
#define ACS_MEMFS_DEV_RANDOM ((1u << 8) | 8u)
#define ACS_MEMFS_DEV_URANDOM ((1u << 8) | 9u)
#define ACS_MEMFS_DEV_TTY ((5u << 8) | 0u)
/* st_dev of every memfs inode. */
#define ACS_MEMFS_ST_DEV 0x2aull

/* ----------------------------------------------------------- the filesystem */

#define ACS_MEMFS_OPTIONS_VERSION 1

/* The clock for timestamps (CLOCK_REALTIME when none is given): tests pass
** one that ticks on demand. Called once per operation that stamps times. */
typedef void (*acs_memfs_clock_fn)(void *user, struct timespec *now);

/* Zero-initialise, set version to ACS_MEMFS_OPTIONS_VERSION, fill what you
** need. */
typedef struct acs_memfs_options {
  int version;
  uint64_t max_bytes;   /* cap on the bytes the tree holds (see usage); 0 = none */
  uint64_t max_inodes;  /* cap on live inodes, the root included; 0 = none */
  acs_memfs_clock_fn clock;
  void *clock_user;
  /* Linux's fs.protected_* switches (systemd's sysctl defaults set each
  ** to 1; the kernel's are 0), for /tmp-style directories (sticky,
  ** writable by others). hardlinks: a hard link to a file you neither own nor may
  ** read and write is EPERM. symlinks: following a link there that
  ** neither you nor the directory's owner owns is EACCES. regular and
  ** fifos (0, 1, 2): O_CREAT opening an existing file (fifo) there that
  ** neither you nor the directory's owner owns is EACCES, in
  ** world-writable directories (1) or group-writable ones too (2). */
  bool protected_hardlinks;
  bool protected_symlinks;
  uint8_t protected_regular;
  uint8_t protected_fifos;
  /* The root directory's owner and mode (0 = root:root 0755). */
  uint32_t root_uid, root_gid, root_mode;
} acs_memfs_options;

/* Create an empty filesystem (a root directory). opts may be NULL (no
** caps, the real clock). Returns 0, -EINVAL (bad version), -ENOMEM; on
** success the caller owns *out and releases it with acs_memfs_free. */
int acs_memfs_new(const acs_memfs_options *opts, acs_memfs **out /* OUT */);

/* Free the filesystem with every inode and open file left in it (they
** are invalid afterwards). NULL is a no-op. */
void acs_memfs_free(acs_memfs *fs);

/* What the tree holds. `bytes` is every allocation memfs makes for it
** (file pages and their index, directory entries and tables, inodes,
** link targets), the figure max_bytes caps and the kernel counts toward
** the box's memory limit; `data_bytes` is the file pages alone. */
typedef struct acs_memfs_usage {
  uint64_t bytes, data_bytes, inodes;
  uint64_t max_bytes, max_inodes; /* UINT64_MAX when uncapped */
} acs_memfs_usage;
void acs_memfs_usage_get(const acs_memfs *fs, acs_memfs_usage *out /* OUT */);

/* statfs(2)'s figures, in blocks of ACS_MEMFS_PAGE bytes. */
typedef struct acs_memfs_statfs {
  uint64_t bsize, blocks, bfree, files, ffree, namelen;
} acs_memfs_statfs;
void acs_memfs_statfs_get(const acs_memfs *fs, acs_memfs_statfs *out /* OUT */);

/* ------------------------------------------------------------ credentials */

/* On whose behalf a call acts. uid/gid are the effective ids (Linux's
** fsuid/fsgid) every check uses; ruid/rgid the real ids that access()
** checks unless AT_EACCESS; fill all four. uid 0 is root: it passes read,
** write and search checks, and execute when any x bit is set. groups is
** borrowed for the call. umask applies to what the call creates. */
typedef struct acs_memfs_cred {
  uint32_t uid, gid;
  uint32_t ruid, rgid;
  const uint32_t *groups;
  uint32_t ngroups;
  uint32_t umask;
} acs_memfs_cred;

/* ----------------------------------------------------------------- inodes */

/* The root directory (borrowed; it lives as long as the filesystem). */
acs_memfs_inode *acs_memfs_root(acs_memfs *fs);

/* Take and drop a reference to an inode: a process's cwd, a mount point.
** An inode whose last name is gone lives while references remain. */
void acs_memfs_inode_hold(acs_memfs_inode *ino);
void acs_memfs_inode_release(acs_memfs *fs, acs_memfs_inode *ino); /* NULL ok */

typedef struct acs_memfs_stat {
  uint64_t dev, ino, nlink;
  uint32_t mode, uid, gid, blksize;
  uint64_t rdev, size, blocks; /* blocks of 512 bytes, as st_blocks */
  struct timespec atime, mtime, ctime, btime;
} acs_memfs_stat;

void acs_memfs_inode_stat(const acs_memfs_inode *ino, acs_memfs_stat *out /* OUT */);

/* Whether cred may do mask (R_OK|W_OK|X_OK) to ino: 0 or -EACCES. For the
** kernel's own checks (exec needs X_OK on a regular file). */
int acs_memfs_permission(const acs_memfs_cred *cr, const acs_memfs_inode *ino, int mask);

/* The inode a path names. flags: AT_SYMLINK_NOFOLLOW (a final link is
** returned itself), O_DIRECTORY (it must be a directory: -ENOTDIR).
** On success the caller owns a reference (acs_memfs_inode_release). */
int acs_memfs_resolve(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                      const char *path, int flags, acs_memfs_inode **out /* OUT */);

/* chdir(2): the directory path names, which cred must be able to search.
** The caller owns the reference returned (acs_memfs_inode_release); the
** kernel keeps it as the process's cwd. -ENOTDIR, -EACCES, -ENOENT... */
int acs_memfs_chdir(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                    const char *path, acs_memfs_inode **out /* OUT */);

/* The absolute path of a directory inode (getcwd). -ENOENT when it was
** removed, -ENOTDIR for another type. The caller owns *out (free()). */
int acs_memfs_dir_path(acs_memfs *fs, const acs_memfs_inode *dir, char **out /* OUT */);

/* ----------------------------------------------------------------- mounts */

/* Make directory dir the mount point of mount `id` (nonzero; the kernel's
** number for a backend). memfs then never walks into it: walks report
** the crossing, rmdir and rename of it are -EBUSY, rename and link from
** one side to the other -EXDEV. The mount holds a reference on dir.
** -ENOTDIR, -EINVAL (id 0, or dir is the root), -EBUSY (already one). */
int acs_memfs_mount(acs_memfs *fs, acs_memfs_inode *dir, uint32_t id);
int acs_memfs_umount(acs_memfs *fs, acs_memfs_inode *dir); /* -EINVAL if none */

/* What the last call that returned ACS_MEMFS_CROSSED reached: the mount's
** id and the rest of the path below the mount's root ("" for the root
** itself), with symbolic links on the way already resolved, trailing
** slash kept. For rename and link both paths crossed into the same mount
** and path2 is the second one's rest (else NULL). A `..` in rest that
** climbs above the mount's root is the backend's to send back: resolve
** "../REST" from the mount point inode again. Borrowed until the next
** call on fs. */
typedef struct acs_memfs_cross {
  uint32_t mount;
  const char *path;
  const char *path2;
} acs_memfs_cross;
const acs_memfs_cross *acs_memfs_crossing(const acs_memfs *fs);

/* ------------------------------------------------------ operations on paths */
/* `at` is where a relative path starts (NULL: the root); an absolute path
** and an absolute link target start at the root. The errors are Linux's,
** in Linux's order where two apply. */

int acs_memfs_fstatat(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                      const char *path, int flags /* AT_SYMLINK_NOFOLLOW, AT_EMPTY_PATH */,
                      acs_memfs_stat *out /* OUT */);
/* access(2)/faccessat2: mode F_OK or R_OK|W_OK|X_OK; checked with the
** real ids unless flags has AT_EACCESS; AT_SYMLINK_NOFOLLOW. */
int acs_memfs_access(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                     const char *path, int mode, int flags);
int acs_memfs_mkdir(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                    const char *path, uint32_t mode);
/* mknod(2): S_IFREG, S_IFIFO, S_IFSOCK for anyone; S_IFCHR and S_IFBLK
** (with rdev) for root only (-EPERM). The kernel gives fifos and devices
** their behaviour; memfs keeps the type and rdev. */
int acs_memfs_mknod(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                    const char *path, uint32_t mode, uint64_t rdev);
int acs_memfs_rmdir(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                    const char *path);
int acs_memfs_unlink(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                     const char *path);
/* renameat2: flags 0 or RENAME_NOREPLACE (-EINVAL for others). */
int acs_memfs_rename(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at1,
                     const char *from, acs_memfs_inode *at2, const char *to,
                     unsigned flags);
/* linkat: flags 0 or AT_SYMLINK_FOLLOW (follow `from` if it is a link). */
int acs_memfs_link(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at1,
                   const char *from, acs_memfs_inode *at2, const char *to, int flags);
int acs_memfs_symlink(acs_memfs *fs, const acs_memfs_cred *cr, const char *target,
                      acs_memfs_inode *at, const char *path);
/* readlink(2): copies at most size bytes of the target (no NUL) into buf
** and returns how many, or a negative errno (-EINVAL: not a link). */
ssize_t acs_memfs_readlink(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                           const char *path, char *buf, size_t size);
/* realpath(3) as glibc computes it ("." and ".." taken lexically, one
** component at a time; see memfs_realpath.c): the canonical absolute
** path. The caller owns *out (free()). */
int acs_memfs_realpath(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                       const char *path, char **out /* OUT */);
/* fchmodat2: AT_SYMLINK_NOFOLLOW on a link is -EOPNOTSUPP, as Linux. */
int acs_memfs_chmod(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                    const char *path, uint32_t mode, int flags);
/* fchownat: (uint32_t)-1 leaves an id as it is; AT_SYMLINK_NOFOLLOW,
** AT_EMPTY_PATH. */
int acs_memfs_chown(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                    const char *path, uint32_t uid, uint32_t gid, int flags);
/* utimensat: ts NULL sets both to now; tv_nsec UTIME_NOW / UTIME_OMIT;
** AT_SYMLINK_NOFOLLOW, AT_EMPTY_PATH. */
int acs_memfs_utimens(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                      const char *path, const struct timespec ts[2], int flags);
int acs_memfs_truncate(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                       const char *path, int64_t length);

/* -------------------------------------------------- open file descriptions */

/* openat(2). flags: O_RDONLY/O_WRONLY/O_RDWR, O_CREAT, O_EXCL, O_TRUNC,
** O_APPEND, O_DIRECTORY, O_NOFOLLOW, O_NOATIME (the owner's: -EPERM),
** O_NONBLOCK (kept for the kernel); O_PATH and O_TMPFILE are -EOPNOTSUPP,
** O_CREAT|O_DIRECTORY -EINVAL (Linux 6.4 on); others (O_CLOEXEC,
** O_NOCTTY, O_LARGEFILE...) are the kernel's or meaningless here and
** ignored. mode (with the umask) for a created file.
** On success the caller owns one reference to the description *out:
** share it with acs_memfs_file_hold (dup, fork) and drop each with
** acs_memfs_close. Opening a fifo or a device checks permissions and
** gives a description whose data the kernel serves (read and write on it
** here are -EINVAL). */
int acs_memfs_open(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                   const char *path, int flags, uint32_t mode, acs_memfs_file **out /* OUT */);
void acs_memfs_file_hold(acs_memfs_file *f);
/* Drop a reference; the last one frees the description and releases its
** inode (an unlinked file's data goes with its last reference). NULL ok. */
void acs_memfs_close(acs_memfs *fs, acs_memfs_file *f);

acs_memfs_inode *acs_memfs_file_inode(const acs_memfs_file *f); /* borrowed */
int acs_memfs_file_flags(const acs_memfs_file *f);  /* the open flags kept */
/* fcntl(F_SETFL): changes O_APPEND and O_NONBLOCK only. */
void acs_memfs_file_setfl(acs_memfs_file *f, int flags);

/* read/write at the description's offset, and pread/pwrite at off: the
** bytes done (write may be short when the byte cap is reached; then
** -ENOSPC once nothing fits), or -EBADF (wrong access mode), -EISDIR,
** -EINVAL, -EFBIG, -ENOSPC, -ENOMEM. cred is the writer's: a write by
** someone other than root clears setuid/setgid, as Linux does. */
ssize_t acs_memfs_read(acs_memfs *fs, acs_memfs_file *f, void *buf, size_t n);
ssize_t acs_memfs_pread(acs_memfs *fs, acs_memfs_file *f, void *buf, size_t n, int64_t off);
ssize_t acs_memfs_write(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_file *f,
                        const void *buf, size_t n);
ssize_t acs_memfs_pwrite(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_file *f,
                         const void *buf, size_t n, int64_t off);
/* SEEK_SET/CUR/END/DATA/HOLE: the new offset or a negative errno. On a
** directory the offset is a readdir cookie. */
int64_t acs_memfs_lseek(acs_memfs *fs, acs_memfs_file *f, int64_t off, int whence);
/* The content of the empty regular file f becomes data, len bytes that
** stay the caller's: memfs never writes or frees them and does not charge
** them to the byte cap (the box's own files, such as Python's stdlib,
** mapped once from the host). The first write or truncate copies them
** into the file's own pages. They must outlive fs. -EBADF (not opened
** for writing), -EINVAL (not a regular file), -EBUSY (has content). */
int acs_memfs_borrow(acs_memfs *fs, acs_memfs_file *f, const void *data, uint64_t len);
int acs_memfs_ftruncate(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_file *f,
                        int64_t length);
int acs_memfs_fstat(acs_memfs *fs, acs_memfs_file *f, acs_memfs_stat *out /* OUT */);
int acs_memfs_fchmod(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_file *f, uint32_t mode);
int acs_memfs_fchown(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_file *f, uint32_t uid,
                     uint32_t gid);
int acs_memfs_futimens(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_file *f,
                       const struct timespec ts[2]);

/* One directory entry for acs_memfs_readdir. name is borrowed for the
** callback; next is the cookie (the offset) just after this entry. */
typedef struct acs_memfs_dirent {
  uint64_t ino;
  int64_t next;
  unsigned char type; /* DT_REG, DT_DIR, ... */
  uint16_t namelen;
  const char *name;
} acs_memfs_dirent;

/* Return 0 to take the entry (the offset moves past it) or nonzero to
** stop before it (getdents: the buffer is full). */
typedef int (*acs_memfs_dirent_fn)(void *user, const acs_memfs_dirent *e);

/* getdents: entries from the description's offset, "." and ".." first,
** then the others in the order they were made (a rename makes a new
** entry). Entries removed meanwhile are skipped and entries added appear
** at the end, so a listing that removes as it goes (rm -r) sees every
** entry once. Returns the number taken, 0 at the end, -ENOTDIR, -ENOENT
** (the directory was removed), -EBADF. */
int acs_memfs_readdir(acs_memfs *fs, acs_memfs_file *f, acs_memfs_dirent_fn fn, void *user);

#endif
