/* calls.c - the kernel's answer to each system call of a process: fields
** read and checked (a malformed message ends the sender), the operation
** done on memfs with the process's credentials, the reply sent. Devices
** are served here: memfs keeps their type, the kernel their behaviour. */
#include "kernel.h"

#include "../sys/sys.h"
#include "hostfs.h"
#include "procfs.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

acs_memfs_cred acs__kernel_cred(const acs__proc *p)
{
  return (acs_memfs_cred){.uid = p->euid, .gid = p->egid, .ruid = p->uid, .rgid = p->gid,
                          .groups = p->groups, .ngroups = p->ngroups, .umask = p->umask};
}

/* Send a reply with fields; one that cannot go out becomes an error reply,
** so that the caller is never left waiting. */
static void send_reply(acs__kernel *k, int sock, acs__msg *m, uint32_t seq)
{
  if (acs__msg_send(sock, m) == -EMSGSIZE) acs__kernel_reply(k, sock, seq, -E2BIG);
}

void acs__kernel_reply(acs__kernel *k, int sock, uint32_t seq, int64_t r)
{
  acs__msg m;
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, r);
  acs__msg_send(sock, &m);
}

static acs__kfile *file_of(acs__proc *p, int32_t fd)
{
  if (fd < 0 || fd >= ACS__K_MAX_FDS) return NULL;
  return p->fds[fd].f;
}

/* Where a relative path starts: the cwd, or a directory descriptor.
** NULL with *err set when `at` names no directory. */
static acs_memfs_inode *start_of(acs__kernel *k, acs__proc *p, int32_t at, char *path, int *err)
{
  *err = acs__hostfs_rebase(k, p, &at, path, ACS__SYS_MAX_STR + 1);
  if (*err) return NULL;
  if (at == AT_FDCWD) return p->cwd;
  if (path[0] == '/') return acs_memfs_root(k->fs); /* dirfd is not looked at */
  acs__kfile *f = file_of(p, at);
  if (!f) {
    *err = -EBADF;
    return NULL;
  }
  if (!f->mf) {
    *err = -ENOTDIR;
    return NULL;
  }
  return acs_memfs_file_inode(f->mf);
}

/* A change of a path that crossed into a mount: /proc refuses it as Linux
** does; other mounts come with their backend. */
static int crossed(acs__kernel *k, acs__proc *p, int err, int op)
{
  if (err != ACS_MEMFS_CROSSED) return err;
  return acs__procfs_crossed(k) ? acs__procfs_refuse(k, p, op) : -EXDEV;
}

/* The box path an open names (for /proc/PID/fd): path from the cwd or
** from directory descriptor at, "." and ".." taken lexically, as the
** process wrote it. NULL when it cannot be told. */
static char *opened_as(acs__kernel *k, acs__proc *p, int32_t at, const char *path)
{
  char *base = NULL;
  if (path[0] != '/') {
    acs__kfile *d = at == AT_FDCWD ? NULL : file_of(p, at);
    if (at == AT_FDCWD) acs__proc_cwd(k, p, &base);
    else if (d && d->path) base = strdup(d->path);
    else if (d && d->mf) acs_memfs_dir_path(k->fs, acs_memfs_file_inode(d->mf), &base);
    if (!base) return NULL;
  }
  size_t cap = (base ? strlen(base) : 0) + strlen(path) + 3;
  char *in = malloc(cap), *out = malloc(cap);
  if (!in || !out) {
    free(in);
    free(out);
    free(base);
    return NULL;
  }
  snprintf(in, cap, "%s/%s", base ? base : "", path);
  free(base);
  size_t n = 0;
  for (char *c = in; *c;) {
    while (*c == '/') c++;
    if (!*c) break;
    size_t l = strcspn(c, "/");
    if (l == 1 && c[0] == '.') {
    } else if (l == 2 && c[0] == '.' && c[1] == '.') {
      while (n > 0 && out[n - 1] != '/') n--;
      if (n > 0) n--;
    } else {
      out[n++] = '/';
      memcpy(out + n, c, l);
      n += l;
    }
    c += l;
  }
  if (!n) out[n++] = '/';
  out[n] = 0;
  free(in);
  return out;
}

/* A memfs call on (dir, path) that may cross into a host mount: the
** mount's answer then, and a path that leaves the mount again (its
** backend rewrote path) goes round once more from the box's root. */
#define MOUNTED(call, hostcall)                                              \
  for (int hops_ = 0;; hops_++) {                                            \
    err = (call);                                                            \
    if (err == ACS_MEMFS_CROSSED && acs__hostfs_crossed(k)) err = (hostcall); \
    if (err != ACS__HOSTFS_AGAIN) break;                                     \
    if (hops_ == ACS_MEMFS_MAXSYMLINKS) {                                    \
      err = -ELOOP;                                                          \
      break;                                                                 \
    }                                                                        \
    dir = acs_memfs_root(k->fs);                                             \
  }

/* A relative path from a /proc directory descriptor (openat, fstatat):
** the same path from the box's root. */
static void proc_at(acs__proc *p, int32_t *at, char *path, size_t size)
{
  if (*at == AT_FDCWD || path[0] == '/' || !path[0]) return;
  acs__kfile *f = file_of(p, *at);
  if (!f || !f->pf || !acs__pfile_is_dir(f->pf)) return;
  char rel[ACS__SYS_MAX_STR + 1];
  snprintf(rel, sizeof rel, "%s", path);
  const char *dir = acs__pfile_path(f->pf);
  if ((size_t)snprintf(path, size, "/proc/%s%s%s", dir, *dir ? "/" : "", rel) >= size) return;
  *at = AT_FDCWD;
}

static void to_wire(const acs_memfs_stat *s, acs__sys_stat *w)
{
  *w = (acs__sys_stat){.dev = s->dev, .ino = s->ino, .nlink = s->nlink, .rdev = s->rdev,
                       .size = s->size, .blocks = s->blocks, .mode = s->mode, .uid = s->uid,
                       .gid = s->gid, .blksize = s->blksize,
                       .atime_s = s->atime.tv_sec, .atime_ns = s->atime.tv_nsec,
                       .mtime_s = s->mtime.tv_sec, .mtime_ns = s->mtime.tv_nsec,
                       .ctime_s = s->ctime.tv_sec, .ctime_ns = s->ctime.tv_nsec,
                       .btime_s = s->btime.tv_sec, .btime_ns = s->btime.tv_nsec};
}

static void reply_stat(acs__kernel *k, int sock, uint32_t seq, int rc, const acs_memfs_stat *s)
{
  acs__msg m;
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, rc);
  if (!rc) {
    acs__sys_stat w;
    to_wire(s, &w);
    acs__msg_stat(&m, &w);
  }
  send_reply(k, sock, &m, seq);
}

static void reply_bytes(acs__kernel *k, int sock, uint32_t seq, int64_t rc, const void *p,
                        size_t n)
{
  acs__msg m;
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, rc);
  if (rc >= 0) acs__msg_bytes(&m, p, n);
  send_reply(k, sock, &m, seq);
}

/* A character device's kind, or 0 for anything else. */
static uint64_t device_of(acs__kfile *f)
{
  if (!f->mf) return 0;
  acs_memfs_stat st;
  acs_memfs_inode_stat(acs_memfs_file_inode(f->mf), &st);
  if ((st.mode & S_IFMT) == S_IFIFO) return 1; /* served when pipes are (not yet) */
  return (st.mode & S_IFMT) == S_IFCHR ? st.rdev : 0;
}

static ssize_t device_read(uint64_t dev, void *buf, size_t n)
{
  switch (dev) {
  case ACS_MEMFS_DEV_NULL: return 0;
  case ACS_MEMFS_DEV_ZERO:
  case ACS_MEMFS_DEV_FULL: memset(buf, 0, n); return (ssize_t)n;
  case ACS_MEMFS_DEV_RANDOM:
  case ACS_MEMFS_DEV_URANDOM: {
    ssize_t r = getrandom(buf, n, 0);
    return r < 0 ? -errno : r;
  }
  default: return -ENXIO;
  }
}

static ssize_t device_write(uint64_t dev, size_t n)
{
  switch (dev) {
  case ACS_MEMFS_DEV_NULL:
  case ACS_MEMFS_DEV_ZERO:
  case ACS_MEMFS_DEV_RANDOM:
  case ACS_MEMFS_DEV_URANDOM: return (ssize_t)n;
  case ACS_MEMFS_DEV_FULL: return -ENOSPC;
  default: return -ENXIO;
  }
}

/* A read or write of a host descriptor (a pipe, socket or terminal end)
** that a guest asks of the kernel instead of doing it itself. It must not
** wait: the kernel is one thread for the whole box, so a READ of an empty
** pipe would freeze every process and the host's calls. Nothing ready is
** EAGAIN. The descriptor's own O_NONBLOCK is the guest's (it shares the
** open file), so a socket is asked with MSG_DONTWAIT, a pipe or terminal
** is reopened through /proc/self/fd as a description of its own, and a
** regular file (which never waits) is used as it is. */
static ssize_t host_io(int fd, void *buf, size_t n, bool wr)
{
  struct stat st;
  if (fstat(fd, &st) < 0) return -errno;
  ssize_t r;
  if (S_ISSOCK(st.st_mode)) {
    r = wr ? send(fd, buf, n, MSG_DONTWAIT | MSG_NOSIGNAL) : recv(fd, buf, n, MSG_DONTWAIT);
    return r < 0 ? -errno : r;
  }
  if (S_ISREG(st.st_mode) || S_ISBLK(st.st_mode)) {
    /* never waits, and must move the offset the guest shares (a script's
    ** stdout redirected to a host file): the descriptor itself */
    r = wr ? write(fd, buf, n) : read(fd, buf, n);
    return r < 0 ? -errno : r;
  }
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  int nb = open(path, (wr ? O_WRONLY : O_RDONLY) | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (nb < 0) return errno == ENXIO ? -EPIPE : -errno; /* a pipe nobody reads */
  r = wr ? write(nb, buf, n) : read(nb, buf, n);
  int e = errno;
  close(nb);
  return r < 0 ? -e : r;
}

static void do_read(acs__kernel *k, acs__proc *p, int sock, uint32_t seq, int32_t fd,
                    uint32_t count, bool at, int64_t off)
{
  acs__kfile *f = file_of(p, fd);
  if (!f) return acs__kernel_reply(k, sock, seq, -EBADF);
  /* a call from the shared call area is answered in place there, up to
  ** its larger size (kshm.c) */
  size_t cap = ACS__SYS_MAX_MSG;
  unsigned char *buf = acs__kshm_answer_buf(p, &cap);
  if (!buf) buf = k->sbuf;
  if (count > cap - 64) count = (uint32_t)(cap - 64);
  if (count > ACS__SYS_MAX_DATA && buf == k->sbuf) count = ACS__SYS_MAX_DATA;
  acs__msg m;
  acs__msg_init(&m, buf, cap, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, 0);
  unsigned char *dst = acs__msg_bytes_reserve(&m, count);
  ssize_t r;
  uint64_t dev = device_of(f);
  if (!dst) r = -ENOMEM;
  else if (f->pf) r = acs__pfile_read(f->pf, dst, count, at, off);
  else if (f->hf) r = acs__hfile_read(f->hf, dst, count, at, off);
  else if (!f->mf) r = at ? -ESPIPE : host_io(f->host_fd, dst, count, false);
  else if (dev) {
    int acc = acs_memfs_file_flags(f->mf) & O_ACCMODE;
    r = acc == O_WRONLY ? -EBADF : device_read(dev, dst, count);
  } else if (at) r = acs_memfs_pread(k->fs, f->mf, dst, count, off);
  else r = acs_memfs_read(k->fs, f->mf, dst, count);
  if (r < 0) return acs__kernel_reply(k, sock, seq, r);
  acs__msg_bytes_commit(&m, dst, (size_t)r);
  int64_t res = r;
  memcpy(buf + sizeof(acs__sys_hdr), &res, 8);
  send_reply(k, sock, &m, seq);
}

static int64_t do_write(acs__kernel *k, acs__proc *p, int32_t fd, const unsigned char *data,
                        size_t n, bool at, int64_t off)
{
  acs__kfile *f = file_of(p, fd);
  if (!f) return -EBADF;
  if (f->pf) return acs__pfile_writable(f->pf) ? -EIO : -EBADF; /* /proc takes no writes */
  if (f->hf) return acs__hfile_write(k, f->hf, data, n, at, off);
  if (!f->mf) return at ? -ESPIPE : host_io(f->host_fd, (void *)data, n, true);
  uint64_t dev = device_of(f);
  acs_memfs_cred cr = acs__kernel_cred(p);
  if (dev) {
    int acc = acs_memfs_file_flags(f->mf) & O_ACCMODE;
    return acc == O_RDONLY ? -EBADF : device_write(dev, n);
  }
  return at ? acs_memfs_pwrite(k->fs, &cr, f->mf, data, n, off)
            : acs_memfs_write(k->fs, &cr, f->mf, data, n);
}

int64_t acs__kernel_write_fd(acs__kernel *k, acs__proc *p, int fd, const void *data, size_t n)
{
  return do_write(k, p, fd, data, n, false, 0);
}

/* getdents: packed records into the reply, as many as fit. */
typedef struct dents {
  unsigned char *out;
  size_t len, cap;
} dents;

static int put_dent(void *user, const acs_memfs_dirent *e)
{
  dents *d = user;
  size_t need = 8 + 1 + 2 + e->namelen;
  if (d->cap - d->len < need) return 1;
  memcpy(d->out + d->len, &e->ino, 8);
  d->out[d->len + 8] = e->type;
  memcpy(d->out + d->len + 9, &e->namelen, 2);
  memcpy(d->out + d->len + 11, e->name, e->namelen);
  d->len += need;
  return 0;
}

static void do_getdents(acs__kernel *k, acs__proc *p, int sock, uint32_t seq, int32_t fd,
                        uint32_t max)
{
  acs__kfile *f = file_of(p, fd);
  if (!f) return acs__kernel_reply(k, sock, seq, -EBADF);
  if (!f->mf && !f->pf && !f->hf) return acs__kernel_reply(k, sock, seq, -ENOTDIR);
  if (max > ACS__SYS_MAX_DATA) max = ACS__SYS_MAX_DATA;
  acs__msg m;
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, 0);
  unsigned char *dst = acs__msg_bytes_reserve(&m, max);
  if (!dst) return acs__kernel_reply(k, sock, seq, -ENOMEM);
  dents d = {.out = dst, .cap = max};
  int r = f->pf ? acs__pfile_readdir(f->pf, put_dent, &d)
          : f->hf ? acs__hfile_readdir(f->hf, put_dent, &d)
                  : acs_memfs_readdir(k->fs, f->mf, put_dent, &d);
  if (r < 0) return acs__kernel_reply(k, sock, seq, r);
  if (r == 0 && d.len == 0 && max < 11 + ACS_MEMFS_NAME_MAX) {
    /* nothing fitted although entries remain: the buffer is too small */
  }
  acs__msg_bytes_commit(&m, dst, d.len);
  int64_t res = (int64_t)d.len;
  memcpy(k->sbuf + sizeof(acs__sys_hdr), &res, 8);
  send_reply(k, sock, &m, seq);
}

/* READFILE's answer for a file of a host mount (hk, released here). */
static void readfile_host(acs__kernel *k, int sock, uint32_t seq, acs__kfile *hk, uint32_t max)
{
  acs_memfs_stat st;
  int rc = acs__hfile_stat(k, hk->hf, &st);
  bool regular = !rc && (st.mode & S_IFMT) == S_IFREG;
  if (max > ACS__SYS_MAX_DATA) max = ACS__SYS_MAX_DATA;
  size_t want = regular ? (st.size < max ? (size_t)st.size : max) : 0;
  acs__msg m;
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, regular ? (int64_t)st.size : 0);
  acs__msg_u32(&m, regular);
  unsigned char *dst = acs__msg_bytes_reserve(&m, want);
  ssize_t r = rc ? rc : !dst ? -ENOMEM : want ? acs__hfile_read(hk->hf, dst, want, true, 0) : 0;
  acs__kfile_put(k, hk);
  if (r < 0) return acs__kernel_reply(k, sock, seq, r);
  acs__msg_bytes_commit(&m, dst, (size_t)r);
  send_reply(k, sock, &m, seq);
}

/* READFILE: open the path for reading as OPEN would, and if it is a
** regular file answer its size and its first `max` bytes (all of it for a
** small file); anything else (a directory, a device, a fifo) is answered
** "not regular" with no data, and the caller opens it and reads as usual.
** Errors are the open's, and EISDIR is never one here. */
static void do_readfile(acs__kernel *k, acs__proc *p, int sock, uint32_t seq, int32_t at,
                        char *path, uint32_t max)
{
  int err = 0;
  acs_memfs_cred cr = acs__kernel_cred(p);
  acs_memfs_inode *dir = start_of(k, p, at, path, &err);
  if (!dir) return acs__kernel_reply(k, sock, seq, err);
  acs_memfs_file *mf = NULL;
  acs__kfile *hk = NULL;
  MOUNTED(acs_memfs_open(k->fs, &cr, dir, path, O_RDONLY, 0, &mf),
          acs__hostfs_open(k, &cr, O_RDONLY, 0, &hk, path));
  if (!err && hk) return readfile_host(k, sock, seq, hk, max);
  if (err == ACS_MEMFS_CROSSED && acs__procfs_crossed(k)) {
    acs__kfile *pk = NULL;
    err = acs__procfs_open(k, p, O_RDONLY, 0, &pk);
    if (!err && pk->pf) {
      /* a /proc file: its snapshot, whole, as a regular file of that size */
      size_t len = acs__pfile_size(pk->pf);
      bool reg = !acs__pfile_is_dir(pk->pf);
      if (max > ACS__SYS_MAX_DATA) max = ACS__SYS_MAX_DATA;
      size_t want = len < max ? len : max;
      acs__msg m;
      acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
      acs__msg_i64(&m, reg ? (int64_t)len : 0);
      acs__msg_u32(&m, reg);
      unsigned char *dst = acs__msg_bytes_reserve(&m, reg ? want : 0);
      ssize_t r = dst ? (reg ? acs__pfile_read(pk->pf, dst, want, true, 0) : 0) : -ENOMEM;
      acs__kfile_put(k, pk);
      if (r < 0) return acs__kernel_reply(k, sock, seq, r);
      acs__msg_bytes_commit(&m, dst, (size_t)r);
      send_reply(k, sock, &m, seq);
      return;
    }
    if (!err) {
      mf = pk->mf;
      pk->mf = NULL;
      acs__kfile_put(k, pk);
    }
  }
  if (err == ACS_MEMFS_CROSSED) err = -EXDEV;
  if (err) return acs__kernel_reply(k, sock, seq, err);
  acs_memfs_stat st;
  acs_memfs_inode_stat(acs_memfs_file_inode(mf), &st);
  bool regular = (st.mode & S_IFMT) == S_IFREG;
  if (max > ACS__SYS_MAX_DATA) max = ACS__SYS_MAX_DATA;
  size_t want = regular ? (st.size < max ? (size_t)st.size : max) : 0;
  acs__msg m;
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, regular ? (int64_t)st.size : 0);
  acs__msg_u32(&m, regular);
  unsigned char *dst = acs__msg_bytes_reserve(&m, want);
  ssize_t r = dst ? (want ? acs_memfs_read(k->fs, mf, dst, want) : 0) : -ENOMEM;
  acs_memfs_close(k->fs, mf);
  if (r < 0) return acs__kernel_reply(k, sock, seq, r);
  acs__msg_bytes_commit(&m, dst, (size_t)r);
  send_reply(k, sock, &m, seq);
}

/* WRITEFILE: open(flags, mode) as OPEN would, write all of data, close.
** The reply says the bytes written and at which stage a failure came (0
** the open, 1 a write), for the caller to name the call that failed. A
** device or fifo is written as WRITE writes it. */
static void do_writefile(acs__kernel *k, acs__proc *p, int sock, uint32_t seq, int32_t at,
                         char *path, int32_t flags, uint32_t mode, const unsigned char *data,
                         size_t n)
{
  int err = 0;
  uint32_t stage = 0;
  int64_t r = 0;
  acs_memfs_cred cr = acs__kernel_cred(p);
  acs_memfs_inode *dir = start_of(k, p, at, path, &err);
  acs_memfs_file *mf = NULL;
  acs__kfile *hk = NULL;
  if (dir) {
    MOUNTED(acs_memfs_open(k->fs, &cr, dir, path, flags & ~O_CLOEXEC, mode & 07777, &mf),
            acs__hostfs_open(k, &cr, flags & ~O_CLOEXEC, mode & 07777, &hk, path));
    if (!err && hk) {
      stage = 1;
      size_t done = 0;
      while (done < n && r == 0) {
        ssize_t w = acs__hfile_write(k, hk->hf, data + done, n - done, false, 0);
        if (w <= 0) r = w < 0 ? w : -EIO;
        else done += (size_t)w;
      }
      if (!r) r = (int64_t)done;
      acs__kfile_put(k, hk);
      acs__msg m;
      acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
      acs__msg_i64(&m, r);
      acs__msg_u32(&m, stage);
      send_reply(k, sock, &m, seq);
      return;
    }
    if (err == ACS_MEMFS_CROSSED && acs__procfs_crossed(k)) {
      acs__kfile *pk = NULL;
      err = acs__procfs_open(k, p, flags & ~O_CLOEXEC, mode & 07777, &pk);
      if (!err) {
        mf = pk->mf;
        pk->mf = NULL;
        bool proc_file = pk->pf != NULL;
        acs__kfile_put(k, pk);
        if (proc_file) {
          stage = 1;
          err = -EIO; /* opened, but /proc takes no writes */
        }
      }
    }
    if (err == ACS_MEMFS_CROSSED) err = -EXDEV;
  }
  if (err) {
    r = err;
  } else {
    stage = 1;
    acs__kfile tmp = {.refs = 1, .mf = mf, .host_fd = -1};
    uint64_t dev = device_of(&tmp);
    size_t done = 0;
    if (dev == 1) {
      /* a named pipe waits for its reader: the caller opens and writes it */
      r = -EOPNOTSUPP;
      stage = 0;
      n = 0;
    }
    while (done < n) {
      ssize_t w = dev ? device_write(dev, n - done) : acs_memfs_write(k->fs, &cr, mf, data + done, n - done);
      if (w < 0) {
        r = w;
        break;
      }
      if (w == 0) {
        r = -EIO;
        break;
      }
      done += (size_t)w;
    }
    if (!r) r = (int64_t)done;
    acs_memfs_close(k->fs, mf);
  }
  acs__msg m;
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, r);
  acs__msg_u32(&m, stage);
  send_reply(k, sock, &m, seq);
}

static void do_hello(acs__kernel *k, acs__proc *p, int sock, uint32_t seq)
{
  acs__msg m;
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, 0);
  acs__msg_i32(&m, p->pid);
  acs__msg_i32(&m, p->ppid);
  acs__msg_u32(&m, p->uid);
  acs__msg_u32(&m, p->gid);
  acs__msg_str(&m, p->program);
  for (int which = 0; which < 2; which++) {
    char **v = which ? p->envp : p->argv;
    uint32_t n = 0;
    while (v && v[n]) n++;
    acs__msg_u32(&m, n);
    for (uint32_t i = 0; i < n; i++) acs__msg_str(&m, v[i]);
  }
  /* direct descriptors: the host fds among the first ones */
  int32_t which[ACS__SYS_MAX_FDS];
  uint32_t n = 0;
  for (int fd = 0; fd < ACS__K_MAX_FDS && n < ACS__SYS_MAX_FDS; fd++)
    if (acs__kfile_direct(p->fds[fd].f)) which[n++] = fd;
  acs__msg_u32(&m, n);
  for (uint32_t i = 0; i < n; i++) {
    acs__msg_i32(&m, which[i]);
    acs__msg_fd(&m, p->fds[which[i]].f->host_fd);
  }
  /* what a program's start asks next (a shell's $UID, $EUID, $PWD), so
  ** that it need not ask: GETIDS's fields and GETCWD's answer ("" when
  ** that would fail) */
  acs__msg_i32(&m, p->pgid);
  acs__msg_i32(&m, p->sid);
  acs__msg_u32(&m, p->euid);
  acs__msg_u32(&m, p->egid);
  char *cwd = NULL;
  acs__msg_str(&m, acs__proc_cwd(k, p, &cwd) == 0 && cwd && strlen(cwd) <= ACS__SYS_MAX_STR ? cwd : "");
  free(cwd);
  send_reply(k, sock, &m, seq);
}

/* SPAWN from a process: the child inherits every descriptor not marked
** close-on-exec, then the pairs (child fd <- parent fd, -1 closes). */
static bool do_spawn(acs__kernel *k, acs__proc *p, int sock, uint32_t seq, acs__rd *rd,
                     bool at, bool exec)
{
  char path[ACS__SYS_MAX_STR + 1], cwd[ACS__SYS_MAX_STR + 1];
  if (at && !acs__rd_str(rd, cwd, sizeof cwd)) return false;
  if (!acs__rd_str(rd, path, sizeof path)) return false;
  char **argv = acs__rd_strv(rd), **envp = argv ? acs__rd_strv(rd) : NULL;
  uint32_t nfd = 0;
  bool ok = argv && envp && acs__rd_u32(rd, &nfd) && nfd <= ACS__K_MAX_FDS;
  static acs__kfd table[ACS__K_MAX_FDS];
  memset(table, 0, sizeof table);
  for (int fd = 0; ok && fd < ACS__K_MAX_FDS; fd++)
    if (p->fds[fd].f && !p->fds[fd].cloexec) table[fd].f = p->fds[fd].f;
  int64_t r = 0;
  for (uint32_t i = 0; ok && i < nfd; i++) {
    int32_t c, from;
    if (!acs__rd_i32(rd, &c) || !acs__rd_i32(rd, &from)) ok = false;
    else if (c < 0 || c >= ACS__K_MAX_FDS) r = -EBADF;
    else if (from == -1) table[c].f = NULL;
    else if (!file_of(p, from)) r = -EBADF;
    else table[c].f = p->fds[from].f;
  }
  if (ok && !acs__rd_done(rd)) ok = false;
  if (ok && r == 0 && exec) r = acs__proc_exec(k, p, path, argv, envp, table);
  else if (ok && r == 0) r = acs__proc_spawn(k, p, path, argv, envp, table, at ? cwd : NULL, p->uid, p->gid);
  if (ok && r > 0 && !exec) acs__ktty_spawned(k, p, (int32_t)r);
  acs__strv_free(argv);
  acs__strv_free(envp);
  if (!ok) return false;
  if (!exec || r < 0) acs__kernel_reply(k, sock, seq, r); /* an exec that worked has no caller left */
  return true;
}

/* KILL: the box's own pids only; -1 is every process of the box but the
** caller, as Linux's kill(-1) is every process the caller may signal. */
static int do_kill(acs__kernel *k, acs__proc *p, int32_t pid, int32_t sig)
{
  if (sig < 0 || sig > 64) return -EINVAL;
  if (pid == INT32_MIN) return -ESRCH; /* no group -pid: Linux's answer too */
  /* pid 1 is the kernel: root's signals to it are ignored, as init's */
  if (pid == 1) return p->euid == 0 ? 0 : -EPERM;
  int sent = 0;
  for (int i = 2; i < k->nprocs; i++) {
    acs__proc *t = &k->procs[i];
    if (t->state == ACS__P_FREE) continue;
    bool hit = pid > 0 ? t->pid == pid : pid == -1 ? t != p : pid == 0 ? t->pgid == p->pgid
                                                                       : t->pgid == -pid;
    if (!hit) continue;
    if (p->euid != 0 && p->uid != t->uid && p->euid != t->uid) {
      if (pid > 0) return -EPERM;
      continue;
    }
    sent++;
    acs__proc_signal(k, t, sig);
  }
  return sent ? 0 : -ESRCH;
}


/* The process's RLIMIT_NOFILE (the owner's, and a table's, is the whole). */
static uint32_t nofile_of(const acs__proc *p)
{
  return p->nofile && p->nofile < ACS__K_MAX_FDS ? p->nofile : ACS__K_MAX_FDS;
}

/* getrlimit/setrlimit for what the box, not the host, limits: open files
** (the kernel's table of each process: a soft limit under a hard one
** that only root raises, to the table's size at most) and processes (the
** box's, which its owner sets: shown, not changed). */
static bool do_rlimit(acs__kernel *k, acs__proc *p, int sock, uint32_t seq, int32_t res, bool set,
                      int64_t cur, int64_t max)
{
  int64_t err = 0, now_cur = 0, now_max = 0;
  if (res == RLIMIT_NOFILE) {
    if (set) {
      if (cur < 0 || max < 0 || cur > max) err = -EINVAL;
      else if (max > ACS__K_MAX_FDS) err = -EPERM; /* Linux: past nr_open */
      else if ((uint64_t)max > (p->nofile_max ? p->nofile_max : ACS__K_MAX_FDS) && p->euid != 0) err = -EPERM;
      else {
        p->nofile = (uint32_t)cur;
        p->nofile_max = (uint32_t)max;
      }
    }
    now_cur = nofile_of(p);
    now_max = p->nofile_max ? p->nofile_max : ACS__K_MAX_FDS;
  } else if (res == RLIMIT_NPROC) {
    now_cur = now_max = k->o.max_procs;
    if (set && (cur != now_cur || max != now_max)) err = -EPERM;
  } else {
    err = -EINVAL;
  }
  acs__msg m;
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, err);
  acs__msg_i64(&m, now_cur);
  acs__msg_i64(&m, now_max);
  acs__msg_send(sock, &m);
  return true;
}

bool acs__kernel_call(acs__kernel *k, acs__proc *p, int sock, const acs__sys_hdr *h,
                      acs__rd *rd, int *fds, int nfds)
{
  for (int i = 0; i < nfds; i++) close(fds[i]); /* guests pass none (yet) */
  char path[ACS__SYS_MAX_STR + 1], path2[ACS__SYS_MAX_STR + 1];
  int32_t at, at2, fd, flags, i32;
  uint32_t u, u2;
  int64_t off;
  int err = 0;
  acs_memfs_cred cr = acs__kernel_cred(p);
  acs_memfs_inode *dir, *dir2;
  uint32_t seq = h->seq;
  int64_t r;
#define DONE() if (!acs__rd_done(rd)) return false
  switch (h->op) {
  case ACS__SYS_EXITING:
    /* no answer: the caller is on its way out */
    if (!acs__rd_i32(rd, &i32) || i32 < 0 || i32 > 255) return false;
    DONE();
    acs__proc_exiting(k, p, i32);
    return true;
  case ACS__SYS_SHMCALL:
    DONE();
    acs__kshm_give(k, p, sock, seq);
    return true;
  case ACS__SYS_HELLO:
    DONE();
    if (p->state != ACS__P_RUNNING && p->state != ACS__P_STARTING) return false;
    do_hello(k, p, sock, seq);
    p->said_hello = true;
    acs__proc_deliver_pending(p);
    return true;
  case ACS__SYS_OPEN: {
    if (!acs__rd_i32(rd, &at) || !acs__rd_str(rd, path, sizeof path) ||
        !acs__rd_i32(rd, &flags) || !acs__rd_u32(rd, &u))
      return false;
    DONE();
    proc_at(p, &at, path, sizeof path);
    if (!(dir = start_of(k, p, at, path, &err))) break;
    int nfd = acs__proc_fd_alloc(p, 0);
    if (nfd < 0) {
      err = nfd;
      break;
    }
    acs_memfs_file *mf = NULL;
    acs__kfile *f = NULL;
    MOUNTED(acs_memfs_open(k->fs, &cr, dir, path, flags, u & 07777, &mf),
            acs__hostfs_open(k, &cr, flags & ~O_CLOEXEC, u & 07777, &f, path));
    if (err == ACS_MEMFS_CROSSED && acs__procfs_crossed(k))
      err = acs__procfs_open(k, p, flags & ~O_CLOEXEC, u & 07777, &f);
    if (err == ACS_MEMFS_CROSSED) err = -EXDEV; /* other mounts come with their backend */
    if (err) break;
    acs_memfs_stat fst;
    if (!f && mf && (acs_memfs_inode_stat(acs_memfs_file_inode(mf), &fst), S_ISFIFO(fst.mode))) {
      /* a named pipe: a host pipe's end the guest holds (fifo.c) */
      acs__fifo_open(k, p, sock, seq, mf, flags);
      return true;
    }
    if (!f && mf && S_ISCHR(fst.mode) && fst.rdev == ACS_MEMFS_DEV_TTY) {
      /* /dev/tty: the terminal of the caller's session (tty.c) */
      acs_memfs_close(k->fs, mf);
      acs__ktty_open(k, p, sock, seq, nfd, flags);
      return true;
    }
    if (!f && !(f = acs__kfile_new(mf, -1))) {
      acs_memfs_close(k->fs, mf);
      err = -ENOMEM;
      break;
    }
    if (!f->path) f->path = opened_as(k, p, at, path);
    p->fds[nfd].f = f;
    p->fds[nfd].cloexec = (flags & O_CLOEXEC) != 0;
    err = nfd;
    break;
  }
  case ACS__SYS_READFILE:
    if (!acs__rd_i32(rd, &at) || !acs__rd_str(rd, path, sizeof path) || !acs__rd_u32(rd, &u))
      return false;
    DONE();
    proc_at(p, &at, path, sizeof path);
    do_readfile(k, p, sock, seq, at, path, u);
    return true;
  case ACS__SYS_WRITEFILE: {
    const unsigned char *data;
    size_t n;
    if (!acs__rd_i32(rd, &at) || !acs__rd_str(rd, path, sizeof path) || !acs__rd_i32(rd, &flags) ||
        !acs__rd_u32(rd, &u) || !acs__rd_bytes(rd, &data, &n))
      return false;
    DONE();
    do_writefile(k, p, sock, seq, at, path, flags, u, data, n);
    return true;
  }
  case ACS__SYS_CLOSE:
    if (!acs__rd_i32(rd, &fd)) return false;
    DONE();
    err = file_of(p, fd) ? 0 : -EBADF;
    acs__proc_fd_close(k, p, fd);
    break;
  case ACS__SYS_READ:
  case ACS__SYS_PREAD:
    if (!acs__rd_i32(rd, &fd) || !acs__rd_u32(rd, &u)) return false;
    off = 0;
    if (h->op == ACS__SYS_PREAD && !acs__rd_i64(rd, &off)) return false;
    DONE();
    do_read(k, p, sock, seq, fd, u, h->op == ACS__SYS_PREAD, off);
    return true;
  case ACS__SYS_WRITE:
  case ACS__SYS_PWRITE: {
    const unsigned char *data;
    size_t n;
    if (!acs__rd_i32(rd, &fd) || !acs__rd_bytes(rd, &data, &n)) return false;
    off = 0;
    if (h->op == ACS__SYS_PWRITE && !acs__rd_i64(rd, &off)) return false;
    DONE();
    acs__kernel_reply(k, sock, seq, do_write(k, p, fd, data, n, h->op == ACS__SYS_PWRITE, off));
    return true;
  }
  case ACS__SYS_LSEEK: {
    if (!acs__rd_i32(rd, &fd) || !acs__rd_i64(rd, &off) || !acs__rd_i32(rd, &i32)) return false;
    DONE();
    acs__kfile *f = file_of(p, fd);
    r = !f ? -EBADF : f->pf ? acs__pfile_lseek(f->pf, off, i32)
        : f->hf ? acs__hfile_lseek(f->hf, off, i32)
        : !f->mf || device_of(f) == 1 ? -ESPIPE : acs_memfs_lseek(k->fs, f->mf, off, i32);
    acs__kernel_reply(k, sock, seq, r);
    return true;
  }
  case ACS__SYS_STAT: {
    if (!acs__rd_i32(rd, &at) || !acs__rd_str(rd, path, sizeof path) || !acs__rd_i32(rd, &flags))
      return false;
    DONE();
    acs_memfs_stat st = {0};
    proc_at(p, &at, path, sizeof path);
    if (!(dir = start_of(k, p, at, path, &err))) break;
    MOUNTED(acs_memfs_fstatat(k->fs, &cr, dir, path, flags, &st),
            acs__hostfs_stat(k, &cr, flags, &st, path));
    if (err == ACS_MEMFS_CROSSED && acs__procfs_crossed(k)) err = acs__procfs_stat(k, p, flags, &st);
    if (err == ACS_MEMFS_CROSSED) err = -EXDEV;
    reply_stat(k, sock, seq, err, &st);
    return true;
  }
  case ACS__SYS_FSTAT: {
    if (!acs__rd_i32(rd, &fd)) return false;
    DONE();
    acs__kfile *f = file_of(p, fd);
    acs_memfs_stat st = {0};
    if (!f) err = -EBADF;
    else if (f->pf) acs__pfile_stat(f->pf, &st);
    else if (f->hf) err = acs__hfile_stat(k, f->hf, &st);
    else if (f->mf) err = acs_memfs_fstat(k->fs, f->mf, &st);
    else {
      /* a host pipe: what Linux says of a pipe, owned by the process */
      struct stat hs;
      if (fstat(f->host_fd, &hs) < 0) err = -errno;
      /* a listener's real fd is the kernel's eventfd: it is a socket */
      st.mode = f->ls ? S_IFSOCK | 0777 : (hs.st_mode & S_IFMT) | 0600;
      st.uid = p->uid;
      st.gid = p->gid;
      st.blksize = 4096;
      st.nlink = 1;
      st.ino = (uint64_t)hs.st_ino;
    }
    reply_stat(k, sock, seq, err, &st);
    return true;
  }
  case ACS__SYS_ACCESS:
    if (!acs__rd_i32(rd, &at) || !acs__rd_str(rd, path, sizeof path) || !acs__rd_i32(rd, &i32) ||
        !acs__rd_i32(rd, &flags))
      return false;
    DONE();
    proc_at(p, &at, path, sizeof path);
    if (!(dir = start_of(k, p, at, path, &err))) break;
    MOUNTED(acs_memfs_access(k->fs, &cr, dir, path, i32, flags),
            acs__hostfs_access(k, &cr, i32, flags, path));
    if (err == ACS_MEMFS_CROSSED && acs__procfs_crossed(k)) err = acs__procfs_access(k, p, i32, flags);
    if (err == ACS_MEMFS_CROSSED) err = -EXDEV;
    break;
  case ACS__SYS_GETDENTS:
    if (!acs__rd_i32(rd, &fd) || !acs__rd_u32(rd, &u)) return false;
    DONE();
    do_getdents(k, p, sock, seq, fd, u);
    return true;
  case ACS__SYS_MKDIR:
    if (!acs__rd_i32(rd, &at) || !acs__rd_str(rd, path, sizeof path) || !acs__rd_u32(rd, &u))
      return false;
    DONE();
    if (!(dir = start_of(k, p, at, path, &err))) break;
    MOUNTED(acs_memfs_mkdir(k->fs, &cr, dir, path, u & 07777), acs__hostfs_mkdir(k, &cr, u & 07777, path));
    err = crossed(k, p, err, ACS__PROCFS_CREATE);
    break;
  case ACS__SYS_UNLINK:
    if (!acs__rd_i32(rd, &at) || !acs__rd_str(rd, path, sizeof path) || !acs__rd_i32(rd, &flags))
      return false;
    DONE();
    if (!(dir = start_of(k, p, at, path, &err))) break;
    if (flags & ~AT_REMOVEDIR) {
      err = -EINVAL;
      break;
    }
    MOUNTED(flags ? acs_memfs_rmdir(k->fs, &cr, dir, path) : acs_memfs_unlink(k->fs, &cr, dir, path),
            acs__hostfs_remove(k, &cr, flags != 0, path));
    err = crossed(k, p, err, flags ? ACS__PROCFS_RMDIR : ACS__PROCFS_UNLINK);
    break;
  case ACS__SYS_RENAME:
  case ACS__SYS_LINK:
    if (!acs__rd_i32(rd, &at) || !acs__rd_str(rd, path, sizeof path) || !acs__rd_i32(rd, &at2) ||
        !acs__rd_str(rd, path2, sizeof path2) || !acs__rd_i32(rd, &flags))
      return false;
    DONE();
    if (!(dir = start_of(k, p, at, path, &err)) || !(dir2 = start_of(k, p, at2, path2, &err))) break;
    err = h->op == ACS__SYS_RENAME ? acs_memfs_rename(k->fs, &cr, dir, path, dir2, path2, (unsigned)flags)
                                   : acs_memfs_link(k->fs, &cr, dir, path, dir2, path2, flags);
    if (err == ACS_MEMFS_CROSSED && acs__hostfs_crossed(k))
      err = h->op == ACS__SYS_RENAME ? acs__hostfs_rename(k, &cr, (unsigned)flags)
                                     : acs__hostfs_link(k, &cr, flags);
    err = crossed(k, p, err, h->op == ACS__SYS_RENAME ? ACS__PROCFS_ATTR : ACS__PROCFS_CREATE);
    break;
  case ACS__SYS_SYMLINK:
    if (!acs__rd_str(rd, path2, sizeof path2) || !acs__rd_i32(rd, &at) ||
        !acs__rd_str(rd, path, sizeof path))
      return false;
    DONE();
    if (!(dir = start_of(k, p, at, path, &err))) break;
    MOUNTED(acs_memfs_symlink(k->fs, &cr, path2, dir, path), acs__hostfs_symlink(k, &cr, path2, path));
    err = crossed(k, p, err, ACS__PROCFS_CREATE);
    break;
  case ACS__SYS_READLINK: {
    if (!acs__rd_i32(rd, &at) || !acs__rd_str(rd, path, sizeof path)) return false;
    DONE();
    proc_at(p, &at, path, sizeof path);
    if (!(dir = start_of(k, p, at, path, &err))) break;
    ssize_t n;
    for (int hops = 0;; hops++) {
      n = acs_memfs_readlink(k->fs, &cr, dir, path, path2, sizeof path2);
      if (n == ACS_MEMFS_CROSSED && acs__hostfs_crossed(k))
        n = acs__hostfs_readlink(k, &cr, path2, sizeof path2, path);
      if (n != ACS__HOSTFS_AGAIN) break;
      if (hops == ACS_MEMFS_MAXSYMLINKS) {
        n = -ELOOP;
        break;
      }
      dir = acs_memfs_root(k->fs);
    }
    if (n == ACS_MEMFS_CROSSED && acs__procfs_crossed(k)) n = acs__procfs_readlink(k, p, path2, sizeof path2);
    if (n == ACS_MEMFS_CROSSED) n = -EXDEV;
    reply_bytes(k, sock, seq, n < 0 ? n : 0, path2, n < 0 ? 0 : (size_t)n);
    return true;
  }
  case ACS__SYS_REALPATH: {
    if (!acs__rd_i32(rd, &at) || !acs__rd_str(rd, path, sizeof path)) return false;
    DONE();
    if (!(dir = start_of(k, p, at, path, &err))) break;
    char *out = NULL;
    MOUNTED(acs_memfs_realpath(k->fs, &cr, dir, path, &out), acs__hostfs_realpath(k, &cr, &out, path));
    if (err == ACS_MEMFS_CROSSED && acs__procfs_crossed(k)) err = acs__procfs_realpath(k, p, &out);
    if (err == ACS_MEMFS_CROSSED) err = -EXDEV;
    reply_bytes(k, sock, seq, err, out, out ? strlen(out) : 0);
    free(out);
    return true;
  }
  case ACS__SYS_CHMOD:
    if (!acs__rd_i32(rd, &at) || !acs__rd_str(rd, path, sizeof path) || !acs__rd_u32(rd, &u) ||
        !acs__rd_i32(rd, &flags))
      return false;
    DONE();
    if ((flags & AT_EMPTY_PATH) && !path[0] && at != AT_FDCWD) {
      /* fchmod: the descriptor's own file (Linux's fchmodat2 form; memfs's
      ** chmod takes no AT_EMPTY_PATH, its fchmod the open file) */
      acs__kfile *f = file_of(p, at);
      err = !f ? -EBADF : f->hf ? acs__hfile_chmod(k, &cr, f->hf, u) : !f->mf ? -EPERM
          : (flags & ~AT_EMPTY_PATH) ? -EINVAL
                                             : acs_memfs_fchmod(k->fs, &cr, f->mf, u);
      break;
    }
    if (!(dir = start_of(k, p, at, path, &err))) break;
    MOUNTED(acs_memfs_chmod(k->fs, &cr, dir, path, u, flags), acs__hostfs_chmod(k, &cr, u, flags, path));
    err = crossed(k, p, err, ACS__PROCFS_ATTR);
    break;
  case ACS__SYS_CHOWN:
    if (!acs__rd_i32(rd, &at) || !acs__rd_str(rd, path, sizeof path) || !acs__rd_u32(rd, &u) ||
        !acs__rd_u32(rd, &u2) || !acs__rd_i32(rd, &flags))
      return false;
    DONE();
    if (!(dir = start_of(k, p, at, path, &err))) break;
    MOUNTED(acs_memfs_chown(k->fs, &cr, dir, path, u, u2, flags),
            acs__hostfs_chown(k, &cr, u, u2, flags, path));
    err = crossed(k, p, err, ACS__PROCFS_ATTR);
    break;
  case ACS__SYS_UTIMENS: {
    int64_t v[4];
    if (!acs__rd_i32(rd, &at) || !acs__rd_str(rd, path, sizeof path) || !acs__rd_i64(rd, &v[0]) ||
        !acs__rd_i64(rd, &v[1]) || !acs__rd_i64(rd, &v[2]) || !acs__rd_i64(rd, &v[3]) ||
        !acs__rd_i32(rd, &flags))
      return false;
    DONE();
    if (!(dir = start_of(k, p, at, path, &err))) break;
    struct timespec ts[2] = {{.tv_sec = v[0], .tv_nsec = v[1]}, {.tv_sec = v[2], .tv_nsec = v[3]}};
    MOUNTED(acs_memfs_utimens(k->fs, &cr, dir, path, ts, flags), acs__hostfs_utimens(k, &cr, ts, flags, path));
    err = crossed(k, p, err, ACS__PROCFS_UTIMES);
    break;
  }
  case ACS__SYS_STATFS: {
    if (!acs__rd_i32(rd, &at) || !acs__rd_str(rd, path, sizeof path)) return false;
    DONE();
    acs_memfs_stat st;
    if (!(dir = start_of(k, p, at, path, &err))) break;
    MOUNTED(acs_memfs_fstatat(k->fs, &cr, dir, path, 0, &st), acs__hostfs_stat(k, &cr, 0, &st, path));
    if (err == ACS_MEMFS_CROSSED) err = -EXDEV;
    acs__msg m;
    acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
    acs__msg_i64(&m, err);
    if (!err) {
      /* one filesystem: the box's memfs, as big as its limit */
      acs_memfs_statfs sf;
      acs_memfs_statfs_get(k->fs, &sf);
      const uint64_t v[7] = {sf.bsize, sf.blocks, sf.bfree, sf.bfree, sf.files, sf.ffree, sf.namelen};
      for (int i = 0; i < 7; i++) acs__msg_i64(&m, (int64_t)v[i]);
    }
    send_reply(k, sock, &m, seq);
    return true;
  }
  case ACS__SYS_MKNOD: {
    int64_t rdev;
    if (!acs__rd_i32(rd, &at) || !acs__rd_str(rd, path, sizeof path) || !acs__rd_u32(rd, &u) ||
        !acs__rd_i64(rd, &rdev))
      return false;
    DONE();
    if (!(dir = start_of(k, p, at, path, &err))) break;
    /* devices stay the kernel's own: a guest makes fifos and files */
    if ((u & S_IFMT) != S_IFIFO && (u & S_IFMT) != S_IFREG) err = -EPERM;
    else
      MOUNTED(acs_memfs_mknod(k->fs, &cr, dir, path, (u & S_IFMT) | (u & 07777), 0),
              acs__hostfs_mknod(k, &cr, u, path));
    if (err == ACS_MEMFS_CROSSED) err = -EXDEV;
    break;
  }
  case ACS__SYS_TRUNCATE:
    if (!acs__rd_i32(rd, &at) || !acs__rd_str(rd, path, sizeof path) || !acs__rd_i64(rd, &off))
      return false;
    DONE();
    if (!(dir = start_of(k, p, at, path, &err))) break;
    MOUNTED(acs_memfs_truncate(k->fs, &cr, dir, path, off), acs__hostfs_truncate(k, &cr, off, path));
    err = crossed(k, p, err, ACS__PROCFS_TRUNCATE);
    break;
  case ACS__SYS_FTRUNCATE: {
    if (!acs__rd_i32(rd, &fd) || !acs__rd_i64(rd, &off)) return false;
    DONE();
    acs__kfile *f = file_of(p, fd);
    err = !f ? -EBADF : f->hf ? acs__hfile_truncate(k, f->hf, off)
        : !f->mf ? -EINVAL : acs_memfs_ftruncate(k->fs, &cr, f->mf, off);
    break;
  }
  case ACS__SYS_CHDIR: {
    if (!acs__rd_str(rd, path, sizeof path)) return false;
    DONE();
    acs_memfs_inode *nd = NULL;
    char *cp = NULL;
    int32_t here = AT_FDCWD;
    err = acs__hostfs_rebase(k, p, &here, path, sizeof path);
    if (!err) err = acs__kernel_chdir(k, &cr, p->cwd, path, &nd, &cp);
    if (!err) {
      acs_memfs_inode_release(k->fs, p->cwd);
      p->cwd = nd;
      free(p->cwd_path);
      p->cwd_path = cp;
    }
    break;
  }
  case ACS__SYS_GETCWD: {
    DONE();
    char *out = NULL;
    err = acs__proc_cwd(k, p, &out);
    reply_bytes(k, sock, seq, err, out, out ? strlen(out) : 0);
    free(out);
    return true;
  }
  case ACS__SYS_UMASK:
    if (!acs__rd_u32(rd, &u)) return false;
    DONE();
    err = (int)p->umask;
    p->umask = u & 0777;
    break;
  case ACS__SYS_DUP:
  case ACS__SYS_DUP2: {
    if (!acs__rd_i32(rd, &fd)) return false;
    int32_t to = -1, lowest = 0, cloexec = 0;
    if (h->op == ACS__SYS_DUP2 && !acs__rd_i32(rd, &to)) return false;
    /* fcntl's F_DUPFD and F_DUPFD_CLOEXEC: the lowest free fd from `lowest` */
    if (h->op == ACS__SYS_DUP && !acs__rd_done(rd) &&
        (!acs__rd_i32(rd, &lowest) || !acs__rd_i32(rd, &cloexec)))
      return false;
    DONE();
    acs__kfile *f = file_of(p, fd);
    if (!f) err = -EBADF;
    else if (h->op == ACS__SYS_DUP2 && (to < 0 || to >= ACS__K_MAX_FDS || (uint32_t)to >= nofile_of(p)))
      err = -EBADF;
    else if (lowest < 0 || lowest >= ACS__K_MAX_FDS || (uint32_t)lowest >= nofile_of(p)) err = -EINVAL;
    else if (to == fd) err = fd;
    else {
      if (to < 0) to = acs__proc_fd_alloc(p, lowest);
      if (to < 0) err = to;
      else {
        f->refs++;
        acs__proc_fd_close(k, p, to);
        p->fds[to].f = f;
        p->fds[to].cloexec = cloexec != 0;
        err = to;
      }
    }
    if (err >= 0 && acs__kfile_direct(f)) {
      /* a direct descriptor: the guest installs the real fd at `to` */
      acs__msg m;
      acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
      acs__msg_i64(&m, err);
      acs__msg_fd(&m, f->host_fd);
      send_reply(k, sock, &m, seq);
      return true;
    }
    break;
  }
  case ACS__SYS_PIPE: {
    if (!acs__rd_i32(rd, &flags)) return false;
    DONE();
    int ends[2];
    int rfd = acs__proc_fd_alloc(p, 0);
    int wfd = rfd < 0 ? rfd : acs__proc_fd_alloc(p, rfd + 1);
    if (rfd < 0 || wfd < 0) {
      err = -EMFILE;
      break;
    }
    if (flags & ~O_CLOEXEC) {
      err = -EINVAL;
      break;
    }
    if (pipe2(ends, O_CLOEXEC) < 0) {
      err = -errno;
      break;
    }
    acs__kfile *r0 = acs__kfile_new(NULL, ends[0]), *w0 = acs__kfile_new(NULL, ends[1]);
    if (!r0 || !w0) {
      if (r0) acs__kfile_put(k, r0); else close(ends[0]);
      if (w0) acs__kfile_put(k, w0); else close(ends[1]);
      err = -ENOMEM;
      break;
    }
    p->fds[rfd] = (acs__kfd){r0, (flags & O_CLOEXEC) != 0};
    p->fds[wfd] = (acs__kfd){w0, (flags & O_CLOEXEC) != 0};
    acs__msg m;
    acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
    acs__msg_i64(&m, 0);
    acs__msg_i32(&m, rfd);
    acs__msg_i32(&m, wfd);
    acs__msg_fd(&m, ends[0]);
    acs__msg_fd(&m, ends[1]);
    send_reply(k, sock, &m, seq);
    return true;
  }
  case ACS__SYS_RLIMIT: {
    int32_t res, set;
    int64_t cur, max;
    if (!acs__rd_i32(rd, &res) || !acs__rd_i32(rd, &set) || !acs__rd_i64(rd, &cur) || !acs__rd_i64(rd, &max))
      return false;
    DONE();
    return do_rlimit(k, p, sock, seq, res, set != 0, cur, max);
  }
  case ACS__SYS_FCNTL: {
    int32_t cmd;
    if (!acs__rd_i32(rd, &fd) || !acs__rd_i32(rd, &cmd) || !acs__rd_i32(rd, &i32)) return false;
    DONE();
    acs__kfile *f = file_of(p, fd);
    if (!f) err = -EBADF;
    else if (cmd == F_GETFD) err = p->fds[fd].cloexec ? FD_CLOEXEC : 0;
    else if (cmd == F_SETFD) p->fds[fd].cloexec = (i32 & FD_CLOEXEC) != 0;
    else if (cmd == F_GETFL)
      err = f->mf ? acs_memfs_file_flags(f->mf) : f->pf ? O_RDONLY : f->hf ? acs__hfile_getfl(f->hf) : O_RDWR;
    else if (cmd == F_SETFL) {
      if (f->mf) acs_memfs_file_setfl(f->mf, i32);
      if (f->hf) acs__hfile_setfl(f->hf, i32);
    } else err = -EINVAL;
    break;
  }
  case ACS__SYS_SPAWN:
  case ACS__SYS_SPAWNAT:
    return do_spawn(k, p, sock, seq, rd, h->op == ACS__SYS_SPAWNAT, false);
  case ACS__SYS_EXEC:
    return do_spawn(k, p, sock, seq, rd, false, true);
  case ACS__SYS_WAIT: {
    if (!acs__rd_i32(rd, &i32) || !acs__rd_i32(rd, &flags)) return false;
    DONE();
    if (flags & ~(WNOHANG | WUNTRACED | WCONTINUED)) {
      err = -EINVAL;
      break;
    }
    int32_t got;
    int status;
    int w = acs__proc_wait(k, p, i32, flags, &got, &status);
    if (w < 0) {
      err = w;
      break;
    }
    if (w == 0) {
      p->waiting = true;
      p->wait_seq = seq;
      p->wait_pid = i32;
      p->wait_options = flags;
      return true;
    }
    acs__msg m;
    acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
    acs__msg_i64(&m, 0);
    acs__msg_i32(&m, got);
    acs__msg_i32(&m, status);
    send_reply(k, sock, &m, seq);
    return true;
  }
  case ACS__SYS_KILL:
    if (!acs__rd_i32(rd, &i32) || !acs__rd_i32(rd, &flags)) return false;
    DONE();
    err = do_kill(k, p, i32, flags);
    break;
  case ACS__SYS_LISTEN:
  case ACS__SYS_ACCEPT:
  case ACS__SYS_CONNECT:
  case ACS__SYS_SOCKNAME:
  case ACS__SYS_LOOKUP:
    return acs__net_call(k, p, sock, h, rd);
  case ACS__SYS_GETIDS: {
    DONE();
    acs__msg m;
    acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
    acs__msg_i64(&m, 0);
    acs__msg_i32(&m, p->pid);
    acs__msg_i32(&m, p->ppid);
    acs__msg_i32(&m, p->pgid);
    acs__msg_i32(&m, p->sid);
    acs__msg_u32(&m, p->uid);
    acs__msg_u32(&m, p->gid);
    acs__msg_u32(&m, p->euid);
    acs__msg_u32(&m, p->egid);
    send_reply(k, sock, &m, seq);
    return true;
  }
  case ACS__SYS_PKG_INSTALL:
  case ACS__SYS_PKG_RESULT:
    return acs__kpkg_call(k, p, sock, h, rd);
  case ACS__SYS_SETPGID:
  case ACS__SYS_SETSID:
  case ACS__SYS_TCGETPGRP:
  case ACS__SYS_TCSETPGRP:
  case ACS__SYS_TCGETATTR:
  case ACS__SYS_TCSETATTR:
  case ACS__SYS_GETWINSZ:
  case ACS__SYS_SETWINSZ:
  case ACS__SYS_SPAWN_PGRP:
  case ACS__SYS_TTY_ACCESS:
    return acs__ktty_call(k, p, sock, h, rd);
  default:
    return false;
  }
#undef DONE
  acs__kernel_reply(k, sock, seq, err);
  return true;
}

bool acs__kernel_guest_call(acs__kernel *k, acs__proc *p, const void *buf, size_t n, int nfds)
{
  acs__sys_hdr h;
  acs__rd rd;
  /* no call of a guest carries descriptors: one that comes with some lies */
  if (nfds != 0 || !acs__msg_parse(buf, n, &h, &rd)) return false;
  if (h.op == ACS__SYS_HOSTCMD) return acs__kernel_hostcmd(k, p, &h, &rd);
  if (h.op == ACS__SYS_DOORBELL) return acs__rd_done(&rd); /* the area is looked at anyway */
  return h.op < 100 && acs__kernel_call(k, p, p->sock, &h, &rd, NULL, 0);
}
