/* pip.c - the box's pip (and pip3): install, uninstall, list, show, freeze.
**
** Usage: pip <command> [options]
**
** pip install [options] <requirement> ...   install packages from the
**                                          box's index ("name", "name==1.0",
**                                          "name[extra]>=2,<3", "name; marker")
**   -r, --requirement FILE   install from a requirements file (repeatable)
**   -U, --upgrade            upgrade the named packages to the newest fit
**   --force-reinstall        reinstall even when already up to date
**   --no-deps                do not install dependencies
**   --user                   install into ~/.local (the default when the
**                            system site-packages is not writable)
**   -q, --quiet              print only errors
** pip uninstall [-y] <package> ... | -r FILE   remove packages
** pip list [--format=columns|freeze|json]     list installed packages
** pip show [-f] <package> ...                 show installed packages
** pip freeze                                  installed packages as
**                                             requirements
** pip download [-d DIR] <requirement> ...     save the wheels (and their
**                                             dependencies') into DIR
** pip --version
**
** Packages come from the host: the box's kernel reads the package index
** (ACS_PYPI_INDEX_URL on the host), resolves, downloads, checks each
** wheel's sha256 and unpacks it, so pip needs no network in the box. Only
** pure-Python wheels install (the box's Python is CPython 3.11 on
** wasm32-wasi); nothing is built from source. What may be installed is
** the box's package policy (acs box --allow-package, --no-packages). */
#include "cmd.h"
#include "lib_npm.h"

#include "../base/base.h"
#include "../pkg/pyreq.h"
#include "../pkg/pyver.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PIP_VERSION "23.2.1"
#define SYS_SITE "/usr/local/lib/python3.11/site-packages"
#define SYS_PREFIX "/usr/local"
#define REQUESTED_ROW "sha256=47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU,0"

/* ------------------------------------------------------------ messages */

static void err_lines(acs_cmd *c, const char *text)
{
  cmd_flush(c);
  cmd_write_fd(2, text, strlen(text));
  if (*text && text[strlen(text) - 1] != '\n') cmd_write_fd(2, "\n", 1);
}

static void errf(acs_cmd *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void errf(acs_cmd *c, const char *fmt, ...)
{
  char buf[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  err_lines(c, buf);
}

/* ------------------------------------------------------------ what is installed */

typedef struct dist {
  char name[128], key[128], version[96];
  char summary[512], home[512], author[256], author_email[256], license[256];
  char location[720], info[300]; /* site folder, .dist-info folder name */
  json_t *requires;              /* Requires-Dist lines */
  bool requested;
} dist;

typedef struct dists {
  dist *v;
  size_t n;
} dists;

static char *home_dir(void)
{
  const char *h = getenv("HOME");
  return strdup(h && *h ? h : "/root");
}

static void user_site(char *out, size_t cap)
{
  char *h = home_dir();
  snprintf(out, cap, "%s/.local/lib/python3.11/site-packages", strcmp(h, "/") ? h : "");
  free(h);
}

static void field(const char *line, const char *name, char *out, size_t cap)
{
  size_t n = strlen(name);
  if (strncasecmp(line, name, n) || line[n] != ':') return;
  const char *v = line + n + 1;
  while (*v == ' ' || *v == '\t') v++;
  if (!*out) snprintf(out, cap, "%s", v);
}

static void read_dist(dists *ds, const char *site, const char *info)
{
  char path[1200];
  snprintf(path, sizeof path, "%s/%s/METADATA", site, info);
  char *t = NULL;
  size_t len;
  if (cmd_read_all(path, &t, &len)) {
    snprintf(path, sizeof path, "%s/%s/PKG-INFO", site, info);
    if (cmd_read_all(path, &t, &len)) return;
  }
  dist *nv = realloc(ds->v, (ds->n + 1) * sizeof *nv);
  if (!nv) {
    free(t);
    return;
  }
  ds->v = nv;
  dist *d = &ds->v[ds->n];
  memset(d, 0, sizeof *d);
  d->requires = json_array();
  for (char *line = t, *next; line && *line; line = next) {
    next = strchr(line, '\n');
    if (next) *next++ = 0;
    size_t l = strlen(line);
    if (l && line[l - 1] == '\r') line[--l] = 0;
    if (!l) break;
    field(line, "Name", d->name, sizeof d->name);
    field(line, "Version", d->version, sizeof d->version);
    field(line, "Summary", d->summary, sizeof d->summary);
    field(line, "Home-page", d->home, sizeof d->home);
    field(line, "Author", d->author, sizeof d->author);
    field(line, "Author-email", d->author_email, sizeof d->author_email);
    field(line, "License", d->license, sizeof d->license);
    if (!strncasecmp(line, "Requires-Dist:", 14)) {
      const char *v = line + 14;
      while (*v == ' ') v++;
      json_array_append_new(d->requires, json_string(v));
    }
  }
  free(t);
  if (!d->name[0] || !d->version[0]) {
    json_decref(d->requires);
    return;
  }
  acs__pyname_norm(d->name, strlen(d->name), d->key, sizeof d->key);
  snprintf(d->location, sizeof d->location, "%s", site);
  snprintf(d->info, sizeof d->info, "%s", info);
  snprintf(path, sizeof path, "%s/%s/REQUESTED", site, info);
  acs__sys_stat st;
  d->requested = acs_sys_stat(path, &st) == 0;
  for (size_t i = 0; i < ds->n; i++)
    if (!strcmp(ds->v[i].key, d->key)) { /* the first on the path wins */
      json_decref(d->requires);
      return;
    }
  ds->n++;
}

static void scan_site(dists *ds, const char *site)
{
  cmd_dirent *es = NULL;
  size_t n = 0;
  if (cmd_dir_read(site, &es, &n)) return;
  for (size_t i = 0; i < n; i++) {
    size_t l = strlen(es[i].name);
    if ((l > 10 && !strcmp(es[i].name + l - 10, ".dist-info")) || (l > 9 && !strcmp(es[i].name + l - 9, ".egg-info")))
      read_dist(ds, site, es[i].name);
  }
  cmd_dir_free(es, n);
}

/* sys.path's order: the user site, then the system's */
static void scan_all(dists *ds)
{
  char us[700];
  user_site(us, sizeof us);
  scan_site(ds, us);
  scan_site(ds, SYS_SITE);
  scan_site(ds, "/usr/lib/python3/dist-packages");
  scan_site(ds, "/usr/lib/python3.11/site-packages");
}

static void dists_free(dists *ds)
{
  for (size_t i = 0; i < ds->n; i++) json_decref(ds->v[i].requires);
  free(ds->v);
  memset(ds, 0, sizeof *ds);
}

static dist *find_dist(dists *ds, const char *name)
{
  char key[128];
  acs__pyname_norm(name, strlen(name), key, sizeof key);
  for (size_t i = 0; i < ds->n; i++)
    if (!strcmp(ds->v[i].key, key)) return &ds->v[i];
  return NULL;
}

static int dist_cmp(const void *a, const void *b) { return strcmp(((const dist *)a)->key, ((const dist *)b)->key); }

/* ------------------------------------------------------------ RECORD */

typedef struct paths {
  char **v;
  size_t n;
} paths;

static void paths_free(paths *p)
{
  for (size_t i = 0; i < p->n; i++) free(p->v[i]);
  free(p->v);
  memset(p, 0, sizeof *p);
}

/* A CSV row's first field. */
static char *csv_first(const char *line)
{
  acs__buf b = {0};
  if (*line == '"') {
    for (const char *p = line + 1; *p; p++) {
      if (*p == '"' && p[1] == '"') {
        acs__buf_append(&b, "\"", 1);
        p++;
      } else if (*p == '"') break;
      else acs__buf_append(&b, p, 1);
    }
  } else acs__buf_append(&b, line, strcspn(line, ","));
  acs__buf_append(&b, "", 1);
  return acs__buf_take(&b, NULL);
}

/* Collapse "a/b/../c" into "a/c" (RECORD's scripts are "../../../bin/x"). */
static void normalize(char *path)
{
  char *parts[256];
  int n = 0;
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s", path);
  for (char *s = tmp, *t; (t = strsep(&s, "/"));) {
    if (!*t || !strcmp(t, ".")) continue;
    if (!strcmp(t, "..")) {
      if (n) n--;
      continue;
    }
    if (n < 256) parts[n++] = t;
  }
  size_t k = 0;
  path[0] = 0;
  for (int i = 0; i < n; i++) k += (size_t)snprintf(path + k, 4096 - k, "/%s", parts[i]);
  if (!n) strcpy(path, "/");
}

/* The absolute paths a RECORD lists. */
static int record_paths(const dist *d, paths *out)
{
  memset(out, 0, sizeof *out);
  char path[1200];
  snprintf(path, sizeof path, "%s/%s/RECORD", d->location, d->info);
  char *t;
  size_t len;
  int rc = cmd_read_all(path, &t, &len);
  if (rc) return rc;
  for (char *line = t, *next; line && *line; line = next) {
    next = strchr(line, '\n');
    if (next) *next++ = 0;
    size_t l = strlen(line);
    if (l && line[l - 1] == '\r') line[--l] = 0;
    if (!l) continue;
    char *f = csv_first(line);
    char *abs = malloc(4096);
    if (f && abs) {
      snprintf(abs, 4096, "%s/%s", d->location, f);
      normalize(abs);
      char **nv = realloc(out->v, (out->n + 1) * sizeof *nv);
      if (nv) {
        out->v = nv;
        out->v[out->n++] = abs;
        abs = NULL;
      }
    }
    free(abs);
    free(f);
  }
  free(t);
  return 0;
}

static bool in_paths(const paths *p, const char *s)
{
  for (size_t i = 0; i < p->n; i++)
    if (!strcmp(p->v[i], s)) return true;
  return false;
}

/* rmdir the folders path leaves empty, up to (not including) site-packages
** `stop`; outside it (the scripts in bin/) no folder goes */
static void prune_up(const char *path, const char *stop)
{
  char d[4096];
  snprintf(d, sizeof d, "%s", path);
  size_t sl = strlen(stop);
  for (;;) {
    char *s = strrchr(d, '/');
    if (!s || s == d) return;
    *s = 0;
    if (strlen(d) <= sl || strncmp(d, stop, sl) || d[sl] != '/') return;
    if (acs_sys_rmdir(d)) return;
  }
}

/* The first file of d's RECORD whose folder the caller may not change
** (into out), as pip finds it before removing anything: false when all
** may go. */
static bool blocked(const dist *d, char *out, size_t cap)
{
  paths ps;
  if (record_paths(d, &ps)) return false;
  bool b = false;
  for (size_t i = 0; i < ps.n && !b; i++) {
    acs__sys_stat st;
    if (acs_sys_lstat(ps.v[i], &st)) continue;
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", ps.v[i]);
    char *s = strrchr(dir, '/');
    if (s && s != dir) *s = 0;
    if (acs_sys_access(dir, W_OK)) {
      snprintf(out, cap, "%s", ps.v[i]);
      b = true;
    }
  }
  paths_free(&ps);
  return b;
}

/* Remove what d's RECORD lists (but what `keep` lists), its __pycache__
** files, and its .dist-info. */
static void remove_dist(const dist *d, const paths *keep)
{
  paths ps;
  if (record_paths(d, &ps) == 0) {
    for (size_t i = 0; i < ps.n; i++) {
      if (keep && in_paths(keep, ps.v[i])) continue;
      acs_sys_unlink(ps.v[i]);
      /* the bytecode Python wrote beside it */
      size_t l = strlen(ps.v[i]);
      if (l > 3 && !strcmp(ps.v[i] + l - 3, ".py")) {
        char *slash = strrchr(ps.v[i], '/');
        char cache[4200];
        snprintf(cache, sizeof cache, "%.*s/__pycache__/%.*s.cpython-311.pyc", (int)(slash - ps.v[i]), ps.v[i],
                 (int)(l - 3 - (size_t)(slash + 1 - ps.v[i])), slash + 1);
        acs_sys_unlink(cache);
        snprintf(cache, sizeof cache, "%.*s/__pycache__/x", (int)(slash - ps.v[i]), ps.v[i]);
        prune_up(cache, d->location);
      }
      prune_up(ps.v[i], d->location);
    }
    paths_free(&ps);
  }
  char di[1200];
  snprintf(di, sizeof di, "%s/%s", d->location, d->info);
  /* a reinstall of the same version keeps its .dist-info */
  bool kept = false;
  for (size_t i = 0; keep && i < keep->n && !kept; i++)
    kept = !strncmp(keep->v[i], di, strlen(di)) && keep->v[i][strlen(di)] == '/';
  if (!kept) npm_rmtree(di);
}

/* ------------------------------------------------------------ requirements files */

/* An operand's requirement: a string, or {"req", "from"} from a file. */
static const char *req_of(json_t *r)
{
  return json_is_string(r) ? json_string_value(r) : json_string_value(json_object_get(r, "req"));
}

static int read_requirements(acs_cmd *c, const char *file, json_t *out, int depth)
{
  char *t;
  size_t len;
  int rc = cmd_read_all(file, &t, &len);
  if (rc) {
    errf(c, "ERROR: Could not open requirements file: [Errno %d] %s: '%s'", -rc, cmd_strerror(rc), file);
    return 1;
  }
  /* continuation lines joined: a requirement is numbered by its first
  ** line, as pip's "(from -r FILE (line N))" says */
  acs__buf b = {0};
  json_t *starts = json_array();
  int lineno = 1;
  bool fresh = true;
  for (size_t i = 0; i < len; i++) {
    if (fresh) json_array_append_new(starts, json_integer(lineno));
    fresh = false;
    if (t[i] == '\\' && (i + 1 == len || t[i + 1] == '\n')) {
      i++;
      lineno++;
      continue;
    }
    acs__buf_append(&b, t + i, 1);
    if (t[i] == '\n') lineno++, fresh = true;
  }
  acs__buf_append(&b, "", 1);
  free(t);
  size_t li = 0;
  int status = 0;
  for (char *line = b.data, *next; !status && line && *line; line = next, li++) {
    next = strchr(line, '\n');
    if (next) *next++ = 0;
    int at = (int)json_integer_value(json_array_get(starts, li));
    for (char *h = line; *h; h++)
      if (*h == '#' && (h == line || isspace((unsigned char)h[-1]))) {
        *h = 0;
        break;
      }
    while (isspace((unsigned char)*line)) line++;
    size_t l = strlen(line);
    while (l && isspace((unsigned char)line[l - 1])) line[--l] = 0;
    if (!l) continue;
    if (!strncmp(line, "-r ", 3) || !strncmp(line, "--requirement", 13) || !strncmp(line, "-c ", 3)) {
      char *f = line + (line[1] == 'r' || line[1] == 'c' ? 2 : 13);
      while (*f == ' ' || *f == '=') f++;
      char sub[4200];
      if (*f == '/') snprintf(sub, sizeof sub, "%s", f);
      else {
        const char *sl = strrchr(file, '/');
        snprintf(sub, sizeof sub, "%.*s%s", sl ? (int)(sl - file + 1) : 0, file, f);
      }
      if (line[1] == 'c') continue; /* constraints: not yet */
      status = depth > 10 ? 1 : read_requirements(c, sub, out, depth + 1);
      continue;
    }
    if (line[0] == '-') {
      if (!strncmp(line, "-e", 2) || !strncmp(line, "--editable", 10)) {
        errf(c, "ERROR: %s: editable installs need a project folder and a build: the box installs wheels from its index only", line);
        status = 1;
      }
      continue; /* --index-url, --hash, ...: the host decides the index */
    }
    /* per-requirement options ("--hash=...") after the requirement */
    char *opt = strstr(line, " --");
    if (opt) *opt = 0;
    char from[4400];
    snprintf(from, sizeof from, "-r %s (line %d)", file, at);
    json_array_append_new(out, json_pack("{s:s, s:s}", "req", line, "from", from));
  }
  json_decref(starts);
  acs__buf_free(&b);
  return status;
}

/* ------------------------------------------------------------ install */

static bool writable_site(const char *site)
{
  char d[700];
  snprintf(d, sizeof d, "%s", site);
  for (;;) {
    acs__sys_stat st;
    if (acs_sys_stat(d, &st) == 0) return acs_sys_access(d, W_OK) == 0;
    char *s = strrchr(d, '/');
    if (!s || s == d) return acs_sys_access("/", W_OK) == 0;
    *s = 0;
  }
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Insert "REQUESTED" into a RECORD (pip's rows are sorted) and write the file. */
static void mark_requested(const char *site, const char *info)
{
  char path[1200];
  snprintf(path, sizeof path, "%s/%s/REQUESTED", site, info);
  int fd = acs_sys_open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd >= 0) acs_sys_close(fd);
  snprintf(path, sizeof path, "%s/%s/RECORD", site, info);
  char *t;
  size_t len;
  if (cmd_read_all(path, &t, &len)) return;
  char **rows = NULL;
  size_t n = 0;
  char req[700];
  snprintf(req, sizeof req, "%s/REQUESTED", info);
  bool have = false;
  for (char *line = t, *next; line && *line; line = next) {
    next = strchr(line, '\n');
    if (next) *next++ = 0;
    if (!*line) continue;
    char *f = csv_first(line);
    have = have || (f && !strcmp(f, req));
    free(f);
    char **nr = realloc(rows, (n + 2) * sizeof *nr);
    if (!nr) break;
    rows = nr;
    rows[n++] = line;
  }
  char row[800];
  snprintf(row, sizeof row, "%s," REQUESTED_ROW, req);
  if (!have && rows) {
    rows[n++] = row;
    qsort(rows, n, sizeof *rows, cmp_str);
    acs__buf b = {0};
    for (size_t i = 0; i < n; i++) acs__buf_printf(&b, "%s\n", rows[i]);
    int fd2 = acs_sys_open(path, O_WRONLY | O_TRUNC, 0666);
    if (fd2 >= 0) {
      acs_sys_write_all(fd2, b.data, b.len);
      acs_sys_close(fd2);
    }
    acs__buf_free(&b);
  }
  free(rows);
  free(t);
}

typedef struct inst_opts {
  bool upgrade, no_deps, force, user, quiet, no_warn_script;
} inst_opts;

static int names_cmp(const void *a, const void *b)
{
  return strcmp(json_string_value(json_object_get(*(json_t *const *)a, "name")),
                json_string_value(json_object_get(*(json_t *const *)b, "name")));
}

static int pip_install(acs_cmd *c, json_t *reqs, const inst_opts *o)
{
  if (!json_array_size(reqs)) {
    errf(c, "ERROR: You must give at least one requirement to install (see \"pip help install\")");
    return 1;
  }
  size_t i;
  json_t *r;
  json_array_foreach(reqs, i, r) {
    acs__pyreq pr;
    char why[600];
    const char *t = req_of(r);
    size_t tl = strlen(t);
    bool url = strchr(t, '@') || strstr(t, "://");
    if (!url && (t[0] == '.' || t[0] == '/' || strchr(t, '/') || (tl > 4 && !strcmp(t + tl - 4, ".whl")) ||
                 (tl > 7 && !strcmp(t + tl - 7, ".tar.gz")))) {
      errf(c, "ERROR: %s is a file or folder: the box's pip installs from its package index only (a local wheel or project "
              "cannot be installed yet)", t);
      return 1;
    }
    if (!acs__pyreq_parse(t, &pr, why, sizeof why)) {
      errf(c, "ERROR: %s", why);
      return 1;
    }
  }
  acs_sys_ids ids;
  bool root = acs_sys_getids(&ids) == 0 && ids.euid == 0;
  char site[700], prefix[700];
  bool user = o->user;
  if (!user && !writable_site(SYS_SITE)) {
    user = true;
    if (!o->quiet) cmd_puts(c, "Defaulting to user installation because normal site-packages is not writeable\n");
  }
  if (user) {
    user_site(site, sizeof site);
    char *h = home_dir();
    snprintf(prefix, sizeof prefix, "%s/.local", strcmp(h, "/") ? h : "");
    free(h);
  } else {
    snprintf(site, sizeof site, "%s", SYS_SITE);
    snprintf(prefix, sizeof prefix, "%s", SYS_PREFIX);
  }
  dists ds = {0};
  scan_all(&ds);
  json_t *installed = json_object();
  for (size_t k = 0; k < ds.n; k++)
    json_object_set_new(installed, ds.v[k].key,
                        json_pack("{s:s, s:s, s:O, s:s}", "name", ds.v[k].name, "version", ds.v[k].version, "requires",
                                  ds.v[k].requires, "location", ds.v[k].location));
  char cwd[1024];
  if (acs_sys_getcwd(cwd, sizeof cwd) < 0) snprintf(cwd, sizeof cwd, "/");
  json_t *req = json_pack("{s:{s:O, s:s, s:s, s:s, s:o, s:b, s:b, s:b}}", "pip", "reqs", reqs, "site", site, "prefix", prefix, "cwd", cwd,
                          "installed", installed, "upgrade", o->upgrade, "noDeps", o->no_deps, "forceReinstall", o->force);
  char *rs = req ? json_dumps(req, JSON_COMPACT) : NULL;
  json_decref(req);
  char *ans = NULL;
  ssize_t got = rs ? acs_sys_pkg_install("/", rs, strlen(rs), &ans) : -ENOMEM;
  free(rs);
  json_t *a = got >= 0 ? json_loads(ans, 0, NULL) : NULL;
  free(ans);
  int status = 0;
  if (!a) {
    errf(c, "ERROR: the box could not install packages: %s",
         got == -E2BIG ? "the request is too large" : cmd_strerror((int)(got < 0 ? got : -EPROTO)));
    dists_free(&ds);
    return 1;
  }
  json_t *line;
  json_array_foreach(json_object_get(a, "log"), i, line) {
    const char *s = json_string_value(line);
    if (!s) continue;
    if (!strncmp(s, "WARNING:", 8)) err_lines(c, s);
    else if (!o->quiet) cmd_printf(c, "%s\n", s);
  }
  if (!json_is_true(json_object_get(a, "ok"))) {
    const char *m = json_string_value(json_object_get(a, "message"));
    if (m && strncmp(m, "ERROR", 5)) errf(c, "ERROR: %s", m);
    else err_lines(c, m ? m : "ERROR: the box could not install packages");
    json_decref(a);
    dists_free(&ds);
    return 1;
  }
  json_t *inst = json_object_get(a, "install");
  if (json_array_size(inst)) {
    acs__buf names = {0};
    json_array_foreach(inst, i, r) acs__buf_printf(&names, "%s%s", i ? ", " : "", json_string_value(json_object_get(r, "name")));
    if (!o->quiet) cmd_printf(c, "Installing collected packages: %s\n", names.data);
    acs__buf_free(&names);
    json_array_foreach(inst, i, r) {
      const char *key = json_string_value(json_object_get(r, "key"));
      const char *info = json_string_value(json_object_get(r, "distInfo"));
      dist *old = NULL;
      for (size_t k = 0; k < ds.n; k++)
        if (!strcmp(ds.v[k].key, key) && !strcmp(ds.v[k].location, site)) old = &ds.v[k];
      if (old) {
        if (!o->quiet)
          cmd_printf(c, "  Attempting uninstall: %s\n    Found existing installation: %s %s\n    Uninstalling %s-%s:\n",
                     old->name, old->name, old->version, old->name, old->version);
        dist nw = *old;
        snprintf(nw.info, sizeof nw.info, "%s", info);
        paths keep;
        if (record_paths(&nw, &keep) == 0) {
          remove_dist(old, &keep);
          paths_free(&keep);
        }
        if (!o->quiet) cmd_printf(c, "      Successfully uninstalled %s-%s\n", old->name, old->version);
      }
      if (json_is_true(json_object_get(r, "requested")) || (old && old->requested)) mark_requested(site, info);
    }
    /* scripts where PATH does not look: pip's warning */
    const char *path = getenv("PATH");
    char bin[720];
    snprintf(bin, sizeof bin, "%s/bin", prefix);
    bool on_path = false;
    for (const char *p = path ? path : ""; *p;) {
      size_t l = strcspn(p, ":");
      on_path = on_path || (l == strlen(bin) && !strncmp(p, bin, l));
      p += l + (p[l] == ':');
    }
    if (!on_path && !o->no_warn_script) {
      /* pip names the console scripts its entry points made */
      json_array_foreach(inst, i, r) {
        char ep[1200];
        snprintf(ep, sizeof ep, "%s/%s/entry_points.txt", site, json_string_value(json_object_get(r, "distInfo")));
        char *t;
        size_t len;
        if (cmd_read_all(ep, &t, &len)) continue;
        char *scripts[64];
        int ns = 0;
        bool on = false;
        for (char *line = t, *next; line && *line; line = next) {
          next = strchr(line, '\n');
          if (next) *next++ = 0;
          while (isspace((unsigned char)*line)) line++;
          if (*line == '[') {
            on = !strncmp(line, "[console_scripts]", 17);
            continue;
          }
          char *eq = strchr(line, '=');
          if (!on || !eq || ns >= 64) continue;
          while (eq > line && isspace((unsigned char)eq[-1])) eq--;
          *eq = 0;
          if (*line && *line != '#') scripts[ns++] = line;
        }
        if (ns) {
          qsort(scripts, (size_t)ns, sizeof *scripts, cmp_str);
          acs__buf w = {0};
          if (ns == 1) acs__buf_printf(&w, "  WARNING: The script %s is installed in '%s' which is not on PATH.\n", scripts[0], bin);
          else {
            acs__buf_puts(&w, "  WARNING: The scripts ");
            for (int k = 0; k < ns; k++) acs__buf_printf(&w, "%s%s", k ? (k == ns - 1 ? " and " : ", ") : "", scripts[k]);
            acs__buf_printf(&w, " are installed in '%s' which is not on PATH.\n", bin);
          }
          acs__buf_puts(&w, "  Consider adding this directory to PATH or, if you prefer to suppress this warning, use --no-warn-script-location.\n");
          err_lines(c, w.data);
          acs__buf_free(&w);
        }
        free(t);
      }
    }
    size_t n = json_array_size(inst);
    json_t **sorted = calloc(n + 1, sizeof *sorted);
    for (size_t k = 0; sorted && k < n; k++) sorted[k] = json_array_get(inst, k);
    if (sorted) qsort(sorted, n, sizeof *sorted, names_cmp);
    acs__buf s = {0};
    for (size_t k = 0; sorted && k < n; k++)
      acs__buf_printf(&s, " %s-%s", json_string_value(json_object_get(sorted[k], "name")),
                      json_string_value(json_object_get(sorted[k], "version")));
    free(sorted);
    if (!o->quiet) cmd_printf(c, "Successfully installed%s\n", s.data ? s.data : "");
    acs__buf_free(&s);
  }
  if (root && !user)
    err_lines(c, "WARNING: Running pip as the 'root' user can result in broken permissions and conflicting behaviour "
                 "with the system package manager. It is recommended to use a virtual environment instead: "
                 "https://pip.pypa.io/warnings/venv");
  json_decref(a);
  dists_free(&ds);
  return status;
}

/* ------------------------------------------------------------ download */

static int pip_download(acs_cmd *c, json_t *reqs, const char *dir, bool no_deps, bool quiet)
{
  if (!json_array_size(reqs)) {
    errf(c, "ERROR: You must give at least one requirement to download (see \"pip help download\")");
    return 1;
  }
  char cwd[1024], dest[2100];
  if (acs_sys_getcwd(cwd, sizeof cwd) < 0) snprintf(cwd, sizeof cwd, "/");
  if (!dir || !*dir) snprintf(dest, sizeof dest, "%s", cwd);
  else if (dir[0] == '/') snprintf(dest, sizeof dest, "%s", dir);
  else snprintf(dest, sizeof dest, "%s/%s", strcmp(cwd, "/") ? cwd : "", dir);
  size_t dl = strlen(dest);
  while (dl > 1 && dest[dl - 1] == '/') dest[--dl] = 0;
  json_t *req = json_pack("{s:{s:O, s:s, s:s, s:b}}", "pip", "reqs", reqs, "download", dest, "cwd", cwd, "noDeps", no_deps);
  char *rs = req ? json_dumps(req, JSON_COMPACT) : NULL;
  json_decref(req);
  char *ans = NULL;
  ssize_t got = rs ? acs_sys_pkg_install("/", rs, strlen(rs), &ans) : -ENOMEM;
  free(rs);
  json_t *a = got >= 0 ? json_loads(ans, 0, NULL) : NULL;
  free(ans);
  if (!a) {
    errf(c, "ERROR: the box could not download packages: %s", cmd_strerror((int)(got < 0 ? got : -EPROTO)));
    return 1;
  }
  size_t i;
  json_t *line;
  json_array_foreach(json_object_get(a, "log"), i, line) {
    const char *s = json_string_value(line);
    if (s && !strncmp(s, "WARNING:", 8)) err_lines(c, s);
    else if (s && !quiet) cmd_printf(c, "%s\n", s);
  }
  int status = 0;
  if (!json_is_true(json_object_get(a, "ok"))) {
    const char *m = json_string_value(json_object_get(a, "message"));
    if (m && strncmp(m, "ERROR", 5)) errf(c, "ERROR: %s", m);
    else err_lines(c, m ? m : "ERROR: the box could not download packages");
    status = 1;
  } else if (!quiet) {
    json_array_foreach(json_object_get(a, "saved"), i, line) cmd_printf(c, "Saved %s\n", json_string_value(line));
    cmd_puts(c, "Successfully downloaded");
    json_array_foreach(json_object_get(a, "downloaded"), i, line) cmd_printf(c, " %s", json_string_value(line));
    cmd_puts(c, "\n");
  }
  json_decref(a);
  return status;
}

/* ------------------------------------------------------------ uninstall */

static int pip_uninstall(acs_cmd *c, json_t *names, bool yes, bool quiet)
{
  if (!json_array_size(names)) {
    errf(c, "ERROR: You must give at least one requirement to uninstall (see \"pip help uninstall\")");
    return 1;
  }
  dists ds = {0};
  scan_all(&ds);
  size_t i;
  json_t *r;
  int status = 0;
  json_array_foreach(names, i, r) {
    acs__pyreq pr;
    char why[600];
    if (!acs__pyreq_parse(req_of(r), &pr, why, sizeof why)) {
      errf(c, "ERROR: %s", why);
      status = 1;
      break;
    }
    dist *d = find_dist(&ds, pr.name);
    if (!d) {
      errf(c, "WARNING: Skipping %s as it is not installed.", pr.name);
      continue;
    }
    if (!quiet) cmd_printf(c, "Found existing installation: %s %s\n", d->name, d->version);
    char di[1200];
    snprintf(di, sizeof di, "%s/%s/RECORD", d->location, d->info);
    acs__sys_stat st;
    if (acs_sys_stat(di, &st)) {
      errf(c, "ERROR: Cannot uninstall %s %s, RECORD file not found. Hint: The package was installed by a tool other than pip.",
           d->name, d->version);
      status = 1;
      continue;
    }
    if (!quiet) cmd_printf(c, "Uninstalling %s-%s:\n", d->name, d->version);
    char no[4200];
    if (blocked(d, no, sizeof no)) {
      /* pip stops before it removes anything */
      errf(c, "ERROR: Exception:\nPermissionError: [Errno 13] Permission denied: '%s'", no);
      status = 2;
      break;
    }
    if (!yes) {
      paths ps;
      if (record_paths(d, &ps) == 0) {
        /* pip's compact list: a top folder of site-packages as "FOLDER/STAR" */
        char **shown = calloc(ps.n + 1, sizeof *shown);
        size_t ns = 0;
        for (size_t k = 0; shown && k < ps.n; k++) {
          char s[4200];
          size_t ll = strlen(d->location);
          if (!strncmp(ps.v[k], d->location, ll) && ps.v[k][ll] == '/' && strchr(ps.v[k] + ll + 1, '/'))
            snprintf(s, sizeof s, "%.*s/*", (int)(strchr(ps.v[k] + ll + 1, '/') - ps.v[k]), ps.v[k]);
          else snprintf(s, sizeof s, "%s", ps.v[k]);
          bool dup = false;
          for (size_t q = 0; q < ns && !dup; q++) dup = !strcmp(shown[q], s);
          if (!dup) shown[ns++] = strdup(s);
        }
        if (shown) qsort(shown, ns, sizeof *shown, cmp_str);
        cmd_puts(c, "  Would remove:\n");
        for (size_t k = 0; k < ns; k++) {
          cmd_printf(c, "    %s\n", shown[k]);
          free(shown[k]);
        }
        free(shown);
        paths_free(&ps);
      }
      cmd_puts(c, "Proceed (Y/n)? ");
      cmd_flush(c);
      char ans[64] = "";
      ssize_t n = acs_sys_read(0, ans, sizeof ans - 1);
      if (n < 0) n = 0;
      ans[n] = 0;
      char *a = ans;
      while (isspace((unsigned char)*a)) a++;
      if (n == 0) {
        errf(c, "ERROR: Exception:\nEOFError: EOF when reading a line");
        status = 2;
        break;
      }
      if (*a && *a != 'y' && *a != 'Y') continue;
    }
    remove_dist(d, NULL);
    if (!quiet) cmd_printf(c, "  Successfully uninstalled %s-%s\n", d->name, d->version);
  }
  dists_free(&ds);
  return status;
}

/* ------------------------------------------------------------ list, freeze, show */

static bool hidden(const char *key) { return !strcmp(key, "pip") || !strcmp(key, "setuptools") || !strcmp(key, "wheel") || !strcmp(key, "distribute"); }

static int pip_list(acs_cmd *c, const char *format)
{
  dists ds = {0};
  scan_all(&ds);
  qsort(ds.v, ds.n, sizeof *ds.v, dist_cmp);
  if (!strcmp(format, "freeze")) {
    for (size_t i = 0; i < ds.n; i++) cmd_printf(c, "%s==%s\n", ds.v[i].name, ds.v[i].version);
  } else if (!strcmp(format, "json")) {
    json_t *arr = json_array();
    for (size_t i = 0; i < ds.n; i++)
      json_array_append_new(arr, json_pack("{s:s, s:s}", "name", ds.v[i].name, "version", ds.v[i].version));
    char *s = json_dumps(arr, JSON_COMPACT | JSON_PRESERVE_ORDER);
    /* Python's json.dumps puts a space after ':' and ',' */
    acs__buf b = {0};
    bool in_str = false;
    for (char *p = s; p && *p; p++) {
      acs__buf_append(&b, p, 1);
      if (*p == '"' && (p == s || p[-1] != '\\')) in_str = !in_str;
      if (!in_str && (*p == ':' || *p == ',')) acs__buf_append(&b, " ", 1);
    }
    cmd_printf(c, "%s\n", b.data ? b.data : "[]");
    acs__buf_free(&b);
    free(s);
    json_decref(arr);
  } else if (ds.n) {
    size_t w1 = 7, w2 = 7;
    for (size_t i = 0; i < ds.n; i++) {
      if (strlen(ds.v[i].name) > w1) w1 = strlen(ds.v[i].name);
      if (strlen(ds.v[i].version) > w2) w2 = strlen(ds.v[i].version);
    }
    cmd_printf(c, "%-*s Version\n", (int)w1, "Package");
    for (size_t i = 0; i < w1; i++) cmd_putc(c, '-');
    cmd_putc(c, ' ');
    for (size_t i = 0; i < w2; i++) cmd_putc(c, '-');
    cmd_putc(c, '\n');
    for (size_t i = 0; i < ds.n; i++) cmd_printf(c, "%-*s %s\n", (int)w1, ds.v[i].name, ds.v[i].version);
  }
  dists_free(&ds);
  return 0;
}

static int pip_freeze(acs_cmd *c, bool all)
{
  dists ds = {0};
  scan_all(&ds);
  qsort(ds.v, ds.n, sizeof *ds.v, dist_cmp);
  for (size_t i = 0; i < ds.n; i++)
    if (all || !hidden(ds.v[i].key)) cmd_printf(c, "%s==%s\n", ds.v[i].name, ds.v[i].version);
  dists_free(&ds);
  return 0;
}

static int casecmp_str(const void *a, const void *b) { return strcasecmp(*(char *const *)a, *(char *const *)b); }

/* The names d needs in the box's environment (no extras), as pip shows them. */
static size_t deps_of(const dist *d, char out[][128], size_t cap)
{
  size_t n = 0, i;
  json_t *r;
  json_array_foreach(d->requires, i, r) {
    acs__pyreq pr;
    char why[300];
    if (!acs__pyreq_parse(json_string_value(r), &pr, why, sizeof why) || acs__pymarker_eval(pr.marker, "") != 1) continue;
    bool dup = false;
    for (size_t k = 0; k < n && !dup; k++) dup = !strcmp(out[k], pr.name);
    if (!dup && n < cap) snprintf(out[n++], 128, "%s", pr.name);
  }
  return n;
}

static int pip_show(acs_cmd *c, json_t *names, bool files)
{
  dists ds = {0};
  scan_all(&ds);
  size_t i;
  json_t *r;
  int shown = 0;
  acs__buf missing = {0};
  json_array_foreach(names, i, r) {
    dist *d = find_dist(&ds, json_string_value(r));
    if (!d) {
      acs__buf_printf(&missing, "%s%s", missing.len ? ", " : "", json_string_value(r));
      continue;
    }
    if (shown++) cmd_puts(c, "---\n");
    static char deps[256][128];
    size_t nd = deps_of(d, deps, 256);
    char *dp[256];
    for (size_t k = 0; k < nd; k++) dp[k] = deps[k];
    qsort(dp, nd, sizeof *dp, casecmp_str);
    cmd_printf(c, "Name: %s\nVersion: %s\nSummary: %s\nHome-page: %s\nAuthor: %s\nAuthor-email: %s\nLicense: %s\nLocation: %s\nRequires: ",
               d->name, d->version, d->summary, d->home, d->author, d->author_email, d->license, d->location);
    for (size_t k = 0; k < nd; k++) cmd_printf(c, "%s%s", k ? ", " : "", dp[k]);
    cmd_puts(c, "\nRequired-by: ");
    char *by[512];
    size_t nb = 0;
    static char od[256][128];
    for (size_t k = 0; k < ds.n && nb < 512; k++) {
      size_t n2 = deps_of(&ds.v[k], od, 256);
      for (size_t q = 0; q < n2; q++) {
        char key[128];
        acs__pyname_norm(od[q], strlen(od[q]), key, sizeof key);
        if (!strcmp(key, d->key)) {
          by[nb++] = ds.v[k].name;
          break;
        }
      }
    }
    qsort(by, nb, sizeof *by, casecmp_str);
    for (size_t k = 0; k < nb; k++) cmd_printf(c, "%s%s", k ? ", " : "", by[k]);
    cmd_puts(c, "\n");
    if (files) {
      cmd_puts(c, "Files:\n");
      char rec[1200];
      snprintf(rec, sizeof rec, "%s/%s/RECORD", d->location, d->info);
      char *t;
      size_t len;
      if (cmd_read_all(rec, &t, &len)) cmd_puts(c, "Cannot locate RECORD or installed-files.txt\n");
      else {
        char *rows[20000];
        size_t n = 0;
        for (char *line = t, *next; line && *line && n < 20000; line = next) {
          next = strchr(line, '\n');
          if (next) *next++ = 0;
          if (*line) rows[n++] = csv_first(line);
        }
        qsort(rows, n, sizeof *rows, cmp_str);
        for (size_t k = 0; k < n; k++) {
          if (rows[k]) cmd_printf(c, "  %s\n", rows[k]);
          free(rows[k]);
        }
        free(t);
      }
    }
  }
  if (missing.len) errf(c, "WARNING: Package(s) not found: %s", missing.data);
  acs__buf_free(&missing);
  dists_free(&ds);
  return shown ? 0 : 1;
}

/* ------------------------------------------------------------ main */

static int pip_main2(acs_cmd *c, int argc, char **argv);

/* "-qy" is "-q -y", as optparse reads short options */
static int pip_main(acs_cmd *c, int argc, char **argv)
{
  char **av = calloc((size_t)argc * 8 + 1, sizeof *av);
  static char flags[256][3];
  int n = 0, nf = 0;
  if (!av) return 1;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    size_t l = strlen(a);
    bool combo = i > 0 && a[0] == '-' && a[1] != '-' && l > 2 && strspn(a + 1, "qyUvf") == l - 1;
    if (!combo) {
      av[n++] = argv[i];
      continue;
    }
    for (size_t k = 1; k < l && nf < 256; k++) {
      flags[nf][0] = '-', flags[nf][1] = a[k], flags[nf][2] = 0;
      av[n++] = flags[nf++];
    }
  }
  int rc = pip_main2(c, n, av);
  free(av);
  return rc;
}

static int pip_main2(acs_cmd *c, int argc, char **argv)
{
  const char *command = NULL;
  json_t *ops = json_array();
  inst_opts io = {0};
  bool yes = false, files = false, all = false, index_said = false;
  const char *format = "columns", *dest = NULL;
  int status = 0;
  for (int i = 1; i < argc && !status; i++) {
    const char *a = argv[i];
    if (!command && a[0] != '-') {
      command = a;
      continue;
    }
    if (!strcmp(a, "-V") || !strcmp(a, "--version")) {
      cmd_puts(c, "pip " PIP_VERSION " from " SYS_SITE "/pip (python 3.11)\n");
      json_decref(ops);
      return 0;
    }
    if ((!strcmp(a, "-h") || !strcmp(a, "--help")) ) {
      cmd_puts(c, c->help);
      json_decref(ops);
      return 0;
    }
    if (!strcmp(a, "-r") || !strcmp(a, "--requirement") || !strncmp(a, "--requirement=", 14) || (!strncmp(a, "-r", 2) && a[2])) {
      const char *f = !strncmp(a, "--requirement=", 14) ? a + 14 : (a[1] == 'r' && a[2]) ? a + 2 : i + 1 < argc ? argv[++i] : NULL;
      if (!f) {
        errf(c, "ERROR: -r option requires 1 argument");
        status = 2;
      } else status = read_requirements(c, f, ops, 0);
    } else if (!strcmp(a, "-U") || !strcmp(a, "--upgrade")) io.upgrade = true;
    else if (!strcmp(a, "--no-deps")) io.no_deps = true;
    else if (!strcmp(a, "--force-reinstall")) io.force = true;
    else if (!strcmp(a, "--user")) io.user = true;
    else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) io.quiet = true;
    else if (!strcmp(a, "--no-warn-script-location")) io.no_warn_script = true;
    else if (!strcmp(a, "-y") || !strcmp(a, "--yes")) yes = true;
    else if (!strcmp(a, "-f") || !strcmp(a, "--files")) files = true;
    else if (!strcmp(a, "--all")) all = true;
    else if (!strncmp(a, "--format=", 9)) format = a + 9;
    else if ((!strcmp(a, "-d") || !strcmp(a, "--dest") || !strcmp(a, "--destination-dir")) && i + 1 < argc) dest = argv[++i];
    else if (!strncmp(a, "--dest=", 7)) dest = a + 7;
    else if (!strcmp(a, "--format") && i + 1 < argc) format = argv[++i];
    else if (!strcmp(a, "-i") || !strcmp(a, "--index-url") || !strcmp(a, "--extra-index-url") || !strcmp(a, "-f") ||
             !strcmp(a, "--find-links") || !strncmp(a, "--index-url=", 12) || !strncmp(a, "--extra-index-url=", 18) ||
             !strncmp(a, "--find-links=", 13)) {
      /* the host decides the index; said once, so that nobody thinks theirs was used */
      if (!strchr(a, '=') && i + 1 < argc) i++;
      if (!index_said) errf(c, "WARNING: %.*s is ignored in the box: the host fetches its packages from the index it chose",
                            (int)strcspn(a, "="), a);
      index_said = true;
    } else if (!strcmp(a, "--root-user-action") || !strcmp(a, "--progress-bar")) {
      if (i + 1 < argc) i++; /* presentation */
    } else if (!strncmp(a, "--root-user-action=", 19) ||
               !strcmp(a, "--no-cache-dir") || !strcmp(a, "--no-compile") || !strcmp(a, "--break-system-packages") ||
               !strcmp(a, "--disable-pip-version-check") || !strcmp(a, "--no-input") || !strcmp(a, "-v") ||
               !strcmp(a, "--verbose") || !strcmp(a, "--prefer-binary") || !strcmp(a, "--only-binary=:all:") ||
               !strncmp(a, "--progress-bar=", 15) || !strcmp(a, "--no-color")) {
    } else if (!strcmp(a, "-t") || !strcmp(a, "--target") || !strcmp(a, "-e") || !strcmp(a, "--editable") ||
               !strcmp(a, "--prefix") || !strcmp(a, "--root") || !strncmp(a, "--target=", 9)) {
      errf(c, "ERROR: %s is not supported by the box's pip: it installs into site-packages (or ~/.local with --user) only", a);
      status = 2;
    } else if (a[0] == '-') {
      errf(c, "\nUsage:   \n  pip %s [options]\n\nno such option: %s", command ? command : "<command>", a);
      status = 2;
    } else json_array_append_new(ops, json_string(a));
  }
  if (!status) {
    if (!command || !strcmp(command, "help")) {
      cmd_puts(c, c->help);
    } else if (!strcmp(command, "install")) status = pip_install(c, ops, &io);
    else if (!strcmp(command, "uninstall")) status = pip_uninstall(c, ops, yes, io.quiet);
    else if (!strcmp(command, "download")) status = pip_download(c, ops, dest, io.no_deps, io.quiet);
    else if (!strcmp(command, "list")) status = pip_list(c, format);
    else if (!strcmp(command, "freeze")) status = pip_freeze(c, all);
    else if (!strcmp(command, "show")) {
      if (!json_array_size(ops)) {
        errf(c, "ERROR: Please provide a package name or names.");
        status = 1;
      } else status = pip_show(c, ops, files);
    } else if (!strcmp(command, "wheel") || !strcmp(command, "index") ||
               !strcmp(command, "search") || !strcmp(command, "check") || !strcmp(command, "config") ||
               !strcmp(command, "cache") || !strcmp(command, "inspect") || !strcmp(command, "hash") || !strcmp(command, "debug")) {
      errf(c, "ERROR: the box's pip has no '%s' command yet (it has install, download, uninstall, list, show, freeze)", command);
      status = 1;
    } else {
      errf(c, "ERROR: unknown command \"%s\"", command);
      status = 1;
    }
  }
  json_decref(ops);
  return status;
}

int acs__cmd_pip(acs_cmd *c, int argc, char **argv) { return pip_main(c, argc, argv); }
int acs__cmd_pip3(acs_cmd *c, int argc, char **argv) { return pip_main(c, argc, argv); }
