/* pipjob.c - one `pip install` of a box, host side (pipjob.h): the
** index's pages read, versions picked as pip 23's resolver picks them for
** CPython 3.11 on wasm32-wasi (pure wheels only), each wheel fetched,
** checked against the index's sha256 and unpacked into the store by
** wheel.c, and the log lines pip would have printed on the way. */
#include "pipjob.h"

#include "../base/base.h"
#include "../net/http.h"
#include "allow.h"
#include "pyindex.h"
#include "pyreq.h"
#include "pyver.h"
#include "store.h"
#include "tarball.h"
#include "wheel.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_PAGE ((size_t)64 << 20)
#define MAX_WHEEL ((size_t)512 << 20)
#define MAX_NODES 2000
#define PYTHON "/usr/bin/python3"

typedef acs__pyfile pfile;
typedef acs__pyproject project;

typedef struct node {
  char key[128], name[128], version[96];
  char spec[2048];     /* every constraint met so far, comma-joined */
  char extras[512];    /* the extras asked for so far */
  char top_from[1200]; /* a top-level one from a file: "-r FILE (line N)" */
  char parent_name[128]; /* the name of what first needed it ("" at the top) */
  char file[300], sha256[72]; /* the wheel taken */
  json_t *causes;      /* [[REQ, "P 1.0" or null, TRIGGER]...]: what asked for it */
  bool requested, installed_ok;
  char *dist_info, *dir;
  json_t *requires;    /* Requires-Dist lines */
  char deps[64][128];  /* keys of what it needs (for the install order) */
  int ndeps;
  int weight;
} node;

typedef struct ctx {
  char *cache, index[2048];
  const acs__npm_policy *pol;
  json_t *log, *installed;
  bool upgrade, no_deps, force;
  const char *site;
  char cwd[1024];
  project *projects;
  size_t nprojects;
  node *nodes;
  size_t nnodes;
  char err[4096];
  json_t *learnt;      /* key -> {"spec", "causes"}: what conflicts taught, kept across rounds */
  json_t *seen;        /* URLs already logged as downloaded or cached */
} ctx;

static void logf_(ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void logf_(ctx *c, const char *fmt, ...)
{
  char line[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  /* a later round of resolution says again what the first said */
  size_t i;
  json_t *l;
  json_array_foreach(c->log, i, l) if (!strcmp(json_string_value(l), line)) return;
  json_array_append_new(c->log, json_string(line));
}

static bool failf(ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool failf(ctx *c, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->err, sizeof c->err, fmt, ap);
  va_end(ap);
  return false;
}

static void format_size(double b, char *out, size_t cap)
{
  if (b > 1000 * 1000) snprintf(out, cap, "%.1f MB", b / 1000.0 / 1000);
  else if (b > 10 * 1000) snprintf(out, cap, "%d kB", (int)(b / 1000));
  else if (b > 1000) snprintf(out, cap, "%.1f kB", b / 1000.0);
  else snprintf(out, cap, "%d bytes", (int)b);
}

static int mkdirs(const char *dir)
{
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s", dir);
  for (char *p = tmp + 1; *p; p++)
    if (*p == '/') {
      *p = 0;
      if (mkdir(tmp, 0755) < 0 && errno != EEXIST) return -1;
      *p = '/';
    }
  return mkdir(tmp, 0755) < 0 && errno != EEXIST ? -1 : 0;
}

/* ------------------------------------------------------------ the index */

static project *index_get(ctx *c, const char *key)
{
  for (size_t i = 0; i < c->nprojects; i++)
    if (!strcmp(c->projects[i].key, key)) return &c->projects[i];
  project *np = realloc(c->projects, (c->nprojects + 1) * sizeof *np);
  if (!np) return NULL;
  c->projects = np;
  project *p = &c->projects[c->nprojects++];
  memset(p, 0, sizeof *p);
  snprintf(p->key, sizeof p->key, "%s", key);
  char url[2400], path[4600], dir[4300];
  snprintf(url, sizeof url, "%s/%s/", c->index, key);
  snprintf(dir, sizeof dir, "%s/pip/index/%016llx", c->cache, (unsigned long long)acs__fnv1a(c->index));
  snprintf(path, sizeof path, "%s/%s", dir, key);
  const char *headers[] = {"Accept: application/vnd.pypi.simple.v1+json, application/vnd.pypi.simple.v1+html; q=0.1, text/html; q=0.01"};
  char *body = NULL;
  size_t blen = 0;
  /* within the max-age the index gave it (PyPI's 10 minutes), the page as
  ** last read, as pip's HTTP cache would */
  char metap[4700], *mt = NULL;
  size_t ml;
  long fetched = 0, age = 0, now = (long)time(NULL);
  snprintf(metap, sizeof metap, "%s.meta", path);
  if (!acs__read_file(metap, &mt, &ml)) {
    if (sscanf(mt, "%ld %ld", &fetched, &age) != 2) age = 0;
    free(mt);
  }
  if (age > 0 && now >= fetched && now - fetched < age && !acs__read_file(path, &body, &blen)) {
    acs__pyindex_parse(p, url, body, blen);
    free(body);
    return p;
  }
  acs__fetch_result res;
  acs_err ferr = {0};
  int rc = acs__fetch(url, headers, 1, MAX_PAGE, -1, &res, &ferr);
  if (rc || res.status == 0 || res.status >= 500) {
    /* offline or failing: the page as last read, if any */
    if (acs__read_file(path, &body, &blen)) {
      failf(c, "could not read the package index at %s: %s", url,
            ferr.message ? ferr.message : "it answered with an error");
      acs__fetch_result_free(&res);
      acs_err_clear(&ferr);
      return NULL;
    }
  } else if (res.status == 404) {
    p->missing = true;
  } else if (res.status != 200) {
    failf(c, "could not read the package index at %s: HTTP %d", url, res.status);
    acs__fetch_result_free(&res);
    return NULL;
  } else {
    blen = res.body.len;
    body = malloc(blen + 1);
    if (body) {
      memcpy(body, res.body.data ? res.body.data : "", blen);
      body[blen] = 0;
      if (mkdirs(dir) == 0) {
        char tmp[4800];
        snprintf(tmp, sizeof tmp, "%s.%d.tmp", path, (int)getpid());
        int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd >= 0) {
          bool ok = acs__write_all(fd, body, blen) == 0;
          close(fd);
          if (!ok || rename(tmp, path) < 0) unlink(tmp);
        }
        char line[64];
        int n = snprintf(line, sizeof line, "%ld %ld\n", now, res.max_age > 0 ? res.max_age : 0);
        snprintf(tmp, sizeof tmp, "%s.%d.tmp", metap, (int)getpid());
        fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd >= 0) {
          bool ok = acs__write_all(fd, line, (size_t)n) == 0;
          close(fd);
          if (!ok || rename(tmp, metap) < 0) unlink(tmp);
        }
      }
    }
  }
  acs__fetch_result_free(&res);
  acs_err_clear(&ferr);
  if (body) {
    acs__pyindex_parse(p, url, body, blen);
    free(body);
  }
  return p;
}

/* ------------------------------------------------------------ the store */

static bool fetch_wheel(ctx *c, const pfile *f, const char *name, unsigned char **data, size_t *len)
{
  char path[4400];
  snprintf(path, sizeof path, "%s/pip/wheels/%s.whl", c->cache, f->sha256);
  char sz[32];
  char *text = NULL;
  if (!acs__read_file(path, &text, len)) {
    format_size((double)*len, sz, sizeof sz);
    if (!json_object_get(c->seen, f->url)) logf_(c, "  Using cached %s (%s)", f->url, sz);
    json_object_set_new(c->seen, f->url, json_true());
    *data = (unsigned char *)text;
    return true;
  }
  acs__fetch_result res;
  acs_err ferr = {0};
  int rc = acs__fetch(f->url, NULL, 0, MAX_WHEEL, -1, &res, &ferr);
  if (rc || res.status != 200) {
    failf(c, "could not download %s: %s", f->url,
          ferr.message ? ferr.message : res.status ? "the server answered with an error" : "no answer");
    if (!rc && res.status) snprintf(c->err + strlen(c->err), sizeof c->err - strlen(c->err), " (HTTP %d)", res.status);
    acs__fetch_result_free(&res);
    acs_err_clear(&ferr);
    return false;
  }
  format_size((double)res.body.len, sz, sizeof sz);
  logf_(c, "  Downloading %s (%s)", f->url, sz);
  json_object_set_new(c->seen, f->url, json_true());
  unsigned char d[32];
  char hex[65];
  if (!acs__sha256(res.body.data ? res.body.data : "", res.body.len, d)) {
    acs__fetch_result_free(&res);
    return failf(c, "libcrypto.so.3 could not be loaded (install libssl3 with scripts/deps.sh)");
  }
  for (int i = 0; i < 32; i++) sprintf(hex + 2 * i, "%02x", d[i]);
  if (strcasecmp(hex, f->sha256)) {
    acs__fetch_result_free(&res);
    return failf(c, "THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE. If you have updated the "
                    "package versions, please update the hashes. Otherwise, examine the package contents carefully; "
                    "someone may have tampered with them.\n    %s from %s:\n        Expected sha256 %s\n             Got        %s\n",
                 name, f->url, f->sha256, hex);
  }
  char dir[4400];
  snprintf(dir, sizeof dir, "%s/pip/wheels", c->cache);
  if (mkdirs(dir) == 0) {
    char tmp[4500];
    snprintf(tmp, sizeof tmp, "%s.%d.tmp", path, (int)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd >= 0) {
      bool ok = acs__write_all(fd, res.body.data, res.body.len) == 0;
      close(fd);
      if (!ok || rename(tmp, path) < 0) unlink(tmp);
    }
  }
  *len = res.body.len;
  *data = (unsigned char *)acs__buf_take(&res.body, NULL);
  acs__fetch_result_free(&res);
  return *data != NULL;
}

/* The wheel unpacked in the store: its folder (site/, prefix/) and the
** .dist-info's name. */
static bool unpacked(ctx *c, const pfile *f, const char *name, char **dir, char **dist_info)
{
  char d[4400], done[4500];
  snprintf(d, sizeof d, "%s/pip/unpacked/%s", c->cache, f->sha256);
  snprintf(done, sizeof done, "%s/dist-info", d);
  char *text = NULL;
  size_t n;
  if (!acs__read_file(done, &text, &n)) {
    char u[4500];
    snprintf(u, sizeof u, "%s/pip/wheels/%s.whl", c->cache, f->sha256);
    if (access(u, R_OK) == 0 && !json_object_get(c->seen, f->url)) {
      json_object_set_new(c->seen, f->url, json_true());
      /* the wheel is in the cache: pip says so */
      char sz[32];
      struct stat st;
      stat(u, &st);
      format_size((double)st.st_size, sz, sizeof sz);
      logf_(c, "  Using cached %s (%s)", f->url, sz);
    }
    *dir = strdup(d);
    *dist_info = text;
    return true;
  }
  unsigned char *data = NULL;
  size_t len = 0;
  if (!fetch_wheel(c, f, name, &data, &len)) return false;
  char tmp[4500], why[1500];
  snprintf(tmp, sizeof tmp, "%s.%d.tmp", d, (int)getpid());
  acs__remove_tree(tmp);
  if (mkdirs(tmp) < 0) {
    free(data);
    return failf(c, "cannot write the store at %s: %s", tmp, strerror(errno));
  }
  char *info = NULL;
  bool ok = acs__wheel_unpack(data, len, tmp, PYTHON, &info, why, sizeof why);
  free(data);
  if (!ok) {
    acs__remove_tree(tmp);
    return failf(c, "%s is not a wheel the box installs: %s; nothing of it was installed", f->filename, why);
  }
  char di[4600];
  snprintf(di, sizeof di, "%s/dist-info", tmp);
  int fd = open(di, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd >= 0) {
    (void)acs__write_all(fd, info, strlen(info));
    close(fd);
  }
  if (rename(tmp, d) < 0) acs__remove_tree(tmp); /* another run got there first */
  *dir = strdup(d);
  *dist_info = info;
  return true;
}

/* ------------------------------------------------------------ resolving */

static bool python_fits(const char *rp)
{
  if (!rp || !*rp) return true;
  bool bad;
  char spec[512];
  size_t k = 0;
  for (const char *p = rp; *p && k + 1 < sizeof spec; p++)
    if (!isspace((unsigned char)*p)) spec[k++] = *p;
  spec[k] = 0;
  return acs__pyspec_match(spec, ACS__PY_FULL_VERSION, &bad) || bad;
}

static bool pinned(const char *spec)
{
  return (!strncmp(spec, "==", 2) && !strchr(spec, ',') && !strstr(spec, ".*")) || !strncmp(spec, "===", 3);
}

static int ver_cmp_desc(const void *a, const void *b)
{
  return acs__pyver_cmp(&(*(pfile *const *)b)->v, &(*(pfile *const *)a)->v);
}

/* The file pip would pick for key under spec, or NULL with c->err worded
** as pip words it (and the box's reason). */
static pfile *choose(ctx *c, project *p, const char *req_text, const char *spec)
{
  pfile **cand = calloc(p->n + 1, sizeof *cand);
  size_t nc = 0;
  if (!cand) return NULL;
  bool compiled = false, sdist = false, newer_python = false;
  for (size_t i = 0; i < p->n; i++) {
    pfile *f = &p->files[i];
    if (f->kind == 1) compiled = true;
    if (f->kind == 2) sdist = true;
    if (f->kind != 0) continue;
    if (!python_fits(f->requires_python)) {
      newer_python = true;
      continue;
    }
    cand[nc++] = f;
  }
  qsort(cand, nc, sizeof *cand, ver_cmp_desc);
  bool allow_pre = acs__pyspec_has_pre(spec), pin = pinned(spec);
  pfile *best = NULL;
  for (int pass = 0; pass < 2 && !best; pass++) {
    for (size_t i = 0; i < nc && !best; i++) {
      pfile *f = cand[i];
      bool bad;
      if (f->yanked && !pin) continue;
      if (acs__pyver_is_pre(&f->v) && !allow_pre && pass == 0) continue;
      if (acs__pyspec_match(spec, f->version, &bad)) best = f;
    }
    /* pre-releases only when nothing final fits */
    allow_pre = true;
  }
  if (best) {
    free(cand);
    return best;
  }
  /* pip's two lines, the versions as it lists them (ascending, once each) */
  acs__buf vs = {0};
  for (size_t i = nc; i-- > 0;) {
    bool seen = false;
    for (size_t k = i + 1; k < nc && !seen; k++) seen = !strcmp(cand[k]->version, cand[i]->version);
    if (seen) continue;
    char norm[128];
    acs__pyver_format(&cand[i]->v, norm, sizeof norm);
    acs__buf_printf(&vs, "%s%s", vs.len ? ", " : "", norm);
  }
  char why[1500] = "";
  if (!nc && compiled)
    snprintf(why, sizeof why, "\nERROR: %s has only compiled wheels (for other platforms): the box's Python "
             "(CPython 3.11 on wasm32-wasi) installs pure-Python wheels (py3-none-any) only", p->files[0].filename[0] ? req_text : req_text);
  else if (!nc && sdist)
    snprintf(why, sizeof why, "\nERROR: %s has only a source distribution: the box installs wheels only and builds "
             "nothing from source (no compiler); a pure-Python wheel of it, or another package, is needed", req_text);
  else if (!nc && newer_python)
    snprintf(why, sizeof why, "\nERROR: every release of %s needs a newer Python than the box's %s", req_text,
             ACS__PY_FULL_VERSION);
  failf(c, "ERROR: Could not find a version that satisfies the requirement %s (from versions: %s)\n"
           "ERROR: No matching distribution found for %s%s",
        req_text, vs.len ? vs.data : "none", req_text, why);
  acs__buf_free(&vs);
  free(cand);
  return NULL;
}

static void append_spec(char *dst, size_t cap, const char *s)
{
  if (!*s) return;
  size_t l = strlen(dst);
  snprintf(dst + l, cap - l, "%s%s", l ? "," : "", s);
}

static bool has_extra(const char *list, const char *e)
{
  size_t el = strlen(e);
  for (const char *p = list; *p;) {
    size_t l = strcspn(p, ",");
    if (l == el && !strncmp(p, e, l)) return true;
    p += l + (p[l] == ',');
  }
  return false;
}

/* Requires-Dist of an unpacked wheel's METADATA (and its Name, Version). */
static json_t *read_metadata(const char *site, const char *info, char *name, size_t ncap, char *ver, size_t vcap)
{
  char path[4600];
  snprintf(path, sizeof path, "%s/site/%s/METADATA", site, info);
  char *t;
  size_t n;
  json_t *req = json_array();
  if (acs__read_file(path, &t, &n)) return req;
  for (char *line = t, *next; line && *line; line = next) {
    next = strchr(line, '\n');
    if (next) *next++ = 0;
    size_t l = strlen(line);
    if (l && line[l - 1] == '\r') line[--l] = 0;
    if (!l) break; /* the body */
    if (!strncasecmp(line, "Requires-Dist:", 14)) {
      char *v = line + 14;
      while (isspace((unsigned char)*v)) v++;
      json_array_append_new(req, json_string(v));
    } else if (!strncasecmp(line, "Name:", 5)) {
      char *v = line + 5;
      while (isspace((unsigned char)*v)) v++;
      snprintf(name, ncap, "%s", v);
    } else if (!strncasecmp(line, "Version:", 8)) {
      char *v = line + 8;
      while (isspace((unsigned char)*v)) v++;
      snprintf(ver, vcap, "%s", v);
    }
  }
  free(t);
  return req;
}

static node *find_node(ctx *c, const char *key)
{
  for (size_t i = 0; i < c->nnodes; i++)
    if (!strcmp(c->nodes[i].key, key)) return &c->nodes[i];
  return NULL;
}

typedef struct qitem {
  char *text, *from;
  char parent[128];
  bool top;
} qitem;

typedef struct queue {
  qitem *v;
  size_t n, head, cap;
} queue;

static void push(queue *q, const char *text, const char *from, const char *parent, bool top)
{
  if (q->n == q->cap) {
    size_t cap = q->cap ? q->cap * 2 : 32;
    qitem *nv = realloc(q->v, cap * sizeof *nv);
    if (!nv) return;
    q->v = nv, q->cap = cap;
  }
  q->v[q->n].text = strdup(text);
  q->v[q->n].from = from ? strdup(from) : NULL;
  snprintf(q->v[q->n].parent, sizeof q->v[q->n].parent, "%s", parent ? parent : "");
  q->v[q->n].top = top;
  q->n++;
}

static void queue_free(queue *q)
{
  for (size_t i = 0; i < q->n; i++) {
    free(q->v[i].text);
    free(q->v[i].from);
  }
  free(q->v);
  memset(q, 0, sizeof *q);
}

/* The dependencies of n for the extras in `only` (NULL: all it has). */
static void push_deps(ctx *c, queue *q, node *n, const char *chain, const char *only)
{
  if (c->no_deps) return;
  size_t i;
  json_t *r;
  json_array_foreach(n->requires, i, r) {
    const char *text = json_string_value(r);
    acs__pyreq pr;
    char why[400];
    if (!text || !acs__pyreq_parse(text, &pr, why, sizeof why)) continue;
    bool want = false;
    if (!only) want = acs__pymarker_eval(pr.marker, "") == 1;
    const char *ex = only ? only : n->extras;
    for (const char *p = ex; *p && !want;) {
      size_t l = strcspn(p, ",");
      char e[128];
      snprintf(e, sizeof e, "%.*s", (int)l, p);
      /* an extra's own requirement: true with the extra, false without */
      want = acs__pymarker_eval(pr.marker, e) == 1 && acs__pymarker_eval(pr.marker, "") != 1;
      p += l + (p[l] == ',');
    }
    if (!want) continue;
    /* pip's text of the requirement: name, extras, specifier, no marker */
    char rt[700];
    int k = snprintf(rt, sizeof rt, "%s", pr.name);
    if (pr.extras[0]) k += snprintf(rt + k, sizeof rt - (size_t)k, "[%s]", pr.extras);
    snprintf(rt + k, sizeof rt - (size_t)k, "%s", pr.spec);
    push(q, rt, chain, n->key, false);
  }
}

static bool allowed(ctx *c, const char *key, const char *name)
{
  if (!c->pol->allow) return true;
  for (size_t i = 0; i < c->pol->allowed_count; i++) {
    const char *e = c->pol->allowed[i];
    if (e[0] == '@') continue;
    size_t l = strcspn(e, "@");
    char k[256];
    acs__pyname_norm(e, l, k, sizeof k);
    if (!strcmp(k, key)) return true;
  }
  char list[1500] = "";
  for (size_t i = 0; i < c->pol->allowed_count; i++) {
    size_t l = strlen(list);
    snprintf(list + l, sizeof list - l, "%s%s", i ? ", " : "", c->pol->allowed[i]);
  }
  return failf(c, "ERROR: Package \"%s\" is not allowed in this box; allowed: %s. (acs box --allow-package NAME grants one)",
               name, list);
}

/* A requirement as pip prints it: the name as written, extras and
** specifiers sorted, no marker. */
static int str_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void req_text(const acs__pyreq *pr, char *out, size_t cap)
{
  int k = snprintf(out, cap, "%s", pr->name);
  char buf[600], *parts[64];
  size_t n = 0;
  if (pr->extras[0]) {
    snprintf(buf, sizeof buf, "%s", pr->extras);
    for (char *s = buf, *t; n < 64 && (t = strsep(&s, ","));) parts[n++] = t;
    qsort(parts, n, sizeof *parts, str_cmp);
    k += snprintf(out + k, cap - (size_t)k, "[");
    for (size_t i = 0; i < n; i++) k += snprintf(out + k, cap - (size_t)k, "%s%s", i ? "," : "", parts[i]);
    k += snprintf(out + k, cap - (size_t)k, "]");
  }
  n = 0;
  snprintf(buf, sizeof buf, "%s", pr->spec);
  for (char *s = buf, *t; n < 64 && (t = strsep(&s, ","));)
    if (*t) parts[n++] = t;
  qsort(parts, n, sizeof *parts, str_cmp);
  for (size_t i = 0; i < n && (size_t)k < cap; i++) k += snprintf(out + k, cap - (size_t)k, "%s%s", i ? "," : "", parts[i]);
}

/* Whether any file of p fits spec (as choose would take it). */
static bool candidate(project *p, const char *spec)
{
  bool pin = pinned(spec);
  for (size_t i = 0; i < p->n; i++) {
    pfile *f = &p->files[i];
    bool bad;
    if (f->kind == 0 && python_fits(f->requires_python) && (!f->yanked || pin) && acs__pyspec_match(spec, f->version, &bad))
      return true;
  }
  return false;
}

/* pip's ResolutionImpossible: the triggers on the error line, the causes
** on standard output. */
static void conflict_message(ctx *c, json_t *causes)
{
  char *trig[64];
  size_t nt = 0, i;
  json_t *cz;
  acs__buf why = {0};
  acs__buf_puts(&why, "\nThe conflict is caused by:");
  json_array_foreach(causes, i, cz) {
    const char *req = json_string_value(json_array_get(cz, 0));
    const char *par = json_string_value(json_array_get(cz, 1));
    const char *t = json_string_value(json_array_get(cz, 2));
    if (par) acs__buf_printf(&why, "\n    %s depends on %s", par, req);
    else acs__buf_printf(&why, "\n    The user requested %s", req);
    bool dup = false;
    for (size_t k = 0; k < nt && !dup; k++) dup = !strcmp(trig[k], t);
    if (!dup && nt < 64) trig[nt++] = (char *)t;
  }
  acs__buf_puts(&why, "\n\nTo fix this you could try to:\n1. loosen the range of package versions you've specified\n"
                      "2. remove package versions to allow pip attempt to solve the dependency conflict\n");
  json_array_append_new(c->log, json_string(why.data));
  acs__buf_free(&why);
  qsort(trig, nt, sizeof *trig, str_cmp);
  acs__buf t = {0};
  for (size_t k = 0; k < nt; k++) acs__buf_printf(&t, "%s%s", k ? (k == nt - 1 ? " and " : ", ") : "", trig[k]);
  failf(c, "ERROR: Cannot install %s because these package versions have conflicting dependencies.\n"
           "ERROR: ResolutionImpossible: for help visit "
           "https://pip.pypa.io/en/latest/topics/dependency-resolution/#dealing-with-dependency-conflicts",
        nt ? t.data : "the requested packages");
  acs__buf_free(&t);
}

/* pip's display_path: a path under the working folder as ./rest */
static void display_path(ctx *c, const char *path, char *out, size_t cap)
{
  size_t l = strlen(c->cwd);
  if (l > 1 && !strncmp(path, c->cwd, l) && path[l] == '/') snprintf(out, cap, ".%s", path + l);
  else snprintf(out, cap, "%s", path);
}

static void use_installed(ctx *c, queue *q, node *n, json_t *have, const char *chain)
{
  n->installed_ok = true;
  snprintf(n->version, sizeof n->version, "%s", json_string_value(json_object_get(have, "version")));
  const char *hn = json_string_value(json_object_get(have, "name"));
  if (hn) snprintf(n->name, sizeof n->name, "%s", hn);
  n->requires = json_incref(json_object_get(have, "requires"));
  if (!json_is_array(n->requires)) {
    json_decref(n->requires);
    n->requires = json_array();
  }
  push_deps(c, q, n, chain, NULL);
}

/* One pass of resolution; false with c->err, or *conflict set when a
** later requirement rules out a version picked earlier (the caller starts
** again knowing it). */
static bool resolve_once(ctx *c, json_t *reqs, bool *conflict)
{
  *conflict = false;
  queue q = {0};
  size_t i;
  json_t *r;
  json_array_foreach(reqs, i, r) {
    /* a string, or {"req", "from": "-r FILE (line N)"} */
    const char *t = json_is_string(r) ? json_string_value(r) : json_string_value(json_object_get(r, "req"));
    if (t) push(&q, t, json_string_value(json_object_get(r, "from")), NULL, true);
  }
  bool ok = true;
  for (; ok && q.head < q.n; q.head++) {
    qitem *it = &q.v[q.head];
    acs__pyreq pr;
    char why[600];
    if (!acs__pyreq_parse(it->text, &pr, why, sizeof why)) {
      ok = failf(c, "ERROR: %s", why);
      break;
    }
    if (acs__pymarker_eval(pr.marker, "") != 1) {
      char mk[1100];
      snprintf(mk, sizeof mk, "%s", pr.marker);
      for (char *q2 = mk; *q2; q2++)
        if (*q2 == '\'') *q2 = '"';
      if (it->top) logf_(c, "Ignoring %s: markers '%s' don't match your environment", pr.name, mk);
      continue;
    }
    /* the log's text of it: as pip prints a requirement (extras and
    ** specifiers sorted, no marker), with the chain it came from */
    char rt[800], shown[1200], chain[1200];
    req_text(&pr, rt, sizeof rt);
    if (!it->from) snprintf(shown, sizeof shown, "%s", rt);
    else snprintf(shown, sizeof shown, "%s (from %s)", rt, it->from);
    if (it->from) snprintf(chain, sizeof chain, "%s->%s", rt, it->from);
    else snprintf(chain, sizeof chain, "%s", rt);
    node *par = it->parent[0] ? find_node(c, it->parent) : NULL;
    char par_name[128] = ""; /* par moves when c->nodes grows */
    if (par) snprintf(par_name, sizeof par_name, "%s", par->name);
    if (par && par->ndeps < 64) {
      bool dup = false;
      for (int k = 0; k < par->ndeps && !dup; k++) dup = !strcmp(par->deps[k], pr.key);
      if (!dup) snprintf(par->deps[par->ndeps++], sizeof par->deps[0], "%s", pr.key);
    }
    node *n = find_node(c, pr.key);
    json_t *cause = json_pack("[s, s?, s]", rt, par ? par->name : NULL, "");
    if (par) {
      char label[300], trig[1300];
      snprintf(label, sizeof label, "%s %s", par->name, par->version);
      json_array_set_new(cause, 1, json_string(label));
      if (!par->parent_name[0] && !par->top_from[0]) snprintf(trig, sizeof trig, "%s==%s", par->name, par->version);
      else snprintf(trig, sizeof trig, "%s", par->parent_name[0] ? par->parent_name : par->top_from);
      json_array_set_new(cause, 2, json_string(trig));
    } else json_array_set_new(cause, 2, json_string(it->from ? it->from : rt));
    if (n) {
      append_spec(n->spec, sizeof n->spec, pr.spec);
      json_array_append(n->causes, cause);
      bool bad;
      if (it->top) n->requested = true;
      if (!acs__pyspec_match(n->spec, n->version, &bad)) {
        /* narrow n when something still fits, else rule out the version
        ** of what asked (pip backtracks to another), else give up */
        project *pj = index_get(c, n->key);
        bool fits = pj && candidate(pj, n->spec);
        const char *key = fits ? n->key : par ? par->key : NULL;
        char add[300];
        if (fits) snprintf(add, sizeof add, "%s", pr.spec);
        else if (par) snprintf(add, sizeof add, "!=%s", par->version);
        json_t *l = key ? json_object_get(c->learnt, key) : NULL;
        const char *prev = json_string_value(json_object_get(l, "spec"));
        if (!key || (prev && strstr(prev, add))) {
          conflict_message(c, n->causes);
          json_decref(cause);
          ok = false;
          break;
        }
        if (!l) {
          l = json_pack("{s:s, s:[]}", "spec", "", "causes");
          json_object_set_new(c->learnt, key, l);
        }
        char ns[2300];
        snprintf(ns, sizeof ns, "%s%s%s", prev && *prev ? prev : "", prev && *prev ? "," : "", add);
        json_object_set_new(l, "spec", json_string(ns));
        size_t k;
        json_t *cz;
        json_array_foreach(n->causes, k, cz) json_array_append(json_object_get(l, "causes"), cz);
        json_decref(cause);
        *conflict = true;
        break;
      }
      json_decref(cause);
      /* new extras bring their own dependencies */
      char fresh[512] = "";
      for (const char *p = pr.extras; *p;) {
        size_t l = strcspn(p, ",");
        char e[128];
        snprintf(e, sizeof e, "%.*s", (int)l, p);
        if (!has_extra(n->extras, e)) {
          append_spec(n->extras, sizeof n->extras, e);
          append_spec(fresh, sizeof fresh, e);
        }
        p += l + (p[l] == ',');
      }
      if (fresh[0]) push_deps(c, &q, n, chain, fresh);
      continue;
    }
    if (c->nnodes >= MAX_NODES) {
      ok = failf(c, "ERROR: the request needs more than %d packages", MAX_NODES);
      break;
    }
    if (it->top && !allowed(c, pr.key, pr.name)) {
      ok = false;
      break;
    }
    node *nv = realloc(c->nodes, (c->nnodes + 1) * sizeof *nv);
    if (!nv) {
      ok = failf(c, "out of memory");
      break;
    }
    c->nodes = nv;
    n = &c->nodes[c->nnodes++];
    memset(n, 0, sizeof *n);
    snprintf(n->key, sizeof n->key, "%s", pr.key);
    snprintf(n->name, sizeof n->name, "%s", pr.name);
    snprintf(n->extras, sizeof n->extras, "%s", pr.extras);
    n->requested = it->top;
    n->causes = json_array();
    json_array_append_new(n->causes, cause);
    if (it->top && it->from) snprintf(n->top_from, sizeof n->top_from, "%s", it->from);
    snprintf(n->parent_name, sizeof n->parent_name, "%s", par_name);
    json_t *learnt = json_object_get(c->learnt, pr.key);
    snprintf(n->spec, sizeof n->spec, "%s", pr.spec);
    if (learnt) append_spec(n->spec, sizeof n->spec, json_string_value(json_object_get(learnt, "spec")));
    /* what the box has already, when it does */
    json_t *have = json_object_get(c->installed, pr.key);
    const char *hv = json_string_value(json_object_get(have, "version"));
    bool bad, sat = hv && !c->force && acs__pyspec_match(n->spec, hv, &bad);
    if (sat) {
      char where[1200];
      const char *loc = json_string_value(json_object_get(have, "location"));
      display_path(c, loc ? loc : c->site, where, sizeof where);
      if (!it->from) logf_(c, "Requirement already satisfied: %s in %s (%s)", rt, where, hv);
      else logf_(c, "Requirement already satisfied: %s in %s (from %s) (%s)", rt, where, it->from, hv);
    }
    if (sat && !(c->upgrade && it->top)) {
      use_installed(c, &q, n, have, chain);
      continue;
    }
    project *p = index_get(c, pr.key);
    if (!p) {
      ok = false;
      break;
    }
    pfile *f = learnt && !candidate(p, n->spec) ? NULL : choose(c, p, rt, n->spec);
    if (!f && learnt) {
      /* ruled out by what a conflict taught: pip's account of it */
      json_t *all = json_array();
      size_t k;
      json_t *cz;
      json_array_foreach(json_object_get(learnt, "causes"), k, cz) json_array_append(all, cz);
      conflict_message(c, all);
      json_decref(all);
    }
    acs__pyver iv;
    if (sat && (!f || (acs__pyver_parse(hv, &iv) && acs__pyver_cmp(&f->v, &iv) <= 0))) {
      /* -U with the newest already there */
      use_installed(c, &q, n, have, chain);
      continue;
    }
    if (!f) {
      ok = false;
      break;
    }
    logf_(c, "Collecting %s", shown);
    if (f->yanked) {
      logf_(c, "WARNING: The candidate selected for download or install is a yanked version: '%s' candidate (version %s at %s (from %s/%s/))\n"
               "Reason for being yanked: %s", pr.key, f->version, f->url, c->index, pr.key, f->yank_reason ? f->yank_reason : "<none given>");
    }
    if (!f->sha256) {
      ok = failf(c, "ERROR: the index gives no sha256 (64 hex digits) for %s, so the box cannot check it; nothing was installed",
                 f->filename);
      break;
    }
    snprintf(n->file, sizeof n->file, "%s", f->filename);
    snprintf(n->sha256, sizeof n->sha256, "%s", f->sha256);
    if (!unpacked(c, f, pr.name, &n->dir, &n->dist_info)) {
      if (strncmp(c->err, "ERROR", 5)) {
        /* pip's prefix in front, the end cut if it no longer fits */
        size_t l = strnlen(c->err, sizeof c->err - 8);
        memmove(c->err + 7, c->err, l);
        memcpy(c->err, "ERROR: ", 7);
        c->err[7 + l] = 0;
      }
      ok = false;
      break;
    }
    char mname[128] = "", mver[96] = "";
    n->requires = read_metadata(n->dir, n->dist_info, mname, sizeof mname, mver, sizeof mver);
    if (mname[0]) snprintf(n->name, sizeof n->name, "%s", mname);
    snprintf(n->version, sizeof n->version, "%s", mver[0] ? mver : f->version);
    /* extras the package does not have: pip warns and goes on */
    for (const char *e = n->extras; *e;) {
      size_t l = strcspn(e, ",");
      char ex[128];
      snprintf(ex, sizeof ex, "%.*s", (int)l, e);
      bool found = false;
      size_t k;
      json_t *rq;
      json_array_foreach(n->requires, k, rq) {
        acs__pyreq d;
        char w[200];
        if (acs__pyreq_parse(json_string_value(rq), &d, w, sizeof w) && acs__pymarker_eval(d.marker, ex) == 1 &&
            acs__pymarker_eval(d.marker, "") != 1)
          found = true;
      }
      if (!found) logf_(c, "WARNING: %s %s does not provide the extra '%s'", n->name, n->version, ex);
      e += l + (*(e + l) == ',');
    }
    push_deps(c, &q, n, chain, NULL);
  }
  queue_free(&q);
  return ok;
}

static void clear_nodes(ctx *c)
{
  for (size_t i = 0; i < c->nnodes; i++) {
    free(c->nodes[i].dir);
    free(c->nodes[i].dist_info);
    json_decref(c->nodes[i].requires);
    json_decref(c->nodes[i].causes);
  }
  free(c->nodes);
  c->nodes = NULL;
  c->nnodes = 0;
}

/* pip's install order (get_topological_weights): leaves pruned round by
** round, each round's weight the graph's size less one; what a cycle
** leaves is weighed by its depth from the root. */
static int child_of(ctx *c, const node *n, int k, const bool *gone)
{
  node *d = find_node(c, n->deps[k]);
  if (!d) return -1;
  int i = (int)(d - c->nodes);
  return gone[i] ? -1 : i;
}

static void visit(ctx *c, int i, bool *on_path, int *path_len, const bool *gone)
{
  if (on_path[i]) return;
  on_path[i] = true;
  (*path_len)++;
  node *n = &c->nodes[i];
  for (int k = 0; k < n->ndeps; k++) {
    int j = child_of(c, n, k, gone);
    if (j >= 0) visit(c, j, on_path, path_len, gone);
  }
  on_path[i] = false;
  (*path_len)--;
  if (n->weight < *path_len) n->weight = *path_len;
}

static void weigh_all(ctx *c)
{
  size_t n = c->nnodes;
  bool *gone = calloc(n + 1, sizeof *gone), *leaf = calloc(n + 1, sizeof *leaf), *on_path = calloc(n + 1, sizeof *on_path);
  if (!gone || !leaf || !on_path) goto out;
  size_t left = n + 1; /* and the root */
  for (;;) {
    size_t nl = 0;
    for (size_t i = 0; i < n; i++) {
      leaf[i] = false;
      if (gone[i]) continue;
      bool child = false;
      for (int k = 0; k < c->nodes[i].ndeps && !child; k++) child = child_of(c, &c->nodes[i], k, gone) >= 0;
      if (!child) leaf[i] = true, nl++;
    }
    if (!nl) break;
    for (size_t i = 0; i < n; i++)
      if (leaf[i]) c->nodes[i].weight = (int)left - 1, gone[i] = true;
    left -= nl;
  }
  int path_len = 1;
  for (size_t i = 0; i < n; i++)
    if (c->nodes[i].requested && !gone[i]) visit(c, (int)i, on_path, &path_len, gone);
out:
  free(gone);
  free(leaf);
  free(on_path);
}

static int order_cmp(const void *a, const void *b)
{
  const node *x = *(node *const *)a, *y = *(node *const *)b;
  if (x->weight != y->weight) return y->weight - x->weight;
  return strcmp(y->key, x->key);
}

char *acs__pip_job(json_t *rq, const acs__npm_policy *pol)
{
  ctx c = {.pol = pol, .log = json_array(), .learnt = json_object(), .seen = json_object()};
  json_t *reqs = json_object_get(rq, "reqs");
  const char *download = json_string_value(json_object_get(rq, "download"));
  /* pip download resolves as if nothing were installed */
  c.installed = download ? NULL : json_object_get(rq, "installed");
  c.upgrade = json_is_true(json_object_get(rq, "upgrade"));
  c.no_deps = json_is_true(json_object_get(rq, "noDeps"));
  c.force = json_is_true(json_object_get(rq, "forceReinstall"));
  c.site = json_string_value(json_object_get(rq, "site"));
  const char *cwd = json_string_value(json_object_get(rq, "cwd"));
  snprintf(c.cwd, sizeof c.cwd, "%s", cwd ? cwd : "/");
  const char *prefix = json_string_value(json_object_get(rq, "prefix"));
  if (!c.site) c.site = "/usr/local/lib/python3.11/site-packages";
  if (!prefix) prefix = "/usr/local";
  bool ok = true;
  acs_err err = {0};
  if (pol->none && json_array_size(reqs)) {
    ok = failf(&c, "ERROR: no packages are allowed in this box (it was started with --no-packages)");
  } else if (!(c.cache = acs__store_dir(&err))) {
    ok = failf(&c, "ERROR: %s", err.message ? err.message : "no cache directory");
    acs_err_clear(&err);
  }
  if (ok) {
    const char *env = getenv("ACS_PYPI_INDEX_URL");
    snprintf(c.index, sizeof c.index, "%s", env && *env ? env : "https://pypi.org/simple");
    for (size_t l = strlen(c.index); l > 0 && c.index[l - 1] == '/';) c.index[--l] = 0;
    if (env && *env) logf_(&c, "Looking in indexes: %s", env);
    bool conflict = true;
    for (int round = 0; ok && conflict && round < 50; round++) {
      if (round) clear_nodes(&c);
      ok = resolve_once(&c, reqs, &conflict);
    }
    if (ok && conflict) ok = failf(&c, "ERROR: ResolutionImpossible: the requirements conflict");
  }
  json_t *ans = json_object();
  json_object_set_new(ans, "ok", json_boolean(ok));
  json_object_set(ans, "log", c.log);
  if (!ok) json_object_set_new(ans, "message", json_string(c.err));
  else if (download) {
    /* the wheels as they came, into the folder, in the order collected */
    json_t *saved = json_array(), *names = json_array(), *pkgs = json_array();
    for (size_t i = 0; i < c.nnodes; i++) {
      node *n = &c.nodes[i];
      char host[4600], box[4400], shown[4500];
      snprintf(host, sizeof host, "%s/pip/wheels/%s.whl", c.cache, n->sha256);
      snprintf(box, sizeof box, "%s/%s", strcmp(download, "/") ? download : "", n->file);
      display_path(&c, box, shown, sizeof shown);
      json_array_append_new(pkgs, json_pack("{s:s, s:s, s:s, s:s}", "path", box + 1, "dir", host, "name", n->name,
                                            "version", n->version));
      json_array_append_new(saved, json_string(shown));
      json_array_append_new(names, json_string(n->name));
    }
    json_object_set_new(ans, "saved", saved);
    json_object_set_new(ans, "downloaded", names);
    json_object_set_new(ans, "pkgs", pkgs);
  } else {
    node **ord = calloc(c.nnodes + 1, sizeof *ord);
    weigh_all(&c);
    for (size_t i = 0; i < c.nnodes; i++) ord[i] = &c.nodes[i];
    if (ord) qsort(ord, c.nnodes, sizeof *ord, order_cmp);
    json_t *inst = json_array(), *pkgs = json_array();
    for (size_t i = 0; ord && i < c.nnodes; i++) {
      node *n = ord[i];
      if (n->installed_ok) continue;
      json_array_append_new(inst, json_pack("{s:s, s:s, s:s, s:s, s:b}", "name", n->name, "key", n->key, "version",
                                            n->version, "distInfo", n->dist_info ? n->dist_info : "", "requested",
                                            n->requested));
      char host[4600], box[4200];
      snprintf(host, sizeof host, "%s/site", n->dir);
      json_array_append_new(pkgs, json_pack("{s:s, s:s, s:s, s:s}", "path", c.site + (c.site[0] == '/'), "dir", host,
                                            "name", n->name, "version", n->version));
      snprintf(host, sizeof host, "%s/prefix", n->dir);
      snprintf(box, sizeof box, "%s", prefix + (prefix[0] == '/'));
      if (access(host, F_OK) == 0)
        json_array_append_new(pkgs, json_pack("{s:s, s:s, s:s, s:s}", "path", box, "dir", host, "name", n->name,
                                              "version", n->version));
    }
    free(ord);
    json_object_set_new(ans, "install", inst);
    json_object_set_new(ans, "pkgs", pkgs);
  }
  char *s = json_dumps(ans, JSON_COMPACT);
  json_decref(ans);
  json_decref(c.log);
  json_decref(c.learnt);
  json_decref(c.seen);
  clear_nodes(&c);
  for (size_t i = 0; i < c.nprojects; i++) acs__pyindex_free(&c.projects[i]);
  free(c.projects);
  free(c.cache);
  return s;
}
