/* sync.c - synchronize cached writes to persistent storage.
**
** Usage: sync [OPTION] [FILE]...
** Synchronize cached writes to persistent storage
**
** If one or more files are specified, sync only them,
** or their containing file systems.
**
**   -d, --data             sync only file data, no unneeded metadata
**   -f, --file-system      sync the file systems that contain the files
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' sync. The box's filesystem is memory: there is nothing
** to write back, so only the files' existence is checked, as GNU's open
** of each would. */
#include "cmd.h"

#include <fcntl.h>

int acs__cmd_sync(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"data", 'd', CMD_NOARG}, {"file-system", 'f', CMD_NOARG}, {0}};
  bool data = false, fs = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "df", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    if (opt == 'd') data = true;
    if (opt == 'f') fs = true;
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (data && fs) {
    cmd_error(c, "cannot specify both --data and --file-system");
    return 1;
  }
  if (data && g.nops == 0) {
    cmd_error(c, "--data needs at least one argument");
    return 1;
  }
  int status = 0;
  for (int i = 0; i < g.nops; i++) {
    const char *f = cmd_operands(&g)[i];
    int fd = acs_sys_open(f, O_RDONLY | O_NONBLOCK, 0);
    if (fd < 0) {
      char q[1024];
      cmd_error(c, "error opening %s: %s", cmd_quote(f, q, sizeof q), cmd_strerror(fd));
      status = 1;
      continue;
    }
    acs_sys_close(fd);
  }
  return status;
}
