/* modfile.c - builtin names and the module file lookup, shared by the
** loader and the host-side import scan (see modfile.h). */
#include "modfile.h"

#include "../base/base.h"
#include "../vfs/vfs.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

const char *const acs__js_builtins[] = {
    "assert", "assert/strict", "async_hooks", "buffer", "child_process", "cluster", "console",
    "constants", "crypto", "dgram", "diagnostics_channel", "dns", "dns/promises", "domain",
    "events", "fs", "fs/promises", "http", "http2", "https", "inspector", "inspector/promises",
    "module", "net", "os", "path", "path/posix", "path/win32", "perf_hooks", "process",
    "punycode", "querystring", "readline", "readline/promises", "repl", "stream",
    "stream/consumers", "stream/promises", "stream/web", "string_decoder", "sys", "timers",
    "timers/promises", "tls", "trace_events", "tty", "url", "util", "util/types", "v8", "vm",
    "wasi", "worker_threads", "zlib",
};
const size_t acs__js_builtin_count = sizeof acs__js_builtins / sizeof *acs__js_builtins;

bool acs__js_is_builtin(const char *name)
{
  for (size_t i = 0; i < acs__js_builtin_count; i++)
    if (!strcmp(acs__js_builtins[i], name)) return true;
  return false;
}

/* The extensions tried, in the loader's order. */
static const char *const exts[] = {".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".jsx", ".json"};

typedef struct finder {
  acs__js_mode_fn mode_of;
  void *user;
} finder;

static int kind(const finder *f, const char *path)
{
  unsigned mode = f->mode_of(f->user, path);
  return S_ISREG(mode) ? 1 : S_ISDIR(mode) ? 2 : 0;
}

static bool ends_with(const char *s, size_t n, const char *tail)
{
  size_t t = strlen(tail);
  return n >= t && !memcmp(s + n - t, tail, t);
}

static unsigned vfs_mode(void *user, const char *path)
{
  struct stat st;
  return acs__vfs_stat(user, path, true, &st) == 0 ? st.st_mode : 0;
}

char *acs__js_module_file(struct acs__vfs *v, const char *path, bool index, bool *is_dir)
{
  return acs__js_module_file_by(vfs_mode, v, path, index, is_dir);
}

char *acs__js_module_file_by(acs__js_mode_fn mode_of, void *user, const char *path, bool index,
                             bool *is_dir)
{
  finder fv = {mode_of, user}, *v = &fv;
  if (is_dir) *is_dir = false;
  size_t n = strlen(path);
  char buf[4200];
  if (n + 16 >= sizeof buf) return NULL;
  if (index) {
    for (size_t i = 0; i < sizeof exts / sizeof *exts; i++) {
      snprintf(buf, sizeof buf, "%s/index%s", path, exts[i]);
      if (kind(v, buf) == 1) return acs__strdup(buf);
    }
    return NULL;
  }
  int k = kind(v, path);
  if (k == 1) return acs__strdup(path);
  /* TypeScript's convention: an import names the file it compiles to */
  static const char *const js[] = {".mjs", ".cjs", ".js"}, *const ts[] = {".mts", ".cts", ".ts"};
  for (size_t i = 0; i < 3; i++) {
    if (!ends_with(path, n, js[i])) continue;
    size_t stem = n - strlen(js[i]);
    snprintf(buf, sizeof buf, "%.*s%s", (int)stem, path, ts[i]);
    if (kind(v, buf) == 1) return acs__strdup(buf);
    if (i == 2) {
      snprintf(buf, sizeof buf, "%.*s.tsx", (int)stem, path);
      if (kind(v, buf) == 1) return acs__strdup(buf);
    }
    break;
  }
  for (size_t i = 0; i < sizeof exts / sizeof *exts; i++) {
    snprintf(buf, sizeof buf, "%s%s", path, exts[i]);
    if (kind(v, buf) == 1) return acs__strdup(buf);
  }
  if (is_dir) *is_dir = k == 2;
  return NULL;
}
