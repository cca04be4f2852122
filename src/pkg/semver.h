/* semver.h - versions and ranges as npm reads them (node-semver 7).
**
** Versions are SemVer 2.0.0 (semver.c); ranges are node-semver's grammar:
** `||`, hyphen ranges, x-ranges and partials, `~`, `^`, and the primitive
** comparators, desugared the way node-semver documents (range.c). The
** behaviour is checked against the `semver` npm package itself by
** tests/lib/semver_vs_node.js.
**
** Not supported (node-semver options we never need): loose ranges,
** includePrerelease, coerce. Prerelease numbers above 2^53 compare exactly
** here; node-semver compares them as doubles. */
#ifndef ACS_PKG_SEMVER_H
#define ACS_PKG_SEMVER_H

#include "acs.h"
#include "../base/base.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The largest version number node-semver accepts (Number.MAX_SAFE_INTEGER). */
#define ACS__SEMVER_MAX_NUM 9007199254740991ULL
/* The longest version string node-semver accepts, in UTF-16 code units. */
#define ACS__SEMVER_MAX_LEN 256

/* ------------------------------------------------------------- versions */

typedef struct acs__semver {
  uint64_t major, minor, patch;
  char *pre;   /* prerelease without the '-' ("beta.2"), NULL when none; owned */
  char *build; /* build metadata without the '+', NULL when none; owned */
} acs__semver;

/* Parse flags. */
enum {
  /* node-semver's `loose`: any mix of "v", "=" and spaces before the
  ** version, leading zeros, the '-' before a prerelease optional. Without
  ** it the parse is strict, as the registry publishes versions: only a
  ** leading "v" and surrounding white space are allowed. */
  ACS__SEMVER_LOOSE = 1,
};

/* Parse a version. Returns 0 and fills *out (release it with
** acs__semver_clear), or ACS_EINVAL with a message naming the text (*out is
** then zeroed), or ACS_ENOMEM. */
int acs__semver_parse(const char *text, unsigned flags, acs__semver *out /* OUT */,
                      acs_err *err);
/* Free what a parse filled and zero *v. NULL is a no-op. */
void acs__semver_clear(acs__semver *v);

/* SemVer precedence: -1, 0 or 1. Build metadata is ignored; a version with
** a prerelease is lower than the same version without; prerelease
** identifiers compare numerically when both are numbers, else as ASCII,
** and a number is lower than a word. */
int acs__semver_cmp(const acs__semver *a, const acs__semver *b);

/* Append the canonical text ("1.2.3-beta.2", no build) to b. Returns 0 or
** ACS_ENOMEM. */
int acs__semver_format(const acs__semver *v, acs__buf *b);

/* --------------------------------------------------------------- ranges */

typedef struct acs__semver_range acs__semver_range;

/* Parse a range ("^1.2.3 || 2.x", "" meaning any). Returns 0 and *out (free
** it with acs__semver_range_free), or ACS_EINVAL with a message that quotes
** the range and says what is wrong with which part, or ACS_ENOMEM. */
int acs__semver_range_parse(const char *text, acs__semver_range **out /* OUT */,
                            acs_err *err);
void acs__semver_range_free(acs__semver_range *r); /* NULL is a no-op */

/* Whether a version is in the range. A version with a prerelease is in
** only when some comparator of the matching `||` alternative has a
** prerelease on the same major.minor.patch (node-semver's rule, with
** includePrerelease off). */
bool acs__semver_range_test(const acs__semver_range *r, const acs__semver *v);

/* Append the desugared range as node-semver's validRange prints it to b:
** ">=1.2.3 <2.0.0-0||>=3.0.0", "*" for any. Returns 0 or ACS_ENOMEM. */
int acs__semver_range_format(const acs__semver_range *r, acs__buf *b);

/* Whether the version text satisfies the range text: *out is true or false.
** A version that does not parse (strictly) is not in any range, as with
** node-semver. Returns 0, ACS_EINVAL for a bad range (message in err), or
** ACS_ENOMEM. */
int acs__semver_satisfies(const char *version, const char *range, bool *out /* OUT */,
                          acs_err *err);

/* The highest of versions[0..n) that satisfies the range, or NULL when none
** does. Strings that are not valid versions are skipped; among equal
** versions (differing in build only) the first wins. *out points into
** versions. Returns 0, ACS_EINVAL for a bad range, or ACS_ENOMEM. */
int acs__semver_max_satisfying(const char *const *versions, size_t n, const char *range,
                               const char **out /* OUT */, acs_err *err);

/* ------------------------------------------------------------- internal */

/* Length in bytes of the JavaScript white-space character (\s) at s[0..n),
** or 0: node-semver trims and splits with JavaScript's idea of space. */
size_t acs__semver_space(const char *s, size_t n);

#endif
