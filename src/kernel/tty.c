/* tty.c - sessions, process groups and the box's terminals.
**
** A terminal of the box is a real pty pair that the kernel holds: its
** slave is handed to the box's programs as a direct descriptor, so the
** host's line discipline does canonical mode, echo, erase/kill/word-erase,
** ^D and raw mode, and reads and writes need no round trip. The master
** stays the kernel's. What Linux cannot do for the box is signal it: the
** box's process groups are the kernel's (a guest may not setpgid or setsid
** on the host), so the kernel reads what the owner types before it goes to
** the master and sends SIGINT, SIGQUIT and SIGTSTP to the terminal's
** foreground group itself when the terminal's termios says ISIG (Linux's
** own ISIG then still echoes ^C and flushes the line, and signals nobody:
** the pty is no host process's controlling terminal). SIGWINCH likewise.
**
** A terminal either relays to the owner (a stream socket whose other end
** the owner holds: bytes typed in, the screen's bytes out) or has no
** relay: then it only carries the foreground group of a session (an
** acs_box_session's shell puts each job in its own group and the owner
** stops the foreground one through it). */
#include "kernel.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <termios.h>
#include <unistd.h>

#define MAX_TTYS 32
#define MAX_RELAYS (ACS__KTTY_POLL / 2)

struct acs__ktty {
  acs__ktty *next;
  int id;
  int refs;               /* descriptors of it, and 1 while it is open */
  int master, slave;      /* -1 once hung up */
  int relay;              /* the kernel's end towards the owner, or -1 */
  int32_t sid, fg_pgid;   /* its session and foreground group (0: none) */
  unsigned char in[4096]; /* typed, not yet taken by the master */
  size_t in_len;
  unsigned char out[4096]; /* from the master, not yet taken by the owner */
  size_t out_len;
};

static acs__ktty *tty_by_id(acs__kernel *k, int32_t id)
{
  for (acs__ktty *t = k->ttys; t; t = t->next)
    if (t->id == id && t->master >= 0) return t;
  return NULL;
}

static void tty_unref(acs__kernel *k, acs__ktty *t);

static void signal_group(acs__kernel *k, int32_t pgid, int sig)
{
  if (pgid <= 0) return;
  for (int i = 2; i < k->nprocs; i++) {
    acs__proc *p = &k->procs[i];
    if ((p->state == ACS__P_RUNNING || p->state == ACS__P_STARTING) && p->pgid == pgid)
      acs__proc_signal(k, p, sig);
  }
}

static bool group_exists(acs__kernel *k, int32_t pgid, int32_t sid)
{
  for (int i = 2; i < k->nprocs; i++) {
    acs__proc *p = &k->procs[i];
    if ((p->state == ACS__P_RUNNING || p->state == ACS__P_STARTING) && p->pgid == pgid &&
        p->sid == sid)
      return true;
  }
  return false;
}

/* The owner went away, or closed the terminal: as a modem hang-up, SIGHUP
** (and SIGCONT, for stopped jobs) to its session; reads then see EOF. */
static void hang_up(acs__kernel *k, acs__ktty *t)
{
  if (t->relay >= 0 && t->master >= 0) {
    /* what is still on its way to the screen goes first (the line
    ** discipline echoes what was typed last a moment later: a short quiet
    ** spell ends it) */
    fcntl(t->relay, F_SETFL, 0);
    for (;;) {
      if (t->out_len && send(t->relay, t->out, t->out_len, MSG_NOSIGNAL) < 0) break;
      t->out_len = 0;
      struct pollfd pf = {.fd = t->master, .events = POLLIN};
      if (poll(&pf, 1, 20) <= 0) break;
      ssize_t n = read(t->master, t->out, sizeof t->out);
      if (n <= 0) break;
      t->out_len = (size_t)n;
    }
  }
  if (t->relay >= 0) close(t->relay);
  t->relay = -1;
  for (int i = 2; i < k->nprocs; i++) {
    acs__proc *p = &k->procs[i];
    if ((p->state == ACS__P_RUNNING || p->state == ACS__P_STARTING) && t->sid && p->sid == t->sid) {
      acs__proc_signal(k, p, SIGHUP);
      acs__proc_signal(k, p, SIGCONT);
    }
  }
  bool was_open = t->master >= 0;
  if (t->master >= 0) close(t->master);
  if (t->slave >= 0) close(t->slave);
  t->master = t->slave = -1;
  t->sid = t->fg_pgid = 0;
  t->in_len = t->out_len = 0;
  if (was_open) tty_unref(k, t); /* t may be gone now */
}

static int tty_open(acs__kernel *k, uint32_t rows, uint32_t cols, bool relay, int *owner_end,
                    acs__ktty **out)
{
  int n = 0;
  for (acs__ktty *t = k->ttys; t; t = t->next) n += t->master >= 0;
  if (n >= MAX_TTYS) return -ENOSPC;
  int relays = 0;
  for (acs__ktty *t = k->ttys; t; t = t->next) relays += t->relay >= 0;
  if (relay && relays >= MAX_RELAYS) return -ENOSPC;
  int m = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (m < 0) return -errno;
  char name[64];
  int s = -1;
  if (grantpt(m) || unlockpt(m) || ptsname_r(m, name, sizeof name) ||
      (s = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)) < 0) {
    int e = errno;
    close(m);
    return -e;
  }
  struct termios tio;
  if (tcgetattr(s, &tio) == 0) {
    tio.c_iflag |= IUTF8; /* the box speaks UTF-8: erase takes a whole character */
    tcsetattr(s, TCSANOW, &tio);
  }
  struct winsize ws = {.ws_row = (unsigned short)(rows ? rows : 24),
                       .ws_col = (unsigned short)(cols ? cols : 80)};
  ioctl(m, TIOCSWINSZ, &ws);
  fcntl(m, F_SETFL, O_NONBLOCK);
  int sv[2] = {-1, -1};
  if (relay && socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
    int e = errno;
    close(m);
    close(s);
    return -e;
  }
  acs__ktty *t = calloc(1, sizeof *t);
  if (!t) {
    close(m);
    close(s);
    if (sv[0] >= 0) close(sv[0]), close(sv[1]);
    return -ENOMEM;
  }
  if (sv[0] >= 0) fcntl(sv[0], F_SETFL, O_NONBLOCK);
  t->refs = 1;
  t->master = m;
  t->slave = s;
  t->relay = sv[0];
  *owner_end = sv[1];
  static int ids;
  t->id = ++ids;
  t->next = k->ttys;
  k->ttys = t;
  *out = t;
  return t->id;
}

/* A descriptor of the terminal for a process's table. */
static acs__kfile *tty_file(acs__ktty *t)
{
  int fd = fcntl(t->slave, F_DUPFD_CLOEXEC, 0);
  if (fd < 0) return NULL;
  acs__kfile *f = acs__kfile_new(NULL, fd);
  if (!f) {
    close(fd);
    return NULL;
  }
  f->tty = t;
  t->refs++;
  return f;
}

void acs__ktty_open(acs__kernel *k, acs__proc *p, int sock, uint32_t seq, int nfd, int flags)
{
  acs__ktty *t = k->ttys;
  while (t && !(t->slave >= 0 && t->sid == p->sid && t->sid)) t = t->next;
  acs__kfile *f = t ? tty_file(t) : NULL;
  if (!f) {
    acs__kernel_reply(k, sock, seq, t ? -ENOMEM : -ENXIO);
    return;
  }
  p->fds[nfd].f = f;
  p->fds[nfd].cloexec = (flags & O_CLOEXEC) != 0;
  acs__msg m;
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, nfd);
  acs__msg_fd(&m, f->host_fd);
  if (acs__msg_send(sock, &m) != 0) acs__proc_fd_close(k, p, nfd);
}

/* A terminal is freed once it is hung up and no descriptor names it. */
static void tty_unref(acs__kernel *k, acs__ktty *t)
{
  if (--t->refs > 0) return;
  for (acs__ktty **pp = &k->ttys; *pp; pp = &(*pp)->next)
    if (*pp == t) {
      *pp = t->next;
      break;
    }
  free(t);
}

void acs__ktty_put(acs__kernel *k, acs__ktty *t)
{
  if (t) tty_unref(k, t);
}

/* BOX_SPAWN_EX: BOX_SPAWN's fields, then the terminal and a descriptor
** list (child fd, and -1: the next passed fd, or -2: the terminal). */
static bool spawn_ex(acs__kernel *k, acs__rd *rd, uint32_t seq, int *fds, int nfds)
{
  char path[ACS__SYS_MAX_STR + 1], cwd[ACS__SYS_MAX_STR + 1];
  bool ok = acs__rd_str(rd, path, sizeof path);
  char **argv = ok ? acs__rd_strv(rd) : NULL;
  char **envp = argv ? acs__rd_strv(rd) : NULL;
  uint32_t uid = 0, gid = 0, n = 0;
  int32_t tid = -1;
  ok = envp && acs__rd_str(rd, cwd, sizeof cwd) && acs__rd_u32(rd, &uid) && acs__rd_u32(rd, &gid) &&
       acs__rd_i32(rd, &tid) && acs__rd_u32(rd, &n) && n <= 64;
  static acs__kfd table[ACS__K_MAX_FDS];
  memset(table, 0, sizeof table);
  int64_t r = 0;
  acs__ktty *t = NULL;
  if (ok && tid >= 0 && !(t = tty_by_id(k, tid))) r = -ENOTTY;
  int used = 0;
  for (uint32_t i = 0; ok && i < n; i++) {
    int32_t child, what;
    ok = acs__rd_i32(rd, &child) && acs__rd_i32(rd, &what) && child >= 0 &&
         child < ACS__K_MAX_FDS && (what == -1 || what == -2);
    if (!ok || r) break;
    acs__kfile *f = NULL;
    if (what == -2) f = t ? tty_file(t) : NULL;
    else if (used < nfds && (f = acs__kfile_new(NULL, fds[used]))) fds[used] = -1;
    if (what == -1) used++;
    if (!f) r = what == -2 && !t ? -ENOTTY : -ENOMEM;
    else {
      acs__kfile_put(k, table[child].f);
      table[child].f = f;
    }
  }
  ok = ok && acs__rd_done(rd) && used == nfds;
  for (int fd = 0; ok && !r && t && fd < 3; fd++)
    if (!table[fd].f && !(table[fd].f = tty_file(t))) r = -ENOMEM;
  if (ok && !r) {
    r = acs__proc_spawn(k, NULL, path, argv, envp, table, cwd, uid, gid);
    acs__proc *p = r > 0 ? acs__proc_get(k, (int32_t)r) : NULL;
    if (p) {
      p->sid = p->pgid = p->pid; /* a session of its own, on the terminal */
      if (t) t->sid = t->fg_pgid = p->pid;
    }
  }
  for (int fd = 0; fd < ACS__K_MAX_FDS; fd++) acs__kfile_put(k, table[fd].f); /* the spawn took its own */
  for (int i = 0; i < nfds; i++)
    if (fds[i] >= 0) close(fds[i]);
  acs__strv_free(argv);
  acs__strv_free(envp);
  if (!ok) return false;
  acs__kernel_reply(k, k->owner, seq, r);
  return true;
}

bool acs__ktty_owner(acs__kernel *k, const acs__sys_hdr *h, acs__rd *rd, int *fds, int nfds)
{
  uint32_t a = 0, b = 0, c = 0;
  int32_t id = 0, sig = 0;
  int64_t r = 0;
  if (h->op == ACS__BOX_SPAWN_EX) return spawn_ex(k, rd, h->seq, fds, nfds);
  for (int i = 0; i < nfds; i++) close(fds[i]);
  if (nfds) return false;
  switch (h->op) {
  case ACS__BOX_TTY_OPEN: {
    if (!acs__rd_u32(rd, &a) || !acs__rd_u32(rd, &b) || !acs__rd_u32(rd, &c) || !acs__rd_done(rd))
      return false;
    int end = -1;
    acs__ktty *t = NULL;
    r = tty_open(k, a, b, c != 0, &end, &t);
    acs__msg m;
    acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, h->seq);
    acs__msg_i64(&m, r);
    if (end >= 0) acs__msg_fd(&m, end);
    acs__msg_send(k->owner, &m);
    if (end >= 0) close(end);
    return true;
  }
  case ACS__BOX_TTY_RESIZE: {
    if (!acs__rd_i32(rd, &id) || !acs__rd_u32(rd, &a) || !acs__rd_u32(rd, &b) || !acs__rd_done(rd))
      return false;
    acs__ktty *t = tty_by_id(k, id);
    if (!t) r = -ENOTTY;
    else {
      struct winsize ws = {.ws_row = (unsigned short)a, .ws_col = (unsigned short)b};
      struct winsize old = {0};
      ioctl(t->master, TIOCGWINSZ, &old);
      if (ioctl(t->master, TIOCSWINSZ, &ws) < 0) r = -errno;
      else if (old.ws_row != ws.ws_row || old.ws_col != ws.ws_col) signal_group(k, t->fg_pgid, SIGWINCH);
    }
    break;
  }
  case ACS__BOX_TTY_SIGNAL: {
    if (!acs__rd_i32(rd, &id) || !acs__rd_i32(rd, &sig) || !acs__rd_done(rd)) return false;
    acs__ktty *t = tty_by_id(k, id);
    if (!t) r = -ENOTTY;
    else if (sig < 0 || sig >= 64) r = -EINVAL;
    else {
      signal_group(k, t->fg_pgid, sig);
      r = t->fg_pgid;
    }
    break;
  }
  case ACS__BOX_KILLPG:
    if (!acs__rd_i32(rd, &id) || !acs__rd_i32(rd, &sig) || !acs__rd_done(rd)) return false;
    if (id <= 1 || sig < 0 || sig >= 64) r = -EINVAL;
    else signal_group(k, id, sig);
    break;
  case ACS__BOX_TTY_CLOSE: {
    if (!acs__rd_i32(rd, &id) || !acs__rd_done(rd)) return false;
    acs__ktty *t = tty_by_id(k, id);
    if (!t) r = -ENOTTY;
    else hang_up(k, t);
    break;
  }
  default:
    return false;
  }
  acs__kernel_reply(k, k->owner, h->seq, r);
  return true;
}

/* the terminal behind a process's descriptor, or NULL */
static acs__ktty *tty_of(acs__proc *p, int32_t fd)
{
  if (fd < 0 || fd >= ACS__K_MAX_FDS || !p->fds[fd].f) return NULL;
  acs__ktty *t = p->fds[fd].f->tty;
  return t && t->slave >= 0 ? t : NULL;
}

static int set_pgid(acs__kernel *k, acs__proc *p, int32_t pid, int32_t pgid)
{
  if (pid < 0 || pgid < 0) return -EINVAL;
  acs__proc *t = pid == 0 || pid == p->pid ? p : acs__proc_get(k, pid);
  if (!t || (t != p && t->ppid != p->pid) || t->state == ACS__P_ZOMBIE) return -ESRCH;
  if (t->sid != p->sid || t->sid == t->pid) return -EPERM;
  if (pgid == 0) pgid = t->pid;
  if (pgid != t->pid && !group_exists(k, pgid, p->sid)) return -EPERM;
  t->pgid = pgid;
  return 0;
}

bool acs__ktty_call(acs__kernel *k, acs__proc *p, int sock, const acs__sys_hdr *h, acs__rd *rd)
{
  int32_t fd = -1, a = 0, b = 0;
  uint32_t u = 0, v = 0;
  int64_t r = 0;
  acs__msg m;
  switch (h->op) {
  case ACS__SYS_SETPGID:
    if (!acs__rd_i32(rd, &a) || !acs__rd_i32(rd, &b) || !acs__rd_done(rd)) return false;
    r = set_pgid(k, p, a, b);
    break;
  case ACS__SYS_SETSID:
    if (!acs__rd_done(rd)) return false;
    if (p->pgid == p->pid) r = -EPERM; /* a group leader cannot, as on Linux */
    else r = p->sid = p->pgid = p->pid;
    break;
  case ACS__SYS_TCGETPGRP: {
    if (!acs__rd_i32(rd, &fd) || !acs__rd_done(rd)) return false;
    acs__ktty *t = tty_of(p, fd);
    r = !t ? -ENOTTY : t->fg_pgid ? t->fg_pgid : 0x7fffffff; /* none: a pgid no group has */
    break;
  }
  case ACS__SYS_TTY_ACCESS: {
    /* Linux's job control for a controlling terminal (the box's is none of
    ** the host's): a process of a background group of the terminal's
    ** session that reads it is stopped by SIGTTIN (EIO when it would not
    ** take it), one that changes it by SIGTTOU (it goes on when it would
    ** not take it). Anyone else, and the foreground, go on. */
    if (!acs__rd_i32(rd, &fd) || !acs__rd_i32(rd, &a) || !acs__rd_i32(rd, &b) || !acs__rd_done(rd))
      return false;
    acs__ktty *t = tty_of(p, fd);
    if (a != SIGTTIN && a != SIGTTOU) r = -EINVAL;
    else if (!t || t->sid != p->sid || !t->fg_pgid || p->pgid == t->fg_pgid) r = 0;
    else if (!b) r = a == SIGTTIN ? -EIO : 0;
    else {
      signal_group(k, p->pgid, a);
      r = -EINTR;
    }
    break;
  }
  case ACS__SYS_TCSETPGRP: {
    if (!acs__rd_i32(rd, &fd) || !acs__rd_i32(rd, &a) || !acs__rd_done(rd)) return false;
    acs__ktty *t = tty_of(p, fd);
    if (!t || t->sid != p->sid) r = -ENOTTY; /* not its controlling terminal */
    else if (a <= 0) r = -EINVAL;
    else if (!group_exists(k, a, p->sid)) r = -EPERM;
    else t->fg_pgid = a;
    break;
  }
  case ACS__SYS_TCGETATTR: {
    if (!acs__rd_i32(rd, &fd) || !acs__rd_done(rd)) return false;
    acs__ktty *t = tty_of(p, fd);
    struct termios tio;
    if (!t) return acs__kernel_reply(k, sock, h->seq, -ENOTTY), true;
    if (tcgetattr(t->slave, &tio) < 0) return acs__kernel_reply(k, sock, h->seq, -errno), true;
    acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, h->seq);
    acs__msg_i64(&m, 0);
    acs__msg_bytes(&m, &tio, sizeof tio);
    acs__msg_send(sock, &m);
    return true;
  }
  case ACS__SYS_TCSETATTR: {
    const unsigned char *data;
    size_t n;
    if (!acs__rd_i32(rd, &fd) || !acs__rd_i32(rd, &a) || !acs__rd_bytes(rd, &data, &n) ||
        !acs__rd_done(rd))
      return false;
    acs__ktty *t = tty_of(p, fd);
    struct termios tio;
    if (!t) r = -ENOTTY;
    else if (n != sizeof tio || (a != TCSANOW && a != TCSADRAIN && a != TCSAFLUSH)) r = -EINVAL;
    else {
      memcpy(&tio, data, sizeof tio);
      /* the kernel never waits for output to drain: its loop serves everyone */
      if (a == TCSAFLUSH) tcflush(t->slave, TCIFLUSH);
      if (tcsetattr(t->slave, TCSANOW, &tio) < 0) r = -errno;
    }
    break;
  }
  case ACS__SYS_GETWINSZ: {
    if (!acs__rd_i32(rd, &fd) || !acs__rd_done(rd)) return false;
    acs__ktty *t = tty_of(p, fd);
    struct winsize ws = {0};
    if (!t) return acs__kernel_reply(k, sock, h->seq, -ENOTTY), true;
    ioctl(t->slave, TIOCGWINSZ, &ws);
    acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, h->seq);
    acs__msg_i64(&m, 0);
    acs__msg_u32(&m, ws.ws_row);
    acs__msg_u32(&m, ws.ws_col);
    acs__msg_send(sock, &m);
    return true;
  }
  case ACS__SYS_SETWINSZ: {
    if (!acs__rd_i32(rd, &fd) || !acs__rd_u32(rd, &u) || !acs__rd_u32(rd, &v) || !acs__rd_done(rd))
      return false;
    acs__ktty *t = tty_of(p, fd);
    if (!t) r = -ENOTTY;
    else if (u > 65535 || v > 65535) r = -EINVAL;
    else {
      struct winsize ws = {.ws_row = (unsigned short)u, .ws_col = (unsigned short)v};
      if (ioctl(t->master, TIOCSWINSZ, &ws) < 0) r = -errno;
      else signal_group(k, t->fg_pgid, SIGWINCH);
    }
    break;
  }
  case ACS__SYS_SPAWN_PGRP:
    if (!acs__rd_i32(rd, &a) || !acs__rd_i32(rd, &fd) || !acs__rd_done(rd)) return false;
    if (a && fd >= 0 && !tty_of(p, fd)) r = -ENOTTY;
    else {
      p->spawn_pg = a != 0;
      p->spawn_pgid = 0;
      p->spawn_tty_fd = a ? fd : -1;
    }
    break;
  default:
    return false;
  }
  acs__kernel_reply(k, sock, h->seq, r);
  return true;
}

/* A child of a caller in SPAWN_PGRP's mode: in the job's group (its own
** when it is the first), which is the terminal's foreground, before it
** runs a single instruction: a ^Z typed the moment it writes is its. */
void acs__ktty_spawned(acs__kernel *k, acs__proc *parent, int32_t pid)
{
  acs__proc *c = parent->spawn_pg ? acs__proc_get(k, pid) : NULL;
  if (!c) return;
  if (!parent->spawn_pgid) parent->spawn_pgid = c->pid;
  c->pgid = parent->spawn_pgid;
  acs__ktty *t = parent->spawn_tty_fd >= 0 ? tty_of(parent, parent->spawn_tty_fd) : NULL;
  if (t && t->sid == parent->sid) t->fg_pgid = c->pgid;
}

int acs__ktty_poll(acs__kernel *k, struct pollfd *pf)
{
  int n = 0;
  for (acs__ktty *t = k->ttys; t && n + 2 <= ACS__KTTY_POLL; t = t->next) {
    if (t->relay < 0 || t->master < 0) continue;
    pf[n++] = (struct pollfd){.fd = t->relay,
                              .events = (short)((t->in_len ? 0 : POLLIN) | (t->out_len ? POLLOUT : 0))};
    pf[n++] = (struct pollfd){.fd = t->master,
                              .events = (short)((t->out_len ? 0 : POLLIN) | (t->in_len ? POLLOUT : 0))};
  }
  return n;
}

/* The signal a typed byte means under tio (ISIG), or 0. */
static int signal_char(const struct termios *tio, unsigned char c)
{
  if (!(tio->c_lflag & ISIG) || c == _POSIX_VDISABLE) return 0;
  if (c == tio->c_cc[VINTR]) return SIGINT;
  if (c == tio->c_cc[VQUIT]) return SIGQUIT;
  if (c == tio->c_cc[VSUSP]) return SIGTSTP;
  return 0;
}

/* A signal character typed: the kernel does what Linux's ISIG would, in an
** order it knows: the pending input is flushed (unless NOFLSH), "^C" is
** echoed (ECHO and ECHOCTL) to the screen after what the program wrote
** before, and only then the foreground group is signalled, so that what
** the job or the shell writes next comes after the echo and is never
** flushed by it. The byte itself never reaches the master. */
static void signalled(acs__kernel *k, acs__ktty *t, const struct termios *tio, unsigned char c, int sig)
{
  if (!(tio->c_lflag & NOFLSH)) tcflush(t->slave, TCIFLUSH);
  if ((tio->c_lflag & ECHO) && (tio->c_lflag & ECHOCTL)) {
    /* the screen's order: what the master holds first */
    ssize_t n;
    while (t->out_len < sizeof t->out - 2 &&
           (n = read(t->master, t->out + t->out_len, sizeof t->out - 2 - t->out_len)) > 0)
      t->out_len += (size_t)n;
    if (t->out_len <= sizeof t->out - 2) {
      t->out[t->out_len++] = '^';
      t->out[t->out_len++] = (unsigned char)(c == 0x7f ? '?' : c ^ 0x40);
    }
  }
  signal_group(k, t->fg_pgid, sig);
}

static void relay_one(acs__kernel *k, acs__ktty *t, short rev_relay, short rev_master)
{
  if (t->in_len == 0 && (rev_relay & (POLLIN | POLLHUP | POLLERR))) {
    ssize_t n = read(t->relay, t->in, sizeof t->in);
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
      hang_up(k, t);
      return;
    }
    if (n > 0) t->in_len = (size_t)n;
  }
  while (t->in_len && (rev_master & POLLOUT || rev_relay & POLLIN)) {
    struct termios tio;
    bool got = tcgetattr(t->slave, &tio) == 0;
    size_t upto = 0;
    int sig = 0;
    while (upto < t->in_len && !(got && (sig = signal_char(&tio, t->in[upto])))) upto++;
    size_t done = 0;
    if (upto) {
      ssize_t w = write(t->master, t->in, upto);
      done = w > 0 ? (size_t)w : 0;
    }
    if (done == upto && sig) {
      signalled(k, t, &tio, t->in[upto], sig);
      done++;
    }
    memmove(t->in, t->in + done, t->in_len - done);
    t->in_len -= done;
    if (done == 0 || (!sig && done < upto)) break;
  }
  if (t->out_len == 0 && (rev_master & POLLIN)) {
    ssize_t n = read(t->master, t->out, sizeof t->out);
    if (n > 0) t->out_len = (size_t)n;
  }
  if (t->out_len && t->relay >= 0) {
    ssize_t w = send(t->relay, t->out, t->out_len, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (w > 0) {
      memmove(t->out, t->out + w, t->out_len - (size_t)w);
      t->out_len -= (size_t)w;
    } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
      hang_up(k, t);
    }
  }
}

void acs__ktty_event(acs__kernel *k, const struct pollfd *pf, int n)
{
  for (int i = 0; i + 1 < n; i += 2) {
    if (!pf[i].revents && !pf[i + 1].revents) continue;
    for (acs__ktty *t = k->ttys; t; t = t->next)
      if (t->relay == pf[i].fd && t->master == pf[i + 1].fd) {
        relay_one(k, t, pf[i].revents, pf[i + 1].revents);
        break;
      }
  }
}
