/* groups.c - print the groups a user is in.
**
** Usage: groups [OPTION]... [USERNAME]...
** Print group memberships for each USERNAME or, if no USERNAME is specified, for
** the current process (which may differ if the groups database has changed).
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' groups: "USER : G1 G2" for a named user, "G1 G2" for the
** process (its group from the box's kernel). */
#include "cmd.h"
#include "lib_sys.h"

#include <stdlib.h>

static void put_groups(acs_cmd *c, const uint32_t *g, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    char b[256];
    if (i) cmd_putc(c, ' ');
    if (cmd_group_name(g[i], b, sizeof b)) cmd_puts(c, b);
    else cmd_printf(c, "%u", g[i]);
  }
  cmd_putc(c, '\n');
}

int acs__cmd_groups(acs_cmd *c, int argc, char **argv)
{
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "", NULL);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {}
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  uint32_t gs[64];
  if (!g.nops) {
    acs_sys_ids ids;
    if (acs_sys_getids(&ids)) return 1;
    size_t n = 0;
    gs[n++] = ids.egid;
    if (ids.gid != ids.egid) gs[n++] = ids.gid;
    put_groups(c, gs, n);
    return 0;
  }
  int status = 0;
  for (int i = 0; i < g.nops; i++) {
    const char *name = cmd_operands(&g)[i];
    uint32_t uid;
    char *gid;
    if (!cmd_user_id(name, &uid) || !(gid = cmd_user_field(uid, 3))) {
      char q[1024];
      cmd_error(c, "%s: no such user", cmd_quote(name, q, sizeof q));
      status = 1;
      continue;
    }
    char uname[256];
    cmd_user_name(uid, uname, sizeof uname);
    size_t n = lib_user_groups(uname, (uint32_t)strtoul(gid, NULL, 10), gs, 64);
    free(gid);
    cmd_printf(c, "%s : ", name);
    put_groups(c, gs, n);
  }
  return status;
}
