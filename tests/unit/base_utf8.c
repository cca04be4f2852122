/* base_utf8.c - invalid UTF-8 replaced, valid kept. */
#include "base/base.h"

#include <criterion/criterion.h>
#include <stdlib.h>

static void expect(const char *in, size_t len, const char *want)
{
  size_t n;
  char *out = acs__utf8_sanitize(in, len, &n);
  cr_assert_str_eq(out, want);
  free(out);
}

Test(utf8, sanitize)
{
  expect("plain", 5, "plain");
  expect("\xc3\xa9t\xc3\xa9", 5, "\xc3\xa9t\xc3\xa9");
  expect("a\xff" "b", 3, "a\xef\xbf\xbd" "b");
  expect("\xc3", 1, "\xef\xbf\xbd");
  expect("\xed\xa0\x80", 3, "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"); /* surrogate */
  expect("\xf0\x9f\x98\x80", 4, "\xf0\x9f\x98\x80");
}
