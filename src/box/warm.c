/* warm.c - handing a run to a warm worker: the worker was forked before the
** run existed, so its arguments travel as bytes over a Unix socket and its
** three pipe ends as SCM_RIGHTS. The policy is parsed again on the far
** side from the same strings the supervisor already checked.
**
** Wire: u32 length, then the body: strings as u32 length + bytes + NUL
** (length 0xffffffff for NULL), counts as u32, the time limit as i64, flags
** as one byte each. */
#include "worker.h"

#include "../base/base.h"
#include "../net/http.h"
#include "../policy/hosts.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define NONE 0xffffffffu

static void put_u32(acs__buf *b, uint32_t v) { acs__buf_append(b, &v, sizeof v); }

static void put_str(acs__buf *b, const char *s)
{
  if (!s) {
    put_u32(b, NONE);
    return;
  }
  uint32_t n = (uint32_t)strlen(s);
  put_u32(b, n);
  acs__buf_append(b, s, n + 1);
}

static void put_list(acs__buf *b, const char *const *items, size_t n)
{
  put_u32(b, (uint32_t)n);
  for (size_t i = 0; i < n; i++) put_str(b, items[i]);
}

ssize_t acs__send_fds(int sock, const void *data, size_t len, const int *fds, size_t nfds)
{
  char cbuf[CMSG_SPACE(sizeof(int) * 4)] = {0};
  if (nfds > 4) {
    errno = EINVAL;
    return -1;
  }
  struct iovec iov = {.iov_base = (void *)data, .iov_len = len};
  struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf,
                     .msg_controllen = CMSG_SPACE(sizeof(int) * nfds)};
  struct cmsghdr *c = CMSG_FIRSTHDR(&m);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof(int) * nfds);
  memcpy(CMSG_DATA(c), fds, sizeof(int) * nfds);
  ssize_t w;
  do w = sendmsg(sock, &m, MSG_NOSIGNAL);
  while (w < 0 && errno == EINTR);
  return w;
}

int acs__warm_send(int sock, const acs__worker_args *a)
{
  acs__buf b = {0};
  put_u32(&b, 0); /* the length, filled below */
  put_str(&b, a->code);
  put_str(&b, a->entry_path);
  put_str(&b, a->cwd);
  put_list(&b, a->ro_dirs, a->ro_count);
  put_list(&b, a->argv, a->argc);
  put_list(&b, a->env, a->env_count);
  put_list(&b, a->domains, a->domain_count);
  const acs__http_config *n = a->net;
  put_list(&b, n ? n->resolve : NULL, n ? n->resolve_count : 0);
  put_str(&b, n ? n->http_proxy : NULL);
  put_str(&b, n ? n->https_proxy : NULL);
  put_str(&b, n ? n->no_proxy : NULL);
  put_list(&b, a->pkg_host, a->pkg_count);
  put_list(&b, a->pkg_guest, a->pkg_count);
  put_str(&b, a->pkg_table);
  put_list(&b, a->allowed_packages, a->allowed_package_count);
  acs__buf_append(&b, &a->timeout_ms, sizeof a->timeout_ms);
  char flags[2] = {a->walls_off, a->limit_packages};
  acs__buf_append(&b, flags, 2);
  if (!b.data) return -1;
  uint32_t len = (uint32_t)(b.len - 4);
  memcpy(b.data, &len, 4);

  int fds[3] = {a->out_fd, a->err_fd, a->ctl_fd};
  ssize_t w = acs__send_fds(sock, b.data, b.len, fds, 3);
  int rc = w < 0 ? -1 : 0;
  /* The rest of a long body (big code) goes as plain bytes. */
  size_t off_sent = w > 0 ? (size_t)w : 0;
  if (!rc && off_sent < b.len) rc = acs__write_all(sock, b.data + off_sent, b.len - off_sent) ? -1 : 0;
  acs__buf_free(&b);
  return rc;
}

typedef struct reader {
  char *p, *end;
  bool bad;
} reader;

static uint32_t get_u32(reader *r)
{
  uint32_t v = 0;
  if (r->end - r->p < 4) { r->bad = true; return 0; }
  memcpy(&v, r->p, 4);
  r->p += 4;
  return v;
}

static const char *get_str(reader *r)
{
  uint32_t n = get_u32(r);
  if (r->bad || n == NONE) return NULL;
  if ((size_t)(r->end - r->p) < (size_t)n + 1) { r->bad = true; return NULL; }
  const char *s = r->p;
  r->p += n + 1;
  return s;
}

static const char *const *get_list(reader *r, size_t *n)
{
  *n = get_u32(r);
  if (r->bad || *n > (size_t)(r->end - r->p)) { r->bad = true; *n = 0; return NULL; }
  const char **items = calloc(*n + 1, sizeof *items);
  if (!items) { r->bad = true; return NULL; }
  for (size_t i = 0; i < *n; i++) items[i] = get_str(r);
  return items;
}

static int read_full(int fd, void *buf, size_t len)
{
  char *p = buf;
  while (len) {
    ssize_t n = read(fd, p, len);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return -1;
    p += n;
    len -= (size_t)n;
  }
  return 0;
}

int acs__warm_receive(int sock, acs__warm_job *job)
{
  memset(job, 0, sizeof *job);
  uint32_t len;
  int fds[3] = {-1, -1, -1};
  char cbuf[CMSG_SPACE(sizeof fds)];
  struct iovec iov = {.iov_base = &len, .iov_len = sizeof len};
  struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf,
                     .msg_controllen = sizeof cbuf};
  ssize_t got;
  do got = recvmsg(sock, &m, MSG_CMSG_CLOEXEC | MSG_WAITALL);
  while (got < 0 && errno == EINTR);
  if (got != (ssize_t)sizeof len) return -1;
  struct cmsghdr *c = CMSG_FIRSTHDR(&m);
  if (!c || c->cmsg_type != SCM_RIGHTS || c->cmsg_len != CMSG_LEN(sizeof fds)) return -1;
  memcpy(fds, CMSG_DATA(c), sizeof fds);
  job->data = malloc(len ? len : 1);
  if (!job->data || read_full(sock, job->data, len)) return -1;

  reader r = {job->data, job->data + len, false};
  acs__worker_args *a = &job->args;
  a->code = get_str(&r);
  a->entry_path = get_str(&r);
  a->cwd = get_str(&r);
  a->ro_dirs = get_list(&r, &a->ro_count);
  a->argv = get_list(&r, &a->argc);
  a->env = get_list(&r, &a->env_count);
  a->domains = get_list(&r, &a->domain_count);
  static acs__http_config net;
  net.resolve = get_list(&r, &net.resolve_count);
  net.http_proxy = get_str(&r);
  net.https_proxy = get_str(&r);
  net.no_proxy = get_str(&r);
  size_t guests = 0;
  a->pkg_host = get_list(&r, &a->pkg_count);
  a->pkg_guest = get_list(&r, &guests);
  a->pkg_table = get_str(&r);
  a->allowed_packages = get_list(&r, &a->allowed_package_count);
  if ((size_t)(r.end - r.p) < sizeof a->timeout_ms + 2 || r.bad || !a->cwd || guests != a->pkg_count)
    return -1;
  memcpy(&a->timeout_ms, r.p, sizeof a->timeout_ms);
  a->walls_off = r.p[sizeof a->timeout_ms] != 0;
  a->limit_packages = r.p[sizeof a->timeout_ms + 1] != 0;
  acs__hosts *hosts = NULL;
  if (acs__hosts_parse(a->domains, a->domain_count, &hosts, NULL)) return -1;
  net.policy = hosts;
  a->net = &net;
  job->out_fd = fds[0];
  job->err_fd = fds[1];
  job->ctl_fd = fds[2];
  return 0;
}
