/* box_pgrp.c - process groups, sessions and stops in the box's kernel
** (calls 64-71, WAIT's WUNTRACED and WCONTINUED), with programs of this
** test in place of the commands (this file defines the table): setpgid's
** and setsid's rules as Linux has them, the terminal calls refused on a
** descriptor that is no terminal, a stop and a continue reported to the
** parent, and by attack: ioctls that would type into the box's terminal
** or take it over are refused by the box's filter. */
#include <acs.h>
#include <criterion/criterion.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
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

static int child(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  acs_sys_ids ids;
  acs_sys_getids(&ids);
  /* a new session: allowed, it is not a group leader */
  if (argc > 1 && !strcmp(argv[1], "setsid")) return acs_sys_setsid() == ids.pid ? 0 : 1;
  if (argc > 1 && !strcmp(argv[1], "stop")) {
    acs_sys_kill(ids.pid, SIGSTOP);
    /* continued: it stays until killed, so the parent's WCONTINUED wait
    ** cannot meet its exit instead (Linux reports an exit first) */
    for (;;) pause();
  }
  for (;;) pause();
}

static int probe_pgrp(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  acs_sys_ids me;
  acs_sys_getids(&me);
  say("leader %d\n", me.pid == me.pgid && me.pid == me.sid);
  say("setsid-leader %d\n", acs_sys_setsid() == -EPERM);
  say("setpgid-session-leader %d\n", acs_sys_setpgid(0, 0) == -EPERM);
  char *cv[] = {"child", NULL}, *sv[] = {"child", "setsid", NULL}, *tv[] = {"child", "stop", NULL};
  char *env[] = {NULL};
  int c = acs_sys_spawn("/usr/bin/child", cv, env, NULL, 0);
  say("spawned %d\n", c > 0);
  say("own-group %d\n", acs_sys_setpgid(c, c));
  say("group-of-nobody %d\n", acs_sys_setpgid(c, 4000) == -EPERM);
  say("not-a-child %d\n", acs_sys_setpgid(1, 1) == -ESRCH);
  say("back-to-mine %d\n", acs_sys_setpgid(c, me.pgid));
  say("kill-group %d\n", acs_sys_kill(-me.pgid, 0));
  acs_sys_kill(c, SIGKILL);
  int w = 0;
  acs_sys_wait(c, &w, 0);
  int s = acs_sys_spawn("/usr/bin/child", sv, env, NULL, 0);
  acs_sys_wait(s, &w, 0);
  say("child-setsid %d\n", WIFEXITED(w) && WEXITSTATUS(w) == 0);
  /* a stop and a continue, as wait(2) reports them */
  int t = acs_sys_spawn("/usr/bin/child", tv, env, NULL, 0);
  int got = acs_sys_wait(t, &w, WUNTRACED);
  say("stopped %d sig %d\n", got == t && WIFSTOPPED(w), WIFSTOPPED(w) ? WSTOPSIG(w) : 0);
  say("nohang-after %d\n", acs_sys_wait(t, &w, WNOHANG | WUNTRACED));
  acs_sys_kill(t, SIGCONT);
  got = acs_sys_wait(t, &w, WCONTINUED | WUNTRACED);
  say("continued %d\n", got == t && WIFCONTINUED(w));
  acs_sys_kill(t, SIGKILL);
  got = acs_sys_wait(t, &w, 0);
  say("killed %d\n", got == t && WIFSIGNALED(w) ? WTERMSIG(w) : -1);
  /* no terminal here: stdout is a pipe */
  struct termios tio;
  int rows, cols;
  say("isatty %d\n", acs_sys_isatty(1));
  say("tcgetattr %d\n", acs_sys_tcgetattr(1, &tio) == -ENOTTY);
  say("tcsetattr %d\n", acs_sys_tcsetattr(1, TCSANOW, &tio) == -ENOTTY);
  say("tcsetpgrp %d\n", acs_sys_tcsetpgrp(1, me.pgid) == -ENOTTY);
  say("tcgetpgrp %d\n", acs_sys_tcgetpgrp(1) == -ENOTTY);
  say("winsz %d\n", acs_sys_getwinsz(1, &rows, &cols) == -ENOTTY);
  return 0;
}

/* TTY_ACCESS (75) sent raw, as only a program speaking the protocol
** itself can: a signal other than SIGTTIN/SIGTTOU is refused (it would be
** a way to signal the caller's group with anything, unasked), and a
** descriptor that is no terminal, or none at all, is simply "go on". */
static int64_t raw_access(int32_t fd, int32_t sig, int32_t takes)
{
  static unsigned char b[256], r[256];
  acs__msg m;
  acs__msg_init(&m, b, sizeof b, ACS__SYS_TTY_ACCESS, 901);
  acs__msg_i32(&m, fd);
  acs__msg_i32(&m, sig);
  acs__msg_i32(&m, takes);
  if (acs__msg_send(ACS__SYS_FD, &m)) return -9999;
  int fds[ACS__SYS_MAX_FDS], nfds = 0;
  ssize_t k = acs__msg_recv(ACS__SYS_FD, r, sizeof r, fds, &nfds);
  acs__sys_hdr h;
  acs__rd rd;
  int64_t res = -9999;
  if (k <= 0 || !acs__msg_parse(r, (size_t)k, &h, &rd) || !acs__rd_i64(&rd, &res)) return -9998;
  return res;
}

static int probe_access(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  say("sigkill %d\n", raw_access(1, SIGKILL, 1) == -EINVAL);
  say("sigstop %d\n", raw_access(1, SIGSTOP, 1) == -EINVAL);
  say("zero %d\n", raw_access(1, 0, 1) == -EINVAL);
  say("pipe %d\n", (int)raw_access(1, SIGTTIN, 1));
  say("no-fd %d\n", (int)raw_access(900, SIGTTOU, 1));
  say("negative-fd %d\n", (int)raw_access(-5, SIGTTIN, 0));
  say("alive %d\n", 1); /* nothing was sent to the caller's group */
  return 0;
}

/* ioctls a program of the box may not make, whatever the descriptor */
static int probe_ioctl(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  int fd = acs_sys_direct_fd(1);
  char ch = 'x';
  errno = 0;
  int r = ioctl(fd, TIOCSTI, &ch);
  say("tiocsti %d %d\n", r, errno == EPERM);
  int ld = 0;
  errno = 0;
  r = ioctl(fd, TIOCSETD, &ld);
  say("tiocsetd %d %d\n", r, errno == EPERM);
  errno = 0;
  r = ioctl(fd, TIOCSCTTY, 0);
  say("tiocsctty %d %d\n", r, errno == EPERM);
  pid_t pg = getpid();
  errno = 0;
  r = ioctl(fd, TIOCSPGRP, &pg);
  say("tiocspgrp %d %d\n", r, errno == EPERM);
  /* and what a program may ask: is it a terminal */
  errno = 0;
  struct termios t;
  r = ioctl(fd, TCGETS, &t);
  say("tcgets %d %d\n", r, errno == ENOTTY);
  return 0;
}

const acs__program acs__programs[] = {
    {"child", child, NULL},
    {"probe-access", probe_access, NULL},
    {"probe-ioctl", probe_ioctl, NULL},
    {"probe-pgrp", probe_pgrp, NULL},
};
const size_t acs__program_count = sizeof acs__programs / sizeof *acs__programs;

static acs_box *box;

static void setup(void)
{
  acs_err err = {0};
  cr_assert_eq(acs_box_new(NULL, &box, &err), 0, "%s", err.message ? err.message : "?");
}

static void teardown(void) { acs_box_free(box); }

TestSuite(box_pgrp, .init = setup, .fini = teardown, .timeout = 60);

static acs_exec_result *spawn(const char *prog)
{
  const char *argv[] = {prog};
  acs_box_spawn_options o = {.version = ACS_BOX_SPAWN_OPTIONS_VERSION, .argv = argv, .argc = 1,
                             .timeout_ms = 20000};
  acs_exec_result *r = NULL;
  acs_err err = {0};
  cr_assert_eq(acs_box_spawn(box, &o, &r, &err), 0, "spawn: %s", err.message ? err.message : "?");
  return r;
}

Test(box_pgrp, groups_sessions_and_stops)
{
  acs_exec_result *r = spawn("probe-pgrp");
  cr_expect_str_eq(r->stdout_data,
                   "leader 1\nsetsid-leader 1\nsetpgid-session-leader 1\nspawned 1\nown-group 0\n"
                   "group-of-nobody 1\nnot-a-child 1\nback-to-mine 0\nkill-group 0\nchild-setsid 1\n"
                   "stopped 1 sig 19\nnohang-after 0\ncontinued 1\nkilled 9\nisatty 0\n"
                   "tcgetattr 1\ntcsetattr 1\ntcsetpgrp 1\ntcgetpgrp 1\nwinsz 1\n",
                   "got: %s (stderr %s)", r->stdout_data, r->stderr_data);
  acs_exec_result_free(r);
}

Test(box_pgrp, terminal_ioctls_are_refused)
{
  acs_exec_result *r = spawn("probe-ioctl");
  cr_expect_str_eq(r->stdout_data,
                   "tiocsti -1 1\ntiocsetd -1 1\ntiocsctty -1 1\ntiocspgrp -1 1\ntcgets -1 1\n",
                   "got: %s (stderr %s)", r->stdout_data, r->stderr_data);
  acs_exec_result_free(r);
}

Test(box_pgrp, tty_access_refuses_other_signals)
{
  acs_exec_result *r = spawn("probe-access");
  cr_expect_str_eq(r->stdout_data,
                   "sigkill 1\nsigstop 1\nzero 1\npipe 0\nno-fd 0\nnegative-fd 0\nalive 1\n",
                   "got: %s (stderr %s)", r->stdout_data, r->stderr_data);
  acs_exec_result_free(r);
}
