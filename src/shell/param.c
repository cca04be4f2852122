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
#include <time.h>

int utf8_len(const char *s)
{
  if (!sh_utf8()) return (int)strlen(s);
  int n = 0;
  for (; *s; s++)
    if (((unsigned char)*s & 0xC0) != 0x80) n++;
  return n;
}

/* byte offset of character i of s (clamped to its length) */
static size_t char_off(const char *s, long i)
{
  if (!sh_utf8()) {
    size_t n = strlen(s);
    return i < 0 ? 0 : (size_t)i < n ? (size_t)i : n;
  }
  size_t b = 0;
  for (long k = 0; k < i && s[b]; k++) {
    b++;
    while (s[b] && ((unsigned char)s[b] & 0xC0) == 0x80) b++;
  }
  return b;
}

/* s[i] is inside a UTF-8 character: no pattern match starts or ends there */
static bool mid_char(const char *s, size_t i) { return ((unsigned char)s[i] & 0xC0) == 0x80 && sh_utf8(); }

/* the end of the character starting at s[i] (i itself at the end) */
static size_t char_end(const char *s, size_t i, size_t n)
{
  if (i >= n) return n;
  i++;
  while (i < n && mid_char(s, i)) i++;
  return i;
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
  if (!strcmp(name, "SECONDS") || !strcmp(name, "EPOCHSECONDS") || !strcmp(name, "EPOCHREALTIME")) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    if (name[0] == 'S') {
      const char *v = var_get("SECONDS");
      if (!v) {
        *is_set = false;
        return NULL;
      }
      /* the value assigned last, plus the seconds since */
      snprintf(num, sizeof num, "%lld", strtoll(v, NULL, 10) + (long long)(ts.tv_sec - var_seconds_mark()));
    } else if (name[5] == 'S') {
      snprintf(num, sizeof num, "%lld", (long long)ts.tv_sec);
    } else {
      snprintf(num, sizeof num, "%lld.%06ld", (long long)ts.tv_sec, ts.tv_nsec / 1000);
    }
    return xstrdup(num);
  }
  if (!strcmp(name, "BASH_COMMAND")) return sh_bash_command();
  if (!strcmp(name, "BASHPID")) {
    snprintf(num, sizeof num, "%d", acs_sys_getpid());
    return xstrdup(num);
  }
  if (!strcmp(name, "SRANDOM")) {
    sh.rnd = sh.rnd * 1103515245u + 12345u;
    unsigned hi = sh.rnd;
    sh.rnd = sh.rnd * 1103515245u + 12345u;
    snprintf(num, sizeof num, "%u", (hi & 0xffff0000u) | (sh.rnd >> 16));
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
      if (mid_char(s, i)) continue;
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
      if (mid_char(s, i)) continue;
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
    if (mid_char(t, e)) continue;
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
    /* no match is tried at the end after the start (bash: ${x//?(z)/-}
    ** of abc is -a-b-c), except by /% */
    bool try = !done && (op != PO_SUB_PRE || i == 0) && (i < n || n == 0 || op == PO_SUB_SUF);
    if (try) e = match_at(t, i, n, pat, op == PO_SUB_SUF);
    if (e >= 0) {
      sb_adds(&b, rep);
      if (op != PO_SUB_ALL) done = true;
      if ((size_t)e == i) {
        size_t c = char_end(s, i, n);
        sb_add(&b, s + i, c - i);
        i = c > i ? c : i + 1;
      } else {
        i = (size_t)e;
      }
      continue;
    }
    size_t c = char_end(s, i, n);
    sb_add(&b, s + i, c - i);
    i = c > i ? c : i + 1;
  }
  free(t);
  return sb_take(&b);
}

static char *change_case(const char *s, const char *pat, int op)
{
  char *r = xstrdup(s);
  for (size_t i = 0; r[i]; i++) {
    char c[2] = {r[i], 0};
    bool first_only = op == PO_UPPER1 || op == PO_LOWER1 || op == PO_TOGGLE1;
    if (pat && *pat && !pat_match(pat, c)) {
      if (first_only) break;
      continue;
    }
    unsigned char ch = (unsigned char)r[i];
    if (op == PO_UPPER || op == PO_UPPER1) r[i] = (char)toupper(ch);
    else if (op == PO_LOWER || op == PO_LOWER1) r[i] = (char)tolower(ch);
    else r[i] = (char)(isupper(ch) ? tolower(ch) : toupper(ch));
    if (first_only) break;
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
/* ${x@Q}: quoted for reuse as bash quotes it ('...', or $'...' when
** the value has control characters) */
char *sh_quote(const char *v)
{
  sbuf b = {0};
  bool ctrl = false;
  for (const unsigned char *p = (const unsigned char *)v; *p; p++)
    if (*p < 32 || *p == 127) ctrl = true;
  if (!ctrl) {
    sb_addc(&b, '\'');
    for (const char *p = v; *p; p++) {
      if (*p == '\'') sb_adds(&b, "'\\''");
      else sb_addc(&b, *p);
    }
    sb_addc(&b, '\'');
    return sb_take(&b);
  }
  sb_adds(&b, "$'");
  for (const unsigned char *p = (const unsigned char *)v; *p; p++) {
    const char *e = NULL;
    switch (*p) {
    case '\n': e = "\\n"; break;
    case '\t': e = "\\t"; break;
    case '\r': e = "\\r"; break;
    case '\a': e = "\\a"; break;
    case '\b': e = "\\b"; break;
    case '\f': e = "\\f"; break;
    case '\v': e = "\\v"; break;
    case 27: e = "\\E"; break;
    case '\\': e = "\\\\"; break;
    case '\'': e = "\\'"; break;
    default: break;
    }
    if (e) sb_adds(&b, e);
    else if (*p < 32 || *p == 127) sb_printf(&b, "\\%03o", *p);
    else sb_addc(&b, (char)*p);
  }
  sb_addc(&b, '\'');
  return sb_take(&b);
}

/* ${x@E}: backslash escapes as $'...' reads them */
static char *at_escapes(const char *v)
{
  sbuf b = {0};
  for (const char *p = v; *p; p++) {
    if (*p != '\\' || !p[1]) {
      sb_addc(&b, *p);
      continue;
    }
    char c = *++p;
    static const char from[] = "ntrabfveE\\'\"?", to[] = "\n\t\r\a\b\f\v\033\033\\'\"?";
    const char *at = strchr(from, c);
    if (at) {
      sb_addc(&b, to[at - from]);
    } else if (c >= '0' && c <= '7') {
      int n = 0, k = 0;
      for (; k < 3 && p[k] >= '0' && p[k] <= '7'; k++) n = n * 8 + (p[k] - '0');
      p += k - 1;
      sb_addc(&b, (char)n);
    } else if (c == 'x' && isxdigit((unsigned char)p[1])) {
      int n = 0, k = 1;
      for (; k < 3 && isxdigit((unsigned char)p[k]); k++)
        n = n * 16 + (isdigit((unsigned char)p[k]) ? p[k] - '0' : (tolower((unsigned char)p[k]) - 'a' + 10));
      p += k - 1;
      sb_addc(&b, (char)n);
    } else {
      sb_addc(&b, '\\');
      sb_addc(&b, c);
    }
  }
  return b.s ? sb_take(&b) : xstrdup("");
}

static char *transform(wpart *p, const char *v)
{
  switch (p->op) {
  case PO_AT:
    switch (p->at_op) {
    case 'Q': return sh_quote(v);
    case 'A': {
      /* the assignment that makes the variable, with its attributes */
      if (!p->subscripted && !var_get(p->text)) return xstrdup("");
      sbuf b = {0};
      int fl = p->subscripted ? 0 : var_flags(p->text);
      if (fl > 0 && (fl & (V_INTEGER | V_READONLY | V_EXPORT))) {
        sb_adds(&b, "declare -");
        if (fl & V_INTEGER) sb_addc(&b, 'i');
        if (fl & V_READONLY) sb_addc(&b, 'r');
        if (fl & V_EXPORT) sb_addc(&b, 'x');
        sb_addc(&b, ' ');
      }
      char *q = sh_quote(v);
      sb_printf(&b, "%s=%s", p->text, q);
      free(q);
      return sb_take(&b);
    }
    case 'E': return at_escapes(v);
    case 'U': case 'u': case 'L': {
      char *r = xstrdup(v);
      for (char *c = r; *c; c++) {
        *c = (char)(p->at_op == 'L' ? tolower((unsigned char)*c) : toupper((unsigned char)*c));
        if (p->at_op == 'u') break;
      }
      return r;
    }
    case 'a': {
      int f = var_flags(p->text);
      sbuf b = {0};
      if (f & V_ARRAY) sb_addc(&b, 'a');
      if (f & V_ASSOC) sb_addc(&b, 'A');
      if (f & V_INTEGER) sb_addc(&b, 'i');
      if (f & V_READONLY) sb_addc(&b, 'r');
      if (f & V_EXPORT) sb_addc(&b, 'x');
      return b.s ? sb_take(&b) : xstrdup("");
    }
    default: return xstrdup(v);
    }
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
  case PO_UPPER1: case PO_UPPER: case PO_LOWER1: case PO_LOWER: case PO_TOGGLE1: case PO_TOGGLE: {
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
  sh_fatal(sh.is_c && !sh.in_child && !sh.opt_e ? 127 : 1);
}

/* A list's values: the positional parameters (idx from 1), an array's
** elements (its indices; an associative array's positions), or names. */
typedef struct vlist {
  const char **v;
  long *idx;
  int n;
  bool positional;
} vlist;

/* $@ $* ${a[@]} ${a[*]} ${!a[@]} ${!prefix*}: one value per element, with
** the operators applied to each */
static void ex_values(xout *o, wpart *p, bool quoted, bool star, const vlist *l)
{
  int n = l->n;
  char **vals = xcalloc((size_t)n + 2, sizeof *vals);
  int nv = 0;
  int64_t off = l->positional ? 1 : 0, len = -1;
  bool slice = p->op == PO_SLICE;
  if (slice) {
    if (!arith_word(p->sub, &off)) goto out;
    if (p->sub2 && !arith_word(p->sub2, &len)) goto out;
    if (p->sub2 && len < 0) {
      sh_error("%s: substring expression < 0", p->sub2->raw ? p->sub2->raw : "");
      sh.aborting = true;
      goto out;
    }
    long top = l->positional ? n + 1 : (n ? l->idx[n - 1] + 1 : 0);
    if (off < 0) off += top;
    if (off < 0) goto out;
  }
  if (l->positional && slice && off == 0 && len != 0) {
    vals[nv++] = transform(p, sh.name ? sh.name : "sh");
    off = 1;
  }
  for (int i = 0; i < n; i++) {
    if (slice && len >= 0 && nv >= len) break;
    if (slice && l->idx[i] < off) continue;
    vals[nv++] = transform(p, l->v[i]);
  }
  if (p->op == PO_LEN) {
    char num[32];
    snprintf(num, sizeof num, "%d", n);
    xo_text(o, num, strlen(num), quoted, !quoted);
    goto out;
  }
  const char *ifs = var_get("IFS");
  if (p->op == PO_DEFAULT || p->op == PO_ASSIGN || p->op == PO_ERROR || p->op == PO_ALT) {
    bool null = n == 0 || (p->colon && n == 1 && !l->v[0][0]);
    if (p->colon && quoted && star && n > 1 && ifs && !*ifs) {
      /* "${*:-x}": the joined value is what is null or not */
      null = true;
      for (int i = 0; i < n; i++)
        if (l->v[i][0]) null = false;
    }
    if (p->op == PO_ALT) {
      /* "${a[@]+x}": no field when there are no values, else one field
      ** (x, or empty when x is not taken), as bash's */
      if (quoted && n > 0) xo_present(o);
      if (!null) ex_sub_into(o, p->sub, quoted);
      goto out;
    }
    if (null) {
      if (p->op == PO_ERROR) {
        char *m = p->sub ? ex_string(p->sub) : NULL;
        sh_error("%s: %s", p->text, m && *m ? m : "parameter null or not set");
        free(m);
        sh_fatal(sh.is_c && !sh.in_child ? 127 : 1);
        goto out;
      }
      ex_sub_into(o, p->sub, quoted);
      goto out;
    }
  }
  char sep[2] = {ifs ? ifs[0] : ' ', 0};
  bool fields = xo_fields(o);
  for (int i = 0; i < nv; i++) {
    if (i > 0) {
      if (quoted && star) {
        if (sep[0]) xo_text(o, sep, 1, true, false);
      } else if (!fields) {
        /* s=$* joins with IFS's first character, s=$@ with a space */
        if (star ? sep[0] : true) xo_text(o, star ? sep : " ", 1, true, false);
      } else if (!quoted && sep[0]) {
        /* unquoted, the values are joined by IFS's first character and
        ** the whole split: IFS=x makes an empty value an empty field */
        xo_text(o, sep, 1, false, true);
      } else if (!quoted && star && p->bang) {
        /* IFS='': ${!prefix*} and ${!a[*]} are one field (bash), the
        ** keys joined by spaces */
        if (p->subscripted) xo_text(o, " ", 1, true, false);
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

static void ex_list(xout *o, wpart *p, bool quoted)
{
  vlist l = {(const char **)sh.argv, xcalloc((size_t)sh.argc + 1, sizeof(long)), sh.argc, true};
  for (int i = 0; i < sh.argc; i++) l.idx[i] = i + 1;
  ex_values(o, p, quoted, p->text[0] == '*', &l);
  free(l.idx);
}

static void add_name(const char *name, const char *value, int flags, void *u)
{
  (void)flags;
  strv *names = u;
  if (value && !strncmp(name, names->v[0], strlen(names->v[0]))) sv_push(names, xstrdup(name));
}

static void add_array_name(const char *name, int flags, array *a, void *u)
{
  (void)flags, (void)a;
  add_name(name, "", 0, u);
}

static int cmpstr(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* ${a[@]} ${!a[@]} ${!prefix*} */
static void ex_array_list(xout *o, wpart *p, bool quoted)
{
  strv keep = {0};
  vlist l = {0};
  array *a = var_array(p->text);
  if (p->bang && !p->subscripted) { /* names starting with the prefix */
    sv_push(&keep, xstrdup(p->text));
    var_each(add_name, &keep);
    var_each_array(add_array_name, &keep);
    qsort(keep.v + 1, keep.n - 1, sizeof *keep.v, cmpstr);
    l.n = (int)keep.n - 1;
    l.v = (const char **)keep.v + 1;
  } else if (a) {
    l.n = (int)arr_count(a);
    l.v = xcalloc((size_t)l.n + 1, sizeof *l.v);
    for (int i = 0; i < l.n; i++) {
      if (p->bang) {
        char *k = arr_key_at(a, (size_t)i);
        sv_push(&keep, k);
        l.v[i] = k;
      } else {
        l.v[i] = arr_val_at(a, (size_t)i);
      }
    }
  } else {
    const char *v = var_get(p->text);
    if (v) {
      l.n = 1;
      l.v = xcalloc(2, sizeof *l.v);
      l.v[0] = p->bang ? "0" : v;
    } else if (sh.opt_u && !p->bang && p->op != PO_DEFAULT && p->op != PO_ALT && p->op != PO_ASSIGN) {
      unbound(p->text);
    }
  }
  l.idx = xcalloc((size_t)l.n + 1, sizeof *l.idx);
  for (int i = 0; i < l.n; i++) l.idx[i] = a && !arr_assoc(a) && p->subscripted ? arr_idx_at(a, (size_t)i) : i;
  ex_values(o, p, quoted, p->all == '*', &l);
  if (!(p->bang && !p->subscripted)) free(l.v);
  free(l.idx);
  sv_free(&keep);
}

/* the value of "name" or "name[sub]" (for ${!x}) */
static char *named_value(const char *ref, bool *set)
{
  asg g;
  const char *br = strchr(ref, '[');
  size_t n = strlen(ref);
  if (br && n > 2 && ref[n - 1] == ']' && is_name(ref, (size_t)(br - ref))) {
    (void)g;
    char *name = xstrndup(ref, (size_t)(br - ref));
    char *sub = arr_sub_text(br + 1, n - (size_t)(br - ref) - 2);
    const char *v = var_elem_get(name, sub);
    free(name);
    free(sub);
    *set = v != NULL;
    return v ? xstrdup(v) : NULL;
  }
  return ex_param_value(ref, set);
}

void ex_param(xout *o, wpart *p, bool quoted)
{
  const char *name = p->text;
  if (p->op == PO_BAD) {
    sh_error("%s: bad substitution", name);
    sh.status = 1;
    sh.aborting = true;
    return;
  }
  if ((name[0] == '@' || name[0] == '*') && !name[1] && !p->bang) {
    ex_list(o, p, quoted);
    return;
  }
  if (p->all) {
    ex_array_list(o, p, quoted);
    return;
  }
  bool set;
  char *v;
  if (p->index) {
    char *sub = ex_string(p->index);
    if (!sub) return;
    const char *e = var_elem_get(name, sub);
    free(sub);
    set = e != NULL;
    v = e ? xstrdup(e) : NULL;
  } else if (p->bang && var_nameref_target(name)) {
    /* ${!ref} of a nameref: the name it refers to, as bash's */
    v = xstrdup(var_nameref_target(name));
    set = true;
  } else if (p->bang) { /* ${!x}: the variable x names */
    bool ok;
    char *ref = ex_param_value(name, &ok);
    if (!ok || !ref || !*ref) {
      if (sh.opt_u || !ok) {
        sh_error("%s: invalid indirect expansion", name);
        free(ref);
        sh.aborting = true;
        return;
      }
    }
    v = named_value(ref ? ref : "", &set);
    free(ref);
  } else {
    v = ex_param_value(name, &set);
  }
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
        sh_fatal(sh.is_c && !sh.in_child ? 127 : 1);
        return;
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
      sh_fatal(sh.is_c && !sh.in_child ? 127 : 1);
      return;
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
