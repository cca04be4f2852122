/* memfs_dir.c - a directory's names: a hash table (seeded, grown at load
** 1) for lookup, and an array of entries in creation order for readdir.
** An entry's place in that order is a sequence number that never changes,
** so it serves as the readdir cookie: removing entries leaves holes that
** a later compaction closes without renumbering, and a listing resumed
** from a cookie carries on after the last entry it saw however many were
** removed meanwhile. */
#include "memfs_int.h"

#include <stdlib.h>
#include <string.h>

#define FIRST_SEQ 2 /* 0 and 1 are "." and ".." */

/* FNV-1a mixed with the filesystem's seed, then a murmur finaliser so
** that the low bits (the bucket) depend on every byte. */
static uint64_t name_hash(const acs_memfs *fs, const char *s, size_t n)
{
  uint64_t h = 0xcbf29ce484222325ull ^ fs->seed;
  for (size_t i = 0; i < n; i++) {
    h ^= (unsigned char)s[i];
    h *= 0x100000001b3ull;
  }
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ull;
  h ^= h >> 33;
  return h;
}

int acs__memfs_dir_init(acs_memfs *fs, acs_memfs_inode *dir)
{
  (void)fs;
  memset(&dir->u.dir, 0, sizeof dir->u.dir);
  dir->u.dir.next_seq = FIRST_SEQ;
  return 0;
}

static size_t dent_size(size_t len) { return sizeof(acs__memfs_dent) + len + 1; }

void acs__memfs_dir_destroy(acs_memfs *fs, acs_memfs_inode *dir)
{
  acs__memfs_dir *d = &dir->u.dir;
  for (uint32_t i = 0; i < d->norder; i++)
    if (d->order[i].d) acs__memfs_dealloc(fs, d->order[i].d, dent_size(d->order[i].d->len));
  if (d->tab) acs__memfs_dealloc(fs, d->tab, (d->tabmask + 1) * sizeof *d->tab);
  if (d->order) acs__memfs_dealloc(fs, d->order, d->ordercap * sizeof *d->order);
  memset(d, 0, sizeof *d);
}

acs__memfs_dent *acs__memfs_dir_find(const acs_memfs *fs, const acs_memfs_inode *dir,
                                     const char *name, size_t len)
{
  const acs__memfs_dir *d = &dir->u.dir;
  if (!d->count) return NULL;
  uint64_t h = name_hash(fs, name, len);
  for (acs__memfs_dent *e = d->tab[h & d->tabmask]; e; e = e->hnext)
    if (e->hash == h && e->len == len && memcmp(e->name, name, len) == 0) return e;
  return NULL;
}

/* Double the buckets. A failure of a later doubling only leaves the
** chains longer. */
static int rehash(acs_memfs *fs, acs__memfs_dir *d)
{
  uint32_t n = d->tab ? (d->tabmask + 1) * 2 : 8;
  if (n == 0) return -ENOMEM;
  int rc = 0;
  acs__memfs_dent **tab = acs__memfs_zalloc(fs, n * sizeof *tab, &rc);
  if (!tab) return rc;
  if (d->tab) {
    for (uint32_t i = 0; i <= d->tabmask; i++) {
      for (acs__memfs_dent *e = d->tab[i], *next; e; e = next) {
        next = e->hnext;
        e->hnext = tab[e->hash & (n - 1)];
        tab[e->hash & (n - 1)] = e;
      }
    }
    acs__memfs_dealloc(fs, d->tab, (d->tabmask + 1) * sizeof *d->tab);
  }
  d->tab = tab;
  d->tabmask = n - 1;
  return 0;
}

/* Close the holes removals left in the order (sequence numbers kept). */
static void compact(acs__memfs_dir *d)
{
  uint32_t j = 0;
  for (uint32_t i = 0; i < d->norder; i++)
    if (d->order[i].d) d->order[j++] = d->order[i];
  d->norder = j;
  d->ntomb = 0;
}

int acs__memfs_dir_prepare(acs_memfs *fs, acs_memfs_inode *dir, const char *name, size_t len,
                           acs__memfs_dent **out)
{
  acs__memfs_dir *d = &dir->u.dir;
  *out = NULL;
  if (d->count >= UINT32_MAX - 1) return -EMLINK;
  int rc;
  if (!d->tab && (rc = rehash(fs, d)) != 0) return rc;
  if (d->norder == d->ordercap && d->ntomb) compact(d);
  if (d->norder == d->ordercap) {
    uint32_t cap = d->ordercap ? d->ordercap * 2 : 8;
    rc = 0;
    acs__memfs_slot *o = acs__memfs_alloc(fs, cap * sizeof *o, &rc);
    if (!o) return rc;
    if (d->norder) memcpy(o, d->order, d->norder * sizeof *o);
    if (d->order) acs__memfs_dealloc(fs, d->order, d->ordercap * sizeof *d->order);
    d->order = o;
    d->ordercap = cap;
  }
  rc = 0;
  acs__memfs_dent *e = acs__memfs_alloc(fs, dent_size(len), &rc);
  if (!e) return rc;
  e->hnext = NULL;
  e->ino = NULL;
  e->hash = name_hash(fs, name, len);
  e->seq = 0;
  e->len = (uint16_t)len;
  memcpy(e->name, name, len);
  e->name[len] = '\0';
  *out = e;
  return 0;
}

void acs__memfs_dir_unprepare(acs_memfs *fs, acs__memfs_dent *e)
{
  if (e) acs__memfs_dealloc(fs, e, dent_size(e->len));
}

void acs__memfs_dir_add(acs_memfs *fs, acs_memfs_inode *dir, acs__memfs_dent *e,
                        acs_memfs_inode *ino)
{
  acs__memfs_dir *d = &dir->u.dir;
  if (d->count > d->tabmask) (void)rehash(fs, d);
  e->ino = ino;
  e->seq = d->next_seq++;
  e->hnext = d->tab[e->hash & d->tabmask];
  d->tab[e->hash & d->tabmask] = e;
  d->order[d->norder].seq = e->seq;
  d->order[d->norder].d = e;
  d->norder++;
  d->count++;
}

/* The index of the first slot whose seq >= seq. */
static uint32_t slot_index(const acs__memfs_dir *d, uint64_t seq)
{
  uint32_t lo = 0, hi = d->norder;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (d->order[mid].seq < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

void acs__memfs_dir_remove(acs_memfs *fs, acs_memfs_inode *dir, acs__memfs_dent *e)
{
  acs__memfs_dir *d = &dir->u.dir;
  acs__memfs_dent **pp = &d->tab[e->hash & d->tabmask];
  while (*pp != e) pp = &(*pp)->hnext;
  *pp = e->hnext;
  uint32_t i = slot_index(d, e->seq);
  d->order[i].d = NULL;
  d->ntomb++;
  d->count--;
  if (i == d->norder - 1) {
    /* Trailing holes go at once: a file made and removed over and over
    ** (a lock file) keeps the order short. */
    while (d->norder && !d->order[d->norder - 1].d) {
      d->norder--;
      d->ntomb--;
    }
  } else if (d->ntomb > 32 && d->ntomb * 2 > d->norder) {
    compact(d);
  }
  acs__memfs_dealloc(fs, e, dent_size(e->len));
}

acs__memfs_dent *acs__memfs_dir_at(const acs_memfs_inode *dir, uint64_t cookie)
{
  const acs__memfs_dir *d = &dir->u.dir;
  for (uint32_t i = slot_index(d, cookie); i < d->norder; i++)
    if (d->order[i].d) return d->order[i].d;
  return NULL;
}
