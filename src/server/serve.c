/* serve.c - `acs serve`: requests as JSON lines in, results as JSON lines
** out, many runs at once.
**
** One reader per client turns lines into jobs; a fixed pool of threads runs
** jobs through acs_exec, each in its own worker process, and writes the
** answer under the client's write lock. Bad input gets an error line and
** the server goes on. A client whose output breaks, or whose socket closes,
** has its runs cancelled. */
#include "serve.h"

#include "../base/base.h"

#include <errno.h>
#include <jansson.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

typedef struct client {
  int in_fd, out_fd;
  pthread_mutex_t wlock;
  int jobs;           /* jobs of this client not answered yet (under Q.lock) */
  bool broken;        /* out_fd failed: answers are dropped */
  bool gone;          /* reader finished */
  pthread_cond_t idle;
} client;

typedef struct job {
  client *cl;
  json_t *req;        /* owns every string the options point to */
  json_t *id;         /* borrowed from req */
  acs_exec_options o;
  const char **ro, **domains, **argv, **env, **pkgs;
  char **env_items;
  size_t env_n;
  acs_cancel_token *tok;
  struct job *next;   /* the queue */
  struct job *all;    /* every unanswered job, for cancel */
} job;

static struct {
  pthread_mutex_t lock;
  pthread_cond_t more;
  job *head, *tail, *all;
  int queued, max_queue, threads;
  size_t max_line;
  acs_pool *pool; /* warm workers, or NULL */
} Q = {.lock = PTHREAD_MUTEX_INITIALIZER, .more = PTHREAD_COND_INITIALIZER};

/* ------------------------------------------------------------ answers */

static void send_line(client *cl, json_t *msg)
{
  char *text = json_dumps(msg, JSON_COMPACT | JSON_REAL_PRECISION(12));
  json_decref(msg);
  if (!text) return;
  size_t n = strlen(text);
  pthread_mutex_lock(&cl->wlock);
  if (!cl->broken) {
    text[n] = '\n'; /* json_dumps' NUL becomes the line end */
    if (acs__write_all(cl->out_fd, text, n + 1) != 0) cl->broken = true;
  }
  pthread_mutex_unlock(&cl->wlock);
  free(text);
}

static void send_error(client *cl, json_t *id, const char *type, const char *fmt, ...)
    ACS__PRINTF(4, 5);
static void send_error(client *cl, json_t *id, const char *type, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  char *m = NULL;
  if (vasprintf(&m, fmt, ap) < 0) m = NULL;
  va_end(ap);
  json_t *msg = json_pack("{s:O?,s:{s:s,s:s}}", "id", id, "error", "type", type, "message",
                          m ? m : "out of memory");
  free(m);
  if (msg) send_line(cl, msg);
}

static json_t *text_value(const char *s, size_t len)
{
  size_t n;
  char *clean = acs__utf8_sanitize(s ? s : "", s ? len : 0, &n);
  json_t *v = clean ? json_stringn(clean, n) : json_string("");
  free(clean);
  return v;
}

static void send_result(client *cl, json_t *id, const acs_exec_result *r)
{
  json_t *res = json_object();
  json_object_set_new(res, "stdout", text_value(r->stdout_data, r->stdout_len));
  json_object_set_new(res, "stderr", text_value(r->stderr_data, r->stderr_len));
  json_object_set_new(res, "exitCode", r->has_exit_code ? json_integer(r->exit_code) : json_null());
  json_object_set_new(res, "timedOut", json_boolean(r->timed_out));
  json_object_set_new(res, "truncated", json_boolean(r->truncated));
  json_object_set_new(res, "durationMs", json_real((double)(long long)(r->duration_ms * 100) / 100));
  json_object_set_new(res, "stoppedBy", r->stopped_by ? json_string(r->stopped_by) : json_null());
  json_t *msg = json_object();
  json_object_set(msg, "id", id);
  json_object_set_new(msg, "result", res);
  send_line(cl, msg);
}

/* ------------------------------------------------------------ jobs */

static void job_free(job *j)
{
  if (!j) return;
  for (size_t i = 0; i < j->env_n; i++) free(j->env_items[i]);
  free(j->env_items);
  free(j->env);
  free(j->ro);
  free(j->domains);
  free(j->pkgs);
  free(j->argv);
  acs_cancel_token_free(j->tok);
  json_decref(j->req);
  free(j);
}

/* Take j off the list of unanswered jobs; wake a reader waiting for its
** client to be idle. Under Q.lock. */
static void job_forget(job *j)
{
  for (job **pp = &Q.all; *pp; pp = &(*pp)->all)
    if (*pp == j) {
      *pp = j->all;
      break;
    }
  if (--j->cl->jobs == 0) pthread_cond_broadcast(&j->cl->idle);
}

static void *runner(void *arg)
{
  (void)arg;
  for (;;) {
    pthread_mutex_lock(&Q.lock);
    while (!Q.head) pthread_cond_wait(&Q.more, &Q.lock);
    job *j = Q.head;
    Q.head = j->next;
    if (!Q.head) Q.tail = NULL;
    Q.queued--;
    pthread_mutex_unlock(&Q.lock);

    acs_exec_result *res = NULL;
    acs_err err = {0};
    int rc = acs_exec(&j->o, &res, &err);
    if (rc)
      send_error(j->cl, j->id, err.type ? err.type : "SandboxError", "%s",
                 err.message ? err.message : acs_strerror(rc));
    else
      send_result(j->cl, j->id, res);
    acs_exec_result_free(res);
    acs_err_clear(&err);

    pthread_mutex_lock(&Q.lock);
    job_forget(j);
    pthread_mutex_unlock(&Q.lock);
    job_free(j);
  }
  return NULL;
}

static int start_pool(const acs__serve_opts *o, acs_err *err)
{
  pthread_mutex_lock(&Q.lock);
  bool started = Q.threads > 0;
  if (!started) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int n = o && o->jobs > 0 ? o->jobs : (int)(cores > 0 ? cores * 2 : 2);
    Q.max_queue = o && o->max_queue > 0 ? o->max_queue : 1000;
    Q.max_line = o && o->max_line ? o->max_line : (size_t)64 << 20;
    int warm = o && o->pool ? o->pool : (int)(cores > 0 ? cores : 1);
    if (warm > 0 && acs_pool_new(warm, &Q.pool, NULL) != 0) Q.pool = NULL; /* cold starts */
    for (int i = 0; i < n; i++) {
      pthread_t t;
      if (pthread_create(&t, NULL, runner, NULL) != 0) break;
      pthread_detach(t);
      Q.threads++;
    }
  }
  int ok = Q.threads > 0;
  pthread_mutex_unlock(&Q.lock);
  /* A client that vanished must not kill the server with SIGPIPE. */
  signal(SIGPIPE, SIG_IGN);
  return ok ? 0 : acs__fail(err, ACS_EENV, ACS__ENV, "acs serve: could not start its threads");
}

/* ------------------------------------------------------------ requests */

static const char *const known[] = {"id", "code", "entrypoint", "workDir", "readOnlyDirs",
                                    "allowedDomains", "allowedPackages", "env", "argv",
                                    "timeoutMs", "memoryMb", "maxOutputBytes", "cancel"};

/* An array of strings as a NULL-terminated C array borrowing from the JSON.
** Returns 0, or -1 after answering with the error. */
static int str_array(client *cl, json_t *id, json_t *req, const char *name, const char ***out,
                     size_t *count)
{
  json_t *a = json_object_get(req, name);
  *out = NULL;
  *count = 0;
  if (!a) return 0;
  if (!json_is_array(a)) {
    send_error(cl, id, ACS__CONFIG, "%s must be an array of strings", name);
    return -1;
  }
  size_t n = json_array_size(a);
  *out = calloc(n + 1, sizeof **out);
  if (!*out) return -1;
  for (size_t i = 0; i < n; i++) {
    json_t *v = json_array_get(a, i);
    if (!json_is_string(v)) {
      send_error(cl, id, ACS__CONFIG, "%s[%zu] must be a string", name, i);
      return -1;
    }
    (*out)[i] = json_string_value(v);
  }
  *count = n;
  return 0;
}

static int count_field(client *cl, json_t *id, json_t *req, const char *name, int64_t *out)
{
  json_t *v = json_object_get(req, name);
  if (!v) return 0;
  if (!json_is_integer(v) || json_integer_value(v) < 0) {
    send_error(cl, id, ACS__CONFIG, "%s must be a whole number >= 0", name);
    return -1;
  }
  *out = (int64_t)json_integer_value(v);
  return 0;
}

static int string_field(client *cl, json_t *id, json_t *req, const char *name, const char **out)
{
  json_t *v = json_object_get(req, name);
  if (!v || json_is_null(v)) return 0;
  if (!json_is_string(v)) {
    send_error(cl, id, ACS__CONFIG, "%s must be a string", name);
    return -1;
  }
  *out = json_string_value(v);
  return 0;
}

/* The request's options; answers and returns NULL when they are wrong. */
static job *make_job(client *cl, json_t *req, json_t *id)
{
  const char *key;
  json_t *val;
  json_object_foreach(req, key, val) {
    bool ok = false;
    for (size_t i = 0; i < sizeof known / sizeof *known; i++) ok = ok || !strcmp(key, known[i]);
    if (!ok) {
      send_error(cl, id, ACS__CONFIG, "unknown field '%s' (see docs/protocol.md)", key);
      return NULL;
    }
  }
  job *j = calloc(1, sizeof *j);
  if (!j) return NULL;
  j->cl = cl;
  j->req = json_incref(req);
  j->id = id;
  acs_exec_options *o = &j->o;
  o->version = ACS_EXEC_OPTIONS_VERSION;
  if (string_field(cl, id, req, "code", &o->code) ||
      string_field(cl, id, req, "entrypoint", &o->entrypoint) ||
      string_field(cl, id, req, "workDir", &o->work_dir) ||
      str_array(cl, id, req, "readOnlyDirs", &j->ro, &o->read_only_count) ||
      str_array(cl, id, req, "allowedDomains", &j->domains, &o->allowed_domain_count) ||
      str_array(cl, id, req, "argv", &j->argv, &o->argc) ||
      str_array(cl, id, req, "allowedPackages", &j->pkgs, &o->allowed_package_count) ||
      count_field(cl, id, req, "timeoutMs", &o->timeout_ms) ||
      count_field(cl, id, req, "memoryMb", &o->memory_mb) ||
      count_field(cl, id, req, "maxOutputBytes", &o->max_output_bytes))
    goto bad;
  /* absent: any package; [] none; a list: those and their dependencies */
  o->allowed_packages = j->pkgs;
  o->limit_packages = json_object_get(req, "allowedPackages") != NULL;
  o->read_only_dirs = j->ro;
  o->allowed_domains = j->domains;
  o->argv = j->argv;
  json_t *env = json_object_get(req, "env");
  if (env && !json_is_object(env)) {
    send_error(cl, id, ACS__CONFIG, "env must be an object of strings");
    goto bad;
  }
  if (env) {
    size_t n = json_object_size(env);
    j->env_items = calloc(n + 1, sizeof *j->env_items);
    j->env = calloc(n + 1, sizeof *j->env);
    if (!j->env_items || !j->env) goto bad;
    json_object_foreach(env, key, val) {
      if (!json_is_string(val)) {
        send_error(cl, id, ACS__CONFIG, "env.%s must be a string", key);
        goto bad;
      }
      if (asprintf(&j->env_items[j->env_n], "%s=%s", key, json_string_value(val)) < 0) goto bad;
      j->env[j->env_n] = j->env_items[j->env_n];
      j->env_n++;
    }
    o->env = j->env;
    o->env_count = j->env_n;
  }
  if (acs_cancel_token_new(&j->tok) != 0) {
    send_error(cl, id, ACS__ENV, "acs serve: could not make a cancel token");
    goto bad;
  }
  o->cancel = j->tok;
  o->pool = Q.pool;
  return j;
bad:
  job_free(j);
  return NULL;
}

static void handle_line(client *cl, const char *line, size_t len)
{
  while (len && (line[len - 1] == '\r' || line[len - 1] == ' ')) len--;
  if (!len) return;
  json_error_t jerr;
  json_t *req = json_loadb(line, len, 0, &jerr);
  if (!req || !json_is_object(req)) {
    send_error(cl, NULL, ACS__CONFIG, "a request must be one JSON object per line%s%s",
               req ? "" : ": ", req ? "" : jerr.text);
    json_decref(req);
    return;
  }
  json_t *id = json_object_get(req, "id");
  if (!id || !(json_is_integer(id) || json_is_string(id))) {
    send_error(cl, NULL, ACS__CONFIG, "a request needs an \"id\" (a number or a string)");
    json_decref(req);
    return;
  }
  json_t *cancel = json_object_get(req, "cancel");
  if (cancel) {
    if (!json_is_true(cancel)) {
      send_error(cl, id, ACS__CONFIG, "cancel must be true");
    } else {
      pthread_mutex_lock(&Q.lock);
      for (job *j = Q.all; j; j = j->all)
        if (j->cl == cl && json_equal(j->id, id)) acs_cancel(j->tok);
      pthread_mutex_unlock(&Q.lock);
    }
    json_decref(req);
    return;
  }
  pthread_mutex_lock(&Q.lock);
  bool dup = false;
  for (job *j = Q.all; j && !dup; j = j->all) dup = j->cl == cl && json_equal(j->id, id);
  bool busy = Q.queued >= Q.max_queue;
  pthread_mutex_unlock(&Q.lock);
  if (dup) {
    char *t = json_dumps(id, JSON_ENCODE_ANY);
    send_error(cl, id, ACS__CONFIG, "id %s is already in flight: use a new id per request", t ? t : "?");
    free(t);
    json_decref(req);
    return;
  }
  if (busy) {
    send_error(cl, id, ACS__ENV, "the server is busy: %d requests are waiting already; retry later",
               Q.max_queue);
    json_decref(req);
    return;
  }
  job *j = make_job(cl, req, id);
  json_decref(req);
  if (!j) return;
  pthread_mutex_lock(&Q.lock);
  j->all = Q.all;
  Q.all = j;
  cl->jobs++;
  if (Q.tail) Q.tail->next = j;
  else Q.head = j;
  Q.tail = j;
  Q.queued++;
  pthread_cond_signal(&Q.more);
  pthread_mutex_unlock(&Q.lock);
}

static void cancel_client(client *cl)
{
  pthread_mutex_lock(&Q.lock);
  for (job *j = Q.all; j; j = j->all)
    if (j->cl == cl) acs_cancel(j->tok);
  pthread_mutex_unlock(&Q.lock);
}

/* Watches for the client's output breaking (the reader may be blocked on
** input that never comes) and cancels its runs then. */
static void *watch_output(void *arg)
{
  client *cl = arg;
  for (;;) {
    struct pollfd p = {.fd = cl->out_fd, .events = 0};
    int n = poll(&p, 1, 500);
    pthread_mutex_lock(&Q.lock);
    bool done = cl->gone && cl->jobs == 0;
    pthread_mutex_unlock(&Q.lock);
    if (done) return NULL;
    if (n > 0 && (p.revents & (POLLERR | POLLHUP | POLLNVAL))) {
      pthread_mutex_lock(&cl->wlock);
      cl->broken = true;
      pthread_mutex_unlock(&cl->wlock);
    }
    pthread_mutex_lock(&cl->wlock);
    bool broken = cl->broken;
    pthread_mutex_unlock(&cl->wlock);
    if (broken) {
      cancel_client(cl);
      if (n > 0) usleep(100 * 1000);
    }
  }
}

/* Read lines until the input ends; then, if cancel_on_eof, stop the
** client's runs; wait until every one has answered. */
static void serve_client(client *cl, bool cancel_on_eof)
{
  pthread_t watcher;
  bool watching = pthread_create(&watcher, NULL, watch_output, cl) == 0;
  acs__buf buf = {0};
  size_t scan = 0;
  bool skipping = false; /* inside a line that was too long */
  char chunk[65536];
  for (;;) {
    ssize_t n = read(cl->in_fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    if (acs__buf_append(&buf, chunk, (size_t)n)) break;
    for (;;) {
      char *nl = memchr(buf.data + scan, '\n', buf.len - scan);
      if (!nl) {
        scan = buf.len;
        if (buf.len > Q.max_line) {
          if (!skipping)
            send_error(cl, NULL, ACS__CONFIG, "a request line is longer than %zu bytes", Q.max_line);
          skipping = true;
          buf.len = scan = 0;
        }
        break;
      }
      size_t len = (size_t)(nl - buf.data);
      if (skipping) skipping = false;
      else handle_line(cl, buf.data, len);
      memmove(buf.data, nl + 1, buf.len - len - 1);
      buf.len -= len + 1;
      scan = 0;
    }
  }
  if (buf.len && !skipping) handle_line(cl, buf.data, buf.len);
  acs__buf_free(&buf);
  if (cancel_on_eof) cancel_client(cl);
  pthread_mutex_lock(&Q.lock);
  cl->gone = true;
  while (cl->jobs > 0) pthread_cond_wait(&cl->idle, &Q.lock);
  pthread_mutex_unlock(&Q.lock);
  if (watching) pthread_join(watcher, NULL);
}

static void client_init(client *cl, int in_fd, int out_fd)
{
  memset(cl, 0, sizeof *cl);
  cl->in_fd = in_fd;
  cl->out_fd = out_fd;
  pthread_mutex_init(&cl->wlock, NULL);
  pthread_cond_init(&cl->idle, NULL);
}

int acs__serve_fds(int in_fd, int out_fd, const acs__serve_opts *o, acs_err *err)
{
  if (start_pool(o, err)) return ACS_EENV;
  client cl;
  client_init(&cl, in_fd, out_fd);
  serve_client(&cl, false);
  return 0;
}

static void *socket_client(void *arg)
{
  client *cl = arg;
  serve_client(cl, true);
  close(cl->in_fd);
  free(cl);
  return NULL;
}

int acs__serve_socket(const char *path, const acs__serve_opts *o, acs_err *err)
{
  if (start_pool(o, err)) return ACS_EENV;
  struct sockaddr_un a = {.sun_family = AF_UNIX};
  if (strlen(path) >= sizeof a.sun_path)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "socket path '%s' is too long (max %zu bytes)",
                     path, sizeof a.sun_path - 1);
  strcpy(a.sun_path, path);
  struct stat st;
  if (lstat(path, &st) == 0) {
    if (!S_ISSOCK(st.st_mode))
      return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                       "'%s' exists and is not a socket: choose another path", path);
    unlink(path);
  }
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  mode_t old = umask(0177); /* the socket file is born 0600 */
  int rc = fd < 0 ? -1 : bind(fd, (struct sockaddr *)&a, sizeof a);
  umask(old);
  if (rc < 0 || listen(fd, 64) < 0) {
    int e = errno;
    if (fd >= 0) close(fd);
    return acs__fail(err, ACS_EENV, ACS__ENV, "cannot listen on '%s': %s", path, strerror(e));
  }
  for (;;) {
    int c = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
    if (c < 0) {
      if (errno == EINTR || errno == ECONNABORTED || errno == EMFILE) {
        if (errno == EMFILE) usleep(100 * 1000);
        continue;
      }
      int e = errno;
      close(fd);
      return acs__fail(err, ACS_EENV, ACS__ENV, "accept on '%s' failed: %s", path, strerror(e));
    }
    client *cl = malloc(sizeof *cl);
    pthread_t t;
    if (!cl) { close(c); continue; }
    client_init(cl, c, c);
    if (pthread_create(&t, NULL, socket_client, cl) != 0) {
      close(c);
      free(cl);
      continue;
    }
    pthread_detach(t);
  }
}
