/* uptime.c - tell how long the box has been running.
**
** Usage:
**  uptime [options]
**
** Options:
**  -p, --pretty   show uptime in pretty format
**  -h, --help     display this help and exit
**  -s, --since    system up since
**  -V, --version  output version information and exit
*/

/* procps-ng 4.0.2's uptime over the box's /proc: the time since the box
** started, its users (none are logged in: a box has no terminals) and the
** load averages /proc/loadavg gives. */
#include "cmd.h"
#include "lib_sys.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int acs__cmd_uptime(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"pretty", 'p', CMD_NOARG}, {"since", 's', CMD_NOARG},
                                  {"version", 'V', CMD_NOARG}, {0}};
  bool pretty = false, since = false;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "phsV", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    if (opt == 'p') pretty = true;
    else if (opt == 's') since = true;
    else if (opt == 'h') {
      cmd_puts(c, c->help);
      return 0;
    } else if (opt == 'V') {
      cmd_puts(c, "uptime from procps-ng 4.0.2 (agent-code-sandbox)\n");
      return 0;
    }
  }
  if (opt < 0) return 1;
  if (g.nops) {
    cmd_flush(c);
    acs_sys_write_all(2, c->help, strlen(c->help));
    return 1;
  }
  char buf[256];
  double up = 0, l1 = 0, l5 = 0, l15 = 0;
  if (lib_read_small("/proc/uptime", buf, sizeof buf) > 0) up = strtod(buf, NULL);
  if (lib_read_small("/proc/loadavg", buf, sizeof buf) > 0) sscanf(buf, "%lf %lf %lf", &l1, &l5, &l15);
  time_t now = time(NULL);
  struct tm tm;
  if (since) {
    time_t b = now - (time_t)up;
    localtime_r(&b, &tm);
    strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S\n", &tm);
    cmd_puts(c, buf);
    return 0;
  }
  long s = (long)up, days = s / 86400, hours = s / 3600 % 24, mins = s / 60 % 60;
  if (pretty) {
    cmd_puts(c, "up ");
    bool any = false;
    long years = days / 365, weeks = days % 365 / 7, d = days % 365 % 7;
    if (years) cmd_printf(c, "%ld year%s", years, years > 1 ? "s" : ""), any = true;
    if (weeks) cmd_printf(c, "%s%ld week%s", any ? ", " : "", weeks, weeks > 1 ? "s" : ""), any = true;
    if (d) cmd_printf(c, "%s%ld day%s", any ? ", " : "", d, d > 1 ? "s" : ""), any = true;
    if (hours) cmd_printf(c, "%s%ld hour%s", any ? ", " : "", hours, hours > 1 ? "s" : ""), any = true;
    if (mins || !any) cmd_printf(c, "%s%ld minute%s", any ? ", " : "", mins, mins != 1 ? "s" : "");
    cmd_putc(c, '\n');
    return 0;
  }
  localtime_r(&now, &tm);
  cmd_printf(c, " %02d:%02d:%02d up ", tm.tm_hour, tm.tm_min, tm.tm_sec);
  if (days) cmd_printf(c, "%ld day%s, ", days, days > 1 ? "s" : "");
  if (hours) cmd_printf(c, "%2ld:%02ld, ", hours, mins);
  else cmd_printf(c, "%ld min, ", mins);
  cmd_printf(c, " 0 user,  load average: %.2f, %.2f, %.2f\n", l1, l5, l15);
  return 0;
}
