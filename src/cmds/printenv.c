/* printenv.c - print all or part of the environment.
**
** Usage: printenv [OPTION]... [VARIABLE]...
** Print the values of the specified environment VARIABLE(s).
** If no VARIABLE is specified, print name and value pairs for them all.
**
**   -0, --null     end each output line with NUL, not newline
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' printenv: exit 1 when a named variable is not set (or a
** name holds '='), 2 on a usage error. */
#include "cmd.h"

#include <string.h>

extern char **environ;

int acs__cmd_printenv(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"null", '0', CMD_NOARG}, {0}};
  bool nul = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "0", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0)
    if (opt == '0') nul = true;
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 2;
  char end = nul ? 0 : '\n';
  if (g.nops == 0) {
    for (char **e = environ; e && *e; e++) {
      cmd_puts(c, *e);
      cmd_putc(c, end);
    }
    return 0;
  }
  int missing = 0;
  for (int i = 0; i < g.nops; i++) {
    const char *name = cmd_operands(&g)[i];
    size_t len = strlen(name);
    bool found = false;
    if (!strchr(name, '='))
      for (char **e = environ; e && *e; e++)
        if (!strncmp(*e, name, len) && (*e)[len] == '=') {
          cmd_puts(c, *e + len + 1);
          cmd_putc(c, end);
          found = true;
        }
    if (!found) missing++;
  }
  return missing ? 1 : 0;
}
