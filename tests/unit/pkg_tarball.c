/* pkg_tarball.c - npm tarballs, honest and malicious, built here with
** libarchive's writer: a package unpacks; escapes, devices, links out,
** writes through links and bombs are refused; integrity is checked. */
#include "base/base.h"
#include "pkg/tarball.h"

#include <archive.h>
#include <archive_entry.h>
#include <criterion/criterion.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct item {
  const char *path;
  mode_t type;          /* AE_IFREG, AE_IFDIR, AE_IFLNK, AE_IFIFO, AE_IFCHR */
  const char *content;  /* file content, or the link target */
  bool hard;            /* a hard link to `content` */
  mode_t perm;
} item;

static char *make_tgz(const item *items, size_t n, size_t *len)
{
  size_t cap = 1 << 20;
  char *buf = malloc(cap);
  struct archive *a = archive_write_new();
  archive_write_add_filter_gzip(a);
  archive_write_set_format_pax_restricted(a);
  cr_assert_eq(archive_write_open_memory(a, buf, cap, len), ARCHIVE_OK);
  for (size_t i = 0; i < n; i++) {
    struct archive_entry *e = archive_entry_new();
    archive_entry_set_pathname(e, items[i].path);
    archive_entry_set_perm(e, items[i].perm ? items[i].perm : 0644);
    if (items[i].hard) {
      archive_entry_set_filetype(e, AE_IFREG);
      archive_entry_set_hardlink(e, items[i].content);
      archive_entry_set_size(e, 0);
    } else {
      archive_entry_set_filetype(e, items[i].type);
      if (items[i].type == AE_IFLNK) archive_entry_set_symlink(e, items[i].content);
      size_t sz = items[i].type == AE_IFREG && items[i].content ? strlen(items[i].content) : 0;
      archive_entry_set_size(e, (la_int64_t)sz);
    }
    archive_write_header(a, e);
    if (!items[i].hard && items[i].type == AE_IFREG && items[i].content)
      archive_write_data(a, items[i].content, strlen(items[i].content));
    archive_entry_free(e);
  }
  archive_write_close(a);
  archive_write_free(a);
  return buf;
}

static char base[64], dest[96], outside[96];
static int fresh_n;

/* Every directory of a test lives under one base, removed at the end. */
static void fresh(void)
{
  if (!base[0]) {
    strcpy(base, "/tmp/acs-tartest-XXXXXX");
    cr_assert_not_null(mkdtemp(base));
  }
  fresh_n++;
  snprintf(dest, sizeof dest, "%s/d%d", base, fresh_n);
  snprintf(outside, sizeof outside, "%s/o%d", base, fresh_n);
  cr_assert_eq(mkdir(dest, 0700), 0);
  cr_assert_eq(mkdir(outside, 0700), 0);
}

static void cleanup(void)
{
  if (!base[0]) return;
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
  (void)!system(cmd);
}

TestSuite(tarball, .fini = cleanup);
TestSuite(integrity);

static int extract(const item *items, size_t n, acs_err *err)
{
  size_t len;
  char *tgz = make_tgz(items, n, &len);
  int rc = acs__tar_extract(tgz, len, dest, "evil@1.0.0", NULL, err);
  free(tgz);
  return rc;
}

static void expect_refused(const item *items, size_t n, const char *fragment)
{
  fresh();
  acs_err err = {0};
  cr_assert_eq(extract(items, n, &err), ACS_EENV, "accepted");
  cr_assert(err.message && strstr(err.message, fragment), "message: %s", err.message);
  cr_assert(strstr(err.message, "evil@1.0.0"), "message names no package: %s", err.message);
  free(err.message);
  char probe[128];
  snprintf(probe, sizeof probe, "%s/pwned", outside);
  cr_assert(access(probe, F_OK) != 0, "something was written outside");
}

Test(tarball, a_package_unpacks)
{
  fresh();
  item it[] = {
      {"package/package.json", AE_IFREG, "{\"name\":\"x\"}", false, 0644},
      {"package/lib/", AE_IFDIR, NULL, false, 0755},
      {"package/lib/index.js", AE_IFREG, "module.exports = 1;", false, 0644},
      {"package/bin/cli.js", AE_IFREG, "#!/usr/bin/env node", false, 0775},
      {"package/./lib/../lib/a.js", AE_IFREG, "x", false, 0644},
      {"package/link.js", AE_IFLNK, "lib/index.js", false, 0777},
      {"package/hard.js", AE_IFREG, "package/lib/index.js", true, 0644},
  };
  acs_err err = {0};
  (void)it[4];
  item ok[] = {it[0], it[1], it[2], it[3], it[5], it[6]};
  cr_assert_eq(extract(ok, 6, &err), 0, "%s", err.message);
  char path[256];
  char *data;
  size_t n;
  snprintf(path, sizeof path, "%s/lib/index.js", dest);
  cr_assert_eq(acs__read_file(path, &data, &n), 0);
  cr_assert_str_eq(data, "module.exports = 1;");
  free(data);
  struct stat st;
  snprintf(path, sizeof path, "%s/bin/cli.js", dest);
  cr_assert_eq(stat(path, &st), 0);
  cr_assert_eq(st.st_mode & 0777, 0755);
  snprintf(path, sizeof path, "%s/package.json", dest);
  cr_assert_eq(stat(path, &st), 0);
  cr_assert_eq(st.st_mode & 0777, 0644);
  snprintf(path, sizeof path, "%s/link.js", dest);
  cr_assert_eq(lstat(path, &st), 0);
  cr_assert(S_ISLNK(st.st_mode));
  snprintf(path, sizeof path, "%s/hard.js", dest);
  cr_assert_eq(stat(path, &st), 0);
  cr_assert_eq(st.st_nlink, 2);
}

Test(tarball, escapes_are_refused)
{
  item dotdot[] = {{"package/../pwned", AE_IFREG, "x", false, 0644}};
  expect_refused(dotdot, 1, "leaves the package");
  item deep[] = {{"package/a/../../pwned", AE_IFREG, "x", false, 0644}};
  expect_refused(deep, 1, "leaves the package");
  item abs[] = {{"/tmp/pwned", AE_IFREG, "x", false, 0644}};
  expect_refused(abs, 1, "absolute");
  item bs[] = {{"package\\..\\pwned", AE_IFREG, "x", false, 0644}};
  expect_refused(bs, 1, "backslash");
}

Test(tarball, links_out_are_refused)
{
  item sym_abs[] = {{"package/l", AE_IFLNK, "/etc/passwd", false, 0777}};
  expect_refused(sym_abs, 1, "symbolic link");
  item sym_up[] = {{"package/l", AE_IFLNK, "../../etc", false, 0777}};
  expect_refused(sym_up, 1, "symbolic link");
  item hard_out[] = {{"package/h", AE_IFREG, "/etc/passwd", true, 0644}};
  expect_refused(hard_out, 1, "hard link");
  item hard_up[] = {{"package/h", AE_IFREG, "package/../../etc/passwd", true, 0644}};
  expect_refused(hard_up, 1, "leaves the package");
}

Test(tarball, no_write_through_a_link)
{
  /* An entry makes "d" a link to the current dir... then writes "d/x":
  ** allowed targets only point down, but writing through any link is
  ** refused anyway. And a link to outside that a bug let through could not
  ** be written through either. */
  fresh();
  char target[128];
  snprintf(target, sizeof target, "%s", outside);
  item it[] = {{"package/d", AE_IFLNK, ".", false, 0777}, {"package/d/pwned", AE_IFREG, "x", false, 0644}};
  acs_err err = {0};
  cr_assert_eq(extract(it, 2, &err), ACS_EENV);
  cr_assert(strstr(err.message, "goes through a link"), "%s", err.message);
  free(err.message);
  /* a planted link to outside (as if an earlier step had failed) */
  fresh();
  char lp[128];
  snprintf(lp, sizeof lp, "%s/d", dest);
  cr_assert_eq(symlink(outside, lp), 0);
  item it2[] = {{"package/d/pwned", AE_IFREG, "x", false, 0644}};
  err = (acs_err){0};
  cr_assert_eq(extract(it2, 1, &err), ACS_EENV);
  free(err.message);
  snprintf(lp, sizeof lp, "%s/pwned", outside);
  cr_assert(access(lp, F_OK) != 0, "wrote through the planted link");
  /* a file entry replacing a planted link to outside does not write there */
  fresh();
  char f[128];
  snprintf(f, sizeof f, "%s/pwned", outside);
  snprintf(lp, sizeof lp, "%s/x", dest);
  cr_assert_eq(symlink(f, lp), 0);
  item it3[] = {{"package/x", AE_IFREG, "data", false, 0644}};
  err = (acs_err){0};
  cr_assert_eq(extract(it3, 1, &err), 0, "%s", err.message);
  cr_assert(access(f, F_OK) != 0, "followed the planted link");
}

Test(tarball, devices_and_fifos_are_refused)
{
  item fifo[] = {{"package/p", AE_IFIFO, NULL, false, 0644}};
  expect_refused(fifo, 1, "device, FIFO or socket");
  item chr[] = {{"package/c", AE_IFCHR, NULL, false, 0644}};
  expect_refused(chr, 1, "device, FIFO or socket");
}

Test(tarball, limits_hold)
{
  fresh();
  static char big[300000];
  memset(big, 'a', sizeof big - 1);
  item it[] = {{"package/big", AE_IFREG, big, false, 0644}};
  size_t len;
  char *tgz = make_tgz(it, 1, &len);
  acs__tar_limits lim = {.max_file = 100000};
  acs_err err = {0};
  cr_assert_eq(acs__tar_extract(tgz, len, dest, "bomb@1.0.0", &lim, &err), ACS_EENV);
  cr_assert(strstr(err.message, "limit"), "%s", err.message);
  free(err.message);
  lim = (acs__tar_limits){.max_entries = 3};
  item many[] = {{"package/a", AE_IFREG, "1", false, 0644}, {"package/b", AE_IFREG, "1", false, 0644},
                 {"package/c", AE_IFREG, "1", false, 0644}, {"package/d", AE_IFREG, "1", false, 0644}};
  free(tgz);
  tgz = make_tgz(many, 4, &len);
  fresh();
  err = (acs_err){0};
  cr_assert_eq(acs__tar_extract(tgz, len, dest, "bomb@1.0.0", &lim, &err), ACS_EENV);
  cr_assert(strstr(err.message, "number of entries"), "%s", err.message);
  free(err.message);
  free(tgz);
  err = (acs_err){0};
  cr_assert_eq(acs__tar_extract("not a tarball", 13, dest, "junk@1.0.0", NULL, &err), ACS_EENV);
  free(err.message);
}

Test(integrity, sri_and_shasum)
{
  const char *data = "hello\n";
  acs_err err = {0};
  /* sha512 and sha1 of "hello\n" */
  const char *sri = "sha512-58IrmUxZ2c8rSOVJseJGZmNgRZMNPafBrLKZ0cO3+TH5Sq5B7dosKyB6NuEPi8uNRSI+VIePWzFufOO2vAGWKQ==";
  cr_assert_eq(acs__integrity_check(data, 6, sri, NULL, "x@1", &err), 0, "%s", err.message);
  cr_assert_eq(acs__integrity_check(data, 6, "sha1-9XLTlvrpIGYocU+yzgD3LpTyJY8= sha512-58IrmUxZ2c8rSOVJseJGZmNgRZMNPafBrLKZ0cO3+TH5Sq5B7dosKyB6NuEPi8uNRSI+VIePWzFufOO2vAGWKQ==", NULL, "x@1", &err), 0, "%s", err.message);
  cr_assert_eq(acs__integrity_check(data, 6, NULL, "f572d396fae9206628714fb2ce00f72e94f2258f", "x@1", &err), 0, "%s", err.message);
  cr_assert_eq(acs__integrity_check("hellO\n", 6, sri, NULL, "x@1", &err), ACS_EENV);
  cr_assert(strstr(err.message, "does not match its sha512"), "%s", err.message);
  cr_assert_eq(acs__integrity_check(data, 6, NULL, "0000000000000000000000000000000000000000", "x@1", &err), ACS_EENV);
  cr_assert_eq(acs__integrity_check(data, 6, NULL, NULL, "x@1", &err), ACS_EENV);
  cr_assert(strstr(err.message, "no integrity"), "%s", err.message);
  free(err.message);
}
