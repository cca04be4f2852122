/* snap_tar.h - the POSIX tar (pax interchange format) blocks a box's
** snapshot is made of: a header as one ustar block, preceded by an 'x'
** extended header whenever a value does not fit ustar's fields or needs
** more than they hold (nanosecond times, long names, big ids and sizes),
** and the 'g' global headers that carry the snapshot's manifest and its
** end record (docs/box-protocol.md, "Snapshots"). */
#ifndef ACS_KERNEL_SNAP_TAR_H
#define ACS_KERNEL_SNAP_TAR_H

#include "memfs.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#define ACS__TAR_BLOCK 512

/* the manifest's and the end record's pax comments begin so */
#define ACS__SNAP_MANIFEST "{\"acs-snapshot\":"
#define ACS__SNAP_END "acs-snapshot-end "
#define ACS__SNAP_VERSION 2
/* the most header bytes one entry takes: its 'x' header (records for a
** path and a link text of ACS_MEMFS_PATH_MAX each, ids, size, two times)
** and its ustar block */
#define ACS__TAR_HEAD_MAX (3 * ACS__TAR_BLOCK + 2 * ACS_MEMFS_PATH_MAX + 512)
#define ACS__TAR_COMMENT_MAX 1024

typedef struct acs__tar_head {
  char type;                       /* '0' '1' '2' '3' '5' '6', or 'g' */
  char path[ACS_MEMFS_PATH_MAX];   /* as written in the archive */
  char link[ACS_MEMFS_PATH_MAX];   /* '1': the earlier name; '2': the text */
  uint64_t size;                   /* '0' and 'g' only: the bytes stored */
  bool sparse;                     /* '0': GNU's pax sparse format 1.0 (the data is
                                      a map of extents, then their bytes) */
  uint64_t realsize;               /* a sparse file's own size */
  uint32_t mode, uid, gid;         /* mode: the 07777 bits */
  uint32_t devmajor, devminor;     /* '3' */
  struct timespec mtime, atime;
  char uname[32], gname[32];
  char comment[ACS__TAR_COMMENT_MAX]; /* 'g': its pax comment record */
} acs__tar_head;

/* The header blocks of h into out (at least ACS__TAR_HEAD_MAX bytes): its
** bytes, a multiple of ACS__TAR_BLOCK. A 'g' header carries h->comment as
** its data, which is written here too (padded). */
size_t acs__tar_encode(const acs__tar_head *h, unsigned char *out);

/* The next entry's header blocks from p (avail bytes): 0 with *used the
** bytes its headers took (the data, h->size bytes padded to a block,
** follows; a 'g' header's data is consumed here and its comment kept),
** 1 at an all-zero block (the archive's end), or -1 with why filled. */
int acs__tar_decode(const unsigned char *p, size_t avail, acs__tar_head *h, size_t *used,
                    char *why, size_t whycap);

/* snap_read.c: the snapshot's size bytes at map built into nfs (a new,
** empty memfs with the box's limits; max_inodes its file limit): 0, or
** -errno with why naming the entry and what is wrong. nfs is the
** caller's to free either way. */
int acs__snapshot_build(acs_memfs *nfs, const unsigned char *map, size_t size, uint64_t max_inodes,
                        char *why, size_t whycap);

/* bytes to the next block boundary after n bytes */
static inline uint64_t acs__tar_pad(uint64_t n)
{
  return (ACS__TAR_BLOCK - n % ACS__TAR_BLOCK) % ACS__TAR_BLOCK;
}

#endif
