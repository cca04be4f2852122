/* parse.c - statements and expressions of ECMAScript 2025 (with the
** TypeScript and module hooks), parsed without building a tree.
**
** The parser's products are side effects: edits (what to blank or rewrite),
** scopes with their declarations, identifier references, imports and
** exports. It is permissive where that costs nothing: the engine parses
** the output again and reports what we let through, at the same place. */
#include "internal.h"

#include "../base/base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- tokens */

static void check_lex_error(P *p)
{
  if (p->tok.kind == TK_ERROR) {
    const char *msg = p->L.error ? p->L.error : "Invalid token";
    if (!strcmp(msg, "Unexpected EOF") || !strcmp(msg, "Unterminated multiline comment"))
      acs__p_error(p, p->tok.start, "%s", msg);
    else
      acs__p_error(p, p->L.error_pos, "%s", msg);
  }
}

/* Lexing is a function of where the lexer stands (regex_ok false). */
static bool same_state(const acs__lexer *a, const acs__lexer *b)
{
  return a->pos == b->pos && a->line == b->line && a->line_start == b->line_start;
}

void acs__p_next(P *p)
{
  /* Advancing past the end twice means a loop that never ends: stop it
  ** with the error the engine would give. */
  if (p->tok.kind == TK_EOF && p->tok.start >= p->len && p->at_eof++ > 0) {
    acs__p_error(p, p->len, "Unexpected end of script");
    return;
  }
  p->prev_end = p->tok.end;
  if (p->peek_ok && same_state(&p->L, &p->peek_from)) {
    p->tok = p->peek_tok;
    p->L = p->peek_after;
  } else {
    p->tok = acs__lex_next(&p->L, false);
  }
  p->peek_ok = false;
  check_lex_error(p);
}


bool acs__p_eat(P *p, acs__p punct)
{
  if (!acs__p_punct(p, punct)) return false;
  acs__p_next(p);
  return true;
}

static void unexpected(P *p)
{
  if (p->err) return;
  if (p->tok.kind == TK_EOF) {
    acs__p_error(p, p->tok.start, "Unexpected end of script");
    return;
  }
  const char *what = p->tok.kind == TK_STRING ? "string literal"
                     : p->tok.kind == TK_NUMBER ? "number"
                     : p->tok.kind == TK_IDENT ? "identifier"
                                               : "token";
  uint32_t n = p->tok.end - p->tok.start;
  if (n > 40) n = 40;
  acs__p_error(p, p->tok.start, "Unexpected %s '%.*s'", what, (int)n, p->src + p->tok.start);
}

void acs__p_expect(P *p, acs__p punct)
{
  if (!acs__p_eat(p, punct)) unexpected(p);
}

acs__token acs__p_peek(P *p)
{
  if (p->peek_ok && same_state(&p->L, &p->peek_from)) return p->peek_tok;
  acs__lexer save = p->L;
  acs__token t = acs__lex_next(&p->L, false);
  p->peek_from = save;
  p->peek_after = p->L;
  p->peek_tok = t;
  p->peek_ok = true;
  p->L = save;
  return t;
}

static bool peek_punct(P *p, acs__p punct)
{
  acs__token t = acs__p_peek(p);
  return t.kind == TK_PUNCT && t.punct == punct;
}

static void consume_semicolon(P *p)
{
  if (acs__p_eat(p, P_SEMI)) return;
  if (acs__p_punct(p, P_RBRACE) || p->tok.kind == TK_EOF || p->tok.nl_before) return;
  unexpected(p);
}

bool acs__p_ident_name(P *p)
{
  if (p->tok.kind != TK_IDENT) {
    unexpected(p);
    return false;
  }
  acs__p_next(p);
  return true;
}

/* ---------------------------------------------------------- speculation */

static void free_from(P *p, const mark *m)
{
  for (uint32_t i = m->nedits; i < p->nedits; i++) free(p->edits[i].text);
  for (uint32_t i = m->nbindings; i < p->nbindings; i++) free(p->bindings[i].imported);
  for (uint32_t i = m->nmodules; i < p->nmodules; i++) free(p->modules[i].specifier);
  for (uint32_t i = m->nexports; i < p->nexports; i++) {
    free(p->exports[i].name);
    free(p->exports[i].local);
  }
  for (uint32_t i = m->nimports; i < p->nimports; i++) free(p->imports[i].specifier);
}

void acs__p_mark(P *p, mark *m)
{
  m->L = p->L;
  m->tok = p->tok;
  m->prev_end = p->prev_end;
  m->nedits = p->nedits, m->nscopes = p->nscopes, m->ndecls = p->ndecls;
  m->nrefs = p->nrefs, m->nbindings = p->nbindings, m->nmodules = p->nmodules;
  m->nexports = p->nexports, m->nimports = p->nimports;
  m->cur_scope = p->cur_scope;
  m->saw_esm = p->saw_esm, m->has_tla = p->has_tla;
}

void acs__p_rewind(P *p, const mark *m)
{
  free_from(p, m);
  p->L = m->L;
  p->tok = m->tok;
  p->prev_end = m->prev_end;
  p->nedits = m->nedits, p->nscopes = m->nscopes, p->ndecls = m->ndecls;
  p->nrefs = m->nrefs, p->nbindings = m->nbindings, p->nmodules = m->nmodules;
  p->nexports = m->nexports, p->nimports = m->nimports;
  p->cur_scope = m->cur_scope;
  p->saw_esm = m->saw_esm, p->has_tla = m->has_tla;
  if (!p->oom) p->err = false;
}

/* -------------------------------------------------------- identifiers */

/* Reserved words, found by length and first letter (this runs for every
** identifier, so it must not walk a list). */
static bool is_reserved(P *p, const acs__token *t)
{
  if (t->kind != TK_IDENT || t->escaped) return false;
  uint32_t n = t->end - t->start;
  const char *s = p->src + t->start;
#define W(lit) (n == sizeof lit - 1 && memcmp(s, lit, n) == 0)
  switch (s[0]) {
  case 'b': return W("break");
  case 'c': return W("case") || W("catch") || W("class") || W("const") || W("continue");
  case 'd': return W("do") || W("debugger") || W("default") || W("delete");
  case 'e': return W("else") || W("enum") || W("export") || W("extends");
  case 'f': return W("false") || W("finally") || W("for") || W("function");
  case 'i': return W("if") || W("import") || W("in") || W("instanceof");
  case 'n': return W("new") || W("null");
  case 'r': return W("return");
  case 's': return W("super") || W("switch");
  case 't': return W("this") || W("throw") || W("true") || W("try") || W("typeof");
  case 'v': return W("var") || W("void");
  case 'w': return W("while") || W("with");
  default: return false;
  }
#undef W
}

/* A binding identifier (not a reserved word). */
static bool is_binding_ident(P *p) { return p->tok.kind == TK_IDENT && !is_reserved(p, &p->tok); }

/* ---------------------------------------------------------- functions */

static void parse_params(P *p, bool is_ctor, uint32_t *prop_starts, uint32_t *prop_ends,
                         int *nprops);

/* Parameter properties of a TS constructor become assignments at the start of
** its body (after a super() call when there is one, as tsc emits). */
static void emit_param_props(P *p, uint32_t body_open, uint32_t after_super,
                             const uint32_t *s, const uint32_t *e, int n)
{
  if (n == 0) return;
  size_t cap = 16;
  for (int i = 0; i < n; i++) cap += 2 * (e[i] - s[i]) + 12;
  char *text = malloc(cap);
  if (!text) {
    p->oom = p->err = true;
    return;
  }
  char *o = text;
  for (int i = 0; i < n; i++)
    o += sprintf(o, "this.%.*s=%.*s;", (int)(e[i] - s[i]), p->src + s[i], (int)(e[i] - s[i]),
                 p->src + s[i]);
  acs__edit_insert(p, after_super ? after_super : body_open + 1, text);
  free(text);
}

/* The body "{...}" of a function; the current token is "{". */
/* `using` (explicit resource management), which the engine does not
** parse, lowered as TypeScript lowers it for ES2022, in place: the block's
** statements go into try { } catch { } finally { dispose } with a disposal
** stack (the module record's ue/ua/ud, src/js/lib/disposal.js), `using` and
** `await using` become `const`, each initializer is registered. */
static void using_wrap(P *p, const using_frame *f, uint32_t close)
{
  char t[256];
  snprintf(t, sizeof t, "const \x01" "k%u=\x01" "m.ue();try{", f->k);
  acs__edit_insert(p, f->open, t);
  if (f->awaited)
    snprintf(t, sizeof t,
             "}catch(\x01" "e){\x01" "k%u.error=\x01" "e;\x01" "k%u.hasError=true}finally{const \x01" "r=\x01"
             "m.ud(\x01" "k%u);if(\x01" "r)await \x01" "r}",
             f->k, f->k, f->k);
  else
    snprintf(t, sizeof t,
             "}catch(\x01" "e){\x01" "k%u.error=\x01" "e;\x01" "k%u.hasError=true}finally{\x01" "m.ud(\x01" "k%u)}",
             f->k, f->k, f->k);
  acs__edit_insert(p, close, t);
}

/* Whether t, the token after `using`, makes it a declaration: a name on
** the same line (`using x`; `using\nx`, `using in o` are not). */
static bool using_binds(P *p, const acs__token *t)
{
  return t->kind == TK_IDENT && !t->nl_before && !t->escaped && !acs__tok_is(&p->L, t, "in") &&
         !acs__tok_is(&p->L, t, "instanceof") && !acs__tok_is(&p->L, t, "of");
}

static void parse_using_decl(P *p, bool is_await)
{
  using_frame *f = p->using_top;
  if (!f) {
    acs__p_error(p, p->tok.start,
                 "using declarations are supported inside a block or function only: put this one in { }");
    return;
  }
  if (p->format == ACS__FMT_SCRIPT) {
    acs__p_error(p, p->tok.start, "using declarations need a module or CommonJS file here");
    return;
  }
  if (!f->used) {
    f->used = true;
    f->k = p->try_count++;
  }
  if (is_await) {
    f->awaited = true;
    acs__edit_blank(p, p->tok.start, p->tok.end); /* await */
    acs__p_next(p);
  }
  acs__edit_replace(p, p->tok.start, p->tok.end, "const"); /* using */
  acs__p_next(p);
  do {
    acs__parse_binding_target(p, p->cur_scope);
    if (p->ts && acs__p_punct(p, P_COLON)) acs__ts_blank_annotation(p);
    if (!acs__p_punct(p, P_ASSIGN)) {
      acs__p_error(p, p->tok.start, "Missing initializer in using declaration");
      return;
    }
    acs__p_next(p);
    uint32_t s = p->tok.start;
    acs__parse_assign(p);
    char t[64];
    snprintf(t, sizeof t, "\x01" "m.ua(\x01" "k%u,", f->k);
    acs__edit_insert(p, s, t);
    acs__edit_insert(p, p->prev_end, is_await ? ",1)" : ",0)");
  } while (!p->err && acs__p_eat(p, P_COMMA));
  consume_semicolon(p);
}

static void parse_function_body(P *p, bool is_ctor, const uint32_t *ps, const uint32_t *pe, int np)
{
  uint32_t open = p->tok.start;
  acs__p_expect(p, P_LBRACE);
  uint32_t after_super = 0;
  using_frame f = {.open = open + 1, .up = p->using_top};
  p->using_top = &f;
  bool prologue = true;
  while (!p->err && !acs__p_punct(p, P_RBRACE) && p->tok.kind != TK_EOF) {
    bool is_super = is_ctor && np && acs__p_is(p, "super") && peek_punct(p, P_LPAREN);
    /* a directive ("use strict") stays first: the wrap for `using` starts after */
    bool directive = false;
    if (prologue && p->tok.kind == TK_STRING) {
      acs__token nx = acs__p_peek(p);
      directive = nx.nl_before || (nx.kind == TK_PUNCT && (nx.punct == P_SEMI || nx.punct == P_RBRACE));
    }
    prologue = directive;
    acs__parse_statement(p);
    if (directive) f.open = p->prev_end;
    if (is_super && !after_super) after_super = p->prev_end;
  }
  p->using_top = f.up;
  if (f.used && !p->err) using_wrap(p, &f, p->tok.start);
  if (!p->err && np) {
    emit_param_props(p, open, after_super, ps, pe, np);
    /* declared as fields first, as tsc does for ES2022 (useDefineForClassFields):
    ** they come before the other fields in the instance's key order */
    if (p->class_open) {
      acs__buf decls = {0};
      for (int i = 0; i < np; i++) acs__buf_printf(&decls, "%.*s;", (int)(pe[i] - ps[i]), p->src + ps[i]);
      if (decls.data) acs__edit_insert(p, p->class_open, decls.data);
      acs__buf_free(&decls);
    }
  }
  acs__p_expect(p, P_RBRACE);
}

/* After the name: [type params] (params) [: type] body. A TS signature
** without a body (overload, declare) is blanked from start. */
void acs__parse_function_rest(P *p, uint32_t start, bool is_async, bool is_gen, bool is_method)
{
  bool save_async = p->in_async, save_gen = p->in_generator;
  uint32_t save_try_k = p->try_k;
  bool save_try_used = p->try_used;
  p->try_k = 0;
  p->in_async = is_async;
  p->in_generator = is_gen;
  p->fn_depth++;
  acs__scope_push(p, SC_FUNCTION);
  if (p->ts && acs__p_punct(p, P_LT)) acs__ts_type_params(p);
  uint32_t ps[64], pe[64];
  int np = 0;
  bool is_ctor = is_method && start != UINT32_MAX;
  parse_params(p, is_ctor, ps, pe, &np);
  if (p->ts && acs__p_punct(p, P_COLON)) acs__ts_blank_annotation(p);
  if (acs__p_punct(p, P_LBRACE)) {
    parse_function_body(p, is_ctor, ps, pe, np);
  } else if (p->ts && start != UINT32_MAX) {
    /* an overload or ambient signature */
    if (acs__p_punct(p, P_SEMI)) acs__p_next(p);
    else if (!(p->tok.nl_before || acs__p_punct(p, P_RBRACE) || p->tok.kind == TK_EOF)) unexpected(p);
    acs__edit_blank(p, start, p->prev_end);
  } else {
    unexpected(p);
  }
  acs__scope_pop(p);
  p->fn_depth--;
  p->in_async = save_async;
  p->in_generator = save_gen;
  p->try_k = save_try_k;
  p->try_used = save_try_used;
}

static bool ts_param_modifier(P *p)
{
  static const char *const mods[] = {"public", "private", "protected", "readonly", "override"};
  for (size_t i = 0; i < sizeof mods / sizeof *mods; i++)
    if (acs__p_is(p, mods[i])) {
      acs__token nx = acs__p_peek(p);
      return nx.kind == TK_IDENT || (nx.kind == TK_PUNCT && (nx.punct == P_LBRACE || nx.punct == P_LBRACK));
    }
  return false;
}

static void parse_params(P *p, bool is_ctor, uint32_t *ps, uint32_t *pe, int *np)
{
  acs__p_expect(p, P_LPAREN);
  int32_t sc = p->cur_scope;
  bool first = true;
  while (!p->err && !acs__p_punct(p, P_RPAREN)) {
    uint32_t pstart = p->tok.start;
    /* TS: `this: Type` is not a parameter at all. */
    if (p->ts && first && acs__p_is(p, "this") && peek_punct(p, P_COLON)) {
      acs__p_next(p);
      acs__p_next(p);
      acs__ts_type(p);
      if (acs__p_punct(p, P_COMMA)) acs__p_next(p);
      acs__edit_blank(p, pstart, acs__p_punct(p, P_RPAREN) ? p->prev_end : p->tok.start);
      first = false;
      continue;
    }
    first = false;
    bool prop = false;
    if (p->ts) {
      while (ts_param_modifier(p)) {
        uint32_t ms = p->tok.start;
        acs__p_next(p);
        acs__edit_blank(p, ms, p->prev_end);
        prop = true;
      }
      while (acs__p_punct(p, P_AT)) {
        acs__p_error(p, p->tok.start, "Decorators are not supported");
        return;
      }
    }
    if (acs__p_eat(p, P_ELLIPSIS)) {
      acs__parse_binding_target(p, sc);
    } else {
      uint32_t ns = p->tok.start, ne = p->tok.end;
      acs__parse_binding_target(p, sc);
      if (prop && is_ctor && *np < 64 && ne - ns == p->prev_end - ns) {
        ps[*np] = ns;
        pe[*np] = ne;
        (*np)++;
      }
    }
    if (p->ts && acs__p_punct(p, P_QUESTION)) {
      uint32_t q = p->tok.start;
      acs__p_next(p);
      acs__edit_blank(p, q, p->prev_end);
    }
    if (p->ts && acs__p_punct(p, P_COLON)) acs__ts_blank_annotation(p);
    if (acs__p_eat(p, P_ASSIGN)) acs__parse_assign(p);
    if (!acs__p_eat(p, P_COMMA)) break;
  }
  acs__p_expect(p, P_RPAREN);
}

/* ------------------------------------------------------------ patterns */

/* A binding pattern: identifiers are declared in `scope`, default values
** are expressions. */
void acs__parse_binding_target(P *p, int32_t scope)
{
  if (p->err) return;
  if (acs__p_eat(p, P_LBRACK)) {
    while (!p->err && !acs__p_punct(p, P_RBRACK)) {
      if (acs__p_eat(p, P_COMMA)) continue;
      acs__p_eat(p, P_ELLIPSIS);
      acs__parse_binding_target(p, scope);
      if (acs__p_eat(p, P_ASSIGN)) acs__parse_assign(p);
      if (!acs__p_eat(p, P_COMMA)) break;
    }
    acs__p_expect(p, P_RBRACK);
  } else if (acs__p_eat(p, P_LBRACE)) {
    while (!p->err && !acs__p_punct(p, P_RBRACE)) {
      if (acs__p_eat(p, P_ELLIPSIS)) {
        acs__parse_binding_target(p, scope);
      } else if (acs__p_eat(p, P_LBRACK)) {
        acs__parse_assign(p);
        acs__p_expect(p, P_RBRACK);
        acs__p_expect(p, P_COLON);
        acs__parse_binding_target(p, scope);
      } else if (p->tok.kind == TK_STRING || p->tok.kind == TK_NUMBER || p->tok.kind == TK_BIGINT) {
        acs__p_next(p);
        acs__p_expect(p, P_COLON);
        acs__parse_binding_target(p, scope);
      } else if (p->tok.kind == TK_IDENT) {
        acs__token key = p->tok;
        acs__p_next(p);
        if (acs__p_eat(p, P_COLON)) acs__parse_binding_target(p, scope);
        else acs__declare(p, key.start, key.end, scope);
      } else {
        unexpected(p);
      }
      if (acs__p_eat(p, P_ASSIGN)) acs__parse_assign(p);
      if (!acs__p_eat(p, P_COMMA)) break;
    }
    acs__p_expect(p, P_RBRACE);
  } else if (is_binding_ident(p)) {
    acs__declare(p, p->tok.start, p->tok.end, scope);
    acs__p_next(p);
  } else {
    unexpected(p);
  }
}

/* ----------------------------------------------------------- classes */

static bool is_modifier_word(P *p)
{
  static const char *const words[] = {"static", "public", "private", "protected", "readonly",
                                      "abstract", "override", "declare", "accessor"};
  if (p->tok.kind != TK_IDENT) return false;
  for (size_t i = 0; i < sizeof words / sizeof *words; i++)
    if (acs__p_is(p, words[i])) {
      /* a modifier only when a member name follows on the same line */
      acs__token nx = acs__p_peek(p);
      if (nx.nl_before && !acs__p_is(p, "static")) return false;
      if (nx.kind == TK_PUNCT && (nx.punct == P_LPAREN || nx.punct == P_ASSIGN ||
                                  nx.punct == P_SEMI || nx.punct == P_RBRACE ||
                                  nx.punct == P_COLON || nx.punct == P_QUESTION ||
                                  nx.punct == P_BANG || nx.punct == P_LT))
        return false;
      if (nx.kind == TK_EOF) return false;
      return true;
    }
  return false;
}

static void parse_property_key(P *p)
{
  if (acs__p_eat(p, P_LBRACK)) {
    acs__parse_assign(p);
    acs__p_expect(p, P_RBRACK);
  } else if (p->tok.kind == TK_IDENT || p->tok.kind == TK_STRING || p->tok.kind == TK_NUMBER ||
             p->tok.kind == TK_BIGINT || p->tok.kind == TK_PRIVATE) {
    acs__p_next(p);
  } else {
    unexpected(p);
  }
}

static void parse_class_member(P *p)
{
  uint32_t start = p->tok.start;
  if (acs__p_eat(p, P_SEMI)) return;
  if (acs__p_punct(p, P_AT)) {
    acs__p_error(p, p->tok.start, "Decorators are not supported");
    return;
  }
  bool is_static = false, ts_only = false, is_abstract = false, is_declare = false;
  /* modifiers: TS ones are blanked; static and accessor stay */
  bool is_accessor = false;
  uint32_t accessor_start = 0, accessor_end = 0;
  while (!p->err && is_modifier_word(p)) {
    uint32_t ms = p->tok.start;
    bool keep = acs__p_is(p, "static") || acs__p_is(p, "accessor");
    if (acs__p_is(p, "static")) is_static = true;
    if (acs__p_is(p, "accessor")) {
      is_accessor = true;
      accessor_start = p->tok.start;
      accessor_end = p->tok.end;
    }
    if (acs__p_is(p, "abstract")) is_abstract = true;
    if (acs__p_is(p, "declare")) is_declare = true;
    acs__p_next(p);
    if (!keep) acs__edit_blank(p, ms, p->prev_end);
    else if (!p->ts) break;
  }
  if (is_static && acs__p_punct(p, P_LBRACE)) {
    /* static initialisation block */
    acs__p_next(p);
    p->fn_depth++;
    acs__scope_push(p, SC_FUNCTION);
    while (!p->err && !acs__p_punct(p, P_RBRACE) && p->tok.kind != TK_EOF) acs__parse_statement(p);
    acs__scope_pop(p);
    p->fn_depth--;
    acs__p_expect(p, P_RBRACE);
    return;
  }
  /* TS index signature: [key: T]: U; */
  if (p->ts && acs__p_punct(p, P_LBRACK)) {
    mark m;
    acs__p_mark(p, &m);
    p->spec++;
    acs__p_next(p);
    bool sig = p->tok.kind == TK_IDENT && (acs__p_next(p), acs__p_punct(p, P_COLON));
    p->spec--;
    acs__p_rewind(p, &m);
    if (sig) {
      acs__p_next(p);
      acs__p_next(p);
      acs__ts_blank_annotation(p); /* ": T" inside */
      acs__p_expect(p, P_RBRACK);
      if (acs__p_punct(p, P_COLON)) acs__ts_blank_annotation(p);
      acs__p_eat(p, P_SEMI);
      acs__p_eat(p, P_COMMA);
      acs__edit_blank(p, start, p->prev_end);
      return;
    }
  }
  bool is_async = false, is_gen = false;
  if (acs__p_is(p, "async")) {
    acs__token nx = acs__p_peek(p);
    if (!nx.nl_before && !(nx.kind == TK_PUNCT && (nx.punct == P_LPAREN || nx.punct == P_ASSIGN ||
                                                   nx.punct == P_SEMI || nx.punct == P_RBRACE ||
                                                   nx.punct == P_COLON || nx.punct == P_QUESTION || nx.punct == P_LT))) {
      acs__p_next(p);
      is_async = true;
    }
  }
  if (acs__p_eat(p, P_STAR)) is_gen = true;
  if ((acs__p_is(p, "get") || acs__p_is(p, "set")) && !is_async && !is_gen) {
    acs__token nx = acs__p_peek(p);
    if (!(nx.kind == TK_PUNCT && (nx.punct == P_LPAREN || nx.punct == P_ASSIGN ||
                                  nx.punct == P_SEMI || nx.punct == P_RBRACE ||
                                  nx.punct == P_COLON || nx.punct == P_QUESTION || nx.punct == P_LT)))
      acs__p_next(p);
  }
  bool is_ctor = acs__p_is(p, "constructor");
  acs__token key = p->tok;
  parse_property_key(p);
  if (p->ts && (acs__p_punct(p, P_QUESTION) || acs__p_punct(p, P_BANG))) {
    uint32_t q = p->tok.start;
    acs__p_next(p);
    acs__edit_blank(p, q, p->prev_end);
  }
  if (acs__p_punct(p, P_LPAREN) || acs__p_punct(p, P_LT)) {
    mark before;
    acs__p_mark(p, &before);
    acs__parse_function_rest(p, is_ctor ? start : (p->ts ? start : UINT32_MAX), is_async, is_gen, is_ctor);
    (void)before;
    if (is_abstract) acs__edit_blank(p, start, p->prev_end);
    return;
  }
  /* a field */
  if (is_accessor) {
    /* an auto-accessor: a private storage field and a getter/setter pair,
    ** since the engine does not know `accessor` */
    if (key.kind != TK_IDENT && key.kind != TK_PRIVATE) {
      acs__p_error(p, key.start, "An accessor with a computed or literal name is not supported");
      return;
    }
    char storage[32];
    snprintf(storage, sizeof storage, "#\x01" "a%u", p->accessor_count++);
    acs__edit_blank(p, accessor_start, accessor_end);
    acs__edit_replace(p, key.start, key.end, storage);
    p->pending_accessor = true;
    p->acc_key_start = key.start;
    p->acc_key_end = key.end;
    p->acc_static = is_static;
    snprintf(p->acc_storage, sizeof p->acc_storage, "%s", storage);
  }
  if (p->ts && acs__p_punct(p, P_COLON)) acs__ts_blank_annotation(p);
  if (acs__p_punct(p, P_ASSIGN)) {
    acs__p_next(p);
    p->fn_depth++;
    acs__scope_push(p, SC_FUNCTION);
    acs__parse_assign(p);
    acs__scope_pop(p);
    p->fn_depth--;
  }
  consume_semicolon(p);
  if (p->pending_accessor) {
    p->pending_accessor = false;
    int kl = (int)(p->acc_key_end - p->acc_key_start);
    const char *kn = p->src + p->acc_key_start;
    char *text = malloc((size_t)kl * 2 + 160);
    if (text) {
      const char *st = p->acc_static ? "static " : "";
      sprintf(text, " %sget %.*s(){return this.%s}%sset %.*s(\x01w){this.%s=\x01w}", st, kl, kn, p->acc_storage, st, kl,
              kn, p->acc_storage);
      acs__edit_insert(p, p->prev_end, text);
      free(text);
    }
  }
  ts_only = is_abstract || is_declare;
  if (ts_only) acs__edit_blank(p, start, p->prev_end);
}

static void parse_lhs(P *p);

void acs__parse_class(P *p, bool is_decl, bool declare_name)
{
  acs__p_next(p); /* class */
  if (is_binding_ident(p) && !acs__p_is(p, "implements") && !(acs__p_is(p, "extends") && !is_decl)) {
    if (declare_name) acs__declare(p, p->tok.start, p->tok.end, p->cur_scope);
    acs__p_next(p);
  }
  acs__scope_push(p, SC_CLASS);
  if (p->ts && acs__p_punct(p, P_LT)) acs__ts_type_params(p);
  if (acs__p_is(p, "extends")) {
    acs__p_next(p);
    /* a LeftHandSideExpression, maybe with type arguments */
    bool save = p->heritage;
    p->heritage = true;
    parse_lhs(p);
    p->heritage = save;
  }
  if (p->ts && acs__p_is(p, "implements")) {
    uint32_t s = p->tok.start;
    acs__p_next(p);
    do acs__ts_type(p);
    while (!p->err && acs__p_eat(p, P_COMMA));
    acs__edit_blank(p, s, p->prev_end);
  }
  if (p->class_default_name && acs__p_punct(p, P_LBRACE)) {
    p->class_default_name = false;
    acs__edit_insert(p, p->tok.end,
                     "static{Object.defineProperty(this,\"name\",{value:\"default\",configurable:true})}");
  }
  uint32_t save_open = p->class_open;
  p->class_open = p->tok.end;
  acs__p_expect(p, P_LBRACE);
  while (!p->err && !acs__p_punct(p, P_RBRACE) && p->tok.kind != TK_EOF) parse_class_member(p);
  p->class_open = save_open;
  acs__p_expect(p, P_RBRACE);
  acs__scope_pop(p);
}

/* -------------------------------------------------------- expressions */

static void parse_unary(P *p);
static void parse_lhs(P *p);

static void parse_arguments(P *p)
{
  acs__p_expect(p, P_LPAREN);
  while (!p->err && !acs__p_punct(p, P_RPAREN)) {
    acs__p_eat(p, P_ELLIPSIS);
    acs__parse_assign(p);
    if (!acs__p_eat(p, P_COMMA)) break;
  }
  acs__p_expect(p, P_RPAREN);
}

static void parse_template(P *p)
{
  /* current token: TK_TEMPLATE or TK_TEMPLATE_HEAD */
  if (p->tok.kind == TK_TEMPLATE) {
    acs__p_next(p);
    return;
  }
  for (;;) {
    acs__p_next(p);
    acs__parse_expression(p);
    if (p->err) return;
    if (!acs__p_punct(p, P_RBRACE)) {
      unexpected(p);
      return;
    }
    p->tok = acs__lex_template_continue(&p->L, p->tok.start);
    check_lex_error(p);
    if (p->err) return;
    if (p->tok.kind == TK_TEMPLATE_TAIL) {
      acs__p_next(p);
      return;
    }
  }
}

static void parse_object_literal(P *p)
{
  acs__p_expect(p, P_LBRACE);
  while (!p->err && !acs__p_punct(p, P_RBRACE)) {
    uint32_t start = p->tok.start;
    if (acs__p_eat(p, P_ELLIPSIS)) {
      acs__parse_assign(p);
    } else {
      bool is_async = false, is_gen = false, accessor = false;
      if (acs__p_is(p, "async") || acs__p_is(p, "get") || acs__p_is(p, "set")) {
        acs__token nx = acs__p_peek(p);
        bool key_follows = !(nx.kind == TK_PUNCT && (nx.punct == P_COMMA || nx.punct == P_COLON ||
                                                     nx.punct == P_LPAREN || nx.punct == P_RBRACE ||
                                                     nx.punct == P_ASSIGN || nx.punct == P_LT));
        if (key_follows && !nx.nl_before) {
          if (acs__p_is(p, "async")) is_async = true;
          else accessor = true;
          acs__p_next(p);
        }
      }
      if (acs__p_eat(p, P_STAR)) is_gen = true;
      acs__token key = p->tok;
      bool plain_ident = key.kind == TK_IDENT;
      parse_property_key(p);
      if (acs__p_punct(p, P_LPAREN) || acs__p_punct(p, P_LT)) {
        acs__parse_function_rest(p, UINT32_MAX, is_async, is_gen, true);
      } else if (acs__p_eat(p, P_COLON)) {
        acs__parse_assign(p);
      } else if (plain_ident && !is_async && !is_gen && !accessor) {
        /* shorthand (and the cover grammar's `x = default`) */
        if (!is_reserved(p, &key)) acs__reference(p, key.start, key.end, REF_SHORTHAND);
        if (acs__p_eat(p, P_ASSIGN)) acs__parse_assign(p);
      } else {
        unexpected(p);
      }
    }
    (void)start;
    if (!acs__p_eat(p, P_COMMA)) break;
  }
  acs__p_expect(p, P_RBRACE);
}

static void parse_array_literal(P *p)
{
  acs__p_expect(p, P_LBRACK);
  while (!p->err && !acs__p_punct(p, P_RBRACK)) {
    if (acs__p_eat(p, P_COMMA)) continue;
    acs__p_eat(p, P_ELLIPSIS);
    acs__parse_assign(p);
    if (!acs__p_eat(p, P_COMMA)) break;
  }
  acs__p_expect(p, P_RBRACK);
}

/* Arrow function parameters and body; the current token is "(" or the
** single parameter. Returns false (having consumed nothing that matters:
** the caller rewinds) when this is not an arrow function. */
static bool try_arrow(P *p, bool is_async, bool cond_then)
{
  bool save_async = p->in_async, save_gen = p->in_generator;
  acs__scope_push(p, SC_FUNCTION);
  uint32_t save_try_k = p->try_k;
  bool save_try_used = p->try_used;
  p->try_k = 0;
  p->fn_depth++;
  p->in_async = is_async;
  p->in_generator = false;
  bool ok = true;
  uint32_t ret_colon = 0;
  if (p->ts && acs__p_punct(p, P_LT)) acs__ts_type_params(p);
  if (acs__p_punct(p, P_LPAREN)) {
    uint32_t ps[1], pe[1];
    int np = 0;
    parse_params(p, false, ps, pe, &np);
    if (p->ts && !p->err && acs__p_punct(p, P_COLON)) {
      ret_colon = p->tok.start;
      acs__ts_blank_annotation(p);
    }
  } else if (is_binding_ident(p)) {
    acs__declare(p, p->tok.start, p->tok.end, p->cur_scope);
    acs__p_next(p);
  } else {
    ok = false;
  }
  /* A return type over several lines would leave a line break before
  ** "=>", which JS forbids: the arrow moves up to where the ":" was. */
  bool spans_lines = false;
  if (ok && !p->err && ret_colon && acs__p_punct(p, P_ARROW))
    for (uint32_t i = ret_colon; i < p->tok.start && !spans_lines; i++)
      spans_lines = p->src[i] == '\n' || p->src[i] == '\r';
  if (spans_lines && p->nedits > 0) {
    edit *ann = &p->edits[p->nedits - 1];
    if (!ann->text && ann->start == ret_colon) {
      ann->start++;
      acs__edit_replace(p, ret_colon, ret_colon + 1, "=>");
      acs__edit_blank(p, p->tok.start, p->tok.end);
      acs__p_next(p);
      goto body;
    }
  }
  if (ok && !p->err && acs__p_punct(p, P_ARROW) && !p->tok.nl_before) {
    acs__p_next(p);
  body:
    if (acs__p_punct(p, P_LBRACE)) {
      uint32_t dummy[1] = {0};
      parse_function_body(p, false, dummy, dummy, 0);
    } else {
      bool save_in = p->no_in;
      p->cond_then = cond_then;
      acs__parse_assign(p);
      p->no_in = save_in;
    }
    /* in the consequent of a conditional a return type's ":" may be the
    ** conditional's own: the arrow stands only when another ":" follows */
    if (cond_then && ret_colon && !p->err && !acs__p_punct(p, P_COLON)) ok = false;
  } else {
    ok = false;
  }
  acs__scope_pop(p);
  p->fn_depth--;
  p->in_async = save_async;
  p->in_generator = save_gen;
  p->try_k = save_try_k;
  p->try_used = save_try_used;
  return ok && !p->err;
}

/* Speculatively parse an arrow function at the current token. A position
** where that failed is remembered, so that nested parentheses ("(a = (b =
** (...")) cost linear time, not exponential. */
static bool arrow_here(P *p, bool is_async, bool cond_then)
{
  uint32_t at = p->tok.start;
  if (p->no_arrow && (p->no_arrow[at >> 3] >> (at & 7) & 1)) return false;
  mark m;
  acs__p_mark(p, &m);
  p->spec++;
  bool ok = try_arrow(p, is_async, cond_then);
  p->spec--;
  if (ok) return true;
  /* Not an arrow, or an arrow with an error inside: when the "=>" was
  ** there, the error found while speculating is the one to report (parsing
  ** again would double the work at every nesting level). */
  bool had_err = p->err;
  char msg[sizeof p->errmsg];
  uint32_t msg_pos = p->err_pos;
  memcpy(msg, p->errmsg, sizeof msg);
  acs__p_rewind(p, &m);
  if (had_err) {
    mark m2;
    acs__p_mark(p, &m2);
    p->spec++;
    /* find whether an arrow follows the parameters */
    bool arrow = false;
    if (acs__p_punct(p, P_LPAREN) || (p->ts && acs__p_punct(p, P_LT))) {
      int depth = 0;
      do {
        if (acs__p_punct(p, P_LPAREN)) depth++;
        if (acs__p_punct(p, P_RPAREN)) depth--;
        acs__p_next(p);
      } while (!p->err && depth > 0 && p->tok.kind != TK_EOF);
      arrow = acs__p_punct(p, P_ARROW);
    }
    p->spec--;
    acs__p_rewind(p, &m2);
    if (arrow) {
      p->err = true;
      memcpy(p->errmsg, msg, sizeof msg);
      p->err_pos = msg_pos;
      return true;
    }
  }
  if (p->no_arrow) p->no_arrow[at >> 3] |= (uint8_t)(1u << (at & 7));
  return false;
}

/* At the token after a bare identifier reference (see P.lone_ref): when it
** calls or tags it, mark the reference so that an imported function gets
** no `this`. */
static void lone_call(P *p)
{
  if (p->lone_ref < 0 || (uint32_t)p->lone_ref >= p->nrefs || p->lone_end != p->prev_end ||
      p->refs[p->lone_ref].start != p->lone_id)
    return;
  bool call = acs__p_punct(p, P_LPAREN) || p->tok.kind == TK_TEMPLATE || p->tok.kind == TK_TEMPLATE_HEAD ||
              (p->ts && acs__p_punct(p, P_LT));
  if (acs__p_punct(p, P_QDOT)) {
    acs__token nx = acs__p_peek(p);
    call = nx.kind == TK_PUNCT && (nx.punct == P_LPAREN || (p->ts && nx.punct == P_LT));
  }
  if (call) p->refs[p->lone_ref].flags |= REF_CALL;
}

static void parse_primary(P *p)
{
  if (p->err) return;
  acs__token t = p->tok;
  switch (t.kind) {
  case TK_NUMBER:
  case TK_BIGINT:
  case TK_STRING:
  case TK_REGEX:
    acs__p_next(p);
    return;
  case TK_TEMPLATE:
  case TK_TEMPLATE_HEAD:
    parse_template(p);
    return;
  case TK_PRIVATE:
    /* #x in obj */
    acs__p_next(p);
    return;
  case TK_PUNCT:
    switch (t.punct) {
    case P_LPAREN: {
      acs__p_next(p);
      uint32_t first = p->tok.start;
      acs__parse_expression(p);
      /* (f) is still f, but (f)() calls it without `this` */
      bool lone = p->lone_ref >= 0 && p->lone_start == first && p->lone_end == p->prev_end;
      acs__p_expect(p, P_RPAREN);
      if (lone && !p->err) {
        p->lone_start = t.start;
        p->lone_end = p->prev_end;
        lone_call(p);
      }
      return;
    }
    case P_LBRACK: parse_array_literal(p); return;
    case P_LBRACE: parse_object_literal(p); return;
    case P_SLASH:
    case P_SLASH_EQ:
      acs__lex_reset(&p->L, t.start, t.line, p->L.line_start);
      p->tok = acs__lex_next(&p->L, true);
      p->tok.nl_before = t.nl_before;
      check_lex_error(p);
      if (!p->err) acs__p_next(p);
      return;
    case P_LT:
      if (p->jsx) {
        acs__jsx_element(p);
        return;
      }
      break;
    case P_AT:
      acs__p_error(p, t.start, "Decorators are not supported");
      return;
    default: break;
    }
    unexpected(p);
    return;
  case TK_IDENT:
    if (acs__p_is(p, "function")) {
      uint32_t start = p->tok.start;
      acs__p_next(p);
      bool gen = acs__p_eat(p, P_STAR);
      acs__scope_push(p, SC_FUNCTION); /* the name's own scope */
      if (is_binding_ident(p)) {
        acs__declare(p, p->tok.start, p->tok.end, p->cur_scope);
        acs__p_next(p);
      }
      (void)start;
      acs__parse_function_rest(p, UINT32_MAX, false, gen, false);
      acs__scope_pop(p);
      return;
    }
    if (acs__p_is(p, "async")) {
      acs__token nx = acs__p_peek(p);
      if (!nx.nl_before && acs__tok_is(&p->L, &nx, "function")) {
        acs__p_next(p);
        acs__p_next(p);
        bool gen = acs__p_eat(p, P_STAR);
        acs__scope_push(p, SC_FUNCTION);
        if (is_binding_ident(p)) {
          acs__declare(p, p->tok.start, p->tok.end, p->cur_scope);
          acs__p_next(p);
        }
        acs__parse_function_rest(p, UINT32_MAX, true, gen, false);
        acs__scope_pop(p);
        return;
      }
    }
    if (acs__p_is(p, "class")) {
      acs__scope_push(p, SC_BLOCK);
      acs__parse_class(p, false, true);
      acs__scope_pop(p);
      return;
    }
    if (acs__p_is(p, "new")) {
      acs__p_next(p);
      if (acs__p_eat(p, P_DOT)) {
        acs__p_ident_name(p); /* new.target */
        return;
      }
      /* the callee: a member expression without calls */
      if (acs__p_is(p, "new")) parse_primary(p);
      else parse_primary(p);
      for (;;) {
        if (p->err) return;
        if (acs__p_eat(p, P_DOT)) {
          if (p->tok.kind == TK_PRIVATE) acs__p_next(p);
          else acs__p_ident_name(p);
        } else if (acs__p_punct(p, P_LBRACK)) {
          acs__p_next(p);
          acs__parse_expression(p);
          acs__p_expect(p, P_RBRACK);
        } else if (p->tok.kind == TK_TEMPLATE || p->tok.kind == TK_TEMPLATE_HEAD) {
          parse_template(p);
        } else if (p->ts && acs__p_punct(p, P_LT)) {
          if (!acs__ts_try_type_args(p, true)) break;
        } else {
          break;
        }
      }
      if (acs__p_punct(p, P_LPAREN)) parse_arguments(p);
      return;
    }
    if (acs__p_is(p, "import")) {
      uint32_t start = p->tok.start;
      acs__p_next(p);
      if (acs__p_eat(p, P_DOT)) {
        if (!acs__p_is(p, "meta")) {
          unexpected(p);
          return;
        }
        acs__p_next(p);
        p->saw_esm = p->saw_module = true;
        acs__edit_replace(p, start, p->prev_end, "\x01meta");
        return;
      }
      if (!acs__p_punct(p, P_LPAREN)) {
        unexpected(p);
        return;
      }
      acs__edit_replace(p, start, start + 6, "\x01import");
      acs__p_next(p);
      acs__token arg = p->tok;
      acs__parse_assign(p);
      bool literal = arg.kind == TK_STRING && p->prev_end == arg.end;
      acs__add_import(p, literal ? ACS__IMP_DYNAMIC : ACS__IMP_DYNAMIC_COMPUTED, &arg);
      if (acs__p_eat(p, P_COMMA) && !acs__p_punct(p, P_RPAREN)) {
        acs__parse_assign(p);
        acs__p_eat(p, P_COMMA);
      }
      acs__p_expect(p, P_RPAREN);
      return;
    }
    if (acs__p_is(p, "super") || acs__p_is(p, "this") || acs__p_is(p, "null") ||
        acs__p_is(p, "true") || acs__p_is(p, "false")) {
      acs__p_next(p);
      return;
    }
    if (is_reserved(p, &t)) {
      unexpected(p);
      return;
    }
    /* require("x") is found here too */
    if (acs__p_is(p, "require") && peek_punct(p, P_LPAREN)) {
      acs__reference(p, t.start, t.end, 0);
      acs__p_next(p);
      acs__p_next(p);
      acs__token arg = p->tok;
      if (!acs__p_punct(p, P_RPAREN)) acs__parse_assign(p);
      bool literal = arg.kind == TK_STRING && p->prev_end == arg.end;
      acs__add_import(p, literal ? ACS__IMP_REQUIRE : ACS__IMP_REQUIRE_COMPUTED, &arg);
      while (acs__p_eat(p, P_COMMA) && !acs__p_punct(p, P_RPAREN)) acs__parse_assign(p);
      acs__p_expect(p, P_RPAREN);
      return;
    }
    acs__reference(p, t.start, t.end, 0);
    acs__p_next(p);
    /* a call or a tag: an imported function must not get its namespace as `this` */
    if (p->nrefs && p->refs[p->nrefs - 1].start == t.start) {
      p->lone_ref = (int32_t)p->nrefs - 1;
      p->lone_id = p->lone_start = t.start;
      p->lone_end = p->prev_end;
      lone_call(p);
    }
    return;
  default: unexpected(p); return;
  }
}

static void parse_lhs(P *p)
{
  parse_primary(p);
  for (;;) {
    if (p->err) return;
    if (acs__p_eat(p, P_DOT)) {
      if (p->tok.kind == TK_PRIVATE) acs__p_next(p);
      else acs__p_ident_name(p);
    } else if (acs__p_eat(p, P_QDOT)) {
      if (acs__p_punct(p, P_LPAREN)) parse_arguments(p);
      else if (acs__p_eat(p, P_LBRACK)) {
        acs__parse_expression(p);
        acs__p_expect(p, P_RBRACK);
      } else if (p->tok.kind == TK_PRIVATE) acs__p_next(p);
      else acs__p_ident_name(p);
    } else if (acs__p_punct(p, P_LBRACK)) {
      acs__p_next(p);
      acs__parse_expression(p);
      acs__p_expect(p, P_RBRACK);
    } else if (acs__p_punct(p, P_LPAREN)) {
      parse_arguments(p);
    } else if (p->tok.kind == TK_TEMPLATE || p->tok.kind == TK_TEMPLATE_HEAD) {
      parse_template(p);
    } else if (p->ts && acs__p_punct(p, P_BANG) && !p->tok.nl_before) {
      /* non-null assertion */
      bool lone = p->lone_end == p->prev_end;
      acs__edit_blank(p, p->tok.start, p->tok.end);
      acs__p_next(p);
      if (lone) {
        p->lone_end = p->prev_end;
        lone_call(p);
      }
    } else if (p->ts && acs__p_punct(p, P_LT)) {
      if (!acs__ts_try_type_args(p, true)) return;
    } else {
      return;
    }
  }
}

static void parse_postfix(P *p)
{
  parse_lhs(p);
  if ((acs__p_punct(p, P_INC) || acs__p_punct(p, P_DEC)) && !p->tok.nl_before) acs__p_next(p);
}

static bool starts_expression(P *p)
{
  if (p->tok.kind == TK_EOF) return false;
  if (p->tok.kind != TK_PUNCT) return !is_reserved(p, &p->tok) || acs__p_is(p, "this") ||
                                      acs__p_is(p, "function") || acs__p_is(p, "class") ||
                                      acs__p_is(p, "new") || acs__p_is(p, "null") ||
                                      acs__p_is(p, "true") || acs__p_is(p, "false") ||
                                      acs__p_is(p, "typeof") || acs__p_is(p, "void") ||
                                      acs__p_is(p, "delete") || acs__p_is(p, "import") ||
                                      acs__p_is(p, "super");
  switch (p->tok.punct) {
  case P_LPAREN: case P_LBRACK: case P_LBRACE: case P_PLUS: case P_MINUS: case P_BANG:
  case P_TILDE: case P_INC: case P_DEC: case P_SLASH: case P_SLASH_EQ: case P_LT:
    return true;
  default: return false;
  }
}

/* Async context. The engine resumes an async function from its own job
** queue, with no hook for us, so the context an await began in
** (AsyncLocalStorage's store) is put back by the code itself:
** `await E` becomes `M.a(await E)`, where reading M.a (before E runs)
** gives a function that restores the current context. Inside a try block
** the context is also kept in a variable for catch and finally, which a
** rejected await reaches without passing M.a. Scripts have no M. */
static bool async_context_on(P *p)
{
  return p->format != ACS__FMT_SCRIPT && !p->probe_script;
}

static void async_context_await(P *p, uint32_t at)
{
  if (!async_context_on(p) || p->err) return;
  char t[64];
  if (p->try_k) {
    snprintf(t, sizeof t, "\x01" "m.w(\x01" "k%u=\x01" "m.c(),", p->try_k - 1);
    p->try_used = true;
  } else {
    snprintf(t, sizeof t, "\x01" "m.a(");
  }
  acs__edit_insert(p, at, t);
  acs__edit_insert(p, p->prev_end, ")");
}

/* At the start of the block at `brace`: declare variable k and either take
** the current context into it or put it back. */
static void async_context_block(P *p, uint32_t brace, uint32_t k, bool restore)
{
  char t[96];
  if (restore) snprintf(t, sizeof t, "var \x01" "k%u;\x01" "m.s(\x01" "k%u);", k, k);
  else snprintf(t, sizeof t, "\x01" "k%u=\x01" "m.c();", k);
  acs__edit_insert(p, brace + 1, t);
}

static void parse_unary(P *p)
{
  if (p->err) return;
  if (p->tok.kind == TK_PUNCT) {
    switch (p->tok.punct) {
    case P_PLUS: case P_MINUS: case P_BANG: case P_TILDE: case P_INC: case P_DEC:
      acs__p_next(p);
      parse_unary(p);
      return;
    case P_LT:
      if (p->ts && !p->jsx) {
        /* <T>expr: a type assertion */
        uint32_t s = p->tok.start;
        acs__p_next(p);
        acs__ts_type(p);
        acs__p_expect(p, P_GT);
        acs__edit_blank(p, s, p->prev_end);
        parse_unary(p);
        return;
      }
      break;
    default: break;
    }
  } else if (acs__p_is(p, "typeof") || acs__p_is(p, "void") || acs__p_is(p, "delete")) {
    acs__p_next(p);
    parse_unary(p);
    return;
  } else if (acs__p_is(p, "await")) {
    bool keyword = p->in_async || (p->fn_depth == 0 && p->format != ACS__FMT_CJS &&
                                   p->format != ACS__FMT_SCRIPT);
    if (keyword) {
      acs__token nx = acs__p_peek(p);
      bool operand = !(nx.kind == TK_PUNCT && (nx.punct == P_RPAREN || nx.punct == P_RBRACK ||
                                               nx.punct == P_RBRACE || nx.punct == P_COMMA ||
                                               nx.punct == P_SEMI || nx.punct == P_COLON ||
                                               nx.punct == P_ASSIGN || nx.punct == P_DOT ||
                                               nx.punct == P_QDOT || nx.punct == P_ARROW)) &&
                     nx.kind != TK_EOF;
      if (p->in_async || operand) {
        if (p->fn_depth == 0) {
          p->has_tla = true;
          p->saw_esm = true;
        }
        uint32_t at = p->tok.start;
        acs__p_next(p);
        parse_unary(p);
        async_context_await(p, at);
        return;
      }
    }
  }
  parse_postfix(p);
}

static int binary_prec(P *p)
{
  if (p->tok.kind == TK_IDENT) {
    if (acs__p_is(p, "instanceof")) return 8;
    if (acs__p_is(p, "in")) return p->no_in ? 0 : 8;
    if (p->ts && (acs__p_is(p, "as") || acs__p_is(p, "satisfies")) && !p->tok.nl_before) return 8;
    return 0;
  }
  if (p->tok.kind != TK_PUNCT) return 0;
  switch (p->tok.punct) {
  case P_NULLISH: return 1;
  case P_OR: return 2;
  case P_AND: return 3;
  case P_PIPE: return 4;
  case P_CARET: return 5;
  case P_AMP: return 6;
  case P_EQ: case P_NE: case P_SEQ: case P_SNE: return 7;
  case P_LT: case P_GT: case P_LE: case P_GE: return 8;
  case P_SHL: case P_SAR: case P_SHR: return 9;
  case P_PLUS: case P_MINUS: return 10;
  case P_STAR: case P_SLASH: case P_PERCENT: return 11;
  case P_STARSTAR: return 12;
  default: return 0;
  }
}

static void parse_binary(P *p, int min)
{
  parse_unary(p);
  for (;;) {
    if (p->err) return;
    int prec = binary_prec(p);
    if (prec == 0 || prec < min) return;
    if (p->tok.kind == TK_IDENT && (acs__p_is(p, "as") || acs__p_is(p, "satisfies"))) {
      uint32_t s = p->tok.start;
      bool lone = p->lone_end == p->prev_end;
      acs__p_next(p);
      if (acs__p_is(p, "const")) acs__p_next(p);
      else acs__ts_type(p);
      if (lone) p->lone_end = p->prev_end; /* (f as T)() calls f */
      /* `x as T` ends a statement before a line that starts with ( [ or `;
      ** without the type, JS would read a call or an index: keep a ";" */
      bool hazard = p->tok.nl_before &&
                    ((p->tok.kind == TK_PUNCT && (p->tok.punct == P_LPAREN || p->tok.punct == P_LBRACK)) ||
                     p->tok.kind == TK_TEMPLATE || p->tok.kind == TK_TEMPLATE_HEAD);
      if (hazard && p->prev_end > s + 1) {
        acs__edit_blank(p, s, p->prev_end - 1);
        acs__edit_replace(p, p->prev_end - 1, p->prev_end, ";");
      } else {
        acs__edit_blank(p, s, p->prev_end);
      }
      continue;
    }
    bool right = p->tok.kind == TK_PUNCT && p->tok.punct == P_STARSTAR;
    acs__p_next(p);
    parse_binary(p, right ? prec : prec + 1);
  }
}

static bool is_assign_op(P *p)
{
  if (p->tok.kind != TK_PUNCT) return false;
  switch (p->tok.punct) {
  case P_ASSIGN: case P_PLUS_EQ: case P_MINUS_EQ: case P_STAR_EQ: case P_SLASH_EQ:
  case P_PERCENT_EQ: case P_STARSTAR_EQ: case P_SHL_EQ: case P_SAR_EQ: case P_SHR_EQ:
  case P_AMP_EQ: case P_PIPE_EQ: case P_CARET_EQ: case P_AND_EQ: case P_OR_EQ:
  case P_NULLISH_EQ:
    return true;
  default: return false;
  }
}

/* In .tsx, `<T,>(...) =>`, `<T extends U>(...) =>` and `<T = U,>` start a
** generic arrow function, not an element: an element name is never
** followed by "," "extends" or "=". */
static bool tsx_generic_arrow(P *p)
{
  if (!(p->ts && p->jsx && acs__p_punct(p, P_LT))) return false;
  acs__lexer save = p->L;
  acs__token a = acs__lex_next(&p->L, false);
  acs__token b = acs__lex_next(&p->L, false);
  p->L = save;
  if (a.kind != TK_IDENT) return false;
  return (b.kind == TK_PUNCT && (b.punct == P_COMMA || b.punct == P_ASSIGN)) || acs__tok_is(&p->L, &b, "extends");
}

void acs__parse_assign(P *p)
{
  bool cond_then = p->cond_then;
  p->cond_then = false;
  if (p->err) return;
  /* yield */
  if (p->in_generator && acs__p_is(p, "yield")) {
    acs__p_next(p);
    if (p->tok.nl_before) return;
    acs__p_eat(p, P_STAR);
    if (starts_expression(p)) acs__parse_assign(p);
    return;
  }
  /* arrow functions */
  if (acs__p_is(p, "async")) {
    acs__token nx = acs__p_peek(p);
    if (!nx.nl_before && (nx.kind == TK_IDENT || (nx.kind == TK_PUNCT && (nx.punct == P_LPAREN || nx.punct == P_LT)))) {
      mark m;
      acs__p_mark(p, &m);
      acs__p_next(p);
      if (!acs__tok_is(&p->L, &p->tok, "function") && arrow_here(p, true, cond_then)) return;
      acs__p_rewind(p, &m);
    }
  }
  if (acs__p_punct(p, P_LPAREN) || (p->ts && !p->jsx && acs__p_punct(p, P_LT)) || tsx_generic_arrow(p)) {
    if (arrow_here(p, false, cond_then)) return;
    if (p->err) return;
  } else if (is_binding_ident(p) && peek_punct(p, P_ARROW)) {
    if (arrow_here(p, false, cond_then)) return;
  }
  parse_binary(p, 1);
  if (p->err) return;
  if (acs__p_punct(p, P_QUESTION)) {
    acs__p_next(p);
    bool save = p->no_in;
    p->no_in = false;
    p->cond_then = true;
    acs__parse_assign(p);
    p->no_in = save;
    acs__p_expect(p, P_COLON);
    p->cond_then = cond_then;
    acs__parse_assign(p);
    return;
  }
  if (is_assign_op(p)) {
    acs__p_next(p);
    p->cond_then = cond_then;
    acs__parse_assign(p);
  }
}

void acs__parse_expression(P *p)
{
  acs__parse_assign(p);
  while (!p->err && acs__p_eat(p, P_COMMA)) acs__parse_assign(p);
}

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
      unexpected(p);
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
    bool ctx = for_await && async_context_on(p);
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
  if (f.used && !p->err) using_wrap(p, &f, p->tok.start);
  acs__p_expect(p, P_RBRACE);
}

static void parse_import_decl(P *p);
static void parse_export_decl(P *p);

/* function declaration; current token "function" (after async) */
static void parse_function_decl(P *p, uint32_t start, bool is_async, bool declare_name)
{
  acs__p_next(p);
  bool gen = acs__p_eat(p, P_STAR);
  if (is_binding_ident(p)) {
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
      if (using_binds(p, &nx)) {
        parse_using_decl(p, false);
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
        if (using_binds(p, &after)) {
          parse_using_decl(p, true);
          return;
        }
      }
    }
    if (acs__p_is(p, "var")) {
      parse_var_decl(p, true, false);
      consume_semicolon(p);
      return;
    }
    if (is_let_decl(p)) {
      parse_var_decl(p, false, false);
      consume_semicolon(p);
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
      consume_semicolon(p);
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
        unexpected(p);
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
      consume_semicolon(p);
      return;
    }
    if (acs__p_is(p, "break") || acs__p_is(p, "continue")) {
      acs__p_next(p);
      if (p->tok.kind == TK_IDENT && !p->tok.nl_before && !is_reserved(p, &p->tok)) acs__p_next(p);
      consume_semicolon(p);
      return;
    }
    if (acs__p_is(p, "debugger")) {
      acs__p_next(p);
      consume_semicolon(p);
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
      bool used = p->try_used && async_context_on(p);
      p->try_k = save_k;
      p->try_used = save_used;
      if (used) async_context_block(p, brace, k, false);
      if (acs__p_is(p, "catch")) {
        acs__p_next(p);
        acs__scope_push(p, SC_BLOCK);
        if (acs__p_eat(p, P_LPAREN)) {
          acs__parse_binding_target(p, p->cur_scope);
          if (p->ts && acs__p_punct(p, P_COLON)) acs__ts_blank_annotation(p);
          acs__p_expect(p, P_RPAREN);
        }
        if (used && acs__p_punct(p, P_LBRACE)) async_context_block(p, p->tok.start, k, true);
        acs__parse_block_body(p);
        acs__scope_pop(p);
      }
      if (acs__p_is(p, "finally")) {
        acs__p_next(p);
        if (used && acs__p_punct(p, P_LBRACE)) async_context_block(p, p->tok.start, k, true);
        acs__parse_block_body(p);
      }
      return;
    }
    if (acs__p_is(p, "import")) {
      acs__token nx = acs__p_peek(p);
      if (!(nx.kind == TK_PUNCT && (nx.punct == P_LPAREN || nx.punct == P_DOT))) {
        parse_import_decl(p);
        return;
      }
    }
    if (acs__p_is(p, "export")) {
      parse_export_decl(p);
      return;
    }
    if (p->ts && acs__ts_declaration(p, start, false)) return;
    /* labelled statement */
    if (!is_reserved(p, &t) && peek_punct(p, P_COLON)) {
      acs__p_next(p);
      acs__p_next(p);
      acs__parse_statement(p);
      return;
    }
  }
  acs__parse_expression(p);
  consume_semicolon(p);
}

/* ------------------------------------------------------------ modules */

static int32_t add_module(P *p, const acs__token *spec)
{
  char *s = acs__p_string_value(p, spec);
  if (!s) return -1;
  uint64_t h = acs__fnv1a(s);
  for (uint32_t i = 0; i < p->nmodules; i++)
    if (p->modules[i].hash == h && strcmp(p->modules[i].specifier, s) == 0) {
      free(s);
      return (int32_t)i;
    }
  dep d = {.specifier = s, .hash = h};
  PUSH(p, modules, nmodules, capmodules, d);
  return (int32_t)p->nmodules - 1;
}

/* `with { type: "json" }` (or the older `assert`) after a specifier. */
static bool parse_attributes(P *p)
{
  bool json = false;
  if (!((acs__p_is(p, "with") || acs__p_is(p, "assert")) && !p->tok.nl_before)) return false;
  acs__p_next(p);
  acs__p_expect(p, P_LBRACE);
  while (!p->err && !acs__p_punct(p, P_RBRACE)) {
    bool is_type = acs__p_is(p, "type") || (p->tok.kind == TK_STRING && p->tok.end - p->tok.start == 6 &&
                                            memcmp(p->src + p->tok.start + 1, "type", 4) == 0);
    acs__p_next(p);
    acs__p_expect(p, P_COLON);
    if (is_type && p->tok.kind == TK_STRING && p->tok.end - p->tok.start == 6 &&
        memcmp(p->src + p->tok.start + 1, "json", 4) == 0)
      json = true;
    if (p->tok.kind != TK_STRING) unexpected(p);
    acs__p_next(p);
    if (!acs__p_eat(p, P_COMMA)) break;
  }
  acs__p_expect(p, P_RBRACE);
  return json;
}

static char *name_text(P *p, const acs__token *t)
{
  return t->kind == TK_STRING ? acs__p_string_value(p, t) : acs__p_strndup(p, t->start, t->end);
}

static void add_binding(P *p, const acs__token *local, const char *imported, bool type_only)
{
  binding b = {.local_start = local->start, .local_end = local->end, .module = -1,
               .type_only = type_only};
  b.imported = imported ? strdup(imported) : NULL;
  if (!b.imported) {
    p->oom = p->err = true;
    return;
  }
  acs__declare(p, local->start, local->end, 0);
  PUSH(p, bindings, nbindings, capbindings, b);
}

static void parse_import_decl(P *p)
{
  uint32_t start = p->tok.start;
  bool saw_before = p->saw_esm, saw_module_before = p->saw_module;
  p->saw_esm = p->saw_module = true;
  acs__p_next(p);
  uint32_t first_binding = p->nbindings;
  bool type_only = false;
  /* import type X from / import type { } from */
  if (p->ts && acs__p_is(p, "type")) {
    acs__token nx = acs__p_peek(p);
    if (!(nx.kind == TK_IDENT && acs__tok_is(&p->L, &nx, "from")) &&
        !(nx.kind == TK_PUNCT && nx.punct == P_COMMA)) {
      acs__p_next(p);
      type_only = true;
    }
  }
  /* TS: import x = require("y") / import x = A.B (CommonJS-style: this
  ** form alone does not make the file a module) */
  if (p->ts && p->tok.kind == TK_IDENT && peek_punct(p, P_ASSIGN)) {
    p->saw_esm = saw_before;
    p->saw_module = saw_module_before;
    acs__token name = p->tok;
    acs__p_next(p);
    acs__p_next(p);
    if (acs__p_is(p, "require") && peek_punct(p, P_LPAREN)) {
      /* an ES module has no require: the module record's, same length
      ** (acs__subst_edits) */
      acs__edit_replace(p, p->tok.start, p->tok.end, "\x01require");
      acs__p_next(p);
      acs__p_next(p);
      acs__token spec = p->tok;
      if (spec.kind != TK_STRING) {
        unexpected(p);
        return;
      }
      acs__p_next(p);
      acs__p_expect(p, P_RPAREN);
      consume_semicolon(p);
      acs__add_import(p, ACS__IMP_REQUIRE, &spec);
      if (type_only) {
        acs__edit_blank(p, start, p->prev_end);
        return;
      }
      acs__declare(p, name.start, name.end, p->cur_scope);
      /* "import" and "const " have the same length */
      acs__edit_replace(p, start, start + 6, "const ");
      return;
    }
    /* an alias of a namespace member */
    acs__token q = p->tok;
    acs__parse_expression(p);
    consume_semicolon(p);
    (void)q;
    acs__declare(p, name.start, name.end, p->cur_scope);
    acs__edit_replace(p, start, start + 6, "const ");
    return;
  }
  if (p->tok.kind == TK_STRING) {
    /* import "x" */
    acs__token spec = p->tok;
    int32_t mod = add_module(p, &spec);
    acs__add_import(p, ACS__IMP_STATIC, &spec);
    acs__p_next(p);
    bool json = parse_attributes(p);
    if (mod >= 0) {
      p->modules[mod].side_effect = true;
      p->modules[mod].type_json |= json;
    }
    consume_semicolon(p);
    acs__edit_blank(p, start, p->prev_end);
    return;
  }
  if (is_binding_ident(p) && !acs__p_is(p, "from")) {
    acs__token local = p->tok;
    acs__p_next(p);
    add_binding(p, &local, "default", type_only);
    acs__p_eat(p, P_COMMA);
  } else if (acs__p_is(p, "from") && peek_punct(p, P_COMMA)) {
    acs__token local = p->tok;
    acs__p_next(p);
    add_binding(p, &local, "default", type_only);
    acs__p_eat(p, P_COMMA);
  } else if (acs__p_is(p, "from")) {
    acs__token nx = acs__p_peek(p);
    if (acs__tok_is(&p->L, &nx, "from")) {
      acs__token local = p->tok;
      acs__p_next(p);
      add_binding(p, &local, "default", type_only);
    }
  }
  if (acs__p_eat(p, P_STAR)) {
    if (!acs__p_is(p, "as")) {
      unexpected(p);
      return;
    }
    acs__p_next(p);
    acs__token local = p->tok;
    if (!is_binding_ident(p)) {
      unexpected(p);
      return;
    }
    acs__p_next(p);
    add_binding(p, &local, "*", type_only);
  } else if (acs__p_eat(p, P_LBRACE)) {
    while (!p->err && !acs__p_punct(p, P_RBRACE)) {
      bool spec_type = type_only;
      if (p->ts && acs__p_is(p, "type")) {
        acs__token nx = acs__p_peek(p);
        if (nx.kind == TK_IDENT || nx.kind == TK_STRING) {
          if (!(acs__tok_is(&p->L, &nx, "as") && false)) {
            acs__p_next(p);
            spec_type = true;
          }
        }
      }
      acs__token imported = p->tok;
      if (imported.kind != TK_IDENT && imported.kind != TK_STRING) {
        unexpected(p);
        return;
      }
      acs__p_next(p);
      acs__token local = imported;
      if (acs__p_is(p, "as")) {
        acs__p_next(p);
        local = p->tok;
        if (!is_binding_ident(p)) {
          unexpected(p);
          return;
        }
        acs__p_next(p);
      } else if (imported.kind == TK_STRING || is_reserved(p, &imported)) {
        unexpected(p);
        return;
      }
      char *name = name_text(p, &imported);
      if (name) add_binding(p, &local, name, spec_type);
      free(name);
      if (!acs__p_eat(p, P_COMMA)) break;
    }
    acs__p_expect(p, P_RBRACE);
  }
  if (!acs__p_is(p, "from")) {
    unexpected(p);
    return;
  }
  acs__p_next(p);
  acs__token spec = p->tok;
  if (spec.kind != TK_STRING) {
    unexpected(p);
    return;
  }
  acs__p_next(p);
  bool json = parse_attributes(p);
  consume_semicolon(p);
  if (p->err) return;
  int32_t mod = add_module(p, &spec);
  if (mod >= 0) p->modules[mod].type_json |= json;
  for (uint32_t i = first_binding; i < p->nbindings; i++) p->bindings[i].module = mod;
  if (!type_only) acs__add_import(p, ACS__IMP_STATIC, &spec);
  acs__edit_blank(p, start, p->prev_end);
}

/* An entry of the export list; pos (and anon_pos) for early errors, decl
** when a declaration exports it. A name exported twice stays twice (an
** early error, acs__module_early_errors) except in TypeScript when both are
** declarations of the same local: an overloaded function, a merged enum or
** namespace is exported once. */
static void add_export_at(P *p, char *name, char *local, int32_t module, uint32_t pos, uint32_t anon_pos,
                          bool decl)
{
  if (p->oom) return;
  for (uint32_t i = 0; p->ts && decl && name && i < p->nexports; i++) {
    exp *x = &p->exports[i];
    if (x->decl && x->name && !strcmp(x->name, name) && x->local && local && !strcmp(x->local, local)) {
      free(name);
      free(local);
      return;
    }
  }
  exp e = {.name = name, .local = local, .module = module, .pos = pos, .anon_pos = anon_pos, .decl = decl};
  PUSH(p, exports, nexports, capexports, e);
}

static void add_export(P *p, char *name, char *local, int32_t module, uint32_t pos)
{
  add_export_at(p, name, local, module, pos, pos, false);
}

static void export_declared_since(P *p, uint32_t first_decl)
{
  for (uint32_t i = first_decl; i < p->ndecls; i++) {
    if (p->decls[i].scope != 0) continue;
    add_export_at(p, acs__p_strndup(p, p->decls[i].start, p->decls[i].end),
                  acs__p_strndup(p, p->decls[i].start, p->decls[i].end), -1, p->decls[i].start,
                  p->decls[i].start, true);
  }
}

static void parse_export_decl(P *p)
{
  uint32_t start = p->tok.start;
  acs__token after = acs__p_peek(p);
  bool decl_follows = after.kind == TK_IDENT && !acs__tok_is(&p->L, &after, "default") &&
                      !acs__tok_is(&p->L, &after, "as");
  if (p->ns_depth > 0 && decl_follows) {
    /* inside a TS namespace: the names become properties of it */
    acs__p_next(p);
    acs__edit_blank(p, start, p->prev_end);
    uint32_t d0 = p->ndecls, e0 = p->nedits, decl_start = p->tok.start;
    if (!acs__ts_declaration(p, p->tok.start, true)) acs__parse_statement(p);
    for (uint32_t i = d0; i < p->ndecls; i++)
      if (p->decls[i].scope == p->cur_scope) PUSH(p, ns_exp, nns_exp, capns_exp, i);
    /* an exported type produced nothing: the whole statement is blank */
    for (uint32_t i = e0; i < p->nedits; i++)
      if (!p->edits[i].text && p->edits[i].start <= decl_start && p->edits[i].end >= p->prev_end) {
        acs__edit_blank(p, start, p->prev_end);
        break;
      }
    return;
  }
  p->saw_esm = p->saw_module = true;
  acs__p_next(p);
  uint32_t kw_end = p->prev_end;
  if (p->ts && acs__p_is(p, "type") && !peek_punct(p, P_ASSIGN)) {
    /* export type { A } [from "x"] / export type * [as ns] from "x" */
    acs__token nx = acs__p_peek(p);
    if (nx.kind == TK_PUNCT && (nx.punct == P_LBRACE || nx.punct == P_STAR)) {
      acs__p_next(p);
      if (acs__p_eat(p, P_STAR)) {
        if (acs__p_is(p, "as")) {
          acs__p_next(p);
          acs__p_next(p);
        }
      } else {
        acs__p_next(p);
        while (!p->err && !acs__p_punct(p, P_RBRACE) && p->tok.kind != TK_EOF) acs__p_next(p);
        acs__p_expect(p, P_RBRACE);
      }
      if (acs__p_is(p, "from")) {
        acs__p_next(p);
        if (p->tok.kind != TK_STRING) unexpected(p);
        acs__p_next(p);
        parse_attributes(p);
      }
      consume_semicolon(p);
      acs__edit_blank(p, start, p->prev_end);
      return;
    }
  }
  if (p->ts && acs__p_punct(p, P_ASSIGN)) {
    /* export = expr (CommonJS in TS) */
    acs__p_next(p);
    acs__edit_replace(p, start, p->prev_end, "module.exports =");
    acs__parse_expression(p);
    consume_semicolon(p);
    p->saw_esm = false;
    return;
  }
  if (p->ts && acs__p_is(p, "as")) {
    /* export as namespace X; */
    while (!p->err && !acs__p_punct(p, P_SEMI) && !p->tok.nl_before && p->tok.kind != TK_EOF) acs__p_next(p);
    acs__p_eat(p, P_SEMI);
    acs__edit_blank(p, start, p->prev_end);
    return;
  }
  if (p->ts && acs__p_is(p, "import")) {
    /* export import A = N.B */
    acs__edit_blank(p, start, kw_end);
    uint32_t d0 = p->ndecls;
    parse_import_decl(p);
    export_declared_since(p, d0);
    return;
  }
  if (acs__p_is(p, "default")) {
    uint32_t def_kw = p->tok.start;
    acs__p_next(p);
    uint32_t def_end = p->prev_end;
    bool is_async_fn = false;
    if (acs__p_is(p, "async")) {
      acs__token nx = acs__p_peek(p);
      is_async_fn = !nx.nl_before && acs__tok_is(&p->L, &nx, "function");
    }
    if (acs__p_is(p, "function") || is_async_fn) {
      uint32_t fstart = p->tok.start;
      if (is_async_fn) acs__p_next(p);
      acs__p_next(p);
      bool gen = acs__p_eat(p, P_STAR);
      acs__edit_blank(p, start, def_end);
      if (is_binding_ident(p)) {
        acs__declare(p, p->tok.start, p->tok.end, p->cur_scope);
        add_export_at(p, strdup("default"), acs__p_strndup(p, p->tok.start, p->tok.end), -1, def_kw, def_kw, true);
        acs__p_next(p);
      } else {
        /* anonymous: give it a name the export list can refer to; its
        ** .name is set to "default" when the module is linked */
        acs__edit_insert(p, p->prev_end, " \x01" "d");
        add_export_at(p, strdup("default"), strdup("\x01" "d"), -1, def_kw, fstart, false);
        p->default_fn_named = true;
      }
      acs__parse_function_rest(p, fstart, is_async_fn, gen, false);
      return;
    }
    if (acs__p_is(p, "class") || (p->ts && acs__p_is(p, "abstract"))) {
      if (acs__p_is(p, "abstract")) {
        acs__edit_blank(p, p->tok.start, p->tok.end);
        acs__p_next(p);
      }
      acs__edit_blank(p, start, def_end);
      acs__token nx = acs__p_peek(p);
      if (nx.kind == TK_IDENT && !acs__tok_is(&p->L, &nx, "extends") &&
          !acs__tok_is(&p->L, &nx, "implements")) {
        add_export(p, strdup("default"), acs__p_strndup(p, nx.start, nx.end), -1, def_kw);
        acs__parse_class(p, true, true);
      } else {
        acs__edit_insert(p, p->tok.end, " \x01" "d");
        add_export_at(p, strdup("default"), strdup("\x01" "d"), -1, def_kw, p->tok.start, false);
        if (p->nexports) p->exports[p->nexports - 1].fixed = true;
        /* a static block names the class "default", as the spec does */
        p->class_default_name = true;
        acs__parse_class(p, true, false);
      }
      return;
    }
    if (p->ts && acs__p_is(p, "interface")) {
      acs__ts_declaration(p, start, true);
      acs__edit_blank(p, start, p->prev_end);
      return;
    }
    /* an expression: `export default X` becomes `let <d> = {default:X}.default`,
    ** so that an anonymous function or class gets the name "default" */
    uint32_t head = p->nedits;
    acs__edit_replace(p, start, def_end, "let \x01" "d = {default:");
    add_export(p, strdup("default"), strdup("\x01" "d"), -1, def_kw);
    if (p->nexports) p->exports[p->nexports - 1].fixed = true;
    acs__token first = p->tok;
    acs__parse_assign(p);
    bool lone = p->ts && first.kind == TK_IDENT && !first.escaped && p->prev_end == first.end;
    uint32_t tail = p->nedits;
    acs__edit_insert(p, p->prev_end, "}.default");
    consume_semicolon(p);
    if (lone && !p->err && p->nedits > tail) {
      p->def_ident = true;
      p->def_start = start;
      p->def_end = p->prev_end;
      p->def_name_start = first.start;
      p->def_name_end = first.end;
      p->def_edit_head = head;
      p->def_edit_tail = tail;
    }
    return;
  }
  if (acs__p_eat(p, P_STAR)) {
    char *as = NULL;
    uint32_t as_pos = p->tok.start;
    if (acs__p_is(p, "as")) {
      acs__p_next(p);
      as_pos = p->tok.start;
      as = name_text(p, &p->tok);
      acs__p_next(p);
    }
    if (!acs__p_is(p, "from")) {
      free(as);
      unexpected(p);
      return;
    }
    acs__p_next(p);
    acs__token spec = p->tok;
    if (spec.kind != TK_STRING) {
      free(as);
      unexpected(p);
      return;
    }
    acs__p_next(p);
    parse_attributes(p);
    consume_semicolon(p);
    int32_t mod = add_module(p, &spec);
    acs__add_import(p, ACS__IMP_REEXPORT, &spec);
    if (mod >= 0) p->modules[mod].used = true;
    add_export(p, as, strdup("*"), mod, as_pos);
    acs__edit_blank(p, start, p->prev_end);
    return;
  }
  if (acs__p_punct(p, P_LBRACE)) {
    acs__p_next(p);
    uint32_t first = p->nexports;
    uint32_t first_ref = p->nrefs;
    while (!p->err && !acs__p_punct(p, P_RBRACE)) {
      bool spec_type = false;
      if (p->ts && acs__p_is(p, "type")) {
        acs__token nx = acs__p_peek(p);
        if (nx.kind == TK_IDENT || nx.kind == TK_STRING) {
          acs__p_next(p);
          spec_type = true;
        }
      }
      acs__token local = p->tok;
      if (local.kind != TK_IDENT && local.kind != TK_STRING) {
        unexpected(p);
        return;
      }
      acs__p_next(p);
      acs__token exported = local;
      if (acs__p_is(p, "as")) {
        acs__p_next(p);
        exported = p->tok;
        acs__p_next(p);
      }
      if (!spec_type) {
        add_export(p, name_text(p, &exported), name_text(p, &local), -1, local.start);
        if (local.kind == TK_IDENT) acs__reference(p, local.start, local.end, REF_EXPORT);
      }
      if (!acs__p_eat(p, P_COMMA)) break;
    }
    acs__p_expect(p, P_RBRACE);
    if (acs__p_is(p, "from")) {
      acs__p_next(p);
      acs__token spec = p->tok;
      if (spec.kind != TK_STRING) {
        unexpected(p);
        return;
      }
      acs__p_next(p);
      parse_attributes(p);
      int32_t mod = add_module(p, &spec);
      acs__add_import(p, ACS__IMP_REEXPORT, &spec);
      if (mod >= 0) p->modules[mod].used = true;
      for (uint32_t i = first; i < p->nexports; i++) p->exports[i].module = mod;
      /* these names are not local references */
      p->nrefs = first_ref;
    }
    consume_semicolon(p);
    acs__edit_blank(p, start, p->prev_end);
    return;
  }
  /* export <declaration> */
  acs__edit_blank(p, start, kw_end);
  uint32_t d0 = p->ndecls;
  if (p->ts && acs__ts_declaration(p, p->tok.start, true)) {
    export_declared_since(p, d0);
    return;
  }
  if (acs__p_is(p, "var") || acs__p_is(p, "let") || acs__p_is(p, "const") ||
      acs__p_is(p, "function") || acs__p_is(p, "async") || acs__p_is(p, "class")) {
    acs__token nx = acs__p_peek(p);
    bool is_const = acs__p_is(p, "const") && !(nx.kind == TK_IDENT && acs__tok_is(&p->L, &nx, "enum"));
    acs__parse_statement(p);
    uint32_t e0 = p->nexports;
    export_declared_since(p, d0);
    for (uint32_t i = e0; is_const && !p->oom && i < p->nexports; i++) p->exports[i].fixed = true;
    return;
  }
  unexpected(p);
}

void acs__parse_program(P *p)
{
  acs__p_next(p);
  while (!p->err && p->tok.kind != TK_EOF) acs__parse_statement(p);
}

/* ------------------------------------------------- module early errors */

static bool ident_byte(char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
         (unsigned char)c >= 0x80;
}

/* Where the engine points at a declaration that redeclares a name: the
** keyword of a function (`async` of an async one) or class declaration,
** else the name. */
static uint32_t redeclared_at(P *p, uint32_t name)
{
  uint32_t i = name;
  while (i > 0 && strchr(" \t\r\n*", p->src[i - 1])) i--;
  uint32_t e = i;
  while (i > 0 && ident_byte(p->src[i - 1])) i--;
  if (e - i == 5 && !memcmp(p->src + i, "class", 5)) return i;
  if (!(e - i == 8 && !memcmp(p->src + i, "function", 8))) return name;
  uint32_t k = i;
  while (k > 0 && (p->src[k - 1] == ' ' || p->src[k - 1] == '\t')) k--;
  if (k >= 5 && !memcmp(p->src + k - 5, "async", 5) && (k == 5 || !ident_byte(p->src[k - 6]))) return k - 5;
  return i;
}

static uint32_t name_hash(const char *s, size_t n)
{
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

/* The top-level declarations by name: an open-addressing table of decl
** indices (cap a power of two), each name's entries in declaration order. */
typedef struct top_names {
  int32_t *slot;
  uint32_t cap;
} top_names;

static bool top_names_init(P *p, top_names *t)
{
  uint32_t n = 0;
  for (uint32_t i = 0; i < p->ndecls; i++) n += p->decls[i].scope == 0;
  t->cap = 16;
  while (t->cap < n * 2 + 1) t->cap *= 2;
  t->slot = malloc(sizeof *t->slot * t->cap);
  if (!t->slot) return false;
  for (uint32_t i = 0; i < t->cap; i++) t->slot[i] = -1;
  for (uint32_t i = 0; i < p->ndecls; i++) {
    decl *d = &p->decls[i];
    if (d->scope != 0) continue;
    uint32_t h = name_hash(p->src + d->start, d->end - d->start) & (t->cap - 1);
    while (t->slot[h] >= 0) h = (h + 1) & (t->cap - 1);
    t->slot[h] = (int32_t)i;
  }
  return true;
}

/* The next top-level decl named s[0..n) after probe position *h (start
** with *h = UINT32_MAX), or -1. */
static int32_t top_names_next(P *p, const top_names *t, const char *s, size_t n, uint32_t *h)
{
  *h = *h == UINT32_MAX ? name_hash(s, n) & (t->cap - 1) : (*h + 1) & (t->cap - 1);
  for (; t->slot[*h] >= 0; *h = (*h + 1) & (t->cap - 1)) {
    decl *d = &p->decls[t->slot[*h]];
    if (d->end - d->start == n && !memcmp(p->src + d->start, s, n)) return t->slot[*h];
  }
  return -1;
}

static int cmp_export(const void *a, const void *b)
{
  const exp *x = *(const exp *const *)a, *y = *(const exp *const *)b;
  int c = strcmp(x->name, y->name);
  if (c) return c;
  return x->pos < y->pos ? -1 : x->pos > y->pos;
}

void acs__module_early_errors(P *p)
{
  if (p->err || p->oom) return;
  uint32_t best = UINT32_MAX;
  char msg[sizeof p->errmsg];
  msg[0] = 0;
  top_names t = {0};
  if (!top_names_init(p, &t)) {
    p->oom = p->err = true;
    return;
  }
  /* an import's name declared again at the top level (JavaScript only:
  ** TypeScript elides imports that are only types) */
  for (uint32_t b = 0; !p->ts && b < p->nbindings; b++) {
    binding *bd = &p->bindings[b];
    size_t n = bd->local_end - bd->local_start;
    uint32_t h = UINT32_MAX;
    int32_t di;
    while ((di = top_names_next(p, &t, p->src + bd->local_start, n, &h)) >= 0) {
      decl *d = &p->decls[di];
      if (d->start == bd->local_start) continue;
      uint32_t at = d->start > bd->local_start ? redeclared_at(p, d->start) : bd->local_start;
      if (at < best) {
        best = at;
        snprintf(msg, sizeof msg, "Identifier '%.*s' has already been declared", (int)n, p->src + bd->local_start);
      }
    }
  }
  /* a name exported twice: the engine stops at the second one */
  exp **v = malloc(sizeof *v * (p->nexports ? p->nexports : 1));
  if (!v) {
    free(t.slot);
    p->oom = p->err = true;
    return;
  }
  uint32_t nv = 0;
  for (uint32_t i = 0; i < p->nexports; i++)
    if (p->exports[i].name) v[nv++] = &p->exports[i];
  qsort(v, nv, sizeof *v, cmp_export);
  for (uint32_t i = 1; i < nv; i++) {
    if (strcmp(v[i - 1]->name, v[i]->name) || (i >= 2 && !strcmp(v[i - 2]->name, v[i]->name))) continue;
    const exp *a = v[i - 1], *x = v[i];
    /* two anonymous defaults both declare the engine's hidden `.default` */
    bool hidden = !strcmp(x->name, "default") && a->module < 0 && x->module < 0 && !strcmp(a->local, "\x01" "d") &&
                  !strcmp(x->local, "\x01" "d");
    uint32_t at = hidden ? x->anon_pos : x->pos;
    if (at < best) {
      best = at;
      if (hidden) snprintf(msg, sizeof msg, "Identifier '.default' has already been declared");
      else snprintf(msg, sizeof msg, "Duplicate export of '%s'", x->name);
    }
  }
  free(v);
  /* export { x } of a name the module does not declare (JavaScript: in
  ** TypeScript it may be a type, or declared `declare`) */
  if (best == UINT32_MAX && !p->ts) {
    for (uint32_t i = 0; i < p->nexports; i++) {
      exp *x = &p->exports[i];
      if (x->module >= 0 || !x->local || x->local[0] == '\x01' || x->pos >= best) continue;
      uint32_t h = UINT32_MAX;
      if (top_names_next(p, &t, x->local, strlen(x->local), &h) >= 0) continue;
      best = x->pos;
      snprintf(msg, sizeof msg, "Export '%s' is not defined in module", x->local);
    }
  }
  free(t.slot);
  if (best != UINT32_MAX) {
    p->err = true;
    memcpy(p->errmsg, msg, sizeof msg);
    p->err_pos = best;
  }
}
