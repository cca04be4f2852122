/* clear.c - clear the terminal screen.
**
** Usage: clear [options]
**
** Options:
**   -T TERM     use this instead of $TERM
**   -V          print curses-version
**   -x          do not try to clear scrollback
*/

/* ncurses' clear: the sequence for $TERM (the xterm and linux families
** and anything else ANSI: ESC[H ESC[2J, and ESC[3J for the scrollback
** unless -x); without TERM, ncurses' "TERM environment variable not set."
** and exit 1. A box has no terminal, but the bytes go where stdout goes,
** as they would on Linux. */
#include "cmd.h"

#include <stdlib.h>
#include <string.h>

int acs__cmd_clear(acs_cmd *c, int argc, char **argv)
{
  const char *term = getenv("TERM");
  bool scrollback = true;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "T:Vx", NULL);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    if (opt == 'T') term = g.arg;
    else if (opt == 'x') scrollback = false;
    else if (opt == 'V') {
      cmd_puts(c, "ncurses 6.4.20221231 (agent-code-sandbox)\n");
      return 0;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (!term || !*term) {
    cmd_flush(c);
    acs_sys_write_all(2, "TERM environment variable not set.\n", 35);
    return 1;
  }
  if (!strcmp(term, "dumb")) return 0;
  cmd_puts(c, scrollback ? "\033[H\033[2J\033[3J" : "\033[H\033[2J");
  return 0;
}
