/* worker.h - the child side of an exec: set up the process, run the realm. */
#ifndef ACS_BOX_WORKER_H
#define ACS_BOX_WORKER_H

#include "acs.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Bytes the worker sends on its control pipe. */
#define ACS__CTL_STARTED 'S' /* guest code is about to run */
#define ACS__CTL_TIMEOUT 'T' /* the time limit stopped the run */
#define ACS__CTL_EXIT 'X'    /* followed by one byte: the guest's exit code */

typedef struct acs__worker_args {
  const char *code;       /* or NULL */
  const char *entry_path; /* absolute host path of the entry, or NULL */
  const char *cwd;        /* absolute; mounted read-write */
  const char *const *ro_dirs; /* canonical; mounted read-only */
  size_t ro_count;
  const char *const *argv;
  size_t argc;
  const char *const *env;
  size_t env_count;
  const struct acs__http_config *net; /* the guest's network */
  const char *const *domains; /* allowedDomains as given (for a warm worker) */
  size_t domain_count;
  const char *const *pkg_host;  /* installed packages: host dirs ... */
  const char *const *pkg_guest; /* ... mounted read-only at these paths */
  size_t pkg_count;
  const char *pkg_table;        /* the loader's package table (JSON), or NULL */
  const char *const *allowed_packages; /* allowedPackages as given */
  size_t allowed_package_count;
  bool limit_packages;          /* the list applies (even when empty) */
  bool walls_off; /* ACS_WALLS=off: no Landlock/seccomp */
  int64_t timeout_ms;
  int out_fd, err_fd, ctl_fd; /* pipes to the supervisor */
} acs__worker_args;

/* Run in the freshly forked child; never returns. */
void acs__worker_main(const acs__worker_args *a) __attribute__((noreturn));

/* A warm worker: prepares the realm, says 'R' on sock, then waits for one
** run (acs__warm_send) and does it; exits quietly when sock closes first.
** Run in a freshly forked child; never returns. */
void acs__worker_warm(int sock) __attribute__((noreturn));

/* A warm worker's quiet state: fds 0..3 on /dev/null, sock moved to 10 or
** above (returned), every other fd closed, the process set up as a worker
** (death signal, own group, empty environment). For a fresh fork. */
int acs__worker_detach(int sock);

/* A child of the zygote (zygote.c), forked from a prepared realm: becomes a
** warm worker on sock, as acs__worker_warm does after its preparation.
** `server` is the pid the child must have as parent. Never returns. */
void acs__worker_forked(int sock, pid_t server) __attribute__((noreturn));

/* zygote.c: one process that prepares the realm once, with the engine held
** to a single thread, and forks warm workers from it (each a child of the
** caller, through CLONE_PARENT) at a fraction of a cold start's cost. */
typedef struct acs__zygote {
  pid_t pid;  /* 0: not running */
  int sock;
  int forks;  /* workers forked by this zygote */
} acs__zygote;

/* Start the zygote and wait until its realm is ready. Returns 0, or -1 when
** it cannot run here (ACS_ZYGOTE=0, no way to keep the engine to one
** thread, a start failure); the caller forks warm workers itself then. */
int acs__zygote_start(acs__zygote *z);
/* Fork a warm worker that will serve on `sock` (the zygote gets a copy; the
** caller keeps its own). Returns its pid, or -1 (the zygote was stopped). */
pid_t acs__zygote_fork(acs__zygote *z, int sock);
/* Stop the zygote (it exits when its socket closes) and reap it. */
void acs__zygote_stop(acs__zygote *z);

/* A run as a warm worker receives it: the arguments (pointing into `data`)
** and the three pipe ends. */
typedef struct acs__warm_job {
  acs__worker_args args;
  int out_fd, err_fd, ctl_fd;
  char *data;
} acs__warm_job;

/* exec.c: reap workers that reported their exit and were still tearing
** down when their result went out. Never blocks. */
void acs__reap_workers(void);

/* pool.c: give the run to a ready warm worker; its pid, or 0 (none ready). */
pid_t acs__pool_run(acs_pool *p, const acs__worker_args *a);

/* warm.c: send data with up to 4 fds (SCM_RIGHTS) on a Unix socket; the
** bytes sent, or -1 with errno. */
ssize_t acs__send_fds(int sock, const void *data, size_t len, const int *fds, size_t nfds);

/* warm.c: hand a run to a warm worker over its socket, and receive it.
** Both return 0 or -1. */
int acs__warm_send(int sock, const acs__worker_args *a);
int acs__warm_receive(int sock, acs__warm_job *job);

#endif
