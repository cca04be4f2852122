/* capture.c - head and tail of a stream within a cap.
** The worker can write without bound; this keeps memory at `cap` bytes no
** matter what, and the parts a model needs most (how it started, how it
** ended) survive. */
#include "capture.h"

#include <stdlib.h>
#include <string.h>

int acs__capture_init(acs__capture *c, const char *name, size_t cap)
{
  memset(c, 0, sizeof *c);
  c->name = name;
  c->cap = cap;
  c->head_cap = cap - cap / 2;
  c->tail_cap = cap / 2;
  if (c->tail_cap && !(c->ring = malloc(c->tail_cap))) return ACS_ENOMEM;
  return 0;
}

size_t acs__capture_add(acs__capture *c, const char *data, size_t len)
{
  c->total += len;
  size_t to_head = 0;
  if (c->head.len < c->head_cap) {
    to_head = c->head_cap - c->head.len;
    if (to_head > len) to_head = len;
    if (acs__buf_append(&c->head, data, to_head)) to_head = 0;
    data += to_head;
    len -= to_head;
  }
  if (!c->tail_cap || !len) return to_head;
  if (len >= c->tail_cap) {
    memcpy(c->ring, data + len - c->tail_cap, c->tail_cap);
    c->ring_start = 0;
    c->ring_len = c->tail_cap;
    return to_head;
  }
  for (size_t i = 0; i < len; i++) {
    size_t pos = (c->ring_start + c->ring_len) % c->tail_cap;
    c->ring[pos] = data[i];
    if (c->ring_len < c->tail_cap) c->ring_len++;
    else c->ring_start = (c->ring_start + 1) % c->tail_cap;
  }
  return to_head;
}

static bool utf8_cont(unsigned char ch) { return (ch & 0xC0) == 0x80; }

bool acs__capture_rest(const acs__capture *c, acs__buf *out)
{
  size_t kept = c->head.len + c->ring_len;
  bool dropped = c->total > kept;
  char *tail = malloc(c->ring_len + 1);
  if (!tail) return dropped;
  for (size_t i = 0; i < c->ring_len; i++)
    tail[i] = c->ring[(c->ring_start + i) % c->tail_cap];
  size_t skip = 0;
  if (dropped) {
    /* Start the tail on a character, so the model never sees a broken one. */
    while (skip < c->ring_len && skip < 3 && utf8_cont((unsigned char)tail[skip])) skip++;
    acs__buf_printf(out,
                    "\n[... %zu bytes of %s dropped here: the output limit (maxOutputBytes) "
                    "is %zu bytes per stream; the first and last parts are kept ...]\n",
                    c->total - kept + skip, c->name, c->cap);
  }
  acs__buf_append(out, tail + skip, c->ring_len - skip);
  free(tail);
  return dropped;
}

void acs__capture_free(acs__capture *c)
{
  acs__buf_free(&c->head);
  free(c->ring);
  c->ring = NULL;
}
