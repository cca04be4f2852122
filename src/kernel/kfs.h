/* kfs.h - the kernel's own path calls on the box's whole tree (kfs.c):
** memfs, and the host mounts behind it, for the parts of the kernel that
** write files themselves (the package copier). Absolute box paths; the
** rights of cr; Linux's errors; /proc is EXDEV. */
#ifndef ACS_KERNEL_KFS_H
#define ACS_KERNEL_KFS_H

#include "kernel.h"

int acs__kfs_lstat(acs__kernel *k, const acs_memfs_cred *cr, const char *path, acs_memfs_stat *st);
int acs__kfs_stat(acs__kernel *k, const acs_memfs_cred *cr, const char *path, acs_memfs_stat *st);
int acs__kfs_mkdir(acs__kernel *k, const acs_memfs_cred *cr, const char *path, unsigned mode);
int acs__kfs_unlink(acs__kernel *k, const acs_memfs_cred *cr, const char *path);
int acs__kfs_rmdir(acs__kernel *k, const acs_memfs_cred *cr, const char *path);
int acs__kfs_symlink(acs__kernel *k, const acs_memfs_cred *cr, const char *target, const char *path);
/* An open file or directory (acs__kfile_put closes it). */
int acs__kfs_open(acs__kernel *k, const acs_memfs_cred *cr, const char *path, int flags, unsigned mode,
                  acs__kfile **out);
ssize_t acs__kfs_write(acs__kernel *k, const acs_memfs_cred *cr, acs__kfile *f, const void *buf, size_t n);
/* getdents of a directory opened so: > 0 while entries remain, as
** acs_memfs_readdir */
int acs__kfs_readdir(acs__kernel *k, acs__kfile *f, acs_memfs_dirent_fn fn, void *user);

#endif
