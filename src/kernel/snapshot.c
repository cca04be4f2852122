/* snapshot.c - a box's whole filesystem as bytes, and a filesystem made
** anew from them (owner ops SNAPSHOT and RESTORE; docs/box-protocol.md
** gives the format).
**
** A snapshot comes from outside the kernel (the caller kept it, maybe on a
** disk, maybe from someone else), so restore trusts nothing in it: every
** name is one plain component, every parent an earlier directory of the
** snapshot reached without following a link, every size within the bytes
** that are there, and the new tree is built beside the live one under the
** box's own limits, replacing it only once it is whole. */
#include "kernel.h"
#include "procfs.h"

#include "../base/base.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define MAGIC "ACS-SNAP"
#define VERSION 1u
#define HEADER 16 /* magic, u32 version, u32 flags */

static const acs_memfs_cred root_cred = {.umask = 0};

/* ------------------------------------------------------------ writing */

/* Written to the caller's file as it goes, through a buffer of OUT_BUF
** bytes: a snapshot never needs a second copy of the tree in memory. */
#define OUT_BUF (1u << 20)

typedef struct snap_w {
  acs__kernel *k;
  int fd;
  unsigned char *buf;
  size_t len;
  uint64_t total, count;
  uint32_t crc;
  int rc;
  /* files with more than one name: the first name made, by inode */
  struct hl { uint64_t ino; char *path; } *links;
  size_t nlinks, caplinks;
} snap_w;

static void flush(snap_w *w)
{
  if (w->rc || !w->len) return;
  w->crc = (uint32_t)crc32(w->crc, w->buf, (uInt)w->len);
  if (acs__write_all(w->fd, w->buf, w->len)) w->rc = -EIO;
  w->total += w->len;
  w->len = 0;
}

static void put(snap_w *w, const void *p, size_t n)
{
  const unsigned char *c = p;
  while (!w->rc && n) {
    if (w->len == OUT_BUF) flush(w);
    size_t k = OUT_BUF - w->len < n ? OUT_BUF - w->len : n;
    memcpy(w->buf + w->len, c, k);
    w->len += k;
    c += k;
    n -= k;
  }
}
static void put_u8(snap_w *w, uint8_t v) { put(w, &v, 1); }
static void put_u16(snap_w *w, uint16_t v) { put(w, &v, 2); }
static void put_u32(snap_w *w, uint32_t v) { put(w, &v, 4); }
static void put_u64(snap_w *w, uint64_t v) { put(w, &v, 8); }
static void put_str16(snap_w *w, const char *s, size_t n)
{
  put_u16(w, (uint16_t)n);
  put(w, s, n);
}

static void put_head(snap_w *w, char type, const char *rel, const acs_memfs_stat *st)
{
  put_u8(w, (uint8_t)type);
  put_str16(w, rel, strlen(rel));
  put_u32(w, st->mode & 07777);
  put_u32(w, st->uid);
  put_u32(w, st->gid);
  put_u64(w, (uint64_t)st->atime.tv_sec);
  put_u32(w, (uint32_t)st->atime.tv_nsec);
  put_u64(w, (uint64_t)st->mtime.tv_sec);
  put_u32(w, (uint32_t)st->mtime.tv_nsec);
  w->count++;
}

typedef struct names { char **v; size_t n, cap; } names;

static int take_name(void *user, const acs_memfs_dirent *e)
{
  names *ns = user;
  if ((e->namelen == 1 && e->name[0] == '.') ||
      (e->namelen == 2 && e->name[0] == '.' && e->name[1] == '.'))
    return 0;
  if (ns->n == ns->cap) {
    size_t cap = ns->cap ? ns->cap * 2 : 16;
    char **v = realloc(ns->v, cap * sizeof *v);
    if (!v) return 1;
    ns->v = v;
    ns->cap = cap;
  }
  char *s = acs__strndup(e->name, e->namelen);
  if (!s) return 1;
  ns->v[ns->n++] = s;
  return 0;
}

static void walk(snap_w *w, const char *rel, int depth);

static void put_file(snap_w *w, const char *abs, const char *rel, const acs_memfs_stat *st)
{
  acs_memfs *fs = w->k->fs;
  if (st->nlink > 1) {
    for (size_t i = 0; i < w->nlinks; i++)
      if (w->links[i].ino == st->ino) {
        put_head(w, 'h', rel, st);
        put_str16(w, w->links[i].path, strlen(w->links[i].path));
        return;
      }
    if (w->nlinks == w->caplinks) {
      size_t cap = w->caplinks ? w->caplinks * 2 : 16;
      struct hl *v = realloc(w->links, cap * sizeof *v);
      if (!v) {
        w->rc = -ENOMEM;
        return;
      }
      w->links = v;
      w->caplinks = cap;
    }
    char *p = acs__strdup(rel);
    if (!p) {
      w->rc = -ENOMEM;
      return;
    }
    w->links[w->nlinks++] = (struct hl){st->ino, p};
  }
  acs_memfs_file *f = NULL;
  int rc = acs_memfs_open(fs, &root_cred, NULL, abs, O_RDONLY | O_NOFOLLOW, 0, &f);
  if (rc) {
    w->rc = rc;
    return;
  }
  put_head(w, 'f', rel, st);
  put_u64(w, st->size);
  char chunk[1 << 16];
  for (uint64_t done = 0; !w->rc && done < st->size;) {
    size_t want = st->size - done < sizeof chunk ? (size_t)(st->size - done) : sizeof chunk;
    ssize_t n = acs_memfs_pread(fs, f, chunk, want, (int64_t)done);
    if (n <= 0) w->rc = n < 0 ? (int)n : -EIO;
    else {
      put(w, chunk, (size_t)n);
      done += (uint64_t)n;
    }
  }
  acs_memfs_close(fs, f);
}

static void put_entry(snap_w *w, const char *rel, int depth)
{
  acs_memfs *fs = w->k->fs;
  char abs[ACS_MEMFS_PATH_MAX + 1];
  snprintf(abs, sizeof abs, "/%s", rel);
  acs_memfs_stat st;
  int rc = acs_memfs_fstatat(fs, &root_cred, NULL, abs, AT_SYMLINK_NOFOLLOW, &st);
  if (rc == ACS_MEMFS_CROSSED) {
    /* a mount point (/proc): named, its contents are not the box's files */
    acs_memfs_stat d = {.mode = S_IFDIR | 0555};
    put_head(w, 'd', rel, &d);
    return;
  }
  if (rc) {
    w->rc = rc;
    return;
  }
  switch (st.mode & S_IFMT) {
  case S_IFDIR:
    put_head(w, 'd', rel, &st);
    walk(w, rel, depth + 1);
    break;
  case S_IFREG: put_file(w, abs, rel, &st); break;
  case S_IFLNK: {
    char target[ACS_MEMFS_PATH_MAX];
    ssize_t n = acs_memfs_readlink(fs, &root_cred, NULL, abs, target, sizeof target);
    if (n < 0) {
      w->rc = (int)n;
      return;
    }
    put_head(w, 'l', rel, &st);
    put_str16(w, target, (size_t)n);
    break;
  }
  case S_IFIFO: put_head(w, 'p', rel, &st); break;
  case S_IFCHR:
    put_head(w, 'c', rel, &st);
    put_u64(w, st.rdev);
    break;
  default: break; /* sockets are a live thing: not kept */
  }
}

static void walk(snap_w *w, const char *rel, int depth)
{
  if (w->rc) return;
  if (depth > 2048) {
    w->rc = -ELOOP;
    return;
  }
  char abs[ACS_MEMFS_PATH_MAX + 1];
  snprintf(abs, sizeof abs, "/%s", rel);
  acs_memfs_file *d = NULL;
  int rc = acs_memfs_open(w->k->fs, &root_cred, NULL, abs, O_RDONLY | O_DIRECTORY | O_NOFOLLOW, 0, &d);
  if (rc == ACS_MEMFS_CROSSED) return;
  if (rc) {
    w->rc = rc;
    return;
  }
  names ns = {0};
  while ((rc = acs_memfs_readdir(w->k->fs, d, take_name, &ns)) > 0) {}
  acs_memfs_close(w->k->fs, d);
  if (rc < 0) w->rc = rc;
  for (size_t i = 0; i < ns.n; i++) {
    if (!w->rc) {
      char sub[ACS_MEMFS_PATH_MAX + 1];
      int n = snprintf(sub, sizeof sub, "%s%s%s", rel, *rel ? "/" : "", ns.v[i]);
      if (n >= ACS_MEMFS_PATH_MAX - 1) w->rc = -ENAMETOOLONG;
      else put_entry(w, sub, depth);
    }
    free(ns.v[i]);
  }
  free(ns.v);
}

int64_t acs__snapshot_write(acs__kernel *k, int fd)
{
  snap_w w = {.k = k, .fd = fd, .buf = malloc(OUT_BUF)};
  if (!w.buf) return -ENOMEM;
  w.crc = (uint32_t)crc32(0L, Z_NULL, 0);
  put(&w, MAGIC, 8);
  put_u32(&w, VERSION);
  put_u32(&w, 0);
  const char *host = k->o.hostname[0] ? k->o.hostname : "box";
  put_str16(&w, host, strlen(host));
  put_entry(&w, "", 0);
  /* the count last, so that nothing needs going back to */
  put_u64(&w, w.count);
  flush(&w);
  uint32_t crc = w.crc;
  put_u32(&w, crc);
  flush(&w);
  int64_t r = w.rc ? w.rc : (int64_t)w.total;
  free(w.buf);
  for (size_t i = 0; i < w.nlinks; i++) free(w.links[i].path);
  free(w.links);
  return r;
}

/* ------------------------------------------------------------ reading */

typedef struct snap_r {
  const unsigned char *p, *end;
  uint64_t index; /* of the entry being read, for messages */
  char *why;
  size_t whycap;
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

static bool get(snap_r *r, void *out, size_t n)
{
  if ((size_t)(r->end - r->p) < n) return false;
  memcpy(out, r->p, n);
  r->p += n;
  return true;
}

/* a u16-counted string into buf (NUL-terminated; its bytes checked) */
static bool get_str16(snap_r *r, char *buf, size_t cap, size_t *len)
{
  uint16_t n;
  if (!get(r, &n, 2) || n >= cap || (size_t)(r->end - r->p) < n) return false;
  memcpy(buf, r->p, n);
  buf[n] = 0;
  r->p += n;
  *len = n;
  return memchr(buf, 0, n) == NULL;
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

/* Every entry into fs. */
static int build(acs_memfs *fs, snap_r *r, uint64_t count, dir_times **dirs, size_t *ndirs)
{
  size_t capdirs = 0;
  char path[ACS_MEMFS_PATH_MAX + 1], text[ACS_MEMFS_PATH_MAX + 1];
  for (r->index = 0; r->index < count; r->index++) {
    uint8_t type;
    size_t plen;
    uint32_t mode, uid, gid, ans, mns;
    uint64_t as, ms;
    if (!get(r, &type, 1) || !get_str16(r, path, sizeof path, &plen))
      return bad(r, -EINVAL, "entry %llu is cut short or its name holds a NUL",
                 (unsigned long long)r->index);
    if (!get(r, &mode, 4) || !get(r, &uid, 4) || !get(r, &gid, 4) || !get(r, &as, 8) ||
        !get(r, &ans, 4) || !get(r, &ms, 8) || !get(r, &mns, 4))
      return bad(r, -EINVAL, "entry %llu ('%.200s') is cut short", (unsigned long long)r->index, path);
    if (!plain_path(path, plen))
      return bad(r, -EINVAL, "entry %llu: '%.200s' is not a plain relative path (an empty, '.' or "
                 "'..' component, a leading or doubled '/', or too long)",
                 (unsigned long long)r->index, path);
    if ((r->index == 0) != (plen == 0) || (plen == 0 && type != 'd'))
      return bad(r, -EINVAL, "entry %llu: the root directory must come first, and only once",
                 (unsigned long long)r->index);
    if (mode > 07777 || uid == UINT32_MAX || gid == UINT32_MAX || ans >= 1000000000u ||
        mns >= 1000000000u || (int64_t)as < 0 || (int64_t)ms < 0)
      return bad(r, -EINVAL, "entry %llu ('%.200s'): a bad mode, owner or time",
                 (unsigned long long)r->index, path);
    struct timespec ts[2] = {{(time_t)as, ans}, {(time_t)ms, mns}};
    acs_memfs_inode *at = NULL;
    size_t name_at = 0;
    const char *name = "/";
    int rc = 0;
    if (plen) {
      rc = parent_of(fs, path, &at, &name_at);
      if (rc) return bad(r, rc, "entry %llu ('%.200s'): %s", (unsigned long long)r->index, path,
                         errtext(rc));
      name = path + name_at;
    }
    switch (type) {
    case 'd':
      if (plen) rc = acs_memfs_mkdir(fs, &root_cred, at, name, 0700);
      break;
    case 'f': {
      uint64_t size;
      if (!get(r, &size, 8) || size > (uint64_t)(r->end - r->p)) {
        rc = bad(r, -EINVAL, "entry %llu ('%.200s'): its data is cut short (the snapshot is "
                 "truncated or its size field is wrong)", (unsigned long long)r->index, path);
        break;
      }
      acs_memfs_file *f = NULL;
      rc = acs_memfs_open(fs, &root_cred, at, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600, &f);
      for (uint64_t done = 0; !rc && done < size;) {
        ssize_t n = acs_memfs_write(fs, &root_cred, f, r->p + done, (size_t)(size - done));
        if (n <= 0) rc = n < 0 ? (int)n : -ENOSPC;
        else done += (uint64_t)n;
      }
      acs_memfs_close(fs, f);
      r->p += size;
      break;
    }
    case 'l':
    case 'h': {
      size_t tlen;
      if (!get_str16(r, text, sizeof text, &tlen) || tlen == 0) {
        rc = bad(r, -EINVAL, "entry %llu ('%.200s'): a bad link target", (unsigned long long)r->index, path);
        break;
      }
      if (type == 'l') {
        /* its text is only text: it resolves inside the box, when followed there */
        rc = acs_memfs_symlink(fs, &root_cred, text, at, name);
        break;
      }
      acs_memfs_inode *tat = NULL;
      size_t tname = 0;
      if (!plain_path(text, tlen) || parent_of(fs, text, &tat, &tname)) {
        rc = bad(r, -EINVAL, "entry %llu ('%.200s'): a hard link to '%.200s', which is not an "
                 "earlier file of the snapshot", (unsigned long long)r->index, path, text);
        break;
      }
      acs_memfs_stat tst;
      rc = acs_memfs_fstatat(fs, &root_cred, tat, text + tname, AT_SYMLINK_NOFOLLOW, &tst);
      if (!rc && S_ISDIR(tst.mode)) rc = -EPERM;
      if (!rc) rc = acs_memfs_link(fs, &root_cred, tat, text + tname, at, name, 0);
      acs_memfs_inode_release(fs, tat);
      if (rc) rc = bad(r, -EINVAL, "entry %llu ('%.200s'): a hard link to '%.200s', which is not an "
                       "earlier file of the snapshot", (unsigned long long)r->index, path, text);
      break;
    }
    case 'p': rc = acs_memfs_mknod(fs, &root_cred, at, name, S_IFIFO | 0600, 0); break;
    case 'c': {
      uint64_t rdev;
      if (!get(r, &rdev, 8) || !known_device(rdev)) {
        rc = bad(r, -EINVAL, "entry %llu ('%.200s'): a device the box does not have (only null, "
                 "zero, full, random, urandom and tty)", (unsigned long long)r->index, path);
        break;
      }
      rc = acs_memfs_mknod(fs, &root_cred, at, name, S_IFCHR | 0600, rdev);
      break;
    }
    default:
      rc = bad(r, -EINVAL, "entry %llu ('%.200s'): unknown type %u", (unsigned long long)r->index,
               path, type);
    }
    if (rc && !r->why[0])
      rc = bad(r, rc, "entry %llu ('%.200s'): %s", (unsigned long long)r->index, path, errtext(rc));
    if (!rc) rc = acs_memfs_chown(fs, &root_cred, at, name, uid, gid, AT_SYMLINK_NOFOLLOW);
    if (!rc && type != 'l') rc = acs_memfs_chmod(fs, &root_cred, at, name, mode, 0);
    if (!rc && type != 'd') rc = acs_memfs_utimens(fs, &root_cred, at, name, ts, AT_SYMLINK_NOFOLLOW);
    if (!rc && type == 'd') {
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

int acs__snapshot_restore(acs__kernel *k, acs__proc *owner, int fd, char *why, size_t whycap)
{
  snap_r r = {.why = why, .whycap = whycap};
  why[0] = 0;
  if (k->live > 0)
    return bad(&r, -EBUSY, "the box has processes running: restore into a box that runs none");
  for (int i = 0; i < ACS__K_MAX_FDS; i++)
    if (owner->fds[i].f) return bad(&r, -EBUSY, "the box's owner holds files open");
  struct stat fst;
  if (fstat(fd, &fst) < 0) return bad(&r, -errno, "the snapshot cannot be read: %s", strerror(errno));
  size_t size = (size_t)fst.st_size;
  if (fst.st_size < HEADER + 2 + 39 + 8 + 4) /* a header, the root, the trailer */
    return bad(&r, -EINVAL, "not a snapshot: %zu bytes is too short to be one", size);
  unsigned char *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (map == MAP_FAILED) return bad(&r, -errno, "the snapshot cannot be read: %s", strerror(errno));
  int rc = 0;
  acs_memfs *nfs = NULL;
  dir_times *dirs = NULL;
  size_t ndirs = 0;
  uint32_t version, crc;
  memcpy(&version, map + 8, 4);
  memcpy(&crc, map + size - 4, 4);
  if (memcmp(map, MAGIC, 8)) {
    rc = bad(&r, -EINVAL, "not a snapshot of a box (it does not start with '%s')", MAGIC);
    goto out;
  }
  if (version != VERSION) {
    rc = bad(&r, -EINVAL, "a snapshot of version %u; this box reads version %u", version, VERSION);
    goto out;
  }
  if ((uint32_t)crc32(0L, map, (uInt)(size - 4)) != crc) {
    rc = bad(&r, -EINVAL, "the snapshot is corrupt or truncated (its checksum does not match)");
    goto out;
  }
  uint64_t count;
  memcpy(&count, map + size - 12, 8);
  r.p = map + HEADER;
  r.end = map + size - 12;
  char host[80];
  size_t hl;
  if (!get_str16(&r, host, sizeof host, &hl)) {
    rc = bad(&r, -EINVAL, "the snapshot's header is cut short");
    goto out;
  }
  uint64_t max_inodes = k->o.max_inodes ? k->o.max_inodes : (1u << 20);
  if (count == 0 || count > max_inodes) {
    rc = bad(&r, -ENOSPC, "the snapshot holds %llu entries; the box allows 1 to %llu files",
             (unsigned long long)count, (unsigned long long)max_inodes);
    goto out;
  }
  acs_memfs_options mo = {.version = ACS_MEMFS_OPTIONS_VERSION, .max_bytes = k->o.max_fs_bytes,
                          .max_inodes = k->o.max_inodes, .protected_hardlinks = true,
                          .protected_symlinks = true};
  if (!mo.max_bytes) mo.max_bytes = 256ull << 20;
  if (!mo.max_inodes) mo.max_inodes = 1u << 20;
  if (acs_memfs_new(&mo, &nfs)) {
    rc = bad(&r, -ENOMEM, "out of memory");
    goto out;
  }
  if ((rc = build(nfs, &r, count, &dirs, &ndirs)) != 0) goto out;
  if (r.p != r.end) {
    rc = bad(&r, -EINVAL, "the snapshot has %zu bytes after its last entry", (size_t)(r.end - r.p));
    goto out;
  }
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
  if (prc) {
    rc = bad(&r, -EINVAL, "the snapshot's /proc is not a directory");
    goto out;
  }
  acs_memfs *old = k->fs;
  k->fs = nfs;
  if ((rc = acs__procfs_mount(k)) != 0) {
    k->fs = old;
    rc = bad(&r, rc, "/proc could not be mounted: %s", strerror(-rc));
    goto out;
  }
  acs_memfs_inode_release(old, owner->cwd);
  owner->cwd = acs_memfs_root(nfs);
  acs_memfs_inode_hold(owner->cwd);
  acs_memfs_free(old);
  nfs = NULL;
out:
  for (size_t i = 0; i < ndirs; i++) free(dirs[i].path);
  free(dirs);
  acs_memfs_free(nfs);
  munmap(map, size);
  return rc;
}
