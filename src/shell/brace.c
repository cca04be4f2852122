/* brace.c - bash's brace expansion, the first expansion: a{b,c}d and
** sequences {1..10}, {01..10..2}, {a..e}, nested, in order.
**
** As in bash it works on the word's text, before anything else: quotes,
** backslashes, ${...}, $(...) and backquotes are not brace syntax, but
** a plain $x is text, so {$x,b}1 gives $x1 and b1. Each result is then
** read again as a word. */
#include "sh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct atom {
  char c;
  bool prot; /* quoted, or inside ${...} $(...) `...`: not brace syntax */
} atom;

typedef struct seq {
  atom *v;
  size_t n, cap;
} seq;

static void push(seq *s, atom a)
{
  if (s->n == s->cap) {
    s->cap = s->cap ? s->cap * 2 : 32;
    s->v = xrealloc(s->v, s->cap * sizeof *s->v);
  }
  s->v[s->n++] = a;
}

static void push_range(seq *s, const atom *a, size_t n)
{
  for (size_t i = 0; i < n; i++) push(s, a[i]);
}

static bool lit(const atom *a, char c) { return !a->prot && a->c == c; }

/* The text between the braces when it is all literal, for sequences. */
static bool literal_text(const atom *a, size_t n, char *buf, size_t size)
{
  if (n >= size) return false;
  for (size_t i = 0; i < n; i++) {
    if (a[i].prot) return false;
    buf[i] = a[i].c;
  }
  buf[n] = 0;
  return true;
}

static bool parse_int(const char *s, long long *v, int *width)
{
  char *end;
  if (!*s) return false;
  const char *digits = s + (*s == '-' || *s == '+');
  if (!*digits) return false;
  for (const char *p = digits; *p; p++)
    if (*p < '0' || *p > '9') return false;
  *v = strtoll(s, &end, 10);
  /* a leading zero asks for zero padding to the widest end */
  *width = digits[0] == '0' && digits[1] ? (int)strlen(s) : 0;
  return !*end;
}

/* {x..y} or {x..y..step}: the items as strings, or false when not one */
static bool sequence(const char *text, strv *items)
{
  const char *d1 = strstr(text, "..");
  if (!d1) return false;
  const char *d2 = strstr(d1 + 2, "..");
  char x[64], y[64], z[64] = "";
  size_t lx = (size_t)(d1 - text), ly = d2 ? (size_t)(d2 - d1 - 2) : strlen(d1 + 2);
  if (lx >= sizeof x || ly >= sizeof y || (d2 && strlen(d2 + 2) >= sizeof z)) return false;
  memcpy(x, text, lx), x[lx] = 0;
  memcpy(y, d1 + 2, ly), y[ly] = 0;
  if (d2) strcpy(z, d2 + 2);
  long long step = 1;
  int wz;
  if (d2 && !parse_int(z, &step, &wz)) return false;
  if (step < 0) step = -step;
  if (step == 0) step = 1;
  long long a, b;
  int wa, wb;
  if (parse_int(x, &a, &wa) && parse_int(y, &b, &wb)) {
    int width = wa > wb ? wa : wb;
    if (wa == 0 && wb == 0) width = 0;
    for (long long v = a;; v += a <= b ? step : -step) {
      if ((a <= b && v > b) || (a > b && v < b)) break;
      char num[96];
      if (width && v < 0) snprintf(num, sizeof num, "-%0*lld", width - 1, -v);
      else snprintf(num, sizeof num, "%0*lld", width, v);
      sv_push(items, xstrdup(num));
      if (items->n > 10000000) break; /* bash would run out of memory first */
    }
    return true;
  }
  bool letters = lx == 1 && ly == 1 && ((x[0] >= 'a' && x[0] <= 'z') || (x[0] >= 'A' && x[0] <= 'Z')) &&
                 ((y[0] >= 'a' && y[0] <= 'z') || (y[0] >= 'A' && y[0] <= 'Z'));
  if (!letters) return false;
  for (int v = x[0];; v += x[0] <= y[0] ? (int)step : -(int)step) {
    if ((x[0] <= y[0] && v > y[0]) || (x[0] > y[0] && v < y[0])) break;
    char one[2] = {(char)v, 0};
    sv_push(items, xstrdup(one));
  }
  return true;
}

static void expand(const atom *a, size_t n, seq **out, size_t *nout, size_t *cap)
{
  for (size_t i = 0; i < n; i++) {
    if (!lit(&a[i], '{')) continue;
    /* a { right after $ is a parameter's, not a brace expansion */
    if (i > 0 && lit(&a[i - 1], '$')) continue;
    int depth = 0;
    size_t close = 0, commas[4096], nc = 0;
    bool found = false, too_many = false;
    for (size_t j = i + 1; j < n; j++) {
      if (lit(&a[j], '{') && !(lit(&a[j - 1], '$'))) depth++;
      else if (lit(&a[j], '}')) {
        if (depth == 0) {
          close = j;
          found = true;
          break;
        }
        depth--;
      } else if (lit(&a[j], ',') && depth == 0) {
        if (nc < sizeof commas / sizeof *commas) commas[nc++] = j;
        else too_many = true;
      }
    }
    if (!found || too_many) continue;
    strv items = {0};
    if (!nc) {
      char text[256];
      if (!literal_text(a + i + 1, close - i - 1, text, sizeof text) || !sequence(text, &items)) {
        sv_free(&items);
        continue;
      }
    }
    size_t nalt = nc ? nc + 1 : items.n;
    for (size_t k = 0; k < nalt; k++) {
      seq s = {0};
      push_range(&s, a, i);
      if (nc) {
        size_t from = k == 0 ? i + 1 : commas[k - 1] + 1, to = k == nc ? close : commas[k];
        push_range(&s, a + from, to - from);
      } else {
        for (const char *c = items.v[k]; *c; c++) push(&s, (atom){*c, false});
      }
      push_range(&s, a + close + 1, n - close - 1);
      expand(s.v, s.n, out, nout, cap);
      free(s.v);
    }
    sv_free(&items);
    return;
  }
  if (*nout == *cap) {
    *cap = *cap ? *cap * 2 : 8;
    *out = xrealloc(*out, *cap * sizeof **out);
  }
  seq copy = {0};
  push_range(&copy, a, n);
  (*out)[(*nout)++] = copy;
}

static bool has_brace(const word *w)
{
  for (const wpart *p = w->parts; p; p = p->next)
    if (p->kind == P_LIT && !p->quoted && memchr(p->text, '{', p->len)) return true;
  return false;
}

/* Past the end of the region that starts at raw[i] (a quote, $( ${ or
** a backquote), nested ones and quotes inside skipped. */
static size_t region_end(const char *r, size_t n, size_t i)
{
  char c = r[i];
  if (c == '\\') return i + 2 > n ? n : i + 2;
  if (c == '\'') {
    const char *q = memchr(r + i + 1, '\'', n - i - 1);
    return q ? (size_t)(q - r) + 1 : n;
  }
  if (c == '"' || c == '`') {
    for (size_t j = i + 1; j < n; j++) {
      if (r[j] == '\\') j++;
      else if (r[j] == c) return j + 1;
      else if (c == '"' && r[j] == '$' && j + 1 < n && (r[j + 1] == '(' || r[j + 1] == '{')) j = region_end(r, n, j) - 1;
    }
    return n;
  }
  /* $'...' $( $(( ${ */
  if (r[i + 1] == '\'') {
    for (size_t j = i + 2; j < n; j++) {
      if (r[j] == '\\') j++;
      else if (r[j] == '\'') return j + 1;
    }
    return n;
  }
  char open = r[i + 1], close = open == '(' ? ')' : '}';
  int depth = 0;
  for (size_t j = i + 1; j < n; j++) {
    if (r[j] == '\\' || r[j] == '\'' || r[j] == '"' || r[j] == '`') {
      j = region_end(r, n, j) - 1;
    } else if (r[j] == '$' && j + 1 < n && (r[j + 1] == '(' || r[j + 1] == '{' || r[j + 1] == '\'')) {
      j = region_end(r, n, j) - 1;
    } else if (r[j] == open) {
      depth++;
    } else if (r[j] == close && --depth == 0) {
      return j + 1;
    }
  }
  return n;
}

word *brace_expand(arena *ar, word *w)
{
  if (!has_brace(w) || !w->raw || !*w->raw) return w;
  const char *r = w->raw;
  size_t n = strlen(r);
  seq s = {0};
  for (size_t i = 0; i < n;) {
    char c = r[i];
    bool starts = c == '\\' || c == '\'' || c == '"' || c == '`' ||
                  (c == '$' && i + 1 < n && (r[i + 1] == '(' || r[i + 1] == '{' || r[i + 1] == '\''));
    if (!starts) {
      push(&s, (atom){c, false});
      i++;
      continue;
    }
    size_t e = region_end(r, n, i);
    for (; i < e; i++) push(&s, (atom){r[i], true});
  }
  seq *out = NULL;
  size_t nout = 0, cap = 0;
  expand(s.v, s.n, &out, &nout, &cap);
  free(s.v);
  if (nout == 1 && out[0].n == n) { /* nothing expanded */
    free(out[0].v);
    free(out);
    return w;
  }
  word *head = NULL, **tail = &head;
  for (size_t i = 0; i < nout; i++) {
    char *text = ar_alloc(ar, out[i].n + 1);
    for (size_t k = 0; k < out[i].n; k++) text[k] = out[i].v[k].c;
    text[out[i].n] = 0;
    free(out[i].v);
    if (!out[i].n) continue; /* bash drops the empty results of {,} */
    word *nw = lx_word_text(ar, text, strlen(text));
    nw->raw = text;
    *tail = nw;
    tail = &nw->next;
  }
  free(out);
  if (!head) { /* only empty results: no word at all */
    head = ar_alloc(ar, sizeof *head);
    memset(head, 0, sizeof *head);
    head->raw = "";
  }
  return head;
}
