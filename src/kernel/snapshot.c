/* snapshot.c - a box's whole filesystem as a POSIX tar (pax) stream, and
** a filesystem made anew from one (owner ops SNAPSHOT and RESTORE;
** docs/box-protocol.md gives the format; snap_tar.c the blocks).
**
** A snapshot comes from outside the kernel (the caller kept it, maybe on a
** disk, maybe from someone else), so restore trusts nothing in it: every
** name is one plain component, every parent an earlier directory of the
** snapshot reached without following a link, every size within the bytes
** that are there, and the new tree is built beside the live one under the
** box's own limits, replacing it only once it is whole. */
#include "kernel.h"
#include "hostfs.h"
#include "procfs.h"
#include "snap_tar.h"

#include "../base/base.h"

#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>


static const acs_memfs_cred root_cred = {.umask = 0};

/* ------------------------------------------------------------ writing */

/* Written to the caller's file as it goes, through a buffer of OUT_BUF
** bytes: a snapshot never needs a second copy of the tree in memory. */
#define OUT_BUF (1u << 20)

/* the box's user and group names (its /etc/passwd and /etc/group when
** the snapshot starts), for the headers' uname and gname */
typedef struct idname { uint32_t id; char name[32]; } idname;
#define MAX_NAMES 64

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
  idname users[MAX_NAMES], groups[MAX_NAMES];
  size_t nusers, ngroups;
  acs__tar_head h; /* the entry being written (too big for the stack of a walk) */
  uint64_t sparse_size; /* the next regular file's own size when it goes sparse, else 0 */
  unsigned char hbuf[ACS__TAR_HEAD_MAX];
  /* a file's bytes on their way, off the stack too: put_file's frame is
  ** on it once per level of the walk, and the kernel of acs serve runs
  ** on a thread's 512 KB (Python's __pycache__ dirs overflowed it) */
  unsigned char chunk[1 << 16];
} snap_w;

static void flush(snap_w *w)
{
  if (w->rc || !w->len) return;
  w->crc = (uint32_t)crc32(w->crc, w->buf, (uInt)w->len);
  int e = acs__write_all(w->fd, w->buf, w->len);
  if (e) w->rc = e; /* the file's own error (ENOSPC on a full disk), not a vague EIO */
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

static void put_zeros(snap_w *w, size_t n)
{
  static const unsigned char zero[ACS__TAR_BLOCK];
  while (n) {
    size_t k = n < sizeof zero ? n : sizeof zero;
    put(w, zero, k);
    n -= k;
  }
}

/* name:x:id:... lines of a box file into v */
static size_t load_names(acs_memfs *fs, const char *path, idname *v)
{
  acs_memfs_file *f = NULL;
  if (acs_memfs_open(fs, &root_cred, NULL, path, O_RDONLY, 0, &f)) return 0;
  char text[16384];
  ssize_t n = acs_memfs_read(fs, f, text, sizeof text - 1);
  acs_memfs_close(fs, f);
  if (n <= 0) return 0;
  text[n] = 0;
  size_t count = 0;
  for (char *line = text, *next; line && *line && count < MAX_NAMES; line = next) {
    next = strchr(line, '\n');
    if (next) *next++ = 0;
    char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
    if (!c2 || c1 - line >= 32 || c1 == line) continue;
    char *end;
    unsigned long id = strtoul(c2 + 1, &end, 10);
    if (end == c2 + 1 || *end != ':' || id >= UINT32_MAX) continue;
    v[count].id = (uint32_t)id;
    memcpy(v[count].name, line, (size_t)(c1 - line));
    v[count].name[c1 - line] = 0;
    count++;
  }
  return count;
}

static void name_of(const idname *v, size_t n, uint32_t id, char out[32])
{
  out[0] = 0;
  for (size_t i = 0; i < n; i++)
    if (v[i].id == id) {
      memcpy(out, v[i].name, 32);
      return;
    }
}

/* The entry's headers: type is tar's ('0' '1' '2' '3' '5' '6'); link the
** earlier name or the link's text; size a regular file's. */
static void put_head(snap_w *w, char type, const char *rel, const acs_memfs_stat *st,
                     const char *link, uint64_t size)
{
  acs__tar_head *h = &w->h;
  memset(h, 0, offsetof(acs__tar_head, comment));
  h->type = type;
  /* "./" first, as `tar -C DIR -cf - .` names them; a directory ends in '/' */
  int n = snprintf(h->path, sizeof h->path, "./%s%s", rel, *rel && type == '5' ? "/" : "");
  if (n < 0 || (size_t)n >= sizeof h->path) {
    w->rc = -ENAMETOOLONG;
    return;
  }
  if (link) snprintf(h->link, sizeof h->link, "%s", link);
  h->size = size;
  h->sparse = type == '0' && w->sparse_size;
  h->realsize = w->sparse_size;
  h->mode = st->mode & 07777;
  h->uid = st->uid;
  h->gid = st->gid;
  h->mtime = st->mtime;
  h->atime = st->atime;
  if (type == '3') {
    h->devmajor = (uint32_t)(st->rdev >> 8);
    h->devminor = (uint32_t)(st->rdev & 0xff);
  }
  name_of(w->users, w->nusers, st->uid, h->uname);
  name_of(w->groups, w->ngroups, st->gid, h->gname);
  put(w, w->hbuf, acs__tar_encode(h, w->hbuf));
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

typedef struct ext { uint64_t off, len; } ext;

static void put_file(snap_w *w, const char *abs, const char *rel, const acs_memfs_stat *st)
{
  acs_memfs *fs = w->k->fs;
  if (st->nlink > 1) {
    for (size_t i = 0; i < w->nlinks; i++)
      if (w->links[i].ino == st->ino) {
        char first[ACS_MEMFS_PATH_MAX + 2];
        snprintf(first, sizeof first, "./%s", w->links[i].path);
        put_head(w, '1', rel, st, first, 0);
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
  /* its extents (memfs keeps no page a file never wrote): with holes it
  ** goes as a sparse file, so a 1 TiB `truncate -s` costs a few bytes, not
  ** a terabyte of zeros on the host's disk */
  ext *xs = NULL;
  size_t nx = 0, capx = 0;
  uint64_t stored = 0;
  for (int64_t off = 0; !w->rc && (uint64_t)off < st->size;) {
    int64_t d = acs_memfs_lseek(fs, f, off, SEEK_DATA);
    if (d < 0) break; /* ENXIO: no data past off */
    int64_t e = acs_memfs_lseek(fs, f, d, SEEK_HOLE);
    if (e <= d) e = (int64_t)st->size;
    if (nx == capx) {
      size_t cap = capx ? capx * 2 : 8;
      ext *v = realloc(xs, cap * sizeof *v);
      if (!v) {
        w->rc = -ENOMEM;
        break;
      }
      xs = v;
      capx = cap;
    }
    xs[nx++] = (ext){(uint64_t)d, (uint64_t)(e - d)};
    stored += (uint64_t)(e - d);
    off = e;
  }
  bool sparse = !w->rc && stored < st->size;
  /* a hole at the end is a last extent of no bytes at the size, as GNU
  ** tar writes it (its reader takes the size from the map) */
  if (sparse && (!nx || xs[nx - 1].off + xs[nx - 1].len < st->size)) {
    ext *v = nx < capx ? xs : realloc(xs, (nx + 1) * sizeof *v);
    if (!v) w->rc = -ENOMEM;
    else {
      xs = v;
      capx = nx < capx ? capx : nx + 1;
      xs[nx++] = (ext){st->size, 0};
    }
    sparse = !w->rc;
  }
  char map[64];
  uint64_t maplen = 0;
  if (sparse) {
    /* the map: the extent count, then each offset and length, a line each */
    maplen = (uint64_t)snprintf(map, sizeof map, "%zu\n", nx);
    for (size_t i = 0; i < nx; i++) maplen += (uint64_t)snprintf(map, sizeof map, "%" PRIu64 "\n%" PRIu64 "\n", xs[i].off, xs[i].len);
    maplen += acs__tar_pad(maplen);
    w->sparse_size = st->size;
  }
  if (!w->rc) put_head(w, '0', rel, st, NULL, sparse ? maplen + stored : st->size);
  w->sparse_size = 0;
  if (sparse && !w->rc) {
    uint64_t written = (uint64_t)snprintf(map, sizeof map, "%zu\n", nx);
    put(w, map, (size_t)written);
    for (size_t i = 0; i < nx; i++) {
      int l = snprintf(map, sizeof map, "%" PRIu64 "\n%" PRIu64 "\n", xs[i].off, xs[i].len);
      put(w, map, (size_t)l);
      written += (uint64_t)l;
    }
    put_zeros(w, (size_t)acs__tar_pad(written));
  }
  for (size_t i = 0; i < (sparse ? nx : 1) && !w->rc; i++) {
    uint64_t from = sparse ? xs[i].off : 0, len = sparse ? xs[i].len : st->size, done = 0;
    while (!w->rc && done < len) {
      size_t want = len - done < sizeof w->chunk ? (size_t)(len - done) : sizeof w->chunk;
      ssize_t n = acs_memfs_pread(fs, f, w->chunk, want, (int64_t)(from + done));
      if (n <= 0) w->rc = n < 0 ? (int)n : -EIO;
      else {
        put(w, w->chunk, (size_t)n);
        done += (uint64_t)n;
      }
    }
  }
  put_zeros(w, (size_t)acs__tar_pad(sparse ? stored : st->size));
  free(xs);
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
    /* a mount point (/proc, a host directory): named, its contents are
    ** not the box's files; a host mount's point is the directory made for
    ** it (root 0755) */
    bool host = acs__hostfs_crossed(w->k);
    acs_memfs_stat d = {.mode = S_IFDIR | (host ? 0755 : 0555)};
    if (host) d.mtime = d.atime = d.ctime = d.btime = w->k->boot_real;
    put_head(w, '5', rel, &d, NULL, 0);
    return;
  }
  if (rc) {
    w->rc = rc;
    return;
  }
  switch (st.mode & S_IFMT) {
  case S_IFDIR:
    put_head(w, '5', rel, &st, NULL, 0);
    walk(w, rel, depth + 1);
    break;
  case S_IFREG: put_file(w, abs, rel, &st); break;
  case S_IFLNK: {
    char target[ACS_MEMFS_PATH_MAX];
    ssize_t n = acs_memfs_readlink(fs, &root_cred, NULL, abs, target, sizeof target - 1);
    if (n < 0) {
      w->rc = (int)n;
      return;
    }
    target[n] = 0;
    put_head(w, '2', rel, &st, target, 0);
    break;
  }
  case S_IFIFO: put_head(w, '6', rel, &st, NULL, 0); break;
  case S_IFCHR: put_head(w, '3', rel, &st, NULL, 0); break;
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
      if (n >= ACS_MEMFS_PATH_MAX - 3) w->rc = -ENAMETOOLONG;
      else put_entry(w, sub, depth);
    }
    free(ns.v[i]);
  }
  free(ns.v);
}

static void put_global(snap_w *w, const char *comment)
{
  memset(&w->h, 0, sizeof w->h);
  w->h.type = 'g';
  snprintf(w->h.comment, sizeof w->h.comment, "%s", comment);
  put(w, w->hbuf, acs__tar_encode(&w->h, w->hbuf));
}

int64_t acs__snapshot_write(acs__kernel *k, int fd)
{
  snap_w *w = calloc(1, sizeof *w);
  if (!w) return -ENOMEM;
  w->k = k;
  w->fd = fd;
  w->buf = malloc(OUT_BUF);
  if (!w->buf) {
    free(w);
    return -ENOMEM;
  }
  w->crc = (uint32_t)crc32(0L, Z_NULL, 0);
  w->nusers = load_names(k->fs, "/etc/passwd", w->users);
  w->ngroups = load_names(k->fs, "/etc/group", w->groups);
  /* the manifest: a pax global header's comment, which tar ignores */
  char manifest[ACS__TAR_COMMENT_MAX];
  const char *host = k->o.hostname[0] ? k->o.hostname : "box";
  int n = snprintf(manifest, sizeof manifest, ACS__SNAP_MANIFEST "%d,\"hostname\":\"", ACS__SNAP_VERSION);
  for (const char *c = host; *c && n < (int)sizeof manifest - 8; c++)
    if (*c != '"' && *c != '\\' && (unsigned char)*c >= 0x20) manifest[n++] = *c;
  /* mounts are named, not copied: their files are the host's */
  char mounts[ACS__TAR_COMMENT_MAX];
  if (acs__hostfs_json(k, mounts, sizeof mounts) >= sizeof mounts) snprintf(mounts, sizeof mounts, "[]");
  snprintf(manifest + n, sizeof manifest - (size_t)n, "\",\"mounts\":%s}", mounts);
  put_global(w, manifest);
  put_entry(w, "", 0);
  /* the end record: how many entries, and the CRC-32 of every byte before it */
  flush(w);
  char end[96];
  snprintf(end, sizeof end, ACS__SNAP_END "entries=%llu crc32=%08x", (unsigned long long)w->count, w->crc);
  put_global(w, end);
  put_zeros(w, 2 * ACS__TAR_BLOCK);
  flush(w);
  int64_t r = w->rc ? w->rc : (int64_t)w->total;
  free(w->buf);
  for (size_t i = 0; i < w->nlinks; i++) free(w->links[i].path);
  free(w->links);
  free(w);
  return r;
}

int acs__snapshot_restore(acs__kernel *k, acs__proc *owner, int fd, char *why, size_t whycap)
{
  why[0] = 0;
  if (k->live > 0) {
    snprintf(why, whycap, "the box has processes running: restore into a box that runs none");
    return -EBUSY;
  }
  for (int i = 0; i < ACS__K_MAX_FDS; i++)
    if (owner->fds[i].f) {
      snprintf(why, whycap, "the box's owner holds files open");
      return -EBUSY;
    }
  struct stat fst;
  if (fstat(fd, &fst) < 0) {
    int e = errno;
    snprintf(why, whycap, "the snapshot cannot be read: %s", strerror(e));
    return -e;
  }
  size_t size = (size_t)fst.st_size;
  unsigned char *map = size ? mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0) : NULL;
  if (map == MAP_FAILED) {
    int e = errno;
    snprintf(why, whycap, "the snapshot cannot be read: %s", strerror(e));
    return -e;
  }
  acs_memfs_options mo = {.version = ACS_MEMFS_OPTIONS_VERSION, .max_bytes = k->o.max_fs_bytes,
                          .max_inodes = k->o.max_inodes, .protected_hardlinks = true,
                          .protected_symlinks = true};
  if (!mo.max_bytes) mo.max_bytes = 256ull << 20;
  if (!mo.max_inodes) mo.max_inodes = 1u << 20;
  acs_memfs *nfs = NULL;
  int rc = acs_memfs_new(&mo, &nfs) ? -ENOMEM : 0;
  if (rc) snprintf(why, whycap, "out of memory");
  else rc = acs__snapshot_build(nfs, map, size, mo.max_inodes, why, whycap);
  if (map) munmap(map, size);
  if (rc) {
    acs_memfs_free(nfs);
    return rc;
  }
  acs_memfs *old = k->fs;
  k->fs = nfs;
  if ((rc = acs__procfs_mount(k)) != 0) {
    k->fs = old;
    acs_memfs_free(nfs);
    snprintf(why, whycap, "/proc could not be mounted: %s", strerror(-rc));
    return rc;
  }
  if ((rc = acs__hostfs_remount(k)) != 0) {
    k->fs = old;
    acs_memfs_free(nfs);
    snprintf(why, whycap, "the box's mounts could not be placed in it again: %s", strerror(-rc));
    return rc;
  }
  acs_memfs_inode_release(old, owner->cwd);
  owner->cwd = acs_memfs_root(nfs);
  acs_memfs_inode_hold(owner->cwd);
  acs_memfs_free(old);
  return 0;
}
