/* serve_request.c - a request line of `acs serve` checked and turned into
** acs_exec options (see serve_request.h). */
#include "serve_request.h"

#include "../base/base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

json_t *acs__serve_error(json_t *id, const char *type, const char *message)
{
  /* A message may quote the request (jansson's parse errors do), which
  ** need not be UTF-8; jansson packs only UTF-8, and an answer must go out. */
  char *clean = message ? acs__utf8_sanitize(message, strlen(message), NULL) : NULL;
  json_t *e = json_pack("{s:O?,s:{s:s,s:s}}", "id", id, "error", "type", type, "message",
                        clean ? clean : "out of memory");
  free(clean);
  return e;
}

static int fail(json_t **error, json_t *id, const char *type, const char *fmt, ...) ACS__PRINTF(4, 5);
static int fail(json_t **error, json_t *id, const char *type, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  char *m = NULL;
  if (vasprintf(&m, fmt, ap) < 0) m = NULL;
  va_end(ap);
  *error = acs__serve_error(id, type, m);
  free(m);
  return -1;
}

void acs__serve_request_clear(acs__serve_request *r)
{
  if (!r) return;
  for (size_t i = 0; i < r->env_n; i++) free(r->env_items[i]);
  free(r->env_items);
  free(r->env);
  free(r->ro);
  free(r->domains);
  free(r->pkgs);
  free(r->argv);
  json_decref(r->req);
  memset(r, 0, sizeof *r);
}

int acs__serve_parse_request(const char *line, size_t len, acs__serve_request *r, json_t **error)
{
  memset(r, 0, sizeof *r);
  *error = NULL;
  while (len && (line[len - 1] == '\r' || line[len - 1] == ' ')) len--;
  if (!len) return 1;
  json_error_t jerr;
  json_t *req = json_loadb(line, len, 0, &jerr);
  if (!req || !json_is_object(req)) {
    json_decref(req);
    return fail(error, NULL, ACS__CONFIG, "a request must be one JSON object per line%s%s",
                req ? "" : ": ", req ? "" : jerr.text);
  }
  json_t *id = json_object_get(req, "id");
  if (!id || !(json_is_integer(id) || json_is_string(id))) {
    json_decref(req);
    return fail(error, NULL, ACS__CONFIG, "a request needs an \"id\" (a number or a string)");
  }
  json_t *cancel = json_object_get(req, "cancel");
  if (cancel && !json_is_true(cancel)) {
    fail(error, id, ACS__CONFIG, "cancel must be true");
    json_decref(req);
    return -1;
  }
  r->req = req;
  r->id = id;
  r->cancel = cancel != NULL;
  return 0;
}

static const char *const known[] = {"id", "code", "entrypoint", "workDir", "readOnlyDirs",
                                    "allowedDomains", "allowedPackages", "env", "argv",
                                    "timeoutMs", "memoryMb", "maxOutputBytes", "cancel"};

/* An array of strings as a NULL-terminated C array borrowing from the JSON. */
static int str_array(acs__serve_request *r, const char *name, const char ***out, size_t *count,
                     json_t **error)
{
  json_t *a = json_object_get(r->req, name);
  *out = NULL;
  *count = 0;
  if (!a) return 0;
  if (!json_is_array(a)) return fail(error, r->id, ACS__CONFIG, "%s must be an array of strings", name);
  size_t n = json_array_size(a);
  *out = calloc(n + 1, sizeof **out);
  if (!*out) return -1;
  for (size_t i = 0; i < n; i++) {
    json_t *v = json_array_get(a, i);
    if (!json_is_string(v)) return fail(error, r->id, ACS__CONFIG, "%s[%zu] must be a string", name, i);
    (*out)[i] = json_string_value(v);
  }
  *count = n;
  return 0;
}

static int count_field(acs__serve_request *r, const char *name, int64_t *out, json_t **error)
{
  json_t *v = json_object_get(r->req, name);
  if (!v) return 0;
  if (!json_is_integer(v) || json_integer_value(v) < 0)
    return fail(error, r->id, ACS__CONFIG, "%s must be a whole number >= 0", name);
  *out = (int64_t)json_integer_value(v);
  return 0;
}

static int string_field(acs__serve_request *r, const char *name, const char **out, json_t **error)
{
  json_t *v = json_object_get(r->req, name);
  if (!v || json_is_null(v)) return 0;
  if (!json_is_string(v)) return fail(error, r->id, ACS__CONFIG, "%s must be a string", name);
  *out = json_string_value(v);
  return 0;
}

int acs__serve_parse_options(acs__serve_request *r, json_t **error)
{
  *error = NULL;
  json_t *req = r->req;
  const char *key;
  json_t *val;
  json_object_foreach(req, key, val) {
    bool ok = false;
    for (size_t i = 0; i < sizeof known / sizeof *known; i++) ok = ok || !strcmp(key, known[i]);
    if (!ok) return fail(error, r->id, ACS__CONFIG, "unknown field '%s' (see docs/protocol.md)", key);
  }
  acs_exec_options *o = &r->o;
  o->version = ACS_EXEC_OPTIONS_VERSION;
  if (string_field(r, "code", &o->code, error) || string_field(r, "entrypoint", &o->entrypoint, error) ||
      string_field(r, "workDir", &o->work_dir, error) ||
      str_array(r, "readOnlyDirs", &r->ro, &o->read_only_count, error) ||
      str_array(r, "allowedDomains", &r->domains, &o->allowed_domain_count, error) ||
      str_array(r, "argv", &r->argv, &o->argc, error) ||
      str_array(r, "allowedPackages", &r->pkgs, &o->allowed_package_count, error) ||
      count_field(r, "timeoutMs", &o->timeout_ms, error) ||
      count_field(r, "memoryMb", &o->memory_mb, error) ||
      count_field(r, "maxOutputBytes", &o->max_output_bytes, error))
    return -1;
  /* absent: any package; [] none; a list: those and their dependencies */
  o->allowed_packages = r->pkgs;
  o->limit_packages = json_object_get(req, "allowedPackages") != NULL;
  o->read_only_dirs = r->ro;
  o->allowed_domains = r->domains;
  o->argv = r->argv;
  json_t *env = json_object_get(req, "env");
  if (env && !json_is_object(env)) return fail(error, r->id, ACS__CONFIG, "env must be an object of strings");
  if (env) {
    size_t n = json_object_size(env);
    r->env_items = calloc(n + 1, sizeof *r->env_items);
    r->env = calloc(n + 1, sizeof *r->env);
    if (!r->env_items || !r->env) return -1;
    json_object_foreach(env, key, val) {
      if (!json_is_string(val)) return fail(error, r->id, ACS__CONFIG, "env.%s must be a string", key);
      if (asprintf(&r->env_items[r->env_n], "%s=%s", key, json_string_value(val)) < 0) return -1;
      r->env[r->env_n] = r->env_items[r->env_n];
      r->env_n++;
    }
    o->env = r->env;
    o->env_count = r->env_n;
  }
  return 0;
}
