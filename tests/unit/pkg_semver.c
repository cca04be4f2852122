/* pkg_semver.c - versions and ranges (src/pkg/semver.c, range.c): the
** desugarings node-semver documents, precedence, the prerelease rule, and
** the messages for bad input. tests/lib/semver_vs_node.js compares the same
** code with node-semver on thousands of generated cases; these are the
** ones worth reading. */
#include "pkg/semver.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

/* The canonical text of a strict (or loose) parse, "E" when it fails. */
static char *valid(const char *text, unsigned flags)
{
  acs__semver v;
  acs_err err = {0};
  acs__buf b = {0};
  if (acs__semver_parse(text, flags, &v, &err)) {
    cr_assert(err.message && strstr(err.message, "not a valid version"), "message: %s",
              err.message);
    cr_assert_eq(err.code, ACS_EINVAL);
    acs_err_clear(&err);
    acs__buf_puts(&b, "E");
  } else {
    acs__semver_format(&v, &b);
    acs__semver_clear(&v);
  }
  return acs__buf_take(&b, NULL);
}

static void expect_valid(const char *text, unsigned flags, const char *want)
{
  char *got = valid(text, flags);
  cr_expect_str_eq(got, want, "\"%s\"%s: got %s, want %s", text,
                   flags ? " (loose)" : "", got, want);
  free(got);
}

/* validRange's text, or "E". */
static char *desugar(const char *range)
{
  acs__semver_range *r;
  acs_err err = {0};
  acs__buf b = {0};
  if (acs__semver_range_parse(range, &r, &err)) {
    cr_assert_null(r);
    cr_assert_eq(err.code, ACS_EINVAL);
    acs_err_clear(&err);
    acs__buf_puts(&b, "E");
  } else {
    acs__semver_range_format(r, &b);
    acs__semver_range_free(r);
  }
  return acs__buf_take(&b, NULL);
}

static void expect_range(const char *range, const char *want)
{
  char *got = desugar(range);
  cr_expect_str_eq(got, want, "\"%s\": got \"%s\", want \"%s\"", range, got, want);
  free(got);
}

static int sat(const char *version, const char *range)
{
  bool ok;
  acs_err err = {0};
  int rc = acs__semver_satisfies(version, range, &ok, &err);
  acs_err_clear(&err);
  return rc ? -1 : ok;
}

static int cmp(const char *a, const char *b)
{
  acs__semver x, y;
  cr_assert_eq(acs__semver_parse(a, 0, &x, NULL), 0, "%s", a);
  cr_assert_eq(acs__semver_parse(b, 0, &y, NULL), 0, "%s", b);
  int d = acs__semver_cmp(&x, &y);
  acs__semver_clear(&x);
  acs__semver_clear(&y);
  return d;
}

/* ------------------------------------------------------------- versions */

Test(semver, strict_versions)
{
  expect_valid("1.2.3", 0, "1.2.3");
  expect_valid("v1.2.3", 0, "1.2.3");
  expect_valid("  1.2.3\t", 0, "1.2.3");
  expect_valid("\xc2\xa0" "1.2.3\xe3\x80\x80", 0, "1.2.3"); /* NBSP, ideographic space */
  expect_valid("1.2.3-beta.2+build.5", 0, "1.2.3-beta.2");
  expect_valid("1.2.3--", 0, "1.2.3--");
  expect_valid("1.2.3-0a", 0, "1.2.3-0a");
  expect_valid("9007199254740991.0.0", 0, "9007199254740991.0.0");
  const char *bad[] = {"=1.2.3", "vv1.2.3", "1.2", "1.2.3.4", "01.2.3", "1.02.3", "1.2.3-01",
                       "1.2.3-", "1.2.3+", "1.2.3-a..b", "1.2.3beta", "9007199254740992.0.0",
                       "a.b.c", "", "1.2.3 4", "1.2.3-a_b"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) expect_valid(bad[i], 0, "E");
}

Test(semver, length_is_counted_as_javascript_does)
{
  char s[300];
  memset(s, ' ', 251);
  strcpy(s + 251, "1.2.3"); /* 256 characters: fine */
  expect_valid(s, 0, "1.2.3");
  memset(s, ' ', 252);
  strcpy(s + 252, "1.2.3"); /* 257 */
  expect_valid(s, 0, "E");
}

Test(semver, loose_versions)
{
  expect_valid(" = v 2.1.5foo", ACS__SEMVER_LOOSE, "2.1.5-foo");
  expect_valid("=v2.1.5", ACS__SEMVER_LOOSE, "2.1.5");
  expect_valid("01.02.03-01.0a+00", ACS__SEMVER_LOOSE, "1.2.3-1.0a");
  expect_valid("1.2.3-", ACS__SEMVER_LOOSE, "1.2.3--");
  expect_valid("1.2.34.5", ACS__SEMVER_LOOSE, "1.2.3-4.5"); /* node-semver backtracks */
  expect_valid("1.2.3.4", ACS__SEMVER_LOOSE, "E");
  expect_valid("~1.0.0", ACS__SEMVER_LOOSE, "E");
}

Test(semver, precedence)
{
  /* SemVer 2.0.0, item 11. */
  const char *order[] = {"1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta",
                         "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.0.1",
                         "1.1.0", "2.0.0"};
  size_t n = sizeof order / sizeof *order;
  for (size_t i = 0; i < n; i++)
    for (size_t k = 0; k < n; k++) {
      int want = i < k ? -1 : i > k;
      cr_expect_eq(cmp(order[i], order[k]), want, "%s vs %s", order[i], order[k]);
    }
  cr_expect_eq(cmp("1.2.3+a", "1.2.3+b"), 0, "build metadata is ignored");
  cr_expect_eq(cmp("1.2.3-1", "1.2.3-a"), -1, "numbers rank below words");
  cr_expect_eq(cmp("1.2.3-0a", "1.2.3-1"), 1, "0a is a word");
  cr_expect_eq(cmp("1.2.3-B", "1.2.3-a"), -1, "ASCII order");
  cr_expect_eq(cmp("1.2.3-99999999999999999999", "1.2.3-99999999999999999998"), 1,
               "big numbers compare exactly");
}

/* --------------------------------------------------------------- ranges */

Test(range, documented_desugarings)
{
  /* node-semver's README, one line each. */
  static const char *t[][2] = {
      {"1.2.3 - 2.3.4", ">=1.2.3 <=2.3.4"},   {"1.2 - 2.3.4", ">=1.2.0 <=2.3.4"},
      {"1.2.3 - 2.3", ">=1.2.3 <2.4.0-0"},    {"1.2.3 - 2", ">=1.2.3 <3.0.0-0"},
      {"*", "*"},                             {"", "*"},
      {"x", "*"},                             {"1.x", ">=1.0.0 <2.0.0-0"},
      {"1.2.x", ">=1.2.0 <1.3.0-0"},          {"1", ">=1.0.0 <2.0.0-0"},
      {"1.2", ">=1.2.0 <1.3.0-0"},            {"~1.2.3", ">=1.2.3 <1.3.0-0"},
      {"~1.2", ">=1.2.0 <1.3.0-0"},           {"~1", ">=1.0.0 <2.0.0-0"},
      {"~0.2.3", ">=0.2.3 <0.3.0-0"},         {"~0.2", ">=0.2.0 <0.3.0-0"},
      {"~0", "<1.0.0-0"},                     {"~1.2.3-beta.2", ">=1.2.3-beta.2 <1.3.0-0"},
      {"^1.2.3", ">=1.2.3 <2.0.0-0"},         {"^0.2.3", ">=0.2.3 <0.3.0-0"},
      {"^0.0.3", ">=0.0.3 <0.0.4-0"},         {"^1.2.3-beta.2", ">=1.2.3-beta.2 <2.0.0-0"},
      {"^0.0.3-beta", ">=0.0.3-beta <0.0.4-0"}, {"^1.2.x", ">=1.2.0 <2.0.0-0"},
      {"^0.0.x", "<0.1.0-0"},                 {"^0.0", "<0.1.0-0"},
      {"^1.x", ">=1.0.0 <2.0.0-0"},           {"^0.x", "<1.0.0-0"},
      {">1", ">=2.0.0"},                      {"<1.2", "<1.2.0-0"},
      {">1.2", ">=1.3.0"},                    {"<=1.2", "<1.3.0-0"},
      {">=1.2.3 <2.0.0", ">=1.2.3 <2.0.0"},   {"=1.2.3", "1.2.3"},
      {"1.2.7 || >=1.2.9 <2.0.0", "1.2.7||>=1.2.9 <2.0.0"},
  };
  for (size_t i = 0; i < sizeof t / sizeof *t; i++) expect_range(t[i][0], t[i][1]);
}

Test(range, spelling_and_white_space)
{
  expect_range(">= 1.2.3", ">=1.2.3");
  expect_range(">=  1.2.3 \t <  2", ">=1.2.3 <2.0.0-0");
  expect_range("~ 1.2", ">=1.2.0 <1.3.0-0");
  expect_range("~>1.2", ">=1.2.0 <1.3.0-0");
  expect_range("~> 1.2", ">=1.2.0 <1.3.0-0");
  expect_range("^ 1", ">=1.0.0 <2.0.0-0");
  expect_range("v1.2.3", "1.2.3");
  expect_range("=v1.2.3", "1.2.3");
  expect_range("= 1.2.3", "1.2.3");
  expect_range("1||2", ">=1.0.0 <2.0.0-0||>=2.0.0 <3.0.0-0");
  expect_range("1\xc2\xa0||\xe3\x80\x80" "2", ">=1.0.0 <2.0.0-0||>=2.0.0 <3.0.0-0");
  expect_range("1.2.3+build", "1.2.3");
  expect_range("1 - 2.3.4+b", ">=1.0.0 <=2.3.4");
  expect_range("X.x.*", "*");
  expect_range("> =1", ">=1.0.0"); /* node-semver joins them */
}

Test(range, node_semver_clean_up)
{
  expect_range("1.2.3 1.2.3 v1.2.3", "1.2.3");         /* repeats kept once */
  expect_range(">=1 * <2", ">=1.0.0 <2.0.0-0");        /* any drops out */
  expect_range("1 || * || 2", "*");                    /* an any alternative wins */
  expect_range("<0.0.0-0 || 1", ">=1.0.0 <2.0.0-0");   /* nothing-matching goes */
  expect_range("<x", "<0.0.0-0");
  expect_range(">=0.0.0", "*");
  expect_range("1 ||", "*");
  expect_range("1.2.3*", "1.2.3");                     /* its last rewrite drops a stray * */
}

Test(range, satisfies)
{
  cr_expect_eq(sat("1.2.7", ">=1.2.7"), 1);
  cr_expect_eq(sat("1.2.6", ">=1.2.7"), 0);
  cr_expect_eq(sat("1.2.8", "1.2.7 || >=1.2.9 <2.0.0"), 0);
  cr_expect_eq(sat("1.4.6", "1.2.7 || >=1.2.9 <2.0.0"), 1);
  cr_expect_eq(sat("2.0.0", "^1.2.3"), 0);
  cr_expect_eq(sat("1.9.9", "^1.2.3"), 1);
  cr_expect_eq(sat("0.0.4", "^0.0.3"), 0);
  cr_expect_eq(sat("5.7.0", "5"), 1);
  cr_expect_eq(sat("5.7.0", "5.7"), 1);
  cr_expect_eq(sat("5.7.1", "5.7.0"), 0);
  cr_expect_eq(sat(" v1.2.3 ", "1.2.3"), 1, "the version is trimmed, v allowed");
  cr_expect_eq(sat("=1.2.3", "1.2.3"), 0, "strict: no '=' before a version");
  cr_expect_eq(sat("1.2.3+b", "1.2.3"), 1, "build ignored");
  cr_expect_eq(sat("not a version", "*"), 0);
  cr_expect_eq(sat("1.2.3", "not a range"), -1);
}

Test(range, prerelease_rule)
{
  cr_expect_eq(sat("1.2.3-alpha.7", ">1.2.3-alpha.3"), 1);
  cr_expect_eq(sat("3.4.5-alpha.9", ">1.2.3-alpha.3"), 0, "other tuple");
  cr_expect_eq(sat("3.4.5", ">1.2.3-alpha.3"), 1);
  cr_expect_eq(sat("1.2.3-beta.4", "~1.2.3-beta.2"), 1);
  cr_expect_eq(sat("1.2.4-beta.2", "~1.2.3-beta.2"), 0);
  cr_expect_eq(sat("0.0.3-pr.2", "^0.0.3-beta"), 1);
  cr_expect_eq(sat("1.0.0-rc.1", "*"), 0);
  cr_expect_eq(sat("1.0.0-rc.1", ""), 0);
  cr_expect_eq(sat("2.0.0-alpha", "^1.2.3"), 0, "below 2.0.0-0's tuple, not above it");
  cr_expect_eq(sat("1.2.3-beta", "1.2.3-beta || *"), 0, "node-semver: an any alternative wins");
  cr_expect_eq(sat("0.0.0-a", ">=0.0.0 <0.0.0-b"), 1, ">=0.0.0 is any");
  cr_expect_eq(sat("0.0.0-a", ">=v0.0.0 <0.0.0-b"), 0, "but >=v0.0.0 is kept");
}

Test(range, limits)
{
  expect_range("~9007199254740991.1", ">=9007199254740991.1.0 <9007199254740991.2.0-0");
  expect_range("^9007199254740991", "E"); /* its upper bound is too large */
  expect_range("1.2.99999999999999999999", "E");
  expect_range("~x.99999999999999999999", "*"); /* numbers after an x are ignored */
  char r[400] = "1.2.3-";
  memset(r + 6, 'a', 250);
  r[256] = 0;
  expect_range(r, r);
  strcat(r, "a");
  expect_range(r, "E"); /* 257 characters */
}

Test(range, errors_name_the_range_and_the_reason)
{
  static const char *t[][2] = {
      {"^x.y", "a version number or x is expected"},
      {"1.x.3", "after an x every number must be x too"},
      {"1.2.3.4", "at most three numbers"},
      {"01.2.3", "leading zero"},
      {"1.2-beta", "a prerelease needs major.minor.patch"},
      {"1.2.3-01", "leading zero"},
      {">=", "an operator needs a version after it"},
      {"1 - 2 - 3", ""},
      {"1.2.3 -2", "hyphen range"},
      {"=1.2.3 - 2", "only a \"v\""},
      {"^9007199254740991", "larger than 9007199254740991"},
      {"lodash", ""},
      {"1 | 2", ""},
  };
  for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
    acs__semver_range *r = (acs__semver_range *)1;
    acs_err err = {0};
    cr_expect_eq(acs__semver_range_parse(t[i][0], &r, &err), ACS_EINVAL, "%s", t[i][0]);
    cr_expect_null(r);
    cr_expect(err.message && strstr(err.message, t[i][0]) && strstr(err.message, t[i][1]),
              "\"%s\": message \"%s\" should quote it and say \"%s\"", t[i][0], err.message,
              t[i][1]);
    cr_expect_str_eq(err.type, "SandboxConfigError");
    acs_err_clear(&err);
  }
}

Test(range, max_satisfying)
{
  const char *v[] = {"1.2.3", "junk", "1.3.0+a", "1.3.0+b", "2.0.0", "1.4.0-beta", " 1.3.0 "};
  size_t n = sizeof v / sizeof *v;
  const char *best;
  cr_assert_eq(acs__semver_max_satisfying(v, n, "^1", &best, NULL), 0);
  cr_expect_eq(best, v[2], "the first of equal versions; prereleases and junk skipped");
  cr_assert_eq(acs__semver_max_satisfying(v, n, "1.4.0-beta || 1.2", &best, NULL), 0);
  cr_expect_eq(best, v[5]);
  cr_assert_eq(acs__semver_max_satisfying(v, n, "^9", &best, NULL), 0);
  cr_expect_null(best);
  cr_assert_eq(acs__semver_max_satisfying(NULL, 0, "*", &best, NULL), 0);
  cr_expect_null(best);
  acs_err err = {0};
  cr_expect_eq(acs__semver_max_satisfying(v, n, "^^1", &best, &err), ACS_EINVAL);
  cr_expect_null(best);
  cr_expect(err.message && strstr(err.message, "^^1"));
  acs_err_clear(&err);
}

Test(range, frees_accept_null)
{
  acs__semver_range_free(NULL);
  acs__semver_clear(NULL);
  acs__semver v;
  cr_expect_eq(acs__semver_parse(NULL, 0, &v, NULL), ACS_EINVAL);
  acs__semver_range *r;
  cr_expect_eq(acs__semver_range_parse(NULL, &r, NULL), 0, "NULL reads as \"\": any");
  acs__semver_range_free(r);
}

Test(range, long_ranges_are_linear)
{
  /* 20000 alternatives and 20000 comparators in one: parsed quickly. */
  acs__buf b = {0};
  for (int i = 0; i < 20000; i++) acs__buf_printf(&b, "%s^%d.%d.0", i ? " || " : "", i, i % 7);
  for (int i = 0; i < 20000; i++) acs__buf_printf(&b, " >=%d.0.0", i % 50);
  double t0 = acs__now_ms();
  acs__semver_range *r;
  cr_assert_eq(acs__semver_range_parse(b.data, &r, NULL), 0);
  acs__semver v;
  cr_assert_eq(acs__semver_parse("19999.5.1", 0, &v, NULL), 0);
  cr_expect(acs__semver_range_test(r, &v));
  cr_expect_lt(acs__now_ms() - t0, 2000.0);
  acs__semver_clear(&v);
  acs__semver_range_free(r);
  acs__buf_free(&b);
}
