/* semver.c - SemVer 2.0.0 versions: parsing (strict as the registry
** publishes them, or node-semver's loose form), precedence, text.
**
** The limits are node-semver's, so that a version npm accepts is accepted
** here and one it refuses is refused: at most 256 characters (counted
** before trimming, in UTF-16 units as JavaScript counts), numbers up to
** 2^53-1, white space as JavaScript's \s. */
#include "semver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t acs__semver_space(const char *s, size_t n)
{
  const unsigned char *u = (const unsigned char *)s;
  if (!n) return 0;
  if (u[0] == ' ' || (u[0] >= 0x09 && u[0] <= 0x0d)) return 1;
  if (u[0] == 0xc2 && n >= 2 && u[1] == 0xa0) return 2; /* U+00A0 */
  if (n < 3) return 0;
  if (u[0] == 0xe1 && u[1] == 0x9a && u[2] == 0x80) return 3; /* U+1680 */
  if (u[0] == 0xe2 && u[1] == 0x80 &&
      ((u[2] >= 0x80 && u[2] <= 0x8a) || u[2] == 0xa8 || u[2] == 0xa9 || u[2] == 0xaf))
    return 3; /* U+2000..200A, U+2028, U+2029, U+202F */
  if (u[0] == 0xe2 && u[1] == 0x81 && u[2] == 0x9f) return 3; /* U+205F */
  if (u[0] == 0xe3 && u[1] == 0x80 && u[2] == 0x80) return 3; /* U+3000 */
  if (u[0] == 0xef && u[1] == 0xbb && u[2] == 0xbf) return 3; /* U+FEFF */
  return 0;
}

/* JavaScript's string length of UTF-8 text: one unit per character, two
** for those beyond U+FFFF. */
static size_t utf16_len(const char *s, size_t n)
{
  size_t units = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if ((c & 0xc0) != 0x80) units++;
    if (c >= 0xf0) units++;
  }
  return units;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static bool is_ident(char c)
{
  return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-';
}

/* ------------------------------------------------------------- parsing */

typedef struct scan {
  const char *s;
  size_t i, n;
  bool loose;
  const char *why;
} scan;

/* A main version number. Strict: 0 or no leading zero. Either way at most
** 2^53-1, as node-semver refuses larger ones. */
static bool number(scan *c, uint64_t *out, const char *which, size_t end)
{
  size_t start = c->i;
  uint64_t v = 0;
  while (c->i < end && is_digit(c->s[c->i])) {
    if (v <= ACS__SEMVER_MAX_NUM) v = v * 10 + (uint64_t)(c->s[c->i] - '0');
    c->i++;
  }
  if (c->i == start) {
    c->why = which;
    return false;
  }
  if (!c->loose && c->s[start] == '0' && c->i - start > 1) {
    c->why = "a version number has a leading zero";
    return false;
  }
  if (v > ACS__SEMVER_MAX_NUM) {
    c->why = "a version number is larger than 9007199254740991";
    return false;
  }
  *out = v;
  return true;
}

/* Dot-separated identifiers of [0-9A-Za-z-] from c->i. Prerelease numbers
** may not have leading zeros (strict), and in loose mode lose them, as
** node-semver turns them into numbers (below 2^53-1 only). */
static bool idents(scan *c, bool pre, acs__buf *out)
{
  for (;;) {
    size_t start = c->i;
    while (c->i < c->n && is_ident(c->s[c->i])) c->i++;
    size_t len = c->i - start;
    if (!len) {
      c->why = pre ? "a prerelease identifier is empty" : "a build identifier is empty";
      return false;
    }
    const char *id = c->s + start;
    bool numeric = true;
    for (size_t k = 0; k < len; k++)
      if (!is_digit(id[k])) numeric = false;
    if (pre && numeric && len > 1 && id[0] == '0') {
      if (!c->loose) {
        c->why = "a numeric prerelease identifier has a leading zero";
        return false;
      }
      size_t z = 0;
      while (z < len - 1 && id[z] == '0') z++;
      /* Only values below 2^53-1 become numbers in node-semver. */
      uint64_t v = 0;
      bool small = len - z <= 16;
      for (size_t k = z; small && k < len; k++) v = v * 10 + (uint64_t)(id[k] - '0');
      if (small && v < ACS__SEMVER_MAX_NUM) id += z, len -= z;
    }
    if ((out->len && acs__buf_puts(out, ".")) || acs__buf_append(out, id, len)) {
      c->why = NULL;
      return false;
    }
    if (c->i < c->n && c->s[c->i] == '.') {
      c->i++;
      continue;
    }
    return true;
  }
}

static int parse(scan *c, acs__semver *v)
{
  acs__buf pre = {0}, build = {0};
  int rc = ACS_EINVAL;
  if (c->loose) {
    for (size_t k = 1; c->i < c->n && k; c->i += k)
      k = (c->s[c->i] == 'v' || c->s[c->i] == '=') ? 1 : acs__semver_space(c->s + c->i, c->n - c->i);
  } else if (c->i < c->n && c->s[c->i] == 'v') {
    c->i++;
  }
  if (!number(c, &v->major, "the major version is missing", c->n)) goto out;
  if (c->i >= c->n || c->s[c->i] != '.') {
    c->why = "it needs three numbers, major.minor.patch";
    goto out;
  }
  c->i++;
  if (!number(c, &v->minor, "the minor version is missing", c->n)) goto out;
  if (c->i >= c->n || c->s[c->i] != '.') {
    c->why = "it needs three numbers, major.minor.patch";
    goto out;
  }
  c->i++;
  size_t end = c->i;
  while (end < c->n && is_digit(c->s[end])) end++;
  /* node-semver's loose pattern backtracks here: "1.2.34.5" reads as patch
  ** 3, prerelease "4.5". */
  if (c->loose && end < c->n && c->s[end] == '.' && end - c->i > 1) end--;
  if (!number(c, &v->patch, "the patch version is missing", end)) goto out;
  if (c->i < c->n && c->s[c->i] == '-' && (!c->loose || (c->i + 1 < c->n && is_ident(c->s[c->i + 1])))) {
    c->i++;
    if (!idents(c, true, &pre)) goto out;
  } else if (c->loose && c->i < c->n && is_ident(c->s[c->i])) {
    /* Loose: the '-' is optional ("1.2.3beta"), and a lone '-' is itself an
    ** identifier ("1.2.3-" is 1.2.3--). */
    if (!idents(c, true, &pre)) goto out;
  }
  if (c->i < c->n && c->s[c->i] == '+') {
    c->i++;
    if (!idents(c, false, &build)) goto out;
  }
  if (c->i != c->n) {
    if (!c->why) c->why = "it has unexpected characters after the version";
    goto out;
  }
  v->pre = pre.len ? acs__buf_take(&pre, NULL) : NULL;
  v->build = build.len ? acs__buf_take(&build, NULL) : NULL;
  if ((pre.len && !v->pre) || (build.len && !v->build)) {
    rc = ACS_ENOMEM;
    goto out;
  }
  rc = 0;
out:
  if (rc == ACS_EINVAL && !c->why) rc = ACS_ENOMEM; /* an append failed */
  acs__buf_free(&pre);
  acs__buf_free(&build);
  return rc;
}

int acs__semver_parse(const char *text, unsigned flags, acs__semver *out, acs_err *err)
{
  memset(out, 0, sizeof *out);
  if (!text) return acs__fail(err, ACS_EINVAL, ACS__CONFIG, "no version given");
  size_t n = strlen(text);
  if (utf16_len(text, n) > ACS__SEMVER_MAX_LEN)
    return acs__fail(err, ACS_EINVAL, ACS__CONFIG,
                     "\"%.40s...\" is not a valid version: it is longer than %d characters",
                     text, ACS__SEMVER_MAX_LEN);
  scan c = {.s = text, .n = n, .loose = (flags & ACS__SEMVER_LOOSE) != 0};
  size_t k;
  while (c.i < c.n && (k = acs__semver_space(c.s + c.i, c.n - c.i)) > 0) c.i += k;
  /* Trailing space: step back over whole characters only. */
  for (;;) {
    size_t back = 0;
    for (size_t w = 1; w <= 3 && w <= c.n - c.i; w++)
      if (acs__semver_space(c.s + c.n - w, w) == w) back = w;
    if (!back) break;
    c.n -= back;
  }
  int rc = parse(&c, out);
  if (rc == ACS_ENOMEM) {
    acs__semver_clear(out);
    return acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
  }
  if (rc) {
    acs__semver_clear(out);
    return acs__fail(err, ACS_EINVAL, ACS__CONFIG, "\"%s\" is not a valid version: %s", text,
                     c.why);
  }
  return 0;
}

void acs__semver_clear(acs__semver *v)
{
  if (!v) return;
  free(v->pre);
  free(v->build);
  memset(v, 0, sizeof *v);
}

/* ---------------------------------------------------------- precedence */

static int cmp_u64(uint64_t a, uint64_t b) { return a < b ? -1 : a > b; }

/* One prerelease identifier each (not NUL-terminated). */
static int cmp_ident(const char *a, size_t an, const char *b, size_t bn)
{
  bool anum = true, bnum = true;
  for (size_t i = 0; i < an; i++)
    if (!is_digit(a[i])) anum = false;
  for (size_t i = 0; i < bn; i++)
    if (!is_digit(b[i])) bnum = false;
  if (anum && bnum) {
    /* Exact at any size: drop leading zeros, then longer is larger. */
    while (an > 1 && *a == '0') a++, an--;
    while (bn > 1 && *b == '0') b++, bn--;
    if (an != bn) return an < bn ? -1 : 1;
    int d = memcmp(a, b, an);
    return d < 0 ? -1 : d > 0;
  }
  if (anum != bnum) return anum ? -1 : 1;
  int d = memcmp(a, b, an < bn ? an : bn);
  if (d) return d < 0 ? -1 : 1;
  return an < bn ? -1 : an > bn;
}

static int cmp_pre(const char *a, const char *b)
{
  if (!a || !b) return a ? -1 : b ? 1 : 0; /* no prerelease ranks higher */
  for (;;) {
    size_t an = strcspn(a, "."), bn = strcspn(b, ".");
    int d = cmp_ident(a, an, b, bn);
    if (d) return d;
    a += an;
    b += bn;
    if (!*a || !*b) return *a ? 1 : *b ? -1 : 0; /* fewer fields rank lower */
    a++;
    b++;
  }
}

int acs__semver_cmp(const acs__semver *a, const acs__semver *b)
{
  int d = cmp_u64(a->major, b->major);
  if (!d) d = cmp_u64(a->minor, b->minor);
  if (!d) d = cmp_u64(a->patch, b->patch);
  if (!d) d = cmp_pre(a->pre, b->pre);
  return d;
}

int acs__semver_format(const acs__semver *v, acs__buf *b)
{
  int rc = acs__buf_printf(b, "%llu.%llu.%llu", (unsigned long long)v->major,
                           (unsigned long long)v->minor, (unsigned long long)v->patch);
  if (!rc && v->pre) rc = acs__buf_printf(b, "-%s", v->pre);
  return rc;
}
