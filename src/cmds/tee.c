/* tee.c - read from standard input and write to standard output and files.
**
** Usage: tee [OPTION]... [FILE]...
** Copy standard input to each FILE, and also to standard output.
**
**   -a, --append              append to the given FILEs, do not overwrite
**   -i, --ignore-interrupts   ignore interrupt signals
**   -p                        diagnose errors writing to non pipes
**       --output-error[=MODE]   set behavior on write error.  See MODE below
**       --help        display this help and exit
**       --version     output version information and exit
**
** MODE determines behavior with write errors on the outputs:
**   warn           diagnose errors writing to any output
**   warn-nopipe    diagnose errors writing to any output not a pipe
**   exit           exit on error writing to any output
**   exit-nopipe    exit on error writing to any output not a pipe
** The default MODE for the -p option is 'warn-nopipe'.
** The default operation when --output-error is not specified, is to
** exit immediately on error writing to a pipe, and diagnose errors
** writing to non pipe outputs.
*/

/* GNU coreutils' tee. Input is copied as it arrives (no buffering), so
** tee in a pipeline passes each read on at once. An output that fails is
** dropped and the others go on; tee ends when input ends or no output is
** left. Without -p a closed pipe kills tee with SIGPIPE, as on Linux;
** with -p or --output-error SIGPIPE is ignored and EPIPE handled by MODE. */
#include "cmd.h"
#include "lib_text.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

enum { M_DEFAULT, M_WARN, M_WARN_NOPIPE, M_EXIT, M_EXIT_NOPIPE };

int acs__cmd_tee(acs_cmd *c, int argc, char **argv)
{
  enum { OUTERR = 256 };
  static const cmd_opt longs[] = {{"append", 'a', CMD_NOARG}, {"ignore-interrupts", 'i', CMD_NOARG},
                                  {"output-error", OUTERR, CMD_OPTARG}, {0}};
  bool append = false;
  int mode = M_DEFAULT;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "aip", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'a': append = true; break;
    case 'i': signal(SIGINT, SIG_IGN); break;
    case 'p': mode = M_WARN_NOPIPE; break;
    case OUTERR:
      if (!g.arg) mode = M_WARN_NOPIPE;
      else if (!strcmp(g.arg, "warn")) mode = M_WARN;
      else if (!strcmp(g.arg, "warn-nopipe")) mode = M_WARN_NOPIPE;
      else if (!strcmp(g.arg, "exit")) mode = M_EXIT;
      else if (!strcmp(g.arg, "exit-nopipe")) mode = M_EXIT_NOPIPE;
      else {
        text_bad_arg(c, "output-error", g.arg, "  - 'warn'\n  - 'warn-nopipe'\n  - 'exit'\n  - 'exit-nopipe'\n");
        return 1;
      }
      break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (mode != M_DEFAULT) signal(SIGPIPE, SIG_IGN);
  char **files = cmd_operands(&g);
  int n = g.nops, status = 0;
  int *fds = malloc(((size_t)n + 1) * sizeof *fds);
  const char **names = malloc(((size_t)n + 1) * sizeof *names);
  if (!fds || !names) {
    free(fds);
    free(names);
    cmd_error(c, "memory exhausted");
    return 1;
  }
  char q[1024];
  fds[0] = 1;
  names[0] = "standard output";
  int live = 1;
  for (int i = 0; i < n; i++) {
    names[i + 1] = files[i];
    int fd = acs_sys_open(files[i], O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC), 0666);
    if (fd < 0) {
      cmd_error(c, "%s: %s", cmd_quotef(files[i], q, sizeof q), cmd_strerror(fd));
      status = 1;
    } else {
      live++;
    }
    fds[i + 1] = fd;
  }
  static unsigned char buf[ACS__SYS_MAX_DATA];
  while (live > 0) {
    ssize_t r = acs_sys_read(0, buf, sizeof buf);
    if (r < 0) {
      cmd_error(c, "read error: %s", cmd_strerror((int)r));
      status = 1;
      break;
    }
    if (r == 0) break;
    for (int i = 0; i <= n; i++) {
      if (fds[i] < 0) continue;
      int rc = acs_sys_write_all(fds[i], buf, (size_t)r);
      if (rc >= 0) continue;
      bool pipe = rc == -EPIPE;
      if (!(pipe && (mode == M_WARN_NOPIPE || mode == M_EXIT_NOPIPE))) {
        cmd_error(c, "%s: %s", cmd_quotef(names[i], q, sizeof q), cmd_strerror(rc));
        status = 1;
      }
      if (mode == M_EXIT || (mode == M_EXIT_NOPIPE && !pipe)) {
        live = 0;
        break;
      }
      if (i > 0) acs_sys_close(fds[i]);
      fds[i] = -1;
      live--;
    }
  }
  for (int i = 1; i <= n; i++)
    if (fds[i] >= 0 && acs_sys_close(fds[i]) < 0) status = 1;
  free(fds);
  free(names);
  return status;
}
