/* pyver.c - PEP 440 versions and specifiers (pyver.h). */
#include "pyver.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool word(const char **p, const char *w)
{
  size_t n = strlen(w);
  if (strncmp(*p, w, n)) return false;
  *p += n;
  return true;
}

static bool sep(const char **p)
{
  if (**p == '.' || **p == '-' || **p == '_') {
    (*p)++;
    return true;
  }
  return false;
}

static bool number(const char **p, long *out)
{
  if (!isdigit((unsigned char)**p)) return false;
  long v = 0;
  while (isdigit((unsigned char)**p)) {
    if (v < 100000000000L) v = v * 10 + (**p - '0');
    (*p)++;
  }
  *out = v;
  return true;
}

bool acs__pyver_parse(const char *text, acs__pyver *out)
{
  memset(out, 0, sizeof *out);
  out->post = out->dev = -1;
  char low[256];
  size_t n = 0;
  while (isspace((unsigned char)*text)) text++;
  for (; *text && n + 1 < sizeof low; text++) low[n++] = (char)tolower((unsigned char)*text);
  while (n && isspace((unsigned char)low[n - 1])) n--;
  low[n] = 0;
  if (*text) return false;
  const char *p = low;
  if (*p == 'v') p++;
  long v;
  const char *q = p;
  if (number(&q, &v) && *q == '!') {
    out->epoch = v;
    p = q + 1;
  }
  if (!number(&p, &out->rel[0])) return false;
  out->nrel = 1;
  while (*p == '.' && isdigit((unsigned char)p[1])) {
    p++;
    long r;
    number(&p, &r);
    if (out->nrel < ACS__PYVER_PARTS) out->rel[out->nrel++] = r;
    else if (r) return false;
  }
  /* pre-release */
  q = p;
  sep(&q);
  static const struct { const char *w; int kind; } pres[] = {
      {"alpha", 1}, {"beta", 2}, {"preview", 3}, {"pre", 3}, {"rc", 3}, {"a", 1}, {"b", 2}, {"c", 3}};
  for (size_t i = 0; i < sizeof pres / sizeof *pres; i++)
    if (word(&q, pres[i].w)) {
      out->pre_kind = pres[i].kind;
      sep(&q);
      if (!number(&q, &out->pre)) {
        out->pre = 0;
        if (q > low && (q[-1] == '.' || q[-1] == '-' || q[-1] == '_')) q--;
      }
      p = q;
      break;
    }
  /* post-release */
  q = p;
  if (*q == '-' && isdigit((unsigned char)q[1])) {
    q++;
    number(&q, &out->post);
    p = q;
  } else {
    sep(&q);
    if (word(&q, "post") || word(&q, "rev") || word(&q, "r")) {
      sep(&q);
      if (!number(&q, &out->post)) {
        out->post = 0;
        if (q[-1] == '.' || q[-1] == '-' || q[-1] == '_') q--;
      }
      p = q;
    }
  }
  /* dev-release */
  q = p;
  sep(&q);
  if (word(&q, "dev")) {
    sep(&q);
    if (!number(&q, &out->dev)) {
      out->dev = 0;
      if (q[-1] == '.' || q[-1] == '-' || q[-1] == '_') q--;
    }
    p = q;
  }
  if (*p == '+') {
    p++;
    size_t k = 0;
    if (!isalnum((unsigned char)*p)) return false;
    for (; *p; p++) {
      char c = *p;
      if (c == '-' || c == '_') c = '.';
      if (c == '.' && (!isalnum((unsigned char)p[1]))) return false;
      if (c != '.' && !isalnum((unsigned char)c)) return false;
      if (k + 1 >= sizeof out->local) return false;
      out->local[k++] = c;
    }
    out->local[k] = 0;
  }
  return *p == 0;
}

bool acs__pyver_is_pre(const acs__pyver *v) { return v->pre_kind || v->dev >= 0; }

static int cmp_long(long a, long b) { return a < b ? -1 : a > b; }

/* Local labels: segment by segment, numbers above words, numbers as numbers. */
static int cmp_local(const char *a, const char *b)
{
  if (!*a || !*b) return *a ? 1 : *b ? -1 : 0;
  while (*a || *b) {
    if (!*a) return -1;
    if (!*b) return 1;
    size_t la = strcspn(a, "."), lb = strcspn(b, ".");
    bool na = strspn(a, "0123456789") == la, nb = strspn(b, "0123456789") == lb;
    int c;
    if (na && nb) c = cmp_long(strtol(a, NULL, 10), strtol(b, NULL, 10));
    else if (na != nb) c = na ? 1 : -1;
    else {
      c = strncmp(a, b, la < lb ? la : lb);
      if (!c) c = cmp_long((long)la, (long)lb);
    }
    if (c) return c < 0 ? -1 : 1;
    a += la + (a[la] == '.');
    b += lb + (b[lb] == '.');
  }
  return 0;
}

static int cmp_public(const acs__pyver *a, const acs__pyver *b)
{
  int c = cmp_long(a->epoch, b->epoch);
  for (int i = 0; !c && i < ACS__PYVER_PARTS; i++)
    c = cmp_long(i < a->nrel ? a->rel[i] : 0, i < b->nrel ? b->rel[i] : 0);
  if (c) return c;
  /* a dev-release of a final sorts before its pre-releases */
  long pa = a->pre_kind ? a->pre_kind * 1000000000L + a->pre : (a->post < 0 && a->dev >= 0) ? -1 : 999999999999L;
  long pb = b->pre_kind ? b->pre_kind * 1000000000L + b->pre : (b->post < 0 && b->dev >= 0) ? -1 : 999999999999L;
  if ((c = cmp_long(pa, pb))) return c;
  if ((c = cmp_long(a->post, b->post))) return c;
  return cmp_long(a->dev < 0 ? 999999999999L : a->dev, b->dev < 0 ? 999999999999L : b->dev);
}

int acs__pyver_cmp(const acs__pyver *a, const acs__pyver *b)
{
  int c = cmp_public(a, b);
  return c ? c : cmp_local(a->local, b->local);
}

void acs__pyver_format(const acs__pyver *v, char *out, size_t cap)
{
  size_t n = 0;
#define PUT(...) (n += (size_t)snprintf(out + (n < cap ? n : cap), n < cap ? cap - n : 0, __VA_ARGS__))
  if (v->epoch) PUT("%ld!", v->epoch);
  for (int i = 0; i < v->nrel; i++) PUT("%s%ld", i ? "." : "", v->rel[i]);
  if (v->pre_kind) PUT("%s%ld", v->pre_kind == 1 ? "a" : v->pre_kind == 2 ? "b" : "rc", v->pre);
  if (v->post >= 0) PUT(".post%ld", v->post);
  if (v->dev >= 0) PUT(".dev%ld", v->dev);
  if (v->local[0]) PUT("+%s", v->local);
#undef PUT
}

/* ------------------------------------------------------------ specifiers */

/* The release of v padded or cut to n parts equals the prefix's. */
static bool prefix_match(const acs__pyver *v, const acs__pyver *pre)
{
  if (v->epoch != pre->epoch) return false;
  for (int i = 0; i < pre->nrel; i++)
    if ((i < v->nrel ? v->rel[i] : 0) != pre->rel[i]) return false;
  return true;
}

static bool one(const char *op, const char *ver, const acs__pyver *c, bool *bad)
{
  size_t vl = strlen(ver);
  bool wild = vl >= 2 && !strcmp(ver + vl - 2, ".*");
  char vb[256];
  snprintf(vb, sizeof vb, "%.*s", (int)(wild ? vl - 2 : vl), ver);
  acs__pyver s;
  if (!acs__pyver_parse(vb, &s) || (wild && strcmp(op, "==") && strcmp(op, "!="))) {
    *bad = true;
    return false;
  }
  if (!strcmp(op, "==") || !strcmp(op, "!=")) {
    bool eq;
    if (wild) eq = prefix_match(c, &s);
    else {
      acs__pyver cc = *c;
      if (!s.local[0]) cc.local[0] = 0;
      eq = acs__pyver_cmp(&cc, &s) == 0;
    }
    return op[0] == '=' ? eq : !eq;
  }
  acs__pyver pub = *c;
  pub.local[0] = 0;
  int k = acs__pyver_cmp(&pub, &s);
  if (!strcmp(op, "~=")) {
    if (s.nrel < 2) {
      *bad = true;
      return false;
    }
    acs__pyver pre = s;
    pre.nrel--;
    return k >= 0 && prefix_match(c, &pre);
  }
  if (!strcmp(op, ">=")) return k >= 0;
  if (!strcmp(op, "<=")) return k <= 0;
  if (!strcmp(op, "<")) {
    if (k >= 0) return false;
    /* <3.0 leaves out 3.0's own pre-releases */
    if (!acs__pyver_is_pre(&s) && acs__pyver_is_pre(c)) {
      acs__pyver base = *c;
      base.pre_kind = 0, base.dev = -1, base.post = -1, base.local[0] = 0;
      if (acs__pyver_cmp(&base, &s) == 0) return false;
    }
    return true;
  }
  if (!strcmp(op, ">")) {
    if (k <= 0) return false;
    /* >3.0 leaves out 3.0's post-releases */
    if (s.post < 0 && c->post >= 0) {
      acs__pyver base = *c;
      base.post = -1, base.dev = -1, base.local[0] = 0;
      if (acs__pyver_cmp(&base, &s) == 0) return false;
    }
    return true;
  }
  *bad = true;
  return false;
}

/* Split "OP VERSION" out of one clause. */
static bool clause(const char *s, size_t n, char *op, char *ver, size_t cap)
{
  while (n && isspace((unsigned char)*s)) s++, n--;
  while (n && isspace((unsigned char)s[n - 1])) n--;
  static const char *const ops[] = {"===", "~=", "==", "!=", "<=", ">=", "<", ">"};
  for (size_t i = 0; i < 8; i++) {
    size_t l = strlen(ops[i]);
    if (n > l && !strncmp(s, ops[i], l)) {
      strcpy(op, ops[i]);
      s += l, n -= l;
      while (n && isspace((unsigned char)*s)) s++, n--;
      if (!n || n >= cap) return false;
      memcpy(ver, s, n);
      ver[n] = 0;
      return true;
    }
  }
  return false;
}

bool acs__pyspec_match(const char *spec, const char *version, bool *bad)
{
  *bad = false;
  acs__pyver c;
  bool parsed = acs__pyver_parse(version, &c);
  for (const char *p = spec; p && *p;) {
    const char *e = strchr(p, ',');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    size_t k = 0;
    while (k < n && isspace((unsigned char)p[k])) k++;
    if (k < n) {
      char op[4], ver[200];
      if (!clause(p, n, op, ver, sizeof ver)) {
        *bad = true;
        return false;
      }
      if (!strcmp(op, "===")) {
        /* packaging compares the candidate's normalised text */
        char norm[256];
        if (parsed) acs__pyver_format(&c, norm, sizeof norm);
        if (strcasecmp(ver, parsed ? norm : version)) return false;
      } else if (!parsed || !one(op, ver, &c, bad)) return false;
    }
    p = e ? e + 1 : NULL;
  }
  return true;
}

bool acs__pyspec_has_pre(const char *spec)
{
  for (const char *p = spec; p && *p;) {
    const char *e = strchr(p, ',');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    char op[4], ver[200];
    acs__pyver v;
    if (clause(p, n, op, ver, sizeof ver) && strcmp(op, "!=") && acs__pyver_parse(ver, &v) && acs__pyver_is_pre(&v))
      return true;
    p = e ? e + 1 : NULL;
  }
  return false;
}
