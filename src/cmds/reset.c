/* reset.c - initialize the terminal.
**
** Usage: reset [options] [terminal]
**
** A box has no terminal: reset has nothing to initialize and says so.
*/

/* ncurses' reset (tset) needs a terminal on its standard error; without
** one it ends as tset does: "reset: standard error: Inappropriate ioctl
** for device", exit 1. */
#include "cmd.h"

#include <errno.h>
#include <string.h>

int acs__cmd_reset(acs_cmd *c, int argc, char **argv)
{
  if (argc == 2 && !strcmp(argv[1], "--help")) {
    cmd_puts(c, c->help);
    return 0;
  }
  cmd_error(c, "standard error: %s", cmd_strerror(-ENOTTY));
  return 1;
}
