/* param.c - parameter expansion: $x, the special parameters, and the
** ${x...} operators (defaults, assignment, errors, alternatives, length,
** prefix and suffix removal, substitution, slices, case changes), with
** "$@" making one field per positional parameter. */
#include "sh.h"

#include <errno.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int utf8_len(const char *s)
{
  int n = 0;
  for (; *s; s++)
    if (((unsigned char)*s & 0xC0) != 0x80) n++;
  return n;
}

/* byte offset of character i of s (clamped to its length) */
static size_t char_off(const char *s, long i)
{
  size_t b = 0;
  for (long k = 0; k < i && s[b]; k++) {
    b++;
    while (s[b] && ((unsigned char)s[b] & 0xC0) == 0x80) b++;
  }
  return b;
}

static char *flags_string(void)
{
  sbuf b = {0};
  if (sh.opt_a) sb_addc(&b, 'a');
  if (sh.opt_e) sb_addc(&b, 'e');
  if (sh.opt_f) sb_addc(&b, 'f');
  sb_addc(&b, 'h');
  if (sh.opt_n) sb_addc(&b, 'n');
  if (sh.opt_u) sb_addc(&b, 'u');
  if (sh.opt_v) sb_addc(&b, 'v');
  if (sh.opt_x) sb_addc(&b, 'x');
  sb_addc(&b, 'B');
  if (sh.opt_C) sb_addc(&b, 'C');
  if (sh.is_c) sb_addc(&b, 'c');
  return sb_take(&b);
}

char *ex_param_value(const char *name, bool *is_set)
{
  char num[32];
  *is_set = true;
  if (name[0] >= '0' && name[0] <= '9') {
    long i = strtol(name, NULL, 10);
    if (i == 0) return xstrdup(sh.name ? sh.name : "sh");
    if (i > sh.argc) {
      *is_set = false;
      return NULL;
    }
    return xstrdup(sh.argv[i - 1]);
  }
  if (!name[1]) {
    switch (name[0]) {
    case '?': snprintf(num, sizeof num, "%d", sh.status); return xstrdup(num);
    case '#': snprintf(num, sizeof num, "%d", sh.argc); return xstrdup(num);
    case '$': snprintf(num, sizeof num, "%d", sh.pid); return xstrdup(num);
    case '!':
      if (!sh.last_bg) {
        *is_set = false;
        return NULL;
      }
      snprintf(num, sizeof num, "%d", sh.last_bg);
      return xstrdup(num);
    case '-': return flags_string();
    default: break;
    }
  }
  if (!strcmp(name, "LINENO")) {
    snprintf(num, sizeof num, "%d", sh.line);
    return xstrdup(num);
  }
  if (!strcmp(name, "RANDOM")) {
    sh.rnd = sh.rnd * 1103515245u + 12345u;
    snprintf(num, sizeof num, "%u", (sh.rnd >> 16) & 32767);
    return xstrdup(num);
  }
  const char *v = var_get(name);
  if (!v) {
    *is_set = false;
    return NULL;
  }
  return xstrdup(v);
}

/* ---- patterns on values -------------------------------------------------- */

static char *remove_affix(const char *s, const char *pat, int op)
{
  size_t n = strlen(s);
  char *t = xstrdup(s);
  char *res = NULL;
  if (op == PO_RM_SPRE || op == PO_RM_LPRE) {
    for (size_t k = 0; k <= n; k++) {
      size_t i = op == PO_RM_SPRE ? k : n - k;
      char save = t[i];
      t[i] = 0;
      bool m = pat_match(pat, t);
      t[i] = save;
      if (m) {
        res = xstrdup(s + i);
        break;
      }
    }
  } else {
    for (size_t k = 0; k <= n; k++) {
      size_t i = op == PO_RM_SSUF ? n - k : k;
      if (pat_match(pat, s + i)) {
        res = xstrndup(s, i);
        break;
      }
    }
  }
  free(t);
  return res ? res : xstrdup(s);
}

/* the longest match of pat starting at s[i]: its end, or -1 */
static long match_at(char *t, size_t i, size_t n, const char *pat, bool to_end)
{
  for (size_t e = n; e + 1 > i; e--) {
    if (to_end && e != n) break;
    char save = t[e];
    t[e] = 0;
    bool m = pat_match(pat, t + i);
    t[e] = save;
    if (m) return (long)e;
    if (e == 0) break;
  }
  return -1;
}

static char *substitute(const char *s, const char *pat, const char *rep, int op)
{
  size_t n = strlen(s);
  char *t = xstrdup(s);
  sbuf b = {0};
  if (!*pat && op != PO_SUB_PRE && op != PO_SUB_SUF) {
    free(t);
    return xstrdup(s);
  }
  size_t i = 0;
  bool done = false;
  while (i <= n) {
    long e = -1;
    if (!done && (op != PO_SUB_PRE || i == 0)) e = match_at(t, i, n, pat, op == PO_SUB_SUF);
    if (e >= 0) {
      sb_adds(&b, rep);
      if (op != PO_SUB_ALL) done = true;
      if ((size_t)e == i) {
        if (i < n) sb_addc(&b, s[i]);
        i++;
      } else {
        i = (size_t)e;
      }
      continue;
    }
    if (i < n) sb_addc(&b, s[i]);
    i++;
  }
  free(t);
  return sb_take(&b);
}

static char *change_case(const char *s, const char *pat, int op)
{
  char *r = xstrdup(s);
  for (size_t i = 0; r[i]; i++) {
    char c[2] = {r[i], 0};
    if (pat && *pat && !pat_match(pat, c)) {
      if (op == PO_UPPER1 || op == PO_LOWER1) break;
      continue;
    }
    if (op == PO_UPPER || op == PO_UPPER1) r[i] = (char)toupper((unsigned char)r[i]);
    else r[i] = (char)tolower((unsigned char)r[i]);
    if (op == PO_UPPER1 || op == PO_LOWER1) break;
  }
  return r;
}

static bool arith_word(word *w, int64_t *v)
{
  char *s = ex_string(w);
  if (!s) return false;
  bool ok = arith_eval(s, v);
  free(s);
  if (!ok) sh.aborting = true;
  return ok;
}

/* apply a value-changing operator to one value (a new string) */
static char *transform(wpart *p, const char *v)
{
  switch (p->op) {
  case PO_RM_SPRE: case PO_RM_LPRE: case PO_RM_SSUF: case PO_RM_LSUF: {
    char *pat = ex_pattern(p->sub);
    if (!pat) return NULL;
    char *r = remove_affix(v, pat, p->op);
    free(pat);
    return r;
  }
  case PO_SUB: case PO_SUB_ALL: case PO_SUB_PRE: case PO_SUB_SUF: {
    char *pat = ex_pattern(p->sub);
    char *rep = p->sub2 ? ex_string(p->sub2) : xstrdup("");
    char *r = pat && rep ? substitute(v, pat, rep, p->op) : NULL;
    free(pat);
    free(rep);
    return r;
  }
  case PO_UPPER1: case PO_UPPER: case PO_LOWER1: case PO_LOWER: {
    char *pat = p->sub ? ex_pattern(p->sub) : NULL;
    char *r = change_case(v, pat, p->op);
    free(pat);
    return r;
  }
  default:
    return xstrdup(v);
  }
}

static void unbound(const char *name)
{
  sh_error("%s: unbound variable", name);
  sh_exit(sh.is_c ? 127 : 1);
}

/* $@ and $* (and their ${} forms): one value per positional parameter */
static void ex_list(xout *o, wpart *p, bool quoted)
{
  bool star = p->text[0] == '*';
  int n = sh.argc;
  char **vals = xcalloc((size_t)n + 2, sizeof *vals);
  int nv = 0;
  int64_t off = 1, len = -1;
  bool slice = p->op == PO_SLICE;
  if (slice) {
    if (!arith_word(p->sub, &off)) goto out;
    if (p->sub2 && !arith_word(p->sub2, &len)) goto out;
    if (off < 0) off += n + 1;
    if (off < 0) off = n + 1;
  }
  for (int64_t i = slice ? off : 1; i <= n; i++) {
    if (slice && len >= 0 && nv >= len) break;
    const char *v = i == 0 ? (sh.name ? sh.name : "sh") : sh.argv[i - 1];
    vals[nv++] = transform(p, v);
  }
  if (p->op == PO_LEN) {
    char num[32];
    snprintf(num, sizeof num, "%d", n);
    xo_text(o, num, strlen(num), quoted, !quoted);
    goto out;
  }
  if (p->op == PO_DEFAULT || p->op == PO_ASSIGN || p->op == PO_ERROR || p->op == PO_ALT) {
    bool null = n == 0 || (p->colon && n == 1 && !sh.argv[0][0]);
    if (p->op == PO_ALT) {
      if (!null) ex_sub_into(o, p->sub, quoted);
      goto out;
    }
    if (null) {
      if (p->op == PO_ERROR) {
        char *m = p->sub ? ex_string(p->sub) : NULL;
        sh_error("%s: %s", p->text, m && *m ? m : "parameter null or not set");
        free(m);
        sh_exit(sh.is_c ? 127 : 1);
      }
      ex_sub_into(o, p->sub, quoted);
      goto out;
    }
  }
  const char *ifs = var_get("IFS");
  char sep[2] = {ifs ? ifs[0] : ' ', 0};
  for (int i = 0; i < nv; i++) {
    if (i > 0) {
      if (quoted && star) {
        if (sep[0]) xo_text(o, sep, 1, true, false);
      } else {
        xo_break(o, quoted);
      }
    }
    xo_text(o, vals[i] ? vals[i] : "", vals[i] ? strlen(vals[i]) : 0, quoted, !quoted);
  }
out:
  for (int i = 0; i < nv; i++) free(vals[i]);
  free(vals);
}

void ex_param(xout *o, wpart *p, bool quoted)
{
  const char *name = p->text;
  if ((name[0] == '@' || name[0] == '*') && !name[1]) {
    ex_list(o, p, quoted);
    return;
  }
  bool set;
  char *v = ex_param_value(name, &set);
  bool null = !set || (p->colon && !*v);
  switch (p->op) {
  case PO_NONE:
    if (!set && sh.opt_u) unbound(name);
    break;
  case PO_LEN: {
    if (!set && sh.opt_u) unbound(name);
    char num[32];
    snprintf(num, sizeof num, "%d", set ? utf8_len(v) : 0);
    free(v);
    xo_text(o, num, strlen(num), quoted, !quoted);
    return;
  }
  case PO_DEFAULT:
    if (null) {
      free(v);
      ex_sub_into(o, p->sub, quoted);
      return;
    }
    break;
  case PO_ALT:
    free(v);
    if (!null) ex_sub_into(o, p->sub, quoted);
    return;
  case PO_ASSIGN:
    if (null) {
      free(v);
      if (!is_name(name, strlen(name))) {
        sh_error("$%s: cannot assign in this way", name);
        sh_exit(sh.is_c ? 127 : 1);
      }
      v = p->sub ? ex_string(p->sub) : xstrdup("");
      if (!v) return;
      var_set(name, v, 0);
    }
    break;
  case PO_ERROR:
    if (null) {
      char *m = p->sub ? ex_string(p->sub) : NULL;
      sh_error("%s: %s", name, m && *m ? m : p->colon ? "parameter null or not set" : "parameter not set");
      free(m);
      free(v);
      sh_exit(sh.is_c ? 127 : 1);
    }
    break;
  case PO_SLICE: {
    if (!set && sh.opt_u) unbound(name);
    if (!set) {
      free(v);
      return;
    }
    int64_t off, len = -1;
    int chars = utf8_len(v);
    if (!arith_word(p->sub, &off) || (p->sub2 && !arith_word(p->sub2, &len))) {
      free(v);
      return;
    }
    if (off < 0) off += chars;
    if (off < 0 || off > chars) {
      free(v);
      return;
    }
    if (p->sub2 && len < 0) {
      len += chars - off;
      if (len < 0) {
        sh_error("%s: substring expression < 0", p->sub2->raw ? p->sub2->raw : "");
        free(v);
        sh.aborting = true;
        return;
      }
    }
    size_t b0 = char_off(v, (long)off);
    size_t b1 = len < 0 ? strlen(v) : b0 + char_off(v + b0, (long)len);
    xo_text(o, v + b0, b1 - b0, quoted, !quoted);
    free(v);
    return;
  }
  default: {
    if (!set && sh.opt_u) unbound(name);
    char *r = transform(p, set ? v : "");
    free(v);
    v = r;
    set = true;
    break;
  }
  }
  if (v) xo_text(o, v, strlen(v), quoted, !quoted);
  free(v);
}
