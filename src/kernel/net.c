/* net.c - the box's network: a port table, listeners and connections.
**
** No guest opens a socket of the host's. A program that listens gets a
** box port and a descriptor whose real fd is an eventfd the kernel counts
** pending connections on (a semaphore: readable while one waits), so the
** program's event loop can poll it. A connect to the box's own addresses
** makes a socketpair: one end queued on the listener, the other handed to
** the caller, and from then on data flows between the two processes
** without the kernel. A host TCP listener the owner hands over (expose)
** is accepted here and its connections queued the same way: the program
** reads and writes the host's TCP socket itself.
**
** Outbound connections (a host outside the box) are refused unless the
** box was given a network (any public host, or an allowlist in exec's
** syntax): ENETUNREACH. With one, a thread of the kernel resolves the name,
** checks the name and then every address it is about to dial (exec's
** checks: a DNS answer cannot turn an allowed name into a loopback,
** private or metadata address), connects, and the loop hands the connected
** socket to the caller, whose call waits meanwhile; the kernel serves
** every other process. */
#include "kernel.h"

#include "../policy/hosts.h"

#include <arpa/inet.h>
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_BACKLOG 4096
#define PORT_LO 32768 /* the ephemeral range, as Linux's ip_local_port_range */
#define PORT_HI 60999

typedef struct pending {
  int fd;
  acs__ksock sk; /* the accepting side's view */
} pending;

struct acs__klisten {
  uint16_t port;
  char addr[48];     /* as bound: "::", "0.0.0.0", "127.0.0.1", "::1" */
  int backlog;
  int efd;           /* the kfile's host_fd: counts what waits in q */
  pending *q;
  int head, n;
  int32_t pid;       /* who listened */
  acs__klisten *next;
};

/* ------------------------------------------------------------- addresses */

enum { A_NONE, A_ANY4, A_ANY6, A_LOOP4, A_LOOP6, A_NAME };

/* What an address names in the box: the box itself (its loopback, its
** any-address, "localhost", its hostname) or something outside (A_NONE).
** Every spelling inet_aton takes (127.1, 0x7f000001, 2130706433) counts:
** loopback in any form is the box, never the host. */
static int classify(const acs__kernel *k, const char *h)
{
  if (!*h) return A_ANY6;
  const char *me = k->o.hostname[0] ? k->o.hostname : "box"; /* boot.c's default */
  if (!strcasecmp(h, "localhost") || !strcasecmp(h, "localhost6") ||
      !strcasecmp(h, "ip6-localhost") || !strcasecmp(h, me) ||
      (strlen(h) > 10 && !strcasecmp(h + strlen(h) - 10, ".localhost")))
    return A_NAME;
  struct in_addr a4;
  struct in6_addr a6;
  if (inet_aton(h, &a4)) {
    uint32_t v = ntohl(a4.s_addr);
    if (v == 0) return A_ANY4;
    return (v >> 24) == 127 ? A_LOOP4 : A_NONE;
  }
  if (inet_pton(AF_INET6, h, &a6) == 1) {
    if (IN6_IS_ADDR_UNSPECIFIED(&a6)) return A_ANY6;
    if (IN6_IS_ADDR_LOOPBACK(&a6)) return A_LOOP6;
    if (IN6_IS_ADDR_V4MAPPED(&a6)) {
      uint32_t v = ((uint32_t)a6.s6_addr[12] << 24) | ((uint32_t)a6.s6_addr[13] << 16) |
                   ((uint32_t)a6.s6_addr[14] << 8) | a6.s6_addr[15];
      if (v == 0) return A_ANY4;
      return (v >> 24) == 127 ? A_LOOP4 : A_NONE;
    }
  }
  return A_NONE;
}

static acs__klisten *find(acs__kernel *k, uint16_t port)
{
  for (acs__klisten *l = k->listeners; l; l = l->next)
    if (l->port == port) return l;
  return NULL;
}

/* A free port of the ephemeral range (for listen(0) and for the client
** end of a connection), 0 when every one is taken. */
static uint16_t free_port(acs__kernel *k)
{
  for (int tries = 0; tries <= PORT_HI - PORT_LO; tries++) {
    if (k->next_port < PORT_LO || k->next_port > PORT_HI) k->next_port = PORT_LO;
    uint16_t p = k->next_port++;
    if (!find(k, p)) return p;
  }
  return 0;
}

/* ---------------------------------------------------------------- replies */

static void reply_sock(acs__kernel *k, int sock, uint32_t seq, int32_t fd, const acs__ksock *s,
                       int host_fd)
{
  acs__msg m;
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, fd);
  acs__msg_str(&m, s->local);
  acs__msg_u32(&m, s->lport);
  acs__msg_str(&m, s->peer);
  acs__msg_u32(&m, s->pport);
  acs__msg_fd(&m, host_fd);
  acs__msg_send(sock, &m);
}

/* A descriptor of p for the real fd host_fd (taken); sk (taken) may be
** NULL. Returns the box fd or -errno (host_fd then closed). */
static int install(acs__kernel *k, acs__proc *p, int host_fd, acs__ksock *sk, acs__klisten *ls,
                   int flags)
{
  int fd = acs__proc_fd_alloc(p, 0);
  acs__kfile *f = fd < 0 ? NULL : acs__kfile_new(NULL, host_fd);
  if (!f) {
    close(host_fd);
    free(sk);
    return fd < 0 ? fd : -ENOMEM;
  }
  (void)k;
  f->sk = sk;
  f->ls = ls;
  p->fds[fd] = (acs__kfd){f, (flags & SOCK_CLOEXEC) != 0};
  return fd;
}

/* ---------------------------------------------------------------- listen */

static void answer_port_waits(acs__kernel *k, uint16_t port)
{
  for (int i = 0; i < k->npwaits;) {
    if (k->pwaits[i].port != port) {
      i++;
      continue;
    }
    acs__kernel_reply(k, k->owner, k->pwaits[i].seq, 1);
    k->pwaits[i] = k->pwaits[--k->npwaits];
  }
}

static void do_listen(acs__kernel *k, acs__proc *p, int sock, uint32_t seq, const char *addr,
                      uint32_t port, int32_t backlog, int32_t flags)
{
  int err = 0, cls = classify(k, addr);
  if (flags & ~SOCK_CLOEXEC) err = -EINVAL;
  else if (port > 65535) err = -EINVAL;
  else if (cls == A_NONE) err = -EADDRNOTAVAIL; /* not an address of the box */
  else if (port && port < 1024 && p->euid != 0) err = -EACCES; /* as without CAP_NET_BIND_SERVICE */
  else if (port && find(k, (uint16_t)port)) err = -EADDRINUSE;
  else if (!port && !(port = free_port(k))) err = -EADDRINUSE;
  if (err) {
    acs__kernel_reply(k, sock, seq, err);
    return;
  }
  acs__klisten *l = calloc(1, sizeof *l);
  int efd = eventfd(0, EFD_SEMAPHORE | EFD_NONBLOCK | EFD_CLOEXEC);
  if (!l || efd < 0) {
    free(l);
    if (efd >= 0) close(efd);
    acs__kernel_reply(k, sock, seq, -ENOMEM);
    return;
  }
  l->port = (uint16_t)port;
  l->backlog = backlog <= 0 ? 511 : backlog > MAX_BACKLOG ? MAX_BACKLOG : backlog;
  l->q = calloc((size_t)l->backlog, sizeof *l->q);
  l->efd = efd;
  l->pid = p->pid;
  struct in_addr a4;
  if (cls == A_LOOP4 && inet_aton(addr, &a4)) inet_ntop(AF_INET, &a4, l->addr, sizeof l->addr);
  else snprintf(l->addr, sizeof l->addr, "%s", cls == A_ANY4 ? "0.0.0.0" : cls == A_ANY6 ? "::"
                : cls == A_LOOP6 ? "::1" : "127.0.0.1"); /* a name: its first address, IPv4 */
  int fd = l->q ? install(k, p, efd, NULL, l, flags) : -ENOMEM;
  if (fd < 0) {
    if (!l->q) close(efd);
    free(l->q);
    free(l);
    acs__kernel_reply(k, sock, seq, fd);
    return;
  }
  l->next = k->listeners;
  k->listeners = l;
  acs__msg m;
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, fd);
  acs__msg_u32(&m, l->port);
  acs__msg_fd(&m, efd);
  acs__msg_send(sock, &m);
  answer_port_waits(k, l->port);
}

/* The last descriptor of a listener closed: its port is free, and what
** was still waiting to be accepted is closed (the clients see the end). */
void acs__net_unlisten(acs__kernel *k, acs__klisten *l)
{
  for (acs__klisten **pp = &k->listeners; *pp; pp = &(*pp)->next)
    if (*pp == l) {
      *pp = l->next;
      break;
    }
  for (int i = 0; i < l->n; i++) close(l->q[(l->head + i) % l->backlog].fd);
  free(l->q);
  free(l); /* the eventfd is the kfile's host_fd, closed with it */
}

/* Queue a connection's accepting end on l: 0, or -ECONNREFUSED when the
** backlog is full (a Linux client would wait for its SYN to be taken; a
** box refuses at once rather than hang). fd is taken either way. */
static int enqueue(acs__klisten *l, int fd, const acs__ksock *sk)
{
  if (l->n >= l->backlog) {
    close(fd);
    return -ECONNREFUSED;
  }
  uint64_t one = 1;
  if (write(l->efd, &one, sizeof one) != (ssize_t)sizeof one) {
    close(fd);
    return -ECONNREFUSED;
  }
  l->q[(l->head + l->n) % l->backlog] = (pending){fd, *sk};
  l->n++;
  return 0;
}

static void do_accept(acs__kernel *k, acs__proc *p, int sock, uint32_t seq, int32_t fd,
                      int32_t flags)
{
  acs__kfile *f = fd >= 0 && fd < ACS__K_MAX_FDS ? p->fds[fd].f : NULL;
  int err = !f ? -EBADF : !f->ls ? (f->sk ? -EINVAL : -ENOTSOCK) : flags & ~SOCK_CLOEXEC ? -EINVAL
          : f->ls->n == 0 ? -EAGAIN : 0;
  if (err) {
    acs__kernel_reply(k, sock, seq, err);
    return;
  }
  acs__klisten *l = f->ls;
  pending c = l->q[l->head];
  l->head = (l->head + 1) % l->backlog;
  l->n--;
  uint64_t v;
  if (read(l->efd, &v, sizeof v) < 0) { /* the count is ours alone: cannot fail */ }
  acs__ksock *sk = malloc(sizeof *sk);
  if (sk) *sk = c.sk;
  int host = dup(c.fd); /* install takes one; the reply passes the other */
  close(c.fd);
  if (!sk || host < 0) {
    free(sk);
    if (host >= 0) close(host);
    acs__kernel_reply(k, sock, seq, -ENOMEM);
    return;
  }
  int nfd = install(k, p, host, sk, NULL, flags);
  if (nfd < 0) {
    acs__kernel_reply(k, sock, seq, nfd);
    return;
  }
  reply_sock(k, sock, seq, nfd, sk, host);
}

/* --------------------------------------------------------------- connect */

/* A connection to the box's listener on port: *mine gets the caller's
** end and its addresses. host is what the caller dialled (it decides the
** family both sides see). */
static int connect_local(acs__kernel *k, int cls, uint16_t port, int *mine, acs__ksock *me)
{
  acs__klisten *l = find(k, port);
  if (!l) return -ECONNREFUSED;
  /* a name is tried as Node tries it: its IPv4 address first, then ::1 */
  bool v6 = cls == A_LOOP6 || cls == A_ANY6 || (cls == A_NAME && !strcmp(l->addr, "::1"));
  /* a listener on 127.0.0.1 or 0.0.0.0 is not reached through ::1, nor one
  ** on ::1 through 127.0.0.1, as on Linux; "::" takes both */
  if (strcmp(l->addr, "::") && (v6 ? strcmp(l->addr, "::1") != 0 : strchr(l->addr, ':') != NULL))
    return -ECONNREFUSED;
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) return -errno;
  uint16_t eph = free_port(k);
  const char *peer = v6 ? "::1" : "127.0.0.1";
  /* an IPv4 client of a listener on "::" shows as a mapped address there */
  const char *seen = !v6 && !strcmp(l->addr, "::") ? "::ffff:127.0.0.1" : peer;
  acs__ksock theirs = {.lport = port, .pport = eph};
  snprintf(theirs.local, sizeof theirs.local, "%s", seen);
  snprintf(theirs.peer, sizeof theirs.peer, "%s", seen);
  int rc = enqueue(l, sv[0], &theirs);
  if (rc) {
    close(sv[1]);
    return rc;
  }
  *me = (acs__ksock){.lport = eph, .pport = port};
  snprintf(me->local, sizeof me->local, "%s", peer);
  snprintf(me->peer, sizeof me->peer, "%s", peer);
  *mine = sv[1];
  return 0;
}

/* ----------------------------------------------------------- outbound */

#define MAX_DIALS 64
#define DIAL_TIMEOUT_MS 30000

typedef struct dial {
  int32_t pid;
  uint64_t serial;
  uint32_t seq;
  int flags;
  char host[256];
  uint16_t port;
  /* the policy's view, copied: the thread reads nothing of the kernel's */
  bool any_public;
  const acs__hosts *policy;
  char pinned[64];   /* an address from --resolve, or "" */
  char proxy[512];   /* the operator's proxy to tunnel through, or "" */
  int done_fd;       /* where the thread hands the dial back (kernel.dial_done[1]) */
  bool lookup;       /* only the addresses, for dns.lookup (family 0, 4, 6) */
  int family;
  acs__naddr addrs[ACS__NET_MAX_ADDRS];
  int naddrs;
  int fd;            /* the connected socket, or -1 */
  int err;
  char why[320];
  acs__ksock sk;
} dial;

static void why_of(dial *d, int err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void why_of(dial *d, int err, const char *fmt, ...)
{
  d->err = err;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(d->why, sizeof d->why, fmt, ap);
  va_end(ap);
}

/* connect with a time limit; 0 or -errno */
static int connect_within(int fd, const struct sockaddr *sa, socklen_t len, int ms)
{
  int fl = fcntl(fd, F_GETFL);
  fcntl(fd, F_SETFL, fl | O_NONBLOCK);
  int r = connect(fd, sa, len);
  if (r < 0 && errno == EINPROGRESS) {
    struct pollfd pf = {.fd = fd, .events = POLLOUT};
    r = poll(&pf, 1, ms);
    if (r == 0) return -ETIMEDOUT;
    int e = 0;
    socklen_t el = sizeof e;
    if (r < 0 || getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &el) < 0) return -errno;
    if (e) return -e;
    r = 0;
  } else if (r < 0) {
    return -errno;
  }
  fcntl(fd, F_SETFL, fl);
  return 0;
}

/* A lookup's half of a dial: the name's addresses that the policy lets
** be dialled (the name was checked before), none connected. */
static void lookup_thread(dial *d)
{
  struct addrinfo hints = {.ai_socktype = SOCK_STREAM,
                           .ai_family = d->family == 4 ? AF_INET : d->family == 6 ? AF_INET6 : AF_UNSPEC},
                  *res = NULL;
  if (d->pinned[0]) hints.ai_flags |= AI_NUMERICHOST;
  if (getaddrinfo(d->pinned[0] ? d->pinned : d->host, NULL, &hints, &res)) {
    why_of(d, -ENXIO, "getaddrinfo ENOTFOUND %s", d->host);
    return;
  }
  bool refused = false;
  for (struct addrinfo *ai = res; ai && d->naddrs < ACS__NET_MAX_ADDRS; ai = ai->ai_next) {
    char why[256], a[INET6_ADDRSTRLEN] = "";
    if (!acs__hosts_check_addr(d->policy, d->host, -1, ai->ai_addr, why, sizeof why)) {
      if (!refused) {
        char *none = d->any_public ? strstr(why, "; allowed: none") : NULL;
        if (none) *none = 0;
        why_of(d, -EACCES, "%s%s", why, none ? "; allowed: any public address" : "");
      }
      refused = true;
      continue;
    }
    int fam = ai->ai_family == AF_INET6 ? 6 : 4;
    const void *bin = fam == 6 ? (const void *)&((struct sockaddr_in6 *)ai->ai_addr)->sin6_addr
                               : (const void *)&((struct sockaddr_in *)ai->ai_addr)->sin_addr;
    inet_ntop(fam == 6 ? AF_INET6 : AF_INET, bin, a, sizeof a);
    bool seen = false;
    for (int i = 0; i < d->naddrs; i++) seen |= !strcmp(d->addrs[i].address, a);
    if (seen) continue;
    snprintf(d->addrs[d->naddrs].address, sizeof d->addrs[0].address, "%s", a);
    d->addrs[d->naddrs].family = fam;
    d->naddrs++;
  }
  freeaddrinfo(res);
  if (d->naddrs) d->err = 0;
}

static void *dial_thread(void *arg)
{
  dial *d = arg;
  if (d->lookup) {
    lookup_thread(d);
    ssize_t w;
    do w = write(d->done_fd, &d, sizeof d);
    while (w < 0 && errno == EINTR);
    return NULL;
  }
  char port[8];
  snprintf(port, sizeof port, "%u", d->port);
  struct addrinfo hints = {.ai_socktype = SOCK_STREAM, .ai_flags = AI_NUMERICSERV}, *res = NULL;
  if (d->pinned[0]) hints.ai_flags |= AI_NUMERICHOST;
  int g = 0;
  bool tunnelled = d->proxy[0] != 0;
  if (tunnelled) {
    /* an address given as the host is checked as a direct dial's would be;
    ** a name the proxy resolves (the policy checked the name) */
    struct addrinfo nh = {.ai_socktype = SOCK_STREAM, .ai_flags = AI_NUMERICHOST | AI_NUMERICSERV}, *lit = NULL;
    char refused[256];
    if (!getaddrinfo(d->host, port, &nh, &lit) &&
        !acs__hosts_check_addr(d->policy, d->host, d->port, lit->ai_addr, refused, sizeof refused)) {
      why_of(d, -EACCES, "%s", refused);
    } else {
      char why[320] = "";
      int fd = acs__proxy_tunnel(d->proxy, d->host, d->port, DIAL_TIMEOUT_MS, why, sizeof why, &d->sk);
      if (fd >= 0) d->fd = fd;
      else why_of(d, fd, "%s", why);
    }
    if (lit) freeaddrinfo(lit);
  } else {
    g = getaddrinfo(d->pinned[0] ? d->pinned : d->host, port, &hints, &res);
  }
  if (tunnelled) {
    /* the proxy's tunnel, made above */
  } else if (g) {
    why_of(d, -ENXIO, "getaddrinfo ENOTFOUND %s", d->host);
  } else {
    int last = -ECONNREFUSED;
    bool tried = false;
    for (struct addrinfo *ai = res; ai && d->fd < 0; ai = ai->ai_next) {
      char refused[256];
      if (!acs__hosts_check_addr(d->policy, d->host, d->port, ai->ai_addr, refused, sizeof refused)) {
        if (!tried) {
          /* with --network the names are any public host's */
          char *none = d->any_public ? strstr(refused, "; allowed: none") : NULL;
          if (none) *none = 0;
          why_of(d, -EACCES, "%s%s", refused, none ? "; allowed: any public address" : "");
        }
        continue;
      }
      tried = true;
      int fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
      if (fd < 0) {
        last = -errno;
        continue;
      }
      int r = connect_within(fd, ai->ai_addr, ai->ai_addrlen, DIAL_TIMEOUT_MS);
      if (r) {
        close(fd);
        last = r;
        continue;
      }
      d->fd = fd;
      struct sockaddr_storage ss;
      socklen_t sl = sizeof ss;
      char a[INET6_ADDRSTRLEN] = "";
      if (getsockname(fd, (struct sockaddr *)&ss, &sl) == 0) {
        if (ss.ss_family == AF_INET) {
          inet_ntop(AF_INET, &((struct sockaddr_in *)&ss)->sin_addr, a, sizeof a);
          d->sk.lport = ntohs(((struct sockaddr_in *)&ss)->sin_port);
        } else {
          inet_ntop(AF_INET6, &((struct sockaddr_in6 *)&ss)->sin6_addr, a, sizeof a);
          d->sk.lport = ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
        }
      }
      snprintf(d->sk.local, sizeof d->sk.local, "%s", a);
      if (ai->ai_family == AF_INET)
        inet_ntop(AF_INET, &((struct sockaddr_in *)ai->ai_addr)->sin_addr, a, sizeof a);
      else
        inet_ntop(AF_INET6, &((struct sockaddr_in6 *)ai->ai_addr)->sin6_addr, a, sizeof a);
      snprintf(d->sk.peer, sizeof d->sk.peer, "%s", a);
      d->sk.pport = d->port;
    }
    if (d->fd < 0 && tried) why_of(d, last, "connect %s %s:%u", strerror(-last), d->host, d->port);
    freeaddrinfo(res);
  }
  ssize_t w;
  do w = write(d->done_fd, &d, sizeof d);
  while (w < 0 && errno == EINTR);
  return NULL;
}

/* A --resolve pin for host:port (port -1: any), into out (64 bytes), or
** false. */
static bool pinned(const acs__kernel *k, const char *host, int port, char *out)
{
  size_t hl = strlen(host);
  for (size_t i = 0; i < k->o.resolve_count; i++) {
    const char *e = k->o.resolve[i];
    if (strncasecmp(e, host, hl) || e[hl] != ':') continue;
    char *end;
    long p = strtol(e + hl + 1, &end, 10);
    if ((port >= 0 && p != port) || *end != ':') continue;
    snprintf(out, 64, "%s", end + 1);
    size_t n = strlen(out);
    if (n > 2 && out[0] == '[' && out[n - 1] == ']') {
      memmove(out, out + 1, n - 2);
      out[n - 2] = 0;
    }
    return true;
  }
  return false;
}

/* Start an outbound connect for p: false when it could not start (the
** reply is then sent here). */
/* Dial host:port for p on a thread, or (lookup_family >= 0) only look its
** addresses up; the answer goes out from acs__net_dialed. */
static void dial_out(acs__kernel *k, acs__proc *p, int sock, uint32_t seq, const char *host,
                     uint16_t port, int flags, int lookup_family)
{
  char why[320] = "";
  int err = 0;
  bool lookup = lookup_family >= 0;
  if ((!k->o.any_public && !k->o.policy) || p->sock < 0 /* the owner dials nothing */) {
    err = -ENETUNREACH;
    if (lookup)
      snprintf(why, sizeof why, "the box has no network: only the names in its /etc/hosts resolve");
  } else if (!k->o.any_public &&
             !acs__hosts_check_name(k->o.policy, host, lookup ? -1 : port, why, sizeof why)) {
    err = -EACCES;
  } else if (k->ndials >= MAX_DIALS) {
    err = -EAGAIN;
    snprintf(why, sizeof why, "too many connections being made at once (%d): try again", MAX_DIALS);
  }
  dial *d = err ? NULL : calloc(1, sizeof *d);
  if (!err && !d) err = -ENOMEM;
  if (!err && k->dial_done[0] < 0 && pipe2(k->dial_done, O_CLOEXEC | O_NONBLOCK) < 0) err = -errno;
  if (err) {
    free(d);
    acs__msg m;
    acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
    acs__msg_i64(&m, err);
    acs__msg_str(&m, why);
    acs__msg_send(sock, &m);
    return;
  }
  d->pid = p->pid;
  d->serial = p->serial;
  d->seq = seq;
  d->flags = flags;
  d->port = port;
  d->fd = -1;
  d->lookup = lookup;
  d->family = lookup_family;
  d->any_public = k->o.any_public;
  d->policy = k->o.policy;
  snprintf(d->host, sizeof d->host, "%s", host);
  pinned(k, host, lookup ? -1 : port, d->pinned);
  if (!lookup) {
    const char *px = port == 443 ? (k->o.https_proxy && *k->o.https_proxy ? k->o.https_proxy : k->o.http_proxy)
                                 : (k->o.http_proxy && *k->o.http_proxy ? k->o.http_proxy : k->o.https_proxy);
    if (px && *px && !d->pinned[0] && !acs__no_proxy_for(k->o.no_proxy, host))
      snprintf(d->proxy, sizeof d->proxy, "%s", px);
  }
  d->done_fd = k->dial_done[1];
  pthread_t t;
  pthread_attr_t at;
  pthread_attr_init(&at);
  pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&at, 256 << 10);
  if (pthread_create(&t, &at, dial_thread, d)) {
    pthread_attr_destroy(&at);
    free(d);
    acs__kernel_reply(k, sock, seq, -EAGAIN);
    return;
  }
  pthread_attr_destroy(&at);
  k->ndials++;
  p->dialing = true; /* its channel is not read until the answer went out */
}

void acs__net_dialed(acs__kernel *k)
{
  dial *d;
  while (read(k->dial_done[0], &d, sizeof d) == (ssize_t)sizeof d) {
    k->ndials--;
    acs__proc *p = acs__proc_get(k, d->pid);
    if (!p || p->serial != d->serial || p->state != ACS__P_RUNNING || p->sock < 0) {
      if (d->fd >= 0) close(d->fd); /* it went away meanwhile */
      free(d);
      continue;
    }
    p->dialing = false;
    if (d->lookup && d->naddrs) {
      acs__msg m;
      acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, d->seq);
      acs__msg_i64(&m, d->naddrs);
      for (int i = 0; i < d->naddrs; i++) {
        acs__msg_str(&m, d->addrs[i].address);
        acs__msg_u32(&m, (uint32_t)d->addrs[i].family);
      }
      acs__msg_send(p->sock, &m);
      free(d);
      continue;
    }
    if (d->fd < 0) {
      acs__msg m;
      acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, d->seq);
      acs__msg_i64(&m, d->err ? d->err : -ECONNREFUSED);
      acs__msg_str(&m, d->why);
      acs__msg_send(p->sock, &m);
      free(d);
      continue;
    }
    acs__ksock *sk = malloc(sizeof *sk);
    int host_fd = sk ? dup(d->fd) : -1;
    if (!sk || host_fd < 0) {
      free(sk);
      close(d->fd);
      acs__kernel_reply(k, p->sock, d->seq, -ENOMEM);
      free(d);
      continue;
    }
    *sk = d->sk;
    int fd = install(k, p, host_fd, sk, NULL, d->flags);
    if (fd < 0) acs__kernel_reply(k, p->sock, d->seq, fd);
    else reply_sock(k, p->sock, d->seq, fd, sk, d->fd);
    close(d->fd);
    free(d);
  }
}

static void do_connect(acs__kernel *k, acs__proc *p, int sock, uint32_t seq, const char *host,
                       uint32_t port, int32_t flags)
{
  int cls = classify(k, host);
  if (cls == A_NONE && !(flags & ~SOCK_CLOEXEC) && port >= 1 && port <= 65535) {
    dial_out(k, p, sock, seq, host, (uint16_t)port, flags, -1);
    return;
  }
  int mine = -1;
  acs__ksock me;
  int err = flags & ~SOCK_CLOEXEC ? -EINVAL : port == 0 || port > 65535 ? -ECONNREFUSED
          : connect_local(k, cls, (uint16_t)port, &mine, &me);
  if (err) {
    acs__kernel_reply(k, sock, seq, err);
    return;
  }
  acs__ksock *sk = malloc(sizeof *sk);
  int host_fd = dup(mine);
  if (!sk || host_fd < 0) {
    free(sk);
    close(mine);
    if (host_fd >= 0) close(host_fd);
    acs__kernel_reply(k, sock, seq, -ENOMEM);
    return;
  }
  *sk = me;
  int fd = install(k, p, host_fd, sk, NULL, flags);
  if (fd < 0) {
    close(mine);
    acs__kernel_reply(k, sock, seq, fd);
    return;
  }
  reply_sock(k, sock, seq, fd, sk, mine);
  close(mine);
}

/* dns.lookup: the box's /etc/hosts, else the box's network (a thread's
** getaddrinfo, the policy's checks). An address as the host is the
** caller's to answer (Node does not ask). */
static void do_lookup(acs__kernel *k, acs__proc *p, int sock, uint32_t seq, const char *host,
                      int32_t family)
{
  if (family != 0 && family != 4 && family != 6) {
    acs__kernel_reply(k, sock, seq, -EINVAL);
    return;
  }
  acs__naddr a[ACS__NET_MAX_ADDRS];
  int n = 0;
  struct in_addr a4;
  if (inet_aton(host, &a4)) {
    /* an IPv4 spelling inet_aton takes (127.1, 0x7f000001): getaddrinfo
    ** answers its dotted form, and nothing for IPv6 */
    if (family != 6) {
      inet_ntop(AF_INET, &a4, a[0].address, sizeof a[0].address);
      a[0].family = 4;
      n = 1;
    }
  } else {
    n = acs__net_hosts_lookup(k, host, family, a, ACS__NET_MAX_ADDRS);
  }
  if (n > 0) {
    acs__msg m;
    acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
    acs__msg_i64(&m, n);
    for (int i = 0; i < n; i++) {
      acs__msg_str(&m, a[i].address);
      acs__msg_u32(&m, (uint32_t)a[i].family);
    }
    acs__msg_send(sock, &m);
    return;
  }
  if (!*host || classify(k, host) != A_NONE) {
    /* the box's own names not in its hosts file (a family it lacks, an
    ** edited file): none, as getaddrinfo answers */
    acs__msg m;
    acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
    acs__msg_i64(&m, -ENXIO);
    acs__msg_str(&m, "");
    acs__msg_send(sock, &m);
    return;
  }
  dial_out(k, p, sock, seq, host, 0, 0, family);
}

bool acs__net_call(acs__kernel *k, acs__proc *p, int sock, const acs__sys_hdr *h, acs__rd *rd)
{
  char host[256];
  uint32_t port;
  int32_t fd, backlog, flags;
  switch (h->op) {
  case ACS__SYS_LISTEN:
    if (!acs__rd_str(rd, host, sizeof host) || !acs__rd_u32(rd, &port) ||
        !acs__rd_i32(rd, &backlog) || !acs__rd_i32(rd, &flags) || !acs__rd_done(rd))
      return false;
    do_listen(k, p, sock, h->seq, host, port, backlog, flags);
    return true;
  case ACS__SYS_ACCEPT:
    if (!acs__rd_i32(rd, &fd) || !acs__rd_i32(rd, &flags) || !acs__rd_done(rd)) return false;
    do_accept(k, p, sock, h->seq, fd, flags);
    return true;
  case ACS__SYS_CONNECT:
    if (!acs__rd_str(rd, host, sizeof host) || !acs__rd_u32(rd, &port) ||
        !acs__rd_i32(rd, &flags) || !acs__rd_done(rd))
      return false;
    do_connect(k, p, sock, h->seq, host, port, flags);
    return true;
  case ACS__SYS_LOOKUP:
    if (!acs__rd_str(rd, host, sizeof host) || !acs__rd_i32(rd, &flags) || !acs__rd_done(rd))
      return false;
    do_lookup(k, p, sock, h->seq, host, flags);
    return true;
  case ACS__SYS_SOCKNAME: {
    if (!acs__rd_i32(rd, &fd) || !acs__rd_done(rd)) return false;
    acs__kfile *f = fd >= 0 && fd < ACS__K_MAX_FDS ? p->fds[fd].f : NULL;
    if (!f || (!f->ls && !f->sk)) {
      acs__kernel_reply(k, sock, h->seq, f ? -ENOTSOCK : -EBADF);
      return true;
    }
    acs__msg m;
    acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, h->seq);
    acs__msg_i64(&m, 0);
    acs__msg_u32(&m, f->ls ? 1 : 2);
    acs__msg_str(&m, f->ls ? f->ls->addr : f->sk->local);
    acs__msg_u32(&m, f->ls ? f->ls->port : f->sk->lport);
    acs__msg_str(&m, f->ls ? "" : f->sk->peer);
    acs__msg_u32(&m, f->ls ? 0 : f->sk->pport);
    acs__msg_send(sock, &m);
    return true;
  }
  default:
    return false;
  }
}

/* ------------------------------------------------------------ the owner */

static double now_ms(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static double ts_ms(const struct timespec *t) { return (double)t->tv_sec * 1e3 + (double)t->tv_nsec / 1e6; }

/* A connection from a host TCP listener the owner exposed: queued on the
** box port's listener; with nobody listening (or a full backlog) it is
** closed at once, which the host's client sees as a reset. */
void acs__net_accept_exposed(acs__kernel *k, int i)
{
  for (int n = 0; n < 64; n++) {
    struct sockaddr_storage ss;
    socklen_t sl = sizeof ss;
    int c = accept4(k->exposed[i].fd, (struct sockaddr *)&ss, &sl, SOCK_CLOEXEC);
    if (c < 0) return;
    acs__klisten *l = find(k, k->exposed[i].port);
    if (!l) {
      close(c);
      continue;
    }
    acs__ksock sk = {.lport = l->port};
    char a[INET6_ADDRSTRLEN] = "127.0.0.1";
    if (ss.ss_family == AF_INET) {
      struct sockaddr_in *s4 = (struct sockaddr_in *)&ss;
      inet_ntop(AF_INET, &s4->sin_addr, a, sizeof a);
      sk.pport = ntohs(s4->sin_port);
    } else if (ss.ss_family == AF_INET6) {
      struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&ss;
      inet_ntop(AF_INET6, &s6->sin6_addr, a, sizeof a);
      sk.pport = ntohs(s6->sin6_port);
    }
    bool mapped = ss.ss_family == AF_INET && !strcmp(l->addr, "::");
    snprintf(sk.peer, sizeof sk.peer, "%s%.40s", mapped ? "::ffff:" : "", a);
    snprintf(sk.local, sizeof sk.local, "%s", mapped ? "::ffff:127.0.0.1"
             : ss.ss_family == AF_INET6 ? "::1" : "127.0.0.1");
    enqueue(l, c, &sk);
  }
}

int acs__net_poll_ms(acs__kernel *k)
{
  if (!k->npwaits) return -1;
  double now = now_ms(), first = -1;
  for (int i = 0; i < k->npwaits; i++) {
    double left = ts_ms(&k->pwaits[i].until) - now;
    if (first < 0 || left < first) first = left;
  }
  return first <= 0 ? 0 : (int)first + 1;
}

void acs__net_expire(acs__kernel *k)
{
  double now = now_ms();
  for (int i = 0; i < k->npwaits;) {
    if (ts_ms(&k->pwaits[i].until) > now) {
      i++;
      continue;
    }
    acs__kernel_reply(k, k->owner, k->pwaits[i].seq, 0);
    k->pwaits[i] = k->pwaits[--k->npwaits];
  }
}

bool acs__net_owner(acs__kernel *k, const acs__sys_hdr *h, acs__rd *rd, int *fds, int nfds)
{
  uint32_t port, ms;
  switch (h->op) {
  case ACS__BOX_CONNECT: {
    if (!acs__rd_u32(rd, &port) || !acs__rd_done(rd) || nfds) return false;
    int mine = -1;
    acs__ksock me;
    int r = port == 0 || port > 65535 ? -EINVAL : connect_local(k, A_NAME, (uint16_t)port, &mine, &me);
    if (r) {
      acs__kernel_reply(k, k->owner, h->seq, r);
      return true;
    }
    acs__msg m;
    acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, h->seq);
    acs__msg_i64(&m, 0);
    acs__msg_fd(&m, mine);
    acs__msg_send(k->owner, &m);
    close(mine);
    return true;
  }
  case ACS__BOX_EXPOSE: {
    if (!acs__rd_u32(rd, &port) || !acs__rd_done(rd) || nfds != 1) return false;
    int r = 0, type = 0;
    socklen_t tl = sizeof type;
    if (port == 0 || port > 65535) r = -EINVAL;
    else if (k->nexposed >= (int)(sizeof k->exposed / sizeof *k->exposed)) r = -ENOSPC;
    else if (getsockopt(fds[0], SOL_SOCKET, SO_ACCEPTCONN, &type, &tl) < 0 || !type) r = -EINVAL;
    if (r) {
      close(fds[0]);
    } else {
      fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
      fcntl(fds[0], F_SETFD, FD_CLOEXEC);
      k->exposed[k->nexposed++] = (struct exposed){fds[0], (uint16_t)port};
    }
    acs__kernel_reply(k, k->owner, h->seq, r);
    return true;
  }
  case ACS__BOX_PORTS: {
    if (!acs__rd_done(rd) || nfds) return false;
    acs__msg m;
    acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, h->seq);
    acs__msg_i64(&m, 0);
    uint32_t n = 0;
    for (acs__klisten *l = k->listeners; l; l = l->next) n++;
    acs__msg_u32(&m, n);
    for (acs__klisten *l = k->listeners; l; l = l->next) {
      acs__msg_u32(&m, l->port);
      acs__msg_i32(&m, l->pid);
    }
    acs__msg_send(k->owner, &m);
    return true;
  }
  case ACS__BOX_PORT_WAIT: {
    if (!acs__rd_u32(rd, &port) || !acs__rd_u32(rd, &ms) || !acs__rd_done(rd) || nfds)
      return false;
    if (port == 0 || port > 65535) acs__kernel_reply(k, k->owner, h->seq, -EINVAL);
    else if (find(k, (uint16_t)port)) acs__kernel_reply(k, k->owner, h->seq, 1);
    else if (ms == 0) acs__kernel_reply(k, k->owner, h->seq, 0);
    else if (k->npwaits >= (int)(sizeof k->pwaits / sizeof *k->pwaits))
      acs__kernel_reply(k, k->owner, h->seq, -EBUSY);
    else {
      struct port_wait *w = &k->pwaits[k->npwaits++];
      w->port = (uint16_t)port;
      w->seq = h->seq;
      clock_gettime(CLOCK_MONOTONIC, &w->until);
      w->until.tv_sec += ms / 1000;
      w->until.tv_nsec += (long)(ms % 1000) * 1000000L;
      if (w->until.tv_nsec >= 1000000000L) {
        w->until.tv_sec++;
        w->until.tv_nsec -= 1000000000L;
      }
    }
    return true;
  }
  default:
    return false;
  }
}
