/* patch.c - apply a diff file to an original.
**
** Usage: patch [OPTION]... [ORIGFILE [PATCHFILE]]
**
** Input options:
**
**   -p NUM  --strip=NUM  Strip NUM leading components from file names.
**   -F LINES  --fuzz LINES  Set the fuzz factor to LINES for inexact matching.
**   -c  --context  Interpret the patch as a context difference.
**   -u  --unified  Interpret the patch as a unified difference.
**   -l  --ignore-whitespace  Ignore white space changes between patch and input.
**   -N  --forward  Ignore patches that appear to be reversed or already applied.
**   -R  --reverse  Assume patches were created with old and new files swapped.
**   -i PATCHFILE  --input=PATCHFILE  Read patch from PATCHFILE instead of stdin.
**
** Output options:
**
**   -o FILE  --output=FILE  Output patched files to FILE.
**   -r FILE  --reject-file=FILE  Output rejects to FILE.
**   -E  --remove-empty-files  Remove output files that are empty after patching.
**   --dry-run  Do not actually change any files; just print what would happen.
**
** Backup and version control options:
**
**   -b  --backup  Back up the original contents of each file.
**   --backup-if-mismatch  Back up if the patch does not match exactly.
**   --no-backup-if-mismatch  Back up mismatches only if otherwise requested.
**   -z SUFFIX  --suffix=SUFFIX  Use SUFFIX as the simple backup suffix.
**
** Miscellaneous options:
**
**   -t  --batch  Ask no questions; skip bad-Prereq patches; assume reversed.
**   -f  --force  Like -t, but ignore bad-Prereq patches, and assume unreversed.
**   -s  --quiet  --silent  Work silently unless an error occurs.
**   --verbose  Output extra information about the work being done.
**   -d DIR  --directory=DIR  Change the working directory to DIR first.
**
**   -v  --version  Output version info.
**   --help  Output this help.
*/

/* GNU patch 2.7.6 for unified and context diffs: its choice of the file
** from the headers (basename without -p), its search of each hunk's place
** (outward from where it should be, fuzz 0, 1, 2 dropping context at the
** ends), its messages ("Hunk #2 succeeded at 17 with fuzz 1 (offset 2
** lines).") and .rej files in the patch's own format, with hunk numbers
** moved by what the applied hunks added. The box has no terminal to ask
** on: questions are printed with GNU's default answer, as GNU does
** without one. A file is backed up to .orig when a hunk did not match
** exactly (GNU's --backup-if-mismatch default). */
#include "cmd.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { OPT_DRY = 256, OPT_VERBOSE, OPT_BIM, OPT_NO_BIM, OPT_POSIX };

typedef struct pline {
  char type; /* ' ' '-' '+' */
  const char *text;
  size_t len; /* without the newline */
  bool nonl;  /* "\ No newline at end of file" */
} pline;

typedef struct hunk {
  long ofirst, ocount, nfirst, ncount; /* as written */
  pline *l;
  size_t n, cap;
} hunk;

typedef struct fpatch {
  char *name[2];        /* header names as written (no timestamp) */
  const char *head[2];  /* the whole header lines, for .rej */
  size_t headlen[2];
  bool context;         /* a context diff (else unified) */
  bool epoch[2];        /* a header with the epoch: no such file */
  long first_line;      /* input line of its first hunk */
  size_t lead_from, lead_to; /* input lines before its header */
  hunk *h;
  size_t nh;
} fpatch;

typedef struct opts {
  int strip; /* -1: basename */
  int fuzz;
  bool reverse, forward, dry, backup, bim, remove_empty, batch, force, silent, verbose, loose;
  const char *out, *rej, *suffix;
} opts;

typedef struct text {
  char *data;
  size_t size;
  size_t *start;
  size_t n;
} text;

static void lines_of(text *t)
{
  size_t n = 0;
  for (size_t i = 0; i < t->size; i++)
    if (t->data[i] == '\n') n++;
  if (t->size && t->data[t->size - 1] != '\n') n++;
  t->n = n;
  t->start = malloc((n + 1) * sizeof *t->start);
  if (!t->start) {
    t->n = 0;
    return;
  }
  size_t k = 0, at = 0;
  while (at < t->size) {
    t->start[k++] = at;
    char *nl = memchr(t->data + at, '\n', t->size - at);
    at = nl ? (size_t)(nl - t->data) + 1 : t->size;
  }
  t->start[n] = t->size;
}

/* line i without its newline */
static const char *tline(const text *t, size_t i, size_t *len, bool *nonl)
{
  size_t a = t->start[i], b = t->start[i + 1];
  bool nl = b > a && t->data[b - 1] == '\n';
  *len = b - a - nl;
  if (nonl) *nonl = !nl;
  return t->data + a;
}

static bool startswith(const char *p, size_t len, const char *s)
{
  size_t n = strlen(s);
  return len >= n && !memcmp(p, s, n);
}

static bool push(hunk *h, char type, const char *text, size_t len)
{
  if (h->n == h->cap) {
    size_t nc = h->cap ? h->cap * 2 : 16;
    pline *p = realloc(h->l, nc * sizeof *p);
    if (!p) return false;
    h->l = p;
    h->cap = nc;
  }
  h->l[h->n++] = (pline){type, text, len, false};
  return true;
}

/* "NAME\tTIME" or "NAME" (or a C-quoted "NAME") from a header line */
static char *header_name(const char *p, size_t len, bool *epoch)
{
  char *out = malloc(len + 1);
  if (!out) return NULL;
  size_t k = 0, i = 0;
  if (len && p[0] == '"') {
    for (i = 1; i < len && p[i] != '"'; i++) {
      char ch = p[i];
      if (ch == '\\' && i + 1 < len) {
        ch = p[++i];
        if (ch >= '0' && ch <= '7') {
          int v = 0, d = 0;
          while (d < 3 && i < len && p[i] >= '0' && p[i] <= '7') v = v * 8 + (p[i++] - '0'), d++;
          i--;
          ch = (char)v;
        } else {
          const char *from = "ntrabfv", *to = "\n\t\r\a\b\f\v";
          const char *f = strchr(from, ch);
          if (f && ch) ch = to[f - from];
        }
      }
      out[k++] = ch;
    }
    i++;
  } else {
    while (i < len && p[i] != '\t') out[k++] = p[i++];
    while (k && out[k - 1] == ' ') k--;
  }
  out[k] = 0;
  const char *rest = p + i;
  size_t rl = len - i;
  *epoch = false;
  for (size_t j = 0; j + 10 <= rl; j++)
    if (!memcmp(rest + j, "1970-01-01", 10) || !memcmp(rest + j, "1969-12-31", 10)) *epoch = true;
  return out;
}

static bool range(const char *p, size_t len, size_t *at, long *first, long *count, bool *hadcount)
{
  size_t i = *at;
  if (i >= len || p[i] < '0' || p[i] > '9') return false;
  long a = 0;
  while (i < len && p[i] >= '0' && p[i] <= '9') a = a * 10 + (p[i++] - '0');
  long b = -1;
  if (i < len && p[i] == ',') {
    i++;
    if (i >= len || p[i] < '0' || p[i] > '9') return false;
    b = 0;
    while (i < len && p[i] >= '0' && p[i] <= '9') b = b * 10 + (p[i++] - '0');
  }
  *first = a;
  *count = b;
  *hadcount = b >= 0;
  *at = i;
  return true;
}

typedef struct parser {
  text in;
  size_t i; /* next input line */
} parser;

static const char *pl(parser *ps, size_t i, size_t *len)
{
  bool nonl;
  return tline(&ps->in, i, len, &nonl);
}

/* A unified hunk from "@@ -a,b +c,d @@": false when it does not parse */
static bool unified_hunk(parser *ps, hunk *h)
{
  size_t len, at = 4;
  const char *p = pl(ps, ps->i, &len);
  bool hc;
  if (!startswith(p, len, "@@ -") || !range(p, len, &at, &h->ofirst, &h->ocount, &hc)) return false;
  if (!hc) h->ocount = 1;
  if (at + 1 >= len || p[at] != ' ' || p[at + 1] != '+') return false;
  at += 2;
  if (!range(p, len, &at, &h->nfirst, &h->ncount, &hc)) return false;
  if (!hc) h->ncount = 1;
  ps->i++;
  long o = 0, n = 0;
  while (ps->i < ps->in.n && (o < h->ocount || n < h->ncount)) {
    p = pl(ps, ps->i, &len);
    char t = len ? p[0] : ' ';
    if (t == '\\') {
      if (h->n) h->l[h->n - 1].nonl = true;
      ps->i++;
      continue;
    }
    if (t != ' ' && t != '-' && t != '+') break;
    if (!push(h, t, len ? p + 1 : p, len ? len - 1 : 0)) return false;
    if (t != '+') o++;
    if (t != '-') n++;
    ps->i++;
  }
  if (ps->i < ps->in.n) {
    p = pl(ps, ps->i, &len);
    if (len && p[0] == '\\') {
      if (h->n) h->l[h->n - 1].nonl = true;
      ps->i++;
    }
  }
  return o == h->ocount && n == h->ncount;
}

/* A context hunk: "***************", "*** a,b ****", old lines, "--- c,d ----", new lines */
static bool context_hunk(parser *ps, hunk *h)
{
  size_t len, at;
  const char *p = pl(ps, ps->i, &len);
  if (!startswith(p, len, "***************")) return false;
  ps->i++;
  if (ps->i >= ps->in.n) return false;
  p = pl(ps, ps->i, &len);
  at = 4;
  long last;
  bool hc;
  if (!startswith(p, len, "*** ") || !range(p, len, &at, &h->ofirst, &last, &hc)) return false;
  h->ocount = hc ? last - h->ofirst + 1 : h->ofirst ? 1 : 0;
  ps->i++;
  pline *old = NULL, *nw = NULL;
  size_t no = 0, nn = 0;
  hunk ho = {0}, hn = {0};
  while (ps->i < ps->in.n) {
    p = pl(ps, ps->i, &len);
    if (startswith(p, len, "--- ")) break;
    if (len && p[0] == '\\') {
      if (ho.n) ho.l[ho.n - 1].nonl = true;
      ps->i++;
      continue;
    }
    if (len < 2 || !strchr(" -!", p[0]) || p[1] != ' ') {
      if (len == 0) {
        push(&ho, ' ', p, 0);
        ps->i++;
        continue;
      }
      free(ho.l);
      return false;
    }
    push(&ho, p[0], p + 2, len - 2);
    ps->i++;
  }
  if (ps->i >= ps->in.n) {
    free(ho.l);
    return false;
  }
  at = 4;
  if (!range(p, len, &at, &h->nfirst, &last, &hc)) {
    free(ho.l);
    return false;
  }
  h->ncount = hc ? last - h->nfirst + 1 : h->nfirst ? 1 : 0;
  ps->i++;
  while (ps->i < ps->in.n && (long)hn.n < h->ncount) {
    p = pl(ps, ps->i, &len);
    if (len && p[0] == '\\') {
      if (hn.n) hn.l[hn.n - 1].nonl = true;
      ps->i++;
      continue;
    }
    if (startswith(p, len, "***************") || startswith(p, len, "*** ")) break;
    if (len < 2 || !strchr(" +!", p[0]) || p[1] != ' ') {
      if (len == 0) {
        push(&hn, ' ', p, 0);
        ps->i++;
        continue;
      }
      break;
    }
    push(&hn, p[0], p + 2, len - 2);
    ps->i++;
  }
  if (ps->i < ps->in.n) {
    p = pl(ps, ps->i, &len);
    if (len && p[0] == '\\') {
      if (hn.n) hn.l[hn.n - 1].nonl = true;
      ps->i++;
    }
  }
  /* a section left out holds only the other's context */
  old = ho.l, no = ho.n, nw = hn.l, nn = hn.n;
  hunk fill = {0};
  if (no == 0 && h->ocount > 0) {
    for (size_t k = 0; k < nn; k++)
      if (nw[k].type == ' ') push(&fill, ' ', nw[k].text, nw[k].len), fill.l[fill.n - 1].nonl = nw[k].nonl;
    old = fill.l, no = fill.n;
  } else if (nn == 0 && h->ncount > 0) {
    for (size_t k = 0; k < no; k++)
      if (old[k].type == ' ') push(&fill, ' ', old[k].text, old[k].len), fill.l[fill.n - 1].nonl = old[k].nonl;
    nw = fill.l, nn = fill.n;
  }
  size_t i = 0, j = 0;
  bool ok = true;
  while (ok && (i < no || j < nn)) {
    if (i < no && j < nn && old[i].type == ' ' && nw[j].type == ' ') {
      ok = push(h, ' ', old[i].text, old[i].len);
      h->l[h->n - 1].nonl = old[i].nonl && nw[j].nonl;
      i++, j++;
      continue;
    }
    bool moved = false;
    while (ok && i < no && old[i].type != ' ') {
      ok = push(h, '-', old[i].text, old[i].len);
      h->l[h->n - 1].nonl = old[i].nonl;
      i++, moved = true;
    }
    while (ok && j < nn && nw[j].type != ' ') {
      ok = push(h, '+', nw[j].text, nw[j].len);
      h->l[h->n - 1].nonl = nw[j].nonl;
      j++, moved = true;
    }
    if (!moved) ok = false; /* context lines that do not pair up */
  }
  free(ho.l);
  free(hn.l);
  free(fill.l);
  long o = 0, n = 0;
  for (size_t k = 0; k < h->n; k++) {
    if (h->l[k].type != '+') o++;
    if (h->l[k].type != '-') n++;
  }
  return ok && o == h->ocount && n == h->ncount;
}

/* The next file's patch from ps->i: false at the end of the input. */
static bool next_patch(parser *ps, fpatch *fp, bool *garbage_only)
{
  memset(fp, 0, sizeof *fp);
  fp->lead_from = ps->i;
  while (ps->i + 1 < ps->in.n) {
    size_t l1, l2;
    const char *a = pl(ps, ps->i, &l1), *b = pl(ps, ps->i + 1, &l2);
    bool uni = startswith(a, l1, "--- ") && startswith(b, l2, "+++ ");
    bool ctx = startswith(a, l1, "*** ") && startswith(b, l2, "--- ") && ps->i + 2 < ps->in.n;
    if (ctx) {
      size_t l3;
      const char *c3 = pl(ps, ps->i + 2, &l3);
      ctx = startswith(c3, l3, "***************");
    }
    if (!uni && !ctx) {
      ps->i++;
      continue;
    }
    fp->context = ctx;
    fp->lead_to = ps->i;
    fp->head[0] = a;
    fp->headlen[0] = l1;
    fp->head[1] = b;
    fp->headlen[1] = l2;
    fp->name[0] = header_name(a + 4, l1 - 4, &fp->epoch[0]);
    fp->name[1] = header_name(b + 4, l2 - 4, &fp->epoch[1]);
    ps->i += 2;
    fp->first_line = (long)ps->i + 1;
    size_t cap = 0;
    while (ps->i < ps->in.n) {
      hunk h = {0};
      size_t save = ps->i;
      bool ok = ctx ? context_hunk(ps, &h) : unified_hunk(ps, &h);
      if (!ok) {
        free(h.l);
        ps->i = save;
        break;
      }
      if (fp->nh == cap) {
        cap = cap ? cap * 2 : 8;
        hunk *nh = realloc(fp->h, cap * sizeof *nh);
        if (!nh) {
          free(h.l);
          break;
        }
        fp->h = nh;
      }
      fp->h[fp->nh++] = h;
    }
    if (fp->nh == 0) {
      free(fp->name[0]);
      free(fp->name[1]);
      fp->name[0] = fp->name[1] = NULL;
      continue;
    }
    *garbage_only = false;
    return true;
  }
  ps->i = ps->in.n;
  return false;
}

static void fpatch_free(fpatch *fp)
{
  for (size_t i = 0; i < fp->nh; i++) free(fp->h[i].l);
  free(fp->h);
  free(fp->name[0]);
  free(fp->name[1]);
}

/* -p: NUM leading components off; -1: the basename; NULL when too few */
static const char *strip(const char *name, int n)
{
  if (n < 0) {
    const char *s = strrchr(name, '/');
    return s ? s + 1 : name;
  }
  const char *p = name;
  for (int i = 0; i < n; i++) {
    const char *s = strchr(p, '/');
    if (!s) return NULL;
    while (*s == '/') s++;
    p = s;
  }
  return p;
}

static bool exists(const char *p)
{
  acs__sys_stat st;
  return p && *p && !acs_sys_stat(p, &st);
}

static int components(const char *p)
{
  int n = 1;
  for (; *p; p++)
    if (*p == '/' && p[1]) n++;
  return n;
}

/* GNU's best name: an existing one with the fewest components, then
** the shortest basename, then the shortest name; the old one on a tie */
static const char *best_name(const char *c[2], bool ok[2])
{
  const char *best = NULL;
  for (int i = 0; i < 2; i++) {
    if (!ok[i] || !c[i]) continue;
    if (!best) {
      best = c[i];
      continue;
    }
    int a = components(c[i]), b = components(best);
    size_t ba = strlen(strip(c[i], -1)), bb = strlen(strip(best, -1));
    if (a < b || (a == b && (ba < bb || (ba == bb && strlen(c[i]) < strlen(best))))) best = c[i];
  }
  return best;
}

typedef struct out {
  char *p;
  size_t len, cap;
  bool bad;
  bool pending; /* the last line lacks its newline: owed if more follows */
} out;

static void put(out *o, const void *d, size_t n)
{
  if (o->bad) return;
  if (o->len + n > o->cap) {
    size_t nc = (o->len + n) * 2 + 64;
    char *q = realloc(o->p, nc);
    if (!q) {
      o->bad = true;
      return;
    }
    o->p = q;
    o->cap = nc;
  }
  memcpy(o->p + o->len, d, n);
  o->len += n;
}

static void putraw(out *o, const char *t, size_t len, bool nonl)
{
  put(o, t, len);
  if (!nonl) put(o, "\n", 1);
}

/* A line without its newline stays so only at the end of the output: a
** line after it gets it back, as GNU's patch writes them. */
static void putline(out *o, const char *t, size_t len, bool nonl)
{
  if (o->pending) put(o, "\n", 1);
  put(o, t, len);
  o->pending = nonl;
  if (!nonl) put(o, "\n", 1);
}

static bool blank(char ch) { return ch == ' ' || ch == '\t'; }

/* -l: a run of blanks matches any run, and blanks at the end do not count */
static bool loose_eq(const char *a, size_t an, const char *b, size_t bn)
{
  size_t i = 0, j = 0;
  while (i < an && j < bn) {
    if (blank(a[i]) && blank(b[j])) {
      while (i < an && blank(a[i])) i++;
      while (j < bn && blank(b[j])) j++;
      continue;
    }
    if (a[i] != b[j]) return false;
    i++, j++;
  }
  while (i < an && blank(a[i])) i++;
  while (j < bn && blank(b[j])) j++;
  return i == an && j == bn;
}

static bool line_eq(const text *f, size_t i, const pline *p, bool loose)
{
  size_t len;
  bool nonl;
  const char *t = tline(f, i, &len, &nonl);
  /* the newline is part of the line (a last line without one is another)
  ** but for -l, which ignores it as GNU's similar() does */
  if (loose) return loose_eq(t, len, p->text, p->len);
  if (nonl != p->nonl) return false;
  return len == p->len && !memcmp(t, p->text, len);
}

/* The hunk's old lines (in order) match the file at line `at` (0-based),
** leaving out pf lines at the start and sf at the end. */
static bool match_at(const text *f, const hunk *h, long at, long pf, long sf, long olen, bool loose)
{
  long k = 0;
  for (size_t i = 0; i < h->n; i++) {
    if (h->l[i].type == '+') continue;
    if (k >= pf && k < olen - sf) {
      long fi = at + k;
      if (fi < 0 || fi >= (long)f->n || !line_eq(f, (size_t)fi, &h->l[i], loose)) return false;
    }
    k++;
  }
  return true;
}

static void context_of(const hunk *h, long *pre, long *suf)
{
  size_t i = 0;
  while (i < h->n && h->l[i].type == ' ') i++;
  *pre = (long)i;
  size_t j = h->n;
  while (j > i && h->l[j - 1].type == ' ') j--;
  *suf = (long)(h->n - j);
  if (i == h->n) *suf = 0;
}

/* GNU's locate_hunk: 0-based line of the match, or -1 */
static long locate(const text *f, const hunk *h, long first_guess, long frozen, long fuzz, bool loose)
{
  long olen = h->ocount, pre, suf;
  context_of(h, &pre, &suf);
  long ctx = pre > suf ? pre : suf;
  long pf = fuzz + pre - ctx, sf = fuzz + suf - ctx;
  long nlines = (long)f->n;
  long max_pos = nlines - first_guess - (olen - (sf > 0 ? sf : 0)) + 1;
  long max_neg = first_guess - frozen - 1;
  if (olen == 0) return first_guess - 1; /* GNU's: where it should be, even past the end */
  if (pf < 0) {
    /* only at the start of the file (at its whole when both are short) */
    if (sf < 0 && olen != nlines) return -1;
    long off = 1 - first_guess;
    if (frozen <= 0 && off <= max_pos && match_at(f, h, first_guess + off - 1, 0, sf < 0 ? 0 : sf, olen, loose))
      return first_guess + off - 1;
    return -1;
  }
  if (sf < 0) {
    long off = first_guess - (nlines - olen + 1);
    if (off <= max_neg && match_at(f, h, first_guess - off - 1, pf, 0, olen, loose)) return first_guess - off - 1;
    return -1;
  }
  for (long off = 0; off <= max_pos || off <= max_neg; off++) {
    if (off <= max_pos && match_at(f, h, first_guess + off - 1, pf, sf, olen, loose)) return first_guess + off - 1;
    if (off > 0 && off <= max_neg && match_at(f, h, first_guess - off - 1, pf, sf, olen, loose))
      return first_guess - off - 1;
  }
  return -1;
}

static void swap_hunk(hunk *h)
{
  long t = h->ofirst;
  h->ofirst = h->nfirst;
  h->nfirst = t;
  t = h->ocount;
  h->ocount = h->ncount;
  h->ncount = t;
  /* "-" lines go after "+" lines in each run, as a diff writes them */
  for (size_t i = 0; i < h->n;) {
    if (h->l[i].type == ' ') {
      i++;
      continue;
    }
    size_t j = i;
    while (j < h->n && h->l[j].type != ' ') j++;
    size_t nd = 0;
    pline *tmp = malloc((j - i) * sizeof *tmp);
    if (!tmp) return;
    for (size_t k = i; k < j; k++)
      if (h->l[k].type == '+') tmp[nd++] = h->l[k], tmp[nd - 1].type = '-';
    for (size_t k = i; k < j; k++)
      if (h->l[k].type == '-') tmp[nd++] = h->l[k], tmp[nd - 1].type = '+';
    memcpy(h->l + i, tmp, (j - i) * sizeof *tmp);
    free(tmp);
    i = j;
  }
}

static void first_guess_of(const hunk *h, long *g)
{
  *g = h->ocount == 0 ? h->ofirst + 1 : h->ofirst;
}

/* A rejected hunk in the patch's format, its numbers moved by delta */
static void reject(out *r, const fpatch *fp, const hunk *h, long delta)
{
  char b[128];
  long of = h->ofirst + delta, nf = h->nfirst + delta;
  if (!fp->context) {
    int n = snprintf(b, sizeof b, "@@ -%ld", of);
    put(r, b, (size_t)n);
    if (h->ocount != 1) put(r, b, (size_t)snprintf(b, sizeof b, ",%ld", h->ocount));
    put(r, b, (size_t)snprintf(b, sizeof b, " +%ld", nf));
    if (h->ncount != 1) put(r, b, (size_t)snprintf(b, sizeof b, ",%ld", h->ncount));
    put(r, " @@\n", 4);
    for (size_t i = 0; i < h->n; i++) {
      put(r, &h->l[i].type, 1);
      /* GNU writes a line without its newline as it is, with no marker */
      putraw(r, h->l[i].text, h->l[i].len, h->l[i].nonl);
    }
    return;
  }
  put(r, "***************\n", 16);
  for (int side = 0; side < 2; side++) {
    long first = side ? nf : of, count = side ? h->ncount : h->ocount;
    const char *mark = side ? "---" : "***";
    if (count == 0) put(r, b, (size_t)snprintf(b, sizeof b, "%s %ld %s\n", mark, first, side ? "----" : "****"));
    else if (count == 1) put(r, b, (size_t)snprintf(b, sizeof b, "%s %ld %s\n", mark, first, side ? "----" : "****"));
    else put(r, b, (size_t)snprintf(b, sizeof b, "%s %ld,%ld %s\n", mark, first, first + count - 1, side ? "----" : "****"));
    for (size_t i = 0; i < h->n; i++) {
      char t = h->l[i].type;
      if (t == (side ? '-' : '+')) continue;
      /* a run with both kinds is a change: "!" */
      char m = ' ';
      if (t != ' ') {
        size_t a = i, z = i;
        while (a > 0 && h->l[a - 1].type != ' ') a--;
        while (z < h->n && h->l[z].type != ' ') z++;
        bool minus = false, plus = false;
        for (size_t k = a; k < z; k++) {
          if (h->l[k].type == '-') minus = true;
          if (h->l[k].type == '+') plus = true;
        }
        m = minus && plus ? '!' : t;
      }
      put(r, &m, 1);
      put(r, " ", 1);
      putraw(r, h->l[i].text, h->l[i].len, h->l[i].nonl);
    }
  }
}

static void say(acs_cmd *c, const opts *o, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(acs_cmd *c, const opts *o, const char *fmt, ...)
{
  if (o->silent) return;
  char b[8192];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(b, sizeof b, fmt, ap);
  va_end(ap);
  if (n > 0) cmd_out(c, b, (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
}

static int write_file(acs_cmd *c, const char *path, const void *data, size_t n, unsigned mode)
{
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.patchXXtmp", path);
  int fd = acs_sys_open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
  int rc = fd < 0 ? fd : 0;
  if (!rc) rc = acs_sys_write_all(fd, data, n);
  if (fd >= 0) acs_sys_close(fd);
  if (!rc) rc = acs_sys_chmod(tmp, mode);
  if (!rc) rc = acs_sys_rename(tmp, path);
  if (rc) {
    acs_sys_unlink(tmp);
    char q[1024];
    cmd_error(c, "**** Can't create file %s : %s", cmd_quotef(path, q, sizeof q), cmd_strerror(rc));
  }
  return rc;
}

static void ask(acs_cmd *c, const opts *o, const char *q)
{
  /* no terminal to answer: GNU prints the question and takes its default */
  say(c, o, "%s\n", q);
}

/* One file's patch. Returns 0, 1 (hunks failed or ignored) or 2. */
static int apply(acs_cmd *c, const opts *o, parser *ps, fpatch *fp)
{
  char q[4200];
  const char *cand[2];
  bool ok[2], devnull[2];
  for (int i = 0; i < 2; i++) {
    devnull[i] = !strcmp(fp->name[i], "/dev/null") || fp->epoch[i];
    cand[i] = devnull[i] ? NULL : strip(fp->name[i], o->strip);
    ok[i] = cand[i] && exists(cand[i]);
  }
  bool create = devnull[o->reverse ? 1 : 0];
  const char *name = best_name(cand, ok);
  if (!name && (devnull[0] || devnull[1])) name = cand[devnull[0] ? 1 : 0];
  size_t nh = fp->nh;
  if (!name) {
    say(c, o, "can't find file to patch at input line %ld\n", fp->first_line);
    say(c, o, "Perhaps you %s the wrong -p or --strip option?\n", o->strip < 0 ? "should have used" : "used");
    say(c, o, "The text leading up to this was:\n--------------------------\n");
    for (size_t i = fp->lead_from; i < fp->lead_to + 2; i++) {
      size_t len;
      const char *p = pl(ps, i, &len);
      say(c, o, "|%.*s\n", (int)len, p);
    }
    say(c, o, "--------------------------\n");
    say(c, o, "File to patch: \nSkip this patch? [y] \nSkipping patch.\n");
    say(c, o, "%zu out of %zu hunk%s ignored\n", nh, nh, nh == 1 ? "" : "s");
    return 1;
  }
  const char *target = o->out ? o->out : name;
  if (o->out) say(c, o, "%s file %s (read from %s)\n", o->dry ? "checking" : "patching",
                  cmd_quotef(o->out, q, sizeof q), name);
  else say(c, o, "%s file %s\n", o->dry ? "checking" : "patching", cmd_quotef(name, q, sizeof q));
  text f = {0};
  acs__sys_stat st = {.mode = S_IFREG | 0644};
  bool had = exists(name);
  if (had) {
    acs_sys_stat(name, &st);
    int rc = cmd_read_all(name, &f.data, &f.size);
    if (rc) {
      cmd_error(c, "**** Can't open file %s : %s", cmd_quotef(name, q, sizeof q), cmd_strerror(rc));
      return 2;
    }
  } else {
    (void)create;
  }
  lines_of(&f);
  out res = {0}, rej = {0};
  long in_offset = 0, out_delta = 0, frozen = 0, failed = 0;
  size_t copied = 0; /* file lines already in res */
  bool mismatch = false, skip = false, reversed = o->reverse;
  if (reversed)
    for (size_t k = 0; k < nh; k++) swap_hunk(&fp->h[k]);
  put(&rej, fp->head[0], fp->headlen[0]);
  put(&rej, "\n", 1);
  put(&rej, fp->head[1], fp->headlen[1]);
  put(&rej, "\n", 1);
  for (size_t k = 0; k < nh; k++) {
    hunk *h = &fp->h[k];
    long g, where = -1, fuzz = 0;
    if (!skip) {
      long pre, suf;
      context_of(h, &pre, &suf);
      long maxfuzz = o->fuzz < (pre > suf ? pre : suf) ? o->fuzz : (pre > suf ? pre : suf);
      for (fuzz = 0; fuzz <= maxfuzz; fuzz++) {
        first_guess_of(h, &g);
        where = locate(&f, h, g + in_offset, frozen, fuzz, o->loose);
        if (where >= 0) break;
        if (k == 0 && !o->force) {
          /* the first hunk applies the other way round? */
          swap_hunk(h);
          first_guess_of(h, &g);
          long w2 = locate(&f, h, g + in_offset, frozen, fuzz, o->loose);
          swap_hunk(h);
          if (w2 < 0) continue;
          const char *what = reversed ? "Unreversed" : "Reversed (or previously applied)";
          if (o->forward) {
            say(c, o, "%s patch detected!  Skipping patch.\n", what);
            skip = true;
          } else if (o->batch) {
            say(c, o, "%s patch detected!  %s -R.\n", what, reversed ? "Ignoring" : "Assuming");
            reversed = !reversed;
            for (size_t j = 0; j < nh; j++) swap_hunk(&fp->h[j]);
            where = w2;
            mismatch = true; /* GNU backs up a file it patched the other way round */
          } else {
            char b[256];
            snprintf(b, sizeof b, "%s patch detected!  %s -R? [n] ", what, reversed ? "Ignore" : "Assume");
            ask(c, o, b);
            ask(c, o, "Apply anyway? [n] ");
            say(c, o, "Skipping patch.\n");
            skip = true;
          }
          break;
        }
      }
      if (where < 0 || skip) fuzz = 0;
    }
    if (skip || where < 0) {
      if (!skip) say(c, o, "Hunk #%zu FAILED at %ld.\n", k + 1, h->ofirst + out_delta + (h->ocount == 0));
      reject(&rej, fp, h, out_delta);
      failed++;
      mismatch = true;
      continue;
    }
    long first;
    first_guess_of(h, &first);
    long offset = where + 1 - first;
    in_offset = offset;
    if (fuzz || offset) {
      mismatch = true;
      say(c, o, "Hunk #%zu succeeded at %ld", k + 1, where + 1 + out_delta);
      if (fuzz) say(c, o, " with fuzz %ld", fuzz);
      if (offset) say(c, o, " (offset %ld line%s)", offset, offset == 1 ? "" : "s");
      say(c, o, ".\n");
    }
    /* the file up to the hunk, then the hunk over the file's lines */
    for (; (long)copied < where && copied < f.n; copied++) {
      size_t len;
      bool nonl;
      const char *t = tline(&f, copied, &len, &nonl);
      putline(&res, t, len, nonl);
    }
    for (size_t i = 0; i < h->n; i++) {
      const pline *p = &h->l[i];
      if (p->type == '+') {
        putline(&res, p->text, p->len, p->nonl);
        continue;
      }
      if (p->type == ' ' && copied < f.n) {
        size_t len;
        bool nonl;
        const char *t = tline(&f, copied, &len, &nonl);
        putline(&res, t, len, nonl && p->nonl ? true : nonl);
      }
      copied++;
    }
    frozen = (long)copied;
    out_delta += h->ncount - h->ocount;
  }
  for (; copied < f.n; copied++) {
    size_t len;
    bool nonl;
    const char *t = tline(&f, copied, &len, &nonl);
    putline(&res, t, len, nonl);
  }
  int status = failed ? 1 : 0;
  bool changed = !skip;
  if (res.bad || rej.bad) {
    cmd_error(c, "**** out of memory");
    status = 2;
  } else if (!o->dry && changed) {
    if (had && (o->backup || (o->bim && mismatch)) && !o->out) {
      char bk[4200];
      snprintf(bk, sizeof bk, "%s%s", name, o->suffix ? o->suffix : ".orig");
      if (write_file(c, bk, f.data, f.size, st.mode & 07777)) status = 2;
    }
    bool gone = devnull[reversed ? 0 : 1] || (o->remove_empty && res.len == 0);
    if (!o->out && gone && res.len == 0) {
      if (had) acs_sys_unlink(name);
    } else if (write_file(c, target, res.p ? res.p : "", res.len, st.mode & 07777)) {
      status = 2;
    }
  }
  if (failed) {
    const char *how = skip ? "ignored" : "FAILED";
    if (o->dry) {
      say(c, o, "%ld out of %zu hunk%s %s\n", failed, nh, nh == 1 ? "" : "s", how);
    } else {
      char rn[4200];
      snprintf(rn, sizeof rn, "%s.rej", o->rej ? o->rej : target);
      if (o->rej) snprintf(rn, sizeof rn, "%s", o->rej);
      say(c, o, "%ld out of %zu hunk%s %s -- saving rejects to file %s\n", failed, nh, nh == 1 ? "" : "s",
          how, cmd_quotef(rn, q, sizeof q));
      if (write_file(c, rn, rej.p, rej.len, 0644)) status = 2;
    }
  }
  free(res.p);
  free(rej.p);
  free(f.data);
  free(f.start);
  return status;
}

int acs__cmd_patch(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"strip", 'p', CMD_ARG}, {"fuzz", 'F', CMD_ARG}, {"context", 'c', CMD_NOARG},
      {"unified", 'u', CMD_NOARG}, {"forward", 'N', CMD_NOARG}, {"reverse", 'R', CMD_NOARG},
      {"input", 'i', CMD_ARG}, {"output", 'o', CMD_ARG}, {"reject-file", 'r', CMD_ARG},
      {"remove-empty-files", 'E', CMD_NOARG}, {"dry-run", OPT_DRY, CMD_NOARG},
      {"backup", 'b', CMD_NOARG}, {"backup-if-mismatch", OPT_BIM, CMD_NOARG},
      {"no-backup-if-mismatch", OPT_NO_BIM, CMD_NOARG}, {"suffix", 'z', CMD_ARG},
      {"batch", 't', CMD_NOARG}, {"force", 'f', CMD_NOARG}, {"quiet", 's', CMD_NOARG},
      {"silent", 's', CMD_NOARG}, {"verbose", OPT_VERBOSE, CMD_NOARG}, {"directory", 'd', CMD_ARG},
      {"posix", OPT_POSIX, CMD_NOARG}, {"ignore-whitespace", 'l', CMD_NOARG}, {0}};
  c->try_named = true;
  opts o = {.strip = -1, .fuzz = 2, .bim = true};
  const char *input = NULL, *dir = NULL;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "bcd:EfF:i:lNo:p:r:Rstuvz:", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    int64_t v;
    switch (opt) {
    case 'b': o.backup = true; break;
    case 'c': case 'u': break;
    case 'l': o.loose = true; break;
    case 'd': dir = g.arg; break;
    case 'E': o.remove_empty = true; break;
    case 'f': o.force = true; break;
    case 't': o.batch = true; break;
    case 'F':
      if (!cmd_parse_num(g.arg, false, &v) || v < 0) {
        cmd_error(c, "**** fuzz factor %s is not a number", g.arg);
        return 2;
      }
      o.fuzz = (int)v;
      break;
    case 'i': input = g.arg; break;
    case 'N': o.forward = true; break;
    case 'o': o.out = g.arg; break;
    case 'p':
      if (!cmd_parse_num(g.arg, false, &v) || v < 0) {
        cmd_error(c, "**** strip count %s is not a number", g.arg);
        return 2;
      }
      o.strip = (int)v;
      break;
    case 'r': o.rej = g.arg; break;
    case 'R': o.reverse = true; break;
    case 's': o.silent = true; break;
    case 'v': cmd_help_version(c, "--version", &opt); return 0;
    case 'z': o.suffix = g.arg; break;
    case OPT_DRY: o.dry = true; break;
    case OPT_VERBOSE: o.verbose = true; break;
    case OPT_BIM: o.bim = true; break;
    case OPT_NO_BIM: o.bim = false; break;
    case OPT_POSIX: o.bim = false; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 2;
  char **ops = cmd_operands(&g), q[4200];
  if (g.nops > 2) {
    cmd_usage_error(c, "extra operand %s", cmd_quote(ops[2], q, sizeof q));
    return 2;
  }
  if (g.nops == 2) input = ops[1];
  const char *origfile = g.nops >= 1 ? ops[0] : NULL;
  parser ps = {0};
  int rc = cmd_read_all(input && strcmp(input, "-") ? input : "-", &ps.in.data, &ps.in.size);
  if (rc) {
    cmd_error(c, "**** Can't open patch file %s : %s", input ? cmd_quotef(input, q, sizeof q) : "-",
              cmd_strerror(rc));
    return 2;
  }
  if (dir && (rc = acs_sys_chdir(dir))) {
    cmd_error(c, "**** Can't change to directory %s : %s", cmd_quotef(dir, q, sizeof q), cmd_strerror(rc));
    free(ps.in.data);
    return 2;
  }
  lines_of(&ps.in);
  int status = 0;
  bool garbage_only = true;
  fpatch fp;
  while (next_patch(&ps, &fp, &garbage_only)) {
    if (origfile) {
      /* ORIGFILE names the file to patch, whatever the headers say */
      free(fp.name[0]);
      free(fp.name[1]);
      fp.name[0] = strdup(origfile);
      fp.name[1] = strdup(origfile);
      fp.epoch[0] = fp.epoch[1] = false;
      if (!fp.name[0] || !fp.name[1]) status = 2;
    }
    opts fo = o;
    if (origfile) fo.strip = 0;
    int s = fp.name[0] && fp.name[1] ? apply(c, &fo, &ps, &fp) : 2;
    if (s > status) status = s;
    fpatch_free(&fp);
    if (cmd_out_error(c)) break;
  }
  if (garbage_only && ps.in.size) {
    bool blank = true;
    for (size_t i = 0; i < ps.in.size; i++)
      if (ps.in.data[i] != '\n' && ps.in.data[i] != ' ' && ps.in.data[i] != '\t') blank = false;
    if (!blank) {
      cmd_error(c, "**** Only garbage was found in the patch input.");
      status = 2;
    }
  }
  free(ps.in.data);
  free(ps.in.start);
  return status;
}
