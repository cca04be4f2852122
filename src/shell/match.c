/* match.c - shell patterns: * ? [...] (with ! ^, ranges, [:class:],
** [=c=] and [.c.]), backslash quoting, and with extglob the groups
** @(a|b) *(..) +(..) ?(..) !(..). Characters are UTF-8 code points, as
** bash counts them in a UTF-8 locale (a byte that starts no valid
** sequence is one character); nocasematch-style folding is ASCII only.
**
** A pattern without groups is matched by the classic loop that only
** backtracks to the last star (linear in practice); groups need real
** backtracking, done by recursion on the rest of the pattern. */
#include "sh.h"

#include <ctype.h>
#include <string.h>

/* the locale is UTF-8's, as bash decides it: the first of LC_ALL,
** LC_CTYPE and LANG that is set and not empty names UTF-8 */
bool sh_utf8(void)
{
  static const char *const names[] = {"LC_ALL", "LC_CTYPE", "LANG"};
  for (size_t i = 0; i < 3; i++) {
    const char *v = var_get(names[i]);
    if (!v || !*v) continue;
    return strcasestr(v, "utf-8") || strcasestr(v, "utf8");
  }
  return false;
}

/* the code point at s (before se) into *cp: its length in bytes
** (utf8 false: each byte is a character) */
static int dec(const char *s, const char *se, unsigned *cp, bool utf8)
{
  unsigned char c = (unsigned char)*s;
  int n = !utf8 || c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
  if (n == 1 || n == 0 || se - s < n) {
    *cp = c;
    return 1;
  }
  unsigned v = n == 2 ? (c & 0x1Fu) : n == 3 ? (c & 0x0Fu) : (c & 0x07u);
  for (int i = 1; i < n; i++) {
    unsigned char d = (unsigned char)s[i];
    if ((d & 0xC0) != 0x80) {
      *cp = c;
      return 1;
    }
    v = v << 6 | (d & 0x3Fu);
  }
  *cp = v;
  return n;
}

int utf8_dec(const char *s, const char *se, unsigned *cp) { return dec(s, se, cp, sh_utf8()); }

typedef struct mopt {
  bool ext, nocase, utf8;
} mopt;

static int fold(unsigned c, bool nocase) { return nocase && c < 128 ? tolower((int)c) : (int)c; }

static bool class_match(const char *cls, size_t n, unsigned c)
{
  /* outside ASCII: letters for the classes a UTF-8 locale gives them */
  bool hi = c >= 128;
  int a = hi ? 0 : (int)c;
#define IS(name) (n == sizeof name - 1 && !memcmp(cls, name, n))
  if (IS("alpha")) return hi || isalpha(a);
  if (IS("digit")) return !hi && isdigit(a);
  if (IS("alnum")) return hi || isalnum(a);
  if (IS("upper")) return !hi && isupper(a);
  if (IS("lower")) return !hi && islower(a);
  if (IS("space")) return !hi && isspace(a);
  if (IS("blank")) return c == ' ' || c == '\t';
  if (IS("punct")) return !hi && ispunct(a);
  if (IS("print")) return hi || isprint(a);
  if (IS("graph")) return hi || isgraph(a);
  if (IS("cntrl")) return !hi && iscntrl(a);
  if (IS("xdigit")) return !hi && isxdigit(a);
  if (IS("word")) return hi || isalnum(a) || c == '_';
#undef IS
  return false;
}

/* one character of a bracket at p (an escape, or [.c.] / [=c=]) */
static const char *bracket_char(const char *p, const char *pe, unsigned *c, bool utf8)
{
  if (*p == '\\' && p + 1 < pe) p++;
  else if (*p == '[' && p + 1 < pe && (p[1] == '.' || p[1] == '=')) {
    char k = p[1];
    const char *q = p + 2;
    if (q < pe) {
      unsigned v;
      int l = dec(q, pe, &v, utf8);
      if (q + l + 1 < pe && q[l] == k && q[l + 1] == ']') {
        *c = v;
        return q + l + 2;
      }
    }
  }
  return p + dec(p, pe, c, utf8);
}

/* [...] at p (after the '['): matched? *end is past the ']', NULL when
** the bracket does not close (the '[' is then a literal) */
static bool bracket(const char *p, const char *pe, unsigned c, mopt o, const char **end)
{
  bool neg = false, hit = false;
  if (p < pe && (*p == '!' || *p == '^')) neg = true, p++;
  const char *start = p;
  bool nocase = o.nocase;
  int fc = fold(c, nocase);
  while (p < pe && (*p != ']' || p == start)) {
    if (*p == '[' && p + 1 < pe && p[1] == ':') {
      const char *q = p + 2;
      while (q + 1 < pe && !(q[0] == ':' && q[1] == ']')) q++;
      if (q + 1 < pe) {
        if (class_match(p + 2, (size_t)(q - p - 2), c)) hit = true;
        p = q + 2;
        continue;
      }
    }
    unsigned lo, hi;
    p = bracket_char(p, pe, &lo, o.utf8);
    if (p + 1 < pe && *p == '-' && p[1] != ']') {
      p = bracket_char(p + 1, pe, &hi, o.utf8);
      if (fc >= fold(lo, nocase) && fc <= fold(hi, nocase)) hit = true;
      else if (c >= lo && c <= hi) hit = true;
    } else if (fc == fold(lo, nocase)) {
      hit = true;
    }
  }
  if (p >= pe) {
    *end = NULL;
    return false;
  }
  *end = p + 1;
  return hit != neg;
}

/* an extglob group at p: the offset past its ')' (0: not a group) */
static size_t group_end(const char *p, const char *pe)
{
  if (pe - p < 3 || !strchr("@*+?!", *p) || p[1] != '(') return 0;
  int depth = 0;
  for (const char *q = p + 1; q < pe; q++) {
    if (*q == '\\' && q + 1 < pe) {
      q++;
    } else if (*q == '[') {
      const char *e;
      bracket(q + 1, pe, 0, (mopt){0}, &e);
      if (e) q = e - 1;
    } else if (*q == '(') {
      depth++;
    } else if (*q == ')' && --depth == 0) {
      return (size_t)(q + 1 - p);
    }
  }
  return 0;
}

static bool has_group(const char *p, const char *pe)
{
  for (; p < pe; p++) {
    if (*p == '\\' && p + 1 < pe) p++;
    else if (group_end(p, pe)) return true;
  }
  return false;
}



/* one element that is not a star or a group, at p against the character
** at s: the pattern's next position, or NULL when it does not match */
static const char *one(const char *p, const char *pe, const char *s, const char *se, int *slen, mopt o)
{
  unsigned c;
  *slen = dec(s, se, &c, o.utf8);
  if (*p == '?') return p + 1;
  if (*p == '[') {
    const char *end;
    bool m = bracket(p + 1, pe, c, o, &end);
    if (end) return m ? end : NULL;
  }
  if (*p == '\\' && p + 1 < pe) p++;
  unsigned pc;
  int pl = dec(p, pe, &pc, o.utf8);
  if (fold(pc, o.nocase) != fold(c, o.nocase)) return NULL;
  return p + pl;
}

/* no groups from p on */
static bool simple(const char *p, const char *pe, const char *s, const char *se, mopt o)
{
  const char *star_p = NULL, *star_s = NULL;
  for (;;) {
    if (p < pe && *p == '*') {
      while (p < pe && *p == '*') p++;
      if (p == pe) return true;
      star_p = p;
      star_s = s;
      continue;
    }
    if (p == pe && s == se) return true;
    if (p < pe && s < se) {
      int sl;
      const char *np = one(p, pe, s, se, &sl, o);
      if (np) {
        p = np, s += sl;
        continue;
      }
    }
    if (!star_p || star_s >= se) return false;
    unsigned c;
    star_s += dec(star_s, se, &c, o.utf8);
    p = star_p, s = star_s;
  }
}

static bool full(const char *p, const char *pe, const char *s, const char *se, mopt o);

/* some alternative of the group body [b, be) matches [s, k) wholly */
static bool alts(const char *b, const char *be, const char *s, const char *k, mopt o)
{
  const char *a = b;
  int depth = 0;
  for (const char *q = b;; q++) {
    if (q == be || (*q == '|' && depth == 0)) {
      if (full(a, q, s, k, o)) return true;
      if (q == be) return false;
      a = q + 1;
      continue;
    }
    if (*q == '\\' && q + 1 < be) q++;
    else if (*q == '(') depth++;
    else if (*q == ')') depth--;
  }
}

static const char *next_char(const char *s, const char *se, bool utf8)
{
  unsigned c;
  return s + dec(s, se, &c, utf8);
}

static bool full(const char *p, const char *pe, const char *s, const char *se, mopt o)
{
  if (!o.ext || !has_group(p, pe)) return simple(p, pe, s, se, o);
  while (p < pe) {
    size_t g = group_end(p, pe);
    if (g) {
      char kind = *p;
      const char *b = p + 2, *be = p + g - 1, *r = p + g;
      if ((kind == '?' || kind == '*') && full(r, pe, s, se, o)) return true;
      for (const char *k = s;; k = next_char(k, se, o.utf8)) {
        if (kind == '!') {
          if (!alts(b, be, s, k, o) && full(r, pe, k, se, o)) return true;
        } else if (k > s || kind == '@' || kind == '?') {
          if (alts(b, be, s, k, o)) {
            if (full(r, pe, k, se, o)) return true;
            /* one more repetition of the group */
            if ((kind == '*' || kind == '+') && k > s && full(p, pe, k, se, o)) return true;
          }
        }
        if (k >= se) break;
      }
      return false;
    }
    if (*p == '*') {
      while (p < pe && *p == '*' && !group_end(p, pe)) p++;
      for (const char *k = s;; k = next_char(k, se, o.utf8)) {
        if (full(p, pe, k, se, o)) return true;
        if (k >= se) return false;
      }
    }
    if (s >= se) return false;
    int sl;
    const char *np = one(p, pe, s, se, &sl, o);
    if (!np) return false;
    p = np, s += sl;
  }
  return s == se;
}

bool pat_match_opt(const char *pat, const char *s, bool ext, bool nocase)
{
  mopt o = {ext, nocase, sh_utf8()};
  return full(pat, pat + strlen(pat), s, s + strlen(s), o);
}

bool pat_match(const char *pat, const char *s)
{
  return pat_match_opt(pat, s, shopt_on("extglob"), false);
}

bool pat_has_magic(const char *p)
{
  const char *pe = p + strlen(p);
  bool ext = shopt_on("extglob");
  for (; *p; p++) {
    if (*p == '\\' && p[1]) {
      p++;
      continue;
    }
    if (*p == '*' || *p == '?') return true;
    if (ext && group_end(p, pe)) return true;
    if (*p == '[') {
      const char *end;
      bracket(p + 1, pe, 0, (mopt){0}, &end);
      if (end) return true;
    }
  }
  return false;
}

char *pat_unescape(const char *p)
{
  sbuf b = {0};
  for (; *p; p++) {
    if (*p == '\\' && p[1]) p++;
    sb_addc(&b, *p);
  }
  return sb_take(&b);
}
