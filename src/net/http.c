/* http.c - HTTP(S) requests over libcurl's multi interface on a libuv loop.
**
** libcurl calls us back from inside curl_multi_socket_action; those
** callbacks only fill per-request buffers. Events reach the caller from
** flush(), which runs after libcurl returned, so a callback may abort,
** pause or start requests freely. The policy is applied twice: to the URL's
** host before the handle exists, and to every address in the open-socket
** hook, the one place where the address actually dialled is known. */
#include "http.h"

#include "../base/base.h"
#include "../policy/hosts.h"

#include <ctype.h>
#include <curl/curl.h>
#include <dlfcn.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#define MAX_IN_FLIGHT 4096      /* requests started and not finished */
#define MAX_CONNECTIONS 128     /* sockets open at once, per run */
#define PENDING_CAP (1 << 20)   /* body bytes held in C before pausing */

/* The libcurl functions we use, from libcurl.so.4 (prototypes: curl.h). */
static struct {
  bool ok;
  CURLcode (*global_init)(long);
  CURL *(*easy_init)(void);
  CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
  CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
  CURLcode (*easy_pause)(CURL *, int);
  void (*easy_cleanup)(CURL *);
  const char *(*easy_strerror)(CURLcode);
  CURLM *(*multi_init)(void);
  CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
  CURLMcode (*multi_add)(CURLM *, CURL *);
  CURLMcode (*multi_remove)(CURLM *, CURL *);
  CURLMcode (*multi_socket_action)(CURLM *, curl_socket_t, int, int *);
  CURLMsg *(*multi_info_read)(CURLM *, int *);
  CURLMcode (*multi_assign)(CURLM *, curl_socket_t, void *);
  struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
  void (*slist_free_all)(struct curl_slist *);
  CURLU *(*url)(void);
  void (*url_cleanup)(CURLU *);
  CURLUcode (*url_set)(CURLU *, CURLUPart, const char *, unsigned int);
  CURLUcode (*url_get)(const CURLU *, CURLUPart, char **, unsigned int);
  void (*free)(void *);
  CURLcode (*easy_perform)(CURL *);
} L;

static bool load_curl_try(void)
{
  void *lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (!lib) return false;
#define SYM(field, name) if (!(*(void **)&L.field = dlsym(lib, name))) return false
  SYM(global_init, "curl_global_init");
  SYM(easy_init, "curl_easy_init");
  SYM(easy_setopt, "curl_easy_setopt");
  SYM(easy_getinfo, "curl_easy_getinfo");
  SYM(easy_pause, "curl_easy_pause");
  SYM(easy_cleanup, "curl_easy_cleanup");
  SYM(easy_strerror, "curl_easy_strerror");
  SYM(multi_init, "curl_multi_init");
  SYM(multi_setopt, "curl_multi_setopt");
  SYM(multi_add, "curl_multi_add_handle");
  SYM(multi_remove, "curl_multi_remove_handle");
  SYM(multi_socket_action, "curl_multi_socket_action");
  SYM(multi_info_read, "curl_multi_info_read");
  SYM(multi_assign, "curl_multi_assign");
  SYM(slist_append, "curl_slist_append");
  SYM(slist_free_all, "curl_slist_free_all");
  SYM(url, "curl_url");
  SYM(url_cleanup, "curl_url_cleanup");
  SYM(url_set, "curl_url_set");
  SYM(url_get, "curl_url_get");
  SYM(free, "curl_free");
  SYM(easy_perform, "curl_easy_perform");
#undef SYM
  if (L.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) return false;
  L.ok = true;
  return true;
}

/* Once per process, whichever thread asks first: several runs (acs serve)
** and the package installer's threads may ask at the same time. */
static pthread_once_t load_curl_once = PTHREAD_ONCE_INIT;
static void load_curl_now(void) { L.ok = load_curl_try(); }

static bool load_curl(void)
{
  pthread_once(&load_curl_once, load_curl_now);
  return L.ok;
}

typedef struct req {
  int id;
  struct acs__http *c;
  struct req *next;
  const acs__http_events *ev;
  void *user;
  CURL *h;
  CURLU *u;
  struct curl_slist *hdrs;
  struct curl_slist *pin; /* dial: the name pinned so that libcurl resolves nothing */
  int dial_err;           /* dial: what the kernel answered (-errno) */
  char host[272];
  int port;
  char refused[1024];
  char errbuf[CURL_ERROR_SIZE];
  bool via_proxy;
  /* request body */
  char *body;
  size_t body_len, body_off;
  bool stream, ended;
  acs__buf up;
  size_t up_off;
  bool send_paused, want_drain, drain_due;
  /* response */
  int status;
  char reason[128], version[4];
  char **names, **values;
  size_t nh, caph;
  bool in_head, head_ready, head_sent;
  acs__buf down;
  acs__buf rawhead; /* the head being received, as received */
  bool self_paused, user_paused;
  /* lifecycle */
  bool in_multi, finished, dead;
  CURLcode result;
  const char *early_code; /* an error found before the handle started */
} req;

struct acs__http {
  uv_loop_t *loop;
  const acs__hosts *policy;
  const acs__http_config *cfg;
  struct curl_slist *resolve;
  CURLM *multi;
  uv_timer_t timer, kick;
  uv_async_t hold; /* keeps the loop alive while requests are in flight */
  req *list;
  int next_id, in_flight;
  bool ready;
};

typedef struct poller {
  uv_poll_t poll;
  curl_socket_t fd;
  acs__http *c;
} poller;

/* ------------------------------------------------------------ the loop */

static void flush(acs__http *c);

static void on_kick(uv_timer_t *t) { flush(t->data); }

static void kick(acs__http *c)
{
  if (!uv_is_active((uv_handle_t *)&c->kick)) uv_timer_start(&c->kick, on_kick, 0, 0);
}

/* The loop stays up while a request is in flight that its owner has not
** paused: a response body nobody reads does not keep a run alive (its
** owner has what it asked for and stopped asking). */
static void set_in_flight(acs__http *c, int delta)
{
  c->in_flight += delta;
  bool busy = false;
  for (req *r = c->list; r && !busy; r = r->next) busy = !r->dead && !r->user_paused;
  if (busy) uv_ref((uv_handle_t *)&c->hold);
  else uv_unref((uv_handle_t *)&c->hold);
}

static void collect_done(acs__http *c)
{
  CURLMsg *m;
  int left;
  while ((m = L.multi_info_read(c->multi, &left))) {
    if (m->msg != CURLMSG_DONE) continue;
    req *r = NULL;
    L.easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, (char **)&r);
    if (!r) continue;
    r->result = m->data.result;
    r->finished = true;
    L.multi_remove(c->multi, r->h);
    r->in_multi = false;
  }
}

static void drive(acs__http *c, curl_socket_t fd, int flags)
{
  int running;
  L.multi_socket_action(c->multi, fd, flags, &running);
  collect_done(c);
  flush(c);
}

static void on_poll(uv_poll_t *p, int status, int events)
{
  poller *pl = (poller *)p;
  int flags = 0;
  if (status < 0) flags = CURL_CSELECT_ERR;
  else {
    if (events & UV_READABLE) flags |= CURL_CSELECT_IN;
    if (events & UV_WRITABLE) flags |= CURL_CSELECT_OUT;
  }
  drive(pl->c, pl->fd, flags);
}

static void on_timeout(uv_timer_t *t) { drive(t->data, CURL_SOCKET_TIMEOUT, 0); }

static void free_poller(uv_handle_t *h) { free(h); }

static int socket_cb(CURL *e, curl_socket_t s, int what, void *userp, void *socketp)
{
  (void)e;
  acs__http *c = userp;
  poller *pl = socketp;
  if (what == CURL_POLL_REMOVE) {
    if (pl) {
      uv_poll_stop(&pl->poll);
      uv_close((uv_handle_t *)&pl->poll, free_poller);
      L.multi_assign(c->multi, s, NULL);
    }
    return 0;
  }
  if (!pl) {
    pl = calloc(1, sizeof *pl);
    if (!pl || uv_poll_init_socket(c->loop, &pl->poll, s) != 0) {
      free(pl);
      return -1;
    }
    pl->fd = s;
    pl->c = c;
    /* The hold handle decides whether the loop stays up, not the sockets:
    ** an idle kept-alive connection must not keep a finished run alive. */
    uv_unref((uv_handle_t *)&pl->poll);
    L.multi_assign(c->multi, s, pl);
  }
  int ev = 0;
  if (what & CURL_POLL_IN) ev |= UV_READABLE;
  if (what & CURL_POLL_OUT) ev |= UV_WRITABLE;
  uv_poll_start(&pl->poll, ev, on_poll);
  return 0;
}

static int timer_cb(CURLM *m, long timeout_ms, void *userp)
{
  (void)m;
  acs__http *c = userp;
  if (timeout_ms < 0) uv_timer_stop(&c->timer);
  else uv_timer_start(&c->timer, on_timeout, (uint64_t)timeout_ms, 0);
  return 0;
}

acs__http *acs__http_new(uv_loop_t *loop, const acs__http_config *cfg)
{
  acs__http *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->loop = loop;
  c->cfg = cfg;
  c->policy = cfg->policy;
  c->next_id = 1;
  return c;
}

/* Load libcurl and set up the multi handle on first use. */
static int ready(acs__http *c, acs_err *err)
{
  if (c->ready) return 0;
  if (!load_curl() || !(c->multi = L.multi_init()))
    return acs__fail(err, ACS_EENV, ACS__ENV,
                     "the network is unavailable: libcurl.so.4 could not be loaded (install "
                     "libcurl4 with scripts/deps.sh)");
  for (size_t i = 0; i < c->cfg->resolve_count; i++)
    c->resolve = L.slist_append(c->resolve, c->cfg->resolve[i]);
  L.multi_setopt(c->multi, CURLMOPT_SOCKETFUNCTION, socket_cb);
  L.multi_setopt(c->multi, CURLMOPT_SOCKETDATA, c);
  L.multi_setopt(c->multi, CURLMOPT_TIMERFUNCTION, timer_cb);
  L.multi_setopt(c->multi, CURLMOPT_TIMERDATA, c);
  L.multi_setopt(c->multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, (long)MAX_CONNECTIONS);
  L.multi_setopt(c->multi, CURLMOPT_PIPELINING, (long)CURLPIPE_MULTIPLEX);
  uv_timer_init(c->loop, &c->timer);
  uv_timer_init(c->loop, &c->kick);
  uv_async_init(c->loop, &c->hold, NULL);
  c->timer.data = c->kick.data = c->hold.data = c;
  uv_unref((uv_handle_t *)&c->timer);
  uv_unref((uv_handle_t *)&c->hold);
  c->ready = true;
  return 0;
}

/* ------------------------------------------------------------ callbacks */

static void clear_head(req *r)
{
  for (size_t i = 0; i < r->nh; i++) {
    free(r->names[i]);
    free(r->values[i]);
  }
  r->nh = 0;
}

static int add_header(req *r, const char *name, size_t nl, const char *value, size_t vl)
{
  if (r->nh == r->caph) {
    size_t cap = r->caph ? r->caph * 2 : 16;
    char **n = realloc(r->names, cap * sizeof *n);
    if (!n) return -1;
    r->names = n;
    char **v = realloc(r->values, cap * sizeof *v);
    if (!v) return -1;
    r->values = v;
    r->caph = cap;
  }
  char *nm = acs__strndup(name, nl), *val = acs__strndup(value, vl);
  if (!nm || !val) { free(nm); free(val); return -1; }
  for (char *p = nm; *p; p++) *p = (char)tolower((unsigned char)*p);
  r->names[r->nh] = nm;
  r->values[r->nh] = val;
  r->nh++;
  return 0;
}

static size_t header_cb(char *buf, size_t size, size_t n, void *userdata)
{
  req *r = userdata;
  size_t len = size * n, l = len;
  if (r->head_ready) return len; /* trailers: not exposed */
  while (l && (buf[l - 1] == '\n' || buf[l - 1] == '\r')) l--;
  if (r->ev->raw_head && (r->in_head || (l >= 5 && !memcmp(buf, "HTTP/", 5)))) {
    if (l >= 5 && !memcmp(buf, "HTTP/", 5)) r->rawhead.len = 0;
    acs__buf_append(&r->rawhead, buf, len);
  }
  if (l >= 5 && !memcmp(buf, "HTTP/", 5)) {
    clear_head(r);
    r->in_head = true;
    const char *p = buf + 5, *end = buf + l;
    size_t vl = 0;
    while (p + vl < end && p[vl] != ' ' && vl < sizeof r->version - 1) vl++;
    memcpy(r->version, p, vl);
    r->version[vl] = 0;
    if (!strcmp(r->version, "2.0")) strcpy(r->version, "2");
    p += vl;
    while (p < end && *p == ' ') p++;
    r->status = 0;
    while (p < end && isdigit((unsigned char)*p)) r->status = r->status * 10 + (*p++ - '0');
    while (p < end && *p == ' ') p++;
    size_t rl = (size_t)(end - p);
    if (rl >= sizeof r->reason) rl = sizeof r->reason - 1;
    memcpy(r->reason, p, rl);
    r->reason[rl] = 0;
    return len;
  }
  if (!r->in_head) return len;
  if (l == 0) {
    r->in_head = false;
    /* 1xx heads (100 Continue, 103 Early Hints) come before the real one. */
    if (r->status >= 200 || r->status == 101) r->head_ready = true;
    return len;
  }
  if ((buf[0] == ' ' || buf[0] == '\t') && r->nh) {
    /* obsolete line folding: joins the previous value */
    size_t s = 0;
    while (s < l && (buf[s] == ' ' || buf[s] == '\t')) s++;
    char *old = r->values[r->nh - 1];
    size_t ol = strlen(old);
    char *nv = realloc(old, ol + 1 + (l - s) + 1);
    if (!nv) return 0;
    nv[ol] = ' ';
    memcpy(nv + ol + 1, buf + s, l - s);
    nv[ol + 1 + l - s] = 0;
    r->values[r->nh - 1] = nv;
    return len;
  }
  const char *colon = memchr(buf, ':', l);
  if (!colon) return len;
  const char *v = colon + 1, *ve = buf + l;
  while (v < ve && (*v == ' ' || *v == '\t')) v++;
  while (ve > v && (ve[-1] == ' ' || ve[-1] == '\t')) ve--;
  if (add_header(r, buf, (size_t)(colon - buf), v, (size_t)(ve - v))) return 0;
  return len;
}

static size_t write_cb(char *buf, size_t size, size_t n, void *userdata)
{
  req *r = userdata;
  size_t len = size * n;
  if (r->down.len >= PENDING_CAP) {
    r->self_paused = true;
    return CURL_WRITEFUNC_PAUSE;
  }
  if (acs__buf_append(&r->down, buf, len)) return 0;
  return len;
}

static size_t read_cb(char *buf, size_t size, size_t n, void *userdata)
{
  req *r = userdata;
  size_t want = size * n;
  if (!r->stream) {
    size_t k = r->body_len - r->body_off;
    if (k > want) k = want;
    memcpy(buf, r->body + r->body_off, k);
    r->body_off += k;
    return k;
  }
  size_t avail = r->up.len - r->up_off;
  if (!avail) {
    if (r->ended) return 0;
    r->send_paused = true;
    return CURL_READFUNC_PAUSE;
  }
  size_t k = avail < want ? avail : want;
  memcpy(buf, r->up.data + r->up_off, k);
  r->up_off += k;
  if (r->up_off == r->up.len) {
    r->up.len = r->up_off = 0;
  } else if (r->up_off >= 65536 && r->up_off * 2 >= r->up.len) {
    /* what was sent leaves the buffer, so a long upload stays small */
    memmove(r->up.data, r->up.data + r->up_off, r->up.len - r->up_off);
    r->up.len -= r->up_off;
    r->up_off = 0;
  }
  if (r->want_drain && r->up.len - r->up_off <= ACS__HTTP_UP_HIGH / 4) {
    r->want_drain = false;
    r->drain_due = true;
  }
  return k;
}

static curl_socket_t open_cb(void *clientp, curlsocktype purpose, struct curl_sockaddr *a)
{
  req *r = clientp;
  if (purpose != CURLSOCKTYPE_IPCXN) return CURL_SOCKET_BAD;
  if (r->c->cfg->dial) {
    /* the address libcurl has is the pin's dummy: the name is dialled */
    char why[sizeof r->refused];
    int fd = r->c->cfg->dial(r->host, r->port, why, sizeof why);
    if (fd >= 0) return fd;
    r->dial_err = fd;
    /* the box's refusals (no network, the policy) say what is allowed */
    if ((fd == -EACCES || fd == -ENETUNREACH) && why[0])
      snprintf(r->refused, sizeof r->refused, "%s", why);
    return CURL_SOCKET_BAD;
  }
  if (!r->via_proxy && !acs__hosts_check_addr(r->c->policy, r->host, r->port, &a->addr, r->refused,
                             sizeof r->refused))
    return CURL_SOCKET_BAD;
  return socket(a->family, a->socktype | SOCK_CLOEXEC, a->protocol);
}

/* A dialled socket is connected already: libcurl must not connect it. */
static int sockopt_cb(void *clientp, curl_socket_t fd, curlsocktype purpose)
{
  (void)fd;
  (void)purpose;
  req *r = clientp;
  return r->c->cfg->dial ? CURL_SOCKOPT_ALREADY_CONNECTED : CURL_SOCKOPT_OK;
}

/* ------------------------------------------------------------ events */

static void release(acs__http *c, req *r)
{
  if (r->in_multi) L.multi_remove(c->multi, r->h);
  if (r->h) L.easy_cleanup(r->h);
  if (r->u) L.url_cleanup(r->u);
  if (r->hdrs) L.slist_free_all(r->hdrs);
  if (r->pin) L.slist_free_all(r->pin);
  clear_head(r);
  free(r->names);
  free(r->values);
  free(r->body);
  acs__buf_free(&r->up);
  acs__buf_free(&r->down);
  acs__buf_free(&r->rawhead);
  free(r);
}

static void error_of(req *r, const char **code, char *msg, size_t ml)
{
  const char *detail = r->errbuf[0] ? r->errbuf : L.easy_strerror(r->result);
  if (r->dial_err == -ENXIO) {
    *code = "ENOTFOUND";
    snprintf(msg, ml, "getaddrinfo ENOTFOUND %s", r->host);
    return;
  }
  if (r->dial_err == -ETIMEDOUT) {
    *code = "ETIMEDOUT";
    snprintf(msg, ml, "connect ETIMEDOUT %s:%d", r->host, r->port);
    return;
  }
  switch (r->result) {
  case CURLE_COULDNT_RESOLVE_HOST:
    *code = "ENOTFOUND";
    snprintf(msg, ml, "getaddrinfo ENOTFOUND %s", r->host);
    return;
  case CURLE_COULDNT_CONNECT: *code = "ECONNREFUSED"; break;
  case CURLE_OPERATION_TIMEDOUT: *code = "ETIMEDOUT"; break;
  case CURLE_PEER_FAILED_VERIFICATION:
  case CURLE_SSL_CERTPROBLEM:
  case CURLE_SSL_CACERT_BADFILE:
  case CURLE_SSL_ISSUER_ERROR: *code = "ECERT"; break;
  case CURLE_SSL_CONNECT_ERROR:
  case CURLE_WEIRD_SERVER_REPLY:
  case CURLE_BAD_CONTENT_ENCODING:
  case CURLE_HTTP2:
  case CURLE_UNSUPPORTED_PROTOCOL: *code = "EPROTO"; break;
  case CURLE_RECV_ERROR:
  case CURLE_SEND_ERROR:
  case CURLE_GOT_NOTHING:
  case CURLE_PARTIAL_FILE:
  case CURLE_HTTP2_STREAM: *code = "ECONNRESET"; break;
  default: *code = "EIO"; break;
  }
  snprintf(msg, ml, "%s %s (%s:%d)", *code, detail, r->host, r->port);
}

/* Hand what a request has gathered to its owner. */
static void deliver(req *r)
{
  if (r->dead) return;
  if (r->early_code) {
    r->dead = true;
    r->ev->error(r->user, r->early_code, r->refused);
    return;
  }
  if (r->drain_due) {
    r->drain_due = false;
    if (r->ev->drain) r->ev->drain(r->user);
    if (r->dead) return;
  }
  if (r->head_ready && !r->head_sent) {
    r->head_sent = true;
    if (r->ev->raw_head) r->ev->raw_head(r->user, r->rawhead.data ? (const char *)r->rawhead.data : "", r->rawhead.len);
    r->ev->response(r->user, r->status, r->reason, (const char *const *)r->names,
                    (const char *const *)r->values, r->nh, r->version);
    if (r->dead) return;
  }
  if (r->head_sent && r->down.len && !r->user_paused) {
    acs__buf chunk = r->down;
    r->down = (acs__buf){0};
    r->ev->data(r->user, chunk.data, chunk.len);
    acs__buf_free(&chunk);
    if (r->dead) return;
    if (r->self_paused && !r->user_paused && r->in_multi) {
      r->self_paused = false;
      L.easy_pause(r->h, r->send_paused ? CURLPAUSE_SEND : CURLPAUSE_CONT);
    }
  }
  if (!r->finished || r->down.len) return;
  r->dead = true;
  if (r->refused[0]) {
    r->ev->error(r->user, "EACCES_POLICY", r->refused);
  } else if (r->result != CURLE_OK) {
    const char *code;
    char msg[CURL_ERROR_SIZE + 400];
    error_of(r, &code, msg, sizeof msg);
    r->ev->error(r->user, code, msg);
  } else if (!r->head_sent) {
    r->ev->error(r->user, "EPROTO", "the server sent no response");
  } else {
    r->ev->end(r->user);
  }
}

static void flush(acs__http *c)
{
  for (req *r = c->list; r; r = r->next) deliver(r);
  for (req **pp = &c->list; *pp;) {
    req *r = *pp;
    if (!r->dead) { pp = &r->next; continue; }
    *pp = r->next;
    set_in_flight(c, -1);
    void *user = r->user;
    const acs__http_events *ev = r->ev;
    release(c, r);
    ev->done(user);
  }
}

static req *find(acs__http *c, int id)
{
  for (req *r = c->list; r; r = r->next)
    if (r->id == id && !r->dead) return r;
  return NULL;
}

/* ------------------------------------------------------------ requests */

static bool has_header(const acs__http_request *q, const char *name)
{
  for (size_t i = 0; i < q->header_count; i++)
    if (!strcasecmp(q->names[i], name)) return true;
  return false;
}

static bool token_ok(const char *s)
{
  if (!*s) return false;
  for (; *s; s++)
    if (*s <= ' ' || *s >= 0x7f || strchr("()<>@,;:\\\"/[]?={}", *s)) return false;
  return true;
}

static bool value_ok(const char *s)
{
  for (; *s; s++)
    if (*s == '\r' || *s == '\n') return false;
  return true;
}

/* Fill r->early_code/r->refused and return -1 when the request may not
** start: the URL, its credentials, its host by the policy, its headers. */
static int prepare(acs__http *c, req *r, const acs__http_request *q)
{
  r->early_code = "EPROTO";
  if (!(r->u = L.url()) || L.url_set(r->u, CURLUPART_URL, q->url, CURLU_PATH_AS_IS) != CURLUE_OK) {
    snprintf(r->refused, sizeof r->refused, "invalid URL: %s", q->url);
    return -1;
  }
  char *scheme = NULL, *host = NULL, *port = NULL, *user = NULL, *zone = NULL;
  L.url_get(r->u, CURLUPART_SCHEME, &scheme, 0);
  L.url_get(r->u, CURLUPART_HOST, &host, 0);
  L.url_get(r->u, CURLUPART_PORT, &port, CURLU_DEFAULT_PORT);
  L.url_get(r->u, CURLUPART_USER, &user, 0);
  L.url_get(r->u, CURLUPART_ZONEID, &zone, 0);
  int rc = -1;
  if (!scheme || (strcmp(scheme, "http") && strcmp(scheme, "https")))
    snprintf(r->refused, sizeof r->refused, "only http: and https: URLs can be fetched, not %s:",
             scheme ? scheme : "?");
  else if (user)
    snprintf(r->refused, sizeof r->refused,
             "a URL with credentials cannot be requested: send an Authorization header instead");
  else if (zone)
    snprintf(r->refused, sizeof r->refused, "IPv6 zone ids are not allowed in URLs");
  else if (!host || strlen(host) >= sizeof r->host)
    snprintf(r->refused, sizeof r->refused, "invalid URL host: %s", q->url);
  else {
    snprintf(r->host, sizeof r->host, "%s", host);
    r->port = port ? atoi(port) : 0;
    if (!c->cfg->dial && !acs__hosts_check_name(c->policy, r->host, r->port, r->refused, sizeof r->refused))
      r->early_code = "EACCES_POLICY";
    else
      rc = 0;
  }
  L.free(scheme); L.free(host); L.free(port); L.free(user); L.free(zone);
  if (rc) return rc;
  if (!token_ok(q->method)) {
    snprintf(r->refused, sizeof r->refused, "invalid HTTP method: %s", q->method);
    return -1;
  }
  for (size_t i = 0; i < q->header_count; i++)
    if (!token_ok(q->names[i]) || !value_ok(q->values[i])) {
      snprintf(r->refused, sizeof r->refused, "invalid HTTP header: %.200s", q->names[i]);
      return -1;
    }
  r->early_code = NULL;
  return 0;
}

static int configure(acs__http *c, req *r, const acs__http_request *q)
{
  CURL *h = r->h;
  const char *proxy = !strncmp(q->url, "https:", 6) ? c->cfg->https_proxy : c->cfg->http_proxy;
  L.easy_setopt(h, CURLOPT_CURLU, r->u);
  L.easy_setopt(h, CURLOPT_PRIVATE, (char *)r);
  L.easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
  L.easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
  /* Never the environment's proxy: only the one the operator passed. */
  r->via_proxy = !c->cfg->dial && proxy && *proxy && !acs__no_proxy_for(c->cfg->no_proxy, r->host);
  L.easy_setopt(h, CURLOPT_PROXY, r->via_proxy ? proxy : "");
  L.easy_setopt(h, CURLOPT_FOLLOWLOCATION, 0L); /* redirects are new requests */
  L.easy_setopt(h, CURLOPT_PATH_AS_IS, 1L);     /* the URL parser already normalised it */
  L.easy_setopt(h, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_2TLS);
  L.easy_setopt(h, CURLOPT_ERRORBUFFER, r->errbuf);
  L.easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, open_cb);
  L.easy_setopt(h, CURLOPT_OPENSOCKETDATA, r);
  L.easy_setopt(h, CURLOPT_HEADERFUNCTION, header_cb);
  L.easy_setopt(h, CURLOPT_HEADERDATA, r);
  L.easy_setopt(h, CURLOPT_WRITEFUNCTION, write_cb);
  L.easy_setopt(h, CURLOPT_WRITEDATA, r);
  L.easy_setopt(h, CURLOPT_BUFFERSIZE, 65536L);
  if (c->cfg->dial) {
    /* a documentation address (RFC 5737) stands in for the name; open_cb
    ** dials the name itself and the kernel resolves it */
    char pin[320];
    snprintf(pin, sizeof pin, "%s:%d:192.0.2.1", r->host, r->port);
    if (r->host[0] != '[') r->pin = L.slist_append(NULL, pin); /* a literal is not resolved */
    if (r->pin) L.easy_setopt(h, CURLOPT_RESOLVE, r->pin);
    L.easy_setopt(h, CURLOPT_SOCKOPTFUNCTION, sockopt_cb);
    L.easy_setopt(h, CURLOPT_SOCKOPTDATA, r);
  } else if (c->resolve) {
    L.easy_setopt(h, CURLOPT_RESOLVE, c->resolve);
  }
  if (q->decode) {
    L.easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");
  } else {
    L.easy_setopt(h, CURLOPT_HTTP_CONTENT_DECODING, 0L);
  }

  bool has_body = q->body || q->stream;
  if (has_body) {
    L.easy_setopt(h, CURLOPT_POST, 1L);
    L.easy_setopt(h, CURLOPT_READFUNCTION, read_cb);
    L.easy_setopt(h, CURLOPT_READDATA, r);
    curl_off_t size = q->stream ? -1 : (curl_off_t)q->body_len;
    for (size_t i = 0; q->stream && i < q->header_count; i++)
      if (!strcasecmp(q->names[i], "content-length")) size = (curl_off_t)strtoll(q->values[i], NULL, 10);
    L.easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, size);
    if (strcmp(q->method, "POST")) L.easy_setopt(h, CURLOPT_CUSTOMREQUEST, q->method);
  } else if (!strcmp(q->method, "GET")) {
    L.easy_setopt(h, CURLOPT_HTTPGET, 1L);
  } else if (!strcmp(q->method, "HEAD")) {
    L.easy_setopt(h, CURLOPT_NOBODY, 1L);
  } else {
    L.easy_setopt(h, CURLOPT_CUSTOMREQUEST, q->method);
  }

  /* The caller's headers, in order; libcurl's own defaults that the caller
  ** did not ask for are switched off ("Name:" removes one). */
  acs__buf line = {0};
  for (size_t i = 0; i < q->header_count; i++) {
    line.len = 0;
    if (q->values[i][0]) acs__buf_printf(&line, "%s: %s", q->names[i], q->values[i]);
    else acs__buf_printf(&line, "%s;", q->names[i]);
    if (!line.data) break;
    r->hdrs = L.slist_append(r->hdrs, line.data);
  }
  acs__buf_free(&line);
  static const char *const defaults[] = {"Accept", "Expect", "Content-Type"};
  for (size_t i = 0; i < sizeof defaults / sizeof *defaults; i++)
    if (!has_header(q, defaults[i])) {
      char off[32];
      snprintf(off, sizeof off, "%s:", defaults[i]);
      r->hdrs = L.slist_append(r->hdrs, off);
    }
  L.easy_setopt(h, CURLOPT_HTTPHEADER, r->hdrs);
  return 0;
}

int acs__http_start(acs__http *c, const acs__http_request *q, const acs__http_events *ev,
                    void *user, acs_err *err)
{
  if (ready(c, err)) return ACS_EENV;
  req *r = calloc(1, sizeof *r);
  if (!r) return acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
  r->id = c->next_id++;
  r->c = c;
  r->ev = ev;
  r->user = user;
  r->stream = q->stream;
  if (q->body && !q->stream) {
    r->body = malloc(q->body_len ? q->body_len : 1);
    if (!r->body) { free(r); return acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory"); }
    memcpy(r->body, q->body, q->body_len);
    r->body_len = q->body_len;
  }
  /* Appended at the end so that flush() delivers in start order. */
  req **pp = &c->list;
  while (*pp) pp = &(*pp)->next;
  *pp = r;
  set_in_flight(c, +1);
  if (c->in_flight > MAX_IN_FLIGHT) {
    r->early_code = "EBUSY";
    snprintf(r->refused, sizeof r->refused,
             "too many requests in flight (the limit is %d): wait for some to finish",
             MAX_IN_FLIGHT);
  } else if (prepare(c, r, q) == 0) {
    if (!(r->h = L.easy_init()) || configure(c, r, q) ||
        L.multi_add(c->multi, r->h) != CURLM_OK) {
      r->early_code = "EIO";
      snprintf(r->refused, sizeof r->refused, "the request could not be started");
    } else {
      r->in_multi = true;
    }
  }
  if (r->early_code) kick(c);
  return r->id;
}

long acs__http_write(acs__http *c, int id, const char *bytes, size_t len)
{
  req *r = find(c, id);
  if (!r || !r->stream || r->ended) return -1;
  if (acs__buf_append(&r->up, bytes, len)) return -1;
  long held = (long)(r->up.len - r->up_off);
  if (held > ACS__HTTP_UP_HIGH) r->want_drain = true;
  if (r->send_paused && r->in_multi) {
    r->send_paused = false;
    L.easy_pause(r->h, (r->user_paused || r->self_paused) ? CURLPAUSE_RECV : CURLPAUSE_CONT);
  }
  return held;
}

int acs__http_end(acs__http *c, int id)
{
  req *r = find(c, id);
  if (!r || !r->stream || r->ended) return -1;
  r->ended = true;
  if (r->send_paused && r->in_multi) {
    r->send_paused = false;
    L.easy_pause(r->h, (r->user_paused || r->self_paused) ? CURLPAUSE_RECV : CURLPAUSE_CONT);
  }
  return 0;
}

int acs__http_pause(acs__http *c, int id, bool pause)
{
  req *r = find(c, id);
  if (!r) return -1;
  if (r->user_paused == pause) return 0;
  r->user_paused = pause;
  if (r->in_multi) {
    int bits = (pause || r->self_paused ? CURLPAUSE_RECV : 0) | (r->send_paused ? CURLPAUSE_SEND : 0);
    if (!pause) { r->self_paused = false; bits &= ~CURLPAUSE_RECV; }
    L.easy_pause(r->h, bits);
  }
  if (!pause) kick(c); /* what was held back goes out now */
  set_in_flight(c, 0);
  return 0;
}

int acs__http_abort(acs__http *c, int id)
{
  req *r = find(c, id);
  if (!r) return -1;
  r->dead = true;
  if (r->in_multi) {
    L.multi_remove(c->multi, r->h);
    r->in_multi = false;
  }
  kick(c);
  return 0;
}

bool acs__http_check(acs__http *c, const char *url, char *why, size_t why_len)
{
  acs_err err = {0};
  if (ready(c, &err)) {
    snprintf(why, why_len, "%s", err.message ? err.message : "the network is unavailable");
    free(err.message);
    return false;
  }
  req r = {0};
  acs__http_request q = {.method = "GET", .url = url};
  r.c = c;
  bool ok = prepare(c, &r, &q) == 0;
  if (!ok) snprintf(why, why_len, "%s", r.refused);
  if (r.u) L.url_cleanup(r.u);
  return ok;
}

/* ------------------------------------------------------------ host side */

static size_t fetch_write(char *buf, size_t size, size_t n, void *userdata)
{
  acs__fetch_result *r = userdata;
  size_t len = size * n;
  if (r->body.len + len > r->max_body) return 0; /* curl reports a write error */
  return acs__buf_append(&r->body, buf, len) ? 0 : len;
}

static size_t fetch_header(char *buf, size_t size, size_t n, void *userdata)
{
  acs__fetch_result *r = userdata;
  size_t len = size * n, l = len;
  while (l && (buf[l - 1] == '\n' || buf[l - 1] == '\r')) l--;
  if (l > 5 && !strncasecmp(buf, "etag:", 5)) {
    const char *v = buf + 5;
    while (v < buf + l && (*v == ' ' || *v == '\t')) v++;
    free(r->etag);
    r->etag = acs__strndup(v, (size_t)(buf + l - v));
  } else if (l > 14 && !strncasecmp(buf, "cache-control:", 14)) {
    const char *m = strcasestr(buf, "max-age=");
    if (m && m < buf + l && !strcasestr(buf, "no-cache") && !strcasestr(buf, "no-store"))
      r->max_age = strtol(m + 8, NULL, 10);
  }
  return len;
}

/* scheme://host[:port] of url, lower-cased, into out ("" when it has none). */
static void origin_of(const char *url, char *out, size_t cap)
{
  const char *p = strstr(url, "://");
  size_t n = p ? (size_t)(p + 3 - url) + strcspn(p + 3, "/?#") : 0;
  if (n >= cap) n = cap - 1;
  for (size_t i = 0; i < n; i++) out[i] = (char)tolower((unsigned char)url[i]);
  out[n] = 0;
}

bool acs__url_same_origin(const char *a, const char *b)
{
  char oa[512], ob[512];
  origin_of(a, oa, sizeof oa);
  origin_of(b, ob, sizeof ob);
  return oa[0] && !strcmp(oa, ob);
}

static int fetch_once(const char *url, const char *const *headers, size_t header_count, int cancel_fd,
                      acs__fetch_result *out, char **location, acs_err *err);

int acs__fetch(const char *url, const char *const *headers, size_t header_count, size_t max_body,
               int cancel_fd, acs__fetch_result *out, acs_err *err)
{
  /* Redirects are followed here, not by libcurl, so that each one can be
  ** held to the first URL's origin: a registry or a mirror never sends the
  ** host to fetch from another host (or a port of its own). */
  memset(out, 0, sizeof *out);
  out->max_body = max_body ? max_body : (size_t)256 << 20;
  char *cur = acs__strdup(url);
  if (!cur) return ACS_ENOMEM;
  int rc = 0;
  for (int hops = 0;; hops++) {
    char *loc = NULL;
    rc = fetch_once(cur, headers, header_count, cancel_fd, out, &loc, err);
    if (rc || !loc || out->status < 300 || out->status > 399) {
      free(loc);
      break;
    }
    if (!acs__url_same_origin(url, loc) || hops >= 5) {
      rc = acs__fail(err, ACS_EENV, ACS__ENV,
                     hops >= 5 ? "%s: more than 5 redirects"
                               : "%s redirected to %s, another origin: refused (packages are fetched "
                                 "only from the registry's own origin)",
                     cur, loc);
      free(loc);
      break;
    }
    free(cur);
    cur = loc;
    acs__fetch_result_free(out);
  }
  free(cur);
  return rc;
}

/* libcurl's progress callback: non-zero aborts once the cancel fd is
** readable (acs_cancel wrote to it). */
static int fetch_cancelled(void *p, curl_off_t dt, curl_off_t dn, curl_off_t ut, curl_off_t un)
{
  (void)dt; (void)dn; (void)ut; (void)un;
  struct pollfd pf = {*(int *)p, POLLIN, 0};
  return poll(&pf, 1, 0) > 0;
}

static int fetch_once(const char *url, const char *const *headers, size_t header_count, int cancel_fd,
                      acs__fetch_result *out, char **location, acs_err *err)
{
  size_t max_body = out->max_body;
  memset(out, 0, sizeof *out);
  out->max_age = -1;
  out->max_body = max_body;
  if (!load_curl())
    return acs__fail(err, ACS_EENV, ACS__ENV,
                     "the network is unavailable: libcurl.so.4 could not be loaded (install libcurl4 "
                     "with scripts/deps.sh)");
  CURL *h = L.easy_init();
  if (!h) return acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
  char errbuf[CURL_ERROR_SIZE] = "";
  struct curl_slist *hl = NULL;
  for (size_t i = 0; i < header_count; i++) hl = L.slist_append(hl, headers[i]);
  L.easy_setopt(h, CURLOPT_URL, url);
  L.easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
  L.easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
  L.easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");
  /* A registry that trickles a byte at a time must not hold the run
  ** forever: a floor on the speed and a ceiling on the whole transfer. */
  L.easy_setopt(h, CURLOPT_CONNECTTIMEOUT, 15L);
  L.easy_setopt(h, CURLOPT_LOW_SPEED_LIMIT, 1024L);
  L.easy_setopt(h, CURLOPT_LOW_SPEED_TIME, 20L);
  L.easy_setopt(h, CURLOPT_TIMEOUT, 600L);
  if (cancel_fd >= 0) {
    L.easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
    L.easy_setopt(h, CURLOPT_XFERINFOFUNCTION, fetch_cancelled);
    L.easy_setopt(h, CURLOPT_XFERINFODATA, &cancel_fd);
  }
  L.easy_setopt(h, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_2TLS);
  L.easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);
  L.easy_setopt(h, CURLOPT_HTTPHEADER, hl);
  L.easy_setopt(h, CURLOPT_WRITEFUNCTION, fetch_write);
  L.easy_setopt(h, CURLOPT_WRITEDATA, out);
  L.easy_setopt(h, CURLOPT_HEADERFUNCTION, fetch_header);
  L.easy_setopt(h, CURLOPT_HEADERDATA, out);
  CURLcode rc = L.easy_perform(h);
  long status = 0;
  L.easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
  out->status = (int)status;
  char *redirect = NULL;
  if (rc == CURLE_OK && status >= 300 && status <= 399 &&
      L.easy_getinfo(h, CURLINFO_REDIRECT_URL, &redirect) == CURLE_OK && redirect)
    *location = acs__strdup(redirect);
  L.easy_cleanup(h);
  L.slist_free_all(hl);
  if (rc == CURLE_WRITE_ERROR && out->body.len >= out->max_body - 65536)
    return acs__fail(err, ACS_EENV, ACS__ENV, "%s: the response is larger than %zu bytes", url, out->max_body);
  if (rc == CURLE_ABORTED_BY_CALLBACK)
    return acs__fail(err, ACS_ECANCELED, ACS__ENV, "%s: cancelled", url);
  if (rc != CURLE_OK)
    return acs__fail(err, ACS_EENV, ACS__ENV, "%s: %s", url, errbuf[0] ? errbuf : L.easy_strerror(rc));
  return 0;
}

void acs__fetch_result_free(acs__fetch_result *r)
{
  acs__buf_free(&r->body);
  free(r->etag);
  r->etag = NULL;
}
