/* su.c - run a command with a substitute user and group ID.
**
** Usage: su [options] [-] [<user> [<argument>...]]
**
** The box cannot switch users: su refuses with a message and exit 1.
** Run the command as the box's user instead (acs box --user NAME picks it).
*/

/* A box's user is chosen when a command starts (acs box --user); no
** process in the box may change its ids, so su and sudo say so plainly
** instead of asking for a password that does not exist. */
#include "cmd.h"

#include <string.h>

int acs__cmd_su(acs_cmd *c, int argc, char **argv)
{
  if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    cmd_puts(c, c->help);
    return 0;
  }
  cmd_error(c, "the box has no other users to switch to; run the command as the box's user "
               "(acs box --user NAME chooses it)");
  return 1;
}
