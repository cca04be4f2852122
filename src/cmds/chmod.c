/* chmod.c - change file mode bits.
**
** Usage: chmod [OPTION]... MODE[,MODE]... FILE...
**   or:  chmod [OPTION]... OCTAL-MODE FILE...
**   or:  chmod [OPTION]... --reference=RFILE FILE...
** Change the mode of each FILE to MODE.
** With --reference, change the mode of each FILE to that of RFILE.
**
**   -c, --changes          like verbose but report only when a change is made
**   -f, --silent, --quiet  suppress most error messages
**   -v, --verbose          output a diagnostic for every file processed
**       --no-preserve-root  do not treat '/' specially (the default)
**       --preserve-root    fail to operate recursively on '/'
**       --reference=RFILE  use RFILE's mode instead of specifying MODE values.
**                          RFILE is always dereferenced if a symbolic link.
**   -R, --recursive        change files and directories recursively
**       --help        display this help and exit
**       --version     output version information and exit
**
** Each MODE is of the form '[ugoa]*([-+=]([rwxXst]*|[ugo]))+|[-+=][0-7]+'.
*/

/* GNU coreutils' chmod on lib_mode. A mode written as an option ("chmod
** -w f") is taken out of the options first, as GNU does, and only then
** is a result the umask kept from the mode asked for reported ("new
** permissions are r--rw-rw-, not r--r--r--", status 1). With -R the
** links met in the walk are left alone; a link given as an operand is
** followed. */
#include "cmd.h"
#include "lib_mode.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { OPT_REFERENCE = 256, OPT_PRESERVE, OPT_NO_PRESERVE };

typedef struct opts {
  bool recursive, changes, verbose, quiet, diagnose, preserve_root;
  const mode_change *ch;
  bool ref;
  unsigned ref_mode, umask;
} opts;

static void describe(acs_cmd *c, const char *path, unsigned old, unsigned now, int what)
{
  char q[4096], a[11], b[11];
  mode_string(old, a);
  mode_string(now, b);
  cmd_quote(path, q, sizeof q);
  if (what == 0) cmd_printf(c, "mode of %s retained as %04o (%s)\n", q, now & 07777, b + 1);
  else if (what == 1)
    cmd_printf(c, "mode of %s changed from %04o (%s) to %04o (%s)\n", q, old & 07777, a + 1, now & 07777, b + 1);
  else cmd_printf(c, "failed to change mode of %s from %04o (%s) to %04o (%s)\n", q, old & 07777, a + 1, now & 07777, b + 1);
}

static int change(acs_cmd *c, const opts *o, const char *path, bool operand);

static int walk(acs_cmd *c, const opts *o, const char *path)
{
  cmd_dirent *ents;
  size_t n;
  int rc = cmd_dir_read(path, &ents, &n), status = 0;
  if (rc < 0) {
    char q[4096];
    if (!o->quiet) cmd_error(c, "cannot read directory %s: %s", cmd_quote(path, q, sizeof q), cmd_strerror(rc));
    return 1;
  }
  for (size_t i = 0; i < n && !cmd_out_error(c); i++) {
    char *p = cmd_path_join(path, ents[i].name);
    status |= p ? change(c, o, p, false) : 1;
    free(p);
  }
  cmd_dir_free(ents, n);
  return status;
}

static int change(acs_cmd *c, const opts *o, const char *path, bool operand)
{
  char q[4096];
  acs__sys_stat st;
  int rc = acs_sys_lstat(path, &st);
  if (rc == 0 && S_ISLNK(st.mode)) {
    if (!operand) {
      if (o->verbose) cmd_printf(c, "neither symbolic link %s nor referent has been changed\n", cmd_quote(path, q, sizeof q));
      return 0;
    }
    rc = acs_sys_stat(path, &st);
    if (rc == -ENOENT) {
      if (!o->quiet) cmd_error(c, "cannot operate on dangling symlink %s", cmd_quote(path, q, sizeof q));
      return 1;
    }
  }
  if (rc < 0) {
    if (!o->quiet) cmd_error(c, "cannot access %s: %s", cmd_quote(path, q, sizeof q), cmd_strerror(rc));
    return 1;
  }
  if (o->recursive && o->preserve_root && S_ISDIR(st.mode)) {
    acs__sys_stat root;
    if (acs_sys_stat("/", &root) == 0 && root.dev == st.dev && root.ino == st.ino) {
      if (!strcmp(path, "/")) cmd_error(c, "it is dangerous to operate recursively on '/'");
      else cmd_error(c, "it is dangerous to operate recursively on %s (same as '/')", cmd_quote(path, q, sizeof q));
      cmd_error(c, "use --no-preserve-root to override this failsafe");
      return 1;
    }
  }
  bool dir = S_ISDIR(st.mode);
  unsigned old = st.mode, mode = o->ref ? o->ref_mode : mode_adjust(old, dir, o->umask, o->ch, NULL);
  unsigned now = (old & S_IFMT) | mode;
  int status = 0;
  rc = acs_sys_chmod(path, mode);
  if (rc < 0) {
    if (!o->quiet) cmd_error(c, "changing permissions of %s: %s", cmd_quote(path, q, sizeof q), cmd_strerror(rc));
    if (o->verbose) describe(c, path, old, now, 2);
    status = 1;
  } else {
    bool changed = (old & 07777) != mode;
    if (o->verbose || (o->changes && changed)) describe(c, path, old, now, changed);
    if (o->diagnose && !o->ref) {
      unsigned naive = mode_adjust(old, dir, 0, o->ch, NULL);
      if (mode & ~naive) {
        char a[11], b[11];
        mode_string(now, a);
        mode_string((old & S_IFMT) | naive, b);
        cmd_error(c, "%s: new permissions are %s, not %s", cmd_quotef(path, q, sizeof q), a + 1, b + 1);
        status = 1;
      }
    }
  }
  if (o->recursive && dir) status |= walk(c, o, path);
  return status;
}

static bool mode_like(const char *a)
{
  if (a[0] != '-' || !a[1] || !strcmp(a, "--")) return false;
  for (const char *p = a + 1; *p; p++)
    if (!strchr("rwxXstugoa,+-=01234567", *p)) return false;
  return true;
}

int acs__cmd_chmod(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"changes", 'c', CMD_NOARG},          {"silent", 'f', CMD_NOARG},
                                  {"quiet", 'f', CMD_NOARG},            {"verbose", 'v', CMD_NOARG},
                                  {"no-preserve-root", OPT_NO_PRESERVE, CMD_NOARG},
                                  {"preserve-root", OPT_PRESERVE, CMD_NOARG},
                                  {"reference", OPT_REFERENCE, CMD_ARG}, {"recursive", 'R', CMD_NOARG},
                                  {0}};
  opts o = {0};
  char q[4096];
  /* a mode that looks like options ("-w", "-rwx,g+s") is the mode */
  char *dash_mode = NULL;
  int w = 1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--")) {
      while (i < argc) argv[w++] = argv[i++];
      break;
    }
    if (!dash_mode && mode_like(argv[i])) {
      mode_change *t = mode_compile(argv[i]);
      if (t) {
        free(t);
        dash_mode = argv[i];
        continue;
      }
    }
    argv[w++] = argv[i];
  }
  argc = w;
  argv[argc] = NULL;
  const char *ref = NULL;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "cfvR", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'c': o.changes = true; break;
    case 'f': o.quiet = true; break;
    case 'v': o.verbose = true; break;
    case 'R': o.recursive = true; break;
    case OPT_REFERENCE: ref = g.arg; break;
    case OPT_PRESERVE: o.preserve_root = true; break;
    case OPT_NO_PRESERVE: o.preserve_root = false; break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  char **ops = cmd_operands(&g);
  int n = g.nops;
  const char *mode = dash_mode;
  if (!mode && !ref) {
    if (n == 0) {
      cmd_usage_error(c, "missing operand");
      return 1;
    }
    mode = ops[0];
    ops++, n--;
  }
  if (n == 0) {
    if (mode) cmd_usage_error(c, "missing operand after %s", cmd_quote(mode, q, sizeof q));
    else cmd_usage_error(c, "missing operand");
    return 1;
  }
  mode_change *ch = NULL;
  if (ref) {
    acs__sys_stat st;
    int rc = acs_sys_stat(ref, &st);
    if (rc < 0) {
      cmd_error(c, "failed to get attributes of %s: %s", cmd_quote(ref, q, sizeof q), cmd_strerror(rc));
      return 1;
    }
    o.ref = true;
    o.ref_mode = st.mode & 07777;
  } else {
    ch = mode_compile(mode);
    if (!ch) {
      cmd_usage_error(c, "invalid mode: %s", cmd_quote(mode, q, sizeof q));
      return 1;
    }
    o.ch = ch;
    o.diagnose = dash_mode != NULL;
  }
  o.umask = (unsigned)acs_sys_umask(0);
  acs_sys_umask(o.umask);
  int status = 0;
  for (int i = 0; i < n && !cmd_out_error(c); i++) status |= change(c, &o, ops[i], true);
  free(ch);
  return status;
}
