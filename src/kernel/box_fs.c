/* box_fs.c - the host's calls on a box's files (acs_box_read_file and the
** others of acs.h's "a box's files"): each one or a few guest calls on
** the owner's socket, as root with cwd /. */
#include "box_int.h"

#include "../base/base.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_READ ((int64_t)1 << 30)

void acs_free(void *p) { free(p); }

/* A failure of the call `what` on path. */
static int fs_fail(acs_err *err, int64_t r, const char *what, const char *path)
{
  if (r == -EPIPE || r == -EPROTO)
    return acs__fail(err, ACS_EENV, ACS__ENV, "the box's kernel is gone");
  int e = (int)-r;
  const char *hint = e == ENOSPC ? " (the box's filesystem is full: its limit on bytes or files)"
                     : e == EFBIG ? " (larger than allowed)" : "";
  return acs__fail(err, (int)r, ACS__ENV, "%s '%s': %s%s", what, path, strerror(e), hint);
}

static int check_path(acs_err *err, const char *path)
{
  if (!path || path[0] != '/')
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "a box path must be absolute (got '%s')",
                     path ? path : "(null)");
  if (strlen(path) > ACS__SYS_MAX_STR)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "the box path '%.64s...' is too long", path);
  return 0;
}

static int64_t call(acs_box *b, acs__msg *m, acs__rd *rd) { return acs__box_rpc(b, m, rd); }

static int64_t op_path(acs_box *b, int op, const char *path, int32_t flags)
{
  acs__msg m;
  acs__rd rd;
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, (uint16_t)op, ++b->seq);
  acs__msg_i32(&m, AT_FDCWD);
  acs__msg_str(&m, path);
  acs__msg_i32(&m, flags);
  return call(b, &m, &rd);
}

static int64_t open_l(acs_box *b, const char *path, int flags, uint32_t mode)
{
  acs__msg m;
  acs__rd rd;
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_OPEN, ++b->seq);
  acs__msg_i32(&m, AT_FDCWD);
  acs__msg_str(&m, path);
  acs__msg_i32(&m, flags | O_CLOEXEC);
  acs__msg_u32(&m, mode);
  return call(b, &m, &rd);
}

static void close_l(acs_box *b, int64_t fd)
{
  acs__msg m;
  acs__rd rd;
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_CLOSE, ++b->seq);
  acs__msg_i32(&m, (int32_t)fd);
  call(b, &m, &rd);
}

static int64_t stat_l(acs_box *b, const char *path, bool nofollow, acs__sys_stat *st)
{
  acs__msg m;
  acs__rd rd;
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_STAT, ++b->seq);
  acs__msg_i32(&m, AT_FDCWD);
  acs__msg_str(&m, path);
  acs__msg_i32(&m, nofollow ? AT_SYMLINK_NOFOLLOW : 0);
  int64_t r = call(b, &m, &rd);
  if (r == 0 && !acs__rd_stat(&rd, st)) r = -EPROTO;
  return r;
}

/* ---------------------------------------------------------------- read */

static int64_t read_all_l(acs_box *b, const char *path, int64_t max, acs__buf *out)
{
  int64_t fd = open_l(b, path, O_RDONLY, 0);
  if (fd < 0) return fd;
  int64_t r = 0;
  for (;;) {
    acs__msg m;
    acs__rd rd;
    acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_READ, ++b->seq);
    acs__msg_i32(&m, (int32_t)fd);
    acs__msg_u32(&m, ACS__SYS_MAX_DATA);
    int64_t n = call(b, &m, &rd);
    const unsigned char *p;
    size_t len;
    if (n < 0) {
      r = n;
      break;
    }
    if (!acs__rd_bytes(&rd, &p, &len)) {
      r = -EPROTO;
      break;
    }
    if (len == 0) break;
    if ((int64_t)(out->len + len) > max) {
      r = -EFBIG;
      break;
    }
    if (acs__buf_append(out, p, len)) {
      r = -ENOMEM;
      break;
    }
  }
  close_l(b, fd);
  return r;
}

int acs_box_read_file(acs_box *b, const char *path, int64_t max_bytes, char **data, size_t *len,
                      acs_err *err)
{
  *data = NULL;
  *len = 0;
  int rc = check_path(err, path);
  if (rc) return rc;
  if (!b || max_bytes < 0) return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "no box, or max_bytes < 0");
  acs__buf out = {0};
  pthread_mutex_lock(&b->lock);
  int64_t r = read_all_l(b, path, max_bytes ? max_bytes : MAX_READ, &out);
  pthread_mutex_unlock(&b->lock);
  if (r < 0) {
    acs__buf_free(&out);
    return fs_fail(err, r, "cannot read", path);
  }
  *data = acs__buf_take(&out, len);
  return *data ? 0 : acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
}

/* --------------------------------------------------------------- write */

static int64_t mkdir_l(acs_box *b, const char *path, uint32_t mode)
{
  acs__msg m;
  acs__rd rd;
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_MKDIR, ++b->seq);
  acs__msg_i32(&m, AT_FDCWD);
  acs__msg_str(&m, path);
  acs__msg_u32(&m, mode);
  return call(b, &m, &rd);
}

/* mkdir -p of path (with the last component when `last`) */
static int64_t mkdirs_l(acs_box *b, const char *path, uint32_t mode, bool last)
{
  char p[ACS__SYS_MAX_STR + 1];
  snprintf(p, sizeof p, "%s", path);
  size_t n = strlen(p);
  while (n > 1 && p[n - 1] == '/') p[--n] = 0;
  for (char *s = p + 1;; s++) {
    if (*s != '/' && *s) continue;
    if (!*s && !last) break;
    char c = *s;
    *s = 0;
    int64_t r = mkdir_l(b, p, mode);
    if (r == -EEXIST) {
      acs__sys_stat st;
      if (stat_l(b, p, false, &st) == 0 && (st.mode & S_IFMT) != S_IFDIR) r = -ENOTDIR;
      else r = 0;
    }
    *s = c;
    if (r) return r;
    if (!c) break;
  }
  return 0;
}

int acs_box_write_file(acs_box *b, const char *path, const void *data, size_t len, uint32_t mode,
                       unsigned flags, acs_err *err)
{
  int rc = check_path(err, path);
  if (rc) return rc;
  if (!b || (len && !data)) return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "no box or no data");
  pthread_mutex_lock(&b->lock);
  int64_t r = 0;
  if (flags & ACS_BOX_WRITE_PARENTS) r = mkdirs_l(b, path, 0755, false);
  int64_t fd = r ? r
                 : open_l(b, path, O_WRONLY | O_CREAT | ((flags & ACS_BOX_WRITE_APPEND) ? O_APPEND : O_TRUNC),
                          mode ? mode & 07777 : 0644);
  if (fd >= 0) {
    for (size_t off = 0; off < len;) {
      acs__msg m;
      acs__rd rd;
      size_t n = len - off < ACS__SYS_MAX_DATA ? len - off : ACS__SYS_MAX_DATA;
      acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_WRITE, ++b->seq);
      acs__msg_i32(&m, (int32_t)fd);
      acs__msg_bytes(&m, (const char *)data + off, n);
      int64_t w = call(b, &m, &rd);
      if (w <= 0) {
        r = w < 0 ? w : -ENOSPC;
        break;
      }
      off += (size_t)w;
    }
    close_l(b, fd);
  } else
    r = fd;
  pthread_mutex_unlock(&b->lock);
  return r ? fs_fail(err, r, "cannot write", path) : 0;
}

/* ------------------------------------------------------------- listing */

typedef struct dlist { acs_box_dirent *v; size_t n, cap; } dlist;

static int64_t readdir_l(acs_box *b, const char *path, dlist *out)
{
  int64_t fd = open_l(b, path, O_RDONLY | O_DIRECTORY, 0);
  if (fd < 0) return fd;
  int64_t r = 0;
  for (;;) {
    acs__msg m;
    acs__rd rd;
    acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_GETDENTS, ++b->seq);
    acs__msg_i32(&m, (int32_t)fd);
    acs__msg_u32(&m, ACS__SYS_MAX_DATA);
    int64_t n = call(b, &m, &rd);
    const unsigned char *p;
    size_t len;
    if (n < 0) {
      r = n;
      break;
    }
    if (!acs__rd_bytes(&rd, &p, &len)) {
      r = -EPROTO;
      break;
    }
    if (len == 0) break;
    for (size_t off = 0; off + 11 <= len;) {
      uint16_t nl;
      memcpy(&nl, p + off + 9, 2);
      if (off + 11 + nl > len) break;
      const char *name = (const char *)p + off + 11;
      unsigned char type = p[off + 8];
      off += 11 + nl;
      if ((nl == 1 && name[0] == '.') || (nl == 2 && name[0] == '.' && name[1] == '.')) continue;
      if (out->n == out->cap) {
        size_t cap = out->cap ? out->cap * 2 : 16;
        acs_box_dirent *v = realloc(out->v, cap * sizeof *v);
        if (!v) return close_l(b, fd), -ENOMEM;
        out->v = v;
        out->cap = cap;
      }
      char *s = acs__strndup(name, nl);
      if (!s) return close_l(b, fd), -ENOMEM;
      out->v[out->n++] = (acs_box_dirent){s, type};
    }
  }
  close_l(b, fd);
  return r;
}

void acs_box_dirents_free(acs_box_dirent *list, size_t count)
{
  for (size_t i = 0; list && i < count; i++) free(list[i].name);
  free(list);
}

int acs_box_readdir(acs_box *b, const char *path, acs_box_dirent **list, size_t *count,
                    acs_err *err)
{
  *list = NULL;
  *count = 0;
  int rc = check_path(err, path);
  if (rc) return rc;
  dlist d = {0};
  pthread_mutex_lock(&b->lock);
  int64_t r = readdir_l(b, path, &d);
  pthread_mutex_unlock(&b->lock);
  if (r < 0) {
    acs_box_dirents_free(d.v, d.n);
    return fs_fail(err, r, "cannot list", path);
  }
  *list = d.v;
  *count = d.n;
  return 0;
}

/* ---------------------------------------------------------------- stat */

int acs_box_stat_path(acs_box *b, const char *path, bool nofollow, acs_box_stat *out, acs_err *err)
{
  memset(out, 0, sizeof *out);
  int rc = check_path(err, path);
  if (rc) return rc;
  acs__sys_stat st;
  pthread_mutex_lock(&b->lock);
  int64_t r = stat_l(b, path, nofollow, &st);
  pthread_mutex_unlock(&b->lock);
  if (r) return fs_fail(err, r, "cannot stat", path);
  *out = (acs_box_stat){.mode = st.mode, .uid = st.uid, .gid = st.gid, .size = st.size,
                        .ino = st.ino, .nlink = st.nlink, .rdev = st.rdev, .blocks = st.blocks,
                        .dev = st.dev,
                        .atime_ns = st.atime_s * 1000000000 + st.atime_ns,
                        .mtime_ns = st.mtime_s * 1000000000 + st.mtime_ns,
                        .ctime_ns = st.ctime_s * 1000000000 + st.ctime_ns,
                        .btime_ns = st.btime_s * 1000000000 + st.btime_ns};
  return 0;
}

int acs_box_exists(acs_box *b, const char *path, bool *exists, acs_err *err)
{
  *exists = false;
  int rc = check_path(err, path);
  if (rc) return rc;
  acs__sys_stat st;
  pthread_mutex_lock(&b->lock);
  int64_t r = stat_l(b, path, true, &st);
  pthread_mutex_unlock(&b->lock);
  if (r == 0) *exists = true;
  else if (r != -ENOENT && r != -ENOTDIR) return fs_fail(err, r, "cannot look at", path);
  return 0;
}

/* ------------------------------------------------------ making, removing */

int acs_box_mkdir(acs_box *b, const char *path, uint32_t mode, bool parents, acs_err *err)
{
  int rc = check_path(err, path);
  if (rc) return rc;
  pthread_mutex_lock(&b->lock);
  int64_t r = parents ? mkdirs_l(b, path, mode ? mode & 07777 : 0755, true)
                      : mkdir_l(b, path, mode ? mode & 07777 : 0755);
  pthread_mutex_unlock(&b->lock);
  return r ? fs_fail(err, r, "cannot make the directory", path) : 0;
}

static int64_t rm_l(acs_box *b, const char *path, bool recursive, int depth, char *failed, size_t cap)
{
  acs__sys_stat st;
  int64_t r = stat_l(b, path, true, &st);
  if (r) {
    snprintf(failed, cap, "%s", path);
    return r;
  }
  if ((st.mode & S_IFMT) != S_IFDIR) r = op_path(b, ACS__SYS_UNLINK, path, 0);
  else {
    if (recursive) {
      if (depth > 512) return -ELOOP;
      dlist d = {0};
      r = readdir_l(b, path, &d);
      for (size_t i = 0; !r && i < d.n; i++) {
        char sub[ACS__SYS_MAX_STR + 2];
        int n = snprintf(sub, sizeof sub, "%s/%s", strcmp(path, "/") ? path : "", d.v[i].name);
        r = n > ACS__SYS_MAX_STR ? -ENAMETOOLONG : rm_l(b, sub, true, depth + 1, failed, cap);
      }
      acs_box_dirents_free(d.v, d.n);
      if (r) return r;
    }
    r = op_path(b, ACS__SYS_UNLINK, path, AT_REMOVEDIR);
  }
  if (r && !failed[0]) snprintf(failed, cap, "%s", path);
  return r;
}

int acs_box_rm(acs_box *b, const char *path, bool recursive, bool force, acs_err *err)
{
  int rc = check_path(err, path);
  if (rc) return rc;
  char failed[ACS__SYS_MAX_STR + 1] = "";
  pthread_mutex_lock(&b->lock);
  int64_t r = rm_l(b, path, recursive, 0, failed, sizeof failed);
  pthread_mutex_unlock(&b->lock);
  if (r == -ENOENT && force && !strcmp(failed, path)) return 0;
  if (r == -ENOTEMPTY && !recursive)
    return acs__fail(err, (int)r, ACS__ENV, "cannot remove '%s': the directory is not empty "
                     "(remove it with recursive)", path);
  return r ? fs_fail(err, r, "cannot remove", failed[0] ? failed : path) : 0;
}

int acs_box_rename(acs_box *b, const char *from, const char *to, acs_err *err)
{
  int rc = check_path(err, from);
  if (!rc) rc = check_path(err, to);
  if (rc) return rc;
  acs__msg m;
  acs__rd rd;
  pthread_mutex_lock(&b->lock);
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_RENAME, ++b->seq);
  acs__msg_i32(&m, AT_FDCWD);
  acs__msg_str(&m, from);
  acs__msg_i32(&m, AT_FDCWD);
  acs__msg_str(&m, to);
  acs__msg_i32(&m, 0);
  int64_t r = call(b, &m, &rd);
  pthread_mutex_unlock(&b->lock);
  if (r) {
    acs__fail(err, (int)r, ACS__ENV, "cannot rename '%s' to '%s': %s", from, to, strerror((int)-r));
    return r == -EPIPE ? fs_fail(err, r, "", from) : (int)r;
  }
  return 0;
}

int acs_box_symlink(acs_box *b, const char *target, const char *path, acs_err *err)
{
  int rc = check_path(err, path);
  if (rc) return rc;
  if (!target || !*target || strlen(target) > ACS__SYS_MAX_STR)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "a link's target must be 1 to %d bytes",
                     ACS__SYS_MAX_STR);
  acs__msg m;
  acs__rd rd;
  pthread_mutex_lock(&b->lock);
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_SYMLINK, ++b->seq);
  acs__msg_str(&m, target);
  acs__msg_i32(&m, AT_FDCWD);
  acs__msg_str(&m, path);
  int64_t r = call(b, &m, &rd);
  pthread_mutex_unlock(&b->lock);
  return r ? fs_fail(err, r, "cannot make the link", path) : 0;
}

int acs_box_chmod(acs_box *b, const char *path, uint32_t mode, acs_err *err)
{
  int rc = check_path(err, path);
  if (rc) return rc;
  acs__msg m;
  acs__rd rd;
  pthread_mutex_lock(&b->lock);
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_CHMOD, ++b->seq);
  acs__msg_i32(&m, AT_FDCWD);
  acs__msg_str(&m, path);
  acs__msg_u32(&m, mode & 07777);
  acs__msg_i32(&m, 0);
  int64_t r = call(b, &m, &rd);
  pthread_mutex_unlock(&b->lock);
  return r ? fs_fail(err, r, "cannot change the mode of", path) : 0;
}

int acs_box_chown(acs_box *b, const char *path, int64_t uid, int64_t gid, acs_err *err)
{
  int rc = check_path(err, path);
  if (rc) return rc;
  if (uid < -1 || uid >= UINT32_MAX || gid < -1 || gid >= UINT32_MAX)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "an owner id is a number >= 0 (or -1: kept)");
  acs__msg m;
  acs__rd rd;
  pthread_mutex_lock(&b->lock);
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_CHOWN, ++b->seq);
  acs__msg_i32(&m, AT_FDCWD);
  acs__msg_str(&m, path);
  acs__msg_u32(&m, (uint32_t)uid);
  acs__msg_u32(&m, (uint32_t)gid);
  acs__msg_i32(&m, AT_SYMLINK_NOFOLLOW);
  int64_t r = call(b, &m, &rd);
  pthread_mutex_unlock(&b->lock);
  return r ? fs_fail(err, r, "cannot change the owner of", path) : 0;
}

/* ------------------------------------------------------------ copy out */

static int copy_out_l(acs_box *b, const char *box, const char *host, int depth, acs_err *err)
{
  acs__sys_stat st;
  int64_t r = stat_l(b, box, true, &st);
  if (r) return fs_fail(err, r, "cannot copy out", box);
  if (depth > 256) return acs__fail(err, -ELOOP, ACS__ENV, "cannot copy out '%s': too deep", box);
  uint32_t type = st.mode & S_IFMT;
  int rc = 0;
  if (type == S_IFREG) {
    acs__buf data = {0};
    r = read_all_l(b, box, MAX_READ, &data);
    if (r < 0) {
      acs__buf_free(&data);
      return fs_fail(err, r, "cannot copy out", box);
    }
    int fd = open(host, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0 || acs__write_all(fd, data.data ? data.data : "", data.len)) {
      int e = errno;
      if (fd >= 0) close(fd);
      acs__buf_free(&data);
      return acs__fail(err, -e, ACS__ENV, "cannot write the host file '%s': %s", host, strerror(e));
    }
    acs__buf_free(&data);
    fchmod(fd, st.mode & 0777);
    struct timespec ts[2] = {{st.atime_s, st.atime_ns}, {st.mtime_s, st.mtime_ns}};
    futimens(fd, ts);
    close(fd);
  } else if (type == S_IFLNK) {
    acs__msg m;
    acs__rd rd;
    acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_READLINK, ++b->seq);
    acs__msg_i32(&m, AT_FDCWD);
    acs__msg_str(&m, box);
    r = call(b, &m, &rd);
    const unsigned char *p;
    size_t len;
    if (r < 0 || !acs__rd_bytes(&rd, &p, &len)) return fs_fail(err, r < 0 ? r : -EPROTO, "cannot copy out", box);
    char target[ACS__SYS_MAX_STR + 1];
    snprintf(target, sizeof target, "%.*s", (int)len, (const char *)p);
    if (symlink(target, host) < 0)
      return acs__fail(err, -errno, ACS__ENV, "cannot make the host link '%s': %s", host, strerror(errno));
  } else if (type == S_IFDIR) {
    if (mkdir(host, 0700) < 0 && errno != EEXIST)
      return acs__fail(err, -errno, ACS__ENV, "cannot make the host directory '%s': %s", host,
                       strerror(errno));
    /* below the caller's own path, only a real directory is entered: a
    ** link there (left by an earlier copy of some box's tree) would lead
    ** the box's files out of the destination */
    struct stat hst;
    if (depth > 0 && (lstat(host, &hst) < 0 || !S_ISDIR(hst.st_mode)))
      return acs__fail(err, -ENOTDIR, ACS__ENV, "cannot copy out '%s': the host path '%s' exists and "
                       "is not a directory (a link is never followed there)", box, host);
    dlist d = {0};
    r = readdir_l(b, box, &d);
    if (r < 0) rc = fs_fail(err, r, "cannot list", box);
    for (size_t i = 0; !rc && i < d.n; i++) {
      char *bs = NULL, *hs = NULL;
      if (asprintf(&bs, "%s/%s", strcmp(box, "/") ? box : "", d.v[i].name) < 0) bs = NULL;
      if (asprintf(&hs, "%s/%s", host, d.v[i].name) < 0) hs = NULL;
      rc = bs && hs ? copy_out_l(b, bs, hs, depth + 1, err)
                    : acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
      free(bs);
      free(hs);
    }
    acs_box_dirents_free(d.v, d.n);
    if (!rc) {
      chmod(host, st.mode & 0777);
      struct timespec ts[2] = {{st.atime_s, st.atime_ns}, {st.mtime_s, st.mtime_ns}};
      utimensat(AT_FDCWD, host, ts, AT_SYMLINK_NOFOLLOW);
    }
  }
  /* fifos and devices: a live thing of the box, not copied */
  return rc;
}

int acs_box_copy_out(acs_box *b, const char *box_path, const char *host_path, acs_err *err)
{
  int rc = check_path(err, box_path);
  if (rc) return rc;
  if (!host_path || !*host_path)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "copy out of the box: give a host path");
  pthread_mutex_lock(&b->lock);
  rc = copy_out_l(b, box_path, host_path, 0, err);
  pthread_mutex_unlock(&b->lock);
  return rc;
}

/* ------------------------------------------------------------ snapshot */

int acs_box_snapshot_fd(acs_box *b, int fd, size_t *len, acs_err *err)
{
  *len = 0;
  if (!b || fd < 0) return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "no box or no file for the snapshot");
  acs__msg m;
  acs__rd rd;
  pthread_mutex_lock(&b->lock);
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__BOX_SNAPSHOT, ++b->seq);
  acs__msg_fd(&m, fd);
  int64_t r = call(b, &m, &rd);
  pthread_mutex_unlock(&b->lock);
  if (r == -EPIPE || r == -EPROTO) return acs__fail(err, ACS_EENV, ACS__ENV, "the box's kernel is gone");
  if (r < 0)
    return acs__fail(err, ACS_EENV, ACS__ENV, "the snapshot failed: %s%s", strerror((int)-r),
                     r == -ENOMEM ? " (the box's kernel is out of memory)"
                     : r == -ENOSPC || r == -EDQUOT ? " (the snapshot's file system is full: free space or write it elsewhere)"
                                                   : "");
  *len = (size_t)r;
  return 0;
}

int acs_box_snapshot(acs_box *b, char **data, size_t *len, acs_err *err)
{
  *data = NULL;
  *len = 0;
  int fd = memfd_create("acs-snapshot", MFD_CLOEXEC);
  if (fd < 0) return acs__fail(err, ACS_EENV, ACS__ENV, "no memory file for the snapshot: %s", strerror(errno));
  size_t n = 0;
  int rc = acs_box_snapshot_fd(b, fd, &n, err);
  char *buf = rc ? NULL : malloc(n + 1);
  if (!rc && !buf) rc = acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory for a snapshot of %zu bytes", n);
  size_t got = 0;
  while (!rc && got < n) {
    ssize_t k = pread(fd, buf + got, n - got, (off_t)got);
    if (k <= 0) rc = acs__fail(err, ACS_EENV, ACS__ENV, "the snapshot could not be read back");
    else got += (size_t)k;
  }
  close(fd);
  if (rc) {
    free(buf);
    return rc;
  }
  buf[n] = 0;
  *data = buf;
  *len = n;
  return 0;
}

int acs_box_restore_fd(acs_box *b, int fd, acs_err *err)
{
  if (!b || fd < 0) return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "no box or no snapshot file");
  acs__msg m;
  acs__rd rd;
  pthread_mutex_lock(&b->lock);
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__BOX_RESTORE, ++b->seq);
  acs__msg_fd(&m, fd);
  int64_t r = call(b, &m, &rd);
  char why[600] = "";
  if (r != -EPIPE && r != -EPROTO && !acs__rd_str(&rd, why, sizeof why)) why[0] = 0;
  pthread_mutex_unlock(&b->lock);
  if (r == -EPIPE || r == -EPROTO) return acs__fail(err, ACS_EENV, ACS__ENV, "the box's kernel is gone");
  if (r == -EBUSY) return acs__fail(err, (int)r, ACS__ENV, "cannot restore: %s", why);
  if (r) return acs__fail(err, ACS_EINVAL, ACS__ENV, "cannot restore the snapshot: %s",
                          why[0] ? why : strerror((int)-r));
  return 0;
}

int acs_box_restore(acs_box *b, const void *data, size_t len, acs_err *err)
{
  if (!b || (len && !data)) return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "no box or no snapshot");
  int fd = memfd_create("acs-restore", MFD_CLOEXEC);
  if (fd < 0 || acs__write_all(fd, data, len)) {
    if (fd >= 0) close(fd);
    return acs__fail(err, ACS_EENV, ACS__ENV, "no memory file for the snapshot: %s", strerror(errno));
  }
  int rc = acs_box_restore_fd(b, fd, err);
  close(fd);
  return rc;
}
