/* tar_xform.c - tar's --transform: sed's s command on member names. */

/* GNU tar's form: s/REGEX/REPLACE/[FLAGS], any delimiter, several
** expressions separated by ';' or given in several options, applied in
** order. REGEX is a POSIX basic one (glibc's regcomp, with GNU's \+ \? \|),
** extended with the x flag; REPLACE knows & and \1..\9; flags g, i, x, a
** number (the Nth match, with g the Nth and after), and the scope letters
** r s h (member names, symlink targets, hard link targets: all three by
** default) and R S H to leave one out. */
#include "tar_xform.h"

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct xform {
  regex_t re;
  char *repl;
  bool global;
  int nth;
  unsigned scope; /* TAR_XF_* it applies to */
} xform;

struct tar_xforms {
  xform *v;
  size_t n;
};

/* Reads one delimited part of s starting at *p; malloc'd, NULL if open. */
static char *part(const char **p, char delim)
{
  const char *s = *p;
  size_t cap = strlen(s) + 1, k = 0;
  char *out = malloc(cap);
  if (!out) return NULL;
  for (; *s && *s != delim; s++) {
    if (*s == '\\' && s[1] == delim) {
      out[k++] = delim;
      s++;
      continue;
    }
    if (*s == '\\' && s[1]) out[k++] = *s++;
    out[k++] = *s;
  }
  if (*s != delim) {
    free(out);
    return NULL;
  }
  out[k] = 0;
  *p = s + 1;
  return out;
}

bool tar_xform_add(tar_xforms **xs, const char *expr, char *err, size_t errsize)
{
  if (!*xs && !(*xs = calloc(1, sizeof **xs))) return false;
  tar_xforms *t = *xs;
  const char *p = expr;
  while (*p) {
    if (*p == ';' || *p == ' ') {
      p++;
      continue;
    }
    if (*p != 's' || !p[1]) {
      snprintf(err, errsize, "Invalid transform expression");
      return false;
    }
    char delim = p[1];
    p += 2;
    char *re = part(&p, delim);
    char *repl = re ? part(&p, delim) : NULL;
    if (!re || !repl) {
      free(re);
      snprintf(err, errsize, "Invalid transform expression");
      return false;
    }
    xform x = {.repl = repl, .scope = TAR_XF_NAME | TAR_XF_SYMLINK | TAR_XF_HARDLINK};
    int cflags = 0;
    for (; *p && *p != ';'; p++) {
      if (*p == 'g') x.global = true;
      else if (*p == 'i') cflags |= REG_ICASE;
      else if (*p == 'x') cflags |= REG_EXTENDED;
      else if (*p >= '0' && *p <= '9') x.nth = x.nth * 10 + (*p - '0');
      else if (*p == 'r') x.scope |= TAR_XF_NAME;
      else if (*p == 'R') x.scope &= ~(unsigned)TAR_XF_NAME;
      else if (*p == 's') x.scope |= TAR_XF_SYMLINK;
      else if (*p == 'S') x.scope &= ~(unsigned)TAR_XF_SYMLINK;
      else if (*p == 'h') x.scope |= TAR_XF_HARDLINK;
      else if (*p == 'H') x.scope &= ~(unsigned)TAR_XF_HARDLINK;
      else {
        snprintf(err, errsize, "Unknown flag in transform expression: %c", *p);
        free(re);
        free(repl);
        return false;
      }
    }
    int rc = regcomp(&x.re, re, cflags);
    free(re);
    if (rc) {
      char why[200];
      regerror(rc, &x.re, why, sizeof why);
      snprintf(err, errsize, "Invalid transform expression: %s", why);
      free(repl);
      return false;
    }
    xform *v = realloc(t->v, (t->n + 1) * sizeof *v);
    if (!v) return false;
    t->v = v;
    t->v[t->n++] = x;
  }
  return true;
}

/* Appends the replacement for one match to out. */
static void put_repl(char **out, size_t *len, size_t *cap, const char *repl, const char *s, const regmatch_t *m)
{
  for (const char *r = repl; *r; r++) {
    const char *from = r;
    size_t n = 1;
    if (*r == '&') {
      from = s + m[0].rm_so;
      n = (size_t)(m[0].rm_eo - m[0].rm_so);
    } else if (*r == '\\' && r[1] >= '1' && r[1] <= '9') {
      int g = r[1] - '0';
      r++;
      if (m[g].rm_so < 0) continue;
      from = s + m[g].rm_so;
      n = (size_t)(m[g].rm_eo - m[g].rm_so);
    } else if (*r == '\\' && r[1]) {
      r++;
      from = r;
    }
    while (*len + n + 1 > *cap) {
      *cap *= 2;
      *out = realloc(*out, *cap);
      if (!*out) return;
    }
    memcpy(*out + *len, from, n);
    *len += n;
  }
}

static char *apply(const xform *x, const char *s)
{
  size_t cap = strlen(s) * 2 + 64, len = 0;
  char *out = malloc(cap);
  if (!out) return NULL;
  const char *p = s;
  int count = 0;
  regmatch_t m[10];
  while (*p || p == s) {
    if (regexec(&x->re, p, 10, m, p == s ? 0 : REG_NOTBOL) != 0) break;
    count++;
    bool use = !x->nth || (x->global ? count >= x->nth : count == x->nth);
    size_t pre = (size_t)m[0].rm_so;
    while (len + pre + 1 > cap) {
      cap *= 2;
      out = realloc(out, cap);
      if (!out) return NULL;
    }
    memcpy(out + len, p, pre);
    len += pre;
    if (use) {
      put_repl(&out, &len, &cap, x->repl, p, m);
      if (!out) return NULL;
    } else {
      size_t ml = (size_t)(m[0].rm_eo - m[0].rm_so);
      while (len + ml + 1 > cap) {
        cap *= 2;
        out = realloc(out, cap);
        if (!out) return NULL;
      }
      memcpy(out + len, p + m[0].rm_so, ml);
      len += ml;
    }
    const char *next = p + m[0].rm_eo;
    if (m[0].rm_eo == m[0].rm_so) {
      /* an empty match: the next character is copied as it is */
      if (!*next) {
        p = next;
        break;
      }
      if (len + 2 > cap) {
        cap *= 2;
        out = realloc(out, cap);
        if (!out) return NULL;
      }
      out[len++] = *next++;
    }
    p = next;
    if (!x->global && count >= (x->nth ? x->nth : 1)) break;
    if (!*p) break;
  }
  size_t rest = strlen(p);
  if (len + rest + 1 > cap) {
    cap = len + rest + 1;
    out = realloc(out, cap);
    if (!out) return NULL;
  }
  memcpy(out + len, p, rest + 1);
  return out;
}

char *tar_xform_name(const tar_xforms *xs, const char *name, unsigned what)
{
  char *cur = strdup(name);
  for (size_t i = 0; xs && cur && i < xs->n; i++) {
    if (!(xs->v[i].scope & what)) continue;
    char *next = apply(&xs->v[i], cur);
    free(cur);
    cur = next;
  }
  return cur;
}

void tar_xform_free(tar_xforms *xs)
{
  if (!xs) return;
  for (size_t i = 0; i < xs->n; i++) {
    regfree(&xs->v[i].re);
    free(xs->v[i].repl);
  }
  free(xs->v);
  free(xs);
}
