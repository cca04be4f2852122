/* lib_text.c - the text commands' shared buffer and record splitting. */
#include "lib_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool text_buf_add(text_buf *b, const void *p, size_t n)
{
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + n + 1) cap *= 2;
    char *d = realloc(b->data, cap);
    if (!d) return false;
    b->data = d;
    b->cap = cap;
  }
  if (n) memcpy(b->data + b->len, p, n);
  b->len += n;
  b->data[b->len] = 0;
  return true;
}

int text_num_too_big(const char *s)
{
  size_t i = 0;
  while (s[i] == '0') i++;
  size_t start = i;
  for (; s[i]; i++)
    if (s[i] < '0' || s[i] > '9') return 0;
  size_t digits = i - start;
  if (digits < 19 || (digits == 19 && strcmp(s + start, "9223372036854775807") <= 0)) return 0;
  return digits > 20 || (digits == 20 && strcmp(s + start, "18446744073709551615") > 0) ? 2 : 1;
}

bool text_split(const char *data, size_t len, int delim, text_rec **recs, size_t *n, size_t *cap)
{
  const char *p = data, *end = data + len;
  while (p < end) {
    const char *hit = memchr(p, delim, (size_t)(end - p));
    const char *stop = hit ? hit : end;
    if (*n == *cap) {
      size_t nc = *cap ? *cap * 2 : 1024;
      text_rec *r = realloc(*recs, nc * sizeof *r);
      if (!r) return false;
      *recs = r;
      *cap = nc;
    }
    (*recs)[(*n)++] = (text_rec){p, (size_t)(stop - p)};
    p = hit ? hit + 1 : end;
  }
  return true;
}

void text_bad_arg(acs_cmd *c, const char *opt, const char *arg, const char *valid)
{
  char q[1024];
  cmd_error(c, "invalid argument %s for '--%s'", cmd_quote(arg, q, sizeof q), opt);
  cmd_flush(c);
  acs_sys_write_all(2, "Valid arguments are:\n", 21);
  acs_sys_write_all(2, valid, strlen(valid));
  char t[256];
  int n = snprintf(t, sizeof t, "Try '%s --help' for more information.\n", c->name);
  acs_sys_write_all(2, t, (size_t)n);
}

void text_usage_note(acs_cmd *c, const char *message, const char *note)
{
  cmd_error(c, "%s", message);
  cmd_flush(c);
  acs_sys_write_all(2, note, strlen(note));
  acs_sys_write_all(2, "\n", 1);
  char t[256];
  int n = snprintf(t, sizeof t, "Try '%s --help' for more information.\n", c->name);
  acs_sys_write_all(2, t, (size_t)n);
}

bool text_utf8_locale(void)
{
  const char *names[] = {"LC_ALL", "LC_CTYPE", "LANG"};
  for (int i = 0; i < 3; i++) {
    const char *v = getenv(names[i]);
    if (v && *v) return strstr(v, "UTF-8") || strstr(v, "utf8") || strstr(v, "UTF8") || strstr(v, "utf-8");
  }
  return false;
}

/* display width of code point u: 0 for combining marks and controls, 2
** for East Asian wide and fullwidth ones, else 1 (wcwidth's classes,
** roughly) */
int text_u_width(uint32_t u)
{
  if (u < 0x20 || (u >= 0x7f && u < 0xa0)) return -1;
  if ((u >= 0x300 && u <= 0x36f) || (u >= 0x483 && u <= 0x489) || (u >= 0x591 && u <= 0x5bd) ||
      (u >= 0x200b && u <= 0x200f) || (u >= 0x20d0 && u <= 0x20ff) || (u >= 0xfe00 && u <= 0xfe0f) || u == 0xad)
    return 0;
  if ((u >= 0x1100 && u <= 0x115f) || (u >= 0x2e80 && u <= 0xa4cf && u != 0x303f) || (u >= 0xac00 && u <= 0xd7a3) ||
      (u >= 0xf900 && u <= 0xfaff) || (u >= 0xfe30 && u <= 0xfe4f) || (u >= 0xff00 && u <= 0xff60) ||
      (u >= 0xffe0 && u <= 0xffe6) || (u >= 0x1f300 && u <= 0x1f64f) || (u >= 0x1f900 && u <= 0x1f9ff) ||
      (u >= 0x20000 && u <= 0x3fffd))
    return 2;
  return 1;
}

/* ---- version order, as gnulib's filevercmp documents it */

static bool c_digit(unsigned char ch) { return ch >= '0' && ch <= '9'; }
static bool c_alpha(unsigned char ch) { return (ch | 32) >= 'a' && (ch | 32) <= 'z'; }

/* the length of s without its suffix: (\.[A-Za-z~][A-Za-z0-9~]*)*$ */
static size_t prefix_len(const char *s, size_t len)
{
  size_t prefix = 0;
  for (size_t i = 0; i < len;) {
    i++;
    prefix = i;
    while (i + 1 < len && s[i] == '.' && (c_alpha((unsigned char)s[i + 1]) || s[i + 1] == '~'))
      for (i += 2; i < len && (c_alpha((unsigned char)s[i]) || c_digit((unsigned char)s[i]) || s[i] == '~'); i++)
        continue;
  }
  return prefix;
}

static int order(const char *s, size_t pos, size_t len)
{
  if (pos == len) return -1;
  unsigned char c = (unsigned char)s[pos];
  if (c_digit(c)) return 0;
  if (c_alpha(c)) return c;
  if (c == '~') return -2;
  return c + 256;
}

static int verrevcmp(const char *a, size_t alen, const char *b, size_t blen)
{
  size_t i = 0, j = 0;
  while (i < alen || j < blen) {
    int first = 0;
    while ((i < alen && !c_digit((unsigned char)a[i])) || (j < blen && !c_digit((unsigned char)b[j]))) {
      int ac = order(a, i, alen), bc = order(b, j, blen);
      if (ac != bc) return ac - bc;
      i++;
      j++;
    }
    while (i < alen && a[i] == '0') i++;
    while (j < blen && b[j] == '0') j++;
    while (i < alen && j < blen && c_digit((unsigned char)a[i]) && c_digit((unsigned char)b[j])) {
      if (!first) first = a[i] - b[j];
      i++;
      j++;
    }
    if (i < alen && c_digit((unsigned char)a[i])) return 1;
    if (j < blen && c_digit((unsigned char)b[j])) return -1;
    if (first) return first;
  }
  return 0;
}

int text_vercmp(const char *a, size_t alen, const char *b, size_t blen)
{
  if (!alen) return blen ? -1 : 0;
  if (!blen) return 1;
  if (a[0] == '.') {
    if (b[0] != '.') return -1;
    bool adot = alen == 1, bdot = blen == 1;
    if (adot) return bdot ? 0 : -1;
    if (bdot) return 1;
    bool add = a[1] == '.' && alen == 2, bdd = b[1] == '.' && blen == 2;
    if (add) return bdd ? 0 : -1;
    if (bdd) return 1;
  } else if (b[0] == '.') {
    return 1;
  }
  size_t ap = prefix_len(a, alen), bp = prefix_len(b, blen);
  bool one_pass = ap == alen && bp == blen;
  int r = verrevcmp(a, ap, b, bp);
  return r || one_pass ? r : verrevcmp(a, alen, b, blen);
}
