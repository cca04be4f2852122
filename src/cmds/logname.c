/* logname.c - print the user's login name.
**
** Usage: logname [OPTION]
** Print the user's login name.
**
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' logname. A box's session is its user's: the login name
** is the name of the process's real user (LOGNAME is the same by the
** box's defaults), where GNU's reads utmp, which a box does not keep. */
#include "cmd.h"

int acs__cmd_logname(acs_cmd *c, int argc, char **argv)
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
  char name[256];
  if (acs_sys_getids(&ids) || !cmd_user_name(ids.uid, name, sizeof name)) {
    cmd_error(c, "no login name");
    return 1;
  }
  cmd_printf(c, "%s\n", name);
  return 0;
}
