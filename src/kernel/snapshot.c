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
#include "procfs.h"
#include "snap_tar.h"

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

/* the manifest's and the end record's pax comments begin so */
#define MANIFEST "{\"acs-snapshot\":"
#define END_MARK "acs-snapshot-end "
#define VERSION 2

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
  unsigned char hbuf[ACS__TAR_HEAD_MAX];
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
  put_head(w, '0', rel, st, NULL, st->size);
  char chunk[1 << 16];
  uint64_t done = 0;
  while (!w->rc && done < st->size) {
    size_t want = st->size - done < sizeof chunk ? (size_t)(st->size - done) : sizeof chunk;
    ssize_t n = acs_memfs_pread(fs, f, chunk, want, (int64_t)done);
    if (n <= 0) w->rc = n < 0 ? (int)n : -EIO;
    else {
      put(w, chunk, (size_t)n);
      done += (uint64_t)n;
    }
  }
  put_zeros(w, (size_t)acs__tar_pad(done));
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
  int n = snprintf(manifest, sizeof manifest, MANIFEST "%d,\"hostname\":\"", VERSION);
  for (const char *c = host; *c && n < (int)sizeof manifest - 8; c++)
    if (*c != '"' && *c != '\\' && (unsigned char)*c >= 0x20) manifest[n++] = *c;
  snprintf(manifest + n, sizeof manifest - (size_t)n, "\"}");
  put_global(w, manifest);
  put_entry(w, "", 0);
  /* the end record: how many entries, and the CRC-32 of every byte before it */
  flush(w);
  char end[96];
  snprintf(end, sizeof end, END_MARK "entries=%llu crc32=%08x", (unsigned long long)w->count, w->crc);
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

/* ------------------------------------------------------------ reading */

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
  if (rc == 1 || r->h.type != 'g' || strncmp(r->h.comment, MANIFEST, sizeof MANIFEST - 1))
    return bad(r, -EINVAL, "not a snapshot of a box (a tar archive without the snapshot's "
               "manifest first)");
  int version = atoi(r->h.comment + sizeof MANIFEST - 1);
  if (version != VERSION)
    return bad(r, -EINVAL, "a snapshot of version %d; this box reads version %d", version, VERSION);
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
      if (strncmp(r->h.comment, END_MARK, sizeof END_MARK - 1) ||
          sscanf(r->h.comment + sizeof END_MARK - 1, "entries=%llu crc32=%8x", &n, &crc) != 2)
        return bad(r, -EINVAL, "entry %llu: a global header that is not the snapshot's end record",
                   (unsigned long long)r->index);
      if ((uint32_t)crc32(0L, r->map, (uInt)start) != crc)
        return bad(r, -EINVAL, "the snapshot is corrupt (its checksum does not match)");
      if (n != *count)
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
      for (uint64_t done = 0; !rc && done < h->size;) {
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

int acs__snapshot_restore(acs__kernel *k, acs__proc *owner, int fd, char *why, size_t whycap)
{
  snap_r *r = calloc(1, sizeof *r);
  if (!r) return -ENOMEM;
  r->why = why;
  r->whycap = whycap;
  why[0] = 0;
  int rc = 0;
  acs_memfs *nfs = NULL;
  dir_times *dirs = NULL;
  size_t ndirs = 0;
  unsigned char *map = MAP_FAILED;
  size_t size = 0;
  if (k->live > 0) {
    rc = bad(r, -EBUSY, "the box has processes running: restore into a box that runs none");
    goto out;
  }
  for (int i = 0; i < ACS__K_MAX_FDS; i++)
    if (owner->fds[i].f) {
      rc = bad(r, -EBUSY, "the box's owner holds files open");
      goto out;
    }
  struct stat fst;
  if (fstat(fd, &fst) < 0) {
    rc = bad(r, -errno, "the snapshot cannot be read: %s", strerror(errno));
    goto out;
  }
  size = (size_t)fst.st_size;
  if (size < 3 * ACS__TAR_BLOCK) {
    rc = bad(r, -EINVAL, "not a snapshot: %zu bytes is too short to be one", size);
    goto out;
  }
  map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (map == MAP_FAILED) {
    rc = bad(r, -errno, "the snapshot cannot be read: %s", strerror(errno));
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
  uint64_t count = 0;
  size_t first = 0;
  if ((rc = scan(r, &count, &first)) != 0) goto out;
  uint64_t max_inodes = k->o.max_inodes ? k->o.max_inodes : (1u << 20);
  if (count == 0 || count > max_inodes) {
    rc = bad(r, -ENOSPC, "the snapshot holds %llu entries; the box allows 1 to %llu files",
             (unsigned long long)count, (unsigned long long)max_inodes);
    goto out;
  }
  acs_memfs_options mo = {.version = ACS_MEMFS_OPTIONS_VERSION, .max_bytes = k->o.max_fs_bytes,
                          .max_inodes = k->o.max_inodes, .protected_hardlinks = true,
                          .protected_symlinks = true};
  if (!mo.max_bytes) mo.max_bytes = 256ull << 20;
  if (!mo.max_inodes) mo.max_inodes = 1u << 20;
  if (acs_memfs_new(&mo, &nfs)) {
    rc = bad(r, -ENOMEM, "out of memory");
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
  if (prc) {
    rc = bad(r, -EINVAL, "the snapshot's /proc is not a directory");
    goto out;
  }
  acs_memfs *old = k->fs;
  k->fs = nfs;
  if ((rc = acs__procfs_mount(k)) != 0) {
    k->fs = old;
    rc = bad(r, rc, "/proc could not be mounted: %s", strerror(-rc));
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
  if (map != MAP_FAILED) munmap(map, size);
  free(r);
  return rc;
}
