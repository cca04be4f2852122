/* basename.c - strip directory and suffix from file names.
**
** Usage: basename NAME [SUFFIX]
**   or:  basename OPTION... NAME...
** Print NAME with any leading directory components removed.
** If specified, also remove a trailing SUFFIX.
**
**   -a, --multiple       support multiple arguments and treat each as a NAME
**   -s, --suffix=SUFFIX  remove a trailing SUFFIX; implies -a
**   -z, --zero           end each output line with NUL, not newline
**       --help        display this help and exit
**       --version     output version information and exit
**
** Examples:
**   basename /usr/bin/sort          -> "sort"
**   basename include/stdio.h .h     -> "stdio"
**   basename -s .h include/stdio.h  -> "stdio"
**   basename -a any/str1 any/str2   -> "str1" followed by "str2"
*/

/* GNU coreutils' basename: purely textual, nothing is looked up. A suffix
** is removed only when something is left of the name after it. */
#include "cmd.h"

#include <string.h>

static void one(acs_cmd *c, const char *name, const char *suffix, char end)
{
  size_t n = strlen(name);
  while (n > 1 && name[n - 1] == '/') n--;
  size_t start = n;
  while (start > 0 && name[start - 1] != '/') start--;
  if (start == n && n > 0) start = n - 1; /* all slashes: "/" */
  size_t len = n - start;
  if (suffix && name[start] != '/') {
    size_t sl = strlen(suffix);
    if (sl < len && !memcmp(name + start + len - sl, suffix, sl)) len -= sl;
  }
  cmd_out(c, name + start, len);
  cmd_putc(c, end);
}

int acs__cmd_basename(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"multiple", 'a', CMD_NOARG}, {"suffix", 's', CMD_ARG}, {"zero", 'z', CMD_NOARG}, {0}};
  bool multiple = false;
  const char *suffix = NULL;
  char end = '\n';
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "as:z", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'a': multiple = true; break;
    case 's': suffix = g.arg; multiple = true; break;
    case 'z': end = 0; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  char **ops = cmd_operands(&g);
  if (g.nops < 1) {
    cmd_usage_error(c, "missing operand");
    return 1;
  }
  if (!multiple) {
    if (g.nops > 2) {
      char q[1024];
      cmd_usage_error(c, "extra operand %s", cmd_quote(ops[2], q, sizeof q));
      return 1;
    }
    one(c, ops[0], g.nops == 2 ? ops[1] : NULL, end);
    return 0;
  }
  for (int i = 0; i < g.nops; i++) one(c, ops[i], suffix, end);
  return 0;
}
