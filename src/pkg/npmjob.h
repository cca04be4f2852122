/* npmjob.h - the host side of the box's `npm install`: one request of a
** guest's npm (JSON, docs/box-npm.md) resolved, fetched, verified and
** unpacked into the store with the code of this folder, answered with the
** tree the box must hold. It runs in a worker process the box's kernel
** forks (src/kernel/pkgcall.c), never in a guest: guest code has no
** network. */
#ifndef ACS_PKG_NPMJOB_H
#define ACS_PKG_NPMJOB_H

#include "allow.h"

#include <stdbool.h>
#include <stddef.h>

/* What a box may install: `none` (acs box --no-packages), else `allow`
** (NULL: any package; the entries of --allow-package otherwise). */
typedef struct acs__npm_policy {
  bool none;
  const acs__allow *allow;
  const char *const *allowed; /* the entries as given, for messages and the tree cache's key */
  size_t allowed_count;
} acs__npm_policy;

/* Run the request req (len bytes of JSON):
**   {"wants": [{"name", "range", "dev", "optional"}...],
**    "lock": {"node_modules/a": {"version", "name"?}, ...} (optional),
**    "omitDev": bool}
** and return the answer (malloc'd JSON, never NULL unless out of memory):
**   {"ok": true, "fetched": N, "pkgs": [{"path": "node_modules/a", "dir": HOST, "name",
**     "version", "resolved", "integrity", "dev", "optional", "dependencies", ...}]}
**   {"ok": false, "code": "E404"|"E403"|"ETARGET"|"EUNSUPPORTED"|"EENV"|..., "message": TEXT}
** The "dir" fields are host paths in the store, for the kernel only. */
char *acs__npm_job(const char *req, size_t len, const acs__npm_policy *pol);

#endif
