/* mcp.c - `acs mcp`: the JSON-RPC side of the MCP server. Lifecycle
** (initialize, ping), reading messages line by line, answering them. The
** tools are in mcp_tools.c, mcp_run.c and mcp_files.c.
**
** One reader thread handles every message in order. The file tools answer
** at once (they are quick); run_code answers from a thread of its own, so
** runs overlap and a cancel notification can reach a run that is going.
** Bad input gets a JSON-RPC error and the reader goes on. */
#include "mcp.h"

#include "../pkg/allow.h"

#include "../policy/env.h"
#include "../policy/hosts.h"
#include "../vfs/vfs.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The revisions we speak, newest first (the newest is what
** @modelcontextprotocol/sdk 1.x calls LATEST_PROTOCOL_VERSION). For our four
** tools they differ only in what a tool and its result may carry, which
** acs__mcp_since() decides. JSON-RPC batches (allowed by 2025-03-26 only)
** are answered with an error: no client we know sends them. */
static const char *const revisions[] = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"};

#define MAX_LINE ((size_t)64 << 20)

static const char instructions[] =
    "A sandbox for JavaScript and TypeScript. run_code runs a program in a fresh, isolated "
    "process and returns its output; read_file, write_file and list_files work on the work "
    "dir, which every run also sees as its current directory, so files persist between calls.";
static const char temp_note[] =
    " The work dir is a fresh temporary directory (%s), removed when this server exits: "
    "nothing written there outlives the session.";

bool acs__mcp_since(const acs__mcp *m, const char *rev) { return strcmp(m->version, rev) >= 0; }

/* ------------------------------------------------------------ life */

/* A NULL-terminated copy of n strings. */
static char **copy_list(const char *const *items, size_t n)
{
  char **c = calloc(n + 1, sizeof *c);
  if (!c) return NULL;
  for (size_t i = 0; i < n; i++)
    if (!(c[i] = strdup(items[i] ? items[i] : ""))) {
      for (size_t j = 0; j < i; j++) free(c[j]);
      free(c);
      return NULL;
    }
  return c;
}

static void free_list(char **l)
{
  for (size_t i = 0; l && l[i]; i++) free(l[i]);
  free(l);
}

/* What acs_exec would refuse on every call is refused once, now, so that
** the operator learns it at start-up rather than the model at each run. */
static int check_opts(const acs__mcp_opts *o, acs_err *err)
{
  struct stat st;
  if (o->work_dir && !*o->work_dir)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                     "--work-dir is empty: name a directory, or leave the option out for a "
                     "temporary one");
  if (o->work_dir && stat(o->work_dir, &st) < 0)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "work dir '%s' does not exist: create it "
                     "first (%s)", o->work_dir, strerror(errno));
  if (o->work_dir && !S_ISDIR(st.st_mode))
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "work dir '%s' is not a directory",
                     o->work_dir);
  for (size_t i = 0; i < o->read_only_count; i++)
    if (stat(o->read_only_dirs[i], &st) < 0 || !S_ISDIR(st.st_mode))
      return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "read-only dir '%s' is not a directory",
                       o->read_only_dirs[i]);
  for (size_t i = 0; i < o->env_count; i++) {
    int rc = acs__env_check(o->env[i], err);
    if (rc) return rc;
  }
  acs__hosts *h = NULL;
  int rc = acs__hosts_parse(o->allowed_domains, o->allowed_domain_count, &h, err);
  acs__hosts_free(h);
  if (rc) return rc;
  if (o->timeout_ms < 0 || o->memory_mb < 0 || o->max_output_bytes < 0)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "limits must be whole numbers >= 0");
  return 0;
}

static acs__mcp *alloc_server(void)
{
  acs__mcp *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->stop_pipe[0] = m->stop_pipe[1] = -1;
  pthread_mutex_init(&m->wlock, NULL);
  pthread_mutex_init(&m->lock, NULL);
  pthread_cond_init(&m->changed, NULL);
  m->version = revisions[0];
  m->out_fd = -1;
  return m;
}

/* `--box`: the box is booted now, so that a bad option or snapshot is the
** operator's error at start-up, not the model's at its first call. */
static int new_box_server(const acs__mcp_box_opts *o, acs__mcp **out, acs_err *err)
{
  acs__mcp *m = alloc_server();
  if (!m) return ACS_ENOMEM;
  int rc = acs__mcpbox_new(o, &m->box, err);
  if (!rc && !(m->instructions = strdup(acs__mcpbox_instructions(m->box)))) rc = ACS_ENOMEM;
  if (!rc && pipe2(m->stop_pipe, O_CLOEXEC | O_NONBLOCK) < 0)
    rc = acs__fail(err, ACS_EENV, ACS__ENV, "could not make a pipe: %s", strerror(errno));
  if (rc) {
    acs__mcp_free(m);
    return rc;
  }
  *out = m;
  return 0;
}

int acs__mcp_new(const acs__mcp_opts *o, acs__mcp **out, acs_err *err)
{
  *out = NULL;
  if (!o) return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "no options");
  if (o->box) return new_box_server(o->box, out, err);
  int rc = check_opts(o, err);
  if (rc) return rc;
  acs__mcp *m = alloc_server();
  if (!m) return ACS_ENOMEM;
  if (o->work_dir) {
    m->work_dir = realpath(o->work_dir, NULL);
  } else {
    rc = acs__temp_dir("acs-mcp", &m->work_dir, err);
    if (rc) {
      acs__mcp_free(m);
      return rc;
    }
    m->temp_work = true;
  }
  acs__buf ib = {0};
  if (acs__buf_puts(&ib, instructions) == 0 && m->temp_work)
    acs__buf_printf(&ib, temp_note, m->work_dir);
  m->instructions = acs__buf_take(&ib, NULL);
  m->ro = copy_list(o->read_only_dirs, o->read_only_count);
  m->domains = copy_list(o->allowed_domains, o->allowed_domain_count);
  m->env = copy_list(o->env, o->env_count);
  m->pkgs = copy_list(o->allowed_packages, o->allowed_package_count);
  m->pkg_n = o->allowed_package_count;
  m->limit_packages = o->limit_packages || o->allowed_package_count;
  m->ro_n = o->read_only_count;
  m->domain_n = o->allowed_domain_count;
  m->env_n = o->env_count;
  m->timeout_ms = o->timeout_ms;
  m->memory_mb = o->memory_mb;
  m->max_output_bytes = o->max_output_bytes;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  m->jobs = o->jobs > 0 ? o->jobs : (int)(cores > 0 ? cores : 1);
  if (!m->work_dir || !m->instructions || !m->ro || !m->domains || !m->env || !m->pkgs ||
      acs__vfs_new(&m->vfs)) {
    acs__mcp_free(m);
    return ACS_ENOMEM;
  }
  rc = acs__vfs_mount(m->vfs, m->work_dir, false, err);
  if (!rc && m->limit_packages)
    rc = acs__allow_parse((const char *const *)m->pkgs, m->pkg_n, &m->allow, err);
  if (!rc && pipe2(m->stop_pipe, O_CLOEXEC | O_NONBLOCK) < 0)
    rc = acs__fail(err, ACS_EENV, ACS__ENV, "could not make a pipe: %s", strerror(errno));
  if (rc) {
    acs__mcp_free(m);
    return rc;
  }
  /* Warm workers make a run start in about a millisecond; without them
  ** runs still work, each starting its engine, so a failure is not fatal. */
  int warm = o->pool == 0 ? 2 : o->pool;
#ifdef __SANITIZE_ADDRESS__
  /* ASan's allocator is not fork-safe: a warm worker forked by the pool's
  ** thread while another thread holds an allocator lock hangs before it is
  ** ready, and acs_pool_free then waits for it forever. Sanitizer builds
  ** start every run cold unless --pool asks otherwise. */
  if (o->pool == 0) warm = 0;
#endif
  if (warm > 0 && acs_pool_new(warm, &m->pool, NULL) != 0) m->pool = NULL;
  *out = m;
  return 0;
}

void acs__mcp_stop(acs__mcp *m)
{
  if (m && m->stop_pipe[1] >= 0) {
    ssize_t n = write(m->stop_pipe[1], "x", 1);
    (void)n; /* full means a stop is pending already */
  }
}

void acs__mcp_free(acs__mcp *m)
{
  if (!m) return;
  acs__mcpbox_free(m->box);
  acs_pool_free(m->pool);
  acs__vfs_free(m->vfs);
  /* after the pool and every run: no guest process still writes there */
  if (m->temp_work && m->work_dir) acs__remove_tree(m->work_dir);
  free(m->work_dir);
  free(m->instructions);
  free_list(m->ro);
  free_list(m->domains);
  free_list(m->env);
  free_list(m->pkgs);
  acs__allow_free(m->allow);
  if (m->stop_pipe[0] >= 0) close(m->stop_pipe[0]);
  if (m->stop_pipe[1] >= 0) close(m->stop_pipe[1]);
  pthread_mutex_destroy(&m->wlock);
  pthread_mutex_destroy(&m->lock);
  pthread_cond_destroy(&m->changed);
  free(m);
}

/* ------------------------------------------------------------ output */

void acs__mcp_send(acs__mcp *m, json_t *msg)
{
  if (!msg) return;
  char *text = json_dumps(msg, JSON_COMPACT | JSON_REAL_PRECISION(12));
  json_decref(msg);
  if (!text) return;
  size_t n = strlen(text);
  text[n] = '\n'; /* the NUL becomes the line end: one write per message */
  pthread_mutex_lock(&m->wlock);
  if (!m->broken && acs__write_all(m->out_fd, text, n + 1) != 0) m->broken = true;
  pthread_mutex_unlock(&m->wlock);
  free(text);
}

void acs__mcp_error(acs__mcp *m, json_t *id, int code, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  char *text = NULL;
  if (vasprintf(&text, fmt, ap) < 0) text = NULL;
  va_end(ap);
  json_t *msg = json_pack("{s:s,s:O?,s:{s:i,s:o}}", "jsonrpc", "2.0", "id", id, "error", "code",
                          code, "message", acs__mcp_text(text ? text : "out of memory",
                                                         text ? strlen(text) : 13));
  free(text);
  acs__mcp_send(m, msg);
}

void acs__mcp_reply(acs__mcp *m, json_t *id, json_t *result)
{
  if (!result) {
    acs__mcp_error(m, id, ACS__RPC_INTERNAL, "the server could not build its answer (out of memory?)");
    return;
  }
  acs__mcp_send(m, json_pack("{s:s,s:O,s:o}", "jsonrpc", "2.0", "id", id, "result", result));
}

json_t *acs__mcp_text(const char *s, size_t len)
{
  size_t n;
  char *clean = acs__utf8_sanitize(s ? s : "", s ? len : 0, &n);
  json_t *v = clean ? json_stringn(clean, n) : NULL;
  free(clean);
  return v ? v : json_string("");
}

json_t *acs__mcp_text_result(bool is_error, const char *text, size_t len)
{
  return json_pack("{s:[{s:s,s:o}],s:b}", "content", "type", "text", "text",
                   acs__mcp_text(text, len), "isError", is_error);
}

json_t *acs__mcp_tool_error(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  char *text = NULL;
  if (vasprintf(&text, fmt, ap) < 0) text = NULL;
  va_end(ap);
  json_t *r = text ? acs__mcp_text_result(true, text, strlen(text)) : NULL;
  free(text);
  return r;
}

/* ------------------------------------------------------------ requests */

static void initialize(acs__mcp *m, json_t *id, json_t *params)
{
  json_t *pv = params ? json_object_get(params, "protocolVersion") : NULL;
  if (!json_is_string(pv)) {
    acs__mcp_error(m, id, ACS__RPC_INVALID_PARAMS,
                   "initialize needs params.protocolVersion (a string such as \"%s\")", revisions[0]);
    return;
  }
  /* The client's revision when we speak it, else our newest: the client
  ** then decides whether it can go on. */
  m->version = revisions[0];
  for (size_t i = 0; i < sizeof revisions / sizeof *revisions; i++)
    if (!strcmp(json_string_value(pv), revisions[i])) m->version = revisions[i];
  json_t *info = json_pack("{s:s,s:s}", "name", "agent-code-sandbox", "version", ACS_VERSION);
  if (info && acs__mcp_since(m, "2025-06-18"))
    json_object_set_new(info, "title", json_string("agent-code-sandbox"));
  acs__mcp_reply(m, id, json_pack("{s:s,s:{s:{}},s:o,s:s}", "protocolVersion", m->version,
                                  "capabilities", "tools", "serverInfo", info, "instructions",
                                  m->instructions));
}

static void notification(acs__mcp *m, const char *method, json_t *params)
{
  /* notifications/initialized needs nothing from us: requests are served
  ** from the start. Unknown notifications are ignored, as JSON-RPC asks. */
  if (!strcmp(method, "notifications/cancelled") && json_is_object(params))
    acs__mcp_cancel(m, json_object_get(params, "requestId"));
}

static void request(acs__mcp *m, const char *method, json_t *id, json_t *params)
{
  if (params && !json_is_object(params)) {
    acs__mcp_error(m, id, ACS__RPC_INVALID_PARAMS, "params of %.100s must be an object", method);
  } else if (!strcmp(method, "initialize")) {
    initialize(m, id, params);
  } else if (!strcmp(method, "ping")) {
    acs__mcp_reply(m, id, json_object());
  } else if (!strcmp(method, "tools/list")) {
    acs__mcp_reply(m, id, acs__mcp_tools(m));
  } else if (!strcmp(method, "tools/call")) {
    if (!params)
      acs__mcp_error(m, id, ACS__RPC_INVALID_PARAMS, "tools/call needs params {name, arguments}");
    else
      acs__mcp_call(m, id, params);
  } else {
    acs__mcp_error(m, id, ACS__RPC_NO_METHOD, "Method not found: %.100s (this server offers "
                   "initialize, ping, tools/list and tools/call)", method);
  }
}

static void message(acs__mcp *m, json_t *msg)
{
  json_t *id = json_object_get(msg, "id");
  json_t *method = json_object_get(msg, "method");
  json_t *params = json_object_get(msg, "params");
  json_t *ver = json_object_get(msg, "jsonrpc");
  bool good_id = json_is_string(id) || json_is_number(id);
  json_t *reply_id = good_id ? id : NULL;
  if (!json_is_string(ver) || strcmp(json_string_value(ver), "2.0")) {
    acs__mcp_error(m, reply_id, ACS__RPC_INVALID_REQUEST, "Invalid Request: \"jsonrpc\" must be \"2.0\"");
    return;
  }
  if (!method) {
    /* a response: we send no requests, so there is nothing to match */
    if (id && (json_object_get(msg, "result") || json_object_get(msg, "error"))) return;
    acs__mcp_error(m, reply_id, ACS__RPC_INVALID_REQUEST, "Invalid Request: no \"method\"");
    return;
  }
  if (!json_is_string(method) || strlen(json_string_value(method)) != json_string_length(method)) {
    acs__mcp_error(m, reply_id, ACS__RPC_INVALID_REQUEST, "Invalid Request: \"method\" must be a string");
    return;
  }
  if (!id) {
    notification(m, json_string_value(method), params);
    return;
  }
  if (!good_id) {
    acs__mcp_error(m, NULL, ACS__RPC_INVALID_REQUEST,
                   "Invalid Request: \"id\" must be a string or a number");
    return;
  }
  request(m, json_string_value(method), id, params);
}

static void line(acs__mcp *m, const char *text, size_t len)
{
  while (len && (text[len - 1] == '\r' || text[len - 1] == ' ' || text[len - 1] == '\t')) len--;
  size_t skip = strspn(text, " \t");
  if (skip >= len) return;
  json_error_t jerr;
  /* JSON_ALLOW_NUL: file content may hold NUL bytes; the string arguments
  ** that cannot are refused one by one, as tool errors the model sees,
  ** rather than as a parse error that no request id would match. */
  json_t *msg = json_loadb(text, len, JSON_DECODE_ANY | JSON_ALLOW_NUL, &jerr);
  if (!msg)
    acs__mcp_error(m, NULL, ACS__RPC_PARSE, "Parse error: %s (send one JSON-RPC message per line)",
                   jerr.text);
  else if (json_is_array(msg))
    acs__mcp_error(m, NULL, ACS__RPC_INVALID_REQUEST,
                   "Invalid Request: JSON-RPC batches are not supported; send one message per line");
  else if (!json_is_object(msg))
    acs__mcp_error(m, NULL, ACS__RPC_INVALID_REQUEST, "Invalid Request: a message is a JSON object");
  else
    message(m, msg);
  json_decref(msg);
}

void acs__mcp_serve(acs__mcp *m, int in_fd, int out_fd)
{
  m->out_fd = out_fd;
  acs__buf buf = {0};
  size_t scan = 0;
  bool skipping = false; /* inside a line that was too long */
  char chunk[65536];
  for (;;) {
    struct pollfd p[2] = {{.fd = in_fd, .events = POLLIN}, {.fd = m->stop_pipe[0], .events = POLLIN}};
    int n = poll(p, 2, -1);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 || p[1].revents) break;
    ssize_t got = read(in_fd, chunk, sizeof chunk);
    if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (got <= 0 || acs__buf_append(&buf, chunk, (size_t)got)) break;
    for (;;) {
      char *nl = memchr(buf.data + scan, '\n', buf.len - scan);
      if (!nl) {
        scan = buf.len;
        if (buf.len > MAX_LINE) {
          if (!skipping)
            acs__mcp_error(m, NULL, ACS__RPC_INVALID_REQUEST,
                           "Invalid Request: a message is longer than %zu bytes", MAX_LINE);
          skipping = true;
          buf.len = scan = 0;
        }
        break;
      }
      size_t len = (size_t)(nl - buf.data);
      *nl = 0; /* so that scanning the line stops at its end */
      if (skipping) skipping = false;
      else line(m, buf.data, len);
      memmove(buf.data, nl + 1, buf.len - len - 1);
      buf.len -= len + 1;
      buf.data[buf.len] = 0;
      scan = 0;
    }
  }
  if (buf.len && !skipping) line(m, buf.data, buf.len);
  acs__buf_free(&buf);
  /* The client is gone (or we were told to stop): nobody will read the
  ** answers of runs still going, so stop them. */
  acs__mcp_end_runs(m);
}
