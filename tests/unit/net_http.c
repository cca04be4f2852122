/* net_http.c - the HTTP client against a tiny server thread on 127.0.0.1:
** requests and bodies go through, the policy holds at connect time, and
** callbacks may abort, pause and start requests. */
#include "base/base.h"
#include "net/http.h"
#include "policy/hosts.h"

#include <arpa/inet.h>
#include <criterion/criterion.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int srv_fd, srv_port, srv_conns;

/* One request per connection: answers 200 with "METHOD PATH LEN:BODY" where
** BODY is what came (a chunked body decoded), or N KiB for "/big?N". */
static void *serve(void *arg)
{
  (void)arg;
  for (;;) {
    int c = accept(srv_fd, NULL, NULL);
    if (c < 0) return NULL;
    __atomic_add_fetch(&srv_conns, 1, __ATOMIC_SEQ_CST);
    acs__buf in = {0};
    char tmp[4096];
    ssize_t n;
    char *end = NULL;
    while (!(end = in.data ? strstr(in.data, "\r\n\r\n") : NULL) &&
           (n = read(c, tmp, sizeof tmp)) > 0)
      acs__buf_append(&in, tmp, (size_t)n);
    if (!end) { close(c); acs__buf_free(&in); continue; }
    size_t head = (size_t)(end - in.data) + 4;
    char method[16] = "", path[256] = "";
    sscanf(in.data, "%15s %255s", method, path);
    acs__buf body = {0};
    char *cl = strcasestr(in.data, "content-length:");
    if (cl && cl < end) {
      size_t want = strtoul(cl + 15, NULL, 10);
      while (in.len - head < want && (n = read(c, tmp, sizeof tmp)) > 0) acs__buf_append(&in, tmp, (size_t)n);
      acs__buf_append(&body, in.data + head, want);
    } else if (strcasestr(in.data, "transfer-encoding: chunked")) {
      while (!memmem(in.data + head, in.len - head, "0\r\n\r\n", 5) && (n = read(c, tmp, sizeof tmp)) > 0)
        acs__buf_append(&in, tmp, (size_t)n);
      char *p = in.data + head;
      for (;;) {
        size_t k = strtoul(p, &p, 16);
        p += 2;
        if (!k) break;
        acs__buf_append(&body, p, k);
        p += k + 2;
      }
    }
    acs__buf out = {0};
    if (!strncmp(path, "/big?", 5)) {
      size_t kib = strtoul(path + 5, NULL, 10);
      acs__buf_printf(&out, "HTTP/1.1 200 OK\r\nContent-Length: %zu\r\nConnection: close\r\n\r\n", kib * 1024);
      (void)!write(c, out.data, out.len);
      memset(tmp, 'x', 1024);
      for (size_t i = 0; i < kib; i++)
        if (write(c, tmp, 1024) < 0) break;
    } else {
      acs__buf text = {0};
      acs__buf_printf(&text, "%s %s %zu:", method, path, body.len);
      if (body.len) acs__buf_append(&text, body.data, body.len);
      acs__buf_printf(&out, "HTTP/1.1 200 OK\r\nX-Echo: yes\r\nX-Fold: a\r\n b\r\nConnection: close\r\n"
                      "Content-Length: %zu\r\n\r\n", text.len);
      acs__buf_append(&out, text.data, text.len);
      (void)!write(c, out.data, out.len);
      acs__buf_free(&text);
    }
    acs__buf_free(&out);
    acs__buf_free(&body);
    acs__buf_free(&in);
    close(c);
  }
}

static void start_server(void)
{
  signal(SIGPIPE, SIG_IGN); /* the server writes to clients that aborted */
  srv_fd = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  cr_assert_eq(bind(srv_fd, (struct sockaddr *)&a, sizeof a), 0);
  socklen_t len = sizeof a;
  getsockname(srv_fd, (struct sockaddr *)&a, &len);
  srv_port = ntohs(a.sin_port);
  listen(srv_fd, 64);
  pthread_t t;
  pthread_create(&t, NULL, serve, NULL);
  pthread_detach(t);
}

/* ------------------------------------------------------------ a client */

typedef struct got {
  int status, events;
  acs__buf head, body, log;
  char code[32], message[1024];
  bool ended, errored, done;
  int pause_after; /* pause when this many bytes came (0: never) */
  int id;
} got;

static acs__http *client;
static uv_loop_t loop;
static acs__hosts *policy;
static acs__http_config cfg;

static void ev_response(void *u, int status, const char *reason, const char *const *n,
                        const char *const *v, size_t count, const char *version)
{
  got *g = u;
  g->status = status;
  acs__buf_printf(&g->head, "%s %s|", version, reason);
  for (size_t i = 0; i < count; i++) acs__buf_printf(&g->head, "%s=%s|", n[i], v[i]);
  acs__buf_puts(&g->log, "response;");
}

static uv_timer_t resume_timer;
static void do_resume(uv_timer_t *t) { acs__http_pause(client, ((got *)t->data)->id, false); }

static void ev_data(void *u, const char *b, size_t len)
{
  got *g = u;
  acs__buf_append(&g->body, b, len);
  if (g->pause_after && g->body.len >= (size_t)g->pause_after) {
    g->pause_after = 0;
    acs__http_pause(client, g->id, true);
    acs__buf_puts(&g->log, "paused;");
    resume_timer.data = g;
    uv_timer_start(&resume_timer, do_resume, 50, 0);
  }
}
static void ev_end(void *u) { ((got *)u)->ended = true; acs__buf_puts(&((got *)u)->log, "end;"); }
static void ev_error(void *u, const char *code, const char *m)
{
  got *g = u;
  g->errored = true;
  snprintf(g->code, sizeof g->code, "%s", code);
  snprintf(g->message, sizeof g->message, "%s", m);
  acs__buf_puts(&g->log, "error;");
}
static void ev_done(void *u) { ((got *)u)->done = true; }
static const acs__http_events events = {ev_response, ev_data, ev_end, ev_error, ev_done, NULL, NULL};

static void setup_client(const char *allow, const char *pin)
{
  start_server();
  uv_loop_init(&loop);
  uv_timer_init(&loop, &resume_timer);
  char entry[64];
  snprintf(entry, sizeof entry, allow, srv_port);
  const char *e[] = {entry};
  acs_err err = {0};
  cr_assert_eq(acs__hosts_parse(e, 1, &policy, &err), 0);
  static char pinbuf[128];
  static const char *pins[1];
  cfg = (acs__http_config){.policy = policy};
  if (pin) {
    snprintf(pinbuf, sizeof pinbuf, pin, srv_port);
    pins[0] = pinbuf;
    cfg.resolve = pins;
    cfg.resolve_count = 1;
  }
  client = acs__http_new(&loop, &cfg);
  cr_assert_not_null(client);
}

static int start(got *g, const char *method, const char *path_fmt, const char *body, bool stream)
{
  char url[256];
  snprintf(url, sizeof url, path_fmt, srv_port);
  acs__http_request q = {.method = method, .url = url, .body = body,
                         .body_len = body ? strlen(body) : 0, .stream = stream};
  acs_err err = {0};
  g->id = acs__http_start(client, &q, &events, g, &err);
  cr_assert_gt(g->id, 0);
  return g->id;
}

Test(net_http, get_post_and_folded_headers)
{
  setup_client("127.0.0.1:%d", NULL);
  got a = {0}, b = {0};
  start(&a, "GET", "http://127.0.0.1:%d/hello?x=1", NULL, false);
  start(&b, "PUT", "http://127.0.0.1:%d/put", "payload", false);
  uv_run(&loop, UV_RUN_DEFAULT);
  cr_assert(a.ended && a.done && !a.errored, "%s", a.message);
  cr_assert_eq(a.status, 200);
  cr_assert_str_eq(a.body.data, "GET /hello?x=1 0:");
  cr_assert(strstr(a.head.data, "1.1 OK|"), "%s", a.head.data);
  cr_assert(strstr(a.head.data, "x-fold=a b|"), "%s", a.head.data);
  cr_assert_str_eq(b.body.data, "PUT /put 7:payload");
  cr_assert_str_eq(a.log.data, "response;end;");
}

static got up;
static uv_timer_t feed_timer;
static int feed_step;
static void feed(uv_timer_t *t)
{
  (void)t;
  if (feed_step < 3) {
    char part[32];
    snprintf(part, sizeof part, "part%d;", feed_step++);
    cr_assert_geq(acs__http_write(client, up.id, part, strlen(part)), (long)strlen(part));
    uv_timer_start(&feed_timer, feed, 20, 0);
  } else {
    cr_assert_eq(acs__http_end(client, up.id), 0);
    cr_assert_eq(acs__http_write(client, up.id, "late", 4), -1);
  }
}

Test(net_http, streamed_upload_is_chunked)
{
  setup_client("127.0.0.1:%d", NULL);
  start(&up, "POST", "http://127.0.0.1:%d/up", NULL, true);
  uv_timer_init(&loop, &feed_timer);
  uv_timer_start(&feed_timer, feed, 20, 0);
  uv_run(&loop, UV_RUN_DEFAULT);
  cr_assert(up.ended, "%s %s", up.code, up.message);
  cr_assert_str_eq(up.body.data, "POST /up 18:part0;part1;part2;");
}

Test(net_http, pause_and_resume_keep_every_byte)
{
  setup_client("127.0.0.1:%d", NULL);
  got g = {.pause_after = 100000};
  start(&g, "GET", "http://127.0.0.1:%d/big?4096", NULL, false);
  uv_run(&loop, UV_RUN_DEFAULT);
  cr_assert(g.ended, "%s", g.message);
  cr_assert_eq(g.body.len, 4096 * 1024);
  cr_assert(strstr(g.log.data, "paused;"));
}

Test(net_http, refused_by_name_and_at_connect)
{
  setup_client("allowed.test", "allowed.test:%d:127.0.0.1");
  got byname = {0}, byaddr = {0}, scheme = {0}, creds = {0};
  start(&byname, "GET", "http://127.0.0.1:%d/", NULL, false);
  start(&byaddr, "GET", "http://allowed.test:%d/", NULL, false);
  start(&scheme, "GET", "ftp://allowed.test:%d/", NULL, false);
  start(&creds, "GET", "http://u:p@allowed.test:%d/", NULL, false);
  uv_run(&loop, UV_RUN_DEFAULT);
  cr_assert_str_eq(byname.code, "EACCES_POLICY");
  cr_assert(strstr(byname.message, "the host is not allowed; allowed: allowed.test"), "%s", byname.message);
  cr_assert_str_eq(byaddr.code, "EACCES_POLICY");
  cr_assert(strstr(byaddr.message, "127.0.0.1, a loopback address"), "%s", byaddr.message);
  cr_assert_str_eq(scheme.code, "EPROTO");
  cr_assert_str_eq(creds.code, "EPROTO");
  cr_assert(byname.done && byaddr.done && scheme.done && creds.done);
  cr_assert_eq(srv_conns, 0, "the server was reached");
}

Test(net_http, bad_headers_and_methods_never_leave)
{
  setup_client("127.0.0.1:%d", NULL);
  got g = {0}, m = {0};
  char url[128];
  snprintf(url, sizeof url, "http://127.0.0.1:%d/", srv_port);
  const char *names[] = {"x-a"}, *values[] = {"1\r\nX-Injected: yes"};
  acs__http_request q = {.method = "GET", .url = url, .names = names, .values = values, .header_count = 1};
  acs_err err = {0};
  g.id = acs__http_start(client, &q, &events, &g, &err);
  start(&m, "GET /x HTTP/1.1\r\n", "http://127.0.0.1:%d/", NULL, false);
  uv_run(&loop, UV_RUN_DEFAULT);
  cr_assert_str_eq(g.code, "EPROTO");
  cr_assert_str_eq(m.code, "EPROTO");
  cr_assert_eq(srv_conns, 0);
}

static got first, second;
static void abort_from_callback(void *u, int status, const char *reason, const char *const *n,
                                const char *const *v, size_t count, const char *version)
{
  ev_response(u, status, reason, n, v, count, version);
  acs__http_abort(client, ((got *)u)->id);
  /* start another from inside the callback */
  start(&second, "GET", "http://127.0.0.1:%d/again", NULL, false);
}

Test(net_http, abort_and_start_from_a_callback)
{
  setup_client("127.0.0.1:%d", NULL);
  static acs__http_events ev;
  ev = events;
  ev.response = abort_from_callback;
  char url[128];
  snprintf(url, sizeof url, "http://127.0.0.1:%d/big?2048", srv_port);
  acs__http_request q = {.method = "GET", .url = url};
  acs_err err = {0};
  first.id = acs__http_start(client, &q, &ev, &first, &err);
  uv_run(&loop, UV_RUN_DEFAULT);
  cr_assert_str_eq(first.log.data, "response;");
  cr_assert(first.done && !first.ended);
  cr_assert(second.ended, "%s", second.message);
  cr_assert_str_eq(second.body.data, "GET /again 0:");
}
