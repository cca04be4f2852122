/* store.h - the content-addressed cache of unpacked packages. */
#ifndef ACS_PKG_STORE_H
#define ACS_PKG_STORE_H

#include "acs.h"

#include <jansson.h>

/* The cache directory: ACS_CACHE_DIR, else ~/.cache/agent-code-sandbox,
** else (home missing or not writable) $TMPDIR or /tmp/agent-code-sandbox-UID.
** Created if needed. Returns a malloc'd path or NULL (err filled). */
char *acs__store_dir(acs_err *err);

/* The unpacked package for one version document of a packument (`name`,
** `version`, `dist.tarball`, `dist.integrity`/`dist.shasum`): returns its
** directory under cache/pkgs/, downloading, verifying and unpacking it
** first when the cache lacks it. Concurrent callers (threads or processes)
** never see a half-written package: it is unpacked into a temporary
** directory and renamed into place under a per-entry lock. *fetched says
** whether a download happened. cancel_fd (or -1) stops a download when it
** turns readable (ACS_ECANCELED). Returns 0 and *dir (malloc'd), or ACS_EENV
** (the message names the package). */
int acs__store_get(const char *cache, json_t *version_doc, int cancel_fd, char **dir, bool *fetched,
                   acs_err *err);

#endif
