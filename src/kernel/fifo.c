/* fifo.c - named pipes of memfs (mkfifo): each fifo that is open is a
** host pipe, and every open of it is a descriptor the guest holds itself
** (as a `|` pipe's ends), so reads and writes never pass the kernel.
**
** The pipe is reached again through an O_PATH descriptor of it (a reopen
** of /proc/self/fd/N), the kernel holding no end of its own: a reader
** sees the end of the file when the last writer closes, as on Linux. An
** anonymous pipe reopened so does not follow a fifo's rules for opening,
** so the kernel keeps them from its own count of the descriptors open on
** each fifo: an open to read waits for a writer, one to write for a
** reader (O_NONBLOCK: the reader goes on, the writer fails ENXIO), and
** O_RDWR never waits. A waiting open is a call answered later, the
** process's socket left unread meanwhile (as WAIT's). */
#include "kernel.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct acs__kfifo {
  acs_memfs_file *mf; /* keeps the inode while it is open */
  acs_memfs_inode *ino;
  int path_fd;        /* O_PATH of the pipe */
  int readers, writers; /* descriptors open on it, and opens waiting */
  acs__kfifo *next;
};

static int reopen(int path_fd, int acc)
{
  char p[64];
  snprintf(p, sizeof p, "/proc/self/fd/%d", path_fd);
  int fd = open(p, acc | O_NONBLOCK | O_CLOEXEC);
  return fd < 0 ? -errno : fd;
}

static acs__kfifo *fifo_get(acs__kernel *k, acs_memfs_file *mf, int *err)
{
  acs_memfs_inode *ino = acs_memfs_file_inode(mf);
  for (acs__kfifo *f = k->fifos; f; f = f->next)
    if (f->ino == ino) {
      acs_memfs_close(k->fs, mf);
      return f;
    }
  acs__kfifo *f = calloc(1, sizeof *f);
  int ends[2];
  if (!f || pipe2(ends, O_CLOEXEC) < 0) {
    *err = f ? -errno : -ENOMEM;
    free(f);
    acs_memfs_close(k->fs, mf);
    return NULL;
  }
  char p[64];
  snprintf(p, sizeof p, "/proc/self/fd/%d", ends[0]);
  f->path_fd = open(p, O_PATH | O_CLOEXEC);
  close(ends[0]);
  close(ends[1]);
  if (f->path_fd < 0) {
    *err = -errno;
    free(f);
    acs_memfs_close(k->fs, mf);
    return NULL;
  }
  f->mf = mf;
  f->ino = ino;
  f->next = k->fifos;
  k->fifos = f;
  return f;
}

/* a fifo nobody has open any more is forgotten (its data with it, as
** Linux drops a fifo's buffer at the last close) */
static void fifo_maybe_free(acs__kernel *k, acs__kfifo *f)
{
  if (f->readers > 0 || f->writers > 0) return;
  for (acs__kfifo **pp = &k->fifos; *pp; pp = &(*pp)->next)
    if (*pp == f) {
      *pp = f->next;
      break;
    }
  close(f->path_fd);
  acs_memfs_close(k->fs, f->mf);
  free(f);
}

static void count(acs__kfifo *f, int acc, int d)
{
  if (acc != O_WRONLY) f->readers += d;
  if (acc != O_RDONLY) f->writers += d;
}

/* The descriptor of an open that goes on: a direct kfile at box fd nfd.
** Returns its host end or -errno (the count undone). */
static int prepare(acs__proc *p, acs__kfifo *f, int flags, int nfd)
{
  int acc = flags & O_ACCMODE;
  int fd = reopen(f->path_fd, acc);
  if (fd >= 0 && !(flags & O_NONBLOCK)) fcntl(fd, F_SETFL, 0);
  acs__kfile *kf = fd >= 0 ? acs__kfile_new(NULL, fd) : NULL;
  if (!kf) {
    if (fd >= 0) close(fd);
    count(f, acc, -1);
    return fd < 0 ? fd : -ENOMEM;
  }
  kf->fifo = f;
  kf->fifo_acc = acc;
  p->fds[nfd].f = kf;
  p->fds[nfd].cloexec = (flags & O_CLOEXEC) != 0;
  return fd;
}

/* the guest is told its box fd with the host end (or the error) */
static void answer(acs__kernel *k, acs__proc *p, int sock, uint32_t seq, int nfd, int fd)
{
  if (fd < 0) {
    acs__kernel_reply(k, sock, seq, fd);
    return;
  }
  acs__msg m;
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, nfd);
  acs__msg_fd(&m, fd);
  if (acs__msg_send(sock, &m) != 0) acs__proc_fd_close(k, p, nfd);
}

/* Opens that waited for this fifo's other side, now that it came: every
** host end is made before anyone is answered (a writer told first could
** write before its reader's end exists: EPIPE). */
static void wake(acs__kernel *k, acs__kfifo *f, acs__proc *p, int sock, uint32_t seq, int flags, int nfd)
{
  int fd = prepare(p, f, flags, nfd);
  int ready[64], fds[64], n = 0;
  for (int i = 2; i < k->nprocs && n < 64; i++) {
    acs__proc *q = &k->procs[i];
    if (q->fifo_wait != f) continue;
    int acc = q->fifo_flags & O_ACCMODE;
    if ((acc == O_RDONLY && !f->writers) || (acc == O_WRONLY && !f->readers)) continue;
    q->fifo_wait = NULL;
    ready[n] = i;
    fds[n++] = prepare(q, f, q->fifo_flags, q->fifo_fd);
  }
  for (int i = 0; i < n; i++) {
    acs__proc *q = &k->procs[ready[i]];
    answer(k, q, q->sock, q->fifo_seq, q->fifo_fd, fds[i]);
  }
  answer(k, p, sock, seq, nfd, fd);
  fifo_maybe_free(k, f);
}

void acs__fifo_open(acs__kernel *k, acs__proc *p, int sock, uint32_t seq, acs_memfs_file *mf, int flags)
{
  int err = 0;
  int nfd = acs__proc_fd_alloc(p, 0);
  if (nfd < 0) {
    acs_memfs_close(k->fs, mf);
    acs__kernel_reply(k, sock, seq, nfd);
    return;
  }
  acs__kfifo *f = fifo_get(k, mf, &err);
  if (!f) {
    acs__kernel_reply(k, sock, seq, err);
    return;
  }
  int acc = flags & O_ACCMODE;
  if (acc == O_WRONLY && (flags & O_NONBLOCK) && !f->readers) {
    fifo_maybe_free(k, f);
    acs__kernel_reply(k, sock, seq, -ENXIO);
    return;
  }
  count(f, acc, 1);
  bool waits = !(flags & O_NONBLOCK) && ((acc == O_RDONLY && !f->writers) || (acc == O_WRONLY && !f->readers));
  if (waits) {
    /* the fd stays free until it is answered; the process makes no call meanwhile */
    p->fifo_wait = f;
    p->fifo_flags = flags;
    p->fifo_seq = seq;
    p->fifo_fd = nfd;
    return;
  }
  wake(k, f, p, sock, seq, flags, nfd);
}

void acs__fifo_closed(acs__kernel *k, acs__kfile *kf)
{
  if (!kf->fifo) return;
  count(kf->fifo, kf->fifo_acc, -1);
  fifo_maybe_free(k, kf->fifo);
  kf->fifo = NULL;
}

/* A signal sent to a process that waits in an open of a fifo: the open is
** answered -EINTR with the signal, and the process goes on as Linux's
** open would (sys.c: EINTR when a handler of its own without SA_RESTART
** took the signal, else it opens again and waits anew). */
void acs__fifo_interrupt(acs__kernel *k, acs__proc *p, int sig)
{
  if (!p->fifo_wait || p->sock < 0) return;
  uint32_t seq = p->fifo_seq;
  acs__fifo_forget(k, p);
  unsigned char b[64];
  acs__msg m;
  acs__msg_init(&m, b, sizeof b, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, -EINTR);
  acs__msg_i32(&m, sig);
  acs__msg_send(p->sock, &m);
}

void acs__fifo_forget(acs__kernel *k, acs__proc *p)
{
  acs__kfifo *f = p->fifo_wait;
  if (!f) return;
  p->fifo_wait = NULL;
  count(f, p->fifo_flags & O_ACCMODE, -1);
  fifo_maybe_free(k, f);
}
