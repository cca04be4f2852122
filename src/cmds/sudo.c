/* sudo.c - execute a command as another user.
**
** Usage: sudo [options] [command [arg ...]]
**
** The box cannot switch users: sudo refuses with a message and exit 1.
** Run the command without sudo, as the box's user (acs box --user NAME
** picks it; the default is root).
*/

/* See su.c: no process of a box changes its ids. */
#include "cmd.h"

#include <string.h>

int acs__cmd_sudo(acs_cmd *c, int argc, char **argv)
{
  if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    cmd_puts(c, c->help);
    return 0;
  }
  acs_sys_ids ids;
  bool root = acs_sys_getids(&ids) == 0 && ids.euid == 0;
  cmd_error(c, "the box has no other users to switch to; run the command without sudo%s",
            root ? " (you are root already)" : ", as the box's user (acs box --user NAME chooses it)");
  return 1;
}
