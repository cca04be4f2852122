/* lib_hexfmt.c - hexdump's format strings, as util-linux runs them: the
** block is the largest format's byte count; a last unit without an
** iteration count repeats to fill the block; a unit repeated more than
** once drops the white space after its last conversion on its last round;
** conversions past the end of the input print as spaces of their width
** (those partly past it read zeros); %_A units print once, at the end, and
** only when some input was read. */
#include "lib_hexfmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { P_TEXT, P_INT, P_UINT, P_FLOAT, P_CHAR, P_UCHAR, P_PCHAR, P_UNAME, P_ADDR, P_ENDADDR };

typedef struct pr {
  int kind;
  char fmt[64];  /* printf text: prefix text, then the conversion */
  char conv;     /* the printf conversion letter used */
  int bytes;     /* bytes it reads */
  int nospace;   /* fmt's last character when it is white space, else -1 */
  int conv_at, conv_end; /* the conversion's place in fmt */
  struct pr *next;
} pr;

typedef struct fu {
  int reps;
  bool reps_given;
  int bcnt;
  pr *prs;
  bool end_only; /* holds %_A */
  struct fu *next;
} fu;

typedef struct fs {
  fu *units;
  int bytes;
  struct fs *next;
} fs;

struct hexfmt {
  acs_cmd *c;
  fs *list, *tail;
  int block;
};

hexfmt *cmd_hexfmt_new(acs_cmd *c)
{
  hexfmt *h = calloc(1, sizeof *h);
  if (h) h->c = c;
  return h;
}

void cmd_hexfmt_free(hexfmt *h)
{
  if (!h) return;
  for (fs *f = h->list; f;) {
    for (fu *u = f->units; u;) {
      for (pr *p = u->prs; p;) {
        pr *n = p->next;
        free(p);
        p = n;
      }
      fu *n = u->next;
      free(u);
      u = n;
    }
    fs *n = f->next;
    free(f);
    f = n;
  }
  free(h);
}

/* The text with hexdump's backslash escapes applied. */
static void unescape(char *s)
{
  char *o = s;
  for (; *s; s++) {
    if (*s != '\\' || !s[1]) {
      *o++ = *s;
      continue;
    }
    s++;
    switch (*s) {
    case 'a': *o++ = '\a'; break;
    case 'b': *o++ = '\b'; break;
    case 'f': *o++ = '\f'; break;
    case 'n': *o++ = '\n'; break;
    case 'r': *o++ = '\r'; break;
    case 't': *o++ = '\t'; break;
    case 'v': *o++ = '\v'; break;
    case '0': *o++ = 0; break; /* ends the text, as in BSD's */
    default: *o++ = *s;
    }
  }
  *o = 0;
}

static bool bad(hexfmt *h, const char *fmt, const char *what)
{
  cmd_error(h->c, what, fmt);
  return false;
}

/* A unit's text into its conversions. */
static bool split_unit(hexfmt *h, fu *u, char *text)
{
  pr **tail = &u->prs;
  char *p = text;
  int convs = 0;
  while (*p) {
    pr *r = calloc(1, sizeof *r);
    if (!r) return false;
    r->nospace = -1;
    *tail = r;
    tail = &r->next;
    size_t k = 0;
    /* literal text up to a conversion */
    while (*p && p[0] != '%' && k < sizeof r->fmt - 16) r->fmt[k++] = *p++;
    if (p[0] == '%' && p[1] == '%') { /* util-linux has no "%%" */
      cmd_error(h->c, "bad conversion character %%%%");
      return false;
    }
    if (!*p || p[0] != '%') {
      r->kind = P_TEXT;
      r->fmt[k] = 0;
      r->nospace = -1;
      continue;
    }
    char *start = p++;
    r->conv_at = (int)k;
    p += strspn(p, "-+ #0");
    p += strspn(p, "0123456789");
    if (*p == '.') p++, p += strspn(p, "0123456789");
    size_t spec = (size_t)(p - start);
    if (k + spec + 4 >= sizeof r->fmt) return bad(h, text, "bad format {%s}");
    memcpy(r->fmt + k, start, spec);
    k += spec;
    char ch = *p;
    int defbytes = 4;
    if (ch == '_') {
      char sub = p[1];
      p += 2;
      switch (sub) {
      case 'a':
      case 'A': {
        char base = *p;
        if (base != 'd' && base != 'o' && base != 'x') {
          cmd_error(h->c, "bad conversion character %%_%c%c", sub, base);
          return false;
        }
        p++;
        r->kind = sub == 'a' ? P_ADDR : P_ENDADDR;
        r->conv = base;
        r->fmt[k++] = 'l', r->fmt[k++] = 'l', r->fmt[k++] = base == 'd' ? 'u' : base;
        if (sub == 'A') u->end_only = true;
        defbytes = 0;
        break;
      }
      case 'c': r->kind = P_UCHAR; r->fmt[k++] = 's'; defbytes = 1; break;
      case 'p': r->kind = P_PCHAR; r->fmt[k++] = 'c'; defbytes = 1; break;
      case 'u': r->kind = P_UNAME; r->fmt[k++] = 's'; defbytes = 1; break;
      default: cmd_error(h->c, "bad conversion character %%_%c", sub); return false;
      }
    } else {
      p++;
      switch (ch) {
      case 'd': case 'i': r->kind = P_INT; r->fmt[k++] = 'l', r->fmt[k++] = 'l', r->fmt[k++] = 'd'; break;
      case 'o': case 'u': case 'x': case 'X':
        r->kind = P_UINT;
        r->fmt[k++] = 'l', r->fmt[k++] = 'l', r->fmt[k++] = ch;
        break;
      case 'e': case 'E': case 'f': case 'g': case 'G': r->kind = P_FLOAT; r->fmt[k++] = ch; defbytes = 8; break;
      case 'c': r->kind = P_CHAR; r->fmt[k++] = 'c'; defbytes = 1; break;
      default: cmd_error(h->c, "bad conversion character %%%c", ch); return false;
      }
      r->conv = ch;
    }
    r->fmt[k] = 0;
    r->conv_end = (int)k;
    r->bytes = defbytes;
    if (defbytes) convs++;
    /* text after the conversion belongs to it, up to the next one */
    while (*p && p[0] != '%' && k < sizeof r->fmt - 2) r->fmt[k++] = *p++;
    r->fmt[k] = 0;
  }
  if (u->bcnt) {
    if (convs > 1) return bad(h, text, "byte count with multiple conversion characters");
    for (pr *r = u->prs; r; r = r->next) {
      if (!r->bytes) continue;
      bool ok = r->kind == P_INT || r->kind == P_UINT ? u->bcnt == 1 || u->bcnt == 2 || u->bcnt == 4 || u->bcnt == 8
                : r->kind == P_FLOAT                  ? u->bcnt == 4 || u->bcnt == 8
                                                      : u->bcnt == 1;
      if (!ok) {
        if (r->conv) cmd_error(h->c, "bad byte count for conversion character %c", r->conv);
        else cmd_error(h->c, "bad byte count for conversion character _%c", r->kind == P_UCHAR ? 'c' : r->kind == P_PCHAR ? 'p' : 'u');
        return false;
      }
      r->bytes = u->bcnt;
    }
  }
  return true;
}

bool cmd_hexfmt_add(hexfmt *h, const char *fmt)
{
  fs *f = calloc(1, sizeof *f);
  if (!f) return false;
  if (h->tail) h->tail->next = f;
  else h->list = f;
  h->tail = f;
  fu **tail = &f->units;
  const char *p = fmt;
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\n') p++;
    if (!*p) break;
    fu *u = calloc(1, sizeof *u);
    if (!u) return false;
    *tail = u;
    tail = &u->next;
    u->reps = 1;
    if (*p >= '0' && *p <= '9') {
      u->reps = (int)strtol(p, (char **)&p, 10);
      u->reps_given = true;
      while (*p == ' ' || *p == '\t') p++;
      if (*p != '/' && *p != '"') return bad(h, fmt, "bad format {%s}");
    }
    if (*p == '/') {
      p++;
      while (*p == ' ' || *p == '\t') p++;
      if (*p < '0' || *p > '9') return bad(h, fmt, "bad format {%s}");
      u->bcnt = (int)strtol(p, (char **)&p, 10);
      while (*p == ' ' || *p == '\t') p++;
    }
    if (*p != '"') return bad(h, fmt, "bad format {%s}");
    const char *end = strchr(p + 1, '"');
    if (!end) return bad(h, fmt, "bad format {%s}");
    char *text = strndup(p + 1, (size_t)(end - p - 1));
    if (!text) return false;
    unescape(text);
    bool ok = split_unit(h, u, text);
    free(text);
    if (!ok) return false;
    p = end + 1;
  }
  return true;
}

static int unit_bytes(const fu *u)
{
  int n = 0;
  for (pr *r = u->prs; r; r = r->next) n += r->bytes;
  return n;
}

/* BSD's rewrite: block size, repetition to fill it, trailing spaces. */
static void prepare(hexfmt *h)
{
  h->block = 0;
  for (fs *f = h->list; f; f = f->next) {
    f->bytes = 0;
    for (fu *u = f->units; u; u = u->next) f->bytes += u->reps * unit_bytes(u);
    if (f->bytes > h->block) h->block = f->bytes;
  }
  for (fs *f = h->list; f; f = f->next) {
    fu *last = NULL;
    for (fu *u = f->units; u; u = u->next) last = u;
    if (last && f->bytes && f->bytes < h->block && unit_bytes(last) && !last->reps_given)
      last->reps += (h->block - f->bytes) / unit_bytes(last);
    for (fu *u = f->units; u; u = u->next) {
      if (u->reps < 2 || !u->prs) continue;
      pr *r = u->prs;
      while (r->next) r = r->next;
      size_t l = strlen(r->fmt);
      if (l && strchr(" \t\n\r\v\f", r->fmt[l - 1]) && (int)l - 1 >= r->conv_end) r->nospace = (int)l - 1;
    }
  }
}

static uint64_t load(const unsigned char *p, int n)
{
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; i--) v = v << 8 | p[i];
  return v;
}

static void put_text(hexfmt *h, const char *t) { cmd_puts(h->c, t); }

/* snprintf's result by its length: %c may print a NUL byte. */
static void emit(hexfmt *h, const char *out, int n)
{
  if (n < 0) return;
  if (n > 255) n = 255;
  cmd_out(h->c, out, (size_t)n);
}

static void print_pr(hexfmt *h, pr *r, const unsigned char *p, bool past, uint64_t addr, bool last_round)
{
  char fmt[64], out[256];
  snprintf(fmt, sizeof fmt, "%s", r->fmt);
  if (last_round && r->nospace >= 0) fmt[r->nospace] = 0;
  if (r->kind == P_TEXT) {
    put_text(h, fmt);
    return;
  }
  if (past) {
    /* past the end: spaces as wide as the conversion (BSD's bpad keeps
    ** its '-' and width, drops the rest) */
    char pad[80];
    size_t k = 0;
    memcpy(pad, fmt, (size_t)r->conv_at);
    k = (size_t)r->conv_at;
    const char *q = fmt + r->conv_at + 1;
    pad[k++] = '%';
    for (; *q && strchr("-+ #0", *q); q++)
      if (*q == '-') pad[k++] = '-';
    while (*q >= '0' && *q <= '9') pad[k++] = *q++;
    pad[k++] = 's';
    pad[k] = 0;
    size_t tail = strlen(fmt) > (size_t)r->conv_end ? (size_t)r->conv_end : strlen(fmt);
    emit(h, out, snprintf(out, sizeof out, pad, ""));
    put_text(h, fmt + tail);
    return;
  }
  unsigned char b = p ? p[0] : 0;
  int n = 0;
  switch (r->kind) {
  case P_ADDR:
  case P_ENDADDR: n = snprintf(out, sizeof out, fmt, (unsigned long long)addr); break;
  case P_INT: {
    uint64_t v = load(p, r->bytes);
    int64_t s = r->bytes == 8 ? (int64_t)v : (int64_t)(v ^ (1ULL << (r->bytes * 8 - 1))) - (int64_t)(1ULL << (r->bytes * 8 - 1));
    n = snprintf(out, sizeof out, fmt, (long long)s);
    break;
  }
  case P_UINT: n = snprintf(out, sizeof out, fmt, (unsigned long long)load(p, r->bytes)); break;
  case P_FLOAT: {
    double d;
    if (r->bytes == 4) {
      float f;
      memcpy(&f, p, 4);
      d = f;
    } else {
      memcpy(&d, p, 8);
    }
    n = snprintf(out, sizeof out, fmt, d);
    break;
  }
  case P_CHAR: n = snprintf(out, sizeof out, fmt, b); break;
  case P_PCHAR: n = snprintf(out, sizeof out, fmt, b >= 32 && b < 127 ? b : '.'); break;
  case P_UCHAR: {
    static const char *const esc[] = {"\\0", 0, 0, 0, 0, 0, 0, "\\a", "\\b", "\\t", "\\n", "\\v", "\\f", "\\r"};
    char t[8];
    if (b < 14 && esc[b]) snprintf(t, sizeof t, "%s", esc[b]);
    else if (b >= 32 && b < 127) snprintf(t, sizeof t, "%c", b);
    else snprintf(t, sizeof t, "%03o", b);
    n = snprintf(out, sizeof out, fmt, t);
    break;
  }
  default: { /* P_UNAME */
    static const char *const names[] = {"nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht", "lf",
                                         "vt", "ff", "cr", "so", "si", "dle", "dc1", "dc2", "dc3", "dc4", "nak",
                                         "syn", "etb", "can", "em", "sub", "esc", "fs", "gs", "rs", "us"};
    char t[8];
    if (b < 32) snprintf(t, sizeof t, "%s", names[b]);
    else if (b == 127) snprintf(t, sizeof t, "del");
    else if (b < 127) snprintf(t, sizeof t, "%c", b);
    else snprintf(t, sizeof t, "%x", b);
    n = snprintf(out, sizeof out, fmt, t);
  }
  }
  emit(h, out, n);
}

int cmd_hexfmt_dump(hexfmt *h, cmd_stream *s, uint64_t start, bool limited, uint64_t limit, bool all)
{
  prepare(h);
  size_t bs = h->block ? (size_t)h->block : 1;
  unsigned char *cur = calloc(2, bs + 8), *prev = cur ? cur + bs + 8 : NULL;
  if (!cur) {
    cmd_error(h->c, "memory exhausted");
    return 1;
  }
  uint64_t addr = start;
  bool first = true, same = false, any = false;
  while (h->block && (!limited || limit)) {
    size_t want = limited && limit < bs ? (size_t)limit : bs;
    size_t n = cmd_stream_read(s, cur, want);
    if (!n) break;
    any = true;
    if (limited) limit -= n;
    memset(cur + n, 0, bs + 8 - n);
    if (!all && !first && n == bs && !memcmp(cur, prev, bs)) {
      if (!same) cmd_puts(h->c, "*\n");
      same = true;
    } else {
      same = false;
      for (fs *f = h->list; f; f = f->next) {
        size_t at = 0;
        for (fu *u = f->units; u; u = u->next) {
          if (u->end_only) continue;
          for (int rep = 0; rep < u->reps; rep++) {
            for (pr *r = u->prs; r; r = r->next) {
              bool past = (r->bytes || r->kind == P_ADDR) && at >= n;
              print_pr(h, r, cur + at, past, addr + at, rep == u->reps - 1);
              at += (size_t)r->bytes;
            }
          }
        }
      }
    }
    first = false;
    memcpy(prev, cur, bs);
    addr += n;
    if (n < want || cmd_out_error(h->c)) break;
  }
  (void)any;
  if (addr) /* the %_A units, once */
    for (fs *f = h->list; f; f = f->next)
      for (fu *u = f->units; u; u = u->next)
        if (u->end_only)
          for (pr *r = u->prs; r; r = r->next)
            if (r->kind == P_ENDADDR || r->kind == P_TEXT) print_pr(h, r, NULL, false, addr, false);
  free(cur);
  return s->status;
}
