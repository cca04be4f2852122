/* awk_value.c - awk's values: counted strings, cells with POSIX's number
** and string rules (CONVFMT, OFMT, strnums), and arrays. */
#include "awk.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- strings */

astr *astr_new(awk *A, const char *s, size_t n)
{
  astr *a = malloc(sizeof *a + n + 1);
  if (!a) awk_fatal(A, "out of memory");
  a->ref = 1;
  a->len = n;
  if (n && s) memcpy(a->s, s, n); /* s NULL: n bytes for the caller to fill */
  a->s[n] = 0;
  return a;
}

astr *astr_cstr(awk *A, const char *s) { return astr_new(A, s, strlen(s)); }

/* ---- cells */

void cell_free(cell *c)
{
  astr_unref(c->s);
  c->s = NULL;
  c->t = C_UNINIT;
}

void cell_copy(cell *dst, const cell *src)
{
  *dst = *src;
  astr_ref(dst->s);
}

void cell_set(cell *dst, const cell *src)
{
  astr *old = dst->s;
  cell_copy(dst, src);
  astr_unref(old);
}

cell cell_num(double n) { return (cell){C_NUM, n, NULL}; }
cell cell_str(astr *s) { return (cell){C_STR, 0, s}; }
cell cell_input(astr *s) { return (cell){C_MAYBE, 0, s}; }

static bool is_space(int ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v'; }

double awk_strtod(const char *s, const char **end)
{
  const char *p = s;
  while (is_space((unsigned char)*p)) p++;
  const char *start = p;
  if (*p == '+' || *p == '-') p++;
  /* gawk takes +inf, -nan and so on, but only with their sign */
  if ((*start == '+' || *start == '-') &&
      (!strncasecmp(p, "inf", 3) || !strncasecmp(p, "nan", 3))) {
    bool neg = *start == '-', nan = tolower((unsigned char)*p) == 'n';
    *end = p + 3;
    if (nan) return neg ? -NAN : NAN;
    return neg ? -INFINITY : INFINITY;
  }
  const char *digits = p;
  while (isdigit((unsigned char)*p)) p++;
  size_t nd = (size_t)(p - digits);
  if (*p == '.') {
    p++;
    const char *f = p;
    while (isdigit((unsigned char)*p)) p++;
    nd += (size_t)(p - f);
  }
  if (nd == 0) {
    *end = s;
    return 0;
  }
  if (*p == 'e' || *p == 'E') {
    const char *q = p + 1;
    if (*q == '+' || *q == '-') q++;
    if (isdigit((unsigned char)*q)) {
      while (isdigit((unsigned char)*q)) q++;
      p = q;
    }
  }
  char small[128], *buf = small;
  size_t len = (size_t)(p - start);
  if (len >= sizeof small && !(buf = malloc(len + 1))) buf = small, len = sizeof small - 1;
  memcpy(buf, start, len);
  buf[len] = 0;
  double d = strtod(buf, NULL);
  if (buf != small) free(buf);
  *end = p;
  return d;
}

bool looks_numeric(const char *s, size_t n, double *out)
{
  if (memchr(s, 0, n)) return false;
  const char *end;
  double d = awk_strtod(s, &end);
  if (end == s) return false;
  while ((size_t)(end - s) < n && is_space((unsigned char)*end)) end++;
  if ((size_t)(end - s) != n) return false;
  *out = d;
  return true;
}

static void classify(cell *c)
{
  double d;
  if (c->t != C_MAYBE) return;
  if (looks_numeric(c->s->s, c->s->len, &d)) {
    c->t = C_STRNUM;
    c->n = d;
  } else {
    c->t = C_STR;
  }
}

double cell_tonum(awk *A, cell *c)
{
  (void)A;
  switch (c->t) {
  case C_UNINIT: return 0;
  case C_NUM:
  case C_STRNUM: return c->n;
  case C_MAYBE:
    classify(c);
    if (c->t == C_STRNUM) return c->n;
    /* fall through */
  default: {
    const char *end;
    return awk_strtod(c->s->s, &end);
  }
  }
}

/* the conversion of a one-conversion format (CONVFMT, OFMT), or 0 */
static char one_conv(const char *fmt)
{
  const char *p = strchr(fmt, '%');
  if (!p) return 0;
  p++;
  while (*p && strchr("-+ #0'", *p)) p++;
  while (isdigit((unsigned char)*p)) p++;
  if (*p == '.') {
    p++;
    while (isdigit((unsigned char)*p)) p++;
  }
  if (!*p || !strchr("eEfFgGaAdiouxXc", *p)) return 0;
  return strchr(p + 1, '%') ? 0 : *p;
}

astr *num_tostr(awk *A, double d, const astr *fmt)
{
  char buf[512];
  if (isnan(d)) return astr_cstr(A, signbit(d) ? "-nan" : "+nan");
  if (isinf(d)) return astr_cstr(A, d < 0 ? "-inf" : "+inf");
  if (d == trunc(d)) {
    if (fabs(d) < 1e18) snprintf(buf, sizeof buf, "%lld", (long long)d);
    else snprintf(buf, sizeof buf, "%.0f", d);
    return astr_cstr(A, buf);
  }
  char conv = fmt ? one_conv(fmt->s) : 0;
  const char *f = conv ? fmt->s : "%.6g";
  if (conv && strchr("diouxXc", conv)) {
    /* an integer format: the value as an integer, through a long long */
    char spec[64];
    size_t k = 0;
    for (const char *q = f; *q && k < sizeof spec - 4; q++) {
      if (*q == conv) {
        spec[k++] = 'l';
        spec[k++] = 'l';
      }
      spec[k++] = *q;
    }
    spec[k] = 0;
    int m = snprintf(buf, sizeof buf, spec, (long long)d);
    return astr_new(A, buf, m < 0 ? 0 : (size_t)m < sizeof buf ? (size_t)m : sizeof buf - 1);
  }
  int n = snprintf(buf, sizeof buf, f, d);
  if (n < 0) n = 0;
  if ((size_t)n >= sizeof buf) {
    astr *s = astr_new(A, NULL, (size_t)n);
    snprintf(s->s, (size_t)n + 1, f, d);
    return s;
  }
  return astr_new(A, buf, (size_t)n);
}

astr *cell_tostr(awk *A, cell *c)
{
  if (c->t == C_UNINIT) return astr_new(A, "", 0);
  if (c->t == C_NUM) return num_tostr(A, c->n, A->convfmt);
  return astr_ref(c->s);
}

astr *cell_toostr(awk *A, cell *c)
{
  if (c->t == C_NUM) return num_tostr(A, c->n, A->ofmt);
  return cell_tostr(A, c);
}

bool cell_true(awk *A, cell *c)
{
  switch (c->t) {
  case C_UNINIT: return false;
  case C_NUM: return c->n != 0;
  case C_STR: return c->s->len > 0;
  case C_MAYBE: classify(c); return c->t == C_STRNUM ? c->n != 0 : c->s->len > 0;
  default: (void)A; return c->n != 0;
  }
}

bool cell_isnum(awk *A, cell *c)
{
  (void)A;
  classify(c);
  return c->t == C_NUM || c->t == C_STRNUM || c->t == C_UNINIT;
}

/* ---- characters */

size_t u8_clen(awk *A, const char *s, size_t n)
{
  if (!n) return 0;
  if (!A->utf8) return 1;
  size_t k = 1;
  while (k < n && k < 4 && ((unsigned char)s[k] & 0xC0) == 0x80) k++;
  return k;
}

size_t u8_count(awk *A, const char *s, size_t n)
{
  if (!A->utf8) return n;
  size_t k = 0;
  for (size_t i = 0; i < n; i += u8_clen(A, s + i, n - i)) k++;
  return k;
}

size_t u8_skip(awk *A, const char *s, size_t n, size_t k)
{
  if (!A->utf8) return k < n ? k : n;
  size_t i = 0;
  while (k-- && i < n) i += u8_clen(A, s + i, n - i);
  return i;
}

/* ---- arrays */

static bool int_key(const astr *k, long long *v);

static unsigned hash_of(const char *k, size_t n)
{
  unsigned h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)k[i]) * 16777619u;
  return h;
}

array *array_new(void)
{
  array *a = calloc(1, sizeof *a);
  if (a) a->ref = 1;
  return a;
}

void array_clear(array *a)
{
  for (size_t i = 0; i < a->used; i++) {
    if (!a->e[i].live) continue;
    astr_unref(a->e[i].key);
    cell_free(&a->e[i].val);
  }
  free(a->e);
  free(a->idx);
  a->e = NULL;
  a->idx = NULL;
  a->n = a->used = a->cap = a->icap = 0;
  a->kind = 0;
}

void array_unref(array *a)
{
  if (!a || --a->ref) return;
  array_clear(a);
  free(a);
}

static long lookup(array *a, const char *k, size_t n, unsigned h)
{
  if (!a->icap) return -1;
  size_t m = a->icap - 1;
  for (size_t i = h & m;; i = (i + 1) & m) {
    int32_t x = a->idx[i];
    if (x == -1) return -1;
    if (x >= 0) {
      aent *e = &a->e[x];
      if (e->hash == h && e->key->len == n && !memcmp(e->key->s, k, n)) return (long)i;
    }
  }
}

static void rehash(array *a)
{
  /* compact the entries, then index them anew */
  size_t j = 0;
  for (size_t i = 0; i < a->used; i++)
    if (a->e[i].live) a->e[j++] = a->e[i];
  a->used = j;
  size_t icap = 16;
  while (icap < a->n * 2 + 2) icap *= 2;
  int32_t *idx = malloc(icap * sizeof *idx);
  if (!idx) abort();
  memset(idx, 0xff, icap * sizeof *idx);
  for (size_t i = 0; i < a->used; i++) {
    size_t m = icap - 1, p = a->e[i].hash & m;
    while (idx[p] != -1) p = (p + 1) & m;
    idx[p] = (int32_t)i;
  }
  free(a->idx);
  a->idx = idx;
  a->icap = icap;
}

cell *array_find(array *a, const char *k, size_t n)
{
  long i = lookup(a, k, n, hash_of(k, n));
  return i < 0 ? NULL : &a->e[a->idx[i]].val;
}

cell *array_get(awk *A, array *a, astr *key)
{
  unsigned h = hash_of(key->s, key->len);
  long i = lookup(a, key->s, key->len, h);
  if (i >= 0) return &a->e[a->idx[i]].val;
  if (a->used == a->cap) {
    size_t cap = a->cap ? a->cap * 2 : 8;
    aent *e = realloc(a->e, cap * sizeof *e);
    if (!e) awk_fatal(A, "out of memory");
    a->e = e;
    a->cap = cap;
  }
  if ((a->used + 1) * 2 > a->icap) {
    rehash(a);
    if (a->used == a->cap) return array_get(A, a, key);
  }
  if (a->n == 0) {
    long long v;
    a->kind = int_key(key, &v) ? 1 : 2;
  }
  aent *e = &a->e[a->used];
  e->key = astr_ref(key);
  e->val = (cell){C_UNINIT, 0, NULL};
  e->hash = h;
  e->live = true;
  size_t m = a->icap - 1, p = h & m;
  while (a->idx[p] >= 0) p = (p + 1) & m;
  a->idx[p] = (int32_t)a->used++;
  a->n++;
  return &e->val;
}

void array_del(array *a, const char *k, size_t n)
{
  long i = lookup(a, k, n, hash_of(k, n));
  if (i < 0) return;
  aent *e = &a->e[a->idx[i]];
  astr_unref(e->key);
  cell_free(&e->val);
  e->live = false;
  a->idx[i] = -2;
  a->n--;
  if (a->n == 0) array_clear(a);
}

/* a key gawk keeps in its integer part: a canonical integer in 0..2^31-1 */
static bool int_key(const astr *k, long long *v)
{
  const char *s = k->s;
  if (k->len == 0 || k->len > 10) return false;
  if (s[0] == '0' && k->len > 1) return false;
  for (size_t j = 0; j < k->len; j++)
    if (s[j] < '0' || s[j] > '9') return false;
  *v = strtoll(s, NULL, 10);
  return *v <= 2147483647LL;
}

typedef struct ikey {
  long long v;
  astr *k;
} ikey;

static int cmp_ikey(const void *x, const void *y)
{
  long long a = ((const ikey *)x)->v, b = ((const ikey *)y)->v;
  return (a > b) - (a < b);
}

/* gawk's string hash (sdbm, kept to 32 bits) */
static unsigned long gawk_hash(const char *s, size_t len)
{
  unsigned long h = 0;
  for (size_t i = 0; i < len; i++) {
    unsigned long t = (h << 6) & 0xFFFFFFFFUL;
    h = ((unsigned char)s[i] + t + (t << 10) - h) & 0xFFFFFFFFUL;
  }
  return h;
}

/* The order gawk lists string keys in: its chained table (insertion at a
** chain's head, grown through its primes when the chains average more
** than two) replayed over the keys in the order they were added. */
static void gawk_str_order(astr **k, size_t n)
{
  static const unsigned long sizes[] = {13, 127, 1021, 8191, 16381, 32749, 65497, 131101, 262147,
                                        524309, 1048583, 2097169, 4194319, 8388617, 16777259};
  if (n < 2) return;
  size_t *next = malloc(n * sizeof *next);
  size_t *head = NULL;
  unsigned long size = 0;
  int si = -1;
  const size_t none = (size_t)-1;
  if (!next) return;
  for (size_t i = 0; i < n; i++) {
    if ((i + 1) / (size ? size : 1) > 2 || !size) {
      if (si + 1 < (int)(sizeof sizes / sizeof *sizes)) {
        unsigned long nsize = sizes[++si];
        size_t *nh = malloc(nsize * sizeof *nh);
        if (!nh) {
          free(head);
          free(next);
          return;
        }
        for (unsigned long b = 0; b < nsize; b++) nh[b] = none;
        for (unsigned long b = 0; b < size; b++)
          for (size_t e = head[b], nx; e != none; e = nx) {
            nx = next[e];
            unsigned long nb = gawk_hash(k[e]->s, k[e]->len) % nsize;
            next[e] = nh[nb];
            nh[nb] = e;
          }
        free(head);
        head = nh;
        size = nsize;
      }
    }
    unsigned long b = gawk_hash(k[i]->s, k[i]->len) % size;
    next[i] = head[b];
    head[b] = i;
  }
  astr **out = malloc(n * sizeof *out);
  if (out) {
    size_t j = 0;
    for (unsigned long b = 0; b < size; b++)
      for (size_t e = head[b]; e != none; e = next[e]) out[j++] = k[e];
    memcpy(k, out, n * sizeof *k);
    free(out);
  }
  free(head);
  free(next);
}

astr **array_keys_ordered(array *a, size_t *n)
{
  astr **k = array_keys(a, n);
  ikey *ik = malloc((*n + 1) * sizeof *ik);
  if (!ik) abort();
  size_t ns = 0, ni = 0;
  for (size_t i = 0; i < *n; i++) {
    long long v;
    /* an array whose first key was a string is one hash table for all */
    if (a->kind == 1 && int_key(k[i], &v)) ik[ni++] = (ikey){v, k[i]};
    else k[ns++] = k[i];
  }
  gawk_str_order(k, ns);
  qsort(ik, ni, sizeof *ik, cmp_ikey);
  for (size_t i = 0; i < ni; i++) k[ns + i] = ik[i].k;
  free(ik);
  return k;
}

astr **array_keys(array *a, size_t *n)
{
  astr **k = malloc((a->n + 1) * sizeof *k);
  size_t j = 0;
  if (!k) abort();
  for (size_t i = 0; i < a->used; i++)
    if (a->e[i].live) k[j++] = astr_ref(a->e[i].key);
  *n = j;
  return k;
}
