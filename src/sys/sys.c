/* sys.c - the guest side of the box's system calls (sys.h): each call is
** one request and one reply on the channel, in order (a process has one
** thread of calls). Direct descriptors (real fds the kernel handed over at
** the start) are read and written here without asking the kernel. */
#include "sys.h"
#include "shmcall.h"
#include "spin.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#define MAX_DIRECT 1024

static unsigned char *sbuf, *rbuf;
static uint32_t seq;
static bool said_hello; /* the kernel knows this process: EXITING goes to it */
static int direct[MAX_DIRECT]; /* box fd -> real fd, or -1 */
static signed char direct_tty[MAX_DIRECT]; /* 1 a terminal, 0 not, -1 not asked yet */
static bool direct_ready;
static int32_t my_pid, my_ppid;

static int install_direct(int boxfd, int real);

static void init_direct(void)
{
  if (direct_ready) return;
  for (int i = 0; i < MAX_DIRECT; i++) direct[i] = -1, direct_tty[i] = -1;
  direct_ready = true;
}

static bool buffers(void)
{
  if (!sbuf) sbuf = malloc(ACS__SYS_MAX_MSG);
  if (!rbuf) rbuf = malloc(ACS__SYS_MAX_MSG);
  return sbuf && rbuf;
}

static _Noreturn void kernel_gone(void)
{
  static const char msg[] = "acs: the box's kernel is gone; this process ends\n";
  ssize_t w = write(2, msg, sizeof msg - 1);
  (void)w;
  _exit(128 + 9);
}

/* Send the request m, wait for its reply. Returns the reply's result and
** leaves *rd on its fields; fds (if not NULL) get what came along. */
/* A path (or name) for the kernel: one longer than the kernel reads is
** ENAMETOOLONG for the caller, as Linux answers past PATH_MAX, and is
** never sent (the kernel ends a sender of a malformed message). */
static void pstr(acs__msg *m, const char *s)
{
  if (s && strlen(s) > ACS__SYS_MAX_STR) m->too_long = true;
  acs__msg_str(m, s);
}

static acs__spin call_spin = ACS__SPIN_INIT;

/* The shared call area (shmcall.h), once asked for: after SHM_AFTER calls,
** so that a short program (true, echo) never pays for making one. */
enum { SHM_AFTER = 6 };
static acs__shmcall *shm;
static uint32_t calls_made;
static bool shm_asked;

/* a fork's child has its own channel (the kernel gives it one) and no
** mapping of the parent's area (MADV_DONTFORK): it asks for its own */
static void forget_shm(void)
{
  shm = NULL;
  shm_asked = false;
  calls_made = 0;
}

static int64_t call(acs__msg *m, acs__rd *rd, int *fds, int *nfds);
static acs__msg start(uint16_t op);

static void ask_for_shm(void)
{
  static bool at_fork;
  shm_asked = true;
  if (!at_fork && pthread_atfork(NULL, NULL, forget_shm) != 0) return;
  at_fork = true;
  acs__msg m = start(ACS__SYS_SHMCALL);
  acs__rd rd;
  int fds[ACS__SYS_MAX_FDS], nfds = 0;
  int64_t r = call(&m, &rd, fds, &nfds);
  if (r < 0 || nfds != 1) {
    for (int i = 0; i < nfds; i++) close(fds[i]);
    return; /* the channel alone, as before */
  }
  void *a = mmap(NULL, ACS__SHM_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fds[0], 0);
  close(fds[0]);
  if (a == MAP_FAILED) return;
  if (madvise(a, ACS__SHM_SIZE, MADV_DONTFORK) != 0) {
    munmap(a, ACS__SHM_SIZE);
    return;
  }
  shm = a;
}

/* The answer to call seq as a datagram into iov (the first piece at least
** a header and a result): its length. Doorbells and stale answers are
** skipped; with an area, a stale answer sends us back to waiting there,
** and 0 is returned when the answer came that way (*area, *area_len). */
static ssize_t answer_datagram(struct iovec *iov, int niov, int *got, int *ngot, const unsigned char **area,
                               size_t *area_len)
{
  for (;;) {
    if (shm) {
      int w = acs__shm_wait(shm, &call_spin, ACS__SYS_FD, seq, area, area_len);
      if (w < 0) kernel_gone();
      if (w == 1) {
        *ngot = 0; /* a stale datagram's were closed */
        return 0;
      }
    }
    *ngot = 0;
    ssize_t n = acs__msg_recv_iov(ACS__SYS_FD, iov, niov, got, ngot);
    if (n <= 0) kernel_gone();
    acs__sys_hdr h;
    if ((size_t)n < sizeof h) kernel_gone();
    memcpy(&h, iov[0].iov_base, sizeof h);
    if (h.magic != ACS__SYS_MAGIC || h.version != ACS__SYS_VERSION || h.len != (size_t)n - sizeof h)
      kernel_gone();
    if (h.op == ACS__SYS_REPLY && h.seq == seq) return n;
    if (h.op != ACS__SYS_REPLY && h.op != ACS__SYS_DOORBELL) kernel_gone();
    for (int i = 0; i < *ngot; i++) close(got[i]); /* a stale answer: not ours */
  }
}

/* Send the request m: through the area when there is one. */
static int send_call(acs__msg *m)
{
  if (shm) return acs__shm_post(shm, ACS__SYS_FD, m, seq);
  int rc = acs__msg_send(ACS__SYS_FD, m);
  if (!rc) acs__spin_await(&call_spin, ACS__SYS_FD);
  return rc;
}

/* Send the request m, wait for its reply. Returns the reply's result and
** leaves *rd on its fields; fds (if not NULL) get what came along. */
static int64_t call(acs__msg *m, acs__rd *rd, int *fds, int *nfds)
{
  if (m->too_long) return -ENAMETOOLONG;
  int got[ACS__SYS_MAX_FDS], ngot = 0;
  int rc = send_call(m);
  if (rc == -EMSGSIZE) return -E2BIG;
  if (rc) kernel_gone();
  acs__sys_hdr h;
  const unsigned char *area = NULL;
  size_t area_len = 0;
  struct iovec iov = {rbuf, ACS__SYS_MAX_MSG};
  ssize_t n = answer_datagram(&iov, 1, got, &ngot, &area, &area_len);
  const unsigned char *ans = n ? rbuf : area;
  if (!n) n = (ssize_t)area_len;
  if (!acs__msg_parse(ans, (size_t)n, &h, rd) || h.op != ACS__SYS_REPLY || h.seq != seq) kernel_gone();
  if (fds) {
    memcpy(fds, got, sizeof(int) * (size_t)ngot);
    *nfds = ngot;
  } else {
    for (int i = 0; i < ngot; i++) close(got[i]);
  }
  int64_t result;
  if (!acs__rd_i64(rd, &result)) kernel_gone();
  return result;
}

/* call() for a reply of an i64 and at most cap bytes (READ, PREAD): the
** bytes land in dst where recvmsg scatters them, not in rbuf and then a
** copy (from the area, one copy). Returns the byte count or -errno. */
static ssize_t call_read(acs__msg *m, void *dst, size_t cap)
{
  if (send_call(m)) kernel_gone();
  const size_t head = sizeof(acs__sys_hdr) + 8 + 4; /* header, result, length */
  int got[ACS__SYS_MAX_FDS], ngot = 0;
  struct iovec iov[3] = {{rbuf, head}, {dst, cap}, {rbuf + head, ACS__SYS_MAX_MSG - head}};
  const unsigned char *area = NULL;
  size_t area_len = 0;
  ssize_t n = answer_datagram(iov, 3, got, &ngot, &area, &area_len);
  for (int i = 0; i < ngot; i++) close(got[i]); /* a READ's reply has none */
  const unsigned char *hp = n ? rbuf : area;
  if (!n) n = (ssize_t)area_len;
  if ((size_t)n < sizeof(acs__sys_hdr) + 8) kernel_gone();
  int64_t result;
  memcpy(&result, hp + sizeof(acs__sys_hdr), 8);
  if (result < 0) return (ssize_t)result;
  uint32_t len;
  if ((size_t)n < head) return -EPROTO;
  memcpy(&len, hp + sizeof(acs__sys_hdr) + 8, 4);
  if (len != (size_t)n - head || len > cap) return -EPROTO;
  if (hp == area) memcpy(dst, area + head, len);
  return (ssize_t)len;
}

static acs__msg start(uint16_t op)
{
  /* before this call's seq is taken: the ask is a call of its own (not at
  ** the exit, which has no answer to wait for) */
  if (!shm && !shm_asked && op != ACS__SYS_EXITING && ++calls_made > SHM_AFTER && said_hello) ask_for_shm();
  acs__msg m;
  if (!buffers()) {
    fputs("acs: out of memory for the kernel channel\n", stderr);
    _exit(71);
  }
  acs__msg_init(&m, sbuf, ACS__SYS_MAX_MSG, op, ++seq);
  return m;
}

bool acs_sys_uses_area(void) { return shm != NULL; }

/* bytes of one read or write: more through the area (start() may have
** just made it) */
static size_t max_data(void) { return shm ? ACS__SHM_MAX_DATA : ACS__SYS_MAX_DATA; }

static int simple(acs__msg *m)
{
  acs__rd rd;
  return (int)call(m, &rd, NULL, NULL);
}

static acs_sys_ids start_ids; /* HELLO's, for acs_sys_start_facts */
static char *start_cwd;
static bool have_start;

int acs_sys_hello(acs_sys_start *st)
{
  init_direct();
  memset(st, 0, sizeof *st);
  acs__msg m = start(ACS__SYS_HELLO);
  acs__rd rd;
  int fds[ACS__SYS_MAX_FDS], nfds = 0;
  int64_t r = call(&m, &rd, fds, &nfds);
  if (r < 0) return (int)r;
  uint32_t ndirect = 0;
  if (!acs__rd_i32(&rd, &st->pid) || !acs__rd_i32(&rd, &st->ppid) ||
      !acs__rd_u32(&rd, &st->uid) || !acs__rd_u32(&rd, &st->gid) ||
      !acs__rd_str(&rd, st->program, sizeof st->program))
    return -EPROTO;
  if (!(st->argv = acs__rd_strv(&rd)) || !(st->envp = acs__rd_strv(&rd))) return -EPROTO;
  while (st->argv[st->argc]) st->argc++;
  if (!acs__rd_u32(&rd, &ndirect) || ndirect != (uint32_t)nfds) return -EPROTO;
  for (uint32_t i = 0; i < ndirect; i++) {
    int32_t boxfd;
    if (!acs__rd_i32(&rd, &boxfd) || boxfd < 0 || boxfd >= MAX_DIRECT) return -EPROTO;
    int rc = install_direct(boxfd, fds[i]);
    if (rc) return rc;
  }
  my_pid = st->pid;
  my_ppid = st->ppid;
  said_hello = true;
  char cwd[ACS__SYS_MAX_STR + 1];
  start_ids = (acs_sys_ids){.pid = st->pid, .ppid = st->ppid, .uid = st->uid, .gid = st->gid};
  have_start = acs__rd_i32(&rd, &start_ids.pgid) && acs__rd_i32(&rd, &start_ids.sid) &&
               acs__rd_u32(&rd, &start_ids.euid) && acs__rd_u32(&rd, &start_ids.egid) &&
               acs__rd_str(&rd, cwd, sizeof cwd) && (start_cwd = strdup(cwd));
  return 0;
}

bool acs_sys_start_facts(acs_sys_ids *ids, const char **cwd)
{
  if (!have_start) return false;
  *ids = start_ids;
  *cwd = start_cwd[0] ? start_cwd : NULL;
  return true;
}

static int direct_of(int fd) { return fd >= 0 && fd < MAX_DIRECT && direct_ready ? direct[fd] : -1; }

/* /dev/fd/N, /proc/self/fd/N and /dev/std{in,out,err}: the descriptor
** they name (its number), -1 for any other path. The box's filesystem has
** no such names: a guest's descriptors live in its own table (pipe ends
** are host fds the kernel never sees), so an open of one is a dup here,
** as bash's process substitution and `echo x > /dev/stderr` need. */
static int fd_path(const char *path)
{
  const char *n = NULL;
  if (!strncmp(path, "/dev/fd/", 8)) n = path + 8;
  else if (!strncmp(path, "/proc/self/fd/", 14)) n = path + 14;
  else if (!strcmp(path, "/dev/stdin")) return 0;
  else if (!strcmp(path, "/dev/stdout")) return 1;
  else if (!strcmp(path, "/dev/stderr")) return 2;
  if (!n || *n < '0' || *n > '9') return -1;
  long v = 0;
  for (; *n >= '0' && *n <= '9' && v < 100000; n++) v = v * 10 + (*n - '0');
  return *n ? -1 : (int)v;
}

static int dup_call(acs__msg *m, int *intr_sig);

/* An open of a fifo that waits is answered -EINTR and the signal when one
** is sent to us (fifo.c). As Linux's open: EINTR when a handler of ours
** without SA_RESTART took it; else (ignored, blocked, its default, a
** handler with SA_RESTART) the open starts again. */
static bool open_restarts(int sig)
{
  struct sigaction sa;
  sigset_t cur;
  if (sig <= 0 || sig >= NSIG || sigaction(sig, NULL, &sa) != 0) return true;
  if (sigprocmask(SIG_BLOCK, NULL, &cur) == 0 && sigismember(&cur, sig)) return true;
  if (sa.sa_handler == SIG_IGN || sa.sa_handler == SIG_DFL) return true;
  return (sa.sa_flags & SA_RESTART) != 0;
}

static int kernel_open(int at, const char *path, int flags, unsigned mode)
{
  for (;;) {
    acs__msg m = start(ACS__SYS_OPEN);
    acs__msg_i32(&m, at);
    pstr(&m, path);
    acs__msg_i32(&m, flags);
    acs__msg_u32(&m, mode);
    /* a named pipe comes back as a host end the process holds itself */
    int sig = 0;
    int r = dup_call(&m, &sig);
    if (r != -EINTR || !sig || !open_restarts(sig)) return r;
  }
}

/* An open of /dev/fd/N: a dup when descriptor N already allows the access
** asked for (bash's process substitution, `echo x > /dev/stderr`).
** Otherwise, as on Linux, a new open of the file N names, with that file's
** own checks, so that a descriptor opened to read is no way to write a
** read-only mount or another user's file; a pipe or socket, which has no
** path of the box to open anew, is EACCES. */
static int open_named(int fd, int flags, unsigned mode)
{
  int fl = acs_sys_fcntl(fd, F_GETFL, 0);
  if (fl < 0) return fl;
  int have = fl & O_ACCMODE, want = flags & O_ACCMODE;
  if (have == O_RDWR || have == want) {
    int d = acs_sys_dup(fd);
    if (d >= 0 && (flags & O_TRUNC)) acs_sys_ftruncate(d, 0);
    return d;
  }
  char link[40], target[ACS__SYS_MAX_STR + 1];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = acs_sys_readlinkat(AT_FDCWD, link, target, sizeof target - 1, NULL);
  if (n <= 0 || target[0] != '/') return -EACCES;
  target[n] = 0;
  return kernel_open(AT_FDCWD, target, flags, mode);
}

int acs_sys_openat(int at, const char *path, int flags, unsigned mode)
{
  int named = fd_path(path);
  if (named >= 0) return open_named(named, flags, mode);
  return kernel_open(at, path, flags, mode);
}

int acs_sys_open(const char *path, int flags, unsigned mode)
{
  return acs_sys_openat(AT_FDCWD, path, flags, mode);
}

int acs_sys_close(int fd)
{
  int d = direct_of(fd);
  if (d >= 0) {
    direct[fd] = -1;
    if (d > 2) close(d);
    else {
      /* keep 0-2 occupied so that no later host fd lands there */
      int null = open("/dev/null", O_RDWR | O_CLOEXEC);
      if (null >= 0 && null != d) {
        dup3(null, d, O_CLOEXEC);
        close(null);
      }
    }
  }
  acs__msg m = start(ACS__SYS_CLOSE);
  acs__msg_i32(&m, fd);
  return simple(&m);
}

static bool is_tty(int fd, int d)
{
  if (direct_tty[fd] < 0) direct_tty[fd] = isatty(d) ? 1 : 0;
  return direct_tty[fd] == 1;
}

/* Job control on the box's terminal, which is no host process's
** controlling terminal, so Linux does none: before a read of it (SIGTTIN)
** or a change to it (SIGTTOU) the kernel says whether the caller's group
** is the foreground. A background one is sent the signal: stopped, and
** asked again once continued; a read it would not take (ignored or
** blocked) is EIO, a change goes on. A handler of its own makes it EINTR. */
static int tty_access(int fd, int sig)
{
  for (;;) {
    struct sigaction sa;
    sigset_t cur;
    sigaction(sig, NULL, &sa);
    sigprocmask(SIG_BLOCK, NULL, &cur);
    bool takes = sa.sa_handler != SIG_IGN && !sigismember(&cur, sig);
    acs__msg m = start(ACS__SYS_TTY_ACCESS);
    acs__msg_i32(&m, fd);
    acs__msg_i32(&m, sig);
    acs__msg_i32(&m, takes);
    int r = simple(&m);
    if (r != -EINTR || sa.sa_handler != SIG_DFL) return r;
  }
}

ssize_t acs_sys_read(int fd, void *buf, size_t n)
{
  int d = direct_of(fd);
  if (d >= 0) {
    if (is_tty(fd, d)) {
      int r = tty_access(fd, SIGTTIN);
      if (r < 0) return r;
    }
    ssize_t k;
    do k = read(d, buf, n);
    while (k < 0 && errno == EINTR);
    return k < 0 ? -errno : k;
  }
  acs__msg m = start(ACS__SYS_READ);
  if (n > max_data()) n = max_data();
  acs__msg_i32(&m, fd);
  acs__msg_u32(&m, (uint32_t)n);
  return call_read(&m, buf, n);
}

static ssize_t rw_at(uint16_t op, int fd, const void *buf, size_t n, int64_t off)
{
  acs__msg m = start(op);
  if (n > max_data()) n = max_data();
  acs__msg_i32(&m, fd);
  acs__msg_bytes_ref(&m, buf, n); /* sent from the caller's buffer */
  if (op == ACS__SYS_PWRITE) acs__msg_i64(&m, off);
  acs__rd rd;
  return call(&m, &rd, NULL, NULL);
}

ssize_t acs_sys_write(int fd, const void *buf, size_t n)
{
  int d = direct_of(fd);
  if (d >= 0) {
    struct termios tio;
    if (is_tty(fd, d) && tcgetattr(d, &tio) == 0 && (tio.c_lflag & TOSTOP)) {
      int r = tty_access(fd, SIGTTOU); /* stty tostop: output stops a background job too */
      if (r < 0) return r;
    }
    ssize_t k;
    do k = write(d, buf, n);
    while (k < 0 && errno == EINTR);
    return k < 0 ? -errno : k;
  }
  return rw_at(ACS__SYS_WRITE, fd, buf, n, 0);
}

int acs_sys_write_all(int fd, const void *buf, size_t n)
{
  const char *p = buf;
  while (n > 0) {
    ssize_t k = acs_sys_write(fd, p, n);
    if (k < 0) return (int)k;
    if (k == 0) return -EIO;
    p += k;
    n -= (size_t)k;
  }
  return 0;
}

ssize_t acs_sys_pread(int fd, void *buf, size_t n, int64_t off)
{
  acs__msg m = start(ACS__SYS_PREAD);
  if (n > max_data()) n = max_data();
  acs__msg_i32(&m, fd);
  acs__msg_u32(&m, (uint32_t)n);
  acs__msg_i64(&m, off);
  return call_read(&m, buf, n);
}

ssize_t acs_sys_pwrite(int fd, const void *buf, size_t n, int64_t off)
{
  return rw_at(ACS__SYS_PWRITE, fd, buf, n, off);
}

int64_t acs_sys_lseek(int fd, int64_t off, int whence)
{
  acs__msg m = start(ACS__SYS_LSEEK);
  acs__msg_i32(&m, fd);
  acs__msg_i64(&m, off);
  acs__msg_i32(&m, whence);
  acs__rd rd;
  return call(&m, &rd, NULL, NULL);
}

static int stat_call(acs__msg *m, acs__sys_stat *st)
{
  acs__rd rd;
  int64_t r = call(m, &rd, NULL, NULL);
  if (r < 0) return (int)r;
  return acs__rd_stat(&rd, st) ? 0 : -EPROTO;
}

static int stat_at(const char *path, int flags, acs__sys_stat *st)
{
  /* stat follows a descriptor's name to the file; lstat sees the link */
  int named = flags & AT_SYMLINK_NOFOLLOW ? -1 : fd_path(path);
  if (named >= 0) return acs_sys_fstat(named, st);
  acs__msg m = start(ACS__SYS_STAT);
  acs__msg_i32(&m, AT_FDCWD);
  pstr(&m, path);
  acs__msg_i32(&m, flags);
  return stat_call(&m, st);
}

int acs_sys_stat(const char *path, acs__sys_stat *st) { return stat_at(path, 0, st); }
int acs_sys_lstat(const char *path, acs__sys_stat *st)
{
  return stat_at(path, AT_SYMLINK_NOFOLLOW, st);
}

int acs_sys_fstat(int fd, acs__sys_stat *st)
{
  acs__msg m = start(ACS__SYS_FSTAT);
  acs__msg_i32(&m, fd);
  return stat_call(&m, st);
}

int acs_sys_access(const char *path, int mode)
{
  acs__msg m = start(ACS__SYS_ACCESS);
  acs__msg_i32(&m, AT_FDCWD);
  pstr(&m, path);
  acs__msg_i32(&m, mode);
  acs__msg_i32(&m, 0);
  return simple(&m);
}

int acs_sys_statfs(const char *path, acs_sys_statfs_info *out)
{
  acs__msg m = start(ACS__SYS_STATFS);
  acs__msg_i32(&m, AT_FDCWD);
  pstr(&m, path);
  acs__rd rd;
  int64_t r = call(&m, &rd, NULL, NULL);
  if (r < 0) return (int)r;
  int64_t v[7];
  for (int i = 0; i < 7; i++)
    if (!acs__rd_i64(&rd, &v[i])) return -EPROTO;
  *out = (acs_sys_statfs_info){(uint64_t)v[0], (uint64_t)v[1], (uint64_t)v[2], (uint64_t)v[3],
                               (uint64_t)v[4], (uint64_t)v[5], (uint64_t)v[6]};
  return 0;
}

int acs_sys_mknod(const char *path, unsigned mode, uint64_t rdev)
{
  acs__msg m = start(ACS__SYS_MKNOD);
  acs__msg_i32(&m, AT_FDCWD);
  pstr(&m, path);
  acs__msg_u32(&m, mode);
  acs__msg_i64(&m, (int64_t)rdev);
  return simple(&m);
}

int acs_sys_mkdir(const char *path, unsigned mode)
{
  acs__msg m = start(ACS__SYS_MKDIR);
  acs__msg_i32(&m, AT_FDCWD);
  pstr(&m, path);
  acs__msg_u32(&m, mode);
  return simple(&m);
}

static int unlink_at(const char *path, int flags)
{
  acs__msg m = start(ACS__SYS_UNLINK);
  acs__msg_i32(&m, AT_FDCWD);
  pstr(&m, path);
  acs__msg_i32(&m, flags);
  return simple(&m);
}

int acs_sys_unlink(const char *path) { return unlink_at(path, 0); }
int acs_sys_rmdir(const char *path) { return unlink_at(path, AT_REMOVEDIR); }

static int two_paths(uint16_t op, const char *from, const char *to, int32_t flags)
{
  acs__msg m = start(op);
  acs__msg_i32(&m, AT_FDCWD);
  pstr(&m, from);
  acs__msg_i32(&m, AT_FDCWD);
  pstr(&m, to);
  acs__msg_i32(&m, flags);
  return simple(&m);
}

int acs_sys_rename(const char *from, const char *to) { return two_paths(ACS__SYS_RENAME, from, to, 0); }
int acs_sys_link(const char *from, const char *to) { return two_paths(ACS__SYS_LINK, from, to, 0); }

int acs_sys_symlink(const char *target, const char *path)
{
  acs__msg m = start(ACS__SYS_SYMLINK);
  pstr(&m, target);
  acs__msg_i32(&m, AT_FDCWD);
  pstr(&m, path);
  return simple(&m);
}

ssize_t acs_sys_readlink(const char *path, char *buf, size_t size)
{
  acs__msg m = start(ACS__SYS_READLINK);
  acs__msg_i32(&m, AT_FDCWD);
  pstr(&m, path);
  acs__rd rd;
  int64_t r = call(&m, &rd, NULL, NULL);
  if (r < 0) return r;
  const unsigned char *p;
  size_t len;
  if (!acs__rd_bytes(&rd, &p, &len)) return -EPROTO;
  if (len > size) len = size;
  memcpy(buf, p, len);
  return (ssize_t)len;
}

int acs_sys_chmod(const char *path, unsigned mode)
{
  acs__msg m = start(ACS__SYS_CHMOD);
  acs__msg_i32(&m, AT_FDCWD);
  pstr(&m, path);
  acs__msg_u32(&m, mode);
  acs__msg_i32(&m, 0);
  return simple(&m);
}

int acs_sys_chown(const char *path, uint32_t uid, uint32_t gid)
{
  acs__msg m = start(ACS__SYS_CHOWN);
  acs__msg_i32(&m, AT_FDCWD);
  pstr(&m, path);
  acs__msg_u32(&m, uid);
  acs__msg_u32(&m, gid);
  acs__msg_i32(&m, 0);
  return simple(&m);
}

int acs_sys_truncate(const char *path, int64_t len)
{
  acs__msg m = start(ACS__SYS_TRUNCATE);
  acs__msg_i32(&m, AT_FDCWD);
  pstr(&m, path);
  acs__msg_i64(&m, len);
  return simple(&m);
}

int acs_sys_ftruncate(int fd, int64_t len)
{
  acs__msg m = start(ACS__SYS_FTRUNCATE);
  acs__msg_i32(&m, fd);
  acs__msg_i64(&m, len);
  return simple(&m);
}

int acs_sys_chdir(const char *path)
{
  acs__msg m = start(ACS__SYS_CHDIR);
  pstr(&m, path);
  return simple(&m);
}

int acs_sys_getcwd(char *buf, size_t size)
{
  acs__msg m = start(ACS__SYS_GETCWD);
  acs__rd rd;
  int64_t r = call(&m, &rd, NULL, NULL);
  if (r < 0) return (int)r;
  const unsigned char *p;
  size_t len;
  if (!acs__rd_bytes(&rd, &p, &len)) return -EPROTO;
  if (len + 1 > size) return -ERANGE;
  memcpy(buf, p, len);
  buf[len] = 0;
  return 0;
}

int acs_sys_umask(unsigned mask)
{
  acs__msg m = start(ACS__SYS_UMASK);
  acs__msg_u32(&m, mask);
  return simple(&m);
}

/* A real fd for box fd `boxfd`: stdio keeps its own numbers (code that
** writes to fd 1 then works), the others stay where the kernel put them.
** Whatever was there before is closed. */
static int install_direct(int boxfd, int real)
{
  if (boxfd < 0 || boxfd >= MAX_DIRECT) {
    close(real);
    return -EBADF;
  }
  int old = direct[boxfd];
  if (boxfd <= 2) {
    if (real != boxfd) {
      if (dup3(real, boxfd, O_CLOEXEC) < 0) {
        int e = errno;
        close(real);
        return -e;
      }
      close(real);
    }
    real = boxfd;
  } else if (old >= 0 && old != real) {
    close(old);
  }
  direct[boxfd] = real;
  direct_tty[boxfd] = -1;
  return 0;
}

/* The box fd `newfd` no longer names a real fd here. */
static void forget_direct(int newfd)
{
  int d = direct_of(newfd);
  if (d < 0) return;
  direct[newfd] = -1;
  if (d > 2) close(d);
  /* stdio keeps its host number, but not the pipe it held: a reader of
  ** that pipe would wait for ever ({ a | b; } > file) */
  else dup3(ACS__SYS_NULLFD, d, O_CLOEXEC);
}

/* intr_sig: for an open, the signal an -EINTR came with */
static int dup_call(acs__msg *m, int *intr_sig)
{
  acs__rd rd;
  int fds[ACS__SYS_MAX_FDS], nfds = 0;
  int64_t r = call(m, &rd, fds, &nfds);
  if (r < 0) {
    for (int i = 0; i < nfds; i++) close(fds[i]);
    int32_t sig;
    if (r == -EINTR && intr_sig && acs__rd_i32(&rd, &sig)) *intr_sig = sig;
    return (int)r;
  }
  forget_direct((int)r);
  if (nfds == 1) {
    int rc = install_direct((int)r, fds[0]);
    if (rc) return rc;
  } else {
    for (int i = 0; i < nfds; i++) close(fds[i]);
  }
  return (int)r;
}

int acs_sys_statat(int at, const char *path, int flags, acs__sys_stat *st)
{
  int named = flags & AT_SYMLINK_NOFOLLOW ? -1 : fd_path(path);
  if (named >= 0) return acs_sys_fstat(named, st);
  acs__msg m = start(ACS__SYS_STAT);
  acs__msg_i32(&m, at);
  pstr(&m, path);
  acs__msg_i32(&m, flags);
  return stat_call(&m, st);
}

int acs_sys_chmodat(int at, const char *path, unsigned mode, int flags)
{
  acs__msg m = start(ACS__SYS_CHMOD);
  acs__msg_i32(&m, at);
  pstr(&m, path);
  acs__msg_u32(&m, mode);
  acs__msg_i32(&m, flags);
  return simple(&m);
}

int acs_sys_chownat(int at, const char *path, uint32_t uid, uint32_t gid, int flags)
{
  acs__msg m = start(ACS__SYS_CHOWN);
  acs__msg_i32(&m, at);
  pstr(&m, path);
  acs__msg_u32(&m, uid);
  acs__msg_u32(&m, gid);
  acs__msg_i32(&m, flags);
  return simple(&m);
}

int acs_sys_utimensat(int at, const char *path, const struct timespec ts[2], int flags)
{
  static const struct timespec now[2] = {{0, UTIME_NOW}, {0, UTIME_NOW}};
  if (!ts) ts = now;
  acs__msg m = start(ACS__SYS_UTIMENS);
  acs__msg_i32(&m, at);
  pstr(&m, path);
  acs__msg_i64(&m, ts[0].tv_sec);
  acs__msg_i64(&m, ts[0].tv_nsec);
  acs__msg_i64(&m, ts[1].tv_sec);
  acs__msg_i64(&m, ts[1].tv_nsec);
  acs__msg_i32(&m, flags);
  return simple(&m);
}

int acs_sys_realpath(const char *path, char *buf, size_t size)
{
  acs__msg m = start(ACS__SYS_REALPATH);
  acs__msg_i32(&m, AT_FDCWD);
  pstr(&m, path);
  acs__rd rd;
  int64_t r = call(&m, &rd, NULL, NULL);
  if (r < 0) return (int)r;
  const unsigned char *p;
  size_t len;
  if (!acs__rd_bytes(&rd, &p, &len)) return -EPROTO;
  if (len + 1 > size) return -ERANGE;
  memcpy(buf, p, len);
  buf[len] = 0;
  return 0;
}

int acs_sys_fcntl(int fd, int cmd, int arg)
{
  if (cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC) {
    acs__msg m = start(ACS__SYS_DUP);
    acs__msg_i32(&m, fd);
    acs__msg_i32(&m, arg);
    acs__msg_i32(&m, cmd == F_DUPFD_CLOEXEC);
    return dup_call(&m, NULL);
  }
  acs__msg m = start(ACS__SYS_FCNTL);
  acs__msg_i32(&m, fd);
  acs__msg_i32(&m, cmd);
  acs__msg_i32(&m, arg);
  return simple(&m);
}

int acs_sys_direct_fd(int fd) { return direct_of(fd); }

ssize_t acs_sys_readfile(const char *path, void *buf, size_t cap, uint64_t *size, bool *regular)
{
  if (cap > ACS__SYS_MAX_DATA) cap = ACS__SYS_MAX_DATA;
  if (fd_path(path) >= 0) {
    /* a descriptor's name: the caller opens it (a dup) and reads */
    *size = 0;
    *regular = false;
    return 0;
  }
  acs__msg m = start(ACS__SYS_READFILE);
  acs__msg_i32(&m, AT_FDCWD);
  pstr(&m, path);
  acs__msg_u32(&m, (uint32_t)cap);
  acs__rd rd;
  int64_t r = call(&m, &rd, NULL, NULL);
  if (r < 0) return r;
  uint32_t reg;
  const unsigned char *p;
  size_t len;
  if (!acs__rd_u32(&rd, &reg) || !acs__rd_bytes(&rd, &p, &len) || len > cap) return -EPROTO;
  memcpy(buf, p, len);
  *size = (uint64_t)r;
  *regular = reg != 0;
  return (ssize_t)len;
}

int acs_sys_writefile(const char *path, int flags, unsigned mode, const void *data, size_t n,
                      int *stage)
{
  *stage = 0;
  if (n > ACS__SYS_MAX_DATA) return -EFBIG;
  /* /dev/stdout and its kind are this process's descriptors: opened here */
  if (fd_path(path) >= 0) return -EOPNOTSUPP;
  acs__msg m = start(ACS__SYS_WRITEFILE);
  acs__msg_i32(&m, AT_FDCWD);
  pstr(&m, path);
  acs__msg_i32(&m, flags);
  acs__msg_u32(&m, mode);
  acs__msg_bytes(&m, data, n);
  acs__rd rd;
  int64_t r = call(&m, &rd, NULL, NULL);
  uint32_t st;
  if (!acs__rd_u32(&rd, &st)) return -EPROTO;
  *stage = (int)st;
  if (r < 0) return (int)r;
  return (size_t)r == n ? 0 : -EIO;
}

int acs_sys_getids(acs_sys_ids *out)
{
  acs__msg m = start(ACS__SYS_GETIDS);
  acs__rd rd;
  int64_t r = call(&m, &rd, NULL, NULL);
  if (r < 0) return (int)r;
  if (!acs__rd_i32(&rd, &out->pid) || !acs__rd_i32(&rd, &out->ppid) ||
      !acs__rd_i32(&rd, &out->pgid) || !acs__rd_i32(&rd, &out->sid) ||
      !acs__rd_u32(&rd, &out->uid) || !acs__rd_u32(&rd, &out->gid) ||
      !acs__rd_u32(&rd, &out->euid) || !acs__rd_u32(&rd, &out->egid))
    return -EPROTO;
  return 0;
}

int acs_sys_dup(int fd)
{
  acs__msg m = start(ACS__SYS_DUP);
  acs__msg_i32(&m, fd);
  return dup_call(&m, NULL);
}

int acs_sys_dup2(int oldfd, int newfd)
{
  if (oldfd == newfd) {
    acs__sys_stat st;
    return acs_sys_fstat(oldfd, &st) ? -EBADF : newfd;
  }
  acs__msg m = start(ACS__SYS_DUP2);
  acs__msg_i32(&m, oldfd);
  acs__msg_i32(&m, newfd);
  return dup_call(&m, NULL);
}

int acs_sys_pipe(int fds[2], int flags)
{
  acs__msg m = start(ACS__SYS_PIPE);
  acs__msg_i32(&m, flags);
  acs__rd rd;
  int got[ACS__SYS_MAX_FDS], ngot = 0;
  int64_t r = call(&m, &rd, got, &ngot);
  int32_t rfd, wfd;
  if (r < 0 || ngot != 2 || !acs__rd_i32(&rd, &rfd) || !acs__rd_i32(&rd, &wfd)) {
    for (int i = 0; i < ngot; i++) close(got[i]);
    return r < 0 ? (int)r : -EPROTO;
  }
  forget_direct(rfd);
  forget_direct(wfd);
  int rc = install_direct(rfd, got[0]);
  if (!rc) rc = install_direct(wfd, got[1]);
  if (rc) return rc;
  fds[0] = rfd;
  fds[1] = wfd;
  return 0;
}

ssize_t acs_sys_getdents(int fd, void *buf, size_t size)
{
  if (size > ACS__SYS_MAX_DATA) size = ACS__SYS_MAX_DATA;
  acs__msg m = start(ACS__SYS_GETDENTS);
  acs__msg_i32(&m, fd);
  acs__msg_u32(&m, (uint32_t)size);
  acs__rd rd;
  int64_t r = call(&m, &rd, NULL, NULL);
  if (r < 0) return r;
  const unsigned char *p;
  size_t len;
  if (!acs__rd_bytes(&rd, &p, &len) || len > size) return -EPROTO;
  memcpy(buf, p, len);
  return (ssize_t)len;
}

/* A list the kernel takes: at most ACS__SYS_MAX_ARGS items, and the whole
** message within ACS__SYS_MAX_MSG; false (E2BIG for the caller, as Linux
** answers an execve past its limits) otherwise. The kernel would end a
** process that sent more, so nothing is sent. */
static bool put_list(acs__msg *m, char *const v[])
{
  uint32_t n = 0;
  while (v && v[n]) n++;
  if (n > ACS__SYS_MAX_ARGS) return false;
  acs__msg_u32(m, n);
  for (uint32_t i = 0; i < n; i++) acs__msg_str(m, v[i]);
  return !m->bad && m->len <= ACS__SYS_MAX_MSG;
}

int acs_sys_spawn(const char *path, char *const argv[], char *const envp[],
                  const int (*fds)[2], size_t n)
{
  return acs_sys_spawnat(NULL, path, argv, envp, fds, n);
}

int acs_sys_spawnat(const char *cwd, const char *path, char *const argv[], char *const envp[],
                    const int (*fds)[2], size_t n)
{
  acs__msg m = start(cwd ? ACS__SYS_SPAWNAT : ACS__SYS_SPAWN);
  if (cwd) pstr(&m, cwd);
  pstr(&m, path);
  if (!put_list(&m, argv) || !put_list(&m, envp)) return -E2BIG;
  acs__msg_u32(&m, (uint32_t)n);
  for (size_t i = 0; i < n; i++) {
    acs__msg_i32(&m, fds[i][0]);
    acs__msg_i32(&m, fds[i][1]);
  }
  return simple(&m);
}

int acs_sys_exec(const char *path, char *const argv[], char *const envp[], const int (*fds)[2],
                 size_t n)
{
  acs__msg m = start(ACS__SYS_EXEC);
  pstr(&m, path);
  if (!put_list(&m, argv) || !put_list(&m, envp)) return -E2BIG;
  acs__msg_u32(&m, (uint32_t)n);
  for (size_t i = 0; i < n; i++) {
    acs__msg_i32(&m, fds[i][0]);
    acs__msg_i32(&m, fds[i][1]);
  }
  /* when it works the kernel ends this process before any answer */
  return simple(&m);
}

int acs_sys_wait(int pid, int *status, int options)
{
  acs__msg m = start(ACS__SYS_WAIT);
  acs__msg_i32(&m, pid);
  acs__msg_i32(&m, options);
  acs__rd rd;
  int64_t r = call(&m, &rd, NULL, NULL);
  if (r < 0) return (int)r;
  int32_t got, st;
  if (!acs__rd_i32(&rd, &got) || !acs__rd_i32(&rd, &st)) return -EPROTO;
  if (status) *status = st;
  return got;
}

int acs_sys_kill(int pid, int sig)
{
  acs__msg m = start(ACS__SYS_KILL);
  acs__msg_i32(&m, pid);
  acs__msg_i32(&m, sig);
  return simple(&m);
}

int acs_sys_getpid(void) { return my_pid; }
int acs_sys_getppid(void) { return my_ppid; }

/* The kernel hears of the end before the host process tears itself down
** (a prepared node unmaps ~40 MB: ~1 ms its parent's wait would wait). */
_Noreturn void acs_sys_exit(int code)
{
  if (said_hello) {
    acs__msg m = start(ACS__SYS_EXITING);
    acs__msg_i32(&m, code & 0xff);
    acs__msg_send(ACS__SYS_FD, &m);
  }
  _exit(code & 0xff);
}

const acs__program *acs__program_find(const char *name)
{
  size_t lo = 0, hi = acs__program_count;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int c = strcmp(name, acs__programs[mid].name);
    if (!c) return &acs__programs[mid];
    if (c < 0) hi = mid;
    else lo = mid + 1;
  }
  return NULL;
}

/* ---------------------------------------------------------------- network */

static bool read_addrs(acs__rd *rd, acs_sys_sockaddr *a)
{
  acs_sys_sockaddr tmp;
  uint32_t lp, pp;
  if (!a) a = &tmp;
  if (!acs__rd_str(rd, a->local, sizeof a->local) || !acs__rd_u32(rd, &lp) ||
      !acs__rd_str(rd, a->peer, sizeof a->peer) || !acs__rd_u32(rd, &pp))
    return false;
  a->lport = (int)lp;
  a->pport = (int)pp;
  return true;
}

/* A reply that brings one real fd for the box fd it returns. */
static int socket_reply(acs__msg *m, acs_sys_sockaddr *a, bool addrs, int *port_out)
{
  acs__rd rd;
  int got[ACS__SYS_MAX_FDS], ngot = 0;
  int64_t r = call(m, &rd, got, &ngot);
  uint32_t port = 0;
  bool ok = r >= 0 && ngot == 1 && (addrs ? read_addrs(&rd, a) : acs__rd_u32(&rd, &port));
  if (!ok) {
    for (int i = 0; i < ngot; i++) close(got[i]);
    return r < 0 ? (int)r : -EPROTO;
  }
  if (port_out) *port_out = (int)port;
  forget_direct((int)r);
  int rc = install_direct((int)r, got[0]);
  return rc ? rc : (int)r;
}

int acs_sys_listen(const char *addr, int port, int backlog, int flags, int *port_out)
{
  if (port < 0 || port > 65535) return -EINVAL;
  acs__msg m = start(ACS__SYS_LISTEN);
  pstr(&m, addr ? addr : "");
  acs__msg_u32(&m, (uint32_t)port);
  acs__msg_i32(&m, backlog);
  acs__msg_i32(&m, flags);
  return socket_reply(&m, NULL, false, port_out);
}

int acs_sys_accept(int fd, int flags, acs_sys_sockaddr *addr)
{
  acs__msg m = start(ACS__SYS_ACCEPT);
  acs__msg_i32(&m, fd);
  acs__msg_i32(&m, flags);
  return socket_reply(&m, addr, true, NULL);
}

int acs_sys_connect(const char *host, int port, int flags, acs_sys_sockaddr *addr)
{
  if (addr) addr->error[0] = 0;
  if (port < 0 || port > 65535) return -EINVAL;
  acs__msg m = start(ACS__SYS_CONNECT);
  pstr(&m, host ? host : "");
  acs__msg_u32(&m, (uint32_t)port);
  acs__msg_i32(&m, flags);
  acs__rd rd;
  int got[ACS__SYS_MAX_FDS], ngot = 0;
  int64_t r = call(&m, &rd, got, &ngot);
  if (r < 0) {
    for (int i = 0; i < ngot; i++) close(got[i]);
    /* an outbound refusal says why; a local one carries nothing */
    if (addr && !acs__rd_str(&rd, addr->error, sizeof addr->error)) addr->error[0] = 0;
    return (int)r;
  }
  if (ngot != 1 || !read_addrs(&rd, addr)) {
    for (int i = 0; i < ngot; i++) close(got[i]);
    return -EPROTO;
  }
  forget_direct((int)r);
  int rc = install_direct((int)r, got[0]);
  return rc ? rc : (int)r;
}

int acs_sys_rlimit(int resource, bool set, int64_t *cur, int64_t *max)
{
  acs__msg m = start(ACS__SYS_RLIMIT);
  acs__msg_i32(&m, resource);
  acs__msg_i32(&m, set);
  acs__msg_i64(&m, *cur);
  acs__msg_i64(&m, *max);
  acs__rd rd;
  int64_t r = call(&m, &rd, NULL, NULL);
  int64_t c, x;
  if (acs__rd_i64(&rd, &c) && acs__rd_i64(&rd, &x)) {
    *cur = c;
    *max = x;
  } else if (r == 0) {
    return -EPROTO;
  }
  return (int)r;
}

int acs_sys_lookup(const char *host, int family, acs_sys_addr *out, int max, char *why, size_t why_len)
{
  if (why && why_len) why[0] = 0;
  acs__msg m = start(ACS__SYS_LOOKUP);
  pstr(&m, host ? host : "");
  acs__msg_i32(&m, family);
  acs__rd rd;
  int64_t r = call(&m, &rd, NULL, NULL);
  if (r < 0) {
    if (why && why_len && !acs__rd_str(&rd, why, why_len)) why[0] = 0;
    return (int)r;
  }
  int n = 0;
  for (int64_t i = 0; i < r; i++) {
    acs_sys_addr a;
    uint32_t fam;
    if (!acs__rd_str(&rd, a.address, sizeof a.address) || !acs__rd_u32(&rd, &fam)) return -EPROTO;
    a.family = (int)fam;
    if (n < max) out[n++] = a;
  }
  return n;
}

int acs_sys_sockname(int fd, bool *listener, acs_sys_sockaddr *addr)
{
  acs__msg m = start(ACS__SYS_SOCKNAME);
  acs__msg_i32(&m, fd);
  acs__rd rd;
  int64_t r = call(&m, &rd, NULL, NULL);
  if (r < 0) return (int)r;
  uint32_t kind;
  if (!acs__rd_u32(&rd, &kind) || !read_addrs(&rd, addr)) return -EPROTO;
  if (listener) *listener = kind == 1;
  return 0;
}

const char acs_sys_no_network[] =
    "the box has no network: only its own servers (localhost, 127.0.0.1, ::1) can be reached";

int acs_sys_dial(const char *host, int port, char *why, size_t why_len)
{
  char h[272];
  size_t n = strlen(host);
  if (n >= 2 && host[0] == '[' && host[n - 1] == ']') snprintf(h, sizeof h, "%.*s", (int)(n - 2), host + 1);
  else snprintf(h, sizeof h, "%s", host);
  acs_sys_sockaddr a;
  int fd = acs_sys_connect(h, port, SOCK_CLOEXEC, &a);
  if (fd < 0) {
    if (why_len) snprintf(why, why_len, "%s", a.error[0] ? a.error : fd == -ENETUNREACH ? acs_sys_no_network : "");
    return fd;
  }
  int real = direct_of(fd);
  int mine = real >= 0 ? fcntl(real, F_DUPFD_CLOEXEC, 0) : -1;
  int e = mine < 0 ? (real < 0 ? EBADF : errno) : 0;
  acs_sys_close(fd);
  if (mine < 0 && why_len) snprintf(why, why_len, "%s", strerror(e));
  return mine < 0 ? -e : mine;
}

int acs_sys_hostcmd(const char *name)
{
  acs__msg m = start(ACS__SYS_HOSTCMD);
  pstr(&m, name);
  acs__rd rd;
  int got[ACS__SYS_MAX_FDS], ngot = 0;
  int64_t r = call(&m, &rd, got, &ngot);
  if (r < 0 || ngot != 1) {
    for (int i = 0; i < ngot; i++) close(got[i]);
    return r < 0 ? (int)r : -EPROTO;
  }
  return got[0];
}

ssize_t acs_sys_pkg_install(const char *dir, const void *req, size_t len, char **answer)
{
  *answer = NULL;
  acs__msg m = start(ACS__SYS_PKG_INSTALL);
  pstr(&m, dir);
  acs__msg_bytes(&m, req, len);
  acs__rd rd;
  int64_t total = call(&m, &rd, NULL, NULL);
  if (total < 0) return (ssize_t)total;
  char *out = malloc((size_t)total + 1);
  if (!out) return -ENOMEM;
  size_t have = 0;
  for (;;) {
    const unsigned char *p;
    size_t n;
    if (!acs__rd_bytes(&rd, &p, &n) || have + n > (size_t)total) {
      free(out);
      return -EPROTO;
    }
    memcpy(out + have, p, n);
    have += n;
    if (have == (size_t)total || n == 0) break;
    /* the rest of a long answer, a part per call */
    m = start(ACS__SYS_PKG_RESULT);
    acs__msg_i64(&m, (int64_t)have);
    int64_t t = call(&m, &rd, NULL, NULL);
    if (t < 0 || t != total) {
      free(out);
      return t < 0 ? (ssize_t)t : -EPROTO;
    }
  }
  out[have] = 0;
  *answer = out;
  return (ssize_t)have;
}

/* ------------------------------------------------------------ the *at forms */
/* The path calls relative to a directory descriptor (the WASI host's
** path_* calls name a directory fd and a path under it). */

int acs_sys_mkdirat(int at, const char *path, unsigned mode)
{
  acs__msg m = start(ACS__SYS_MKDIR);
  acs__msg_i32(&m, at);
  pstr(&m, path);
  acs__msg_u32(&m, mode);
  return simple(&m);
}

int acs_sys_unlinkat(int at, const char *path, int flags)
{
  acs__msg m = start(ACS__SYS_UNLINK);
  acs__msg_i32(&m, at);
  pstr(&m, path);
  acs__msg_i32(&m, flags);
  return simple(&m);
}

static int two_paths_at(uint16_t op, int at1, const char *from, int at2, const char *to, int32_t flags)
{
  acs__msg m = start(op);
  acs__msg_i32(&m, at1);
  pstr(&m, from);
  acs__msg_i32(&m, at2);
  pstr(&m, to);
  acs__msg_i32(&m, flags);
  return simple(&m);
}

int acs_sys_renameat(int at1, const char *from, int at2, const char *to)
{
  return two_paths_at(ACS__SYS_RENAME, at1, from, at2, to, 0);
}

int acs_sys_linkat(int at1, const char *from, int at2, const char *to, int flags)
{
  return two_paths_at(ACS__SYS_LINK, at1, from, at2, to, flags);
}

int acs_sys_symlinkat(const char *target, int at, const char *path)
{
  acs__msg m = start(ACS__SYS_SYMLINK);
  pstr(&m, target);
  acs__msg_i32(&m, at);
  pstr(&m, path);
  return simple(&m);
}

ssize_t acs_sys_readlinkat(int at, const char *path, char *buf, size_t size, size_t *full)
{
  acs__msg m = start(ACS__SYS_READLINK);
  acs__msg_i32(&m, at);
  pstr(&m, path);
  acs__rd rd;
  int64_t r = call(&m, &rd, NULL, NULL);
  if (r < 0) return r;
  const unsigned char *p;
  size_t len;
  if (!acs__rd_bytes(&rd, &p, &len)) return -EPROTO;
  if (full) *full = len;
  if (len > size) len = size;
  memcpy(buf, p, len);
  return (ssize_t)len;
}

int acs_sys_truncateat(int at, const char *path, int64_t len)
{
  acs__msg m = start(ACS__SYS_TRUNCATE);
  acs__msg_i32(&m, at);
  pstr(&m, path);
  acs__msg_i64(&m, len);
  return simple(&m);
}

/* ---------------------------------------------------------- terminal */

int acs_sys_setpgid(int pid, int pgid)
{
  acs__msg m = start(ACS__SYS_SETPGID);
  acs__msg_i32(&m, pid);
  acs__msg_i32(&m, pgid);
  return simple(&m);
}

int acs_sys_setsid(void)
{
  acs__msg m = start(ACS__SYS_SETSID);
  return simple(&m);
}

int acs_sys_tcgetpgrp(int fd)
{
  acs__msg m = start(ACS__SYS_TCGETPGRP);
  acs__msg_i32(&m, fd);
  return simple(&m);
}

int acs_sys_tcsetpgrp(int fd, int pgid)
{
  int r = tty_access(fd, SIGTTOU);
  if (r < 0) return r;
  acs__msg m = start(ACS__SYS_TCSETPGRP);
  acs__msg_i32(&m, fd);
  acs__msg_i32(&m, pgid);
  return simple(&m);
}

int acs_sys_tcgetattr(int fd, struct termios *t)
{
  acs__msg m = start(ACS__SYS_TCGETATTR);
  acs__msg_i32(&m, fd);
  acs__rd rd;
  int64_t r = call(&m, &rd, NULL, NULL);
  if (r < 0) return (int)r;
  const unsigned char *p;
  size_t len;
  if (!acs__rd_bytes(&rd, &p, &len) || len != sizeof *t) return -EPROTO;
  memcpy(t, p, sizeof *t);
  return 0;
}

int acs_sys_tcsetattr(int fd, int action, const struct termios *t)
{
  int r = tty_access(fd, SIGTTOU);
  if (r < 0) return r;
  acs__msg m = start(ACS__SYS_TCSETATTR);
  acs__msg_i32(&m, fd);
  acs__msg_i32(&m, action);
  acs__msg_bytes(&m, t, sizeof *t);
  return simple(&m);
}

int acs_sys_getwinsz(int fd, int *rows, int *cols)
{
  acs__msg m = start(ACS__SYS_GETWINSZ);
  acs__msg_i32(&m, fd);
  acs__rd rd;
  int64_t r = call(&m, &rd, NULL, NULL);
  if (r < 0) return (int)r;
  uint32_t a, b;
  if (!acs__rd_u32(&rd, &a) || !acs__rd_u32(&rd, &b)) return -EPROTO;
  *rows = (int)a;
  *cols = (int)b;
  return 0;
}

int acs_sys_setwinsz(int fd, int rows, int cols)
{
  acs__msg m = start(ACS__SYS_SETWINSZ);
  acs__msg_i32(&m, fd);
  acs__msg_u32(&m, (uint32_t)rows);
  acs__msg_u32(&m, (uint32_t)cols);
  return simple(&m);
}

bool acs_sys_isatty(int fd)
{
  int d = direct_of(fd);
  return d >= 0 && isatty(d);
}

int acs_sys_spawn_pgrp(int on, int tty_fd)
{
  acs__msg m = start(ACS__SYS_SPAWN_PGRP);
  acs__msg_i32(&m, on);
  acs__msg_i32(&m, tty_fd);
  return simple(&m);
}
