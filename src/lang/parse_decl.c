/* parse_decl.c - the parser's declarations (see parse.c): functions (their
** parameters, TS parameter properties, bodies and `using` declarations),
** binding patterns, and classes. */
#include "internal.h"

#include "../base/base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------- functions */

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
void acs__using_wrap(P *p, const using_frame *f, uint32_t close)
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
bool acs__using_binds(P *p, const acs__token *t)
{
  return t->kind == TK_IDENT && !t->nl_before && !t->escaped && !acs__tok_is(&p->L, t, "in") &&
         !acs__tok_is(&p->L, t, "instanceof") && !acs__tok_is(&p->L, t, "of");
}

void acs__parse_using_decl(P *p, bool is_await)
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
  acs__p_consume_semicolon(p);
}

void acs__parse_function_body(P *p, bool is_ctor, const uint32_t *ps, const uint32_t *pe, int np)
{
  uint32_t open = p->tok.start;
  acs__p_expect(p, P_LBRACE);
  uint32_t after_super = 0;
  using_frame f = {.open = open + 1, .up = p->using_top};
  p->using_top = &f;
  bool prologue = true;
  while (!p->err && !acs__p_punct(p, P_RBRACE) && p->tok.kind != TK_EOF) {
    bool is_super = is_ctor && np && acs__p_is(p, "super") && acs__p_peek_punct(p, P_LPAREN);
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
  if (f.used && !p->err) acs__using_wrap(p, &f, p->tok.start);
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
  acs__parse_params(p, is_ctor, ps, pe, &np);
  if (p->ts && acs__p_punct(p, P_COLON)) acs__ts_blank_annotation(p);
  if (acs__p_punct(p, P_LBRACE)) {
    acs__parse_function_body(p, is_ctor, ps, pe, np);
  } else if (p->ts && start != UINT32_MAX) {
    /* an overload or ambient signature */
    if (acs__p_punct(p, P_SEMI)) acs__p_next(p);
    else if (!(p->tok.nl_before || acs__p_punct(p, P_RBRACE) || p->tok.kind == TK_EOF)) acs__p_unexpected(p);
    acs__edit_blank(p, start, p->prev_end);
  } else {
    acs__p_unexpected(p);
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

void acs__parse_params(P *p, bool is_ctor, uint32_t *ps, uint32_t *pe, int *np)
{
  acs__p_expect(p, P_LPAREN);
  int32_t sc = p->cur_scope;
  bool first = true;
  while (!p->err && !acs__p_punct(p, P_RPAREN)) {
    uint32_t pstart = p->tok.start;
    /* TS: `this: Type` is not a parameter at all. */
    if (p->ts && first && acs__p_is(p, "this") && acs__p_peek_punct(p, P_COLON)) {
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
        acs__p_unexpected(p);
      }
      if (acs__p_eat(p, P_ASSIGN)) acs__parse_assign(p);
      if (!acs__p_eat(p, P_COMMA)) break;
    }
    acs__p_expect(p, P_RBRACE);
  } else if (acs__p_is_binding_ident(p)) {
    acs__declare(p, p->tok.start, p->tok.end, scope);
    acs__p_next(p);
  } else {
    acs__p_unexpected(p);
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

void acs__parse_property_key(P *p)
{
  if (acs__p_eat(p, P_LBRACK)) {
    acs__parse_assign(p);
    acs__p_expect(p, P_RBRACK);
  } else if (p->tok.kind == TK_IDENT || p->tok.kind == TK_STRING || p->tok.kind == TK_NUMBER ||
             p->tok.kind == TK_BIGINT || p->tok.kind == TK_PRIVATE) {
    acs__p_next(p);
  } else {
    acs__p_unexpected(p);
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
  acs__parse_property_key(p);
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
  acs__p_consume_semicolon(p);
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

void acs__parse_class(P *p, bool is_decl, bool declare_name)
{
  acs__p_next(p); /* class */
  if (acs__p_is_binding_ident(p) && !acs__p_is(p, "implements") && !(acs__p_is(p, "extends") && !is_decl)) {
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
    acs__parse_lhs(p);
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
