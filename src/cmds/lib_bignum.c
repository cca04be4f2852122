/* lib_bignum.c - decimal numbers of any length for bc and dc (see
** lib_bignum.h). Digits are bytes, least significant first; the
** algorithms are the schoolbook ones, which is plenty for a shell's bc. */
#include "lib_bignum.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bn *bn_new(size_t n, size_t scale)
{
  bn *a = calloc(1, sizeof *a);
  if (!a) return NULL;
  if (n < scale) n = scale;
  a->d = calloc(n + 1, 1);
  if (!a->d) {
    free(a);
    return NULL;
  }
  a->n = n;
  a->scale = scale;
  return a;
}

void bn_free(bn *a)
{
  if (!a) return;
  free(a->d);
  free(a);
}

static bn *norm(bn *a)
{
  if (!a) return NULL;
  while (a->n > a->scale && a->d[a->n - 1] == 0) a->n--;
  if (bn_is_zero(a)) a->neg = false;
  return a;
}

bn *bn_from_long(long v)
{
  bn *a = bn_new(24, 0);
  if (!a) return NULL;
  unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
  a->neg = v < 0;
  size_t i = 0;
  while (u) {
    a->d[i++] = (unsigned char)(u % 10);
    u /= 10;
  }
  a->n = i;
  return norm(a);
}

bn *bn_copy(const bn *a)
{
  bn *r = bn_new(a->n, a->scale);
  if (!r) return NULL;
  memcpy(r->d, a->d, a->n);
  r->neg = a->neg;
  return r;
}

bool bn_is_zero(const bn *a)
{
  for (size_t i = 0; i < a->n; i++)
    if (a->d[i]) return false;
  return true;
}

/* the digit of 10^pos */
static int dig(const bn *a, long pos)
{
  long i = pos + (long)a->scale;
  return i < 0 || i >= (long)a->n ? 0 : a->d[i];
}

static long top(const bn *a) { return (long)a->n - (long)a->scale; } /* integer digits */

static int cmp_mag(const bn *a, const bn *b)
{
  long hi = top(a) > top(b) ? top(a) : top(b);
  long lo = -(long)(a->scale > b->scale ? a->scale : b->scale);
  for (long p = hi - 1; p >= lo; p--) {
    int x = dig(a, p), y = dig(b, p);
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

int bn_cmp(const bn *a, const bn *b)
{
  bool az = bn_is_zero(a), bz = bn_is_zero(b);
  bool an = a->neg && !az, bnn = b->neg && !bz;
  if (an != bnn) return an ? -1 : 1;
  int c = cmp_mag(a, b);
  return an ? -c : c;
}

static bn *add_mag(const bn *a, const bn *b, bool neg)
{
  size_t s = a->scale > b->scale ? a->scale : b->scale;
  long hi = (top(a) > top(b) ? top(a) : top(b)) + 1;
  bn *r = bn_new((size_t)(hi + (long)s), s);
  if (!r) return NULL;
  int carry = 0;
  for (long p = -(long)s; p < hi; p++) {
    int v = dig(a, p) + dig(b, p) + carry;
    r->d[p + (long)s] = (unsigned char)(v % 10);
    carry = v / 10;
  }
  r->neg = neg;
  return norm(r);
}

/* |a| - |b| with |a| >= |b| */
static bn *sub_mag(const bn *a, const bn *b, bool neg)
{
  size_t s = a->scale > b->scale ? a->scale : b->scale;
  long hi = top(a) > top(b) ? top(a) : top(b);
  if (hi < 0) hi = 0;
  bn *r = bn_new((size_t)(hi + (long)s), s);
  if (!r) return NULL;
  int borrow = 0;
  for (long p = -(long)s; p < hi; p++) {
    int v = dig(a, p) - dig(b, p) - borrow;
    borrow = v < 0;
    r->d[p + (long)s] = (unsigned char)(v + (borrow ? 10 : 0));
  }
  r->neg = neg;
  return norm(r);
}

bn *bn_add(const bn *a, const bn *b)
{
  if (a->neg == b->neg) return add_mag(a, b, a->neg);
  if (cmp_mag(a, b) >= 0) return sub_mag(a, b, a->neg);
  return sub_mag(b, a, b->neg);
}

bn *bn_sub(const bn *a, const bn *b)
{
  bn nb = *b;
  nb.neg = !b->neg;
  return bn_add(a, &nb);
}

bn *bn_trunc(const bn *a, size_t scale)
{
  if (a->scale <= scale) return bn_copy(a);
  size_t cut = a->scale - scale;
  bn *r = bn_new(a->n - cut, scale);
  if (!r) return NULL;
  memcpy(r->d, a->d + cut, a->n - cut);
  r->neg = a->neg;
  return norm(r);
}

bn *bn_rescale(const bn *a, size_t scale)
{
  if (a->scale >= scale) return bn_trunc(a, scale);
  size_t add = scale - a->scale;
  bn *r = bn_new(a->n + add, scale);
  if (!r) return NULL;
  memcpy(r->d + add, a->d, a->n);
  r->neg = a->neg;
  return r;
}

static size_t maxz(size_t a, size_t b) { return a > b ? a : b; }
static size_t minz(size_t a, size_t b) { return a < b ? a : b; }

bn *bn_mul(const bn *a, const bn *b, size_t scale)
{
  size_t full = a->scale + b->scale;
  size_t want = minz(full, maxz(scale, maxz(a->scale, b->scale)));
  size_t n = a->n + b->n + 1;
  unsigned *acc = calloc(n + 1, sizeof *acc);
  bn *r = bn_new(n, full);
  if (!acc || !r) {
    free(acc);
    bn_free(r);
    return NULL;
  }
  for (size_t i = 0; i < a->n; i++) {
    if (!a->d[i]) continue;
    for (size_t j = 0; j < b->n; j++) acc[i + j] += (unsigned)a->d[i] * b->d[j];
    if (i % 64 == 63) /* keep the sums small */
      for (size_t k = 0; k + 1 < n; k++) acc[k + 1] += acc[k] / 10, acc[k] %= 10;
  }
  for (size_t k = 0; k + 1 < n; k++) acc[k + 1] += acc[k] / 10, acc[k] %= 10;
  for (size_t k = 0; k < n; k++) r->d[k] = (unsigned char)acc[k];
  free(acc);
  r->neg = a->neg != b->neg;
  norm(r);
  bn *t = bn_trunc(r, want);
  bn_free(r);
  return t;
}

/* integer division of digit strings: q = x / y (y not zero); little-endian */
static unsigned char *idiv(const unsigned char *x, size_t nx, const unsigned char *y, size_t ny, size_t *nq)
{
  while (ny > 1 && y[ny - 1] == 0) ny--;
  unsigned char *q = calloc(nx + 1, 1), *r = calloc(ny + 2, 1);
  if (!q || !r) {
    free(q);
    free(r);
    return NULL;
  }
  size_t nr = 0;
  for (size_t i = nx; i-- > 0;) {
    /* r = r * 10 + x[i] */
    memmove(r + 1, r, nr);
    r[0] = x[i];
    nr++;
    while (nr > 0 && r[nr - 1] == 0) nr--;
    int qd = 0;
    for (;;) {
      /* r >= y ? */
      int c = 0;
      if (nr != ny) c = nr > ny ? 1 : -1;
      else
        for (size_t k = nr; k-- > 0;)
          if (r[k] != y[k]) {
            c = r[k] > y[k] ? 1 : -1;
            break;
          }
      if (c < 0) break;
      int borrow = 0;
      for (size_t k = 0; k < nr; k++) {
        int v = r[k] - (k < ny ? y[k] : 0) - borrow;
        borrow = v < 0;
        r[k] = (unsigned char)(v + (borrow ? 10 : 0));
      }
      while (nr > 0 && r[nr - 1] == 0) nr--;
      qd++;
    }
    q[i] = (unsigned char)qd;
  }
  free(r);
  *nq = nx;
  return q;
}

bn *bn_div(const bn *a, const bn *b, size_t scale, const char **err)
{
  *err = NULL;
  if (bn_is_zero(b)) {
    *err = "Divide by zero";
    return NULL;
  }
  /* trunc(A * 10^(b.s + scale) / (B * 10^a.s)) with scale digits */
  size_t sx = b->scale + scale, sy = a->scale;
  size_t nx = a->n + sx, ny = b->n + sy;
  unsigned char *x = calloc(nx + 1, 1), *y = calloc(ny + 1, 1);
  if (!x || !y) {
    free(x);
    free(y);
    return NULL;
  }
  memcpy(x + sx, a->d, a->n);
  memcpy(y + sy, b->d, b->n);
  size_t nq;
  unsigned char *q = idiv(x, nx, y, ny, &nq);
  free(x);
  free(y);
  if (!q) return NULL;
  bn *r = calloc(1, sizeof *r);
  if (!r) {
    free(q);
    return NULL;
  }
  r->d = q;
  r->n = nq < scale ? scale : nq;
  if (nq < scale) {
    unsigned char *nd = calloc(scale + 1, 1);
    if (!nd) {
      bn_free(r);
      return NULL;
    }
    memcpy(nd, q, nq);
    free(q);
    r->d = nd;
  }
  r->scale = scale;
  r->neg = a->neg != b->neg;
  return norm(r);
}

bn *bn_mod(const bn *a, const bn *b, size_t scale, const char **err)
{
  size_t rscale = maxz(a->scale, b->scale + scale);
  bn *q = bn_div(a, b, scale, err);
  if (!q) return NULL;
  bn *p = bn_mul(q, b, rscale);
  bn_free(q);
  if (!p) return NULL;
  bn *r = bn_sub(a, p);
  bn_free(p);
  if (!r) return NULL;
  if (r->scale < rscale) {
    bn *t = bn_rescale(r, rscale);
    bn_free(r);
    r = t;
  }
  return r;
}

bn *bn_pow(const bn *a, const bn *b, size_t scale, const char **err)
{
  *err = NULL;
  bool ok;
  long e = bn_to_long(b, &ok);
  if (!ok) {
    *err = "exponent too large in raise";
    return NULL;
  }
  if (e == 0) return bn_from_long(1);
  bool neg = e < 0;
  unsigned long u = neg ? 0UL - (unsigned long)e : (unsigned long)e;
  size_t rscale = neg ? scale : minz(a->scale * u, maxz(scale, a->scale));
  bn *r = bn_from_long(1), *p = bn_copy(a);
  while (r && p && u) {
    if (u & 1) {
      bn *t = bn_mul(r, p, (size_t)-1 / 4);
      bn_free(r);
      r = t;
    }
    u >>= 1;
    if (u) {
      bn *t = bn_mul(p, p, (size_t)-1 / 4);
      bn_free(p);
      p = t;
    }
  }
  bn_free(p);
  if (!r) return NULL;
  if (neg) {
    bn *one = bn_from_long(1);
    bn *t = one ? bn_div(one, r, rscale, err) : NULL;
    bn_free(one);
    bn_free(r);
    return t;
  }
  bn *t = bn_trunc(r, rscale);
  bn_free(r);
  return t;
}

bn *bn_sqrt(const bn *a, size_t scale, const char **err)
{
  *err = NULL;
  if (a->neg && !bn_is_zero(a)) {
    *err = "Square root of a negative number";
    return NULL;
  }
  size_t rs = maxz(scale, a->scale);
  if (bn_is_zero(a)) return bn_new(rs, rs);
  /* isqrt(A * 10^(2 rs - a.s)), by Newton's steps from above */
  bn *n = bn_rescale(a, 2 * rs);
  if (!n) return NULL;
  n->scale = 0;
  norm(n);
  size_t digits = n->n;
  bn *x = bn_new(digits / 2 + 2, 0);
  if (!x) {
    bn_free(n);
    return NULL;
  }
  x->d[digits / 2 + 1] = 1; /* 10^(digits/2 + 1) > sqrt(n) */
  for (;;) {
    bn *q = bn_div(n, x, 0, err);
    bn *s = q ? bn_add(x, q) : NULL;
    bn *two = bn_from_long(2);
    bn *y = s && two ? bn_div(s, two, 0, err) : NULL;
    bn_free(q);
    bn_free(s);
    bn_free(two);
    if (!y) {
      bn_free(x);
      bn_free(n);
      return NULL;
    }
    if (bn_cmp(y, x) >= 0) {
      bn_free(y);
      break;
    }
    bn_free(x);
    x = y;
  }
  bn_free(n);
  x->scale = rs;
  if (x->n < rs) {
    bn *t = bn_new(rs, rs);
    if (t) memcpy(t->d, x->d, x->n);
    bn_free(x);
    x = t;
  }
  return norm(x);
}

long bn_to_long(const bn *a, bool *ok)
{
  unsigned long v = 0;
  *ok = true;
  for (long p = top(a) - 1; p >= 0; p--) {
    if (v > (unsigned long)__LONG_MAX__ / 10) {
      *ok = false;
      return a->neg ? -__LONG_MAX__ : __LONG_MAX__;
    }
    v = v * 10 + (unsigned long)dig(a, p);
  }
  if (v > (unsigned long)__LONG_MAX__) {
    *ok = false;
    v = (unsigned long)__LONG_MAX__;
  }
  return a->neg ? -(long)v : (long)v;
}

size_t bn_length(const bn *a)
{
  if (bn_is_zero(a)) return a->scale ? a->scale : 1;
  size_t n = a->n;
  if (top(a) <= 0) return a->scale; /* .0005: its fractional digits */
  return n;
}

bn *bn_parse(const char *s, size_t len, int ibase)
{
  size_t i = 0;
  if (ibase == 10) {
    size_t ni = 0, nf = 0;
    while (i < len && s[i] != '.') i++, ni++;
    if (i < len) i++;
    size_t fs = i;
    while (i < len) i++, nf++;
    bn *r = bn_new(ni + nf, nf);
    if (!r) return NULL;
    for (size_t k = 0; k < ni; k++) {
      int v = s[k] >= 'A' ? s[k] - 'A' + 10 : s[k] - '0';
      r->d[nf + ni - 1 - k] = (unsigned char)(v > 9 ? 9 : v);
    }
    for (size_t k = 0; k < nf; k++) {
      int v = s[fs + k] >= 'A' ? 9 : s[fs + k] - '0';
      r->d[nf - 1 - k] = (unsigned char)v;
    }
    return norm(r);
  }
  bn *base = bn_from_long(ibase), *r = bn_from_long(0);
  for (; r && i < len && s[i] != '.'; i++) {
    int v = s[i] >= 'A' ? s[i] - 'A' + 10 : s[i] - '0';
    bn *t = bn_mul(r, base, 0), *d = bn_from_long(v);
    bn_free(r);
    r = t && d ? bn_add(t, d) : NULL;
    bn_free(t);
    bn_free(d);
  }
  if (r && i < len && s[i] == '.') {
    i++;
    bn *f = bn_from_long(0), *m = bn_from_long(1);
    size_t k = 0;
    for (; f && m && i < len; i++, k++) {
      int v = s[i] >= 'A' ? s[i] - 'A' + 10 : s[i] - '0';
      bn *t = bn_mul(f, base, 0), *d = bn_from_long(v);
      bn_free(f);
      f = t && d ? bn_add(t, d) : NULL;
      bn_free(t);
      bn_free(d);
      t = bn_mul(m, base, 0);
      bn_free(m);
      m = t;
    }
    const char *err;
    bn *q = f && m ? bn_div(f, m, k, &err) : NULL;
    bn *t = q ? bn_add(r, q) : NULL;
    bn_free(q);
    bn_free(f);
    bn_free(m);
    bn_free(r);
    r = t;
  }
  bn_free(base);
  return r;
}

typedef struct sbuf {
  char *p;
  size_t n, cap;
} sbuf;

static void put(sbuf *b, const char *s, size_t n)
{
  if (b->n + n + 1 > b->cap) {
    b->cap = (b->n + n + 1) * 2;
    char *p = realloc(b->p, b->cap);
    if (!p) abort();
    b->p = p;
  }
  memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = 0;
}

static void put_digit(sbuf *b, long d, long obase, int width, bool space)
{
  static const char hex[] = "0123456789ABCDEF";
  if (obase <= 16) {
    put(b, &hex[d], 1);
    return;
  }
  char t[64];
  int n = snprintf(t, sizeof t, "%s%0*ld", space ? " " : "", width, d);
  put(b, t, (size_t)n);
}

char *bn_format(const bn *a, long obase)
{
  sbuf b = {0};
  put(&b, "", 0);
  if (bn_is_zero(a)) {
    put(&b, "0", 1);
    return b.p;
  }
  if (a->neg) put(&b, "-", 1);
  if (obase == 10) {
    for (long p = top(a) - 1; p >= 0; p--) {
      char c = (char)('0' + dig(a, p));
      put(&b, &c, 1);
    }
    if (a->scale) {
      put(&b, ".", 1);
      for (long p = -1; p >= -(long)a->scale; p--) {
        char c = (char)('0' + dig(a, p));
        put(&b, &c, 1);
      }
    }
    return b.p;
  }
  int width = snprintf(NULL, 0, "%ld", obase - 1);
  bn *mag = bn_copy(a);
  mag->neg = false;
  bn *ip = bn_trunc(mag, 0), *fp = bn_sub(mag, ip), *base = bn_from_long(obase);
  const char *err;
  /* the integer part: digits by division, most significant first */
  size_t nd = 0, cap = 16;
  long *ds = malloc(cap * sizeof *ds);
  while (ds && !bn_is_zero(ip)) {
    bn *q = bn_div(ip, base, 0, &err);
    bn *p = bn_mul(q, base, 0);
    bn *r = bn_sub(ip, p);
    bool ok;
    if (nd == cap) ds = realloc(ds, (cap *= 2) * sizeof *ds);
    if (ds) ds[nd++] = bn_to_long(r, &ok);
    bn_free(p);
    bn_free(r);
    bn_free(ip);
    ip = q;
  }
  for (size_t i = nd; ds && i-- > 0;) put_digit(&b, ds[i], obase, width, true);
  free(ds);
  if (a->scale > 0) {
    put(&b, ".", 1);
    bn *t = bn_from_long(1);
    bool space = false;
    while ((size_t)top(t) <= a->scale) {
      bn *m = bn_mul(fp, base, a->scale);
      bn *di = bn_trunc(m, 0);
      bool ok;
      long d = bn_to_long(di, &ok);
      bn_free(fp);
      fp = bn_sub(m, di);
      bn_free(m);
      bn_free(di);
      put_digit(&b, d, obase, width, space);
      space = true;
      bn *nt = bn_mul(t, base, 0);
      bn_free(t);
      t = nt;
    }
    bn_free(t);
  }
  bn_free(ip);
  bn_free(fp);
  bn_free(base);
  bn_free(mag);
  return b.p;
}
