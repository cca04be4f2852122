/* pipjob.h - the host side of the box's `pip install`: one request of a
** guest's pip (JSON, docs/box-pip.md) resolved against a Python package
** index (PEP 691 JSON or PEP 503 HTML pages; ACS_PYPI_INDEX_URL, else
** https://pypi.org/simple), every wheel fetched, checked against its
** sha256 and unpacked into the store as pip installs it (wheel.c), and
** answered with what the box must hold. It runs in the worker process the
** box's kernel forks (src/kernel/pkgcall.c), never in a guest. */
#ifndef ACS_PKG_PIPJOB_H
#define ACS_PKG_PIPJOB_H

#include "npmjob.h"

#include <jansson.h>

/* Run the request (the "pip" member of a PKG_INSTALL request):
**   {"reqs": ["alpha==1.0", ...], "site": BOX_PATH, "prefix": BOX_PATH,
**    "installed": {"key": {"name", "version", "requires": [...]}},
**    "upgrade": bool, "noDeps": bool, "forceReinstall": bool}
** and return the answer (malloc'd JSON; NULL only when out of memory):
**   {"ok": true, "log": [LINE...], "install": [{"name", "key", "version",
**    "distInfo", "requested"}...] (pip's install order), "pkgs": [{"path",
**    "dir", "name", "version"}...] (what the kernel copies)}
**   {"ok": false, "log": [...], "message": "ERROR: ..." lines}
** pol is the box's package policy, as npm's. */
char *acs__pip_job(json_t *req, const acs__npm_policy *pol);

#endif
