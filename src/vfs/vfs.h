/* vfs.h - the guest's view of files: a table of host directories mounted at
** guest paths, and every file operation resolved inside them.
**
** Resolution walks the guest path one component at a time from a mount's
** directory fd, with O_NOFOLLOW at each step; symbolic links are read and
** resolved in the guest's namespace (an absolute target starts again from
** the mount table), so `..`, absolute links, links created by the guest and
** links swapped during a call can never reach a host path outside the
** mounts. The common path (plain names inside one mount) is first tried
** with one openat2(RESOLVE_BENEATH) from the mount's fd, which the kernel
** refuses to resolve outside it; what it refuses takes the walk. Paths outside every mount do not exist for reads (ENOENT) and
** are refused for writes (EACCES); read-only mounts refuse writes (EROFS). */
#ifndef ACS_VFS_H
#define ACS_VFS_H

#include "acs.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

typedef struct acs__vfs acs__vfs;

/* Errors are negative errno values. ACS__VFS_OUTSIDE is ORed into no error:
** callers learn that a path lay outside every mount with acs__vfs_outside(). */

int acs__vfs_new(acs__vfs **out);
void acs__vfs_free(acs__vfs *v);

/* Mount host directory `host_dir` (must exist) at the same guest path. The
** directory is opened now; later renames of it on the host do not matter. */
int acs__vfs_mount(acs__vfs *v, const char *host_dir, bool read_only, acs_err *err);

/* Mount host directory `host_dir` at another guest path (an installed npm
** package at /node_modules/NAME). Directories above it that exist nowhere
** on the host are virtual: walks pass through them to the mount. */
int acs__vfs_mount_at(acs__vfs *v, const char *host_dir, const char *guest_path, bool read_only,
                      acs_err *err);

/* Mount the directory open as dir_fd (O_PATH is enough; it is
** duplicated, the caller keeps its own) at guest_path: a box's mount,
** whose host directory its owner opened. 0 or a negative errno. */
int acs__vfs_mount_fd(acs__vfs *v, int dir_fd, const char *guest_path, bool read_only);

/* A description of the mounts for messages: "/w (read-write), /r (read-only)".
** Borrowed; valid until the next mount. */
const char *acs__vfs_describe(acs__vfs *v);

/* Whether the last failed call failed because its path lay outside every
** mount (so that the message can say what is allowed). */
bool acs__vfs_outside(const acs__vfs *v);

/* After such a failure: the guest path where the walk left every mount,
** with the rest of the path joined on ("/etc/passwd" for
** "/app/../etc/passwd" with only /app mounted, or for a link in /app whose
** target is "/etc/passwd"), or NULL. A box, whose mounts sit in a
** filesystem of its own, resolves it there again. Borrowed until the next
** call. */
const char *acs__vfs_escape(const acs__vfs *v);

/* Normalise a guest path: absolute (relative ones against cwd), "." and
** empty components removed, ".." kept for the walk. malloc'd. */
char *acs__vfs_abs(const char *cwd, const char *path);

/* Operations on guest paths (absolute). They mirror the POSIX calls. */
int acs__vfs_open(acs__vfs *v, const char *path, int flags, mode_t mode, int *fd, bool *ro);
int acs__vfs_stat(acs__vfs *v, const char *path, bool follow, struct stat *st);
int acs__vfs_access(acs__vfs *v, const char *path, int mode);
int acs__vfs_mkdir(acs__vfs *v, const char *path, mode_t mode);
int acs__vfs_rmdir(acs__vfs *v, const char *path);
int acs__vfs_unlink(acs__vfs *v, const char *path);
int acs__vfs_rename(acs__vfs *v, const char *from, const char *to);
int acs__vfs_link(acs__vfs *v, const char *from, const char *to);
int acs__vfs_symlink(acs__vfs *v, const char *target, const char *path);
/* The link's text (as stored), malloc'd in *out. */
int acs__vfs_readlink(acs__vfs *v, const char *path, char **out);
/* The canonical guest path (all links resolved), malloc'd in *out. */
int acs__vfs_realpath(acs__vfs *v, const char *path, char **out);
int acs__vfs_chmod(acs__vfs *v, const char *path, mode_t mode);
/* chown changes nothing (the sandbox's files all stay the user's who runs
** it); it fails as chown(2) would for a missing path or a read-only mount. */
int acs__vfs_chown(acs__vfs *v, const char *path, bool follow);
int acs__vfs_utimes(acs__vfs *v, const char *path, const struct timespec ts[2], bool follow);
int acs__vfs_truncate(acs__vfs *v, const char *path, off_t len);

/* Close the directories kept from earlier calls (see fast_parent in
** vfs.c). The runtime calls this before its loop waits for anything, so
** that no directory fd outlives a stretch of guest code run without a
** pause; the mounts' own fds stay. */
void acs__vfs_forget(acs__vfs *v);

/* Directory entries: names and d_type, one call per entry. */
typedef int (*acs__vfs_dirent_fn)(void *user, const char *name, unsigned char type);
int acs__vfs_readdir(acs__vfs *v, const char *path, acs__vfs_dirent_fn fn, void *user);

/* Check before a run: a symbolic link anywhere inside the mounts whose
** target lies outside every mount is a configuration error naming it.
** Mounts before index `first` (in mount order) are not walked. */
int acs__vfs_check_links(acs__vfs *v, size_t first, acs_err *err);

#endif
