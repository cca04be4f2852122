/* env.c - the rule for guest environment variables.
** Reserved names would let a guest (or a careless caller) steer the loader,
** the runtime or outbound traffic, so they are refused outright rather than
** silently dropped. */
#include "env.h"

#include "../base/base.h"

#include <string.h>
#include <strings.h>

static const char *const reserved_prefixes[] = {"LD_", "DYLD_", "DENO_", "ACS_"};
static const char *const proxy_names[] = {"HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY",
                                          "ALL_PROXY"};

int acs__env_check(const char *item, acs_err *err)
{
  const char *eq = strchr(item, '=');
  if (!eq)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                     "env item '%s' has no '=': pass NAME=VALUE", item);
  size_t n = (size_t)(eq - item);
  if (n == 0)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                     "env item '%s' has an empty name: pass NAME=VALUE", item);
  for (size_t i = 0; i < sizeof reserved_prefixes / sizeof *reserved_prefixes; i++) {
    size_t pl = strlen(reserved_prefixes[i]);
    if (n >= pl && strncasecmp(item, reserved_prefixes[i], pl) == 0)
      return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                       "env name '%.*s' is reserved (names starting with LD_, DYLD_, "
                       "DENO_ or ACS_ and the proxy variables cannot be passed)",
                       (int)n, item);
  }
  for (size_t i = 0; i < sizeof proxy_names / sizeof *proxy_names; i++) {
    if (n == strlen(proxy_names[i]) && strncasecmp(item, proxy_names[i], n) == 0)
      return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                       "env name '%.*s' is reserved: proxy variables cannot be passed "
                       "to the sandbox",
                       (int)n, item);
  }
  return 0;
}
