/* lib_npm.h - what npm and npx share: the project's package.json and
** lockfiles, npm's error lines, and the install engine (lib_npm.c): the
** request to the box's kernel (ACS__SYS_PKG_INSTALL, which resolves and
** fetches on the host), then what npm does in the project itself:
** package.json saved, package-lock.json written (lockfile v3), bins
** linked into node_modules/.bin, what is no longer needed removed. */
#ifndef ACS_CMDS_LIB_NPM_H
#define ACS_CMDS_LIB_NPM_H

#include "cmd.h"

#include <jansson.h>
#include <stdbool.h>

typedef struct npm_opts {
  bool dev;        /* -D: names go to devDependencies */
  bool optional;   /* -O: to optionalDependencies */
  bool global;     /* -g: into /usr/local/lib/node_modules */
  bool omit_dev;   /* --omit=dev / --production */
  bool ci;         /* npm ci */
  bool no_save;    /* --no-save */
  bool exact;      /* -E */
  bool no_lock;    /* --no-package-lock */
  bool quiet;      /* no summary line (npx) */
  bool uninstall;  /* names are removed */
} npm_opts;

/* The project's directory: the nearest one up from the cwd with a
** package.json, else the cwd. malloc'd. */
char *npm_root(void);

/* A JSON file of the box: the value, or NULL with *err (a negative errno,
** or -EINVAL when it does not parse: *why then says where). */
json_t *npm_read_json(const char *path, int *err, char *why, size_t why_cap);
/* As JSON.stringify(value, null, 2) + "\n" writes it. 0 or -errno. */
int npm_write_json(const char *path, json_t *j);

/* rm -rf; mkdir -p. 0 or -errno. */
int npm_rmtree(const char *path);
int npm_mkdirs(const char *path);

/* "npm error LINE" for each line of text (on stderr). */
void npm_error_lines(acs_cmd *c, const char *text);

/* npm install / ci / uninstall (o->uninstall) in the project at root
** with the names given (NAME, NAME@RANGE). Returns the exit status. */
int npm_install(acs_cmd *c, const char *root, char **names, int n, const npm_opts *o);

/* argv[i] an option naming where packages come from (--registry,
** --cache, --userconfig, proxies): warned about on stderr (the host
** fetches, from the registry it chose) and skipped. Returns how many
** arguments it took (1 or 2 with its value), 0 when it is another. */
int npm_host_option(acs_cmd *c, int argc, char **argv, int i);

/* Milliseconds since t0 (CLOCK_MONOTONIC), worded as npm words a
** duration ("120ms", "3s", "2m"). */
void npm_took(const struct timespec *t0, char *buf, size_t cap);

#endif
