/* arith.c - shell arithmetic: 64-bit integers with C's operators and
** precedence, assignment forms, ++/--, the ternary and comma operators,
** bases (0x, 0 octal, N#digits), and variables whose values are
** themselves evaluated as expressions, as bash does. Errors are reported
** with bash's words ("division by 0 (error token is ...)"). */
#include "sh.h"

#include <errno.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ar {
  const char *s, *p;
  const char *expr;
  bool err;
  int noeval;   /* > 0: inside an unevaluated branch: no side effects */
  int depth;
  int nest;     /* operator and parenthesis nesting in this text */
} ar;

static int64_t a_comma(ar *a);
static int64_t a_assign(ar *a);

static void ws(ar *a)
{
  while (*a->p == ' ' || *a->p == '\t' || *a->p == '\n') a->p++;
}

const char *arith_ctx;

static void fail(ar *a, const char *what)
{
  if (a->err) return;
  a->err = true;
  const char *tok = a->p;
  sh_error("%s%s%s: %s (error token is \"%s\")", arith_ctx ? arith_ctx : "", arith_ctx ? ": " : "", a->expr,
           what, *tok ? tok : "");
}

static int64_t eval_text(ar *a, const char *text);

/* name or name[sub] (name_at keeps a subscript in the name) */
static const char *lookup(const char *name)
{
  const char *br = strchr(name, '[');
  if (!br) return var_get(name);
  char base[256], sub[256];
  snprintf(base, sizeof base, "%.*s", (int)(br - name), name);
  snprintf(sub, sizeof sub, "%.*s", (int)(strlen(br) - 2), br + 1);
  return var_elem_get(base, sub);
}

static int64_t var_value(ar *a, const char *name)
{
  const char *v = lookup(name);
  if (!v) {
    if (sh.opt_u && !a->noeval) {
      /* as a parameter's expansion: the shell exits */
      sh_error("%s: unbound variable", name);
      sh_fatal(sh.is_c && !sh.opt_e ? 127 : 1);
    }
    return 0;
  }
  if (!v[strspn(v, " \t\n")]) return 0; /* empty or blank: 0 */
  return eval_text(a, v);
}

static void set_var(ar *a, const char *name, int64_t v)
{
  if (a->noeval) return;
  char num[32];
  snprintf(num, sizeof num, "%lld", (long long)v);
  const char *br = strchr(name, '[');
  if (br) {
    char base[256], sub[256];
    snprintf(base, sizeof base, "%.*s", (int)(br - name), name);
    snprintf(sub, sizeof sub, "%.*s", (int)(strlen(br) - 2), br + 1);
    if (var_elem_set(base, sub, num, false) < 0) a->err = true;
    return;
  }
  if (var_set(name, num, 0) < 0) a->err = true;
}

static int digit_val(char c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 36;
  if (c == '@') return 62;
  if (c == '_') return 63;
  return 99;
}

static int64_t number(ar *a)
{
  const char *p = a->p;
  uint64_t v = 0;
  int base = 10;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    base = 16;
    p += 2;
  } else if (p[0] == '0' && isdigit((unsigned char)p[1])) {
    base = 8;
    p++;
  } else {
    const char *q = p;
    while (isdigit((unsigned char)*q)) q++;
    if (*q == '#') {
      base = atoi(p);
      if (base < 2 || base > 64) {
        fail(a, "invalid arithmetic base");
        return 0;
      }
      p = q + 1;
    }
  }
  const char *start = p;
  while (isalnum((unsigned char)*p) || *p == '@' || *p == '_') {
    int d = digit_val(*p);
    if (base <= 36 && d >= 36 && d < 62) d -= 26; /* letters of either case */
    if (d >= base) {
      a->p = start;
      fail(a, "value too great for base");
      return 0;
    }
    v = v * (uint64_t)base + (uint64_t)d;
    p++;
  }
  a->p = p;
  return (int64_t)v;
}

static bool name_at(ar *a, char *name, size_t cap)
{
  ws(a);
  const char *p = a->p;
  if (!(isalpha((unsigned char)*p) || *p == '_')) return false;
  size_t n = 0;
  while ((isalnum((unsigned char)p[n]) || p[n] == '_') && n + 1 < cap) n++;
  if (p[n] == '[') { /* an array element: the subscript goes with the name */
    int depth = 0;
    size_t k = n;
    for (; p[k]; k++) {
      if (p[k] == '[') depth++;
      else if (p[k] == ']' && --depth == 0) break;
    }
    if (p[k] == ']' && k + 1 < cap) n = k + 1;
  }
  memcpy(name, p, n);
  name[n] = 0;
  return true;
}

static int64_t a_unary(ar *a);

static int64_t a_primary(ar *a)
{
  ws(a);
  if (a->err) return 0;
  if (*a->p == '(') {
    a->p++;
    int64_t v = a_comma(a);
    ws(a);
    if (*a->p != ')') {
      fail(a, "missing `)'");
      return 0;
    }
    a->p++;
    return v;
  }
  if (isdigit((unsigned char)*a->p)) return number(a);
  char name[256];
  if (name_at(a, name, sizeof name)) {
    a->p += strlen(name);
    ws(a);
    if (a->p[0] == '+' && a->p[1] == '+') {
      a->p += 2;
      int64_t v = var_value(a, name);
      set_var(a, name, (int64_t)((uint64_t)v + 1)); /* wraps, as bash */
      return v;
    }
    if (a->p[0] == '-' && a->p[1] == '-') {
      a->p += 2;
      int64_t v = var_value(a, name);
      set_var(a, name, (int64_t)((uint64_t)v - 1));
      return v;
    }
    return var_value(a, name);
  }
  if (!*a->p) {
    /* at the end bash's error token is the operator that wanted it */
    const char *q = a->p;
    while (q > a->expr && strchr(" \t\n", q[-1])) q--;
    while (q > a->expr && strchr("+-*/%<>=!&|^~?:,", q[-1])) q--;
    a->p = q;
  }
  fail(a, "syntax error: operand expected");
  return 0;
}

static int64_t a_unary_at(ar *a)
{
  ws(a);
  char name[256];
  if ((a->p[0] == '+' && a->p[1] == '+') || (a->p[0] == '-' && a->p[1] == '-')) {
    int d = a->p[0] == '+' ? 1 : -1;
    a->p += 2;
    if (!name_at(a, name, sizeof name)) {
      fail(a, "syntax error: operand expected");
      return 0;
    }
    a->p += strlen(name);
    int64_t v = (int64_t)((uint64_t)var_value(a, name) + (uint64_t)(int64_t)d);
    set_var(a, name, v);
    return v;
  }
  if (*a->p == '!') {
    a->p++;
    return !a_unary(a);
  }
  if (*a->p == '~') {
    a->p++;
    return ~a_unary(a);
  }
  if (*a->p == '-') {
    a->p++;
    return (int64_t)(0 - (uint64_t)a_unary(a));
  }
  if (*a->p == '+') {
    a->p++;
    return a_unary(a);
  }
  return a_primary(a);
}

/* Every nesting (a parenthesis, a unary operator, a right-associative
** ** or ?: or =) passes here, so one counter bounds the recursion: a deep
** enough expression would otherwise overflow the stack, where bash also
** dies. 1024 is bash's own recursion limit. */
static int64_t a_unary(ar *a)
{
  if (a->nest >= 1024) {
    fail(a, "expression recursion level exceeded");
    return 0;
  }
  a->nest++;
  int64_t v = a_unary_at(a);
  a->nest--;
  return v;
}

static int64_t ipow(ar *a, int64_t b, int64_t e)
{
  if (e < 0) {
    fail(a, "exponent less than 0");
    return 0;
  }
  uint64_t r = 1, x = (uint64_t)b;
  while (e) {
    if (e & 1) r *= x;
    x *= x;
    e >>= 1;
  }
  return (int64_t)r;
}

static int64_t a_pow(ar *a)
{
  int64_t b = a_unary(a);
  ws(a);
  if (a->p[0] == '*' && a->p[1] == '*') {
    a->p += 2;
    int64_t e = a_pow(a); /* right associative */
    return ipow(a, b, e);
  }
  return b;
}

static int64_t divide(ar *a, int64_t l, int64_t r, bool mod, const char *at)
{
  if (r == 0) {
    if (!a->noeval) {
      const char *save = a->p;
      a->p = at;
      fail(a, "division by 0");
      a->p = save;
    }
    return 0;
  }
  if (l == INT64_MIN && r == -1) return mod ? 0 : l;
  return mod ? l % r : l / r;
}

static int64_t a_mul(ar *a)
{
  int64_t l = a_pow(a);
  for (;;) {
    ws(a);
    const char *at;
    if (a->p[0] == '*' && a->p[1] != '*' && a->p[1] != '=') {
      a->p++;
      l = (int64_t)((uint64_t)l * (uint64_t)a_pow(a));
    } else if ((a->p[0] == '/' || a->p[0] == '%') && a->p[1] != '=') {
      bool mod = a->p[0] == '%';
      a->p++;
      ws(a);
      at = a->p;
      int64_t r = a_pow(a);
      l = divide(a, l, r, mod, at);
    } else {
      return l;
    }
  }
}

static int64_t a_add(ar *a)
{
  int64_t l = a_mul(a);
  for (;;) {
    ws(a);
    if (a->p[0] == '+' && a->p[1] != '+' && a->p[1] != '=') {
      a->p++;
      l = (int64_t)((uint64_t)l + (uint64_t)a_mul(a));
    } else if (a->p[0] == '-' && a->p[1] != '-' && a->p[1] != '=') {
      a->p++;
      l = (int64_t)((uint64_t)l - (uint64_t)a_mul(a));
    } else {
      return l;
    }
  }
}

static int64_t a_shift(ar *a)
{
  int64_t l = a_add(a);
  for (;;) {
    ws(a);
    if (a->p[0] == '<' && a->p[1] == '<' && a->p[2] != '=') {
      a->p += 2;
      l = (int64_t)((uint64_t)l << (a_add(a) & 63));
    } else if (a->p[0] == '>' && a->p[1] == '>' && a->p[2] != '=') {
      a->p += 2;
      l = l >> (a_add(a) & 63);
    } else {
      return l;
    }
  }
}

static int64_t a_rel(ar *a)
{
  int64_t l = a_shift(a);
  for (;;) {
    ws(a);
    if (a->p[0] == '<' && a->p[1] == '=') a->p += 2, l = l <= a_shift(a);
    else if (a->p[0] == '>' && a->p[1] == '=') a->p += 2, l = l >= a_shift(a);
    else if (a->p[0] == '<' && a->p[1] != '<') a->p++, l = l < a_shift(a);
    else if (a->p[0] == '>' && a->p[1] != '>') a->p++, l = l > a_shift(a);
    else return l;
  }
}

static int64_t a_eq(ar *a)
{
  int64_t l = a_rel(a);
  for (;;) {
    ws(a);
    if (a->p[0] == '=' && a->p[1] == '=') a->p += 2, l = l == a_rel(a);
    else if (a->p[0] == '!' && a->p[1] == '=') a->p += 2, l = l != a_rel(a);
    else return l;
  }
}

static int64_t a_band(ar *a)
{
  int64_t l = a_eq(a);
  for (;;) {
    ws(a);
    if (a->p[0] == '&' && a->p[1] != '&' && a->p[1] != '=') a->p++, l &= a_eq(a);
    else return l;
  }
}

static int64_t a_bxor(ar *a)
{
  int64_t l = a_band(a);
  for (;;) {
    ws(a);
    if (a->p[0] == '^' && a->p[1] != '=') a->p++, l ^= a_band(a);
    else return l;
  }
}

static int64_t a_bor(ar *a)
{
  int64_t l = a_bxor(a);
  for (;;) {
    ws(a);
    if (a->p[0] == '|' && a->p[1] != '|' && a->p[1] != '=') a->p++, l |= a_bxor(a);
    else return l;
  }
}

static int64_t a_land(ar *a)
{
  int64_t l = a_bor(a);
  for (;;) {
    ws(a);
    if (a->p[0] == '&' && a->p[1] == '&') {
      a->p += 2;
      if (!l) a->noeval++;
      int64_t r = a_bor(a);
      if (!l) a->noeval--;
      l = l && r;
    } else {
      return l;
    }
  }
}

static int64_t a_lor(ar *a)
{
  int64_t l = a_land(a);
  for (;;) {
    ws(a);
    if (a->p[0] == '|' && a->p[1] == '|') {
      a->p += 2;
      if (l) a->noeval++;
      int64_t r = a_land(a);
      if (l) a->noeval--;
      l = l || r;
    } else {
      return l;
    }
  }
}

static int64_t a_ternary(ar *a)
{
  int64_t c = a_lor(a);
  ws(a);
  if (*a->p != '?') return c;
  a->p++;
  if (!c) a->noeval++;
  int64_t x = a_assign(a);
  if (!c) a->noeval--;
  ws(a);
  if (*a->p != ':') {
    fail(a, "`:' expected for conditional expression");
    return 0;
  }
  a->p++;
  if (c) a->noeval++;
  int64_t y = a_assign(a);
  if (c) a->noeval--;
  return c ? x : y;
}

static int64_t a_assign(ar *a)
{
  ws(a);
  char name[256];
  if (name_at(a, name, sizeof name)) {
    const char *save = a->p;
    a->p += strlen(name);
    ws(a);
    static const char *const ops[] = {"<<=", ">>=", "+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=",
                                      "=", NULL};
    for (int i = 0; ops[i]; i++) {
      size_t n = strlen(ops[i]);
      if (strncmp(a->p, ops[i], n)) continue;
      if (n == 1 && a->p[1] == '=') break; /* == */
      a->p += n;
      const char *at = a->p;
      int64_t r = a_assign(a);
      if (a->err) return 0;
      int64_t l = n == 1 ? 0 : var_value(a, name), v = r;
      switch (ops[i][0]) {
      case '<': v = (int64_t)((uint64_t)l << (r & 63)); break;
      case '>': v = l >> (r & 63); break;
      case '+': v = (int64_t)((uint64_t)l + (uint64_t)r); break;
      case '-': v = (int64_t)((uint64_t)l - (uint64_t)r); break;
      case '*': v = (int64_t)((uint64_t)l * (uint64_t)r); break;
      case '/': v = divide(a, l, r, false, at); break;
      case '%': v = divide(a, l, r, true, at); break;
      case '&': v = l & r; break;
      case '^': v = l ^ r; break;
      case '|': v = l | r; break;
      default: break;
      }
      if (a->err) return 0;
      set_var(a, name, v);
      return v;
    }
    a->p = save;
  }
  return a_ternary(a);
}

static int64_t a_comma(ar *a)
{
  int64_t v = a_assign(a);
  for (;;) {
    ws(a);
    if (*a->p != ',') return v;
    a->p++;
    v = a_assign(a);
  }
}

static int64_t eval_text(ar *outer, const char *text)
{
  if (outer->depth > 64) {
    fail(outer, "expression recursion level exceeded");
    return 0;
  }
  ar a = {.s = text, .p = text, .expr = text, .noeval = outer->noeval, .depth = outer->depth + 1};
  int64_t v = a_comma(&a);
  ws(&a);
  if (!a.err && *a.p) fail(&a, "syntax error in expression");
  if (a.err) outer->err = true;
  return v;
}

bool arith_eval(const char *expr, int64_t *out)
{
  ar a = {.s = expr, .p = expr, .expr = expr};
  ws(&a);
  a.expr = a.p; /* bash names the expression without its leading blanks */
  if (!*a.p) {
    *out = 0;
    return true;
  }
  int64_t v = a_comma(&a);
  ws(&a);
  if (!a.err && *a.p) fail(&a, "syntax error: invalid arithmetic operator");
  *out = v;
  return !a.err;
}
