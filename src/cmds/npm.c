/* npm.c - the box's npm: install, ci, uninstall, ls, run, test, start,
** init, view.
**
** Usage: npm <command>
**
** npm install [<pkg>[@<range>] ...]   install the project's dependencies
**                                     (package-lock.json when in sync), or
**                                     add packages (-D, --save-dev; -O;
**                                     -E, --save-exact; --no-save; -g)
**                                     aliases: i, add
** npm ci                              install exactly package-lock.json
** npm uninstall <pkg> ...             remove packages (un, rm, remove)
** npm ls [--all]                      list installed packages
** npm run <script> [-- <args>...]     run a package.json script (run-script)
** npm test | npm start | npm stop | npm restart
** npm init -y                         write a package.json
** npm view <pkg>[@<range>] [<field>]  show a package's registry data
** npm --version
**
** Options: --omit=dev (or --production), --no-package-lock, --json (ls,
** view), -s/--silent (run).
**
** Packages come from the host: the box's kernel resolves, downloads,
** verifies and unpacks them, so npm needs no network in the box. What may
** be installed is the box's package policy (acs box --allow-package,
** --no-packages). Install scripts (preinstall, install, postinstall) are
** never run. */
#include "cmd.h"
#include "lib_npm.h"
#include "lib_run.h"

#include "../pkg/semver.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define NPM_VERSION "10.8.2"

static const char *slash_root(const char *root) { return strcmp(root, "/") ? root : ""; }

/* ------------------------------------------------------------ run */

typedef struct strbuf {
  char *p;
  size_t len, cap;
} strbuf;

static void sb_add(strbuf *b, const char *s, size_t n)
{
  if (b->len + n + 1 > b->cap) {
    size_t cap = (b->len + n + 1) * 2;
    char *np = realloc(b->p, cap);
    if (!np) return;
    b->p = np, b->cap = cap;
  }
  memcpy(b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = 0;
}
static void sb_puts(strbuf *b, const char *s) { sb_add(b, s, strlen(s)); }

/* sh's quoting of an argument after --, as npm adds them to the script */
static void quote_arg(strbuf *b, const char *s)
{
  bool plain = *s != 0;
  for (const char *p = s; *p && plain; p++)
    plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%_+=:,./-", *p) != NULL;
  if (plain) {
    sb_puts(b, s);
    return;
  }
  sb_puts(b, "'");
  for (const char *p = s; *p; p++) {
    if (*p == '\'') sb_puts(b, "'\\''");
    else sb_add(b, p, 1);
  }
  sb_puts(b, "'");
}

static char **script_env(const char *root, json_t *pj, const char *event, const char *script)
{
  size_t n = 0;
  while (environ && environ[n]) n++;
  char **env = calloc(n + 12, sizeof *env);
  if (!env) return NULL;
  size_t k = 0;
  const char *path = getenv("PATH");
  strbuf p = {0};
  sb_puts(&p, "PATH=");
  /* node_modules/.bin of the project and of every directory above it */
  char d[4096];
  snprintf(d, sizeof d, "%s", root);
  for (;;) {
    sb_puts(&p, slash_root(d));
    sb_puts(&p, "/node_modules/.bin:");
    char *s = strrchr(d, '/');
    if (!s || !strcmp(d, "/")) break;
    if (s == d) d[1] = 0;
    else *s = 0;
  }
  sb_puts(&p, path ? path : "/usr/local/bin:/usr/bin:/bin");
  env[k++] = p.p;
  const char *name = json_string_value(json_object_get(pj, "name"));
  const char *ver = json_string_value(json_object_get(pj, "version"));
  char cwd[4096];
  if (acs_sys_getcwd(cwd, sizeof cwd) < 0) snprintf(cwd, sizeof cwd, "%s", root);
  if (asprintf(&env[k], "npm_lifecycle_event=%s", event) > 0) k++;
  if (asprintf(&env[k], "npm_lifecycle_script=%s", script) > 0) k++;
  if (name && asprintf(&env[k], "npm_package_name=%s", name) > 0) k++;
  if (ver && asprintf(&env[k], "npm_package_version=%s", ver) > 0) k++;
  if (asprintf(&env[k], "npm_package_json=%s/package.json", slash_root(root)) > 0) k++;
  if (asprintf(&env[k], "INIT_CWD=%s", cwd) > 0) k++;
  if (asprintf(&env[k], "npm_config_user_agent=npm/%s node/v22 linux x64", NPM_VERSION) > 0) k++;
  env[k++] = strdup("npm_execpath=/usr/bin/npm");
  env[k++] = strdup("npm_node_execpath=/usr/bin/node");
  static const char *const ours[] = {"PATH=", "npm_lifecycle_event=", "npm_lifecycle_script=", "npm_package_name=",
                                     "npm_package_version=", "npm_package_json=", "INIT_CWD=",
                                     "npm_config_user_agent=", "npm_execpath=", "npm_node_execpath="};
  for (size_t i = 0; i < n; i++) {
    bool mine = false;
    for (size_t o = 0; o < sizeof ours / sizeof *ours && !mine; o++) mine = !strncmp(environ[i], ours[o], strlen(ours[o]));
    if (!mine) env[k++] = strdup(environ[i]);
  }
  env[k] = NULL;
  return env;
}

/* One script: the banner, then sh -c in the project's directory. Its
** exit status (0 when it succeeded). */
static int run_one(acs_cmd *c, const char *root, json_t *pj, const char *event, const char *cmd, const char *shown,
                   bool silent)
{
  const char *name = json_string_value(json_object_get(pj, "name"));
  const char *ver = json_string_value(json_object_get(pj, "version"));
  if (!silent) {
    cmd_printf(c, "\n> %s%s%s %s\n> %s\n\n", name ? name : "", ver ? "@" : "", ver ? ver : "", event, shown);
  }
  cmd_flush(c);
  char **env = script_env(root, pj, event, cmd);
  char cwd[4096];
  bool moved = acs_sys_getcwd(cwd, sizeof cwd) >= 0 && strcmp(cwd, root) && acs_sys_chdir(root) == 0;
  char *argv[] = {"sh", "-c", (char *)cmd, NULL};
  int pid = acs_sys_spawn("/bin/sh", argv, env, NULL, 0);
  if (moved) acs_sys_chdir(cwd);
  for (size_t i = 0; env && env[i]; i++) free(env[i]);
  free(env);
  if (pid < 0) {
    cmd_error(c, "error: sh: %s", cmd_strerror(pid));
    return 1;
  }
  int st = 0;
  run_wait(pid, &st, -1);
  int code = run_exit_code(st);
  if (code) {
    char text[5000];
    /* npm 10's lines for a script that failed (a workspace's add "Lifecycle script ... failed") */
    snprintf(text, sizeof text, "code %d\npath %s\ncommand failed\ncommand sh -c %s", code, root, cmd);
    if (WIFSIGNALED(st))
      snprintf(text, sizeof text, "path %s\ncommand failed\nsignal %s\ncommand sh -c %s", root,
               WTERMSIG(st) == 9 ? "SIGKILL" : WTERMSIG(st) == 15 ? "SIGTERM" : WTERMSIG(st) == 2 ? "SIGINT" : "SIGHUP", cmd);
    if (!silent) npm_error_lines(c, text);
  }
  return code;
}

static bool lifecycle(const char *name)
{
  static const char *const life[] = {"install", "publish", "restart", "start", "stop", "test", "uninstall", "version"};
  const char *n = !strncmp(name, "pre", 3) ? name + 3 : !strncmp(name, "post", 4) ? name + 4 : name;
  for (size_t i = 0; i < sizeof life / sizeof *life; i++)
    if (!strcmp(n, life[i])) return true;
  return !strcmp(name, "prepublish") || !strcmp(name, "prepare");
}

/* npm run alone: the scripts, lifecycle ones first, each group in
** package.json's order */
static int list_scripts(acs_cmd *c, json_t *pj)
{
  json_t *s = json_object_get(pj, "scripts");
  const char *name = json_string_value(json_object_get(pj, "name"));
  const char *ver = json_string_value(json_object_get(pj, "version"));
  bool head = false, other = false;
  const char *k;
  json_t *v;
  json_object_foreach(s, k, v) {
    if (!lifecycle(k) || !json_is_string(v)) continue;
    if (!head) cmd_printf(c, "Lifecycle scripts included in %s%s%s:\n", name ? name : "", ver ? "@" : "", ver ? ver : "");
    head = true;
    cmd_printf(c, "  %s\n    %s\n", k, json_string_value(v));
  }
  json_object_foreach(s, k, v) {
    if (lifecycle(k) || !json_is_string(v)) continue;
    if (!other) cmd_printf(c, "%savailable via `npm run-script`:\n", head ? "\n" : "");
    other = true;
    cmd_printf(c, "  %s\n    %s\n", k, json_string_value(v));
  }
  return 0;
}

static int do_run(acs_cmd *c, const char *event, char **args, int nargs, bool silent)
{
  char *root = npm_root();
  char pjp[4200], why[600];
  snprintf(pjp, sizeof pjp, "%s/package.json", slash_root(root));
  int err = 0;
  json_t *pj = npm_read_json(pjp, &err, why, sizeof why);
  if (!pj) {
    char text[5000];
    snprintf(text, sizeof text, err == -ENOENT ? "code ENOENT\nsyscall open\npath %s\nerrno -2\nenoent Could not read "
             "package.json: Error: ENOENT: no such file or directory, open '%s'\nenoent This is related to npm not being "
             "able to find a file.\nenoent" : "code EJSONPARSE\nJSON.parse Invalid package.json: %s%s", pjp, err == -ENOENT ? pjp : why);
    npm_error_lines(c, text);
    free(root);
    return 1;
  }
  if (!event) {
    int r = list_scripts(c, pj);
    json_decref(pj);
    free(root);
    return r;
  }
  json_t *scripts = json_object_get(pj, "scripts");
  const char *cmd = json_string_value(json_object_get(scripts, event));
  char dflt[64];
  if (!cmd && !strcmp(event, "start")) {
    /* npm's default start: node server.js */
    char sj[4200];
    acs__sys_stat st;
    snprintf(sj, sizeof sj, "%s/server.js", slash_root(root));
    if (acs_sys_stat(sj, &st) == 0) cmd = strcpy(dflt, "node server.js");
  }
  if (!cmd && !strcmp(event, "restart")) {
    /* stop, then start */
    json_decref(pj);
    free(root);
    int r = do_run(c, "stop", NULL, 0, silent);
    return r ? r : do_run(c, "start", args, nargs, silent);
  }
  if (!cmd) {
    char text[600];
    snprintf(text, sizeof text, "Missing script: \"%s\"\n\nTo see a list of scripts, run:\n  npm run", event);
    npm_error_lines(c, text);
    json_decref(pj);
    free(root);
    return 1;
  }
  /* sh gets the arguments quoted; the banner shows them as given */
  strbuf full = {0}, shown = {0};
  sb_puts(&full, cmd);
  sb_puts(&shown, cmd);
  for (int i = 0; i < nargs; i++) {
    sb_puts(&full, " ");
    quote_arg(&full, args[i]);
    sb_puts(&shown, " ");
    sb_puts(&shown, args[i]);
  }
  char pre[300], post[300];
  snprintf(pre, sizeof pre, "pre%s", event);
  snprintf(post, sizeof post, "post%s", event);
  int code = 0;
  const char *p = json_string_value(json_object_get(scripts, pre));
  if (p) code = run_one(c, root, pj, pre, p, p, silent);
  if (!code) code = run_one(c, root, pj, event, full.p ? full.p : cmd, shown.p ? shown.p : cmd, silent);
  const char *q = json_string_value(json_object_get(scripts, post));
  if (!code && q) code = run_one(c, root, pj, post, q, q, silent);
  free(full.p);
  free(shown.p);
  json_decref(pj);
  free(root);
  return code;
}

/* ------------------------------------------------------------ init */

static int do_init(acs_cmd *c, bool yes)
{
  if (!yes) {
    cmd_error(c, "%s", "init without -y asks questions on a terminal; run `npm init -y`");
    return 1;
  }
  char cwd[4096];
  if (acs_sys_getcwd(cwd, sizeof cwd) < 0) snprintf(cwd, sizeof cwd, "/");
  char path[4200];
  snprintf(path, sizeof path, "%s/package.json", slash_root(cwd));
  int err = 0;
  json_t *old = npm_read_json(path, &err, NULL, 0);
  const char *base = strrchr(cwd, '/');
  base = base && base[1] ? base + 1 : "root";
  char name[256];
  size_t k = 0;
  for (const char *p = base; *p && k + 1 < sizeof name; p++) {
    char ch = *p >= 'A' && *p <= 'Z' ? (char)(*p - 'A' + 'a') : *p;
    name[k++] = (ch == ' ' ? '-' : ch);
  }
  name[k] = 0;
  json_t *pj = json_object();
  json_object_set_new(pj, "name", json_string(name));
  json_object_set_new(pj, "version", json_string("1.0.0"));
  json_object_set_new(pj, "main", json_string("index.js"));
  json_t *scripts = json_object();
  json_object_set_new(scripts, "test", json_string("echo \"Error: no test specified\" && exit 1"));
  json_object_set_new(pj, "scripts", scripts);
  json_object_set_new(pj, "keywords", json_array());
  json_object_set_new(pj, "author", json_string(""));
  json_object_set_new(pj, "license", json_string("ISC"));
  json_object_set_new(pj, "description", json_string(""));
  /* an existing package.json keeps what it has */
  const char *key;
  json_t *v;
  json_object_foreach(old, key, v) json_object_set(pj, key, v);
  json_decref(old);
  int rc = npm_write_json(path, pj);
  if (rc) {
    char text[5000];
    snprintf(text, sizeof text, "code %s\nsyscall open\npath %s\n%s", rc == -EACCES ? "EACCES" : "EIO", path, cmd_strerror(rc));
    npm_error_lines(c, text);
    json_decref(pj);
    return 1;
  }
  char *s = json_dumps(pj, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  cmd_printf(c, "Wrote to %s:\n\n%s\n\n\n", path, s ? s : "");
  free(s);
  json_decref(pj);
  return 0;
}

/* ------------------------------------------------------------ ls */

/* npm draws trees in Unicode when the locale is UTF-8, else in ASCII
** (its "unicode" default). g: 0 "├", 1 "└", 2 "─", 3 "┬", 4 "│". */
static const char *glyph(int g)
{
  static int uni = -1;
  if (uni < 0) {
    const char *l = getenv("LC_ALL");
    if (!l || !*l) l = getenv("LC_CTYPE");
    if (!l || !*l) l = getenv("LANG");
    size_t n = l ? strlen(l) : 0;
    uni = n >= 4 && (!strcasecmp(l + n - 4, "utf8") || (n >= 5 && !strcasecmp(l + n - 5, "utf-8")));
  }
  static const char *const u[] = {"├", "└", "─", "┬", "│"}, *const a[] = {"+", "`", "-", "-", "|"};
  return uni ? u[g] : a[g];
}

/* The lockfile path Node's resolution finds `name` at from the package at
** `from` ("" for the project), or NULL. Into out. */
static const char *ls_resolve(json_t *tree, const char *from, const char *name, char *out, size_t cap)
{
  char at[4096];
  snprintf(at, sizeof at, "%s", from);
  for (;;) {
    if ((size_t)snprintf(out, cap, "%s%snode_modules/", at, *at ? "/" : "") + strlen(name) >= cap) return NULL;
    strcat(out, name);
    if (json_object_get(tree, out)) return out;
    if (!*at) return NULL;
    /* one package up: "node_modules/a/node_modules/b" -> "node_modules/a" -> "" */
    char *last = NULL;
    for (char *q = at; (q = strstr(q, "/node_modules/")); q++) last = q;
    if (last) *last = 0;
    else at[0] = 0;
  }
}

static json_t *ls_deps(json_t *tree, json_t *pj, const char *path)
{
  json_t *d = json_object(), *src = *path ? json_object_get(tree, path) : pj;
  static const char *const kinds[] = {"dependencies", "devDependencies", "optionalDependencies", "peerDependencies"};
  for (size_t k = 0; k < 4; k++) {
    if (k == 1 && *path) continue; /* a dependency's devDependencies are not installed */
    const char *n;
    json_t *v;
    json_object_foreach(json_object_get(src, kinds[k]), n, v)
      if (!json_object_get(d, n)) json_object_set(d, n, v);
  }
  return d;
}

static int cmp_cstr(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

/* npm ls --all: the tree, breadth first deciding where each package is
** shown whole (its first edge) and where it is "deduped". */
static void ls_print(acs_cmd *c, json_t *tree, json_t *pj, const char *path, const char *prefix, json_t *full, int depth)
{
  json_t *deps = ls_deps(tree, pj, path);
  size_t n = json_object_size(deps), k = 0;
  const char **names = calloc(n + 1, sizeof *names);
  const char *key;
  json_t *v;
  json_object_foreach(deps, key, v) names[k++] = key;
  qsort(names, k, sizeof *names, cmp_cstr);
  for (size_t i = 0; i < k; i++) {
    bool last = i + 1 == k;
    char target[1100], edge[2200];
    const char *t = ls_resolve(tree, path, names[i], target, sizeof target);
    snprintf(edge, sizeof edge, "%s\t%s", path, names[i]);
    const char *ver = t ? json_string_value(json_object_get(json_object_get(tree, t), "version")) : NULL;
    bool whole = t && json_is_true(json_object_get(full, edge));
    json_t *sub = whole ? ls_deps(tree, pj, t) : NULL;
    bool kids = sub && json_object_size(sub) && depth < 64;
    json_decref(sub);
    if (!t) {
      bool opt = json_object_get(json_object_get(*path ? json_object_get(tree, path) : pj, "optionalDependencies"), names[i]) ||
                 json_object_get(json_object_get(*path ? json_object_get(tree, path) : pj, "peerDependencies"), names[i]);
      if (opt && *path) continue;
      cmd_printf(c, "%s%s%s%s UNMET %sDEPENDENCY %s@%s\n", prefix, glyph(last), glyph(2), glyph(2), opt ? "OPTIONAL " : "", names[i],
                 json_string_value(json_object_get(deps, names[i])) ?: "");
      continue;
    }
    /* an alias shows what it stands for: al@npm:real@1.0.0 */
    const char *real = json_string_value(json_object_get(json_object_get(tree, t), "name"));
    cmd_printf(c, "%s%s%s%s %s@%s%s%s%s%s\n", prefix, glyph(last), glyph(2), glyph(kids ? 3 : 2), names[i], real ? "npm:" : "",
               real ? real : "", real ? "@" : "", ver ? ver : "", whole ? "" : " deduped");
    if (kids) {
      char np[4096];
      snprintf(np, sizeof np, "%s%s ", prefix, last ? " " : glyph(4));
      ls_print(c, tree, pj, t, np, full, depth + 1);
    }
  }
  free(names);
  json_decref(deps);
}

static void ls_all(acs_cmd *c, json_t *tree, json_t *pj)
{
  json_t *full = json_object(), *seen = json_object(), *queue = json_array();
  json_array_append_new(queue, json_string(""));
  json_object_set_new(seen, "", json_true());
  for (size_t qi = 0; qi < json_array_size(queue); qi++) {
    const char *path = json_string_value(json_array_get(queue, qi));
    json_t *deps = ls_deps(tree, pj, path);
    size_t n = json_object_size(deps), k = 0;
    const char **names = calloc(n + 1, sizeof *names);
    const char *key;
    json_t *v;
    json_object_foreach(deps, key, v) names[k++] = key;
    qsort(names, k, sizeof *names, cmp_cstr);
    for (size_t i = 0; i < k; i++) {
      char target[1100], edge[2200];
      if (!ls_resolve(tree, path, names[i], target, sizeof target) || json_object_get(seen, target)) continue;
      json_object_set_new(seen, target, json_true());
      snprintf(edge, sizeof edge, "%s\t%s", path, names[i]);
      json_object_set_new(full, edge, json_true());
      json_array_append_new(queue, json_string(target));
    }
    free(names);
    json_decref(deps);
  }
  ls_print(c, tree, pj, "", "", full, 0);
  json_decref(full);
  json_decref(seen);
  json_decref(queue);
}

static bool fits(const char *want, const char *have)
{
  if (!strcmp(want, "latest") || !strcmp(want, "*") || strchr(want, ':')) return true;
  bool ok = true;
  acs__semver_range *r = NULL;
  acs__semver sv;
  if (acs__semver_range_parse(want, &r, NULL) == 0 && acs__semver_parse(have, 0, &sv, NULL) == 0) {
    ok = acs__semver_range_test(r, &sv);
    acs__semver_clear(&sv);
  }
  acs__semver_range_free(r);
  return ok;
}

static int do_ls(acs_cmd *c, bool json_out, bool tree_all)
{
  char *root = npm_root();
  char pjp[4200];
  snprintf(pjp, sizeof pjp, "%s/package.json", slash_root(root));
  int err = 0;
  json_t *pj = npm_read_json(pjp, &err, NULL, 0);
  if (!pj) pj = json_object();
  const char *name = json_string_value(json_object_get(pj, "name"));
  const char *ver = json_string_value(json_object_get(pj, "version"));
  json_t *all = json_object(); /* name -> wanted range */
  static const char *const kinds[] = {"dependencies", "devDependencies", "optionalDependencies", "peerDependencies"};
  for (size_t k = 0; k < 4; k++) {
    const char *n;
    json_t *v;
    json_object_foreach(json_object_get(pj, kinds[k]), n, v)
      if (!json_object_get(all, n)) json_object_set(all, n, v);
  }
  /* and what sits in node_modules that no dependency brought (extraneous):
  ** npm's hidden lockfile holds what an install put there */
  char nm[4300], hp[4400];
  snprintf(nm, sizeof nm, "%s/node_modules", slash_root(root));
  snprintf(hp, sizeof hp, "%s/.package-lock.json", nm);
  json_t *hidden = npm_read_json(hp, &err, NULL, 0);
  json_t *tree = json_object_get(hidden, "packages");
  cmd_dirent *ents = NULL;
  size_t ne = 0;
  if (cmd_dir_read(nm, &ents, &ne) == 0) {
    for (size_t i = 0; i < ne; i++) {
      if (ents[i].name[0] == '.') continue;
      if (ents[i].name[0] == '@') {
        char sd[4600];
        snprintf(sd, sizeof sd, "%s/%s", nm, ents[i].name);
        cmd_dirent *se = NULL;
        size_t ns = 0;
        if (cmd_dir_read(sd, &se, &ns) == 0) {
          for (size_t s = 0; s < ns; s++) {
            char full[600], key[700];
            snprintf(full, sizeof full, "%s/%s", ents[i].name, se[s].name);
            snprintf(key, sizeof key, "node_modules/%s", full);
            if (!json_object_get(all, full) && !json_object_get(tree, key)) json_object_set_new(all, full, json_null());
          }
          cmd_dir_free(se, ns);
        }
      } else if (!json_object_get(all, ents[i].name)) {
        char key[700];
        snprintf(key, sizeof key, "node_modules/%s", ents[i].name);
        if (!json_object_get(tree, key)) json_object_set_new(all, ents[i].name, json_null());
      }
    }
    cmd_dir_free(ents, ne);
  }
  size_t n = json_object_size(all);
  const char **names = calloc(n + 1, sizeof *names);
  size_t k = 0;
  const char *key;
  json_t *v;
  json_object_foreach(all, key, v) names[k++] = key;
  for (size_t x = 1; x < k; x++)
    for (size_t y = x; y > 0 && strcmp(names[y - 1], names[y]) > 0; y--) {
      const char *t = names[y];
      names[y] = names[y - 1];
      names[y - 1] = t;
    }
  int status = 0;
  json_t *jdeps = json_object();
  strbuf problems = {0};
  if (!json_out) cmd_printf(c, "%s%s%s %s\n", name ? name : "", ver ? "@" : "", ver ? ver : "", root);
  if (tree_all && !json_out && k) ls_all(c, tree, pj);
  if (!k && !json_out) cmd_printf(c, "%s%s%s (empty)\n", glyph(1), glyph(2), glyph(2));
  for (size_t i = 0; i < k; i++) {
    const char *want = json_string_value(json_object_get(all, names[i]));
    char pp[4800];
    snprintf(pp, sizeof pp, "%s/%s/package.json", nm, names[i]);
    json_t *m = npm_read_json(pp, &err, NULL, 0);
    const char *have = json_string_value(json_object_get(m, "version"));
    char branch[32];
    snprintf(branch, sizeof branch, "%s%s%s ", glyph(i + 1 == k), glyph(2), glyph(2));
    char line[1200];
    if (!have) {
      snprintf(line, sizeof line, "%sUNMET DEPENDENCY %s@%s\n", branch, names[i], want ? want : "");
      char pr[6000];
      snprintf(pr, sizeof pr, "missing: %s@%s, required by %s@%s\n", names[i], want ? want : "", name ? name : "", ver ? ver : "");
      sb_puts(&problems, pr);
      status = 1;
      json_object_set_new(jdeps, names[i], json_pack("{s:s, s:b}", "required", want ? want : "", "missing", 1));
    } else if (!want) {
      snprintf(line, sizeof line, "%s%s@%s extraneous\n", branch, names[i], have);
      char pr[6000];
      snprintf(pr, sizeof pr, "extraneous: %s@%s %s/%s\n", names[i], have, nm, names[i]);
      sb_puts(&problems, pr);
      status = 1;
      json_object_set_new(jdeps, names[i], json_pack("{s:s, s:b}", "version", have, "extraneous", 1));
    } else if (!fits(want, have)) {
      snprintf(line, sizeof line, "%s%s@%s invalid: \"%s\" from the root project\n", branch, names[i], have, want);
      char pr[6000];
      snprintf(pr, sizeof pr, "invalid: %s@%s %s/%s\n", names[i], have, nm, names[i]);
      sb_puts(&problems, pr);
      status = 1;
      json_object_set_new(jdeps, names[i], json_pack("{s:s, s:b}", "version", have, "invalid", 1));
    } else {
      const char *real = json_string_value(json_object_get(m, "name"));
      if (real && strcmp(real, names[i]))
        snprintf(line, sizeof line, "%s%s@npm:%s@%s\n", branch, names[i], real, have);
      else
        snprintf(line, sizeof line, "%s%s@%s\n", branch, names[i], have);
      json_object_set_new(jdeps, names[i], json_pack("{s:s, s:b}", "version", have, "overridden", 0));
    }
    if (!json_out && !tree_all) cmd_puts(c, line);
    json_decref(m);
  }
  if (json_out) {
    json_t *o = json_object();
    if (ver) json_object_set_new(o, "version", json_string(ver));
    if (name) json_object_set_new(o, "name", json_string(name));
    if (json_object_size(jdeps)) json_object_set(o, "dependencies", jdeps);
    char *s = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    cmd_printf(c, "%s\n", s ? s : "{}");
    free(s);
    json_decref(o);
  } else {
    cmd_puts(c, "\n");
  }
  if (problems.p) {
    if (problems.len && problems.p[problems.len - 1] == '\n') problems.p[--problems.len] = 0;
    char *text = NULL;
    if (asprintf(&text, "code ELSPROBLEMS\n%s", problems.p) > 0) npm_error_lines(c, text);
    free(text);
  }
  free(problems.p);
  json_decref(jdeps);
  json_decref(hidden);
  free(names);
  json_decref(all);
  json_decref(pj);
  free(root);
  return status;
}

/* ------------------------------------------------------------ view */

static void print_value(acs_cmd *c, json_t *v)
{
  if (json_is_string(v)) cmd_printf(c, "%s\n", json_string_value(v));
  else {
    char *s = json_dumps(v, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_ENCODE_ANY);
    cmd_printf(c, "%s\n", s ? s : "");
    free(s);
  }
}

static int do_view(acs_cmd *c, const char *spec, char **fields, int nf, bool json_out)
{
  char name[300], range[300];
  const char *at = strchr(spec + (spec[0] == '@'), '@');
  snprintf(name, sizeof name, "%.*s", (int)(at ? (size_t)(at - spec) : strlen(spec)), spec);
  snprintf(range, sizeof range, "%s", at ? at + 1 : "");
  json_t *req = json_pack("{s:{s:s, s:s}}", "view", "name", name, "range", range);
  char *rs = json_dumps(req, JSON_COMPACT);
  json_decref(req);
  char *ans = NULL;
  char cwd[4096];
  if (acs_sys_getcwd(cwd, sizeof cwd) < 0) snprintf(cwd, sizeof cwd, "/");
  ssize_t got = rs ? acs_sys_pkg_install(cwd, rs, strlen(rs), &ans) : -ENOMEM;
  free(rs);
  json_t *a = got >= 0 ? json_loads(ans, 0, NULL) : NULL;
  free(ans);
  if (!a || !json_is_true(json_object_get(a, "ok"))) {
    const char *code = json_string_value(json_object_get(a, "code"));
    const char *msg = json_string_value(json_object_get(a, "message"));
    char text[3000];
    if (code && !strcmp(code, "E404"))
      snprintf(text, sizeof text, "code E404\n404 Not Found - GET %s/%s - Not found\n404\n404  '%s@%s' is not in this registry.\n"
               "404\n404 Note that you can also install from a\n404 tarball, folder, http url, or git url.",
               json_string_value(json_object_get(a, "registry")) ?: "https://registry.npmjs.org", name, name, *range ? range : "*");
    else
      snprintf(text, sizeof text, "code %s\n%s", code ? code : "EENV", msg ? msg : cmd_strerror((int)got));
    npm_error_lines(c, text);
    json_decref(a);
    return 1;
  }
  json_t *v = json_object_get(a, "view"), *m = json_object_get(v, "manifest");
  if (!json_is_object(m)) m = json_object_get(v, "manifest");
  json_t *doc = json_deep_copy(json_is_object(m) ? m : json_object());
  json_object_set(doc, "versions", json_object_get(v, "versions"));
  json_object_set(doc, "dist-tags", json_object_get(v, "distTags"));
  json_object_set(doc, "dist", json_object_get(v, "dist"));
  if (nf > 0) {
    for (int i = 0; i < nf; i++) {
      json_t *x = doc;
      char f[300];
      snprintf(f, sizeof f, "%s", fields[i]);
      for (char *tok = strtok(f, "."); tok && x; tok = strtok(NULL, ".")) x = json_object_get(x, tok);
      if (!x) continue;
      if (nf > 1) cmd_printf(c, "%s = ", fields[i]);
      if (json_out) {
        char *s = json_dumps(x, JSON_INDENT(2) | JSON_ENCODE_ANY | JSON_PRESERVE_ORDER);
        cmd_printf(c, "%s\n", s ? s : "");
        free(s);
      } else {
        print_value(c, x);
      }
    }
  } else if (json_out) {
    char *s = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    cmd_printf(c, "%s\n", s ? s : "");
    free(s);
  } else {
    const char *lic = json_string_value(json_object_get(doc, "license"));
    size_t ndeps = json_object_size(json_object_get(doc, "dependencies"));
    char deps[32];
    if (ndeps) snprintf(deps, sizeof deps, "%zu", ndeps);
    else snprintf(deps, sizeof deps, "none");
    cmd_printf(c, "\n%s@%s | %s | deps: %s | versions: %zu\n", name, json_string_value(json_object_get(v, "version")),
               lic ? lic : "Proprietary", deps, json_array_size(json_object_get(v, "versions")));
    const char *desc = json_string_value(json_object_get(doc, "description"));
    if (desc) cmd_printf(c, "%s\n", desc);
    const char *home = json_string_value(json_object_get(doc, "homepage"));
    if (home) cmd_printf(c, "%s\n", home);
    json_t *bin = json_object_get(doc, "bin");
    if (json_is_object(bin) && json_object_size(bin)) {
      cmd_puts(c, "\nbin: ");
      const char *bk;
      json_t *bv;
      int i = 0;
      json_object_foreach(bin, bk, bv) cmd_printf(c, "%s%s", i++ ? ", " : "", bk);
      cmd_puts(c, "\n");
    }
    json_t *dist = json_object_get(doc, "dist");
    cmd_puts(c, "\ndist\n");
    const char *t = json_string_value(json_object_get(dist, "tarball"));
    const char *sh = json_string_value(json_object_get(dist, "shasum"));
    const char *in = json_string_value(json_object_get(dist, "integrity"));
    if (t) cmd_printf(c, ".tarball: %s\n", t);
    if (sh) cmd_printf(c, ".shasum: %s\n", sh);
    if (in) cmd_printf(c, ".integrity: %s\n", in);
    if (ndeps) {
      cmd_puts(c, "\ndependencies:\n");
      const char *dk;
      json_t *dv;
      json_object_foreach(json_object_get(doc, "dependencies"), dk, dv) cmd_printf(c, "%s: %s\n", dk, json_string_value(dv));
    }
    cmd_puts(c, "\ndist-tags:\n");
    const char *tk;
    json_t *tv;
    json_object_foreach(json_object_get(doc, "dist-tags"), tk, tv) cmd_printf(c, "%s: %s\n", tk, json_string_value(tv));
    cmd_puts(c, "\n");
  }
  json_decref(doc);
  json_decref(a);
  return 0;
}

/* ------------------------------------------------------------ main */

static int unknown(acs_cmd *c, const char *cmd)
{
  char text[600];
  snprintf(text, sizeof text, "Unknown command: \"%s\"\n\nTo see a list of supported npm commands, run:\n  npm help", cmd);
  npm_error_lines(c, text);
  return 1;
}

int acs__cmd_npm(acs_cmd *c, int argc, char **argv)
{
  npm_opts o = {0};
  bool json_out = false, silent = false, yes = false, all = false;
  const char *command = NULL;
  char **ops = calloc((size_t)argc + 1, sizeof *ops);
  char **after = NULL; /* arguments after -- */
  int nops = 0, nafter = 0, took = 0;
  if (!ops) return 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--")) {
      after = argv + i + 1;
      nafter = argc - i - 1;
      break;
    }
    if (!command && a[0] != '-') {
      command = a;
      continue;
    }
    if (command && !strcmp(command, "run") && nops >= 1 && a[0] != '-') {
      ops[nops++] = argv[i];
      continue;
    }
    if (!strcmp(a, "-D") || !strcmp(a, "--save-dev")) o.dev = true;
    else if (!strcmp(a, "-O") || !strcmp(a, "--save-optional")) o.optional = true;
    else if (!strcmp(a, "-E") || !strcmp(a, "--save-exact")) o.exact = true;
    else if (!strcmp(a, "-g") || !strcmp(a, "--global")) o.global = true;
    else if (!strcmp(a, "--omit=dev") || !strcmp(a, "--production") || !strcmp(a, "--omit") || !strcmp(a, "--only=prod")) {
      o.omit_dev = true;
      if (!strcmp(a, "--omit") && i + 1 < argc) i++;
    }
    else if (!strcmp(a, "--no-save")) o.no_save = true;
    else if (!strcmp(a, "--no-package-lock")) o.no_lock = true;
    else if (!strcmp(a, "--json")) json_out = true;
    else if (!strcmp(a, "-s") || !strcmp(a, "--silent") || !strcmp(a, "--loglevel=silent")) silent = true;
    else if (!strcmp(a, "-y") || !strcmp(a, "--yes")) yes = true;
    else if (!strcmp(a, "--all") || !strcmp(a, "-a")) all = true;
    else if (!strcmp(a, "-v") || !strcmp(a, "--version")) {
      if (!command) {
        cmd_puts(c, NPM_VERSION "\n");
        free(ops);
        return 0;
      }
    } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      if (!command) {
        cmd_puts(c, c->help);
        free(ops);
        return 0;
      }
    } else if (!strcmp(a, "--save") || !strcmp(a, "-S") || !strcmp(a, "--no-audit") || !strcmp(a, "--no-fund") ||
               !strcmp(a, "--ignore-scripts") || !strcmp(a, "--prefer-offline") || !strcmp(a, "--legacy-peer-deps") ||
               !strcmp(a, "--no-progress") || !strcmp(a, "--force") || !strcmp(a, "-f") || !strncmp(a, "--loglevel", 10) ||
               !strcmp(a, "--quiet") || !strcmp(a, "-q")) {
      /* what npm takes and the box does anyway (no audit, no scripts) */
    } else if (a[0] == '-' && (took = npm_host_option(c, argc, argv, i))) {
      i += took - 1;
    } else if (a[0] == '-' && command && (!strcmp(command, "run") || !strcmp(command, "run-script") ||
                                          !strcmp(command, "test") || !strcmp(command, "start"))) {
      ops[nops++] = argv[i]; /* npm passes unknown options of run on */
    } else if (a[0] == '-') {
      /* npm 10 only warns about unknown flags */
      cmd_flush(c);
      char line[400];
      int l = snprintf(line, sizeof line, "npm warn Unknown cli config \"%s\". This will stop working in the next major version of npm.\n", a);
      cmd_write_fd(2, line, (size_t)l);
    } else {
      ops[nops++] = argv[i];
    }
  }
  int status = 0;
  if (!command) {
    cmd_puts(c, c->help);
    status = 1;
  } else if (!strcmp(command, "install") || !strcmp(command, "i") || !strcmp(command, "add") ||
             !strcmp(command, "in") || !strcmp(command, "isntall")) {
    char *root = o.global ? strdup("/usr/local/lib") : npm_root();
    status = npm_install(c, root, ops, nops, &o);
    free(root);
  } else if (!strcmp(command, "ci") || !strcmp(command, "clean-install")) {
    o.ci = true;
    char *root = npm_root();
    status = npm_install(c, root, NULL, 0, &o);
    free(root);
  } else if (!strcmp(command, "uninstall") || !strcmp(command, "un") || !strcmp(command, "rm") ||
             !strcmp(command, "remove") || !strcmp(command, "r") || !strcmp(command, "unlink")) {
    o.uninstall = true;
    if (o.global) {
      struct timespec t0;
      clock_gettime(CLOCK_MONOTONIC, &t0);
      int gone = 0;
      for (int i = 0; i < nops; i++) {
        char p[600], pj[700];
        snprintf(p, sizeof p, "/usr/local/lib/node_modules/%s", ops[i]);
        snprintf(pj, sizeof pj, "%s/package.json", p);
        int err = 0;
        json_t *m = npm_read_json(pj, &err, NULL, 0);
        /* its bins in /usr/local/bin go with it */
        const char *bk;
        json_t *bv;
        json_t *bins = json_object_get(m, "bin");
        if (json_is_string(bins)) {
          char b[700];
          const char *base = strrchr(ops[i], '/');
          snprintf(b, sizeof b, "/usr/local/bin/%s", base ? base + 1 : ops[i]);
          acs_sys_unlink(b);
        }
        json_object_foreach(bins, bk, bv) {
          char b[700];
          snprintf(b, sizeof b, "/usr/local/bin/%s", bk);
          if (!strchr(bk, '/')) acs_sys_unlink(b);
        }
        json_decref(m);
        acs__sys_stat st;
        if (acs_sys_lstat(p, &st) == 0 && npm_rmtree(p) == 0) gone++;
      }
      char took[32];
      npm_took(&t0, took, sizeof took);
      if (gone) cmd_printf(c, "\nremoved %d package%s in %s\n", gone, gone == 1 ? "" : "s", took);
      else cmd_printf(c, "\nup to date in %s\n", took);
    } else {
      char *root = npm_root();
      status = npm_install(c, root, ops, nops, &o);
      free(root);
    }
  } else if (!strcmp(command, "ls") || !strcmp(command, "list") || !strcmp(command, "la") || !strcmp(command, "ll")) {
    status = do_ls(c, json_out, all);
  } else if (!strcmp(command, "run") || !strcmp(command, "run-script") || !strcmp(command, "rum") ||
             !strcmp(command, "urn")) {
    /* the script's arguments: what follows its name, then what follows -- */
    for (int i = 0; i < nafter; i++) ops[nops++] = after[i];
    status = do_run(c, nops ? ops[0] : NULL, ops + 1, nops > 1 ? nops - 1 : 0, silent);
  } else if (!strcmp(command, "test") || !strcmp(command, "t") || !strcmp(command, "tst") ||
             !strcmp(command, "start") || !strcmp(command, "stop") || !strcmp(command, "restart")) {
    const char *ev = command[0] == 't' ? "test" : command;
    for (int i = 0; i < nafter; i++) ops[nops++] = after[i];
    status = do_run(c, ev, ops, nops, silent);
  } else if (!strcmp(command, "init") || !strcmp(command, "create")) {
    status = do_init(c, yes);
  } else if (!strcmp(command, "view") || !strcmp(command, "info") || !strcmp(command, "show") ||
             !strcmp(command, "v")) {
    if (!nops) {
      npm_error_lines(c, "code EUSAGE\n\nView registry info\n\nUsage:\nnpm view [<package-spec>] [<field>[.subfield]...]");
      status = 1;
    } else {
      status = do_view(c, ops[0], ops + 1, nops - 1, json_out);
    }
  } else if (!strcmp(command, "help")) {
    cmd_puts(c, c->help);
  } else if (!strcmp(command, "exec") || !strcmp(command, "x")) {
    cmd_flush(c);
    char **v = calloc((size_t)nops + (size_t)nafter + 3, sizeof *v);
    int k = 0;
    v[k++] = "npx";
    for (int i = 0; i < nops; i++) v[k++] = ops[i];
    for (int i = 0; i < nafter; i++) v[k++] = after[i];
    int pid = run_spawn(v, NULL);
    free(v);
    int st = 0;
    if (pid < 0) status = run_failed(c, "npx", pid);
    else {
      run_wait(pid, &st, -1);
      status = run_exit_code(st);
    }
  } else if (!strcmp(command, "prefix")) {
    char *root = o.global ? strdup("/usr/local") : npm_root();
    cmd_printf(c, "%s\n", root);
    free(root);
  } else if (!strcmp(command, "root")) {
    char *root = npm_root();
    cmd_printf(c, "%s\n", o.global ? "/usr/local/lib/node_modules" : root);
    free(root);
  } else if (!strcmp(command, "bin")) {
    return unknown(c, command);
  } else if (!strcmp(command, "audit") || !strcmp(command, "fund")) {
    cmd_puts(c, !strcmp(command, "audit") ? "found 0 vulnerabilities\n" : "");
  } else if (!strcmp(command, "config") || !strcmp(command, "c")) {
    if (nops >= 2 && !strcmp(ops[0], "get")) cmd_puts(c, !strcmp(ops[1], "prefix") ? "/usr/local\n" : "undefined\n");
    else cmd_puts(c, "; the box's npm has no configuration file\n");
  } else {
    status = unknown(c, command);
  }
  free(ops);
  return status;
}
