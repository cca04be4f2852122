/* bc.c - an arbitrary precision calculator language.
**
** Usage: bc [ options ] [ file ... ]
**   -h  --help         print this usage and exit
**   -l  --mathlib      use the predefined math routines
**   -q  --quiet        don't print initial banner
**   -s  --standard     non-standard bc constructs are errors
**   -w  --warn         warn about non-standard bc constructs
**   -v  --version      print version information and exit
*/

/* GNU bc 1.07's language: numbers of any length (lib_bignum), scale,
** ibase and obase, variables, arrays and functions (define, auto, dynamic
** scope as bc's), if/else, while, for, break, continue, return, quit,
** halt, print, strings, && || !, ++ --, the op= assignments, length(),
** scale(), sqrt(), read(), and with -l the math library (s c a l e j,
** written here) at scale 20. Each line is parsed, then run: a syntax error
** drops the line, a runtime error the rest of it, as GNU's bc does; the
** status is 0 either way. Long numbers wrap at 70 columns with a
** backslash (BC_LINE_LENGTH). */
#include "cmd.h"
#include "lib_bignum.h"

#include <ctype.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- tokens */
enum {
  K_EOF, K_NL, K_NUM, K_STR, K_NAME, K_OP, K_LP, K_RP, K_LB, K_RB, K_LC, K_RC, K_SEMI, K_COMMA,
  K_IF, K_ELSE, K_WHILE, K_FOR, K_BREAK, K_CONTINUE, K_QUIT, K_HALT, K_RETURN, K_DEFINE, K_AUTO,
  K_PRINT, K_LENGTH, K_SQRT, K_SCALE, K_IBASE, K_OBASE, K_LAST, K_READ, K_LIMITS,
};

typedef struct tok {
  int t;
  int line;
  char op[4];
  char *s; /* numbers, strings, names */
} tok;

/* ---- tree */
enum {
  E_NUM, E_VAR, E_ELEM, E_SCALE, E_IBASE, E_OBASE, E_LAST, E_CALL, E_LENGTH, E_SQRT, E_SCALEOF,
  E_READ, E_NEG, E_NOT, E_BIN, E_AND, E_OR, E_REL, E_ASSIGN, E_PREINC, E_POSTINC, E_ARRAYARG,
  S_EXPR, S_STR, S_PRINT, S_BLOCK, S_IF, S_WHILE, S_FOR, S_BREAK, S_CONTINUE, S_QUIT, S_HALT,
  S_RETURN, S_DEFINE, S_NOP,
};

typedef struct bnode {
  int k;
  char op;   /* + - * / % ^ for E_BIN and E_ASSIGN (0: plain =); < for E_REL with rel */
  int rel;   /* E_REL: 0 <, 1 <=, 2 >, 3 >=, 4 ==, 5 != */
  int delta; /* ++ or -- */
  char *s;
  struct bnode *a, *b, *c, *d, *next;
} bnode;

typedef struct binding {
  bn *v;
  struct barr *arr;
  struct binding *prev;
} binding;

typedef struct barr {
  bn **v;
  size_t n;
} barr;

typedef struct bname {
  char *name;
  binding *var, *arr; /* the value stacks of the scalar and the array */
  bnode *fn;          /* S_DEFINE */
  struct bname *next;
} bname;

typedef struct bc {
  acs_cmd *c;
  tok *t;
  size_t nt, pos;
  const char *file;
  jmp_buf err_jb; /* a runtime error: the rest of the unit is dropped */
  jmp_buf syn_jb;
  bool quit;
  long scale, ibase, obase;
  bn *last;
  bname *names;
  int col, line_len;
  int depth;
  bn *retval;
  cmd_in *read_in;
} bc;

/* ---- lexer */

static const struct {
  const char *w;
  int t;
} words[] = {{"if", K_IF}, {"else", K_ELSE}, {"while", K_WHILE}, {"for", K_FOR}, {"break", K_BREAK},
             {"continue", K_CONTINUE}, {"quit", K_QUIT}, {"halt", K_HALT}, {"return", K_RETURN},
             {"define", K_DEFINE}, {"auto", K_AUTO}, {"print", K_PRINT}, {"length", K_LENGTH},
             {"sqrt", K_SQRT}, {"scale", K_SCALE}, {"ibase", K_IBASE}, {"obase", K_OBASE},
             {"last", K_LAST}, {"read", K_READ}, {"limits", K_LIMITS}};

static void push(bc *B, tok t)
{
  if (B->nt % 256 == 0) {
    tok *n = realloc(B->t, (B->nt + 257) * sizeof *n);
    if (!n) abort();
    B->t = n;
  }
  B->t[B->nt++] = t;
}

static char *dupn(const char *s, size_t n)
{
  char *p = malloc(n + 1);
  if (!p) abort();
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

static void err_line(bc *B, int line, const char *msg)
{
  char m[512];
  int n = snprintf(m, sizeof m, "%s %d: %s\n", B->file, line, msg);
  cmd_flush(B->c);
  acs_sys_write_all(2, m, (size_t)n);
}

static void lex(bc *B, const char *s, size_t n)
{
  int line = 1;
  for (size_t i = 0; i < n;) {
    char c = s[i];
    tok t = {.line = line};
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      i++;
      continue;
    }
    if (c == '\\' && i + 1 < n && s[i + 1] == '\n') {
      i += 2;
      line++;
      continue;
    }
    if (c == '#') {
      while (i < n && s[i] != '\n') i++;
      continue;
    }
    if (c == '/' && i + 1 < n && s[i + 1] == '*') {
      i += 2;
      while (i + 1 < n && !(s[i] == '*' && s[i + 1] == '/')) line += s[i++] == '\n';
      i += 2;
      continue;
    }
    if (c == '\n') {
      line++;
      t.t = K_NL;
      t.line = line;
      push(B, t);
      i++;
      continue;
    }
    if (c == '"') {
      size_t j = i + 1;
      while (j < n && s[j] != '"') line += s[j++] == '\n';
      t.t = K_STR;
      t.s = dupn(s + i + 1, j - i - 1);
      push(B, t);
      i = j + 1;
      continue;
    }
    if (isdigit((unsigned char)c) || (c >= 'A' && c <= 'F') || (c == '.' && i + 1 < n && (isdigit((unsigned char)s[i + 1]) || (s[i + 1] >= 'A' && s[i + 1] <= 'F')))) {
      size_t j = i;
      bool dot = false;
      char buf[4096];
      size_t k = 0;
      while (j < n) {
        if (s[j] == '\\' && j + 1 < n && s[j + 1] == '\n') {
          j += 2;
          line++;
          continue;
        }
        if (isdigit((unsigned char)s[j]) || (s[j] >= 'A' && s[j] <= 'F')) {
          if (k < sizeof buf - 1) buf[k++] = s[j];
          j++;
        } else if (s[j] == '.' && !dot) {
          dot = true;
          if (k < sizeof buf - 1) buf[k++] = '.';
          j++;
        } else break;
      }
      t.t = K_NUM;
      t.s = dupn(buf, k);
      push(B, t);
      i = j;
      continue;
    }
    if (islower((unsigned char)c) || c == '_') {
      size_t j = i;
      while (j < n && (islower((unsigned char)s[j]) || isdigit((unsigned char)s[j]) || s[j] == '_')) j++;
      t.t = K_NAME;
      for (size_t w = 0; w < sizeof words / sizeof *words; w++)
        if (strlen(words[w].w) == j - i && !memcmp(words[w].w, s + i, j - i)) t.t = words[w].t;
      t.s = dupn(s + i, j - i);
      push(B, t);
      i = j;
      continue;
    }
    if (c == '.') { /* alone: the last value */
      t.t = K_LAST;
      push(B, t);
      i++;
      continue;
    }
    static const char *const ops[] = {"++", "--", "+=", "-=", "*=", "/=", "%=", "^=", "==", "<=", ">=", "!=",
                                      "&&", "||", "+", "-", "*", "/", "%", "^", "=", "<", ">", "!"};
    size_t len = 0;
    for (size_t k = 0; k < sizeof ops / sizeof *ops; k++) {
      size_t l = strlen(ops[k]);
      if (i + l <= n && !memcmp(s + i, ops[k], l)) {
        memcpy(t.op, ops[k], l);
        len = l;
        break;
      }
    }
    if (len) {
      t.t = K_OP;
      push(B, t);
      i += len;
      continue;
    }
    switch (c) {
    case '(': t.t = K_LP; break;
    case ')': t.t = K_RP; break;
    case '[': t.t = K_LB; break;
    case ']': t.t = K_RB; break;
    case '{': t.t = K_LC; break;
    case '}': t.t = K_RC; break;
    case ';': t.t = K_SEMI; break;
    case ',': t.t = K_COMMA; break;
    default: {
      char m[64];
      snprintf(m, sizeof m, "illegal character: %c", c);
      err_line(B, line, m);
      i++;
      continue;
    }
    }
    push(B, t);
    i++;
  }
  tok e = {.t = K_EOF, .line = line};
  push(B, e);
}

/* ---- parser */

static tok *cur(bc *B) { return &B->t[B->pos]; }
static int pk(bc *B) { return B->t[B->pos].t; }
static bool isop(bc *B, const char *op) { return pk(B) == K_OP && !strcmp(cur(B)->op, op); }
static tok *adv(bc *B) { return &B->t[B->pos < B->nt - 1 ? B->pos++ : B->pos]; }
_Noreturn static void syntax(bc *B) { longjmp(B->syn_jb, 1); }
static void want(bc *B, int t)
{
  if (pk(B) != t) syntax(B);
  adv(B);
}
static bnode *mk(int k, bnode *a, bnode *b)
{
  bnode *n = calloc(1, sizeof *n);
  if (!n) abort();
  n->k = k;
  n->a = a;
  n->b = b;
  return n;
}
static void skip_nl(bc *B)
{
  while (pk(B) == K_NL) adv(B);
}

static bnode *expr(bc *B);
static bnode *unary(bc *B);

static bool lvalue(bnode *n) { return n->k == E_VAR || n->k == E_ELEM || n->k == E_SCALE || n->k == E_IBASE || n->k == E_OBASE || n->k == E_LAST; }

static bnode *primary(bc *B)
{
  tok *t = cur(B);
  bnode *n;
  switch (t->t) {
  case K_NUM:
    adv(B);
    n = mk(E_NUM, NULL, NULL);
    n->s = t->s;
    return n;
  case K_LP:
    adv(B);
    n = expr(B);
    want(B, K_RP);
    return n;
  case K_NAME:
    adv(B);
    if (pk(B) == K_LB) {
      adv(B);
      n = mk(E_ELEM, expr(B), NULL);
      want(B, K_RB);
      n->s = t->s;
      return n;
    }
    if (pk(B) == K_LP) {
      adv(B);
      n = mk(E_CALL, NULL, NULL);
      n->s = t->s;
      bnode **tail = &n->a;
      while (pk(B) != K_RP) {
        bnode *arg;
        if (pk(B) == K_NAME && B->t[B->pos + 1].t == K_LB && B->t[B->pos + 2].t == K_RB) {
          arg = mk(E_ARRAYARG, NULL, NULL);
          arg->s = adv(B)->s;
          adv(B);
          adv(B);
        } else {
          arg = expr(B);
        }
        *tail = arg;
        tail = &arg->next;
        if (pk(B) != K_COMMA) break;
        adv(B);
      }
      want(B, K_RP);
      return n;
    }
    n = mk(E_VAR, NULL, NULL);
    n->s = t->s;
    return n;
  case K_SCALE:
    adv(B);
    if (pk(B) == K_LP) {
      adv(B);
      n = mk(E_SCALEOF, expr(B), NULL);
      want(B, K_RP);
      return n;
    }
    return mk(E_SCALE, NULL, NULL);
  case K_IBASE: adv(B); return mk(E_IBASE, NULL, NULL);
  case K_OBASE: adv(B); return mk(E_OBASE, NULL, NULL);
  case K_LAST: adv(B); return mk(E_LAST, NULL, NULL);
  case K_LENGTH:
  case K_SQRT:
    adv(B);
    want(B, K_LP);
    n = mk(t->t == K_LENGTH ? E_LENGTH : E_SQRT, expr(B), NULL);
    want(B, K_RP);
    return n;
  case K_READ:
    adv(B);
    want(B, K_LP);
    want(B, K_RP);
    return mk(E_READ, NULL, NULL);
  default: syntax(B);
  }
}

static bnode *incdec(bc *B)
{
  if (isop(B, "++") || isop(B, "--")) {
    int d = adv(B)->op[0] == '+' ? 1 : -1;
    bnode *n = primary(B);
    if (!lvalue(n)) syntax(B);
    bnode *r = mk(E_PREINC, n, NULL);
    r->delta = d;
    return r;
  }
  bnode *n = primary(B);
  if (lvalue(n) && (isop(B, "++") || isop(B, "--"))) {
    bnode *r = mk(E_POSTINC, n, NULL);
    r->delta = adv(B)->op[0] == '+' ? 1 : -1;
    return r;
  }
  return n;
}

static bnode *unary(bc *B)
{
  if (isop(B, "-")) {
    adv(B);
    return mk(E_NEG, unary(B), NULL);
  }
  return incdec(B);
}

static bnode *power(bc *B)
{
  bnode *n = unary(B);
  if (isop(B, "^")) {
    adv(B);
    bnode *r = mk(E_BIN, n, power(B));
    r->op = '^';
    return r;
  }
  return n;
}

static bnode *mul(bc *B)
{
  bnode *n = power(B);
  while (isop(B, "*") || isop(B, "/") || isop(B, "%")) {
    char op = adv(B)->op[0];
    n = mk(E_BIN, n, power(B));
    n->op = op;
  }
  return n;
}

static bnode *add(bc *B)
{
  bnode *n = mul(B);
  while (isop(B, "+") || isop(B, "-")) {
    char op = adv(B)->op[0];
    n = mk(E_BIN, n, mul(B));
    n->op = op;
  }
  return n;
}

static bnode *assign(bc *B)
{
  bnode *n = add(B);
  if (pk(B) == K_OP && lvalue(n)) {
    const char *o = cur(B)->op;
    if (!strcmp(o, "=") || (strlen(o) == 2 && o[1] == '=' && strchr("+-*/%^", o[0]))) {
      adv(B);
      bnode *r = mk(E_ASSIGN, n, assign(B));
      r->op = o[1] == '=' ? o[0] : 0;
      return r;
    }
  }
  return n;
}

static bnode *rel(bc *B)
{
  bnode *n = assign(B);
  static const char *const rels[] = {"<", "<=", ">", ">=", "==", "!="};
  for (;;) {
    int r = -1;
    for (int k = 0; k < 6; k++)
      if (isop(B, rels[k])) r = k;
    if (r < 0) return n;
    adv(B);
    n = mk(E_REL, n, assign(B));
    n->rel = r;
  }
}

static bnode *not_expr(bc *B)
{
  if (isop(B, "!")) {
    adv(B);
    return mk(E_NOT, not_expr(B), NULL);
  }
  return rel(B);
}

static bnode *and_expr(bc *B)
{
  bnode *n = not_expr(B);
  while (isop(B, "&&")) {
    adv(B);
    skip_nl(B);
    n = mk(E_AND, n, not_expr(B));
  }
  return n;
}

static bnode *expr(bc *B)
{
  bnode *n = and_expr(B);
  while (isop(B, "||")) {
    adv(B);
    skip_nl(B);
    n = mk(E_OR, n, and_expr(B));
  }
  return n;
}

static bnode *stmt(bc *B);

static bnode *stmt_list(bc *B, int end)
{
  bnode *head = NULL, **tail = &head;
  for (;;) {
    while (pk(B) == K_NL || pk(B) == K_SEMI) adv(B);
    if (pk(B) == end || pk(B) == K_EOF) break;
    bnode *s = stmt(B);
    *tail = s;
    tail = &s->next;
    if (pk(B) != K_NL && pk(B) != K_SEMI && pk(B) != end) syntax(B);
  }
  return head;
}

static bnode *body(bc *B)
{
  skip_nl(B);
  if (pk(B) == K_SEMI) {
    adv(B);
    return mk(S_NOP, NULL, NULL);
  }
  return stmt(B);
}

static bnode *define(bc *B)
{
  adv(B);
  tok *name = cur(B);
  if (name->t != K_NAME) syntax(B);
  adv(B);
  want(B, K_LP);
  bnode *f = mk(S_DEFINE, NULL, NULL);
  f->s = name->s;
  bnode **tail = &f->a;
  while (pk(B) == K_NAME || isop(B, "*")) {
    if (isop(B, "*")) adv(B);
    bnode *p = mk(E_VAR, NULL, NULL);
    p->s = adv(B)->s;
    if (pk(B) == K_LB) {
      adv(B);
      want(B, K_RB);
      p->k = E_ARRAYARG;
    }
    *tail = p;
    tail = &p->next;
    if (pk(B) != K_COMMA) break;
    adv(B);
  }
  want(B, K_RP);
  skip_nl(B);
  want(B, K_LC);
  skip_nl(B);
  tail = &f->b;
  while (pk(B) == K_AUTO) {
    adv(B);
    while (pk(B) == K_NAME) {
      bnode *p = mk(E_VAR, NULL, NULL);
      p->s = adv(B)->s;
      if (pk(B) == K_LB) {
        adv(B);
        want(B, K_RB);
        p->k = E_ARRAYARG;
      }
      *tail = p;
      tail = &p->next;
      if (pk(B) != K_COMMA) break;
      adv(B);
    }
    if (pk(B) != K_NL && pk(B) != K_SEMI) syntax(B);
    while (pk(B) == K_NL || pk(B) == K_SEMI) adv(B);
  }
  f->c = stmt_list(B, K_RC);
  want(B, K_RC);
  return f;
}

static bnode *stmt(bc *B)
{
  tok *t = cur(B);
  bnode *n;
  switch (t->t) {
  case K_STR:
    adv(B);
    n = mk(S_STR, NULL, NULL);
    n->s = t->s;
    return n;
  case K_LC:
    adv(B);
    n = mk(S_BLOCK, stmt_list(B, K_RC), NULL);
    want(B, K_RC);
    return n;
  case K_PRINT: {
    adv(B);
    n = mk(S_PRINT, NULL, NULL);
    bnode **tail = &n->a;
    for (;;) {
      bnode *e;
      if (pk(B) == K_STR) {
        e = mk(S_STR, NULL, NULL);
        e->s = adv(B)->s;
      } else {
        e = expr(B);
      }
      *tail = e;
      tail = &e->next;
      if (pk(B) != K_COMMA) break;
      adv(B);
    }
    return n;
  }
  case K_IF:
    adv(B);
    want(B, K_LP);
    n = mk(S_IF, expr(B), NULL);
    want(B, K_RP);
    n->b = body(B);
    {
      size_t save = B->pos;
      skip_nl(B);
      if (pk(B) == K_ELSE) {
        adv(B);
        n->c = body(B);
      } else {
        B->pos = save;
      }
    }
    return n;
  case K_WHILE:
    adv(B);
    want(B, K_LP);
    n = mk(S_WHILE, expr(B), NULL);
    want(B, K_RP);
    n->b = body(B);
    return n;
  case K_FOR:
    adv(B);
    want(B, K_LP);
    n = mk(S_FOR, NULL, NULL);
    if (pk(B) != K_SEMI) n->a = expr(B);
    want(B, K_SEMI);
    if (pk(B) != K_SEMI) n->b = expr(B);
    want(B, K_SEMI);
    if (pk(B) != K_RP) n->c = expr(B);
    want(B, K_RP);
    n->d = body(B);
    return n;
  case K_BREAK: adv(B); return mk(S_BREAK, NULL, NULL);
  case K_CONTINUE: adv(B); return mk(S_CONTINUE, NULL, NULL);
  case K_QUIT: adv(B); return mk(S_QUIT, NULL, NULL);
  case K_HALT: adv(B); return mk(S_HALT, NULL, NULL);
  case K_LIMITS: adv(B); return mk(S_NOP, NULL, NULL);
  case K_RETURN:
    adv(B);
    n = mk(S_RETURN, NULL, NULL);
    if (pk(B) != K_NL && pk(B) != K_SEMI && pk(B) != K_RC && pk(B) != K_EOF) n->a = expr(B);
    return n;
  case K_DEFINE: return define(B);
  default:
    return mk(S_EXPR, expr(B), NULL);
  }
}

/* ---- names and values */

static bname *lookup(bc *B, const char *name)
{
  for (bname *n = B->names; n; n = n->next)
    if (!strcmp(n->name, name)) return n;
  bname *n = calloc(1, sizeof *n);
  if (!n) abort();
  n->name = dupn(name, strlen(name));
  n->next = B->names;
  B->names = n;
  return n;
}

_Noreturn static void rt_error(bc *B, const char *msg)
{
  char m[512];
  int n = snprintf(m, sizeof m, "Runtime error (func=(main), adr=0): %s\n", msg);
  cmd_flush(B->c);
  acs_sys_write_all(2, m, (size_t)n);
  longjmp(B->err_jb, 1);
}

static bn *zero(void) { return bn_from_long(0); }

static barr *arr_of(bname *nm)
{
  if (!nm->arr) {
    nm->arr = calloc(1, sizeof *nm->arr);
    if (!nm->arr) abort();
  }
  if (!nm->arr->arr) {
    nm->arr->arr = calloc(1, sizeof(barr));
    if (!nm->arr->arr) abort();
  }
  return nm->arr->arr;
}

static bn **elem(bc *B, barr *a, long i)
{
  if (i < 0 || i > 16777215) rt_error(B, "Array index out of range");
  if ((size_t)i >= a->n) {
    size_t n = (size_t)i + 16;
    bn **v = realloc(a->v, n * sizeof *v);
    if (!v) abort();
    for (size_t k = a->n; k < n; k++) v[k] = NULL;
    a->v = v;
    a->n = n;
  }
  return &a->v[i];
}

static bn *eval(bc *B, bnode *n);

static long to_long(bc *B, bn *v)
{
  bool ok;
  long l = bn_to_long(v, &ok);
  (void)B;
  return l;
}

static bn **slot(bc *B, bnode *n)
{
  if (n->k == E_VAR) {
    bname *nm = lookup(B, n->s);
    if (!nm->var) {
      nm->var = calloc(1, sizeof *nm->var);
      if (!nm->var) abort();
    }
    return &nm->var->v;
  }
  bn *i = eval(B, n->a);
  long ix = to_long(B, i);
  bn_free(i);
  return elem(B, arr_of(lookup(B, n->s)), ix);
}

static bn *get(bc *B, bnode *n)
{
  switch (n->k) {
  case E_SCALE: return bn_from_long(B->scale);
  case E_IBASE: return bn_from_long(B->ibase);
  case E_OBASE: return bn_from_long(B->obase);
  case E_LAST: return bn_copy(B->last);
  default: {
    bn **p = slot(B, n);
    return *p ? bn_copy(*p) : zero();
  }
  }
}

static void set(bc *B, bnode *n, bn *v)
{
  long l;
  switch (n->k) {
  case E_SCALE:
    l = to_long(B, v);
    if (l < 0) rt_error(B, "negative scale");
    B->scale = l;
    bn_free(v);
    return;
  case E_IBASE:
    l = to_long(B, v);
    B->ibase = l < 2 ? 2 : l > 16 ? 16 : l;
    bn_free(v);
    return;
  case E_OBASE:
    l = to_long(B, v);
    B->obase = l < 2 ? 2 : l > 999 ? 999 : l;
    bn_free(v);
    return;
  case E_LAST:
    bn_free(B->last);
    B->last = v;
    return;
  default: {
    bn **p = slot(B, n);
    bn_free(*p);
    *p = v;
  }
  }
}

static bn *num_const(bc *B, const char *s)
{
  size_t len = strlen(s);
  if (len == 1 && s[0] >= 'A' && s[0] <= 'F') return bn_from_long(s[0] - 'A' + 10);
  if (B->ibase == 10) return bn_parse(s, len, 10);
  /* digits past the base count as its largest, as GNU's bc */
  char *t = dupn(s, len);
  for (size_t i = 0; i < len; i++) {
    int v = t[i] >= 'A' ? t[i] - 'A' + 10 : t[i] - '0';
    if (t[i] != '.' && v >= B->ibase) t[i] = (char)(B->ibase - 1 >= 10 ? 'A' + B->ibase - 11 : '0' + B->ibase - 1);
  }
  bn *r = bn_parse(t, len, (int)B->ibase);
  free(t);
  return r;
}

static bn *arith(bc *B, char op, bn *x, bn *y)
{
  const char *err = NULL;
  bn *r;
  switch (op) {
  case '+': r = bn_add(x, y); break;
  case '-': r = bn_sub(x, y); break;
  case '*': r = bn_mul(x, y, (size_t)B->scale); break;
  case '/': r = bn_div(x, y, (size_t)B->scale, &err); break;
  case '%': r = bn_mod(x, y, (size_t)B->scale, &err); break;
  default:
    if (y->scale && !bn_is_zero(bn_rescale(y, 0) ? y : y)) {
      bn *ip = bn_trunc(y, 0);
      if (bn_cmp(ip, y)) {
        cmd_flush(B->c);
        const char *w = "Runtime warning (func=(main), adr=0): non-zero scale in exponent\n";
        acs_sys_write_all(2, w, strlen(w));
      }
      bn_free(ip);
    }
    r = bn_pow(x, y, (size_t)B->scale, &err);
  }
  bn_free(x);
  bn_free(y);
  if (err) rt_error(B, err);
  return r;
}

static bn *call(bc *B, bnode *n);

static bn *eval(bc *B, bnode *n)
{
  switch (n->k) {
  case E_NUM: return num_const(B, n->s);
  case E_VAR: case E_ELEM: case E_SCALE: case E_IBASE: case E_OBASE: case E_LAST: return get(B, n);
  case E_CALL: return call(B, n);
  case E_LENGTH: {
    bn *v = eval(B, n->a);
    bn *r = bn_from_long((long)bn_length(v));
    bn_free(v);
    return r;
  }
  case E_SCALEOF: {
    bn *v = eval(B, n->a);
    bn *r = bn_from_long((long)v->scale);
    bn_free(v);
    return r;
  }
  case E_SQRT: {
    bn *v = eval(B, n->a);
    const char *err;
    bn *r = bn_sqrt(v, (size_t)B->scale, &err);
    bn_free(v);
    if (err) rt_error(B, err);
    return r;
  }
  case E_READ: {
    if (!B->read_in) {
      B->read_in = cmd_in_new();
      if (B->read_in) cmd_in_fd(B->read_in, 0);
    }
    char *line;
    ssize_t len = B->read_in ? cmd_getdelim(B->read_in, &line, '\n') : 0;
    if (len <= 0) rt_error(B, "read() end of file");
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == ' ')) len--;
    size_t st = 0;
    bool neg = len > 0 && line[0] == '-';
    if (neg) st = 1;
    char *t = dupn(line + st, (size_t)len - st);
    bn *r = num_const(B, t);
    free(t);
    if (neg) r->neg = !bn_is_zero(r);
    return r;
  }
  case E_NEG: {
    bn *v = eval(B, n->a);
    if (!bn_is_zero(v)) v->neg = !v->neg;
    return v;
  }
  case E_NOT: {
    bn *v = eval(B, n->a);
    bool z = bn_is_zero(v);
    bn_free(v);
    return bn_from_long(z);
  }
  case E_AND:
  case E_OR: {
    bn *v = eval(B, n->a);
    bool t = !bn_is_zero(v);
    bn_free(v);
    if (n->k == E_AND ? !t : t) return bn_from_long(t);
    v = eval(B, n->b);
    t = !bn_is_zero(v);
    bn_free(v);
    return bn_from_long(t);
  }
  case E_REL: {
    bn *x = eval(B, n->a), *y = eval(B, n->b);
    int c = bn_cmp(x, y);
    bn_free(x);
    bn_free(y);
    static const int ok[6][3] = {{1, 0, 0}, {1, 1, 0}, {0, 0, 1}, {0, 1, 1}, {0, 1, 0}, {1, 0, 1}};
    return bn_from_long(ok[n->rel][c + 1]);
  }
  case E_BIN: {
    bn *x = eval(B, n->a), *y = eval(B, n->b);
    return arith(B, n->op, x, y);
  }
  case E_ASSIGN: {
    bn *v = eval(B, n->b);
    if (n->op) v = arith(B, n->op, get(B, n->a), v);
    set(B, n->a, bn_copy(v));
    return v;
  }
  case E_PREINC:
  case E_POSTINC: {
    bn *old = get(B, n->a), *d = bn_from_long(n->delta);
    bn *nv = bn_add(old, d);
    bn_free(d);
    set(B, n->a, bn_copy(nv));
    if (n->k == E_PREINC) {
      bn_free(old);
      return nv;
    }
    bn_free(nv);
    return old;
  }
  default: rt_error(B, "bad expression");
  }
}

/* ---- output */

static void out_num(bc *B, bn *v)
{
  char *s = bn_format(v, B->obase);
  for (char *p = s; *p; p++) {
    /* GNU's count: 68 characters and a backslash on a 70-column line */
    if (++B->col == B->line_len - 1 && B->line_len > 2) {
      cmd_out(B->c, "\\\n", 2);
      B->col = 1;
    }
    cmd_putc(B->c, *p);
  }
  free(s);
}

static void out_str(bc *B, const char *s, bool escapes)
{
  for (const char *p = s; *p; p++) {
    char c = *p;
    if (escapes && c == '\\' && p[1]) {
      p++;
      switch (*p) {
      case 'n': c = '\n'; break;
      case 't': c = '\t'; break;
      case 'a': c = '\a'; break;
      case 'b': c = '\b'; break;
      case 'f': c = '\f'; break;
      case 'r': c = '\r'; break;
      case 'q': c = '"'; break;
      case '\\': c = '\\'; break;
      default: cmd_putc(B->c, '\\'); c = *p;
      }
    }
    cmd_putc(B->c, c);
    B->col = c == '\n' ? 0 : B->col + 1;
  }
}

/* ---- statements */

enum { BR_NORMAL, BR_BREAK, BR_CONTINUE, BR_RETURN, BR_QUIT };

static int exec(bc *B, bnode *s);

static int exec_list(bc *B, bnode *s)
{
  for (; s; s = s->next) {
    int r = exec(B, s);
    if (r != BR_NORMAL) return r;
  }
  return BR_NORMAL;
}

static bool truth(bc *B, bnode *e)
{
  bn *v = eval(B, e);
  bool t = !bn_is_zero(v);
  bn_free(v);
  return t;
}

static int exec(bc *B, bnode *s)
{
  switch (s->k) {
  case S_NOP: return BR_NORMAL;
  case S_STR: out_str(B, s->s, false); return BR_NORMAL;
  case S_EXPR: {
    bn *v = eval(B, s->a);
    if (s->a->k == E_ASSIGN) {
      bn_free(v);
      return BR_NORMAL;
    }
    out_num(B, v);
    out_str(B, "\n", false);
    bn_free(B->last);
    B->last = v;
    return BR_NORMAL;
  }
  case S_PRINT:
    for (bnode *e = s->a; e; e = e->next) {
      if (e->k == S_STR) {
        out_str(B, e->s, true);
        continue;
      }
      bn *v = eval(B, e);
      out_num(B, v);
      bn_free(B->last);
      B->last = v;
    }
    return BR_NORMAL;
  case S_BLOCK: return exec_list(B, s->a);
  case S_IF:
    if (truth(B, s->a)) return exec(B, s->b);
    return s->c ? exec(B, s->c) : BR_NORMAL;
  case S_WHILE:
    while (truth(B, s->a)) {
      int r = exec(B, s->b);
      if (r == BR_BREAK) break;
      if (r == BR_RETURN || r == BR_QUIT) return r;
    }
    return BR_NORMAL;
  case S_FOR:
    if (s->a) bn_free(eval(B, s->a));
    for (;;) {
      if (s->b && !truth(B, s->b)) break;
      int r = exec(B, s->d);
      if (r == BR_BREAK) break;
      if (r == BR_RETURN || r == BR_QUIT) return r;
      if (s->c) bn_free(eval(B, s->c));
    }
    return BR_NORMAL;
  case S_BREAK: return BR_BREAK;
  case S_CONTINUE: return BR_CONTINUE;
  case S_QUIT: return BR_QUIT;
  case S_HALT: return BR_QUIT;
  case S_RETURN:
    if (!B->depth) rt_error(B, "Return outside of a function.");
    bn_free(B->retval);
    B->retval = s->a ? eval(B, s->a) : zero();
    return BR_RETURN;
  case S_DEFINE:
    lookup(B, s->s)->fn = s;
    return BR_NORMAL;
  default: bn_free(eval(B, s)); return BR_NORMAL;
  }
}

static void push_binding(bname *nm, bool array, bn *v, barr *a)
{
  binding *b = calloc(1, sizeof *b);
  if (!b) abort();
  b->v = v;
  b->arr = a;
  if (array) {
    b->prev = nm->arr;
    nm->arr = b;
  } else {
    b->prev = nm->var;
    nm->var = b;
  }
}

static void free_arr(barr *a)
{
  if (!a) return;
  for (size_t i = 0; i < a->n; i++) bn_free(a->v[i]);
  free(a->v);
  free(a);
}

static barr *copy_arr(barr *a)
{
  barr *c = calloc(1, sizeof *c);
  if (!c) abort();
  if (!a) return c;
  c->v = calloc(a->n + 1, sizeof *c->v);
  if (!c->v) abort();
  c->n = a->n;
  for (size_t i = 0; i < a->n; i++) c->v[i] = a->v[i] ? bn_copy(a->v[i]) : NULL;
  return c;
}

static bn *call(bc *B, bnode *n)
{
  bname *fn = lookup(B, n->s);
  if (!fn->fn) {
    char m[256];
    snprintf(m, sizeof m, "Function %s not defined.", n->s);
    rt_error(B, m);
  }
  bnode *f = fn->fn;
  /* arguments are evaluated in the caller's scope, then bound */
  size_t np = 0;
  for (bnode *p = f->a; p; p = p->next) np++;
  bn **vals = calloc(np + 1, sizeof *vals);
  barr **arrs = calloc(np + 1, sizeof *arrs);
  if (!vals || !arrs) abort();
  size_t i = 0;
  bnode *a = n->a;
  for (bnode *p = f->a; p; p = p->next, i++) {
    if (!a) rt_error(B, "Parameter number mismatch");
    if (p->k == E_ARRAYARG) {
      if (a->k != E_ARRAYARG) rt_error(B, "Parameter type mismatch");
      bname *src = lookup(B, a->s);
      arrs[i] = copy_arr(src->arr ? src->arr->arr : NULL);
    } else {
      if (a->k == E_ARRAYARG) rt_error(B, "Parameter type mismatch");
      vals[i] = eval(B, a);
    }
    a = a->next;
  }
  if (a) rt_error(B, "Parameter number mismatch");
  i = 0;
  for (bnode *p = f->a; p; p = p->next, i++) push_binding(lookup(B, p->s), p->k == E_ARRAYARG, vals[i], arrs[i]);
  for (bnode *p = f->b; p; p = p->next)
    push_binding(lookup(B, p->s), p->k == E_ARRAYARG, NULL, p->k == E_ARRAYARG ? copy_arr(NULL) : NULL);
  free(vals);
  free(arrs);
  if (++B->depth > 2000) rt_error(B, "too deep a recursion");
  int r = exec_list(B, f->c);
  B->depth--;
  bn *ret = r == BR_RETURN ? B->retval : zero();
  if (r == BR_RETURN) B->retval = NULL;
  for (bnode *p = f->b; p; p = p->next) {
    bname *nm = lookup(B, p->s);
    binding **top = p->k == E_ARRAYARG ? &nm->arr : &nm->var;
    binding *b = *top;
    if (!b) continue;
    *top = b->prev;
    bn_free(b->v);
    free_arr(b->arr);
    free(b);
  }
  for (bnode *p = f->a; p; p = p->next) {
    bname *nm = lookup(B, p->s);
    binding **top = p->k == E_ARRAYARG ? &nm->arr : &nm->var;
    binding *b = *top;
    if (!b) continue;
    *top = b->prev;
    bn_free(b->v);
    free_arr(b->arr);
    free(b);
  }
  if (r == BR_QUIT) B->quit = true;
  return ret;
}

/* ---- running a text */

static void run_text(bc *B, const char *text, size_t len, const char *name)
{
  B->file = name;
  free(B->t);
  B->t = NULL;
  B->nt = B->pos = 0;
  lex(B, text, len);
  while (!B->quit && pk(B) != K_EOF) {
    while (pk(B) == K_NL || pk(B) == K_SEMI) adv(B);
    if (pk(B) == K_EOF) break;
    size_t start = B->pos;
    /* volatile: set after setjmp, so that -O1 (make asan) knows it may change */
    bnode *unit = NULL, **volatile tail = &unit;
    if (setjmp(B->syn_jb)) {
      int line = cur(B)->line;
      err_line(B, line, "syntax error");
      /* drop to the end of the line */
      while (pk(B) != K_NL && pk(B) != K_EOF) adv(B);
      (void)start;
      continue;
    }
    /* a unit: the statements up to a newline outside braces */
    while (pk(B) != K_NL && pk(B) != K_EOF) {
      bnode *s = stmt(B);
      *tail = s;
      tail = &s->next;
      if (pk(B) == K_SEMI) {
        adv(B);
        continue;
      }
      if (pk(B) != K_NL && pk(B) != K_EOF) syntax(B);
    }
    /* a quit anywhere in what was read ends bc before it runs */
    volatile bool has_quit = false;
    for (bnode *s = unit; s; s = s->next)
      if (s->k == S_QUIT) has_quit = true;
    if (setjmp(B->err_jb)) {
      B->depth = 0;
      continue;
    }
    for (bnode *s = unit; s && !B->quit; s = s->next) {
      if (s->k == S_QUIT) {
        B->quit = true;
        break;
      }
      int r = exec(B, s);
      if (r == BR_QUIT) B->quit = true;
      if (r == BR_BREAK || r == BR_CONTINUE) break;
    }
    if (has_quit) B->quit = true;
  }
}

static const char mathlib[] =
    "scale = 20\n"
    /* e(x): halve x below one, sum the series, square back */
    "define e(x) {\n"
    " auto s, n, k, r, t, i\n"
    " s = scale; n = 0\n"
    " if (x < 0) { n = 1; x = -x }\n"
    " scale = s + 10 + x * 0.44 / 1\n"
    " k = 0\n"
    " while (x > 0.5) { x = x / 2; k = k + 1 }\n"
    " r = 1; t = 1\n"
    " for (i = 1; 1; i++) { t = t * x / i; if (t == 0) break; r = r + t }\n"
    " while (k > 0) { r = r * r; k = k - 1 }\n"
    " if (n) r = 1 / r\n"
    " scale = s\n"
    " return (r / 1)\n"
    "}\n"
    /* l(x): square roots bring x near one, then 2 atanh((x-1)/(x+1)) */
    "define l(x) {\n"
    " auto s, k, u, v, r, t, i\n"
    " if (x <= 0) return ((1 - 10 ^ scale) / 1)\n"
    " s = scale; scale = s + 10 + length(x)\n"
    " k = 1\n"
    " while (x >= 2) { x = sqrt(x); k = k * 2 }\n"
    " while (x <= 0.5) { x = sqrt(x); k = k * 2 }\n"
    " u = (x - 1) / (x + 1); v = u * u; r = u; t = u\n"
    " for (i = 3; 1; i = i + 2) { t = t * v; if (t / i == 0) break; r = r + t / i }\n"
    " r = 2 * k * r\n"
    " scale = s\n"
    " return (r / 1)\n"
    "}\n"
    /* a(x): arctangent; halve the angle until x is small, then the series */
    "define a(x) {\n"
    " auto s, n, k, r, t, v, i, p\n"
    " s = scale; n = 1\n"
    " if (x < 0) { n = -1; x = -x }\n"
    " scale = s + 10\n"
    " k = 1\n"
    " while (x > 0.2) { x = x / (1 + sqrt(1 + x * x)); k = k * 2 }\n"
    " v = x * x; r = x; t = x\n"
    " for (i = 3; 1; i = i + 2) { t = -t * v; if (t / i == 0) break; r = r + t / i }\n"
    " r = n * k * r\n"
    " scale = s\n"
    " return (r / 1)\n"
    "}\n"
    /* s(x): x taken modulo 2 pi, then the series */
    "define s(x) {\n"
    " auto s, p, n, r, t, v, i\n"
    " s = scale; scale = s + 10 + length(x / 1)\n"
    " p = 8 * a(1)\n"
    " scale = scale + 0\n"
    " n = x / p; scale = 0; n = n / 1; scale = s + 10 + length(x / 1)\n"
    " x = x - n * p\n"
    " v = x * x; r = x; t = x\n"
    " for (i = 2; 1; i = i + 2) { t = -t * v / (i * (i + 1)); if (t == 0) break; r = r + t }\n"
    " scale = s\n"
    " return (r / 1)\n"
    "}\n"
    /* c(x): x taken modulo 2 pi, then its own series (c(0) is 1 exactly) */
    "define c(x) {\n"
    " auto s, p, n, r, t, v, i\n"
    " s = scale; scale = s + 10 + length(x / 1)\n"
    " p = 8 * a(1)\n"
    " n = x / p; scale = 0; n = n / 1; scale = s + 10 + length(x / 1)\n"
    " x = x - n * p\n"
    " v = x * x; r = 1; t = 1\n"
    " for (i = 1; 1; i = i + 2) { t = -t * v / (i * (i + 1)); if (t == 0) break; r = r + t }\n"
    " scale = s\n"
    " return (r / 1)\n"
    "}\n"
    /* j(n, x): Bessel's series */
    "define j(n, x) {\n"
    " auto s, m, f, r, t, v, k\n"
    " s = scale; scale = 0; n = n / 1; scale = s + 10 + length(x / 1)\n"
    " m = 1\n"
    " if (n < 0) { n = -n; if (n % 2 == 1) m = -1 }\n"
    " f = 1\n"
    " for (k = 2; k <= n; k++) f = f * k\n"
    " t = (x / 2) ^ n / f; r = t; v = -x * x / 4\n"
    " for (k = 1; 1; k++) { t = t * v / (k * (n + k)); if (t == 0) break; r = r + t }\n"
    " r = m * r\n"
    " scale = s\n"
    " return (r / 1)\n"
    "}\n";

int acs__cmd_bc(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"mathlib", 'l', CMD_NOARG}, {"quiet", 'q', CMD_NOARG},
                                  {"standard", 's', CMD_NOARG}, {"warn", 'w', CMD_NOARG}, {0}};
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "hlqswv", longs);
  bool mathlib_on = false;
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    if (opt == 'l') mathlib_on = true;
    if (opt == 'h') {
      cmd_puts(c, c->help);
      return 0;
    }
    if (opt == 'v') {
      cmd_puts(c, "bc (agent-code-sandbox)\n");
      return 0;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  bc *B = calloc(1, sizeof *B);
  if (!B) return 1;
  B->c = c;
  B->ibase = B->obase = 10;
  B->last = zero();
  B->line_len = 70;
  const char *ll = getenv("BC_LINE_LENGTH");
  if (ll && *ll) B->line_len = atoi(ll);
  if (mathlib_on) run_text(B, mathlib, sizeof mathlib - 1, "(library)");
  for (int i = 0; i < g.nops && !B->quit; i++) {
    char *data;
    size_t len;
    int rc = cmd_read_all(cmd_operands(&g)[i], &data, &len);
    if (rc < 0) {
      cmd_error(c, "File %s is unavailable.", cmd_operands(&g)[i]);
      return 1;
    }
    run_text(B, data, len, cmd_operands(&g)[i]);
    free(data);
  }
  if (!B->quit) {
    char *data;
    size_t len;
    if (cmd_read_all("-", &data, &len) == 0) {
      run_text(B, data, len, "(standard_in)");
      free(data);
    }
  }
  return 0;
}
