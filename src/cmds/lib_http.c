/* lib_http.c - see lib_http.h. */
#include "lib_http.h"

#include "../net/http.h"
#include "../sys/sys.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <sys/socket.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <uv.h>

typedef struct run {
  const lh_request *q;
  lh_result *res;
  acs__http *c;
  int id;
  bool done, stopped;
  const char *raw;
  size_t raw_len;
} run;

static double now_ms(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static char peer[64];

const char *lh_peer(void) { return peer; }

void lh__set_peer(int fd, const char *text)
{
  struct sockaddr_storage a;
  socklen_t n = sizeof a;
  snprintf(peer, sizeof peer, "%s", text ? text : "");
  if (fd < 0 || getpeername(fd, (struct sockaddr *)&a, &n) < 0) return;
  if (a.ss_family == AF_INET) inet_ntop(AF_INET, &((struct sockaddr_in *)&a)->sin_addr, peer, sizeof peer);
  else if (a.ss_family == AF_INET6) inet_ntop(AF_INET6, &((struct sockaddr_in6 *)&a)->sin6_addr, peer, sizeof peer);
}

static int dial(const char *host, int port, char *why, size_t why_len)
{
  int fd = acs_sys_dial(host, port, why, why_len);
  if (fd >= 0) lh__set_peer(fd, NULL);
  return fd;
}

static const acs__http_config config = {.dial = dial};

static void on_raw(void *user, const char *text, size_t len)
{
  run *r = user;
  r->raw = text;
  r->raw_len = len;
}

static void on_response(void *user, int status, const char *reason, const char *const *names,
                        const char *const *values, size_t count, const char *version)
{
  run *r = user;
  lh_head h = {status, reason, version, names, values, count, r->raw ? r->raw : "", r->raw_len};
  if (r->q->on_head && !r->q->on_head(r->q->user, &h)) {
    r->stopped = true;
    r->res->ok = true;
    acs__http_abort(r->c, r->id);
  }
}

static void on_data(void *user, const char *bytes, size_t len)
{
  run *r = user;
  if (r->stopped) return;
  r->res->received += len;
  if (r->q->on_data && !r->q->on_data(r->q->user, bytes, len)) {
    r->stopped = true;
    r->res->ok = true;
    acs__http_abort(r->c, r->id);
  }
}

static void on_end(void *user)
{
  run *r = user;
  r->res->ok = true;
}

static void on_error(void *user, const char *code, const char *message)
{
  run *r = user;
  if (r->stopped) return;
  r->res->ok = false;
  r->res->code = code;
  snprintf(r->res->message, sizeof r->res->message, "%s", message);
}

static void on_done(void *user)
{
  run *r = user;
  r->done = true;
}

static void on_drain(void *user) { (void)user; }

static const acs__http_events events = {on_response, on_data, on_end, on_error, on_done, on_drain, on_raw};

static void on_timeout(uv_timer_t *t)
{
  run *r = t->data;
  if (r->done) return;
  r->stopped = true;
  r->res->ok = false;
  r->res->code = "ETIMEDOUT";
  snprintf(r->res->message, sizeof r->res->message, "the transfer took longer than %lld ms",
           (long long)r->q->timeout_ms);
  acs__http_abort(r->c, r->id);
}

/* One loop and one client for the process: a redirect or the next URL
** reuses the connection, as curl does. */
static uv_loop_t loop;
static uv_timer_t timer;
static acs__http *client;

int lh_run(const lh_request *q, lh_result *out)
{
  if (lh_is_box_host(q->url)) return lh_run_box(q, out);
  memset(out, 0, sizeof *out);
  if (!client) {
    if (uv_loop_init(&loop) || !(client = acs__http_new(&loop, &config))) {
      snprintf(out->message, sizeof out->message, "out of memory");
      return -1;
    }
    uv_timer_init(&loop, &timer);
  }
  run r = {.q = q, .res = out, .c = client};
  acs__http_request hq = {q->method, q->url, q->names, q->values, q->header_count, q->body,
                          q->body_len, false, q->decode};
  acs_err err = {0};
  double t0 = now_ms();
  r.id = acs__http_start(client, &hq, &events, &r, &err);
  if (r.id <= 0) {
    snprintf(out->message, sizeof out->message, "%s", err.message ? err.message : "out of memory");
    acs_err_clear(&err);
    return -1;
  }
  timer.data = &r;
  if (q->timeout_ms > 0) uv_timer_start(&timer, on_timeout, (uint64_t)q->timeout_ms, 0);
  while (!r.done && uv_run(&loop, UV_RUN_ONCE)) {}
  uv_timer_stop(&timer);
  out->ms = now_ms() - t0;
  return 0;
}

const char *lh_header(const lh_head *h, const char *name)
{
  for (size_t i = 0; i < h->count; i++)
    if (!strcmp(h->names[i], name)) return h->values[i];
  return NULL;
}

void lh_resolve(const char *base, const char *ref, char *out, size_t size)
{
  const char *colon = strchr(ref, ':'), *slash = strchr(ref, '/');
  if (colon && (!slash || colon < slash)) { /* has a scheme */
    snprintf(out, size, "%s", ref);
    return;
  }
  const char *se = strstr(base, "://");
  size_t scheme_len = se ? (size_t)(se - base) : 0;
  const char *auth = se ? se + 3 : base;
  const char *path = strchr(auth, '/');
  size_t origin_len = path ? (size_t)(path - base) : strlen(base);
  if (ref[0] == '/' && ref[1] == '/') {
    snprintf(out, size, "%.*s:%s", (int)scheme_len, base, ref);
  } else if (ref[0] == '/') {
    snprintf(out, size, "%.*s%s", (int)origin_len, base, ref);
  } else if (ref[0] == '?') {
    const char *q = strpbrk(path ? path : "", "?#");
    size_t keep = q ? (size_t)(q - base) : strlen(base);
    snprintf(out, size, "%.*s%s", (int)keep, base, ref);
  } else {
    /* relative to the base's directory */
    const char *q = path ? strpbrk(path, "?#") : NULL;
    size_t plen = path ? (q ? (size_t)(q - path) : strlen(path)) : 0;
    size_t dir = 0;
    for (size_t i = 0; i < plen; i++)
      if (path[i] == '/') dir = i + 1;
    if (!path) snprintf(out, size, "%s/%s", base, ref);
    else snprintf(out, size, "%.*s%.*s%s", (int)origin_len, base, (int)dir, path, ref);
  }
}
