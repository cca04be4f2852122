/* range.c - node-semver ranges: parsing, desugaring, matching.
**
** A range is `||`-separated alternatives, each either a hyphen range
** "A - B" or space-separated comparators: "<", "<=", ">", ">=", "=" or
** nothing before a version or partial ("1", "1.2", "1.x", "*"), "~" or "~>"
** and "^" before a partial. Each is desugared into primitive comparators
** exactly as node-semver documents ("^1.2.3" is ">=1.2.3 <2.0.0-0"), so the
** prerelease rule, which looks at the comparators' own prereleases, gives
** the same answers as npm. Where node-semver's regular expressions accept
** more than its documented grammar and the extra is easy to state, the
** same is accepted here (white space after an operator, "~>", any run of
** "v" and "=" before a partial, build metadata anywhere, numbers after an
** x in "~", "^" and hyphen ranges); inputs that only its last text
** substitution makes valid ("1.2.3*", ">=*1.2.3") are refused.
** tests/lib/semver_vs_node.js holds the two side by side. */
#include "semver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NUM ACS__SEMVER_MAX_NUM

enum { OP_ANY, OP_EQ, OP_LT, OP_LE, OP_GT, OP_GE };

typedef struct comp {
  int op;
  acs__semver v; /* v.pre owned; no build */
} comp;

typedef struct cset {
  comp *c;
  size_t n;
} cset;

struct acs__semver_range {
  cset *set;
  size_t n;
};

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static bool is_ident(char c)
{
  return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-';
}

static bool is_x(char c) { return c == 'x' || c == 'X' || c == '*'; }

/* ------------------------------------------------------------ partials */

/* Where a partial version stands: a comparator (an x ends it: "1.x.x" but
** not "1.x.3"), after "~" or "^" (numbers after an x are ignored), or one
** side of a hyphen range (numbers after an x ignored; spaces may follow a
** "v" or "="). Build metadata is gone by then (strip_builds). */
enum { M_PLAIN, M_TC, M_HYPHEN };

typedef struct partial {
  int nparts;          /* numbers or x given: 1..3 */
  int xat;             /* index of the first x (missing parts count), 3 if none */
  uint64_t num[3];     /* above MAX_NUM when too large (saturated) */
  const char *pre;     /* prerelease text in the token, NULL if none */
  size_t pre_len;
  bool raw_ok;         /* nothing or exactly "v" before the numbers */
  bool v_prefix;       /* exactly "v" before the numbers */
} partial;

/* Dot-separated prerelease identifiers at s[*i..n): SemVer's (numbers
** without leading zeros) within node-semver's bound on a word identifier
** (250 characters after its first non-digit). */
static const char *idents(const char *s, size_t n, size_t *i)
{
  for (;;) {
    size_t st = *i;
    while (*i < n && is_ident(s[*i])) (*i)++;
    size_t len = *i - st;
    if (!len) return "a prerelease identifier is empty";
    size_t d = 0;
    while (d < len && is_digit(s[st + d])) d++;
    if (d == len && len > 1 && s[st] == '0')
      return "a numeric prerelease identifier has a leading zero";
    if (d < len && len - d - 1 > 250) return "a prerelease identifier is too long";
    if (*i < n && s[*i] == '.') {
      (*i)++;
      continue;
    }
    return NULL;
  }
}

/* Parse s[0..n) as a partial in the given mode. Returns NULL or why not. */
static const char *parse_partial(const char *s, size_t n, int mode, partial *p)
{
  memset(p, 0, sizeof *p);
  p->xat = 3;
  size_t i = 0;
  while (i < n && (s[i] == 'v' || s[i] == '=' || (mode == M_HYPHEN && s[i] == ' '))) i++;
  p->v_prefix = i == 1 && s[0] == 'v';
  p->raw_ok = i == 0 || p->v_prefix;
  for (int k = 0; k < 3; k++) {
    if (k > 0) {
      if (i < n && s[i] == '.') i++;
      else break;
    }
    if (i >= n) return k ? "a number or x is missing after '.'" : "a version is missing";
    if (is_x(s[i])) {
      i++;
      if (p->xat == 3) p->xat = k;
    } else if (is_digit(s[i])) {
      size_t st = i;
      uint64_t v = 0;
      for (; i < n && is_digit(s[i]); i++)
        if (v <= MAX_NUM) v = v * 10 + (uint64_t)(s[i] - '0');
      if (s[st] == '0' && i - st > 1) return "a version number has a leading zero";
      if (p->xat < k && mode == M_PLAIN)
        return "after an x every number must be x too (\"1.x.x\", not \"1.x.3\")";
      p->num[k] = v;
    } else {
      return "a version number or x is expected";
    }
    p->nparts = k + 1;
  }
  if (p->xat > p->nparts) p->xat = p->nparts;
  const char *why;
  if (i < n && s[i] == '-') {
    if (p->nparts < 3) return "a prerelease needs major.minor.patch";
    i++;
    p->pre = s + i;
    if ((why = idents(s, n, &i))) return why;
    p->pre_len = (size_t)(s + i - p->pre);
  }
  if (i < n) {
    if (s[i] == '.') return "a version has at most three numbers";
    if (s[i] == '+') return "a '+' must be followed by build metadata";
    return "unexpected character";
  }
  return NULL;
}

/* ---------------------------------------------------------- desugaring */

/* A primitive comparator before it is checked and stored. */
typedef struct prim {
  int op;
  uint64_t num[3];
  const char *pre;
  size_t pre_len;
  size_t raw; /* characters node-semver keeps beside the numbers ("v", "+b"):
              ** they count toward 256, and ">=v0.0.0" is not the ">=0.0.0" it drops */
} prim;

typedef struct builder {
  comp *c;
  size_t n, cap;
  char why[160];
} builder;

static uint64_t inc(uint64_t x) { return x > MAX_NUM ? x : x + 1; }

static size_t digits(uint64_t x)
{
  size_t d = 1;
  while (x >= 10) x /= 10, d++;
  return d;
}

static prim mk(int op, uint64_t a, uint64_t b, uint64_t c, const char *pre, size_t pre_len)
{
  prim p = {op, {a, b, c}, pre, pre_len, 0};
  return p;
}

#define LT0(a, b, c) mk(OP_LT, a, b, c, "0", 1) /* "<a.b.c-0" */

/* Check a primitive the way node-semver's Comparator does, then store it.
** ">=0.0.0" becomes "any", as node-semver rewrites it. Returns 0, 1 (why
** filled) or ACS_ENOMEM. */
static int add(builder *b, prim p)
{
  if (p.op != OP_ANY) {
    for (int k = 0; k < 3; k++)
      if (p.num[k] > MAX_NUM) {
        snprintf(b->why, sizeof b->why, "a version number is larger than %llu",
                 (unsigned long long)MAX_NUM);
        return 1;
      }
    size_t len = p.raw + digits(p.num[0]) + digits(p.num[1]) + digits(p.num[2]) + 2 +
                 (p.pre ? p.pre_len + 1 : 0);
    if (len > ACS__SEMVER_MAX_LEN) {
      snprintf(b->why, sizeof b->why, "a version is longer than %d characters",
               ACS__SEMVER_MAX_LEN);
      return 1;
    }
    if (p.op == OP_GE && !p.raw && !p.pre && !p.num[0] && !p.num[1] && !p.num[2])
      p.op = OP_ANY;
  }
  if (b->n == b->cap) {
    size_t cap = b->cap ? b->cap * 2 : 8;
    comp *c = realloc(b->c, cap * sizeof *c);
    if (!c) return ACS_ENOMEM;
    b->c = c;
    b->cap = cap;
  }
  comp *c = &b->c[b->n];
  memset(c, 0, sizeof *c);
  c->op = p.op;
  if (p.op != OP_ANY) {
    c->v.major = p.num[0];
    c->v.minor = p.num[1];
    c->v.patch = p.num[2];
    if (p.pre && !(c->v.pre = acs__strndup(p.pre, p.pre_len))) return ACS_ENOMEM;
  }
  b->n++;
  return 0;
}

static int add2(builder *b, prim x, prim y)
{
  int rc = add(b, x);
  return rc ? rc : add(b, y);
}

static const prim ANY = {OP_ANY, {0, 0, 0}, NULL, 0, 0};

/* "~1.2.3", "~1.2", "~1": patch-level changes if a minor is given, else
** minor-level. */
static int tilde(builder *b, const partial *p)
{
  uint64_t M = p->num[0], m = p->num[1];
  switch (p->xat) {
  case 0: return add(b, ANY);
  case 1: return add2(b, mk(OP_GE, M, 0, 0, NULL, 0), LT0(inc(M), 0, 0));
  case 2: return add2(b, mk(OP_GE, M, m, 0, NULL, 0), LT0(M, inc(m), 0));
  default:
    return add2(b, mk(OP_GE, M, m, p->num[2], p->pre, p->pre_len), LT0(M, inc(m), 0));
  }
}

/* "^1.2.3": changes that keep the left-most non-zero number. */
static int caret(builder *b, const partial *p)
{
  uint64_t M = p->num[0], m = p->num[1], pt = p->num[2];
  switch (p->xat) {
  case 0: return add(b, ANY);
  case 1: return add2(b, mk(OP_GE, M, 0, 0, NULL, 0), LT0(inc(M), 0, 0));
  case 2:
    if (M == 0) return add2(b, mk(OP_GE, 0, m, 0, NULL, 0), LT0(0, inc(m), 0));
    return add2(b, mk(OP_GE, M, m, 0, NULL, 0), LT0(inc(M), 0, 0));
  default: {
    prim lo = mk(OP_GE, M, m, pt, p->pre, p->pre_len);
    if (M == 0 && m == 0) return add2(b, lo, LT0(0, 0, inc(pt)));
    if (M == 0) return add2(b, lo, LT0(0, inc(m), 0));
    return add2(b, lo, LT0(inc(M), 0, 0));
  }
  }
}

/* A comparator with an x or missing numbers: "1.x" is ">=1.0.0 <2.0.0-0",
** ">1.2" is ">=1.3.0", "<=1" is "<2.0.0-0", "<x" matches nothing. */
static int xrange(builder *b, int op, const partial *p)
{
  uint64_t M = p->num[0], m = p->xat >= 2 ? p->num[1] : 0;
  if (op == OP_EQ) op = OP_ANY; /* no operator */
  if (p->xat == 0) return add(b, op == OP_GT || op == OP_LT ? LT0(0, 0, 0) : ANY);
  if (op == OP_ANY) {
    if (p->xat == 1) return add2(b, mk(OP_GE, M, 0, 0, NULL, 0), LT0(inc(M), 0, 0));
    return add2(b, mk(OP_GE, M, m, 0, NULL, 0), LT0(M, inc(m), 0));
  }
  if (op == OP_GT || op == OP_LE) {
    if (p->xat == 1) M = inc(M);
    else m = inc(m);
    if (p->xat == 1) m = 0;
    op = op == OP_GT ? OP_GE : OP_LT;
  }
  return add(b, op == OP_LT ? LT0(M, m, 0) : mk(op, M, m, 0, NULL, 0));
}

/* A full version with an operator, kept as written. */
static int full(builder *b, int op, const partial *p, const char *what)
{
  if (!p->raw_ok) {
    snprintf(b->why, sizeof b->why, "only a \"v\" may stand between %s and a full version",
             what);
    return 1;
  }
  prim x = mk(op, p->num[0], p->num[1], p->num[2], p->pre, p->pre_len);
  x.raw = p->v_prefix;
  return add(b, x);
}

/* "A - B": >=A (missing numbers 0) and <=B (missing numbers any). */
static int hyphen(builder *b, const partial *from, const partial *to)
{
  int rc = 0;
  switch (from->xat) {
  case 0: break;
  case 1: rc = add(b, mk(OP_GE, from->num[0], 0, 0, NULL, 0)); break;
  case 2: rc = add(b, mk(OP_GE, from->num[0], from->num[1], 0, NULL, 0)); break;
  default: rc = full(b, OP_GE, from, "the start of a hyphen range");
  }
  if (rc) return rc;
  switch (to->xat) {
  case 0: break;
  case 1: rc = add(b, LT0(inc(to->num[0]), 0, 0)); break;
  case 2: rc = add(b, LT0(to->num[0], inc(to->num[1]), 0)); break;
  default:
    if (to->pre)
      rc = add(b, mk(OP_LE, to->num[0], to->num[1], to->num[2], to->pre, to->pre_len));
    else
      rc = full(b, OP_LE, to, "the end of a hyphen range");
  }
  if (!rc && b->n == 0) rc = add(b, ANY);
  return rc;
}

static size_t strip_builds(char *p, size_t n);

/* buf[0..len) as what node-semver's Comparator reads: an optional "<",
** ">", "<=", ">=" or "=", an optional "v", a full version, and at most one
** build metadata at the end. Returns 0 (stored), 1 (not that) or
** ACS_ENOMEM. */
static int primitive(builder *b, char *buf, size_t len)
{
  if (!len) return add(b, ANY);
  size_t len0 = len;
  char *plus = memchr(buf, '+', len);
  if (plus) {
    size_t bl = len - (size_t)(plus - buf) - 1;
    if (plus == buf || strip_builds(plus, bl + 1) != 0) return 1;
    len = (size_t)(plus - buf);
  }
  size_t i = 0;
  int op = OP_EQ;
  if (buf[0] == '<' || buf[0] == '>') {
    op = buf[0] == '<' ? OP_LT : OP_GT;
    i = 1;
    if (len > 1 && buf[1] == '=') op = op == OP_LT ? OP_LE : OP_GE, i = 2;
  } else if (buf[0] == '=') {
    i = 1;
  }
  partial p;
  if (parse_partial(buf + i, len - i, M_PLAIN, &p) || p.xat < 3 || !p.raw_ok) return 1;
  prim x = mk(op, p.num[0], p.num[1], p.num[2], p.pre, p.pre_len); /* add() copies pre */
  x.raw = p.v_prefix + (len0 - len);
  return add(b, x);
}

/* node-semver's last rewrite of a comparator it could not read otherwise
** deletes the first "*" (with a "<", ">", "<=", ">=" or "=" just before
** it) and reads what is left as a plain comparator: "1.2.3*" is "1.2.3",
** ">=*1.2.3" is "1.2.3", "*<1.2.3" is "<1.2.3", "1.2.3+*b" is "1.2.3+b".
** Returns 0 (stored), 1 (not a comparator either way) or ACS_ENOMEM. */
static int star_fallback(builder *b, const char *t, size_t n)
{
  size_t at = 0, end = 0;
  for (; at < n; at++) {
    end = at;
    if (t[end] == '<' || t[end] == '>') end++;
    if (end < n && t[end] == '=') end++;
    if (end < n && t[end] == '*') break;
  }
  if (at == n) return 1;
  size_t len = at + (n - end - 1);
  char *buf = malloc(len + 1);
  if (!buf) return ACS_ENOMEM;
  memcpy(buf, t, at);
  memcpy(buf + at, t + end + 1, len - at);
  int rc = primitive(b, buf, len);
  free(buf);
  return rc;
}

/* One comparator token ("~>1.2", ">=v1.2.3", "1.x"). */
static int comparator(builder *b, const char *t, size_t n)
{
  if (!n) return add(b, ANY);
  partial p;
  const char *why;
  size_t i = 0;
  if (t[0] == '~' || t[0] == '^') {
    i = 1;
    if (t[0] == '~' && n > 1 && t[1] == '>') i = 2;
    if ((why = parse_partial(t + i, n - i, M_TC, &p))) goto bad;
    return t[0] == '~' ? tilde(b, &p) : caret(b, &p);
  }
  int op = OP_EQ;
  if (t[0] == '<' || t[0] == '>') {
    op = t[0] == '<' ? OP_LT : OP_GT;
    i = 1;
    if (n > 1 && t[1] == '=') op = op == OP_LT ? OP_LE : OP_GE, i = 2;
  } else if (t[0] == '=') {
    i = 1;
  }
  if ((why = parse_partial(t + i, n - i, M_PLAIN, &p))) goto bad;
  if (p.xat < 3) return xrange(b, op, &p);
  return full(b, op, &p, "an operator");
bad:
  if (memchr(t, '*', n)) {
    int rc = star_fallback(b, t, n);
    if (rc <= 0) return rc;
  }
  if (t[0] == '-')
    why = "a hyphen range needs a version and a space on each side of the '-' (\"1.2.3 - 2.3.4\")";
  else if (i == n)
    why = "an operator needs a version after it";
  snprintf(b->why, sizeof b->why, "%s", why);
  return 1;
}

/* ------------------------------------------------------------- the sets */

static bool is_null(const comp *c)
{
  return c->op == OP_LT && !c->v.major && !c->v.minor && !c->v.patch && c->v.pre &&
         !strcmp(c->v.pre, "0");
}

static int comp_order(const comp *a, const comp *b)
{
  if (a->op != b->op) return a->op < b->op ? -1 : 1;
  if (a->op == OP_ANY) return 0;
  int d = acs__semver_cmp(&a->v, &b->v);
  if (d) return d;
  /* Equal precedence means equal text here: no build, and prerelease
  ** identifiers that compare equal are equal strings unless numeric with
  ** leading zeros, which a range cannot hold. */
  return 0;
}

/* Sort order for finding repeats: by value, then by place (the
** comparators are one array, so their addresses give their order). */
static int by_value(const void *x, const void *y)
{
  const comp *a = *(const comp *const *)x, *b = *(const comp *const *)y;
  int d = comp_order(a, b);
  return d ? d : (a < b ? -1 : a > b);
}

static void comp_free(comp *c) { acs__semver_clear(&c->v); }

/* node-semver's clean-up of one alternative: a comparator that matches
** nothing stands alone, a repeated comparator is kept once (first place),
** and "any" goes when anything else is there. */
static int finish_set(builder *b, cset *out)
{
  for (size_t i = 0; i < b->n; i++)
    if (is_null(&b->c[i])) {
      for (size_t j = 0; j < b->n; j++)
        if (j != i) comp_free(&b->c[j]);
      b->c[0] = b->c[i];
      b->n = 1;
      break;
    }
  if (b->n > 1) {
    const comp **idx = malloc(b->n * sizeof *idx);
    bool *drop = calloc(b->n, sizeof *drop);
    if (!idx || !drop) {
      free(idx);
      free(drop);
      return ACS_ENOMEM;
    }
    for (size_t i = 0; i < b->n; i++) idx[i] = &b->c[i];
    qsort(idx, b->n, sizeof *idx, by_value);
    for (size_t k = 1; k < b->n; k++)
      if (!comp_order(idx[k - 1], idx[k])) drop[idx[k] - b->c] = true;
    size_t kept = 0;
    for (size_t i = 0; i < b->n; i++) kept += !drop[i];
    size_t w = 0;
    for (size_t i = 0; i < b->n; i++) {
      if (drop[i] || (kept > 1 && b->c[i].op == OP_ANY)) comp_free(&b->c[i]);
      else b->c[w++] = b->c[i];
    }
    b->n = w;
    free(idx);
    free(drop);
  }
  out->c = b->c;
  out->n = b->n;
  b->c = NULL;
  b->n = b->cap = 0;
  return 0;
}

static void set_free(cset *s)
{
  for (size_t i = 0; i < s->n; i++) comp_free(&s->c[i]);
  free(s->c);
  s->c = NULL;
  s->n = 0;
}

void acs__semver_range_free(acs__semver_range *r)
{
  if (!r) return;
  for (size_t i = 0; i < r->n; i++) set_free(&r->set[i]);
  free(r->set);
  free(r);
}

/* ------------------------------------------------------------- parsing */

/* Collapse every run of JavaScript white space to one ' ' and trim, as
** node-semver does first. */
static char *normalize(const char *text, size_t *len)
{
  size_t n = strlen(text);
  char *out = malloc(n + 1);
  if (!out) return NULL;
  size_t w = 0;
  bool space = false;
  for (size_t i = 0; i < n;) {
    size_t k = acs__semver_space(text + i, n - i);
    if (k) {
      space = true;
      i += k;
      continue;
    }
    if (space && w) out[w++] = ' ';
    space = false;
    out[w++] = text[i++];
  }
  out[w] = 0;
  *len = w;
  return out;
}

/* node-semver drops build metadata ("+sha.1", every one of them) from an
** alternative before anything else, wherever it stands; what is left may
** have extra spaces, which then separate empty comparators ("any"). */
static size_t strip_builds(char *p, size_t n)
{
  size_t w = 0;
  for (size_t i = 0; i < n;) {
    if (p[i] == '+' && i + 1 < n && is_ident(p[i + 1])) {
      size_t j = i + 1;
      for (;;) {
        while (j < n && is_ident(p[j])) j++;
        if (j + 1 < n && p[j] == '.' && is_ident(p[j + 1])) {
          j++;
          continue;
        }
        break;
      }
      i = j;
      continue;
    }
    p[w++] = p[i++];
  }
  return w;
}

/* How far a version-like run from s[k] reaches (node-semver's "plain"
** pattern: "v", "=" and spaces, then a number or x, then the rest of the
** version), or 0 when none starts there. */
static size_t plain_len(const char *s, size_t k, size_t n)
{
  size_t i = k;
  while (i < n && (s[i] == 'v' || s[i] == '=' || s[i] == ' ')) i++;
  if (i >= n || !(is_digit(s[i]) || is_x(s[i]))) return 0;
  while (i < n && !strchr(" <>=~^", s[i])) i++;
  return i - k;
}

/* Join an operator written apart from its version ("> =1", ">= 1.2",
** "~= 1") as node-semver's first substitution does: scanning left to right,
** wherever an optional space, an optional "<", ">", "<=", ">=" or "=" and
** an optional space are followed by something that starts like a version,
** the second space goes; the match then runs to the end of that version
** (a "v", "=" or space run before it included, so "> = 1" becomes ">= 1").
** In place; returns the new length. */
static size_t trim_gtlt(char *s, size_t n)
{
  size_t w = 0;
  for (size_t p = 0; p < n;) {
    size_t e = p + (s[p] == ' ');
    if (e < n && (s[e] == '<' || s[e] == '>')) e++;
    if (e < n && s[e] == '=') e++;
    size_t k = e + (e < n && s[e] == ' ');
    size_t len = plain_len(s, k, n);
    if (!len) {
      s[w++] = s[p++];
      continue;
    }
    memmove(s + w, s + p, e - p);
    w += e - p;
    memmove(s + w, s + k, len);
    w += len;
    p = k + len;
  }
  return w;
}

/* Then "~ " and "~> " become "~", and "^ " becomes "^", wherever they are. */
static size_t trim_op(char *s, size_t n, char op)
{
  size_t w = 0;
  for (size_t p = 0; p < n;) {
    if (s[p] == op) {
      size_t e = p + 1;
      if (op == '~' && e < n && s[e] == '>') e++;
      if (e < n && s[e] == ' ') {
        s[w++] = op;
        p = e + 1;
        continue;
      }
    }
    s[w++] = s[p++];
  }
  return w;
}

static int fail_part(acs_err *err, const char *range, const char *part, size_t plen,
                     const char *why)
{
  return acs__fail(err, ACS_EINVAL, ACS__CONFIG, "invalid semver range \"%.200s%s\": \"%.*s%s\": %s",
                   range, strlen(range) > 200 ? "..." : "", (int)(plen > 80 ? 80 : plen), part,
                   plen > 80 ? "..." : "", why);
}

/* One `||` alternative, p[0..n) (trimmed, single spaces). */
static int parse_part(builder *b, char *p, size_t n, const char *range, acs_err *err)
{
  n = strip_builds(p, n);
  /* A hyphen range is the whole alternative or nothing: anything else with
  ** a lone "-" in it is an error whichever way it is read. */
  size_t a = n && p[0] == ' ', z = n > a && p[n - 1] == ' ' ? n - 1 : n;
  for (size_t k = a; k + 3 <= z; k++) {
    if (memcmp(p + k, " - ", 3)) continue;
    partial from, to;
    const char *why = parse_partial(p + a, k - a, M_HYPHEN, &from);
    const char *side = p + a;
    size_t slen = k - a;
    if (!why) {
      side = p + k + 3;
      slen = z - k - 3;
      why = parse_partial(side, slen, M_HYPHEN, &to);
    }
    if (why) return fail_part(err, range, side, slen, why);
    int rc = hyphen(b, &from, &to);
    if (rc == 1) return fail_part(err, range, p, n, b->why);
    return rc ? acs__fail(err, rc, ACS__ENV, "out of memory") : 0;
  }
  n = trim_gtlt(p, n);
  n = trim_op(p, n, '~');
  n = trim_op(p, n, '^');
  for (size_t i = 0; i <= n;) { /* an empty word is "any" */
    size_t j = i;
    while (j < n && p[j] != ' ') j++;
    int rc = comparator(b, p + i, j - i);
    if (rc == 1) return fail_part(err, range, p + i, j - i, b->why);
    if (rc) return acs__fail(err, rc, ACS__ENV, "out of memory");
    i = j + 1;
  }
  return 0;
}

int acs__semver_range_parse(const char *text, acs__semver_range **out, acs_err *err)
{
  *out = NULL;
  if (!text) text = "";
  size_t n;
  char *s = normalize(text, &n);
  acs__semver_range *r = calloc(1, sizeof *r);
  builder b = {0};
  size_t cap = 0;
  int rc = ACS_ENOMEM;
  if (!s || !r) goto fail_nomem;
  for (size_t i = 0;;) {
    char *bar = strstr(s + i, "||");
    size_t j = bar ? (size_t)(bar - s) : n;
    size_t a = i, z = j;
    if (a < z && s[a] == ' ') a++;
    if (z > a && s[z - 1] == ' ') z--;
    if ((rc = parse_part(&b, s + a, z - a, text, err))) goto fail;
    if (r->n == cap) {
      cap = cap ? cap * 2 : 4;
      cset *set = realloc(r->set, cap * sizeof *set);
      if (!set) goto fail_nomem;
      r->set = set;
    }
    if ((rc = finish_set(&b, &r->set[r->n]))) goto fail_nomem;
    r->n++;
    if (!bar) break;
    i = j + 2;
  }
  /* node-semver's clean-up of the alternatives: those that match nothing
  ** go (unless all do), and one that is "any" makes the whole range "any"
  ** - which also stops prereleases the others allowed. */
  if (r->n > 1) {
    size_t w = 0;
    for (size_t i = 0; i < r->n; i++) {
      if (r->set[i].n == 1 && is_null(&r->set[i].c[0])) set_free(&r->set[i]);
      else r->set[w++] = r->set[i];
    }
    if (!w) { /* all matched nothing: the first (already freed) stands */
      prim p = LT0(0, 0, 0);
      if ((rc = add(&b, p)) || (rc = finish_set(&b, &r->set[0]))) goto fail_nomem;
      w = 1;
    }
    r->n = w;
    for (size_t i = 0; r->n > 1 && i < r->n; i++)
      if (r->set[i].n == 1 && r->set[i].c[0].op == OP_ANY) {
        cset any = r->set[i];
        r->set[i].n = 0;
        r->set[i].c = NULL;
        for (size_t k = 0; k < r->n; k++) set_free(&r->set[k]);
        r->set[0] = any;
        r->n = 1;
      }
  }
  free(s);
  *out = r;
  return 0;
fail_nomem:
  rc = acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
fail:
  for (size_t i = 0; i < b.n; i++) comp_free(&b.c[i]);
  free(b.c);
  free(s);
  acs__semver_range_free(r);
  return rc;
}

/* ------------------------------------------------------------ matching */

static bool comp_test(const comp *c, const acs__semver *v)
{
  if (c->op == OP_ANY) return true;
  int d = acs__semver_cmp(v, &c->v);
  switch (c->op) {
  case OP_EQ: return d == 0;
  case OP_LT: return d < 0;
  case OP_LE: return d <= 0;
  case OP_GT: return d > 0;
  default: return d >= 0;
  }
}

static bool set_test(const cset *s, const acs__semver *v)
{
  for (size_t i = 0; i < s->n; i++)
    if (!comp_test(&s->c[i], v)) return false;
  if (!v->pre) return true;
  /* A prerelease only passes where the range names a prerelease of the
  ** same major.minor.patch: opting in to 1.2.3-beta is not opting in to
  ** every later beta. */
  for (size_t i = 0; i < s->n; i++) {
    const acs__semver *c = &s->c[i].v;
    if (s->c[i].op != OP_ANY && c->pre && c->major == v->major && c->minor == v->minor &&
        c->patch == v->patch)
      return true;
  }
  return false;
}

bool acs__semver_range_test(const acs__semver_range *r, const acs__semver *v)
{
  for (size_t i = 0; i < r->n; i++)
    if (set_test(&r->set[i], v)) return true;
  return false;
}

int acs__semver_range_format(const acs__semver_range *r, acs__buf *b)
{
  static const char *ops[] = {"", "", "<", "<=", ">", ">="};
  size_t start = b->len;
  int rc = 0;
  for (size_t i = 0; !rc && i < r->n; i++) {
    if (i) rc = acs__buf_puts(b, "||");
    bool first = true;
    for (size_t k = 0; !rc && k < r->set[i].n; k++) {
      const comp *c = &r->set[i].c[k];
      if (c->op == OP_ANY) continue; /* "" (only ever alone) */
      if (!first) rc = acs__buf_puts(b, " ");
      first = false;
      if (!rc) rc = acs__buf_puts(b, ops[c->op]);
      if (!rc) rc = acs__semver_format(&c->v, b);
    }
  }
  if (!rc && b->len == start) rc = acs__buf_puts(b, "*");
  return rc;
}

/* ------------------------------------------------------------- helpers */

int acs__semver_satisfies(const char *version, const char *range, bool *out, acs_err *err)
{
  *out = false;
  acs__semver_range *r;
  int rc = acs__semver_range_parse(range, &r, err);
  if (rc) return rc;
  acs__semver v;
  acs_err verr = {0};
  rc = acs__semver_parse(version, 0, &v, &verr);
  if (rc == ACS_ENOMEM) {
    acs_err_clear(&verr);
    acs__semver_range_free(r);
    return acs__fail(err, rc, ACS__ENV, "out of memory");
  }
  acs_err_clear(&verr);
  if (!rc) *out = acs__semver_range_test(r, &v);
  acs__semver_clear(&v);
  acs__semver_range_free(r);
  return 0;
}

int acs__semver_max_satisfying(const char *const *versions, size_t n, const char *range,
                               const char **out, acs_err *err)
{
  *out = NULL;
  acs__semver_range *r;
  int rc = acs__semver_range_parse(range, &r, err);
  if (rc) return rc;
  acs__semver best = {0};
  for (size_t i = 0; i < n; i++) {
    acs__semver v;
    rc = acs__semver_parse(versions[i], 0, &v, NULL);
    if (rc == ACS_ENOMEM) break;
    if (rc) {
      rc = 0;
      continue; /* not a version: skipped, as npm does */
    }
    if (acs__semver_range_test(r, &v) && (!*out || acs__semver_cmp(&v, &best) > 0)) {
      acs__semver_clear(&best);
      best = v;
      *out = versions[i];
    } else {
      acs__semver_clear(&v);
    }
  }
  acs__semver_clear(&best);
  acs__semver_range_free(r);
  if (rc) {
    *out = NULL;
    return acs__fail(err, rc, ACS__ENV, "out of memory");
  }
  return 0;
}
