/* vfs_fuzz.c - libFuzzer harness for path resolution in the guest's file
** system (src/vfs/vfs.c).
**
** Once per process a tree is made in /dev/shm (else /tmp), removed at
** exit: under acs-vfsfuzz-XXXXXX/t (B), B/w mounted read-write (W),
** B/w/ro read-only inside it, B/r read-only (R), B/pkg at
** /node_modules/pkg and B/dep at /node_modules/pkg/node_modules/dep
** (read-only, as packages are), and outside every mount B/secret with a
** file and a subdirectory. R, W and the package hold links that try to
** leave (../secret, absolute ones into secret, "..").
**
** Input: up to 16 operations, each an op byte (mod 18: open, stat, lstat,
** access, mkdir, rmdir, unlink, rename, link, symlink, readlink, realpath,
** readdir, truncate, chmod, utimes, chdir, check_links), an argument byte
** (flags, mode, length) and one or two NUL-terminated paths of up to 256
** bytes. Relative paths are taken against a guest cwd (W at first; chdir
** moves it); an empty one is passed as is, and so is an absolute one when
** the op byte is 128 or more (not normalised: ".", "//", trailing "/").
** In paths, bytes 1-9 stand for: 1 W, 2 R, 3 secret, 4 /node_modules/pkg,
** 5 B, 6 the dep mount, 7 B/pkg (a host path that is not a guest one),
** 8 "/proc/self/", 9 64 'a's.
**
** After every operation that may write, and after the input: secret, B,
** R, W/ro and the packages are as they were (each path's inode, mode,
** links, size, owner, mtime and ctime: so their names and contents too).
** After every operation: an fd from acs__vfs_open names a file under W,
** R or a package, read-only unless under W; a successful stat is never of
** secret or a directory above the mounts; realpath answers a path inside
** a mount; a failure is a negative errno. After the input no fd is left
** open, and W is emptied back to its fixture. Anything else aborts.
** VFS_FUZZ_TRACE=1 prints each operation and its result. VFS_FUZZ_LINKS=1
** also fails an input that leaves a link in W that acs__vfs_check_links
** refuses (W then starts without the links that leave). VFS_FUZZ_FLAT=1
** mounts the read-only dir at B/wro instead of inside W, so that W has no
** nested mount and its paths take the openat2 fast path and the kept
** directories (which chdir drops, as the runtime's loop does when it
** waits, and the end of every input).
** Build and run: `make fuzz-vfs`. */
#include "vfs/vfs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_OPS 16
#define MAX_RAW 256
#define MAX_PATH 8192
#define W_INDEX 4

static acs__vfs *V;
static char OUTER[64], B[PATH_MAX], W[PATH_MAX], WRO[PATH_MAX], R[PATH_MAX], S[PATH_MAX],
    PKG[PATH_MAX], DEP[PATH_MAX];
static const char *const PKG_GUEST = "/node_modules/pkg";
static const char *const DEP_GUEST = "/node_modules/pkg/node_modules/dep";
static bool trace; /* VFS_FUZZ_TRACE=1: each operation on stderr */
/* VFS_FUZZ_LINKS=1: W starts without links that leave, and must end
** without any (acs__vfs_check_links): what the guest leaves in its work
** dir must not make the next run with it a configuration error. */
static bool links_mode;
static bool flat; /* VFS_FUZZ_FLAT=1: no mount nested in W */
/* inodes that no successful call may hand out */
static struct {
  dev_t dev;
  ino_t ino;
} forbidden[16];
static size_t n_forbidden;

static void cleanup(void);

static void fatal(const char *what, const char *detail)
{
  fprintf(stderr, "vfs_fuzz: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
  cleanup();
  abort();
}

static void join(char *out, const char *a, const char *b)
{
  if ((size_t)snprintf(out, PATH_MAX, "%s/%s", a, b) >= PATH_MAX) fatal("fixture path too long", a);
}

static void put(const char *dir, const char *name, const char *text)
{
  char p[PATH_MAX];
  join(p, dir, name);
  int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)) fatal("fixture file", p);
  close(fd);
}

static void dir(const char *d, const char *name)
{
  char p[PATH_MAX];
  join(p, d, name);
  if (mkdir(p, 0755) != 0) fatal("fixture dir", p);
}

static void link_(const char *d, const char *name, const char *target)
{
  char p[PATH_MAX];
  join(p, d, name);
  if (symlink(target, p) != 0) fatal("fixture link", p);
}

static void forbid(const char *path)
{
  struct stat st;
  if (lstat(path, &st) != 0) fatal("lstat", path);
  forbidden[n_forbidden].dev = st.st_dev;
  forbidden[n_forbidden++].ino = st.st_ino;
}

static bool is_forbidden(const struct stat *st)
{
  for (size_t i = 0; i < n_forbidden; i++)
    if (forbidden[i].dev == st->st_dev && forbidden[i].ino == st->st_ino) return true;
  return false;
}

/* ------------------------------------------------------- snapshots */

/* Every protected path and its lstat at setup. A name added, removed or
** renamed changes its directory's mtime; a write, a chmod or a new hard
** link the file's mtime or ctime: so stat'ing the list is enough. */
static struct prot {
  char *path;
  struct stat st;
} prot[64];
static size_t n_prot;

static void protect(const char *path, bool deep)
{
  if (n_prot == sizeof prot / sizeof *prot) fatal("too many protected paths", path);
  struct prot *e = &prot[n_prot++];
  if (!(e->path = strdup(path)) || lstat(path, &e->st) != 0) fatal("lstat", path);
  if (!deep || !S_ISDIR(e->st.st_mode)) return;
  DIR *d = opendir(path);
  if (!d) fatal("opendir", path);
  struct dirent *de;
  while ((de = readdir(d))) {
    if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..")) continue;
    char sub[PATH_MAX];
    join(sub, path, de->d_name);
    protect(sub, true);
  }
  closedir(d);
}

static bool same(const struct stat *a, const struct stat *b)
{
  return a->st_ino == b->st_ino && a->st_mode == b->st_mode && a->st_nlink == b->st_nlink &&
         a->st_size == b->st_size && a->st_uid == b->st_uid && a->st_gid == b->st_gid &&
         a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec &&
         a->st_ctim.tv_sec == b->st_ctim.tv_sec && a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

static void check_protected(const char *after)
{
  for (size_t i = 0; i < n_prot; i++) {
    struct stat st;
    if (lstat(prot[i].path, &st) != 0 || !same(&st, &prot[i].st)) {
      fprintf(stderr, "vfs_fuzz: %s changed (after %s)\n", prot[i].path, after);
      fatal("something outside W changed", prot[i].path);
    }
  }
}

/* ---------------------------------------------------- W, per input */

static void empty(int dfd, int depth)
{
  if (depth > 512) fatal("W is too deep to empty", NULL);
  int fd = dup(dfd);
  DIR *d = fd < 0 ? NULL : fdopendir(fd);
  if (!d) fatal("opendir in W", NULL);
  struct dirent *e;
  while ((e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    if (!flat && depth == 0 && !strcmp(e->d_name, "ro")) continue; /* the nested mount */
    if (unlinkat(dfd, e->d_name, 0) == 0) continue;
    int sub = openat(dfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (sub < 0) fatal("cannot empty W", e->d_name);
    fchmod(sub, 0755);
    empty(sub, depth + 1);
    close(sub);
    if (unlinkat(dfd, e->d_name, AT_REMOVEDIR) != 0) fatal("cannot empty W", e->d_name);
  }
  closedir(d);
}

static void fill_w(void)
{
  char p[PATH_MAX];
  chmod(W, 0755);
  dir(W, "d");
  join(p, W, "d");
  put(p, "g", "g");
  put(W, "f", "hello");
  link_(W, "l", "f");
  link_(W, "dl", "d");
  link_(W, "loop1", "loop2");
  link_(W, "loop2", "loop1");
  if (!links_mode) {
    link_(W, "esc", "../secret/file");
    join(p, S, "file");
    link_(W, "escabs", p);
  }
  join(p, R, "file");
  link_(W, "tor", p);
}

static void reset_w(void)
{
  int fd = open(W, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) fatal("open W", W);
  fchmod(fd, 0755);
  empty(fd, 0);
  close(fd);
  fill_w();
}

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *f)
{
  (void)st, (void)f;
  if (flag == FTW_DP) rmdir(p);
  else unlink(p);
  return 0;
}

static void cleanup(void)
{
  if (OUTER[0]) nftw(OUTER, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

static int count_fds(void)
{
  DIR *d = opendir("/proc/self/fd");
  if (!d) fatal("opendir /proc/self/fd", NULL);
  int n = 0;
  while (readdir(d)) n++;
  closedir(d);
  return n;
}

static void setup(void)
{
  /* tmpfs when there is one: the fixture is made and emptied per input */
  trace = getenv("VFS_FUZZ_TRACE") != NULL;
  links_mode = getenv("VFS_FUZZ_LINKS") != NULL;
  flat = getenv("VFS_FUZZ_FLAT") != NULL;
  strcpy(OUTER, access("/dev/shm", W_OK) == 0 ? "/dev/shm/acs-vfsfuzz-XXXXXX" : "/tmp/acs-vfsfuzz-XXXXXX");
  if (!mkdtemp(OUTER)) fatal("mkdtemp", OUTER);
  atexit(cleanup);
  char t[PATH_MAX];
  join(t, OUTER, "t");
  if (mkdir(t, 0755) != 0 || !realpath(t, B)) fatal("mkdir", t);
  join(W, B, "w");
  if (flat) join(WRO, B, "wro");
  else join(WRO, W, "ro");
  join(R, B, "r");
  join(S, B, "secret");
  join(PKG, B, "pkg");
  join(DEP, B, "dep");
  dir(B, "w"), flat ? dir(B, "wro") : dir(W, "ro"), dir(B, "r"), dir(B, "secret"), dir(B, "pkg"), dir(B, "dep");
  put(S, "file", "SECRET");
  dir(S, "sub");
  join(t, S, "sub");
  put(t, "inner", "SECRET2");
  put(WRO, "x", "nested");
  put(R, "file", "readonly");
  dir(R, "dir");
  join(t, R, "dir");
  put(t, "n", "nested");
  link_(R, "rl", "file");
  link_(R, "evil_rel", "../secret/file");
  link_(R, "evil_dir", "../secret");
  join(t, S, "file");
  link_(R, "evil_abs", t);
  link_(R, "up", "..");
  put(PKG, "package.json", "{\"name\":\"pkg\"}");
  put(PKG, "index.js", "module.exports = 1");
  link_(PKG, "out", "../../secret");
  put(DEP, "index.js", "module.exports = 2");
  link_(DEP, "up", "../../index.js");
  forbid(OUTER), forbid(B), forbid(S), forbid(t);
  join(t, S, "sub"), forbid(t);
  char u[PATH_MAX];
  join(u, t, "inner"), forbid(u);
  forbid("/"), forbid("/tmp");
  acs_err err = {0};
  /* W last: acs__vfs_check_links(V, W_INDEX) walks it alone */
  if (acs__vfs_new(&V) || acs__vfs_mount(V, R, true, &err) || acs__vfs_mount(V, WRO, true, &err) ||
      acs__vfs_mount_at(V, PKG, PKG_GUEST, true, &err) || acs__vfs_mount_at(V, DEP, DEP_GUEST, true, &err) ||
      acs__vfs_mount(V, W, false, &err))
    fatal("mount", err.message);
  fill_w();
  /* OUTER and B by their entries (B/w's change); the rest whole */
  protect(OUTER, false), protect(B, false), protect(S, true), protect(R, true), protect(WRO, true);
  protect(PKG, true), protect(DEP, true);
}

/* ------------------------------------------------------ the program */

typedef struct reader {
  const uint8_t *p, *end;
} reader;

static int byte(reader *r) { return r->p < r->end ? *r->p++ : 0; }

/* The next NUL-terminated path, tokens expanded, into out (MAX_PATH). */
static void path(reader *r, char *out)
{
  size_t n = 0, raw = 0;
  out[0] = 0;
  while (r->p < r->end) {
    uint8_t c = *r->p++;
    if (!c) break;
    if (++raw > MAX_RAW) continue;
    char tok[PATH_MAX];
    switch (c) {
    case 1: snprintf(tok, sizeof tok, "%s", W); break;
    case 2: snprintf(tok, sizeof tok, "%s", R); break;
    case 3: snprintf(tok, sizeof tok, "%s", S); break;
    case 4: snprintf(tok, sizeof tok, "%s", PKG_GUEST); break;
    case 5: snprintf(tok, sizeof tok, "%s", B); break;
    case 6: snprintf(tok, sizeof tok, "%s", DEP_GUEST); break;
    case 7: snprintf(tok, sizeof tok, "%s", PKG); break;
    case 8: snprintf(tok, sizeof tok, "/proc/self/"); break;
    case 9: memset(tok, 'a', 64), tok[64] = 0; break;
    default: tok[0] = (char)c, tok[1] = 0;
    }
    size_t k = strlen(tok);
    if (n + k >= MAX_PATH) continue;
    memcpy(out + n, tok, k + 1);
    n += k;
  }
}

static bool under(const char *p, const char *dir)
{
  size_t n = strlen(dir);
  return strncmp(p, dir, n) == 0 && (p[n] == 0 || p[n] == '/');
}

static void check_rc(int rc, const char *op)
{
  if (rc > 0 || rc < -4095) fatal("an operation returned neither 0 nor -errno", op);
}

static void check_stat(const struct stat *st, const char *p)
{
  if (is_forbidden(st)) fatal("stat reached a file outside the mounts", p);
  /* the mounts are all on the fixture's file system (/proc, / are not) */
  if (st->st_dev != forbidden[0].dev) fatal("stat reached another file system", p);
}

/* An fd from acs__vfs_open: under W, R or a package, and writable only
** under W. */
static void check_fd(int fd, int flags, bool ro, const char *p)
{
  struct stat st;
  if (fstat(fd, &st) != 0) fatal("fstat", p);
  check_stat(&st, p);
  char proc[64], host[PATH_MAX];
  snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(proc, host, sizeof host - 1);
  if (n < 0) fatal("readlink /proc/self/fd", p);
  host[n] = 0;
  bool in_w = under(host, W) && !under(host, WRO);
  bool in_ro = under(host, R) || under(host, WRO) || under(host, PKG) || under(host, DEP);
  if (!in_w && !in_ro) fatal("open gave an fd outside the mounts", host);
  if (in_ro) {
    if (!ro) fatal("an fd in a read-only mount was not marked read-only", host);
    if ((flags & O_ACCMODE) != O_RDONLY || (flags & (O_TRUNC | O_APPEND | O_CREAT)))
      fatal("a read-only mount was opened for writing", host);
  } else if (ro) {
    fatal("an fd in W was marked read-only", host);
  }
  if ((flags & O_ACCMODE) != O_RDONLY && write(fd, "x", 1) < 0 && errno != EISDIR && errno != EBADF)
    fatal("write to a writable fd failed", host);
}

static int on_entry(void *user, const char *name, unsigned char type)
{
  (void)type;
  int *left = user;
  if (!name[0] || strchr(name, '/')) fatal("readdir gave a bad name", name);
  return --*left == 0 ? 1 : 0;
}

static int open_flags(int a)
{
  static const int acc[] = {O_RDONLY, O_WRONLY, O_RDWR, O_RDONLY};
  int f = acc[a & 3];
  if ((a & 4) && (a & 64)) f |= O_TMPFILE; /* O_CREAT|O_DIRECTORY would be EINVAL */
  else if (a & 4) f |= O_CREAT;
  else if (a & 64) f |= O_DIRECTORY;
  if (a & 8) f |= O_EXCL;
  if (a & 16) f |= O_TRUNC;
  if (a & 32) f |= O_APPEND;
  if (a & 128) f |= O_NOFOLLOW;
  return f;
}

/* As the runtime passes paths: "" as is, others made absolute against
** cwd; with the op byte's high bit, an absolute path as written (".",
** "//", trailing "/" and all, as other callers may pass them). */
static char *guest_path(const char *cwd, const char *p, int ob)
{
  if (!p[0] || (p[0] == '/' && (ob & 128))) return strdup(p);
  return acs__vfs_abs(cwd, p);
}

static void run_op(reader *r, char **cwd)
{
  static char a[MAX_PATH], b[MAX_PATH];
  int ob = byte(r), op = ob % 18, arg = byte(r);
  path(r, a);
  bool two = op == 7 || op == 8 || op == 9;
  if (two) path(r, b);
  /* paths are absolute for the VFS (the runtime makes them so) */
  char *pa = guest_path(*cwd, a, ob), *pb = two && op != 9 ? guest_path(*cwd, b, ob) : NULL;
  if (!pa || (two && op != 9 && !pb)) fatal("out of memory", NULL);
  struct stat st;
  char *out = NULL;
  int rc = 0;
  switch (op) {
  case 0: {
    int fd = -1, flags = open_flags(arg);
    bool ro = false;
    rc = acs__vfs_open(V, pa, flags, 0644, &fd, &ro);
    if (rc == 0) {
      if (fd < 0) fatal("open succeeded without an fd", pa);
      check_fd(fd, flags, ro, pa);
      close(fd);
    } else if (fd != -1) {
      fatal("open failed but left an fd", pa);
    }
    break;
  }
  case 1:
  case 2:
    rc = acs__vfs_stat(V, pa, op == 1, &st);
    if (rc == 0) check_stat(&st, pa);
    break;
  case 3: rc = acs__vfs_access(V, pa, arg & 7); break;
  case 4: rc = acs__vfs_mkdir(V, pa, 0700 | (mode_t)(arg & 077)); break;
  case 5: rc = acs__vfs_rmdir(V, pa); break;
  case 6: rc = acs__vfs_unlink(V, pa); break;
  case 7: rc = acs__vfs_rename(V, pa, pb); break;
  case 8: rc = acs__vfs_link(V, pa, pb); break;
  case 9: {
    /* target as written (a), at the path b */
    free(pa);
    pa = guest_path(*cwd, b, ob);
    if (!pa) fatal("out of memory", NULL);
    rc = acs__vfs_symlink(V, a, pa);
    break;
  }
  case 10:
    rc = acs__vfs_readlink(V, pa, &out);
    if (rc == 0 && !out) fatal("readlink succeeded without text", pa);
    break;
  case 11:
    rc = acs__vfs_realpath(V, pa, &out);
    if (rc == 0) {
      if (!out) fatal("realpath succeeded without a path", pa);
      if (!under(out, W) && !under(out, R) && !under(out, WRO) && !under(out, PKG_GUEST)) fatal("realpath outside the mounts", out);
    }
    break;
  case 12: {
    int left = arg ? arg : 1000;
    rc = acs__vfs_readdir(V, pa, on_entry, &left);
    if (rc == 1) rc = 0;
    break;
  }
  case 13: rc = acs__vfs_truncate(V, pa, (off_t)arg * 7); break;
  case 14: rc = acs__vfs_chmod(V, pa, (mode_t)(arg << 1) | 0400); break;
  case 15: {
    struct timespec ts[2] = {{.tv_sec = arg * 1000}, {.tv_nsec = (arg & 1) ? UTIME_NOW : UTIME_OMIT}};
    rc = acs__vfs_utimes(V, pa, ts, arg & 2);
    break;
  }
  case 16:
    acs__vfs_forget(V);
    if (pa[0] == '/' && strlen(pa) < PATH_MAX) {
      free(*cwd);
      *cwd = pa;
      pa = NULL;
    }
    break;
  case 17: {
    acs_err err = {0};
    rc = acs__vfs_check_links(V, (size_t)(arg % 6), &err);
    if (rc && !err.message) fatal("check_links failed without a message", NULL);
    acs_err_clear(&err);
    rc = 0;
    break;
  }
  }
  if (trace) fprintf(stderr, "op %2d arg %3d %s%s%s -> %d%s%s\n", op, arg, a, two ? " , " : "", two ? b : "", rc,
                     out ? " " : "", out ? out : "");
  check_rc(rc, pa ? pa : "chdir");
  free(out);
  free(pa);
  free(pb);
  /* reads cannot change what is hashed (atimes are not): checked at the end */
  bool reads = (op == 0 && !(open_flags(arg) & (O_ACCMODE | O_CREAT | O_TRUNC | O_APPEND | O_TMPFILE))) ||
               (op >= 1 && op <= 3) || (op >= 10 && op <= 12) || op >= 16;
  if (!reads) check_protected(a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (!V) setup();
  int fds = count_fds();
  char *cwd = strdup(W);
  if (!cwd) return 0;
  reader r = {data, data + size};
  for (int i = 0; i < MAX_OPS && r.p < r.end; i++) run_op(&r, &cwd);
  free(cwd);
  check_protected("the input");
  acs__vfs_forget(V);
  if (count_fds() != fds) fatal("an fd leaked", NULL);
  if (links_mode) {
    acs_err err = {0};
    if (acs__vfs_check_links(V, W_INDEX, &err))
      fatal("the guest left W so that the next run would be refused", err.message);
    acs_err_clear(&err);
  }
  reset_w();
  return 0;
}
