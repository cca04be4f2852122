/* serve_fuzz.c - libFuzzer harness for the requests of `acs serve`
** (src/server/serve_request.c, the checks serve.c makes before a run;
** docs/protocol.md). No guest code runs.
**
** Input: request lines, split at '\n' as the server splits them (at most
** 64). Each goes through acs__serve_parse_request and, when it is a run,
** acs__serve_parse_options. A blank line gets no answer. Every refusal
** is one answer: an object {"id", "error": {"type": "SandboxConfigError",
** "message"}} that prints (as the server prints it) on one line, parses
** back the same, and names the request's id when the line was an object
** with a usable one, else null. An accepted run has exactly the options
** of its fields: each string and count as in the JSON, arrays
** NULL-terminated, env as NAME=VALUE items, no unknown field. Nothing may
** crash, leak or read out of bounds. Build and run: `make fuzz-serve`. */
#include "server/serve_request.h"

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fatal(const char *what, const char *line, size_t len)
{
  fprintf(stderr, "serve_fuzz: %s: %.*s\n", what, (int)(len > 300 ? 300 : len), line);
  abort();
}

/* The id an answer must name: the request's when the line is an object
** with an integer or string id, else none (null). Borrowed from *req. */
static json_t *usable_id(const char *line, size_t len, json_t **req)
{
  while (len && (line[len - 1] == '\r' || line[len - 1] == ' ')) len--;
  *req = json_loadb(line, len, 0, NULL);
  json_t *id = json_object_get(*req, "id");
  return id && (json_is_integer(id) || json_is_string(id)) ? id : NULL;
}

static void check_error(json_t *error, json_t *want_id, const char *line, size_t len)
{
  if (!error) fatal("a refusal without an answer", line, len);
  char *text = json_dumps(error, JSON_COMPACT | JSON_REAL_PRECISION(12));
  if (!text) fatal("an answer that does not print", line, len);
  if (strchr(text, '\n')) fatal("an answer of more than one line", line, len);
  json_error_t jerr;
  json_t *back = json_loads(text, 0, &jerr);
  if (!back || !json_equal(back, error)) fatal("an answer that does not parse back", text, strlen(text));
  if (json_object_size(back) != 2) fatal("an answer with other fields than id and error", text, strlen(text));
  json_t *id = json_object_get(back, "id"), *e = json_object_get(back, "error");
  if (!id || !(want_id ? json_equal(id, want_id) : json_is_null(id)))
    fatal("an answer that does not name the request's id", text, strlen(text));
  if (!json_is_object(e) || json_object_size(e) != 2 ||
      !json_is_string(json_object_get(e, "message")) ||
      strcmp(json_string_value(json_object_get(e, "type")) ? json_string_value(json_object_get(e, "type")) : "",
             "SandboxConfigError"))
    fatal("an answer without a SandboxConfigError type and a message", text, strlen(text));
  json_decref(back);
  free(text);
}

/* A string field as the options must hold it: NULL when absent or null. */
static void check_string(json_t *req, const char *name, const char *got, const char *line, size_t len)
{
  json_t *v = json_object_get(req, name);
  const char *want = v && !json_is_null(v) ? json_string_value(v) : NULL;
  if (v && !json_is_null(v) && !want) fatal("a wrong type was accepted", line, len);
  if (want != got) fatal("a string option is not the field's", line, len);
}

static void check_array(json_t *req, const char *name, const char *const *got, size_t count,
                        const char *line, size_t len)
{
  json_t *a = json_object_get(req, name);
  if (!a) {
    if (got || count) fatal("an absent array has items", line, len);
    return;
  }
  if (!json_is_array(a) || !got || count != json_array_size(a) || got[count])
    fatal("an array option does not match its field", line, len);
  for (size_t i = 0; i < count; i++)
    if (got[i] != json_string_value(json_array_get(a, i))) fatal("an array item is not the field's", line, len);
}

static void check_count(json_t *req, const char *name, int64_t got, const char *line, size_t len)
{
  json_t *v = json_object_get(req, name);
  if (!v ? got != 0 : !json_is_integer(v) || json_integer_value(v) < 0 || got != json_integer_value(v))
    fatal("a number option does not match its field", line, len);
}

static const char *const known[] = {"id", "code", "entrypoint", "workDir", "readOnlyDirs",
                                    "allowedDomains", "allowedPackages", "env", "argv",
                                    "timeoutMs", "memoryMb", "maxOutputBytes", "cancel"};

static void check_options(const acs__serve_request *r, const char *line, size_t len)
{
  const acs_exec_options *o = &r->o;
  json_t *req = r->req;
  if (o->version != ACS_EXEC_OPTIONS_VERSION) fatal("options without their version", line, len);
  const char *key;
  json_t *val;
  json_object_foreach(req, key, val) {
    bool ok = false;
    for (size_t i = 0; i < sizeof known / sizeof *known; i++) ok = ok || !strcmp(key, known[i]);
    if (!ok) fatal("an unknown field was accepted", line, len);
  }
  check_string(req, "code", o->code, line, len);
  check_string(req, "entrypoint", o->entrypoint, line, len);
  check_string(req, "workDir", o->work_dir, line, len);
  check_array(req, "readOnlyDirs", o->read_only_dirs, o->read_only_count, line, len);
  check_array(req, "allowedDomains", o->allowed_domains, o->allowed_domain_count, line, len);
  check_array(req, "argv", o->argv, o->argc, line, len);
  check_array(req, "allowedPackages", o->allowed_packages, o->allowed_package_count, line, len);
  if (o->limit_packages != (json_object_get(req, "allowedPackages") != NULL))
    fatal("limit_packages does not follow allowedPackages", line, len);
  check_count(req, "timeoutMs", o->timeout_ms, line, len);
  check_count(req, "memoryMb", o->memory_mb, line, len);
  check_count(req, "maxOutputBytes", o->max_output_bytes, line, len);
  if (o->resolve_count || o->cancel || o->pool || o->on_output || o->on_progress)
    fatal("options the protocol has no field for are set", line, len);
  json_t *env = json_object_get(req, "env");
  if (!env) {
    if (o->env || o->env_count) fatal("an absent env has items", line, len);
    return;
  }
  if (!json_is_object(env) || !o->env || o->env_count != json_object_size(env) || o->env[o->env_count])
    fatal("env does not match its field", line, len);
  size_t i = 0;
  json_object_foreach(env, key, val) {
    const char *item = o->env[i++], *v = json_string_value(val);
    size_t k = strlen(key);
    if (!v || strncmp(item, key, k) || item[k] != '=' || strcmp(item + k + 1, v))
      fatal("an env item is not NAME=VALUE of its field", line, len);
  }
}

static void one_line(const char *line, size_t len)
{
  acs__serve_request r;
  json_t *error = NULL, *req = NULL;
  json_t *want_id = usable_id(line, len, &req);
  int rc = acs__serve_parse_request(line, len, &r, &error);
  if (rc == 1) {
    for (size_t i = 0; i < len; i++)
      if (line[i] != ' ' && line[i] != '\r') fatal("a line that is not blank was taken as blank", line, len);
    if (error || r.req) fatal("a blank line with an answer", line, len);
  } else if (rc < 0) {
    check_error(error, want_id, line, len);
    if (r.req) fatal("a refused line kept its request", line, len);
  } else if (rc == 0) {
    if (!json_is_object(r.req) || !want_id || !json_equal(r.id, want_id) ||
        r.id != json_object_get(r.req, "id") || error)
      fatal("an accepted request without its id", line, len);
    json_t *cancel = json_object_get(r.req, "cancel");
    if (r.cancel != (cancel != NULL) || (cancel && !json_is_true(cancel)))
      fatal("a cancel flag that is not the field's", line, len);
    if (!r.cancel) {
      if (acs__serve_parse_options(&r, &error)) check_error(error, want_id, line, len);
      else if (error) fatal("accepted options with an answer", line, len);
      else check_options(&r, line, len);
    }
  } else {
    fatal("acs__serve_parse_request returned something else", line, len);
  }
  json_decref(error);
  json_decref(req);
  acs__serve_request_clear(&r);
  if (r.req || r.ro || r.env) fatal("a cleared request still holds something", line, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  const char *p = (const char *)data, *end = p + size;
  for (int n = 0; n < 64 && p <= end; n++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
    if (nl || len) one_line(p, len);
    if (!nl) break;
    p = nl + 1;
  }
  return 0;
}
