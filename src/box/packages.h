/* packages.h - npm packages a run needs, installed on the host and mounted
** read-only into its box (see packages.c). */
#ifndef ACS_BOX_PACKAGES_H
#define ACS_BOX_PACKAGES_H

#include "acs.h"

#include <stddef.h>

struct acs__allow;

typedef struct acs__box_pkg_args {
  const char *code;        /* the code to run, or NULL */
  const char *entry_path;  /* or the entry file (canonical) */
  const char *cwd;         /* the work dir (canonical) */
  char *const *ro_dirs;
  size_t ro_count;
  const struct acs__allow *allow; /* NULL: any package */
  const char *const *allowed;      /* allow's entries as given (for the tree cache's key) */
  size_t allowed_count;
  acs_progress_fn on_progress;
  void *on_progress_user;
  int cancel_fd; /* -1, or readable once the run is cancelled */
} acs__box_pkg_args;

/* What the box mounts: host[i] (a package in the cache) at guest[i]. */
typedef struct acs__box_pkgs {
  char **host, **guest;
  size_t n;
  char *table; /* JSON for the loader: guest path -> {name, folder, version, deps, root} */
} acs__box_pkgs;

/* Scan, resolve and install. Returns 0 with *out filled (n may be 0), or 0
** with *model_msg (malloc'd) when the code asks for a package that cannot
** be had (not in the registry, not allowed, no version fits): the run must
** not start and the model reads the message. ACS_ECANCELED when cancel_fd
** turned readable during a download. Returns ACS_EENV (registry,
** network, integrity, disk), ACS_ECONFIG (the cache directory), ACS_ENOMEM
** with err filled. */
int acs__box_packages(const acs__box_pkg_args *a, acs__box_pkgs *out, char **model_msg, acs_err *err);
void acs__box_pkgs_free(acs__box_pkgs *p);

#endif
