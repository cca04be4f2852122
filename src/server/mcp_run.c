/* mcp_run.c - run_code: each call runs in a thread of its own through
** acs_exec (the public API), at most m->jobs at once; the rest wait their
** turn. notifications/cancelled reaches a run through its cancel token, and
** a cancelled call is not answered, as the MCP cancellation rules ask. */
#include "mcp.h"

#include "../pkg/allow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Calls in flight (running or waiting for a turn) beyond which run_code is
** refused: each holds a thread. */
#define MAX_IN_FLIGHT 256

struct acs__mcp_run {
  acs__mcp *m;
  json_t *id;            /* owned reference */
  json_t *args;          /* owned; code and domains borrow from it */
  const char *code;
  const char **domains;
  size_t domain_n;
  const char **pkgs;     /* the packages argument, or NULL: the operator's list */
  size_t pkg_n;
  int64_t timeout_ms;    /* 0: none */
  bool structured;       /* the revision knows structuredContent */
  bool cancelled;        /* under m->lock */
  acs_cancel_token *tok;
  acs__mcp_run *next;
};

static void run_free(acs__mcp_run *r)
{
  if (!r) return;
  json_decref(r->id);
  json_decref(r->args);
  free(r->domains);
  free(r->pkgs);
  acs_cancel_token_free(r->tok);
  free(r);
}

/* ------------------------------------------------------------ the result */

static void add_stream(acs__buf *b, const char *data, size_t len)
{
  if (b->len && b->data[b->len - 1] != '\n') acs__buf_puts(b, "\n");
  acs__buf_append(b, data, len);
}

/* The text a model reads: stdout, stderr after a marker, and a status
** line when the run failed. The streams say what happened in the run's own
** words (a timeout writes a line to stderr); the status line is the
** verdict, short and always in the same place. */
static json_t *shape(const acs__mcp_run *r, const acs_exec_result *res)
{
  acs__buf b = {0};
  if (res->stdout_len) acs__buf_append(&b, res->stdout_data, res->stdout_len);
  if (res->stderr_len) {
    add_stream(&b, "[stderr]\n", 9);
    acs__buf_append(&b, res->stderr_data, res->stderr_len);
  }
  const char *by = res->stopped_by;
  char status[160] = "";
  if (by && !strcmp(by, "timeout"))
    snprintf(status, sizeof status, "[stopped: time limit of %lld ms reached]",
             (long long)r->timeout_ms);
  else if (by && !strcmp(by, "memory"))
    snprintf(status, sizeof status, "[stopped: memory limit reached]");
  else if (by && !strcmp(by, "signal"))
    snprintf(status, sizeof status, "[stopped: cancelled]");
  else if (by)
    snprintf(status, sizeof status, "[stopped: %s limit reached]", by);
  else if (!res->has_exit_code)
    snprintf(status, sizeof status, "[stopped]");
  else if (res->exit_code != 0)
    snprintf(status, sizeof status, "[exit code %d]", res->exit_code);
  if (*status) add_stream(&b, status, strlen(status));
  if (!b.len) acs__buf_puts(&b, "(no output)");
  bool failed = *status != 0;
  json_t *out = acs__mcp_text_result(failed, b.data ? b.data : "", b.len);
  acs__buf_free(&b);
  if (!out || !r->structured) return out;
  json_t *sc = json_object();
  json_object_set_new(sc, "stdout", acs__mcp_text(res->stdout_data, res->stdout_len));
  json_object_set_new(sc, "stderr", acs__mcp_text(res->stderr_data, res->stderr_len));
  json_object_set_new(sc, "exitCode", res->has_exit_code ? json_integer(res->exit_code) : json_null());
  json_object_set_new(sc, "timedOut", json_boolean(res->timed_out));
  json_object_set_new(sc, "truncated", json_boolean(res->truncated));
  /* to 0.01 ms, without binary noise */
  json_object_set_new(sc, "durationMs", json_real((double)(long long)(res->duration_ms * 100) / 100));
  json_object_set_new(sc, "stoppedBy", by ? json_string(by) : json_null());
  json_object_set_new(out, "structuredContent", sc);
  return out;
}

static json_t *execute(acs__mcp_run *r)
{
  acs__mcp *m = r->m;
  acs_exec_options o = {.version = ACS_EXEC_OPTIONS_VERSION};
  o.code = r->code;
  o.work_dir = m->work_dir;
  o.read_only_dirs = (const char *const *)m->ro;
  o.read_only_count = m->ro_n;
  o.env = (const char *const *)m->env;
  o.env_count = m->env_n;
  o.allowed_domains = r->domains;
  o.allowed_domain_count = r->domain_n;
  if (r->pkgs) {
    o.allowed_packages = r->pkgs;
    o.allowed_package_count = r->pkg_n;
    o.limit_packages = true;
  } else {
    o.allowed_packages = (const char *const *)m->pkgs;
    o.allowed_package_count = m->pkg_n;
    o.limit_packages = m->limit_packages;
  }
  o.timeout_ms = r->timeout_ms;
  o.memory_mb = m->memory_mb;
  o.max_output_bytes = m->max_output_bytes;
  o.cancel = r->tok;
  o.pool = m->pool;
  acs_exec_result *res = NULL;
  acs_err err = {0};
  int rc = acs_exec(&o, &res, &err);
  json_t *out = rc ? acs__mcp_tool_error("%s: %s", err.type ? err.type : "SandboxError",
                                         err.message ? err.message : acs_strerror(rc))
                   : shape(r, res);
  acs_exec_result_free(res);
  acs_err_clear(&err);
  return out;
}

static void *run_main(void *arg)
{
  acs__mcp_run *r = arg;
  acs__mcp *m = r->m;
  pthread_mutex_lock(&m->lock);
  while (!r->cancelled && m->running >= m->jobs) pthread_cond_wait(&m->changed, &m->lock);
  bool go = !r->cancelled;
  if (go) m->running++;
  pthread_mutex_unlock(&m->lock);

  json_t *result = go ? execute(r) : NULL;

  pthread_mutex_lock(&m->lock);
  if (go) m->running--;
  bool quiet = r->cancelled;
  pthread_cond_broadcast(&m->changed);
  pthread_mutex_unlock(&m->lock);
  /* Answered before the run leaves the list, so that acs__mcp_end_runs
  ** returns only when no thread can write any more. */
  if (!quiet) acs__mcp_reply(m, r->id, result);
  else json_decref(result);

  pthread_mutex_lock(&m->lock);
  for (acs__mcp_run **pp = &m->runs; *pp; pp = &(*pp)->next)
    if (*pp == r) {
      *pp = r->next;
      break;
    }
  m->in_flight--;
  pthread_cond_broadcast(&m->changed);
  pthread_mutex_unlock(&m->lock);
  run_free(r);
  return NULL;
}

/* ------------------------------------------------------------ the call */

/* The domains asked for, each one the operator allowed. Returns NULL or a
** tool error naming the refused ones. */
static json_t *take_domains(acs__mcp *m, acs__mcp_run *r)
{
  json_t *a = json_object_get(r->args, "domains");
  if (!a || json_is_null(a)) return NULL;
  if (!json_is_array(a)) return acs__mcp_tool_error("argument 'domains' must be an array of strings");
  size_t n = json_array_size(a);
  r->domains = calloc(n + 1, sizeof *r->domains);
  if (!r->domains) return acs__mcp_tool_error("out of memory");
  acs__buf refused = {0};
  for (size_t i = 0; i < n; i++) {
    json_t *v = json_array_get(a, i);
    if (!json_is_string(v)) {
      acs__buf_free(&refused);
      return acs__mcp_tool_error("domains[%zu] must be a string", i);
    }
    const char *d = json_string_value(v);
    bool ok = false;
    for (size_t j = 0; j < m->domain_n && !ok; j++) ok = !strcasecmp(d, m->domains[j]);
    if (ok) r->domains[r->domain_n++] = d;
    else acs__buf_printf(&refused, "%s%.200s", refused.len ? ", " : "", d);
  }
  if (!refused.len) return NULL;
  json_t *e;
  if (!m->domain_n) {
    e = acs__mcp_tool_error("domains not allowed: %s. This server allows no network at all; run "
                            "the code without domains.", refused.data);
  } else {
    acs__buf allowed = {0};
    for (size_t j = 0; j < m->domain_n; j++)
      acs__buf_printf(&allowed, "%s%s", j ? ", " : "", m->domains[j]);
    e = acs__mcp_tool_error("domains not allowed: %s. The operator allows only: %s.", refused.data,
                            allowed.data);
    acs__buf_free(&allowed);
  }
  acs__buf_free(&refused);
  return e;
}

/* The packages asked for ("name" or "name@range"), each one the operator
** allows by name. NULL or a tool error. */
static json_t *take_packages(acs__mcp *m, acs__mcp_run *r)
{
  json_t *a = json_object_get(r->args, "packages");
  if (!a || json_is_null(a)) return NULL;
  if (!json_is_array(a)) return acs__mcp_tool_error("argument 'packages' must be an array of strings");
  size_t n = json_array_size(a);
  r->pkgs = calloc(n + 1, sizeof *r->pkgs);
  if (!r->pkgs) return acs__mcp_tool_error("out of memory");
  for (size_t i = 0; i < n; i++) {
    json_t *v = json_array_get(a, i);
    if (!json_is_string(v)) return acs__mcp_tool_error("packages[%zu] must be a string", i);
    const char *spec = json_string_value(v);
    char name[256];
    const char *at = strchr(spec + (spec[0] == '@'), '@');
    size_t nl = at ? (size_t)(at - spec) : strlen(spec);
    snprintf(name, sizeof name, "%.*s", (int)(nl < sizeof name ? nl : sizeof name - 1), spec);
    char why[1024];
    if (m->limit_packages && !acs__allow_check(m->allow, name, NULL, why, sizeof why))
      return acs__mcp_tool_error("%s", why);
    r->pkgs[r->pkg_n++] = spec;
  }
  return NULL;
}

/* The arguments into r; NULL or a tool error. */
static json_t *take_args(acs__mcp *m, acs__mcp_run *r)
{
  static const char *const known[] = {"code", "language", "domains", "packages", "timeoutMs", NULL};
  json_t *fail = acs__mcp_check_names(r->args, "run_code", known);
  const char *lang = NULL;
  if (fail || acs__mcp_string_arg(r->args, "code", true, &r->code, &fail) ||
      acs__mcp_string_arg(r->args, "language", false, &lang, &fail))
    return fail;
  /* Code runs as a TypeScript module either way: the transform strips
  ** types and leaves JavaScript as it is, so "js" needs nothing else. */
  if (lang && strcmp(lang, "ts") && strcmp(lang, "js"))
    return acs__mcp_tool_error("language must be \"ts\" or \"js\", not \"%.40s\"", lang);
  json_t *t = json_object_get(r->args, "timeoutMs");
  r->timeout_ms = m->timeout_ms;
  if (t && !json_is_null(t)) {
    if (!json_is_integer(t) || json_integer_value(t) < 1)
      return acs__mcp_tool_error("timeoutMs must be a whole number of milliseconds, at least 1");
    int64_t want = (int64_t)json_integer_value(t);
    /* the operator's limit is a ceiling the model may only lower */
    if (!m->timeout_ms || want < m->timeout_ms) r->timeout_ms = want;
  }
  json_t *e = take_domains(m, r);
  return e ? e : take_packages(m, r);
}

void acs__mcp_run_code(acs__mcp *m, json_t *id, json_t *args)
{
  acs__mcp_run *r = calloc(1, sizeof *r);
  if (!r) {
    acs__mcp_reply(m, id, acs__mcp_tool_error("out of memory"));
    return;
  }
  r->m = m;
  r->id = json_incref(id);
  r->args = json_incref(args);
  r->structured = acs__mcp_since(m, "2025-06-18");
  json_t *fail = take_args(m, r);
  if (!fail && acs_cancel_token_new(&r->tok) != 0)
    fail = acs__mcp_tool_error("SandboxError: could not make a cancel token");
  if (fail) {
    acs__mcp_reply(m, id, fail);
    run_free(r);
    return;
  }
  pthread_mutex_lock(&m->lock);
  bool dup = false;
  for (acs__mcp_run *o = m->runs; o && !dup; o = o->next) dup = json_equal(o->id, id);
  bool full = m->in_flight >= MAX_IN_FLIGHT;
  pthread_t t;
  bool started = !dup && !full && pthread_create(&t, NULL, run_main, r) == 0;
  if (started) {
    pthread_detach(t);
    r->next = m->runs;
    m->runs = r;
    m->in_flight++;
  }
  pthread_mutex_unlock(&m->lock);
  if (started) return;
  if (dup)
    acs__mcp_error(m, id, ACS__RPC_INVALID_REQUEST,
                   "Invalid Request: this id belongs to a call still in flight; use a new id");
  else
    acs__mcp_reply(m, id, acs__mcp_tool_error(full ? "too many runs in flight (%d); wait for some "
                                                     "to finish" : "SandboxError: could not start "
                                                     "a thread for the run (%d in flight)",
                                              full ? MAX_IN_FLIGHT : m->in_flight));
  run_free(r);
}

/* ------------------------------------------------------------ ending */

void acs__mcp_cancel(acs__mcp *m, json_t *id)
{
  if (!id || !(json_is_string(id) || json_is_number(id))) return;
  if (m->box) {
    acs__mcpbox_cancel(m, id);
    return;
  }
  pthread_mutex_lock(&m->lock);
  for (acs__mcp_run *r = m->runs; r; r = r->next)
    if (json_equal(r->id, id)) {
      r->cancelled = true;
      acs_cancel(r->tok);
    }
  pthread_cond_broadcast(&m->changed); /* a waiting run gives up its turn */
  pthread_mutex_unlock(&m->lock);
}

void acs__mcp_end_runs(acs__mcp *m)
{
  if (m->box) {
    acs__mcpbox_end_calls(m);
    return;
  }
  pthread_mutex_lock(&m->lock);
  for (acs__mcp_run *r = m->runs; r; r = r->next) {
    r->cancelled = true;
    acs_cancel(r->tok);
  }
  pthread_cond_broadcast(&m->changed);
  while (m->in_flight > 0) pthread_cond_wait(&m->changed, &m->lock);
  pthread_mutex_unlock(&m->lock);
}
