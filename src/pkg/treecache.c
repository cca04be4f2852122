/* treecache.c - resolved and installed trees, kept for as long as the
** packuments they came from are fresh. A warm run that imports the same
** packages under the same allowlist reads one small file instead of
** parsing every packument again (date-fns's is megabytes) and checking
** every package: that is what keeps packages nearly free once cached. */
#include "resolve.h"

#include "../base/base.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void tree_path(const char *cache, const char *key, char *out, size_t cap)
{
  snprintf(out, cap, "%s/trees/%016llx.json", cache, (unsigned long long)acs__fnv1a(key));
}

static char *str_dup(json_t *o, const char *field)
{
  const char *s = json_string_value(json_object_get(o, field));
  return s ? acs__strdup(s) : NULL;
}

int acs__pkg_tree_load(const char *cache, const char *key, long max_age, acs__pkg_tree **out)
{
  *out = NULL;
  char path[4200];
  tree_path(cache, key, path, sizeof path);
  json_t *j = json_load_file(path, 0, NULL);
  if (!j) return -1;
  json_t *pkgs = json_object_get(j, "pkgs");
  json_int_t saved = json_integer_value(json_object_get(j, "saved"));
  long now = (long)time(NULL);
  /* another key with the same hash, stale, or from the future (a clock
  ** that moved back): resolve again */
  const char *saved_key = json_string_value(json_object_get(j, "key"));
  if (!json_is_array(pkgs) || !saved_key || strcmp(saved_key, key) ||
      now < saved || now - saved >= max_age) {
    json_decref(j);
    return -1;
  }
  acs__pkg_tree *t = calloc(1, sizeof *t);
  size_t n = json_array_size(pkgs);
  if (!t || !(t->pkgs = calloc(n ? n : 1, sizeof *t->pkgs))) {
    free(t);
    json_decref(j);
    return -1;
  }
  bool ok = true;
  for (size_t i = 0; ok && i < n; i++) {
    json_t *o = json_array_get(pkgs, i);
    acs__pkg *p = &t->pkgs[t->n++];
    p->name = str_dup(o, "name");
    p->folder = str_dup(o, "folder");
    p->version = str_dup(o, "version");
    p->path = str_dup(o, "path");
    p->dir = str_dup(o, "dir");
    p->needed_by = str_dup(o, "needed_by");
    p->root = json_is_true(json_object_get(o, "root"));
    p->optional = json_is_true(json_object_get(o, "optional"));
    p->doc = json_incref(json_object_get(o, "doc"));
    json_t *deps = json_object_get(o, "deps");
    p->deps = calloc(json_array_size(deps) + 1, sizeof *p->deps);
    ok = p->name && p->folder && p->version && p->path && p->dir && p->doc && p->deps;
    for (size_t k = 0; ok && k < json_array_size(deps); k++, p->dep_count++)
      ok = json_is_string(json_array_get(deps, k)) &&
           (p->deps[k] = acs__strdup(json_string_value(json_array_get(deps, k)))) != NULL;
    /* the store entry must still be there (someone may have cleaned it) */
    struct stat st;
    if (ok && (stat(p->dir, &st) < 0 || !S_ISDIR(st.st_mode))) ok = false;
  }
  json_decref(j);
  if (!ok) {
    acs__pkg_tree_free(t);
    return -1;
  }
  *out = t;
  return 0;
}

void acs__pkg_tree_save(const char *cache, const char *key, const acs__pkg_tree *t)
{
  char dir[4200], path[4200], tmp[4300];
  snprintf(dir, sizeof dir, "%s/trees", cache);
  if (mkdir(dir, 0755) < 0 && errno != EEXIST) return;
  tree_path(cache, key, path, sizeof path);
  json_t *pkgs = json_array();
  for (size_t i = 0; pkgs && i < t->n; i++) {
    const acs__pkg *p = &t->pkgs[i];
    json_t *deps = json_array();
    for (size_t k = 0; deps && k < p->dep_count; k++) json_array_append_new(deps, json_string(p->deps[k]));
    json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:s?, s:s?, s:b, s:b, s:O, s:o}", "name", p->name, "folder",
                          p->folder, "version", p->version, "path", p->path, "dir", p->dir, "needed_by",
                          p->needed_by, "root", p->root, "optional", p->optional, "doc", p->doc, "deps",
                          deps ? deps : json_array());
    if (o) json_array_append_new(pkgs, o);
  }
  json_t *j = json_pack("{s:s, s:I, s:o}", "key", key, "saved", (json_int_t)time(NULL), "pkgs",
                        pkgs ? pkgs : json_array());
  if (!j) return;
  /* a whole file or none: concurrent runs may write the same tree */
  snprintf(tmp, sizeof tmp, "%s.%d.%lx.tmp", path, (int)getpid(), (unsigned long)pthread_self());
  if (json_dump_file(j, tmp, JSON_COMPACT) == 0 && rename(tmp, path) == 0) tmp[0] = 0;
  if (tmp[0]) unlink(tmp);
  json_decref(j);
}
