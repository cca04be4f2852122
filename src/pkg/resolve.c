/* resolve.c - from the packages a run imports to a node_modules tree, the
** way npm (arborist's buildIdealTree) would lay it out.
**
** Packages are placed breadth-first: the shallowest unprocessed package
** first (ties by path), its dependencies in name order. A dependency is
** looked up as Node's resolution would find it, walking from the dependent
** towards the root; the first package of that name on the way is reused
** when its version satisfies. Otherwise a new copy is placed at the
** shallowest location between the dependent and that conflict where it
** would not shadow another package's already-resolved, different copy
** (arborist's CanPlaceDep: KEEP, OK, CONFLICT, without REPLACE), and where
** its peers can be its siblings; a peer itself is placed from the
** dependent's parent up. Where npm would give up on a peer conflict
** (ERESOLVE), the copy is nested instead, so that Node's resolution still
** finds a fitting version. Versions are chosen as npm-pick-manifest does
** (without its engines preference). A package that cannot be used
** only breaks what needs it: failures are recorded on the dependent and
** reported at the end when that dependent turned out to be required;
** packages only optional dependencies lead to are dropped instead. */
#include "resolve.h"

#include "../base/base.h"
#include "name.h"
#include "semver.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#define FETCH_THREADS 8

/* ------------------------------------------------------------ string map */

/* Open addressing, keys copied. Enough for a few thousand names. */
typedef struct map {
  char **k;
  void **v;
  size_t cap, n;
} map;

static size_t hash(const char *s) { return (size_t)acs__fnv1a(s); }

static void **slot(char **k, void **v, size_t cap, const char *key, bool *fresh)
{
  for (size_t i = hash(key) & (cap - 1);; i = (i + 1) & (cap - 1)) {
    if (!k[i] || !strcmp(k[i], key)) {
      *fresh = !k[i];
      return &v[i];
    }
  }
}

/* The value slot of key; NULL when absent (add false) or out of memory. */
static void **map_at(map *m, const char *key, bool add)
{
  bool fresh;
  if (!add) {
    if (!m->cap) return NULL;
    void **s = slot(m->k, m->v, m->cap, key, &fresh);
    return fresh ? NULL : s;
  }
  if ((m->n + 1) * 2 > m->cap) {
    size_t cap = m->cap ? m->cap * 2 : 32;
    char **k = calloc(cap, sizeof *k);
    void **v = calloc(cap, sizeof *v);
    if (!k || !v) { free(k); free(v); return NULL; }
    for (size_t i = 0; i < m->cap; i++)
      if (m->k[i]) {
        void **s = slot(k, v, cap, m->k[i], &fresh);
        k[s - v] = m->k[i];
        *s = m->v[i];
      }
    free(m->k);
    free(m->v);
    m->k = k;
    m->v = v;
    m->cap = cap;
  }
  void **s = slot(m->k, m->v, m->cap, key, &fresh);
  if (fresh) {
    if (!(m->k[s - m->v] = strdup(key))) return NULL;
    *s = NULL;
    m->n++;
  }
  return s;
}

static void map_free(map *m, void (*val_free)(void *))
{
  for (size_t i = 0; i < m->cap; i++)
    if (m->k[i]) {
      free(m->k[i]);
      if (val_free) val_free(m->v[i]);
    }
  free(m->k);
  free(m->v);
  memset(m, 0, sizeof *m);
}

/* ------------------------------------------------------------ the model */

enum { E_DEP, E_OPT, E_PEER, E_PEEROPT };             /* edge kinds */
enum { S_RANGE, S_TAG, S_UNSUPPORTED, S_INVALID };    /* spec classes */

struct node;

typedef struct edge {
  char *folder;              /* the key as declared */
  char *name;                /* the registry name (another for an alias) */
  char *spec;                /* as declared */
  int kind, cls;
  bool any;                  /* "", "*": npm takes dist-tags.latest whatever it is */
  char *tag;                 /* S_TAG */
  acs__semver_range *range;  /* S_RANGE */
  struct node *to;           /* what it resolves to, once linked */
} edge;

typedef struct node {
  char *name, *folder, *version, *path, *label; /* label: "name@version" */
  acs__semver sv;
  json_t *doc;               /* borrowed from its packument */
  struct node *parent;       /* the package whose node_modules holds it; the top has none */
  struct node *via;          /* the dependent that brought it in; NULL for a root */
  struct node *origin;       /* the root whose tree brought it in, for messages */
  map kids;                  /* folder -> node */
  edge *e;
  size_t ne;
  char **declared;
  size_t ndeclared;
  int depth;
  bool root, done, required, gone;
  int broken_rc;             /* a deferred failure: reported if the node is required */
  char *broken;
} node;

typedef struct pack {
  json_t *doc;
  int rc;
  bool missing;
  char *msg;
} pack;

/* A processed edge, indexed by folder for the shadowing check. */
typedef struct ref {
  node *from;
  edge *e;
} ref;

typedef struct refs {
  ref *r;
  size_t n, cap;
} refs;

typedef struct ctx {
  acs__registry *reg;
  map packs;      /* name -> pack */
  map byfolder;   /* folder -> refs */
  node top;       /* the project: depth 0, path "" */
  node **all;     /* placed packages in creation order */
  size_t n, cap;
  char cpu[72];
  acs_err *err;
  char **msg;
} ctx;

static void pack_free(void *p)
{
  pack *k = p;
  if (!k) return;
  json_decref(k->doc);
  free(k->msg);
  free(k);
}

static void refs_free(void *p)
{
  refs *r = p;
  if (r) free(r->r);
  free(r);
}

static void node_free(node *n)
{
  free(n->name);
  free(n->folder);
  free(n->version);
  free(n->path);
  free(n->label);
  acs__semver_clear(&n->sv);
  map_free(&n->kids, NULL);
  for (size_t i = 0; i < n->ne; i++) {
    free(n->e[i].folder);
    free(n->e[i].name);
    free(n->e[i].spec);
    free(n->e[i].tag);
    acs__semver_range_free(n->e[i].range);
  }
  free(n->e);
  for (size_t i = 0; i < n->ndeclared; i++) free(n->declared[i]);
  free(n->declared);
  free(n->broken);
}

/* A request the model made that cannot be met. */
static int model(ctx *c, const char *fmt, ...) ACS__PRINTF(2, 3);
static int model(ctx *c, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  char *m = NULL;
  if (vasprintf(&m, fmt, ap) < 0) m = NULL;
  va_end(ap);
  if (!m) return ACS_ENOMEM;
  free(*c->msg);
  *c->msg = m;
  return acs__fail(c->err, ACS_ECONFIG, ACS__CONFIG, "%s", m);
}

/* ------------------------------------------------------------ packuments */

typedef struct batch {
  acs__registry *reg;
  char **names;
  pack **out;
  size_t n, next;
} batch;

static void fetch_one(acs__registry *reg, const char *name, pack *p)
{
  acs_err e = {0};
  p->rc = acs__registry_packument(reg, name, &p->doc, &p->missing, &e);
  if (p->rc && !e.message) acs__fail(&e, p->rc, ACS__ENV, "cannot get package \"%s\" from the npm registry", name);
  if (p->rc) p->msg = e.message ? e.message : strdup("out of memory");
  else free(e.message);
}

static void *fetch_worker(void *arg)
{
  batch *b = arg;
  for (;;) {
    size_t i = __atomic_fetch_add(&b->next, 1, __ATOMIC_RELAXED);
    if (i >= b->n) return NULL;
    fetch_one(b->reg, b->names[i], b->out[i]);
  }
}

/* Fetch the packuments of names[0..n) (distinct, none known yet) on up to
** FETCH_THREADS threads. Failures are kept in each pack, for whoever needs
** that package to report (or, for an optional one, to skip). */
static int fetch_all(ctx *c, char **names, size_t n)
{
  if (!n) return 0;
  pack **out = calloc(n, sizeof *out);
  if (!out) return ACS_ENOMEM;
  for (size_t i = 0; i < n; i++) {
    void **s = map_at(&c->packs, names[i], true);
    if (!s || !(out[i] = calloc(1, sizeof(pack)))) { free(out); return ACS_ENOMEM; }
    *s = out[i];
  }
  batch b = {.reg = c->reg, .names = names, .out = out, .n = n};
  pthread_t th[FETCH_THREADS];
  size_t started = 0;
  if (n > 1) {
    for (; started + 1 < FETCH_THREADS && started + 1 < n; started++)
      if (pthread_create(&th[started], NULL, fetch_worker, &b)) break;
  }
  fetch_worker(&b); /* this thread is one of them, and all when none started */
  for (size_t i = 0; i < started; i++) pthread_join(th[i], NULL);
  free(out);
  return 0;
}

static pack *get_pack(ctx *c, const char *name)
{
  void **s = map_at(&c->packs, name, false);
  if (s) return *s;
  char *one = (char *)name;
  if (fetch_all(c, &one, 1)) return NULL;
  s = map_at(&c->packs, name, false);
  return s ? *s : NULL;
}

/* ---------------------------------------------------- versions and specs */

static bool deprecated(json_t *doc)
{
  json_t *d = json_object_get(doc, "deprecated");
  return (json_is_string(d) && json_string_length(d) > 0) || json_is_true(d);
}

static bool in_all(acs__semver_range *const *r, size_t nr, const acs__semver *v)
{
  for (size_t i = 0; i < nr; i++)
    if (!acs__semver_range_test(r[i], v)) return false;
  return true;
}

/* The version npm-pick-manifest would choose among those in every range:
** dist-tags.latest when it is in them (with `any`, whatever it is) and not
** deprecated, else the highest non-deprecated, else the highest
** deprecated; no range at all is "*" (no prereleases). NULL when none.
** The text belongs to the packument. */
static const char *pick(json_t *pk, acs__semver_range *const *r, size_t nr, bool any)
{
  json_t *versions = json_object_get(pk, "versions");
  const char *latest = json_string_value(json_object_get(json_object_get(pk, "dist-tags"), "latest"));
  json_t *ld = latest ? json_object_get(versions, latest) : NULL;
  if (ld && !deprecated(ld)) {
    acs__semver v;
    if (!acs__semver_parse(latest, 0, &v, NULL)) {
      bool ok = any || in_all(r, nr, &v);
      acs__semver_clear(&v);
      if (ok) return latest;
    }
  }
  const char *best[2] = {NULL, NULL}; /* [0] not deprecated, [1] deprecated */
  acs__semver bv[2] = {{0}, {0}};
  const char *key;
  json_t *doc;
  json_object_foreach(versions, key, doc) {
    acs__semver v;
    if (acs__semver_parse(key, 0, &v, NULL)) continue;
    int d = deprecated(doc);
    if ((nr || !v.pre) && in_all(r, nr, &v) && (!best[d] || acs__semver_cmp(&v, &bv[d]) > 0)) {
      acs__semver_clear(&bv[d]);
      bv[d] = v;
      best[d] = key;
    } else {
      acs__semver_clear(&v);
    }
  }
  acs__semver_clear(&bv[0]);
  acs__semver_clear(&bv[1]);
  return best[0] ? best[0] : best[1];
}

static bool has_prefix(const char *s, const char *p) { return !strncmp(s, p, strlen(p)); }

static bool tag_like(const char *s)
{
  /* npm-package-arg: a tag is what encodeURIComponent leaves alone */
  if (!*s) return false;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
          strchr("-_.!~*'()", *s)))
      return false;
  return true;
}

/* Read a spec as npm-package-arg would, as far as we can install it: a
** range, a dist-tag, "npm:name@spec" (an alias; its name goes to *alias),
** or something only npm's other fetchers (git, file, URL) could get. */
static int classify(const char *spec, char **alias, acs__semver_range **range, char **tag, bool *any)
{
  *alias = NULL;
  *range = NULL;
  *tag = NULL;
  *any = false;
  while (*spec == ' ' || *spec == '\t') spec++;
  size_t len = strlen(spec);
  while (len && (spec[len - 1] == ' ' || spec[len - 1] == '\t')) len--;
  char *s = acs__strndup(spec, len);
  if (!s) return -1;
  const char *rest = s;
  if (has_prefix(s, "npm:")) {
    const char *p = s + 4;
    const char *at = strchr(p[0] == '@' ? p + 1 : p, '@');
    size_t nl = at ? (size_t)(at - p) : strlen(p);
    if (acs__pkg_name_check(p, nl, true)) { free(s); return S_INVALID; }
    if (!(*alias = acs__strndup(p, nl))) { free(s); return -1; }
    rest = at ? at + 1 : "";
  }
  static const char *const other[] = {"git+", "git:", "github:", "gitlab:", "bitbucket:", "gist:", "file:",
                                      "link:", "workspace:", "http:", "https:", "portal:", "patch:",
                                      "npm:", "jsr:", ".", "/", "~/"};
  int cls = -1;
  for (size_t i = 0; i < sizeof other / sizeof *other && cls < 0; i++)
    if (has_prefix(rest, other[i])) cls = S_UNSUPPORTED;
  /* a range holds neither; "user/repo" is GitHub, "x:..." some protocol */
  if (cls < 0 && (strchr(rest, '/') || strchr(rest, ':') || strchr(rest, '\\'))) cls = S_UNSUPPORTED;
  if (cls < 0 && len > 4 && (!strcmp(s + len - 4, ".tgz") || !strcmp(s + len - 4, ".tar")))
    cls = S_UNSUPPORTED;
  if (cls < 0 && acs__semver_range_parse(rest, range, NULL) == 0) {
    cls = S_RANGE;
    *any = !*rest || !strcmp(rest, "*");
  }
  if (cls < 0 && tag_like(rest)) cls = (*tag = strdup(rest)) ? S_TAG : -2;
  if (cls == -1) cls = S_INVALID;
  free(s);
  return cls < 0 ? -1 : cls;
}

static bool satisfies_ver(const edge *e, const char *name, const acs__semver *v)
{
  if (strcmp(name, e->name)) return false;
  /* npm's dep-valid: any registry version meets a dist-tag, and "*" (or
  ** "") any version at all, prereleases too */
  if (e->cls == S_TAG || e->any) return true;
  return e->range && acs__semver_range_test(e->range, v);
}

/* ----------------------------------------------------------- platform */

static const char *machine_cpu(char *buf, size_t len)
{
  struct utsname u;
  const char *m = uname(&u) == 0 ? u.machine : "unknown";
  static const char *const map_[][2] = {{"x86_64", "x64"}, {"aarch64", "arm64"}, {"arm64", "arm64"},
                                        {"i686", "ia32"}, {"i386", "ia32"}, {"armv7l", "arm"},
                                        {"ppc64le", "ppc64"}, {"s390x", "s390x"}, {"riscv64", "riscv64"}};
  for (size_t i = 0; i < sizeof map_ / sizeof *map_; i++)
    if (!strcmp(m, map_[i][0])) m = map_[i][1];
  snprintf(buf, len, "%s", m);
  return buf;
}

/* npm's checkPlatform for one field: a list of values, "!x" excluding x. */
static bool list_ok(json_t *list, const char *value)
{
  if (json_is_string(list)) {
    const char *s = json_string_value(list);
    return s[0] == '!' ? strcmp(s + 1, value) != 0 : (!strcmp(s, value) || !strcmp(s, "any"));
  }
  if (!json_is_array(list) || !json_array_size(list)) return true;
  size_t n = 0, neg = 0;
  bool match = false;
  json_t *it;
  size_t i;
  json_array_foreach(list, i, it) {
    const char *s = json_string_value(it);
    if (!s) continue;
    n++;
    if (s[0] == '!') {
      neg++;
      if (!strcmp(s + 1, value)) return false;
    } else if (!strcmp(s, value) || (json_array_size(list) == 1 && !strcmp(s, "any"))) {
      match = true;
    }
  }
  return match || neg == n;
}

/* NULL when the version document runs here, else the field that excludes it. */
static const char *platform_refusal(ctx *c, json_t *doc)
{
#ifdef __GLIBC__
  const char *libc = "glibc";
#else
  const char *libc = "musl";
#endif
  if (!list_ok(json_object_get(doc, "os"), "linux")) return "os";
  if (!list_ok(json_object_get(doc, "cpu"), c->cpu)) return "cpu";
  if (!list_ok(json_object_get(doc, "libc"), libc)) return "libc";
  return NULL;
}

static void list_text(json_t *list, acs__buf *b)
{
  if (json_is_string(list)) { acs__buf_puts(b, json_string_value(list)); return; }
  json_t *it;
  size_t i;
  json_array_foreach(list, i, it) acs__buf_printf(b, "%s%s", i ? ", " : "", json_string_value(it) ? json_string_value(it) : "?");
}

/* ------------------------------------------------------------ the tree */

static node *kid(node *n, const char *folder)
{
  void **s = map_at(&n->kids, folder, false);
  return s ? *s : NULL;
}

/* What Node's resolution finds for `folder` from package n: its own
** node_modules first, then each enclosing one. */
static node *resolve_up(node *n, const char *folder)
{
  for (; n; n = n->parent) {
    node *k = kid(n, folder);
    if (k && !k->gone) return k;
  }
  return NULL;
}

static bool under(const node *x, const node *t)
{
  for (; x; x = x->parent)
    if (x == t) return true;
  return false;
}

static refs *refs_of(ctx *c, const char *folder, bool add)
{
  void **s = map_at(&c->byfolder, folder, add);
  if (!s) return NULL;
  if (!*s) *s = calloc(1, sizeof(refs));
  return *s;
}

static int link_edge(ctx *c, node *from, edge *e, node *to)
{
  e->to = to;
  refs *r = refs_of(c, e->folder, true);
  if (!r) return ACS_ENOMEM;
  if (r->n == r->cap) {
    size_t cap = r->cap ? r->cap * 2 : 8;
    ref *nr = realloc(r->r, cap * sizeof *nr);
    if (!nr) return ACS_ENOMEM;
    r->r = nr;
    r->cap = cap;
  }
  r->r[r->n++] = (ref){from, e};
  return 0;
}

/* Whether placing name@v under t would take `folder` away, for something
** in t's subtree, from the copy above t it resolves to now, when the new
** one does not satisfy what it asked for. */
static bool shadows(ctx *c, node *t, const char *folder, const char *name, const acs__semver *v)
{
  node *cur = resolve_up(t, folder);
  if (!cur) return false;
  refs *r = refs_of(c, folder, false);
  for (size_t i = 0; r && i < r->n; i++)
    if (r->r[i].e->to == cur && under(r->r[i].from, t) && !satisfies_ver(r->r[i].e, name, v)) return true;
  return false;
}

/* Whether the peers a package declares (its version document) could sit
** beside it at t: each one is there and satisfies, or is found above and
** satisfies, or a copy could be added at t without shadowing (optional
** peers too: one that is absent is never a problem). npm places a
** package only where its peers can be its siblings (arborist's
** checkCanPlacePeers), so that both use the same copy. One level: the
** peers' own peers are not looked at. */
static bool peers_fit(ctx *c, node *t, json_t *doc)
{
  const char *folder;
  json_t *spec;
  json_object_foreach(json_object_get(doc, "peerDependencies"), folder, spec) {
    /* one also in dependencies is a dependency (arborist loads those last) */
    if (!json_is_string(spec) || json_object_get(json_object_get(doc, "dependencies"), folder) ||
        json_object_get(json_object_get(doc, "optionalDependencies"), folder))
      continue;
    edge e = {.folder = (char *)folder};
    char *alias = NULL;
    e.cls = classify(json_string_value(spec), &alias, &e.range, &e.tag, &e.any);
    e.name = alias ? alias : (char *)folder;
    bool ok = true;
    node *k = kid(t, folder);
    node *q = k ? k : resolve_up(t->parent, folder);
    if ((e.cls == S_RANGE || e.cls == S_TAG) && q && !q->gone && !satisfies_ver(&e, q->name, &q->sv)) {
      ok = false;
      pack *p = k ? NULL : get_pack(c, e.name);
      const char *ver = !p || p->rc ? NULL
                        : e.tag ? json_string_value(json_object_get(json_object_get(p->doc, "dist-tags"), e.tag))
                                : pick(p->doc, &e.range, 1, e.any);
      acs__semver v;
      if (ver && !acs__semver_parse(ver, 0, &v, NULL)) {
        ok = !shadows(c, t, folder, e.name, &v);
        acs__semver_clear(&v);
      }
    }
    free(alias);
    free(e.tag);
    acs__semver_range_free(e.range);
    if (!ok) return false;
  }
  return true;
}

/* Where a new copy goes: the shallowest location from `start` up that is
** neither occupied (the conflict) nor would shadow, and, given its version
** document, where its peers fit. NULL when `start` itself will not do. */
static node *target(ctx *c, node *start, const char *folder, const char *name, const acs__semver *v, json_t *doc)
{
  node *best = NULL;
  for (node *t = start; t; t = t->parent) {
    node *k = kid(t, folder);
    if ((k && !k->gone) || shadows(c, t, folder, name, v) || (doc && !peers_fit(c, t, doc))) break;
    best = t;
  }
  return best;
}

static int by_folder(const void *a, const void *b)
{
  return strcmp(((const edge *)a)->folder, ((const edge *)b)->folder);
}

static int by_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static bool listed(json_t *bundled, const char *folder)
{
  if (json_is_true(bundled)) return true;
  json_t *it;
  size_t i;
  json_array_foreach(bundled, i, it) if (json_is_string(it) && !strcmp(json_string_value(it), folder)) return true;
  return false;
}

/* The edges of a version document, as arborist loads them: peer, then
** optional peer, dependencies, optionalDependencies, a later kind
** replacing an earlier one of the same name. Bundled dependencies come
** inside the tarball. */
static int load_edges(node *n)
{
  static const char *const fields[] = {"peerDependencies", "dependencies", "optionalDependencies"};
  json_t *meta = json_object_get(n->doc, "peerDependenciesMeta");
  json_t *bundled = json_object_get(n->doc, "bundleDependencies");
  if (!bundled) bundled = json_object_get(n->doc, "bundledDependencies");
  map seen = {0}; /* folder -> 1 + its index in n->e */
  size_t cap = 0;
  int rc = 0;
  for (int f = 0; f < 3 && !rc; f++) {
    json_t *deps = json_object_get(n->doc, fields[f]);
    const char *folder;
    json_t *spec;
    json_object_foreach(deps, folder, spec) {
      void **s = map_at(&seen, folder, true);
      if (!s) { rc = ACS_ENOMEM; break; }
      if (!*s) {
        char **d = realloc(n->declared, (n->ndeclared + 1) * sizeof *d);
        if (!d || !(d[n->ndeclared] = strdup(folder))) { if (d) n->declared = d; rc = ACS_ENOMEM; break; }
        n->declared = d;
        n->ndeclared++;
      }
      int kind = f == 0 ? E_PEER : f == 1 ? E_DEP : E_OPT;
      if (f == 0 && json_is_true(json_object_get(json_object_get(meta, folder), "optional"))) kind = E_PEEROPT;
      bool skip = f > 0 && listed(bundled, folder);
      edge *e;
      if (*s) {
        e = &n->e[(size_t)*s - 1];
        free(e->name); free(e->spec); free(e->tag);
        acs__semver_range_free(e->range);
        e->name = e->spec = e->tag = NULL;
        e->range = NULL;
      } else {
        if (n->ne == cap) {
          cap = cap ? cap * 2 : 8;
          edge *ne = realloc(n->e, cap * sizeof *ne);
          if (!ne) { rc = ACS_ENOMEM; break; }
          n->e = ne;
        }
        e = &n->e[n->ne++];
        memset(e, 0, sizeof *e);
        if (!(e->folder = strdup(folder))) { rc = ACS_ENOMEM; break; }
        *s = (void *)(n->ne);
      }
      e->kind = skip ? -1 : kind;
      const char *sp = json_is_string(spec) ? json_string_value(spec) : "";
      if (!(e->spec = strdup(json_is_string(spec) ? sp : "(not a string)"))) { rc = ACS_ENOMEM; break; }
      char *alias = NULL;
      e->cls = json_is_string(spec) ? classify(sp, &alias, &e->range, &e->tag, &e->any) : S_INVALID;
      if (e->cls < 0) { rc = ACS_ENOMEM; break; }
      if (e->cls != S_INVALID && acs__pkg_name_check(folder, strlen(folder), true)) e->cls = S_INVALID;
      e->name = alias && e->cls != S_INVALID ? alias : strdup(folder);
      if (e->name != alias) free(alias);
      if (!e->name) { rc = ACS_ENOMEM; break; }
    }
  }
  map_free(&seen, NULL);
  /* drop the skipped ones */
  size_t k = 0;
  for (size_t i = 0; i < n->ne; i++) {
    if (n->e[i].kind >= 0) { n->e[k++] = n->e[i]; continue; }
    edge *e = &n->e[i];
    free(e->folder); free(e->name); free(e->spec); free(e->tag);
    acs__semver_range_free(e->range);
  }
  n->ne = k;
  if (n->ne) qsort(n->e, n->ne, sizeof *n->e, by_folder);
  if (n->ndeclared) qsort(n->declared, n->ndeclared, sizeof *n->declared, by_str);
  return rc;
}

/* A new package at location `at`. */
static int place(ctx *c, node *at, const char *folder, const char *name, const char *version, json_t *doc,
                 node *via, node **out)
{
  *out = NULL;
  node *origin = via ? via->origin : NULL;
  const char *oname = origin ? origin->name : name;
  if (c->n >= ACS__PKG_MAX_PACKAGES)
    return model(c, "The dependency tree of \"%s\" is too large (more than %d packages).", oname,
                 ACS__PKG_MAX_PACKAGES);
  if (at->depth + 1 > ACS__PKG_MAX_DEPTH)
    return model(c, "The dependency tree of \"%s\" is too deep (more than %d levels of node_modules).", oname,
                 ACS__PKG_MAX_DEPTH);
  if (c->n == c->cap) {
    size_t cap = c->cap ? c->cap * 2 : 64;
    node **a = realloc(c->all, cap * sizeof *a);
    if (!a) return ACS_ENOMEM;
    c->all = a;
    c->cap = cap;
  }
  node *n = calloc(1, sizeof *n);
  if (!n) return ACS_ENOMEM;
  c->all[c->n++] = n;
  n->name = strdup(name);
  n->folder = strdup(folder);
  n->version = strdup(version);
  n->doc = doc;
  n->parent = at;
  n->via = via;
  n->origin = origin ? origin : n;
  n->depth = at->depth + 1;
  if (asprintf(&n->path, "%s/node_modules/%s", at->path, folder) < 0) n->path = NULL;
  if (asprintf(&n->label, "%s@%s", name, version) < 0) n->label = NULL;
  if (!n->name || !n->folder || !n->version || !n->path || !n->label) return ACS_ENOMEM;
  if (acs__semver_parse(version, 0, &n->sv, NULL))
    return acs__fail(c->err, ACS_EENV, ACS__ENV, "the npm registry lists \"%s\" version \"%s\", which is not a version",
                     name, version);
  void **s = map_at(&at->kids, folder, true);
  if (!s) return ACS_ENOMEM;
  *s = n;
  int rc = load_edges(n);
  if (rc) return rc;
  *out = n;
  return 0;
}

/* Record a failure of n's, reported only if n turns out to be required. */
static int defer(node *n, int rc, const char *fmt, ...) ACS__PRINTF(3, 4);
static int defer(node *n, int rc, const char *fmt, ...)
{
  if (n->broken) return 0;
  va_list ap;
  va_start(ap, fmt);
  if (vasprintf(&n->broken, fmt, ap) < 0) n->broken = NULL;
  va_end(ap);
  n->broken_rc = rc;
  return n->broken ? 0 : ACS_ENOMEM;
}

/* Resolve one dependency of n. */
static int dep(ctx *c, node *n, edge *e)
{
  bool opt = e->kind == E_OPT || e->kind == E_PEEROPT;
  if (e->cls == S_UNSUPPORTED)
    return opt ? 0 : defer(n, ACS_ECONFIG, "\"%s\" depends on \"%s\" via \"%s\", which cannot be installed; only registry versions can.",
                           n->label, e->folder, e->spec);
  if (e->cls == S_INVALID)
    return opt ? 0 : defer(n, ACS_ECONFIG, "\"%s\" depends on \"%s\" via \"%s\", which is not a valid package name, version range or dist-tag.",
                           n->label, e->folder, e->spec);
  node *found = resolve_up(n, e->folder);
  if (found && satisfies_ver(e, found->name, &found->sv)) return link_edge(c, n, e, found);
  /* an optional peer is installed only when a copy that does not fit is
  ** in the way (npm: the edge is then invalid) */
  if (e->kind == E_PEEROPT && !found) return 0;
  pack *p = get_pack(c, e->name);
  if (!p) return ACS_ENOMEM;
  if (p->rc) {
    if (opt) return 0;
    if (p->missing)
      return defer(n, ACS_ECONFIG, "Package \"%s\" is not in the npm registry (needed by \"%s\").", e->name, n->label);
    return defer(n, p->rc, "%s", p->msg);
  }
  const char *ver = NULL;
  if (e->cls == S_TAG) {
    ver = json_string_value(json_object_get(json_object_get(p->doc, "dist-tags"), e->tag));
    if (!ver || !json_object_get(json_object_get(p->doc, "versions"), ver))
      return opt ? 0 : defer(n, ACS_ECONFIG, "\"%s\" depends on \"%s@%s\", but \"%s\" has no dist-tag \"%s\".",
                             n->label, e->name, e->tag, e->name, e->tag);
  } else {
    ver = pick(p->doc, &e->range, 1, e->any);
    if (!ver)
      return opt ? 0 : defer(n, ACS_ECONFIG, "No version of \"%s\" satisfies \"%s\" (needed by \"%s\").", e->name,
                             e->spec, n->label);
  }
  json_t *doc = json_object_get(json_object_get(p->doc, "versions"), ver);
  const char *field = platform_refusal(c, doc);
  if (field) {
    if (opt) return 0;
    acs__buf b = {0};
    list_text(json_object_get(doc, field), &b);
    int rc = defer(n, ACS_ECONFIG, "Package \"%s@%s\" (needed by \"%s\") cannot be installed: its \"%s\" is %s, and the sandbox runs on linux %s.",
                   e->name, ver, n->label, field, b.data ? b.data : "", c->cpu);
    acs__buf_free(&b);
    return rc;
  }
  acs__semver v;
  if (acs__semver_parse(ver, 0, &v, NULL)) return opt ? 0 : defer(n, ACS_EENV, "the npm registry lists \"%s\" version \"%s\", which is not a version", e->name, ver);
  /* A peer sits beside its dependent, not inside it. When no place suits
  ** the new package's own peers npm gives up (ERESOLVE); here it is put
  ** where at least Node's resolution finds everything. */
  node *at = e->kind == E_PEER || e->kind == E_PEEROPT ? target(c, n->parent, e->folder, e->name, &v, doc) : NULL;
  if (!at) at = target(c, n, e->folder, e->name, &v, doc);
  if (!at) at = target(c, n, e->folder, e->name, &v, NULL);
  acs__semver_clear(&v);
  if (!at) return acs__fail(c->err, ACS_EENV, ACS__ENV, "cannot place \"%s\" for \"%s\" in node_modules", e->folder, n->path);
  node *nn;
  int rc = place(c, at, e->folder, e->name, ver, doc, n, &nn);
  if (rc) return rc;
  /* what below `at` resolved to a copy further up and now finds this one */
  refs *r = refs_of(c, e->folder, false);
  for (size_t i = 0; r && i < r->n; i++)
    if (under(r->r[i].from, at)) r->r[i].e->to = resolve_up(r->r[i].from, e->folder);
  return link_edge(c, n, e, nn);
}

/* Fetch, in one parallel batch, every packument the unprocessed packages
** will ask for that is not known yet: one level of the tree at a time. */
static int prefetch(ctx *c)
{
  map want = {0};
  char **names = NULL;
  size_t n = 0, cap = 0;
  int rc = 0;
  for (size_t i = 0; i < c->n && !rc; i++) {
    node *x = c->all[i];
    if (x->done) continue;
    for (size_t j = 0; j < x->ne; j++) {
      const char *nm = x->e[j].name;
      if ((x->e[j].cls != S_RANGE && x->e[j].cls != S_TAG) || x->e[j].kind == E_PEEROPT ||
          map_at(&c->packs, nm, false) || map_at(&want, nm, false))
        continue;
      if (!map_at(&want, nm, true)) { rc = ACS_ENOMEM; break; }
      if (n == cap) {
        cap = cap ? cap * 2 : 16;
        char **a = realloc(names, cap * sizeof *a);
        if (!a) { rc = ACS_ENOMEM; break; }
        names = a;
      }
      names[n++] = x->e[j].name;
    }
  }
  if (!rc) rc = fetch_all(c, names, n);
  free(names);
  map_free(&want, NULL);
  return rc;
}

/* The shallowest unprocessed package, ties by path (arborist's queue). */
static node *next(ctx *c)
{
  node *best = NULL;
  for (size_t i = 0; i < c->n; i++) {
    node *x = c->all[i];
    if (!x->done && (!best || x->depth < best->depth || (x->depth == best->depth && strcmp(x->path, best->path) < 0)))
      best = x;
  }
  return best;
}

static int process(ctx *c, node *n)
{
  for (size_t j = 0; j < n->ne; j++)
    if ((n->e[j].cls == S_RANGE || n->e[j].cls == S_TAG) && n->e[j].kind != E_PEEROPT &&
        !map_at(&c->packs, n->e[j].name, false)) {
      int rc = prefetch(c);
      if (rc) return rc;
      break;
    }
  n->done = true;
  for (size_t j = 0; j < n->ne; j++) {
    int rc = dep(c, n, &n->e[j]);
    if (rc) return rc;
  }
  return 0;
}

/* ------------------------------------------------------------ the roots */

typedef struct want_group {
  const char *name;
  const acs__pkg_want **w;
  size_t n;
  bool optional; /* every want of it is optional */
  bool skip;     /* optional, and it cannot be had */
} want_group;

/* An optional root that cannot be had is left out without a word. */
static int forgive(ctx *c, want_group *g, int rc)
{
  /* the registry failing too: the loader then says it is not found */
  if (!rc || rc == ACS_ENOMEM || rc == ACS_ECANCELED || !g->optional) return rc;
  free(*c->msg);
  *c->msg = NULL;
  acs_err_clear(c->err);
  g->skip = true;
  return 0;
}

static int by_want_name(const void *a, const void *b)
{
  return strcmp((*(const acs__pkg_want *const *)a)->name, (*(const acs__pkg_want *const *)b)->name);
}

static const char *where(const acs__pkg_want *w, char *buf, size_t len)
{
  if (w->from && *w->from) snprintf(buf, len, "%s: ", w->from);
  else buf[0] = 0;
  return buf;
}

/* The version for one root package: every want's range (a dist-tag
** stands for its version) and the allowlist's range must hold. */
static int root_version(ctx *c, const acs__allow *allow, const want_group *g, pack *p, const char **ver)
{
  char at[300];
  json_t *tags = json_object_get(p->doc, "dist-tags");
  acs__semver_range **r = calloc(g->n + 1, sizeof *r);
  if (!r) return ACS_ENOMEM;
  size_t nr = 0;
  int rc = 0;
  acs__buf said = {0}; /* the ranges as given, for the message */
  for (size_t i = 0; i < g->n && !rc; i++) {
    const char *spec = g->w[i]->range;
    bool again = false;
    for (size_t j = 0; j < i && !again; j++) again = g->w[j]->range && !strcmp(g->w[j]->range, spec ? spec : "");
    if (!spec || !*spec || again) continue;
    where(g->w[i], at, sizeof at);
    const char *text = spec;
    if (acs__semver_range_parse(spec, &r[nr], NULL) != 0) {
      text = tag_like(spec) ? json_string_value(json_object_get(tags, spec)) : NULL;
      if (!text || acs__semver_range_parse(text, &r[nr], NULL) != 0) {
        rc = tag_like(spec) ? model(c, "%sPackage \"%s\" has no version or dist-tag \"%s\".", at, g->name, spec)
                            : model(c, "%s\"%s\" is not a valid version range for package \"%s\".", at, spec, g->name);
        break;
      }
    }
    nr++;
    acs__buf_printf(&said, "%s\"%s\"", said.len ? " and " : "", spec);
  }
  const char *ar = acs__allow_range(allow, g->name);
  if (!rc && ar && acs__semver_range_parse(ar, &r[nr], NULL) == 0) {
    nr++;
    acs__buf_printf(&said, "%s\"%s\"", said.len ? " and " : "", ar);
  }
  where(g->w[0], at, sizeof at);
  if (!rc && !(*ver = pick(p->doc, r, nr, nr == 0)))
    rc = nr ? model(c, "%sNo version of \"%s\" satisfies %s.", at, g->name, said.data)
            : model(c, "%sPackage \"%s\" has no versions in the npm registry.", at, g->name);
  for (size_t i = 0; i < nr; i++) acs__semver_range_free(r[i]);
  free(r);
  acs__buf_free(&said);
  return rc;
}

/* Place one root package. */
static int root(ctx *c, const acs__allow *allow, const want_group *g)
{
  char at[300];
  where(g->w[0], at, sizeof at);
  pack *p = get_pack(c, g->name);
  if (!p) return ACS_ENOMEM;
  if (p->rc == ACS_ECONFIG) return model(c, "%s%s", at, p->msg);
  if (p->rc) return acs__fail(c->err, p->rc, ACS__ENV, "%s", p->msg);
  const char *ver = NULL;
  int rc = root_version(c, allow, g, p, &ver);
  if (rc) return rc;
  json_t *doc = json_object_get(json_object_get(p->doc, "versions"), ver);
  const char *field = platform_refusal(c, doc);
  if (field) {
    acs__buf b = {0};
    list_text(json_object_get(doc, field), &b);
    rc = model(c, "%sPackage \"%s@%s\" cannot be installed: its \"%s\" is %s, and the sandbox runs on linux %s.", at,
               g->name, ver, field, b.data ? b.data : "", c->cpu);
    acs__buf_free(&b);
    return rc;
  }
  node *n;
  rc = place(c, &c->top, g->name, g->name, ver, doc, NULL, &n);
  if (!rc) n->root = true;
  return rc;
}

/* ------------------------------------------------------------- the end */

static void mark_required(ctx *c)
{
  for (size_t i = 0; i < c->n; i++) c->all[i]->required = c->all[i]->root;
  for (bool more = true; more;) {
    more = false;
    for (size_t i = 0; i < c->n; i++) {
      node *x = c->all[i];
      if (!x->required) continue;
      for (size_t j = 0; j < x->ne; j++) {
        node *t = x->e[j].to;
        if (t && x->e[j].kind != E_OPT && x->e[j].kind != E_PEEROPT && !t->required) more = t->required = true;
      }
    }
  }
}

/* Drop the broken optional packages, what needs them, and what nothing
** reachable from a root leads to any more. */
static void prune(ctx *c)
{
  for (bool more = true; more;) {
    more = false;
    for (size_t i = 0; i < c->n; i++) {
      node *x = c->all[i];
      if (x->gone) continue;
      bool drop = x->broken != NULL;
      for (size_t j = 0; j < x->ne && !drop; j++)
        drop = x->e[j].to && x->e[j].to->gone && x->e[j].kind != E_OPT && x->e[j].kind != E_PEEROPT;
      if (drop) more = x->gone = true;
    }
  }
  bool *seen = calloc(c->n ? c->n : 1, sizeof *seen);
  if (!seen) return; /* keep them all: harmless */
  map idx = {0};
  for (size_t i = 0; i < c->n; i++) {
    void **s = map_at(&idx, c->all[i]->path, true);
    if (!s) goto out;
    *s = (void *)(i + 1);
  }
  for (size_t i = 0; i < c->n; i++) seen[i] = c->all[i]->root && !c->all[i]->gone;
  for (bool more = true; more;) {
    more = false;
    for (size_t i = 0; i < c->n; i++) {
      if (!seen[i]) continue;
      node *x = c->all[i];
      for (size_t j = 0; j < x->ne; j++) {
        node *t = resolve_up(x, x->e[j].folder);
        if (!t) continue;
        size_t k = (size_t)*map_at(&idx, t->path, false) - 1;
        if (!seen[k]) more = seen[k] = true;
      }
    }
  }
  for (size_t i = 0; i < c->n; i++)
    if (!seen[i]) c->all[i]->gone = true;
out:
  map_free(&idx, NULL);
  free(seen);
}

static int by_path(const void *a, const void *b)
{
  return strcmp(((const acs__pkg *)a)->path, ((const acs__pkg *)b)->path);
}

static int output(ctx *c, acs__pkg_tree **out)
{
  acs__pkg_tree *t = calloc(1, sizeof *t);
  if (!t || !(t->pkgs = calloc(c->n ? c->n : 1, sizeof *t->pkgs))) { free(t); return ACS_ENOMEM; }
  for (size_t i = 0; i < c->n; i++) {
    node *x = c->all[i];
    if (x->gone) continue;
    acs__pkg *p = &t->pkgs[t->n++];
    p->name = strdup(x->name);
    p->folder = strdup(x->folder);
    p->version = strdup(x->version);
    p->path = strdup(x->path);
    p->doc = json_incref(x->doc);
    p->root = x->root;
    p->optional = !x->required;
    p->needed_by = x->via ? strdup(x->via->label) : NULL;
    p->deps = calloc(x->ndeclared ? x->ndeclared : 1, sizeof *p->deps);
    bool ok = p->name && p->folder && p->version && p->path && p->deps && (!x->via || p->needed_by);
    for (size_t j = 0; ok && j < x->ndeclared; j++, p->dep_count++) ok = (p->deps[j] = strdup(x->declared[j])) != NULL;
    if (!ok) { acs__pkg_tree_free(t); return ACS_ENOMEM; }
  }
  qsort(t->pkgs, t->n, sizeof *t->pkgs, by_path);
  *out = t;
  return 0;
}

int acs__pkg_resolve(acs__registry *reg, const acs__allow *allow, const acs__pkg_want *wants, size_t n,
                     acs__pkg_tree **out, char **model_msg, acs_err *err)
{
  *out = NULL;
  *model_msg = NULL;
  ctx c = {.reg = reg, .err = err, .msg = model_msg};
  c.top.path = "";
  machine_cpu(c.cpu, sizeof c.cpu);
  const acs__pkg_want **sorted = calloc(n ? n : 1, sizeof *sorted);
  want_group *g = calloc(n ? n : 1, sizeof *g);
  char **names = calloc(n ? n : 1, sizeof *names);
  int rc = sorted && g && names ? 0 : ACS_ENOMEM;
  size_t ng = 0;
  for (size_t i = 0; !rc && i < n; i++) sorted[i] = &wants[i];
  for (size_t i = 0; !rc && i < n; i++)
    if (!sorted[i]->name) rc = model(&c, "An import names no package.");
  if (!rc && n) qsort(sorted, n, sizeof *sorted, by_want_name);
  for (size_t i = 0; !rc && i < n; i++) {
    if (!ng || strcmp(g[ng - 1].name, sorted[i]->name)) {
      g[ng++] = (want_group){.name = sorted[i]->name, .w = &sorted[i], .optional = true};
    }
    g[ng - 1].n++;
    /* a required want of it is enough to make the package required */
    if (!sorted[i]->optional) g[ng - 1].optional = false;
  }
  for (size_t k = 0; !rc && k < ng; k++) {
    char why[1024], at[300];
    const acs__pkg_want *w0 = g[k].w[0];
    for (size_t i = 0; i < g[k].n; i++)
      if (!g[k].w[i]->optional) w0 = g[k].w[i];
    where(w0, at, sizeof at);
    if (!acs__allow_check(allow, g[k].name, NULL, why, sizeof why)) rc = model(&c, "%s%s", at, why);
    else if (acs__pkg_known_binary(g[k].name)) {
      char *m = acs__pkg_native_message(g[k].name, NULL, "needs a platform-specific binary, which cannot run in the sandbox");
      rc = m ? model(&c, "%s%s", at, m) : ACS_ENOMEM;
      free(m);
    }
    rc = forgive(&c, &g[k], rc);
  }
  /* the roots' packuments in parallel, then the tree level by level */
  size_t nn = 0;
  for (size_t i = 0; !rc && i < ng; i++)
    if (!g[i].skip && !map_at(&c.packs, g[i].name, false)) names[nn++] = (char *)g[i].name;
  if (!rc) rc = fetch_all(&c, names, nn);
  for (size_t i = 0; !rc && i < ng; i++)
    if (!g[i].skip) rc = forgive(&c, &g[i], root(&c, allow, &g[i]));
  for (node *x; !rc && (x = next(&c));) rc = process(&c, x);
  if (!rc) {
    for (size_t i = 0; i < c.n; i++) /* final resolution of every edge */
      for (size_t j = 0; j < c.all[i]->ne; j++)
        if (c.all[i]->e[j].to) c.all[i]->e[j].to = resolve_up(c.all[i], c.all[i]->e[j].folder);
    mark_required(&c);
    for (size_t i = 0; !rc && i < c.n; i++) {
      node *x = c.all[i];
      if (!x->broken || !x->required) continue;
      rc = x->broken_rc == ACS_ECONFIG ? model(&c, "%s", x->broken)
                                       : acs__fail(err, x->broken_rc, ACS__ENV, "%s", x->broken);
    }
  }
  if (!rc) prune(&c);
  if (!rc) rc = output(&c, out);
  if (rc == ACS_ENOMEM) acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory resolving npm packages");
  if (rc != ACS_ECONFIG) {
    free(*model_msg);
    *model_msg = NULL;
  }
  for (size_t i = 0; i < c.n; i++) {
    node_free(c.all[i]);
    free(c.all[i]);
  }
  free(c.all);
  map_free(&c.top.kids, NULL);
  map_free(&c.packs, pack_free);
  map_free(&c.byfolder, refs_free);
  free(sorted);
  free(g);
  free(names);
  return rc;
}

/* ---------------------------------------------------------- the result */

static void pkg_clear(acs__pkg *p)
{
  free(p->name);
  free(p->folder);
  free(p->version);
  json_decref(p->doc);
  free(p->path);
  for (size_t j = 0; j < p->dep_count; j++) free(p->deps[j]);
  free(p->deps);
  free(p->dir);
  free(p->needed_by);
  memset(p, 0, sizeof *p);
}

void acs__pkg_tree_free(acs__pkg_tree *t)
{
  if (!t) return;
  for (size_t i = 0; i < t->n; i++) pkg_clear(&t->pkgs[i]);
  free(t->pkgs);
  free(t);
}

static acs__pkg *by_path_find(acs__pkg_tree *t, const char *path, const bool *gone)
{
  acs__pkg key = {.path = (char *)path};
  acs__pkg *p = bsearch(&key, t->pkgs, t->n, sizeof *t->pkgs, by_path);
  return p && !gone[p - t->pkgs] ? p : NULL;
}

/* What Node's resolution finds for `folder` from the package at path. */
static acs__pkg *find_from(acs__pkg_tree *t, const char *path, const char *folder, const bool *gone)
{
  acs__buf b = {0};
  size_t len = strlen(path);
  acs__pkg *found = NULL;
  for (;;) {
    b.len = 0;
    if (acs__buf_printf(&b, "%.*s/node_modules/%s", (int)len, path, folder)) break;
    if ((found = by_path_find(t, b.data, gone)) || !len) break;
    /* up one location: cut the last "/node_modules/<folder>" */
    size_t k = len;
    while (k >= 14 && memcmp(path + k - 14, "/node_modules/", 14)) k--;
    len = k >= 14 ? k - 14 : 0;
  }
  acs__buf_free(&b);
  return found;
}

void acs__pkg_tree_drop(acs__pkg_tree *t, size_t drop)
{
  if (!t || drop >= t->n) return;
  bool *gone = calloc(t->n, sizeof *gone), *seen = calloc(t->n, sizeof *seen);
  if (!gone || !seen) { free(gone); free(seen); return; }
  gone[drop] = true;
  for (size_t i = 0; i < t->n; i++) seen[i] = t->pkgs[i].root && !gone[i];
  for (bool more = true; more;) {
    more = false;
    for (size_t i = 0; i < t->n; i++) {
      if (!seen[i]) continue;
      for (size_t j = 0; j < t->pkgs[i].dep_count; j++) {
        acs__pkg *d = find_from(t, t->pkgs[i].path, t->pkgs[i].deps[j], gone);
        if (d && !seen[d - t->pkgs]) more = seen[d - t->pkgs] = true;
      }
    }
  }
  size_t k = 0;
  for (size_t i = 0; i < t->n; i++) {
    if (seen[i]) t->pkgs[k++] = t->pkgs[i];
    else pkg_clear(&t->pkgs[i]);
  }
  t->n = k;
  free(gone);
  free(seen);
}
