/* worker.h - the child side of an exec: set up the process, run the realm. */
#ifndef ACS_BOX_WORKER_H
#define ACS_BOX_WORKER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Bytes the worker sends on its control pipe. */
#define ACS__CTL_STARTED 'S' /* guest code is about to run */
#define ACS__CTL_TIMEOUT 'T' /* the time limit stopped the run */

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
  bool walls_off; /* ACS_WALLS=off: no Landlock/seccomp */
  int64_t timeout_ms;
  int out_fd, err_fd, ctl_fd; /* pipes to the supervisor */
} acs__worker_args;

/* Run in the freshly forked child; never returns. */
void acs__worker_main(const acs__worker_args *a) __attribute__((noreturn));

#endif
