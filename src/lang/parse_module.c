/* parse_module.c - the parser's import and export declarations (see
** parse.c), and after the parse the module's early errors: redeclared
** imports, duplicate and undeclared exports. */
#include "internal.h"

#include "../base/base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    if (p->tok.kind != TK_STRING) acs__p_unexpected(p);
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

void acs__parse_import_decl(P *p)
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
  if (p->ts && p->tok.kind == TK_IDENT && acs__p_peek_punct(p, P_ASSIGN)) {
    p->saw_esm = saw_before;
    p->saw_module = saw_module_before;
    acs__token name = p->tok;
    acs__p_next(p);
    acs__p_next(p);
    if (acs__p_is(p, "require") && acs__p_peek_punct(p, P_LPAREN)) {
      /* an ES module has no require: the module record's, same length
      ** (acs__subst_edits) */
      acs__edit_replace(p, p->tok.start, p->tok.end, "\x01require");
      acs__p_next(p);
      acs__p_next(p);
      acs__token spec = p->tok;
      if (spec.kind != TK_STRING) {
        acs__p_unexpected(p);
        return;
      }
      acs__p_next(p);
      acs__p_expect(p, P_RPAREN);
      acs__p_consume_semicolon(p);
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
    acs__p_consume_semicolon(p);
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
    acs__p_consume_semicolon(p);
    acs__edit_blank(p, start, p->prev_end);
    return;
  }
  if (acs__p_is_binding_ident(p) && !acs__p_is(p, "from")) {
    acs__token local = p->tok;
    acs__p_next(p);
    add_binding(p, &local, "default", type_only);
    acs__p_eat(p, P_COMMA);
  } else if (acs__p_is(p, "from") && acs__p_peek_punct(p, P_COMMA)) {
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
      acs__p_unexpected(p);
      return;
    }
    acs__p_next(p);
    acs__token local = p->tok;
    if (!acs__p_is_binding_ident(p)) {
      acs__p_unexpected(p);
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
        acs__p_unexpected(p);
        return;
      }
      acs__p_next(p);
      acs__token local = imported;
      if (acs__p_is(p, "as")) {
        acs__p_next(p);
        local = p->tok;
        if (!acs__p_is_binding_ident(p)) {
          acs__p_unexpected(p);
          return;
        }
        acs__p_next(p);
      } else if (imported.kind == TK_STRING || acs__p_is_reserved(p, &imported)) {
        acs__p_unexpected(p);
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
    acs__p_unexpected(p);
    return;
  }
  acs__p_next(p);
  acs__token spec = p->tok;
  if (spec.kind != TK_STRING) {
    acs__p_unexpected(p);
    return;
  }
  acs__p_next(p);
  bool json = parse_attributes(p);
  acs__p_consume_semicolon(p);
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
  bool indexed = p->ts && decl && name && local;
  uint32_t hash = indexed ? acs__bytes_hash(name, strlen(name)) : 0, probe = UINT32_MAX;
  for (int32_t i; indexed && (i = acs__ni_next(&p->decl_exports, hash, &probe)) >= 0;) {
    if ((uint32_t)i >= p->nexports) continue; /* rewound */
    exp *x = &p->exports[i];
    if (x->decl && x->name && !strcmp(x->name, name) && x->local && !strcmp(x->local, local)) {
      free(name);
      free(local);
      return;
    }
  }
  exp e = {.name = name, .local = local, .module = module, .pos = pos, .anon_pos = anon_pos, .decl = decl};
  uint32_t at = p->nexports;
  PUSH(p, exports, nexports, capexports, e);
  if (indexed && p->nexports > at) acs__ni_add(p, &p->decl_exports, hash, (int32_t)at);
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

void acs__parse_export_decl(P *p)
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
  if (p->ts && acs__p_is(p, "type") && !acs__p_peek_punct(p, P_ASSIGN)) {
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
        if (p->tok.kind != TK_STRING) acs__p_unexpected(p);
        acs__p_next(p);
        parse_attributes(p);
      }
      acs__p_consume_semicolon(p);
      acs__edit_blank(p, start, p->prev_end);
      return;
    }
  }
  if (p->ts && acs__p_punct(p, P_ASSIGN)) {
    /* export = expr (CommonJS in TS) */
    acs__p_next(p);
    acs__edit_replace(p, start, p->prev_end, "module.exports =");
    acs__parse_expression(p);
    acs__p_consume_semicolon(p);
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
    acs__parse_import_decl(p);
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
      if (acs__p_is_binding_ident(p)) {
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
    acs__p_consume_semicolon(p);
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
      acs__p_unexpected(p);
      return;
    }
    acs__p_next(p);
    acs__token spec = p->tok;
    if (spec.kind != TK_STRING) {
      free(as);
      acs__p_unexpected(p);
      return;
    }
    acs__p_next(p);
    parse_attributes(p);
    acs__p_consume_semicolon(p);
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
        acs__p_unexpected(p);
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
        acs__p_unexpected(p);
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
    acs__p_consume_semicolon(p);
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
  acs__p_unexpected(p);
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
    uint32_t h = acs__bytes_hash(p->src + d->start, d->end - d->start) & (t->cap - 1);
    while (t->slot[h] >= 0) h = (h + 1) & (t->cap - 1);
    t->slot[h] = (int32_t)i;
  }
  return true;
}

/* The next top-level decl named s[0..n) after probe position *h (start
** with *h = UINT32_MAX), or -1. */
static int32_t top_names_next(P *p, const top_names *t, const char *s, size_t n, uint32_t *h)
{
  *h = *h == UINT32_MAX ? acs__bytes_hash(s, n) & (t->cap - 1) : (*h + 1) & (t->cap - 1);
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
