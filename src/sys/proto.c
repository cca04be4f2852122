/* proto.c - writing, sending, receiving and reading protocol messages
** (see proto.h). Both ends use this file; the kernel relies on the reader
** to refuse anything malformed before a handler looks at a field. */
#include "proto.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

void acs__msg_init(acs__msg *m, void *buf, size_t cap, uint16_t op, uint32_t seq)
{
  m->buf = buf;
  m->cap = cap;
  m->len = sizeof(acs__sys_hdr);
  m->bad = cap < sizeof(acs__sys_hdr);
  m->too_long = false;
  m->nfds = 0;
  m->ext = NULL;
  m->ext_len = m->ext_at = 0;
  if (m->bad) return;
  acs__sys_hdr h = {.magic = ACS__SYS_MAGIC, .version = ACS__SYS_VERSION, .op = op, .seq = seq};
  memcpy(m->buf, &h, sizeof h);
}

static void put(acs__msg *m, const void *p, size_t n)
{
  if (m->bad || n > m->cap - m->len) {
    m->bad = true;
    return;
  }
  memcpy(m->buf + m->len, p, n);
  m->len += n;
}

void acs__msg_u32(acs__msg *m, uint32_t v) { put(m, &v, 4); }
void acs__msg_i32(acs__msg *m, int32_t v) { put(m, &v, 4); }
void acs__msg_i64(acs__msg *m, int64_t v) { put(m, &v, 8); }

void acs__msg_bytes(acs__msg *m, const void *data, size_t len)
{
  if (len > UINT32_MAX) {
    m->bad = true;
    return;
  }
  acs__msg_u32(m, (uint32_t)len);
  put(m, data, len);
}

void acs__msg_bytes_ref(acs__msg *m, const void *data, size_t len)
{
  if (m->ext || len > UINT32_MAX) {
    m->bad = true;
    return;
  }
  acs__msg_u32(m, (uint32_t)len);
  m->ext = data;
  m->ext_len = len;
  m->ext_at = m->len;
}

void acs__msg_str(acs__msg *m, const char *s)
{
  if (!s) s = "";
  acs__msg_bytes(m, s, strlen(s));
}

unsigned char *acs__msg_bytes_reserve(acs__msg *m, size_t n)
{
  if (m->bad || n > UINT32_MAX || m->cap - m->len < 4 || n > m->cap - m->len - 4) {
    m->bad = true;
    return NULL;
  }
  uint32_t l = (uint32_t)n;
  memcpy(m->buf + m->len, &l, 4);
  unsigned char *at = m->buf + m->len + 4;
  m->len += 4 + n;
  return at;
}

void acs__msg_bytes_commit(acs__msg *m, unsigned char *at, size_t n)
{
  if (m->bad || !at) return;
  uint32_t reserved;
  memcpy(&reserved, at - 4, 4);
  if (n > reserved) {
    m->bad = true;
    return;
  }
  uint32_t l = (uint32_t)n;
  memcpy(at - 4, &l, 4);
  m->len -= reserved - n;
}

void acs__msg_fd(acs__msg *m, int fd)
{
  if (m->nfds >= ACS__SYS_MAX_FDS || fd < 0) {
    m->bad = true;
    return;
  }
  m->fds[m->nfds++] = fd;
}

int (*acs__msg_divert)(int sock, acs__msg *m);

int acs__msg_send(int sock, acs__msg *m)
{
  if (acs__msg_divert) {
    int r = acs__msg_divert(sock, m);
    if (r != ACS__MSG_AS_DATAGRAM) return r;
  }
  return acs__msg_sendmsg(sock, m);
}

ssize_t acs__msg_flatten(acs__msg *m, void *dst, size_t cap)
{
  size_t total = m->len + m->ext_len;
  if (m->bad || total > cap || total > UINT32_MAX) return -EMSGSIZE;
  uint32_t plen = (uint32_t)(total - sizeof(acs__sys_hdr));
  memcpy(m->buf + offsetof(acs__sys_hdr, len), &plen, 4);
  unsigned char *d = dst;
  if (d == m->buf && !m->ext) return (ssize_t)total; /* made where it goes */
  size_t head = m->ext ? m->ext_at : m->len;
  memcpy(d, m->buf, head);
  if (m->ext) {
    memcpy(d + head, m->ext, m->ext_len);
    memcpy(d + head + m->ext_len, m->buf + m->ext_at, m->len - m->ext_at);
  }
  return (ssize_t)total;
}

int acs__msg_sendmsg(int sock, acs__msg *m)
{
  size_t total = m->len + m->ext_len;
  if (m->bad || total > ACS__SYS_MAX_MSG) return -EMSGSIZE;
  uint32_t plen = (uint32_t)(total - sizeof(acs__sys_hdr));
  memcpy(m->buf + offsetof(acs__sys_hdr, len), &plen, 4);
  struct iovec iov[3] = {{.iov_base = m->buf, .iov_len = m->ext ? m->ext_at : m->len}};
  int niov = 1;
  if (m->ext) {
    iov[niov++] = (struct iovec){.iov_base = (void *)m->ext, .iov_len = m->ext_len};
    if (m->len > m->ext_at) iov[niov++] = (struct iovec){.iov_base = m->buf + m->ext_at, .iov_len = m->len - m->ext_at};
  }
  union {
    char buf[CMSG_SPACE(sizeof(int) * ACS__SYS_MAX_FDS)];
    struct cmsghdr align;
  } ctl;
  struct msghdr mh = {.msg_iov = iov, .msg_iovlen = (size_t)niov};
  if (m->nfds > 0) {
    memset(&ctl, 0, sizeof ctl);
    mh.msg_control = ctl.buf;
    mh.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)m->nfds);
    struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)m->nfds);
    memcpy(CMSG_DATA(c), m->fds, sizeof(int) * (size_t)m->nfds);
  }
  for (;;) {
    ssize_t n = sendmsg(sock, &mh, MSG_NOSIGNAL);
    if (n >= 0) return (size_t)n == total ? 0 : -EMSGSIZE;
    if (errno != EINTR) return -errno;
  }
}

ssize_t acs__msg_recv(int sock, void *buf, size_t cap, int *fds, int *nfds)
{
  struct iovec iov = {.iov_base = buf, .iov_len = cap};
  return acs__msg_recv_iov(sock, &iov, 1, fds, nfds);
}

ssize_t acs__msg_recv_iov(int sock, struct iovec *iov, int niov, int *fds, int *nfds)
{
  *nfds = 0;
  union {
    char buf[CMSG_SPACE(sizeof(int) * ACS__SYS_MAX_FDS)];
    struct cmsghdr align;
  } ctl;
  struct msghdr mh = {.msg_iov = iov, .msg_iovlen = (size_t)niov, .msg_control = ctl.buf,
                      .msg_controllen = sizeof ctl.buf};
  ssize_t n;
  do n = recvmsg(sock, &mh, MSG_CMSG_CLOEXEC);
  while (n < 0 && errno == EINTR);
  if (n < 0) return -errno;
  bool over = (mh.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) != 0;
  for (struct cmsghdr *c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
    size_t k = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    int got[ACS__SYS_MAX_FDS];
    if (k > ACS__SYS_MAX_FDS) k = ACS__SYS_MAX_FDS; /* MSG_CTRUNC said so */
    memcpy(got, CMSG_DATA(c), k * sizeof(int));
    for (size_t i = 0; i < k; i++) {
      if (*nfds < ACS__SYS_MAX_FDS) fds[(*nfds)++] = got[i];
      else close(got[i]);
    }
  }
  if (over) {
    for (int i = 0; i < *nfds; i++) close(fds[i]);
    *nfds = 0;
    return -EMSGSIZE;
  }
  return n;
}

bool acs__msg_parse(const void *buf, size_t n, acs__sys_hdr *hdr, acs__rd *rd)
{
  rd->p = NULL;
  rd->left = 0;
  rd->bad = true;
  if (n < sizeof *hdr) return false;
  memcpy(hdr, buf, sizeof *hdr);
  if (hdr->magic != ACS__SYS_MAGIC || hdr->version != ACS__SYS_VERSION) return false;
  if (hdr->len != n - sizeof *hdr) return false;
  rd->p = (const unsigned char *)buf + sizeof *hdr;
  rd->left = hdr->len;
  rd->bad = false;
  return true;
}

static bool get(acs__rd *r, void *out, size_t n)
{
  if (r->bad || r->left < n) {
    r->bad = true;
    return false;
  }
  memcpy(out, r->p, n);
  r->p += n;
  r->left -= n;
  return true;
}

bool acs__rd_u32(acs__rd *r, uint32_t *v) { return get(r, v, 4); }
bool acs__rd_i32(acs__rd *r, int32_t *v) { return get(r, v, 4); }
bool acs__rd_i64(acs__rd *r, int64_t *v) { return get(r, v, 8); }

bool acs__rd_bytes(acs__rd *r, const unsigned char **p, size_t *len)
{
  uint32_t l;
  if (!acs__rd_u32(r, &l)) return false;
  if (l > r->left) {
    r->bad = true;
    return false;
  }
  *p = r->p;
  *len = l;
  r->p += l;
  r->left -= l;
  return true;
}

bool acs__rd_str(acs__rd *r, char *dst, size_t cap)
{
  const unsigned char *p;
  size_t len;
  if (!acs__rd_bytes(r, &p, &len)) return false;
  if (len >= cap || memchr(p, 0, len)) {
    r->bad = true;
    return false;
  }
  memcpy(dst, p, len);
  dst[len] = 0;
  return true;
}

bool acs__rd_done(const acs__rd *r) { return !r->bad && r->left == 0; }

void acs__strv_free(char **v)
{
  for (size_t i = 0; v && v[i]; i++) free(v[i]);
  free(v);
}

char **acs__rd_strv(acs__rd *r)
{
  uint32_t n;
  if (!acs__rd_u32(r, &n) || n > ACS__SYS_MAX_ARGS || n > r->left / 4) {
    r->bad = true;
    return NULL;
  }
  char **v = calloc((size_t)n + 1, sizeof *v);
  if (!v) return NULL;
  for (uint32_t i = 0; i < n; i++) {
    const unsigned char *s;
    size_t len;
    if (!acs__rd_bytes(r, &s, &len) || memchr(s, 0, len) || !(v[i] = malloc(len + 1))) {
      acs__strv_free(v);
      return NULL;
    }
    memcpy(v[i], s, len);
    v[i][len] = 0;
  }
  return v;
}

void acs__msg_stat(acs__msg *m, const acs__sys_stat *st) { put(m, st, sizeof *st); }
bool acs__rd_stat(acs__rd *r, acs__sys_stat *st) { return get(r, st, sizeof *st); }
