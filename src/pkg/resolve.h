/* resolve.h - the npm packages a run needs: which versions (resolve.c),
** where each sits in the guest's node_modules, laid out as npm's hoisting
** would (resolve.c), and getting them all into the store (install.c).
** Host side: the guest only ever sees the finished tree. */
#ifndef ACS_PKG_RESOLVE_H
#define ACS_PKG_RESOLVE_H

#include "acs.h"
#include "allow.h"
#include "registry.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* Past these a tree is refused with a message for the model: a request
** that pulls in more is a mistake or an attack on the host's disk. */
#define ACS__PKG_MAX_PACKAGES 2000
#define ACS__PKG_MAX_DEPTH 64 /* node_modules levels */

typedef struct acs__pkg {
  char *name;      /* the package's registry name ("b" or "@s/b") */
  char *folder;    /* the name it is installed under: == name, or an alias from "npm:b@^1" */
  char *version;
  json_t *doc;     /* its version document from the packument (owned reference) */
  char *path;      /* guest path where it sits: "/node_modules/a", "/node_modules/a/node_modules/b",
                      "/node_modules/@s/c" */
  char **deps;     /* the folder names it declares: dependencies, peerDependencies,
                      optionalDependencies (all declared, whether or not installed), sorted */
  size_t dep_count;
  bool root;       /* asked for by the user's code */
  char *dir;       /* host directory in the store once installed (acs__pkg_install), else NULL */
  bool optional;   /* only optional dependencies lead to it: it may be dropped silently */
  char *needed_by; /* "a@1.0.0", the first package that brought it in; NULL for a root */
} acs__pkg;

/* Packages sorted by path, so a parent comes before what is nested in it. */
typedef struct acs__pkg_tree {
  acs__pkg *pkgs;
  size_t n;
} acs__pkg_tree;

void acs__pkg_tree_free(acs__pkg_tree *t); /* NULL is a no-op */

/* Remove pkgs[i] from the tree, then every package that Node's resolution
** can no longer reach from a root through declared dependencies (what only
** it brought in). Indexes of the others may change. */
void acs__pkg_tree_drop(acs__pkg_tree *t, size_t i);

typedef struct acs__pkg_want {
  const char *name;   /* registry name wanted by the user's code */
  const char *range;  /* from an "npm:name@range" specifier (a range or a dist-tag), or NULL */
  const char *from;   /* where it was imported, for messages ("main.ts:3"), may be NULL */
  bool optional;      /* only a literal import() or require(): the code may catch its
                         failure, so a package that cannot be had (not in the registry,
                         not allowed, no version fits) is left out, not refused */
} acs__pkg_want;

/* Resolve the wanted root packages and their dependency trees, as npm
** would for a package.json listing the wants (several wants of one name
** must all hold, together with the allowlist's range for it; dependencies
** of allowed packages need no allowlist entry). Packuments of one level of
** the tree are fetched in parallel (up to 8 threads calling
** acs__registry_packument). Returns 0 and *out (free with
** acs__pkg_tree_free); ACS_ECONFIG with *model_msg (malloc'd, one short
** line meant for an AI model that names the package, e.g.
** `Package "lodahs" is not in the npm registry.`,
** `Package "lodash" is not allowed; allowed: papaparse@5, date-fns.`,
** `No version of "zod" satisfies "^9".`) when the request cannot be met,
** err holding the same text; ACS_EENV (err filled, message for the
** operator) when the registry or the network failed; ACS_ENOMEM. On
** failure *out is NULL, and *model_msg is NULL unless ACS_ECONFIG. */
int acs__pkg_resolve(acs__registry *reg, const acs__allow *allow, const acs__pkg_want *wants, size_t n,
                     acs__pkg_tree **out /* OUT */, char **model_msg /* OUT */, acs_err *err);

/* ------------------------------------------------------------- install */

/* Called with one short line of progress ("fetched papaparse@5.4.1 (3/7)",
** "cached ..."); the calls are serialised, but come from any thread. */
typedef void (*acs__pkg_progress_fn)(void *user, const char *line);

/* Download (in parallel: a few threads, each calling acs__store_get) and
** unpack every package of the tree into the store `cache`, filling each
** pkg->dir; a name@version placed twice is fetched once. Then packages
** that need a native addon (binding.gyp, "gypfile": true, or a prebuilt
** .node binary): an optional one is dropped from the tree silently (with
** what only it brought in, acs__pkg_tree_drop), a required one gives
** ACS_ECONFIG and *model_msg, e.g. `Package "bcrypt" needs a native addon
** (binding.gyp), which cannot load in the sandbox; use "bcryptjs"
** instead.` Returns 0, ACS_EENV naming the package (integrity mismatch,
** network, disk; err filled), ACS_ECONFIG, or ACS_ENOMEM. */
int acs__pkg_install(acs__pkg_tree *t, const char *cache, int cancel_fd, acs__pkg_progress_fn progress,
                     void *user, char **model_msg /* OUT */, acs_err *err);

/* ------------------------------------------- native code (install.c) */

/* The well-known replacement for a package that cannot run in the sandbox
** (a native addon or a platform binary): "bcryptjs" for "bcrypt", or NULL
** when none is known. Static text. */
const char *acs__pkg_native_alternative(const char *name);

/* Whether `name` is known to need a platform-specific binary whatever its
** version (esbuild, @swc/core): the resolver refuses it as a root before
** downloading anything. */
bool acs__pkg_known_binary(const char *name);

/* `Package "NAME" (needed by "NEEDED_BY") WHY; use "ALT" instead.` (or
** "; no pure-JS or WASM alternative is known."), for the model; needed_by
** may be NULL. malloc'd; NULL when out of memory. */
char *acs__pkg_native_message(const char *name, const char *needed_by, const char *why);


/* Trees already resolved and installed, by a key naming the request (the
** wants, the allowlist, the registry): acs__pkg_tree_load gives the tree
** saved under key less than max_age seconds ago whose store entries all
** still exist (0), else -1; acs__pkg_tree_save keeps t (installed: dirs
** set) under key, atomically, ignoring failures (it is only a cache). */
int acs__pkg_tree_load(const char *cache, const char *key, long max_age, acs__pkg_tree **out);
void acs__pkg_tree_save(const char *cache, const char *key, const acs__pkg_tree *t);

#endif
