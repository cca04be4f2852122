/* transform.c - `acs transform FILE`: print what the runtime would run. */
#include "cli.h"

#include "../base/base.h"
#include "../lang/lang.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char transform_help[] =
    "usage: acs transform [--format auto|esm|cjs|script] [--ts|--js] [--json] FILE\n"
    "\n"
    "Print FILE as the sandbox runs it: TypeScript erased, an ES module rewritten\n"
    "for the module loader, CommonJS wrapped. Every line stays on its line.\n"
    "  --format F   the output's shape (default: auto, ESM when the file has\n"
    "               import/export/top-level await)\n"
    "  --ts, --js   read FILE as TypeScript / JavaScript (default: by extension)\n"
    "  --json       print {code, format, imports, exports, deps, shifts} instead\n"
    "exit status: 0, 1 for a syntax error (printed as FILE:LINE:COL: message), 2 for\n"
    "a usage error.\n";

static const char *kind_names[] = {"static", "reexport", "dynamic", "require", "dynamic-computed",
                                   "require-computed"};

int acs__cli_transform(int argc, char **argv)
{
  acs__lang_opts o = {.kind = ACS__LANG_JS, .format = ACS__FMT_AUTO};
  const char *file = NULL;
  bool json = false, kind_set = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(transform_help, stdout);
      return 0;
    } else if (!strcmp(a, "--json")) {
      json = true;
    } else if (!strcmp(a, "--ts")) {
      o.kind = ACS__LANG_TS, kind_set = true;
    } else if (!strcmp(a, "--js")) {
      o.kind = ACS__LANG_JS, kind_set = true;
    } else if (!strcmp(a, "--format") && i + 1 < argc) {
      const char *f = argv[++i];
      if (!strcmp(f, "auto")) o.format = ACS__FMT_AUTO;
      else if (!strcmp(f, "esm")) o.format = ACS__FMT_ESM;
      else if (!strcmp(f, "cjs")) o.format = ACS__FMT_CJS;
      else if (!strcmp(f, "script")) o.format = ACS__FMT_SCRIPT;
      else {
        fprintf(stderr, "acs transform: --format takes auto, esm, cjs or script, not '%s'\n", f);
        return 2;
      }
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "acs transform: unknown option '%s'\n%s", a, transform_help);
      return 2;
    } else if (file) {
      fprintf(stderr, "acs transform: one FILE only\n");
      return 2;
    } else {
      file = a;
    }
  }
  if (!file) {
    fputs(transform_help, stderr);
    return 2;
  }
  if (!kind_set) o.kind = acs__lang_kind_of(file);
  o.filename = file;
  char *src;
  size_t len;
  int rc = !strcmp(file, "-") ? acs__read_file("/dev/stdin", &src, &len) : acs__read_file(file, &src, &len);
  if (rc) {
    fprintf(stderr, "acs transform: cannot read %s: %s\n", file, strerror(-rc));
    return 2;
  }
  acs__lang_result r;
  if (acs__lang_transform(src, len, &o, &r)) {
    fprintf(stderr, "acs transform: out of memory\n");
    free(src);
    return 3;
  }
  int status = 0;
  if (r.error) {
    fprintf(stderr, "%s:%u:%u: SyntaxError: %s\n", file, r.error_line, r.error_column, r.error);
    status = 1;
  } else if (!json) {
    fwrite(r.code, 1, r.code_len, stdout);
    if (r.code_len && r.code[r.code_len - 1] != '\n') putchar('\n');
  } else {
    json_t *j = json_object();
    json_object_set_new(j, "code", json_stringn(r.code, r.code_len));
    json_object_set_new(j, "format", json_string(r.format == ACS__FMT_ESM ? "esm" : r.format == ACS__FMT_CJS ? "cjs" : "script"));
    json_object_set_new(j, "tla", json_boolean(r.has_tla));
    json_t *im = json_array();
    for (size_t i = 0; i < r.import_count; i++)
      json_array_append_new(im, json_pack("{s:s,s:o,s:i,s:i}", "kind", kind_names[r.imports[i].kind], "specifier",
                                          r.imports[i].specifier ? json_string(r.imports[i].specifier) : json_null(),
                                          "line", (int)r.imports[i].line, "column", (int)r.imports[i].column));
    json_object_set_new(j, "imports", im);
    json_t *ex = json_array();
    for (size_t i = 0; i < r.export_count; i++) json_array_append_new(ex, json_string(r.export_names[i]));
    json_object_set_new(j, "exports", ex);
    json_t *re = json_array();
    for (size_t i = 0; i < r.reexport_count; i++) json_array_append_new(re, json_string(r.reexports[i]));
    json_object_set_new(j, "reexports", re);
    json_t *deps = json_array();
    for (size_t i = 0; i < r.dep_count; i++)
    {
      json_t *names = json_array();
      for (size_t k = 0; k < r.deps[i].name_count; k++) json_array_append_new(names, json_string(r.deps[i].names[k]));
      json_array_append_new(deps, json_pack("{s:s,s:b,s:b,s:o}", "specifier", r.deps[i].specifier, "json",
                                            r.deps[i].type_json, "star", r.deps[i].star, "names", names));
    }
    json_object_set_new(j, "deps", deps);
    json_t *sh = json_array();
    for (size_t i = 0; i < r.shift_count; i++)
      json_array_append_new(sh, json_pack("[i,i,i]", (int)r.shifts[i].line, (int)r.shifts[i].gen_col, (int)r.shifts[i].delta));
    json_object_set_new(j, "shifts", sh);
    json_t *gen = json_array();
    for (size_t i = 0; i < r.generated_count; i++)
      json_array_append_new(gen, json_pack("[i,i,i]", (int)r.generated[i].line, (int)r.generated[i].col,
                                           (int)r.generated[i].end));
    json_object_set_new(j, "generated", gen);
    char *s = json_dumps(j, JSON_INDENT(1));
    if (s) puts(s);
    free(s);
    json_decref(j);
  }
  acs__lang_result_free(&r);
  free(src);
  return status;
}
