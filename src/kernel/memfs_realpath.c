/* memfs_realpath.c - realpath(3) as glibc computes it on Linux, which is
** what programs see there: the path is taken one component at a time
** onto a canonical prefix; "." is dropped and ".." takes the last name
** off the prefix without looking at the disk (so neither needs search
** permission on the directory it leaves); every other name is looked up
** under the prefix (search permission on the prefix's directories), a
** link has its target spliced in front of what is left (41 links:
** ELOOP), and a name followed by anything must be a directory. */
#include "memfs_int.h"

#include <stdlib.h>
#include <string.h>

typedef struct sbuf {
  char *s;
  size_t len, cap;
} sbuf;

static int sb_put(sbuf *b, const char *s, size_t n)
{
  if (b->len + n + 1 > b->cap) {
    size_t cap = (b->len + n + 1) * 2;
    char *p = realloc(b->s, cap);
    if (!p) return -ENOMEM;
    b->s = p;
    b->cap = cap;
  }
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = '\0';
  return 0;
}

/* Drop the last name of an absolute canonical prefix ("/" stays). */
static void sb_up(sbuf *b)
{
  while (b->len > 1 && b->s[b->len - 1] != '/') b->len--;
  if (b->len > 1) b->len--;
  b->s[b->len] = '\0';
}

/* The crossing of prefix, followed by what is left to resolve. */
static int cross_rest(acs_memfs *fs, const char *left)
{
  sbuf b = {0};
  int rc = sb_put(&b, fs->cross.path, strlen(fs->cross.path));
  if (!rc && *left) {
    if (b.len) rc = sb_put(&b, "/", 1);
    while (*left == '/') left++;
    if (!rc) rc = sb_put(&b, left, strlen(left));
  }
  if (!rc && !b.s) rc = sb_put(&b, "", 0);
  if (rc) {
    free(b.s);
    return rc;
  }
  free(fs->cross_buf[0]);
  fs->cross_buf[0] = b.s;
  fs->cross.path = b.s;
  return ACS_MEMFS_CROSSED;
}

int acs_memfs_realpath(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                       const char *path, char **out)
{
  *out = NULL;
  if (!path) return -EFAULT;
  size_t plen = strnlen(path, ACS_MEMFS_PATH_MAX);
  if (plen == 0) return -ENOENT;
  if (plen == ACS_MEMFS_PATH_MAX) return -ENAMETOOLONG;
  sbuf name = {0}, left = {0};
  int rc, links = 0;
  if (path[0] == '/') {
    rc = sb_put(&name, "/", 1);
  } else {
    char *cwd;
    if ((rc = acs_memfs_dir_path(fs, at ? at : fs->root, &cwd)) == 0) {
      rc = sb_put(&name, cwd, strlen(cwd));
      free(cwd);
    }
  }
  if (!rc) rc = sb_put(&left, path, plen);
  size_t at_off = 0; /* where `left` is read from */
  while (!rc) {
    const char *p = left.s + at_off;
    while (*p == '/') p++;
    if (!*p) break;
    const char *e = p;
    while (*e && *e != '/') e++;
    size_t n = (size_t)(e - p);
    at_off = (size_t)(e - left.s);
    if (n == 1 && p[0] == '.') continue;
    if (n == 2 && p[0] == '.' && p[1] == '.') {
      sb_up(&name);
      continue;
    }
    if (n > ACS_MEMFS_NAME_MAX) {
      rc = -ENAMETOOLONG;
      break;
    }
    size_t before = name.len;
    if ((name.len > 1 && (rc = sb_put(&name, "/", 1))) || (rc = sb_put(&name, p, n))) break;
    acs_memfs_inode *ino;
    rc = acs__memfs_lookup(fs, cr, NULL, name.s, false, &ino);
    if (rc == ACS_MEMFS_CROSSED) rc = cross_rest(fs, e);
    if (rc) break;
    if (S_ISLNK(ino->mode)) {
      if (++links > ACS_MEMFS_MAXSYMLINKS) {
        rc = -ELOOP;
        break;
      }
      /* target + what was left after the link */
      sbuf next = {0};
      rc = sb_put(&next, ino->u.target, ino->size);
      if (!rc && *e) rc = sb_put(&next, e, strlen(e));
      if (rc) {
        free(next.s);
        break;
      }
      free(left.s);
      left = next;
      at_off = 0;
      name.len = before;
      name.s[name.len] = '\0';
      if (ino->u.target[0] == '/') {
        name.len = 1;
        name.s[1] = '\0';
      }
      continue;
    }
    if (*e && !S_ISDIR(ino->mode)) rc = -ENOTDIR;
  }
  free(left.s);
  if (rc) {
    free(name.s);
    return rc;
  }
  *out = name.s;
  return 0;
}
