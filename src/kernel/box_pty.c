/* box_pty.c - a program on a terminal of the box that the host talks to
** while it runs (acs_box_pty_* in acs.h): the terminal's relay (the
** owner's end of the kernel's pty) and the program's end on a pipe of its
** own (WAITFD), so the owner socket is held only for the start, a resize
** and the hang-up, and the box's other calls go on meanwhile. */
#include "box_int.h"

#include "../base/base.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct acs_box_pty {
  acs_box *box;
  int32_t pid, tty;
  int fd[2];        /* the relay, the end (read) */
  bool hung, ended, kernel_gone;
  int exit_code;
};

static int gone(acs_err *err) { return acs__fail(err, ACS_EENV, ACS__ENV, "the box's kernel is gone"); }

/* Under b->lock: the terminal, the program on it, its end on end_w. */
static int start_locked(acs_box *b, const acs_box_terminal_options *o, char **env, bool agent,
                        int rows, int cols, int end_w, acs_box_pty *t, acs_err *err)
{
  static const char *const dflt[] = {"bash", "-i"};
  const char *const *argv = o->argv ? o->argv : dflt;
  size_t argc = o->argv ? o->argc : 2;
  int64_t tty = acs__box_tty_open(b, rows, cols, true, &t->fd[0]);
  if (tty == -EPIPE || tty == -EPROTO) return gone(err);
  if (tty <= 0)
    return acs__fail(err, ACS_EENV, ACS__ENV, "the box could not open a terminal: %s",
                     strerror(tty < 0 ? (int)-tty : EIO));
  t->tty = (int32_t)tty;
  const char *cwd = o->cwd ? o->cwd : agent ? "/home/agent" : "/root";
  int64_t pid = acs__box_spawn_ex(b, o->argv ? argv[0] : "/bin/bash", argv, argc, env, cwd, agent,
                                  t->tty, NULL, NULL, 0);
  if (pid == -EPIPE || pid == -EPROTO) return gone(err);
  if (pid < 0)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "%s could not start on a terminal in %s: %s",
                     argv[0], cwd, strerror((int)-pid));
  acs__msg m;
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__BOX_WAITFD, ++b->seq);
  acs__msg_i32(&m, (int32_t)pid);
  acs__msg_fd(&m, end_w);
  acs__rd rd;
  int64_t w = acs__box_rpc(b, &m, &rd);
  if (w < 0) {
    /* no way to learn its end: it must not run unwatched */
    acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__BOX_KILL, ++b->seq);
    acs__msg_i32(&m, (int32_t)pid);
    acs__msg_i32(&m, SIGKILL);
    acs__box_rpc(b, &m, &rd);
    return w == -EAGAIN ? acs__fail(err, ACS_EACCES, ACS__ENV, "too many programs started by the "
                                    "host run at once in this box (64): wait for one to end")
                        : gone(err);
  }
  t->pid = (int32_t)pid;
  return 0;
}

static bool size_ok(int rows, int cols) { return rows >= 1 && rows <= 1000 && cols >= 1 && cols <= 1000; }

int acs_box_pty_open(acs_box *b, const acs_box_terminal_options *o, int rows, int cols,
                     acs_box_pty **out, acs_err *err)
{
  *out = NULL;
  if (!b || !o) return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "no box or no options");
  if (o->version != ACS_BOX_TERMINAL_OPTIONS_VERSION)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "acs_box_terminal_options.version must be %d",
                     ACS_BOX_TERMINAL_OPTIONS_VERSION);
  if (o->argv && (!o->argc || !o->argv[0] || o->argv[0][0] != '/'))
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "argv[0] must be an absolute box path");
  if (rows == 0 && cols == 0) rows = 24, cols = 80;
  if (!size_ok(rows, cols))
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "a terminal is 1 to 1000 rows by 1 to 1000 "
                     "columns, not %d x %d", rows, cols);
  bool agent;
  if (!acs__box_user_ok(o->user, &agent, err)) return ACS_ECONFIG;
  char **env = acs__box_env(o->env, o->env_count, agent, "TERM=xterm-256color", err);
  if (!env) return err && err->code ? err->code : ACS_ENOMEM;
  acs_box_pty *t = calloc(1, sizeof *t);
  int end[2] = {-1, -1};
  int rc = 0;
  if (!t) rc = acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
  else if (pipe2(end, O_CLOEXEC) < 0)
    rc = acs__fail(err, ACS_EENV, ACS__ENV, "could not make a pipe: %s", strerror(errno));
  if (!rc) {
    t->fd[0] = -1;
    pthread_mutex_lock(&b->lock);
    rc = start_locked(b, o, env, agent, rows, cols, end[1], t, err);
    pthread_mutex_unlock(&b->lock);
  }
  free(env);
  if (end[1] >= 0) close(end[1]); /* the kernel holds its copy */
  if (rc) {
    /* a terminal no descriptor names is freed by the kernel */
    if (t && t->fd[0] >= 0) close(t->fd[0]);
    if (end[0] >= 0) close(end[0]);
    free(t);
    return rc;
  }
  t->box = b;
  t->fd[1] = end[0];
  for (int i = 0; i < 2; i++) fcntl(t->fd[i], F_SETFL, O_NONBLOCK);
  fcntl(t->fd[0], F_SETFD, FD_CLOEXEC);
  *out = t;
  return 0;
}

int acs_box_pty_pid(const acs_box_pty *t) { return t ? t->pid : -1; }

bool acs__box_pty_kernel_gone(const acs_box_pty *t) { return t && t->kernel_gone; }

int acs_box_pty_fd(const acs_box_pty *t, int which) { return t && which >= 0 && which < 2 ? t->fd[which] : -1; }

static int64_t call(acs_box *b, uint16_t op, int32_t tty, int rows, int cols, bool size)
{
  pthread_mutex_lock(&b->lock);
  acs__msg m;
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, op, ++b->seq);
  acs__msg_i32(&m, tty);
  if (size) {
    acs__msg_u32(&m, (uint32_t)rows);
    acs__msg_u32(&m, (uint32_t)cols);
  }
  acs__rd rd;
  int64_t r = acs__box_rpc(b, &m, &rd);
  pthread_mutex_unlock(&b->lock);
  return r;
}

int acs_box_pty_resize(acs_box_pty *t, int rows, int cols, acs_err *err)
{
  if (!t || !size_ok(rows, cols))
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "a terminal is 1 to 1000 rows by 1 to 1000 "
                     "columns, not %d x %d", rows, cols);
  if (t->hung) return 0;
  int64_t r = call(t->box, ACS__BOX_TTY_RESIZE, t->tty, rows, cols, true);
  if (r == -EPIPE || r == -EPROTO) return gone(err);
  return 0;
}

int acs_box_pty_wait(acs_box_pty *t, int64_t timeout_ms, bool *ended, int *exit_code)
{
  *ended = false;
  *exit_code = 0;
  if (!t) return ACS_EINVAL;
  double until = timeout_ms > 0 ? acs__now_ms() + (double)timeout_ms : 0;
  while (!t->ended) {
    int32_t st[3];
    ssize_t n = read(t->fd[1], st, sizeof st);
    if (n == (ssize_t)sizeof st) {
      t->ended = true;
      t->exit_code = WIFSIGNALED(st[1]) ? 128 + WTERMSIG(st[1]) : WEXITSTATUS(st[1]);
      break;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n >= 0 || errno != EAGAIN) {
      t->ended = true; /* the kernel went away: its processes with it */
      t->kernel_gone = true;
      t->exit_code = 128 + SIGKILL;
      break;
    }
    if (timeout_ms == 0) return 0;
    int wait_ms = -1;
    if (timeout_ms > 0) {
      double left = until - acs__now_ms();
      if (left <= 0) return 0;
      wait_ms = (int)left + 1;
    }
    struct pollfd pf = {.fd = t->fd[1], .events = POLLIN};
    poll(&pf, 1, wait_ms);
  }
  *ended = true;
  *exit_code = t->exit_code;
  return 0;
}

void acs_box_pty_hangup(acs_box_pty *t)
{
  if (!t || t->hung) return;
  t->hung = true;
  call(t->box, ACS__BOX_TTY_CLOSE, t->tty, 0, 0, false);
}

void acs_box_pty_free(acs_box_pty *t)
{
  if (!t) return;
  acs_box_pty_hangup(t);
  bool ended;
  int code;
  acs_box_pty_wait(t, 0, &ended, &code);
  if (!ended) acs_box_kill(t->box, t->pid, SIGKILL, NULL);
  for (int i = 0; i < 2; i++)
    if (t->fd[i] >= 0) close(t->fd[i]);
  free(t);
}
