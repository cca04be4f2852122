/* lib_http_local.c - HTTP/1.1 to the box's own servers, spoken here.
**
** A connection to a box port is a socketpair the kernel made, and libcurl
** connect()s every socket it is handed once more (on a socketpair: EINVAL),
** so requests to localhost, 127.x, ::1 or the box's name do not go through
** libcurl: this file writes the request and reads the response itself, on
** the descriptor the kernel handed over. No TLS (a box server speaks plain
** HTTP to its own clients); one connection per request. */
#include "lib_http.h"
#include "lib_sys.h"
#include "../sys/sys.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#define MAX_HEAD (64 * 1024)
#define MAX_FIELDS 128

static double now_ms(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* The URL's pieces; false when it has no host. */
static bool split_url(const char *url, bool *tls, char *host, size_t hsize, int *port, const char **path)
{
  const char *s = strstr(url, "://");
  if (!s) return false;
  *tls = (size_t)(s - url) == 5 && !strncasecmp(url, "https", 5);
  const char *a = s + 3, *end = a + strcspn(a, "/?#");
  const char *at = memchr(a, '@', (size_t)(end - a));
  if (at) a = at + 1;
  const char *colon = NULL;
  if (*a == '[') {
    const char *rb = memchr(a, ']', (size_t)(end - a));
    if (!rb) return false;
    snprintf(host, hsize, "%.*s", (int)(rb - a - 1), a + 1);
    if (rb + 1 < end && rb[1] == ':') colon = rb + 1;
  } else {
    colon = memchr(a, ':', (size_t)(end - a));
    snprintf(host, hsize, "%.*s", (int)((colon ? colon : end) - a), a);
  }
  *port = colon && colon + 1 < end ? atoi(colon + 1) : *tls ? 443 : 80;
  *path = end;
  return host[0] != 0;
}

bool lh_is_box_host(const char *url)
{
  bool tls;
  char h[300];
  int port;
  const char *path;
  if (!split_url(url, &tls, h, sizeof h, &port, &path)) return false;
  char me[256];
  lib_hostname(me, sizeof me);
  size_t n = strlen(h);
  if (!strcasecmp(h, "localhost") || !strcasecmp(h, "localhost6") || !strcasecmp(h, "ip6-localhost") ||
      (me[0] && !strcasecmp(h, me)) || (n > 10 && !strcasecmp(h + n - 10, ".localhost")))
    return true;
  struct in_addr a4;
  struct in6_addr a6;
  if (inet_aton(h, &a4)) {
    uint32_t v = ntohl(a4.s_addr);
    return v == 0 || (v >> 24) == 127;
  }
  if (inet_pton(AF_INET6, h, &a6) == 1) {
    if (IN6_IS_ADDR_UNSPECIFIED(&a6) || IN6_IS_ADDR_LOOPBACK(&a6)) return true;
    if (IN6_IS_ADDR_V4MAPPED(&a6)) return a6.s6_addr[12] == 127 || !memcmp(a6.s6_addr + 12, "\0\0\0\0", 4);
  }
  return false;
}

/* ------------------------------------------------------------ the wire */

typedef struct conn {
  int fd;
  double deadline; /* 0: none */
  char buf[16384];
  size_t have, off;
  lh_result *res;
} conn;

static bool fail(conn *c, const char *code, const char *fmt, const char *arg)
{
  if (c->res->code) return false; /* the first reason stays */
  c->res->ok = false;
  c->res->code = code;
  snprintf(c->res->message, sizeof c->res->message, fmt, arg);
  return false;
}

/* Wait for fd to be ready for `events` until the deadline. */
static bool wait_fd(conn *c, short events)
{
  for (;;) {
    int ms = -1;
    if (c->deadline > 0) {
      double left = c->deadline - now_ms();
      if (left <= 0) return fail(c, "ETIMEDOUT", "the transfer took longer than its limit%s", "");
      ms = (int)left + 1;
    }
    struct pollfd p = {c->fd, events, 0};
    int r = poll(&p, 1, ms);
    if (r > 0) return true;
    if (r < 0 && errno != EINTR) return fail(c, "EIO", "poll: %s", strerror(errno));
  }
}

static bool send_all(conn *c, const char *p, size_t n)
{
  while (n) {
    if (!wait_fd(c, POLLOUT)) return false;
    ssize_t w = send(c->fd, p, n, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (w < 0) {
      if (errno == EAGAIN || errno == EINTR) continue;
      return fail(c, "ECONNRESET", "Failure when sending data to the peer: %s", strerror(errno));
    }
    p += w;
    n -= (size_t)w;
  }
  return true;
}

/* More bytes into buf; 0 at the end of the stream, -1 on error. */
static int fill(conn *c)
{
  if (c->off) {
    memmove(c->buf, c->buf + c->off, c->have - c->off);
    c->have -= c->off;
    c->off = 0;
  }
  if (c->have == sizeof c->buf) return 1;
  for (;;) {
    if (!wait_fd(c, POLLIN)) return -1;
    ssize_t r = recv(c->fd, c->buf + c->have, sizeof c->buf - c->have, MSG_DONTWAIT);
    if (r > 0) {
      c->have += (size_t)r;
      return 1;
    }
    if (r == 0) return 0;
    if (errno == EAGAIN || errno == EINTR) continue;
    fail(c, "ECONNRESET", "Recv failure: %s", strerror(errno));
    return -1;
  }
}

/* ------------------------------------------------------------ the body */

typedef struct sink {
  const lh_request *q;
  lh_result *res;
  bool stopped;
  z_stream z;
  bool inflating;
} sink;

static bool deliver(sink *s, conn *c, const char *p, size_t n)
{
  if (s->stopped || !n) return !s->stopped;
  s->res->received += n;
  if (!s->inflating) {
    if (s->q->on_data && !s->q->on_data(s->q->user, p, n)) s->stopped = true;
    return !s->stopped;
  }
  s->z.next_in = (Bytef *)p;
  s->z.avail_in = (uInt)n;
  while (s->z.avail_in && !s->stopped) {
    char out[16384];
    s->z.next_out = (Bytef *)out;
    s->z.avail_out = sizeof out;
    int r = inflate(&s->z, Z_NO_FLUSH);
    if (r != Z_OK && r != Z_STREAM_END && r != Z_BUF_ERROR)
      return fail(c, "EIO", "Error while processing content unencoding: %s", s->z.msg ? s->z.msg : "bad data");
    size_t got = sizeof out - s->z.avail_out;
    if (got && s->q->on_data && !s->q->on_data(s->q->user, out, got)) s->stopped = true;
    if (r == Z_STREAM_END) break;
    if (!got && r == Z_BUF_ERROR) break;
  }
  return !s->stopped;
}

static bool body_length(sink *s, conn *c, uint64_t left)
{
  while (left) {
    if (c->off == c->have) {
      int r = fill(c);
      if (r < 0) return false;
      if (r == 0) return fail(c, "ECONNRESET", "transfer closed with %s bytes remaining to read", "outstanding");
    }
    size_t n = c->have - c->off;
    if (n > left) n = (size_t)left;
    if (!deliver(s, c, c->buf + c->off, n)) return !c->res->code;
    c->off += n;
    left -= n;
  }
  return true;
}

static bool body_to_end(sink *s, conn *c)
{
  for (;;) {
    if (c->off < c->have) {
      size_t n = c->have - c->off;
      bool go = deliver(s, c, c->buf + c->off, n);
      c->off += n;
      if (!go) return !c->res->code;
    }
    int r = fill(c);
    if (r < 0) return false;
    if (r == 0) return true;
  }
}

/* A line of the chunked framing (without its CRLF) into line. */
static bool read_line(conn *c, char *line, size_t size)
{
  for (;;) {
    char *nl = memchr(c->buf + c->off, '\n', c->have - c->off);
    if (nl) {
      size_t n = (size_t)(nl - (c->buf + c->off));
      if (n && nl[-1] == '\r') n--;
      if (n >= size) return fail(c, "ERECV", "a chunk's line is too long%s", "");
      memcpy(line, c->buf + c->off, n);
      line[n] = 0;
      c->off = (size_t)(nl + 1 - c->buf);
      return true;
    }
    if (c->have - c->off >= sizeof c->buf / 2) return fail(c, "ERECV", "a chunk's line is too long%s", "");
    int r = fill(c);
    if (r < 0) return false;
    if (r == 0) return fail(c, "ECONNRESET", "transfer closed with %s chunk unread", "a");
  }
}

static bool body_chunked(sink *s, conn *c)
{
  char line[256];
  for (;;) {
    if (!read_line(c, line, sizeof line)) return false;
    char *end;
    errno = 0;
    unsigned long long n = strtoull(line, &end, 16);
    if (end == line || errno) return fail(c, "ERECV", "Illegal or missing hexadecimal sequence in chunked-encoding%s", "");
    if (n == 0) {
      do { /* the trailer, to its empty line */
        if (!read_line(c, line, sizeof line)) return false;
      } while (line[0]);
      return true;
    }
    if (!body_length(s, c, n)) return false;
    if (s->stopped) return true;
    if (!read_line(c, line, sizeof line)) return false;
  }
}

/* ------------------------------------------------------------ the head */

typedef struct head {
  char text[MAX_HEAD + 1];
  size_t len;
  char *names[MAX_FIELDS], *values[MAX_FIELDS];
  size_t count;
  int status;
  char version[16];
  char *reason;
} head;

/* Read one response head; false on error (res says why). */
static bool read_head(conn *c, head *h, bool *empty)
{
  *empty = false;
  for (;;) {
    char *p = c->buf + c->off;
    size_t avail = c->have - c->off;
    char *e = NULL;
    /* as curl: a reply that does not start as a status line is HTTP/0.9 */
    if (memcmp(p, "HTTP/", avail < 5 ? avail : 5))
      return fail(c, "EVERSION", "Received HTTP/0.9 when not allowed%s", "");
    for (size_t i = 0; i + 3 < avail; i++)
      if (p[i] == '\r' && p[i + 1] == '\n' && p[i + 2] == '\r' && p[i + 3] == '\n') {
        e = p + i + 4;
        break;
      }
    if (e) {
      size_t n = (size_t)(e - p);
      if (n > MAX_HEAD) return fail(c, "EPROTO", "the response's head is longer than %s", "64 KiB");
      memcpy(h->text, p, n);
      h->text[n] = 0;
      h->len = n;
      c->off += n;
      break;
    }
    if (avail > MAX_HEAD) return fail(c, "EPROTO", "the response's head is longer than %s", "64 KiB");
    int r = fill(c);
    if (r < 0) return false;
    if (r == 0) {
      *empty = c->have == c->off;
      return fail(c, *empty ? "EEMPTY" : "EPROTO", *empty ? "Empty reply from server%s" : "the server closed "
                  "the connection inside the response's head%s", "");
    }
  }
  /* parse a copy: text stays as received for -i */
  static char work[MAX_HEAD + 1];
  memcpy(work, h->text, h->len + 1);
  char *save = NULL, *line = strtok_r(work, "\r\n", &save);
  if (!line || strncmp(line, "HTTP/", 5)) return fail(c, "EVERSION", "Unsupported HTTP version in response%s", "");
  char *sp = strchr(line, ' ');
  if (!sp) return fail(c, "EVERSION", "Unsupported HTTP version in response%s", "");
  snprintf(h->version, sizeof h->version, "%.*s", (int)(sp - line - 5), line + 5);
  h->status = atoi(sp + 1);
  char *r2 = strchr(sp + 1, ' ');
  h->reason = r2 ? r2 + 1 : "";
  h->count = 0;
  while ((line = strtok_r(NULL, "\r\n", &save)) && h->count < MAX_FIELDS) {
    char *colon = strchr(line, ':');
    if (!colon) continue;
    *colon = 0;
    for (char *q = line; *q; q++) *q = (char)tolower((unsigned char)*q);
    char *v = colon + 1;
    while (*v == ' ' || *v == '\t') v++;
    size_t vl = strlen(v);
    while (vl && (v[vl - 1] == ' ' || v[vl - 1] == '\t')) v[--vl] = 0;
    h->names[h->count] = line;
    h->values[h->count++] = v;
  }
  return true;
}

static const char *field(const head *h, const char *name)
{
  for (size_t i = 0; i < h->count; i++)
    if (!strcmp(h->names[i], name)) return h->values[i];
  return NULL;
}

/* ------------------------------------------------------------ the request */

static bool has_header(const lh_request *q, const char *name)
{
  for (size_t i = 0; i < q->header_count; i++)
    if (!strcasecmp(q->names[i], name)) return true;
  return false;
}

static bool header_is(const lh_request *q, const char *name, const char *value)
{
  for (size_t i = 0; i < q->header_count; i++)
    if (!strcasecmp(q->names[i], name) && strcasestr(q->values[i], value)) return true;
  return false;
}

static bool send_request(conn *c, const lh_request *q, const char *host, int port, bool tls, const char *path,
                         bool chunked)
{
  size_t cap = 8192, len = 0;
  for (size_t i = 0; i < q->header_count; i++) cap += strlen(q->names[i]) + strlen(q->values[i]) + 4;
  cap += strlen(path) + strlen(host);
  char *b = malloc(cap);
  if (!b) return fail(c, "EIO", "out of memory%s", "");
  const char *p = *path == '/' ? path : NULL;
  len += (size_t)snprintf(b + len, cap - len, "%s %s%.*s HTTP/1.1\r\n", q->method, p ? "" : "/",
                          (int)strcspn(path, "#"), path);
  if (!has_header(q, "Host")) {
    bool v6 = strchr(host, ':') != NULL;
    bool plain = port == (tls ? 443 : 80);
    char ps[16] = "";
    if (!plain) snprintf(ps, sizeof ps, ":%d", port);
    len += (size_t)snprintf(b + len, cap - len, "Host: %s%s%s%s\r\n", v6 ? "[" : "", host, v6 ? "]" : "", ps);
  }
  for (size_t i = 0; i < q->header_count; i++)
    len += (size_t)snprintf(b + len, cap - len, "%s: %s\r\n", q->names[i], q->values[i]);
  if (q->decode && !has_header(q, "Accept-Encoding"))
    len += (size_t)snprintf(b + len, cap - len, "Accept-Encoding: deflate, gzip\r\n");
  if (q->body && !chunked && !has_header(q, "Content-Length"))
    len += (size_t)snprintf(b + len, cap - len, "Content-Length: %zu\r\n", q->body_len);
  len += (size_t)snprintf(b + len, cap - len, "\r\n");
  bool ok = send_all(c, b, len);
  free(b);
  if (!ok || !q->body) return ok;
  if (!chunked) return send_all(c, q->body, q->body_len);
  char hex[24];
  if (q->body_len) {
    int n = snprintf(hex, sizeof hex, "%zx\r\n", q->body_len);
    if (!send_all(c, hex, (size_t)n) || !send_all(c, q->body, q->body_len) || !send_all(c, "\r\n", 2)) return false;
  }
  return send_all(c, "0\r\n\r\n", 5);
}

int lh_run_box(const lh_request *q, lh_result *out)
{
  memset(out, 0, sizeof *out);
  bool tls;
  char host[300];
  int port;
  const char *path;
  double t0 = now_ms();
  if (!split_url(q->url, &tls, host, sizeof host, &port, &path)) {
    snprintf(out->message, sizeof out->message, "URL rejected: No host part in the URL");
    return -1;
  }
  if (tls) {
    out->code = "EPROTO";
    snprintf(out->message, sizeof out->message, "the box's own servers speak plain HTTP to the box: use "
             "http://%s:%d/ (https is for hosts outside the box)", host, port);
    return 0;
  }
  char why[320] = "";
  int fd = acs_sys_dial(host, port, why, sizeof why);
  if (fd < 0) {
    out->code = fd == -ECONNREFUSED ? "ECONNREFUSED" : fd == -ENXIO ? "ENOTFOUND" : "ECONNREFUSED";
    snprintf(out->message, sizeof out->message, "%s", why[0] ? why : strerror(-fd));
    out->ms = now_ms() - t0;
    return 0;
  }
  /* a socketpair has no address: the box's loopback is what it reached */
  lh__set_peer(-1, strchr(host, ':') ? "::1" : "127.0.0.1");
  static conn c; /* 16 KiB of buffer: not on the stack */
  memset(&c, 0, sizeof c);
  c.fd = fd;
  c.res = out;
  c.deadline = q->timeout_ms > 0 ? t0 + (double)q->timeout_ms : 0;
  bool chunked = q->body && header_is(q, "Transfer-Encoding", "chunked");
  static head h;
  sink s = {.q = q, .res = out};
  bool empty;
  if (!send_request(&c, q, host, port, tls, path, chunked)) goto done;
  do {
    if (!read_head(&c, &h, &empty)) goto done;
  } while (h.status >= 100 && h.status < 200 && h.status != 101);
  lh_head lh = {h.status, h.reason, h.version, (const char *const *)h.names, (const char *const *)h.values,
                h.count, h.text, h.len};
  if (q->on_head && !q->on_head(q->user, &lh)) {
    out->ok = true;
    goto done;
  }
  const char *te = field(&h, "transfer-encoding"), *cl = field(&h, "content-length");
  const char *ce = field(&h, "content-encoding");
  if (q->decode && ce && (!strcasecmp(ce, "gzip") || !strcasecmp(ce, "deflate") || !strcasecmp(ce, "x-gzip"))) {
    /* 32 + 15: zlib or gzip framing, told apart by their first bytes */
    if (inflateInit2(&s.z, 32 + 15) == Z_OK) s.inflating = true;
  }
  bool ok;
  if (!strcasecmp(q->method, "HEAD") || h.status == 204 || h.status == 304) ok = true;
  else if (te && strcasestr(te, "chunked")) ok = body_chunked(&s, &c);
  else if (cl) ok = body_length(&s, &c, strtoull(cl, NULL, 10));
  else ok = body_to_end(&s, &c);
  if (s.inflating) inflateEnd(&s.z);
  if (ok) out->ok = true;
done:
  close(fd);
  out->ms = now_ms() - t0;
  return 0;
}
