/* tty.c - print the file name of the terminal connected to standard input.
**
** Usage: tty [OPTION]...
** Print the file name of the terminal connected to standard input.
**
**   -s, --silent, --quiet   print nothing, only return an exit status
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' tty. A box has no terminals: "not a tty", exit 1. */
#include "cmd.h"

int acs__cmd_tty(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"silent", 's', CMD_NOARG}, {"quiet", 's', CMD_NOARG}, {0}};
  bool silent = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "s", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) silent = true;
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 2;
  if (g.nops) {
    char q[1024];
    cmd_usage_error(c, "extra operand %s", cmd_quote(cmd_operands(&g)[0], q, sizeof q));
    return 2;
  }
  if (!silent) cmd_puts(c, "not a tty\n");
  return 1;
}
