/* lang.h - the source transform: TypeScript erasure, ES module rewrite,
** CommonJS wrapping, the import scan and syntax diagnostics, in one pass
** that keeps every line where it was. Internal API of src/lang. */
#ifndef ACS_LANG_H
#define ACS_LANG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum acs__lang_kind {
  ACS__LANG_JS,  /* .js .mjs .cjs */
  ACS__LANG_TS,  /* .ts .mts .cts */
  ACS__LANG_JSX, /* .jsx */
  ACS__LANG_TSX, /* .tsx */
} acs__lang_kind;

/* How the output will be run. */
typedef enum acs__lang_format {
  ACS__FMT_AUTO,   /* ESM if the source has import/export/TLA syntax, else CJS */
  ACS__FMT_ESM,
  ACS__FMT_CJS,
  ACS__FMT_SCRIPT, /* no wrapper at all: types erased, nothing else */
} acs__lang_format;

typedef enum acs__import_kind {
  ACS__IMP_STATIC,     /* import ... from "x" / import "x" */
  ACS__IMP_REEXPORT,   /* export ... from "x" */
  ACS__IMP_DYNAMIC,    /* import("x") with a literal */
  ACS__IMP_REQUIRE,    /* require("x") with a literal */
  ACS__IMP_DYNAMIC_COMPUTED, /* import(expr): specifier unknown */
  ACS__IMP_REQUIRE_COMPUTED, /* require(expr): specifier unknown */
} acs__import_kind;

typedef struct acs__import {
  acs__import_kind kind;
  char *specifier;      /* decoded string value; NULL when computed */
  uint32_t line, column; /* of the specifier (or the call) in the source */
  bool type_json;       /* with { type: "json" } */
} acs__import;

typedef struct acs__lang_opts {
  acs__lang_kind kind;
  acs__lang_format format;
  const char *filename; /* for messages; may be NULL */
  /* JSX factory names (classic runtime); NULL means React.createElement /
  ** React.Fragment. */
  const char *jsx_factory, *jsx_fragment;
} acs__lang_opts;

/* A column shift on one line: from generated column `gen_col` (1-based)
** on, the original column is the generated one minus `delta`. */
typedef struct acs__colshift {
  uint32_t line, gen_col;
  int32_t delta;
} acs__colshift;

/* A module the ESM output needs, in the order of the wrapper's parameters. */
typedef struct acs__lang_dep {
  char *specifier;
  bool type_json;
  bool star;             /* export * from it */
  char **names;          /* the names imported from it (not "*"): they must exist */
  size_t name_count;
} acs__lang_dep;

/* Output that the transform wrote itself (not the source's): on `line`,
** generated columns [col, end). For tests and tools. */
typedef struct acs__span {
  uint32_t line, col, end;
} acs__span;

typedef struct acs__lang_result {
  char *code;            /* the output, NUL-terminated */
  size_t code_len;
  acs__lang_format format; /* what was produced (AUTO resolved) */
  bool has_tla;          /* top-level await: the module body is async */
  bool exports_fixed;    /* ESM: every named export is a local that never
                            changes once set (see the shape below) */
  acs__import *imports;  /* in source order */
  size_t import_count;
  char **export_names;   /* CJS: names found the way cjs-module-lexer does;
                            ESM: the exported names */
  size_t export_count;
  char **reexports;      /* CJS: specifiers of `module.exports = require(x)` and
                            `__exportStar(require(x))` */
  size_t reexport_count;
  acs__lang_dep *deps;   /* ESM: modules, one wrapper parameter each */
  size_t dep_count;
  acs__colshift *shifts; /* sorted by line, gen_col */
  size_t shift_count;
  acs__span *generated;  /* where the output is ours, not the source's */
  size_t generated_count;
  /* A syntax error: message in the engine's words, 1-based position. */
  char *error;
  uint32_t error_line, error_column;
} acs__lang_result;

/* The shape of the output.
** ESM:  (function* (M, I0, I1, ...) {"use strict";M.x(X);yield;<source>
**       ;function X(){return {__proto__:null, name: () => local, ...}}})
**   (async function* for top-level await). The loader calls it with the
**   module's record M and the dependencies' namespace objects, runs it to
**   the yield (exports exist, hoisted functions too), then on to the end.
**   M.meta is import.meta, M.i(spec, opts) is import().
**   When every named export is fixed (exports_fixed), the source is followed
**   by `;M.f(local, ...)`, the exports' final values in export_names order
**   (nothing when there is none), which the body reaches when it completes.
** CJS:  (function (exports, require, module, __filename, __dirname, M) {<source>
**       })
** Every line of the source stays on its line; columns that moved are in
** `shifts`. M, I0, X are names the source does not use. */

/* Transform src (len bytes of UTF-8). Returns 0 with *out filled (out->error
** set and no code for a syntax error), or ACS_ENOMEM. The caller releases
** out with acs__lang_result_free. */
int acs__lang_transform(const char *src, size_t len, const acs__lang_opts *opts,
                        acs__lang_result *out);
void acs__lang_result_free(acs__lang_result *r);

/* The kind a file name implies (.ts, .tsx, ...). */
acs__lang_kind acs__lang_kind_of(const char *filename);

/* Map a generated column on a line back to the source's column. */
uint32_t acs__lang_map_column(const acs__colshift *shifts, size_t n, uint32_t line,
                              uint32_t gen_col);

#endif
