/* call_misc.c - args, environ, clocks, random_get, poll_oneoff, proc_*,
** sched_yield and sock_* on sockets the kernel handed over. */
#include "wasi.h"

#include "../sys/sys.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#define R(n) ACS__WR(ACS__WASI_R_##n)

/* args_get/environ_get: pointers into the buffer, each string NUL-ended */
static uint32_t strings_get(acs__wasi_host *h, const char *const *v, size_t n, uint32_t ptrs, uint32_t buf)
{
  unsigned char *pp = acs__wasi_ptr(&h->mem, ptrs, (uint64_t)n * 4);
  if (!pp) return ACS__WASI_EFAULT;
  uint64_t total = 0;
  for (size_t i = 0; i < n; i++) total += strlen(v[i]) + 1;
  unsigned char *bp = acs__wasi_ptr(&h->mem, buf, total);
  if (!bp) return ACS__WASI_EFAULT;
  uint32_t at = buf;
  for (size_t i = 0; i < n; i++) {
    size_t l = strlen(v[i]) + 1;
    acs__wasi_put32(pp + 4 * i, at);
    memcpy(bp, v[i], l);
    bp += l;
    at += (uint32_t)l;
  }
  return 0;
}

static uint32_t strings_sizes(acs__wasi_host *h, const char *const *v, size_t n, uint32_t np, uint32_t sp)
{
  unsigned char *a = acs__wasi_ptr(&h->mem, np, 4), *b = acs__wasi_ptr(&h->mem, sp, 4);
  if (!a || !b) return ACS__WASI_EFAULT;
  uint64_t total = 0;
  for (size_t i = 0; i < n; i++) total += strlen(v[i]) + 1;
  if (total > UINT32_MAX) return ACS__WASI_E2BIG;
  acs__wasi_put32(a, (uint32_t)n);
  acs__wasi_put32(b, (uint32_t)total);
  return 0;
}

static uint32_t args_get(acs__wasi_host *h, const uint64_t *a)
{
  return strings_get(h, h->cfg->argv, h->cfg->argc, (uint32_t)a[0], (uint32_t)a[1]);
}
static uint32_t args_sizes_get(acs__wasi_host *h, const uint64_t *a)
{
  return strings_sizes(h, h->cfg->argv, h->cfg->argc, (uint32_t)a[0], (uint32_t)a[1]);
}
static uint32_t environ_get(acs__wasi_host *h, const uint64_t *a)
{
  return strings_get(h, h->cfg->env, h->cfg->envc, (uint32_t)a[0], (uint32_t)a[1]);
}
static uint32_t environ_sizes_get(acs__wasi_host *h, const uint64_t *a)
{
  return strings_sizes(h, h->cfg->env, h->cfg->envc, (uint32_t)a[0], (uint32_t)a[1]);
}

static bool clock_of(uint32_t id, clockid_t *c)
{
  static const clockid_t ids[] = {CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_PROCESS_CPUTIME_ID,
                                  CLOCK_THREAD_CPUTIME_ID};
  if (id >= 4) return false;
  *c = ids[id];
  return true;
}

static uint64_t ns_of(const struct timespec *t) { return (uint64_t)t->tv_sec * 1000000000u + (uint64_t)t->tv_nsec; }

static uint64_t now_ns(clockid_t c)
{
  struct timespec t;
  clock_gettime(c, &t);
  return ns_of(&t);
}

static uint32_t clock_res_get(acs__wasi_host *h, const uint64_t *a)
{
  clockid_t c;
  if (!clock_of((uint32_t)a[0], &c)) return ACS__WASI_EINVAL;
  unsigned char *p = acs__wasi_ptr(&h->mem, (uint32_t)a[1], 8);
  if (!p) return ACS__WASI_EFAULT;
  struct timespec t;
  if (clock_getres(c, &t)) return acs__wasi_errno(-errno);
  acs__wasi_put64(p, ns_of(&t));
  return 0;
}

static uint32_t clock_time_get(acs__wasi_host *h, const uint64_t *a)
{
  clockid_t c;
  if (!clock_of((uint32_t)a[0], &c)) return ACS__WASI_EINVAL;
  unsigned char *p = acs__wasi_ptr(&h->mem, (uint32_t)a[2], 8);
  if (!p) return ACS__WASI_EFAULT;
  acs__wasi_put64(p, now_ns(c));
  return 0;
}

static uint32_t random_get(acs__wasi_host *h, const uint64_t *a)
{
  uint32_t len = (uint32_t)a[1];
  unsigned char *p = acs__wasi_ptr(&h->mem, (uint32_t)a[0], len);
  if (!p) return ACS__WASI_EFAULT;
  while (len > 0) {
    ssize_t n = getrandom(p, len > 65536 ? 65536 : len, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return ACS__WASI_EIO;
    p += n;
    len -= (uint32_t)n;
  }
  return 0;
}

enum { SUB_CLOCK = 0, SUB_READ = 1, SUB_WRITE = 2, ABSTIME = 1, HANGUP = 1 };

static void event(unsigned char *ev, uint64_t user, uint16_t err, uint8_t type, uint64_t nbytes, uint16_t flags)
{
  memset(ev, 0, 32);
  acs__wasi_put64(ev, user);
  ev[8] = (unsigned char)err;
  ev[9] = (unsigned char)(err >> 8);
  ev[10] = type;
  acs__wasi_put64(ev + 16, nbytes);
  ev[24] = (unsigned char)flags;
  ev[25] = (unsigned char)(flags >> 8);
}

/* poll_oneoff: clock subscriptions (relative, or ABSTIME on the realtime
** or monotonic clock, as CPython's time.sleep asks) and fd ones (a pipe
** waits on its real fd; a file of the box is always ready). */
static uint32_t poll_oneoff(acs__wasi_host *h, const uint64_t *a)
{
  uint32_t n = (uint32_t)a[2];
  if (n == 0) return ACS__WASI_EINVAL;
  if (n > 4096) return ACS__WASI_E2BIG;
  const unsigned char *in = acs__wasi_ptr(&h->mem, (uint32_t)a[0], (uint64_t)n * 48);
  unsigned char *out = acs__wasi_ptr(&h->mem, (uint32_t)a[1], (uint64_t)n * 32);
  unsigned char *nev = acs__wasi_ptr(&h->mem, (uint32_t)a[3], 4);
  if (!in || !out || !nev) return ACS__WASI_EFAULT;
  /* the subscriptions are read first: out may overlap in */
  struct sub { uint64_t user; uint8_t tag; uint64_t deadline; int pfd; uint32_t err; uint64_t nbytes; bool ready; } *s;
  s = calloc(n, sizeof *s);
  struct pollfd *pf = calloc(n, sizeof *pf);
  if (!s || !pf) {
    free(s);
    free(pf);
    return ACS__WASI_ENOMEM;
  }
  uint64_t mono = now_ns(CLOCK_MONOTONIC), deadline = UINT64_MAX;
  int npf = 0;
  bool immediate = false;
  for (uint32_t i = 0; i < n; i++) {
    const unsigned char *p = in + 48 * i;
    s[i].user = acs__wasi_get64(p);
    s[i].tag = p[8];
    s[i].pfd = -1;
    if (s[i].tag == SUB_CLOCK) {
      uint32_t id = acs__wasi_get32(p + 16);
      uint64_t timeout = acs__wasi_get64(p + 24);
      uint16_t flags = (uint16_t)(p[40] | p[41] << 8);
      clockid_t c;
      if (!clock_of(id, &c)) {
        s[i].err = ACS__WASI_EINVAL;
        immediate = true;
        continue;
      }
      uint64_t d;
      if (flags & ABSTIME) {
        uint64_t now = c == CLOCK_MONOTONIC ? mono : now_ns(c);
        d = timeout <= now ? mono : mono + (timeout - now);
      } else {
        d = timeout > UINT64_MAX - mono ? UINT64_MAX : mono + timeout;
      }
      s[i].deadline = d;
      if (d < deadline) deadline = d;
    } else if (s[i].tag == SUB_READ || s[i].tag == SUB_WRITE) {
      uint32_t e;
      acs__wasi_fd *f = acs__wasi_fd_get(h, acs__wasi_get32(p + 16), R(POLL_FD_READWRITE), &e);
      if (!f) {
        s[i].err = e;
        immediate = true;
        continue;
      }
      int d = acs_sys_direct_fd(f->box);
      if (d >= 0) {
        pf[npf].fd = d;
        pf[npf].events = s[i].tag == SUB_READ ? POLLIN : POLLOUT;
        s[i].pfd = npf++;
      } else {
        /* a file of the box: ready, nbytes what is left to read */
        s[i].ready = true;
        immediate = true;
        if (s[i].tag == SUB_READ) {
          acs__sys_stat st;
          int64_t pos = acs_sys_lseek(f->box, 0, SEEK_CUR);
          if (pos >= 0 && acs_sys_fstat(f->box, &st) == 0 && st.size > (uint64_t)pos)
            s[i].nbytes = st.size - (uint64_t)pos;
        }
      }
    } else {
      s[i].err = ACS__WASI_EINVAL;
      immediate = true;
    }
  }
  for (;;) {
    uint64_t now = now_ns(CLOCK_MONOTONIC);
    struct timespec ts, *tp = NULL;
    if (immediate) {
      ts.tv_sec = 0;
      ts.tv_nsec = 0;
      tp = &ts;
    } else if (deadline != UINT64_MAX) {
      uint64_t left = deadline > now ? deadline - now : 0;
      ts.tv_sec = (time_t)(left / 1000000000u);
      ts.tv_nsec = (long)(left % 1000000000u);
      tp = &ts;
    }
    int r = ppoll(npf ? pf : NULL, (nfds_t)npf, tp, NULL);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      free(s);
      free(pf);
      return acs__wasi_errno(-errno);
    }
    now = now_ns(CLOCK_MONOTONIC);
    if (r > 0 || immediate || deadline <= now) break;
  }
  uint64_t now = now_ns(CLOCK_MONOTONIC);
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) {
    unsigned char *ev = out + 32 * k;
    if (s[i].err) {
      event(ev, s[i].user, (uint16_t)s[i].err, s[i].tag, 0, 0);
      k++;
    } else if (s[i].tag == SUB_CLOCK) {
      if (s[i].deadline <= now) event(ev, s[i].user, 0, SUB_CLOCK, 0, 0), k++;
    } else if (s[i].ready) {
      event(ev, s[i].user, 0, s[i].tag, s[i].nbytes, 0);
      k++;
    } else if (s[i].pfd >= 0 && pf[s[i].pfd].revents) {
      short re = pf[s[i].pfd].revents;
      int avail = 0;
      if (s[i].tag == SUB_READ && ioctl(pf[s[i].pfd].fd, FIONREAD, &avail) < 0) avail = 0;
      uint16_t err = (re & POLLNVAL) ? ACS__WASI_EBADF : 0;
      event(ev, s[i].user, err, s[i].tag, avail > 0 ? (uint64_t)avail : 0, (re & POLLHUP) ? HANGUP : 0);
      k++;
    }
  }
  free(s);
  free(pf);
  acs__wasi_put32(nev, k);
  return 0;
}

static uint32_t proc_exit(acs__wasi_host *h, const uint64_t *a)
{
  (void)h;
  acs_sys_exit((int)(uint32_t)a[0]);
}

/* WASI's signal numbers are Linux's up to SIGTERM; from SIGCHLD on they
** skip Linux's SIGSTKFLT (16). */
static uint32_t proc_raise(acs__wasi_host *h, const uint64_t *a)
{
  (void)h;
  uint32_t w = (uint32_t)a[0];
  if (w == 0 || w > 30) return ACS__WASI_EINVAL;
  int sig = w < 16 ? (int)w : (int)w + 1;
  signal(sig, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  if (kill(getpid(), sig) < 0) return acs__wasi_errno(-errno);
  return 0; /* a signal whose default is to be ignored */
}

static uint32_t sched_yield_(acs__wasi_host *h, const uint64_t *a)
{
  (void)h;
  (void)a;
  sched_yield();
  return 0;
}

/* ------------------------------------------------------------- sockets */

static uint32_t sock_accept(acs__wasi_host *h, const uint64_t *a)
{
  uint32_t e;
  acs__wasi_fd *f = acs__wasi_fd_get(h, (uint32_t)a[0], R(SOCK_ACCEPT), &e);
  if (!f) return e;
  unsigned char *out = acs__wasi_ptr(&h->mem, (uint32_t)a[2], 4);
  if (!out) return ACS__WASI_EFAULT;
  if ((uint32_t)a[1] & ~ACS__WASI_FDFLAG_NONBLOCK) return ACS__WASI_EINVAL;
  int fd = acs_sys_accept(f->box, SOCK_CLOEXEC, NULL);
  if (fd < 0) return acs__wasi_errno(fd);
  uint64_t base, inh;
  acs__wasi_rights_max(ACS__WASI_FT_SOCK_STREAM, &base, &inh);
  base |= R(SOCK_SHUTDOWN);
  int w = acs__wasi_fd_add(h, fd, ACS__WASI_FT_SOCK_STREAM, (uint16_t)a[1], base, inh);
  if (w < 0) return ACS__WASI_EMFILE;
  acs__wasi_put32(out, (uint32_t)w);
  return 0;
}

static uint32_t sock_io(acs__wasi_host *h, const uint64_t *a, bool send)
{
  uint32_t e;
  acs__wasi_fd *f = acs__wasi_fd_get(h, (uint32_t)a[0], send ? R(FD_WRITE) : R(FD_READ), &e);
  if (!f) return e;
  int d = acs_sys_direct_fd(f->box);
  if (d < 0) return ACS__WASI_ENOTSUP;
  uint32_t n = (uint32_t)a[2];
  if (n > 1024) return ACS__WASI_EINVAL;
  const unsigned char *v = acs__wasi_ptr(&h->mem, (uint32_t)a[1], (uint64_t)n * 8);
  if (!v) return ACS__WASI_EFAULT;
  struct iovec iov[1024];
  for (uint32_t i = 0; i < n; i++) {
    uint32_t b = acs__wasi_get32(v + 8 * i), l = acs__wasi_get32(v + 8 * i + 4);
    if (!(iov[i].iov_base = acs__wasi_ptr(&h->mem, b, l))) return ACS__WASI_EFAULT;
    iov[i].iov_len = l;
  }
  struct msghdr m = {.msg_iov = iov, .msg_iovlen = n};
  ssize_t r;
  if (send) {
    unsigned char *out = acs__wasi_ptr(&h->mem, (uint32_t)a[4], 4);
    if (!out) return ACS__WASI_EFAULT;
    do r = sendmsg(d, &m, MSG_NOSIGNAL);
    while (r < 0 && errno == EINTR);
    if (r < 0) return acs__wasi_errno(-errno);
    acs__wasi_put32(out, (uint32_t)r);
    return 0;
  }
  uint32_t fl = (uint32_t)a[3];
  unsigned char *len = acs__wasi_ptr(&h->mem, (uint32_t)a[4], 4), *ofl = acs__wasi_ptr(&h->mem, (uint32_t)a[5], 2);
  if (!len || !ofl) return ACS__WASI_EFAULT;
  int flags = ((fl & 1) ? MSG_PEEK : 0) | ((fl & 2) ? MSG_WAITALL : 0);
  do r = recvmsg(d, &m, flags);
  while (r < 0 && errno == EINTR);
  if (r < 0) return acs__wasi_errno(-errno);
  acs__wasi_put32(len, (uint32_t)r);
  ofl[0] = (m.msg_flags & MSG_TRUNC) ? 1 : 0;
  ofl[1] = 0;
  return 0;
}

static uint32_t sock_recv(acs__wasi_host *h, const uint64_t *a) { return sock_io(h, a, false); }
static uint32_t sock_send(acs__wasi_host *h, const uint64_t *a) { return sock_io(h, a, true); }

static uint32_t sock_shutdown(acs__wasi_host *h, const uint64_t *a)
{
  uint32_t e;
  acs__wasi_fd *f = acs__wasi_fd_get(h, (uint32_t)a[0], R(SOCK_SHUTDOWN), &e);
  if (!f) return e;
  uint32_t how = (uint32_t)a[1];
  if (how == 0 || how > 3) return ACS__WASI_EINVAL;
  int d = acs_sys_direct_fd(f->box);
  if (d < 0) return ACS__WASI_ENOTSUP;
  if (shutdown(d, how == 1 ? SHUT_RD : how == 2 ? SHUT_WR : SHUT_RDWR) < 0) return acs__wasi_errno(-errno);
  return 0;
}

#define E(n, s) {#n, s, n}
const acs__wasi_import acs__wasi_misc_imports[] = {
    E(args_get, "ii"), E(args_sizes_get, "ii"), E(clock_res_get, "ii"), E(clock_time_get, "iIi"),
    E(environ_get, "ii"), E(environ_sizes_get, "ii"), E(poll_oneoff, "iiii"), E(proc_exit, "i"),
    E(proc_raise, "i"), E(random_get, "ii"), {"sched_yield", "", sched_yield_},
    E(sock_accept, "iii"), E(sock_recv, "iiiiii"), E(sock_send, "iiiii"), E(sock_shutdown, "ii"),
};
const size_t acs__wasi_misc_import_count = sizeof acs__wasi_misc_imports / sizeof *acs__wasi_misc_imports;
