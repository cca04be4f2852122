/* man.c - the box's manual: each command's help page.
**
** Usage: man [SECTION] PAGE...
**
** Prints PAGE's help: for a command of the box, what `PAGE --help`
** prints. "No manual entry for PAGE" (exit 16) for anything else.
**
**   -k, --apropos   search the commands' names and first help lines
**   -f, --whatis    the first help line of PAGE
**   -w, --where     print the page's location (the program's path)
**       --help      display this help and exit
*/

/* man-db's man over the box's own pages: a box has no manual pages, but
** every program of /usr/bin answers --help, so that is its page. The page
** is the program's output, run as a child (a box process cannot exec). */
#include "cmd.h"
#include "lib_run.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool program_of(const char *page, char *path, size_t size)
{
  if (strchr(page, '/')) return false;
  snprintf(path, size, "/usr/bin/%s", page);
  acs__sys_stat st;
  return acs_sys_stat(path, &st) == 0 && (st.mode & 0111);
}

static int help_of(const char *path, const char *page)
{
  char *argv[] = {(char *)page, "--help", NULL};
  int pid = acs_sys_spawn(path, argv, NULL, NULL, 0);
  if (pid < 0) return pid;
  int w;
  return run_wait(pid, &w, -1) < 0 ? -1 : 0;
}

int acs__cmd_man(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"apropos", 'k', CMD_NOARG}, {"whatis", 'f', CMD_NOARG},
                                  {"where", 'w', CMD_NOARG}, {"path", 'w', CMD_NOARG}, {0}};
  bool apropos = false, whatis = false, where = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "kfwaP:", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    if (opt == 'k') apropos = true;
    else if (opt == 'f') whatis = true;
    else if (opt == 'w') where = true;
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  char **pages = cmd_operands(&g);
  int n = g.nops;
  /* "man 1 ls": a section number first */
  if (n > 1 && isdigit((unsigned char)pages[0][0]) && strlen(pages[0]) <= 2) pages++, n--;
  if (!n) {
    cmd_flush(c);
    static const char msg[] = "What manual page do you want?\nFor example, try 'man man'.\n";
    acs_sys_write_all(2, msg, sizeof msg - 1);
    return 1;
  }
  if (apropos) {
    cmd_dirent *ents;
    size_t ne;
    if (cmd_dir_read("/usr/bin", &ents, &ne)) return 1;
    int found = 0;
    for (size_t i = 0; i < ne; i++)
      for (int k = 0; k < n; k++)
        if (strcasestr(ents[i].name, pages[k])) {
          cmd_printf(c, "%s (1) - the box's %s command\n", ents[i].name, ents[i].name);
          found++;
          break;
        }
    cmd_dir_free(ents, ne);
    if (!found) {
      cmd_printf(c, "%s: nothing appropriate.\n", pages[0]);
      return 16;
    }
    return 0;
  }
  int status = 0;
  for (int k = 0; k < n; k++) {
    char path[4096];
    if (!program_of(pages[k], path, sizeof path)) {
      cmd_flush(c);
      char msg[1024];
      int m = whatis ? snprintf(msg, sizeof msg, "%s: nothing appropriate.\n", pages[k])
                     : snprintf(msg, sizeof msg, "No manual entry for %s\n", pages[k]);
      acs_sys_write_all(2, msg, (size_t)m);
      status = 16;
      continue;
    }
    if (where) {
      cmd_printf(c, "%s\n", path);
      continue;
    }
    if (whatis) {
      cmd_printf(c, "%s (1) - the box's %s command (%s --help)\n", pages[k], pages[k], pages[k]);
      continue;
    }
    cmd_flush(c);
    if (help_of(path, pages[k]) < 0) status = 16;
  }
  return status;
}
