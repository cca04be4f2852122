/* awk_parse.c - tokens to the tree: recursive descent with awk's
** precedence (lowest first: assignment, ?:, ||, &&, in, ~ !~, relations,
** concatenation, + -, * / %, unary ! - +, ^ **, ++ --, $, grouping).
** Inside print's and printf's arguments an unparenthesized ">" redirects.
** Names are resolved here: a function's parameters to frame slots, every
** other name to a global slot. */
#include "awk.h"

#include <stdio.h>
#include <string.h>

static token *tk(awk *A) { return &A->toks[A->tpos]; }
static int peek(awk *A) { return A->toks[A->tpos].t; }
static int peek2(awk *A) { return A->tpos + 1 < A->ntok ? A->toks[A->tpos + 1].t : T_EOF; }
static token *take(awk *A) { return &A->toks[A->tpos < A->ntok - 1 ? A->tpos++ : A->tpos]; }
static bool accept(awk *A, int t)
{
  if (peek(A) != t) return false;
  take(A);
  return true;
}
_Noreturn static void bad(awk *A) { awk_syntax(A, tk(A), NULL); }
static void expect(awk *A, int t)
{
  if (!accept(A, t)) bad(A);
}
static void opt_nl(awk *A)
{
  while (peek(A) == T_NEWLINE) take(A);
}

node *awk_node(awk *A, int op, int line)
{
  node *n = calloc(1, sizeof *n);
  if (!n) awk_fatal(A, "out of memory");
  n->op = op;
  n->line = line;
  return n;
}

static node *mk(awk *A, int op, node *a, node *b)
{
  node *n = awk_node(A, op, tk(A)->line);
  n->a = a;
  n->b = b;
  return n;
}

int awk_global(awk *A, const char *name, size_t n)
{
  for (int i = 0; i < A->ng; i++)
    if (A->gnames[i]->len == n && !memcmp(A->gnames[i]->s, name, n)) return i;
  if (A->ng == A->capg) {
    int cap = A->capg ? A->capg * 2 : 64;
    astr **nn = realloc(A->gnames, (size_t)cap * sizeof *nn);
    var *g = realloc(A->g, (size_t)cap * sizeof *g);
    if (!nn || !g) awk_fatal(A, "out of memory");
    A->gnames = nn;
    A->g = g;
    A->capg = cap;
  }
  A->gnames[A->ng] = astr_new(A, name, n);
  A->g[A->ng] = (var){0};
  return A->ng++;
}

static int func_index(awk *A, astr *name)
{
  for (int i = 0; i < A->nfuncs; i++)
    if (A->funcs[i].name->len == name->len && !memcmp(A->funcs[i].name->s, name->s, name->len)) return i;
  if (A->nfuncs == A->capfuncs) {
    int cap = A->capfuncs ? A->capfuncs * 2 : 16;
    func *f = realloc(A->funcs, (size_t)cap * sizeof *f);
    if (!f) awk_fatal(A, "out of memory");
    A->funcs = f;
    A->capfuncs = cap;
  }
  A->funcs[A->nfuncs] = (func){.name = astr_ref(name)};
  return A->nfuncs++;
}

static node *var_node(awk *A, token *t)
{
  func *f = A->cur_fi >= 0 ? &A->funcs[A->cur_fi] : NULL;
  if (f)
    for (int i = 0; i < f->nparams; i++)
      if (f->params[i]->len == t->str->len && !memcmp(f->params[i]->s, t->str->s, t->str->len)) {
        node *n = awk_node(A, N_LOCAL, t->line);
        n->idx = i;
        n->str = t->str;
        return n;
      }
  for (int i = 0; i < A->nfuncs; i++)
    if (A->funcs[i].defined && A->funcs[i].name->len == t->str->len &&
        !memcmp(A->funcs[i].name->s, t->str->s, t->str->len)) {
      A->lint_line = t->line;
      awk_fatal(A, "function `%s' called with space between name and `(',\nor used as a variable or an array", t->str->s);
    }
  node *n = awk_node(A, N_VAR, t->line);
  n->idx = awk_global(A, t->str->s, t->str->len);
  n->str = t->str;
  return n;
}

static bool is_lvalue(node *n) { return n->op == N_VAR || n->op == N_LOCAL || n->op == N_FIELD || n->op == N_INDEX; }

static node *expr(awk *A);
static node *ternary(awk *A);
static node *unary(awk *A);
static node *postfix(awk *A);
static node *cat(awk *A);

/* a list of expressions separated by commas (newlines allowed after them) */
static node *expr_list(awk *A, int *count)
{
  node *head = expr(A), *tail = head;
  int n = 1;
  while (accept(A, T_COMMA)) {
    opt_nl(A);
    tail = tail->next = expr(A);
    n++;
  }
  if (count) *count = n;
  return head;
}

static node *subscripts(awk *A, node *arr)
{
  /* NAME [ expr, ... ] */
  int save = A->in_print;
  A->in_print = 0;
  node *n = mk(A, N_INDEX, arr, NULL);
  n->b = expr_list(A, &n->nargs);
  A->in_print = save;
  expect(A, T_RBRACKET);
  return n;
}

static node *simple_get(awk *A)
{
  /* getline [lvalue] [< file] */
  node *n = mk(A, N_GETLINE, NULL, NULL);
  int t = peek(A);
  if (t == T_DOLLAR || t == T_NAME) n->a = postfix(A);
  if (n->a && !is_lvalue(n->a)) bad(A);
  if (peek(A) == T_LT) {
    take(A);
    n->sub = R_FILE;
    n->b = postfix(A);
  }
  return n;
}

static node *call_args(awk *A, node *n)
{
  expect(A, T_LPAREN);
  int save = A->in_print;
  A->in_print = 0;
  opt_nl(A);
  if (peek(A) != T_RPAREN) n->a = expr_list(A, &n->nargs);
  opt_nl(A);
  A->in_print = save;
  expect(A, T_RPAREN);
  return n;
}

static void check_builtin_args(awk *A, token *t, node *n)
{
  static const signed char lo[B_COUNT] = {
      [B_LENGTH] = 0, [B_SUBSTR] = 2, [B_INDEX] = 2, [B_SPLIT] = 2, [B_SUB] = 2, [B_GSUB] = 2,
      [B_GENSUB] = 3, [B_MATCH] = 2, [B_SPRINTF] = 1, [B_TOLOWER] = 1, [B_TOUPPER] = 1,
      [B_INT] = 1, [B_SQRT] = 1, [B_EXP] = 1, [B_LOG] = 1, [B_SIN] = 1, [B_COS] = 1,
      [B_ATAN2] = 2, [B_RAND] = 0, [B_SRAND] = 0, [B_SYSTEM] = 1, [B_CLOSE] = 1,
      [B_FFLUSH] = 0, [B_STRFTIME] = 0, [B_SYSTIME] = 0, [B_MKTIME] = 1, [B_ASORT] = 1,
      [B_ASORTI] = 1, [B_COMPL] = 1, [B_AND] = 2, [B_OR] = 2, [B_XOR] = 2, [B_LSHIFT] = 2,
      [B_RSHIFT] = 2, [B_STRTONUM] = 1, [B_ISARRAY] = 1, [B_TYPEOF] = 1};
  static const signed char hi[B_COUNT] = {
      [B_LENGTH] = 1, [B_SUBSTR] = 3, [B_INDEX] = 2, [B_SPLIT] = 4, [B_SUB] = 3, [B_GSUB] = 3,
      [B_GENSUB] = 4, [B_MATCH] = 3, [B_SPRINTF] = 127, [B_TOLOWER] = 1, [B_TOUPPER] = 1,
      [B_INT] = 1, [B_SQRT] = 1, [B_EXP] = 1, [B_LOG] = 1, [B_SIN] = 1, [B_COS] = 1,
      [B_ATAN2] = 2, [B_RAND] = 0, [B_SRAND] = 1, [B_SYSTEM] = 1, [B_CLOSE] = 2,
      [B_FFLUSH] = 1, [B_STRFTIME] = 3, [B_SYSTIME] = 0, [B_MKTIME] = 2, [B_ASORT] = 3,
      [B_ASORTI] = 3, [B_COMPL] = 1, [B_AND] = 127, [B_OR] = 127, [B_XOR] = 127,
      [B_LSHIFT] = 2, [B_RSHIFT] = 2, [B_STRTONUM] = 1, [B_ISARRAY] = 1, [B_TYPEOF] = 1};
  if (n->nargs < lo[n->sub] || n->nargs > hi[n->sub]) {
    char msg[128];
    snprintf(msg, sizeof msg, "%d is invalid as number of arguments for %s", n->nargs, awk_builtin_names[n->sub]);
    awk_syntax(A, &A->toks[A->tpos - 1], msg);
  }
  (void)t;
}

static node *primary(awk *A)
{
  token *t = tk(A);
  node *n;
  switch (t->t) {
  case T_NUMBER:
    take(A);
    n = mk(A, N_NUM, NULL, NULL);
    n->num = t->num;
    return n;
  case T_STRING:
    take(A);
    n = mk(A, N_STR, NULL, NULL);
    n->str = t->str;
    return n;
  case T_ERE:
    take(A);
    n = mk(A, N_REGEX, NULL, NULL);
    n->str = t->str;
    A->lint_line = t->line;
    n->re = re_literal(A, t->str->s, t->str->len);
    return n;
  case T_LPAREN: {
    take(A);
    int save = A->in_print;
    A->in_print = 0;
    A->paren_depth++;
    opt_nl(A);
    node *e = expr(A);
    if (peek(A) == T_COMMA) {
      node *tail = e;
      int cnt = 1;
      while (accept(A, T_COMMA)) {
        opt_nl(A);
        tail = tail->next = expr(A);
        cnt++;
      }
      opt_nl(A);
      expect(A, T_RPAREN);
      A->paren_depth--;
      A->in_print = save;
      n = mk(A, N_GROUP, e, NULL);
      n->nargs = cnt;
      if (peek(A) != T_IN && !A->in_print) bad(A);
      return n;
    }
    opt_nl(A);
    expect(A, T_RPAREN);
    A->paren_depth--;
    A->in_print = save;
    n = mk(A, N_GROUP, e, NULL);
    n->nargs = 1;
    return n;
  }
  case T_DOLLAR: {
    take(A);
    node *e;
    if (peek(A) == T_INCR || peek(A) == T_DECR || peek(A) == T_MINUS || peek(A) == T_PLUS || peek(A) == T_NOT)
      e = unary(A);
    else
      e = primary(A);
    return mk(A, N_FIELD, e, NULL);
  }
  case T_INCR:
  case T_DECR: {
    take(A);
    node *e = postfix(A);
    if (!is_lvalue(e)) bad(A);
    return mk(A, t->t == T_INCR ? N_PREINC : N_PREDEC, e, NULL);
  }
  case T_NAME:
    take(A);
    n = var_node(A, t);
    if (accept(A, T_LBRACKET)) return subscripts(A, n);
    return n;
  case T_FUNC_NAME: {
    take(A);
    n = mk(A, N_CALL, NULL, NULL);
    n->idx = func_index(A, t->str);
    n->str = t->str;
    return call_args(A, n);
  }
  case T_BUILTIN:
    take(A);
    n = mk(A, N_BUILTIN, NULL, NULL);
    n->sub = t->sub;
    if (peek(A) != T_LPAREN) {
      if (t->sub != B_LENGTH) bad(A);
      return n; /* length without parentheses: of $0 */
    }
    call_args(A, n);
    check_builtin_args(A, t, n);
    return n;
  case T_GETLINE:
    take(A);
    return simple_get(A);
  case T_MINUS:
  case T_PLUS:
  case T_NOT:
    return unary(A);
  default: bad(A);
  }
}

static node *postfix(awk *A)
{
  node *n = primary(A);
  if (is_lvalue(n) && (peek(A) == T_INCR || peek(A) == T_DECR))
    return mk(A, take(A)->t == T_INCR ? N_POSTINC : N_POSTDEC, n, NULL);
  return n;
}

static node *power(awk *A)
{
  node *n = postfix(A);
  if (peek(A) == T_POW) {
    take(A);
    /* right associative; the exponent may carry a sign: 2^-1 */
    node *e;
    if (peek(A) == T_MINUS || peek(A) == T_PLUS || peek(A) == T_NOT) {
      int t = take(A)->t;
      e = mk(A, t == T_MINUS ? N_NEG : t == T_PLUS ? N_PLUS : N_NOT, power(A), NULL);
    } else {
      e = power(A);
    }
    n = mk(A, N_POW, n, e);
  }
  return n;
}

static node *unary(awk *A)
{
  int t = peek(A);
  if (t == T_NOT || t == T_MINUS || t == T_PLUS) {
    take(A);
    node *e = unary(A);
    if (t == T_MINUS && e->op == N_NUM) {
      e->num = -e->num;
      return e;
    }
    return mk(A, t == T_NOT ? N_NOT : t == T_MINUS ? N_NEG : N_PLUS, e, NULL);
  }
  return power(A);
}

static node *mul(awk *A)
{
  node *n = unary(A);
  for (;;) {
    int t = peek(A);
    if (t != T_STAR && t != T_SLASH && t != T_PERCENT) return n;
    take(A);
    n = mk(A, t == T_STAR ? N_MUL : t == T_SLASH ? N_DIV : N_MOD, n, unary(A));
  }
}

static node *add(awk *A)
{
  node *n = mul(A);
  for (;;) {
    int t = peek(A);
    if (t != T_PLUS && t != T_MINUS) return n;
    take(A);
    n = mk(A, t == T_PLUS ? N_ADD : N_SUB, n, mul(A));
  }
}

static bool starts_operand(awk *A)
{
  switch (peek(A)) {
  case T_NUMBER: case T_STRING: case T_ERE: case T_NAME: case T_FUNC_NAME: case T_BUILTIN:
  case T_DOLLAR: case T_NOT: case T_LPAREN: case T_INCR: case T_DECR: case T_MINUS: case T_PLUS:
    return true;
  default: return false;
  }
}

static node *cat(awk *A)
{
  node *n = add(A);
  /* "a" -1 subtracts: a sign only starts an operand after a non-operand,
  ** which add() already took */
  while (starts_operand(A) && peek(A) != T_MINUS && peek(A) != T_PLUS) {
    if (peek(A) == T_NAME || peek(A) == T_FUNC_NAME || peek(A) == T_BUILTIN) {
      /* fine */
    }
    n = mk(A, N_CAT, n, add(A));
  }
  return n;
}

static node *pipe_get(awk *A, node *cmd)
{
  /* cmd | getline [lvalue] */
  take(A);
  take(A);
  node *n = mk(A, N_GETLINE, NULL, cmd);
  n->sub = R_CMD;
  int t = peek(A);
  if (t == T_DOLLAR || t == T_NAME) {
    n->a = postfix(A);
    if (!is_lvalue(n->a)) bad(A);
  }
  return n;
}

static node *comparison(awk *A)
{
  node *n = cat(A);
  for (;;) {
    int t = peek(A);
    if (t == T_PIPE && peek2(A) == T_GETLINE) {
      n = pipe_get(A, n);
      continue;
    }
    int op;
    switch (t) {
    case T_LT: op = N_LT; break;
    case T_LE: op = N_LE; break;
    case T_NE: op = N_NE; break;
    case T_EQ: op = N_EQ; break;
    case T_GE: op = N_GE; break;
    case T_GT:
      if (A->in_print) return n;
      op = N_GT;
      break;
    default: return n;
    }
    take(A);
    n = mk(A, op, n, cat(A));
  }
}

static node *match(awk *A)
{
  node *n = comparison(A);
  while (peek(A) == T_TILDE || peek(A) == T_NOMATCH) {
    int op = take(A)->t == T_TILDE ? N_MATCH : N_NOMATCH;
    n = mk(A, op, n, comparison(A));
  }
  return n;
}

static node *in_expr(awk *A)
{
  node *n = match(A);
  while (peek(A) == T_IN) {
    take(A);
    token *t = tk(A);
    if (t->t != T_NAME) bad(A);
    take(A);
    node *arr = var_node(A, t);
    node *subs = n->op == N_GROUP ? n->a : n;
    node *in = mk(A, N_IN, subs, arr);
    in->nargs = n->op == N_GROUP ? n->nargs : 1;
    n = in;
  }
  return n;
}

static node *and_expr(awk *A)
{
  node *n = in_expr(A);
  while (peek(A) == T_AND) {
    take(A);
    opt_nl(A);
    n = mk(A, N_AND, n, in_expr(A));
  }
  return n;
}

static node *or_expr(awk *A)
{
  node *n = and_expr(A);
  while (peek(A) == T_OR) {
    take(A);
    opt_nl(A);
    n = mk(A, N_OR, n, and_expr(A));
  }
  return n;
}

static node *ternary(awk *A)
{
  node *n = or_expr(A);
  if (peek(A) != T_QUESTION) return n;
  take(A);
  opt_nl(A);
  node *c = mk(A, N_COND, n, NULL);
  c->b = expr(A);
  opt_nl(A);
  expect(A, T_COLON);
  opt_nl(A);
  c->c = expr(A);
  return c;
}

static node *expr(awk *A)
{
  node *n = ternary(A);
  int t = peek(A), op;
  switch (t) {
  case T_ASSIGN: op = 0; break;
  case T_ADD_ASSIGN: op = N_ADD; break;
  case T_SUB_ASSIGN: op = N_SUB; break;
  case T_MUL_ASSIGN: op = N_MUL; break;
  case T_DIV_ASSIGN: op = N_DIV; break;
  case T_MOD_ASSIGN: op = N_MOD; break;
  case T_POW_ASSIGN: op = N_POW; break;
  default: return n;
  }
  if (n->op == N_GROUP && n->nargs == 1 && is_lvalue(n->a)) n = n->a;
  if (!is_lvalue(n)) bad(A);
  take(A);
  opt_nl(A);
  node *a = mk(A, N_ASSIGN, n, expr(A));
  a->sub = op;
  return a;
}

/* ---- statements */

static node *stmt(awk *A);

static void end_simple(awk *A)
{
  int t = peek(A);
  if (t == T_SEMI || t == T_NEWLINE) {
    take(A);
    opt_nl(A);
    return;
  }
  if (t == T_RBRACE || t == T_EOF) return;
  bad(A);
}

static node *block(awk *A)
{
  expect(A, T_LBRACE);
  node *n = mk(A, S_BLOCK, NULL, NULL), *tail = NULL;
  for (;;) {
    while (peek(A) == T_NEWLINE || peek(A) == T_SEMI) take(A);
    if (peek(A) == T_RBRACE) break;
    if (peek(A) == T_EOF) bad(A);
    node *s = stmt(A);
    if (tail) tail->next = s;
    else n->a = s;
    tail = s;
  }
  take(A);
  return n;
}

static node *print_stmt(awk *A, int op)
{
  node *n = mk(A, op, NULL, NULL);
  A->in_print = 1;
  int t = peek(A);
  if (t != T_SEMI && t != T_NEWLINE && t != T_RBRACE && t != T_GT && t != T_APPEND && t != T_PIPE && t != T_EOF) {
    n->a = expr_list(A, &n->nargs);
    if (n->nargs == 1 && n->a->op == N_GROUP) {
      n->nargs = n->a->nargs;
      n->a = n->a->a;
    }
  }
  t = peek(A);
  if (t == T_GT || t == T_APPEND || t == T_PIPE) {
    take(A);
    n->sub = t == T_GT ? R_FILE : t == T_APPEND ? R_APPEND : R_PIPE;
    n->b = cat(A);
  }
  A->in_print = 0;
  return n;
}

static node *simple_stmt(awk *A)
{
  token *t = tk(A);
  node *n;
  switch (t->t) {
  case T_PRINT: take(A); return print_stmt(A, S_PRINT);
  case T_PRINTF: take(A); return print_stmt(A, S_PRINTF);
  case T_NEXT:
  case T_NEXTFILE:
    take(A);
    if (A->cur_fi < 0 && A->in_begin) {
      A->lint_line = t->line;
      awk_fatal(A, "`%s' used in %s action", t->t == T_NEXT ? "next" : "nextfile", A->in_end ? "END" : "BEGIN");
    }
    return mk(A, t->t == T_NEXT ? S_NEXT : S_NEXTFILE, NULL, NULL);
  case T_EXIT:
  case T_RETURN:
    take(A);
    n = mk(A, t->t == T_EXIT ? S_EXIT : S_RETURN, NULL, NULL);
    if (t->t == T_RETURN && A->cur_fi < 0) {
      A->lint_line = t->line;
      awk_syntax(A, t, "`return' used outside function context");
    }
    if (peek(A) != T_SEMI && peek(A) != T_NEWLINE && peek(A) != T_RBRACE && peek(A) != T_EOF) n->a = expr(A);
    return n;
  case T_BREAK:
  case T_CONTINUE:
    take(A);
    if (!A->in_loop) {
      char msg[64];
      snprintf(msg, sizeof msg, "`%s' is not allowed outside a loop", t->t == T_BREAK ? "break" : "continue");
      awk_syntax(A, t, msg);
    }
    return mk(A, t->t == T_BREAK ? S_BREAK : S_CONTINUE, NULL, NULL);
  case T_DELETE: {
    take(A);
    bool paren = accept(A, T_LPAREN);
    token *nt = tk(A);
    if (nt->t != T_NAME) bad(A);
    take(A);
    n = mk(A, S_DELETE, var_node(A, nt), NULL);
    if (accept(A, T_LBRACKET)) {
      node *ix = subscripts(A, n->a);
      n->b = ix->b;
      n->nargs = ix->nargs;
    }
    if (paren) expect(A, T_RPAREN);
    return n;
  }
  default:
    return mk(A, S_EXPR, expr(A), NULL);
  }
}

static node *loop_body(awk *A)
{
  A->in_loop++;
  opt_nl(A);
  node *s;
  if (peek(A) == T_SEMI) {
    take(A);
    opt_nl(A);
    s = mk(A, S_BLOCK, NULL, NULL);
  } else {
    s = stmt(A);
  }
  A->in_loop--;
  return s;
}

static node *stmt(awk *A)
{
  token *t = tk(A);
  node *n;
  switch (t->t) {
  case T_LBRACE:
    n = block(A);
    while (peek(A) == T_SEMI || peek(A) == T_NEWLINE) take(A);
    return n;
  case T_IF: {
    take(A);
    expect(A, T_LPAREN);
    n = mk(A, S_IF, expr(A), NULL);
    expect(A, T_RPAREN);
    opt_nl(A);
    if (peek(A) == T_SEMI) {
      take(A);
      n->b = mk(A, S_BLOCK, NULL, NULL);
    } else {
      n->b = stmt(A);
    }
    size_t save = A->tpos;
    while (peek(A) == T_NEWLINE || peek(A) == T_SEMI) take(A);
    if (accept(A, T_ELSE)) {
      opt_nl(A);
      if (peek(A) == T_SEMI) {
        take(A);
        n->c = mk(A, S_BLOCK, NULL, NULL);
      } else {
        n->c = stmt(A);
      }
    } else {
      A->tpos = save;
    }
    return n;
  }
  case T_WHILE:
    take(A);
    expect(A, T_LPAREN);
    n = mk(A, S_WHILE, expr(A), NULL);
    expect(A, T_RPAREN);
    if (peek(A) == T_SEMI) {
      take(A);
      opt_nl(A);
      n->b = mk(A, S_BLOCK, NULL, NULL);
      return n;
    }
    n->b = loop_body(A);
    return n;
  case T_DO:
    take(A);
    n = mk(A, S_DO, NULL, NULL);
    n->b = loop_body(A);
    while (peek(A) == T_NEWLINE || peek(A) == T_SEMI) take(A);
    expect(A, T_WHILE);
    expect(A, T_LPAREN);
    n->a = expr(A);
    expect(A, T_RPAREN);
    end_simple(A);
    return n;
  case T_FOR: {
    take(A);
    expect(A, T_LPAREN);
    if (peek(A) == T_NAME && peek2(A) == T_IN && A->tpos + 3 < A->ntok &&
        A->toks[A->tpos + 2].t == T_NAME && A->toks[A->tpos + 3].t == T_RPAREN) {
      token *v = take(A);
      take(A);
      token *arr = take(A);
      take(A);
      n = mk(A, S_FORIN, var_node(A, v), var_node(A, arr));
      n->c = loop_body(A);
      return n;
    }
    n = mk(A, S_FOR, NULL, NULL);
    if (peek(A) != T_SEMI) n->a = simple_stmt(A);
    expect(A, T_SEMI);
    opt_nl(A);
    if (peek(A) != T_SEMI) n->b = expr(A);
    expect(A, T_SEMI);
    opt_nl(A);
    if (peek(A) != T_RPAREN) n->c = simple_stmt(A);
    expect(A, T_RPAREN);
    if (peek(A) == T_SEMI) {
      take(A);
      opt_nl(A);
      n->d = mk(A, S_BLOCK, NULL, NULL);
      return n;
    }
    n->d = loop_body(A);
    return n;
  }
  case T_SEMI:
    take(A);
    opt_nl(A);
    return mk(A, S_BLOCK, NULL, NULL);
  default:
    n = simple_stmt(A);
    end_simple(A);
    return n;
  }
}

/* ---- the program */

static void add_rule(awk *A, rule *r)
{
  if (A->last_rule) A->last_rule->next = r;
  else A->rules = r;
  A->last_rule = r;
  if (!r->kind) A->has_main = true;
  if (r->kind == T_END) A->has_end = true;
  if (r->kind == T_BEGINFILE) A->has_beginfile = true;
  if (r->kind == T_ENDFILE) A->has_endfile = true;
}

static void function_def(awk *A)
{
  take(A);
  token *name = tk(A);
  if (name->t != T_NAME && name->t != T_FUNC_NAME) bad(A);
  take(A);
  int fi = func_index(A, name->str);
  if (A->funcs[fi].defined) {
    A->lint_line = name->line;
    awk_syntax(A, name, "function name previously defined");
  }
  func f = A->funcs[fi];
  f.line = name->line;
  expect(A, T_LPAREN);
  int cap = 0;
  while (peek(A) != T_RPAREN) {
    token *p = tk(A);
    if (p->t != T_NAME) bad(A);
    take(A);
    if (f.nparams == cap) {
      cap = cap ? cap * 2 : 8;
      f.params = realloc(f.params, (size_t)cap * sizeof *f.params);
      if (!f.params) awk_fatal(A, "out of memory");
    }
    f.params[f.nparams++] = p->str;
    opt_nl(A);
    if (!accept(A, T_COMMA)) break;
    opt_nl(A);
  }
  expect(A, T_RPAREN);
  opt_nl(A);
  f.defined = true;
  A->funcs[fi] = f;
  A->cur_fi = fi;
  node *body = block(A);
  /* the table may have moved while the body named new functions */
  A->funcs[fi].body = body;
  A->cur_fi = -1;
}

void awk_parse(awk *A)
{
  A->tpos = 0;
  for (;;) {
    while (peek(A) == T_NEWLINE || peek(A) == T_SEMI) take(A);
    int t = peek(A);
    if (t == T_EOF) break;
    if (t == T_FUNCTION) {
      function_def(A);
      continue;
    }
    rule *r = calloc(1, sizeof *r);
    if (!r) awk_fatal(A, "out of memory");
    if (t == T_BEGIN || t == T_END || t == T_BEGINFILE || t == T_ENDFILE) {
      take(A);
      r->kind = t;
      opt_nl(A);
      if (peek(A) != T_LBRACE) {
        char msg[64];
        snprintf(msg, sizeof msg, "each rule must have a pattern or an action part");
        if (peek(A) == T_EOF || peek(A) == T_NEWLINE) bad(A);
        awk_syntax(A, tk(A), NULL);
      }
      A->in_begin = t == T_BEGIN || t == T_END;
      A->in_end = t == T_END;
      r->action = block(A);
      A->in_begin = A->in_end = false;
    } else {
      if (t != T_LBRACE) {
        r->pat = expr(A);
        if (accept(A, T_COMMA)) {
          opt_nl(A);
          r->pat2 = expr(A);
        }
      }
      if (peek(A) == T_LBRACE) r->action = block(A);
      else if (peek(A) != T_NEWLINE && peek(A) != T_SEMI && peek(A) != T_EOF) bad(A);
    }
    add_rule(A, r);
  }
}
