/* pkg_allow.c - allowedPackages (src/pkg/allow.c) and npm package names
** (src/pkg/name.c): what parses, what is refused and how it is said. */
#include "pkg/allow.h"
#include "pkg/name.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static acs__allow *parse(const char *const *e, size_t n)
{
  acs__allow *a = NULL;
  acs_err err = {0};
  int rc = acs__allow_parse(e, n, &a, &err);
  cr_assert_eq(rc, 0, "parse failed: %s", err.message ? err.message : "?");
  acs_err_clear(&err);
  return a;
}

#define PARSE(...)                                                                \
  parse((const char *const[]){__VA_ARGS__},                                       \
        sizeof((const char *const[]){__VA_ARGS__}) / sizeof(const char *))

static void expect_bad(const char *entry, const char *fragment)
{
  acs__allow *a = (acs__allow *)1;
  acs_err err = {0};
  const char *e[] = {"date-fns", entry};
  cr_expect_eq(acs__allow_parse(e, 2, &a, &err), ACS_ECONFIG, "\"%s\" was accepted", entry);
  cr_expect_null(a);
  cr_expect(err.message && strstr(err.message, entry), "message does not name \"%s\": %s",
            entry, err.message);
  cr_expect(err.message && strstr(err.message, fragment), "\"%s\": message \"%s\" lacks \"%s\"",
            entry, err.message, fragment);
  cr_expect_str_eq(err.type, "SandboxConfigError");
  acs_err_clear(&err);
}

static bool ok(const acs__allow *a, const char *name, const char *version, char *why)
{
  return acs__allow_check(a, name, version, why, 512);
}

Test(pkg_name, rules)
{
  const char *good[] = {"lodash", "date-fns", "example.com", "under_score", "123numeric",
                        "@npm/thingy", "@jane/foo.js", "@s/_x", "a", "node_modules2", "fs"};
  for (size_t i = 0; i < sizeof good / sizeof *good; i++)
    cr_expect_null(acs__pkg_name_check(good[i], strlen(good[i]), false), "%s", good[i]);
  static const char *bad[][2] = {
      {"", "empty"},
      {".hidden", "'.'"},
      {"_under", "'_'"},
      {"Lodash", "lower case"},
      {" lodash", "spaces"},
      {"lo dash", "spaces"},
      {"excited!", "only lower-case"},
      {"a/b", "scoped"},
      {"@scope", "needs a '/'"},
      {"@/x", "empty"},
      {"@s/", "empty"},
      {"@s/x/y", "one '/'"},
      {"@s/..", "'.'"},
      {"@../x", "'.'"},
      {"..", "'.'"},
      {"node_modules", "reserved"},
      {"favicon.ico", "reserved"},
      {"a:b", "only lower-case"},
      {"caf\xc3\xa9", "only lower-case"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    const char *why = acs__pkg_name_check(bad[i][0], strlen(bad[i][0]), false);
    cr_expect(why && strstr(why, bad[i][1]), "\"%s\": %s", bad[i][0], why ? why : "accepted");
  }
  char long_name[300];
  memset(long_name, 'a', 215);
  cr_expect_not_null(acs__pkg_name_check(long_name, 215, false));
  cr_expect_null(acs__pkg_name_check(long_name, 214, false));
  /* Older packages carry upper case and ~'!()*: real names, read from code. */
  cr_expect_null(acs__pkg_name_check("JSONStream", 10, true));
  cr_expect_not_null(acs__pkg_name_check("JSONStream", 10, false));
  cr_expect_not_null(acs__pkg_name_check("../x", 4, true));
}

Test(allow, good_entries)
{
  acs__allow *a = PARSE("papaparse@5", "date-fns", "@scope/pkg@~1.2", "zod@>=3.22.0 <4",
                        "lodash@4.17.21", "x@1.2.3 - 2.3.4 || 5.x");
  cr_expect_eq(acs__allow_count(a), 6);
  char why[512];
  cr_expect(ok(a, "papaparse", "5.4.1", why), "%s", why);
  cr_expect(!ok(a, "papaparse", "4.6.3", why));
  cr_expect(ok(a, "date-fns", "3.6.0", why));
  cr_expect(ok(a, "date-fns", NULL, why));
  cr_expect(ok(a, "@scope/pkg", "1.2.9", why));
  cr_expect(!ok(a, "@scope/pkg", "1.3.0", why));
  cr_expect(ok(a, "zod", "3.23.8", why));
  cr_expect(ok(a, "x", "5.1.0", why));
  cr_expect(!ok(a, "x", "3.0.0", why));
  acs__allow_free(a);
}

Test(allow, refusal_reads_as_the_seed_says)
{
  acs__allow *a = PARSE("papaparse@5", "date-fns");
  char why[512];
  cr_expect(!ok(a, "lodash", NULL, why));
  cr_expect_str_eq(why, "Package \"lodash\" is not allowed; allowed: papaparse@5, date-fns.");
  cr_expect(!ok(a, "lodash", "4.17.21", why));
  cr_expect_str_eq(why, "Package \"lodash\" is not allowed; allowed: papaparse@5, date-fns.");
  cr_expect(!ok(a, "papaparse", "4.6.3", why));
  cr_expect_str_eq(why,
                   "Package \"papaparse@4.6.3\" is not allowed; allowed: papaparse@5, date-fns.");
  cr_expect(!ok(a, "papaparse", "five", why));
  cr_expect(strstr(why, "not a valid version"), "%s", why);
  acs__allow_free(a);
}

Test(allow, no_list_and_empty_list)
{
  char why[512];
  cr_expect(ok(NULL, "anything", "1.0.0", why), "no list: any package");
  cr_expect(ok(NULL, "JSONStream", NULL, why), "legacy names exist on the registry");
  cr_expect(!ok(NULL, "../etc", NULL, why), "but never a path");
  cr_expect(strstr(why, "\"../etc\" is not a valid npm package name"), "%s", why);
  cr_expect(!ok(NULL, "", NULL, why));
  cr_expect(!ok(NULL, NULL, NULL, why));
  acs__allow *a = NULL;
  cr_assert_eq(acs__allow_parse(NULL, 0, &a, NULL), 0);
  cr_expect_eq(acs__allow_count(a), 0);
  cr_expect(!ok(a, "lodash", NULL, why), "empty list: none");
  cr_expect_str_eq(why, "Package \"lodash\" is not allowed; no packages are allowed.");
  cr_expect_null(acs__allow_range(a, "lodash"));
  acs__allow_free(a);
  acs__allow_free(NULL);
}

Test(allow, union_of_ranges)
{
  acs__allow *a = PARSE("react@17", "lodash@4", "react@^18.2", "lodash", "lodash@3");
  char why[512];
  cr_expect_str_eq(acs__allow_range(a, "react"), "17 || ^18.2");
  cr_expect(ok(a, "react", "17.0.2", why));
  cr_expect(ok(a, "react", "18.3.1", why));
  cr_expect(!ok(a, "react", "16.14.0", why));
  cr_expect(strstr(why, "react@17, lodash@4, react@^18.2, lodash, lodash@3"), "%s", why);
  cr_expect_null(acs__allow_range(a, "lodash"), "a bare entry allows any version");
  cr_expect(ok(a, "lodash", "1.0.0", why));
  cr_expect_null(acs__allow_range(a, "zod"), "not listed");
  cr_expect_null(acs__allow_range(NULL, "zod"), "no list");
  acs__allow_free(a);
}

Test(allow, bad_entries_name_the_entry)
{
  expect_bad("Lodash", "lower case");
  expect_bad(".bin", "'.'");
  expect_bad("_private", "'_'");
  expect_bad("lodash@", "no range after '@'");
  expect_bad("lodash@latest", "dist-tags");
  expect_bad("lodash@^q", "invalid semver range");
  expect_bad("lodash@~1.x.3.4", "at most three numbers");
  expect_bad("lodash@1.2.3.4", "at most three numbers");
  expect_bad("@scope", "needs a '/'");
  expect_bad("@scope/@1", "empty");
  expect_bad("@scope/x@>=", "an operator needs a version");
  expect_bad("../x", "scoped");
  expect_bad("npm:lodash@4", "only lower-case");
  expect_bad("lo dash", "spaces");
  expect_bad("", "empty");
  acs_err err = {0};
  acs__allow *a;
  const char *e[] = {"ok", NULL};
  cr_expect_eq(acs__allow_parse(e, 2, &a, &err), ACS_ECONFIG);
  cr_expect(err.message && strstr(err.message, "null"));
  acs_err_clear(&err);
}

Test(allow, scoped_names_with_ranges)
{
  acs__allow *a = PARSE("@types/node@^20", "@babel/core");
  char why[512];
  cr_expect(ok(a, "@types/node", "20.11.5", why));
  cr_expect(!ok(a, "@types/node", "18.0.0", why));
  cr_expect(strstr(why, "\"@types/node@18.0.0\""), "%s", why);
  cr_expect(ok(a, "@babel/core", "7.0.0", why));
  cr_expect(!ok(a, "@babel/other", NULL, why));
  cr_expect_str_eq(acs__allow_range(a, "@types/node"), "^20");
  acs__allow_free(a);
}

Test(allow, long_lists_are_summarized)
{
  const char *e[40];
  char names[40][16];
  for (int i = 0; i < 40; i++) {
    snprintf(names[i], sizeof names[i], "pkg%d", i);
    e[i] = names[i];
  }
  acs__allow *a = parse(e, 40);
  char why[2048];
  cr_expect(!acs__allow_check(a, "other", NULL, why, sizeof why));
  cr_expect(strstr(why, "pkg19 and 20 more."), "%s", why);
  cr_expect(!strstr(why, "pkg20"), "%s", why);
  cr_expect(acs__allow_check(a, "pkg39", NULL, why, sizeof why), "found by binary search");
  char tiny[8];
  cr_expect(!acs__allow_check(a, "other", NULL, tiny, sizeof tiny));
  cr_expect_eq(strlen(tiny), 7, "truncated, terminated");
  acs__allow_free(a);
}
