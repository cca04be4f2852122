/* allow.h - which npm packages a run may install and import
** (allowedPackages).
**
** An entry is "name" (any version) or "name@range" with node-semver's range
** grammar ("papaparse@5", "date-fns@^3.1.0", "@scope/pkg@~1.2"). No list
** (a NULL acs__allow) allows every package; an empty list allows none. A
** name listed more than once allows the union of its ranges. Dependencies
** of allowed packages are the resolver's business, not this list's. */
#ifndef ACS_PKG_ALLOW_H
#define ACS_PKG_ALLOW_H

#include "acs.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct acs__allow acs__allow;

/* Parse allowedPackages entries (copied). Names follow the registry's
** rules for new packages (acs__pkg_name_check, not legacy); ranges must
** parse. Returns 0 and *out (free with acs__allow_free; an empty list when
** n == 0), or ACS_ECONFIG (type SandboxConfigError) naming the first bad
** entry and what is wrong with it, or ACS_ENOMEM. */
int acs__allow_parse(const char *const *entries, size_t n, acs__allow **out /* OUT */,
                     acs_err *err);
void acs__allow_free(acs__allow *list); /* NULL is a no-op */

/* Whether package `name` (at `version`, when not NULL) may be used. list
** NULL allows any valid name. A name that cannot be a package
** (acs__pkg_name_check, legacy names accepted) is refused even then. A
** version must be a valid version inside one of the name's ranges; NULL
** asks about the name only. Returns true, or false with a message for the
** model in why (always NUL-terminated when why_len > 0), e.g.
** `Package "lodash" is not allowed; allowed: papaparse@5, date-fns.` */
bool acs__allow_check(const acs__allow *list, const char *name, const char *version,
                      char *why, size_t why_len);

/* The range to resolve `name` with: its entries' ranges joined by " || ",
** borrowed from the list (valid until acs__allow_free). NULL when any
** version is allowed (list NULL, or an entry without a range) or when the
** name is not listed: call acs__allow_check first. */
const char *acs__allow_range(const acs__allow *list, const char *name);

/* Number of entries as given (0: no package is allowed). */
size_t acs__allow_count(const acs__allow *list);

#endif
