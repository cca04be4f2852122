/* true.c - do nothing, successfully.
**
** usage: true [--help | --version]
**
** Exit with status 0. As GNU's, it prints its help or version when that is
** its only argument and ignores anything else. */
#include "cmd.h"

static const char help[] =
    "Usage: true [ignored command line arguments]\n"
    "  or:  true OPTION\n"
    "Exit with a status code indicating success.\n"
    "\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

int acs__cmd_true(int argc, char **argv)
{
  int status;
  if (argc == 2 && cmd_help_version("true", help, argv[1], &status)) return status;
  return 0;
}
