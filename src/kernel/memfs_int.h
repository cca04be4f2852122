/* memfs_int.h - memfs's structures and the functions its files share.
** Nothing outside src/kernel/memfs_*.c includes this. */
#ifndef ACS_KERNEL_MEMFS_INT_H
#define ACS_KERNEL_MEMFS_INT_H

#include "memfs.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>
#include <time.h>

/* ------------------------------------------------------------- structures */

/* One name in a directory. seq orders readdir and is its cookie. */
typedef struct acs__memfs_dent {
  struct acs__memfs_dent *hnext; /* hash chain */
  acs_memfs_inode *ino;
  uint64_t hash, seq;
  uint16_t len;
  char name[];                   /* NUL-terminated */
} acs__memfs_dent;

/* The readdir order: dents by seq, ascending; d is NULL once removed. */
typedef struct acs__memfs_slot {
  uint64_t seq;
  acs__memfs_dent *d;
} acs__memfs_slot;

typedef struct acs__memfs_dir {
  acs__memfs_dent **tab;       /* hash buckets, tabmask + 1 of them */
  uint32_t tabmask, count;
  acs__memfs_slot *order;
  uint32_t norder, ordercap, ntomb;
  uint64_t next_seq;           /* cookies 0 and 1 are "." and ".." */
  acs_memfs_inode *parent;     /* held (refs) unless this is the root */
  acs__memfs_dent *self;       /* our name in parent; NULL once removed */
} acs__memfs_dir;

/* A regular file's pages: a radix tree of fan-out 64 whose height grows
** with the highest page. Height 0: root is page 0 itself (cap0 bytes). */
#define ACS__MEMFS_FAN 64
typedef struct acs__memfs_leaf {
  uint8_t *page[ACS__MEMFS_FAN];
  uint32_t cap[ACS__MEMFS_FAN]; /* bytes allocated of each page (<= PAGE) */
} acs__memfs_leaf;
typedef struct acs__memfs_node {
  void *child[ACS__MEMFS_FAN];
} acs__memfs_node;

typedef struct acs__memfs_data {
  void *root;
  uint32_t height, cap0;
  uint64_t bytes;               /* page bytes allocated (st_blocks) */
  /* Borrowed bytes (acs_memfs_borrow): the whole content, size bytes,
  ** while no page exists; the first change copies them into pages. */
  const uint8_t *ext;
} acs__memfs_data;

struct acs_memfs_inode {
  acs_memfs_inode *prev, *next; /* every live inode, for acs_memfs_free */
  uint64_t ino, size, rdev;
  uint32_t mode, uid, gid, nlink, refs, mount;
  struct timespec atime, mtime, ctime, btime;
  union {
    acs__memfs_dir dir;
    acs__memfs_data reg;
    char *target;               /* symlink: NUL-terminated, size bytes */
  } u;
};

struct acs_memfs_file {
  acs_memfs_file *prev, *next;  /* every open description */
  acs_memfs_inode *ino;         /* held */
  uint64_t off;
  int flags;
  uint32_t refs;
};

struct acs_memfs {
  uint64_t max_bytes, max_inodes;
  acs_memfs_clock_fn clock;
  void *clock_user;
  bool protected_hardlinks, protected_symlinks;
  uint8_t protected_regular, protected_fifos;
  acs_memfs_inode *root;
  acs_memfs_inode *inodes;      /* list head */
  acs_memfs_file *files;        /* list head */
  uint64_t bytes, data_bytes, ninodes, next_ino, seed;
  /* the last crossing (acs_memfs_crossing) */
  acs_memfs_cross cross;
  char *cross_buf[2];
  uint32_t cross_id[2];
  struct chunk *free_chunks; /* memfs_pages.c: chunks with a free page */
  uint64_t chunks_made;      /* memfs_pages.c: chunks ever mapped */
};

/* -------------------------------------------------------- memfs.c: memory */

/* Allocations charged to the tree (the byte cap): -ENOSPC over the cap,
** NULL on malloc failure (callers say -ENOMEM). */
int acs__memfs_charge(acs_memfs *fs, uint64_t n);
void acs__memfs_uncharge(acs_memfs *fs, uint64_t n);
void *acs__memfs_alloc(acs_memfs *fs, size_t n, int *err);
void *acs__memfs_zalloc(acs_memfs *fs, size_t n, int *err);
void acs__memfs_dealloc(acs_memfs *fs, void *p, size_t n);

void acs__memfs_now(acs_memfs *fs, struct timespec *ts);

/* ------------------------------------------------- memfs_pages.c: pages */

/* A whole data page (ACS_MEMFS_PAGE bytes, not zeroed, not charged), or
** NULL when the host has no memory; freed with acs__memfs_page_free. */
uint8_t *acs__memfs_page_alloc(acs_memfs *fs);
void acs__memfs_page_free(acs_memfs *fs, uint8_t *page);

/* A new inode (nlink 0, refs 0, times now) of mode (type included), or a
** negative errno (-ENOSPC at the inode cap). Directories get their
** parent set by the caller. */
int acs__memfs_inode_new(acs_memfs *fs, uint32_t mode, uint32_t uid, uint32_t gid,
                         acs_memfs_inode **out);
/* Free ino if nothing names or holds it any more. */
void acs__memfs_inode_put(acs_memfs *fs, acs_memfs_inode *ino);

/* ----------------------------------------------------- memfs_data.c: pages */

ssize_t acs__memfs_data_read(const acs_memfs_inode *ino, void *buf, size_t n, uint64_t off);
ssize_t acs__memfs_data_write(acs_memfs *fs, acs_memfs_inode *ino, const void *buf, size_t n,
                              uint64_t off);
int acs__memfs_data_truncate(acs_memfs *fs, acs_memfs_inode *ino, uint64_t size);
void acs__memfs_data_free(acs_memfs *fs, acs_memfs_inode *ino);
/* An empty file's content becomes data (len bytes, borrowed: never
** written, never freed, not charged); -EBUSY when it has content. */
int acs__memfs_data_borrow(acs_memfs_inode *ino, const void *data, uint64_t len);
/* SEEK_DATA / SEEK_HOLE from off (< size): the offset found. */
uint64_t acs__memfs_data_seek(const acs_memfs_inode *ino, uint64_t off, bool hole);
#define ACS__MEMFS_MAX_FILE ((uint64_t)INT64_MAX)

/* ----------------------------------------------- memfs_dir.c: directories */

int acs__memfs_dir_init(acs_memfs *fs, acs_memfs_inode *dir);
void acs__memfs_dir_destroy(acs_memfs *fs, acs_memfs_inode *dir);
acs__memfs_dent *acs__memfs_dir_find(const acs_memfs *fs, const acs_memfs_inode *dir,
                                     const char *name, size_t len);
/* Adding a name in two steps, so that nothing is changed unless all of it
** can be: _prepare allocates the entry and room in the order (an errno on
** failure, nothing changed); _add cannot fail. */
int acs__memfs_dir_prepare(acs_memfs *fs, acs_memfs_inode *dir, const char *name, size_t len,
                           acs__memfs_dent **out);
void acs__memfs_dir_add(acs_memfs *fs, acs_memfs_inode *dir, acs__memfs_dent *d,
                        acs_memfs_inode *ino);
void acs__memfs_dir_unprepare(acs_memfs *fs, acs__memfs_dent *d);
/* Remove d from dir and free it (the inode it named is the caller's). */
void acs__memfs_dir_remove(acs_memfs *fs, acs_memfs_inode *dir, acs__memfs_dent *d);
/* The first entry whose seq >= cookie, or NULL. */
acs__memfs_dent *acs__memfs_dir_at(const acs_memfs_inode *dir, uint64_t cookie);

/* ---------------------------------------------- memfs_perm.c: permissions */

bool acs__memfs_in_group(const acs_memfs_cred *cr, uint32_t gid);
/* mask of 4 (read), 2 (write), 1 (search/execute): 0 or -EACCES. */
int acs__memfs_may(const acs_memfs_cred *cr, const acs_memfs_inode *ino, int mask);
/* Removing or renaming ino out of dir: the write+search and sticky rules. */
int acs__memfs_may_delete(const acs_memfs_cred *cr, const acs_memfs_inode *dir,
                          const acs_memfs_inode *ino, bool isdir);
int acs__memfs_may_create(const acs_memfs_cred *cr, const acs_memfs_inode *dir);
bool acs__memfs_owner_or_root(const acs_memfs_cred *cr, const acs_memfs_inode *ino);
/* Clear setuid and setgid as a write or truncate by cr does (not root's;
** see memfs_perm.c); true if the mode changed. */
bool acs__memfs_kill_suid(const acs_memfs_cred *cr, acs_memfs_inode *ino);

/* ------------------------------------------------- memfs_walk.c: the walk */

enum { ACS__LAST_NORM, ACS__LAST_DOT, ACS__LAST_DOTDOT, ACS__LAST_ROOT };

#define ACS__WALK_FOLLOW 1u /* follow a final symbolic link */
#define ACS__WALK_PARENT 2u /* leave the final component as it is: no link
                               followed, no mount crossed (create, remove) */
#define ACS__WALK_CREATE 4u /* O_CREAT: a final name with a trailing slash
                               is left as it is (open says EISDIR) */

/* Where a walk ended. Pointers are borrowed until the tree changes. */
typedef struct acs__memfs_nd {
  acs_memfs_inode *dir;  /* the directory holding the final component */
  acs_memfs_inode *ino;  /* what it names; NULL if only it is missing */
  int type;              /* ACS__LAST_* */
  bool slash;            /* the path (or the link that ended it) ended in '/' */
  uint32_t len;
  char last[ACS_MEMFS_NAME_MAX + 1];
} acs__memfs_nd;

/* The one road to an inode. Returns 0 (nd filled; nd->ino may be NULL),
** a negative errno, or ACS_MEMFS_CROSSED with fs->cross.path set (slot
** `which` of the crossing buffers: 0 or 1). */
int acs__memfs_walk(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                    const char *path, unsigned flags, int which, acs__memfs_nd *nd);
/* Walk and require the final inode to exist. */
int acs__memfs_lookup(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *at,
                      const char *path, bool follow, acs_memfs_inode **out);

/* ------------------------------------------------ memfs_names.c: names */

/* O_CREAT's file: a regular file of mode (umask applied here) under the
** missing name nd ends at. */
int acs__memfs_make_file(acs_memfs *fs, const acs_memfs_cred *cr, acs__memfs_nd *nd,
                         uint32_t mode, acs_memfs_inode **out);

/* ------------------------------------------------- memfs_attr.c: metadata */

/* The attribute changes shared by the path and the file forms. */
int acs__memfs_setmode(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *ino,
                       uint32_t mode);
int acs__memfs_setowner(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *ino,
                        uint32_t uid, uint32_t gid);
int acs__memfs_settimes(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *ino,
                        const struct timespec ts[2]);
int acs__memfs_settrunc(acs_memfs *fs, const acs_memfs_cred *cr, acs_memfs_inode *ino,
                        int64_t length);
/* atime on read, with relatime's rule. */
void acs__memfs_touch_atime(acs_memfs *fs, acs_memfs_inode *ino);

static inline bool acs__memfs_is_dir(const acs_memfs_inode *i) { return S_ISDIR(i->mode); }

#endif
