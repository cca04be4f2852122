/* test.c - test / [ (POSIX's rules by the number of arguments, then
** -a -o ! and parentheses) and the conditional command [[ ]]: patterns
** on the right of == and !=, =~ as an extended regular expression,
** arithmetic on both sides of -eq and its kin. */
#include "sh.h"

#include <errno.h>
#include <stdio.h>

#include <regex.h>
#include <stdlib.h>
#include <string.h>

static const char *const unary_ops[] = {"-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-L",
                                        "-n", "-N", "-O", "-G", "-p", "-r", "-s", "-S", "-t", "-u",
                                        "-w", "-x", "-z", "-o", "-v", NULL};
static const char *const binary_ops[] = {"=", "==", "!=", "<", ">", "-eq", "-ne", "-lt", "-le",
                                         "-gt", "-ge", "-nt", "-ot", "-ef", NULL};

static bool in(const char *const *list, const char *s)
{
  for (; *list; list++)
    if (!strcmp(*list, s)) return true;
  return false;
}

bool test_is_unary(const char *op) { return in(unary_ops, op); }
bool test_is_binary(const char *op) { return in(binary_ops, op); }

/* the name the builtin was run by, in its messages: `[` or `test` */
static const char *test_name = "test";

static bool integer(const char *s, long long *v)
{
  while (*s == ' ' || *s == '\t') s++;
  char *end;
  if (!*s) return false;
  *v = strtoll(s, &end, 10);
  while (*end == ' ' || *end == '\t') end++;
  return !*end && (s[0] != '+' || s[1]) && end != s;
}

/* 0 true, 1 false; *ok false on an error (status 2) */
int test_unary(const char *op, const char *arg, bool *ok)
{
  *ok = true;
  char c = op[1];
  if (c == 'z') return *arg ? 1 : 0;
  if (c == 'n') return *arg ? 0 : 1;
  if (c == 'o') {
    /* set -o NAME */
    static const struct { const char *n; bool *v; } o[] = {
        {"errexit", &sh.opt_e}, {"nounset", &sh.opt_u}, {"xtrace", &sh.opt_x}, {"noglob", &sh.opt_f},
        {"noclobber", &sh.opt_C}, {"allexport", &sh.opt_a}, {"pipefail", &sh.pipefail}};
    for (size_t i = 0; i < sizeof o / sizeof *o; i++)
      if (!strcmp(o[i].n, arg)) return *o[i].v ? 0 : 1;
    return 1;
  }
  if (c == 'v') {
    /* -v a[i]: that element; -v a: an array is set when element 0 is */
    const char *br = strchr(arg, '[');
    size_t n = strlen(arg);
    if (br && br > arg && n > 2 && arg[n - 1] == ']' && is_name(arg, (size_t)(br - arg))) {
      char *name = xstrndup(arg, (size_t)(br - arg));
      char *sub = arr_sub_text(br + 1, n - (size_t)(br - arg) - 2);
      array *a = var_array(name);
      bool set;
      if (!strcmp(sub, "@") || !strcmp(sub, "*")) set = a ? arr_count(a) > 0 : var_get(name) != NULL;
      else set = var_elem_get(name, sub) != NULL;
      free(name);
      free(sub);
      return set ? 0 : 1;
    }
    return var_get(arg) ? 0 : 1;
  }
  if (c == 't') {
    long long fd;
    if (!integer(arg, &fd) || fd < 0 || fd > 1023) return 1;
    return acs_sys_isatty((int)fd) ? 0 : 1;
  }
  acs__sys_stat st;
  int rc = (c == 'h' || c == 'L') ? acs_sys_lstat(arg, &st) : acs_sys_stat(arg, &st);
  if (rc < 0) return 1;
  unsigned type = st.mode & 0170000;
  switch (c) {
  case 'a': case 'e': return 0;
  case 'f': return type == 0100000 ? 0 : 1;
  case 'd': return type == 0040000 ? 0 : 1;
  case 'b': return type == 0060000 ? 0 : 1;
  case 'c': return type == 0020000 ? 0 : 1;
  case 'p': return type == 0010000 ? 0 : 1;
  case 'S': return type == 0140000 ? 0 : 1;
  case 'h': case 'L': return type == 0120000 ? 0 : 1;
  case 's': return st.size > 0 ? 0 : 1;
  case 'g': return (st.mode & 02000) ? 0 : 1;
  case 'u': return (st.mode & 04000) ? 0 : 1;
  case 'k': return (st.mode & 01000) ? 0 : 1;
  case 'r': return acs_sys_access(arg, 4) == 0 ? 0 : 1;
  case 'w': return acs_sys_access(arg, 2) == 0 ? 0 : 1;
  case 'x': return acs_sys_access(arg, 1) == 0 ? 0 : 1;
  case 'O': case 'G': case 'N': return 0;
  default: *ok = false; return 2;
  }
}

static int64_t mtime_of(const char *path, bool *exists)
{
  acs__sys_stat st;
  *exists = acs_sys_stat(path, &st) == 0;
  return *exists ? st.mtime_s * 1000000000LL + st.mtime_ns : 0;
}

int test_binary(const char *a, const char *op, const char *b, bool *ok)
{
  *ok = true;
  if (!strcmp(op, "=") || !strcmp(op, "==")) return strcmp(a, b) ? 1 : 0;
  if (!strcmp(op, "!=")) return strcmp(a, b) ? 0 : 1;
  if (!strcmp(op, "<")) return strcmp(a, b) < 0 ? 0 : 1;
  if (!strcmp(op, ">")) return strcmp(a, b) > 0 ? 0 : 1;
  if (!strcmp(op, "-nt") || !strcmp(op, "-ot")) {
    bool ea, eb;
    int64_t ta = mtime_of(a, &ea), tb = mtime_of(b, &eb);
    if (op[1] == 'n') return (ea && (!eb || ta > tb)) ? 0 : 1;
    return (eb && (!ea || ta < tb)) ? 0 : 1;
  }
  if (!strcmp(op, "-ef")) {
    acs__sys_stat x, y;
    if (acs_sys_stat(a, &x) || acs_sys_stat(b, &y)) return 1;
    return x.ino == y.ino && x.dev == y.dev ? 0 : 1;
  }
  long long x, y;
  if (!integer(a, &x)) {
    sh_error("%s: %s: integer expression expected", test_name, a);
    *ok = false;
    return 2;
  }
  if (!integer(b, &y)) {
    sh_error("%s: %s: integer expression expected", test_name, b);
    *ok = false;
    return 2;
  }
  bool r;
  if (!strcmp(op, "-eq")) r = x == y;
  else if (!strcmp(op, "-ne")) r = x != y;
  else if (!strcmp(op, "-lt")) r = x < y;
  else if (!strcmp(op, "-le")) r = x <= y;
  else if (!strcmp(op, "-gt")) r = x > y;
  else r = x >= y;
  return r ? 0 : 1;
}

/* ---- test / [ ----------------------------------------------------------- */

typedef struct tp {
  char **a;
  int n, i;
  bool err;
} tp;

static int t_or(tp *t);

static int t_prim(tp *t)
{
  if (t->i >= t->n) {
    t->err = true;
    sh_error("%s: argument expected", test_name);
    return 2;
  }
  const char *a = t->a[t->i];
  if (!strcmp(a, "!")) {
    t->i++;
    int r = t_prim(t);
    return r == 2 ? 2 : !r;
  }
  if (!strcmp(a, "(")) {
    t->i++;
    int r = t_or(t);
    if (t->i >= t->n || strcmp(t->a[t->i], ")")) {
      sh_error("%s: `)' expected", test_name);
      t->err = true;
      return 2;
    }
    t->i++;
    return r;
  }
  if (t->i + 2 < t->n + 0 && test_is_binary(t->a[t->i + 1])) {
    bool ok;
    int r = test_binary(a, t->a[t->i + 1], t->a[t->i + 2], &ok);
    t->i += 3;
    if (!ok) t->err = true;
    return r;
  }
  if (test_is_unary(a) && t->i + 1 < t->n) {
    bool ok;
    int r = test_unary(a, t->a[t->i + 1], &ok);
    t->i += 2;
    if (!ok) t->err = true;
    return r;
  }
  t->i++;
  return *a ? 0 : 1;
}

static int t_and(tp *t)
{
  int r = t_prim(t);
  while (!t->err && t->i < t->n && !strcmp(t->a[t->i], "-a")) {
    t->i++;
    int s = t_prim(t);
    r = (r == 0 && s == 0) ? 0 : 1;
  }
  return r;
}

static int t_or(tp *t)
{
  int r = t_and(t);
  while (!t->err && t->i < t->n && !strcmp(t->a[t->i], "-o")) {
    t->i++;
    int s = t_and(t);
    r = (r == 0 || s == 0) ? 0 : 1;
  }
  return r;
}

static int t_eval(char **a, int n);

/* POSIX's rules for up to four arguments */
static int t_small(char **a, int n, bool *handled)
{
  *handled = true;
  bool ok = true;
  int r;
  switch (n) {
  case 0: return 1;
  case 1: return *a[0] ? 0 : 1;
  case 2:
    if (!strcmp(a[0], "!")) return *a[1] ? 1 : 0;
    if (test_is_unary(a[0])) {
      r = test_unary(a[0], a[1], &ok);
      return ok ? r : 2;
    }
    sh_error("%s: %s: unary operator expected", test_name, a[0]);
    return 2;
  case 3:
    if (test_is_binary(a[1])) {
      r = test_binary(a[0], a[1], a[2], &ok);
      return ok ? r : 2;
    }
    /* "$1 -a $3" is the two one-argument tests, whatever $1 and $3 look
    ** like ([ -z -a ] ] is true), as bash's three-argument rule */
    if (!strcmp(a[1], "-a")) return *a[0] && *a[2] ? 0 : 1;
    if (!strcmp(a[1], "-o")) return *a[0] || *a[2] ? 0 : 1;
    if (!strcmp(a[0], "!")) {
      r = t_eval(a + 1, 2);
      return r == 2 ? 2 : !r;
    }
    if (!strcmp(a[0], "(") && !strcmp(a[2], ")")) return *a[1] ? 0 : 1;
    sh_error("%s: %s: binary operator expected", test_name, a[1]);
    return 2;
  case 4:
    if (!strcmp(a[0], "!")) {
      r = t_eval(a + 1, 3);
      return r == 2 ? 2 : !r;
    }
    if (!strcmp(a[0], "(") && !strcmp(a[3], ")")) return t_eval(a + 1, 2);
    break;
  default: break;
  }
  *handled = false;
  return 0;
}

static int t_eval(char **a, int n)
{
  bool handled;
  int r = t_small(a, n, &handled);
  if (handled) return r;
  tp t = {a, n, 0, false};
  r = t_or(&t);
  if (!t.err && t.i < t.n) {
    sh_error("%s: too many arguments", test_name);
    return 2;
  }
  return t.err ? 2 : r;
}

int bi_test(int argc, char **argv)
{
  if (!strcmp(argv[0], "[")) {
    if (strcmp(argv[argc - 1], "]")) {
      sh_error("[: missing `]'");
      return 2;
    }
    argc--;
  }
  test_name = argv[0][0] == '[' ? "[" : "test";
  int st = t_eval(argv + 1, argc - 1);
  test_name = "test";
  return st;
}

/* ---- [[ ]] --------------------------------------------------------------- */

/* -1: the word's expansion failed; 0: its arithmetic did (bash says so
** and the test is false); 1: *v is its value */
static int arith_of(word *w, int64_t *v)
{
  char *s = ex_string(w);
  if (!s) return -1;
  const char *ctx = arith_ctx;
  arith_ctx = "[[";
  bool ok = arith_eval(s, v);
  arith_ctx = ctx;
  free(s);
  return ok;
}

/* =~: an extended regular expression; BASH_REMATCH gets the match and
** its groups (emptied when there is none), as in bash */
static int regex_match(const char *s, const char *re)
{
  regex_t r;
  if (regcomp(&r, re, REG_EXTENDED)) return 2;
  regmatch_t m[64];
  size_t ng = r.re_nsub + 1 < 64 ? r.re_nsub + 1 : 64;
  int rc = regexec(&r, s, ng, m, 0);
  regfree(&r);
  var_unset("BASH_REMATCH");
  array *a = var_make_array("BASH_REMATCH", false);
  if (rc == 0 && a) {
    for (size_t i = 0; i < ng; i++) {
      if (m[i].rm_so < 0) {
        arr_seti(a, (long)i, "");
        continue;
      }
      char *g = xstrndup(s + m[i].rm_so, (size_t)(m[i].rm_eo - m[i].rm_so));
      arr_seti(a, (long)i, g);
      free(g);
    }
  }
  return rc == 0 ? 0 : 1;
}

/* set -x: bash traces each primary of [[ ]] with its expanded operands */
static bool cond_not;
static void trace_cond(const char *a, const char *op, const char *b)
{
  if (!sh.opt_x) return;
  sbuf t = {0};
  sb_adds(&t, cond_not ? "[[ ! " : "[[ ");
  if (a) sb_printf(&t, "%s ", a);
  if (op) sb_printf(&t, "%s ", op);
  if (b) sb_printf(&t, "%s ", b);
  sb_adds(&t, "]]");
  trace_text(t.s);
  sb_free(&t);
}

/* *status 0 true, 1 false; false on an error */
bool cond_eval(cond *c, int *status)
{
  int a, b;
  bool neg = cond_not;
  cond_not = false;
  switch (c->kind) {
  case C_AND:
    if (!cond_eval(c->l, &a)) return false;
    if (a) {
      *status = 1;
      return true;
    }
    return cond_eval(c->r, status);
  case C_OR:
    if (!cond_eval(c->l, &a)) return false;
    if (!a) {
      *status = 0;
      return true;
    }
    return cond_eval(c->r, status);
  case C_NOT:
    cond_not = !neg;
    if (!cond_eval(c->l, &a)) return false;
    *status = !a;
    return true;
  case C_WORD: {
    char *s = ex_string(c->a);
    if (!s) return false;
    cond_not = neg;
    trace_cond(s, NULL, NULL);
    cond_not = false;
    *status = *s ? 0 : 1;
    free(s);
    return true;
  }
  case C_UNARY: {
    char *s = ex_string(c->a);
    if (!s) return false;
    cond_not = neg;
    trace_cond(c->op, s, NULL);
    cond_not = false;
    bool ok;
    *status = test_unary(c->op, s, &ok);
    free(s);
    return ok;
  }
  case C_BINARY: {
    const char *op = c->op;
    if (!strcmp(op, "-eq") || !strcmp(op, "-ne") || !strcmp(op, "-lt") || !strcmp(op, "-le") ||
        !strcmp(op, "-gt") || !strcmp(op, "-ge")) {
      int64_t x, y;
      int ra = arith_of(c->a, &x), rb = ra > 0 ? arith_of(c->b, &y) : 0;
      if (ra < 0 || rb < 0) return false;
      if (!ra || !rb) {
        *status = 1;
        return true;
      }
      if (sh.opt_x) {
        char xs[32], ys[32];
        snprintf(xs, sizeof xs, "%lld", (long long)x);
        snprintf(ys, sizeof ys, "%lld", (long long)y);
        cond_not = neg;
        trace_cond(xs, op, ys);
        cond_not = false;
      }
      bool r = op[1] == 'e' ? x == y : op[1] == 'n' ? x != y : op[1] == 'l' ? (op[2] == 't' ? x < y : x <= y)
                                                                            : (op[2] == 't' ? x > y : x >= y);
      *status = r ? 0 : 1;
      return true;
    }
    char *l = ex_string(c->a);
    if (!l) return false;
    char *r;
    bool pattern = !strcmp(op, "==") || !strcmp(op, "=") || !strcmp(op, "!=");
    if (pattern) r = ex_pattern(c->b);
    else if (!strcmp(op, "=~")) r = ex_regex(c->b);
    else r = ex_string(c->b);
    if (!r) {
      free(l);
      return false;
    }
    cond_not = neg;
    trace_cond(l, op, r);
    cond_not = false;
    bool ok = true;
    if (pattern) {
      b = pat_match_opt(r, l, true, shopt_on("nocasematch")) ? 0 : 1; /* [[ ]] always has extglob */
      *status = op[0] == '!' ? !b : b;
    } else if (!strcmp(op, "=~")) {
      *status = regex_match(l, r);
      ok = *status != 2;
    } else {
      *status = test_binary(l, op, r, &ok);
    }
    free(l);
    free(r);
    return ok;
  }
  }
  return false;
}
