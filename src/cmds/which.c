/* which.c - locate a command.
**
** Usage: which [-a] args
** Print the full path of each program that would be run for the names
** given, searching the directories of PATH.
**
**   -a       print all matching pathnames of each argument
**
** Exit status: 0 if all were found, 1 if one was not (or none was
** given), 2 for an invalid option.
*/

/* Debian's which (debianutils 5.7), a shell script: a name with a slash
** is checked as it is; otherwise each PATH element (an empty one is ".")
** is tried for an executable regular file. Its usage message goes to
** stdout as the script's does. */
#include "cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool runnable(const char *p)
{
  acs__sys_stat st;
  return acs_sys_stat(p, &st) == 0 && S_ISREG(st.mode) && acs_sys_access(p, X_OK) == 0;
}

static bool which_one(acs_cmd *c, const char *prog, bool all)
{
  if (strchr(prog, '/')) {
    if (!runnable(prog)) return false;
    cmd_printf(c, "%s\n", prog);
    return true;
  }
  const char *path = getenv("PATH");
  if (!path) path = "";
  bool found = false;
  for (const char *p = path;;) {
    const char *e = strchr(p, ':');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    if (n || e || !*path || p != path) {
      char dir[4096], full[8192];
      if (n) snprintf(dir, sizeof dir, "%.*s", (int)n, p);
      else strcpy(dir, ".");
      snprintf(full, sizeof full, "%s/%s", dir, prog);
      if (runnable(full)) {
        cmd_printf(c, "%s\n", full);
        found = true;
        if (!all) break;
      }
    }
    if (!e) break;
    p = e + 1;
  }
  return found;
}

int acs__cmd_which(acs_cmd *c, int argc, char **argv)
{
  bool all = false;
  int i = 1;
  /* getopts: options until the first operand or "--" */
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    for (const char *o = argv[i] + 1; *o; o++) {
      if (*o == 'a') {
        all = true;
        continue;
      }
      cmd_error(c, "Illegal option -%c", *o);
      cmd_printf(c, "Usage: %s [-a] args\n", c->name);
      return 2;
    }
  }
  if (i >= argc) return 1;
  int status = 0;
  for (; i < argc; i++)
    if (!which_one(c, argv[i], all)) status = 1;
  return status;
}
