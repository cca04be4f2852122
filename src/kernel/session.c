/* session.c - the host side of the box's sessions and of its interactive
** terminal (acs_box_session_*, acs_box_terminal in acs.h).
**
** A session's shell is `bash --acs-session` with stdin /dev/null, its
** stdout and stderr on pipes that stay the same for the session, and two
** more pipes: scripts come on box fd 250 (u32 length, then the text) and
** the shell answers each with its status on fd 251 (u32) once it is back
** at its prompt, after its own output is written. Everything a run's
** commands wrote is then in the pipes, so the run's output is what was
** read before the status plus what is left in the pipes. The shell leads
** a session on a terminal of the box without a relay (fd 252): it makes
** each job the terminal's foreground group, which the owner signals to
** stop a run. */
#include "kernel.h"

#include "../base/base.h"
#include "../box/capture.h"
#include "box_int.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#define DEFAULT_OUTPUT_CAP ((size_t)1 << 20)
#define GRACE_MS 2000.0 /* from SIGINT to SIGKILL for a stopped run */

struct acs_box_session {
  acs_box *box;
  int32_t pid, tty;
  int out, err, ctl_in, ctl_out; /* host ends */
  int cancel[2];                 /* a byte here stops the current run */
  volatile int running;
  bool dead;
  int exit_status;
};

/* The environment a box program starts with, and the caller's items. */
char **acs__box_env(const char *const *items, size_t n, bool agent, const char *term, acs_err *err)
{
  char **env = calloc(n + 12, sizeof *env);
  if (!env) return NULL;
  size_t ne = 0;
  const char *defaults[] = {"PATH=/usr/local/bin:/usr/bin:/bin",
                            agent ? "HOME=/home/agent" : "HOME=/root",
                            agent ? "USER=agent" : "USER=root",
                            agent ? "LOGNAME=agent" : "LOGNAME=root",
                            "SHELL=/bin/sh", "LANG=C.UTF-8", "TZ=UTC", term};
  for (size_t i = 0; i < sizeof defaults / sizeof *defaults; i++)
    if (defaults[i]) env[ne++] = (char *)defaults[i];
  for (size_t i = 0; i < n; i++) {
    const char *it = items[i];
    if (!it || !strchr(it, '=') || it[0] == '=') {
      acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "env item '%s' is not NAME=VALUE", it ? it : "(null)");
      free(env);
      return NULL;
    }
    size_t kl = strcspn(it, "=");
    size_t j = 0;
    while (j < ne && !(strncmp(env[j], it, kl) == 0 && env[j][kl] == '=')) j++;
    env[j] = (char *)it;
    if (j == ne) ne++;
  }
  return env;
}

static int kernel_gone(acs_err *err) { return acs__fail(err, ACS_EENV, ACS__ENV, "the box's kernel is gone"); }

int64_t acs__box_tty_open(acs_box *b, int rows, int cols, bool relay, int *fd)
{
  acs__msg m;
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__BOX_TTY_OPEN, ++b->seq);
  acs__msg_u32(&m, (uint32_t)rows);
  acs__msg_u32(&m, (uint32_t)cols);
  acs__msg_u32(&m, relay);
  acs__rd rd;
  if (acs__msg_send(b->sock, &m)) return -EPIPE;
  int64_t r = acs__box_reply_fd(b, b->seq, &rd, fd);
  if (r >= 0 && relay && *fd < 0) r = -EPROTO;
  return r;
}

static int64_t simple_call(acs_box *b, uint16_t op, int32_t a, int32_t c, int32_t d, int nargs)
{
  acs__msg m;
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, op, ++b->seq);
  acs__msg_i32(&m, a);
  if (nargs > 1) acs__msg_i32(&m, c);
  if (nargs > 2) acs__msg_i32(&m, d);
  acs__rd rd;
  return acs__box_rpc(b, &m, &rd);
}

/* BOX_SPAWN_EX: the program with the terminal tty (or -1) and the child
** fds childfd[i] from fds[i] (-1 there: the terminal). */
int64_t acs__box_spawn_ex(acs_box *b, const char *path, const char *const *argv, size_t argc,
                        char **env, const char *cwd, bool agent, int32_t tty, const int *childfd,
                        const int *fds, int n)
{
  acs__msg m;
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__BOX_SPAWN_EX, ++b->seq);
  acs__msg_str(&m, path);
  acs__msg_u32(&m, (uint32_t)argc);
  for (size_t i = 0; i < argc; i++) acs__msg_str(&m, argv[i]);
  uint32_t ne = 0;
  while (env[ne]) ne++;
  acs__msg_u32(&m, ne);
  for (uint32_t i = 0; i < ne; i++) acs__msg_str(&m, env[i]);
  acs__msg_str(&m, cwd);
  acs__msg_u32(&m, agent ? 1000 : 0);
  acs__msg_u32(&m, agent ? 1000 : 0);
  acs__msg_i32(&m, tty);
  acs__msg_u32(&m, (uint32_t)n);
  for (int i = 0; i < n; i++) {
    acs__msg_i32(&m, childfd[i]);
    acs__msg_i32(&m, fds[i] < 0 ? -2 : -1);
    if (fds[i] >= 0) acs__msg_fd(&m, fds[i]);
  }
  acs__rd rd;
  return acs__box_rpc(b, &m, &rd);
}

static int64_t box_wait(acs_box *b, int32_t pid, int *status)
{
  acs__msg m;
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__BOX_WAIT, ++b->seq);
  acs__msg_i32(&m, pid);
  acs__rd rd;
  int64_t r = acs__box_rpc(b, &m, &rd);
  int32_t got, st;
  if (r == 0 && acs__rd_i32(&rd, &got) && acs__rd_i32(&rd, &st)) *status = st;
  return r;
}

static int shell_status(int w) { return WIFSIGNALED(w) ? 128 + WTERMSIG(w) : WEXITSTATUS(w); }

bool acs__box_user_ok(const char *user, bool *agent, acs_err *err)
{
  *agent = user && !strcmp(user, "agent");
  if (user && !*agent && strcmp(user, "root")) {
    acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "user '%s' does not exist in the box: use root or agent", user);
    return false;
  }
  return true;
}

int acs_box_session_new(acs_box *b, const acs_box_session_options *o, acs_box_session **out,
                        acs_err *err)
{
  *out = NULL;
  acs_box_session_options none = {.version = ACS_BOX_SESSION_OPTIONS_VERSION};
  if (!o) o = &none;
  if (!b) return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "no box");
  if (o->version != ACS_BOX_SESSION_OPTIONS_VERSION)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "acs_box_session_options.version must be %d",
                     ACS_BOX_SESSION_OPTIONS_VERSION);
  bool agent;
  if (!acs__box_user_ok(o->user, &agent, err)) return ACS_ECONFIG;
  char **env = acs__box_env(o->env, o->env_count, agent, NULL, err);
  if (!env) return err && err->code ? err->code : ACS_ENOMEM;
  acs_box_session *s = calloc(1, sizeof *s);
  int p[4][2] = {{-1, -1}, {-1, -1}, {-1, -1}, {-1, -1}};
  int null = open("/dev/null", O_RDWR | O_CLOEXEC);
  int rc = 0;
  if (!s || null < 0) {
    rc = ACS_ENOMEM;
    goto fail;
  }
  s->cancel[0] = s->cancel[1] = -1;
  for (int i = 0; i < 4; i++)
    if (pipe2(p[i], O_CLOEXEC) < 0) {
      rc = acs__fail(err, ACS_EENV, ACS__ENV, "could not make pipes: %s", strerror(errno));
      goto fail;
    }
  if (pipe2(s->cancel, O_CLOEXEC | O_NONBLOCK) < 0) {
    rc = acs__fail(err, ACS_EENV, ACS__ENV, "could not make pipes: %s", strerror(errno));
    goto fail;
  }
  pthread_mutex_lock(&b->lock);
  int fdummy = -1;
  int64_t tty = acs__box_tty_open(b, 24, 80, false, &fdummy);
  int64_t pid = -EPIPE;
  if (tty > 0) {
    static const char *const argv[] = {"bash", "--acs-session"};
    const int childfd[] = {0, 1, 2, 250, 251, 252};
    const int fds[] = {null, p[0][1], p[1][1], p[2][0], p[3][1], -1};
    pid = acs__box_spawn_ex(b, "/bin/bash", argv, 2, env, o->cwd ? o->cwd : agent ? "/home/agent" : "/root",
                   agent, (int32_t)tty, childfd, fds, 6);
  }
  pthread_mutex_unlock(&b->lock);
  if (tty == -EPIPE || tty == -EPROTO || pid == -EPIPE || pid == -EPROTO) {
    rc = kernel_gone(err);
    goto fail;
  }
  if (tty < 0 || pid < 0) {
    int e = (int)-(tty < 0 ? tty : pid);
    rc = acs__fail(err, e == ENOENT || e == ENOTDIR || e == EACCES ? ACS_ECONFIG : ACS_EENV,
                   e == ENOENT || e == ENOTDIR || e == EACCES ? ACS__CONFIG : ACS__ENV,
                   "the session's shell could not start%s%s: %s", o->cwd ? " in " : "",
                   o->cwd ? o->cwd : "", strerror(e));
    goto fail;
  }
  s->box = b;
  s->pid = (int32_t)pid;
  s->tty = (int32_t)tty;
  s->out = p[0][0];
  s->err = p[1][0];
  s->ctl_in = p[2][1];
  s->ctl_out = p[3][0];
  close(p[0][1]);
  close(p[1][1]);
  close(p[2][0]);
  close(p[3][1]);
  fcntl(s->out, F_SETFL, O_NONBLOCK);
  fcntl(s->err, F_SETFL, O_NONBLOCK);
  close(null);
  free(env);
  *out = s;
  return 0;
fail:
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 2; j++)
      if (p[i][j] >= 0) close(p[i][j]);
  if (s && s->cancel[0] >= 0) close(s->cancel[0]), close(s->cancel[1]);
  if (null >= 0) close(null);
  free(s);
  free(env);
  return rc;
}

bool acs_box_session_alive(const acs_box_session *s) { return s && !s->dead; }

void acs_box_session_cancel(acs_box_session *s)
{
  if (!s || !s->running) return;
  char c = 1;
  ssize_t w = write(s->cancel[1], &c, 1);
  (void)w;
}

/* The shell has exited: its status, once. */
static void session_ended(acs_box_session *s)
{
  if (s->dead) return;
  s->dead = true;
  int st = 0;
  pthread_mutex_lock(&s->box->lock);
  int64_t r = box_wait(s->box, s->pid, &st);
  pthread_mutex_unlock(&s->box->lock);
  s->exit_status = r == 0 ? shell_status(st) : 255;
}

static void add_output(acs__capture *c, const acs_box_run_options *o, int stream, const char *d, size_t n)
{
  size_t live = acs__capture_add(c, d, n);
  if (live && o->on_output) o->on_output(o->on_output_user, stream, d, live);
}

static char *finish(acs__capture *c, const acs_box_run_options *o, int stream, size_t *len, bool *trunc)
{
  acs__buf out = {0};
  acs__buf_append(&out, c->head.data ? c->head.data : "", c->head.len);
  acs__buf rest = {0};
  if (acs__capture_rest(c, &rest)) *trunc = true;
  if (rest.len && o->on_output) o->on_output(o->on_output_user, stream, rest.data, rest.len);
  acs__buf_append(&out, rest.data ? rest.data : "", rest.len);
  acs__buf_free(&rest);
  return acs__buf_take(&out, len);
}

/* Stop the foreground job: SIGINT (the shell itself when it runs a
** builtin loop: it then gives up the script), or SIGKILL to a job that
** did not end. Returns false when only ending the session would do. */
static bool stop_job(acs_box_session *s, bool hard)
{
  acs_box *b = s->box;
  pthread_mutex_lock(&b->lock);
  int64_t fg = simple_call(b, ACS__BOX_TTY_SIGNAL, s->tty, 0, 0, 2);
  bool ok = true;
  if (fg > 0 && !hard) simple_call(b, ACS__BOX_KILLPG, (int32_t)fg, SIGINT, 0, 2);
  else if (fg > 0 && fg != s->pid) simple_call(b, ACS__BOX_KILLPG, (int32_t)fg, SIGKILL, 0, 2);
  else ok = false;
  if (fg > 0 && !hard) simple_call(b, ACS__BOX_KILLPG, (int32_t)fg, SIGCONT, 0, 2);
  pthread_mutex_unlock(&b->lock);
  return ok;
}

int acs_box_session_run(acs_box_session *s, const acs_box_run_options *o, acs_exec_result **out,
                        acs_err *err)
{
  *out = NULL;
  if (!s || !o || !o->script)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "no session, options or script");
  if (o->version != ACS_BOX_RUN_OPTIONS_VERSION)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "acs_box_run_options.version must be %d",
                     ACS_BOX_RUN_OPTIONS_VERSION);
  if (o->timeout_ms < 0 || o->max_output_bytes < 0)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "limits must be whole numbers >= 0");
  if (s->dead)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "the session's shell has exited (status %d): "
                     "start a new session", s->exit_status);
  if (__atomic_exchange_n(&s->running, 1, __ATOMIC_SEQ_CST))
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "a session runs one script at a time: wait "
                     "for the run in progress to end, or cancel it");
  size_t len = strlen(o->script);
  if (len > (64u << 20)) {
    s->running = 0;
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "the script is larger than 64 MiB");
  }
  char drain[64];
  while (read(s->cancel[0], drain, sizeof drain) > 0) {}
  double t0 = acs__now_ms();
  size_t cap = o->max_output_bytes > 0 ? (size_t)o->max_output_bytes : DEFAULT_OUTPUT_CAP;
  acs__capture cout = {0}, cerr = {0};
  acs_exec_result *res = calloc(1, sizeof *res);
  int rc = 0;
  if (!res || acs__capture_init(&cout, "stdout", cap) || acs__capture_init(&cerr, "stderr", cap)) {
    rc = ACS_ENOMEM;
    goto done;
  }
  uint32_t hdr = (uint32_t)len;
  size_t sent = 0, total = 4 + len;
  unsigned char status_b[4];
  size_t status_n = 0;
  double deadline = o->timeout_ms > 0 ? t0 + (double)o->timeout_ms : 0, kill_at = 0;
  const char *stopped_by = NULL;
  bool back = false;
  char buf[65536];
  fcntl(s->ctl_in, F_SETFL, O_NONBLOCK);
  while (!back && !s->dead) {
    struct pollfd pf[5] = {{.fd = s->out, .events = POLLIN}, {.fd = s->err, .events = POLLIN},
                           {.fd = s->ctl_out, .events = POLLIN}, {.fd = s->cancel[0], .events = POLLIN},
                           {.fd = sent < total ? s->ctl_in : -1, .events = POLLOUT}};
    int wait_ms = -1;
    double next = kill_at ? kill_at : stopped_by ? 0 : deadline;
    if (next > 0) {
      double left = next - acs__now_ms();
      wait_ms = left <= 0 ? 0 : (int)left + 1;
    }
    int n = poll(pf, 5, wait_ms);
    if (n < 0 && errno != EINTR) break;
    double now = acs__now_ms();
    if (!stopped_by && ((deadline > 0 && now >= deadline) || (pf[3].revents & POLLIN))) {
      stopped_by = deadline > 0 && now >= deadline ? "timeout" : "signal";
      stop_job(s, false);
      kill_at = now + GRACE_MS;
    } else if (kill_at && now >= kill_at) {
      kill_at = 0;
      if (!stop_job(s, true)) {
        /* the shell itself does not give the script up: the session ends */
        pthread_mutex_lock(&s->box->lock);
        simple_call(s->box, ACS__BOX_KILL, s->pid, SIGKILL, 0, 2);
        pthread_mutex_unlock(&s->box->lock);
      }
    }
    if (pf[4].fd >= 0 && (pf[4].revents & (POLLOUT | POLLERR | POLLHUP))) {
      const unsigned char *src = sent < 4 ? (const unsigned char *)&hdr + sent
                                          : (const unsigned char *)o->script + (sent - 4);
      size_t want = sent < 4 ? 4 - sent : total - sent;
      ssize_t w = write(s->ctl_in, src, want);
      if (w > 0) sent += (size_t)w;
      else if (w < 0 && errno != EAGAIN && errno != EINTR) sent = total; /* the shell is gone */
    }
    for (int k = 0; k < 2; k++) {
      if (!(pf[k].revents & (POLLIN | POLLHUP))) continue;
      ssize_t r = read(pf[k].fd, buf, sizeof buf);
      if (r > 0) add_output(k ? &cerr : &cout, o, k + 1, buf, (size_t)r);
    }
    if (pf[2].revents & (POLLIN | POLLHUP)) {
      ssize_t r = read(s->ctl_out, status_b + status_n, 4 - status_n);
      if (r > 0) status_n += (size_t)r;
      else if (r == 0 || (errno != EINTR && errno != EAGAIN)) session_ended(s);
      if (status_n == 4) back = true;
    }
  }
  /* what the run wrote before the shell came back is in the pipes */
  for (int k = 0; k < 2; k++) {
    ssize_t r;
    while ((r = read(k ? s->err : s->out, buf, sizeof buf)) > 0)
      add_output(k ? &cerr : &cout, o, k + 1, buf, (size_t)r);
  }
  res->stdout_data = finish(&cout, o, 1, &res->stdout_len, &res->truncated);
  res->stderr_data = finish(&cerr, o, 2, &res->stderr_len, &res->truncated);
  res->duration_ms = acs__now_ms() - t0;
  if (stopped_by) {
    res->timed_out = true;
    res->stopped_by = stopped_by;
  } else {
    uint32_t st = 0;
    memcpy(&st, status_b, 4);
    res->has_exit_code = true;
    res->exit_code = back ? (int)st : s->exit_status;
  }
  *out = res;
  res = NULL;
done:
  acs__capture_free(&cout);
  acs__capture_free(&cerr);
  acs_exec_result_free(res);
  s->running = 0;
  return rc;
}

void acs_box_session_free(acs_box_session *s)
{
  if (!s) return;
  acs_box *b = s->box;
  close(s->ctl_in); /* the shell reads the end of its scripts */
  if (!s->dead) {
    pthread_mutex_lock(&b->lock);
    simple_call(b, ACS__BOX_TTY_CLOSE, s->tty, 0, 0, 1);
    simple_call(b, ACS__BOX_KILL, s->pid, SIGKILL, 0, 2);
    int st;
    box_wait(b, s->pid, &st);
    pthread_mutex_unlock(&b->lock);
  } else {
    pthread_mutex_lock(&b->lock);
    simple_call(b, ACS__BOX_TTY_CLOSE, s->tty, 0, 0, 1);
    pthread_mutex_unlock(&b->lock);
  }
  close(s->ctl_out);
  close(s->out);
  close(s->err);
  close(s->cancel[0]);
  close(s->cancel[1]);
  free(s);
}

/* ------------------------------------------------------------ terminal */

static void window_of(int fd, int *rows, int *cols)
{
  struct winsize ws;
  if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_row && ws.ws_col) {
    *rows = ws.ws_row;
    *cols = ws.ws_col;
  }
}

static int write_all(int fd, const char *p, size_t n)
{
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0 && errno == EAGAIN) {
      struct pollfd pf = {.fd = fd, .events = POLLOUT};
      poll(&pf, 1, 1000);
      continue;
    }
    if (w <= 0) return -1;
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

/* The caller's fds forwarded to a pty of the box (box_pty.c) until its
** program ends; the box stays free for other calls meanwhile. */
int acs_box_terminal(acs_box *b, const acs_box_terminal_options *o, int *status, acs_err *err)
{
  *status = 0;
  if (!b || !o) return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "no box or no options");
  if (o->version != ACS_BOX_TERMINAL_OPTIONS_VERSION)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "acs_box_terminal_options.version must be %d",
                     ACS_BOX_TERMINAL_OPTIONS_VERSION);
  /* TERM is the caller's unless the options give one (later items win) */
  char term[128];
  const char *t = getenv("TERM");
  snprintf(term, sizeof term, "TERM=%s", t && *t && strlen(t) < 100 ? t : "xterm-256color");
  const char **env = calloc(o->env_count + 1, sizeof *env);
  if (!env) return acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
  env[0] = term;
  for (size_t i = 0; i < o->env_count; i++) env[i + 1] = o->env[i];
  acs_box_terminal_options po = *o;
  po.env = env;
  po.env_count = o->env_count + 1;
  int rows = 24, cols = 80;
  window_of(o->in_fd, &rows, &cols);
  window_of(o->out_fd, &rows, &cols);
  acs_box_pty *pty = NULL;
  int rc = acs_box_pty_open(b, &po, rows, cols, &pty, err);
  free(env);
  if (rc) return rc;
  int relay = acs_box_pty_fd(pty, 0), end = acs_box_pty_fd(pty, 1);
  struct termios saved;
  bool raw = tcgetattr(o->in_fd, &saved) == 0;
  if (raw) {
    struct termios r = saved;
    cfmakeraw(&r);
    tcsetattr(o->in_fd, TCSANOW, &r);
  }
  bool in_open = true, ended = false;
  char buf[16384];
  while (!ended) {
    struct pollfd pf[3] = {{.fd = in_open ? o->in_fd : -1, .events = POLLIN},
                           {.fd = relay, .events = POLLIN}, {.fd = end, .events = POLLIN}};
    int n = poll(pf, 3, 200);
    if (n < 0 && errno != EINTR) break;
    int r2 = rows, c2 = cols;
    window_of(o->in_fd, &r2, &c2);
    if (r2 != rows || c2 != cols) {
      rows = r2;
      cols = c2;
      acs_box_pty_resize(pty, rows, cols, NULL);
    }
    if (pf[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      ssize_t k = read(o->in_fd, buf, sizeof buf);
      if (k > 0) write_all(relay, buf, (size_t)k);
      else if (k == 0 || errno != EINTR) {
        in_open = false; /* the caller's input ended: a ^D for the box */
        write_all(relay, "\004", 1);
      }
    }
    if (pf[1].revents & (POLLIN | POLLHUP)) {
      ssize_t k = read(relay, buf, sizeof buf);
      if (k > 0) write_all(o->out_fd, buf, (size_t)k);
    }
    if (pf[2].revents) ended = true;
  }
  /* the kernel relays what is left on the screen, then closes the relay */
  acs_box_pty_hangup(pty);
  for (;;) {
    struct pollfd pf = {.fd = relay, .events = POLLIN};
    if (poll(&pf, 1, 2000) <= 0) break;
    ssize_t k = read(relay, buf, sizeof buf);
    if (k > 0) write_all(o->out_fd, buf, (size_t)k);
    else if (k == 0 || errno != EINTR) break;
  }
  bool done;
  acs_box_pty_wait(pty, ended ? -1 : 0, &done, status);
  if (!done) *status = 128 + SIGKILL;
  rc = acs__box_pty_kernel_gone(pty) ? kernel_gone(err) : 0;
  acs_box_pty_free(pty);
  if (raw) tcsetattr(o->in_fd, TCSANOW, &saved);
  return rc;
}
