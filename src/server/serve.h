/* serve.h - the newline-delimited JSON protocol of `acs serve` over a pair
** of fds (stdio) or the clients of a Unix socket. docs/protocol.md is the
** contract. Built on the public API only (acs_exec, acs_cancel). */
#ifndef ACS_SERVER_SERVE_H
#define ACS_SERVER_SERVE_H

#include "acs.h"

#include <stddef.h>

typedef struct acs__serve_opts {
  int jobs;         /* runs at once; <= 0: cores x 2 */
  int max_queue;    /* requests waiting beyond those; <= 0: 1000 */
  size_t max_line;  /* bytes per request line; 0: 64 MiB */
  int pool;         /* warm workers kept ready; 0: cores; < 0: none */
} acs__serve_opts;

/* Serve one client on in_fd/out_fd until in_fd ends and its runs have
** answered, or out_fd breaks (its runs are then cancelled). Returns 0, or
** ACS_EENV when the server could not start. */
int acs__serve_fds(int in_fd, int out_fd, const acs__serve_opts *o, acs_err *err);

/* Listen on a Unix socket at path (mode 0600; an existing socket file is
** replaced) and serve every client until the process is stopped. Returns
** only on failure (ACS_EENV with err filled). */
int acs__serve_socket(const char *path, const acs__serve_opts *o, acs_err *err);

#endif
