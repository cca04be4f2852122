/* mkfifo.c - make FIFOs (named pipes).
**
** Usage: mkfifo [OPTION]... NAME...
** Create named pipes (FIFOs) with the given NAMEs.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -m, --mode=MODE    set file permission bits to MODE, not a=rw - umask
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' mkfifo through the kernel's MKNOD. With -m the mode is
** set again after the fifo is made, so the umask does not trim it. */
#include "cmd.h"
#include "lib_mode.h"

#include <stdlib.h>
#include <sys/stat.h>

int acs__cmd_mkfifo(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"mode", 'm', CMD_ARG}, {"context", 'Z', CMD_OPTARG}, {0}};
  const char *mode_arg = NULL;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "m:Z", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0)
    if (opt == 'm') mode_arg = g.arg;
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (g.nops < 1) {
    cmd_usage_error(c, "missing operand");
    return 1;
  }
  unsigned mode = 0666;
  if (mode_arg) {
    mode_change *ch = mode_compile(mode_arg);
    if (!ch) {
      cmd_error(c, "invalid mode");
      return 1;
    }
    unsigned um = (unsigned)acs_sys_umask(0);
    acs_sys_umask(um);
    mode = mode_adjust(0666, false, um, ch, NULL);
    free(ch);
    if (mode & ~0777u) {
      cmd_error(c, "mode must specify only file permission bits");
      return 1;
    }
  }
  int status = 0;
  for (int i = 0; i < g.nops; i++) {
    const char *name = cmd_operands(&g)[i];
    char q[1024];
    int rc = acs_sys_mknod(name, S_IFIFO | mode, 0);
    if (rc) {
      cmd_error(c, "cannot create fifo %s: %s", cmd_quote(name, q, sizeof q), cmd_strerror(rc));
      status = 1;
    } else if (mode_arg && (rc = acs_sys_chmod(name, mode))) {
      cmd_error(c, "cannot set permissions of %s: %s", cmd_quote(name, q, sizeof q), cmd_strerror(rc));
      status = 1;
    }
  }
  return status;
}
