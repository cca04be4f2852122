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
** On the box's terminal: size, rows N, cols N (columns N), raw, -raw,
** cooked, sane, [-]echo, [-]icanon, [-]isig, [-]ixon, [-]icrnl, [-]opost.
*/

/* GNU coreutils' stty. Without a terminal on stdin every use ends as
** GNU's does: "stty: 'standard input': Inappropriate ioctl for device",
** exit 1. On the box's terminal (acs box at a prompt) the settings above
** act through the box's termios and window-size calls; printing all
** settings (-a, -g, no operand) is not done yet. */
#include "cmd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>

struct flag { const char *name; int which; tcflag_t bit; };
static const struct flag flags[] = {
    {"echo", 3, ECHO}, {"icanon", 3, ICANON}, {"isig", 3, ISIG}, {"iexten", 3, IEXTEN},
    {"echoe", 3, ECHOE}, {"echok", 3, ECHOK}, {"ixon", 0, IXON}, {"icrnl", 0, ICRNL},
    {"opost", 1, OPOST}, {"onlcr", 1, ONLCR}, {NULL, 0, 0}};

static tcflag_t *field(struct termios *t, int which)
{
  return which == 0 ? &t->c_iflag : which == 1 ? &t->c_oflag : which == 2 ? &t->c_cflag : &t->c_lflag;
}

/* the settings given, on the terminal at stdin */
static int on_terminal(acs_cmd *c, int argc, char **argv)
{
  struct termios t;
  int rc = acs_sys_tcgetattr(0, &t);
  if (rc) {
    cmd_error(c, "'standard input': %s", cmd_strerror(rc));
    return 1;
  }
  if (argc == 1) {
    cmd_error(c, "printing the settings is not supported in the box (give a setting, or size)");
    return 1;
  }
  int rows = 0, cols = 0;
  acs_sys_getwinsz(0, &rows, &cols);
  bool winsz = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    bool off = a[0] == '-';
    const char *n = off ? a + 1 : a;
    if (!strcmp(a, "size")) {
      cmd_printf(c, "%d %d\n", rows, cols);
      continue;
    }
    if (!strcmp(a, "rows") || !strcmp(a, "cols") || !strcmp(a, "columns")) {
      char *end;
      long v = i + 1 < argc ? strtol(argv[i + 1], &end, 10) : -1;
      if (i + 1 >= argc || *end || v < 0 || v > 65535) {
        cmd_error(c, "invalid integer argument: %s", i + 1 < argc ? argv[i + 1] : "''");
        return 1;
      }
      if (a[0] == 'r') rows = (int)v;
      else cols = (int)v;
      winsz = true;
      i++;
      continue;
    }
    if (!strcmp(a, "raw") || !strcmp(a, "-cooked")) {
      cfmakeraw(&t);
      continue;
    }
    if (!strcmp(a, "-raw") || !strcmp(a, "cooked") || !strcmp(a, "sane")) {
      t.c_iflag |= ICRNL | IXON | BRKINT | IUTF8;
      t.c_oflag |= OPOST | ONLCR;
      t.c_lflag |= ISIG | ICANON | ECHO | ECHOE | ECHOK | IEXTEN | ECHOCTL | ECHOKE;
      t.c_cflag = (t.c_cflag & ~(tcflag_t)CSIZE) | CS8 | CREAD;
      continue;
    }
    const struct flag *f = flags;
    while (f->name && strcmp(f->name, n)) f++;
    if (!f->name) {
      char q[1024];
      cmd_error(c, "invalid argument %s", cmd_quote(a, q, sizeof q));
      return 1;
    }
    if (off) *field(&t, f->which) &= ~f->bit;
    else *field(&t, f->which) |= f->bit;
  }
  if ((rc = acs_sys_tcsetattr(0, TCSADRAIN, &t)) || (winsz && (rc = acs_sys_setwinsz(0, rows, cols)))) {
    cmd_error(c, "'standard input': %s", cmd_strerror(rc));
    return 1;
  }
  return 0;
}

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
  if (!dev && !a && !gsave && acs_sys_isatty(0)) return on_terminal(c, argc, argv);
  if (a && gsave) {
    cmd_error(c, "the options for verbose and stty-readable output styles are\nmutually exclusive");
    return 1;
  }
run:
  if (!dev && acs_sys_isatty(0)) return on_terminal(c, argc, argv);
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
