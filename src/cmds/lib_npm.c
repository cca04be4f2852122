/* lib_npm.c - npm's install engine in the box (lib_npm.h). The guest
** never reaches a registry: it sends what it wants (and the lockfile's
** tree when package.json and package-lock.json agree) to the kernel,
** which has the host resolve, fetch, verify and unpack the packages and
** copies them into the project as this process's user. The rest is
** npm's bookkeeping, done here with the box's files: package.json, the
** lockfiles (v3, as npm 10 writes them), node_modules/.bin, pruning. */
#include "lib_npm.h"

#include "../pkg/semver.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

char *npm_root(void)
{
  char cwd[4096];
  if (acs_sys_getcwd(cwd, sizeof cwd) < 0) snprintf(cwd, sizeof cwd, "/");
  char d[4096];
  snprintf(d, sizeof d, "%s", cwd);
  for (;;) {
    char pj[4200];
    snprintf(pj, sizeof pj, "%s/package.json", strcmp(d, "/") ? d : "");
    acs__sys_stat st;
    if (acs_sys_stat(pj, &st) == 0 && S_ISREG(st.mode)) return strdup(d);
    char *slash = strrchr(d, '/');
    if (!slash || !strcmp(d, "/")) break;
    if (slash == d) d[1] = 0;
    else *slash = 0;
  }
  return strdup(cwd);
}

json_t *npm_read_json(const char *path, int *err, char *why, size_t why_cap)
{
  char *data = NULL;
  size_t len = 0;
  *err = cmd_read_all(path, &data, &len);
  if (*err) return NULL;
  json_error_t je;
  json_t *j = json_loadb(data, len, 0, &je);
  free(data);
  if (!j) {
    *err = -EINVAL;
    if (why) snprintf(why, why_cap, "%s (line %d, column %d)", je.text, je.line, je.column);
  }
  return j;
}

int npm_write_json(const char *path, json_t *j)
{
  char *s = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  if (!s) return -ENOMEM;
  int fd = acs_sys_open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  int rc = fd;
  if (fd >= 0) {
    rc = acs_sys_write_all(fd, s, strlen(s));
    if (!rc) rc = acs_sys_write_all(fd, "\n", 1);
    int c = acs_sys_close(fd);
    if (!rc) rc = c;
  }
  free(s);
  return rc < 0 ? rc : 0;
}

int npm_rmtree(const char *path)
{
  acs__sys_stat st;
  int rc = acs_sys_lstat(path, &st);
  if (rc == -ENOENT) return 0;
  if (rc) return rc;
  if (!S_ISDIR(st.mode)) return acs_sys_unlink(path);
  cmd_dirent *ents = NULL;
  size_t n = 0;
  rc = cmd_dir_read(path, &ents, &n);
  for (size_t i = 0; !rc && i < n; i++) {
    char *sub = cmd_path_join(path, ents[i].name);
    rc = sub ? npm_rmtree(sub) : -ENOMEM;
    free(sub);
  }
  cmd_dir_free(ents, n);
  return rc ? rc : acs_sys_rmdir(path);
}

int npm_mkdirs(const char *path)
{
  char buf[4096];
  snprintf(buf, sizeof buf, "%s", path);
  for (char *s = strchr(buf + 1, '/');; s = strchr(s + 1, '/')) {
    if (s) *s = 0;
    int rc = acs_sys_mkdir(buf, 0777);
    if (rc && rc != -EEXIST) return rc;
    if (!s) return 0;
    *s = '/';
  }
}

void npm_error_lines(acs_cmd *c, const char *text)
{
  cmd_flush(c);
  const char *p = text;
  for (;;) {
    size_t n = strcspn(p, "\n");
    char line[4200];
    int l = snprintf(line, sizeof line, n ? "npm error %.*s\n" : "npm error\n", (int)n, p);
    cmd_write_fd(2, line, (size_t)(l < (int)sizeof line ? l : (int)sizeof line - 1));
    if (!p[n]) break;
    p += n + 1;
  }
}

int npm_host_option(acs_cmd *c, int argc, char **argv, int i)
{
  static const char *const names[] = {"--registry", "--cache", "--userconfig", "--globalconfig", "--proxy", "--https-proxy"};
  const char *a = argv[i];
  for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
    size_t n = strlen(names[k]);
    if (strncmp(a, names[k], n) || (a[n] && a[n] != '=')) continue;
    cmd_flush(c);
    char line[400];
    int l = snprintf(line, sizeof line, "npm warn config %s is ignored in the box: the host fetches its packages "
                     "from the registry it chose\n", names[k]);
    cmd_write_fd(2, line, (size_t)l);
    return a[n] == '=' || i + 1 >= argc ? 1 : 2;
  }
  return 0;
}

void npm_took(const struct timespec *t0, char *buf, size_t cap)
{
  struct timespec t1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  long ms = (t1.tv_sec - t0->tv_sec) * 1000 + (t1.tv_nsec - t0->tv_nsec) / 1000000;
  if (ms < 1000) snprintf(buf, cap, "%ldms", ms);
  else if (ms < 60000) snprintf(buf, cap, "%lds", (ms + 500) / 1000);
  else snprintf(buf, cap, "%ldm", (ms + 30000) / 60000);
}

/* ---------------------------------------------------------- specs */

/* "name@range" into name and range ("" when none); "@s/n@r" too. */
static void split_spec(const char *spec, char *name, size_t ncap, char *range, size_t rcap)
{
  const char *at = strchr(spec + (spec[0] == '@'), '@');
  size_t nl = at ? (size_t)(at - spec) : strlen(spec);
  snprintf(name, ncap, "%.*s", (int)nl, spec);
  snprintf(range, rcap, "%s", at ? at + 1 : "");
}

static bool satisfies(const char *version, const char *range)
{
  acs__semver v;
  acs__semver_range *r = NULL;
  if (acs__semver_parse(version, 0, &v, NULL)) return false;
  bool ok = acs__semver_range_parse(range && *range ? range : "*", &r, NULL) == 0 && acs__semver_range_test(r, &v);
  acs__semver_range_free(r);
  acs__semver_clear(&v);
  return ok;
}

static bool is_version(const char *s)
{
  acs__semver v;
  if (acs__semver_parse(s, 0, &v, NULL)) return false;
  acs__semver_clear(&v);
  return true;
}

/* Whether ^VERSION is inside range (its two ends are: npm asks
** semver.subset; for the ranges people write the ends decide). */
static bool caret_fits(const char *version, const char *range)
{
  unsigned long x, y, z;
  char rest;
  if (sscanf(version, "%lu.%lu.%lu%c", &x, &y, &z, &rest) != 3) return false; /* a prerelease: as written */
  char top[96];
  if (x) snprintf(top, sizeof top, "%lu.999999999.999999999", x);
  else if (y) snprintf(top, sizeof top, "0.%lu.999999999", y);
  else snprintf(top, sizeof top, "0.0.%lu", z);
  return satisfies(version, range) && satisfies(top, range);
}

/* A range npm saves as written (a tag or "*" becomes ^VERSION). */
static bool is_range(const char *range)
{
  if (!*range || !strcmp(range, "*") || !strcmp(range, "latest")) return false;
  acs__semver_range *r = NULL;
  bool ok = acs__semver_range_parse(range, &r, NULL) == 0;
  acs__semver_range_free(r);
  return ok;
}

/* A dependency the box cannot have: git, a URL, a file or a link; NULL
** for a registry one (a range, a tag, an npm: alias). */
static const char *not_registry(const char *name, const char *range)
{
  static const char *const kinds[] = {"git:", "git+", "github:", "gitlab:", "bitbucket:", "gist:",
                                      "http:", "https:", "file:", "link:", "workspace:", "portal:"};
  if (name[0] != '@' && strchr(name, '/')) return name;
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
    if (!strncmp(range, kinds[i], strlen(kinds[i]))) return range;
  if (strncmp(range, "npm:", 4) && strchr(range, '/')) return range;
  return NULL;
}

/* ---------------------------------------------------------- errors */

/* The quoted words of a message of the resolver: its nth "..." into out. */
static bool quoted(const char *msg, int nth, char *out, size_t cap)
{
  const char *p = msg;
  for (int i = 0; i <= nth; i++) {
    const char *a = strchr(p, '"');
    if (!a) return false;
    const char *b = strchr(a + 1, '"');
    if (!b) return false;
    if (i == nth) {
      snprintf(out, cap, "%.*s", (int)(b - a - 1), a + 1);
      return true;
    }
    p = b + 1;
  }
  return false;
}

static void report(acs_cmd *c, json_t *a, json_t *wants)
{
  const char *code = json_string_value(json_object_get(a, "code"));
  const char *msg = json_string_value(json_object_get(a, "message"));
  const char *reg = json_string_value(json_object_get(a, "registry"));
  if (!code) code = "EUNKNOWN";
  if (!msg) msg = "the install failed";
  char name[300] = "", range[300] = "", text[6000];
  quoted(msg, 0, name, sizeof name);
  if (!strcmp(code, "E404")) {
    const char *spec = "*";
    size_t i;
    json_t *w;
    json_array_foreach(wants, i, w)
      if (!strcmp(json_string_value(json_object_get(w, "name")) ?: "", name) && json_string_value(json_object_get(w, "range")))
        spec = json_string_value(json_object_get(w, "range"));
    snprintf(text, sizeof text,
             "code E404\n404 Not Found - GET %s/%s - Not found\n404\n404  '%s@%s' is not in this registry.\n404\n"
             "404 Note that you can also install from a\n404 tarball, folder, http url, or git url.",
             reg ? reg : "https://registry.npmjs.org", name, name, *spec && strcmp(spec, "latest") ? spec : "*");
  } else if (!strcmp(code, "ETARGET")) {
    quoted(msg, 1, range, sizeof range);
    if (strstr(msg, "No version of"))
      snprintf(text, sizeof text,
               "code ETARGET\nnotarget No matching version found for %s@%s.\nnotarget In most cases you or one of your "
               "dependencies are requesting\nnotarget a package version that doesn't exist.", name, range);
    else
      snprintf(text, sizeof text, "code ETARGET\nnotarget %s", msg);
  } else if (!strcmp(code, "E403")) {
    snprintf(text, sizeof text, "code E403\n403 403 Forbidden - %s", msg);
  } else {
    snprintf(text, sizeof text, "code %s\n%s", code, msg);
  }
  npm_error_lines(c, text);
}

/* ---------------------------------------------------------- the lockfile */

/* A lockfile entry from a package of the answer, in npm's field order. */
static json_t *lock_entry(json_t *p)
{
  json_t *e = json_object();
  static const char *const order[] = {"version", "resolved", "integrity", "dev", "optional", "deprecated",
                                      "hasInstallScript", "license", "dependencies", "bin", "engines", "os", "cpu",
                                      "funding", "optionalDependencies", "peerDependencies", "peerDependenciesMeta"};
  const char *path = json_string_value(json_object_get(p, "path"));
  const char *name = json_string_value(json_object_get(p, "name"));
  /* an alias (npm:real@range) keeps the real name */
  if (name && path) {
    const char *nm = strstr(path, "node_modules/");
    for (const char *q; nm && (q = strstr(nm + 13, "node_modules/"));) nm = q;
    if (nm && strcmp(nm + 13, name)) json_object_set_new(e, "name", json_string(name));
  }
  for (size_t i = 0; i < sizeof order / sizeof *order; i++) {
    json_t *v = json_object_get(p, order[i]);
    if (v) json_object_set(e, order[i], v);
  }
  return e;
}

static json_t *root_entry(json_t *pj, const char *dirname)
{
  json_t *e = json_object();
  const char *name = json_string_value(json_object_get(pj, "name"));
  json_object_set_new(e, "name", json_string(name ? name : dirname));
  static const char *const keys[] = {"version", "license", "dependencies", "devDependencies",
                                     "optionalDependencies", "peerDependencies", "bin", "engines"};
  for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
    json_t *v = json_object_get(pj, keys[i]);
    if (v && (!json_is_object(v) || json_object_size(v))) json_object_set(e, keys[i], v);
  }
  return e;
}

/* Whether package.json's dependencies are what the lockfile's root says,
** and each has its entry: then the lockfile's tree is installed as it is.
** *missing names the first that is not. */
static bool in_sync(json_t *pj, json_t *lock, char *missing, size_t cap)
{
  json_t *pk = json_object_get(lock, "packages");
  json_t *root = json_object_get(pk, "");
  if (!json_is_object(pk) || !root) return false;
  static const char *const kinds[] = {"dependencies", "devDependencies", "optionalDependencies"};
  for (size_t k = 0; k < 3; k++) {
    json_t *a = json_object_get(pj, kinds[k]), *b = json_object_get(root, kinds[k]);
    const char *name;
    json_t *v;
    json_object_foreach(a, name, v) {
      const char *lv = json_string_value(json_object_get(b, name));
      char p[600];
      snprintf(p, sizeof p, "node_modules/%s", name);
      if (!lv || strcmp(lv, json_string_value(v) ?: "") || !json_object_get(pk, p)) {
        snprintf(missing, cap, "%s@%s", name, json_string_value(v) ?: "");
        return false;
      }
    }
    if (json_object_size(b) != json_object_size(a)) {
      json_object_foreach(b, name, v)
        if (!json_object_get(a, name)) {
          snprintf(missing, cap, "%s@%s", name, json_string_value(v) ?: "");
          return false;
        }
    }
  }
  return true;
}

/* ---------------------------------------------------------- bins */

static void link_bins(const char *nm_dir, const char *bin_dir, const char *rel_prefix, json_t *pkgs, bool omit_dev,
                      const char *only)
{
  size_t i;
  json_t *p;
  json_array_foreach(pkgs, i, p) {
    const char *path = json_string_value(json_object_get(p, "path"));
    if (!path || strncmp(path, "node_modules/", 13) || strstr(path + 13, "/node_modules/")) continue;
    if (omit_dev && json_is_true(json_object_get(p, "dev"))) continue;
    const char *folder = path + 13;
    if (only && strcmp(folder, only)) continue;
    const char *bname;
    json_t *target;
    json_object_foreach(json_object_get(p, "bin"), bname, target) {
      const char *t = json_string_value(target);
      if (!t || strchr(bname, '/') || !strcmp(bname, "..") || !strcmp(bname, ".")) continue;
      while (!strncmp(t, "./", 2)) t += 2;
      if (strstr(t, "..")) continue; /* a bin outside its package */
      npm_mkdirs(bin_dir);
      char link[4400], to[4400], file[4400];
      snprintf(link, sizeof link, "%s/%s", bin_dir, bname);
      snprintf(to, sizeof to, "%s%s/%s", rel_prefix, folder, t);
      snprintf(file, sizeof file, "%s/%s/%s", nm_dir, folder, t);
      acs_sys_unlink(link);
      acs_sys_symlink(to, link);
      acs__sys_stat st;
      if (acs_sys_stat(file, &st) == 0) acs_sys_chmod(file, (st.mode & 07777) | 0111);
    }
  }
}

/* ---------------------------------------------------------- install */

static void add_wants(json_t *wants, json_t *deps, bool dev, bool optional, json_t *seen)
{
  const char *name;
  json_t *v;
  json_object_foreach(deps, name, v) {
    if (json_object_get(seen, name)) continue;
    json_object_set_new(seen, name, json_true());
    json_array_append_new(wants, json_pack("{s:s, s:s, s:b, s:b}", "name", name, "range", json_string_value(v) ?: "",
                                           "dev", dev, "optional", optional));
  }
}

static const char *base_name(const char *dir)
{
  const char *s = strrchr(dir, '/');
  return s && s[1] ? s + 1 : "root";
}

int npm_install(acs_cmd *c, const char *root, char **names, int n, const npm_opts *o)
{
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  char pj_path[4200], lock_path[4200], hidden_path[4300], nm[4200], why[600];
  snprintf(pj_path, sizeof pj_path, "%s/package.json", strcmp(root, "/") ? root : "");
  snprintf(lock_path, sizeof lock_path, "%s/package-lock.json", strcmp(root, "/") ? root : "");
  snprintf(nm, sizeof nm, "%s/node_modules", strcmp(root, "/") ? root : "");
  snprintf(hidden_path, sizeof hidden_path, "%s/.package-lock.json", nm);
  int err = 0;
  json_t *pj = NULL;
  if (o->global) {
    pj = json_object();
  } else {
    pj = npm_read_json(pj_path, &err, why, sizeof why);
    if (!pj && err == -ENOENT && n > 0 && !o->uninstall) pj = json_object();
    if (!pj) {
      char text[10000];
      if (err == -ENOENT)
        snprintf(text, sizeof text,
                 "code ENOENT\nsyscall open\npath %s\nerrno -2\nenoent Could not read package.json: Error: ENOENT: no "
                 "such file or directory, open '%s'\nenoent This is related to npm not being able to find a file.\nenoent",
                 pj_path, pj_path);
      else
        snprintf(text, sizeof text, "code EJSONPARSE\nJSON.parse Invalid package.json: %s\nJSON.parse Failed to parse JSON data.", why);
      npm_error_lines(c, text);
      return 1;
    }
  }
  json_t *lock = o->global || o->no_lock ? NULL : npm_read_json(lock_path, &err, NULL, 0);
  if (o->ci) {
    char missing[700] = "";
    if (!lock) {
      npm_error_lines(c, "code EUSAGE\n\nThe `npm ci` command can only install with an existing package-lock.json or\n"
                         "npm-shrinkwrap.json with lockfileVersion >= 1. Run an install with npm@5 or\nlater to generate a "
                         "package-lock.json file, then try again.\n\nClean install a project\n\nUsage:\nnpm ci\n\n"
                         "Run \"npm help ci\" for more info");
      json_decref(pj);
      return 1;
    }
    if (!in_sync(pj, lock, missing, sizeof missing)) {
      char text[2000];
      snprintf(text, sizeof text,
               "code EUSAGE\n\n`npm ci` can only install packages when your package.json and package-lock.json or "
               "npm-shrinkwrap.json are in sync. Please update your lock file with `npm install` before continuing.\n\n"
               "Missing: %s from lock file\n", missing);
      npm_error_lines(c, text);
      json_decref(pj);
      json_decref(lock);
      return 1;
    }
  }

  /* names: package.json's dependencies as they will be */
  const char *save_to = o->dev ? "devDependencies" : o->optional ? "optionalDependencies" : "dependencies";
  json_t *asked = json_array(); /* the names given, with their ranges */
  for (int i = 0; i < n; i++) {
    char name[300], range[300];
    split_spec(names[i], name, sizeof name, range, sizeof range);
    static const char *const kinds[] = {"dependencies", "devDependencies", "optionalDependencies"};
    if (o->uninstall) {
      for (size_t k = 0; k < 3; k++) json_object_del(json_object_get(pj, kinds[k]), name);
      continue;
    }
    json_array_append_new(asked, json_pack("{s:s, s:s}", "name", name, "range", range));
    if (o->global) continue;
    for (size_t k = 0; k < 3; k++)
      if (strcmp(kinds[k], save_to)) json_object_del(json_object_get(pj, kinds[k]), name);
    json_t *d = json_object_get(pj, save_to);
    if (!json_is_object(d)) {
      d = json_object();
      json_object_set_new(pj, save_to, d);
    }
    json_object_set_new(d, name, json_string(*range ? range : "latest"));
  }
  /* the request */
  json_t *wants = json_array(), *seen = json_object();
  if (o->global) {
    json_t *a;
    size_t i;
    json_array_foreach(asked, i, a) json_array_append(wants, a);
  } else {
    add_wants(wants, json_object_get(pj, "dependencies"), false, false, seen);
    add_wants(wants, json_object_get(pj, "optionalDependencies"), false, true, seen);
    add_wants(wants, json_object_get(pj, "devDependencies"), true, false, seen);
  }
  json_decref(seen);
  {
    size_t i;
    json_t *w;
    json_array_foreach(wants, i, w) {
      const char *wn = json_string_value(json_object_get(w, "name")), *wr = json_string_value(json_object_get(w, "range"));
      const char *bad = not_registry(wn ? wn : "", wr ? wr : "");
      if (!bad) continue;
      char text[1200];
      snprintf(text, sizeof text, "code EUNSUPPORTED\n%s%s%s is a git, URL or file dependency: the box installs packages "
               "from the npm registry only (NAME, NAME@RANGE, ALIAS@npm:NAME@RANGE)", bad == wn ? "" : wn,
               bad == wn ? "" : ": ", bad);
      npm_error_lines(c, text);
      json_decref(wants);
      json_decref(asked);
      json_decref(lock);
      json_decref(pj);
      return 1;
    }
  }
  json_t *req = json_pack("{s:O, s:b}", "wants", wants, "omitDev", o->omit_dev);
  char missing[700];
  bool lock_mode = false; /* the lockfile's tree, as it is: package-lock.json stays */
  json_t *lockpk = json_object_get(lock, "packages");
  if (lock && n == 0 && !o->uninstall && in_sync(pj, lock, missing, sizeof missing)) {
    json_t *l = json_object();
    const char *path;
    json_t *e;
    json_object_foreach(lockpk, path, e)
      if (*path) json_object_set(l, path, e);
    json_object_set_new(req, "lock", l);
    lock_mode = true;
  } else if (lockpk) {
    /* what the lockfile has and still fits stays as it is */
    size_t i;
    json_t *w;
    json_array_foreach(wants, i, w) {
      char p[600];
      const char *name = json_string_value(json_object_get(w, "name"));
      const char *range = json_string_value(json_object_get(w, "range"));
      snprintf(p, sizeof p, "node_modules/%s", name);
      const char *lv = json_string_value(json_object_get(json_object_get(lockpk, p), "version"));
      bool asked_now = false;
      size_t k;
      json_t *a;
      json_array_foreach(asked, k, a) asked_now |= !strcmp(json_string_value(json_object_get(a, "name")), name);
      if (lv && !asked_now && is_range(range) && satisfies(lv, range)) json_object_set_new(w, "range", json_string(lv));
    }
  }
  /* what is in node_modules already (npm's hidden lockfile) */
  json_t *hidden = o->ci ? NULL : npm_read_json(hidden_path, &err, NULL, 0);
  json_t *present = json_object();
  if (o->ci) npm_rmtree(nm);
  {
    const char *path;
    json_t *e;
    json_object_foreach(json_object_get(hidden, "packages"), path, e) {
      char pp[4400];
      snprintf(pp, sizeof pp, "%s/%s/package.json", strcmp(root, "/") ? root : "", path);
      acs__sys_stat st;
      if (json_string_value(json_object_get(e, "version")) && acs_sys_stat(pp, &st) == 0)
        json_object_set(present, path, json_object_get(e, "version"));
    }
  }
  json_object_set_new(req, "present", present);
  char gdir[] = "/usr/local/lib";
  int status = 0;
  json_t *answers = json_array();
  /* -g: each package a tree of its own */
  size_t rounds = o->global ? json_array_size(asked) : 1;
  for (size_t r = 0; r < rounds && !status; r++) {
    if (o->global) {
      json_t *one = json_array();
      json_array_append(one, json_array_get(asked, r));
      json_object_set_new(req, "wants", one);
      json_object_set(req, "global", json_object_get(json_array_get(asked, r), "name"));
      npm_mkdirs("/usr/local/lib/node_modules");
    }
    char *rs = json_dumps(req, JSON_COMPACT);
    char *ans = NULL;
    ssize_t got = rs ? acs_sys_pkg_install(o->global ? gdir : root, rs, strlen(rs), &ans) : -ENOMEM;
    free(rs);
    json_t *a = got >= 0 ? json_loads(ans, 0, NULL) : NULL;
    free(ans);
    if (!a) {
      char text[300];
      snprintf(text, sizeof text, "code E%s\nthe box could not install packages: %s", got == -E2BIG ? "2BIG" : "ENV",
               got == -E2BIG ? "the request is too large (a lockfile of thousands of packages)" : cmd_strerror((int)got));
      npm_error_lines(c, text);
      status = 1;
    } else if (!json_is_true(json_object_get(a, "ok"))) {
      report(c, a, json_object_get(req, "wants"));
      json_decref(a);
      status = 1;
    } else {
      json_array_append_new(answers, a);
    }
  }
  if (status) goto out;

  /* install scripts are never run: say so */
  size_t ai;
  json_t *a;
  int added = 0, changed = 0, removed = 0;
  json_array_foreach(answers, ai, a) {
    size_t i;
    json_t *p;
    json_array_foreach(json_object_get(a, "pkgs"), i, p) {
      if (o->omit_dev && json_is_true(json_object_get(p, "dev"))) continue;
      const char *path = json_string_value(json_object_get(p, "path"));
      const char *had = json_string_value(json_object_get(json_object_get(json_object_get(hidden, "packages"), path), "version"));
      const char *ver = json_string_value(json_object_get(p, "version"));
      if (!had) added++;
      else if (strcmp(had, ver ?: "")) changed++;
      json_t *hooks = json_object_get(p, "installScripts");
      if (json_array_size(hooks) && json_is_true(json_object_get(p, "copied"))) {
        char list[200] = "";
        size_t k;
        json_t *h;
        json_array_foreach(hooks, k, h) {
          size_t l = strlen(list);
          snprintf(list + l, sizeof list - l, "%s%s", k ? ", " : "", json_string_value(h));
        }
        char line[900];
        int ln = snprintf(line, sizeof line,
                          "npm warn install-scripts %s@%s has install scripts (%s) that were not run: the box never "
                          "runs install scripts, so a package that needs one to build or download a binary will not work\n",
                          json_string_value(json_object_get(p, "name")), ver, list);
        cmd_flush(c);
        cmd_write_fd(2, line, (size_t)(ln < (int)sizeof line ? ln : (int)sizeof line - 1));
      }
    }
  }

  if (!o->global) {
    /* what the new tree does not hold goes */
    json_t *pkgs = json_object_get(json_array_get(answers, 0), "pkgs"), *keep = json_object();
    size_t i;
    json_t *p;
    json_array_foreach(pkgs, i, p)
      if (!(o->omit_dev && json_is_true(json_object_get(p, "dev"))))
        json_object_set_new(keep, json_string_value(json_object_get(p, "path")), json_true());
    const char *path;
    json_t *e;
    json_object_foreach(json_object_get(hidden, "packages"), path, e) {
      if (json_object_get(keep, path)) continue;
      char pp[4400];
      snprintf(pp, sizeof pp, "%s/%s", strcmp(root, "/") ? root : "", path);
      npm_rmtree(pp);
      removed++;
    }
    /* extraneous top-level folders npm did not put there */
    cmd_dirent *ents = NULL;
    size_t ne = 0;
    if (cmd_dir_read(nm, &ents, &ne) == 0) {
      for (size_t k = 0; k < ne; k++) {
        if (ents[k].name[0] == '.') continue;
        char key[1200], pp[4800];
        if (ents[k].name[0] == '@') {
          /* a scope: its members */
          char sd[4400];
          snprintf(sd, sizeof sd, "%s/%s", nm, ents[k].name);
          cmd_dirent *se = NULL;
          size_t ns = 0;
          if (cmd_dir_read(sd, &se, &ns) == 0) {
            for (size_t s = 0; s < ns; s++) {
              snprintf(key, sizeof key, "node_modules/%s/%s", ents[k].name, se[s].name);
              snprintf(pp, sizeof pp, "%s/%s", sd, se[s].name);
              if (!json_object_get(keep, key)) npm_rmtree(pp);
            }
            cmd_dir_free(se, ns);
          }
          acs_sys_rmdir(sd);
          continue;
        }
        snprintf(key, sizeof key, "node_modules/%s", ents[k].name);
        snprintf(pp, sizeof pp, "%s/%s", nm, ents[k].name);
        if (!json_object_get(keep, key)) npm_rmtree(pp);
      }
      cmd_dir_free(ents, ne);
    }
    json_decref(keep);

    /* package.json: what was asked is saved as npm saves it: ^VERSION for
    ** a name alone, a tag, a version, or a range that ^VERSION fits in
    ** ("^1" becomes "^1.4.0"); any other range as written ("~1.1") */
    json_t *as;
    json_array_foreach(asked, i, as) {
      const char *name = json_string_value(json_object_get(as, "name"));
      const char *range = json_string_value(json_object_get(as, "range"));
      char real[300] = "";
      const char *r = range;
      if (!strncmp(range, "npm:", 4)) {
        const char *at = strchr(range + 4 + (range[4] == '@'), '@');
        snprintf(real, sizeof real, "%.*s", (int)(at ? (size_t)(at - range - 4) : strlen(range + 4)), range + 4);
        r = at ? at + 1 : "";
      }
      char p2[600];
      snprintf(p2, sizeof p2, "node_modules/%s", name);
      json_t *pk;
      size_t k;
      json_array_foreach(pkgs, k, pk) {
        if (strcmp(json_string_value(json_object_get(pk, "path")), p2)) continue;
        const char *ver = json_string_value(json_object_get(pk, "version"));
        if (!o->exact && is_range(r) && !is_version(r) && !caret_fits(ver, r)) continue;
        char spec[700];
        snprintf(spec, sizeof spec, "%s%s%s%s%s", *real ? "npm:" : "", real, *real ? "@" : "", o->exact ? "" : "^", ver);
        json_object_set_new(json_object_get(pj, save_to), name, json_string(spec));
      }
    }
    /* dependencies kept sorted, as npm saves them */
    static const char *const kinds[] = {"dependencies", "devDependencies", "optionalDependencies"};
    for (size_t k = 0; k < 3; k++) {
      json_t *d = json_object_get(pj, kinds[k]);
      if (!json_is_object(d)) continue;
      const char **keys = calloc(json_object_size(d) + 1, sizeof *keys);
      size_t nk = 0;
      const char *kn;
      json_t *kv;
      json_object_foreach(d, kn, kv) keys[nk++] = kn;
      for (size_t x = 1; x < nk; x++)
        for (size_t y = x; y > 0 && strcmp(keys[y - 1], keys[y]) > 0; y--) {
          const char *t = keys[y];
          keys[y] = keys[y - 1];
          keys[y - 1] = t;
        }
      json_t *sorted = json_object();
      for (size_t x = 0; x < nk; x++) json_object_set(sorted, keys[x], json_object_get(d, keys[x]));
      free(keys);
      if (json_object_size(sorted)) json_object_set_new(pj, kinds[k], sorted);
      else {
        json_decref(sorted);
        json_object_del(pj, kinds[k]);
      }
    }
    if ((n > 0 && !o->no_save) || o->uninstall) npm_write_json(pj_path, pj);

    /* the lockfiles */
    json_t *lk = json_object(), *lpk = json_object(), *hpk = json_object();
    const char *pname = json_string_value(json_object_get(pj, "name"));
    json_object_set_new(lk, "name", json_string(pname ? pname : base_name(root)));
    if (json_object_get(pj, "version")) json_object_set(lk, "version", json_object_get(pj, "version"));
    json_object_set_new(lk, "lockfileVersion", json_integer(3));
    json_object_set_new(lk, "requires", json_true());
    json_object_set_new(lpk, "", root_entry(pj, base_name(root)));
    /* entries sorted by path, as npm writes them */
    size_t np = json_array_size(pkgs);
    json_t **ord = calloc(np + 1, sizeof *ord);
    for (i = 0; ord && i < np; i++) ord[i] = json_array_get(pkgs, i);
    for (size_t x = 1; ord && x < np; x++)
      for (size_t y = x; y > 0 && strcmp(json_string_value(json_object_get(ord[y - 1], "path")),
                                         json_string_value(json_object_get(ord[y], "path"))) > 0; y--) {
        json_t *t = ord[y];
        ord[y] = ord[y - 1];
        ord[y - 1] = t;
      }
    for (i = 0; ord && i < np; i++) {
      const char *pp = json_string_value(json_object_get(ord[i], "path"));
      json_object_set_new(lpk, pp, lock_entry(ord[i]));
      if (!(o->omit_dev && json_is_true(json_object_get(ord[i], "dev")))) json_object_set_new(hpk, pp, lock_entry(ord[i]));
    }
    free(ord);
    json_object_set_new(lk, "packages", lpk);
    /* installed from the lockfile: it stays as it is (entries for other
    ** platforms included) */
    if (!o->no_lock && !lock_mode) npm_write_json(lock_path, lk);
    if (json_object_size(hpk)) {
      json_object_set_new(lk, "packages", hpk);
      npm_mkdirs(nm);
      npm_write_json(hidden_path, lk);
    } else {
      json_decref(hpk);
      acs_sys_unlink(hidden_path);
    }
    json_decref(lk);
    /* bins: made again from the tree */
    char bin_dir[4300];
    snprintf(bin_dir, sizeof bin_dir, "%s/.bin", nm);
    npm_rmtree(bin_dir);
    link_bins(nm, bin_dir, "../", pkgs, o->omit_dev, NULL);
  } else {
    json_array_foreach(answers, ai, a) {
      const char *name = json_string_value(json_object_get(json_array_get(asked, ai), "name"));
      json_t *top = json_array();
      size_t i;
      json_t *p;
      char tp[600];
      snprintf(tp, sizeof tp, "node_modules/%s", name);
      json_array_foreach(json_object_get(a, "pkgs"), i, p)
        if (!strcmp(json_string_value(json_object_get(p, "path")), tp)) json_array_append(top, p);
      link_bins("/usr/local/lib/node_modules", "/usr/local/bin", "../lib/node_modules/", top, false, name);
      json_decref(top);
    }
  }

  if (!o->quiet) {
    char took[32], line[400];
    npm_took(&t0, took, sizeof took);
    char parts[3][64];
    int np2 = 0;
    if (added) snprintf(parts[np2++], 64, "added %d package%s", added, added == 1 ? "" : "s");
    if (removed) snprintf(parts[np2++], 64, "removed %d package%s", removed, removed == 1 ? "" : "s");
    if (changed) snprintf(parts[np2++], 64, "changed %d package%s", changed, changed == 1 ? "" : "s");
    if (!np2) snprintf(line, sizeof line, "\nup to date in %s\n", took);
    else if (np2 == 1) snprintf(line, sizeof line, "\n%s in %s\n", parts[0], took);
    else if (np2 == 2) snprintf(line, sizeof line, "\n%s, and %s in %s\n", parts[0], parts[1], took);
    else snprintf(line, sizeof line, "\n%s, %s, and %s in %s\n", parts[0], parts[1], parts[2], took);
    cmd_puts(c, line);
  }
out:
  json_decref(answers);
  json_decref(req);
  json_decref(wants);
  json_decref(asked);
  json_decref(hidden);
  json_decref(lock);
  json_decref(pj);
  return status;
}
