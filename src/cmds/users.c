/* users.c - print the user names of users currently logged in.
**
** Usage: users [OPTION]... [FILE]
** Output who is currently logged in according to FILE.
** If FILE is not specified, use /var/run/utmp.  /var/log/wtmp as FILE is common.
**
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' users: a box keeps no utmp (nobody logs in on a
** terminal), so the list is empty, as GNU prints it: nothing. */
#include "cmd.h"

int acs__cmd_users(acs_cmd *c, int argc, char **argv)
{
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "", NULL);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {}
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (g.nops > 1) {
    char q[1024];
    cmd_usage_error(c, "extra operand %s", cmd_quote(cmd_operands(&g)[1], q, sizeof q));
    return 1;
  }
  return 0;
}
