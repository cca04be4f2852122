/* sum.c - checksum and count the blocks in a file.
**
** Usage: sum [OPTION]... [FILE]...
** Print checksum and block counts for each FILE.
**
** With no FILE, or when FILE is -, read standard input.
**
**   -r              use BSD sum algorithm (the default), use 1K blocks
**   -s, --sysv      use System V sum algorithm, use 512 bytes blocks
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' sum; lib_digest does the work. */
#include "lib_digest.h"

int acs__cmd_sum(acs_cmd *c, int argc, char **argv) { return cmd_sum_main(c, argc, argv); }
