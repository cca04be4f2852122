/* box_proc.c - programs in a box, from the host: started with their stdio
** on the caller's pipes and their end told on a pipe of their own
** (acs_box_proc_*), and acs_box_spawn, which runs one to its end with the
** output captured as acs_exec captures it. The owner socket is held only
** for the start and for a kill, so programs run side by side and the
** box's other calls go on meanwhile. */
#include "box_int.h"

#include "../base/base.h"
#include "../box/capture.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define DEFAULT_OUTPUT_CAP ((size_t)1 << 20)

struct acs_box_proc {
  acs_box *box;
  int32_t pid;
  int fd[4];     /* stdin (write), stdout, stderr (read), the end (read) */
  bool ended;
  bool kernel_gone; /* the end came as EOF: the kernel died */
  bool memory;      /* the box's memory limit ended it */
  int exit_code;
};

static void set_env(char **env, size_t *n, const char *item)
{
  size_t klen = strcspn(item, "=");
  for (size_t i = 0; i < *n; i++)
    if (!strncmp(env[i], item, klen) && env[i][klen] == '=') {
      env[i] = (char *)item;
      return;
    }
  env[(*n)++] = (char *)item;
}

/* Whether path is a directory of the box (as root): 0, or why not. */
static int dir_state(acs_box *b, const char *path)
{
  acs__msg m;
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_STAT, ++b->seq);
  acs__msg_i32(&m, AT_FDCWD);
  acs__msg_str(&m, path);
  acs__msg_i32(&m, 0);
  acs__rd rd;
  acs__sys_stat st;
  int64_t r = acs__box_rpc(b, &m, &rd);
  if (r < 0) return (int)-r;
  if (!acs__rd_stat(&rd, &st)) return EPROTO;
  return (st.mode & 0170000) == 0040000 ? 0 : ENOTDIR;
}

/* Why a start failed, for a person: the text a shell would print. */
static const char *start_why(int e)
{
  return e == ENOENT    ? "command not found"
         : e == ENOEXEC ? "cannot execute: not a program of this box"
         : e == EAGAIN  ? "cannot start: the box's process limit is reached"
                        : strerror(e);
}

/* Under b->lock: BOX_SPAWN with the child's stdio fds and end_w, the
** pipe its end is written to. Returns 0 with *pid, 0 with *pid 0 and *why the errno of a
** program that could not start (*prog what was tried), or a failure. */
static int start_locked(acs_box *b, const acs_box_spawn_options *o, const int stdio[3], int end_w,
                        int32_t *pid, int *why, char **prog, acs_err *err)
{
  *pid = 0;
  *why = 0;
  *prog = NULL;
  bool agent = o->user && !strcmp(o->user, "agent");
  if (o->user && !agent && strcmp(o->user, "root"))
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "user '%s' does not exist in the box: "
                     "use root or agent", o->user);
  if (!o->argv || o->argc == 0 || !o->argv[0] || !*o->argv[0])
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "argv must name a program");
  if (o->timeout_ms < 0 || o->max_output_bytes < 0)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "limits must be whole numbers >= 0");
  const char *home = agent ? "/home/agent" : "/root";
  char home_v[64], user_v[32], logname_v[32];
  snprintf(home_v, sizeof home_v, "HOME=%s", home);
  snprintf(user_v, sizeof user_v, "USER=%s", agent ? "agent" : "root");
  snprintf(logname_v, sizeof logname_v, "LOGNAME=%s", agent ? "agent" : "root");
  size_t ne = 0;
  char **env = calloc(o->env_count + 8, sizeof *env);
  if (!env) return ACS_ENOMEM;
  set_env(env, &ne, "PATH=/usr/local/bin:/usr/bin:/bin");
  set_env(env, &ne, home_v);
  set_env(env, &ne, user_v);
  set_env(env, &ne, logname_v);
  set_env(env, &ne, "SHELL=/bin/sh");
  set_env(env, &ne, "LANG=C.UTF-8");
  set_env(env, &ne, "TZ=UTC");
  for (size_t i = 0; i < o->env_count; i++) {
    if (!o->env[i] || !strchr(o->env[i], '=') || o->env[i][0] == '=') {
      free(env);
      return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "env item '%s' is not NAME=VALUE",
                       o->env[i] ? o->env[i] : "(null)");
    }
    set_env(env, &ne, o->env[i]);
  }
  if (o->argc > ACS__SYS_MAX_ARGS || ne > ACS__SYS_MAX_ARGS) {
    free(env);
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "argv and env may have at most %d items each "
                     "(got %zu and %zu)", ACS__SYS_MAX_ARGS, o->argc, ne);
  }
  acs__msg m;
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__BOX_SPAWN, ++b->seq);
  /* a name without a slash is looked up in the env's PATH by the kernel */
  acs__msg_str(&m, o->argv[0]);
  acs__msg_u32(&m, (uint32_t)o->argc);
  for (size_t i = 0; i < o->argc; i++) acs__msg_str(&m, o->argv[i]);
  acs__msg_u32(&m, (uint32_t)ne);
  for (size_t i = 0; i < ne; i++) acs__msg_str(&m, env[i]);
  acs__msg_str(&m, o->cwd ? o->cwd : home);
  acs__msg_u32(&m, agent ? 1000 : 0);
  acs__msg_u32(&m, agent ? 1000 : 0);
  for (int i = 0; i < 3; i++) acs__msg_fd(&m, stdio[i]);
  acs__msg_fd(&m, end_w); /* its end is written there (WAITFD's, in the same trip) */
  acs__rd rd;
  int64_t r = acs__box_rpc(b, &m, &rd);
  free(env);
  if (r == -EPIPE || r == -EPROTO)
    return acs__fail(err, ACS_EENV, ACS__ENV, "the box's kernel is gone");
  if (r == -E2BIG)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "argv and env are too long for one spawn");
  if (r == -ENFILE)
    return acs__fail(err, ACS_EACCES, ACS__ENV, "too many programs started by the host run at "
                     "once in this box (64): wait for one to end");
  if (r < 0 && o->cwd && (r == -ENOENT || r == -ENOTDIR || r == -EACCES)) {
    /* the working directory, not the program, may be what is missing */
    int d = dir_state(b, o->cwd);
    if (d || r == -EACCES) {
      return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "cwd '%s' %s", o->cwd,
                       d == ENOENT ? "does not exist in the box"
                       : d ? "is not a directory in the box"
                           : "cannot be entered by the box's user (Permission denied)");
    }
  }
  if (r < 0) {
    *why = (int)-r;
    *prog = strdup(o->argv[0]);
    return *prog ? 0 : ACS_ENOMEM;
  }
  *pid = (int32_t)r;
  return 0;
}

/* Start o's program with fresh pipes; on success *pr holds them. *why and
** *prog as start_locked's. */
static int proc_start(acs_box *b, const acs_box_spawn_options *o, acs_box_proc **pr, int *why,
                      char **prog, acs_err *err)
{
  *pr = NULL;
  int pin[2] = {-1, -1}, pout[2] = {-1, -1}, perr[2] = {-1, -1}, pend[2] = {-1, -1};
  acs_box_proc *p = calloc(1, sizeof *p);
  if (!p) return acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
  int rc = 0;
  if (pipe2(pin, O_CLOEXEC) < 0 || pipe2(pout, O_CLOEXEC) < 0 || pipe2(perr, O_CLOEXEC) < 0 ||
      pipe2(pend, O_CLOEXEC) < 0) {
    rc = acs__fail(err, ACS_EENV, ACS__ENV, "could not make pipes: %s", strerror(errno));
  } else {
    /* merged: one pipe for both, so their order stays; stderr's reader
    ** meets its end at once */
    int stdio[3] = {pin[0], pout[1], o->merge_stderr ? pout[1] : perr[1]};
    if (o->merge_stderr) {
      close(perr[1]);
      perr[1] = -1;
    }
    int32_t pid = 0;
    pthread_mutex_lock(&b->lock);
    rc = start_locked(b, o, stdio, pend[1], &pid, why, prog, err);
    pthread_mutex_unlock(&b->lock);
    p->pid = pid;
  }
  /* the kernel holds its copies */
  int mine[] = {pin[0], pout[1], perr[1], pend[1]};
  for (int i = 0; i < 4; i++)
    if (mine[i] >= 0) close(mine[i]);
  if (rc || *why) {
    int theirs[] = {pin[1], pout[0], perr[0], pend[0]};
    for (int i = 0; i < 4; i++)
      if (theirs[i] >= 0) close(theirs[i]);
    free(p);
    return rc;
  }
  p->box = b;
  p->fd[0] = pin[1];
  p->fd[1] = pout[0];
  p->fd[2] = perr[0];
  p->fd[3] = pend[0];
  for (int i = 0; i < 4; i++) fcntl(p->fd[i], F_SETFL, O_NONBLOCK);
  *pr = p;
  return 0;
}

int acs_box_proc_start(acs_box *b, const acs_box_spawn_options *o, acs_box_proc **out, acs_err *err)
{
  *out = NULL;
  if (!b || !o) return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "no box or no options");
  if (o->version != ACS_BOX_SPAWN_OPTIONS_VERSION)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "acs_box_spawn_options.version must be %d",
                     ACS_BOX_SPAWN_OPTIONS_VERSION);
  int why = 0;
  char *prog = NULL;
  int rc = proc_start(b, o, out, &why, &prog, err);
  if (!rc && why) {
    rc = acs__fail(err, why == ENOENT ? ACS_ENOENT : ACS_EACCES, ACS__ENV, "%s: %s", prog,
                   start_why(why));
  }
  free(prog);
  return rc;
}

int acs_box_proc_pid(const acs_box_proc *p) { return p ? p->pid : -1; }

int acs_box_proc_fd(const acs_box_proc *p, int which)
{
  return p && which >= 0 && which < 4 ? p->fd[which] : -1;
}

void acs_box_proc_close_stdin(acs_box_proc *p)
{
  if (p && p->fd[0] >= 0) {
    close(p->fd[0]);
    p->fd[0] = -1;
  }
}

int acs_box_proc_kill(acs_box_proc *p, int sig, acs_err *err)
{
  if (!p || sig < 1 || sig > 64)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "a signal is a number from 1 to 64");
  if (p->ended) return 0;
  return acs_box_kill(p->box, p->pid, sig, err);
}

int acs_box_kill(acs_box *b, int pid, int sig, acs_err *err)
{
  if (!b || sig < 1 || sig > 64 || pid == 0 || pid < -1)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "a signal is a number from 1 to 64, a pid > 0 or -1");
  pthread_mutex_lock(&b->lock);
  acs__msg m;
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__BOX_KILL, ++b->seq);
  acs__msg_i32(&m, pid);
  acs__msg_i32(&m, sig);
  acs__rd rd;
  int64_t r = acs__box_rpc(b, &m, &rd);
  pthread_mutex_unlock(&b->lock);
  if (r == -EPIPE || r == -EPROTO) return acs__fail(err, ACS_EENV, ACS__ENV, "the box's kernel is gone");
  return 0; /* -ESRCH: it ended meanwhile */
}

int acs_box_proc_wait(acs_box_proc *p, int64_t timeout_ms, bool *ended, int *exit_code)
{
  *ended = false;
  *exit_code = 0;
  if (!p) return ACS_EINVAL;
  double until = timeout_ms > 0 ? acs__now_ms() + (double)timeout_ms : 0;
  while (!p->ended) {
    int32_t st[3];
    ssize_t n = read(p->fd[3], st, sizeof st);
    if (n == (ssize_t)sizeof st) {
      p->ended = true;
      p->memory = (st[2] & ACS__WAITFD_MEMORY) != 0;
      p->exit_code = WIFSIGNALED(st[1]) ? 128 + WTERMSIG(st[1]) : WEXITSTATUS(st[1]);
      break;
    }
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) || (n > 0)) {
      p->ended = true; /* the kernel went away: its processes with it */
      p->kernel_gone = true;
      p->exit_code = 128 + SIGKILL;
      break;
    }
    if (n < 0 && errno == EINTR) continue;
    int wait_ms = -1;
    if (timeout_ms == 0) return 0;
    if (timeout_ms > 0) {
      double left = until - acs__now_ms();
      if (left <= 0) return 0;
      wait_ms = (int)left + 1;
    }
    struct pollfd pf = {.fd = p->fd[3], .events = POLLIN};
    poll(&pf, 1, wait_ms);
  }
  *ended = true;
  *exit_code = p->exit_code;
  return 0;
}

void acs_box_proc_free(acs_box_proc *p)
{
  if (!p) return;
  bool ended;
  int code;
  acs_box_proc_wait(p, 0, &ended, &code);
  if (!ended) acs_box_proc_kill(p, SIGKILL, NULL);
  for (int i = 0; i < 4; i++)
    if (p->fd[i] >= 0) close(p->fd[i]);
  free(p);
}

/* ------------------------------------------------------- run to the end */

static void add_output(acs__capture *c, const acs_box_spawn_options *o, int stream,
                       const char *data, size_t n)
{
  size_t live = acs__capture_add(c, data, n);
  if (live && o->on_output) o->on_output(o->on_output_user, stream, data, live);
}

static char *finish(acs__capture *c, const acs_box_spawn_options *o, int stream, size_t *len,
                    bool *truncated)
{
  acs__buf out = {0};
  acs__buf_append(&out, c->head.data ? c->head.data : "", c->head.len);
  acs__buf rest = {0};
  if (acs__capture_rest(c, &rest)) *truncated = true;
  if (rest.len && o->on_output) o->on_output(o->on_output_user, stream, rest.data, rest.len);
  acs__buf_append(&out, rest.data ? rest.data : "", rest.len);
  acs__buf_free(&rest);
  return acs__buf_take(&out, len);
}

/* A program that did not start: its reason on stderr (live too), the
** status a shell gives. */
static acs_exec_result *refusal(const acs_box_spawn_options *o, const char *what, int e)
{
  acs_exec_result *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  acs__buf eb = {0};
  acs__buf_printf(&eb, "acs: %s: %s\n", what, start_why(e));
  r->stderr_data = acs__buf_take(&eb, &r->stderr_len);
  if (o->on_output && r->stderr_data) o->on_output(o->on_output_user, 2, r->stderr_data, r->stderr_len);
  r->stdout_data = calloc(1, 1);
  r->has_exit_code = true;
  r->exit_code = e == ENOENT ? 127 : 126;
  return r;
}

int acs_box_spawn(acs_box *b, const acs_box_spawn_options *o, acs_exec_result **out,
                  acs_err *err)
{
  *out = NULL;
  if (!b || !o) return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "no box or no options");
  if (o->version != ACS_BOX_SPAWN_OPTIONS_VERSION)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "acs_box_spawn_options.version must be %d",
                     ACS_BOX_SPAWN_OPTIONS_VERSION);
  double t0 = acs__now_ms();
  acs_box_proc *p = NULL;
  int why = 0;
  char *prog = NULL;
  int rc = proc_start(b, o, &p, &why, &prog, err);
  if (rc) return rc;
  if (why) {
    *out = refusal(o, prog, why);
    free(prog);
    return *out ? 0 : ACS_ENOMEM;
  }
  acs__capture cout = {0}, cerr = {0};
  acs_exec_result *res = calloc(1, sizeof *res);
  size_t cap = o->max_output_bytes > 0 ? (size_t)o->max_output_bytes : DEFAULT_OUTPUT_CAP;
  if (!res || acs__capture_init(&cout, "stdout", cap) || acs__capture_init(&cerr, "stderr", cap)) {
    rc = ACS_ENOMEM;
    goto done;
  }
  size_t in_off = 0;
  if (!o->stdin_len) acs_box_proc_close_stdin(p);
  double deadline = o->timeout_ms > 0 ? t0 + (double)o->timeout_ms : 0;
  bool ended = false, timed_out = false;
  int code = 0;
  char buf[65536];
  while (!ended) {
    struct pollfd pf[4] = {{.fd = p->fd[3], .events = POLLIN}, {.fd = p->fd[1], .events = POLLIN},
                           {.fd = p->fd[2], .events = POLLIN}, {.fd = p->fd[0], .events = POLLOUT}};
    int wait_ms = -1;
    if (deadline > 0 && !timed_out) {
      double left = deadline - acs__now_ms();
      wait_ms = left <= 0 ? 0 : (int)left + 1;
    }
    int n = poll(pf, 4, wait_ms);
    if (n < 0 && errno != EINTR) break;
    if (deadline > 0 && !timed_out && acs__now_ms() >= deadline) {
      timed_out = true;
      acs_box_proc_kill(p, SIGKILL, NULL);
    }
    for (int s = 1; s <= 2; s++) {
      if (!(pf[s].revents & (POLLIN | POLLHUP))) continue;
      ssize_t k = read(p->fd[s], buf, sizeof buf);
      if (k > 0) add_output(s == 1 ? &cout : &cerr, o, s, buf, (size_t)k);
      else if (k == 0) {
        close(p->fd[s]);
        p->fd[s] = -1;
      }
    }
    if (p->fd[0] >= 0 && (pf[3].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t k = write(p->fd[0], o->stdin_data + in_off, o->stdin_len - in_off);
      if (k > 0) in_off += (size_t)k;
      if (k < 0 && errno != EAGAIN) in_off = o->stdin_len; /* the reader is gone */
      if (in_off >= o->stdin_len) acs_box_proc_close_stdin(p);
    }
    if (pf[0].revents) acs_box_proc_wait(p, 0, &ended, &code);
  }
  /* What the program wrote before it ended is in the pipes: take it (a
  ** process it left behind may keep them open; it is not waited for). */
  for (int s = 1; s <= 2; s++) {
    ssize_t k;
    while (p->fd[s] >= 0 && (k = read(p->fd[s], buf, sizeof buf)) > 0)
      add_output(s == 1 ? &cout : &cerr, o, s, buf, (size_t)k);
  }
  if (p->kernel_gone) {
    rc = acs__fail(err, ACS_EENV, ACS__ENV, "the box's kernel is gone");
    goto done;
  }
  res->stdout_data = finish(&cout, o, 1, &res->stdout_len, &res->truncated);
  res->stderr_data = finish(&cerr, o, 2, &res->stderr_len, &res->truncated);
  res->duration_ms = acs__now_ms() - t0;
  if (timed_out) {
    res->timed_out = true;
    res->stopped_by = "timeout";
  } else if (p->memory) {
    res->stopped_by = "memory";
  } else {
    res->has_exit_code = true;
    res->exit_code = code;
  }
  *out = res;
  res = NULL;
done:
  acs__capture_free(&cout);
  acs__capture_free(&cerr);
  acs_exec_result_free(res);
  acs_box_proc_free(p);
  return rc;
}
