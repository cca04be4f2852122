/* net_proxy.c - an outbound connection of the box through the operator's
** HTTP proxy: a CONNECT tunnel, made by a dial thread of net.c.
**
** The kernel sees bytes, not HTTP, so every outbound connection (fetch,
** curl, wget, a raw net.connect) goes through CONNECT host:port, which
** the proxy must allow for the ports the box uses. The box's policy has
** checked the name before (the proxy resolves it, as exec's proxied
** requests do); the proxy's own address is the operator's choice and is
** not checked. Only http:// proxies (no TLS to the proxy). */
#include "kernel.h"
#include "../base/base.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static int64_t now_ms(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* "http://user:pass@host:port/" into its parts; false when it is not one. */
static bool parse_proxy(const char *url, char *host, size_t hs, char *port, size_t ps, char *auth, size_t as)
{
  const char *p = url;
  if (!strncasecmp(p, "http://", 7)) p += 7;
  else if (strstr(p, "://")) return false;
  const char *end = p + strcspn(p, "/?#");
  const char *at = memchr(p, '@', (size_t)(end - p));
  auth[0] = 0;
  if (at) {
    acs__base64(p, (size_t)(at - p), auth, as);
    p = at + 1;
  }
  const char *colon;
  if (*p == '[') {
    const char *rb = memchr(p, ']', (size_t)(end - p));
    if (!rb) return false;
    snprintf(host, hs, "%.*s", (int)(rb - p - 1), p + 1);
    colon = rb + 1 < end && rb[1] == ':' ? rb + 1 : NULL;
  } else {
    colon = memchr(p, ':', (size_t)(end - p));
    snprintf(host, hs, "%.*s", (int)((colon ? colon : end) - p), p);
  }
  if (colon) snprintf(port, ps, "%.*s", (int)(end - colon - 1), colon + 1);
  else snprintf(port, ps, "1080");
  return host[0] != 0 && port[0] != 0;
}

static int connect_by_name(const char *host, const char *port, int64_t deadline)
{
  struct addrinfo hints = {.ai_socktype = SOCK_STREAM}, *res = NULL;
  if (getaddrinfo(host, port, &hints, &res)) return -ENXIO;
  int err = -ECONNREFUSED;
  for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
    int fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) {
      err = -errno;
      continue;
    }
    if (connect(fd, ai->ai_addr, ai->ai_addrlen) < 0 && errno != EINPROGRESS) {
      err = -errno;
      close(fd);
      continue;
    }
    struct pollfd pf = {.fd = fd, .events = POLLOUT};
    int left = (int)(deadline - now_ms());
    int r = left > 0 ? poll(&pf, 1, left) : 0;
    int e = 0;
    socklen_t el = sizeof e;
    if (r <= 0) e = r == 0 ? ETIMEDOUT : errno;
    else if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &el) < 0) e = errno;
    if (e) {
      err = -e;
      close(fd);
      continue;
    }
    freeaddrinfo(res);
    return fd;
  }
  freeaddrinfo(res);
  return err;
}

int acs__proxy_tunnel(const char *proxy, const char *host, uint16_t port, int timeout_ms, char *why,
                      size_t why_len, acs__ksock *sk)
{
  char ph[256], pp[16], auth[512];
  if (!parse_proxy(proxy, ph, sizeof ph, pp, sizeof pp, auth, sizeof auth)) {
    snprintf(why, why_len, "the box's proxy '%.200s' is not an http://HOST:PORT URL", proxy);
    return -EINVAL;
  }
  int64_t deadline = now_ms() + timeout_ms;
  int fd = connect_by_name(ph, pp, deadline);
  if (fd < 0) {
    snprintf(why, why_len, "the proxy %s:%s could not be reached: %s", ph, pp, strerror(-fd));
    return fd == -ENXIO ? -ENETUNREACH : fd;
  }
  bool v6 = strchr(host, ':') != NULL;
  char req[1400];
  int n = snprintf(req, sizeof req, "CONNECT %s%s%s:%u HTTP/1.1\r\nHost: %s%s%s:%u\r\n%s%s%s\r\n", v6 ? "[" : "",
                   host, v6 ? "]" : "", port, v6 ? "[" : "", host, v6 ? "]" : "", port,
                   auth[0] ? "Proxy-Authorization: Basic " : "", auth, auth[0] ? "\r\n" : "");
  for (int off = 0; off < n;) {
    ssize_t w = send(fd, req + off, (size_t)(n - off), MSG_NOSIGNAL);
    if (w < 0 && (errno == EAGAIN || errno == EINTR)) {
      struct pollfd pf = {.fd = fd, .events = POLLOUT};
      int left = (int)(deadline - now_ms());
      if (left <= 0 || poll(&pf, 1, left) <= 0) break;
      continue;
    }
    if (w <= 0) {
      snprintf(why, why_len, "the proxy %s:%s closed the connection", ph, pp);
      close(fd);
      return -ECONNRESET;
    }
    off += (int)w;
  }
  /* the proxy's answer, read to its blank line and not a byte further:
  ** what follows is the tunnel's */
  char head[4096];
  size_t have = 0;
  while (have < sizeof head - 1) {
    if (have >= 4 && !memcmp(head + have - 4, "\r\n\r\n", 4)) break;
    ssize_t r = recv(fd, head + have, 1, 0);
    if (r == 1) {
      have++;
      continue;
    }
    if (r < 0 && (errno == EAGAIN || errno == EINTR)) {
      struct pollfd pf = {.fd = fd, .events = POLLIN};
      int left = (int)(deadline - now_ms());
      if (left > 0 && poll(&pf, 1, left) > 0) continue;
      snprintf(why, why_len, "the proxy %s:%s did not answer CONNECT %s:%u in time", ph, pp, host, port);
      close(fd);
      return -ETIMEDOUT;
    }
    snprintf(why, why_len, "the proxy %s:%s closed the connection before answering CONNECT", ph, pp);
    close(fd);
    return -ECONNRESET;
  }
  head[have] = 0;
  int status = 0;
  if (strncmp(head, "HTTP/1.", 7) || sscanf(head + 8, " %d", &status) != 1 || status / 100 != 2) {
    size_t line = strcspn(head, "\r\n");
    snprintf(why, why_len, "the proxy %s:%s refused CONNECT %s:%u: %.*s", ph, pp, host, port,
             (int)(line > 120 ? 120 : line), head);
    close(fd);
    return status == 403 || status == 407 ? -EACCES : -ECONNREFUSED;
  }
  int fl = fcntl(fd, F_GETFL);
  fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
  struct sockaddr_storage ss;
  socklen_t sl = sizeof ss;
  if (getsockname(fd, (struct sockaddr *)&ss, &sl) == 0) {
    if (ss.ss_family == AF_INET) {
      inet_ntop(AF_INET, &((struct sockaddr_in *)&ss)->sin_addr, sk->local, sizeof sk->local);
      sk->lport = ntohs(((struct sockaddr_in *)&ss)->sin_port);
    } else if (ss.ss_family == AF_INET6) {
      inet_ntop(AF_INET6, &((struct sockaddr_in6 *)&ss)->sin6_addr, sk->local, sizeof sk->local);
      sk->lport = ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
    }
  }
  /* the address at the other end is the proxy's; the port the box's */
  sl = sizeof ss;
  if (getpeername(fd, (struct sockaddr *)&ss, &sl) == 0) {
    if (ss.ss_family == AF_INET) inet_ntop(AF_INET, &((struct sockaddr_in *)&ss)->sin_addr, sk->peer, sizeof sk->peer);
    else if (ss.ss_family == AF_INET6)
      inet_ntop(AF_INET6, &((struct sockaddr_in6 *)&ss)->sin6_addr, sk->peer, sizeof sk->peer);
  }
  sk->pport = port;
  return fd;
}
