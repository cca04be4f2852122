/* false.c - do nothing, unsuccessfully.
**
** Usage: false [ignored command line arguments]
**   or:  false OPTION
** Exit with a status code indicating failure.
**
**       --help        display this help and exit
**       --version     output version information and exit
*/
#include "cmd.h"

/* Status 1 even after --help or --version, as GNU's. */
int acs__cmd_false(acs_cmd *c, int argc, char **argv)
{
  int status;
  if (argc == 2) cmd_help_version(c, argv[1], &status);
  return 1;
}
