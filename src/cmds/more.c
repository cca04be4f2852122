/* more.c - a pager: the files, or standard input, as they are.
**
** Usage:
**  more [options] <file>...
**
** A box's standard output is never a terminal, so more passes its input
** through unchanged, as more does when its output is not a terminal;
** options (-d -f -l -c -p -s -u -n) are accepted and have no effect.
*/

/* See less.c; more, as util-linux's, puts a "::::::::::::::" header before
** each file when not on a terminal. */
#include "cmd.h"
#include "lib_pager.h"

int acs__cmd_more(acs_cmd *c, int argc, char **argv) { return lib_pager(c, argc, argv, "more"); }
