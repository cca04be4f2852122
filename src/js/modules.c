/* modules.c - host functions of the module system: the source transform,
** evaluating a transformed module, and column mapping for stacks. The
** loader itself (resolution, the module graph) is JS in src/js/lib. */
#include "runtime_internal.h"

#include "../base/base.h"
#include "../pkg/allow.h"
#include "modfile.h"

#include <stdlib.h>
#include <string.h>

static const char *const import_kinds[] = {"static", "reexport", "dynamic", "require",
                                           "dynamic-computed", "require-computed"};

static JSObjectRef str_list(JSContextRef ctx, char **items, size_t n)
{
  JSObjectRef a = JSObjectMakeArray(ctx, 0, NULL, NULL);
  for (size_t i = 0; i < n; i++) JSObjectSetPropertyAtIndex(ctx, a, (unsigned)i, acs__js_str(ctx, items[i]), NULL);
  return a;
}

/* host.transform(source, filename, kind, format): kind "js"|"ts"|"jsx"|"tsx"
** or undefined (by extension); format "auto"|"esm"|"cjs". Returns
** {code, format, tla, deps, exports, reexports, imports} or {error: {message,
** line, column}}. The original source and the column shifts are kept for
** code frames and stacks under `filename`. */
static ACS__HOST_FN(host_transform)
{
  (void)fn; (void)self;
  if (argc < 2) return acs__js_throw(ctx, exc, "host.transform: expected (source, filename)");
  size_t len;
  char *src = acs__js_to_utf8(ctx, argv[0], &len, exc);
  char *filename = acs__js_to_utf8(ctx, argv[1], NULL, exc);
  char *kind = argc > 2 && !JSValueIsUndefined(ctx, argv[2]) ? acs__js_to_utf8(ctx, argv[2], NULL, exc) : NULL;
  char *format = argc > 3 && !JSValueIsUndefined(ctx, argv[3]) ? acs__js_to_utf8(ctx, argv[3], NULL, exc) : NULL;
  JSValueRef result = JSValueMakeUndefined(ctx);
  if (!src || !filename) goto out;
  acs__lang_opts o = {.kind = acs__lang_kind_of(filename), .format = ACS__FMT_AUTO, .filename = filename};
  if (kind) {
    if (!strcmp(kind, "ts")) o.kind = ACS__LANG_TS;
    else if (!strcmp(kind, "tsx")) o.kind = ACS__LANG_TSX;
    else if (!strcmp(kind, "jsx")) o.kind = ACS__LANG_JSX;
    else o.kind = ACS__LANG_JS;
  }
  if (format && !strcmp(format, "esm")) o.format = ACS__FMT_ESM;
  else if (format && !strcmp(format, "cjs")) o.format = ACS__FMT_CJS;
  acs__lang_result r;
  if (acs__lang_transform(src, len, &o, &r)) {
    acs__js_throw(ctx, exc, "out of memory in the transform");
    goto out;
  }
  acs__source_add(filename, src, len, r.shifts, r.shift_count);
  JSObjectRef obj = JSObjectMake(ctx, NULL, NULL);
  if (r.error) {
    JSObjectRef e = JSObjectMake(ctx, NULL, NULL);
    acs__js_set(ctx, e, "message", acs__js_str(ctx, r.error));
    acs__js_set(ctx, e, "line", JSValueMakeNumber(ctx, r.error_line));
    acs__js_set(ctx, e, "column", JSValueMakeNumber(ctx, r.error_column));
    acs__js_set(ctx, obj, "error", e);
  } else {
    acs__js_set(ctx, obj, "code", acs__js_strn(ctx, r.code, r.code_len));
    acs__js_set(ctx, obj, "format", acs__js_str(ctx, r.format == ACS__FMT_ESM ? "esm" : "cjs"));
    acs__js_set(ctx, obj, "tla", JSValueMakeBoolean(ctx, r.has_tla));
    JSObjectRef deps = JSObjectMakeArray(ctx, 0, NULL, NULL);
    for (size_t i = 0; i < r.dep_count; i++) {
      JSObjectRef d = JSObjectMake(ctx, NULL, NULL);
      acs__js_set(ctx, d, "specifier", acs__js_str(ctx, r.deps[i].specifier));
      acs__js_set(ctx, d, "json", JSValueMakeBoolean(ctx, r.deps[i].type_json));
      acs__js_set(ctx, d, "star", JSValueMakeBoolean(ctx, r.deps[i].star));
      acs__js_set(ctx, d, "names", str_list(ctx, r.deps[i].names, r.deps[i].name_count));
      JSObjectSetPropertyAtIndex(ctx, deps, (unsigned)i, d, NULL);
    }
    acs__js_set(ctx, obj, "deps", deps);
    acs__js_set(ctx, obj, "exports", str_list(ctx, r.export_names, r.export_count));
    acs__js_set(ctx, obj, "reexports", str_list(ctx, r.reexports, r.reexport_count));
    JSObjectRef imps = JSObjectMakeArray(ctx, 0, NULL, NULL);
    for (size_t i = 0; i < r.import_count; i++) {
      JSObjectRef d = JSObjectMake(ctx, NULL, NULL);
      acs__js_set(ctx, d, "kind", acs__js_str(ctx, import_kinds[r.imports[i].kind]));
      acs__js_set(ctx, d, "specifier", r.imports[i].specifier ? acs__js_str(ctx, r.imports[i].specifier)
                                                               : JSValueMakeNull(ctx));
      acs__js_set(ctx, d, "line", JSValueMakeNumber(ctx, r.imports[i].line));
      acs__js_set(ctx, d, "column", JSValueMakeNumber(ctx, r.imports[i].column));
      JSObjectSetPropertyAtIndex(ctx, imps, (unsigned)i, d, NULL);
    }
    acs__js_set(ctx, obj, "imports", imps);
  }
  acs__lang_result_free(&r);
  result = obj;
out:
  free(src);
  free(filename);
  free(kind);
  free(format);
  return result;
}

/* host.evalModule(code, filename): evaluate transformed code (a function
** expression) with the file's name for stacks; returns the function. */
static ACS__HOST_FN(host_eval_module)
{
  (void)fn; (void)self;
  if (argc < 2) return acs__js_throw(ctx, exc, "host.evalModule: expected (code, filename)");
  JSStringRef code = JSValueToStringCopy(ctx, argv[0], exc);
  JSStringRef url = JSValueToStringCopy(ctx, argv[1], exc);
  JSValueRef v = NULL;
  if (code && url) v = JSEvaluateScript(ctx, code, NULL, url, 1, exc);
  if (code) JSStringRelease(code);
  if (url) JSStringRelease(url);
  return v ? v : JSValueMakeUndefined(ctx);
}

/* host.mapColumn(url, line, column): the source column of a generated one. */
static ACS__HOST_FN(host_map_column)
{
  (void)fn; (void)self;
  if (argc < 3) return JSValueMakeUndefined(ctx);
  char *url = acs__js_to_utf8(ctx, argv[0], NULL, exc);
  if (!url) return JSValueMakeUndefined(ctx);
  uint32_t col = acs__source_map_column(url, (uint32_t)JSValueToNumber(ctx, argv[1], NULL),
                                        (uint32_t)JSValueToNumber(ctx, argv[2], NULL));
  free(url);
  return JSValueMakeNumber(ctx, col);
}

/* host.entry(): {source, filename, isCode} of the program to run. */
static ACS__HOST_FN(host_entry)
{
  (void)fn; (void)self; (void)argc; (void)argv; (void)exc;
  const acs__js_config *cfg = acs__R.cfg;
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  acs__js_set(ctx, o, "source", acs__js_strn(ctx, cfg->source, cfg->source_len));
  acs__js_set(ctx, o, "filename", acs__js_str(ctx, cfg->filename));
  acs__js_set(ctx, o, "isCode", JSValueMakeBoolean(ctx, cfg->is_code));
  return o;
}

/* host.packages(): {table, limited} — the installed packages (guest root
** -> {name, folder, version, deps, root}) as JSON text or null, and whether
** allowedPackages applies. */
static ACS__HOST_FN(host_packages)
{
  (void)fn; (void)self; (void)argc; (void)argv; (void)exc;
  const acs__js_config *cfg = acs__R.cfg;
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  acs__js_set(ctx, o, "table", cfg->packages ? acs__js_str(ctx, cfg->packages) : JSValueMakeNull(ctx));
  acs__js_set(ctx, o, "limited", JSValueMakeBoolean(ctx, cfg->limit_packages));
  return o;
}

/* host.packageAllowed(name, version?): null, or why allowedPackages
** refuses the package (a message for the model). */
static ACS__HOST_FN(host_package_allowed)
{
  (void)fn; (void)self;
  const acs__js_config *cfg = acs__R.cfg;
  if (argc < 1) return acs__js_throw(ctx, exc, "host.packageAllowed: expected (name, version)");
  char *name = acs__js_to_utf8(ctx, argv[0], NULL, exc);
  if (!name) return JSValueMakeUndefined(ctx);
  char *ver = argc > 1 && JSValueIsString(ctx, argv[1]) ? acs__js_to_utf8(ctx, argv[1], NULL, exc) : NULL;
  char why[1024];
  bool ok = !cfg->limit_packages || acs__allow_check(cfg->allow, name, ver, why, sizeof why);
  free(name);
  free(ver);
  return ok ? JSValueMakeNull(ctx) : acs__js_str(ctx, why);
}

/* host.moduleFile(path, index): the file the guest path names as a module
** (modfile.h), or true when there is none and path is a directory, or null. */
static ACS__HOST_FN(host_module_file)
{
  (void)fn; (void)self;
  if (argc < 1 || !JSValueIsString(ctx, argv[0]) || !acs__R.cfg->vfs) return JSValueMakeNull(ctx);
  char *path = acs__js_to_utf8(ctx, argv[0], NULL, exc);
  if (!path) return JSValueMakeNull(ctx);
  bool dir = false;
  char *file = acs__js_module_file(acs__R.cfg->vfs, path, argc > 1 && JSValueToBoolean(ctx, argv[1]), &dir);
  free(path);
  JSValueRef r = file ? acs__js_str(ctx, file) : dir ? JSValueMakeBoolean(ctx, true) : JSValueMakeNull(ctx);
  free(file);
  return r;
}

/* host.builtins(): Node's builtin module names, without "node:". */
static ACS__HOST_FN(host_builtins)
{
  (void)fn; (void)self; (void)argc; (void)argv;
  JSValueRef names[64];
  size_t n = acs__js_builtin_count < 64 ? acs__js_builtin_count : 64;
  for (size_t i = 0; i < n; i++) names[i] = acs__js_str(ctx, acs__js_builtins[i]);
  return JSObjectMakeArray(ctx, n, names, exc);
}

void acs__host_modules(JSContextRef ctx, JSObjectRef h)
{
  acs__js_set_fn(ctx, h, "moduleFile", host_module_file);
  acs__js_set_fn(ctx, h, "builtins", host_builtins);
  acs__js_set_fn(ctx, h, "packages", host_packages);
  acs__js_set_fn(ctx, h, "packageAllowed", host_package_allowed);
  acs__js_set_fn(ctx, h, "transform", host_transform);
  acs__js_set_fn(ctx, h, "evalModule", host_eval_module);
  acs__js_set_fn(ctx, h, "mapColumn", host_map_column);
  acs__js_set_fn(ctx, h, "entry", host_entry);
}
