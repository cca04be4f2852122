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
** wherever the previous token cannot end an expression. */
typedef struct toks {
  acs__token *v;
  size_t n, cap;
} toks;

static void tokenize(P *p, toks *ts)
{
  acs__lexer L;
  acs__lex_init(&L, p->src, p->len);
  bool regex_ok = true;
  int depth = 0;
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
      ts->cap = ts->cap ? ts->cap * 2 : 256;
      acs__token *v = realloc(ts->v, sizeof *v * ts->cap);
      if (!v) break;
      ts->v = v;
    }
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

static bool is(P *p, const acs__token *t, const char *w) { return acs__tok_is(&p->L, t, w); }
static bool punct(const acs__token *t, acs__p x) { return t->kind == TK_PUNCT && t->punct == x; }

static char *tok_name(P *p, const acs__token *t)
{
  if (t->kind == TK_STRING) return acs__p_string_value(p, t);
  if (t->kind == TK_IDENT) return acs__p_strndup(p, t->start, t->end);
  return NULL;
}

/* `exports` or `module.exports` ending at index i; returns the index after. */
static size_t exports_ref(P *p, const toks *ts, size_t i)
{
  if (i < ts->n && is(p, &ts->v[i], "exports") && !(i > 0 && punct(&ts->v[i - 1], P_DOT))) return i + 1;
  if (i + 2 < ts->n && is(p, &ts->v[i], "module") && punct(&ts->v[i + 1], P_DOT) &&
      is(p, &ts->v[i + 2], "exports") && !(i > 0 && punct(&ts->v[i - 1], P_DOT)))
    return i + 3;
  return 0;
}

/* The descriptor at k: `value:`, or `[enumerable: true,] get[: function]()
** { return a.b.c; }` */
static bool define_ok(P *p, const toks *ts, size_t k)
{
  if (k < ts->n && is(p, &ts->v[k], "value")) return true;
  if (k + 3 < ts->n && is(p, &ts->v[k], "enumerable") && punct(&ts->v[k + 1], P_COLON) &&
      is(p, &ts->v[k + 2], "true") && punct(&ts->v[k + 3], P_COMMA))
    k += 4;
  if (k < ts->n && is(p, &ts->v[k], "value")) return true;
  if (!(k < ts->n && is(p, &ts->v[k], "get"))) return false;
  k++;
  if (k + 1 < ts->n && punct(&ts->v[k], P_COLON) && is(p, &ts->v[k + 1], "function")) k += 2;
  if (!(k + 3 < ts->n && punct(&ts->v[k], P_LPAREN) && punct(&ts->v[k + 1], P_RPAREN) &&
        punct(&ts->v[k + 2], P_LBRACE) && is(p, &ts->v[k + 3], "return")))
    return false;
  k += 4;
  if (!(k < ts->n && ts->v[k].kind == TK_IDENT)) return false;
  k++;
  while (k + 1 < ts->n && punct(&ts->v[k], P_DOT) && ts->v[k + 1].kind == TK_IDENT) k += 2;
  if (k < ts->n && punct(&ts->v[k], P_SEMI)) k++;
  return k < ts->n && punct(&ts->v[k], P_RBRACE);
}

static void scan_exports(P *p, names *ns, names *re)
{
  toks ts = {0};
  tokenize(p, &ts);
  for (size_t i = 0; i < ts.n; i++) {
    acs__token *t = &ts.v[i];
    size_t j = exports_ref(p, &ts, i);
    if (j) {
      /* exports.name = / exports["name"] = */
      if (j + 2 < ts.n && punct(&ts.v[j], P_DOT) && ts.v[j + 1].kind == TK_IDENT && punct(&ts.v[j + 2], P_ASSIGN))
        add_name(ns, tok_name(p, &ts.v[j + 1]));
      else if (j + 3 < ts.n && punct(&ts.v[j], P_LBRACK) && ts.v[j + 1].kind == TK_STRING &&
               punct(&ts.v[j + 2], P_RBRACK) && punct(&ts.v[j + 3], P_ASSIGN))
        add_name(ns, tok_name(p, &ts.v[j + 1]));
      else if (j + 1 < ts.n && punct(&ts.v[j], P_ASSIGN) && i + 1 < j &&
               is(p, &ts.v[i], "module")) {
        /* module.exports = { a, b: 1, "c": 2 } | require("x") */
        size_t k = j + 1;
        if (k + 3 < ts.n && is(p, &ts.v[k], "require") && punct(&ts.v[k + 1], P_LPAREN) &&
            ts.v[k + 2].kind == TK_STRING && punct(&ts.v[k + 3], P_RPAREN)) {
          add_name(re, tok_name(p, &ts.v[k + 2]));
        } else if (k < ts.n && punct(&ts.v[k], P_LBRACE)) {
          k++;
          while (k < ts.n) {
            if (ts.v[k].kind == TK_IDENT || ts.v[k].kind == TK_STRING) {
              char *nm = tok_name(p, &ts.v[k]);
              if (k + 1 < ts.n && (punct(&ts.v[k + 1], P_COMMA) || punct(&ts.v[k + 1], P_RBRACE))) {
                add_name(ns, nm);
                k += 1;
              } else if (k + 1 < ts.n && punct(&ts.v[k + 1], P_COLON)) {
                add_name(ns, nm);
                /* skip the value to the next comma at this depth */
                int d = 0;
                for (k += 2; k < ts.n; k++) {
                  acs__token *v = &ts.v[k];
                  if (punct(v, P_LPAREN) || punct(v, P_LBRACK) || punct(v, P_LBRACE)) d++;
                  else if (punct(v, P_RPAREN) || punct(v, P_RBRACK) || (punct(v, P_RBRACE) && d > 0)) d--;
                  else if (d == 0 && (punct(v, P_COMMA) || punct(v, P_RBRACE))) break;
                }
              } else {
                free(nm);
                break;
              }
              if (k < ts.n && punct(&ts.v[k], P_COMMA)) {
                k++;
                continue;
              }
              break;
            } else if (punct(&ts.v[k], P_ELLIPSIS) && k + 4 < ts.n && is(p, &ts.v[k + 1], "require") &&
                       punct(&ts.v[k + 2], P_LPAREN) && ts.v[k + 3].kind == TK_STRING &&
                       punct(&ts.v[k + 4], P_RPAREN)) {
              add_name(re, tok_name(p, &ts.v[k + 3]));
              k += 5;
              if (k < ts.n && punct(&ts.v[k], P_COMMA)) k++;
            } else {
              break;
            }
          }
        }
      }
    }
    /* Object.defineProperty(exports, "name", { value: ... }) or a getter
    ** that returns an identifier or member chain, as cjs-module-lexer
    ** accepts them */
    if (is(p, t, "defineProperty") && i >= 2 && punct(&ts.v[i - 1], P_DOT) && is(p, &ts.v[i - 2], "Object") &&
        i + 1 < ts.n && punct(&ts.v[i + 1], P_LPAREN)) {
      size_t k = exports_ref(p, &ts, i + 2);
      if (k && k + 3 < ts.n && punct(&ts.v[k], P_COMMA) && ts.v[k + 1].kind == TK_STRING &&
          punct(&ts.v[k + 2], P_COMMA) && punct(&ts.v[k + 3], P_LBRACE) && define_ok(p, &ts, k + 4))
        add_name(ns, tok_name(p, &ts.v[k + 1]));
    }
    /* __exportStar(require("x"), exports) and __export(require("x")) */
    if ((is(p, t, "__exportStar") || is(p, t, "__export")) && i + 5 < ts.n && punct(&ts.v[i + 1], P_LPAREN) &&
        is(p, &ts.v[i + 2], "require") && punct(&ts.v[i + 3], P_LPAREN) && ts.v[i + 4].kind == TK_STRING)
      add_name(re, tok_name(p, &ts.v[i + 4]));
  }
  free(ts.v);
}

int acs__cjs_finish(P *p, acs__lang_result *out)
{
  const char *pfx = "_$";
  char *chosen = NULL;
  {
    /* the same rule as ESM: a prefix the source never contains */
    char buf[32] = "_$";
    for (int n = 2; n < 30; n++) {
      bool found = false;
      for (uint32_t i = 0; i + (uint32_t)n <= p->len && !found; i++)
        if (p->src[i] == '_' && memcmp(p->src + i, buf, (size_t)n) == 0) found = true;
      if (!found) break;
      buf[n] = '$';
      buf[n + 1] = 0;
    }
    chosen = strdup(buf);
    if (chosen) pfx = chosen;
  }
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
