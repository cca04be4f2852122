/* parse.c - the parser's tokens and speculation, shared by its parts:
** parse_decl.c (functions, patterns, classes), parse_expr.c (expressions),
** parse_stmt.c (statements, the program) and parse_module.c (imports,
** exports and the module's early errors). The reserved words and the small
** token tests are inline in internal.h.
**
** The parser parses ECMAScript 2025 (with the TypeScript and module hooks)
** without building a tree. Its products are side effects: edits (what to
** blank or rewrite), scopes with their declarations, identifier references,
** imports and exports. It is permissive where that costs nothing: the engine
** parses the output again and reports what we let through, at the same
** place. */
#include "internal.h"

#include "../base/base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- tokens */

void acs__p_check_lex_error(P *p)
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
  acs__p_check_lex_error(p);
}

bool acs__p_eat(P *p, acs__p punct)
{
  if (!acs__p_punct(p, punct)) return false;
  acs__p_next(p);
  return true;
}

void acs__p_unexpected(P *p)
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
  if (!acs__p_eat(p, punct)) acs__p_unexpected(p);
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

bool acs__p_ident_name(P *p)
{
  if (p->tok.kind != TK_IDENT) {
    acs__p_unexpected(p);
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
