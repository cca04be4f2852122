/* wasi.h - the box's WASI preview1 host: a wasm32-wasi command module run
** as a box process. The module is compiled by JavaScriptCore's WebAssembly;
** every `wasi_snapshot_preview1` import is a C function of this directory
** that reaches the box only through src/sys, so files, permissions, pipes
** and limits are the box process's (docs/box-wasi.md).
**
** Layers: module.c reads and checks the module's bytes (imports, _start,
** the memory's maximum); engine.c runs it in JavaScriptCore; fd.c keeps
** the WASI descriptor table and its rights; call_*.c are the imports;
** errno.c maps the kernel's answers to WASI errnos. */
#ifndef ACS_WASI_WASI_H
#define ACS_WASI_WASI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

/* How a module is run (the `wasi` program fills it from its command line). */
typedef struct acs__wasi_config {
  const char *path;        /* the module file, a box path */
  const char *const *argv; /* the module's argv (argv[0] included) */
  size_t argc;
  const char *const *env;  /* NAME=VALUE */
  size_t envc;
  /* How paths on the "/" preopen resolve (docs/box-wasi.md): false, a
  ** path whose first component names an entry of the working directory
  ** (or that has one component) is the working directory's; true, every
  ** path there is a box path from "/". */
  bool root_paths;
  uint64_t max_memory;     /* bytes the module's memory may grow to; 0: the default */
} acs__wasi_config;

/* The default cap of a module's linear memory (the box has no memory
** limit of its own yet): 1 GiB, as memory.grow sees it. */
#define ACS__WASI_DEFAULT_MAX_MEMORY (1ull << 30)

/* Run the module: returns its exit status (proc_exit's, or 0 when _start
** returns), 126 when the module cannot run (a message on box fd 2 says
** why), 134 after a trap (the trap's message on fd 2, as abort() ends a
** native program). Never returns for proc_exit and proc_raise. */
int acs__wasi_run(const acs__wasi_config *cfg);

/* ------------------------------------------------------------ the module */

/* What module.c learned of a module's bytes. */
typedef struct acs__wasi_module {
  unsigned char *bytes; /* malloc'd; the memory section rewritten for the cap */
  size_t len;
  bool has_start;       /* exports a function "_start" */
  bool has_memory;      /* exports a memory "memory" */
  bool root_paths;      /* a custom section "acs.paths" says "root" */
  char bad_import[256]; /* the first import we do not give, "" if none */
} acs__wasi_module;

/* Parse bytes (taken: freed on failure too), check the header, list the
** imports and exports, cap the module's own memory at max_pages (its
** declared maximum if smaller). Returns 0 or -1 with why filled. */
int acs__wasi_module_load(unsigned char *bytes, size_t len, uint32_t max_pages,
                          acs__wasi_module *m, char *why, size_t why_len);

/* ----------------------------------------------------------- the memory */

/* The guest's linear memory as the host sees it for the length of one
** call: base and size are refreshed by the engine when memory grew. */
typedef struct acs__wasi_mem {
  unsigned char *base;
  uint64_t size;
} acs__wasi_mem;

/* A guest range [ptr, ptr+len) as a host pointer, or NULL (EFAULT) when
** any byte lies outside the memory. */
static inline unsigned char *acs__wasi_ptr(const acs__wasi_mem *m, uint32_t ptr, uint64_t len)
{
  if ((uint64_t)ptr + len > m->size) return NULL;
  return m->base + ptr;
}

static inline void acs__wasi_put32(unsigned char *p, uint32_t v)
{
  for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * i));
}
static inline void acs__wasi_put64(unsigned char *p, uint64_t v)
{
  for (int i = 0; i < 8; i++) p[i] = (unsigned char)(v >> (8 * i));
}
static inline uint32_t acs__wasi_get32(const unsigned char *p)
{
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline uint64_t acs__wasi_get64(const unsigned char *p)
{
  return (uint64_t)acs__wasi_get32(p) | (uint64_t)acs__wasi_get32(p + 4) << 32;
}

/* ------------------------------------------------------------- the calls */

/* Every import gets its arguments as 64-bit values (i32s zero-extended)
** and returns a WASI errno. */
typedef struct acs__wasi_host acs__wasi_host;
typedef uint32_t (*acs__wasi_fn)(acs__wasi_host *h, const uint64_t *a);

typedef struct acs__wasi_import {
  const char *name;
  const char *sig; /* one letter per parameter: 'i' i32, 'I' i64 */
  acs__wasi_fn fn;
} acs__wasi_import;
/* Each call_*.c has its table; acs__wasi_import_at walks them all. */
extern const acs__wasi_import acs__wasi_fd_imports[], acs__wasi_path_imports[],
    acs__wasi_misc_imports[];
extern const size_t acs__wasi_fd_import_count, acs__wasi_path_import_count,
    acs__wasi_misc_import_count;
/* The i-th import we give, NULL past the last. */
const acs__wasi_import *acs__wasi_import_at(size_t i);
/* The import named name (len bytes), or NULL. */
const acs__wasi_import *acs__wasi_import_find(const char *name, size_t len);

/* A stat as WASI's filestat (64 bytes at p). */
struct acs__sys_stat;
void acs__wasi_put_filestat(unsigned char *p, const struct acs__sys_stat *st);
/* utimensat's times from WASI's (atim, mtim, fstflags): 0 or EINVAL. */
uint32_t acs__wasi_times(uint64_t atim, uint64_t mtim, uint32_t fst, struct timespec *ts);

/* ------------------------------------------------------ the descriptors */

enum { ACS__WASI_MAX_FDS = 1024 };

typedef struct acs__wasi_fd {
  bool used;
  int box;            /* the box descriptor */
  uint8_t type;       /* WASI filetype */
  uint16_t flags;     /* WASI fdflags */
  uint64_t base, inh; /* rights */
  char *preopen;      /* the preopen's name, or NULL */
  /* fd_readdir's listing, read whole at cookie 0: packed records of
  ** u64 ino, u8 WASI type, u32 namelen, name */
  unsigned char *dir;
  size_t dir_len;
  uint64_t dir_count;
} acs__wasi_fd;

struct acs__wasi_host {
  acs__wasi_mem mem;
  const acs__wasi_config *cfg;
  acs__wasi_fd fds[ACS__WASI_MAX_FDS];
  bool root_paths; /* the config's, or the module's own mark */
  int cwd_fd;     /* the box descriptor of the working directory */
  int root_fd;    /* and of "/" */
  /* the engine's: refreshes mem when the guest's memory grew */
  void (*refresh)(acs__wasi_host *h);
  void *engine;
};

/* The table at start: 0, 1, 2 the box's stdio, 3 the preopen "/". */
int acs__wasi_fds_init(acs__wasi_host *h);
/* The entry for a WASI fd holding every right in need, or NULL with *err
** set (BADF, NOTCAPABLE). */
acs__wasi_fd *acs__wasi_fd_get(acs__wasi_host *h, uint32_t fd, uint64_t need, uint32_t *err);
/* A new entry for box descriptor box (taken): the WASI fd, or -1 when the
** table is full (the box fd is closed). */
int acs__wasi_fd_add(acs__wasi_host *h, int box, uint8_t type, uint16_t flags, uint64_t base,
                     uint64_t inh);
void acs__wasi_fd_free(acs__wasi_fd *f);
/* The most rights a descriptor of a WASI filetype can have. */
void acs__wasi_rights_max(uint8_t type, uint64_t *base, uint64_t *inh);
/* The same for an open file of the box (a memory device seeks; a
** terminal does not). */
void acs__wasi_rights_for(const struct acs__sys_stat *st, uint64_t *base, uint64_t *inh);
/* WASI filetype of a stat mode. */
uint8_t acs__wasi_filetype(uint32_t mode);
/* The box descriptor and path an *at call uses for (dirfd, path): on the
** "/" preopen the working directory or the root as docs/box-wasi.md
** says. path is the guest's bytes (len, no NUL); out gets them with a
** NUL. Returns 0 or a WASI errno. */
uint32_t acs__wasi_resolve(acs__wasi_host *h, acs__wasi_fd *dir, const unsigned char *path,
                           uint32_t len, int *at, char *out, size_t cap);

/* A negative Linux errno (as src/sys returns it) as a WASI errno. */
uint32_t acs__wasi_errno(int neg);

/* WASI errnos used by the host itself. */
enum {
  ACS__WASI_ESUCCESS = 0, ACS__WASI_E2BIG = 1, ACS__WASI_EACCES = 2, ACS__WASI_EAGAIN = 6,
  ACS__WASI_EBADF = 8, ACS__WASI_EEXIST = 20, ACS__WASI_EFAULT = 21, ACS__WASI_EINVAL = 28,
  ACS__WASI_EIO = 29, ACS__WASI_EISDIR = 31, ACS__WASI_ELOOP = 32, ACS__WASI_EMFILE = 33,
  ACS__WASI_ENAMETOOLONG = 37, ACS__WASI_ENOENT = 44, ACS__WASI_ENOMEM = 48,
  ACS__WASI_ENOSYS = 52, ACS__WASI_ENOTDIR = 54, ACS__WASI_ENOTSUP = 58, ACS__WASI_EOVERFLOW = 61,
  ACS__WASI_EPERM = 63, ACS__WASI_ESPIPE = 70, ACS__WASI_ENOTCAPABLE = 76,
};

/* WASI filetypes. */
enum {
  ACS__WASI_FT_UNKNOWN = 0, ACS__WASI_FT_BLOCK = 1, ACS__WASI_FT_CHAR = 2, ACS__WASI_FT_DIR = 3,
  ACS__WASI_FT_REG = 4, ACS__WASI_FT_SOCK_DGRAM = 5, ACS__WASI_FT_SOCK_STREAM = 6,
  ACS__WASI_FT_SYMLINK = 7,
};

/* Rights. */
#define ACS__WR(n) (1ull << (n))
enum {
  ACS__WASI_R_FD_DATASYNC = 0, ACS__WASI_R_FD_READ = 1, ACS__WASI_R_FD_SEEK = 2,
  ACS__WASI_R_FD_FDSTAT_SET_FLAGS = 3, ACS__WASI_R_FD_SYNC = 4, ACS__WASI_R_FD_TELL = 5,
  ACS__WASI_R_FD_WRITE = 6, ACS__WASI_R_FD_ADVISE = 7, ACS__WASI_R_FD_ALLOCATE = 8,
  ACS__WASI_R_PATH_CREATE_DIRECTORY = 9, ACS__WASI_R_PATH_CREATE_FILE = 10,
  ACS__WASI_R_PATH_LINK_SOURCE = 11, ACS__WASI_R_PATH_LINK_TARGET = 12, ACS__WASI_R_PATH_OPEN = 13,
  ACS__WASI_R_FD_READDIR = 14, ACS__WASI_R_PATH_READLINK = 15, ACS__WASI_R_PATH_RENAME_SOURCE = 16,
  ACS__WASI_R_PATH_RENAME_TARGET = 17, ACS__WASI_R_PATH_FILESTAT_GET = 18,
  ACS__WASI_R_PATH_FILESTAT_SET_SIZE = 19, ACS__WASI_R_PATH_FILESTAT_SET_TIMES = 20,
  ACS__WASI_R_FD_FILESTAT_GET = 21, ACS__WASI_R_FD_FILESTAT_SET_SIZE = 22,
  ACS__WASI_R_FD_FILESTAT_SET_TIMES = 23, ACS__WASI_R_PATH_SYMLINK = 24,
  ACS__WASI_R_PATH_REMOVE_DIRECTORY = 25, ACS__WASI_R_PATH_UNLINK_FILE = 26,
  ACS__WASI_R_POLL_FD_READWRITE = 27, ACS__WASI_R_SOCK_SHUTDOWN = 28, ACS__WASI_R_SOCK_ACCEPT = 29,
};

/* fdflags */
enum {
  ACS__WASI_FDFLAG_APPEND = 1, ACS__WASI_FDFLAG_DSYNC = 2, ACS__WASI_FDFLAG_NONBLOCK = 4,
  ACS__WASI_FDFLAG_RSYNC = 8, ACS__WASI_FDFLAG_SYNC = 16,
};

/* Linux's open(2) flags for WASI fdflags. */
int acs__wasi_fdflags_to_open(uint16_t flags);

#endif
