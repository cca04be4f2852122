/* fd.c - the WASI descriptor table: each WASI fd is a box descriptor with
** a filetype, fdflags and rights (checked on every call: a right the
** descriptor lacks is ENOTCAPABLE, as WAMR and wasmtime answer), and the
** one preopen, the box's "/". */
#include "wasi.h"

#include "../sys/sys.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define R(n) ACS__WR(ACS__WASI_R_##n)

uint8_t acs__wasi_filetype(uint32_t mode)
{
  switch (mode & S_IFMT) {
  case S_IFREG: return ACS__WASI_FT_REG;
  case S_IFDIR: return ACS__WASI_FT_DIR;
  case S_IFCHR: return ACS__WASI_FT_CHAR;
  case S_IFBLK: return ACS__WASI_FT_BLOCK;
  case S_IFLNK: return ACS__WASI_FT_SYMLINK;
  case S_IFSOCK: return ACS__WASI_FT_SOCK_STREAM;
  default: return ACS__WASI_FT_UNKNOWN; /* a pipe: preview1 has no type for it */
  }
}

void acs__wasi_rights_max(uint8_t type, uint64_t *base, uint64_t *inh)
{
  const uint64_t io = R(FD_DATASYNC) | R(FD_READ) | R(FD_SEEK) | R(FD_FDSTAT_SET_FLAGS) |
                      R(FD_SYNC) | R(FD_TELL) | R(FD_WRITE) | R(FD_ADVISE) | R(FD_ALLOCATE) |
                      R(FD_FILESTAT_GET) | R(FD_FILESTAT_SET_SIZE) | R(FD_FILESTAT_SET_TIMES) |
                      R(POLL_FD_READWRITE);
  /* FD_READ on a directory: read(2) then fails with the kernel's EISDIR,
  ** as natively, instead of ENOTCAPABLE (which wasi-libc calls EBADF) */
  const uint64_t dir = R(FD_READ) | R(FD_FDSTAT_SET_FLAGS) | R(FD_SYNC) | R(FD_ADVISE) |
                       R(PATH_CREATE_DIRECTORY) | R(PATH_CREATE_FILE) | R(PATH_LINK_SOURCE) |
                       R(PATH_LINK_TARGET) | R(PATH_OPEN) | R(FD_READDIR) | R(PATH_READLINK) |
                       R(PATH_RENAME_SOURCE) | R(PATH_RENAME_TARGET) | R(PATH_FILESTAT_GET) |
                       R(PATH_FILESTAT_SET_SIZE) | R(PATH_FILESTAT_SET_TIMES) |
                       R(FD_FILESTAT_GET) | R(FD_FILESTAT_SET_TIMES) | R(PATH_SYMLINK) |
                       R(PATH_REMOVE_DIRECTORY) | R(PATH_UNLINK_FILE) | R(POLL_FD_READWRITE);
  switch (type) {
  case ACS__WASI_FT_DIR:
    *base = dir;
    *inh = dir | io;
    break;
  case ACS__WASI_FT_REG:
    *base = io;
    *inh = 0;
    break;
  default:
    /* a pipe or a terminal: no seek, tell, allocate or size */
    *base = io & ~(R(FD_SEEK) | R(FD_TELL) | R(FD_ALLOCATE) | R(FD_FILESTAT_SET_SIZE) | R(FD_ADVISE));
    *inh = 0;
  }
}

void acs__wasi_rights_for(const acs__sys_stat *st, uint64_t *base, uint64_t *inh)
{
  uint8_t type = acs__wasi_filetype(st->mode);
  /* /dev/null and its kin (major 1) seek as files do; a terminal does
  ** not, which is how wasi-libc's isatty tells one */
  if (type == ACS__WASI_FT_CHAR && (st->rdev >> 8) == 1) type = ACS__WASI_FT_REG;
  acs__wasi_rights_max(type, base, inh);
}

static int add_at(acs__wasi_host *h, int wfd, int box, uint8_t type, uint16_t flags,
                  uint64_t base, uint64_t inh)
{
  acs__wasi_fd *f = &h->fds[wfd];
  memset(f, 0, sizeof *f);
  f->used = true;
  f->box = box;
  f->type = type;
  f->flags = flags;
  f->base = base;
  f->inh = inh;
  return wfd;
}

int acs__wasi_fd_add(acs__wasi_host *h, int box, uint8_t type, uint16_t flags, uint64_t base,
                     uint64_t inh)
{
  for (int i = 0; i < ACS__WASI_MAX_FDS; i++)
    if (!h->fds[i].used) return add_at(h, i, box, type, flags, base, inh);
  acs_sys_close(box);
  return -1;
}

void acs__wasi_fd_free(acs__wasi_fd *f)
{
  free(f->preopen);
  free(f->dir);
  memset(f, 0, sizeof *f);
}

acs__wasi_fd *acs__wasi_fd_get(acs__wasi_host *h, uint32_t fd, uint64_t need, uint32_t *err)
{
  if (fd >= ACS__WASI_MAX_FDS || !h->fds[fd].used) {
    *err = ACS__WASI_EBADF;
    return NULL;
  }
  acs__wasi_fd *f = &h->fds[fd];
  if ((f->base & need) != need) {
    *err = ACS__WASI_ENOTCAPABLE;
    return NULL;
  }
  *err = 0;
  return f;
}

int acs__wasi_fds_init(acs__wasi_host *h)
{
  for (int fd = 0; fd < 3; fd++) {
    acs__sys_stat st;
    if (acs_sys_fstat(fd, &st) != 0) continue; /* closed: EBADF, as natively */
    uint8_t type = acs__wasi_filetype(st.mode);
    uint64_t base, inh;
    acs__wasi_rights_for(&st, &base, &inh);
    int fl = acs_sys_fcntl(fd, F_GETFL, 0);
    uint16_t flags = 0;
    if (fl >= 0 && (fl & O_APPEND)) flags |= ACS__WASI_FDFLAG_APPEND;
    if (fl >= 0 && (fl & O_NONBLOCK)) flags |= ACS__WASI_FDFLAG_NONBLOCK;
    add_at(h, fd, fd, type, flags, base, inh);
  }
  h->root_fd = acs_sys_open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
  if (h->root_fd < 0) return h->root_fd;
  h->cwd_fd = acs_sys_open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
  if (h->cwd_fd < 0) h->cwd_fd = acs_sys_open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
  if (h->cwd_fd < 0) return h->cwd_fd;
  uint64_t base, inh;
  acs__wasi_rights_max(ACS__WASI_FT_DIR, &base, &inh);
  int root = acs_sys_dup(h->root_fd);
  if (root < 0) return root;
  add_at(h, 3, root, ACS__WASI_FT_DIR, 0, base, inh);
  h->fds[3].preopen = strdup("/");
  return h->fds[3].preopen ? 0 : -ENOMEM;
}

/* Whether the working directory has an entry named by path's first
** component (len bytes). */
static bool in_cwd(acs__wasi_host *h, const char *first, size_t len)
{
  char name[256];
  if (len >= sizeof name) return false;
  memcpy(name, first, len);
  name[len] = 0;
  acs__sys_stat st;
  return acs_sys_statat(h->cwd_fd, name, AT_SYMLINK_NOFOLLOW, &st) == 0;
}

uint32_t acs__wasi_resolve(acs__wasi_host *h, acs__wasi_fd *dir, const unsigned char *path,
                           uint32_t len, int *at, char *out, size_t cap)
{
  if (len >= cap || len > ACS__SYS_MAX_STR) return ACS__WASI_ENAMETOOLONG;
  if (memchr(path, 0, len)) return ACS__WASI_EINVAL;
  if (dir->type != ACS__WASI_FT_DIR) return ACS__WASI_ENOTDIR;
  if (len == 0) return ACS__WASI_ENOENT; /* as openat(2) without AT_EMPTY_PATH */
  memcpy(out, path, len);
  out[len] = 0;
  *at = dir->box;
  /* a path taken from the "/" preopen is the box path less its "/" (as
  ** wasi-libc sends it): that path, one byte longer, is what must fit
  ** (Linux: ENAMETOOLONG from 4096 bytes) */
  bool long_from_root = dir->preopen && !strcmp(dir->preopen, "/") && len + 1 > ACS__SYS_MAX_STR;
  if (long_from_root && h->root_paths) return ACS__WASI_ENAMETOOLONG;
  if (!dir->preopen || h->root_paths) return 0;
  /* The "/" preopen: wasi-libc sends "x" both for "x" and for "/x" (its
  ** cwd is "/"), so the host picks: a one-component path, or one whose
  ** first component the working directory holds, is the working
  ** directory's; anything else is a box path (docs/box-wasi.md). */
  const char *s = out;
  while (*s == '/') s++;
  size_t first = strcspn(s, "/");
  if (s[first] == 0 || (first == 2 && s[0] == '.' && s[1] == '.') || (first == 1 && s[0] == '.') ||
      in_cwd(h, s, first))
    *at = h->cwd_fd;
  else if (long_from_root)
    return ACS__WASI_ENAMETOOLONG;
  return 0;
}
