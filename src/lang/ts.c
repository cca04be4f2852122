/* ts.c - TypeScript: types (parsed to be blanked), type parameters and
** arguments, and the declarations that exist only in TypeScript. enum and
** namespace have values and are lowered in place, line by line. */
#include "internal.h"

#include "../base/base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void type_union(P *p);

static bool is_kw(P *p, const char *w) { return acs__p_is(p, w); }

/* Expect ">" where a type list ends, splitting ">>", ">=" and the like. */
static void expect_gt(P *p)
{
  if (p->tok.kind == TK_PUNCT) {
    switch (p->tok.punct) {
    case P_GT: acs__p_next(p); return;
    case P_SAR: case P_SHR: case P_GE: case P_SAR_EQ: case P_SHR_EQ: {
      uint32_t at = p->tok.start + 1;
      acs__lex_reset(&p->L, at, p->tok.line, p->L.line_start);
      p->prev_end = at;
      p->tok = acs__lex_next(&p->L, false);
      return;
    }
    default: break;
    }
  }
  acs__p_expect(p, P_GT);
}

static void type_args_inner(P *p)
{
  /* current token "<" */
  acs__p_next(p);
  while (!p->err && !acs__p_punct(p, P_GT) && !acs__p_punct(p, P_SAR) && !acs__p_punct(p, P_SHR) &&
         !acs__p_punct(p, P_GE) && !acs__p_punct(p, P_SAR_EQ) && !acs__p_punct(p, P_SHR_EQ)) {
    acs__ts_type(p);
    if (!acs__p_eat(p, P_COMMA)) break;
  }
  expect_gt(p);
}

void acs__ts_type_args(P *p) { type_args_inner(p); }

static void parse_params_type(P *p)
{
  /* "(" [params] ")" in a function type or signature */
  acs__p_expect(p, P_LPAREN);
  while (!p->err && !acs__p_punct(p, P_RPAREN)) {
    acs__p_eat(p, P_ELLIPSIS);
    while (is_kw(p, "public") || is_kw(p, "private") || is_kw(p, "protected") || is_kw(p, "readonly")) {
      acs__token nx = acs__p_peek(p);
      if (nx.kind == TK_PUNCT && (nx.punct == P_COLON || nx.punct == P_COMMA || nx.punct == P_RPAREN || nx.punct == P_QUESTION)) break;
      acs__p_next(p);
    }
    /* a name or a pattern, skipped with brackets balanced */
    if (acs__p_punct(p, P_LBRACE) || acs__p_punct(p, P_LBRACK)) {
      int depth = 0;
      do {
        if (acs__p_punct(p, P_LBRACE) || acs__p_punct(p, P_LBRACK)) depth++;
        if (acs__p_punct(p, P_RBRACE) || acs__p_punct(p, P_RBRACK)) depth--;
        acs__p_next(p);
      } while (!p->err && depth > 0 && p->tok.kind != TK_EOF);
    } else if (p->tok.kind == TK_IDENT) {
      acs__p_next(p);
    } else {
      acs__p_expect(p, P_RPAREN);
      return;
    }
    acs__p_eat(p, P_QUESTION);
    if (acs__p_eat(p, P_COLON)) acs__ts_type(p);
    if (acs__p_eat(p, P_ASSIGN)) {
      p->spec++;
      acs__parse_assign(p);
      p->spec--;
    }
    if (!acs__p_eat(p, P_COMMA)) break;
  }
  acs__p_expect(p, P_RPAREN);
}

/* A return type, allowing `x is T` and `asserts x [is T]`. */
static void return_type(P *p)
{
  if (is_kw(p, "asserts")) {
    acs__token nx = acs__p_peek(p);
    if (nx.kind == TK_IDENT && !nx.nl_before) {
      acs__p_next(p);
      acs__p_next(p);
      if (is_kw(p, "is")) {
        acs__p_next(p);
        acs__ts_type(p);
      }
      return;
    }
  }
  if (p->tok.kind == TK_IDENT) {
    acs__token nx = acs__p_peek(p);
    if (acs__tok_is(&p->L, &nx, "is") && !nx.nl_before) {
      acs__p_next(p);
      acs__p_next(p);
      acs__ts_type(p);
      return;
    }
  }
  acs__ts_type(p);
}

/* Members of an object type "{ ... }"; current token "{". */
static void object_type(P *p)
{
  acs__p_next(p);
  while (!p->err && !acs__p_punct(p, P_RBRACE) && p->tok.kind != TK_EOF) {
    if (acs__p_eat(p, P_SEMI) || acs__p_eat(p, P_COMMA)) continue;
    /* modifiers of mapped types and properties */
    if (acs__p_punct(p, P_PLUS) || acs__p_punct(p, P_MINUS)) acs__p_next(p);
    if (is_kw(p, "readonly")) {
      acs__token nx = acs__p_peek(p);
      if (!(nx.kind == TK_PUNCT && (nx.punct == P_COLON || nx.punct == P_QUESTION || nx.punct == P_LPAREN ||
                                    nx.punct == P_SEMI || nx.punct == P_COMMA || nx.punct == P_RBRACE)))
        acs__p_next(p);
    }
    if (acs__p_punct(p, P_LT) || acs__p_punct(p, P_LPAREN)) {
      /* call signature */
      if (acs__p_punct(p, P_LT)) acs__ts_type_params(p);
      parse_params_type(p);
      if (acs__p_eat(p, P_COLON)) return_type(p);
      continue;
    }
    if (is_kw(p, "new")) {
      acs__token nx = acs__p_peek(p);
      if (nx.kind == TK_PUNCT && (nx.punct == P_LPAREN || nx.punct == P_LT)) {
        acs__p_next(p);
        if (acs__p_punct(p, P_LT)) acs__ts_type_params(p);
        parse_params_type(p);
        if (acs__p_eat(p, P_COLON)) acs__ts_type(p);
        continue;
      }
    }
    if (acs__p_punct(p, P_LBRACK)) {
      /* index signature, mapped type, or computed key */
      acs__p_next(p);
      acs__token nx = acs__p_peek(p);
      if (p->tok.kind == TK_IDENT && acs__tok_is(&p->L, &nx, "in")) {
        acs__p_next(p);
        acs__p_next(p);
        acs__ts_type(p);
        if (is_kw(p, "as")) {
          acs__p_next(p);
          acs__ts_type(p);
        }
        acs__p_expect(p, P_RBRACK);
      } else if (p->tok.kind == TK_IDENT && nx.kind == TK_PUNCT && nx.punct == P_COLON) {
        acs__p_next(p);
        acs__p_next(p);
        acs__ts_type(p);
        acs__p_expect(p, P_RBRACK);
      } else {
        p->spec++;
        acs__parse_assign(p);
        p->spec--;
        acs__p_expect(p, P_RBRACK);
      }
    } else if ((is_kw(p, "get") || is_kw(p, "set"))) {
      acs__token nx = acs__p_peek(p);
      acs__p_next(p);
      if (!(nx.kind == TK_PUNCT && (nx.punct == P_LPAREN || nx.punct == P_COLON || nx.punct == P_QUESTION ||
                                    nx.punct == P_SEMI || nx.punct == P_COMMA || nx.punct == P_RBRACE || nx.punct == P_LT)))
        acs__p_next(p);
    } else if (p->tok.kind == TK_IDENT || p->tok.kind == TK_STRING || p->tok.kind == TK_NUMBER ||
               p->tok.kind == TK_PRIVATE) {
      acs__p_next(p);
    } else {
      acs__p_expect(p, P_RBRACE);
      return;
    }
    if (acs__p_punct(p, P_PLUS) || acs__p_punct(p, P_MINUS)) acs__p_next(p);
    acs__p_eat(p, P_QUESTION);
    if (acs__p_punct(p, P_LT) || acs__p_punct(p, P_LPAREN)) {
      if (acs__p_punct(p, P_LT)) acs__ts_type_params(p);
      parse_params_type(p);
      if (acs__p_eat(p, P_COLON)) return_type(p);
    } else if (acs__p_eat(p, P_COLON)) {
      acs__ts_type(p);
    }
  }
  acs__p_expect(p, P_RBRACE);
}

static void tuple_type(P *p)
{
  acs__p_next(p);
  while (!p->err && !acs__p_punct(p, P_RBRACK)) {
    acs__p_eat(p, P_ELLIPSIS);
    /* a label: `name:` or `name?:` */
    if (p->tok.kind == TK_IDENT) {
      acs__token nx = acs__p_peek(p);
      if (nx.kind == TK_PUNCT && (nx.punct == P_COLON || nx.punct == P_QUESTION)) {
        mark m;
        acs__p_mark(p, &m);
        acs__p_next(p);
        acs__p_eat(p, P_QUESTION);
        if (!acs__p_eat(p, P_COLON)) acs__p_rewind(p, &m);
      }
    }
    acs__ts_type(p);
    acs__p_eat(p, P_QUESTION);
    if (!acs__p_eat(p, P_COMMA)) break;
  }
  acs__p_expect(p, P_RBRACK);
}

static void template_type(P *p)
{
  if (p->tok.kind == TK_TEMPLATE) {
    acs__p_next(p);
    return;
  }
  for (;;) {
    acs__p_next(p);
    acs__ts_type(p);
    if (p->err) return;
    if (!acs__p_punct(p, P_RBRACE)) {
      acs__p_expect(p, P_RBRACE);
      return;
    }
    p->tok = acs__lex_template_continue(&p->L, p->tok.start);
    if (p->tok.kind == TK_ERROR) {
      acs__p_error(p, p->tok.start, "Unexpected EOF");
      return;
    }
    if (p->tok.kind == TK_TEMPLATE_TAIL) {
      acs__p_next(p);
      return;
    }
  }
}

/* A function type "(a: T) => U", tried at "(" or "<". */
static bool try_function_type(P *p)
{
  mark m;
  acs__p_mark(p, &m);
  p->spec++;
  if (acs__p_punct(p, P_LT)) acs__ts_type_params(p);
  parse_params_type(p);
  bool ok = !p->err && acs__p_punct(p, P_ARROW);
  p->spec--;
  if (!ok) {
    acs__p_rewind(p, &m);
    return false;
  }
  acs__p_next(p);
  return_type(p);
  return true;
}

static void type_primary(P *p)
{
  if (p->err) return;
  switch (p->tok.kind) {
  case TK_STRING: case TK_NUMBER: case TK_BIGINT:
    acs__p_next(p);
    return;
  case TK_TEMPLATE: case TK_TEMPLATE_HEAD:
    template_type(p);
    return;
  case TK_PUNCT:
    switch (p->tok.punct) {
    case P_LBRACE: object_type(p); return;
    case P_LBRACK: tuple_type(p); return;
    case P_LPAREN:
      if (try_function_type(p)) return;
      acs__p_next(p);
      acs__ts_type(p);
      acs__p_expect(p, P_RPAREN);
      return;
    case P_LT:
      if (!try_function_type(p)) acs__p_expect(p, P_LPAREN);
      return;
    case P_MINUS:
      acs__p_next(p);
      acs__p_next(p);
      return;
    default: break;
    }
    acs__p_error(p, p->tok.start, "Type expected");
    return;
  case TK_IDENT:
    if (is_kw(p, "keyof") || is_kw(p, "unique") || is_kw(p, "readonly") || is_kw(p, "asserts")) {
      acs__token nx = acs__p_peek(p);
      if (!(nx.kind == TK_PUNCT && (nx.punct == P_RPAREN || nx.punct == P_COMMA || nx.punct == P_SEMI ||
                                    nx.punct == P_GT || nx.punct == P_RBRACK || nx.punct == P_ASSIGN ||
                                    nx.punct == P_PIPE || nx.punct == P_AMP || nx.punct == P_RBRACE))) {
        acs__p_next(p);
        type_primary(p);
        while (!p->err && acs__p_punct(p, P_LBRACK) && !p->tok.nl_before) {
          acs__p_next(p);
          if (!acs__p_punct(p, P_RBRACK)) acs__ts_type(p);
          acs__p_expect(p, P_RBRACK);
        }
        return;
      }
    }
    if (is_kw(p, "infer")) {
      acs__p_next(p);
      acs__p_ident_name(p);
      if (is_kw(p, "extends")) {
        /* a constraint; outside a conditional's extends clause, not when a
        ** "?" shows it was the conditional's own extends (as tsc decides) */
        bool in_cond = p->cond_extends;
        mark m;
        acs__p_mark(p, &m);
        p->spec++;
        acs__p_next(p);
        p->cond_extends = false;
        type_union(p);
        p->cond_extends = in_cond;
        bool cond = acs__p_punct(p, P_QUESTION);
        p->spec--;
        if ((cond && !in_cond) || p->err) acs__p_rewind(p, &m);
      }
      return;
    }
    if (is_kw(p, "typeof")) {
      acs__p_next(p);
      if (is_kw(p, "import")) {
        acs__p_next(p);
        acs__p_expect(p, P_LPAREN);
        acs__p_next(p);
        acs__p_expect(p, P_RPAREN);
      } else {
        acs__p_ident_name(p);
      }
      while (!p->err && acs__p_eat(p, P_DOT)) {
        if (p->tok.kind == TK_PRIVATE) acs__p_next(p);
        else acs__p_ident_name(p);
      }
      if (acs__p_punct(p, P_LT) && !p->tok.nl_before) type_args_inner(p);
      return;
    }
    if (is_kw(p, "new") || is_kw(p, "abstract")) {
      if (is_kw(p, "abstract")) acs__p_next(p);
      acs__p_next(p);
      if (acs__p_punct(p, P_LT)) acs__ts_type_params(p);
      parse_params_type(p);
      acs__p_expect(p, P_ARROW);
      acs__ts_type(p);
      return;
    }
    {
      static const char *const keyword_types[] = {"number", "string", "boolean", "any", "unknown", "never",
                                                  "void", "object", "symbol", "bigint", "undefined", "null",
                                                  "true", "false", "this"};
      bool keyword = false;
      for (size_t k = 0; k < sizeof keyword_types / sizeof *keyword_types && !keyword; k++)
        keyword = is_kw(p, keyword_types[k]);
      if (keyword) {
        /* no type arguments: `a as number < b` is a comparison */
        acs__p_next(p);
        return;
      }
    }
    if (is_kw(p, "import")) {
      acs__p_next(p);
      acs__p_expect(p, P_LPAREN);
      acs__p_next(p);
      acs__p_expect(p, P_RPAREN);
    } else {
      acs__p_next(p);
    }
    while (!p->err && acs__p_punct(p, P_DOT)) {
      acs__p_next(p);
      acs__p_ident_name(p);
    }
    if (acs__p_punct(p, P_LT) && !p->tok.nl_before) type_args_inner(p);
    return;
  default:
    acs__p_error(p, p->tok.start, "Type expected");
  }
}

static void type_postfix(P *p)
{
  type_primary(p);
  while (!p->err && acs__p_punct(p, P_LBRACK) && !p->tok.nl_before) {
    acs__p_next(p);
    if (!acs__p_punct(p, P_RBRACK)) acs__ts_type(p);
    acs__p_expect(p, P_RBRACK);
  }
}

static void type_union(P *p)
{
  if (!acs__p_eat(p, P_PIPE)) acs__p_eat(p, P_AMP);
  type_postfix(p);
  while (!p->err && (acs__p_punct(p, P_PIPE) || acs__p_punct(p, P_AMP))) {
    acs__p_next(p);
    type_postfix(p);
  }
}

void acs__ts_type(P *p)
{
  if (p->err) return;
  /* a type nested in brackets is not in the enclosing extends clause */
  bool save = p->cond_extends;
  p->cond_extends = false;
  type_union(p);
  p->cond_extends = save;
  if (!p->err && is_kw(p, "extends") && !p->tok.nl_before) {
    /* conditional type */
    mark m;
    acs__p_mark(p, &m);
    acs__p_next(p);
    bool save = p->cond_extends;
    p->cond_extends = true;
    type_union(p);
    p->cond_extends = save;
    if (!acs__p_eat(p, P_QUESTION)) {
      acs__p_rewind(p, &m);
      return;
    }
    acs__ts_type(p);
    acs__p_expect(p, P_COLON);
    acs__ts_type(p);
  }
}

void acs__ts_blank_annotation(P *p)
{
  uint32_t s = p->tok.start;
  acs__p_next(p); /* ":" */
  return_type(p);
  acs__edit_blank(p, s, p->prev_end);
}

void acs__ts_type_params(P *p)
{
  uint32_t s = p->tok.start;
  acs__p_next(p); /* "<" */
  while (!p->err && !acs__p_punct(p, P_GT)) {
    while (is_kw(p, "const") || is_kw(p, "in") || is_kw(p, "out")) {
      acs__token nx = acs__p_peek(p);
      if (nx.kind != TK_IDENT) break;
      acs__p_next(p);
    }
    acs__p_ident_name(p);
    if (is_kw(p, "extends")) {
      acs__p_next(p);
      acs__ts_type(p);
    }
    if (acs__p_eat(p, P_ASSIGN)) acs__ts_type(p);
    if (!acs__p_eat(p, P_COMMA)) break;
  }
  expect_gt(p);
  acs__edit_blank(p, s, p->prev_end);
}

bool acs__ts_try_type_args(P *p, bool in_expr)
{
  (void)in_expr;
  uint32_t s = p->tok.start;
  /* like arrow speculation, a failure is remembered: `a<b<c<...` stays linear */
  if (p->no_targs && (p->no_targs[s >> 3] >> (s & 7) & 1)) return false;
  mark m;
  acs__p_mark(p, &m);
  p->spec++;
  type_args_inner(p);
  p->spec--;
  bool ok = !p->err;
  if (ok) {
    /* what may follow type arguments in an expression */
    acs__token t = p->tok;
    ok = t.kind == TK_TEMPLATE || t.kind == TK_TEMPLATE_HEAD || t.kind == TK_EOF || t.nl_before ||
         (p->heritage && (acs__p_punct(p, P_LBRACE) || acs__p_is(p, "implements"))) ||
         (t.kind == TK_PUNCT && (t.punct == P_LPAREN || t.punct == P_RPAREN || t.punct == P_RBRACK ||
                                 t.punct == P_SEMI || t.punct == P_COMMA || t.punct == P_RBRACE ||
                                 t.punct == P_DOT || t.punct == P_QDOT || t.punct == P_COLON ||
                                 t.punct == P_EQ || t.punct == P_SEQ || t.punct == P_NE ||
                                 t.punct == P_SNE || t.punct == P_AND || t.punct == P_OR ||
                                 t.punct == P_NULLISH || t.punct == P_QUESTION));
  }
  if (!ok) {
    acs__p_rewind(p, &m);
    if (p->no_targs) p->no_targs[s >> 3] |= (uint8_t)(1u << (s & 7));
    return false;
  }
  acs__edit_blank(p, s, p->prev_end);
  return true;
}

/* ------------------------------------------------------ declarations */

/* Parse a declaration that only informs the type checker and blank it:
** everything it recorded is dropped. */
static void ambient(P *p, uint32_t start, void (*fn)(P *))
{
  mark m;
  acs__p_mark(p, &m);
  fn(p);
  if (p->err) return;
  acs__lexer L = p->L;
  acs__token tok = p->tok;
  uint32_t prev = p->prev_end;
  acs__p_rewind(p, &m);
  p->L = L;
  p->tok = tok;
  p->prev_end = prev;
  acs__edit_blank(p, start, p->prev_end);
}

/* A module-level name that is only a type (see P.type_decls). */
static void type_name(P *p, const acs__token *name)
{
  if (p->cur_scope != 0 || p->ns_depth > 0 || name->kind != TK_IDENT) return;
  decl d = {.start = name->start, .end = name->end, .scope = 0};
  PUSH(p, type_decls, ntype_decls, captype_decls, d);
}

static void interface_decl(P *p)
{
  acs__p_next(p); /* interface */
  type_name(p, &p->tok);
  acs__p_ident_name(p);
  if (acs__p_punct(p, P_LT)) acs__ts_type_params(p);
  if (is_kw(p, "extends")) {
    acs__p_next(p);
    do acs__ts_type(p);
    while (!p->err && acs__p_eat(p, P_COMMA));
  }
  object_type(p);
}

static void type_alias(P *p)
{
  acs__p_next(p); /* type */
  type_name(p, &p->tok);
  acs__p_ident_name(p);
  if (acs__p_punct(p, P_LT)) acs__ts_type_params(p);
  acs__p_expect(p, P_ASSIGN);
  acs__ts_type(p);
  if (!acs__p_eat(p, P_SEMI) && !p->tok.nl_before && !acs__p_punct(p, P_RBRACE) && p->tok.kind != TK_EOF)
    acs__p_expect(p, P_SEMI);
}

static void declare_rest(P *p)
{
  acs__p_next(p); /* declare */
  if (is_kw(p, "global") || is_kw(p, "module") || is_kw(p, "namespace")) {
    acs__p_next(p);
    if (p->tok.kind == TK_STRING || p->tok.kind == TK_IDENT) {
      if (!acs__p_punct(p, P_LBRACE)) acs__p_next(p);
    }
    while (!p->err && acs__p_eat(p, P_DOT)) acs__p_ident_name(p);
    if (acs__p_punct(p, P_LBRACE)) {
      p->ns_depth++;
      acs__p_next(p);
      while (!p->err && !acs__p_punct(p, P_RBRACE) && p->tok.kind != TK_EOF) acs__parse_statement(p);
      p->ns_depth--;
      acs__p_expect(p, P_RBRACE);
    } else {
      acs__p_eat(p, P_SEMI);
    }
    return;
  }
  if (is_kw(p, "const")) {
    acs__token nx = acs__p_peek(p);
    if (acs__tok_is(&p->L, &nx, "enum")) {
      acs__p_next(p);
      acs__ts_enum(p, p->tok.start, true, false);
      return;
    }
  }
  if (is_kw(p, "const") || is_kw(p, "let") || is_kw(p, "var")) {
    acs__p_next(p);
    do {
      acs__parse_binding_target(p, p->cur_scope);
      if (acs__p_punct(p, P_COLON)) acs__ts_blank_annotation(p);
      if (acs__p_eat(p, P_ASSIGN)) acs__parse_assign(p);
    } while (!p->err && acs__p_eat(p, P_COMMA));
    if (!acs__p_eat(p, P_SEMI) && !p->tok.nl_before && !acs__p_punct(p, P_RBRACE) && p->tok.kind != TK_EOF)
      acs__p_expect(p, P_SEMI);
    return;
  }
  if (!acs__ts_declaration(p, p->tok.start, false)) acs__parse_statement(p);
}

static void declare_rest_global(P *p)
{
  acs__p_next(p); /* global */
  p->ns_depth++;
  acs__p_next(p);
  while (!p->err && !acs__p_punct(p, P_RBRACE) && p->tok.kind != TK_EOF) acs__parse_statement(p);
  p->ns_depth--;
  acs__p_expect(p, P_RBRACE);
}

bool acs__ts_is_modifier(P *p) { return is_kw(p, "declare") || is_kw(p, "abstract"); }

bool acs__ts_declaration(P *p, uint32_t start, bool exported)
{
  if (p->tok.kind != TK_IDENT) return false;
  acs__token nx = acs__p_peek(p);
  if (is_kw(p, "interface") && nx.kind == TK_IDENT && !nx.nl_before) {
    ambient(p, start, interface_decl);
    return true;
  }
  if (is_kw(p, "type") && nx.kind == TK_IDENT && !nx.nl_before) {
    ambient(p, start, type_alias);
    return true;
  }
  if (is_kw(p, "declare") && !nx.nl_before && (nx.kind == TK_IDENT)) {
    ambient(p, start, declare_rest);
    return true;
  }
  if (is_kw(p, "enum") && nx.kind == TK_IDENT) {
    acs__ts_enum(p, start, false, exported);
    return true;
  }
  if (is_kw(p, "const") && acs__tok_is(&p->L, &nx, "enum")) {
    acs__p_next(p);
    acs__ts_enum(p, start, true, exported);
    return true;
  }
  if ((is_kw(p, "namespace") || is_kw(p, "module")) && nx.kind == TK_IDENT && !nx.nl_before) {
    acs__ts_namespace(p, start, exported);
    return true;
  }
  if (is_kw(p, "global") && p->ns_depth > 0 && nx.kind == TK_PUNCT && nx.punct == P_LBRACE) {
    /* `global { }` inside an ambient module */
    ambient(p, start, declare_rest_global);
    return true;
  }
  if (is_kw(p, "abstract") && acs__tok_is(&p->L, &nx, "class") && !nx.nl_before) {
    acs__edit_blank(p, p->tok.start, p->tok.end);
    acs__p_next(p);
    acs__parse_class(p, true, true);
    return true;
  }
  return false;
}

/* Whether `name` is already declared in the current scope (a class, a
** function, an earlier enum or namespace): then no `var` is emitted for a
** merged enum or namespace, as tsc does. */
static bool declared_here(P *p, const acs__token *name)
{
  for (uint32_t i = 0; i < p->ndecls; i++)
    if (p->decls[i].scope == p->cur_scope &&
        acs__name_eq(p, p->decls[i].start, p->decls[i].end, name->start, name->end))
      return true;
  return false;
}

static bool ident_text(const char *s)
{
  if (!*s || (*s >= '0' && *s <= '9')) return false;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_' ||
          *s == '$' || (unsigned char)*s >= 0x80))
      return false;
  return true;
}

/* s as a JavaScript string literal in double quotes (malloc'd). */
static char *js_quote(const char *s)
{
  char *o = malloc(strlen(s) * 6 + 3), *q = o;
  if (!o) return NULL;
  *q++ = '"';
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') *q++ = '\\', *q++ = (char)c;
    else if (c == '\n') *q++ = '\\', *q++ = 'n';
    else if (c == '\r') *q++ = '\\', *q++ = 'r';
    else if (c < 0x20 || c == 0x7f) q += sprintf(q, "\\u%04x", c);
    else *q++ = (char)c;
  }
  *q++ = '"';
  *q = 0;
  return o;
}

/* enum E { A, B = 2, C = "x" } lowered in place:
**   var E; (function (E) {var <v>=-1;  var A=E[E["A"]=++<v>]="A"; ... })(E || (E = {}));
** Members also become locals so that later initialisers can name them,
** including the members of earlier declarations of the same enum. */
void acs__ts_enum(P *p, uint32_t start, bool is_const, bool exported)
{
  (void)is_const;
  (void)exported;
  acs__p_next(p); /* enum */
  acs__token name = p->tok;
  if (!acs__p_ident_name(p)) return;
  bool merged = declared_here(p, &name);
  if (!merged) acs__declare(p, name.start, name.end, p->cur_scope);
  int nl = (int)(name.end - name.start);
  const char *nm = p->src + name.start;
  uint32_t open = p->tok.start;
  acs__p_expect(p, P_LBRACE);
  if (p->err) return;
  acs__buf head = {0};
  /* a merged declaration starts with ";" so that it cannot continue the
  ** line before it (ASI) */
  acs__buf_printf(&head, merged ? ";" : "var %.*s; ", nl, nm);
  acs__buf_printf(&head, "(function (%.*s) {var \x01v=-1;", nl, nm);
  for (uint32_t i = 0; i < p->nenum_members; i++) {
    const char *e = p->enum_members[i], *sep = strchr(e, '\x1f');
    if (sep && (int)(sep - e) == nl && !memcmp(e, nm, (size_t)nl) && ident_text(sep + 1))
      acs__buf_printf(&head, "var %s=%.*s.%s;", sep + 1, nl, nm, sep + 1);
  }
  acs__edit_replace(p, start, open + 1, head.data ? head.data : "");
  acs__buf_free(&head);
  while (!p->err && !acs__p_punct(p, P_RBRACE)) {
    /* a name, a string, or a string in brackets (["x"], as tsc allows) */
    uint32_t kstart = p->tok.start;
    bool computed = acs__p_eat(p, P_LBRACK);
    acs__token key = p->tok;
    if (key.kind != TK_IDENT && key.kind != TK_STRING) {
      acs__p_error(p, key.start, "An enum member name must be an identifier or a string");
      return;
    }
    if (computed && key.kind != TK_STRING) {
      acs__p_error(p, key.start, "Computed property names are not allowed in enums");
      return;
    }
    acs__p_next(p);
    if (computed) acs__p_expect(p, P_RBRACK);
    if (p->err) return;
    uint32_t kend = p->prev_end;
    char *kname = key.kind == TK_STRING ? acs__p_string_value(p, &key) : acs__p_strndup(p, key.start, key.end);
    if (!kname) return;
    char *kq = js_quote(kname); /* the name in the output's string literals */
    size_t cap = strlen(kname) * 4 + (kq ? strlen(kq) * 4 : 0) + (size_t)nl * 4 + 96;
    char *text = malloc(cap), *rec = malloc((size_t)nl + strlen(kname) + 2);
    if (!text || !rec || !kq) {
      free(kname);
      free(kq);
      free(text);
      free(rec);
      p->oom = p->err = true;
      return;
    }
    sprintf(rec, "%.*s\x1f%s", nl, nm, kname);
    PUSH(p, enum_members, nenum_members, capenum_members, rec);
    bool ident = ident_text(kname);
    if (acs__p_eat(p, P_ASSIGN)) {
      /* member = initialiser: the initialiser stays where it is */
      uint32_t init_start = p->tok.start;
      snprintf(text, cap, "%s%s%s\x01v=(", ident ? "var " : "", ident ? kname : "", ident ? "=" : "");
      acs__edit_replace(p, kstart, init_start, text);
      acs__parse_assign(p);
      uint32_t init_end = p->prev_end;
      snprintf(text, cap, ");typeof \x01v===\"string\"?%.*s[%s]=\x01v:%.*s[%.*s[%s]=\x01v]=%s;", nl, nm, kq, nl,
               nm, nl, nm, kq, kq);
      uint32_t sep_end = init_end;
      if (acs__p_punct(p, P_COMMA)) {
        sep_end = p->tok.end;
        acs__p_next(p);
      }
      acs__edit_replace(p, init_end, sep_end, text);
    } else {
      snprintf(text, cap, "%s%s%s%.*s[%.*s[%s]=++\x01v]=%s;", ident ? "var " : "", ident ? kname : "",
               ident ? "=" : "", nl, nm, nl, nm, kq, kq);
      uint32_t sep_end = kend;
      if (acs__p_punct(p, P_COMMA)) {
        sep_end = p->tok.end;
        acs__p_next(p);
      }
      acs__edit_replace(p, kstart, sep_end, text);
    }
    free(text);
    free(kq);
    free(kname);
  }
  uint32_t close = p->tok.start;
  acs__p_expect(p, P_RBRACE);
  char tail[512];
  snprintf(tail, sizeof tail, "})(%.*s || (%.*s = {}));", nl, nm, nl, nm);
  acs__edit_replace(p, close, close + 1, tail);
}

/* In a later declaration of namespace N (body scope `inner`, its
** references from r0 on), a name that an earlier declaration of N exported
** and nothing in between declares is N's member, as TypeScript reads it:
** `x` becomes `N.x` (the earlier body's locals are out of reach). */
static void merged_member_refs(P *p, const acs__token *ns, int32_t inner, uint32_t r0)
{
  for (uint32_t i = r0; i < p->nrefs; i++) {
    ref *r = &p->refs[i];
    const nsm *hit = NULL;
    for (uint32_t k = 0; k < p->nnsms && !hit; k++) {
      const nsm *e = &p->nsms[k];
      if (e->member >= p->ndecls) continue;
      const decl *d = &p->decls[e->member];
      if (e->scope == p->cur_scope && acs__name_eq(p, e->ns_start, e->ns_end, ns->start, ns->end) &&
          acs__name_eq(p, d->start, d->end, r->start, r->end))
        hit = e;
    }
    if (!hit) continue;
    /* declared here, from the reference's scope out to the body's? */
    bool local = false;
    for (int32_t sc = r->scope; !local; sc = p->scopes[sc].parent) {
      for (uint32_t k = 0; k < p->ndecls && !local; k++)
        if (p->decls[k].scope == sc && acs__name_eq(p, p->decls[k].start, p->decls[k].end, r->start, r->end))
          local = true;
      if (sc == inner || sc <= 0) break;
    }
    if (local) continue;
    char *name = acs__p_strndup(p, r->start, r->end);
    char *nsname = acs__p_strndup(p, ns->start, ns->end);
    if (!name || !nsname) {
      free(name);
      free(nsname);
      return;
    }
    size_t len = 2 * strlen(name) + strlen(nsname) + 8;
    char *t = malloc(len);
    if (t) {
      if (r->flags & REF_SHORTHAND) snprintf(t, len, "%s: %s.%s", name, nsname, name);
      else snprintf(t, len, "%s.%s", nsname, name);
      acs__edit_replace(p, r->start, r->end, t);
      r->flags |= REF_NS;
      free(t);
    } else {
      p->oom = p->err = true;
    }
    free(name);
    free(nsname);
  }
}

/* namespace A.B { ... } lowered in place into nested functions whose
** exported names are copied onto the namespace object at its end. A
** namespace that holds only types is dropped whole, as tsc does. */
void acs__ts_namespace(P *p, uint32_t start, bool exported)
{
  (void)exported;
  acs__p_next(p); /* namespace | module */
  acs__token names[16];
  int n = 0;
  do {
    if (n < 16) names[n++] = p->tok;
    if (!acs__p_ident_name(p)) return;
  } while (acs__p_eat(p, P_DOT));
  bool merged = declared_here(p, &names[0]);
  uint32_t d0 = p->ndecls;
  if (!merged) acs__declare(p, names[0].start, names[0].end, p->cur_scope);
  uint32_t open = p->tok.start;
  acs__p_expect(p, P_LBRACE);
  if (p->err) return;
  uint32_t r0 = p->nrefs;
  uint32_t v0 = p->value_stmts;
  uint32_t e0 = p->nedits;
  uint32_t x0 = p->nns_exp;
  /* one function scope per name, innermost last */
  for (int i = 0; i < n; i++) acs__scope_push(p, SC_FUNCTION);
  int32_t inner = p->cur_scope;
  p->fn_depth++;
  p->ns_depth++;
  while (!p->err && !acs__p_punct(p, P_RBRACE) && p->tok.kind != TK_EOF) acs__parse_statement(p);
  p->ns_depth--;
  p->fn_depth--;
  for (int i = 0; i < n; i++) acs__scope_pop(p);
  uint32_t close = p->tok.start;
  acs__p_expect(p, P_RBRACE);
  if (p->err) return;
  if (merged && n == 1) merged_member_refs(p, &names[0], inner, r0);
  if (p->value_stmts == v0) {
    /* types only: no value of that name either, unless it merges with one
    ** (everything declared since is inside the dropped body) */
    for (uint32_t i = e0; i < p->nedits; i++) free(p->edits[i].text);
    p->nedits = e0;
    p->nns_exp = x0;
    if (!merged) {
      p->ndecls = d0;
      type_name(p, &names[0]);
    }
    acs__edit_blank(p, start, p->prev_end);
    return;
  }
  size_t cap = 256 + (size_t)n * 160;
  for (uint32_t i = x0; i < p->nns_exp; i++) {
    decl *d = &p->decls[p->ns_exp[i]];
    cap += 4 * (d->end - d->start) + 160;
  }
  char *head = malloc(cap), *tail = malloc(cap);
  if (!head || !tail) {
    free(head);
    free(tail);
    p->oom = p->err = true;
    return;
  }
  char *h = head, *t = tail;
#define NM(i) (int)(names[i].end - names[i].start), p->src + names[i].start
  if (!merged) h += sprintf(h, "var %.*s; ", NM(0));
  else *h++ = ';';
  h += sprintf(h, "(function (%.*s) {", NM(0));
  for (int i = 1; i < n; i++)
    h += sprintf(h, "let %.*s; (function (%.*s) {", NM(i), NM(i));
  /* exported members are accessors of the namespace object over the
  ** locals, from the start: reads and writes through N.x see the binding */
  for (uint32_t i = x0; i < p->nns_exp; i++) {
    decl *d = &p->decls[p->ns_exp[i]];
    if (d->scope != inner) continue;
    int dl = (int)(d->end - d->start);
    const char *dn = p->src + d->start;
    h += sprintf(h, "Object.defineProperty(%.*s,\"%.*s\",{get(){return %.*s},set(\x01w){%.*s=\x01w},enumerable:true,configurable:true});",
                 NM(n - 1), dl, dn, dl, dn, dl, dn);
  }
  for (int i = n - 1; i >= 1; i--)
    t += sprintf(t, "})(%.*s = %.*s.%.*s || (%.*s.%.*s = {}));", NM(i), NM(i - 1), NM(i), NM(i - 1), NM(i));
  t += sprintf(t, "})(%.*s || (%.*s = {}));", NM(0), NM(0));
#undef NM
  /* what this declaration exports, for later declarations of the name */
  for (uint32_t i = x0; n == 1 && i < p->nns_exp; i++) {
    if (p->decls[p->ns_exp[i]].scope != inner) continue;
    nsm e = {.ns_start = names[0].start, .ns_end = names[0].end, .member = p->ns_exp[i], .scope = p->cur_scope};
    PUSH(p, nsms, nnsms, capnsms, e);
  }
  p->nns_exp = x0;
  acs__edit_replace(p, start, open + 1, head);
  acs__edit_replace(p, close, close + 1, tail);
  free(head);
  free(tail);
}
