/* proc.c - host.proc: node's child_process and signals for the box's node
** (src/js/lib/node_child_process.js, process.js). Children are programs
** of the box started through its kernel (proc_start.c); the kernel sends
** SIGCHLD when one ends, and the loop reaps it (WAIT with WNOHANG) and
** tells JS. spawnSync runs the child to its end inside the call, as
** Node's does on a loop of its own. Outside a box every call is refused
** (the JS layer never makes one there).
**
**   spawn(file, argv, envp, cwd, stdio) -> [pid, fd per stdio entry] or -errno
**     stdio: ACS__PROC_* codes or parent fds; the fds are host fds for
**     pipeOpen (-1 where no pipe)
**   spawnSync(file, argv, envp, cwd, stdio, input, timeoutMs, maxBuffer,
**     killSignal) -> {pid, status, signal, error, output} or -errno
**   onExit(cb): cb(pid, code|null, signal) for each child spawn() made
**   setRef(pid, bool): whether that child holds the loop open
**   kill(pid, sig) -> 0 or -errno
**   signal(signo, cb|null): cb(signo) on each such signal (unref'd)
**   takeFd(boxfd) -> host fd (a forked child's channel, for pipeOpen) */
#include "proc.h"

#include "files.h"
#include "../sys/sys.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_CHILDREN 256

static struct child {
  int pid;
  bool ref;
} children[MAX_CHILDREN];
static int nchildren;
static uv_signal_t chld;
static bool chld_on;
static JSObjectRef exit_cb;

static uv_signal_t *sig_handles[65];
static JSObjectRef sig_cbs[65];

static bool in_box(JSContextRef ctx, JSValueRef *exc)
{
  if (acs__js_files_of_run() == &acs__js_files_sys) return true;
  acs__js_throw(ctx, exc, "child processes exist only in a box");
  return false;
}

static void strv_free(char **v)
{
  for (size_t i = 0; v && v[i]; i++) free(v[i]);
  free(v);
}

/* A JS array of strings as a NULL-terminated vector (NULL + *exc). */
static char **strv_of(JSContextRef ctx, JSValueRef arr, JSValueRef *exc)
{
  JSObjectRef o = JSValueToObject(ctx, arr, exc);
  if (!o) return NULL;
  size_t n = (size_t)JSValueToNumber(ctx, acs__js_get(ctx, o, "length"), NULL);
  if (n > 65536) n = 65536;
  char **v = calloc(n + 1, sizeof *v);
  if (!v) return NULL;
  for (size_t i = 0; i < n; i++) {
    v[i] = acs__js_to_utf8(ctx, JSObjectGetPropertyAtIndex(ctx, o, (unsigned)i, NULL), NULL, exc);
    if (!v[i]) {
      strv_free(v);
      return NULL;
    }
  }
  return v;
}

/* The arguments spawn and spawnSync share, into *s (its strings owned by
** the caller through s; free with start_free). false + *exc when bad. */
static bool start_args(JSContextRef ctx, size_t argc, const JSValueRef argv[],
                       acs__proc_start *s, JSValueRef *exc)
{
  memset(s, 0, sizeof *s);
  if (argc < 5) {
    acs__js_throw(ctx, exc, "host.proc.spawn: five arguments");
    return false;
  }
  s->file = acs__js_to_utf8(ctx, argv[0], NULL, exc);
  s->argv = s->file ? strv_of(ctx, argv[1], exc) : NULL;
  s->envp = s->argv ? strv_of(ctx, argv[2], exc) : NULL;
  if (!s->envp) return false;
  if (!JSValueIsNull(ctx, argv[3]) && !JSValueIsUndefined(ctx, argv[3]))
    if (!(s->cwd = acs__js_to_utf8(ctx, argv[3], NULL, exc))) return false;
  JSObjectRef st = JSValueToObject(ctx, argv[4], exc);
  if (!st) return false;
  int n = (int)JSValueToNumber(ctx, acs__js_get(ctx, st, "length"), NULL);
  if (n < 0 || n > ACS__PROC_MAX_STDIO) {
    acs__js_throw(ctx, exc, "host.proc.spawn: too many stdio entries");
    return false;
  }
  s->n = n;
  for (int i = 0; i < n; i++)
    s->stdio[i] = (int)JSValueToNumber(ctx, JSObjectGetPropertyAtIndex(ctx, st, (unsigned)i, NULL), NULL);
  return true;
}

static void start_free(acs__proc_start *s)
{
  free((char *)s->file);
  free((char *)s->cwd);
  strv_free(s->argv);
  strv_free(s->envp);
}

static void update_ref(void)
{
  bool any = false;
  for (int i = 0; i < nchildren && !any; i++) any = children[i].ref;
  if (any) uv_ref((uv_handle_t *)&chld);
  else uv_unref((uv_handle_t *)&chld);
}

static void on_chld(uv_signal_t *h, int signo)
{
  (void)h;
  (void)signo;
  JSContextRef ctx = acs__R.ctx;
  for (;;) {
    int status = 0;
    int pid = acs_sys_wait(-1, &status, WNOHANG);
    if (pid <= 0) break;
    int at = -1;
    for (int i = 0; i < nchildren; i++)
      if (children[i].pid == pid) at = i;
    if (at < 0) continue; /* not spawn()'s */
    children[at] = children[--nchildren];
    update_ref();
    if (!exit_cb) continue;
    JSValueRef a[3] = {
        JSValueMakeNumber(ctx, pid),
        WIFEXITED(status) ? JSValueMakeNumber(ctx, WEXITSTATUS(status)) : JSValueMakeNull(ctx),
        JSValueMakeNumber(ctx, WIFSIGNALED(status) ? WTERMSIG(status) : 0)};
    acs__js_call(exit_cb, 3, a);
  }
}

/* Before the first child: its end must find the handler in place. */
static void chld_start(void)
{
  if (chld_on) return;
  uv_signal_init(&acs__R.loop, &chld);
  uv_signal_start(&chld, on_chld, SIGCHLD);
  uv_unref((uv_handle_t *)&chld);
  chld_on = true;
}

static ACS__HOST_FN(proc_spawn)
{
  (void)fn; (void)self;
  if (!in_box(ctx, exc)) return JSValueMakeUndefined(ctx);
  acs__proc_start s;
  if (!start_args(ctx, argc, argv, &s, exc)) {
    start_free(&s);
    return JSValueMakeUndefined(ctx);
  }
  if (nchildren >= MAX_CHILDREN) {
    start_free(&s);
    return JSValueMakeNumber(ctx, -EAGAIN);
  }
  chld_start();
  int rc = acs__proc_run(&s);
  start_free(&s);
  if (rc) return JSValueMakeNumber(ctx, rc);
  children[nchildren++] = (struct child){s.pid, true};
  update_ref();
  JSValueRef out[1 + ACS__PROC_MAX_STDIO];
  out[0] = JSValueMakeNumber(ctx, s.pid);
  for (int i = 0; i < s.n; i++) out[1 + i] = JSValueMakeNumber(ctx, s.host[i] >= 0 ? s.host[i] : -1);
  return JSObjectMakeArray(ctx, (size_t)s.n + 1, out, NULL);
}

static double now_ms(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

typedef struct sync_out {
  unsigned char *p;
  size_t len, cap;
} sync_out;

static bool out_add(sync_out *o, const void *data, size_t n)
{
  if (o->len + n > o->cap) {
    size_t cap = o->cap ? o->cap * 2 : 16384;
    while (cap < o->len + n) cap *= 2;
    unsigned char *p = realloc(o->p, cap);
    if (!p) return false;
    o->p = p;
    o->cap = cap;
  }
  memcpy(o->p + o->len, data, n);
  o->len += n;
  return true;
}

static void free_bytes(void *bytes, void *unused)
{
  (void)unused;
  free(bytes);
}

/* The child started by spawnSync, run to its end: input written to its
** stdin pipe, its output pipes read, the time limit and maxBuffer kept. */
typedef struct sync_run {
  acs__proc_start *s;
  const unsigned char *input;
  size_t input_len, input_off;
  double deadline; /* 0: none */
  double max_buffer;
  int kill_signal;
  int error; /* -ETIMEDOUT, -ENOBUFS or 0 */
  bool killed;
  sync_out out[ACS__PROC_MAX_STDIO];
} sync_run;

static void sync_kill(sync_run *r, int error)
{
  if (!r->error) r->error = error;
  if (!r->killed) acs_sys_kill(r->s->pid, r->kill_signal);
  r->killed = true;
}

static void sync_pump(sync_run *r)
{
  acs__proc_start *s = r->s;
  int in = -1;
  for (int i = 0; i < s->n; i++) {
    if (s->host[i] < 0) continue;
    fcntl(s->host[i], F_SETFL, fcntl(s->host[i], F_GETFL) | O_NONBLOCK);
    if (s->stdio[i] == ACS__PROC_PIPE_IN && in < 0 && r->input_len) in = i;
    else if (s->stdio[i] == ACS__PROC_PIPE_IN) {
      close(s->host[i]);
      s->host[i] = -1;
    }
  }
  unsigned char buf[65536];
  for (;;) {
    struct pollfd pf[ACS__PROC_MAX_STDIO];
    int idx[ACS__PROC_MAX_STDIO], np = 0;
    for (int i = 0; i < s->n; i++)
      if (s->host[i] >= 0) {
        pf[np] = (struct pollfd){s->host[i], i == in ? POLLOUT : POLLIN, 0};
        idx[np++] = i;
      }
    if (!np) return;
    int wait = -1;
    if (r->deadline && !r->killed) {
      double left = r->deadline - now_ms();
      if (left <= 0) {
        sync_kill(r, -ETIMEDOUT);
        continue;
      }
      wait = (int)left + 1;
    }
    int k = poll(pf, (nfds_t)np, wait);
    if (k < 0 && errno != EINTR) return;
    for (int j = 0; k > 0 && j < np; j++) {
      if (!pf[j].revents) continue;
      int i = idx[j];
      if (i == in) {
        ssize_t w = write(s->host[i], r->input + r->input_off, r->input_len - r->input_off);
        if (w > 0) r->input_off += (size_t)w;
        if ((w < 0 && errno != EAGAIN && errno != EINTR) || r->input_off >= r->input_len) {
          close(s->host[i]); /* EPIPE: the child stopped reading, as Node lets be */
          s->host[i] = -1;
        }
        continue;
      }
      ssize_t got = read(s->host[i], buf, sizeof buf);
      if (got < 0 && (errno == EAGAIN || errno == EINTR)) continue;
      if (got <= 0) {
        close(s->host[i]);
        s->host[i] = -1;
        continue;
      }
      if (!out_add(&r->out[i], buf, (size_t)got)) sync_kill(r, -ENOMEM);
      if (r->max_buffer > 0 && (double)r->out[i].len > r->max_buffer) sync_kill(r, -ENOBUFS);
    }
  }
}

/* Its pipes are closed: its exit, within the time limit. */
static int sync_wait(sync_run *r, int *status)
{
  for (;;) {
    if (!r->deadline || r->killed) return acs_sys_wait(r->s->pid, status, 0);
    int pid = acs_sys_wait(r->s->pid, status, WNOHANG);
    if (pid != 0) return pid;
    if (now_ms() >= r->deadline) {
      sync_kill(r, -ETIMEDOUT);
      continue;
    }
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
  }
}

static ACS__HOST_FN(proc_spawn_sync)
{
  (void)fn; (void)self;
  if (!in_box(ctx, exc)) return JSValueMakeUndefined(ctx);
  acs__proc_start s;
  if (!start_args(ctx, argc, argv, &s, exc)) {
    start_free(&s);
    return JSValueMakeUndefined(ctx);
  }
  sync_run r = {.s = &s};
  if (argc > 5 && JSValueIsObject(ctx, argv[5])) {
    JSObjectRef u8 = JSValueToObject(ctx, argv[5], NULL);
    if (JSValueGetTypedArrayType(ctx, u8, NULL) != kJSTypedArrayTypeNone) {
      const unsigned char *p = JSObjectGetTypedArrayBytesPtr(ctx, u8, NULL);
      r.input_len = JSObjectGetTypedArrayByteLength(ctx, u8, NULL);
      r.input = p ? p + JSObjectGetTypedArrayByteOffset(ctx, u8, NULL) : NULL;
      if (!r.input) r.input_len = 0;
    }
  }
  double timeout = argc > 6 ? JSValueToNumber(ctx, argv[6], NULL) : 0;
  r.max_buffer = argc > 7 ? JSValueToNumber(ctx, argv[7], NULL) : 0;
  r.kill_signal = argc > 8 ? (int)JSValueToNumber(ctx, argv[8], NULL) : SIGTERM;
  int rc = acs__proc_run(&s);
  start_free(&s);
  if (rc) return JSValueMakeNumber(ctx, rc);
  if (timeout > 0) r.deadline = now_ms() + timeout;
  sync_pump(&r);
  for (int i = 0; i < s.n; i++)
    if (s.host[i] >= 0) close(s.host[i]);
  int status = 0;
  int w = sync_wait(&r, &status);
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  acs__js_set(ctx, o, "pid", JSValueMakeNumber(ctx, s.pid));
  bool exited = w > 0 && WIFEXITED(status);
  acs__js_set(ctx, o, "status", exited ? JSValueMakeNumber(ctx, WEXITSTATUS(status)) : JSValueMakeNull(ctx));
  acs__js_set(ctx, o, "signal", JSValueMakeNumber(ctx, w > 0 && WIFSIGNALED(status) ? WTERMSIG(status) : 0));
  acs__js_set(ctx, o, "error", JSValueMakeNumber(ctx, r.error));
  JSValueRef outs[ACS__PROC_MAX_STDIO];
  for (int i = 0; i < s.n; i++) {
    bool piped = s.stdio[i] == ACS__PROC_PIPE_OUT;
    if (!piped) {
      free(r.out[i].p);
      outs[i] = JSValueMakeNull(ctx);
      continue;
    }
    unsigned char *p = r.out[i].p ? r.out[i].p : malloc(1);
    outs[i] = p ? JSObjectMakeTypedArrayWithBytesNoCopy(ctx, kJSTypedArrayTypeUint8Array, p,
                                                        r.out[i].len, free_bytes, NULL, NULL)
                : JSValueMakeNull(ctx);
  }
  acs__js_set(ctx, o, "output", JSObjectMakeArray(ctx, (size_t)s.n, outs, NULL));
  return o;
}

static ACS__HOST_FN(proc_on_exit)
{
  (void)fn; (void)self; (void)exc;
  if (exit_cb) JSValueUnprotect(ctx, exit_cb);
  exit_cb = argc > 0 && JSValueIsObject(ctx, argv[0]) ? JSValueToObject(ctx, argv[0], NULL) : NULL;
  if (exit_cb) JSValueProtect(ctx, exit_cb);
  return JSValueMakeUndefined(ctx);
}

static ACS__HOST_FN(proc_set_ref)
{
  (void)fn; (void)self; (void)exc;
  int pid = argc > 0 ? (int)JSValueToNumber(ctx, argv[0], NULL) : -1;
  bool ref = argc > 1 && JSValueToBoolean(ctx, argv[1]);
  for (int i = 0; i < nchildren; i++)
    if (children[i].pid == pid) children[i].ref = ref;
  if (chld_on) update_ref();
  return JSValueMakeUndefined(ctx);
}

static ACS__HOST_FN(proc_kill)
{
  (void)fn; (void)self;
  if (!in_box(ctx, exc)) return JSValueMakeUndefined(ctx);
  int pid = argc > 0 ? (int)JSValueToNumber(ctx, argv[0], NULL) : 0;
  int sig = argc > 1 ? (int)JSValueToNumber(ctx, argv[1], NULL) : SIGTERM;
  return JSValueMakeNumber(ctx, acs_sys_kill(pid, sig));
}

/* takeFd(boxfd) -> a host fd for pipeOpen (a forked child's channel). */
static ACS__HOST_FN(proc_take_fd)
{
  (void)fn; (void)self;
  if (!in_box(ctx, exc)) return JSValueMakeUndefined(ctx);
  int fd = argc > 0 ? (int)JSValueToNumber(ctx, argv[0], NULL) : -1;
  return JSValueMakeNumber(ctx, acs__proc_take(fd));
}

static void on_signal(uv_signal_t *h, int signo)
{
  (void)h;
  if (signo <= 0 || signo > 64 || !sig_cbs[signo]) return;
  JSValueRef a = JSValueMakeNumber(acs__R.ctx, signo);
  acs__js_call(sig_cbs[signo], 1, &a);
}

static void free_handle(uv_handle_t *h) { free(h); }

/* SIGUSR1 in a box's node. WTF stops the engine's threads for the
** collector by sending them SIGUSR1 (pthread_kill), and its handler took
** every SIGUSR1 for one: a kill -USR1 from the box crashed node (SIGSEGV)
** where Node starts its inspector and goes on, and a listener
** (process.on("SIGUSR1")) through uv_signal replaced the handler the
** collector needs. This one hands WTF its own (a thread signal from this
** process) and makes any other a listener's event, or nothing. */
static struct sigaction wtf_usr1;
static uv_async_t usr1_async;
static bool usr1_taken;
static volatile sig_atomic_t usr1_listening;

static void on_usr1(int sig, siginfo_t *si, void *uc)
{
  if (si && si->si_code == SI_TKILL && si->si_pid == getpid()) {
    if (wtf_usr1.sa_flags & SA_SIGINFO) {
      if (wtf_usr1.sa_sigaction) wtf_usr1.sa_sigaction(sig, si, uc);
    } else if (wtf_usr1.sa_handler != SIG_DFL && wtf_usr1.sa_handler != SIG_IGN) {
      wtf_usr1.sa_handler(sig);
    }
    return;
  }
  if (usr1_listening) {
    int e = errno;
    uv_async_send(&usr1_async);
    errno = e;
  }
}

static void on_usr1_async(uv_async_t *h)
{
  (void)h;
  if (!sig_cbs[SIGUSR1]) return;
  JSValueRef a = JSValueMakeNumber(acs__R.ctx, SIGUSR1);
  acs__js_call(sig_cbs[SIGUSR1], 1, &a);
}

/* SIGSEGV and SIGBUS: the engine's handlers are for its own faults (a
** wasm bounds check, a trap), and a sent one (kill -SEGV, si_code <= 0)
** that was not theirs they let go by once, so node lived on where Linux's
** ends it. A sent one ends node here as the signal's default does. */
static struct sigaction engine_fault[2];

static void on_fault(int sig, siginfo_t *si, void *uc)
{
  struct sigaction *prev = &engine_fault[sig == SIGBUS];
  if (si && si->si_code <= 0) {
    signal(sig, SIG_DFL);
    raise(sig);
    return;
  }
  if (prev->sa_flags & SA_SIGINFO) {
    if (prev->sa_sigaction) prev->sa_sigaction(sig, si, uc);
  } else if (prev->sa_handler != SIG_DFL && prev->sa_handler != SIG_IGN) {
    prev->sa_handler(sig);
  } else {
    signal(sig, SIG_DFL); /* a fault of ours: returning runs it again, now fatal */
  }
}

void acs__proc_signals_take(void)
{
  if (usr1_taken || uv_async_init(&acs__R.loop, &usr1_async, on_usr1_async) != 0) return;
  uv_unref((uv_handle_t *)&usr1_async); /* as a listener: it keeps nothing alive */
  if (sigaction(SIGUSR1, NULL, &wtf_usr1) != 0) return;
  /* WTF's own flags and mask (its handler waits inside for the resume
  ** signal), with the siginfo this one needs */
  struct sigaction sa = wtf_usr1;
  sa.sa_sigaction = on_usr1;
  sa.sa_flags = (wtf_usr1.sa_flags | SA_SIGINFO) & ~(SA_RESETHAND | SA_NODEFER);
  if (sigaction(SIGUSR1, &sa, NULL) == 0) usr1_taken = true;
  for (int k = 0; k < 2; k++) {
    int sig = k ? SIGBUS : SIGSEGV;
    struct sigaction cur;
    if (sigaction(sig, NULL, &cur) != 0 || !(cur.sa_flags & SA_SIGINFO)) continue; /* not the engine's */
    struct sigaction f = cur;
    f.sa_sigaction = on_fault;
    engine_fault[k] = cur;
    sigaction(sig, &f, NULL);
  }
}

static ACS__HOST_FN(proc_signal)
{
  (void)fn; (void)self;
  if (!in_box(ctx, exc)) return JSValueMakeUndefined(ctx);
  int signo = argc > 0 ? (int)JSValueToNumber(ctx, argv[0], NULL) : 0;
  if (signo <= 0 || signo > 64) return JSValueMakeNumber(ctx, -EINVAL);
  JSObjectRef cb = argc > 1 && JSValueIsObject(ctx, argv[1]) ? JSValueToObject(ctx, argv[1], NULL) : NULL;
  if (sig_cbs[signo]) JSValueUnprotect(ctx, sig_cbs[signo]);
  sig_cbs[signo] = cb;
  if (cb) JSValueProtect(ctx, cb);
  if (signo == SIGUSR1 && usr1_taken) {
    usr1_listening = cb != NULL;
    return JSValueMakeNumber(ctx, 0);
  }
  if (cb && !sig_handles[signo]) {
    uv_signal_t *h = calloc(1, sizeof *h);
    if (!h) return JSValueMakeNumber(ctx, -ENOMEM);
    uv_signal_init(&acs__R.loop, h);
    int rc = uv_signal_start(h, on_signal, signo);
    if (rc) {
      uv_close((uv_handle_t *)h, free_handle);
      return JSValueMakeNumber(ctx, rc);
    }
    /* as Node's: a listener does not keep the process alive */
    uv_unref((uv_handle_t *)h);
    sig_handles[signo] = h;
  } else if (!cb && sig_handles[signo]) {
    uv_signal_stop(sig_handles[signo]);
    uv_close((uv_handle_t *)sig_handles[signo], free_handle);
    sig_handles[signo] = NULL;
  }
  return JSValueMakeNumber(ctx, 0);
}

void acs__host_proc(JSContextRef ctx, JSObjectRef host)
{
  JSObjectRef p = JSObjectMake(ctx, NULL, NULL);
  acs__js_set_fn(ctx, p, "spawn", proc_spawn);
  acs__js_set_fn(ctx, p, "spawnSync", proc_spawn_sync);
  acs__js_set_fn(ctx, p, "onExit", proc_on_exit);
  acs__js_set_fn(ctx, p, "setRef", proc_set_ref);
  acs__js_set_fn(ctx, p, "kill", proc_kill);
  acs__js_set_fn(ctx, p, "signal", proc_signal);
  acs__js_set_fn(ctx, p, "takeFd", proc_take_fd);
  acs__host_proc_pipes(ctx, p);
  acs__js_set(ctx, host, "proc", p);
}
