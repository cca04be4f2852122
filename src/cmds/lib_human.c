/* lib_human.c - human-readable sizes (lib_human.h).
**
** GNU's rounding is the ceiling (ls -lh of 1025 bytes is 1.1K): the
** value is scaled by the largest power of the base below it, kept to one
** decimal when under 10, and a result that rounds up to the base moves to
** the next unit ("1.0M" for 1048575). */
#include "lib_human.h"

#include <stdio.h>
#include <string.h>

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

bool block_size_parse(const char *s, block_size *out)
{
  *out = (block_size){0};
  if (*s == '\'') s++; /* thousands' grouping: the C locale has none */
  if (!strcmp(s, "human-readable")) return out->human = 1024, true;
  if (!strcmp(s, "si")) return out->human = 1000, true;
  const char *p = s;
  uint64_t num = 0;
  bool have_num = false;
  while (*p >= '0' && *p <= '9') {
    if (num > UINT64_MAX / 10) return false;
    num = num * 10 + (uint64_t)(*p++ - '0');
    have_num = true;
  }
  uint64_t unit = 1;
  if (*p) {
    static const char letters[] = "KMGTPEZY";
    const char *l = strchr(letters, *p == 'k' ? 'K' : *p);
    if (!l || !*l) return false;
    unsigned base = 1024;
    const char *rest = p + 1;
    if (!strcmp(rest, "B")) base = 1000;
    else if (strcmp(rest, "") && strcmp(rest, "iB")) return false;
    for (long e = l - letters; e >= 0; e--) {
      if (unit > UINT64_MAX / base) return false;
      unit *= base;
    }
    if (!have_num) {
      /* GNU prints the unit: "K", "kB" for 1000s, "KiB" as written */
      snprintf(out->suffix, sizeof out->suffix, "%s", base == 1000 && *l == 'K' ? "kB" : p);
      if (base == 1000 && *l != 'K') snprintf(out->suffix, sizeof out->suffix, "%cB", *l);
    }
  }
  if (!have_num) num = 1;
  if (!num || (unit && num > UINT64_MAX / unit)) return false;
  out->size = num * unit;
  return true;
}

const char *block_size_fmt(uint64_t n, const block_size *bs, char *out, size_t size)
{
  if (bs->human) return human_size(n, bs->human, out, size);
  uint64_t v = n / bs->size + (n % bs->size != 0);
  snprintf(out, size, "%llu%s", (unsigned long long)v, bs->suffix);
  return out;
}
