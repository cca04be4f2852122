/* runtime.h - the JS runtime on JavaScriptCore: one realm, its event loop
** and its host bindings. Used by the box layer's worker; one run per process. */
#ifndef ACS_JS_RUNTIME_H
#define ACS_JS_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>

struct acs__vfs;
struct acs__http_config;
struct acs__js_files;

/* The `node` program of a box (src/cmds/node.c): how its command line
** asked for the entry and what `process` shows of the box process. */
typedef struct acs__js_node {
  const char *mode;        /* "file" (filename), "eval" (-e), "print" (-p),
                              "stdin" (the source came on stdin) */
  const char *exec_path;   /* process.execPath */
  const char *argv0;       /* process.argv0: argv[0] as the program was run */
  const char *const *argv; /* process.argv after execPath */
  size_t argc;
  int pid, ppid;
  unsigned uid, gid, euid, egid;
  int cwd_errno;           /* why getcwd failed at start (its cwd was removed), or 0 */
} acs__js_node;

typedef struct acs__js_config {
  const char *source;     /* the entry's source text (UTF-8) */
  size_t source_len;
  const char *filename;   /* absolute path shown in stacks (may be virtual) */
  int is_code;            /* source came as code (run as TypeScript ESM) */
  struct acs__vfs *vfs;   /* the guest's files */
  /* How the runtime reaches files and stdio (files.h): NULL is exec's,
  ** over vfs; acs__js_files_sys is a box process's, over its kernel. */
  const struct acs__js_files *files;
  const acs__js_node *node; /* a box's node program; NULL in exec */
  const char *cwd;        /* the guest's working directory (absolute) */
  const char *const *argv; /* extra process.argv items */
  size_t argc;
  const char *const *env; /* "NAME=VALUE" items */
  size_t env_count;
  const struct acs__http_config *net; /* where and how the guest connects */
  const char *packages;   /* installed packages: the loader's table (JSON), or NULL */
  const struct acs__allow *allow; /* allowedPackages; NULL: any package */
  bool limit_packages;    /* allow applies (an empty list allows none) */
  double deadline_ms;     /* acs__now_ms() value at which to stop; 0: none */
  /* Called instead of returning when the guest asks to exit (process.exit,
  ** an uncaught error): it must not return. */
  void (*exit_fn)(int code);
  /* Called when the time limit stops the run; must not return. */
  void (*timeout_fn)(void);
} acs__js_config;

/* The realm without a run: engine, context, bootstrap. A worker may do
** this before it knows what it will run (a warm worker). Returns 0 or a
** negative ACS_E* code (a message was written to fd 2). */
int acs__js_prepare(bool warm);
/* In a process forked from one that ran acs__js_prepare (the zygote's
** child): give it kernel state of its own (the event loop's epoll) and
** fault in the pages a run writes first. Returns 0 or a negative ACS_E*. */
int acs__js_after_fork(void);
/* Run cfg's entry in the prepared realm; as acs__js_run from there. */
int acs__js_start(const acs__js_config *cfg);

/* acs__js_prepare(true) in a process that will fork runs from it (a
** zygote): the engine runs JIT compilation and collection on the calling
** thread, and the allocator's scavenger thread is suspended, so that the
** process stays one thread (check it before each fork). Returns 0 or a
** negative ACS_E* code (no scavenger to suspend: this engine cannot be
** forked safely). node: the box's node, whose rehearsals also run its
** own entries (`node -e`, a CommonJS file). */
int acs__js_prepare_forkable(bool node);
/* First thing in a child forked from acs__js_prepare_forkable's process:
** the allocator may start its thread again. */
void acs__js_forked(void);
/* In a child forked from it ahead of its run: an event loop of its own
** and a throwaway run through the steps a run takes, so that the pages a
** run writes are copied before it starts. Returns 0 or ACS_EENV. */
int acs__js_rehearse(void);
/* In such a child (rehearsed or not): an event loop of its own, then
** acs__js_start(cfg). */
int acs__js_forked_start(const acs__js_config *cfg);

/* Run the entry to completion (event loop drained) and exit through
** cfg->exit_fn with the guest's exit code. Returns only if the runtime
** could not start (negative ACS_E* code; a message was written to fd 2). */
int acs__js_run(const acs__js_config *cfg);

/* The embedded API layer (generated from the files in src/js/lib at build time). */
typedef struct acs__lib_file {
  const char *name;   /* "inspect" for src/js/lib/inspect.js */
  const char *source;
  size_t len;
} acs__lib_file;
extern const acs__lib_file acs__lib_files[];
extern const size_t acs__lib_count;

#endif
