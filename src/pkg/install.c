/* install.c - a resolved tree into the store: every name@version fetched
** once, a few at a time, then packages that would need native code are
** refused (or, when optional, dropped) since nothing native loads in the
** sandbox. */
#include "resolve.h"

#include "../base/base.h"
#include "../net/http.h"
#include "store.h"
#include "tarball.h"

#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define INSTALL_THREADS 6
#define SCAN_DEPTH 12      /* directory levels searched for a prebuilt .node */
#define SCAN_ENTRIES 20000 /* entries looked at, at most, per package */

/* ----------------------------------------------------- native packages */

/* Packages that cannot run here whatever their version, and what to use
** instead. `binary`: its JavaScript loads or spawns a platform-specific
** binary that arrives through an optional dependency, so it is refused
** before anything is downloaded; the others show a binding.gyp once
** unpacked. */
static const struct {
  const char *name, *alt;
  bool binary;
} known[] = {
  {"@swc/core", "@swc/wasm", true},
  {"argon2", "hash-wasm", false},
  {"bcrypt", "bcryptjs", false},
  {"better-sqlite3", "sql.js", false},
  {"canvas", NULL, false},
  {"esbuild", "esbuild-wasm", true},
  {"lightningcss", "lightningcss-wasm", true},
  {"node-sass", "sass", false},
  {"sharp", NULL, true},
  {"sqlite3", "sql.js", false},
};

static int known_index(const char *name)
{
  for (size_t i = 0; name && i < sizeof known / sizeof *known; i++)
    if (!strcmp(known[i].name, name)) return (int)i;
  return -1;
}

bool acs__pkg_known_binary(const char *name)
{
  int i = known_index(name);
  return i >= 0 && known[i].binary;
}

const char *acs__pkg_native_alternative(const char *name)
{
  int i = known_index(name);
  return i >= 0 ? known[i].alt : NULL;
}

/* `Package "bcrypt" (needed by "x@1.0.0") <why>; use "bcryptjs" instead.`
** malloc'd, or NULL when out of memory. */
char *acs__pkg_native_message(const char *name, const char *needed_by, const char *why)
{
  const char *alt = acs__pkg_native_alternative(name);
  char *m = NULL;
  char by[600] = "";
  if (needed_by) snprintf(by, sizeof by, " (needed by \"%s\")", needed_by);
  int k = alt ? asprintf(&m, "Package \"%s\"%s %s; use \"%s\" instead.", name, by, why, alt)
              : asprintf(&m, "Package \"%s\"%s %s; no pure-JS or WASM alternative is known.", name, by, why);
  return k < 0 ? NULL : m;
}


static bool is_binary(int dfd, const char *file)
{
  int fd = openat(dfd, file, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return false;
  unsigned char m[4] = {0};
  bool bin = read(fd, m, 4) == 4 &&
             (!memcmp(m, "\x7f" "ELF", 4) || !memcmp(m, "MZ", 2) ||                 /* ELF, PE */
              !memcmp(m, "\xcf\xfa\xed\xfe", 4) || !memcmp(m, "\xce\xfa\xed\xfe", 4) || /* Mach-O */
              !memcmp(m, "\xca\xfe\xba\xbe", 4));                                      /* fat Mach-O */
  close(fd);
  return bin;
}

/* Whether the directory holds a compiled addon (a .node that is machine
** code) within SCAN_DEPTH levels. */
static bool has_prebuilt(int dfd, int depth, int *budget)
{
  DIR *d = fdopendir(dfd);
  if (!d) { close(dfd); return false; }
  bool found = false;
  struct dirent *e;
  while (!found && (e = readdir(d)) && --*budget > 0) {
    if (e->d_name[0] == '.' && (!e->d_name[1] || (e->d_name[1] == '.' && !e->d_name[2]))) continue;
    size_t n = strlen(e->d_name);
    unsigned char type = e->d_type;
    struct stat st;
    if (type == DT_UNKNOWN && fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0)
      type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG : DT_UNKNOWN;
    if (type == DT_DIR && depth < SCAN_DEPTH) {
      int sub = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
      if (sub >= 0) found = has_prebuilt(sub, depth + 1, budget);
    } else if (type == DT_REG && n > 5 && !strcmp(e->d_name + n - 5, ".node")) {
      found = is_binary(dirfd(d), e->d_name);
    }
  }
  closedir(d);
  return found;
}

/* Why the unpacked package at dir cannot load here, or NULL. */
static const char *native_reason(const char *dir)
{
  char path[4200];
  snprintf(path, sizeof path, "%s/binding.gyp", dir);
  if (access(path, F_OK) == 0) return "needs a native addon (binding.gyp), which cannot load in the sandbox";
  snprintf(path, sizeof path, "%s/package.json", dir);
  json_error_t je;
  json_t *pj = json_load_file(path, 0, &je);
  bool gyp = json_is_true(json_object_get(pj, "gypfile"));
  json_decref(pj);
  if (gyp) return "needs a native addon (binding.gyp), which cannot load in the sandbox";
  int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  int budget = SCAN_ENTRIES;
  if (dfd >= 0 && has_prebuilt(dfd, 0, &budget))
    return "needs a native addon (a prebuilt .node binary), which cannot load in the sandbox";
  return NULL;
}

/* ------------------------------------------------------------ download */

typedef struct job {
  acs__pkg *p;          /* the first package of this name@version */
  char *dir;
  const char *native;   /* native_reason */
  int rc;
  acs_err err;
} job;

typedef struct run {
  int cancel_fd; /* or -1 */
  const char *cache;
  job *jobs;
  size_t n, next, done;
  int failed;
  pthread_mutex_t lock;
  acs__pkg_progress_fn progress;
  void *user;
} run;

static void *worker(void *arg)
{
  run *r = arg;
  for (;;) {
    size_t i = __atomic_fetch_add(&r->next, 1, __ATOMIC_RELAXED);
    if (i >= r->n || __atomic_load_n(&r->failed, __ATOMIC_RELAXED)) return NULL;
    job *j = &r->jobs[i];
    bool fetched = false;
    j->rc = acs__store_get(r->cache, j->p->doc, r->cancel_fd, &j->dir, &fetched, &j->err);
    if (j->rc) {
      __atomic_store_n(&r->failed, 1, __ATOMIC_RELAXED);
      continue;
    }
    j->native = native_reason(j->dir);
    pthread_mutex_lock(&r->lock);
    size_t k = ++r->done;
    if (r->progress) {
      char line[600];
      snprintf(line, sizeof line, "%s %s@%s (%zu/%zu)", fetched ? "fetched" : "cached", j->p->name, j->p->version, k,
               r->n);
      r->progress(r->user, line);
    }
    pthread_mutex_unlock(&r->lock);
  }
}

static acs__pkg *find_pkg(acs__pkg_tree *t, const char *name, const char *version)
{
  for (size_t i = 0; i < t->n; i++)
    if (!strcmp(t->pkgs[i].name, name) && !strcmp(t->pkgs[i].version, version)) return &t->pkgs[i];
  return NULL;
}

int acs__pkg_install(acs__pkg_tree *t, const char *cache, int cancel_fd, acs__pkg_progress_fn progress, void *user,
                     char **model_msg, acs_err *err)
{
  *model_msg = NULL;
  if (!t || !t->n) return 0;
  run r = {.cache = cache, .cancel_fd = cancel_fd, .progress = progress, .user = user};
  size_t *of = calloc(t->n, sizeof *of); /* pkgs[i] is jobs[of[i]] */
  r.jobs = calloc(t->n, sizeof *r.jobs);
  if (!of || !r.jobs) {
    free(of);
    free(r.jobs);
    return acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory installing npm packages");
  }
  for (size_t i = 0; i < t->n; i++) {
    acs__pkg *p = find_pkg(t, t->pkgs[i].name, t->pkgs[i].version);
    if (p == &t->pkgs[i]) {
      of[i] = r.n;
      r.jobs[r.n++].p = p;
    } else {
      of[i] = of[p - t->pkgs];
    }
  }
  pthread_mutex_init(&r.lock, NULL);
  pthread_t th[INSTALL_THREADS];
  size_t started = 0;
  while (started + 1 < INSTALL_THREADS && started + 1 < r.n && !pthread_create(&th[started], NULL, worker, &r)) started++;
  worker(&r);
  for (size_t i = 0; i < started; i++) pthread_join(th[i], NULL);
  pthread_mutex_destroy(&r.lock);

  int rc = 0;
  for (size_t i = 0; i < r.n && !rc; i++)
    if (r.jobs[i].rc) {
      rc = r.jobs[i].rc;
      acs__fail(err, rc, r.jobs[i].err.type ? r.jobs[i].err.type : ACS__ENV, "%s",
                r.jobs[i].err.message ? r.jobs[i].err.message : acs_strerror(rc));
    }
  for (size_t i = 0; i < t->n; i++) {
    job *j = &r.jobs[of[i]];
    free(t->pkgs[i].dir);
    t->pkgs[i].dir = NULL;
    if (!rc && j->dir && !(t->pkgs[i].dir = strdup(j->dir))) rc = acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
  }
  /* A required package with native code is the model's problem; an
  ** optional one goes, as npm drops an optional dependency that fails. */
  for (size_t i = 0; !rc && i < t->n; i++) {
    job *j = &r.jobs[of[i]];
    if (!j->native || t->pkgs[i].optional) continue;
    if (!(*model_msg = acs__pkg_native_message(t->pkgs[i].name, t->pkgs[i].root ? NULL : t->pkgs[i].needed_by,
                                                j->native)))
      rc = acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
    else
      rc = acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "%s", *model_msg);
  }
  /* jobs[].p point into the array that each drop compacts: go by name */
  char **gone = rc ? NULL : calloc(2 * r.n + 1, sizeof *gone);
  size_t ng = 0;
  if (!rc && !gone) rc = acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
  for (size_t i = 0; i < r.n && !rc; i++)
    if (r.jobs[i].native) {
      gone[ng++] = strdup(r.jobs[i].p->name);
      gone[ng++] = strdup(r.jobs[i].p->version);
      if (!gone[ng - 2] || !gone[ng - 1]) rc = acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
    }
  for (size_t i = 0; i < ng && !rc; i += 2)
    for (acs__pkg *p; (p = find_pkg(t, gone[i], gone[i + 1]));) acs__pkg_tree_drop(t, (size_t)(p - t->pkgs));
  for (size_t i = 0; i < ng; i++) free(gone[i]);
  free(gone);
  for (size_t i = 0; i < r.n; i++) {
    free(r.jobs[i].dir);
    acs_err_clear(&r.jobs[i].err);
  }
  free(r.jobs);
  free(of);
  return rc;
}
