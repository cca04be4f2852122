/* pwd.c - print name of current/working directory.
**
** Usage: pwd [OPTION]...
** Print the full filename of the current working directory.
**
**   -L, --logical   use PWD from environment, even if it contains symlinks
**   -P, --physical  avoid all symlinks
**       --help        display this help and exit
**       --version     output version information and exit
**
** If no option is specified, -P is assumed.
**
** NOTE: your shell may have its own version of pwd, which usually supersedes
** the version described here.  Please refer to your shell's documentation
** for details about the options it supports.
*/

/* GNU coreutils' pwd as a program (/bin/pwd, `env pwd`, find -exec pwd):
** -L trusts $PWD only when it is absolute, has no . or .. part and names
** the same directory as "." (device and inode), as GNU checks it. */
#include "cmd.h"

#include <stdlib.h>
#include <string.h>

static bool pwd_is_good(const char *pwd)
{
  if (!pwd || pwd[0] != '/') return false;
  for (const char *p = pwd; (p = strstr(p, "/.")); p++)
    if (p[2] == 0 || p[2] == '/' || (p[2] == '.' && (p[3] == 0 || p[3] == '/'))) return false;
  acs__sys_stat a, b;
  return acs_sys_stat(pwd, &a) == 0 && acs_sys_stat(".", &b) == 0 && a.dev == b.dev && a.ino == b.ino;
}

int acs__cmd_pwd(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"logical", 'L', CMD_NOARG}, {"physical", 'P', CMD_NOARG}, {0}};
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "LP", longs);
  bool logical = getenv("POSIXLY_CORRECT") != NULL;
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) logical = opt == 'L';
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (g.nops) cmd_error(c, "ignoring non-option arguments");
  const char *pwd = getenv("PWD");
  if (logical && pwd_is_good(pwd)) {
    cmd_printf(c, "%s\n", pwd);
    return 0;
  }
  char buf[4096];
  int r = acs_sys_getcwd(buf, sizeof buf);
  if (r < 0) {
    cmd_error(c, "couldn't find directory entry in %s with matching i-node", "'..'");
    return 1;
  }
  cmd_printf(c, "%s\n", buf);
  return 0;
}
