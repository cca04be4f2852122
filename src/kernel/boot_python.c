/* boot_python.c - Python 3.11 in a new box: the CPython that
** scripts/cpython-wasi.sh built for wasm32-wasi (`make python`), laid out
** as Debian lays out python3.11:
**   /usr/bin/python3.11 (the module), python3 -> python3.11, python -> python3
**   /usr/lib/python3.11/ (the stdlib's .py, and their .pyc in __pycache__)
**   /usr/local/lib/python3.11/site-packages (for pip, root's)
** The build's two files are mapped read-only from the host and lent to
** memfs (acs_memfs_borrow): a box costs their directory entries, not
** 30 MB of copies, and the first change of a file copies it. Where the
** build is: ACS_CPYTHON_WASI (a directory), else the build's own
** (ACS__CPYTHON_DIR, set by the Makefile). A box without it has no python3. */
#include "kernel.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef ACS__CPYTHON_DIR
#define ACS__CPYTHON_DIR ""
#endif

static const acs_memfs_cred root = {.umask = 0};

/* One host file mapped for the kernel's life (unmapped by its exit). */
typedef struct mapped {
  const unsigned char *p;
  size_t len;
} mapped;

static int map_file(const char *dir, const char *name, mapped *m)
{
  char path[4096];
  if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, name) >= sizeof path) return -ENAMETOOLONG;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -errno;
  struct stat st;
  int rc = 0;
  if (fstat(fd, &st) < 0) rc = -errno;
  else if (!S_ISREG(st.st_mode) || st.st_size <= 0) rc = -EINVAL;
  if (!rc) {
    void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED) rc = -errno;
    else {
      m->p = p;
      m->len = (size_t)st.st_size;
    }
  }
  close(fd);
  return rc;
}

static int mkdir_p(acs__kernel *k, char *path)
{
  for (char *s = path + 1;; s++) {
    if (*s != '/' && *s) continue;
    char c = *s;
    *s = 0;
    int rc = acs_memfs_mkdir(k->fs, &root, NULL, path, 0755);
    *s = c;
    if (rc && rc != -EEXIST) return rc;
    if (!c) return 0;
  }
}

/* path from directory at (NULL: the root); mtime: seconds, or -1 for
** the boot's time */
static int lend(acs__kernel *k, acs_memfs_inode *at, const char *path, uint32_t mode,
                const void *data, uint64_t len, int64_t mtime)
{
  acs_memfs_file *f = NULL;
  int rc = acs_memfs_open(k->fs, &root, at, path, O_WRONLY | O_CREAT | O_EXCL, mode, &f);
  if (rc) return rc;
  rc = acs_memfs_borrow(k->fs, f, data, len);
  if (!rc && mtime >= 0) {
    struct timespec ts[2] = {{.tv_sec = mtime}, {.tv_sec = mtime}};
    rc = acs_memfs_futimens(k->fs, &root, f, ts);
  }
  acs_memfs_close(k->fs, f);
  return rc;
}

/* The pack of the stdlib (the script's format): "acs-pack 1\n",
** "SIZE MTIME PATH\n" per file, a blank line, the files' bytes in that
** order. The mtimes are the ones the .pyc files record of their sources:
** with any other, every import would compile its source again. */
static int lay_pack(acs__kernel *k, const mapped *m, const char *under)
{
  const char *p = (const char *)m->p, *end = p + m->len;
  static const char magic[] = "acs-pack 1\n";
  if (m->len < sizeof magic - 1 || memcmp(p, magic, sizeof magic - 1)) return -EINVAL;
  const char *hdr = p + sizeof magic - 1, *body = memmem(hdr, (size_t)(end - hdr), "\n\n", 2);
  if (!body) return -EINVAL;
  body += 2;
  uint64_t off = 0, total = (uint64_t)(end - body);
  char path[4096], last_dir[4096] = "";
  acs_memfs_inode *at = NULL; /* last_dir's, held */
  int rc = 0;
  for (const char *line = hdr; line < body - 1;) {
    const char *nl = memchr(line, '\n', (size_t)(body - line));
    char *sep, *sep2;
    unsigned long long size = strtoull(line, &sep, 10);
    if (!nl || *sep != ' ') {
      rc = -EINVAL;
      break;
    }
    long long mtime = strtoll(sep + 1, &sep2, 10);
    sep = sep2;
    if (*sep != ' ' || sep + 1 >= nl || size > total - off || mtime < 0) {
      rc = -EINVAL;
      break;
    }
    int n = snprintf(path, sizeof path, "%s/%.*s", under, (int)(nl - sep - 1), sep + 1);
    if (n < 0 || (size_t)n >= sizeof path || strstr(path, "/../") || strstr(path, "/./")) {
      rc = -EINVAL;
      break;
    }
    char *slash = strrchr(path, '/');
    *slash = 0;
    if (strcmp(path, last_dir)) { /* the pack lists a directory's files together */
      if (at) acs_memfs_inode_release(k->fs, at);
      at = NULL;
      rc = mkdir_p(k, path);
      if (!rc) rc = acs_memfs_chdir(k->fs, &root, NULL, path, &at);
      snprintf(last_dir, sizeof last_dir, "%s", path);
    }
    if (!rc) rc = lend(k, at, slash + 1, 0644, body + off, size, mtime);
    if (rc) break;
    off += size;
    line = nl + 1;
  }
  if (at) acs_memfs_inode_release(k->fs, at);
  return rc;
}

/* mapped once per kernel */
enum { WASM, PACK };
static mapped maps[2];

int acs__kernel_boot_python(acs__kernel *k)
{
  const char *dir = getenv("ACS_CPYTHON_WASI");
  if (!dir || !*dir) dir = ACS__CPYTHON_DIR;
  if (!*dir) return 0;
  static bool tried;
  if (!tried) {
    tried = true;
    if (map_file(dir, "python.wasm", &maps[WASM]) || map_file(dir, "lib/python3.11.pack", &maps[PACK])) {
      for (int i = 0; i < 2; i++)
        if (maps[i].p) munmap((void *)maps[i].p, maps[i].len);
      memset(maps, 0, sizeof maps); /* not built (make python): a box without python3 */
      return 0;
    }
  }
  if (!maps[WASM].p) return 0;
  /* laid out already (a second call) */
  acs_memfs_stat st;
  if (!acs_memfs_fstatat(k->fs, &root, NULL, "/usr/bin/python3.11", AT_SYMLINK_NOFOLLOW, &st)) return 0;
  char site[] = "/usr/local/lib/python3.11/site-packages", dyn[] = "/usr/local/lib/python3.11/lib-dynload";
  int rc = mkdir_p(k, site);
  if (!rc) rc = mkdir_p(k, dyn);
  if (!rc) rc = lend(k, NULL, "/usr/bin/python3.11", 0755, maps[WASM].p, maps[WASM].len, -1);
  if (!rc) rc = acs_memfs_symlink(k->fs, &root, "python3.11", NULL, "/usr/bin/python3");
  if (!rc) rc = acs_memfs_symlink(k->fs, &root, "python3", NULL, "/usr/bin/python");
  if (!rc) rc = lay_pack(k, &maps[PACK], "/usr/lib/python3.11");
  /* a box without all of Python still boots (its other programs work):
  ** the operator learns why, on the kernel's stderr */
  if (rc && rc != -ENOSPC)
    dprintf(2, "acs: the box's Python in %s could not be laid out (%s): rebuild it with make python\n",
            dir, rc == -EINVAL ? "lib/python3.11.pack is damaged" : strerror(-rc));
  return rc == -ENOSPC ? rc : 0;
}
