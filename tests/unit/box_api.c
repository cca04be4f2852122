/* box_api.c - the container API in C: the host's file calls on a box, a
** running program's handle (stdin, output, kill, wait; many at once), and
** snapshot/restore. Programs of this test stand in for the commands (this
** file defines the table). */
#include <acs.h>
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys/sys.h"

/* cat: stdin to stdout, then "end" on stderr */
static int probe_cat(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  char buf[4096];
  ssize_t n;
  while ((n = acs_sys_read(0, buf, sizeof buf)) > 0) acs_sys_write_all(1, buf, (size_t)n);
  acs_sys_write_all(2, "end\n", 4);
  return 7;
}

/* waits for ever (until killed) */
static int probe_wait(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  char c;
  for (;;) acs_sys_read(0, &c, 1) == 0 ? pause() : 0;
  return 0;
}

/* the file the host wrote, as the box sees it */
static int probe_see(int argc, char **argv)
{
  (void)argc;
  char buf[256] = {0};
  uint64_t size = 0;
  bool reg = false;
  ssize_t n = acs_sys_readfile(argv[1], buf, sizeof buf - 1, &size, &reg);
  acs__sys_stat st;
  acs_sys_stat(argv[1], &st);
  char out[512];
  int k = snprintf(out, sizeof out, "%d %s mode %o uid %u\n", (int)n, buf, st.mode & 07777, st.uid);
  acs_sys_write_all(1, out, (size_t)k);
  return 0;
}

int acs__prog_acs_host(int argc, char **argv); /* src/cmds/acs_host.c */

const acs__program acs__programs[] = {
    {"acs-host", acs__prog_acs_host, NULL},
    {"probe-cat", probe_cat, NULL},
    {"probe-see", probe_see, NULL},
    {"probe-wait", probe_wait, NULL},
};
const size_t acs__program_count = sizeof acs__programs / sizeof *acs__programs;

static acs_box *box;

static void setup(void)
{
  acs_err err = {0};
  cr_assert_eq(acs_box_new(NULL, &box, &err), 0, "%s", err.message ? err.message : "?");
}

static void teardown(void) { acs_box_free(box); }

TestSuite(box_api, .init = setup, .fini = teardown, .timeout = 60);

#define OK(call)                                                                                 \
  do {                                                                                           \
    acs_err e_ = {0};                                                                            \
    int rc_ = (call);                                                                            \
    cr_assert_eq(rc_, 0, "%s: %s", #call, e_.message ? e_.message : "?");                      \
  } while (0)

Test(box_api, files_from_the_host)
{
  acs_err err = {0};
  cr_assert_eq(acs_box_write_file(box, "/app/deep/a.txt", "hello", 5, 0640, ACS_BOX_WRITE_PARENTS, &err), 0, "%s", err.message);
  cr_assert_eq(acs_box_write_file(box, "/app/deep/a.txt", " there", 6, 0, ACS_BOX_WRITE_APPEND, &err), 0);
  char *data = NULL;
  size_t len = 0;
  cr_assert_eq(acs_box_read_file(box, "/app/deep/a.txt", 0, &data, &len, &err), 0);
  cr_assert_eq(len, 11);
  cr_assert_str_eq(data, "hello there");
  acs_free(data);
  /* bigger than one message */
  size_t big = 300000;
  char *b = malloc(big);
  for (size_t i = 0; i < big; i++) b[i] = (char)(i * 7);
  cr_assert_eq(acs_box_write_file(box, "/app/big", b, big, 0, 0, &err), 0);
  cr_assert_eq(acs_box_read_file(box, "/app/big", 0, &data, &len, &err), 0);
  cr_assert(len == big && !memcmp(data, b, big));
  acs_free(data);
  cr_assert_eq(acs_box_read_file(box, "/app/big", 1000, &data, &len, &err), -EFBIG);
  acs_err_clear(&err);
  free(b);

  /* the box's programs see what the host wrote */
  const char *argv[] = {"probe-see", "/app/deep/a.txt"};
  acs_box_spawn_options o = {.version = ACS_BOX_SPAWN_OPTIONS_VERSION, .argv = argv, .argc = 2};
  acs_exec_result *r = NULL;
  cr_assert_eq(acs_box_spawn(box, &o, &r, &err), 0);
  cr_assert_str_eq(r->stdout_data, "11 hello there mode 640 uid 0\n");
  acs_exec_result_free(r);

  OK(acs_box_mkdir(box, "/app/x/y/z", 0, true, &e_));
  OK(acs_box_mkdir(box, "/app/x/y/z", 0, true, &e_)); /* mkdir -p: there already */
  cr_assert_eq(acs_box_mkdir(box, "/app/x", 0, false, &err), -EEXIST);
  acs_err_clear(&err);
  OK(acs_box_symlink(box, "deep/a.txt", "/app/link", &e_));
  OK(acs_box_chmod(box, "/app/big", 0600, &e_));
  OK(acs_box_chown(box, "/app/big", 1000, -1, &e_));
  acs_box_dirent *list;
  size_t n;
  OK(acs_box_readdir(box, "/app", &list, &n, &e_));
  cr_assert_eq(n, 4);
  const char *want[] = {"deep", "big", "x", "link"};
  const unsigned char types[] = {DT_DIR, DT_REG, DT_DIR, DT_LNK};
  for (size_t i = 0; i < n; i++) {
    cr_assert_str_eq(list[i].name, want[i]);
    cr_assert_eq(list[i].type, types[i], "%s", list[i].name);
  }
  acs_box_dirents_free(list, n);
  acs_box_stat st;
  OK(acs_box_stat_path(box, "/app/link", false, &st, &e_));
  cr_assert_eq(st.mode, S_IFREG | 0640);
  cr_assert_eq(st.size, 11);
  OK(acs_box_stat_path(box, "/app/link", true, &st, &e_));
  cr_assert_eq(st.mode & S_IFMT, S_IFLNK);
  OK(acs_box_stat_path(box, "/app/big", false, &st, &e_));
  cr_assert_eq(st.mode, S_IFREG | 0600);
  cr_assert_eq(st.uid, 1000);
  OK(acs_box_rename(box, "/app/big", "/app/x/big", &e_));
  bool there;
  OK(acs_box_exists(box, "/app/big", &there, &e_));
  cr_assert(!there);
  OK(acs_box_exists(box, "/app/x/big", &there, &e_));
  cr_assert(there);
  cr_assert_eq(acs_box_rm(box, "/app/x", false, false, &err), -ENOTEMPTY);
  cr_assert(strstr(err.message, "recursive"), "%s", err.message);
  acs_err_clear(&err);
  OK(acs_box_rm(box, "/app/x", true, false, &e_));
  OK(acs_box_rm(box, "/app/x", true, true, &e_)); /* force: gone already */
  cr_assert_eq(acs_box_rm(box, "/app/x", true, false, &err), -ENOENT);
  cr_assert(strstr(err.message, "/app/x"), "%s", err.message);
  acs_err_clear(&err);
  cr_assert_eq(acs_box_read_file(box, "relative", 0, &data, &len, &err), ACS_ECONFIG);
  cr_assert_str_eq(err.type, "SandboxConfigError");
  acs_err_clear(&err);
  /* /root is root's: but the host acts as root */
  OK(acs_box_write_file(box, "/root/secret", "s", 1, 0600, 0, &e_));

  /* copy out: a tree with its modes and links */
  char dir[] = "/tmp/acs-out-XXXXXX";
  cr_assert(mkdtemp(dir));
  char hp[256];
  snprintf(hp, sizeof hp, "%s/app", dir);
  OK(acs_box_copy_out(box, "/app", hp, &e_));
  char p[300], lt[64] = {0};
  snprintf(p, sizeof p, "%s/deep/a.txt", hp);
  struct stat hst;
  cr_assert_eq(stat(p, &hst), 0);
  cr_assert_eq(hst.st_mode & 0777, 0640);
  cr_assert_eq(hst.st_size, 11);
  snprintf(p, sizeof p, "%s/link", hp);
  cr_assert_gt(readlink(p, lt, sizeof lt - 1), 0);
  cr_assert_str_eq(lt, "deep/a.txt");
  snprintf(p, sizeof p, "rm -rf %s", dir);
  cr_assert_eq(system(p), 0);
}

static void read_all(int fd, char *buf, size_t cap)
{
  size_t got = 0;
  for (;;) {
    struct pollfd pf = {.fd = fd, .events = POLLIN};
    poll(&pf, 1, 5000);
    ssize_t n = read(fd, buf + got, cap - 1 - got);
    if (n <= 0 && !(n < 0 && errno == EAGAIN)) break;
    if (n > 0) got += (size_t)n;
  }
  buf[got] = 0;
}

Test(box_api, a_running_program)
{
  const char *argv[] = {"probe-cat"};
  acs_box_spawn_options o = {.version = ACS_BOX_SPAWN_OPTIONS_VERSION, .argv = argv, .argc = 1};
  acs_box_proc *p = NULL, *q = NULL;
  OK(acs_box_proc_start(box, &o, &p, &e_));
  OK(acs_box_proc_start(box, &o, &q, &e_)); /* two at once */
  cr_assert_gt(acs_box_proc_pid(p), 1);
  cr_assert_neq(acs_box_proc_pid(p), acs_box_proc_pid(q));
  bool ended;
  int code;
  acs_box_proc_wait(p, 0, &ended, &code);
  cr_assert(!ended);
  /* a file call while both run */
  OK(acs_box_write_file(box, "/tmp/meanwhile", "x", 1, 0, 0, &e_));
  cr_assert_eq(write(acs_box_proc_fd(p, 0), "one\n", 4), 4);
  acs_box_proc_close_stdin(p);
  acs_box_proc_close_stdin(p);
  char out[256], err[256];
  read_all(acs_box_proc_fd(p, 1), out, sizeof out);
  read_all(acs_box_proc_fd(p, 2), err, sizeof err);
  cr_assert_str_eq(out, "one\n");
  cr_assert_str_eq(err, "end\n");
  acs_box_proc_wait(p, -1, &ended, &code);
  cr_assert(ended);
  cr_assert_eq(code, 7);
  OK(acs_box_proc_kill(p, SIGTERM, &e_)); /* ended: no error */
  acs_box_proc_free(p);

  OK(acs_box_proc_kill(q, SIGTERM, &e_));
  acs_box_proc_wait(q, 10000, &ended, &code);
  cr_assert(ended);
  cr_assert_eq(code, 128 + SIGTERM);
  acs_box_proc_free(q);

  /* not found, and freeing one that runs */
  const char *nope[] = {"no-such-program"};
  o.argv = nope;
  acs_err e = {0};
  cr_assert_eq(acs_box_proc_start(box, &o, &p, &e), ACS_ENOENT);
  cr_assert(strstr(e.message, "no-such-program: command not found"), "%s", e.message);
  acs_err_clear(&e);
  const char *w[] = {"probe-wait"};
  o.argv = w;
  OK(acs_box_proc_start(box, &o, &p, &e_));
  acs_box_proc_free(p); /* killed */
  OK(acs_box_kill(box, -1, SIGKILL, &e_));
}

Test(box_api, snapshot_and_restore)
{
  OK(acs_box_write_file(box, "/app/a", "alpha", 5, 0641, ACS_BOX_WRITE_PARENTS, &e_));
  OK(acs_box_symlink(box, "a", "/app/l", &e_));
  char *snap = NULL;
  size_t len = 0;
  OK(acs_box_snapshot(box, &snap, &len, &e_));
  cr_assert_gt(len, 100);
  /* a POSIX tar: the manifest's pax global header first */
  cr_assert(!memcmp(snap + 257, "ustar", 6));
  cr_assert_eq(snap[156], 'g');
  cr_assert_eq(len % 512, 0);
  OK(acs_box_rm(box, "/app", true, false, &e_));
  OK(acs_box_write_file(box, "/new", "n", 1, 0, 0, &e_));
  OK(acs_box_restore(box, snap, len, &e_));
  char *data;
  size_t n;
  OK(acs_box_read_file(box, "/app/l", 0, &data, &n, &e_));
  cr_assert_str_eq(data, "alpha");
  acs_free(data);
  acs_box_stat st;
  OK(acs_box_stat_path(box, "/app/a", false, &st, &e_));
  cr_assert_eq(st.mode, S_IFREG | 0641);
  bool there;
  OK(acs_box_exists(box, "/new", &there, &e_));
  cr_assert(!there);
  /* programs run after a restore: the commands came back */
  const char *argv[] = {"probe-see", "/app/a"};
  acs_box_spawn_options o = {.version = ACS_BOX_SPAWN_OPTIONS_VERSION, .argv = argv, .argc = 2};
  acs_exec_result *r = NULL;
  OK(acs_box_spawn(box, &o, &r, &e_));
  cr_assert_str_eq(r->stdout_data, "5 alpha mode 641 uid 0\n");
  acs_exec_result_free(r);
  /* a flipped byte: refused, the box keeps its files */
  snap[len / 2] ^= 0x40;
  acs_err e = {0};
  cr_assert_eq(acs_box_restore(box, snap, len, &e), ACS_EINVAL);
  cr_assert(strstr(e.message, "checksum"), "%s", e.message);
  cr_assert_str_eq(e.type, "SandboxError");
  acs_err_clear(&e);
  cr_assert_eq(acs_box_restore(box, snap, 10, &e), ACS_EINVAL);
  cr_assert(strstr(e.message, "too short"), "%s", e.message);
  acs_err_clear(&e);
  OK(acs_box_exists(box, "/app/a", &there, &e_));
  cr_assert(there);
  /* not while a program runs */
  const char *w[] = {"probe-wait"};
  o.argv = w;
  o.argc = 1;
  acs_box_proc *p;
  OK(acs_box_proc_start(box, &o, &p, &e_));
  snap[len / 2] ^= 0x40;
  cr_assert_eq(acs_box_restore(box, snap, len, &e), -EBUSY);
  cr_assert(strstr(e.message, "processes running"), "%s", e.message);
  acs_err_clear(&e);
  acs_box_proc_free(p);
  acs_free(snap);
}

/* A host command: echo its args, then its stdin upper-cased on stdout, a
** note on stderr, status 9. */
static void greet(void *user, acs_box_command *cmd)
{
  int *runs = user;
  __atomic_add_fetch(runs, 1, __ATOMIC_SEQ_CST);
  size_t argc;
  const char *const *argv = acs_box_command_argv(cmd, &argc);
  char line[256];
  int n = snprintf(line, sizeof line, "%s %s in %s uid %d\n", acs_box_command_name(cmd),
                   argc > 1 ? argv[1] : "-", acs_box_command_cwd(cmd), acs_box_command_uid(cmd));
  acs_box_command_write(cmd, 1, line, (size_t)n);
  char buf[256];
  int64_t k;
  while ((k = acs_box_command_read(cmd, buf, sizeof buf)) > 0) {
    for (int64_t i = 0; i < k; i++)
      if (buf[i] >= 'a' && buf[i] <= 'z') buf[i] -= 32;
    acs_box_command_write(cmd, 1, buf, (size_t)k);
  }
  acs_box_command_write(cmd, 2, "done\n", 5);
  acs_box_command_exit(cmd, 9);
}

Test(box_api, commands_of_the_host)
{
  int runs = 0;
  acs_err e = {0};
  cr_assert_eq(acs_box_install_command(box, "-bad", NULL, &e), ACS_ECONFIG);
  acs_err_clear(&e);
  OK(acs_box_install_command(box, "greet", "say hello", &e_));
  /* no handler yet: the program says so */
  const char *argv[] = {"greet", "there"};
  acs_box_spawn_options o = {.version = ACS_BOX_SPAWN_OPTIONS_VERSION, .argv = argv, .argc = 2,
                             .stdin_data = "abc\n", .stdin_len = 4, .user = "agent", .cwd = "/tmp"};
  acs_exec_result *r = NULL;
  OK(acs_box_spawn(box, &o, &r, &e_));
  cr_assert_eq(r->exit_code, 126);
  cr_assert(strstr(r->stderr_data, "runs no commands"), "%s", r->stderr_data);
  acs_exec_result_free(r);
  OK(acs_box_on_command(box, greet, &runs, &e_));
  OK(acs_box_spawn(box, &o, &r, &e_));
  cr_assert_str_eq(r->stdout_data, "greet there in /tmp uid 1000\nABC\n");
  cr_assert_str_eq(r->stderr_data, "done\n");
  cr_assert_eq(r->exit_code, 9);
  acs_exec_result_free(r);
  /* --help is the box's own, from the summary */
  const char *h[] = {"/usr/bin/greet", "--help"};
  o.argv = h;
  OK(acs_box_spawn(box, &o, &r, &e_));
  cr_assert_str_eq(r->stdout_data, "Usage: greet [ARGUMENT]...\nsay hello\n(a command of the box's host)\n");
  acs_exec_result_free(r);
  cr_assert_eq(__atomic_load_n(&runs, __ATOMIC_SEQ_CST), 1);
  acs_box_stat st;
  OK(acs_box_stat_path(box, "/usr/bin/greet", false, &st, &e_));
  cr_assert_eq(st.mode, S_IFREG | 0755);
}

/* argv[0] without a slash is found as the box's execvp finds it: the
** first regular file of that name in the env's PATH (a directory of the
** name is passed over; an empty or relative entry is the cwd's), and
** nothing in PATH is "command not found" */
Test(box_api, a_name_is_looked_up_in_path)
{
  char *prog = NULL;
  size_t len = 0;
  OK(acs_box_read_file(box, "/usr/bin/probe-cat", 1 << 20, &prog, &len, &e_));
  OK(acs_box_write_file(box, "/opt/t/mycat", prog, len, 0755, ACS_BOX_WRITE_PARENTS, &e_));
  free(prog);
  OK(acs_box_mkdir(box, "/opt/d/mycat", 0755, true, &e_));
  struct {
    const char *path, *cwd;
    int code;
  } cases[] = {
      {"PATH=/nope:/opt/d:/opt/t", NULL, 7},
      {"PATH=/nope::/usr/bin", "/opt/t", 7},
      {"PATH=/nope:t", "/opt", 7},
      {"PATH=/nope:/opt/d", NULL, 127},
      {"PATH=", "/opt/t", 127},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *argv[] = {"mycat"}, *env[] = {cases[i].path};
    acs_box_spawn_options o = {.version = ACS_BOX_SPAWN_OPTIONS_VERSION, .argv = argv, .argc = 1,
                               .env = env, .env_count = 1, .cwd = cases[i].cwd};
    acs_exec_result *r = NULL;
    OK(acs_box_spawn(box, &o, &r, &e_));
    cr_assert_eq(r->exit_code, cases[i].code, "%s: %d %s", cases[i].path, r->exit_code, r->stderr_data);
    if (cases[i].code == 127)
      cr_assert(strstr(r->stderr_data, "mycat: command not found"), "%s", r->stderr_data);
    acs_exec_result_free(r);
  }
}
