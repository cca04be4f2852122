/* link.c - make a hard link.
**
** Usage: link FILE1 FILE2
**   or:  link OPTION
** Call the link function to create a link named FILE2 to an existing FILE1.
**
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' link: link(2) and nothing else. */
#include "cmd.h"

int acs__cmd_link(acs_cmd *c, int argc, char **argv)
{
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "", NULL);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  char **ops = cmd_operands(&g), q[1024], q2[1024];
  if (g.nops < 2) {
    if (g.nops == 0) cmd_usage_error(c, "missing operand");
    else cmd_usage_error(c, "missing operand after %s", cmd_quote(ops[0], q, sizeof q));
    return 1;
  }
  if (g.nops > 2) {
    cmd_usage_error(c, "extra operand %s", cmd_quote(ops[2], q, sizeof q));
    return 1;
  }
  int rc = acs_sys_link(ops[0], ops[1]);
  if (rc) {
    cmd_error(c, "cannot create link %s to %s: %s", cmd_quote(ops[1], q, sizeof q),
              cmd_quote(ops[0], q2, sizeof q2), cmd_strerror(rc));
    return 1;
  }
  return 0;
}
