/* lib_human.c - human-readable sizes (lib_human.h).
**
** GNU's rounding is the ceiling (ls -lh of 1025 bytes is 1.1K): the
** value is scaled by the largest power of the base below it, kept to one
** decimal when under 10, and a result that rounds up to the base moves to
** the next unit ("1.0M" for 1048575). */
#include "lib_human.h"

#include <stdio.h>

const char *human_size(uint64_t n, unsigned base, char *out, size_t size)
{
  static const char units[] = "KMGTPEZY";
  if (n < base) {
    snprintf(out, size, "%llu", (unsigned long long)n);
    return out;
  }
  unsigned __int128 div = 1;
  int e = 0;
  while ((unsigned __int128)n / div >= base && e < 8) div *= base, e++;
  for (;;) {
    unsigned __int128 tenths = ((unsigned __int128)n * 10 + div - 1) / div;
    char u = units[e - 1];
    if (base == 1000 && u == 'K') u = 'k';
    if (tenths < 100) {
      snprintf(out, size, "%u.%u%c", (unsigned)(tenths / 10), (unsigned)(tenths % 10), u);
      return out;
    }
    unsigned __int128 whole = ((unsigned __int128)n + div - 1) / div;
    if (whole >= base && e < 8) { /* 1024K is 1.0M */
      div *= base, e++;
      continue;
    }
    snprintf(out, size, "%llu%c", (unsigned long long)whole, u);
    return out;
  }
}
