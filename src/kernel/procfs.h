/* procfs.h - the box's /proc (procfs.c), answered by the kernel from its
** process table. The path calls of calls.c hand a walk that crossed into
** the /proc mount here (the rest of the path is memfs's crossing record);
** an open /proc file is an acs__kfile whose pf is set. */
#ifndef ACS_KERNEL_PROCFS_H
#define ACS_KERNEL_PROCFS_H

#include "kernel.h"

#define ACS__PROCFS_MOUNT 1 /* memfs mount id of /proc */

/* boot: mount /proc */
int acs__procfs_mount(acs__kernel *k);
/* the last memfs call that returned ACS_MEMFS_CROSSED reached /proc */
bool acs__procfs_crossed(acs__kernel *k);

/* The calls, on the crossing's rest of path, for process p. */
int acs__procfs_open(acs__kernel *k, acs__proc *p, int flags, unsigned mode, acs__kfile **out);
int acs__procfs_stat(acs__kernel *k, acs__proc *p, int flags, acs_memfs_stat *st);
int acs__procfs_access(acs__kernel *k, acs__proc *p, int mode, int flags);
ssize_t acs__procfs_readlink(acs__kernel *k, acs__proc *p, char *buf, size_t size);
int acs__procfs_realpath(acs__kernel *k, acs__proc *p, char **out);
/* What a change of a /proc path answers: Linux's errors (ENOENT for a new
** name, EEXIST, EPERM for an entry), 0 for utimes of an entry. */
enum { ACS__PROCFS_CREATE, ACS__PROCFS_UNLINK, ACS__PROCFS_RMDIR, ACS__PROCFS_ATTR,
       ACS__PROCFS_UTIMES, ACS__PROCFS_TRUNCATE };
int acs__procfs_refuse(acs__kernel *k, acs__proc *p, int op);

/* An open /proc file or directory. */
void acs__pfile_free(acs__pfile *f);
bool acs__pfile_is_dir(const acs__pfile *f);
bool acs__pfile_writable(const acs__pfile *f); /* opened for writing (root) */
const char *acs__pfile_path(const acs__pfile *f); /* a directory's, below /proc */
ssize_t acs__pfile_read(acs__pfile *f, void *buf, size_t n, bool at, int64_t off);
int64_t acs__pfile_lseek(acs__pfile *f, int64_t off, int whence);
int acs__pfile_readdir(acs__pfile *f, acs_memfs_dirent_fn fn, void *user);
void acs__pfile_stat(const acs__pfile *f, acs_memfs_stat *st);
size_t acs__pfile_size(const acs__pfile *f);

#endif
