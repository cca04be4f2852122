/* snap_read.c - a filesystem built from a snapshot's bytes (the kernel's
** RESTORE, snapshot.c; the format in docs/box-protocol.md).
**
** A snapshot comes from outside the kernel (the caller kept it, maybe on a
** disk, maybe from someone else), so nothing in it is trusted: its whole
** shape is checked before anything is made, every name is plain
** components, every parent an earlier directory of the snapshot reached
** without following a link, every size within the bytes that are there,
** and the tree is built into a memfs of its own under the box's limits,
** which the kernel puts in place only once it is whole. Needs memfs alone
** (tests/fuzz/snap_fuzz.c builds it so). */
#include "snap_tar.h"

#include "../base/base.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>


static const acs_memfs_cred root_cred = {.umask = 0};

typedef struct snap_r {
  const unsigned char *map;
  size_t size, at;    /* the snapshot, and where the next header starts */
  uint64_t index;     /* of the entry being read, for messages */
  char *why;
  size_t whycap;
  acs__tar_head h;
  char tmp[256];
} snap_r;

static int bad(snap_r *r, int code, const char *fmt, ...) ACS__PRINTF(3, 4);
static int bad(snap_r *r, int code, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->why, r->whycap, fmt, ap);
  va_end(ap);
  return code;
}

/* The next headers into r->h: 0, 1 at the archive's end, or an error. */
static int next(snap_r *r, size_t *used)
{
  int rc = acs__tar_decode(r->map + r->at, r->size - r->at, &r->h, used, r->tmp, sizeof r->tmp);
  if (rc < 0) return bad(r, -EINVAL, "entry %llu: %s", (unsigned long long)r->index, r->tmp);
  return rc;
}

/* A tar name as a path of the box below '/': "./" first and a directory's
** '/' last taken off ("./" itself is the root, ""). */
static void box_name(const char *in, char *out, size_t cap)
{
  while (in[0] == '.' && in[1] == '/') in += 2;
  if (in[0] == '.' && !in[1]) in++;
  size_t n = strlen(in);
  if (n && in[n - 1] == '/') n--;
  if (n >= cap) n = cap - 1;
  memcpy(out, in, n);
  out[n] = 0;
}

/* A path of the snapshot: components separated by single '/', none
** empty, "." or "..", none longer than a name may be. "" is the root. */
static bool plain_path(const char *s, size_t n)
{
  if (n == 0) return true;
  if (n >= ACS_MEMFS_PATH_MAX - 1) return false;
  const char *c = s, *end = s + n;
  while (c <= end) {
    const char *slash = memchr(c, '/', (size_t)(end - c));
    size_t len = (size_t)((slash ? slash : end) - c);
    if (len == 0 || len > ACS_MEMFS_NAME_MAX || (len == 1 && c[0] == '.') ||
        (len == 2 && c[0] == '.' && c[1] == '.'))
      return false;
    if (!slash) break;
    c = slash + 1;
  }
  return true;
}

/* The directory that holds path, reached from the root through real
** directories only (never a link): a reference the caller releases, and
** the last component's offset in path. */
static int parent_of(acs_memfs *fs, const char *path, acs_memfs_inode **out, size_t *name_at)
{
  acs_memfs_inode *cur = acs_memfs_root(fs);
  acs_memfs_inode_hold(cur);
  const char *c = path;
  for (;;) {
    const char *slash = strchr(c, '/');
    if (!slash) break;
    char comp[ACS_MEMFS_NAME_MAX + 1];
    memcpy(comp, c, (size_t)(slash - c));
    comp[slash - c] = 0;
    acs_memfs_inode *next = NULL;
    int rc = acs_memfs_resolve(fs, &root_cred, cur, comp, AT_SYMLINK_NOFOLLOW, &next);
    acs_memfs_inode_release(fs, cur);
    if (rc) return rc;
    acs_memfs_stat st;
    acs_memfs_inode_stat(next, &st);
    if (!S_ISDIR(st.mode)) {
      acs_memfs_inode_release(fs, next);
      return -ENOTDIR;
    }
    cur = next;
    c = slash + 1;
  }
  *out = cur;
  *name_at = (size_t)(c - path);
  return 0;
}

static bool known_device(uint64_t rdev)
{
  static const uint64_t devs[] = {ACS_MEMFS_DEV_NULL, ACS_MEMFS_DEV_ZERO, ACS_MEMFS_DEV_FULL,
                                  ACS_MEMFS_DEV_RANDOM, ACS_MEMFS_DEV_URANDOM, ACS_MEMFS_DEV_TTY};
  for (size_t i = 0; i < sizeof devs / sizeof *devs; i++)
    if (devs[i] == rdev) return true;
  return false;
}

typedef struct dir_times { char *path; struct timespec ts[2]; } dir_times;

static const char *errtext(int rc)
{
  if (rc == -ENOSPC) return "it does not fit the box's filesystem (the box's limit on bytes or files)";
  if (rc == -EEXIST) return "the name comes twice";
  if (rc == -ENOENT) return "its parent directory is not in the snapshot before it";
  if (rc == -ENOTDIR) return "its parent is not a directory of the snapshot (a link or a file)";
  return strerror(-rc);
}

/* The whole snapshot's shape before anything is built: the manifest
** first, every header sound and every entry's data there, the end record
** with the entry count and the CRC-32 of all the bytes before it, then
** only the archive's zero blocks. */
static int scan(snap_r *r, uint64_t *count, size_t *first)
{
  size_t used;
  int rc = next(r, &used);
  if (rc < 0) return rc;
  if (rc == 1 || r->h.type != 'g' || strncmp(r->h.comment, ACS__SNAP_MANIFEST, sizeof ACS__SNAP_MANIFEST - 1))
    return bad(r, -EINVAL, "not a snapshot of a box (a tar archive without the snapshot's "
               "manifest first)");
  int version = atoi(r->h.comment + sizeof ACS__SNAP_MANIFEST - 1);
  if (version != ACS__SNAP_VERSION)
    return bad(r, -EINVAL, "a snapshot of version %d; this box reads version %d", version, ACS__SNAP_VERSION);
  r->at += used;
  *first = r->at;
  *count = 0;
  for (r->index = 0;; r->index++) {
    size_t start = r->at;
    if ((rc = next(r, &used)) < 0) return rc;
    if (rc == 1)
      return bad(r, -EINVAL, "the snapshot has no end record (it is truncated, or was not "
                 "written whole)");
    if (r->h.type == 'g') {
      unsigned long long n = 0;
      unsigned crc = 0;
      if (strncmp(r->h.comment, ACS__SNAP_END, sizeof ACS__SNAP_END - 1) ||
          sscanf(r->h.comment + sizeof ACS__SNAP_END - 1, "entries=%llu crc32=%8x", &n, &crc) != 2)
        return bad(r, -EINVAL, "entry %llu: a global header that is not the snapshot's end record",
                   (unsigned long long)r->index);
#ifndef ACS__SNAP_FUZZ /* the fuzzer's inputs reach what lies past the checksum */
      if ((uint32_t)crc32(0L, r->map, (uInt)start) != crc)
        return bad(r, -EINVAL, "the snapshot is corrupt (its checksum does not match)");
      if (n != *count)
#else
      (void)crc, (void)start;
      if (false)
#endif
        return bad(r, -EINVAL, "the snapshot's end record counts %llu entries; it holds %llu", n,
                   (unsigned long long)*count);
      r->at += used;
      for (size_t i = r->at; i < r->size; i++)
        if (r->map[i]) return bad(r, -EINVAL, "the snapshot has bytes after its end record");
      return 0;
    }
    uint64_t data = r->h.size;
    if (data && r->h.type != '0')
      return bad(r, -EINVAL, "entry %llu ('%.200s'): data for an entry that is not a regular file",
                 (unsigned long long)r->index, r->h.path);
    if (data > r->size - r->at - used || acs__tar_pad(data) > r->size - r->at - used - data)
      return bad(r, -EINVAL, "entry %llu ('%.200s'): its data is cut short (the snapshot is "
                 "truncated or its size field is wrong)", (unsigned long long)r->index, r->h.path);
    r->at += used + (size_t)(data + acs__tar_pad(data));
    ++*count;
  }
}

/* A decimal number and its newline from the sparse map at *at (< end). */
static bool map_number(const unsigned char *d, size_t end, size_t *at, uint64_t *v)
{
  size_t i = *at, digits = 0;
  uint64_t n = 0;
  for (; i < end && d[i] >= '0' && d[i] <= '9'; i++, digits++) {
    if (n > (UINT64_MAX - 9) / 10) return false;
    n = n * 10 + (uint64_t)(d[i] - '0');
  }
  if (!digits || i >= end || d[i] != '\n') return false;
  *at = i + 1;
  *v = n;
  return true;
}

/* A sparse file's data (GNU's pax format 1.0: the extent count, each
** offset and length, padded to a block, then the extents' bytes) into f:
** its extents at their offsets, ascending and apart, within its size. */
static int put_sparse(acs_memfs *fs, acs_memfs_file *f, snap_r *r, const unsigned char *data, const char *path)
{
  const acs__tar_head *h = &r->h;
  size_t end = (size_t)h->size, at = 0;
  uint64_t n, prev = 0, total = 0;
#define BAD_MAP(what) bad(r, -EINVAL, "entry %llu ('%.200s'): its sparse map %s", \
                          (unsigned long long)r->index, path, what)
  if (!map_number(data, end, &at, &n) || n > end / 4) return BAD_MAP("does not start with a count of extents");
  uint64_t (*xs)[2] = n ? calloc((size_t)n, sizeof *xs) : NULL;
  if (n && !xs) return -ENOMEM;
  int rc = 0;
  for (uint64_t i = 0; i < n && !rc; i++) {
    if (!map_number(data, end, &at, &xs[i][0]) || !map_number(data, end, &at, &xs[i][1])) rc = BAD_MAP("is cut short");
    else if (xs[i][0] < prev || xs[i][1] > h->realsize || xs[i][0] > h->realsize - xs[i][1])
      rc = BAD_MAP("has extents out of order or past the file's size");
    else prev = xs[i][0] + xs[i][1], total += xs[i][1];
  }
  size_t body = at + (size_t)acs__tar_pad(at);
  if (!rc && (body > end || total != end - body)) rc = BAD_MAP("and the bytes stored disagree");
  for (uint64_t i = 0, from = body; i < n && !rc; i++) {
    for (uint64_t done = 0; !rc && done < xs[i][1];) {
      ssize_t w = acs_memfs_pwrite(fs, &root_cred, f, data + from + done, (size_t)(xs[i][1] - done),
                                   (int64_t)(xs[i][0] + done));
      if (w <= 0) rc = w < 0 ? (int)w : -ENOSPC;
      else done += (uint64_t)w;
    }
    from += xs[i][1];
  }
  if (!rc && h->realsize > INT64_MAX) rc = BAD_MAP("names a size past 2^63");
  if (!rc) rc = acs_memfs_ftruncate(fs, &root_cred, f, (int64_t)h->realsize);
  free(xs);
  return rc;
#undef BAD_MAP
}

/* Every entry into fs. */
static int build(acs_memfs *fs, snap_r *r, uint64_t count, dir_times **dirs, size_t *ndirs)
{
  size_t capdirs = 0;
  char path[ACS_MEMFS_PATH_MAX + 1], text[ACS_MEMFS_PATH_MAX + 1];
  for (r->index = 0; r->index < count; r->index++) {
    size_t used;
    int rc = next(r, &used);
    if (rc) return rc < 0 ? rc : bad(r, -EINVAL, "entry %llu: the archive ends early", (unsigned long long)r->index);
    acs__tar_head *h = &r->h;
    const unsigned char *data = r->map + r->at + used;
    r->at += used + (size_t)(h->size + acs__tar_pad(h->size));
    box_name(h->path, path, sizeof path);
    size_t plen = strlen(path);
    char type = h->type;
    if (!plain_path(path, plen) || h->path[0] == '/')
      return bad(r, -EINVAL, "entry %llu: '%.200s' is not a plain relative path (an empty, '.' or "
                 "'..' component, a leading or doubled '/', or too long)",
                 (unsigned long long)r->index, h->path);
    if ((r->index == 0) != (plen == 0) || (plen == 0 && type != '5'))
      return bad(r, -EINVAL, "entry %llu: the root directory must come first, and only once",
                 (unsigned long long)r->index);
    if (h->uid == UINT32_MAX || h->gid == UINT32_MAX)
      return bad(r, -EINVAL, "entry %llu ('%.200s'): a bad owner",
                 (unsigned long long)r->index, path);
    struct timespec ts[2] = {h->atime, h->mtime};
    acs_memfs_inode *at = NULL;
    size_t name_at = 0;
    const char *name = "/";
    rc = 0;
    if (plen) {
      rc = parent_of(fs, path, &at, &name_at);
      if (rc) return bad(r, rc, "entry %llu ('%.200s'): %s", (unsigned long long)r->index, path,
                         errtext(rc));
      name = path + name_at;
    }
    switch (type) {
    case '5':
      if (plen) rc = acs_memfs_mkdir(fs, &root_cred, at, name, 0700);
      break;
    case '0': {
      acs_memfs_file *f = NULL;
      rc = acs_memfs_open(fs, &root_cred, at, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600, &f);
      if (!rc && h->sparse) rc = put_sparse(fs, f, r, data, path);
      for (uint64_t done = 0; !rc && !h->sparse && done < h->size;) {
        ssize_t n = acs_memfs_write(fs, &root_cred, f, data + done, (size_t)(h->size - done));
        if (n <= 0) rc = n < 0 ? (int)n : -ENOSPC;
        else done += (uint64_t)n;
      }
      acs_memfs_close(fs, f);
      break;
    }
    case '2':
    case '1': {
      if (!h->link[0]) {
        rc = bad(r, -EINVAL, "entry %llu ('%.200s'): a link with no target", (unsigned long long)r->index, path);
        break;
      }
      if (type == '2') {
        /* its text is only text: it resolves inside the box, when followed there */
        rc = acs_memfs_symlink(fs, &root_cred, h->link, at, name);
        break;
      }
      box_name(h->link, text, sizeof text);
      size_t tlen = strlen(text);
      acs_memfs_inode *tat = NULL;
      size_t tname = 0;
      if (!tlen || h->link[0] == '/' || !plain_path(text, tlen) || parent_of(fs, text, &tat, &tname)) {
        rc = bad(r, -EINVAL, "entry %llu ('%.200s'): a hard link to '%.200s', which is not an "
                 "earlier file of the snapshot", (unsigned long long)r->index, path, h->link);
        break;
      }
      acs_memfs_stat tst;
      rc = acs_memfs_fstatat(fs, &root_cred, tat, text + tname, AT_SYMLINK_NOFOLLOW, &tst);
      if (!rc && S_ISDIR(tst.mode)) rc = -EPERM;
      if (!rc) rc = acs_memfs_link(fs, &root_cred, tat, text + tname, at, name, 0);
      acs_memfs_inode_release(fs, tat);
      if (rc) rc = bad(r, -EINVAL, "entry %llu ('%.200s'): a hard link to '%.200s', which is not an "
                       "earlier file of the snapshot", (unsigned long long)r->index, path, h->link);
      break;
    }
    case '6': rc = acs_memfs_mknod(fs, &root_cred, at, name, S_IFIFO | 0600, 0); break;
    case '3': {
      uint64_t rdev = ((uint64_t)h->devmajor << 8) | h->devminor;
      if (h->devmajor > 255 || h->devminor > 255 || !known_device(rdev)) {
        rc = bad(r, -EINVAL, "entry %llu ('%.200s'): a device the box does not have (only null, "
                 "zero, full, random, urandom and tty)", (unsigned long long)r->index, path);
        break;
      }
      rc = acs_memfs_mknod(fs, &root_cred, at, name, S_IFCHR | 0600, rdev);
      break;
    }
    default:
      rc = bad(r, -EINVAL, "entry %llu ('%.200s'): a tar entry of type '%c', which a box does not "
               "hold (a block device, a socket or a vendor's type)", (unsigned long long)r->index,
               path, type >= 0x20 && type < 0x7f ? type : '?');
    }
    if (rc && !r->why[0])
      rc = bad(r, rc, "entry %llu ('%.200s'): %s", (unsigned long long)r->index, path, errtext(rc));
    uint32_t mode = h->mode;
    if (!rc) rc = acs_memfs_chown(fs, &root_cred, at, name, h->uid, h->gid, AT_SYMLINK_NOFOLLOW);
    if (!rc && type != '2') rc = acs_memfs_chmod(fs, &root_cred, at, name, mode, 0);
    if (!rc && type != '5') rc = acs_memfs_utimens(fs, &root_cred, at, name, ts, AT_SYMLINK_NOFOLLOW);
    if (!rc && type == '5') {
      /* a directory's times last: its entries, added after, move them */
      if (*ndirs == capdirs) {
        capdirs = capdirs ? capdirs * 2 : 64;
        dir_times *v = realloc(*dirs, capdirs * sizeof *v);
        if (!v) rc = -ENOMEM;
        else *dirs = v;
      }
      if (!rc) {
        char *p = acs__strdup(path);
        if (!p) rc = -ENOMEM;
        else (*dirs)[(*ndirs)++] = (dir_times){p, {ts[0], ts[1]}};
      }
    }
    acs_memfs_inode_release(fs, at);
    if (rc) {
      if (!r->why[0]) bad(r, rc, "entry %llu ('%.200s'): %s", (unsigned long long)r->index, path, errtext(rc));
      return rc;
    }
  }
  return 0;
}


int acs__snapshot_build(acs_memfs *nfs, const unsigned char *map, size_t size, uint64_t max_inodes,
                        char *why, size_t whycap)
{
  snap_r *r = calloc(1, sizeof *r);
  if (!r) {
    snprintf(why, whycap, "out of memory");
    return -ENOMEM;
  }
  r->why = why;
  r->whycap = whycap;
  why[0] = 0;
  int rc = 0;
  dir_times *dirs = NULL;
  size_t ndirs = 0;
  uint64_t count = 0;
  size_t first = 0;
  if (size < 3 * ACS__TAR_BLOCK) {
    rc = bad(r, -EINVAL, "not a snapshot: %zu bytes is too short to be one", size);
    goto out;
  }
  if (!memcmp(map, "ACS-SNAP", 8)) {
    rc = bad(r, -EINVAL, "a snapshot in the format of version 1, which this box no longer "
             "reads: take it again with this version");
    goto out;
  }
  if (size % ACS__TAR_BLOCK) {
    rc = bad(r, -EINVAL, "the snapshot is truncated, or not a snapshot: %zu bytes is not a "
             "whole number of 512-byte tar blocks", size);
    goto out;
  }
  r->map = map;
  r->size = size;
  if ((rc = scan(r, &count, &first)) != 0) goto out;
  if (count == 0 || count > max_inodes) {
    rc = bad(r, -ENOSPC, "the snapshot holds %llu entries; the box allows 1 to %llu files",
             (unsigned long long)count, (unsigned long long)max_inodes);
    goto out;
  }
  r->at = first;
  if ((rc = build(nfs, r, count, &dirs, &ndirs)) != 0) goto out;
  for (size_t i = ndirs; i-- > 0;) {
    char abs[ACS_MEMFS_PATH_MAX + 2];
    snprintf(abs, sizeof abs, "/%s", dirs[i].path);
    acs_memfs_utimens(nfs, &root_cred, NULL, abs, dirs[i].ts, AT_SYMLINK_NOFOLLOW);
  }
  /* /proc is the kernel's: there, whatever the snapshot says */
  acs_memfs_stat pst;
  int prc = acs_memfs_fstatat(nfs, &root_cred, NULL, "/proc", AT_SYMLINK_NOFOLLOW, &pst);
  if (prc == -ENOENT) prc = acs_memfs_mkdir(nfs, &root_cred, NULL, "/proc", 0555);
  else if (!prc && !S_ISDIR(pst.mode)) prc = -ENOTDIR;
  if (prc) rc = bad(r, -EINVAL, "the snapshot's /proc is not a directory");
out:
  for (size_t i = 0; i < ndirs; i++) free(dirs[i].path);
  free(dirs);
  free(r);
  return rc;
}
