/* who.c - show who is logged on.
**
** Usage: who [OPTION]... [ FILE | ARG1 ARG2 ]
** Print information about users who are currently logged in.
**
**   -a, --all         same as -b -d --login -p -r -t -T -u
**   -b, --boot        time of last system boot
**   -d, --dead        print dead processes
**   -H, --heading     print line of column headings
**   -l, --login       print system login processes
**       --lookup      attempt to canonicalize hostnames via DNS
**   -m                only hostname and user associated with stdin
**   -p, --process     print active processes spawned by init
**   -q, --count       all login names and number of users logged on
**   -r, --runlevel    print current runlevel
**   -s, --short       print only name, line, and time (default)
**   -t, --time        print last system clock change
**   -T, -w, --mesg    add user's message status as +, - or ?
**   -u, --users       list users logged in
**       --message     same as -T
**       --writable    same as -T
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' who over a box, which keeps no utmp: no user is logged
** in; -b is the box's start (from /proc/uptime), -q counts 0 users. */
#include "cmd.h"
#include "lib_sys.h"

#include <stdlib.h>
#include <time.h>

int acs__cmd_who(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"all", 'a', CMD_NOARG},     {"boot", 'b', CMD_NOARG},   {"dead", 'd', CMD_NOARG},
      {"heading", 'H', CMD_NOARG}, {"login", 'l', CMD_NOARG},  {"lookup", 256, CMD_NOARG},
      {"process", 'p', CMD_NOARG}, {"count", 'q', CMD_NOARG},  {"runlevel", 'r', CMD_NOARG},
      {"short", 's', CMD_NOARG},   {"time", 't', CMD_NOARG},   {"mesg", 'T', CMD_NOARG},
      {"users", 'u', CMD_NOARG},   {"message", 'T', CMD_NOARG}, {"writable", 'T', CMD_NOARG},
      {0}};
  bool boot = false, heading = false, count = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "abdHlmpqrstTuw", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    if (opt == 'b' || opt == 'a') boot = true;
    if (opt == 'H') heading = true;
    if (opt == 'q') count = true;
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (count) {
    cmd_puts(c, "\n# users=0\n");
    return 0;
  }
  if (heading) cmd_puts(c, "NAME     LINE         TIME             COMMENT\n");
  if (boot) {
    char buf[128];
    double up = 0;
    if (lib_read_small("/proc/uptime", buf, sizeof buf) > 0) up = strtod(buf, NULL);
    time_t b = time(NULL) - (time_t)up;
    struct tm tm;
    localtime_r(&b, &tm);
    strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &tm);
    cmd_printf(c, "         system boot  %s\n", buf);
  }
  return 0;
}
