/* box_files.c - the calls the box's node makes besides kernel.c's: whole
** files in one round trip (READFILE, WRITEFILE), the fd forms of chmod,
** chown and utimens (AT_EMPTY_PATH), realpath and the ids; and
** acs_box_copy_in, the host's way of putting a tree into a box. Programs
** of this test stand in for the commands (this file defines the table). */
#include <acs.h>
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys/sys.h"

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
  char b[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(b, sizeof b, fmt, ap);
  va_end(ap);
  acs_sys_write_all(1, b, (size_t)n);
}

static int probe_whole(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  int stage = -1, rc;
  /* (the result first: arguments are evaluated in no set order) */
  rc = acs_sys_writefile("/tmp/w", O_WRONLY | O_CREAT | O_TRUNC, 0640, "hello", 5, &stage);
  say("write %d stage %d\n", rc, stage);
  acs__sys_stat st;
  acs_sys_stat("/tmp/w", &st);
  say("mode %o size %d\n", st.mode & 07777, (int)st.size);
  char buf[16] = {0};
  uint64_t size = 0;
  bool reg = false;
  ssize_t n = acs_sys_readfile("/tmp/w", buf, sizeof buf, &size, &reg);
  say("read %d size %d regular %d %s\n", (int)n, (int)size, reg, buf);
  /* a file larger than asked for: the first bytes and the whole size */
  n = acs_sys_readfile("/tmp/w", buf, 2, &size, &reg);
  say("part %d size %d\n", (int)n, (int)size);
  n = acs_sys_readfile("/tmp", buf, sizeof buf, &size, &reg);
  say("dir %d regular %d\n", (int)n, reg);
  say("missing %d\n", (int)acs_sys_readfile("/tmp/nope", buf, sizeof buf, &size, &reg) == -ENOENT);
  rc = acs_sys_writefile("/tmp/w", O_WRONLY | O_CREAT | O_EXCL, 0600, "x", 1, &stage);
  say("excl %d stage %d\n", rc == -EEXIST, stage);
  rc = acs_sys_writefile("/dev/full", O_WRONLY, 0, "x", 1, &stage);
  say("full %d stage %d\n", rc == -ENOSPC, stage);
  say("null %d\n", acs_sys_writefile("/dev/null", O_WRONLY, 0, "x", 1, &stage));
  say("root-only %d\n", acs_sys_writefile("/root/x", O_WRONLY | O_CREAT, 0600, "x", 1, &stage));
  int fd = acs_sys_open("/tmp/w", O_RDWR, 0);
  say("fchmod %d\n", acs_sys_chmodat(fd, "", 0600, AT_EMPTY_PATH));
  struct timespec ts[2] = {{1000, 5}, {2000, 7}};
  say("futimens %d\n", acs_sys_utimensat(fd, "", ts, AT_EMPTY_PATH));
  say("fchown %d\n", acs_sys_chownat(fd, "", 1000, 1000, AT_EMPTY_PATH));
  acs_sys_fstat(fd, &st);
  say("now mode %o uid %u mtime %lld.%lld\n", st.mode & 07777, st.uid, (long long)st.mtime_s,
      (long long)st.mtime_ns);
  acs_sys_close(fd);
  say("bad-fd %d\n", acs_sys_chmodat(99, "", 0600, AT_EMPTY_PATH) == -EBADF);
  acs_sys_symlink("/tmp/w", "/tmp/l");
  char real[64];
  rc = acs_sys_realpath("/tmp/l", real, sizeof real);
  say("realpath %d %s\n", rc, real);
  acs_sys_ids ids = {0};
  rc = acs_sys_getids(&ids);
  say("ids %d uid %u gid %u\n", rc, ids.uid, ids.gid);
  return 0;
}

/* What acs_box_copy_in put at /app. */
static int probe_copy(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  const char *paths[] = {"/app", "/app/a.txt", "/app/sub", "/app/sub/b.sh", "/app/link"};
  for (size_t i = 0; i < sizeof paths / sizeof *paths; i++) {
    acs__sys_stat st;
    int rc = acs_sys_lstat(paths[i], &st);
    say("%s %d mode %o uid %u mtime %lld size %d\n", paths[i], rc, st.mode, st.uid,
        (long long)st.mtime_s, S_ISLNK(st.mode) ? 0 : S_ISDIR(st.mode) ? 0 : (int)st.size);
  }
  char t[64] = {0};
  say("link -> %s\n", acs_sys_readlink("/app/link", t, sizeof t - 1) > 0 ? t : "?");
  char buf[64] = {0};
  uint64_t size;
  bool reg;
  acs_sys_readfile("/app/link", buf, sizeof buf, &size, &reg);
  say("through the link: %s", buf);
  return 0;
}

const acs__program acs__programs[] = {
    {"probe-copy", probe_copy, NULL},
    {"probe-whole", probe_whole, NULL},
};
const size_t acs__program_count = sizeof acs__programs / sizeof *acs__programs;

static acs_box *box;

static void setup(void)
{
  acs_err err = {0};
  cr_assert_eq(acs_box_new(NULL, &box, &err), 0, "%s", err.message ? err.message : "?");
}

static void teardown(void) { acs_box_free(box); }

TestSuite(box_files, .init = setup, .fini = teardown, .timeout = 60);

static acs_exec_result *spawn(const char *user, const char *prog)
{
  const char *argv[] = {prog};
  acs_box_spawn_options o = {.version = ACS_BOX_SPAWN_OPTIONS_VERSION, .argv = argv, .argc = 1,
                             .user = user, .timeout_ms = 20000};
  acs_exec_result *r = NULL;
  acs_err err = {0};
  cr_assert_eq(acs_box_spawn(box, &o, &r, &err), 0, "spawn: %s", err.message ? err.message : "?");
  return r;
}

Test(box_files, whole_files_and_fd_forms)
{
  acs_exec_result *r = spawn(NULL, "probe-whole");
  cr_assert_str_eq(r->stdout_data,
                   "write 0 stage 1\nmode 640 size 5\nread 5 size 5 regular 1 hello\n"
                   "part 2 size 5\ndir 0 regular 0\nmissing 1\nexcl 1 stage 0\nfull 1 stage 1\n"
                   "null 0\nroot-only 0\nfchmod 0\nfutimens 0\nfchown 0\n"
                   "now mode 600 uid 1000 mtime 2000.7\nbad-fd 1\nrealpath 0 /tmp/w\n"
                   "ids 0 uid 0 gid 0\n",
                   "%s", r->stdout_data);
  acs_exec_result_free(r);
}

Test(box_files, whole_files_keep_the_users_permissions)
{
  acs_exec_result *r = spawn("agent", "probe-whole");
  cr_assert(strstr(r->stdout_data, "root-only -13\n"), "%s", r->stdout_data);
  cr_assert(strstr(r->stdout_data, "ids 0 uid 1000 gid 1000\n"), "%s", r->stdout_data);
  acs_exec_result_free(r);
}

Test(box_files, copy_in_keeps_modes_times_and_links)
{
  char dir[] = "/tmp/acs-copy-XXXXXX";
  cr_assert(mkdtemp(dir));
  char p[256];
  snprintf(p, sizeof p, "%s/a.txt", dir);
  FILE *f = fopen(p, "w");
  fputs("alpha\n", f);
  fclose(f);
  chmod(p, 0640);
  struct timespec ts[2] = {{1500000000, 0}, {1500000000, 0}};
  utimensat(AT_FDCWD, p, ts, 0);
  snprintf(p, sizeof p, "%s/sub", dir);
  mkdir(p, 0750);
  snprintf(p, sizeof p, "%s/sub/b.sh", dir);
  f = fopen(p, "w");
  fputs("#!/bin/sh\n", f);
  fclose(f);
  chmod(p, 0755);
  snprintf(p, sizeof p, "%s/link", dir);
  cr_assert_eq(symlink("a.txt", p), 0);
  snprintf(p, sizeof p, "%s/sub", dir);
  utimensat(AT_FDCWD, p, ts, 0);
  acs_err err = {0};
  cr_assert_eq(acs_box_copy_in(box, dir, "/app", "agent", &err), 0, "%s", err.message ? err.message : "?");
  acs_exec_result *r = spawn(NULL, "probe-copy");
  cr_assert(strstr(r->stdout_data, "/app/a.txt 0 mode 100640 uid 1000 mtime 1500000000 size 6\n"), "%s", r->stdout_data);
  cr_assert(strstr(r->stdout_data, "/app/sub 0 mode 40750 uid 1000 mtime 1500000000 size 0\n"), "%s", r->stdout_data);
  cr_assert(strstr(r->stdout_data, "/app/sub/b.sh 0 mode 100755 uid 1000"), "%s", r->stdout_data);
  cr_assert(strstr(r->stdout_data, "/app/link 0 mode 120777 uid 1000"), "%s", r->stdout_data);
  cr_assert(strstr(r->stdout_data, "link -> a.txt\nthrough the link: alpha\n"), "%s", r->stdout_data);
  acs_exec_result_free(r);
  /* errors name what and why */
  cr_assert_eq(acs_box_copy_in(box, "/nonexistent-acs", "/x", NULL, &err), ACS_ECONFIG);
  cr_assert(strstr(err.message, "/nonexistent-acs") && strstr(err.message, "No such file"), "%s", err.message);
  acs_err_clear(&err);
  cr_assert_eq(acs_box_copy_in(box, dir, "relative", NULL, &err), ACS_ECONFIG);
  acs_err_clear(&err);
  snprintf(p, sizeof p, "rm -rf %s", dir);
  cr_assert_eq(system(p), 0);
}
