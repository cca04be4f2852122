/* registry.c - packuments from the npm registry, cached.
**
** The cache holds, per package, the JSON as received and a small header
** file (fetch time, max-age, ETag). Files are written to a temporary name,
** synced and renamed, so a concurrent run reads either the old copy or the
** new one, never half of one. */
#include "registry.h"

#include "../base/base.h"
#include "../net/http.h"
#include "name.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_MAX_AGE 300 /* seconds */
/* The largest packument taken: the biggest on the public registry are a few
** tens of MiB; more is a broken or hostile registry, not a package. */
#define MAX_PACKUMENT ((size_t)64 << 20)

/* "@scope/name" -> "@scope%2fname", as the registry's URLs and our file
** names want it. NULL for a name that cannot be a package. */
static char *escaped(const char *name)
{
  /* the registry holds legacy names (uppercase) too; ".." never */
  if (!name || acs__pkg_name_check(name, strlen(name), true) != 0) return NULL;
  acs__buf b = {0};
  int slashes = 0;
  for (const char *p = name; *p; p++) {
    unsigned char c = (unsigned char)*p;
    if (c == '/') {
      if (name[0] != '@' || ++slashes > 1 || p == name + 1 || !p[1]) { acs__buf_free(&b); return NULL; }
      acs__buf_puts(&b, "%2f");
    } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || strchr("-._~@", c) ||
               (c >= 'A' && c <= 'Z')) {
      acs__buf_append(&b, p, 1);
    } else {
      acs__buf_free(&b);
      return NULL;
    }
  }
  if (name[0] == '@' && slashes != 1) { acs__buf_free(&b); return NULL; }
  return acs__buf_take(&b, NULL);
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

/* Write a file atomically: temp name, fsync, rename. The temporary name
** holds the thread's id: the resolver fetches from several threads. */
static int write_atomic(const char *path, const char *data, size_t len)
{
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.%d.%d.tmp", path, (int)getpid(), (int)gettid());
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return -1;
  int rc = acs__write_all(fd, data, len) || fsync(fd) ? -1 : 0;
  close(fd);
  if (!rc && rename(tmp, path) < 0) rc = -1;
  if (rc) unlink(tmp);
  return rc;
}

typedef struct meta {
  long fetched, max_age;
  char etag[512];
} meta;

static bool read_meta(const char *path, meta *m)
{
  char *text;
  size_t n;
  memset(m, 0, sizeof *m);
  if (acs__read_file(path, &text, &n)) return false;
  bool ok = sscanf(text, "%ld %ld %511[^\n]", &m->fetched, &m->max_age, m->etag) >= 2;
  if (!strcmp(m->etag, "-")) m->etag[0] = 0;
  free(text);
  return ok;
}

static json_t *load_cached(const char *path)
{
  /* whole, then parsed: jansson's file reader takes a byte at a time */
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return NULL;
  acs__buf b = {0};
  char chunk[65536];
  ssize_t n;
  while ((n = read(fd, chunk, sizeof chunk)) > 0) acs__buf_append(&b, chunk, (size_t)n);
  close(fd);
  json_error_t je;
  json_t *doc = b.data ? json_loadb(b.data, b.len, 0, &je) : NULL;
  acs__buf_free(&b);
  return doc;
}

/* What resolution reads of a packument. Some registries send the whole
** document (readmes, every version's full package.json) even when asked
** for the abbreviated form; the cache keeps only this, so that reading it
** again is cheap. */
static json_t *strip(json_t *doc)
{
  static const char *const top[] = {"name", "dist-tags", "modified"};
  static const char *const per_version[] = {
      "name", "version", "dependencies", "optionalDependencies", "peerDependencies",
      "peerDependenciesMeta", "bundleDependencies", "bundledDependencies", "os", "cpu", "libc",
      "deprecated", "gypfile", "hasInstallScript", "engines"};
  json_t *out = json_object(), *versions = json_object();
  if (!out || !versions) {
    json_decref(out);
    json_decref(versions);
    return NULL;
  }
  for (size_t i = 0; i < sizeof top / sizeof *top; i++) {
    json_t *v = json_object_get(doc, top[i]);
    if (v) json_object_set(out, top[i], v);
  }
  const char *ver;
  json_t *vd;
  json_object_foreach(json_object_get(doc, "versions"), ver, vd) {
    json_t *nv = json_object();
    if (!nv || !json_is_object(vd)) {
      json_decref(nv);
      continue;
    }
    for (size_t i = 0; i < sizeof per_version / sizeof *per_version; i++) {
      json_t *v = json_object_get(vd, per_version[i]);
      if (v) json_object_set(nv, per_version[i], v);
    }
    json_t *dist = json_object_get(vd, "dist");
    if (json_is_object(dist)) {
      json_t *nd = json_object();
      static const char *const dk[] = {"tarball", "integrity", "shasum"};
      for (size_t i = 0; nd && i < 3; i++) {
        json_t *v = json_object_get(dist, dk[i]);
        if (v) json_object_set(nd, dk[i], v);
      }
      if (nd) json_object_set_new(nv, "dist", nd);
    }
    json_object_set_new(versions, ver, nv);
  }
  json_object_set_new(out, "versions", versions);
  return out;
}

bool acs__registry_auth(const char *url, char *header, size_t cap)
{
  const char *token = getenv("ACS_NPM_TOKEN");
  if (!token || !*token || strpbrk(token, "\r\n")) return false;
  const char *reg = getenv("ACS_NPM_REGISTRY");
  if (!acs__url_same_origin(reg && *reg ? reg : "https://registry.npmjs.org", url)) return false;
  return snprintf(header, cap, "Authorization: Bearer %s", token) < (int)cap;
}

int acs__registry_packument(acs__registry *r, const char *name, json_t **out, bool *missing,
                            acs_err *err)
{
  *out = NULL;
  *missing = false;
  char *esc = escaped(name);
  if (!esc)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "\"%s\" is not a valid npm package name", name ? name : "");
  char dir[4096], json_path[4300], meta_path[4300], url[4500];
  /* one folder per registry: a packument names tarball URLs on its own
  ** registry, so a mirror's copy must not serve another registry's runs */
  snprintf(dir, sizeof dir, "%s/meta/%016llx", r->cache_dir, (unsigned long long)acs__fnv1a(r->url));
  snprintf(json_path, sizeof json_path, "%s/%s.json", dir, esc);
  snprintf(meta_path, sizeof meta_path, "%s/%s.meta", dir, esc);
  snprintf(url, sizeof url, "%s/%s", r->url, esc);
  free(esc);

  meta m;
  bool have = read_meta(meta_path, &m) && access(json_path, R_OK) == 0;
  long now = (long)time(NULL);
  if (have && m.max_age > 0 && now - m.fetched < m.max_age && (*out = load_cached(json_path))) return 0;

  char inm[600], auth[4200];
  const char *headers[3] = {"Accept: application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8, */*"};
  size_t nh = 1;
  if (acs__registry_auth(url, auth, sizeof auth)) headers[nh++] = auth;
  if (have && m.etag[0]) {
    snprintf(inm, sizeof inm, "If-None-Match: %s", m.etag);
    headers[nh++] = inm;
  }
  acs__fetch_result res;
  acs_err ferr = {0};
  __atomic_add_fetch(&r->requests, 1, __ATOMIC_RELAXED);
  int rc = acs__fetch(url, headers, nh, MAX_PACKUMENT, r->cancellable ? r->cancel_fd : -1, &res, &ferr);
  if (rc == ACS_ECANCELED) {
    acs__fetch_result_free(&res);
    acs_err_clear(&ferr);
    return acs__fail(err, ACS_ECANCELED, ACS__ENV, "cancelled while fetching package \"%s\"", name);
  }
  if (rc && res.body.len + 65536 >= MAX_PACKUMENT) {
    acs__fetch_result_free(&res);
    acs_err_clear(&ferr);
    return acs__fail(err, ACS_EENV, ACS__ENV,
                     "the npm registry's metadata for package \"%s\" is larger than %zu MiB; it was refused (%s)",
                     name, MAX_PACKUMENT >> 20, url);
  }
  if (rc || res.status >= 500 || res.status == 0) {
    /* Offline or the registry is failing: an old copy is better than none. */
    if (have && (*out = load_cached(json_path))) {
      acs__fetch_result_free(&res);
      acs_err_clear(&ferr);
      return 0;
    }
    rc = acs__fail(err, ACS_EENV, ACS__ENV, "cannot get package \"%s\" from the npm registry: %s", name,
                   ferr.message ? ferr.message : "the registry answered with an error");
    if (!ferr.message) {
      free(err->message);
      err->message = NULL;
      acs__fail(err, ACS_EENV, ACS__ENV, "cannot get package \"%s\" from the npm registry: HTTP %d from %s",
                name, res.status, url);
    }
    acs__fetch_result_free(&res);
    acs_err_clear(&ferr);
    return rc;
  }
  if (res.status == 304 && have && (*out = load_cached(json_path))) {
    char line[700];
    int k = snprintf(line, sizeof line, "%ld %ld %s\n", now, res.max_age >= 0 ? res.max_age : DEFAULT_MAX_AGE, m.etag);
    write_atomic(meta_path, line, (size_t)k);
    acs__fetch_result_free(&res);
    return 0;
  }
  if (res.status == 404) {
    *missing = true;
    acs__fetch_result_free(&res);
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "Package \"%s\" is not in the npm registry.", name);
  }
  if (res.status != 200) {
    int st = res.status;
    acs__fetch_result_free(&res);
    return acs__fail(err, ACS_EENV, ACS__ENV, "cannot get package \"%s\" from the npm registry: HTTP %d from %s",
                     name, st, url);
  }
  json_error_t je;
  json_t *doc = json_loadb(res.body.data ? res.body.data : "", res.body.len, 0, &je);
  if (!doc || !json_is_object(doc) || !json_is_object(json_object_get(doc, "versions"))) {
    json_decref(doc);
    acs__fetch_result_free(&res);
    return acs__fail(err, ACS_EENV, ACS__ENV, "the npm registry sent metadata for \"%s\" that is not a packument (%s)",
                     name, url);
  }
  json_t *small = strip(doc);
  if (small) {
    json_decref(doc);
    doc = small;
  }
  char *text = json_dumps(doc, JSON_COMPACT);
  if (text && mkdirs(dir) == 0 && write_atomic(json_path, text, strlen(text)) == 0) {
    char line[700];
    /* Without caching headers (some mirrors send none), the public
    ** registry's own five minutes. */
    long age = res.max_age >= 0 ? res.max_age : DEFAULT_MAX_AGE;
    int k = snprintf(line, sizeof line, "%ld %ld %s\n", now, age, res.etag ? res.etag : "-");
    write_atomic(meta_path, line, (size_t)k);
  }
  free(text);
  acs__fetch_result_free(&res);
  *out = doc;
  return 0;
}
