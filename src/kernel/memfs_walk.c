/* memfs_walk.c - path resolution, the one road from a path to an inode.
**
** A walk consumes a stack of strings: the caller's path, then the target
** of each symbolic link being followed, pushed in front of what is left.
** A link whose own component ended its string replaces that string
** instead, so the stack holds only strings with something left, and the
** final component is the one that ends the bottom string. Every
** directory searched needs search (x) permission, `..` at the root stays
** at the root, an absolute link target starts again at the root, and
** the 41st link followed is ELOOP (Linux's MAXSYMLINKS, the same count).
** A mount point is never entered: the walk stops and records the mount
** and the unconsumed rest of the path. */
#include "memfs_int.h"

#include <stdlib.h>
#include <string.h>

/* Linux's fs.protected_symlinks: in a sticky world-writable directory,
** follow only links owned by the follower or by the directory's owner. */
static bool may_follow(const acs_memfs *fs, const acs_memfs_cred *cr, const acs_memfs_inode *dir,
                       const acs_memfs_inode *link)
{
  if (!fs->protected_symlinks) return true;
  if ((dir->mode & (S_ISVTX | S_IWOTH)) != (S_ISVTX | S_IWOTH)) return true;
  return cr->uid == link->uid || dir->uid == link->uid;
}

/* Record a crossing into mount id: the rest is the top string's remainder
** followed by every string below it, joined by '/'. */
static int cross(acs_memfs *fs, int which, const char *const *st, int depth, uint32_t id)
{
  size_t total = 1;
  for (int i = depth - 1; i >= 0; i--) total += strlen(st[i]) + 1;
  char *buf = realloc(fs->cross_buf[which], total);
  if (!buf) return -ENOMEM;
  fs->cross_buf[which] = buf;
  size_t n = 0;
  for (int i = depth - 1; i >= 0; i--) {
    size_t k = strlen(st[i]);
    if (!k) continue;
    if (n) buf[n++] = '/';
    memcpy(buf + n, st[i], k);
    n += k;
  }
  buf[n] = '\0';
  fs->cross_id[which] = id;
  if (which == 0) {
    fs->cross.mount = id;
    fs->cross.path = buf;
    fs->cross.path2 = NULL;
  }
  return ACS_MEMFS_CROSSED;
}

static const char *skip_slashes(const char *p)
{
  while (*p == '/') p++;
  return p;
}

int acs__memfs_walk(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                    const char *path, unsigned flags, int which, acs__memfs_nd *nd)
{
  nd->dir = nd->ino = NULL;
  nd->type = ACS__LAST_NORM;
  nd->slash = false;
  nd->len = 0;
  nd->last[0] = '\0';
  if (!path) return -EFAULT;
  size_t plen = strnlen(path, ACS_MEMFS_PATH_MAX);
  if (plen == ACS_MEMFS_PATH_MAX) return -ENAMETOOLONG;
  if (plen == 0) return -ENOENT;

  const char *st[ACS_MEMFS_MAXSYMLINKS + 1];
  int depth = 1, followed = 0;
  bool carry = false; /* a final link's own name ended in '/' */
  acs_memfs_inode *cur = path[0] == '/' || !at ? fs->root : at;
  st[0] = skip_slashes(path);
  if (!*st[0]) goto at_root;

  for (;;) {
    const char *p = st[depth - 1];
    const char *e = p;
    while (*e && *e != '/') e++;
    size_t n = (size_t)(e - p);
    if (n > ACS_MEMFS_NAME_MAX) return -ENAMETOOLONG;
    const char *q = skip_slashes(e);
    bool trailing = q != e, done = !*q, last = done && depth == 1;
    st[depth - 1] = q;

    if (!S_ISDIR(cur->mode)) return -ENOTDIR;
    int rc = acs__memfs_may(cr, cur, 1);
    if (rc) return rc;

    int type = ACS__LAST_NORM;
    acs_memfs_inode *next;
    if (n == 1 && p[0] == '.') {
      type = ACS__LAST_DOT;
      next = cur;
    } else if (n == 2 && p[0] == '.' && p[1] == '.') {
      type = ACS__LAST_DOTDOT;
      next = cur == fs->root ? cur : cur->u.dir.parent;
    } else {
      acs__memfs_dent *d = acs__memfs_dir_find(fs, cur, p, n);
      next = d ? d->ino : NULL;
    }

    bool stop = last && (flags & ACS__WALK_CREATE) && (trailing || carry);
    bool follow = !last || (!(flags & ACS__WALK_PARENT) && !stop &&
                            ((flags & ACS__WALK_FOLLOW) || trailing || carry));
    if (next && S_ISLNK(next->mode) && follow) {
      if (++followed > ACS_MEMFS_MAXSYMLINKS) return -ELOOP;
      if (!may_follow(fs, cr, cur, next)) return -EACCES;
      acs__memfs_touch_atime(fs, next);
      if (last) carry = carry || trailing;
      const char *body = next->u.target;
      if (body[0] == '/') {
        cur = fs->root;
        body = skip_slashes(body);
      }
      if (done) st[depth - 1] = body;
      else st[depth++] = body;
      if (!*body) {
        /* A link to "/": its string is used up at once. */
        if (depth == 1) goto at_root;
        depth--;
      }
      continue;
    }

    if (last) {
      nd->dir = cur;
      nd->type = type;
      nd->slash = trailing || carry;
      nd->len = (uint32_t)n;
      memcpy(nd->last, p, n);
      nd->last[n] = '\0';
      if (next && next->mount && type == ACS__LAST_NORM && !(flags & ACS__WALK_PARENT) && !stop)
        return cross(fs, which, st, depth, next->mount);
      nd->ino = next;
      return 0;
    }
    if (!next) return -ENOENT;
    if (!S_ISDIR(next->mode)) return -ENOTDIR;
    if (next->mount) return cross(fs, which, st, depth, next->mount);
    cur = next;
    if (done) depth--;
  }

at_root:
  nd->dir = nd->ino = fs->root;
  nd->type = ACS__LAST_ROOT;
  nd->slash = true;
  return 0;
}

int acs__memfs_lookup(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                      const char *path, bool follow, acs_memfs_inode **out)
{
  acs__memfs_nd nd;
  *out = NULL;
  int rc = acs__memfs_walk(fs, cr, at, path, follow ? ACS__WALK_FOLLOW : 0, 0, &nd);
  if (rc) return rc;
  if (!nd.ino) return -ENOENT;
  if (nd.slash && !S_ISDIR(nd.ino->mode)) return -ENOTDIR;
  *out = nd.ino;
  return 0;
}
