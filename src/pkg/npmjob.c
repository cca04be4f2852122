/* npmjob.c - one `npm install` of a box, host side: the request's wants
** resolved (or its lockfile's tree taken as it is), every package fetched,
** verified and unpacked into the store by install.c, and the answer the
** guest's npm needs to write package-lock.json and link bins: each
** package's manifest as the tarball's package.json says it. Install
** scripts are never run: they are only reported. */
#include "npmjob.h"

#include "../base/base.h"
#include "../net/http.h"
#include "name.h"
#include "registry.h"
#include "resolve.h"
#include "store.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

/* How long a resolved tree is reused (as src/box/packages.c): the
** registry's usual max-age for packuments. */
#define TREE_MAX_AGE 300

static char *answer_error(const char *code, const char *msg)
{
  json_t *j = json_pack("{s:b, s:s, s:s}", "ok", 0, "code", code, "message", msg ? msg : "out of memory");
  char *s = j ? json_dumps(j, JSON_COMPACT) : NULL;
  json_decref(j);
  return s;
}

/* npm's error code for a refusal the resolver worded for a model. */
static const char *code_of(const char *msg)
{
  if (strstr(msg, "is not in the npm registry")) return "E404";
  if (strstr(msg, "is not allowed")) return "E403";
  if (strstr(msg, "No version of") || strstr(msg, "has no dist-tag")) return "ETARGET";
  if (strstr(msg, "native addon") || strstr(msg, "platform-specific binary") || strstr(msg, "cannot be installed"))
    return "EUNSUPPORTED";
  return "EINVALID";
}

/* The folder name at the end of a node_modules path ("a", "@s/a"). */
static const char *folder_of(const char *path)
{
  const char *nm = path, *p;
  while ((p = strstr(nm, "node_modules/"))) nm = p + 13;
  return nm;
}

/* The path one package up from a package path ("/node_modules/a" for
** "/node_modules/a/node_modules/b"), "" at the top. Into out. */
static void parent_of(const char *path, char *out, size_t cap)
{
  const char *last = NULL, *p = path;
  while ((p = strstr(p, "/node_modules/"))) last = p++;
  size_t n = last ? (size_t)(last - path) : 0;
  if (n >= cap) n = cap - 1;
  memcpy(out, path, n);
  out[n] = 0;
}

/* The package Node's resolution finds for `dep` from the package at path
** (or from the project's root when path is ""): its index, or -1. */
static long find_from(const acs__pkg_tree *t, const char *path, const char *dep)
{
  char at[4096], cand[4400];
  snprintf(at, sizeof at, "%s", path);
  for (;;) {
    snprintf(cand, sizeof cand, "%s/node_modules/%s", at, dep);
    for (size_t i = 0; i < t->n; i++)
      if (!strcmp(t->pkgs[i].path, cand)) return (long)i;
    if (!at[0]) return -1;
    char up[4096];
    parent_of(at, up, sizeof up);
    snprintf(at, sizeof at, "%s", up);
  }
}

/* Mark from package i everything it reaches (deps followed as Node finds them). */
static void reach(const acs__pkg_tree *t, size_t i, bool *seen)
{
  if (seen[i]) return;
  seen[i] = true;
  for (size_t k = 0; k < t->pkgs[i].dep_count; k++) {
    long j = find_from(t, t->pkgs[i].path, t->pkgs[i].deps[k]);
    if (j >= 0) reach(t, (size_t)j, seen);
  }
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The dependency names a version document declares, sorted, as the resolver fills acs__pkg.deps. */
static int declared_deps(acs__pkg *p)
{
  static const char *const kinds[] = {"dependencies", "peerDependencies", "optionalDependencies"};
  size_t cap = 0;
  for (size_t k = 0; k < 3; k++) cap += json_object_size(json_object_get(p->doc, kinds[k]));
  p->deps = calloc(cap + 1, sizeof *p->deps);
  if (!p->deps) return ACS_ENOMEM;
  for (size_t k = 0; k < 3; k++) {
    const char *name;
    json_t *v;
    json_object_foreach(json_object_get(p->doc, kinds[k]), name, v) {
      bool dup = false;
      for (size_t i = 0; i < p->dep_count && !dup; i++) dup = !strcmp(p->deps[i], name);
      if (dup) continue;
      if (!(p->deps[p->dep_count] = acs__strdup(name))) return ACS_ENOMEM;
      p->dep_count++;
    }
  }
  qsort(p->deps, p->dep_count, sizeof *p->deps, cmp_str);
  return 0;
}

/* A lockfile path is node_modules/NAME, nested any number of times, each
** NAME a package's ("a", "@s/a"): nothing of a lockfile may point a copy
** elsewhere in the project. */
static bool lock_path_ok(const char *path)
{
  const char *p = path;
  while (*p) {
    if (strncmp(p, "node_modules/", 13)) return false;
    p += 13;
    const char *end = strchr(p[0] == '@' ? (strchr(p, '/') ? strchr(p, '/') + 1 : p) : p, '/');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    if (!n || acs__pkg_name_check(p, n, true)) return false;
    p += n;
    if (*p == '/') p++;
    else if (*p) return false;
  }
  return p > path;
}

/* Whether a package.json list ("os": ["linux", "!win32"]) lets `value`
** in, as npm's checks read it. */
static bool platform_ok(json_t *list, const char *value)
{
  if (!json_is_array(list) || !json_array_size(list)) return true;
  bool any_positive = false, listed = false;
  size_t i;
  json_t *v;
  json_array_foreach(list, i, v) {
    const char *s = json_string_value(v);
    if (!s) continue;
    if (s[0] == '!') {
      if (!strcmp(s + 1, value)) return false;
    } else {
      any_positive = true;
      listed |= !strcmp(s, value);
    }
  }
  return !any_positive || listed;
}

/* A lockfile entry for another platform (esbuild's @esbuild/win32-x64):
** npm leaves it out of node_modules. */
static bool other_platform(json_t *e)
{
  struct utsname u;
  const char *cpu = "x64";
  if (uname(&u) == 0 && (!strcmp(u.machine, "aarch64") || !strcmp(u.machine, "arm64"))) cpu = "arm64";
  return !platform_ok(json_object_get(e, "os"), "linux") || !platform_ok(json_object_get(e, "cpu"), cpu) ||
         !platform_ok(json_object_get(e, "libc"), "glibc");
}

/* The lockfile's tree as it stands: each entry's version document from
** its packument. Direct dependencies must be allowed. */
static char *tree_from_lock(acs__registry *reg, const acs__npm_policy *pol, json_t *lock, acs__pkg_tree **out)
{
  acs__pkg_tree *t = calloc(1, sizeof *t);
  size_t n = json_object_size(lock);
  if (!t || !(t->pkgs = calloc(n + 1, sizeof *t->pkgs))) {
    free(t);
    return answer_error("ENOMEM", NULL);
  }
  const char *path;
  json_t *e;
  char *fail = NULL;
  json_object_foreach(lock, path, e) {
    if (fail) break;
    if (!*path || json_is_true(json_object_get(e, "link")) || other_platform(e)) continue;
    if (!lock_path_ok(path)) {
      char m[600];
      snprintf(m, sizeof m, "package-lock.json: \"%.400s\" is not a node_modules path of a package", path);
      fail = answer_error("EINVALIDLOCK", m);
      break;
    }
    const char *folder = folder_of(path);
    const char *name = json_string_value(json_object_get(e, "name"));
    const char *version = json_string_value(json_object_get(e, "version"));
    if (!name) name = folder;
    if (!version) {
      char m[600];
      snprintf(m, sizeof m, "package-lock.json: \"%.400s\" has no version", path);
      fail = answer_error("EINVALIDLOCK", m);
      break;
    }
    bool top = !strstr(path + 13, "/node_modules/");
    char why[1024];
    if (top && !acs__allow_check(pol->allow, name, version, why, sizeof why)) {
      fail = answer_error("E403", why);
      break;
    }
    json_t *pk = NULL;
    bool missing = false;
    acs_err err = {0};
    int rc = acs__registry_packument(reg, name, &pk, &missing, &err);
    if (rc) {
      fail = answer_error(missing ? "E404" : "EENV", err.message);
      acs_err_clear(&err);
      break;
    }
    json_t *doc = json_object_get(json_object_get(pk, "versions"), version);
    if (!doc) {
      char m[700];
      snprintf(m, sizeof m, "No matching version found for %.300s@%.100s.", name, version);
      json_decref(pk);
      fail = answer_error("ETARGET", m);
      break;
    }
    acs__pkg *p = &t->pkgs[t->n++];
    char gpath[4200];
    snprintf(gpath, sizeof gpath, "/%s", path);
    p->name = acs__strdup(name);
    p->folder = acs__strdup(folder);
    p->version = acs__strdup(version);
    p->path = acs__strdup(gpath);
    p->doc = json_incref(doc);
    p->root = top;
    p->optional = json_is_true(json_object_get(e, "optional"));
    json_decref(pk);
    if (!p->name || !p->folder || !p->version || !p->path || declared_deps(p)) fail = answer_error("ENOMEM", NULL);
  }
  if (fail) {
    acs__pkg_tree_free(t);
    return fail;
  }
  *out = t;
  return NULL;
}

/* The tree cache's key for a resolve (as src/box/packages.c makes it). */
static char *tree_key(const char *url, const acs__npm_policy *pol, const acs__pkg_want *w, size_t n)
{
  acs__buf k = {0};
  acs__buf_printf(&k, "acs-npm-tree-1\n%s\n", url);
  if (pol->allow) {
    acs__buf_puts(&k, "allow:");
    for (size_t i = 0; i < pol->allowed_count; i++) acs__buf_printf(&k, " %s", pol->allowed[i]);
  } else {
    acs__buf_puts(&k, "any");
  }
  for (size_t i = 0; i < n; i++) acs__buf_printf(&k, "\n%s %s %d", w[i].name, w[i].range ? w[i].range : "-", w[i].optional);
  return acs__buf_take(&k, NULL);
}

/* What the lockfile and the bins need of a package: its package.json's
** fields, as unpacked. */
static json_t *describe(const acs__pkg *p, bool dev)
{
  char pj[4200];
  snprintf(pj, sizeof pj, "%s/package.json", p->dir);
  json_t *m = json_load_file(pj, 0, NULL);
  json_t *o = json_object();
  if (!o) {
    json_decref(m);
    return NULL;
  }
  json_object_set_new(o, "path", json_string(p->path + 1));
  json_object_set_new(o, "dir", json_string(p->dir));
  json_object_set_new(o, "name", json_string(p->name));
  json_object_set_new(o, "version", json_string(p->version));
  json_t *dist = json_object_get(p->doc, "dist");
  json_t *v;
  if ((v = json_object_get(dist, "tarball"))) json_object_set(o, "resolved", v);
  if ((v = json_object_get(dist, "integrity"))) json_object_set(o, "integrity", v);
  if (dev) json_object_set_new(o, "dev", json_true());
  if (p->optional) json_object_set_new(o, "optional", json_true());
  static const char *const keep[] = {"dependencies", "optionalDependencies", "peerDependencies",
                                     "peerDependenciesMeta", "license", "engines", "os", "cpu", "funding"};
  for (size_t i = 0; i < sizeof keep / sizeof *keep; i++)
    if ((v = json_object_get(m, keep[i]))) json_object_set(o, keep[i], v);
  if ((v = json_object_get(p->doc, "deprecated")) && json_is_string(v)) json_object_set(o, "deprecated", v);
  /* bin: a string is the package's own name (its scope dropped) */
  json_t *bin = json_object_get(m, "bin");
  if (json_is_string(bin)) {
    const char *slash = strchr(p->name, '/');
    json_t *b = json_object();
    json_object_set(b, slash ? slash + 1 : p->name, bin);
    json_object_set_new(o, "bin", b);
  } else if (json_is_object(bin) && json_object_size(bin)) {
    /* as npm normalises them: "./bin/x.js" is "bin/x.js" */
    json_t *b = json_object();
    const char *k;
    json_t *v;
    json_object_foreach(bin, k, v) {
      const char *t = json_string_value(v);
      while (t && !strncmp(t, "./", 2)) t += 2;
      if (t) json_object_set_new(b, k, json_string(t));
    }
    json_object_set_new(o, "bin", b);
  }
  /* install scripts, which the box never runs: npm counts binding.gyp as
  ** an implicit "node-gyp rebuild" */
  json_t *scripts = json_object_get(m, "scripts"), *which = json_array();
  static const char *const hooks[] = {"preinstall", "install", "postinstall"};
  for (size_t i = 0; i < 3; i++)
    if (json_is_string(json_object_get(scripts, hooks[i]))) json_array_append_new(which, json_string(hooks[i]));
  char gyp[4300];
  snprintf(gyp, sizeof gyp, "%s/binding.gyp", p->dir);
  if (!json_array_size(which) && access(gyp, F_OK) == 0) json_array_append_new(which, json_string("install"));
  if (json_array_size(which)) {
    json_object_set_new(o, "hasInstallScript", json_true());
    json_object_set_new(o, "installScripts", which);
  } else {
    json_decref(which);
  }
  json_decref(m);
  return o;
}

/* npm view NAME[@RANGE]: the chosen version's manifest (its tarball's
** package.json, from the store: abbreviated packuments leave out what
** view shows), the versions and the dist-tags. */
static char *view(acs__registry *reg, const char *cache, const acs__npm_policy *pol, json_t *v)
{
  const char *name = json_string_value(json_object_get(v, "name"));
  const char *range = json_string_value(json_object_get(v, "range"));
  char why[1024];
  if (!name) return answer_error("EINVAL", "view names no package");
  if (!acs__allow_check(pol->allow, name, NULL, why, sizeof why)) return answer_error("E403", why);
  acs__pkg_want w = {.name = name, .range = range && *range ? range : NULL, .from = "npm view"};
  acs__pkg_tree *t = NULL;
  char *model_msg = NULL;
  acs_err err = {0};
  int rc = acs__pkg_resolve(reg, pol->allow, &w, 1, &t, &model_msg, &err);
  char *out = NULL;
  if (rc) out = model_msg ? answer_error(code_of(model_msg), model_msg) : answer_error("EENV", err.message);
  acs__pkg *p = NULL;
  for (size_t i = 0; !out && i < t->n; i++)
    if (t->pkgs[i].root) p = &t->pkgs[i];
  char *dir = NULL;
  bool fetched = false;
  if (!out && (!p || acs__store_get(cache, p->doc, -1, &dir, &fetched, &err)))
    out = answer_error("EENV", err.message ? err.message : "the package could not be fetched");
  if (!out) {
    json_t *pk = NULL;
    bool missing = false;
    acs__registry_packument(reg, name, &pk, &missing, &err);
    char pj[4200];
    snprintf(pj, sizeof pj, "%s/package.json", dir);
    json_t *m = json_load_file(pj, 0, NULL), *vs = json_array();
    const char *ver;
    json_t *vd;
    json_object_foreach(json_object_get(pk, "versions"), ver, vd) json_array_append_new(vs, json_string(ver));
    json_t *j = json_pack("{s:b, s:{s:s, s:s, s:o, s:O?, s:O?, s:O?}}", "ok", 1, "view", "name", name, "version",
                          p->version, "versions", vs, "distTags", json_object_get(pk, "dist-tags"), "manifest", m,
                          "dist", json_object_get(p->doc, "dist"));
    out = j ? json_dumps(j, JSON_COMPACT) : answer_error("ENOMEM", NULL);
    json_decref(j);
    json_decref(m);
    json_decref(pk);
  }
  free(dir);
  free(model_msg);
  acs_err_clear(&err);
  acs__pkg_tree_free(t);
  return out;
}

char *acs__npm_job(const char *req, size_t len, const acs__npm_policy *pol)
{
  json_t *rq = json_loadb(req, len, 0, NULL);
  if (!json_is_object(rq)) {
    json_decref(rq);
    return answer_error("EINVAL", "the request is not JSON");
  }
  json_t *jw = json_object_get(rq, "wants"), *lock = json_object_get(rq, "lock");
  size_t n = json_array_size(jw);
  if (pol->none && (n || json_object_size(lock) || json_object_get(rq, "view"))) {
    const char *first = json_string_value(json_object_get(json_array_get(jw, 0), "name"));
    if (!first) first = json_string_value(json_object_get(json_object_get(rq, "view"), "name"));
    if (!first) first = json_object_iter_key(json_object_iter(lock));
    char m[600];
    snprintf(m, sizeof m, "Package \"%.300s\" is not allowed; no packages are allowed in this box (it was started with --no-packages).",
             first ? first : "");
    json_decref(rq);
    return answer_error("E403", m);
  }
  acs_err err = {0};
  char *cache = acs__store_dir(&err);
  if (!cache) {
    char *a = answer_error("EENV", err.message);
    acs_err_clear(&err);
    json_decref(rq);
    return a;
  }
  const char *env = getenv("ACS_NPM_REGISTRY");
  char url[2048];
  snprintf(url, sizeof url, "%s", env && *env ? env : "https://registry.npmjs.org");
  for (size_t l = strlen(url); l > 0 && url[l - 1] == '/';) url[--l] = 0;
  acs__registry reg = {.url = url, .cache_dir = cache, .cancel_fd = -1};
  if (json_object_get(rq, "view")) {
    char *out = view(&reg, cache, pol, json_object_get(rq, "view"));
    free(cache);
    json_decref(rq);
    return out;
  }

  acs__pkg_tree *tree = NULL;
  char *fail = NULL, *key = NULL, *model_msg = NULL;
  bool cached = false;
  acs__pkg_want *wants = calloc(n + 1, sizeof *wants);
  /* folder[i]: where want i sits, its alias for "al": "npm:real@^1" */
  const char **folder = calloc(n + 1, sizeof *folder);
  char **alias_bufs = calloc(n + 1, sizeof *alias_bufs);
  if (!wants || !folder || !alias_bufs) fail = answer_error("ENOMEM", NULL);
  for (size_t i = 0; !fail && i < n; i++) {
    json_t *w = json_array_get(jw, i);
    wants[i] = (acs__pkg_want){.name = json_string_value(json_object_get(w, "name")),
                               .range = json_string_value(json_object_get(w, "range")),
                               .from = "package.json",
                               .optional = json_is_true(json_object_get(w, "optional"))};
    folder[i] = wants[i].name;
    if (wants[i].range && !strncmp(wants[i].range, "npm:", 4)) {
      /* the real package resolved, then placed under the alias */
      alias_bufs[i] = acs__strdup(wants[i].range + 4);
      char *real = alias_bufs[i];
      char *at = real ? strchr(real + (real[0] == '@'), '@') : NULL;
      if (at) *at = 0;
      if (!real || !*real || acs__pkg_name_check(real, strlen(real), true)) {
        char m[700];
        snprintf(m, sizeof m, "\"%.300s\" is not a package alias (npm:NAME@RANGE)", wants[i].range);
        fail = answer_error("EINVALIDPACKAGENAME", m);
        break;
      }
      wants[i].name = real;
      wants[i].range = at ? at + 1 : NULL;
    }
    if (wants[i].range && (!*wants[i].range || !strcmp(wants[i].range, "*"))) wants[i].range = NULL;
    if (!wants[i].name) fail = answer_error("EINVAL", "a want names no package");
  }
  if (!fail && json_object_size(lock)) {
    fail = tree_from_lock(&reg, pol, lock, &tree);
  } else if (!fail && n) {
    key = tree_key(url, pol, wants, n);
    if (key && acs__pkg_tree_load(cache, key, TREE_MAX_AGE, &tree) == 0) cached = true;
    else {
      int rc = acs__pkg_resolve(&reg, pol->allow, wants, n, &tree, &model_msg, &err);
      if (rc) fail = model_msg ? answer_error(code_of(model_msg), model_msg) : answer_error("EENV", err.message);
    }
  } else if (!fail) {
    tree = calloc(1, sizeof *tree);
    if (!tree) fail = answer_error("ENOMEM", NULL);
  }
  /* tarballs come from the registry's own origin only (as packages.c) */
  for (size_t i = 0; !fail && !cached && i < tree->n; i++) {
    const char *tgz = json_string_value(json_object_get(json_object_get(tree->pkgs[i].doc, "dist"), "tarball"));
    if (tgz && !acs__url_same_origin(url, tgz)) {
      char m[3000];
      snprintf(m, sizeof m, "the registry gave a tarball URL for \"%s@%s\" on another origin (%.1000s); packages are fetched only from the registry (%.1000s)",
               tree->pkgs[i].name, tree->pkgs[i].version, tgz, url);
      fail = answer_error("EENV", m);
    }
  }
  int fetched = reg.requests;
  if (!fail && !cached) {
    free(model_msg);
    model_msg = NULL;
    acs_err_clear(&err);
    int rc = acs__pkg_install(tree, cache, -1, NULL, NULL, &model_msg, &err);
    /* npm's codes for a tarball that lies about itself */
    const char *why = err.message ? err.message : "";
    const char *code = strstr(why, "integrity") || strstr(why, "sha1") || strstr(why, "shasum") ? "EINTEGRITY"
                       : strstr(why, "tarball entry") || strstr(why, "archive") ? "TAR_ENTRY_INVALID" : "EENV";
    if (rc) fail = model_msg ? answer_error(code_of(model_msg), model_msg) : answer_error(code, err.message);
    else if (key) acs__pkg_tree_save(cache, key, tree);
  }
  /* aliases: the real package's subtree moves under the alias's folder,
  ** unless something else needs it where it is */
  for (size_t i = 0; !fail && i < n; i++) {
    if (!alias_bufs[i]) continue;
    char from[600], to[600];
    snprintf(from, sizeof from, "/node_modules/%s", wants[i].name);
    snprintf(to, sizeof to, "/node_modules/%s", folder[i]);
    bool needed = false;
    for (size_t k = 0; k < n; k++) needed |= k != i && !alias_bufs[k] && !strcmp(wants[k].name, wants[i].name);
    for (size_t k = 0; k < tree->n && !needed; k++) {
      const char *pp = tree->pkgs[k].path;
      bool inside = !strncmp(pp, from, strlen(from)) && (!pp[strlen(from)] || pp[strlen(from)] == '/');
      for (size_t d = 0; !inside && d < tree->pkgs[k].dep_count; d++) needed |= !strcmp(tree->pkgs[k].deps[d], wants[i].name);
    }
    if (needed) {
      char m[900];
      snprintf(m, sizeof m, "the box cannot install \"%s\" as an alias of \"%s\" while the tree also needs \"%s\" itself",
               folder[i], wants[i].name, wants[i].name);
      fail = answer_error("EUNSUPPORTED", m);
      break;
    }
    for (size_t k = 0; k < tree->n; k++) {
      acs__pkg *p = &tree->pkgs[k];
      size_t fl = strlen(from);
      if (strncmp(p->path, from, fl) || (p->path[fl] && p->path[fl] != '/')) continue;
      char *np = NULL;
      if (asprintf(&np, "%s%s", to, p->path + fl) < 0) continue;
      free(p->path);
      p->path = np;
      if (!p->path[strlen(to)]) {
        free(p->folder);
        p->folder = acs__strdup(folder[i]);
      }
    }
  }
  char *out = fail;
  if (!fail) {
    /* dev: what only devDependencies reach */
    bool *prod = calloc(tree->n + 1, sizeof *prod);
    for (size_t i = 0; prod && i < n; i++) {
      json_t *w = json_array_get(jw, i);
      if (json_is_true(json_object_get(w, "dev"))) continue;
      long j = find_from(tree, "", folder[i]);
      if (j >= 0) reach(tree, (size_t)j, prod);
    }
    if (!n) /* a lockfile alone: what it says */
      for (size_t i = 0; prod && i < tree->n; i++) {
        char lp[4200];
        snprintf(lp, sizeof lp, "%s", tree->pkgs[i].path + 1);
        prod[i] = !json_is_true(json_object_get(json_object_get(lock, lp), "dev"));
      }
    json_t *pkgs = json_array();
    for (size_t i = 0; prod && pkgs && i < tree->n; i++) json_array_append_new(pkgs, describe(&tree->pkgs[i], !prod[i]));
    json_t *j = prod && pkgs ? json_pack("{s:b, s:i, s:b, s:O}", "ok", 1, "fetched", fetched, "cached", cached, "pkgs", pkgs) : NULL;
    out = j ? json_dumps(j, JSON_COMPACT) : answer_error("ENOMEM", NULL);
    json_decref(j);
    json_decref(pkgs);
    free(prod);
  }
  if (fail) {
    /* npm's error lines name the registry */
    json_t *e = json_loads(fail, 0, NULL);
    if (e && json_object_set_new(e, "registry", json_string(url)) == 0) {
      char *s = json_dumps(e, JSON_COMPACT);
      if (s) {
        free(fail);
        out = s;
      }
    }
    json_decref(e);
  }
  acs__pkg_tree_free(tree);
  acs_err_clear(&err);
  free(model_msg);
  free(key);
  for (size_t i = 0; alias_bufs && i < n; i++) free(alias_bufs[i]);
  free(alias_bufs);
  free(folder);
  free(wants);
  free(cache);
  json_decref(rq);
  return out;
}
