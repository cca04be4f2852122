/* store.c - unpacked packages in the cache, addressed by name, version and
** the integrity of their tarball, so a republished tarball under the same
** version never mixes with the old one. A directory is complete once its
** name exists: it is filled under a temporary name and renamed, with a lock
** file per entry so that two runs do not download the same package twice.
** Files in the store are made read-only: guests see packages read-only
** anyway, and this keeps a host process from editing them by accident. */
#include "store.h"

#include "../base/base.h"
#include "../net/http.h"
#include "registry.h"
#include "tarball.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

static int mkdir_p(const char *dir)
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

char *acs__store_dir(acs_err *err)
{
  const char *env = getenv("ACS_CACHE_DIR");
  char path[4096];
  if (env && *env) {
    snprintf(path, sizeof path, "%s", env);
    if (mkdir_p(path) == 0 && access(path, W_OK) == 0) return acs__strdup(path);
    acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "ACS_CACHE_DIR '%s' cannot be created or written: %s", env,
              strerror(errno));
    return NULL;
  }
  const char *home = getenv("HOME");
  if (!home || !*home) {
    struct passwd *pw = getpwuid(getuid());
    home = pw ? pw->pw_dir : NULL;
  }
  if (home && *home) {
    snprintf(path, sizeof path, "%s/.cache/agent-code-sandbox", home);
    if (mkdir_p(path) == 0 && access(path, W_OK) == 0) return acs__strdup(path);
  }
  const char *tmp = getenv("TMPDIR");
  snprintf(path, sizeof path, "%s/agent-code-sandbox-%d", tmp && *tmp ? tmp : "/tmp", (int)getuid());
  if (mkdir_p(path) == 0 && access(path, W_OK) == 0) return acs__strdup(path);
  acs__fail(err, ACS_EENV, ACS__ENV, "no writable cache directory for npm packages: set ACS_CACHE_DIR");
  return NULL;
}

static int read_only(const char *p, const struct stat *st, int flag, struct FTW *f)
{
  (void)f;
  if (flag == FTW_F) chmod(p, st->st_mode & 0555);
  return 0;
}

static int read_only_dirs(const char *p, const struct stat *st, int flag, struct FTW *f)
{
  (void)f;
  if (flag == FTW_DP) chmod(p, st->st_mode & 0555);
  return 0;
}

/* name@version plus the first 16 characters of the integrity, made safe
** for a file name. */
static char *entry_name(const char *name, const char *version, const char *integrity)
{
  acs__buf b = {0};
  acs__buf_printf(&b, "%s@%s-", name, version);
  const char *h = integrity ? strchr(integrity, '-') : NULL;
  acs__buf_printf(&b, "%.16s", h ? h + 1 : "nohash");
  for (size_t i = 0; i < b.len; i++)
    if (b.data[i] == '/') b.data[i] = '+';
    else if (!((b.data[i] >= 'a' && b.data[i] <= 'z') || (b.data[i] >= 'A' && b.data[i] <= 'Z') ||
               (b.data[i] >= '0' && b.data[i] <= '9') || strchr("@.-_+", b.data[i])))
      b.data[i] = '_';
  return acs__buf_take(&b, NULL);
}

int acs__store_get(const char *cache, json_t *doc, int cancel_fd, char **dir, bool *fetched, acs_err *err)
{
  *dir = NULL;
  *fetched = false;
  const char *name = json_string_value(json_object_get(doc, "name"));
  const char *version = json_string_value(json_object_get(doc, "version"));
  json_t *dist = json_object_get(doc, "dist");
  const char *tarball = json_string_value(json_object_get(dist, "tarball"));
  const char *integrity = json_string_value(json_object_get(dist, "integrity"));
  const char *shasum = json_string_value(json_object_get(dist, "shasum"));
  if (!name || !version || !tarball)
    return acs__fail(err, ACS_EENV, ACS__ENV, "the registry's metadata for %s@%s has no tarball",
                     name ? name : "?", version ? version : "?");
  char what[512];
  snprintf(what, sizeof what, "%s@%s", name, version);
  char *ent = entry_name(name, version, integrity ? integrity : shasum);
  char pkgs[4200], final[4400], lock[4400], tmp[4500];
  snprintf(pkgs, sizeof pkgs, "%s/pkgs", cache);
  snprintf(final, sizeof final, "%s/%s", pkgs, ent);
  snprintf(lock, sizeof lock, "%s/.%s.lock", pkgs, ent);
  snprintf(tmp, sizeof tmp, "%s/.%s.%d.tmp", pkgs, ent, (int)getpid());
  free(ent);
  if (access(final, F_OK) == 0) {
    *dir = acs__strdup(final);
    return 0;
  }
  if (mkdir_p(pkgs) < 0)
    return acs__fail(err, ACS_EENV, ACS__ENV, "cannot create the package cache '%s': %s", pkgs, strerror(errno));
  int lfd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lfd < 0 || flock(lfd, LOCK_EX) < 0) {
    if (lfd >= 0) close(lfd);
    return acs__fail(err, ACS_EENV, ACS__ENV, "cannot lock '%s': %s", lock, strerror(errno));
  }
  int rc = 0;
  if (access(final, F_OK) == 0) goto done; /* another run finished it while we waited */
  acs__fetch_result res;
  acs_err ferr = {0};
  char auth[4200];
  const char *hdr[1] = {auth};
  bool authed = acs__registry_auth(tarball, auth, sizeof auth);
  rc = acs__fetch(tarball, authed ? hdr : NULL, authed ? 1 : 0, (size_t)512 << 20, cancel_fd, &res, &ferr);
  if (rc || res.status != 200) {
    rc = acs__fail(err, rc == ACS_ECANCELED ? rc : ACS_EENV, ACS__ENV, "cannot download %s: %s", what,
                   ferr.message ? ferr.message : "the registry did not send the tarball");
    if (!ferr.message) {
      free(err->message);
      err->message = NULL;
      acs__fail(err, ACS_EENV, ACS__ENV, "cannot download %s: HTTP %d from %s", what, res.status, tarball);
    }
    acs_err_clear(&ferr);
    acs__fetch_result_free(&res);
    goto done;
  }
  *fetched = true;
  rc = acs__integrity_check(res.body.data, res.body.len, integrity, shasum, what, err);
  if (!rc) {
    acs__remove_tree(tmp);
    if (mkdir(tmp, 0755) < 0) rc = acs__fail(err, ACS_EENV, ACS__ENV, "cannot create '%s': %s", tmp, strerror(errno));
  }
  if (!rc) rc = acs__tar_extract(res.body.data, res.body.len, tmp, what, NULL, err);
  acs__fetch_result_free(&res);
  if (!rc) {
    nftw(tmp, read_only, 16, FTW_PHYS);
    nftw(tmp, read_only_dirs, 16, FTW_DEPTH | FTW_PHYS);
    if (rename(tmp, final) < 0)
      rc = acs__fail(err, ACS_EENV, ACS__ENV, "cannot move %s into the cache: %s", what, strerror(errno));
  }
  if (rc) acs__remove_tree(tmp);
done:
  flock(lfd, LOCK_UN);
  close(lfd);
  if (!rc) *dir = acs__strdup(final);
  return rc;
}
