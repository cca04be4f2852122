/* readlink.c - print resolved symbolic links or canonical file names.
**
** Usage: readlink [OPTION]... FILE...
** Print value of a symbolic link or canonical file name
**
**   -f, --canonicalize            canonicalize by following every symlink in
**                                 every component of the given name recursively;
**                                 all but the last component must exist
**   -e, --canonicalize-existing   canonicalize by following every symlink in
**                                 every component of the given name recursively,
**                                 all components must exist
**   -m, --canonicalize-missing    canonicalize by following every symlink in
**                                 every component of the given name recursively,
**                                 without requirements on components existence
**   -n, --no-newline              do not output the trailing delimiter
**   -q, --quiet
**   -s, --silent                  suppress most error messages (on by default)
**   -v, --verbose                 report error messages
**   -z, --zero                    end each output line with NUL, not newline
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' readlink: silent on failure unless -v, exit 1. */
#include "cmd.h"
#include "lib_canon.h"

#include <stdlib.h>

int acs__cmd_readlink(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"canonicalize", 'f', CMD_NOARG}, {"canonicalize-existing", 'e', CMD_NOARG},
      {"canonicalize-missing", 'm', CMD_NOARG}, {"no-newline", 'n', CMD_NOARG},
      {"quiet", 'q', CMD_NOARG}, {"silent", 's', CMD_NOARG}, {"verbose", 'v', CMD_NOARG},
      {"zero", 'z', CMD_NOARG}, {0}};
  int mode = -1; /* -1: the link itself */
  bool nonl = false, verbose = false;
  char end = '\n';
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "efmnqsvz", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'e': mode = CANON_EXISTING; break;
    case 'f': mode = CANON_ALLOW_MISSING; break;
    case 'm': mode = CANON_MISSING; break;
    case 'n': nonl = true; break;
    case 'q': case 's': verbose = false; break;
    case 'v': verbose = true; break;
    case 'z': end = 0; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (g.nops < 1) {
    cmd_usage_error(c, "missing operand");
    return 1;
  }
  if (nonl && g.nops > 1) {
    cmd_error(c, "ignoring --no-newline with multiple arguments");
    nonl = false;
  }
  int status = 0;
  for (int i = 0; i < g.nops; i++) {
    const char *f = cmd_operands(&g)[i];
    char link[4096], *res = NULL;
    int rc;
    if (mode < 0) {
      ssize_t n = acs_sys_readlink(f, link, sizeof link - 1);
      rc = n < 0 ? (int)n : 0;
      if (n >= 0) link[n] = 0;
    } else {
      rc = canon_path(f, mode, false, &res);
    }
    if (rc) {
      if (verbose) {
        char q[1024];
        cmd_error(c, "%s: %s", cmd_quotef(f, q, sizeof q), cmd_strerror(rc));
      }
      status = 1;
      continue;
    }
    cmd_puts(c, res ? res : link);
    if (!nonl) cmd_putc(c, end);
    free(res);
  }
  return status;
}
