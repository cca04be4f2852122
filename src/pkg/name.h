/* name.h - npm package names: which strings can name a registry package. */
#ifndef ACS_PKG_NAME_H
#define ACS_PKG_NAME_H

#include <stdbool.h>
#include <stddef.h>

/* Whether name[0..len) is a valid npm package name, "pkg" or "@scope/pkg":
** at most 214 characters; no leading '.' or '_' (nor a scope or scoped
** name starting with '.'); only characters that need no escaping in a URL
** ([a-z0-9-._], plus, when `legacy`, the upper case and ~'!()* that older
** packages such as "JSONStream" still carry); not "node_modules" or
** "favicon.ico". New packages must be lower case; names already on the
** registry may not be, hence `legacy` for names read from code. Returns
** NULL, or static text saying why not ("it must be lower case"). */
const char *acs__pkg_name_check(const char *name, size_t len, bool legacy);

#endif
