/* whoami.c - print effective user name.
**
** Usage: whoami [OPTION]...
** Print the user name associated with the current effective user ID.
** Same as id -un.
**
**       --help        display this help and exit
**       --version     output version information and exit
*/
#include "cmd.h"

int acs__cmd_whoami(acs_cmd *c, int argc, char **argv)
{
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "", NULL);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {}
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (g.nops) {
    char q[1024];
    cmd_usage_error(c, "extra operand %s", cmd_quote(cmd_operands(&g)[0], q, sizeof q));
    return 1;
  }
  acs_sys_ids ids;
  if (acs_sys_getids(&ids)) return 1;
  char name[256];
  if (!cmd_user_name(ids.euid, name, sizeof name)) {
    cmd_error(c, "cannot find name for user ID %u", ids.euid);
    return 1;
  }
  cmd_printf(c, "%s\n", name);
  return 0;
}
