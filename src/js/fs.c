/* fs.c - the host side of `fs`: every call goes through the run's file
** table (files.h: the VFS and our own fd numbers in exec, the box's
** kernel in a box), so a guest can never name a host fd or path it was
** not given. Errors are thrown as {errno, code, syscall, path, dest,
** outside} for node_fs.js to shape. */
#include "runtime_internal.h"

#include "../base/base.h"
#include "../vfs/vfs.h"
#include "files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define F (acs__js_files_of_run())

/* errno -> Node's code and libuv's text */
static const struct { int e; const char *code, *text; } errtab[] = {
    {ENOENT, "ENOENT", "no such file or directory"}, {EACCES, "EACCES", "permission denied"},
    {EEXIST, "EEXIST", "file already exists"}, {ENOTDIR, "ENOTDIR", "not a directory"},
    {EISDIR, "EISDIR", "illegal operation on a directory"}, {ENOTEMPTY, "ENOTEMPTY", "directory not empty"},
    {EROFS, "EROFS", "read-only file system"}, {ELOOP, "ELOOP", "too many symbolic links encountered"},
    {EBADF, "EBADF", "bad file descriptor"}, {EINVAL, "EINVAL", "invalid argument"},
    {EBUSY, "EBUSY", "resource busy or locked"}, {EXDEV, "EXDEV", "cross-device link not permitted"},
    {EPERM, "EPERM", "operation not permitted"}, {ENAMETOOLONG, "ENAMETOOLONG", "name too long"},
    {EMFILE, "EMFILE", "too many open files"}, {ENOSPC, "ENOSPC", "no space left on device"},
    {EFBIG, "EFBIG", "file too large"}, {EIO, "EIO", "i/o error"}, {ENOMEM, "ENOMEM", "not enough memory"},
    {EAGAIN, "EAGAIN", "resource temporarily unavailable"}, {ESPIPE, "ESPIPE", "invalid seek"},
    {EDQUOT, "EDQUOT", "disk quota exceeded"}, {ETXTBSY, "ETXTBSY", "text file is busy"},
    /* what a box's kernel may answer besides */
    {EPIPE, "EPIPE", "broken pipe"}, {ENXIO, "ENXIO", "no such device or address"},
    {EOPNOTSUPP, "ENOTSUP", "operation not supported on socket"}, {EPROTO, "EPROTO", "protocol error"},
    {E2BIG, "E2BIG", "argument list too long"},
};

static JSValueRef throw_errno(JSContextRef ctx, JSValueRef *exc, int e, const char *syscall,
                              const char *path, const char *dest)
{
  const char *code = "UNKNOWN", *text = strerror(e);
  for (size_t i = 0; i < sizeof errtab / sizeof *errtab; i++)
    if (errtab[i].e == e) {
      code = errtab[i].code;
      text = errtab[i].text;
      break;
    }
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  acs__js_set(ctx, o, "errno", JSValueMakeNumber(ctx, -e));
  acs__js_set(ctx, o, "code", acs__js_str(ctx, code));
  acs__js_set(ctx, o, "text", acs__js_str(ctx, text));
  acs__js_set(ctx, o, "syscall", acs__js_str(ctx, syscall));
  if (path) acs__js_set(ctx, o, "path", acs__js_str(ctx, path));
  if (dest) acs__js_set(ctx, o, "dest", acs__js_str(ctx, dest));
  if (path && F->outside && F->outside()) {
    acs__js_set(ctx, o, "outside", JSValueMakeBoolean(ctx, true));
    acs__js_set(ctx, o, "allowed", acs__js_str(ctx, F->describe()));
  }
  *exc = o;
  return JSValueMakeUndefined(ctx);
}

static char *cwd_now; /* after a chdir; the run's cwd until then */

/* The absolute guest path of argument i (relative ones against the cwd). */
static char *path_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, JSValueRef *exc)
{
  if (i >= argc) {
    acs__js_throw(ctx, exc, "fs: missing path");
    return NULL;
  }
  size_t rawlen = 0;
  char *raw = acs__js_to_utf8(ctx, argv[i], &rawlen, exc);
  if (!raw) return NULL;
  if (strlen(raw) != rawlen) {
    /* a NUL inside would cut the path short: another file than named */
    free(raw);
    acs__js_throw(ctx, exc, "The argument 'path' must be a string, Uint8Array, or URL without null bytes");
    return NULL;
  }
  if (strlen(raw) == 0) {
    free(raw);
    return strdup("");
  }
  /* a box's node whose cwd was removed before it started: a relative path
  ** is the kernel's to resolve against that directory, as Linux does (it
  ** holds no names: ENOENT to create, nothing to list) */
  if (raw[0] != '/' && !cwd_now && acs__R.cfg->node && acs__R.cfg->node->cwd_errno) return raw;
  char *abs = acs__vfs_abs(acs__js_cwd(), raw);
  /* "name/" and "name/." name a directory (ENOTDIR for a file, as in
  ** Linux): the walk sees the trailing slash or dot that acs__vfs_abs drops */
  size_t n = abs ? strlen(abs) : 0;
  bool dot = rawlen >= 2 && raw[rawlen - 1] == '.' && raw[rawlen - 2] == '/';
  if (n > 1 && (raw[rawlen - 1] == '/' || dot)) {
    char *d = realloc(abs, n + 3);
    if (d) memcpy(d + n, dot ? "/." : "/", dot ? 3 : 2);
    else free(abs);
    abs = d;
  }
  free(raw);
  if (!abs) acs__js_throw(ctx, exc, "out of memory");
  return abs;
}

static int int_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, int def)
{
  if (i >= argc || JSValueIsUndefined(ctx, argv[i]) || JSValueIsNull(ctx, argv[i])) return def;
  return (int)JSValueToNumber(ctx, argv[i], NULL);
}

static double num_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i, double def)
{
  if (i >= argc || JSValueIsUndefined(ctx, argv[i]) || JSValueIsNull(ctx, argv[i])) return def;
  return JSValueToNumber(ctx, argv[i], NULL);
}

static double ms_of(struct timespec t) { return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6; }

static JSObjectRef stat_array(JSContextRef ctx, const acs__js_stat *st)
{
  JSValueRef v[14] = {
      JSValueMakeNumber(ctx, (double)st->dev), JSValueMakeNumber(ctx, st->mode),
      JSValueMakeNumber(ctx, (double)st->nlink), JSValueMakeNumber(ctx, st->uid),
      JSValueMakeNumber(ctx, st->gid), JSValueMakeNumber(ctx, (double)st->rdev),
      JSValueMakeNumber(ctx, (double)st->blksize), JSValueMakeNumber(ctx, (double)st->ino),
      JSValueMakeNumber(ctx, (double)st->size), JSValueMakeNumber(ctx, (double)st->blocks),
      JSValueMakeNumber(ctx, ms_of(st->atime)), JSValueMakeNumber(ctx, ms_of(st->mtime)),
      JSValueMakeNumber(ctx, ms_of(st->ctime)), JSValueMakeNumber(ctx, ms_of(st->btime))};
  return JSObjectMakeArray(ctx, 14, v, NULL);
}

#define PATH_OR_RETURN(var, i)                                                 \
  char *var = path_arg(ctx, argc, argv, i, exc);                              \
  if (!var) return JSValueMakeUndefined(ctx);                                 \
  if (!*var) {                                                                \
    free(var);                                                                \
    return throw_errno(ctx, exc, ENOENT, syscall_name, "", NULL);             \
  }

/* Whether fd is known bad before anything else is looked at (see fd_ok). */
static bool bad_fd(int fd) { return F->fd_ok && !F->fd_ok(fd); }

/* fs.open(path, flags, mode) -> guest fd */
static ACS__HOST_FN(fs_open)
{
  (void)fn; (void)self;
  const char *syscall_name = "open";
  PATH_OR_RETURN(path, 0);
  int flags = int_arg(ctx, argc, argv, 1, O_RDONLY);
  int mode = int_arg(ctx, argc, argv, 2, 0666);
  int fd = F->open(path, flags, (mode_t)mode);
  JSValueRef r = fd < 0 ? throw_errno(ctx, exc, -fd, "open", path, NULL) : JSValueMakeNumber(ctx, fd);
  free(path);
  return r;
}

static ACS__HOST_FN(fs_close)
{
  (void)fn; (void)self;
  int rc = F->close(int_arg(ctx, argc, argv, 0, -1));
  return rc ? throw_errno(ctx, exc, -rc, "close", NULL, NULL) : JSValueMakeUndefined(ctx);
}

/* fs.read(fd, u8, offset, length, position) -> bytes read (position < 0:
** the current position) */
static ACS__HOST_FN(fs_read)
{
  (void)fn; (void)self;
  int fd = int_arg(ctx, argc, argv, 0, -1);
  if (bad_fd(fd)) return throw_errno(ctx, exc, EBADF, "read", NULL, NULL);
  if (argc < 2 || !JSValueIsObject(ctx, argv[1])) return acs__js_throw(ctx, exc, "fs.read: expected a buffer");
  JSObjectRef buf = JSValueToObject(ctx, argv[1], NULL);
  unsigned char *p = JSObjectGetTypedArrayBytesPtr(ctx, buf, exc);
  size_t cap = JSObjectGetTypedArrayByteLength(ctx, buf, exc);
  if (!p && cap) return JSValueMakeUndefined(ctx);
  p += JSObjectGetTypedArrayByteOffset(ctx, buf, exc);
  double off = num_arg(ctx, argc, argv, 2, 0), len = num_arg(ctx, argc, argv, 3, (double)cap);
  double pos = num_arg(ctx, argc, argv, 4, -1);
  if (!(off >= 0) || !(len >= 0) || !(off + len <= (double)cap)) return throw_errno(ctx, exc, EINVAL, "read", NULL, NULL);
  ssize_t n = F->read(fd, p + (size_t)off, (size_t)len, pos >= 0 ? (int64_t)pos : -1);
  if (n < 0) return throw_errno(ctx, exc, (int)-n, "read", NULL, NULL);
  return JSValueMakeNumber(ctx, (double)n);
}

/* Write all of len bytes unless a call fails: the count written, and in
** *err the failure that stopped it (0: none). */
static size_t write_some(int fd, const void *p, size_t len, double pos, int *err)
{
  size_t done = 0;
  *err = 0;
  while (done < len) {
    ssize_t n = F->write(fd, (const char *)p + done, len - done, pos >= 0 ? (int64_t)pos + (int64_t)done : -1);
    if (n < 0) {
      *err = (int)-n;
      break;
    }
    if (n == 0) {
      *err = EIO; /* no progress and no error: nothing more will go */
      break;
    }
    done += (size_t)n;
  }
  return done;
}

/* fs.write(fd, data, offset, length, position, all): data a Uint8Array or
** a string (written as UTF-8; offset/length ignored) -> bytes written.
** With `all`, a write that stops short (a full disk) throws its error, as
** writeFile must, instead of returning the count. */
static ACS__HOST_FN(fs_write)
{
  (void)fn; (void)self;
  int fd = int_arg(ctx, argc, argv, 0, -1);
  if (bad_fd(fd)) return throw_errno(ctx, exc, EBADF, "write", NULL, NULL);
  if (argc < 2) return JSValueMakeNumber(ctx, 0);
  double pos = num_arg(ctx, argc, argv, 4, -1);
  size_t n, want;
  int err = 0;
  if (JSValueIsString(ctx, argv[1])) {
    size_t len;
    char *s = acs__js_to_utf8(ctx, argv[1], &len, exc);
    if (!s) return JSValueMakeUndefined(ctx);
    want = len;
    n = write_some(fd, s, len, pos, &err);
    free(s);
  } else {
    JSObjectRef buf = JSValueToObject(ctx, argv[1], exc);
    if (!buf) return JSValueMakeUndefined(ctx);
    unsigned char *p = JSObjectGetTypedArrayBytesPtr(ctx, buf, exc);
    size_t cap = JSObjectGetTypedArrayByteLength(ctx, buf, exc);
    if (p) p += JSObjectGetTypedArrayByteOffset(ctx, buf, exc);
    double off = num_arg(ctx, argc, argv, 2, 0), len = num_arg(ctx, argc, argv, 3, (double)cap - off);
    if (!(off >= 0) || !(len >= 0) || !(off + len <= (double)cap)) return throw_errno(ctx, exc, EINVAL, "write", NULL, NULL);
    want = (size_t)len;
    n = len > 0 ? write_some(fd, p + (size_t)off, (size_t)len, pos, &err) : 0;
  }
  /* nothing written: the call's own error; part of it: the count, unless
  ** all of it was asked for */
  if (n == 0 && err) return throw_errno(ctx, exc, err, "write", NULL, NULL);
  if (n < want && argc > 5 && JSValueToBoolean(ctx, argv[5]))
    return throw_errno(ctx, exc, err ? err : EIO, "write", NULL, NULL);
  return JSValueMakeNumber(ctx, (double)n);
}

/* data as fs.write takes it: a string (UTF-8, *owned to free) or a typed
** array's bytes. */
static const unsigned char *data_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i,
                                     size_t *len, char **owned, JSValueRef *exc)
{
  *len = 0;
  *owned = NULL;
  if (argc > i && JSValueIsString(ctx, argv[i])) {
    *owned = acs__js_to_utf8(ctx, argv[i], len, exc);
    return (const unsigned char *)*owned;
  }
  if (argc > i && JSValueIsObject(ctx, argv[i])) {
    JSObjectRef buf = JSValueToObject(ctx, argv[i], exc);
    unsigned char *p = buf ? JSObjectGetTypedArrayBytesPtr(ctx, buf, exc) : NULL;
    *len = buf ? JSObjectGetTypedArrayByteLength(ctx, buf, exc) : 0;
    if (p) p += JSObjectGetTypedArrayByteOffset(ctx, buf, exc);
    return p ? p : (const unsigned char *)"";
  }
  return (const unsigned char *)"";
}

/* fs.writeFile(path, data, flags, mode): open, write all, close in one
** call (writeFileSync is three otherwise). data as for fs.write. */
static ACS__HOST_FN(fs_write_file)
{
  (void)fn; (void)self;
  const char *syscall_name = "open";
  PATH_OR_RETURN(path, 0);
  int flags = int_arg(ctx, argc, argv, 2, O_TRUNC | O_CREAT | O_WRONLY);
  int mode = int_arg(ctx, argc, argv, 3, 0666);
  size_t len;
  char *owned;
  const unsigned char *p = data_arg(ctx, argc, argv, 1, &len, &owned, exc);
  if (argc > 1 && JSValueIsString(ctx, argv[1]) && !owned) {
    free(path);
    return JSValueMakeUndefined(ctx);
  }
  const char *sc = "open";
  int rc = F->write_file(path, p, len, flags, (mode_t)mode, &sc);
  /* the write's error (ENOSPC) names no path, the open's does */
  JSValueRef r = rc ? throw_errno(ctx, exc, -rc, sc, strcmp(sc, "open") ? NULL : path, NULL)
                    : JSValueMakeUndefined(ctx);
  free(owned);
  free(path);
  return r;
}

static ACS__HOST_FN(fs_fstat)
{
  (void)fn; (void)self;
  acs__js_stat st;
  int rc = F->fstat(int_arg(ctx, argc, argv, 0, -1), &st);
  if (rc) return throw_errno(ctx, exc, -rc, "fstat", NULL, NULL);
  return stat_array(ctx, &st);
}

/* fs.stat(path, follow, throwIfNoEntry, existsOnly): the stat array, or
** with existsOnly just true (existsSync needs no numbers) */
static ACS__HOST_FN(fs_stat)
{
  (void)fn; (void)self;
  bool follow = argc > 1 && JSValueToBoolean(ctx, argv[1]);
  const char *syscall_name = follow ? "stat" : "lstat";
  PATH_OR_RETURN(path, 0);
  bool quiet = argc > 2 && !JSValueToBoolean(ctx, argv[2]);
  acs__js_stat st;
  int rc = F->stat(path, follow, &st);
  JSValueRef r;
  /* throwIfNoEntry: false, as Node: nothing there, or a file on the way */
  if ((rc == -ENOENT || rc == -ENOTDIR) && quiet) r = JSValueMakeUndefined(ctx);
  else if (rc) r = throw_errno(ctx, exc, -rc, syscall_name, path, NULL);
  else r = argc > 3 && JSValueToBoolean(ctx, argv[3]) ? JSValueMakeBoolean(ctx, true) : stat_array(ctx, &st);
  free(path);
  return r;
}

static void free_bytes(void *bytes, void *ctx)
{
  (void)ctx;
  free(bytes);
}

/* The whole file at path as a Uint8Array (or a string with asString). */
static ACS__HOST_FN(fs_read_file)
{
  (void)fn; (void)self;
  const char *syscall_name = "open";
  PATH_OR_RETURN(path, 0);
  bool as_string = argc > 1 && JSValueToBoolean(ctx, argv[1]);
  unsigned char *buf = NULL;
  size_t len = 0;
  const char *sc = "open";
  int rc = F->read_file(path, &buf, &len, &sc);
  if (rc) {
    JSValueRef r = !sc ? acs__js_throw(ctx, exc, "out of memory reading a file")
                       : throw_errno(ctx, exc, -rc, sc, strcmp(sc, "open") ? NULL : path, NULL);
    free(path);
    return r;
  }
  free(path);
  if (as_string) {
    JSValueRef s = acs__js_strn(ctx, buf ? (const char *)buf : "", len);
    free(buf);
    return s;
  }
  if (!buf && !(buf = malloc(1))) return acs__js_throw(ctx, exc, "out of memory reading a file");
  return JSObjectMakeTypedArrayWithBytesNoCopy(ctx, kJSTypedArrayTypeUint8Array, buf, len, free_bytes, NULL, exc);
}

typedef struct dirent_item {
  char *name;
  unsigned char type;
} dirent_item;

typedef struct dirlist {
  dirent_item *e;
  size_t n, cap;
} dirlist;

static int add_dirent(void *user, const char *name, unsigned char type)
{
  dirlist *d = user;
  if (d->n == d->cap) {
    size_t cap = d->cap ? d->cap * 2 : 64;
    dirent_item *ne = realloc(d->e, cap * sizeof *ne);
    if (!ne) return -ENOMEM;
    d->e = ne;
    d->cap = cap;
  }
  char *copy = strdup(name);
  if (!copy) return -ENOMEM;
  d->e[d->n++] = (dirent_item){copy, type};
  return 0;
}

static int by_name(const void *a, const void *b)
{
  return strcmp(((const dirent_item *)a)->name, ((const dirent_item *)b)->name);
}

/* fs.readdir(path) -> [names, types]: the names sorted (by bytes) and
** joined with "/" (no name holds one), and a string of one character per
** name, "a" + its d_type. Two strings instead of an array per entry: a
** directory of 10 000 files is one allocation on each side, not 30 000. */
static ACS__HOST_FN(fs_readdir)
{
  (void)fn; (void)self;
  const char *syscall_name = "scandir";
  PATH_OR_RETURN(path, 0);
  dirlist d = {0};
  int rc = F->readdir(path, add_dirent, &d);
  JSValueRef r;
  if (rc) r = throw_errno(ctx, exc, -rc, "scandir", path, NULL);
  else {
    if (d.n > 1) qsort(d.e, d.n, sizeof *d.e, by_name);
    acs__buf names = {0};
    char *types = malloc(d.n + 1);
    for (size_t i = 0; i < d.n; i++) {
      if (i) acs__buf_puts(&names, "/");
      acs__buf_puts(&names, d.e[i].name);
      if (types) types[i] = (char)('a' + (d.e[i].type & 15));
    }
    char *joined = acs__buf_take(&names, NULL);
    if (!types || (d.n && !joined)) r = acs__js_throw(ctx, exc, "out of memory listing a directory");
    else {
      types[d.n] = 0;
      JSValueRef pair[2] = {acs__js_str(ctx, d.n ? joined : ""), acs__js_str(ctx, types)};
      r = JSObjectMakeArray(ctx, 2, pair, NULL);
    }
    free(joined);
    free(types);
  }
  for (size_t i = 0; i < d.n; i++) free(d.e[i].name);
  free(d.e);
  free(path);
  return r;
}

/* An owner id argument: -1 (or none) leaves it as it is. */
static uint32_t id_arg(JSContextRef ctx, size_t argc, const JSValueRef argv[], size_t i)
{
  double v = num_arg(ctx, argc, argv, i, -1);
  return v >= 0 && v <= 4294967295.0 ? (uint32_t)v : (uint32_t)-1;
}

/* One-path operations: mkdir, rmdir, unlink, chmod, truncate, access,
** chown(path, uid, gid), lchown (exec's table changes no owner). */
static JSValueRef one_path(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *exc,
                           const char *syscall_name, int op)
{
  PATH_OR_RETURN(path, 0);
  int rc;
  switch (op) {
  case 0: rc = F->mkdir(path, (mode_t)int_arg(ctx, argc, argv, 1, 0777)); break;
  case 1: rc = F->rmdir(path); break;
  case 2: rc = F->unlink(path); break;
  case 3: rc = F->chmod(path, (mode_t)int_arg(ctx, argc, argv, 1, 0644)); break;
  case 4: rc = F->truncate(path, (int64_t)num_arg(ctx, argc, argv, 1, 0)); break;
  case 6:
  case 7: rc = F->chown(path, id_arg(ctx, argc, argv, 1), id_arg(ctx, argc, argv, 2), op == 6); break;
  default: rc = F->access(path, int_arg(ctx, argc, argv, 1, F_OK)); break;
  }
  JSValueRef r = rc ? throw_errno(ctx, exc, -rc, syscall_name, path, NULL) : JSValueMakeUndefined(ctx);
  free(path);
  return r;
}

static ACS__HOST_FN(fs_mkdir) { (void)fn; (void)self; return one_path(ctx, argc, argv, exc, "mkdir", 0); }
static ACS__HOST_FN(fs_rmdir) { (void)fn; (void)self; return one_path(ctx, argc, argv, exc, "rmdir", 1); }
static ACS__HOST_FN(fs_unlink) { (void)fn; (void)self; return one_path(ctx, argc, argv, exc, "unlink", 2); }
static ACS__HOST_FN(fs_chmod) { (void)fn; (void)self; return one_path(ctx, argc, argv, exc, "chmod", 3); }
static ACS__HOST_FN(fs_truncate) { (void)fn; (void)self; return one_path(ctx, argc, argv, exc, "open", 4); }
static ACS__HOST_FN(fs_access) { (void)fn; (void)self; return one_path(ctx, argc, argv, exc, "access", 5); }
static ACS__HOST_FN(fs_chown) { (void)fn; (void)self; return one_path(ctx, argc, argv, exc, "chown", 6); }
static ACS__HOST_FN(fs_lchown) { (void)fn; (void)self; return one_path(ctx, argc, argv, exc, "lchown", 7); }

/* Two-path operations: rename, link, symlink (target text, path). */
static JSValueRef two_paths(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *exc,
                            const char *syscall_name, int op)
{
  char *a;
  if (op == 2) {
    a = argc > 0 ? acs__js_to_utf8(ctx, argv[0], NULL, exc) : NULL;
    if (!a) return JSValueMakeUndefined(ctx);
  } else {
    a = path_arg(ctx, argc, argv, 0, exc);
    if (!a) return JSValueMakeUndefined(ctx);
  }
  char *b = path_arg(ctx, argc, argv, 1, exc);
  if (!b) {
    free(a);
    return JSValueMakeUndefined(ctx);
  }
  int rc = op == 0 ? F->rename(a, b) : op == 1 ? F->link(a, b) : F->symlink(a, b);
  JSValueRef r = rc ? throw_errno(ctx, exc, -rc, syscall_name, a, b) : JSValueMakeUndefined(ctx);
  free(a);
  free(b);
  return r;
}

static ACS__HOST_FN(fs_rename) { (void)fn; (void)self; return two_paths(ctx, argc, argv, exc, "rename", 0); }
static ACS__HOST_FN(fs_link) { (void)fn; (void)self; return two_paths(ctx, argc, argv, exc, "link", 1); }
static ACS__HOST_FN(fs_symlink) { (void)fn; (void)self; return two_paths(ctx, argc, argv, exc, "symlink", 2); }

static ACS__HOST_FN(fs_readlink)
{
  (void)fn; (void)self;
  const char *syscall_name = "readlink";
  PATH_OR_RETURN(path, 0);
  char *out;
  int rc = F->readlink(path, &out);
  JSValueRef r = rc ? throw_errno(ctx, exc, -rc, "readlink", path, NULL) : acs__js_str(ctx, out);
  if (!rc) free(out);
  free(path);
  return r;
}

static ACS__HOST_FN(fs_realpath)
{
  (void)fn; (void)self;
  const char *syscall_name = "realpath";
  PATH_OR_RETURN(path, 0);
  char *out;
  int rc = F->realpath(path, &out);
  JSValueRef r = rc ? throw_errno(ctx, exc, -rc, "realpath", path, NULL) : acs__js_str(ctx, out);
  if (!rc) free(out);
  free(path);
  return r;
}

static struct timespec ts_of(double ms)
{
  return (struct timespec){(time_t)(ms / 1e3), (long)((ms - (double)(long long)(ms / 1e3) * 1e3) * 1e6)};
}

/* fs.utimes(path, atimeMs, mtimeMs, follow) */
static ACS__HOST_FN(fs_utimes)
{
  (void)fn; (void)self;
  const char *syscall_name = "utime";
  PATH_OR_RETURN(path, 0);
  double at = num_arg(ctx, argc, argv, 1, 0), mt = num_arg(ctx, argc, argv, 2, 0);
  struct timespec ts[2] = {ts_of(at), ts_of(mt)};
  int rc = F->utimens(path, ts, argc <= 3 || JSValueToBoolean(ctx, argv[3]));
  JSValueRef r = rc ? throw_errno(ctx, exc, -rc, "utime", path, NULL) : JSValueMakeUndefined(ctx);
  free(path);
  return r;
}

/* fd operations: fop(0, fd, len) ftruncate, fop(1, fd) fsync, fop(2, fd,
** mode) fchmod, fop(3, fd, atimeMs, mtimeMs) futimes, fop(4, fd, uid, gid)
** fchown */
static ACS__HOST_FN(fs_fop)
{
  (void)fn; (void)self;
  int op = int_arg(ctx, argc, argv, 0, -1);
  int fd = int_arg(ctx, argc, argv, 1, -1);
  static const char *const names[] = {"ftruncate", "fsync", "fchmod", "futime", "fchown"};
  if (op < 0 || op > 4) return JSValueMakeUndefined(ctx);
  int rc;
  if (op == 0) rc = F->ftruncate(fd, (int64_t)num_arg(ctx, argc, argv, 2, 0));
  else if (op == 1) rc = F->fsync(fd);
  else if (op == 2) rc = F->fchmod(fd, (mode_t)int_arg(ctx, argc, argv, 2, 0644));
  else if (op == 3) {
    struct timespec ts[2] = {ts_of(num_arg(ctx, argc, argv, 2, 0)), ts_of(num_arg(ctx, argc, argv, 3, 0))};
    rc = F->futimens(fd, ts);
  } else rc = F->fchown(fd, id_arg(ctx, argc, argv, 2), id_arg(ctx, argc, argv, 3));
  return rc ? throw_errno(ctx, exc, -rc, names[op], NULL, NULL) : JSValueMakeUndefined(ctx);
}

static ACS__HOST_FN(fs_describe)
{
  (void)fn; (void)self; (void)argc; (void)argv; (void)exc;
  return acs__js_str(ctx, F->describe ? F->describe() : "");
}

/* ----------------------------------------------------- the working dir */


const char *acs__js_cwd(void) { return cwd_now ? cwd_now : acs__R.cfg->cwd; }

/* fs.chdir(path) -> the new cwd (also host.cwd from now on). Only where
** the table has a working directory of its own (a box process). */
static ACS__HOST_FN(fs_chdir)
{
  (void)fn; (void)self;
  const char *syscall_name = "chdir";
  if (!F->chdir) return acs__js_throw(ctx, exc, "process.chdir() is not supported here");
  PATH_OR_RETURN(path, 0);
  char *out = NULL;
  int rc = F->chdir(path, &out);
  JSValueRef r;
  if (rc) r = throw_errno(ctx, exc, -rc, "chdir", path, NULL);
  else {
    free(cwd_now);
    cwd_now = out;
    r = acs__js_str(ctx, out);
    acs__js_set(ctx, acs__R.host, "cwd", r);
  }
  free(path);
  return r;
}

/* fs.umask(mask or undefined) -> the mask before (undefined: unchanged) */
static ACS__HOST_FN(fs_umask)
{
  (void)fn; (void)self; (void)exc;
  if (!F->umask) return JSValueMakeNumber(ctx, 022);
  bool set = argc > 0 && !JSValueIsUndefined(ctx, argv[0]);
  int old = F->umask(set ? (unsigned)int_arg(ctx, argc, argv, 0, 022) & 0777 : 0);
  if (!set && old >= 0) F->umask((unsigned)old);
  return JSValueMakeNumber(ctx, old < 0 ? 022 : old);
}

/* ----------------------------------------------- waiting for a readable fd */

/* A read of a pipe blocks the whole process, timers and all: a stream on
** one (a box's stdin) waits in the loop first. One poll per fd at a time. */
typedef struct waiter {
  uv_poll_t poll;
  int fd;       /* the guest's fd; -1: free */
  bool closing; /* uv_close pending */
  JSObjectRef cb;
} waiter;

#define MAX_WAITERS 16
static waiter waiters[MAX_WAITERS];

static void waiter_closed(uv_handle_t *h)
{
  waiter *w = h->data;
  w->closing = false;
  w->fd = -1;
}

static void on_readable(uv_poll_t *p, int status, int events)
{
  (void)status;
  (void)events;
  waiter *w = p->data;
  JSObjectRef cb = w->cb;
  w->cb = NULL;
  uv_poll_stop(p);
  w->closing = true;
  uv_close((uv_handle_t *)p, waiter_closed);
  if (!cb) return;
  acs__js_call(cb, 0, NULL);
  JSValueUnprotect(acs__R.ctx, cb);
}

/* fs.waitReadable(fd, cb) -> true when cb will be called once fd can be
** read without blocking, false when a read never blocks (read now). */
static ACS__HOST_FN(fs_wait_readable)
{
  (void)fn; (void)self; (void)exc;
  int fd = int_arg(ctx, argc, argv, 0, -1);
  if (!F->poll_fd || argc < 2 || !JSValueIsObject(ctx, argv[1])) return JSValueMakeBoolean(ctx, false);
  int host = F->poll_fd(fd);
  if (host < 0) return JSValueMakeBoolean(ctx, false);
  waiter *w = NULL;
  for (int i = 0; i < MAX_WAITERS && !w; i++)
    if (waiters[i].fd < 0 && !waiters[i].closing && !waiters[i].cb) w = &waiters[i];
  if (!w) return JSValueMakeBoolean(ctx, false); /* too many at once: a blocking read */
  if (uv_poll_init(&acs__R.loop, &w->poll, host) != 0) return JSValueMakeBoolean(ctx, false);
  w->poll.data = w;
  w->fd = fd;
  w->cb = JSValueToObject(ctx, argv[1], NULL);
  JSValueProtect(ctx, w->cb);
  uv_poll_start(&w->poll, UV_READABLE | UV_DISCONNECT, on_readable);
  return JSValueMakeBoolean(ctx, true);
}

void acs__host_fs(JSContextRef ctx, JSObjectRef host)
{
  for (int i = 0; i < MAX_WAITERS; i++) waiters[i].fd = -1;
  JSObjectRef f = JSObjectMake(ctx, NULL, NULL);
  acs__js_set_fn(ctx, f, "open", fs_open);
  acs__js_set_fn(ctx, f, "close", fs_close);
  acs__js_set_fn(ctx, f, "read", fs_read);
  acs__js_set_fn(ctx, f, "write", fs_write);
  acs__js_set_fn(ctx, f, "fstat", fs_fstat);
  acs__js_set_fn(ctx, f, "stat", fs_stat);
  acs__js_set_fn(ctx, f, "readFile", fs_read_file);
  acs__js_set_fn(ctx, f, "writeFile", fs_write_file);
  acs__js_set_fn(ctx, f, "readdir", fs_readdir);
  acs__js_set_fn(ctx, f, "mkdir", fs_mkdir);
  acs__js_set_fn(ctx, f, "rmdir", fs_rmdir);
  acs__js_set_fn(ctx, f, "unlink", fs_unlink);
  acs__js_set_fn(ctx, f, "chmod", fs_chmod);
  acs__js_set_fn(ctx, f, "truncate", fs_truncate);
  acs__js_set_fn(ctx, f, "access", fs_access);
  acs__js_set_fn(ctx, f, "chown", fs_chown);
  acs__js_set_fn(ctx, f, "lchown", fs_lchown);
  acs__js_set_fn(ctx, f, "rename", fs_rename);
  acs__js_set_fn(ctx, f, "link", fs_link);
  acs__js_set_fn(ctx, f, "symlink", fs_symlink);
  acs__js_set_fn(ctx, f, "readlink", fs_readlink);
  acs__js_set_fn(ctx, f, "realpath", fs_realpath);
  acs__js_set_fn(ctx, f, "utimes", fs_utimes);
  acs__js_set_fn(ctx, f, "fop", fs_fop);
  acs__js_set_fn(ctx, f, "describe", fs_describe);
  acs__js_set_fn(ctx, f, "chdir", fs_chdir);
  acs__js_set_fn(ctx, f, "umask", fs_umask);
  acs__js_set_fn(ctx, f, "waitReadable", fs_wait_readable);
  acs__js_set(ctx, host, "fs", f);
}
