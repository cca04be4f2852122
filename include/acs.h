/*
** acs.h - the public C API of agent-code-sandbox (libacs).
**
** This is the only public header. Anything not declared here is not API.
**
** Conventions
** - Functions return 0 on success or a negative ACS_E* code (errno-like).
** - Where a function takes an `acs_err *err`, a failure also writes a
**   message there meant for a person or a model: what went wrong and what to
**   do. `err` may be NULL.
** - Inputs are copied; the caller keeps ownership of what it passes in.
** - Owned results are released with the named free function; every free
**   function accepts NULL.
*/
#ifndef ACS_H
#define ACS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ACS_VERSION "0.0.1"

/* ------------------------------------------------------------------ errors */

/* X(name, value, text): each error code, negative and errno-like. */
#define ACS_ERRNO_MAP(X)                                                      \
  X(EINVAL, -22, "invalid argument")                                          \
  X(ENOMEM, -12, "out of memory")                                             \
  X(ENOENT, -2, "no such file or directory")                                  \
  X(EACCES, -13, "permission denied")                                         \
  X(EIO, -5, "input/output error")                                            \
  X(ENOTDIR, -20, "not a directory")                                          \
  X(ECANCELED, -125, "operation canceled")                                    \
  X(ECONFIG, -1001, "sandbox configuration error")                            \
  X(EENV, -1002, "sandbox environment error")

enum {
#define ACS__ERRNO_ENUM(name, value, text) ACS_##name = (value),
  ACS_ERRNO_MAP(ACS__ERRNO_ENUM)
#undef ACS__ERRNO_ENUM
};

/* The text of an ACS_E* code ("invalid argument"); "unknown error" for any
** other value. The string is static. */
const char *acs_strerror(int code);

/* An error's details. `type` is "SandboxConfigError" (the caller's options
** are wrong: fix them) or "SandboxError" (the environment failed: the worker
** could not start, a file could not be read). Both strings are static or
** owned by the acs_err; zero-initialise it, then release with
** acs_err_clear(). */
typedef struct acs_err {
  int code;          /* the ACS_E* code, 0 when no error */
  const char *type;  /* static: "SandboxConfigError" or "SandboxError" */
  char *message;     /* owned; NULL when no error */
} acs_err;

/* Free the message and reset *err to zero. NULL is a no-op. */
void acs_err_clear(acs_err *err);

/* ------------------------------------------------------------ cancellation */

/* A token that stops an exec from another thread (or a signal handler).
** Create one per exec you may want to stop. */
typedef struct acs_cancel_token acs_cancel_token;

/* A pool of warm workers: processes started ahead of time, engine and realm
** ready, each waiting for one run. A run given a pool (options.pool) takes
** a ready worker and starts in about a millisecond instead of the engine's
** start-up; when none is ready it starts a fresh one as usual. Every worker
** serves exactly one run and exits, so nothing crosses runs; a thread
** refills the pool in the background. Workers are forked from a zygote
** process that prepared the engine once (held to one thread, so that
** forking it is safe), at ~1 ms of CPU each; ACS_ZYGOTE=0 in the
** environment, or an engine where that cannot be done, makes each worker
** prepare its own. The pool's processes are children of the caller: it
** must not reap children it did not start (no waitpid(-1)). */
typedef struct acs_pool acs_pool;

/* Start a pool keeping `size` (1..256) workers ready. The caller owns the
** pool; free it with acs_pool_free(). Returns 0, ACS_ECONFIG for a bad size,
** ACS_EENV when its thread could not start, ACS_ENOMEM. Create it before
** starting other threads where possible: workers are forked from it. */
int acs_pool_new(int size, acs_pool **out /* OUT */, acs_err *err);

/* Stop the pool: ready workers exit; runs already started go on. No run may
** be using the pool in acs_exec at the same time. NULL is a no-op. */
void acs_pool_free(acs_pool *pool);

/* Create a token. Returns 0 or ACS_ENOMEM/ACS_EIO; *out is NULL on failure. */
int acs_cancel_token_new(acs_cancel_token **out /* OUT */);

/* Stop every exec that was started with this token: its result has
** timed_out = true and stopped_by = "signal". Safe from any thread and from a
** signal handler (it only writes one byte to a pipe). Cancelling twice, or
** after the exec ended, does nothing. */
void acs_cancel(acs_cancel_token *token);

/* Free a token no exec is using any more. NULL is a no-op. */
void acs_cancel_token_free(acs_cancel_token *token);

/* ------------------------------------------------------------------- exec */

/* A chunk of the guest's output as it arrives: stream is 1 (stdout) or 2
** (stderr). Only the bytes that will also be kept in the result (the head of
** each stream) are passed live; the kept tail and the truncation marker are
** passed when the run ends. Called on the thread that runs acs_exec. */
typedef void (*acs_output_fn)(void *user, int stream, const char *data,
                              size_t len);

/* A line about work done before the guest starts ("fetched papaparse@5.4.1
** (1/1)"), for a person watching: the CLI prints it on a terminal. Never
** part of the guest's output. Called on the thread that runs acs_exec, or
** on one of its helper threads (one call at a time). */
typedef void (*acs_progress_fn)(void *user, const char *line);

#define ACS_EXEC_OPTIONS_VERSION 1

/* Options of one run. Zero-initialise, set `version` to
** ACS_EXEC_OPTIONS_VERSION, then fill what you need. Every string is copied.
** Names follow the exec contract (`code` = code, `entrypoint` = entrypoint,
** `work_dir` = workDir, ...). */
typedef struct acs_exec_options {
  int version;

  const char *code;        /* JS to run; exactly one of code and entrypoint */
  const char *entrypoint;  /* a file in work_dir to run */
  const char *work_dir;    /* read-write working directory; must exist. With
                              code and no work_dir, a temporary directory is
                              used and removed afterwards. */

  const char *const *read_only_dirs; /* directories the code may read, each
                                        visible at its own path */
  size_t read_only_count;

  const char *const *argv; /* extra arguments for process.argv, argc items */
  size_t argc;

  const char *const *env;  /* "NAME=VALUE" items visible to the guest */
  size_t env_count;

  const char *const *allowed_domains; /* hosts the code may connect to:
                                         "api.example.com", "api.example.com:443",
                                         "*.example.com", "1.2.3.4", "[::1]:8080",
                                         "10.0.0.0/8"; none: no network */
  size_t allowed_domain_count;
  const char *const *resolve; /* "host:port:address" items that pin a name to
                                 an address, as curl's --resolve (tests, and
                                 operators without DNS); the address is still
                                 checked against allowed_domains */
  size_t resolve_count;

  /* npm packages. The code's bare imports ("papaparse", "npm:zod@^3") are
  ** installed from the registry (ACS_NPM_REGISTRY, default
  ** registry.npmjs.org) into the cache (ACS_CACHE_DIR) before the run and
  ** appear read-only at /node_modules. Any package may be used, unless
  ** allowed_package_count > 0 or limit_packages is true: then only those
  ** in allowed_packages ("name" or "name@range", node-semver ranges) and
  ** their dependencies; none when the list is empty. */
  const char *const *allowed_packages;
  size_t allowed_package_count;
  bool limit_packages;
  acs_progress_fn on_progress; /* optional: install progress */
  void *on_progress_user;

  int64_t timeout_ms;       /* 0: no limit */
  int64_t memory_mb;        /* 0: the default backstop (4096 MB) */
  int64_t max_output_bytes; /* per stream; 0: 1 MiB; kept as head + tail */

  acs_cancel_token *cancel; /* optional; see acs_cancel() */
  acs_output_fn on_output;  /* optional live output */
  void *on_output_user;
  acs_pool *pool;           /* optional: take a warm worker from it */
} acs_exec_options;

/* What a run produced. Owned by the caller; release with
** acs_exec_result_free(). The stdout and stderr buffers are NUL-terminated
** (the terminator is not counted in the lengths). */
typedef struct acs_exec_result {
  char *stdout_data;
  size_t stdout_len;
  char *stderr_data;
  size_t stderr_len;
  bool has_exit_code;   /* false when the run was stopped (exitCode: null) */
  int exit_code;        /* the guest's exit code when has_exit_code */
  bool timed_out;       /* stopped by the time limit or a signal/cancel */
  bool truncated;       /* stdout or stderr lost its middle */
  double duration_ms;   /* wall time of the whole run */
  const char *stopped_by; /* static: "timeout", "signal", "memory", "output"
                             or NULL */
} acs_exec_result;

/* Run one program in a fresh worker process and wait for it.
**
** The worker is a child process (forked from the caller); guest code never
** runs in the caller's process. The caller must not have created a
** JavaScriptCore VM before (JSC's threads do not survive fork), and should
** not hold locks that the child could need; the acs CLI and server satisfy
** both.
**
** Returns 0 and fills *out for every run that started, however it ended
** (exceptions, limits, crashes become a result). A package the code asks
** for that cannot be had (not in the registry, not allowed, no version in
** range) is a result too: exit code 1, the reason on stderr, the run not
** started. Installing packages does not count toward timeout_ms.
**
** Returns ACS_ECONFIG for bad options (err->type "SandboxConfigError"),
** ACS_EENV when the worker could not be started or a package could not be
** installed (registry unreachable, integrity mismatch, disk full; err->type
** "SandboxError"), ACS_ENOMEM. On failure *out is NULL. Thread-safe: distinct threads may run distinct execs; SIGCHLD must
** not be ignored by the process. */
int acs_exec(const acs_exec_options *opts, acs_exec_result **out /* OUT */,
             acs_err *err);

/* Free a result. NULL is a no-op. */
void acs_exec_result_free(acs_exec_result *result);

/* The exit status the CLI gives a result: the guest's exit code, 124 when
** stopped by time or signal, 125 by memory. */
int acs_exec_result_status(const acs_exec_result *result);

/* ------------------------------------------------------------------ box */

/* A box: a small Linux-like system that lives until acs_box_free: an
** in-memory filesystem (an FHS tree with /etc, /home/agent, /tmp, /dev,
** the commands in /usr/bin), users root (0) and agent (1000), and
** processes. Its kernel is a process of its own, forked from the caller;
** every program in the box is a real process that asks that kernel for
** everything. When the caller's process ends, the box and all of its
** processes end with it. */
typedef struct acs_box acs_box;

#define ACS_BOX_OPTIONS_VERSION 1
typedef struct acs_box_options {
  int version;          /* ACS_BOX_OPTIONS_VERSION */
  const char *hostname; /* /etc/hostname; NULL: "box" */
  int64_t max_fs_mb;    /* bytes the filesystem may hold; 0: 256 MB */
  int64_t max_files;    /* inodes; 0: 1048576 */
  int max_processes;    /* live processes at once; 0: 256 (a fork bomb
                           then meets EAGAIN) */
  /* Memory the box may use: its programs' private memory plus the bytes
  ** its filesystem holds; 0: 4096 MB. Past it the biggest program is
  ** killed (SIGKILL, after a line on its stderr naming the limit), as the
  ** OOM killer would; acs_box_spawn's result then says stopped_by
  ** "memory" when that was the program it ran. Files stay. */
  int64_t memory_mb;
  /* Outbound network: none by default (the box's own ports only). With
  ** `network`, any public host; with allowed_domains (exec's syntax:
  ** "api.example.com", "*.example.com:443", "10.0.0.0/8"), only those.
  ** Loopback, private, link-local, CGNAT and metadata addresses are
  ** dialled only when an address entry names them, whatever a name
  ** resolves to; the box's own loopback stays the box's. The kernel makes
  ** every connection; programs in the box never open a socket. */
  bool network;
  const char *const *allowed_domains;
  size_t allowed_domain_count;
  const char *const *resolve; /* "host:port:address" pins, as curl's --resolve */
  size_t resolve_count;
  /* What the box's npm and npx may install (a grant of its own: the box
  ** needs no network for it; the host fetches). Any package, unless
  ** allowed_package_count > 0 or limit_packages is true: then only those
  ** in allowed_packages ("name" or "name@range") and their dependencies;
  ** none when the list is empty. As acs_exec_options. */
  const char *const *allowed_packages;
  size_t allowed_package_count;
  bool limit_packages;
} acs_box_options;

/* Boot a box. opts may be NULL (defaults). On success *out is the
** caller's, released with acs_box_free. Returns ACS_ECONFIG (bad options,
** err names the field), ACS_EENV (the kernel could not be started),
** ACS_ENOMEM. Like acs_exec, it forks: the caller must not have created a
** JavaScriptCore VM before. */
int acs_box_new(const acs_box_options *opts, acs_box **out /* OUT */, acs_err *err);

#define ACS_BOX_SPAWN_OPTIONS_VERSION 1
typedef struct acs_box_spawn_options {
  int version;                /* ACS_BOX_SPAWN_OPTIONS_VERSION */
  const char *const *argv;    /* argc items; argv[0] is the program: a box
                                 path, or a name looked up in the box's PATH */
  size_t argc;
  const char *const *env;     /* "NAME=VALUE" items added to the box's
                                 defaults (PATH, HOME, USER, LOGNAME, SHELL,
                                 LANG=C.UTF-8, TZ=UTC); same name replaces */
  size_t env_count;
  const char *cwd;            /* NULL: the user's home */
  const char *user;           /* "root" (NULL) or "agent" */
  const char *stdin_data;     /* what the program reads on stdin, then EOF */
  size_t stdin_len;
  int64_t timeout_ms;         /* 0: none; the program is killed at the limit */
  int64_t max_output_bytes;   /* per stream, head and tail kept; 0: 1 MiB */
  acs_output_fn on_output;    /* optional live output */
  void *on_output_user;
  bool merge_stderr;          /* the program's stderr is its stdout (2>&1): one
                                 stream, in the order written (stream 1) */
} acs_box_spawn_options;

/* Run one program in the box and wait for it. The result has the exec
** contract's fields: stdout, stderr, exit_code (128 + N when signal N
** ended it, as a shell reports it), timed_out and stopped_by "timeout"
** when the time limit killed it. A program that cannot be started (no
** such file, not executable, not a program) is a result too: exit code
** 127 or 126 and the reason on stderr, as a shell gives them. Returns
** ACS_ECONFIG for bad options, ACS_EENV when the box's kernel is gone;
** *out is the caller's (acs_exec_result_free). One call at a time per
** box. */
int acs_box_spawn(acs_box *box, const acs_box_spawn_options *opts,
                  acs_exec_result **out /* OUT */, acs_err *err);

/* Copy host_path (a file, a directory tree, a symbolic link; what the
** caller may read) into the box at box_path (absolute), as `cp -a` does:
** modes and times kept, links copied as links (their text resolves
** inside the box), owned by owner ("root" when NULL, or "agent"). A file
** becomes the file box_path; a directory's entries go into the directory
** box_path, made if missing and merged if it exists. Missing parents of
** box_path are made (root, 0755). Returns ACS_ECONFIG when something
** cannot be copied (err names it and why: no such host file, the box's
** filesystem is full, a fifo or device), ACS_EENV when the kernel is
** gone. What was copied before a failure stays. */
int acs_box_copy_in(acs_box *box, const char *host_path, const char *box_path, const char *owner,
                    acs_err *err);

/* Mount host directory host_dir (what the caller may read; written
** through only when read_only is false) at box_path (absolute; made, root
** 0755, when missing). Every program of the box sees the host's files
** there as owned by owner ("root" when NULL, or "agent"), with the host's
** mode bits, and the box's rules for them: a symbolic link in the mount
** resolves in the box (a `..` or an absolute target that leaves the mount
** names a box path, never a host one), a new link must point inside the
** mounts, chown to anyone else is refused, setuid and setgid bits are
** never set on a host file, and the bytes a box adds to its mounts count
** toward its filesystem limit (docs/box-mounts.md). At most 16 mounts;
** /, /proc, /dev, /etc, /bin, /usr and /usr/bin are the box's own.
** Returns ACS_ECONFIG (err says why: no such directory, a bad box path, a
** mount there already), ACS_EENV when the kernel is gone. */
int acs_box_mount(acs_box *box, const char *host_dir, const char *box_path, bool read_only,
                  const char *owner, acs_err *err);

/* --------------------------------------------------- a box's processes */

/* A program running in a box that the caller talks to while it runs: its
** stdin, stdout and stderr are pipes of the caller's, its end is a
** descriptor that becomes readable. Made by acs_box_proc_start; the
** caller's until acs_box_proc_free. Any thread may use it (one call at a
** time per process). */
typedef struct acs_box_proc acs_box_proc;

/* Start a program as acs_box_spawn does (argv, env, cwd, user; a name
** without '/' is looked up in PATH) and return at once. stdin_data,
** timeout_ms, max_output_bytes and on_output are not used: write to the
** stdin descriptor, read the output descriptors, kill when you want it to
** stop. A program that cannot be started is ACS_ENOENT (not found) or
** ACS_EACCES (not a program, not executable, the process limit) with the
** reason in err ("SandboxError"). ACS_ECONFIG for bad options, ACS_EENV
** when the kernel is gone. At most 64 started programs at once per box. */
int acs_box_proc_start(acs_box *box, const acs_box_spawn_options *opts,
                       acs_box_proc **out /* OUT */, acs_err *err);

/* The program's pid in the box. */
int acs_box_proc_pid(const acs_box_proc *proc);

/* Its descriptors, all non-blocking and close-on-exec, owned by the
** handle (do not close them): which 0 is stdin (write; -1 once closed),
** 1 stdout and 2 stderr (read; EOF once every writer in the box is gone),
** 3 its end (readable once the program ended: then call
** acs_box_proc_wait). */
int acs_box_proc_fd(const acs_box_proc *proc, int which);

/* Close stdin: the program reads EOF. Twice does nothing. */
void acs_box_proc_close_stdin(acs_box_proc *proc);

/* Send signal sig (1..64) to the program. A program that already ended is
** no error. ACS_ECONFIG for a bad signal, ACS_EENV when the kernel is gone. */
int acs_box_proc_kill(acs_box_proc *proc, int sig, acs_err *err);

/* Wait up to timeout_ms (-1: for ever, 0: only look) for the program to
** end. *ended says whether it did; then *exit_code is its status as a
** shell gives it (128 + N when signal N ended it). When the kernel went
** away first, *ended is true and *exit_code 137. Returns 0. */
int acs_box_proc_wait(acs_box_proc *proc, int64_t timeout_ms, bool *ended /* OUT */,
                      int *exit_code /* OUT */);

/* Send sig (1..64) to process pid of the box, or to every process in it
** when pid is -1 (acs_box_free's way, without ending the box). ACS_ECONFIG
** for a bad signal, ACS_EENV when the kernel is gone; no such process is
** no error. */
int acs_box_kill(acs_box *box, int pid, int sig, acs_err *err);

/* Free the handle, closing its descriptors; a program still running is
** killed (SIGKILL) first. Free every handle of a box before the box.
** NULL is a no-op. */
void acs_box_proc_free(acs_box_proc *proc);

/* ------------------------------------------------------- a box's files */

/* The host's calls on the box's filesystem. Every one acts as root in the
** box on an absolute box path; nothing a box holds leads out of it (a
** link's text resolves inside the box). Failures return Linux's negative
** errno (ACS_ENOENT, ACS_EACCES, ACS_ENOTDIR, -EEXIST, -EISDIR,
** -ENOTEMPTY, -ENOSPC, ...) with err saying which path and why (type
** "SandboxError"; ACS_ECONFIG "SandboxConfigError" for a path that is not
** absolute or too long), or ACS_EENV when the kernel is gone. */

/* Read the whole file at path: *data (NUL-terminated, the NUL not
** counted in *len) is the caller's, released with acs_free. At most
** max_bytes (0: 1 GiB); -EFBIG past it. */
int acs_box_read_file(acs_box *box, const char *path, int64_t max_bytes, char **data /* OUT */,
                      size_t *len /* OUT */, acs_err *err);

#define ACS_BOX_WRITE_APPEND 1u /* add to the end instead of replacing */
#define ACS_BOX_WRITE_PARENTS 2u /* make missing parent directories (0755) */

/* Write len bytes as the file path (made with mode & 07777, 0: 0644, when
** missing), replacing what it held unless ACS_BOX_WRITE_APPEND. */
int acs_box_write_file(acs_box *box, const char *path, const void *data, size_t len,
                       uint32_t mode, unsigned flags, acs_err *err);

/* One entry of a directory. */
typedef struct acs_box_dirent {
  char *name;         /* owned by the list */
  unsigned char type; /* DT_REG, DT_DIR, DT_LNK, DT_FIFO, DT_CHR, ... */
} acs_box_dirent;

/* The entries of directory path (without "." and ".."), in the order
** the directory keeps them. *list is the caller's: acs_box_dirents_free. */
int acs_box_readdir(acs_box *box, const char *path, acs_box_dirent **list /* OUT */,
                    size_t *count /* OUT */, acs_err *err);
void acs_box_dirents_free(acs_box_dirent *list, size_t count);

/* stat(2) of a box file. */
typedef struct acs_box_stat {
  uint32_t mode, uid, gid;   /* mode with its type bits (S_IFREG...) */
  uint64_t size, ino, nlink, rdev, blocks, dev;
  int64_t atime_ns, mtime_ns, ctime_ns, btime_ns; /* since the epoch */
} acs_box_stat;

/* The file at path; a final link is followed unless nofollow (lstat). */
int acs_box_stat_path(acs_box *box, const char *path, bool nofollow, acs_box_stat *out /* OUT */,
                      acs_err *err);

/* Whether anything is at path (a dangling link counts). Returns 0 and
** *exists, or a failure other than "not there". */
int acs_box_exists(acs_box *box, const char *path, bool *exists /* OUT */, acs_err *err);

/* mkdir with mode (0: 0755); with parents, missing ones are made too and
** an existing directory is no error, as `mkdir -p`. */
int acs_box_mkdir(acs_box *box, const char *path, uint32_t mode, bool parents, acs_err *err);

/* Remove path: a file, a link (not what it points to) or an empty
** directory; with recursive a directory and all below it, as `rm -r`;
** with force a missing path is no error. */
int acs_box_rm(acs_box *box, const char *path, bool recursive, bool force, acs_err *err);

/* rename(2), symlink(2) (target is stored as given), chmod(2) (mode &
** 07777), chown(2) (-1 keeps an id; a final link is changed itself). */
int acs_box_rename(acs_box *box, const char *from, const char *to, acs_err *err);
int acs_box_symlink(acs_box *box, const char *target, const char *path, acs_err *err);
int acs_box_chmod(acs_box *box, const char *path, uint32_t mode, acs_err *err);
int acs_box_chown(acs_box *box, const char *path, int64_t uid, int64_t gid, acs_err *err);

/* Copy box_path (a file, a link or a tree) out of the box to host_path,
** as `cp -a` would (modes and times kept, links as links; owners are the
** caller's). A file becomes host_path; a directory's entries go into the
** directory host_path, made if missing. Fifos and devices are skipped.
** The host's errors name the host path. What was copied before a failure
** stays. */
int acs_box_copy_out(acs_box *box, const char *box_path, const char *host_path, acs_err *err);

/* Release what the acs_box_* calls hand out as plain bytes. NULL ok. */
void acs_free(void *p);

/* -------------------------------------------------- a box's snapshot */

/* The box's whole filesystem as bytes (format: docs/box-protocol.md,
** "Snapshots"): every file, directory, link, hard link, fifo and device
** with its mode, owner and times; /proc is named, not copied. *data is
** the caller's (acs_free). ACS_EENV when the kernel is gone or memory
** ran out. Programs may run meanwhile; they wait for it. */
int acs_box_snapshot(acs_box *box, char **data /* OUT */, size_t *len /* OUT */, acs_err *err);

/* acs_box_snapshot into the caller's file fd (written at its offset; a
** regular file or a memfd), *len its size; no copy in the caller's
** memory. And acs_box_restore from one (a regular file, read whole from
** offset 0). Same errors. */
int acs_box_snapshot_fd(acs_box *box, int fd, size_t *len /* OUT */, acs_err *err);
int acs_box_restore_fd(acs_box *box, int fd, acs_err *err);

/* Replace the box's filesystem with a snapshot's. The snapshot is checked
** whole before the box's files are touched: a corrupt, truncated or
** hostile one (names with '..', absolute or doubled slashes, entries
** under a link, more than the box's limits, devices the box has not) is
** ACS_EINVAL (type "SandboxError") naming the entry and what is wrong, and
** the box keeps its files. No program may be running (-EBUSY): restore
** into a new box. */
int acs_box_restore(acs_box *box, const void *data, size_t len, acs_err *err);

/* ---------------------------------------------- commands of the host */

/* A command the host defines: a real program file /usr/bin/NAME of the
** box (found by which, command -v and #!; `NAME --help` and `man NAME`
** print its summary), whose runs are the host's code: each run calls the
** box's handler on a thread of its own with an acs_box_command, whose
** stdin, stdout and stderr are the program's in the box (pipes, files,
** whatever the shell gave it), so `NAME | tr a-z A-Z` and `yes | NAME`
** work as with any program. */
typedef struct acs_box_command acs_box_command;

/* A run of a command. Return nothing in particular: the run ends with
** acs_box_command_exit, which the handler (or any thread it hands the
** run to) must call once. */
typedef void (*acs_box_command_fn)(void *user, acs_box_command *cmd);

/* Take the box's command runs with fn (replacing an earlier handler). fn
** is called until acs_box_free returns. ACS_EENV when the kernel is gone. */
int acs_box_on_command(acs_box *box, acs_box_command_fn fn, void *user, acs_err *err);

/* Make /usr/bin/NAME a command of the host (mode 0755, root's), replacing
** a file there. name: letters, digits, '.', '_', '-', not starting with
** '-' or '.'; summary: one line (may be NULL). ACS_ECONFIG for a bad name. */
int acs_box_install_command(acs_box *box, const char *name, const char *summary, acs_err *err);

/* Who runs it and how, borrowed from cmd: its name (argv[0]'s last
** component), argv (argc items, argv[0] as given), "NAME=VALUE" env
** items, its cwd, uid and pid in the box. */
const char *acs_box_command_name(const acs_box_command *cmd);
const char *const *acs_box_command_argv(const acs_box_command *cmd, size_t *argc /* OUT */);
const char *const *acs_box_command_env(const acs_box_command *cmd, size_t *count /* OUT */);
const char *acs_box_command_cwd(const acs_box_command *cmd);
int acs_box_command_uid(const acs_box_command *cmd);
int acs_box_command_pid(const acs_box_command *cmd);

/* Up to n bytes of its stdin (n <= 65536), waiting for them: the count, 0
** at the end, -EPIPE when the program is gone. Only what is asked for is
** read from the box. */
int64_t acs_box_command_read(acs_box_command *cmd, void *buf, size_t n);

/* Write to its stdout (stream 1) or stderr (2): 0, or -EPIPE when the
** program is gone (its reader went away: it died of SIGPIPE). */
int acs_box_command_write(acs_box_command *cmd, int stream, const void *data, size_t n);

/* End the run with status (0..255; the program exits with it) and free
** cmd. */
void acs_box_command_exit(acs_box_command *cmd, int status);

/* The box's network, from the host. Box ports are the box's own: a
** program in the box listens on one, and nothing on the host reaches it
** but these. */

/* A connected stream socket to the program listening on box port `port`
** (1..65535): *fd is the caller's (close it). ACS_ECONFIG when nothing
** listens there (err says so), ACS_EENV when the kernel is gone. */
int acs_box_connect(acs_box *box, int port, int *fd /* OUT */, acs_err *err);

/* Wait up to timeout_ms (0: only look) for a program to listen on box
** port `port`; *listening says whether one does. Returns 0, ACS_ECONFIG
** for a bad port or timeout, ACS_EENV when the kernel is gone. */
int acs_box_wait_port(acs_box *box, int port, int64_t timeout_ms, bool *listening /* OUT */,
                      acs_err *err);

/* A port a program of the box listens on, and that program's box pid. */
typedef struct acs_box_listener {
  int port;
  int pid;
} acs_box_listener;

/* The box's listening ports now: *out an array of *n listeners (newest
** first; NULL when none), the caller's to release with acs_free. ACS_EENV
** when the kernel is gone. */
int acs_box_listeners(acs_box *box, acs_box_listener **out /* OUT */, size_t *n /* OUT */,
                      acs_err *err);

/* Make box port `port` reachable from this machine: a TCP listener on
** 127.0.0.1:host_port (0: a free port, told in *bound_port; may be NULL)
** whose every connection is handed to the program listening on `port`
** in the box (closed at once while none listens). It lives as long as
** the box. ACS_ECONFIG for bad ports, a host port in use (err names it),
** more than 16 exposed ports; ACS_EENV when the kernel is gone. */
int acs_box_expose(acs_box *box, int port, int host_port, int *bound_port /* OUT */,
                   acs_err *err);

/* ------------------------------------------------------------ sessions */

/* A session: one long-lived shell (the box's bash) whose state — the
** working directory, exported and plain variables, functions, aliases,
** options, background jobs — lasts from one acs_box_session_run to the
** next, as in a terminal. Each run returns its own stdout, stderr and exit
** status: the shell tells the host when a script is done on a channel of
** its own, so nothing is added to the output. The shell runs each job in
** a process group of its own; a run that times out or is cancelled has
** its foreground job stopped (SIGINT, then SIGKILL 2 s later) and the
** session goes on. Commands read /dev/null on stdin. Owned by the caller
** (acs_box_session_free); it must be freed before its box. */
typedef struct acs_box_session acs_box_session;

#define ACS_BOX_SESSION_OPTIONS_VERSION 1
typedef struct acs_box_session_options {
  int version;             /* ACS_BOX_SESSION_OPTIONS_VERSION */
  const char *const *env;  /* "NAME=VALUE" items added to the box's defaults
                              (as acs_box_spawn_options.env) */
  size_t env_count;
  const char *cwd;         /* the shell's first directory; NULL: the user's home */
  const char *user;        /* "root" (NULL) or "agent" */
} acs_box_session_options;

/* Start a session's shell in box. opts may be NULL. Returns ACS_ECONFIG
** for bad options, ACS_EENV when the box's kernel is gone or the shell
** could not start (err says why). */
int acs_box_session_new(acs_box *box, const acs_box_session_options *opts,
                        acs_box_session **out /* OUT */, acs_err *err);

#define ACS_BOX_RUN_OPTIONS_VERSION 1
typedef struct acs_box_run_options {
  int version;              /* ACS_BOX_RUN_OPTIONS_VERSION */
  const char *script;       /* bash's language; run as if typed at the prompt */
  int64_t timeout_ms;       /* 0: none; then the foreground job is stopped */
  int64_t max_output_bytes; /* per stream, head and tail kept; 0: 1 MiB */
  acs_output_fn on_output;  /* optional live output */
  void *on_output_user;
} acs_box_run_options;

/* Run a script in the session's shell and wait until the shell is back at
** its prompt. *out (the caller's, acs_exec_result_free) has the script's
** stdout and stderr and $? after it; timed_out and stopped_by "timeout"
** (or "signal" after acs_box_session_cancel) when its foreground job was
** stopped, exit_code then unset. `exit` ends the session: the result has
** the exit status, and later runs fail with ACS_ECONFIG. Output that
** background jobs write lands in whichever run is reading. One run at a
** time per session (ACS_ECONFIG otherwise); ACS_EENV when the box's
** kernel is gone. */
int acs_box_session_run(acs_box_session *s, const acs_box_run_options *opts,
                        acs_exec_result **out /* OUT */, acs_err *err);

/* Stop the foreground job of the run in progress, as its timeout would
** (stopped_by "signal"). Safe from another thread or a signal handler;
** nothing happens when no run is in progress. */
void acs_box_session_cancel(acs_box_session *s);

/* Whether the session's shell still runs (false after `exit`). */
bool acs_box_session_alive(const acs_box_session *s);

/* End the session: its shell and its jobs get SIGHUP, then SIGKILL.
** NULL is a no-op. */
void acs_box_session_free(acs_box_session *s);

/* ------------------------------------------------------------ terminal */

#define ACS_BOX_TERMINAL_OPTIONS_VERSION 1
typedef struct acs_box_terminal_options {
  int version;               /* ACS_BOX_TERMINAL_OPTIONS_VERSION */
  const char *const *argv;   /* the program on the terminal; NULL: an
                                interactive bash (`bash -i`) */
  size_t argc;
  const char *const *env;    /* as acs_box_spawn_options.env; TERM is the
                                caller's TERM when not given */
  size_t env_count;
  const char *cwd;           /* NULL: the user's home */
  const char *user;          /* "root" (NULL) or "agent" */
  int in_fd, out_fd;         /* the caller's terminal (or any fds): what is
                                read from in_fd is typed, the screen goes to
                                out_fd */
} acs_box_terminal_options;

/* Run a program on a terminal of the box, forwarding the caller's fds to
** it until the program ends: in_fd, when it is a terminal, is put in raw
** mode for the while (and restored), its window size followed (SIGWINCH
** in the box). ^C, ^Z and ^\ are the box terminal's: they signal the
** box's foreground job, never the caller. *status is the program's exit
** status (128 + N for signal N). Other calls on the box go on meanwhile
** (it is built on acs_box_pty below). Returns ACS_ECONFIG for bad
** options, ACS_EENV when the box's kernel is gone. */
int acs_box_terminal(acs_box *box, const acs_box_terminal_options *opts, int *status /* OUT */,
                     acs_err *err);

/* A program on a terminal of the box that the caller talks to while it
** runs, as acs_box_terminal does but without holding the box: other calls
** on the box go on meanwhile, and any number of them may be open (a page
** with a terminal, `acs serve`'s box.terminal). Made by acs_box_pty_open;
** the caller's until acs_box_pty_free. One call at a time per handle. */
typedef struct acs_box_pty acs_box_pty;

/* Start opts' program (NULL argv: `bash -i`) on a new terminal of the box
** of rows x cols (1..1000 each; 0: 24 x 80). opts->in_fd and out_fd are
** not used; TERM is xterm-256color unless opts->env gives one. Returns
** ACS_ECONFIG for bad options or a program that cannot start (a cwd the
** box lacks: err says which), ACS_EENV when the box's kernel is gone. */
int acs_box_pty_open(acs_box *box, const acs_box_terminal_options *opts, int rows, int cols,
                     acs_box_pty **out /* OUT */, acs_err *err);

/* The program's pid in the box. */
int acs_box_pty_pid(const acs_box_pty *pty);

/* Its descriptors, non-blocking and close-on-exec, owned by the handle:
** which 0 is the terminal's master side (write what is typed, read the
** screen; EOF once it was hung up and the screen drained), 1 its end
** (readable once the program ended: then call acs_box_pty_wait). */
int acs_box_pty_fd(const acs_box_pty *pty, int which);

/* A new window size (1..1000 each): SIGWINCH to the foreground group.
** ACS_ECONFIG for a bad size, ACS_EENV when the kernel is gone. */
int acs_box_pty_resize(acs_box_pty *pty, int rows, int cols, acs_err *err);

/* Wait up to timeout_ms (-1: for ever, 0: only look) for the program to
** end, as acs_box_proc_wait. Returns 0. */
int acs_box_pty_wait(acs_box_pty *pty, int64_t timeout_ms, bool *ended /* OUT */,
                     int *exit_code /* OUT */);

/* Hang the terminal up: its session gets SIGHUP and SIGCONT, reads in the
** box see the end of file, and what is left of the screen comes on fd 0
** before its EOF. Twice does nothing. */
void acs_box_pty_hangup(acs_box_pty *pty);

/* Hang up (when not yet), kill the program (SIGKILL) if it still runs,
** close the descriptors. Free every handle of a box before the box. NULL
** is a no-op. */
void acs_box_pty_free(acs_box_pty *pty);

/* End the box: every process in it is killed, the kernel exits, its
** memory is gone. NULL is a no-op. */
void acs_box_free(acs_box *box);

#ifdef __cplusplus
}
#endif
#endif /* ACS_H */
