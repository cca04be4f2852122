/* lib_diff.c - GNU diff's comparison and output (lib_diff.h). */
#include "lib_diff.h"

#include <stdlib.h>
#include <string.h>

bool diff_text_lines(diff_text *t, const char *data, size_t size)
{
  size_t n = 0;
  for (const char *p = data; (p = memchr(p, '\n', (size_t)(data + size - p))); p++) n++;
  if (size && data[size - 1] != '\n') n++;
  t->data = data;
  t->size = size;
  t->nlines = n;
  t->start = malloc((n + 1) * sizeof *t->start);
  if (!t->start) return false;
  size_t i = 0, at = 0;
  while (at < size) {
    t->start[i++] = at;
    const char *nl = memchr(data + at, '\n', size - at);
    at = nl ? (size_t)(nl - data) + 1 : size;
  }
  t->start[n] = size;
  return true;
}

void diff_text_free(diff_text *t)
{
  free(t->start);
  t->start = NULL;
}

static const char *line_at(const diff_text *t, size_t i, size_t *len)
{
  *len = t->start[i + 1] - t->start[i];
  return t->data + t->start[i];
}

/* whitespace as GNU's -b and -w see it: isspace but the newline */
static bool wsp(unsigned char ch) { return ch == ' ' || ch == '\t' || ch == '\v' || ch == '\f' || ch == '\r'; }

static bool folding(const diff_opts *o)
{
  return o->icase || o->iall_space || o->ispace_change || o->itrailing_space;
}

/* A line's text as the options compare it, into out (len bytes are
** enough); a final newline stays, so that a last line without one is a
** line of its own as in GNU's diff, but for -b -w -Z, where it is white
** space like any other. */
static size_t fold(const diff_opts *o, const char *p, size_t len, char *out)
{
  bool has_nl = len && p[len - 1] == '\n';
  bool nl = has_nl && !(o->iall_space || o->ispace_change || o->itrailing_space);
  if (has_nl) len--;
  size_t n = len, k = 0;
  if (o->ispace_change || o->itrailing_space)
    while (n && wsp((unsigned char)p[n - 1])) n--;
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)p[i];
    if (wsp(ch)) {
      if (o->iall_space) continue;
      if (o->ispace_change) {
        while (i + 1 < n && wsp((unsigned char)p[i + 1])) i++;
        ch = ' ';
      }
    }
    if (o->icase && ch >= 'A' && ch <= 'Z') ch = (unsigned char)(ch - 'A' + 'a');
    out[k++] = (char)ch;
  }
  if (nl) out[k++] = '\n';
  return k;
}

static uint64_t hash_of(const char *p, size_t n)
{
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
  return h;
}

typedef struct classes {
  size_t cap, count;
  int32_t *slot; /* class + 1, or 0 */
  const char **kp;
  size_t *kl;
  uint64_t *kh;
} classes;

static int32_t class_of(classes *cl, const char *p, size_t n)
{
  uint64_t h = hash_of(p, n);
  size_t i = (size_t)h & (cl->cap - 1);
  while (cl->slot[i]) {
    int32_t k = cl->slot[i] - 1;
    if (cl->kh[k] == h && cl->kl[k] == n && !memcmp(cl->kp[k], p, n)) return k;
    i = (i + 1) & (cl->cap - 1);
  }
  int32_t k = (int32_t)cl->count++;
  cl->slot[i] = k + 1;
  cl->kp[k] = p;
  cl->kl[k] = n;
  cl->kh[k] = h;
  return k;
}

/* ---- the middle snake (Myers 1986, as GNU's diffseq does it) */

typedef struct seq {
  const int32_t *xv, *yv;
  ptrdiff_t *fd, *bd; /* indexed by diagonal, offset into the arrays */
  char *ch0, *ch1;
  const size_t *ri0, *ri1;
  ptrdiff_t too_expensive;
} seq;

typedef struct part {
  ptrdiff_t xmid, ymid;
  bool lo_minimal, hi_minimal;
} part;

static void midpoint(seq *s, ptrdiff_t xoff, ptrdiff_t xlim, ptrdiff_t yoff, ptrdiff_t ylim,
                     bool minimal, part *pt)
{
  ptrdiff_t *fd = s->fd, *bd = s->bd;
  const int32_t *xv = s->xv, *yv = s->yv;
  const ptrdiff_t dmin = xoff - ylim, dmax = xlim - yoff;
  const ptrdiff_t fmid = xoff - yoff, bmid = xlim - ylim;
  ptrdiff_t fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid;
  bool odd = (fmid - bmid) & 1;
  fd[fmid] = xoff;
  bd[bmid] = xlim;
  for (ptrdiff_t cost = 1;; cost++) {
    /* one more edit forward on every diagonal in reach */
    if (fmin > dmin) fd[--fmin - 1] = -1;
    else fmin++;
    if (fmax < dmax) fd[++fmax + 1] = -1;
    else fmax--;
    for (ptrdiff_t d = fmax; d >= fmin; d -= 2) {
      ptrdiff_t lo = fd[d - 1], hi = fd[d + 1];
      ptrdiff_t x = lo < hi ? hi : lo + 1, y = x - d;
      while (x < xlim && y < ylim && xv[x] == yv[y]) x++, y++;
      fd[d] = x;
      if (odd && bmin <= d && d <= bmax && bd[d] <= x) {
        *pt = (part){x, y, true, true};
        return;
      }
    }
    /* and one more backward */
    if (bmin > dmin) bd[--bmin - 1] = PTRDIFF_MAX;
    else bmin++;
    if (bmax < dmax) bd[++bmax + 1] = PTRDIFF_MAX;
    else bmax--;
    for (ptrdiff_t d = bmax; d >= bmin; d -= 2) {
      ptrdiff_t lo = bd[d - 1], hi = bd[d + 1];
      ptrdiff_t x = lo < hi ? lo : hi - 1, y = x - d;
      while (xoff < x && yoff < y && xv[x - 1] == yv[y - 1]) x--, y--;
      bd[d] = x;
      if (!odd && fmin <= d && d <= fmax && x <= fd[d]) {
        *pt = (part){x, y, true, true};
        return;
      }
    }
    if (minimal || cost < s->too_expensive) continue;
    /* too costly: the best point reached so far, either way */
    ptrdiff_t fxy = -1, fx = 0, bxy = PTRDIFF_MAX, bx = 0;
    for (ptrdiff_t d = fmax; d >= fmin; d -= 2) {
      ptrdiff_t x = fd[d] < xlim ? fd[d] : xlim, y = x - d;
      if (ylim < y) x = ylim + d, y = ylim;
      if (fxy < x + y) fxy = x + y, fx = x;
    }
    for (ptrdiff_t d = bmax; d >= bmin; d -= 2) {
      ptrdiff_t x = bd[d] > xoff ? bd[d] : xoff, y = x - d;
      if (y < yoff) x = yoff + d, y = yoff;
      if (x + y < bxy) bxy = x + y, bx = x;
    }
    if ((xlim + ylim) - bxy < fxy - (xoff + yoff)) *pt = (part){fx, fxy - fx, true, false};
    else *pt = (part){bx, bxy - bx, false, true};
    return;
  }
}

static void compare(seq *s, ptrdiff_t xoff, ptrdiff_t xlim, ptrdiff_t yoff, ptrdiff_t ylim, bool minimal)
{
  for (;;) {
    while (xoff < xlim && yoff < ylim && s->xv[xoff] == s->yv[yoff]) xoff++, yoff++;
    while (xoff < xlim && yoff < ylim && s->xv[xlim - 1] == s->yv[ylim - 1]) xlim--, ylim--;
    if (xoff == xlim) {
      while (yoff < ylim) s->ch1[s->ri1[yoff++]] = 1;
      return;
    }
    if (yoff == ylim) {
      while (xoff < xlim) s->ch0[s->ri0[xoff++]] = 1;
      return;
    }
    part pt;
    midpoint(s, xoff, xlim, yoff, ylim, minimal, &pt);
    compare(s, xoff, pt.xmid, yoff, pt.ymid, pt.lo_minimal);
    /* the second half in this frame: no recursion for it */
    xoff = pt.xmid;
    yoff = pt.ymid;
    minimal = pt.hi_minimal;
  }
}

/* ---- discarding lines that only confuse the search (GNU's rules) */

static void discard(char *dis, size_t end)
{
  for (size_t i = 0; i < end; i++) {
    if (dis[i] == 2) {
      dis[i] = 0;
      continue;
    }
    if (!dis[i]) continue;
    /* a run of discardables; provisionals at its ends do not count */
    size_t j = i, prov = 0;
    for (; j < end && dis[j]; j++)
      if (dis[j] == 2) prov++;
    while (j > i && dis[j - 1] == 2) dis[--j] = 0, prov--;
    size_t len = j - i;
    if (prov * 4 > len) {
      while (j > i)
        if (dis[--j] == 2) dis[j] = 0;
      continue;
    }
    size_t minimum = 1;
    for (size_t tem = len >> 2; (tem >>= 2) > 0;) minimum <<= 1;
    minimum++;
    /* long stretches of provisionals inside the run stay */
    size_t consec = 0;
    for (size_t k = 0; k < len; k++) {
      if (dis[i + k] != 2) consec = 0;
      else if (++consec == minimum) k -= consec;
      else if (consec > minimum) dis[i + k] = 0;
    }
    /* provisionals near the run's start stay until 3 sure ones in a row */
    consec = 0;
    for (size_t k = 0; k < len; k++) {
      if (k >= 8 && dis[i + k] == 1) break;
      if (dis[i + k] == 2) consec = 0, dis[i + k] = 0;
      else if (!dis[i + k]) consec = 0;
      else consec++;
      if (consec == 3) break;
    }
    i += len - 1;
    consec = 0;
    for (size_t k = 0; k < len; k++) {
      if (k >= 8 && dis[i - k] == 1) break;
      if (dis[i - k] == 2) consec = 0, dis[i - k] = 0;
      else if (!dis[i - k]) consec = 0;
      else consec++;
      if (consec == 3) break;
    }
  }
}

/* ---- boundaries moved to merge runs and meet the other file's changes */

static void shift_boundaries(char *changed, const char *other, const int32_t *eq, ptrdiff_t end)
{
  ptrdiff_t i = 0, j = 0;
  for (;;) {
    while (i < end && !changed[i]) {
      while (other[j++]) {
      }
      i++;
    }
    if (i == end) break;
    ptrdiff_t start = i, runlength, corresponding;
    while (changed[++i]) {
    }
    while (other[j]) j++;
    do {
      runlength = i - start;
      while (start && eq[start - 1] == eq[i - 1]) {
        changed[--start] = 1;
        changed[--i] = 0;
        while (changed[start - 1]) start--;
        while (other[--j]) {
        }
      }
      corresponding = other[j - 1] ? i : end;
      while (i != end && eq[start] == eq[i]) {
        changed[start++] = 0;
        changed[i++] = 1;
        while (changed[i]) i++;
        while (other[++j]) corresponding = i;
      }
    } while (runlength != i - start);
    while (corresponding < i) {
      changed[--start] = 1;
      changed[--i] = 0;
      while (other[--j]) {
      }
    }
  }
}

static bool blank_line(const diff_opts *o, const char *p, size_t len)
{
  if (len && p[len - 1] == '\n') len--;
  if (o->iall_space || o->ispace_change || o->itrailing_space) {
    for (size_t i = 0; i < len; i++)
      if (!wsp((unsigned char)p[i])) return false;
    return true;
  }
  return len == 0;
}

static bool raw_equal(const diff_text t[2], size_t i, size_t j)
{
  size_t a, b;
  const char *p = line_at(&t[0], i, &a), *q = line_at(&t[1], j, &b);
  return a == b && !memcmp(p, q, a);
}

ssize_t diff_compute(const diff_text t[2], const diff_opts *o, diff_change **out)
{
  *out = NULL;
  size_t n0 = t[0].nlines, n1 = t[1].nlines;
  size_t pre = 0, suf = 0;
  while (pre < n0 && pre < n1 && raw_equal(t, pre, pre)) pre++;
  while (suf < n0 - pre && suf < n1 - pre && raw_equal(t, n0 - 1 - suf, n1 - 1 - suf)) suf++;
  /* GNU keeps its horizon (the context) of the common ends in the lines
  ** it analyses: they count in discarding */
  size_t hz = o->format == DIFF_NORMAL ? 0 : (size_t)o->context;
  size_t b = pre > hz ? pre - hz : 0, cut = suf > hz ? suf - hz : 0;
  size_t m[2] = {n0 - cut - b, n1 - cut - b};
  size_t total = m[0] + m[1];
  ssize_t result = -1;
  int32_t *eq[2] = {NULL, NULL}, *und[2] = {NULL, NULL};
  size_t *ri[2] = {NULL, NULL}, *cnt[2] = {NULL, NULL}, nd[2] = {0, 0};
  char *dis[2] = {NULL, NULL}, *chg[2] = {NULL, NULL}, *fbuf = NULL;
  ptrdiff_t *diags = NULL;
  diff_change *v = NULL;
  classes cl = {0};
  cl.cap = 16;
  while (cl.cap < total * 2 + 2) cl.cap <<= 1;
  cl.slot = calloc(cl.cap, sizeof *cl.slot);
  cl.kp = malloc((total + 1) * sizeof *cl.kp);
  cl.kl = malloc((total + 1) * sizeof *cl.kl);
  cl.kh = malloc((total + 1) * sizeof *cl.kh);
  if (!cl.slot || !cl.kp || !cl.kl || !cl.kh) goto done;
  if (folding(o)) {
    size_t bytes = 0;
    for (int f = 0; f < 2; f++) bytes += t[f].start[b + m[f]] - t[f].start[b];
    if (!(fbuf = malloc(bytes + 1))) goto done;
  }
  size_t fat = 0;
  for (int f = 0; f < 2; f++) {
    eq[f] = malloc((m[f] + 1) * sizeof *eq[f]);
    und[f] = malloc((m[f] + 1) * sizeof *und[f]);
    ri[f] = malloc((m[f] + 1) * sizeof *ri[f]);
    dis[f] = calloc(m[f] + 1, 1);
    chg[f] = calloc(m[f] + 2, 1);
    if (!eq[f] || !und[f] || !ri[f] || !dis[f] || !chg[f]) goto done;
    for (size_t i = 0; i < m[f]; i++) {
      size_t len;
      const char *p = line_at(&t[f], b + i, &len);
      if (fbuf) {
        size_t k = fold(o, p, len, fbuf + fat);
        p = fbuf + fat;
        fat += k;
        len = k;
      }
      eq[f][i] = class_of(&cl, p, len);
    }
  }
  for (int f = 0; f < 2; f++) {
    cnt[f] = calloc(cl.count + 1, sizeof *cnt[f]);
    if (!cnt[f]) goto done;
    for (size_t i = 0; i < m[f]; i++) cnt[f][eq[f][i]]++;
  }
  for (int f = 0; f < 2; f++) {
    size_t many = 5;
    for (size_t tem = m[f] / 64; (tem >>= 2) > 0;) many *= 2;
    for (size_t i = 0; i < m[f]; i++) {
      size_t k = cnt[1 - f][eq[f][i]];
      if (k == 0) dis[f][i] = 1;
      else if (k > many) dis[f][i] = 2;
    }
  }
  char *changed[2] = {chg[0] + 1, chg[1] + 1};
  for (int f = 0; f < 2; f++) {
    discard(dis[f], m[f]);
    for (size_t i = 0; i < m[f]; i++) {
      if (o->minimal || !dis[f][i]) {
        und[f][nd[f]] = eq[f][i];
        ri[f][nd[f]++] = i;
      } else {
        changed[f][i] = 1;
      }
    }
  }
  size_t ndiags = nd[0] + nd[1] + 3;
  diags = malloc(2 * ndiags * sizeof *diags);
  if (!diags) goto done;
  seq s = {.xv = und[0], .yv = und[1], .fd = diags + nd[1] + 1, .bd = diags + ndiags + nd[1] + 1,
           .ch0 = changed[0], .ch1 = changed[1], .ri0 = ri[0], .ri1 = ri[1]};
  ptrdiff_t te = 1;
  for (size_t d = ndiags; d; d >>= 2) te <<= 1;
  s.too_expensive = te > 4096 ? te : 4096;
  compare(&s, 0, (ptrdiff_t)nd[0], 0, (ptrdiff_t)nd[1], o->minimal);
  shift_boundaries(changed[0], changed[1], eq[0], (ptrdiff_t)m[0]);
  shift_boundaries(changed[1], changed[0], eq[1], (ptrdiff_t)m[1]);
  size_t nv = 0, cap = 0, i0 = 0, i1 = 0;
  while (i0 < m[0] || i1 < m[1]) {
    if (changed[0][i0] || changed[1][i1]) {
      size_t s0 = i0, s1 = i1;
      while (changed[0][i0]) i0++;
      while (changed[1][i1]) i1++;
      if (nv == cap) {
        cap = cap ? cap * 2 : 16;
        diff_change *nvp = realloc(v, cap * sizeof *v);
        if (!nvp) goto done;
        v = nvp;
      }
      diff_change *ch = &v[nv++];
      *ch = (diff_change){s0 + b, s1 + b, i0 - s0, i1 - s1, false};
      if (o->iblank_lines) {
        bool blank = true;
        for (size_t k = 0; blank && k < ch->deleted; k++) {
          size_t len;
          const char *p = line_at(&t[0], ch->line0 + k, &len);
          blank = blank_line(o, p, len);
        }
        for (size_t k = 0; blank && k < ch->inserted; k++) {
          size_t len;
          const char *p = line_at(&t[1], ch->line1 + k, &len);
          blank = blank_line(o, p, len);
        }
        ch->ignore = blank;
      }
    } else {
      i0++, i1++;
    }
  }
  *out = v;
  v = NULL;
  result = (ssize_t)nv;
done:
  free(v);
  free(diags);
  free(fbuf);
  free(cl.slot);
  free(cl.kp);
  free(cl.kl);
  free(cl.kh);
  for (int f = 0; f < 2; f++) {
    free(eq[f]);
    free(und[f]);
    free(ri[f]);
    free(cnt[f]);
    free(dis[f]);
    free(chg[f]);
  }
  return result;
}

bool diff_all_ignorable(const diff_change *ch, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (!ch[i].ignore) return false;
  return true;
}

/* ---- output */

static const char no_newline[] = "\n\\ No newline at end of file\n";

/* A line after its flag ("<", "!", "+", ...): normal and context put a
** space (a tab with -T) between; unified puts the flag alone. */
static void put_line(acs_cmd *c, const diff_opts *o, const diff_text *t, size_t i, const char *flag)
{
  size_t len;
  const char *p = line_at(t, i, &len);
  if (o->format == DIFF_UNIFIED) {
    cmd_putc(c, flag[0] == ' ' && o->initial_tab ? '\t' : flag[0]);
    if (flag[0] != ' ' && o->initial_tab) cmd_putc(c, '\t');
  } else {
    cmd_puts(c, flag);
    cmd_putc(c, o->initial_tab ? '\t' : ' ');
  }
  cmd_out(c, p, len);
  if (!len || p[len - 1] != '\n') cmd_puts(c, no_newline + (len ? 0 : 0));
}

static void range(acs_cmd *c, long a, long b, int style)
{
  long ta = a + 1, tb = b + 1;
  if (style == DIFF_UNIFIED) {
    if (tb < ta) cmd_printf(c, "%ld,0", tb);
    else if (tb == ta) cmd_printf(c, "%ld", tb);
    else cmd_printf(c, "%ld,%ld", ta, tb - ta + 1);
  } else if (tb > ta) {
    cmd_printf(c, "%ld,%ld", ta, tb);
  } else {
    cmd_printf(c, "%ld", tb);
  }
}

enum { CH_OLD = 1, CH_NEW = 2 };

/* The lines a hunk (changes k..e) spans, and what it does; 0 when -B
** ignores all of it. */
static int analyze(const diff_opts *o, const diff_change *ch, size_t k, size_t e, long *f0, long *l0,
                   long *f1, long *l1)
{
  size_t from = 0, to = 0;
  bool trivial = o->iblank_lines;
  for (size_t i = k; i < e; i++) {
    from += ch[i].deleted;
    to += ch[i].inserted;
    if (!ch[i].ignore) trivial = false;
  }
  *f0 = (long)ch[k].line0;
  *f1 = (long)ch[k].line1;
  *l0 = (long)(ch[e - 1].line0 + ch[e - 1].deleted) - 1;
  *l1 = (long)(ch[e - 1].line1 + ch[e - 1].inserted) - 1;
  if (trivial) return 0;
  return (from ? CH_OLD : 0) | (to ? CH_NEW : 0);
}

static void begin(acs_cmd *c, const diff_opts *o, const diff_heads *h, size_t *printed)
{
  if ((*printed)++) return;
  if (h->pre) cmd_puts(c, h->pre);
  if (o->format == DIFF_CONTEXT) cmd_printf(c, "*** %s\n--- %s\n", h->head[0], h->head[1]);
  if (o->format == DIFF_UNIFIED) cmd_printf(c, "--- %s\n+++ %s\n", h->head[0], h->head[1]);
}

size_t diff_print(acs_cmd *c, const diff_text t[2], const diff_opts *o, diff_change *ch, size_t n,
                  const diff_heads *h)
{
  size_t printed = 0;
  long f0, l0, f1, l1;
  if (o->format == DIFF_NORMAL) {
    for (size_t k = 0; k < n && !cmd_out_error(c); k++) {
      int what = analyze(o, ch, k, k + 1, &f0, &l0, &f1, &l1);
      if (!what) continue;
      begin(c, o, h, &printed);
      range(c, f0, l0, DIFF_NORMAL);
      cmd_putc(c, what == CH_OLD ? 'd' : what == CH_NEW ? 'a' : 'c');
      range(c, f1, l1, DIFF_NORMAL);
      cmd_putc(c, '\n');
      if (what & CH_OLD)
        for (long i = f0; i <= l0; i++) put_line(c, o, &t[0], (size_t)i, "<");
      if (what == (CH_OLD | CH_NEW)) cmd_puts(c, "---\n");
      if (what & CH_NEW)
        for (long i = f1; i <= l1; i++) put_line(c, o, &t[1], (size_t)i, ">");
    }
    return printed;
  }
  long ctx = o->context, last_line[2] = {(long)t[0].nlines - 1, (long)t[1].nlines - 1};
  for (size_t k = 0; k < n && !cmd_out_error(c);) {
    /* a hunk: changes closer than twice the context (than the context
    ** alone when the next is one -B ignores) */
    size_t e = k + 1;
    while (e < n) {
      long gap = (long)ch[e].line0 - (long)(ch[e - 1].line0 + ch[e - 1].deleted);
      long thresh = ch[e].ignore ? ctx : 2 * ctx + 1;
      if (gap >= thresh) break;
      e++;
    }
    int what = analyze(o, ch, k, e, &f0, &l0, &f1, &l1);
    if (!what) {
      k = e;
      continue;
    }
    f0 = f0 - ctx > 0 ? f0 - ctx : 0;
    f1 = f1 - ctx > 0 ? f1 - ctx : 0;
    l0 = l0 < last_line[0] - ctx ? l0 + ctx : last_line[0];
    l1 = l1 < last_line[1] - ctx ? l1 + ctx : last_line[1];
    begin(c, o, h, &printed);
    if (o->format == DIFF_CONTEXT) {
      cmd_puts(c, "***************\n*** ");
      range(c, f0, l0, DIFF_CONTEXT);
      cmd_puts(c, " ****\n");
      if (what & CH_OLD) {
        size_t nx = k;
        for (long i = f0; i <= l0; i++) {
          while (nx < e && (long)(ch[nx].line0 + ch[nx].deleted) <= i) nx++;
          const char *flag = " ";
          if (nx < e && (long)ch[nx].line0 <= i) flag = ch[nx].inserted ? "!" : "-";
          put_line(c, o, &t[0], (size_t)i, flag);
        }
      }
      cmd_puts(c, "--- ");
      range(c, f1, l1, DIFF_CONTEXT);
      cmd_puts(c, " ----\n");
      if (what & CH_NEW) {
        size_t nx = k;
        for (long i = f1; i <= l1; i++) {
          while (nx < e && (long)(ch[nx].line1 + ch[nx].inserted) <= i) nx++;
          const char *flag = " ";
          if (nx < e && (long)ch[nx].line1 <= i) flag = ch[nx].deleted ? "!" : "+";
          put_line(c, o, &t[1], (size_t)i, flag);
        }
      }
    } else {
      cmd_puts(c, "@@ -");
      range(c, f0, l0, DIFF_UNIFIED);
      cmd_puts(c, " +");
      range(c, f1, l1, DIFF_UNIFIED);
      cmd_puts(c, " @@\n");
      size_t nx = k;
      long i = f0, j = f1;
      while (i <= l0 || j <= l1) {
        if (nx >= e || i < (long)ch[nx].line0) {
          put_line(c, o, &t[0], (size_t)i++, " ");
          j++;
          continue;
        }
        for (size_t q = 0; q < ch[nx].deleted; q++) put_line(c, o, &t[0], (size_t)i++, "-");
        for (size_t q = 0; q < ch[nx].inserted; q++) put_line(c, o, &t[1], (size_t)j++, "+");
        nx++;
      }
    }
    k = e;
  }
  return printed;
}
