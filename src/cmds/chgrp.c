/* chgrp.c - change group ownership.
**
** Usage: chgrp [OPTION]... GROUP FILE...
**   or:  chgrp [OPTION]... --reference=RFILE FILE...
** Change the group of each FILE to GROUP.
** With --reference, change the group of each FILE to that of RFILE.
**
**   -c, --changes          like verbose but report only when a change is made
**   -f, --silent, --quiet  suppress most error messages
**   -v, --verbose          output a diagnostic for every file processed
**       --dereference      affect the referent of each symbolic link (this is
**                          the default), rather than the symbolic link itself
**   -h, --no-dereference   affect symbolic links instead of any referenced file
**       --reference=RFILE  use RFILE's group rather than specifying a
**                          GROUP value
**   -R, --recursive        operate on files and directories recursively
**
**   -H                     if a command line argument is a symbolic link
**                          to a directory, traverse it
**   -L                     traverse every symbolic link to a directory
**                          encountered
**   -P                     do not traverse any symbolic links (default)
**
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' chgrp: chown's code (chown.c) with a group only. */
#include "cmd.h"

int acs__chown_run(acs_cmd *c, int argc, char **argv, bool chgrp); /* chown.c */

int acs__cmd_chgrp(acs_cmd *c, int argc, char **argv) { return acs__chown_run(c, argc, argv, true); }
