/* serve_box.c - boxes over `acs serve` (docs/protocol.md "Boxes"): box.create
** and box.dispose, box.exec (sh -c or argv, to its end, output streamed
** when asked), box.spawn (events as it runs: output and exit), box.stdin,
** box.kill, box.fs, box.copyIn/copyOut, box.snapshot/restore,
** box.waitForPort and box.expose, box.session* (a shell whose state lasts
** between runs), box.terminal (a program on a terminal of the box, its
** screen as events). Built on the public API only. Bytes
** travel as base64 ("data"), text as JSON strings. */
#include "serve_box.h"

#include "acs.h"
#include "../base/base.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------------ base64 */

static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static json_t *b64_value(const char *s, size_t n)
{
  size_t out = (n + 2) / 3 * 4;
  char *d = malloc(out + 1);
  if (!d) return json_string("");
  size_t j = 0;
  const unsigned char *p = (const unsigned char *)s;
  for (size_t i = 0; i < n; i += 3) {
    uint32_t v = (uint32_t)p[i] << 16 | (i + 1 < n ? (uint32_t)p[i + 1] << 8 : 0) |
                 (i + 2 < n ? p[i + 2] : 0);
    d[j++] = B64[v >> 18];
    d[j++] = B64[(v >> 12) & 63];
    d[j++] = i + 1 < n ? B64[(v >> 6) & 63] : '=';
    d[j++] = i + 2 < n ? B64[v & 63] : '=';
  }
  json_t *r = json_stringn(d, j);
  free(d);
  return r;
}

/* base64 text to bytes (malloc'd); false when it is not base64 */
static bool b64_decode(const char *s, size_t n, char **out, size_t *len)
{
  static signed char val[256];
  static bool init;
  if (!init) {
    memset(val, -1, sizeof val);
    for (int i = 0; i < 64; i++) val[(unsigned char)B64[i]] = (signed char)i;
    init = true;
  }
  char *d = malloc(n / 4 * 3 + 3);
  if (!d) return false;
  size_t j = 0;
  uint32_t acc = 0;
  int bits = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '=') break;
    if (val[c] < 0) {
      free(d);
      return false;
    }
    acc = acc << 6 | (uint32_t)val[c];
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      d[j++] = (char)(acc >> bits);
    }
  }
  *out = d;
  *len = j;
  return true;
}

/* ------------------------------------------------------------ boxes */

typedef struct sbox {
  int id;
  void *cl;
  acs_box *box;
  acs_box_options o;       /* for restore: the same box again */
  json_t *opts;            /* owns o's strings */
  const char **domains, **pkgs;
  pthread_rwlock_t use;    /* requests read-lock; restore and dispose write */
  int refs;                /* under L.lock */
  int watchers;            /* spawned processes being watched (under L.lock) */
  bool disposed;
  bool commands;           /* its command runs come here (box.installCommand) */
  bool ready_events;       /* a serverReady event for each new listener */
  acs__serve_box_client c; /* its client's, for the events of its commands */
  struct sbox *next;
} sbox;

/* A run of a host command (box.installCommand), until box.commandExit. */
typedef struct scmd {
  int id;
  sbox *b;
  acs_box_command *cmd;
  int refs;                /* requests using it (under L.lock) */
  struct scmd *next;
} scmd;

/* A session's shell (box.sessionNew), until box.sessionDispose or its
** box's end. */
typedef struct ssess {
  int id;
  sbox *b;
  acs_box_session *s;
  int refs;                /* runs and cancels using it (under L.lock) */
  struct ssess *next;
} ssess;

typedef struct sproc {
  int id;
  sbox *b;
  acs_box_proc *p;
  acs__serve_box_client c;
  int refs;              /* stdin and kill requests using it (under L.lock) */
  pthread_mutex_t in;    /* one stdin write at a time */
  struct sproc *next;
} sproc;

static struct {
  pthread_mutex_t lock;
  pthread_cond_t changed;
  sbox *boxes;
  sproc *procs;
  scmd *cmds;
  ssess *sessions;
  int next_box, next_proc, next_cmd, next_sess;
} L = {.lock = PTHREAD_MUTEX_INITIALIZER, .changed = PTHREAD_COND_INITIALIZER};

static void sbox_free(sbox *b)
{
  acs_box_free(b->box);
  json_decref(b->opts);
  free(b->domains);
  free(b->pkgs);
  pthread_rwlock_destroy(&b->use);
  free(b);
}

static sbox *box_get(void *cl, json_int_t id)
{
  pthread_mutex_lock(&L.lock);
  sbox *b = L.boxes;
  while (b && !(b->id == id && b->cl == cl && !b->disposed)) b = b->next;
  if (b) b->refs++;
  pthread_mutex_unlock(&L.lock);
  return b;
}

static void box_put(sbox *b)
{
  pthread_mutex_lock(&L.lock);
  b->refs--;
  pthread_cond_broadcast(&L.changed);
  pthread_mutex_unlock(&L.lock);
}

/* ------------------------------------------------------------ answers */

static void answer(const acs__serve_box_client *c, json_t *id, json_t *result)
{
  json_t *m = json_object();
  json_object_set(m, "id", id);
  json_object_set_new(m, "result", result ? result : json_object());
  c->send(c->cl, m);
}

static void fail(const acs__serve_box_client *c, json_t *id, const char *type, int code,
                 const char *fmt, ...) ACS__PRINTF(5, 6);
static void fail(const acs__serve_box_client *c, json_t *id, const char *type, int code,
                 const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  char *msg = NULL;
  if (vasprintf(&msg, fmt, ap) < 0) msg = NULL;
  va_end(ap);
  json_t *e = json_object();
  json_object_set_new(e, "type", json_string(type));
  json_object_set_new(e, "message", json_string(msg ? msg : "out of memory"));
  /* a file's failure carries errno's name, as node's fs errors do */
  static const struct { int e; const char *name; } names[] = {
      {ENOENT, "ENOENT"}, {EEXIST, "EEXIST"}, {ENOTDIR, "ENOTDIR"}, {EISDIR, "EISDIR"},
      {ENOTEMPTY, "ENOTEMPTY"}, {EACCES, "EACCES"}, {EPERM, "EPERM"}, {ENOSPC, "ENOSPC"},
      {EINVAL, "EINVAL"}, {ELOOP, "ELOOP"}, {ENAMETOOLONG, "ENAMETOOLONG"}, {EFBIG, "EFBIG"},
      {EBUSY, "EBUSY"}, {EXDEV, "EXDEV"}, {EPIPE, "EPIPE"}, {EROFS, "EROFS"}, {ENXIO, "ENXIO"}};
  for (size_t i = 0; code < 0 && i < sizeof names / sizeof *names; i++)
    if (names[i].e == -code) json_object_set_new(e, "code", json_string(names[i].name));
  free(msg);
  json_t *m = json_object();
  json_object_set(m, "id", id);
  json_object_set_new(m, "error", e);
  c->send(c->cl, m);
}

static void fail_err(const acs__serve_box_client *c, json_t *id, int rc, acs_err *err)
{
  fail(c, id, err->type ? err->type : "SandboxError", rc, "%s",
       err->message ? err->message : acs_strerror(rc));
  acs_err_clear(err);
}

static json_t *text_value(const char *s, size_t len)
{
  size_t n;
  char *clean = acs__utf8_sanitize(s ? s : "", s ? len : 0, &n);
  json_t *v = clean ? json_stringn(clean, n) : json_string("");
  free(clean);
  return v;
}

static json_t *result_json(const acs_exec_result *r)
{
  json_t *res = json_object();
  json_object_set_new(res, "stdout", text_value(r->stdout_data, r->stdout_len));
  json_object_set_new(res, "stderr", text_value(r->stderr_data, r->stderr_len));
  json_object_set_new(res, "exitCode", r->has_exit_code ? json_integer(r->exit_code) : json_null());
  json_object_set_new(res, "timedOut", json_boolean(r->timed_out));
  json_object_set_new(res, "truncated", json_boolean(r->truncated));
  json_object_set_new(res, "durationMs", json_real((double)(long long)(r->duration_ms * 100) / 100));
  json_object_set_new(res, "stoppedBy", r->stopped_by ? json_string(r->stopped_by) : json_null());
  return res;
}

/* ------------------------------------------------------------ fields */

typedef struct req {
  const acs__serve_box_client *c;
  json_t *req, *id;
  const char *method;
  bool bad; /* an answer was sent already */
} req;

static const char *str_field(req *r, const char *name, bool required)
{
  if (r->bad) return NULL;
  json_t *v = json_object_get(r->req, name);
  if (!v && !required) return NULL;
  if (!json_is_string(v)) {
    fail(r->c, r->id, "SandboxConfigError", 0, "%s: '%s' must be a string", r->method, name);
    r->bad = true;
    return NULL;
  }
  return json_string_value(v);
}

static int64_t int_field(req *r, const char *name, int64_t dflt, int64_t lo, int64_t hi)
{
  if (r->bad) return dflt;
  json_t *v = json_object_get(r->req, name);
  if (!v || json_is_null(v)) return dflt;
  if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
    fail(r->c, r->id, "SandboxConfigError", 0, "%s: '%s' must be a whole number from %lld to %lld",
         r->method, name, (long long)lo, (long long)hi);
    r->bad = true;
    return dflt;
  }
  return json_integer_value(v);
}

static bool bool_field(req *r, const char *name)
{
  json_t *v = json_object_get(r->req, name);
  if (!v || json_is_null(v) || r->bad) return false;
  if (!json_is_boolean(v)) {
    fail(r->c, r->id, "SandboxConfigError", 0, "%s: '%s' must be true or false", r->method, name);
    r->bad = true;
    return false;
  }
  return json_is_true(v);
}

/* an array of strings as a NULL-terminated vector (borrowing) */
static const char **strv_field(req *r, json_t *v, const char *name, size_t *n)
{
  *n = 0;
  if (r->bad || !v || json_is_null(v)) return NULL;
  if (!json_is_array(v)) goto bad;
  const char **out = calloc(json_array_size(v) + 1, sizeof *out);
  if (!out) return NULL;
  for (size_t i = 0; i < json_array_size(v); i++) {
    json_t *s = json_array_get(v, i);
    if (!json_is_string(s)) {
      free(out);
      goto bad;
    }
    out[(*n)++] = json_string_value(s);
  }
  return out;
bad:
  fail(r->c, r->id, "SandboxConfigError", 0, "%s: '%s' must be an array of strings", r->method, name);
  r->bad = true;
  return NULL;
}

/* env {"A": "1"} as "A=1" items (owned, in *items) */
static char **env_field(req *r, size_t *n)
{
  *n = 0;
  json_t *v = json_object_get(r->req, "env");
  if (r->bad || !v || json_is_null(v)) return NULL;
  if (!json_is_object(v)) {
    fail(r->c, r->id, "SandboxConfigError", 0, "%s: 'env' must be an object of strings", r->method);
    r->bad = true;
    return NULL;
  }
  char **out = calloc(json_object_size(v) + 1, sizeof *out);
  const char *k;
  json_t *val;
  json_object_foreach(v, k, val)
  {
    if (!json_is_string(val) || !*k || strchr(k, '=')) {
      fail(r->c, r->id, "SandboxConfigError", 0, "%s: env '%s' must be a string, its name "
           "without '='", r->method, k);
      r->bad = true;
      break;
    }
    if (out && asprintf(&out[*n], "%s=%s", k, json_string_value(val)) >= 0) (*n)++;
  }
  return out;
}

static void strv_free(char **v, size_t n)
{
  for (size_t i = 0; v && i < n; i++) free(v[i]);
  free(v);
}

/* ------------------------------------------------------------ create */

/* serverReady: a look at the box's listeners every READY_MS, an event for
** each port that is new since the last look (a port closed and listened
** on again is new again), until the box is disposed. */
#define READY_MS 25

static void *watch_ready(void *arg)
{
  sbox *b = arg;
  acs_box_listener *seen = NULL;
  size_t nseen = 0;
  for (;;) {
    pthread_mutex_lock(&L.lock);
    bool gone = b->disposed;
    pthread_mutex_unlock(&L.lock);
    if (gone) break;
    acs_box_listener *now = NULL;
    size_t n = 0;
    pthread_rwlock_rdlock(&b->use);
    int rc = acs_box_listeners(b->box, &now, &n, NULL);
    pthread_rwlock_unlock(&b->use);
    for (size_t i = 0; !rc && i < n; i++) {
      bool old = false;
      for (size_t j = 0; j < nseen && !old; j++) old = seen[j].port == now[i].port;
      if (old) continue;
      json_t *m = json_object();
      json_object_set_new(m, "event", json_string("serverReady"));
      json_object_set_new(m, "box", json_integer(b->id));
      json_object_set_new(m, "port", json_integer(now[i].port));
      json_object_set_new(m, "pid", json_integer(now[i].pid));
      b->c.send(b->c.cl, m);
    }
    if (!rc) {
      acs_free(seen);
      seen = now;
      nseen = n;
    }
    struct timespec ts = {0, READY_MS * 1000000L};
    nanosleep(&ts, NULL);
  }
  acs_free(seen);
  pthread_mutex_lock(&L.lock);
  b->watchers--;
  pthread_cond_broadcast(&L.changed);
  pthread_mutex_unlock(&L.lock);
  return NULL;
}

/* box.listeners: the ports listened on now */
static void do_listeners(req *r, sbox *b)
{
  acs_box_listener *v = NULL;
  size_t n = 0;
  acs_err err = {0};
  int rc = acs_box_listeners(b->box, &v, &n, &err);
  if (rc) return fail_err(r->c, r->id, rc, &err);
  json_t *a = json_array();
  for (size_t i = 0; i < n; i++) {
    json_t *e = json_object();
    json_object_set_new(e, "port", json_integer(v[i].port));
    json_object_set_new(e, "pid", json_integer(v[i].pid));
    json_array_append_new(a, e);
  }
  acs_free(v);
  json_t *res = json_object();
  json_object_set_new(res, "listeners", a);
  answer(r->c, r->id, res);
}

static void do_create(req *r)
{
  sbox *b = calloc(1, sizeof *b);
  if (!b) return fail(r->c, r->id, "SandboxError", 0, "out of memory");
  b->opts = json_incref(r->req);
  b->o.version = ACS_BOX_OPTIONS_VERSION;
  b->o.hostname = str_field(r, "hostname", false);
  /* the box's memory holds its files too: both caps are the one figure */
  b->o.max_fs_mb = int_field(r, "memoryMb", 0, 0, 1 << 20);
  b->o.memory_mb = b->o.max_fs_mb;
  b->o.max_files = int_field(r, "maxFiles", 0, 0, INT32_MAX);
  b->o.max_processes = (int)int_field(r, "maxProcesses", 0, 0, 100000);
  b->o.network = bool_field(r, "network");
  b->domains = strv_field(r, json_object_get(r->req, "allowedDomains"), "allowedDomains",
                          &b->o.allowed_domain_count);
  b->o.allowed_domains = b->domains;
  json_t *pk = json_object_get(r->req, "allowedPackages");
  b->pkgs = strv_field(r, pk, "allowedPackages", &b->o.allowed_package_count);
  b->o.allowed_packages = b->pkgs;
  b->o.limit_packages = json_is_array(pk);
  b->ready_events = bool_field(r, "serverReady");
  if (r->bad) return sbox_free(b);
  acs_err err = {0};
  int rc = acs_box_new(&b->o, &b->box, &err);
  if (rc) {
    fail_err(r->c, r->id, rc, &err);
    return sbox_free(b);
  }
  pthread_rwlock_init(&b->use, NULL);
  b->cl = r->c->cl;
  b->c = *r->c;
  pthread_mutex_lock(&L.lock);
  b->id = ++L.next_box;
  b->next = L.boxes;
  L.boxes = b;
  if (b->ready_events) b->watchers++;
  pthread_mutex_unlock(&L.lock);
  json_t *res = json_object();
  json_object_set_new(res, "box", json_integer(b->id));
  answer(r->c, r->id, res); /* before any event of it */
  if (b->ready_events) {
    pthread_t t;
    if (pthread_create(&t, NULL, watch_ready, b) == 0) pthread_detach(t);
    else {
      pthread_mutex_lock(&L.lock);
      b->watchers--;
      pthread_mutex_unlock(&L.lock);
    }
  }
}

/* Take the box out of the list; kill its processes; wait until no
** request and no watcher uses it; free it. */
static void end_commands(sbox *b);
static void end_sessions(sbox *b);
static void on_command(void *user, acs_box_command *cmd);

static void dispose(sbox *b)
{
  acs_box_kill(b->box, -1, SIGKILL, NULL);
  end_commands(b);
  pthread_mutex_lock(&L.lock);
  for (sbox **pp = &L.boxes; *pp; pp = &(*pp)->next)
    if (*pp == b) {
      *pp = b->next;
      break;
    }
  while (b->refs > 0 || b->watchers > 0) {
    pthread_mutex_unlock(&L.lock);
    acs_box_kill(b->box, -1, SIGKILL, NULL); /* what started meanwhile */
    pthread_mutex_lock(&L.lock);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 50 * 1000000;
    if (ts.tv_nsec >= 1000000000) {
      ts.tv_sec++;
      ts.tv_nsec -= 1000000000;
    }
    pthread_cond_timedwait(&L.changed, &L.lock, &ts);
  }
  pthread_mutex_unlock(&L.lock);
  end_sessions(b);
  sbox_free(b);
}

/* ------------------------------------------------------------ exec */

typedef struct stream_ctx {
  const acs__serve_box_client *c;
  json_t *id;
} stream_ctx;

static void on_output(void *user, int stream, const char *data, size_t len)
{
  stream_ctx *s = user;
  json_t *m = json_object();
  json_object_set(m, "id", s->id);
  json_object_set_new(m, "event", json_string("output"));
  json_object_set_new(m, "stream", json_string(stream == 1 ? "stdout" : "stderr"));
  json_object_set_new(m, "data", b64_value(data, len));
  s->c->send(s->c->cl, m);
}

/* command (sh -c) or argv, cwd, env, user into o; owned bits in *env, *argv */
static bool spawn_fields(req *r, acs_box_spawn_options *o, char ***env, size_t *nenv,
                         const char ***argv)
{
  o->version = ACS_BOX_SPAWN_OPTIONS_VERSION;
  const char *cmd = str_field(r, "command", false);
  size_t argc = 0;
  *argv = strv_field(r, json_object_get(r->req, "argv"), "argv", &argc);
  if (r->bad) return false;
  if (!!cmd == !!*argv) {
    fail(r->c, r->id, "SandboxConfigError", 0, "%s: give exactly one of 'command' and 'argv'", r->method);
    return false;
  }
  if (cmd) {
    free(*argv);
    *argv = calloc(4, sizeof **argv);
    if (!*argv) return false;
    (*argv)[0] = "sh";
    (*argv)[1] = "-c";
    (*argv)[2] = cmd;
    argc = 3;
  }
  if (argc == 0) {
    fail(r->c, r->id, "SandboxConfigError", 0, "%s: 'argv' must name a program", r->method);
    return false;
  }
  o->argv = *argv;
  o->argc = argc;
  o->cwd = str_field(r, "cwd", false);
  o->user = str_field(r, "user", false);
  *env = env_field(r, nenv);
  o->env = (const char *const *)*env;
  o->env_count = *nenv;
  return !r->bad;
}

static void do_exec(req *r, sbox *b)
{
  acs_box_spawn_options o = {0};
  char **env = NULL;
  size_t nenv = 0;
  const char **argv = NULL;
  char *in = NULL;
  size_t inlen = 0;
  if (spawn_fields(r, &o, &env, &nenv, &argv)) {
    o.timeout_ms = int_field(r, "timeoutMs", 0, 0, INT64_MAX / 2);
    o.max_output_bytes = int_field(r, "maxOutputBytes", 0, 0, INT64_MAX / 2);
    const char *stdin_text = str_field(r, "stdin", false);
    if (stdin_text) {
      o.stdin_data = stdin_text;
      o.stdin_len = strlen(stdin_text);
    }
    const char *stdin_b64 = str_field(r, "stdinData", false);
    if (stdin_b64 && !b64_decode(stdin_b64, strlen(stdin_b64), &in, &inlen)) {
      fail(r->c, r->id, "SandboxConfigError", 0, "%s: 'stdinData' is not base64", r->method);
      r->bad = true;
    } else if (stdin_b64) {
      o.stdin_data = in;
      o.stdin_len = inlen;
    }
    stream_ctx sc = {r->c, r->id};
    if (bool_field(r, "stream")) {
      o.on_output = on_output;
      o.on_output_user = &sc;
    }
    if (!r->bad) {
      acs_exec_result *res = NULL;
      acs_err err = {0};
      int rc = acs_box_spawn(b->box, &o, &res, &err);
      if (rc) fail_err(r->c, r->id, rc, &err);
      else answer(r->c, r->id, result_json(res));
      acs_exec_result_free(res);
    }
  }
  free(in);
  strv_free(env, nenv);
  free(argv);
}

/* ------------------------------------------------------------ spawn */

static void event(sproc *s, const char *kind, json_t *fields)
{
  json_t *m = fields ? fields : json_object();
  json_object_set_new(m, "event", json_string(kind));
  json_object_set_new(m, "box", json_integer(s->b->id));
  json_object_set_new(m, "proc", json_integer(s->id));
  s->c.send(s->c.cl, m);
}

static void *watch(void *arg)
{
  sproc *s = arg;
  char buf[65536];
  bool open[3] = {false, true, true};
  for (;;) {
    struct pollfd pf[3] = {{.fd = acs_box_proc_fd(s->p, 3), .events = POLLIN},
                           {.fd = open[1] ? acs_box_proc_fd(s->p, 1) : -1, .events = POLLIN},
                           {.fd = open[2] ? acs_box_proc_fd(s->p, 2) : -1, .events = POLLIN}};
    if (poll(pf, 3, -1) < 0 && errno != EINTR) break;
    for (int i = 1; i <= 2; i++) {
      if (!open[i] || !(pf[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t n = read(pf[i].fd, buf, sizeof buf);
      if (n > 0) {
        json_t *f = json_object();
        json_object_set_new(f, "stream", json_string(i == 1 ? "stdout" : "stderr"));
        json_object_set_new(f, "data", b64_value(buf, (size_t)n));
        event(s, "output", f);
      } else if (n == 0 || (errno != EAGAIN && errno != EINTR))
        open[i] = false;
    }
    if (pf[0].revents) break;
  }
  /* what it wrote before its end, then the end */
  for (int i = 1; i <= 2; i++) {
    ssize_t n;
    while (open[i] && (n = read(acs_box_proc_fd(s->p, i), buf, sizeof buf)) > 0) {
      json_t *f = json_object();
      json_object_set_new(f, "stream", json_string(i == 1 ? "stdout" : "stderr"));
      json_object_set_new(f, "data", b64_value(buf, (size_t)n));
      event(s, "output", f);
    }
  }
  bool ended;
  int code;
  acs_box_proc_wait(s->p, -1, &ended, &code);
  json_t *f = json_object();
  json_object_set_new(f, "exitCode", json_integer(code));
  event(s, "exit", f);
  pthread_mutex_lock(&L.lock);
  for (sproc **pp = &L.procs; *pp; pp = &(*pp)->next)
    if (*pp == s) {
      *pp = s->next;
      break;
    }
  while (s->refs > 0) pthread_cond_wait(&L.changed, &L.lock);
  pthread_mutex_unlock(&L.lock);
  acs_box_proc_free(s->p);
  sbox *b = s->b;
  pthread_mutex_destroy(&s->in);
  free(s);
  pthread_mutex_lock(&L.lock);
  b->watchers--;
  pthread_cond_broadcast(&L.changed);
  pthread_mutex_unlock(&L.lock);
  return NULL;
}

static void do_spawn(req *r, sbox *b)
{
  acs_box_spawn_options o = {0};
  char **env = NULL;
  size_t nenv = 0;
  const char **argv = NULL;
  if (spawn_fields(r, &o, &env, &nenv, &argv)) {
    acs_box_proc *p = NULL;
    acs_err err = {0};
    int rc = acs_box_proc_start(b->box, &o, &p, &err);
    sproc *s = rc ? NULL : calloc(1, sizeof *s);
    if (rc) fail_err(r->c, r->id, rc, &err);
    else if (!s) {
      acs_box_proc_free(p);
      fail(r->c, r->id, "SandboxError", 0, "out of memory");
    } else {
      s->p = p;
      s->b = b;
      s->c = *r->c;
      pthread_mutex_init(&s->in, NULL);
      pthread_mutex_lock(&L.lock);
      s->id = ++L.next_proc;
      s->next = L.procs;
      L.procs = s;
      b->watchers++;
      pthread_mutex_unlock(&L.lock);
      json_t *res = json_object();
      json_object_set_new(res, "proc", json_integer(s->id));
      json_object_set_new(res, "pid", json_integer(acs_box_proc_pid(p)));
      answer(r->c, r->id, res); /* before any event of it */
      pthread_t t;
      if (pthread_create(&t, NULL, watch, s) == 0) pthread_detach(t);
      else watch(s);
    }
  }
  strv_free(env, nenv);
  free(argv);
}

static sproc *proc_get(sbox *b, json_int_t id)
{
  sproc *s = L.procs;
  while (s && !(s->id == id && s->b == b)) s = s->next;
  return s;
}

static void do_stdin_kill(req *r, sbox *b, bool kill)
{
  json_int_t pid = int_field(r, "proc", -1, 1, INT32_MAX);
  const char *data = kill ? NULL : str_field(r, "data", false);
  bool end = kill ? false : bool_field(r, "end");
  int64_t sig = kill ? int_field(r, "signal", SIGTERM, 1, 64) : 0;
  if (r->bad) return;
  char *bytes = NULL;
  size_t len = 0;
  if (data && !b64_decode(data, strlen(data), &bytes, &len))
    return fail(r->c, r->id, "SandboxConfigError", 0, "box.stdin: 'data' is not base64");
  pthread_mutex_lock(&L.lock);
  sproc *s = proc_get(b, pid);
  if (s) s->refs++;
  pthread_mutex_unlock(&L.lock);
  int rc = 0;
  acs_err err = {0};
  bool stuck = false;
  if (s && kill) rc = acs_box_proc_kill(s->p, (int)sig, &err);
  else if (s) {
    pthread_mutex_lock(&s->in);
    int fd = acs_box_proc_fd(s->p, 0);
    /* a program that stops reading must not hold the request for ever */
    for (size_t off = 0, waited = 0; fd >= 0 && off < len && !stuck;) {
      ssize_t w = write(fd, bytes + off, len - off);
      if (w > 0) off += (size_t)w;
      else if (w < 0 && errno == EAGAIN) {
        struct pollfd pf = {.fd = fd, .events = POLLOUT};
        if (poll(&pf, 1, 100) == 0) stuck = ++waited >= 300;
      } else
        break; /* the reader is gone */
    }
    if (end) acs_box_proc_close_stdin(s->p);
    pthread_mutex_unlock(&s->in);
  }
  if (s) {
    pthread_mutex_lock(&L.lock);
    s->refs--;
    pthread_cond_broadcast(&L.changed);
    pthread_mutex_unlock(&L.lock);
  }
  free(bytes);
  if (!s) return fail(r->c, r->id, "SandboxError", 0, "%s: process %lld has ended (or never was)",
                      r->method, (long long)pid);
  if (rc) return fail_err(r->c, r->id, rc, &err);
  if (stuck) return fail(r->c, r->id, "SandboxError", 0, "box.stdin: process %lld has not read its "
                         "stdin for 30 s and the pipe is full; part of the data was not written",
                         (long long)pid);
  answer(r->c, r->id, NULL);
}

/* ------------------------------------------------------------ terminals */

/* A program on a terminal of the box (box.terminal): its screen comes as
** events from a watcher thread, what is typed and new sizes as requests. */
typedef struct sterm {
  int id;
  sbox *b;
  acs_box_pty *t;
  acs__serve_box_client c;
  int refs;             /* input, resize and close requests using it (under L.lock) */
  pthread_mutex_t use;  /* one call on the handle at a time */
  struct sterm *next;
} sterm;

static sterm *terms;
static int next_term;

static void term_event(sterm *s, const char *kind, json_t *m)
{
  json_object_set_new(m, "event", json_string(kind));
  json_object_set_new(m, "box", json_integer(s->b->id));
  json_object_set_new(m, "term", json_integer(s->id));
  s->c.send(s->c.cl, m);
}

/* one read of the screen as an event: false at its end */
static bool term_relay(sterm *s, char *buf, size_t size)
{
  ssize_t n = read(acs_box_pty_fd(s->t, 0), buf, size);
  if (n > 0) {
    json_t *m = json_object();
    json_object_set_new(m, "data", b64_value(buf, (size_t)n));
    term_event(s, "output", m);
    return true;
  }
  return n < 0 && (errno == EAGAIN || errno == EINTR);
}

static void *term_watch(void *arg)
{
  sterm *s = arg;
  char buf[65536];
  bool screen = true;
  int relay = acs_box_pty_fd(s->t, 0), end = acs_box_pty_fd(s->t, 1);
  double hung_at = 0;
  for (;;) {
    struct pollfd pf[2] = {{.fd = screen ? relay : -1, .events = POLLIN}, {.fd = end, .events = POLLIN}};
    if (poll(pf, 2, screen ? -1 : 200) < 0 && errno != EINTR) break;
    if (pf[0].revents && !term_relay(s, buf, sizeof buf)) {
      /* hung up (box.terminalClose): a program that ignores SIGHUP goes 2 s later */
      screen = false;
      hung_at = acs__now_ms();
    }
    if (pf[1].revents) break;
    if (!screen && acs__now_ms() - hung_at > 2000) acs_box_kill(s->b->box, acs_box_pty_pid(s->t), SIGKILL, NULL);
  }
  /* the program ended: what is left of the screen, then the end (a job
  ** that kept the terminal gets 2 s to let go) */
  pthread_mutex_lock(&s->use);
  acs_box_pty_hangup(s->t);
  pthread_mutex_unlock(&s->use);
  while (screen) {
    struct pollfd pf = {.fd = relay, .events = POLLIN};
    if (poll(&pf, 1, 2000) <= 0 || !term_relay(s, buf, sizeof buf)) break;
  }
  bool ended;
  int code;
  acs_box_pty_wait(s->t, -1, &ended, &code);
  json_t *m = json_object();
  json_object_set_new(m, "exitCode", json_integer(code));
  term_event(s, "exit", m);
  pthread_mutex_lock(&L.lock);
  for (sterm **pp = &terms; *pp; pp = &(*pp)->next)
    if (*pp == s) {
      *pp = s->next;
      break;
    }
  while (s->refs > 0) pthread_cond_wait(&L.changed, &L.lock);
  pthread_mutex_unlock(&L.lock);
  acs_box_pty_free(s->t);
  sbox *b = s->b;
  pthread_mutex_destroy(&s->use);
  free(s);
  pthread_mutex_lock(&L.lock);
  b->watchers--;
  pthread_cond_broadcast(&L.changed);
  pthread_mutex_unlock(&L.lock);
  return NULL;
}

static void do_terminal(req *r, sbox *b)
{
  size_t argc = 0, nenv = 0;
  const char **argv = strv_field(r, json_object_get(r->req, "argv"), "argv", &argc);
  if (!r->bad && argv && argc == 0) {
    fail(r->c, r->id, "SandboxConfigError", 0, "box.terminal: 'argv' must name a program");
    r->bad = true;
  }
  acs_box_terminal_options o = {.version = ACS_BOX_TERMINAL_OPTIONS_VERSION, .argv = argv,
                                .argc = argc, .in_fd = -1, .out_fd = -1};
  o.cwd = str_field(r, "cwd", false);
  o.user = str_field(r, "user", false);
  char **env = env_field(r, &nenv);
  o.env = (const char *const *)env;
  o.env_count = nenv;
  int cols = (int)int_field(r, "columns", 80, 1, 1000), rows = (int)int_field(r, "rows", 24, 1, 1000);
  if (!r->bad) {
    acs_box_pty *t = NULL;
    acs_err err = {0};
    int rc = acs_box_pty_open(b->box, &o, rows, cols, &t, &err);
    sterm *s = rc ? NULL : calloc(1, sizeof *s);
    if (rc) fail_err(r->c, r->id, rc, &err);
    else if (!s) {
      acs_box_pty_free(t);
      fail(r->c, r->id, "SandboxError", 0, "out of memory");
    } else {
      s->t = t;
      s->b = b;
      s->c = *r->c;
      pthread_mutex_init(&s->use, NULL);
      pthread_mutex_lock(&L.lock);
      s->id = ++next_term;
      s->next = terms;
      terms = s;
      b->watchers++;
      pthread_mutex_unlock(&L.lock);
      json_t *res = json_object();
      json_object_set_new(res, "term", json_integer(s->id));
      json_object_set_new(res, "pid", json_integer(acs_box_pty_pid(t)));
      answer(r->c, r->id, res); /* before any event of it */
      pthread_t th;
      if (pthread_create(&th, NULL, term_watch, s) == 0) pthread_detach(th);
      else term_watch(s);
    }
  }
  strv_free(env, nenv);
  free(argv);
}

/* box.terminalInput, box.terminalResize, box.terminalClose */
static void do_term_io(req *r, sbox *b)
{
  const char *what = r->method + strlen("box.terminal");
  json_int_t id = int_field(r, "term", -1, 1, INT32_MAX);
  const char *data = !strcmp(what, "Input") ? str_field(r, "data", true) : NULL;
  int cols = 0, rows = 0;
  if (!strcmp(what, "Resize")) {
    cols = (int)int_field(r, "columns", 0, 1, 1000);
    rows = (int)int_field(r, "rows", 0, 1, 1000);
    if (!r->bad && (!cols || !rows)) {
      fail(r->c, r->id, "SandboxConfigError", 0, "box.terminalResize: give 'columns' and 'rows'");
      r->bad = true;
    }
  }
  if (r->bad) return;
  char *bytes = NULL;
  size_t len = 0;
  if (data && !b64_decode(data, strlen(data), &bytes, &len))
    return fail(r->c, r->id, "SandboxConfigError", 0, "box.terminalInput: 'data' is not base64");
  pthread_mutex_lock(&L.lock);
  sterm *s = terms;
  while (s && !(s->id == id && s->b == b)) s = s->next;
  if (s) s->refs++;
  pthread_mutex_unlock(&L.lock);
  if (!s) {
    free(bytes);
    return fail(r->c, r->id, "SandboxError", 0, "%s: terminal %lld has ended (or never was); open one "
                "with box.terminal", r->method, (long long)id);
  }
  int rc = 0;
  bool stuck = false;
  acs_err err = {0};
  pthread_mutex_lock(&s->use);
  if (data) {
    int fd = acs_box_pty_fd(s->t, 0);
    /* a program that stops reading must not hold the request for ever */
    for (size_t off = 0, waited = 0; off < len && !stuck;) {
      ssize_t w = write(fd, bytes + off, len - off);
      if (w > 0) off += (size_t)w;
      else if (w < 0 && (errno == EAGAIN || errno == EINTR)) {
        struct pollfd pf = {.fd = fd, .events = POLLOUT};
        if (poll(&pf, 1, 100) == 0) stuck = ++waited >= 300;
      } else
        break; /* hung up */
    }
  } else if (rows)
    rc = acs_box_pty_resize(s->t, rows, cols, &err);
  else
    acs_box_pty_hangup(s->t);
  pthread_mutex_unlock(&s->use);
  pthread_mutex_lock(&L.lock);
  s->refs--;
  pthread_cond_broadcast(&L.changed);
  pthread_mutex_unlock(&L.lock);
  free(bytes);
  if (rc) return fail_err(r->c, r->id, rc, &err);
  if (stuck) return fail(r->c, r->id, "SandboxError", 0, "box.terminalInput: terminal %lld has not read "
                         "its input for 30 s; part of the data was not written", (long long)id);
  answer(r->c, r->id, NULL);
}

/* ------------------------------------------------------------ files */

static const char *type_name(unsigned char t)
{
  switch (t) {
  case 8: return "file";
  case 4: return "directory";
  case 10: return "symlink";
  case 1: return "fifo";
  case 2: return "chardev";
  case 6: return "blockdev";
  case 12: return "socket";
  default: return "unknown";
  }
}

static json_t *stat_json(const acs_box_stat *st)
{
  json_t *s = json_object();
  json_object_set_new(s, "mode", json_integer(st->mode));
  json_object_set_new(s, "uid", json_integer(st->uid));
  json_object_set_new(s, "gid", json_integer(st->gid));
  json_object_set_new(s, "size", json_integer((json_int_t)st->size));
  json_object_set_new(s, "ino", json_integer((json_int_t)st->ino));
  json_object_set_new(s, "nlink", json_integer((json_int_t)st->nlink));
  json_object_set_new(s, "rdev", json_integer((json_int_t)st->rdev));
  json_object_set_new(s, "blocks", json_integer((json_int_t)st->blocks));
  json_object_set_new(s, "dev", json_integer((json_int_t)st->dev));
  /* the messages' reals carry 12 digits, too few for a time in ms since
  ** the epoch with its fraction: the exact seconds and nanoseconds too */
  const char *names[] = {"atime", "mtime", "ctime", "birthtime"};
  const int64_t ns[] = {st->atime_ns, st->mtime_ns, st->ctime_ns, st->btime_ns};
  for (int i = 0; i < 4; i++) {
    char key[24];
    int64_t sec = ns[i] / 1000000000, frac = ns[i] % 1000000000;
    if (frac < 0) sec--, frac += 1000000000;
    snprintf(key, sizeof key, "%sMs", names[i]);
    json_object_set_new(s, key, json_real((double)ns[i] / 1e6));
    snprintf(key, sizeof key, "%sSec", names[i]);
    json_object_set_new(s, key, json_integer((json_int_t)sec));
    snprintf(key, sizeof key, "%sNsec", names[i]);
    json_object_set_new(s, key, json_integer((json_int_t)frac));
  }
  return s;
}

static void do_fs(req *r, sbox *b)
{
  const char *op = str_field(r, "op", true);
  const char *path = str_field(r, "path", true);
  if (r->bad) return;
  acs_err err = {0};
  int rc = 0;
  json_t *res = json_object();
  acs_box *x = b->box;
  if (!strcmp(op, "readFile")) {
    char *data = NULL;
    size_t len = 0;
    rc = acs_box_read_file(x, path, 0, &data, &len, &err);
    if (!rc) json_object_set_new(res, "data", b64_value(data, len));
    acs_free(data);
  } else if (!strcmp(op, "writeFile") || !strcmp(op, "appendFile")) {
    const char *d = str_field(r, "data", true);
    int64_t mode = int_field(r, "mode", 0, 0, 07777);
    bool parents = bool_field(r, "parents");
    if (r->bad) goto out;
    char *bytes = NULL;
    size_t len = 0;
    if (!b64_decode(d, strlen(d), &bytes, &len)) {
      fail(r->c, r->id, "SandboxConfigError", 0, "box.fs: 'data' is not base64");
      r->bad = true;
      goto out;
    }
    unsigned flags = (op[0] == 'a' ? ACS_BOX_WRITE_APPEND : 0) | (parents ? ACS_BOX_WRITE_PARENTS : 0);
    rc = acs_box_write_file(x, path, bytes, len, (uint32_t)mode, flags, &err);
    free(bytes);
  } else if (!strcmp(op, "readdir")) {
    acs_box_dirent *list = NULL;
    size_t n = 0;
    rc = acs_box_readdir(x, path, &list, &n, &err);
    json_t *a = json_array();
    for (size_t i = 0; i < n; i++) {
      json_t *e = json_object();
      json_object_set_new(e, "name", json_string(list[i].name));
      json_object_set_new(e, "type", json_string(type_name(list[i].type)));
      json_array_append_new(a, e);
    }
    json_object_set_new(res, "entries", a);
    acs_box_dirents_free(list, n);
  } else if (!strcmp(op, "stat") || !strcmp(op, "lstat")) {
    acs_box_stat st;
    rc = acs_box_stat_path(x, path, op[0] == 'l', &st, &err);
    if (!rc) json_object_set_new(res, "stat", stat_json(&st));
  } else if (!strcmp(op, "exists")) {
    bool e = false;
    rc = acs_box_exists(x, path, &e, &err);
    json_object_set_new(res, "exists", json_boolean(e));
  } else if (!strcmp(op, "mkdir")) {
    int64_t mode = int_field(r, "mode", 0, 0, 07777);
    bool rec = bool_field(r, "recursive");
    if (r->bad) goto out;
    rc = acs_box_mkdir(x, path, (uint32_t)mode, rec, &err);
  } else if (!strcmp(op, "rm")) {
    bool rec = bool_field(r, "recursive"), force = bool_field(r, "force");
    if (r->bad) goto out;
    rc = acs_box_rm(x, path, rec, force, &err);
  } else if (!strcmp(op, "rename")) {
    const char *to = str_field(r, "to", true);
    if (r->bad) goto out;
    rc = acs_box_rename(x, path, to, &err);
  } else if (!strcmp(op, "symlink")) {
    const char *target = str_field(r, "target", true);
    if (r->bad) goto out;
    rc = acs_box_symlink(x, target, path, &err);
  } else if (!strcmp(op, "chmod")) {
    int64_t mode = int_field(r, "mode", -1, 0, 07777);
    if (!r->bad && mode < 0) {
      fail(r->c, r->id, "SandboxConfigError", 0, "box.fs chmod: give 'mode'");
      r->bad = true;
    }
    if (r->bad) goto out;
    rc = acs_box_chmod(x, path, (uint32_t)mode, &err);
  } else if (!strcmp(op, "chown")) {
    int64_t uid = int_field(r, "uid", -1, -1, UINT32_MAX - 1), gid = int_field(r, "gid", -1, -1, UINT32_MAX - 1);
    if (r->bad) goto out;
    rc = acs_box_chown(x, path, uid, gid, &err);
  } else if (!strcmp(op, "copyIn") || !strcmp(op, "copyOut")) {
    const char *host = str_field(r, "hostPath", true);
    const char *owner = str_field(r, "owner", false);
    if (r->bad) goto out;
    rc = op[4] == 'I' ? acs_box_copy_in(x, host, path, owner, &err)
                      : acs_box_copy_out(x, path, host, &err);
  } else if (!strcmp(op, "mount")) {
    const char *host = str_field(r, "hostPath", true);
    const char *owner = str_field(r, "owner", false);
    bool ro = bool_field(r, "readOnly");
    if (r->bad) goto out;
    rc = acs_box_mount(x, host, path, ro, owner, &err);
  } else {
    fail(r->c, r->id, "SandboxConfigError", 0, "box.fs: unknown op '%s' (readFile, writeFile, "
         "appendFile, readdir, stat, lstat, exists, mkdir, rm, rename, symlink, chmod, chown, "
         "copyIn, copyOut, mount)", op);
    r->bad = true;
  }
out:
  if (r->bad) json_decref(res);
  else if (rc) {
    json_decref(res);
    fail_err(r->c, r->id, rc, &err);
  } else
    answer(r->c, r->id, res);
}

/* ------------------------------------------------------------ snapshots */

/* A client on this machine may pass a snapshot as a host file ("file"):
** 10 MB as base64 in JSON costs far more than the snapshot itself. */
static void do_snapshot(req *r, sbox *b)
{
  const char *file = str_field(r, "file", false);
  if (r->bad) return;
  acs_err err = {0};
  json_t *res = json_object();
  int rc;
  if (file) {
    int fd = open(file, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
      json_decref(res);
      return fail(r->c, r->id, "SandboxError", 0, "box.snapshot: cannot write '%s': %s", file, strerror(errno));
    }
    size_t len = 0;
    rc = acs_box_snapshot_fd(b->box, fd, &len, &err);
    close(fd);
    json_object_set_new(res, "size", json_integer((json_int_t)len));
  } else {
    char *data = NULL;
    size_t len = 0;
    rc = acs_box_snapshot(b->box, &data, &len, &err);
    if (!rc) json_object_set_new(res, "data", b64_value(data, len));
    acs_free(data);
  }
  if (rc) {
    json_decref(res);
    return fail_err(r->c, r->id, rc, &err);
  }
  answer(r->c, r->id, res);
}

/* A new box with the same options, the snapshot in it, then in the old
** one's place: the old one's processes end. */
static void do_restore(req *r, sbox *b)
{
  const char *file = str_field(r, "file", false);
  const char *d = file ? NULL : str_field(r, "data", true);
  if (r->bad) return;
  char *bytes = NULL;
  size_t len = 0;
  int fd = -1;
  if (file && (fd = open(file, O_RDONLY | O_CLOEXEC)) < 0)
    return fail(r->c, r->id, "SandboxError", 0, "box.restore: cannot read '%s': %s", file, strerror(errno));
  if (!file && !b64_decode(d, strlen(d), &bytes, &len))
    return fail(r->c, r->id, "SandboxConfigError", 0, "box.restore: 'data' is not base64");
  acs_err err = {0};
  /* in place when nothing runs (the box and its exposed ports stay): the
  ** other requests wait for it */
  pthread_rwlock_unlock(&b->use);
  pthread_rwlock_wrlock(&b->use);
  int rc = fd >= 0 ? acs_box_restore_fd(b->box, fd, &err) : acs_box_restore(b->box, bytes, len, &err);
  pthread_rwlock_unlock(&b->use);
  pthread_rwlock_rdlock(&b->use);
  if (rc != -EBUSY) {
    free(bytes);
    if (fd >= 0) close(fd);
    if (rc) return fail_err(r->c, r->id, rc, &err);
    return answer(r->c, r->id, NULL);
  }
  acs_err_clear(&err);
  acs_box *nb = NULL;
  rc = acs_box_new(&b->o, &nb, &err);
  if (!rc) rc = fd >= 0 ? acs_box_restore_fd(nb, fd, &err) : acs_box_restore(nb, bytes, len, &err);
  if (!rc && b->commands) rc = acs_box_on_command(nb, on_command, b, &err);
  free(bytes);
  if (fd >= 0) close(fd);
  if (rc) {
    acs_box_free(nb);
    return fail_err(r->c, r->id, rc, &err);
  }
  /* the old box's watchers must be done with it before it goes */
  acs_box_kill(b->box, -1, SIGKILL, NULL);
  pthread_mutex_lock(&L.lock);
  while (b->watchers > 0) {
    pthread_mutex_unlock(&L.lock);
    acs_box_kill(b->box, -1, SIGKILL, NULL);
    usleep(5000);
    pthread_mutex_lock(&L.lock);
  }
  pthread_mutex_unlock(&L.lock);
  pthread_rwlock_unlock(&b->use);
  pthread_rwlock_wrlock(&b->use);
  acs_box *old = b->box;
  b->box = nb;
  pthread_rwlock_unlock(&b->use);
  end_sessions(b); /* their shells were the old box's */
  pthread_rwlock_rdlock(&b->use);
  acs_box_free(old);
  answer(r->c, r->id, NULL);
}

/* ------------------------------------------------------------ network */

static void do_net(req *r, sbox *b, bool expose)
{
  int port = (int)int_field(r, "port", 0, 1, 65535);
  if (!r->bad && port == 0) {
    fail(r->c, r->id, "SandboxConfigError", 0, "%s: give 'port'", r->method);
    return;
  }
  acs_err err = {0};
  json_t *res = json_object();
  int rc;
  if (expose) {
    int hp = (int)int_field(r, "hostPort", 0, 0, 65535), bound = 0;
    if (r->bad) return json_decref(res);
    rc = acs_box_expose(b->box, port, hp, &bound, &err);
    json_object_set_new(res, "hostPort", json_integer(bound));
  } else {
    int64_t t = int_field(r, "timeoutMs", 0, 0, UINT32_MAX);
    if (r->bad) return json_decref(res);
    bool on = false;
    rc = acs_box_wait_port(b->box, port, t, &on, &err);
    json_object_set_new(res, "listening", json_boolean(on));
  }
  if (rc) {
    json_decref(res);
    return fail_err(r->c, r->id, rc, &err);
  }
  answer(r->c, r->id, res);
}

/* ------------------------------------------------------------ commands */

static void end_commands(sbox *b)
{
  for (;;) {
    pthread_mutex_lock(&L.lock);
    scmd **pp = &L.cmds;
    while (*pp && (*pp)->b != b) pp = &(*pp)->next;
    scmd *c = *pp;
    if (c) {
      *pp = c->next;
      while (c->refs > 0) pthread_cond_wait(&L.changed, &L.lock);
    }
    pthread_mutex_unlock(&L.lock);
    if (!c) return;
    acs_box_command_exit(c->cmd, 128 + SIGKILL);
    free(c);
  }
}

/* A run of one of the box's commands (a thread of the C API's): told to
** the client, which answers with box.commandRead/Write/Exit. */
static void on_command(void *user, acs_box_command *cmd)
{
  pthread_mutex_lock(&L.lock);
  sbox *b = L.boxes;
  while (b && b != user) b = b->next; /* a disposed box is no longer listed */
  /* a box's programs may start runs faster than the client ends them: a
  ** bound, so that the client is not flooded */
  int active = 0;
  for (scmd *x = L.cmds; x; x = x->next) active += x->b == b;
  if (b && active >= 256) {
    pthread_mutex_unlock(&L.lock);
    static const char msg[] = "too many runs of the host's commands at once in this box (256): wait for one to end\n";
    acs_box_command_write(cmd, 2, msg, sizeof msg - 1);
    return acs_box_command_exit(cmd, 126);
  }
  scmd *c = b && !b->disposed ? calloc(1, sizeof *c) : NULL;
  if (c) {
    c->id = ++L.next_cmd;
    c->b = b;
    c->cmd = cmd;
    c->next = L.cmds;
    L.cmds = c;
    b->refs++;
  }
  pthread_mutex_unlock(&L.lock);
  if (!c) return acs_box_command_exit(cmd, 128 + SIGKILL);
  json_t *m = json_object();
  json_object_set_new(m, "event", json_string("command"));
  json_object_set_new(m, "box", json_integer(b->id));
  json_object_set_new(m, "call", json_integer(c->id));
  json_object_set_new(m, "name", json_string(acs_box_command_name(cmd)));
  size_t n;
  const char *const *v = acs_box_command_argv(cmd, &n);
  json_t *a = json_array();
  for (size_t i = 0; i < n; i++) json_array_append_new(a, json_string(v[i]));
  json_object_set_new(m, "argv", a);
  v = acs_box_command_env(cmd, &n);
  json_t *e = json_object();
  for (size_t i = 0; i < n; i++) {
    const char *eq = strchr(v[i], '=');
    if (eq) {
      char *k = strndup(v[i], (size_t)(eq - v[i]));
      if (k) json_object_set_new(e, k, json_string(eq + 1));
      free(k);
    }
  }
  json_object_set_new(m, "env", e);
  json_object_set_new(m, "cwd", json_string(acs_box_command_cwd(cmd)));
  json_object_set_new(m, "uid", json_integer(acs_box_command_uid(cmd)));
  json_object_set_new(m, "pid", json_integer(acs_box_command_pid(cmd)));
  b->c.send(b->c.cl, m);
  box_put(b);
}

static void do_install(req *r, sbox *b)
{
  const char *name = str_field(r, "name", true);
  const char *summary = str_field(r, "summary", false);
  if (r->bad) return;
  acs_err err = {0};
  int rc = 0;
  if (!b->commands) rc = acs_box_on_command(b->box, on_command, b, &err);
  if (!rc) b->commands = true;
  if (!rc) rc = acs_box_install_command(b->box, name, summary, &err);
  if (rc) return fail_err(r->c, r->id, rc, &err);
  answer(r->c, r->id, NULL);
}

static scmd *cmd_get(req *r, sbox *b)
{
  json_int_t id = int_field(r, "call", -1, 1, INT32_MAX);
  if (r->bad) return NULL;
  pthread_mutex_lock(&L.lock);
  scmd *c = L.cmds;
  while (c && !(c->id == id && c->b == b)) c = c->next;
  if (c) c->refs++;
  pthread_mutex_unlock(&L.lock);
  if (!c) fail(r->c, r->id, "SandboxError", 0, "%s: command run %lld has ended (or never was)", r->method,
               (long long)id);
  return c;
}

static void cmd_put(scmd *c)
{
  pthread_mutex_lock(&L.lock);
  c->refs--;
  pthread_cond_broadcast(&L.changed);
  pthread_mutex_unlock(&L.lock);
}

static void do_command_io(req *r, sbox *b)
{
  const char *what = r->method + strlen("box.command");
  if (!strcmp(what, "Exit")) {
    int64_t code = int_field(r, "exitCode", 0, 0, 255);
    scmd *c = r->bad ? NULL : cmd_get(r, b);
    if (!c) return;
    pthread_mutex_lock(&L.lock);
    for (scmd **pp = &L.cmds; *pp; pp = &(*pp)->next)
      if (*pp == c) {
        *pp = c->next;
        break;
      }
    c->refs--;
    while (c->refs > 0) pthread_cond_wait(&L.changed, &L.lock);
    pthread_mutex_unlock(&L.lock);
    acs_box_command_exit(c->cmd, (int)code);
    free(c);
    return answer(r->c, r->id, NULL);
  }
  if (!strcmp(what, "Read")) {
    int64_t max = int_field(r, "max", 65536, 1, 65536);
    scmd *c = r->bad ? NULL : cmd_get(r, b);
    if (!c) return;
    char *buf = malloc((size_t)max);
    int64_t n = buf ? acs_box_command_read(c->cmd, buf, (size_t)max) : -ENOMEM;
    cmd_put(c);
    json_t *res = json_object();
    json_object_set_new(res, "data", b64_value(buf ? buf : "", n > 0 ? (size_t)n : 0));
    if (n <= 0) json_object_set_new(res, "end", json_true());
    free(buf);
    return answer(r->c, r->id, res);
  }
  if (!strcmp(what, "Write")) {
    int64_t stream = int_field(r, "stream", 1, 1, 2);
    const char *d = str_field(r, "data", true);
    if (r->bad) return;
    char *bytes = NULL;
    size_t len = 0;
    if (!b64_decode(d, strlen(d), &bytes, &len))
      return fail(r->c, r->id, "SandboxConfigError", 0, "box.commandWrite: 'data' is not base64");
    scmd *c = cmd_get(r, b);
    int rc = c ? acs_box_command_write(c->cmd, (int)stream, bytes, len) : 0;
    if (c) cmd_put(c);
    free(bytes);
    if (!c) return;
    if (rc) return fail(r->c, r->id, "SandboxError", -EPIPE, "box.commandWrite: the program's %s is "
                        "closed (its reader is gone)", stream == 1 ? "stdout" : "stderr");
    return answer(r->c, r->id, NULL);
  }
  fail(r->c, r->id, "SandboxConfigError", 0, "unknown method '%s'", r->method);
}

/* ------------------------------------------------------------ sessions */

static void do_session_new(req *r, sbox *b)
{
  acs_box_session_options o = {.version = ACS_BOX_SESSION_OPTIONS_VERSION};
  size_t nenv = 0;
  o.cwd = str_field(r, "cwd", false);
  o.user = str_field(r, "user", false);
  char **env = env_field(r, &nenv);
  o.env = (const char *const *)env;
  o.env_count = nenv;
  if (!r->bad) {
    acs_box_session *s = NULL;
    acs_err err = {0};
    int rc = acs_box_session_new(b->box, &o, &s, &err);
    ssess *x = rc ? NULL : calloc(1, sizeof *x);
    if (rc) fail_err(r->c, r->id, rc, &err);
    else if (!x) {
      acs_box_session_free(s);
      fail(r->c, r->id, "SandboxError", 0, "out of memory");
    } else {
      x->s = s;
      x->b = b;
      pthread_mutex_lock(&L.lock);
      x->id = ++L.next_sess;
      x->next = L.sessions;
      L.sessions = x;
      pthread_mutex_unlock(&L.lock);
      json_t *res = json_object();
      json_object_set_new(res, "session", json_integer(x->id));
      answer(r->c, r->id, res);
    }
  }
  strv_free(env, nenv);
}

static ssess *session_get(req *r, sbox *b)
{
  json_int_t id = int_field(r, "session", -1, 1, INT32_MAX);
  if (r->bad) return NULL;
  pthread_mutex_lock(&L.lock);
  ssess *x = L.sessions;
  while (x && !(x->id == id && x->b == b)) x = x->next;
  if (x) x->refs++;
  pthread_mutex_unlock(&L.lock);
  if (!x)
    fail(r->c, r->id, "SandboxError", 0, "%s: no session %lld in this box: it was disposed, or "
         "ended when the box was restored (or never was); start one with box.sessionNew",
         r->method, (long long)id);
  return x;
}

static void session_put(ssess *x)
{
  pthread_mutex_lock(&L.lock);
  x->refs--;
  pthread_cond_broadcast(&L.changed);
  pthread_mutex_unlock(&L.lock);
}

static void do_session_run(req *r, sbox *b)
{
  acs_box_run_options o = {.version = ACS_BOX_RUN_OPTIONS_VERSION};
  o.script = str_field(r, "command", true);
  o.timeout_ms = int_field(r, "timeoutMs", 0, 0, INT64_MAX / 2);
  o.max_output_bytes = int_field(r, "maxOutputBytes", 0, 0, INT64_MAX / 2);
  stream_ctx sc = {r->c, r->id};
  if (bool_field(r, "stream")) {
    o.on_output = on_output;
    o.on_output_user = &sc;
  }
  ssess *x = r->bad ? NULL : session_get(r, b);
  if (!x) return;
  acs_exec_result *res = NULL;
  acs_err err = {0};
  int rc = acs_box_session_run(x->s, &o, &res, &err);
  if (rc) fail_err(r->c, r->id, rc, &err);
  else {
    json_t *j = result_json(res);
    json_object_set_new(j, "alive", json_boolean(acs_box_session_alive(x->s)));
    answer(r->c, r->id, j);
  }
  acs_exec_result_free(res);
  session_put(x);
}

static void do_session_cancel(req *r, sbox *b)
{
  ssess *x = session_get(r, b);
  if (!x) return;
  acs_box_session_cancel(x->s);
  session_put(x);
  answer(r->c, r->id, NULL);
}

/* Take x out of the list (the caller did), stop its run, wait until no
** request uses it, end its shell. */
static void session_end(ssess *x)
{
  pthread_mutex_lock(&L.lock);
  while (x->refs > 0) {
    pthread_mutex_unlock(&L.lock);
    acs_box_session_cancel(x->s);
    pthread_mutex_lock(&L.lock);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 50 * 1000000;
    if (ts.tv_nsec >= 1000000000) {
      ts.tv_sec++;
      ts.tv_nsec -= 1000000000;
    }
    pthread_cond_timedwait(&L.changed, &L.lock, &ts);
  }
  pthread_mutex_unlock(&L.lock);
  acs_box_session_free(x->s);
  free(x);
}

static void do_session_dispose(req *r, sbox *b)
{
  json_int_t id = int_field(r, "session", -1, 1, INT32_MAX);
  if (r->bad) return;
  pthread_mutex_lock(&L.lock);
  ssess **pp = &L.sessions;
  while (*pp && !((*pp)->id == id && (*pp)->b == b)) pp = &(*pp)->next;
  ssess *x = *pp;
  if (x) *pp = x->next;
  pthread_mutex_unlock(&L.lock);
  if (x) session_end(x); /* an unknown or ended one: disposing twice is fine */
  answer(r->c, r->id, NULL);
}

static void end_sessions(sbox *b)
{
  for (;;) {
    pthread_mutex_lock(&L.lock);
    ssess **pp = &L.sessions;
    while (*pp && (*pp)->b != b) pp = &(*pp)->next;
    ssess *x = *pp;
    if (x) *pp = x->next;
    pthread_mutex_unlock(&L.lock);
    if (!x) return;
    session_end(x);
  }
}

/* ------------------------------------------------------------ dispatch */

typedef struct work {
  acs__serve_box_client c;
  json_t *req, *id;
} work;

static void *run(void *arg)
{
  work *w = arg;
  req r = {.c = &w->c, .req = w->req, .id = w->id};
  r.method = json_string_value(json_object_get(w->req, "method"));
  if (!strcmp(r.method, "box.create")) do_create(&r);
  else {
    json_t *bid = json_object_get(w->req, "box");
    sbox *b = json_is_integer(bid) ? box_get(w->c.cl, json_integer_value(bid)) : NULL;
    if (!b)
      fail(&w->c, w->id, "SandboxError", 0, "%s: no box %s: it was disposed (or never made); "
           "make one with box.create", r.method, json_is_integer(bid) ? "with that id" : "given");
    else if (!strcmp(r.method, "box.dispose")) {
      pthread_mutex_lock(&L.lock);
      bool first = !b->disposed;
      b->disposed = true;
      b->refs--;
      pthread_mutex_unlock(&L.lock);
      if (first) dispose(b);
      answer(&w->c, w->id, NULL);
    } else {
      pthread_rwlock_rdlock(&b->use);
      if (!strcmp(r.method, "box.exec")) do_exec(&r, b);
      else if (!strcmp(r.method, "box.spawn")) do_spawn(&r, b);
      else if (!strcmp(r.method, "box.stdin")) do_stdin_kill(&r, b, false);
      else if (!strcmp(r.method, "box.kill")) do_stdin_kill(&r, b, true);
      else if (!strcmp(r.method, "box.fs")) do_fs(&r, b);
      else if (!strcmp(r.method, "box.snapshot")) do_snapshot(&r, b);
      else if (!strcmp(r.method, "box.restore")) do_restore(&r, b);
      else if (!strcmp(r.method, "box.waitForPort")) do_net(&r, b, false);
      else if (!strcmp(r.method, "box.listeners")) do_listeners(&r, b);
      else if (!strcmp(r.method, "box.expose")) do_net(&r, b, true);
      else if (!strcmp(r.method, "box.installCommand")) do_install(&r, b);
      else if (!strncmp(r.method, "box.command", 11)) do_command_io(&r, b);
      else if (!strcmp(r.method, "box.sessionNew")) do_session_new(&r, b);
      else if (!strcmp(r.method, "box.sessionRun")) do_session_run(&r, b);
      else if (!strcmp(r.method, "box.sessionCancel")) do_session_cancel(&r, b);
      else if (!strcmp(r.method, "box.sessionDispose")) do_session_dispose(&r, b);
      else if (!strcmp(r.method, "box.terminal")) do_terminal(&r, b);
      else if (!strcmp(r.method, "box.terminalInput") || !strcmp(r.method, "box.terminalResize") ||
               !strcmp(r.method, "box.terminalClose"))
        do_term_io(&r, b);
      else
        fail(&w->c, w->id, "SandboxConfigError", 0, "unknown method '%s' (box.create, box.exec, "
             "box.spawn, box.stdin, box.kill, box.fs, box.snapshot, box.restore, box.waitForPort, box.listeners, "
             "box.expose, box.installCommand, box.commandRead, box.commandWrite, box.commandExit, "
             "box.sessionNew, box.sessionRun, box.sessionCancel, box.sessionDispose, "
             "box.terminal, box.terminalInput, box.terminalResize, box.terminalClose, "
             "box.dispose)", r.method);
      pthread_rwlock_unlock(&b->use);
      box_put(b);
    }
  }
  w->c.end(w->c.cl);
  json_decref(w->req);
  free(w);
  return NULL;
}

void acs__serve_box_request(const acs__serve_box_client *c, json_t *req, json_t *id)
{
  work *w = calloc(1, sizeof *w);
  if (!w || !json_is_string(json_object_get(req, "method"))) {
    if (w) fail(c, id, "SandboxConfigError", 0, "'method' must be a string such as \"box.exec\"");
    free(w);
    json_decref(req);
    return;
  }
  w->c = *c;
  w->req = req;
  w->id = id;
  c->begin(c->cl);
  pthread_t t;
  pthread_attr_t a;
  pthread_attr_init(&a);
  pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&a, 512 << 10);
  if (pthread_create(&t, &a, run, w) != 0) run(w);
  pthread_attr_destroy(&a);
}

void acs__serve_box_client_gone(void *cl)
{
  for (;;) {
    pthread_mutex_lock(&L.lock);
    sbox *b = L.boxes;
    while (b && (b->cl != cl || b->disposed)) b = b->next;
    if (b) b->disposed = true;
    pthread_mutex_unlock(&L.lock);
    if (!b) return;
    dispose(b);
  }
}
