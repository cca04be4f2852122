/* registry.h - npm registry metadata (packuments), cached on disk with the
** registry's caching headers. Host side: the guest never reaches this. */
#ifndef ACS_PKG_REGISTRY_H
#define ACS_PKG_REGISTRY_H

#include "acs.h"

#include <jansson.h>
#include <stdbool.h>

typedef struct acs__registry {
  const char *url;       /* e.g. "https://registry.npmjs.org" (no trailing /) */
  const char *cache_dir; /* metadata lives in cache_dir/meta/ */
  int requests;          /* requests made so far (tests, progress) */
  bool cancellable;      /* cancel_fd is set: when it turns readable, fetches stop */
  int cancel_fd;
} acs__registry;

/* The abbreviated packument of `name` ("lodash", "@scope/pkg"): from the
** cache while its max-age holds, else revalidated with If-None-Match (a 304
** keeps the cached copy), else fetched. When the registry cannot be reached,
** a cached copy is used whatever its age. Returns 0 and *out (the caller
** owns the reference); ACS_ECONFIG with *missing true and "Package \"x\" is
** not in the npm registry." when the registry says 404; ACS_EENV for
** network, HTTP or JSON failures (the message names the package and the
** URL). */
/* The Authorization header for a request to url ("Authorization: Bearer
** <ACS_NPM_TOKEN>") into header: true only when a token is set and url has
** the registry's origin (ACS_NPM_REGISTRY, or registry.npmjs.org), so the
** token never goes to another host (a tarball URL elsewhere). */
bool acs__registry_auth(const char *url, char *header, size_t cap);

int acs__registry_packument(acs__registry *r, const char *name, json_t **out, bool *missing,
                            acs_err *err);

#endif
