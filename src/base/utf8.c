/* utf8.c - UTF-8 validation with replacement. */
#include "base.h"

#include <stdlib.h>

/* Length of the valid sequence at s (1..4), or 0 when it is not valid. */
static size_t seq_len(const unsigned char *s, size_t left)
{
  unsigned char c = s[0];
  if (c < 0x80) return 1;
  size_t n;
  unsigned min;
  unsigned cp;
  if (c >= 0xC2 && c <= 0xDF) n = 2, min = 0x80, cp = c & 0x1F;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, min = 0x800, cp = c & 0x0F;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, min = 0x10000, cp = c & 0x07;
  else return 0;
  if (left < n) return 0;
  for (size_t i = 1; i < n; i++) {
    if ((s[i] & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (s[i] & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

char *acs__utf8_sanitize(const char *s, size_t len, size_t *out_len)
{
  acs__buf b = {0};
  const unsigned char *p = (const unsigned char *)s;
  size_t i = 0, run = 0;
  while (i < len) {
    size_t n = seq_len(p + i, len - i);
    if (n) {
      i += n;
      continue;
    }
    acs__buf_append(&b, s + run, i - run);
    acs__buf_append(&b, "\xEF\xBF\xBD", 3);
    i++;
    run = i;
  }
  acs__buf_append(&b, s + run, len - run);
  return acs__buf_take(&b, out_len);
}
