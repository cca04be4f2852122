/* call_fd.c - the fd_* imports: reads and writes (a direct descriptor, a
** pipe the kernel handed over, is read with readv/writev on its real fd
** so that a short read never waits for a second iovec), seeks, stats,
** flags, rights, the preopen's name and readdir. */
#include "wasi.h"

#include "../sys/sys.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#define R(n) ACS__WR(ACS__WASI_R_##n)
#define FD(var, idx, need)                                       \
  uint32_t err_;                                                 \
  acs__wasi_fd *var = acs__wasi_fd_get(h, (uint32_t)a[idx], (need), &err_); \
  if (!var) return err_

enum { MAX_IOV = 1024 };

/* The guest's iovec array (ptr, count) as host iovecs; EFAULT if it, or a
** buffer it names, lies outside the memory. */
static uint32_t iovecs(acs__wasi_host *h, uint32_t ptr, uint32_t n, struct iovec *out, size_t *total)
{
  if (n > MAX_IOV) return ACS__WASI_EINVAL;
  const unsigned char *v = acs__wasi_ptr(&h->mem, ptr, (uint64_t)n * 8);
  if (!v) return ACS__WASI_EFAULT;
  *total = 0;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t b = acs__wasi_get32(v + 8 * i), l = acs__wasi_get32(v + 8 * i + 4);
    unsigned char *p = acs__wasi_ptr(&h->mem, b, l);
    if (!p) return ACS__WASI_EFAULT;
    out[i].iov_base = p;
    out[i].iov_len = l;
    *total += l;
  }
  return 0;
}

static uint32_t put_size(acs__wasi_host *h, uint32_t ptr, uint32_t v)
{
  unsigned char *p = acs__wasi_ptr(&h->mem, ptr, 4);
  if (!p) return ACS__WASI_EFAULT;
  acs__wasi_put32(p, v);
  return 0;
}

/* read, write, pread, pwrite over iovecs: off < 0 for the plain forms. */
static uint32_t rw(acs__wasi_host *h, acs__wasi_fd *f, uint32_t iov, uint32_t n, int64_t off,
                   bool write, uint32_t out)
{
  struct iovec v[MAX_IOV];
  size_t total;
  uint32_t e = iovecs(h, iov, n, v, &total);
  if (e) return e;
  if (!acs__wasi_ptr(&h->mem, out, 4)) return ACS__WASI_EFAULT;
  int d = acs_sys_direct_fd(f->box);
  ssize_t done = 0;
  if (d >= 0) {
    do {
      if (off >= 0) done = write ? pwritev(d, v, (int)n, off) : preadv(d, v, (int)n, off);
      else done = write ? writev(d, v, (int)n) : readv(d, v, (int)n);
    } while (done < 0 && errno == EINTR);
    if (done < 0) return acs__wasi_errno(-errno);
  } else {
    /* a file of the box: nothing here waits, so every iovec is filled */
    for (uint32_t i = 0; i < n; i++) {
      size_t at = 0;
      while (at < v[i].iov_len) {
        unsigned char *p = (unsigned char *)v[i].iov_base + at;
        size_t len = v[i].iov_len - at;
        ssize_t k;
        int64_t pos = 0;
        if (off >= 0 && __builtin_add_overflow(off, (int64_t)done, &pos)) goto end; /* past 2^63 */
        if (off >= 0) k = write ? acs_sys_pwrite(f->box, p, len, pos) : acs_sys_pread(f->box, p, len, pos);
        else k = write ? acs_sys_write(f->box, p, len) : acs_sys_read(f->box, p, len);
        if (k < 0) {
          if (done > 0) goto end;
          return acs__wasi_errno((int)k);
        }
        at += (size_t)k;
        done += k;
        if (k == 0 || (size_t)k < len) goto end;
      }
    }
  }
end:
  return put_size(h, out, (uint32_t)done);
}

static uint32_t fd_read(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, R(FD_READ));
  return rw(h, f, (uint32_t)a[1], (uint32_t)a[2], -1, false, (uint32_t)a[3]);
}

static uint32_t fd_write(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, R(FD_WRITE));
  return rw(h, f, (uint32_t)a[1], (uint32_t)a[2], -1, true, (uint32_t)a[3]);
}

static uint32_t fd_pread(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, R(FD_READ) | R(FD_SEEK));
  if ((int64_t)a[3] < 0) return ACS__WASI_EINVAL;
  return rw(h, f, (uint32_t)a[1], (uint32_t)a[2], (int64_t)a[3], false, (uint32_t)a[4]);
}

static uint32_t fd_pwrite(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, R(FD_WRITE) | R(FD_SEEK));
  if ((int64_t)a[3] < 0) return ACS__WASI_EINVAL;
  return rw(h, f, (uint32_t)a[1], (uint32_t)a[2], (int64_t)a[3], true, (uint32_t)a[4]);
}

static uint32_t fd_seek(acs__wasi_host *h, const uint64_t *a)
{
  int64_t off = (int64_t)a[1];
  uint32_t whence = (uint32_t)a[2];
  FD(f, 0, (off == 0 && whence == SEEK_CUR) ? R(FD_TELL) : R(FD_SEEK) | R(FD_TELL));
  if (whence > 2) return ACS__WASI_EINVAL;
  unsigned char *p = acs__wasi_ptr(&h->mem, (uint32_t)a[3], 8);
  if (!p) return ACS__WASI_EFAULT;
  int64_t r = acs_sys_lseek(f->box, off, (int)whence);
  if (r < 0) return acs__wasi_errno((int)r);
  acs__wasi_put64(p, (uint64_t)r);
  return 0;
}

static uint32_t fd_tell(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, R(FD_TELL));
  unsigned char *p = acs__wasi_ptr(&h->mem, (uint32_t)a[1], 8);
  if (!p) return ACS__WASI_EFAULT;
  int64_t r = acs_sys_lseek(f->box, 0, SEEK_CUR);
  if (r < 0) return acs__wasi_errno((int)r);
  acs__wasi_put64(p, (uint64_t)r);
  return 0;
}

static uint32_t fd_close(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, 0);
  int r = acs_sys_close(f->box);
  acs__wasi_fd_free(f);
  return r < 0 ? acs__wasi_errno(r) : 0;
}

static uint32_t fd_sync(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, R(FD_SYNC));
  (void)f; /* the box's files live in memory: nothing to write back */
  return 0;
}

static uint32_t fd_datasync(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, R(FD_DATASYNC));
  (void)f;
  return 0;
}

static uint32_t fd_advise(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, R(FD_ADVISE));
  if ((uint32_t)a[3] > 5 || (int64_t)a[1] < 0 || (int64_t)a[2] < 0) return ACS__WASI_EINVAL;
  if (f->type == ACS__WASI_FT_DIR) return ACS__WASI_EBADF;
  if (f->type != ACS__WASI_FT_REG) return ACS__WASI_ESPIPE;
  return 0; /* advice only: the box's files are in memory already */
}

static uint32_t fd_allocate(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, R(FD_ALLOCATE));
  int64_t off = (int64_t)a[1], len = (int64_t)a[2];
  if (off < 0 || len <= 0 || off > INT64_MAX - len) return ACS__WASI_EINVAL;
  acs__sys_stat st;
  int r = acs_sys_fstat(f->box, &st);
  if (r < 0) return acs__wasi_errno(r);
  if ((st.mode & S_IFMT) == S_IFDIR) return ACS__WASI_EBADF;
  if ((st.mode & S_IFMT) != S_IFREG) return ACS__WASI_ESPIPE;
  if ((uint64_t)(off + len) > st.size) r = acs_sys_ftruncate(f->box, off + len);
  return r < 0 ? acs__wasi_errno(r) : 0;
}

static uint32_t fd_fdstat_get(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, 0);
  unsigned char *p = acs__wasi_ptr(&h->mem, (uint32_t)a[1], 24);
  if (!p) return ACS__WASI_EFAULT;
  memset(p, 0, 24);
  p[0] = f->type;
  p[2] = (unsigned char)f->flags;
  p[3] = (unsigned char)(f->flags >> 8);
  acs__wasi_put64(p + 8, f->base);
  acs__wasi_put64(p + 16, f->inh);
  return 0;
}

static uint32_t fd_fdstat_set_flags(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, R(FD_FDSTAT_SET_FLAGS));
  uint16_t flags = (uint16_t)a[1];
  if ((uint32_t)a[1] & ~0x1fu) return ACS__WASI_EINVAL;
  /* as fcntl(F_SETFL): only append and non-blocking change */
  int o = acs__wasi_fdflags_to_open(flags) & (O_APPEND | O_NONBLOCK);
  int d = acs_sys_direct_fd(f->box);
  int r;
  if (d >= 0) {
    int cur = fcntl(d, F_GETFL);
    r = cur < 0 ? -errno : fcntl(d, F_SETFL, (cur & ~(O_APPEND | O_NONBLOCK)) | o) < 0 ? -errno : 0;
  } else {
    int cur = acs_sys_fcntl(f->box, F_GETFL, 0);
    r = cur < 0 ? cur : acs_sys_fcntl(f->box, F_SETFL, (cur & ~(O_APPEND | O_NONBLOCK)) | o);
  }
  if (r < 0) return acs__wasi_errno(r);
  f->flags = (uint16_t)((f->flags & ~(ACS__WASI_FDFLAG_APPEND | ACS__WASI_FDFLAG_NONBLOCK)) |
                        (flags & (ACS__WASI_FDFLAG_APPEND | ACS__WASI_FDFLAG_NONBLOCK)));
  return 0;
}

static uint32_t fd_fdstat_set_rights(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, 0);
  /* rights only ever shrink */
  if ((a[1] & ~f->base) || (a[2] & ~f->inh)) return ACS__WASI_ENOTCAPABLE;
  f->base = a[1];
  f->inh = a[2];
  return 0;
}

void acs__wasi_put_filestat(unsigned char *p, const acs__sys_stat *st)
{
  memset(p, 0, 64);
  acs__wasi_put64(p, st->dev);
  acs__wasi_put64(p + 8, st->ino);
  p[16] = acs__wasi_filetype(st->mode);
  acs__wasi_put64(p + 24, st->nlink);
  acs__wasi_put64(p + 32, st->size);
  acs__wasi_put64(p + 40, (uint64_t)st->atime_s * 1000000000u + (uint64_t)st->atime_ns);
  acs__wasi_put64(p + 48, (uint64_t)st->mtime_s * 1000000000u + (uint64_t)st->mtime_ns);
  acs__wasi_put64(p + 56, (uint64_t)st->ctime_s * 1000000000u + (uint64_t)st->ctime_ns);
}

static uint32_t fd_filestat_get(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, R(FD_FILESTAT_GET));
  unsigned char *p = acs__wasi_ptr(&h->mem, (uint32_t)a[1], 64);
  if (!p) return ACS__WASI_EFAULT;
  acs__sys_stat st;
  int r = acs_sys_fstat(f->box, &st);
  if (r < 0) return acs__wasi_errno(r);
  acs__wasi_put_filestat(p, &st);
  return 0;
}

static uint32_t fd_filestat_set_size(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, R(FD_FILESTAT_SET_SIZE));
  if ((int64_t)a[1] < 0) return ACS__WASI_EINVAL;
  int r = acs_sys_ftruncate(f->box, (int64_t)a[1]);
  return r < 0 ? acs__wasi_errno(r) : 0;
}

uint32_t acs__wasi_times(uint64_t atim, uint64_t mtim, uint32_t fst, struct timespec *ts)
{
  enum { ATIM = 1, ATIM_NOW = 2, MTIM = 4, MTIM_NOW = 8 };
  if ((fst & ~15u) || ((fst & ATIM) && (fst & ATIM_NOW)) || ((fst & MTIM) && (fst & MTIM_NOW)))
    return ACS__WASI_EINVAL;
  /* Debian's wasi-libc (git 2022-05-10) sends utimensat(path, NULL) and
  ** futimens(fd, NULL), "now" in C, as both times set to 0, and refuses
  ** UTIME_NOW itself (EINVAL): so Python's os.utime(p) and Path.touch()
  ** would date a file 1970. Both times exactly the epoch is that call;
  ** it is taken as "now" (docs/box-wasi.md). */
  if (fst == (ATIM | MTIM) && atim == 0 && mtim == 0) fst = ATIM_NOW | MTIM_NOW;
  uint64_t t[2] = {atim, mtim};
  for (int i = 0; i < 2; i++) {
    unsigned set = i ? MTIM : ATIM, now = i ? MTIM_NOW : ATIM_NOW;
    if (fst & set) {
      ts[i].tv_sec = (time_t)(t[i] / 1000000000u);
      ts[i].tv_nsec = (long)(t[i] % 1000000000u);
    } else {
      ts[i].tv_sec = 0;
      ts[i].tv_nsec = (fst & now) ? UTIME_NOW : UTIME_OMIT;
    }
  }
  return 0;
}

static uint32_t fd_filestat_set_times(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, R(FD_FILESTAT_SET_TIMES));
  struct timespec ts[2];
  uint32_t e = acs__wasi_times(a[1], a[2], (uint32_t)a[3], ts);
  if (e) return e;
  int r = acs_sys_utimensat(f->box, "", ts, AT_EMPTY_PATH);
  return r < 0 ? acs__wasi_errno(r) : 0;
}

static uint32_t fd_prestat_get(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, 0);
  if (!f->preopen) return ACS__WASI_EBADF;
  unsigned char *p = acs__wasi_ptr(&h->mem, (uint32_t)a[1], 8);
  if (!p) return ACS__WASI_EFAULT;
  memset(p, 0, 8);
  acs__wasi_put32(p + 4, (uint32_t)strlen(f->preopen));
  return 0;
}

static uint32_t fd_prestat_dir_name(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, 0);
  if (!f->preopen) return ACS__WASI_EBADF;
  size_t n = strlen(f->preopen);
  if ((uint32_t)a[2] < n) return ACS__WASI_ENAMETOOLONG;
  unsigned char *p = acs__wasi_ptr(&h->mem, (uint32_t)a[1], n);
  if (!p) return ACS__WASI_EFAULT;
  memcpy(p, f->preopen, n);
  return 0;
}

static uint8_t dt_type(uint8_t dt)
{
  switch (dt) {
  case DT_REG: return ACS__WASI_FT_REG;
  case DT_DIR: return ACS__WASI_FT_DIR;
  case DT_LNK: return ACS__WASI_FT_SYMLINK;
  case DT_CHR: return ACS__WASI_FT_CHAR;
  case DT_BLK: return ACS__WASI_FT_BLOCK;
  case DT_SOCK: return ACS__WASI_FT_SOCK_STREAM;
  default: return ACS__WASI_FT_UNKNOWN;
  }
}

static bool dir_add(acs__wasi_fd *f, size_t *cap, uint64_t ino, uint8_t type, const char *name, size_t nl)
{
  size_t need = 13 + nl;
  if (f->dir_len + need > *cap) {
    size_t nc = (*cap ? *cap * 2 : 4096) + need;
    unsigned char *nd = realloc(f->dir, nc);
    if (!nd) return false;
    f->dir = nd;
    *cap = nc;
  }
  unsigned char *p = f->dir + f->dir_len;
  acs__wasi_put64(p, ino);
  p[8] = type;
  acs__wasi_put32(p + 9, (uint32_t)nl);
  memcpy(p + 13, name, nl);
  f->dir_len += need;
  f->dir_count++;
  return true;
}

/* The whole listing, "." and ".." first, as Linux's getdents gives them. */
static uint32_t dir_load(acs__wasi_fd *f)
{
  free(f->dir);
  f->dir = NULL;
  f->dir_len = 0;
  f->dir_count = 0;
  size_t cap = 0;
  int64_t r = acs_sys_lseek(f->box, 0, SEEK_SET);
  if (r < 0) return acs__wasi_errno((int)r);
  acs__sys_stat self, up;
  int e = acs_sys_fstat(f->box, &self);
  if (e < 0) return acs__wasi_errno(e);
  if (acs_sys_statat(f->box, "..", 0, &up) < 0) up = self;
  unsigned char *buf = malloc(ACS__SYS_MAX_DATA);
  if (!buf) return ACS__WASI_ENOMEM;
  /* "." and ".." first, whether or not the kernel lists them (its own are skipped) */
  if (!dir_add(f, &cap, self.ino, ACS__WASI_FT_DIR, ".", 1) ||
      !dir_add(f, &cap, up.ino, ACS__WASI_FT_DIR, "..", 2)) {
    free(buf);
    return ACS__WASI_ENOMEM;
  }
  for (;;) {
    ssize_t n = acs_sys_getdents(f->box, buf, ACS__SYS_MAX_DATA);
    if (n < 0) {
      free(buf);
      return acs__wasi_errno((int)n);
    }
    if (n == 0) break;
    for (size_t o = 0; o + 11 <= (size_t)n;) {
      uint64_t ino;
      memcpy(&ino, buf + o, 8);
      uint8_t type = buf[o + 8];
      uint16_t nl;
      memcpy(&nl, buf + o + 9, 2);
      if (o + 11 + nl > (size_t)n) break;
      const char *name = (const char *)buf + o + 11;
      o += 11 + nl;
      if ((nl == 1 && name[0] == '.') || (nl == 2 && name[0] == '.' && name[1] == '.')) continue;
      if (!dir_add(f, &cap, ino, dt_type(type), name, nl)) {
        free(buf);
        return ACS__WASI_ENOMEM;
      }
    }
  }
  free(buf);
  return 0;
}

static uint32_t fd_readdir(acs__wasi_host *h, const uint64_t *a)
{
  FD(f, 0, R(FD_READDIR));
  uint32_t bp = (uint32_t)a[1], blen = (uint32_t)a[2];
  uint64_t cookie = a[3];
  unsigned char *buf = acs__wasi_ptr(&h->mem, bp, blen), *used = acs__wasi_ptr(&h->mem, (uint32_t)a[4], 4);
  if (!buf || !used) return ACS__WASI_EFAULT;
  if (cookie == 0 || !f->dir) {
    uint32_t e = dir_load(f);
    if (e) return e;
  }
  /* cookie n: the listing from its n-th entry */
  size_t o = 0, out = 0;
  uint64_t i = 0;
  for (; i < cookie && o < f->dir_len; i++) o += 13 + acs__wasi_get32(f->dir + o + 9);
  for (; o < f->dir_len && out < blen; i++) {
    const unsigned char *e = f->dir + o;
    uint32_t nl = acs__wasi_get32(e + 9);
    unsigned char ent[24];
    memset(ent, 0, sizeof ent);
    acs__wasi_put64(ent, i + 1);
    memcpy(ent + 8, e, 8);
    acs__wasi_put32(ent + 16, nl);
    ent[20] = e[8];
    /* as preview1 says: the last entry may be cut at the buffer's end */
    size_t k = blen - out < 24 ? blen - out : 24;
    memcpy(buf + out, ent, k);
    out += k;
    k = blen - out < nl ? blen - out : nl;
    memcpy(buf + out, e + 13, k);
    out += k;
    o += 13 + nl;
  }
  acs__wasi_put32(used, (uint32_t)out);
  return 0;
}

static uint32_t fd_renumber(acs__wasi_host *h, const uint64_t *a)
{
  FD(from, 0, 0);
  uint32_t e;
  acs__wasi_fd *to = acs__wasi_fd_get(h, (uint32_t)a[1], 0, &e);
  if (!to) return e;
  if (from == to) return 0;
  acs_sys_close(to->box);
  acs__wasi_fd_free(to);
  *to = *from;
  memset(from, 0, sizeof *from);
  return 0;
}

#define E(n, s) {#n, s, n}
const acs__wasi_import acs__wasi_fd_imports[] = {
    E(fd_advise, "iIIi"), E(fd_allocate, "iII"), E(fd_close, "i"), E(fd_datasync, "i"),
    E(fd_fdstat_get, "ii"), E(fd_fdstat_set_flags, "ii"), E(fd_fdstat_set_rights, "iII"),
    E(fd_filestat_get, "ii"), E(fd_filestat_set_size, "iI"), E(fd_filestat_set_times, "iIIi"),
    E(fd_pread, "iiiIi"), E(fd_prestat_dir_name, "iii"), E(fd_prestat_get, "ii"),
    E(fd_pwrite, "iiiIi"), E(fd_read, "iiii"), E(fd_readdir, "iiiIi"), E(fd_renumber, "ii"),
    E(fd_seek, "iIii"), E(fd_sync, "i"), E(fd_tell, "ii"), E(fd_write, "iiii"),
};
const size_t acs__wasi_fd_import_count = sizeof acs__wasi_fd_imports / sizeof *acs__wasi_fd_imports;
