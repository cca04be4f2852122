/* expr.c - evaluate expressions.
**
** Usage: expr EXPRESSION
**   or:  expr OPTION
**
**       --help        display this help and exit
**       --version     output version information and exit
**
** Print the value of EXPRESSION to standard output.  A blank line below
** separates increasing precedence groups.  EXPRESSION may be:
**
**   ARG1 | ARG2       ARG1 if it is neither null nor 0, otherwise ARG2
**
**   ARG1 & ARG2       ARG1 if neither argument is null or 0, otherwise 0
**
**   ARG1 < ARG2       ARG1 is less than ARG2
**   ARG1 <= ARG2      ARG1 is less than or equal to ARG2
**   ARG1 = ARG2       ARG1 is equal to ARG2
**   ARG1 != ARG2      ARG1 is unequal to ARG2
**   ARG1 >= ARG2      ARG1 is greater than or equal to ARG2
**   ARG1 > ARG2       ARG1 is greater than ARG2
**
**   ARG1 + ARG2       arithmetic sum of ARG1 and ARG2
**   ARG1 - ARG2       arithmetic difference of ARG1 and ARG2
**
**   ARG1 * ARG2       arithmetic product of ARG1 and ARG2
**   ARG1 / ARG2       arithmetic quotient of ARG1 divided by ARG2
**   ARG1 % ARG2       arithmetic remainder of ARG1 divided by ARG2
**
**   STRING : REGEXP   anchored pattern match of REGEXP in STRING
**
**   match STRING REGEXP        same as STRING : REGEXP
**   substr STRING POS LENGTH   substring of STRING, POS counted from 1
**   index STRING CHARS         index in STRING where any CHARS is found, or 0
**   length STRING              length of STRING
**   + TOKEN                    interpret TOKEN as a string, even if it is a
**                                keyword like 'match' or an operator like '/'
**
**   ( EXPRESSION )             value of EXPRESSION
**
** Beware that many operators need to be escaped or quoted for shells.
** Comparisons are arithmetic if both ARGs are numbers, else lexicographical.
** Pattern matches return the string matched between \( and \) or null; if
** \( and \) are not used, they return the number of characters matched or 0.
**
** Exit status is 0 if EXPRESSION is neither null nor 0, 1 if EXPRESSION is null
** or 0, 2 if EXPRESSION is syntactically invalid, and 3 if an error occurred.
*/

/* GNU coreutils' expr: the same grammar (GNU's eval..eval7), the
** keywords, short-circuit | and & that skip errors in the unevaluated
** side, and regcomp's basic regular expressions anchored at the start.
** Integers are 128-bit (GNU's are unbounded: beyond +-1.7e38 this one
** says "integer overflow"). Errors exit 2, as GNU's syntax errors do. */
#include "cmd.h"
#include "lib_text.h"

#include <ctype.h>
#include <locale.h>
#include <regex.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef __int128 num;

typedef struct val {
  bool is_int;
  num i;
  char *s; /* owned by the parser's list when !is_int */
} val;

typedef struct ex {
  acs_cmd *c;
  bool utf8; /* a UTF-8 locale: length, substr, index and : count characters */
  char **args, **end;
  jmp_buf fail;
  int status;
  char **owned;
  size_t nowned, capowned;
} ex;

static char *keep(ex *e, char *s)
{
  if (!s) {
    cmd_error(e->c, "memory exhausted");
    e->status = 3;
    longjmp(e->fail, 1);
  }
  if (e->nowned == e->capowned) {
    size_t cap = e->capowned ? e->capowned * 2 : 16;
    char **o = realloc(e->owned, cap * sizeof *o);
    if (!o) {
      free(s);
      cmd_error(e->c, "memory exhausted");
      e->status = 3;
      longjmp(e->fail, 1);
    }
    e->owned = o;
    e->capowned = cap;
  }
  e->owned[e->nowned++] = s;
  return s;
}

static _Noreturn void die(ex *e, int status, const char *fmt, const char *arg)
{
  char q[1024];
  if (arg) cmd_error(e->c, fmt, cmd_quote(arg, q, sizeof q));
  else cmd_error(e->c, "%s", fmt);
  e->status = status;
  longjmp(e->fail, 1);
}

static val int_val(num i) { return (val){.is_int = true, .i = i}; }
static val str_val(ex *e, const char *s) { return (val){.s = keep(e, strdup(s))}; }

static void num_str(num v, char *buf)
{
  char t[64];
  int n = 0;
  bool neg = v < 0;
  unsigned __int128 u = neg ? -(unsigned __int128)v : (unsigned __int128)v;
  do {
    t[n++] = (char)('0' + (int)(u % 10));
    u /= 10;
  } while (u);
  int o = 0;
  if (neg) buf[o++] = '-';
  while (n) buf[o++] = t[--n];
  buf[o] = 0;
}

static const char *as_str(ex *e, val *v)
{
  if (!v->is_int) return v->s;
  char b[64];
  num_str(v->i, b);
  v->s = keep(e, strdup(b));
  v->is_int = false;
  return v->s;
}

static bool looks_int(const char *s)
{
  s += *s == '-';
  if (!isdigit((unsigned char)*s)) return false;
  while (isdigit((unsigned char)*s)) s++;
  return !*s;
}

/* the integer of v; false when it is not one */
static bool to_int(ex *e, val *v, num *out)
{
  if (v->is_int) {
    *out = v->i;
    return true;
  }
  if (!looks_int(v->s)) return false;
  const char *p = v->s;
  bool neg = *p == '-';
  p += neg;
  num r = 0;
  for (; *p; p++) {
    if (__builtin_mul_overflow(r, 10, &r) || __builtin_add_overflow(r, neg ? -(*p - '0') : *p - '0', &r))
      die(e, 2, "integer overflow", NULL);
  }
  *out = r;
  return true;
}

static bool null(const val *v)
{
  if (v->is_int) return v->i == 0;
  const char *p = v->s;
  if (!*p) return true;
  p += *p == '-';
  do
    if (*p != '0') return false;
  while (*++p);
  return true;
}

static bool next(ex *e, const char *s)
{
  if (e->args < e->end && !strcmp(*e->args, s)) {
    e->args++;
    return true;
  }
  return false;
}

static val eval(ex *e, bool ev);

/* characters in s[0..n): bytes that do not continue a UTF-8 sequence */
static size_t chars(const ex *e, const char *s, size_t n)
{
  if (!e->utf8) return n;
  size_t k = 0;
  for (size_t i = 0; i < n; i++) k += ((unsigned char)s[i] & 0xC0) != 0x80;
  return k;
}

/* the byte length of the character at s */
static size_t char_len(const ex *e, const char *s)
{
  if (!e->utf8 || !*s) return *s ? 1 : 0;
  size_t k = 1;
  while (s[k] && ((unsigned char)s[k] & 0xC0) == 0x80) k++;
  return k;
}

static val colon(ex *e, val *sv, val *pv)
{
  const char *s = as_str(e, sv), *p = as_str(e, pv);
  regex_t re;
  if (e->utf8) setlocale(LC_CTYPE, "C.UTF-8"); /* glibc's built-in one: no file */
  int rc = regcomp(&re, p, 0);
  if (rc) {
    char msg[256];
    regerror(rc, &re, msg, sizeof msg);
    die(e, 2, msg, NULL);
  }
  regmatch_t m[2];
  bool hit = regexec(&re, s, 2, m, 0) == 0 && m[0].rm_so == 0;
  val r;
  if (re.re_nsub > 0) {
    if (hit && m[1].rm_so >= 0) {
      char *t = keep(e, strndup(s + m[1].rm_so, (size_t)(m[1].rm_eo - m[1].rm_so)));
      r = (val){.s = t};
    } else {
      r = str_val(e, "");
    }
  } else {
    r = int_val(hit ? (num)chars(e, s, (size_t)m[0].rm_eo) : 0);
  }
  regfree(&re);
  return r;
}

static val eval7(ex *e, bool ev)
{
  if (e->args >= e->end) die(e, 2, "syntax error: missing argument after %s", e->args[-1]);
  if (next(e, "(")) {
    val v = eval(e, ev);
    if (e->args >= e->end) die(e, 2, "syntax error: expecting ')' after %s", e->args[-1]);
    if (!next(e, ")")) die(e, 2, "syntax error: expecting ')' instead of %s", *e->args);
    return v;
  }
  if (next(e, ")")) die(e, 2, "syntax error: unexpected ')'", NULL);
  return (val){.s = *e->args++};
}

static val eval6(ex *e, bool ev)
{
  if (next(e, "+")) {
    if (e->args >= e->end) die(e, 2, "syntax error: missing argument after %s", e->args[-1]);
    return (val){.s = *e->args++};
  }
  if (next(e, "length")) {
    val r = eval6(e, ev);
    const char *t = as_str(e, &r);
    return int_val((num)chars(e, t, strlen(t)));
  }
  if (next(e, "match")) {
    val l = eval6(e, ev), r = eval6(e, ev);
    return ev ? colon(e, &l, &r) : l;
  }
  if (next(e, "index")) {
    val l = eval6(e, ev), r = eval6(e, ev);
    const char *s = as_str(e, &l), *cs = as_str(e, &r);
    num pos = 1;
    for (const char *p = s; *p; pos++) {
      size_t n = char_len(e, p);
      for (const char *q = cs; *q;) {
        size_t m = char_len(e, q);
        if (m == n && !memcmp(p, q, n)) return int_val(pos);
        q += m;
      }
      p += n;
    }
    return int_val(0);
  }
  if (next(e, "substr")) {
    val l = eval6(e, ev), a = eval6(e, ev), b = eval6(e, ev);
    if (!ev) return l;
    num pos, len;
    const char *s = as_str(e, &l);
    num slen = (num)chars(e, s, strlen(s));
    if (!to_int(e, &a, &pos) || !to_int(e, &b, &len) || pos <= 0 || len <= 0 || pos > slen)
      return str_val(e, "");
    if (len > slen - pos + 1) len = slen - pos + 1;
    const char *from = s;
    for (num k = 1; k < pos; k++) from += char_len(e, from);
    const char *to = from;
    for (num k = 0; k < len; k++) to += char_len(e, to);
    return (val){.s = keep(e, strndup(from, (size_t)(to - from)))};
  }
  return eval7(e, ev);
}

static val eval5(ex *e, bool ev)
{
  val l = eval6(e, ev);
  while (next(e, ":")) {
    val r = eval6(e, ev);
    if (ev) l = colon(e, &l, &r);
  }
  return l;
}

static val arith(ex *e, bool ev, val *l, val *r, char op)
{
  if (!ev) return int_val(0);
  num a, b, v = 0;
  if (!to_int(e, l, &a) || !to_int(e, r, &b)) die(e, 2, "non-integer argument", NULL);
  bool of = false;
  switch (op) {
  case '+': of = __builtin_add_overflow(a, b, &v); break;
  case '-': of = __builtin_sub_overflow(a, b, &v); break;
  case '*': of = __builtin_mul_overflow(a, b, &v); break;
  case '/':
  case '%':
    if (b == 0) die(e, 2, "division by zero", NULL);
    v = op == '/' ? a / b : a % b;
    break;
  }
  if (of) die(e, 2, "integer overflow", NULL);
  return int_val(v);
}

static val eval4(ex *e, bool ev)
{
  val l = eval5(e, ev);
  for (;;) {
    char op = next(e, "*") ? '*' : next(e, "/") ? '/' : next(e, "%") ? '%' : 0;
    if (!op) return l;
    val r = eval5(e, ev);
    l = arith(e, ev, &l, &r, op);
  }
}

static val eval3(ex *e, bool ev)
{
  val l = eval4(e, ev);
  for (;;) {
    char op = next(e, "+") ? '+' : next(e, "-") ? '-' : 0;
    if (!op) return l;
    val r = eval4(e, ev);
    l = arith(e, ev, &l, &r, op);
  }
}

static val eval2(ex *e, bool ev)
{
  val l = eval3(e, ev);
  for (;;) {
    static const char *const ops[] = {"<", "<=", "=", "==", "!=", ">=", ">"};
    int op = -1;
    for (int k = 0; k < 7 && op < 0; k++)
      if (next(e, ops[k])) op = k;
    if (op < 0) return l;
    val r = eval3(e, ev);
    int cmp = 0;
    if (ev) {
      const char *a = as_str(e, &l), *b = as_str(e, &r);
      if (looks_int(a) && looks_int(b)) {
        num x, y;
        to_int(e, &l, &x);
        to_int(e, &r, &y);
        cmp = x < y ? -1 : x > y;
      } else {
        cmp = strcoll(a, b);
      }
    }
    bool t = false;
    switch (op) {
    case 0: t = cmp < 0; break;
    case 1: t = cmp <= 0; break;
    case 2:
    case 3: t = cmp == 0; break;
    case 4: t = cmp != 0; break;
    case 5: t = cmp >= 0; break;
    case 6: t = cmp > 0; break;
    }
    l = int_val(t);
  }
}

static val eval1(ex *e, bool ev)
{
  val l = eval2(e, ev);
  while (next(e, "&")) {
    val r = eval2(e, ev && !null(&l));
    if (null(&l) || null(&r)) l = int_val(0);
  }
  return l;
}

static val eval(ex *e, bool ev)
{
  val l = eval1(e, ev);
  while (next(e, "|")) {
    val r = eval1(e, ev && null(&l));
    if (null(&l)) {
      l = r;
      if (null(&l)) l = int_val(0);
    }
  }
  return l;
}

int acs__cmd_expr(acs_cmd *c, int argc, char **argv)
{
  int st;
  if (argc == 2 && cmd_help_version(c, argv[1], &st)) return st;
  char **args = argv + 1;
  int n = argc - 1;
  if (n > 0 && !strcmp(args[0], "--")) {
    args++;
    n--;
  }
  if (n == 0) {
    cmd_usage_error(c, "missing operand");
    return 2;
  }
  ex *e = calloc(1, sizeof *e);
  if (!e) {
    cmd_error(c, "memory exhausted");
    return 3;
  }
  e->c = c;
  e->utf8 = text_utf8_locale();
  e->args = args;
  e->end = args + n;
  int status;
  if (setjmp(e->fail)) {
    status = e->status;
  } else {
    val v = eval(e, true);
    if (e->args < e->end) die(e, 2, "syntax error: unexpected argument %s", *e->args);
    cmd_puts(c, as_str(e, &v));
    cmd_putc(c, '\n');
    status = null(&v) ? 1 : 0;
  }
  for (size_t i = 0; i < e->nowned; i++) free(e->owned[i]);
  free(e->owned);
  free(e);
  return status;
}
