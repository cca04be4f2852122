/* dirname.c - strip the last component from file names.
**
** Usage: dirname [OPTION] NAME...
** Output each NAME with its last non-slash component and trailing slashes
** removed; if NAME contains no /'s, output '.' (meaning the current directory).
**
**   -z, --zero     end each output line with NUL, not newline
**       --help        display this help and exit
**       --version     output version information and exit
**
** Examples:
**   dirname /usr/bin/          -> "/usr"
**   dirname dir1/str dir2/str  -> "dir1" followed by "dir2"
**   dirname stdio.h            -> "."
*/

/* GNU coreutils' dirname: textual, as basename. */
#include "cmd.h"

#include <string.h>

static void one(acs_cmd *c, const char *name, char end)
{
  size_t n = strlen(name);
  while (n > 1 && name[n - 1] == '/') n--;
  while (n > 0 && name[n - 1] != '/') n--;
  while (n > 1 && name[n - 1] == '/') n--;
  if (n == 0) cmd_putc(c, '.');
  else cmd_out(c, name, n);
  cmd_putc(c, end);
}

int acs__cmd_dirname(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"zero", 'z', CMD_NOARG}, {0}};
  char end = '\n';
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "z", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0)
    if (opt == 'z') end = 0;
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (g.nops < 1) {
    cmd_usage_error(c, "missing operand");
    return 1;
  }
  for (int i = 0; i < g.nops; i++) one(c, cmd_operands(&g)[i], end);
  return 0;
}
