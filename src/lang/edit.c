/* edit.c - changes to the source, applied in one pass that keeps every
** line terminator where it was and records how columns moved. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static void add(P *p, uint32_t start, uint32_t end, const char *text)
{
  if (p->oom) return;
  edit e = {.start = start, .end = end, .text = NULL};
  if (text && !(e.text = strdup(text))) {
    p->oom = p->err = true;
    return;
  }
  PUSH(p, edits, nedits, capedits, e);
}

void acs__edit_blank(P *p, uint32_t start, uint32_t end)
{
  if (end > start) add(p, start, end, NULL);
}

void acs__edit_replace(P *p, uint32_t start, uint32_t end, const char *text)
{
  add(p, start, end, text);
}

void acs__edit_insert(P *p, uint32_t at, const char *text) { add(p, at, at, text); }

/* By start; at the same start an insertion first, then the widest edit, so
** that an edit enclosing others (a blanked member whose modifiers were
** blanked already) wins and what it encloses is skipped. */
static int cmp_edit(const void *a, const void *b)
{
  const edit *x = a, *y = b;
  if (x->start != y->start) return x->start < y->start ? -1 : 1;
  bool xi = x->end == x->start, yi = y->end == y->start;
  if (xi != yi) return xi ? -1 : 1;
  if (x->end != y->end) return x->end > y->end ? -1 : 1;
  return 0;
}

typedef struct out {
  char *data;
  size_t len, cap;
  bool oom;
} out;

static void put(out *o, const char *s, size_t n)
{
  if (o->oom) return;
  if (o->len + n + 1 > o->cap) {
    size_t c = o->cap ? o->cap : 256;
    while (c < o->len + n + 1) c *= 2;
    char *d = realloc(o->data, c);
    if (!d) {
      o->oom = true;
      return;
    }
    o->data = d;
    o->cap = c;
  }
  memcpy(o->data + o->len, s, n);
  o->len += n;
  o->data[o->len] = 0;
}

/* UTF-16 length of a UTF-8 character starting with byte c. */
static int units(unsigned char c) { return c >= 0xF0 ? 2 : 1; }
static int bytes(unsigned char c) { return c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1; }

/* Track the current line and its generated/original columns so that a
** change in length can be recorded as a shift. */
typedef struct pos {
  uint32_t line;
  uint32_t gen_col, src_col; /* 1-based columns at the current point */
} pos;

/* Move ps over text s: columns on the sides named; lines counted only from
** the source side (a replacement keeps the source's line breaks). */
static void advance_columns(pos *ps, const char *s, size_t n, bool gen, bool src);

static void advance_text(pos *ps, const char *s, size_t n, bool gen, bool src)
{
  /* Fast path for source text copied as is: count the line breaks with
  ** memchr and measure columns only after the last one. (U+2028/2029
  ** and lone CRs take the slow path.) */
  if (gen && src && !memchr(s, '\r', n) && !memchr(s, 0xE2, n)) {
    const char *last = NULL, *q = s, *end = s + n;
    while ((q = memchr(q, '\n', (size_t)(end - q))) != NULL) {
      ps->line++;
      last = ++q;
    }
    if (last) {
      ps->gen_col = ps->src_col = 1;
      s = last;
      n = (size_t)(end - last);
    }
    advance_columns(ps, s, n, gen, src);
    return;
  }
  advance_columns(ps, s, n, gen, src);
}

static void advance_columns(pos *ps, const char *s, size_t n, bool gen, bool src)
{
  for (size_t i = 0; i < n;) {
    unsigned char c = (unsigned char)s[i];
    bool nl = c == '\n' || (c == '\r' && !(i + 1 < n && s[i + 1] == '\n')) ||
              (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80 &&
               ((unsigned char)s[i + 2] == 0xA8 || (unsigned char)s[i + 2] == 0xA9));
    if (nl) {
      if (src) ps->line++;
      if (gen) ps->gen_col = 1;
      if (src) ps->src_col = 1;
      i += c == 0xE2 ? 3 : 1;
      continue;
    }
    int u = units(c);
    if (gen) ps->gen_col += (uint32_t)u;
    if (src) ps->src_col += (uint32_t)u;
    i += (size_t)bytes(c);
  }
}

static bool add_shift(acs__lang_result *r, size_t *cap, uint32_t line, uint32_t gen_col, int32_t delta)
{
  if (r->shift_count == *cap) {
    *cap = *cap ? *cap * 2 : 16;
    acs__colshift *n = realloc(r->shifts, sizeof *n * *cap);
    if (!n) return false;
    r->shifts = n;
  }
  r->shifts[r->shift_count++] = (acs__colshift){line, gen_col, delta};
  return true;
}

static void add_span(acs__lang_result *r, size_t *cap, uint32_t line, uint32_t col, uint32_t end)
{
  if (end <= col) return;
  if (r->generated_count == *cap) {
    *cap = *cap ? *cap * 2 : 16;
    acs__span *n = realloc(r->generated, sizeof *n * *cap);
    if (!n) return;
    r->generated = n;
  }
  r->generated[r->generated_count++] = (acs__span){line, col, end};
}

int acs__edit_apply(P *p, const char *prefix, const char *suffix, acs__lang_result *res)
{
  size_t span_cap = 0;
  if (p->nedits) qsort(p->edits, p->nedits, sizeof *p->edits, cmp_edit);
  out o = {0};
  /* the output is the source plus a little: one allocation, no doubling */
  o.cap = (size_t)p->len + strlen(prefix) + strlen(suffix) + 4096;
  o.data = malloc(o.cap);
  if (!o.data) o.cap = 0;
  size_t shift_cap = 0;
  pos ps = {1, 1, 1};
  int32_t total = 0; /* gen - src on the current line */
  uint32_t cur_line = 1;
  put(&o, prefix, strlen(prefix));
  /* the prefix sits on line 1 before the source */
  if (*prefix) {
    add_span(res, &span_cap, 1, 1, 1 + (uint32_t)strlen(prefix));
    ps.gen_col += (uint32_t)strlen(prefix);
    total = (int32_t)strlen(prefix);
    add_shift(res, &shift_cap, 1, ps.gen_col, total);
  }
  uint32_t at = 0;
  for (uint32_t i = 0; i < p->nedits; i++) {
    edit *e = &p->edits[i];
    if (e->start < at) continue; /* inside an earlier, enclosing edit */
    put(&o, p->src + at, e->start - at);
    advance_text(&ps, p->src + at, e->start - at, true, true);
    if (ps.line != cur_line) {
      cur_line = ps.line;
      total = 0;
    }
    if (!e->text) {
      /* blank: one space per UTF-16 unit, line terminators kept */
      for (uint32_t k = e->start; k < e->end;) {
        unsigned char c = (unsigned char)p->src[k];
        int n = bytes(c);
        bool nl = c == '\n' || c == '\r' ||
                  (c == 0xE2 && k + 2 < e->end && (unsigned char)p->src[k + 1] == 0x80 &&
                   ((unsigned char)p->src[k + 2] == 0xA8 || (unsigned char)p->src[k + 2] == 0xA9));
        if (c == '\r' && k + 1 < e->end && p->src[k + 1] == '\n') n = 2; /* CRLF: one line */
        if (nl) {
          put(&o, p->src + k, (size_t)n);
          advance_text(&ps, p->src + k, (size_t)n, true, true);
          cur_line = ps.line;
          total = 0;
        } else {
          put(&o, units(c) == 2 ? "  " : " ", (size_t)units(c));
          ps.gen_col += (uint32_t)units(c);
          ps.src_col += (uint32_t)units(c);
        }
        k += (uint32_t)n;
      }
    } else {
      size_t tl = strlen(e->text);
      put(&o, e->text, tl);
      uint32_t gen0 = ps.gen_col, line0 = ps.line;
      advance_text(&ps, e->text, tl, true, false);
      /* ours, line by line: a replacement has the line breaks of the
      ** source it replaces (JSX text over several lines) */
      if (memchr(e->text, '\n', tl)) {
        uint32_t line = line0, col = gen0;
        pos seg = {line0, gen0, 1};
        for (const char *t = e->text, *end = e->text + tl; t < end;) {
          const char *nl = memchr(t, '\n', (size_t)(end - t));
          size_t n = nl ? (size_t)(nl - t) : (size_t)(end - t);
          seg.gen_col = col;
          advance_columns(&seg, t, n, true, false);
          add_span(res, &span_cap, line, col, seg.gen_col);
          if (!nl) break;
          t = nl + 1;
          line++;
          col = 1;
        }
      } else {
        add_span(res, &span_cap, line0, gen0, ps.gen_col);
      }
      advance_text(&ps, p->src + e->start, e->end - e->start, false, true);
      int32_t now = (int32_t)ps.gen_col - (int32_t)ps.src_col;
      if (now != total) {
        total = now;
        add_shift(res, &shift_cap, ps.line, ps.gen_col, total);
      }
    }
    at = e->end;
  }
  put(&o, p->src + at, p->len - at);
  put(&o, suffix, strlen(suffix));
  if (o.oom) {
    free(o.data);
    return -1;
  }
  res->code = o.data ? o.data : strdup("");
  res->code_len = o.len;
  return 0;
}

uint32_t acs__lang_map_column(const acs__colshift *s, size_t n, uint32_t line, uint32_t gen_col)
{
  int32_t delta = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i].line < line) continue;
    if (s[i].line > line) break;
    if (s[i].gen_col <= gen_col) delta = s[i].delta;
  }
  int32_t col = (int32_t)gen_col - delta;
  return col < 1 ? 1 : (uint32_t)col;
}
