/* transform.c - acs__lang_transform(): parse once, then write the output
** in the requested format. */
#include "internal.h"

#include "../base/base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

acs__lang_kind acs__lang_kind_of(const char *filename)
{
  const char *dot = filename ? strrchr(filename, '.') : NULL;
  if (!dot) return ACS__LANG_JS;
  if (!strcmp(dot, ".ts") || !strcmp(dot, ".mts") || !strcmp(dot, ".cts")) return ACS__LANG_TS;
  if (!strcmp(dot, ".tsx")) return ACS__LANG_TSX;
  if (!strcmp(dot, ".jsx")) return ACS__LANG_JSX;
  return ACS__LANG_JS;
}

static void free_p(P *p)
{
  for (uint32_t i = 0; i < p->nedits; i++) free(p->edits[i].text);
  for (uint32_t i = 0; i < p->nbindings; i++) free(p->bindings[i].imported);
  for (uint32_t i = 0; i < p->nmodules; i++) free(p->modules[i].specifier);
  for (uint32_t i = 0; i < p->nexports; i++) {
    free(p->exports[i].name);
    free(p->exports[i].local);
  }
  free(p->edits);
  free(p->scopes);
  free(p->decls);
  free(p->refs);
  free(p->bindings);
  free(p->modules);
  free(p->exports);
  acs__ni_free(&p->decl_exports);
  free(p->nsms);
  free(p->ns_exp);
  free(p->type_decls);
  free(p->jsx_factory);
  free(p->jsx_fragment);
  free(p->no_arrow);
  free(p->no_targs);
  for (uint32_t i = 0; i < p->nenum_members; i++) free(p->enum_members[i]);
  free(p->enum_members);
}

static void set_error(P *p, acs__lang_result *out)
{
  uint32_t line = 1, ls = 0;
  for (uint32_t i = 0; i < p->err_pos && i < p->len; i++) {
    char c = p->src[i];
    if (c == '\n' || (c == '\r' && !(i + 1 < p->len && p->src[i + 1] == '\n'))) line++, ls = i + 1;
  }
  out->error = strdup(p->errmsg[0] ? p->errmsg : "Unexpected token");
  out->error_line = line;
  out->error_column = acs__lex_column(p->src, ls, p->err_pos < p->len ? p->err_pos : p->len);
}

/* A parse whose result is not used. */
static void discard(P *p)
{
  for (uint32_t i = 0; i < p->nimports; i++) free(p->imports[i].specifier);
  free(p->imports);
  free_p(p);
  free(p);
}

/* Parse src as format says (probe: as a script, to see whether it is one). */
static P *parse(const char *src, size_t len, const acs__lang_opts *opts, acs__lang_format format, bool probe)
{
  P *p = calloc(1, sizeof *p);
  if (!p) return NULL;
  p->src = src;
  p->len = (uint32_t)len;
  p->ts = opts->kind == ACS__LANG_TS || opts->kind == ACS__LANG_TSX;
  p->jsx = opts->kind == ACS__LANG_JSX || opts->kind == ACS__LANG_TSX;
  p->format = format;
  p->probe_script = probe;
  acs__lex_init(&p->L, src, (uint32_t)len);
  /* HTML-like comments exist in scripts only: plain JavaScript that is not
  ** known to be a module (a module with them is an error in Node) */
  p->L.html = opts->kind == ACS__LANG_JS && format != ACS__FMT_ESM;
  p->no_arrow = calloc(len / 8 + 1, 1);
  p->no_targs = calloc(len / 8 + 1, 1);
  p->lone_ref = -1;
  acs__scope_push(p, SC_MODULE);
  p->cur_scope = 0;
  /* A hashbang line would not survive the wrapper. */
  if (len >= 2 && src[0] == '#' && src[1] == '!') {
    uint32_t e = 0;
    while (e < len && src[e] != '\n' && src[e] != '\r') e++;
    acs__edit_blank(p, 0, e);
  }
  if (p->jsx) {
    if (opts->jsx_factory) p->jsx_factory = strdup(opts->jsx_factory);
    if (opts->jsx_fragment) p->jsx_fragment = strdup(opts->jsx_fragment);
    acs__jsx_pragmas(p);
  }
  acs__parse_program(p);
  return p;
}

int acs__lang_transform(const char *src, size_t len, const acs__lang_opts *opts, acs__lang_result *out)
{
  memset(out, 0, sizeof *out);
  if (len > UINT32_MAX - 16) {
    out->error = strdup("Source is too large (4 GiB at most)");
    out->error_line = out->error_column = 1;
    return out->error ? 0 : ACS_ENOMEM;
  }
  P *p = parse(src, len, opts, opts->format, false);
  if (!p) return ACS_ENOMEM;
  /* JavaScript that is a module only for a top-level `await`: Node reads it
  ** as CommonJS first (`await(x)` may call a function named await) and as
  ** a module only when that fails; so do we */
  if (opts->format == ACS__FMT_AUTO && !p->ts && !p->err && !p->oom && p->has_tla && !p->saw_module) {
    P *q = parse(src, len, opts, ACS__FMT_CJS, true);
    if (q && !q->err && !q->oom) {
      discard(p);
      p = q;
    } else if (q) {
      discard(q);
    }
  }

  int rc = 0;
  if (p->oom) {
    rc = ACS_ENOMEM;
  } else if (p->err) {
    set_error(p, out);
  } else {
    acs__lang_format fmt = p->format;
    if (fmt == ACS__FMT_AUTO) fmt = p->saw_esm || p->cjs_redeclared ? ACS__FMT_ESM : ACS__FMT_CJS;
    if ((fmt == ACS__FMT_CJS || fmt == ACS__FMT_SCRIPT) && (p->nbindings || p->nexports)) {
      /* V8's words for whichever comes first: an import statement, or an
      ** export (`export ... from` included) */
      uint32_t imp_line = UINT32_MAX, exp_line = UINT32_MAX, exp_pos = UINT32_MAX;
      for (uint32_t i = 0; i < p->nimports; i++) {
        uint32_t l = p->imports[i].line;
        if (p->imports[i].kind == ACS__IMP_STATIC && l < imp_line) imp_line = l;
        if (p->imports[i].kind == ACS__IMP_REEXPORT && l < exp_line) exp_line = l;
      }
      for (uint32_t i = 0; i < p->nexports; i++)
        if (p->exports[i].pos < exp_pos) exp_pos = p->exports[i].pos;
      if (exp_pos != UINT32_MAX) {
        uint32_t l = 1;
        for (uint32_t i = 0; i < exp_pos && i < p->len; i++) l += p->src[i] == '\n';
        if (l < exp_line) exp_line = l;
      }
      snprintf(p->errmsg, sizeof p->errmsg, "%s",
               imp_line <= exp_line ? "Cannot use import statement outside a module" : "Unexpected token 'export'");
      /* at the start of that statement's line (V8 points at its keyword) */
      uint32_t want = imp_line < exp_line ? imp_line : exp_line, at = 0;
      for (uint32_t l = 1; want != UINT32_MAX && l < want && at < p->len; at++) l += p->src[at] == '\n';
      p->err_pos = at;
      set_error(p, out);
    } else {
      if (fmt == ACS__FMT_ESM) acs__module_early_errors(p);
      if (p->oom) {
        rc = ACS_ENOMEM;
      } else if (p->err) {
        set_error(p, out);
      } else {
        p->format = fmt;
        out->format = fmt;
        out->has_tla = p->has_tla;
        int r = fmt == ACS__FMT_ESM ? acs__esm_finish(p, out) : acs__cjs_finish(p, out);
        if (r) rc = ACS_ENOMEM;
      }
    }
  }
  out->imports = p->imports;
  out->import_count = p->nimports;
  p->imports = NULL;
  free_p(p);
  free(p);
  if (rc) acs__lang_result_free(out);
  return rc;
}

void acs__lang_result_free(acs__lang_result *r)
{
  if (!r) return;
  free(r->code);
  for (size_t i = 0; i < r->import_count; i++) free(r->imports[i].specifier);
  free(r->imports);
  for (size_t i = 0; i < r->export_count; i++) free(r->export_names[i]);
  free(r->export_names);
  for (size_t i = 0; i < r->reexport_count; i++) free(r->reexports[i]);
  free(r->reexports);
  for (size_t i = 0; i < r->dep_count; i++) {
    free(r->deps[i].specifier);
    for (size_t k = 0; k < r->deps[i].name_count; k++) free(r->deps[i].names[k]);
    free(r->deps[i].names);
  }
  free(r->deps);
  free(r->shifts);
  free(r->generated);
  free(r->error);
  memset(r, 0, sizeof *r);
}
