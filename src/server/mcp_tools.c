/* mcp_tools.c - the tools `acs mcp` offers: their descriptions and
** schemas (written for the model that reads them), tools/call's dispatch,
** and the argument checks every tool shares.
**
** Wrong arguments are tool errors (isError: true) rather than JSON-RPC
** errors: the model sees them and can correct its call. Only a call that
** is not a call at all (no name, an unknown tool) is a protocol error. */
#include "mcp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ arguments */

json_t *acs__mcp_check_names(json_t *args, const char *tool, const char *const *known)
{
  const char *key;
  json_t *val;
  json_object_foreach(args, key, val) {
    bool ok = false;
    for (size_t i = 0; known[i] && !ok; i++) ok = !strcmp(key, known[i]);
    if (ok) continue;
    acs__buf names = {0};
    for (size_t i = 0; known[i]; i++) acs__buf_printf(&names, "%s%s", i ? ", " : "", known[i]);
    json_t *r = acs__mcp_tool_error("unknown argument '%.100s' for %s; its arguments are: %s", key,
                                    tool, names.data ? names.data : "");
    acs__buf_free(&names);
    return r;
  }
  return NULL;
}

int acs__mcp_string_arg(json_t *args, const char *name, bool required, const char **out,
                        json_t **fail)
{
  json_t *v = json_object_get(args, name);
  *out = NULL;
  if (!v || json_is_null(v)) {
    if (!required) return 0;
    *fail = acs__mcp_tool_error("missing argument '%s' (a string)", name);
    return -1;
  }
  if (!json_is_string(v)) {
    *fail = acs__mcp_tool_error("argument '%s' must be a string", name);
    return -1;
  }
  if (strlen(json_string_value(v)) != json_string_length(v)) {
    *fail = acs__mcp_tool_error("argument '%s' must not contain NUL characters", name);
    return -1;
  }
  *out = json_string_value(v);
  return 0;
}

/* ------------------------------------------------------------ tools/list */

json_t *acs__mcp_prop(const char *type, const char *description)
{
  return json_pack("{s:s,s:s}", "type", type, "description", description);
}

/* One tool. props and annotations are stolen; output (stolen, or NULL) is
** the outputSchema. Fields newer than the negotiated revision are left
** out, since older clients may check tools strictly. */
json_t *acs__mcp_tool(acs__mcp *m, const char *name, const char *title, const char *description,
                    json_t *props, const char *const *required, json_t *annotations,
                    json_t *output)
{
  json_t *schema = json_pack("{s:s,s:o,s:b}", "type", "object", "properties", props,
                             "additionalProperties", 0);
  if (schema && required && required[0]) {
    json_t *req = json_array();
    for (size_t i = 0; required[i]; i++) json_array_append_new(req, json_string(required[i]));
    json_object_set_new(schema, "required", req);
  }
  json_t *t = json_pack("{s:s,s:s,s:o}", "name", name, "description", description, "inputSchema",
                        schema);
  if (t && acs__mcp_since(m, "2025-03-26")) json_object_set(t, "annotations", annotations);
  if (t && acs__mcp_since(m, "2025-06-18")) {
    json_object_set_new(t, "title", json_string(title));
    if (output) json_object_set(t, "outputSchema", output);
  }
  json_decref(annotations);
  json_decref(output);
  return t;
}

json_t *acs__mcp_annotations(bool read_only, bool destructive, bool idempotent, bool open_world)
{
  json_t *a = json_pack("{s:b,s:b}", "readOnlyHint", read_only, "openWorldHint", open_world);
  if (a && !read_only) {
    json_object_set_new(a, "destructiveHint", json_boolean(destructive));
    json_object_set_new(a, "idempotentHint", json_boolean(idempotent));
  }
  return a;
}

/* The limits and the network, as the model needs to hear them. */
static char *run_description(acs__mcp *m)
{
  acs__buf b = {0};
  acs__buf_puts(&b,
      "Run JavaScript or TypeScript in a fresh, isolated sandbox and return what it printed. "
      "The code is an ES module (top-level await works; import Node builtins such as node:fs, "
      "node:path, node:crypto; console.log prints). Its current directory is the work dir, which "
      "every run and the file tools share, so files written in one call are there in the next; "
      "nothing else of the host is visible. ");
  if (m->domain_n) {
    acs__buf_puts(&b, "Network: only to the hosts listed in the domains argument, chosen from: ");
    for (size_t i = 0; i < m->domain_n; i++)
      acs__buf_printf(&b, "%s%s", i ? ", " : "", m->domains[i]);
    acs__buf_puts(&b, "; without domains, no network. ");
  } else {
    acs__buf_puts(&b, "Network: none. ");
  }
  if (m->timeout_ms)
    acs__buf_printf(&b, "Limits per run: %lld ms (timeoutMs may lower it), ",
                    (long long)m->timeout_ms);
  else
    acs__buf_puts(&b, "Limits per run: no time limit unless timeoutMs is given, ");
  acs__buf_printf(&b, "%lld MB of memory, %lld bytes of output per stream. ",
                  (long long)(m->memory_mb ? m->memory_mb : 4096),
                  (long long)(m->max_output_bytes ? m->max_output_bytes : 1048576));
  if (m->limit_packages && !m->pkg_n) {
    acs__buf_puts(&b, "npm packages: none (only builtins and files in the work dir can be imported). ");
  } else {
    acs__buf_puts(&b, "npm packages: imported by name (import Papa from \"papaparse\") they are "
                      "installed before the run");
    if (m->limit_packages) {
      acs__buf_puts(&b, "; the operator allows only: ");
      for (size_t i = 0; i < m->pkg_n; i++) acs__buf_printf(&b, "%s%s", i ? ", " : "", m->pkgs[i]);
    }
    acs__buf_puts(&b, ". ");
  }
  acs__buf_puts(&b,
      "The result is stdout, then stderr after a [stderr] line, then [exit code N] or "
      "[stopped: ...] when the run failed.");
  return acs__buf_take(&b, NULL);
}

static json_t *run_code_tool(acs__mcp *m)
{
  json_t *props = json_object();
  json_object_set_new(props, "code", acs__mcp_prop("string",
      "The program, an ES module. Print results with console.log; throw or "
      "process.exit(1) to fail."));
  json_t *lang = acs__mcp_prop("string", "ts (default) or js. Both run as ES modules; TypeScript types "
                                "are stripped, not checked.");
  json_object_set_new(lang, "enum", json_pack("[s,s]", "ts", "js"));
  json_object_set_new(lang, "default", json_string("ts"));
  json_object_set_new(props, "language", lang);
  if (m->domain_n) {
    json_t *items = json_pack("{s:s,s:[]}", "type", "string", "enum");
    for (size_t i = 0; i < m->domain_n; i++)
      json_array_append_new(json_object_get(items, "enum"), json_string(m->domains[i]));
    json_object_set_new(props, "domains", json_pack("{s:s,s:o,s:s}", "type", "array", "items",
        items, "description", "Hosts this run may connect to (default: none)."));
  }
  if (!m->limit_packages || m->pkg_n)
    json_object_set_new(props, "packages", json_pack("{s:s,s:{s:s},s:s}", "type", "array", "items",
        "type", "string", "description",
        "npm packages this run may use, \"name\" or \"name@range\" (default: what the code "
        "imports, within the operator's list)."));
  char tdesc[200];
  if (m->timeout_ms)
    snprintf(tdesc, sizeof tdesc, "Time limit in ms; default and maximum %lld.",
             (long long)m->timeout_ms);
  else
    snprintf(tdesc, sizeof tdesc, "Time limit in ms (default: none).");
  json_t *t = acs__mcp_prop("integer", tdesc);
  json_object_set_new(t, "minimum", json_integer(1));
  json_object_set_new(props, "timeoutMs", t);

  json_t *out = json_pack(
      "{s:s,s:{s:{s:s},s:{s:s},s:{s:[s,s]},s:{s:s},s:{s:s},s:{s:s},s:{s:[s,s]}},"
      "s:[s,s,s,s,s,s,s]}",
      "type", "object", "properties", "stdout", "type", "string", "stderr", "type", "string",
      "exitCode", "type", "integer", "null", "timedOut", "type", "boolean", "truncated", "type",
      "boolean", "durationMs", "type", "number", "stoppedBy", "type", "string", "null",
      "required", "stdout", "stderr", "exitCode", "timedOut", "truncated", "durationMs",
      "stoppedBy");
  static const char *const required[] = {"code", NULL};
  char *desc = run_description(m);
  json_t *r = acs__mcp_tool(m, "run_code", "Run JavaScript or TypeScript", desc ? desc : "Run code.", props,
                   required, acs__mcp_annotations(false, true, false, m->domain_n > 0), out);
  free(desc);
  return r;
}

json_t *acs__mcp_tools(acs__mcp *m)
{
  if (m->box) return acs__mcpbox_tools(m);
  static const char *const path_required[] = {"path", NULL};
  static const char *const write_required[] = {"path", "content", NULL};
  static const char path_doc[] =
      "Relative to the work dir. Paths that lead outside it (.., absolute paths elsewhere, "
      "symbolic links pointing out) are refused.";
  json_t *tools = json_array();
  json_array_append_new(tools, run_code_tool(m));
  json_array_append_new(tools, acs__mcp_tool(m, "read_file", "Read a file",
      "Read a UTF-8 text file of the work dir (at most 1 MiB; binary files are refused).",
      json_pack("{s:o}", "path", acs__mcp_prop("string", path_doc)), path_required,
      acs__mcp_annotations(true, false, true, false), NULL));
  json_array_append_new(tools, acs__mcp_tool(m, "write_file", "Write a file",
      "Create or replace a text file in the work dir; missing parent directories are created. "
      "Runs see it at the same relative path.",
      json_pack("{s:o,s:o}", "path", acs__mcp_prop("string", path_doc), "content",
                acs__mcp_prop("string", "The whole new content of the file (UTF-8 text).")),
      write_required, acs__mcp_annotations(false, true, true, false), NULL));
  json_array_append_new(tools, acs__mcp_tool(m, "list_files", "List a directory",
      "List a directory of the work dir, one name per line; directories end with '/'.",
      json_pack("{s:o}", "path", acs__mcp_prop("string", "The directory, relative to the work dir "
                                                "(default: the work dir itself).")),
      NULL, acs__mcp_annotations(true, false, true, false), NULL));
  return json_pack("{s:o}", "tools", tools);
}

/* ------------------------------------------------------------ tools/call */

void acs__mcp_call(acs__mcp *m, json_t *id, json_t *params)
{
  json_t *name = json_object_get(params, "name");
  json_t *args = json_object_get(params, "arguments");
  /* a NUL would cut the name short in the comparisons below */
  if (json_is_string(name) && strlen(json_string_value(name)) != json_string_length(name)) name = NULL;
  if (!json_is_string(name)) {
    acs__mcp_error(m, id, ACS__RPC_INVALID_PARAMS, "tools/call needs params.name (a string)");
    return;
  }
  if (args && !json_is_null(args) && !json_is_object(args)) {
    acs__mcp_error(m, id, ACS__RPC_INVALID_PARAMS, "tools/call: params.arguments must be an object");
    return;
  }
  args = json_is_object(args) ? json_incref(args) : json_object();
  const char *n = json_string_value(name);
  if (m->box) acs__mcpbox_call(m, id, n, args);
  else if (!strcmp(n, "run_code")) acs__mcp_run_code(m, id, args);
  else if (!strcmp(n, "read_file")) acs__mcp_reply(m, id, acs__mcp_read_file(m, args));
  else if (!strcmp(n, "write_file")) acs__mcp_reply(m, id, acs__mcp_write_file(m, args));
  else if (!strcmp(n, "list_files")) acs__mcp_reply(m, id, acs__mcp_list_files(m, args));
  else
    acs__mcp_error(m, id, ACS__RPC_INVALID_PARAMS, "Unknown tool: %.100s (the tools are run_code, "
                   "read_file, write_file and list_files)", n);
  json_decref(args);
}
