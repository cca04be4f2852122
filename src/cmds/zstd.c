/* zstd.c - zstd, unzstd and zstdcat: Zstandard compression (libzstd).
**
** Usage: zstd [OPTIONS...] [INPUT... | -] [-o OUTPUT]
** Compress or decompress the INPUT file(s); reads from STDIN if INPUT is `-` or not provided.
**
**   -o OUTPUT                     Write output to a single file, OUTPUT.
**   -k, --keep                    Preserve INPUT file(s). [Default]
**   --rm                          Remove INPUT file(s) after successful (de)compression.
**   -#                            Desired compression level, 1 to 19. [Default: 3]
**   -d, --decompress              Perform decompression.
**   -z, --compress                Compress. [Default]
**   -c, --stdout                  Write to STDOUT (even if it is a console) and keep the INPUT file(s).
**   -f, --force                   Allow overwriting existing files, reading from or writing to the console.
**   -t, --test                    Test compressed file integrity.
**   -q, --quiet                   Suppress warnings.
**   -v, --verbose                 Be more verbose.
**   -T#, --threads=#              Threads (accepted; one is used).
**   -h, -H, --help                Display help and exit.
**   -V, --version                 Display the program version and exit.
**
** unzstd is zstd -d; zstdcat is zstd -dcf.
*/

/* zstd 1.5's common command line over lib_czip: the input is kept unless
** --rm; levels are whole numbers after one dash (-19), taken out of argv
** before the option parser sees digits one at a time. The summary zstd
** prints on stderr at its default level (a line for one file, a total for
** several) is lib_czip's; the input's size goes in the frame as zstd's
** own command line puts it. */
#include "lib_czip.h"

#include <stdlib.h>
#include <string.h>

static int zstd_main(acs_cmd *c, int argc, char **argv, bool dec, bool cat)
{
  static const cmd_opt longs[] = {
      {"keep", 'k', CMD_NOARG},   {"rm", 256, CMD_NOARG},      {"decompress", 'd', CMD_NOARG},
      {"uncompress", 'd', CMD_NOARG}, {"compress", 'z', CMD_NOARG}, {"stdout", 'c', CMD_NOARG},
      {"force", 'f', CMD_NOARG},  {"test", 't', CMD_NOARG},    {"quiet", 'q', CMD_NOARG},
      {"verbose", 'v', CMD_NOARG}, {"threads", 'T', CMD_ARG},  {"ultra", 257, CMD_NOARG},
      {"no-progress", 258, CMD_NOARG}, {"fast", 259, CMD_OPTARG}, {0}};
  czip_opts o = {.kind = CODEC_ZSTD, .decompress = dec, .to_stdout = cat, .force = cat, .keep = true,
                 .level = 3, .suffix = ".zst"};
  /* -19 is level 19, not -1 then -9 */
  int n = 1;
  bool ended = false;
  for (int i = 1; i < argc; i++) {
    char *a = argv[i];
    if (!ended && !strcmp(a, "--")) ended = true;
    if (!ended && a[0] == '-' && a[1] >= '0' && a[1] <= '9' && strspn(a + 1, "0123456789") == strlen(a + 1)) {
      o.level = atoi(a + 1);
      if (o.level > 22) o.level = 22;
      continue;
    }
    argv[n++] = a;
  }
  argc = n;
  argv[argc] = NULL;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "cdfhHko:qtT:vVz", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'c': o.to_stdout = true; break;
    case 'd': o.decompress = true; break;
    case 'z': o.decompress = false; break;
    case 'f': o.force = true; break;
    case 'h':
    case 'H': cmd_puts(c, c->help); return 0;
    case 'k': o.keep = true; break;
    case 256: o.keep = false; break;
    case 'o': o.outfile = g.arg; break;
    case 'q': o.quiet = true; break;
    case 't': o.test = true; break;
    case 'v': o.verbose++; break;
    case 'V': cmd_puts(c, "*** Zstandard CLI (agent-code-sandbox) ***\n"); return 0;
    case 259: o.level = 1; break;
    default: break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (o.to_stdout && !cat) o.keep = true;
  return czip_run(c, &o, cmd_operands(&g), g.nops);
}

int acs__cmd_zstd(acs_cmd *c, int argc, char **argv) { return zstd_main(c, argc, argv, false, false); }
int acs__cmd_unzstd(acs_cmd *c, int argc, char **argv) { return zstd_main(c, argc, argv, true, false); }
int acs__cmd_zstdcat(acs_cmd *c, int argc, char **argv) { return zstd_main(c, argc, argv, true, true); }
