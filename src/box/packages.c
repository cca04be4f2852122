/* packages.c - npm packages for one run, on the host before the worker
** starts: the entry's files are scanned for bare import specifiers, those
** no node_modules in the work dir provides are resolved against the
** registry and installed into the cache, and each installed package is
** mounted read-only where Node's resolution finds it (/node_modules/NAME,
** nested ones below their dependent). The table handed to the loader lets
** it refuse, at run time, what the scan could not see: a computed import()
** of a package that is not allowed, or a package importing one it does not
** declare. */
#include "packages.h"

#include "../base/base.h"
#include "../js/modfile.h"
#include "../lang/lang.h"
#include "../net/http.h"
#include "../pkg/allow.h"
#include "../pkg/name.h"
#include "../pkg/registry.h"
#include "../pkg/resolve.h"
#include "../pkg/store.h"
#include "../vfs/vfs.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Past these, the scan stops following files: a run that big is not
** typed by a model, and the loader still resolves what it meets. */
#define MAX_FILES 4000
#define MAX_FILE_BYTES (16 << 20)
/* How long a resolved tree is reused: the registry's usual max-age for
** packuments, and what registry.c assumes when a registry sends none. */
#define TREE_MAX_AGE 300

typedef struct want {
  char *name, *range, *from;
  bool optional; /* only import() or require(): see acs__pkg_want */
} want;

typedef struct scan {
  acs__vfs *vfs;
  const acs__allow *allow; /* NULL: any package */
  const char *cwd;
  char **files;            /* guest paths seen (queued or done) */
  size_t nfiles, cap_files;
  want *wants;
  size_t nwants, cap_wants;
  char *model_msg; /* the first refusal for the model */
} scan;

static int add_file(scan *s, const char *path)
{
  for (size_t i = 0; i < s->nfiles; i++)
    if (!strcmp(s->files[i], path)) return 0;
  if (s->nfiles >= MAX_FILES) return 0;
  if (s->nfiles == s->cap_files) {
    size_t cap = s->cap_files ? s->cap_files * 2 : 32;
    char **nf = realloc(s->files, cap * sizeof *nf);
    if (!nf) return ACS_ENOMEM;
    s->files = nf, s->cap_files = cap;
  }
  s->files[s->nfiles] = acs__strdup(path);
  if (!s->files[s->nfiles]) return ACS_ENOMEM;
  s->nfiles++;
  return 0;
}

static bool is_dir(acs__vfs *v, const char *path)
{
  struct stat st;
  return acs__vfs_stat(v, path, true, &st) == 0 && S_ISDIR(st.st_mode);
}

/* A relative import's file, found the way the loader finds it
** (modfile.c), except that a directory's package.json "main" is not read:
** its index file stands in. NULL when none. */
static char *local_file(acs__vfs *v, const char *dir, const char *spec)
{
  char *base = acs__vfs_abs(dir, spec);
  if (!base) return NULL;
  bool is_dir = false;
  char *file = acs__js_module_file(v, base, false, &is_dir);
  if (!file && is_dir) file = acs__js_module_file(v, base, true, NULL);
  free(base);
  return file;
}

static char *dir_of(const char *path)
{
  char *d = acs__strdup(path);
  if (!d) return NULL;
  char *slash = strrchr(d, '/');
  if (slash == d) d[1] = 0;
  else if (slash) *slash = 0;
  return d;
}

/* The package name at the start of a bare specifier ("a", "@s/a") into
** name; false when it cannot be one. */
static bool package_name(const char *spec, char *name, size_t cap)
{
  const char *end = spec[0] == '@' ? strchr(spec, '/') : spec;
  if (!end) return false;
  end = strchr(spec[0] == '@' ? end + 1 : spec, '/');
  size_t n = end ? (size_t)(end - spec) : strlen(spec);
  if (!n || n >= cap) return false;
  memcpy(name, spec, n);
  name[n] = 0;
  return true;
}

/* The version in a package's package.json, or NULL. */
static char *installed_version(acs__vfs *v, const char *pkg_dir)
{
  char path[4096];
  snprintf(path, sizeof path, "%s/package.json", pkg_dir);
  int fd = -1;
  if (acs__vfs_open(v, path, O_RDONLY, 0, &fd, NULL)) return NULL;
  acs__buf b = {0};
  char chunk[8192];
  ssize_t n;
  while (b.len < (1 << 20) && (n = read(fd, chunk, sizeof chunk)) > 0) acs__buf_append(&b, chunk, (size_t)n);
  close(fd);
  json_t *j = json_loadb(b.data ? b.data : "", b.len, 0, NULL);
  acs__buf_free(&b);
  const char *ver = json_string_value(json_object_get(j, "version"));
  char *out = ver ? acs__strdup(ver) : NULL;
  json_decref(j);
  return out;
}

/* A node_modules folder between `dir` and the root provides `name`: its
** directory, or NULL. */
static char *provided(acs__vfs *v, const char *dir, const char *name)
{
  char *d = acs__strdup(dir);
  while (d) {
    char path[4096];
    snprintf(path, sizeof path, "%s/node_modules/%s", strcmp(d, "/") ? d : "", name);
    if (is_dir(v, path)) {
      free(d);
      return acs__strdup(path);
    }
    if (!strcmp(d, "/")) break;
    char *up = dir_of(d);
    free(d);
    d = up;
  }
  free(d);
  return NULL;
}

static void refuse(scan *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void refuse(scan *s, const char *fmt, ...)
{
  if (s->model_msg) return;
  va_list ap;
  va_start(ap, fmt);
  if (vasprintf(&s->model_msg, fmt, ap) < 0) s->model_msg = NULL;
  va_end(ap);
}

static int add_want(scan *s, const char *name, const char *range, const char *from, bool optional)
{
  for (size_t i = 0; i < s->nwants; i++)
    if (!strcmp(s->wants[i].name, name) &&
        ((!range && !s->wants[i].range) ||
         (range && s->wants[i].range && !strcmp(range, s->wants[i].range)))) {
      if (!optional && s->wants[i].optional) {
        /* a static import makes it required: name that place */
        char *f = acs__strdup(from);
        if (!f) return ACS_ENOMEM;
        free(s->wants[i].from);
        s->wants[i].from = f;
        s->wants[i].optional = false;
      }
      return 0;
    }
  if (s->nwants == s->cap_wants) {
    size_t cap = s->cap_wants ? s->cap_wants * 2 : 8;
    want *nw = realloc(s->wants, cap * sizeof *nw);
    if (!nw) return ACS_ENOMEM;
    s->wants = nw, s->cap_wants = cap;
  }
  want *w = &s->wants[s->nwants++];
  w->name = acs__strdup(name);
  w->range = range ? acs__strdup(range) : NULL;
  w->from = acs__strdup(from);
  w->optional = optional;
  return w->name && w->from && (!range || w->range) ? 0 : ACS_ENOMEM;
}

/* One import of the file `file` (guest path, in directory `dir`). */
static int scan_import(scan *s, const char *file, const char *dir, const acs__import *im)
{
  const char *spec = im->specifier;
  if (!spec || !*spec) return 0;
  /* import() and require() may sit in a try: their packages are optional */
  bool optional = im->kind == ACS__IMP_DYNAMIC || im->kind == ACS__IMP_REQUIRE;
  /* where, as the model knows the file: relative to the work dir */
  char from[4200];
  size_t cl = strlen(s->cwd);
  const char *rel = !strncmp(file, s->cwd, cl) && file[cl] == '/' ? file + cl + 1 : file;
  snprintf(from, sizeof from, "%s:%u", rel, im->line);
  if (spec[0] == '.' || spec[0] == '/' || !strncmp(spec, "file:", 5)) {
    if (!strncmp(spec, "file:", 5)) {
      /* file:///abs only; the loader reports anything odder */
      if (strncmp(spec, "file:///", 8)) return 0;
      spec += 7;
    }
    char *f = local_file(s->vfs, dir, spec);
    int rc = f ? add_file(s, f) : 0;
    free(f);
    return rc;
  }
  if (spec[0] == '#') return 0; /* package.json "imports" of the work dir */
  const char *range = NULL;
  char rangebuf[512];
  if (!strncmp(spec, "npm:", 4)) {
    spec += 4;
    /* npm:name@range/sub: the range runs from the '@' after the name to the
    ** next '/' (ranges never hold one) */
    const char *at = strchr(spec + (spec[0] == '@'), '@');
    const char *slash = spec[0] == '@' ? strchr(spec, '/') : NULL;
    if (at && (!slash || at > slash)) {
      const char *end = strchr(at, '/');
      size_t rl = end ? (size_t)(end - at - 1) : strlen(at + 1);
      if (rl >= sizeof rangebuf) {
        if (!optional) refuse(s, "%s: The range in \"npm:%s\" is too long.", from, spec);
        return 0;
      }
      memcpy(rangebuf, at + 1, rl);
      rangebuf[rl] = 0;
      range = rangebuf;
      char name[256];
      size_t nl = (size_t)(at - spec);
      if (nl >= sizeof name) nl = sizeof name - 1;
      memcpy(name, spec, nl);
      name[nl] = 0;
      const char *why = acs__pkg_name_check(name, nl, true);
      if (why) {
        if (!optional) refuse(s, "%s: \"npm:%s\" does not name a package: %s.", from, spec, why);
        return 0;
      }
      if (!*range) range = NULL;
      return add_want(s, name, range, from, optional);
    }
  } else if (strchr(spec, ':')) {
    return 0; /* node:, data:, https: ... are the loader's */
  }
  char name[256];
  if (!package_name(spec, name, sizeof name)) {
    if (!strncmp(im->specifier, "npm:", 4))
      if (!optional) refuse(s, "%s: \"%s\" does not name a package.", from, im->specifier);
    return 0;
  }
  if (strncmp(im->specifier, "npm:", 4) && acs__js_is_builtin(name)) return 0;
  if (acs__pkg_name_check(name, strlen(name), true)) {
    /* not a package name: the loader gives Node's error */
    if (!strncmp(im->specifier, "npm:", 4) && !optional)
      refuse(s, "%s: \"%s\" does not name a package: %s.", from, im->specifier,
             acs__pkg_name_check(name, strlen(name), true));
    return 0;
  }
  char *have = strncmp(im->specifier, "npm:", 4) ? provided(s->vfs, dir, name) : NULL;
  if (have) {
    /* In the work dir's node_modules: not installed, but still only if
    ** allowed. */
    if (s->allow) {
      char *ver = installed_version(s->vfs, have);
      char why[512];
      if (!optional && !acs__allow_check(s->allow, name, ver, why, sizeof why)) refuse(s, "%s: %s", from, why);
      free(ver);
    }
    free(have);
    return 0;
  }
  return add_want(s, name, range, from, optional);
}

static int scan_file(scan *s, const char *path, const char *code)
{
  char *text = NULL;
  size_t len = 0;
  if (code) {
    text = acs__strdup(code);
    len = strlen(code);
  } else {
    int fd = -1;
    if (acs__vfs_open(s->vfs, path, O_RDONLY, 0, &fd, NULL)) return 0; /* the loader will say */
    acs__buf b = {0};
    char chunk[65536];
    ssize_t n;
    while (b.len <= MAX_FILE_BYTES && (n = read(fd, chunk, sizeof chunk)) > 0)
      acs__buf_append(&b, chunk, (size_t)n);
    close(fd);
    if (b.len > MAX_FILE_BYTES) {
      acs__buf_free(&b);
      return 0;
    }
    text = acs__buf_take(&b, &len);
  }
  if (!text) return ACS_ENOMEM;
  acs__lang_opts lo = {
      .kind = code ? ACS__LANG_TS : acs__lang_kind_of(path),
      .format = code ? ACS__FMT_ESM : ACS__FMT_AUTO,
      .filename = path,
  };
  acs__lang_result r = {0};
  int rc = acs__lang_transform(text, len, &lo, &r);
  free(text);
  if (rc) return rc;
  char *dir = dir_of(path);
  if (!dir) rc = ACS_ENOMEM;
  for (size_t i = 0; !rc && i < r.import_count; i++) rc = scan_import(s, path, dir, &r.imports[i]);
  free(dir);
  acs__lang_result_free(&r);
  return rc;
}

/* Source files whose imports the scan reads (not JSON). */
static bool scanned_kind(const char *path)
{
  static const char *const exts[] = {".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".jsx"};
  const char *dot = strrchr(path, '.');
  if (!dot || strchr(dot, '/')) return false;
  for (size_t i = 0; i < sizeof exts / sizeof *exts; i++)
    if (!strcmp(dot, exts[i])) return true;
  return false;
}

void acs__box_pkgs_free(acs__box_pkgs *p)
{
  if (!p) return;
  for (size_t i = 0; i < p->n; i++) free(p->host[i]), free(p->guest[i]);
  free(p->host);
  free(p->guest);
  free(p->table);
  memset(p, 0, sizeof *p);
}

static void scan_free(scan *s)
{
  for (size_t i = 0; i < s->nfiles; i++) free(s->files[i]);
  free(s->files);
  for (size_t i = 0; i < s->nwants; i++) free(s->wants[i].name), free(s->wants[i].range), free(s->wants[i].from);
  free(s->wants);
  free(s->model_msg);
  acs__vfs_free(s->vfs);
}

typedef struct progress_ctx {
  acs_progress_fn fn;
  void *user;
} progress_ctx;

static void progress(void *user, const char *line)
{
  progress_ctx *p = user;
  if (p->fn) p->fn(p->user, line);
}

/* The loader's table: {"/node_modules/a": {"name", "folder", "version",
** "deps": [...]}, ...}. */
static char *make_table(const acs__pkg_tree *t)
{
  json_t *o = json_object();
  for (size_t i = 0; o && i < t->n; i++) {
    const acs__pkg *p = &t->pkgs[i];
    json_t *deps = json_array();
    for (size_t k = 0; deps && k < p->dep_count; k++) json_array_append_new(deps, json_string(p->deps[k]));
    json_object_set_new(o, p->path,
                        json_pack("{s:s, s:s, s:s, s:o, s:b}", "name", p->name, "folder", p->folder,
                                  "version", p->version, "deps", deps ? deps : json_array(), "root",
                                  p->root));
  }
  char *s = o ? json_dumps(o, JSON_COMPACT) : NULL;
  json_decref(o);
  return s;
}

int acs__box_packages(const acs__box_pkg_args *a, acs__box_pkgs *out, char **model_msg, acs_err *err)
{
  memset(out, 0, sizeof *out);
  *model_msg = NULL;
  scan s = {.allow = a->allow, .cwd = a->cwd};
  int rc = acs__vfs_new(&s.vfs);
  if (rc) return rc;
  rc = acs__vfs_mount(s.vfs, a->cwd, false, err);
  for (size_t i = 0; !rc && i < a->ro_count; i++) rc = acs__vfs_mount(s.vfs, a->ro_dirs[i], true, err);
  if (rc) goto done;

  char code_name[4200];
  if (a->code) {
    snprintf(code_name, sizeof code_name, "%s/[code]", a->cwd);
    rc = add_file(&s, code_name);
  } else {
    rc = add_file(&s, a->entry_path);
  }
  for (size_t i = 0; !rc && i < s.nfiles; i++) {
    if (i == 0 && a->code) rc = scan_file(&s, s.files[0], a->code);
    else if (scanned_kind(s.files[i])) rc = scan_file(&s, s.files[i], NULL);
  }
  if (rc) goto done;
  if (s.model_msg) {
    *model_msg = s.model_msg;
    s.model_msg = NULL;
    goto done;
  }
  if (!s.nwants) goto done;

  char *cache = acs__store_dir(err);
  if (!cache) {
    rc = err && err->code ? err->code : ACS_EENV;
    goto done;
  }
  const char *url = getenv("ACS_NPM_REGISTRY");
  char regurl[2048];
  snprintf(regurl, sizeof regurl, "%s", url && *url ? url : "https://registry.npmjs.org");
  size_t ul = strlen(regurl);
  while (ul > 0 && regurl[ul - 1] == '/') regurl[--ul] = 0;
  acs__registry reg = {.url = regurl, .cache_dir = cache, .cancellable = a->cancel_fd >= 0,
                       .cancel_fd = a->cancel_fd};

  acs__pkg_want *wants = calloc(s.nwants, sizeof *wants);
  if (!wants) {
    free(cache);
    rc = ACS_ENOMEM;
    goto done;
  }
  for (size_t i = 0; i < s.nwants; i++)
    wants[i] = (acs__pkg_want){s.wants[i].name, s.wants[i].range, s.wants[i].from, s.wants[i].optional};
  /* A tree resolved for the same request within the packuments' default
  ** freshness is used as it is: a warm run parses no packument. */
  acs__buf key = {0};
  acs__buf_printf(&key, "acs-tree-1\n%s\n", regurl);
  if (a->allow) {
    acs__buf_puts(&key, "allow:");
    for (size_t i = 0; i < a->allowed_count; i++) acs__buf_printf(&key, " %s", a->allowed[i]);
  } else {
    acs__buf_puts(&key, "any");
  }
  for (size_t i = 0; i < s.nwants; i++)
    acs__buf_printf(&key, "\n%s %s %d", s.wants[i].name, s.wants[i].range ? s.wants[i].range : "-",
                    s.wants[i].optional);
  if (!key.data) {
    free(wants);
    free(cache);
    rc = ACS_ENOMEM;
    goto done;
  }
  acs__pkg_tree *tree = NULL;
  if (acs__pkg_tree_load(cache, key.data, TREE_MAX_AGE, &tree) == 0) {
    free(wants);
    free(cache);
    acs__buf_free(&key);
    goto mount;
  }
  rc = acs__pkg_resolve(&reg, a->allow, wants, s.nwants, &tree, model_msg, err);
  free(wants);
  /* Tarballs come from the registry's own origin: a packument cannot
  ** send the host to fetch from elsewhere (another host, a port of this
  ** one, a metadata address). */
  for (size_t i = 0; !rc && i < tree->n; i++) {
    const char *tgz = json_string_value(json_object_get(json_object_get(tree->pkgs[i].doc, "dist"), "tarball"));
    if (tgz && !acs__url_same_origin(regurl, tgz))
      rc = acs__fail(err, ACS_EENV, ACS__ENV,
                     "the registry gave a tarball URL for \"%s@%s\" on another origin (%s); packages are "
                     "fetched only from the registry (%s)", tree->pkgs[i].name, tree->pkgs[i].version, tgz, regurl);
  }
  progress_ctx pc = {a->on_progress, a->on_progress_user};
  if (!rc) rc = acs__pkg_install(tree, cache, a->cancel_fd, progress, &pc, model_msg, err);
  if (!rc) acs__pkg_tree_save(cache, key.data, tree);
  free(cache);
  acs__buf_free(&key);
  if (rc) {
    /* a request the model can fix is a result, not a failure */
    if (*model_msg) rc = 0;
    acs__pkg_tree_free(tree);
    goto done;
  }
mount:
  out->host = calloc(tree->n ? tree->n : 1, sizeof *out->host);
  out->guest = calloc(tree->n ? tree->n : 1, sizeof *out->guest);
  out->table = make_table(tree);
  if (!out->host || !out->guest || !out->table) rc = ACS_ENOMEM;
  for (size_t i = 0; !rc && i < tree->n; i++) {
    out->host[i] = acs__strdup(tree->pkgs[i].dir);
    out->guest[i] = acs__strdup(tree->pkgs[i].path);
    out->n++;
    if (!out->host[i] || !out->guest[i]) rc = ACS_ENOMEM;
  }
  acs__pkg_tree_free(tree);
  if (rc) acs__box_pkgs_free(out);

done:
  scan_free(&s);
  return rc;
}
