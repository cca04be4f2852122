/* hostfs.h - host directories mounted into the box (hostfs.c).
**
** A mount is a memfs directory marked as a mount point; a walk that
** reaches it comes here with the rest of its path (memfs's crossing
** record), and the kernel finishes the call on the host directory through
** src/vfs, which resolves every component inside the mounts. What a walk
** in a mount reaches outside every mount (a `..` above the mount's root, a
** link whose target is a box path such as /etc/passwd) is the box's again:
** the call answers ACS__HOSTFS_AGAIN with the box path to resolve from the
** box's root, so that a link in a mount resolves inside the box, never on
** the host. The box's users see a mount's files as owned by the mount's
** owner (given at mount time), with the host's mode bits, and every call
** checks them as memfs does; chown to another owner is EPERM, setuid and
** setgid bits are never set on a host file. Open files of a mount are
** served by the kernel (their host descriptors never leave it).
** docs/box-mounts.md has the rules and where they differ from Linux. */
#ifndef ACS_KERNEL_HOSTFS_H
#define ACS_KERNEL_HOSTFS_H

#include "kernel.h"

#include <sys/stat.h>

/* Resolve `again` (the call's own path buffer) from the box's root. */
#define ACS__HOSTFS_AGAIN (-5001)
#define ACS__HOSTFS_MOUNTS 16 /* mounts per box */

/* Mount the host directory open as dir_fd at box_path (absolute; made,
** root 0755, when missing), read-only or not, its files seen as owned by
** uid:gid. 0, or -errno with why[] filled. */
int acs__hostfs_mount(acs__kernel *k, int dir_fd, const char *box_path, bool ro, uint32_t uid,
                      uint32_t gid, char *why, size_t whycap);
/* The mounts again on k->fs, a memfs that restore just made. */
int acs__hostfs_remount(acs__kernel *k);
/* The mounts as JSON, [{"path":"/app","readOnly":false},...], into out
** (cap bytes, NUL-terminated when it fits); returns the length it needs. */
size_t acs__hostfs_json(acs__kernel *k, char *out, size_t cap);
/* The last memfs call that returned ACS_MEMFS_CROSSED reached a host mount. */
bool acs__hostfs_crossed(acs__kernel *k);
/* The guest path of a relative path: cwd (or a mount directory's
** descriptor at) joined to it, when that lies in a mount; the path is
** then absolute in place. -ENAMETOOLONG when it would not fit in size. */
int acs__hostfs_rebase(acs__kernel *k, const acs__proc *p, int32_t *at, char *path, size_t size);
/* chdir(2) wherever path leads, mounts included: *dir a reference the
** caller keeps as the cwd, *cwd_path the box path when it lies in a mount
** (the caller's, free()), else NULL. path is relative to at. */
int acs__kernel_chdir(acs__kernel *k, const acs_memfs_cred *cr, acs_memfs_inode *at, const char *path,
                      acs_memfs_inode **dir, char **cwd_path);
/* p's cwd as a box path (the caller's, free()). */
int acs__proc_cwd(acs__kernel *k, const acs__proc *p, char **out);

/* The calls on the crossing's path, with cred's rights. `again` is the
** call's path buffer (ACS__SYS_MAX_STR + 1 bytes), filled when one
** answers ACS__HOSTFS_AGAIN. The errors are Linux's. */
int acs__hostfs_open(acs__kernel *k, const acs_memfs_cred *cr, int flags, unsigned mode,
                     acs__kfile **out, char *again);
int acs__hostfs_stat(acs__kernel *k, const acs_memfs_cred *cr, int flags, acs_memfs_stat *st,
                     char *again);
int acs__hostfs_access(acs__kernel *k, const acs_memfs_cred *cr, int mode, int flags, char *again);
int acs__hostfs_mkdir(acs__kernel *k, const acs_memfs_cred *cr, unsigned mode, char *again);
int acs__hostfs_mknod(acs__kernel *k, const acs_memfs_cred *cr, unsigned mode, char *again);
int acs__hostfs_remove(acs__kernel *k, const acs_memfs_cred *cr, bool dir, char *again);
int acs__hostfs_symlink(acs__kernel *k, const acs_memfs_cred *cr, const char *target, char *again);
ssize_t acs__hostfs_readlink(acs__kernel *k, const acs_memfs_cred *cr, char *buf, size_t size,
                             char *again);
int acs__hostfs_realpath(acs__kernel *k, const acs_memfs_cred *cr, char **out, char *again);
int acs__hostfs_chmod(acs__kernel *k, const acs_memfs_cred *cr, unsigned mode, int flags, char *again);
int acs__hostfs_chown(acs__kernel *k, const acs_memfs_cred *cr, uint32_t uid, uint32_t gid, int flags,
                      char *again);
int acs__hostfs_utimens(acs__kernel *k, const acs_memfs_cred *cr, const struct timespec ts[2],
                        int flags, char *again);
int acs__hostfs_truncate(acs__kernel *k, const acs_memfs_cred *cr, int64_t len, char *again);
/* chdir: the directory's canonical box path in *cwd (the caller's). */
int acs__hostfs_chdir(acs__kernel *k, const acs_memfs_cred *cr, char **cwd, char *again);
/* rename and link within one mount (memfs sends across mounts EXDEV) */
int acs__hostfs_rename(acs__kernel *k, const acs_memfs_cred *cr, unsigned flags);
int acs__hostfs_link(acs__kernel *k, const acs_memfs_cred *cr, int flags);
/* execve's look at a program in a mount: a regular file cred may execute;
** its first bytes into head (returns how many). */
ssize_t acs__hostfs_program(acs__kernel *k, const acs_memfs_cred *cr, char *head, size_t cap,
                            char *again);

/* An open file or directory of a mount (acs__kfile.hf). */
typedef struct acs__hfile acs__hfile;
void acs__hfile_free(acs__kernel *k, acs__hfile *f);
ssize_t acs__hfile_read(acs__hfile *f, void *buf, size_t n, bool at, int64_t off);
ssize_t acs__hfile_write(acs__kernel *k, acs__hfile *f, const void *buf, size_t n, bool at,
                         int64_t off);
int64_t acs__hfile_lseek(acs__hfile *f, int64_t off, int whence);
int acs__hfile_stat(acs__kernel *k, acs__hfile *f, acs_memfs_stat *st);
int acs__hfile_truncate(acs__kernel *k, acs__hfile *f, int64_t len);
int acs__hfile_chmod(acs__kernel *k, const acs_memfs_cred *cr, acs__hfile *f, unsigned mode);
/* entries from where the last call stopped: how many fn took, 0 at the end */
int acs__hfile_readdir(acs__hfile *f, acs_memfs_dirent_fn fn, void *user);
int acs__hfile_getfl(const acs__hfile *f);
void acs__hfile_setfl(acs__hfile *f, int flags);
/* a directory's canonical box path, or NULL for a file */
const char *acs__hfile_dir(const acs__hfile *f);

#endif
