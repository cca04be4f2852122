/* nice.c - run a program with modified scheduling priority.
**
** Usage: nice [OPTION] [COMMAND [ARG]...]
** Run COMMAND with an adjusted niceness, which affects process scheduling.
** With no COMMAND, print the current niceness.  Niceness values range from
** -20 (most favorable to the process) to 19 (least favorable to the process).
**
** Mandatory arguments to long options are mandatory for short options too.
**   -n, --adjustment=N   add integer N to the niceness (default 10)
**       --help        display this help and exit
**       --version     output version information and exit
**
** The box runs every process at niceness 0 and cannot change it: nice
** prints 0, and runs COMMAND at 0 after saying that it could not set the
** niceness.
*/

/* GNU coreutils' nice, honest about the box: a box process cannot renice
** (its scheduling is the host's business), so an adjustment is reported
** as GNU reports a refused one ("cannot set niceness") and the command
** still runs, as GNU's does. */
#include "cmd.h"
#include "lib_run.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int acs__cmd_nice(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"adjustment", 'n', CMD_ARG}, {0}};
  const char *adj = NULL;
  /* the obsolete -N / --N form */
  if (argc > 1 && argv[1][0] == '-' && (argv[1][1] >= '0' && argv[1][1] <= '9')) {
    adj = argv[1] + 1;
    argv[1] = argv[0];
    argv++;
    argc--;
  }
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "+n:", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0)
    if (opt == 'n') adj = g.arg;
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 125;
  char q[1024];
  if (adj) {
    char *end;
    strtol(adj, &end, 10);
    if (end == adj || *end) {
      cmd_error(c, "invalid adjustment %s", cmd_quote(adj, q, sizeof q));
      return 125;
    }
  }
  if (!g.nops) {
    if (adj) {
      cmd_usage_error(c, "a command must be given with an adjustment");
      return 125;
    }
    cmd_puts(c, "0\n");
    return 0;
  }
  if (adj && strtol(adj, NULL, 10) != 0) cmd_error(c, "cannot set niceness: %s", cmd_strerror(-EPERM));
  char **cmdv = cmd_operands(&g);
  cmd_flush(c);
  int pid = run_spawn(cmdv, NULL);
  if (pid < 0) return run_failed(c, cmdv[0], pid);
  int w = 0;
  if (run_wait(pid, &w, -1) < 0) return 125;
  return run_exit_code(w);
}
