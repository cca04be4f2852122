/* memfs_pages.c - whole data pages of memfs, carved from 2 MB chunks
** advised for transparent huge pages. A file's bytes written one 4 KB
** malloc at a time cost a page fault each (and malloc's bookkeeping): 100
** MB written took ~70 ms where the same write into memory already faulted
** took ~28. A chunk faults in as one huge page where the host allows it
** (THP "madvise" or "always"), in 4 KB pages elsewhere; chunks after the
** first are made present at once (MADV_POPULATE_WRITE). Its first page
** holds its header (which pages are taken); a chunk whose pages are all
** free again is unmapped, so deleted files give their memory back. */
#include "memfs_int.h"

#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

#define CHUNK (2u << 20)
#define PER_CHUNK (CHUNK / ACS_MEMFS_PAGE) /* the header's page included */

typedef struct chunk {
  struct chunk *prev, *next; /* chunks with a free page */
  uint32_t used;             /* data pages taken */
  uint32_t hint;             /* a word of bits to search first */
  uint64_t bits[PER_CHUNK / 64];
} chunk;

_Static_assert(sizeof(chunk) <= ACS_MEMFS_PAGE, "a chunk's header fits its first page");

static chunk *chunk_of(const void *page)
{
  return (chunk *)((uintptr_t)page & ~(uintptr_t)(CHUNK - 1));
}

static void unlink_chunk(acs_memfs *fs, chunk *c)
{
  if (c->prev) c->prev->next = c->next;
  else fs->free_chunks = c->next;
  if (c->next) c->next->prev = c->prev;
  c->prev = c->next = NULL;
}

static chunk *new_chunk(bool populate)
{
  /* twice the size, to cut an aligned chunk out of it */
  uint8_t *m = mmap(NULL, 2 * CHUNK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED) return NULL;
  uint8_t *at = (uint8_t *)(((uintptr_t)m + CHUNK - 1) & ~(uintptr_t)(CHUNK - 1));
  if (at > m) munmap(m, (size_t)(at - m));
  if (at + CHUNK < m + 2 * CHUNK) munmap(at + CHUNK, (size_t)(m + 2 * CHUNK - (at + CHUNK)));
  madvise(at, CHUNK, MADV_HUGEPAGE); /* advice: refused where THP is off */
  /* the first chunk is the boot's and a small box's, touched as it is
  ** used; from the second on, a box writing much data: made present in
  ** one call (100 MB: 184 -> 138 ms on a VM whose faults are dear) */
  if (populate) madvise(at, CHUNK, MADV_POPULATE_WRITE); /* Linux 5.14; else faulted as used */
  chunk *c = (chunk *)at;
  memset(c, 0, sizeof *c);
  c->bits[0] = 1; /* the header's page */
  return c;
}

uint8_t *acs__memfs_page_alloc(acs_memfs *fs)
{
  chunk *c = fs->free_chunks;
  if (!c) {
    if (!(c = new_chunk(fs->chunks_made++ > 0))) return NULL;
    c->next = fs->free_chunks;
    if (c->next) c->next->prev = c;
    fs->free_chunks = c;
  }
  for (uint32_t k = 0; k < PER_CHUNK / 64; k++) {
    uint32_t w = (c->hint + k) % (PER_CHUNK / 64);
    if (c->bits[w] == UINT64_MAX) continue;
    int b = __builtin_ctzll(~c->bits[w]);
    c->bits[w] |= 1ull << b;
    c->hint = w;
    if (++c->used == PER_CHUNK - 1) unlink_chunk(fs, c);
    return (uint8_t *)c + ((size_t)w * 64 + (size_t)b) * ACS_MEMFS_PAGE;
  }
  return NULL; /* not reached: a listed chunk has a free page */
}

void acs__memfs_page_free(acs_memfs *fs, uint8_t *page)
{
  chunk *c = chunk_of(page);
  size_t i = (size_t)(page - (uint8_t *)c) / ACS_MEMFS_PAGE;
  c->bits[i / 64] &= ~(1ull << (i % 64));
  bool was_full = c->used == PER_CHUNK - 1;
  if (--c->used == 0) {
    if (!was_full) unlink_chunk(fs, c);
    munmap(c, CHUNK);
    return;
  }
  if (was_full) {
    c->next = fs->free_chunks;
    if (c->next) c->next->prev = c;
    c->prev = NULL;
    fs->free_chunks = c;
  }
}
