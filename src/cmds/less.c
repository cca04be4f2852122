/* less.c - a pager: the files, or standard input, as they are.
**
** Usage: less [OPTIONS] [FILE]...
**
** A box's standard output is never a terminal, so less passes its input
** through unchanged, as less does when its output is not a terminal;
** options (-R -S -F -X -N -i ...) are accepted and have no effect.
*/

/* The pager of a box: with no terminal there is nothing to page, so the
** files (or stdin) are copied to stdout as less copies them to a pipe.
** A file that cannot be read is reported as less words it. */
#include "cmd.h"
#include "lib_pager.h"

int acs__cmd_less(acs_cmd *c, int argc, char **argv) { return lib_pager(c, argc, argv, "less"); }
