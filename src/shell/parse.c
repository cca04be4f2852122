/* parse.c - the shell's grammar: tokens from lex.c into the AST of sh.h.
**
** Recursive descent over bash's grammar: lists, and-or lists, pipelines,
** simple commands with assignments and redirections, the compound
** commands, function definitions and [[ ]]. Reserved words are words
** that are unquoted and in command position. A syntax error stops the
** parse with bash's words: "syntax error near unexpected token `X'". */
#include "sh.h"

#include <errno.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct parser {
  lexer *lx;
} parser;

static node *p_list(parser *p, bool top);
static node *p_list_opt(parser *p, bool top, bool may_be_empty);
static node *p_command(parser *p);
static cond *p_cond_or(parser *p);

static node *mknode(parser *p, int kind)
{
  node *n = ar_alloc(p->lx->ar, sizeof *n);
  n->kind = kind;
  n->line = p->lx->tline;
  n->start = p->lx->tstart;
  return n;
}

static bool failed(parser *p) { return p->lx->err; }

static void unexpected(parser *p, int tok)
{
  if (p->lx->err) return;
  if (tok == T_EOF) lx_error(p->lx, "syntax error: unexpected end of file");
  else lx_error(p->lx, "syntax error near unexpected token `%s'", tok_name(p->lx, tok));
}

/* a word as it would be a reserved word: one unquoted literal */
static const char *word_lit(word *w)
{
  if (!w || !w->parts || w->parts->next || w->parts->kind != P_LIT || w->parts->quoted) return NULL;
  return w->parts->text;
}

static bool peek_word(parser *p, const char *kw)
{
  if (lx_peek(p->lx) != T_WORD) return false;
  const char *s = word_lit(p->lx->tword);
  return s && !strcmp(s, kw);
}

static bool expect_word(parser *p, const char *kw)
{
  if (peek_word(p, kw)) {
    lx_consume(p->lx);
    return true;
  }
  unexpected(p, lx_peek(p->lx));
  return false;
}

static void skip_nl(parser *p)
{
  while (lx_peek(p->lx) == T_NL) lx_consume(p->lx);
}

static const char *const keywords[] = {"if", "then", "else", "elif", "fi", "do", "done", "case",
                                       "esac", "while", "until", "for", "{", "}", "!", "in",
                                       "function", "[[", "]]", "time", "select", NULL};

bool is_keyword(const char *s)
{
  for (int i = 0; keywords[i]; i++)
    if (!strcmp(keywords[i], s)) return true;
  return false;
}

/* words that end a list inside a compound command */
static bool at_list_end(parser *p)
{
  int t = lx_peek(p->lx);
  if (t == T_EOF || t == T_RPAREN || t == T_DSEMI || t == T_SEMIAND || t == T_DSEMIAND) return true;
  if (t != T_WORD) return false;
  const char *s = word_lit(p->lx->tword);
  if (!s) return false;
  static const char *const ends[] = {"then", "else", "elif", "fi", "do", "done", "esac", "}", NULL};
  for (int i = 0; ends[i]; i++)
    if (!strcmp(ends[i], s)) return true;
  return false;
}

/* ---- redirections ----------------------------------------------------- */

static redir *p_redir(parser *p)
{
  lexer *lx = p->lx;
  int op = lx->rop, fd = lx->rfd;
  size_t opstart = lx->tstart;
  lx_consume(lx);
  redir *r = ar_alloc(lx->ar, sizeof *r);
  r->fd = fd;
  r->fdvar = lx->rvar;
  if (op == -R_HEREDOC) {
    op = R_HEREDOC;
    r->hd_strip = true;
  }
  r->op = op;
  int t = lx_peek(lx);
  if (t != T_WORD) {
    unexpected(p, t);
    return NULL;
  }
  word *w = lx->tword;
  lx_consume(lx);
  if (op == R_HEREDOC) {
    r->hd_delim = w->raw;
    if (lx->nhd + 1 > lx->caphd) {
      lx->caphd = lx->caphd * 2 + 4;
      lx->hd = xrealloc(lx->hd, lx->caphd * sizeof *lx->hd);
    }
    lx->hd[lx->nhd++] = (pending_hd){r, opstart};
  } else {
    r->target = w;
  }
  return r;
}

static void add_redir(redir **list, redir *r)
{
  while (*list) list = &(*list)->next;
  *list = r;
}

static void p_redirs(parser *p, node *n)
{
  while (!failed(p) && lx_peek(p->lx) == T_REDIR) {
    redir *r = p_redir(p);
    if (r) add_redir(&n->redirs, r);
  }
}

/* ---- simple commands and function definitions ------------------------ */

/* NAME=, NAME+=, NAME[SUB]= and NAME[SUB]+= (arrays.c reads the shape
** from the word's text) */
static bool is_assignment(word *w)
{
  wpart *p = w->parts;
  if (!p || p->kind != P_LIT || p->quoted || !w->raw) return false;
  asg g;
  return asg_parse(w->raw, strlen(w->raw), &g) > 0;
}

/* name=(...) is an assignment: anywhere but before a command or as a
** declaration builtin's argument, bash reads its ( as a syntax error */
static bool compound_misplaced(parser *p, word *w)
{
  for (wpart *q = w ? w->parts : NULL; q; q = q->next)
    if (q->kind == P_ARRAY) {
      lx_error(p->lx, "syntax error near unexpected token `('");
      return true;
    }
  return false;
}

static bool is_declaration(word *w)
{
  static const char *const decl[] = {"declare", "typeset", "local", "export", "readonly",
                                     "let" /* bash reads x=( ... ) whole for let too */, NULL};
  const char *s = w ? word_lit(w) : NULL;
  for (int i = 0; s && decl[i]; i++)
    if (!strcmp(s, decl[i])) return true;
  return false;
}

static node *p_funcbody(parser *p, node *f)
{
  skip_nl(p);
  node *body = p_command(p);
  if (!body) {
    if (!failed(p)) unexpected(p, lx_peek(p->lx));
    return NULL;
  }
  if (body->kind == N_SIMPLE || body->kind == N_FUNC) {
    lx_error(p->lx, "syntax error: a function body must be a compound command");
    return NULL;
  }
  f->a = body;
  f->end = p->lx->prev_end;
  return f;
}

static node *p_simple(parser *p)
{
  lexer *lx = p->lx;
  node *n = mknode(p, N_SIMPLE);
  word **at = &n->assigns, **wt = &n->words;
  for (;;) {
    int t = lx_peek(lx);
    if (t == T_REDIR) {
      redir *r = p_redir(p);
      if (!r) return NULL;
      add_redir(&n->redirs, r);
      continue;
    }
    if (t != T_WORD) break;
    word *w = lx->tword;
    if (!n->words && is_assignment(w)) {
      lx_consume(lx);
      *at = w;
      at = &w->next;
      continue;
    }
    /* the command word after assignments, or the word after an alias
    ** whose value ends in a blank, may be an alias */
    bool after_blank = n->words && lx->alias_blank && lx->tstart >= lx->alias_blank;
    if (after_blank) lx->alias_blank = 0;
    if ((after_blank || (!n->words && n->assigns)) && word_lit(w) && alias_expand(lx, word_lit(w))) continue;
    lx_consume(lx);
    if (!n->words && !n->assigns && !n->redirs && lx_peek(lx) == T_LPAREN) {
      /* name ( ) body */
      const char *name = w->raw;
      lx_consume(lx);
      if (lx_next(lx) != T_RPAREN) {
        unexpected(p, lx->tok);
        return NULL;
      }
      n->kind = N_FUNC;
      n->name = ar_strndup(lx->ar, name, strlen(name));
      return p_funcbody(p, n);
    }
    if (!is_declaration(n->words ? n->words : w) && compound_misplaced(p, w)) return NULL;
    *wt = w;
    wt = &w->next;
  }
  if (!n->words && !n->assigns && !n->redirs) {
    unexpected(p, lx_peek(lx));
    return NULL;
  }
  n->end = lx->prev_end;
  return n;
}

/* ---- compound commands ------------------------------------------------- */

static node *p_if(parser *p)
{
  node *n = mknode(p, N_IF);
  lx_consume(p->lx); /* if or elif */
  n->a = p_list(p, false);
  if (failed(p) || !expect_word(p, "then")) return NULL;
  n->b = p_list(p, false);
  if (failed(p)) return NULL;
  if (peek_word(p, "elif")) {
    n->c = p_if(p);
    return n->c ? n : NULL;
  }
  if (peek_word(p, "else")) {
    lx_consume(p->lx);
    n->c = p_list(p, false);
    if (failed(p)) return NULL;
  }
  if (!expect_word(p, "fi")) return NULL;
  return n;
}

static node *p_dogroup(parser *p)
{
  if (!expect_word(p, "do")) return NULL;
  node *body = p_list(p, false);
  if (failed(p) || !expect_word(p, "done")) return NULL;
  return body;
}

static node *p_while(parser *p, bool until)
{
  node *n = mknode(p, N_WHILE);
  n->until = until;
  lx_consume(p->lx);
  n->a = p_list(p, false);
  if (failed(p)) return NULL;
  n->b = p_dogroup(p);
  return n->b || !failed(p) ? n : NULL;
}

static node *p_for(parser *p)
{
  lexer *lx = p->lx;
  node *n = mknode(p, N_FOR);
  lx_consume(lx);
  if (lx_peek(lx) == T_DLPAREN) {
    lx_consume(lx);
    n->kind = N_AFOR;
    n->w1 = lx_arith_until_semi(lx);
    if (lx_getc(lx) != ';') {
      lx_error(lx, "syntax error: `;' expected in for ((...))");
      return NULL;
    }
    n->w2 = lx_arith_until_semi(lx);
    if (lx_getc(lx) != ';') {
      lx_error(lx, "syntax error: `;' expected in for ((...))");
      return NULL;
    }
    n->w3 = lx_arith_until_dparen(lx);
    if (failed(p)) return NULL;
    if (lx_peek(lx) == T_SEMI) lx_consume(lx);
    skip_nl(p);
  } else {
    /* a name that is not an identifier fails when the loop runs (bash) */
    if (lx_peek(lx) != T_WORD) {
      unexpected(p, lx_peek(lx));
      return NULL;
    }
    n->name = lx->tword->raw;
    lx_consume(lx);
    skip_nl(p);
    if (peek_word(p, "in")) {
      lx_consume(lx);
      n->in = true;
      word **wt = &n->words;
      while (lx_peek(lx) == T_WORD) {
        if (compound_misplaced(p, lx->tword)) return NULL;
        *wt = lx->tword;
        wt = &lx->tword->next;
        lx_consume(lx);
      }
      int t = lx_peek(lx);
      if (t != T_SEMI && t != T_NL) {
        unexpected(p, t);
        return NULL;
      }
      lx_consume(lx);
      skip_nl(p);
    } else if (lx_peek(lx) == T_SEMI) {
      lx_consume(lx);
      skip_nl(p);
    }
  }
  if (peek_word(p, "{")) {
    lx_consume(lx);
    n->b = p_list(p, false);
    if (failed(p) || !expect_word(p, "}")) return NULL;
    return n;
  }
  n->b = p_dogroup(p);
  return failed(p) ? NULL : n;
}

static node *p_case(parser *p)
{
  lexer *lx = p->lx;
  node *n = mknode(p, N_CASE);
  lx_consume(lx);
  if (lx_peek(lx) != T_WORD) {
    unexpected(p, lx_peek(lx));
    return NULL;
  }
  n->w1 = lx->tword;
  if (compound_misplaced(p, n->w1)) return NULL;
  lx_consume(lx);
  skip_nl(p);
  if (!expect_word(p, "in")) return NULL;
  caseitem **it = &n->items;
  for (;;) {
    skip_nl(p);
    if (peek_word(p, "esac")) {
      lx_consume(lx);
      break;
    }
    caseitem *ci = ar_alloc(lx->ar, sizeof *ci);
    if (lx_peek(lx) == T_LPAREN) lx_consume(lx);
    word **pt = &ci->pats;
    for (;;) {
      if (lx_peek(lx) != T_WORD) {
        unexpected(p, lx_peek(lx));
        return NULL;
      }
      word *w = lx->tword;
      lx_consume(lx);
      *pt = w;
      pt = &w->next;
      int t = lx_next(lx);
      if (t == T_RPAREN) break;
      if (t != T_PIPE) {
        unexpected(p, t);
        return NULL;
      }
    }
    ci->body = p_list_opt(p, false, true);
    if (failed(p)) return NULL;
    *it = ci;
    it = &ci->next;
    int t = lx_peek(lx);
    if (t == T_DSEMI || t == T_SEMIAND || t == T_DSEMIAND) {
      ci->term = t == T_DSEMI ? 0 : t == T_SEMIAND ? 1 : 2;
      lx_consume(lx);
      continue;
    }
    if (peek_word(p, "esac")) {
      lx_consume(lx);
      break;
    }
    unexpected(p, t);
    return NULL;
  }
  return n;
}

/* ---- [[ ]] -------------------------------------------------------------- */

static word *cond_word(parser *p)
{
  int t = lx_peek(p->lx);
  if (t != T_WORD) {
    unexpected(p, t);
    return NULL;
  }
  word *w = p->lx->tword;
  lx_consume(p->lx);
  return w;
}

static cond *mkcond(parser *p, int kind)
{
  cond *c = ar_alloc(p->lx->ar, sizeof *c);
  c->kind = kind;
  return c;
}

static bool cond_end(parser *p)
{
  int t = lx_peek(p->lx);
  return t != T_WORD || peek_word(p, "]]");
}

/* bash lets a [[ ]] go on over lines between its operands and operators */
static int cond_peek(parser *p)
{
  while (lx_peek(p->lx) == T_NL) lx_consume(p->lx);
  return lx_peek(p->lx);
}

static cond *p_cond_prim(parser *p)
{
  lexer *lx = p->lx;
  while (lx_peek(lx) == T_NL) lx_consume(lx);
  if (peek_word(p, "!")) {
    lx_consume(lx);
    cond *c = mkcond(p, C_NOT);
    c->l = p_cond_prim(p);
    return c->l ? c : NULL;
  }
  if (lx_peek(lx) == T_LPAREN) {
    lx_consume(lx);
    cond *c = p_cond_or(p);
    if (!c) return NULL;
    cond_peek(p);
    if (lx_next(lx) != T_RPAREN) {
      unexpected(p, lx->tok);
      return NULL;
    }
    c->paren = true;
    return c;
  }
  word *a = cond_word(p);
  if (!a) return NULL;
  const char *s = word_lit(a);
  if (s && test_is_unary(s)) {
    if (cond_end(p)) {
      /* bash: a unary operator must have its argument ([[ -z ]] is an error) */
      int t = lx_peek(lx);
      lx_error(lx, "unexpected argument `%s' to conditional unary operator",
               tok_name(lx, t));
      return NULL;
    }
    cond *c = mkcond(p, C_UNARY);
    c->op = (char *)s;
    c->a = cond_word(p);
    return c->a ? c : NULL;
  }
  if (!cond_end(p)) {
    const char *op = word_lit(lx->tword);
    if (op && (test_is_binary(op) || !strcmp(op, "==") || !strcmp(op, "=~") || !strcmp(op, "<") ||
               !strcmp(op, ">"))) {
      lx_consume(lx);
      cond *c = mkcond(p, C_BINARY);
      c->op = (char *)op;
      c->a = a;
      if (!strcmp(op, "=~")) {
        c->b = lx_regex_word(lx);
        return c->b->parts || c->b->raw[0] ? c : (unexpected(p, lx_peek(lx)), NULL);
      }
      c->b = cond_word(p);
      return c->b ? c : NULL;
    }
    lx_error(lx, "syntax error in conditional expression: unexpected token `%s'", lx->tword->raw);
    return NULL;
  }
  cond *c = mkcond(p, C_WORD);
  c->a = a;
  return c;
}

static cond *p_cond_and(parser *p)
{
  cond *l = p_cond_prim(p);
  while (l && cond_peek(p) == T_ANDAND) {
    lx_consume(p->lx);
    cond *c = mkcond(p, C_AND);
    c->l = l;
    c->r = p_cond_prim(p);
    if (!c->r) return NULL;
    l = c;
  }
  return l;
}

static cond *p_cond_or(parser *p)
{
  cond *l = p_cond_and(p);
  while (l && cond_peek(p) == T_OROR) {
    lx_consume(p->lx);
    cond *c = mkcond(p, C_OR);
    c->l = l;
    c->r = p_cond_and(p);
    if (!c->r) return NULL;
    l = c;
  }
  return l;
}

static node *p_dbracket(parser *p)
{
  lexer *lx = p->lx;
  node *n = mknode(p, N_COND);
  lx_consume(lx);
  lx->dbracket = true;
  n->cond = p_cond_or(p);
  if (n->cond && !peek_word(p, "]]")) {
    if (!failed(p)) lx_error(lx, "syntax error in conditional expression");
  }
  lx->dbracket = false;
  if (failed(p)) return NULL;
  lx_consume(lx);
  return n;
}

/* ---- commands and lists ------------------------------------------------ */

static node *p_command(parser *p)
{
  lexer *lx = p->lx;
  while (lx_peek(lx) == T_WORD && word_lit(lx->tword) && alias_expand(lx, word_lit(lx->tword))) {}
  int t = lx_peek(lx);
  node *n = NULL;
  size_t start = lx->tstart;
  int line = lx->tline;
  if (t == T_LPAREN) {
    n = mknode(p, N_SUBSHELL);
    lx_consume(lx);
    n->istart = lx->prev_end;
    n->a = p_list(p, false);
    if (failed(p)) return NULL;
    n->iend = lx->tstart;
    if (lx_next(lx) != T_RPAREN) {
      unexpected(p, lx->tok);
      return NULL;
    }
  } else if (t == T_DLPAREN) {
    n = mknode(p, N_ARITH);
    lx_consume(lx);
    n->w1 = lx_arith_until_dparen(lx);
    if (failed(p)) return NULL;
  } else if (t == T_WORD && word_lit(lx->tword)) {
    const char *s = word_lit(lx->tword);
    if (!strcmp(s, "{")) {
      n = mknode(p, N_BRACE);
      lx_consume(lx);
      n->a = p_list(p, false);
      if (failed(p) || !expect_word(p, "}")) return NULL;
    } else if (!strcmp(s, "if")) {
      n = p_if(p);
    } else if (!strcmp(s, "while") || !strcmp(s, "until")) {
      n = p_while(p, s[0] == 'u');
    } else if (!strcmp(s, "for")) {
      n = p_for(p);
    } else if (!strcmp(s, "case")) {
      n = p_case(p);
    } else if (!strcmp(s, "[[")) {
      n = p_dbracket(p);
    } else if (!strcmp(s, "function")) {
      n = mknode(p, N_FUNC);
      lx_consume(lx);
      if (lx_peek(lx) != T_WORD) {
        unexpected(p, lx_peek(lx));
        return NULL;
      }
      n->name = lx->tword->raw;
      lx_consume(lx);
      if (lx_peek(lx) == T_LPAREN) {
        lx_consume(lx);
        if (lx_next(lx) != T_RPAREN) {
          unexpected(p, lx->tok);
          return NULL;
        }
      }
      n = p_funcbody(p, n);
      if (n) n->start = start;
      return n;
    } else if (!strcmp(s, "then") || !strcmp(s, "else") || !strcmp(s, "elif") || !strcmp(s, "fi") ||
               !strcmp(s, "do") || !strcmp(s, "done") || !strcmp(s, "esac") || !strcmp(s, "}") ||
               !strcmp(s, "in")) {
      unexpected(p, t);
      return NULL;
    } else {
      return p_simple(p);
    }
  } else if (t == T_WORD || t == T_REDIR) {
    return p_simple(p);
  } else {
    unexpected(p, t);
    return NULL;
  }
  if (!n) return NULL;
  n->start = start;
  n->line = line;
  p_redirs(p, n);
  n->end = lx->prev_end;
  return failed(p) ? NULL : n;
}

static node *p_pipeline_(parser *p);

/* time [-p] PIPELINE (the keyword times the whole pipeline) */
static node *p_pipeline(parser *p)
{
  lexer *lx = p->lx;
  if (!peek_word(p, "time")) return p_pipeline_(p);
  node *n = mknode(p, N_TIME);
  n->start = lx->tstart;
  n->line = lx->tline;
  lx_consume(lx);
  if (peek_word(p, "-p")) {
    lx_consume(lx);
    n->in = true;
  }
  int t = lx_peek(lx);
  if (t == T_WORD || t == T_REDIR || t == T_LPAREN || t == T_DLPAREN) {
    n->a = p_pipeline_(p);
    if (!n->a) return NULL;
  }
  n->end = lx->prev_end;
  return n;
}

static node *p_pipeline_(parser *p)
{
  lexer *lx = p->lx;
  bool bang = false;
  size_t start = lx->tstart;
  int line = lx->tline;
  if (lx_peek(lx) == T_WORD) start = lx->tstart, line = lx->tline;
  while (peek_word(p, "!")) {
    lx_consume(lx);
    bang = !bang;
  }
  node *first = p_command(p);
  if (!first) return NULL;
  if (lx_peek(lx) != T_PIPE && lx_peek(lx) != T_PIPEAMP && !bang) return first;
  node *n = ar_alloc(lx->ar, sizeof *n);
  n->kind = N_PIPE;
  n->bang = bang;
  n->start = start;
  n->line = line;
  n->a = first;
  node **tail = &first->next;
  node *last = first;
  while (lx_peek(lx) == T_PIPE || lx_peek(lx) == T_PIPEAMP) {
    if (lx->tok == T_PIPEAMP) {
      redir *r = ar_alloc(lx->ar, sizeof *r);
      r->op = R_DUPOUT;
      r->fd = 2;
      r->target = lx_word_from(lx, "1", 1, 1 /* not a here-document */);
      r->target->raw = "1";
      add_redir(&last->redirs, r);
      last->pipe_amp = true;
    }
    lx_consume(lx);
    skip_nl(p);
    node *c = p_command(p);
    if (!c) {
      if (!failed(p)) unexpected(p, lx_peek(lx));
      return NULL;
    }
    *tail = c;
    tail = &c->next;
    last = c;
  }
  n->end = lx->prev_end;
  return n;
}

static node *p_andor(parser *p)
{
  node *l = p_pipeline(p);
  while (l && (lx_peek(p->lx) == T_ANDAND || lx_peek(p->lx) == T_OROR)) {
    int t = p->lx->tok;
    lx_consume(p->lx);
    skip_nl(p);
    node *n = ar_alloc(p->lx->ar, sizeof *n);
    n->kind = t == T_ANDAND ? N_AND : N_OR;
    n->start = l->start;
    n->line = l->line;
    n->a = l;
    n->b = p_pipeline(p);
    if (!n->b) {
      if (!failed(p)) unexpected(p, lx_peek(p->lx));
      return NULL;
    }
    n->end = p->lx->prev_end;
    l = n;
  }
  return l;
}

/* A list: and-or lists separated by ; & and (inside compound commands)
** newlines. At top level it ends at a newline. */
static node *p_list(parser *p, bool top) { return p_list_opt(p, top, false); }

/* A case item's body may be empty (`a) ;;`); every other list needs a
** command, as in bash. */
static node *p_list_opt(parser *p, bool top, bool may_be_empty)
{
  lexer *lx = p->lx;
  node *list = ar_alloc(lx->ar, sizeof *list);
  list->kind = N_LIST;
  node **tail = &list->a;
  if (!top) skip_nl(p);
  lx_peek(lx);
  list->start = lx->tstart;
  list->line = lx->tline;
  for (;;) {
    if (!top && at_list_end(p)) break;
    node *n = p_andor(p);
    if (!n) return NULL;
    *tail = n;
    tail = &n->next;
    int t = lx_peek(lx);
    if (t == T_SEMI || t == T_AMP) {
      n->bg = t == T_AMP;
      lx_consume(lx);
      if (top && (lx_peek(lx) == T_NL || lx_peek(lx) == T_EOF)) break;
      if (!top) skip_nl(p);
      continue;
    }
    if (t == T_NL) {
      if (top) break;
      n->nl = true;
      skip_nl(p);
      continue;
    }
    if (top && t == T_EOF) break;
    if (!top && at_list_end(p)) break;
    unexpected(p, t);
    return NULL;
  }
  if (!list->a && !top && !may_be_empty) {
    unexpected(p, lx_peek(lx));
    return NULL;
  }
  list->end = lx->prev_end;
  return list;
}

int ps_command(lexer *lx, node **out)
{
  parser p = {lx};
  *out = NULL;
  while (lx_peek(lx) == T_NL) lx_consume(lx);
  if (lx->err) goto bad;
  if (lx_peek(lx) == T_EOF) return 0;
  node *n = p_list(&p, true);
  if (!n) goto bad;
  if (lx_peek(lx) == T_NL) lx_consume(lx);
  *out = n;
  return 0;
bad:
  return -1;
}

size_t ps_skip_cmdsub(lexer *lx)
{
  node *n;
  return ps_cmdsub(lx, &n);
}

size_t ps_cmdsub(lexer *lx, node **out)
{
  parser p = {lx};
  *out = NULL;
  skip_nl(&p);
  if (lx_peek(lx) == T_RPAREN) {
    lx_consume(lx);
    return lx->pos;
  }
  node *n = p_list(&p, false);
  if (!n) return (size_t)-1;
  *out = n;
  if (lx_peek(lx) != T_RPAREN) {
    unexpected(&p, lx_peek(lx));
    return (size_t)-1;
  }
  lx_consume(lx);
  return lx->pos;
}
