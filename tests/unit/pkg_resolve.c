/* pkg_resolve.c - dependency resolution and install against a registry
** stand-in (a server thread, one thread per connection) that serves
** packuments built here and real .tgz tarballs written with libarchive,
** each with its sha512 integrity: version choice, specs, npm's hoisted
** layout, optional and peer dependencies, platform checks, messages for
** the model, limits, parallel fetching, native addons. */
#include "base/base.h"
#include "pkg/allow.h"
#include "pkg/resolve.h"
#include "pkg/semver.h"

#include <archive.h>
#include <archive_entry.h>
#include <arpa/inet.h>
#include <criterion/criterion.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

/* ------------------------------------------------------- the stand-in */

static int srv_fd, srv_port;
static char cache[64], url[64];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static json_t *registry;   /* name -> packument */
static json_t *hits;       /* path -> requests */
static int inflight, max_meta, max_tgz;
static int delay_ms;       /* per request, so that concurrent clients overlap */

typedef struct tgz {
  char *data;
  size_t len;
} tgz;
static tgz tgzs[256];
static int ntgz;

static void bump_max(int *max, int now)
{
  int m = __atomic_load_n(max, __ATOMIC_SEQ_CST);
  while (now > m && !__atomic_compare_exchange_n(max, &m, now, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {}
}

static void reply(int c, const char *status, const char *body, size_t len)
{
  char head[256];
  int k = snprintf(head, sizeof head, "HTTP/1.1 %s\r\nContent-Length: %zu\r\nCache-Control: max-age=0\r\nConnection: close\r\n\r\n", status, len);
  (void)!write(c, head, (size_t)k);
  for (size_t off = 0; off < len;) {
    ssize_t w = write(c, body + off, len - off);
    if (w <= 0) break;
    off += (size_t)w;
  }
}

/* Metadata larger than the registry client accepts (100 MB announced). */
static void reply_huge(int c)
{
  const char *head = "HTTP/1.1 200 OK\r\nContent-Length: 100000000\r\nConnection: close\r\n\r\n{\"name\":\"huge\",\"x\":\"";
  (void)!write(c, head, strlen(head));
  static char chunk[1 << 16];
  memset(chunk, 'a', sizeof chunk);
  for (size_t sent = 0; sent < 100000000 - 64; sent += sizeof chunk)
    if (write(c, chunk, sizeof chunk) <= 0) break;
}

static void *conn(void *arg)
{
  int c = (int)(intptr_t)arg;
  char req[8192];
  size_t n = 0;
  while (n < sizeof req - 1) {
    ssize_t r = read(c, req + n, sizeof req - 1 - n);
    if (r <= 0) break;
    n += (size_t)r;
    req[n] = 0;
    if (strstr(req, "\r\n\r\n")) break;
  }
  req[n] = 0;
  char path[1024] = "";
  sscanf(req, "GET %1023s", path);
  bool is_tgz = !strncmp(path, "/-/tgz/", 7);
  int now = __atomic_add_fetch(&inflight, 1, __ATOMIC_SEQ_CST);
  bump_max(is_tgz ? &max_tgz : &max_meta, now);
  int delay = __atomic_load_n(&delay_ms, __ATOMIC_RELAXED);
  if (delay) usleep((useconds_t)delay * 1000);
  pthread_mutex_lock(&lock);
  json_object_set_new(hits, path, json_integer(json_integer_value(json_object_get(hits, path)) + 1));
  char *body = NULL;
  size_t len = 0;
  int idx = is_tgz ? atoi(path + 7) : -1;
  if (is_tgz && idx >= 0 && idx < ntgz) {
    body = malloc(tgzs[idx].len);
    memcpy(body, tgzs[idx].data, tgzs[idx].len);
    len = tgzs[idx].len;
  } else if (!is_tgz) {
    char name[1024];
    size_t k = 0;
    for (const char *p = path + 1; *p && k < sizeof name - 1; p++) {
      if (!strncasecmp(p, "%2f", 3)) { name[k++] = '/'; p += 2; }
      else name[k++] = *p;
    }
    name[k] = 0;
    json_t *pk = json_object_get(registry, name);
    if (pk) {
      body = json_dumps(pk, JSON_COMPACT);
      len = strlen(body);
    }
  }
  pthread_mutex_unlock(&lock);
  if (!strcmp(path, "/huge")) reply_huge(c);
  else if (body) reply(c, "200 OK", body, len);
  else reply(c, "404 Not Found", "{\"error\":\"Not found\"}", 21);
  free(body);
  __atomic_sub_fetch(&inflight, 1, __ATOMIC_SEQ_CST);
  close(c);
  return NULL;
}

static void *serve(void *arg)
{
  (void)arg;
  for (;;) {
    int c = accept(srv_fd, NULL, NULL);
    if (c < 0) return NULL;
    pthread_t t;
    if (pthread_create(&t, NULL, conn, (void *)(intptr_t)c)) { close(c); continue; }
    pthread_detach(t);
  }
}

static int hits_of(const char *path)
{
  pthread_mutex_lock(&lock);
  int n = (int)json_integer_value(json_object_get(hits, path));
  pthread_mutex_unlock(&lock);
  return n;
}

/* ----------------------------------------------------------- publishing */

static char *sri(const void *data, size_t len)
{
  static int (*digest)(const void *, size_t, unsigned char *, unsigned int *, const void *, void *);
  static const void *(*byname)(const char *);
  if (!digest) {
    void *lib = dlopen("libcrypto.so.3", RTLD_NOW);
    cr_assert_not_null(lib);
    *(void **)&digest = dlsym(lib, "EVP_Digest");
    *(void **)&byname = dlsym(lib, "EVP_get_digestbyname");
  }
  unsigned char md[64];
  unsigned int n = 0;
  cr_assert(digest(data, len, md, &n, byname("sha512"), NULL));
  static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  char out[200] = "sha512-";
  size_t k = 7;
  for (unsigned i = 0; i < n; i += 3) {
    unsigned v = md[i] << 16 | (i + 1 < n ? md[i + 1] << 8 : 0) | (i + 2 < n ? md[i + 2] : 0);
    out[k++] = b64[v >> 18 & 63];
    out[k++] = b64[v >> 12 & 63];
    out[k++] = i + 1 < n ? b64[v >> 6 & 63] : '=';
    out[k++] = i + 2 < n ? b64[v & 63] : '=';
  }
  out[k] = 0;
  return strdup(out);
}

static void add_file(struct archive *a, const char *path, const char *data, size_t len)
{
  struct archive_entry *e = archive_entry_new();
  archive_entry_set_pathname(e, path);
  archive_entry_set_filetype(e, AE_IFREG);
  archive_entry_set_perm(e, 0644);
  archive_entry_set_size(e, (la_int64_t)len);
  archive_write_header(a, e);
  archive_write_data(a, data, len);
  archive_entry_free(e);
}

/* Publish name@version. `extra`: JSON object text merged into the version
** document and its package.json (dependencies, os, deprecated, ...).
** files: NULL-terminated pairs (path in the package, contents) added to the
** tarball. The latest tag follows the highest release published. */
static void pub_files(const char *name, const char *version, const char *extra, const char *const *files)
{
  json_t *doc = json_pack("{s:s,s:s}", "name", name, "version", version);
  if (extra) {
    json_error_t je;
    json_t *x = json_loads(extra, 0, &je);
    cr_assert_not_null(x, "bad extra json %s: %s", extra, je.text);
    json_object_update(doc, x);
    json_decref(x);
  }
  /* the tarball */
  size_t cap = 1 << 20;
  char *buf = malloc(cap);
  size_t used = 0;
  struct archive *a = archive_write_new();
  archive_write_add_filter_gzip(a);
  archive_write_set_format_pax_restricted(a);
  archive_write_open_memory(a, buf, cap, &used);
  char *pj = json_dumps(doc, JSON_INDENT(2));
  add_file(a, "package/package.json", pj, strlen(pj));
  free(pj);
  char js[600];
  snprintf(js, sizeof js, "module.exports = '%s@%s';\n", name, version);
  add_file(a, "package/index.js", js, strlen(js));
  for (size_t i = 0; files && files[i]; i += 2) {
    char p[512];
    snprintf(p, sizeof p, "package/%s", files[i]);
    add_file(a, p, files[i + 1], strlen(files[i + 1]));
  }
  archive_write_close(a);
  archive_write_free(a);
  cr_assert_lt(ntgz, 256);
  char tarball[128];
  snprintf(tarball, sizeof tarball, "%s/-/tgz/%d", url, ntgz);
  char *integrity = sri(buf, used);
  json_object_set_new(doc, "dist", json_pack("{s:s,s:s}", "tarball", tarball, "integrity", integrity));
  free(integrity);
  pthread_mutex_lock(&lock);
  tgzs[ntgz++] = (tgz){buf, used};
  json_t *pk = json_object_get(registry, name);
  if (!pk) {
    pk = json_pack("{s:s,s:{},s:{}}", "name", name, "dist-tags", "versions");
    json_object_set_new(registry, name, pk);
  }
  json_object_set_new(json_object_get(pk, "versions"), version, doc);
  json_t *tags = json_object_get(pk, "dist-tags");
  const char *latest = json_string_value(json_object_get(tags, "latest"));
  acs__semver v, l = {0};
  cr_assert_eq(acs__semver_parse(version, 0, &v, NULL), 0);
  if (!v.pre && (!latest || (acs__semver_parse(latest, 0, &l, NULL) == 0 && acs__semver_cmp(&v, &l) > 0)))
    json_object_set_new(tags, "latest", json_string(version));
  acs__semver_clear(&l);
  acs__semver_clear(&v);
  pthread_mutex_unlock(&lock);
}

static void pub(const char *name, const char *version, const char *extra) { pub_files(name, version, extra, NULL); }

static void tag(const char *name, const char *t, const char *version)
{
  pthread_mutex_lock(&lock);
  json_object_set_new(json_object_get(json_object_get(registry, name), "dist-tags"), t, json_string(version));
  pthread_mutex_unlock(&lock);
}

/* ---------------------------------------------------------------- setup */

static acs__registry reg;

static void setup(void)
{
  signal(SIGPIPE, SIG_IGN);
  registry = json_object();
  hits = json_object();
  srv_fd = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  bind(srv_fd, (struct sockaddr *)&a, sizeof a);
  socklen_t len = sizeof a;
  getsockname(srv_fd, (struct sockaddr *)&a, &len);
  srv_port = ntohs(a.sin_port);
  listen(srv_fd, 64);
  pthread_t t;
  pthread_create(&t, NULL, serve, NULL);
  pthread_detach(t);
  strcpy(cache, "/tmp/acs-restest-XXXXXX");
  cr_assert_not_null(mkdtemp(cache));
  snprintf(url, sizeof url, "http://127.0.0.1:%d", srv_port);
  reg = (acs__registry){.url = url, .cache_dir = cache};
}

static void teardown(void)
{
  char cmd[256];
  snprintf(cmd, sizeof cmd, "chmod -R u+w '%s'; rm -rf '%s'", cache, cache);
  (void)!system(cmd);
  shutdown(srv_fd, SHUT_RDWR);
  close(srv_fd);
  pthread_mutex_lock(&lock);
  json_decref(registry);
  json_decref(hits);
  registry = hits = NULL;
  for (int i = 0; i < ntgz; i++) free(tgzs[i].data);
  ntgz = 0;
  pthread_mutex_unlock(&lock);
}

TestSuite(resolve, .init = setup, .fini = teardown, .timeout = 120);

/* ------------------------------------------------------------- helpers */

static acs__allow *allow_of(const char *const *entries, size_t n)
{
  acs__allow *al = NULL;
  acs_err err = {0};
  cr_assert_eq(acs__allow_parse(entries, n, &al, &err), 0, "%s", err.message);
  return al;
}

/* Resolve names ("zod" or "zod@^2" for a range) with an allowlist (NULL:
** any). Returns the rc; *t and *msg as acs__pkg_resolve gives them. */
static int resolve_list(const acs__allow *al, const char *const *names, size_t n, acs__pkg_tree **t, char **msg,
                        acs_err *err)
{
  acs__pkg_want w[16];
  char *copy[16];
  cr_assert_leq(n, 16);
  for (size_t i = 0; i < n; i++) {
    copy[i] = strdup(names[i]);
    char *at = strchr(copy[i] + 1, '@');
    if (at) *at++ = 0;
    w[i] = (acs__pkg_want){.name = copy[i], .range = at, .from = NULL};
  }
  int rc = acs__pkg_resolve(&reg, al, w, n, t, msg, err);
  for (size_t i = 0; i < n; i++) free(copy[i]);
  if (rc) cr_assert_null(*t);
  if (rc != ACS_ECONFIG) cr_assert_null(*msg);
  return rc;
}

/* "path=name@version" for every package, space-separated, in tree order. */
static char *layout(const acs__pkg_tree *t)
{
  acs__buf b = {0};
  for (size_t i = 0; i < t->n; i++)
    acs__buf_printf(&b, "%s%s=%s@%s", i ? " " : "", t->pkgs[i].path, t->pkgs[i].name, t->pkgs[i].version);
  return b.data ? acs__buf_take(&b, NULL) : strdup("");
}

static const acs__pkg *at(const acs__pkg_tree *t, const char *path)
{
  for (size_t i = 0; i < t->n; i++)
    if (!strcmp(t->pkgs[i].path, path)) return &t->pkgs[i];
  return NULL;
}

/* Every registry dependency (dependencies, non-optional peers) of every
** package is found by Node's resolution at a version that satisfies it. */
static void check_node_finds_all(const acs__pkg_tree *t)
{
  static const char *const fields[] = {"dependencies", "peerDependencies"};
  for (size_t i = 0; i < t->n; i++) {
    const acs__pkg *p = &t->pkgs[i];
    for (int f = 0; f < 2; f++) {
      const char *folder;
      json_t *spec;
      json_object_foreach(json_object_get(p->doc, fields[f]), folder, spec) {
        if (f == 1 && json_is_true(json_object_get(json_object_get(json_object_get(p->doc, "peerDependenciesMeta"), folder), "optional")))
          continue;
        json_t *bundled = json_object_get(p->doc, "bundleDependencies"), *it;
        size_t k;
        bool inside = false;
        json_array_foreach(bundled, k, it) inside |= !strcmp(json_string_value(it), folder);
        if (inside) continue;
        const char *s = json_string_value(spec), *want_name = folder;
        char alias[256];
        if (!strncmp(s, "npm:", 4)) {
          const char *a = strchr(s + 5, '@');
          snprintf(alias, sizeof alias, "%.*s", a ? (int)(a - s - 4) : (int)strlen(s + 4), s + 4);
          want_name = alias;
          s = a ? a + 1 : "*";
        }
        bool range = acs__semver_satisfies("1.0.0", s, &(bool){0}, NULL) == 0;
        char loc[1024];
        snprintf(loc, sizeof loc, "%s", p->path);
        const acs__pkg *d = NULL;
        for (;;) {
          char cand[1200];
          snprintf(cand, sizeof cand, "%s/node_modules/%s", loc, folder);
          if ((d = at(t, cand)) || !*loc) break;
          char *cut = strstr(loc, "/node_modules/"), *last = NULL;
          for (; cut; cut = strstr(cut + 1, "/node_modules/")) last = cut;
          *last = 0;
        }
        cr_assert_not_null(d, "%s: %s not found", p->path, folder);
        cr_assert_str_eq(d->name, want_name, "%s: %s", p->path, folder);
        bool ok = true;
        if (range && *s && strcmp(s, "*")) acs__semver_satisfies(d->version, s, &ok, NULL); /* npm: "*" takes anything */
        cr_assert(ok, "%s: %s resolves to %s@%s, not %s", p->path, folder, d->name, d->version, s);
      }
    }
  }
}

static void expect_layout(const char *const *names, size_t n, const char *want)
{
  acs__pkg_tree *t = NULL;
  char *msg = NULL;
  acs_err err = {0};
  int rc = resolve_list(NULL, names, n, &t, &msg, &err);
  cr_assert_eq(rc, 0, "rc %d: %s", rc, msg ? msg : err.message ? err.message : "");
  char *got = layout(t);
  cr_assert_str_eq(got, want);
  check_node_finds_all(t);
  free(got);
  acs__pkg_tree_free(t);
  acs_err_clear(&err);
}

static void expect_msg(const acs__allow *al, const char *const *names, size_t n, const char *want)
{
  acs__pkg_tree *t = NULL;
  char *msg = NULL;
  acs_err err = {0};
  int rc = resolve_list(al, names, n, &t, &msg, &err);
  cr_assert_eq(rc, ACS_ECONFIG, "rc %d: %s", rc, err.message ? err.message : "");
  cr_assert_str_eq(msg, want);
  cr_assert_str_eq(err.message, want);
  free(msg);
  acs_err_clear(&err);
}

#define NAMES(...) (const char *const[]){__VA_ARGS__}, sizeof((const char *const[]){__VA_ARGS__}) / sizeof(char *)

/* ------------------------------------------------------------- versions */

Test(resolve, latest_unless_a_range_says_otherwise)
{
  pub("zod", "1.0.0", NULL);
  pub("zod", "2.0.0", NULL);
  pub("zod", "2.5.0", NULL);
  pub("zod", "3.0.0-beta.1", NULL);
  tag("zod", "latest", "2.0.0"); /* latest is not the highest */
  expect_layout(NAMES("zod"), "/node_modules/zod=zod@2.0.0");
  expect_layout(NAMES("zod@^2.1"), "/node_modules/zod=zod@2.5.0");
  expect_layout(NAMES("zod@1"), "/node_modules/zod=zod@1.0.0");
  expect_layout(NAMES("zod@^2", "zod@>=2.1"), "/node_modules/zod=zod@2.5.0"); /* all must hold */
  acs__allow *al = allow_of((const char *const[]){"zod@>=2.2"}, 1);
  acs__pkg_tree *t = NULL;
  char *msg = NULL;
  acs_err err = {0};
  cr_assert_eq(resolve_list(al, NAMES("zod"), &t, &msg, &err), 0);
  cr_assert_str_eq(t->pkgs[0].version, "2.5.0"); /* the allowlist's range counts */
  cr_assert(t->pkgs[0].root);
  acs__pkg_tree_free(t);
  acs__allow_free(al);
}

Test(resolve, deprecated_versions_come_last)
{
  pub("d", "1.0.0", NULL);
  pub("d", "1.1.0", "{\"deprecated\":\"use 1.0\"}");
  expect_layout(NAMES("d"), "/node_modules/d=d@1.0.0"); /* latest is deprecated */
  expect_layout(NAMES("d@^1"), "/node_modules/d=d@1.0.0");
  pub("e", "1.0.0", "{\"deprecated\":\"old\"}");
  pub("e", "1.1.0", "{\"deprecated\":\"old\"}");
  expect_layout(NAMES("e@^1"), "/node_modules/e=e@1.1.0"); /* only deprecated ones: the highest */
}

Test(resolve, dist_tag_specs)
{
  pub("b", "1.0.0", NULL);
  pub("b", "2.0.0-rc.1", NULL);
  tag("b", "next", "2.0.0-rc.1");
  pub("a", "1.0.0", "{\"dependencies\":{\"b\":\"next\"}}");
  expect_layout(NAMES("a"), "/node_modules/a=a@1.0.0 /node_modules/b=b@2.0.0-rc.1");
  expect_layout(NAMES("b@next"), "/node_modules/b=b@2.0.0-rc.1");
  pub("c", "1.0.0", "{\"dependencies\":{\"b\":\"beta\"}}");
  expect_msg(NULL, NAMES("c"), "\"c@1.0.0\" depends on \"b@beta\", but \"b\" has no dist-tag \"beta\".");
  expect_msg(NULL, NAMES("b@beta"), "Package \"b\" has no version or dist-tag \"beta\".");
  /* "*" is met by whatever version is there, a prerelease too */
  pub("star", "1.0.0", "{\"dependencies\":{\"b\":\"*\"}}");
  expect_layout(NAMES("star", "b@next"), "/node_modules/b=b@2.0.0-rc.1 /node_modules/star=star@1.0.0");
}

Test(resolve, aliases)
{
  pub("b", "1.2.0", NULL);
  pub("b", "2.0.0", NULL);
  pub("@s/c", "1.0.0", NULL);
  pub("a", "1.0.0", "{\"dependencies\":{\"b1\":\"npm:b@^1\",\"b\":\"^2\",\"cc\":\"npm:@s/c\"}}");
  acs__pkg_tree *t = NULL;
  char *msg = NULL;
  acs_err err = {0};
  cr_assert_eq(resolve_list(NULL, NAMES("a"), &t, &msg, &err), 0, "%s", msg);
  char *got = layout(t);
  cr_assert_str_eq(got, "/node_modules/a=a@1.0.0 /node_modules/b=b@2.0.0 /node_modules/b1=b@1.2.0 "
                        "/node_modules/cc=@s/c@1.0.0");
  free(got);
  const acs__pkg *b1 = at(t, "/node_modules/b1");
  cr_assert_str_eq(b1->folder, "b1");
  cr_assert_str_eq(b1->name, "b");
  cr_assert_str_eq(b1->needed_by, "a@1.0.0");
  const acs__pkg *a = at(t, "/node_modules/a");
  cr_assert_eq(a->dep_count, 3);
  cr_assert_str_eq(a->deps[0], "b");
  cr_assert_str_eq(a->deps[1], "b1");
  cr_assert_str_eq(a->deps[2], "cc");
  cr_assert_null(a->needed_by);
  check_node_finds_all(t);
  acs__pkg_tree_free(t);
}

Test(resolve, scoped_packages)
{
  pub("@s/c", "1.0.0", "{\"dependencies\":{\"@s/d\":\"^1\"}}");
  pub("@s/d", "1.0.0", NULL);
  expect_layout(NAMES("@s/c", "@s/c@^1"), "/node_modules/@s/c=@s/c@1.0.0 /node_modules/@s/d=@s/d@1.0.0");
}

/* --------------------------------------------------------------- layout */

Test(resolve, diamond_is_hoisted_once)
{
  pub("d", "1.0.0", NULL);
  pub("d", "1.3.0", NULL);
  pub("b", "1.0.0", "{\"dependencies\":{\"d\":\"^1.0.0\"}}");
  pub("c", "1.0.0", "{\"dependencies\":{\"d\":\"~1.3\"}}");
  pub("a", "1.0.0", "{\"dependencies\":{\"b\":\"^1\",\"c\":\"^1\"}}");
  expect_layout(NAMES("a"), "/node_modules/a=a@1.0.0 /node_modules/b=b@1.0.0 /node_modules/c=c@1.0.0 "
                            "/node_modules/d=d@1.3.0");
  cr_assert_eq(hits_of("/d"), 1);
}

Test(resolve, conflict_nests_under_the_dependent)
{
  pub("b", "1.0.0", NULL);
  pub("b", "2.0.0", NULL);
  tag("b", "latest", "1.0.0");
  pub("c", "1.0.0", "{\"dependencies\":{\"b\":\"^2\"}}");
  pub("a", "1.0.0", "{\"dependencies\":{\"b\":\"^1\",\"c\":\"^1\"}}");
  expect_layout(NAMES("a"), "/node_modules/a=a@1.0.0 /node_modules/b=b@1.0.0 /node_modules/c=c@1.0.0 "
                            "/node_modules/c/node_modules/b=b@2.0.0");
}

Test(resolve, no_hoisting_past_what_it_would_shadow)
{
  /* a's b and c are nested (the roots hold b@2 and c@2); b uses the root's
  ** d@1, so c's d@2 cannot go to a/node_modules, where b would find it. */
  pub("d", "1.0.0", NULL);
  pub("d", "2.0.0", NULL);
  pub("b", "1.0.0", "{\"dependencies\":{\"d\":\"^1\"}}");
  pub("b", "2.0.0", NULL);
  pub("c", "1.0.0", "{\"dependencies\":{\"d\":\"^2\"}}");
  pub("c", "2.0.0", NULL);
  pub("a", "1.0.0", "{\"dependencies\":{\"b\":\"^1\",\"c\":\"^1\"}}");
  expect_layout(NAMES("a", "b", "c", "d@1"),
                "/node_modules/a=a@1.0.0 /node_modules/a/node_modules/b=b@1.0.0 "
                "/node_modules/a/node_modules/c=c@1.0.0 /node_modules/a/node_modules/c/node_modules/d=d@2.0.0 "
                "/node_modules/b=b@2.0.0 /node_modules/c=c@2.0.0 /node_modules/d=d@1.0.0");
  /* when the new copy satisfies b as well, it may be shared one level up */
  pub("e", "1.0.0", NULL);
  pub("e", "2.0.0", NULL);
  pub("f", "1.0.0", "{\"dependencies\":{\"e\":\"*\"}}");
  pub("f", "2.0.0", NULL);
  pub("g", "1.0.0", "{\"dependencies\":{\"e\":\"^2\"}}");
  pub("g", "2.0.0", NULL);
  pub("h", "1.0.0", "{\"dependencies\":{\"f\":\"^1\",\"g\":\"^1\"}}");
  expect_layout(NAMES("h", "f", "g", "e@1"),
                "/node_modules/e=e@1.0.0 /node_modules/f=f@2.0.0 /node_modules/g=g@2.0.0 /node_modules/h=h@1.0.0 "
                "/node_modules/h/node_modules/e=e@2.0.0 /node_modules/h/node_modules/f=f@1.0.0 "
                "/node_modules/h/node_modules/g=g@1.0.0");
}

Test(resolve, cycles)
{
  pub("a", "1.0.0", "{\"dependencies\":{\"b\":\"^1\"}}");
  pub("b", "1.0.0", "{\"dependencies\":{\"a\":\"^1\",\"b\":\"^1\"}}");
  expect_layout(NAMES("a"), "/node_modules/a=a@1.0.0 /node_modules/b=b@1.0.0");
  /* a package that needs another version of itself gets it nested */
  pub("self", "1.0.0", "{\"dependencies\":{\"self\":\"^2\"}}");
  pub("self", "2.0.0", NULL);
  tag("self", "latest", "1.0.0");
  expect_layout(NAMES("self"), "/node_modules/self=self@1.0.0 /node_modules/self/node_modules/self=self@2.0.0");
}

/* ------------------------------------------------- peers and optionals */

Test(resolve, peers_are_shared_with_the_roots)
{
  pub("react", "1.0.0", NULL);
  pub("react", "1.1.0", NULL);
  pub("react-dom", "1.0.0", "{\"peerDependencies\":{\"react\":\"^1.0.0\"}}");
  expect_layout(NAMES("react-dom", "react@1.0.0"),
                "/node_modules/react=react@1.0.0 /node_modules/react-dom=react-dom@1.0.0");
  /* a peer nobody asked for is installed like a dependency */
  expect_layout(NAMES("react-dom"), "/node_modules/react=react@1.1.0 /node_modules/react-dom=react-dom@1.0.0");
}

Test(resolve, a_package_goes_where_its_peers_fit)
{
  /* kw's peer ajv@8 cannot sit beside it at the root (ajv@6 is there), so
  ** kw goes under su, whose own ajv@8 it then shares (npm's layout for
  ** schema-utils and ajv-keywords) */
  pub("ajv", "6.0.0", NULL);
  pub("ajv", "8.0.0", NULL);
  pub("kw", "5.0.0", "{\"peerDependencies\":{\"ajv\":\"^8\"}}");
  pub("su", "4.0.0", "{\"dependencies\":{\"ajv\":\"^8\",\"kw\":\"^5\"}}");
  expect_layout(NAMES("ajv@6", "su"), "/node_modules/ajv=ajv@6.0.0 /node_modules/su=su@4.0.0 "
                                      "/node_modules/su/node_modules/ajv=ajv@8.0.0 "
                                      "/node_modules/su/node_modules/kw=kw@5.0.0");
  /* an optional peer that is there at a version that does not fit counts
  ** too, and gets a copy that fits beside the package */
  pub("pm", "2.0.0", NULL);
  pub("pm", "4.0.0", NULL);
  pub("fd", "6.0.0", "{\"peerDependencies\":{\"pm\":\"^4\"},\"peerDependenciesMeta\":{\"pm\":{\"optional\":true}}}");
  pub("x", "1.0.0", "{\"dependencies\":{\"fd\":\"^6\"}}");
  expect_layout(NAMES("pm@2", "x"), "/node_modules/pm=pm@2.0.0 /node_modules/x=x@1.0.0 "
                                    "/node_modules/x/node_modules/fd=fd@6.0.0 /node_modules/x/node_modules/pm=pm@4.0.0");
}

Test(resolve, optional_peers_are_skipped)
{
  pub("p", "1.0.0", NULL);
  pub("lib", "1.0.0", "{\"peerDependencies\":{\"p\":\"^1\"},\"peerDependenciesMeta\":{\"p\":{\"optional\":true}}}");
  acs__pkg_tree *t = NULL;
  char *msg = NULL;
  acs_err err = {0};
  cr_assert_eq(resolve_list(NULL, NAMES("lib"), &t, &msg, &err), 0);
  cr_assert_eq(t->n, 1);
  cr_assert_eq(t->pkgs[0].dep_count, 1); /* declared, not installed */
  cr_assert_str_eq(t->pkgs[0].deps[0], "p");
  cr_assert_eq(hits_of("/p"), 0, "an optional peer was fetched");
  acs__pkg_tree_free(t);
  /* unless something else brings it */
  expect_layout(NAMES("lib", "p"), "/node_modules/lib=lib@1.0.0 /node_modules/p=p@1.0.0");
}

Test(resolve, optional_dependencies_that_cannot_be_had_are_skipped)
{
  pub("fse", "1.0.0", "{\"os\":[\"darwin\"]}");
  pub("notlinux", "1.0.0", "{\"os\":[\"!linux\"]}");
  pub("libconly", "1.0.0", "{\"libc\":[\"musl\"]}");
  pub("old", "1.0.0", NULL);
  pub("okhere", "1.0.0", "{\"os\":[\"linux\",\"darwin\"],\"cpu\":[\"!mips\"]}");
  pub("a", "1.0.0",
      "{\"optionalDependencies\":{\"fse\":\"^1\",\"notlinux\":\"*\",\"libconly\":\"*\",\"gone\":\"^1\","
      "\"old\":\"^9\",\"gitty\":\"github:x/y\",\"okhere\":\"^1\"}}");
  acs__pkg_tree *t = NULL;
  char *msg = NULL;
  acs_err err = {0};
  cr_assert_eq(resolve_list(NULL, NAMES("a"), &t, &msg, &err), 0, "%s", msg);
  char *got = layout(t);
  cr_assert_str_eq(got, "/node_modules/a=a@1.0.0 /node_modules/okhere=okhere@1.0.0");
  free(got);
  cr_assert_eq(t->pkgs[0].dep_count, 7);
  cr_assert(t->pkgs[1].optional);
  cr_assert(!t->pkgs[0].optional);
  acs__pkg_tree_free(t);
  /* an optional dependency whose own required dependency fails goes too */
  pub("opt", "1.0.0", "{\"dependencies\":{\"missing-one\":\"^1\"}}");
  pub("m", "1.0.0", "{\"optionalDependencies\":{\"opt\":\"^1\"}}");
  expect_layout(NAMES("m"), "/node_modules/m=m@1.0.0");
}

Test(resolve, a_required_dependency_for_another_cpu_is_refused)
{
  pub("armonly", "1.0.0", "{\"cpu\":[\"mips\"]}");
  pub("a", "1.0.0", "{\"dependencies\":{\"armonly\":\"^1\"}}");
  struct utsname u;
  uname(&u);
  const char *cpu = !strcmp(u.machine, "x86_64") ? "x64" : !strcmp(u.machine, "aarch64") ? "arm64" : u.machine;
  char want[512];
  snprintf(want, sizeof want,
           "Package \"armonly@1.0.0\" (needed by \"a@1.0.0\") cannot be installed: its \"cpu\" is mips, and the "
           "sandbox runs on linux %s.", cpu);
  expect_msg(NULL, NAMES("a"), want);
  pub("mac", "1.0.0", "{\"os\":[\"darwin\",\"win32\"]}");
  snprintf(want, sizeof want,
           "Package \"mac@1.0.0\" cannot be installed: its \"os\" is darwin, win32, and the sandbox runs on linux %s.", cpu);
  expect_msg(NULL, NAMES("mac"), want);
}

/* ------------------------------------------------ messages for the model */

Test(resolve, non_registry_specs)
{
  pub("a", "1.0.0", "{\"dependencies\":{\"b\":\"git+https://github.com/x/b.git\"}}");
  expect_msg(NULL, NAMES("a"),
             "\"a@1.0.0\" depends on \"b\" via \"git+https://github.com/x/b.git\", which cannot be installed; "
             "only registry versions can.");
  const char *specs[] = {"file:../b", "link:../b", "workspace:*", "https://x.test/b.tgz", "x/b#main", "./b"};
  for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
    char extra[256], want[512];
    snprintf(extra, sizeof extra, "{\"dependencies\":{\"b\":\"%s\"}}", specs[i]);
    char v[16];
    snprintf(v, sizeof v, "1.0.%zu", i + 1);
    pub("a", v, extra);
    snprintf(want, sizeof want, "\"a@%s\" depends on \"b\" via \"%s\", which cannot be installed; only registry versions can.",
             v, specs[i]);
    char n[32];
    snprintf(n, sizeof n, "a@%s", v);
    expect_msg(NULL, (const char *const[]){n}, 1, want);
  }
  pub("bad", "1.0.0", "{\"dependencies\":{\"../x\":\"^1\"}}");
  expect_msg(NULL, NAMES("bad"),
             "\"bad@1.0.0\" depends on \"../x\" via \"^1\", which is not a valid package name, version range or dist-tag.");
}

Test(resolve, missing_packages)
{
  expect_msg(NULL, NAMES("lodahs"), "Package \"lodahs\" is not in the npm registry.");
  acs__pkg_want w = {.name = "lodahs", .from = "main.ts:3"};
  acs__pkg_tree *t = NULL;
  char *msg = NULL;
  acs_err err = {0};
  cr_assert_eq(acs__pkg_resolve(&reg, NULL, &w, 1, &t, &msg, &err), ACS_ECONFIG);
  cr_assert_str_eq(msg, "main.ts:3: Package \"lodahs\" is not in the npm registry.");
  free(msg);
  acs_err_clear(&err);
  pub("a", "1.0.0", "{\"dependencies\":{\"nope\":\"^1\"}}");
  expect_msg(NULL, NAMES("a"), "Package \"nope\" is not in the npm registry (needed by \"a@1.0.0\").");
}

Test(resolve, allowlist)
{
  pub("lodash", "4.17.21", NULL);
  pub("helper", "1.0.0", NULL);
  pub("papaparse", "5.4.1", "{\"dependencies\":{\"helper\":\"^1\"}}");
  pub("papaparse", "6.0.0", NULL);
  acs__allow *al = allow_of((const char *const[]){"papaparse@5", "date-fns"}, 2);
  expect_msg(al, NAMES("lodash"), "Package \"lodash\" is not allowed; allowed: papaparse@5, date-fns.");
  cr_assert_eq(hits_of("/lodash"), 0, "a refused package was fetched");
  /* dependencies of allowed packages need no entry */
  acs__pkg_tree *t = NULL;
  char *msg = NULL;
  acs_err err = {0};
  cr_assert_eq(resolve_list(al, NAMES("papaparse"), &t, &msg, &err), 0, "%s", msg);
  char *got = layout(t);
  cr_assert_str_eq(got, "/node_modules/helper=helper@1.0.0 /node_modules/papaparse=papaparse@5.4.1");
  free(got);
  acs__pkg_tree_free(t);
  acs__allow *none = allow_of(NULL, 0);
  expect_msg(none, NAMES("papaparse"), "Package \"papaparse\" is not allowed; no packages are allowed.");
  acs__allow_free(none);
  acs__allow_free(al);
}

Test(resolve, no_version_satisfies)
{
  pub("zod", "3.0.0", NULL);
  pub("zod", "3.1.0", NULL);
  expect_msg(NULL, NAMES("zod@^9"), "No version of \"zod\" satisfies \"^9\".");
  acs__allow *al = allow_of((const char *const[]){"zod@3"}, 1);
  expect_msg(al, NAMES("zod@^9"), "No version of \"zod\" satisfies \"^9\" and \"3\".");
  acs__allow_free(al);
  expect_msg(NULL, NAMES("zod@^^9"), "\"^^9\" is not a valid version range for package \"zod\".");
  pub("a", "1.0.0", "{\"dependencies\":{\"zod\":\"^4\"}}");
  expect_msg(NULL, NAMES("a"), "No version of \"zod\" satisfies \"^4\" (needed by \"a@1.0.0\").");
}

Test(resolve, platform_binaries_are_refused_before_any_download)
{
  expect_msg(NULL, NAMES("esbuild"),
             "Package \"esbuild\" needs a platform-specific binary, which cannot run in the sandbox; use "
             "\"esbuild-wasm\" instead.");
  expect_msg(NULL, NAMES("sharp"),
             "Package \"sharp\" needs a platform-specific binary, which cannot run in the sandbox; no pure-JS or "
             "WASM alternative is known.");
  cr_assert_eq(reg.requests, 0);
}

/* --------------------------------------------------------------- limits */

Test(resolve, tree_limits)
{
  /* big -> p0..p49 and q@1; each p needs q@2, nested under it; each q@2
  ** needs r0..r39@2 while the root holds r@1: 50 * 42 + 42 > 2000. */
  char deps[4096] = "{\"dependencies\":{\"q\":\"^1\"";
  for (int i = 0; i < 50; i++) snprintf(deps + strlen(deps), sizeof deps - strlen(deps), ",\"p%d\":\"^1\"", i);
  strcat(deps, "}}");
  pub("big", "1.0.0", deps);
  for (int i = 0; i < 50; i++) {
    char n[16];
    snprintf(n, sizeof n, "p%d", i);
    pub(n, "1.0.0", "{\"dependencies\":{\"q\":\"^2\"}}");
  }
  char q1[4096] = "{\"dependencies\":{", q2[4096] = "{\"dependencies\":{";
  for (int i = 0; i < 40; i++) {
    char n[16];
    snprintf(n, sizeof n, "r%d", i);
    pub(n, "1.0.0", NULL);
    pub(n, "2.0.0", NULL);
    snprintf(q1 + strlen(q1), sizeof q1 - strlen(q1), "%s\"%s\":\"^1\"", i ? "," : "", n);
    snprintf(q2 + strlen(q2), sizeof q2 - strlen(q2), "%s\"%s\":\"^2\"", i ? "," : "", n);
  }
  strcat(q1, "}}");
  strcat(q2, "}}");
  pub("q", "1.0.0", q1);
  pub("q", "2.0.0", q2);
  expect_msg(NULL, NAMES("big"), "The dependency tree of \"big\" is too large (more than 2000 packages).");
  /* deep@k needs deep@k+1: each copy nests under the one before */
  for (int k = 1; k <= 70; k++) {
    char v[16], e[64];
    snprintf(v, sizeof v, "%d.0.0", k);
    snprintf(e, sizeof e, "{\"dependencies\":{\"deep\":\"%d.0.0\"}}", k + 1);
    pub("deep", v, k < 70 ? e : NULL);
  }
  tag("deep", "latest", "1.0.0");
  expect_msg(NULL, NAMES("deep"), "The dependency tree of \"deep\" is too deep (more than 64 levels of node_modules).");
}

Test(resolve, registry_metadata_past_64_mib_is_refused)
{
  acs__pkg_tree *t = NULL;
  char *msg = NULL;
  acs_err err = {0};
  cr_assert_eq(resolve_list(NULL, NAMES("huge"), &t, &msg, &err), ACS_EENV);
  cr_assert(strstr(err.message, "\"huge\" is larger than 64 MiB"), "%s", err.message);
  acs_err_clear(&err);
}

Test(resolve, a_level_is_fetched_in_parallel)
{
  char deps[1024] = "{\"dependencies\":{";
  for (int i = 0; i < 8; i++) {
    char n[16];
    snprintf(n, sizeof n, "w%d", i);
    pub(n, "1.0.0", NULL);
    snprintf(deps + strlen(deps), sizeof deps - strlen(deps), "%s\"%s\":\"^1\"", i ? "," : "", n);
  }
  strcat(deps, "}}");
  pub("top", "1.0.0", deps);
  /* each answer waits long enough that requests sent together overlap
     on the server even when the machine is loaded */
  __atomic_store_n(&delay_ms, 500, __ATOMIC_RELAXED);
  acs__pkg_tree *t = NULL;
  char *msg = NULL;
  acs_err err = {0};
  cr_assert_eq(resolve_list(NULL, NAMES("top"), &t, &msg, &err), 0);
  cr_assert_eq(t->n, 9);
  cr_assert_gt(max_meta, 1, "packuments were fetched one at a time");
  cr_assert_eq(reg.requests, 9);
  acs__pkg_tree_free(t);
}

/* -------------------------------------------------------------- install */

static void count_lines(void *user, const char *line)
{
  (*(int *)user)++;
  cr_assert(!strncmp(line, "fetched ", 8) || !strncmp(line, "cached ", 7), "%s", line);
}

static acs__pkg_tree *resolved(const char *const *names, size_t n)
{
  acs__pkg_tree *t = NULL;
  char *msg = NULL;
  acs_err err = {0};
  int rc = resolve_list(NULL, names, n, &t, &msg, &err);
  cr_assert_eq(rc, 0, "%s", msg ? msg : err.message ? err.message : "");
  return t;
}

Test(resolve, parallel_install)
{
  for (int i = 0; i < 10; i++) {
    char n[16];
    snprintf(n, sizeof n, "m%d", i);
    pub_files(n, "1.0.0", i == 0 ? "{\"dependencies\":{\"b\":\"^2\"}}" : NULL,
              (const char *const[]){"lib/util.js", "exports.x = 1;\n", NULL});
  }
  pub("b", "1.0.0", NULL);
  pub("b", "2.0.0", NULL);
  pub("c", "1.0.0", "{\"dependencies\":{\"b\":\"^1\"}}");
  pub("c2", "1.0.0", "{\"dependencies\":{\"b\":\"^1\"}}");
  /* b@1 at the root for c and c2, b@2 nested under m0 */
  acs__pkg_tree *t = resolved(NAMES("m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9", "c", "c2", "b@1"));
  cr_assert_eq(t->n, 14);
  __atomic_store_n(&delay_ms, 300, __ATOMIC_RELAXED);
  int lines = 0;
  char *msg = NULL;
  acs_err err = {0};
  int rc = acs__pkg_install(t, cache, -1, count_lines, &lines, &msg, &err);
  cr_assert_eq(rc, 0, "%s", err.message);
  cr_assert_null(msg);
  cr_assert_eq(lines, 14);
  cr_assert_gt(max_tgz, 1, "tarballs were fetched one at a time");
  for (size_t i = 0; i < t->n; i++) {
    const acs__pkg *p = &t->pkgs[i];
    cr_assert_not_null(p->dir, "%s", p->path);
    char path[4300], *text, want[300];
    size_t len;
    snprintf(path, sizeof path, "%s/index.js", p->dir);
    cr_assert_eq(acs__read_file(path, &text, &len), 0, "%s", path);
    snprintf(want, sizeof want, "module.exports = '%s@%s';\n", p->name, p->version);
    cr_assert_str_eq(text, want);
    free(text);
    if (p->name[0] == 'm') {
      snprintf(path, sizeof path, "%s/lib/util.js", p->dir);
      cr_assert_eq(access(path, R_OK), 0, "%s", path);
    }
  }
  cr_assert_not_null(at(t, "/node_modules/m0/node_modules/b"));
  acs__pkg_tree_free(t);
  /* again: everything comes from the store */
  t = resolved(NAMES("m0", "c"));
  cr_assert_eq(acs__pkg_install(t, cache, -1, NULL, NULL, &msg, &err), 0);
  for (int i = 0; i < ntgz; i++) {
    char p[32];
    snprintf(p, sizeof p, "/-/tgz/%d", i);
    cr_assert_leq(hits_of(p), 1, "%s downloaded twice", p);
  }
  acs__pkg_tree_free(t);
}

Test(resolve, a_copy_placed_twice_is_fetched_once)
{
  pub("b", "1.0.0", NULL);
  pub("b", "2.0.0", NULL);
  pub("x", "1.0.0", "{\"dependencies\":{\"b\":\"^2\"}}");
  pub("y", "1.0.0", "{\"dependencies\":{\"b\":\"^2\"}}");
  acs__pkg_tree *t = resolved(NAMES("b@1", "x", "y"));
  cr_assert_not_null(at(t, "/node_modules/x/node_modules/b"));
  cr_assert_not_null(at(t, "/node_modules/y/node_modules/b"));
  char *msg = NULL;
  acs_err err = {0};
  cr_assert_eq(acs__pkg_install(t, cache, -1, NULL, NULL, &msg, &err), 0, "%s", err.message);
  cr_assert_str_eq(at(t, "/node_modules/x/node_modules/b")->dir, at(t, "/node_modules/y/node_modules/b")->dir);
  cr_assert_eq(hits_of("/-/tgz/1"), 1);
  acs__pkg_tree_free(t);
}

Test(resolve, integrity_mismatch)
{
  pub("good", "1.0.0", NULL);
  pub("bad", "1.0.0", NULL);
  pthread_mutex_lock(&lock);
  json_t *dist = json_object_get(json_object_get(json_object_get(json_object_get(registry, "bad"), "versions"), "1.0.0"), "dist");
  json_object_set_new(dist, "integrity",
                      json_string("sha512-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=="));
  pthread_mutex_unlock(&lock);
  acs__pkg_tree *t = resolved(NAMES("good", "bad"));
  char *msg = NULL;
  acs_err err = {0};
  cr_assert_eq(acs__pkg_install(t, cache, -1, NULL, NULL, &msg, &err), ACS_EENV);
  cr_assert_null(msg);
  cr_assert(strstr(err.message, "bad@1.0.0"), "%s", err.message);
  cr_assert(strstr(err.message, "does not match"), "%s", err.message);
  acs_err_clear(&err);
  acs__pkg_tree_free(t);
}

static const char *const gyp[] = {"binding.gyp", "{ 'targets': [] }\n", NULL};
static const char *const prebuilt[] = {"build/Release/addon.node", "\x7f" "ELF\x02\x01\x01", NULL};

Test(resolve, native_addons)
{
  pub_files("bcrypt", "5.1.1", NULL, gyp);
  acs__pkg_tree *t = resolved(NAMES("bcrypt"));
  char *msg = NULL;
  acs_err err = {0};
  cr_assert_eq(acs__pkg_install(t, cache, -1, NULL, NULL, &msg, &err), ACS_ECONFIG);
  cr_assert_str_eq(msg, "Package \"bcrypt\" needs a native addon (binding.gyp), which cannot load in the sandbox; use "
                        "\"bcryptjs\" instead.");
  free(msg);
  acs_err_clear(&err);
  acs__pkg_tree_free(t);

  pub("canvas", "2.0.0", "{\"gypfile\":true}");
  pub("draw", "1.0.0", "{\"dependencies\":{\"canvas\":\"^2\"}}");
  t = resolved(NAMES("draw"));
  cr_assert_eq(acs__pkg_install(t, cache, -1, NULL, NULL, &msg, &err), ACS_ECONFIG);
  cr_assert_str_eq(msg, "Package \"canvas\" (needed by \"draw@1.0.0\") needs a native addon (binding.gyp), which "
                        "cannot load in the sandbox; no pure-JS or WASM alternative is known.");
  free(msg);
  acs_err_clear(&err);
  acs__pkg_tree_free(t);

  pub_files("fastpath", "1.0.0", NULL, prebuilt);
  t = resolved(NAMES("fastpath"));
  cr_assert_eq(acs__pkg_install(t, cache, -1, NULL, NULL, &msg, &err), ACS_ECONFIG);
  cr_assert(strstr(msg, "Package \"fastpath\" needs a native addon (a prebuilt .node binary)"), "%s", msg);
  free(msg);
  acs_err_clear(&err);
  acs__pkg_tree_free(t);
}

Test(resolve, optional_native_addons_are_dropped)
{
  /* ws-like: two optional natives, one bringing a helper only it needs;
  ** a helper also needed by the package itself stays */
  pub("onlyfornative", "1.0.0", NULL);
  pub("shared", "1.0.0", NULL);
  pub_files("bufferutil", "4.0.0", "{\"dependencies\":{\"onlyfornative\":\"^1\",\"shared\":\"^1\"}}", gyp);
  pub_files("utf-8-validate", "6.0.0", NULL, prebuilt);
  pub("ws", "8.0.0", "{\"dependencies\":{\"shared\":\"^1\"},\"optionalDependencies\":{\"bufferutil\":\"^4\","
                     "\"utf-8-validate\":\"^6\"}}");
  acs__pkg_tree *t = resolved(NAMES("ws"));
  cr_assert_eq(t->n, 5);
  char *msg = NULL;
  acs_err err = {0};
  cr_assert_eq(acs__pkg_install(t, cache, -1, NULL, NULL, &msg, &err), 0, "%s", msg ? msg : err.message);
  char *got = layout(t);
  cr_assert_str_eq(got, "/node_modules/shared=shared@1.0.0 /node_modules/ws=ws@8.0.0");
  free(got);
  for (size_t i = 0; i < t->n; i++) cr_assert_not_null(t->pkgs[i].dir);
  acs__pkg_tree_free(t);
}

Test(resolve, bundled_dependencies_come_in_the_tarball)
{
  pub("inner", "1.0.0", NULL);
  pub("outer", "1.0.0", "{\"dependencies\":{\"inner\":\"^1\"},\"bundleDependencies\":[\"inner\"]}");
  expect_layout(NAMES("outer"), "/node_modules/outer=outer@1.0.0");
  cr_assert_eq(hits_of("/inner"), 0);
}
