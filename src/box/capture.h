/* capture.h - keep a stream's head and tail within a byte cap. */
#ifndef ACS_BOX_CAPTURE_H
#define ACS_BOX_CAPTURE_H

#include "../base/base.h"

#include <stdbool.h>

typedef struct acs__capture {
  const char *name;       /* "stdout" or "stderr", for the marker */
  size_t cap, head_cap, tail_cap;
  acs__buf head;          /* the first head_cap bytes */
  char *ring;             /* the last tail_cap bytes after the head */
  size_t ring_start, ring_len;
  size_t total;           /* every byte offered */
} acs__capture;

int acs__capture_init(acs__capture *c, const char *name, size_t cap);
/* Offer bytes; returns how many of them (a prefix) belong to the head and
** may be shown live. */
size_t acs__capture_add(acs__capture *c, const char *data, size_t len);
/* The kept bytes after the head (marker + tail, or the plain rest when
** nothing was dropped), appended to out. Returns true when bytes were
** dropped. */
bool acs__capture_rest(const acs__capture *c, acs__buf *out);
void acs__capture_free(acs__capture *c);

#endif
