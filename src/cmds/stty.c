/* stty.c - change and print terminal line settings.
**
** Usage: stty [-F DEVICE | --file=DEVICE] [SETTING]...
**   or:  stty [-F DEVICE | --file=DEVICE] [-a|--all]
**   or:  stty [-F DEVICE | --file=DEVICE] [-g|--save]
** Print or change terminal characteristics.
**
**   -a, --all          print all current settings in human-readable form
**   -g, --save         print all current settings in a stty-readable form
**   -F, --file=DEVICE  open and use the specified DEVICE instead of stdin
**       --help        display this help and exit
**       --version     output version information and exit
**
** Settings such as size, raw, sane, -echo need a terminal; a box has none.
*/

/* GNU coreutils' stty: standard input is never a terminal in a box, so
** every use ends as GNU's does without one: "stty: 'standard input':
** Inappropriate ioctl for device", exit 1. */
#include "cmd.h"

#include <errno.h>
#include <string.h>

int acs__cmd_stty(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"all", 'a', CMD_NOARG}, {"save", 'g', CMD_NOARG},
                                  {"file", 'F', CMD_ARG}, {0}};
  const char *dev = NULL;
  bool a = false, gsave = false;
  cmd_getopt g;
  /* settings like -echo look like options: only these are */
  for (int i = 1; i < argc; i++)
    if (argv[i][0] == '-' && argv[i][1] && !strchr("agF-", argv[i][1])) goto run;
  cmd_getopt_init(&g, argc, argv, "agF:", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    if (opt == 'a') a = true;
    else if (opt == 'g') gsave = true;
    else dev = g.arg;
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (a && gsave) {
    cmd_error(c, "the options for verbose and stty-readable output styles are\nmutually exclusive");
    return 1;
  }
run:
  if (dev) {
    char q[1024];
    int fd = acs_sys_open(dev, 0, 0);
    if (fd < 0) {
      cmd_error(c, "%s: %s", cmd_quotef(dev, q, sizeof q), cmd_strerror(fd));
      return 1;
    }
    acs_sys_close(fd);
    cmd_error(c, "%s: %s", cmd_quote(dev, q, sizeof q), cmd_strerror(-ENOTTY));
    return 1;
  }
  cmd_error(c, "'standard input': %s", cmd_strerror(-ENOTTY));
  return 1;
}
