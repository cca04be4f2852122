/* internal.h - the parser's state, shared by the files of src/lang. */
#ifndef ACS_LANG_INTERNAL_H
#define ACS_LANG_INTERNAL_H

#include "lang.h"
#include "lexer.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* A change to the source: [start, end) becomes text, or blanks when text is
** NULL (every character a space, line terminators kept). */
typedef struct edit {
  uint32_t start, end;
  char *text;
} edit;

enum scope_kind { SC_MODULE, SC_FUNCTION, SC_BLOCK, SC_CLASS };

typedef struct scope {
  int32_t parent;
  uint8_t kind;
} scope;

/* A declared name (byte range of its identifier) in a scope. */
typedef struct decl {
  uint32_t start, end;
  int32_t scope;
} decl;

/* An index of names, so that a lookup by name costs the same in a file of
** 40 000 exports as in one of 4 (a scan of a list per name made the
** transform quadratic): open addressing over entry numbers, keyed by a
** 32-bit hash the caller computes (acs__bytes_hash); a lookup yields every
** entry of that hash, which the caller compares. Entries are never removed:
** one whose number is past the end of its list (a rewound speculation) or
** whose name differs is the caller's to skip. */
typedef struct name_index {
  struct ni_slot { uint32_t hash; int32_t entry; } *slot;
  uint32_t cap, n;
} name_index;
enum ref_flags {
  REF_SHORTHAND = 1, /* { x } in an object literal: becomes { x: ... } */
  REF_EXPORT = 2,    /* export { x }: names a local for the export list */
  REF_CALL = 4,      /* x(...) or x`...`: an import read keeps `this` undefined */
  REF_NS = 8,        /* rewritten to N.x (a member of a merged namespace): no import */
};

/* A member exported by a declaration of namespace N (its name at
** [ns_start, ns_end), declared in `scope`): a later declaration of N reads
** it as N.member. */
typedef struct nsm {
  uint32_t ns_start, ns_end, member; /* member: a decl index */
  int32_t scope;
} nsm;

/* An identifier read or written as a value. */
typedef struct ref {
  uint32_t start, end;
  int32_t scope;
  uint8_t flags;
} ref;

/* One binding of an import declaration. */
typedef struct binding {
  uint32_t local_start, local_end; /* the local name */
  char *imported;    /* "default", "*" for a namespace, or the name */
  int32_t module;    /* index into P->modules */
  bool used;         /* referenced as a value (TS keeps only those) */
  bool type_only;
} binding;

/* A module this one imports from (static imports and re-exports). */
typedef struct dep {
  char *specifier;
  uint64_t hash;    /* of specifier: compared first, as a module may import hundreds */
  bool type_json;
  bool side_effect; /* imported for effect: kept even with no used binding */
  bool used;        /* some value binding or re-export needs it */
} dep;

/* An entry of the export list. local is a local binding's name, or NULL
** with `module` >= 0 for re-exports (imported "*" for export *). */
typedef struct exp {
  char *name;      /* exported name; NULL for export * */
  char *local;     /* local name, or the imported name of a re-export */
  int32_t module;  /* -1 for local exports */
  uint32_t pos;    /* where an early error about it points: the name in
                      export { }, the declared name, `default` */
  uint32_t anon_pos; /* an anonymous default: its function/class keyword, or
                      `default` before an expression */
  bool decl;       /* from `export <declaration>` (TS may merge those) */
  bool fixed;      /* its local never changes once set: `export const`, the
                      hidden local of an anonymous default */
} exp;

/* A block (or function body) that holds `using` declarations: the
** transform wraps its statements in try/catch/finally (see parse_decl.c,
** acs__using_wrap). open: where the statements start; k: the variable of its
** disposal stack. */
typedef struct using_frame {
  uint32_t open, k;
  bool used, awaited;
  struct using_frame *up;
} using_frame;

typedef struct P {
  acs__lexer L;
  acs__token tok;
  uint32_t prev_end;
  const char *src;
  uint32_t len;
  bool ts, jsx;
  acs__lang_format format;
  bool saw_esm;    /* import/export syntax or top-level await seen */
  bool saw_module; /* import/export syntax or import.meta (not just await) */
  bool probe_script; /* parsing as a script to see whether one can be */
  bool has_tla;
  bool cjs_redeclared; /* a top-level let/const of a name the CJS wrapper binds */

  /* the token after p->tok, lexed by acs__p_peek from lexer state
  ** peek_from; acs__p_next takes it when it starts from the same state */
  acs__lexer peek_from, peek_after;
  acs__token peek_tok;
  bool peek_ok;

  /* context */
  bool in_async, in_generator;
  /* Async context (AsyncLocalStorage): the try statement whose catch and
  ** finally restore the context of its last await, as its variable's
  ** number + 1 (0: none in this function); whether an await used it; how
  ** many such variables there are. */
  uint32_t try_k, try_count;
  bool try_used;
  using_frame *using_top; /* the innermost block being parsed */
  int fn_depth;    /* 0 at the top level */
  bool no_in;      /* parsing a for-init: `in` is not an operator */
  bool heritage;
  bool cond_extends; /* in the extends clause of a conditional type */   /* parsing `extends X<T>`: "{" may follow type arguments */
  int spec;        /* > 0 while parsing speculatively */
  /* the next assignment expression is the consequent of a conditional (or
  ** its alternate, or an arrow body, inheriting that): there, as in
  ** TypeScript, `(x): T => y` is an arrow function only when a ":" follows
  ** it, so that `a ? (b) : c => c` keeps `(b)` as the consequent */
  bool cond_then;
  /* the last expression parsed as a bare identifier reference, perhaps in
  ** parentheses or with TS `!`/`as T`: refs[lone_ref] (its identifier at
  ** lone_id) spanning [lone_start, lone_end). A call of it is a call
  ** without `this`, also for `(f)()`. */
  int32_t lone_ref;
  uint32_t lone_id, lone_start, lone_end;

  /* error */
  bool err;
  char errmsg[200];
  uint32_t err_pos;
  uint32_t err_line, err_line_start;

  /* results under construction */
  edit *edits; uint32_t nedits, capedits;
  scope *scopes; uint32_t nscopes, capscopes;
  int32_t cur_scope;
  decl *decls; uint32_t ndecls, capdecls;
  ref *refs; uint32_t nrefs, caprefs;
  binding *bindings; uint32_t nbindings, capbindings;
  dep *modules; uint32_t nmodules, capmodules;
  exp *exports; uint32_t nexports, capexports;
  name_index decl_exports; /* TS: exports made by declarations, by name */
  acs__import *imports; uint32_t nimports, capimports;
  bool oom;
  /* where `export default` of an anonymous expression stored its value */
  bool has_default_var;
  bool default_fn_named;    /* export default function () {}: fix .name at link */
  bool class_default_name;  /* the class being parsed is export default class {} */
  /* an `accessor` field being lowered */
  bool pending_accessor, acc_static;
  uint32_t acc_key_start, acc_key_end, accessor_count;
  char acc_storage[32];
  /* counts statements that produce code, so that a namespace holding only
  ** types can be dropped whole */
  uint32_t value_stmts;
  /* inside a TS namespace body: exports become properties of it */
  int ns_depth;
  uint32_t *ns_exp; uint32_t nns_exp, capns_exp; /* decl indices exported from a namespace */
  nsm *nsms; uint32_t nnsms, capnsms; /* members of namespaces declared so far */
  char *jsx_factory, *jsx_fragment; /* owned; NULL: React.createElement / React.Fragment */
  bool jsx_used;
  int at_eof;        /* times the parser advanced from the end */
  uint32_t class_open; /* just after the "{" of the class being parsed, or 0 */
  uint8_t *no_arrow; /* bit per source byte: an arrow function failed to parse here */
  uint8_t *no_targs; /* ... type arguments failed to parse here */
  /* module-level names declared only as types (interfaces, type aliases,
  ** namespaces holding only types): `export { T }` of one exports nothing */
  decl *type_decls; uint32_t ntype_decls, captype_decls;
  /* TS `export default X;` of a lone identifier, which tsc drops when X is
  ** only a type: the statement, X, and the two edits that rewrote it */
  bool def_ident;
  uint32_t def_start, def_end, def_name_start, def_name_end, def_edit_head, def_edit_tail;
  /* enum members seen so far, "Enum\x1fmember", for merged declarations */
  char **enum_members; uint32_t nenum_members, capenum_members;
} P;

/* A saved parser position for speculation. */
typedef struct mark {
  acs__lexer L;
  acs__token tok;
  uint32_t prev_end;
  uint32_t nedits, nscopes, ndecls, nrefs, nbindings, nmodules, nexports, nimports;
  int32_t cur_scope;
  bool saw_esm, has_tla;
} mark;

/* parse.c: tokens and speculation (acs__p_error and acs__choose_prefix are
** util.c's) */
void acs__p_next(P *p);
/* Whether the current token is the identifier `word` (inline: with a
** literal, the length is a constant). */
static inline bool acs__p_is(P *p, const char *word) { return acs__tok_is(&p->L, &p->tok, word); }
static inline bool acs__p_punct(P *p, acs__p punct) { return p->tok.kind == TK_PUNCT && p->tok.punct == punct; }
bool acs__p_eat(P *p, acs__p punct);
void acs__p_expect(P *p, acs__p punct);
void acs__p_error(P *p, uint32_t pos, const char *fmt, ...);
void acs__p_check_lex_error(P *p); /* a lexer error at the current token becomes p->err */
void acs__p_unexpected(P *p);      /* the engine's error for the current token */
acs__token acs__p_peek(P *p);
void acs__p_mark(P *p, mark *m);
void acs__p_rewind(P *p, const mark *m);
char *acs__choose_prefix(P *p);
bool acs__p_ident_name(P *p); /* any identifier (keywords too), consumed */
/* The small token tests, inline in every part of the parser (they run for
** nearly every token). */
static inline bool acs__p_peek_punct(P *p, acs__p punct)
{
  acs__token t = acs__p_peek(p);
  return t.kind == TK_PUNCT && t.punct == punct;
}

static inline void acs__p_consume_semicolon(P *p)
{
  if (acs__p_eat(p, P_SEMI)) return;
  if (acs__p_punct(p, P_RBRACE) || p->tok.kind == TK_EOF || p->tok.nl_before) return;
  acs__p_unexpected(p);
}

/* Reserved words, found by length and first letter (this runs for every
** identifier, so it must not walk a list). */
static inline bool acs__p_is_reserved(P *p, const acs__token *t)
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
static inline bool acs__p_is_binding_ident(P *p) { return p->tok.kind == TK_IDENT && !acs__p_is_reserved(p, &p->tok); }

/* parse_decl.c: functions, patterns, classes */
void acs__parse_params(P *p, bool is_ctor, uint32_t *ps, uint32_t *pe, int *np);
void acs__parse_function_body(P *p, bool is_ctor, const uint32_t *ps, const uint32_t *pe, int np);
void acs__parse_function_rest(P *p, uint32_t start, bool is_async, bool is_gen, bool is_method);
void acs__using_wrap(P *p, const using_frame *f, uint32_t close);
bool acs__using_binds(P *p, const acs__token *t);
void acs__parse_using_decl(P *p, bool is_await);
void acs__parse_binding_target(P *p, int32_t scope);
void acs__parse_property_key(P *p);
void acs__parse_class(P *p, bool is_decl, bool declare_name);

/* parse_expr.c */
void acs__parse_expression(P *p);
void acs__parse_assign(P *p);
void acs__parse_lhs(P *p);
bool acs__async_context_on(P *p);
void acs__async_context_block(P *p, uint32_t brace, uint32_t k, bool restore);

/* parse_stmt.c */
void acs__parse_program(P *p);
void acs__parse_block_body(P *p);
void acs__parse_statement(P *p);

/* parse_module.c */
void acs__parse_import_decl(P *p);
void acs__parse_export_decl(P *p);
/* After the parse of a module: the early errors of its imports and exports
** (a redeclared import, a duplicate or undeclared export), as p->err. */
void acs__module_early_errors(P *p);

/* ts.c - types and the TypeScript-only declarations */
void acs__ts_type(P *p);                  /* a type, consumed (not blanked) */
void acs__ts_blank_annotation(P *p);      /* ": Type" at the current ":" */
bool acs__ts_try_type_args(P *p, bool in_expr); /* "<...>" before a call */
void acs__ts_type_args(P *p);             /* "<...>" at the current "<", consumed */
void acs__ts_type_params(P *p);           /* "<T, U extends X = Y>" */
bool acs__ts_declaration(P *p, uint32_t start, bool exported); /* interface, type, enum, ... */
bool acs__ts_is_modifier(P *p);
void acs__ts_enum(P *p, uint32_t start, bool is_const, bool exported);
void acs__ts_namespace(P *p, uint32_t start, bool exported);

/* scope.c */
int32_t acs__scope_push(P *p, int kind);
void acs__scope_pop(P *p);
void acs__declare(P *p, uint32_t start, uint32_t end, int32_t scope);
void acs__declare_var(P *p, uint32_t start, uint32_t end);
void acs__reference(P *p, uint32_t start, uint32_t end, uint8_t flags);
int32_t acs__function_scope(P *p);
/* After parsing: which refs name import bindings (and are not shadowed).
** Fills binding.used and returns, per ref, the binding index or -1. */
int32_t *acs__resolve_refs(P *p);

/* jsx.c */
void acs__jsx_element(P *p);
void acs__jsx_pragmas(P *p);

/* edit.c */
void acs__edit_blank(P *p, uint32_t start, uint32_t end);
void acs__edit_replace(P *p, uint32_t start, uint32_t end, const char *text);
void acs__edit_insert(P *p, uint32_t at, const char *text);
int acs__edit_apply(P *p, const char *prefix, const char *suffix, acs__lang_result *out);

/* esm.c / cjs.c */
int acs__esm_finish(P *p, acs__lang_result *out);
int acs__cjs_finish(P *p, acs__lang_result *out);

uint32_t acs__bytes_hash(const char *s, size_t n);
bool acs__ni_add(P *p, name_index *t, uint32_t hash, int32_t entry);
/* The next entry of hash after *probe (start with *probe = UINT32_MAX), or -1. */
int32_t acs__ni_next(const name_index *t, uint32_t hash, uint32_t *probe);
void acs__ni_free(name_index *t);

/* helpers */
void *acs__grow(P *p, void *arr, uint32_t *cap, uint32_t n, size_t size);
char *acs__p_strndup(P *p, uint32_t start, uint32_t end);
char *acs__p_string_value(P *p, const acs__token *t); /* decode a string literal */
bool acs__name_eq(P *p, uint32_t s1, uint32_t e1, uint32_t s2, uint32_t e2);
/* A hash of a name as acs__name_eq compares it (escapes decoded). */
uint32_t acs__name_hash(P *p, uint32_t start, uint32_t end);
void acs__add_import(P *p, acs__import_kind kind, const acs__token *t);

#define PUSH(p, arr, n, cap, item)                                                 \
  do {                                                                             \
    void *np_ = acs__grow((p), (p)->arr, &(p)->cap, (p)->n + 1, sizeof *(p)->arr); \
    if (np_) {                                                                     \
      (p)->arr = np_;                                                              \
      (p)->arr[(p)->n++] = (item);                                                 \
    }                                                                              \
  } while (0)

#endif
