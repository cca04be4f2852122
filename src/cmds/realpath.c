/* realpath.c - print the resolved path.
**
** Usage: realpath [OPTION]... FILE...
** Print the resolved absolute file name;
** all but the last component must exist
**
**   -e, --canonicalize-existing  all components of the path must exist
**   -m, --canonicalize-missing   no path components need exist or be a directory
**   -L, --logical                resolve '..' components before symlinks
**   -P, --physical               resolve symlinks as encountered (default)
**   -q, --quiet                  suppress most error messages
**       --relative-to=DIR        print the resolved path relative to DIR
**       --relative-base=DIR      print absolute paths unless paths below DIR
**   -s, --strip, --no-symlinks   don't expand symlinks
**   -z, --zero                   end each output line with NUL, not newline
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' realpath on lib_canon. DIRs of --relative-to and
** --relative-base are canonicalized in the same mode as the operands. */
#include "cmd.h"
#include "lib_canon.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OPT_REL_TO = 256, OPT_REL_BASE };

/* -L: ".." removed by the name's text first, as coreutils does */
static char *logical(const char *path)
{
  char cwd[4096] = "";
  if (path[0] != '/' && acs_sys_getcwd(cwd, sizeof cwd)) return NULL;
  size_t cap = strlen(cwd) + strlen(path) + 3, len = 0;
  char *r = malloc(cap);
  if (!r) return NULL;
  char *all = malloc(cap);
  if (!all) {
    free(r);
    return NULL;
  }
  snprintf(all, cap, "%s/%s", cwd, path);
  r[len++] = '/';
  for (char *s = all; *s;) {
    while (*s == '/') s++;
    char *e = s;
    while (*e && *e != '/') e++;
    size_t n = (size_t)(e - s);
    if (n == 0 || (n == 1 && s[0] == '.')) {
    } else if (n == 2 && s[0] == '.' && s[1] == '.') {
      while (len > 1 && r[len - 1] != '/') len--;
      if (len > 1) len--;
    } else {
      if (len > 1) r[len++] = '/';
      memcpy(r + len, s, n);
      len += n;
    }
    s = e;
  }
  r[len] = 0;
  free(all);
  return r;
}

static bool below(const char *path, const char *base)
{
  size_t n = strlen(base);
  if (!strcmp(base, "/")) return true;
  return !strncmp(path, base, n) && (path[n] == 0 || path[n] == '/');
}

int acs__cmd_realpath(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"canonicalize-existing", 'e', CMD_NOARG}, {"canonicalize-missing", 'm', CMD_NOARG},
      {"logical", 'L', CMD_NOARG}, {"physical", 'P', CMD_NOARG}, {"quiet", 'q', CMD_NOARG},
      {"relative-to", OPT_REL_TO, CMD_ARG}, {"relative-base", OPT_REL_BASE, CMD_ARG},
      {"strip", 's', CMD_NOARG}, {"no-symlinks", 's', CMD_NOARG}, {"zero", 'z', CMD_NOARG}, {0}};
  int mode = CANON_ALLOW_MISSING;
  bool quiet = false, nolinks = false, lexical = false;
  const char *rel_to = NULL, *rel_base = NULL;
  char end = '\n';
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "eLmPqsz", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'e': mode = CANON_EXISTING; break;
    case 'm': mode = CANON_MISSING; break;
    case 'L': lexical = true; break;
    case 'P': lexical = false; break;
    case 'q': quiet = true; break;
    case 's': nolinks = true; break;
    case 'z': end = 0; break;
    case OPT_REL_TO: rel_to = g.arg; break;
    case OPT_REL_BASE: rel_base = g.arg; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (g.nops < 1) {
    cmd_usage_error(c, "missing operand");
    return 1;
  }
  char q[1024];
  char *to = NULL, *base = NULL;
  const char *dirs[2] = {rel_to, rel_base};
  char **outs[2] = {&to, &base};
  for (int i = 0; i < 2; i++) {
    if (!dirs[i]) continue;
    int rc = canon_path(dirs[i], mode, nolinks, outs[i]);
    if (rc) {
      cmd_error(c, "%s: %s", cmd_quotef(dirs[i], q, sizeof q), cmd_strerror(rc));
      free(to);
      return 1;
    }
  }
  if (base && !to) to = strdup(base);
  /* with both, DIR only counts when it is itself below the base */
  if (base && to && !below(to, base)) {
    free(to);
    to = NULL;
  }
  int status = 0;
  for (int i = 0; i < g.nops; i++) {
    const char *f = cmd_operands(&g)[i];
    char *l = lexical && *f ? logical(f) : NULL, *res = NULL;
    int rc = canon_path(l ? l : f, mode, nolinks, &res);
    free(l);
    if (rc) {
      if (!quiet) cmd_error(c, "%s: %s", cmd_quotef(f, q, sizeof q), cmd_strerror(rc));
      status = 1;
      continue;
    }
    char *show = res, *rel = NULL;
    if (to && (!base || below(res, base))) show = rel = canon_relative(res, to);
    cmd_puts(c, show ? show : res);
    cmd_putc(c, end);
    free(rel);
    free(res);
  }
  free(to);
  free(base);
  return status;
}
