/* bzip2.c - bzip2, bunzip2 and bzcat: block-sorting compression (libbz2).
**
** Usage: bzip2 [flags and input files in any order]
**
**   -h --help           print this message
**   -d --decompress     force decompression
**   -z --compress       force compression
**   -k --keep           keep (don't delete) input files
**   -f --force          overwrite existing output files
**   -t --test           test compressed file integrity
**   -c --stdout         output to standard out
**   -q --quiet          suppress noncritical error messages
**   -v --verbose        be verbose (a 2nd -v gives more)
**   -L --license        display software version & license
**   -V --version        display software version & license
**   -s --small          use less memory (at most 2500k)
**   -1 .. -9            set block size to 100k .. 900k
**   --fast              alias for -1
**   --best              alias for -9
**
**   If invoked as `bzip2', default action is to compress.
**              as `bunzip2',  default action is to decompress.
**              as `bzcat', default action is to decompress to stdout.
**
**   If no file names are given, bzip2 compresses or decompresses
**   from standard input to standard output.
*/

/* bzip2 1.0.8's command line over lib_czip: its messages name the program
** as run (bunzip2: ...), exit 1 for a file problem, 2 for bad data. */
#include "lib_czip.h"

static int bzip2_main(acs_cmd *c, int argc, char **argv, bool dec, bool cat)
{
  static const cmd_opt longs[] = {
      {"decompress", 'd', CMD_NOARG}, {"compress", 'z', CMD_NOARG}, {"keep", 'k', CMD_NOARG},
      {"force", 'f', CMD_NOARG},      {"test", 't', CMD_NOARG},     {"stdout", 'c', CMD_NOARG},
      {"quiet", 'q', CMD_NOARG},      {"verbose", 'v', CMD_NOARG},  {"license", 'L', CMD_NOARG},
      {"small", 's', CMD_NOARG},      {"fast", '1', CMD_NOARG},     {"best", '9', CMD_NOARG},
      {0}};
  czip_opts o = {.kind = CODEC_BZIP2, .decompress = dec, .to_stdout = cat, .level = 9, .suffix = ".bz2"};
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "cdfhkLqstvVz123456789", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'c': o.to_stdout = true; break;
    case 'd': o.decompress = true; break;
    case 'z': o.decompress = false; break;
    case 'f': o.force = true; break;
    case 'h': cmd_puts(c, c->help); return 0;
    case 'k': o.keep = true; break;
    case 'L':
    case 'V': cmd_puts(c, "bzip2 (agent-code-sandbox)\n"); return 0;
    case 'q': o.quiet = true; break;
    case 's': break;
    case 't': o.test = true; break;
    case 'v': o.verbose++; break;
    default: o.level = opt - '0'; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  return czip_run(c, &o, cmd_operands(&g), g.nops);
}

int acs__cmd_bzip2(acs_cmd *c, int argc, char **argv) { return bzip2_main(c, argc, argv, false, false); }
int acs__cmd_bunzip2(acs_cmd *c, int argc, char **argv) { return bzip2_main(c, argc, argv, true, false); }
int acs__cmd_bzcat(acs_cmd *c, int argc, char **argv) { return bzip2_main(c, argc, argv, true, true); }
