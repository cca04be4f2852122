/* call_path.c - the path_* imports: a directory descriptor and a path
** under it, resolved by the box's kernel (symbolic links, "..", which
** stays at the box's root as on Linux, and the box user's permissions);
** the "/" preopen's paths as acs__wasi_resolve picks. */
#include "wasi.h"

#include "../sys/sys.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define R(n) ACS__WR(ACS__WASI_R_##n)

enum { LOOKUP_FOLLOW = 1 };
enum { O_CREAT_W = 1, O_DIRECTORY_W = 2, O_EXCL_W = 4, O_TRUNC_W = 8 };

/* The directory fd a[di] (holding need), and the guest's path at a[pi],
** length a[pi+1], as (at, path). */
static uint32_t path_of(acs__wasi_host *h, const uint64_t *a, int di, int pi, uint64_t need,
                        int *at, char *path, acs__wasi_fd **dir)
{
  uint32_t e;
  acs__wasi_fd *f = acs__wasi_fd_get(h, (uint32_t)a[di], need, &e);
  if (!f) return e;
  uint32_t len = (uint32_t)a[pi + 1];
  const unsigned char *p = acs__wasi_ptr(&h->mem, (uint32_t)a[pi], len);
  if (!p) return ACS__WASI_EFAULT;
  if (dir) *dir = f;
  return acs__wasi_resolve(h, f, p, len, at, path, ACS__SYS_MAX_STR + 1);
}

#define PATH(di, pi, need)                                       \
  int at;                                                         \
  char path[ACS__SYS_MAX_STR + 1];                                \
  uint32_t e_ = path_of(h, a, di, pi, need, &at, path, NULL);     \
  if (e_) return e_

static uint32_t result(int r) { return r < 0 ? acs__wasi_errno(r) : 0; }

static uint32_t path_create_directory(acs__wasi_host *h, const uint64_t *a)
{
  PATH(0, 1, R(PATH_CREATE_DIRECTORY));
  return result(acs_sys_mkdirat(at, path, 0777));
}

static uint32_t path_remove_directory(acs__wasi_host *h, const uint64_t *a)
{
  PATH(0, 1, R(PATH_REMOVE_DIRECTORY));
  return result(acs_sys_unlinkat(at, path, AT_REMOVEDIR));
}

static uint32_t path_unlink_file(acs__wasi_host *h, const uint64_t *a)
{
  PATH(0, 1, R(PATH_UNLINK_FILE));
  return result(acs_sys_unlinkat(at, path, 0));
}

static uint32_t path_filestat_get(acs__wasi_host *h, const uint64_t *a)
{
  PATH(0, 2, R(PATH_FILESTAT_GET));
  unsigned char *p = acs__wasi_ptr(&h->mem, (uint32_t)a[4], 64);
  if (!p) return ACS__WASI_EFAULT;
  acs__sys_stat st;
  int r = acs_sys_statat(at, path, ((uint32_t)a[1] & LOOKUP_FOLLOW) ? 0 : AT_SYMLINK_NOFOLLOW, &st);
  if (r < 0) return acs__wasi_errno(r);
  acs__wasi_put_filestat(p, &st);
  return 0;
}

static uint32_t path_filestat_set_times(acs__wasi_host *h, const uint64_t *a)
{
  PATH(0, 2, R(PATH_FILESTAT_SET_TIMES));
  struct timespec ts[2];
  uint32_t e = acs__wasi_times(a[4], a[5], (uint32_t)a[6], ts);
  if (e) return e;
  return result(acs_sys_utimensat(at, path, ts, ((uint32_t)a[1] & LOOKUP_FOLLOW) ? 0 : AT_SYMLINK_NOFOLLOW));
}

static uint32_t path_readlink(acs__wasi_host *h, const uint64_t *a)
{
  PATH(0, 1, R(PATH_READLINK));
  uint32_t blen = (uint32_t)a[4];
  unsigned char *buf = acs__wasi_ptr(&h->mem, (uint32_t)a[3], blen);
  unsigned char *used = acs__wasi_ptr(&h->mem, (uint32_t)a[5], 4);
  if (!buf || !used) return ACS__WASI_EFAULT;
  /* a short buffer gets the link's first bytes, as readlink(2) */
  ssize_t n = acs_sys_readlinkat(at, path, (char *)buf, blen, NULL);
  if (n < 0) return acs__wasi_errno((int)n);
  acs__wasi_put32(used, (uint32_t)n);
  return 0;
}

static uint32_t path_symlink(acs__wasi_host *h, const uint64_t *a)
{
  uint32_t tlen = (uint32_t)a[1];
  const unsigned char *t = acs__wasi_ptr(&h->mem, (uint32_t)a[0], tlen);
  if (!t) return ACS__WASI_EFAULT;
  if (tlen > ACS__SYS_MAX_STR) return ACS__WASI_ENAMETOOLONG;
  if (memchr(t, 0, tlen)) return ACS__WASI_EINVAL;
  char target[ACS__SYS_MAX_STR + 1];
  memcpy(target, t, tlen);
  target[tlen] = 0;
  PATH(2, 3, R(PATH_SYMLINK));
  return result(acs_sys_symlinkat(target, at, path));
}

static uint32_t path_link(acs__wasi_host *h, const uint64_t *a)
{
  int at1, at2;
  char *p1 = malloc(2 * (ACS__SYS_MAX_STR + 1));
  if (!p1) return ACS__WASI_ENOMEM;
  char *p2 = p1 + ACS__SYS_MAX_STR + 1;
  uint32_t e = path_of(h, a, 0, 2, R(PATH_LINK_SOURCE), &at1, p1, NULL);
  if (!e) e = path_of(h, a, 4, 5, R(PATH_LINK_TARGET), &at2, p2, NULL);
  if (!e) e = result(acs_sys_linkat(at1, p1, at2, p2, ((uint32_t)a[1] & LOOKUP_FOLLOW) ? AT_SYMLINK_FOLLOW : 0));
  free(p1);
  return e;
}

static uint32_t path_rename(acs__wasi_host *h, const uint64_t *a)
{
  int at1, at2;
  char *p1 = malloc(2 * (ACS__SYS_MAX_STR + 1));
  if (!p1) return ACS__WASI_ENOMEM;
  char *p2 = p1 + ACS__SYS_MAX_STR + 1;
  uint32_t e = path_of(h, a, 0, 1, R(PATH_RENAME_SOURCE), &at1, p1, NULL);
  if (!e) e = path_of(h, a, 3, 4, R(PATH_RENAME_TARGET), &at2, p2, NULL);
  if (!e) e = result(acs_sys_renameat(at1, p1, at2, p2));
  free(p1);
  return e;
}

static uint32_t path_open(acs__wasi_host *h, const uint64_t *a)
{
  uint32_t dirflags = (uint32_t)a[1], oflags = (uint32_t)a[4], fdflags = (uint32_t)a[7];
  uint64_t base = a[5], inh = a[6];
  uint64_t need = R(PATH_OPEN);
  if (oflags & O_CREAT_W) need |= R(PATH_CREATE_FILE);
  if (oflags & O_TRUNC_W) need |= R(PATH_FILESTAT_SET_SIZE);
  if (oflags & ~15u || fdflags & ~0x1fu) return ACS__WASI_EINVAL;
  int at;
  char path[ACS__SYS_MAX_STR + 1];
  acs__wasi_fd *dir;
  uint32_t e = path_of(h, a, 0, 2, need, &at, path, &dir);
  if (e) return e;
  unsigned char *out = acs__wasi_ptr(&h->mem, (uint32_t)a[8], 4);
  if (!out) return ACS__WASI_EFAULT;
  /* the new descriptor's rights come out of the directory's inheritable ones */
  base &= dir->inh;
  inh &= dir->inh;
  bool rd = base & (R(FD_READ) | R(FD_READDIR));
  bool wr = base & (R(FD_WRITE) | R(FD_ALLOCATE) | R(FD_FILESTAT_SET_SIZE));
  int flags = (rd && wr) ? O_RDWR : wr ? O_WRONLY : O_RDONLY;
  if (oflags & O_CREAT_W) flags |= O_CREAT;
  if (oflags & O_DIRECTORY_W) flags |= O_DIRECTORY;
  if (oflags & O_EXCL_W) flags |= O_EXCL;
  if (oflags & O_TRUNC_W) flags |= O_TRUNC;
  if (!(dirflags & LOOKUP_FOLLOW)) flags |= O_NOFOLLOW;
  flags |= acs__wasi_fdflags_to_open((uint16_t)fdflags) | O_CLOEXEC;
  /* O_TRUNC without write access is a write: Linux truncates anyway for
  ** O_RDONLY|O_TRUNC when permitted; the kernel decides */
  int fd = acs_sys_openat(at, path, flags, 0666);
  if (fd < 0) return acs__wasi_errno(fd);
  acs__sys_stat st;
  int r = acs_sys_fstat(fd, &st);
  if (r < 0) {
    acs_sys_close(fd);
    return acs__wasi_errno(r);
  }
  uint8_t type = acs__wasi_filetype(st.mode);
  uint64_t mb, mi;
  acs__wasi_rights_for(&st, &mb, &mi);
  int w = acs__wasi_fd_add(h, fd, type, (uint16_t)fdflags, base & mb, inh & mi);
  if (w < 0) return ACS__WASI_EMFILE;
  acs__wasi_put32(out, (uint32_t)w);
  return 0;
}

#define E(n, s) {#n, s, n}
const acs__wasi_import acs__wasi_path_imports[] = {
    E(path_create_directory, "iii"), E(path_filestat_get, "iiiii"),
    E(path_filestat_set_times, "iiiiIIi"), E(path_link, "iiiiiii"), E(path_open, "iiiiiIIii"),
    E(path_readlink, "iiiiii"), E(path_remove_directory, "iii"), E(path_rename, "iiiiii"),
    E(path_symlink, "iiiii"), E(path_unlink_file, "iii"),
};
const size_t acs__wasi_path_import_count = sizeof acs__wasi_path_imports / sizeof *acs__wasi_path_imports;
