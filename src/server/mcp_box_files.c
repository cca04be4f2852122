/* mcp_box_files.c - the file tools of `acs mcp --box`: read_file,
** write_file, edit_file, list_files, grep, glob.
**
** Each runs the box's own programs (sh, cat, find, grep) as the box's
** user rather than the owner's file calls, which act as root: so the
** box's kernel checks every permission and resolves every path, and a
** file the user may not read is refused here as in the shell, with no
** window between a check of ours and the access. The text is then shaped
** here for the model. */
#include "mcp.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FILE ((int64_t)10 << 20) /* bytes read_file and edit_file take */
#define DEFAULT_LINES 2000
#define MAX_LINE 2000                 /* bytes of a line read_file shows */
#define MAX_READ_OUT ((size_t)256 << 10)
#define MAX_MATCHES 500
#define MAX_MATCH_LINE 500
#define MAX_NAMES 1000
#define MAX_LISTING ((int64_t)16 << 20)

/* Exit statuses of the scripts below that say what the path is. */
enum { IS_DIR = 21, NOT_FILE = 22, NOT_DIR = 23 };

/* ------------------------------------------------------------ shared */

/* How much of stderr to quote: at most max bytes, without the last newline. */
static size_t trimmed(const acs_exec_result *r, size_t max)
{
  size_t n = r->stderr_len > max ? max : r->stderr_len;
  while (n && r->stderr_data[n - 1] == '\n') n--;
  return n;
}

static bool has(const acs_exec_result *r, const char *s)
{
  return r->stderr_data && strstr(r->stderr_data, s);
}

/* A program's failure on path, in words for the model. `doing`: "read",
** "write", "list". */
static json_t *failure(acs__mcpbox *b, const acs_exec_result *r, const char *path,
                       const char *doing)
{
  if (r->timed_out)
    return acs__mcp_tool_error("'%s': stopped at the time limit (a fifo or a device that never "
                               "ends?)", path);
  if (r->has_exit_code && r->exit_code == IS_DIR)
    return acs__mcp_tool_error("'%s' is a directory: use list_files or glob", path);
  if (r->has_exit_code && r->exit_code == NOT_FILE)
    return acs__mcp_tool_error("'%s' is not a regular file (a fifo, socket or device)", path);
  if (r->has_exit_code && r->exit_code == NOT_DIR)
    return acs__mcp_tool_error("'%s' is a file, not a directory", path);
  if (has(r, "Permission denied") || has(r, "Operation not permitted"))
    return acs__mcp_tool_error("refused: permission denied to %s '%s' (the box's user is %s)",
                               doing, path, b->user);
  if (has(r, "No such file"))
    return acs__mcp_tool_error("'%s' does not exist (list_files or glob show what is there)", path);
  if (has(r, "Not a directory"))
    return acs__mcp_tool_error("'%s': a part of the path is a file, not a directory", path);
  if (has(r, "Is a directory"))
    return acs__mcp_tool_error("'%s' is a directory", path);
  if (has(r, "No space left") || has(r, "quota"))
    return acs__mcp_tool_error("'%s': the box's filesystem is full (its limit on bytes or files)",
                               path);
  if (has(r, "Too many levels"))
    return acs__mcp_tool_error("'%s': too many levels of symbolic links", path);
  if (has(r, "File name too long"))
    return acs__mcp_tool_error("'%.80s...': the name is too long", path);
  size_t n = r->stderr_len;
  while (n && r->stderr_data[n - 1] == '\n') n--;
  return acs__mcp_tool_error("could not %s '%s': %.*s", doing, path, (int)(n > 500 ? 500 : n),
                             n ? r->stderr_data : "failed");
}

/* Run a script of sh with $1 = path (and $2 = extra). NULL and *res, or
** a tool error. */
static json_t *script(acs__mcpbox *b, const char *text, const char *path, const char *extra,
                      const char *data, size_t len, int64_t cap, acs_exec_result **res)
{
  const char *argv[] = {"/bin/sh", "-c", text, "sh", path, extra};
  acs_err err = {0};
  *res = NULL;
  int rc = acs__mcpbox_prog(b, argv, extra ? 6 : 5, data, len, cap, res, &err);
  json_t *fail = rc ? acs__mcp_tool_error("SandboxError: %s", err.message ? err.message
                                                                          : acs_strerror(rc))
                    : NULL;
  acs_err_clear(&err);
  return fail;
}

static bool is_text(const char *s, size_t len)
{
  if (memchr(s, 0, len)) return false;
  size_t n;
  char *clean = acs__utf8_sanitize(s, len, &n);
  bool same = clean && n == len && !memcmp(clean, s, len);
  free(clean);
  return same;
}

/* The whole text of the file at path, as the user reads it: 0 and *res
** (its stdout is the text), or a tool error. */
static json_t *read_text(acs__mcpbox *b, const char *path, acs_exec_result **res)
{
  static const char read_sh[] =
      "if [ -d \"$1\" ]; then exit 21; fi; "
      "if [ -e \"$1\" ] && [ ! -f \"$1\" ]; then exit 22; fi; exec cat -- \"$1\"";
  json_t *fail = script(b, read_sh, path, NULL, NULL, 0, MAX_FILE + 1, res);
  if (fail) return fail;
  acs_exec_result *r = *res;
  if (!r->has_exit_code || r->exit_code) fail = failure(b, r, path, "read");
  else if (r->truncated || r->stdout_len > (size_t)MAX_FILE)
    fail = acs__mcp_tool_error("'%s' is larger than %lld MiB: look at parts of it with the shell "
                               "(head, tail, sed -n '100,200p') or search it with grep",
                               path, (long long)(MAX_FILE >> 20));
  else if (!is_text(r->stdout_data, r->stdout_len))
    fail = acs__mcp_tool_error("'%s' is a binary file (%zu bytes, not UTF-8 text): read_file "
                               "shows text only; look at it with the shell (file, od -c, "
                               "xxd)", path, r->stdout_len);
  if (fail) {
    acs_exec_result_free(r);
    *res = NULL;
  }
  return fail;
}

static json_t *ok(const char *fmt, ...) ACS__PRINTF(1, 2);
static json_t *ok(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  char *t = NULL;
  if (vasprintf(&t, fmt, ap) < 0) t = NULL;
  va_end(ap);
  json_t *r = t ? acs__mcp_text_result(false, t, strlen(t)) : NULL;
  free(t);
  return r;
}

/* A whole number argument >= min: 0 and *out (deflt when absent), or -1
** and *fail. */
static int int_arg(json_t *args, const char *name, int64_t min, int64_t deflt, int64_t *out,
                   json_t **fail)
{
  json_t *v = json_object_get(args, name);
  *out = deflt;
  if (!v || json_is_null(v)) return 0;
  if (!json_is_integer(v) || json_integer_value(v) < min) {
    *fail = acs__mcp_tool_error("%s must be a whole number, at least %lld", name, (long long)min);
    return -1;
  }
  *out = (int64_t)json_integer_value(v);
  return 0;
}

static int bool_arg(json_t *args, const char *name, bool *out, json_t **fail)
{
  json_t *v = json_object_get(args, name);
  *out = false;
  if (!v || json_is_null(v)) return 0;
  if (!json_is_boolean(v)) {
    *fail = acs__mcp_tool_error("%s must be true or false", name);
    return -1;
  }
  *out = json_is_true(v);
  return 0;
}

/* ------------------------------------------------------------ read_file */

/* n bytes of s, cut back to a UTF-8 character's start */
static size_t cut_utf8(const char *s, size_t len, size_t n)
{
  if (len <= n) return len;
  while (n && ((unsigned char)s[n] & 0xC0) == 0x80) n--;
  return n;
}

json_t *acs__mcpbox_read_file(acs__mcpbox *b, json_t *args)
{
  static const char *const known[] = {"path", "offset", "limit", NULL};
  json_t *fail = acs__mcp_check_names(args, "read_file", known);
  int64_t offset, limit;
  if (fail || int_arg(args, "offset", 0, 0, &offset, &fail) ||
      int_arg(args, "limit", 1, DEFAULT_LINES, &limit, &fail))
    return fail;
  char *path = acs__mcpbox_path(b, args, "path", true, &fail);
  if (!path) return fail;
  acs_exec_result *r = NULL;
  if ((fail = read_text(b, path, &r))) {
    free(path);
    return fail;
  }
  const char *s = r->stdout_data, *end = s + r->stdout_len;
  int64_t lines = 0;
  for (const char *p = s; p < end; lines++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    p = nl ? nl + 1 : end;
  }
  json_t *out;
  if (!lines) {
    out = ok("(%s is empty)", path);
  } else if (offset >= lines) {
    out = acs__mcp_tool_error("offset %lld is past the end: '%s' has %lld lines", (long long)offset,
                              path, (long long)lines);
  } else {
    acs__buf t = {0};
    int64_t no = 0, last = offset;
    bool full = false;
    for (const char *p = s; p < end && no < offset + limit; no++) {
      const char *nl = memchr(p, '\n', (size_t)(end - p));
      size_t len = (size_t)((nl ? nl : end) - p);
      if (no >= offset) {
        if (t.len > MAX_READ_OUT) {
          full = true;
          break;
        }
        size_t keep = cut_utf8(p, len, MAX_LINE);
        acs__buf_printf(&t, "%6lld\t%.*s%s\n", (long long)no + 1, (int)keep, p,
                        keep < len ? " [... line cut]" : "");
        last = no + 1;
      }
      p = nl ? nl + 1 : end;
    }
    if (last < lines)
      acs__buf_printf(&t, "[lines %lld-%lld of %lld%s; read on with offset %lld]\n",
                      (long long)offset + 1, (long long)last, (long long)lines,
                      full ? ", the most one answer holds" : "", (long long)last);
    out = acs__mcp_text_result(false, t.data, t.len);
    acs__buf_free(&t);
  }
  acs_exec_result_free(r);
  free(path);
  return out;
}

/* ------------------------------------------------------------ writing */

/* Replace (or create, with parents) the file at path with data; prints
** "created" or "replaced". */
static const char write_sh[] =
    "if [ -d \"$1\" ]; then exit 21; fi; "
    "if [ -e \"$1\" ]; then w=replaced; else w=created; d=${1%/*}; "
    "mkdir -p -- \"${d:-/}\" || exit 1; fi; cat > \"$1\" && echo $w";

static json_t *put(acs__mcpbox *b, const char *path, const char *data, size_t len, bool *created)
{
  acs_exec_result *r = NULL;
  json_t *fail = script(b, write_sh, path, NULL, data, len, 4096, &r);
  if (!fail && (!r->has_exit_code || r->exit_code)) fail = failure(b, r, path, "write");
  if (!fail) *created = r->stdout_data && !strncmp(r->stdout_data, "created", 7);
  acs_exec_result_free(r);
  return fail;
}

json_t *acs__mcpbox_write_file(acs__mcpbox *b, json_t *args)
{
  static const char *const known[] = {"path", "content", NULL};
  json_t *fail = acs__mcp_check_names(args, "write_file", known);
  if (fail) return fail;
  json_t *c = json_object_get(args, "content");
  if (!json_is_string(c))
    return acs__mcp_tool_error(c ? "argument 'content' must be a string"
                                 : "missing argument 'content' (a string)");
  char *path = acs__mcpbox_path(b, args, "path", true, &fail);
  if (!path) return fail;
  bool created = false;
  size_t len = json_string_length(c);
  fail = put(b, path, json_string_value(c), len, &created);
  json_t *out = fail ? fail : ok("%s %s (%zu bytes)", created ? "Created" : "Replaced", path, len);
  free(path);
  return out;
}

static size_t count(const char *s, size_t len, const char *pat, size_t plen)
{
  size_t n = 0;
  for (const char *p = s; (p = memmem(p, (size_t)(s + len - p), pat, plen)); p += plen) n++;
  return n;
}

json_t *acs__mcpbox_edit_file(acs__mcpbox *b, json_t *args)
{
  static const char *const known[] = {"path", "old_string", "new_string", "replace_all", NULL};
  json_t *fail = acs__mcp_check_names(args, "edit_file", known);
  const char *old, *neu;
  bool all;
  if (fail || acs__mcp_string_arg(args, "old_string", true, &old, &fail) ||
      acs__mcp_string_arg(args, "new_string", true, &neu, &fail) ||
      bool_arg(args, "replace_all", &all, &fail))
    return fail;
  if (!*old)
    return acs__mcp_tool_error("old_string is empty: give the exact text to replace (to write a "
                               "whole file, use write_file)");
  if (!strcmp(old, neu))
    return acs__mcp_tool_error("old_string and new_string are the same: nothing would change");
  char *path = acs__mcpbox_path(b, args, "path", true, &fail);
  if (!path) return fail;
  acs_exec_result *r = NULL;
  json_t *out = read_text(b, path, &r);
  size_t olen = strlen(old), nlen = strlen(neu);
  size_t n = out ? 0 : count(r->stdout_data, r->stdout_len, old, olen);
  if (out) {
    /* read_text said why */
  } else if (!n) {
    out = acs__mcp_tool_error("old_string was not found in %s. It must match the file exactly, "
                              "whitespace and indentation included: read_file that part again "
                              "and copy it.", path);
  } else if (n > 1 && !all) {
    out = acs__mcp_tool_error("old_string occurs %zu times in %s. Include more of the "
                              "surrounding lines so that it occurs once, or set replace_all to "
                              "true to replace all %zu.", n, path, n);
  } else {
    acs__buf t = {0};
    const char *s = r->stdout_data, *end = s + r->stdout_len, *p = s, *q;
    while ((q = memmem(p, (size_t)(end - p), old, olen))) {
      acs__buf_append(&t, p, (size_t)(q - p));
      acs__buf_append(&t, neu, nlen);
      p = q + olen;
    }
    acs__buf_append(&t, p, (size_t)(end - p));
    bool created = false;
    out = put(b, path, t.data ? t.data : "", t.len, &created);
    if (!out) out = ok("Replaced %zu occurrence%s in %s", n, n == 1 ? "" : "s", path);
    acs__buf_free(&t);
  }
  acs_exec_result_free(r);
  free(path);
  return out;
}

/* ------------------------------------------------------------ listing */

static int by_name(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The NUL-separated items of a program's stdout, sorted (pointers into
** it). */
static char **items(acs_exec_result *r, size_t *n)
{
  size_t cap = 0;
  for (size_t i = 0; i < r->stdout_len; i++) cap += !r->stdout_data[i];
  char **v = calloc(cap + 1, sizeof *v);
  *n = 0;
  if (!v) return NULL;
  for (char *p = r->stdout_data, *end = p + r->stdout_len; p < end; p += strlen(p) + 1)
    if (*n < cap) v[(*n)++] = p;
  qsort(v, *n, sizeof *v, by_name);
  return v;
}

json_t *acs__mcpbox_list_files(acs__mcpbox *b, json_t *args)
{
  static const char *const known[] = {"path", NULL};
  static const char list_sh[] =
      "if [ -e \"$1\" ] && [ ! -d \"$1\" ]; then exit 23; fi; cd -- \"$1\" || exit 1; "
      "exec find . -mindepth 1 -maxdepth 1 -printf '%f\\t%y\\t%l\\0'";
  json_t *fail = acs__mcp_check_names(args, "list_files", known);
  if (fail) return fail;
  char *path = acs__mcpbox_path(b, args, "path", false, &fail);
  if (!path) return fail;
  acs_exec_result *r = NULL;
  if (!(fail = script(b, list_sh, path, NULL, NULL, 0, MAX_LISTING, &r)) &&
      (!r->has_exit_code || r->exit_code))
    fail = failure(b, r, path, "list");
  if (fail) {
    acs_exec_result_free(r);
    free(path);
    return fail;
  }
  size_t n = 0;
  char **v = items(r, &n);
  acs__buf t = {0};
  for (size_t i = 0; v && i < n && i < MAX_NAMES; i++) {
    char *name = v[i], *type = strchr(name, '\t'), *target = type ? strchr(type + 1, '\t') : NULL;
    if (!target) continue;
    *type++ = 0;
    *target++ = 0;
    if (*type == 'd') acs__buf_printf(&t, "%s/\n", name);
    else if (*type == 'l') acs__buf_printf(&t, "%s -> %s\n", name, target);
    else acs__buf_printf(&t, "%s\n", name);
  }
  if (n > MAX_NAMES)
    acs__buf_printf(&t, "[... and %zu more: %zu entries in all; use glob or the shell to narrow "
                    "it]\n", n - MAX_NAMES, n);
  if (!n) acs__buf_printf(&t, "(%s is empty)", path);
  json_t *out = v ? acs__mcp_text_result(false, t.data, t.len) : acs__mcp_tool_error("out of memory");
  acs__buf_free(&t);
  free(v);
  acs_exec_result_free(r);
  free(path);
  return out;
}

/* ------------------------------------------------------------ grep */

/* Whether grep's first complaint names path itself ("grep: PATH: ..."). */
static bool about(const acs_exec_result *r, const char *path)
{
  size_t n = strlen(path);
  return r->stderr_len > n + 7 && !strncmp(r->stderr_data, "grep: ", 6) &&
         !strncmp(r->stderr_data + 6, path, n) && r->stderr_data[6 + n] == ':';
}

json_t *acs__mcpbox_grep(acs__mcpbox *b, json_t *args)
{
  static const char *const known[] = {"pattern", "path", "glob", "regex", "ignore_case", NULL};
  json_t *fail = acs__mcp_check_names(args, "grep", known);
  const char *pat, *glob;
  bool regex, icase;
  if (fail || acs__mcp_string_arg(args, "pattern", true, &pat, &fail) ||
      acs__mcp_string_arg(args, "glob", false, &glob, &fail) ||
      bool_arg(args, "regex", &regex, &fail) || bool_arg(args, "ignore_case", &icase, &fail))
    return fail;
  if (!*pat) return acs__mcp_tool_error("pattern must not be empty");
  char *path = acs__mcpbox_path(b, args, "path", false, &fail);
  if (!path) return fail;
  char *include = NULL;
  if (glob && *glob && asprintf(&include, "--include=%s", glob) < 0) include = NULL;
  const char *argv[10];
  size_t n = 0;
  argv[n++] = "grep"; /* found in the box's default PATH */
  argv[n++] = "-rnHI";
  argv[n++] = regex ? "-E" : "-F";
  if (icase) argv[n++] = "-i";
  if (include) argv[n++] = include;
  argv[n++] = "-e";
  argv[n++] = pat;
  argv[n++] = "--";
  argv[n++] = path;
  acs_exec_result *r = NULL;
  acs_err err = {0};
  int rc = acs__mcpbox_prog(b, argv, n, NULL, 0, b->max_output_bytes, &r, &err);
  json_t *out = NULL;
  if (rc) {
    out = acs__mcp_tool_error("SandboxError: %s", err.message ? err.message : acs_strerror(rc));
  } else if (!r->stdout_len && r->has_exit_code && r->exit_code == 1 && !r->stderr_len) {
    out = ok("No matches for '%s' in %s%s%s%s", pat, path, include ? " (files named " : "",
             include ? glob : "", include ? ")" : "");
  } else if (!r->stdout_len && !about(r, path)) {
    /* grep's complaint is not about path itself: the regex, or some of
    ** the files below it */
    if (regex && !has(r, "grep: /"))
      out = acs__mcp_tool_error("bad regex '%s': %.*s (set regex to false to search for the text "
                                "as it is)", pat, (int)r->stderr_len, r->stderr_data);
    else
      out = ok("No matches for '%s' in %s [some files could not be searched: %.*s]", pat, path,
               (int)trimmed(r, 300), r->stderr_data);
  } else if (!r->stdout_len) {
    out = failure(b, r, path, "search");
  } else {
    acs__buf t = {0};
    size_t lines = 0;
    const char *s = r->stdout_data, *end = s + r->stdout_len;
    for (const char *p = s; p < end; lines++) {
      const char *nl = memchr(p, '\n', (size_t)(end - p));
      size_t len = (size_t)((nl ? nl : end) - p);
      if (lines < MAX_MATCHES) {
        size_t keep = cut_utf8(p, len, MAX_MATCH_LINE);
        acs__buf_printf(&t, "%.*s%s\n", (int)keep, p, keep < len ? " [... line cut]" : "");
      }
      p = nl ? nl + 1 : end;
    }
    if (lines > MAX_MATCHES || r->truncated)
      acs__buf_printf(&t, "[more matches than shown (%s%zu lines); narrow the path, the pattern "
                      "or glob]\n", r->truncated ? "over " : "", lines);
    if (r->stderr_len)
      acs__buf_printf(&t, "[some files could not be searched: %.*s]\n", (int)trimmed(r, 300),
                      r->stderr_data);
    out = acs__mcp_text_result(false, t.data, t.len);
    acs__buf_free(&t);
  }
  acs_exec_result_free(r);
  acs_err_clear(&err);
  free(include);
  free(path);
  return out;
}

/* ------------------------------------------------------------ glob */

static bool has_magic(const char *s, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (strchr("*?[\\", s[i])) return true;
  return false;
}

/* Whether the segments of pat (from pi) match those of name (from ni):
** '**' takes any number of whole names. */
static bool match(char **pat, size_t pn, size_t pi, char **name, size_t nn, size_t ni)
{
  if (pi == pn) return ni == nn;
  if (!strcmp(pat[pi], "**")) {
    for (size_t k = ni; k <= nn; k++)
      if (match(pat, pn, pi + 1, name, nn, k)) return true;
    return false;
  }
  return ni < nn && fnmatch(pat[pi], name[ni], 0) == 0 && match(pat, pn, pi + 1, name, nn, ni + 1);
}

static size_t split(char *s, char **v, size_t max)
{
  size_t n = 0;
  char *save = NULL;
  for (char *tok = strtok_r(s, "/", &save); tok && n < max; tok = strtok_r(NULL, "/", &save))
    if (strcmp(tok, ".")) v[n++] = tok;
  return n;
}

#define MAX_SEGS 64

json_t *acs__mcpbox_glob(acs__mcpbox *b, json_t *args)
{
  static const char *const known[] = {"pattern", "path", NULL};
  static const char find_sh[] =
      "if [ -e \"$1\" ] && [ ! -d \"$1\" ]; then exit 23; fi; cd -- \"$1\" || exit 1; "
      "exec find . -mindepth 1 $2 \\( -type d -printf '%P/\\0' \\) -o -printf '%P\\0'";
  json_t *fail = acs__mcp_check_names(args, "glob", known);
  const char *pat;
  if (fail || acs__mcp_string_arg(args, "pattern", true, &pat, &fail)) return fail;
  if (!*pat) return acs__mcp_tool_error("pattern must not be empty (try **/* for everything)");
  char *base = acs__mcpbox_path(b, args, "path", false, &fail);
  if (!base) return fail;
  /* an absolute pattern starts at the root */
  if (pat[0] == '/') {
    free(base);
    base = strdup("/");
  }
  char *pcopy = strdup(pat);
  char *seg[MAX_SEGS];
  size_t pn = pcopy ? split(pcopy, seg, MAX_SEGS) : 0;
  /* the leading names without magic narrow where find starts */
  acs__buf start = {0};
  acs__buf_puts(&start, base ? base : "/");
  size_t lit = 0;
  while (lit + 1 < pn && !has_magic(seg[lit], strlen(seg[lit])) && strcmp(seg[lit], "..")) {
    if (start.len > 1) acs__buf_puts(&start, "/");
    acs__buf_puts(&start, seg[lit++]);
  }
  bool deep = false;
  for (size_t i = lit; i < pn; i++) deep |= !strcmp(seg[i], "**");
  char depth[32] = "";
  if (!deep) snprintf(depth, sizeof depth, "-maxdepth %zu", pn - lit);
  json_t *out = NULL;
  acs_exec_result *r = NULL;
  if (!pcopy || !base || !start.data) out = acs__mcp_tool_error("out of memory");
  else if (!pn) out = acs__mcp_tool_error("pattern '%s' names no files: give a glob such as **/*.ts", pat);
  else if ((out = script(b, find_sh, start.data, depth, NULL, 0, MAX_LISTING, &r))) {
    /* said */
  } else if (!r->stdout_len && (!r->has_exit_code || r->exit_code)) {
    if (lit && has(r, "No such file")) out = ok("No files match '%s' under %s", pat, base);
    else out = failure(b, r, start.data, "search");
  } else {
    size_t n = 0, shown = 0;
    char **v = items(r, &n);
    acs__buf t = {0};
    for (size_t i = 0; v && i < n; i++) {
      size_t len = strlen(v[i]);
      bool dir = len && v[i][len - 1] == '/';
      char *copy = strdup(v[i]), *name[MAX_SEGS];
      size_t nn = copy ? split(copy, name, MAX_SEGS) : 0;
      if (copy && match(seg + lit, pn - lit, 0, name, nn, 0)) {
        if (shown++ < MAX_NAMES)
          acs__buf_printf(&t, "%s%s%.*s%s\n", start.data, start.len > 1 ? "/" : "",
                          (int)(dir ? len - 1 : len), v[i], dir ? "/" : "");
      }
      free(copy);
    }
    if (shown > MAX_NAMES)
      acs__buf_printf(&t, "[... and %zu more; narrow the pattern or the path]\n", shown - MAX_NAMES);
    if (r->stderr_len)
      acs__buf_printf(&t, "[some directories could not be read: %.*s]\n", (int)trimmed(r, 300),
                      r->stderr_data);
    if (!shown) acs__buf_printf(&t, "No files match '%s' under %s", pat, base);
    out = v ? acs__mcp_text_result(false, t.data, t.len) : acs__mcp_tool_error("out of memory");
    acs__buf_free(&t);
    free(v);
  }
  acs_exec_result_free(r);
  acs__buf_free(&start);
  free(pcopy);
  free(base);
  return out;
}
