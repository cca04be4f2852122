/* xz.c - xz, unxz and xzcat: the .xz format (liblzma).
**
** Usage: xz [OPTION]... [FILE]...
** Compress or decompress FILEs in the .xz format.
**
**   -z, --compress      force compression
**   -d, --decompress    force decompression
**   -t, --test          test compressed file integrity
**   -l, --list          list information about .xz files
**   -k, --keep          keep (don't delete) input files
**   -f, --force         force overwrite of output file and (de)compress links
**   -c, --stdout        write to standard output and don't delete input files
**   -0 ... -9           compression preset; default is 6
**   -e, --extreme       try to improve compression ratio by using more CPU time
**   -T, --threads=NUM   use at most NUM threads (accepted; one is used)
**   -S, --suffix=.SUF   use the suffix `.SUF' on compressed files
**   -q, --quiet         suppress warnings
**   -v, --verbose       be verbose
**   -h, --help          display this short help and exit
**   -V, --version       display the version number and exit
**
** With no FILE, or when FILE is -, read standard input.
** unxz is xz -d; xzcat is xz -dc. Decompression reads .lzma files too.
*/

/* XZ Utils 5.4's command line over lib_czip (liblzma's easy encoder with
** a CRC64 check, its auto decoder for .xz and .lzma, concatenated streams
** allowed). Messages name the program as run. -l is xz_list.c's. */
#include "lib_czip.h"
#include "xz_list.h"

#include <lzma.h>

static int xz_main(acs_cmd *c, int argc, char **argv, bool dec, bool cat)
{
  static const cmd_opt longs[] = {
      {"compress", 'z', CMD_NOARG}, {"decompress", 'd', CMD_NOARG}, {"uncompress", 'd', CMD_NOARG},
      {"test", 't', CMD_NOARG},     {"keep", 'k', CMD_NOARG},       {"force", 'f', CMD_NOARG},
      {"stdout", 'c', CMD_NOARG},   {"to-stdout", 'c', CMD_NOARG},  {"extreme", 'e', CMD_NOARG},
      {"threads", 'T', CMD_ARG},    {"quiet", 'q', CMD_NOARG},      {"verbose", 'v', CMD_NOARG},
      {"suffix", 'S', CMD_ARG},     {"list", 'l', CMD_NOARG},       {"fast", '0', CMD_NOARG},
      {"best", '9', CMD_NOARG},     {0}};
  czip_opts o = {.kind = CODEC_XZ, .decompress = dec, .to_stdout = cat, .level = 6, .suffix = ".xz"};
  bool extreme = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "cdefhklqS:tT:vVz0123456789", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'c': o.to_stdout = true; break;
    case 'd': o.decompress = true; break;
    case 'z': o.decompress = false; break;
    case 'e': extreme = true; break;
    case 'f': o.force = true; break;
    case 'h': cmd_puts(c, c->help); return 0;
    case 'k': o.keep = true; break;
    case 'l': o.list = true; break;
    case 'q': o.quiet = true; break;
    case 'S': o.suffix = g.arg; break;
    case 't': o.test = true; break;
    case 'T': break;
    case 'v': o.verbose++; break;
    case 'V': cmd_puts(c, "xz (agent-code-sandbox)\n"); return 0;
    default: o.level = opt - '0'; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (o.list) return xz_list(c, cmd_operands(&g), g.nops);
  if (extreme) o.level |= (int)LZMA_PRESET_EXTREME;
  return czip_run(c, &o, cmd_operands(&g), g.nops);
}

int acs__cmd_xz(acs_cmd *c, int argc, char **argv) { return xz_main(c, argc, argv, false, false); }
int acs__cmd_unxz(acs_cmd *c, int argc, char **argv) { return xz_main(c, argc, argv, true, false); }
int acs__cmd_xzcat(acs_cmd *c, int argc, char **argv) { return xz_main(c, argc, argv, true, true); }
