/* rmdir.c - remove empty directories.
**
** Usage: rmdir [OPTION]... DIRECTORY...
** Remove the DIRECTORY(ies), if they are empty.
**
**       --ignore-fail-on-non-empty
**                     ignore each failure to remove a non-empty directory
**   -p, --parents     remove DIRECTORY and its ancestors; e.g., 'rmdir -p a/b'
**                     is similar to 'rmdir a/b a'
**   -v, --verbose     output a diagnostic for every directory processed
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' rmdir: the operand's failure is "failed to remove 'X'",
** an ancestor's (with -p) "failed to remove directory 'X'", and -p stops
** at the first ancestor that cannot go. */
#include "cmd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { IGNORE_NONEMPTY = 256 };

typedef struct opts {
  bool parents, verbose, ignore;
} opts;

static bool ignorable(const opts *o, int err) { return o->ignore && (err == -ENOTEMPTY || err == -EEXIST); }

static void verbose(acs_cmd *c, const opts *o, const char *path)
{
  char q[4096];
  if (o->verbose) cmd_printf(c, "%s: removing directory, %s\n", c->name, cmd_quote(path, q, sizeof q));
}

static int parents(acs_cmd *c, const opts *o, char *path)
{
  for (;;) {
    size_t n = strlen(path);
    while (n > 1 && path[n - 1] == '/') path[--n] = 0;
    char *slash = strrchr(path, '/');
    if (!slash) return 0;
    while (slash > path && slash[-1] == '/') slash--;
    if (slash == path) return 0; /* the root is not removed */
    *slash = 0;
    verbose(c, o, path);
    int rc = acs_sys_rmdir(path);
    if (rc < 0) {
      if (ignorable(o, rc)) return 0;
      char q[4096];
      cmd_error(c, "failed to remove directory %s: %s", cmd_quote(path, q, sizeof q), cmd_strerror(rc));
      return 1;
    }
  }
}

int acs__cmd_rmdir(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"ignore-fail-on-non-empty", IGNORE_NONEMPTY, CMD_NOARG},
                                  {"parents", 'p', CMD_NOARG},
                                  {"verbose", 'v', CMD_NOARG},
                                  {0}};
  opts o = {0};
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "pv", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'p': o.parents = true; break;
    case 'v': o.verbose = true; break;
    case IGNORE_NONEMPTY: o.ignore = true; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (g.nops == 0) {
    cmd_usage_error(c, "missing operand");
    return 1;
  }
  int status = 0;
  for (int i = 0; i < g.nops; i++) {
    char *path = cmd_operands(&g)[i];
    verbose(c, &o, path);
    int rc = acs_sys_rmdir(path);
    if (rc < 0) {
      if (ignorable(&o, rc)) continue;
      char q[4096];
      cmd_error(c, "failed to remove %s: %s", cmd_quote(path, q, sizeof q), cmd_strerror(rc));
      status = 1;
      continue;
    }
    if (o.parents) {
      char *p = strdup(path);
      status |= p ? parents(c, &o, p) : 1;
      free(p);
    }
  }
  return status;
}
