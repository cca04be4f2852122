/* parse_expr.c - the parser's expressions (see parse.c): primaries,
** object, array and template literals, arrow functions, calls and members,
** unary (with the async context around await) and binary operators, and
** assignment. */
#include "internal.h"

#include "../base/base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* -------------------------------------------------------- expressions */

static void parse_unary(P *p);

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
      acs__p_unexpected(p);
      return;
    }
    p->tok = acs__lex_template_continue(&p->L, p->tok.start);
    acs__p_check_lex_error(p);
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
      acs__parse_property_key(p);
      if (acs__p_punct(p, P_LPAREN) || acs__p_punct(p, P_LT)) {
        acs__parse_function_rest(p, UINT32_MAX, is_async, is_gen, true);
      } else if (acs__p_eat(p, P_COLON)) {
        acs__parse_assign(p);
      } else if (plain_ident && !is_async && !is_gen && !accessor) {
        /* shorthand (and the cover grammar's `x = default`) */
        if (!acs__p_is_reserved(p, &key)) acs__reference(p, key.start, key.end, REF_SHORTHAND);
        if (acs__p_eat(p, P_ASSIGN)) acs__parse_assign(p);
      } else {
        acs__p_unexpected(p);
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
    acs__parse_params(p, false, ps, pe, &np);
    if (p->ts && !p->err && acs__p_punct(p, P_COLON)) {
      ret_colon = p->tok.start;
      acs__ts_blank_annotation(p);
    }
  } else if (acs__p_is_binding_ident(p)) {
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
      acs__parse_function_body(p, false, dummy, dummy, 0);
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
      acs__p_check_lex_error(p);
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
    acs__p_unexpected(p);
    return;
  case TK_IDENT:
    if (acs__p_is(p, "function")) {
      uint32_t start = p->tok.start;
      acs__p_next(p);
      bool gen = acs__p_eat(p, P_STAR);
      acs__scope_push(p, SC_FUNCTION); /* the name's own scope */
      if (acs__p_is_binding_ident(p)) {
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
        if (acs__p_is_binding_ident(p)) {
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
          acs__p_unexpected(p);
          return;
        }
        acs__p_next(p);
        p->saw_esm = p->saw_module = true;
        acs__edit_replace(p, start, p->prev_end, "\x01meta");
        return;
      }
      if (!acs__p_punct(p, P_LPAREN)) {
        acs__p_unexpected(p);
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
    if (acs__p_is_reserved(p, &t)) {
      acs__p_unexpected(p);
      return;
    }
    /* require("x") is found here too */
    if (acs__p_is(p, "require") && acs__p_peek_punct(p, P_LPAREN)) {
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
  default: acs__p_unexpected(p); return;
  }
}

void acs__parse_lhs(P *p)
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
  acs__parse_lhs(p);
  if ((acs__p_punct(p, P_INC) || acs__p_punct(p, P_DEC)) && !p->tok.nl_before) acs__p_next(p);
}

static bool starts_expression(P *p)
{
  if (p->tok.kind == TK_EOF) return false;
  if (p->tok.kind != TK_PUNCT) return !acs__p_is_reserved(p, &p->tok) || acs__p_is(p, "this") ||
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
bool acs__async_context_on(P *p)
{
  return p->format != ACS__FMT_SCRIPT && !p->probe_script;
}

static void async_context_await(P *p, uint32_t at)
{
  if (!acs__async_context_on(p) || p->err) return;
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
void acs__async_context_block(P *p, uint32_t brace, uint32_t k, bool restore)
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
  } else if (acs__p_is_binding_ident(p) && acs__p_peek_punct(p, P_ARROW)) {
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
