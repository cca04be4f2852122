/* memfs_perm.c - who may do what: owner/group/other bits with the
** supplementary groups, root's bypass, the sticky bit, and the setuid
** bits a change by someone else takes away. Linux without ACLs or
** capabilities other than root's. */
#include "memfs_int.h"

#include <unistd.h>

bool acs__memfs_in_group(const acs_memfs_cred *cr, uint32_t gid)
{
  if (cr->gid == gid) return true;
  for (uint32_t i = 0; i < cr->ngroups; i++)
    if (cr->groups[i] == gid) return true;
  return false;
}

int acs__memfs_may(const acs_memfs_cred *cr, const acs_memfs_inode *ino, int mask)
{
  mask &= 7;
  if (cr->uid == 0) {
    /* Root reads, writes and searches anything, and executes a file
    ** that someone may execute. */
    if ((mask & 1) && !S_ISDIR(ino->mode) && !(ino->mode & 0111)) return -EACCES;
    return 0;
  }
  /* The first class that matches decides, even when a later one would
  ** allow more (an owner with 0077 is refused). */
  uint32_t bits;
  if (cr->uid == ino->uid) bits = ino->mode >> 6;
  else if (acs__memfs_in_group(cr, ino->gid)) bits = ino->mode >> 3;
  else bits = ino->mode;
  return (mask & ~(int)bits & 7) ? -EACCES : 0;
}

int acs_memfs_permission(const acs_memfs_cred *cr, const acs_memfs_inode *ino, int mask)
{
  return acs__memfs_may(cr, ino, ((mask & R_OK) ? 4 : 0) | ((mask & W_OK) ? 2 : 0) |
                                     ((mask & X_OK) ? 1 : 0));
}

bool acs__memfs_owner_or_root(const acs_memfs_cred *cr, const acs_memfs_inode *ino)
{
  return cr->uid == 0 || cr->uid == ino->uid;
}

int acs__memfs_may_create(const acs_memfs_cred *cr, const acs_memfs_inode *dir)
{
  /* A removed directory takes no new names. */
  if (dir->nlink == 0) return -ENOENT;
  return acs__memfs_may(cr, dir, 3);
}

int acs__memfs_may_delete(const acs_memfs_cred *cr, const acs_memfs_inode *dir,
                          const acs_memfs_inode *ino, bool isdir)
{
  int rc = acs__memfs_may(cr, dir, 3);
  if (rc) return rc;
  /* The sticky bit (/tmp): only the file's owner, the directory's owner
  ** or root removes or renames a name. */
  if ((dir->mode & S_ISVTX) && cr->uid != 0 && cr->uid != ino->uid && cr->uid != dir->uid)
    return -EPERM;
  if (isdir) {
    if (!S_ISDIR(ino->mode)) return -ENOTDIR;
  } else if (S_ISDIR(ino->mode)) {
    return -EISDIR;
  }
  if (dir->nlink == 0) return -ENOENT;
  return 0;
}

bool acs__memfs_kill_suid(const acs_memfs_cred *cr, acs_memfs_inode *ino)
{
  if (cr->uid == 0 || !S_ISREG(ino->mode)) return false;
  uint32_t kill = 0;
  if (ino->mode & S_ISUID) kill |= S_ISUID;
  /* setgid goes when it means "run as the group" (group execute), or when
  ** the writer could not have set it (not in the file's group). */
  if ((ino->mode & S_ISGID) &&
      ((ino->mode & S_IXGRP) || !acs__memfs_in_group(cr, ino->gid)))
    kill |= S_ISGID;
  if (!kill) return false;
  ino->mode &= ~kill;
  return true;
}
