/* awk_func.c - the builtin functions and printf's formatting, with gawk's
** rules where POSIX leaves room: substr truncates its arguments, sub's "\\&"
** is a backslash and the match, rand() is glibc's random() in a 256-byte
** state seeded with 0 as gawk's is (so the same numbers come out), and
** strftime works in UTC (the box has no zone files). */
#include "awk.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <limits.h>
#include <time.h>
#include <wchar.h>
#include <wctype.h>

typedef struct sbuf {
  char *p;
  size_t n, cap;
} sbuf;

static void sadd(awk *A, sbuf *b, const char *s, size_t n)
{
  if (b->n + n + 1 > b->cap) {
    size_t cap = (b->n + n + 1) * 2;
    char *p = realloc(b->p, cap);
    if (!p) awk_fatal(A, "out of memory");
    b->p = p;
    b->cap = cap;
  }
  memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = 0;
}

static astr *stake(awk *A, sbuf *b)
{
  astr *s = astr_new(A, b->p ? b->p : "", b->n);
  free(b->p);
  return s;
}

static node *ungroup(node *n)
{
  while (n && n->op == N_GROUP && n->nargs == 1) n = n->a;
  return n;
}

static node *arg(node *n, int i)
{
  node *a = n->a;
  while (a && i--) a = a->next;
  return a;
}

static are *regex_arg(awk *A, node *a)
{
  a = ungroup(a);
  if (a->op == N_REGEX) return a->re;
  astr *s = eval_str(A, a);
  are *r = re_get(A, s->s, s->len);
  astr_unref(s);
  return r;
}

static bool is_array_arg(awk *A, node *a)
{
  a = ungroup(a);
  return (a->op == N_VAR || a->op == N_LOCAL) && var_of(A, a)->k == V_ARRAY;
}

/* ---- printf */

_Noreturn static void ran_out(awk *A, const astr *f, size_t pos)
{
  char *caret = malloc(pos + 2);
  if (caret) {
    memset(caret, ' ', pos);
    caret[pos] = '^';
    caret[pos + 1] = 0;
  }
  awk_fatal(A, "not enough arguments to satisfy format string\n\t`%s'\n\t%s ran out for this one", f->s, caret ? caret : "^");
}

static void fmt_int(awk *A, sbuf *b, const char *flags, int width, int prec, char conv, double d)
{
  char spec[64], out[512];
  int n;
  if (isnan(d) || isinf(d)) {
    const char *w = isnan(d) ? (signbit(d) ? "-nan" : "+nan") : d < 0 ? "-inf" : "+inf";
    n = snprintf(spec, sizeof spec, "%%%s*s", strchr(flags, '-') ? "-" : "");
    n = snprintf(out, sizeof out, spec, width, w);
    sadd(A, b, out, (size_t)n);
    return;
  }
  d = trunc(d);
  bool sgn = conv == 'd' || conv == 'i';
  if ((sgn && fabs(d) < 9.2e18) || (!sgn && d >= -9.2e18 && d < 1.8e19)) {
    if (prec >= 0) snprintf(spec, sizeof spec, "%%%s*.*ll%c", flags, sgn ? 'd' : conv);
    else snprintf(spec, sizeof spec, "%%%s*ll%c", flags, sgn ? 'd' : conv);
    if (sgn) {
      long long v = (long long)d;
      n = prec >= 0 ? snprintf(out, sizeof out, spec, width, prec, v) : snprintf(out, sizeof out, spec, width, v);
    } else {
      unsigned long long v = d < 0 ? (unsigned long long)(long long)d : (unsigned long long)d;
      n = prec >= 0 ? snprintf(out, sizeof out, spec, width, prec, v) : snprintf(out, sizeof out, spec, width, v);
    }
  } else {
    /* beyond 64 bits: the integer value, as gawk prints it */
    snprintf(spec, sizeof spec, "%%%s*.0f", flags);
    n = snprintf(out, sizeof out, spec, width, d);
  }
  if (n > 0) sadd(A, b, out, (size_t)n < sizeof out ? (size_t)n : sizeof out - 1);
}

astr *awk_format(awk *A, node *args, const char *fname)
{
  (void)fname;
  astr *f = eval_str(A, args);
  node *a = args->next;
  sbuf b = {0};
  sadd(A, &b, "", 0);
  const char *s = f->s;
  size_t n = f->len;
  for (size_t i = 0; i < n;) {
    if (s[i] != '%') {
      size_t j = i;
      while (j < n && s[j] != '%') j++;
      sadd(A, &b, s + i, j - i);
      i = j;
      continue;
    }
    size_t start = i++;
    if (i < n && s[i] == '%') {
      sadd(A, &b, "%", 1);
      i++;
      continue;
    }
    char flags[16];
    size_t nf = 0;
    while (i < n && strchr("-+ #0'", s[i]) && nf < sizeof flags - 1) flags[nf++] = s[i++];
    flags[nf] = 0;
    int width = 0, prec = -1;
    if (i < n && s[i] == '*') {
      if (!a) ran_out(A, f, i);
      width = (int)eval_num(A, a);
      a = a->next;
      i++;
      if (width < 0) {
        width = -width;
        if (!strchr(flags, '-') && nf < sizeof flags - 1) flags[nf++] = '-', flags[nf] = 0;
      }
    } else {
      while (i < n && isdigit((unsigned char)s[i])) width = width * 10 + (s[i++] - '0');
    }
    if (i < n && s[i] == '.') {
      i++;
      prec = 0;
      if (i < n && s[i] == '*') {
        if (!a) ran_out(A, f, i);
        prec = (int)eval_num(A, a);
        a = a->next;
        i++;
      } else {
        while (i < n && isdigit((unsigned char)s[i])) prec = prec * 10 + (s[i++] - '0');
      }
    }
    while (i < n && strchr("hlLqjzt", s[i])) i++; /* C's length modifiers mean nothing here */
    if (i >= n) {
      sadd(A, &b, s + start, n - start);
      break;
    }
    char conv = s[i++];
    if (!strchr("cdiouxXeEfFgGaAs", conv)) {
      sadd(A, &b, s + start, i - start);
      continue;
    }
    if (!a) ran_out(A, f, i - 1);
    cell v = eval(A, a);
    a = a->next;
    char spec[64], small[512];
    switch (conv) {
    case 'c': {
      char ch[8];
      size_t len;
      cell_isnum(A, &v);
      if (v.t == C_NUM) {
        unsigned long cp = (unsigned long)(long long)v.n;
        mbstate_t st = {0};
        size_t m = A->utf8 && cp >= 128 && cp < 0x110000 ? wcrtomb(ch, (wchar_t)cp, &st) : (size_t)-1;
        if (m == (size_t)-1) {
          ch[0] = (char)cp;
          len = 1;
        } else {
          len = m;
        }
      } else {
        astr *t = cell_tostr(A, &v);
        len = t->len ? u8_clen(A, t->s, t->len) : 1; /* an empty string prints a NUL, as gawk's */
        if (len > sizeof ch) len = 1;
        if (t->len) memcpy(ch, t->s, len);
        else ch[0] = 0;
        astr_unref(t);
      }
      bool left = strchr(flags, '-') != NULL;
      size_t pad = (size_t)width > 1 ? (size_t)width - 1 : 0;
      for (size_t k = 0; !left && k < pad; k++) sadd(A, &b, " ", 1);
      sadd(A, &b, ch, len);
      for (size_t k = 0; left && k < pad; k++) sadd(A, &b, " ", 1);
      break;
    }
    case 's': {
      astr *t = cell_tostr(A, &v);
      /* width and precision count characters */
      size_t nch = u8_count(A, t->s, t->len);
      if (prec >= 0 && (size_t)prec < nch) nch = (size_t)prec;
      size_t len = u8_skip(A, t->s, t->len, nch);
      bool left = strchr(flags, '-') != NULL;
      size_t pad = (size_t)width > nch ? (size_t)width - nch : 0;
      for (size_t k = 0; !left && k < pad; k++) sadd(A, &b, " ", 1);
      sadd(A, &b, t->s, len);
      for (size_t k = 0; left && k < pad; k++) sadd(A, &b, " ", 1);
      astr_unref(t);
      break;
    }
    case 'd': case 'i': case 'o': case 'u': case 'x': case 'X':
      fmt_int(A, &b, flags, width, prec, conv, cell_tonum(A, &v));
      break;
    default: {
      double d = cell_tonum(A, &v);
      if (isnan(d) || isinf(d)) {
        fmt_int(A, &b, flags, width, prec, 'd', d);
        break;
      }
      if (prec >= 0) snprintf(spec, sizeof spec, "%%%s*.*%c", flags, conv);
      else snprintf(spec, sizeof spec, "%%%s*%c", flags, conv);
      int m = prec >= 0 ? snprintf(small, sizeof small, spec, width, prec, d) : snprintf(small, sizeof small, spec, width, d);
      if (m < 0) m = 0;
      if ((size_t)m < sizeof small) {
        sadd(A, &b, small, (size_t)m);
      } else {
        char *big = malloc((size_t)m + 1);
        if (!big) awk_fatal(A, "out of memory");
        if (prec >= 0) snprintf(big, (size_t)m + 1, spec, width, prec, d);
        else snprintf(big, (size_t)m + 1, spec, width, d);
        sadd(A, &b, big, (size_t)m);
        free(big);
      }
    }
    }
    cell_free(&v);
  }
  astr_unref(f);
  return stake(A, &b);
}

/* ---- substitution */

static void add_repl(awk *A, sbuf *b, const astr *r, const char *m, size_t mlen)
{
  for (size_t i = 0; i < r->len; i++) {
    char c = r->s[i];
    if (c == '\\' && i + 1 < r->len && (r->s[i + 1] == '&' || r->s[i + 1] == '\\')) {
      sadd(A, b, &r->s[++i], 1);
    } else if (c == '&') {
      sadd(A, b, m, mlen);
    } else {
      sadd(A, b, &c, 1);
    }
  }
}

static double do_sub(awk *A, node *n, bool global)
{
  are *re = regex_arg(A, arg(n, 0));
  astr *repl = eval_str(A, arg(n, 1));
  node *target = n->nargs > 2 ? ungroup(arg(n, 2)) : NULL;
  astr *s;
  if (target) s = eval_str(A, target);
  else {
    cell c;
    field_get(A, 0, &c);
    s = cell_tostr(A, &c);
    cell_free(&c);
  }
  sbuf b = {0};
  sadd(A, &b, "", 0);
  size_t pos = 0, lastend = (size_t)-1;
  double count = 0;
  while (pos <= s->len) {
    size_t so, eo;
    if (!re_exec(A, re, s->s, s->len, pos, &so, &eo, NULL, 0)) break;
    if (so == eo) {
      size_t cl = 1; /* gawk steps bytes here, even in UTF-8 */
      if (so == lastend) {
        if (so >= s->len) break;
        sadd(A, &b, s->s + so, cl);
        pos = so + cl;
        continue;
      }
      sadd(A, &b, s->s + pos, so - pos);
      add_repl(A, &b, repl, s->s + so, 0);
      count++;
      if (so < s->len) sadd(A, &b, s->s + so, cl);
      pos = so + cl;
    } else {
      sadd(A, &b, s->s + pos, so - pos);
      add_repl(A, &b, repl, s->s + so, eo - so);
      count++;
      pos = lastend = eo;
    }
    if (!global) break;
  }
  if (pos < s->len) sadd(A, &b, s->s + pos, s->len - pos);
  astr *r = stake(A, &b);
  if (count > 0) {
    cell v = cell_str(r);
    if (!target) {
      rec_set(A, astr_ref(r));
    } else if (target->op == N_VAR || target->op == N_LOCAL || target->op == N_FIELD || target->op == N_INDEX) {
      cell *p = lvalue(A, target);
      cell_set(p, &v);
      lvalue_done(A, target);
    }
    cell_free(&v);
  } else {
    astr_unref(r);
  }
  astr_unref(s);
  astr_unref(repl);
  return count;
}

static astr *gensub(awk *A, node *n)
{
  are *re = regex_arg(A, arg(n, 0));
  astr *repl = eval_str(A, arg(n, 1));
  cell how = eval(A, arg(n, 2));
  astr *hs = cell_tostr(A, &how);
  bool global = hs->len && (hs->s[0] == 'g' || hs->s[0] == 'G');
  double which = global ? 0 : cell_tonum(A, &how);
  if (!global && which < 1) {
    awk_warn(A, "gensub: third argument `%s' treated as 1", hs->s);
    which = 1;
  }
  astr_unref(hs);
  cell_free(&how);
  astr *s;
  if (n->nargs > 3) s = eval_str(A, arg(n, 3));
  else {
    cell c;
    field_get(A, 0, &c);
    s = cell_tostr(A, &c);
    cell_free(&c);
  }
  sbuf b = {0};
  sadd(A, &b, "", 0);
  size_t pos = 0, lastend = (size_t)-1;
  double k = 0;
  regmatch_t m[10];
  while (pos <= s->len) {
    if (!re_exec(A, re, s->s, s->len, pos, NULL, NULL, m, 10)) break;
    size_t so = (size_t)m[0].rm_so, eo = (size_t)m[0].rm_eo;
    size_t cl = 1; /* gawk steps bytes here, even in UTF-8 */
    if (so == eo && so == lastend) {
      if (so >= s->len) break;
      sadd(A, &b, s->s + so, cl);
      pos = so + cl;
      continue;
    }
    k++;
    sadd(A, &b, s->s + pos, so - pos);
    if (global || k == which) {
      for (size_t i = 0; i < repl->len; i++) {
        char c = repl->s[i];
        if (c == '\\' && i + 1 < repl->len) {
          char d = repl->s[++i];
          if (d >= '0' && d <= '9') {
            int g = d - '0';
            if (m[g].rm_so >= 0) sadd(A, &b, s->s + m[g].rm_so, (size_t)(m[g].rm_eo - m[g].rm_so));
          } else if (d == '&') {
            sadd(A, &b, "&", 1);
          } else if (d == '\\') {
            sadd(A, &b, "\\", 1);
          } else {
            sadd(A, &b, "\\", 1);
            sadd(A, &b, &d, 1);
          }
        } else if (c == '&') {
          sadd(A, &b, s->s + so, eo - so);
        } else {
          sadd(A, &b, &c, 1);
        }
      }
    } else {
      sadd(A, &b, s->s + so, eo - so);
    }
    if (so == eo) {
      if (so < s->len) sadd(A, &b, s->s + so, cl);
      pos = so + cl;
    } else {
      pos = lastend = eo;
    }
    if (!global && k >= which) break;
  }
  if (pos < s->len) sadd(A, &b, s->s + pos, s->len - pos);
  astr_unref(s);
  astr_unref(repl);
  return stake(A, &b);
}

static double do_match(awk *A, node *n)
{
  astr *s = eval_str(A, arg(n, 0));
  are *re = regex_arg(A, arg(n, 1));
  regmatch_t m[10];
  bool ok = re_exec(A, re, s->s, s->len, 0, NULL, NULL, m, 10);
  double start = ok ? (double)u8_count(A, s->s, (size_t)m[0].rm_so) + 1 : 0;
  double len = ok ? (double)u8_count(A, s->s + m[0].rm_so, (size_t)(m[0].rm_eo - m[0].rm_so)) : -1;
  cell v = cell_num(start);
  var_assign(A, G_RSTART, &v);
  v = cell_num(len);
  var_assign(A, G_RLENGTH, &v);
  if (n->nargs > 2) {
    array *a = array_of(A, arg(n, 2));
    array_clear(a);
    for (int g = 0; ok && g < 10; g++) {
      if (m[g].rm_so < 0) continue;
      char key[64];
      snprintf(key, sizeof key, "%d", g);
      astr *k = astr_cstr(A, key);
      cell *c = array_get(A, a, k);
      *c = cell_input(astr_new(A, s->s + m[g].rm_so, (size_t)(m[g].rm_eo - m[g].rm_so)));
      astr_unref(k);
      snprintf(key, sizeof key, "%d%sstart", g, A->subsep->s);
      k = astr_cstr(A, key);
      *array_get(A, a, k) = cell_num((double)u8_count(A, s->s, (size_t)m[g].rm_so) + 1);
      astr_unref(k);
      snprintf(key, sizeof key, "%d%slength", g, A->subsep->s);
      k = astr_cstr(A, key);
      *array_get(A, a, k) = cell_num((double)u8_count(A, s->s + m[g].rm_so, (size_t)(m[g].rm_eo - m[g].rm_so)));
      astr_unref(k);
    }
  }
  astr_unref(s);
  return start;
}

/* ---- sorting (asort, asorti) */

typedef struct sitem {
  cell v;
  astr *k;
} sitem;

static int cmp_vals(const void *x, const void *y)
{
  cell *a = &((sitem *)x)->v, *b = &((sitem *)y)->v;
  bool an = a->t == C_NUM || a->t == C_STRNUM || a->t == C_UNINIT, bn = b->t == C_NUM || b->t == C_STRNUM || b->t == C_UNINIT;
  if (an && bn) return a->n < b->n ? -1 : a->n > b->n;
  if (an != bn) return an ? -1 : 1;
  size_t n = a->s->len < b->s->len ? a->s->len : b->s->len;
  int r = memcmp(a->s->s, b->s->s, n);
  return r ? r : (a->s->len > b->s->len) - (a->s->len < b->s->len);
}

static int cmp_keys(const void *x, const void *y)
{
  astr *a = ((sitem *)x)->k, *b = ((sitem *)y)->k;
  size_t n = a->len < b->len ? a->len : b->len;
  int r = memcmp(a->s, b->s, n);
  return r ? r : (a->len > b->len) - (a->len < b->len);
}

static double do_asort(awk *A, node *n, bool indices)
{
  array *src = array_of(A, arg(n, 0));
  array *dst = n->nargs > 1 ? array_of(A, arg(n, 1)) : src;
  size_t nk;
  astr **keys = array_keys(src, &nk);
  sitem *it = calloc(nk + 1, sizeof *it);
  if (!it) awk_fatal(A, "out of memory");
  for (size_t i = 0; i < nk; i++) {
    it[i].k = keys[i];
    cell_copy(&it[i].v, array_find(src, keys[i]->s, keys[i]->len));
    cell_isnum(A, &it[i].v);
  }
  qsort(it, nk, sizeof *it, indices ? cmp_keys : cmp_vals);
  array_clear(dst);
  for (size_t i = 0; i < nk; i++) {
    astr *k = num_tostr(A, (double)(i + 1), NULL);
    cell *c = array_get(A, dst, k);
    if (indices) *c = cell_str(astr_ref(it[i].k));
    else cell_copy(c, &it[i].v);
    astr_unref(k);
    cell_free(&it[i].v);
    astr_unref(it[i].k);
  }
  free(it);
  free(keys);
  return (double)nk;
}

/* ---- the rest */

void rand_setup(awk *A)
{
  if (A->rand_init) return;
  A->rand_init = true;
  A->seed = 1; /* what gawk's first srand() returns */
  memset(&A->rd, 0, sizeof A->rd);
  initstate_r(1, A->randstate, sizeof A->randstate, &A->rd);
}

static double do_rand(awk *A)
{
  rand_setup(A);
  double r;
  do {
    int32_t d1, d2;
    random_r(&A->rd, &d1);
    random_r(&A->rd, &d2);
    r = 0.5 + ((d1 / 2147483648.0 + d2) / 2147483648.0);
    r -= 0.5;
  } while (r == 1.0);
  return r;
}

static astr *do_strftime(awk *A, node *n)
{
  astr *fmt = n->nargs > 0 ? eval_str(A, arg(n, 0)) : astr_cstr(A, "%a %b %e %H:%M:%S %Z %Y");
  time_t t = n->nargs > 1 ? (time_t)eval_num(A, arg(n, 1)) : time(NULL);
  if (n->nargs > 2) eval_num(A, arg(n, 2)); /* utc or not: the box keeps UTC */
  struct tm tm;
  gmtime_r(&t, &tm);
  tm.tm_zone = "UTC";
  char *buf = NULL;
  size_t cap = 256, len = 0;
  if (fmt->len) {
    for (;;) {
      buf = realloc(buf, cap);
      if (!buf) awk_fatal(A, "out of memory");
      len = strftime(buf, cap, fmt->s, &tm);
      if (len || cap > 65536) break;
      cap *= 4;
    }
  }
  astr *r = astr_new(A, buf ? buf : "", len);
  free(buf);
  astr_unref(fmt);
  return r;
}

static double do_mktime(awk *A, node *n)
{
  astr *s = eval_str(A, arg(n, 0));
  long long v[7] = {0, 0, 0, 0, 0, 0, -1};
  int k = sscanf(s->s, "%lld %lld %lld %lld %lld %lld %lld", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6]);
  astr_unref(s);
  if (k < 6) return -1;
  struct tm tm = {0};
  tm.tm_year = (int)(v[0] - 1900);
  tm.tm_mon = (int)(v[1] - 1);
  tm.tm_mday = (int)v[2];
  tm.tm_hour = (int)v[3];
  tm.tm_min = (int)v[4];
  tm.tm_sec = (int)v[5];
  return (double)timegm(&tm);
}

static double strtonum_of(awk *A, cell *c)
{
  if (c->t == C_NUM) return c->n;
  astr *s = cell_tostr(A, c);
  const char *p = s->s;
  while (isspace((unsigned char)*p)) p++;
  bool neg = *p == '-';
  if (*p == '-' || *p == '+') p++;
  double d;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    d = (double)strtoull(p + 2, NULL, 16);
  } else if (p[0] == '0' && isdigit((unsigned char)p[1])) {
    d = (double)strtoull(p + 1, NULL, 8);
  } else {
    const char *end;
    d = awk_strtod(s->s, &end);
    neg = false;
  }
  astr_unref(s);
  return neg ? -d : d;
}

static uint64_t uarg(awk *A, node *a, const char *fname)
{
  double d = eval_num(A, a);
  if (d < 0) awk_fatal(A, "%s: argument %g is negative", fname, d);
  return (uint64_t)d;
}

/* gawk's warning, once, on bytes that are not UTF-8 */
static void mb_check(awk *A, const astr *s)
{
  if (!A->utf8 || A->mb_warned) return;
  mbstate_t st = {0};
  for (size_t i = 0; i < s->len;) {
    size_t k = mbrtowc(NULL, s->s + i, s->len - i, &st);
    if (k == (size_t)-1 || k == (size_t)-2) {
      A->mb_warned = true;
      awk_warn(A, "Invalid multibyte data detected. There may be a mismatch between your data and your locale");
      return;
    }
    i += k ? k : 1;
  }
}

cell call_builtin(awk *A, node *n)
{
  node *a0 = n->a;
  switch (n->sub) {
  case B_LENGTH: {
    if (!a0) {
      cell c;
      field_get(A, 0, &c);
      astr *s = cell_tostr(A, &c);
      cell_free(&c);
      double len = (double)u8_count(A, s->s, s->len);
      mb_check(A, s);
      astr_unref(s);
      return cell_num(len);
    }
    if (is_array_arg(A, a0)) return cell_num((double)var_of(A, ungroup(a0))->a->n);
    astr *s = eval_str(A, a0);
    double len = (double)u8_count(A, s->s, s->len);
    mb_check(A, s);
    astr_unref(s);
    return cell_num(len);
  }
  case B_SUBSTR: {
    astr *s = eval_str(A, a0);
    double di = eval_num(A, arg(n, 1));
    double dl = n->nargs > 2 ? eval_num(A, arg(n, 2)) : 0;
    cell r;
    if (n->nargs > 2 && !(dl >= 1)) {
      /* gawk: a length under one (or NaN) is nothing */
      if (!(dl >= 0) || dl < 1) {
        astr_unref(s);
        return cell_str(astr_new(A, "", 0));
      }
    }
    if (!(di >= 1)) di = 1;
    double idx = trunc(di) - 1;
    size_t nch = u8_count(A, s->s, s->len);
    if (idx >= (double)nch) {
      astr_unref(s);
      return cell_str(astr_new(A, "", 0));
    }
    size_t ix = (size_t)idx, len;
    if (n->nargs > 2) {
      double l = trunc(dl);
      len = ix + l > (double)nch ? nch - ix : (size_t)l;
    } else {
      len = nch - ix;
    }
    size_t bs = u8_skip(A, s->s, s->len, ix);
    size_t bl = u8_skip(A, s->s + bs, s->len - bs, len);
    r = cell_str(astr_new(A, s->s + bs, bl));
    astr_unref(s);
    return r;
  }
  case B_INDEX: {
    astr *s = eval_str(A, a0), *t = eval_str(A, arg(n, 1));
    double r = 0;
    if (t->len == 0) r = 1;
    else
      for (size_t i = 0; i + t->len <= s->len; i++)
        if (!memcmp(s->s + i, t->s, t->len)) {
          r = (double)u8_count(A, s->s, i) + 1;
          break;
        }
    astr_unref(s);
    astr_unref(t);
    return cell_num(r);
  }
  case B_SPLIT: {
    astr *s = eval_str(A, a0);
    array *a = array_of(A, arg(n, 1));
    array *seps = n->nargs > 3 ? array_of(A, arg(n, 3)) : NULL;
    size_t k;
    if (n->nargs > 2) {
      node *f = ungroup(arg(n, 2));
      if (f->op == N_REGEX) {
        k = split_into(A, s->s, s->len, NULL, true, f->re, a, seps);
      } else {
        cell fv = eval(A, f);
        k = split_into(A, s->s, s->len, &fv, false, NULL, a, seps);
        cell_free(&fv);
      }
    } else {
      k = split_into(A, s->s, s->len, NULL, false, NULL, a, seps);
    }
    astr_unref(s);
    return cell_num((double)k);
  }
  case B_SUB: return cell_num(do_sub(A, n, false));
  case B_GSUB: return cell_num(do_sub(A, n, true));
  case B_GENSUB: return cell_str(gensub(A, n));
  case B_MATCH: return cell_num(do_match(A, n));
  case B_SPRINTF: return cell_str(awk_format(A, a0, "sprintf"));
  case B_TOLOWER:
  case B_TOUPPER: {
    astr *s = eval_str(A, a0);
    if (A->utf8) {
      /* characters through the C.UTF-8 locale's case tables */
      sbuf b = {0};
      sadd(A, &b, "", 0);
      mbstate_t in = {0};
      for (size_t i = 0; i < s->len;) {
        wchar_t w;
        size_t k = mbrtowc(&w, s->s + i, s->len - i, &in);
        if (k == (size_t)-1 || k == (size_t)-2 || k == 0) {
          memset(&in, 0, sizeof in);
          sadd(A, &b, s->s + i, 1);
          i++;
          continue;
        }
        wint_t c = n->sub == B_TOLOWER ? towlower((wint_t)w) : towupper((wint_t)w);
        char mb[MB_LEN_MAX];
        mbstate_t out = {0};
        size_t m = wcrtomb(mb, (wchar_t)c, &out);
        if (m == (size_t)-1) sadd(A, &b, s->s + i, k);
        else sadd(A, &b, mb, m);
        i += k;
      }
      astr_unref(s);
      return cell_str(stake(A, &b));
    }
    astr *r = astr_new(A, s->s, s->len);
    for (size_t i = 0; i < r->len; i++) {
      unsigned char c = (unsigned char)r->s[i];
      if (n->sub == B_TOLOWER && c >= 'A' && c <= 'Z') r->s[i] = (char)(c + 32);
      if (n->sub == B_TOUPPER && c >= 'a' && c <= 'z') r->s[i] = (char)(c - 32);
    }
    astr_unref(s);
    return cell_str(r);
  }
  case B_INT: return cell_num(trunc(eval_num(A, a0)));
  case B_SQRT: {
    double d = eval_num(A, a0);
    if (d < 0) awk_warn(A, "sqrt: called with negative argument %g", d);
    return cell_num(sqrt(d));
  }
  case B_EXP: return cell_num(exp(eval_num(A, a0)));
  case B_LOG: {
    double d = eval_num(A, a0);
    if (d < 0) awk_warn(A, "log: received negative argument %g", d);
    return cell_num(log(d));
  }
  case B_SIN: return cell_num(sin(eval_num(A, a0)));
  case B_COS: return cell_num(cos(eval_num(A, a0)));
  case B_ATAN2: {
    double y = eval_num(A, a0), x = eval_num(A, arg(n, 1));
    return cell_num(atan2(y, x));
  }
  case B_RAND: return cell_num(do_rand(A));
  case B_SRAND: {
    rand_setup(A);
    double prev = A->seed;
    A->seed = a0 ? eval_num(A, a0) : (double)time(NULL);
    srandom_r((unsigned)(long)A->seed, &A->rd);
    return cell_num(prev);
  }
  case B_SYSTEM: {
    astr *s = eval_str(A, a0);
    int st = awk_system(A, s->s);
    astr_unref(s);
    return cell_num(st);
  }
  case B_CLOSE: {
    astr *s = eval_str(A, a0);
    if (n->nargs > 1) eval_num(A, arg(n, 1));
    double r = awk_close(A, s);
    astr_unref(s);
    return cell_num(r);
  }
  case B_FFLUSH: {
    if (!a0) return cell_num(awk_fflush(A, NULL, true));
    astr *s = eval_str(A, a0);
    int r = awk_fflush(A, s, false);
    astr_unref(s);
    return cell_num(r);
  }
  case B_STRFTIME: return cell_str(do_strftime(A, n));
  case B_SYSTIME: return cell_num((double)time(NULL));
  case B_MKTIME: return cell_num(do_mktime(A, n));
  case B_ASORT: return cell_num(do_asort(A, n, false));
  case B_ASORTI: return cell_num(do_asort(A, n, true));
  case B_COMPL: return cell_num((double)(~uarg(A, a0, "compl") & ((1ULL << 53) - 1)));
  case B_AND:
  case B_OR:
  case B_XOR: {
    const char *nm = awk_builtin_names[n->sub];
    uint64_t r = uarg(A, a0, nm);
    for (node *x = a0->next; x; x = x->next) {
      uint64_t v = uarg(A, x, nm);
      r = n->sub == B_AND ? r & v : n->sub == B_OR ? r | v : r ^ v;
    }
    return cell_num((double)r);
  }
  case B_LSHIFT: {
    uint64_t v = uarg(A, a0, "lshift"), s = uarg(A, arg(n, 1), "lshift");
    return cell_num((double)(s >= 64 ? 0 : v << s));
  }
  case B_RSHIFT: {
    uint64_t v = uarg(A, a0, "rshift"), s = uarg(A, arg(n, 1), "rshift");
    return cell_num((double)(s >= 64 ? 0 : v >> s));
  }
  case B_STRTONUM: {
    cell c = eval(A, a0);
    double d = strtonum_of(A, &c);
    cell_free(&c);
    return cell_num(d);
  }
  case B_ISARRAY: return cell_num(is_array_arg(A, a0));
  case B_TYPEOF: {
    node *u = ungroup(a0);
    const char *t;
    if (u->op == N_REGEX) t = "regexp";
    else if ((u->op == N_VAR || u->op == N_LOCAL) && var_of(A, u)->k == V_ARRAY) t = "array";
    else if ((u->op == N_VAR || u->op == N_LOCAL) && var_of(A, u)->k != V_SCALAR) t = "untyped";
    else {
      cell c = eval(A, u);
      cell_isnum(A, &c);
      t = c.t == C_NUM ? "number" : c.t == C_STRNUM ? "strnum" : c.t == C_UNINIT ? "unassigned" : "string";
      cell_free(&c);
    }
    return cell_str(astr_cstr(A, t));
  }
  default: awk_fatal(A, "internal error: builtin %d", n->sub);
  }
}
