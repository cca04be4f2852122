/* mcp_box.c - `acs mcp --box`: the box's life for one connection, the
** tools as the model reads them, tools/call's dispatch, and what the file
** tools share (paths, running a box program as the user). */
#include "mcp.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_OUTPUT ((int64_t)100000) /* bytes per stream: ~25k tokens */
#define TOOL_TIMEOUT ((int64_t)300000)  /* a file tool's program without --timeout-ms */

/* ------------------------------------------------------------ life */

static char **copy_list(const char *const *items, size_t n)
{
  char **c = calloc(n + 1, sizeof *c);
  for (size_t i = 0; c && i < n; i++)
    if (!(c[i] = strdup(items[i]))) {
      while (i--) free(c[i]);
      free(c);
      return NULL;
    }
  return c;
}

static int restore(acs__mcpbox *b, const char *file, acs_err *err)
{
  int fd = open(file, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "cannot read the snapshot '%s': %s", file,
                     strerror(errno));
  int rc = acs_box_restore_fd(b->box, fd, err);
  close(fd);
  return rc ? ACS_ECONFIG : 0; /* the file's fault */
}

/* HOST:BOX or HOST:BOX:OWNER (root or agent), as `acs box --copy`. */
static int copy_in(acs__mcpbox *b, const char *spec, acs_err *err)
{
  const char *colon = strchr(spec, ':');
  if (!colon || colon == spec || colon[1] != '/')
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                     "--copy takes HOST:BOX[:OWNER] with an absolute BOX path, not '%s'", spec);
  char *host = strndup(spec, (size_t)(colon - spec));
  char *dest = strdup(colon + 1);
  const char *owner = NULL;
  char *last = dest ? strrchr(dest, ':') : NULL;
  if (last && (!strcmp(last, ":root") || !strcmp(last, ":agent"))) {
    *last = 0;
    owner = last + 1;
  }
  int rc = host && dest ? acs_box_copy_in(b->box, host, dest, owner, err) : ACS_ENOMEM;
  free(host);
  free(dest);
  return rc;
}

static int start_shell(acs__mcpbox *b, const char *cwd, acs_box_session **out, acs_err *err)
{
  acs_box_session_options so = {.version = ACS_BOX_SESSION_OPTIONS_VERSION,
                                .env = (const char *const *)b->env, .env_count = b->env_n,
                                .cwd = cwd, .user = b->user};
  return acs_box_session_new(b->box, &so, out, err);
}

/* The shell's first directory, as the shell says it: relative paths of
** the file tools and run_code's directory start there. */
static int learn_home(acs__mcpbox *b, acs_err *err)
{
  acs_box_run_options ro = {.version = ACS_BOX_RUN_OPTIONS_VERSION, .script = "pwd",
                            .timeout_ms = 30000};
  acs_exec_result *res = NULL;
  int rc = acs_box_session_run(b->shell, &ro, &res, err);
  if (rc) return rc;
  size_t n = res->stdout_len;
  while (n && res->stdout_data[n - 1] == '\n') n--;
  if (res->has_exit_code && res->exit_code == 0 && n && res->stdout_data[0] == '/')
    b->home = strndup(res->stdout_data, n);
  else
    rc = acs__fail(err, ACS_EENV, ACS__ENV, "the box's shell could not tell its directory");
  acs_exec_result_free(res);
  return rc ? rc : b->home ? 0 : ACS_ENOMEM;
}

static char *describe(acs__mcpbox *b, const acs__mcp_box_opts *o)
{
  acs__buf d = {0};
  acs__buf_printf(&d,
      "One Linux-like box (an in-memory filesystem, bash, coreutils, grep, find, node, npm) "
      "kept for this whole connection: the shell tool is one persistent session (cd, "
      "variables and functions carry over), and every tool works on the same files as user "
      "%s. Relative paths start at %s. Nothing of the host is visible; the box ends when "
      "the connection does.", b->user, b->home);
  if (o->box.network && !o->box.allowed_domain_count)
    acs__buf_puts(&d, " Network: any public host.");
  else if (o->box.allowed_domain_count) {
    acs__buf_puts(&d, " Network: only ");
    for (size_t i = 0; i < o->box.allowed_domain_count; i++)
      acs__buf_printf(&d, "%s%s", i ? ", " : "", o->box.allowed_domains[i]);
    acs__buf_puts(&d, ".");
  } else {
    acs__buf_puts(&d, " Network: none.");
  }
  if (o->box.limit_packages && !o->box.allowed_package_count) {
    acs__buf_puts(&d, " npm may install no packages.");
  } else {
    acs__buf_puts(&d, " npm install works without network (the host fetches packages)");
    for (size_t i = 0; i < o->box.allowed_package_count; i++)
      acs__buf_printf(&d, "%s%s", i ? ", " : "; only: ", o->box.allowed_packages[i]);
    acs__buf_puts(&d, ".");
  }
  return acs__buf_take(&d, NULL);
}

int acs__mcpbox_new(const acs__mcp_box_opts *o, acs__mcpbox **out, acs_err *err)
{
  *out = NULL;
  if (o->timeout_ms < 0 || o->max_output_bytes < 0)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "limits must be whole numbers >= 0");
  if (o->user && strcmp(o->user, "root") && strcmp(o->user, "agent"))
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "--user is root or agent, not '%s'", o->user);
  acs__mcpbox *b = calloc(1, sizeof *b);
  if (!b) return ACS_ENOMEM;
  b->user = strdup(o->user ? o->user : "root");
  b->env = copy_list(o->env, o->env_count);
  b->env_n = o->env_count;
  b->snapshot = o->snapshot ? strdup(o->snapshot) : NULL;
  b->timeout_ms = o->timeout_ms;
  b->max_output_bytes = o->max_output_bytes ? o->max_output_bytes : DEFAULT_OUTPUT;
  int rc = !b->user || !b->env || (o->snapshot && !b->snapshot) ? ACS_ENOMEM : 0;
  if (!rc) rc = acs_box_new(&o->box, &b->box, err);
  if (!rc && o->restore) rc = restore(b, o->restore, err);
  for (size_t i = 0; !rc && i < o->copy_count; i++) rc = copy_in(b, o->copies[i], err);
  for (size_t i = 0; !rc && i < o->port_count; i++) {
    int bound = 0;
    rc = acs_box_expose(b->box, o->ports[i][0], o->ports[i][1], &bound, err);
    if (!rc) fprintf(stderr, "acs mcp: box port %d is at http://127.0.0.1:%d\n", o->ports[i][0], bound);
  }
  if (!rc) rc = start_shell(b, o->cwd, &b->shell, err);
  if (!rc) rc = learn_home(b, err);
  if (!rc && !(b->instructions = describe(b, o))) rc = ACS_ENOMEM;
  if (rc) {
    acs__mcpbox_free(b);
    return rc;
  }
  *out = b;
  return 0;
}

static void write_snapshot(acs__mcpbox *b)
{
  int fd = open(b->snapshot, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  acs_err err = {0};
  size_t len = 0;
  if (fd < 0)
    fprintf(stderr, "acs mcp: cannot write the snapshot '%s': %s\n", b->snapshot, strerror(errno));
  else if (acs_box_snapshot_fd(b->box, fd, &len, &err))
    fprintf(stderr, "acs mcp: the snapshot '%s' failed: %s\n", b->snapshot,
            err.message ? err.message : "?");
  if (fd >= 0) close(fd);
  acs_err_clear(&err);
}

void acs__mcpbox_free(acs__mcpbox *b)
{
  if (!b) return;
  /* the shells first: a session must be freed before its box */
  acs_box_session_free(b->shell);
  acs_box_session_free(b->runner);
  if (b->box && b->snapshot) write_snapshot(b);
  acs_box_free(b->box);
  free(b->user);
  free(b->home);
  for (size_t i = 0; b->env && i < b->env_n; i++) free(b->env[i]);
  free(b->env);
  free(b->snapshot);
  free(b->instructions);
  free(b);
}

const char *acs__mcpbox_instructions(const acs__mcpbox *b) { return b->instructions; }

/* ------------------------------------------------------------ shared */

int acs__mcpbox_prog(acs__mcpbox *b, const char *const *argv, size_t argc, const char *data,
                     size_t len, int64_t cap, acs_exec_result **out, acs_err *err)
{
  /* The box's default environment, not the operator's --env: a PATH of
  ** theirs must not change which cat the tools run. A time limit always,
  ** since the reader thread waits for these. */
  acs_box_spawn_options so = {.version = ACS_BOX_SPAWN_OPTIONS_VERSION, .argv = argv,
                              .argc = argc, .cwd = "/", .user = b->user,
                              .stdin_data = data, .stdin_len = len,
                              .timeout_ms = b->timeout_ms ? b->timeout_ms : TOOL_TIMEOUT,
                              .max_output_bytes = cap};
  return acs_box_spawn(b->box, &so, out, err);
}

char *acs__mcpbox_path(acs__mcpbox *b, json_t *args, const char *name, bool required,
                       json_t **fail)
{
  const char *p;
  if (acs__mcp_string_arg(args, name, required, &p, fail)) return NULL;
  if (!p || !*p) {
    if (!required) return strdup(b->home);
    *fail = acs__mcp_tool_error("%s must not be empty: give a path in the box", name);
    return NULL;
  }
  char *abs = NULL;
  if (p[0] == '/') abs = strdup(p);
  else if (asprintf(&abs, "%s%s%s", b->home, strcmp(b->home, "/") ? "/" : "", p) < 0) abs = NULL;
  if (!abs) {
    *fail = acs__mcp_tool_error("out of memory");
    return NULL;
  }
  /* The box's kernel resolves the path (links included) and nothing can
  ** leave the box; but a '..' above '/' means the model thinks of a host
  ** path, which it should hear rather than be quietly given the root. */
  int depth = 0;
  for (const char *s = abs; *s;) {
    while (*s == '/') s++;
    size_t n = strcspn(s, "/");
    if (n == 2 && !strncmp(s, "..", 2)) depth--;
    else if (n && !(n == 1 && *s == '.')) depth++;
    if (depth < 0) {
      *fail = acs__mcp_tool_error("refused: '%s' leads outside the box ('..' above its root /). "
                                  "Paths name files in the box: absolute, or relative to %s.",
                                  p, b->home);
      free(abs);
      return NULL;
    }
    s += n;
  }
  size_t n = strlen(abs);
  while (n > 1 && abs[n - 1] == '/') abs[--n] = 0;
  return abs;
}

/* ------------------------------------------------------------ tools/list */

static json_t *props(const char *first, ...)
{
  json_t *o = json_object();
  va_list ap;
  va_start(ap, first);
  for (const char *k = first; k; k = va_arg(ap, const char *)) {
    json_t *v = va_arg(ap, json_t *);
    json_object_set_new(o, k, v);
  }
  va_end(ap);
  return o;
}

static json_t *ranged(const char *type, const char *description, int64_t min)
{
  json_t *p = acs__mcp_prop(type, description);
  json_object_set_new(p, "minimum", json_integer(min));
  return p;
}

static json_t *result_schema(void)
{
  return json_pack(
      "{s:s,s:{s:{s:s},s:{s:s},s:{s:[s,s]},s:{s:s},s:{s:s},s:{s:s},s:{s:[s,s]}},"
      "s:[s,s,s,s,s,s,s]}",
      "type", "object", "properties", "stdout", "type", "string", "stderr", "type", "string",
      "exitCode", "type", "integer", "null", "timedOut", "type", "boolean", "truncated", "type",
      "boolean", "durationMs", "type", "number", "stoppedBy", "type", "string", "null",
      "required", "stdout", "stderr", "exitCode", "timedOut", "truncated", "durationMs",
      "stoppedBy");
}

static void limits(acs__mcpbox *b, const char *what, acs__buf *d, char *tdesc, size_t tsize)
{
  if (b->timeout_ms) {
    acs__buf_printf(d, " Time limit %lld ms (timeoutMs may lower it): then the %s is stopped.",
                    (long long)b->timeout_ms, what);
    snprintf(tdesc, tsize, "Time limit in ms; default and maximum %lld.", (long long)b->timeout_ms);
  } else {
    snprintf(tdesc, tsize, "Time limit in ms (default: none).");
  }
  acs__buf_printf(d, " Output beyond %lld bytes per stream keeps its start and end.",
                  (long long)b->max_output_bytes);
}

json_t *acs__mcpbox_tools(acs__mcp *m)
{
  acs__mcpbox *b = m->box;
  char tdesc[120];
  static const char *const r_cmd[] = {"command", NULL}, *const r_code[] = {"code", NULL},
                           *const r_path[] = {"path", NULL},
                           *const r_write[] = {"path", "content", NULL},
                           *const r_edit[] = {"path", "old_string", "new_string", NULL},
                           *const r_pat[] = {"pattern", NULL};
  char path_doc[300];
  snprintf(path_doc, sizeof path_doc, "A path in the box: absolute, or relative to %s.", b->home);
  json_t *tools = json_array();

  acs__buf d = {0};
  acs__buf_printf(&d, "Run a bash command line in the box's persistent shell, as %s. The working "
                  "directory, variables, functions and aliases stay for the next call, as in a "
                  "terminal. stdin is empty (/dev/null). Returns stdout, then stderr after a "
                  "[stderr] line, then [exit code N] when it is not 0.", b->user);
  limits(b, "command", &d, tdesc, sizeof tdesc);
  json_array_append_new(tools, acs__mcp_tool(m, "shell", "Run a shell command", d.data,
      props("command", acs__mcp_prop("string", "The command line (bash syntax)."),
            "timeoutMs", ranged("integer", tdesc, 1), NULL),
      r_cmd, acs__mcp_annotations(false, true, false, true), result_schema()));
  acs__buf_free(&d);

  acs__buf_printf(&d, "Run a JavaScript or TypeScript program (an ES module; top-level await; "
                  "Node 22's API) with the box's node, once, in %s: it sees the box's files and "
                  "network as the shell does. Print results with console.log.", b->home);
  limits(b, "program", &d, tdesc, sizeof tdesc);
  json_t *lang = acs__mcp_prop("string", "ts (default) or js. Types are stripped, not checked.");
  json_object_set_new(lang, "enum", json_pack("[s,s]", "ts", "js"));
  json_array_append_new(tools, acs__mcp_tool(m, "run_code", "Run JavaScript or TypeScript", d.data,
      props("code", acs__mcp_prop("string", "The program."), "language", lang,
            "timeoutMs", ranged("integer", tdesc, 1), NULL),
      r_code, acs__mcp_annotations(false, true, false, true), result_schema()));
  acs__buf_free(&d);

  json_array_append_new(tools, acs__mcp_tool(m, "read_file", "Read a file",
      "Read a text file of the box, each line numbered as cat -n does (number, tab, text). "
      "offset skips that many lines, limit caps how many come back (default 2000); lines "
      "longer than 2000 bytes are cut. Binary files are refused.",
      props("path", acs__mcp_prop("string", path_doc),
            "offset", ranged("integer", "Lines to skip (default 0).", 0),
            "limit", ranged("integer", "Lines to return (default 2000).", 1), NULL),
      r_path, acs__mcp_annotations(true, false, true, false), NULL));
  json_array_append_new(tools, acs__mcp_tool(m, "write_file", "Write a file",
      "Create a file in the box, or replace its whole content; missing parent directories are "
      "created.",
      props("path", acs__mcp_prop("string", path_doc),
            "content", acs__mcp_prop("string", "The file's new content."), NULL),
      r_write, acs__mcp_annotations(false, true, true, false), NULL));
  json_array_append_new(tools, acs__mcp_tool(m, "edit_file", "Edit a file",
      "Replace old_string with new_string in a file of the box. old_string must match the "
      "file exactly (whitespace and indentation too) and occur once, unless replace_all is "
      "true.",
      props("path", acs__mcp_prop("string", path_doc),
            "old_string", acs__mcp_prop("string", "The exact text to replace."),
            "new_string", acs__mcp_prop("string", "The text to put in its place."),
            "replace_all", acs__mcp_prop("boolean", "Replace every occurrence (default false)."),
            NULL),
      r_edit, acs__mcp_annotations(false, true, false, false), NULL));
  char ldoc[200];
  snprintf(ldoc, sizeof ldoc, "The directory (default %s).", b->home);
  json_array_append_new(tools, acs__mcp_tool(m, "list_files", "List a directory",
      "List a directory of the box, one entry per line: directories end with '/', symbolic "
      "links show '-> target'.",
      props("path", acs__mcp_prop("string", ldoc), NULL),
      NULL, acs__mcp_annotations(true, false, true, false), NULL));
  char gdoc[200];
  snprintf(gdoc, sizeof gdoc, "A file, or a directory searched recursively (default %s).",
           b->home);
  json_array_append_new(tools, acs__mcp_tool(m, "grep", "Search file contents",
      "Search the contents of files in the box. pattern is literal text unless regex is true "
      "(then a POSIX extended regular expression). One match per line: path:line:text, at "
      "most 500. Binary files are skipped.",
      props("pattern", acs__mcp_prop("string", "The text (or regex) to find."),
            "path", acs__mcp_prop("string", gdoc),
            "glob", acs__mcp_prop("string", "Only files whose name matches, e.g. *.ts."),
            "regex", acs__mcp_prop("boolean", "pattern is a regular expression (default false)."),
            "ignore_case", acs__mcp_prop("boolean", "Ignore case (default false)."), NULL),
      r_pat, acs__mcp_annotations(true, false, true, false), NULL));
  snprintf(gdoc, sizeof gdoc, "The directory the pattern starts from (default %s).", b->home);
  json_array_append_new(tools, acs__mcp_tool(m, "glob", "Find files by name",
      "Find files and directories in the box whose path matches a glob: * and ? within one "
      "name, ** across directories, [abc] sets (e.g. **/*.ts, src/*.c). One absolute path "
      "per line, sorted, at most 1000.",
      props("pattern", acs__mcp_prop("string", "The glob, relative to path."),
            "path", acs__mcp_prop("string", gdoc), NULL),
      r_pat, acs__mcp_annotations(true, false, true, false), NULL));
  return json_pack("{s:o}", "tools", tools);
}

/* ------------------------------------------------------------ tools/call */

void acs__mcpbox_call(acs__mcp *m, json_t *id, const char *n, json_t *args)
{
  acs__mcpbox *b = m->box;
  if (!strcmp(n, "shell")) acs__mcpbox_run(m, id, args, true);
  else if (!strcmp(n, "run_code")) acs__mcpbox_run(m, id, args, false);
  else if (!strcmp(n, "read_file")) acs__mcp_reply(m, id, acs__mcpbox_read_file(b, args));
  else if (!strcmp(n, "write_file")) acs__mcp_reply(m, id, acs__mcpbox_write_file(b, args));
  else if (!strcmp(n, "edit_file")) acs__mcp_reply(m, id, acs__mcpbox_edit_file(b, args));
  else if (!strcmp(n, "list_files")) acs__mcp_reply(m, id, acs__mcpbox_list_files(b, args));
  else if (!strcmp(n, "grep")) acs__mcp_reply(m, id, acs__mcpbox_grep(b, args));
  else if (!strcmp(n, "glob")) acs__mcp_reply(m, id, acs__mcpbox_glob(b, args));
  else
    acs__mcp_error(m, id, ACS__RPC_INVALID_PARAMS, "Unknown tool: %.100s (the tools are shell, "
                   "run_code, read_file, write_file, edit_file, list_files, grep and glob)", n);
}
