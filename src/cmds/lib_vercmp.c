/* lib_vercmp.c - version order (lib_vercmp.h), as gnulib's filevercmp is
** documented: "." then ".." then hidden names first; a suffix matching
** (\.[A-Za-z~][A-Za-z0-9~]*)*$ is compared only when the rest is equal;
** the rest in Debian's version order (runs of non-digits by byte with
** letters first and '~' lowest, runs of digits by value). */
#include "lib_vercmp.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

static bool digit(unsigned char c) { return c >= '0' && c <= '9'; }
static bool alpha(unsigned char c) { return (c | 32) >= 'a' && (c | 32) <= 'z'; }

/* the length before the file's suffix */
static size_t prefix_len(const char *s, size_t n)
{
  size_t prefix = 0;
  for (size_t i = 0; i < n;) {
    i++;
    prefix = i;
    while (i + 1 < n && s[i] == '.' && (alpha((unsigned char)s[i + 1]) || s[i + 1] == '~'))
      for (i += 2; i < n && (alpha((unsigned char)s[i]) || digit((unsigned char)s[i]) || s[i] == '~'); i++) {
      }
  }
  return prefix;
}

static int order(const char *s, size_t pos, size_t len)
{
  if (pos == len) return -1;
  unsigned char c = (unsigned char)s[pos];
  if (digit(c)) return 0;
  if (alpha(c)) return c;
  if (c == '~') return -2;
  return c + 256;
}

static int verrevcmp(const char *a, size_t al, const char *b, size_t bl)
{
  size_t i = 0, j = 0;
  while (i < al || j < bl) {
    int first = 0;
    while ((i < al && !digit((unsigned char)a[i])) || (j < bl && !digit((unsigned char)b[j]))) {
      int x = order(a, i, al), y = order(b, j, bl);
      if (x != y) return x - y;
      i++, j++;
    }
    while (i < al && a[i] == '0') i++;
    while (j < bl && b[j] == '0') j++;
    while (i < al && j < bl && digit((unsigned char)a[i]) && digit((unsigned char)b[j])) {
      if (!first) first = a[i] - b[j];
      i++, j++;
    }
    if (i < al && digit((unsigned char)a[i])) return 1;
    if (j < bl && digit((unsigned char)b[j])) return -1;
    if (first) return first;
  }
  return 0;
}

int filevercmp(const char *a, const char *b)
{
  size_t al = strlen(a), bl = strlen(b);
  if (!al || !bl) return !!al - !!bl;
  if (a[0] == '.') {
    if (b[0] != '.') return -1;
    bool adot = al == 1, bdot = bl == 1;
    if (adot || bdot) return bdot - adot;
    bool add = al == 2 && a[1] == '.', bdd = bl == 2 && b[1] == '.';
    if (add || bdd) return bdd - add;
    a++, al--, b++, bl--;
  } else if (b[0] == '.') {
    return 1;
  }
  size_t ap = prefix_len(a, al), bp = prefix_len(b, bl);
  int r = verrevcmp(a, ap, b, bp);
  if (r || (ap == al && bp == bl)) return r;
  return verrevcmp(a, al, b, bl);
}
