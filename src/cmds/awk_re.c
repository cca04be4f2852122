/* awk_re.c - awk's regular expressions on glibc's regcomp (ERE with GNU's
** operators). awk's text is translated first: its escapes (\/ \" \n \t
** \ddd), gawk's \y for a word boundary (glibc's \b; awk's \b is a
** backspace), a backslash inside brackets that quotes, and a "{" that
** starts no interval taken literally, as gawk does. Matching uses
** REG_STARTEND, so records may hold NUL bytes. Dynamic regexes are cached
** by their text (a few dozen; literals of the program are kept). */
#include "awk.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef struct sb {
  char *p;
  size_t n, cap;
} sb;

static void sb_add(sb *b, const char *s, size_t n)
{
  if (b->n + n + 1 > b->cap) {
    size_t cap = (b->n + n + 1) * 2;
    char *p = realloc(b->p, cap);
    if (!p) abort();
    b->p = p;
    b->cap = cap;
  }
  memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = 0;
}
static void sb_c(sb *b, char c) { sb_add(b, &c, 1); }

static void lit(sb *b, char c)
{
  if (strchr(".[]()*+?{}|^$\\", c) && c) sb_c(b, '\\');
  sb_c(b, c);
}

/* \n and the others to the byte; -1 when c is not one of them */
static int esc_char(const char *s, size_t n, size_t *i)
{
  char c = s[*i];
  switch (c) {
  case 'n': (*i)++; return '\n';
  case 't': (*i)++; return '\t';
  case 'r': (*i)++; return '\r';
  case 'f': (*i)++; return '\f';
  case 'v': (*i)++; return '\v';
  case 'a': (*i)++; return '\a';
  case 'b': (*i)++; return '\b';
  case '/': (*i)++; return '/';
  case '"': (*i)++; return '"';
  default: break;
  }
  if (c >= '0' && c <= '7') {
    int v = 0, k = 0;
    while (k < 3 && *i < n && s[*i] >= '0' && s[*i] <= '7') v = v * 8 + (s[(*i)++] - '0'), k++;
    return v & 255;
  }
  return -1;
}

static bool interval_at(const char *s, size_t n, size_t i)
{
  /* s[i] == '{': digits [, [digits]] } */
  size_t j = i + 1;
  bool d1 = false;
  while (j < n && isdigit((unsigned char)s[j])) j++, d1 = true;
  if (j < n && s[j] == ',') {
    j++;
    while (j < n && isdigit((unsigned char)s[j])) j++;
  }
  return d1 && j < n && s[j] == '}';
}

static size_t bracket(const char *s, size_t n, size_t i, sb *out)
{
  /* s[i] == '[' */
  size_t j = i + 1;
  bool neg = false, rb = false, dash = false, caret = false;
  sb body = {0};
  sb_add(&body, "", 0);
  if (j < n && s[j] == '^') neg = true, j++;
  if (j < n && s[j] == ']') rb = true, j++;
  while (j < n && s[j] != ']') {
    if (s[j] == '[' && j + 1 < n && (s[j + 1] == ':' || s[j + 1] == '=' || s[j + 1] == '.')) {
      char close = s[j + 1];
      size_t k = j + 2;
      while (k + 1 < n && !(s[k] == close && s[k + 1] == ']')) k++;
      if (k + 1 < n) {
        sb_add(&body, s + j, k + 2 - j);
        j = k + 2;
        continue;
      }
    }
    if (s[j] == '\\' && j + 1 < n) {
      j++;
      int e = esc_char(s, n, &j);
      char c = e >= 0 ? (char)e : s[j++];
      if (c == ']') rb = true;
      else if (c == '-') dash = true;
      else if (c == '^') caret = true;
      else if (c) sb_c(&body, c);
      continue;
    }
    sb_c(&body, s[j++]);
  }
  if (j >= n) { /* no closing bracket: let regcomp say so */
    sb_add(out, s + i, n - i);
    free(body.p);
    return n;
  }
  if (caret && !rb && !dash && body.n == 0 && !neg) {
    sb_add(out, "\\^", 2);
  } else {
    sb_c(out, '[');
    if (neg) sb_c(out, '^');
    if (rb) sb_c(out, ']');
    sb_add(out, body.p, body.n);
    if (caret) sb_c(out, '^');
    if (dash) sb_c(out, '-');
    sb_c(out, ']');
  }
  free(body.p);
  return j + 1;
}

static char *translate(const char *s, size_t n)
{
  sb out = {0};
  sb_add(&out, "", 0);
  for (size_t i = 0; i < n;) {
    char c = s[i];
    if (c == '\\' && i + 1 < n) {
      i++;
      int e = esc_char(s, n, &i);
      if (e >= 0) {
        lit(&out, (char)e);
        continue;
      }
      c = s[i++];
      if (c == 'y') sb_add(&out, "\\b", 2);
      else if (strchr("B<>wWsS`'", c)) sb_c(&out, '\\'), sb_c(&out, c);
      else lit(&out, c);
      continue;
    }
    if (c == '[') {
      i = bracket(s, n, i, &out);
      continue;
    }
    if (c == '{' && (!interval_at(s, n, i) || out.n == 0)) {
      sb_add(&out, "\\{", 2);
      i++;
      continue;
    }
    if (c == 0) { /* regcomp takes C strings */
      i++;
      continue;
    }
    sb_c(&out, c);
    i++;
  }
  return out.p;
}

static are *compile(awk *A, const char *s, size_t n, bool icase)
{
  are *r = calloc(1, sizeof *r);
  if (!r) awk_fatal(A, "out of memory");
  r->src = astr_new(A, s, n);
  r->icase = icase;
  char *t = translate(s, n);
  int rc = regcomp(&r->re, t, REG_EXTENDED | (icase ? REG_ICASE : 0));
  free(t);
  if (rc) {
    char msg[256];
    regerror(rc, &r->re, msg, sizeof msg);
    awk_fatal(A, A->parsing ? "%s: /%s/" : "invalid regexp: %s: /%s/", msg, r->src->s);
  }
  return r;
}

static are *lookup(awk *A, const char *s, size_t n, bool icase)
{
  are **pp = &A->recache;
  for (are *r = *pp; r; pp = &r->next, r = r->next)
    if (r->icase == icase && r->src->len == n && !memcmp(r->src->s, s, n)) {
      /* to the front: the last used stay */
      *pp = r->next;
      r->next = A->recache;
      A->recache = r;
      return r;
    }
  are *r = compile(A, s, n, icase);
  r->next = A->recache;
  A->recache = r;
  if (++A->nre > 64) {
    /* drop the oldest dynamic one */
    are **last = NULL;
    for (are **q = &A->recache; *q; q = &(*q)->next)
      if (!(*q)->pinned) last = q;
    if (last && *last != r) {
      are *old = *last;
      *last = old->next;
      regfree(&old->re);
      astr_unref(old->src);
      free(old);
      A->nre--;
    }
  }
  return r;
}

are *re_get(awk *A, const char *s, size_t n) { return lookup(A, s, n, A->icase); }

are *re_literal(awk *A, const char *s, size_t n)
{
  are *r = compile(A, s, n, false);
  r->pinned = true;
  return r;
}

bool re_exec(awk *A, are *r, const char *s, size_t n, size_t from, size_t *so, size_t *eo, regmatch_t *sub, size_t nsub)
{
  if (r->icase != A->icase) r = lookup(A, r->src->s, r->src->len, A->icase);
  regmatch_t m[10];
  regmatch_t *pm = sub ? sub : m;
  size_t np = sub ? nsub : 1;
  if (np == 0) pm = m, np = 1;
  pm[0].rm_so = (regoff_t)from;
  pm[0].rm_eo = (regoff_t)n;
  int fl = REG_STARTEND | (from > 0 ? REG_NOTBOL : 0);
  if (regexec(&r->re, s, np, pm, fl)) return false;
  if (so) *so = (size_t)pm[0].rm_so;
  if (eo) *eo = (size_t)pm[0].rm_eo;
  return true;
}

bool re_test(awk *A, are *r, const char *s, size_t n) { return re_exec(A, r, s, n, 0, NULL, NULL, NULL, 0); }

void re_free_all(awk *A)
{
  while (A->recache) {
    are *r = A->recache;
    A->recache = r->next;
    regfree(&r->re);
    astr_unref(r->src);
    free(r);
  }
}
