/* cjs.c - the CommonJS output: Node's wrapper around the source, and the
** names it exports found the way Node's cjs-module-lexer finds them, so
** that `import { x } from "./file.cjs"` works. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int acs__subst_edits(P *p, const char *pfx, bool esm, const int32_t *param);

typedef struct names {
  char **v;
  size_t n, cap;
} names;

static void add_name(names *ns, char *s)
{
  if (!s) return;
  for (size_t i = 0; i < ns->n; i++)
    if (!strcmp(ns->v[i], s)) {
      free(s);
      return;
    }
  if (ns->n == ns->cap) {
    ns->cap = ns->cap ? ns->cap * 2 : 8;
    char **v = realloc(ns->v, sizeof *v * ns->cap);
    if (!v) {
      free(s);
      return;
    }
    ns->v = v;
  }
  ns->v[ns->n++] = s;
}

/* A flat token list of the source, with "/" read as a regular expression
** wherever the previous token cannot end an expression, and each token's
** depth in parentheses, braces and template substitutions (brackets do not
** count: cjs-module-lexer's "top level" is depth 0 in this sense). */
typedef struct toks {
  acs__token *v;
  uint32_t *depth;
  size_t n, cap;
} toks;

static void tokenize(P *p, toks *ts)
{
  acs__lexer L;
  acs__lex_init(&L, p->src, p->len);
  bool regex_ok = true;
  int depth = 0;
  uint32_t nest = 0;
  /* template nesting: brace depths at which a substitution is open */
  int tpl[64];
  int ntpl = 0;
  for (;;) {
    acs__token t = acs__lex_next(&L, regex_ok);
    if (t.kind == TK_EOF || t.kind == TK_ERROR) break;
    if (t.kind == TK_PUNCT && t.punct == P_RBRACE && ntpl > 0 && tpl[ntpl - 1] == depth) {
      ntpl--;
      t = acs__lex_template_continue(&L, t.start);
      if (t.kind == TK_ERROR) break;
    }
    if (t.kind == TK_TEMPLATE_HEAD || t.kind == TK_TEMPLATE_MIDDLE) {
      if (ntpl < 64) tpl[ntpl++] = depth;
    }
    if (t.kind == TK_PUNCT && t.punct == P_LBRACE) depth++;
    if (t.kind == TK_PUNCT && t.punct == P_RBRACE) depth--;
    if (ts->n == ts->cap) {
      size_t cap = ts->cap ? ts->cap * 2 : 256;
      acs__token *v = realloc(ts->v, sizeof *v * cap);
      if (!v) break;
      ts->v = v;
      uint32_t *d = realloc(ts->depth, sizeof *d * cap);
      if (!d) break;
      ts->depth = d;
      ts->cap = cap;
    }
    bool closes = (t.kind == TK_PUNCT && (t.punct == P_RPAREN || t.punct == P_RBRACE)) ||
                  t.kind == TK_TEMPLATE_MIDDLE || t.kind == TK_TEMPLATE_TAIL;
    bool opens = (t.kind == TK_PUNCT && (t.punct == P_LPAREN || t.punct == P_LBRACE)) ||
                 t.kind == TK_TEMPLATE_HEAD || t.kind == TK_TEMPLATE_MIDDLE;
    if (closes && nest > 0) nest--;
    ts->depth[ts->n] = nest;
    if (opens) nest++;
    ts->v[ts->n++] = t;
    if (t.kind == TK_PUNCT)
      regex_ok = !(t.punct == P_RPAREN || t.punct == P_RBRACK || t.punct == P_RBRACE ||
                   t.punct == P_INC || t.punct == P_DEC);
    else if (t.kind == TK_IDENT)
      regex_ok = acs__tok_is(&L, &t, "return") || acs__tok_is(&L, &t, "typeof") ||
                 acs__tok_is(&L, &t, "case") || acs__tok_is(&L, &t, "do") ||
                 acs__tok_is(&L, &t, "else") || acs__tok_is(&L, &t, "in") ||
                 acs__tok_is(&L, &t, "of") || acs__tok_is(&L, &t, "new") ||
                 acs__tok_is(&L, &t, "delete") || acs__tok_is(&L, &t, "void") ||
                 acs__tok_is(&L, &t, "throw") || acs__tok_is(&L, &t, "yield") ||
                 acs__tok_is(&L, &t, "await");
    else
      regex_ok = false;
  }
}

/* The state of the export scan: the tokens, the names found so far, and
** the top-level `var x = require("y")` bindings that an
** `Object.keys(x).forEach(...)` re-export block may name. */
typedef struct scan {
  P *p;
  const toks *t;
  names ns, unsafe, re;
  size_t *star; /* pairs of token indices: the variable, the specifier */
  size_t nstar, capstar;
} scan;

static const acs__token *at(const scan *s, size_t k) { return k < s->t->n ? &s->t->v[k] : NULL; }

/* the identifier `w` */
static bool W(const scan *s, size_t k, const char *w)
{
  const acs__token *t = at(s, k);
  return t && acs__tok_is(&s->p->L, t, w);
}

static bool PU(const scan *s, size_t k, acs__p x)
{
  const acs__token *t = at(s, k);
  return t && t->kind == TK_PUNCT && t->punct == x;
}

/* an identifier as the lexer reads them: no \u escapes */
static bool ID(const scan *s, size_t k)
{
  const acs__token *t = at(s, k);
  return t && t->kind == TK_IDENT && !t->escaped;
}

static bool STR(const scan *s, size_t k)
{
  const acs__token *t = at(s, k);
  return t && t->kind == TK_STRING;
}

/* the same identifier at a and b */
static bool SAME(const scan *s, size_t a, size_t b)
{
  return ID(s, a) && ID(s, b) &&
         acs__name_eq(s->p, s->t->v[a].start, s->t->v[a].end, s->t->v[b].start, s->t->v[b].end);
}

/* a string literal whose text between the quotes is `raw` */
static bool STR_IS(const scan *s, size_t k, const char *raw)
{
  if (!STR(s, k)) return false;
  const acs__token *t = &s->t->v[k];
  size_t n = strlen(raw);
  return t->end - t->start == n + 2 && memcmp(s->p->src + t->start + 1, raw, n) == 0;
}

/* `=` as the lexer sees it: the first character of =, == or === */
static bool ASSIGNISH(const scan *s, size_t k)
{
  return PU(s, k, P_ASSIGN) || PU(s, k, P_EQ) || PU(s, k, P_SEQ);
}

/* token k starts where token k-1 ends */
static bool touching(const scan *s, size_t k)
{
  return k > 0 && k < s->t->n && s->t->v[k].start == s->t->v[k - 1].end;
}

/* only spaces between tokens k-1 and k */
static bool spaced(const scan *s, size_t k)
{
  if (k == 0 || k >= s->t->n) return false;
  for (uint32_t i = s->t->v[k - 1].end; i < s->t->v[k].start; i++)
    if (s->p->src[i] != ' ') return false;
  return true;
}

/* `require("x")` at k (x at k + 2) */
static bool REQ(const scan *s, size_t k)
{
  return W(s, k, "require") && PU(s, k + 1, P_LPAREN) && STR(s, k + 2) && PU(s, k + 3, P_RPAREN);
}

/* The value of a string literal as a name: UTF-8, NULL when it holds a
** lone surrogate (the lexer drops those). */
static char *str_name(P *p, const acs__token *t)
{
  char *v = acs__p_string_value(p, t);
  if (!v) return NULL;
  /* acs__p_string_value writes surrogates as 3-byte sequences (ED A0..BF
  ** xx): join the pairs, refuse the rest */
  unsigned char *r = (unsigned char *)v, *w = r;
  while (*r) {
    if (r[0] == 0xED && r[1] >= 0xA0 && r[1] <= 0xBF) {
      if (r[2] && r[1] <= 0xAF && r[3] == 0xED && r[4] >= 0xB0 && r[4] <= 0xBF && r[5]) {
        uint32_t hi = 0xD000u | ((uint32_t)(r[1] & 0x3F) << 6) | (r[2] & 0x3F);
        uint32_t lo = 0xD000u | ((uint32_t)(r[4] & 0x3F) << 6) | (r[5] & 0x3F);
        uint32_t cp = 0x10000u + ((hi - 0xD800u) << 10) + (lo - 0xDC00u);
        *w++ = (unsigned char)(0xF0 | (cp >> 18));
        *w++ = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
        *w++ = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        *w++ = (unsigned char)(0x80 | (cp & 0x3F));
        r += 6;
        continue;
      }
      free(v);
      return NULL;
    }
    *w++ = *r++;
  }
  *w = 0;
  return v;
}

static void add_tok(scan *s, names *ns, size_t k)
{
  const acs__token *t = &s->t->v[k];
  add_name(ns, t->kind == TK_STRING ? str_name(s->p, t) : acs__p_strndup(s->p, t->start, t->end));
}

/* `exports` or `module.exports` at i (not after a "."); returns the index
** after it, 0 when there is none. */
static size_t exports_ref(const scan *s, size_t i)
{
  if (i > 0 && (PU(s, i - 1, P_DOT) || PU(s, i - 1, P_QDOT))) return 0;
  if (W(s, i, "exports")) return i + 1;
  if (W(s, i, "module") && PU(s, i + 1, P_DOT) && W(s, i + 2, "exports")) return i + 3;
  return 0;
}

/* The descriptor of Object.defineProperty(exports, "name", {k...: a
** `value:` one, or a getter returning an identifier or one member of it:
** `[enumerable: true,] get[: function [name]]() { return a[.b | ["b"]][;] }[,] })` */
static bool define_ok(const scan *s, size_t k)
{
  if (W(s, k, "enumerable") && PU(s, k + 1, P_COLON) && W(s, k + 2, "true") && PU(s, k + 3, P_COMMA)) k += 4;
  if (W(s, k, "value") && PU(s, k + 1, P_COLON)) return true;
  if (!W(s, k, "get")) return false;
  k++;
  if (PU(s, k, P_COLON)) {
    if (!W(s, k + 1, "function")) return false;
    k += 2;
    if (ID(s, k)) k++;
  }
  if (!(PU(s, k, P_LPAREN) && PU(s, k + 1, P_RPAREN) && PU(s, k + 2, P_LBRACE) && W(s, k + 3, "return") &&
        ID(s, k + 4)))
    return false;
  k += 5;
  if (PU(s, k, P_DOT) && ID(s, k + 1)) k += 2;
  else if (PU(s, k, P_LBRACK) && STR(s, k + 1) && PU(s, k + 2, P_RBRACK)) k += 3;
  if (PU(s, k, P_SEMI)) k++;
  if (!PU(s, k, P_RBRACE)) return false;
  k++;
  if (PU(s, k, P_COMMA)) k++;
  return PU(s, k, P_RBRACE) && PU(s, k + 1, P_RPAREN);
}

/* `module.exports = {` ... with k after the "{": the lexer takes `name`,
** `name: ident`, `"name": ident` and `...ident` / `...require("x")`, and
** stops at anything else (a value that is not a lone identifier among
** them), keeping what it found before. */
static void literal_exports(scan *s, size_t k)
{
  for (;;) {
    size_t next;
    if (ID(s, k) || STR(s, k)) {
      if (PU(s, k + 1, P_COLON)) {
        if (!ID(s, k + 2)) return;
        add_tok(s, &s->ns, k);
        /* after the value, no space before the "," or "}" */
        next = k + 3;
        if (!touching(s, next)) return;
      } else {
        if (ID(s, k)) add_tok(s, &s->ns, k);
        next = k + 1;
      }
    } else if (PU(s, k, P_ELLIPSIS) && touching(s, k + 1)) {
      if (REQ(s, k + 1)) {
        add_tok(s, &s->re, k + 3);
        next = k + 5;
      } else if (ID(s, k + 1)) {
        next = k + 2;
      } else {
        return;
      }
    } else {
      return;
    }
    if (!PU(s, next, P_COMMA)) return;
    k = next + 1;
  }
}

/* Babel's `export * from`: Object.keys(X).forEach(function (K) { guard
** body }) at k; returns X's token index, or 0. The guard is
**   if (K === "default" || K === "__esModule") return;
**     [if (Object[.prototype].hasOwnProperty.call(N, K)) return;]
**     [if (K in EXPORTS && EXPORTS[K] === X[K]) return;]
** or
**   if (K !== "default" [&& !(Object[.prototype].hasOwnProperty.call(N, K)
**                             | N.hasOwnProperty(K))])
** and the body EXPORTS[K] = X[K]; or Object.defineProperty(EXPORTS, K,
** { enumerable: true, get[: function [name]]() { return X[K]; } }); */
static bool has_own(const scan *s, size_t *kp, size_t key)
{
  size_t k = *kp;
  if (W(s, k, "Object")) {
    k++;
    if (PU(s, k, P_DOT) && W(s, k + 1, "prototype")) k += 2;
    if (!(PU(s, k, P_DOT) && W(s, k + 1, "hasOwnProperty") && PU(s, k + 2, P_DOT) && W(s, k + 3, "call") &&
          PU(s, k + 4, P_LPAREN) && ID(s, k + 5) && PU(s, k + 6, P_COMMA) && SAME(s, k + 7, key) &&
          PU(s, k + 8, P_RPAREN)))
      return false;
    *kp = k + 9;
    return true;
  }
  if (ID(s, k) && PU(s, k + 1, P_DOT) && W(s, k + 2, "hasOwnProperty") && PU(s, k + 3, P_LPAREN) &&
      SAME(s, k + 4, key) && PU(s, k + 5, P_RPAREN)) {
    *kp = k + 6;
    return true;
  }
  return false;
}

static size_t star_lib(const scan *s, size_t k)
{
  if (!(W(s, k, "Object") && PU(s, k + 1, P_DOT) && W(s, k + 2, "keys") && PU(s, k + 3, P_LPAREN) &&
        ID(s, k + 4) && PU(s, k + 5, P_RPAREN) && PU(s, k + 6, P_DOT) && W(s, k + 7, "forEach") &&
        PU(s, k + 8, P_LPAREN) && W(s, k + 9, "function") && PU(s, k + 10, P_LPAREN) && ID(s, k + 11) &&
        PU(s, k + 12, P_RPAREN) && PU(s, k + 13, P_LBRACE)))
    return 0;
  size_t x = k + 4, key = k + 11;
  k += 14;
  if (!(W(s, k, "if") && PU(s, k + 1, P_LPAREN) && SAME(s, k + 2, key))) return 0;
  if (PU(s, k + 3, P_SEQ) && STR_IS(s, k + 4, "default") && PU(s, k + 5, P_OR) && SAME(s, k + 6, key) &&
      PU(s, k + 7, P_SEQ) && STR_IS(s, k + 8, "__esModule") && PU(s, k + 9, P_RPAREN) && W(s, k + 10, "return")) {
    k += 11;
    if (PU(s, k, P_SEMI)) k++;
    if (W(s, k, "if") && PU(s, k + 1, P_LPAREN) && W(s, k + 2, "Object")) {
      k += 2;
      if (!(has_own(s, &k, key) && PU(s, k, P_RPAREN) && W(s, k + 1, "return"))) return 0;
      k += 2;
      if (PU(s, k, P_SEMI)) k++;
    }
    if (W(s, k, "if") && PU(s, k + 1, P_LPAREN) && SAME(s, k + 2, key) && W(s, k + 3, "in")) {
      size_t e1 = exports_ref(s, k + 4);
      if (!(e1 && PU(s, e1, P_AND))) return 0;
      size_t e2 = exports_ref(s, e1 + 1);
      if (!(e2 && PU(s, e2, P_LBRACK) && SAME(s, e2 + 1, key) && PU(s, e2 + 2, P_RBRACK) &&
            PU(s, e2 + 3, P_SEQ) && SAME(s, e2 + 4, x) && PU(s, e2 + 5, P_LBRACK) && SAME(s, e2 + 6, key) &&
            PU(s, e2 + 7, P_RBRACK) && PU(s, e2 + 8, P_RPAREN) && W(s, e2 + 9, "return")))
        return 0;
      k = e2 + 10;
      if (PU(s, k, P_SEMI)) k++;
    }
  } else if (PU(s, k + 3, P_SNE) && STR_IS(s, k + 4, "default")) {
    k += 5;
    if (PU(s, k, P_AND)) {
      if (!PU(s, k + 1, P_BANG)) return 0;
      k += 2;
      if (!has_own(s, &k, key)) return 0;
    }
    if (!PU(s, k, P_RPAREN)) return 0;
    k++;
  } else {
    return 0;
  }
  size_t e = exports_ref(s, k);
  if (e) {
    if (!(PU(s, e, P_LBRACK) && SAME(s, e + 1, key) && PU(s, e + 2, P_RBRACK) && PU(s, e + 3, P_ASSIGN) &&
          SAME(s, e + 4, x) && PU(s, e + 5, P_LBRACK) && SAME(s, e + 6, key) && PU(s, e + 7, P_RBRACK)))
      return 0;
    k = e + 8;
  } else if (W(s, k, "Object") && PU(s, k + 1, P_DOT) && W(s, k + 2, "defineProperty") && PU(s, k + 3, P_LPAREN)) {
    e = exports_ref(s, k + 4);
    if (!(e && PU(s, e, P_COMMA) && SAME(s, e + 1, key) && PU(s, e + 2, P_COMMA) && PU(s, e + 3, P_LBRACE) &&
          W(s, e + 4, "enumerable") && PU(s, e + 5, P_COLON) && W(s, e + 6, "true") && PU(s, e + 7, P_COMMA) &&
          W(s, e + 8, "get")))
      return 0;
    k = e + 9;
    if (PU(s, k, P_COLON)) {
      if (!W(s, k + 1, "function")) return 0;
      k += 2;
      if (ID(s, k)) k++;
    }
    if (!(PU(s, k, P_LPAREN) && PU(s, k + 1, P_RPAREN) && PU(s, k + 2, P_LBRACE) && W(s, k + 3, "return") &&
          SAME(s, k + 4, x) && PU(s, k + 5, P_LBRACK) && SAME(s, k + 6, key) && PU(s, k + 7, P_RBRACK)))
      return 0;
    k += 8;
    if (PU(s, k, P_SEMI)) k++;
    if (!PU(s, k, P_RBRACE)) return 0;
    k++;
    if (PU(s, k, P_COMMA)) k++;
    if (!(PU(s, k, P_RBRACE) && PU(s, k + 1, P_RPAREN))) return 0;
    k += 2;
  } else {
    return 0;
  }
  if (PU(s, k, P_SEMI)) k++;
  return PU(s, k, P_RBRACE) && PU(s, k + 1, P_RPAREN) ? x : 0;
}

/* `var X = [_interopRequireWildcard(]require("y")` at the top level, the
** lexer allowing only spaces (not tabs, newlines or comments) between its
** first tokens */
static void star_binding(scan *s, size_t i)
{
  if (!(W(s, i, "var") || W(s, i, "let") || W(s, i, "const"))) return;
  if (!(ID(s, i + 1) && spaced(s, i + 1) && PU(s, i + 2, P_ASSIGN) && spaced(s, i + 2) && spaced(s, i + 3)))
    return;
  size_t k = i + 3;
  if (W(s, k, "_interopRequireWildcard") && PU(s, k + 1, P_LPAREN) && touching(s, k + 1) && touching(s, k + 2))
    k += 2;
  if (!REQ(s, k)) return;
  if (s->nstar + 2 > s->capstar) {
    size_t cap = s->capstar ? s->capstar * 2 : 16;
    size_t *v = realloc(s->star, sizeof *v * cap);
    if (!v) return;
    s->star = v;
    s->capstar = cap;
  }
  s->star[s->nstar++] = i + 1;
  s->star[s->nstar++] = k + 2;
}

/* `module.exports` with the assignment at j: it replaces what earlier
** re-exports gave; `= require("x")` and `= {...}` give names. */
static void module_exports_assigned(scan *s, size_t j)
{
  for (size_t r = 0; r < s->re.n; r++) free(s->re.v[r]);
  s->re.n = 0;
  if (PU(s, j, P_ASSIGN)) {
    if (REQ(s, j + 1)) add_tok(s, &s->re, j + 3);
    else if (PU(s, j + 1, P_LBRACE)) literal_exports(s, j + 2);
  }
}

static void scan_exports(P *p, names *ns, names *re)
{
  toks ts = {0};
  tokenize(p, &ts);
  scan sc = {.p = p, .t = &ts};
  scan *s = &sc;
  for (size_t i = 0; i < ts.n; i++) {
    size_t j = exports_ref(s, i);
    if (j) {
      /* exports.name = / exports["name"] = */
      if (PU(s, j, P_DOT) && ID(s, j + 1) && ASSIGNISH(s, j + 2)) {
        add_tok(s, &s->ns, j + 1);
      } else if (PU(s, j, P_LBRACK) && STR(s, j + 1) && PU(s, j + 2, P_RBRACK) && ASSIGNISH(s, j + 3)) {
        add_tok(s, &s->ns, j + 1);
      } else if (ASSIGNISH(s, j) && W(s, i, "module")) {
        module_exports_assigned(s, j);
      }
      continue;
    }
    /* TypeScript's `export = x` is `module.exports = x` in the output,
    ** which is what Node's lexer reads */
    if (p->ts && ts.depth[i] == 0 && W(s, i, "export") && PU(s, i + 1, P_ASSIGN)) {
      module_exports_assigned(s, i + 1);
      continue;
    }
    /* Object.defineProperty(exports, "name", {...}): a name when the
    ** descriptor is one the lexer knows, else never a name (even one that
    ** `exports.name =` gives) */
    if (W(s, i, "Object") && PU(s, i + 1, P_DOT) && W(s, i + 2, "defineProperty") && PU(s, i + 3, P_LPAREN)) {
      size_t k = exports_ref(s, i + 4);
      if (k && PU(s, k, P_COMMA) && STR(s, k + 1)) {
        if (PU(s, k + 2, P_COMMA) && PU(s, k + 3, P_LBRACE) && define_ok(s, k + 4)) add_tok(s, &s->ns, k + 1);
        else add_tok(s, &s->unsafe, k + 1);
      }
      continue;
    }
    if (ts.depth[i] != 0) continue;
    /* __exportStar(require("x"), exports) and __export(require("x")), with
    ** nothing between their first three tokens */
    if ((W(s, i, "__exportStar") || W(s, i, "__export")) && PU(s, i + 1, P_LPAREN) && touching(s, i + 1) &&
        touching(s, i + 2) && REQ(s, i + 2)) {
      add_tok(s, &s->re, i + 4);
      continue;
    }
    star_binding(s, i);
    size_t x = star_lib(s, i);
    if (x) {
      for (size_t b = s->nstar; b >= 2; b -= 2)
        if (SAME(s, s->star[b - 2], x)) {
          add_tok(s, &s->re, s->star[b - 1]);
          break;
        }
    }
  }
  /* a name with a getter the lexer cannot read is never an export */
  size_t n = 0;
  for (size_t a = 0; a < s->ns.n; a++) {
    bool drop = false;
    for (size_t b = 0; b < s->unsafe.n && !drop; b++) drop = !strcmp(s->ns.v[a], s->unsafe.v[b]);
    if (drop) free(s->ns.v[a]);
    else s->ns.v[n++] = s->ns.v[a];
  }
  s->ns.n = n;
  for (size_t b = 0; b < s->unsafe.n; b++) free(s->unsafe.v[b]);
  free(s->unsafe.v);
  free(s->star);
  free(ts.v);
  free(ts.depth);
  *ns = s->ns;
  *re = s->re;
}

int acs__cjs_finish(P *p, acs__lang_result *out)
{
  const char *pfx = "_$";
  char *chosen = acs__choose_prefix(p);
  if (chosen) pfx = chosen;
  if (acs__subst_edits(p, pfx, false, NULL)) {
    free(chosen);
    p->oom = true;
    return -1;
  }
  char head[160];
  if (p->format == ACS__FMT_SCRIPT) head[0] = 0;
  else snprintf(head, sizeof head, "(function (exports, require, module, __filename, __dirname, %sm) {", pfx);
  int rc = acs__edit_apply(p, head, p->format == ACS__FMT_SCRIPT ? "" : "\n})", out);
  free(chosen);
  if (rc) {
    p->oom = true;
    return -1;
  }
  names ns = {0}, re = {0};
  scan_exports(p, &ns, &re);
  out->export_names = ns.v;
  out->export_count = ns.n;
  out->reexports = re.v;
  out->reexport_count = re.n;
  return 0;
}
