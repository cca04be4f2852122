/* nohup.c - run a command immune to hangups.
**
** Usage: nohup COMMAND [ARG]...
**   or:  nohup OPTION
** Run COMMAND, ignoring hangup signals.
**
**       --help        display this help and exit
**       --version     output version information and exit
**
** If standard input is a terminal, redirect it from an unreadable file.
** If standard output is a terminal, append output to 'nohup.out' if possible,
** '$HOME/nohup.out' otherwise.
** If standard error is a terminal, redirect it to standard output.
** To save output to FILE, use 'nohup COMMAND > FILE'.
*/

/* GNU coreutils' nohup. A box process has no terminal, so nothing is
** redirected and no nohup.out is made; a box has no hangups either (no
** terminal goes away), so the command simply runs and nohup exits with its
** status (125 for nohup's own errors, 126/127 when it cannot run). */
#include "cmd.h"
#include "lib_run.h"

#include <errno.h>

int acs__cmd_nohup(acs_cmd *c, int argc, char **argv)
{
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "+", NULL);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {}
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 125;
  if (!g.nops) {
    cmd_usage_error(c, "missing operand");
    return 125;
  }
  char **cmdv = cmd_operands(&g);
  cmd_flush(c);
  int pid = run_spawn(cmdv, NULL);
  if (pid < 0) {
    char q[1024];
    cmd_error(c, "failed to run command %s: %s", cmd_quote(cmdv[0], q, sizeof q), cmd_strerror(pid));
    return pid == -ENOENT ? 127 : 126;
  }
  int w = 0;
  if (run_wait(pid, &w, -1) < 0) return 125;
  return run_exit_code(w);
}
