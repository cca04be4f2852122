/* memfs_data.c - a regular file's bytes: pages of ACS_MEMFS_PAGE bytes in
** a radix tree (fan-out 64, height grown on demand), so that a write at
** 1 GB allocates one page and a few index nodes, and a hole reads as
** zeros. A page is allocated only as far as it was written (cap bytes,
** grown by doubling up to a whole page), so a 10-byte file costs 16 bytes
** of data, not 4096. Every allocation is charged to the byte cap. */
#include "memfs_int.h"

#include <stdlib.h>
#include <string.h>

#define PAGE ACS_MEMFS_PAGE
#define FAN ACS__MEMFS_FAN
#define FAN_BITS 6

/* The number of pages a tree of height h can index (h >= 1), saturated. */
static uint64_t span(uint32_t h)
{
  return h * FAN_BITS >= 64 ? UINT64_MAX : (uint64_t)1 << (h * FAN_BITS);
}

/* Where page i lives: its pointer and its cap, or NULLs if its node does
** not exist. Creates the nodes on the way when create is set. */
typedef struct slotref {
  uint8_t **page;
  uint32_t *cap;
} slotref;

static int new_node(acs_memfs *fs, bool leaf, void **out)
{
  int rc = 0;
  *out = acs__memfs_zalloc(fs, leaf ? sizeof(acs__memfs_leaf) : sizeof(acs__memfs_node), &rc);
  return *out ? 0 : rc;
}

static int grow(acs_memfs *fs, acs__memfs_data *d, uint64_t idx)
{
  while (d->height == 0 ? idx > 0 : idx >= span(d->height)) {
    void *n;
    int rc = new_node(fs, d->height == 0, &n);
    if (rc) return rc;
    if (d->height == 0) {
      acs__memfs_leaf *l = n;
      l->page[0] = d->root;
      l->cap[0] = d->cap0;
      d->cap0 = 0;
    } else {
      ((acs__memfs_node *)n)->child[0] = d->root;
    }
    d->root = n;
    d->height++;
  }
  return 0;
}

static int slot(acs_memfs *fs, acs__memfs_data *d, uint64_t idx, bool create, slotref *out)
{
  out->page = NULL;
  out->cap = NULL;
  if (create) {
    int rc = grow(fs, d, idx);
    if (rc) return rc;
  }
  if (d->height == 0) {
    if (idx == 0) {
      out->page = (uint8_t **)&d->root;
      out->cap = &d->cap0;
    }
    return 0;
  }
  if (idx >= span(d->height)) return 0;
  void **at = &d->root;
  for (uint32_t level = d->height; level > 1; level--) {
    if (!*at) {
      if (!create) return 0;
      int rc = new_node(fs, false, at);
      if (rc) return rc;
    }
    acs__memfs_node *n = *at;
    at = &n->child[(idx >> ((level - 1) * FAN_BITS)) & (FAN - 1)];
  }
  if (!*at) {
    if (!create) return 0;
    int rc = new_node(fs, true, at);
    if (rc) return rc;
  }
  acs__memfs_leaf *l = *at;
  out->page = &l->page[idx & (FAN - 1)];
  out->cap = &l->cap[idx & (FAN - 1)];
  return 0;
}

/* The page pointer and cap of page idx for reading (NULL page = hole). */
static const uint8_t *page_get(const acs__memfs_data *d, uint64_t idx, uint32_t *cap)
{
  *cap = 0;
  if (d->height == 0) {
    if (idx != 0 || !d->root) return NULL;
    *cap = d->cap0;
    return d->root;
  }
  if (idx >= span(d->height)) return NULL;
  const void *n = d->root;
  for (uint32_t level = d->height; level > 1 && n; level--)
    n = ((const acs__memfs_node *)n)->child[(idx >> ((level - 1) * FAN_BITS)) & (FAN - 1)];
  if (!n) return NULL;
  const acs__memfs_leaf *l = n;
  *cap = l->cap[idx & (FAN - 1)];
  return l->page[idx & (FAN - 1)];
}

ssize_t acs__memfs_data_read(const acs_memfs_inode *ino, void *buf, size_t n, uint64_t off)
{
  if (off >= ino->size) return 0;
  if (n > ino->size - off) n = (size_t)(ino->size - off);
  if (n > SSIZE_MAX) n = SSIZE_MAX & ~(size_t)(PAGE - 1);
  if (ino->u.reg.ext) {
    memcpy(buf, ino->u.reg.ext + off, n);
    return (ssize_t)n;
  }
  uint8_t *out = buf;
  size_t done = 0;
  while (done < n) {
    uint64_t pos = off + done;
    uint32_t po = (uint32_t)(pos % PAGE), cap;
    size_t k = PAGE - po;
    if (k > n - done) k = n - done;
    const uint8_t *p = page_get(&ino->u.reg, pos / PAGE, &cap);
    size_t have = p && po < cap ? cap - po : 0;
    if (have > k) have = k;
    if (have) memcpy(out + done, p + po, have);
    if (have < k) memset(out + done + have, 0, k - have);
    done += k;
  }
  return (ssize_t)done;
}

/* Make page *s hold at least need bytes: a whole page when the write
** covers it, else double (what fits under the cap, at least need). The
** new bytes are zeroed but for [from, need), which the caller writes. */
static int page_reserve(acs_memfs *fs, acs_memfs_inode *ino, slotref *s, uint32_t from, uint32_t need)
{
  uint32_t cap = *s->cap;
  if (need <= cap) return 0;
  uint32_t want = cap * 2 > need ? cap * 2 : need;
  want = (want + 15) & ~15u;
  if (want > PAGE) want = PAGE;
  if (acs__memfs_charge(fs, want - cap)) {
    want = (need + 15) & ~15u;
    if (want > PAGE) want = PAGE;
    if (acs__memfs_charge(fs, want - cap)) return -ENOSPC;
  }
  /* a whole page comes from the page chunks; a part of one grows in
  ** malloc's memory */
  uint8_t *p;
  if (want == PAGE) {
    p = acs__memfs_page_alloc(fs);
    if (p && cap) memcpy(p, *s->page, cap);
    if (p) free(*s->page);
  } else {
    p = realloc(*s->page, want);
  }
  if (!p) {
    acs__memfs_uncharge(fs, want - cap);
    return -ENOMEM;
  }
  if (from > cap) memset(p + cap, 0, from - cap);
  memset(p + need, 0, want - need);
  *s->page = p;
  *s->cap = want;
  ino->u.reg.bytes += want - cap;
  fs->data_bytes += want - cap;
  return 0;
}

static void drop_from(acs_memfs *fs, acs_memfs_inode *ino, uint64_t first);

/* A borrowed content becomes the file's own pages before any change: the
** lender's bytes are never written (they may be a read-only mapping). */
static int unshare(acs_memfs *fs, acs_memfs_inode *ino, uint64_t keep)
{
  const uint8_t *ext = ino->u.reg.ext;
  if (!ext) return 0;
  uint64_t size = ino->size;
  if (keep > size) keep = size;
  ino->u.reg.ext = NULL;
  ino->size = 0;
  ssize_t w = keep ? acs__memfs_data_write(fs, ino, ext, (size_t)keep, 0) : 0;
  if (w < 0 || (uint64_t)w != keep) {
    drop_from(fs, ino, 0);
    ino->u.reg.ext = ext;
    ino->size = size;
    return w < 0 ? (int)w : -ENOSPC;
  }
  ino->size = size; /* past keep: a hole, as the truncate that follows wants */
  return 0;
}

ssize_t acs__memfs_data_write(acs_memfs *fs, acs_memfs_inode *ino, const void *buf, size_t n,
                              uint64_t off)
{
  if (ino->u.reg.ext) {
    int rc = unshare(fs, ino, UINT64_MAX);
    if (rc) return rc;
  }
  if (off >= ACS__MEMFS_MAX_FILE) return -EFBIG;
  if (n > ACS__MEMFS_MAX_FILE - off) n = (size_t)(ACS__MEMFS_MAX_FILE - off);
  if (n > SSIZE_MAX) n = SSIZE_MAX & ~(size_t)(PAGE - 1);
  const uint8_t *in = buf;
  size_t done = 0;
  int rc = 0;
  while (done < n) {
    uint64_t pos = off + done;
    uint32_t po = (uint32_t)(pos % PAGE);
    size_t k = PAGE - po;
    if (k > n - done) k = n - done;
    slotref s;
    if ((rc = slot(fs, &ino->u.reg, pos / PAGE, true, &s)) != 0) break;
    if ((rc = page_reserve(fs, ino, &s, po, po + (uint32_t)k)) != 0) break;
    memcpy(*s.page + po, in + done, k);
    done += k;
    if (pos + k > ino->size) ino->size = pos + k;
  }
  /* Linux's short write: what was written counts; the error comes with
  ** the next call. */
  return done ? (ssize_t)done : rc;
}

static void free_page(acs_memfs *fs, acs_memfs_inode *ino, uint8_t **page, uint32_t *cap)
{
  if (!*page) return;
  if (*cap == PAGE) acs__memfs_page_free(fs, *page);
  else free(*page);
  acs__memfs_uncharge(fs, *cap);
  ino->u.reg.bytes -= *cap;
  fs->data_bytes -= *cap;
  *page = NULL;
  *cap = 0;
}

/* Free pages >= first below node (level 1: a leaf; base: its first page
** index). Frees the node too when nothing is left in it. */
static void prune(acs_memfs *fs, acs_memfs_inode *ino, void **at, uint32_t level, uint64_t base,
                  uint64_t first)
{
  if (!*at) return;
  bool empty = true;
  if (level == 1) {
    acs__memfs_leaf *l = *at;
    for (uint64_t j = 0; j < FAN; j++) {
      if (base + j >= first) free_page(fs, ino, &l->page[j], &l->cap[j]);
      if (l->page[j]) empty = false;
    }
    if (empty) acs__memfs_dealloc(fs, l, sizeof *l);
  } else {
    acs__memfs_node *n = *at;
    uint64_t sub = span(level - 1);
    for (uint64_t j = 0; j < FAN; j++) {
      uint64_t cb = base + j * sub;
      if (n->child[j] && (sub == UINT64_MAX || cb + sub > first))
        prune(fs, ino, &n->child[j], level - 1, cb, first);
      if (n->child[j]) empty = false;
    }
    if (empty) acs__memfs_dealloc(fs, n, sizeof *n);
  }
  if (empty) *at = NULL;
}

static void drop_from(acs_memfs *fs, acs_memfs_inode *ino, uint64_t first)
{
  acs__memfs_data *d = &ino->u.reg;
  if (d->height == 0) {
    if (first == 0) free_page(fs, ino, (uint8_t **)&d->root, &d->cap0);
    return;
  }
  prune(fs, ino, &d->root, d->height, 0, first);
  if (!d->root) d->height = 0;
}

int acs__memfs_data_truncate(acs_memfs *fs, acs_memfs_inode *ino, uint64_t size)
{
  if (size > ACS__MEMFS_MAX_FILE) return -EFBIG;
  if (ino->u.reg.ext) {
    int rc = unshare(fs, ino, size);
    if (rc) return rc;
  }
  if (size < ino->size) {
    drop_from(fs, ino, (size + PAGE - 1) / PAGE);
    uint32_t po = (uint32_t)(size % PAGE);
    if (po) {
      /* The kept part of the last page: what lies past the new end must
      ** read as zeros if the file grows again. */
      slotref s;
      slot(fs, &ino->u.reg, size / PAGE, false, &s);
      if (s.page && *s.page && *s.cap > po) memset(*s.page + po, 0, *s.cap - po);
    }
  }
  ino->size = size;
  return 0;
}

void acs__memfs_data_free(acs_memfs *fs, acs_memfs_inode *ino)
{
  ino->u.reg.ext = NULL;
  drop_from(fs, ino, 0);
}

int acs__memfs_data_borrow(acs_memfs_inode *ino, const void *data, uint64_t len)
{
  if (ino->size || ino->u.reg.root || ino->u.reg.ext) return -EBUSY;
  if (len > ACS__MEMFS_MAX_FILE) return -EFBIG;
  if (!len) return 0;
  ino->u.reg.ext = data;
  ino->size = len;
  return 0;
}

/* Whether page idx holds data. */
static bool present(const acs__memfs_data *d, uint64_t idx)
{
  uint32_t cap;
  return page_get(d, idx, &cap) != NULL;
}

/* The first page >= idx that holds data, or UINT64_MAX. Skips absent
** subtrees whole, so a sparse file is searched in a few steps. */
static uint64_t next_data(const void *n, uint32_t level, uint64_t base, uint64_t idx)
{
  if (!n) return UINT64_MAX;
  if (level == 1) {
    const acs__memfs_leaf *l = n;
    for (uint64_t j = idx > base ? idx - base : 0; j < FAN; j++)
      if (l->page[j]) return base + j;
    return UINT64_MAX;
  }
  const acs__memfs_node *node = n;
  uint64_t sub = span(level - 1);
  for (uint64_t j = 0; j < FAN; j++) {
    uint64_t cb = base + j * sub;
    if (cb + sub <= idx) continue;
    uint64_t r = next_data(node->child[j], level - 1, cb, idx);
    if (r != UINT64_MAX) return r;
  }
  return UINT64_MAX;
}

uint64_t acs__memfs_data_seek(const acs_memfs_inode *ino, uint64_t off, bool hole)
{
  const acs__memfs_data *d = &ino->u.reg;
  if (d->ext) return hole ? ino->size : off;
  uint64_t idx = off / PAGE, r;
  if (hole) {
    while (idx * PAGE < ino->size && present(d, idx)) idx++;
    r = idx * PAGE;
    if (r < off) r = off;
    return r > ino->size ? ino->size : r;
  }
  if (d->height == 0) r = d->root && idx == 0 ? 0 : UINT64_MAX;
  else r = next_data(d->root, d->height, 0, idx);
  if (r == UINT64_MAX || r * PAGE >= ino->size) return UINT64_MAX;
  return r * PAGE > off ? r * PAGE : off;
}
