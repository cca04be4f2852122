/* mcp.h - `acs mcp`: a Model Context Protocol server on a pair of fds.
**
** JSON-RPC 2.0, one message per line. The server offers four tools -
** run_code, read_file, write_file, list_files - all bound by the operator's
** options: one work dir, the hosts a run may reach, the limits. Runs go
** through the public API only (acs_exec, acs_cancel); the file tools walk
** paths with the vfs, so nothing outside the work dir can be named.
** docs/mcp.md is the contract. With `--box` (opts.box) the same JSON-RPC
** side serves other tools, on one box (mcp_box.h).
**
** The file is in two parts: what the CLI uses, then what the mcp*.c files
** share among themselves. */
#ifndef ACS_SERVER_MCP_H
#define ACS_SERVER_MCP_H

#include "acs.h"

#include "../base/base.h"
#include "mcp_box.h"

#include <jansson.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------- for the CLI */

typedef struct acs__mcp_opts {
  const char *work_dir;                /* must be a directory; NULL: a fresh temporary
                                          one, removed by acs__mcp_free */
  const char *const *read_only_dirs;   /* visible to runs, not to the file tools */
  size_t read_only_count;
  const char *const *allowed_domains;  /* the most a run may ask for */
  size_t allowed_domain_count;
  const char *const *env;              /* "NAME=VALUE" items every run sees */
  size_t env_count;
  const char *const *allowed_packages; /* npm packages runs may use ("name@range") */
  size_t allowed_package_count;
  bool limit_packages;                 /* the list applies (none when empty); else any */
  int64_t timeout_ms;       /* default and cap of every run; 0: no limit */
  int64_t memory_mb;        /* 0: acs_exec's default */
  int64_t max_output_bytes; /* 0: acs_exec's default */
  int jobs;                 /* runs at once; <= 0: the number of cores */
  int pool;                 /* warm workers; 0: 2; < 0: none */
  const acs__mcp_box_opts *box; /* set: the tools work on one box (mcp_box.h) and
                                   every field above is unused */
} acs__mcp_opts;

/* Check the options (copied) and make a server. Returns 0, ACS_ECONFIG with
** a message naming the bad option, or ACS_ENOMEM; *out is NULL on failure. */
int acs__mcp_new(const acs__mcp_opts *o, acs__mcp **out /* OUT */, acs_err *err);

/* Serve one client on in_fd/out_fd until in_fd ends (or fails, or memory
** runs out) or acs__mcp_stop() is called; runs still going are then
** cancelled and waited for. Call once per server. SIGPIPE should be
** ignored by the process: a client may go away mid-answer. */
void acs__mcp_serve(acs__mcp *m, int in_fd, int out_fd);

/* Make acs__mcp_serve return soon. Safe from a signal handler. */
void acs__mcp_stop(acs__mcp *m);

/* Free a server that is not serving. NULL is a no-op. */
void acs__mcp_free(acs__mcp *m);

/* ------------------------------------------- between the mcp*.c files */

/* JSON-RPC error codes. */
#define ACS__RPC_PARSE (-32700)
#define ACS__RPC_INVALID_REQUEST (-32600)
#define ACS__RPC_NO_METHOD (-32601)
#define ACS__RPC_INVALID_PARAMS (-32602)
#define ACS__RPC_INTERNAL (-32603)

typedef struct acs__mcp_run acs__mcp_run;
struct acs__vfs;

struct acs__mcp {
  /* the operator's bounds, copied */
  char *work_dir; /* canonical */
  bool temp_work;  /* work_dir is ours: removed with the server */
  char *instructions; /* what initialize tells the client (names the work dir) */
  char **ro, **domains, **env, **pkgs;
  size_t ro_n, domain_n, env_n, pkg_n;
  bool limit_packages;
  struct acs__allow *allow; /* pkgs parsed, or NULL: any package */
  int64_t timeout_ms, memory_mb, max_output_bytes;
  int jobs;
  acs_pool *pool;          /* or NULL: cold starts */
  struct acs__vfs *vfs;    /* the work dir; used by the reader thread only */
  acs__mcpbox *box;        /* `--box`: the box the tools work on; then the
                              fields above are unused */

  /* the session */
  const char *version;     /* negotiated revision (static string) */
  int out_fd;
  pthread_mutex_t wlock;   /* one message at a time on out_fd */
  bool broken;             /* out_fd failed: messages are dropped */
  int stop_pipe[2];        /* acs__mcp_stop writes here */

  pthread_mutex_t lock;    /* guards what follows */
  pthread_cond_t changed;  /* a run started or ended */
  acs__mcp_run *runs;      /* calls in flight */
  int in_flight, running;
};

/* Whether the negotiated revision is `rev` or later. */
bool acs__mcp_since(const acs__mcp *m, const char *rev);

/* Send msg (stolen) as one line. Thread-safe. */
void acs__mcp_send(acs__mcp *m, json_t *msg);
/* The answer to request id (borrowed): a result (stolen) ... */
void acs__mcp_reply(acs__mcp *m, json_t *id, json_t *result);
/* ... or an error. */
void acs__mcp_error(acs__mcp *m, json_t *id, int code, const char *fmt, ...)
    ACS__PRINTF(4, 5);

/* A tool result of one text block (len bytes; invalid UTF-8 becomes
** U+FFFD); is_error marks a failed call. */
json_t *acs__mcp_text_result(bool is_error, const char *text, size_t len);
json_t *acs__mcp_tool_error(const char *fmt, ...) ACS__PRINTF(1, 2);

/* A JSON string of len bytes of untrusted text (invalid UTF-8 becomes
** U+FFFD). */
json_t *acs__mcp_text(const char *s, size_t len);

/* Argument checks for tools/call: NULL when args (an object) holds only
** names listed in `known` (NULL-terminated), else a tool error naming the
** first other one. */
json_t *acs__mcp_check_names(json_t *args, const char *tool, const char *const *known);
/* The string argument `name`: 0 and *out (borrowed; NULL when absent and
** not required), or -1 and *fail set to a tool error. */
int acs__mcp_string_arg(json_t *args, const char *name, bool required, const char **out,
                        json_t **fail);

/* For tools/list: a property {type, description}; a tool (props,
** annotations and output, the outputSchema or NULL, stolen; fields newer
** than the negotiated revision left out); its annotations. */
json_t *acs__mcp_prop(const char *type, const char *description);
json_t *acs__mcp_tool(acs__mcp *m, const char *name, const char *title, const char *description,
                      json_t *props, const char *const *required, json_t *annotations,
                      json_t *output);
json_t *acs__mcp_annotations(bool read_only, bool destructive, bool idempotent, bool open_world);

/* tools/list's result for this server and revision. */
json_t *acs__mcp_tools(acs__mcp *m);
/* Answer tools/call (id borrowed, params an object): now, or from a run's
** thread later. */
void acs__mcp_call(acs__mcp *m, json_t *id, json_t *params);

/* run_code: starts a thread that answers id; answers now when it cannot. */
void acs__mcp_run_code(acs__mcp *m, json_t *id, json_t *args);
/* notifications/cancelled: stop the run answering id; it will not answer. */
void acs__mcp_cancel(acs__mcp *m, json_t *id);
/* Cancel every run and wait until all have ended. */
void acs__mcp_end_runs(acs__mcp *m);

/* The file tools; each returns its tool result. */
json_t *acs__mcp_read_file(acs__mcp *m, json_t *args);
json_t *acs__mcp_write_file(acs__mcp *m, json_t *args);
json_t *acs__mcp_list_files(acs__mcp *m, json_t *args);

#endif
