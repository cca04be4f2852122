/* mcp_box_run.c - shell and run_code of `acs mcp --box`: calls that may
** take long, each on a thread of its own so that the reader goes on and a
** notifications/cancelled reaches the call (acs_box_session_cancel).
**
** shell runs in the box's one session; run_code in a second session of
** its own (started at its first call), so that a program's time limit,
** cancel and output caps are the session's, and the model's shell keeps
** its state whatever the program does. Each session runs one call at a
** time: further calls wait their turn, in the order they came. */
#include "mcp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_IN_FLIGHT 64

typedef struct acs__mcpbox_call {
  acs__mcp *m;
  json_t *id, *args;     /* owned */
  bool is_shell;
  const char *text;      /* the command or the code, borrowed from args */
  bool js;               /* run_code's language */
  int64_t timeout_ms;
  bool structured;
  bool cancelled, active; /* under m->lock */
  struct acs__mcpbox_call *next;
} call_t;

static void call_free(call_t *c)
{
  json_decref(c->id);
  json_decref(c->args);
  free(c);
}

/* ------------------------------------------------------------ the result */

static void add_line(acs__buf *b, const char *s)
{
  if (b->len && b->data[b->len - 1] != '\n') acs__buf_puts(b, "\n");
  acs__buf_puts(b, s);
}

static json_t *shape(const call_t *c, const acs_exec_result *res, const char *note)
{
  acs__buf b = {0};
  acs__buf_append(&b, res->stdout_data, res->stdout_len);
  if (res->stderr_len) {
    add_line(&b, "[stderr]\n");
    acs__buf_append(&b, res->stderr_data, res->stderr_len);
  }
  char status[160] = "";
  const char *by = res->stopped_by;
  if (by && !strcmp(by, "timeout"))
    snprintf(status, sizeof status, "[stopped: time limit of %lld ms reached]",
             (long long)c->timeout_ms);
  else if (by && !strcmp(by, "signal"))
    snprintf(status, sizeof status, "[stopped: cancelled]");
  else if (!res->has_exit_code)
    snprintf(status, sizeof status, "[stopped]");
  else if (res->exit_code)
    snprintf(status, sizeof status, "[exit code %d]", res->exit_code);
  if (res->truncated)
    add_line(&b, "[output truncated: the middle was dropped, as marked above; redirect it to a "
                 "file and read that in parts]");
  if (*status) add_line(&b, status);
  if (note) add_line(&b, note);
  if (!b.len) acs__buf_puts(&b, "(no output)");
  json_t *out = acs__mcp_text_result(*status != 0, b.data, b.len);
  acs__buf_free(&b);
  if (!out || !c->structured) return out;
  json_t *sc = json_object();
  json_object_set_new(sc, "stdout", acs__mcp_text(res->stdout_data, res->stdout_len));
  json_object_set_new(sc, "stderr", acs__mcp_text(res->stderr_data, res->stderr_len));
  json_object_set_new(sc, "exitCode", res->has_exit_code ? json_integer(res->exit_code) : json_null());
  json_object_set_new(sc, "timedOut", json_boolean(res->timed_out));
  json_object_set_new(sc, "truncated", json_boolean(res->truncated));
  json_object_set_new(sc, "durationMs", json_real((double)(long long)(res->duration_ms * 100) / 100));
  json_object_set_new(sc, "stoppedBy", by ? json_string(by) : json_null());
  json_object_set_new(out, "structuredContent", sc);
  return out;
}

/* ------------------------------------------------------------ running */

/* 'text' quoted for the shell. */
static void quote(acs__buf *b, const char *s)
{
  acs__buf_puts(b, "'");
  for (; *s; s++) acs__buf_puts(b, *s == '\'' ? "'\\''" : (char[]){*s, 0});
  acs__buf_puts(b, "'");
}

/* The session a call runs in, started anew when its shell has exited.
** *restarted says so. Under no lock: only the call that holds the turn
** touches it (the pointer is swapped under m->lock for the canceller). */
static int session_for(call_t *c, acs_box_session **out, bool *restarted, acs_err *err)
{
  acs__mcp *m = c->m;
  acs__mcpbox *b = m->box;
  acs_box_session **slot = c->is_shell ? &b->shell : &b->runner;
  *restarted = false;
  if (*slot && acs_box_session_alive(*slot)) {
    *out = *slot;
    return 0;
  }
  acs_box_session *old = *slot, *s = NULL;
  acs_box_session_options so = {.version = ACS_BOX_SESSION_OPTIONS_VERSION,
                                .env = (const char *const *)b->env, .env_count = b->env_n,
                                .cwd = b->home, .user = b->user};
  int rc = acs_box_session_new(b->box, &so, &s, err);
  pthread_mutex_lock(&m->lock);
  *slot = rc ? NULL : s;
  pthread_mutex_unlock(&m->lock);
  acs_box_session_free(old);
  *restarted = old != NULL;
  *out = s;
  return rc;
}

static json_t *execute(call_t *c)
{
  acs__mcp *m = c->m;
  acs__mcpbox *b = m->box;
  acs_err err = {0};
  acs_box_session *s = NULL;
  bool restarted = false;
  char *file = NULL;
  json_t *out = NULL;
  acs__buf script = {0};
  int rc = session_for(c, &s, &restarted, &err);
  if (!rc && !c->is_shell) {
    /* the program is a file in the run's directory, so that its relative
    ** imports and paths mean what they would in the shell there */
    pthread_mutex_lock(&m->lock);
    unsigned n = ++b->run_seq;
    pthread_mutex_unlock(&m->lock);
    if (asprintf(&file, "%s%s.acs-run-%u.%s", b->home, strcmp(b->home, "/") ? "/" : "", n,
                 c->js ? "mjs" : "mts") < 0)
      file = NULL;
    const char *wargv[] = {"/bin/sh", "-c", "cat > \"$1\"", "sh", file};
    acs_exec_result *w = NULL;
    rc = file ? acs__mcpbox_prog(b, wargv, 5, c->text, strlen(c->text), 4096, &w, &err)
              : ACS_ENOMEM;
    if (!rc && (!w->has_exit_code || w->exit_code))
      out = acs__mcp_tool_error("could not write the program to %s: %.*s", file,
                                (int)w->stderr_len, w->stderr_data);
    acs_exec_result_free(w);
    acs__buf_puts(&script, "node -- ");
    quote(&script, file ? file : "");
  } else if (!rc) {
    acs__buf_puts(&script, c->text);
  }
  acs_exec_result *res = NULL;
  /* A cancel that came while the session or the program file was being
  ** made found no script running to stop: look once more, as late as can
  ** be (what is left is the instant before the session counts as running) */
  pthread_mutex_lock(&m->lock);
  bool cancelled = c->cancelled;
  pthread_mutex_unlock(&m->lock);
  if (!rc && !out && cancelled) out = acs__mcp_tool_error("cancelled"); /* never sent */
  if (!rc && !out) {
    acs_box_run_options ro = {.version = ACS_BOX_RUN_OPTIONS_VERSION, .script = script.data,
                              .timeout_ms = c->timeout_ms,
                              .max_output_bytes = b->max_output_bytes};
    rc = script.data ? acs_box_session_run(s, &ro, &res, &err) : ACS_ENOMEM;
  }
  if (file) {
    const char *rargv[] = {"/bin/sh", "-c", "rm -f -- \"$1\"", "sh", file};
    acs_exec_result *r = NULL;
    acs_err e2 = {0};
    acs__mcpbox_prog(b, rargv, 5, NULL, 0, 4096, &r, &e2);
    acs_exec_result_free(r);
    acs_err_clear(&e2);
  }
  if (rc)
    out = acs__mcp_tool_error("%s: %s", err.type ? err.type : "SandboxError",
                              err.message ? err.message : acs_strerror(rc));
  else if (!out) {
    char note[300] = "";
    if (c->is_shell && !acs_box_session_alive(s))
      snprintf(note, sizeof note, "[the shell has exited: the next call starts a new one in %s, "
               "without this one's variables]", b->home);
    else if (c->is_shell && restarted)
      snprintf(note, sizeof note, "[this ran in a new shell, started in %s: the last one had "
               "exited]", b->home);
    out = shape(c, res, *note ? note : NULL);
  }
  acs_exec_result_free(res);
  acs__buf_free(&script);
  free(file);
  acs_err_clear(&err);
  return out;
}

static void *call_main(void *arg)
{
  call_t *c = arg;
  acs__mcp *m = c->m;
  acs__mcpbox *b = m->box;
  bool *busy = c->is_shell ? &b->shell_busy : &b->runner_busy;
  pthread_mutex_lock(&m->lock);
  /* turns in arrival order: the list is newest first, so an older call
  ** of the same kind still waiting goes before this one */
  for (;;) {
    bool older = false;
    for (call_t *o = c->next; o && !older; o = o->next)
      older = o->is_shell == c->is_shell && !o->cancelled && !o->active;
    if (c->cancelled || (!*busy && !older)) break;
    pthread_cond_wait(&m->changed, &m->lock);
  }
  bool go = !c->cancelled;
  if (go) *busy = c->active = true;
  pthread_mutex_unlock(&m->lock);

  json_t *result = go ? execute(c) : NULL;

  pthread_mutex_lock(&m->lock);
  if (go) *busy = c->active = false;
  bool quiet = c->cancelled;
  pthread_cond_broadcast(&m->changed);
  pthread_mutex_unlock(&m->lock);
  if (!quiet) acs__mcp_reply(m, c->id, result);
  else json_decref(result);

  pthread_mutex_lock(&m->lock);
  for (call_t **pp = &b->calls; *pp; pp = &(*pp)->next)
    if (*pp == c) {
      *pp = c->next;
      break;
    }
  b->in_flight--;
  pthread_cond_broadcast(&m->changed);
  pthread_mutex_unlock(&m->lock);
  call_free(c);
  return NULL;
}

/* ------------------------------------------------------------ the call */

static json_t *take_args(acs__mcpbox *b, call_t *c)
{
  static const char *const shell_known[] = {"command", "timeoutMs", NULL};
  static const char *const code_known[] = {"code", "language", "timeoutMs", NULL};
  json_t *fail = acs__mcp_check_names(c->args, c->is_shell ? "shell" : "run_code",
                                      c->is_shell ? shell_known : code_known);
  if (fail || acs__mcp_string_arg(c->args, c->is_shell ? "command" : "code", true, &c->text, &fail))
    return fail;
  if (!c->is_shell) {
    const char *lang = NULL;
    if (acs__mcp_string_arg(c->args, "language", false, &lang, &fail)) return fail;
    if (lang && strcmp(lang, "ts") && strcmp(lang, "js"))
      return acs__mcp_tool_error("language must be \"ts\" or \"js\", not \"%.40s\"", lang);
    c->js = lang && !strcmp(lang, "js");
  }
  c->timeout_ms = b->timeout_ms;
  json_t *t = json_object_get(c->args, "timeoutMs");
  if (t && !json_is_null(t)) {
    if (!json_is_integer(t) || json_integer_value(t) < 1)
      return acs__mcp_tool_error("timeoutMs must be a whole number of milliseconds, at least 1");
    int64_t want = (int64_t)json_integer_value(t);
    if (!b->timeout_ms || want < b->timeout_ms) c->timeout_ms = want;
  }
  return NULL;
}

void acs__mcpbox_run(acs__mcp *m, json_t *id, json_t *args, bool is_shell)
{
  acs__mcpbox *b = m->box;
  call_t *c = calloc(1, sizeof *c);
  if (!c) {
    acs__mcp_reply(m, id, acs__mcp_tool_error("out of memory"));
    return;
  }
  c->m = m;
  c->id = json_incref(id);
  c->args = json_incref(args);
  c->is_shell = is_shell;
  c->structured = acs__mcp_since(m, "2025-06-18");
  json_t *fail = take_args(b, c);
  if (fail) {
    acs__mcp_reply(m, id, fail);
    call_free(c);
    return;
  }
  pthread_mutex_lock(&m->lock);
  bool dup = false;
  for (call_t *o = b->calls; o && !dup; o = o->next) dup = json_equal(o->id, id);
  bool full = b->in_flight >= MAX_IN_FLIGHT;
  pthread_t t;
  bool started = false;
  if (!dup && !full) {
    c->next = b->calls;
    b->calls = c;
    started = pthread_create(&t, NULL, call_main, c) == 0;
    if (started) {
      pthread_detach(t);
      b->in_flight++;
    } else {
      b->calls = c->next;
    }
  }
  pthread_mutex_unlock(&m->lock);
  if (started) return;
  if (dup)
    acs__mcp_error(m, id, ACS__RPC_INVALID_REQUEST,
                   "Invalid Request: this id belongs to a call still in flight; use a new id");
  else
    acs__mcp_reply(m, id, acs__mcp_tool_error(full ? "too many calls in flight (%d); wait for "
                                                     "some to finish" : "SandboxError: could not "
                                                     "start a thread for the call (%d in flight)",
                                              full ? MAX_IN_FLIGHT : b->in_flight));
  call_free(c);
}

/* ------------------------------------------------------------ ending */

/* Under m->lock. */
static void stop(acs__mcpbox *b, call_t *c)
{
  c->cancelled = true;
  if (c->active) acs_box_session_cancel(c->is_shell ? b->shell : b->runner);
}

void acs__mcpbox_cancel(acs__mcp *m, json_t *id)
{
  pthread_mutex_lock(&m->lock);
  for (call_t *c = m->box->calls; c; c = c->next)
    if (json_equal(c->id, id)) stop(m->box, c);
  pthread_cond_broadcast(&m->changed); /* a waiting call gives up its turn */
  pthread_mutex_unlock(&m->lock);
}

void acs__mcpbox_end_calls(acs__mcp *m)
{
  pthread_mutex_lock(&m->lock);
  while (m->box->in_flight > 0) {
    /* again each round: a call between taking its turn and starting its
    ** script would miss a single cancel */
    for (call_t *c = m->box->calls; c; c = c->next) stop(m->box, c);
    pthread_cond_broadcast(&m->changed);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 200 * 1000000L;
    if (ts.tv_nsec >= 1000000000L) ts.tv_sec++, ts.tv_nsec -= 1000000000L;
    pthread_cond_timedwait(&m->changed, &m->lock, &ts);
  }
  pthread_mutex_unlock(&m->lock);
}
