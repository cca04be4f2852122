/* unlink.c - remove a file with unlink(2).
**
** Usage: unlink FILE
**   or:  unlink OPTION
** Call the unlink function to remove the specified FILE.
**
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' unlink: one name, no directories. */
#include "cmd.h"

int acs__cmd_unlink(acs_cmd *c, int argc, char **argv)
{
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "", NULL);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  char **ops = cmd_operands(&g), q[1024];
  if (g.nops < 1) {
    cmd_usage_error(c, "missing operand");
    return 1;
  }
  if (g.nops > 1) {
    cmd_usage_error(c, "extra operand %s", cmd_quote(ops[1], q, sizeof q));
    return 1;
  }
  int rc = acs_sys_unlink(ops[0]);
  if (rc) {
    cmd_error(c, "cannot unlink %s: %s", cmd_quote(ops[0], q, sizeof q), cmd_strerror(rc));
    return 1;
  }
  return 0;
}
