/* false.c - do nothing, unsuccessfully.
**
** usage: false [--help | --version]
**
** Exit with status 1, even after --help or --version (as GNU's does). */
#include "cmd.h"

static const char help[] =
    "Usage: false [ignored command line arguments]\n"
    "  or:  false OPTION\n"
    "Exit with a status code indicating failure.\n"
    "\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

int acs__cmd_false(int argc, char **argv)
{
  int status;
  if (argc == 2) cmd_help_version("false", help, argv[1], &status);
  return 1;
}
