/* mkdir.c - make directories.
**
** Usage: mkdir [OPTION]... DIRECTORY...
** Create the DIRECTORY(ies), if they do not already exist.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -m, --mode=MODE   set file mode (as in chmod), not a=rwx - umask
**   -p, --parents     no error if existing, make parent directories as needed,
**                     with their file modes unaffected by any -m option.
**   -v, --verbose     print a message for each created directory
**   -Z, --context     (ignored: the box has no SELinux)
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' mkdir. With -p each missing ancestor is made with the
** umask's mode plus u+wx (so the rest can be made under it), and an
** ancestor that exists but is not a directory is reported by its own
** name, as GNU does. With -m the new directory is chmod'ed to MODE after
** mkdir, so the umask does not mask it. */
#include "cmd.h"
#include "lib_fileop.h"
#include "lib_mode.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct opts {
  bool parents, verbose, has_mode;
  unsigned mode, umask;
} opts;

static void made(acs_cmd *c, const opts *o, const char *path)
{
  char q[4096];
  if (o->verbose) cmd_printf(c, "%s: created directory %s\n", c->name, cmd_quote(path, q, sizeof q));
}

static int fail(acs_cmd *c, const char *path, int err)
{
  char q[4096];
  cmd_error(c, "cannot create directory %s: %s", fileop_quote_c(path, q, sizeof q), cmd_strerror(err));
  return 1;
}

/* An ancestor: made when missing, kept when a directory. */
static int ancestor(acs_cmd *c, const opts *o, const char *path)
{
  int rc = acs_sys_mkdir(path, (~o->umask & 0777) | 0300);
  if (rc == 0) {
    made(c, o, path);
    return 0;
  }
  acs__sys_stat st;
  if (rc == -EEXIST) {
    if (acs_sys_stat(path, &st) == 0 && S_ISDIR(st.mode)) return 0;
    return fail(c, path, -ENOTDIR);
  }
  /* a directory we may not write into but that exists is fine (mkdir -p
  ** /root when not root); only a real failure is reported */
  if (acs_sys_stat(path, &st) == 0 && S_ISDIR(st.mode)) return 0;
  return fail(c, path, rc);
}

static int make(acs_cmd *c, const opts *o, const char *path)
{
  if (o->parents) {
    char *p = strdup(path);
    if (!p) return fail(c, path, -ENOMEM);
    for (char *s = p + 1; *s; s++) {
      if (*s != '/' || s[-1] == '/') continue;
      char *rest = s;
      while (*rest == '/') rest++;
      if (!*rest) break; /* trailing slashes: the last component */
      *s = 0;
      bool dots = !strcmp(p, ".") || !strcmp(p, "..") || (strlen(p) >= 2 && !strcmp(p + strlen(p) - 2, "/.")) ||
                  (strlen(p) >= 3 && !strcmp(p + strlen(p) - 3, "/.."));
      int r = dots ? 0 : ancestor(c, o, p);
      *s = '/';
      if (r) {
        free(p);
        return r;
      }
    }
    free(p);
  }
  int rc = acs_sys_mkdir(path, o->has_mode ? o->mode & 0777 : 0777);
  if (rc < 0) {
    acs__sys_stat st;
    if (o->parents && rc == -EEXIST && acs_sys_stat(path, &st) == 0 && S_ISDIR(st.mode)) return 0;
    return fail(c, path, rc);
  }
  made(c, o, path);
  if (o->has_mode && (rc = acs_sys_chmod(path, o->mode)) < 0) {
    char q[4096];
    cmd_error(c, "cannot set permissions of %s: %s", cmd_quote(path, q, sizeof q), cmd_strerror(rc));
    return 1;
  }
  return 0;
}

int acs__cmd_mkdir(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"mode", 'm', CMD_ARG},     {"parents", 'p', CMD_NOARG},
                                  {"verbose", 'v', CMD_NOARG}, {"context", 'Z', CMD_OPTARG},
                                  {0}};
  opts o = {0};
  const char *mode = NULL;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "m:pvZ", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'm': mode = g.arg; break;
    case 'p': o.parents = true; break;
    case 'v': o.verbose = true; break;
    case 'Z': break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (g.nops == 0) {
    cmd_usage_error(c, "missing operand");
    return 1;
  }
  o.umask = (unsigned)acs_sys_umask(0);
  acs_sys_umask(o.umask);
  if (mode) {
    mode_change *ch = mode_compile(mode);
    if (!ch) {
      char q[4096];
      cmd_error(c, "invalid mode %s", fileop_quote_c(mode, q, sizeof q));
      return 1;
    }
    o.mode = mode_adjust(0777, true, o.umask, ch, NULL);
    o.has_mode = true;
    free(ch);
  }
  int status = 0;
  for (int i = 0; i < g.nops; i++) status |= make(c, &o, cmd_operands(&g)[i]);
  return status;
}
