/* parse_stmt.c - the parser's statements (see parse.c): variable
** declarations, for loops, blocks, every statement, and the program. */
#include "internal.h"

#include "../base/base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --------------------------------------------------------- statements */

/* var/let/const declarations; the keyword is the current token. */
static void parse_var_decl(P *p, bool is_var, bool in_for)
{
  acs__p_next(p);
  int32_t target = is_var ? acs__function_scope(p) : p->cur_scope;
  do {
    uint32_t first = p->ndecls;
    acs__parse_binding_target(p, target);
    /* `const require = ...` at the top: a SyntaxError in the CommonJS
    ** wrapper, which binds the name; Node then runs the file as an ES
    ** module (its syntax detection), and so do we */
    for (uint32_t d = first; !is_var && target == 0 && d < p->ndecls; d++) {
      const decl *x = &p->decls[d];
      size_t n = x->end - x->start;
      const char *t = p->src + x->start;
      static const char *const wrapped[] = {"require", "module", "exports", "__filename", "__dirname"};
      for (size_t w = 0; w < sizeof wrapped / sizeof *wrapped; w++)
        if (strlen(wrapped[w]) == n && !memcmp(t, wrapped[w], n)) p->cjs_redeclared = true;
    }
    if (p->ts && acs__p_punct(p, P_BANG)) {
      /* definite assignment `x!: T` */
      acs__edit_blank(p, p->tok.start, p->tok.end);
      acs__p_next(p);
    }
    if (p->ts && acs__p_punct(p, P_COLON)) acs__ts_blank_annotation(p);
    if (acs__p_eat(p, P_ASSIGN)) acs__parse_assign(p);
    if (in_for && (acs__p_is(p, "of") || acs__p_is(p, "in"))) return;
  } while (!p->err && acs__p_eat(p, P_COMMA));
}

static bool is_let_decl(P *p)
{
  if (!acs__p_is(p, "let")) return false;
  acs__token nx = acs__p_peek(p);
  return (nx.kind == TK_IDENT && !acs__tok_is(&p->L, &nx, "in") && !acs__tok_is(&p->L, &nx, "instanceof") &&
          !acs__tok_is(&p->L, &nx, "of")) ||
         (nx.kind == TK_PUNCT && (nx.punct == P_LBRACK || nx.punct == P_LBRACE));
}

static void parse_for(P *p)
{
  acs__p_next(p);
  bool for_await = false;
  if (acs__p_is(p, "await")) {
    for_await = true;
    if (p->fn_depth == 0 && p->format != ACS__FMT_CJS && p->format != ACS__FMT_SCRIPT) {
      p->has_tla = true;
      p->saw_esm = true;
    } else if (p->fn_depth == 0 && p->probe_script) {
      /* a script cannot have it: the file is a module after all */
      acs__p_unexpected(p);
      return;
    }
    acs__p_next(p);
  }
  acs__p_expect(p, P_LPAREN);
  acs__scope_push(p, SC_BLOCK);
  bool save = p->no_in;
  p->no_in = true;
  if (acs__p_punct(p, P_SEMI)) {
    /* no init */
  } else if (acs__p_is(p, "var")) {
    parse_var_decl(p, true, true);
  } else if (acs__p_is(p, "const") || is_let_decl(p)) {
    parse_var_decl(p, false, true);
  } else {
    acs__parse_expression(p);
  }
  p->no_in = save;
  if (acs__p_is(p, "of")) {
    acs__p_next(p);
    /* for await: the body puts back the context the loop began in (see
    ** async_context_await) */
    uint32_t k = 0, iter = p->tok.start;
    bool ctx = for_await && acs__async_context_on(p);
    acs__parse_assign(p);
    if (ctx && !p->err) {
      k = p->try_count++;
      char t[96];
      snprintf(t, sizeof t, "(\x01" "k%u=\x01" "m.c(),", k);
      acs__edit_insert(p, iter, t);
      acs__edit_insert(p, p->prev_end, ")");
      acs__p_expect(p, P_RPAREN);
      snprintf(t, sizeof t, "{var \x01" "k%u;\x01" "m.s(\x01" "k%u);", k, k);
      acs__edit_insert(p, p->tok.start, t);
      acs__parse_statement(p);
      acs__edit_insert(p, p->prev_end, "}");
      acs__scope_pop(p);
      return;
    }
  } else if (acs__p_is(p, "in")) {
    acs__p_next(p);
    acs__parse_expression(p);
  } else {
    acs__p_expect(p, P_SEMI);
    if (!acs__p_punct(p, P_SEMI)) acs__parse_expression(p);
    acs__p_expect(p, P_SEMI);
    if (!acs__p_punct(p, P_RPAREN)) acs__parse_expression(p);
  }
  acs__p_expect(p, P_RPAREN);
  acs__parse_statement(p);
  acs__scope_pop(p);
}

void acs__parse_block_body(P *p)
{
  using_frame f = {.open = p->tok.start + 1, .up = p->using_top};
  acs__p_expect(p, P_LBRACE);
  acs__scope_push(p, SC_BLOCK);
  p->using_top = &f;
  while (!p->err && !acs__p_punct(p, P_RBRACE) && p->tok.kind != TK_EOF) acs__parse_statement(p);
  p->using_top = f.up;
  acs__scope_pop(p);
  if (f.used && !p->err) acs__using_wrap(p, &f, p->tok.start);
  acs__p_expect(p, P_RBRACE);
}

/* function declaration; current token "function" (after async) */
static void parse_function_decl(P *p, uint32_t start, bool is_async, bool declare_name)
{
  acs__p_next(p);
  bool gen = acs__p_eat(p, P_STAR);
  if (acs__p_is_binding_ident(p)) {
    if (declare_name) acs__declare(p, p->tok.start, p->tok.end, p->cur_scope);
    acs__p_next(p);
  }
  acs__parse_function_rest(p, start, is_async, gen, false);
}

static void parse_statement_inner(P *p);

void acs__parse_statement(P *p)
{
  uint32_t e0 = p->nedits;
  uint32_t start = p->tok.start;
  parse_statement_inner(p);
  /* a statement that was blanked whole produced no code; it leaves an
  ** empty statement ";" so that the lines around it cannot join (ASI) */
  bool blank = false;
  for (uint32_t i = e0; i < p->nedits && !p->err; i++) {
    edit *e = &p->edits[i];
    if (!e->text && e->start <= start && e->end >= p->prev_end && e->end > e->start) {
      blank = true;
      if ((unsigned char)p->src[e->start] < 0x80 && p->src[e->start] != '\n' && p->src[e->start] != '\r') {
        uint32_t s0 = e->start;
        e->start++;
        acs__edit_replace(p, s0, s0 + 1, ";");
      }
      break;
    }
  }
  if (!blank) p->value_stmts++;
}

static void parse_statement_inner(P *p)
{
  if (p->err) return;
  acs__token t = p->tok;
  uint32_t start = t.start;
  if (t.kind == TK_PUNCT) {
    if (t.punct == P_LBRACE) {
      acs__parse_block_body(p);
      return;
    }
    if (t.punct == P_SEMI) {
      acs__p_next(p);
      return;
    }
  }
  if (t.kind == TK_IDENT && !t.escaped) {
    if (acs__p_is(p, "using")) {
      acs__token nx = acs__p_peek(p);
      if (acs__using_binds(p, &nx)) {
        acs__parse_using_decl(p, false);
        return;
      }
    }
    if (acs__p_is(p, "await") && (p->in_async || p->fn_depth == 0)) {
      acs__token nx = acs__p_peek(p);
      if (!nx.nl_before && acs__tok_is(&p->L, &nx, "using")) {
        acs__lexer save = p->L;
        acs__lex_next(&p->L, false); /* using */
        acs__token after = acs__lex_next(&p->L, false);
        p->L = save;
        if (acs__using_binds(p, &after)) {
          acs__parse_using_decl(p, true);
          return;
        }
      }
    }
    if (acs__p_is(p, "var")) {
      parse_var_decl(p, true, false);
      acs__p_consume_semicolon(p);
      return;
    }
    if (is_let_decl(p)) {
      parse_var_decl(p, false, false);
      acs__p_consume_semicolon(p);
      return;
    }
    if (acs__p_is(p, "const")) {
      if (p->ts) {
        acs__token nx = acs__p_peek(p);
        if (acs__tok_is(&p->L, &nx, "enum")) {
          acs__p_next(p);
          acs__ts_enum(p, start, true, false);
          return;
        }
      }
      parse_var_decl(p, false, false);
      acs__p_consume_semicolon(p);
      return;
    }
    if (acs__p_is(p, "function")) {
      parse_function_decl(p, start, false, true);
      return;
    }
    if (acs__p_is(p, "async")) {
      acs__token nx = acs__p_peek(p);
      if (!nx.nl_before && acs__tok_is(&p->L, &nx, "function")) {
        acs__p_next(p);
        parse_function_decl(p, start, true, true);
        return;
      }
    }
    if (acs__p_is(p, "class")) {
      acs__parse_class(p, true, true);
      return;
    }
    if (acs__p_is(p, "if")) {
      acs__p_next(p);
      acs__p_expect(p, P_LPAREN);
      acs__parse_expression(p);
      acs__p_expect(p, P_RPAREN);
      acs__parse_statement(p);
      if (acs__p_is(p, "else")) {
        acs__p_next(p);
        acs__parse_statement(p);
      }
      return;
    }
    if (acs__p_is(p, "for")) {
      parse_for(p);
      return;
    }
    if (acs__p_is(p, "while") || acs__p_is(p, "with")) {
      acs__p_next(p);
      acs__p_expect(p, P_LPAREN);
      acs__parse_expression(p);
      acs__p_expect(p, P_RPAREN);
      acs__parse_statement(p);
      return;
    }
    if (acs__p_is(p, "do")) {
      acs__p_next(p);
      acs__parse_statement(p);
      if (!acs__p_is(p, "while")) {
        acs__p_unexpected(p);
        return;
      }
      acs__p_next(p);
      acs__p_expect(p, P_LPAREN);
      acs__parse_expression(p);
      acs__p_expect(p, P_RPAREN);
      acs__p_eat(p, P_SEMI);
      return;
    }
    if (acs__p_is(p, "return") || acs__p_is(p, "throw")) {
      bool is_throw = acs__p_is(p, "throw");
      acs__p_next(p);
      if (!p->tok.nl_before && !acs__p_punct(p, P_SEMI) && !acs__p_punct(p, P_RBRACE) &&
          p->tok.kind != TK_EOF)
        acs__parse_expression(p);
      else if (is_throw)
        acs__p_error(p, p->tok.start, "Cannot have a newline after throw");
      acs__p_consume_semicolon(p);
      return;
    }
    if (acs__p_is(p, "break") || acs__p_is(p, "continue")) {
      acs__p_next(p);
      if (p->tok.kind == TK_IDENT && !p->tok.nl_before && !acs__p_is_reserved(p, &p->tok)) acs__p_next(p);
      acs__p_consume_semicolon(p);
      return;
    }
    if (acs__p_is(p, "debugger")) {
      acs__p_next(p);
      acs__p_consume_semicolon(p);
      return;
    }
    if (acs__p_is(p, "switch")) {
      acs__p_next(p);
      acs__p_expect(p, P_LPAREN);
      acs__parse_expression(p);
      acs__p_expect(p, P_RPAREN);
      acs__p_expect(p, P_LBRACE);
      acs__scope_push(p, SC_BLOCK);
      while (!p->err && !acs__p_punct(p, P_RBRACE) && p->tok.kind != TK_EOF) {
        if (acs__p_is(p, "case")) {
          acs__p_next(p);
          acs__parse_expression(p);
          acs__p_expect(p, P_COLON);
        } else if (acs__p_is(p, "default")) {
          acs__p_next(p);
          acs__p_expect(p, P_COLON);
        } else {
          acs__parse_statement(p);
        }
      }
      acs__scope_pop(p);
      acs__p_expect(p, P_RBRACE);
      return;
    }
    if (acs__p_is(p, "try")) {
      acs__p_next(p);
      uint32_t save_k = p->try_k, k = p->try_count++;
      bool save_used = p->try_used;
      p->try_k = k + 1;
      p->try_used = false;
      uint32_t brace = p->tok.start;
      acs__parse_block_body(p);
      bool used = p->try_used && acs__async_context_on(p);
      p->try_k = save_k;
      p->try_used = save_used;
      if (used) acs__async_context_block(p, brace, k, false);
      if (acs__p_is(p, "catch")) {
        acs__p_next(p);
        acs__scope_push(p, SC_BLOCK);
        if (acs__p_eat(p, P_LPAREN)) {
          acs__parse_binding_target(p, p->cur_scope);
          if (p->ts && acs__p_punct(p, P_COLON)) acs__ts_blank_annotation(p);
          acs__p_expect(p, P_RPAREN);
        }
        if (used && acs__p_punct(p, P_LBRACE)) acs__async_context_block(p, p->tok.start, k, true);
        acs__parse_block_body(p);
        acs__scope_pop(p);
      }
      if (acs__p_is(p, "finally")) {
        acs__p_next(p);
        if (used && acs__p_punct(p, P_LBRACE)) acs__async_context_block(p, p->tok.start, k, true);
        acs__parse_block_body(p);
      }
      return;
    }
    if (acs__p_is(p, "import")) {
      acs__token nx = acs__p_peek(p);
      if (!(nx.kind == TK_PUNCT && (nx.punct == P_LPAREN || nx.punct == P_DOT))) {
        acs__parse_import_decl(p);
        return;
      }
    }
    if (acs__p_is(p, "export")) {
      acs__parse_export_decl(p);
      return;
    }
    if (p->ts && acs__ts_declaration(p, start, false)) return;
    /* labelled statement */
    if (!acs__p_is_reserved(p, &t) && acs__p_peek_punct(p, P_COLON)) {
      acs__p_next(p);
      acs__p_next(p);
      acs__parse_statement(p);
      return;
    }
  }
  acs__parse_expression(p);
  acs__p_consume_semicolon(p);
}

void acs__parse_program(P *p)
{
  acs__p_next(p);
  while (!p->err && p->tok.kind != TK_EOF) acs__parse_statement(p);
}
