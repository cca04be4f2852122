/* mcp_box.h - `acs mcp --box`: the MCP server's tools on one box kept for
** the whole connection (docs/mcp.md, "One box"). The JSON-RPC side is
** mcp.c's, shared with the exec tools; this is what differs: the box and
** its shell session (mcp_box.c), the calls that may take long, shell and
** run_code, on threads of their own (mcp_box_run.c), and the file tools
** (mcp_box_files.c).
**
** Every tool acts as the box's user (--user): the file tools run the
** box's own programs (cat, find, grep) as that user, so the box's kernel
** makes every permission check and resolves every path; nothing of the
** host is reachable through them. */
#ifndef ACS_SERVER_MCP_BOX_H
#define ACS_SERVER_MCP_BOX_H

#include "acs.h"

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct acs__mcp acs__mcp;

/* What `acs mcp --box` takes, as `acs box` takes it. */
typedef struct acs__mcp_box_opts {
  acs_box_options box;         /* hostname, limits, network, packages */
  const char *user;            /* "root" (NULL) or "agent" */
  const char *cwd;             /* the shell's first directory; NULL: the user's home */
  const char *const *env;      /* "NAME=VALUE" items for the shell and every program */
  size_t env_count;
  const char *const *copies;   /* "HOST:BOX[:OWNER]" items copied in at the start */
  size_t copy_count;
  const int (*ports)[2];       /* box port, host port (0: any) to expose */
  size_t port_count;
  const char *restore;         /* a snapshot file to start from, or NULL */
  const char *snapshot;        /* a file the box's filesystem is written to at the end */
  int64_t timeout_ms;          /* a call's default and most; 0: none */
  int64_t max_output_bytes;    /* kept of each stream of a call; 0: the default */
} acs__mcp_box_opts;

typedef struct acs__mcpbox acs__mcpbox;

/* Boot the box as o says (restore, copies, ports, the session's shell).
** ACS_ECONFIG for bad options or files (err names them), ACS_EENV when
** the box cannot start. */
int acs__mcpbox_new(const acs__mcp_box_opts *o, acs__mcpbox **out /* OUT */, acs_err *err);

/* End the box: the snapshot is written if asked for (a failure is said on
** stderr), the session and every process end. No call may be running
** (acs__mcpbox_end_calls first). NULL is a no-op. */
void acs__mcpbox_free(acs__mcpbox *b);

/* What initialize tells the client (static until free). */
const char *acs__mcpbox_instructions(const acs__mcpbox *b);

/* tools/list's result. */
json_t *acs__mcpbox_tools(acs__mcp *m);
/* tools/call of tool n with args (borrowed): answered now or later. */
void acs__mcpbox_call(acs__mcp *m, json_t *id, const char *n, json_t *args);
/* notifications/cancelled of request id. */
void acs__mcpbox_cancel(acs__mcp *m, json_t *id);
/* Stop every call and wait until none is running. */
void acs__mcpbox_end_calls(acs__mcp *m);

/* ------------------------------------ between the mcp_box*.c files */

struct acs__mcpbox {
  acs_box *box;
  acs_box_session *shell;      /* NULL until started again after `exit` */
  acs_box_session *runner;     /* run_code's own shell, started at first use */
  char *user;                  /* "root" or "agent" */
  char *home;                  /* where relative paths start: the shell's first cwd */
  char **env;
  size_t env_n;
  char *snapshot;
  int64_t timeout_ms, max_output_bytes;
  char *instructions;
  /* under the server's lock */
  struct acs__mcpbox_call *calls; /* shell and run_code calls in flight */
  int in_flight;
  bool shell_busy, runner_busy;
  unsigned run_seq;            /* names run_code's files */
};

/* Run argv in the box as the user, in /, with the box's default
** environment, stdin from data (may be NULL), output capped at cap bytes
** per stream, within the call time limit (5 min when there is none).
** *out the caller's. ACS_EENV and a message when the box is gone. */
int acs__mcpbox_prog(acs__mcpbox *b, const char *const *argv, size_t argc, const char *data,
                     size_t len, int64_t cap, acs_exec_result **out, acs_err *err);

/* The path argument of a file tool, absolute and without '.', '..' or
** doubled slashes (malloc'd); relative paths start at b->home. NULL and
** *fail set (a tool error) when it is missing or climbs above '/'. */
char *acs__mcpbox_path(acs__mcpbox *b, json_t *args, const char *name, bool required,
                       json_t **fail);

json_t *acs__mcpbox_read_file(acs__mcpbox *b, json_t *args);
json_t *acs__mcpbox_write_file(acs__mcpbox *b, json_t *args);
json_t *acs__mcpbox_edit_file(acs__mcpbox *b, json_t *args);
json_t *acs__mcpbox_list_files(acs__mcpbox *b, json_t *args);
json_t *acs__mcpbox_grep(acs__mcpbox *b, json_t *args);
json_t *acs__mcpbox_glob(acs__mcpbox *b, json_t *args);

/* shell and run_code: each on a thread of its own (mcp_box_run.c). */
void acs__mcpbox_run(acs__mcp *m, json_t *id, json_t *args, bool is_shell);

#endif
