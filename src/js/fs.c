/* fs.c - the host side of `fs`: every call goes through the VFS, and the
** guest's file descriptors are its own numbers in a table of ours, so a
** guest can never name a host fd it was not given. Errors are thrown as
** {errno, code, syscall, path, dest, outside} for node_fs.js to shape. */
#include "runtime_internal.h"

#include "../base/base.h"
#include "../vfs/vfs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_FDS 4096
#define FD_BASE 3

typedef struct gfd {
  int host;     /* -1: free */
  bool ro;
} gfd;

static gfd fds[MAX_FDS];
static bool fds_ready;

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
};

static void fds_init(void)
{
  if (fds_ready) return;
  for (int i = 0; i < MAX_FDS; i++) fds[i].host = -1;
  fds_ready = true;
}

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
  if (path && acs__R.cfg->vfs && acs__vfs_outside(acs__R.cfg->vfs)) {
    acs__js_set(ctx, o, "outside", JSValueMakeBoolean(ctx, true));
    acs__js_set(ctx, o, "allowed", acs__js_str(ctx, acs__vfs_describe(acs__R.cfg->vfs)));
  }
  *exc = o;
  return JSValueMakeUndefined(ctx);
}

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
  char *abs = acs__vfs_abs(acs__R.cfg->cwd, raw);
  /* "name/" names a directory (ENOTDIR for a file, as in Linux): the VFS
  ** walk sees the trailing slash that acs__vfs_abs drops */
  size_t n = abs ? strlen(abs) : 0;
  if (n > 1 && raw[rawlen - 1] == '/') {
    char *d = realloc(abs, n + 2);
    if (d) memcpy(d + n, "/", 2);
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

static gfd *fd_get(int g)
{
  fds_init();
  if (g < FD_BASE || g >= FD_BASE + MAX_FDS) return NULL;
  gfd *f = &fds[g - FD_BASE];
  return f->host >= 0 ? f : NULL;
}

/* The host fd behind a guest fd; stdio maps to itself. */
static int host_fd(int g, bool *ro)
{
  if (ro) *ro = false;
  if (g >= 0 && g <= 2) return g;
  gfd *f = fd_get(g);
  if (!f) return -1;
  if (ro) *ro = f->ro;
  return f->host;
}

static JSObjectRef stat_array(JSContextRef ctx, const struct stat *st)
{
  double ms[4] = {
      (double)st->st_atim.tv_sec * 1e3 + (double)st->st_atim.tv_nsec / 1e6,
      (double)st->st_mtim.tv_sec * 1e3 + (double)st->st_mtim.tv_nsec / 1e6,
      (double)st->st_ctim.tv_sec * 1e3 + (double)st->st_ctim.tv_nsec / 1e6,
      (double)st->st_ctim.tv_sec * 1e3 + (double)st->st_ctim.tv_nsec / 1e6,
  };
  JSValueRef v[14] = {
      JSValueMakeNumber(ctx, (double)st->st_dev), JSValueMakeNumber(ctx, st->st_mode),
      JSValueMakeNumber(ctx, (double)st->st_nlink), JSValueMakeNumber(ctx, st->st_uid),
      JSValueMakeNumber(ctx, st->st_gid), JSValueMakeNumber(ctx, (double)st->st_rdev),
      JSValueMakeNumber(ctx, (double)st->st_blksize), JSValueMakeNumber(ctx, (double)st->st_ino),
      JSValueMakeNumber(ctx, (double)st->st_size), JSValueMakeNumber(ctx, (double)st->st_blocks),
      JSValueMakeNumber(ctx, ms[0]), JSValueMakeNumber(ctx, ms[1]), JSValueMakeNumber(ctx, ms[2]),
      JSValueMakeNumber(ctx, ms[3])};
  return JSObjectMakeArray(ctx, 14, v, NULL);
}

#define VFS acs__R.cfg->vfs
#define PATH_OR_RETURN(var, i)                                                 \
  char *var = path_arg(ctx, argc, argv, i, exc);                              \
  if (!var) return JSValueMakeUndefined(ctx);                                 \
  if (!*var) {                                                                \
    free(var);                                                                \
    return throw_errno(ctx, exc, ENOENT, syscall_name, "", NULL);             \
  }

/* fs.open(path, flags, mode) -> guest fd */
static ACS__HOST_FN(fs_open)
{
  (void)fn; (void)self;
  const char *syscall_name = "open";
  PATH_OR_RETURN(path, 0);
  int flags = int_arg(ctx, argc, argv, 1, O_RDONLY);
  int mode = int_arg(ctx, argc, argv, 2, 0666);
  fds_init();
  int slot = -1;
  for (int i = 0; i < MAX_FDS; i++)
    if (fds[i].host < 0) {
      slot = i;
      break;
    }
  if (slot < 0) {
    JSValueRef r = throw_errno(ctx, exc, EMFILE, "open", path, NULL);
    free(path);
    return r;
  }
  int hfd;
  bool ro;
  int rc = acs__vfs_open(VFS, path, flags & ~O_CLOEXEC, (mode_t)mode, &hfd, &ro);
  if (rc) {
    JSValueRef r = throw_errno(ctx, exc, -rc, "open", path, NULL);
    free(path);
    return r;
  }
  free(path);
  fds[slot].host = hfd;
  fds[slot].ro = ro;
  return JSValueMakeNumber(ctx, slot + FD_BASE);
}

static ACS__HOST_FN(fs_close)
{
  (void)fn; (void)self;
  int g = int_arg(ctx, argc, argv, 0, -1);
  gfd *f = fd_get(g);
  if (!f) return throw_errno(ctx, exc, EBADF, "close", NULL, NULL);
  close(f->host);
  f->host = -1;
  return JSValueMakeUndefined(ctx);
}

/* fs.read(fd, u8, offset, length, position) -> bytes read (position < 0:
** the current position) */
static ACS__HOST_FN(fs_read)
{
  (void)fn; (void)self;
  int h = host_fd(int_arg(ctx, argc, argv, 0, -1), NULL);
  if (h < 0) return throw_errno(ctx, exc, EBADF, "read", NULL, NULL);
  if (argc < 2 || !JSValueIsObject(ctx, argv[1])) return acs__js_throw(ctx, exc, "fs.read: expected a buffer");
  JSObjectRef buf = JSValueToObject(ctx, argv[1], NULL);
  unsigned char *p = JSObjectGetTypedArrayBytesPtr(ctx, buf, exc);
  size_t cap = JSObjectGetTypedArrayByteLength(ctx, buf, exc);
  if (!p && cap) return JSValueMakeUndefined(ctx);
  p += JSObjectGetTypedArrayByteOffset(ctx, buf, exc);
  double off = num_arg(ctx, argc, argv, 2, 0), len = num_arg(ctx, argc, argv, 3, (double)cap);
  double pos = num_arg(ctx, argc, argv, 4, -1);
  if (!(off >= 0) || !(len >= 0) || !(off + len <= (double)cap)) return throw_errno(ctx, exc, EINVAL, "read", NULL, NULL);
  ssize_t n;
  do n = pos >= 0 ? pread(h, p + (size_t)off, (size_t)len, (off_t)pos) : read(h, p + (size_t)off, (size_t)len);
  while (n < 0 && errno == EINTR);
  if (n < 0) return throw_errno(ctx, exc, errno, "read", NULL, NULL);
  return JSValueMakeNumber(ctx, (double)n);
}

static ssize_t write_some(int h, const void *p, size_t len, double pos)
{
  size_t done = 0;
  while (done < len) {
    ssize_t n = pos >= 0 ? pwrite(h, (const char *)p + done, len - done, (off_t)pos + (off_t)done)
                         : write(h, (const char *)p + done, len - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return done ? (ssize_t)done : -1;
    done += (size_t)n;
  }
  return (ssize_t)done;
}

/* fs.write(fd, data, offset, length, position, all): data a Uint8Array or
** a string (written as UTF-8; offset/length ignored) -> bytes written.
** With `all`, a write that stops short (a full disk) throws its error, as
** writeFile must, instead of returning the count. */
static ACS__HOST_FN(fs_write)
{
  (void)fn; (void)self;
  int g = int_arg(ctx, argc, argv, 0, -1);
  bool ro;
  int h = host_fd(g, &ro);
  if (h < 0) return throw_errno(ctx, exc, EBADF, "write", NULL, NULL);
  if (argc < 2) return JSValueMakeNumber(ctx, 0);
  double pos = num_arg(ctx, argc, argv, 4, -1);
  ssize_t n, want;
  errno = 0;
  if (JSValueIsString(ctx, argv[1])) {
    size_t len;
    char *s = acs__js_to_utf8(ctx, argv[1], &len, exc);
    if (!s) return JSValueMakeUndefined(ctx);
    want = (ssize_t)len;
    n = write_some(h, s, len, pos);
    free(s);
  } else {
    JSObjectRef buf = JSValueToObject(ctx, argv[1], exc);
    if (!buf) return JSValueMakeUndefined(ctx);
    unsigned char *p = JSObjectGetTypedArrayBytesPtr(ctx, buf, exc);
    size_t cap = JSObjectGetTypedArrayByteLength(ctx, buf, exc);
    if (p) p += JSObjectGetTypedArrayByteOffset(ctx, buf, exc);
    double off = num_arg(ctx, argc, argv, 2, 0), len = num_arg(ctx, argc, argv, 3, (double)cap - off);
    if (!(off >= 0) || !(len >= 0) || !(off + len <= (double)cap)) return throw_errno(ctx, exc, EINVAL, "write", NULL, NULL);
    want = (ssize_t)len;
    n = len > 0 ? write_some(h, p + (size_t)off, (size_t)len, pos) : 0;
  }
  if (n < 0) return throw_errno(ctx, exc, errno == EBADF && ro ? EBADF : errno, "write", NULL, NULL);
  if (n < want && argc > 5 && JSValueToBoolean(ctx, argv[5]))
    return throw_errno(ctx, exc, errno ? errno : EIO, "write", NULL, NULL);
  return JSValueMakeNumber(ctx, (double)n);
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
  const unsigned char *p = NULL;
  char *owned = NULL;
  size_t len = 0;
  if (argc > 1 && JSValueIsString(ctx, argv[1])) {
    owned = acs__js_to_utf8(ctx, argv[1], &len, exc);
    if (!owned) {
      free(path);
      return JSValueMakeUndefined(ctx);
    }
    p = (const unsigned char *)owned;
  } else if (argc > 1 && JSValueIsObject(ctx, argv[1])) {
    JSObjectRef buf = JSValueToObject(ctx, argv[1], exc);
    p = buf ? JSObjectGetTypedArrayBytesPtr(ctx, buf, exc) : NULL;
    len = buf ? JSObjectGetTypedArrayByteLength(ctx, buf, exc) : 0;
    if (p) p += JSObjectGetTypedArrayByteOffset(ctx, buf, exc);
  }
  int h;
  int rc = acs__vfs_open(VFS, path, flags & ~O_CLOEXEC, (mode_t)mode, &h, NULL);
  JSValueRef r = JSValueMakeUndefined(ctx);
  if (rc) r = throw_errno(ctx, exc, -rc, "open", path, NULL);
  else {
    errno = 0;
    ssize_t n = len ? write_some(h, p, len, -1) : 0;
    /* a full disk throws ENOSPC, as in Node, rather than leave the file short */
    if (n < (ssize_t)len) r = throw_errno(ctx, exc, errno ? errno : EIO, "write", NULL, NULL);
    close(h);
  }
  free(owned);
  free(path);
  return r;
}

static ACS__HOST_FN(fs_fstat)
{
  (void)fn; (void)self;
  int h = host_fd(int_arg(ctx, argc, argv, 0, -1), NULL);
  struct stat st;
  if (h < 0 || fstat(h, &st) < 0) return throw_errno(ctx, exc, h < 0 ? EBADF : errno, "fstat", NULL, NULL);
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
  struct stat st;
  int rc = acs__vfs_stat(VFS, path, follow, &st);
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
  int h;
  int rc = acs__vfs_open(VFS, path, O_RDONLY, 0, &h, NULL);
  if (rc) {
    JSValueRef r = throw_errno(ctx, exc, -rc, "open", path, NULL);
    free(path);
    return r;
  }
  struct stat st;
  if (fstat(h, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(h);
    JSValueRef r = throw_errno(ctx, exc, EISDIR, "read", NULL, NULL);
    free(path);
    return r;
  }
  size_t cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 65536, len = 0;
  unsigned char *buf = malloc(cap);
  for (;;) {
    if (!buf) break;
    if (len == cap) {
      unsigned char *nb = realloc(buf, cap * 2);
      if (!nb) {
        free(buf);
        buf = NULL;
        break;
      }
      buf = nb;
      cap *= 2;
    }
    ssize_t n = read(h, buf + len, cap - len);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int e = errno;
      close(h);
      free(buf);
      JSValueRef r = throw_errno(ctx, exc, e, "read", NULL, NULL);
      free(path);
      return r;
    }
    if (n == 0) break;
    len += (size_t)n;
  }
  close(h);
  free(path);
  if (!buf) return acs__js_throw(ctx, exc, "out of memory reading a file");
  if (as_string) {
    JSValueRef s = acs__js_strn(ctx, (const char *)buf, len);
    free(buf);
    return s;
  }
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
  int rc = acs__vfs_readdir(VFS, path, add_dirent, &d);
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

/* One-path operations: mkdir, rmdir, unlink, chmod, truncate, access,
** chown, lchown (fs.chown(path) takes no ids: it changes nothing). */
static JSValueRef one_path(JSContextRef ctx, size_t argc, const JSValueRef argv[], JSValueRef *exc,
                           const char *syscall_name, int op)
{
  PATH_OR_RETURN(path, 0);
  int rc;
  switch (op) {
  case 0: rc = acs__vfs_mkdir(VFS, path, (mode_t)int_arg(ctx, argc, argv, 1, 0777)); break;
  case 1: rc = acs__vfs_rmdir(VFS, path); break;
  case 2: rc = acs__vfs_unlink(VFS, path); break;
  case 3: rc = acs__vfs_chmod(VFS, path, (mode_t)int_arg(ctx, argc, argv, 1, 0644)); break;
  case 4: rc = acs__vfs_truncate(VFS, path, (off_t)num_arg(ctx, argc, argv, 1, 0)); break;
  case 6: rc = acs__vfs_chown(VFS, path, true); break;
  case 7: rc = acs__vfs_chown(VFS, path, false); break;
  default: rc = acs__vfs_access(VFS, path, int_arg(ctx, argc, argv, 1, F_OK)); break;
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
  int rc = op == 0 ? acs__vfs_rename(VFS, a, b) : op == 1 ? acs__vfs_link(VFS, a, b) : acs__vfs_symlink(VFS, a, b);
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
  int rc = acs__vfs_readlink(VFS, path, &out);
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
  int rc = acs__vfs_realpath(VFS, path, &out);
  JSValueRef r = rc ? throw_errno(ctx, exc, -rc, "realpath", path, NULL) : acs__js_str(ctx, out);
  if (!rc) free(out);
  free(path);
  return r;
}

/* fs.utimes(path, atimeMs, mtimeMs, follow) */
static ACS__HOST_FN(fs_utimes)
{
  (void)fn; (void)self;
  const char *syscall_name = "utime";
  PATH_OR_RETURN(path, 0);
  double at = num_arg(ctx, argc, argv, 1, 0), mt = num_arg(ctx, argc, argv, 2, 0);
  struct timespec ts[2] = {{(time_t)(at / 1e3), (long)((at - (double)(long long)(at / 1e3) * 1e3) * 1e6)},
                           {(time_t)(mt / 1e3), (long)((mt - (double)(long long)(mt / 1e3) * 1e3) * 1e6)}};
  int rc = acs__vfs_utimes(VFS, path, ts, argc <= 3 || JSValueToBoolean(ctx, argv[3]));
  JSValueRef r = rc ? throw_errno(ctx, exc, -rc, "utime", path, NULL) : JSValueMakeUndefined(ctx);
  free(path);
  return r;
}

/* fd operations: ftruncate(fd, len), fsync(fd), fchmod(fd, mode), futimes,
** fchown (which changes nothing, as fs.chown) */
static ACS__HOST_FN(fs_fop)
{
  (void)fn; (void)self;
  int op = int_arg(ctx, argc, argv, 0, -1);
  bool ro;
  int h = host_fd(int_arg(ctx, argc, argv, 1, -1), &ro);
  static const char *const names[] = {"ftruncate", "fsync", "fchmod", "futime", "fchown"};
  if (op < 0 || op > 4) return JSValueMakeUndefined(ctx);
  if (h < 0) return throw_errno(ctx, exc, EBADF, names[op], NULL, NULL);
  /* stdio is the supervisor's pipes and /dev/null: never the guest's to change */
  if (h <= 2 && op != 1 && op != 4) return throw_errno(ctx, exc, EPERM, names[op], NULL, NULL);
  if (ro && op != 1) return throw_errno(ctx, exc, EROFS, names[op], NULL, NULL);
  int rc = 0;
  if (op == 0) rc = ftruncate(h, (off_t)num_arg(ctx, argc, argv, 2, 0));
  else if (op == 1) rc = fsync(h);
  else if (op == 2) rc = fchmod(h, (mode_t)int_arg(ctx, argc, argv, 2, 0644));
  else if (op == 3) {
    double at = num_arg(ctx, argc, argv, 2, 0), mt = num_arg(ctx, argc, argv, 3, 0);
    struct timespec ts[2] = {{(time_t)(at / 1e3), (long)((at - (double)(long long)(at / 1e3) * 1e3) * 1e6)},
                             {(time_t)(mt / 1e3), (long)((mt - (double)(long long)(mt / 1e3) * 1e3) * 1e6)}};
    rc = futimens(h, ts);
  }
  return rc < 0 ? throw_errno(ctx, exc, errno, names[op], NULL, NULL) : JSValueMakeUndefined(ctx);
}

static ACS__HOST_FN(fs_describe)
{
  (void)fn; (void)self; (void)argc; (void)argv; (void)exc;
  return acs__js_str(ctx, VFS ? acs__vfs_describe(VFS) : "");
}

void acs__host_fs(JSContextRef ctx, JSObjectRef host)
{
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
  acs__js_set(ctx, host, "fs", f);
}
