/* engine.c - a module run in JavaScriptCore's WebAssembly: compiled with
** WebAssembly.Module, instantiated with one callable object per import
** (a JSClass whose private data names the C function), and _start called.
** The guest's memory is reached through a Uint8Array over memory.buffer;
** memory.grow detaches the old buffer, so every call checks the view's
** length and makes a new one when it changed. A trap comes back as an
** exception from _start: its message goes to fd 2 and the status is 134,
** as abort() ends a native program. */
#include "wasi.h"

#include "../sys/sys.h"

#include <JavaScriptCore/JavaScript.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

extern char **environ;

typedef struct engine {
  JSGlobalContextRef ctx;
  JSObjectRef memory; /* the WebAssembly.Memory export */
  JSObjectRef view;   /* a Uint8Array over its buffer, protected */
} engine;

static acs__wasi_host *the_host;

static void say(const char *name, const char *fmt, const char *a, const char *b)
{
  char line[2048];
  int n = snprintf(line, sizeof line, "%s: ", name);
  if (n < 0) return;
  int m = snprintf(line + n, sizeof line - (size_t)n - 1, fmt, a, b);
  if (m < 0) return;
  size_t len = (size_t)n + (size_t)m;
  if (len > sizeof line - 2) len = sizeof line - 2;
  line[len++] = '\n';
  acs_sys_write_all(2, line, len);
}

static void refresh(acs__wasi_host *h)
{
  engine *e = h->engine;
  if (e->view) {
    size_t len = JSObjectGetTypedArrayByteLength(e->ctx, e->view, NULL);
    if (len == h->mem.size && len) return;
    JSValueUnprotect(e->ctx, e->view);
    e->view = NULL;
  }
  h->mem.base = NULL;
  h->mem.size = 0;
  JSStringRef s = JSStringCreateWithUTF8CString("buffer");
  JSValueRef buf = JSObjectGetProperty(e->ctx, e->memory, s, NULL);
  JSStringRelease(s);
  if (!buf || !JSValueIsObject(e->ctx, buf)) return;
  JSValueRef ex = NULL;
  JSObjectRef v = JSObjectMakeTypedArrayWithArrayBuffer(e->ctx, kJSTypedArrayTypeUint8Array, (JSObjectRef)buf, &ex);
  if (!v || ex) return;
  JSValueProtect(e->ctx, v);
  e->view = v;
  h->mem.base = JSObjectGetTypedArrayBytesPtr(e->ctx, v, NULL);
  h->mem.size = JSObjectGetTypedArrayByteLength(e->ctx, v, NULL);
  if (!h->mem.base) h->mem.size = 0;
}

static JSValueRef host_call(JSContextRef ctx, JSObjectRef fn, JSObjectRef self, size_t argc,
                            const JSValueRef argv[], JSValueRef *exc)
{
  (void)self;
  const acs__wasi_import *imp = JSObjectGetPrivate(fn);
  uint64_t a[12] = {0};
  size_t n = strlen(imp->sig);
  for (size_t i = 0; i < n && i < 12; i++) {
    if (i >= argc) break;
    if (imp->sig[i] == 'I') a[i] = JSValueToUInt64(ctx, argv[i], exc);
    else a[i] = (uint32_t)JSValueToInt32(ctx, argv[i], exc);
    if (*exc) return NULL;
  }
  acs__wasi_host *h = the_host;
  refresh(h);
  uint32_t r = imp->fn(h, a);
  return JSValueMakeNumber(ctx, r);
}

static JSValueRef get(JSContextRef ctx, JSObjectRef o, const char *name)
{
  JSStringRef s = JSStringCreateWithUTF8CString(name);
  JSValueRef v = JSObjectGetProperty(ctx, o, s, NULL);
  JSStringRelease(s);
  return v;
}

static void set(JSContextRef ctx, JSObjectRef o, const char *name, JSValueRef v)
{
  JSStringRef s = JSStringCreateWithUTF8CString(name);
  JSObjectSetProperty(ctx, o, s, v, 0, NULL);
  JSStringRelease(s);
}

static void text_of(JSContextRef ctx, JSValueRef v, char *out, size_t cap)
{
  out[0] = 0;
  JSStringRef s = v ? JSValueToStringCopy(ctx, v, NULL) : NULL;
  if (!s) return;
  JSStringGetUTF8CString(s, out, cap);
  JSStringRelease(s);
}

/* A trap's message as a runtime names it: "wasm trap: unreachable". */
static void trap(const char *name, JSContextRef ctx, JSValueRef ex)
{
  char msg[1024];
  text_of(ctx, ex, msg, sizeof msg);
  static const struct { const char *jsc, *ours; } words[] = {
      {"Maximum call stack size exceeded", "call stack exhausted"},
      {"Unreachable code should not be executed", "unreachable"},
      {"Out of bounds memory access", "out of bounds memory access"},
      {"Division by zero", "integer divide by zero"},
      {"Integer overflow", "integer overflow"},
      {"Out of bounds call_indirect", "undefined element: out of bounds call_indirect"},
      {"call_indirect to a null table entry", "uninitialized element"},
      {"call_indirect to a signature that does not match", "indirect call type mismatch"},
      {"Out of bounds Trunc operation", "invalid conversion to integer"},
  };
  for (size_t i = 0; i < sizeof words / sizeof *words; i++)
    if (strstr(msg, words[i].jsc)) {
      say(name, "wasm trap: %s%s", words[i].ours, "");
      return;
    }
  say(name, "wasm trap: %s%s", msg, "");
}

/* cfg with PWD set to the working directory, in out (false: unchanged) */
static bool with_pwd(const acs__wasi_config *cfg, acs__wasi_config *out)
{
  static char pwd[4100];
  memcpy(pwd, "PWD=", 4);
  if (acs_sys_getcwd(pwd + 4, sizeof pwd - 4)) return false;
  const char **env = calloc(cfg->envc + 2, sizeof *env);
  if (!env) return false;
  size_t n = 0;
  bool set = false;
  for (size_t i = 0; i < cfg->envc; i++) {
    bool is = !strncmp(cfg->env[i], "PWD=", 4);
    if (is && set) continue;
    env[n++] = is ? pwd : cfg->env[i];
    set |= is;
  }
  if (!set) env[n++] = pwd;
  *out = *cfg;
  out->env = env;
  out->envc = n;
  return true;
}

int acs__wasi_run(const acs__wasi_config *cfg)
{
  const char *name = cfg->argc > 0 ? cfg->argv[0] : cfg->path;
  int fd = acs_sys_open(cfg->path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0) {
    say(name, "cannot open %s: %s", cfg->path, strerror(-fd));
    return fd == -ENOENT ? 127 : 126;
  }
  acs__sys_stat st;
  int r = acs_sys_fstat(fd, &st);
  if (r < 0 || (st.mode & 0170000) != 0100000) {
    acs_sys_close(fd);
    say(name, "cannot run %s: %s", cfg->path, r < 0 ? strerror(-r) : "not a regular file");
    return 126;
  }
  if (st.size > (1u << 30)) {
    acs_sys_close(fd);
    say(name, "cannot run %s: %s", cfg->path, "a module of more than 1 GiB");
    return 126;
  }
  unsigned char *bytes = malloc(st.size ? st.size : 1);
  size_t got = 0;
  while (bytes && got < st.size) {
    ssize_t k = acs_sys_read(fd, bytes + got, st.size - got);
    if (k <= 0) break;
    got += (size_t)k;
  }
  acs_sys_close(fd);
  if (!bytes || got != st.size) {
    free(bytes);
    say(name, "cannot read %s%s", cfg->path, bytes ? "" : ": out of memory");
    return 126;
  }
  uint64_t cap = cfg->max_memory ? cfg->max_memory : ACS__WASI_DEFAULT_MAX_MEMORY;
  if (cap > (4ull << 30)) cap = 4ull << 30;
  acs__wasi_module mod;
  char why[512];
  if (acs__wasi_module_load(bytes, got, (uint32_t)(cap >> 16), &mod, why, sizeof why)) {
    say(name, "cannot run %s: %s", cfg->path, why);
    return 126;
  }
  if (mod.bad_import[0]) {
    say(name, "cannot run: the module imports %s, which this WASI preview1 host does not give "
              "(it gives the wasi_snapshot_preview1 functions only)", mod.bad_import, "");
    free(mod.bytes);
    return 126;
  }
  if (!mod.has_start) {
    say(name, "cannot run %s: %s", cfg->path,
        "not a WASI command: the module exports no _start function (a reactor, such as the "
        "Ruby builds on npm, needs the JavaScript glue it came with)");
    free(mod.bytes);
    return 126;
  }
  if (!mod.has_memory) {
    say(name, "cannot run %s: %s", cfg->path, "the module exports no memory named \"memory\"");
    free(mod.bytes);
    return 126;
  }

  /* A module marked acs.paths=root (the box's own builds) links a start-up
  ** chdir(getenv("PWD")): its PWD is the process's real working directory,
  ** whatever the caller's environment said or left out. */
  static acs__wasi_config marked;
  if (mod.root_paths && with_pwd(cfg, &marked)) cfg = &marked;

  static acs__wasi_host host;
  acs__wasi_host *h = &host;
  h->cfg = cfg;
  h->root_paths = cfg->root_paths || mod.root_paths;
  the_host = h;
  r = acs__wasi_fds_init(h);
  if (r < 0) {
    say(name, "cannot open the box's root and working directory: %s%s", strerror(-r), "");
    return 126;
  }

  /* JavaScriptCore reads JSC_* variables at its start: the guest's
  ** environment is the module's, never the engine's */
  static char *engine_env[] = {NULL};
  environ = engine_env;
  signal(SIGPIPE, SIG_DFL);
  struct rlimit no_core = {0, 0};
  setrlimit(RLIMIT_CORE, &no_core);

  static engine e;
  h->engine = &e;
  h->refresh = refresh;
  e.ctx = JSGlobalContextCreate(NULL);
  JSContextRef ctx = e.ctx;
  JSValueRef ex = NULL;
  JSObjectRef u8 = JSObjectMakeTypedArrayWithBytesNoCopy(ctx, kJSTypedArrayTypeUint8Array, mod.bytes, mod.len,
                                                         NULL, NULL, &ex);
  JSValueRef wa = get(ctx, JSContextGetGlobalObject(ctx), "WebAssembly");
  if (!u8 || ex || !wa || !JSValueIsObject(ctx, wa)) {
    say(name, "cannot run %s: %s", cfg->path, "this build's JavaScriptCore has no WebAssembly");
    return 126;
  }
  JSObjectRef ctor = (JSObjectRef)get(ctx, (JSObjectRef)wa, "Module");
  JSValueRef margs[1] = {u8};
  JSObjectRef module = JSObjectCallAsConstructor(ctx, ctor, 1, margs, &ex);
  if (!module || ex) {
    char msg[1024];
    text_of(ctx, ex, msg, sizeof msg);
    say(name, "cannot run %s: the module does not compile: %s", cfg->path, msg);
    return 126;
  }
  JSClassDefinition def = kJSClassDefinitionEmpty;
  def.className = "WasiImport";
  def.callAsFunction = host_call;
  JSClassRef cls = JSClassCreate(&def);
  JSObjectRef ns = JSObjectMake(ctx, NULL, NULL), imports = JSObjectMake(ctx, NULL, NULL);
  const acs__wasi_import *imp;
  for (size_t i = 0; (imp = acs__wasi_import_at(i)); i++)
    set(ctx, ns, imp->name, JSObjectMake(ctx, cls, (void *)imp));
  set(ctx, imports, "wasi_snapshot_preview1", ns);
  ctor = (JSObjectRef)get(ctx, (JSObjectRef)wa, "Instance");
  JSValueRef iargs[2] = {module, imports};
  JSObjectRef inst = JSObjectCallAsConstructor(ctx, ctor, 2, iargs, &ex);
  if (!inst || ex) {
    char msg[1024];
    text_of(ctx, ex, msg, sizeof msg);
    /* a start function or a data segment may trap while instantiating */
    if (strstr(msg, "RuntimeError") || strstr(msg, "RangeError")) {
      trap(name, ctx, ex);
      return 134;
    }
    say(name, "cannot run %s: the module does not instantiate: %s", cfg->path, msg);
    return 126;
  }
  JSObjectRef exports = (JSObjectRef)get(ctx, inst, "exports");
  e.memory = (JSObjectRef)get(ctx, exports, "memory");
  JSValueProtect(ctx, e.memory);
  JSObjectRef start = (JSObjectRef)get(ctx, exports, "_start");
  JSObjectCallAsFunction(ctx, start, NULL, 0, NULL, &ex);
  if (ex) {
    trap(name, ctx, ex);
    return 134;
  }
  return 0;
}
