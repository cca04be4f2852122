/* serve.c - `acs serve`: requests as JSON lines in, results as JSON lines
** out, many runs at once.
**
** One reader per client turns lines into jobs; a fixed pool of threads runs
** jobs through acs_exec, each in its own worker process, and writes the
** answer under the client's write lock. Bad input gets an error line and
** the server goes on. A client whose output breaks, or whose socket closes,
** has its runs cancelled. */
#include "serve.h"
#include "serve_request.h"
#include "serve_box.h"

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
  acs__serve_request r; /* r.req owns every string the options point to */
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
  json_t *msg = acs__serve_error(id, type, m);
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
  acs_cancel_token_free(j->tok);
  acs__serve_request_clear(&j->r);
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
    int rc = acs_exec(&j->r.o, &res, &err);
    if (rc)
      send_error(j->cl, j->r.id, err.type ? err.type : "SandboxError", "%s",
                 err.message ? err.message : acs_strerror(rc));
    else
      send_result(j->cl, j->r.id, res);
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

/* Answer a refusal made by serve_request.c (nothing when out of memory). */
static void send_answer(client *cl, json_t *error)
{
  if (error) send_line(cl, error);
}

/* The request's run; answers and returns NULL when its options are wrong.
** Takes r. */
static job *make_job(client *cl, acs__serve_request *r)
{
  json_t *error;
  if (acs__serve_parse_options(r, &error)) {
    send_answer(cl, error);
    acs__serve_request_clear(r);
    return NULL;
  }
  job *j = calloc(1, sizeof *j);
  if (!j) {
    acs__serve_request_clear(r);
    return NULL;
  }
  j->cl = cl;
  j->r = *r;
  memset(r, 0, sizeof *r);
  if (acs_cancel_token_new(&j->tok) != 0) {
    send_error(cl, j->r.id, ACS__ENV, "acs serve: could not make a cancel token");
    job_free(j);
    return NULL;
  }
  j->r.o.cancel = j->tok;
  j->r.o.pool = Q.pool;
  return j;
}

static void box_send(void *cl, json_t *msg) { send_line(cl, msg); }
static void box_begin(void *c)
{
  pthread_mutex_lock(&Q.lock);
  ((client *)c)->jobs++;
  pthread_mutex_unlock(&Q.lock);
}
static void box_end(void *c)
{
  client *cl = c;
  pthread_mutex_lock(&Q.lock);
  if (--cl->jobs == 0) pthread_cond_broadcast(&cl->idle);
  pthread_mutex_unlock(&Q.lock);
}

static void handle_line(client *cl, const char *line, size_t len)
{
  acs__serve_request r;
  json_t *error;
  int rc = acs__serve_parse_request(line, len, &r, &error);
  if (rc > 0) return;
  if (rc < 0) {
    send_answer(cl, error);
    return;
  }
  json_t *id = r.id;
  if (r.cancel) {
    pthread_mutex_lock(&Q.lock);
    for (job *j = Q.all; j; j = j->all)
      if (j->cl == cl && json_equal(j->r.id, id)) acs_cancel(j->tok);
    pthread_mutex_unlock(&Q.lock);
    acs__serve_request_clear(&r);
    return;
  }
  if (json_object_get(r.req, "method")) {
    /* a box method (serve_box.c): its own threads */
    acs__serve_box_client c = {cl, box_send, box_begin, box_end};
    acs__serve_box_request(&c, json_incref(r.req), id);
    acs__serve_request_clear(&r);
    return;
  }
  pthread_mutex_lock(&Q.lock);
  bool dup = false;
  for (job *j = Q.all; j && !dup; j = j->all) dup = j->cl == cl && json_equal(j->r.id, id);
  bool busy = Q.queued >= Q.max_queue;
  pthread_mutex_unlock(&Q.lock);
  if (dup) {
    char *t = json_dumps(id, JSON_ENCODE_ANY);
    send_error(cl, id, ACS__CONFIG, "id %s is already in flight: use a new id per request", t ? t : "?");
    free(t);
    acs__serve_request_clear(&r);
    return;
  }
  if (busy) {
    send_error(cl, id, ACS__ENV, "the server is busy: %d requests are waiting already; retry later",
               Q.max_queue);
    acs__serve_request_clear(&r);
    return;
  }
  job *j = make_job(cl, &r);
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
  if (cancel_on_eof) {
    cancel_client(cl);
    acs__serve_box_client_gone(cl);
  }
  pthread_mutex_lock(&Q.lock);
  cl->gone = true;
  while (cl->jobs > 0) pthread_cond_wait(&cl->idle, &Q.lock);
  pthread_mutex_unlock(&Q.lock);
  /* its boxes go once its requests have answered (and their watchers
  ** with them, before the client does) */
  acs__serve_box_client_gone(cl);
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
