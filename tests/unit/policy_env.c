/* policy_env.c - which environment variables a guest may get. */
#include "policy/env.h"

#include <criterion/criterion.h>
#include <string.h>

static int check(const char *item)
{
  acs_err err = {0};
  int rc = acs__env_check(item, &err);
  if (rc) cr_assert(err.message && strlen(err.message) > 10, "a message explains");
  acs_err_clear(&err);
  return rc;
}

Test(env, ordinary_names_pass)
{
  cr_assert_eq(check("FOO=bar"), 0);
  cr_assert_eq(check("API_BASE_URL=https://x"), 0);
  cr_assert_eq(check("EMPTY="), 0);
  cr_assert_eq(check("X=a=b"), 0);
  cr_assert_eq(check("LDX=1"), 0, "LD without underscore is fine");
  cr_assert_eq(check("MY_HTTP_PROXY=1"), 0);
}

Test(env, reserved_names_are_refused)
{
  const char *bad[] = {"LD_PRELOAD=x", "ld_library_path=x", "DYLD_INSERT_LIBRARIES=x", "DENO_DIR=x",
                       "ACS_ANY=x", "HTTP_PROXY=x", "http_proxy=x", "HTTPS_PROXY=x",
                       "https_proxy=x", "NO_PROXY=x", "no_proxy=x", "ALL_PROXY=x", "all_proxy=x"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    cr_assert_eq(check(bad[i]), ACS_ECONFIG, "%s", bad[i]);
}

Test(env, malformed_items_are_refused)
{
  cr_assert_eq(check("=x"), ACS_ECONFIG);
  cr_assert_eq(check("NOVALUE"), ACS_ECONFIG);
  cr_assert_eq(check(""), ACS_ECONFIG);
}
