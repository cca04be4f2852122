/* vfs.c - the confined host mounts, attacked. Each escape attempt must fail
** cleanly and leave the outside untouched. */
#include "vfs/vfs.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char T[256], W[300], R[300], O[300], NESTED[320];
static acs__vfs *v;

static void put(const char *path, const char *text)
{
  FILE *f = fopen(path, "w");
  cr_assert(f, "fixture %s", path);
  fputs(text, f);
  fclose(f);
}

static void P(char *out, const char *a, const char *b) { snprintf(out, 512, "%s/%s", a, b); }

static void setup(void)
{
  strcpy(T, "/tmp/acs-vfs-XXXXXX");
  cr_assert(mkdtemp(T));
  snprintf(W, sizeof W, "%s/w", T);
  snprintf(R, sizeof R, "%s/r", T);
  snprintf(O, sizeof O, "%s/o", T);
  snprintf(NESTED, sizeof NESTED, "%s/w/ro", T);
  mkdir(W, 0755), mkdir(R, 0755), mkdir(O, 0755), mkdir(NESTED, 0755);
  char p[512], q[512];
  P(p, W, "file"), put(p, "inside");
  P(p, R, "file"), put(p, "readonly");
  P(p, O, "secret"), put(p, "SECRET");
  P(p, NESTED, "x"), put(p, "nested");
  P(p, W, "link_in"), P(q, W, "file"), symlink(q, p);
  P(p, W, "link_rel_in"), symlink("file", p);
  P(p, W, "link_to_r"), P(q, R, "file"), symlink(q, p);
  cr_assert_eq(acs__vfs_new(&v), 0);
  acs_err err = {0};
  cr_assert_eq(acs__vfs_mount(v, W, false, &err), 0);
  cr_assert_eq(acs__vfs_mount(v, R, true, &err), 0);
  cr_assert_eq(acs__vfs_mount(v, NESTED, true, &err), 0);
}

static int rm_cb(const char *p, const struct stat *s, int f, struct FTW *w)
{
  (void)s; (void)w;
  if (f == FTW_DP) rmdir(p);
  else unlink(p);
  return 0;
}

static void teardown(void)
{
  acs__vfs_free(v);
  nftw(T, rm_cb, 16, FTW_DEPTH | FTW_PHYS);
}

TestSuite(vfs, .init = setup, .fini = teardown);

static int try_open(const char *path, int flags)
{
  int fd = -1;
  int rc = acs__vfs_open(v, path, flags, 0644, &fd, NULL);
  if (fd >= 0) close(fd);
  return rc;
}

static char *read_guest(const char *path)
{
  int fd = -1;
  if (acs__vfs_open(v, path, O_RDONLY, 0, &fd, NULL)) return NULL;
  static char buf[256];
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  buf[n < 0 ? 0 : n] = 0;
  return buf;
}

/* A link in the work dir made during a run. The guest may only make
** links that stay inside (see links_the_guest_makes_stay_inside); these
** tests of following use any target, so the host makes them, as a host
** process racing the run could. */
static void guest_symlink(const char *target, const char *name)
{
  char p[512];
  P(p, W, name);
  cr_assert_eq(symlink(target, p), 0, "link %s", name);
}

static bool exists_host(const char *path)
{
  struct stat st;
  return lstat(path, &st) == 0;
}

Test(vfs, reads_inside)
{
  char p[512];
  P(p, W, "file");
  cr_assert_str_eq(read_guest(p), "inside");
  P(p, W, "link_in");
  cr_assert_str_eq(read_guest(p), "inside", "absolute link inside the mount works");
  P(p, W, "link_rel_in");
  cr_assert_str_eq(read_guest(p), "inside");
  P(p, W, "link_to_r");
  cr_assert_str_eq(read_guest(p), "readonly", "a link into another mount works");
  char *real = NULL;
  P(p, W, "link_in");
  cr_assert_eq(acs__vfs_realpath(v, p, &real), 0);
  char want[512];
  P(want, W, "file");
  cr_assert_str_eq(real, want);
  free(real);
}

Test(vfs, dotdot_and_absolute_paths_stay_out)
{
  char p[600];
  snprintf(p, sizeof p, "%s/../o/secret", W);
  cr_assert_eq(try_open(p, O_RDONLY), -ENOENT);
  cr_assert(acs__vfs_outside(v));
  snprintf(p, sizeof p, "%s/../../../../../../etc/passwd", W);
  cr_assert_eq(try_open(p, O_RDONLY), -ENOENT);
  cr_assert_eq(try_open("/etc/passwd", O_RDONLY), -ENOENT);
  cr_assert_eq(try_open("/proc/self/root/etc/passwd", O_RDONLY), -ENOENT);
  cr_assert_eq(try_open("/proc/self/environ", O_RDONLY), -ENOENT);
  cr_assert_eq(try_open("/", O_RDONLY), -ENOENT);
  cr_assert_eq(try_open(O, O_RDONLY), -ENOENT);
  struct stat st;
  cr_assert_eq(acs__vfs_stat(v, T, true, &st), -ENOENT, "the mounts' parent is not visible");
}

Test(vfs, symlinks_out_are_dead_ends)
{
  char p[600], secret[600];
  P(secret, O, "secret");
  guest_symlink(secret, "abs_out");
  guest_symlink("../o/secret", "rel_out");
  guest_symlink(O, "dir_out");
  guest_symlink("/etc/passwd", "etc");
  guest_symlink("../../../../../../../../etc", "deep");
  guest_symlink("/proc/self/root", "procroot");
  P(p, W, "abs_out");
  cr_assert_eq(try_open(p, O_RDONLY), -ENOENT);
  P(p, W, "rel_out");
  cr_assert_eq(try_open(p, O_RDONLY), -ENOENT);
  P(p, W, "dir_out/secret");
  cr_assert_eq(try_open(p, O_RDONLY), -ENOENT);
  P(p, W, "etc");
  cr_assert_eq(try_open(p, O_RDONLY), -ENOENT);
  P(p, W, "deep/passwd");
  cr_assert_eq(try_open(p, O_RDONLY), -ENOENT);
  P(p, W, "procroot/etc/passwd");
  cr_assert_eq(try_open(p, O_RDONLY), -ENOENT);
  /* readlink shows the text; stat without follow sees the link itself */
  char *t = NULL;
  P(p, W, "etc");
  cr_assert_eq(acs__vfs_readlink(v, p, &t), 0);
  cr_assert_str_eq(t, "/etc/passwd");
  free(t);
  struct stat st;
  cr_assert_eq(acs__vfs_stat(v, p, false, &st), 0);
  cr_assert(S_ISLNK(st.st_mode));
  cr_assert_eq(acs__vfs_stat(v, p, true, &st), -ENOENT);
}

Test(vfs, writes_through_links_cannot_escape)
{
  char p[600], target[600];
  P(target, O, "created");
  guest_symlink(target, "dangling_out");
  P(p, W, "dangling_out");
  int rc = try_open(p, O_WRONLY | O_CREAT);
  cr_assert(rc == -EACCES || rc == -ENOENT, "rc %d", rc);
  cr_assert_not(exists_host(target), "nothing created outside");
  P(target, O, "secret");
  guest_symlink(target, "over_secret");
  P(p, W, "over_secret");
  rc = try_open(p, O_WRONLY | O_TRUNC);
  cr_assert_neq(rc, 0);
  FILE *f = fopen(target, "r");
  char buf[32] = {0};
  cr_assert(fgets(buf, sizeof buf, f));
  fclose(f);
  cr_assert_str_eq(buf, "SECRET", "the outside file is unchanged");
  /* a dangling link inside is followed to create the file, as on Linux */
  char in[600];
  P(in, W, "made_by_link");
  guest_symlink(in, "dangling_in");
  P(p, W, "dangling_in");
  cr_assert_eq(try_open(p, O_WRONLY | O_CREAT), 0);
  cr_assert(exists_host(in));
  /* O_NOFOLLOW refuses a link */
  cr_assert_eq(try_open(p, O_RDONLY | O_NOFOLLOW), -ELOOP);
}

Test(vfs, writes_outside_every_mount_are_refused)
{
  cr_assert_eq(try_open("/tmp/acs-should-not-exist", O_WRONLY | O_CREAT), -EACCES);
  cr_assert(acs__vfs_outside(v));
  cr_assert_not(exists_host("/tmp/acs-should-not-exist"));
  cr_assert_eq(acs__vfs_mkdir(v, "/tmp/acs-nope-dir", 0755), -EACCES);
  char p[600];
  P(p, O, "x");
  cr_assert_eq(acs__vfs_mkdir(v, p, 0755), -EACCES);
  cr_assert_not(exists_host(p));
}

Test(vfs, read_only_mounts_refuse_every_write)
{
  char f[600], g[600], w[600];
  P(f, R, "file");
  P(g, R, "new");
  P(w, W, "file");
  cr_assert_eq(try_open(f, O_WRONLY), -EROFS);
  cr_assert_eq(try_open(f, O_RDWR), -EROFS);
  cr_assert_eq(try_open(f, O_RDONLY | O_TRUNC), -EROFS);
  cr_assert_eq(try_open(g, O_WRONLY | O_CREAT), -EROFS);
  cr_assert_eq(acs__vfs_mkdir(v, g, 0755), -EROFS);
  cr_assert_eq(acs__vfs_unlink(v, f), -EROFS);
  cr_assert_eq(acs__vfs_rename(v, f, g), -EROFS);
  cr_assert_eq(acs__vfs_rename(v, w, g), -EROFS);
  cr_assert_eq(acs__vfs_link(v, w, g), -EROFS);
  cr_assert_eq(acs__vfs_symlink(v, "x", g), -EROFS);
  cr_assert_eq(acs__vfs_chmod(v, f, 0777), -EROFS);
  cr_assert_eq(acs__vfs_truncate(v, f, 0), -EROFS);
  struct timespec ts[2] = {{0, 0}, {0, 0}};
  cr_assert_eq(acs__vfs_utimes(v, f, ts, true), -EROFS);
  cr_assert_eq(acs__vfs_access(v, f, W_OK), -EROFS);
  cr_assert_eq(acs__vfs_access(v, f, R_OK), 0);
  /* through a link from the writable mount too */
  char l[600];
  P(l, W, "link_to_r");
  cr_assert_eq(try_open(l, O_WRONLY), -EROFS);
  cr_assert_str_eq(read_guest(f), "readonly");
  /* chown changes nothing anywhere, but fails where chown(2) would */
  cr_assert_eq(acs__vfs_chown(v, f, true), -EROFS);
  cr_assert_eq(acs__vfs_chown(v, f, false), -EROFS);
  cr_assert_eq(acs__vfs_chown(v, l, true), -EROFS);
  cr_assert_eq(acs__vfs_chown(v, l, false), 0);
  cr_assert_eq(acs__vfs_chown(v, w, true), 0);
  cr_assert_eq(acs__vfs_chown(v, g, true), -ENOENT);
}

Test(vfs, a_nested_read_only_mount_wins)
{
  char p[600];
  P(p, NESTED, "x");
  cr_assert_eq(try_open(p, O_WRONLY), -EROFS);
  P(p, NESTED, "y");
  cr_assert_eq(try_open(p, O_WRONLY | O_CREAT), -EROFS);
  P(p, NESTED, "x");
  cr_assert_str_eq(read_guest(p), "nested", "still readable");
}

Test(vfs, mount_roots_cannot_be_removed_or_replaced)
{
  char p[600];
  cr_assert_eq(acs__vfs_rmdir(v, W), -EBUSY);
  cr_assert_eq(acs__vfs_rmdir(v, NESTED), -EBUSY);
  P(p, W, "file");
  cr_assert_eq(acs__vfs_rename(v, p, NESTED), -EBUSY);
  cr_assert_eq(acs__vfs_mkdir(v, W, 0755), -EEXIST);
}

Test(vfs, loops_end)
{
  char p[600];
  guest_symlink("loop2", "loop1");
  guest_symlink("loop1", "loop2");
  P(p, W, "loop1");
  cr_assert_eq(try_open(p, O_RDONLY), -ELOOP);
  guest_symlink(".", "self");
  P(p, W, "self/self/self/self/file");
  cr_assert_str_eq(read_guest(p), "inside");
}

Test(vfs, directory_operations)
{
  char d[600], f[600], g[600];
  P(d, W, "dir");
  cr_assert_eq(acs__vfs_mkdir(v, d, 0755), 0);
  cr_assert_eq(acs__vfs_mkdir(v, d, 0755), -EEXIST);
  P(f, W, "dir/a.txt");
  cr_assert_eq(try_open(f, O_WRONLY | O_CREAT), 0);
  P(g, W, "dir/b.txt");
  cr_assert_eq(acs__vfs_rename(v, f, g), 0);
  cr_assert_eq(acs__vfs_rmdir(v, d), -ENOTEMPTY);
  cr_assert_eq(acs__vfs_unlink(v, g), 0);
  cr_assert_eq(acs__vfs_rmdir(v, d), 0);
  P(f, W, "file/child");
  cr_assert_eq(try_open(f, O_RDONLY), -ENOTDIR);
}

/* "name/" asks for a directory, as Linux: a file is ENOTDIR, a missing
** name ENOENT, nothing is created as a file; links are followed, and a
** link out of the mounts stays a dead end with a slash too. */
Test(vfs, trailing_slash_means_a_directory)
{
  char p[600], q[600], secret[600];
  struct stat st;
  P(p, W, "file/");
  cr_assert_eq(try_open(p, O_RDONLY), -ENOTDIR);
  cr_assert_eq(acs__vfs_stat(v, p, true, &st), -ENOTDIR);
  cr_assert_eq(acs__vfs_stat(v, p, false, &st), -ENOTDIR);
  cr_assert_eq(acs__vfs_access(v, p, F_OK), -ENOTDIR);
  cr_assert_eq(acs__vfs_unlink(v, p), -ENOTDIR);
  cr_assert_eq(acs__vfs_rmdir(v, p), -ENOTDIR);
  cr_assert_eq(try_open(p, O_WRONLY | O_CREAT | O_TRUNC), -EISDIR);
  P(q, W, "moved");
  cr_assert_eq(acs__vfs_rename(v, p, q), -ENOTDIR);
  P(q, W, "file");
  cr_assert_str_eq(read_guest(q), "inside", "the file is untouched");
  P(p, W, "new/");
  cr_assert_eq(try_open(p, O_WRONLY | O_CREAT), -EISDIR);
  P(q, W, "new");
  cr_assert_not(exists_host(q), "no file made from \"new/\"");
  cr_assert_eq(acs__vfs_unlink(v, p), -ENOENT);
  cr_assert_eq(acs__vfs_symlink(v, "file", p), -ENOENT);
  cr_assert_eq(acs__vfs_mkdir(v, p, 0755), 0);
  cr_assert_eq(acs__vfs_stat(v, p, true, &st), 0);
  cr_assert(S_ISDIR(st.st_mode));
  cr_assert_eq(acs__vfs_unlink(v, p), -EISDIR);
  cr_assert_eq(acs__vfs_rmdir(v, p), 0);
  /* a link is followed: to a file ENOTDIR, to a directory it is one */
  P(p, W, "link_rel_in/");
  cr_assert_eq(acs__vfs_stat(v, p, false, &st), -ENOTDIR);
  cr_assert_eq(acs__vfs_unlink(v, p), -ENOTDIR);
  guest_symlink(".", "here");
  P(p, W, "here/");
  cr_assert_eq(acs__vfs_stat(v, p, false, &st), 0);
  cr_assert(S_ISDIR(st.st_mode));
  char *t = NULL;
  cr_assert_eq(acs__vfs_readlink(v, p, &t), -EINVAL);
  /* out of the mounts, with or without the slash */
  guest_symlink(O, "dir_out");
  P(p, W, "dir_out/");
  cr_assert_eq(acs__vfs_stat(v, p, false, &st), -ENOENT);
  cr_assert(acs__vfs_outside(v));
  cr_assert_eq(try_open(p, O_RDONLY), -ENOENT);
  cr_assert_eq(acs__vfs_mkdir(v, p, 0755), -EEXIST);
  P(p, W, "dir_out/secret/");
  cr_assert_eq(try_open(p, O_RDONLY), -ENOENT);
  P(p, W, "dir_out/made/");
  cr_assert_neq(acs__vfs_mkdir(v, p, 0755), 0);
  P(q, O, "made");
  cr_assert_not(exists_host(q), "nothing made outside");
  P(secret, O, "secret");
  guest_symlink(secret, "secret_out");
  P(p, W, "secret_out/");
  cr_assert_eq(acs__vfs_stat(v, p, false, &st), -ENOENT);
  P(q, W, "moved");
  cr_assert_eq(acs__vfs_rename(v, p, q), -ENOTDIR);
  cr_assert_eq(acs__vfs_link(v, p, q), -ENOENT);
  cr_assert(exists_host(secret));
  cr_assert_not(exists_host(q));
  cr_assert_eq(acs__vfs_stat(v, "/etc/", true, &st), -ENOENT);
  cr_assert_eq(try_open("/tmp/acs-should-not-exist/", O_WRONLY | O_CREAT), -EACCES);
  cr_assert_eq(acs__vfs_mkdir(v, "/tmp/acs-nope-dir/", 0755), -EACCES);
  cr_assert_not(exists_host("/tmp/acs-nope-dir"));
  /* mount roots are directories */
  snprintf(p, sizeof p, "%s/", W);
  cr_assert_eq(acs__vfs_stat(v, p, true, &st), 0);
  cr_assert_eq(acs__vfs_rmdir(v, p), -EBUSY);
  snprintf(p, sizeof p, "%s/", R);
  cr_assert_eq(acs__vfs_stat(v, p, true, &st), 0);
  P(p, R, "file/");
  cr_assert_eq(acs__vfs_unlink(v, p), -EROFS);
}

Test(vfs, links_out_of_the_mounts_are_a_config_error)
{
  acs_err err = {0};
  cr_assert_eq(acs__vfs_check_links(v, 0, &err), 0, "%s", err.message ? err.message : "");
  char p[600], secret[600];
  P(p, W, "sneaky");
  P(secret, O, "secret");
  symlink(secret, p);
  cr_assert_eq(acs__vfs_check_links(v, 0, &err), ACS_ECONFIG);
  cr_assert(strstr(err.message, "sneaky"), "%s", err.message);
  acs_err_clear(&err);
}

Test(vfs, abs_normalises)
{
  char *s = acs__vfs_abs("/w", "a//b/./c/");
  cr_assert_str_eq(s, "/w/a/b/c");
  free(s);
  s = acs__vfs_abs("/w", "/x/.");
  cr_assert_str_eq(s, "/x");
  free(s);
  s = acs__vfs_abs("/", ".");
  cr_assert_str_eq(s, "/");
  free(s);
}

/* Installed packages: host directories of the store mounted at guest paths
** that exist nowhere on the host (/node_modules/a, and b nested in a). */
Test(vfs, packages_mounted_at_other_guest_paths)
{
  char a[512], b[512], p[512];
  snprintf(a, sizeof a, "%.400s/store-a", T);
  snprintf(b, sizeof b, "%.400s/store-b", T);
  mkdir(a, 0755), mkdir(b, 0755);
  snprintf(p, sizeof p, "%.400s/index.js", a), put(p, "A");
  snprintf(p, sizeof p, "%.400s/index.js", b), put(p, "B");
  snprintf(p, sizeof p, "%.400s/up", a), symlink("../../../o/secret", p);
  acs_err err = {0};
  cr_assert_eq(acs__vfs_mount_at(v, a, "/node_modules/a", true, &err), 0);
  cr_assert_eq(acs__vfs_mount_at(v, b, "/node_modules/a/node_modules/b", true, &err), 0);
  cr_assert_str_eq(read_guest("/node_modules/a/index.js"), "A");
  cr_assert_str_eq(read_guest("/node_modules/a/node_modules/b/index.js"), "B");
  cr_assert_str_eq(read_guest("/node_modules/a/node_modules/b/../../index.js"), "A");
  struct stat st;
  cr_assert_eq(acs__vfs_stat(v, "/node_modules/a/node_modules/c", true, &st), -ENOENT);
  cr_assert_eq(acs__vfs_stat(v, "/node_modules/zz", true, &st), -ENOENT);
  /* the host path of the store is not visible, and neither is its parent */
  snprintf(p, sizeof p, "%.400s/index.js", a);
  cr_assert_eq(try_open(p, O_RDONLY), -ENOENT);
  cr_assert_null(read_guest("/node_modules/a/up"), "a link in a package resolves in the guest's space");
  cr_assert_eq(try_open("/node_modules/a/new.js", O_WRONLY | O_CREAT), -EROFS);
  cr_assert_eq(try_open("/node_modules/a/node_modules/x.js", O_WRONLY | O_CREAT), -EACCES);
  char *real = NULL;
  cr_assert_eq(acs__vfs_realpath(v, "/node_modules/a/node_modules/b/index.js", &real), 0);
  cr_assert_str_eq(real, "/node_modules/a/node_modules/b/index.js");
  free(real);
}

/* The guest cannot leave a link pointing outside in the work dir: the next
** run's start-up check would refuse the work dir. */
Test(vfs, links_the_guest_makes_stay_inside)
{
  char p[512], t[512];
  const char *out[] = {"/etc/passwd", "../o/secret", "../../../../etc", "/proc/self/root", "sub/../../o",
                       "/node_modules/x"};
  for (size_t i = 0; i < sizeof out / sizeof *out; i++) {
    P(p, W, "made");
    cr_assert_eq(acs__vfs_symlink(v, out[i], p), -EACCES, "%s", out[i]);
    cr_assert(acs__vfs_outside(v));
    cr_assert_not(exists_host(p), "nothing was made for %s", out[i]);
  }
  acs_err err = {0};
  cr_assert_eq(acs__vfs_mount_at(v, W, "/node_modules/x", true, &err), 0);
  P(p, W, "made");
  cr_assert_eq(acs__vfs_symlink(v, "/node_modules/x", p), -EACCES, "a package is not a place links may lead");
  const char *in[] = {"file", "./file", "../w/file", "ro/x", "missing-but-inside", "."};
  for (size_t i = 0; i < sizeof in / sizeof *in; i++) {
    snprintf(p, sizeof p, "%.400s/in%zu", W, i);
    cr_assert_eq(acs__vfs_symlink(v, in[i], p), 0, "%s", in[i]);
  }
  P(t, R, "file");
  P(p, W, "to_ro");
  cr_assert_eq(acs__vfs_symlink(v, t, p), 0, "into the read-only mount");
  cr_assert_eq(acs__vfs_check_links(v, 0, &err), 0, "the next run starts: %s", err.message ? err.message : "");
}
