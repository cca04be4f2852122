/* env.h - which environment variables a guest may be given. */
#ifndef ACS_POLICY_ENV_H
#define ACS_POLICY_ENV_H

#include "acs.h"

/* Check one "NAME=VALUE" item. Returns 0, or ACS_ECONFIG with a message
** naming the variable when the name is empty, holds '=' or a NUL, or is
** reserved (LD_*, DYLD_*, DENO_*, ACS_*, and the proxy variables in any
** case). */
int acs__env_check(const char *item, acs_err *err);

#endif
