/* memfs.c - the box's in-memory filesystem (src/kernel/memfs*.c): POSIX
** corner cases, permissions per user, links, unlink while open, rename
** rules, sticky /tmp, symlink limits, sparse and large files, a 100 000
** entry directory, readdir under removal, byte and inode caps, mounts,
** timestamps from a test clock. The same rules against Linux itself are
** in memfs_diff.c. */
#include "kernel/memfs.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE 1
#endif

static acs_memfs *fs;
static struct timespec clk;

/* A clock that moves 1 µs per reading: every stamp differs, and tests
** can say exactly which times an operation set. */
static void tick(void *user, struct timespec *now)
{
  (void)user;
  clk.tv_nsec += 1000;
  if (clk.tv_nsec >= 1000000000L) {
    clk.tv_sec++;
    clk.tv_nsec -= 1000000000L;
  }
  *now = clk;
}

static const uint32_t g_u1[] = {1000}, g_u2[] = {1001}, g_g1[] = {1002, 1000};
/* root; agent (1000:1000); another user (1001:1001); a member of 1000's
** group through its supplementary groups (1002:1002 +1000); a setuid-root
** program run by 1000 (effective root, real 1000). */
static acs_memfs_cred R = {0, 0, 0, 0, NULL, 0, 022};
static acs_memfs_cred U1 = {1000, 1000, 1000, 1000, g_u1, 1, 022};
static acs_memfs_cred U2 = {1001, 1001, 1001, 1001, g_u2, 1, 022};
static acs_memfs_cred G1 = {1002, 1002, 1002, 1002, g_g1, 2, 022};
static acs_memfs_cred SU = {0, 0, 1000, 1000, g_u1, 1, 022};

static void make_fs(uint64_t max_bytes, uint64_t max_inodes)
{
  clk.tv_sec = 1700000000;
  clk.tv_nsec = 0;
  acs_memfs_options o = {.version = ACS_MEMFS_OPTIONS_VERSION, .max_bytes = max_bytes,
                         .max_inodes = max_inodes, .clock = tick};
  cr_assert_eq(acs_memfs_new(&o, &fs), 0);
}

static void setup(void) { make_fs(0, 0); }
static void teardown(void) { acs_memfs_free(fs); fs = NULL; }

TestSuite(memfs, .init = setup, .fini = teardown);

#define OK(expr)                                                                              \
  do {                                                                                        \
    long _r = (long)(expr);                                                                   \
    cr_assert_eq(_r, 0, "%s -> %ld (%s)", #expr, _r, _r < 0 ? strerror((int)-_r) : "");      \
  } while (0)
#define ERR(e, expr)                                                                          \
  do {                                                                                        \
    long _r = (long)(expr);                                                                   \
    cr_assert_eq(_r, -(long)(e), "%s -> %ld (%s), want -%s", #expr, _r,                      \
                 _r < 0 ? strerror((int)-_r) : "", #e);                                      \
  } while (0)

/* ----------------------------------------------------------------- helpers */

static int put_as(const acs_memfs_cred *c, const char *path, const char *text)
{
  acs_memfs_file *f;
  int rc = acs_memfs_open(fs, c, NULL, path, O_CREAT | O_WRONLY | O_TRUNC, 0666, &f);
  if (rc) return rc;
  ssize_t n = acs_memfs_write(fs, c, f, text, strlen(text));
  acs_memfs_close(fs, f);
  return n < 0 ? (int)n : 0;
}
static int put(const char *path, const char *text) { return put_as(&R, path, text); }

/* The whole file as a string (static buffer), or NULL with *err set. */
static const char *get_as(const acs_memfs_cred *c, const char *path, int *err)
{
  static char buf[65536];
  acs_memfs_file *f;
  int rc = acs_memfs_open(fs, c, NULL, path, O_RDONLY, 0, &f);
  if (err) *err = rc;
  if (rc) return NULL;
  ssize_t n = acs_memfs_read(fs, f, buf, sizeof buf - 1);
  acs_memfs_close(fs, f);
  if (n < 0) {
    if (err) *err = (int)n;
    return NULL;
  }
  buf[n] = '\0';
  return buf;
}
static const char *get(const char *path) { return get_as(&R, path, NULL); }

static acs_memfs_stat S(const char *path)
{
  acs_memfs_stat st;
  int rc = acs_memfs_fstatat(fs, &R, NULL, path, AT_SYMLINK_NOFOLLOW, &st);
  cr_assert_eq(rc, 0, "stat %s: %d", path, rc);
  return st;
}
static int st_as(const acs_memfs_cred *c, const char *path, int flags)
{
  acs_memfs_stat st;
  return acs_memfs_fstatat(fs, c, NULL, path, flags, &st);
}

static int mkdir_as(const acs_memfs_cred *c, const char *path, uint32_t mode)
{
  return acs_memfs_mkdir(fs, c, NULL, path, mode);
}
static int chmod_(const char *path, uint32_t mode) { return acs_memfs_chmod(fs, &R, NULL, path, mode, 0); }
static int chown_(const char *path, uint32_t u, uint32_t g)
{
  return acs_memfs_chown(fs, &R, NULL, path, u, g, 0);
}
static int unlink_as(const acs_memfs_cred *c, const char *p) { return acs_memfs_unlink(fs, c, NULL, p); }
static int rename_as(const acs_memfs_cred *c, const char *a, const char *b)
{
  return acs_memfs_rename(fs, c, NULL, a, NULL, b, 0);
}
static int symlink_(const char *target, const char *path)
{
  return acs_memfs_symlink(fs, &R, target, NULL, path);
}
static int open_as(const acs_memfs_cred *c, const char *path, int flags, acs_memfs_file **f)
{
  return acs_memfs_open(fs, c, NULL, path, flags, 0644, f);
}
static int ts_eq(struct timespec a, struct timespec b)
{
  return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}
static double now_s(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* -------------------------------------------------------------- the basics */

Test(memfs, create_write_read_stat)
{
  acs_memfs_stat root = S("/");
  cr_assert(S_ISDIR(root.mode));
  cr_assert_eq(root.mode & 07777, 0755);
  cr_assert_eq(root.nlink, 2);
  OK(put("/a", "hello"));
  cr_assert_str_eq(get("/a"), "hello");
  acs_memfs_stat st = S("/a");
  cr_assert(S_ISREG(st.mode));
  cr_assert_eq(st.mode & 07777, 0644); /* 0666 under umask 022 */
  cr_assert_eq(st.size, 5);
  cr_assert_eq(st.nlink, 1);
  cr_assert_eq(st.uid, 0);
  cr_assert_eq(st.dev, ACS_MEMFS_ST_DEV);
  cr_assert_neq(st.ino, root.ino);
  cr_assert(!ts_eq(st.btime, st.mtime)); /* the write moved m and c */
  OK(acs_memfs_mknod(fs, &R, NULL, "/fresh", S_IFREG | 0600, 0));
  st = S("/fresh");
  cr_assert(ts_eq(st.btime, st.mtime) && ts_eq(st.btime, st.ctime));
  cr_assert_eq(S("/").nlink, 2);
  OK(mkdir_as(&R, "/d", 0777));
  cr_assert_eq(S("/").nlink, 3);
  cr_assert_eq(S("/d").mode & 07777, 0755);
  cr_assert_eq(S("/d").nlink, 2);
  /* relative to a directory inode */
  acs_memfs_inode *d;
  OK(acs_memfs_resolve(fs, &R, NULL, "/d", O_DIRECTORY, &d));
  acs_memfs_file *f;
  OK(acs_memfs_open(fs, &R, d, "rel", O_CREAT | O_RDWR, 0600, &f));
  acs_memfs_close(fs, f);
  cr_assert_eq(S("/d/rel").mode & 07777, 0600);
  ERR(ENOTDIR, acs_memfs_resolve(fs, &R, NULL, "/a", O_DIRECTORY, &d) * 1L);
  acs_memfs_inode_release(fs, d);
}

Test(memfs, empty_path_and_dots)
{
  ERR(ENOENT, st_as(&R, "", 0));
  OK(mkdir_as(&R, "/d", 0755));
  OK(mkdir_as(&R, "/d/e", 0755));
  cr_assert_eq(S("/..").ino, S("/").ino);
  cr_assert_eq(S("/../../..").ino, S("/").ino);
  cr_assert_eq(S("/d/e/..").ino, S("/d").ino);
  cr_assert_eq(S("/d/./e/.").ino, S("/d/e").ino);
  cr_assert_eq(S("//d//e//").ino, S("/d/e").ino);
  cr_assert_eq(S("/d/e/../../d").ino, S("/d").ino);
  acs_memfs_stat st;
  acs_memfs_inode *e;
  OK(acs_memfs_resolve(fs, &R, NULL, "/d/e", 0, &e));
  OK(acs_memfs_fstatat(fs, &R, e, "", AT_EMPTY_PATH, &st));
  cr_assert_eq(st.ino, S("/d/e").ino);
  OK(acs_memfs_fstatat(fs, &R, e, "..", 0, &st));
  cr_assert_eq(st.ino, S("/d").ino);
  acs_memfs_inode_release(fs, e);
  OK(put("/f", "x"));
  ERR(ENOTDIR, st_as(&R, "/f/", 0));
  ERR(ENOTDIR, st_as(&R, "/f/.", 0));
  ERR(ENOTDIR, st_as(&R, "/f/x", 0));
  ERR(ENOENT, st_as(&R, "/nope/x", 0));
}

Test(memfs, name_and_path_limits)
{
  char name[300], path[5000];
  memset(name, 'n', 255);
  name[255] = '\0';
  snprintf(path, sizeof path, "/%s", name);
  OK(put(path, "x"));
  OK(st_as(&R, path, 0));
  memset(name, 'n', 256);
  name[256] = '\0';
  snprintf(path, sizeof path, "/%s", name);
  ERR(ENAMETOOLONG, put(path, "x"));
  ERR(ENAMETOOLONG, st_as(&R, path, 0));
  ERR(ENAMETOOLONG, mkdir_as(&R, path, 0755));
  /* 4095 bytes is a path; 4096 is not (PATH_MAX counts the NUL). */
  size_t n = 0;
  path[n++] = '/';
  while (n < 4095) {
    path[n] = n % 2 ? '.' : '/';
    n++;
  }
  path[4095] = '\0';
  cr_assert_eq(strlen(path), 4095);
  OK(st_as(&R, path, 0));
  path[4095] = '/';
  path[4096] = '\0';
  ERR(ENAMETOOLONG, st_as(&R, path, 0));
  /* a link target is a path too */
  char target[4200];
  memset(target, 'a', 4096);
  target[4096] = '\0';
  ERR(ENAMETOOLONG, symlink_(target, "/l"));
  target[4095] = '\0';
  OK(symlink_(target, "/l"));
  cr_assert_eq(S("/l").size, 4095);
}

/* ------------------------------------------------------------- open flags */

Test(memfs, open_flags)
{
  acs_memfs_file *f;
  OK(put("/f", "abc"));
  ERR(EEXIST, acs_memfs_open(fs, &R, NULL, "/f", O_CREAT | O_EXCL | O_WRONLY, 0644, &f));
  cr_assert_null(f);
  OK(open_as(&R, "/f", O_CREAT | O_WRONLY, &f)); /* exists: just opened */
  acs_memfs_close(fs, f);
  cr_assert_str_eq(get("/f"), "abc");
  OK(open_as(&R, "/f", O_WRONLY | O_TRUNC, &f));
  acs_memfs_close(fs, f);
  cr_assert_eq(S("/f").size, 0);
  ERR(ENOENT, open_as(&R, "/missing", O_RDONLY, &f));
  ERR(ENOTDIR, open_as(&R, "/f", O_RDONLY | O_DIRECTORY, &f));
  ERR(ENOTDIR, open_as(&R, "/f/", O_RDONLY, &f));
  ERR(EISDIR, open_as(&R, "/new/", O_CREAT | O_WRONLY, &f));
  ERR(EISDIR, open_as(&R, "/", O_WRONLY, &f));
  ERR(EISDIR, open_as(&R, "/", O_RDONLY | O_CREAT, &f));
  ERR(EISDIR, open_as(&R, "/", O_RDONLY | O_TRUNC, &f));
  ERR(EINVAL, open_as(&R, "/f", O_ACCMODE, &f));
  OK(open_as(&R, "/", O_RDONLY | O_DIRECTORY, &f));
  acs_memfs_close(fs, f);
  /* symbolic links */
  OK(symlink_("/f", "/lf"));
  OK(symlink_("/target", "/dangling"));
  ERR(ELOOP, open_as(&R, "/lf", O_RDONLY | O_NOFOLLOW, &f));
  ERR(ELOOP, open_as(&R, "/lf", O_WRONLY | O_CREAT | O_NOFOLLOW, &f));
  ERR(EEXIST, open_as(&R, "/dangling", O_WRONLY | O_CREAT | O_EXCL, &f));
  ERR(ENOENT, st_as(&R, "/target", 0));
  OK(open_as(&R, "/dangling", O_WRONLY | O_CREAT, &f)); /* makes the target */
  acs_memfs_close(fs, f);
  OK(st_as(&R, "/target", AT_SYMLINK_NOFOLLOW));
  cr_assert(S_ISREG(S("/target").mode));
  OK(open_as(&R, "/lf", O_RDONLY, &f));
  acs_memfs_close(fs, f);
  /* access modes */
  char c;
  OK(put("/f", "abc"));
  OK(open_as(&R, "/f", O_RDONLY, &f));
  ERR(EBADF, acs_memfs_write(fs, &R, f, "x", 1));
  ERR(EBADF, acs_memfs_pwrite(fs, &R, f, "x", 1, 0));
  ERR(EINVAL, acs_memfs_ftruncate(fs, &R, f, 0));
  cr_assert_eq(acs_memfs_read(fs, f, &c, 1), 1);
  acs_memfs_close(fs, f);
  OK(open_as(&R, "/f", O_WRONLY, &f));
  ERR(EBADF, acs_memfs_read(fs, f, &c, 1));
  cr_assert_eq(acs_memfs_write(fs, &R, f, "X", 1), 1);
  acs_memfs_close(fs, f);
  cr_assert_str_eq(get("/f"), "Xbc");
}

Test(memfs, offsets_append_seek)
{
  acs_memfs_file *f, *g;
  char buf[16];
  OK(open_as(&R, "/f", O_CREAT | O_RDWR, &f));
  cr_assert_eq(acs_memfs_write(fs, &R, f, "hello", 5), 5);
  cr_assert_eq(acs_memfs_lseek(fs, f, 0, SEEK_CUR), 5);
  cr_assert_eq(acs_memfs_lseek(fs, f, 1, SEEK_SET), 1);
  cr_assert_eq(acs_memfs_read(fs, f, buf, 2), 2);
  cr_assert_eq(memcmp(buf, "el", 2), 0);
  cr_assert_eq(acs_memfs_lseek(fs, f, -1, SEEK_END), 4);
  ERR(EINVAL, acs_memfs_lseek(fs, f, -10, SEEK_CUR));
  ERR(EINVAL, acs_memfs_lseek(fs, f, 0, 99));
  cr_assert_eq(acs_memfs_lseek(fs, f, 0, SEEK_CUR), 4);
  /* pread/pwrite leave the offset */
  cr_assert_eq(acs_memfs_pread(fs, f, buf, 3, 0), 3);
  cr_assert_eq(acs_memfs_pwrite(fs, &R, f, "J", 1, 0), 1);
  cr_assert_eq(acs_memfs_lseek(fs, f, 0, SEEK_CUR), 4);
  ERR(EINVAL, acs_memfs_pread(fs, f, buf, 3, -1));
  /* past the end: a hole */
  cr_assert_eq(acs_memfs_lseek(fs, f, 10, SEEK_SET), 10);
  cr_assert_eq(acs_memfs_write(fs, &R, f, "!", 1), 1);
  cr_assert_eq(acs_memfs_pread(fs, f, buf, 16, 0), 11);
  cr_assert_eq(memcmp(buf, "Jello\0\0\0\0\0!", 11), 0);
  cr_assert_eq(acs_memfs_read(fs, f, buf, 16), 0); /* at the end */
  /* O_APPEND: every write at the end, whatever the offset, pwrite too */
  OK(open_as(&R, "/f", O_WRONLY | O_APPEND, &g));
  cr_assert_eq(acs_memfs_lseek(fs, g, 0, SEEK_SET), 0);
  cr_assert_eq(acs_memfs_write(fs, &R, g, "A", 1), 1);
  cr_assert_eq(acs_memfs_lseek(fs, g, 0, SEEK_CUR), 12);
  cr_assert_eq(acs_memfs_pwrite(fs, &R, g, "B", 1, 0), 1);
  cr_assert_eq(S("/f").size, 13);
  cr_assert_eq(acs_memfs_pread(fs, f, buf, 3, 10), 3);
  cr_assert_eq(memcmp(buf, "!AB", 3), 0);
  acs_memfs_file_setfl(g, 0);
  cr_assert_eq(acs_memfs_file_flags(g) & O_APPEND, 0);
  cr_assert_eq(acs_memfs_pwrite(fs, &R, g, "j", 1, 0), 1);
  cr_assert_str_eq(get("/f"), "jello");
  /* two descriptions, two offsets; one shared by hold */
  acs_memfs_file_hold(f);
  cr_assert_eq(acs_memfs_lseek(fs, f, 2, SEEK_SET), 2);
  acs_memfs_close(fs, f);
  cr_assert_eq(acs_memfs_lseek(fs, f, 0, SEEK_CUR), 2);
  acs_memfs_close(fs, f);
  acs_memfs_close(fs, g);
}

Test(memfs, truncate)
{
  acs_memfs_file *f;
  OK(put("/f", "abcdefgh"));
  OK(acs_memfs_truncate(fs, &R, NULL, "/f", 3));
  cr_assert_str_eq(get("/f"), "abc");
  OK(acs_memfs_truncate(fs, &R, NULL, "/f", 6));
  char buf[8];
  OK(open_as(&R, "/f", O_RDWR, &f));
  cr_assert_eq(acs_memfs_read(fs, f, buf, 8), 6);
  cr_assert_eq(memcmp(buf, "abc\0\0\0", 6), 0); /* what was cut stays cut */
  OK(acs_memfs_ftruncate(fs, &R, f, 0));
  cr_assert_eq(S("/f").size, 0);
  ERR(EINVAL, acs_memfs_ftruncate(fs, &R, f, -1));
  acs_memfs_close(fs, f);
  ERR(EINVAL, acs_memfs_truncate(fs, &R, NULL, "/f", -1));
  ERR(EISDIR, acs_memfs_truncate(fs, &R, NULL, "/", 0));
  ERR(ENOENT, acs_memfs_truncate(fs, &R, NULL, "/nope", 0));
  /* a page boundary: a cut in the middle of a page, then growth */
  acs_memfs_file *g;
  OK(open_as(&R, "/p", O_CREAT | O_RDWR, &g));
  static char big[3 * ACS_MEMFS_PAGE];
  memset(big, 'z', sizeof big);
  cr_assert_eq(acs_memfs_write(fs, &R, g, big, sizeof big), (ssize_t)sizeof big);
  OK(acs_memfs_ftruncate(fs, &R, g, ACS_MEMFS_PAGE + 10));
  OK(acs_memfs_ftruncate(fs, &R, g, sizeof big));
  static char back[3 * ACS_MEMFS_PAGE];
  cr_assert_eq(acs_memfs_pread(fs, g, back, sizeof back, 0), (ssize_t)sizeof back);
  for (size_t i = 0; i < sizeof back; i++)
    cr_assert_eq(back[i], i < ACS_MEMFS_PAGE + 10 ? 'z' : 0, "byte %zu", i);
  acs_memfs_close(fs, g);
}

/* ------------------------------------------------------ sparse and large */

/* The root directory's tables are made with its first name and kept:
** make them before measuring what one file costs. */
static void warm(void)
{
  OK(put("/warm", "x"));
  OK(unlink_as(&R, "/warm"));
}

Test(memfs, sparse_1g)
{
  acs_memfs_file *f;
  acs_memfs_usage u0, u;
  warm();
  acs_memfs_usage_get(fs, &u0);
  OK(open_as(&R, "/sparse", O_CREAT | O_RDWR, &f));
  const int64_t G = 1LL << 30;
  cr_assert_eq(acs_memfs_pwrite(fs, &R, f, "x", 1, G), 1);
  acs_memfs_stat st = S("/sparse");
  cr_assert_eq(st.size, (uint64_t)G + 1);
  cr_assert_leq(st.blocks, 8);
  acs_memfs_usage_get(fs, &u);
  cr_assert_lt(u.bytes - u0.bytes, 8192, "1 GB hole cost %llu bytes",
               (unsigned long long)(u.bytes - u0.bytes));
  static char buf[65536];
  memset(buf, 1, sizeof buf);
  cr_assert_eq(acs_memfs_pread(fs, f, buf, sizeof buf, 12345), (ssize_t)sizeof buf);
  for (size_t i = 0; i < sizeof buf; i++) cr_assert_eq(buf[i], 0);
  cr_assert_eq(acs_memfs_pread(fs, f, buf, 10, G - 2), 3);
  cr_assert_eq(memcmp(buf, "\0\0x", 3), 0);
  /* SEEK_DATA / SEEK_HOLE at page granularity */
  cr_assert_eq(acs_memfs_lseek(fs, f, 0, SEEK_DATA), G);
  cr_assert_eq(acs_memfs_lseek(fs, f, 0, SEEK_HOLE), 0);
  cr_assert_eq(acs_memfs_lseek(fs, f, G, SEEK_HOLE), G + 1);
  ERR(ENXIO, acs_memfs_lseek(fs, f, G + 1, SEEK_DATA));
  /* a write at 1 TB and near the largest offset */
  cr_assert_eq(acs_memfs_pwrite(fs, &R, f, "y", 1, 1LL << 40), 1);
  cr_assert_eq(acs_memfs_pwrite(fs, &R, f, "z", 1, INT64_MAX - 1), 1);
  ERR(EINVAL, acs_memfs_pwrite(fs, &R, f, "z", 1, INT64_MAX)); /* the end is no offset */
  cr_assert_eq(acs_memfs_pread(fs, f, buf, 1, INT64_MAX - 1), 1);
  ERR(EINVAL, acs_memfs_pread(fs, f, buf, 4, INT64_MAX - 1));
  cr_assert_eq(buf[0], 'z');
  acs_memfs_usage_get(fs, &u);
  cr_assert_lt(u.bytes - u0.bytes, 65536);
  /* truncating gives it all back */
  OK(acs_memfs_ftruncate(fs, &R, f, 0));
  acs_memfs_close(fs, f);
  OK(unlink_as(&R, "/sparse"));
  acs_memfs_usage_get(fs, &u);
  cr_assert_eq(u.bytes, u0.bytes, "%llu left", (unsigned long long)(u.bytes - u0.bytes));
  cr_assert_eq(u.data_bytes, 0);
}

Test(memfs, large_file_64mb)
{
  const size_t total = 64u << 20, chunk = 65536;
  char *buf = malloc(chunk), *back = malloc(chunk);
  acs_memfs_file *f;
  OK(open_as(&R, "/big", O_CREAT | O_RDWR, &f));
  double t0 = now_s();
  for (size_t off = 0; off < total; off += chunk) {
    for (size_t i = 0; i < chunk; i += 8) memcpy(buf + i, &(uint64_t){off + i}, 8);
    cr_assert_eq(acs_memfs_write(fs, &R, f, buf, chunk), (ssize_t)chunk);
  }
  double t1 = now_s();
  cr_assert_eq(S("/big").size, total);
  acs_memfs_usage u;
  acs_memfs_usage_get(fs, &u);
  cr_assert_eq(u.data_bytes, total);
  cr_assert_lt(u.bytes, total + total / 50); /* the index costs under 2% */
  cr_assert_eq(acs_memfs_lseek(fs, f, 0, SEEK_SET), 0);
  for (size_t off = 0; off < total; off += chunk) {
    cr_assert_eq(acs_memfs_read(fs, f, back, chunk), (ssize_t)chunk);
    for (size_t i = 0; i < chunk; i += 8) {
      uint64_t v;
      memcpy(&v, back + i, 8);
      if (v != off + i) cr_assert_fail("byte %zu: %llu", off + i, (unsigned long long)v);
    }
  }
  double t2 = now_s();
  cr_log_info("64 MB: write %.0f MB/s, read+check %.0f MB/s", 64 / (t1 - t0), 64 / (t2 - t1));
  cr_assert_eq(acs_memfs_lseek(fs, f, 0, SEEK_HOLE), (int64_t)total);
  acs_memfs_close(fs, f);
  OK(unlink_as(&R, "/big"));
  acs_memfs_usage_get(fs, &u);
  cr_assert_eq(u.data_bytes, 0);
  free(buf);
  free(back);
}

Test(memfs, small_files_cost_little)
{
  acs_memfs_usage u0, u;
  acs_memfs_usage_get(fs, &u0);
  OK(put("/tiny", "0123456789"));
  acs_memfs_usage_get(fs, &u);
  cr_assert_eq(u.data_bytes, 16);
  cr_assert_lt(u.bytes - u0.bytes, 512);
  cr_assert_eq(S("/tiny").blocks, 1);
  /* appends grow the page by doubling up to a whole page */
  acs_memfs_file *f;
  OK(open_as(&R, "/grow", O_CREAT | O_WRONLY | O_APPEND, &f));
  for (int i = 0; i < 1000; i++) cr_assert_eq(acs_memfs_write(fs, &R, f, "0123456789", 10), 10);
  acs_memfs_close(fs, f);
  cr_assert_eq(S("/grow").size, 10000);
  int err;
  const char *s = get_as(&R, "/grow", &err);
  cr_assert_not_null(s);
  for (int i = 0; i < 10000; i++) cr_assert_eq(s[i], '0' + i % 10);
}

/* ------------------------------------------------------------ directories */

static int count_entries(void *user, const acs_memfs_dirent *e)
{
  (void)e;
  (*(int *)user)++;
  return 0;
}

Test(memfs, directory_100k_entries)
{
  const int N = 100000;
  OK(mkdir_as(&R, "/big", 0755));
  acs_memfs_inode *d;
  OK(acs_memfs_resolve(fs, &R, NULL, "/big", 0, &d));
  char name[32];
  double t0 = now_s();
  for (int i = 0; i < N; i++) {
    snprintf(name, sizeof name, "file-%d", i);
    OK(acs_memfs_mknod(fs, &R, d, name, S_IFREG | 0644, 0));
  }
  double t1 = now_s();
  acs_memfs_stat st;
  for (int i = 0; i < N; i++) {
    snprintf(name, sizeof name, "file-%d", (i * 7919) % N);
    OK(acs_memfs_fstatat(fs, &R, d, name, 0, &st));
  }
  ERR(ENOENT, acs_memfs_fstatat(fs, &R, d, "file-100000", 0, &st));
  double t2 = now_s();
  acs_memfs_file *f;
  OK(open_as(&R, "/big", O_RDONLY | O_DIRECTORY, &f));
  int n = 0;
  while (acs_memfs_readdir(fs, f, count_entries, &n) > 0) {
  }
  cr_assert_eq(n, N + 2);
  acs_memfs_close(fs, f);
  double t3 = now_s();
  for (int i = 0; i < N; i++) {
    snprintf(name, sizeof name, "file-%d", i);
    OK(acs_memfs_unlink(fs, &R, d, name));
  }
  double t4 = now_s();
  cr_assert_eq(S("/big").size, 40);
  OK(acs_memfs_rmdir(fs, &R, NULL, "/big"));
  acs_memfs_inode_release(fs, d);
  cr_log_info("100k entries: create %.0f ns, stat %.0f ns, readdir %.0f ns, unlink %.0f ns each",
              (t1 - t0) / N * 1e9, (t2 - t1) / N * 1e9, (t3 - t2) / N * 1e9, (t4 - t3) / N * 1e9);
  cr_assert_lt(t4 - t0, 10.0, "100k entries took %.1f s", t4 - t0);
  acs_memfs_usage u;
  acs_memfs_usage_get(fs, &u);
  cr_assert_eq(u.inodes, 1);
}

/* A listing that records names; stops after `limit` entries. */
typedef struct listing {
  char names[4096][16];
  int n, limit;
} listing;

static int record(void *user, const acs_memfs_dirent *e)
{
  listing *l = user;
  if (l->n >= l->limit) return 1;
  cr_assert_lt(e->namelen, 16);
  memcpy(l->names[l->n++], e->name, e->namelen + 1u);
  return 0;
}

Test(memfs, readdir_survives_unlinks)
{
  const int N = 1000;
  char name[32];
  OK(mkdir_as(&R, "/d", 0755));
  for (int i = 0; i < N; i++) {
    snprintf(name, sizeof name, "/d/e%d", i);
    OK(put(name, ""));
  }
  static listing l;
  l.n = 0;
  l.limit = 302; /* ".", "..", e0..e299 */
  acs_memfs_file *f;
  OK(open_as(&R, "/d", O_RDONLY, &f));
  cr_assert_eq(acs_memfs_readdir(fs, f, record, &l), 302);
  cr_assert_str_eq(l.names[0], ".");
  cr_assert_str_eq(l.names[1], "..");
  cr_assert_str_eq(l.names[2], "e0");
  /* remove every third entry, seen or not, and add new ones */
  static bool removed[1000];
  for (int i = 0; i < N; i += 3) {
    snprintf(name, sizeof name, "/d/e%d", i);
    OK(unlink_as(&R, name));
    removed[i] = true;
  }
  for (int i = 0; i < 50; i++) {
    snprintf(name, sizeof name, "/d/new%d", i);
    OK(put(name, ""));
  }
  l.limit = 4096;
  while (acs_memfs_readdir(fs, f, record, &l) > 0) {
  }
  acs_memfs_close(fs, f);
  static int seen[1000];
  int news = 0;
  for (int i = 2; i < l.n; i++) {
    int k;
    if (sscanf(l.names[i], "e%d", &k) == 1) {
      seen[k]++;
      cr_assert(!removed[k] || i < 302, "%s removed before it was read, yet listed", l.names[i]);
    } else {
      news++;
    }
  }
  for (int k = 0; k < N; k++) cr_assert_eq(seen[k], removed[k] && k >= 300 ? 0 : 1, "e%d", k);
  cr_assert_eq(news, 50);
}

typedef struct rmctx {
  acs_memfs_inode *dir;
  int n;
} rmctx;

static int remove_each(void *user, const acs_memfs_dirent *e)
{
  rmctx *c = user;
  if (strcmp(e->name, ".") && strcmp(e->name, "..")) {
    OK(acs_memfs_unlink(fs, &R, c->dir, e->name));
    c->n++;
  }
  return 0;
}

Test(memfs, rm_r_style_listing)
{
  char name[32];
  OK(mkdir_as(&R, "/d", 0755));
  for (int i = 0; i < 5000; i++) {
    snprintf(name, sizeof name, "/d/f%d", i);
    OK(put(name, ""));
  }
  rmctx c = {NULL, 0};
  OK(acs_memfs_resolve(fs, &R, NULL, "/d", 0, &c.dir));
  acs_memfs_file *f;
  OK(open_as(&R, "/d", O_RDONLY, &f));
  while (acs_memfs_readdir(fs, f, remove_each, &c) > 0) {
  }
  cr_assert_eq(c.n, 5000);
  /* and again from the start: only the dots are left */
  cr_assert_eq(acs_memfs_lseek(fs, f, 0, SEEK_SET), 0);
  int n = 0;
  cr_assert_eq(acs_memfs_readdir(fs, f, count_entries, &n), 2);
  acs_memfs_close(fs, f);
  OK(acs_memfs_rmdir(fs, &R, NULL, "/d"));
  acs_memfs_inode_release(fs, c.dir);
}

static int first_name(void *user, const acs_memfs_dirent *e)
{
  listing *l = user;
  return record(l, e);
}

Test(memfs, readdir_cookies_and_types)
{
  OK(mkdir_as(&R, "/d", 0755));
  OK(put("/d/a", ""));
  OK(mkdir_as(&R, "/d/b", 0755));
  OK(symlink_("a", "/d/c"));
  OK(acs_memfs_mknod(fs, &R, NULL, "/d/p", S_IFIFO | 0644, 0));
  acs_memfs_file *f;
  OK(open_as(&R, "/d", O_RDONLY, &f));
  static listing l;
  l.n = 0;
  l.limit = 3;
  cr_assert_eq(acs_memfs_readdir(fs, f, first_name, &l), 3);
  int64_t cookie = acs_memfs_lseek(fs, f, 0, SEEK_CUR);
  l.limit = 100;
  while (acs_memfs_readdir(fs, f, first_name, &l) > 0) {
  }
  cr_assert_eq(l.n, 6);
  cr_assert_str_eq(l.names[2], "a");
  cr_assert_str_eq(l.names[5], "p");
  /* seekdir back to a cookie */
  cr_assert_eq(acs_memfs_lseek(fs, f, cookie, SEEK_SET), cookie);
  l.n = 0;
  cr_assert_eq(acs_memfs_readdir(fs, f, first_name, &l), 3);
  cr_assert_str_eq(l.names[0], "b");
  ERR(EINVAL, acs_memfs_lseek(fs, f, 0, SEEK_END));
  acs_memfs_close(fs, f);
  /* a removed directory lists nothing */
  OK(mkdir_as(&R, "/gone", 0755));
  OK(open_as(&R, "/gone", O_RDONLY, &f));
  OK(acs_memfs_rmdir(fs, &R, NULL, "/gone"));
  ERR(ENOENT, acs_memfs_readdir(fs, f, count_entries, &(int){0}));
  acs_memfs_close(fs, f);
  /* readdir of a file */
  OK(open_as(&R, "/d/a", O_RDONLY, &f));
  ERR(ENOTDIR, acs_memfs_readdir(fs, f, count_entries, &(int){0}));
  acs_memfs_close(fs, f);
}

static int collect_types(void *user, const acs_memfs_dirent *e)
{
  char *out = user;
  char s[64];
  snprintf(s, sizeof s, "%s:%d ", e->name, e->type);
  strcat(out, s);
  return 0;
}

Test(memfs, readdir_dtypes)
{
  OK(mkdir_as(&R, "/d", 0755));
  OK(put("/d/a", ""));
  OK(mkdir_as(&R, "/d/b", 0755));
  OK(symlink_("a", "/d/c"));
  OK(acs_memfs_mknod(fs, &R, NULL, "/d/p", S_IFIFO | 0644, 0));
  OK(acs_memfs_mknod(fs, &R, NULL, "/d/n", S_IFCHR | 0666, ACS_MEMFS_DEV_NULL));
  acs_memfs_file *f;
  OK(open_as(&R, "/d", O_RDONLY, &f));
  char out[256] = "";
  cr_assert_eq(acs_memfs_readdir(fs, f, collect_types, out), 7);
  acs_memfs_close(fs, f);
  char want[256];
  snprintf(want, sizeof want, ".:%d ..:%d a:%d b:%d c:%d p:%d n:%d ", DT_DIR, DT_DIR, DT_REG,
           DT_DIR, DT_LNK, DT_FIFO, DT_CHR);
  cr_assert_str_eq(out, want);
  cr_assert_eq(S("/d/n").rdev, ACS_MEMFS_DEV_NULL);
}

Test(memfs, mkdir_rmdir_unlink_errors)
{
  OK(mkdir_as(&R, "/d", 0755));
  ERR(EEXIST, mkdir_as(&R, "/d", 0755));
  ERR(EEXIST, mkdir_as(&R, "/d/.", 0755));
  ERR(EEXIST, mkdir_as(&R, "/d/..", 0755));
  ERR(EEXIST, mkdir_as(&R, "/", 0755));
  OK(mkdir_as(&R, "/e/", 0755)); /* a trailing slash is fine for mkdir */
  ERR(ENOENT, mkdir_as(&R, "/x/y", 0755));
  OK(put("/f", ""));
  ERR(EEXIST, mkdir_as(&R, "/f", 0755));
  ERR(ENOTDIR, mkdir_as(&R, "/f/y", 0755));
  OK(put("/d/x", ""));
  ERR(ENOTEMPTY, acs_memfs_rmdir(fs, &R, NULL, "/d"));
  ERR(EINVAL, acs_memfs_rmdir(fs, &R, NULL, "/d/."));
  ERR(ENOTEMPTY, acs_memfs_rmdir(fs, &R, NULL, "/d/.."));
  ERR(EBUSY, acs_memfs_rmdir(fs, &R, NULL, "/"));
  ERR(ENOTDIR, acs_memfs_rmdir(fs, &R, NULL, "/f"));
  ERR(ENOENT, acs_memfs_rmdir(fs, &R, NULL, "/nope"));
  ERR(EISDIR, unlink_as(&R, "/d"));
  ERR(EISDIR, unlink_as(&R, "/d/"));
  ERR(EISDIR, unlink_as(&R, "/d/."));
  ERR(ENOTDIR, unlink_as(&R, "/f/"));
  ERR(ENOENT, unlink_as(&R, "/nope"));
  OK(symlink_("/d", "/ld"));
  ERR(ENOTDIR, acs_memfs_rmdir(fs, &R, NULL, "/ld"));
  ERR(ENOTDIR, acs_memfs_rmdir(fs, &R, NULL, "/ld/"));
  OK(unlink_as(&R, "/ld")); /* the link, not the directory */
  OK(st_as(&R, "/d", 0));
  OK(unlink_as(&R, "/d/x"));
  cr_assert_eq(S("/").nlink, 4);
  OK(acs_memfs_rmdir(fs, &R, NULL, "/d/"));
  cr_assert_eq(S("/").nlink, 3);
  ERR(ENOENT, st_as(&R, "/d", 0));
  /* mknod's trailing slash and types */
  ERR(ENOENT, acs_memfs_mknod(fs, &R, NULL, "/p/", S_IFIFO | 0644, 0));
  ERR(EPERM, acs_memfs_mknod(fs, &R, NULL, "/p", S_IFDIR | 0644, 0));
  ERR(EINVAL, acs_memfs_mknod(fs, &R, NULL, "/p", 0170000, 0));
  ERR(EEXIST, acs_memfs_symlink(fs, &R, "x", NULL, "/f"));
  ERR(ENOENT, acs_memfs_symlink(fs, &R, "", NULL, "/s"));
  ERR(ENOENT, acs_memfs_symlink(fs, &R, "x", NULL, "/s/"));
}

Test(memfs, removed_cwd)
{
  OK(mkdir_as(&R, "/a", 0755));
  OK(mkdir_as(&R, "/a/b", 0755));
  acs_memfs_inode *cwd;
  OK(acs_memfs_chdir(fs, &R, NULL, "/a/b", &cwd));
  char *p;
  OK(acs_memfs_dir_path(fs, cwd, &p));
  cr_assert_str_eq(p, "/a/b");
  free(p);
  OK(acs_memfs_rmdir(fs, &R, NULL, "/a/b"));
  ERR(ENOENT, acs_memfs_dir_path(fs, cwd, &p));
  cr_assert_null(p);
  acs_memfs_file *f;
  ERR(ENOENT, acs_memfs_open(fs, &R, cwd, "new", O_CREAT | O_WRONLY, 0644, &f));
  ERR(ENOENT, acs_memfs_mkdir(fs, &R, cwd, "new", 0755));
  acs_memfs_stat st;
  OK(acs_memfs_fstatat(fs, &R, cwd, ".", 0, &st));
  cr_assert_eq(st.nlink, 0);
  OK(acs_memfs_fstatat(fs, &R, cwd, "..", 0, &st)); /* the old parent, as on Linux */
  cr_assert_eq(st.ino, S("/a").ino);
  /* the parent can go too; the cwd keeps the chain alive */
  OK(acs_memfs_rmdir(fs, &R, NULL, "/a"));
  OK(acs_memfs_fstatat(fs, &R, cwd, "..", 0, &st));
  acs_memfs_usage u;
  acs_memfs_usage_get(fs, &u);
  cr_assert_eq(u.inodes, 3);
  acs_memfs_inode_release(fs, cwd);
  acs_memfs_usage_get(fs, &u);
  cr_assert_eq(u.inodes, 1);
}

Test(memfs, dir_path_and_realpath)
{
  OK(mkdir_as(&R, "/a", 0755));
  OK(mkdir_as(&R, "/a/b", 0755));
  OK(put("/a/b/f", ""));
  OK(symlink_("b", "/a/lb"));
  OK(symlink_("/a/lb/f", "/lf"));
  char *p;
  OK(acs_memfs_realpath(fs, &R, NULL, "/lf", &p));
  cr_assert_str_eq(p, "/a/b/f");
  free(p);
  OK(acs_memfs_realpath(fs, &R, NULL, "/a/lb/../lb/.", &p));
  cr_assert_str_eq(p, "/a/b");
  free(p);
  OK(acs_memfs_realpath(fs, &R, NULL, "/", &p));
  cr_assert_str_eq(p, "/");
  free(p);
  OK(acs_memfs_realpath(fs, &R, NULL, "/a/..", &p));
  cr_assert_str_eq(p, "/");
  free(p);
  ERR(ENOENT, acs_memfs_realpath(fs, &R, NULL, "/a/nope", &p));
  ERR(ENOTDIR, acs_memfs_realpath(fs, &R, NULL, "/lf/", &p));
  acs_memfs_inode *b;
  OK(acs_memfs_chdir(fs, &R, NULL, "/a/b", &b));
  OK(rename_as(&R, "/a", "/z"));
  OK(acs_memfs_dir_path(fs, b, &p));
  cr_assert_str_eq(p, "/z/b");
  free(p);
  OK(acs_memfs_realpath(fs, &R, b, "f", &p));
  cr_assert_str_eq(p, "/z/b/f");
  free(p);
  acs_memfs_inode_release(fs, b);
  acs_memfs_inode *f;
  OK(acs_memfs_resolve(fs, &R, NULL, "/z/b/f", 0, &f));
  ERR(ENOTDIR, acs_memfs_dir_path(fs, f, &p));
  acs_memfs_inode_release(fs, f);
}

Test(memfs, deep_tree)
{
  /* 1500 levels: paths longer than PATH_MAX are reached from a cwd */
  acs_memfs_inode *cwd = NULL, *next;
  for (int i = 0; i < 1500; i++) {
    OK(acs_memfs_mkdir(fs, &R, cwd, "dd", 0755));
    OK(acs_memfs_chdir(fs, &R, cwd, "dd", &next));
    acs_memfs_inode_release(fs, cwd);
    cwd = next;
  }
  char *p;
  OK(acs_memfs_dir_path(fs, cwd, &p));
  cr_assert_eq(strlen(p), 1500 * 3);
  free(p);
  OK(put_as(&R, "/dd/dd/x", "1"));
  acs_memfs_stat st;
  OK(acs_memfs_fstatat(fs, &R, cwd, "../..", 0, &st));
  acs_memfs_inode_release(fs, cwd);
}

/* ------------------------------------------------------- symbolic links */

Test(memfs, symlinks_resolve_in_the_box)
{
  OK(mkdir_as(&R, "/etc", 0755));
  OK(put("/etc/passwd", "box"));
  OK(mkdir_as(&R, "/home", 0755));
  OK(symlink_("/etc/passwd", "/home/abs"));
  OK(symlink_("../etc/passwd", "/home/rel"));
  OK(symlink_("../../../../../etc", "/home/up"));
  OK(symlink_("/", "/home/root"));
  cr_assert_str_eq(get("/home/abs"), "box");
  cr_assert_str_eq(get("/home/rel"), "box");
  cr_assert_str_eq(get("/home/up/passwd"), "box");
  cr_assert_str_eq(get("/home/root/etc/passwd"), "box");
  cr_assert_eq(S("/home/root/").ino, S("/").ino);
  /* from a cwd, an absolute target still starts at the box's root */
  acs_memfs_inode *home;
  OK(acs_memfs_chdir(fs, &R, NULL, "/home", &home));
  acs_memfs_stat st;
  OK(acs_memfs_fstatat(fs, &R, home, "abs", 0, &st));
  cr_assert_eq(st.ino, S("/etc/passwd").ino);
  acs_memfs_inode_release(fs, home);
  /* lstat sees the link, a trailing slash follows it */
  OK(symlink_("/etc", "/le"));
  cr_assert(S_ISLNK(S("/le").mode));
  cr_assert_eq(S("/le").size, 4);
  cr_assert(S_ISDIR(S("/le/").mode));
  char buf[16];
  cr_assert_eq(acs_memfs_readlink(fs, &R, NULL, "/le", buf, sizeof buf), 4);
  cr_assert_eq(memcmp(buf, "/etc", 4), 0);
  cr_assert_eq(acs_memfs_readlink(fs, &R, NULL, "/le", buf, 2), 2);
  ERR(EINVAL, acs_memfs_readlink(fs, &R, NULL, "/le/", buf, sizeof buf));
  ERR(EINVAL, acs_memfs_readlink(fs, &R, NULL, "/etc", buf, sizeof buf));
  ERR(EINVAL, acs_memfs_readlink(fs, &R, NULL, "/le", buf, 0));
  ERR(ENOENT, acs_memfs_readlink(fs, &R, NULL, "", buf, sizeof buf));
  /* a link to a file with a trailing slash */
  ERR(ENOTDIR, st_as(&R, "/home/abs/", 0));
  ERR(ENOTDIR, st_as(&R, "/home/abs/", AT_SYMLINK_NOFOLLOW));
}

Test(memfs, eloop_at_41)
{
  char a[32], b[32];
  OK(put("/f", "end"));
  /* l1 -> f, l2 -> l1, ... : opening lN follows N links */
  for (int i = 1; i <= 41; i++) {
    snprintf(a, sizeof a, "/l%d", i);
    snprintf(b, sizeof b, i == 1 ? "f" : "l%d", i - 1);
    OK(symlink_(b, a));
  }
  cr_assert_str_eq(get("/l40"), "end");
  int err;
  cr_assert_null(get_as(&R, "/l41", &err));
  cr_assert_eq(err, -ELOOP);
  ERR(ELOOP, st_as(&R, "/l41", 0));
  OK(st_as(&R, "/l41", AT_SYMLINK_NOFOLLOW)); /* the link itself is fine */
  /* the count is per walk: links in the middle count too */
  OK(mkdir_as(&R, "/d", 0755));
  OK(symlink_("d", "/m1"));
  for (int i = 2; i <= 40; i++) {
    snprintf(a, sizeof a, "/m%d", i);
    snprintf(b, sizeof b, "m%d", i - 1);
    OK(symlink_(b, a));
  }
  OK(put("/d/x", ""));
  OK(st_as(&R, "/m40/x", 0));
  OK(symlink_("x", "/d/lx"));
  ERR(ELOOP, st_as(&R, "/m40/lx", 0)); /* 40 + 1 */
  /* loops */
  OK(symlink_("/loopb", "/loopa"));
  OK(symlink_("/loopa", "/loopb"));
  ERR(ELOOP, st_as(&R, "/loopa", 0));
  OK(symlink_("self", "/self"));
  ERR(ELOOP, st_as(&R, "/self/x", 0));
  acs_memfs_file *f;
  ERR(ELOOP, open_as(&R, "/self", O_CREAT | O_WRONLY, &f));
}

Test(memfs, hard_links)
{
  OK(put("/a", "data"));
  OK(mkdir_as(&R, "/d", 0755));
  OK(acs_memfs_link(fs, &R, NULL, "/a", NULL, "/d/b", 0));
  cr_assert_eq(S("/a").nlink, 2);
  cr_assert_eq(S("/a").ino, S("/d/b").ino);
  OK(unlink_as(&R, "/a"));
  cr_assert_eq(S("/d/b").nlink, 1);
  cr_assert_str_eq(get("/d/b"), "data");
  ERR(EEXIST, acs_memfs_link(fs, &R, NULL, "/d/b", NULL, "/d/b", 0));
  ERR(EPERM, acs_memfs_link(fs, &R, NULL, "/d", NULL, "/d2", 0));
  ERR(EPERM, acs_memfs_link(fs, &R, NULL, "/d/.", NULL, "/d2", 0));
  ERR(ENOENT, acs_memfs_link(fs, &R, NULL, "/nope", NULL, "/x", 0));
  ERR(ENOENT, acs_memfs_link(fs, &R, NULL, "/d/b", NULL, "/x/", 0));
  ERR(ENOTDIR, acs_memfs_link(fs, &R, NULL, "/d/b/", NULL, "/x", 0));
  ERR(EEXIST, acs_memfs_link(fs, &R, NULL, "/d/b", NULL, "/d/..", 0));
  ERR(EINVAL, acs_memfs_link(fs, &R, NULL, "/d/b", NULL, "/x", 0x4000));
  /* a link to a symbolic link is the link itself unless asked to follow */
  OK(symlink_("/d/b", "/s"));
  OK(acs_memfs_link(fs, &R, NULL, "/s", NULL, "/s2", 0));
  cr_assert(S_ISLNK(S("/s2").mode));
  cr_assert_eq(S("/s").nlink, 2);
  OK(acs_memfs_link(fs, &R, NULL, "/s", NULL, "/s3", AT_SYMLINK_FOLLOW));
  cr_assert_eq(S("/s3").ino, S("/d/b").ino);
  cr_assert_eq(S("/d/b").nlink, 2);
}

Test(memfs, unlink_while_open)
{
  acs_memfs_usage u0, u;
  warm();
  acs_memfs_usage_get(fs, &u0);
  acs_memfs_file *f;
  OK(open_as(&R, "/tmpfile", O_CREAT | O_RDWR, &f));
  static char big[100000];
  memset(big, 'q', sizeof big);
  cr_assert_eq(acs_memfs_write(fs, &R, f, big, sizeof big), (ssize_t)sizeof big);
  OK(unlink_as(&R, "/tmpfile"));
  ERR(ENOENT, st_as(&R, "/tmpfile", 0));
  acs_memfs_stat st;
  OK(acs_memfs_fstat(fs, f, &st));
  cr_assert_eq(st.nlink, 0);
  cr_assert_eq(st.size, sizeof big);
  /* still readable and writable */
  char c = 0;
  cr_assert_eq(acs_memfs_pread(fs, f, &c, 1, 99999), 1);
  cr_assert_eq(c, 'q');
  cr_assert_eq(acs_memfs_pwrite(fs, &R, f, "z", 1, 0), 1);
  acs_memfs_usage_get(fs, &u);
  cr_assert_eq(u.inodes, u0.inodes + 1);
  cr_assert_geq(u.data_bytes, sizeof big);
  /* a second reference (dup) keeps it, the last close frees it */
  acs_memfs_file_hold(f);
  acs_memfs_close(fs, f);
  acs_memfs_usage_get(fs, &u);
  cr_assert_eq(u.inodes, u0.inodes + 1);
  acs_memfs_close(fs, f);
  acs_memfs_usage_get(fs, &u);
  cr_assert_eq(u.inodes, u0.inodes);
  cr_assert_eq(u.bytes, u0.bytes);
  cr_assert_eq(u.data_bytes, 0);
  /* a held inode (a cwd, say) lives the same way */
  OK(put("/g", "x"));
  acs_memfs_inode *g;
  OK(acs_memfs_resolve(fs, &R, NULL, "/g", 0, &g));
  OK(unlink_as(&R, "/g"));
  acs_memfs_inode_stat(g, &st);
  cr_assert_eq(st.nlink, 0);
  acs_memfs_inode_release(fs, g);
  acs_memfs_usage_get(fs, &u);
  cr_assert_eq(u.inodes, u0.inodes);
}

/* ------------------------------------------------------------------ rename */

Test(memfs, rename_rules)
{
  OK(put("/a", "A"));
  OK(put("/b", "B"));
  uint64_t ia = S("/a").ino;
  OK(rename_as(&R, "/a", "/b")); /* over an existing file */
  ERR(ENOENT, st_as(&R, "/a", 0));
  cr_assert_eq(S("/b").ino, ia);
  cr_assert_str_eq(get("/b"), "A");
  acs_memfs_usage u;
  acs_memfs_usage_get(fs, &u);
  cr_assert_eq(u.inodes, 2); /* the old /b is gone */
  /* directories */
  OK(mkdir_as(&R, "/d1", 0755));
  OK(mkdir_as(&R, "/d2", 0755));
  OK(mkdir_as(&R, "/full", 0755));
  OK(put("/full/x", ""));
  OK(rename_as(&R, "/d1", "/d2")); /* over an empty directory */
  ERR(ENOENT, st_as(&R, "/d1", 0));
  ERR(ENOTEMPTY, rename_as(&R, "/d2", "/full"));
  ERR(EISDIR, rename_as(&R, "/b", "/d2"));
  ERR(ENOTDIR, rename_as(&R, "/d2", "/b"));
  OK(mkdir_as(&R, "/d2/sub", 0755));
  ERR(EINVAL, rename_as(&R, "/d2", "/d2/sub/x"));
  ERR(EINVAL, rename_as(&R, "/d2", "/d2/x"));
  ERR(ENOTEMPTY, rename_as(&R, "/d2/sub", "/d2"));
  ERR(EBUSY, rename_as(&R, "/d2/.", "/x"));
  ERR(EBUSY, rename_as(&R, "/d2", "/full/.."));
  ERR(EBUSY, rename_as(&R, "/", "/x"));
  ERR(ENOENT, rename_as(&R, "/nope", "/x"));
  ERR(ENOENT, rename_as(&R, "/b", "/nope/x"));
  ERR(ENOTDIR, rename_as(&R, "/b/", "/c"));
  ERR(ENOTDIR, rename_as(&R, "/b", "/c/"));
  OK(rename_as(&R, "/d2/", "/d3/"));
  OK(rename_as(&R, "/d3", "/d3")); /* itself */
  /* two names of one file: nothing happens */
  OK(acs_memfs_link(fs, &R, NULL, "/b", NULL, "/b2", 0));
  OK(rename_as(&R, "/b", "/b2"));
  OK(st_as(&R, "/b", 0));
  OK(st_as(&R, "/b2", 0));
  cr_assert_eq(S("/b").nlink, 2);
  ERR(EEXIST, acs_memfs_rename(fs, &R, NULL, "/b", NULL, "/full", RENAME_NOREPLACE));
  OK(acs_memfs_rename(fs, &R, NULL, "/b", NULL, "/c", RENAME_NOREPLACE));
  ERR(EINVAL, acs_memfs_rename(fs, &R, NULL, "/c", NULL, "/e", 1u << 5));
  /* moving a directory between parents: link counts and ".." */
  cr_assert_eq(S("/full").nlink, 2);
  uint64_t root_links = S("/").nlink;
  OK(rename_as(&R, "/d3", "/full/d3"));
  cr_assert_eq(S("/full").nlink, 3);
  cr_assert_eq(S("/").nlink, root_links - 1);
  cr_assert_eq(S("/full/d3/..").ino, S("/full").ino);
  cr_assert_eq(S("/full/d3/sub/../..").ino, S("/full").ino);
  /* replacing a directory in another parent */
  OK(mkdir_as(&R, "/e", 0755));
  OK(mkdir_as(&R, "/e/d3", 0755));
  OK(rename_as(&R, "/full/d3", "/e/d3"));
  cr_assert_eq(S("/e").nlink, 3);
  cr_assert_eq(S("/full").nlink, 2);
  /* a symbolic link is renamed, not what it points at */
  OK(symlink_("/e", "/le"));
  OK(rename_as(&R, "/le", "/le2"));
  cr_assert(S_ISLNK(S("/le2").mode));
  acs_memfs_usage_get(fs, &u);
  /* root, full, full/x, c(=b2), e, e/d3, e/d3/sub, le2 */
  cr_assert_eq(u.inodes, 8);
}

Test(memfs, rename_keeps_open_files_and_cwds)
{
  OK(mkdir_as(&R, "/a", 0755));
  OK(put("/a/f", "one"));
  OK(put("/g", "two"));
  acs_memfs_file *f;
  OK(open_as(&R, "/g", O_RDONLY, &f));
  OK(rename_as(&R, "/a/f", "/g")); /* /g's inode now has no name */
  char buf[8];
  cr_assert_eq(acs_memfs_pread(fs, f, buf, 8, 0), 3);
  cr_assert_eq(memcmp(buf, "two", 3), 0);
  acs_memfs_close(fs, f);
  cr_assert_str_eq(get("/g"), "one");
}

/* ------------------------------------------------------------ permissions */

Test(memfs, permissions_by_user)
{
  OK(mkdir_as(&R, "/home", 0755));
  OK(mkdir_as(&R, "/home/agent", 0755));
  OK(chown_("/home/agent", 1000, 1000));
  OK(put_as(&U1, "/home/agent/mine", "m"));
  acs_memfs_stat st = S("/home/agent/mine");
  cr_assert_eq(st.uid, 1000);
  cr_assert_eq(st.gid, 1000);
  ERR(EACCES, put_as(&U1, "/rootfile", "x")); /* / is 0755 root */
  ERR(EACCES, put_as(&U2, "/home/agent/x", "x"));
  OK(put("/secret", "s"));
  OK(chmod_("/secret", 0600));
  int err;
  cr_assert_null(get_as(&U1, "/secret", &err));
  cr_assert_eq(err, -EACCES);
  cr_assert_str_eq(get_as(&R, "/secret", &err), "s"); /* root reads anything */
  /* group: 1002 is in group 1000 through its supplementary list */
  OK(put("/grp", "g"));
  OK(chown_("/grp", 0, 1000));
  OK(chmod_("/grp", 0640));
  cr_assert_not_null(get_as(&U1, "/grp", &err));
  cr_assert_not_null(get_as(&G1, "/grp", &err));
  cr_assert_null(get_as(&U2, "/grp", &err));
  cr_assert_eq(err, -EACCES);
  /* the owner class decides alone: owner with 0066 is refused */
  OK(put("/own", "o"));
  OK(chown_("/own", 1000, 1000));
  OK(chmod_("/own", 0066));
  cr_assert_null(get_as(&U1, "/own", &err));
  cr_assert_eq(err, -EACCES);
  cr_assert_not_null(get_as(&U2, "/own", &err));
  /* search permission on every directory walked */
  OK(mkdir_as(&R, "/locked", 0700));
  OK(put("/locked/f", "f"));
  OK(chmod_("/locked/f", 0644));
  ERR(EACCES, st_as(&U1, "/locked/f", 0));
  ERR(EACCES, st_as(&U1, "/locked/nothing", 0));
  OK(st_as(&U1, "/locked", 0));
  OK(chmod_("/locked", 0711)); /* search without read: names work */
  OK(st_as(&U1, "/locked/f", 0));
  acs_memfs_file *f;
  ERR(EACCES, open_as(&U1, "/locked", O_RDONLY, &f));
  OK(chmod_("/locked", 0744)); /* read without search: nothing inside */
  ERR(EACCES, st_as(&U1, "/locked/f", 0));
  OK(open_as(&U1, "/locked", O_RDONLY, &f));
  acs_memfs_close(fs, f);
  /* write and search on the parent to create and remove */
  OK(mkdir_as(&R, "/ro", 0777));
  OK(chmod_("/ro", 0777));
  OK(put_as(&U1, "/ro/f", ""));
  OK(chmod_("/ro", 0555));
  ERR(EACCES, put_as(&U1, "/ro/g", ""));
  ERR(EACCES, unlink_as(&U1, "/ro/f"));
  ERR(EACCES, mkdir_as(&U1, "/ro/d", 0755));
  ERR(EACCES, rename_as(&U1, "/ro/f", "/ro/g"));
  OK(chmod_("/ro", 0333)); /* write+search without read is enough */
  OK(unlink_as(&U1, "/ro/f"));
  OK(chmod_("/ro", 0666)); /* write without search is not */
  ERR(EACCES, put_as(&U1, "/ro/h", ""));
  OK(put_as(&R, "/ro/h", "")); /* root needs neither */
  /* O_TRUNC needs write */
  OK(put("/t", "keep"));
  OK(chmod_("/t", 0644));
  ERR(EACCES, open_as(&U1, "/t", O_RDONLY | O_TRUNC, &f));
  cr_assert_str_eq(get("/t"), "keep");
}

Test(memfs, root_and_execute)
{
  OK(put("/plain", ""));
  OK(chmod_("/plain", 0644));
  OK(put("/prog", ""));
  OK(chmod_("/prog", 0100));
  acs_memfs_inode *i;
  OK(acs_memfs_resolve(fs, &R, NULL, "/plain", 0, &i));
  ERR(EACCES, acs_memfs_permission(&R, i, X_OK));
  OK(acs_memfs_permission(&R, i, R_OK | W_OK));
  ERR(EACCES, acs_memfs_permission(&U1, i, X_OK));
  acs_memfs_inode_release(fs, i);
  OK(acs_memfs_resolve(fs, &R, NULL, "/prog", 0, &i));
  OK(acs_memfs_permission(&R, i, X_OK)); /* any x bit lets root execute */
  ERR(EACCES, acs_memfs_permission(&U1, i, X_OK));
  acs_memfs_inode_release(fs, i);
  ERR(EACCES, acs_memfs_access(fs, &R, NULL, "/plain", X_OK, 0));
  OK(acs_memfs_access(fs, &R, NULL, "/prog", X_OK, 0));
  OK(acs_memfs_mkdir(fs, &R, NULL, "/d", 0));
  OK(acs_memfs_access(fs, &R, NULL, "/d", R_OK | W_OK | X_OK, 0)); /* a 000 dir */
  OK(st_as(&R, "/d/../d", 0));
}

Test(memfs, access_uses_real_ids)
{
  OK(put("/secret", "s"));
  OK(chmod_("/secret", 0600));
  /* a setuid-root program run by 1000: it may read, its invoker may not */
  OK(acs_memfs_access(fs, &SU, NULL, "/secret", F_OK, 0));
  ERR(EACCES, acs_memfs_access(fs, &SU, NULL, "/secret", R_OK, 0));
  OK(acs_memfs_access(fs, &SU, NULL, "/secret", R_OK, AT_EACCESS));
  int err;
  cr_assert_not_null(get_as(&SU, "/secret", &err));
  /* the walk is checked with the real ids too */
  OK(mkdir_as(&R, "/hidden", 0700));
  OK(put("/hidden/f", ""));
  ERR(EACCES, acs_memfs_access(fs, &SU, NULL, "/hidden/f", F_OK, 0));
  OK(acs_memfs_access(fs, &SU, NULL, "/hidden/f", F_OK, AT_EACCESS));
  ERR(ENOENT, acs_memfs_access(fs, &U1, NULL, "/nope", F_OK, 0));
  ERR(EINVAL, acs_memfs_access(fs, &U1, NULL, "/secret", 8, 0));
  /* access W_OK by the owner of a 0444 file */
  OK(put_as(&R, "/ro", ""));
  OK(chown_("/ro", 1000, 1000));
  OK(chmod_("/ro", 0444));
  ERR(EACCES, acs_memfs_access(fs, &U1, NULL, "/ro", W_OK, 0));
  OK(acs_memfs_access(fs, &U1, NULL, "/ro", R_OK, 0));
}

Test(memfs, sticky_tmp)
{
  OK(mkdir_as(&R, "/tmp", 0777));
  OK(chmod_("/tmp", 01777));
  OK(put_as(&U1, "/tmp/a", "mine"));
  OK(put_as(&U1, "/tmp/b", "mine"));
  OK(mkdir_as(&U1, "/tmp/dir", 0777));
  /* another user may not remove or rename it, or replace it */
  ERR(EPERM, unlink_as(&U2, "/tmp/a"));
  ERR(EPERM, rename_as(&U2, "/tmp/a", "/tmp/c"));
  ERR(EPERM, acs_memfs_rmdir(fs, &U2, NULL, "/tmp/dir"));
  OK(put_as(&U2, "/tmp/u2", "theirs"));
  ERR(EPERM, rename_as(&U2, "/tmp/u2", "/tmp/a"));
  ERR(EPERM, rename_as(&U1, "/tmp/a", "/tmp/u2")); /* 1000 may not replace 1001's */
  /* the owner may, and root, and the directory's owner */
  OK(rename_as(&U1, "/tmp/a", "/tmp/a2"));
  OK(unlink_as(&U1, "/tmp/a2"));
  OK(unlink_as(&R, "/tmp/b"));
  OK(chown_("/tmp", 1001, 1001));
  OK(acs_memfs_rmdir(fs, &U2, NULL, "/tmp/dir"));
  /* writing someone's file is the file's mode, not the sticky bit */
  OK(put_as(&U1, "/tmp/shared", ""));
  OK(acs_memfs_chmod(fs, &U1, NULL, "/tmp/shared", 0666, 0));
  OK(put_as(&U2, "/tmp/shared", "written"));
  cr_assert_str_eq(get("/tmp/shared"), "written");
}

Test(memfs, umask_and_setgid)
{
  OK(mkdir_as(&R, "/w", 0777));
  OK(chmod_("/w", 0777));
  acs_memfs_cred c = U1;
  c.umask = 077;
  OK(put_as(&c, "/w/private", ""));
  cr_assert_eq(S("/w/private").mode & 07777, 0600);
  OK(mkdir_as(&c, "/w/pdir", 0777));
  cr_assert_eq(S("/w/pdir").mode & 07777, 0700);
  c.umask = 0;
  OK(mkdir_as(&c, "/w/sdir", 01777));
  cr_assert_eq(S("/w/sdir").mode & 07777, 01777);
  acs_memfs_file *f;
  OK(acs_memfs_open(fs, &c, NULL, "/w/suid", O_CREAT | O_WRONLY, 04755, &f));
  acs_memfs_close(fs, f);
  cr_assert_eq(S("/w/suid").mode & 07777, 04755);
  /* a setgid directory: its group passes down, setgid to subdirectories */
  OK(mkdir_as(&R, "/proj", 0777));
  OK(chown_("/proj", 0, 5000));
  OK(chmod_("/proj", 02777));
  OK(put_as(&U1, "/proj/f", ""));
  cr_assert_eq(S("/proj/f").gid, 5000);
  cr_assert_eq(S("/proj/f").uid, 1000);
  OK(mkdir_as(&U1, "/proj/sub", 0755));
  cr_assert_eq(S("/proj/sub").gid, 5000);
  cr_assert_eq(S("/proj/sub").mode & 07777, 02755);
  /* a non-member's setgid executable loses setgid */
  OK(acs_memfs_open(fs, &c, NULL, "/proj/sgid", O_CREAT | O_WRONLY, 02755, &f));
  acs_memfs_close(fs, f);
  cr_assert_eq(S("/proj/sgid").mode & 07777, 0755);
  OK(acs_memfs_open(fs, &R, NULL, "/proj/rsgid", O_CREAT | O_WRONLY, 02755, &f));
  acs_memfs_close(fs, f);
  cr_assert_eq(S("/proj/rsgid").mode & 07777, 02755);
  OK(acs_memfs_symlink(fs, &U1, "f", NULL, "/proj/l"));
  cr_assert_eq(S("/proj/l").gid, 5000);
  cr_assert_eq(S("/proj/l").mode & 07777, 0777);
}

Test(memfs, chmod_chown_rules)
{
  OK(put_as(&R, "/f", ""));
  OK(chown_("/f", 1000, 1000));
  ERR(EPERM, acs_memfs_chmod(fs, &U2, NULL, "/f", 0777, 0));
  OK(acs_memfs_chmod(fs, &U1, NULL, "/f", 0600, 0));
  cr_assert_eq(S("/f").mode & 07777, 0600);
  /* setgid for a group the owner is not in is dropped */
  OK(chown_("/f", 1000, 5000));
  OK(acs_memfs_chmod(fs, &U1, NULL, "/f", 02755, 0));
  cr_assert_eq(S("/f").mode & 07777, 0755);
  OK(chmod_("/f", 02755));
  cr_assert_eq(S("/f").mode & 07777, 02755);
  /* chown: only root gives files away */
  ERR(EPERM, acs_memfs_chown(fs, &U1, NULL, "/f", 1001, (uint32_t)-1, 0));
  OK(acs_memfs_chown(fs, &U1, NULL, "/f", 1000, (uint32_t)-1, 0)); /* to itself */
  OK(acs_memfs_chown(fs, &U1, NULL, "/f", (uint32_t)-1, 1000, 0)); /* its own group */
  cr_assert_eq(S("/f").gid, 1000);
  ERR(EPERM, acs_memfs_chown(fs, &U1, NULL, "/f", (uint32_t)-1, 1001, 0));
  ERR(EPERM, acs_memfs_chown(fs, &U2, NULL, "/f", (uint32_t)-1, 1001, 0));
  ERR(EPERM, acs_memfs_chown(fs, &U2, NULL, "/f", (uint32_t)-1, 1000, 0));
  OK(chown_("/f", 1001, 1001));
  cr_assert_eq(S("/f").uid, 1001);
  /* chown takes setuid away, and setgid with group execute */
  OK(chmod_("/f", 06755));
  OK(chown_("/f", 1000, (uint32_t)-1));
  cr_assert_eq(S("/f").mode & 07777, 0755);
  OK(chmod_("/f", 02745)); /* setgid without group execute stays for root */
  OK(chown_("/f", 1001, (uint32_t)-1));
  cr_assert_eq(S("/f").mode & 07777, 02745);
  OK(mkdir_as(&R, "/d", 0755));
  OK(chmod_("/d", 06755));
  OK(chown_("/d", 1000, 1000));
  cr_assert_eq(S("/d").mode & 07777, 06755); /* not on directories */
  /* links */
  OK(symlink_("/f", "/l"));
  ERR(EOPNOTSUPP, acs_memfs_chmod(fs, &R, NULL, "/l", 0700, AT_SYMLINK_NOFOLLOW));
  OK(acs_memfs_chown(fs, &R, NULL, "/l", 1000, 1000, AT_SYMLINK_NOFOLLOW));
  cr_assert_eq(S("/l").uid, 1000);
  cr_assert_eq(S("/f").uid, 1001);
  OK(acs_memfs_chmod(fs, &R, NULL, "/l", 0700, 0)); /* follows */
  cr_assert_eq(S("/f").mode & 07777, 0700);
  /* a write by someone else clears setuid */
  OK(chmod_("/f", 04777));
  acs_memfs_file *f;
  OK(open_as(&U2, "/f", O_WRONLY, &f));
  OK(acs_memfs_fchmod(fs, &U2, f, 04777)); /* the owner (1001) */
  cr_assert_eq(acs_memfs_write(fs, &U1, f, "x", 1), 1);
  cr_assert_eq(S("/f").mode & 07777, 0777);
  OK(acs_memfs_fchmod(fs, &U2, f, 04777));
  cr_assert_eq(acs_memfs_write(fs, &R, f, "x", 1), 1); /* not root's */
  cr_assert_eq(S("/f").mode & 07777, 04777);
  OK(acs_memfs_fchown(fs, &R, f, 0, 0));
  cr_assert_eq(S("/f").uid, 0);
  acs_memfs_close(fs, f);
}

Test(memfs, utimens_rules)
{
  OK(put("/f", ""));
  OK(chown_("/f", 1000, 1000));
  OK(chmod_("/f", 0666));
  struct timespec t[2] = {{100, 5}, {200, 7}};
  OK(acs_memfs_utimens(fs, &U1, NULL, "/f", t, 0));
  acs_memfs_stat st = S("/f");
  cr_assert(ts_eq(st.atime, t[0]));
  cr_assert(ts_eq(st.mtime, t[1]));
  cr_assert_gt(st.ctime.tv_sec, 1000);
  ERR(EPERM, acs_memfs_utimens(fs, &U2, NULL, "/f", t, 0));
  OK(acs_memfs_utimens(fs, &U2, NULL, "/f", NULL, 0)); /* "now" with write access */
  struct timespec nows[2] = {{0, UTIME_NOW}, {0, UTIME_NOW}};
  OK(acs_memfs_utimens(fs, &U2, NULL, "/f", nows, 0));
  struct timespec omit[2] = {{0, UTIME_OMIT}, {0, UTIME_NOW}};
  ERR(EPERM, acs_memfs_utimens(fs, &U2, NULL, "/f", omit, 0));
  OK(chmod_("/f", 0644));
  ERR(EACCES, acs_memfs_utimens(fs, &U2, NULL, "/f", NULL, 0));
  st = S("/f");
  OK(acs_memfs_utimens(fs, &U1, NULL, "/f", omit, 0));
  acs_memfs_stat st2 = S("/f");
  cr_assert(ts_eq(st.atime, st2.atime));
  cr_assert(!ts_eq(st.mtime, st2.mtime));
  cr_assert(ts_eq(st2.mtime, st2.ctime));
  struct timespec bad[2] = {{0, 1000000000L}, {0, 0}};
  ERR(EINVAL, acs_memfs_utimens(fs, &U1, NULL, "/f", bad, 0));
  ERR(EINVAL, acs_memfs_utimens(fs, &U1, NULL, "/f", NULL, 0x1000000));
  /* a link's own times */
  OK(symlink_("/f", "/l"));
  OK(acs_memfs_utimens(fs, &R, NULL, "/l", t, AT_SYMLINK_NOFOLLOW));
  cr_assert(ts_eq(S("/l").mtime, t[1]));
  cr_assert(!ts_eq(S("/f").mtime, t[1]));
}

/* -------------------------------------------------------------- timestamps */

/* Which of atime/mtime/ctime moved between two stats: "amc" letters. */
static const char *moved(acs_memfs_stat a, acs_memfs_stat b)
{
  static char s[4];
  s[0] = ts_eq(a.atime, b.atime) ? '-' : 'a';
  s[1] = ts_eq(a.mtime, b.mtime) ? '-' : 'm';
  s[2] = ts_eq(a.ctime, b.ctime) ? '-' : 'c';
  s[3] = '\0';
  return s;
}

Test(memfs, timestamps_as_linux)
{
  OK(mkdir_as(&R, "/d", 0755));
  OK(mkdir_as(&R, "/e", 0755));
  acs_memfs_stat d0 = S("/d"), d1, f0, f1, e0;
  /* create: the new inode's times are now; the directory's m and c */
  OK(put("/d/f", ""));
  d1 = S("/d");
  cr_assert_str_eq(moved(d0, d1), "-mc");
  f0 = S("/d/f");
  cr_assert(ts_eq(f0.btime, f0.ctime));
  /* write: m and c */
  acs_memfs_file *f;
  OK(open_as(&R, "/d/f", O_RDWR, &f));
  cr_assert_eq(acs_memfs_write(fs, &R, f, "abc", 3), 3);
  f1 = S("/d/f");
  cr_assert_str_eq(moved(f0, f1), "-mc");
  cr_assert(ts_eq(f1.mtime, f1.ctime));
  /* read: a, once (relatime) */
  char buf[4];
  cr_assert_eq(acs_memfs_pread(fs, f, buf, 4, 0), 3);
  f0 = S("/d/f");
  cr_assert_str_eq(moved(f1, f0), "a--");
  cr_assert_eq(acs_memfs_pread(fs, f, buf, 4, 0), 3);
  f1 = S("/d/f");
  cr_assert_str_eq(moved(f0, f1), "---");
  /* a zero-byte write changes nothing */
  cr_assert_eq(acs_memfs_write(fs, &R, f, "", 0), 0);
  cr_assert_str_eq(moved(f1, S("/d/f")), "---");
  /* chmod, chown: c */
  OK(chmod_("/d/f", 0600));
  f0 = S("/d/f");
  cr_assert_str_eq(moved(f1, f0), "--c");
  OK(chown_("/d/f", 1, 1));
  f1 = S("/d/f");
  cr_assert_str_eq(moved(f0, f1), "--c");
  /* link: the file's c, the directory's m and c */
  d0 = S("/d");
  OK(acs_memfs_link(fs, &R, NULL, "/d/f", NULL, "/d/g", 0));
  cr_assert_str_eq(moved(f1, f0 = S("/d/f")), "--c");
  cr_assert_str_eq(moved(d0, d1 = S("/d")), "-mc");
  /* unlink: the same */
  OK(unlink_as(&R, "/d/g"));
  cr_assert_str_eq(moved(f0, f1 = S("/d/f")), "--c");
  cr_assert_str_eq(moved(d1, d0 = S("/d")), "-mc");
  /* rename between directories: both parents' m and c, the inode's c */
  e0 = S("/e");
  OK(rename_as(&R, "/d/f", "/e/f"));
  cr_assert_str_eq(moved(d0, S("/d")), "-mc");
  cr_assert_str_eq(moved(e0, S("/e")), "-mc");
  cr_assert_str_eq(moved(f1, f0 = S("/e/f")), "--c");
  /* truncate: m and c, even to the same size (tmpfs does) */
  OK(acs_memfs_ftruncate(fs, &R, f, 1));
  cr_assert_str_eq(moved(f0, f1 = S("/e/f")), "-mc");
  OK(acs_memfs_ftruncate(fs, &R, f, 1));
  cr_assert_str_eq(moved(f1, f0 = S("/e/f")), "-mc");
  acs_memfs_close(fs, f);
  /* O_TRUNC: m and c even when already empty */
  OK(acs_memfs_truncate(fs, &R, NULL, "/e/f", 0));
  f0 = S("/e/f");
  OK(open_as(&R, "/e/f", O_WRONLY | O_TRUNC, &f));
  acs_memfs_close(fs, f);
  cr_assert_str_eq(moved(f0, S("/e/f")), "-mc");
  /* readdir: the directory's a */
  e0 = S("/e");
  OK(open_as(&R, "/e", O_RDONLY, &f));
  cr_assert_gt(acs_memfs_readdir(fs, f, count_entries, &(int){0}), 0);
  acs_memfs_close(fs, f);
  cr_assert_str_eq(moved(e0, S("/e")), "a--");
  /* nanoseconds come from the caller's clock */
  cr_assert_eq(S("/e").atime.tv_sec, 1700000000);
  cr_assert_eq(S("/e").atime.tv_nsec % 1000, 0);
  cr_assert_gt(S("/e").atime.tv_nsec, 0);
}

/* ------------------------------------------------------------------- limits */

Test(memfs, byte_cap)
{
  acs_memfs_free(fs);
  make_fs(1 << 20, 0);
  acs_memfs_file *f;
  OK(open_as(&R, "/fill", O_CREAT | O_RDWR, &f));
  static char chunk[300000];
  memset(chunk, 'f', sizeof chunk);
  ssize_t total = 0, n;
  while ((n = acs_memfs_write(fs, &R, f, chunk, sizeof chunk)) > 0) total += n;
  cr_assert_eq(n, -ENOSPC);
  cr_assert_gt(total, 900000);
  cr_assert_lt(total, 1 << 20);
  acs_memfs_usage u;
  acs_memfs_usage_get(fs, &u);
  cr_assert_leq(u.bytes, 1 << 20);
  cr_assert_eq(S("/fill").size, (uint64_t)total);
  /* what was written is all there */
  static char back[1 << 20];
  cr_assert_eq(acs_memfs_pread(fs, f, back, sizeof back, 0), total);
  for (ssize_t i = 0; i < total; i++) cr_assert_eq(back[i], 'f');
  /* new names and inodes fail cleanly too, and take nothing with them */
  char name[32];
  int made = 0, rc = 0;
  for (int i = 0; i < 1000 && rc == 0; i++) {
    snprintf(name, sizeof name, "/small%d", i);
    if ((rc = put(name, "0123456789")) == 0) made++;
  }
  cr_assert_eq(rc, -ENOSPC);
  for (int i = 0; i < made; i++) {
    snprintf(name, sizeof name, "/small%d", i);
    cr_assert_str_eq(get(name), "0123456789");
  }
  ERR(ENOSPC, mkdir_as(&R, "/dir-that-does-not-fit-anywhere-at-all", 0755));
  ERR(ENOSPC, symlink_("/a/long/target/that/does/not/fit", "/lnk-that-does-not-fit-anywhere"));
  acs_memfs_usage_get(fs, &u);
  cr_assert_leq(u.bytes, 1 << 20);
  cr_assert_eq(acs_memfs_pread(fs, f, back, sizeof back, 0), total);
  for (ssize_t i = 0; i < total; i++) cr_assert_eq(back[i], 'f');
  acs_memfs_statfs sf;
  acs_memfs_statfs_get(fs, &sf);
  cr_assert_eq(sf.blocks, (1 << 20) / ACS_MEMFS_PAGE);
  cr_assert_leq(sf.bfree, 1);
  /* freeing makes room again */
  OK(acs_memfs_ftruncate(fs, &R, f, 0));
  acs_memfs_close(fs, f);
  OK(put("/other", "fits now"));
  cr_assert_str_eq(get("/other"), "fits now");
  OK(mkdir_as(&R, "/dir-that-does-not-fit-anywhere-at-all", 0755));
}

Test(memfs, inode_cap)
{
  acs_memfs_free(fs);
  make_fs(0, 10);
  char name[16];
  int made = 0, rc = 0;
  for (int i = 0; i < 20 && rc == 0; i++) {
    snprintf(name, sizeof name, "/f%d", i);
    if ((rc = put(name, "x")) == 0) made++;
  }
  cr_assert_eq(rc, -ENOSPC);
  cr_assert_eq(made, 9); /* and the root */
  ERR(ENOSPC, mkdir_as(&R, "/d", 0755));
  ERR(ENOSPC, symlink_("x", "/s"));
  ERR(ENOSPC, acs_memfs_mknod(fs, &R, NULL, "/p", S_IFIFO | 0600, 0));
  OK(acs_memfs_link(fs, &R, NULL, "/f0", NULL, "/hard", 0)); /* no new inode */
  acs_memfs_usage u;
  acs_memfs_usage_get(fs, &u);
  cr_assert_eq(u.inodes, 10);
  acs_memfs_statfs sf;
  acs_memfs_statfs_get(fs, &sf);
  cr_assert_eq(sf.files, 10);
  cr_assert_eq(sf.ffree, 0);
  for (int i = 0; i < 9; i++) {
    snprintf(name, sizeof name, "/f%d", i);
    cr_assert_str_eq(get(name), "x");
  }
  OK(unlink_as(&R, "/f1"));
  OK(mkdir_as(&R, "/d", 0755));
}

/* ------------------------------------------------------------------ mounts */

Test(memfs, mount_points)
{
  OK(mkdir_as(&R, "/mnt", 0755));
  OK(mkdir_as(&R, "/mnt/host", 0755));
  OK(put("/mnt/host/shadowed", ""));
  OK(mkdir_as(&R, "/etc", 0755));
  acs_memfs_inode *m;
  OK(acs_memfs_resolve(fs, &R, NULL, "/mnt/host", 0, &m));
  OK(acs_memfs_mount(fs, m, 7));
  ERR(EBUSY, acs_memfs_mount(fs, m, 8));
  ERR(EINVAL, acs_memfs_mount(fs, acs_memfs_root(fs), 8));
  const acs_memfs_cross *x = acs_memfs_crossing(fs);
  cr_assert_eq(st_as(&R, "/mnt/host/a/b/", 0), ACS_MEMFS_CROSSED);
  cr_assert_eq(x->mount, 7);
  cr_assert_str_eq(x->path, "a/b/");
  cr_assert_null(x->path2);
  cr_assert_eq(st_as(&R, "/mnt/host", 0), ACS_MEMFS_CROSSED);
  cr_assert_str_eq(x->path, "");
  cr_assert_eq(st_as(&R, "/mnt/host", AT_SYMLINK_NOFOLLOW), ACS_MEMFS_CROSSED);
  cr_assert_eq(st_as(&R, "/mnt/./host/../host/shadowed", 0), ACS_MEMFS_CROSSED);
  cr_assert_str_eq(x->path, "../host/shadowed"); /* the backend's ".." */
  /* through links, the rest is what is left of both */
  OK(symlink_("/mnt/host/sub", "/l"));
  acs_memfs_file *f;
  cr_assert_eq(open_as(&R, "/l/file", O_RDONLY, &f), ACS_MEMFS_CROSSED);
  cr_assert_str_eq(x->path, "sub/file");
  cr_assert_eq(open_as(&R, "/l", O_CREAT | O_WRONLY, &f), ACS_MEMFS_CROSSED);
  cr_assert_str_eq(x->path, "sub");
  /* what changes names: EXDEV across, the backend's within, EBUSY on it */
  OK(put("/f", ""));
  ERR(EXDEV, rename_as(&R, "/f", "/mnt/host/f"));
  ERR(EXDEV, rename_as(&R, "/mnt/host/f", "/f"));
  ERR(EXDEV, acs_memfs_link(fs, &R, NULL, "/f", NULL, "/mnt/host/f", 0));
  cr_assert_eq(rename_as(&R, "/mnt/host/a", "/l/b"), ACS_MEMFS_CROSSED);
  cr_assert_eq(x->mount, 7);
  cr_assert_str_eq(x->path, "a");
  cr_assert_str_eq(x->path2, "sub/b");
  ERR(EBUSY, acs_memfs_rmdir(fs, &R, NULL, "/mnt/host"));
  ERR(EBUSY, rename_as(&R, "/mnt/host", "/mnt/h2"));
  ERR(EEXIST, mkdir_as(&R, "/mnt/host", 0755));
  ERR(EISDIR, unlink_as(&R, "/mnt/host"));
  ERR(ENOTEMPTY, acs_memfs_rmdir(fs, &R, NULL, "/mnt"));
  cr_assert_eq(mkdir_as(&R, "/mnt/host/new", 0755), ACS_MEMFS_CROSSED);
  cr_assert_eq(acs_memfs_unlink(fs, &R, NULL, "/mnt/host/x"), ACS_MEMFS_CROSSED);
  acs_memfs_inode *cwd;
  cr_assert_eq(acs_memfs_chdir(fs, &R, NULL, "/mnt/host/x", &cwd), ACS_MEMFS_CROSSED);
  char *rp;
  cr_assert_eq(acs_memfs_realpath(fs, &R, NULL, "/l/../file/", &rp), ACS_MEMFS_CROSSED);
  cr_assert_str_eq(x->path, "sub/../file/"); /* what is left is the backend's */
  cr_assert_eq(acs_memfs_link(fs, &R, NULL, "/mnt/host/a", NULL, "/mnt/host/b", 0),
               ACS_MEMFS_CROSSED);
  cr_assert_str_eq(x->path2, "b");
  acs_memfs_inode *fi;
  OK(acs_memfs_resolve(fs, &R, NULL, "/f", 0, &fi));
  ERR(ENOTDIR, acs_memfs_mount(fs, fi, 3));
  acs_memfs_inode_release(fs, fi);
  /* a second mount: EXDEV between the two */
  OK(mkdir_as(&R, "/mnt/two", 0755));
  acs_memfs_inode *m2;
  OK(acs_memfs_resolve(fs, &R, NULL, "/mnt/two", 0, &m2));
  OK(acs_memfs_mount(fs, m2, 9));
  ERR(EXDEV, rename_as(&R, "/mnt/host/a", "/mnt/two/a"));
  /* climbing out of a mount: ".." from the mount point */
  acs_memfs_stat st;
  OK(acs_memfs_fstatat(fs, &R, m, "../../etc", 0, &st));
  cr_assert_eq(st.ino, S("/etc").ino);
  /* unmounted, the memfs directory is back */
  OK(acs_memfs_umount(fs, m));
  ERR(EINVAL, acs_memfs_umount(fs, m));
  OK(st_as(&R, "/mnt/host/shadowed", 0));
  acs_memfs_inode_release(fs, m);
  acs_memfs_inode_release(fs, m2); /* still mounted: freed with the fs */
}

/* -------------------------------------------------------------- the rest */

Test(memfs, devices_and_fifos)
{
  OK(mkdir_as(&R, "/tmp", 0777));
  OK(chmod_("/tmp", 0777));
  ERR(EACCES, acs_memfs_mknod(fs, &U1, NULL, "/null", S_IFCHR | 0666, ACS_MEMFS_DEV_NULL));
  ERR(EPERM, acs_memfs_mknod(fs, &U1, NULL, "/tmp/null", S_IFCHR | 0666, ACS_MEMFS_DEV_NULL));
  ERR(EPERM, acs_memfs_mknod(fs, &U1, NULL, "/tmp/blk", S_IFBLK | 0666, 0x801));
  OK(acs_memfs_mknod(fs, &R, NULL, "/null", S_IFCHR | 0666, ACS_MEMFS_DEV_NULL));
  OK(acs_memfs_mknod(fs, &R, NULL, "/zero", S_IFCHR | 0666, ACS_MEMFS_DEV_ZERO));
  acs_memfs_stat st = S("/null");
  cr_assert(S_ISCHR(st.mode));
  cr_assert_eq(st.mode & 07777, 0644); /* umask */
  cr_assert_eq(st.rdev, ACS_MEMFS_DEV_NULL);
  OK(acs_memfs_mknod(fs, &U1, NULL, "/tmp/fifo", S_IFIFO | 0600, 0));
  cr_assert(S_ISFIFO(S("/tmp/fifo").mode));
  cr_assert_eq(S("/tmp/fifo").uid, 1000);
  OK(acs_memfs_mknod(fs, &U1, NULL, "/tmp/reg", 0600, 0));
  cr_assert(S_ISREG(S("/tmp/reg").mode));
  acs_memfs_file *f;
  ERR(EACCES, open_as(&U2, "/tmp/fifo", O_RDONLY, &f));
  OK(open_as(&U1, "/tmp/fifo", O_RDONLY | O_NONBLOCK, &f));
  cr_assert(acs_memfs_file_flags(f) & O_NONBLOCK);
  char c;
  ERR(EINVAL, acs_memfs_read(fs, f, &c, 1)); /* the kernel serves fifos */
  ERR(ESPIPE, acs_memfs_lseek(fs, f, 0, SEEK_SET));
  ERR(ESPIPE, acs_memfs_pread(fs, f, &c, 1, 0));
  acs_memfs_close(fs, f);
  OK(chmod_("/null", 0666));
  OK(open_as(&U1, "/null", O_WRONLY | O_TRUNC, &f));
  cr_assert_eq(acs_memfs_file_inode(f), acs_memfs_file_inode(f));
  acs_memfs_inode_stat(acs_memfs_file_inode(f), &st);
  cr_assert_eq(st.rdev, ACS_MEMFS_DEV_NULL);
  acs_memfs_close(fs, f);
  OK(acs_memfs_mknod(fs, &U1, NULL, "/tmp/sock", S_IFSOCK | 0600, 0));
  ERR(ENXIO, open_as(&U1, "/tmp/sock", O_RDONLY, &f));
}

Test(memfs, protected_links)
{
  acs_memfs_free(fs);
  clk.tv_sec = 1700000000;
  acs_memfs_options o = {.version = ACS_MEMFS_OPTIONS_VERSION, .clock = tick,
                         .protected_hardlinks = true, .protected_symlinks = true};
  OK(acs_memfs_new(&o, &fs));
  OK(mkdir_as(&R, "/tmp", 0777));
  OK(chmod_("/tmp", 01777));
  OK(put("/secret", "s"));
  OK(chmod_("/secret", 0600));
  OK(put("/public", "p"));
  OK(chmod_("/public", 0666));
  ERR(EPERM, acs_memfs_link(fs, &U1, NULL, "/secret", NULL, "/tmp/s", 0));
  OK(acs_memfs_link(fs, &U1, NULL, "/public", NULL, "/tmp/p", 0));
  OK(acs_memfs_link(fs, &R, NULL, "/secret", NULL, "/tmp/rs", 0));
  /* 1000's link in /tmp is not followed by 1001, nor by root */
  OK(acs_memfs_symlink(fs, &U1, "/public", NULL, "/tmp/l"));
  OK(st_as(&U1, "/tmp/l", 0));
  ERR(EACCES, st_as(&U2, "/tmp/l", 0));
  ERR(EACCES, st_as(&R, "/tmp/l", 0));
  OK(st_as(&U2, "/tmp/l", AT_SYMLINK_NOFOLLOW));
  OK(acs_memfs_symlink(fs, &R, "/public", NULL, "/tmp/rootl")); /* the dir's owner's */
  OK(st_as(&U2, "/tmp/rootl", 0));
}

Test(memfs, protected_regular_and_fifos)
{
  acs_memfs_free(fs);
  acs_memfs_options o = {.version = ACS_MEMFS_OPTIONS_VERSION, .clock = tick,
                         .protected_regular = 2, .protected_fifos = 1};
  OK(acs_memfs_new(&o, &fs));
  OK(mkdir_as(&R, "/tmp", 0777));
  OK(chmod_("/tmp", 01777));
  OK(mkdir_as(&R, "/grp", 0777));
  OK(chown_("/grp", 0, 1000));
  OK(chmod_("/grp", 01770));
  OK(put_as(&U1, "/tmp/planted", "x"));
  OK(acs_memfs_chmod(fs, &U1, NULL, "/tmp/planted", 0666, 0));
  OK(acs_memfs_mknod(fs, &U1, NULL, "/tmp/fifo", S_IFIFO | 0666, 0));
  OK(acs_memfs_chmod(fs, &U1, NULL, "/tmp/fifo", 0666, 0));
  acs_memfs_file *f;
  /* O_CREAT of someone else's file in /tmp: refused, root included */
  ERR(EACCES, open_as(&U2, "/tmp/planted", O_WRONLY | O_CREAT, &f));
  ERR(EACCES, open_as(&R, "/tmp/planted", O_WRONLY | O_CREAT, &f));
  ERR(EACCES, open_as(&R, "/tmp/fifo", O_WRONLY | O_CREAT | O_NONBLOCK, &f));
  OK(open_as(&U2, "/tmp/planted", O_WRONLY, &f)); /* without O_CREAT: the mode decides */
  acs_memfs_close(fs, f);
  OK(open_as(&U1, "/tmp/planted", O_WRONLY | O_CREAT, &f)); /* its owner */
  acs_memfs_close(fs, f);
  /* a group-writable sticky directory: regular files at level 2, fifos not at 1 */
  OK(put_as(&U1, "/grp/planted", "x"));
  OK(acs_memfs_chmod(fs, &U1, NULL, "/grp/planted", 0666, 0));
  OK(acs_memfs_mknod(fs, &U1, NULL, "/grp/fifo", S_IFIFO | 0666, 0));
  OK(acs_memfs_chmod(fs, &U1, NULL, "/grp/fifo", 0666, 0));
  ERR(EACCES, open_as(&G1, "/grp/planted", O_WRONLY | O_CREAT, &f));
  OK(open_as(&G1, "/grp/fifo", O_WRONLY | O_CREAT, &f));
  acs_memfs_close(fs, f);
  /* the directory's owner's files are fine */
  OK(put_as(&R, "/tmp/roots", "r"));
  OK(chmod_("/tmp/roots", 0666));
  OK(open_as(&U2, "/tmp/roots", O_WRONLY | O_CREAT, &f));
  acs_memfs_close(fs, f);
}

Test(memfs, noatime_is_the_owners)
{
  OK(put("/f", "x"));
  OK(chmod_("/f", 0644));
  acs_memfs_file *f;
  ERR(EPERM, open_as(&U1, "/f", O_RDONLY | O_NOATIME, &f));
  OK(open_as(&R, "/f", O_RDONLY | O_NOATIME, &f));
  acs_memfs_stat a = S("/f");
  char c;
  cr_assert_eq(acs_memfs_read(fs, f, &c, 1), 1);
  cr_assert(ts_eq(a.atime, S("/f").atime));
  acs_memfs_close(fs, f);
}

Test(memfs, free_with_everything_open)
{
  /* ASan's leak check is the assertion here */
  OK(mkdir_as(&R, "/d", 0755));
  OK(put("/d/f", "x"));
  acs_memfs_file *f, *g;
  OK(open_as(&R, "/d/f", O_RDWR, &f));
  OK(open_as(&R, "/d", O_RDONLY, &g));
  acs_memfs_file_hold(f);
  acs_memfs_inode *cwd;
  OK(acs_memfs_chdir(fs, &R, NULL, "/d", &cwd));
  OK(unlink_as(&R, "/d/f"));
  OK(acs_memfs_rmdir(fs, &R, NULL, "/d"));
  OK(acs_memfs_symlink(fs, &R, "target", NULL, "/link"));
  acs_memfs_free(fs);
  fs = NULL;
  acs_memfs_free(NULL);
}

Test(memfs, options)
{
  acs_memfs *other;
  acs_memfs_options o = {.version = 99};
  ERR(EINVAL, acs_memfs_new(&o, &other));
  cr_assert_null(other);
  OK(acs_memfs_new(NULL, &other));
  acs_memfs_stat st;
  acs_memfs_inode_stat(acs_memfs_root(other), &st);
  cr_assert_eq(st.mode & 07777, 0755);
  cr_assert_gt(st.mtime.tv_sec, 1600000000); /* the real clock */
  acs_memfs_free(other);
  o = (acs_memfs_options){.version = ACS_MEMFS_OPTIONS_VERSION, .root_uid = 1000,
                          .root_gid = 1000, .root_mode = 0700};
  OK(acs_memfs_new(&o, &other));
  acs_memfs_inode_stat(acs_memfs_root(other), &st);
  cr_assert_eq(st.mode & 07777, 0700);
  cr_assert_eq(st.uid, 1000);
  acs_memfs_free(other);
}

/* Figures for the report: µs per operation, printed, bounded loosely. */
Test(memfs, speed)
{
  const int N = 10000;
  char name[32], buf[64];
  OK(mkdir_as(&R, "/w", 0755));
  acs_memfs_inode *w;
  OK(acs_memfs_chdir(fs, &R, NULL, "/w", &w));
  double t0 = now_s();
  for (int i = 0; i < N; i++) {
    snprintf(name, sizeof name, "f%d.txt", i);
    acs_memfs_file *f;
    OK(acs_memfs_open(fs, &R, w, name, O_CREAT | O_WRONLY | O_TRUNC, 0644, &f));
    cr_assert_eq(acs_memfs_write(fs, &R, f, "hello, world\n", 13), 13);
    acs_memfs_close(fs, f);
  }
  double t1 = now_s();
  for (int i = 0; i < N; i++) {
    snprintf(name, sizeof name, "f%d.txt", i);
    acs_memfs_file *f;
    OK(acs_memfs_open(fs, &R, w, name, O_RDONLY, 0, &f));
    cr_assert_eq(acs_memfs_read(fs, f, buf, sizeof buf), 13);
    acs_memfs_close(fs, f);
  }
  double t2 = now_s();
  acs_memfs_stat st;
  for (int i = 0; i < N; i++) OK(acs_memfs_fstatat(fs, &U1, NULL, "/w/f5000.txt", 0, &st));
  double t3 = now_s();
  acs_memfs_file *d;
  OK(acs_memfs_open(fs, &R, w, ".", O_RDONLY, 0, &d));
  int n = 0;
  while (acs_memfs_readdir(fs, d, count_entries, &n) > 0) {
  }
  acs_memfs_close(fs, d);
  double t4 = now_s();
  /* 100 MB written and read back in 1 MB calls */
  const size_t MB = 1 << 20;
  char *big = malloc(MB);
  memset(big, 'b', MB);
  acs_memfs_file *f;
  OK(acs_memfs_open(fs, &R, w, "big", O_CREAT | O_RDWR, 0644, &f));
  double t5 = now_s();
  for (int i = 0; i < 100; i++) cr_assert_eq(acs_memfs_write(fs, &R, f, big, MB), (ssize_t)MB);
  double t6 = now_s();
  for (int i = 0; i < 100; i++) cr_assert_eq(acs_memfs_pread(fs, f, big, MB, (int64_t)i * MB), (ssize_t)MB);
  double t7 = now_s();
  acs_memfs_close(fs, f);
  free(big);
  acs_memfs_inode_release(fs, w);
  cr_log_info("10k small files: create+write %.2f us, open+read %.2f us, stat of a 2-level path "
              "%.3f us, readdir %.3f us/entry; 100 MB write %.0f ms (%.0f MB/s), read %.0f ms "
              "(%.0f MB/s)",
              (t1 - t0) / N * 1e6, (t2 - t1) / N * 1e6, (t3 - t2) / N * 1e6, (t4 - t3) / n * 1e6,
              (t6 - t5) * 1e3, 100 / (t6 - t5), (t7 - t6) * 1e3, 100 / (t7 - t6));
  fprintf(stderr,
          "memfs speed: 10k small files: create+write %.2f us, open+read %.2f us; stat %.3f us; "
          "readdir %.3f us/entry; 100 MB write %.0f ms, read %.0f ms\n",
          (t1 - t0) / N * 1e6, (t2 - t1) / N * 1e6, (t3 - t2) / N * 1e6, (t4 - t3) / n * 1e6,
          (t6 - t5) * 1e3, (t7 - t6) * 1e3);
  cr_assert_lt(t4 - t0, 5.0);
}

/* acs_memfs_borrow: a file whose bytes are the caller's (the box's Python,
** mapped from the host) reads them, is not charged for them, and copies
** them on its first change, so the lender's memory is never written (a
** read-only mapping would fault). */
Test(memfs, borrowed_content)
{
  static const char lent[] = "borrowed bytes, never written";
  size_t n = sizeof lent - 1;
  acs_memfs_file *f = NULL;
  acs_memfs_usage u0, u1;
  acs_memfs_usage_get(fs, &u0);
  cr_assert_eq(acs_memfs_open(fs, &R, NULL, "/b", O_CREAT | O_WRONLY, 0644, &f), 0);
  cr_assert_eq(acs_memfs_borrow(fs, f, lent, n), 0);
  cr_assert_eq(acs_memfs_borrow(fs, f, lent, n), -EBUSY);
  acs_memfs_close(fs, f);
  static char big[1 << 20];
  cr_assert_eq(acs_memfs_open(fs, &R, NULL, "/big", O_CREAT | O_WRONLY, 0644, &f), 0);
  cr_assert_eq(acs_memfs_borrow(fs, f, big, sizeof big), 0);
  acs_memfs_close(fs, f);
  acs_memfs_usage_get(fs, &u1);
  cr_assert_lt(u1.bytes - u0.bytes, 4096, "lent bytes are not charged");
  cr_assert_eq(u1.data_bytes, u0.data_bytes);
  cr_assert_eq(S("/big").size, sizeof big);
  cr_assert_str_eq(get("/b"), lent);
  cr_assert_eq(S("/b").size, n);
  /* read-only opens cannot lend */
  cr_assert_eq(open_as(&R, "/b", O_RDONLY, &f), 0);
  cr_assert_eq(acs_memfs_borrow(fs, f, lent, n), -EBADF);
  char buf[8];
  cr_assert_eq(acs_memfs_pread(fs, f, buf, 4, 9), 4);
  cr_assert_eq(memcmp(buf, "byte", 4), 0);
  cr_assert_eq(acs_memfs_lseek(fs, f, 0, SEEK_HOLE), (int64_t)n);
  acs_memfs_close(fs, f);
  /* a write in the middle copies, the rest stays */
  acs_memfs_file *w = NULL;
  cr_assert_eq(open_as(&R, "/b", O_WRONLY, &w), 0);
  cr_assert_eq(acs_memfs_pwrite(fs, &R, w, "BORROWED", 8, 0), 8);
  acs_memfs_close(fs, w);
  cr_assert_str_eq(get("/b"), "BORROWED bytes, never written");
  cr_assert_str_eq(lent, "borrowed bytes, never written");
  /* truncate of another lent file keeps its head, zeros past it on growth */
  cr_assert_eq(acs_memfs_open(fs, &R, NULL, "/c", O_CREAT | O_WRONLY, 0644, &f), 0);
  cr_assert_eq(acs_memfs_borrow(fs, f, lent, n), 0);
  cr_assert_eq(acs_memfs_ftruncate(fs, &R, f, 8), 0);
  cr_assert_eq(acs_memfs_ftruncate(fs, &R, f, 10), 0);
  acs_memfs_close(fs, f);
  cr_assert_eq(S("/c").size, 10);
  cr_assert_eq(memcmp(get("/c"), "borrowed\0\0", 10), 0);
  cr_assert_str_eq(lent, "borrowed bytes, never written");
  /* O_TRUNC and unlink drop a lent content without touching it */
  cr_assert_eq(acs_memfs_open(fs, &R, NULL, "/d", O_CREAT | O_WRONLY, 0644, &f), 0);
  cr_assert_eq(acs_memfs_borrow(fs, f, lent, n), 0);
  acs_memfs_close(fs, f);
  cr_assert_eq(put("/d", "new"), 0);
  cr_assert_str_eq(get("/d"), "new");
  cr_assert_eq(unlink_as(&R, "/d"), 0);
  cr_assert_eq(acs_memfs_mkdir(fs, &R, NULL, "/dir", 0755), 0);
  cr_assert_eq(open_as(&R, "/dir", O_RDONLY, &f), 0);
  cr_assert_eq(acs_memfs_borrow(fs, f, lent, n), -EBADF);
  acs_memfs_close(fs, f);
}

static long rss_mb(void)
{
  long size = 0, res = 0;
  FILE *f = fopen("/proc/self/statm", "r");
  if (f) {
    if (fscanf(f, "%ld %ld", &size, &res) != 2) res = 0;
    fclose(f);
  }
  return res * sysconf(_SC_PAGESIZE) / (1 << 20);
}

/* Whole pages come from chunks that are reused and given back: a reused
** page reads as zeros wherever the file has no bytes of its own, and
** the memory of a removed file goes back to the host. */
Test(memfs, page_chunks_reused_and_returned)
{
  acs_memfs_file *f = NULL;
  size_t big = 64u << 20;
  unsigned char *chunk = malloc(100000);
  cr_assert(chunk);
  memset(chunk, 0xab, 100000);
  long before = rss_mb();
  cr_assert_eq(open_as(&R, "/big", O_CREAT | O_WRONLY, &f), 0);
  for (size_t at = 0; at < big; at += 100000)
    cr_assert_eq(acs_memfs_write(fs, &R, f, chunk, big - at < 100000 ? big - at : 100000),
                 (ssize_t)(big - at < 100000 ? big - at : 100000));
  acs_memfs_close(fs, f);
  long full = rss_mb();
  cr_assert_geq(full - before, 60, "64 MB written: %ld MB more resident", full - before);
  cr_assert_eq(unlink_as(&R, "/big"), 0);
  cr_assert_leq(rss_mb() - before, 8, "removed: %ld MB still resident", rss_mb() - before);
  /* a page that grows from a part to a whole one, in memory another file
  ** just used: zeros between and past the writes */
  cr_assert_eq(open_as(&R, "/keep", O_CREAT | O_WRONLY, &f), 0); /* keeps the chunk mapped */
  cr_assert_eq(acs_memfs_write(fs, &R, f, chunk, 4096), 4096);
  acs_memfs_close(fs, f);
  cr_assert_eq(open_as(&R, "/dirty", O_CREAT | O_WRONLY, &f), 0);
  for (int i = 0; i < 64; i++) cr_assert_eq(acs_memfs_write(fs, &R, f, chunk, 4096), 4096);
  acs_memfs_close(fs, f);
  cr_assert_eq(unlink_as(&R, "/dirty"), 0);
  cr_assert_eq(open_as(&R, "/part", O_CREAT | O_RDWR, &f), 0);
  cr_assert_eq(acs_memfs_pwrite(fs, &R, f, chunk, 2100, 0), 2100);
  cr_assert_eq(acs_memfs_pwrite(fs, &R, f, chunk, 100, 3000), 100);
  cr_assert_eq(acs_memfs_ftruncate(fs, &R, f, 4096), 0);
  unsigned char back[4096];
  cr_assert_eq(acs_memfs_pread(fs, f, back, sizeof back, 0), 4096);
  acs_memfs_close(fs, f);
  for (int i = 0; i < 4096; i++) {
    unsigned char want = i < 2100 || (i >= 3000 && i < 3100) ? 0xab : 0;
    cr_assert_eq(back[i], want, "byte %d is %#x, want %#x", i, back[i], want);
  }
  free(chunk);
}
