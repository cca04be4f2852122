/* gzip.c - gzip, gunzip and zcat: compress or expand files (zlib).
**
** Usage: gzip [OPTION]... [FILE]...
** Compress or uncompress FILEs (by default, compress FILES in-place).
**
** Mandatory arguments to long options are mandatory for short options too.
**
**   -c, --stdout      write on standard output, keep original files unchanged
**   -d, --decompress  decompress
**   -f, --force       force overwrite of output file and compress links
**   -h, --help        give this help
**   -k, --keep        keep (don't delete) input files
**   -l, --list        list compressed file contents
**   -n, --no-name     do not save or restore the original name and timestamp
**   -N, --name        save or restore the original name and timestamp
**   -q, --quiet       suppress all warnings
**   -r, --recursive   operate recursively on directories
**   -S, --suffix=SUF  use suffix SUF on compressed files
**   -t, --test        test compressed file integrity
**   -v, --verbose     verbose mode
**   -V, --version     display version number
**   -1, --fast        compress faster
**   -9, --best        compress better
**
** With no FILE, or when FILE is -, read standard input.
** gunzip is gzip -d; zcat is gzip -dc.
*/

/* GNU gzip 1.12's command line over lib_czip (zlib's deflate in the gzip
** wrapper; the name and mtime go in the header unless -n). gunzip and
** zcat name themselves "gzip" in messages, as Debian's scripts do. -N on
** decompression takes the header's mtime (its name is not used for the
** output's name). */
#include "lib_czip.h"

#include <string.h>

static int gzip_main(acs_cmd *c, int argc, char **argv, bool dec, bool cat)
{
  static const cmd_opt longs[] = {
      {"stdout", 'c', CMD_NOARG},    {"to-stdout", 'c', CMD_NOARG}, {"decompress", 'd', CMD_NOARG},
      {"uncompress", 'd', CMD_NOARG}, {"force", 'f', CMD_NOARG},    {"keep", 'k', CMD_NOARG},
      {"list", 'l', CMD_NOARG},      {"no-name", 'n', CMD_NOARG},   {"name", 'N', CMD_NOARG},
      {"quiet", 'q', CMD_NOARG},     {"silent", 'q', CMD_NOARG},    {"recursive", 'r', CMD_NOARG},
      {"suffix", 'S', CMD_ARG},      {"test", 't', CMD_NOARG},      {"verbose", 'v', CMD_NOARG},
      {"fast", '1', CMD_NOARG},      {"best", '9', CMD_NOARG},      {"rsyncable", 256, CMD_NOARG},
      {"synchronous", 257, CMD_NOARG}, {"license", 'L', CMD_NOARG}, {0}};
  czip_opts o = {.kind = CODEC_GZIP, .decompress = dec, .to_stdout = cat, .level = 6, .suffix = ".gz"};
  c->name = "gzip";
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "cdfhklLnNqrS:tvV123456789", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'c': o.to_stdout = true; break;
    case 'd': o.decompress = true; break;
    case 'f': o.force = true; break;
    case 'h': cmd_puts(c, c->help); return 0;
    case 'k': o.keep = true; break;
    case 'l': o.list = true; break;
    case 'L':
    case 'V': cmd_puts(c, "gzip (agent-code-sandbox)\n"); return 0;
    case 'n': o.no_name = true; o.name = false; break;
    case 'N': o.name = true; o.no_name = false; break;
    case 'q': o.quiet = true; o.verbose = 0; break;
    case 'r': o.recursive = true; break;
    case 'S':
      if (!*g.arg || strchr(g.arg, '/')) {
        cmd_error(c, "invalid suffix '%s'", g.arg);
        return 1;
      }
      o.suffix = g.arg;
      break;
    case 't': o.test = true; break;
    case 'v': o.verbose++; o.quiet = false; break;
    case 256: case 257: break;
    default: o.level = opt - '0'; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  return czip_run(c, &o, cmd_operands(&g), g.nops);
}

int acs__cmd_gzip(acs_cmd *c, int argc, char **argv) { return gzip_main(c, argc, argv, false, false); }
int acs__cmd_gunzip(acs_cmd *c, int argc, char **argv) { return gzip_main(c, argc, argv, true, false); }
int acs__cmd_zcat(acs_cmd *c, int argc, char **argv) { return gzip_main(c, argc, argv, true, true); }
