/* semver_fuzz.c - libFuzzer harness for semver ranges and the package
** allowlist (src/pkg/semver.c, range.c, name.c, allow.c).
**
** Input: lines. The first is a range, the others versions; all of them,
** once more, an allowedPackages list. The range is parsed; when it parses,
** each version is tested (strict and loose parses), the highest
** satisfying one is picked, and the desugared text must parse again into
** a range that prints the same after one more round and answers the same
** for every version (node-semver's validRange is a fixed point from its
** second round on). A refusal must come with a message. Then the lines are
** parsed as an allowlist and the second line is checked as a package name
** at the third as a version. Nothing may crash, leak or read out of
** bounds. Build and run: `make fuzz-semver`. */
#include "pkg/allow.h"
#include "pkg/semver.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *format(const acs__semver_range *r)
{
  acs__buf b = {0};
  if (acs__semver_range_format(r, &b)) abort();
  return acs__buf_take(&b, NULL);
}

static void ranges(char **lines, size_t n)
{
  acs__semver_range *r1 = NULL, *r2 = NULL, *r3 = NULL;
  acs_err err = {0};
  if (acs__semver_range_parse(lines[0], &r1, &err)) {
    if (!err.message || !strstr(err.message, "invalid semver range")) abort();
    acs_err_clear(&err);
    return;
  }
  char *f1 = format(r1);
  if (acs__semver_range_parse(f1, &r2, NULL)) abort(); /* its own output must parse */
  char *f2 = format(r2);
  if (acs__semver_range_parse(f2, &r3, NULL)) abort();
  char *f3 = format(r3);
  if (strcmp(f2, f3)) abort();
  for (size_t i = 1; i < n; i++) {
    for (unsigned flags = 0; flags <= ACS__SEMVER_LOOSE; flags++) {
      acs__semver v;
      if (acs__semver_parse(lines[i], flags, &v, &err)) {
        if (!err.message) abort();
        acs_err_clear(&err);
        continue;
      }
      acs__buf b = {0};
      if (acs__semver_format(&v, &b)) abort();
      /* The canonical text is a strict version of the same precedence (a
      ** loose one may keep leading zeros in prerelease numbers past 2^53). */
      acs__semver w;
      int bad = acs__semver_parse(b.data, 0, &w, NULL);
      if ((bad && !flags) || (!bad && acs__semver_cmp(&v, &w))) abort();
      acs__semver_clear(&w);
      acs__buf_free(&b);
      (void)acs__semver_range_test(r1, &v);
      if (acs__semver_range_test(r2, &v) != acs__semver_range_test(r3, &v)) abort();
      acs__semver_clear(&v);
    }
  }
  const char *best = NULL;
  if (acs__semver_max_satisfying((const char *const *)lines + 1, n - 1, lines[0], &best, NULL))
    abort();
  if (best) {
    bool ok;
    if (acs__semver_satisfies(best, lines[0], &ok, NULL) || !ok) abort();
  }
  free(f1);
  free(f2);
  free(f3);
  acs__semver_range_free(r1);
  acs__semver_range_free(r2);
  acs__semver_range_free(r3);
}

static void allowlist(char **lines, size_t n)
{
  acs__allow *a = NULL;
  acs_err err = {0};
  char why[512];
  const char *name = n > 1 ? lines[1] : "x", *version = n > 2 ? lines[2] : NULL;
  if (acs__allow_parse((const char *const *)lines, n, &a, &err)) {
    if (!err.message || err.code != ACS_ECONFIG) abort();
    acs_err_clear(&err);
  } else {
    if (!acs__allow_check(a, name, version, why, sizeof why) && !why[0]) abort();
    const char *r = acs__allow_range(a, name);
    acs__semver_range *pr;
    if (r && acs__semver_range_parse(r, &pr, NULL)) abort(); /* a union of valid ranges */
    if (r) acs__semver_range_free(pr);
    acs__allow_free(a);
  }
  if (!acs__allow_check(NULL, name, NULL, why, sizeof why) && !why[0]) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char *text = malloc(size + 1);
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = 0;
  char *lines[64];
  size_t n = 0;
  for (char *p = text; n < 64;) {
    lines[n++] = p;
    char *nl = strchr(p, '\n');
    if (!nl) break;
    *nl = 0;
    p = nl + 1;
  }
  ranges(lines, n);
  allowlist(lines, n);
  free(text);
  return 0;
}
