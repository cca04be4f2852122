/* true.c - do nothing, successfully.
**
** Usage: true [ignored command line arguments]
**   or:  true OPTION
** Exit with a status code indicating success.
**
**       --help        display this help and exit
**       --version     output version information and exit
*/
#include "cmd.h"

/* As GNU's, it prints its help or version only when that is its one
** argument, and ignores anything else. */
int acs__cmd_true(acs_cmd *c, int argc, char **argv)
{
  int status;
  if (argc == 2 && cmd_help_version(c, argv[1], &status)) return status;
  return 0;
}
