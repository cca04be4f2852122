/* modules.c - host functions of the module system: the source transform,
** evaluating a transformed module, and column mapping for stacks. The
** loader itself (resolution, the module graph) is JS in src/js/lib. */
#include "runtime_internal.h"

#include "../base/base.h"
#include "../pkg/allow.h"
#include "files.h"
#include "modfile.h"

#include <stdlib.h>
#include <string.h>

/* s as a JSON string literal in pure ASCII: every other character as
** \uXXXX escapes, from UTF-8 and from the three-byte forms of lone
** surrogates that the transform writes for "\uD800" in a literal. */
static void json_str(acs__buf *b, const char *s)
{
  const unsigned char *p = (const unsigned char *)s;
  acs__buf_append(b, "\"", 1);
  while (*p) {
    unsigned c = *p, cp;
    int n;
    if (c < 0x80) {
      if (c == '"' || c == '\\') {
        char e[2] = {'\\', (char)c};
        acs__buf_append(b, e, 2);
      } else if (c < 0x20) {
        acs__buf_printf(b, "\\u%04x", c);
      } else {
        acs__buf_append(b, p, 1);
      }
      p++;
      continue;
    }
    if (c >= 0xF0) n = 3, cp = c & 0x07;
    else if (c >= 0xE0) n = 2, cp = c & 0x0F;
    else if (c >= 0xC0) n = 1, cp = c & 0x1F;
    else n = -1, cp = 0xFFFD;
    p++;
    for (int i = 0; i < n; i++, p++) {
      if ((*p & 0xC0) != 0x80) {
        cp = 0xFFFD;
        break;
      }
      cp = cp << 6 | (*p & 0x3F);
    }
    if (cp > 0x10FFFF) cp = 0xFFFD;
    if (cp > 0xFFFF)
      acs__buf_printf(b, "\\u%04x\\u%04x", 0xD800 + ((cp - 0x10000) >> 10), 0xDC00 + ((cp - 0x10000) & 0x3FF));
    else
      acs__buf_printf(b, "\\u%04x", cp);
  }
  acs__buf_append(b, "\"", 1);
}

static void json_list(acs__buf *b, char **items, size_t n)
{
  acs__buf_append(b, "[", 1);
  for (size_t i = 0; i < n; i++) {
    if (i) acs__buf_append(b, ",", 1);
    json_str(b, items[i]);
  }
  acs__buf_append(b, "]", 1);
}

/* What host.transform returns but the code, as JSON: one parse by the
** engine costs less than an API call per property. (The import scan and
** the CommonJS re-exports are the host's: the loader has no use for them.) */
static void result_json(acs__buf *b, const acs__lang_result *r)
{
  acs__buf_printf(b, "{\"format\":\"%s\",\"tla\":%s,\"fixed\":%s,\"deps\":[",
                  r->format == ACS__FMT_ESM ? "esm" : "cjs", r->has_tla ? "true" : "false",
                  r->exports_fixed ? "true" : "false");
  for (size_t i = 0; i < r->dep_count; i++) {
    acs__buf_puts(b, i ? ",{\"specifier\":" : "{\"specifier\":");
    json_str(b, r->deps[i].specifier);
    acs__buf_printf(b, ",\"json\":%s,\"star\":%s,\"names\":", r->deps[i].type_json ? "true" : "false",
                    r->deps[i].star ? "true" : "false");
    json_list(b, r->deps[i].names, r->deps[i].name_count);
    acs__buf_append(b, "}", 1);
  }
  acs__buf_puts(b, "],\"exports\":");
  json_list(b, r->export_names, r->export_count);
  acs__buf_puts(b, "}");
}

/* host.transform(source, filename, kind, format): kind "js"|"ts"|"jsx"|"tsx"
** or undefined (by extension); format "auto"|"esm"|"cjs"|"script" (no
** wrapper: the box's node -e). Returns
** {code, format, tla, fixed, deps, exports} or {error: {message,
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
  else if (format && !strcmp(format, "script")) o.format = ACS__FMT_SCRIPT;
  acs__lang_result r;
  if (acs__lang_transform(src, len, &o, &r)) {
    acs__js_throw(ctx, exc, "out of memory in the transform");
    goto out;
  }
  acs__source_add(filename, src, len, r.shifts, r.shift_count);
  JSObjectRef obj;
  if (r.error) {
    obj = JSObjectMake(ctx, NULL, NULL);
    JSObjectRef e = JSObjectMake(ctx, NULL, NULL);
    acs__js_set(ctx, e, "message", acs__js_str(ctx, r.error));
    acs__js_set(ctx, e, "line", JSValueMakeNumber(ctx, r.error_line));
    acs__js_set(ctx, e, "column", JSValueMakeNumber(ctx, r.error_column));
    acs__js_set(ctx, obj, "error", e);
  } else {
    acs__buf b = {0};
    result_json(&b, &r);
    char *text = acs__buf_take(&b, NULL);
    JSStringRef js = text ? JSStringCreateWithUTF8CString(text) : NULL;
    JSValueRef parsed = js ? JSValueMakeFromJSONString(ctx, js) : NULL;
    if (js) JSStringRelease(js);
    free(text);
    if (!parsed || !JSValueIsObject(ctx, parsed)) {
      acs__lang_result_free(&r);
      acs__js_throw(ctx, exc, "out of memory in the transform");
      goto out;
    }
    obj = (JSObjectRef)parsed;
    acs__js_set(ctx, obj, "code", acs__js_strn(ctx, r.code, r.code_len));
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

/* host.entry(): {source, filename, isCode[, mode]} of the program to run. */
static ACS__HOST_FN(host_entry)
{
  (void)fn; (void)self; (void)argc; (void)argv; (void)exc;
  const acs__js_config *cfg = acs__R.cfg;
  JSObjectRef o = JSObjectMake(ctx, NULL, NULL);
  acs__js_set(ctx, o, "source", acs__js_strn(ctx, cfg->source, cfg->source_len));
  acs__js_set(ctx, o, "filename", acs__js_str(ctx, cfg->filename));
  acs__js_set(ctx, o, "isCode", JSValueMakeBoolean(ctx, cfg->is_code));
  /* the box's node: how its command line named the entry */
  if (cfg->node) acs__js_set(ctx, o, "mode", acs__js_str(ctx, cfg->node->mode));
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

/* What the run's files say path is (modfile.h's mode_of). */
static unsigned run_mode(void *user, const char *path)
{
  (void)user;
  acs__js_stat st;
  return acs__js_files_of_run()->stat(path, true, &st) == 0 ? st.mode : 0;
}

/* host.moduleFile(path, index): the file the guest path names as a module
** (modfile.h), or true when there is none and path is a directory, or null. */
static ACS__HOST_FN(host_module_file)
{
  (void)fn; (void)self;
  if (argc < 1 || !JSValueIsString(ctx, argv[0])) return JSValueMakeNull(ctx);
  size_t len;
  char *path = acs__js_to_utf8(ctx, argv[0], &len, exc);
  if (!path) return JSValueMakeNull(ctx);
  if (strlen(path) != len) {
    /* "x.mjs\0.json" names no file: C would see "x.mjs" */
    free(path);
    return JSValueMakeNull(ctx);
  }
  bool dir = false;
  char *file = acs__js_module_file_by(run_mode, NULL, path, argc > 1 && JSValueToBoolean(ctx, argv[1]), &dir);
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
